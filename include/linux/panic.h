/* SPDX-License-Identifier: GPL-2.0-only */
/* panic(): stop the machine with a message; honours panic=N. */
#ifndef _LINUX_PANIC_H
#define _LINUX_PANIC_H

#include <linux/compiler.h>

extern int panic_timeout;

__printf(1, 2) void __noreturn panic(const char *fmt, ...);

void __noreturn machine_restart(void);
void __noreturn machine_power_off(void);
void __noreturn machine_halt(void);

#endif /* _LINUX_PANIC_H */
