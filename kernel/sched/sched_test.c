// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for the scheduler, kernel threads and wait queues:
 * 2 x num_online_cpus() threads all finish and spread over the CPUs;
 * NCPU + 1 CPU hogs take turns at the CPUs (queues one apart rotate);
 * wait-queue and completion ping-pong between threads on two CPUs;
 * kthread_stop() semantics; a new thread's kernel stack starts zeroed
 * (its lower half, over pages just filled and freed); a sleeping thread's
 * saved frame gives a valid backtrace; affinity moves a running thread;
 * wait_on_bit()/wake_up_bit(); cond_resched() in a non-running state
 * yields without sleeping; an idle CPU polling need_resched is woken
 * without a reschedule IPI.
 */
#include <linux/kernel.h>
#include <linux/selftest.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/delay.h>
#include <linux/timekeeping.h>
#include <linux/wait.h>
#include <linux/wait_bit.h>
#include <linux/jiffies.h>
#include <linux/kallsyms.h>
#include <linux/cpu.h>
#include <asm/irq.h>
#include <linux/smp.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <linux/string.h>
#include <asm/atomic.h>
#include <asm/page_types.h>
#include "sched.h"

#define TEST_TIMEOUT	(5 * HZ)

/* ---------------------------------------------------------------- spread */

#define SPREAD_ROUNDS	40
#define SPREAD_SPIN	4000
/*
 * Each thread keeps going for at least this long.  Under TCG a vCPU is a
 * host thread that the host may not run for a few milliseconds; 40 short
 * rounds could all finish on the other vCPU before this one ran at all
 * (the idle CPU rightly pulls the waiting threads), and then the test saw
 * one CPU although nothing was wrong with the balancer.  Work that lasts
 * a fifth of a second leaves every online vCPU time to take its share.
 */
#define SPREAD_MIN_TIME	(HZ / 5)

struct spread_thread {
	unsigned long cpus_seen;
	int switches;
	unsigned long until;	/* jiffies: go on at least until then */
};

static int spread_fn(void *arg)
{
	struct spread_thread *st = arg;
	volatile unsigned long sink = 0;

	for (int i = 0; i < SPREAD_ROUNDS || time_before(jiffies, st->until); i++) {
		int cpu = smp_processor_id();

		for (int j = 0; j < SPREAD_SPIN; j++)
			sink += j;
		st->cpus_seen |= 1UL << cpu;
		if (i & 1)
			cond_resched();
		else
			yield();
		if (smp_processor_id() != cpu)
			st->switches++;
	}
	return 42;
}

static int sched_spread_test(void)
{
	int n = 2 * num_online_cpus(), i, bad = 0, migrations = 0;
	struct spread_thread *st = kcalloc(n, sizeof(*st), GFP_KERNEL);
	struct task_struct **t = kcalloc(n, sizeof(*t), GFP_KERNEL);
	unsigned long all = 0, until = jiffies + SPREAD_MIN_TIME;

	ST_ASSERT(st && t, "no memory");
	for (i = 0; i < n; i++) {
		char name[16];

		snprintf(name, sizeof(name), "spread/%d", i);
		st[i].until = until;
		t[i] = selftest_thread_start(spread_fn, &st[i], name, -1);
		ST_ASSERT(t[i], "cannot create thread %d", i);
	}
	for (i = 0; i < n; i++) {
		if (selftest_thread_reap(t[i]) != 42)
			bad++;
		all |= st[i].cpus_seen;
		migrations += st[i].switches;
	}
	st_diag("%d threads on %d CPUs: ran on CPU mask %#lx, %d migrations seen",
		n, num_online_cpus(), all, migrations);
	kfree(st);
	kfree(t);
	ST_ASSERT(!bad, "%d threads did not return their value", bad);
	if (num_online_cpus() >= 2)
		ST_ASSERT(hweight_long(all) >= 2, "all threads ran on one CPU");
	return 0;
}
DEFINE_SELFTEST("sched: 2xNCPU threads run to completion on several CPUs", sched_spread_test);

/* ---------------------------------------------------------------- rotation */

struct hog_thread {
	unsigned long cpus_seen;
	unsigned long loops;
	bool *stop;
};

static int hog_fn(void *arg)
{
	struct hog_thread *h = arg;
	volatile unsigned long sink = 0;

	while (!READ_ONCE(*h->stop)) {
		for (int j = 0; j < 1000; j++)
			sink += j;
		h->cpus_seen |= 1UL << smp_processor_id();
		h->loops++;
		cond_resched();
	}
	return 0;
}

static int hogs_on_one_cpu(const struct hog_thread *h, int n)
{
	int i, lonely = 0;

	for (i = 0; i < n; i++)
		if (hweight_long(READ_ONCE(h[i].cpus_seen)) < 2)
			lonely++;
	return lonely;
}

/*
 * One hog more than CPUs: without rotation one CPU serves two hogs for
 * good while the others keep theirs.  The hogs must visit more than one
 * CPU within a second (all of them on two CPUs; up to 4 s when the host
 * is busy - without rotation they never do); the spread of their work
 * is only reported (the emulated CPUs are not steady enough for a timing
 * bound).
 */
static int sched_rotate_test(void)
{
	int n = num_online_cpus() + 1, i, lonely = 0;
	struct hog_thread *h;
	struct task_struct **t;
	unsigned long lo = ULONG_MAX, hi = 0;
	bool stop = false;
	u64 t0, slept;

	if (num_online_cpus() < 2)
		return ST_SKIP;
	h = kcalloc(n, sizeof(*h), GFP_KERNEL);
	t = kcalloc(n, sizeof(*t), GFP_KERNEL);
	ST_ASSERT(h && t, "no memory");
	for (i = 0; i < n; i++) {
		char name[16];

		h[i].stop = &stop;
		snprintf(name, sizeof(name), "hog/%d", i);
		t[i] = selftest_thread_start(hog_fn, &h[i], name, -1);
		ST_ASSERT(t[i], "cannot create thread %d", i);
	}
	t0 = ktime_get_ns();
	msleep(1000);
	slept = ktime_get_ns() - t0;
	/* A host busy with other work slows the turns: up to 3 s more. */
	for (i = 0; i < 30 && hogs_on_one_cpu(h, n) > (n - 2) / 2; i++)
		msleep(100);
	WRITE_ONCE(stop, true);
	for (i = 0; i < n; i++) {
		selftest_thread_reap(t[i]);
		lo = min(lo, h[i].loops);
		hi = max(hi, h[i].loops);
	}
	lonely = hogs_on_one_cpu(h, n);
	st_diag("%d hogs on %d CPUs: least/most work %lu/%lu loops", n, num_online_cpus(), lo, hi);
	kfree(h);
	kfree(t);
	/* With every CPU busy, jiffies once jumped and msleep(1000) took 65 ms. */
	ST_ASSERT(slept >= 990 * NSEC_PER_MSEC, "msleep(1000) returned after %llu ms",
		  slept / NSEC_PER_MSEC);
	/*
	 * On two CPUs the turns are strict (the hog with more CPU time moves);
	 * with more, the crowded queue wanders and a hog may sit out a second.
	 */
	ST_ASSERT(lonely <= (n - 2) / 2, "%d of %d hogs stayed on one CPU", lonely, n);
	return 0;
}
DEFINE_SELFTEST("sched: one CPU hog more than CPUs: the hogs take turns", sched_rotate_test);

/* ---------------------------------------------------------------- ping-pong */

#define PINGPONG_ROUNDS	100

struct pingpong {
	struct wait_queue_head wq;
	int turn;			/* whose move: 0 or 1 */
	struct completion ping, pong;	/* second half: completions */
	int cpu[2];
};

struct pingpong_player {
	struct pingpong *pp;
	int me;
};

static int pingpong_fn(void *arg)
{
	struct pingpong_player *pl = arg;
	struct pingpong *pp = pl->pp;

	for (int i = 0; i < PINGPONG_ROUNDS; i++) {
		wait_event(pp->wq, READ_ONCE(pp->turn) == pl->me);
		pp->cpu[pl->me] = smp_processor_id();
		WRITE_ONCE(pp->turn, !pl->me);
		wake_up(&pp->wq);
	}
	for (int i = 0; i < PINGPONG_ROUNDS; i++) {
		if (pl->me) {
			wait_for_completion(&pp->ping);
			complete(&pp->pong);
		} else {
			complete(&pp->ping);
			wait_for_completion(&pp->pong);
		}
	}
	return 0;
}

static int sched_pingpong_test(void)
{
	static struct pingpong pp;
	struct pingpong_player pl[2] = { { &pp, 0 }, { &pp, 1 } };
	int cpu1 = num_online_cpus() >= 2 ? (int)cpumask_next(0, cpu_online_mask) : 0;
	struct task_struct *t[2];
	u64 start = get_jiffies_64();

	init_waitqueue_head(&pp.wq);
	init_completion(&pp.ping);
	init_completion(&pp.pong);
	pp.turn = 0;
	t[0] = selftest_thread_start(pingpong_fn, &pl[0], "ping", 0);
	t[1] = selftest_thread_start(pingpong_fn, &pl[1], "pong", cpu1);
	ST_ASSERT(t[0] && t[1], "cannot create threads");
	selftest_thread_reap(t[0]);
	selftest_thread_reap(t[1]);
	st_diag("%d wait-queue and %d completion round trips between CPU %d and CPU %d in %llu ticks",
		PINGPONG_ROUNDS, PINGPONG_ROUNDS, pp.cpu[0], pp.cpu[1], get_jiffies_64() - start);
	ST_ASSERT(pp.cpu[0] == 0 && pp.cpu[1] == cpu1, "threads did not stay on their CPUs");
	ST_ASSERT(!completion_done(&pp.ping) && !completion_done(&pp.pong),
		  "completion counts left over");
	return 0;
}
DEFINE_SELFTEST("sched: wait queue and completion ping-pong across CPUs", sched_pingpong_test);

/* ---------------------------------------------------------------- kthread_stop */

static int stop_loop_fn(void *arg)
{
	atomic_t *loops = arg;

	while (!kthread_should_stop()) {
		atomic_inc(loops);
		set_current_state(TASK_INTERRUPTIBLE);
		if (!kthread_should_stop())
			schedule_timeout(1);
		__set_current_state(TASK_RUNNING);
	}
	return 7;
}

static int never_run_fn(void *arg)
{
	*(int *)arg = 1;
	return 0;
}

static int kthread_stop_test(void)
{
	atomic_t loops = ATOMIC_INIT(0);
	struct task_struct *t;
	int ran = 0, ret;

	t = selftest_thread_start(stop_loop_fn, &loops, "stoppable", -1);
	ST_ASSERT(t, "cannot create thread");
	while (!atomic_read(&loops))
		yield();
	ret = kthread_stop(t);
	put_task_struct(t);
	ST_ASSERT(ret == 7, "kthread_stop returned %d, want 7", ret);

	/* Stopped before it ever ran: the function must not run. */
	t = kthread_create(never_run_fn, &ran, "never-run");
	ST_ASSERT(!IS_ERR(t), "cannot create thread");
	ret = kthread_stop(t);
	ST_ASSERT(ret == -EINTR && !ran, "stop before start: ret %d, ran %d", ret, ran);
	return 0;
}
DEFINE_SELFTEST("kthread: kthread_stop returns the result; stop before start", kthread_stop_test);

/* ---------------------------------------------------------------- stacks */

/*
 * Count the non-zero words in the lower half of the running thread's
 * kernel stack, above the end marker.  A new thread runs near the top of
 * its 16 KiB, and interrupts taken meanwhile reach a few KiB below that
 * at most, so the lower half is what the allocation left there.
 */
static int stack_garbage_fn(void *arg)
{
	unsigned long *word = (unsigned long *)current->stack + 1;
	unsigned long *half = (unsigned long *)((char *)current->stack + THREAD_SIZE / 2);
	unsigned long here = (unsigned long)&word;
	int dirty = 0;

	if (here < (unsigned long)current->stack + THREAD_SIZE / 2 + 4096)
		return -1;	/* deeper than a new thread should be */
	for (; word < half; word++)
		dirty += *word != 0;
	*(int *)arg = dirty;
	return 0;
}

/* Pages of the stack's order filled with a pattern and freed: likely reused next. */
static void leave_dirty_pages(void)
{
	unsigned long pages[4];
	int i;

	for (i = 0; i < ARRAY_SIZE(pages); i++) {
		pages[i] = __get_free_pages(GFP_KERNEL, THREAD_SIZE_ORDER);
		if (pages[i])
			memset((void *)pages[i], 0xa5, THREAD_SIZE);
	}
	for (i = ARRAY_SIZE(pages) - 1; i >= 0; i--)
		if (pages[i])
			free_pages(pages[i], THREAD_SIZE_ORDER);
}

static int zeroed_stack_test(void)
{
	int round, dirty, ret;

	for (round = 0; round < 4; round++) {
		struct task_struct *t;

		leave_dirty_pages();
		dirty = -1;
		t = selftest_thread_start(stack_garbage_fn, &dirty, "fresh-stack", -1);
		ST_ASSERT(t, "cannot create thread");
		ret = selftest_thread_reap(t);
		ST_ASSERT(ret == 0, "the thread started %s", ret == -1 ? "too deep in its stack" :
			  "but failed");
		ST_ASSERT(dirty == 0, "round %d: %d non-zero words in a new stack's lower half",
			  round, dirty);
	}
	return 0;
}
DEFINE_SELFTEST("kthread: a new thread's kernel stack starts zeroed", zeroed_stack_test);

/* ---------------------------------------------------------------- backtrace */

static int sleeper_fn(void *arg)
{
	wait_for_completion(arg);
	return 0;
}

/* Walk the saved frame chain of a sleeping task and look for fn names. */
static int sleeping_backtrace_test(void)
{
	DECLARE_COMPLETION(wake);
	struct task_struct *t = selftest_thread_start(sleeper_fn, &wake, "sleeper", -1);
	unsigned long bp, lo, hi;
	bool saw_schedule = false, saw_wait = false, saw_fn = false;
	char sym[KSYM_SYMBOL_LEN];
	int depth = 0;

	ST_ASSERT(t, "cannot create thread");
	if (!selftest_wait_sleeping(t, TASK_UNINTERRUPTIBLE, TEST_TIMEOUT)) {
		complete(&wake);
		selftest_thread_reap(t);
		ST_ASSERT(0, "thread did not go to sleep");
	}
	bp = thread_saved_bp(t);
	lo = (unsigned long)t->stack;
	hi = lo + THREAD_SIZE;
	if (bp < lo || bp >= hi || (lo & (THREAD_SIZE - 1))) {
		complete(&wake);
		selftest_thread_reap(t);
		ST_ASSERT(0, "saved frame %#lx, stack %#lx: not inside / not aligned", bp, lo);
	}
	while (bp >= lo && bp + 16 <= hi && depth++ < 16) {
		unsigned long ret = ((unsigned long *)bp)[1];

		sprint_symbol_no_offset(sym, sizeof(sym), ret);
		saw_schedule |= strstr(sym, "schedule") != NULL;
		saw_wait |= strstr(sym, "wait_for_completion") != NULL ||
			    strstr(sym, "do_wait_for_common") != NULL;
		saw_fn |= !strcmp(sym, "sleeper_fn");
		bp = ((unsigned long *)bp)[0];
	}
	complete(&wake);
	selftest_thread_reap(t);
	st_diag("%d frames; schedule %d, wait_for_completion %d, sleeper_fn %d",
		depth, saw_schedule, saw_wait, saw_fn);
	ST_ASSERT(saw_schedule && saw_wait && saw_fn, "backtrace of a sleeping task is broken");
	return 0;
}
DEFINE_SELFTEST("sched: a sleeping task's frame pointers give its backtrace",
		sleeping_backtrace_test);

/* ---------------------------------------------------------------- affinity */

struct hop {
	int target;
	int cpu_after;
	struct completion done;
};

static int hop_fn(void *arg)
{
	struct hop *h = arg;
	struct cpumask mask;

	cpumask_clear(&mask);
	cpumask_set_cpu(h->target, &mask);
	set_cpus_allowed_ptr(current, &mask);
	h->cpu_after = smp_processor_id();
	complete(&h->done);
	return 0;
}

static int sched_affinity_test(void)
{
	struct hop h;
	struct task_struct *t;
	int cpu;

	for_each_online_cpu(cpu) {
		h.target = cpu;
		h.cpu_after = -1;
		init_completion(&h.done);
		t = selftest_thread_start(hop_fn, &h, "hop", -1);
		ST_ASSERT(t, "cannot create thread");
		ST_ASSERT(wait_for_completion_timeout(&h.done, TEST_TIMEOUT), "hop to CPU %d hung",
			  cpu);
		selftest_thread_reap(t);
		ST_ASSERT(h.cpu_after == cpu, "asked for CPU %d, runs on %d", cpu, h.cpu_after);
	}
	return 0;
}
DEFINE_SELFTEST("sched: set_cpus_allowed_ptr moves the running thread", sched_affinity_test);

/* ---------------------------------------------------------------- bit waits */

struct bitlock {
	unsigned long word;
	int counter;
};

static int bitlock_fn(void *arg)
{
	struct bitlock *bl = arg;

	for (int i = 0; i < 200; i++) {
		wait_on_bit_lock(&bl->word, 3, TASK_UNINTERRUPTIBLE);
		bl->counter++;
		if (!(i % 16))
			yield();
		clear_and_wake_up_bit(3, &bl->word);
	}
	return 0;
}

static int wait_bit_test(void)
{
	static struct bitlock bl;
	struct task_struct *t[4];
	int i;

	bl.word = 0;
	bl.counter = 0;
	for (i = 0; i < 4; i++) {
		t[i] = selftest_thread_start(bitlock_fn, &bl, "bitlock", -1);
		ST_ASSERT(t[i], "cannot create thread");
	}
	for (i = 0; i < 4; i++)
		selftest_thread_reap(t[i]);
	ST_ASSERT(bl.counter == 800, "counter %d, want 800: bit lock let two in", bl.counter);
	ST_ASSERT(!wait_on_bit(&bl.word, 3, TASK_UNINTERRUPTIBLE), "bit still set");
	return 0;
}
DEFINE_SELFTEST("sched: wait_on_bit_lock/clear_and_wake_up_bit exclude each other", wait_bit_test);

/* ------------------------------------------------------ cond_resched */

/*
 * cond_resched() between set_current_state(TASK_INTERRUPTIBLE) and the
 * schedule() that would sleep only yields the CPU: the caller has not yet
 * looked at its wait condition, so nobody owes it a wake-up.  (A socket's
 * release_sock() on the way to a sleep hit this and stayed asleep.)
 */
static int resched_in_sleep_fn(void *arg)
{
	atomic_t *done = arg;

	set_current_state(TASK_INTERRUPTIBLE);
	set_tsk_need_resched(current);
	cond_resched();
	__set_current_state(TASK_RUNNING);
	atomic_set(done, 1);
	return 0;
}

static int cond_resched_state_test(void)
{
	atomic_t done = ATOMIC_INIT(0);
	unsigned long deadline = jiffies + 2 * HZ;
	struct task_struct *t;
	bool finished;

	t = selftest_thread_start(resched_in_sleep_fn, &done, "resched", -1);
	ST_ASSERT(t, "cannot create thread");
	while (!atomic_read(&done) && time_before(jiffies, deadline))
		msleep(10);
	finished = atomic_read(&done);
	if (!finished)
		wake_up_process(t);	/* let it finish so it can be reaped */
	selftest_thread_reap(t);
	ST_ASSERT(finished, "cond_resched() in TASK_INTERRUPTIBLE put the thread to sleep");
	return 0;
}
DEFINE_SELFTEST("sched: cond_resched() before a sleep yields and does not sleep",
		cond_resched_state_test);

/* ------------------------------------------------------ sync wakeups */

#define SYNC_ROUNDS	20

/*
 * A sleeper on CPU 1, free to run anywhere, woken by a thread alone on
 * CPU 0 that sleeps right after the wakeup: with WF_SYNC the sleeper
 * should run on CPU 0, where the waker leaves the CPU to it, instead of
 * making idle CPU 1 leave its halt.  A kworker that happens to be
 * queued on CPU 0 at that moment rightly sends it elsewhere, so most
 * rounds, not all, must land there.
 */
struct sync_pair {
	struct wait_queue_head wq;
	int round;			/* the round the waker has started */
	int home;			/* the CPU the sleeper waits on */
	int ran_on[SYNC_ROUNDS];
	struct completion done;
	struct task_struct *sleeper;
};

static int sync_sleeper_fn(void *arg)
{
	struct sync_pair *sp = arg;
	struct cpumask mask;

	for (int i = 0; i < SYNC_ROUNDS; i++) {
		cpumask_clear(&mask);
		cpumask_set_cpu(sp->home, &mask);
		set_cpus_allowed_ptr(current, &mask);
		wait_event(sp->wq, READ_ONCE(sp->round) > i);
		sp->ran_on[i] = smp_processor_id();
		complete(&sp->done);
	}
	return 0;
}

static int sync_waker_fn(void *arg)
{
	struct sync_pair *sp = arg;

	for (int i = 0; i < SYNC_ROUNDS; i++) {
		if (!selftest_wait_sleeping(sp->sleeper, TASK_UNINTERRUPTIBLE, TEST_TIMEOUT))
			return -ETIMEDOUT;
		/* Asleep on its home CPU: let it run anywhere from now on. */
		set_cpus_allowed_ptr(sp->sleeper, cpu_online_mask);
		WRITE_ONCE(sp->round, i + 1);
		__wake_up_sync_key(&sp->wq, TASK_NORMAL, NULL);
		if (!wait_for_completion_timeout(&sp->done, TEST_TIMEOUT))
			return -ETIMEDOUT;
	}
	return 0;
}

static int sched_sync_wakeup_test(void)
{
	static struct sync_pair sp;
	struct task_struct *waker;
	int here = 0, ret;

	if (num_online_cpus() < 2) {
		st_diag("needs two CPUs");
		return ST_SKIP;
	}
	init_waitqueue_head(&sp.wq);
	init_completion(&sp.done);
	sp.round = 0;
	sp.home = (int)cpumask_next(0, cpu_online_mask);
	sp.sleeper = selftest_thread_start(sync_sleeper_fn, &sp, "syncsleep", -1);
	ST_ASSERT(sp.sleeper, "cannot create thread");
	waker = selftest_thread_start(sync_waker_fn, &sp, "syncwake", 0);
	if (!waker) {
		WRITE_ONCE(sp.round, SYNC_ROUNDS);
		wake_up(&sp.wq);
		selftest_thread_reap(sp.sleeper);
		ST_ASSERT(0, "cannot create thread");
	}
	ret = selftest_thread_reap(waker);
	if (ret) {
		/* Let the sleeper finish its rounds so it can be reaped. */
		WRITE_ONCE(sp.round, SYNC_ROUNDS);
		wake_up(&sp.wq);
	}
	selftest_thread_reap(sp.sleeper);
	ST_ASSERT(!ret, "waker gave up: %d", ret);
	for (int i = 0; i < SYNC_ROUNDS; i++)
		here += sp.ran_on[i] == 0;
	st_diag("%d of %d sync wakeups ran the sleeper on the waker's CPU 0", here, SYNC_ROUNDS);
	ST_ASSERT(here >= SYNC_ROUNDS / 2, "sync wakeups left the sleeper on CPU %d", sp.home);
	return 0;
}
DEFINE_SELFTEST("sched: a sync wakeup runs the sleeper on the waker's CPU",
		sched_sync_wakeup_test);

/* ---------------------------------------------------------------- idle polling */

#define POLL_ROUNDS	200

struct poll_pingpong {
	struct completion ping, pong;
};

static int poll_pong_fn(void *arg)
{
	struct poll_pingpong *pp = arg;

	for (int i = 0; i < POLL_ROUNDS; i++) {
		if (!wait_for_completion_timeout(&pp->ping, TEST_TIMEOUT))
			return -ETIMEDOUT;
		complete(&pp->pong);
	}
	return 0;
}

/* Returns the rounds completed. */
static int poll_ping_fn(void *arg)
{
	struct poll_pingpong *pp = arg;
	int i;

	for (i = 0; i < POLL_ROUNDS; i++) {
		complete(&pp->ping);
		if (!wait_for_completion_timeout(&pp->pong, TEST_TIMEOUT))
			break;
	}
	return i;
}

/*
 * The flag protocol alone, on a task that runs nowhere: a polling target
 * needs no IPI, any other does, and the flag is set either way.
 */
static bool poll_flag_protocol_ok(void)
{
	static struct task_struct fake;
	bool polling_ipi, halted_ipi;

	fake.ti_flags = 1UL << TIF_POLLING_NRFLAG;
	polling_ipi = set_need_resched_needs_ipi(&fake);
	if (polling_ipi || !test_tsk_need_resched(&fake))
		return false;
	fake.ti_flags = 0;
	halted_ipi = set_need_resched_needs_ipi(&fake);
	return halted_ipi && test_tsk_need_resched(&fake);
}

/*
 * POLL_ROUNDS completions handed to a thread bound to another CPU, whose
 * idle loop polls for a whole tick while the test runs: the wake-ups
 * must reach it without reschedule IPIs (RES on that CPU), where each
 * one that found the CPU halted would need one.
 */
static int sched_idle_poll_test(void)
{
	static struct poll_pingpong pp;
	int cpu1 = (int)cpumask_next(0, cpu_online_mask);
	unsigned long hits0, hits1;
	unsigned int res0, res1;
	struct task_struct *pong, *ping;
	u64 window;
	int i, ret;

	ST_ASSERT(poll_flag_protocol_ok(), "set_need_resched_needs_ipi() got the polling flag wrong");
	if (num_online_cpus() < 2)
		return ST_SKIP;
	init_completion(&pp.ping);
	init_completion(&pp.pong);
	if (!idle_poll_force(NSEC_PER_SEC / HZ))
		return ST_SKIP;		/* idle=halt */
	idle_poll_stat(cpu1, &window, &hits0);
	res0 = READ_ONCE(per_cpu(irq_stat, cpu1).irq_resched_count);
	pong = selftest_thread_start(poll_pong_fn, &pp, "pollpong", cpu1);
	ping = pong ? selftest_thread_start(poll_ping_fn, &pp, "pollping", 0) : NULL;
	if (!ping) {
		if (pong) {
			complete_all(&pp.ping);
			selftest_thread_reap(pong);
		}
		idle_poll_force(0);
		ST_ASSERT(0, "cannot create the threads");
	}
	i = selftest_thread_reap(ping);
	ret = selftest_thread_reap(pong);
	idle_poll_force(0);
	idle_poll_stat(cpu1, &window, &hits1);
	res1 = READ_ONCE(per_cpu(irq_stat, cpu1).irq_resched_count);
	st_diag("%d round trips to CPU %d: %lu woken while polling, %u reschedule IPIs",
		i, cpu1, hits1 - hits0, res1 - res0);
	ST_ASSERT(i == POLL_ROUNDS && !ret, "lost a wakeup: %d of %d rounds, thread %d",
		  i, POLL_ROUNDS, ret);
	/*
	 * A wake-up may also find the thread not yet asleep, or the idle
	 * loop not yet polling but still looking (the polling flag is set
	 * then too): neither needs an IPI, so count the IPIs, not the hits.
	 * A few may come when the host leaves the waker's vCPU unscheduled
	 * past the window and CPU 1 halts.
	 */
	ST_ASSERT(res1 - res0 < POLL_ROUNDS / 4, "%u reschedule IPIs for %d wake-ups of a polling CPU",
		  res1 - res0, POLL_ROUNDS);
	return 0;
}
DEFINE_SELFTEST("sched: an idle CPU polling need_resched is woken without an IPI",
		sched_idle_poll_test);
