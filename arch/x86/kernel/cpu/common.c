// SPDX-License-Identifier: GPL-2.0-only
/*
 * Per-CPU processor setup: CPUID feature probing (boot CPU), and for every
 * CPU its GDT + TSS (with IST stacks), the IDT, GS base for per-CPU data
 * and the control-register features we use when present (NX, SMEP, SMAP,
 * global pages), the FPU/SSE set-up and the SYSCALL MSRs.
 *
 * Interface: identify_boot_cpu() once, early; cpu_init(cpu) on each CPU
 * after its per-CPU area exists (secondary CPUs get their tables from
 * set_cpu_tables() first); this_cpu_tss().
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/smp.h>
#include <linux/percpu.h>
#include <linux/panic.h>
#include <asm/cpufeature.h>
#include <asm/desc.h>
#include <asm/processor.h>
#include <asm/segment.h>
#include <asm/msr-index.h>
#include <asm/uaccess.h>
#include <asm/fpu.h>
#include <asm/entry.h>

struct cpuinfo_x86 boot_cpu_data;

const char *const x86_feature_names[NR_X86_FEATURES] = {
	"fpu", "tsc", "msr", "pae", "apic", "pge", "pat", "clflush", "fxsr", "sse",
	"sse2", "ht", "pni", "monitor", "ssse3", "cx16", "pcid", "x2apic",
	"tsc_deadline_timer", "xsave", "osxsave", "avx", "rdrand", "hypervisor",
	"nx", "pdpe1gb", "rdtscp", "lm", "lahf_lm", "constant_tsc", "fsgsbase",
	"smep", "smap", "invpcid", "rdseed",
};

/* Where each feature lives: leaf, register (0=eax..3=edx), bit. */
struct feature_loc {
	u32 leaf;
	u8 reg;
	u8 bit;
};

static const struct feature_loc feature_locs[NR_X86_FEATURES] = {
	[X86_FEATURE_FPU] = { 1, 3, 0 },	[X86_FEATURE_TSC] = { 1, 3, 4 },
	[X86_FEATURE_MSR] = { 1, 3, 5 },	[X86_FEATURE_PAE] = { 1, 3, 6 },
	[X86_FEATURE_APIC] = { 1, 3, 9 },	[X86_FEATURE_PGE] = { 1, 3, 13 },
	[X86_FEATURE_PAT] = { 1, 3, 16 },	[X86_FEATURE_CLFLUSH] = { 1, 3, 19 },
	[X86_FEATURE_FXSR] = { 1, 3, 24 },	[X86_FEATURE_SSE] = { 1, 3, 25 },
	[X86_FEATURE_SSE2] = { 1, 3, 26 },	[X86_FEATURE_HT] = { 1, 3, 28 },
	[X86_FEATURE_SSE3] = { 1, 2, 0 },	[X86_FEATURE_MWAIT] = { 1, 2, 3 },
	[X86_FEATURE_SSSE3] = { 1, 2, 9 },	[X86_FEATURE_CX16] = { 1, 2, 13 },
	[X86_FEATURE_PCID] = { 1, 2, 17 },	[X86_FEATURE_X2APIC] = { 1, 2, 21 },
	[X86_FEATURE_TSC_DEADLINE] = { 1, 2, 24 }, [X86_FEATURE_XSAVE] = { 1, 2, 26 },
	[X86_FEATURE_OSXSAVE] = { 1, 2, 27 },	[X86_FEATURE_AVX] = { 1, 2, 28 },
	[X86_FEATURE_RDRAND] = { 1, 2, 30 },	[X86_FEATURE_HYPERVISOR] = { 1, 2, 31 },
	[X86_FEATURE_FSGSBASE] = { 7, 1, 0 },	[X86_FEATURE_SMEP] = { 7, 1, 7 },
	[X86_FEATURE_INVPCID] = { 7, 1, 10 },	[X86_FEATURE_RDSEED] = { 7, 1, 18 },
	[X86_FEATURE_SMAP] = { 7, 1, 20 },
	[X86_FEATURE_LAHF_LM] = { 0x80000001, 2, 0 },
	[X86_FEATURE_NX] = { 0x80000001, 3, 20 },
	[X86_FEATURE_PDPE1GB] = { 0x80000001, 3, 26 },
	[X86_FEATURE_RDTSCP] = { 0x80000001, 3, 27 },
	[X86_FEATURE_LM] = { 0x80000001, 3, 29 },
	[X86_FEATURE_CONSTANT_TSC] = { 0x80000007, 3, 8 },	/* invariant TSC */
};

static bool leaf_present(u32 leaf)
{
	if (leaf >= 0x80000000)
		return leaf <= boot_cpu_data.max_ext_leaf;
	return leaf <= boot_cpu_data.max_leaf;
}

void __init identify_boot_cpu(void)
{
	struct cpuinfo_x86 *c = &boot_cpu_data;
	u32 r[4], eax;

	cpuid(0, &c->max_leaf, &r[1], &r[2], &r[3]);
	memcpy(c->vendor, &r[1], 4);
	memcpy(c->vendor + 4, &r[3], 4);
	memcpy(c->vendor + 8, &r[2], 4);
	cpuid(0x80000000, &c->max_ext_leaf, &r[1], &r[2], &r[3]);

	cpuid(1, &eax, &r[1], &r[2], &r[3]);
	c->family = (eax >> 8) & 0xf;
	c->model = (eax >> 4) & 0xf;
	c->stepping = eax & 0xf;
	if (c->family == 0xf)
		c->family += (eax >> 20) & 0xff;
	if (c->family >= 6)
		c->model += ((eax >> 16) & 0xf) << 4;
	c->clflush_size = ((r[1] >> 8) & 0xff) * 8;

	for (int f = 0; f < NR_X86_FEATURES; f++) {
		const struct feature_loc *l = &feature_locs[f];

		if (!l->leaf || !leaf_present(l->leaf))
			continue;
		cpuid_count(l->leaf, 0, &r[0], &r[1], &r[2], &r[3]);
		if (r[l->reg] & (1u << l->bit))
			c->features[f / 64] |= 1UL << (f % 64);
	}

	if (leaf_present(0x80000004)) {
		for (u32 i = 0; i < 3; i++) {
			cpuid(0x80000002 + i, &r[0], &r[1], &r[2], &r[3]);
			memcpy(c->model_name + 16 * i, r, 16);
		}
		c->model_name[48] = '\0';
	} else {
		strscpy(c->model_name, "unknown x86_64", sizeof(c->model_name));
	}
	c->phys_bits = 36;
	c->virt_bits = 48;
	if (leaf_present(0x80000008)) {
		cpuid(0x80000008, &eax, &r[1], &r[2], &r[3]);
		c->phys_bits = eax & 0xff;
		c->virt_bits = (eax >> 8) & 0xff;
	}
}

static void __init print_cpu_features(void)
{
	static const enum x86_feature probed[] = {
		X86_FEATURE_NX, X86_FEATURE_SMEP, X86_FEATURE_SMAP, X86_FEATURE_PCID,
		X86_FEATURE_X2APIC, X86_FEATURE_TSC_DEADLINE, X86_FEATURE_CONSTANT_TSC,
		X86_FEATURE_CX16,
	};
	char line[160];
	int n = 0;

	for (unsigned int i = 0; i < ARRAY_SIZE(probed); i++)
		n += scnprintf(line + n, sizeof(line) - n, " %s%s",
			       boot_cpu_has(probed[i]) ? "+" : "-",
			       x86_feature_names[probed[i]]);
	pr_info("CPU: %s (family %u, model %u, stepping %u), %s\n",
		boot_cpu_data.model_name, boot_cpu_data.family, boot_cpu_data.model,
		boot_cpu_data.stepping, boot_cpu_data.vendor);
	pr_info("CPU features:%s\n", line);
}

/* ------------------------------------------------------------ GDT/TSS */

DEFINE_PER_CPU(struct cpu_tables *, cpu_tables_ptr);
static struct cpu_tables boot_cpu_tables __aligned(PAGE_SIZE);
static struct cpu_tables *cpu_tables_all[NR_CPUS];

/* Segment descriptors: flat, 64-bit code has L set, data is ignored mostly. */
#define DESC_CODE32	0x00cf9a000000ffffULL
#define DESC_CODE64	0x00af9a000000ffffULL
#define DESC_DATA	0x00cf92000000ffffULL
#define DESC_USER_CODE32 0x00cffa000000ffffULL
#define DESC_USER_DATA	0x00cff2000000ffffULL
#define DESC_USER_CODE64 0x00affa000000ffffULL

/*
 * The CPUNODE descriptor (<asm/segment.h>): present, DPL 3, read-only
 * data (accessed already, so nothing ever writes it), byte granular, the
 * CPU and node numbers as its 20-bit limit.
 */
static u64 cpunode_desc(int cpu)
{
	u64 limit = cpu & VDSO_CPUNODE_MASK;	/* node 0: no NUMA */

	return (limit & 0xffff) | (0xf1ULL << 40) | (((limit >> 16) & 0xf) << 48);
}

static void fill_gdt(struct cpu_tables *t, int cpu)
{
	u64 base = (u64)&t->tss;
	u64 limit = sizeof(t->tss) - 1;

	memset(t->gdt, 0, sizeof(t->gdt));
	t->gdt[GDT_ENTRY_KERNEL32_CS] = DESC_CODE32;
	t->gdt[GDT_ENTRY_KERNEL_CS] = DESC_CODE64;
	t->gdt[GDT_ENTRY_KERNEL_DS] = DESC_DATA;
	t->gdt[GDT_ENTRY_USER32_CS] = DESC_USER_CODE32;
	t->gdt[GDT_ENTRY_USER_DS] = DESC_USER_DATA;
	t->gdt[GDT_ENTRY_USER_CS] = DESC_USER_CODE64;
	/* 64-bit available TSS (type 9), present; base spans two entries. */
	t->gdt[GDT_ENTRY_TSS] = (limit & 0xffff) | ((base & 0xffffff) << 16) |
				(0x89ULL << 40) | (((limit >> 16) & 0xf) << 48) |
				(((base >> 24) & 0xff) << 56);
	t->gdt[GDT_ENTRY_TSS + 1] = base >> 32;
	t->gdt[GDT_ENTRY_CPUNODE] = cpunode_desc(cpu);

	memset(&t->tss, 0, sizeof(t->tss));
	for (int i = 0; i < N_IST_STACKS; i++)
		t->tss.ist[i] = (u64)t->ist_stacks[i] + IST_STACK_SIZE;
	t->tss.io_bitmap_base = sizeof(t->tss);	/* no I/O bitmap */
}

static void load_gdt_and_segments(struct cpu_tables *t)
{
	struct desc_ptr gdtr = { GDT_ENTRIES * 8 - 1, (u64)t->gdt };

	__asm__ __volatile__(
		"lgdt %0\n\t"
		"pushq %1\n\t"
		"leaq 1f(%%rip), %%rax\n\t"
		"pushq %%rax\n\t"
		"lretq\n"
		"1:\n\t"
		"movl %2, %%eax\n\t"
		"movl %%eax, %%ss\n\t"
		"xorl %%eax, %%eax\n\t"
		"movl %%eax, %%ds\n\t"
		"movl %%eax, %%es\n\t"
		:: "m"(gdtr), "i"(__KERNEL_CS), "i"(__KERNEL_DS) : "rax", "memory");
	/* fs/gs selectors are 0; their bases come from MSRs. */
	__asm__ __volatile__("ltr %w0" :: "r"(GDT_TSS_SEL));
}

struct tss_struct *this_cpu_tss(void)
{
	return &this_cpu_read(cpu_tables_ptr)->tss;
}

/*
 * Bring this CPU's tables up.  The boot CPU uses static tables (no
 * allocator yet); secondary CPUs get theirs through set_cpu_tables().
 */
void cpu_init(int cpu)
{
	struct cpu_tables *t = cpu ? cpu_tables_all[cpu] : &boot_cpu_tables;
	u64 efer;

	if (!t)
		panic("cpu_init: no descriptor tables for CPU %d", cpu);
	fill_gdt(t, cpu);
	load_gdt_and_segments(t);
	load_idt();

	wrmsr(MSR_GS_BASE, (u64)__per_cpu_start + __per_cpu_offset[cpu]);
	wrmsr(MSR_KERNEL_GS_BASE, 0);
	wrmsr(MSR_FS_BASE, 0);
	this_cpu_write(cpu_tables_ptr, t);
	this_cpu_write(cpu_number, cpu);

	efer = rdmsr(MSR_EFER);
	if (boot_cpu_has(X86_FEATURE_NX))
		efer |= EFER_NX;
	wrmsr(MSR_EFER, efer);

	if (boot_cpu_has(X86_FEATURE_PGE))
		write_cr4(read_cr4() | X86_CR4_PGE);
	/*
	 * SMEP: never execute user pages in kernel mode.  SMAP: never touch
	 * them outside the uaccess helpers (asm/uaccess.h opens the window).
	 */
	if (boot_cpu_has(X86_FEATURE_SMEP))
		write_cr4(read_cr4() | X86_CR4_SMEP);
	if (boot_cpu_has(X86_FEATURE_SMAP)) {
		write_cr4(read_cr4() | X86_CR4_SMAP);
		smap_enabled = true;
	}
	/* User mode: the FPU/SSE state and the SYSCALL instruction. */
	fpu_init_cpu();
	syscall_init();
	if (!cpu)
		print_cpu_features();
}

/* Hand a secondary CPU its (zeroed, page-aligned) tables before cpu_init(). */
void set_cpu_tables(int cpu, struct cpu_tables *t)
{
	cpu_tables_all[cpu] = t;
}
