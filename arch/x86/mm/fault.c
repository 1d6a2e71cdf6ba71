// SPDX-License-Identifier: GPL-2.0-only
/*
 * Page-fault handling: the x86 entry into the mm fault path.
 *
 * User addresses (below TASK_SIZE_MAX), from user mode or from the kernel's
 * user-access helpers: find the VMA under mmap_lock (read), grow a
 * VM_GROWSDOWN stack down to the address if it lies below one (mmap_lock
 * for writing, within RLIMIT_STACK and the stack guard gap), check the
 * access against the VMA (write to a non-writable VMA, instruction fetch
 * from a non-executable one, any access to PROT_NONE: SEGV_ACCERR; no VMA:
 * SEGV_MAPERR), and let handle_mm_fault() supply the page.  A fault the
 * mm cannot resolve sends SIGSEGV/SIGBUS with si_addr to a user-mode
 * task; in kernel mode it resumes at the helper's exception-table fixup
 * (the helper then returns -EFAULT or a short count).  Out of memory
 * (VM_FAULT_OOM): a user-mode fault calls pagefault_out_of_memory(),
 * which lets the OOM killer (mm/oom_kill.c) choose a victim unless one is
 * already dying, and returns so that the access is retried; a kernel-mode
 * user copy gets its fixup.  Resolved faults count in current->min_flt.
 *
 * Kernel-mode rules for user addresses: only instructions listed in the
 * exception table may fault on them (anything else is an oops, as are
 * SMAP/SMEP violations and reserved-bit faults); with interrupts disabled
 * at the fault, or for a task without an mm, there is no fault handling,
 * only the fixup.  If the task already holds its own mmap_lock (tracked
 * by <linux/mmap_lock.h>), the fault is handled under that hold instead of
 * locking again - a second down_read() could wait forever behind a queued
 * writer; a stack that would need growing then gets the fixup instead.
 *
 * Kernel addresses: exception-table fixup or an oops; from user mode,
 * SIGSEGV (SEGV_MAPERR).
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/mmap_lock.h>
#include <linux/signal.h>
#include <linux/oom.h>
#include <asm/traps.h>
#include <asm/processor.h>
#include <asm/page.h>
#include <asm/irqflags.h>
#include <asm/uaccess.h>

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

/* A kernel-mode fault nobody resolves: the fixup, or an oops. */
static void kernel_fixup_or_oops(struct pt_regs *regs, unsigned long err, unsigned long address)
{
	if (fixup_exception(regs))
		return;
	kernel_fault_oops(regs, err, address);
}

/* Does the VMA forbid this access?  (x86: write and exec imply read.) */
static bool access_error(unsigned long err, struct vm_area_struct *vma)
{
	if (err & X86_PF_WRITE)
		return !(vma->vm_flags & VM_WRITE);
	if (err & X86_PF_INSTR)
		return !(vma->vm_flags & VM_EXEC);
	if (err & X86_PF_PROT)
		return true;	/* read of a present page: not ours to fix */
	return !(vma->vm_flags & VM_ACCESS_FLAGS);
}

/* What the signal frame's sigcontext reports (cr2, trapno, err). */
static void set_signal_fault_info(unsigned long err, unsigned long address)
{
	/* Like Linux, do not tell user space whether a kernel address is mapped. */
	if (address >= TASK_SIZE_MAX)
		err |= X86_PF_PROT;
	current->thread.cr2 = address;
	current->thread.trap_nr = X86_TRAP_PF;
	current->thread.error_code = err | X86_PF_USER;
}

static void bad_area(struct pt_regs *regs, unsigned long err, unsigned long address,
		     int sig, int code)
{
	if (!user_mode(regs)) {
		kernel_fixup_or_oops(regs, err, address);
		return;
	}
	set_signal_fault_info(err, address);
	report_user_exception(regs, sig, sig == SIGBUS ? "bus error" : "segfault", address,
			      current->thread.error_code);
	force_sig_fault(sig, code, (void *)address);
}

/*
 * Resolve a fault on a user address with mmap_lock held as *held says
 * (MMAP_LOCKED_READ or _WRITE); stack growth may upgrade a read hold we
 * took ourselves (*held changes).  Returns 0, or the si_code of the
 * SIGSEGV to send, or -1 with *fault set for handle_mm_fault() errors.
 */
static int fault_locked(struct mm_struct *mm, unsigned long err, unsigned long address,
			unsigned int flags, struct pt_regs *regs, unsigned int *held, bool own,
			vm_fault_t *fault)
{
	struct vm_area_struct *vma = find_vma(mm, address);

	if (!vma)
		return SEGV_MAPERR;
	if (vma->vm_start > address) {
		if (!(vma->vm_flags & VM_GROWSDOWN))
			return SEGV_MAPERR;
		if (*held != MMAP_LOCKED_WRITE) {
			if (!own)
				return SEGV_MAPERR;	/* cannot upgrade the caller's hold */
			mmap_read_unlock(mm);
			mmap_write_lock(mm);
			*held = MMAP_LOCKED_WRITE;
			vma = find_vma(mm, address);
			if (!vma)
				return SEGV_MAPERR;
		}
		if (vma->vm_start > address &&
		    (!(vma->vm_flags & VM_GROWSDOWN) || expand_stack_locked(vma, address)))
			return SEGV_MAPERR;
	}
	if (access_error(err, vma))
		return SEGV_ACCERR;
	*fault = handle_mm_fault(vma, address, flags, regs);
	return (*fault & VM_FAULT_ERROR) ? -1 : 0;
}

static void do_user_addr_fault(struct pt_regs *regs, unsigned long err, unsigned long address)
{
	struct mm_struct *mm = current->mm;
	unsigned int flags = 0, held;
	vm_fault_t fault = 0;
	bool own;
	int code;

	if (!user_mode(regs)) {
		/* Only the user-access helpers may touch user memory. */
		if ((err & (X86_PF_RSVD | X86_PF_INSTR)) || !search_exception_tables(regs->ip) ||
		    (smap_enabled && !(regs->flags & X86_EFLAGS_AC)))
			kernel_fault_oops(regs, err, address);
		if (!mm || !(regs->flags & X86_EFLAGS_IF)) {
			kernel_fixup_or_oops(regs, err, address);
			return;
		}
	} else if (err & X86_PF_RSVD) {
		pr_err("%s[%d]: corrupted page table at %lx\n", current->comm, current->pid, address);
		force_sig(SIGKILL);
		return;
	}
	if (!mm) {
		bad_area(regs, err, address, SIGSEGV, SEGV_MAPERR);
		return;
	}

	local_irq_enable();
	if (user_mode(regs))
		flags |= FAULT_FLAG_USER;
	if (err & X86_PF_WRITE)
		flags |= FAULT_FLAG_WRITE;
	if (err & X86_PF_INSTR)
		flags |= FAULT_FLAG_INSTRUCTION;

	held = current->mmap_locked;
	own = held == MMAP_LOCKED_NONE;
	if (own) {
		mmap_read_lock(mm);
		held = MMAP_LOCKED_READ;
	}
	code = fault_locked(mm, err, address, flags, regs, &held, own, &fault);
	if (own) {
		if (held == MMAP_LOCKED_WRITE)
			mmap_write_unlock(mm);
		else
			mmap_read_unlock(mm);
	}

	if (!code) {
		if (fault & VM_FAULT_MAJOR)
			current->maj_flt++;
		else
			current->min_flt++;
	} else if (code > 0) {
		bad_area(regs, err, address, SIGSEGV, code);
	} else if (fault & VM_FAULT_OOM) {
		/* A user copy fails; a user access is retried once the OOM killer had its say. */
		if (!user_mode(regs))
			kernel_fixup_or_oops(regs, err, address);
		else
			pagefault_out_of_memory();
	} else if (fault & VM_FAULT_SIGBUS) {
		bad_area(regs, err, address, SIGBUS, BUS_ADRERR);
	} else {
		bad_area(regs, err, address, SIGSEGV, SEGV_ACCERR);
	}
	local_irq_disable();
}

void do_page_fault(struct pt_regs *regs, unsigned long err, unsigned long address)
{
	if (address < TASK_SIZE_MAX) {
		do_user_addr_fault(regs, err, address);
		return;
	}
	if (user_mode(regs)) {
		local_irq_enable();
		set_signal_fault_info(err, address);
		report_user_exception(regs, SIGSEGV, "segfault", address, current->thread.error_code);
		force_sig_fault(SIGSEGV, SEGV_MAPERR, (void *)address);
		local_irq_disable();
		return;
	}
	kernel_fixup_or_oops(regs, err, address);
}
