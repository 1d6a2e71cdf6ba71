// SPDX-License-Identifier: GPL-2.0-only
/*
 * setup_arch(): the architecture half of early boot, on the boot CPU with
 * interrupts off.  Order matters:
 *   1. early parameters (console=, mem=, loglevel=) and the serial console,
 *      so everything after is visible;
 *   2. the E820 map -> memblock, with the kernel image, the initrd and the
 *      first MiB (BIOS data, EBDA, the SMP trampoline) reserved;
 *   3. page tables for all RAM (init_mem_mapping());
 *   4. per-CPU areas and the boot CPU's GDT/TSS/IDT (cpu_init(0)).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/printk.h>
#include <linux/memblock.h>
#include <linux/percpu.h>
#include <linux/string.h>
#include <linux/serial_8250.h>
#include <generated/utsrelease.h>
#include <asm/setup.h>
#include <asm/e820.h>
#include <asm/pgtable.h>
#include <asm/cpufeature.h>
#include <asm/desc.h>
#include <asm/extable.h>

extern char _text[], _end[];

phys_addr_t initrd_start_phys;
u64 initrd_size;

/* Offsets the boot protocol fixes; a mistake here breaks every loader. */
BUILD_BUG_ON(offsetof(struct boot_params, e820_entries) != 0x1e8);
BUILD_BUG_ON(offsetof(struct boot_params, hdr) != 0x1f1);
BUILD_BUG_ON(offsetof(struct boot_params, e820_table) != 0x2d0);
BUILD_BUG_ON(offsetof(struct setup_header, cmd_line_ptr) != 0x228 - 0x1f1);
BUILD_BUG_ON(offsetof(struct setup_header, init_size) != 0x260 - 0x1f1);
BUILD_BUG_ON(sizeof(struct boot_params) != 4096);

static void __init reserve_initrd(void)
{
	u64 image = boot_params.hdr.ramdisk_image | ((u64)boot_params.ext_ramdisk_image << 32);
	u64 size = boot_params.hdr.ramdisk_size | ((u64)boot_params.ext_ramdisk_size << 32);

	if (!image || !size)
		return;
	if (image + size > memblock_end_of_DRAM()) {
		pr_warn("initrd: %#llx+%#llx lies beyond RAM, ignored\n", image, size);
		return;
	}
	initrd_start_phys = image;
	initrd_size = size;
	memblock_reserve(image & PAGE_MASK, ALIGN(image + size, PAGE_SIZE) - (image & PAGE_MASK));
	pr_info("RAMDISK: [mem %#010llx-%#010llx]\n", image, image + size - 1);
}

void __init setup_arch(char **cmdline_p)
{
	*cmdline_p = boot_command_line;
	parse_early_params();
	serial8250_console_init();

	pr_notice("Tidewater version %s (%s) " UTS_RELEASE "\n", TIDEWATER_VERSION, "x86_64");
	pr_notice("Command line: %s\n", boot_command_line);
	identify_boot_cpu();

	e820__from_boot_params(&boot_params);
	e820__print_table("BIOS-e820");
	e820__memblock_setup();
	/* Low 1 MiB: real-mode IVT, BIOS data, EBDA, option ROMs, trampoline. */
	memblock_reserve(0, 1UL << 20);
	memblock_reserve(__pa(_text), __pa(_end) - __pa(_text));
	reserve_initrd();
	memblock_dump();

	init_mem_mapping();
	sort_extable();
	setup_per_cpu_areas();
	cpu_init(0);
}
