/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Time since boot and wall-clock time (arch/x86/kernel/tsc.c and
 * arch/x86/kernel/time.c).  The TSC is the clocksource: ktime_get_ns()
 * is monotonic with ns resolution and safe from any context.
 */
#ifndef _LINUX_TIMEKEEPING_H
#define _LINUX_TIMEKEEPING_H

#include <linux/types.h>

#define NSEC_PER_USEC	1000ULL
#define NSEC_PER_MSEC	1000000ULL
#define NSEC_PER_SEC	1000000000ULL
#define USEC_PER_SEC	1000000ULL
#define MSEC_PER_SEC	1000ULL

/* Monotonic nanoseconds since boot (CLOCK_MONOTONIC). */
u64 ktime_get_ns(void);
/* CLOCK_BOOTTIME (equal to monotonic: there is no suspend). */
u64 ktime_get_boottime_ns(void);
/* CLOCK_REALTIME in ns since the epoch (from the CMOS RTC at boot). */
u64 ktime_get_real_ns(void);
/* Fast per-CPU clock for timestamps (printk); same base as ktime_get_ns. */
u64 local_clock(void);
/* CLOCK_REALTIME - CLOCK_MONOTONIC as read from the RTC at boot (arch). */
u64 ktime_get_real_offset_ns(void);
/* The same including clock_settime()/settimeofday() (kernel/time/time.c). */
s64 posix_realtime_offset_ns(void);
/*
 * The TSC conversion ns = (tsc - *base) * *mult >> *shift, or false when
 * user space must not use it (not calibrated, CPUs out of sync).
 */
bool tsc_clock_params(u64 *base, u64 *mult, u32 *shift);

/*
 * Tell the vDSO's vvar page (arch/x86/entry/vdso/vma.c) that time moved:
 * after a tick advanced jiffies, and after the wall clock was set.
 * Any context.
 */
void update_vsyscall_tick(void);
void update_vsyscall_realtime(void);

/*
 * The coarse monotonic clock exactly as the vDSO publishes it, so that the
 * system call and the vDSO never disagree (jiffies move a moment before
 * the vvar page follows).  False before the vvar page exists.  Any context.
 */
bool vdso_coarse_mono_ns(u64 *ns);

#endif /* _LINUX_TIMEKEEPING_H */
