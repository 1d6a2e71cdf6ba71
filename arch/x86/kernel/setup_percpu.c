// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-CPU areas (see <asm/percpu.h>): one copy of the .percpu template for
 * every CPU the kernel could run (NR_CPUS: the MADT is not parsed yet),
 * from memblock, each in whole pages of its own, so CPUs never share a
 * cache line of per-CPU data.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/printk.h>
#include <asm/processor.h>
#include <asm/msr-index.h>
#include <asm/page.h>

/* Must be the first per-CPU variable: %gs:0 (see asm/percpu.h). */
DEFINE_PER_CPU_FIRST(unsigned long, this_cpu_off);
DEFINE_PER_CPU(int, cpu_number);

unsigned long __per_cpu_offset[NR_CPUS];

/*
 * Each CPU's copy takes whole pages, all of them zeroed by memblock_alloc()
 * before the template is copied in: nothing a boot loader left in the
 * tail of the last page survives next to the busiest counters.  (Under
 * QEMU's TCG that tail mattered: GRUB's code had run there, and a page
 * still holding translated code sends every store to it - vm_event_states,
 * lru_add_batch - through QEMU's self-modifying-code check.)
 */
void __init setup_per_cpu_areas(void)
{
	size_t size = PAGE_ALIGN(__per_cpu_end - __per_cpu_start);

	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		char *area = memblock_alloc(size, PAGE_SIZE);

		memcpy(area, __per_cpu_start, __per_cpu_end - __per_cpu_start);
		__per_cpu_offset[cpu] = area - __per_cpu_start;
		per_cpu(this_cpu_off, cpu) = __per_cpu_offset[cpu];
		per_cpu(cpu_number, cpu) = cpu;
	}
	/* The boot CPU moves from the template to its own copy. */
	wrmsr(MSR_GS_BASE, (u64)__per_cpu_start + __per_cpu_offset[0]);
	pr_info("percpu: %d areas of %zu bytes\n", NR_CPUS, size);
}
