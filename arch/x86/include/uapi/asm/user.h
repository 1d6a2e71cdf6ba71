/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The x86_64 register images ptrace(2) hands out (<sys/user.h>):
 * user_regs_struct (PTRACE_GETREGS, NT_PRSTATUS, the start of struct
 * user for PEEKUSER) and user_fpregs_struct (PTRACE_GETFPREGS,
 * NT_PRFPREG: the 512-byte FXSAVE image).  Layouts are the ABI's.
 */
#ifndef _UAPI_ASM_X86_USER_H
#define _UAPI_ASM_X86_USER_H

#include <uapi/linux/types.h>

struct user_regs_struct {
	unsigned long r15, r14, r13, r12, rbp, rbx, r11, r10;
	unsigned long r9, r8, rax, rcx, rdx, rsi, rdi, orig_rax;
	unsigned long rip, cs, eflags, rsp, ss;
	unsigned long fs_base, gs_base;
	unsigned long ds, es, fs, gs;
};

struct user_fpregs_struct {
	__u16 cwd;
	__u16 swd;
	__u16 ftw;
	__u16 fop;
	__u64 rip;
	__u64 rdp;
	__u32 mxcsr;
	__u32 mxcr_mask;
	__u32 st_space[32];	/* 8 x87 registers, 16 bytes each */
	__u32 xmm_space[64];	/* 16 XMM registers, 16 bytes each */
	__u32 padding[24];
};

/*
 * Offsets in struct user that PEEKUSER/POKEUSER know besides the
 * registers: u_debugreg[8] (after regs, u_fpvalid, i387, the text/data/
 * stack sizes, signal, reserved, the two pointers, magic and u_comm).
 */
#define USER_DEBUGREG_OFFSET	848
#define USER_STRUCT_SIZE	(USER_DEBUGREG_OFFSET + 8 * 8)

#endif /* _UAPI_ASM_X86_USER_H */
