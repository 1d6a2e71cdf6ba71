// SPDX-License-Identifier: GPL-2.0-only
/*
 * Creating tasks.  For now only kernel threads: create_kernel_thread()
 * builds a task that starts in fn(arg) on its own stack; kernel_thread()
 * also starts it.  User fork() (copying mm, files, signal state) will
 * extend copy_process() here.
 *
 * A new task gets: a task_struct from task_struct_cachep, a THREAD_SIZE
 * stack from the page allocator (naturally aligned, which frame-pointer
 * backtraces rely on) with an overflow canary at its lowest word, a pid,
 * and a place on the task list.  It starts in TASK_NEW (kernel_thread(),
 * wake_up_new_task()) or TASK_UNINTERRUPTIBLE (kthread_create(), so that
 * wake_up_process() starts it).
 *
 * Freeing: the last put_task_struct() queues the task for freeing after
 * an RCU grace period (RCU readers of the task list and pid hash may
 * still hold a pointer).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <asm/page.h>
#include <linux/cred.h>
#include <linux/fs_struct.h>
#include <linux/fdtable.h>
#include "sched/sched.h"

static struct kmem_cache *task_struct_cachep;
unsigned long total_forks;	/* tasks ever created, for /proc/stat; tasklist_lock */

void __init fork_init(void)
{
	task_struct_cachep = kmem_cache_create("task_struct", sizeof(struct task_struct),
					       __alignof__(struct task_struct),
					       SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
}

static void *alloc_thread_stack(void)
{
	unsigned long stack = __get_free_pages(GFP_KERNEL, THREAD_SIZE_ORDER);

	if (!stack)
		return NULL;
	*(unsigned long *)stack = STACK_END_MAGIC;
	return (void *)stack;
}

/*
 * Kernel threads share init_task's root, cwd and descriptor table and
 * run with its credentials; nothing comes from whoever created them.
 */
static void share_init_fs_state(struct task_struct *p)
{
	spin_lock(&init_fs.lock);
	init_fs.users++;
	spin_unlock(&init_fs.lock);
	p->fs = &init_fs;
	atomic_inc(&init_files.count);
	p->files = &init_files;
	p->real_cred = get_cred(init_task.real_cred);
	p->cred = get_cred(init_task.cred);
}

static void free_task(struct task_struct *p)
{
	/* Normally released by do_exit(); here for tasks that never ran. */
	exit_files(p);
	exit_fs(p);
	exit_creds(p);
	if (p->stack)
		free_pages((unsigned long)p->stack, THREAD_SIZE_ORDER);
	kfree(p->kthread);
	kmem_cache_free(task_struct_cachep, p);
}

static void free_task_rcu(struct rcu_head *head)
{
	free_task(container_of(head, struct task_struct, rcu));
}

void __put_task_struct(struct task_struct *p)
{
	WARN_ON(!(READ_ONCE(p->__state) & (TASK_DEAD | TASK_NEW)) || p == current);
	call_rcu(&p->rcu, free_task_rcu);
}

/* A task_struct with its stack, fields set up but not yet visible anywhere. */
static struct task_struct *alloc_task(const char *name, unsigned int flags, unsigned int state)
{
	struct task_struct *p = kmem_cache_zalloc(task_struct_cachep, GFP_KERNEL);

	if (!p)
		return NULL;
	p->stack = alloc_thread_stack();
	if (!p->stack) {
		kmem_cache_free(task_struct_cachep, p);
		return NULL;
	}
	p->__state = state;
	p->flags = flags;
	atomic_set(&p->usage, 1);
	p->cpu = smp_processor_id();
	p->time_slice = RR_TIMESLICE;
	INIT_LIST_HEAD(&p->run_list);
	INIT_LIST_HEAD(&p->tasks);
	INIT_HLIST_NODE(&p->pid_link);
	cpumask_copy(&p->cpus_allowed, cpu_possible_mask);
	spin_lock_init(&p->pi_lock);
	strscpy(p->comm, name, sizeof(p->comm));
	share_init_fs_state(p);
	return p;
}

struct task_struct *create_kernel_thread(int (*fn)(void *), void *arg, const char *name,
					 unsigned int flags)
{
	struct task_struct *p = alloc_task(name, flags, TASK_NEW);
	int pid;

	if (!p)
		return NULL;
	pid = alloc_pid();
	if (pid < 0) {
		free_task(p);
		return NULL;
	}
	p->pid = pid;
	p->tgid = pid;
	copy_thread_kernel(p, fn, arg);

	spin_lock(&tasklist_lock);
	list_add_tail_rcu(&p->tasks, &task_list);
	attach_pid(p);
	total_forks++;
	spin_unlock(&tasklist_lock);
	return p;
}

pid_t kernel_thread(int (*fn)(void *), void *arg, const char *name, unsigned int flags)
{
	struct task_struct *p = create_kernel_thread(fn, arg, name, flags);
	pid_t pid;

	if (!p)
		return -ENOMEM;
	pid = p->pid;
	wake_up_new_task(p);
	return pid;
}

/*
 * A CPU's idle task: pid 0, not on the task list, bound to cpu, already
 * "running" there (the CPU starts on its stack).
 */
struct task_struct *create_idle_task(int cpu)
{
	char name[TASK_COMM_LEN];
	struct task_struct *p;

	snprintf(name, sizeof(name), "swapper/%d", cpu);
	p = alloc_task(name, PF_KTHREAD | PF_NO_SETAFFINITY, TASK_RUNNING);
	if (!p)
		return NULL;
	p->cpu = cpu;
	p->on_cpu = 1;
	cpumask_clear(&p->cpus_allowed);
	cpumask_set_cpu(cpu, &p->cpus_allowed);
	return p;
}

void set_task_comm(struct task_struct *p, const char *name)
{
	strscpy(p->comm, name, sizeof(p->comm));
}

char *get_task_comm(char *buf, struct task_struct *p)
{
	strscpy(buf, p->comm, TASK_COMM_LEN);
	return buf;
}
