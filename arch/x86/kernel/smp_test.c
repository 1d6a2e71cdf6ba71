// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for SMP bring-up and cross-CPU calls: every MADT CPU came
 * online; a call-function round trip reaches every CPU (sync and async);
 * all CPUs hammer one spinlock-protected counter at once and the total is
 * exact; CPUs that cross-call each other with interrupts off do not
 * deadlock; the reschedule IPI arrives.  They busy-wait (no scheduler
 * needed) with timeouts, so a lost IPI fails a test instead of hanging.
 */
#include <linux/kernel.h>
#include <linux/selftest.h>
#include <linux/smp.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>
#include <linux/errno.h>
#include <asm/atomic.h>
#include <asm/irq.h>
#include <asm/processor.h>

#define TIMEOUT_NS	(2 * NSEC_PER_SEC)
#define HAMMER_LOOPS	20000
#define HAMMER_MS	20

/* Spin until *v == want or the timeout; true on success. */
static bool wait_atomic(atomic_t *v, int want)
{
	u64 start = ktime_get_ns();

	while (atomic_read(v) != want)
		if (ktime_get_ns() - start > TIMEOUT_NS)
			return false;
	return true;
}

static int smp_all_cpus_online(void)
{
	st_diag("%u possible, %u online CPUs", num_possible_cpus(), num_online_cpus());
	ST_ASSERT(num_online_cpus() == num_possible_cpus(), "some MADT CPUs did not come up");
	return 0;
}
DEFINE_SELFTEST("smp: every MADT CPU is online", smp_all_cpus_online);

static int where_ran[NR_CPUS];
static bool ran_with_irqs_on;
static atomic_t async_done;

static void record_cpu(void *info)
{
	where_ran[smp_processor_id()] = (int)(long)info;
	if (!irqs_disabled())
		ran_with_irqs_on = true;
}

static void record_cpu_async(void *info)
{
	where_ran[smp_processor_id()] = (int)(long)info;
	atomic_inc(&async_done);
}

static int smp_call_round_trip(void)
{
	int cpu, n = 0;

	ran_with_irqs_on = false;
	for_each_online_cpu(cpu) {
		where_ran[cpu] = -1;
		ST_ASSERT(!smp_call_function_single(cpu, record_cpu, (void *)(long)(cpu + 100), true),
			  "call to CPU%d failed", cpu);
		ST_ASSERT(where_ran[cpu] == cpu + 100, "CPU%d did not run the call", cpu);
	}
	atomic_set(&async_done, 0);
	for_each_online_cpu(cpu) {
		where_ran[cpu] = -1;
		smp_call_function_single(cpu, record_cpu_async, (void *)(long)(cpu + 200), false);
		n++;
	}
	ST_ASSERT(wait_atomic(&async_done, n), "async calls: %d of %d ran",
		  atomic_read(&async_done), n);
	for_each_online_cpu(cpu)
		ST_ASSERT(where_ran[cpu] == cpu + 200, "async call missed CPU%d", cpu);
	ST_ASSERT(!ran_with_irqs_on, "a call ran with interrupts enabled");
	ST_ASSERT(smp_call_function_single(NR_CPUS, record_cpu, NULL, true) == -ENXIO,
		  "call to a missing CPU succeeded");
	return 0;
}
DEFINE_SELFTEST("smp: call-function round trip to every online CPU", smp_call_round_trip);

static DEFINE_SPINLOCK(hammer_lock);
static unsigned long hammer_count;
static atomic_t hammer_ready, hammer_done;

/*
 * Every CPU increments the shared counter under the lock for
 * HAMMER_MS (at most HAMMER_LOOPS times) and adds up what it did; the
 * counter must equal the sum.  Time-bounded because a ticket lock under
 * an overcommitted emulator can hand over only once per host time slice.
 */
static void hammer(void *info)
{
	int n = (int)(long)info, done = 0;
	u64 start;

	/* Start together, so the lock is really contended. */
	atomic_inc(&hammer_ready);
	while (atomic_read(&hammer_ready) < n)
		cpu_relax();
	start = ktime_get_ns();
	while (done < HAMMER_LOOPS && ktime_get_ns() - start < HAMMER_MS * NSEC_PER_MSEC) {
		spin_lock(&hammer_lock);
		hammer_count++;
		spin_unlock(&hammer_lock);
		done++;
	}
	atomic_add(done, &hammer_done);
}

static int smp_spinlock_hammer(void)
{
	int n = num_online_cpus();

	hammer_count = 0;
	atomic_set(&hammer_ready, 0);
	atomic_set(&hammer_done, 0);
	on_each_cpu(hammer, (void *)(long)n, true);
	st_diag("%d CPUs: %lu locked increments, %d counted by the CPUs", n, hammer_count,
		atomic_read(&hammer_done));
	ST_ASSERT(hammer_count == (unsigned long)atomic_read(&hammer_done), "lost updates");
	ST_ASSERT(hammer_count >= (unsigned long)n, "some CPU never got the lock");
	return 0;
}
DEFINE_SELFTEST("smp: spinlock hammered by every CPU from an IPI", smp_spinlock_hammer);

static atomic_t cross_hits, cross_done;

static void cross_hit(void *info)
{
	atomic_inc(&cross_hits);
}

/* Runs on every CPU at once, in IPI context: each waits for all the others. */
static void cross_caller(void *info)
{
	smp_call_function(cross_hit, NULL, true);
	atomic_inc(&cross_done);
}

static int smp_cross_calls(void)
{
	int n = num_online_cpus();

	atomic_set(&cross_hits, 0);
	atomic_set(&cross_done, 0);
	on_each_cpu(cross_caller, NULL, false);
	ST_ASSERT(wait_atomic(&cross_done, n), "only %d of %d CPUs finished (deadlock?)",
		  atomic_read(&cross_done), n);
	ST_ASSERT(atomic_read(&cross_hits) == n * (n - 1), "%d calls ran, expected %d",
		  atomic_read(&cross_hits), n * (n - 1));
	return 0;
}
DEFINE_SELFTEST("smp: CPUs cross-calling each other with irqs off", smp_cross_calls);

static int smp_reschedule_ipi(void)
{
	int self = smp_processor_id(), cpu;

	for_each_online_cpu(cpu) {
		unsigned int before = READ_ONCE(per_cpu(irq_stat, cpu).irq_resched_count);
		u64 start = ktime_get_ns();

		if (cpu == self)
			continue;
		smp_send_reschedule(cpu);
		while (READ_ONCE(per_cpu(irq_stat, cpu).irq_resched_count) == before)
			ST_ASSERT(ktime_get_ns() - start < TIMEOUT_NS, "CPU%d got no IPI", cpu);
	}
	return 0;
}
DEFINE_SELFTEST("smp: reschedule IPI reaches every other CPU", smp_reschedule_ipi);
