/* SPDX-License-Identifier: GPL-2.0-only */
/* Per-CPU variables: see asm/percpu.h for the mechanism. */
#ifndef _LINUX_PERCPU_H
#define _LINUX_PERCPU_H

#include <asm/percpu.h>

void setup_per_cpu_areas(void);

#endif /* _LINUX_PERCPU_H */
