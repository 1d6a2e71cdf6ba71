// SPDX-License-Identifier: GPL-2.0-only
/*
 * CPU exceptions: the IDT, the dispatcher the entry stubs call, oops
 * reports (register dump + symbolized backtrace) and BUG/WARN handling.
 *
 * Interface: idt_setup() once on the boot CPU, load_idt() on every CPU,
 * exception_dispatch() from entry_64.S, die(), show_regs(), dump_stack(),
 * report_bug().
 *
 * A fault in kernel mode first gets a chance at an exception-table fixup
 * (user-copy routines); anything else is an oops, which panics - the
 * kernel does not try to limp on after touching memory it did not mean to.
 * An exception in user mode becomes a signal to the task, with Linux's
 * signal numbers and si_codes (do_user_trap()); when the task has no
 * handler for it, one rate-limited console line says where it happened,
 * in the form Linux uses ("prog[pid]: segfault at ADDR ip IP sp SP error
 * E in file[start+size]"), unless debug.exception-trace is 0.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/bug.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/panic.h>
#include <linux/smp.h>
#include <asm/desc.h>
#include <asm/traps.h>
#include <asm/processor.h>
#include <asm/segment.h>
#include <asm/stacktrace.h>
#include <asm/fpu.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/mm.h>
#include <linux/mmap_lock.h>
#include <linux/fs.h>
#include <linux/sysctl.h>

#define GATE_INTERRUPT	0x8e	/* present, DPL 0, 64-bit interrupt gate */
#define GATE_USER_INT	0xee	/* present, DPL 3 (reachable with int3) */

struct idt_gate {
	u16 offset_low;
	u16 segment;
	u8 ist;
	u8 type_attr;
	u16 offset_mid;
	u32 offset_high;
	u32 reserved;
} __packed;

static struct idt_gate idt_table[256] __aligned(PAGE_SIZE);

static const char *const exception_names[32] = {
	[X86_TRAP_DE] = "divide error",
	[X86_TRAP_DB] = "debug",
	[X86_TRAP_NMI] = "NMI",
	[X86_TRAP_BP] = "int3",
	[X86_TRAP_OF] = "overflow",
	[X86_TRAP_BR] = "bounds",
	[X86_TRAP_UD] = "invalid opcode",
	[X86_TRAP_NM] = "device not available",
	[X86_TRAP_DF] = "double fault",
	[9] = "coprocessor segment overrun",
	[X86_TRAP_TS] = "invalid TSS",
	[X86_TRAP_NP] = "segment not present",
	[X86_TRAP_SS] = "stack segment",
	[X86_TRAP_GP] = "general protection fault",
	[X86_TRAP_PF] = "page fault",
	[X86_TRAP_MF] = "x87 floating point",
	[X86_TRAP_AC] = "alignment check",
	[X86_TRAP_MC] = "machine check",
	[X86_TRAP_XF] = "SIMD floating point",
	[20] = "virtualization",
	[21] = "control protection",
};

static void set_gate(int vector, u8 type_attr, int ist)
{
	unsigned long addr = (unsigned long)irq_entry_stubs + vector * IRQ_STUB_SIZE;
	struct idt_gate *g = &idt_table[vector];

	g->offset_low = addr & 0xffff;
	g->segment = __KERNEL_CS;
	g->ist = ist;
	g->type_attr = type_attr;
	g->offset_mid = (addr >> 16) & 0xffff;
	g->offset_high = addr >> 32;
	g->reserved = 0;
}

void __init idt_setup(void)
{
	for (int v = 0; v < 256; v++)
		set_gate(v, GATE_INTERRUPT, 0);
	set_gate(X86_TRAP_BP, GATE_USER_INT, 0);
	set_gate(X86_TRAP_DF, GATE_INTERRUPT, IST_DOUBLE_FAULT);
	set_gate(X86_TRAP_NMI, GATE_INTERRUPT, IST_NMI);
	set_gate(X86_TRAP_MC, GATE_INTERRUPT, IST_MCE);
}

void load_idt(void)
{
	struct desc_ptr idtr = { sizeof(idt_table) - 1, (u64)idt_table };

	__asm__ __volatile__("lidt %0" :: "m"(idtr));
}

/* ------------------------------------------------------------ reports */

static void print_symbol_line(const char *lvl, const char *prefix, unsigned long addr)
{
	char sym[128];

	sprint_symbol(sym, sizeof(sym), addr);
	printk("%s%s%s\n", lvl, prefix, sym);
}

/* A call trace at printk level lvl (a WARN's report is all KERN_WARNING). */
static void show_stack_lvl(unsigned long bp, const char *lvl)
{
	unsigned long lo = bp & ~(THREAD_SIZE - 1), hi = lo + THREAD_SIZE;
	bool switched = false;
	int depth = 0;

	printk("%sCall Trace:\n", lvl);
	/*
	 * Frame-pointer walk: [bp] = caller's bp, [bp + 8] = return address.
	 * Frames move towards higher addresses inside one stack; a corrupt
	 * chain stops the walk instead of faulting.  The record entry_64.S
	 * pushes links an exception stack to the interrupted stack: that
	 * one jump to another stack is followed.
	 */
	while (bp >= lo && bp + 16 <= hi && !(bp & 7) && depth++ < 48) {
		unsigned long ret = ((unsigned long *)bp)[1];
		unsigned long next = ((unsigned long *)bp)[0];

		if (!ret)
			break;
		print_symbol_line(lvl, " ", ret);
		if (next > bp && next + 16 <= hi) {
			bp = next;
			continue;
		}
		if (switched || next < __PAGE_OFFSET || (next & 7))
			break;
		switched = true;
		lo = next & ~(THREAD_SIZE - 1);
		hi = lo + THREAD_SIZE;
		bp = next;
	}
}

void show_stack_from(unsigned long bp)
{
	show_stack_lvl(bp, KERN_EMERG);
}

static void show_regs_lvl(struct pt_regs *regs, const char *lvl)
{
	char sym[128];

	sprint_symbol(sym, sizeof(sym), regs->ip);
	printk("%sCPU: %d\n", lvl, smp_processor_id());
	printk("%sRIP: %04lx:%016lx %s\n", lvl, regs->cs, regs->ip, sym);
	printk("%sRSP: %04lx:%016lx EFLAGS: %08lx\n", lvl, regs->ss, regs->sp, regs->flags);
	printk("%sRAX: %016lx RBX: %016lx RCX: %016lx\n", lvl, regs->ax, regs->bx, regs->cx);
	printk("%sRDX: %016lx RSI: %016lx RDI: %016lx\n", lvl, regs->dx, regs->si, regs->di);
	printk("%sRBP: %016lx R08: %016lx R09: %016lx\n", lvl, regs->bp, regs->r8, regs->r9);
	printk("%sR10: %016lx R11: %016lx R12: %016lx\n", lvl, regs->r10, regs->r11, regs->r12);
	printk("%sR13: %016lx R14: %016lx R15: %016lx\n", lvl, regs->r13, regs->r14, regs->r15);
	printk("%sCR0: %016lx CR2: %016lx CR3: %016lx CR4: %016lx\n", lvl,
	       read_cr0(), read_cr2(), read_cr3(), read_cr4());
	if (!user_mode(regs))
		show_stack_lvl(regs->bp, lvl);
}

void show_regs(struct pt_regs *regs)
{
	show_regs_lvl(regs, KERN_EMERG);
}

noinline void dump_stack(void)
{
	unsigned long bp;

	__asm__ __volatile__("movq %%rbp, %0" : "=r"(bp));
	printk(KERN_EMERG "CPU: %d\n", smp_processor_id());
	show_stack_from(bp);
}

void __noreturn die(const char *str, struct pt_regs *regs, unsigned long err)
{
	printk_enter_oops();
	printk(KERN_EMERG "Oops: %s: %04lx [#1] SMP\n", str, err);
	show_regs(regs);
	panic("Fatal exception");
}

extern const struct bug_entry __start___bug_table[], __stop___bug_table[];

bool report_bug(unsigned long ip, struct pt_regs *regs)
{
	const struct bug_entry *b;

	for (b = __start___bug_table; b < __stop___bug_table; b++) {
		if (b->addr != ip)
			continue;
		if (!(b->flags & BUGFLAG_WARNING)) {
			printk_enter_oops();
			printk(KERN_EMERG "------------[ cut here ]------------\n");
			printk(KERN_EMERG "kernel BUG at %s:%u!\n", b->file, b->line);
			die("invalid opcode", regs, 0);
		}
		if ((b->flags & BUGFLAG_ONCE) && (b->flags & BUGFLAG_DONE))
			return true;
		((struct bug_entry *)b)->flags |= BUGFLAG_DONE;
		printk(KERN_WARNING "------------[ cut here ]------------\n");
		printk(KERN_WARNING "WARNING: CPU: %d at %s:%u %pS\n",
		       smp_processor_id(), b->file, b->line, (void *)ip);
		show_regs_lvl(regs, KERN_WARNING);
		printk(KERN_WARNING "---[ end trace ]---\n");
		return true;
	}
	return false;
}

/* ------------------------------------------------------------ user mode */

/* SIGFPE's si_code from the unmasked exception flags of an x87/SIMD fault. */
static int fpe_code(unsigned long vector)
{
	u32 status, masks;

	if (vector == X86_TRAP_XF) {
		status = fpu_read_mxcsr();
		masks = status >> 7;
	} else {
		u16 cw;

		status = fpu_read_fsw();
		__asm__ __volatile__("fnstcw %0" : "=m"(cw));
		masks = cw;
	}
	status &= ~masks & 0x3f;
	if (status & 0x01)
		return FPE_FLTINV;
	if (status & 0x04)
		return FPE_FLTDIV;
	if (status & 0x08)
		return FPE_FLTOVF;
	if (status & 0x10)
		return FPE_FLTUND;
	if (status & 0x20)
		return FPE_FLTRES;
	return 0;	/* Linux reports unknown causes with si_code 0 too */
}

/* ------------------------------------------------------------ user exceptions */

int show_unhandled_signals = 1;

static struct ctl_table debug_table[] = {
	{ .procname = "exception-trace", .data = &show_unhandled_signals,
	  .maxlen = sizeof(int), .mode = 0644, .proc_handler = proc_dointvec },
	{ }
};

static int __init debug_sysctl_init(void)
{
	if (!register_sysctl("debug", debug_table))
		pr_err("sysctl: cannot register debug.exception-trace\n");
	return 0;
}
late_initcall(debug_sysctl_init);

/* " in FILE[START+SIZE]" for the file mapping that holds ip, or "". */
static void user_ip_mapping(unsigned long ip, char *buf, size_t len)
{
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;

	buf[0] = '\0';
	/* The fault path has let go of mmap_lock; a trylock keeps it that way if not. */
	if (!mm || !mmap_read_trylock(mm))
		return;
	vma = find_vma(mm, ip);
	if (vma && vma->vm_start <= ip && vma->vm_file)
		snprintf(buf, len, " in %s[%lx+%lx]",
			 file_dentry(vma->vm_file)->d_name.name, vma->vm_start,
			 vma->vm_end - vma->vm_start);
	mmap_read_unlock(mm);
}

void report_user_exception(struct pt_regs *regs, int sig, const char *what,
			   unsigned long addr, unsigned long err)
{
	char where[80];

	if (!READ_ONCE(show_unhandled_signals) || !sig_unhandled(current, sig))
		return;
	user_ip_mapping(regs->ip, where, sizeof(where));
	printk_ratelimited(KERN_INFO "%s[%d]: %s at %lx ip %lx sp %lx error %lx%s on CPU %d\n",
			   current->comm, current->pid, what, addr, regs->ip,
			   regs->sp, err, where, smp_processor_id());
}

/* An exception in user mode: the signal Linux sends for it. */
static void do_user_trap(struct pt_regs *regs, unsigned long vector, unsigned long err)
{
	void *ip = (void *)regs->ip;

	current->thread.trap_nr = vector;
	current->thread.error_code = err;
	switch (vector) {
	case X86_TRAP_DE:
	case X86_TRAP_UD:
	case X86_TRAP_GP:
		report_user_exception(regs, vector == X86_TRAP_DE ? SIGFPE :
				      vector == X86_TRAP_UD ? SIGILL : SIGSEGV,
				      vector == X86_TRAP_DE ? "divide error" :
				      vector == X86_TRAP_UD ? "invalid opcode" :
				      "general protection fault", regs->ip, err);
		break;
	}
	switch (vector) {
	case X86_TRAP_DE:
		force_sig_fault(SIGFPE, FPE_INTDIV, ip);
		break;
	case X86_TRAP_DB:
		force_sig_fault(SIGTRAP, TRAP_TRACE, ip);
		break;
	case X86_TRAP_BP:
		force_sig(SIGTRAP);
		break;
	case X86_TRAP_UD:
		force_sig_fault(SIGILL, ILL_ILLOPN, ip);
		break;
	case X86_TRAP_MF:
	case X86_TRAP_XF:
		force_sig_fault(SIGFPE, fpe_code(vector), ip);
		break;
	case X86_TRAP_AC:
		force_sig_fault(SIGBUS, BUS_ADRALN, ip);
		break;
	case X86_TRAP_NP:
	case X86_TRAP_SS:
		force_sig(SIGBUS);
		break;
	default:	/* #GP, #OF, #BR, #TS, #NM and the rest */
		force_sig(SIGSEGV);
		break;
	}
}

/* ------------------------------------------------------------ dispatch */

void exception_dispatch(struct pt_regs *regs, unsigned long vector)
{
	unsigned long err = regs->orig_ax;

	switch (vector) {
	case X86_TRAP_PF:
		do_page_fault(regs, err, read_cr2());
		return;
	case X86_TRAP_UD:
		if (!user_mode(regs) && report_bug(regs->ip, regs)) {
			regs->ip += 2;	/* skip the ud2 of a WARN */
			return;
		}
		break;
	case X86_TRAP_NMI:
		if (nmi_stop_handler(regs))
			return;
		unknown_nmi_report(regs);
		return;
	case X86_TRAP_GP:
		if (!user_mode(regs) && fixup_exception(regs))
			return;
		break;
	default:
		break;
	}
	if (user_mode(regs) && vector != X86_TRAP_DF && vector != X86_TRAP_MC) {
		do_user_trap(regs, vector, err);
		return;
	}
	die(vector < 32 && exception_names[vector] ? exception_names[vector] : "exception",
	    regs, err);
}
