// SPDX-License-Identifier: GPL-2.0-only
/*
 * errseq_t: a writeback error and a change counter packed in one u32, so
 * every file description opened on a mapping learns about each new
 * writeback error once (fsync returns it), no matter how many errors
 * there were or who else has already been told.
 *
 * Layout (low to high):
 *   bits 0..11   the last error as a positive errno (MAX_ERRNO fits)
 *   bit 12       SEEN: someone has sampled the current error
 *   bits 13..31  counter, bumped when a new error arrives after SEEN
 *
 * The counter only moves when needed: a burst of errors nobody has looked
 * at yet leaves one value, so a watcher cannot miss an error even when the
 * counter would otherwise wrap.  A watcher's cursor is a previous value of
 * the word; the error is "new" for it when the word (ignoring SEEN) has
 * changed since.
 *
 * Interface: <linux/errseq.h>.  Locking: none; updates are cmpxchg loops
 * and readers are single loads.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <linux/errseq.h>
#include <asm/atomic.h>

#define ERRSEQ_ERR_MASK		((errseq_t)MAX_ERRNO)	/* bits 0..11 */
#define ERRSEQ_SEEN		((errseq_t)1 << 12)
#define ERRSEQ_CTR_ONE		((errseq_t)1 << 13)

errseq_t errseq_set(errseq_t *eseq, int err)
{
	errseq_t cur = READ_ONCE(*eseq);

	/* Only real errnos can be recorded; anything else is a caller bug. */
	if (WARN(err >= 0 || err < -MAX_ERRNO, "errseq_set: bad error %d\n", err))
		return cur;

	for (;;) {
		errseq_t want = (cur & ~(ERRSEQ_ERR_MASK | ERRSEQ_SEEN)) | (errseq_t)-err;
		errseq_t prev;

		/* A seen error becomes a new one: move the counter on. */
		if (cur & ERRSEQ_SEEN)
			want += ERRSEQ_CTR_ONE;
		if (want == cur)
			return cur;
		prev = cmpxchg(eseq, cur, want);
		if (prev == cur)
			return want;
		cur = prev;
	}
}

errseq_t errseq_sample(errseq_t *eseq)
{
	errseq_t cur = READ_ONCE(*eseq);

	/*
	 * An error nobody has seen yet predates this sampler but was never
	 * reported: start from 0 so the sampler's first check reports it.
	 */
	if (!(cur & ERRSEQ_SEEN))
		return 0;
	return cur;
}

int errseq_check(errseq_t *eseq, errseq_t since)
{
	errseq_t cur = READ_ONCE(*eseq);

	if ((cur | ERRSEQ_SEEN) == (since | ERRSEQ_SEEN))
		return 0;
	return -(int)(cur & ERRSEQ_ERR_MASK);
}

int errseq_check_and_advance(errseq_t *eseq, errseq_t *since)
{
	errseq_t cur = READ_ONCE(*eseq);
	errseq_t seen;

	if (cur == *since)
		return 0;
	/*
	 * Mark the error seen so the next errseq_set() counts a new error.
	 * Losing the race to another setter is fine: the word then holds a
	 * newer error that our cursor will not match, and the caller reports
	 * the one it read.
	 */
	seen = cur | ERRSEQ_SEEN;
	if (seen != cur)
		cmpxchg(eseq, cur, seen);
	*since = seen;
	return -(int)(seen & ERRSEQ_ERR_MASK);
}
