/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The PC's MC146818-compatible CMOS RTC at ports 0x70/0x71
 * (arch/x86/kernel/rtc.c).  Bit 7 of the index port masks NMIs on old
 * chipsets; these helpers always leave it clear (NMIs enabled).
 *
 * Locking: rtc_lock (irqsave) around every index/data pair.
 */
#ifndef _ASM_X86_MC146818RTC_H
#define _ASM_X86_MC146818RTC_H

#include <linux/types.h>
#include <linux/spinlock.h>

#define RTC_PORT_INDEX		0x70
#define RTC_PORT_DATA		0x71

#define RTC_SECONDS		0x00
#define RTC_MINUTES		0x02
#define RTC_HOURS		0x04
#define RTC_DAY_OF_MONTH	0x07
#define RTC_MONTH		0x08
#define RTC_YEAR		0x09
#define RTC_REG_A		0x0a
#define  RTC_UIP		0x80	/* update in progress: do not read now */
#define RTC_REG_B		0x0b
#define  RTC_24H		0x02
#define  RTC_DM_BINARY		0x04
#define RTC_HOURS_PM		0x80	/* 12-hour mode */

extern spinlock_t rtc_lock;

/* Caller holds rtc_lock. */
u8 rtc_cmos_read(u8 reg);
void rtc_cmos_write(u8 val, u8 reg);
/* Seconds since the epoch from the RTC (assumed UTC), or -errno. */
time64_t rtc_read_time(void);

#endif /* _ASM_X86_MC146818RTC_H */
