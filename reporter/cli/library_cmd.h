/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * library_cmd.h - `ssdreport library`: add, list, remove, export, report (docs/library.md).
 */
#ifndef SSDREPORT_CLI_LIBRARY_CMD_H
#define SSDREPORT_CLI_LIBRARY_CMD_H

/* argv[0] is "library". Return: the exit status. */
int sr_library_main(int argc, char **argv);

#endif
