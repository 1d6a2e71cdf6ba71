// SPDX-License-Identifier: GPL-2.0-only
/*
 * Page-fault handling.  Kernel-mode faults on addresses registered in the
 * exception table (user copies) resume at their fixup; any other
 * kernel-mode fault is an oops with a description of the access.  User
 * faults (demand paging, COW, SIGSEGV) are added by the process/mm code.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <asm/traps.h>
#include <asm/processor.h>
#include <asm/page.h>

static void __noreturn kernel_fault_oops(struct pt_regs *regs, unsigned long err,
					 unsigned long address)
{
	printk_enter_oops();
	if (address < PAGE_SIZE)
		printk(KERN_EMERG "BUG: kernel NULL pointer dereference, address: %016lx\n", address);
	else
		printk(KERN_EMERG "BUG: unable to handle page fault for address: %016lx\n", address);
	printk(KERN_EMERG "#PF: %s %s access in %s mode\n",
	       err & X86_PF_USER ? "user" : "supervisor",
	       err & X86_PF_INSTR ? "instruction fetch" : err & X86_PF_WRITE ? "write" : "read",
	       err & X86_PF_USER ? "user" : "kernel");
	printk(KERN_EMERG "#PF: error_code(0x%04lx) - %s\n", err,
	       err & X86_PF_RSVD ? "reserved bit violation" :
	       err & X86_PF_PROT ? "permissions violation" : "not-present page");
	die("page fault", regs, err);
}

void do_page_fault(struct pt_regs *regs, unsigned long err, unsigned long address)
{
	if (!user_mode(regs) && fixup_exception(regs))
		return;
	kernel_fault_oops(regs, err, address);
}
