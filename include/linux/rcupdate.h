/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Read-copy update (kernel/rcu/tree.c), the quiescent-state-based flavour
 * for a non-preemptive kernel.
 *
 * Readers bracket their accesses with rcu_read_lock()/rcu_read_unlock()
 * and must not sleep in between; the bracket costs nothing (a compiler
 * barrier).  Updaters publish with rcu_assign_pointer(), unlink old
 * objects, and free them only after a grace period: synchronize_rcu()
 * (sleeps), call_rcu() (callback, runs from the tick in interrupt context
 * and must not sleep) or kfree_rcu().  rcu_barrier() waits for every
 * callback queued before it.  The rules that make this work are at the
 * top of kernel/rcu/tree.c.
 *
 * With CONFIG_DEBUG_KERNEL a per-CPU nesting count catches unbalanced
 * unlocks and sleeping inside a read-side section (schedule() WARNs).
 */
#ifndef _LINUX_RCUPDATE_H
#define _LINUX_RCUPDATE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/stddef.h>
#include <asm/barrier.h>
#include <asm/percpu.h>

/* Queued callback: embed in the object it frees. */
struct rcu_head {
	struct rcu_head *next;
	void (*func)(struct rcu_head *head);
};
#define callback_head rcu_head
typedef void (*rcu_callback_t)(struct rcu_head *head);

/* Sparse-style marker for RCU-protected pointers (documentation only). */
#define __rcu

#ifdef CONFIG_DEBUG_KERNEL
DECLARE_PER_CPU(int, rcu_read_lock_nesting);
void rcu_read_unlock_underflow(void);

static __always_inline void rcu_read_lock(void)
{
	barrier();
	this_cpu_inc(rcu_read_lock_nesting);
	barrier();
}

static __always_inline void rcu_read_unlock(void)
{
	barrier();
	if (unlikely(this_cpu_read(rcu_read_lock_nesting) <= 0))
		rcu_read_unlock_underflow();
	else
		this_cpu_dec(rcu_read_lock_nesting);
	barrier();
}

static inline bool rcu_read_lock_held(void)
{
	return this_cpu_read(rcu_read_lock_nesting) > 0;
}
#else
static __always_inline void rcu_read_lock(void) { barrier(); }
static __always_inline void rcu_read_unlock(void) { barrier(); }
/* Without the debug count we cannot tell: claim yes so checks stay quiet. */
static inline bool rcu_read_lock_held(void) { return true; }
#endif

/* In a non-preemptive kernel these are all the same flavour. */
#define rcu_read_lock_bh()		rcu_read_lock()
#define rcu_read_unlock_bh()		rcu_read_unlock()
#define rcu_read_lock_sched()		rcu_read_lock()
#define rcu_read_unlock_sched()		rcu_read_unlock()

/*
 * Pointer access.  x86 keeps dependent loads in order, so a reader needs
 * only a single untorn load; the publisher needs release ordering so the
 * object's initialisation is visible before the pointer.
 */
#define rcu_dereference(p)		READ_ONCE(p)
#define rcu_dereference_raw(p)		READ_ONCE(p)
#define rcu_dereference_check(p, c)	READ_ONCE(p)
#define rcu_dereference_bh(p)		READ_ONCE(p)
#define rcu_dereference_sched(p)	READ_ONCE(p)
/* Update side, with the lock that excludes other updaters held. */
#define rcu_dereference_protected(p, c)	(p)
/* Test or print the pointer without dereferencing it. */
#define rcu_access_pointer(p)		READ_ONCE(p)

#define rcu_assign_pointer(p, v)	smp_store_release(&(p), (v))
/* Publish NULL, or a pointer readers cannot reach yet: no ordering needed. */
#define RCU_INIT_POINTER(p, v)		WRITE_ONCE(p, v)
#define RCU_POINTER_INITIALIZER(p, v)	.p = (v)

#define rcu_replace_pointer(rcu_ptr, ptr, c)				\
	({								\
		__typeof__(ptr) __old = rcu_dereference_protected(rcu_ptr, c); \
		rcu_assign_pointer(rcu_ptr, ptr);			\
		__old;							\
	})

void call_rcu(struct rcu_head *head, rcu_callback_t func);
void synchronize_rcu(void);
void rcu_barrier(void);
#define synchronize_rcu_expedited()	synchronize_rcu()
#define synchronize_sched()		synchronize_rcu()
#define call_rcu_sched(h, f)		call_rcu(h, f)

/*
 * kfree_rcu(ptr, field): kfree(ptr) after a grace period, where field is
 * the struct rcu_head inside *ptr.  The offset travels in place of the
 * callback pointer (offsets are far below any kernel text address).
 */
#define KFREE_RCU_MAX_OFFSET	4096
void __kfree_rcu(struct rcu_head *head, unsigned long offset);
#define kfree_rcu(ptr, field)						\
	do {								\
		__typeof__(ptr) ___p = (ptr);				\
		BUILD_BUG_ON(offsetof(__typeof__(*___p), field) >= KFREE_RCU_MAX_OFFSET); \
		if (___p)						\
			__kfree_rcu(&___p->field,			\
				    offsetof(__typeof__(*___p), field)); \
	} while (0)

/* Current grace-period sequence, for diagnostics and tests. */
unsigned long rcu_gp_seq(void);

/*
 * Hooks for the scheduler and the tick (kernel/rcu/tree.c).  rcu_qs()
 * reports a quiescent state of this CPU: called with no read-side
 * section active (context switch, idle loop, cond_resched()).
 * rcu_sched_clock_irq() runs from every tick; user_or_idle says the tick
 * interrupted user mode or the idle loop, itself a quiescent state.
 */
void rcu_qs(void);
void rcu_sched_clock_irq(bool user_or_idle);

#endif /* _LINUX_RCUPDATE_H */
