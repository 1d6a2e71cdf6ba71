// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of eventfd_signal(), the kernel side of eventfd (included
 * by fs/eventfd.c under CONFIG_SELFTESTS): signals add to what user
 * space reads, a signal past the top pins the counter at ULLONG_MAX with
 * POLLERR until a read, and a signal wakes a blocked reader.
 */
#include <linux/jiffies.h>
#include <linux/selftest.h>

static __poll_t eventfd_test_mask(struct file *file)
{
	poll_table pt;

	init_poll_funcptr(&pt, NULL);
	return vfs_poll(file, &pt);
}

static u64 eventfd_test_read(struct file *file)
{
	loff_t pos = 0;
	u64 v = 0;

	return kernel_read(file, &v, sizeof(v), &pos) == sizeof(v) ? v : 0;
}

static int eventfd_signal_test(void)
{
	struct file *file = eventfd_file_create(2, EFD_NONBLOCK);
	struct eventfd_ctx *ctx;
	u64 added, got;
	__poll_t mask;

	ST_ASSERT(!IS_ERR(file), "no eventfd file");
	ctx = eventfd_ctx_fileget(file);
	added = eventfd_signal(ctx, 5);
	got = eventfd_test_read(file);
	ST_ASSERT(added == 5 && got == 7, "2 + signal 5: added %llu, read %llu", added, got);

	eventfd_signal(ctx, 10);
	added = eventfd_signal(ctx, ULLONG_MAX);
	mask = eventfd_test_mask(file);
	got = eventfd_test_read(file);
	ST_ASSERT(added == ULLONG_MAX - 10, "overflow added %llu", added);
	ST_ASSERT(mask == (POLLIN | POLLRDNORM | POLLERR), "overflowed mask %#x", mask);
	ST_ASSERT(got == ULLONG_MAX, "overflowed counter read %#llx", got);
	mask = eventfd_test_mask(file);
	ST_ASSERT(mask == (POLLOUT | POLLWRNORM), "drained mask %#x", mask);

	eventfd_ctx_put(ctx);
	fput(file);
	return 0;
}
DEFINE_SELFTEST("eventfd: eventfd_signal() adds, saturates with POLLERR, drains", eventfd_signal_test);

struct eventfd_reader {
	struct file *file;
	u64 got;
};

static int eventfd_reader_fn(void *arg)
{
	struct eventfd_reader *r = arg;

	r->got = eventfd_test_read(r->file);
	return 0;
}

static int eventfd_wakeup_test(void)
{
	struct eventfd_reader r = { .file = eventfd_file_create(0, 0) };
	struct eventfd_ctx *ctx;
	struct task_struct *t;
	bool slept;

	ST_ASSERT(!IS_ERR(r.file), "no eventfd file");
	ctx = eventfd_ctx_fileget(r.file);
	t = selftest_thread_start(eventfd_reader_fn, &r, "efd-reader", -1);
	slept = t && selftest_wait_sleeping(t, TASK_INTERRUPTIBLE, 2 * HZ);
	eventfd_signal(ctx, 3);
	if (t)
		selftest_thread_reap(t);
	eventfd_ctx_put(ctx);
	fput(r.file);
	ST_ASSERT(slept, "the reader never blocked");
	ST_ASSERT(r.got == 3, "the reader got %llu", r.got);
	return 0;
}
DEFINE_SELFTEST("eventfd: eventfd_signal() wakes a blocked reader", eventfd_wakeup_test);
