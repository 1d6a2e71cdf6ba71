/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fallocate(2) mode bits (the Linux ABI).
 */
#ifndef _UAPI_LINUX_FALLOC_H
#define _UAPI_LINUX_FALLOC_H

#define FALLOC_FL_KEEP_SIZE	0x01	/* do not change the file size */
#define FALLOC_FL_PUNCH_HOLE	0x02	/* free the range (with KEEP_SIZE) */
#define FALLOC_FL_NO_HIDE_STALE	0x04	/* reserved */
#define FALLOC_FL_COLLAPSE_RANGE 0x08	/* remove the range, shift the rest down */
#define FALLOC_FL_ZERO_RANGE	0x10	/* zero the range */
#define FALLOC_FL_INSERT_RANGE	0x20	/* insert a hole, shift the rest up */
#define FALLOC_FL_UNSHARE_RANGE	0x40	/* unshare shared blocks */

#endif /* _UAPI_LINUX_FALLOC_H */
