/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The firmware memory map (E820), as handed over in boot_params, cleaned up
 * (sorted, overlaps resolved in favour of the more restrictive type) and
 * trimmed by mem=.  e820__memblock_setup() feeds its RAM to memblock.
 */
#ifndef _ASM_X86_E820_H
#define _ASM_X86_E820_H

#include <linux/types.h>
#include <asm/bootparam.h>

#define E820_MAX_ENTRIES 256

struct e820_entry {
	u64 addr;
	u64 size;
	u32 type;
};

struct e820_table {
	u32 nr_entries;
	struct e820_entry entries[E820_MAX_ENTRIES];
};

extern struct e820_table e820_table;

void e820__from_boot_params(const struct boot_params *bp);
void e820__print_table(const char *who);
void e820__memblock_setup(void);
u64 e820__total_ram(void);
bool e820__mapped_any(u64 start, u64 end, u32 type);

#endif /* _ASM_X86_E820_H */
