/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Linux native AIO (fs/aio.c): the system calls live there; the rest of
 * the kernel only tears an address space's contexts down when it goes.
 */
#ifndef _LINUX_AIO_H
#define _LINUX_AIO_H

struct mm_struct;

/* Free every AIO context of @mm; the last mmput() calls it before exit_mmap(). */
void exit_aio(struct mm_struct *mm);

#endif /* _LINUX_AIO_H */
