/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Linker script for vmlinux.  The image is linked at __START_KERNEL_map +
 * CONFIG_PHYSICAL_START and loaded (LMA) at CONFIG_PHYSICAL_START, so that
 * "objcopy -O binary" gives the flat image the boot loader puts at
 * code32_start.  Order: text, rodata, data, per-CPU template, kallsyms
 * tables, bss - the kallsyms tables come after everything whose address
 * they record, so the second link pass moves nothing but .bss.
 */
#include <asm/page_types.h>

OUTPUT_FORMAT("elf64-x86-64")
OUTPUT_ARCH(i386:x86-64)
ENTRY(phys_startup_32)

#define LOAD_OFFSET __START_KERNEL_map

PHDRS
{
	text PT_LOAD FLAGS(5);
	data PT_LOAD FLAGS(6);
}

SECTIONS
{
	. = __START_KERNEL_map + CONFIG_PHYSICAL_START;
	phys_startup_32 = startup_32 - LOAD_OFFSET;

	_text = .;
	.text : AT(ADDR(.text) - LOAD_OFFSET) {
		_stext = .;
		KEEP(*(.head.text))
		*(.text .text.*)
		*(.init.text)
		_etext = .;
	} :text

	. = ALIGN(PAGE_SIZE);
	.rodata : AT(ADDR(.rodata) - LOAD_OFFSET) {
		__start_rodata = .;
		*(.rodata)
		*(EXCLUDE_FILE(*.tmp_kallsyms*) .rodata.*)
	} :data

	. = ALIGN(16);
	__ex_table : AT(ADDR(__ex_table) - LOAD_OFFSET) {
		__start___ex_table = .;
		KEEP(*(__ex_table))
		__stop___ex_table = .;
	}

	. = ALIGN(8);
	__bug_table : AT(ADDR(__bug_table) - LOAD_OFFSET) {
		__start___bug_table = .;
		KEEP(*(__bug_table))
		__stop___bug_table = .;
	}

	. = ALIGN(8);
	.init.data : AT(ADDR(.init.data) - LOAD_OFFSET) {
		*(.init.data)
		. = ALIGN(8);
		__initcall_start = .;
		KEEP(*(.initcall0.init))
		KEEP(*(.initcall1.init))
		KEEP(*(.initcall2.init))
		KEEP(*(.initcall3.init))
		KEEP(*(.initcall4.init))
		KEEP(*(.initcall5.init))
		KEEP(*(.initcall6.init))
		KEEP(*(.initcall7.init))
		__initcall_end = .;
		. = ALIGN(8);
		__setup_start = .;
		KEEP(*(.init.setup))
		__setup_end = .;
		. = ALIGN(8);
		__selftests_start = .;
		KEEP(*(.selftests))
		__selftests_end = .;
	}

	. = ALIGN(PAGE_SIZE);
	_sdata = .;
	.data : AT(ADDR(.data) - LOAD_OFFSET) {
		*(.data..page_aligned)
		*(.data .data.*)
	}

	. = ALIGN(PAGE_SIZE);
	.percpu : AT(ADDR(.percpu) - LOAD_OFFSET) {
		__per_cpu_start = .;
		*(.percpu.first)
		*(.percpu)
		. = ALIGN(64);
		__per_cpu_end = .;
	}
	/*
	 * Offsets from a CPU's GS base of the per-CPU variables the syscall
	 * entry uses before it has a free register (entry_64.S: %gs:off).
	 */
	__percpu_off_cpu_user_rsp = cpu_user_rsp - __per_cpu_start;
	__percpu_off_cpu_current_top_of_stack = cpu_current_top_of_stack - __per_cpu_start;

	. = ALIGN(16);
	.kallsyms : AT(ADDR(.kallsyms) - LOAD_OFFSET) {
		*(.rodata.kallsyms)
	}
	_edata = .;

	. = ALIGN(PAGE_SIZE);
	.bss (NOLOAD) : AT(ADDR(.bss) - LOAD_OFFSET) {
		__bss_start = .;
		*(.bss..page_aligned)
		*(.bss .bss.* COMMON)
		. = ALIGN(8);
		__bss_stop = .;
	}
	. = ALIGN(PAGE_SIZE);
	_end = .;

	/DISCARD/ : {
		*(.note.*) *(.comment) *(.eh_frame) *(.discard) *(.discard.*)
	}

	ASSERT(_end - _text <= KERNEL_IMAGE_SIZE - CONFIG_PHYSICAL_START,
	       "kernel image larger than its 1 GiB mapping")
}
