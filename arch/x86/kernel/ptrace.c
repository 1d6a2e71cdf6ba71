// SPDX-License-Identifier: GPL-2.0-only
/*
 * ptrace(2) on x86_64: the register requests and single-stepping.
 *
 * Interface: arch_ptrace() (PEEKUSER/POKEUSER, GETREGS/SETREGS,
 * GETFPREGS/SETFPREGS, GETREGSET/SETREGSET with NT_PRSTATUS and
 * NT_PRFPREG; everything else goes to ptrace_request()),
 * user_enable_single_step()/user_disable_single_step(),
 * ptrace_syscall_info_regs().
 *
 * The tracee is stopped and off the CPU (ptrace_check_attach()), so its
 * user registers are the pt_regs at the top of its kernel stack, its FS/GS
 * bases are in thread_struct and its FPU state in its FPU area; no lock is
 * needed.  struct user_regs_struct starts with the same 21 words as
 * pt_regs (r15 ... ss) followed by fs_base, gs_base and the data segment
 * selectors, which 64-bit tasks never load here and which read as 0.
 *
 * Writes are checked so that the return to user mode cannot fault in the
 * kernel: rip and the FS/GS bases must be canonical user addresses, cs/ss
 * the 64-bit user selectors, eflags only the bits user mode may own.
 * Anything else is -EIO, as Linux answers.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/ptrace.h>
#include <linux/errno.h>
#include <uapi/linux/elf.h>
#include <uapi/linux/uio.h>
#include <uapi/asm/user.h>
#include <asm/ptrace.h>
#include <asm/processor.h>
#include <asm/processor-flags.h>
#include <asm/segment.h>
#include <asm/page_types.h>
#include <asm/fpu.h>
#include <asm/uaccess.h>

/* Word indexes in user_regs_struct past the pt_regs part. */
#define REG_FS_BASE	21
#define REG_GS_BASE	22
#define REG_DS		23
#define REG_GS		26
#define NR_USER_REGS	27

/* EFLAGS bits a tracer may hand back: its own, plus those always set. */
#define PTRACE_EFLAGS_ACCEPTED	(X86_EFLAGS_USER_SETTABLE | X86_EFLAGS_ID | \
				 X86_EFLAGS_FIXED | X86_EFLAGS_IF)

static unsigned long *pt_regs_word(struct task_struct *child, int idx)
{
	return (unsigned long *)task_pt_regs(child) + idx;
}

static unsigned long get_user_reg(struct task_struct *child, int idx)
{
	/* TF set for single-stepping is ours, not the program's: hide it. */
	if (idx == offsetof(struct pt_regs, flags) / 8 &&
	    test_tsk_thread_flag(child, TIF_SINGLESTEP))
		return task_pt_regs(child)->flags & ~(unsigned long)X86_EFLAGS_TF;
	if (idx < REG_FS_BASE)
		return *pt_regs_word(child, idx);
	if (idx == REG_FS_BASE)
		return child->thread.fsbase;
	if (idx == REG_GS_BASE)
		return child->thread.gsbase;
	return 0;	/* ds, es, fs, gs */
}

static bool canonical_user(unsigned long addr)
{
	return addr < TASK_SIZE_MAX;
}

static bool canonical(unsigned long addr)
{
	return (unsigned long)((long)(addr << 16) >> 16) == addr;
}

/* Store one register, or -EIO if the value could not be returned to. */
static int put_user_reg(struct task_struct *child, int idx, unsigned long val)
{
	struct pt_regs *regs = task_pt_regs(child);

	switch (idx) {
	case offsetof(struct pt_regs, ip) / 8:
		if (!canonical(val))
			return -EIO;
		break;
	case offsetof(struct pt_regs, cs) / 8:
		return val == __USER_CS ? 0 : -EIO;
	case offsetof(struct pt_regs, ss) / 8:
		return val == __USER_DS ? 0 : -EIO;
	case offsetof(struct pt_regs, flags) / 8:
		if (val & ~(unsigned long)PTRACE_EFLAGS_ACCEPTED)
			return -EIO;
		/* The tracer takes over TF: single-stepping no longer owns it. */
		if ((val ^ regs->flags) & X86_EFLAGS_TF)
			clear_tsk_thread_flag(child, TIF_SINGLESTEP);
		regs->flags = (regs->flags & ~(unsigned long)X86_EFLAGS_USER_SETTABLE) |
			      (val & (X86_EFLAGS_USER_SETTABLE | X86_EFLAGS_ID));
		return 0;
	case REG_FS_BASE:
		if (!canonical_user(val))
			return -EIO;
		child->thread.fsbase = val;
		return 0;
	case REG_GS_BASE:
		if (!canonical_user(val))
			return -EIO;
		child->thread.gsbase = val;
		return 0;
	default:
		if (idx >= REG_DS && idx <= REG_GS)
			return val == 0 || (idx < REG_GS - 1 && val == __USER_DS) ? 0 : -EIO;
		break;
	}
	*pt_regs_word(child, idx) = val;
	return 0;
}

static void get_all_regs(struct task_struct *child, struct user_regs_struct *ur)
{
	unsigned long *w = (unsigned long *)ur;

	for (int i = 0; i < NR_USER_REGS; i++)
		w[i] = get_user_reg(child, i);
}

/*
 * Check every value first, then store: a rejected set changes nothing.
 * The checks are put_user_reg()'s, tried on a copy of the registers.
 */
static int set_all_regs(struct task_struct *child, const struct user_regs_struct *ur)
{
	const unsigned long *w = (const unsigned long *)ur;
	struct pt_regs saved = *task_pt_regs(child);
	unsigned long fsbase = child->thread.fsbase, gsbase = child->thread.gsbase;
	bool stepping = test_tsk_thread_flag(child, TIF_SINGLESTEP);

	for (int i = 0; i < NR_USER_REGS; i++) {
		if (put_user_reg(child, i, w[i])) {
			*task_pt_regs(child) = saved;
			child->thread.fsbase = fsbase;
			child->thread.gsbase = gsbase;
			if (stepping)
				set_tsk_thread_flag(child, TIF_SINGLESTEP);
			return -EIO;
		}
	}
	return 0;
}

/* PEEKUSER/POKEUSER: the registers, and the debug registers (none armed). */
static int peek_user(struct task_struct *child, unsigned long off, unsigned long *val)
{
	if (off & 7)
		return -EIO;
	if (off < NR_USER_REGS * 8) {
		*val = get_user_reg(child, off / 8);
		return 0;
	}
	if (off >= USER_DEBUGREG_OFFSET && off < USER_STRUCT_SIZE) {
		*val = 0;
		return 0;
	}
	return -EIO;
}

static int poke_user(struct task_struct *child, unsigned long off, unsigned long val)
{
	if (off & 7)
		return -EIO;
	if (off < NR_USER_REGS * 8)
		return put_user_reg(child, off / 8, val);
	/* Hardware breakpoints are not implemented: only "none" is accepted. */
	if (off >= USER_DEBUGREG_OFFSET && off < USER_STRUCT_SIZE && !val)
		return 0;
	return -EIO;
}

/* GETREGSET/SETREGSET: one register set through an iovec; iov_len shrinks to fit. */
static int ptrace_regset(struct task_struct *child, bool set, unsigned long type,
			 struct iovec *uiov)
{
	union {
		struct user_regs_struct regs;
		struct user_fpregs_struct fp;
	} buf;
	struct iovec iov;
	size_t size;
	int ret = 0;

	if (copy_from_user(&iov, uiov, sizeof(iov)))
		return -EFAULT;
	if (type == NT_PRSTATUS)
		size = sizeof(buf.regs);
	else if (type == NT_PRFPREG && child->thread.fpu)
		size = sizeof(buf.fp);
	else
		return -EINVAL;
	/* Whole registers only; a get into a short buffer gets what fits. */
	if (iov.iov_len % sizeof(long) || (set && iov.iov_len < size))
		return -EINVAL;
	size = min_t(size_t, size, iov.iov_len);

	if (set) {
		if (copy_from_user(&buf, iov.iov_base, size))
			return -EFAULT;
		if (type == NT_PRSTATUS)
			ret = set_all_regs(child, &buf.regs);
		else
			ret = fpu_set_fxregs(child, &buf.fp);
	} else {
		if (type == NT_PRSTATUS)
			get_all_regs(child, &buf.regs);
		else
			fpu_get_fxregs(child, &buf.fp);
		if (copy_to_user(iov.iov_base, &buf, size))
			return -EFAULT;
	}
	if (ret)
		return ret;
	iov.iov_len = size;
	return put_user(iov.iov_len, &uiov->iov_len);
}

long arch_ptrace(struct task_struct *child, long request, unsigned long addr,
		 unsigned long data)
{
	struct user_regs_struct regs;
	struct user_fpregs_struct fp;
	unsigned long val;
	int ret;

	switch (request) {
	case PTRACE_PEEKUSR:
		ret = peek_user(child, addr, &val);
		return ret ? ret : put_user(val, (unsigned long *)data);
	case PTRACE_POKEUSR:
		return poke_user(child, addr, data);
	case PTRACE_GETREGS:
		get_all_regs(child, &regs);
		return copy_to_user((void *)data, &regs, sizeof(regs)) ? -EFAULT : 0;
	case PTRACE_SETREGS:
		if (copy_from_user(&regs, (void *)data, sizeof(regs)))
			return -EFAULT;
		return set_all_regs(child, &regs);
	case PTRACE_GETFPREGS:
		if (!child->thread.fpu)
			return -EIO;
		fpu_get_fxregs(child, &fp);
		return copy_to_user((void *)data, &fp, sizeof(fp)) ? -EFAULT : 0;
	case PTRACE_SETFPREGS:
		if (!child->thread.fpu)
			return -EIO;
		if (copy_from_user(&fp, (void *)data, sizeof(fp)))
			return -EFAULT;
		return fpu_set_fxregs(child, &fp);
	case PTRACE_GETREGSET:
	case PTRACE_SETREGSET:
		return ptrace_regset(child, request == PTRACE_SETREGSET, addr,
				     (struct iovec *)data);
	default:
		return ptrace_request(child, request, addr, data);
	}
}

/*
 * Single-step: EFLAGS.TF makes the CPU raise #DB after one user
 * instruction, which traps.c turns into SIGTRAP (TRAP_TRACE), which the
 * tracer sees.  TIF_SINGLESTEP remembers that TF is ours to clear, so a
 * program that sets TF itself keeps it.
 */
void user_enable_single_step(struct task_struct *child)
{
	struct pt_regs *regs = task_pt_regs(child);

	if (regs->flags & X86_EFLAGS_TF)
		return;
	regs->flags |= X86_EFLAGS_TF;
	set_tsk_thread_flag(child, TIF_SINGLESTEP);
}

void user_disable_single_step(struct task_struct *child)
{
	if (!test_tsk_thread_flag(child, TIF_SINGLESTEP))
		return;
	clear_tsk_thread_flag(child, TIF_SINGLESTEP);
	task_pt_regs(child)->flags &= ~(unsigned long)X86_EFLAGS_TF;
}

/* The x86_64 calling convention: number in orig_ax, arguments, result in ax. */
void ptrace_syscall_info_regs(struct task_struct *child, struct ptrace_syscall_info *info)
{
	struct pt_regs *regs = task_pt_regs(child);

	info->arch = AUDIT_ARCH_X86_64;
	info->instruction_pointer = regs->ip;
	info->stack_pointer = regs->sp;
	if (info->op == PTRACE_SYSCALL_INFO_ENTRY) {
		info->entry.nr = regs->orig_ax;
		info->entry.args[0] = regs->di;
		info->entry.args[1] = regs->si;
		info->entry.args[2] = regs->dx;
		info->entry.args[3] = regs->r10;
		info->entry.args[4] = regs->r8;
		info->entry.args[5] = regs->r9;
	} else if (info->op == PTRACE_SYSCALL_INFO_EXIT) {
		info->exit.rval = (long)regs->ax;
		/* Errors are -4095 .. -1, as the C library reads them. */
		info->exit.is_error = (unsigned long)regs->ax >= (unsigned long)-4095;
	}
}
