/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Kernel symbol lookup for backtraces and %pS (kernel/kallsyms.c).
 *
 * The tables are generated from vmlinux by scripts/kallsyms at link time
 * (two link passes, see that tool) and cover the kernel's text symbols.
 * Lookups only answer for addresses in [_stext, _etext).
 *
 *   kallsyms_lookup(addr, &size, &off)  name of the symbol containing addr
 *   sprint_symbol(buf, len, addr)       "name+0x1c/0x80" (or "0x..." if none)
 *   sprint_symbol_no_offset(...)        "name"
 *   sprint_backtrace(...)               as sprint_symbol, for return addresses
 *   kallsyms_lookup_name(name)          address of a symbol, 0 if none
 *
 * The tables are read-only after link: no locking, callable from any
 * context including NMI and panic paths.
 */
#ifndef _LINUX_KALLSYMS_H
#define _LINUX_KALLSYMS_H

#include <linux/types.h>

/* Longest symbol name kept (including the NUL). */
#define KSYM_NAME_LEN 128
/* Room for "name+0x<16 digits>/0x<16 digits>" and the NUL. */
#define KSYM_SYMBOL_LEN (KSYM_NAME_LEN + 2 * (3 + 16))

/* Kernel text bounds, defined by the linker script. */
extern char _stext[], _etext[];

static inline bool is_kernel_text(unsigned long addr)
{
	return addr >= (unsigned long)_stext && addr < (unsigned long)_etext;
}

const char *kallsyms_lookup(unsigned long addr, unsigned long *symsize,
			    unsigned long *offset);
int sprint_symbol(char *buf, size_t len, unsigned long addr);
int sprint_symbol_no_offset(char *buf, size_t len, unsigned long addr);
int sprint_backtrace(char *buf, size_t len, unsigned long addr);
unsigned long kallsyms_lookup_name(const char *name);

#endif /* _LINUX_KALLSYMS_H */
