// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading the CMOS real-time clock (MC146818 and compatibles).
 *
 * rtc_read_time() waits for the chip to finish any update cycle (UIP),
 * then reads the date registers until two passes agree, so it never
 * returns a time torn by a rollover.  BCD or binary and 12- or 24-hour
 * formats follow register B.  The century comes from the CMOS byte the
 * FADT names, else years below 70 are taken as 20xx.  The RTC is assumed
 * to keep UTC.
 *
 * Interface: <asm/mc146818rtc.h>.  Locking: rtc_lock around index/data
 * pairs (the index register is shared state).
 */
#define pr_fmt(fmt) "rtc: " fmt

#include <linux/kernel.h>
#include <linux/acpi.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <asm/mc146818rtc.h>
#include <asm/io.h>

/* An update cycle lasts under 2 ms; UIP warns 244 us ahead of it. */
#define RTC_UIP_TIMEOUT_US	10000
#define RTC_READ_TRIES		5

DEFINE_SPINLOCK(rtc_lock);

u8 rtc_cmos_read(u8 reg)
{
	outb(reg & 0x7f, RTC_PORT_INDEX);
	return inb(RTC_PORT_DATA);
}

void rtc_cmos_write(u8 val, u8 reg)
{
	outb(reg & 0x7f, RTC_PORT_INDEX);
	outb(val, RTC_PORT_DATA);
}

struct rtc_regs {
	u8 sec, min, hour, day, mon, year, century;
};

/* Which CMOS register feeds which field (the MC146818 register map). */
static const struct {
	u8 reg, off;
} rtc_map[] = {
#define RTC_FIELD(reg, field)	{ reg, offsetof(struct rtc_regs, field) }
	RTC_FIELD(RTC_SECONDS, sec), RTC_FIELD(RTC_MINUTES, min), RTC_FIELD(RTC_HOURS, hour),
	RTC_FIELD(RTC_DAY_OF_MONTH, day), RTC_FIELD(RTC_MONTH, mon), RTC_FIELD(RTC_YEAR, year),
#undef RTC_FIELD
};

/* One pass over the time registers; century only where ACPI's FADT names one. */
static void read_regs(struct rtc_regs *r, u8 century_reg)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(rtc_map); i++)
		((u8 *)r)[rtc_map[i].off] = rtc_cmos_read(rtc_map[i].reg);
	r->century = century_reg ? rtc_cmos_read(century_reg) : 0;
}
static unsigned int bcd2bin(u8 v)
{
	return (v & 0x0f) + (v >> 4) * 10;
}

/* Days from 1970-01-01 to y-m-d (proleptic Gregorian). */
static s64 days_from_epoch(unsigned int y, unsigned int m, unsigned int d)
{
	/* Count years from March so the leap day ends the year. */
	int yy = (int)y - (m <= 2);
	int era = (yy >= 0 ? yy : yy - 399) / 400;
	unsigned int yoe = yy - era * 400;
	unsigned int doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
	unsigned int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;

	return (s64)era * 146097 + doe - 719468;
}

time64_t rtc_read_time(void)
{
	u8 century_reg = acpi_gbl_FADT.century;
	struct rtc_regs a, b;
	unsigned int year, mon, day, hour, min, sec;
	unsigned long flags;
	bool pm = false;
	u8 regb;
	int tries, us;

	if (acpi_gbl_FADT.header.length && (acpi_gbl_FADT.boot_flags & ACPI_FADT_NO_CMOS_RTC))
		return -ENODEV;
	if (century_reg < 0x0e || century_reg > 0x7f)
		century_reg = 0;	/* 0: none; below 0x0e are clock registers */

	for (tries = 0; tries < RTC_READ_TRIES; tries++) {
		for (us = 0; us < RTC_UIP_TIMEOUT_US; us += 10) {
			spin_lock_irqsave(&rtc_lock, flags);
			if (!(rtc_cmos_read(RTC_REG_A) & RTC_UIP))
				break;
			spin_unlock_irqrestore(&rtc_lock, flags);
			udelay(10);
		}
		if (us >= RTC_UIP_TIMEOUT_US)
			return -EIO;
		read_regs(&a, century_reg);
		read_regs(&b, century_reg);
		regb = rtc_cmos_read(RTC_REG_B);
		spin_unlock_irqrestore(&rtc_lock, flags);
		if (!memcmp(&a, &b, sizeof(a)))
			break;
	}
	if (tries == RTC_READ_TRIES)
		return -EIO;

	if (!(regb & RTC_24H)) {
		pm = a.hour & RTC_HOURS_PM;
		a.hour &= ~RTC_HOURS_PM;
	}
	if (!(regb & RTC_DM_BINARY)) {
		sec = bcd2bin(a.sec);
		min = bcd2bin(a.min);
		hour = bcd2bin(a.hour);
		day = bcd2bin(a.day);
		mon = bcd2bin(a.mon);
		year = bcd2bin(a.year) + (century_reg ? bcd2bin(a.century) * 100 : 0);
	} else {
		sec = a.sec;
		min = a.min;
		hour = a.hour;
		day = a.day;
		mon = a.mon;
		year = a.year + (century_reg ? a.century * 100 : 0);
	}
	if (!(regb & RTC_24H))
		hour = hour % 12 + (pm ? 12 : 0);
	if (!century_reg)
		year += year < 70 ? 2000 : 1900;

	if (sec > 59 || min > 59 || hour > 23 || day < 1 || day > 31 || mon < 1 || mon > 12 ||
	    year < 1970 || year > 2199)
		return -ERANGE;
	return ((days_from_epoch(year, mon, day) * 24 + hour) * 60 + min) * 60 + sec;
}
