/* SPDX-License-Identifier: GPL-2.0-only */
/* Hooks the platform code fills in for power off and restart. */
#ifndef _LINUX_REBOOT_H
#define _LINUX_REBOOT_H

#include <linux/panic.h>
#include <linux/notifier.h>

/* The action a reboot notifier is called with. */
#define SYS_RESTART	0x0001
#define SYS_HALT	0x0002
#define SYS_POWER_OFF	0x0003

/*
 * Called by reboot(2) before the machine restarts, halts or powers off,
 * in process context (they may sleep: a disk controller flushes its
 * cache here).  Not called on panic.
 */
int register_reboot_notifier(struct notifier_block *nb);
int unregister_reboot_notifier(struct notifier_block *nb);

/* Cut power (ACPI S5); returns only on failure. */
extern void (*pm_power_off)(void);
/* Reset through the ACPI FADT reset register; returns only on failure. */
extern void (*acpi_reboot_hook)(void);

#endif /* _LINUX_REBOOT_H */
