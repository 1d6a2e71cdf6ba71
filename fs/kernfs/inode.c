// SPDX-License-Identifier: GPL-2.0-only
/*
 * kernfs and the VFS: super blocks (one per tree root, shared by all its
 * mounts), inodes made on lookup from nodes, readdir, attribute file I/O
 * and symlink bodies.
 *
 * Dentries are never cached once unused (always_delete_dentry) and are
 * revalidated against their node, so a removed node disappears from the
 * name space at once while open files keep their node alive.  An inode
 * holds a reference on its node (i_private) until it is evicted.
 *
 * Attribute files: an open file has a one-page buffer.  A read at offset
 * 0 calls ->show to fill it; reads further on return the rest of that
 * snapshot.  Each write(2) is copied, NUL-terminated, and given to
 * ->store whole (at most PAGE_SIZE - 1 bytes).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/statfs.h>
#include <linux/mutex.h>
#include <linux/kernfs.h>
#include <asm/uaccess.h>
#include "kernfs-internal.h"

static const struct inode_operations kernfs_dir_iops;
static const struct file_operations kernfs_dir_fops;
static const struct file_operations kernfs_file_fops;
static const struct inode_operations kernfs_symlink_iops;

static struct kernfs_node *kernfs_of(const struct inode *inode)
{
	return inode->i_private;
}

static struct inode *kernfs_get_inode(struct super_block *sb, struct kernfs_node *kn)
{
	struct inode *inode = new_inode(sb);

	if (!inode)
		return NULL;
	kernfs_get(kn);
	inode->i_private = kn;
	inode->i_ino = kn->ino;
	inode->i_mode = kn->mode;
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time(inode);
	if (kernfs_is_dir(kn)) {
		inode->i_op = &kernfs_dir_iops;
		inode->i_fop = &kernfs_dir_fops;
		set_nlink(inode, 2);
	} else if (S_ISLNK(kn->mode)) {
		inode->i_op = &kernfs_symlink_iops;
	} else {
		inode->i_fop = &kernfs_file_fops;
		/* Linux's sysfs reports one page for every attribute. */
		inode->i_size = PAGE_SIZE;
	}
	return inode;
}

/* ------------------------------------------------------------ dentries */

static int kernfs_d_revalidate(struct dentry *dentry, unsigned int flags)
{
	struct inode *inode = d_inode(dentry);
	struct kernfs_node *kn;
	int valid;

	if (!inode)
		return 0;
	kn = kernfs_of(inode);
	down_read(&kernfs_rwsem);
	valid = !(kn->flags & KERNFS_REMOVED);
	up_read(&kernfs_rwsem);
	return valid;
}

static const struct dentry_operations kernfs_dops = {
	.d_revalidate = kernfs_d_revalidate,
	.d_delete = always_delete_dentry,
};

static struct dentry *kernfs_iop_lookup(struct inode *dir, struct dentry *dentry,
					unsigned int flags)
{
	struct kernfs_node *parent = kernfs_of(dir), *kn;
	struct inode *inode = NULL;

	down_read(&kernfs_rwsem);
	kn = kernfs_find_locked(parent, (const char *)dentry->d_name.name);
	kernfs_get(kn);
	up_read(&kernfs_rwsem);
	if (kn) {
		inode = kernfs_get_inode(dir->i_sb, kn);
		kernfs_put(kn);
		if (!inode)
			return ERR_PTR(-ENOMEM);
	}
	d_add(dentry, inode);
	return NULL;
}

static const struct inode_operations kernfs_dir_iops = {
	.lookup = kernfs_iop_lookup,
};

/* ------------------------------------------------------------ readdir */

static unsigned char kernfs_dtype(const struct kernfs_node *kn)
{
	return fs_umode_to_dtype(kn->mode);
}

static int kernfs_readdir(struct file *file, struct dir_context *ctx)
{
	struct kernfs_node *parent = kernfs_of(file_inode(file)), *kn;
	loff_t index = 2;

	if (!dir_emit_dots(file, ctx))
		return 0;
	down_read(&kernfs_rwsem);
	list_for_each_entry(kn, &parent->children, sibling) {
		if (index++ < ctx->pos)
			continue;
		if (!dir_emit(ctx, kn->name, strlen(kn->name), kn->ino, kernfs_dtype(kn)))
			break;
		ctx->pos = index;
	}
	up_read(&kernfs_rwsem);
	return 0;
}

static const struct file_operations kernfs_dir_fops = {
	.llseek = generic_file_llseek,
	.read = generic_read_dir,
	.iterate_shared = kernfs_readdir,
};

/* ------------------------------------------------------------ attribute files */

struct kernfs_open_file {
	struct mutex mutex;	/* buf, len */
	char *buf;		/* one page */
	size_t len;		/* of the last ->show; 0 before the first */
	bool filled;
};

static int kernfs_fop_open(struct inode *inode, struct file *file)
{
	struct kernfs_node *kn = kernfs_of(inode);
	struct kernfs_open_file *of;

	if ((file->f_mode & FMODE_READ) && !kn->ops->show)
		return -EACCES;
	if ((file->f_mode & FMODE_WRITE) && !kn->ops->store)
		return -EACCES;
	of = kzalloc(sizeof(*of), GFP_KERNEL);
	if (!of)
		return -ENOMEM;
	of->buf = (char *)get_zeroed_page(GFP_KERNEL);
	if (!of->buf) {
		kfree(of);
		return -ENOMEM;
	}
	mutex_init(&of->mutex);
	file->private_data = of;
	return 0;
}

static int kernfs_fop_release(struct inode *inode, struct file *file)
{
	struct kernfs_open_file *of = file->private_data;

	free_page((unsigned long)of->buf);
	kfree(of);
	return 0;
}

static ssize_t kernfs_fop_read(struct file *file, char *ubuf, size_t count, loff_t *ppos)
{
	struct kernfs_node *kn = kernfs_of(file_inode(file));
	struct kernfs_open_file *of = file->private_data;
	ssize_t ret = 0;
	loff_t pos = *ppos;

	mutex_lock(&of->mutex);
	if (pos == 0 || !of->filled) {
		memset(of->buf, 0, PAGE_SIZE);
		down_read(&kernfs_rwsem);
		if (kn->flags & KERNFS_REMOVED)
			ret = -ENODEV;
		else
			ret = kn->ops->show(kn, of->buf);
		up_read(&kernfs_rwsem);
		if (ret < 0)
			goto out;
		of->len = min_t(size_t, ret, PAGE_SIZE);
		of->filled = true;
		ret = 0;
	}
	if (pos < 0 || pos >= of->len)
		goto out;
	count = min_t(size_t, count, of->len - pos);
	if (copy_to_user(ubuf, of->buf + pos, count)) {
		ret = -EFAULT;
		goto out;
	}
	*ppos = pos + count;
	ret = count;
out:
	mutex_unlock(&of->mutex);
	return ret;
}

static ssize_t kernfs_fop_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos)
{
	struct kernfs_node *kn = kernfs_of(file_inode(file));
	struct kernfs_open_file *of = file->private_data;
	ssize_t ret;

	if (!count)
		return 0;
	if (count > PAGE_SIZE - 1)
		count = PAGE_SIZE - 1;
	mutex_lock(&of->mutex);
	if (copy_from_user(of->buf, ubuf, count)) {
		ret = -EFAULT;
		goto out;
	}
	of->buf[count] = '\0';
	/* The page now holds the write: the next read must call ->show again. */
	of->filled = false;
	down_read(&kernfs_rwsem);
	if (kn->flags & KERNFS_REMOVED)
		ret = -ENODEV;
	else
		ret = kn->ops->store(kn, of->buf, count);
	up_read(&kernfs_rwsem);
	if (ret > 0)
		*ppos += ret;
out:
	mutex_unlock(&of->mutex);
	return ret;
}

static const struct file_operations kernfs_file_fops = {
	.open = kernfs_fop_open,
	.release = kernfs_fop_release,
	.read = kernfs_fop_read,
	.write = kernfs_fop_write,
	.llseek = generic_file_llseek,
};

/* ------------------------------------------------------------ symlinks */

/* Whether anc is kn itself or one of the nodes above it. */
static bool kernfs_is_above(struct kernfs_node *anc, struct kernfs_node *kn)
{
	for (; kn; kn = kn->parent) {
		if (kn == anc)
			return true;
	}
	return false;
}

/*
 * The relative path from directory from to target ("../../devices/x"),
 * as Linux's sysfs writes its links: one "../" for each level from climbs
 * to the lowest node above both, then target's names below that node.
 * kernfs_rwsem held.
 */
static int kernfs_rel_path(struct kernfs_node *from, struct kernfs_node *target, char *buf,
			   size_t len)
{
	struct kernfs_node *top = from, *n;
	size_t ups = 0, down = 0, at;

	while (top && !kernfs_is_above(top, target)) {
		top = top->parent;
		ups++;
	}
	/* Each name below top, with the '/' or the final NUL after it. */
	for (n = target; n != top; n = n->parent)
		down += strlen(n->name) + 1;
	if (3 * ups + max_t(size_t, down, 1) >= len)
		return -ENAMETOOLONG;
	for (at = 0; at < 3 * ups; at += 3)
		memcpy(buf + at, "../", 3);
	if (!down) {
		/* target is top itself: "." or "../.." without the last '/'. */
		if (ups)
			buf[at - 1] = '\0';
		else
			strscpy(buf, ".", len);
		return 0;
	}
	/* Lay target's names down from the end of the string towards top. */
	at += down - 1;
	buf[at] = '\0';
	for (n = target; n != top; n = n->parent) {
		size_t l = strlen(n->name);

		at -= l;
		memcpy(buf + at, n->name, l);
		if (n->parent != top)
			buf[--at] = '/';
	}
	return 0;
}

static void kernfs_free_link(void *body)
{
	kfree(body);
}

static const char *kernfs_get_link(struct dentry *dentry, struct inode *inode,
				   struct delayed_call *done)
{
	struct kernfs_node *kn = kernfs_of(inode);
	char *body;
	int err;

	if (!dentry)
		return ERR_PTR(-ECHILD);
	body = kmalloc(PATH_MAX, GFP_KERNEL);
	if (!body)
		return ERR_PTR(-ENOMEM);
	down_read(&kernfs_rwsem);
	if ((kn->flags & KERNFS_REMOVED) || (kn->target->flags & KERNFS_REMOVED))
		err = -ENOENT;
	else
		err = kernfs_rel_path(kn->parent, kn->target, body, PATH_MAX);
	up_read(&kernfs_rwsem);
	if (err) {
		kfree(body);
		return ERR_PTR(err);
	}
	set_delayed_call(done, kernfs_free_link, body);
	return body;
}

static const struct inode_operations kernfs_symlink_iops = {
	.get_link = kernfs_get_link,
};

/* ------------------------------------------------------------ super blocks */

static void kernfs_evict_inode(struct inode *inode)
{
	struct kernfs_node *kn = kernfs_of(inode);

	clear_inode(inode);
	kernfs_put(kn);
}

static const struct super_operations kernfs_sops = {
	.statfs = simple_statfs,
	.evict_inode = kernfs_evict_inode,
};

static int kernfs_test_super(struct super_block *sb, void *data)
{
	return sb->s_fs_info == data;
}

static int kernfs_set_super(struct super_block *sb, void *data)
{
	sb->s_fs_info = data;
	return set_anon_super(sb, NULL);
}

struct dentry *kernfs_mount(struct file_system_type *fs_type, int flags,
			    struct kernfs_node *root, unsigned long magic)
{
	struct super_block *sb = sget(fs_type, kernfs_test_super, kernfs_set_super, flags, root);
	struct inode *inode;

	if (IS_ERR(sb))
		return ERR_PTR(PTR_ERR(sb));
	if (sb->s_root)
		return dget(sb->s_root);	/* another mount of the same tree */
	sb->s_magic = magic;
	sb->s_op = &kernfs_sops;
	sb->s_d_op = &kernfs_dops;
	sb->s_blocksize = PAGE_SIZE;
	sb->s_blocksize_bits = PAGE_SHIFT;
	sb->s_time_gran = 1;
	inode = kernfs_get_inode(sb, root);
	if (!inode)
		goto fail;
	sb->s_root = d_make_root(inode);
	if (!sb->s_root)
		goto fail;
	sb->s_flags |= SB_ACTIVE;
	return dget(sb->s_root);
fail:
	deactivate_locked_super(sb);
	return ERR_PTR(-ENOMEM);
}

void kernfs_kill_sb(struct super_block *sb)
{
	kill_anon_super(sb);
}
