#!/usr/bin/env bash
# lab-args: --nvme size=256M,serial=PTSNV01,throttle=steady,iops=1000,bps=64M
# lab-timeout: 3600
# lab-long: one PTS test with segments (dirth) to steady state on a throttled emulated NVMe drive, minutes to tens of minutes
# SNIA PTS DIRTH (--only pts-dirth --profile quick) on an emulated NVMe drive purged by NVMe Format:
# its rounds, its segments (tests/lab/pts_segments.inc) and their figures recomputed from the raw
# fio files; the wall time and whether it reached steady state go to the TAP comments.
. tests/lab/lib.sh
. tests/host/lib/review-checks.sh
. tests/lab/pts_segments.inc
rv_need_built
ctrl=$(lab_nvme_by_serial PTSNV01) || { fail "no NVMe controller PTSNV01"; lab_done; }
nvme=/dev/${ctrl#/dev/}n1
pts_seg_run nv pts-dirth "$nvme" PTSNV01 /tmp/pts-dirth
pts_dirth_checks /tmp/pts-dirth/nv
rv_check_schemas /tmp/pts-dirth/nv/run.json
[ "$RV_FAILED" = 0 ] || LAB_FAILED=1
lab_done
