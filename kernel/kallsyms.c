// SPDX-License-Identifier: GPL-2.0-only
/*
 * Address to symbol name lookup over the tables scripts/kallsyms
 * generates from vmlinux (interface in <linux/kallsyms.h>).
 *
 * Tables (in .rodata.kallsyms, emitted by the tool):
 *   kallsyms_num_syms       number of entries
 *   kallsyms_addresses[i]   start address, sorted ascending; at equal
 *                           addresses the preferred name comes first
 *   kallsyms_sizes[i]       ELF st_size, 0 when unknown (asm labels)
 *   kallsyms_name_offsets[i] offset of entry i's name in kallsyms_names
 *   kallsyms_names          the NUL-terminated names back to back
 *
 * A symbol's extent is its ELF size when it has one and addr falls inside
 * it; otherwise it runs to the next higher symbol address (or _etext), so
 * an address in padding or an unnamed stub is blamed on the symbol before
 * it, with an offset past its size.
 *
 * Read-only after link: no locking, usable from any context.
 */
#include <linux/kallsyms.h>
#include <linux/sprintf.h>
#include <linux/string.h>

extern const unsigned long kallsyms_num_syms;
extern const unsigned long kallsyms_addresses[];
extern const unsigned int kallsyms_sizes[];
extern const unsigned int kallsyms_name_offsets[];
extern const char kallsyms_names[];

static const char *kallsyms_name(unsigned long idx)
{
	return &kallsyms_names[kallsyms_name_offsets[idx]];
}

/*
 * Index of the first entry with the highest address <= addr.  The caller
 * has checked that addr >= kallsyms_addresses[0].
 */
static unsigned long kallsyms_find(unsigned long addr)
{
	unsigned long lo = 0, hi = kallsyms_num_syms, mid;

	/* Invariant: addresses[lo] <= addr, and addresses[hi] > addr if hi < n. */
	while (hi - lo > 1) {
		mid = lo + (hi - lo) / 2;
		if (kallsyms_addresses[mid] <= addr)
			lo = mid;
		else
			hi = mid;
	}
	/* Step back over aliases to the preferred (first) name. */
	while (lo && kallsyms_addresses[lo - 1] == kallsyms_addresses[lo])
		lo--;
	return lo;
}

/* End of the region entry idx owns by adjacency: next distinct address. */
static unsigned long kallsyms_next_addr(unsigned long idx)
{
	unsigned long start = kallsyms_addresses[idx];

	for (idx++; idx < kallsyms_num_syms; idx++) {
		if (kallsyms_addresses[idx] != start)
			return kallsyms_addresses[idx];
	}
	return (unsigned long)_etext;
}

const char *kallsyms_lookup(unsigned long addr, unsigned long *symsize,
			    unsigned long *offset)
{
	unsigned long idx, start, size;

	if (!kallsyms_num_syms || !is_kernel_text(addr) ||
	    addr < kallsyms_addresses[0])
		return NULL;

	idx = kallsyms_find(addr);
	start = kallsyms_addresses[idx];
	size = kallsyms_sizes[idx];
	if (!size || addr - start >= size)
		size = kallsyms_next_addr(idx) - start;

	if (symsize)
		*symsize = size;
	if (offset)
		*offset = addr - start;
	return kallsyms_name(idx);
}

/* lookup_addr is what is searched; the offset printed is from addr. */
static int format_symbol(char *buf, size_t len, unsigned long addr,
			 unsigned long lookup_addr, bool with_offset)
{
	unsigned long size, offset;
	const char *name = kallsyms_lookup(lookup_addr, &size, &offset);

	if (!name)
		return scnprintf(buf, len, "0x%lx", addr);
	if (!with_offset)
		return scnprintf(buf, len, "%s", name);
	offset += addr - lookup_addr;
	return scnprintf(buf, len, "%s+0x%lx/0x%lx", name, offset, size);
}

int sprint_symbol(char *buf, size_t len, unsigned long addr)
{
	return format_symbol(buf, len, addr, addr, true);
}

int sprint_symbol_no_offset(char *buf, size_t len, unsigned long addr)
{
	return format_symbol(buf, len, addr, addr, false);
}

/*
 * A return address may point just past the end of a function that ends in
 * a call to a noreturn function; looking up addr - 1 names the caller.
 */
int sprint_backtrace(char *buf, size_t len, unsigned long addr)
{
	return format_symbol(buf, len, addr, addr - 1, true);
}

/* Linear scan: used rarely (debug hooks, tests), never on hot paths. */
unsigned long kallsyms_lookup_name(const char *name)
{
	unsigned long i;

	for (i = 0; i < kallsyms_num_syms; i++) {
		if (!strcmp(kallsyms_name(i), name))
			return kallsyms_addresses[i];
	}
	return 0;
}
