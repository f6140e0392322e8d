/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tree.h - a folder of folders of fio results that are no drives: fio-plot's bench-fio tree
 * (<dir>/<bs>/<rw>-<iodepth>-<numjobs>.json) or any tree of one set of jobs split into folders.
 * What the folders are is told from fio's own options, not their names: folders that share no
 * job (model/params.h, the device and host left out) are parts of one set of results, while
 * folders holding the same jobs are drives (or runs) to compare.
 */
#ifndef SSDREPORT_PARSE_TREE_H
#define SSDREPORT_PARSE_TREE_H

#include <stdbool.h>
#include <stddef.h>

#include "model/model.h"
#include "util/diag.h"

/**
 * sr_tree_is_one() - are drives @m->drives[@first..) the folders of one set of results?
 * @m:     the model
 * @first: the first drive loaded from the folder's subfolders
 *
 * True when there are two or more, none carries ssd-review's record (drive.json, run.json,
 * apps results, PTS rounds) and no job (rw, bs, rwmixread, numjobs, iodepth, rate, ioengine)
 * appears in two of them; or when there is one without the record, a bench-fio tree of one
 * block size: named after the block size ("4k", "128k", "1m": k, m, g in 1,024s) every one of
 * its jobs ran with (fio's bs=), so the tree, not the block size, names the results.
 * Return: 1, 0, or -ENOMEM.
 */
int sr_tree_is_one(const struct sr_model *m, size_t first);

/**
 * sr_tree_merge() - make drives @m->drives[@first..) one drive labelled @label, holding every
 * test with its id prefixed by its folder's name ("4k/randread-1-1"), in folder order.
 * @m:      the model
 * @first:  as above
 * @label:  the merged drive's label (the tree's folder name, or --label)
 * @dir:    the tree's folder
 * @offset: filled for each merged drive k (index k - @first): the index its first test got
 *          (room for m->ndrives - @first), so that a caller's references (drive, test) can follow
 * Return: 0 or -ENOMEM (the model then unchanged).
 */
int sr_tree_merge(struct sr_model *m, size_t first, const char *label, const char *dir,
		  size_t *offset);

/**
 * sr_tree_group_by() - label anyone's results by parts of their paths (ssdreport --group-by).
 * @m:       the model, loaded
 * @pattern: '/'-separated parts matched against the last parts of each fio file's path: "*"
 *           any one part, "{}" any one part that becomes the label (several "{}" joined by
 *           '/'), other text that part exactly: "{}" then "*" labels host1/run.json
 *           "host1"; "{}", "*", "*" label bench/nvme0n1/4k/randread-1-1.json "nvme0n1".
 * @d:       diagnostics (the error names the option)
 *
 * Only results without ssd-review's record move (drives with drive.json, run.json, apps or PTS
 * results keep theirs); a file whose path does not match keeps its label. Drives left without a
 * test are removed.
 * Return: 0; -EINVAL for a pattern without "{}" (d->err), -ENOMEM.
 */
int sr_tree_group_by(struct sr_model *m, const char *pattern, struct sr_diag *d);

#endif
