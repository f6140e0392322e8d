/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio_glue.h - the engine options as fio parses them (engine/fio/fio_options.c) and their
 * conversion to struct ssd_options. Included only by the files of engine/fio/, which see fio's
 * headers.
 */
#ifndef SSDENG_FIO_GLUE_H
#define SSDENG_FIO_GLUE_H

#include "core/transport.h"
#include "core/transport_select.h"

struct thread_data;
struct fio_option;

/* Engine options, filled by fio's parser from the job (td->eo). */
struct ssd_fio_opts {
	void *pad; /* fio's parser treats off1 == 0 as "no option": keep a first field */
	/* fio stores the named values as the enums of core/transport.h (each posval's oval) */
	unsigned int transport;	      /* enum ssd_transport_family */
	unsigned int nvme_mode;	      /* enum ssd_nvme_mode */
	unsigned int scsi_mode;	      /* enum ssd_scsi_mode */
	unsigned int nvme_write_mode; /* enum ssd_op fio's writes become: SSD_OP_WRITE,
				       * _WRITE_ZEROES, _COMPARE or _VERIFY */
	unsigned int scsi_timeout;    /* ms */
	unsigned int nvme_timeout;    /* ms, 0 = the kernel's default */
	unsigned int scsi_cdb;	      /* enum ssd_cdb_size */
	unsigned int fixedbufs, registerfiles, sqthread_poll, hipri;
	unsigned int readfua, writefua, deac, write_same_unmap;
	unsigned int pi_act, pi_chk;
	unsigned int md_per_io_size;
};

extern struct fio_option ssd_fio_options[];

/* The engine's version: git describe of the build ("v1.2-3-gabcdef"), for its report
 * (core/transport_report.h). */
extern const char ssd_engine_version[];

/* ssd_fio_to_options() - the transport options of job @td (engine options + iodepth). */
void ssd_fio_to_options(const struct thread_data *td, struct ssd_options *out);

/*
 * ssd_fio_write_op() - what fio's writes of job @td become (nvme_write_mode): SSD_OP_WRITE,
 * SSD_OP_WRITE_ZEROES, SSD_OP_COMPARE or SSD_OP_VERIFY.
 */
enum ssd_op ssd_fio_write_op(const struct thread_data *td);

/* ssd_fio_write_mode_text() - the nvme_write_mode of job @td as written ("zeroes"). */
void ssd_fio_write_mode_text(const struct thread_data *td, char *buf, size_t len);

/*
 * ssd_fio_idle_options() - the engine options of job @td set away from their defaults that
 * transport @ops does not act on (by its family and capabilities, @ops->caps), as
 * "name=value, ..." in @buf (size @len, truncated if short). Return how many.
 */
int ssd_fio_idle_options(const struct thread_data *td, const struct ssd_transport_ops *ops,
			 char *buf, size_t len);

#endif
