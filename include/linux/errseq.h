/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * errseq_t (lib/errseq.c): an error code plus a sequence counter in one
 * word, so that each opener of a file sees a writeback error exactly once.
 *
 *   errseq_set(&mapping->wb_err, -EIO);        writeback failed
 *   file->f_wb_err = errseq_sample(&mapping->wb_err);   at open
 *   err = errseq_check_and_advance(&mapping->wb_err, &file->f_wb_err);  fsync
 *
 * Lockless: updates use cmpxchg.
 */
#ifndef _LINUX_ERRSEQ_H
#define _LINUX_ERRSEQ_H

#include <linux/types.h>

/* The error in the low bits, then a "seen" flag, then the counter. */
typedef u32 errseq_t;

/* Readers: what they have seen so far, and what happened since. */
errseq_t errseq_sample(errseq_t *eseq);
int errseq_check_and_advance(errseq_t *eseq, errseq_t *since);
int errseq_check(errseq_t *eseq, errseq_t since);

/* The writer: record a new error (a negative errno; 0 does nothing). */
errseq_t errseq_set(errseq_t *eseq, int err);

#endif /* _LINUX_ERRSEQ_H */
