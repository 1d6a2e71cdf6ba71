/* SPDX-License-Identifier: GPL-2.0-only */
/* struct ucontext as the x86_64 signal frame holds it (Linux ABI). */
#ifndef _UAPI_ASM_X86_UCONTEXT_H
#define _UAPI_ASM_X86_UCONTEXT_H

#include <uapi/asm/signal.h>
#include <uapi/asm/sigcontext.h>

#define UC_FP_XSTATE		0x1	/* fpstate holds an XSAVE image with sw bytes */
#define UC_SIGCONTEXT_SS	0x2	/* sigcontext.ss is valid */
#define UC_STRICT_RESTORE_SS	0x4	/* rt_sigreturn restores ss as saved */

struct ucontext {
	unsigned long uc_flags;
	struct ucontext *uc_link;
	stack_t uc_stack;
	struct sigcontext uc_mcontext;
	sigset_t uc_sigmask;
};

#endif /* _UAPI_ASM_X86_UCONTEXT_H */
