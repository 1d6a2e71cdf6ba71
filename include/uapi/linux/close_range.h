/* SPDX-License-Identifier: GPL-2.0-only */
/* close_range(2) flags (Linux ABI). */
#ifndef _UAPI_LINUX_CLOSE_RANGE_H
#define _UAPI_LINUX_CLOSE_RANGE_H

#define CLOSE_RANGE_UNSHARE	(1U << 1)	/* private table first (as after unshare) */
#define CLOSE_RANGE_CLOEXEC	(1U << 2)	/* mark close-on-exec, do not close */

#endif /* _UAPI_LINUX_CLOSE_RANGE_H */
