// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of epoll, included by fs/eventpoll.c under CONFIG_SELFTESTS
 * so that they reach its internals: level- and edge-triggered reports
 * and one-shot items over a pipe, a kernel thread asleep in ep_wait()
 * woken by a write, items vanishing with the last reference of their
 * file (and not before), and nesting with its loop check.  Events land
 * in kernel arrays (ep_emit_kernel()) instead of user memory.
 */
#include <linux/selftest.h>
#include <linux/pipe_fs_i.h>

static int ep_emit_kernel(void *buf, int idx, const struct epoll_event *ev)
{
	((struct epoll_event *)buf)[idx] = *ev;
	return 0;
}

/* epoll_wait(..., 0) into evs. */
static int ep_test_collect(struct file *epf, struct epoll_event *evs, int max)
{
	static const struct ep_timeout now = { .zero = true };

	return ep_wait(epf->private_data, evs, max, &now, ep_emit_kernel);
}

static int ep_test_ctl(struct file *epf, int op, struct file *tf, int fd, __poll_t events,
		       u64 data)
{
	struct epoll_event ev = { .events = events, .data = data };

	return ep_ctl_files(epf, op, tf, fd, &ev);
}

static void ep_test_write(struct file *f)
{
	loff_t pos = 0;
	char c = 'e';

	kernel_write(f, &c, 1, &pos);
}

static void ep_test_drain(struct file *f)
{
	char buf[64];
	loff_t pos = 0;

	kernel_read(f, buf, sizeof(buf), &pos);
}

static bool ep_test_empty(struct file *epf)
{
	struct eventpoll *ep = epf->private_data;
	bool empty;

	mutex_lock(&ep->mtx);
	empty = RB_EMPTY_ROOT(&ep->items);
	mutex_unlock(&ep->mtx);
	return empty;
}

/* The reports of level-triggered, edge-triggered and one-shot items. */
static int ep_test_modes(struct file *epf, struct file **p)
{
	struct epoll_event ev[2];

	ST_ASSERT(!ep_test_ctl(epf, EPOLL_CTL_ADD, p[0], 3, EPOLLIN, 7), "ADD failed");
	ST_ASSERT(ep_test_collect(epf, ev, 2) == 0, "an empty pipe was reported");
	ep_test_write(p[1]);
	ST_ASSERT(ep_test_collect(epf, ev, 2) == 1 && ev[0].events == EPOLLIN && ev[0].data == 7,
		  "a written pipe: events %#x data %llu", ev[0].events, ev[0].data);
	ST_ASSERT(ep_test_collect(epf, ev, 2) == 1, "LT: not reported a second time");
	ep_test_drain(p[0]);
	ST_ASSERT(ep_test_collect(epf, ev, 2) == 0, "LT: reported after the read");

	ST_ASSERT(!ep_test_ctl(epf, EPOLL_CTL_MOD, p[0], 3, EPOLLIN | EPOLLET, 8), "MOD failed");
	ep_test_write(p[1]);
	ST_ASSERT(ep_test_collect(epf, ev, 2) == 1 && ev[0].data == 8, "ET: write not reported");
	ST_ASSERT(ep_test_collect(epf, ev, 2) == 0, "ET: reported twice for one edge");
	ep_test_write(p[1]);
	ST_ASSERT(ep_test_collect(epf, ev, 2) == 1, "ET: second edge not reported");
	ep_test_drain(p[0]);

	ST_ASSERT(!ep_test_ctl(epf, EPOLL_CTL_MOD, p[0], 3, EPOLLIN | EPOLLONESHOT, 9), "MOD");
	ep_test_write(p[1]);
	ST_ASSERT(ep_test_collect(epf, ev, 2) == 1, "ONESHOT: not reported");
	ep_test_write(p[1]);
	ST_ASSERT(ep_test_collect(epf, ev, 2) == 0, "ONESHOT: reported while disarmed");
	ST_ASSERT(!ep_test_ctl(epf, EPOLL_CTL_MOD, p[0], 3, EPOLLIN | EPOLLONESHOT, 10), "MOD");
	ST_ASSERT(ep_test_collect(epf, ev, 2) == 1 && ev[0].data == 10, "re-armed: not reported");

	ST_ASSERT(ep_test_ctl(epf, EPOLL_CTL_ADD, p[0], 3, EPOLLIN, 0) == -EEXIST, "no EEXIST");
	ST_ASSERT(!ep_test_ctl(epf, EPOLL_CTL_DEL, p[0], 3, 0, 0), "DEL failed");
	ST_ASSERT(ep_test_ctl(epf, EPOLL_CTL_DEL, p[0], 3, 0, 0) == -ENOENT, "no ENOENT");
	return 0;
}

static int ep_modes_test(void)
{
	struct file *epf = ep_file_create(), *p[2];
	int err;

	ST_ASSERT(!IS_ERR(epf), "no epoll file");
	if (create_pipe_files(p, O_NONBLOCK)) {
		fput(epf);
		return -1;
	}
	err = ep_test_modes(epf, p);
	fput(p[0]);
	fput(p[1]);
	fput(epf);
	return err;
}
DEFINE_SELFTEST("epoll: level-triggered, EPOLLET and EPOLLONESHOT items on a pipe",
		ep_modes_test);

struct ep_sleeper {
	struct file *epf;
	int ret;
	u64 data;
};

static int ep_sleeper_fn(void *arg)
{
	struct ep_sleeper *s = arg;
	struct epoll_event ev = { 0 };
	struct ep_timeout to;

	ep_timeout_set(&to, 5, 0);
	s->ret = ep_wait(s->epf->private_data, &ev, 1, &to, ep_emit_kernel);
	s->data = ev.data;
	return 0;
}

static int ep_wakeup_test(void)
{
	struct ep_sleeper s = { .ret = -1 };
	struct task_struct *t;
	struct file *p[2];
	bool slept;

	s.epf = ep_file_create();
	ST_ASSERT(!IS_ERR(s.epf), "no epoll file");
	if (create_pipe_files(p, O_NONBLOCK)) {
		fput(s.epf);
		return -1;
	}
	ep_test_ctl(s.epf, EPOLL_CTL_ADD, p[0], 4, EPOLLIN | EPOLLET, 42);
	t = selftest_thread_start(ep_sleeper_fn, &s, "ep-sleeper", -1);
	slept = t && selftest_wait_sleeping(t, TASK_INTERRUPTIBLE, 2 * HZ);
	ep_test_write(p[1]);
	if (t)
		selftest_thread_reap(t);
	fput(p[0]);
	fput(p[1]);
	fput(s.epf);
	ST_ASSERT(slept, "the waiter never went to sleep");
	ST_ASSERT(s.ret == 1 && s.data == 42, "the waiter got %d (data %llu)", s.ret, s.data);
	return 0;
}
DEFINE_SELFTEST("epoll: a write wakes a thread sleeping in epoll_wait", ep_wakeup_test);

static int ep_release_test(void)
{
	struct file *epf = ep_file_create(), *p[2];
	bool kept, gone;

	ST_ASSERT(!IS_ERR(epf), "no epoll file");
	if (create_pipe_files(p, O_NONBLOCK)) {
		fput(epf);
		return -1;
	}
	ep_test_ctl(epf, EPOLL_CTL_ADD, p[0], 5, EPOLLIN, 0);
	/* A second reference stands for a dup()ed descriptor. */
	get_file(p[0]);
	fput(p[0]);
	kept = !ep_test_empty(epf);
	fput(p[0]);
	gone = ep_test_empty(epf);
	fput(p[1]);
	fput(epf);
	ST_ASSERT(kept, "the item went with a reference that was not the last");
	ST_ASSERT(gone, "the item outlived its file");
	return 0;
}
DEFINE_SELFTEST("epoll: an item goes with the last reference to its file", ep_release_test);

static int ep_nest_test(void)
{
	struct file *e[6], *p[2];
	struct epoll_event ev;
	int i, err = -1;

	for (i = 0; i < 6; i++) {
		e[i] = ep_file_create();
		ST_ASSERT(!IS_ERR(e[i]), "no epoll file");
	}
	if (create_pipe_files(p, O_NONBLOCK))
		goto out;
	/* e[0] watches e[1], which watches the pipe. */
	if (ep_test_ctl(e[0], EPOLL_CTL_ADD, e[1], 1, EPOLLIN, 1) ||
	    ep_test_ctl(e[1], EPOLL_CTL_ADD, p[0], 2, EPOLLIN, 2)) {
		st_diag("nesting ADD failed");
		goto out_pipe;
	}
	if (ep_test_collect(e[0], &ev, 1) != 0) {
		st_diag("outer ready with nothing inside");
		goto out_pipe;
	}
	ep_test_write(p[1]);
	if (ep_test_collect(e[0], &ev, 1) != 1 || ev.data != 1) {
		st_diag("outer not ready with a ready pipe inside");
		goto out_pipe;
	}
	if (ep_test_ctl(e[1], EPOLL_CTL_ADD, e[0], 0, EPOLLIN, 0) != -ELOOP) {
		st_diag("a cycle was not refused");
		goto out_pipe;
	}
	/* e[1] .. e[4] make a chain of five with e[0]; e[5] would be the sixth. */
	for (i = 1; i < 4; i++)
		if (ep_test_ctl(e[i], EPOLL_CTL_ADD, e[i + 1], i + 1, EPOLLIN, 0)) {
			st_diag("chain link %d refused", i);
			goto out_pipe;
		}
	if (ep_test_ctl(e[4], EPOLL_CTL_ADD, e[5], 5, EPOLLIN, 0) != -ELOOP) {
		st_diag("a chain of six was not refused");
		goto out_pipe;
	}
	err = 0;
out_pipe:
	fput(p[0]);
	fput(p[1]);
out:
	for (i = 0; i < 6; i++)
		fput(e[i]);
	return err;
}
DEFINE_SELFTEST("epoll: nested instances, cycles and the depth limit are ELOOP", ep_nest_test);
