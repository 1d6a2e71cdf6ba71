// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for per-CPU counters and floating proportions: adds from
 * every CPU at once sum exactly; the cheap read stays within the
 * documented error; compare() is exact near its argument; shares follow
 * the event mix and decay by half per period; a capped source stops
 * growing at its cap.
 */
#include <linux/kernel.h>
#include <linux/selftest.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/cpumask.h>
#include <linux/sched.h>
#include <linux/percpu_counter.h>
#include <linux/flex_proportions.h>
#include <asm/atomic.h>

#define ADDS_PER_THREAD	20000

struct adder {
	struct percpu_counter *fbc;
	struct completion done;
	int sign;
};

static int adder_fn(void *data)
{
	struct adder *a = data;

	for (int i = 0; i < ADDS_PER_THREAD; i++) {
		percpu_counter_add(a->fbc, a->sign * (i % 7 + 1));
		if (!(i & 1023))
			cond_resched();
	}
	complete(&a->done);
	return 0;
}

static int percpu_counter_concurrent_test(void)
{
	static struct adder adders[8];
	struct percpu_counter fbc;
	unsigned int n = 0, cpu;
	s64 expect = 0, per = 0, sum, err;

	ST_ASSERT(percpu_counter_init(&fbc, 1000, GFP_KERNEL) == 0, "no memory");
	for (int i = 0; i < ADDS_PER_THREAD; i++)
		per += i % 7 + 1;
	for_each_online_cpu(cpu) {
		struct adder *a;
		struct task_struct *t;

		if (n == ARRAY_SIZE(adders))
			break;
		a = &adders[n];
		a->fbc = &fbc;
		a->sign = (n & 1) ? -1 : 2;
		init_completion(&a->done);
		t = kthread_create(adder_fn, a, "pcc_test/%u", cpu);
		ST_ASSERT(!IS_ERR(t), "kthread_create failed");
		kthread_bind(t, cpu);
		wake_up_process(t);
		expect += a->sign * per;
		n++;
	}
	for (unsigned int i = 0; i < n; i++)
		wait_for_completion(&adders[i].done);
	expect += 1000;
	sum = percpu_counter_sum(&fbc);
	ST_ASSERT(sum == expect, "sum %lld, expected %lld", sum, expect);
	err = percpu_counter_read(&fbc) - expect;
	ST_ASSERT((err < 0 ? -err : err) <= percpu_counter_max_error(percpu_counter_batch),
		  "read %lld too far from %lld", percpu_counter_read(&fbc), expect);
	ST_ASSERT(percpu_counter_compare(&fbc, expect) == 0, "compare == failed");
	ST_ASSERT(percpu_counter_compare(&fbc, expect - 1) == 1, "compare > failed");
	ST_ASSERT(percpu_counter_compare(&fbc, expect + 1) == -1, "compare < failed");
	percpu_counter_set(&fbc, 5);
	ST_ASSERT(percpu_counter_sum(&fbc) == 5, "set");
	percpu_counter_destroy(&fbc);
	st_diag("%u CPUs added concurrently, exact sum %lld", n, sum);
	return 0;
}
DEFINE_SELFTEST("percpu_counter: concurrent adds sum exactly, read within error",
		percpu_counter_concurrent_test);

/* num/den as parts per thousand. */
static unsigned long share_permille(struct fprop_global *g, struct fprop_local_percpu *l)
{
	unsigned long num, den;

	fprop_fraction_percpu(g, l, &num, &den);
	return num * 1000 / den;
}

static int fprop_share_decay_test(void)
{
	struct fprop_global g;
	struct fprop_local_percpu a, b;
	unsigned long sa, sb;

	ST_ASSERT(fprop_global_init(&g, GFP_KERNEL) == 0, "no memory");
	ST_ASSERT(fprop_local_init_percpu(&a, GFP_KERNEL) == 0, "no memory");
	ST_ASSERT(fprop_local_init_percpu(&b, GFP_KERNEL) == 0, "no memory");

	ST_ASSERT(share_permille(&g, &a) == 0, "share before any event");
	/* 3:1 mix. */
	for (int i = 0; i < 30000; i++)
		__fprop_add_percpu(&g, &a, 1);
	__fprop_add_percpu(&g, &b, 10000);
	sa = share_permille(&g, &a);
	sb = share_permille(&g, &b);
	ST_ASSERT(sa >= 740 && sa <= 760, "a's share %lu, want ~750", sa);
	ST_ASSERT(sb >= 240 && sb <= 260, "b's share %lu, want ~250", sb);

	/*
	 * One period later only b writes as much as before: a's weight
	 * halves (15000), b has 5000 + 40000 -> a = 15000 / 60000.
	 */
	ST_ASSERT(fprop_new_period(&g, 1), "aging did nothing");
	__fprop_add_percpu(&g, &b, 40000);
	sa = share_permille(&g, &a);
	ST_ASSERT(sa >= 240 && sa <= 260, "a's share after one period %lu, want ~250", sa);

	/* Many idle periods: a fades out completely. */
	for (int i = 0; i < 40; i++) {
		__fprop_add_percpu(&g, &b, 1000);
		fprop_new_period(&g, 1);
	}
	sa = share_permille(&g, &a);
	ST_ASSERT(sa == 0, "a's share after 40 periods %lu", sa);
	ST_ASSERT(share_permille(&g, &b) >= 990, "b should own it all");

	/* A cap of 50%: a cannot pass it however much it writes. */
	for (int i = 0; i < 100000; i++)
		__fprop_add_percpu_max(&g, &a, 1, FPROP_FRAC_BASE / 2);
	sa = share_permille(&g, &a);
	ST_ASSERT(sa <= 510 && sa >= 450, "capped share %lu, want <= ~500", sa);

	fprop_local_destroy_percpu(&a);
	fprop_local_destroy_percpu(&b);
	fprop_global_destroy(&g);
	return 0;
}
DEFINE_SELFTEST("flex_proportions: shares follow the mix, halve per period, respect caps",
		fprop_share_decay_test);
