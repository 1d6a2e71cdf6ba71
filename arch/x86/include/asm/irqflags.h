/* SPDX-License-Identifier: GPL-2.0-only */
/* Local interrupt enable/disable through EFLAGS.IF. */
#ifndef _ASM_X86_IRQFLAGS_H
#define _ASM_X86_IRQFLAGS_H

#include <asm/processor-flags.h>

static inline unsigned long arch_local_save_flags(void)
{
	unsigned long flags;

	__asm__ __volatile__("pushf; pop %0" : "=rm"(flags) :: "memory");
	return flags;
}

static inline void arch_local_irq_disable(void) { __asm__ __volatile__("cli" ::: "memory"); }
static inline void arch_local_irq_enable(void) { __asm__ __volatile__("sti" ::: "memory"); }

static inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags = arch_local_save_flags();

	arch_local_irq_disable();
	return flags;
}

static inline void arch_local_irq_restore(unsigned long flags)
{
	if (flags & X86_EFLAGS_IF)
		arch_local_irq_enable();
}

#define local_irq_disable() arch_local_irq_disable()
#define local_irq_enable() arch_local_irq_enable()
#define local_irq_save(flags) ((flags) = arch_local_irq_save())
#define local_irq_restore(flags) arch_local_irq_restore(flags)
#define local_save_flags(flags) ((flags) = arch_local_save_flags())
#define irqs_disabled() (!(arch_local_save_flags() & X86_EFLAGS_IF))

#endif /* _ASM_X86_IRQFLAGS_H */
