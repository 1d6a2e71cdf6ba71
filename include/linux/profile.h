/* SPDX-License-Identifier: GPL-2.0-only */
/* Statistical kernel profiling, /proc/profile (kernel/profile.c). */
#ifndef _LINUX_PROFILE_H
#define _LINUX_PROFILE_H

struct pt_regs;

/* Count the kernel text address the tick interrupted (no-op when off). */
void profile_tick(struct pt_regs *regs);

#endif /* _LINUX_PROFILE_H */
