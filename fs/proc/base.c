// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-process directories: /proc/<tgid>/, /proc/<tgid>/task/<tid>/,
 * /proc/self and /proc/thread-self.
 *
 * A directory's entries come from a pid_entry table; lookup makes an
 * inode that holds a reference on the task, and every operation checks
 * that the task still exists (it has not been reaped: it is still in the
 * pid hash).  Zombies keep their directory until they are reaped, as in
 * Linux.  Owner and group of the entries are the task's effective ids
 * (for a task that is not dumpable root, except on /proc/<pid> itself).
 *
 * Files here: stat, status, statm (array.c), cmdline, environ, auxv,
 * comm (writable by the process itself), oom_score, oom_score_adj and
 * oom_adj (values and rules: mm/oom_kill.c), maps, mounts, mountinfo; links
 * cwd, root, exe; directories fd, fdinfo (fd.c) and task.  cmdline and
 * maps of other users' processes follow Linux's access rules
 * (proc_may_access(): the same uid and a dumpable task, or CAP_SYS_PTRACE).
 *
 * The links are plain symlinks to the path names of the objects (Linux
 * makes them "magic" links that jump to the object itself; here a path
 * the reader cannot reach, or a pipe, is not followed).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/stat.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/seq_file.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/mm.h>
#include <linux/sched/coredump.h>
#include <linux/mmap_lock.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/resource.h>
#include <linux/rcupdate.h>
#include <linux/proc_fs.h>
#include <linux/oom.h>
#include <asm/uaccess.h>
#include "internal.h"
#include "../internal.h"

/* /proc's readdir position of process tgid ("self" & co. are entries before). */
#define TGID_OFFSET		FIRST_PROCESS_ENTRY

/*
 * One name in the per-process directories: what kind of inode it gets
 * (type and permission bits in mode), the operations that serve it, and
 * in which of the two directories it appears (PE_IN_TGID: /proc/<tgid>,
 * PE_IN_TID: /proc/<tgid>/task/<tid>).  Both directories read the one
 * table, so the lists cannot drift apart.
 */
#define PE_IN_TGID	1
#define PE_IN_TID	2
#define PE_IN_BOTH	(PE_IN_TGID | PE_IN_TID)

struct pid_entry {
	const char *name;
	umode_t mode;
	unsigned char where;
	const struct inode_operations *iop;
	const struct file_operations *fop;
	union proc_op op;
};

/* A subdirectory with its own inode and file operations. */
#define PE_SUBDIR(in, n, perm, dir_iops, dir_fops) \
	{ n, S_IFDIR | (perm), in, &(dir_iops), &(dir_fops) }
/* A symlink whose target the resolve function computes. */
#define PE_LINK(in, n, resolve) \
	{ n, S_IFLNK | 0777, in, &proc_pid_link_inode_operations, NULL, \
	  { .proc_get_link = (resolve) } }
/* A regular file served by its own file operations. */
#define PE_FILE(in, n, perm, file_fops) \
	{ n, S_IFREG | (perm), in, NULL, &(file_fops) }
/* A regular file that is one seq_file record printed by show_fn. */
#define PE_SHOW(in, n, perm, show_fn) \
	{ n, S_IFREG | (perm), in, NULL, &proc_single_file_operations, \
	  { .proc_show = (show_fn) } }
/* The same with writes: file_fops opens with proc_single_open() and adds a write. */
#define PE_SHOW_WRITE(in, n, perm, show_fn, file_fops) \
	{ n, S_IFREG | (perm), in, NULL, &(file_fops), { .proc_show = (show_fn) } }

/* ------------------------------------------------------------ tasks of inodes */

bool proc_task_alive(struct task_struct *task)
{
	return !hlist_unhashed(&task->pid_link);
}

struct task_struct *get_proc_task(const struct inode *inode)
{
	struct task_struct *task = PROC_I(inode)->task;
	bool alive;

	if (!task)
		return NULL;
	rcu_read_lock();
	alive = proc_task_alive(task);
	rcu_read_unlock();
	return alive ? get_task_struct(task) : NULL;
}

/* Is the task's program one its owner may inspect (PR_GET_DUMPABLE 1)? */
static bool task_dumpable(struct task_struct *task)
{
	struct mm_struct *mm = get_task_mm(task);
	bool dumpable;

	if (!mm)
		return true;	/* exited or a kernel thread: the ids decide */
	dumpable = get_dumpable(mm) == SUID_DUMP_USER;
	mmput(mm);
	return dumpable;
}

/*
 * Who owns an entry of /proc/<pid> with the given mode: the task's
 * effective ids, read under RCU (creds are replaced, not changed).  Once
 * the task is not dumpable (after a set-user-ID exec, PR_SET_DUMPABLE 0)
 * root owns everything except world-readable-and-searchable directories
 * such as /proc/<pid> itself, which still tell its effective ids (as in
 * Linux, where stat of /proc/<pid> is how ps learns them).
 */
static void task_euid_egid(struct task_struct *task, umode_t mode, uid_t *uid, gid_t *gid)
{
	const struct cred *cred;

	if (mode != (S_IFDIR | 0555) && !task_dumpable(task)) {
		*uid = GLOBAL_ROOT_UID;
		*gid = GLOBAL_ROOT_GID;
		return;
	}
	rcu_read_lock();
	cred = READ_ONCE(task->real_cred);
	*uid = cred ? cred->euid : 0;
	*gid = cred ? cred->egid : 0;
	rcu_read_unlock();
}

bool proc_may_access(struct task_struct *task)
{
	const struct cred *me = current_cred(), *cred;
	bool ok;

	if (same_thread_group(current, task) || capable(CAP_SYS_PTRACE))
		return true;
	if (!task_dumpable(task))
		return false;
	rcu_read_lock();
	cred = READ_ONCE(task->real_cred);
	ok = cred && me->fsuid == cred->uid && me->fsuid == cred->euid &&
	     me->fsuid == cred->suid && me->fsgid == cred->gid &&
	     me->fsgid == cred->egid && me->fsgid == cred->sgid;
	rcu_read_unlock();
	return ok;
}

/*
 * The modes of /proc/<pid> and its entries are fixed by the kernel, and
 * their owner follows the process (pid_revalidate()): the owner - which
 * for fd/ and friends is the process's user - must not open them up to
 * others or shut the process out of its own files with chmod(2).
 */
int proc_setattr(struct dentry *dentry, struct iattr *attr)
{
	if (attr->ia_valid & ATTR_MODE)
		return -EPERM;
	return simple_setattr(dentry, attr);
}

/* Per-process entries that need no other inode operation (files, fdinfo/N). */
static const struct inode_operations proc_pid_file_inode_operations = {
	.setattr = proc_setattr,
};

struct inode *proc_pid_make_inode(struct super_block *sb, struct task_struct *task,
				  umode_t mode)
{
	struct inode *inode = new_inode(sb);
	struct proc_inode *ei;

	if (!inode)
		return NULL;
	ei = PROC_I(inode);
	ei->task = get_task_struct(task);
	inode->i_ino = get_next_ino();
	inode->i_mode = mode;
	inode->i_op = &proc_pid_file_inode_operations;
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time(inode);
	task_euid_egid(task, mode, &inode->i_uid, &inode->i_gid);
	return inode;
}

int pid_revalidate(struct dentry *dentry, unsigned int flags)
{
	struct inode *inode = d_inode(dentry);
	struct task_struct *task;

	if (!inode)
		return 0;
	task = get_proc_task(inode);
	if (!task)
		return 0;
	task_euid_egid(task, inode->i_mode, &inode->i_uid, &inode->i_gid);
	put_task_struct(task);
	return 1;
}

const struct dentry_operations pid_dentry_operations = {
	.d_revalidate = pid_revalidate,
	.d_delete = always_delete_dentry,
};

/* ------------------------------------------------------------ one-record files */

static int proc_single_show(struct seq_file *m, void *v)
{
	struct inode *inode = m->private;
	struct task_struct *task = get_proc_task(inode);
	int ret;

	if (!task)
		return -ESRCH;
	ret = PROC_I(inode)->op.proc_show(m, task);
	put_task_struct(task);
	return ret;
}

static int proc_single_open(struct inode *inode, struct file *file)
{
	return single_open(file, proc_single_show, inode);
}

static const struct file_operations proc_single_file_operations = {
	.open = proc_single_open,
	.read_iter = seq_read_iter,
	.llseek = seq_lseek,
	.release = single_release,
};

/* ------------------------------------------------------------ memory of the process */

/* The task's mm with a user reference if current may read it, else NULL / ERR_PTR. */
static struct mm_struct *proc_mem_open(struct inode *inode, bool check)
{
	struct task_struct *task = get_proc_task(inode);
	struct mm_struct *mm;

	if (!task)
		return ERR_PTR(-ESRCH);
	if (check && !proc_may_access(task)) {
		put_task_struct(task);
		return ERR_PTR(-EACCES);
	}
	mm = get_task_mm(task);
	put_task_struct(task);
	return mm;
}

/* Copy [start + *ppos, end) of mm to the user, up to count bytes. */
static ssize_t proc_copy_mm_range(struct mm_struct *mm, unsigned long start, unsigned long end,
				  char *ubuf, size_t count, loff_t *ppos)
{
	char *page;
	ssize_t done = 0;
	loff_t pos = *ppos;

	if (pos < 0 || start >= end || pos >= (loff_t)(end - start))
		return 0;
	page = (char *)__get_free_page(GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	while (count) {
		size_t chunk = min_t(size_t, count, PAGE_SIZE);
		int got;

		if ((unsigned long)pos + chunk > end - start)
			chunk = end - start - pos;
		if (!chunk)
			break;
		got = access_remote_vm(mm, start + pos, page, chunk, FOLL_FORCE);
		if (got <= 0)
			break;
		if (copy_to_user(ubuf + done, page, got)) {
			if (!done)
				done = -EFAULT;
			break;
		}
		done += got;
		pos += got;
		count -= got;
		if ((size_t)got < chunk)
			break;
	}
	free_page((unsigned long)page);
	if (done > 0)
		*ppos = pos;
	return done;
}

/*
 * cmdline: the argument strings as they are in the process's memory,
 * each NUL-terminated.  If the process overwrote the final NUL (as
 * setproctitle() does), the text continues into the environment area up
 * to the next NUL, as Linux shows it.
 */
static ssize_t proc_pid_cmdline_read(struct file *file, char *ubuf, size_t count,
				     loff_t *ppos)
{
	struct mm_struct *mm = proc_mem_open(file_inode(file), false);
	unsigned long arg_start, arg_end, env_end, end;
	ssize_t ret;
	char c = 0;

	if (IS_ERR_OR_NULL(mm))
		return mm ? PTR_ERR(mm) : 0;
	spin_lock(&mm->arg_lock);
	arg_start = mm->arg_start;
	arg_end = mm->arg_end;
	env_end = mm->env_end;
	spin_unlock(&mm->arg_lock);
	end = arg_end;
	if (arg_start < arg_end &&
	    access_remote_vm(mm, arg_end - 1, &c, 1, FOLL_FORCE) == 1 && c) {
		/* Find where the rewritten title ends. */
		char buf[64];

		for (end = arg_end; end < env_end;) {
			int n = access_remote_vm(mm, end, buf, min_t(unsigned long, sizeof(buf),
								    env_end - end), FOLL_FORCE);
			char *nul = n > 0 ? memchr(buf, '\0', n) : NULL;

			if (n <= 0)
				break;
			if (nul) {
				end += nul - buf + 1;
				break;
			}
			end += n;
		}
	}
	ret = proc_copy_mm_range(mm, arg_start, end, ubuf, count, ppos);
	mmput(mm);
	return ret;
}

static const struct file_operations proc_pid_cmdline_ops = {
	.read = proc_pid_cmdline_read,
	.llseek = generic_file_llseek,
};

static ssize_t proc_pid_environ_read(struct file *file, char *ubuf, size_t count,
				     loff_t *ppos)
{
	struct mm_struct *mm = proc_mem_open(file_inode(file), true);
	unsigned long env_start, env_end;
	ssize_t ret;

	if (IS_ERR_OR_NULL(mm))
		return mm ? PTR_ERR(mm) : 0;
	spin_lock(&mm->arg_lock);
	env_start = mm->env_start;
	env_end = mm->env_end;
	spin_unlock(&mm->arg_lock);
	ret = proc_copy_mm_range(mm, env_start, env_end, ubuf, count, ppos);
	mmput(mm);
	return ret;
}

static const struct file_operations proc_environ_operations = {
	.read = proc_pid_environ_read,
	.llseek = generic_file_llseek,
};

/* auxv: the saved (type, value) pairs up to and including AT_NULL. */
static ssize_t proc_pid_auxv_read(struct file *file, char *ubuf, size_t count, loff_t *ppos)
{
	struct mm_struct *mm = proc_mem_open(file_inode(file), true);
	unsigned int n = 0;
	loff_t pos = *ppos;
	size_t len;

	if (IS_ERR_OR_NULL(mm))
		return mm ? PTR_ERR(mm) : 0;
	while (n + 2 <= AT_VECTOR_SIZE && mm->saved_auxv[n])
		n += 2;
	len = min_t(size_t, n + 2, AT_VECTOR_SIZE) * sizeof(mm->saved_auxv[0]);
	if (pos < 0 || pos >= (loff_t)len) {
		mmput(mm);
		return 0;
	}
	count = min_t(size_t, count, len - pos);
	if (copy_to_user(ubuf, (char *)mm->saved_auxv + pos, count)) {
		mmput(mm);
		return -EFAULT;
	}
	mmput(mm);
	*ppos = pos + count;
	return count;
}

static const struct file_operations proc_auxv_operations = {
	.read = proc_pid_auxv_read,
	.llseek = generic_file_llseek,
};

/* ------------------------------------------------------------ comm */

static int comm_show(struct seq_file *m, void *v)
{
	struct task_struct *task = get_proc_task(m->private);
	char comm[TASK_COMM_LEN];

	if (!task)
		return -ESRCH;
	get_task_comm(comm, task);
	put_task_struct(task);
	seq_printf(m, "%s\n", comm);
	return 0;
}

static int comm_open(struct inode *inode, struct file *file)
{
	return single_open(file, comm_show, inode);
}

/* Only threads of the same process may rename each other (Linux's rule). */
static ssize_t comm_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos)
{
	struct task_struct *task;
	char buf[TASK_COMM_LEN];
	size_t len = min_t(size_t, count, sizeof(buf) - 1);
	char *nl;

	memset(buf, 0, sizeof(buf));
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	task = get_proc_task(file_inode(file));
	if (!task)
		return -ESRCH;
	if (same_thread_group(current, task))
		set_task_comm(task, buf);
	else
		count = -EINVAL;
	put_task_struct(task);
	return count;
}

static const struct file_operations proc_pid_set_comm_operations = {
	.open = comm_open,
	.read_iter = seq_read_iter,
	.write = comm_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/* ------------------------------------------------------------ the OOM killer's files */

/* oom_score: the badness on the 0..2000 scale proc(5) documents. */
static int proc_oom_score(struct seq_file *m, struct task_struct *task)
{
	seq_printf(m, "%lu\n", oom_score(task));
	return 0;
}

/*
 * oom_score_adj and the legacy oom_adj share their file operations: a
 * one-record read through the entry's proc_show, and a write of one
 * decimal (or 0x/0-prefixed) number that the OOM killer checks and
 * stores per process.  Which file it is, the entry's proc_show tells.
 */
static int proc_oom_score_adj(struct seq_file *m, struct task_struct *task)
{
	seq_printf(m, "%d\n", oom_score_adj_get(task));
	return 0;
}

static int proc_oom_adj(struct seq_file *m, struct task_struct *task)
{
	seq_printf(m, "%d\n", oom_score_adj_to_adj(oom_score_adj_get(task)));
	return 0;
}

static ssize_t oom_adj_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos)
{
	struct inode *inode = file_inode(file);
	bool legacy = PROC_I(inode)->op.proc_show == proc_oom_adj;
	struct task_struct *task;
	char buf[16];
	int val, err;

	if (count >= sizeof(buf))
		return -EINVAL;
	memset(buf, 0, sizeof(buf));
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	err = kstrtoint(strim(buf), 0, &val);
	if (err)
		return err;
	if (legacy) {
		if (val < OOM_DISABLE || val > OOM_ADJUST_MAX)
			return -EINVAL;
		val = oom_adj_to_score_adj(val);
	}
	task = get_proc_task(inode);
	if (!task)
		return -ESRCH;
	err = oom_score_adj_set(task, val, legacy);
	put_task_struct(task);
	return err ? err : count;
}

static const struct file_operations proc_oom_adj_operations = {
	.open = proc_single_open,
	.read_iter = seq_read_iter,
	.write = oom_adj_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/* ------------------------------------------------------------ maps */

/*
 * The open file keeps the mm structure (mm_count), not the address space:
 * each pass of the iterator takes a user reference and mmap_lock for
 * reading in start() and drops both in stop().
 */
struct proc_maps_private {
	struct inode *inode;
	struct task_struct *task;
	struct mm_struct *mm;
	bool locked;
};

static void *m_start(struct seq_file *m, loff_t *ppos)
{
	struct proc_maps_private *priv = m->private;
	struct vm_area_struct *vma;
	loff_t pos = *ppos;

	priv->locked = false;
	priv->task = get_proc_task(priv->inode);
	if (!priv->task)
		return ERR_PTR(-ESRCH);
	if (!priv->mm || !mmget_not_zero(priv->mm))
		return NULL;
	mmap_read_lock(priv->mm);
	priv->locked = true;
	for_each_vma(priv->mm, vma)
		if (pos-- == 0)
			return vma;
	return NULL;
}

static void *m_next(struct seq_file *m, void *v, loff_t *ppos)
{
	struct proc_maps_private *priv = m->private;
	struct vm_area_struct *vma = v;

	++*ppos;
	if (list_is_last(&vma->vm_list, &priv->mm->mmap_list))
		return NULL;
	return list_next_entry(vma, vm_list);
}

static void m_stop(struct seq_file *m, void *v)
{
	struct proc_maps_private *priv = m->private;

	if (priv->locked) {
		mmap_read_unlock(priv->mm);
		mmput(priv->mm);
		priv->locked = false;
	}
	if (priv->task) {
		put_task_struct(priv->task);
		priv->task = NULL;
	}
}

static int show_map(struct seq_file *m, void *v)
{
	size_t avail = m->size - m->count;
	int n = show_map_vma(v, m->buf + m->count, avail);

	if ((size_t)n >= avail)
		m->count = m->size;	/* overflow: seq_file retries bigger */
	else
		m->count += n;
	return 0;
}

static const struct seq_operations proc_pid_maps_op = {
	.start = m_start,
	.next = m_next,
	.stop = m_stop,
	.show = show_map,
};

static int pid_maps_open(struct inode *inode, struct file *file)
{
	struct proc_maps_private *priv;
	struct mm_struct *mm = proc_mem_open(inode, true);

	if (IS_ERR(mm))
		return PTR_ERR(mm);
	if (mm) {
		mmgrab(mm);
		mmput(mm);
	}
	priv = __seq_open_private(file, &proc_pid_maps_op, sizeof(*priv));
	if (!priv) {
		if (mm)
			mmdrop(mm);
		return -ENOMEM;
	}
	priv->inode = inode;
	priv->mm = mm;
	return 0;
}

static int pid_maps_release(struct inode *inode, struct file *file)
{
	struct seq_file *seq = file->private_data;
	struct proc_maps_private *priv = seq->private;

	if (priv->mm)
		mmdrop(priv->mm);
	return seq_release_private(inode, file);
}

static const struct file_operations proc_pid_maps_operations = {
	.open = pid_maps_open,
	.read_iter = seq_read_iter,
	.llseek = seq_lseek,
	.release = pid_maps_release,
};

/* ------------------------------------------------------------ mounts */

/*
 * The mount tables (fs/namespace.c) as the task sees them: from the root
 * it had when the file was opened, as Linux does, so a reader sees what
 * the task sees even after either of them chroots.  seq_file retries a
 * table that did not fit.
 */
static int mounts_show(struct seq_file *m, void *v)
{
	return mounts_seq_show(m, m->private);
}

static int mountinfo_show(struct seq_file *m, void *v)
{
	return mountinfo_seq_show(m, m->private);
}

static int mount_table_open(struct inode *inode, struct file *file,
			    int (*show)(struct seq_file *, void *))
{
	struct task_struct *task = get_proc_task(inode);
	struct path *root;
	int err;

	if (!task)
		return -ESRCH;
	root = kmalloc(sizeof(*root), GFP_KERNEL);
	err = root ? get_task_fs_paths(task, root, NULL) : -ENOMEM;
	put_task_struct(task);
	if (err)
		goto out_free;
	err = single_open(file, show, root);
	if (!err)
		return 0;
	path_put(root);
out_free:
	kfree(root);
	return err;
}

static int mounts_open(struct inode *inode, struct file *file)
{
	return mount_table_open(inode, file, mounts_show);
}

static int mountinfo_open(struct inode *inode, struct file *file)
{
	return mount_table_open(inode, file, mountinfo_show);
}

static int mount_table_release(struct inode *inode, struct file *file)
{
	struct path *root = ((struct seq_file *)file->private_data)->private;

	path_put(root);
	kfree(root);
	return single_release(inode, file);
}

static const struct file_operations proc_mounts_operations = {
	.open = mounts_open,
	.read_iter = seq_read_iter,
	.llseek = seq_lseek,
	.release = mount_table_release,
};

static const struct file_operations proc_mountinfo_operations = {
	.open = mountinfo_open,
	.read_iter = seq_read_iter,
	.llseek = seq_lseek,
	.release = mount_table_release,
};

/* ------------------------------------------------------------ limits */

static const struct limit_name {
	const char *name;
	const char *unit;
} lnames[RLIM_NLIMITS] = {
	[RLIMIT_CPU] = { "Max cpu time", "seconds" },
	[RLIMIT_FSIZE] = { "Max file size", "bytes" },
	[RLIMIT_DATA] = { "Max data size", "bytes" },
	[RLIMIT_STACK] = { "Max stack size", "bytes" },
	[RLIMIT_CORE] = { "Max core file size", "bytes" },
	[RLIMIT_RSS] = { "Max resident set", "bytes" },
	[RLIMIT_NPROC] = { "Max processes", "processes" },
	[RLIMIT_NOFILE] = { "Max open files", "files" },
	[RLIMIT_MEMLOCK] = { "Max locked memory", "bytes" },
	[RLIMIT_AS] = { "Max address space", "bytes" },
	[RLIMIT_LOCKS] = { "Max file locks", "locks" },
	[RLIMIT_SIGPENDING] = { "Max pending signals", "signals" },
	[RLIMIT_MSGQUEUE] = { "Max msgqueue size", "bytes" },
	[RLIMIT_NICE] = { "Max nice priority", NULL },
	[RLIMIT_RTPRIO] = { "Max realtime priority", NULL },
	[RLIMIT_RTTIME] = { "Max realtime timeout", "us" },
};

static void limit_value(struct seq_file *m, unsigned long v)
{
	if (v == RLIM_INFINITY)
		seq_printf(m, "%-20s ", "unlimited");
	else
		seq_printf(m, "%-20lu ", v);
}

/* /proc/<pid>/limits: Linux's table of the process's resource limits. */
static int proc_pid_limits(struct seq_file *m, struct task_struct *task)
{
	seq_printf(m, "%-25s %-20s %-20s %-10s\n", "Limit", "Soft Limit", "Hard Limit", "Units");
	for (unsigned int i = 0; i < RLIM_NLIMITS; i++) {
		seq_printf(m, "%-25s ", lnames[i].name);
		limit_value(m, task_rlimit(task, i));
		limit_value(m, task_rlimit_max(task, i));
		if (lnames[i].unit)
			seq_printf(m, "%-10s\n", lnames[i].unit);
		else
			seq_putc(m, '\n');
	}
	return 0;
}

/* ------------------------------------------------------------ links */

static int proc_cwd_link(struct dentry *dentry, struct path *path)
{
	struct task_struct *task = get_proc_task(d_inode(dentry));
	int err;

	if (!task)
		return -ENOENT;
	err = get_task_fs_paths(task, NULL, path);
	put_task_struct(task);
	return err;
}

static int proc_root_link(struct dentry *dentry, struct path *path)
{
	struct task_struct *task = get_proc_task(d_inode(dentry));
	int err;

	if (!task)
		return -ENOENT;
	err = get_task_fs_paths(task, path, NULL);
	put_task_struct(task);
	return err;
}

static int proc_exe_link(struct dentry *dentry, struct path *path)
{
	struct task_struct *task = get_proc_task(d_inode(dentry));
	struct mm_struct *mm;
	struct file *exe = NULL;

	if (!task)
		return -ENOENT;
	mm = get_task_mm(task);
	put_task_struct(task);
	if (mm) {
		exe = get_mm_exe_file(mm);
		mmput(mm);
	}
	if (!exe)
		return -ENOENT;
	*path = exe->f_path;
	path_get(path);
	fput(exe);
	return 0;
}

static void proc_free_link(void *buf)
{
	kfree(buf);
}

/* The body of a per-process link: the path name of what op.proc_get_link finds. */
static const char *proc_pid_get_link(struct dentry *dentry, struct inode *inode,
				     struct delayed_call *done)
{
	struct task_struct *task;
	struct path path;
	char *buf, *name;
	int err;

	if (!dentry)
		return ERR_PTR(-ECHILD);
	task = get_proc_task(inode);
	if (!task)
		return ERR_PTR(-ENOENT);
	err = proc_may_access(task) ? 0 : -EACCES;
	put_task_struct(task);
	if (err)
		return ERR_PTR(err);
	err = PROC_I(inode)->op.proc_get_link(dentry, &path);
	if (err)
		return ERR_PTR(err);
	buf = kmalloc(PATH_MAX, GFP_KERNEL);
	if (!buf) {
		path_put(&path);
		return ERR_PTR(-ENOMEM);
	}
	name = d_path(&path, buf, PATH_MAX);
	path_put(&path);
	if (IS_ERR(name)) {
		kfree(buf);
		return name;
	}
	memmove(buf, name, strlen(name) + 1);
	set_delayed_call(done, proc_free_link, buf);
	return buf;
}

const struct inode_operations proc_pid_link_inode_operations = {
	.get_link = proc_pid_get_link,
	.setattr = proc_setattr,
};

/* ------------------------------------------------------------ per-process directories */

static int proc_tgid_stat(struct seq_file *m, struct task_struct *task)
{
	return proc_pid_stat(m, task);
}

static const struct file_operations proc_task_operations;
static const struct inode_operations proc_task_inode_operations;

static const struct pid_entry pid_entries[] = {
	PE_SUBDIR(PE_IN_TGID, "task", 0555, proc_task_inode_operations, proc_task_operations),
	PE_SUBDIR(PE_IN_BOTH, "fd", 0500, proc_fd_inode_operations, proc_fd_operations),
	PE_SUBDIR(PE_IN_BOTH, "fdinfo", 0500, proc_fdinfo_inode_operations,
		  proc_fdinfo_operations),
	PE_FILE(PE_IN_BOTH, "environ", 0400, proc_environ_operations),
	PE_FILE(PE_IN_BOTH, "auxv", 0400, proc_auxv_operations),
	PE_SHOW(PE_IN_BOTH, "status", 0444, proc_pid_status),
	PE_FILE(PE_IN_BOTH, "cmdline", 0444, proc_pid_cmdline_ops),
	/* The process's stat adds up its threads; a thread's is its own. */
	PE_SHOW(PE_IN_TGID, "stat", 0444, proc_tgid_stat),
	PE_SHOW(PE_IN_TID, "stat", 0444, proc_tid_stat),
	PE_SHOW(PE_IN_BOTH, "statm", 0444, proc_pid_statm),
	PE_SHOW(PE_IN_TGID, "limits", 0444, proc_pid_limits),
	PE_FILE(PE_IN_BOTH, "maps", 0444, proc_pid_maps_operations),
	PE_FILE(PE_IN_BOTH, "mounts", 0444, proc_mounts_operations),
	PE_FILE(PE_IN_BOTH, "mountinfo", 0444, proc_mountinfo_operations),
	PE_FILE(PE_IN_BOTH, "comm", 0644, proc_pid_set_comm_operations),
	PE_SHOW_WRITE(PE_IN_BOTH, "oom_adj", 0644, proc_oom_adj, proc_oom_adj_operations),
	PE_SHOW(PE_IN_BOTH, "oom_score", 0444, proc_oom_score),
	PE_SHOW_WRITE(PE_IN_BOTH, "oom_score_adj", 0644, proc_oom_score_adj,
		      proc_oom_adj_operations),
	PE_LINK(PE_IN_BOTH, "cwd", proc_cwd_link),
	PE_LINK(PE_IN_BOTH, "root", proc_root_link),
	PE_LINK(PE_IN_BOTH, "exe", proc_exe_link),
};
#define nr_pid_entries ARRAY_SIZE(pid_entries)

/* The entry called name in the directory kind where, or NULL. */
static const struct pid_entry *pid_entry_find(unsigned int where, const struct qstr *name)
{
	unsigned int i;

	for (i = 0; i < nr_pid_entries; i++) {
		const struct pid_entry *pe = &pid_entries[i];

		if (!(pe->where & where) || strlen(pe->name) != name->len)
			continue;
		if (memcmp(pe->name, name->name, name->len) == 0)
			return pe;
	}
	return NULL;
}

/* Give dentry an inode for entry pe of task's directory. */
static struct dentry *proc_pident_instantiate(struct dentry *dentry, struct task_struct *task,
					      const struct pid_entry *pe)
{
	struct inode *inode = proc_pid_make_inode(dentry->d_sb, task, pe->mode);

	if (!inode)
		return ERR_PTR(-ENOMEM);
	if (pe->iop)
		inode->i_op = pe->iop;
	if (pe->fop)
		inode->i_fop = pe->fop;
	/* A fresh directory: "." and its entry in the parent. */
	if (S_ISDIR(pe->mode))
		set_nlink(inode, 2);
	PROC_I(inode)->pid_entry = pe;
	PROC_I(inode)->op = pe->op;
	d_set_d_op(dentry, &pid_dentry_operations);
	d_add(dentry, inode);
	return NULL;
}

static struct dentry *proc_pident_lookup(struct inode *dir, struct dentry *dentry,
					 unsigned int where)
{
	const struct pid_entry *pe = pid_entry_find(where, &dentry->d_name);
	struct task_struct *task;
	struct dentry *ret;

	task = get_proc_task(dir);
	if (!task)
		return ERR_PTR(-ENOENT);
	ret = pe ? proc_pident_instantiate(dentry, task, pe) : ERR_PTR(-ENOENT);
	put_task_struct(task);
	return ret;
}

/*
 * Positions 0 and 1 are "." and ".."; table entry i sits at position
 * i + 2, so a directory that skips an entry leaves a gap in positions.
 */
static int proc_pident_readdir(struct file *file, struct dir_context *ctx, unsigned int where)
{
	struct task_struct *task = get_proc_task(file_inode(file));
	loff_t idx;

	if (!task)
		return -ENOENT;
	put_task_struct(task);
	if (!dir_emit_dots(file, ctx))
		return 0;
	for (idx = ctx->pos - 2; idx < nr_pid_entries; idx++, ctx->pos++) {
		const struct pid_entry *pe = &pid_entries[idx];

		if (!(pe->where & where))
			continue;
		if (!dir_emit(ctx, pe->name, strlen(pe->name), 1,
			      fs_umode_to_dtype(pe->mode)))
			break;
	}
	return 0;
}

static int proc_tgid_base_readdir(struct file *file, struct dir_context *ctx)
{
	return proc_pident_readdir(file, ctx, PE_IN_TGID);
}

static struct dentry *proc_tgid_base_lookup(struct inode *dir, struct dentry *dentry,
					    unsigned int flags)
{
	return proc_pident_lookup(dir, dentry, PE_IN_TGID);
}

static int proc_tid_base_readdir(struct file *file, struct dir_context *ctx)
{
	return proc_pident_readdir(file, ctx, PE_IN_TID);
}

static struct dentry *proc_tid_base_lookup(struct inode *dir, struct dentry *dentry,
					   unsigned int flags)
{
	return proc_pident_lookup(dir, dentry, PE_IN_TID);
}

static const struct file_operations proc_tgid_base_operations = {
	.llseek = generic_file_llseek,
	.read = generic_read_dir,
	.iterate_shared = proc_tgid_base_readdir,
};

static const struct inode_operations proc_tgid_base_inode_operations = {
	.lookup = proc_tgid_base_lookup,
	.setattr = proc_setattr,
};

static const struct file_operations proc_tid_base_operations = {
	.llseek = generic_file_llseek,
	.read = generic_read_dir,
	.iterate_shared = proc_tid_base_readdir,
};

static const struct inode_operations proc_tid_base_inode_operations = {
	.lookup = proc_tid_base_lookup,
	.setattr = proc_setattr,
};

/* A decimal pid without sign or leading zeros, or -1. */
static pid_t name_to_pid(const struct qstr *name)
{
	const char *s = (const char *)name->name;
	unsigned long v = 0;

	if (!name->len || name->len > 10 || (s[0] == '0' && name->len > 1))
		return -1;
	for (unsigned int i = 0; i < name->len; i++) {
		if (!isdigit(s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v > INT_MAX ? -1 : (pid_t)v;
}

static struct dentry *proc_pid_instantiate(struct dentry *dentry, struct task_struct *task,
					   bool thread)
{
	struct inode *inode = proc_pid_make_inode(dentry->d_sb, task, S_IFDIR | 0555);

	if (!inode)
		return ERR_PTR(-ENOMEM);
	if (thread) {
		inode->i_op = &proc_tid_base_inode_operations;
		inode->i_fop = &proc_tid_base_operations;
		set_nlink(inode, 4);	/* ., .., fd, fdinfo */
	} else {
		inode->i_op = &proc_tgid_base_inode_operations;
		inode->i_fop = &proc_tgid_base_operations;
		set_nlink(inode, 5);	/* ., .., task, fd, fdinfo */
	}
	d_set_d_op(dentry, &pid_dentry_operations);
	d_add(dentry, inode);
	return NULL;
}

/* /proc/<pid>: any task, as in Linux (threads are only hidden from readdir). */
struct dentry *proc_pid_lookup(struct dentry *dentry, unsigned int flags)
{
	pid_t nr = name_to_pid(&dentry->d_name);
	struct task_struct *task;
	struct dentry *res;

	if (nr <= 0)
		return ERR_PTR(-ENOENT);
	task = get_pid_task_by_nr(nr);
	if (!task)
		return ERR_PTR(-ENOENT);
	res = proc_pid_instantiate(dentry, task, false);
	put_task_struct(task);
	return res;
}

/* The thread group leaders (processes) with tgid >= from, as a bitmap of pids. */
static unsigned long *proc_tgid_bitmap(pid_t from)
{
	unsigned long *map = kcalloc(BITS_TO_LONGS(PID_MAX_DEFAULT), sizeof(long), GFP_KERNEL);
	struct task_struct *p;

	if (!map)
		return NULL;
	rcu_read_lock();
	for_each_process(p) {
		if (p->pid != p->tgid || p->tgid < from || p->tgid >= PID_MAX_DEFAULT)
			continue;
		set_bit(p->tgid, map);
	}
	rcu_read_unlock();
	return map;
}

int proc_pid_readdir(struct file *file, struct dir_context *ctx)
{
	unsigned long *map;
	pid_t tgid;

	tgid = ctx->pos - TGID_OFFSET;
	if (tgid < 0 || tgid >= PID_MAX_DEFAULT)
		return 0;
	map = proc_tgid_bitmap(tgid);
	if (!map)
		return -ENOMEM;
	for (tgid = find_next_bit(map, PID_MAX_DEFAULT, tgid); tgid < PID_MAX_DEFAULT;
	     tgid = find_next_bit(map, PID_MAX_DEFAULT, tgid + 1)) {
		char name[16];
		int len = snprintf(name, sizeof(name), "%d", tgid);

		ctx->pos = tgid + TGID_OFFSET;
		if (!dir_emit(ctx, name, len, 1, DT_DIR))
			break;
	}
	if (tgid >= PID_MAX_DEFAULT)
		ctx->pos = PID_MAX_DEFAULT + TGID_OFFSET;
	else
		ctx->pos = tgid + TGID_OFFSET;
	kfree(map);
	return 0;
}

/* ------------------------------------------------------------ task/ */

static struct dentry *proc_task_lookup(struct inode *dir, struct dentry *dentry,
				       unsigned int flags)
{
	struct task_struct *leader = get_proc_task(dir), *task;
	pid_t tid = name_to_pid(&dentry->d_name);
	struct dentry *res = ERR_PTR(-ENOENT);

	if (!leader)
		return res;
	if (tid > 0) {
		task = get_pid_task_by_nr(tid);
		if (task) {
			if (task == leader || (task->signal && task->signal == leader->signal))
				res = proc_pid_instantiate(dentry, task, true);
			put_task_struct(task);
		}
	}
	put_task_struct(leader);
	return res;
}

/* The thread ids of task's process, sorted; returns how many (at most max). */
static int proc_task_tids(struct task_struct *task, pid_t *tids, int max)
{
	struct task_struct *t;
	int n = 0;

	rcu_read_lock();
	if (!task->signal) {
		tids[n++] = task->pid;
	} else {
		for_each_thread(task, t) {
			int i;

			if (n == max)
				break;
			/* Insertion sort: thread lists are short. */
			for (i = n; i > 0 && tids[i - 1] > t->pid; i--)
				tids[i] = tids[i - 1];
			tids[i] = t->pid;
			n++;
		}
	}
	rcu_read_unlock();
	return n;
}

/* Most threads listed by one readdir of task/. */
#define PROC_TASK_MAX	1024

static int proc_task_readdir(struct file *file, struct dir_context *ctx)
{
	struct task_struct *task = get_proc_task(file_inode(file));
	pid_t *tids;
	int n;

	if (!task)
		return -ENOENT;
	if (!dir_emit_dots(file, ctx))
		goto out;
	tids = kcalloc(PROC_TASK_MAX, sizeof(*tids), GFP_KERNEL);
	if (!tids)
		goto out;
	n = proc_task_tids(task, tids, PROC_TASK_MAX);
	while (ctx->pos - 2 < n) {
		char name[16];
		int len = snprintf(name, sizeof(name), "%d", tids[ctx->pos - 2]);

		if (!dir_emit(ctx, name, len, 1, DT_DIR))
			break;
		ctx->pos++;
	}
	kfree(tids);
out:
	put_task_struct(task);
	return 0;
}

static const struct file_operations proc_task_operations = {
	.llseek = generic_file_llseek,
	.read = generic_read_dir,
	.iterate_shared = proc_task_readdir,
};

static const struct inode_operations proc_task_inode_operations = {
	.lookup = proc_task_lookup,
	.setattr = proc_setattr,
};

/* ------------------------------------------------------------ self, thread-self */

static const char *proc_self_get_link(struct dentry *dentry, struct inode *inode,
				      struct delayed_call *done)
{
	char *name;

	if (!current->tgid)
		return ERR_PTR(-ENOENT);
	name = kasprintf(GFP_KERNEL, "%d", current->tgid);
	if (!name)
		return ERR_PTR(-ENOMEM);
	set_delayed_call(done, proc_free_link, name);
	return name;
}

static const char *proc_thread_self_get_link(struct dentry *dentry, struct inode *inode,
					     struct delayed_call *done)
{
	char *name;

	if (!current->tgid)
		return ERR_PTR(-ENOENT);
	name = kasprintf(GFP_KERNEL, "%d/task/%d", current->tgid, current->pid);
	if (!name)
		return ERR_PTR(-ENOMEM);
	set_delayed_call(done, proc_free_link, name);
	return name;
}

static const struct inode_operations proc_self_inode_operations = {
	.get_link = proc_self_get_link,
};

static const struct inode_operations proc_thread_self_inode_operations = {
	.get_link = proc_thread_self_get_link,
};

void __init proc_self_init(void)
{
	struct proc_dir_entry *self = proc_symlink("self", NULL, "self");
	struct proc_dir_entry *tself = proc_symlink("thread-self", NULL, "thread-self");

	if (self)
		self->proc_iops = &proc_self_inode_operations;
	if (tself)
		tself->proc_iops = &proc_thread_self_inode_operations;
}
