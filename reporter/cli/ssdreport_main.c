// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdreport - fio JSON and logs to comparison tables and review charts: the command line in
 * front of the pipeline parse -> model -> analyse -> render (reporter/README.md).
 *
 *   ssdreport summary FILE...                 one CSV row per job
 *   ssdreport summary --intervals FILE...     metrics between --status-interval snapshots
 *   ssdreport logstat LOG...                  streaming statistics of fio logs
 *   ssdreport -o DIR [--label NAME] INPUT...  the review (index.html, charts, detail pages)
 *   ssdreport compare -o DIR DIR1 DIR2...     runs of a drive side by side, refused when a
 *                                             test's workload differs
 *
 * Exit: 0 ok, 2 bad input (one error line naming the file), 1 internal failure.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalogue/catalogue.h"
#include "record/folder.h"
#include "record/json.h"
#include "util/diag.h"
#include "parse/fio_json.h"
#include "parse/read_file.h"
#include "parse/inputs.h"
#include "parse/tree.h"
#include "parse/pts_rounds.h"
#include "analyse/analysis.h"
#include "analyse/compare.h"
#include "cli/cli.h"
#include "cli/library_cmd.h"
#include "cli/logstat.h"
#include "parse/recurse.h"
#include "parse/reference.h"
#include "cli/library_with.h"
#include "render/report.h"
#include "output/report_dir.h"
#include "analyse/snapshots.h"
#include "render/summary.h"
#include "parse/live.h"

static const char usage_main[] =
    "usage: ssdreport -o DIR [--label NAME] [--title TEXT] [--no-charts] [--strict] [-R]\n"
    "                 [--reference NAME] [--spec NAME] [--catalogue FILE] [--live OUT] [-q]\n"
    "                 [--library FILE --with N|MODEL...] INPUT...\n"
    "       ssdreport compare -o DIR [--title TEXT] [--no-charts] [--reference NAME]\n"
    "                 [--spec NAME] [--catalogue FILE] [-q] RESULTS-DIR...\n"
    "       ssdreport summary [--all-documents | --intervals] [-q] FILE...\n"
    "       ssdreport logstat [--flags N] LOG...\n"
    "       ssdreport library add|list|remove|export|report [--library FILE] ...\n"
    "\n"
    "Turn fio output into a review: a page of charts with a few numbers, and every figure on\n"
    "linked pages.\n"
    "\n"
    "INPUT is a results directory (results/<drive-label>/ holding <test-id>.json, fio logs and an\n"
    "optional drive.json and run.json), a directory of such directories (one drive each), or a\n"
    "fio JSON file (also fio's text output with the JSON in it). A directory is one drive named\n"
    "after the directory; loose JSON files form one drive named by --label, or else after their\n"
    "directory. Any fio's results are read, not only ssd-review's: a directory's files are fio\n"
    "outputs by content, whatever their names (fio -o run1.txt --output-format=json ...); other\n"
    "files (job files, fio's text output, a FIFO) are listed under \"Not read\" with why.\n"
    "\n"
    "Your own fio runs: give the folder (or the files). A folder of folders that share no job\n"
    "(fio-plot's bench-fio tree, <dir>/<bs>/<rw>-<iodepth>-<numjobs>.json) is one set of\n"
    "results, named by --label or the folder; folders holding the same jobs are drives (or\n"
    "runs) to compare (fio-plot's <dir>/<device>/...). Jobs are told apart by fio's own\n"
    "options, never by file names: rw, bs, rwmixread, numjobs, iodepth, rate, ioengine, and\n"
    "the device (filename=) and host. For example:\n"
    "  ssdreport -o report benchmarks/nvme0n1      (bench-fio's output for one device)\n"
    "  ssdreport -o report old/ new/               (the same jobs run twice: a comparison)\n"
    "\n"
    "options:\n"
    "  -o, --output DIR   write the report to DIR (built in a hidden temporary directory beside\n"
    "                     it and swapped into place; an existing DIR is replaced only on success\n"
    "                     and only if it is empty or a previous report)\n"
    "  -l, --label NAME   drive label for loose JSON files and for a tree of one set of results\n"
    "                     (default: their directory's name)\n"
    "      --group-by PATTERN\n"
    "                     label anyone's results by parts of their paths: PATTERN's\n"
    "                     '/'-separated parts match the last parts of each fio file's path,\n"
    "                     '*' any part, '{}' any part that becomes the label (several joined\n"
    "                     by '/'), other text that part exactly; e.g. '{}/*' labels\n"
    "                     host1/run.json \"host1\", '{}/*/*' labels nvme0n1/4k/read-1-1.json\n"
    "                     \"nvme0n1\"; a file that does not match keeps its label; drives with\n"
    "                     ssd-review's record (drive.json, run.json) keep theirs\n"
    "  -R, --recursive    read folders at any depth: each folder under INPUT that holds files,\n"
    "                     or whose folders do, is read as if named as an INPUT (without -R a\n"
    "                     folder is read two levels deep: INPUT/file and INPUT/folder/file)\n"
    "  -t, --title TEXT   report title (default \"ssdreport\")\n"
    "      --no-charts    tables only; do not run gnuplot (the charts' .gp, .dat and .csv are\n"
    "                     still written, and the page links their data instead of an image)\n"
    "      --strict       a result file in a directory that cannot be read is an error (default:\n"
    "                     named in a warning and on the page, and skipped)\n"
    "  -r, --reference NAME\n"
    "                     put published figures beside the drives (repeatable): NAME.json from\n"
    "                     $SSDREPORT_REFERENCE_DIR, <ssdreport's directory>/reference or\n"
    "                     <ssdreport's directory>/../share/ssdeng/reference, or a file path;\n"
    "                     their columns are marked \"(published)\", their bars hatched\n"
    "      --with N|MODEL put drives of the results library (docs/library.md) beside the reviewed\n"
    "                     drive (the first INPUT with results), as columns marked \"(library)\"\n"
    "                     (repeatable): N the N closest, from 1 to 64 (other drives' complete\n"
    "                     runs of the same profile, transport and capacity class (power of two\n"
    "                     of GB), one per drive, newest first); MODEL the newest complete run\n"
    "                     of that model (any case) and profile, named ones first. Their figures\n"
    "                     are the headline figures the library keeps (a mixed test's total,\n"
    "                     no curves); a note gives each one's run, date, host, firmware; runs\n"
    "                     made differently (span, block size, fio version) are flagged. N < 1,\n"
    "                     a MODEL not there, no drive to compare with: exit 2, nothing written\n"
    "      --library FILE the library --with takes drives from (else $SSDENG_LIBRARY, else\n"
    "                     ~/.local/share/ssdeng/library.sqlite when it exists)\n"
    "      --spec NAME    verify the drives against a spec sheet: a reference file (found as\n"
    "                     --reference) whose \"kind\" is \"spec sheet\"; each of its figures is\n"
    "                     shown beside the measured one with pass (IOPS and MB/s at least the\n"
    "                     sheet's, latency at most) or FAIL; a job that ended with an error\n"
    "                     never passes. Without it the spec section shows the measured figures\n"
    "      --catalogue FILE\n"
    "                     the test catalogue the sections come from (default: the copy\n"
    "                     ssd-review keeps of the one a run was planned from, OUT/catalogue.json,\n"
    "                     else $SSDENG_CATALOGUE, else <ssdreport's "
    "directory>/../jobfiles/catalogue.json\n"
    "                     or ../share/ssdeng/jobfiles/catalogue.json; without one every test goes\n"
    "                     to \"Other tests\", with a warning)\n"
    "      --live OUT     the report of a run still going on, OUT being ssd-review's --out: a\n"
    "                     banner at the page's top says so, from OUT/status.json (the test\n"
    "                     running and its progress, tests done and left, the ETA by the plan\n"
    "                     and the measured pace, each drive's latest temperature), and the\n"
    "                     page reloads itself every minute. ssd-review runs it after each test\n"
    "                     (docs/live.md); without --live the report has no trace of it\n"
    "  -q, --quiet        no warnings on stderr, gnuplot's included (a chart gnuplot fails on is\n"
    "                     still an error, with gnuplot's message)\n"
    "  -h, --help         this help\n"
    "\n"
    "What is read in a results directory:\n"
    "  *.json except drive.json, drive-*.json, run.json and names starting with '.'\n"
    "                     one test each (test id = file name without .json); with several\n"
    "                     documents (--status-interval) the last one\n"
    "  drive.json         drive identity and health before/after (optional)\n"
    "  run.json           how the run was made: versions, times, suite, profile, engine, span\n"
    "                     (optional; the page's header), and tests that did not complete\n"
    "  <test-id>_iops.N.log, _bw.N.log, _clat.N.log (else _lat.N.log), _clat_hist.N.log\n"
    "                     per-job fio logs of that test, beside the JSON or in a logs/\n"
    "                     subdirectory (ssd-review's layout), merged into 1-s windows for the\n"
    "                     time-series charts (any log name when the directory holds one test);\n"
    "                     the tests' logs are read on several threads (the processors online,\n"
    "                     at most 8; SSDREPORT_THREADS=N sets it), the report the same on any\n"
    "                     number\n"
    "What is skipped:\n"
    "  every other file (fio jobfiles, .txt, images, ...), subdirectories of a drive directory,\n"
    "  names starting with '.' in a directory of drive directories;\n"
    "  _slat logs, and _lat logs when _clat logs exist; a JSON file that holds no usable fio\n"
    "  document (warning \"skipped FILE: why\", and listed on the page); a log with a malformed\n"
    "  line (warning \"log not used\", the series then comes from the other logs or fio's\n"
    "  steadystate data); a drive.json or run.json that is not JSON (warning).\n"
    "\n"
    "The page (index.html, and report.md with the same text and tables):\n"
    "  header     title, date, host, fio and engine versions, profile, span, suites, wall time;\n"
    "             a profile that is not review-grade says so; warnings: jobs that ended with an\n"
    "             error, tests that did not complete, files not read, runs compared that\n"
    "             differ, a partial run (ssd-review --only): the suite's tests it ran and left\n"
    "             out, and a fill left out before them\n"
    "  Summary    one table, drives (and published figures) as columns, the rows the\n"
    "             catalogue's \"summary\" names, each linking to its section; a group's drives\n"
    "             and its total\n"
    "  Drives     identity as a spec sheet, health before -> after, every field on a linked\n"
    "             page; a group's drives and its total; past six drives a drive per row\n"
    "  one section per family of the catalogue, in its order (a family without results is left\n"
    "  out), led by its chart(s) and ending in one table (a row per drive where a drive has\n"
    "  several figures): preconditioning (four panels per workload against time, each drive's\n"
    "  interval means at the chart's resolution with their range shaded, its SNIA PTS window\n"
    "  shaded and marked; past four drives a row of panels per drive on shared axes; the title\n"
    "  and the verdict table count the same SNIA PTS and fio verdicts), primary results (bars),\n"
    "  thread/queue scaling,\n"
    "  latency vs I/O rate (one chart per profile, the 1 ms line), four corners, spec sheet and\n"
    "  QoS. The results no catalogue entry describes (anyone's fio runs), by fio's options:\n"
    "  Preconditioning and steady state  jobs run with fio's ss=: their time series, the SNIA\n"
    "             PTS window shaded, and a row per job with fio's verdict and its criterion\n"
    "             exactly as fio printed it;\n"
    "  Sweeps     a parameter that varies while the others hold: IOPS and average latency\n"
    "             against iodepth (a line per numjobs), numjobs, block size (a line per rw),\n"
    "             read mix; a line per drive/device/host too; a table per sweep with the swept\n"
    "             values as columns (IOPS, MB/s, average and p99 latency); 8 per parameter on\n"
    "             the page, the rest on their tests' pages;\n"
    "  Comparisons  the same job on several drives, runs, devices or hosts: bars side by side,\n"
    "             a table with each one's IOPS and latency and the difference in % from the\n"
    "             first;\n"
    "  Other tests  the rest, by rw, bs, T and Q.\n"
    "  A test's parameters come from fio's job options and the catalogue, not from its id.\n"
    "  tests/<test>.html  every figure of every drive side by side, every run fio reported,\n"
    "             every percentile, fio's job options, steady state, the time series as CSV.\n"
    "Numbers: IOPS as integers; latency (completion latency, fio clat) with 3 significant figures\n"
    "in the unit of its column or row (us, ms or s); MB/s = 10^6 bytes/s; sizes in GB and GiB;\n"
    "\"–\" not measured, \"?\" unknown; \"≥ 17.1 s\" a percentile at fio's histogram ceiling "
    "whose\n"
    "true value is larger. CSV files hold the full numbers in the unit their header names, empty\n"
    "where not measured, \">=\" before a clamped percentile.\n"
    "\n"
    "Files: index.html, report.md, summary.csv, drives.csv, drives-health.csv, family-<id>.csv (a\n"
    "section's table; <test>-figures.csv for each application workload), tests/<test>.html with\n"
    "tests/<test>.csv, -runs.csv, -percentiles.csv,\n"
    "-options.csv, -steady-state.csv, -series.csv.gz; each chart as <chart>.png, .svg, .gp "
    "(re-plot:\n"
    "gnuplot <chart>.gp), .dat (gnuplot's blocks) and .csv, one row per point:\n"
    "  series-<test>.csv    drive,t_s,throughput_iops,throughput_iops_min,\n"
    "                       throughput_iops_max,avg_lat_ms,avg_lat_ms_min,avg_lat_ms_max,\n"
    "                       max_lat_ms,max_lat_ms_min,max_lat_ms_max,lat_sd_ms,lat_sd_ms_min,\n"
    "                       lat_sd_ms_max,max_lat_err_ms,lat_sd_err_ms,intervals,\n"
    "                       partial_throughput_iops\n"
    "                       (one workload at the chart's resolution: a row per bin of time -\n"
    "                       one second each up to 240 s, else 240 bins, 120 past four drives -\n"
    "                       with the mean, smallest and largest of its 1-s intervals and how\n"
    "                       many; series-<test>-wN.csv for the Nth of a test with several; the\n"
    "                       error bounds of values taken from clat histogram logs; a partial\n"
    "                       interval - not every job ran through it - on a row of its own, as\n"
    "                       partial_throughput_iops only, never in a bin)\n"
    "  tests/<test>-series.csv.gz\n"
    "                       drive,workload,t_s,round,jobs,jobs_expected,partial,\n"
    "                       throughput_iops,throughput_bps,avg_lat_ms,max_lat_ms,lat_sd_ms\n"
    "                       (every 1-s interval; workload by its number; IOPS to 7, latency\n"
    "                       to 5 significant digits; gzip-compressed: zcat or gunzip gives\n"
    "                       the CSV, pandas.read_csv reads it as it is)\n"
    "  primary.csv          drive,workload,iops,avg_lat_ms,max_lat_ms,lat_sd_ms\n"
    "  scaling-<wl>.csv     drive,tq,point,threads,depth,iops,avg_lat_ms,max_lat_ms\n"
    "  curve-<wl>.csv       drive,point,rate_pct,iops,mb_s,avg_lat_ms (rate_pct empty: flat out)\n"
    "  four-corners-iops.csv, four-corners-mbps.csv   drive,test,iops | drive,test,mb_s\n"
    "  apps-oltp.csv, apps-tpcc.csv\n"
    "                       drive,instance,tps,lat_avg_ms,lat_p99_ms (instance db1.. or total;\n"
    "                       from OUT/<label>/apps-oltp/apps.json and apps-tpcc/tpcc.json,\n"
    "                       ssd-apps's results)\n"
    "  qos-<test>.csv       series,clat_ms,exceedance_pct,percentile,clamped_exceedance_pct\n"
    "IOPS are reads and writes together and latency their I/O-weighted mean where a chart has\n"
    "one line per drive. A drive keeps one colour (its place in the list of drives) in every\n"
    "chart. Several drives run at once (ssd-review --group: one fio group per drive, new_group=1)\n"
    "and client/server output with several hosts get one column per drive or host and one for\n"
    "the total (IOPS and bytes/s summed, latency merged from the per-job N/mean/stddev,\n"
    "percentiles from the merged json+ bins; fio's \"All clients\" entry is the client/server\n"
    "total). Published figures (or a drive with no tests) appear only in tables where they have\n"
    "a value.\n"
    "\n"
    "Subcommands: `ssdreport summary --help`; `ssdreport compare --help`; `ssdreport library\n"
    "--help` (the results library: add a review, list, remove, export, its ranking page,\n"
    "docs/library.md); `ssdreport logstat`\n"
    "prints per log file the rows per direction, first/last time and mean value (a streaming\n"
    "check; --flags N sets the SR_LOGF_* layout flags of reporter/parse/fio_log.h).\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure, 2 bad input (one error line naming the file,\n"
    "line and byte offset, and what was expected). Warnings go to stderr, once each per file.\n"
    "Manual: man ssdreport (from the tree: man -l man/ssdreport.1); docs/report.md.\n";

static const char usage_summary[] =
    "usage: ssdreport summary [--all-documents | --intervals] [-q] FILE...\n"
    "\n"
    "Print one CSV row per job of each fio JSON FILE (per host for client/server output,\n"
    "including the \"All clients\" row), with the header\n"
    "  file,job,host,rw,bs,numjobs,iodepth,read_iops,write_iops,read_bw_bytes,write_bw_bytes,\n"
    "  read_clat_mean_ns,read_clat_p99_ns,read_clat_max_ns,write_clat_mean_ns,write_clat_p99_ns,\n"
    "  write_clat_max_ns\n"
    "Units: IOPS, bytes/s, bytes (bs), nanoseconds, whatever fio version wrote the file.\n"
    "A field is empty where the value does not exist (direction absent, percentile not printed,\n"
    "nan or wrapped value), never 0. Text around the JSON (fio warnings, client/server banners)\n"
    "is skipped with a warning.\n"
    "\n"
    "options:\n"
    "  -a, --all-documents  with several JSON documents in a file (--status-interval), one set of\n"
    "                       rows per document (default: the last document only)\n"
    "  -i, --intervals      treat the documents of each file as --status-interval snapshots of "
    "one\n"
    "                       run and print, per interval between consecutive snapshots (the first\n"
    "                       from the start), the review's four preconditioning metrics:\n"
    "                         file,snapshot,t_s,throughput_iops,avg_lat_ns,max_lat_ns,lat_sd_ns\n"
    "                       (R+W IOPS; clat mean weighted by IOPS; max of R and W, empty when the\n"
    "                       running maximum did not grow in the interval, a snapshot keeps only\n"
    "                       that; mean of the R and W standard deviations)\n"
    "  -q, --quiet          no warnings on stderr\n"
    "  -h, --help           this help\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure, 2 bad input.\n";

static const char usage_compare[] =
    "usage: ssdreport compare -o DIR [--title TEXT] [--no-charts] [--reference NAME]\n"
    "                 [--spec NAME] [--catalogue FILE] [-q] RESULTS-DIR...\n"
    "\n"
    "The report of results saved at different times or places (different fio versions too), one\n"
    "column per drive directory, each labelled by its path as given (old/nvme0, new/nvme0). A\n"
    "RESULTS-DIR is one drive's directory or a results root holding one directory per drive.\n"
    "The same drive (the same directory name) of each run sits side by side, followed in the\n"
    "summary and on each test's page by a difference (%) column against its first run.\n"
    "A test held by several directories must have run the same workload: rw, bs and T/Q;\n"
    "otherwise nothing is written and the difference is named:\n"
    "  ssdreport: compare: test fc-4k-randread: bs differs: old/nvme0 4096 B, new/nvme0 8192 B\n"
    "Runs made differently (profile, span, fio version, engine, from run.json and the fio JSON)\n"
    "are compared all the same, and each difference is named in a warning and at the top of the\n"
    "page.\n"
    "\n"
    "Exit status: 0 ok, 1 internal failure, 2 bad input or a mismatch.\n";

/* Directories searched for --reference NAME (reference.h). */
static void reference_dirs(char exe_ref[2][4096], const char *dirs[3])
{
	char exe[2048];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	dirs[0] = getenv("SSDREPORT_REFERENCE_DIR");
	dirs[1] = dirs[2] = NULL;
	if (n <= 0)
		return;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (!slash)
		return;
	*slash = '\0';
	snprintf(exe_ref[0], 4096, "%s/reference", exe);
	snprintf(exe_ref[1], 4096, "%s/../share/ssdeng/reference", exe);
	dirs[1] = exe_ref[0];
	dirs[2] = exe_ref[1];
}

static int load_references(struct sr_model *m, char **names, size_t n, struct sr_diag *d)
{
	char exe_ref[2][4096], path[4096];
	const char *dirs[3];

	reference_dirs(exe_ref, dirs);
	for (size_t i = 0; i < n; i++) {
		int rc;

		if (sr_reference_find(names[i], dirs, 3, path, sizeof(path))) {
			sr_diag_msg(d,
				    "--reference %s: no such file, and no %s.json in "
				    "$SSDREPORT_REFERENCE_DIR, %s or %s",
				    names[i], names[i], dirs[1] ? dirs[1] : "?",
				    dirs[2] ? dirs[2] : "?");
			return -ENOENT;
		}
		rc = sr_reference_load(m, path, d);
		if (rc)
			return rc;
	}
	return 0;
}

/* --spec NAME: the spec sheet drives are verified against, found like a --reference. */
static int load_sheet(struct sr_model *m, const char *name, struct sr_diag *d)
{
	char exe_ref[2][4096], path[4096];
	const char *dirs[3];

	reference_dirs(exe_ref, dirs);
	if (sr_reference_find(name, dirs, 3, path, sizeof(path))) {
		sr_diag_msg(d,
			    "--spec %s: no such file, and no %s.json in $SSDREPORT_REFERENCE_DIR, "
			    "%s or %s",
			    name, name, dirs[1] ? dirs[1] : "?", dirs[2] ? dirs[2] : "?");
		return -ENOENT;
	}
	return sr_reference_load_sheet(m, path, d);
}

/* compare: each directory one run; refused where a test's workload differs, flagged where
 * the runs were made differently; each drive's runs side by side. */
static int load_compare(struct sr_model *m, const char *const *dirs, size_t n, char ***flags,
			size_t *nflags, struct sr_diag *d)
{
	int rc = sr_inputs_load_dirs(m, dirs, n, d);

	if (!rc)
		rc = sr_compare_check(m, d);
	if (!rc)
		rc = sr_compare_flags(m, flags, nflags);
	if (rc)
		return rc;
	sr_compare_pair(m);
	for (size_t i = 0; d->stream && i < *nflags; i++)
		fprintf(d->stream, "ssdreport: warning: compare: the runs differ: %s\n",
			(*flags)[i]);
	return 0;
}

/* --intervals: the four preconditioning metrics between consecutive documents of @path. */
static int intervals_file(const char *path, struct sr_test *docs, size_t ndocs, struct sr_diag *d)
{
	struct sr_interval *iv = NULL;
	int rc = sr_snapshot_intervals(docs, ndocs, &iv, d);

	if (!rc)
		sr_interval_rows(stdout, path, iv, ndocs);
	free(iv);
	return rc;
}

static int summary_file(const char *path, bool all, bool intervals, struct sr_diag *d)
{
	struct sr_test *docs = NULL;
	size_t ndocs = 0, len = 0;
	char *buf = NULL;
	int rc;

	sr_diag_file(d, path);
	rc = sr_read_file(path, &buf, &len);
	if (rc) {
		sr_read_error(path, rc, d);
		return rc == -ENOMEM ? rc : -ENOENT;
	}
	rc = sr_fio_json_parse(buf, len, all || intervals, &docs, &ndocs, d);
	free(buf);
	if (rc)
		return rc;
	if (intervals)
		rc = intervals_file(path, docs, ndocs, d);
	for (size_t i = 0; i < ndocs; i++) {
		if (!intervals)
			sr_summary_rows(stdout, path, &docs[i]);
		sr_test_free(&docs[i]);
	}
	free(docs);
	return rc;
}

static int cmd_summary(int argc, char **argv)
{
	static const struct option opts[] = {
	    {"all-documents", no_argument, NULL, 'a'},
	    {"intervals", no_argument, NULL, 'i'},
	    {"quiet", no_argument, NULL, 'q'},
	    {"help", no_argument, NULL, 'h'},
	    {0},
	};
	struct sr_diag d = {.stream = stderr};
	bool all = false, intervals = false;
	int c;

	while ((c = getopt_long(argc, argv, "aiqh", opts, NULL)) != -1) {
		switch (c) {
		case 'a':
			all = true;
			break;
		case 'i':
			intervals = true;
			break;
		case 'q':
			d.stream = NULL;
			break;
		case 'h':
			fputs(usage_summary, stdout);
			return 0;
		default:
			fputs(usage_summary, stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		fputs("ssdreport: summary: expected at least one FILE\n", stderr);
		return 2;
	}
	puts(intervals ? sr_interval_header : sr_summary_header);
	for (int i = optind; i < argc; i++) {
		int rc = summary_file(argv[i], all, intervals, &d);
		if (rc) {
			fflush(stdout);
			fprintf(stderr, "ssdreport: %s\n", d.err);
			return sr_cli_exit_code(rc);
		}
	}
	return fflush(stdout) ? 1 : 0;
}

static int cmd_report(int argc, char **argv, bool compare)
{
	static const struct option opts[] = {
	    {"reference", required_argument, NULL, 'r'},
	    {"library", required_argument, NULL, 'B'},
	    {"with", required_argument, NULL, 'W'},
	    {"spec", required_argument, NULL, 's'},
	    {"catalogue", required_argument, NULL, 'c'},
	    {"output", required_argument, NULL, 'o'},
	    {"label", required_argument, NULL, 'l'},
	    {"group-by", required_argument, NULL, 'g'},
	    {"recursive", no_argument, NULL, 'R'},
	    {"title", required_argument, NULL, 't'},
	    {"no-charts", no_argument, NULL, 'C'},
	    {"strict", no_argument, NULL, 'S'},
	    {"live", required_argument, NULL, 'L'},
	    {"quiet", no_argument, NULL, 'q'},
	    {"help", no_argument, NULL, 'h'},
	    {0},
	};
	struct sr_diag d = {.stream = stderr};
	struct sr_report_opts ro = {.title = "ssdreport", .charts = true, .compare = compare};
	struct sr_model m = {0};
	struct sr_analysis an = {0};
	const char *label = NULL, *group_by = NULL, *usage = compare ? usage_compare : usage_main,
		   *spec = NULL, *catalogue_path = NULL, *live = NULL;
	char **refs = calloc((size_t)argc + 1, sizeof(char *)), **flags = NULL, cat_note[4200] = "";
	const char **with_models = calloc((size_t)argc + 1, sizeof(char *));
	struct sr_lib_with with = {.models = with_models};
	bool library_given = false;
	struct catalogue *cat = NULL;
	size_t nrefs = 0, nflags = 0, nin = 0;
	char **in = NULL;
	bool recursive = false;
	int c, rc;

	if (!refs || !with_models) {
		free(refs);
		free(with_models);
		return 1;
	}
	while ((c = getopt_long(argc, argv, compare ? "o:t:r:qh" : "o:l:t:r:Rqh", opts, NULL)) !=
	       -1) {
		switch (c) {
		case 'r':
			refs[nrefs++] = optarg;
			break;
		case 'B':
		case 'W':
			if (compare) {
				fprintf(stderr,
					"ssdreport: compare: --%s is for a review's page "
					"(ssdreport --library FILE --with N|MODEL)\n",
					c == 'B' ? "library" : "with");
				free(refs);
				free(with_models);
				return 2;
			}
			if (c == 'B') {
				with.library = optarg;
				library_given = true;
				break;
			}
			rc = sr_lib_with_parse(optarg, &with, &d);
			if (rc < 0) {
				fprintf(stderr, "ssdreport: %s\n", d.err);
				free(refs);
				free(with_models);
				return 2;
			}
			if (!rc)
				with_models[with.nmodels++] = optarg;
			break;
		case 's':
			spec = optarg;
			break;
		case 'c':
			catalogue_path = optarg;
			break;
		case 'o':
			ro.outdir = optarg;
			break;
		case 'l':
			label = optarg;
			break;
		case 'g':
			group_by = optarg;
			break;
		case 'R':
			recursive = !compare;
			break;
		case 't':
			ro.title = optarg;
			break;
		case 'C':
			ro.charts = false;
			break;
		case 'S':
			d.strict = true;
			break;
		case 'L':
			live = compare ? NULL : optarg;
			break;
		case 'q':
			d.stream = NULL;
			break;
		case 'h':
			fputs(usage, stdout);
			free(refs);
			free(with_models);
			return 0;
		default:
			fputs(usage, stderr);
			free(refs);
			free(with_models);
			return 2;
		}
	}
	if (library_given && !with.nearest && !with.nmodels) {
		fprintf(stderr,
			"ssdreport: --library %s: expected --with N or --with MODEL beside "
			"it (ssdreport library ... for the library's own commands)\n",
			with.library);
		free(refs);
		free(with_models);
		return 2;
	}
	if (!ro.outdir || optind >= argc) {
		fprintf(stderr, "ssdreport: %s\n",
			compare ? "compare: expected -o DIR and at least one RESULTS-DIR (see "
				  "ssdreport compare --help)"
				: "expected -o DIR and at least one INPUT (see ssdreport --help)");
		free(refs);
		free(with_models);
		return 2;
	}
	rc = sr_cli_load_catalogue(catalogue_path, (const char *const *)argv + optind,
				   (size_t)(argc - optind), &cat, cat_note, sizeof(cat_note), &d);
	ro.cat = cat;
	ro.cat_note = cat_note[0] ? cat_note : NULL;
	if (!rc && compare)
		rc = load_compare(&m, (const char *const *)argv + optind, (size_t)(argc - optind),
				  &flags, &nflags, &d);
	else if (!rc && recursive)
		rc = sr_inputs_recurse((const char *const *)argv + optind, (size_t)(argc - optind),
				       &in, &nin, &d);
	m.allow_empty = live != NULL;	/* a live run's first page comes before its first result */
	ro.reuse_charts = live != NULL; /* a chart whose inputs did not change is not drawn again */
	if (!rc && !compare)
		rc = in ? sr_inputs_load(&m, (const char *const *)in, nin, label, &d)
			: sr_inputs_load(&m, (const char *const *)argv + optind,
					 (size_t)(argc - optind), label, &d);
	for (size_t i = 0; i < nin; i++)
		free(in[i]);
	free(in);
	if (!rc && group_by && !compare)
		rc = sr_tree_group_by(&m, group_by, &d);
	ro.flags = (const char *const *)flags;
	ro.nflags = nflags;
	if (!rc)
		rc = load_references(&m, refs, nrefs, &d);
	if (!rc && (with.nearest || with.nmodels))
		rc = sr_lib_with_load(&m, &with, &flags, &nflags, &d);
	ro.flags = (const char *const *)flags;
	ro.nflags = nflags;
	for (size_t i = 0; !rc && !compare && d.stream && i < nflags; i++)
		fprintf(d.stream, "ssdreport: warning: --with: the runs differ: %s\n", flags[i]);
	if (!rc && spec)
		rc = load_sheet(&m, spec, &d);
	if (!rc && live)
		rc = sr_live_load(&m, live, &d);
	if (!rc)
		rc = sr_pts_rounds_load(&m, cat, &d);
	if (!rc)
		rc = sr_analyse(&m, cat, &an, &d);
	if (!rc)
		rc = sr_report_write(&m, &an, &ro, &d);
	sr_analysis_free(&an);
	sr_model_free(&m);
	catalogue_free(cat);
	for (size_t i = 0; i < nflags; i++)
		free(flags[i]);
	free(flags);
	free(refs);
	free(with_models);
	if (rc) {
		fprintf(stderr, "ssdreport: %s\n", d.err[0] ? d.err : strerror(-rc));
		return sr_cli_exit_code(rc);
	}
	return 0;
}

static int cmd_compare(int argc, char **argv) { return cmd_report(argc, argv, true); }

/* The subcommands: argv[1] names one; anything else is the report (ssdreport -o DIR INPUT...). */
static const struct {
	const char *name;
	int (*run)(int argc, char **argv); /* argv[0] is the subcommand's name */
	bool writes_report;		   /* builds a report directory (signals clean it up) */
} commands[] = {
    {"summary", cmd_summary, false},
    {"logstat", sr_logstat_main, false},
    {"compare", cmd_compare, true},
    {"library", sr_library_main, true},
};

int main(int argc, char **argv)
{
	for (size_t i = 0; argc > 1 && i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name)) {
			if (commands[i].writes_report)
				sr_report_dir_trap_signals(); /* an interrupted report leaves no
								 temporary directory */
			return commands[i].run(argc - 1, argv + 1);
		}
	/* a first word that is no command and no path: a misspelt command, named as one */
	if (argc > 1 && argv[1][0] != '-' && !strchr(argv[1], '/') && access(argv[1], F_OK) != 0) {
		fprintf(stderr,
			"ssdreport: '%s' is not a command (summary, logstat, compare, library) nor "
			"an input file or directory (see ssdreport --help)\n",
			argv[1]);
		return 2;
	}
	sr_report_dir_trap_signals();
	return cmd_report(argc, argv, false);
}
