// SPDX-License-Identifier: GPL-2.0-only
/*
 * Advisory file locks: flock(2) whole-file locks and fcntl(2) record
 * (byte-range) locks.
 *
 * flock: a lock belongs to an open file description (struct file): dup()
 * and fork() share it, a second open() of the same file is a different
 * owner, and it goes away when the last reference to the description does
 * (locks_remove_file() from fput) or on LOCK_UN.  LOCK_SH locks coexist;
 * LOCK_EX excludes every other owner.  Asking for a lock the owner holds
 * in the other mode converts it: as in Linux the old lock is dropped
 * before waiting, so a conversion is not atomic.  A blocked caller sleeps
 * interruptibly (EINTR, or restarted under SA_RESTART); LOCK_NB makes it
 * EWOULDBLOCK instead.  A request with the old LOCK_MAND bit does nothing
 * and succeeds (Linux stopped supporting mandatory locks).
 *
 * Record locks (F_SETLK, F_SETLKW, F_GETLK): a lock covers a byte range
 * of the inode and is read (shared) or write (exclusive).  The owner of a
 * classic ("POSIX") lock is the process's descriptor table: its threads
 * share the locks, fork() does not hand them on, and closing ANY
 * descriptor of the inode drops all of the owner's locks on it
 * (locks_remove_posix() from filp_close, also at exit).  The owner of an
 * open-file-description lock (F_OFD_*) is the struct file, as for flock,
 * and it lasts until the description's last close.  An owner's new lock
 * replaces whatever it held in that range (splitting its older locks),
 * and its adjacent or overlapping locks of one type merge into one.  Two
 * locks of different owners clash when they overlap and one is a write
 * lock; flock and record locks never clash with each other.  F_SETLKW
 * sleeps interruptibly until no clash remains; it fails with EDEADLK
 * when the owner holding the way is itself (through a chain of waiters)
 * waiting for the caller, checked for classic locks only, as Linux does.
 *
 * Each inode gets a struct file_lock_context on its first lock
 * (inode->i_flctx, published with cmpxchg, freed with the inode):
 *   flc_lock   spinlock guarding flc_flock and flc_posix
 *   flc_flock  the held flock locks, one struct file_lock per owner
 *   flc_posix  the held record locks (struct posix_lock), unordered
 *   flc_wait   where blocked callers of both kinds sleep; woken on
 *              every unlock or change of a record lock
 * blocked_lock (a global spinlock) guards blocked_posix, the classic
 * record-lock owners asleep in F_SETLKW and whom each waits for; it nests
 * inside nothing.
 *
 * Interface: the flock system call, fcntl_getlk() and fcntl_setlk()
 * (fs/fcntl.c), locks_remove_posix() (filp_close), locks_remove_file()
 * (fput), locks_free_lock_context() (inode destruction).
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
#include <uapi/linux/fcntl.h>
#include <uapi/linux/fs.h>
#include <asm/uaccess.h>

#define LOCK_SH		1	/* shared */
#define LOCK_EX		2	/* exclusive */
#define LOCK_NB		4	/* do not block */
#define LOCK_UN		8	/* release */
#define LOCK_MAND	32	/* old mandatory-lock flag: ignored, as in Linux 5.15+ */

struct file_lock_context {
	spinlock_t flc_lock;
	struct list_head flc_flock;
	struct list_head flc_posix;
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
	INIT_LIST_HEAD(&ctx->flc_posix);
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
	WARN_ON_ONCE(!list_empty(&ctx->flc_posix));
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

/* ------------------------------------------------------------ record locks */

/* The last byte a lock of l_len 0 covers: every offset there will ever be. */
#define POSIX_LOCK_EOF		((loff_t)LLONG_MAX)
/* How many waiters deep the EDEADLK search follows a chain before giving up. */
#define POSIX_DEADLOCK_DEPTH	64

struct posix_lock {
	struct list_head pl_list;	/* in flc_posix */
	fl_owner_t pl_owner;		/* descriptor table, or struct file (OFD) */
	pid_t pl_pid;			/* for F_GETLK: the locker's tgid, -1 (OFD) */
	bool pl_write;
	loff_t pl_start, pl_end;	/* inclusive byte range */
};

/* A request: what to lock, for whom. */
struct posix_req {
	fl_owner_t owner;
	pid_t pid;
	int type;			/* F_RDLCK, F_WRLCK or F_UNLCK */
	loff_t start, end;
};

/* An owner asleep in F_SETLKW, on blocked_posix while it sleeps. */
struct posix_waiter {
	struct list_head list;
	fl_owner_t owner, blocker;
};

static DEFINE_SPINLOCK(blocked_lock);
static LIST_HEAD(blocked_posix);

static bool ranges_overlap(const struct posix_lock *pl, loff_t start, loff_t end)
{
	return pl->pl_start <= end && start <= pl->pl_end;
}

/* Another owner's lock in the way of req, or NULL.  flc_lock held. */
static struct posix_lock *posix_conflict(struct file_lock_context *ctx,
					 const struct posix_req *req)
{
	struct posix_lock *pl;

	list_for_each_entry(pl, &ctx->flc_posix, pl_list) {
		if (pl->pl_owner == req->owner || !ranges_overlap(pl, req->start, req->end))
			continue;
		if (pl->pl_write || req->type == F_WRLCK)
			return pl;
	}
	return NULL;
}

/*
 * Take [start, end] out of every lock of owner, shortening or splitting
 * them; a split uses *spare.  flc_lock held.
 */
static void posix_cut(struct file_lock_context *ctx, fl_owner_t owner, loff_t start,
		      loff_t end, struct posix_lock **spare)
{
	struct posix_lock *pl, *next;

	list_for_each_entry_safe(pl, next, &ctx->flc_posix, pl_list) {
		if (pl->pl_owner != owner || !ranges_overlap(pl, start, end))
			continue;
		if (start <= pl->pl_start && end >= pl->pl_end) {
			list_del(&pl->pl_list);
			kfree(pl);
		} else if (start > pl->pl_start && end < pl->pl_end) {
			struct posix_lock *tail = *spare;

			*spare = NULL;
			*tail = *pl;
			tail->pl_start = end + 1;
			pl->pl_end = start - 1;
			list_add(&tail->pl_list, &pl->pl_list);
		} else if (start <= pl->pl_start) {
			pl->pl_start = end + 1;
		} else {
			pl->pl_end = start - 1;
		}
	}
}

/* Fold owner's locks of new's type that touch or overlap new into it. */
static void posix_merge(struct file_lock_context *ctx, struct posix_lock *new)
{
	struct posix_lock *pl, *next;

	list_for_each_entry_safe(pl, next, &ctx->flc_posix, pl_list) {
		if (pl == new || pl->pl_owner != new->pl_owner || pl->pl_write != new->pl_write)
			continue;
		/* Touching: one ends on the byte before the other starts. */
		if (pl->pl_end != POSIX_LOCK_EOF && pl->pl_end + 1 < new->pl_start)
			continue;
		if (new->pl_end != POSIX_LOCK_EOF && new->pl_end + 1 < pl->pl_start)
			continue;
		new->pl_start = min(new->pl_start, pl->pl_start);
		new->pl_end = max(new->pl_end, pl->pl_end);
		list_del(&pl->pl_list);
		kfree(pl);
	}
}

/*
 * Apply req if no other owner's lock is in the way: 0, or -EAGAIN with
 * the owner in the way in *blocker.  spare[0] and spare[1] are two
 * preallocated locks (a split and the new lock); used ones become NULL.
 */
static int posix_try(struct file_lock_context *ctx, const struct posix_req *req,
		     struct posix_lock **spare, fl_owner_t *blocker)
{
	struct posix_lock *pl;

	spin_lock(&ctx->flc_lock);
	if (req->type != F_UNLCK) {
		pl = posix_conflict(ctx, req);
		if (pl) {
			*blocker = pl->pl_owner;
			spin_unlock(&ctx->flc_lock);
			return -EAGAIN;
		}
	}
	posix_cut(ctx, req->owner, req->start, req->end, &spare[0]);
	if (req->type != F_UNLCK) {
		pl = spare[1];
		spare[1] = NULL;
		pl->pl_owner = req->owner;
		pl->pl_pid = req->pid;
		pl->pl_write = req->type == F_WRLCK;
		pl->pl_start = req->start;
		pl->pl_end = req->end;
		list_add_tail(&pl->pl_list, &ctx->flc_posix);
		posix_merge(ctx, pl);
	}
	spin_unlock(&ctx->flc_lock);
	/* Any change may have freed or downgraded bytes someone waits for. */
	wake_up_all(&ctx->flc_wait);
	return 0;
}

static bool posix_blocked(struct file_lock_context *ctx, const struct posix_req *req)
{
	bool blocked;

	spin_lock(&ctx->flc_lock);
	blocked = posix_conflict(ctx, req) != NULL;
	spin_unlock(&ctx->flc_lock);
	return blocked;
}

/*
 * Would owner waiting for blocker close a cycle of waiters?  If not,
 * register the wait in *w.  Both under blocked_lock, so two owners
 * cannot each decide to wait for the other.
 */
static bool posix_wait_begin(struct posix_waiter *w, fl_owner_t owner, fl_owner_t blocker)
{
	struct posix_waiter *pw;
	fl_owner_t next = blocker, found;
	int depth = 0;

	spin_lock(&blocked_lock);
	while (next && depth++ < POSIX_DEADLOCK_DEPTH) {
		if (next == owner) {
			spin_unlock(&blocked_lock);
			return false;
		}
		found = NULL;
		list_for_each_entry(pw, &blocked_posix, list) {
			if (pw->owner == next) {
				found = pw->blocker;
				break;
			}
		}
		next = found;
	}
	w->owner = owner;
	w->blocker = blocker;
	list_add(&w->list, &blocked_posix);
	spin_unlock(&blocked_lock);
	return true;
}

static void posix_wait_end(struct posix_waiter *w)
{
	spin_lock(&blocked_lock);
	list_del(&w->list);
	spin_unlock(&blocked_lock);
}

static int posix_lock(struct file_lock_context *ctx, const struct posix_req *req,
		      bool wait, bool ofd)
{
	struct posix_lock *spare[2];
	struct posix_waiter w;
	fl_owner_t blocker;
	int err;

	spare[0] = kmalloc(sizeof(*spare[0]), GFP_KERNEL);
	spare[1] = kmalloc(sizeof(*spare[1]), GFP_KERNEL);
	err = -ENOLCK;
	if (!spare[0] || !spare[1])
		goto out;
	for (;;) {
		err = posix_try(ctx, req, spare, &blocker);
		if (err != -EAGAIN || !wait)
			break;
		if (ofd) {
			err = wait_event_interruptible(ctx->flc_wait, !posix_blocked(ctx, req));
		} else {
			if (!posix_wait_begin(&w, req->owner, blocker)) {
				err = -EDEADLK;
				break;
			}
			err = wait_event_interruptible(ctx->flc_wait, !posix_blocked(ctx, req));
			posix_wait_end(&w);
		}
		if (err)
			break;
	}
out:
	kfree(spare[0]);
	kfree(spare[1]);
	return err;
}

/* Drop every record lock of owner on the inode (close, exit, OFD release). */
static void posix_remove_owner(struct file_lock_context *ctx, fl_owner_t owner)
{
	struct posix_lock *pl, *next;
	bool removed = false;

	spin_lock(&ctx->flc_lock);
	list_for_each_entry_safe(pl, next, &ctx->flc_posix, pl_list) {
		if (pl->pl_owner == owner) {
			list_del(&pl->pl_list);
			kfree(pl);
			removed = true;
		}
	}
	spin_unlock(&ctx->flc_lock);
	if (removed)
		wake_up_all(&ctx->flc_wait);
}

void locks_remove_posix(struct file *file, fl_owner_t owner)
{
	struct file_lock_context *ctx = READ_ONCE(file_inode(file)->i_flctx);

	if (ctx && owner)
		posix_remove_owner(ctx, owner);
}

/*
 * struct flock -> an inclusive byte range: l_start counts from l_whence,
 * l_len 0 reaches past any end of file, a negative l_len covers the bytes
 * before l_start.  EINVAL for a range starting before byte 0, EOVERFLOW
 * for one past what loff_t can hold.
 */
static int flock_range(struct file *file, const struct flock *fl, loff_t *start,
		       loff_t *end)
{
	loff_t base, s, e;

	switch (fl->l_whence) {
	case SEEK_SET:
		base = 0;
		break;
	case SEEK_CUR:
		base = file->f_pos;
		break;
	case SEEK_END:
		base = i_size_read(file_inode(file));
		break;
	default:
		return -EINVAL;
	}
	if (__builtin_add_overflow(base, fl->l_start, &s))
		return -EOVERFLOW;
	if (fl->l_len > 0) {
		if (__builtin_add_overflow(s, fl->l_len - 1, &e))
			return -EOVERFLOW;
	} else if (fl->l_len == 0) {
		e = POSIX_LOCK_EOF;
	} else {
		e = s - 1;
		if (__builtin_add_overflow(s, fl->l_len, &s))
			return -EINVAL;
	}
	if (s < 0)
		return -EINVAL;
	*start = s;
	*end = e;
	return 0;
}

static bool is_ofd_cmd(unsigned int cmd)
{
	return cmd == F_OFD_GETLK || cmd == F_OFD_SETLK || cmd == F_OFD_SETLKW;
}

/* May this descriptor ask for a lock of this type?  F_GETLK: any real lock. */
static int posix_type_check(struct file *file, int type, bool query)
{
	switch (type) {
	case F_RDLCK:
		return query || (file->f_mode & FMODE_READ) ? 0 : -EBADF;
	case F_WRLCK:
		return query || (file->f_mode & FMODE_WRITE) ? 0 : -EBADF;
	case F_UNLCK:
		return query ? -EINVAL : 0;
	}
	return -EINVAL;
}

/*
 * Read and check the user's struct flock, turn it into a request and
 * find the inode's lock context (*ctx).
 */
static int posix_req_from_user(struct file *file, unsigned int cmd, void *arg, bool query,
			       struct flock *fl, struct posix_req *req,
			       struct file_lock_context **ctx)
{
	int err;

	if (copy_from_user(fl, arg, sizeof(*fl)))
		return -EFAULT;
	if (is_ofd_cmd(cmd)) {
		/* Reserved for the future: must be 0 (fcntl(2)). */
		if (fl->l_pid != 0)
			return -EINVAL;
		req->owner = file;
		req->pid = -1;
	} else {
		req->owner = current->files;
		req->pid = current->tgid;
	}
	req->type = fl->l_type;
	err = posix_type_check(file, req->type, query);
	if (err)
		return err;
	err = flock_range(file, fl, &req->start, &req->end);
	if (err)
		return err;
	*ctx = locks_get_context(file_inode(file));
	return *ctx ? 0 : -ENOLCK;
}

/* F_GETLK: the first other owner's lock in the way, or l_type F_UNLCK. */
long fcntl_getlk(struct file *file, unsigned int cmd, void *arg)
{
	struct file_lock_context *ctx;
	struct posix_lock *pl;
	struct posix_req req;
	struct flock fl;
	int err;

	err = posix_req_from_user(file, cmd, arg, true, &fl, &req, &ctx);
	if (err)
		return err;
	fl.l_type = F_UNLCK;
	spin_lock(&ctx->flc_lock);
	pl = posix_conflict(ctx, &req);
	if (pl) {
		fl.l_type = pl->pl_write ? F_WRLCK : F_RDLCK;
		fl.l_whence = SEEK_SET;
		fl.l_start = pl->pl_start;
		fl.l_len = pl->pl_end == POSIX_LOCK_EOF ? 0 : pl->pl_end - pl->pl_start + 1;
		fl.l_pid = pl->pl_pid;
	}
	spin_unlock(&ctx->flc_lock);
	if (copy_to_user(arg, &fl, sizeof(fl)))
		return -EFAULT;
	return 0;
}

/* F_SETLK, F_SETLKW and their OFD forms: take, change or drop a lock. */
long fcntl_setlk(struct file *file, unsigned int cmd, void *arg)
{
	struct file_lock_context *ctx;
	struct posix_req req;
	struct flock fl;
	int err;

	err = posix_req_from_user(file, cmd, arg, false, &fl, &req, &ctx);
	if (err)
		return err;
	return posix_lock(ctx, &req, cmd == F_SETLKW || cmd == F_OFD_SETLKW,
			  is_ofd_cmd(cmd));
}

void locks_remove_file(struct file *file)
{
	struct file_lock_context *ctx = READ_ONCE(file_inode(file)->i_flctx);

	if (!ctx)
		return;
	flock_unlock(ctx, file);
	posix_remove_owner(ctx, file);
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
