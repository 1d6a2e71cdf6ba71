// SPDX-License-Identifier: GPL-2.0-only
/*
 * The load average (/proc/loadavg, uptime): exponentially decaying
 * averages over 1, 5 and 15 minutes of the number of tasks running or in
 * uninterruptible sleep, sampled every LOAD_FREQ (5 s).
 *
 * Fixed point with FSHIFT fraction bits.  Each sample moves the average
 * towards the current count by a factor e^(-5s/period):
 *	load = load * e + active * (1 - e)
 * with e^(-5/60) = 0.9200, e^(-5/300) = 0.9835, e^(-5/900) = 0.9945,
 * i.e. 1884, 2014 and 2037 in units of 1/2048 (the values Linux uses, so
 * the numbers compare).  Updated from the tick on the CPU that advanced
 * jiffies; read locklessly.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include "sched.h"

#define LOAD_FREQ	(5 * HZ + 1)	/* 5 s; the +1 avoids beating with 1 s timers */
#define EXP_1		1884
#define EXP_5		2014
#define EXP_15		2037

unsigned long avenrun[3];
static unsigned long calc_load_update = INITIAL_JIFFIES + LOAD_FREQ;

static unsigned long calc_load(unsigned long load, unsigned long exp, unsigned long active)
{
	unsigned long newload = load * exp + active * (FIXED_1 - exp);

	/* Round up while rising so a steady load converges on the true value. */
	if (active >= load)
		newload += FIXED_1 - 1;
	return newload / FIXED_1;
}

void sched_update_loadavg(void)
{
	unsigned long active;

	if (time_before(jiffies, calc_load_update))
		return;
	active = (nr_running() + nr_uninterruptible()) * FIXED_1;
	WRITE_ONCE(avenrun[0], calc_load(avenrun[0], EXP_1, active));
	WRITE_ONCE(avenrun[1], calc_load(avenrun[1], EXP_5, active));
	WRITE_ONCE(avenrun[2], calc_load(avenrun[2], EXP_15, active));
	calc_load_update += LOAD_FREQ;
	if (time_before(calc_load_update, jiffies))
		calc_load_update = jiffies + LOAD_FREQ;
}

void get_avenrun(unsigned long *loads, unsigned long offset, int shift)
{
	for (int i = 0; i < 3; i++)
		loads[i] = (READ_ONCE(avenrun[i]) + offset) << shift;
}
