// SPDX-License-Identifier: GPL-2.0-only
/*
 * memblock: boot-time physical memory bookkeeping (see <linux/memblock.h>).
 *
 * Two sorted, non-overlapping region arrays: memory (all usable RAM) and
 * reserved (what is taken).  Adding a range merges it with its neighbours;
 * removing one may split a region.  Allocation scans the free gaps from the
 * top of memory down, so early allocations stay out of the low memory that
 * DMA-limited devices and the SMP trampoline want.
 */
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/panic.h>
#include <linux/bug.h>
#include <linux/mm.h>
#include <asm/page.h>

struct memblock_type memblock_memory, memblock_reserved;
phys_addr_t memblock_limit = ~(phys_addr_t)0;

static void insert_region(struct memblock_type *t, int i, phys_addr_t base, phys_addr_t size)
{
	memmove(&t->regions[i + 1], &t->regions[i], (t->cnt - i) * sizeof(t->regions[0]));
	t->regions[i].base = base;
	t->regions[i].size = size;
	t->cnt++;
}

static void remove_region(struct memblock_type *t, int i)
{
	memmove(&t->regions[i], &t->regions[i + 1], (t->cnt - i - 1) * sizeof(t->regions[0]));
	t->cnt--;
}

static int region_add(struct memblock_type *t, phys_addr_t base, phys_addr_t size)
{
	phys_addr_t end = base + size;
	int i;

	if (!size)
		return 0;
	/* Find the first region that ends at or after base. */
	for (i = 0; i < t->cnt; i++)
		if (t->regions[i].base + t->regions[i].size >= base)
			break;
	/* Absorb every region that touches [base, end). */
	while (i < t->cnt && t->regions[i].base <= end) {
		phys_addr_t rb = t->regions[i].base, re = rb + t->regions[i].size;

		base = min(base, rb);
		end = max(end, re);
		remove_region(t, i);
	}
	if (t->cnt == MEMBLOCK_MAX_REGIONS) {
		pr_err("memblock: region table full, dropping %#llx-%#llx\n", base, end);
		return -1;
	}
	insert_region(t, i, base, end - base);
	return 0;
}

static int region_remove(struct memblock_type *t, phys_addr_t base, phys_addr_t size)
{
	phys_addr_t end = base + size;

	for (int i = 0; i < t->cnt; i++) {
		phys_addr_t rb = t->regions[i].base, re = rb + t->regions[i].size;

		if (re <= base || rb >= end)
			continue;
		remove_region(t, i);
		if (re > end && region_add(t, end, re - end))
			return -1;
		if (rb < base && region_add(t, rb, base - rb))
			return -1;
		i = -1;		/* the array changed: rescan */
	}
	return 0;
}

int memblock_add(phys_addr_t base, phys_addr_t size)
{
	return region_add(&memblock_memory, base, size);
}

int memblock_reserve(phys_addr_t base, phys_addr_t size)
{
	return region_add(&memblock_reserved, base, size);
}

int memblock_remove(phys_addr_t base, phys_addr_t size)
{
	return region_remove(&memblock_memory, base, size);
}

bool memblock_is_reserved(phys_addr_t addr)
{
	for (int i = 0; i < memblock_reserved.cnt; i++) {
		struct memblock_region *r = &memblock_reserved.regions[i];

		if (addr >= r->base && addr < r->base + r->size)
			return true;
	}
	return false;
}

/*
 * Iterate the free ranges: memory minus reserved.  *idx encodes the memory
 * region (high 32 bits) and the reserved-gap index (low 32 bits).
 */
bool memblock_next_free_range(u64 *idx, phys_addr_t *out_start, phys_addr_t *out_end)
{
	u32 mi = *idx >> 32, ri = (u32)*idx;

	for (; mi < (u32)memblock_memory.cnt; mi++, ri = 0) {
		struct memblock_region *m = &memblock_memory.regions[mi];
		phys_addr_t mb = m->base, me = m->base + m->size;

		/* Gaps between reserved regions: gap ri lies before reserved[ri]. */
		for (; ri <= (u32)memblock_reserved.cnt; ri++) {
			phys_addr_t gb = ri ? memblock_reserved.regions[ri - 1].base +
					      memblock_reserved.regions[ri - 1].size : 0;
			phys_addr_t ge = ri < (u32)memblock_reserved.cnt ?
					 memblock_reserved.regions[ri].base : ~(phys_addr_t)0;
			phys_addr_t s = max(gb, mb), e = min(ge, me);

			if (gb >= me)
				break;
			if (s < e) {
				*out_start = s;
				*out_end = e;
				*idx = ((u64)mi << 32) | (ri + 1);
				return true;
			}
		}
	}
	return false;
}

phys_addr_t memblock_phys_alloc(phys_addr_t size, phys_addr_t align)
{
	phys_addr_t best = 0, start, end;
	u64 i;

	/* After mm_core_init() every free range belongs to the buddy allocator. */
	if (WARN(mm_page_alloc_ready, "memblock: allocation after the page allocator took over\n"))
		return 0;
	if (!align)
		align = PAGE_SIZE;
	size = ALIGN(size, align);
	/* Top-down: the highest fitting free range below the limit. */
	for_each_free_mem_range(i, start, end) {
		phys_addr_t cand;

		end = min(end, memblock_limit);
		if (end < size || end - size < start)
			continue;
		cand = ALIGN_DOWN(end - size, align);
		/* Never hand out page 0: a NULL physical address is a bug magnet. */
		if (cand >= start && cand > best && cand >= PAGE_SIZE)
			best = cand;
	}
	if (!best)
		return 0;
	memblock_reserve(best, size);
	return best;
}

void *memblock_alloc(phys_addr_t size, phys_addr_t align)
{
	phys_addr_t pa = memblock_phys_alloc(size, align);
	void *p;

	if (!pa)
		panic("memblock: out of boot memory allocating %llu bytes", (u64)size);
	p = __va(pa);
	memset(p, 0, size);
	return p;
}

phys_addr_t memblock_phys_mem_size(void)
{
	phys_addr_t total = 0;

	for (int i = 0; i < memblock_memory.cnt; i++)
		total += memblock_memory.regions[i].size;
	return total;
}

phys_addr_t memblock_end_of_DRAM(void)
{
	struct memblock_region *r;

	if (!memblock_memory.cnt)
		return 0;
	r = &memblock_memory.regions[memblock_memory.cnt - 1];
	return r->base + r->size;
}

void memblock_dump(void)
{
	for (int i = 0; i < memblock_memory.cnt; i++)
		pr_debug("memblock: memory   [%#018llx-%#018llx]\n", memblock_memory.regions[i].base,
			 memblock_memory.regions[i].base + memblock_memory.regions[i].size - 1);
	for (int i = 0; i < memblock_reserved.cnt; i++)
		pr_debug("memblock: reserved [%#018llx-%#018llx]\n", memblock_reserved.regions[i].base,
			 memblock_reserved.regions[i].base + memblock_reserved.regions[i].size - 1);
}
