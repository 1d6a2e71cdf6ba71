/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Defining system calls.
 *
 *   SYSCALL_DEFINE3(read, unsigned int, fd, char *, buf, size_t, count)
 *   {
 *           ...
 *   }
 *
 * defines __x64_sys_read(const struct pt_regs *), which the dispatcher
 * (arch/x86/entry/syscall_64.c) calls with the user's registers: the
 * arguments arrive in rdi, rsi, rdx, r10, r8, r9 (the x86_64 syscall
 * convention) and are converted to the declared types.  The body returns
 * the result or a negative errno.  A call nobody defines falls back to
 * sys_ni_syscall (-ENOSYS).
 */
#ifndef _LINUX_SYSCALLS_H
#define _LINUX_SYSCALLS_H

#include <linux/types.h>
#include <asm/ptrace.h>

#define __SYSCALL_ENTRY(name)						\
	long __x64_sys_##name(const struct pt_regs *regs);		\
	long __x64_sys_##name(const struct pt_regs *regs)

#define SYSCALL_DEFINE0(name)						\
	static long __do_sys_##name(void);				\
	__SYSCALL_ENTRY(name) { return __do_sys_##name(); }		\
	static long __do_sys_##name(void)

#define SYSCALL_DEFINE1(name, t1, a1)					\
	static long __do_sys_##name(t1 a1);				\
	__SYSCALL_ENTRY(name)						\
	{ return __do_sys_##name((t1)regs->di); }			\
	static long __do_sys_##name(t1 a1)

#define SYSCALL_DEFINE2(name, t1, a1, t2, a2)				\
	static long __do_sys_##name(t1 a1, t2 a2);			\
	__SYSCALL_ENTRY(name)						\
	{ return __do_sys_##name((t1)regs->di, (t2)regs->si); }	\
	static long __do_sys_##name(t1 a1, t2 a2)

#define SYSCALL_DEFINE3(name, t1, a1, t2, a2, t3, a3)			\
	static long __do_sys_##name(t1 a1, t2 a2, t3 a3);		\
	__SYSCALL_ENTRY(name)						\
	{								\
		return __do_sys_##name((t1)regs->di, (t2)regs->si,	\
				       (t3)regs->dx);			\
	}								\
	static long __do_sys_##name(t1 a1, t2 a2, t3 a3)

#define SYSCALL_DEFINE4(name, t1, a1, t2, a2, t3, a3, t4, a4)		\
	static long __do_sys_##name(t1 a1, t2 a2, t3 a3, t4 a4);	\
	__SYSCALL_ENTRY(name)						\
	{								\
		return __do_sys_##name((t1)regs->di, (t2)regs->si,	\
				       (t3)regs->dx, (t4)regs->r10);	\
	}								\
	static long __do_sys_##name(t1 a1, t2 a2, t3 a3, t4 a4)

#define SYSCALL_DEFINE5(name, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5)	\
	static long __do_sys_##name(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5);\
	__SYSCALL_ENTRY(name)						\
	{								\
		return __do_sys_##name((t1)regs->di, (t2)regs->si,	\
				       (t3)regs->dx, (t4)regs->r10,	\
				       (t5)regs->r8);			\
	}								\
	static long __do_sys_##name(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5)

#define SYSCALL_DEFINE6(name, t1, a1, t2, a2, t3, a3, t4, a4, t5, a5, t6, a6)	\
	static long __do_sys_##name(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5, t6 a6);	\
	__SYSCALL_ENTRY(name)							\
	{									\
		return __do_sys_##name((t1)regs->di, (t2)regs->si,		\
				       (t3)regs->dx, (t4)regs->r10,		\
				       (t5)regs->r8, (t6)regs->r9);		\
	}									\
	static long __do_sys_##name(t1 a1, t2 a2, t3 a3, t4 a4, t5 a5, t6 a6)

typedef long (*sys_call_ptr_t)(const struct pt_regs *regs);
extern const sys_call_ptr_t sys_call_table[];
long sys_ni_syscall(const struct pt_regs *regs);
/* The name of syscall nr ("?" if none), for messages. */
const char *syscall_name(unsigned long nr);

#endif /* _LINUX_SYSCALLS_H */
