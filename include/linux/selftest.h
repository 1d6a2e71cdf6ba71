/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * In-kernel self tests (CONFIG_SELFTESTS).
 *
 *   static int buddy_stress_test(void) { ... return 0 on success; }
 *   DEFINE_SELFTEST("buddy: alloc/free stress", buddy_stress_test);
 *
 * Tests live next to the code they test and run once at the end of boot
 * (after SMP, the scheduler and the initcalls), in registration order
 * within a file, printing TAP on the console:
 *   TAP version 13 / 1..N / ok 1 - name / not ok 2 - name /
 *   # selftests: N passed, M failed
 * A test may print diagnostics with st_diag() ("# ..." lines); it fails
 * by returning non-zero.  ST_ASSERT() fails the test with a message.
 */
#ifndef _LINUX_SELFTEST_H
#define _LINUX_SELFTEST_H

#include <linux/compiler.h>
#include <linux/printk.h>

struct kernel_selftest {
	const char *name;
	int (*fn)(void);
};

#ifdef CONFIG_SELFTESTS
#define DEFINE_SELFTEST(tname, tfn)						\
	static const struct kernel_selftest __selftest_##tfn			\
		__used __section(".selftests") __aligned(8) = { tname, tfn }
#else
#define DEFINE_SELFTEST(tname, tfn)						\
	static inline __maybe_unused int __selftest_unused_##tfn(void)		\
	{									\
		return tfn();							\
	}
#endif

#define st_diag(fmt, ...) printk(KERN_INFO "# " fmt "\n", ##__VA_ARGS__)

#define ST_ASSERT(cond, fmt, ...)						\
	do {									\
		if (!(cond)) {							\
			st_diag("%s:%d: assertion '%s' failed: " fmt,		\
				__FILE__, __LINE__, #cond, ##__VA_ARGS__);	\
			return -1;						\
		}								\
	} while (0)

/*
 * A test returns ST_SKIP when it did not run (TAP "ok N - name # SKIP"),
 * after saying why with st_diag().
 */
#define ST_SKIP 77

/* Run every registered test; returns the number of failures. */
int run_kernel_selftests(void);

struct task_struct;

/*
 * Threads for tests (kernel/selftest.c).  selftest_thread_start() starts
 * fn(arg) in a kernel thread named name, bound to cpu if cpu >= 0, and
 * keeps a reference, so selftest_thread_reap() can wait for it to return
 * and hand back its return value (then drops the reference); NULL if the
 * thread could not be made.  selftest_wait_sleeping() waits until t
 * sleeps in state with its registers saved (off its CPU); false after
 * timeout jiffies.  All may sleep.
 */
struct task_struct *selftest_thread_start(int (*fn)(void *), void *arg,
					  const char *name, int cpu);
int selftest_thread_reap(struct task_struct *t);
bool selftest_wait_sleeping(struct task_struct *t, unsigned int state,
			    unsigned long timeout);

#endif /* _LINUX_SELFTEST_H */
