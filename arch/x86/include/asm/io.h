/* SPDX-License-Identifier: GPL-2.0-only */
/* Port I/O and MMIO accessors (uncached MMIO mappings come from ioremap()). */
#ifndef _ASM_X86_IO_H
#define _ASM_X86_IO_H

#include <linux/types.h>

static inline void outb(u8 v, u16 port) { __asm__ __volatile__("outb %0, %1" :: "a"(v), "Nd"(port)); }
static inline void outw(u16 v, u16 port) { __asm__ __volatile__("outw %0, %1" :: "a"(v), "Nd"(port)); }
static inline void outl(u32 v, u16 port) { __asm__ __volatile__("outl %0, %1" :: "a"(v), "Nd"(port)); }

static inline u8 inb(u16 port)
{
	u8 v;

	__asm__ __volatile__("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline u16 inw(u16 port)
{
	u16 v;

	__asm__ __volatile__("inw %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

static inline u32 inl(u16 port)
{
	u32 v;

	__asm__ __volatile__("inl %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

/* A write to an unused port: ~1 us on ISA-era hardware, for slow devices. */
static inline void io_delay(void) { outb(0, 0x80); }

static inline u8 readb(const volatile void *a) { return *(const volatile u8 *)a; }
static inline u16 readw(const volatile void *a) { return *(const volatile u16 *)a; }
static inline u32 readl(const volatile void *a) { return *(const volatile u32 *)a; }
static inline u64 readq(const volatile void *a) { return *(const volatile u64 *)a; }
static inline void writeb(u8 v, volatile void *a) { *(volatile u8 *)a = v; }
static inline void writew(u16 v, volatile void *a) { *(volatile u16 *)a = v; }
static inline void writel(u32 v, volatile void *a) { *(volatile u32 *)a = v; }
static inline void writeq(u64 v, volatile void *a) { *(volatile u64 *)a = v; }

void *ioremap(phys_addr_t phys, size_t size);
void iounmap(void *addr);

#endif /* _ASM_X86_IO_H */
