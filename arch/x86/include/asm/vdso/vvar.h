/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The vvar page: the clock parameters the kernel publishes to the vDSO
 * (arch/x86/entry/vdso/).  One page, mapped read-only into every process
 * as [vvar] directly below [vdso]; the vDSO finds it PC-relatively at
 * (its load address - VVAR_SIZE).  This header is compiled both into the
 * kernel and into the vDSO, so it uses only fixed-width ABI types.
 *
 * Protocol (a sequence count, see Documentation/x86/vdso.md): the single
 * writer (arch/x86/entry/vdso/vma.c, under its spinlock) makes seq odd,
 * stores the fields, and makes seq even again, with write barriers in
 * between; a reader takes seq, retries while it is odd, reads the fields,
 * and retries if seq changed meanwhile.
 *
 * The clocks, given a TSC value t (clock_mode VDSO_CLOCK_TSC):
 *   CLOCK_MONOTONIC = (t - tsc_base) * mult >> shift    (ns, 128-bit product)
 *   CLOCK_REALTIME  = CLOCK_MONOTONIC + mono_to_real_ns
 *   *_COARSE        = coarse_mono_ns (+ mono_to_real_ns): the last tick
 * clock_mode VDSO_CLOCK_NONE (TSCs not in sync, or not calibrated yet)
 * sends every caller to the system call.
 */
#ifndef _ASM_X86_VDSO_VVAR_H
#define _ASM_X86_VDSO_VVAR_H

#include <uapi/linux/types.h>

#define VVAR_SIZE		4096

#define VDSO_CLOCK_NONE		0
#define VDSO_CLOCK_TSC		1

struct vdso_data {
	__u32 seq;		/* odd while an update is in progress */
	__u32 clock_mode;	/* VDSO_CLOCK_* */
	__u64 tsc_base;		/* the TSC at which CLOCK_MONOTONIC was 0 */
	__u64 mult;		/* TSC cycles to ns: multiplier ... */
	__u32 shift;		/* ... and shift */
	__u32 coarse_res_ns;	/* resolution of the _COARSE clocks (a tick) */
	__s64 mono_to_real_ns;	/* CLOCK_REALTIME - CLOCK_MONOTONIC */
	__u64 coarse_mono_ns;	/* CLOCK_MONOTONIC at the last tick */
};

#endif /* _ASM_X86_VDSO_VVAR_H */
