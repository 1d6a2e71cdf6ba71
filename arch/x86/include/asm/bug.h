/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * x86 half of BUG() and WARN() (<linux/bug.h> has the API and struct
 * bug_entry).
 *
 * __BUG_FLAGS(flags) plants a ud2 where it stands and files a struct
 * bug_entry for it in the __bug_table section: the ud2's address, this
 * file and line, and flags (BUGFLAG_*).  The invalid-opcode handler
 * (arch/x86/kernel/traps.c) looks the faulting address up there with
 * report_bug().  The entry written here must match struct bug_entry
 * field for field: two 8-byte words, two 16-bit words, 4 bytes of padding,
 * 8-byte aligned.
 *
 * Usable from any context; the trap itself does the reporting.
 */
#ifndef _ASM_X86_BUG_H
#define _ASM_X86_BUG_H

#define __BUG_FLAGS(flags)							\
	__asm__ __volatile__("1:\tud2\n"					\
			     ".pushsection __bug_table,\"aw\"\n"		\
			     "\t.balign 8\n"					\
			     "\t.quad 1b\n"					\
			     "\t.quad %c0\n"					\
			     "\t.word %c1\n"					\
			     "\t.word %c2\n"					\
			     "\t.long 0\n"					\
			     ".popsection"					\
			     :: "i"(__FILE__), "i"(__LINE__), "i"(flags))

#endif /* _ASM_X86_BUG_H */
