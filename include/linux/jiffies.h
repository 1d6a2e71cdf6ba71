/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jiffies: ticks since boot at HZ (CONFIG_HZ) per second
 * (kernel/time/jiffies.c, advanced by kernel/time/tick.c).
 *
 * jiffies_64 is the counter; jiffies is the same 64-bit word under the
 * traditional unsigned long name.  It starts five minutes before a 32-bit
 * wrap (INITIAL_JIFFIES) so code that truncates it to 32 bits or assumes
 * it starts at 0 is caught early.  Always compare with time_after() and
 * friends, never with < or >.
 *
 * Conversions round towards longer timeouts: msecs_to_jiffies(1) is 1.
 */
#ifndef _LINUX_JIFFIES_H
#define _LINUX_JIFFIES_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/limits.h>
#include <linux/math.h>
#include <linux/timekeeping.h>

#define HZ		CONFIG_HZ
#define USER_HZ		100		/* clock_t unit in the user ABI (times(), /proc) */
/* Nanoseconds per tick. */
#define TICK_NSEC	((NSEC_PER_SEC + HZ / 2) / HZ)

#define INITIAL_JIFFIES	((unsigned long)(unsigned int)(-300 * HZ))

extern u64 jiffies_64;
extern unsigned long volatile jiffies;
/* Catch jiffies up with the clock if a tick is overdue (kernel/time/tick.c). */
void jiffies_update_now(void);

static inline u64 get_jiffies_64(void)
{
	return READ_ONCE(jiffies_64);
}

/* a after b, wrap-safe.  Both must be unsigned long. */
#define time_after(a, b)	((long)((b) - (a)) < 0)
#define time_before(a, b)	time_after(b, a)
#define time_after_eq(a, b)	((long)((a) - (b)) >= 0)
#define time_before_eq(a, b)	time_after_eq(b, a)
#define time_in_range(a, b, c)	(time_after_eq(a, b) && time_before_eq(a, c))
#define time_in_range_open(a, b, c) (time_after_eq(a, b) && time_before(a, c))

#define time_after64(a, b)	((s64)((b) - (a)) < 0)
#define time_before64(a, b)	time_after64(b, a)
#define time_after_eq64(a, b)	((s64)((a) - (b)) >= 0)
#define time_before_eq64(a, b)	time_after_eq64(b, a)

#define time_is_before_jiffies(a)	time_after(jiffies, a)
#define time_is_after_jiffies(a)	time_before(jiffies, a)
#define time_is_before_eq_jiffies(a)	time_after_eq(jiffies, a)
#define time_is_after_eq_jiffies(a)	time_before_eq(jiffies, a)

/* Longest relative timeout the timer code accepts. */
#define MAX_JIFFY_OFFSET	((LONG_MAX >> 1) - 1)

static inline unsigned int jiffies_to_msecs(unsigned long j)
{
	return (unsigned int)((u64)j * 1000 / HZ);
}

static inline unsigned int jiffies_to_usecs(unsigned long j)
{
	return (unsigned int)((u64)j * 1000000 / HZ);
}

static inline u64 jiffies_to_nsecs(unsigned long j)
{
	return (u64)j * TICK_NSEC;
}

static inline u64 jiffies64_to_nsecs(u64 j)
{
	return j * TICK_NSEC;
}

static inline unsigned long msecs_to_jiffies(unsigned int m)
{
	return (unsigned long)DIV_ROUND_UP((u64)m * HZ, 1000);
}

static inline unsigned long usecs_to_jiffies(unsigned int u)
{
	return (unsigned long)DIV_ROUND_UP((u64)u * HZ, 1000000);
}

static inline unsigned long nsecs_to_jiffies(u64 n)
{
	if (n > (u64)MAX_JIFFY_OFFSET * TICK_NSEC)
		return MAX_JIFFY_OFFSET;
	return (unsigned long)DIV_ROUND_UP(n, TICK_NSEC);
}

/* Jiffies <-> clock_t (USER_HZ units), for times() and /proc. */
static inline unsigned long jiffies_to_clock_t(unsigned long j)
{
	return (unsigned long)((u64)j * USER_HZ / HZ);
}

static inline unsigned long clock_t_to_jiffies(unsigned long c)
{
	return (unsigned long)DIV_ROUND_UP((u64)c * HZ, USER_HZ);
}

static inline u64 jiffies_64_to_clock_t(u64 j)
{
	return j * USER_HZ / HZ;
}

/*
 * Round an absolute time up to a whole second (so periodic timers that do
 * not need precision fire together); _relative takes and returns a delay.
 */
unsigned long round_jiffies(unsigned long j);
unsigned long round_jiffies_up(unsigned long j);
unsigned long round_jiffies_relative(unsigned long j);

#endif /* _LINUX_JIFFIES_H */
