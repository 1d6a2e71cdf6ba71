/* SPDX-License-Identifier: GPL-2.0-only */
/* CPU instructions wrapped for C: CPUID, MSRs, control registers, halt. */
#ifndef _ASM_X86_PROCESSOR_H
#define _ASM_X86_PROCESSOR_H

#include <linux/types.h>
#include <asm/processor-flags.h>

static inline void cpuid_count(u32 leaf, u32 sub, u32 *a, u32 *b, u32 *c, u32 *d)
{
	__asm__ __volatile__("cpuid"
			     : "=a"(*a), "=b"(*b), "=c"(*c), "=d"(*d)
			     : "a"(leaf), "c"(sub));
}

static inline void cpuid(u32 leaf, u32 *a, u32 *b, u32 *c, u32 *d)
{
	cpuid_count(leaf, 0, a, b, c, d);
}

static inline u64 rdmsr(u32 msr)
{
	u32 lo, hi;

	__asm__ __volatile__("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((u64)hi << 32) | lo;
}

static inline void wrmsr(u32 msr, u64 val)
{
	__asm__ __volatile__("wrmsr" :: "c"(msr), "a"((u32)val), "d"((u32)(val >> 32)) : "memory");
}

static inline u64 rdtsc(void)
{
	u32 lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((u64)hi << 32) | lo;
}

/* rdtsc that cannot be executed before earlier loads (for timestamps). */
static inline u64 rdtsc_ordered(void)
{
	__asm__ __volatile__("lfence" ::: "memory");
	return rdtsc();
}

#define DEFINE_CR_ACCESSORS(n)						\
static inline unsigned long read_cr##n(void)				\
{									\
	unsigned long v;						\
	__asm__ __volatile__("mov %%cr" #n ", %0" : "=r"(v));		\
	return v;							\
}									\
static inline void write_cr##n(unsigned long v)				\
{									\
	__asm__ __volatile__("mov %0, %%cr" #n :: "r"(v) : "memory");	\
}
DEFINE_CR_ACCESSORS(0)
DEFINE_CR_ACCESSORS(2)
DEFINE_CR_ACCESSORS(3)
DEFINE_CR_ACCESSORS(4)
#undef DEFINE_CR_ACCESSORS

static inline void cpu_relax(void) { __asm__ __volatile__("pause" ::: "memory"); }
static inline void native_halt(void) { __asm__ __volatile__("hlt" ::: "memory"); }
/* Enable interrupts and halt with no window in between (sti shadow). */
static inline void safe_halt(void) { __asm__ __volatile__("sti; hlt" ::: "memory"); }

static inline void __invlpg(unsigned long addr)
{
	__asm__ __volatile__("invlpg (%0)" :: "r"(addr) : "memory");
}

static inline void __flush_tlb_local(void) { write_cr3(read_cr3()); }

struct desc_ptr {
	u16 size;
	u64 address;
} __attribute__((packed));

#endif /* _ASM_X86_PROCESSOR_H */
