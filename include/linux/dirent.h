/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct linux_dirent64: one record of getdents64(2).  Records are
 * 8-byte aligned; d_reclen covers the name, its NUL and the padding.
 */
#ifndef _LINUX_DIRENT_H
#define _LINUX_DIRENT_H

#include <linux/types.h>

struct linux_dirent64 {
	u64 d_ino;
	s64 d_off;		/* position of the next record */
	unsigned short d_reclen;
	unsigned char d_type;	/* DT_* */
	char d_name[];
};

#endif /* _LINUX_DIRENT_H */
