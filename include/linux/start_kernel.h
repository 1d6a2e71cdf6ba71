/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _LINUX_START_KERNEL_H
#define _LINUX_START_KERNEL_H

#include <linux/compiler.h>

void __noreturn start_kernel(void);

#endif /* _LINUX_START_KERNEL_H */
