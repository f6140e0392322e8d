// SPDX-License-Identifier: GPL-2.0-only
/*
 * purge_policy.c - what `ssdctl purge` checks about the method and the operator before it
 * erases a drive; see purge_policy.h.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "ctl/purge_policy.h"

static const struct {
	const char *name;
	const char *desc;
} methods[SSDCTL_PURGE_NMETHODS] = {
    [SSDCTL_PURGE_FORMAT] = {"format", "NVMe Format NVM with Secure Erase Settings"},
    [SSDCTL_PURGE_SANITIZE_BLOCK] = {"sanitize-block", "Sanitize, block erase"},
    [SSDCTL_PURGE_SANITIZE_CRYPTO] = {"sanitize-crypto", "Sanitize, cryptographic erase"},
    [SSDCTL_PURGE_SANITIZE_OVERWRITE] = {"sanitize-overwrite", "Sanitize, overwrite"},
    [SSDCTL_PURGE_FORMAT_UNIT] = {"format-unit", "SCSI FORMAT UNIT"},
};

int ssdctl_purge_method_parse(const char *name, enum ssdctl_purge_method *out)
{
	for (int m = 0; m < SSDCTL_PURGE_NMETHODS; m++)
		if (name && !strcmp(name, methods[m].name)) {
			*out = (enum ssdctl_purge_method)m;
			return 0;
		}
	return -EINVAL;
}

const char *ssdctl_purge_method_name(enum ssdctl_purge_method m)
{
	return (unsigned int)m < SSDCTL_PURGE_NMETHODS ? methods[m].name : "?";
}

const char *ssdctl_purge_method_desc(enum ssdctl_purge_method m)
{
	return (unsigned int)m < SSDCTL_PURGE_NMETHODS ? methods[m].desc : "?";
}

void ssdctl_purge_methods_list(unsigned int mask, char *buf, size_t len)
{
	size_t o = 0;

	buf[0] = '\0';
	for (int m = 0; m < SSDCTL_PURGE_NMETHODS && o < len; m++)
		if (mask & SSDCTL_PURGE_BIT(m))
			o += (size_t)snprintf(buf + o, len - o, "%s%s", o ? ", " : "",
					      methods[m].name);
	if (o == 0)
		snprintf(buf, len, "none");
}

unsigned int ssdctl_purge_nvme_methods(const struct ssd_nvme_identity *id)
{
	unsigned int mask = 0;

	if (id->oacs & NVME_CTRL_OACS_FORMAT)
		mask |= SSDCTL_PURGE_BIT(SSDCTL_PURGE_FORMAT);
	if (id->sanicap & NVME_CTRL_SANICAP_BES)
		mask |= SSDCTL_PURGE_BIT(SSDCTL_PURGE_SANITIZE_BLOCK);
	if (id->sanicap & NVME_CTRL_SANICAP_CES)
		mask |= SSDCTL_PURGE_BIT(SSDCTL_PURGE_SANITIZE_CRYPTO);
	if (id->sanicap & NVME_CTRL_SANICAP_OWS)
		mask |= SSDCTL_PURGE_BIT(SSDCTL_PURGE_SANITIZE_OVERWRITE);
	return mask;
}

unsigned int ssdctl_purge_scsi_methods(int format_unit, int block, int crypto, int overwrite)
{
	unsigned int mask = 0;

	if (format_unit != 0)
		mask |= SSDCTL_PURGE_BIT(SSDCTL_PURGE_FORMAT_UNIT);
	if (block > 0)
		mask |= SSDCTL_PURGE_BIT(SSDCTL_PURGE_SANITIZE_BLOCK);
	if (crypto > 0)
		mask |= SSDCTL_PURGE_BIT(SSDCTL_PURGE_SANITIZE_CRYPTO);
	if (overwrite > 0)
		mask |= SSDCTL_PURGE_BIT(SSDCTL_PURGE_SANITIZE_OVERWRITE);
	return mask;
}

int ssdctl_purge_check_method(unsigned int supported, enum ssdctl_purge_method m, char *err,
			      size_t errlen)
{
	char list[128];

	if (supported & SSDCTL_PURGE_BIT(m))
		return 0;
	ssdctl_purge_methods_list(supported, list, sizeof(list));
	snprintf(err, errlen, "the drive does not support --method %s (%s); supported methods: %s",
		 ssdctl_purge_method_name(m), ssdctl_purge_method_desc(m), list);
	return -EOPNOTSUPP;
}

/* [*s, *e) without leading and trailing spaces */
static void trim(const char **s, const char **e)
{
	while (*s < *e && **s == ' ')
		(*s)++;
	while (*e > *s && (*e)[-1] == ' ')
		(*e)--;
}

int ssdctl_purge_check_serial(const char *serial, const char *confirm, char *err, size_t errlen)
{
	const char *a = serial, *ae = serial + strlen(serial), *b, *be;

	trim(&a, &ae);
	if (a == ae) {
		snprintf(err, errlen,
			 "the drive reports no serial number, so --confirm cannot "
			 "name it; refusing to erase");
		return -ENODATA;
	}
	if (!confirm) {
		snprintf(err, errlen,
			 "--confirm SERIAL is required: repeat the drive's serial "
			 "number (%.*s) to erase it",
			 (int)(ae - a), a);
		return -EINVAL;
	}
	b = confirm;
	be = confirm + strlen(confirm);
	trim(&b, &be);
	if (ae - a != be - b || memcmp(a, b, (size_t)(ae - a))) {
		snprintf(err, errlen,
			 "--confirm '%.*s' does not match the drive's serial number "
			 "'%.*s'; refusing to erase",
			 (int)(be - b), b, (int)(ae - a), a);
		return -EPERM;
	}
	return 0;
}
