/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A process's "dumpable" state (prctl(2) PR_GET_DUMPABLE/PR_SET_DUMPABLE):
 * whether it may be inspected by its owner (/proc/<pid> ownership and
 * access) and - once core dumps exist - dumped.  0 after an exec that
 * changed identity (with suid_dumpable 0), 1 normally, 2 "root only"
 * (suid_dumpable 2).  Kept in two bits of mm->flags, so threads share it,
 * fork copies it and exec sets it afresh.
 *
 * Locking: the bits are changed with atomic bitops; readers see one of
 * the three values or, during a change, briefly 0.
 */
#ifndef _LINUX_SCHED_COREDUMP_H
#define _LINUX_SCHED_COREDUMP_H

#include <linux/mm_types.h>
#include <linux/bitops.h>

#define SUID_DUMP_DISABLE	0
#define SUID_DUMP_USER		1
#define SUID_DUMP_ROOT		2

/* /proc/sys/fs/suid_dumpable (fs/exec.c). */
extern int suid_dumpable;

static inline int get_dumpable(struct mm_struct *mm)
{
	if (test_bit(MMF_DUMP_USER, &mm->flags))
		return SUID_DUMP_USER;
	return test_bit(MMF_DUMP_ROOT, &mm->flags) ? SUID_DUMP_ROOT : SUID_DUMP_DISABLE;
}

static inline void set_dumpable(struct mm_struct *mm, int value)
{
	/* Clear first: a racing reader sees the safe value, never both bits. */
	if (value != SUID_DUMP_USER)
		clear_bit(MMF_DUMP_USER, &mm->flags);
	if (value != SUID_DUMP_ROOT)
		clear_bit(MMF_DUMP_ROOT, &mm->flags);
	if (value == SUID_DUMP_USER)
		set_bit(MMF_DUMP_USER, &mm->flags);
	else if (value == SUID_DUMP_ROOT)
		set_bit(MMF_DUMP_ROOT, &mm->flags);
}

#endif /* _LINUX_SCHED_COREDUMP_H */
