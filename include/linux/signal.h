/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Signals: set operations and the sending/delivery interface
 * (kernel/signal.c; frames in arch/x86/kernel/signal.c).
 *
 * Senders:
 *   send_sig(sig, p, priv)            one signal to p's process (priv: from
 *                                     the kernel, si_code SI_KERNEL)
 *   send_sig_info(sig, info, p)       the same with a full siginfo
 *   force_sig(sig)                    to current, cannot be blocked or
 *                                     ignored (the handler is reset to
 *                                     SIG_DFL if it was), for faults
 *   force_sig_fault(sig, code, addr)  the same with si_code/si_addr
 *   kill_pgrp(pgrp, sig, priv)        every process in a process group
 *                                     (tty ^C/^Z; sched/signal.h)
 *   kill_pid(pid, sig, priv)          the process with that pid
 * All of them may be called with interrupts off and from interrupt
 * context (they take sighand->siglock with irqsave and walk the task list
 * under RCU).
 */
#ifndef _LINUX_SIGNAL_H
#define _LINUX_SIGNAL_H

#include <linux/types.h>
#include <linux/string.h>
#include <linux/signal_types.h>

struct task_struct;
struct pt_regs;

static inline unsigned long sigmask(int sig)
{
	return 1UL << (sig - 1);
}

static inline void sigaddset(sigset_t *set, int sig)
{
	set->sig[0] |= sigmask(sig);
}

static inline void sigdelset(sigset_t *set, int sig)
{
	set->sig[0] &= ~sigmask(sig);
}

static inline bool sigismember(const sigset_t *set, int sig)
{
	return set->sig[0] & sigmask(sig);
}

static inline void sigemptyset(sigset_t *set)
{
	set->sig[0] = 0;
}

static inline void sigfillset(sigset_t *set)
{
	set->sig[0] = ~0UL;
}

static inline bool sigisemptyset(const sigset_t *set)
{
	return !set->sig[0];
}

static inline void sigaddsetmask(sigset_t *set, unsigned long mask)
{
	set->sig[0] |= mask;
}

static inline void sigdelsetmask(sigset_t *set, unsigned long mask)
{
	set->sig[0] &= ~mask;
}

static inline void siginitset(sigset_t *set, unsigned long mask)
{
	set->sig[0] = mask;
}

static inline void sigorsets(sigset_t *r, const sigset_t *a, const sigset_t *b)
{
	r->sig[0] = a->sig[0] | b->sig[0];
}

static inline void sigandsets(sigset_t *r, const sigset_t *a, const sigset_t *b)
{
	r->sig[0] = a->sig[0] & b->sig[0];
}

static inline void signandsets(sigset_t *r, const sigset_t *a, const sigset_t *b)
{
	r->sig[0] = a->sig[0] & ~b->sig[0];
}

static inline bool valid_signal(unsigned long sig)
{
	return sig <= _NSIG;
}

static inline void clear_siginfo(kernel_siginfo_t *info)
{
	memset(info, 0, sizeof(*info));
}

/* Default-action classes (POSIX). */
#define SIG_KERNEL_ONLY_MASK	(sigmask(SIGKILL) | sigmask(SIGSTOP))
#define SIG_KERNEL_STOP_MASK	(sigmask(SIGSTOP) | sigmask(SIGTSTP) | \
				 sigmask(SIGTTIN) | sigmask(SIGTTOU))
#define SIG_KERNEL_COREDUMP_MASK (sigmask(SIGQUIT) | sigmask(SIGILL) | \
				  sigmask(SIGTRAP) | sigmask(SIGABRT) | \
				  sigmask(SIGFPE) | sigmask(SIGSEGV) | \
				  sigmask(SIGBUS) | sigmask(SIGSYS) | \
				  sigmask(SIGXCPU) | sigmask(SIGXFSZ))
#define SIG_KERNEL_IGNORE_MASK	(sigmask(SIGCONT) | sigmask(SIGCHLD) | \
				 sigmask(SIGWINCH) | sigmask(SIGURG))
/* Only classic signals have a default class; real-time ones terminate. */
#define sig_in_mask(sig, mask)	((sig) < SIGRTMIN && (sigmask(sig) & (mask)))
#define sig_kernel_only(sig)	sig_in_mask(sig, SIG_KERNEL_ONLY_MASK)
#define sig_kernel_stop(sig)	sig_in_mask(sig, SIG_KERNEL_STOP_MASK)
#define sig_kernel_coredump(sig) sig_in_mask(sig, SIG_KERNEL_COREDUMP_MASK)
#define sig_kernel_ignore(sig)	sig_in_mask(sig, SIG_KERNEL_IGNORE_MASK)
/* Signals a fault handler raises synchronously. */
#define SYNCHRONOUS_MASK	(sigmask(SIGSEGV) | sigmask(SIGBUS) | sigmask(SIGILL) | \
				 sigmask(SIGTRAP) | sigmask(SIGFPE) | sigmask(SIGSYS))

int send_sig(int sig, struct task_struct *p, int priv);
int send_sig_info(int sig, kernel_siginfo_t *info, struct task_struct *p);
/* A POSIX timer's signal, merged into its still-queued one as an overrun. */
int send_timer_signal(kernel_siginfo_t *info, struct task_struct *t, bool shared);
void force_sig(int sig);
struct task_struct;
/* No handler of t's own for sig (default or ignored): kernel/signal.c. */
bool sig_unhandled(struct task_struct *t, int sig);
int force_sig_fault(int sig, int code, void *addr);
int force_sig_info(kernel_siginfo_t *info);
int kill_pid(pid_t pid, int sig, int priv);
/* A signal to one thread (tgkill/tkill, fault delivery). */
int send_sig_to_thread(int sig, kernel_siginfo_t *info, struct task_struct *t);
/* siginfo of sig sent by current (si_pid, si_uid for SI_USER/SI_TKILL). */
void fill_user_info(kernel_siginfo_t *info, int sig, int code);

/* Recompute TIF_SIGPENDING of current / of t (siglock held for t). */
void recalc_sigpending(void);
void recalc_sigpending_tsk(struct task_struct *t);
/* Change current's blocked mask (SIGKILL/SIGSTOP are never blocked). */
void set_current_blocked(sigset_t *newset);
/* Pick the next signal to act on; true and *ksig filled if a handler must run. */
bool get_signal(struct ksignal *ksig);
/* After the arch set up (failed: SIGSEGV) the frame for ksig: block and reset. */
void signal_setup_done(int failed, struct ksignal *ksig, int stepping);
/* If TIF_RESTORE_SIGMASK: put saved_sigmask back. */
void restore_saved_sigmask(void);
/* The sigaltstack checks the frame code needs. */
int on_sig_stack(unsigned long sp);
int sas_ss_flags(unsigned long sp);
unsigned long sigsp(unsigned long sp, struct ksignal *ksig);
/* rt_sigreturn's part: restore the alternate stack settings from uss. */
int restore_altstack(const stack_t *uss);
int save_altstack(stack_t *uss, unsigned long sp);

/* execve: handlers back to SIG_DFL (ignored stay ignored). */
void flush_signal_handlers(struct task_struct *t, int force_default);
/* Discard every pending signal of t (siglock taken inside). */
void flush_signals(struct task_struct *t);

#endif /* _LINUX_SIGNAL_H */
