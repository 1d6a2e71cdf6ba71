/* SPDX-License-Identifier: GPL-2.0-only */
/* TSC frequency, set by the timer calibration code (arch/x86/kernel/tsc.c). */
#ifndef _ASM_X86_TSC_H
#define _ASM_X86_TSC_H

/* TSC ticks per millisecond; 0 until calibrated. */
extern unsigned long tsc_khz;

#endif /* _ASM_X86_TSC_H */
