// SPDX-License-Identifier: GPL-2.0-only
/*
 * The local APIC: CPU numbering from the MADT, per-CPU APIC setup (LVTs,
 * spurious and error vectors, LINT NMIs), EOI, inter-processor interrupts,
 * INIT-SIPI-SIPI, and the per-CPU periodic timer that drives the tick.
 *
 * Interface: <asm/apic.h>.
 *
 * Mode: xAPIC through one ioremap()ed page (every CPU sees its own APIC
 * at the same address), physical destination mode.  x2APIC is not used:
 * the DL380 G4's Xeons do not have it and no supported machine needs APIC
 * IDs above 254.  If the firmware handed over in x2APIC mode, the APIC is
 * switched back to xAPIC mode (through the disabled state, as the SDM
 * requires).
 *
 * Locking: the ICR is a two-register sequence (destination, then command),
 * so senders write it with interrupts disabled; no CPU touches another's
 * APIC, so no lock is needed.  The CPU tables are written by the boot CPU
 * before SMP and read-only afterwards.
 */
#define pr_fmt(fmt) "APIC: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/smp.h>
#include <linux/cpu.h>
#include <linux/delay.h>
#include <linux/acpi.h>
#include <linux/errno.h>
#include <asm/apic.h>
#include <asm/irq.h>
#include <asm/irq_vectors.h>
#include <asm/io.h>
#include <asm/page.h>
#include <asm/irqflags.h>
#include <asm/processor.h>
#include <asm/msr-index.h>
#include <asm/cpufeature.h>
#include <asm/tsc.h>
#include <asm/barrier.h>
#include <asm/atomic.h>

#define APICBASE_X2APIC		(1ULL << 10)
#define APICBASE_ADDR_MASK	0x000ffffffffff000ULL
/* ICR delivery should take well under a microsecond; this is "stuck". */
#define ICR_IDLE_TIMEOUT_US	1000
/* TSC cycles the timer calibration watches, in milliseconds. */
#define LAPIC_CAL_MS		2
#define LAPIC_CAL_ATTEMPTS	5
/* Accept an attempt whose end brackets add up to less than 1/this of the window. */
#define LAPIC_CAL_MAX_ERROR	200
#define MAX_LINT_NMI		8

u64 lapic_phys_addr;
u32 boot_cpu_physical_apicid = BAD_APICID;
u32 x86_cpu_to_apicid[NR_CPUS];
u32 x86_cpu_to_acpiid[NR_CPUS];
u32 lapic_timer_period;
bool lapic_present;

static void *lapic_base;
static unsigned int nr_registered_cpus;
static atomic_t apic_error_count;

/* MADT "local APIC NMI" entries: which LINT pin is wired to NMI on which CPU. */
static struct lint_nmi {
	u32 acpi_id;		/* 0xffffffff: every processor */
	u8 lint;
	u16 flags;
} lint_nmis[MAX_LINT_NMI];
static int nr_lint_nmis;

/* ------------------------------------------------------------ registers */

u32 apic_read(u32 reg)
{
	return readl(lapic_base + reg);
}

void apic_write(u32 reg, u32 val)
{
	writel(val, lapic_base + reg);
}

void apic_eoi(void)
{
	apic_write(APIC_EOI, 0);
}

u32 read_apic_id(void)
{
	return apic_read(APIC_ID) >> 24;
}

/* ------------------------------------------------------------ CPU numbering */

int apic_register_cpu(u32 apicid, u32 acpi_id)
{
	unsigned int cpu;

	for (cpu = 0; cpu < nr_registered_cpus; cpu++) {
		if (x86_cpu_to_apicid[cpu] != apicid)
			continue;
		/* The boot CPU registers itself first, without an ACPI ID. */
		if (x86_cpu_to_acpiid[cpu] == 0xffffffffu) {
			x86_cpu_to_acpiid[cpu] = acpi_id;
			return cpu;
		}
		pr_warn("[Firmware Bug]: APIC ID %u listed twice; ignored\n", apicid);
		return -EEXIST;
	}
	if (apicid > MAX_XAPIC_ID) {
		pr_warn("APIC ID %u does not fit xAPIC mode; CPU ignored\n", apicid);
		return -EINVAL;
	}
	if (nr_registered_cpus >= NR_CPUS) {
		pr_warn("CONFIG_NR_CPUS=%d reached: CPU with APIC ID %u ignored\n", NR_CPUS, apicid);
		return -ENOSPC;
	}
	cpu = nr_registered_cpus++;
	x86_cpu_to_apicid[cpu] = apicid;
	x86_cpu_to_acpiid[cpu] = acpi_id;
	set_cpu_possible(cpu, true);
	nr_cpu_ids = cpu + 1;
	return cpu;
}

void apic_register_lint_nmi(u32 acpi_id, u8 lint, u16 inti_flags)
{
	if (lint > 1 || nr_lint_nmis == MAX_LINT_NMI) {
		pr_warn("[Firmware Bug]: LAPIC NMI entry for LINT%u ignored\n", lint);
		return;
	}
	lint_nmis[nr_lint_nmis++] = (struct lint_nmi){ acpi_id, lint, inti_flags };
}

/* ------------------------------------------------------------ setup */

/* LVT value for a LINT pin on this CPU: NMI if the MADT says so, else masked. */
static u32 lint_lvt(unsigned int lint)
{
	u32 acpi_id = x86_cpu_to_acpiid[smp_processor_id()];
	u32 lvt = APIC_LVT_MASKED | (lint == 0 ? APIC_DM_EXTINT : APIC_DM_NMI);

	/* No MADT entries: the PC convention wires LINT1 to NMI. */
	if (!nr_lint_nmis)
		return lint == 1 ? APIC_DM_NMI : lvt;
	for (int i = 0; i < nr_lint_nmis; i++) {
		const struct lint_nmi *n = &lint_nmis[i];

		if (n->lint != lint || (n->acpi_id != 0xffffffffu && n->acpi_id != acpi_id))
			continue;
		lvt = APIC_DM_NMI;	/* NMIs are always edge-triggered */
		if ((n->flags & ACPI_MADT_POLARITY_MASK) == ACPI_MADT_POLARITY_ACTIVE_LOW)
			lvt |= APIC_LVT_POLARITY_LOW;
	}
	return lvt;
}

/*
 * Program this CPU's APIC: everything masked, accept all priorities, no
 * stale in-service bits, software-enabled with the spurious vector, error
 * interrupts on, LINT pins as the MADT describes (the 8259s are masked,
 * so LINT0's ExtINT stays masked).  Interrupts must be off.
 */
void setup_local_APIC(void)
{
	u32 maxlvt, spiv;

	if (!lapic_present)
		return;
	maxlvt = (apic_read(APIC_LVR) >> 16) & 0xff;

	apic_write(APIC_LVTT, APIC_LVT_MASKED | LOCAL_TIMER_VECTOR);
	apic_write(APIC_LVT0, APIC_LVT_MASKED | APIC_DM_EXTINT);
	apic_write(APIC_LVT1, APIC_LVT_MASKED | APIC_DM_NMI);
	if (maxlvt >= 3)
		apic_write(APIC_LVTERR, APIC_LVT_MASKED | ERROR_APIC_VECTOR);
	if (maxlvt >= 4)
		apic_write(APIC_LVTPC, APIC_LVT_MASKED);
	if (maxlvt >= 5)
		apic_write(APIC_LVTTHMR, APIC_LVT_MASKED);
	if (maxlvt >= 6)
		apic_write(APIC_LVTCMCI, APIC_LVT_MASKED);
	apic_write(APIC_TASKPRI, 0);

	/* Interrupts the firmware (or a previous kernel) left in service. */
	for (int reg = 7; reg >= 0; reg--)
		for (int n = 0; n < 32 && apic_read(APIC_ISR + reg * 0x10); n++)
			apic_eoi();

	spiv = apic_read(APIC_SPIV) & ~0xffu;
	spiv |= APIC_SPIV_APIC_ENABLED | SPURIOUS_APIC_VECTOR;
	apic_write(APIC_SPIV, spiv);

	apic_write(APIC_LVT0, lint_lvt(0));
	apic_write(APIC_LVT1, lint_lvt(1));

	apic_write(APIC_LVTERR, ERROR_APIC_VECTOR);
	/* ESR latches on a write (the P4 insists on one before a read): clear it. */
	apic_write(APIC_ESR, 0);
	apic_read(APIC_ESR);
}

/* ------------------------------------------------------------ interrupts */

static void spurious_interrupt(struct pt_regs *regs, unsigned int vector)
{
	u32 isr = apic_read(APIC_ISR + (vector / 32) * 0x10);

	this_cpu_inc(irq_stat.irq_spurious_count);
	/* A real spurious interrupt is not in service and wants no EOI. */
	if (isr & (1u << (vector % 32)))
		apic_eoi();
}

static void error_interrupt(struct pt_regs *regs, unsigned int vector)
{
	u32 esr;

	apic_write(APIC_ESR, 0);
	esr = apic_read(APIC_ESR);
	apic_eoi();
	atomic_inc(&irq_err_count);
	if (atomic_inc_return(&apic_error_count) <= 10)
		pr_warn("error interrupt on CPU%d, ESR %#x\n", smp_processor_id(), esr);
}

static void apic_timer_interrupt(struct pt_regs *regs, unsigned int vector)
{
	/* EOI first: tick_periodic() may switch tasks before returning. */
	apic_eoi();
	this_cpu_inc(irq_stat.apic_timer_irqs);
	tick_periodic(regs);
}

/* ------------------------------------------------------------ boot CPU */

/*
 * Map the boot CPU's APIC and learn its real ID (before the MADT's CPUs
 * are numbered, so the boot CPU is recognised in the list).  The MSR, not
 * the MADT, says where this CPU's APIC answers; they should agree.
 */
void __init apic_map_boot_cpu(u64 madt_addr)
{
	u64 base;

	if (!boot_cpu_has(X86_FEATURE_APIC)) {
		pr_err("no local APIC: no timer tick and no SMP\n");
		return;
	}
	base = rdmsr(MSR_IA32_APICBASE);
	if (base & APICBASE_X2APIC) {
		pr_info("firmware left x2APIC mode on; switching to xAPIC\n");
		wrmsr(MSR_IA32_APICBASE, base & ~(APICBASE_X2APIC | MSR_IA32_APICBASE_ENABLE));
		base &= ~(APICBASE_X2APIC | MSR_IA32_APICBASE_ENABLE);
	}
	if (!(base & MSR_IA32_APICBASE_ENABLE)) {
		base |= MSR_IA32_APICBASE_ENABLE;
		wrmsr(MSR_IA32_APICBASE, base);
	}
	lapic_phys_addr = base & APICBASE_ADDR_MASK;
	if (madt_addr && madt_addr != lapic_phys_addr)
		pr_warn("[Firmware Bug]: MADT says %#llx, the MSR %#llx; using the MSR\n",
			madt_addr, lapic_phys_addr);
	lapic_base = ioremap(lapic_phys_addr, PAGE_SIZE);
	if (!lapic_base) {
		pr_err("cannot map the local APIC at %#llx\n", lapic_phys_addr);
		return;
	}
	lapic_present = true;
	boot_cpu_physical_apicid = read_apic_id();
}

/* init_IRQ(): program the boot CPU's APIC and install its vectors. */
void __init init_bsp_APIC(void)
{
	if (!lapic_present)
		return;
	pr_info("local APIC version %#x, ID %u, at %#llx\n", apic_read(APIC_LVR) & 0xff,
		boot_cpu_physical_apicid, lapic_phys_addr);
	set_vector_handler(SPURIOUS_APIC_VECTOR, spurious_interrupt);
	set_vector_handler(ERROR_APIC_VECTOR, error_interrupt);
	set_vector_handler(LOCAL_TIMER_VECTOR, apic_timer_interrupt);
	setup_local_APIC();
}

/* ------------------------------------------------------------ IPIs */

static bool wait_icr_idle(void)
{
	for (int us = 0; us < ICR_IDLE_TIMEOUT_US; us++) {
		if (!(apic_read(APIC_ICR) & APIC_ICR_BUSY))
			return true;
		udelay(1);
	}
	return !(apic_read(APIC_ICR) & APIC_ICR_BUSY);
}

/* Write the ICR (destination first); false if the previous IPI never left. */
static bool send_icr(u32 apicid, u32 low)
{
	unsigned long flags;
	bool ok;

	local_irq_save(flags);
	/* Make the message (queued call records) visible before the IPI. */
	mb();
	ok = wait_icr_idle();
	if (ok) {
		apic_write(APIC_ICR2, apicid << 24);
		apic_write(APIC_ICR, low);
	}
	local_irq_restore(flags);
	return ok;
}

void apic_send_IPI(int cpu, int vector)
{
	if (!send_icr(x86_cpu_to_apicid[cpu], APIC_DM_FIXED | vector))
		pr_warn_once("ICR stuck busy; IPI %#x to CPU%d lost\n", vector, cpu);
}

void apic_send_IPI_mask(const struct cpumask *mask, int vector)
{
	int cpu;

	for_each_cpu(cpu, mask)
		apic_send_IPI(cpu, vector);
}

void apic_send_nmi(int cpu)
{
	send_icr(x86_cpu_to_apicid[cpu], APIC_DM_NMI);
}

/*
 * INIT, 10 ms, STARTUP, 200 us, STARTUP: the MP specification's sequence
 * for integrated APICs (SDM vol. 3 8.4.4).  A CPU that is already running
 * ignores the second STARTUP.  start must be a page below 1 MiB.
 */
int apic_wakeup_cpu(u32 apicid, unsigned long start)
{
	u32 esr;

	if (!lapic_present)
		return -ENODEV;
	if (start & ~0xff000UL)
		return -EINVAL;
	apic_write(APIC_ESR, 0);
	apic_read(APIC_ESR);

	if (!send_icr(apicid, APIC_INT_LEVELTRIG | APIC_INT_ASSERT | APIC_DM_INIT) ||
	    !send_icr(apicid, APIC_INT_LEVELTRIG | APIC_DM_INIT) || !wait_icr_idle())
		return -EIO;
	mdelay(10);

	for (int i = 0; i < 2; i++) {
		apic_write(APIC_ESR, 0);
		if (!send_icr(apicid, APIC_DM_STARTUP | (start >> 12)))
			return -EIO;
		udelay(200);
		if (!wait_icr_idle())
			return -EIO;
		apic_write(APIC_ESR, 0);
		esr = apic_read(APIC_ESR) & 0xef;	/* bit 4 is "redirectable IPI" */
		if (esr) {
			pr_err("STARTUP IPI to APIC %u failed, ESR %#x\n", apicid, esr);
			return -EIO;
		}
	}
	return 0;
}

/* Put a CPU back into wait-for-STARTUP (it stops whatever it was doing). */
void apic_send_init(u32 apicid)
{
	if (!lapic_present)
		return;
	send_icr(apicid, APIC_INT_LEVELTRIG | APIC_INT_ASSERT | APIC_DM_INIT);
	send_icr(apicid, APIC_INT_LEVELTRIG | APIC_DM_INIT);
}

/* ------------------------------------------------------------ timer */

/*
 * Count APIC timer ticks (divide by 16) against the already calibrated
 * TSC over a few milliseconds.  Each end is read between two TSC reads
 * and the window is measured between the midpoints; an attempt whose
 * brackets are wide (an SMI, a descheduled vCPU) is repeated, and the
 * tightest one is kept.  Returns ticks per second.
 */
static u64 __init calibrate_APIC_clock(void)
{
	u64 window = (u64)tsc_khz * LAPIC_CAL_MS, best_hz = 0, best_err = ~0ULL;

	for (int i = 0; i < LAPIC_CAL_ATTEMPTS; i++) {
		u64 t0a, t0b, t1a, t1b, err;
		u32 c0, c1;

		apic_write(APIC_TDCR, APIC_TDR_DIV_16);
		apic_write(APIC_LVTT, APIC_LVT_MASKED | LOCAL_TIMER_VECTOR);
		apic_write(APIC_TMICT, 0xffffffffu);

		t0a = rdtsc_ordered();
		c0 = apic_read(APIC_TMCCT);
		t0b = rdtsc_ordered();
		while (rdtsc_ordered() - t0a < window)
			cpu_relax();
		t1a = rdtsc_ordered();
		c1 = apic_read(APIC_TMCCT);
		t1b = rdtsc_ordered();
		apic_write(APIC_TMICT, 0);

		if (c0 <= c1 || t1a + t1b <= t0a + t0b)
			continue;
		err = (t0b - t0a) + (t1b - t1a);
		if (err < best_err) {
			best_err = err;
			/* ticks * tsc_hz / cycles, the cycles being doubled midpoints */
			best_hz = (u64)(c0 - c1) * tsc_khz * 1000 * 2 / ((t1a + t1b) - (t0a + t0b));
		}
		if (err * LAPIC_CAL_MAX_ERROR <= window)
			break;
	}
	return best_hz;
}

/* Start this CPU's periodic tick at CONFIG_HZ. */
void setup_APIC_timer(void)
{
	if (!lapic_present || !lapic_timer_period)
		return;
	apic_write(APIC_TDCR, APIC_TDR_DIV_16);
	apic_write(APIC_LVTT, LOCAL_TIMER_VECTOR | APIC_LVT_TIMER_PERIODIC);
	apic_write(APIC_TMICT, lapic_timer_period);
}

void __init setup_boot_APIC_clock(void)
{
	u64 hz;

	if (!lapic_present)
		return;
	if (!tsc_khz) {
		pr_err("timer: no TSC frequency to calibrate against; no tick\n");
		return;
	}
	hz = calibrate_APIC_clock();
	lapic_timer_period = hz / CONFIG_HZ;
	if (lapic_timer_period < 16) {
		pr_err("timer: the APIC timer does not count; no tick\n");
		lapic_timer_period = 0;
		return;
	}
	pr_info("timer: bus clock %llu.%03llu MHz (%llu kHz after divide by 16)\n",
		hz * 16 / 1000000, (hz * 16 / 1000) % 1000, hz / 1000);
	pr_info("timer: %u ticks per %d Hz tick (periodic mode, every CPU)\n",
		lapic_timer_period, CONFIG_HZ);
	setup_APIC_timer();
}
