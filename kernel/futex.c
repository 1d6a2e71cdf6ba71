// SPDX-License-Identifier: GPL-2.0-only
/*
 * Fast user-space mutexes: futex(2) and futex_wake() for the kernel.
 *
 * A waiter queues a futex_q on the hash bucket of the futex's key, then
 * reads the user word: if it no longer holds the expected value, the
 * wait fails with EAGAIN; otherwise it sleeps until a waker takes its
 * futex_q off the queue.  A waker changes the word in user space first
 * and then scans the bucket.  Because the waiter is queued (under the
 * bucket lock) before it reads, and the waker takes the same lock after
 * writing, either the waiter sees the new value or the waker sees the
 * waiter: no wakeup is lost.
 *
 * Keys: with FUTEX_PRIVATE_FLAG, or when the word is in a private
 * mapping, the key is (mm, address); a non-private futex in a MAP_SHARED
 * mapping is keyed by its physical page and offset (get_user_pages(); the
 * queued waiter holds a page reference), so processes sharing the page
 * find each other.
 *
 * Supported: WAIT, WAKE, WAIT_BITSET, WAKE_BITSET, REQUEUE, CMP_REQUEUE,
 * WAKE_OP, FUTEX_CLOCK_REALTIME (with WAIT_BITSET), timeouts (tick
 * resolution, never early).  The priority-inheritance operations are
 * not: -ENOSYS.  Robust lists are stored by set_robust_list() (kernel/
 * sys.c) but not walked at exit.
 *
 * Interface: futex(2); futex_wake() (CLONE_CHILD_CLEARTID at thread exit).
 * Locking: each bucket's spinlock guards its chain and the futex_q's on
 * it (their list, key, bucket pointer).  Two buckets are locked in
 * address order.  A waker takes a task reference before unlinking a
 * futex_q, since the waiter may return (and its futex_q, on its stack,
 * vanish) as soon as it is unlinked; the waiter's final unqueue takes the
 * bucket lock, so it cannot run while a waker still touches its futex_q.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/mm.h>
#include <linux/mm_types.h>
#include <linux/mmap_lock.h>
#include <linux/jiffies.h>
#include <linux/restart_block.h>
#include <linux/syscalls.h>
#include <linux/time.h>
#include <uapi/linux/futex.h>
#include <asm/uaccess.h>
#include <asm/futex.h>
#include <asm/irqflags.h>

#define FUTEX_HASH_BITS		8
#define FUTEX_HASH_SIZE		(1 << FUTEX_HASH_BITS)

/* Internal flags (futex_wake()'s and the restart block's "flags"). */
#define FLAGS_SHARED		0x01
#define FLAGS_CLOCKRT		0x02
#define FLAGS_HAS_TIMEOUT	0x04

enum futex_key_type { KEY_PRIVATE, KEY_SHARED };

struct futex_key {
	enum futex_key_type type;
	void *ptr;			/* the mm, or the struct page (referenced) */
	unsigned long word;		/* the address, or the offset in the page */
};

struct futex_hash_bucket {
	spinlock_t lock;
	struct list_head chain;
};

struct futex_q {
	struct list_head list;		/* on hb->chain; empty once woken */
	struct task_struct *task;
	struct futex_hash_bucket *hb;	/* where it is queued (requeue moves it) */
	struct futex_key key;
	u32 bitset;
};

static struct futex_hash_bucket futex_queues[FUTEX_HASH_SIZE];

static int __init futex_init(void)
{
	for (int i = 0; i < FUTEX_HASH_SIZE; i++) {
		spin_lock_init(&futex_queues[i].lock);
		INIT_LIST_HEAD(&futex_queues[i].chain);
	}
	return 0;
}
core_initcall(futex_init);

/* Multiplicative hashing: the top bits of the product spread nearby keys. */
static struct futex_hash_bucket *hash_futex(const struct futex_key *key)
{
	u64 h = ((u64)(unsigned long)key->ptr ^ key->word) * 0x9e3779b97f4a7c15ULL;

	return &futex_queues[h >> (64 - FUTEX_HASH_BITS)];
}

static bool match_futex(const struct futex_key *a, const struct futex_key *b)
{
	return a->type == b->type && a->ptr == b->ptr && a->word == b->word;
}

/* ------------------------------------------------------------ keys */

static int get_futex_key(u32 *uaddr, bool shared, struct futex_key *key)
{
	unsigned long addr = (unsigned long)uaddr;
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	struct page *page;
	long ret;

	if (addr % sizeof(u32))
		return -EINVAL;
	if (!access_ok(uaddr, sizeof(u32)) || !mm)
		return -EFAULT;
	key->type = KEY_PRIVATE;
	key->ptr = mm;
	key->word = addr;
	if (!shared)
		return 0;

	mmap_read_lock(mm);
	vma = find_vma(mm, addr);
	if (!vma || addr < vma->vm_start) {
		mmap_read_unlock(mm);
		return -EFAULT;
	}
	if (!(vma->vm_flags & VM_SHARED)) {
		mmap_read_unlock(mm);
		return 0;
	}
	ret = get_user_pages(addr & PAGE_MASK, 1, 0, &page);
	mmap_read_unlock(mm);
	if (ret < 1)
		return -EFAULT;
	key->type = KEY_SHARED;
	key->ptr = page;
	key->word = offset_in_page(addr);
	return 0;
}

static void put_futex_key(struct futex_key *key)
{
	if (key->type == KEY_SHARED)
		put_page(key->ptr);
	key->type = KEY_PRIVATE;
}

static void get_futex_key_ref(struct futex_key *key)
{
	if (key->type == KEY_SHARED)
		get_page(key->ptr);
}

/*
 * Read the user word without faulting a page in (interrupts off: the
 * fault handler only takes the fixup), for use under bucket locks.
 */
static int get_futex_value_locked(u32 *dest, u32 *uaddr)
{
	unsigned long flags;
	int ret;

	local_irq_save(flags);
	ret = get_user(*dest, uaddr);
	local_irq_restore(flags);
	return ret;
}

static void double_lock_hb(struct futex_hash_bucket *a, struct futex_hash_bucket *b)
{
	if (a > b)
		swap(a, b);
	spin_lock(&a->lock);
	if (a != b)
		spin_lock(&b->lock);
}

static void double_unlock_hb(struct futex_hash_bucket *a, struct futex_hash_bucket *b)
{
	spin_unlock(&a->lock);
	if (a != b)
		spin_unlock(&b->lock);
}

/* ------------------------------------------------------------ waking */

/* Unlink q and wake its task; bucket lock held.  The task reference covers the wakeup. */
static void wake_futex(struct futex_q *q)
{
	struct task_struct *p = get_task_struct(q->task);

	list_del_init(&q->list);
	wake_up_process(p);
	put_task_struct(p);
}

/* Wake up to nr waiters of key whose bitset meets bitset; bucket lock held. */
static int wake_key_locked(struct futex_hash_bucket *hb, const struct futex_key *key, int nr,
			   u32 bitset)
{
	struct futex_q *q, *n;
	int woken = 0;

	list_for_each_entry_safe(q, n, &hb->chain, list) {
		if (woken >= nr)
			break;
		if (!match_futex(&q->key, key) || !(q->bitset & bitset))
			continue;
		wake_futex(q);
		woken++;
	}
	return woken;
}

int futex_wake(u32 *uaddr, unsigned int flags, int nr_wake, u32 bitset)
{
	struct futex_hash_bucket *hb;
	struct futex_key key;
	int ret;

	if (!bitset)
		return -EINVAL;
	ret = get_futex_key(uaddr, flags & FLAGS_SHARED, &key);
	if (ret)
		return ret;
	hb = hash_futex(&key);
	spin_lock(&hb->lock);
	ret = wake_key_locked(hb, &key, nr_wake, bitset);
	spin_unlock(&hb->lock);
	put_futex_key(&key);
	return ret;
}

/* ------------------------------------------------------------ waiting */

/* Take q off its queue if it is still on one; true if it was (not woken). */
static bool unqueue_me(struct futex_q *q)
{
	struct futex_hash_bucket *hb;
	bool queued;

	for (;;) {
		hb = READ_ONCE(q->hb);
		spin_lock(&hb->lock);
		if (hb == q->hb)
			break;
		/* Requeued to another bucket meanwhile: follow it. */
		spin_unlock(&hb->lock);
	}
	queued = !list_empty(&q->list);
	if (queued)
		list_del_init(&q->list);
	spin_unlock(&hb->lock);
	return queued;
}

/* The clock a timeout of these flags runs on, now. */
static u64 futex_clock_ns(unsigned int flags)
{
	u64 now;

	posix_clock_get_ns((flags & FLAGS_CLOCKRT) ? CLOCK_REALTIME : CLOCK_MONOTONIC, &now);
	return now;
}

static long futex_wait_restart(struct restart_block *restart);

/*
 * Wait on uaddr while it holds val, until woken (0), the absolute time
 * abs_ns on the flags' clock passes (-ETIMEDOUT), or a signal arrives.
 */
static int futex_wait(u32 *uaddr, unsigned int flags, u32 val, u64 abs_ns, u32 bitset)
{
	struct futex_q q = { .bitset = bitset };
	struct restart_block *restart;
	int ret;
	u32 uval;

	if (!bitset)
		return -EINVAL;
	ret = get_futex_key(uaddr, flags & FLAGS_SHARED, &q.key);
	if (ret)
		return ret;

	q.task = current;
	q.hb = hash_futex(&q.key);
	INIT_LIST_HEAD(&q.list);
	spin_lock(&q.hb->lock);
	list_add_tail(&q.list, &q.hb->chain);
	spin_unlock(&q.hb->lock);

	/* Queued first, then read: see the file comment. */
	if (get_user(uval, uaddr)) {
		ret = -EFAULT;
		goto out_unqueue;
	}
	if (uval != val) {
		ret = -EAGAIN;
		goto out_unqueue;
	}

	ret = 0;
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (list_empty_careful(&q.list))
			break;
		if (flags & FLAGS_HAS_TIMEOUT) {
			u64 now = futex_clock_ns(flags);

			if (now >= abs_ns) {
				ret = -ETIMEDOUT;
				break;
			}
			if (signal_pending(current)) {
				ret = -ERESTART_RESTARTBLOCK;
				break;
			}
			schedule_timeout(nsecs_to_jiffies(abs_ns - now));
		} else {
			if (signal_pending(current)) {
				ret = -ERESTARTSYS;
				break;
			}
			schedule();
		}
	}
	__set_current_state(TASK_RUNNING);

out_unqueue:
	/* Woken after all (a waker got there first): that is success. */
	if (!unqueue_me(&q))
		ret = 0;
	put_futex_key(&q.key);
	if (ret == -ERESTART_RESTARTBLOCK) {
		restart = &current->restart_block;
		restart->fn = futex_wait_restart;
		restart->futex.uaddr = uaddr;
		restart->futex.val = val;
		restart->futex.flags = flags;
		restart->futex.bitset = bitset;
		restart->futex.time = abs_ns;
	}
	return ret;
}

static long futex_wait_restart(struct restart_block *restart)
{
	restart->fn = do_no_restart_syscall;
	return futex_wait(restart->futex.uaddr, restart->futex.flags, restart->futex.val,
			  restart->futex.time, restart->futex.bitset);
}

/* ------------------------------------------------------------ requeue, wake_op */

/*
 * Wake nr_wake waiters of uaddr1 and move up to nr_requeue others to
 * uaddr2; with cmpval (CMP_REQUEUE) only if *uaddr1 still equals *cmpval.
 */
static int futex_requeue(u32 *uaddr1, unsigned int flags, u32 *uaddr2, int nr_wake,
			 int nr_requeue, u32 *cmpval)
{
	struct futex_hash_bucket *hb1, *hb2;
	struct futex_key key1, key2;
	struct futex_q *q, *n;
	int woken = 0, moved = 0, ret;
	u32 cur;

	if (nr_wake < 0 || nr_requeue < 0)
		return -EINVAL;
retry:
	ret = get_futex_key(uaddr1, flags & FLAGS_SHARED, &key1);
	if (ret)
		return ret;
	ret = get_futex_key(uaddr2, flags & FLAGS_SHARED, &key2);
	if (ret) {
		put_futex_key(&key1);
		return ret;
	}
	hb1 = hash_futex(&key1);
	hb2 = hash_futex(&key2);
	double_lock_hb(hb1, hb2);
	if (cmpval) {
		ret = get_futex_value_locked(&cur, uaddr1);
		if (ret) {
			double_unlock_hb(hb1, hb2);
			put_futex_key(&key2);
			put_futex_key(&key1);
			/* Fault the page in where that is allowed, then start over. */
			if (get_user(cur, uaddr1))
				return -EFAULT;
			goto retry;
		}
		if (cur != *cmpval) {
			ret = -EAGAIN;
			goto out_unlock;
		}
	}
	list_for_each_entry_safe(q, n, &hb1->chain, list) {
		if (!match_futex(&q->key, &key1))
			continue;
		if (woken < nr_wake) {
			wake_futex(q);
			woken++;
			continue;
		}
		if (moved >= nr_requeue)
			break;
		/* The waiter's key now names uaddr2 (and holds its own page reference). */
		put_futex_key(&q->key);
		q->key = key2;
		get_futex_key_ref(&q->key);
		if (hb1 != hb2) {
			list_del(&q->list);
			list_add_tail(&q->list, &hb2->chain);
			WRITE_ONCE(q->hb, hb2);
		}
		moved++;
	}
	ret = woken + moved;
out_unlock:
	double_unlock_hb(hb1, hb2);
	put_futex_key(&key2);
	put_futex_key(&key1);
	return ret;
}

/* FUTEX_WAKE_OP's operation on the old value; -ENOSYS for an unknown one. */
static int futex_op_apply(unsigned int op, u32 oparg, u32 old, u32 *new)
{
	switch (op) {
	case FUTEX_OP_SET:
		*new = oparg;
		return 0;
	case FUTEX_OP_ADD:
		*new = old + oparg;
		return 0;
	case FUTEX_OP_OR:
		*new = old | oparg;
		return 0;
	case FUTEX_OP_ANDN:
		*new = old & ~oparg;
		return 0;
	case FUTEX_OP_XOR:
		*new = old ^ oparg;
		return 0;
	default:
		return -ENOSYS;
	}
}

static bool futex_cmp(unsigned int cmp, int oldval, int cmparg, int *ret)
{
	switch (cmp) {
	case FUTEX_OP_CMP_EQ:
		return oldval == cmparg;
	case FUTEX_OP_CMP_NE:
		return oldval != cmparg;
	case FUTEX_OP_CMP_LT:
		return oldval < cmparg;
	case FUTEX_OP_CMP_LE:
		return oldval <= cmparg;
	case FUTEX_OP_CMP_GT:
		return oldval > cmparg;
	case FUTEX_OP_CMP_GE:
		return oldval >= cmparg;
	default:
		*ret = -ENOSYS;
		return false;
	}
}

/*
 * Atomically apply the operation encoded in encoded_op to *uaddr2, wake
 * nr_wake waiters of uaddr1, and, if the old *uaddr2 passes the encoded
 * comparison, nr_wake2 waiters of uaddr2.
 */
static int futex_wake_op(u32 *uaddr1, unsigned int flags, u32 *uaddr2, int nr_wake,
			 int nr_wake2, u32 encoded_op)
{
	unsigned int op = (encoded_op >> 28) & 7, cmp = (encoded_op >> 24) & 15;
	int oparg = (int)(encoded_op << 8) >> 20, cmparg = (int)(encoded_op << 20) >> 20;
	struct futex_hash_bucket *hb1, *hb2;
	struct futex_key key1, key2;
	u32 old, new, seen;
	int ret, woken, tmp = 0;
	bool wake2;

	if (encoded_op & (FUTEX_OP_OPARG_SHIFT << 28)) {
		/* Linux masks a shift it cannot do. */
		oparg = 1U << (oparg & 31);
	}
	/* The operation itself: a compare-and-exchange loop on the user word. */
	do {
		if (get_user(old, uaddr2))
			return -EFAULT;
		ret = futex_op_apply(op, oparg, old, &new);
		if (ret)
			return ret;
		ret = futex_atomic_cmpxchg_inatomic(&seen, uaddr2, old, new);
		if (ret)
			return ret;
	} while (seen != old);
	wake2 = futex_cmp(cmp, (int)old, cmparg, &tmp);
	if (tmp)
		return tmp;

	ret = get_futex_key(uaddr1, flags & FLAGS_SHARED, &key1);
	if (ret)
		return ret;
	ret = get_futex_key(uaddr2, flags & FLAGS_SHARED, &key2);
	if (ret) {
		put_futex_key(&key1);
		return ret;
	}
	hb1 = hash_futex(&key1);
	hb2 = hash_futex(&key2);
	double_lock_hb(hb1, hb2);
	woken = wake_key_locked(hb1, &key1, nr_wake, FUTEX_BITSET_MATCH_ANY);
	if (wake2)
		woken += wake_key_locked(hb2, &key2, nr_wake2, FUTEX_BITSET_MATCH_ANY);
	double_unlock_hb(hb1, hb2);
	put_futex_key(&key2);
	put_futex_key(&key1);
	return woken;
}

/* ------------------------------------------------------------ futex(2) */

SYSCALL_DEFINE6(futex, u32 *, uaddr, int, op, u32, val, const struct __kernel_timespec *, utime,
		u32 *, uaddr2, u32, val3)
{
	int cmd = op & FUTEX_CMD_MASK;
	unsigned int flags = 0;
	struct timespec64 ts;
	u64 abs_ns = 0;
	int ret;

	if (!(op & FUTEX_PRIVATE_FLAG))
		flags |= FLAGS_SHARED;
	if (op & FUTEX_CLOCK_REALTIME) {
		flags |= FLAGS_CLOCKRT;
		if (cmd != FUTEX_WAIT_BITSET && cmd != FUTEX_WAIT_REQUEUE_PI &&
		    cmd != FUTEX_LOCK_PI2)
			return -ENOSYS;
	}

	if (utime && (cmd == FUTEX_WAIT || cmd == FUTEX_WAIT_BITSET)) {
		ret = get_timespec64(&ts, utime);
		if (ret)
			return ret;
		if (!timespec64_valid(&ts))
			return -EINVAL;
		flags |= FLAGS_HAS_TIMEOUT;
		/* FUTEX_WAIT's timeout is relative; WAIT_BITSET's absolute. */
		abs_ns = timespec64_to_ns(&ts);
		if (cmd == FUTEX_WAIT) {
			u64 now = futex_clock_ns(flags);

			abs_ns = abs_ns > KTIME_MAX - now ? KTIME_MAX : now + abs_ns;
		}
	}
	current->restart_block.fn = do_no_restart_syscall;

	switch (cmd) {
	case FUTEX_WAIT:
		return futex_wait(uaddr, flags, val, abs_ns, FUTEX_BITSET_MATCH_ANY);
	case FUTEX_WAIT_BITSET:
		return futex_wait(uaddr, flags, val, abs_ns, val3);
	case FUTEX_WAKE:
		return futex_wake(uaddr, flags, val, FUTEX_BITSET_MATCH_ANY);
	case FUTEX_WAKE_BITSET:
		return futex_wake(uaddr, flags, val, val3);
	case FUTEX_REQUEUE:
		/* The timeout argument carries nr_requeue. */
		return futex_requeue(uaddr, flags, uaddr2, val, (int)(unsigned long)utime, NULL);
	case FUTEX_CMP_REQUEUE:
		return futex_requeue(uaddr, flags, uaddr2, val, (int)(unsigned long)utime, &val3);
	case FUTEX_WAKE_OP:
		return futex_wake_op(uaddr, flags, uaddr2, val, (int)(unsigned long)utime, val3);
	default:
		/* FUTEX_FD (removed) and the priority-inheritance operations. */
		return -ENOSYS;
	}
}
