/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The local APIC (arch/x86/kernel/apic/apic.c): one per logical CPU, at
 * the same physical address on every CPU (each sees its own), used here
 * in xAPIC (MMIO) mode with physical destination mode throughout.
 *
 * Interface:
 *   apic_register_cpu()        MADT parsing: a usable processor -> a CPU number
 *   apic_map_boot_cpu()        map the APIC, learn the boot CPU's ID (MADT time)
 *   init_bsp_APIC() / setup_local_APIC()   program the boot CPU's / this CPU's APIC
 *   apic_eoi()                 end of interrupt, from every vector handler
 *   apic_send_IPI*() / apic_send_nmi()     inter-processor interrupts
 *   apic_wakeup_cpu()          INIT-SIPI-SIPI for SMP bring-up
 *   setup_APIC_timer()         the periodic per-CPU tick at CONFIG_HZ
 *
 * CPU numbers are dense (0 = boot CPU, then MADT order); x86_cpu_to_apicid[]
 * maps them to APIC IDs.  Both are fixed after acpi_table_init().
 */
#ifndef _ASM_X86_APIC_H
#define _ASM_X86_APIC_H

#include <linux/types.h>
#include <linux/cpumask.h>

#define APIC_DEFAULT_PHYS_BASE	0xfee00000
#define BAD_APICID		0xffffffffu
/* xAPIC physical destinations are 8 bits and 0xff is the broadcast ID. */
#define MAX_XAPIC_ID		0xfe

/* Register offsets in the xAPIC page. */
#define APIC_ID		0x020
#define APIC_LVR	0x030	/* version in 7:0, highest LVT index in 23:16 */
#define APIC_TASKPRI	0x080
#define APIC_EOI	0x0b0
#define APIC_LDR	0x0d0
#define APIC_DFR	0x0e0
#define APIC_SPIV	0x0f0
#define  APIC_SPIV_APIC_ENABLED		(1u << 8)
#define  APIC_SPIV_FOCUS_DISABLED	(1u << 9)
#define APIC_ISR	0x100	/* 8 registers, 16 bytes apart */
#define APIC_TMR	0x180
#define APIC_IRR	0x200
#define APIC_ESR	0x280
#define APIC_LVTCMCI	0x2f0
#define APIC_ICR	0x300
#define APIC_ICR2	0x310	/* destination APIC ID in 31:24 */
#define APIC_LVTT	0x320
#define APIC_LVTTHMR	0x330
#define APIC_LVTPC	0x340
#define APIC_LVT0	0x350
#define APIC_LVT1	0x360
#define APIC_LVTERR	0x370
#define APIC_TMICT	0x380	/* timer initial count */
#define APIC_TMCCT	0x390	/* timer current count */
#define APIC_TDCR	0x3e0	/* timer divide configuration */
#define  APIC_TDR_DIV_16	0x3

/* ICR and LVT fields. */
#define APIC_DM_FIXED		0x00000
#define APIC_DM_NMI		0x00400
#define APIC_DM_INIT		0x00500
#define APIC_DM_STARTUP		0x00600
#define APIC_DM_EXTINT		0x00700
#define APIC_ICR_BUSY		0x01000	/* delivery status: send pending */
#define APIC_INT_ASSERT		0x04000
#define APIC_INT_LEVELTRIG	0x08000
#define APIC_DEST_ALLBUT	0xc0000
#define APIC_LVT_POLARITY_LOW	(1u << 13)
#define APIC_LVT_LEVEL_TRIGGER	(1u << 15)
#define APIC_LVT_MASKED		(1u << 16)
#define APIC_LVT_TIMER_PERIODIC	(1u << 17)

extern u64 lapic_phys_addr;
extern u32 boot_cpu_physical_apicid;
extern u32 x86_cpu_to_apicid[NR_CPUS];
extern u32 x86_cpu_to_acpiid[NR_CPUS];
/* Local APIC timer ticks (divide-by-16) per CONFIG_HZ tick, 0 until calibrated. */
extern u32 lapic_timer_period;
extern bool lapic_present;

/* MADT hooks (arch/x86/kernel/acpi/boot.c). */
int apic_register_cpu(u32 apicid, u32 acpi_id);
void apic_register_lint_nmi(u32 acpi_id, u8 lint, u16 inti_flags);

void apic_map_boot_cpu(u64 madt_addr);
void init_bsp_APIC(void);
void setup_local_APIC(void);
u32 read_apic_id(void);

u32 apic_read(u32 reg);
void apic_write(u32 reg, u32 val);
void apic_eoi(void);

void apic_send_IPI(int cpu, int vector);
void apic_send_IPI_mask(const struct cpumask *mask, int vector);
void apic_send_nmi(int cpu);
/* INIT-SIPI-SIPI: start the CPU with this APIC ID at real-mode address start. */
int apic_wakeup_cpu(u32 apicid, unsigned long start);
/* INIT alone: park a CPU that failed to start in wait-for-STARTUP. */
void apic_send_init(u32 apicid);

void setup_boot_APIC_clock(void);
void setup_APIC_timer(void);

#endif /* _ASM_X86_APIC_H */
