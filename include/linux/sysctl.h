/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysctl: kernel tunables as files under /proc/sys (fs/proc/proc_sysctl.c
 * keeps the tree, kernel/sysctl.c has the handlers and kernel.*).
 *
 * A subsystem describes its tunables in a table ending with an empty
 * entry and registers it under a path:
 *
 *	static struct ctl_table vm_table[] = {
 *		{
 *			.procname	= "dirty_ratio",
 *			.data		= &vm_dirty_ratio,
 *			.maxlen		= sizeof(int),
 *			.mode		= 0644,
 *			.proc_handler	= proc_dointvec_minmax,
 *			.extra1		= SYSCTL_ZERO,
 *			.extra2		= SYSCTL_ONE_HUNDRED,
 *		},
 *		{ }
 *	};
 *	header = register_sysctl("vm", vm_table);   ("net/ipv4" for deeper paths)
 *
 * Several tables may share a directory.  unregister_sysctl_table() waits
 * for handlers of the table that are running to return.
 *
 * Handlers get a kernel buffer: on read they fill up to *lenp bytes at
 * file position *ppos and set *lenp to what they produced; on write
 * buffer holds *lenp bytes (NUL-terminated) and they set *lenp to what
 * they used.  Return 0 or -errno.  Linux's strict rules: reads at a
 * non-zero position of number files give EOF; writes are taken at
 * position 0 only (later writes on the same open file are ignored).
 *
 *   proc_dostring           char[maxlen]; newline-terminated text
 *   proc_dointvec           int[maxlen / sizeof(int)], tab separated
 *   proc_dointvec_minmax    the same, each value in [*extra1, *extra2]
 *   proc_douintvec          unsigned int vector
 *   proc_douintvec_minmax
 *   proc_doulongvec_minmax  unsigned long vector, bounds in extra1/extra2
 *   proc_dobool             a bool as 0/1
 */
#ifndef _LINUX_SYSCTL_H
#define _LINUX_SYSCTL_H

#include <linux/types.h>

struct ctl_table;
struct ctl_table_header;

typedef int proc_handler(struct ctl_table *ctl, int write, void *buffer, size_t *lenp,
			 loff_t *ppos);

struct ctl_table {
	const char *procname;
	void *data;
	int maxlen;
	umode_t mode;
	proc_handler *proc_handler;
	void *extra1;
	void *extra2;
};

/* Bounds for extra1/extra2 (kernel/sysctl.c). */
extern const int sysctl_vals[];
#define SYSCTL_NEG_ONE		((void *)&sysctl_vals[0])
#define SYSCTL_ZERO		((void *)&sysctl_vals[1])
#define SYSCTL_ONE		((void *)&sysctl_vals[2])
#define SYSCTL_TWO		((void *)&sysctl_vals[3])
#define SYSCTL_FOUR		((void *)&sysctl_vals[4])
#define SYSCTL_ONE_HUNDRED	((void *)&sysctl_vals[5])
#define SYSCTL_ONE_THOUSAND	((void *)&sysctl_vals[6])
#define SYSCTL_INT_MAX		((void *)&sysctl_vals[7])

proc_handler proc_dostring;
proc_handler proc_dobool;
proc_handler proc_dointvec;
proc_handler proc_dointvec_minmax;
proc_handler proc_douintvec;
proc_handler proc_douintvec_minmax;
proc_handler proc_doulongvec_minmax;

/* NULL on failure (no memory, a name already taken, a bad table). */
struct ctl_table_header *register_sysctl(const char *path, struct ctl_table *table);
void unregister_sysctl_table(struct ctl_table_header *header);

/* References from /proc inodes (fs/proc). */
void sysctl_head_put(struct ctl_table_header *head);

/* kernel/sysctl.c: the kernel.*, fs.*, vm and debug directories (boot). */
void sysctl_init_bases(void);

#endif /* _LINUX_SYSCTL_H */
