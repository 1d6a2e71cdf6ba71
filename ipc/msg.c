// SPDX-License-Identifier: GPL-2.0-only
/*
 * System V message queues: msgget(2), msgsnd(2), msgrcv(2), msgctl(2).
 *
 * A queue is a list of messages (type, bytes) in sending order, bounded by
 * msg_qbytes bytes (and as many messages).  msgsnd() copies the message
 * in before taking the lock; msgrcv() unlinks the chosen message under
 * the lock and copies it out after.  Callers that must wait put a struct
 * msg_sleeper on the queue's senders or receivers list and sleep; every
 * change wakes the other side's sleepers, which look again (no hand-off:
 * a woken receiver may find the message gone and sleep again).
 *
 * Lifetime: IPC_RMID takes the queue out of the table at once and wakes
 * every sleeper with EIDRM; the queue is freed by whoever sees it removed
 * with no sleeper left (the remover or the last sleeper to leave).
 *
 * Locking: msg_ids.lock guards the table, every queue, its messages and
 * its sleeper lists; no user memory is touched under it.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/capability.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include <linux/sysctl.h>
#include <linux/syscalls.h>
#include <uapi/linux/msg.h>
#include <asm/uaccess.h>
#include "util.h"

struct msg_msg {
	struct list_head node;		/* in msq->messages */
	long mtype;
	size_t size;
	char text[];
};

struct msg_queue {
	struct kern_ipc_perm perm;	/* first: the table holds &perm */
	long stime, rtime, ctime;
	unsigned long cbytes, qnum, qbytes;
	pid_t lspid, lrpid;
	bool removed;			/* IPC_RMID: out of the table */
	struct list_head messages;	/* struct msg_msg, oldest first */
	struct list_head senders;	/* struct msg_sleeper waiting for room */
	struct list_head receivers;	/* struct msg_sleeper waiting for a message */
};

struct msg_sleeper {
	struct list_head node;
	struct task_struct *task;
};

static struct ipc_ids msg_ids = IPC_IDS_INIT(msg_ids);

/* Sysctls (read without the lock). */
static int msg_ctlmax = MSGMAX;		/* kernel.msgmax: bytes per message */
static int msg_ctlmnb = MSGMNB;		/* kernel.msgmnb: default msg_qbytes */
static int msg_ctlmni = MSGMNI;		/* kernel.msgmni: queues */
static unsigned long msg_tot_msgs, msg_tot_bytes;	/* in all queues (lock) */

static struct msg_queue *to_msq(struct kern_ipc_perm *perm)
{
	return perm ? container_of(perm, struct msg_queue, perm) : NULL;
}

static void msg_wake_all(struct list_head *sleepers)
{
	struct msg_sleeper *s;

	list_for_each_entry(s, sleepers, node)
		wake_up_process(s->task);
}

/* Free a removed queue once nobody sleeps on it (lock held). */
static void msg_free_if_unused(struct msg_queue *msq)
{
	struct msg_msg *m, *n;

	if (!msq->removed || !list_empty(&msq->senders) || !list_empty(&msq->receivers))
		return;
	list_for_each_entry_safe(m, n, &msq->messages, node) {
		msg_tot_msgs--;
		msg_tot_bytes -= m->size;
		kfree(m);
	}
	kfree(msq);
}

/*
 * Sleep on list until woken, a signal or the queue's removal (lock held,
 * dropped meanwhile).  0: look again; -ERESTARTNOHAND or -EIDRM (then msq
 * may be freed and must not be touched).
 */
static int msg_sleep(struct msg_queue *msq, struct list_head *list)
{
	struct msg_sleeper s = { .task = current };
	int err = 0;

	list_add_tail(&s.node, list);
	set_current_state(TASK_INTERRUPTIBLE);
	mutex_unlock(&msg_ids.lock);
	schedule();
	mutex_lock(&msg_ids.lock);
	list_del(&s.node);
	if (msq->removed) {
		msg_free_if_unused(msq);
		return -EIDRM;
	}
	if (signal_pending(current))
		err = -ERESTARTNOHAND;	/* msgop(2): EINTR even with SA_RESTART */
	return err;
}

/* ------------------------------------------------------------ msgget */

static int msg_create(struct ipc_ids *ids, int key, int flag, void *arg)
{
	struct msg_queue *msq = kzalloc(sizeof(*msq), GFP_KERNEL);
	int id;

	if (!msq)
		return -ENOMEM;
	id = ipc_add(ids, &msq->perm, key, flag, READ_ONCE(msg_ctlmni));
	if (id < 0) {
		kfree(msq);
		return id;
	}
	msq->qbytes = READ_ONCE(msg_ctlmnb);
	msq->ctime = ipc_now();
	INIT_LIST_HEAD(&msq->messages);
	INIT_LIST_HEAD(&msq->senders);
	INIT_LIST_HEAD(&msq->receivers);
	return id;
}

SYSCALL_DEFINE2(msgget, int, key, int, msgflg)
{
	int ret;

	mutex_lock(&msg_ids.lock);
	ret = ipc_get(&msg_ids, key, msgflg, msg_create, NULL, NULL);
	mutex_unlock(&msg_ids.lock);
	return ret;
}

/* ------------------------------------------------------------ msgsnd */

SYSCALL_DEFINE4(msgsnd, int, msqid, void *, msgp, size_t, msgsz, int, msgflg)
{
	struct msg_queue *msq;
	struct msg_msg *m;
	long err;

	if (msqid < 0 || (long)msgsz < 0 || msgsz > (size_t)READ_ONCE(msg_ctlmax))
		return -EINVAL;
	m = kmalloc(sizeof(*m) + msgsz, GFP_KERNEL);
	if (!m)
		return -ENOMEM;
	if (copy_from_user(&m->mtype, msgp, sizeof(long)) ||
	    copy_from_user(m->text, (char *)msgp + sizeof(long), msgsz)) {
		kfree(m);
		return -EFAULT;
	}
	if (m->mtype < 1) {
		kfree(m);
		return -EINVAL;
	}
	m->size = msgsz;

	mutex_lock(&msg_ids.lock);
	msq = to_msq(ipc_find(&msg_ids, msqid));
	err = msq ? ipc_permitted(&msq->perm, 0222) : -EINVAL;
	while (!err) {
		if (msgsz <= msq->qbytes - min(msq->cbytes, msq->qbytes) && msq->qnum < msq->qbytes) {
			list_add_tail(&m->node, &msq->messages);
			m = NULL;
			msq->cbytes += msgsz;
			msq->qnum++;
			msg_tot_msgs++;
			msg_tot_bytes += msgsz;
			msq->stime = ipc_now();
			msq->lspid = current->tgid;
			msg_wake_all(&msq->receivers);
			break;
		}
		if (msgflg & IPC_NOWAIT)
			err = -EAGAIN;
		else
			err = msg_sleep(msq, &msq->senders);
	}
	mutex_unlock(&msg_ids.lock);
	kfree(m);
	return err;
}

/* ------------------------------------------------------------ msgrcv */

/* The message msgrcv() takes for msgtyp and msgflg, or NULL. */
static struct msg_msg *msg_pick(struct msg_queue *msq, long msgtyp, int msgflg)
{
	struct msg_msg *m, *best = NULL;

	if (msgtyp == LONG_MIN)
		msgtyp = -LONG_MAX;	/* the same set of types, and negatable */
	list_for_each_entry(m, &msq->messages, node) {
		if (msgtyp == 0)
			return m;
		if (msgtyp > 0) {
			/* The first of that type, or with MSG_EXCEPT the first of another. */
			if ((m->mtype == msgtyp) != !!(msgflg & MSG_EXCEPT))
				return m;
		} else if (m->mtype <= -msgtyp && (!best || m->mtype < best->mtype)) {
			/* Negative: the lowest type not above |msgtyp|, the oldest of those. */
			best = m;
		}
	}
	return best;
}

SYSCALL_DEFINE5(msgrcv, int, msqid, void *, msgp, size_t, msgsz, long, msgtyp, int, msgflg)
{
	struct msg_queue *msq;
	struct msg_msg *m = NULL;
	size_t len;
	long err;

	if (msqid < 0 || (long)msgsz < 0)
		return -EINVAL;
	if (msgflg & MSG_COPY)
		return -EINVAL;		/* checkpoint/restore's peek is not supported */
	mutex_lock(&msg_ids.lock);
	msq = to_msq(ipc_find(&msg_ids, msqid));
	err = msq ? ipc_permitted(&msq->perm, 0444) : -EINVAL;
	while (!err) {
		m = msg_pick(msq, msgtyp, msgflg);
		if (m && m->size > msgsz && !(msgflg & MSG_NOERROR)) {
			m = NULL;
			err = -E2BIG;	/* the message stays queued */
			break;
		}
		if (m) {
			list_del(&m->node);
			msq->cbytes -= m->size;
			msq->qnum--;
			msg_tot_msgs--;
			msg_tot_bytes -= m->size;
			msq->rtime = ipc_now();
			msq->lrpid = current->tgid;
			msg_wake_all(&msq->senders);
			break;
		}
		if (msgflg & IPC_NOWAIT)
			err = -ENOMSG;
		else
			err = msg_sleep(msq, &msq->receivers);
	}
	mutex_unlock(&msg_ids.lock);
	if (!m)
		return err;
	len = min(m->size, msgsz);
	if (copy_to_user(msgp, &m->mtype, sizeof(long)) ||
	    copy_to_user((char *)msgp + sizeof(long), m->text, len))
		err = -EFAULT;		/* the message is lost, as on Linux */
	else
		err = len;
	kfree(m);
	return err;
}

/* ------------------------------------------------------------ msgctl */

static long msg_info(int cmd, struct msginfo *buf)
{
	struct msginfo mi = {
		.msgmax = READ_ONCE(msg_ctlmax), .msgmnb = READ_ONCE(msg_ctlmnb),
		.msgmni = READ_ONCE(msg_ctlmni), .msgssz = 16, .msgseg = 0xffff,
		.msgpool = 0x7fffffff / 1024, .msgmap = MSGMNB, .msgtql = MSGMNB,
	};
	long top;

	mutex_lock(&msg_ids.lock);
	top = max(msg_ids.max_idx - 1, 0);
	if (cmd == MSG_INFO) {
		/* MSG_INFO: queues, messages and bytes in use instead of sizes. */
		mi.msgpool = msg_ids.in_use;
		mi.msgmap = msg_tot_msgs;
		mi.msgtql = msg_tot_bytes;
	}
	mutex_unlock(&msg_ids.lock);
	return copy_to_user(buf, &mi, sizeof(mi)) ? -EFAULT : top;
}

static long msg_stat(int msqid, int cmd, struct msqid64_ds *buf)
{
	struct msqid64_ds ds;
	struct msg_queue *msq;
	long ret;

	memset(&ds, 0, sizeof(ds));
	mutex_lock(&msg_ids.lock);
	if (cmd == IPC_STAT)
		msq = to_msq(ipc_find(&msg_ids, msqid));
	else
		msq = to_msq(ipc_find_slot(&msg_ids, msqid));
	ret = !msq ? -EINVAL : cmd == MSG_STAT_ANY ? 0 : ipc_permitted(&msq->perm, 0444);
	if (!ret) {
		ipc_perm_to_user(&msq->perm, &ds.msg_perm);
		ds.msg_stime = msq->stime;
		ds.msg_rtime = msq->rtime;
		ds.msg_ctime = msq->ctime;
		ds.msg_cbytes = msq->cbytes;
		ds.msg_qnum = msq->qnum;
		ds.msg_qbytes = msq->qbytes;
		ds.msg_lspid = msq->lspid;
		ds.msg_lrpid = msq->lrpid;
		ret = cmd == IPC_STAT ? 0 : msq->perm.id;
	}
	mutex_unlock(&msg_ids.lock);
	if (ret >= 0 && copy_to_user(buf, &ds, sizeof(ds)))
		return -EFAULT;
	return ret;
}

/* IPC_SET and IPC_RMID. */
static long msg_change(int msqid, int cmd, const struct msqid64_ds *ds)
{
	struct msg_queue *msq;
	long ret = 0;

	mutex_lock(&msg_ids.lock);
	msq = to_msq(ipc_find(&msg_ids, msqid));
	if (!msq) {
		ret = -EINVAL;
	} else if (!ipc_may_modify(&msq->perm)) {
		ret = -EPERM;
	} else if (cmd == IPC_SET) {
		/* Raising msg_qbytes past kernel.msgmnb is privileged. */
		if (ds->msg_qbytes > (unsigned long)READ_ONCE(msg_ctlmnb) &&
		    !capable(CAP_SYS_RESOURCE)) {
			ret = -EPERM;
		} else {
			ipc_perm_from_user(&msq->perm, &ds->msg_perm);
			msq->qbytes = ds->msg_qbytes;
			msq->ctime = ipc_now();
			msg_wake_all(&msq->senders);	/* there may be room now */
		}
	} else {
		ipc_remove(&msg_ids, &msq->perm);
		msq->removed = true;
		msg_wake_all(&msq->senders);
		msg_wake_all(&msq->receivers);
		msg_free_if_unused(msq);
	}
	mutex_unlock(&msg_ids.lock);
	return ret;
}

SYSCALL_DEFINE3(msgctl, int, msqid, int, cmd, struct msqid64_ds *, buf)
{
	struct msqid64_ds ds;

	cmd = ipc_strip_version(cmd);
	if (msqid < 0 || cmd < 0)
		return -EINVAL;
	switch (cmd) {
	case IPC_INFO:
	case MSG_INFO:
		return msg_info(cmd, (struct msginfo *)buf);
	case IPC_STAT:
	case MSG_STAT:
	case MSG_STAT_ANY:
		return msg_stat(msqid, cmd, buf);
	case IPC_SET:
		if (copy_from_user(&ds, buf, sizeof(ds)))
			return -EFAULT;
		return msg_change(msqid, cmd, &ds);
	case IPC_RMID:
		return msg_change(msqid, cmd, NULL);
	default:
		return -EINVAL;
	}
}

/* ------------------------------------------------------------ /proc, sysctl */

static int msg_proc_show(struct seq_file *m, void *v)
{
	seq_puts(m, "       key      msqid perms      cbytes       qnum lspid lrpid   uid   gid"
		 "  cuid  cgid      stime      rtime      ctime\n");
	mutex_lock(&msg_ids.lock);
	for (int idx = 0; idx < msg_ids.max_idx; idx++) {
		struct msg_queue *q = to_msq(msg_ids.slots[idx]);

		if (q)
			seq_printf(m, "%10d %10d  %4o  %10lu %10lu %5d %5d %5u %5u %5u %5u %10ld "
				   "%10ld %10ld\n", q->perm.key, q->perm.id, q->perm.mode & 0777,
				   q->cbytes, q->qnum, q->lspid, q->lrpid, q->perm.uid, q->perm.gid,
				   q->perm.cuid, q->perm.cgid, q->stime, q->rtime, q->ctime);
	}
	mutex_unlock(&msg_ids.lock);
	return 0;
}

static int msg_mni_max = IPC_SEQ_MULT;

static struct ctl_table msg_sysctls[] = {
	{ .procname = "msgmax", .data = &msg_ctlmax, .maxlen = sizeof(int), .mode = 0644,
	  .proc_handler = proc_dointvec_minmax, .extra1 = SYSCTL_ZERO },
	{ .procname = "msgmnb", .data = &msg_ctlmnb, .maxlen = sizeof(int), .mode = 0644,
	  .proc_handler = proc_dointvec_minmax, .extra1 = SYSCTL_ZERO },
	{ .procname = "msgmni", .data = &msg_ctlmni, .maxlen = sizeof(int), .mode = 0644,
	  .proc_handler = proc_dointvec_minmax, .extra1 = SYSCTL_ZERO, .extra2 = &msg_mni_max },
	{ }
};

void __init msg_init(struct proc_dir_entry *dir)
{
	if (!register_sysctl("kernel", msg_sysctls))
		pr_warn("ipc: cannot register the kernel.msg* sysctls\n");
	if (dir && !proc_create_single("msg", 0444, dir, msg_proc_show))
		pr_warn("ipc: cannot create /proc/sysvipc/msg\n");
}
