// SPDX-License-Identifier: GPL-2.0-only
/*
 * E820 memory map handling.
 *
 * The map from the boot loader may be unsorted and overlapping (firmware
 * bugs are common); sanitize() rebuilds it from boundary points so every
 * byte gets exactly one type, the most restrictive of those claiming it
 * (reserved beats RAM).  mem=SIZE clips RAM above SIZE.  Interface in
 * <asm/e820.h>.  Boot-time only, single-threaded.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/printk.h>
#include <linux/memblock.h>
#include <linux/kstrtox.h>
#include <linux/sort.h>
#include <asm/e820.h>
#include <asm/page.h>

struct e820_table e820_table;
static u64 mem_limit = ~0ULL;

static const char *type_name(u32 type)
{
	switch (type) {
	case E820_TYPE_RAM: return "usable";
	case E820_TYPE_RESERVED: return "reserved";
	case E820_TYPE_ACPI: return "ACPI data";
	case E820_TYPE_NVS: return "ACPI NVS";
	case E820_TYPE_UNUSABLE: return "unusable";
	case E820_TYPE_PMEM: return "persistent (type 7)";
	default: return "type unknown";
	}
}

/* Higher number = wins an overlap.  RAM is the weakest claim. */
static int type_rank(u32 type)
{
	return type == E820_TYPE_RAM ? 0 : (int)type;
}

struct boundary {
	u64 addr;
	int entry;
	bool start;
};

static int cmp_boundary(const void *a, const void *b)
{
	const struct boundary *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return 0;
}

static struct boundary bounds[2 * E820_MAX_ENTRIES] __initdata;
static struct e820_table raw __initdata;

static void __init sanitize(void)
{
	int nb = 0, active[E820_MAX_ENTRIES], nactive = 0;
	u32 cur_type = 0;
	u64 cur_start = 0;

	raw = e820_table;
	for (u32 i = 0; i < raw.nr_entries; i++) {
		if (!raw.entries[i].size || raw.entries[i].addr + raw.entries[i].size < raw.entries[i].addr)
			continue;
		bounds[nb++] = (struct boundary){ raw.entries[i].addr, i, true };
		bounds[nb++] = (struct boundary){ raw.entries[i].addr + raw.entries[i].size, i, false };
	}
	sort(bounds, nb, sizeof(bounds[0]), cmp_boundary, NULL);

	e820_table.nr_entries = 0;
	for (int b = 0; b < nb;) {
		u64 addr = bounds[b].addr;
		u32 best = 0;

		/* Apply every boundary at this address, then see which type rules. */
		for (; b < nb && bounds[b].addr == addr; b++) {
			if (bounds[b].start) {
				active[nactive++] = bounds[b].entry;
			} else {
				for (int k = 0; k < nactive; k++) {
					if (active[k] == bounds[b].entry) {
						active[k] = active[--nactive];
						break;
					}
				}
			}
		}
		for (int k = 0; k < nactive; k++) {
			u32 t = raw.entries[active[k]].type;

			if (!best || type_rank(t) > type_rank(best))
				best = t;
		}
		if (best == cur_type)
			continue;
		if (cur_type && addr > cur_start && e820_table.nr_entries < E820_MAX_ENTRIES)
			e820_table.entries[e820_table.nr_entries++] =
				(struct e820_entry){ cur_start, addr - cur_start, cur_type };
		cur_type = best;
		cur_start = addr;
	}
}

void __init e820__from_boot_params(const struct boot_params *bp)
{
	u32 n = min_t(u32, bp->e820_entries, E820_MAX_ENTRIES_ZEROPAGE);

	for (u32 i = 0; i < n; i++) {
		e820_table.entries[i].addr = bp->e820_table[i].addr;
		e820_table.entries[i].size = bp->e820_table[i].size;
		e820_table.entries[i].type = bp->e820_table[i].type;
	}
	e820_table.nr_entries = n;
	if (!n) {
		/* No map at all: assume the classic 640K + 1M..alt_mem_k layout. */
		pr_warn("e820: boot loader gave no memory map; using alt_mem_k\n");
		e820_table.entries[0] = (struct e820_entry){ 0, 0x9f000, E820_TYPE_RAM };
		e820_table.entries[1] = (struct e820_entry){ 0x100000, (u64)bp->alt_mem_k << 10,
							     E820_TYPE_RAM };
		e820_table.nr_entries = 2;
	}
	sanitize();
}

void __init e820__print_table(const char *who)
{
	for (u32 i = 0; i < e820_table.nr_entries; i++) {
		struct e820_entry *e = &e820_table.entries[i];

		pr_info("%s: [mem %#018llx-%#018llx] %s\n", who, e->addr,
			e->addr + e->size - 1, type_name(e->type));
	}
}

u64 e820__total_ram(void)
{
	u64 total = 0;

	for (u32 i = 0; i < e820_table.nr_entries; i++)
		if (e820_table.entries[i].type == E820_TYPE_RAM)
			total += e820_table.entries[i].size;
	return total;
}

bool e820__mapped_any(u64 start, u64 end, u32 type)
{
	for (u32 i = 0; i < e820_table.nr_entries; i++) {
		struct e820_entry *e = &e820_table.entries[i];

		if (e->type == type && e->addr < end && e->addr + e->size > start)
			return true;
	}
	return false;
}

/* Register page-aligned RAM (below mem=) with memblock. */
void __init e820__memblock_setup(void)
{
	for (u32 i = 0; i < e820_table.nr_entries; i++) {
		struct e820_entry *e = &e820_table.entries[i];
		u64 start = ALIGN(e->addr, PAGE_SIZE);
		u64 end = ALIGN_DOWN(e->addr + e->size, PAGE_SIZE);

		if (e->type != E820_TYPE_RAM)
			continue;
		end = min(end, mem_limit);
		if (start < end)
			memblock_add(start, end - start);
	}
}

/* mem=SIZE: use no RAM above SIZE (K/M/G suffixes). */
static int __init parse_mem(char *arg)
{
	char *end;
	u64 size = memparse(arg, &end);

	if (!size || *end) {
		pr_warn("e820: ignoring bad mem=%s\n", arg);
		return 1;
	}
	mem_limit = size;
	pr_notice("e820: RAM limited to %llu MiB by mem=\n", size >> 20);
	return 1;
}
early_param("mem=", parse_mem);
