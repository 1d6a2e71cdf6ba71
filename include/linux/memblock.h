/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * memblock: the boot-time physical memory allocator.
 *
 * setup_arch() registers the usable RAM from the E820 map
 * (memblock_add()) and reserves what is in use (kernel image, initrd,
 * boot data: memblock_reserve()).  Until the buddy allocator takes over
 * (memblock_free_all() hands it every free range), early code allocates
 * with memblock_alloc(), which returns zeroed memory through the direct
 * map.  Allocations come top-down below memblock_limit, the end of what
 * the current page tables map.  Single-threaded: used before SMP only.
 */
#ifndef _LINUX_MEMBLOCK_H
#define _LINUX_MEMBLOCK_H

#include <linux/types.h>

#define MEMBLOCK_MAX_REGIONS 128

struct memblock_region {
	phys_addr_t base;
	phys_addr_t size;
};

struct memblock_type {
	int cnt;
	struct memblock_region regions[MEMBLOCK_MAX_REGIONS];
};

extern struct memblock_type memblock_memory, memblock_reserved;
extern phys_addr_t memblock_limit;

int memblock_add(phys_addr_t base, phys_addr_t size);
int memblock_reserve(phys_addr_t base, phys_addr_t size);
int memblock_remove(phys_addr_t base, phys_addr_t size);
phys_addr_t memblock_phys_alloc(phys_addr_t size, phys_addr_t align);
void *memblock_alloc(phys_addr_t size, phys_addr_t align);
phys_addr_t memblock_phys_mem_size(void);
phys_addr_t memblock_end_of_DRAM(void);
bool memblock_is_reserved(phys_addr_t addr);
void memblock_dump(void);

/* Free (not reserved) RAM ranges, in address order. */
#define for_each_free_mem_range(i, start, end) \
	for ((i) = 0; memblock_next_free_range(&(i), &(start), &(end));)
bool memblock_next_free_range(u64 *idx, phys_addr_t *start, phys_addr_t *end);

#define for_each_mem_region(r) \
	for ((r) = memblock_memory.regions; (r) < memblock_memory.regions + memblock_memory.cnt; (r)++)

#endif /* _LINUX_MEMBLOCK_H */
