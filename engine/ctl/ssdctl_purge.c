// SPDX-License-Identifier: GPL-2.0-only
/*
 * ssdctl_purge.c - `ssdctl purge`: refuse unless every safety check passes (host/in_use.h),
 * then erase with NVMe Format NVM / Sanitize (libnvme) or SCSI FORMAT UNIT / SANITIZE (SG_IO),
 * printing progress until the drive reports completion (SCSI: polled with REQUEST SENSE).
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <libnvme.h>

#include "codec/nvme/nvme_geometry.h"
#include "codec/nvme/nvme_health.h"
#include "codec/nvme/nvme_identity.h"
#include "codec/scsi/scsi_mgmt.h"
#include "codec/scsi/scsi_sense.h"
#include "host/in_use.h"
#include "host/sgio.h"
#include "ctl/purge_policy.h"
#include "ctl/ssdctl.h"

#define MAX_DEVS SSD_HOST_MAX_BLOCKDEVS
#define MAX_NS 64
/* Format NVM with a secure erase can take hours on a large drive. */
#define FORMAT_TIMEOUT_MS (4u * 3600u * 1000u)
#define SCSI_START_TIMEOUT_MS 60000u
#define POLL_SECONDS 1
#define PROGRESS_EVERY_SECONDS 5

/* The block devices an erase of @d touches: for NVMe every namespace of the controller
 * (Sanitize and a Format with FNA bits set reach all of them), for SCSI the disk. */
static int drive_blockdevs(struct ssdctl_dev *d, struct ssd_host_blockdev *devs, char *err,
			   size_t errlen)
{
	struct ssdctl_ns_node nodes[MAX_NS];
	int n = 0, nn;

	if (d->family == SSDCTL_SCSI) {
		if (!d->disk[0])
			return 0; /* an sg node without a disk (not a direct access device) */
		return ssd_host_disk_blockdevs("/sys", d->disk, devs, MAX_DEVS, err, errlen);
	}
	nn = ssdctl_nvme_ns_nodes(d->ctrl, nodes, MAX_NS);
	if (nn < 0) {
		snprintf(err, errlen, "/sys/class/nvme/%s: %s", d->ctrl, strerror(-nn));
		return nn;
	}
	for (int i = 0; i < nn; i++) {
		int r = ssd_host_disk_blockdevs("/sys", nodes[i].disk, devs + n,
						(unsigned int)(MAX_DEVS - n), err, errlen);

		if (r == -ENOENT)
			continue; /* a namespace without a block device (extended LBA) */
		if (r < 0)
			return r;
		n += r;
	}
	return n;
}

static int check_in_use(const struct ssd_host_blockdev *devs, int n, char *err, size_t errlen)
{
	return ssd_host_check_unused("/sys", "/proc", devs, (unsigned int)n, "before a purge", err,
				     errlen);
}

/* Drop cached blocks and re-read the partition table of each disk after the erase. */
static void refresh_disks(const struct ssd_host_blockdev *devs, int n, FILE *log)
{
	for (int i = 0; i < n; i++) {
		char path[96];
		int fd;

		snprintf(path, sizeof(path), "/dev/%s", devs[i].name);
		fd = open(path, O_RDONLY | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (ioctl(fd, BLKFLSBUF, 0) < 0)
			fprintf(log, "note: %s: BLKFLSBUF: %s\n", path, strerror(errno));
		ioctl(fd, BLKRRPART, 0); /* fails harmlessly on partitions */
		close(fd);
	}
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- NVMe -------------------------------------------------------------------------------- */

struct format_job {
	struct nvme_format_nvm_args args;
	int r, err;
	int done;
};

static void *format_thread(void *p)
{
	struct format_job *j = p;

	j->r = nvme_format_nvm(&j->args);
	j->err = errno;
	__atomic_store_n(&j->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

static int nvme_format_one(struct ssdctl_dev *d, uint32_t nsid, unsigned int ses, FILE *log,
			   char *err, size_t errlen)
{
	struct format_job job;
	struct nvme_id_ns ns;
	struct ssd_nvme_ns_info info;
	pthread_t th;
	double t0 = now_s(), last = t0;
	bool fpi;
	int r = nvme_identify_ns(d->fd, nsid, &ns);

	if (r != 0) {
		ssdctl_nvme_err(err, errlen, "Identify Namespace", r);
		return -EIO;
	}
	if (ssd_nvme_parse_id_ns(&ns, &info, err, errlen) < 0)
		return -EINVAL;
	fpi = ns.fpi & 0x80;
	memset(&job, 0, sizeof(job));
	job.args.args_size = sizeof(job.args);
	job.args.fd = d->fd;
	job.args.timeout = FORMAT_TIMEOUT_MS;
	job.args.nsid = nsid;
	/* keep the namespace's format: LBA format, metadata placement, protection */
	job.args.lbaf = (uint8_t)(info.lbaf & 0xf);
	job.args.lbafu = (uint8_t)(info.lbaf >> 4);
	job.args.mset = info.md_extended ? NVME_FORMAT_MSET_EXTENDED : NVME_FORMAT_MSET_SEPARATE;
	job.args.pi = (enum nvme_cmd_format_pi)info.pi_type;
	job.args.pil = info.pi_first ? NVME_FORMAT_PIL_FIRST : NVME_FORMAT_PIL_LAST;
	job.args.ses = (enum nvme_cmd_format_ses)ses;
	fprintf(log, "format nsid %u: Format NVM, LBA format %u, SES %u (%s)\n", nsid, info.lbaf,
		ses,
		ses == NVME_FORMAT_SES_CRYPTO_ERASE ? "cryptographic erase" : "user data erase");
	fflush(log);
	if (pthread_create(&th, NULL, format_thread, &job)) {
		snprintf(err, errlen, "cannot start the format thread");
		return -EAGAIN;
	}
	while (!__atomic_load_n(&job.done, __ATOMIC_ACQUIRE)) {
		usleep(200 * 1000);
		if (now_s() - last >= PROGRESS_EVERY_SECONDS) {
			struct nvme_id_ns p;

			last = now_s();
			if (fpi && nvme_identify_ns(d->fd, nsid, &p) == 0)
				fprintf(log, "format nsid %u: %u%% done, %.0f s\n", nsid,
					100u - (p.fpi & 0x7f), last - t0);
			else
				fprintf(log, "format nsid %u: running, %.0f s\n", nsid, last - t0);
			fflush(log);
		}
	}
	pthread_join(th, NULL);
	if (job.r != 0) {
		errno = job.err;
		ssdctl_nvme_err(err, errlen, "Format NVM", job.r);
		return -EIO;
	}
	fprintf(log, "format nsid %u: completed in %.1f s\n", nsid, now_s() - t0);
	return 0;
}

static int nvme_sanitize_run(struct ssdctl_dev *d, enum ssdctl_purge_method m, FILE *log, char *err,
			     size_t errlen)
{
	struct nvme_sanitize_nvm_args a;
	struct nvme_sanitize_log_page lp;
	struct ssd_nvme_sanitize_status st;
	double t0 = now_s(), last = 0;
	int r;

	memset(&a, 0, sizeof(a));
	a.args_size = sizeof(a);
	a.fd = d->fd;
	a.sanact = m == SSDCTL_PURGE_SANITIZE_BLOCK    ? NVME_SANITIZE_SANACT_START_BLOCK_ERASE
		   : m == SSDCTL_PURGE_SANITIZE_CRYPTO ? NVME_SANITIZE_SANACT_START_CRYPTO_ERASE
						       : NVME_SANITIZE_SANACT_START_OVERWRITE;
	a.owpass = 1;
	a.ovrpat = 0;
	r = nvme_sanitize_nvm(&a);
	if (r != 0) {
		ssdctl_nvme_err(err, errlen, "Sanitize", r);
		return -EIO;
	}
	fprintf(log, "sanitize: started (%s)\n", ssdctl_purge_method_desc(m));
	for (;;) {
		sleep(POLL_SECONDS);
		r = nvme_get_log_sanitize(d->fd, false, &lp);
		if (r != 0) {
			ssdctl_nvme_err(err, errlen, "Get Log Page Sanitize Status", r);
			return -EIO;
		}
		ssd_nvme_parse_sanitize_log(&lp, &st);
		if (st.state != SSD_SANITIZE_IN_PROGRESS)
			break;
		if (now_s() - last >= PROGRESS_EVERY_SECONDS) {
			last = now_s();
			fprintf(log, "sanitize: %u.%u%% done, %.0f s\n", st.progress_per_mille / 10,
				st.progress_per_mille % 10, last - t0);
			fflush(log);
		}
	}
	if (st.state != SSD_SANITIZE_DONE && st.state != SSD_SANITIZE_DONE_NO_DEALLOC) {
		snprintf(err, errlen, "sanitize: the Sanitize Status log says %s",
			 ssd_nvme_sanitize_state_name(st.state));
		return -EIO;
	}
	fprintf(log, "sanitize: %s in %.1f s\n", ssd_nvme_sanitize_state_name(st.state),
		now_s() - t0);
	return 0;
}

/* ---- SCSI -------------------------------------------------------------------------------- */

static int scsi_support(int fd, uint8_t opcode, uint16_t sa, bool with_sa)
{
	uint8_t buf[32];
	struct ssd_scsi_cdb cdb;
	char err[256];
	size_t got;

	ssd_scsi_cdb_report_opcode(&cdb, opcode, sa, with_sa, sizeof(buf));
	if (ssdctl_scsi_in(fd, &cdb, buf, sizeof(buf), &got, err, sizeof(err)))
		return -EOPNOTSUPP; /* REPORT SUPPORTED OPERATION CODES rejected: unknown */
	return ssd_scsi_parse_opcode_support(buf, got);
}

static unsigned int scsi_methods(int fd)
{
	return ssdctl_purge_scsi_methods(
	    scsi_support(fd, SSD_SCSI_OP_FORMAT_UNIT, 0, false),
	    scsi_support(fd, SSD_SCSI_OP_SANITIZE, SSD_SCSI_SANITIZE_BLOCK_ERASE, true),
	    scsi_support(fd, SSD_SCSI_OP_SANITIZE, SSD_SCSI_SANITIZE_CRYPTO_ERASE, true),
	    scsi_support(fd, SSD_SCSI_OP_SANITIZE, SSD_SCSI_SANITIZE_OVERWRITE, true));
}

/* TEST UNIT READY until it succeeds: for a device that refuses REQUEST SENSE. Return 0 when
 * ready, 1 while NOT READY, or -EIO with @err set. */
static int scsi_tur(int fd, char *err, size_t errlen)
{
	struct ssd_scsi_cdb cdb;
	struct ssd_host_sg_result res;
	int r;

	ssd_scsi_cdb_test_unit_ready(&cdb);
	r = ssd_host_sgio(fd, &cdb, SSD_HOST_SG_NONE, NULL, 0, 10000, NULL, &res);
	if (r == 0 || r == EBUSY)
		return r == EBUSY; /* NOT READY without a progress indication */
	if (r < 0)
		snprintf(err, errlen, "TEST UNIT READY: %s", strerror(-r));
	else
		ssd_host_sgio_describe(err, errlen, &cdb, &res);
	return -EIO;
}

/*
 * Wait until the device stops reporting a format or sanitize in progress. REQUEST SENSE is the
 * poll (SPC-5's progress indication; ssd_scsi_poll_sense()): it carries a data phase, which
 * some HBAs need — QEMU's MegaRAID (megasas) fails every command without one, TEST UNIT READY
 * included, with HARDWARE ERROR 44/00. TEST UNIT READY is the fallback for a device that
 * refuses REQUEST SENSE.
 */
static int scsi_wait(int fd, const char *what, FILE *log, char *err, size_t errlen)
{
	double t0 = now_s(), last = 0;

	for (;;) {
		uint8_t sense[252];
		struct ssd_scsi_cdb cdb;
		struct ssd_scsi_sense sk;
		unsigned int pm = ~0u;
		const char *asc;
		size_t got;
		int r;

		sleep(POLL_SECONDS);
		ssd_scsi_cdb_request_sense(&cdb, sizeof(sense));
		if (ssdctl_scsi_in(fd, &cdb, sense, sizeof(sense), &got, err, errlen) != 0) {
			r = scsi_tur(fd, err, errlen);
			if (r < 0)
				return r;
			if (r == 0)
				break;
			continue;
		}
		switch (ssd_scsi_poll_sense(sense, got, &pm, &sk)) {
		case SSD_SCSI_POLL_DONE:
			goto done;
		case SSD_SCSI_POLL_RUNNING:
		case SSD_SCSI_POLL_ATTENTION:
			break;
		case SSD_SCSI_POLL_FAILED:
			asc = ssd_scsi_asc_name(sk.asc, sk.ascq);
			snprintf(err, errlen,
				 "%s: REQUEST SENSE reports sense key %s, ASC/ASCQ %02x/%02x%s%s",
				 what, ssd_scsi_sense_key_name(sk.key), sk.asc, sk.ascq,
				 asc ? " " : "", asc ? asc : "");
			return -EIO;
		}
		if (now_s() - last >= PROGRESS_EVERY_SECONDS) {
			last = now_s();
			if (pm != ~0u)
				fprintf(log, "%s: %u.%u%% done, %.0f s\n", what, pm / 10, pm % 10,
					last - t0);
			else
				fprintf(log, "%s: running, %.0f s\n", what, last - t0);
			fflush(log);
		}
	}
done:
	fprintf(log, "%s: completed in %.1f s\n", what, now_s() - t0);
	return 0;
}

static int scsi_erase(struct ssdctl_dev *d, enum ssdctl_purge_method m, FILE *log, char *err,
		      size_t errlen)
{
	uint8_t params[SSD_SCSI_SANITIZE_OVERWRITE_PARAM_LEN];
	struct ssd_scsi_cdb cdb;
	struct ssd_host_sg_result res;
	size_t plen = 0;
	const char *what;
	int r;

	if (m == SSDCTL_PURGE_FORMAT_UNIT) {
		ssd_scsi_cdb_format_unit(&cdb);
		ssd_scsi_format_unit_params(params, true);
		plen = SSD_SCSI_FORMAT_SHORT_HEADER_LEN;
		what = "FORMAT UNIT";
	} else {
		enum ssd_scsi_sanitize_sa sa =
		    m == SSDCTL_PURGE_SANITIZE_BLOCK	? SSD_SCSI_SANITIZE_BLOCK_ERASE
		    : m == SSDCTL_PURGE_SANITIZE_CRYPTO ? SSD_SCSI_SANITIZE_CRYPTO_ERASE
							: SSD_SCSI_SANITIZE_OVERWRITE;

		if (sa == SSD_SCSI_SANITIZE_OVERWRITE) {
			ssd_scsi_sanitize_overwrite_params(params);
			plen = SSD_SCSI_SANITIZE_OVERWRITE_PARAM_LEN;
		}
		ssd_scsi_cdb_sanitize(&cdb, sa, true, (uint16_t)plen);
		what = "SANITIZE";
	}
	fprintf(log, "%s: sending (IMMED)\n", what);
	fflush(log);
	r = ssd_host_sgio(d->fd, &cdb, plen ? SSD_HOST_SG_OUT : SSD_HOST_SG_NONE,
			  plen ? params : NULL, plen, SCSI_START_TIMEOUT_MS, d->path, &res);
	if (r < 0) {
		snprintf(err, errlen, "%s: SG_IO: %s", what, strerror(-r));
		return r;
	}
	if (r > 0) {
		ssd_host_sgio_describe(err, errlen, &cdb, &res);
		return -EIO;
	}
	return scsi_wait(d->fd, what, log, err, errlen);
}

/* ---- the subcommand ----------------------------------------------------------------------- */

static int supported_methods(struct ssdctl_dev *d, unsigned int *mask, struct ssd_nvme_identity *id,
			     char *err, size_t errlen)
{
	struct nvme_id_ctrl ctrl;
	int r;

	if (d->family == SSDCTL_SCSI) {
		*mask = scsi_methods(d->fd);
		return 0;
	}
	r = nvme_identify_ctrl(d->fd, &ctrl);
	if (r != 0) {
		ssdctl_nvme_err(err, errlen, "Identify Controller", r);
		return -EIO;
	}
	ssd_nvme_parse_identity(&ctrl, id);
	*mask = ssdctl_purge_nvme_methods(id);
	return 0;
}

static int nvme_nsids(struct ssdctl_dev *d, uint32_t *out)
{
	struct nvme_ns_list list;
	int n = 0;

	if (d->nsid) {
		out[0] = d->nsid;
		return 1;
	}
	if (nvme_identify_active_ns_list(d->fd, 0, &list) != 0)
		return 0;
	for (int i = 0; i < NVME_ID_NS_LIST_MAX && n < MAX_NS && list.ns[i]; i++)
		out[n++] = le32toh(list.ns[i]);
	return n;
}

static void print_plan(struct ssdctl_dev *d, const struct ssdctl_purge_opts *o, const char *serial,
		       const struct ssd_host_blockdev *devs, int ndevs, const uint32_t *nsids,
		       int nns, FILE *log)
{
	fprintf(log, "purge: %s on %s (serial %s)\n", ssdctl_purge_method_desc(o->method), d->path,
		serial);
	if (d->family == SSDCTL_NVME && o->method == SSDCTL_PURGE_FORMAT) {
		fprintf(log, "  namespaces:");
		for (int i = 0; i < nns; i++)
			fprintf(log, " %u", nsids[i]);
		fprintf(log, "%s; secure erase setting %u (%s)\n", nns ? "" : " none", o->ses,
			o->ses == 2 ? "cryptographic erase" : "user data erase");
	} else if (d->family == SSDCTL_NVME) {
		fprintf(log, "  scope: every namespace of controller %s\n", d->ctrl);
	}
	fprintf(log, "  block devices erased:");
	for (int i = 0; i < ndevs; i++)
		fprintf(log, " /dev/%s", devs[i].name);
	fprintf(log, "%s\n", ndevs ? "" : " none visible");
}

int ssdctl_purge(struct ssdctl_dev *d, const struct ssdctl_purge_opts *o, FILE *log, char *err,
		 size_t errlen)
{
	struct ssd_host_blockdev *devs = calloc(MAX_DEVS, sizeof(*devs));
	struct ssd_nvme_identity id = {0};
	uint32_t nsids[MAX_NS];
	char serial[128];
	unsigned int mask = 0;
	int ndevs, nns = 0, rc = SSDCTL_EXIT_FAIL, r;
	double t0 = now_s();

	if (!devs) {
		snprintf(err, errlen, "out of memory");
		return SSDCTL_EXIT_FAIL;
	}
	if (ssdctl_serial(d, serial, sizeof(serial), err, errlen) != 0 ||
	    supported_methods(d, &mask, &id, err, errlen) != 0)
		goto out;
	rc = SSDCTL_EXIT_REFUSED;
	if (ssdctl_purge_check_method(mask, o->method, err, errlen))
		goto out;
	if (d->family == SSDCTL_NVME && o->method == SSDCTL_PURGE_FORMAT &&
	    o->ses == NVME_FORMAT_SES_CRYPTO_ERASE && !(id.fna & NVME_CTRL_FNA_CRYPTO_ERASE)) {
		snprintf(err, errlen,
			 "the drive does not support cryptographic erase in Format NVM "
			 "(FNA bit 2 is 0); use --ses user");
		goto out;
	}
	if (ssdctl_purge_check_serial(serial, o->confirm, err, errlen))
		goto out;
	ndevs = drive_blockdevs(d, devs, err, errlen);
	if (ndevs < 0 || check_in_use(devs, ndevs, err, errlen))
		goto out;
	if (d->family == SSDCTL_NVME && o->method == SSDCTL_PURGE_FORMAT) {
		nns = nvme_nsids(d, nsids);
		if (nns == 0) {
			snprintf(err, errlen, "%s: no active namespace to format", d->path);
			goto out;
		}
	}
	print_plan(d, o, serial, devs, ndevs, nsids, nns, log);
	if (o->dry_run) {
		fprintf(log, "dry run: every check passed; nothing was erased\n");
		rc = SSDCTL_EXIT_OK;
		goto out;
	}
	rc = SSDCTL_EXIT_FAIL;
	if (d->family == SSDCTL_NVME && o->method == SSDCTL_PURGE_FORMAT) {
		for (int i = 0; i < nns; i++)
			if (nvme_format_one(d, nsids[i], o->ses, log, err, errlen))
				goto out;
		r = 0;
	} else if (d->family == SSDCTL_NVME) {
		r = nvme_sanitize_run(d, o->method, log, err, errlen);
	} else {
		r = scsi_erase(d, o->method, log, err, errlen);
	}
	if (r)
		goto out;
	refresh_disks(devs, ndevs, log);
	fprintf(log, "purge: done: %s on %s, serial %s, %.1f s\n",
		ssdctl_purge_method_desc(o->method), d->path, serial, now_s() - t0);
	rc = SSDCTL_EXIT_OK;
out:
	free(devs);
	return rc;
}
