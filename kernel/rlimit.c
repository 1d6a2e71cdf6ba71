// SPDX-License-Identifier: GPL-2.0-only
/*
 * Resource limits: getrlimit(2), setrlimit(2), prlimit64(2), the limits'
 * defaults and their inheritance (interface in <linux/resource.h>).
 *
 * The limits live in the process's signal_struct, so all threads share
 * them; fork copies them (signal_limits_inherit()) and exec keeps them.
 * The defaults are Linux's INIT_RLIMITS, with RLIMIT_NPROC and
 * RLIMIT_SIGPENDING derived from the memory size as Linux derives them
 * from max_threads.
 *
 * Locking: a process's limits change under its siglock; readers take no
 * lock and see each word either old or new (a reader racing setrlimit()
 * may pair an old soft limit with a new hard one, as on Linux).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/resource.h>
#include <linux/syscalls.h>
#include <linux/mm.h>
#include <linux/fdtable.h>
#include <asm/uaccess.h>

#define MLOCK_LIMIT	(8UL << 20)	/* Linux's default RLIMIT_MEMLOCK since 5.16 */
#define MQ_BYTES_MAX	819200		/* Linux's default RLIMIT_MSGQUEUE */
#define MIN_THREADS	20		/* Linux's floor for max_threads */

static const struct rlimit init_rlimits[RLIM_NLIMITS] = {
	[RLIMIT_CPU] = { RLIM_INFINITY, RLIM_INFINITY },
	[RLIMIT_FSIZE] = { RLIM_INFINITY, RLIM_INFINITY },
	[RLIMIT_DATA] = { RLIM_INFINITY, RLIM_INFINITY },
	[RLIMIT_STACK] = { _STK_LIM, RLIM_INFINITY },
	[RLIMIT_CORE] = { 0, RLIM_INFINITY },
	[RLIMIT_RSS] = { RLIM_INFINITY, RLIM_INFINITY },
	[RLIMIT_NPROC] = { 0, 0 },		/* from memory, see max_threads() */
	[RLIMIT_NOFILE] = { INR_OPEN_CUR, INR_OPEN_MAX },
	[RLIMIT_MEMLOCK] = { MLOCK_LIMIT, MLOCK_LIMIT },
	[RLIMIT_AS] = { RLIM_INFINITY, RLIM_INFINITY },
	[RLIMIT_LOCKS] = { RLIM_INFINITY, RLIM_INFINITY },
	[RLIMIT_SIGPENDING] = { 0, 0 },		/* from memory, see max_threads() */
	[RLIMIT_MSGQUEUE] = { MQ_BYTES_MAX, MQ_BYTES_MAX },
	[RLIMIT_NICE] = { 0, 0 },
	[RLIMIT_RTPRIO] = { 0, 0 },
	[RLIMIT_RTTIME] = { RLIM_INFINITY, RLIM_INFINITY },
};

/*
 * Linux's max_threads: the number of task stacks that would fill one
 * eighth of memory, at least MIN_THREADS.  Processes get half of it.
 */
static unsigned long max_threads(void)
{
	unsigned long threads = totalram_pages() / (8 * (THREAD_SIZE / PAGE_SIZE));

	return max(threads, (unsigned long)MIN_THREADS);
}

static void default_limit(unsigned int resource, struct rlimit *r)
{
	*r = init_rlimits[resource];
	if (resource == RLIMIT_NPROC || resource == RLIMIT_SIGPENDING)
		r->rlim_cur = r->rlim_max = max_threads() / 2;
}

void signal_limits_init(struct signal_struct *sig)
{
	for (unsigned int i = 0; i < RLIM_NLIMITS; i++)
		default_limit(i, &sig->rlim[i]);
	sig->nice = 0;
	sig->itimers = NULL;
}

void signal_limits_inherit(struct signal_struct *sig, const struct signal_struct *parent)
{
	memcpy(sig->rlim, parent->rlim, sizeof(sig->rlim));
	sig->nice = READ_ONCE(parent->nice);
}

static void task_limit(const struct task_struct *task, unsigned int resource, struct rlimit *r)
{
	if (!task->signal) {
		default_limit(resource, r);
		return;
	}
	r->rlim_cur = READ_ONCE(task->signal->rlim[resource].rlim_cur);
	r->rlim_max = READ_ONCE(task->signal->rlim[resource].rlim_max);
}

unsigned long task_rlimit(const struct task_struct *task, unsigned int resource)
{
	struct rlimit r;

	task_limit(task, resource, &r);
	return r.rlim_cur;
}

unsigned long task_rlimit_max(const struct task_struct *task, unsigned int resource)
{
	struct rlimit r;

	task_limit(task, resource, &r);
	return r.rlim_max;
}

unsigned long rlimit(unsigned int resource)
{
	return task_rlimit(current, resource);
}

unsigned long rlimit_max(unsigned int resource)
{
	return task_rlimit_max(current, resource);
}

/* The address-space code's stack limit (mm/mmap.c has the default). */
unsigned long mm_stack_rlimit(void)
{
	return rlimit(RLIMIT_STACK);
}

int do_prlimit(struct task_struct *tsk, unsigned int resource, const struct rlimit *new_rlim,
	       struct rlimit *old_rlim)
{
	struct signal_struct *sig = tsk->signal;
	struct rlimit *r;
	unsigned long flags;
	int ret = 0;

	if (resource >= RLIM_NLIMITS)
		return -EINVAL;
	if (!sig)
		return -ESRCH;
	if (new_rlim) {
		if (new_rlim->rlim_cur > new_rlim->rlim_max)
			return -EINVAL;
		if (resource == RLIMIT_NOFILE && new_rlim->rlim_max > sysctl_nr_open)
			return -EPERM;
	}

	r = &sig->rlim[resource];
	spin_lock_irqsave(&tsk->sighand->siglock, flags);
	if (old_rlim)
		*old_rlim = *r;
	if (new_rlim) {
		if (new_rlim->rlim_max > r->rlim_max && !capable(CAP_SYS_RESOURCE)) {
			ret = -EPERM;
		} else {
			WRITE_ONCE(r->rlim_cur, new_rlim->rlim_cur);
			WRITE_ONCE(r->rlim_max, new_rlim->rlim_max);
		}
	}
	spin_unlock_irqrestore(&tsk->sighand->siglock, flags);
	return ret;
}

/* ------------------------------------------------------------ system calls */

SYSCALL_DEFINE2(getrlimit, unsigned int, resource, struct rlimit *, rlim)
{
	struct rlimit value;
	int ret;

	ret = do_prlimit(current, resource, NULL, &value);
	if (ret)
		return ret;
	return copy_to_user(rlim, &value, sizeof(value)) ? -EFAULT : 0;
}

SYSCALL_DEFINE2(setrlimit, unsigned int, resource, struct rlimit *, rlim)
{
	struct rlimit value;

	if (copy_from_user(&value, rlim, sizeof(value)))
		return -EFAULT;
	return do_prlimit(current, resource, &value, NULL);
}

/* RLIM64_INFINITY and anything above what a long holds mean "unlimited". */
static void rlim64_to_rlim(const struct rlimit64 *r64, struct rlimit *r)
{
	r->rlim_cur = r64->rlim_cur >= RLIM_INFINITY ? RLIM_INFINITY : r64->rlim_cur;
	r->rlim_max = r64->rlim_max >= RLIM_INFINITY ? RLIM_INFINITY : r64->rlim_max;
}

static void rlim_to_rlim64(const struct rlimit *r, struct rlimit64 *r64)
{
	r64->rlim_cur = r->rlim_cur == RLIM_INFINITY ? RLIM64_INFINITY : r->rlim_cur;
	r64->rlim_max = r->rlim_max == RLIM_INFINITY ? RLIM64_INFINITY : r->rlim_max;
}

/*
 * May current change tsk's limits?  Its own, or those of a process whose
 * real, effective and saved ids all equal current's real ids, or with
 * CAP_SYS_RESOURCE (Linux's rule).
 */
static int check_prlimit_permission(struct task_struct *tsk)
{
	const struct cred *cred = current_cred(), *tcred;
	bool match;

	if (same_thread_group(tsk, current))
		return 0;
	rcu_read_lock();
	tcred = READ_ONCE(tsk->real_cred);
	match = cred->uid == tcred->euid && cred->uid == tcred->suid && cred->uid == tcred->uid &&
		cred->gid == tcred->egid && cred->gid == tcred->sgid && cred->gid == tcred->gid;
	rcu_read_unlock();
	return match || capable(CAP_SYS_RESOURCE) ? 0 : -EPERM;
}

SYSCALL_DEFINE4(prlimit64, pid_t, pid, unsigned int, resource, const struct rlimit64 *, new_rlim,
		struct rlimit64 *, old_rlim)
{
	struct rlimit64 old64, new64;
	struct rlimit old, new;
	struct task_struct *tsk;
	int ret;

	if (new_rlim) {
		if (copy_from_user(&new64, new_rlim, sizeof(new64)))
			return -EFAULT;
		rlim64_to_rlim(&new64, &new);
	}
	if (resource >= RLIM_NLIMITS)
		return -EINVAL;

	if (pid) {
		rcu_read_lock();
		tsk = find_task_by_pid(pid);
		if (tsk && (!tsk->signal || tsk->exit_state))
			tsk = NULL;
		if (tsk)
			get_task_struct(tsk);
		rcu_read_unlock();
		if (!tsk)
			return -ESRCH;
	} else {
		tsk = get_task_struct(current);
	}

	ret = check_prlimit_permission(tsk);
	if (!ret)
		ret = do_prlimit(tsk, resource, new_rlim ? &new : NULL, old_rlim ? &old : NULL);
	put_task_struct(tsk);
	if (ret)
		return ret;
	if (old_rlim) {
		rlim_to_rlim64(&old, &old64);
		if (copy_to_user(old_rlim, &old64, sizeof(old64)))
			return -EFAULT;
	}
	return 0;
}
