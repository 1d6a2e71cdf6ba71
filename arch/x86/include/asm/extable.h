/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Exception table: pairs (faulting instruction, fixup address).  Code that
 * may fault on purpose (copying from user pointers) registers its risky
 * instructions with _ASM_EXTABLE(insn, fixup); a kernel-mode #PF or #GP
 * at insn then resumes at fixup instead of oopsing.
 */
#ifndef _ASM_X86_EXTABLE_H
#define _ASM_X86_EXTABLE_H

struct exception_table_entry {
	unsigned long insn;
	unsigned long fixup;
};

#define _ASM_EXTABLE(from, to)				\
	" .pushsection __ex_table, \"a\"\n"		\
	" .balign 8\n"					\
	" .quad " #from ", " #to "\n"			\
	" .popsection\n"

const struct exception_table_entry *search_exception_tables(unsigned long ip);
void sort_extable(void);

#endif /* _ASM_X86_EXTABLE_H */
