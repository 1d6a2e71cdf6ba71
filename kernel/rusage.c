// SPDX-License-Identifier: GPL-2.0-only
/*
 * times(2) and getrusage(2): CPU time and other usage of the caller's
 * thread, process, and reaped children.
 *
 * CPU time comes from the scheduler tick's per-task utime/stime (user vs
 * kernel by the mode the tick interrupted), plus what exited threads and
 * reaped children left in the signal_struct (kernel/exit.c adds them).
 * ru_maxrss is the process's peak resident set; minflt/majflt are the
 * live threads' fault counts; inblock/oublock are 0 (no block I/O
 * accounting); children's maxrss and fault counts are not collected and
 * read 0.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/jiffies.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/syscalls.h>
#include <linux/time.h>
#include <uapi/linux/resource.h>
#include <uapi/linux/times.h>
#include <asm/uaccess.h>

SYSCALL_DEFINE1(times, struct tms *, tbuf)
{
	if (tbuf) {
		struct signal_struct *sig = current->signal;
		unsigned long ut, st;
		struct tms t;

		thread_group_cputime(current, &ut, &st);
		t.tms_utime = jiffies_to_clock_t(ut);
		t.tms_stime = jiffies_to_clock_t(st);
		t.tms_cutime = jiffies_to_clock_t(READ_ONCE(sig->cutime));
		t.tms_cstime = jiffies_to_clock_t(READ_ONCE(sig->cstime));
		if (copy_to_user(tbuf, &t, sizeof(t)))
			return -EFAULT;
	}
	return (long)jiffies_64_to_clock_t(get_jiffies_64());
}

static unsigned long mm_maxrss_kb(struct mm_struct *mm)
{
	unsigned long rss;

	if (!mm)
		return 0;
	rss = max(READ_ONCE(mm->hiwater_rss), get_mm_rss(mm));
	return rss << (PAGE_SHIFT - 10);
}

static void add_task_usage(struct task_struct *t, unsigned long *ut, unsigned long *st,
			   struct rusage *r)
{
	*ut += READ_ONCE(t->utime);
	*st += READ_ONCE(t->stime);
	r->ru_nvcsw += READ_ONCE(t->nvcsw);
	r->ru_nivcsw += READ_ONCE(t->nivcsw);
	r->ru_minflt += READ_ONCE(t->min_flt);
	r->ru_majflt += READ_ONCE(t->maj_flt);
}

static void self_usage(unsigned long *ut, unsigned long *st, struct rusage *r)
{
	struct signal_struct *sig = current->signal;
	struct task_struct *t;

	*ut += READ_ONCE(sig->utime);
	*st += READ_ONCE(sig->stime);
	r->ru_nvcsw += READ_ONCE(sig->nvcsw);
	r->ru_nivcsw += READ_ONCE(sig->nivcsw);
	rcu_read_lock();
	for_each_thread(current, t)
		add_task_usage(t, ut, st, r);
	rcu_read_unlock();
	r->ru_maxrss = mm_maxrss_kb(current->mm);
}

static void children_usage(unsigned long *ut, unsigned long *st, struct rusage *r)
{
	struct signal_struct *sig = current->signal;

	*ut += READ_ONCE(sig->cutime);
	*st += READ_ONCE(sig->cstime);
	r->ru_nvcsw += READ_ONCE(sig->cnvcsw);
	r->ru_nivcsw += READ_ONCE(sig->cnivcsw);
}

static int do_getrusage(int who, struct rusage *r)
{
	unsigned long ut = 0, st = 0;

	memset(r, 0, sizeof(*r));
	switch (who) {
	case RUSAGE_THREAD:
		add_task_usage(current, &ut, &st, r);
		r->ru_maxrss = mm_maxrss_kb(current->mm);
		break;
	case RUSAGE_SELF:
		self_usage(&ut, &st, r);
		break;
	case RUSAGE_CHILDREN:
		children_usage(&ut, &st, r);
		break;
	case RUSAGE_BOTH:
		self_usage(&ut, &st, r);
		children_usage(&ut, &st, r);
		break;
	default:
		return -EINVAL;
	}
	r->ru_utime = ns_to_kernel_old_timeval(jiffies_to_nsecs(ut));
	r->ru_stime = ns_to_kernel_old_timeval(jiffies_to_nsecs(st));
	return 0;
}

SYSCALL_DEFINE2(getrusage, int, who, struct rusage *, ru)
{
	struct rusage r;
	int ret;

	if (who == RUSAGE_BOTH)
		return -EINVAL;	/* internal only */
	ret = do_getrusage(who, &r);
	if (ret)
		return ret;
	return copy_to_user(ru, &r, sizeof(r)) ? -EFAULT : 0;
}
