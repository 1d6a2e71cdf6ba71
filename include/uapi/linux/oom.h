/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The values user space writes to /proc/<pid>/oom_score_adj and the
 * legacy /proc/<pid>/oom_adj (proc(5)).
 */
#ifndef _UAPI_LINUX_OOM_H
#define _UAPI_LINUX_OOM_H

/* oom_score_adj: -1000 exempts the process from the OOM killer ... */
#define OOM_SCORE_ADJ_MIN	(-1000)
/* ... and +1000 counts it as if it held all of memory on top of its own. */
#define OOM_SCORE_ADJ_MAX	1000

/* oom_adj: -17 exempts; -16 .. 15 scale linearly onto oom_score_adj. */
#define OOM_DISABLE		(-17)
#define OOM_ADJUST_MIN		(-16)
#define OOM_ADJUST_MAX		15

#endif /* _UAPI_LINUX_OOM_H */
