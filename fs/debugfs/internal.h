/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared between the files of fs/debugfs/ only.
 *
 * Every debugfs file's dentry carries a struct debugfs_fsdata in
 * d_fsdata: the creator's file_operations and a count of calls in
 * progress.  Removal marks it removed and waits for the count to drain;
 * from then on the proxy operations (file.c) fail with -EIO, so the
 * creator may free its data once debugfs_remove*() returns.  The fsdata
 * lives as long as the dentry (open files hold it); d_release frees it.
 */
#ifndef _FS_DEBUGFS_INTERNAL_H
#define _FS_DEBUGFS_INTERNAL_H

#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/wait.h>

struct debugfs_fsdata {
	const struct file_operations *real_fops;
	spinlock_t lock;		/* active, removed */
	int active;			/* proxied calls running */
	bool removed;
	struct wait_queue_head wq;	/* removal waits for active == 0 */
};

extern const struct file_operations debugfs_proxy_fops;

/* Called by removal: no new calls start; waits for the running ones. */
void debugfs_file_kill(struct debugfs_fsdata *fsd);

#endif /* _FS_DEBUGFS_INTERNAL_H */
