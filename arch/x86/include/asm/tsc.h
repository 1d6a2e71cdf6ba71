/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The TSC: frequency calibration and the nanosecond clock built on it
 * (arch/x86/kernel/tsc.c).  ktime_get_ns() and friends are declared in
 * <linux/timekeeping.h>.
 */
#ifndef _ASM_X86_TSC_H
#define _ASM_X86_TSC_H

#include <linux/types.h>

/* TSC ticks per millisecond; 0 until calibrated. */
extern unsigned long tsc_khz;

/* Calibrate against the PIT (cross-checked with the ACPI PM timer), start the clock. */
void tsc_init(void);
/* TSC cycles -> ns at the calibrated rate (0 before tsc_init()). */
u64 tsc_cycles_to_ns(u64 cycles);

/*
 * SMP bring-up: check that this CPU's TSC does not run behind the boot
 * CPU's.  The boot CPU calls check_tsc_sync_source(cpu) while the new CPU
 * calls check_tsc_sync_target(); both return after a few milliseconds.
 */
void check_tsc_sync_source(int cpu);
void check_tsc_sync_target(void);

#endif /* _ASM_X86_TSC_H */
