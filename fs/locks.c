// SPDX-License-Identifier: GPL-2.0-only
/*
 * flock(2): BSD whole-file advisory locks.
 *
 * A lock belongs to an open file description (struct file): dup() and
 * fork() share it, a second open() of the same file is a different owner,
 * and it goes away when the last reference to the description does
 * (locks_remove_file() from fput) or on LOCK_UN.  LOCK_SH locks coexist;
 * LOCK_EX excludes every other owner.  Asking for a lock the owner holds
 * in the other mode converts it: as in Linux the old lock is dropped
 * before waiting, so a conversion is not atomic.  A blocked caller sleeps
 * interruptibly (EINTR, or restarted under SA_RESTART); LOCK_NB makes it
 * EWOULDBLOCK instead.  A request with the old LOCK_MAND bit does nothing
 * and succeeds (Linux stopped supporting mandatory locks).  Record locks
 * (fcntl F_SETLK) are not here (fs/fcntl.c: EINVAL).
 *
 * Each inode gets a struct file_lock_context on its first flock
 * (inode->i_flctx, published with cmpxchg, freed with the inode):
 *   flc_lock   spinlock guarding flc_flock
 *   flc_flock  the held locks, one struct file_lock per owner
 *   flc_wait   where blocked callers sleep; woken on every unlock
 *
 * Interface: the system call; locks_remove_file() (fput),
 * locks_free_lock_context() (inode destruction).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/sched/signal.h>
#include <linux/syscalls.h>

#define LOCK_SH		1	/* shared */
#define LOCK_EX		2	/* exclusive */
#define LOCK_NB		4	/* do not block */
#define LOCK_UN		8	/* release */
#define LOCK_MAND	32	/* old mandatory-lock flag: ignored, as in Linux 5.15+ */

struct file_lock_context {
	spinlock_t flc_lock;
	struct list_head flc_flock;
	wait_queue_head_t flc_wait;
};

struct file_lock {
	struct list_head fl_list;	/* in flc_flock */
	struct file *fl_file;		/* the owner; not a counted reference */
	int fl_exclusive;
};

static struct file_lock_context *locks_get_context(struct inode *inode)
{
	struct file_lock_context *ctx = READ_ONCE(inode->i_flctx), *old;

	if (ctx)
		return ctx;
	ctx = kmalloc(sizeof(*ctx), GFP_KERNEL);
	if (!ctx)
		return NULL;
	spin_lock_init(&ctx->flc_lock);
	INIT_LIST_HEAD(&ctx->flc_flock);
	init_waitqueue_head(&ctx->flc_wait);
	old = cmpxchg(&inode->i_flctx, NULL, ctx);
	if (old) {
		kfree(ctx);
		return old;
	}
	return ctx;
}

void locks_free_lock_context(struct inode *inode)
{
	struct file_lock_context *ctx = inode->i_flctx;

	if (!ctx)
		return;
	WARN_ON_ONCE(!list_empty(&ctx->flc_flock));
	kfree(ctx);
	inode->i_flctx = NULL;
}

static struct file_lock *flock_find(struct file_lock_context *ctx, struct file *file)
{
	struct file_lock *fl;

	list_for_each_entry(fl, &ctx->flc_flock, fl_list)
		if (fl->fl_file == file)
			return fl;
	return NULL;
}

/* Would file's lock of this kind clash with another owner's?  flc_lock held. */
static bool flock_conflict(struct file_lock_context *ctx, struct file *file, int exclusive)
{
	struct file_lock *fl;

	list_for_each_entry(fl, &ctx->flc_flock, fl_list)
		if (fl->fl_file != file && (exclusive || fl->fl_exclusive))
			return true;
	return false;
}

/* Drop file's lock, if any, and wake the waiters. */
static void flock_unlock(struct file_lock_context *ctx, struct file *file)
{
	struct file_lock *fl;

	spin_lock(&ctx->flc_lock);
	fl = flock_find(ctx, file);
	if (fl)
		list_del(&fl->fl_list);
	spin_unlock(&ctx->flc_lock);
	if (fl) {
		kfree(fl);
		wake_up_all(&ctx->flc_wait);
	}
}

/* Take it now if nobody else's lock is in the way: 0, or -EWOULDBLOCK. */
static int flock_try(struct file_lock_context *ctx, struct file *file, int exclusive,
		     struct file_lock **spare)
{
	struct file_lock *fl;
	int err = 0;

	spin_lock(&ctx->flc_lock);
	if (flock_conflict(ctx, file, exclusive)) {
		err = -EWOULDBLOCK;
	} else {
		fl = flock_find(ctx, file);
		if (!fl) {
			fl = *spare;
			*spare = NULL;
			fl->fl_file = file;
			list_add_tail(&fl->fl_list, &ctx->flc_flock);
		}
		fl->fl_exclusive = exclusive;
	}
	spin_unlock(&ctx->flc_lock);
	return err;
}

static int flock_lock(struct file_lock_context *ctx, struct file *file, int exclusive,
		      bool wait)
{
	struct file_lock *spare = kmalloc(sizeof(*spare), GFP_KERNEL);
	int err;

	if (!spare)
		return -ENOMEM;
	err = flock_try(ctx, file, exclusive, &spare);
	if (err && wait) {
		/* A conversion gives up the old lock while it waits (Linux). */
		flock_unlock(ctx, file);
		err = wait_event_interruptible(ctx->flc_wait,
					       !flock_try(ctx, file, exclusive, &spare));
	}
	kfree(spare);
	return err;
}

void locks_remove_file(struct file *file)
{
	struct file_lock_context *ctx = READ_ONCE(file_inode(file)->i_flctx);

	if (ctx)
		flock_unlock(ctx, file);
}

SYSCALL_DEFINE2(flock, unsigned int, fd, unsigned int, cmd)
{
	unsigned int op = cmd & ~LOCK_NB;
	struct file_lock_context *ctx;
	struct fd f;
	int err;

	f = fdget(fd);
	if (!f.file)
		return -EBADF;
	err = -EBADF;
	if ((f.file->f_mode & FMODE_PATH) || !(f.file->f_mode & (FMODE_READ | FMODE_WRITE)))
		goto out;
	err = 0;
	if (cmd & LOCK_MAND)
		goto out;
	err = -EINVAL;
	if (op != LOCK_SH && op != LOCK_EX && op != LOCK_UN)
		goto out;
	err = -ENOMEM;
	ctx = locks_get_context(file_inode(f.file));
	if (!ctx)
		goto out;
	if (op == LOCK_UN) {
		flock_unlock(ctx, f.file);
		err = 0;
	} else {
		err = flock_lock(ctx, f.file, op == LOCK_EX, !(cmd & LOCK_NB));
	}
out:
	fdput(f);
	return err;
}
