// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for the sleeping locks: mutex exclusion under contention, a
 * blocked locker really sleeps, FIFO hand-off; rwsem sharing, writer
 * fairness, downgrade and a reader/writer stress; counting semaphores
 * bound concurrency and time out; seqlock readers never see a torn pair.
 */
#include <linux/kernel.h>
#include <linux/selftest.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/semaphore.h>
#include <linux/seqlock.h>
#include <linux/completion.h>
#include <linux/jiffies.h>
#include <linux/delay.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/cpumask.h>
#include <asm/atomic.h>

#define TEST_TIMEOUT	(5 * HZ)

/* ---------------------------------------------------------------- mutex */

#define MUTEX_ITERS	300

static struct mutex test_mutex;
static unsigned long mutex_counter;
static atomic_t mutex_inside;
static atomic_t mutex_overlaps;

static int mutex_hammer_fn(void *arg)
{
	for (int i = 0; i < MUTEX_ITERS; i++) {
		unsigned long v;

		mutex_lock(&test_mutex);
		if (atomic_inc_return(&mutex_inside) != 1)
			atomic_inc(&mutex_overlaps);
		v = mutex_counter;
		/* Sleep inside now and then, so others queue up behind us. */
		if (!(i % 32))
			yield();
		mutex_counter = v + 1;
		atomic_dec(&mutex_inside);
		mutex_unlock(&test_mutex);
		if (!(i % 8))
			cond_resched();
	}
	return 0;
}

static int mutex_contention_test(void)
{
	int n = max(4, 2 * (int)num_online_cpus()), i;
	struct task_struct **t = kcalloc(n, sizeof(*t), GFP_KERNEL);

	ST_ASSERT(t, "no memory");
	mutex_init(&test_mutex);
	mutex_counter = 0;
	atomic_set(&mutex_inside, 0);
	atomic_set(&mutex_overlaps, 0);
	for (i = 0; i < n; i++) {
		t[i] = selftest_thread_start(mutex_hammer_fn, NULL, "mutex-hammer", -1);
		ST_ASSERT(t[i], "cannot create thread");
	}
	for (i = 0; i < n; i++)
		selftest_thread_reap(t[i]);
	kfree(t);
	st_diag("%d threads x %d: counter %lu, overlaps %d", n, MUTEX_ITERS, mutex_counter,
		atomic_read(&mutex_overlaps));
	ST_ASSERT(mutex_counter == (unsigned long)n * MUTEX_ITERS, "lost increments");
	ST_ASSERT(!atomic_read(&mutex_overlaps), "two holders at once");
	ST_ASSERT(!mutex_is_locked(&test_mutex), "left locked");
	return 0;
}
DEFINE_SELFTEST("mutex: N threads x M increments give the exact total", mutex_contention_test);

struct mutex_waiter_arg {
	struct mutex *m;
	int id;
	int *order;
	atomic_t *next;
};

static int mutex_waiter_fn(void *arg)
{
	struct mutex_waiter_arg *a = arg;

	mutex_lock(a->m);
	a->order[atomic_inc_return(a->next) - 1] = a->id;
	mutex_unlock(a->m);
	return 0;
}

static int mutex_sleep_fifo_test(void)
{
	static DEFINE_MUTEX(m);
	struct mutex_waiter_arg a[3];
	struct task_struct *t[3];
	atomic_t next = ATOMIC_INIT(0);
	int order[3] = { -1, -1, -1 }, i, cpu;
	bool asleep = true, handed = false;
	struct cpumask was_allowed = current->cpus_allowed, here;

	mutex_lock(&m);
	ST_ASSERT(!mutex_trylock(&m), "trylock of a held mutex succeeded");
	/*
	 * The hand-off check needs the waiters to share our CPU: pin
	 * ourselves first, or the balancer could move us away and let the
	 * first waiter run - and pass the mutex on - before we look.
	 */
	cpu = smp_processor_id();
	cpumask_clear(&here);
	cpumask_set_cpu(cpu, &here);
	set_cpus_allowed_ptr(current, &here);
	cpu = smp_processor_id();
	/*
	 * The waiters share our CPU, so none of them runs between our unlock
	 * and the owner check below (we do not sleep in between).
	 */
	for (i = 0; i < 3; i++) {
		a[i] = (struct mutex_waiter_arg){ &m, i, order, &next };
		t[i] = selftest_thread_start(mutex_waiter_fn, &a[i], "mutex-waiter", cpu);
		if (!t[i] || !selftest_wait_sleeping(t[i], TASK_UNINTERRUPTIBLE, TEST_TIMEOUT)) {
			asleep = false;
			if (!t[i])
				break;
		}
		asleep &= !READ_ONCE(t[i]->on_rq) && !READ_ONCE(t[i]->on_cpu);
	}
	if (i == 3) {
		/* Hand-off: the first waiter owns it the moment we unlock. */
		mutex_unlock(&m);
		handed = mutex_owner(&m) == t[0];
	} else {
		mutex_unlock(&m);
	}
	while (i--)
		selftest_thread_reap(t[i]);
	set_cpus_allowed_ptr(current, &was_allowed);
	st_diag("blocked lockers asleep: %d; first waiter owned it at unlock: %d; order %d %d %d",
		asleep, handed, order[0], order[1], order[2]);
	ST_ASSERT(asleep, "a blocked mutex_lock() did not sleep");
	ST_ASSERT(handed, "unlock did not hand the mutex to the first waiter");
	ST_ASSERT(order[0] == 0 && order[1] == 1 && order[2] == 2, "waiters not served FIFO");
	ST_ASSERT(mutex_trylock(&m), "trylock of a free mutex failed");
	mutex_unlock(&m);
	return 0;
}
DEFINE_SELFTEST("mutex: blocked lockers sleep and get the lock in FIFO order",
		mutex_sleep_fifo_test);

/* ---------------------------------------------------------------- rwsem */

static struct rw_semaphore test_rwsem;

struct rwsem_arg {
	int writer;
	int done;
};

static int rwsem_blocker_fn(void *arg)
{
	struct rwsem_arg *a = arg;

	if (a->writer) {
		down_write(&test_rwsem);
		WRITE_ONCE(a->done, 1);
		up_write(&test_rwsem);
	} else {
		down_read(&test_rwsem);
		WRITE_ONCE(a->done, 1);
		up_read(&test_rwsem);
	}
	return 0;
}

static int rwsem_fairness_test(void)
{
	struct rwsem_arg w = { 1, 0 }, r = { 0, 0 };
	struct task_struct *tw, *tr;
	int ok_share, ok_block, ok_queue;

	init_rwsem(&test_rwsem);
	down_read(&test_rwsem);
	/* Readers share... */
	ok_share = down_read_trylock(&test_rwsem);
	if (ok_share)
		up_read(&test_rwsem);
	/* ...a writer cannot get in... */
	ok_block = !down_write_trylock(&test_rwsem);
	tw = selftest_thread_start(rwsem_blocker_fn, &w, "rwsem-writer", -1);
	ST_ASSERT(tw, "cannot create thread");
	ST_ASSERT(selftest_wait_sleeping(tw, TASK_UNINTERRUPTIBLE, TEST_TIMEOUT), "writer did not block");
	/* ...and once it waits, new readers queue behind it. */
	ok_queue = !down_read_trylock(&test_rwsem);
	tr = selftest_thread_start(rwsem_blocker_fn, &r, "rwsem-reader", -1);
	ST_ASSERT(tr, "cannot create thread");
	ok_queue &= selftest_wait_sleeping(tr, TASK_UNINTERRUPTIBLE, TEST_TIMEOUT);
	ok_queue &= !READ_ONCE(w.done) && !READ_ONCE(r.done);
	up_read(&test_rwsem);
	selftest_thread_reap(tw);
	selftest_thread_reap(tr);
	st_diag("readers share %d, writer blocked %d, reader queued behind writer %d",
		ok_share, ok_block, ok_queue);
	ST_ASSERT(ok_share && ok_block && ok_queue, "rwsem sharing/fairness broken");
	ST_ASSERT(w.done && r.done && !rwsem_is_locked(&test_rwsem), "waiters did not finish");
	return 0;
}
DEFINE_SELFTEST("rwsem: readers share, a waiting writer holds off new readers",
		rwsem_fairness_test);

static int rwsem_downgrade_test(void)
{
	struct rwsem_arg r = { 0, 0 }, w = { 1, 0 };
	struct task_struct *tr, *tw;
	bool reader_in, writer_out;
	unsigned long deadline;

	init_rwsem(&test_rwsem);
	down_write(&test_rwsem);
	tr = selftest_thread_start(rwsem_blocker_fn, &r, "rwsem-reader", -1);
	ST_ASSERT(tr, "cannot create thread");
	ST_ASSERT(selftest_wait_sleeping(tr, TASK_UNINTERRUPTIBLE, TEST_TIMEOUT), "reader did not block");
	downgrade_write(&test_rwsem);
	/* The queued reader may now enter while we still hold it for reading. */
	deadline = jiffies + TEST_TIMEOUT;
	while (!READ_ONCE(r.done) && time_before(jiffies, deadline))
		yield();
	reader_in = READ_ONCE(r.done);
	tw = selftest_thread_start(rwsem_blocker_fn, &w, "rwsem-writer", -1);
	ST_ASSERT(tw, "cannot create thread");
	writer_out = selftest_wait_sleeping(tw, TASK_UNINTERRUPTIBLE, TEST_TIMEOUT) && !READ_ONCE(w.done);
	up_read(&test_rwsem);
	selftest_thread_reap(tr);
	selftest_thread_reap(tw);
	ST_ASSERT(reader_in, "queued reader did not get in after downgrade_write()");
	ST_ASSERT(writer_out, "a writer got in while the downgraded lock was held");
	return 0;
}
DEFINE_SELFTEST("rwsem: downgrade_write lets readers in, not writers", rwsem_downgrade_test);

#define RWSEM_ROUNDS	200

static unsigned long rw_a, rw_b;
static atomic_t rw_torn;

static int rwsem_stress_fn(void *arg)
{
	bool writer = (long)arg;

	for (int i = 0; i < RWSEM_ROUNDS; i++) {
		if (writer) {
			down_write(&test_rwsem);
			rw_a++;
			if (!(i % 16))
				yield();
			rw_b++;
			up_write(&test_rwsem);
		} else {
			down_read(&test_rwsem);
			if (READ_ONCE(rw_a) != READ_ONCE(rw_b))
				atomic_inc(&rw_torn);
			if (!(i % 16))
				yield();
			up_read(&test_rwsem);
		}
		if (!(i % 4))
			cond_resched();
	}
	return 0;
}

static int rwsem_stress_test(void)
{
	struct task_struct *t[6];
	int i;

	init_rwsem(&test_rwsem);
	rw_a = rw_b = 0;
	atomic_set(&rw_torn, 0);
	for (i = 0; i < 6; i++) {
		t[i] = selftest_thread_start(rwsem_stress_fn, (void *)(long)(i < 2), "rwsem-stress", -1);
		ST_ASSERT(t[i], "cannot create thread");
	}
	for (i = 0; i < 6; i++)
		selftest_thread_reap(t[i]);
	ST_ASSERT(!atomic_read(&rw_torn), "%d reads saw a writer's half update",
		  atomic_read(&rw_torn));
	ST_ASSERT(rw_a == 2 * RWSEM_ROUNDS && rw_b == rw_a, "writer updates lost: %lu/%lu",
		  rw_a, rw_b);
	return 0;
}
DEFINE_SELFTEST("rwsem: 2 writers and 4 readers never overlap", rwsem_stress_test);

/* ---------------------------------------------------------------- semaphore */

static struct semaphore test_sem;
static atomic_t sem_inside, sem_max, sem_pair;

static int sem_fn(void *arg)
{
	for (int i = 0; i < 100; i++) {
		int in;

		down(&test_sem);
		in = atomic_inc_return(&sem_inside);
		if (in > atomic_read(&sem_max))
			atomic_set(&sem_max, in);
		yield();
		atomic_dec(&sem_inside);
		up(&test_sem);
	}
	return 0;
}

/* Hold one unit until two holders were inside together (or a second passed). */
static int sem_pair_fn(void *arg)
{
	unsigned long deadline = jiffies + HZ;

	down(&test_sem);
	atomic_inc(&sem_pair);
	while (atomic_read(&sem_pair) < 2 && time_before(jiffies, deadline))
		msleep(1);
	up(&test_sem);
	return atomic_read(&sem_pair) >= 2 ? 0 : -1;
}

static int semaphore_test(void)
{
	struct task_struct *t[4];
	unsigned long start;
	int i, ret, pair_fail = 0;

	sema_init(&test_sem, 2);
	atomic_set(&sem_inside, 0);
	atomic_set(&sem_max, 0);
	for (i = 0; i < 4; i++) {
		t[i] = selftest_thread_start(sem_fn, NULL, "sem", -1);
		ST_ASSERT(t[i], "cannot create thread");
	}
	for (i = 0; i < 4; i++)
		selftest_thread_reap(t[i]);
	ST_ASSERT(atomic_read(&sem_max) <= 2, "%d holders of a count-2 semaphore",
		  atomic_read(&sem_max));

	atomic_set(&sem_pair, 0);
	for (i = 0; i < 2; i++) {
		t[i] = selftest_thread_start(sem_pair_fn, NULL, "sem-pair", -1);
		ST_ASSERT(t[i], "cannot create thread");
	}
	for (i = 0; i < 2; i++)
		pair_fail |= selftest_thread_reap(t[i]);
	ST_ASSERT(!pair_fail, "a count-2 semaphore did not admit two holders at once");

	ST_ASSERT(!down_trylock(&test_sem) && !down_trylock(&test_sem), "count 2 not available");
	ST_ASSERT(down_trylock(&test_sem), "a third down_trylock succeeded");
	start = jiffies;
	ret = down_timeout(&test_sem, 3);
	ST_ASSERT(ret == -ETIME && time_after_eq(jiffies, start + 2),
		  "down_timeout on an empty semaphore returned %d after %lu ticks",
		  ret, jiffies - start);
	up(&test_sem);
	up(&test_sem);
	return 0;
}
DEFINE_SELFTEST("semaphore: count bounds holders; down_timeout expires", semaphore_test);

/* ---------------------------------------------------------------- seqlock */

static DEFINE_SEQLOCK(test_seqlock);
static unsigned long seq_x, seq_y;
static bool seq_stop;

static int seq_writer_fn(void *arg)
{
	for (int i = 0; i < 2000; i++) {
		write_seqlock(&test_seqlock);
		seq_x++;
		barrier();
		seq_y++;
		write_sequnlock(&test_seqlock);
		if (!(i % 64))
			cond_resched();
	}
	WRITE_ONCE(seq_stop, true);
	return 0;
}

static int seqlock_test(void)
{
	struct task_struct *t;
	unsigned long reads = 0, retries = 0, torn = 0;

	seq_x = seq_y = 0;
	seq_stop = false;
	t = selftest_thread_start(seq_writer_fn, NULL, "seq-writer", -1);
	ST_ASSERT(t, "cannot create thread");
	while (!READ_ONCE(seq_stop)) {
		unsigned long x, y;
		unsigned int seq;

		do {
			seq = read_seqbegin(&test_seqlock);
			x = READ_ONCE(seq_x);
			y = READ_ONCE(seq_y);
			retries++;
		} while (read_seqretry(&test_seqlock, seq));
		retries--;
		torn += x != y;
		if (!(++reads % 64))
			yield();
	}
	selftest_thread_reap(t);
	st_diag("%lu reads, %lu retries", reads, retries);
	ST_ASSERT(!torn, "%lu reads returned a torn pair", torn);
	return 0;
}
DEFINE_SELFTEST("seqlock: readers retry instead of seeing a torn update", seqlock_test);
