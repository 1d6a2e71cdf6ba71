// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of errseq_t (CONFIG_SELFTESTS): each sampler sees each new
 * error once, an error from before any sample is still reported, a
 * burst of unseen errors is one report, and late samplers start clean
 * once an error has been seen.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/errseq.h>
#include <linux/selftest.h>

static int errseq_semantics_test(void)
{
	errseq_t eseq = 0, a, b, c;

	a = errseq_sample(&eseq);
	ST_ASSERT(errseq_check(&eseq, a) == 0, "no error yet");
	ST_ASSERT(errseq_check_and_advance(&eseq, &a) == 0, "nothing to report");

	errseq_set(&eseq, -EIO);
	/* Opened after the error but before anyone saw it: still told. */
	b = errseq_sample(&eseq);
	ST_ASSERT(errseq_check(&eseq, a) == -EIO, "a sees the error");
	ST_ASSERT(errseq_check_and_advance(&eseq, &a) == -EIO, "a reports it");
	ST_ASSERT(errseq_check_and_advance(&eseq, &a) == 0, "a: only once");
	ST_ASSERT(errseq_check_and_advance(&eseq, &b) == -EIO, "b reports it too");
	ST_ASSERT(errseq_check_and_advance(&eseq, &b) == 0, "b: only once");

	/* Seen now: a new sampler starts after it. */
	c = errseq_sample(&eseq);
	ST_ASSERT(errseq_check(&eseq, c) == 0, "late opener starts clean");

	/* A burst of unseen errors: one report, the latest error. */
	errseq_set(&eseq, -ENOSPC);
	errseq_set(&eseq, -EIO);
	errseq_set(&eseq, -ENOSPC);
	ST_ASSERT(errseq_check_and_advance(&eseq, &a) == -ENOSPC, "a: latest of the burst");
	ST_ASSERT(errseq_check_and_advance(&eseq, &a) == 0, "a: burst reported once");
	ST_ASSERT(errseq_check_and_advance(&eseq, &c) == -ENOSPC, "c sees the burst");

	/* The same error again after it was seen is a new event. */
	errseq_set(&eseq, -ENOSPC);
	ST_ASSERT(errseq_check(&eseq, a) == -ENOSPC, "repeat after seen is new");
	ST_ASSERT(errseq_check_and_advance(&eseq, &b) == -ENOSPC, "b: one report");
	ST_ASSERT(errseq_check_and_advance(&eseq, &b) == 0, "b: not repeated");
	return 0;
}
DEFINE_SELFTEST("errseq: report once per sampler, bursts, late samplers", errseq_semantics_test);
