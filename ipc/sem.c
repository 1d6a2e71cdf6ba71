// SPDX-License-Identifier: GPL-2.0-only
/*
 * System V semaphores: semget(2), semop(2), semtimedop(2), semctl(2).
 *
 * A set is an array of counters.  semop() applies a list of operations
 * all at once or not at all: the operations are tried in order on the
 * live values and undone if one cannot proceed (sem_try()).  A caller
 * that must wait queues a struct sem_waiter on the set's pending list
 * and sleeps; whoever changes values afterwards (semop, SETVAL, SETALL,
 * an exiting process's undo) retries the queue in arrival order and
 * completes the waiters whose operations now succeed, on their behalf
 * (sem_wake_waiters()).  IPC_RMID completes every waiter with EIDRM.
 *
 * SEM_UNDO: each process (signal_struct, so threads share it) keeps a
 * list of struct sem_undo, one per set it used SEM_UNDO on, holding the
 * opposite of what it did; exit_sem() applies them when the last thread
 * exits, clamped to [0, SEMVMX].  SETVAL/SETALL zero the adjustments of
 * the semaphores they set; IPC_RMID detaches the set's entries (semid -1).
 *
 * Locking: sem_ids.lock guards the table, every set, the waiters and all
 * undo lists.  A waiter's status is written by its waker under the lock
 * and read by the waiter under the lock; the waiter's record lives on its
 * stack and leaves the pending list before the waiter returns.  No user
 * memory is touched under the lock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/jiffies.h>
#include <linux/time.h>
#include <linux/time64.h>
#include <linux/timekeeping.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include <linux/sysctl.h>
#include <linux/syscalls.h>
#include <linux/sem.h>
#include <uapi/linux/sem.h>
#include <asm/uaccess.h>
#include "util.h"

struct sem {
	int semval;
	pid_t sempid;			/* process of the last change */
};

struct sem_array {
	struct kern_ipc_perm perm;	/* first: the table holds &perm */
	int nsems;
	long otime, ctime;
	struct list_head pending;	/* struct sem_waiter, oldest first */
	struct list_head undos;		/* struct sem_undo.set_node */
	struct sem sems[];
};

/* One sleeping semop(). */
struct sem_waiter {
	struct list_head node;		/* on sma->pending while waiting */
	struct task_struct *task;
	struct sembuf *sops;
	int nsops;
	struct sem_undo *undo;		/* NULL if no operation has SEM_UNDO */
	int blocked_num;		/* the semaphore it waits on (GETNCNT/GETZCNT) */
	bool blocked_zero;		/* waits for zero rather than for a value */
	int status;			/* SEM_WAITING, then 0 or -errno from the waker */
};
#define SEM_WAITING	1

struct sem_undo {
	struct list_head proc_node;	/* in the process's sem_undo_list */
	struct list_head set_node;	/* in sma->undos; empty once the set is gone */
	int semid;			/* -1 once the set is gone */
	int nsems;
	int adj[];			/* added to each semaphore at exit */
};

struct sem_undo_list {
	struct list_head undos;
};

static struct ipc_ids sem_ids = IPC_IDS_INIT(sem_ids);

/* kernel.sem: semmsl, semmns, semopm, semmni (read without the lock). */
static int sem_ctls[4] = { SEMMSL, SEMMNS, SEMOPM, SEMMNI };
#define sc_semmsl	sem_ctls[0]
#define sc_semmns	sem_ctls[1]
#define sc_semopm	sem_ctls[2]
#define sc_semmni	sem_ctls[3]
static long sem_tot;				/* semaphores in all sets (lock) */

static struct sem_array *to_sem(struct kern_ipc_perm *perm)
{
	return perm ? container_of(perm, struct sem_array, perm) : NULL;
}

/*
 * Apply sops to sma if every one can proceed now, as pid.  Return 0 (done),
 * SEM_WAITING (nothing changed; *blocker is the operation that must wait)
 * or -ERANGE (a value or an undo adjustment would leave its range).
 */
static int sem_try(struct sem_array *sma, struct sembuf *sops, int nsops, struct sem_undo *undo,
		   pid_t pid, int *blocker)
{
	int i, err = 0;

	for (i = 0; i < nsops; i++) {
		struct sem *s = &sma->sems[sops[i].sem_num];
		int op = sops[i].sem_op, val = s->semval + op;

		if (op == 0 ? s->semval != 0 : val < 0) {
			err = SEM_WAITING;
			*blocker = i;
			break;
		}
		if (val > SEMVMX) {
			err = -ERANGE;
			break;
		}
		if (undo && (sops[i].sem_flg & SEM_UNDO)) {
			int adj = undo->adj[sops[i].sem_num] - op;

			if (adj < -SEMAEM || adj > SEMAEM) {
				err = -ERANGE;
				break;
			}
			undo->adj[sops[i].sem_num] = adj;
		}
		s->semval = val;
	}
	if (err) {
		while (i-- > 0) {
			sma->sems[sops[i].sem_num].semval -= sops[i].sem_op;
			if (undo && (sops[i].sem_flg & SEM_UNDO))
				undo->adj[sops[i].sem_num] += sops[i].sem_op;
		}
		return err;
	}
	for (i = 0; i < nsops; i++)
		sma->sems[sops[i].sem_num].sempid = pid;
	sma->otime = ipc_now();
	return 0;
}

/* Values changed: complete, in arrival order, every waiter that can proceed. */
static void sem_wake_waiters(struct sem_array *sma)
{
	struct sem_waiter *w;
	bool again;

	do {
		again = false;
		list_for_each_entry(w, &sma->pending, node) {
			int blocker, err = sem_try(sma, w->sops, w->nsops, w->undo, w->task->tgid,
						   &blocker);

			if (err == SEM_WAITING) {
				w->blocked_num = w->sops[blocker].sem_num;
				w->blocked_zero = w->sops[blocker].sem_op == 0;
				continue;
			}
			list_del_init(&w->node);
			w->status = err;
			wake_up_process(w->task);
			/* The list changed, and a success changed values: look again from the start. */
			again = true;
			break;
		}
	} while (again);
}

/* The set is going: every waiter fails with EIDRM, every undo entry lets go. */
static void sem_destroy(struct sem_array *sma)
{
	struct sem_waiter *w, *wn;
	struct sem_undo *u, *un;

	list_for_each_entry_safe(w, wn, &sma->pending, node) {
		list_del_init(&w->node);
		w->status = -EIDRM;
		wake_up_process(w->task);
	}
	list_for_each_entry_safe(u, un, &sma->undos, set_node) {
		list_del_init(&u->set_node);
		u->semid = -1;
	}
	ipc_remove(&sem_ids, &sma->perm);
	sem_tot -= sma->nsems;
	kfree(sma);
}

/* ------------------------------------------------------------ semget */

static int sem_create(struct ipc_ids *ids, int key, int flag, void *arg)
{
	int nsems = *(int *)arg, id;
	struct sem_array *sma;

	if (nsems <= 0 || nsems > READ_ONCE(sc_semmsl))
		return -EINVAL;
	if (sem_tot + nsems > READ_ONCE(sc_semmns))
		return -ENOSPC;
	sma = kzalloc(sizeof(*sma) + nsems * sizeof(sma->sems[0]), GFP_KERNEL);
	if (!sma)
		return -ENOMEM;
	id = ipc_add(ids, &sma->perm, key, flag, READ_ONCE(sc_semmni));
	if (id < 0) {
		kfree(sma);
		return id;
	}
	sma->nsems = nsems;
	sma->ctime = ipc_now();
	INIT_LIST_HEAD(&sma->pending);
	INIT_LIST_HEAD(&sma->undos);
	sem_tot += nsems;
	return id;
}

static int sem_check_nsems(struct kern_ipc_perm *perm, void *arg)
{
	return to_sem(perm)->nsems < *(int *)arg ? -EINVAL : 0;
}

SYSCALL_DEFINE3(semget, int, key, int, nsems, int, semflg)
{
	int ret;

	if (nsems < 0 || nsems > READ_ONCE(sc_semmsl))
		return -EINVAL;
	mutex_lock(&sem_ids.lock);
	ret = ipc_get(&sem_ids, key, semflg, sem_create, sem_check_nsems, &nsems);
	mutex_unlock(&sem_ids.lock);
	return ret;
}

/* ------------------------------------------------------------ semop */

/* The caller's undo entry for sma, made if missing (lock held); NULL if out of memory. */
static struct sem_undo *sem_get_undo(struct sem_array *sma)
{
	struct signal_struct *sig = current->signal;
	struct sem_undo *u;

	if (!sig->sysvsem) {
		sig->sysvsem = kzalloc(sizeof(*sig->sysvsem), GFP_KERNEL);
		if (!sig->sysvsem)
			return NULL;
		INIT_LIST_HEAD(&sig->sysvsem->undos);
	}
	list_for_each_entry(u, &sig->sysvsem->undos, proc_node)
		if (u->semid == sma->perm.id)
			return u;
	u = kzalloc(sizeof(*u) + sma->nsems * sizeof(u->adj[0]), GFP_KERNEL);
	if (!u)
		return NULL;
	u->semid = sma->perm.id;
	u->nsems = sma->nsems;
	list_add(&u->proc_node, &sig->sysvsem->undos);
	list_add(&u->set_node, &sma->undos);
	return u;
}

/* Sleep on sma until a waker completes w, a signal, or the timeout (lock held, dropped meanwhile). */
static int sem_wait(struct sem_array *sma, struct sem_waiter *w, long timeout)
{
	list_add_tail(&w->node, &sma->pending);
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		mutex_unlock(&sem_ids.lock);
		timeout = schedule_timeout(timeout);
		mutex_lock(&sem_ids.lock);
		if (w->status != SEM_WAITING)
			return w->status;	/* sma may be gone (EIDRM) */
		if (signal_pending(current) || !timeout) {
			list_del(&w->node);
			/* A handler makes it EINTR whatever SA_RESTART says; a stop restarts it. */
			return signal_pending(current) ? -ERESTARTNOHAND : -EAGAIN;
		}
	}
}

static long do_semtimedop(int semid, struct sembuf *usops, unsigned int nsops,
			  const struct timespec64 *timeout)
{
	struct sem_waiter w = { .task = current, .status = SEM_WAITING };
	long jiffies_left = MAX_SCHEDULE_TIMEOUT;
	bool alter = false, want_undo = false;
	struct sem_array *sma;
	int blocker, want;
	long err;

	if (nsops < 1 || semid < 0)
		return -EINVAL;
	if (nsops > (unsigned int)READ_ONCE(sc_semopm))
		return -E2BIG;
	w.sops = kcalloc(nsops, sizeof(*w.sops), GFP_KERNEL);
	if (!w.sops)
		return -ENOMEM;
	w.nsops = nsops;
	err = -EFAULT;
	if (copy_from_user(w.sops, usops, nsops * sizeof(*w.sops)))
		goto out_free;
	if (timeout) {
		err = -EINVAL;
		if (!timespec64_valid(timeout))
			goto out_free;
		jiffies_left = nsecs_to_jiffies(timeout->tv_sec * NSEC_PER_SEC + timeout->tv_nsec);
	}
	for (unsigned int i = 0; i < nsops; i++) {
		alter |= w.sops[i].sem_op != 0;
		want_undo |= !!(w.sops[i].sem_flg & SEM_UNDO);
	}
	want = alter ? 0222 : 0444;

	mutex_lock(&sem_ids.lock);
	sma = to_sem(ipc_find(&sem_ids, semid));
	err = -EINVAL;
	if (!sma)
		goto out_unlock;
	err = -EFBIG;
	for (unsigned int i = 0; i < nsops; i++)
		if (w.sops[i].sem_num >= sma->nsems)
			goto out_unlock;
	err = ipc_permitted(&sma->perm, want);
	if (err)
		goto out_unlock;
	if (want_undo) {
		w.undo = sem_get_undo(sma);
		err = -ENOMEM;
		if (!w.undo)
			goto out_unlock;
	}
	err = sem_try(sma, w.sops, nsops, w.undo, current->tgid, &blocker);
	if (err == SEM_WAITING) {
		err = -EAGAIN;
		if (w.sops[blocker].sem_flg & IPC_NOWAIT)
			goto out_unlock;
		w.blocked_num = w.sops[blocker].sem_num;
		w.blocked_zero = w.sops[blocker].sem_op == 0;
		err = sem_wait(sma, &w, jiffies_left);
	} else if (!err && alter) {
		sem_wake_waiters(sma);
	}
out_unlock:
	mutex_unlock(&sem_ids.lock);
out_free:
	kfree(w.sops);
	return err;
}

SYSCALL_DEFINE3(semop, int, semid, struct sembuf *, sops, unsigned int, nsops)
{
	return do_semtimedop(semid, sops, nsops, NULL);
}

SYSCALL_DEFINE4(semtimedop, int, semid, struct sembuf *, sops, unsigned int, nsops,
		const struct __kernel_timespec *, timeout)
{
	struct timespec64 ts;

	if (!timeout)
		return do_semtimedop(semid, sops, nsops, NULL);
	if (get_timespec64(&ts, timeout))
		return -EFAULT;
	return do_semtimedop(semid, sops, nsops, &ts);
}

/* ------------------------------------------------------------ exit */

/* The last thread of a process is exiting: apply and free its undo entries. */
void exit_sem(struct task_struct *tsk)
{
	struct sem_undo_list *ul = tsk->signal->sysvsem;
	struct sem_undo *u, *un;

	if (!ul)
		return;
	mutex_lock(&sem_ids.lock);
	list_for_each_entry_safe(u, un, &ul->undos, proc_node) {
		struct sem_array *sma = u->semid < 0 ? NULL : to_sem(ipc_find(&sem_ids, u->semid));

		for (int i = 0; sma && i < u->nsems; i++) {
			struct sem *s = &sma->sems[i];

			if (!u->adj[i])
				continue;
			s->semval = clamp(s->semval + u->adj[i], 0, SEMVMX);
			s->sempid = tsk->tgid;
		}
		list_del(&u->set_node);
		list_del(&u->proc_node);
		kfree(u);
		if (sma)
			sem_wake_waiters(sma);
	}
	tsk->signal->sysvsem = NULL;
	mutex_unlock(&sem_ids.lock);
	kfree(ul);
}

/* ------------------------------------------------------------ semctl */

/* SETVAL/SETALL: the adjustments of semaphore num (-1: all) are void. */
static void sem_clear_undo(struct sem_array *sma, int num)
{
	struct sem_undo *u;

	list_for_each_entry(u, &sma->undos, set_node)
		for (int i = 0; i < u->nsems; i++)
			if (num < 0 || i == num)
				u->adj[i] = 0;
}

static long sem_info(int cmd, struct seminfo *buf)
{
	struct seminfo si = {
		.semmni = READ_ONCE(sc_semmni), .semmns = READ_ONCE(sc_semmns),
		.semmsl = READ_ONCE(sc_semmsl), .semopm = READ_ONCE(sc_semopm),
		.semvmx = SEMVMX, .semmnu = READ_ONCE(sc_semmns), .semmap = READ_ONCE(sc_semmns),
		.semume = READ_ONCE(sc_semopm), .semusz = sizeof(struct sem_undo),
		.semaem = SEMAEM,
	};
	long top;

	mutex_lock(&sem_ids.lock);
	top = max(sem_ids.max_idx - 1, 0);
	if (cmd == SEM_INFO) {
		si.semusz = sem_ids.in_use;	/* SEM_INFO: sets and semaphores in use */
		si.semaem = sem_tot;
	}
	mutex_unlock(&sem_ids.lock);
	return copy_to_user(buf, &si, sizeof(si)) ? -EFAULT : top;
}

static long sem_stat(int semid, int cmd, struct semid64_ds *buf)
{
	struct semid64_ds ds;
	struct sem_array *sma;
	long ret;

	memset(&ds, 0, sizeof(ds));
	mutex_lock(&sem_ids.lock);
	if (cmd == IPC_STAT)
		sma = to_sem(ipc_find(&sem_ids, semid));
	else
		sma = to_sem(ipc_find_slot(&sem_ids, semid));
	ret = !sma ? -EINVAL : cmd == SEM_STAT_ANY ? 0 : ipc_permitted(&sma->perm, 0444);
	if (!ret) {
		ipc_perm_to_user(&sma->perm, &ds.sem_perm);
		ds.sem_otime = sma->otime;
		ds.sem_ctime = sma->ctime;
		ds.sem_nsems = sma->nsems;
		ret = cmd == IPC_STAT ? 0 : sma->perm.id;
	}
	mutex_unlock(&sem_ids.lock);
	if (ret >= 0 && copy_to_user(buf, &ds, sizeof(ds)))
		return -EFAULT;
	return ret;
}

/* GETVAL, GETPID, GETNCNT, GETZCNT, SETVAL: one semaphore. */
static long sem_one(struct sem_array *sma, int num, int cmd, int val)
{
	struct sem_waiter *w;
	long n = 0;
	int err;

	if (num < 0 || num >= sma->nsems)
		return -EINVAL;
	err = ipc_permitted(&sma->perm, cmd == SETVAL ? 0222 : 0444);
	if (err)
		return err;
	switch (cmd) {
	case GETVAL:
		return sma->sems[num].semval;
	case GETPID:
		return sma->sems[num].sempid;
	case GETNCNT:
	case GETZCNT:
		list_for_each_entry(w, &sma->pending, node)
			n += w->blocked_num == num && w->blocked_zero == (cmd == GETZCNT);
		return n;
	default:	/* SETVAL */
		if (val < 0 || val > SEMVMX)
			return -ERANGE;
		sma->sems[num].semval = val;
		sma->sems[num].sempid = current->tgid;
		sma->ctime = ipc_now();
		sem_clear_undo(sma, num);
		sem_wake_waiters(sma);
		return 0;
	}
}

/* GETALL and SETALL: the values go through a kernel copy, user memory outside the lock. */
static long sem_all(int semid, int cmd, unsigned short *uvals)
{
	unsigned short *vals = NULL;
	struct sem_array *sma;
	int nsems = 0;
	long err;

	for (;;) {
		mutex_lock(&sem_ids.lock);
		sma = to_sem(ipc_find(&sem_ids, semid));
		err = !sma ? -EINVAL : ipc_permitted(&sma->perm, cmd == SETALL ? 0222 : 0444);
		if (err || (vals && sma->nsems == nsems))
			break;
		/* First pass, or the id now names a set of another size: size the copy. */
		nsems = sma->nsems;
		mutex_unlock(&sem_ids.lock);
		kfree(vals);
		vals = kcalloc(nsems, sizeof(*vals), GFP_KERNEL);
		if (!vals)
			return -ENOMEM;
		if (cmd == SETALL && copy_from_user(vals, uvals, nsems * sizeof(*vals))) {
			kfree(vals);
			return -EFAULT;
		}
	}
	if (!err && cmd == SETALL) {
		for (int i = 0; i < nsems && !err; i++)
			if (vals[i] > SEMVMX)
				err = -ERANGE;
		for (int i = 0; i < nsems && !err; i++) {
			sma->sems[i].semval = vals[i];
			sma->sems[i].sempid = current->tgid;
		}
		if (!err) {
			sma->ctime = ipc_now();
			sem_clear_undo(sma, -1);
			sem_wake_waiters(sma);
		}
	} else if (!err) {
		for (int i = 0; i < nsems; i++)
			vals[i] = sma->sems[i].semval;
	}
	mutex_unlock(&sem_ids.lock);
	if (!err && cmd == GETALL && copy_to_user(uvals, vals, nsems * sizeof(*vals)))
		err = -EFAULT;
	kfree(vals);
	return err;
}

/* IPC_SET, IPC_RMID and the single-semaphore commands. */
static long sem_change(int semid, int semnum, int cmd, unsigned long arg,
		       const struct ipc64_perm *newperm)
{
	struct sem_array *sma;
	long ret;

	mutex_lock(&sem_ids.lock);
	sma = to_sem(ipc_find(&sem_ids, semid));
	if (!sma) {
		ret = -EINVAL;
	} else if (cmd != IPC_SET && cmd != IPC_RMID) {
		ret = sem_one(sma, semnum, cmd, (int)arg);
	} else if (!ipc_may_modify(&sma->perm)) {
		ret = -EPERM;
	} else if (cmd == IPC_SET) {
		ipc_perm_from_user(&sma->perm, newperm);
		sma->ctime = ipc_now();
		ret = 0;
	} else {
		sem_destroy(sma);
		ret = 0;
	}
	mutex_unlock(&sem_ids.lock);
	return ret;
}

SYSCALL_DEFINE4(semctl, int, semid, int, semnum, int, cmd, unsigned long, arg)
{
	struct semid64_ds ds;

	cmd = ipc_strip_version(cmd);
	if (semid < 0)
		return -EINVAL;
	switch (cmd) {
	case IPC_INFO:
	case SEM_INFO:
		return sem_info(cmd, (struct seminfo *)arg);
	case IPC_STAT:
	case SEM_STAT:
	case SEM_STAT_ANY:
		return sem_stat(semid, cmd, (struct semid64_ds *)arg);
	case GETALL:
	case SETALL:
		return sem_all(semid, cmd, (unsigned short *)arg);
	case IPC_SET:
		if (copy_from_user(&ds, (void *)arg, sizeof(ds)))
			return -EFAULT;
		return sem_change(semid, semnum, cmd, arg, &ds.sem_perm);
	case IPC_RMID:
	case GETVAL:
	case GETPID:
	case GETNCNT:
	case GETZCNT:
	case SETVAL:
		return sem_change(semid, semnum, cmd, arg, NULL);
	default:
		return -EINVAL;
	}
}

/* ------------------------------------------------------------ /proc, sysctl */

static int sem_proc_show(struct seq_file *m, void *v)
{
	seq_puts(m, "       key      semid perms      nsems   uid   gid  cuid  cgid      otime"
		 "      ctime\n");
	mutex_lock(&sem_ids.lock);
	for (int idx = 0; idx < sem_ids.max_idx; idx++) {
		struct sem_array *sma = to_sem(sem_ids.slots[idx]);

		if (sma)
			seq_printf(m, "%10d %10d  %4o %10d %5u %5u %5u %5u %10ld %10ld\n",
				   sma->perm.key, sma->perm.id, sma->perm.mode & 0777, sma->nsems,
				   sma->perm.uid, sma->perm.gid, sma->perm.cuid, sma->perm.cgid,
				   sma->otime, sma->ctime);
	}
	mutex_unlock(&sem_ids.lock);
	return 0;
}

static struct ctl_table sem_sysctls[] = {
	{ .procname = "sem", .data = sem_ctls, .maxlen = sizeof(sem_ctls), .mode = 0644,
	  .proc_handler = proc_dointvec_minmax, .extra1 = SYSCTL_ZERO },
	{ }
};

void __init sem_init(struct proc_dir_entry *dir)
{
	if (!register_sysctl("kernel", sem_sysctls))
		pr_warn("ipc: cannot register kernel.sem\n");
	if (dir && !proc_create_single("sem", 0444, dir, sem_proc_show))
		pr_warn("ipc: cannot create /proc/sysvipc/sem\n");
}
