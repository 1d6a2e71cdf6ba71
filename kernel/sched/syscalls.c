// SPDX-License-Identifier: GPL-2.0-only
/*
 * Scheduler system calls: sched_yield, sched_[gs]etaffinity, the policy
 * calls, getcpu, getpriority/setpriority.
 *
 * The scheduler is round robin for every task (see <linux/sched.h>), so
 * the only policy is SCHED_OTHER with priority 0: asking for another is
 * refused with EPERM, as Linux refuses real-time policies to a task
 * without the privilege.  The nice value is kept per process (in the
 * signal_struct, inherited by fork) and reported, but does not weigh in
 * scheduling decisions.
 *
 * Affinity masks are Linux's: sched_getaffinity() returns the number of
 * bytes it filled (the kernel's cpumask size), sched_setaffinity()
 * accepts any length and ignores CPUs that are not online.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/bitmap.h>
#include <linux/cpumask.h>
#include <linux/smp.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/resource.h>
#include <linux/syscalls.h>
#include <linux/jiffies.h>
#include <linux/time.h>
#include <uapi/linux/sched/types.h>
#include <asm/uaccess.h>

#define MIN_NICE	-20
#define MAX_NICE	19

SYSCALL_DEFINE0(sched_yield)
{
	yield();
	return 0;
}

/* The task pid names (0: the caller), with a reference; NULL if none. */
static struct task_struct *find_get_task(pid_t pid)
{
	struct task_struct *p;

	if (pid < 0)
		return NULL;
	if (!pid)
		return get_task_struct(current);
	rcu_read_lock();
	p = find_task_by_pid(pid);
	if (p && p->exit_state)
		p = NULL;
	if (p)
		get_task_struct(p);
	rcu_read_unlock();
	return p;
}

/* Linux's check for changing another task's scheduling: same user, or CAP_SYS_NICE. */
static bool may_change_sched(struct task_struct *p)
{
	const struct cred *cred = current_cred(), *pcred;
	bool ok;

	if (same_thread_group(p, current))
		return true;
	rcu_read_lock();
	pcred = READ_ONCE(p->real_cred);
	ok = cred->euid == pcred->euid || cred->euid == pcred->uid;
	rcu_read_unlock();
	return ok || capable(CAP_SYS_NICE);
}

static unsigned int cpumask_bytes(void)
{
	return sizeof(struct cpumask);
}

SYSCALL_DEFINE3(sched_getaffinity, pid_t, pid, unsigned int, len, unsigned long *, user_mask_ptr)
{
	struct task_struct *p;
	struct cpumask mask;
	unsigned int retlen;

	if (len * 8 < nr_cpu_ids || (len & (sizeof(long) - 1)))
		return -EINVAL;
	p = find_get_task(pid);
	if (!p)
		return -ESRCH;
	bitmap_and(mask.bits, p->cpus_allowed.bits, cpu_online_mask->bits, NR_CPUS);
	put_task_struct(p);
	retlen = min(len, cpumask_bytes());
	if (copy_to_user(user_mask_ptr, &mask, retlen))
		return -EFAULT;
	return retlen;
}

SYSCALL_DEFINE3(sched_setaffinity, pid_t, pid, unsigned int, len, unsigned long *, user_mask_ptr)
{
	struct task_struct *p;
	struct cpumask mask;
	int ret;

	memset(&mask, 0, sizeof(mask));
	if (copy_from_user(&mask, user_mask_ptr, min(len, cpumask_bytes())))
		return -EFAULT;
	bitmap_and(mask.bits, mask.bits, cpu_online_mask->bits, NR_CPUS);
	if (cpumask_empty(&mask))
		return -EINVAL;
	p = find_get_task(pid);
	if (!p)
		return -ESRCH;
	if (!may_change_sched(p))
		ret = -EPERM;
	else if (p->flags & PF_NO_SETAFFINITY)
		ret = -EINVAL;
	else
		ret = set_cpus_allowed_ptr(p, &mask);
	put_task_struct(p);
	return ret;
}

SYSCALL_DEFINE3(getcpu, unsigned int *, cpup, unsigned int *, nodep, void *, unused)
{
	unsigned int cpu = smp_processor_id();

	if (cpup && put_user(cpu, cpup))
		return -EFAULT;
	if (nodep && put_user(0U, nodep))
		return -EFAULT;
	return 0;
}

/* ------------------------------------------------------------ policies */

static int check_pid(pid_t pid)
{
	struct task_struct *p = find_get_task(pid);

	if (!p)
		return pid < 0 ? -EINVAL : -ESRCH;
	put_task_struct(p);
	return 0;
}

SYSCALL_DEFINE1(sched_getscheduler, pid_t, pid)
{
	int ret = check_pid(pid);

	return ret ? ret : SCHED_OTHER;
}

SYSCALL_DEFINE2(sched_getparam, pid_t, pid, struct sched_param *, param)
{
	struct sched_param sp = { .sched_priority = 0 };
	int ret;

	if (!param)
		return -EINVAL;
	ret = check_pid(pid);
	if (ret)
		return ret;
	return copy_to_user(param, &sp, sizeof(sp)) ? -EFAULT : 0;
}

/* Only SCHED_OTHER at priority 0 can be had; other valid policies are EPERM. */
static int set_policy(pid_t pid, int policy, struct sched_param *param)
{
	struct sched_param sp;
	int ret;

	if (!param)
		return -EINVAL;
	if (copy_from_user(&sp, param, sizeof(sp)))
		return -EFAULT;
	ret = check_pid(pid);
	if (ret)
		return ret;
	policy &= ~SCHED_RESET_ON_FORK;
	switch (policy) {
	case SCHED_OTHER:
	case SCHED_BATCH:
	case SCHED_IDLE:
		return sp.sched_priority ? -EINVAL : (policy == SCHED_OTHER ? 0 : -EPERM);
	case SCHED_FIFO:
	case SCHED_RR:
		if (sp.sched_priority < 1 || sp.sched_priority > 99)
			return -EINVAL;
		return -EPERM;
	case -1:
		/* sched_setparam(): keep the policy. */
		return sp.sched_priority ? -EINVAL : 0;
	default:
		return -EINVAL;
	}
}

SYSCALL_DEFINE3(sched_setscheduler, pid_t, pid, int, policy, struct sched_param *, param)
{
	if (policy < 0)
		return -EINVAL;
	return set_policy(pid, policy, param);
}

SYSCALL_DEFINE2(sched_setparam, pid_t, pid, struct sched_param *, param)
{
	return set_policy(pid, -1, param);
}

SYSCALL_DEFINE1(sched_get_priority_max, int, policy)
{
	switch (policy) {
	case SCHED_FIFO:
	case SCHED_RR:
		return 99;
	case SCHED_OTHER:
	case SCHED_BATCH:
	case SCHED_IDLE:
	case SCHED_DEADLINE:
		return 0;
	default:
		return -EINVAL;
	}
}

SYSCALL_DEFINE1(sched_get_priority_min, int, policy)
{
	switch (policy) {
	case SCHED_FIFO:
	case SCHED_RR:
		return 1;
	case SCHED_OTHER:
	case SCHED_BATCH:
	case SCHED_IDLE:
	case SCHED_DEADLINE:
		return 0;
	default:
		return -EINVAL;
	}
}

SYSCALL_DEFINE2(sched_rr_get_interval, pid_t, pid, struct __kernel_timespec *, interval)
{
	struct timespec64 ts = ns_to_timespec64(jiffies_to_nsecs(RR_TIMESLICE));
	int ret = check_pid(pid);

	if (ret)
		return ret;
	return put_timespec64(&ts, interval);
}

/* ------------------------------------------------------------ nice */

/* Is process p selected by (which, who)?  RCU held. */
static bool prio_match(struct task_struct *p, int which, int who)
{
	if (!p->signal || !thread_group_leader(p) || p->exit_state)
		return false;
	switch (which) {
	case PRIO_PROCESS:
		return p->tgid == (who ? who : current->tgid) ||
		       (who && p->pid == who);
	case PRIO_PGRP:
		return task_pgrp_nr(p) == (who ? who : task_pgrp_nr(current));
	case PRIO_USER:
		return READ_ONCE(p->real_cred)->uid == (who ? (uid_t)who : current_cred()->uid);
	default:
		return false;
	}
}

/* The raw system call returns 20 - nice (1..40) of the highest-priority match. */
SYSCALL_DEFINE2(getpriority, int, which, int, who)
{
	struct task_struct *p;
	long best = -ESRCH;

	if (which < PRIO_PROCESS || which > PRIO_USER || who < 0)
		return -EINVAL;
	rcu_read_lock();
	for_each_process(p) {
		if (!prio_match(p, which, who))
			continue;
		best = max(best, 20L - READ_ONCE(p->signal->nice));
	}
	rcu_read_unlock();
	return best;
}

/* Lowering nice below the current value needs CAP_SYS_NICE or RLIMIT_NICE room. */
static bool can_nice(struct task_struct *p, int nice)
{
	return 20 - nice <= (long)task_rlimit(p, RLIMIT_NICE) || capable(CAP_SYS_NICE);
}

static int set_one_prio(struct task_struct *p, int nice)
{
	if (!may_change_sched(p))
		return -EPERM;
	if (nice < READ_ONCE(p->signal->nice) && !can_nice(p, nice))
		return -EACCES;
	WRITE_ONCE(p->signal->nice, nice);
	return 0;
}

SYSCALL_DEFINE3(setpriority, int, which, int, who, int, niceval)
{
	struct task_struct *p;
	int ret = -ESRCH, r;

	if (which < PRIO_PROCESS || which > PRIO_USER || who < 0)
		return -EINVAL;
	niceval = clamp(niceval, MIN_NICE, MAX_NICE);
	rcu_read_lock();
	for_each_process(p) {
		if (!prio_match(p, which, who))
			continue;
		/* Linux's rule: the first failure sticks, success only replaces ESRCH. */
		r = set_one_prio(p, niceval);
		if (r)
			ret = r;
		else if (ret == -ESRCH)
			ret = 0;
	}
	rcu_read_unlock();
	return ret;
}
