/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Address space layout randomisation (mm/mmap.c), used by exec and the
 * ELF loader.
 *
 * randomize_va_space (/proc/sys/kernel/randomize_va_space), as Linux:
 *   0  nothing is randomised;
 *   1  the stack, the mmap base (so shared libraries and the vDSO) and
 *      the load address of PIE programs;
 *   2  also the start of the heap (brk).
 * A process whose personality has ADDR_NO_RANDOMIZE gets mode 0 at its
 * next exec.  The decision is taken once per exec (exec_randomize()),
 * while the new mm is built, so a later change of the sysctl or the
 * personality affects only later execs.
 *
 * Locking: none; the sysctl is read with READ_ONCE().
 */
#ifndef _LINUX_ELF_RANDOMIZE_H
#define _LINUX_ELF_RANDOMIZE_H

extern int randomize_va_space;

/* The randomisation level the current task's next exec gets (0, 1, 2). */
int exec_randomize(void);
/* A page-aligned random offset below 2^bits pages (0 when level is 0). */
unsigned long aslr_random_pages(int level, unsigned int bits);
/* The top of the new program's stack: STACK_TOP minus a random offset. */
unsigned long randomize_stack_top(unsigned long top);
/* Where the heap of a program whose image ends at brk starts. */
unsigned long arch_randomize_brk(unsigned long brk);

/* Bits of randomness, in pages (Linux x86_64 defaults: mmap 28, stack 22). */
#define MMAP_RND_BITS		28
#define STACK_RND_BITS		22
/* The heap starts up to this many bytes past the program's bss (Linux: 32 MiB). */
#define BRK_RND_RANGE		(32UL << 20)

#endif /* _LINUX_ELF_RANDOMIZE_H */
