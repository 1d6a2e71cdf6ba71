/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptrace(2) requests, options, events and the PTRACE_GET_SYSCALL_INFO
 * record (Linux ABI, from ptrace(2)).  The x86 register layouts are in
 * asm/user.h; the ELF note types NT_PRSTATUS/NT_PRFPREG in linux/elf.h.
 */
#ifndef _UAPI_LINUX_PTRACE_H
#define _UAPI_LINUX_PTRACE_H

#include <uapi/linux/types.h>

/* Requests (the first argument). */
#define PTRACE_TRACEME		0
#define PTRACE_PEEKTEXT		1
#define PTRACE_PEEKDATA		2
#define PTRACE_PEEKUSR		3
#define PTRACE_POKETEXT		4
#define PTRACE_POKEDATA		5
#define PTRACE_POKEUSR		6
#define PTRACE_CONT		7
#define PTRACE_KILL		8
#define PTRACE_SINGLESTEP	9
#define PTRACE_GETREGS		12
#define PTRACE_SETREGS		13
#define PTRACE_GETFPREGS	14
#define PTRACE_SETFPREGS	15
#define PTRACE_ATTACH		16
#define PTRACE_DETACH		17
#define PTRACE_SYSCALL		24
#define PTRACE_SYSEMU		31
#define PTRACE_SYSEMU_SINGLESTEP 32
#define PTRACE_SETOPTIONS	0x4200
#define PTRACE_GETEVENTMSG	0x4201
#define PTRACE_GETSIGINFO	0x4202
#define PTRACE_SETSIGINFO	0x4203
#define PTRACE_GETREGSET	0x4204
#define PTRACE_SETREGSET	0x4205
#define PTRACE_SEIZE		0x4206
#define PTRACE_INTERRUPT	0x4207
#define PTRACE_LISTEN		0x4208
#define PTRACE_GET_SYSCALL_INFO	0x420e

/* Stop events: status >> 16 of a PTRACE_EVENT stop. */
#define PTRACE_EVENT_FORK	1
#define PTRACE_EVENT_VFORK	2
#define PTRACE_EVENT_CLONE	3
#define PTRACE_EVENT_EXEC	4
#define PTRACE_EVENT_VFORK_DONE	5
#define PTRACE_EVENT_EXIT	6
#define PTRACE_EVENT_SECCOMP	7
#define PTRACE_EVENT_STOP	128

/* PTRACE_SETOPTIONS bits: TRACE<event> is 1 << event. */
#define PTRACE_O_TRACESYSGOOD	1
#define PTRACE_O_TRACEFORK	(1 << PTRACE_EVENT_FORK)
#define PTRACE_O_TRACEVFORK	(1 << PTRACE_EVENT_VFORK)
#define PTRACE_O_TRACECLONE	(1 << PTRACE_EVENT_CLONE)
#define PTRACE_O_TRACEEXEC	(1 << PTRACE_EVENT_EXEC)
#define PTRACE_O_TRACEVFORKDONE	(1 << PTRACE_EVENT_VFORK_DONE)
#define PTRACE_O_TRACEEXIT	(1 << PTRACE_EVENT_EXIT)
#define PTRACE_O_TRACESECCOMP	(1 << PTRACE_EVENT_SECCOMP)
#define PTRACE_O_EXITKILL	(1 << 20)
#define PTRACE_O_SUSPEND_SECCOMP (1 << 21)
#define PTRACE_O_MASK		(0x000000ff | PTRACE_O_EXITKILL | PTRACE_O_SUSPEND_SECCOMP)

/* PTRACE_GET_SYSCALL_INFO: what kind of stop the record describes. */
#define PTRACE_SYSCALL_INFO_NONE	0
#define PTRACE_SYSCALL_INFO_ENTRY	1
#define PTRACE_SYSCALL_INFO_EXIT	2
#define PTRACE_SYSCALL_INFO_SECCOMP	3

struct ptrace_syscall_info {
	__u8 op;			/* PTRACE_SYSCALL_INFO_* */
	__u8 pad[3];
	__u32 arch;			/* AUDIT_ARCH_* */
	__u64 instruction_pointer;
	__u64 stack_pointer;
	union {
		struct {
			__u64 nr;
			__u64 args[6];
		} entry;
		struct {
			__s64 rval;
			__u8 is_error;
		} exit;
		struct {
			__u64 nr;
			__u64 args[6];
			__u32 ret_data;
		} seccomp;
	};
};

/* audit.h's AUDIT_ARCH_X86_64: EM_X86_64 | 64-bit | little endian. */
#define AUDIT_ARCH_X86_64	0xc000003e

#endif /* _UAPI_LINUX_PTRACE_H */
