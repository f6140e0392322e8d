// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_options.c - the engine options (fio --enghelp=external:libssdeng.so lists them).
 * Values fio's parser rejects (a transport=foo, a scsi_cdb=12) fail the job at parse time
 * with fio's message naming the option and the accepted values.
 */
#include "fio.h"
#include "optgroup.h"

#include "fio_glue.h"

static const char *const nvme_modes[] = { "auto", "uring", "ioctl" };
static const char *const scsi_modes[] = { "auto", "async", "sgio" };
static const char *const nvme_write_modes[] = { "write", "zeroes", "compare", "verify" };

#define OPT_BOOL_DEF(nm, field, text, dflt)                                                    \
	{ .name = nm, .lname = nm, .type = FIO_OPT_BOOL,                                       \
	  .off1 = offsetof(struct ssd_fio_opts, field), .help = text, .def = dflt,             \
	  .category = FIO_OPT_C_ENGINE, .group = FIO_OPT_G_INVALID }
#define OPT_BOOL(nm, field, text) OPT_BOOL_DEF(nm, field, text, "0")

struct fio_option ssd_fio_options[] = {
	{
		.name = "transport",
		.lname = "ssdeng transport",
		.type = FIO_OPT_STR,
		.off1 = offsetof(struct ssd_fio_opts, transport),
		.help = "How to talk to the drive (per file)",
		.def = "auto",
		.posval = {
			{ .ival = "auto", .oval = SSD_FAMILY_AUTO,
			  .help = "From the file: ng/nvme namespace -> nvme, sg/sd -> scsi, else block" },
			{ .ival = "nvme", .oval = SSD_FAMILY_NVME, .help = "NVMe I/O commands (passthrough)" },
			{ .ival = "scsi", .oval = SSD_FAMILY_SCSI, .help = "SCSI commands through sg" },
			{ .ival = "block", .oval = SSD_FAMILY_BLOCK, .help = "Block layer, libaio + O_DIRECT" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "nvme_mode",
		.lname = "NVMe submission path",
		.type = FIO_OPT_STR,
		.off1 = offsetof(struct ssd_fio_opts, nvme_mode),
		.help = "NVMe passthrough path",
		.def = "auto",
		.posval = {
			{ .ival = "auto", .oval = 0, .help = "io_uring, ioctl when io_uring is unavailable" },
			{ .ival = "uring", .oval = 1, .help = "io_uring NVME_URING_CMD_IO (async)" },
			{ .ival = "ioctl", .oval = 2, .help = "NVME_IOCTL_IO64_CMD (sync)" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "scsi_mode",
		.lname = "SCSI submission path",
		.type = FIO_OPT_STR,
		.off1 = offsetof(struct ssd_fio_opts, scsi_mode),
		.help = "SCSI generic path",
		.def = "auto",
		.posval = {
			{ .ival = "auto", .oval = 0, .help = "async sg" },
			{ .ival = "async", .oval = 1, .help = "sg v3 write()/read(), polled" },
			{ .ival = "sgio", .oval = 2, .help = "SG_IO ioctl (sync)" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "nvme_write_mode",
		.lname = "NVMe write command",
		.type = FIO_OPT_STR,
		.off1 = offsetof(struct ssd_fio_opts, nvme_write_mode),
		.help = "Command fio's writes become on NVMe",
		.def = "write",
		.posval = {
			{ .ival = "write", .oval = 0, .help = "Write" },
			{ .ival = "zeroes", .oval = 1, .help = "Write Zeroes (no data transfer)" },
			{ .ival = "compare", .oval = 2, .help = "Compare against the buffer" },
			{ .ival = "verify", .oval = 3, .help = "Verify (drive reads and checks, no transfer)" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "scsi_timeout",
		.lname = "SCSI command timeout",
		.type = FIO_OPT_INT,
		.off1 = offsetof(struct ssd_fio_opts, scsi_timeout),
		.help = "SCSI command timeout in ms",
		.def = "30000",
		.minval = 1,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "nvme_timeout",
		.lname = "NVMe command timeout",
		.type = FIO_OPT_INT,
		.off1 = offsetof(struct ssd_fio_opts, nvme_timeout),
		.help = "NVMe passthrough command timeout in ms (0: the kernel's nvme_core.io_timeout)",
		.def = "0",
		.minval = 0,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "scsi_cdb",
		.lname = "SCSI CDB size",
		.type = FIO_OPT_STR,
		.off1 = offsetof(struct ssd_fio_opts, scsi_cdb),
		.help = "READ/WRITE CDB size",
		.def = "auto",
		.posval = {
			{ .ival = "auto", .oval = 0, .help = "10 where LBA and length fit, else 16" },
			{ .ival = "10", .oval = 10, .help = "READ(10)/WRITE(10)" },
			{ .ival = "16", .oval = 16, .help = "READ(16)/WRITE(16)" },
		},
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	/* on by default: registered buffers spare the kernel pinning pages for every command,
	 * registered files the fd lookup; each falls back with a warning where refused */
	OPT_BOOL_DEF("fixedbufs", fixedbufs, "io_uring: registered buffers", "1"),
	OPT_BOOL_DEF("registerfiles", registerfiles, "io_uring: registered files", "1"),
	OPT_BOOL("sqthread_poll", sqthread_poll, "io_uring: kernel SQ polling thread"),
	OPT_BOOL("hipri", hipri, "io_uring: polled completions (needs NVMe poll queues)"),
	OPT_BOOL("readfua", readfua, "Force Unit Access on reads"),
	OPT_BOOL("writefua", writefua, "Force Unit Access on writes"),
	OPT_BOOL("deac", deac, "NVMe Write Zeroes: deallocate"),
	OPT_BOOL("write_same_unmap", write_same_unmap, "SCSI trim as WRITE SAME(16) with UNMAP"),
	{
		.name = "pi_act",
		.lname = "Protection information action",
		.type = FIO_OPT_INT,
		.off1 = offsetof(struct ssd_fio_opts, pi_act),
		.help = "NVMe PRACT bit (0 or 1)",
		.def = "0",
		.minval = 0,
		.maxval = 1,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "pi_chk",
		.lname = "Protection information checks",
		.type = FIO_OPT_INT,
		.off1 = offsetof(struct ssd_fio_opts, pi_chk),
		.help = "NVMe PRCHK bits: 4 guard, 2 application tag, 1 reference tag",
		.def = "0",
		.minval = 0,
		.maxval = 7,
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "md_per_io_size",
		.lname = "Separate metadata buffer size",
		.type = FIO_OPT_INT,
		.off1 = offsetof(struct ssd_fio_opts, md_per_io_size),
		.help = "Bytes of separate metadata buffer per I/O (0: from the LBA format)",
		.def = "0",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{ .name = NULL },
};

void ssd_fio_to_options(const struct thread_data *td, struct ssd_options *out)
{
	const struct ssd_fio_opts *o = td->eo;

	memset(out, 0, sizeof(*out));
	out->depth = td->o.iodepth ? td->o.iodepth : 1;
	out->max_bs = td->o.max_bs[DDIR_READ] > td->o.max_bs[DDIR_WRITE] ? td->o.max_bs[DDIR_READ]
									 : td->o.max_bs[DDIR_WRITE];
	out->nvme_mode = nvme_modes[o->nvme_mode];
	out->scsi_mode = scsi_modes[o->scsi_mode];
	out->nvme_write_mode = nvme_write_modes[o->nvme_write_mode];
	out->scsi_timeout_ms = o->scsi_timeout;
	out->nvme_timeout_ms = o->nvme_timeout;
	out->scsi_cdb = o->scsi_cdb;
	out->fixedbufs = o->fixedbufs;
	out->registerfiles = o->registerfiles;
	out->sqthread_poll = o->sqthread_poll;
	out->hipri = o->hipri;
	out->readfua = o->readfua;
	out->writefua = o->writefua;
	out->deac = o->deac;
	out->write_same_unmap = o->write_same_unmap;
	out->pi_act = o->pi_act;
	out->pi_chk = o->pi_chk;
	out->md_per_io_size = o->md_per_io_size;
}
