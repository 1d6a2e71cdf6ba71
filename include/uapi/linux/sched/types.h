/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Scheduling policies and struct sched_param (sched_setscheduler(2) and
 * friends).  Linux keeps the policy numbers in <linux/sched.h> next to
 * the clone flags; they are here so the two can be written separately.
 */
#ifndef _UAPI_LINUX_SCHED_TYPES_H
#define _UAPI_LINUX_SCHED_TYPES_H

#define SCHED_NORMAL		0
#define SCHED_OTHER		SCHED_NORMAL
#define SCHED_FIFO		1
#define SCHED_RR		2
#define SCHED_BATCH		3
#define SCHED_IDLE		5
#define SCHED_DEADLINE		6
#define SCHED_RESET_ON_FORK	0x40000000	/* or-ed into the policy */

struct sched_param {
	int sched_priority;
};

#endif /* _UAPI_LINUX_SCHED_TYPES_H */
