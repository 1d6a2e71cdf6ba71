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

#endif /* _LINUX_DELAY_H */
