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
	unsigned int transport;	      /* enum ssd_transport_family */
	unsigned int nvme_mode;	      /* index into nvme_modes[] */
	unsigned int scsi_mode;	      /* index into scsi_modes[] */
	unsigned int nvme_write_mode; /* index into nvme_write_modes[] */
	unsigned int scsi_timeout;    /* ms */
	unsigned int nvme_timeout;    /* ms, 0 = the kernel's default */
	unsigned int scsi_cdb;	      /* 0, 10 or 16 */
	unsigned int fixedbufs, registerfiles, sqthread_poll, hipri;
	unsigned int readfua, writefua, deac, write_same_unmap;
	unsigned int pi_act, pi_chk;
	unsigned int md_per_io_size;
};

extern struct fio_option ssd_fio_options[];

/* ssd_fio_to_options() - the transport options of job @td (engine options + iodepth). */
void ssd_fio_to_options(const struct thread_data *td, struct ssd_options *out);

/*
 * ssd_fio_idle_options() - the engine options of job @td set away from their defaults that
 * @transport ("block-aio", "nvme-uring", ...) does not act on, as "name=value, ..." in @buf
 * (size @len, truncated if short). Return how many.
 */
int ssd_fio_idle_options(const struct thread_data *td, const char *transport, char *buf,
			 size_t len);

#endif
