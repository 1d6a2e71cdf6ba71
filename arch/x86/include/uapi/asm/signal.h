/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The x86_64 signal ABI: numbers, sigaction flags, the sigaction and
 * stack_t layouts the kernel reads from user memory (rt_sigaction,
 * sigaltstack).  Values are the Linux ABI.
 */
#ifndef _UAPI_ASM_X86_SIGNAL_H
#define _UAPI_ASM_X86_SIGNAL_H

#define _NSIG		64
#define _NSIG_BPW	64
#define _NSIG_WORDS	(_NSIG / _NSIG_BPW)

#define SIGHUP		 1
#define SIGINT		 2
#define SIGQUIT		 3
#define SIGILL		 4
#define SIGTRAP		 5
#define SIGABRT		 6
#define SIGIOT		 6
#define SIGBUS		 7
#define SIGFPE		 8
#define SIGKILL		 9
#define SIGUSR1		10
#define SIGSEGV		11
#define SIGUSR2		12
#define SIGPIPE		13
#define SIGALRM		14
#define SIGTERM		15
#define SIGSTKFLT	16
#define SIGCHLD		17
#define SIGCONT		18
#define SIGSTOP		19
#define SIGTSTP		20
#define SIGTTIN		21
#define SIGTTOU		22
#define SIGURG		23
#define SIGXCPU		24
#define SIGXFSZ		25
#define SIGVTALRM	26
#define SIGPROF		27
#define SIGWINCH	28
#define SIGIO		29
#define SIGPOLL		SIGIO
#define SIGPWR		30
#define SIGSYS		31
#define SIGRTMIN	32
#define SIGRTMAX	_NSIG

/* sa_flags */
#define SA_NOCLDSTOP	0x00000001u
#define SA_NOCLDWAIT	0x00000002u
#define SA_SIGINFO	0x00000004u
#define SA_UNSUPPORTED	0x00000400u
#define SA_EXPOSE_TAGBITS 0x00000800u
#define SA_RESTORER	0x04000000u
#define SA_ONSTACK	0x08000000u
#define SA_RESTART	0x10000000u
#define SA_NODEFER	0x40000000u
#define SA_RESETHAND	0x80000000u

/* rt_sigprocmask how */
#define SIG_BLOCK	0
#define SIG_UNBLOCK	1
#define SIG_SETMASK	2

/* sigaltstack */
#define SS_ONSTACK	1
#define SS_DISABLE	2
#define SS_AUTODISARM	(1U << 31)
#define SS_FLAG_BITS	SS_AUTODISARM
#define MINSIGSTKSZ	2048
#define SIGSTKSZ	8192

#define SIG_DFL	((__sighandler_t)0)
#define SIG_IGN	((__sighandler_t)1)
#define SIG_ERR	((__sighandler_t)-1)

#ifndef __ASSEMBLY__
#include <linux/types.h>

typedef void (*__sighandler_t)(int);
typedef void (*__sigrestore_t)(void);

/* The kernel's sigset: one bit per signal, bit (sig - 1). */
typedef struct {
	unsigned long sig[_NSIG_WORDS];
} sigset_t;

/* What rt_sigaction reads and writes (struct kernel_sigaction in libcs). */
struct sigaction {
	__sighandler_t sa_handler;
	unsigned long sa_flags;
	__sigrestore_t sa_restorer;
	sigset_t sa_mask;
};

typedef struct sigaltstack {
	void *ss_sp;
	int ss_flags;
	size_t ss_size;
} stack_t;
#endif

#endif /* _UAPI_ASM_X86_SIGNAL_H */
