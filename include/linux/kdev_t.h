/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Device numbers.
 *
 * Inside the kernel a dev_t is 12 bits of major over 20 bits of minor
 * (MKDEV).  User space sees the "new" encoding Linux uses in mknod(2),
 * stat(2) and statx(2): minor bits 0-7 in bits 0-7, the major in bits
 * 8-19, minor bits 8-19 in bits 20-31.  For majors below 256 and minors
 * below 256 both read the same as the historical 8:8 split.
 */
#ifndef _LINUX_KDEV_T_H
#define _LINUX_KDEV_T_H

#include <linux/types.h>

#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)

#define MAJOR(dev)	((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev)	((unsigned int)((dev) & MINORMASK))
#define MKDEV(ma, mi)	(((dev_t)(ma) << MINORBITS) | (dev_t)(mi))

static inline bool new_valid_dev(dev_t dev)
{
	return true;
}

static inline u32 new_encode_dev(dev_t dev)
{
	unsigned int major = MAJOR(dev), minor = MINOR(dev);

	return (minor & 0xff) | (major << 8) | ((minor & ~0xffU) << 12);
}

static inline dev_t new_decode_dev(u32 dev)
{
	unsigned int major = (dev & 0xfff00) >> 8;
	unsigned int minor = (dev & 0xff) | ((dev >> 12) & 0xfff00);

	return MKDEV(major, minor);
}

/* The 64-bit form of stat's st_dev/st_rdev (glibc's makedev layout). */
static inline u64 huge_encode_dev(dev_t dev)
{
	return new_encode_dev(dev);
}

#endif /* _LINUX_KDEV_T_H */
