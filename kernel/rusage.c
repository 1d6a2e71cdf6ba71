// SPDX-License-Identifier: GPL-2.0-only
/*
 * times(2) and getrusage(2): CPU time and other usage of the caller's
 * thread, process, and reaped children.
 *
 * CPU time comes from the scheduler tick's per-task utime/stime (user vs
 * kernel by the mode the tick interrupted), plus what exited threads and
 * reaped children left in the signal_struct (kernel/exit.c adds them).
 * ru_maxrss is the peak resident set (KiB) over every address space the
 * process has had (execve and exit note the one left behind).  Faults and
 * context switches count live and exited threads.  A reaped child's whole
 * usage - its own plus that of the children it reaped - is added to its
 * parent's c* fields when it is waited for (kernel/exit.c), maxrss as the
 * maximum; wait4()/waitid() report the same whole usage of the child.
 * inblock/oublock are 0 (no block I/O accounting).
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

/* Peak RSS of @mm in KiB: the high-water mark or, if higher, what is
 * resident now (the mark is only raised at certain points). */
static unsigned long mm_maxrss_kb(struct mm_struct *mm)
{
	unsigned long rss;

	if (!mm)
		return 0;
	rss = max(READ_ONCE(mm->hiwater_rss), get_mm_rss(mm));
	return rss << (PAGE_SHIFT - 10);
}

void note_mm_maxrss(struct task_struct *tsk, struct mm_struct *mm)
{
	struct signal_struct *sig = tsk->signal;
	unsigned long kb = mm_maxrss_kb(mm);
	unsigned long flags;

	spin_lock_irqsave(&tsk->sighand->siglock, flags);
	if (kb > sig->maxrss)
		sig->maxrss = kb;
	spin_unlock_irqrestore(&tsk->sighand->siglock, flags);
}

/* One thread's own counters (the task itself writes them). */
static void add_thread_usage(struct task_struct *t, struct process_usage *u)
{
	u->utime += READ_ONCE(t->utime);
	u->stime += READ_ONCE(t->stime);
	u->nvcsw += READ_ONCE(t->nvcsw);
	u->nivcsw += READ_ONCE(t->nivcsw);
	u->min_flt += READ_ONCE(t->min_flt);
	u->maj_flt += READ_ONCE(t->maj_flt);
}

/* Add what the children @sig's process waited for used (the c* fields). */
static void add_reaped_usage(struct signal_struct *sig, struct process_usage *u)
{
	u->utime += READ_ONCE(sig->cutime);
	u->stime += READ_ONCE(sig->cstime);
	u->nvcsw += READ_ONCE(sig->cnvcsw);
	u->nivcsw += READ_ONCE(sig->cnivcsw);
	u->min_flt += READ_ONCE(sig->cmin_flt);
	u->maj_flt += READ_ONCE(sig->cmaj_flt);
	u->maxrss = max(u->maxrss, READ_ONCE(sig->cmaxrss));
}

void process_usage(struct task_struct *p, bool reaped, struct process_usage *u)
{
	struct signal_struct *sig = p->signal;
	struct task_struct *t;
	struct mm_struct *mm;

	/* Threads already released left their counts in the signal_struct. */
	u->utime = READ_ONCE(sig->utime);
	u->stime = READ_ONCE(sig->stime);
	u->nvcsw = READ_ONCE(sig->nvcsw);
	u->nivcsw = READ_ONCE(sig->nivcsw);
	u->min_flt = READ_ONCE(sig->min_flt);
	u->maj_flt = READ_ONCE(sig->maj_flt);
	u->maxrss = READ_ONCE(sig->maxrss);

	rcu_read_lock();
	for_each_thread(p, t)
		add_thread_usage(t, u);
	rcu_read_unlock();

	/* A live process's current address space; a zombie's was noted. */
	mm = READ_ONCE(p->mm);
	if (p == current && mm)
		u->maxrss = max(u->maxrss, mm_maxrss_kb(mm));

	if (reaped)
		add_reaped_usage(sig, u);
}

void process_usage_to_rusage(const struct process_usage *u, struct rusage *r)
{
	memset(r, 0, sizeof(*r));
	r->ru_utime = ns_to_kernel_old_timeval(jiffies_to_nsecs(u->utime));
	r->ru_stime = ns_to_kernel_old_timeval(jiffies_to_nsecs(u->stime));
	r->ru_maxrss = u->maxrss;
	r->ru_minflt = u->min_flt;
	r->ru_majflt = u->maj_flt;
	r->ru_nvcsw = u->nvcsw;
	r->ru_nivcsw = u->nivcsw;
}

static int do_getrusage(int who, struct rusage *r)
{
	struct process_usage u = { };

	switch (who) {
	case RUSAGE_THREAD:
		add_thread_usage(current, &u);
		u.maxrss = max(READ_ONCE(current->signal->maxrss),
			       mm_maxrss_kb(current->mm));
		break;
	case RUSAGE_SELF:
		process_usage(current, false, &u);
		break;
	case RUSAGE_CHILDREN:
		add_reaped_usage(current->signal, &u);
		break;
	default:
		return -EINVAL;
	}
	process_usage_to_rusage(&u, r);
	return 0;
}

SYSCALL_DEFINE2(getrusage, int, who, struct rusage *, ru)
{
	struct rusage r;
	int ret;

	ret = do_getrusage(who, &r);
	if (ret)
		return ret;
	return copy_to_user(ru, &r, sizeof(r)) ? -EFAULT : 0;
}
