// SPDX-License-Identifier: GPL-2.0-only
/*
 * fio_options.c - the engine options (fio --enghelp=external:libssdeng.so lists them).
 * Values fio's parser rejects (a transport=foo, a scsi_cdb=12) fail the job at parse time
 * with fio's message naming the option and the accepted values.
 *
 * The numeric options are parsed here, not by fio's FIO_OPT_INT: fio 3.33 splits an integer
 * value at '-' (read-write pairs), so "scsi_timeout=-5" became the values "-5" and "5", the
 * range error of the first was overwritten by the success of the second and the job ran with
 * the default; a minval of 0 means "no minimum" to fio, so "nvme_timeout=-1" was stored as
 * 4294967295. The 0/1 switches are parsed here too: fio's FIO_OPT_BOOL has the same split, no
 * minimum (so "readfua=-1" was stored as 4294967295) and reads the value with sscanf's %u (so
 * "hipri=4294967296" became 0 and "deac=1abc" 1). A string option with a callback gets the value
 * whole.
 *
 * The named values are parsed by fio into the contract's enums (core/transport.h): each posval's
 * oval is the enum value, so nothing after parsing compares the strings.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

#include "fio.h"
#include "optgroup.h"
#include "verify.h"

#include "fio/fio_glue.h"

/*
 * ssd_opt_uint() - parse @str, the value of option @name, as a decimal integer in [@lo, @hi]
 * into *@out. Return 0, or 1 (fio's parse failure) after a message naming the option and range.
 */
static int ssd_opt_uint(const char *name, const char *str, unsigned int lo, unsigned int hi,
			unsigned int *out)
{
	unsigned long long v;
	char *end;

	errno = 0;
	/* digits only: strtoull() would also take a sign, leading blanks and wrap "-1" */
	v = str && isdigit((unsigned char)*str) ? strtoull(str, &end, 10) : 0;
	if (!str || !isdigit((unsigned char)*str) || *end || errno || v < lo || v > hi) {
		log_err("ssdeng: %s=%s is not valid: expected an integer from %u to %u\n", name,
			str ? str : "", lo, hi);
		return 1;
	}
	*out = (unsigned int)v;
	return 0;
}

#define OPT_UINT_CB(field, lo, hi)                                                                 \
	static int ssd_opt_##field(void *data, const char *str)                                    \
	{                                                                                          \
		return ssd_opt_uint(#field, str, lo, hi, &((struct ssd_fio_opts *)data)->field);   \
	}
/* one hour: far beyond any command a drive completes */
#define SSD_TIMEOUT_MAX_MS 3600000u
OPT_UINT_CB(scsi_timeout, 1, SSD_TIMEOUT_MAX_MS)
OPT_UINT_CB(nvme_timeout, 0, SSD_TIMEOUT_MAX_MS)
OPT_UINT_CB(pi_act, 0, 1)
OPT_UINT_CB(pi_chk, 0, 7)
OPT_UINT_CB(md_per_io_size, 0, 1u << 24)
OPT_UINT_CB(fixedbufs, 0, 1)
OPT_UINT_CB(registerfiles, 0, 1)
OPT_UINT_CB(sqthread_poll, 0, 1)
OPT_UINT_CB(hipri, 0, 1)
OPT_UINT_CB(readfua, 0, 1)
OPT_UINT_CB(writefua, 0, 1)
OPT_UINT_CB(deac, 0, 1)
OPT_UINT_CB(write_same_unmap, 0, 1)

#define OPT_UINT(nm, field, text, dflt)                                                            \
	{                                                                                          \
		.name = nm, .lname = nm, .type = FIO_OPT_STR, .cb = ssd_opt_##field,               \
		.off1 = offsetof(struct ssd_fio_opts, field), .help = text, .def = dflt,           \
		.category = FIO_OPT_C_ENGINE, .group = FIO_OPT_G_INVALID                           \
	}
/* a 0/1 switch */
#define OPT_BOOL_DEF(nm, field, text, dflt) OPT_UINT(nm, field, text " (0 or 1)", dflt)
#define OPT_BOOL(nm, field, text) OPT_BOOL_DEF(nm, field, text, "0")

struct fio_option ssd_fio_options[] = {
    {
	.name = "transport",
	.lname = "ssdeng transport",
	.type = FIO_OPT_STR,
	.off1 = offsetof(struct ssd_fio_opts, transport),
	.help = "How to talk to the drive (per file)",
	.def = "auto",
	/* .posval: the registry's families (core/transport_registry.h), filled as the library is
	 * loaded (ssd_need_opt_init()) */
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
	.posval =
	    {
		{.ival = "auto",
		 .oval = SSD_NVME_MODE_AUTO,
		 .help = "io_uring, ioctl when io_uring is unavailable"},
		{.ival = "uring",
		 .oval = SSD_NVME_MODE_URING,
		 .help = "io_uring NVME_URING_CMD_IO (async)"},
		{.ival = "ioctl",
		 .oval = SSD_NVME_MODE_IOCTL,
		 .help = "NVME_IOCTL_IO64_CMD (sync)"},
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
	.posval =
	    {
		{.ival = "auto", .oval = SSD_SCSI_MODE_AUTO, .help = "async sg"},
		{.ival = "async",
		 .oval = SSD_SCSI_MODE_ASYNC,
		 .help = "sg v3 write()/read(), polled"},
		{.ival = "sgio", .oval = SSD_SCSI_MODE_SGIO, .help = "SG_IO ioctl (sync)"},
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
	.posval =
	    {
		{.ival = "write", .oval = SSD_OP_WRITE, .help = "Write"},
		{.ival = "zeroes",
		 .oval = SSD_OP_WRITE_ZEROES,
		 .help = "Write Zeroes (no data transfer)"},
		{.ival = "compare", .oval = SSD_OP_COMPARE, .help = "Compare against the buffer"},
		{.ival = "verify",
		 .oval = SSD_OP_VERIFY,
		 .help = "Verify (drive reads and checks, no transfer)"},
	    },
	.category = FIO_OPT_C_ENGINE,
	.group = FIO_OPT_G_INVALID,
    },
    OPT_UINT("scsi_timeout", scsi_timeout, "SCSI command timeout in ms (1 to 3600000)", "30000"),
    OPT_UINT("nvme_timeout", nvme_timeout,
	     "NVMe passthrough command timeout in ms, 0 to 3600000 (0: nvme_core.io_timeout)", "0"),
    {
	.name = "scsi_cdb",
	.lname = "SCSI CDB size",
	.type = FIO_OPT_STR,
	.off1 = offsetof(struct ssd_fio_opts, scsi_cdb),
	.help = "READ/WRITE CDB size",
	.def = "auto",
	.posval =
	    {
		{.ival = "auto",
		 .oval = SSD_CDB_AUTO,
		 .help = "10 where LBA and length fit, else 16"},
		{.ival = "10", .oval = SSD_CDB_10, .help = "READ(10)/WRITE(10)"},
		{.ival = "16", .oval = SSD_CDB_16, .help = "READ(16)/WRITE(16)"},
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
    OPT_UINT("pi_act", pi_act, "NVMe PRACT bit (0 or 1)", "0"),
    OPT_UINT("pi_chk", pi_chk,
	     "NVMe PRCHK bits, 0 to 7: 4 guard, 2 application tag, 1 reference tag", "0"),
    OPT_UINT("md_per_io_size", md_per_io_size,
	     "Bytes of separate metadata buffer per I/O, 0 to 16777216 (0: from the LBA format)",
	     "0"),
    {.name = NULL},
};

void ssd_fio_to_options(const struct thread_data *td, struct ssd_options *out)
{
	const struct ssd_fio_opts *o = td->eo;

	memset(out, 0, sizeof(*out));
	out->depth = td->o.iodepth ? td->o.iodepth : 1;
	out->max_bs = td->o.max_bs[DDIR_READ] > td->o.max_bs[DDIR_WRITE] ? td->o.max_bs[DDIR_READ]
									 : td->o.max_bs[DDIR_WRITE];
	if (td_read(td) || td->o.verify != VERIFY_NONE)
		out->ops |= SSD_OP_BIT(SSD_OP_READ);
	if (td_write(td))
		out->ops |= SSD_OP_BIT(ssd_fio_write_op(td));
	if (td_trim(td))
		out->ops |= SSD_OP_BIT(SSD_OP_TRIM);
	if (td->o.fsync_blocks || td->o.fdatasync_blocks || td->o.end_fsync || td->o.fsync_on_close)
		out->ops |= SSD_OP_BIT(SSD_OP_FLUSH);
	out->nvme_mode = (enum ssd_nvme_mode)o->nvme_mode;
	out->scsi_mode = (enum ssd_scsi_mode)o->scsi_mode;
	out->scsi_timeout_ms = o->scsi_timeout;
	out->nvme_timeout_ms = o->nvme_timeout;
	out->scsi_cdb = (enum ssd_cdb_size)o->scsi_cdb;
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

enum ssd_op ssd_fio_write_op(const struct thread_data *td)
{
	const struct ssd_fio_opts *o = td->eo;

	switch (o->nvme_write_mode) {
	case SSD_OP_WRITE_ZEROES:
	case SSD_OP_COMPARE:
	case SSD_OP_VERIFY:
		return (enum ssd_op)o->nvme_write_mode;
	default:
		return SSD_OP_WRITE;
	}
}

/*
 * What an engine option needs of a transport to act on it: a family (the options named after
 * one) or a capability. The transports declare theirs (struct ssd_transport_caps); an option
 * not listed acts on every transport. The order is the order of the "no effect" note.
 */
static const struct {
	size_t off; /* offsetof(struct ssd_fio_opts, the option) */
	enum ssd_transport_family family;
	uint32_t caps; /* enum ssd_transport_cap */
} ssd_opt_needs[] = {
#define NEEDS_FAMILY(field, fam)                                                                   \
	{                                                                                          \
		offsetof(struct ssd_fio_opts, field), fam, 0                                       \
	}
#define NEEDS_CAP(field, cap)                                                                      \
	{                                                                                          \
		offsetof(struct ssd_fio_opts, field), SSD_FAMILY_AUTO, cap                         \
	}
    NEEDS_FAMILY(nvme_mode, SSD_FAMILY_NVME),
    NEEDS_FAMILY(nvme_write_mode, SSD_FAMILY_NVME),
    NEEDS_FAMILY(nvme_timeout, SSD_FAMILY_NVME),
    NEEDS_FAMILY(deac, SSD_FAMILY_NVME),
    NEEDS_FAMILY(pi_act, SSD_FAMILY_NVME),
    NEEDS_FAMILY(pi_chk, SSD_FAMILY_NVME),
    NEEDS_FAMILY(md_per_io_size, SSD_FAMILY_NVME),
    NEEDS_CAP(fixedbufs, SSD_CAP_IO_URING),
    NEEDS_CAP(registerfiles, SSD_CAP_IO_URING),
    NEEDS_CAP(sqthread_poll, SSD_CAP_IO_URING),
    NEEDS_CAP(hipri, SSD_CAP_IO_URING),
    NEEDS_CAP(readfua, SSD_CAP_READ_FUA),
    NEEDS_CAP(writefua, SSD_CAP_WRITE_FUA),
    NEEDS_FAMILY(scsi_mode, SSD_FAMILY_SCSI),
    NEEDS_FAMILY(scsi_timeout, SSD_FAMILY_SCSI),
    NEEDS_FAMILY(scsi_cdb, SSD_FAMILY_SCSI),
    NEEDS_FAMILY(write_same_unmap, SSD_FAMILY_SCSI),
#undef NEEDS_FAMILY
#undef NEEDS_CAP
};

/* The option's default as stored: the posval of a named default, else the number. */
static unsigned int ssd_opt_default(const struct fio_option *o)
{
	for (int i = 0; i < PARSE_MAX_VP && o->posval[i].ival; i++)
		if (!strcmp(o->posval[i].ival, o->def))
			return (unsigned int)o->posval[i].oval;
	return (unsigned int)strtoul(o->def, NULL, 10);
}

static void ssd_opt_value(const struct fio_option *o, unsigned int v, char *buf, size_t len)
{
	for (int i = 0; i < PARSE_MAX_VP && o->posval[i].ival; i++)
		if (o->posval[i].oval == v) {
			snprintf(buf, len, "%s", o->posval[i].ival);
			return;
		}
	snprintf(buf, len, "%u", v);
}

/* The option stored at offset @off of struct ssd_fio_opts. */
static const struct fio_option *ssd_opt_at(size_t off)
{
	for (const struct fio_option *o = ssd_fio_options; o->name; o++)
		if (o->off1 == off)
			return o;
	return NULL;
}

/* Each need's option and its default as stored, looked up as the library is loaded (the option
 * table is constant; once per process, before any job): a job's check then compares values. */
static struct {
	const struct fio_option *o;
	unsigned int def;
} ssd_need_opt[sizeof(ssd_opt_needs) / sizeof(ssd_opt_needs[0])];

/* The needs (bit i: ssd_opt_needs[i]) that a transport declaring @caps does not act on. */
static uint32_t ssd_idle_needs_of(const struct ssd_transport_caps *caps)
{
	uint32_t idle = 0;

	_Static_assert(sizeof(ssd_opt_needs) / sizeof(ssd_opt_needs[0]) <= 32, "one bit a need");
	for (size_t i = 0; i < sizeof(ssd_opt_needs) / sizeof(ssd_opt_needs[0]); i++)
		if (ssd_need_opt[i].o &&
		    !((ssd_opt_needs[i].family == SSD_FAMILY_AUTO ||
		       ssd_opt_needs[i].family == caps->family) &&
		      (caps->flags & ssd_opt_needs[i].caps) == ssd_opt_needs[i].caps))
			idle |= (uint32_t)1 << i;
	return idle;
}

/* The needs each registered transport (core/transport_registry.h, by index) does not act on,
 * decided with the option table as the library is loaded: a job's check compares only those
 * options' values. */
static uint32_t ssd_idle_tp_needs[SSD_TRANSPORT_N];

/* The transport= values: the registry's families, each posval's oval its enum value. */
static void ssd_transport_posvals(void)
{
	struct fio_option *o = ssd_fio_options;

	while (o->name && o->off1 != offsetof(struct ssd_fio_opts, transport))
		o++;
	for (size_t i = 0; o->name && i < ssd_family_count() && i < PARSE_MAX_VP; i++) {
		o->posval[i].ival = ssd_family_at(i)->name;
		o->posval[i].oval = ssd_family_at(i)->family;
		o->posval[i].help = ssd_family_at(i)->help;
	}
}

__attribute__((constructor)) static void ssd_need_opt_init(void)
{
	ssd_transport_posvals();
	for (size_t i = 0; i < sizeof(ssd_opt_needs) / sizeof(ssd_opt_needs[0]); i++) {
		ssd_need_opt[i].o = ssd_opt_at(ssd_opt_needs[i].off);
		if (ssd_need_opt[i].o)
			ssd_need_opt[i].def = ssd_opt_default(ssd_need_opt[i].o);
	}
	for (size_t t = 0; t < SSD_TRANSPORT_N; t++)
		ssd_idle_tp_needs[t] = ssd_idle_needs_of(&ssd_transport_at(t)->ops->caps);
}

int ssd_fio_idle_options(const struct thread_data *td, const struct ssd_transport_ops *ops,
			 char *buf, size_t len)
{
	uint32_t idle = 0;
	size_t used = 0, t;
	int n = 0;

	for (t = 0; t < SSD_TRANSPORT_N; t++)
		if (ssd_transport_at(t)->ops == ops)
			break;
	idle = t < SSD_TRANSPORT_N ? ssd_idle_tp_needs[t] : ssd_idle_needs_of(&ops->caps);
	buf[0] = '\0';
	for (; idle; idle &= idle - 1) {
		const unsigned int i = (unsigned int)__builtin_ctz(idle);
		const struct fio_option *o = ssd_need_opt[i].o;
		unsigned int v;
		char val[32];

		v = *(const unsigned int *)((const char *)td->eo + o->off1);
		if (v == ssd_need_opt[i].def)
			continue;
		ssd_opt_value(o, v, val, sizeof(val));
		if (used < len)
			used += snprintf(buf + used, len - used, "%s%s=%s", n ? ", " : "", o->name,
					 val);
		n++;
	}
	return n;
}

void ssd_fio_write_mode_text(const struct thread_data *td, char *buf, size_t len)
{
	const struct ssd_fio_opts *eo = td->eo;
	const struct fio_option *o = ssd_opt_at(offsetof(struct ssd_fio_opts, nvme_write_mode));

	if (o)
		ssd_opt_value(o, eo->nvme_write_mode, buf, len);
	else
		snprintf(buf, len, "%u", eo->nvme_write_mode);
}
