/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * User FPU/SSE/AVX state (arch/x86/kernel/fpu.c).
 *
 * The kernel never uses the FPU itself (-mgeneral-regs-only), so while a
 * user task runs - in user mode or in the kernel on its behalf - its FPU
 * state lives in the registers.  Switching is eager: __switch_to() saves
 * prev's registers into prev->thread.fpu and loads next's, for tasks that
 * have an FPU area (user tasks; kernel threads have none and leave the
 * registers alone).  The area is an XSAVE image (x87|SSE|AVX, standard
 * format) when the CPU has XSAVE, else a 512-byte FXSAVE image; both are
 * 64-byte aligned and fpu_state_size bytes long.
 *
 * Interface: fpu_init_cpu() (each CPU), fpu_alloc()/fpu_free() (task
 * lifetime), fpu_fork() (copy for a child), fpu_reset_current() (execve:
 * MXCSR 0x1f80, FCW 0x37f, all else zero), fpu_switch(), and the signal
 * frame pair fpu_save_sigframe()/fpu_restore_sigframe(); for ptrace
 * fpu_get_fxregs()/fpu_set_fxregs() on a stopped task.
 */
#ifndef _ASM_X86_FPU_H
#define _ASM_X86_FPU_H

#include <linux/types.h>

struct task_struct;

/* Size of the state area and of its copy in a signal frame (+ magic2). */
extern unsigned int fpu_state_size;
extern bool fpu_use_xsave;
extern u64 fpu_xfeatures;		/* XCR0 */

void fpu_init_cpu(void);
int fpu_alloc(struct task_struct *p);
void fpu_free(struct task_struct *p);
/* Give child a copy of current's live FPU state (allocates child's area). */
int fpu_fork(struct task_struct *child);
/* Load the initial state into the registers for current (execve). */
int fpu_reset_current(void);
/* Context switch: save prev's registers, load next's (interrupts off). */
void fpu_switch(struct task_struct *prev, struct task_struct *next);
/* Save current's registers into its area (before copying it out). */
void fpu_save_current(void);

/* Bytes a signal frame needs for the FPU state (0 if the task has none). */
unsigned long fpu_sigframe_size(void);
/* Write current's state at buf (64-byte aligned user pointer); 0 or -EFAULT. */
int fpu_save_sigframe(void *buf);
/* Validate and load the state at buf (NULL: initial state); 0 or -EFAULT/-EINVAL. */
int fpu_restore_sigframe(const void *buf);

/*
 * ptrace: the FXSAVE (user_fpregs_struct) part of a stopped task's state,
 * read into / written from a 512-byte buffer; set returns 0 or -EINVAL.
 */
void fpu_get_fxregs(struct task_struct *p, void *buf);
int fpu_set_fxregs(struct task_struct *p, const void *buf);

/* The current MXCSR and x87 status word (for SIGFPE si_code). */
u32 fpu_read_mxcsr(void);
u16 fpu_read_fsw(void);

#endif /* _ASM_X86_FPU_H */
