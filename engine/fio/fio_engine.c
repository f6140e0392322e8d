// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_engine.c - libssdeng.so's face to fio: the ioengine_ops that fio dlopen()s
 * (fio --ioengine=external:libssdeng.so). It turns io_u into struct ssd_io for the transport of
 * each file (engine/core/transport.h) and back; the transports and everything else know nothing of
 * fio.
 */
#include <stdint.h>
#include <stdio_ext.h>

#include "fio.h"
#include "optgroup.h"
#include "verify.h"

#include "host/dev_class.h"
#include "host/dio_align.h"
#include "fio/fio_glue.h"
#include "host/in_use.h"
#include "common/ssd_log.h"
#include "core/dev_cache.h"
#include "core/transport_line.h"
#include "core/transport_report.h"
#include "common/ssd_str.h"
#include "core/ssd_thread.h"
#include "transport/nvme_uring_lane.h"
#include "transport/scsi_sg_lane.h"

struct ssd_fio_file {
	const struct ssd_transport_ops *ops;
	struct ssd_ctx *ctx;
	struct ssd_dev *dev;
	struct ssd_geometry geo;
	/* nvme-uring: the lane its Reads and Writes take (NULL: all go through ops->queue) */
	struct ssd_tp_uring_lane *lane;
	struct ssd_tp_uring_rw rw;
	/* scsi-sg (async): the context its READs and WRITEs are queued on inline, the device,
	 * and the CDB template of each direction (NULL: that direction goes through ops->queue) */
	struct ssd_tp_sg_ctx *sg;
	struct ssd_tp_sg_dev *sgdev;
	const struct ssd_scsi_rw_tmpl *sg_tmpl[2];
	struct thread_data *td; /* the job */
	int oflags;		/* open(2) flags of the job's files */
	/* the transport the file left for its fallback (ssd_fallback()): its device stays open
	 * until the file closes */
	const struct ssd_transport_ops *left_ops;
	struct ssd_ctx *left_ctx;
	struct ssd_dev *left_dev;
	struct ssd_fio_file *next_probe; /* ssd_fio_data.probes */
};

struct ssd_fio_data {
	struct ssd_thread th;
	enum ssd_op write_op; /* what fio's writes become (nvme_write_mode) */
	/* decided at init, read per I/O: the operation and flags of each fio direction
	 * (DDIR_READ, _WRITE, _TRIM, then the syncs) */
	enum ssd_op ddir_op[DDIR_LAST];
	uint32_t ddir_flags[DDIR_LAST];
	/* the files this job's thread sized and has not opened yet: their probes' devices,
	 * adopted by open_file, closed at cleanup (ssd_keep_probe()) */
	struct ssd_fio_file *probes;
	struct ssd_io *ios; /* one per io_u, by io_u->index */
	unsigned int nios;
	struct io_u **queued; /* queued since the last commit (their issue time), nios entries */
	unsigned int nqueued;
	struct io_u **evs;  /* what the last getevents reaped, nios entries */
	struct iovec *bufs; /* each io_u's data buffer by index (ssd_io_bufs()), NULL until made */
	struct iovec *bufs_at; /* where they are made: nios entries */
	bool slat;	       /* fio_fill_issue_time(): fio wants issue times and slat samples */
	/* the job's only transport is nvme-uring: commit and getevents drive its lane; or
	 * scsi-sg (async): commit and getevents drive its context */
	struct ssd_tp_uring_lane *lane;
	struct ssd_tp_sg_ctx *sg;
	/* by fio_file fileno: its transport line printed (a verify run closes and reopens
	 * the file); the first 64 files in a word, the others in an array (fileno - 64) */
	uint64_t told_first;
	bool *told;
	unsigned int ntold;
	/* $SSDENG_REPORT: the file the transports are reported to (transport_report.h), or NULL */
	const char *report;
	/* the state of one of the job's files (most jobs have one), in the job's allocation */
	struct ssd_fio_file file0;
	bool file0_used;
};

/*
 * ssd_fio_emit() - one whole message, @len bytes of @line ending in a newline, where fio's
 * log_err() (log.c) puts it, in the same order. log_err() formats into a new buffer (vasprintf)
 * and hands it to the fio client on a backend (fio --server), to syslog (a daemonized server),
 * or fwrite()s it to stderr and, under --output=FILE, to that file too (f_err != stderr): those
 * keep log_err(). Otherwise it goes to stderr alone, unbuffered: one write(2) of @line to stderr's
 * fd is what that fwrite() does, when stdio holds nothing of stderr's unwritten (__fpending()).
 */
static void ssd_fio_emit(const char *line, size_t len)
{
	int fd = fileno(stderr);

	if (is_backend || log_syslog || f_err != stderr || __fpending(stderr) || fd < 0) {
		log_err("%.*s", (int)len, line);
		return;
	}
	while (len) {
		ssize_t n = write(fd, line, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return; /* as fwrite() to a stderr that cannot take it: lost */
		line += n;
		len -= (size_t)n;
	}
}

/* Messages from the transports (ssd_log(), a whole line) go where fio's log_err() puts them
 * (so a fio client sees a server's messages), to stderr so they never mix with JSON output. */
static void ssd_fio_sink(enum ssd_log_level level, const char *line)
{
	(void)level;
	ssd_fio_emit(line, strlen(line));
}

/* "ssdeng: @msg" on a line of its own, through ssd_fio_emit(). */
static void ssd_fio_say(const char *msg)
{
	char line[1024]; /* fio's log_err() takes 1,024 bytes */
	size_t len = ssd_str_put(line, sizeof(line) - 1, 0, "ssdeng: ", SIZE_MAX);

	len = ssd_str_put(line, sizeof(line) - 1, len, msg, SIZE_MAX);
	line[len++] = '\n';
	ssd_fio_emit(line, len);
}

/*
 * Which transport drives @path (@from refused it, for @why; NULL: none did) as a line of the
 * report job @d was asked for ($SSDENG_REPORT), if any. At open and at a fallback only, never
 * per I/O. A report that cannot be written is said once per job, and the job runs on.
 */
static void ssd_report(struct ssd_fio_data *d, const char *path, const char *transport,
		       const char *from, const char *why)
{
	const struct ssd_report_entry e = {path, transport, from, why, ssd_engine_version};
	char line[8192], msg[PATH_MAX + 128];
	size_t n;
	int ret;

	if (!d->report)
		return;
	n = ssd_report_line(line, sizeof(line), &e);
	ret = n ? ssd_report_append(d->report, line, n) : -ENAMETOOLONG;
	if (!ret)
		return;
	snprintf(msg, sizeof(msg), "%s: note: cannot write the engine's report: %s", d->report,
		 strerror(-ret));
	ssd_fio_say(msg);
	d->report = NULL;
}

/* @msg as a job's error text (fio's td->verror, a fixed array): "ssdeng: @msg", cut with "..."
 * where it does not fit. Return: whether it fits whole. */
static bool ssd_verror_set(char *verror, size_t size, const char *msg)
{
	size_t len = ssd_str_put(verror, size, 0, "ssdeng: ", SIZE_MAX);

	len = ssd_str_put(verror, size, len, msg, SIZE_MAX);
	if (strlen("ssdeng: ") + strlen(msg) < size)
		return true;
	if (size > 4)
		memcpy(verror + size - 4, "...", 4);
	return false;
}

/*
 * The engine's own message, then the job's error @err. fio prints a failed job's error text as
 * "fio: pid=N, err=E/<text>" (and in its normal output's "err=E (<text>)"); td_verror() makes
 * that text this file's name and line and strerror(@err) ("file:engine/fio/fio_engine.c:131,
 * func=bs, error=Invalid argument"), which says nothing to a user: the text is the message
 * instead (its head, in fio's 128 bytes). @what names the step for a reader of this source only.
 */
static int ssd_fail(struct thread_data *td, int err, const char *what, const char *msg)
{
	ssd_fio_say(msg);
	td_verror(td, err, what);
	ssd_verror_set(td->verror, sizeof(td->verror), msg);
	if (td->parent)
		ssd_verror_set(td->parent->verror, sizeof(td->parent->verror), msg);
	return 1;
}

/*
 * ssd_fail() in .get_file_size: fio prints the job's error text itself as a line of its own
 * right after (get_file_sizes(), for any error but ENOENT), so the message is said once, by fio,
 * when it fits that text whole; else the engine says it whole and fio its head.
 */
static int ssd_fail_size(struct thread_data *td, int err, const char *what, const char *msg)
{
	bool whole;

	td_verror(td, err, what);
	whole = ssd_verror_set(td->verror, sizeof(td->verror), msg);
	if (td->parent)
		ssd_verror_set(td->parent->verror, sizeof(td->parent->verror), msg);
	if (!whole || err == ENOENT)
		ssd_fio_say(msg);
	return 1;
}

/* A file's state, zeroed: the job's own one (@d->file0) when free, else a new allocation. */
static struct ssd_fio_file *ssd_file_new(struct ssd_fio_data *d)
{
	if (d->file0_used)
		return calloc(1, sizeof(struct ssd_fio_file));
	memset(&d->file0, 0, sizeof(d->file0));
	d->file0_used = true;
	return &d->file0;
}

/* Free @sf of job state @d (NULL: the job has none, @sf is an allocation of its own). */
static void ssd_file_free(struct ssd_fio_data *d, struct ssd_fio_file *sf)
{
	if (d && sf == &d->file0)
		d->file0_used = false;
	else
		free(sf);
}

/* Fill d->ddir_op/ddir_flags: reads read (FUA with readfua), writes become d->write_op (FUA
 * with writefua), trims trim, fsync/fdatasync/sync_file_range flush (fsync with the file's
 * metadata: SSD_IO_FILE_SYNC). */
static void ssd_ddir_table(struct ssd_fio_data *d, const struct ssd_options *opt)
{
	for (int dd = 0; dd < DDIR_LAST; dd++) {
		d->ddir_op[dd] = SSD_OP_FLUSH;
		d->ddir_flags[dd] = 0;
	}
	d->ddir_op[DDIR_READ] = SSD_OP_READ;
	d->ddir_op[DDIR_WRITE] = d->write_op;
	d->ddir_op[DDIR_TRIM] = SSD_OP_TRIM;
	d->ddir_flags[DDIR_READ] = opt->readfua ? SSD_IO_FUA : 0;
	d->ddir_flags[DDIR_WRITE] = opt->writefua ? SSD_IO_FUA : 0;
	d->ddir_flags[DDIR_SYNC] = SSD_IO_FILE_SYNC;
}

/* The transports' clock (ssd_options.now): fio's, the clock of io_u->issue_time. */
static void ssd_fio_now(struct timespec *ts) { fio_gettime(ts, NULL); }

/* Bytes from the start of struct ssd_fio_data to its per-slot arrays, which follow it in the
 * same allocation (ssd_init()): ios, then the data buffers (bufs_at), then queued, evs and the
 * transports' reaped events (th.events). */
#define SSD_SLOTS_AT                                                                               \
	((sizeof(struct ssd_fio_data) + _Alignof(struct ssd_io) - 1) / _Alignof(struct ssd_io) *   \
	 _Alignof(struct ssd_io))

static int ssd_init(struct thread_data *td)
{
	struct ssd_fio_data *d;
	struct ssd_options opt;
	size_t n;

	/* fio 3.33's submit workers copy the job, share its engine options with it and load the
	 * engine again in each worker: with an external engine that ends in a double free or a
	 * garbled engine name. Refused before fio starts them (rate_submit_init() follows this). */
	if (td->o.io_submit_mode == IO_MODE_OFFLOAD)
		return ssd_fail(
		    td, EINVAL, "io_submit_mode",
		    "io_submit_mode=offload is not supported by ssdeng (fio's submit workers "
		    "would load the engine again with the job's options shared); use "
		    "io_submit_mode=inline, the default");
	ssd_fio_to_options(td, &opt);
	opt.now = ssd_fio_now;
	n = opt.depth ? opt.depth : 1;
	/* the job's state and its per-slot arrays in one allocation */
	_Static_assert(_Alignof(struct ssd_io) >= _Alignof(struct iovec) &&
			   sizeof(struct iovec) % _Alignof(struct io_u *) == 0,
		       "the per-slot arrays follow each other aligned");
	/* zeroed: the state; each slot is set whole by io_u_init, the arrays after it are
	 * written before they are read (zeroing kilobytes at depth 32 cost thousands of
	 * instructions) */
	d = malloc(SSD_SLOTS_AT + n * (sizeof(*d->ios) + sizeof(*d->bufs) + 2 * sizeof(*d->queued) +
				       sizeof(*d->th.events)));
	if (!d)
		return ssd_fail(td, ENOMEM, "init", "out of memory");
	memset(d, 0, sizeof(*d));
	d->nios = opt.depth;
	d->ios = (struct ssd_io *)((char *)d + SSD_SLOTS_AT);
	d->bufs_at = (struct iovec *)(d->ios + n);
	d->queued = (struct io_u **)(d->bufs_at + n);
	d->evs = d->queued + n;
	d->write_op = ssd_fio_write_op(td);
	d->slat = fio_fill_issue_time(td);
	d->report = getenv(SSD_REPORT_ENV);
	if (d->report && !*d->report)
		d->report = NULL;
	ssd_ddir_table(d, &opt);
	ssd_thread_init_at(&d->th, &opt, (struct ssd_io **)(d->evs + n));
	td->io_ops_data = d;
	return 0;
}

static void ssd_cleanup(struct thread_data *td)
{
	struct ssd_fio_data *d = td->io_ops_data;

	if (!d)
		return;
	while (d->probes) { /* sized, never opened (the job failed first) */
		struct ssd_fio_file *sf = d->probes;

		d->probes = sf->next_probe;
		sf->ops->close(NULL, sf->dev);
		ssd_file_free(d, sf);
	}
	ssd_thread_exit(&d->th);
	free(d->told);
	free(d);
	td->io_ops_data = NULL;
}

static int ssd_io_u_init(struct thread_data *td, struct io_u *io_u)
{
	struct ssd_fio_data *d = td->io_ops_data;
	unsigned int idx = io_u->index; /* shares a union with engine_data: read it first */
	struct ssd_io *io;

	if (idx >= d->nios)
		return ssd_fail(td, EINVAL, "io_u_init", "more io_u than iodepth");
	io = &d->ios[idx];
	/* each field by name: a compound literal of the 88-byte struct compiles to `rep stosq`,
	 * 11 counted steps per slot (a third of this hook at every depth) */
	io->op = 0;
	io->flags = 0;
	io->offset = 0;
	io->len = 0;
	io->buf = NULL;
	io->md_buf = NULL;
	io->slot = idx;
	io->dev = NULL;
	io->cookie = io_u;
	io->issued = &io_u->issue_time; /* stamped at commit (ssd_issued()) */
	io->error = 0;
	io->resid = 0;
	io_u->engine_data = io;
	return 0;
}

/* The transport of @f (@h: its classification, NULL: classify it now); NULL: the job failed. */
static const struct ssd_transport_ops *ssd_pick(struct thread_data *td, struct fio_file *f,
						const struct ssd_host_dev *h,
						const struct ssd_options *opt)
{
	const struct ssd_fio_opts *o = td->eo;
	const struct ssd_transport_ops *ops;
	char err[768]; /* a path, what it is and what to name instead; log_err() takes 1,024 */

	ops = h ? ssd_select_transport_of(f->file_name, h, o->transport, opt, err, sizeof(err))
		: ssd_select_transport(f->file_name, o->transport, opt, err, sizeof(err));
	if (!ops)
		ssd_fail(td, ENODEV, "transport", err);
	return ops;
}

/* The open(2) flags of job @td's files: read-write when it writes or trims, O_DIRECT when asked
 * (each transport keeps what applies to it). */
static int ssd_oflags(const struct thread_data *td)
{
	return ((td_write(td) || td_trim(td)) ? O_RDWR : O_RDONLY) | (td->o.odirect ? O_DIRECT : 0);
}

/* The directions job @td issues: reads also for verify, which reads back what it wrote. */
static bool ssd_ddir_used(const struct thread_data *td, int dd)
{
	switch (dd) {
	case DDIR_READ:
		return td_read(td) || td->o.verify != VERIFY_NONE;
	case DDIR_WRITE:
		return td_write(td);
	default:
		return td_trim(td);
	}
}

/* The first bs-like value of direction @dd that is not a multiple of @unit, or 0. */
static unsigned long long ssd_bad_bs(const struct thread_data *td, int dd, unsigned long long unit,
				     const char **what)
{
	*what = "bs";
	if (td->o.min_bs[dd] % unit)
		return td->o.min_bs[dd];
	if (td->o.max_bs[dd] % unit)
		return td->o.max_bs[dd];
	*what = "bssplit";
	for (unsigned int i = 0; i < td->o.bssplit_nr[dd]; i++)
		if (td->o.bssplit[dd][i].bs % unit)
			return td->o.bssplit[dd][i].bs;
	*what = "blockalign";
	return td->o.ba[dd] % unit ? td->o.ba[dd] : 0;
}

/* What @dev of @ops is, in words, for a message; no @ops: a regular file fio lays out. */
static const char *ssd_describe(const struct ssd_transport_ops *ops, const struct ssd_dev *dev,
				char *buf, size_t len)
{
	if (ops)
		ops->describe(dev, buf, len);
	else
		snprintf(buf, len, "regular file with O_DIRECT");
	return buf;
}

/*
 * bs, block alignment and offset must be whole logical blocks (data + metadata for extended-LBA
 * formats), transfers no larger than the drive takes, the offset inside the capacity.
 * Checked for the directions the job issues, at setup, before any I/O. The block rule holds for
 * I/O that reaches the drive as issued: NVMe and SCSI commands, and O_DIRECT on the block
 * transport (@blocks true); buffered I/O (direct=0) on the block transport goes through the page
 * cache, which takes any size and offset (@blocks false: only the capacity is checked). Trims
 * of a device (@ops given) are whole logical blocks whatever @blocks says: a discard (BLKDISCARD,
 * NVMe Dataset Management, SCSI UNMAP) counts LBAs and bypasses the page cache.
 * A refusal describes @dev of @ops (ssd_describe()).
 */
static int ssd_check_geometry(struct thread_data *td, struct fio_file *f,
			      const struct ssd_geometry *g, bool blocks,
			      const struct ssd_transport_ops *ops, const struct ssd_dev *dev)
{
	static const char *const dname[] = {"read", "write", "trim"};
	const unsigned long long lba = g->lba_bytes + (g->md_extended ? g->md_bytes : 0);
	const bool trim_blocks = ops && td_trim(td);
	const unsigned long long offset = td->o.start_offset;
	char msg[384], desc[SSD_DESC_LEN];

	for (int dd = 0; lba && dd < DDIR_RWDIR_CNT; dd++) {
		const unsigned long long unit =
		    blocks || (dd == DDIR_TRIM && trim_blocks) ? lba : 0;
		unsigned long long bad;
		const char *what;

		if (!unit || !ssd_ddir_used(td, dd))
			continue;
		bad = ssd_bad_bs(td, dd, unit, &what);
		if (bad) {
			snprintf(msg, sizeof(msg),
				 "%s: %s=%llu (%s) is not a multiple of the logical block size "
				 "%llu (%s)",
				 f->file_name, what, bad, dname[dd], unit,
				 ssd_describe(ops, dev, desc, sizeof(desc)));
			return ssd_fail_size(td, EINVAL, "bs", msg);
		}
		if (g->max_xfer_bytes && dd != DDIR_TRIM && td->o.max_bs[dd] > g->max_xfer_bytes) {
			snprintf(msg, sizeof(msg),
				 "%s: bs=%llu (%s) is above the drive's largest transfer, %llu "
				 "bytes (%s); "
				 "use a smaller bs",
				 f->file_name, td->o.max_bs[dd], dname[dd],
				 (unsigned long long)g->max_xfer_bytes,
				 ssd_describe(ops, dev, desc, sizeof(desc)));
			return ssd_fail_size(td, EINVAL, "bs", msg);
		}
	}
	if (td->o.start_offset_percent)
		return 0; /* a percentage of the size: always inside */
	if ((blocks || trim_blocks) && lba && offset % lba) {
		snprintf(msg, sizeof(msg),
			 "%s: offset=%llu is not a multiple of the logical block size %llu",
			 f->file_name, offset, lba);
		return ssd_fail_size(td, EINVAL, "offset", msg);
	}
	if (g->capacity_bytes && offset >= g->capacity_bytes) {
		snprintf(msg, sizeof(msg),
			 "%s: offset=%llu is beyond the capacity, %llu bytes (%s)", f->file_name,
			 offset, (unsigned long long)g->capacity_bytes,
			 ssd_describe(ops, dev, desc, sizeof(desc)));
		return ssd_fail_size(td, EINVAL, "offset", msg);
	}
	return 0;
}

/*
 * Keep the device a probe of @f opened (@ops, @dev, geometry @geo) for the job's open_file to
 * adopt: when the job's own thread sizes its files (create_serialize=0, after init) and the
 * transport can adopt. Return true when kept (FILE_ENG_DATA(@f), closed at cleanup if the file
 * is never opened).
 */
static bool ssd_keep_probe(struct thread_data *td, struct fio_file *f,
			   const struct ssd_transport_ops *ops, struct ssd_dev *dev,
			   const struct ssd_geometry *geo)
{
	struct ssd_fio_data *d = td->io_ops_data;
	struct ssd_fio_file *sf;

	if (!d || !ops->adopt || FILE_ENG_DATA(f) || !(sf = ssd_file_new(d)))
		return false;
	sf->ops = ops;
	sf->dev = dev;
	sf->geo = *geo;
	sf->next_probe = d->probes;
	d->probes = sf;
	FILE_SET_ENG_DATA(f, sf);
	return true;
}

/* The probe kept for @f (ssd_keep_probe()), now the caller's; NULL if none. */
static struct ssd_fio_file *ssd_take_probe(struct ssd_fio_data *d, struct fio_file *f)
{
	struct ssd_fio_file *sf = FILE_ENG_DATA(f), **p;

	for (p = &d->probes; sf && *p; p = &(*p)->next_probe) {
		if (*p == sf) {
			*p = sf->next_probe;
			sf->next_probe = NULL;
			return sf;
		}
	}
	return NULL;
}

/*
 * Sizes come from the drive (Identify, READ CAPACITY, BLKGETSIZE64), and the job is checked
 * against its geometry here, before any thread starts: a bad bs fails the job at setup.
 */
static int ssd_get_file_size(struct thread_data *td, struct fio_file *f)
{
	struct ssd_host_dev h;
	struct ssd_options opt;
	const struct ssd_transport_ops *ops;
	struct ssd_geometry geo;
	struct ssd_dev *dev;
	char err[256];
	int ret;

	if (fio_file_size_known(f))
		return 0;
	ssd_classify(f->file_name, &h);
	if (h.kind == SSD_HOST_KIND_MISSING && !strncmp(f->file_name, "/dev/", 5)) {
		snprintf(err, sizeof(err), "%s: no such device", f->file_name);
		return ssd_fail_size(td, ENODEV, "get_file_size", err);
	}
	if (h.kind == SSD_HOST_KIND_FILE || h.kind == SSD_HOST_KIND_MISSING) {
		/* fio lays out regular files itself; O_DIRECT needs the filesystem's alignment */
		memset(&geo, 0, sizeof(geo));
		geo.lba_bytes = td->o.odirect ? ssd_host_dio_align("/sys", f->file_name) : 1;
		if (ssd_check_geometry(td, f, &geo, td->o.odirect, NULL, NULL))
			return 1;
		return generic_get_file_size(td, f);
	}
	ssd_fio_to_options(td, &opt);
	ops = ssd_pick(td, f, &h, &opt);
	if (!ops)
		return 1;
	opt.host = &h; /* the probe's open need not classify the file again */
	/* the job's own open may take over what this one opens: the same flags */
	ret = ops->open(NULL, &opt, f->file_name, ssd_oflags(td), &dev, &geo, err, sizeof(err));
	if (ret < 0)
		return ssd_fail_size(td, -ret, "get_file_size", err);
	ret = ssd_check_geometry(td, f, &geo, td->o.odirect || ops->caps.family != SSD_FAMILY_BLOCK,
				 ops, dev);
	if (ret || !ssd_keep_probe(td, f, ops, dev, &geo))
		ops->close(NULL, dev);
	if (ret)
		return 1;
	f->real_file_size = geo.capacity_bytes;
	fio_file_set_size_known(f);
	return 0;
}

/* Each io_u's data buffer by index, for transports that register them (fixedbufs); fio has
 * allocated them by the time it opens files (init_io_u_buffers()). NULL: none. */
static const struct iovec *ssd_io_bufs(struct thread_data *td, struct ssd_fio_data *d)
{
	struct io_u *io_u;
	unsigned int i;

	if (d->bufs || !td->orig_buffer)
		return d->bufs;
	d->bufs = d->bufs_at;
	memset(d->bufs, 0, d->nios * sizeof(*d->bufs)); /* a slot no io_u has: none */

	/* the slot, not io_u->index: ssd_io_u_init() set engine_data, which shares its union */
	io_u_qiter(&td->io_u_all, io_u, i)
	{
		const struct ssd_io *io = io_u->engine_data;

		d->bufs[io->slot] = (struct iovec){.iov_base = io_u->buf, .iov_len = td_max_bs(td)};
	}
	return d->bufs;
}

/* The fast lane of @ops (core/transport_registry.h), scsi-sg's only in async mode. */
static enum ssd_lane_kind ssd_lane_of(const struct ssd_fio_data *d,
				      const struct ssd_transport_ops *ops)
{
	const struct ssd_transport_reg *t = ssd_transport_of(ops);
	const enum ssd_lane_kind lane = t ? t->lane : SSD_LANE_NONE;

	if (lane == SSD_LANE_SCSI_SG && d->th.opt.scsi_mode == SSD_SCSI_MODE_SGIO)
		return SSD_LANE_NONE;
	return lane;
}

/* Whether @sf's Reads and Writes take its transport's lane (the registry's: nvme-uring's, or
 * scsi-sg's in async mode), and whether commit and getevents drive that lane directly (the
 * job's only transport). Decided here, at open; the I/O path tests the pointers set here. */
static void ssd_take_lane(struct ssd_fio_data *d, struct ssd_fio_file *sf)
{
	const enum ssd_lane_kind lane = ssd_lane_of(d, sf->ops);
	const enum ssd_lane_kind only =
	    d->th.nt == 1 ? ssd_lane_of(d, d->th.t[0].ops) : SSD_LANE_NONE;

	sf->lane = NULL;
	sf->sg = NULL;
	if (lane == SSD_LANE_NVME_URING &&
	    ssd_tp_uring_rw_of(
		sf->dev, d->ddir_flags[DDIR_READ],
		d->write_op == SSD_OP_WRITE ? (int64_t)d->ddir_flags[DDIR_WRITE] : -1, &sf->rw))
		sf->lane = ssd_tp_uring_lane_of(sf->ctx);
	if (lane == SSD_LANE_SCSI_SG) {
		sf->sg = ssd_tp_sg_ctx_of(sf->ctx);
		sf->sgdev = ssd_tp_sg_dev_of(sf->dev);
		sf->sg_tmpl[0] =
		    ssd_tp_sg_rw_tmpl(sf->sgdev, false, d->ddir_flags[DDIR_READ] & SSD_IO_FUA);
		/* a job that writes nothing builds no WRITE template */
		sf->sg_tmpl[1] =
		    d->write_op == SSD_OP_WRITE &&
			    (!d->th.opt.ops || (d->th.opt.ops & SSD_OP_BIT(SSD_OP_WRITE)))
			? ssd_tp_sg_rw_tmpl(sf->sgdev, true, d->ddir_flags[DDIR_WRITE] & SSD_IO_FUA)
			: NULL;
	}
	d->lane = only == SSD_LANE_NVME_URING ? ssd_tp_uring_lane_of(d->th.t[0].ctx) : NULL;
	d->sg = only == SSD_LANE_SCSI_SG ? ssd_tp_sg_ctx_of(d->th.t[0].ctx) : NULL;
}

/*
 * When a transport refuses a file for a reason another transport of the same family avoids
 * (io_uring passthrough refused by an LSM or a missing privilege, at open or, for a security
 * policy that the kernel applies per command, when its commands come back: use the ioctl
 * path), move @sf to it and say why. The transport it leaves keeps its device open until the
 * file is closed (commands of it may still be in flight). Return 0 when the fallback opened
 * the file, else -errno.
 */
static int ssd_fallback(struct thread_data *td, struct fio_file *f, struct ssd_fio_file *sf,
			int error, const char *why, char *err, size_t errlen)
{
	struct ssd_fio_data *d = td->io_ops_data;
	const struct ssd_transport_ops *fb = ssd_transport_fallback(sf->ops, error, &d->th.opt);
	struct ssd_ctx *ctx;
	struct ssd_dev *dev;
	char msg[640];
	int ret;

	if (!fb)
		return error;
	ret = ssd_thread_ctx(&d->th, &fb, &ctx);
	if (ret < 0)
		return error;
	ret = fb->open(ctx, &d->th.opt, f->file_name, sf->oflags, &dev, &sf->geo, err, errlen);
	if (ret < 0)
		return ret;
	ssd_fallback_text(msg, sizeof(msg), f->file_name, sf->ops->name, why, fb->name);
	ssd_fio_say(msg);
	ssd_report(d, f->file_name, fb->name, sf->ops->name, why);
	if (sf->dev) {
		sf->left_ops = sf->ops;
		sf->left_ctx = sf->ctx;
		sf->left_dev = sf->dev;
	}
	sf->ops = fb;
	sf->ctx = ctx;
	sf->dev = dev;
	sf->lane = NULL;
	ssd_take_lane(d, sf);
	f->fd = fb->dev_fd(dev);
	return 0;
}

/*
 * @io of @sf came back refused by the kernel with @error (EACCES, EPERM): when its transport
 * has a fallback for that (ssd_fallback(), moving the file there at the first such
 * completion), run @io again there, synchronously. Return true when @io has that result.
 */
static bool ssd_run_refused(struct ssd_fio_file *sf, struct ssd_io *io, int error)
{
	struct io_u *io_u = io->cookie;
	char why[96], err[256];
	int r;

	if (error != EACCES && error != EPERM)
		return false;
	if (!sf->left_dev) {
		snprintf(why, sizeof(why), "its commands come back refused: %s", strerror(error));
		if (ssd_fallback(sf->td, io_u->file, sf, -error, why, err, sizeof(err)) < 0)
			return false;
	}
	io->dev = sf->dev;
	r = sf->ops->queue(sf->ctx, io);
	if (r == SSD_Q_QUEUED || r == SSD_Q_BUSY)
		return false; /* the fallbacks complete inside queue() */
	if (r < 0) {
		io->error = -r;
		io->resid = io->len;
	}
	return true;
}

/* True the first time job @td opens @f (false also when out of memory: say less). */
static bool ssd_first_open(struct ssd_fio_data *d, const struct fio_file *f)
{
	const unsigned int n = f->fileno - 64;

	if (f->fileno < 64) {
		const uint64_t bit = (uint64_t)1 << f->fileno;
		const bool first = !(d->told_first & bit);

		d->told_first |= bit;
		return first;
	}
	if (n >= d->ntold) {
		bool *t = realloc(d->told, (n + 1) * sizeof(*t));

		if (!t)
			return false;
		memset(t + d->ntold, 0, (n + 1 - d->ntold) * sizeof(*t));
		d->told = t;
		d->ntold = n + 1;
	}
	if (d->told[n])
		return false;
	d->told[n] = true;
	return true;
}

/*
 * The transport of each device once per process (while it stays the same), and once per job
 * and file the options set for it that it does not act on. The clones of a job (numjobs) say
 * nothing of the files they share with the first one (filename=: each clone is a process of its
 * own unless --thread, so the process-wide claim would not hold them back); files of their own
 * (filename_format with $jobnum, nrfiles in a directory) they name like any job.
 */
static void ssd_tell_transport(struct thread_data *td, const struct fio_file *f,
			       const struct ssd_fio_file *sf)
{
	const struct ssd_transport_ops *told;
	char idle[256], line[1024]; /* fio's log_err() takes 1,024 bytes */
	size_t len;
	int n;

	if ((td->subjob_number != 0 && td->o.filename) || !ssd_first_open(td->io_ops_data, f))
		return;
	ssd_report(td->io_ops_data, f->file_name, sf->ops->name, NULL, NULL);
	told = sf->ops;
	if (ssd_dev_cache_claim("told", f->file_name, &told, sizeof(told))) {
		char desc[256];

		ssd_describe(sf->ops, sf->dev, desc, sizeof(desc));
		len = ssd_transport_line(line, sizeof(line), f->file_name, sf->ops->name, desc);
		ssd_fio_emit(line, len);
	}
	n = ssd_fio_idle_options(td, sf->ops, idle, sizeof(idle));
	if (n) {
		snprintf(line, sizeof(line), "%s: note: %s %s no effect on %s", f->file_name, idle,
			 n == 1 ? "has" : "have", sf->ops->name);
		ssd_fio_say(line);
	}
}

/* Options whose data would be wrong where ignored: nvme_write_mode turns writes into other
 * commands (Write Zeroes, Compare, Verify) only NVMe has; a transport of another family, or one
 * that does not list the operation in its capabilities, would issue plain writes.
 * Return 0 or a job failure. The failure is EOPNOTSUPP, not EINVAL: fio (td_io_open_file())
 * answers an open_file hook that fails with EINVAL under direct=1 with "destination does not
 * support O_DIRECT", a guess that would stand beside the real reason. */
static int ssd_check_honoured(struct thread_data *td, const struct fio_file *f,
			      const struct ssd_transport_ops *ops)
{
	const struct ssd_fio_data *d = td->io_ops_data;
	char msg[320], mode[16];

	if (d->write_op == SSD_OP_WRITE ||
	    (ops->caps.family == SSD_FAMILY_NVME && (ops->caps.ops & SSD_OP_BIT(d->write_op))))
		return 0;
	ssd_fio_write_mode_text(td, mode, sizeof(mode));
	snprintf(msg, sizeof(msg),
		 "%s: nvme_write_mode=%s needs an NVMe namespace; %s would issue plain writes "
		 "(use nvme_write_mode=write or an ng/nvme device)",
		 f->file_name, mode, ops->name);
	return ssd_fail(td, EOPNOTSUPP, "nvme_write_mode", msg);
}

/* fio's own allow_mounted_write check sees block devices only: also ng, sg, partitions. What
 * the machine said is kept per process (a mount appearing under a running fio is not looked
 * for again). Return 0 or -errno with @err set. */
static int ssd_check_unused(const struct thread_data *td, const struct fio_file *f, char *err,
			    size_t errlen)
{
	char unused = 1;
	int ret;

	if (!(td_write(td) || td_trim(td)) || td->o.allow_mounted_write ||
	    ssd_dev_cache_get("unused", f->file_name, &unused, sizeof(unused)))
		return 0;
	ret = ssd_host_check_path_unused(
	    f->file_name, "before writing to it (or set allow_mounted_write=1)", err, errlen);
	if (!ret)
		ssd_dev_cache_put("unused", f->file_name, &unused, sizeof(unused));
	return ret;
}

/*
 * The job's open of @f: the device its sizing probe kept (ssd_keep_probe()), adopted by the
 * transport, else a new one; the transport line once per process and device.
 */
static int ssd_open_file(struct thread_data *td, struct fio_file *f)
{
	struct ssd_fio_data *d = td->io_ops_data;
	struct ssd_fio_file *sf = ssd_take_probe(d, f);
	struct ssd_dev *probe = NULL;
	char err[256], why[256];
	int ret;

	if (sf) {
		probe = sf->dev;
		sf->dev = NULL;
	} else {
		sf = ssd_file_new(d);
		if (!sf)
			return ssd_fail(td, ENOMEM, "open_file", "out of memory");
		sf->ops = ssd_pick(td, f, NULL, &d->th.opt);
	}
	FILE_SET_ENG_DATA(f, NULL);
	sf->td = td;
	sf->oflags = ssd_oflags(td);
	if (!sf->ops || ssd_check_honoured(td, f, sf->ops))
		goto fail;
	d->th.opt.io_bufs = ssd_io_bufs(td, d);
	ret = ssd_thread_ctx(&d->th, &sf->ops, &sf->ctx);
	if (ret < 0) {
		snprintf(err, sizeof(err), "%s: cannot start the %s transport: %s", f->file_name,
			 sf->ops->name, strerror(-ret));
		ssd_fail(td, -ret, "open_file", err);
		goto fail;
	}
	ret = ssd_check_unused(td, f, err, sizeof(err));
	if (ret < 0) {
		ssd_fail(td, -ret, "open_file", err);
		goto fail;
	}
	if (probe) {
		ret = sf->ops->adopt(sf->ctx, &d->th.opt, f->file_name, probe, &sf->geo, err,
				     sizeof(err));
		if (!ret)
			sf->dev = probe;
		probe = NULL; /* the transport's now, closed on error */
	} else {
		ret = sf->ops->open(sf->ctx, &d->th.opt, f->file_name, sf->oflags, &sf->dev,
				    &sf->geo, err, sizeof(err));
	}
	if (ret < 0) {
		snprintf(why, sizeof(why), "%s", err);
		if (ssd_fallback(td, f, sf, ret, why, err, sizeof(err)) == 0)
			ret = 0;
	}
	if (ret < 0) {
		ssd_fail(td, -ret, "open_file", err);
		goto fail;
	}
	ssd_tell_transport(td, f, sf);
	ssd_take_lane(d, sf);
	f->fd = sf->ops->dev_fd(sf->dev);
	FILE_SET_ENG_DATA(f, sf);
	return 0;
fail:
	if (probe)
		sf->ops->close(NULL, probe);
	ssd_file_free(d, sf);
	return 1;
}

static int ssd_close_file(struct thread_data *td, struct fio_file *f)
{
	struct ssd_fio_file *sf = FILE_ENG_DATA(f);

	if (sf) {
		sf->ops->close(sf->ctx, sf->dev);
		if (sf->left_dev)
			sf->left_ops->close(sf->left_ctx, sf->left_dev);
		ssd_file_free(td->io_ops_data, sf);
		FILE_SET_ENG_DATA(f, NULL);
	}
	ssd_dev_cache_done(f->file_name);
	f->fd = -1;
	return 0;
}

/* Any request the lane does not take: through the transport's queue(). */
static __attribute__((noinline)) enum fio_q_status ssd_queue_other(struct thread_data *td,
								   struct ssd_fio_data *d,
								   const struct ssd_fio_file *sf,
								   struct io_u *io_u)
{
	struct ssd_io *io = io_u->engine_data;
	int r;

	io->op = d->ddir_op[io_u->ddir];
	io->flags = d->ddir_flags[io_u->ddir];
	io->offset = io_u->offset;
	io->len = io_u->xfer_buflen;
	io->buf = io_u->xfer_buf;
	io->dev = sf->dev;
	r = sf->ops->queue(sf->ctx, io);
	if (r == SSD_Q_QUEUED) {
		d->queued[d->nqueued++] = io_u;
		return FIO_Q_QUEUED;
	}
	if (r == SSD_Q_BUSY)
		return FIO_Q_BUSY;
	/* done inside queue (a synchronous transport): it was issued when fio started it */
	if (fio_fill_issue_time(td))
		io_u->issue_time = io_u->start_time;
	if (r < 0) {
		io_u->error = -r;
	} else {
		io_u->error = io->error;
		io_u->resid = io->resid;
	}
	return FIO_Q_COMPLETED;
}

/* scsi-sg's lane (its own function: the registers it needs stay out of nvme-uring's path). */
static __attribute__((noinline)) enum fio_q_status ssd_queue_sg(struct thread_data *td,
								struct ssd_fio_data *d,
								const struct ssd_fio_file *sf,
								struct io_u *io_u)
{
	if (io_u->ddir <= DDIR_WRITE && sf->sg_tmpl[io_u->ddir] &&
	    ssd_tp_sg_lane_rw(sf->sg, sf->sgdev, sf->sg_tmpl[io_u->ddir], io_u->ddir, io_u->offset,
			      io_u->xfer_buflen, io_u->xfer_buf, io_u->engine_data)) {
		d->queued[d->nqueued++] = io_u;
		return FIO_Q_QUEUED;
	}
	return ssd_queue_other(td, d, sf, io_u);
}

/* fio checks the io_u (fio_ro_check()) and zeroes its error and resid before calling queue. */
static enum fio_q_status ssd_queue(struct thread_data *td, struct io_u *io_u)
{
	const struct ssd_fio_file *sf = FILE_ENG_DATA(io_u->file);
	struct ssd_fio_data *d = td->io_ops_data;

	_Static_assert(DDIR_READ == 0 && DDIR_WRITE == 1, "the lanes' directions are fio's");
	if (sf->lane && io_u->ddir <= DDIR_WRITE &&
	    ssd_tp_uring_lane_rw(sf->lane, &sf->rw, io_u->ddir, io_u->offset, io_u->xfer_buflen,
				 io_u->xfer_buf, io_u->engine_data)) {
		d->queued[d->nqueued++] = io_u;
		return FIO_Q_QUEUED;
	}
	if (sf->sg)
		return ssd_queue_sg(td, d, sf, io_u);
	return ssd_queue_other(td, d, sf, io_u);
}

/*
 * The engine says when its I/Os were issued (FIO_ASYNCIO_SETS_ISSUE_TIME): one clock read per
 * commit, before the transport submits (and, with a full queue, may wait there for a completion),
 * and fio's submission latency sample for each (io_u_queued()) and its submit count, as fio's
 * own io_uring engine does. The issue time is also each command's start for the transports
 * (ssd_io.issued): stamped even when fio wants none.
 */
static inline __attribute__((always_inline)) void ssd_issued(struct thread_data *td,
							     struct ssd_fio_data *d)
{
	struct timespec *now = &d->queued[0]->issue_time;

	fio_gettime(now, NULL);
	for (unsigned int i = 1; i < d->nqueued; i++)
		d->queued[i]->issue_time = *now;
	if (d->slat)
		for (unsigned int i = 0; i < d->nqueued; i++)
			io_u_queued(td, d->queued[i]);
	io_u_mark_submit(td, d->nqueued);
	if (td->o.read_iolog_file)
		td->last_issue = *now;
	d->nqueued = 0;
}

/* scsi-sg's lane (out of line, as ssd_queue_sg()). */
static __attribute__((noinline)) int ssd_commit_sg(struct ssd_tp_sg_ctx *c)
{
	return ssd_tp_sg_lane_commit(c);
}

static __attribute__((noinline)) int ssd_commit_batch(struct thread_data *td,
						      struct ssd_fio_data *d)
{
	int ret;

	if (d->nqueued)
		ssd_issued(td, d);
	if (d->lane)
		ret = ssd_tp_uring_lane_submit(d->lane);
	else if (d->sg)
		ret = ssd_commit_sg(d->sg);
	else
		ret = d->th.nt == 1 ? d->th.t[0].ops->commit(d->th.t[0].ctx)
				    : ssd_thread_commit(&d->th);
	if (ret < 0)
		td_verror(td, -ret, "commit");
	return ret;
}

/* commit and getevents drive the lane when nvme-uring is the job's only transport (the usual
 * case), the transport through its ops when it is another, ssd_thread's loop over transports
 * when there are several. fio commits again before each reap that waits: nothing to do then. */
static int ssd_commit(struct thread_data *td)
{
	struct ssd_fio_data *d = td->io_ops_data;

	if (d->lane ? !d->nqueued && !d->lane->queued : d->sg && !d->nqueued && !d->sg->npending)
		return 0;
	return ssd_commit_batch(td, d);
}

/* A command of the lane ended with @res (an NVMe status or -errno): give @io what the lane's
 * own path left out (the range, for the log line), decode, and hand fio the error. */
static void ssd_lane_failed(struct ssd_tp_uring_lane *l, struct ssd_io *io, int res)
{
	struct io_u *io_u = io->cookie;
	struct ssd_fio_file *sf = FILE_ENG_DATA(io_u->file);

	if (io_u->ddir <= DDIR_WRITE && sf->rw.sqe[io_u->ddir]) {
		io->op = io_u->ddir == DDIR_READ ? SSD_OP_READ : SSD_OP_WRITE;
		io->flags = ((struct ssd_fio_data *)sf->td->io_ops_data)->ddir_flags[io_u->ddir];
		io->offset = io_u->offset;
		io->len = io_u->xfer_buflen;
		io->buf = io_u->xfer_buf;
		io->dev = sf->dev;
	}
	if (res >= 0 || !ssd_run_refused(sf, io, -res))
		ssd_tp_uring_lane_status(l, io, res);
	io_u->error = io->error;
	io_u->resid = io->resid;
}

/* Reap through the transport(s): what they complete becomes fio's events from @at on. */
static __attribute__((noinline)) int ssd_getevents_other(struct ssd_fio_data *d, unsigned int min,
							 unsigned int max, const struct timespec *t,
							 unsigned int at)
{
	int r = d->th.nt == 1 ? d->th.t[0].ops->reap(d->th.t[0].ctx, min, max, d->th.events, t)
			      : ssd_thread_reap(&d->th, min, max, t);

	for (int i = 0; i < r; i++) {
		struct ssd_io *io = d->th.events[i];
		struct io_u *io_u = io->cookie;

		if (io->error == EACCES || io->error == EPERM)
			ssd_run_refused(FILE_ENG_DATA(io_u->file), io, io->error);
		io_u->error = io->error;
		io_u->resid = io->resid;
		d->evs[at + i] = io_u;
	}
	return r;
}

/* Wait for what is missing, or reap through the transport. */
static __attribute__((noinline)) int ssd_getevents_wait(struct ssd_fio_data *d, unsigned int min,
							unsigned int max, const struct timespec *t)
{
	return ssd_tp_uring_lane_reap(d->lane, min, max, (void **)d->evs, true, t, ssd_lane_failed);
}

/* scsi-sg: what its lane takes inline when fio waits with no time limit, the rest (errors,
 * retries, timeouts) through its reap. */
static __attribute__((noinline)) int ssd_getevents_sg(struct ssd_fio_data *d, unsigned int min,
						      unsigned int max, const struct timespec *t)
{
	unsigned int n = min && !t ? ssd_tp_sg_lane_take(d->sg, max, (void **)d->evs) : 0;
	int r;

	if (n && n >= min)
		return (int)n;
	r = ssd_getevents_other(d, min > n ? min - n : 0, max - n, t, n);
	return r < 0 ? (n ? (int)n : r) : (int)n + r;
}

/* @n completions read, some failed: hand those to fio with their errors, then take them all. */
static __attribute__((noinline)) int ssd_getevents_failed(struct ssd_fio_data *d, unsigned int n)
{
	struct ssd_tp_uring_lane *l = d->lane; /* a fallback may leave it (ssd_run_refused()) */

	ssd_tp_uring_lane_failures(l, n, ssd_lane_failed);
	ssd_tp_uring_lane_consume(l, n);
	return (int)n;
}

/* What a full commit waited for is in the ring already: read it, and take it when it is what
 * fio asked for; else (or if some failed) the calls out of line do the rest. */
static int ssd_getevents(struct thread_data *td, unsigned int min, unsigned int max,
			 const struct timespec *t)
{
	struct ssd_fio_data *d = td->io_ops_data;
	struct ssd_tp_uring_lane *l = d->lane;
	unsigned int n;
	int bad;

	if (max > d->nios)
		max = d->nios;
	if (!l)
		return d->sg ? ssd_getevents_sg(d, min, max, t)
			     : ssd_getevents_other(d, min, max, t, 0);
	if (!l->queued) {
		n = ssd_tp_uring_lane_peek(l, max, (void **)d->evs, true, &bad);
		if (n && n >= min) {
			if (__builtin_expect(bad != 0, 0))
				return ssd_getevents_failed(d, n);
			ssd_tp_uring_lane_consume(l, n);
			return (int)n;
		}
	}
	return ssd_getevents_wait(d, min, max, t);
}

static struct io_u *ssd_event(struct thread_data *td, int ev)
{
	return ((struct ssd_fio_data *)td->io_ops_data)->evs[ev];
}

struct ioengine_ops ioengine __attribute__((visibility("default"))) = {
    .name = "ssdeng",
    .version = FIO_IOOPS_VERSION,
    .flags = FIO_RAWIO | FIO_MEMALIGN | FIO_ASYNCIO_SETS_ISSUE_TIME,
    .init = ssd_init,
    .cleanup = ssd_cleanup,
    .io_u_init = ssd_io_u_init,
    .queue = ssd_queue,
    .commit = ssd_commit,
    .getevents = ssd_getevents,
    .event = ssd_event,
    .open_file = ssd_open_file,
    .close_file = ssd_close_file,
    .get_file_size = ssd_get_file_size,
    .options = ssd_fio_options,
    .option_struct_size = sizeof(struct ssd_fio_opts),
};

/*
 * The fio that dlopen()ed us exports the version it prints (fio --version; init.c); weak, so the
 * engine still loads into a program that is not fio. SSD_FIO_BUILT_FOR is the version of the
 * source tree the glue was compiled against (Makefile, from the tree's FIO-VERSION-FILE).
 */
#ifndef SSD_FIO_BUILT_FOR
#error "SSD_FIO_BUILT_FOR (the fio version of FIO_SRC, e.g. \"fio-3.33\") must be defined"
#endif
#pragma weak fio_version_string

/*
 * At dlopen(), before fio reads ioengine: the glue reads fio's structs directly, and their layout
 * changes between releases even where FIO_IOOPS_VERSION does not (3.30-3.33 all say 31). On
 * another fio, say so once and zero ioengine.version, so fio refuses the engine before calling
 * any hook (its own "bad ioops version" line follows ours).
 */
static void __attribute__((constructor)) ssd_fio_load(void)
{
	const char *running = fio_version_string;

	ssd_log_set_sink(ssd_fio_sink);
	if (!running || !strcmp(running, SSD_FIO_BUILT_FOR))
		return;
	log_err("libssdeng.so was built for %s but this fio is %s: run make (it fetches the "
		"matching source) or make FIO_SRC=/path/to/%s\n",
		SSD_FIO_BUILT_FOR, running, running);
	ioengine.version = 0;
}
