// SPDX-License-Identifier: GPL-2.0-only
/*
 * personality(2): read and set the calling task's personality word.
 *
 * Only the Linux execution domain exists; the word is stored as given
 * (as Linux does) and inherited by children and across exec.  The one
 * flag with an effect is ADDR_NO_RANDOMIZE, read by exec_randomize()
 * (mm/mmap.c) when the next program's address space is laid out.
 *
 * Locking: a task changes only its own word; others read it with no lock
 * (fork copies it from the running parent).
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/syscalls.h>
#include <uapi/linux/personality.h>

SYSCALL_DEFINE1(personality, unsigned int, persona)
{
	unsigned int old = current->personality;

	if (persona != PER_QUERY)
		WRITE_ONCE(current->personality, persona);
	return old;
}
