/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The fsnotify core's objects, for the notification interfaces built on
 * it (fs/notify/inotify/, and later fanotify).
 *
 * A group is one listener (an inotify descriptor).  A mark ties a group to
 * one inode with the events it wants; the inode keeps its marks on
 * i_fsnotify_marks and the union of their masks in i_fsnotify_mask, so a
 * VFS hook on an unwatched inode costs one load and a test.
 *
 * Locking: fsnotify_lock (a spinlock, fs/notify/fsnotify.c) guards every
 * mark list, mark->mask and the inode masks.  The group's callbacks run
 * under it and must not sleep.  A mark holds a reference to its inode,
 * dropped once the mark is detached, outside the lock.
 */
#ifndef _LINUX_FSNOTIFY_BACKEND_H
#define _LINUX_FSNOTIFY_BACKEND_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <uapi/linux/inotify.h>

/*
 * Event bits.  The core uses inotify's values, so inotify passes masks
 * through untranslated.
 */
#define FS_ACCESS		IN_ACCESS
#define FS_MODIFY		IN_MODIFY
#define FS_ATTRIB		IN_ATTRIB
#define FS_CLOSE_WRITE		IN_CLOSE_WRITE
#define FS_CLOSE_NOWRITE	IN_CLOSE_NOWRITE
#define FS_OPEN			IN_OPEN
#define FS_MOVED_FROM		IN_MOVED_FROM
#define FS_MOVED_TO		IN_MOVED_TO
#define FS_CREATE		IN_CREATE
#define FS_DELETE		IN_DELETE
#define FS_DELETE_SELF		IN_DELETE_SELF
#define FS_MOVE_SELF		IN_MOVE_SELF
#define FS_UNMOUNT		IN_UNMOUNT
#define FS_ISDIR		IN_ISDIR
/* In a mark's mask: say nothing about children that no longer have a name. */
#define FS_EXCL_UNLINK		IN_EXCL_UNLINK

/* What happens to a child that its watching parent directory hears of. */
#define FS_EVENTS_ON_CHILD	(FS_ACCESS | FS_MODIFY | FS_ATTRIB | FS_CLOSE_WRITE | \
				 FS_CLOSE_NOWRITE | FS_OPEN)

struct inode;
struct super_block;
struct fsnotify_mark;

struct fsnotify_ops {
	/*
	 * @mark's mask matched @mask.  @name is the child's name for a
	 * directory event, else NULL.  Return true to have the mark detached
	 * (a one-shot watch).  fsnotify_lock held.
	 */
	bool (*handle_event)(struct fsnotify_mark *mark, u32 mask, u32 cookie,
			     const char *name, unsigned int name_len);
	/* @mark left its inode while the group lives.  fsnotify_lock held. */
	void (*mark_detached)(struct fsnotify_mark *mark);
	/* Free a detached mark; may sleep, the group may be gone. */
	void (*free_mark)(struct fsnotify_mark *mark);
};

struct fsnotify_group {
	const struct fsnotify_ops *ops;
	struct list_head marks;		/* fsnotify_lock */
};

struct fsnotify_mark {
	struct fsnotify_group *group;
	const struct fsnotify_ops *ops;	/* the group's, kept for free_mark */
	struct inode *inode;		/* referenced while attached */
	u32 mask;			/* FS_* events and flags; fsnotify_lock */
	struct hlist_node inode_node;	/* inode->i_fsnotify_marks; fsnotify_lock */
	struct list_head group_node;	/* group->marks; fsnotify_lock */
	struct list_head free_node;	/* on a list of detached marks to free */
};

extern spinlock_t fsnotify_lock;

void fsnotify_init_group(struct fsnotify_group *group, const struct fsnotify_ops *ops);
/* Detach and free every mark of @group, without mark_detached calls. */
void fsnotify_destroy_group(struct fsnotify_group *group);

/* Attach @mark; it takes its own reference to @inode. */
void fsnotify_add_mark(struct fsnotify_mark *mark, struct fsnotify_group *group,
		       struct inode *inode, u32 mask);

/*
 * With fsnotify_lock held: find @group's mark on @inode, change a mark's
 * mask, or detach a mark onto @dead (mark_detached runs).  Detached marks
 * are freed by fsnotify_free_marks(@dead) once the lock is dropped.
 */
struct fsnotify_mark *fsnotify_find_mark_locked(struct fsnotify_group *group,
						struct inode *inode);
void fsnotify_set_mask_locked(struct fsnotify_mark *mark, u32 mask);
void fsnotify_detach_mark_locked(struct fsnotify_mark *mark, struct list_head *dead);
void fsnotify_free_marks(struct list_head *dead);

#endif /* _LINUX_FSNOTIFY_BACKEND_H */
