// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/sys: the tree of registered sysctl tables and its files.
 *
 * register_sysctl("a/b", table) finds or makes the directories a and a/b
 * and adds one node per table entry; a node is a name that stands for a
 * subdirectory or for (header, table entry).  Reading or writing a file
 * copies the user data to a kernel buffer and calls the entry's handler
 * (kernel/sysctl.c) with it.
 *
 * Locking and lifetime:
 *   sysctl_tree_lock (rwsem)  directories' node lists; readers are lookup
 *                             and readdir, writers (un)registration
 *   sysctl_use_lock (spin)    header->used (handlers running) and
 *                             header->unregistering
 *   header->count             references: the registration and every
 *                             inode of one of its entries
 * unregister_sysctl_table() unlinks the nodes, then waits on sysctl_wait
 * until no handler of the table runs; later calls through open files
 * fail with -ENOENT.  Directories are never freed (they are few).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/stat.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/fs.h>
#include <linux/cred.h>
#include <linux/proc_fs.h>
#include <linux/sysctl.h>
#include <linux/uio.h>
#include "internal.h"

/* Largest read or write of one sysctl file, bytes. */
#define SYSCTL_IO_MAX	(64 * 1024)

struct ctl_dir {
	const char *name;
	struct ctl_dir *parent;
	struct list_head nodes;		/* struct ctl_node, by name */
	unsigned int ino;
};

struct ctl_node {
	struct list_head list;
	const char *name;
	unsigned int ino;		/* of the file (directories: dir->ino) */
	struct ctl_dir *dir;		/* a subdirectory ... */
	struct ctl_table_header *head;	/* ... or an entry of a table */
	struct ctl_table *entry;
};

struct ctl_table_header {
	struct ctl_table *table;
	struct ctl_dir *dir;
	atomic_t count;
	int used;			/* sysctl_use_lock */
	bool unregistering;		/* sysctl_use_lock */
	int nr;
	struct ctl_node nodes[];
};

static struct ctl_dir sysctl_root_dir = {
	.name = "sys",
	.nodes = LIST_HEAD_INIT(sysctl_root_dir.nodes),
};

static DECLARE_RWSEM(sysctl_tree_lock);
static DEFINE_SPINLOCK(sysctl_use_lock);
static DECLARE_WAIT_QUEUE_HEAD(sysctl_wait);

static const struct inode_operations proc_sys_dir_iops;
static const struct file_operations proc_sys_dir_fops;
static const struct inode_operations proc_sys_file_iops;
static const struct file_operations proc_sys_file_fops;
static const struct dentry_operations proc_sys_dentry_ops;

/* ------------------------------------------------------------ headers */

static void sysctl_head_get(struct ctl_table_header *head)
{
	atomic_inc(&head->count);
}

void sysctl_head_put(struct ctl_table_header *head)
{
	if (atomic_dec_and_test(&head->count))
		kfree(head);
}

/* Begin a handler call; false once the table is going away. */
static bool sysctl_head_grab(struct ctl_table_header *head)
{
	bool ok;

	spin_lock(&sysctl_use_lock);
	ok = !head->unregistering;
	if (ok)
		head->used++;
	spin_unlock(&sysctl_use_lock);
	return ok;
}

static void sysctl_head_finish(struct ctl_table_header *head)
{
	bool wake;

	spin_lock(&sysctl_use_lock);
	wake = --head->used == 0 && head->unregistering;
	spin_unlock(&sysctl_use_lock);
	if (wake)
		wake_up_all(&sysctl_wait);
}

/* ------------------------------------------------------------ the tree */

static struct ctl_node *ctl_find(struct ctl_dir *dir, const char *name, size_t len)
{
	struct ctl_node *n;

	list_for_each_entry(n, &dir->nodes, list) {
		int c = strncmp(n->name, name, len);

		if (!c && n->name[len] == '\0')
			return n;
		if (c > 0)
			break;
	}
	return NULL;
}

static void ctl_insert(struct ctl_dir *dir, struct ctl_node *node)
{
	struct ctl_node *pos;

	list_for_each_entry(pos, &dir->nodes, list)
		if (strcmp(pos->name, node->name) > 0)
			break;
	list_add_tail(&node->list, &pos->list);
}

/* The directory [name, name + len) in dir, made if missing; tree lock held for writing. */
static struct ctl_dir *ctl_get_dir(struct ctl_dir *dir, const char *name, size_t len)
{
	struct ctl_node *n = ctl_find(dir, name, len);
	struct ctl_dir *sub;
	char *copy;

	if (n)
		return n->dir;	/* NULL if a file has that name */
	n = kzalloc(sizeof(*n), GFP_KERNEL);
	sub = kzalloc(sizeof(*sub), GFP_KERNEL);
	copy = kmalloc(len + 1, GFP_KERNEL);
	if (!n || !sub || !copy) {
		kfree(n);
		kfree(sub);
		kfree(copy);
		return NULL;
	}
	memcpy(copy, name, len);
	copy[len] = '\0';
	sub->name = copy;
	sub->parent = dir;
	INIT_LIST_HEAD(&sub->nodes);
	sub->ino = proc_alloc_inum();
	n->name = copy;
	n->dir = sub;
	ctl_insert(dir, n);
	return sub;
}

struct ctl_table_header *register_sysctl(const char *path, struct ctl_table *table)
{
	struct ctl_table_header *head;
	struct ctl_dir *dir = &sysctl_root_dir;
	const char *p = path;
	int nr = 0, i;

	while (table[nr].procname)
		nr++;
	head = kzalloc(sizeof(*head) + nr * sizeof(head->nodes[0]), GFP_KERNEL);
	if (!head)
		return NULL;
	head->table = table;
	head->nr = nr;
	atomic_set(&head->count, 1);

	down_write(&sysctl_tree_lock);
	while (p && *p) {
		const char *slash = strchr(p, '/');
		size_t len = slash ? (size_t)(slash - p) : strlen(p);

		if (len)
			dir = ctl_get_dir(dir, p, len);
		if (!dir)
			goto fail;
		p = slash ? slash + 1 : NULL;
	}
	for (i = 0; i < nr; i++) {
		if (strchr(table[i].procname, '/') || ctl_find(dir, table[i].procname,
								strlen(table[i].procname))) {
			pr_err("sysctl: cannot register %s/%s: bad or duplicate name\n", path,
			       table[i].procname);
			while (--i >= 0)
				list_del(&head->nodes[i].list);
			goto fail;
		}
		head->nodes[i].name = table[i].procname;
		head->nodes[i].ino = proc_alloc_inum();
		head->nodes[i].head = head;
		head->nodes[i].entry = &table[i];
		ctl_insert(dir, &head->nodes[i]);
	}
	head->dir = dir;
	up_write(&sysctl_tree_lock);
	return head;
fail:
	up_write(&sysctl_tree_lock);
	kfree(head);
	return NULL;
}

/*
 * Take directories left empty out of their parents (tree lock held for
 * writing).  Their ctl_dir stays allocated: inodes of /proc/sys may still
 * point at it, and it is tiny.
 */
static void ctl_prune_dir(struct ctl_dir *dir)
{
	while (dir && dir != &sysctl_root_dir && list_empty(&dir->nodes)) {
		struct ctl_dir *parent = dir->parent;
		struct ctl_node *n;

		list_for_each_entry(n, &parent->nodes, list) {
			if (n->dir == dir) {
				list_del(&n->list);
				kfree(n);
				break;
			}
		}
		dir = parent;
	}
}

void unregister_sysctl_table(struct ctl_table_header *head)
{
	if (!head)
		return;
	down_write(&sysctl_tree_lock);
	for (int i = 0; i < head->nr; i++)
		list_del(&head->nodes[i].list);
	ctl_prune_dir(head->dir);
	up_write(&sysctl_tree_lock);

	spin_lock(&sysctl_use_lock);
	head->unregistering = true;
	spin_unlock(&sysctl_use_lock);
	wait_event(sysctl_wait, READ_ONCE(head->used) == 0);
	sysctl_head_put(head);
}

/* ------------------------------------------------------------ inodes */

static struct ctl_dir *inode_ctl_dir(struct inode *inode)
{
	return PROC_I(inode)->sysctl_dir ? PROC_I(inode)->sysctl_dir : &sysctl_root_dir;
}

static struct inode *proc_sys_make_inode(struct super_block *sb, struct ctl_node *n)
{
	struct inode *inode = new_inode(sb);
	struct proc_inode *ei;

	if (!inode)
		return NULL;
	ei = PROC_I(inode);
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time(inode);
	if (n->dir) {
		ei->sysctl_dir = n->dir;
		inode->i_ino = n->dir->ino;
		inode->i_mode = S_IFDIR | 0555;
		inode->i_op = &proc_sys_dir_iops;
		inode->i_fop = &proc_sys_dir_fops;
		set_nlink(inode, 2);
	} else {
		sysctl_head_get(n->head);
		ei->sysctl = n->head;
		ei->sysctl_entry = n->entry;
		inode->i_ino = n->ino;
		inode->i_mode = S_IFREG | (n->entry->mode & 0777);
		inode->i_op = &proc_sys_file_iops;
		inode->i_fop = &proc_sys_file_fops;
	}
	return inode;
}

static struct dentry *proc_sys_lookup(struct inode *dir, struct dentry *dentry,
				      unsigned int flags)
{
	struct inode *inode = NULL;
	struct ctl_node *n;

	down_read(&sysctl_tree_lock);
	n = ctl_find(inode_ctl_dir(dir), (const char *)dentry->d_name.name, dentry->d_name.len);
	if (n) {
		inode = proc_sys_make_inode(dir->i_sb, n);
		if (!inode) {
			up_read(&sysctl_tree_lock);
			return ERR_PTR(-ENOMEM);
		}
	}
	up_read(&sysctl_tree_lock);
	if (!inode)
		return ERR_PTR(-ENOENT);
	d_set_d_op(dentry, &proc_sys_dentry_ops);
	d_add(dentry, inode);
	return NULL;
}

static int proc_sys_readdir(struct file *file, struct dir_context *ctx)
{
	struct ctl_dir *dir = inode_ctl_dir(file_inode(file));
	struct ctl_node *n;
	loff_t i = 2;

	if (!dir_emit_dots(file, ctx))
		return 0;
	down_read(&sysctl_tree_lock);
	list_for_each_entry(n, &dir->nodes, list) {
		if (i++ < ctx->pos)
			continue;
		if (!dir_emit(ctx, n->name, strlen(n->name), n->dir ? n->dir->ino : n->ino,
			      n->dir ? DT_DIR : DT_REG))
			break;
		ctx->pos = i;
	}
	up_read(&sysctl_tree_lock);
	return 0;
}

/*
 * Linux's sysctl permission: the owner bits for root, the group bits for
 * members of group 0, the other bits for everybody else; capabilities do
 * not override it (root cannot write a 0444 tunable).
 */
static int proc_sys_permission(struct inode *inode, int mask)
{
	umode_t mode = inode->i_mode;

	if ((mask & MAY_EXEC) && S_ISREG(mode))
		return -EACCES;
	if (!PROC_I(inode)->sysctl)
		return generic_permission(inode, mask);
	if (current_euid() == 0)
		mode >>= 6;
	else if (in_group_p(0))
		mode >>= 3;
	return (mask & ~(mode & 7) & (MAY_READ | MAY_WRITE | MAY_EXEC)) ? -EACCES : 0;
}

/*
 * The handler works on a kernel string: a zeroed buffer one byte longer
 * than the transfer (at most SYSCTL_IO_MAX), filled from the user before
 * a write, copied back to the user after a read.  Returns the bytes
 * handled or a negative errno.
 */
static ssize_t sysctl_run_handler(struct ctl_table *table, struct kiocb *iocb,
				  struct iov_iter *iter, int write)
{
	size_t len = min_t(size_t, iov_iter_count(iter), SYSCTL_IO_MAX);
	char *kbuf;
	int err = -EFAULT;

	kbuf = kzalloc(len + 1, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;
	if (!write || copy_from_iter(kbuf, len, iter) == len)
		err = table->proc_handler(table, write, kbuf, &len, &iocb->ki_pos);
	/* A read hands back what the handler printed (len is updated). */
	if (!err && !write && len && copy_to_iter(kbuf, len, iter) != len)
		err = -EFAULT;
	kfree(kbuf);
	return err ? err : (ssize_t)len;
}

static ssize_t proc_sys_call_handler(struct kiocb *iocb, struct iov_iter *iter, int write)
{
	struct proc_inode *ei = PROC_I(file_inode(iocb->ki_filp));
	ssize_t ret;

	/* The table may be unregistered under us: pin its header first. */
	if (!sysctl_head_grab(ei->sysctl))
		return -ENOENT;
	ret = ei->sysctl_entry->proc_handler ?
		sysctl_run_handler(ei->sysctl_entry, iocb, iter, write) : -EINVAL;
	sysctl_head_finish(ei->sysctl);
	return ret;
}

static ssize_t proc_sys_read_iter(struct kiocb *iocb, struct iov_iter *iter)
{
	return proc_sys_call_handler(iocb, iter, 0);
}

static ssize_t proc_sys_write_iter(struct kiocb *iocb, struct iov_iter *iter)
{
	return proc_sys_call_handler(iocb, iter, 1);
}

static int proc_sys_d_revalidate(struct dentry *dentry, unsigned int flags)
{
	struct inode *inode = d_inode(dentry);
	struct ctl_table_header *head;
	bool ok;

	if (!inode)
		return 0;
	head = PROC_I(inode)->sysctl;
	if (!head)
		return 1;
	spin_lock(&sysctl_use_lock);
	ok = !head->unregistering;
	spin_unlock(&sysctl_use_lock);
	return ok;
}

static const struct dentry_operations proc_sys_dentry_ops = {
	.d_revalidate = proc_sys_d_revalidate,
	.d_delete = always_delete_dentry,
};

static const struct inode_operations proc_sys_dir_iops = {
	.lookup = proc_sys_lookup,
	.permission = proc_sys_permission,
};

static const struct file_operations proc_sys_dir_fops = {
	.llseek = generic_file_llseek,
	.read = generic_read_dir,
	.iterate_shared = proc_sys_readdir,
};

static const struct inode_operations proc_sys_file_iops = {
	.permission = proc_sys_permission,
};

static const struct file_operations proc_sys_file_fops = {
	.read_iter = proc_sys_read_iter,
	.write_iter = proc_sys_write_iter,
	.llseek = default_llseek,
};

int __init proc_sys_init(void)
{
	struct proc_dir_entry *sys = proc_mkdir("sys", NULL);

	if (!sys)
		return -ENOMEM;
	sys->proc_iops = &proc_sys_dir_iops;
	sys->proc_dir_ops = &proc_sys_dir_fops;
	sysctl_root_dir.ino = sys->low_ino;
	sysctl_init_bases();
	return 0;
}
