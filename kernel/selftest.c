// SPDX-License-Identifier: GPL-2.0-only
/*
 * Runner for the in-kernel self tests registered with DEFINE_SELFTEST()
 * (see <linux/selftest.h>).  Runs from the init task at the end of boot,
 * one test at a time; prints TAP so tools/testing/ktest/vmrun (and a
 * human) can read the result; selftest_filter=WORD runs only the tests
 * whose name contains WORD.  Also the thread helpers tests share
 * (selftest_thread_start() and friends, see <linux/selftest.h>).
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/selftest.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/jiffies.h>
#include <linux/init.h>
#include <linux/string.h>

extern const struct kernel_selftest __selftests_start[], __selftests_end[];

/*
 * selftest_filter=WORD: run only the tests whose name contains WORD (the
 * others are reported as skipped), to repeat one test over many boots.
 */
static char selftest_filter[64];

static int __init selftest_filter_setup(char *str)
{
	if (strlen(str) >= sizeof(selftest_filter))
		pr_warn("selftest: ignoring selftest_filter=%s (longer than %zu bytes)\n", str,
			sizeof(selftest_filter) - 1);
	else
		strscpy(selftest_filter, str, sizeof(selftest_filter));
	return 1;
}
__setup("selftest_filter=", selftest_filter_setup);

int run_kernel_selftests(void)
{
	const struct kernel_selftest *t;
	int n = __selftests_end - __selftests_start, i = 0, failed = 0, skipped = 0;

	printk(KERN_INFO "TAP version 13\n");
	printk(KERN_INFO "1..%d\n", n);
	for (t = __selftests_start; t < __selftests_end; t++) {
		int r;

		i++;
		if (selftest_filter[0] && !strstr(t->name, selftest_filter)) {
			printk(KERN_INFO "ok %d - %s # SKIP not selected by selftest_filter=\n", i,
			       t->name);
			skipped++;
			continue;
		}
		r = t->fn();
		if (r == ST_SKIP) {
			printk(KERN_INFO "ok %d - %s # SKIP\n", i, t->name);
			skipped++;
			continue;
		}
		if (r)
			failed++;
		printk(KERN_INFO "%sok %d - %s\n", r ? "not " : "", i, t->name);
	}
	printk(KERN_INFO "# selftests: %d passed, %d failed, %d skipped\n",
	       n - failed - skipped, failed, skipped);
	return failed;
}

struct task_struct *selftest_thread_start(int (*fn)(void *), void *arg,
					  const char *name, int cpu)
{
	struct task_struct *t = kthread_create(fn, arg, "%s", name);

	if (IS_ERR(t))
		return NULL;
	/* Our reference keeps t readable after it exits, until the reap. */
	get_task_struct(t);
	if (cpu >= 0)
		kthread_bind(t, cpu);
	wake_up_process(t);
	return t;
}

int selftest_thread_reap(struct task_struct *t)
{
	int ret;

	wait_task_exited(t);
	ret = t->exit_code;
	put_task_struct(t);
	return ret;
}

bool selftest_wait_sleeping(struct task_struct *t, unsigned int state,
			    unsigned long timeout)
{
	unsigned long deadline = jiffies + timeout;

	while (task_state(t) != state || !wait_task_inactive(t, state)) {
		if (time_after(jiffies, deadline))
			return false;
		yield();
	}
	return true;
}
