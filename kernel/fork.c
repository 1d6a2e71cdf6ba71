// SPDX-License-Identifier: GPL-2.0-only
/*
 * Creating tasks: kernel threads (create_kernel_thread() builds a task
 * that starts in fn(arg) on its own stack; kernel_thread() also starts
 * it) and user processes and threads (fork, vfork, clone: copy_process()).
 *
 * Interface: kernel_thread(), create_kernel_thread(), kernel_clone()
 * (fork/vfork/clone), make_task_user_process() (PID 1 before its exec).
 *
 * A user child gets: a copy of (or with CLONE_VM, CLONE_FILES, CLONE_FS,
 * CLONE_SIGHAND: a share of) the parent's address space, descriptor table,
 * root/cwd and handlers; a new signal_struct unless CLONE_THREAD; the
 * parent's blocked mask, FPU state and registers (rax = 0).  It is linked
 * into the process tree (and the thread group) under tasklist_lock and
 * the parent's siglock, so a fatal signal sent to the parent meanwhile
 * is seen: the fork fails with -ERESTARTNOINTR and is retried after it.
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
#include <linux/jiffies.h>
#include <linux/completion.h>
#include <linux/syscalls.h>
#include <linux/sched/signal.h>
#include <linux/signalfd.h>
#include <uapi/linux/sched.h>
#include <asm/page.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/fs_struct.h>
#include <linux/posix-timers.h>
#include <linux/pidfd.h>
#include <linux/file.h>
#include <linux/fdtable.h>
#include <linux/resource.h>
#include <asm/uaccess.h>
#include "sched/sched.h"
#include <linux/sched/mm.h>
#include <linux/futex.h>
#include <linux/ptrace.h>

static struct kmem_cache *task_struct_cachep;
unsigned long total_forks;	/* tasks ever created, for /proc/stat; tasklist_lock */

void __init fork_init(void)
{
	task_struct_cachep = kmem_cache_create("task_struct", sizeof(struct task_struct),
					       __alignof__(struct task_struct),
					       SLAB_HWCACHE_ALIGN | SLAB_PANIC, NULL);
}

/*
 * A new task's kernel stack, zeroed as Linux does: what an earlier user
 * of the pages left there is never read through an uninitialised slot,
 * and the stack starts from the same state every time.  Under QEMU's TCG
 * the zeroing also matters for speed: a page that once held code QEMU
 * translated stays marked as code until the translated bytes are
 * overwritten, and every store to such a page takes QEMU's slow
 * self-modifying-code path - on a stack that is every function call
 * (seen as a TCP stream written to disk at a tenth of its usual rate).
 */
static void *alloc_thread_stack(void)
{
	unsigned long stack = __get_free_pages(GFP_KERNEL | __GFP_ZERO, THREAD_SIZE_ORDER);

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
	exit_thread(p);
	if (p->sighand)
		put_sighand_struct(p->sighand);
	if (p->signal)
		put_signal_struct(p->signal);
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
	INIT_LIST_HEAD(&p->children);
	INIT_LIST_HEAD(&p->sibling);
	INIT_LIST_HEAD(&p->ptraced);
	INIT_LIST_HEAD(&p->ptrace_entry);
	INIT_LIST_HEAD(&p->thread_node);
	INIT_LIST_HEAD(&p->pending.list);
	p->group_leader = p;
	p->exit_signal = -1;
	p->restart_block.fn = do_no_restart_syscall;
	p->start_time = jiffies;
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

/* ------------------------------------------------------------ signal state */

static struct kmem_cache *signal_cachep, *sighand_cachep;

static int __init proc_caches_init(void)
{
	signal_cachep = KMEM_CACHE(signal_struct, SLAB_PANIC);
	sighand_cachep = KMEM_CACHE(sighand_struct, SLAB_PANIC);
	return 0;
}
core_initcall(proc_caches_init);

struct signal_struct *alloc_signal_struct(void)
{
	struct signal_struct *sig = kmem_cache_zalloc(signal_cachep, GFP_KERNEL);

	if (!sig)
		return NULL;
	atomic_set(&sig->sigcnt, 1);
	atomic_set(&sig->live, 1);
	sig->nr_threads = 1;
	INIT_LIST_HEAD(&sig->thread_head);
	init_waitqueue_head(&sig->wait_chldexit);
	INIT_LIST_HEAD(&sig->shared_pending.list);
	signal_limits_init(sig);
	return sig;
}

struct sighand_struct *alloc_sighand_struct(void)
{
	struct sighand_struct *sh = kmem_cache_zalloc(sighand_cachep, GFP_KERNEL);

	if (!sh)
		return NULL;
	atomic_set(&sh->count, 1);
	spin_lock_init(&sh->siglock);
	init_waitqueue_head(&sh->signalfd_wqh);
	return sh;
}

void put_signal_struct(struct signal_struct *sig)
{
	if (atomic_dec_and_test(&sig->sigcnt)) {
		itimers_exit(sig);
		posix_timers_exit(sig);
		if (sig->oom_mm)
			mmdrop(sig->oom_mm);
		kmem_cache_free(signal_cachep, sig);
	}
}

static void sighand_free_rcu(struct rcu_head *head)
{
	kmem_cache_free(sighand_cachep, container_of(head, struct sighand_struct, rcu));
}

/*
 * epoll hooks on signalfd_wqh are told to let go first; one may still be
 * reading the queue's lock until a grace period has passed.
 */
void put_sighand_struct(struct sighand_struct *sh)
{
	if (atomic_dec_and_test(&sh->count)) {
		signalfd_cleanup(sh);
		call_rcu(&sh->rcu, sighand_free_rcu);
	}
}

int make_task_user_process(struct task_struct *p)
{
	struct signal_struct *sig;
	struct sighand_struct *sh;

	if (p->signal)
		return 0;
	sig = alloc_signal_struct();
	sh = alloc_sighand_struct();
	if (!sig || !sh) {
		if (sig)
			put_signal_struct(sig);
		if (sh)
			put_sighand_struct(sh);
		return -ENOMEM;
	}
	/* Like Linux's init: process group and session 0 until it calls setsid(). */
	if (p->pid == 1)
		sig->flags |= SIGNAL_UNKILLABLE;
	spin_lock(&tasklist_lock);
	p->sighand = sh;
	p->signal = sig;
	list_add_tail_rcu(&p->thread_node, &sig->thread_head);
	/* The reference a zombie holds until it is reaped. */
	get_task_struct(p);
	spin_unlock(&tasklist_lock);
	return 0;
}

/* ------------------------------------------------------------ fork */

struct kernel_clone_args {
	u64 flags;
	int *pidfd;
	int *child_tid;
	int *parent_tid;
	int exit_signal;
	unsigned long stack;
	unsigned long tls;
	int trace;		/* PTRACE_EVENT_* the tracer asked to see, or 0 */
};

static int copy_sighand(u64 clone_flags, struct task_struct *p)
{
	struct sighand_struct *sh;
	unsigned long flags;

	if (clone_flags & CLONE_SIGHAND) {
		atomic_inc(&current->sighand->count);
		p->sighand = current->sighand;
		return 0;
	}
	sh = alloc_sighand_struct();
	if (!sh)
		return -ENOMEM;
	spin_lock_irqsave(&current->sighand->siglock, flags);
	memcpy(sh->action, current->sighand->action, sizeof(sh->action));
	spin_unlock_irqrestore(&current->sighand->siglock, flags);
	p->sighand = sh;
	/* clone3's CLONE_CLEAR_SIGHAND: handlers back to default, ignored stay so. */
	if (clone_flags & CLONE_CLEAR_SIGHAND)
		flush_signal_handlers(p, 0);
	return 0;
}

static int copy_signal(u64 clone_flags, struct task_struct *p)
{
	struct signal_struct *sig;

	if (clone_flags & CLONE_THREAD) {
		p->signal = current->signal;
		return 0;
	}
	sig = alloc_signal_struct();
	if (!sig)
		return -ENOMEM;
	sig->pgrp = current->signal->pgrp;
	sig->session = current->signal->session;
	sig->tty = current->signal->tty;
	signal_limits_inherit(sig, current->signal);
	/* A child is as expendable to the OOM killer as its parent (not a victim, though). */
	sig->oom_score_adj = READ_ONCE(current->signal->oom_score_adj);
	sig->oom_score_adj_min = READ_ONCE(current->signal->oom_score_adj_min);
	p->signal = sig;
	return 0;
}

static void undo_signal(u64 clone_flags, struct task_struct *p)
{
	if (p->sighand)
		put_sighand_struct(p->sighand);
	if (p->signal && !(clone_flags & CLONE_THREAD))
		put_signal_struct(p->signal);
	p->sighand = NULL;
	p->signal = NULL;
}

/* Files, root/cwd and credentials: shared with or copied from the parent. */
static int copy_files_fs(u64 clone_flags, struct task_struct *p)
{
	int err;

	/* alloc_task() gave p init's, as for a kernel thread. */
	exit_files(p);
	exit_fs(p);
	exit_creds(p);
	err = copy_creds(p, clone_flags);
	if (!err)
		err = copy_files(clone_flags, p);
	if (!err)
		err = copy_fs(clone_flags, p);
	return err;
}

static void drop_files_fs(struct task_struct *p)
{
	exit_files(p);
	exit_fs(p);
	exit_creds(p);
}

/* The address space: shared (CLONE_VM) or a copy-on-write duplicate. */
static int copy_mm(u64 clone_flags, struct task_struct *p)
{
	struct mm_struct *oldmm = current->mm;

	p->mm = NULL;
	p->active_mm = NULL;
	if (!oldmm)
		return 0;
	if (clone_flags & CLONE_VM) {
		mmget(oldmm);
		p->mm = oldmm;
	} else {
		p->mm = dup_mm(p, oldmm);
		if (!p->mm)
			return -ENOMEM;
	}
	p->active_mm = p->mm;
	return 0;
}

static void drop_mm(struct task_struct *p)
{
	if (p->mm)
		mmput(p->mm);
	p->mm = NULL;
	p->active_mm = NULL;
}

/*
 * RLIMIT_NPROC: tasks (threads too) of the caller's real uid, zombies
 * included, as Linux counts them.  Each task is counted under the uid it
 * had at its last fork or exec (nproc_uid: written by the task itself,
 * read here without locking; another task's credentials cannot be read
 * safely), which the caller refreshes first.  Root and holders of
 * CAP_SYS_RESOURCE or CAP_SYS_ADMIN are not limited.  The count runs
 * under tasklist_lock, where the child is then added, so concurrent
 * forks cannot overshoot the limit together.
 */
static unsigned long nproc_limit(void)
{
	uid_t uid = current_uid();

	WRITE_ONCE(current->nproc_uid, uid);
	if (uid == GLOBAL_ROOT_UID || capable(CAP_SYS_RESOURCE) || capable(CAP_SYS_ADMIN))
		return RLIM_INFINITY;
	return rlimit(RLIMIT_NPROC);
}

/* tasklist_lock held. */
static bool nproc_over_limit(unsigned long limit)
{
	uid_t uid = current->nproc_uid;
	unsigned long nr = 0;
	struct task_struct *p;

	if (limit == RLIM_INFINITY)
		return false;
	list_for_each_entry(p, &task_list, tasks)
		if (p->signal && p->nproc_uid == uid && ++nr >= limit)
			return true;
	return false;
}

static int check_clone_flags(u64 f)
{
	/* Namespaces and the rest Linux would refuse without privileges or config. */
	if (f & (CLONE_NEWNS | CLONE_NEWCGROUP | CLONE_NEWUTS | CLONE_NEWIPC |
		 CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNET))
		return -EINVAL;
	if ((f & CLONE_THREAD) && !(f & CLONE_SIGHAND))
		return -EINVAL;
	if ((f & CLONE_SIGHAND) && !(f & CLONE_VM))
		return -EINVAL;
	if ((f & CLONE_FS) && (f & CLONE_NEWNS))
		return -EINVAL;
	/* Init's children have no parent to share with. */
	if ((f & CLONE_PARENT) && (current->signal->flags & SIGNAL_UNKILLABLE))
		return -EINVAL;
	/* A pidfd names a whole process (Linux: not with CLONE_THREAD). */
	if ((f & CLONE_PIDFD) && (f & (CLONE_THREAD | CLONE_DETACHED)))
		return -EINVAL;
	return 0;
}

static struct task_struct *copy_process(struct kernel_clone_args *args)
{
	u64 clone_flags = args->flags;
	struct task_struct *p, *parent = current;
	unsigned long flags, limit;
	int pid, err;

	err = check_clone_flags(clone_flags);
	if (err)
		return ERR_PTR(err);
	if (!parent->signal)
		return ERR_PTR(-EINVAL);	/* kernel threads do not fork user tasks */
	limit = nproc_limit();

	p = alloc_task(parent->comm, parent->flags & ~(PF_EXITING | PF_IDLE | PF_WQ_WORKER |
						      PF_KTHREAD), TASK_NEW);
	if (!p)
		return ERR_PTR(-ENOMEM);
	p->flags |= PF_FORKNOEXEC;
	p->nproc_uid = parent->nproc_uid;
	p->personality = parent->personality;
	p->no_new_privs = parent->no_new_privs;
	cpumask_copy(&p->cpus_allowed, &parent->cpus_allowed);
	p->blocked = parent->blocked;
	p->sas_ss_sp = parent->sas_ss_sp;
	p->sas_ss_size = parent->sas_ss_size;
	p->sas_ss_flags = parent->sas_ss_flags;
	/* A new process starts with no alternate stack only after exec (kept on fork, Linux). */
	if ((clone_flags & (CLONE_VM | CLONE_VFORK)) == CLONE_VM) {
		p->sas_ss_sp = 0;
		p->sas_ss_size = 0;
		p->sas_ss_flags = 0;
	}
	p->set_child_tid = (clone_flags & CLONE_CHILD_SETTID) ? args->child_tid : NULL;
	p->clear_child_tid = (clone_flags & CLONE_CHILD_CLEARTID) ? args->child_tid : NULL;

	err = copy_sighand(clone_flags, p);
	if (err)
		goto bad_free;
	err = copy_signal(clone_flags, p);
	if (err)
		goto bad_signal;
	err = copy_files_fs(clone_flags, p);
	if (err)
		goto bad_signal;
	err = copy_mm(clone_flags, p);
	if (err)
		goto bad_files;
	err = copy_thread_user(p, args->stack, clone_flags & CLONE_SETTLS, args->tls);
	if (err)
		goto bad_mm;

	pid = alloc_pid();
	if (pid < 0) {
		err = pid;
		goto bad_mm;
	}
	p->pid = pid;
	if (clone_flags & CLONE_THREAD) {
		p->tgid = parent->tgid;
		p->group_leader = parent->group_leader;
		p->exit_signal = -1;
	} else {
		p->tgid = pid;
		p->group_leader = p;
		p->exit_signal = args->exit_signal;
	}
	if ((clone_flags & CLONE_PARENT_SETTID) && put_user(pid, args->parent_tid)) {
		err = -EFAULT;
		goto bad_pid;
	}
	spin_lock(&tasklist_lock);
	if (nproc_over_limit(limit)) {
		spin_unlock(&tasklist_lock);
		err = -EAGAIN;
		goto bad_pid;
	}
	spin_lock_irqsave(&parent->sighand->siglock, flags);
	/*
	 * A fatal signal or a group stop/exit that reached the parent before we
	 * got here must not miss the child: let the parent handle it first,
	 * then the fork is restarted (Linux does the same).
	 */
	if (fatal_signal_pending(parent) || (parent->signal->flags & SIGNAL_GROUP_EXIT)) {
		spin_unlock_irqrestore(&parent->sighand->siglock, flags);
		spin_unlock(&tasklist_lock);
		err = -ERESTARTNOINTR;
		goto bad_pid;
	}
	if (clone_flags & (CLONE_PARENT | CLONE_THREAD)) {
		p->real_parent = parent->real_parent;
		if (clone_flags & CLONE_THREAD)
			p->exit_signal = -1;
		else
			p->exit_signal = parent->group_leader->exit_signal;
	} else {
		p->real_parent = parent;
	}
	p->parent = p->real_parent;
	if (clone_flags & CLONE_THREAD) {
		p->signal->nr_threads++;
		atomic_inc(&p->signal->live);
		atomic_inc(&p->signal->sigcnt);
	} else {
		if (p->real_parent)
			list_add_tail(&p->sibling, &p->real_parent->children);
	}
	ptrace_init_child(p, args->trace || ((clone_flags & CLONE_PTRACE) && parent->ptrace));
	list_add_tail_rcu(&p->thread_node, &p->signal->thread_head);
	list_add_tail_rcu(&p->tasks, &task_list);
	attach_pid(p);
	total_forks++;
	/* One reference for running, one for the zombie until it is reaped. */
	get_task_struct(p);
	spin_unlock_irqrestore(&parent->sighand->siglock, flags);
	spin_unlock(&tasklist_lock);
	return p;

bad_pid:
	free_pid(pid);
bad_mm:
	exit_thread(p);
	drop_mm(p);
bad_files:
	drop_files_fs(p);
bad_signal:
	undo_signal(clone_flags, p);
bad_free:
	free_task(p);
	return ERR_PTR(err);
}

/*
 * A vfork parent's completion lives on its stack; vfork_lock makes "the
 * child signals it" and "the killed parent stops waiting for it"
 * exclusive, so a parent that left never gets a completion written.
 */
static DEFINE_SPINLOCK(vfork_lock);

static void wait_for_vfork_done(struct task_struct *child, struct completion *vfork)
{
	if (!wait_for_completion_killable(vfork))
		return;
	spin_lock(&vfork_lock);
	child->vfork_done = NULL;
	spin_unlock(&vfork_lock);
}

/*
 * CLONE_PIDFD: reserve the descriptor and its file, and tell the caller
 * the number, before the child exists, so that nothing can fail after.
 */
static int clone_pidfd_prepare(struct kernel_clone_args *args, struct file **filep)
{
	struct file *file;
	int fd;

	*filep = NULL;
	if (!(args->flags & CLONE_PIDFD))
		return 0;
	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0)
		return fd;
	file = pidfd_file_new(0);
	if (IS_ERR(file)) {
		put_unused_fd(fd);
		return PTR_ERR(file);
	}
	if (put_user(fd, args->pidfd)) {
		fput(file);
		put_unused_fd(fd);
		return -EFAULT;
	}
	*filep = file;
	return fd;
}

static pid_t kernel_clone(struct kernel_clone_args *args)
{
	struct completion vfork;
	struct task_struct *p;
	struct file *pidfile;
	int pidfd;
	pid_t nr;

	pidfd = clone_pidfd_prepare(args, &pidfile);
	if (pidfd < 0)
		return pidfd;
	args->trace = ptrace_clone_event(args->flags, args->exit_signal);
	p = copy_process(args);
	if (IS_ERR(p)) {
		if (pidfile) {
			fput(pidfile);
			put_unused_fd(pidfd);
		}
		return PTR_ERR(p);
	}
	if (pidfile) {
		pidfd_attach(pidfile, p);
		fd_install(pidfd, pidfile);
	}
	nr = p->pid;
	if (args->flags & CLONE_VFORK) {
		init_completion(&vfork);
		p->vfork_done = &vfork;
		get_task_struct(p);
	}
	wake_up_new_task(p);
	/* The tracer hears of the child (its pid) before the parent goes on. */
	if (args->trace)
		ptrace_event(args->trace, nr);

	/* The parent sleeps (killably) until the child execs or exits. */
	if (args->flags & CLONE_VFORK) {
		wait_for_vfork_done(p, &vfork);
		put_task_struct(p);
		ptrace_event(PTRACE_EVENT_VFORK_DONE, nr);
	}
	return nr;
}

/* The child has exec'd or is exiting: release a vfork parent. */
static void mm_release_vfork(struct task_struct *tsk)
{
	spin_lock(&vfork_lock);
	if (tsk->vfork_done) {
		complete(tsk->vfork_done);
		tsk->vfork_done = NULL;
	}
	spin_unlock(&vfork_lock);
}

/*
 * tsk is done with mm (exit or exec): clear and wake its
 * CLONE_CHILD_CLEARTID word - only worth it when other users of mm could
 * be waiting on it - and release a vfork parent.
 */
void mm_release(struct task_struct *tsk, struct mm_struct *mm)
{
	int *tidptr = tsk->clear_child_tid;

	if (tidptr) {
		tsk->clear_child_tid = NULL;
		if (mm && atomic_read(&mm->mm_users) > 1 && !put_user(0, tidptr))
			futex_wake((u32 *)tidptr, 0, 1, FUTEX_BITSET_MATCH_ANY);
	}
	mm_release_vfork(tsk);
}

SYSCALL_DEFINE0(fork)
{
	struct kernel_clone_args args = { .exit_signal = SIGCHLD };

	return kernel_clone(&args);
}

SYSCALL_DEFINE0(vfork)
{
	struct kernel_clone_args args = {
		.flags = CLONE_VFORK | CLONE_VM,
		.exit_signal = SIGCHLD,
	};

	return kernel_clone(&args);
}

/* x86_64 argument order: flags, newsp, parent_tidptr, child_tidptr, tls. */
SYSCALL_DEFINE5(clone, unsigned long, clone_flags, unsigned long, newsp,
		int *, parent_tidptr, int *, child_tidptr, unsigned long, tls)
{
	struct kernel_clone_args args = {
		.flags = clone_flags & ~CSIGNAL,
		.child_tid = child_tidptr,
		.parent_tid = parent_tidptr,
		.exit_signal = clone_flags & CSIGNAL,
		.stack = newsp,
		.tls = tls,
	};

	if (!valid_signal(args.exit_signal))
		return -EINVAL;
	/* clone() returns the pidfd through parent_tid: not both. */
	if (clone_flags & CLONE_PIDFD) {
		if (clone_flags & CLONE_PARENT_SETTID)
			return -EINVAL;
		args.pidfd = parent_tidptr;
	}
	return kernel_clone(&args);
}

/*
 * clone3(): the arguments come in a struct clone_args of the caller's
 * size.  A larger struct than ours is accepted if the part we do not know
 * is zero (E2BIG otherwise); a smaller one than version 0 is EINVAL.
 * The stack is given as its lowest address and size (both or neither).
 * Not supported, EINVAL: set_tid (choosing pids), CLONE_INTO_CGROUP;
 * CLONE_PIDFD puts a pidfd at args.pidfd; CLONE_CLEAR_SIGHAND resets the
 * child's handlers.
 */
static int clone3_copy_args(struct kernel_clone_args *kargs, const struct clone_args *uargs,
			    size_t size)
{
	struct clone_args args = { };
	unsigned char byte;

	if (size < CLONE_ARGS_SIZE_VER0)
		return -EINVAL;
	if (size > PAGE_SIZE)
		return -E2BIG;
	for (size_t off = sizeof(args); off < size; off++) {
		if (get_user(byte, (const unsigned char *)uargs + off))
			return -EFAULT;
		if (byte)
			return -E2BIG;
	}
	if (copy_from_user(&args, uargs, min(size, sizeof(args))))
		return -EFAULT;
	if (args.set_tid || args.set_tid_size || (args.flags & CLONE_INTO_CGROUP))
		return -EINVAL;
	if ((args.flags & ~(CLONE_CLEAR_SIGHAND | 0xffffffffULL)) ||
	    (args.flags & (CSIGNAL | CLONE_DETACHED)))
		return -EINVAL;
	if (args.exit_signal > CSIGNAL || !valid_signal(args.exit_signal))
		return -EINVAL;
	if (!args.stack != !args.stack_size || args.stack + args.stack_size < args.stack)
		return -EINVAL;
	if ((args.flags & CLONE_CLEAR_SIGHAND) && (args.flags & CLONE_SIGHAND))
		return -EINVAL;
	*kargs = (struct kernel_clone_args) {
		.flags = args.flags,
		.pidfd = (int *)(unsigned long)args.pidfd,
		.child_tid = (int *)(unsigned long)args.child_tid,
		.parent_tid = (int *)(unsigned long)args.parent_tid,
		.exit_signal = args.exit_signal,
		.stack = args.stack + args.stack_size,
		.tls = args.tls,
	};
	return 0;
}

SYSCALL_DEFINE2(clone3, struct clone_args *, uargs, size_t, size)
{
	struct kernel_clone_args args;
	int err = clone3_copy_args(&args, uargs, size);

	if (err)
		return err;
	return kernel_clone(&args);
}
