#!/usr/bin/env bash
# lab-args: --nvme size=1G,lba=4096,serial=NV4K
# lab-timeout: 600
# Data integrity through ssdeng's NVMe transports on a 4096-byte LBA namespace: randwrite then
# verify (crc32c) at bs 4k/8k/128k and a bssplit mix, QD1 and QD32, over io_uring passthrough and
# the ioctl path; data written by ssdeng verified by fio's io_uring_cmd engine and the reverse.
. tests/lab/lib.sh
. tests/lab/nvme.inc
cd /tmp || exit 1
NV_SERIAL=NV4K NV_LBA_BYTES=4096 NV_FORMAT="LBA format 4 (4096+0)"
. "$LAB_REPO/tests/lab/nvme_verify.inc" # after the cd above: source by absolute path
