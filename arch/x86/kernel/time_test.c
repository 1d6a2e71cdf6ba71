// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for time: every online CPU's local APIC timer ticks at about
 * CONFIG_HZ; the TSC clock agrees with the ACPI PM timer; ktime_get_ns()
 * never goes backwards on a CPU, nor between CPUs (a value handed from
 * one CPU to another is never ahead of the receiver's clock); the wall
 * clock came from the RTC.  All busy-wait with timeouts.
 */
#include <linux/kernel.h>
#include <linux/selftest.h>
#include <linux/smp.h>
#include <linux/acpi.h>
#include <linux/timekeeping.h>
#include <asm/apic.h>
#include <asm/irq.h>
#include <asm/irqflags.h>
#include <asm/atomic.h>
#include <asm/processor.h>

#define TICK_WINDOW_MS	100
#define PINGPONG_ROUNDS	200
#define TIMEOUT_NS	(2 * NSEC_PER_SEC)

static int timer_ticks_every_cpu(void)
{
	unsigned int before[NR_CPUS], expect = CONFIG_HZ * TICK_WINDOW_MS / 1000;
	u64 start, elapsed, pm_ns = 0;
	u32 pm0, pm1;
	int cpu;

	ST_ASSERT(lapic_timer_period, "the APIC timer was not calibrated");
	ST_ASSERT(!irqs_disabled(), "self tests must run with interrupts on");
	for_each_online_cpu(cpu)
		before[cpu] = READ_ONCE(per_cpu(irq_stat, cpu).apic_timer_irqs);
	pm0 = acpi_pm_timer_read();
	start = ktime_get_ns();
	while (ktime_get_ns() - start < TICK_WINDOW_MS * NSEC_PER_MSEC)
		cpu_relax();
	elapsed = ktime_get_ns() - start;
	pm1 = acpi_pm_timer_read();

	for_each_online_cpu(cpu) {
		unsigned int got = READ_ONCE(per_cpu(irq_stat, cpu).apic_timer_irqs) - before[cpu];

		st_diag("CPU%d: %u LOC interrupts in %llu ms (expected ~%u at HZ=%d)", cpu, got,
			elapsed / NSEC_PER_MSEC, expect, CONFIG_HZ);
		ST_ASSERT(got * 2 >= expect && got <= expect * 3 / 2, "CPU%d tick rate is off", cpu);
	}
	if (acpi_pm_tmr.address) {
		u32 mask = acpi_pm_tmr_bits == 32 ? 0xffffffffu : 0xffffffu;

		pm_ns = (u64)((pm1 - pm0) & mask) * NSEC_PER_SEC / ACPI_PM_TIMER_FREQUENCY;
		st_diag("TSC clock %llu us, ACPI PM timer %llu us", elapsed / 1000, pm_ns / 1000);
		ST_ASSERT(elapsed * 100 >= pm_ns * 99 && elapsed * 100 <= pm_ns * 101,
			  "TSC clock and PM timer disagree by more than 1%%");
	}
	return 0;
}
DEFINE_SELFTEST("time: local APIC tick at HZ on every CPU, TSC vs PM timer", timer_ticks_every_cpu);

static atomic_t backwards;

static void local_monotonic(void *info)
{
	u64 prev = ktime_get_ns();

	for (int i = 0; i < 10000; i++) {
		u64 now = ktime_get_ns();

		if (now < prev)
			atomic_inc(&backwards);
		prev = now;
	}
}

/* Ping-pong: each side, on its turn, checks the other's last time is not ahead of its own. */
static atomic_t pp_turn, pp_errors, pp_timeouts;
static u64 pp_time;

static void pingpong_side(int first)
{
	for (int t = first; t < 2 * PINGPONG_ROUNDS; t += 2) {
		u64 start = ktime_get_ns(), now;

		while (atomic_read(&pp_turn) != t) {
			if (ktime_get_ns() - start > TIMEOUT_NS) {
				atomic_inc(&pp_timeouts);
				return;
			}
			cpu_relax();
		}
		now = ktime_get_ns();
		if (now < READ_ONCE(pp_time))
			atomic_inc(&pp_errors);
		WRITE_ONCE(pp_time, now);
		atomic_set(&pp_turn, t + 1);
	}
}

static void pingpong_remote(void *info)
{
	pingpong_side(1);
}

static int ktime_monotonic_across_cpus(void)
{
	int self = smp_processor_id(), cpu;

	atomic_set(&backwards, 0);
	on_each_cpu(local_monotonic, NULL, true);
	ST_ASSERT(!atomic_read(&backwards), "%d backward steps", atomic_read(&backwards));

	for_each_online_cpu(cpu) {
		if (cpu == self)
			continue;
		atomic_set(&pp_turn, 0);
		atomic_set(&pp_errors, 0);
		atomic_set(&pp_timeouts, 0);
		WRITE_ONCE(pp_time, 0);
		smp_call_function_single(cpu, pingpong_remote, NULL, false);
		pingpong_side(0);
		while (atomic_read(&pp_turn) != 2 * PINGPONG_ROUNDS && !atomic_read(&pp_timeouts))
			cpu_relax();
		ST_ASSERT(!atomic_read(&pp_timeouts), "ping-pong with CPU%d stalled", cpu);
		ST_ASSERT(!atomic_read(&pp_errors), "CPU%d <-> CPU%d: %d handoffs went back in time",
			  self, cpu, atomic_read(&pp_errors));
	}
	return 0;
}
DEFINE_SELFTEST("time: ktime_get_ns monotonic on and across CPUs", ktime_monotonic_across_cpus);

static int wall_clock_set(void)
{
	/* 2020-01-01T00:00:00Z: any RTC that was ever set is later than that. */
	u64 y2020 = 1577836800ULL * NSEC_PER_SEC;

	ST_ASSERT(ktime_get_real_ns() > y2020, "wall clock %llu s is before 2020",
		  ktime_get_real_ns() / NSEC_PER_SEC);
	ST_ASSERT(local_clock() > 0, "local_clock() is still 0");
	return 0;
}
DEFINE_SELFTEST("time: wall clock from the CMOS RTC", wall_clock_set);
