// SPDX-License-Identifier: GPL-2.0-only
/*
 * time_init(): the boot hook that starts time.  It calibrates the TSC
 * (the clocksource, tsc.c), reads the CMOS RTC once for the wall clock,
 * then calibrates the local APIC timer and starts the boot CPU's tick.
 * Each secondary CPU starts its own tick during SMP bring-up.
 *
 * Wall clock: ktime_get_real_ns() = the RTC time read at boot plus the
 * monotonic time elapsed since.  Nothing sets the clock yet
 * (settimeofday() would adjust real_offset_ns).
 *
 * Interface: time_init(), ktime_get_real_ns(), ktime_get_real_offset_ns().  The offset is written once
 * at boot, before SMP.
 */
#define pr_fmt(fmt) "rtc: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/boot_hooks.h>
#include <linux/timekeeping.h>
#include <asm/tsc.h>
#include <asm/apic.h>
#include <asm/mc146818rtc.h>

/* CLOCK_REALTIME minus CLOCK_MONOTONIC, in ns. */
static u64 real_offset_ns;

u64 ktime_get_real_ns(void)
{
	return real_offset_ns + ktime_get_ns();
}

u64 ktime_get_real_offset_ns(void)
{
	return real_offset_ns;
}

/* Print seconds since the epoch as ISO 8601 (UTC). */
static void print_boot_time(time64_t t)
{
	s64 days = t / 86400, rem = t % 86400;
	/* Civil date from days since 1970-01-01 (March-based years). */
	s64 z = days + 719468, era = z / 146097;
	unsigned int doe = z - era * 146097;
	unsigned int yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	unsigned int doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	unsigned int mp = (5 * doy + 2) / 153;
	unsigned int d = doy - (153 * mp + 2) / 5 + 1;
	unsigned int m = mp < 10 ? mp + 3 : mp - 9;
	s64 y = yoe + era * 400 + (m <= 2);

	pr_info("setting system clock to %04lld-%02u-%02uT%02lld:%02lld:%02lld UTC (%lld)\n", y, m, d,
		rem / 3600, rem / 60 % 60, rem % 60, (s64)t);
}

void __init time_init(void)
{
	time64_t now;

	tsc_init();
	now = rtc_read_time();
	if (now < 0) {
		pr_warn("cannot read the CMOS clock (%lld); the wall clock starts at 1970\n",
			(s64)now);
	} else {
		real_offset_ns = (u64)now * NSEC_PER_SEC - ktime_get_ns();
		print_boot_time(now);
	}
	setup_boot_APIC_clock();
}
