/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-CPU variables.
 *
 * DEFINE_PER_CPU() places a variable in the .percpu template section.  At
 * boot setup_per_cpu_areas() gives every possible CPU a copy of the whole
 * template; __per_cpu_offset[cpu] is the distance from the template to
 * that copy.  Each CPU's GS base points at its own copy, whose first word
 * (this_cpu_off, placed first by the linker script) holds that distance,
 * so this_cpu_ptr(&var) is one %gs load and an add.
 *
 * The kernel is not preemptive: between two voluntary schedule() points a
 * task stays on its CPU, so this_cpu_ptr() results stay valid.  Variables
 * also touched by interrupt handlers need local_irq_save() around a
 * read-modify-write (this_cpu_add() is not a single instruction here).
 */
#ifndef _ASM_X86_PERCPU_H
#define _ASM_X86_PERCPU_H

#ifndef __ASSEMBLY__
#include <linux/types.h>

#define DEFINE_PER_CPU(type, name) \
	__attribute__((__section__(".percpu"))) __typeof__(type) name
#define DEFINE_PER_CPU_FIRST(type, name) \
	__attribute__((__section__(".percpu.first"))) __typeof__(type) name
#define DECLARE_PER_CPU(type, name) extern __typeof__(type) name

extern unsigned long __per_cpu_offset[];
extern char __per_cpu_start[], __per_cpu_end[];

static inline unsigned long __this_cpu_offset(void)
{
	unsigned long off;

	__asm__ __volatile__("movq %%gs:0, %0" : "=r"(off));
	return off;
}

#define per_cpu_ptr(ptr, cpu) \
	((__typeof__(ptr))((unsigned long)(ptr) + __per_cpu_offset[cpu]))
#define per_cpu(var, cpu) (*per_cpu_ptr(&(var), cpu))
#define this_cpu_ptr(ptr) \
	((__typeof__(ptr))((unsigned long)(ptr) + __this_cpu_offset()))
#define raw_cpu_ptr(ptr) this_cpu_ptr(ptr)
#define this_cpu_read(var) (*this_cpu_ptr(&(var)))
#define this_cpu_write(var, val) (*this_cpu_ptr(&(var)) = (val))
#define this_cpu_add(var, val) (*this_cpu_ptr(&(var)) += (val))
#define this_cpu_sub(var, val) (*this_cpu_ptr(&(var)) -= (val))
#define this_cpu_inc(var) this_cpu_add(var, 1)
#define this_cpu_dec(var) this_cpu_sub(var, 1)
#define __this_cpu_read this_cpu_read
#define __this_cpu_write this_cpu_write
#define __this_cpu_add this_cpu_add
#define __this_cpu_inc this_cpu_inc

#endif /* __ASSEMBLY__ */
#endif /* _ASM_X86_PERCPU_H */
