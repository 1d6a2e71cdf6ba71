/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Notifier blocks: a callback a subsystem registers on a chain (today the
 * reboot chain, <linux/reboot.h>).  Callbacks run in the order of
 * descending priority, in process context, and may sleep.  The chain's
 * owner guards it (the reboot chain has a mutex).
 */
#ifndef _LINUX_NOTIFIER_H
#define _LINUX_NOTIFIER_H

struct notifier_block {
	int (*notifier_call)(struct notifier_block *nb, unsigned long action, void *data);
	struct notifier_block *next;
	int priority;
};

#define NOTIFY_DONE	0x0000	/* not interested */
#define NOTIFY_OK	0x0001	/* handled */

#endif /* _LINUX_NOTIFIER_H */
