// SPDX-License-Identifier: GPL-2.0-only
/* targets_client.c - the fio servers of a --client run (targets_client.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "targets/targets_client.h"
#include "util/util.h"

/* "HOST[:PORT]=LABEL:/DEV" */
static bool parse_client(const char *c, char *host, size_t hl, int *port, char *label, size_t ll,
			 const char **dev)
{
	const char *eq = strchr(c, '='), *colon, *lc;
	size_t hn;

	if (!eq)
		return false;
	colon = memchr(c, ':', (size_t)(eq - c));
	hn = (size_t)((colon ? colon : eq) - c);
	if (!hn || hn >= hl ||
	    strspn(c, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		      "0123456789._-") < hn)
		return false;
	snprintf(host, hl, "%.*s", (int)hn, c);
	*port = 8765;
	if (colon) {
		if (colon + 1 == eq || strspn(colon + 1, "0123456789") != (size_t)(eq - colon - 1))
			return false;
		*port = atoi(colon + 1);
	}
	lc = strchr(eq + 1, ':');
	if (!lc || lc == eq + 1 || (size_t)(lc - eq - 1) >= ll || lc[1] != '/' || !lc[2])
		return false;
	snprintf(label, ll, "%.*s", (int)(lc - eq - 1), eq + 1);
	*dev = lc + 1;
	return true;
}

static int add_client(struct rv_tbuild *b, const char *c, size_t nth)
{
	char host[256], label[64], what[4400], *devs;
	const char *dev, *cl = b->o->clients_label;
	struct rv_target *t, *all = &b->ts->t[0];
	struct rv_dev *d;
	int port;

	if (!parse_client(c, host, sizeof(host), &port, label, sizeof(label), &dev))
		return rv_tb_fail(b,
				  "--client '%s': expected HOST[:PORT]=LABEL:DEV (e.g. "
				  "server1:8765=nvme0:/dev/ng0n1)%s",
				  c, "");
	if (!rv_check_label(label))
		return rv_tb_fail(b, "--client '%s': %s", c, RV_LABEL_RULE);
	if (!b->o->yes && !b->o->dry_run) {
		snprintf(b->err, b->errlen,
			 "--client %s: the review overwrites %s on %s; add --yes to go ahead", c,
			 dev, host);
		return -EINVAL;
	}
	if (!strcmp(label, cl))
		return rv_tb_fail(b,
				  "--client '%s': LABEL '%s' is the combined results' name "
				  "(--clients-label)",
				  c, label);
	if (!(t = rv_tb_target(b, label, RV_T_REMOTE)) || !(d = rv_tb_dev(t)))
		return -ENOMEM;
	all = &b->ts->t[0];
	if (rv_tb_taken(b, label))
		return rv_tb_fail(b, "--client: label '%s' given twice%s", label, "");
	for (size_t i = 1; i + 1 < b->ts->n; i++)
		if (!strcmp(b->ts->t[i].host, host) && b->ts->t[i].port == port) {
			snprintf(b->err, b->errlen,
				 "--client: %s:%d given twice (one drive per fio server)", host,
				 port);
			return -EINVAL;
		}
	snprintf(t->host, sizeof(t->host), "%s", host);
	t->port = port;
	t->kind = "remote";
	t->span = b->limit / RV_MIB * RV_MIB;
	snprintf(d->name, sizeof(d->name), "%s", label);
	snprintf(what, sizeof(what), "--client %s", c);
	d->span = t->span;
	if (!(d->path = strdup(dev)) || !(d->node = strdup(dev)) || !(d->what = strdup(what)) ||
	    !(t->device = strdup(dev)) || !(t->node = strdup(dev)))
		return -ENOMEM;
	devs = malloc(strlen(all->device ? all->device : "") + strlen(host) + strlen(dev) + 32);
	if (!devs)
		return -ENOMEM;
	sprintf(devs, "%s%s%s:%d:%s", all->device ? all->device : "", nth ? "," : "", host, port,
		dev);
	free(all->device);
	all->device = devs;
	if (!nth && !(all->node = strdup(dev)))
		return -ENOMEM;
	return 0;
}

int rv_tb_clients(struct rv_tbuild *b)
{
	const struct rv_opts *o = b->o;
	struct rv_target *all;
	int r;

	if (!rv_check_label(o->clients_label))
		return rv_tb_fail(b, "--clients-label '%s': %s", o->clients_label, RV_LABEL_RULE);
	if (!b->limit)
		return rv_tb_fail(
		    b,
		    "--client: give --span SIZE (or --profile quick): the drives' sizes "
		    "are not read over fio's client/server link%s%s",
		    "", "");
	if (!(all = rv_tb_target(b, o->clients_label, RV_T_CLIENTS)))
		return -ENOMEM;
	all->kind = "clients";
	all->span = b->limit / RV_MIB * RV_MIB;
	b->ts->client_mode = true;
	for (size_t i = 0; i < o->clients.n; i++)
		if ((r = add_client(b, o->clients.v[i], i)))
			return r;
	b->ts->nrun = 1;
	return 0;
}
