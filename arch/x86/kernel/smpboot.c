// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bringing up the secondary CPUs (APs).
 *
 * smp_init() starts the possible CPUs one at a time:
 *
 *   boot CPU                               AP
 *   fill the trampoline data (stack,
 *     CPU number), descriptor tables
 *   INIT, 10 ms, STARTUP, 200 us, STARTUP
 *   poll for callin  . . . . . . . . . .   trampoline: real -> long mode
 *                                          start_secondary(): init_top_pgt,
 *                                          cpu_init(), local APIC, callin
 *   TSC sync check (2 ms)  . . . . . . .   TSC sync check
 *   poll for online  . . . . . . . . . .   APIC timer, set_cpu_online(),
 *                                          cpu_startup_entry() (irqs off)
 *
 * The trampoline page is a fixed low page (0x8000 unless the e820 map says
 * it is not RAM; setup_arch() reserved the whole first MiB, so nothing
 * else uses it).  One set of trampoline data serves every AP because the
 * boot CPU starts the next AP only after the previous one has called in.
 * An AP that times out is sent INIT (parked in wait-for-STARTUP); one that
 * still shows up late finds it is not the one expected and halts.
 *
 * Each AP's descriptor tables (GDT, TSS, IST stacks) are zeroed pages from
 * the page allocator, naturally aligned; CPUs never go offline, so they
 * are never freed.
 *
 * Interface: smp_init() (boot hook, from kernel_init()), start_secondary()
 * (from the trampoline), "nosmp" and "maxcpus=" boot parameters.
 * Locking: the boot CPU drives everything; the AP handshake uses ordered
 * single-word flags.
 */
#define pr_fmt(fmt) "smp: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/smp.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/string.h>
#include <linux/kstrtox.h>
#include <linux/boot_hooks.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/errno.h>
#include <asm/smp.h>
#include <asm/apic.h>
#include <asm/desc.h>
#include <asm/e820.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/processor.h>
#include <asm/msr-index.h>
#include <asm/tsc.h>
#include <asm/barrier.h>

/* Generous: an AP normally calls in within microseconds (milliseconds under emulation). */
#define AP_CALLIN_TIMEOUT_MS	5000
#define AP_ONLINE_TIMEOUT_MS	5000

extern char trampoline_start[], trampoline_end[], tr_start32[], tr_start64[];
extern char tr_gdt[], tr_gdt_desc[], tr_jmp32[], tr_jmp64[];
extern char tr_cr3[], tr_efer[], tr_cr0[], tr_cpu[], tr_stack[], tr_entry[];

static pteval_t tramp_pgd[PTRS_PER_TABLE] __aligned(PAGE_SIZE);
static pteval_t tramp_pud[PTRS_PER_TABLE] __aligned(PAGE_SIZE);
static pteval_t tramp_pmd[PTRS_PER_TABLE] __aligned(PAGE_SIZE);

static unsigned long trampoline_phys;
static int booting_cpu = -1;		/* the AP the trampoline data is for */
static int callin_cpu = -1;		/* set by that AP once it runs kernel code */
static unsigned int max_cpus = NR_CPUS;

static int __init nosmp_setup(char *str)
{
	max_cpus = 1;
	return 1;
}
__setup("nosmp", nosmp_setup);

static int __init maxcpus_setup(char *str)
{
	unsigned int n;

	if (kstrtouint(str, 0, &n) || !n)
		pr_warn("ignoring bad maxcpus=%s\n", str);
	else
		max_cpus = n;
	return 1;
}
__setup("maxcpus=", maxcpus_setup);

/* ------------------------------------------------------------ trampoline */

#define TR_FIELD(type, sym)	((type *)(__va(trampoline_phys) + ((sym) - trampoline_start)))

static bool __init page_is_ram(unsigned long pa)
{
	for (u32 i = 0; i < e820_table.nr_entries; i++) {
		const struct e820_entry *e = &e820_table.entries[i];

		if (e->type == E820_TYPE_RAM && e->addr <= pa && e->addr + e->size >= pa + PAGE_SIZE)
			return true;
	}
	return false;
}

/* 0x8000 if it is RAM, else the highest low RAM page above the BIOS data area. */
static unsigned long __init pick_trampoline_page(void)
{
	if (page_is_ram(TRAMPOLINE_DEFAULT_PHYS))
		return TRAMPOLINE_DEFAULT_PHYS;
	for (unsigned long pa = 0x9e000; pa >= 0x1000; pa -= PAGE_SIZE)
		if (page_is_ram(pa))
			return pa;
	return 0;
}

static int __init setup_trampoline(void)
{
	size_t size = trampoline_end - trampoline_start;
	u64 efer = EFER_LME | (rdmsr(MSR_EFER) & (EFER_NX | EFER_SCE));

	if (size > PAGE_SIZE)
		return -1;
	trampoline_phys = pick_trampoline_page();
	if (!trampoline_phys) {
		pr_err("no RAM page below 1 MiB for the AP trampoline\n");
		return -1;
	}
	if (__pa(tramp_pgd) >= (1ULL << 32)) {
		pr_err("trampoline page table above 4 GiB\n");
		return -1;
	}

	/* Identity map of the first 2 MiB (one large page), plus the kernel half. */
	tramp_pmd[0] = _PAGE_PRESENT | _PAGE_RW | _PAGE_PSE;
	tramp_pud[0] = __pa(tramp_pmd) | _PAGE_PRESENT | _PAGE_RW;
	tramp_pgd[0] = __pa(tramp_pud) | _PAGE_PRESENT | _PAGE_RW;
	for (int i = PTRS_PER_TABLE / 2; i < PTRS_PER_TABLE; i++)
		tramp_pgd[i] = init_top_pgt[i].pgd;

	memcpy(__va(trampoline_phys), trampoline_start, size);
	*TR_FIELD(u32, tr_gdt_desc + 2) = trampoline_phys + (tr_gdt - trampoline_start);
	*TR_FIELD(u32, tr_jmp32) = trampoline_phys + (tr_start32 - trampoline_start);
	*TR_FIELD(u32, tr_jmp64) = trampoline_phys + (tr_start64 - trampoline_start);
	*TR_FIELD(u32, tr_cr3) = __pa(tramp_pgd);
	*TR_FIELD(u32, tr_efer) = efer;
	*TR_FIELD(u32, tr_cr0) = read_cr0();
	*TR_FIELD(u64, tr_entry) = (u64)start_secondary;
	return 0;
}

/* ------------------------------------------------------------ the AP side */

void __noreturn start_secondary(int cpu)
{
	/* No per-CPU data (GS) until cpu_init(): only plain globals here. */
	write_cr3(__pa(init_top_pgt));
	if (cpu != READ_ONCE(booting_cpu)) {
		/* Timed out long ago; the boot CPU gave up on us. */
		for (;;)
			native_halt();
	}
	cpu_init(cpu);
	setup_local_APIC();
	smp_store_release(&callin_cpu, cpu);

	check_tsc_sync_target();
	setup_APIC_timer();
	set_cpu_online(cpu, true);
	cpu_startup_entry(cpu);
}

/* ------------------------------------------------------------ the boot CPU side */

/* Poll done(cpu) every microsecond for up to timeout_ms. */
static bool __init wait_for(int cpu, bool (*done)(int cpu), unsigned int timeout_ms)
{
	for (unsigned long us = 0; !done(cpu); us++) {
		if (us >= timeout_ms * 1000UL)
			return false;
		udelay(1);
	}
	return true;
}

static bool __init cpu_called_in(int cpu)
{
	return smp_load_acquire(&callin_cpu) == cpu;
}

static bool __init cpu_is_online(int cpu)
{
	return cpu_online(cpu);
}

static int __init do_boot_cpu(int cpu)
{
	u32 apicid = x86_cpu_to_apicid[cpu];
	unsigned long tables;
	int ret;

	tables = __get_free_pages(GFP_KERNEL | __GFP_ZERO, get_order(sizeof(struct cpu_tables)));
	if (!tables) {
		pr_err("CPU%d: no memory for its descriptor tables\n", cpu);
		return -ENOMEM;
	}
	set_cpu_tables(cpu, (struct cpu_tables *)tables);
	*TR_FIELD(u32, tr_cpu) = cpu;
	*TR_FIELD(u64, tr_stack) = task_stack_top(idle_thread_get(cpu));
	WRITE_ONCE(callin_cpu, -1);
	smp_store_release(&booting_cpu, cpu);

	ret = apic_wakeup_cpu(apicid, trampoline_phys);
	if (ret) {
		pr_err("CPU%d (APIC ID %u): wakeup IPIs failed (%d)\n", cpu, apicid, ret);
		goto fail;
	}
	if (!wait_for(cpu, cpu_called_in, AP_CALLIN_TIMEOUT_MS)) {
		pr_err("CPU%d (APIC ID %u) did not respond\n", cpu, apicid);
		ret = -EIO;
		goto fail;
	}
	check_tsc_sync_source(cpu);
	if (!wait_for(cpu, cpu_is_online, AP_ONLINE_TIMEOUT_MS)) {
		pr_err("CPU%d (APIC ID %u) called in but never came online\n", cpu, apicid);
		ret = -EIO;
		goto fail;
	}
	return 0;
fail:
	/*
	 * Park it, so it cannot wander into the trampoline later and pick up
	 * the next CPU's stack; start_secondary() also refuses late comers.
	 */
	WRITE_ONCE(booting_cpu, -1);
	apic_send_init(apicid);
	return ret;
}

/* CPUs left out by nosmp / maxcpus= are not possible: there is no CPU hotplug. */
static void __init drop_cpus_from(int first)
{
	unsigned int dropped = 0;
	int cpu;

	for_each_possible_cpu(cpu) {
		if (cpu < first)
			continue;
		set_cpu_possible(cpu, false);
		dropped++;
	}
	if (dropped)
		pr_info("%u CPU(s) left offline by nosmp/maxcpus=\n", dropped);
}

void __init smp_init(void)
{
	unsigned int brought = 1;
	int cpu;

	if (!IS_ENABLED(CONFIG_SMP) || max_cpus == 1)
		drop_cpus_from(1);
	if (num_possible_cpus() == 1) {
		pr_info("Bringing up secondary CPUs ... none\n");
		pr_info("Brought up 1 node, 1 CPU\n");
		return;
	}
	pr_info("Bringing up secondary CPUs ...\n");
	if (!lapic_present || setup_trampoline()) {
		pr_err("cannot start secondary CPUs\n");
		return;
	}
	printk(KERN_INFO "x86: Booting SMP configuration:\n");
	printk(KERN_INFO ".... node  #0, CPUs:     ");
	for_each_possible_cpu(cpu) {
		if (cpu == 0)
			continue;
		if (brought >= max_cpus) {
			pr_cont("\n");
			drop_cpus_from(cpu);
			break;
		}
		if (do_boot_cpu(cpu))
			continue;
		pr_cont(" #%d", cpu);
		brought++;
	}
	if (brought < max_cpus)
		pr_cont("\n");
	pr_info("Brought up 1 node, %u CPUs\n", num_online_cpus());
}
