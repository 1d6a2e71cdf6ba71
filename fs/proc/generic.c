// SPDX-License-Identifier: GPL-2.0-only
/*
 * The static part of /proc: proc_dir_entry trees built with
 * proc_create(), proc_create_single(), proc_create_seq(), proc_mkdir()
 * and proc_symlink(), their lookup and readdir, and remove_proc_entry().
 * Interface: <linux/proc_fs.h>; locking: fs/proc/internal.h (children are
 * kept sorted by name under proc_subdir_lock).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/stat.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include "internal.h"

DECLARE_RWSEM(proc_subdir_lock);

struct proc_dir_entry *pde_get(struct proc_dir_entry *pde)
{
	atomic_inc(&pde->refcnt);
	return pde;
}

void pde_put(struct proc_dir_entry *pde)
{
	if (!atomic_dec_and_test(&pde->refcnt))
		return;
	if (pde->parent)
		pde_put(pde->parent);
	if (S_ISLNK(pde->mode))
		kfree(pde->data);
	kfree(pde->name);
	kfree(pde);
}

void *pde_data(const struct inode *inode)
{
	struct proc_dir_entry *pde = PDE(inode);

	return pde ? pde->data : NULL;
}

void proc_set_size(struct proc_dir_entry *de, loff_t size)
{
	de->size = size;
}

/* A live child of dir by name; proc_subdir_lock held. */
static struct proc_dir_entry *pde_subdir_find(struct proc_dir_entry *dir, const char *name,
					      unsigned int len)
{
	struct proc_dir_entry *de;

	list_for_each_entry(de, &dir->subdir, subdir_node) {
		int c = memcmp(de->name, name, min(len, de->namelen));

		if (!c)
			c = (int)de->namelen - (int)len;
		if (!c)
			return de;
		if (c > 0)
			break;
	}
	return NULL;
}

/* ------------------------------------------------------------ lookup and readdir */

struct dentry *proc_lookup_de(struct inode *dir, struct dentry *dentry,
			      struct proc_dir_entry *de)
{
	struct inode *inode = NULL;

	down_read(&proc_subdir_lock);
	de = pde_subdir_find(de, (const char *)dentry->d_name.name, dentry->d_name.len);
	if (de)
		pde_get(de);
	up_read(&proc_subdir_lock);
	if (de) {
		inode = proc_get_inode(dir->i_sb, de);
		pde_put(de);
		if (!inode)
			return ERR_PTR(-ENOMEM);
		d_set_d_op(dentry, &proc_misc_dentry_ops);
		d_add(dentry, inode);
		return NULL;
	}
	return ERR_PTR(-ENOENT);
}

struct dentry *proc_lookup(struct inode *dir, struct dentry *dentry, unsigned int flags)
{
	return proc_lookup_de(dir, dentry, PDE(dir));
}

/*
 * Emit the children of de from ctx->pos on (".." and "." are positions 0
 * and 1; child i is at i + 2); ctx->pos ends after the last child
 * emitted.  Returns 0 when every child was emitted, 1 when the caller's
 * buffer filled up first.
 */
int proc_readdir_de(struct file *file, struct dir_context *ctx, struct proc_dir_entry *de)
{
	struct proc_dir_entry *child;
	loff_t i = 2;
	int stopped = 0;

	if (!dir_emit_dots(file, ctx))
		return 1;
	down_read(&proc_subdir_lock);
	list_for_each_entry(child, &de->subdir, subdir_node) {
		if (i++ < ctx->pos)
			continue;
		if (!dir_emit(ctx, child->name, child->namelen, child->low_ino,
			      fs_umode_to_dtype(child->mode))) {
			stopped = 1;
			break;
		}
		ctx->pos = i;
	}
	up_read(&proc_subdir_lock);
	return stopped;
}

int proc_readdir(struct file *file, struct dir_context *ctx)
{
	proc_readdir_de(file, ctx, PDE(file_inode(file)));
	return 0;
}

static const struct file_operations proc_dir_operations = {
	.llseek = generic_file_llseek,
	.read = generic_read_dir,
	.iterate_shared = proc_readdir,
};

static const struct inode_operations proc_dir_inode_operations = {
	.lookup = proc_lookup,
};

/* ------------------------------------------------------------ dentries */

static int proc_misc_d_revalidate(struct dentry *dentry, unsigned int flags)
{
	struct inode *inode = d_inode(dentry);

	return inode && PDE(inode) && !READ_ONCE(PDE(inode)->removed);
}

const struct dentry_operations proc_misc_dentry_ops = {
	.d_revalidate = proc_misc_d_revalidate,
	.d_delete = always_delete_dentry,
};

/* ------------------------------------------------------------ creation */

/*
 * For a name with directories ("driver/cciss"), the existing directory
 * that holds its last component, and that component in *last; NULL if
 * a directory on the way does not exist.
 */
static struct proc_dir_entry *proc_walk_parent(struct proc_dir_entry *dir, const char *name,
					       const char **last)
{
	const char *slash;

	down_read(&proc_subdir_lock);
	while (dir && (slash = strchr(name, '/'))) {
		struct proc_dir_entry *pos, *next = NULL;
		size_t len = slash - name;

		list_for_each_entry(pos, &dir->subdir, subdir_node) {
			if (pos->namelen == len && !memcmp(pos->name, name, len) &&
			    S_ISDIR(pos->mode)) {
				next = pos;
				break;
			}
		}
		dir = next;
		name = slash + 1;
	}
	up_read(&proc_subdir_lock);
	*last = name;
	return dir;
}

static struct proc_dir_entry *proc_alloc(struct proc_dir_entry *parent, const char *name,
					 umode_t mode, unsigned int nlink)
{
	struct proc_dir_entry *ent;
	size_t len;

	if (name && strchr(name, '/')) {
		parent = proc_walk_parent(parent ? parent : &proc_root, name, &name);
		if (!parent)
			return NULL;
	}
	if (!name || !*name)
		return NULL;
	len = strlen(name);
	if (len > NAME_MAX)
		return NULL;
	ent = kzalloc(sizeof(*ent), GFP_KERNEL);
	if (!ent)
		return NULL;
	ent->name = kstrdup(name, GFP_KERNEL);
	if (!ent->name) {
		kfree(ent);
		return NULL;
	}
	ent->namelen = len;
	ent->mode = mode;
	ent->nlink = nlink;
	atomic_set(&ent->refcnt, 1);
	INIT_LIST_HEAD(&ent->subdir);
	INIT_LIST_HEAD(&ent->subdir_node);
	ent->low_ino = proc_alloc_inum();
	ent->parent = parent ? parent : &proc_root;
	return ent;
}

/* Link ent into its parent; frees it and returns NULL if the name is taken. */
static struct proc_dir_entry *proc_register(struct proc_dir_entry *ent)
{
	struct proc_dir_entry *dir = ent->parent, *pos;

	down_write(&proc_subdir_lock);
	if (dir->removed)
		goto fail;
	list_for_each_entry(pos, &dir->subdir, subdir_node) {
		int c = strcmp(pos->name, ent->name);

		if (!c) {
			pr_warn("proc_dir_entry '%s/%s' already registered\n", dir->name, ent->name);
			goto fail;
		}
		if (c > 0)
			break;
	}
	pde_get(dir);
	list_add_tail(&ent->subdir_node, &pos->subdir_node);
	if (S_ISDIR(ent->mode))
		dir->nlink++;
	up_write(&proc_subdir_lock);
	return ent;
fail:
	up_write(&proc_subdir_lock);
	ent->parent = NULL;
	pde_put(ent);
	return NULL;
}

static umode_t proc_file_mode(umode_t mode)
{
	if (!(mode & S_IALLUGO))
		mode |= 0444;
	return S_IFREG | (mode & S_IALLUGO);
}

/*
 * Files whose text is built by seq_file: either one show function
 * (proc_create_single) or an iterator table (proc_create_seq).  Both kinds
 * use the same proc_ops; open and release ask the entry which kind it is.
 */
static int proc_seqfile_open(struct inode *inode, struct file *file)
{
	struct proc_dir_entry *de = PDE(inode);
	struct seq_file *sf;
	int err;

	if (de->single_show)
		return single_open(file, de->single_show, de->data);
	if (de->state_size) {
		/* The iterator keeps its state in a zeroed private area. */
		if (!__seq_open_private(file, de->seq_ops, de->state_size))
			return -ENOMEM;
		return 0;
	}
	err = seq_open(file, de->seq_ops);
	if (err)
		return err;
	sf = file->private_data;
	sf->private = de->data;
	return 0;
}

static int proc_seqfile_release(struct inode *inode, struct file *file)
{
	struct proc_dir_entry *de = PDE(inode);

	if (de->single_show)
		return single_release(inode, file);
	return de->state_size ? seq_release_private(inode, file) : seq_release(inode, file);
}

static const struct proc_ops proc_seqfile_ops = {
	.proc_open = proc_seqfile_open,
	.proc_read_iter = seq_read_iter,
	.proc_lseek = seq_lseek,
	.proc_release = proc_seqfile_release,
};

/*
 * Everything proc_create*() have in common: a regular file entry under
 * parent served by ops with data as its pde_data().  The caller fills in
 * the rest before the entry goes public in proc_register().
 */
static struct proc_dir_entry *proc_new_file(const char *name, umode_t mode,
					    struct proc_dir_entry *parent,
					    const struct proc_ops *ops, void *data)
{
	struct proc_dir_entry *de = proc_alloc(parent, name, proc_file_mode(mode), 1);

	if (de) {
		de->proc_ops = ops;
		de->data = data;
	}
	return de;
}

struct proc_dir_entry *proc_create_data(const char *name, umode_t mode,
					struct proc_dir_entry *parent,
					const struct proc_ops *ops, void *data)
{
	struct proc_dir_entry *de = proc_new_file(name, mode, parent, ops, data);

	return de ? proc_register(de) : NULL;
}

struct proc_dir_entry *proc_create(const char *name, umode_t mode,
				   struct proc_dir_entry *parent, const struct proc_ops *ops)
{
	return proc_create_data(name, mode, parent, ops, NULL);
}

struct proc_dir_entry *proc_create_single_data(const char *name, umode_t mode,
					       struct proc_dir_entry *parent,
					       int (*show)(struct seq_file *m, void *v),
					       void *data)
{
	struct proc_dir_entry *de = proc_new_file(name, mode, parent, &proc_seqfile_ops, data);

	if (!de)
		return NULL;
	de->single_show = show;
	return proc_register(de);
}

struct proc_dir_entry *proc_create_seq_private(const char *name, umode_t mode,
					       struct proc_dir_entry *parent,
					       const struct seq_operations *ops,
					       unsigned int state_size, void *data)
{
	struct proc_dir_entry *de = proc_new_file(name, mode, parent, &proc_seqfile_ops, data);

	if (!de)
		return NULL;
	de->seq_ops = ops;
	de->state_size = state_size;
	return proc_register(de);
}

struct proc_dir_entry *proc_mkdir_mode(const char *name, umode_t mode,
				       struct proc_dir_entry *parent)
{
	struct proc_dir_entry *p;

	if (!(mode & S_IALLUGO))
		mode |= 0555;
	p = proc_alloc(parent, name, S_IFDIR | (mode & S_IALLUGO), 2);
	if (!p)
		return NULL;
	p->proc_iops = &proc_dir_inode_operations;
	p->proc_dir_ops = &proc_dir_operations;
	return proc_register(p);
}

struct proc_dir_entry *proc_mkdir(const char *name, struct proc_dir_entry *parent)
{
	return proc_mkdir_mode(name, 0, parent);
}

struct proc_dir_entry *proc_symlink(const char *name, struct proc_dir_entry *parent,
				    const char *dest)
{
	struct proc_dir_entry *p = proc_alloc(parent, name, S_IFLNK | 0777, 1);

	if (!p)
		return NULL;
	p->data = kstrdup(dest, GFP_KERNEL);
	if (!p->data) {
		p->parent = NULL;
		pde_put(p);
		return NULL;
	}
	p->size = strlen(dest);
	return proc_register(p);
}

/* Unlink de and its subtree; proc_subdir_lock held for writing. */
static void proc_unlink_tree(struct proc_dir_entry *de)
{
	while (!list_empty(&de->subdir))
		proc_unlink_tree(list_first_entry(&de->subdir, struct proc_dir_entry,
						  subdir_node));
	list_del_init(&de->subdir_node);
	if (S_ISDIR(de->mode) && de->parent)
		de->parent->nlink--;
	WRITE_ONCE(de->removed, true);
	pde_put(de);	/* the tree's reference */
}

void remove_proc_entry(const char *name, struct proc_dir_entry *parent)
{
	struct proc_dir_entry *de;

	if (!parent)
		parent = &proc_root;
	down_write(&proc_subdir_lock);
	de = pde_subdir_find(parent, name, strlen(name));
	if (de)
		proc_unlink_tree(de);
	up_write(&proc_subdir_lock);
	if (!de)
		pr_warn("remove_proc_entry: %s/%s not found\n", parent->name, name);
}
