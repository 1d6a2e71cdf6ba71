// SPDX-License-Identifier: GPL-2.0-only
/*
 * Cross-CPU calls, the reschedule IPI, and stopping CPUs.
 *
 * Call records: every CPU owns one record per possible target CPU
 * (cfd_data).  A call to CPU t fills this CPU's record for t, appends it
 * to t's queue (call_queue, a spinlock-protected list) and sends t the
 * call-function IPI.  t's handler takes the whole queue and runs each
 * function with interrupts off; it releases a record (clears CSD_LOCK)
 * after running it for a synchronous call, before running it for an
 * asynchronous one (whose func/info it copied).  A sender reuses a record
 * only after it is released, and wait=true waits for release.
 *
 * Rules (why nothing deadlocks):
 *  - A CPU spinning on a record - waiting for completion, or for its
 *    record to come back - with interrupts disabled runs its own queue
 *    while it spins.  So two CPUs calling each other at the same time both
 *    make progress whether or not their interrupts are on; interrupts-on
 *    callers simply take the IPI.
 *  - Records are filled and queued with interrupts off, so an interrupt
 *    handler that makes a cross call on the same CPU cannot interleave
 *    with a half-queued call (it waits for the records it reuses).
 *  - The functions run in interrupt context with interrupts off: they must
 *    be short, must not sleep, and must not take a lock the caller may hold
 *    across smp_call_function*() - that caller waits for them.
 *  - smp_call_function*() never runs func on the calling CPU;
 *    on_each_cpu() and smp_call_function_single(self) run it locally with
 *    interrupts off.
 *
 * Stopping: smp_send_stop() sends an NMI to every other online CPU, so a
 * CPU spinning with interrupts disabled stops too.  nmi_stop_handler()
 * marks the CPU offline and halts it with interrupts off; it never returns
 * from the NMI, so further NMIs stay blocked.
 *
 * Interface: <linux/smp.h>, smp_intr_init() (init_IRQ), nmi_stop_handler()
 * (<asm/stacktrace.h>).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/smp.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/spinlock.h>
#include <linux/delay.h>
#include <linux/errno.h>
#include <asm/irqflags.h>
#include <asm/stacktrace.h>
#include <asm/apic.h>
#include <asm/irq.h>
#include <asm/irq_vectors.h>
#include <asm/smp.h>
#include <asm/atomic.h>
#include <asm/barrier.h>

/* CPU 0 is online from the first instruction; the MADT adds the rest. */
struct cpumask __cpu_possible_mask = { .bits = { 1 } };
struct cpumask __cpu_online_mask = { .bits = { 1 } };
unsigned int nr_cpu_ids = 1;

#define CSD_LOCK	0x1	/* record in flight: the sender may not reuse it */
#define CSD_SYNC	0x2	/* release after func ran (the sender waits) */
/* How long smp_send_stop() waits for the other CPUs to report stopped. */
#define STOP_TIMEOUT_MS	100

struct call_single_data {
	struct call_single_data *next;	/* in the target's queue */
	smp_call_func_t func;
	void *info;
	unsigned int flags;		/* CSD_*; CSD_LOCK cleared by the target */
};

/* Calls waiting for one CPU; lock taken with interrupts off. */
struct call_queue {
	spinlock_t lock;
	struct call_single_data *head, *tail;
};

static DEFINE_PER_CPU(struct call_queue, call_queue) = {
	.lock = __SPIN_LOCK_UNLOCKED(call_queue.lock),
};
static DEFINE_PER_CPU(struct call_single_data[NR_CPUS], cfd_data);

static atomic_t stop_cpu = ATOMIC_INIT(-1);	/* the CPU that asked, or -1 */
static atomic_t stopped_cpus;

/* ------------------------------------------------------------ target side */

/* Run everything queued for this CPU.  Interrupts must be off. */
static void flush_call_queue(void)
{
	struct call_queue *q = this_cpu_ptr(&call_queue);
	struct call_single_data *csd, *next;

	spin_lock(&q->lock);
	csd = q->head;
	q->head = q->tail = NULL;
	spin_unlock(&q->lock);

	for (; csd; csd = next) {
		smp_call_func_t func = csd->func;
		void *info = csd->info;

		next = csd->next;
		if (csd->flags & CSD_SYNC) {
			func(info);
			smp_store_release(&csd->flags, 0);
		} else {
			/* csd may be reused the moment it is released. */
			smp_store_release(&csd->flags, 0);
			func(info);
		}
	}
}

static void call_function_interrupt(struct pt_regs *regs, unsigned int vector)
{
	apic_eoi();
	this_cpu_inc(irq_stat.irq_call_count);
	flush_call_queue();
}

static void reschedule_interrupt(struct pt_regs *regs, unsigned int vector)
{
	apic_eoi();
	this_cpu_inc(irq_stat.irq_resched_count);
	scheduler_ipi();
}

void __init smp_intr_init(void)
{
	set_vector_handler(CALL_FUNCTION_VECTOR, call_function_interrupt);
	set_vector_handler(RESCHEDULE_VECTOR, reschedule_interrupt);
}

/* ------------------------------------------------------------ sender side */

/* Spin until csd is released, serving our own queue if interrupts are off. */
static void csd_lock_wait(struct call_single_data *csd)
{
	while (smp_load_acquire(&csd->flags) & CSD_LOCK) {
		if (irqs_disabled())
			flush_call_queue();
		cpu_relax();
	}
}

/* Queue this CPU's record for cpu.  Interrupts off.  Returns it for waiting. */
static struct call_single_data *queue_call(int cpu, smp_call_func_t func, void *info, bool wait)
{
	struct call_single_data *csd = &(*this_cpu_ptr(&cfd_data))[cpu];
	struct call_queue *q = &per_cpu(call_queue, cpu);

	csd_lock_wait(csd);
	csd->func = func;
	csd->info = info;
	csd->next = NULL;
	csd->flags = CSD_LOCK | (wait ? CSD_SYNC : 0);

	spin_lock(&q->lock);
	if (q->tail)
		q->tail->next = csd;
	else
		q->head = csd;
	q->tail = csd;
	spin_unlock(&q->lock);
	return csd;
}

/*
 * Run func on the online CPUs in mask other than this one, and on this one
 * too (interrupts off) if local; the local call overlaps the remote ones.
 */
static void call_many(const struct cpumask *mask, smp_call_func_t func, void *info,
		      bool wait, bool local)
{
	int this_cpu = smp_processor_id(), cpu;
	struct cpumask targets;
	unsigned long flags;

	cpumask_clear(&targets);
	for_each_cpu(cpu, mask)
		if (cpu != this_cpu && cpu_online(cpu))
			cpumask_set_cpu(cpu, &targets);

	local_irq_save(flags);
	for_each_cpu(cpu, &targets)
		queue_call(cpu, func, info, wait);
	if (!cpumask_empty(&targets))
		apic_send_IPI_mask(&targets, CALL_FUNCTION_VECTOR);
	if (local)
		func(info);
	local_irq_restore(flags);

	if (!wait)
		return;
	for_each_cpu(cpu, &targets)
		csd_lock_wait(&(*this_cpu_ptr(&cfd_data))[cpu]);
}

void smp_call_function_many(const struct cpumask *mask, smp_call_func_t func,
			    void *info, bool wait)
{
	call_many(mask, func, info, wait, false);
}

int smp_call_function_single(int cpu, smp_call_func_t func, void *info, bool wait)
{
	struct call_single_data *csd;
	unsigned long flags;

	if (cpu == smp_processor_id()) {
		local_irq_save(flags);
		func(info);
		local_irq_restore(flags);
		return 0;
	}
	if (cpu < 0 || cpu >= NR_CPUS || !cpu_online(cpu))
		return -ENXIO;

	local_irq_save(flags);
	csd = queue_call(cpu, func, info, wait);
	apic_send_IPI(cpu, CALL_FUNCTION_VECTOR);
	local_irq_restore(flags);
	if (wait)
		csd_lock_wait(csd);
	return 0;
}

void smp_call_function(smp_call_func_t func, void *info, bool wait)
{
	smp_call_function_many(cpu_online_mask, func, info, wait);
}

void on_each_cpu(smp_call_func_t func, void *info, bool wait)
{
	call_many(cpu_online_mask, func, info, wait, true);
}

void smp_send_reschedule(int cpu)
{
	if (cpu < 0 || cpu >= NR_CPUS || !cpu_online(cpu))
		return;
	apic_send_IPI(cpu, RESCHEDULE_VECTOR);
}

/* ------------------------------------------------------------ stopping */

bool nmi_stop_handler(struct pt_regs *regs)
{
	int asker = atomic_read(&stop_cpu);

	if (asker < 0 || asker == smp_processor_id())
		return false;
	set_cpu_online(smp_processor_id(), false);
	atomic_inc(&stopped_cpus);
	for (;;)
		native_halt();
}

void smp_send_stop(void)
{
	int this_cpu = smp_processor_id(), cpu, others = 0;

	/* Only the first caller stops the others; a second one is itself stopped. */
	if (atomic_cmpxchg(&stop_cpu, -1, this_cpu) != -1)
		return;
	for_each_online_cpu(cpu) {
		if (cpu == this_cpu)
			continue;
		apic_send_nmi(cpu);
		others++;
	}
	for (int ms = 0; ms < STOP_TIMEOUT_MS && atomic_read(&stopped_cpus) < others; ms++)
		mdelay(1);
	if (atomic_read(&stopped_cpus) < others)
		pr_emerg("smp: %d CPU(s) did not stop\n", others - atomic_read(&stopped_cpus));
}
