/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The initramfs (init/initramfs.c) and the root file system
 * (init/do_mounts.c).
 */
#ifndef _LINUX_INITRD_H
#define _LINUX_INITRD_H

#include <linux/types.h>

/*
 * Unpack the boot loader's initrd (newc cpio archives, uncompressed,
 * concatenated) into rootfs, then give its memory back to the page
 * allocator.  Call once from kernel_init(), after the VFS is up.
 */
void populate_rootfs(void);

/*
 * Unpack newc archives in buf into the current directory.  Returns NULL
 * on success or a message saying what is wrong with the data (nothing
 * after the damage is unpacked).
 */
const char *unpack_to_rootfs(const char *buf, unsigned long len);

/* Register the rootfs type (tmpfs unless root= names another root). */
void init_rootfs(void);
/* After the initramfs: mount root= if given (no block devices yet). */
void prepare_namespace(void);

extern char saved_root_name[];

#endif /* _LINUX_INITRD_H */
