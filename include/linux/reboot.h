/* SPDX-License-Identifier: GPL-2.0-only */
/* Hooks the platform code fills in for power off and restart. */
#ifndef _LINUX_REBOOT_H
#define _LINUX_REBOOT_H

#include <linux/panic.h>

/* Cut power (ACPI S5); returns only on failure. */
extern void (*pm_power_off)(void);
/* Reset through the ACPI FADT reset register; returns only on failure. */
extern void (*acpi_reboot_hook)(void);

#endif /* _LINUX_REBOOT_H */
