/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Interrupt vectors.  0-31 are CPU exceptions; device interrupts and IPIs
 * use 32-255.  Handlers are per vector, shared by all CPUs; each runs with
 * interrupts off on the interrupted CPU's current stack.
 */
#ifndef _ASM_X86_IRQ_H
#define _ASM_X86_IRQ_H

#include <asm/ptrace.h>

#define FIRST_EXTERNAL_VECTOR	0x20
#define NR_VECTORS		256

typedef void (*vector_handler_t)(struct pt_regs *regs, unsigned int vector);

/* Install handler for vector; returns -EBUSY if another one is there. */
int set_vector_handler(unsigned int vector, vector_handler_t handler);
/* A free device vector, or -ENOSPC. */
int alloc_vector(void);

#endif /* _ASM_X86_IRQ_H */
