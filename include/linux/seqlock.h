/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Sequence counters and sequence locks: readers that never block writers.
 *
 * A writer makes the sequence odd, changes the data, makes it even again.
 * A reader samples an even sequence, reads, and retries if the sequence
 * changed meanwhile:
 *
 *	do {
 *		seq = read_seqbegin(&lock);
 *		copy = data;
 *	} while (read_seqretry(&lock, seq));
 *
 * Readers must cope with reading torn data inside the loop (copy it, do
 * not follow pointers that may be freed).  seqcount_t leaves excluding
 * writers from each other to the caller; seqlock_t adds a spinlock for
 * that.  A writer that can run from an interrupt handler must be taken
 * with the _irqsave variants elsewhere, or a reader interrupted on the
 * same CPU spins forever.
 */
#ifndef _LINUX_SEQLOCK_H
#define _LINUX_SEQLOCK_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/spinlock.h>
#include <asm/barrier.h>
#include <asm/processor.h>

typedef struct seqcount {
	unsigned int sequence;
} seqcount_t;

#define SEQCNT_ZERO(name) { .sequence = 0 }

static inline void seqcount_init(seqcount_t *s)
{
	s->sequence = 0;
}

/* Sample the counter without waiting for a writer to finish (may be odd). */
static inline unsigned int raw_read_seqcount(const seqcount_t *s)
{
	unsigned int seq = READ_ONCE(s->sequence);

	smp_rmb();
	return seq;
}

/* Wait for no writer, then return the sequence to pass to read_seqcount_retry(). */
static inline unsigned int read_seqcount_begin(const seqcount_t *s)
{
	unsigned int seq;

	while ((seq = READ_ONCE(s->sequence)) & 1)
		cpu_relax();
	smp_rmb();
	return seq;
}
#define raw_read_seqcount_begin(s) read_seqcount_begin(s)

/* True if a writer ran since start: the reader must retry. */
static inline bool read_seqcount_retry(const seqcount_t *s, unsigned int start)
{
	smp_rmb();
	return READ_ONCE(s->sequence) != start;
}

static inline void write_seqcount_begin(seqcount_t *s)
{
	WRITE_ONCE(s->sequence, s->sequence + 1);
	smp_wmb();
}

static inline void write_seqcount_end(seqcount_t *s)
{
	smp_wmb();
	WRITE_ONCE(s->sequence, s->sequence + 1);
}
#define raw_write_seqcount_begin(s) write_seqcount_begin(s)
#define raw_write_seqcount_end(s) write_seqcount_end(s)

/* Make every reader in progress retry, without a write section. */
static inline void write_seqcount_invalidate(seqcount_t *s)
{
	smp_wmb();
	WRITE_ONCE(s->sequence, s->sequence + 2);
}

typedef struct {
	seqcount_t seqcount;
	spinlock_t lock;
} seqlock_t;

#define __SEQLOCK_UNLOCKED(name) { SEQCNT_ZERO(name), __SPIN_LOCK_UNLOCKED(name.lock) }
#define DEFINE_SEQLOCK(name) seqlock_t name = __SEQLOCK_UNLOCKED(name)

static inline void seqlock_init(seqlock_t *sl)
{
	seqcount_init(&sl->seqcount);
	spin_lock_init(&sl->lock);
}

static inline unsigned int read_seqbegin(const seqlock_t *sl)
{
	return read_seqcount_begin(&sl->seqcount);
}

static inline bool read_seqretry(const seqlock_t *sl, unsigned int start)
{
	return read_seqcount_retry(&sl->seqcount, start);
}

static inline void write_seqlock(seqlock_t *sl)
{
	spin_lock(&sl->lock);
	write_seqcount_begin(&sl->seqcount);
}

static inline void write_sequnlock(seqlock_t *sl)
{
	write_seqcount_end(&sl->seqcount);
	spin_unlock(&sl->lock);
}

static inline void write_seqlock_irq(seqlock_t *sl)
{
	spin_lock_irq(&sl->lock);
	write_seqcount_begin(&sl->seqcount);
}

static inline void write_sequnlock_irq(seqlock_t *sl)
{
	write_seqcount_end(&sl->seqcount);
	spin_unlock_irq(&sl->lock);
}

static inline unsigned long __write_seqlock_irqsave(seqlock_t *sl)
{
	unsigned long flags;

	spin_lock_irqsave(&sl->lock, flags);
	write_seqcount_begin(&sl->seqcount);
	return flags;
}
#define write_seqlock_irqsave(sl, flags) ((flags) = __write_seqlock_irqsave(sl))

static inline void write_sequnlock_irqrestore(seqlock_t *sl, unsigned long flags)
{
	write_seqcount_end(&sl->seqcount);
	spin_unlock_irqrestore(&sl->lock, flags);
}

/* A reader that excludes writers instead of retrying (no sequence change). */
static inline void read_seqlock_excl(seqlock_t *sl)
{
	spin_lock(&sl->lock);
}

static inline void read_sequnlock_excl(seqlock_t *sl)
{
	spin_unlock(&sl->lock);
}

/*
 * Optimistic first pass, locked second pass:
 *	int seq = 0;
 *	again:
 *	read_seqbegin_or_lock(&lock, &seq);
 *	... read ...
 *	if (need_seqretry(&lock, seq)) { seq = 1; goto again; }
 *	done_seqretry(&lock, seq);
 */
static inline void read_seqbegin_or_lock(seqlock_t *sl, int *seq)
{
	if (!(*seq & 1))
		*seq = read_seqbegin(sl);
	else
		read_seqlock_excl(sl);
}

static inline bool need_seqretry(seqlock_t *sl, int seq)
{
	return !(seq & 1) && read_seqretry(sl, seq);
}

static inline void done_seqretry(seqlock_t *sl, int seq)
{
	if (seq & 1)
		read_sequnlock_excl(sl);
}

#endif /* _LINUX_SEQLOCK_H */
