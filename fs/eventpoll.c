// SPDX-License-Identifier: GPL-2.0-only
/*
 * epoll(7): epoll_create(2), epoll_create1(2), epoll_ctl(2),
 * epoll_wait(2), epoll_pwait(2) and epoll_pwait2(2).
 *
 * An epoll instance (struct eventpoll, the private data of an
 * anon_inode:[eventpoll] file) holds an interest list of items, one per
 * (file, descriptor number) pair, and a ready list.  Adding an item calls
 * the target's ->poll once with a poll_table whose queue procedure
 * (ep_queue_proc()) hangs a hook, a wait queue entry with our own wake
 * function, on every queue the file names.  When the file wakes such a
 * queue with events the item wants, ep_hook_wake() puts the item on the
 * ready list and wakes epoll_wait() sleepers.  epoll_wait() then takes
 * the ready list, asks each item's ->poll again for the events that hold
 * *now*, and copies those out:
 *
 *  - level-triggered items go back on the ready list after they were
 *    reported, so the next call asks again;
 *  - EPOLLET items leave it until their file wakes them again;
 *  - EPOLLONESHOT items are disarmed (all event bits cleared) after one
 *    report, until EPOLL_CTL_MOD arms them again;
 *  - EPOLLEXCLUSIVE items hook on as exclusive waiters, so one wakeup of
 *    the file reaches only one such epoll instance that has a sleeper.
 *
 * An item does not hold a reference on its file.  The last fput() of a
 * file calls eventpoll_release_file(), which removes every item of that
 * file from every instance; so closing one of several descriptors of a
 * file leaves the item in place (and EPOLL_CTL_DEL by that number then
 * fails with EBADF), as on Linux.
 *
 * An epoll file is pollable (readable while some item has an event), so
 * instances nest.  Its ->poll asks the items' files and so takes ep->mtx:
 * unlike most ->poll methods it may sleep, which its callers (poll,
 * select and epoll itself, all in process context) allow.  Adding an epoll file to another is refused with ELOOP
 * if it would close a cycle or make a chain of more than EP_MAX_NESTS + 1
 * instances.
 *
 * Locking, outermost first:
 *   ep_nest_mutex   adding or removing items whose target is an epoll
 *                   file, and the loop check; also held while files and
 *                   instances are torn down, so neither goes away under
 *                   the other.  Guards every ep->nested list.
 *   ep->mtx         the interest tree, item events and data, and the
 *                   scan of the ready list (epoll_wait, ->poll).  Nested
 *                   instances take their mutexes outer to inner.
 *   file->f_lock    the target's f_ep list of items.
 *   ep->lock        irq-safe: the ready list and every item's ready_link,
 *                   and item->events as the wake function reads it.  Wake
 *                   functions run under the woken queue's lock, possibly
 *                   in interrupt context (timer callbacks), and take it.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/list.h>
#include <linux/rbtree.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/rcupdate.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/poll.h>
#include <linux/anon_inodes.h>
#include <linux/eventpoll.h>
#include <linux/syscalls.h>
#include <uapi/linux/time_types.h>
#include <asm/uaccess.h>

/*
 * How deep instances may nest: a chain of EP_MAX_NESTS + 1 instances,
 * each watching the next, is the longest allowed (Linux's limit; the man
 * page calls it a nesting depth of 5).
 */
#define EP_MAX_NESTS		4

/* epoll_wait()'s maxevents must keep the buffer size within an int. */
#define EP_MAX_EVENTS		(INT_MAX / (int)sizeof(struct epoll_event))

/* Item flags that are not events: they never show in a report. */
#define EP_PRIVATE_BITS		(EPOLLWAKEUP | EPOLLONESHOT | EPOLLET | EPOLLEXCLUSIVE)

/* What epoll_ctl(2) allows next to EPOLLEXCLUSIVE. */
#define EP_EXCLUSIVE_OK		(EPOLLIN | EPOLLOUT | EPOLLERR | EPOLLHUP | EPOLLWAKEUP | \
				 EPOLLET | EPOLLEXCLUSIVE)

struct eventpoll {
	struct mutex mtx;
	spinlock_t lock;
	wait_queue_head_t wq;		/* epoll_wait() sleepers, exclusive */
	wait_queue_head_t poll_wait;	/* pollers of the epoll file itself */
	struct list_head ready;		/* lock: items that may have events */
	struct rb_root items;		/* mtx: every item, by (file, fd) */
	struct list_head nested;	/* ep_nest_mutex: items watching epoll files */
	struct file *file;		/* the epoll file; set once at creation */
	/* ep_nest_mutex: one loop check's memory of this instance */
	unsigned long check_gen;
	int depth_below, depth_above;
};

struct epitem;

/* One wait queue an item's file asked us to wait on. */
struct ep_hook {
	wait_queue_entry_t wait;
	/* NULL once its owner tore the queue down (POLLFREE); RCU-read */
	wait_queue_head_t *whead;
	struct epitem *item;
	struct ep_hook *next;
};

struct epitem {
	struct rb_node node;		/* in ep->items; ep->mtx */
	struct list_head ready_link;	/* on ep->ready or empty; ep->lock */
	struct hlist_node file_link;	/* on file->f_ep; file->f_lock */
	struct list_head nest_link;	/* on ep->nested for epoll targets */
	struct eventpoll *ep;
	struct file *file;		/* not referenced; see the file comment */
	int fd;
	__poll_t events;		/* changed under ep->mtx and ep->lock */
	u64 data;			/* ep->mtx */
	struct ep_hook *hooks;		/* ep->mtx */
};

/* A poll_table that registers hooks for one item. */
struct ep_pqueue {
	poll_table pt;
	struct epitem *item;
	int error;
};

static DEFINE_MUTEX(ep_nest_mutex);
static unsigned long ep_check_gen;	/* ep_nest_mutex */

static const struct file_operations eventpoll_fops;

static bool is_file_epoll(const struct file *file)
{
	return file->f_op == &eventpoll_fops;
}

/* ------------------------------------------------------------ the interest tree */

static int ep_key_cmp(const struct file *f1, int fd1, const struct epitem *item)
{
	if (f1 != item->file)
		return f1 < item->file ? -1 : 1;
	return fd1 == item->fd ? 0 : (fd1 < item->fd ? -1 : 1);
}

/* ep->mtx held. */
static struct epitem *ep_find(struct eventpoll *ep, struct file *file, int fd)
{
	struct rb_node *n = ep->items.rb_node;

	while (n) {
		struct epitem *item = rb_entry(n, struct epitem, node);
		int c = ep_key_cmp(file, fd, item);

		if (!c)
			return item;
		n = c < 0 ? n->rb_left : n->rb_right;
	}
	return NULL;
}

static void ep_tree_insert(struct eventpoll *ep, struct epitem *item)
{
	struct rb_node **slot = &ep->items.rb_node, *parent = NULL;

	while (*slot) {
		parent = *slot;
		if (ep_key_cmp(item->file, item->fd, rb_entry(parent, struct epitem, node)) < 0)
			slot = &parent->rb_left;
		else
			slot = &parent->rb_right;
	}
	rb_link_node(&item->node, parent, slot);
	rb_insert_color(&item->node, &ep->items);
}

/* ------------------------------------------------------------ wakeups */

/* Wake the instance's sleepers, and whoever polls the epoll file. */
static void ep_wake(struct eventpoll *ep)
{
	wake_up(&ep->wq);
	if (wq_has_sleeper(&ep->poll_wait))
		wake_up_poll(&ep->poll_wait, POLLIN | POLLRDNORM);
}

/*
 * The wake function of every hook: the item's file has news.  Runs under
 * the file's queue lock, maybe in interrupt context.  An item is readied
 * if the events (the wakeup key; none means any) concern it and it is
 * not a disarmed one-shot.  For exclusive hooks the return value says
 * whether the wakeup was spent (someone was waiting here), so that a
 * wakeup passes over instances nobody waits on.
 */
static int ep_hook_wake(wait_queue_entry_t *wait, unsigned int mode, int sync, void *key)
{
	struct ep_hook *hook = container_of(wait, struct ep_hook, wait);
	struct epitem *item = hook->item;
	struct eventpoll *ep = item->ep;
	__poll_t events = (__poll_t)(unsigned long)key;
	bool readied = false, waiters = false;
	unsigned long flags;
	int spent;

	spin_lock_irqsave(&ep->lock, flags);
	if ((item->events & ~EP_PRIVATE_BITS) && (!events || (events & item->events))) {
		if (list_empty(&item->ready_link))
			list_add_tail(&item->ready_link, &ep->ready);
		readied = true;
		waiters = waitqueue_active(&ep->wq) || waitqueue_active(&ep->poll_wait);
	}
	spin_unlock_irqrestore(&ep->lock, flags);
	if (readied)
		ep_wake(ep);
	spent = (item->events & EPOLLEXCLUSIVE) ? waiters : readied;

	if (events & POLLFREE) {
		/*
		 * The queue is being freed: leave it now.  Clearing whead comes
		 * last; from then on ep_unhook() may free the hook at once.
		 */
		list_del_init(&wait->entry);
		smp_store_release(&hook->whead, NULL);
	}
	return spent;
}

/* The queue procedure of ep_insert()'s poll_table: one hook per queue. */
static void ep_queue_proc(struct file *file, wait_queue_head_t *whead, poll_table *pt)
{
	struct ep_pqueue *pq = container_of(pt, struct ep_pqueue, pt);
	struct epitem *item = pq->item;
	struct ep_hook *hook;

	if (pq->error)
		return;
	hook = kzalloc(sizeof(*hook), GFP_KERNEL);
	if (!hook) {
		pq->error = -ENOMEM;
		return;
	}
	init_waitqueue_func_entry(&hook->wait, ep_hook_wake);
	hook->whead = whead;
	hook->item = item;
	hook->next = item->hooks;
	item->hooks = hook;
	if (item->events & EPOLLEXCLUSIVE)
		add_wait_queue_exclusive(whead, &hook->wait);
	else
		add_wait_queue(whead, &hook->wait);
}

/*
 * Take every hook off its queue.  Once remove_wait_queue() returns no
 * wake function of the hook runs any more; a queue torn down meanwhile
 * (POLLFREE) stays readable under RCU until its owner's grace period.
 */
static void ep_unhook(struct epitem *item)
{
	struct ep_hook *hook;

	while ((hook = item->hooks)) {
		wait_queue_head_t *whead;

		item->hooks = hook->next;
		rcu_read_lock();
		whead = smp_load_acquire(&hook->whead);
		if (whead)
			remove_wait_queue(whead, &hook->wait);
		rcu_read_unlock();
		kfree(hook);
	}
}

/* What the item's file reports now, of the events the item wants. */
static __poll_t ep_item_poll(struct epitem *item, poll_table *pt)
{
	pt->_key = item->events;
	return vfs_poll(item->file, pt) & item->events;
}

/* Put an item on the ready list (at the tail) unless it is there. */
static void ep_queue_ready(struct eventpoll *ep, struct epitem *item)
{
	spin_lock_irq(&ep->lock);
	if (list_empty(&item->ready_link))
		list_add_tail(&item->ready_link, &ep->ready);
	spin_unlock_irq(&ep->lock);
}

/* ------------------------------------------------------------ items */

/*
 * Drop an item: ep->mtx held, and ep_nest_mutex too if its target is an
 * epoll file.
 */
static void ep_remove(struct eventpoll *ep, struct epitem *item)
{
	struct file *file = item->file;

	ep_unhook(item);
	spin_lock(&file->f_lock);
	hlist_del_init(&item->file_link);
	spin_unlock(&file->f_lock);
	if (!list_empty(&item->nest_link))
		list_del_init(&item->nest_link);
	rb_erase(&item->node, &ep->items);
	spin_lock_irq(&ep->lock);
	list_del_init(&item->ready_link);
	spin_unlock_irq(&ep->lock);
	kfree(item);
}

/* ep->mtx held (and ep_nest_mutex for an epoll target). */
static int ep_insert(struct eventpoll *ep, const struct epoll_event *ev, struct file *file,
		     int fd)
{
	struct epitem *item = kzalloc(sizeof(*item), GFP_KERNEL);
	struct ep_pqueue pq;
	__poll_t ready;

	if (!item)
		return -ENOMEM;
	INIT_LIST_HEAD(&item->ready_link);
	INIT_LIST_HEAD(&item->nest_link);
	item->ep = ep;
	item->file = file;
	item->fd = fd;
	item->events = ev->events | EPOLLERR | EPOLLHUP;
	item->data = ev->data;

	ep_tree_insert(ep, item);
	spin_lock(&file->f_lock);
	hlist_add_head(&item->file_link, &file->f_ep);
	spin_unlock(&file->f_lock);
	if (is_file_epoll(file))
		list_add(&item->nest_link, &ep->nested);

	/* Hooks go on in this poll; they may fire before it returns. */
	pq.item = item;
	pq.error = 0;
	init_poll_funcptr(&pq.pt, ep_queue_proc);
	ready = ep_item_poll(item, &pq.pt);
	if (pq.error) {
		ep_remove(ep, item);
		return pq.error;
	}
	if (ready) {
		ep_queue_ready(ep, item);
		ep_wake(ep);
	}
	return 0;
}

/* New events and data for an item (ep->mtx held); re-arms one-shots. */
static void ep_modify(struct eventpoll *ep, struct epitem *item, const struct epoll_event *ev)
{
	poll_table pt;

	spin_lock_irq(&ep->lock);
	item->events = ev->events | EPOLLERR | EPOLLHUP;
	spin_unlock_irq(&ep->lock);
	item->data = ev->data;

	/* Already ready for the new events: nobody would wake it for those. */
	init_poll_funcptr(&pt, NULL);
	if (ep_item_poll(item, &pt)) {
		ep_queue_ready(ep, item);
		ep_wake(ep);
	}
}

/* ------------------------------------------------------------ loop check */

/*
 * Instances that sit below ep, ep included, on the longest chain; -ELOOP
 * if target is among them.  Memoised per check (ep_nest_mutex held).
 */
static int ep_depth_below(struct eventpoll *ep, struct eventpoll *target)
{
	struct epitem *item;
	int deepest = 0;

	if (ep == target)
		return -ELOOP;
	if (ep->check_gen == ep_check_gen && ep->depth_below)
		return ep->depth_below;
	list_for_each_entry(item, &ep->nested, nest_link) {
		int d = ep_depth_below(item->file->private_data, target);

		if (d < 0)
			return d;
		deepest = max(deepest, d);
	}
	if (ep->check_gen != ep_check_gen) {
		ep->check_gen = ep_check_gen;
		ep->depth_above = 0;
	}
	ep->depth_below = deepest + 1;
	return ep->depth_below;
}

/* Instances watching ep, directly or not, on the longest chain, ep included. */
static int ep_depth_above(struct eventpoll *ep)
{
	struct epitem *item;
	int deepest = 0;

	if (ep->check_gen == ep_check_gen && ep->depth_above)
		return ep->depth_above;
	/* Items on an epoll file's f_ep all change under ep_nest_mutex. */
	hlist_for_each_entry(item, &ep->file->f_ep, file_link)
		deepest = max(deepest, ep_depth_above(item->ep));
	if (ep->check_gen != ep_check_gen) {
		ep->check_gen = ep_check_gen;
		ep->depth_below = 0;
	}
	ep->depth_above = deepest + 1;
	return ep->depth_above;
}

/* May ep watch the instance sub?  0 or -ELOOP (ep_nest_mutex held). */
static int ep_loop_check(struct eventpoll *ep, struct eventpoll *sub)
{
	int below, above;

	ep_check_gen++;
	below = ep_depth_below(sub, ep);
	if (below < 0)
		return below;
	above = ep_depth_above(ep);
	return above + below > EP_MAX_NESTS + 1 ? -ELOOP : 0;
}

/* ------------------------------------------------------------ reporting */

/*
 * Where reported events go: user memory for the system calls, a kernel
 * array for the self tests.  0, or -EFAULT.
 */
typedef int (*ep_emit_t)(void *buf, int idx, const struct epoll_event *ev);

static int ep_emit_user(void *buf, int idx, const struct epoll_event *ev)
{
	struct epoll_event *uevents = buf;

	return copy_to_user(&uevents[idx], ev, sizeof(*ev)) ? -EFAULT : 0;
}

/*
 * Move up to maxevents ready events to user space; the count, or -EFAULT
 * if not even the first could be stored.  Items are taken off the ready
 * list one at a time before their file is asked, so a wakeup during the
 * question puts them back rather than being lost.
 */
static int ep_send_events(struct eventpoll *ep, void *buf, int maxevents, ep_emit_t emit)
{
	LIST_HEAD(batch);
	poll_table pt;
	int sent = 0;

	init_poll_funcptr(&pt, NULL);
	mutex_lock(&ep->mtx);
	spin_lock_irq(&ep->lock);
	list_splice_init(&ep->ready, &batch);
	spin_unlock_irq(&ep->lock);

	while (sent < maxevents && !list_empty(&batch)) {
		struct epitem *item = list_first_entry(&batch, struct epitem, ready_link);
		struct epoll_event ev;

		spin_lock_irq(&ep->lock);
		list_del_init(&item->ready_link);
		spin_unlock_irq(&ep->lock);

		ev.events = ep_item_poll(item, &pt);
		if (!ev.events)
			continue;	/* its next wakeup brings it back */
		ev.data = item->data;
		if (emit(buf, sent, &ev)) {
			ep_queue_ready(ep, item);
			if (!sent)
				sent = -EFAULT;
			break;
		}
		sent++;
		if (item->events & EPOLLONESHOT) {
			spin_lock_irq(&ep->lock);
			item->events &= EP_PRIVATE_BITS;
			spin_unlock_irq(&ep->lock);
		} else if (!(item->events & EPOLLET)) {
			/* Level-triggered: ask again next time. */
			ep_queue_ready(ep, item);
		}
	}

	/* What was not looked at goes back to the front, in order. */
	spin_lock_irq(&ep->lock);
	list_splice(&batch, &ep->ready);
	spin_unlock_irq(&ep->lock);
	mutex_unlock(&ep->mtx);

	/* Events are left: another sleeper may take them. */
	if (!list_empty_careful(&ep->ready))
		wake_up(&ep->wq);
	return sent;
}

/* Does any item have an event now?  For the epoll file's ->poll. */
static bool ep_has_events(struct eventpoll *ep)
{
	LIST_HEAD(batch);
	struct epitem *item;
	poll_table pt;
	bool found = false;

	init_poll_funcptr(&pt, NULL);
	mutex_lock(&ep->mtx);
	/* Parked on batch, items are left alone by wake functions. */
	spin_lock_irq(&ep->lock);
	list_splice_init(&ep->ready, &batch);
	spin_unlock_irq(&ep->lock);
	list_for_each_entry(item, &batch, ready_link) {
		if (ep_item_poll(item, &pt)) {
			found = true;
			break;
		}
	}
	spin_lock_irq(&ep->lock);
	list_splice(&batch, &ep->ready);
	spin_unlock_irq(&ep->lock);
	mutex_unlock(&ep->mtx);
	return found;
}

/* When epoll_wait() gives up: never, at once, or at a ktime_get_ns() time. */
struct ep_timeout {
	bool forever;
	bool zero;
	u64 deadline;
};

static int ep_timeout_set(struct ep_timeout *to, s64 sec, s64 nsec)
{
	u64 now;

	if (sec < 0 || nsec < 0 || nsec >= (s64)NSEC_PER_SEC)
		return -EINVAL;
	to->forever = false;
	to->zero = !sec && !nsec;
	now = ktime_get_ns();
	if ((u64)sec >= (U64_MAX - now) / NSEC_PER_SEC)
		to->forever = true;
	else
		to->deadline = now + (u64)sec * NSEC_PER_SEC + nsec;
	return 0;
}

/*
 * Report events, sleeping for the first one as the timeout allows.
 * Returns the count, 0 on timeout, -EINTR when a signal came first
 * (epoll_wait is never restarted), or -EFAULT.
 */
static int ep_wait(struct eventpoll *ep, void *buf, int maxevents, const struct ep_timeout *to,
		   ep_emit_t emit)
{
	struct wait_queue_entry wait;

	for (;;) {
		int sent = ep_send_events(ep, buf, maxevents, emit);
		long left = MAX_SCHEDULE_TIMEOUT;

		if (sent)
			return sent;
		if (to->zero)
			return 0;
		if (signal_pending(current))
			return -EINTR;
		if (!to->forever) {
			u64 now = ktime_get_ns();

			if (now >= to->deadline)
				return 0;
			left = nsecs_to_jiffies(to->deadline - now);
		}
		init_wait_entry(&wait, WQ_FLAG_EXCLUSIVE);
		prepare_to_wait_exclusive(&ep->wq, &wait, TASK_INTERRUPTIBLE);
		/* After the state is set: a wake function readying an item now wakes us. */
		if (list_empty_careful(&ep->ready) && !signal_pending(current))
			schedule_timeout(left);
		finish_wait(&ep->wq, &wait);
	}
}

/* ------------------------------------------------------------ the epoll file */

static __poll_t ep_eventpoll_poll(struct file *file, poll_table *pt)
{
	struct eventpoll *ep = file->private_data;

	poll_wait(file, &ep->poll_wait, pt);
	return ep_has_events(ep) ? POLLIN | POLLRDNORM : 0;
}

static int ep_eventpoll_release(struct inode *inode, struct file *file)
{
	struct eventpoll *ep = file->private_data;
	struct rb_node *n;

	mutex_lock(&ep_nest_mutex);
	mutex_lock(&ep->mtx);
	while ((n = rb_first(&ep->items)))
		ep_remove(ep, rb_entry(n, struct epitem, node));
	mutex_unlock(&ep->mtx);
	mutex_unlock(&ep_nest_mutex);
	kfree(ep);
	return 0;
}

static const struct file_operations eventpoll_fops = {
	.llseek = no_llseek,
	.poll = ep_eventpoll_poll,
	.release = ep_eventpoll_release,
};

/*
 * The file's last reference is gone: no epoll_ctl() can name it any
 * more, and instances cannot go away while ep_nest_mutex is held, so the
 * first item on f_ep stays valid until its instance's mutex is taken.
 */
void eventpoll_release_file(struct file *file)
{
	mutex_lock(&ep_nest_mutex);
	for (;;) {
		struct epitem *item = NULL;
		struct eventpoll *ep;

		spin_lock(&file->f_lock);
		if (!hlist_empty(&file->f_ep))
			item = hlist_entry(file->f_ep.first, struct epitem, file_link);
		spin_unlock(&file->f_lock);
		if (!item)
			break;
		ep = item->ep;
		mutex_lock(&ep->mtx);
		ep_remove(ep, item);
		mutex_unlock(&ep->mtx);
	}
	mutex_unlock(&ep_nest_mutex);
}

/* ------------------------------------------------------------ system calls */

/* A new, empty epoll instance and its file. */
static struct file *ep_file_create(void)
{
	struct eventpoll *ep = kzalloc(sizeof(*ep), GFP_KERNEL);
	struct file *file;

	if (!ep)
		return ERR_PTR(-ENOMEM);
	mutex_init(&ep->mtx);
	spin_lock_init(&ep->lock);
	init_waitqueue_head(&ep->wq);
	init_waitqueue_head(&ep->poll_wait);
	INIT_LIST_HEAD(&ep->ready);
	INIT_LIST_HEAD(&ep->nested);
	ep->items = RB_ROOT;
	file = anon_inode_getfile("[eventpoll]", &eventpoll_fops, ep, O_RDWR);
	if (IS_ERR(file))
		kfree(ep);
	else
		ep->file = file;
	return file;
}

static int do_epoll_create(int flags)
{
	struct file *file;
	int fd;

	if (flags & ~EPOLL_CLOEXEC)
		return -EINVAL;
	fd = get_unused_fd_flags(O_RDWR | (flags & EPOLL_CLOEXEC));
	if (fd < 0)
		return fd;
	file = ep_file_create();
	if (IS_ERR(file)) {
		put_unused_fd(fd);
		return PTR_ERR(file);
	}
	fd_install(fd, file);
	return fd;
}

/* The size is a hint from before the interest list could grow: only checked. */
SYSCALL_DEFINE1(epoll_create, int, size)
{
	return size > 0 ? do_epoll_create(0) : -EINVAL;
}

SYSCALL_DEFINE1(epoll_create1, int, flags)
{
	return do_epoll_create(flags);
}

/* The EINVAL cases of epoll_ctl(2) that do not depend on the interest list. */
static int ep_ctl_check(int op, const struct epoll_event *ev, struct file *epf,
			struct file *tf)
{
	if (!is_file_epoll(epf) || epf == tf)
		return -EINVAL;
	if (op == EPOLL_CTL_DEL || !(ev->events & EPOLLEXCLUSIVE))
		return 0;
	/* Exclusive wakeups: only when adding, only plain events, no nesting. */
	if (op == EPOLL_CTL_MOD || is_file_epoll(tf) || (ev->events & ~EP_EXCLUSIVE_OK))
		return -EINVAL;
	return 0;
}

/* Do op on the item (target, fd) of ep; ep->mtx held. */
static int ep_ctl_locked(struct eventpoll *ep, int op, const struct epoll_event *ev,
			 struct file *target, int fd)
{
	struct epitem *item = ep_find(ep, target, fd);
	int err;

	switch (op) {
	case EPOLL_CTL_ADD:
		if (item)
			return -EEXIST;
		if (is_file_epoll(target)) {
			err = ep_loop_check(ep, target->private_data);
			if (err)
				return err;
		}
		return ep_insert(ep, ev, target, fd);
	case EPOLL_CTL_DEL:
		if (!item)
			return -ENOENT;
		ep_remove(ep, item);
		return 0;
	case EPOLL_CTL_MOD:
		if (!item)
			return -ENOENT;
		if (item->events & EPOLLEXCLUSIVE)
			return -EINVAL;
		ep_modify(ep, item, ev);
		return 0;
	default:
		return -EINVAL;
	}
}

/* epoll_ctl() on files the caller holds references to. */
static int ep_ctl_files(struct file *epf, int op, struct file *tf, int fd,
			const struct epoll_event *ev)
{
	struct eventpoll *ep;
	bool nesting;
	int err;

	if (!file_can_poll(tf))
		return -EPERM;
	err = ep_ctl_check(op, ev, epf, tf);
	if (err)
		return err;

	ep = epf->private_data;
	/* Items on epoll files make chains: their changes are serialised. */
	nesting = is_file_epoll(tf);
	if (nesting)
		mutex_lock(&ep_nest_mutex);
	mutex_lock(&ep->mtx);
	err = ep_ctl_locked(ep, op, ev, tf, fd);
	mutex_unlock(&ep->mtx);
	if (nesting)
		mutex_unlock(&ep_nest_mutex);
	return err;
}

static int do_epoll_ctl(int epfd, int op, int fd, const struct epoll_event *ev)
{
	struct file *epf, *tf;
	int err;

	epf = fget(epfd);
	if (!epf)
		return -EBADF;
	err = -EBADF;
	tf = fget(fd);
	if (tf) {
		err = ep_ctl_files(epf, op, tf, fd, ev);
		/* After the mutexes: this may be the last reference (eventpoll_release()). */
		fput(tf);
	}
	fput(epf);
	return err;
}

SYSCALL_DEFINE4(epoll_ctl, int, epfd, int, op, int, fd, struct epoll_event *, event)
{
	struct epoll_event ev = { 0 };

	/* DEL takes no event (a NULL pointer is fine). */
	if (op != EPOLL_CTL_DEL && copy_from_user(&ev, event, sizeof(ev)))
		return -EFAULT;
	return do_epoll_ctl(epfd, op, fd, &ev);
}

static int do_epoll_wait(int epfd, struct epoll_event *events, int maxevents,
			 const struct ep_timeout *to)
{
	struct file *file;
	int ret;

	if (maxevents <= 0 || maxevents > EP_MAX_EVENTS)
		return -EINVAL;
	if (!access_ok(events, (unsigned long)maxevents * sizeof(*events)))
		return -EFAULT;
	file = fget(epfd);
	if (!file)
		return -EBADF;
	ret = -EINVAL;
	if (is_file_epoll(file))
		ret = ep_wait(file->private_data, events, maxevents, to, ep_emit_user);
	fput(file);
	return ret;
}

/* A timeout in milliseconds; negative waits for ever. */
static void ep_timeout_ms(struct ep_timeout *to, int ms)
{
	if (ms < 0) {
		*to = (struct ep_timeout){ .forever = true };
		return;
	}
	ep_timeout_set(to, ms / MSEC_PER_SEC, (s64)(ms % MSEC_PER_SEC) * NSEC_PER_MSEC);
}

/* epoll_wait() under the caller's temporary signal mask, if any. */
static int do_epoll_pwait(int epfd, struct epoll_event *events, int maxevents,
			  const struct ep_timeout *to, const sigset_t *sigmask, size_t sigsetsize)
{
	bool installed;
	int ret;

	ret = poll_set_user_sigmask(sigmask, sigsetsize, &installed);
	if (ret)
		return ret;
	ret = do_epoll_wait(epfd, events, maxevents, to);
	poll_restore_sigmask(installed, ret);
	return ret;
}

SYSCALL_DEFINE4(epoll_wait, int, epfd, struct epoll_event *, events, int, maxevents,
		int, timeout)
{
	struct ep_timeout to;

	ep_timeout_ms(&to, timeout);
	return do_epoll_wait(epfd, events, maxevents, &to);
}

SYSCALL_DEFINE6(epoll_pwait, int, epfd, struct epoll_event *, events, int, maxevents,
		int, timeout, const sigset_t *, sigmask, size_t, sigsetsize)
{
	struct ep_timeout to;

	ep_timeout_ms(&to, timeout);
	return do_epoll_pwait(epfd, events, maxevents, &to, sigmask, sigsetsize);
}

SYSCALL_DEFINE6(epoll_pwait2, int, epfd, struct epoll_event *, events, int, maxevents,
		const struct __kernel_timespec *, timeout, const sigset_t *, sigmask,
		size_t, sigsetsize)
{
	struct ep_timeout to = { .forever = true };

	if (timeout) {
		struct __kernel_timespec ts;
		int err;

		if (copy_from_user(&ts, timeout, sizeof(ts)))
			return -EFAULT;
		err = ep_timeout_set(&to, ts.tv_sec, ts.tv_nsec);
		if (err)
			return err;
	}
	return do_epoll_pwait(epfd, events, maxevents, &to, sigmask, sigsetsize);
}

#ifdef CONFIG_SELFTESTS
#include "eventpoll_test.c"
#endif
