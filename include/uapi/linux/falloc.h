/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fallocate(2) mode bits (the Linux ABI values).
 */
#ifndef _UAPI_LINUX_FALLOC_H
#define _UAPI_LINUX_FALLOC_H

#define FALLOC_FL_KEEP_SIZE		0x01	/* don't extend i_size */
#define FALLOC_FL_PUNCH_HOLE		0x02	/* deallocate (needs KEEP_SIZE) */
#define FALLOC_FL_NO_HIDE_STALE		0x04	/* reserved */
#define FALLOC_FL_COLLAPSE_RANGE	0x08
#define FALLOC_FL_ZERO_RANGE		0x10
#define FALLOC_FL_INSERT_RANGE		0x20
#define FALLOC_FL_UNSHARE_RANGE		0x40

#endif /* _UAPI_LINUX_FALLOC_H */
