// SPDX-License-Identifier: GPL-2.0-only
/*
 * kthread_create()/kthread_stop() (see linux/kthread.h for the protocol).
 *
 * A kthread is a kernel thread (PF_KTHREAD) whose task carries a struct
 * kthread: the function, its data, the stop request and the result.
 * kthread_create() builds the task directly from the calling context (no
 * kthreadd: nothing is inherited from the caller but its CPU as a start
 * hint) and leaves it in TASK_UNINTERRUPTIBLE without having run, so
 * wake_up_process() starts it and kthread_bind() before that is safe.
 *
 * Lifetime: struct kthread is freed with the task_struct (free_task()),
 * so whoever holds a task reference may read it.  kthread_stop() takes
 * one for the duration.
 */
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/sprintf.h>
#include <linux/errno.h>
#include <asm/bitops.h>

#define KTHREAD_SHOULD_STOP	0

struct kthread {
	unsigned long flags;		/* KTHREAD_* bits, atomic */
	int (*threadfn)(void *data);
	void *data;
	int result;			/* threadfn's return value, for kthread_stop() */
};

static struct kthread *to_kthread(struct task_struct *k)
{
	WARN_ON(!(k->flags & PF_KTHREAD));
	return k->kthread;
}

static int kthread_main(void *arg)
{
	struct kthread *self = arg;
	int ret = -EINTR;

	/* A thread stopped before it ever ran does not run its function. */
	if (!test_bit(KTHREAD_SHOULD_STOP, &self->flags))
		ret = self->threadfn(self->data);
	kthread_exit(ret);
}

void __noreturn kthread_exit(long result)
{
	struct kthread *self = to_kthread(current);

	self->result = result;
	do_exit(result);
}

/* The thread starts in kthread_main(), which waits for its first wakeup. */
static struct task_struct *kthread_create_named(int (*threadfn)(void *), void *data,
						const char *name)
{
	struct kthread *self = kzalloc(sizeof(*self), GFP_KERNEL);
	struct task_struct *p;

	if (!self)
		return ERR_PTR(-ENOMEM);
	self->threadfn = threadfn;
	self->data = data;
	p = create_kernel_thread(kthread_main, self, name, PF_KTHREAD);
	if (!p) {
		kfree(self);
		return ERR_PTR(-ENOMEM);
	}
	p->kthread = self;
	/* Never ran, so nobody else writes its state yet. */
	p->__state = TASK_UNINTERRUPTIBLE;
	return p;
}

/* The name is printf-formatted and cut to TASK_COMM_LEN - 1 characters. */
struct task_struct *kthread_create(int (*threadfn)(void *data), void *data,
				   const char namefmt[], ...)
{
	char comm[TASK_COMM_LEN];
	va_list ap;

	va_start(ap, namefmt);
	vsnprintf(comm, sizeof(comm), namefmt, ap);
	va_end(ap);
	return kthread_create_named(threadfn, data, comm);
}

struct task_struct *kthread_create_on_cpu(int (*threadfn)(void *data), void *data,
					  unsigned int cpu, const char *namefmt)
{
	struct task_struct *p = kthread_create(threadfn, data, namefmt, cpu);

	if (!IS_ERR(p))
		kthread_bind(p, cpu);
	return p;
}

void kthread_bind_mask(struct task_struct *k, const struct cpumask *mask)
{
	WARN_ON(task_state(k) != TASK_UNINTERRUPTIBLE);
	set_cpus_allowed_ptr(k, mask);
	k->flags |= PF_NO_SETAFFINITY;
}

void kthread_bind(struct task_struct *k, unsigned int cpu)
{
	struct cpumask mask;

	cpumask_clear(&mask);
	cpumask_set_cpu(cpu, &mask);
	kthread_bind_mask(k, &mask);
	WRITE_ONCE(k->cpu, cpu);
}

bool __kthread_should_stop(struct task_struct *k)
{
	return test_bit(KTHREAD_SHOULD_STOP, &to_kthread(k)->flags);
}

bool kthread_should_stop(void)
{
	return __kthread_should_stop(current);
}

void *kthread_data(struct task_struct *k)
{
	return to_kthread(k)->data;
}

int kthread_stop(struct task_struct *k)
{
	struct kthread *self;
	int ret;

	get_task_struct(k);
	self = to_kthread(k);
	set_bit(KTHREAD_SHOULD_STOP, &self->flags);
	wake_up_process(k);
	wait_task_exited(k);
	ret = self->result;
	put_task_struct(k);
	return ret;
}
