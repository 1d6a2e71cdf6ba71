/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Busy-wait delays, calibrated against the TSC (arch/x86/lib/delay.c).
 * For waits longer than a few microseconds in process context use
 * msleep() (which sleeps) instead.
 */
#ifndef _LINUX_DELAY_H
#define _LINUX_DELAY_H

void udelay(unsigned long usecs);
void ndelay(unsigned long nsecs);
void mdelay(unsigned long msecs);

/*
 * Sleeping delays (kernel/time/sleep.c), tick resolution, process
 * context only: each sleeps at least as long as asked.
 * msleep_interruptible() returns the milliseconds left if a signal woke it.
 */
void msleep(unsigned int msecs);
unsigned long msleep_interruptible(unsigned int msecs);
void ssleep(unsigned int seconds);
void usleep_range(unsigned long min, unsigned long max);
/* udelay() for tiny waits, else sleep. */
void fsleep(unsigned long usecs);

#endif /* _LINUX_DELAY_H */
