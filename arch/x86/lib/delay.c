// SPDX-License-Identifier: GPL-2.0-only
/*
 * udelay()/ndelay()/mdelay(): spin on the TSC.  Before the TSC is
 * calibrated we assume a fast (4 GHz) clock, so early delays are at least
 * as long as asked, never shorter - the safe direction for hardware waits.
 */
#include <linux/kernel.h>
#include <linux/delay.h>
#include <asm/processor.h>
#include <asm/tsc.h>

#define UNCALIBRATED_TSC_KHZ 4000000UL

static void delay_tsc_cycles(u64 cycles)
{
	u64 start = rdtsc_ordered();

	while (rdtsc_ordered() - start < cycles)
		cpu_relax();
}

static unsigned long khz(void)
{
	return tsc_khz ? tsc_khz : UNCALIBRATED_TSC_KHZ;
}

void ndelay(unsigned long nsecs)
{
	delay_tsc_cycles(DIV_ROUND_UP((u64)nsecs * khz(), 1000000));
}

void udelay(unsigned long usecs)
{
	delay_tsc_cycles(DIV_ROUND_UP((u64)usecs * khz(), 1000));
}

void mdelay(unsigned long msecs)
{
	while (msecs--)
		udelay(1000);
}
