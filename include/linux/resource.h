/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Resource limits (kernel/rlimit.c): each process has Linux's 16 limits
 * in its signal_struct, inherited at fork and kept across exec.
 *
 *   rlimit(RLIMIT_NOFILE)          current's soft limit (what enforcement uses)
 *   task_rlimit(p, RLIMIT_STACK)   another task's
 *   rlimit_max(RLIMIT_NOFILE)      current's hard limit
 *
 * Kernel threads have no process: they see Linux's defaults.  Enforcement
 * lives with each resource: RLIMIT_NOFILE in the fd allocator,
 * RLIMIT_NPROC in fork, RLIMIT_STACK and RLIMIT_AS in the address-space
 * code, RLIMIT_CORE in core dumps.
 */
#ifndef _LINUX_RESOURCE_H
#define _LINUX_RESOURCE_H

#include <linux/types.h>
#include <uapi/linux/resource.h>

struct task_struct;
struct signal_struct;

unsigned long task_rlimit(const struct task_struct *task, unsigned int resource);
unsigned long task_rlimit_max(const struct task_struct *task, unsigned int resource);
unsigned long rlimit(unsigned int resource);
unsigned long rlimit_max(unsigned int resource);

/*
 * Change (new_rlim != NULL) and/or read (old_rlim != NULL) a limit of
 * tsk's process, with setrlimit()'s checks: EINVAL for an unknown
 * resource or soft > hard, EPERM for raising a hard limit without
 * CAP_SYS_RESOURCE (or RLIMIT_NOFILE above fs.nr_open).
 */
int do_prlimit(struct task_struct *tsk, unsigned int resource, const struct rlimit *new_rlim,
	       struct rlimit *old_rlim);

/* signal_struct hooks (kernel/fork.c): defaults for a new process, fork inheritance. */
void signal_limits_init(struct signal_struct *sig);
void signal_limits_inherit(struct signal_struct *sig, const struct signal_struct *parent);

/* Interval timers (kernel/time/itimer.c): released with the signal_struct. */
void itimers_exit(struct signal_struct *sig);

#endif /* _LINUX_RESOURCE_H */
