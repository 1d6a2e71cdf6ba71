// SPDX-License-Identifier: GPL-2.0-only
/*
 * inotify(7): watches on files and directories, reported as records read
 * from a file descriptor.  Built on the fsnotify core: an inotify
 * descriptor is a group, each watch a mark on one inode.
 *
 * What the ABI asks for (inotify(7), inotify_add_watch(2)):
 *  - read(2) returns whole struct inotify_event records, names padded
 *    with NULs; a buffer too small for the first record is EINVAL.  An
 *    empty queue blocks, or is EAGAIN with IN_NONBLOCK.  poll/epoll see
 *    POLLIN while events wait; FIONREAD says how many bytes.
 *  - A new event equal to the last one queued (same watch, mask, cookie
 *    and name) is dropped.  At fs.inotify.max_queued_events one
 *    IN_Q_OVERFLOW record (wd -1) is queued and further events are lost.
 *  - Watching an inode twice returns the same descriptor and replaces its
 *    mask (or adds to it, IN_MASK_ADD; IN_MASK_CREATE makes it EEXIST).
 *    When a watch goes (inotify_rm_watch, IN_ONESHOT after its event, the
 *    inode deleted, the file system unmounted) IN_IGNORED is queued.
 *  - Per real user: fs.inotify.max_user_instances descriptors (EMFILE)
 *    and fs.inotify.max_user_watches watches (ENOSPC).
 *
 * Interface: the system calls inotify_init, inotify_init1,
 * inotify_add_watch, inotify_rm_watch, and the fs.inotify sysctls.
 *
 * Locking: the fsnotify callbacks below run under fsnotify_lock and take
 * inst->lock, which guards the event queue.  inst->watch_mutex serialises
 * watch changes of one instance (the descriptor counter).  users_lock
 * guards the per-user counts.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/mm.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/path.h>
#include <linux/poll.h>
#include <linux/uio.h>
#include <linux/anon_inodes.h>
#include <linux/sysctl.h>
#include <linux/syscalls.h>
#include <linux/fsnotify_backend.h>
#include <uapi/asm-generic/ioctls.h>
#include <asm/uaccess.h>

/* Linux's defaults for the descriptors and queue length. */
static int max_user_instances = 128;
static int max_queued_events = 16384;
/* Set at boot from the memory size, see inotify_user_setup(). */
static int max_user_watches = 8192;

/* What one user holds; freed when both counts reach zero.  users_lock. */
struct inotify_user {
	struct list_head node;
	uid_t uid;
	unsigned int instances;
	unsigned int watches;
};

static DEFINE_SPINLOCK(users_lock);
static LIST_HEAD(users);

/* A queued record; name[] holds len bytes, NUL-padded. */
struct inotify_kevent {
	struct list_head node;		/* inst->events; inst->lock */
	s32 wd;
	u32 mask;
	u32 cookie;
	u32 len;
	char name[];
};

struct inotify_instance {
	struct fsnotify_group group;
	struct inotify_user *user;	/* charged one instance */
	struct mutex watch_mutex;	/* add/remove of watches */
	int last_wd;			/* watch_mutex */
	bool wd_wrapped;		/* watch_mutex: descriptors may be taken */

	spinlock_t lock;		/* the fields below */
	struct list_head events;
	unsigned int nr_events;
	unsigned int max_events;	/* max_queued_events when created */
	unsigned int bytes;		/* what read(2) could return in all */
	struct inotify_kevent *overflow;	/* on events at most once */
	wait_queue_head_t wq;		/* readers and pollers */
};

struct inotify_watch {
	struct fsnotify_mark mark;
	int wd;				/* fixed at creation */
	struct inotify_user *user;	/* charged one watch */
};

static const struct file_operations inotify_fops;

/* ------------------------------------------------------------ accounting */

/* The user's entry, created if need be; users_lock held, @spare consumed. */
static struct inotify_user *user_find(uid_t uid, struct inotify_user **spare)
{
	struct inotify_user *u;

	list_for_each_entry(u, &users, node)
		if (u->uid == uid)
			return u;
	u = *spare;
	*spare = NULL;
	if (u) {
		u->uid = uid;
		list_add(&u->node, &users);
	}
	return u;
}

/* Give back one of @u's instances or watches (@count points into @u). */
static void uncharge(struct inotify_user *u, unsigned int *count)
{
	spin_lock(&users_lock);
	(*count)--;
	if (!u->instances && !u->watches) {
		list_del(&u->node);
		kfree(u);
	}
	spin_unlock(&users_lock);
}

/* Count one more instance for the caller's real uid: EMFILE past the limit. */
static struct inotify_user *charge_instance(void)
{
	struct inotify_user *spare = kzalloc(sizeof(*spare), GFP_KERNEL);
	struct inotify_user *u;

	spin_lock(&users_lock);
	u = user_find(current_uid(), &spare);
	if (!u)
		u = ERR_PTR(-ENOMEM);
	else if (u->instances >= (unsigned int)READ_ONCE(max_user_instances))
		u = ERR_PTR(-EMFILE);
	else
		u->instances++;
	spin_unlock(&users_lock);
	kfree(spare);
	return u;
}

/* The instance's user pays for a watch: ENOSPC past the limit. */
static int charge_watch(struct inotify_user *u)
{
	int err = 0;

	spin_lock(&users_lock);
	if (u->watches >= (unsigned int)READ_ONCE(max_user_watches))
		err = -ENOSPC;
	else
		u->watches++;
	spin_unlock(&users_lock);
	return err;
}


/* ------------------------------------------------------------ the queue */

static struct inotify_instance *group_to_instance(struct fsnotify_group *group)
{
	return container_of(group, struct inotify_instance, group);
}

static struct inotify_watch *mark_to_watch(struct fsnotify_mark *mark)
{
	return container_of(mark, struct inotify_watch, mark);
}

/* Name bytes a record carries: the name, a NUL, padding to a record's size. */
static u32 padded_name_len(unsigned int name_len)
{
	if (!name_len)
		return 0;
	return round_up(name_len + 1, sizeof(struct inotify_event));
}

static unsigned int record_size(const struct inotify_kevent *ev)
{
	return sizeof(struct inotify_event) + ev->len;
}

/* Does the record at the tail say exactly this already?  inst->lock held. */
static bool same_as_last(struct inotify_instance *inst, s32 wd, u32 mask, u32 cookie,
			 const char *name, unsigned int name_len)
{
	struct inotify_kevent *last;

	if (list_empty(&inst->events))
		return false;
	last = list_last_entry(&inst->events, struct inotify_kevent, node);
	if (last->wd != wd || last->mask != mask || last->cookie != cookie)
		return false;
	if (last->len != padded_name_len(name_len))
		return false;
	return !name_len || (!memcmp(last->name, name, name_len) && !last->name[name_len]);
}

static void add_record(struct inotify_instance *inst, struct inotify_kevent *ev)
{
	list_add_tail(&ev->node, &inst->events);
	inst->bytes += record_size(ev);
}

/*
 * Queue a record, under fsnotify_lock (hence GFP_ATOMIC).  A full queue,
 * or no memory, turns into the single overflow record.
 */
static void queue_record(struct inotify_instance *inst, s32 wd, u32 mask, u32 cookie,
			 const char *name, unsigned int name_len)
{
	struct inotify_kevent *ev = NULL;
	u32 len = padded_name_len(name_len);

	spin_lock(&inst->lock);
	if (!list_empty(&inst->overflow->node))
		goto out;		/* events are being lost already */
	if (same_as_last(inst, wd, mask, cookie, name, name_len))
		goto out;
	if (inst->nr_events < inst->max_events)
		ev = kzalloc(sizeof(*ev) + len, GFP_ATOMIC);
	if (!ev) {
		add_record(inst, inst->overflow);
		goto wake;
	}
	ev->wd = wd;
	ev->mask = mask;
	ev->cookie = cookie;
	ev->len = len;
	if (name_len)
		memcpy(ev->name, name, name_len);
	add_record(inst, ev);
	inst->nr_events++;
wake:
	wake_up_poll(&inst->wq, POLLIN | POLLRDNORM);
out:
	spin_unlock(&inst->lock);
}

/* ------------------------------------------------------------ fsnotify callbacks */

static bool inotify_handle_event(struct fsnotify_mark *mark, u32 mask, u32 cookie,
				 const char *name, unsigned int name_len)
{
	struct inotify_watch *watch = mark_to_watch(mark);
	u32 wanted = mask & (mark->mask | IN_ISDIR) & (IN_ALL_EVENTS | IN_UNMOUNT | IN_ISDIR);

	queue_record(group_to_instance(mark->group), watch->wd, wanted, cookie, name, name_len);
	return mark->mask & IN_ONESHOT;
}

static void inotify_mark_detached(struct fsnotify_mark *mark)
{
	queue_record(group_to_instance(mark->group), mark_to_watch(mark)->wd, IN_IGNORED, 0,
		     NULL, 0);
}

static void inotify_free_mark(struct fsnotify_mark *mark)
{
	struct inotify_watch *watch = mark_to_watch(mark);

	uncharge(watch->user, &watch->user->watches);
	kfree(watch);
}

static const struct fsnotify_ops inotify_ops = {
	.handle_event = inotify_handle_event,
	.mark_detached = inotify_mark_detached,
	.free_mark = inotify_free_mark,
};

/* ------------------------------------------------------------ the file */

/* Take the oldest record if it fits in @room bytes; NULL otherwise. */
static struct inotify_kevent *take_record(struct inotify_instance *inst, size_t room,
					  bool *too_big)
{
	struct inotify_kevent *ev = NULL;

	spin_lock(&inst->lock);
	*too_big = false;
	if (!list_empty(&inst->events)) {
		ev = list_first_entry(&inst->events, struct inotify_kevent, node);
		if (record_size(ev) > room) {
			*too_big = true;
			ev = NULL;
		} else {
			list_del_init(&ev->node);
			inst->bytes -= record_size(ev);
			if (ev != inst->overflow)
				inst->nr_events--;
		}
	}
	spin_unlock(&inst->lock);
	return ev;
}

/* Copy one record out and free it; false on a fault (the record is lost). */
static bool copy_record(struct inotify_instance *inst, struct inotify_kevent *ev,
			struct iov_iter *to)
{
	struct inotify_event hdr = {
		.wd = ev->wd, .mask = ev->mask, .cookie = ev->cookie, .len = ev->len,
	};
	bool ok = copy_to_iter(&hdr, sizeof(hdr), to) == sizeof(hdr) &&
		  copy_to_iter(ev->name, ev->len, to) == ev->len;

	if (ev != inst->overflow)
		kfree(ev);
	return ok;
}

static bool inotify_nowait(const struct kiocb *iocb)
{
	return (iocb->ki_filp->f_flags & O_NONBLOCK) || (iocb->ki_flags & IOCB_NOWAIT);
}

static ssize_t inotify_read(struct kiocb *iocb, struct iov_iter *to)
{
	struct inotify_instance *inst = iocb->ki_filp->private_data;
	ssize_t done = 0;
	bool too_big;
	int err;

	for (;;) {
		struct inotify_kevent *ev = take_record(inst, iov_iter_count(to), &too_big);

		if (ev) {
			size_t size = record_size(ev);

			if (!copy_record(inst, ev, to))
				return done ? done : -EFAULT;
			done += size;
			continue;
		}
		if (done)
			return done;
		if (too_big)
			return -EINVAL;
		if (inotify_nowait(iocb))
			return -EAGAIN;
		err = wait_event_interruptible(inst->wq, !list_empty(&inst->events));
		if (err)
			return err;
	}
}

static __poll_t inotify_poll(struct file *file, poll_table *pt)
{
	struct inotify_instance *inst = file->private_data;

	poll_wait(file, &inst->wq, pt);
	return list_empty(&inst->events) ? 0 : POLLIN | POLLRDNORM;
}

static long inotify_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct inotify_instance *inst = file->private_data;
	unsigned int bytes;

	if (cmd != FIONREAD)
		return -EINVAL;
	spin_lock(&inst->lock);
	bytes = inst->bytes;
	spin_unlock(&inst->lock);
	return put_user((int)bytes, (int *)arg);
}

static void free_instance(struct inotify_instance *inst)
{
	struct inotify_kevent *ev, *next;

	list_for_each_entry_safe(ev, next, &inst->events, node)
		if (ev != inst->overflow)
			kfree(ev);
	kfree(inst->overflow);
	uncharge(inst->user, &inst->user->instances);
	kfree(inst);
}

static int inotify_release(struct inode *inode, struct file *file)
{
	struct inotify_instance *inst = file->private_data;

	/* No callback can reach the instance once its marks are gone. */
	fsnotify_destroy_group(&inst->group);
	free_instance(inst);
	return 0;
}

static const struct file_operations inotify_fops = {
	.llseek = no_llseek,
	.read_iter = inotify_read,
	.poll = inotify_poll,
	.unlocked_ioctl = inotify_ioctl,
	.release = inotify_release,
};

/* ------------------------------------------------------------ system calls */

static struct inotify_instance *alloc_instance(void)
{
	struct inotify_instance *inst = kzalloc(sizeof(*inst), GFP_KERNEL);
	struct inotify_user *u;

	if (!inst)
		return ERR_PTR(-ENOMEM);
	inst->overflow = kzalloc(sizeof(*inst->overflow), GFP_KERNEL);
	if (!inst->overflow) {
		kfree(inst);
		return ERR_PTR(-ENOMEM);
	}
	u = charge_instance();
	if (IS_ERR(u)) {
		kfree(inst->overflow);
		kfree(inst);
		return ERR_CAST(u);
	}
	inst->user = u;
	fsnotify_init_group(&inst->group, &inotify_ops);
	mutex_init(&inst->watch_mutex);
	spin_lock_init(&inst->lock);
	INIT_LIST_HEAD(&inst->events);
	init_waitqueue_head(&inst->wq);
	inst->max_events = READ_ONCE(max_queued_events);
	INIT_LIST_HEAD(&inst->overflow->node);
	inst->overflow->wd = -1;
	inst->overflow->mask = IN_Q_OVERFLOW;
	return inst;
}

static int do_inotify_init(int flags)
{
	struct inotify_instance *inst;
	int fd;

	if (flags & ~(IN_CLOEXEC | IN_NONBLOCK))
		return -EINVAL;
	inst = alloc_instance();
	if (IS_ERR(inst))
		return PTR_ERR(inst);
	/* IN_CLOEXEC and IN_NONBLOCK are O_CLOEXEC and O_NONBLOCK. */
	fd = anon_inode_getfd("inotify", &inotify_fops, inst, O_RDONLY | flags);
	if (fd < 0)
		free_instance(inst);
	return fd;
}

SYSCALL_DEFINE1(inotify_init1, int, flags)
{
	return do_inotify_init(flags);
}

SYSCALL_DEFINE0(inotify_init)
{
	return do_inotify_init(0);
}

/* Everything a mask may hold; none of it at all is EINVAL. */
#define INOTIFY_MASK_BITS	(IN_ALL_EVENTS | IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK | \
				 IN_MASK_CREATE | IN_MASK_ADD | IN_ONESHOT)
/* What a watch keeps of the mask; everyone hears of an unmount. */
#define INOTIFY_KEPT_BITS	(IN_ALL_EVENTS | IN_EXCL_UNLINK | IN_ONESHOT)

/* The next free watch descriptor, counting up from 1.  watch_mutex held. */
static int next_wd(struct inotify_instance *inst)
{
	struct fsnotify_mark *mark;
	bool taken;

	do {
		if (inst->last_wd == INT_MAX) {
			inst->last_wd = 0;
			inst->wd_wrapped = true;
		}
		inst->last_wd++;
		taken = false;
		if (!inst->wd_wrapped)
			break;
		spin_lock(&fsnotify_lock);
		list_for_each_entry(mark, &inst->group.marks, group_node)
			taken |= mark_to_watch(mark)->wd == inst->last_wd;
		spin_unlock(&fsnotify_lock);
	} while (taken);
	return inst->last_wd;
}

/* A watch already on @inode gets the new mask: its descriptor, or -ENOENT. */
static int update_watch(struct inotify_instance *inst, struct inode *inode, u32 mask)
{
	struct fsnotify_mark *mark;
	int ret = -ENOENT;

	spin_lock(&fsnotify_lock);
	mark = fsnotify_find_mark_locked(&inst->group, inode);
	if (mark && (mask & IN_MASK_CREATE)) {
		ret = -EEXIST;
	} else if (mark) {
		u32 kept = (mask & INOTIFY_KEPT_BITS) | IN_UNMOUNT;

		if (mask & IN_MASK_ADD)
			kept |= mark->mask;
		fsnotify_set_mask_locked(mark, kept);
		ret = mark_to_watch(mark)->wd;
	}
	spin_unlock(&fsnotify_lock);
	return ret;
}

static int add_watch(struct inotify_instance *inst, struct inode *inode, u32 mask)
{
	struct inotify_watch *watch;
	int ret;

	mutex_lock(&inst->watch_mutex);
	ret = update_watch(inst, inode, mask);
	if (ret != -ENOENT)
		goto out;
	ret = charge_watch(inst->user);
	if (ret)
		goto out;
	watch = kzalloc(sizeof(*watch), GFP_KERNEL);
	if (!watch) {
		uncharge(inst->user, &inst->user->watches);
		ret = -ENOMEM;
		goto out;
	}
	watch->user = inst->user;
	watch->wd = next_wd(inst);
	fsnotify_add_mark(&watch->mark, &inst->group, inode,
			  (mask & INOTIFY_KEPT_BITS) | IN_UNMOUNT);
	ret = watch->wd;
out:
	mutex_unlock(&inst->watch_mutex);
	return ret;
}

/* The instance behind descriptor @fd (referenced in @f), or an errno. */
static struct inotify_instance *instance_get(int fd, struct fd *f)
{
	*f = fdget(fd);
	if (!f->file)
		return ERR_PTR(-EBADF);
	if (f->file->f_op != &inotify_fops) {
		fdput(*f);
		return ERR_PTR(-EINVAL);
	}
	return f->file->private_data;
}

SYSCALL_DEFINE3(inotify_add_watch, int, fd, const char *, pathname, u32, mask)
{
	unsigned int lookup = 0;
	struct inotify_instance *inst;
	struct path path;
	struct fd f;
	int ret;

	if ((mask & IN_MASK_ADD) && (mask & IN_MASK_CREATE))
		return -EINVAL;
	if (!(mask & INOTIFY_MASK_BITS))
		return -EINVAL;
	inst = instance_get(fd, &f);
	if (IS_ERR(inst))
		return PTR_ERR(inst);
	if (!(mask & IN_DONT_FOLLOW))
		lookup |= LOOKUP_FOLLOW;
	if (mask & IN_ONLYDIR)
		lookup |= LOOKUP_DIRECTORY;
	ret = user_path_at(AT_FDCWD, pathname, lookup, &path);
	if (ret)
		goto out;
	/* Watching is a way of reading: the caller must be able to. */
	ret = inode_permission(d_inode(path.dentry), MAY_READ);
	if (!ret)
		ret = add_watch(inst, d_inode(path.dentry), mask);
	path_put(&path);
out:
	fdput(f);
	return ret;
}

SYSCALL_DEFINE2(inotify_rm_watch, int, fd, s32, wd)
{
	struct inotify_instance *inst;
	struct fsnotify_mark *mark, *found = NULL;
	LIST_HEAD(dead);
	struct fd f;

	inst = instance_get(fd, &f);
	if (IS_ERR(inst))
		return PTR_ERR(inst);
	mutex_lock(&inst->watch_mutex);
	spin_lock(&fsnotify_lock);
	list_for_each_entry(mark, &inst->group.marks, group_node) {
		if (mark_to_watch(mark)->wd == wd) {
			found = mark;
			break;
		}
	}
	if (found)
		fsnotify_detach_mark_locked(found, &dead);
	spin_unlock(&fsnotify_lock);
	mutex_unlock(&inst->watch_mutex);
	fsnotify_free_marks(&dead);
	fdput(f);
	return found ? 0 : -EINVAL;
}

/* ------------------------------------------------------------ sysctls */

static struct ctl_table inotify_table[] = {
	{ .procname = "max_user_instances", .data = &max_user_instances,
	  .maxlen = sizeof(int), .mode = 0644, .proc_handler = proc_dointvec_minmax,
	  .extra1 = SYSCTL_ZERO },
	{ .procname = "max_user_watches", .data = &max_user_watches,
	  .maxlen = sizeof(int), .mode = 0644, .proc_handler = proc_dointvec_minmax,
	  .extra1 = SYSCTL_ZERO },
	{ .procname = "max_queued_events", .data = &max_queued_events,
	  .maxlen = sizeof(int), .mode = 0644, .proc_handler = proc_dointvec_minmax,
	  .extra1 = SYSCTL_ZERO },
	{ }
};

/*
 * A watch keeps its inode in memory, about a kilobyte with the mark; let
 * a user's watches take up to 1% of RAM, within Linux's bounds of 8192
 * and 1048576.
 */
#define INOTIFY_WATCH_BYTES	1024

static int __init inotify_user_setup(void)
{
	unsigned long ram = totalram_pages() * PAGE_SIZE;

	max_user_watches = clamp_t(unsigned long, ram / 100 / INOTIFY_WATCH_BYTES, 8192,
				   1048576);
	if (!register_sysctl("fs/inotify", inotify_table))
		pr_err("inotify: cannot register fs.inotify sysctls\n");
	return 0;
}
fs_initcall(inotify_user_setup);
