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

typedef u32 errseq_t;

errseq_t errseq_set(errseq_t *eseq, int err);
errseq_t errseq_sample(errseq_t *eseq);
int errseq_check(errseq_t *eseq, errseq_t since);
int errseq_check_and_advance(errseq_t *eseq, errseq_t *since);

#endif /* _LINUX_ERRSEQ_H */
