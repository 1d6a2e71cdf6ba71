// SPDX-License-Identifier: GPL-2.0-only
/*
 * First C code: x86_64_start_kernel(), called by head_64.S on the boot
 * stack with the physical address of boot_params.  It saves boot_params
 * and the command line before anything can overwrite them, makes
 * exceptions report instead of triple-faulting, and calls start_kernel().
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/start_kernel.h>
#include <asm/setup.h>
#include <asm/desc.h>
#include <asm/page.h>
#include <asm/processor.h>
#include <asm/msr-index.h>
#include <asm/percpu.h>

struct boot_params boot_params;
char boot_command_line[COMMAND_LINE_SIZE];

/* The boot page tables map the first 1 GiB: boot data lives below it. */
static void __init copy_bootdata(u32 bp_phys)
{
	const struct boot_params *bp = __va((phys_addr_t)bp_phys);
	u64 cmd = bp->hdr.cmd_line_ptr | ((u64)bp->ext_cmd_line_ptr << 32);

	memcpy(&boot_params, bp, sizeof(boot_params));
	if (cmd && cmd < (1ULL << 30))
		strscpy(boot_command_line, __va(cmd), COMMAND_LINE_SIZE);
}

void __init __noreturn x86_64_start_kernel(u32 bp_phys)
{
	/* Per-CPU accesses on the boot CPU use the template until areas exist. */
	wrmsr(MSR_GS_BASE, (u64)__per_cpu_start);
	idt_setup();
	load_idt();
	copy_bootdata(bp_phys);
	start_kernel();
}
