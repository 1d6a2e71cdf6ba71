// SPDX-License-Identifier: GPL-2.0-only
/*
 * x86_64 signal delivery: the rt_sigframe on the user stack, rt_sigreturn,
 * and the system-call restart rules.
 *
 * Interface: arch_do_signal_or_restart() (the exit-to-user loop),
 * rt_sigreturn(2).
 *
 * The frame, from the (16-byte aligned minus 8, as after a call) frame
 * address upwards - the Linux layout, which libcs and debuggers know:
 *
 *	pretcode	sa_restorer: the handler's return address
 *	struct ucontext	uc_flags, uc_link, uc_stack, uc_mcontext
 *			(struct sigcontext), uc_sigmask
 *	siginfo_t	128 bytes
 *	... FPU state, 64-byte aligned, pointed to by uc_mcontext.fpstate
 *
 * below the interrupted stack pointer minus the 128-byte red zone, or at
 * the top of the alternate stack (SA_ONSTACK).  The handler gets
 * rdi = signo, rsi = &info, rdx = &uc, rax = 0, and returns into the
 * restorer, which calls rt_sigreturn with rsp = frame + 8.
 *
 * Restart rules (Linux): a call interrupted with -ERESTARTSYS restarts
 * if the handler has SA_RESTART, else fails with EINTR; -ERESTARTNOINTR
 * always restarts; -ERESTARTNOHAND and -ERESTART_RESTARTBLOCK fail with
 * EINTR when a handler runs and restart otherwise (the latter through
 * restart_syscall).  Restarting means rax = the call number again and
 * rip back over the 2-byte syscall instruction.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/signal.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <linux/stddef.h>
#include <generated/uapi/asm/unistd_64.h>
#include <asm/entry.h>
#include <asm/fpu.h>
#include <asm/processor-flags.h>
#include <asm/segment.h>
#include <asm/uaccess.h>
#include <uapi/asm/ucontext.h>

struct rt_sigframe {
	char *pretcode;
	struct ucontext uc;
	siginfo_t info;
	/* fp state follows */
};

#define RED_ZONE		128
#define FPSTATE_ALIGN		64

/* Flags a sigreturn may change; the rest (IF, IOPL, VM...) stay as they are. */
#define FIX_EFLAGS	X86_EFLAGS_USER_SETTABLE

/*
 * The general registers that struct sigcontext (the ABI) and struct
 * pt_regs both hold under the same names: where each sits in either.
 * Saving and restoring a frame walk this list.
 */
#define GPR(name)	{ offsetof(struct sigcontext, name), offsetof(struct pt_regs, name) }

static const struct gpr_slot {
	unsigned short sc_off, regs_off;
} gpr_slots[] = {
	GPR(r8), GPR(r9), GPR(r10), GPR(r11), GPR(r12), GPR(r13), GPR(r14), GPR(r15),
	GPR(di), GPR(si), GPR(bp), GPR(bx), GPR(dx), GPR(ax), GPR(cx), GPR(sp), GPR(ip),
};

static u64 *sc_slot(struct sigcontext *sc, const struct gpr_slot *g)
{
	return (u64 *)((char *)sc + g->sc_off);
}

static unsigned long *regs_slot(struct pt_regs *regs, const struct gpr_slot *g)
{
	return (unsigned long *)((char *)regs + g->regs_off);
}

/*
 * The interrupted state for the handler's ucontext: registers, the
 * fault details the kernel kept (trap number, error code, cr2), the
 * first word of the mask to restore and where the FPU state went.
 */
static void fill_sigcontext(struct sigcontext *sc, struct pt_regs *regs,
			    unsigned long mask, void *fpstate)
{
	const struct thread_struct *th = &current->thread;
	const struct gpr_slot *g;

	/* Everything not named here (fs, gs, reserved words) reads as 0. */
	*sc = (struct sigcontext){
		.flags = regs->flags, .cs = regs->cs, .ss = regs->ss,
		.trapno = th->trap_nr, .err = th->error_code, .cr2 = th->cr2,
		.oldmask = mask, .fpstate = (unsigned long)fpstate,
	};
	for (g = gpr_slots; g < gpr_slots + ARRAY_SIZE(gpr_slots); g++)
		*sc_slot(sc, g) = *regs_slot(regs, g);
}

static int setup_rt_frame(struct ksignal *ksig, struct pt_regs *regs)
{
	unsigned long sp = regs->sp - RED_ZONE, fpsize = fpu_sigframe_size();
	struct rt_sigframe *frame;
	struct rt_sigframe kf;
	void *fp = NULL;
	sigset_t mask;

	if (!(ksig->ka.sa.sa_flags & SA_RESTORER))
		return -EFAULT;	/* x86_64 has no vdso trampoline here: Linux requires it too */
	sp = sigsp(sp, ksig);
	if (fpsize) {
		sp = (sp - fpsize) & ~(unsigned long)(FPSTATE_ALIGN - 1);
		fp = (void *)sp;
	}
	sp -= sizeof(struct rt_sigframe);
	sp = (sp & ~15UL) - 8;
	frame = (struct rt_sigframe *)sp;
	if (!access_ok(frame, sizeof(*frame) + (fp ? (char *)fp - (char *)frame + fpsize : 0)))
		return -EFAULT;

	/* A frame that would overflow the alternate stack is fatal, as in Linux. */
	if ((ksig->ka.sa.sa_flags & SA_ONSTACK) && current->sas_ss_size &&
	    !on_sig_stack(sp) && on_sig_stack(regs->sp - RED_ZONE))
		return -EFAULT;

	if (fp && fpu_save_sigframe(fp))
		return -EFAULT;

	memset(&kf, 0, sizeof(kf));
	kf.pretcode = (char *)ksig->ka.sa.sa_restorer;
	kf.uc.uc_flags = UC_SIGCONTEXT_SS | UC_STRICT_RESTORE_SS |
			 (fp && fpu_use_xsave ? UC_FP_XSTATE : 0);
	kf.uc.uc_link = NULL;
	kf.uc.uc_stack.ss_sp = (void *)current->sas_ss_sp;
	kf.uc.uc_stack.ss_flags = sas_ss_flags(regs->sp) |
				  (current->sas_ss_flags & SS_FLAG_BITS);
	kf.uc.uc_stack.ss_size = current->sas_ss_size;
	/* After sigsuspend() the mask to return to is the one it replaced. */
	mask = test_tsk_thread_flag(current, TIF_RESTORE_SIGMASK) ? current->saved_sigmask :
								     current->blocked;
	fill_sigcontext(&kf.uc.uc_mcontext, regs, mask.sig[0], fp);
	kf.uc.uc_sigmask = mask;
	kf.info = ksig->info;
	if (copy_to_user(frame, &kf, sizeof(kf)))
		return -EFAULT;
	/* SS_AUTODISARM: the handler runs with the alternate stack disabled. */
	if (current->sas_ss_flags & SS_AUTODISARM) {
		current->sas_ss_sp = 0;
		current->sas_ss_size = 0;
	}

	regs->di = ksig->sig;
	regs->si = (unsigned long)&frame->info;
	regs->dx = (unsigned long)&frame->uc;
	regs->ax = 0;
	regs->sp = (unsigned long)frame;
	regs->ip = (unsigned long)ksig->ka.sa.sa_handler;
	regs->cs = __USER_CS;
	regs->ss = __USER_DS;
	/* The handler starts with a clean direction flag, no single-step, no AC. */
	regs->flags &= ~(X86_EFLAGS_DF | X86_EFLAGS_RF | X86_EFLAGS_TF | X86_EFLAGS_AC);
	/* Reset the FPU for the handler: its own state is in the frame. */
	if (fp)
		fpu_restore_sigframe(NULL);
	return 0;
}

/* Run the system call again, as number nr: back over the 2-byte syscall instruction. */
static void rerun_syscall(struct pt_regs *regs, unsigned long nr)
{
	regs->ax = nr;
	regs->ip -= 2;
}

/*
 * A system call that was interrupted left an -ERESTART* code in ax; see
 * the restart rules at the top.  ksig is the signal whose handler is
 * about to run, or NULL if none is.
 */
static void syscall_restart_fixup(struct pt_regs *regs, const struct ksignal *ksig)
{
	long code = regs->ax;
	bool to_eintr;

	if (syscall_get_nr(regs) < 0)
		return;
	switch (code) {
	case -ERESTART_RESTARTBLOCK:
		if (!ksig) {
			/* The call left its continuation in restart_block. */
			rerun_syscall(regs, __NR_restart_syscall);
			return;
		}
		to_eintr = true;
		break;
	case -ERESTARTNOHAND:
		to_eintr = ksig;
		break;
	case -ERESTARTSYS:
		to_eintr = ksig && !(ksig->ka.sa.sa_flags & SA_RESTART);
		break;
	case -ERESTARTNOINTR:
		to_eintr = false;
		break;
	default:
		return;		/* finished normally: its result stands */
	}
	if (to_eintr)
		regs->ax = -EINTR;
	else
		rerun_syscall(regs, regs->orig_ax);
}

void arch_do_signal_or_restart(struct pt_regs *regs)
{
	struct ksignal ksig;
	bool deliver = get_signal(&ksig);
	bool was_syscall = syscall_get_nr(regs) >= 0;

	syscall_restart_fixup(regs, deliver ? &ksig : NULL);
	if (deliver)
		signal_setup_done(setup_rt_frame(&ksig, regs), &ksig, 0);
	/* The call (if any) is dealt with: a second pass must not restart it. */
	if (deliver || was_syscall)
		regs->orig_ax = -1;
	if (!deliver)
		restore_saved_sigmask();
}

/* ------------------------------------------------------------ rt_sigreturn */

static void restore_sigcontext(struct pt_regs *regs, struct sigcontext *sc)
{
	const struct gpr_slot *g;

	for (g = gpr_slots; g < gpr_slots + ARRAY_SIZE(gpr_slots); g++)
		*regs_slot(regs, g) = *sc_slot(sc, g);
	regs->flags = (regs->flags & ~FIX_EFLAGS) | (sc->flags & FIX_EFLAGS);
	/*
	 * Segments: only the flat 64-bit user selectors are valid here; any
	 * other value in the frame would fault on iretq, so it is replaced.
	 */
	regs->cs = __USER_CS;
	regs->ss = __USER_DS;
	/* Not a system call any more: never restart after a sigreturn. */
	regs->orig_ax = -1;
}

SYSCALL_DEFINE0(rt_sigreturn)
{
	struct pt_regs *regs = task_pt_regs(current);
	struct rt_sigframe *frame = (struct rt_sigframe *)(regs->sp - sizeof(long));
	struct sigcontext sc;
	sigset_t set;

	/* Any other registers (the FPU included) are restored even if the call fails. */
	current->restart_block.fn = do_no_restart_syscall;
	if (copy_from_user(&set, &frame->uc.uc_sigmask, sizeof(set)) ||
	    copy_from_user(&sc, &frame->uc.uc_mcontext, sizeof(sc)))
		goto badframe;
	set_current_blocked(&set);
	restore_sigcontext(regs, &sc);
	if (sc.fpstate & (FPSTATE_ALIGN - 1))
		goto badframe;
	if (fpu_restore_sigframe(sc.fpstate ? (void *)sc.fpstate : NULL))
		goto badframe;
	if (restore_altstack(&frame->uc.uc_stack))
		goto badframe;
	return regs->ax;

badframe:
	force_sig(SIGSEGV);
	return 0;
}

/*
 * AT_MINSIGSTKSZ: the most stack one signal frame can take on this CPU
 * (the FPU image at its alignment, the frame, the red zone we skip and
 * the return-address slot), so that sigaltstack users can size theirs.
 */
unsigned long get_sigframe_size(void)
{
	return RED_ZONE + fpu_sigframe_size() + FPSTATE_ALIGN + sizeof(struct rt_sigframe) + 16;
}
