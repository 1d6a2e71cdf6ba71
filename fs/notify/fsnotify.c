// SPDX-License-Identifier: GPL-2.0-only
/*
 * fsnotify: the core between the VFS hooks of <linux/fsnotify.h> and the
 * listeners built on it (inotify).  Marks tie a listener (a group) to an
 * inode; an event on the inode goes to every mark whose mask wants it.
 * Events on a file are heard by a watching parent directory too, with the
 * file's name.
 *
 * Interface: for the VFS, __fsnotify_inode(), __fsnotify_parent(),
 * __fsnotify_inoderemove(), fsnotify_unmount_inodes() and
 * fsnotify_next_cookie(); for listeners, the mark calls of
 * <linux/fsnotify_backend.h>.
 *
 * Locking: fsnotify_lock guards all marks: the per-inode and per-group
 * lists, each mark's mask and the inodes' i_fsnotify_mask.  The hooks
 * run the groups' callbacks under it, so those only queue (GFP_ATOMIC)
 * and wake.  A mark pins its inode; the reference is dropped, and the
 * mark freed, by fsnotify_free_marks() after the lock is released.
 * fsnotify_nr_marks counts attached marks: while it is zero no hook
 * takes any lock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <linux/fs.h>
#include <linux/dcache.h>
#include <linux/fsnotify.h>
#include <asm/atomic.h>

DEFINE_SPINLOCK(fsnotify_lock);
atomic_t fsnotify_nr_marks = ATOMIC_INIT(0);
static atomic_t fsnotify_cookie = ATOMIC_INIT(0);

/* The events a mark can match; the rest of a mark's mask are flags. */
#define FS_EVENTS_MASK	(IN_ALL_EVENTS | FS_UNMOUNT)

u32 fsnotify_next_cookie(void)
{
	return (u32)atomic_inc_return(&fsnotify_cookie);
}

/* ------------------------------------------------------------ marks */

void fsnotify_init_group(struct fsnotify_group *group, const struct fsnotify_ops *ops)
{
	group->ops = ops;
	INIT_LIST_HEAD(&group->marks);
}

/* The inode listens for what any of its marks wants.  fsnotify_lock held. */
static void recalc_inode_mask(struct inode *inode)
{
	struct fsnotify_mark *mark;
	u32 mask = 0;

	hlist_for_each_entry(mark, &inode->i_fsnotify_marks, inode_node)
		mask |= mark->mask;
	WRITE_ONCE(inode->i_fsnotify_mask, mask);
}

void fsnotify_add_mark(struct fsnotify_mark *mark, struct fsnotify_group *group,
		       struct inode *inode, u32 mask)
{
	ihold(inode);
	mark->group = group;
	mark->ops = group->ops;
	mark->inode = inode;
	mark->mask = mask;
	INIT_LIST_HEAD(&mark->free_node);
	spin_lock(&fsnotify_lock);
	hlist_add_head(&mark->inode_node, &inode->i_fsnotify_marks);
	list_add_tail(&mark->group_node, &group->marks);
	recalc_inode_mask(inode);
	atomic_inc(&fsnotify_nr_marks);
	spin_unlock(&fsnotify_lock);
}

struct fsnotify_mark *fsnotify_find_mark_locked(struct fsnotify_group *group,
						struct inode *inode)
{
	struct fsnotify_mark *mark;

	hlist_for_each_entry(mark, &inode->i_fsnotify_marks, inode_node)
		if (mark->group == group)
			return mark;
	return NULL;
}

void fsnotify_set_mask_locked(struct fsnotify_mark *mark, u32 mask)
{
	mark->mask = mask;
	recalc_inode_mask(mark->inode);
}

/* Off both lists, quietly: the group is told only by the caller's choice. */
static void unlink_mark_locked(struct fsnotify_mark *mark, struct list_head *dead)
{
	hlist_del_init(&mark->inode_node);
	list_del_init(&mark->group_node);
	recalc_inode_mask(mark->inode);
	atomic_dec(&fsnotify_nr_marks);
	list_add_tail(&mark->free_node, dead);
}

void fsnotify_detach_mark_locked(struct fsnotify_mark *mark, struct list_head *dead)
{
	if (mark->group->ops->mark_detached)
		mark->group->ops->mark_detached(mark);
	unlink_mark_locked(mark, dead);
}

void fsnotify_free_marks(struct list_head *dead)
{
	struct fsnotify_mark *mark, *next;

	list_for_each_entry_safe(mark, next, dead, free_node) {
		struct inode *inode = mark->inode;

		list_del(&mark->free_node);
		mark->ops->free_mark(mark);
		iput(inode);
	}
}

void fsnotify_destroy_group(struct fsnotify_group *group)
{
	struct fsnotify_mark *mark, *next;
	LIST_HEAD(dead);

	spin_lock(&fsnotify_lock);
	list_for_each_entry_safe(mark, next, &group->marks, group_node)
		unlink_mark_locked(mark, &dead);
	spin_unlock(&fsnotify_lock);
	fsnotify_free_marks(&dead);
}

/* ------------------------------------------------------------ delivery */

/*
 * Hand @mask to the marks on @inode that want it.  @name is set when
 * @inode is the directory holding the subject; @child_unlinked says the
 * subject has lost that name, which IN_EXCL_UNLINK watches ignore.
 */
static void send_locked(struct inode *inode, u32 mask, u32 cookie, const char *name,
			unsigned int name_len, bool child_unlinked, struct list_head *dead)
{
	struct fsnotify_mark *mark;
	struct hlist_node *next;

	hlist_for_each_entry_safe(mark, next, &inode->i_fsnotify_marks, inode_node) {
		if (!(mark->mask & mask & FS_EVENTS_MASK))
			continue;
		if (child_unlinked && (mark->mask & FS_EXCL_UNLINK))
			continue;
		if (mark->group->ops->handle_event(mark, mask, cookie, name, name_len))
			fsnotify_detach_mark_locked(mark, dead);
	}
}

void __fsnotify_inode(struct inode *inode, u32 mask, u32 cookie, const struct qstr *name)
{
	LIST_HEAD(dead);

	spin_lock(&fsnotify_lock);
	send_locked(inode, mask, cookie, name ? (const char *)name->name : NULL,
		    name ? name->len : 0, false, &dead);
	spin_unlock(&fsnotify_lock);
	fsnotify_free_marks(&dead);
}

void __fsnotify_parent(struct dentry *dentry, u32 mask)
{
	struct dentry *parent = dget_parent(dentry);
	struct inode *dir = parent->d_inode;
	struct inode *inode = d_inode(dentry);
	LIST_HEAD(dead);

	if (parent != dentry && dir &&
	    (READ_ONCE(dir->i_fsnotify_mask) & mask & FS_EVENTS_ON_CHILD)) {
		/* A rename may change the name under us: report a copy. */
		char name[NAME_MAX + 1];
		unsigned int len = d_name_copy(dentry, name);

		spin_lock(&fsnotify_lock);
		send_locked(dir, mask, 0, name, len, d_unlinked(dentry), &dead);
		spin_unlock(&fsnotify_lock);
	}
	dput(parent);
	if (inode && (READ_ONCE(inode->i_fsnotify_mask) & mask)) {
		spin_lock(&fsnotify_lock);
		send_locked(inode, mask, 0, NULL, 0, false, &dead);
		spin_unlock(&fsnotify_lock);
	}
	fsnotify_free_marks(&dead);
}

/* Tell @inode's marks about @mask, then detach them all (IN_IGNORED). */
static void send_and_detach_locked(struct inode *inode, u32 mask, struct list_head *dead)
{
	struct fsnotify_mark *mark;
	struct hlist_node *next;

	send_locked(inode, mask, 0, NULL, 0, false, dead);
	hlist_for_each_entry_safe(mark, next, &inode->i_fsnotify_marks, inode_node)
		fsnotify_detach_mark_locked(mark, dead);
}

void __fsnotify_inoderemove(struct inode *inode)
{
	LIST_HEAD(dead);

	spin_lock(&fsnotify_lock);
	/* Linux reports it without IN_ISDIR, even for a directory. */
	send_and_detach_locked(inode, FS_DELETE_SELF, &dead);
	spin_unlock(&fsnotify_lock);
	fsnotify_free_marks(&dead);
}

/*
 * @sb is going away: every watch on it hears IN_UNMOUNT and is dropped,
 * which also lets go of the inodes the marks pinned, so they can be
 * evicted with the rest.
 */
void fsnotify_unmount_inodes(struct super_block *sb)
{
	struct inode *inode;
	LIST_HEAD(dead);

	if (!atomic_read(&fsnotify_nr_marks))
		return;
	spin_lock(&sb->s_inode_list_lock);
	list_for_each_entry(inode, &sb->s_inodes, i_sb_list) {
		if (hlist_empty(&inode->i_fsnotify_marks))
			continue;
		spin_lock(&fsnotify_lock);
		send_and_detach_locked(inode, FS_UNMOUNT | fsnotify_isdir(inode), &dead);
		spin_unlock(&fsnotify_lock);
	}
	spin_unlock(&sb->s_inode_list_lock);
	fsnotify_free_marks(&dead);
}
