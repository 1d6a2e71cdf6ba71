// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/cpuinfo: one block per online CPU in Linux's x86 format (the
 * fields tools parse: processor, vendor_id, cpu family, model, model
 * name, stepping, cpu MHz, cache size, physical id, siblings, core id,
 * cpu cores, apicid, flags, bogomips, clflush size, address sizes).
 *
 * Identification comes from the boot CPU (identify_boot_cpu(); the CPUs
 * of one machine are alike), the APIC ids from the MADT.  Package and
 * core ids are the APIC id split at the widths CPUID reports (leaf 0xb,
 * else leaf 1/4), and siblings/cpu cores count the online CPUs that share
 * them.  cpu MHz is the calibrated TSC rate; bogomips is twice that, as
 * Linux's delay-loop calibration gives on TSC machines.  flags lists the
 * features identify_boot_cpu() probes (a subset of Linux's list).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/cpumask.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include <asm/cpufeature.h>
#include <asm/processor.h>
#include <asm/apic.h>
#include <asm/tsc.h>

struct cpu_topology_shift {
	unsigned int smt;	/* APIC id bits of the thread within its core */
	unsigned int pkg;	/* APIC id bits of the thread within its package */
};

static unsigned int count_order(unsigned int n)
{
	unsigned int order = 0;

	while ((1U << order) < n)
		order++;
	return order;
}

static bool is_intel(void)
{
	return !strcmp(boot_cpu_data.vendor, "GenuineIntel");
}

static struct cpu_topology_shift cpu_topology_shift(void)
{
	struct cpu_topology_shift t = { 0, 0 };
	u32 a, b, c, d, logical = 1, cores = 1;

	if (boot_cpu_data.max_leaf >= 0xb) {
		cpuid_count(0xb, 0, &a, &b, &c, &d);
		if (b) {
			t.smt = a & 0x1f;
			cpuid_count(0xb, 1, &a, &b, &c, &d);
			t.pkg = b ? (a & 0x1f) : t.smt;
			return t;
		}
	}
	if (boot_cpu_has(X86_FEATURE_HT)) {
		cpuid(1, &a, &b, &c, &d);
		logical = (b >> 16) & 0xff;
	}
	if (is_intel() && boot_cpu_data.max_leaf >= 4) {
		cpuid_count(4, 0, &a, &b, &c, &d);
		cores = ((a >> 26) & 0x3f) + 1;
	} else if (boot_cpu_data.max_ext_leaf >= 0x80000008) {
		cpuid(0x80000008, &a, &b, &c, &d);
		cores = (c & 0xff) + 1;
	}
	if (!logical)
		logical = 1;
	if (cores > logical)
		cores = logical;
	t.pkg = count_order(logical);
	t.smt = count_order(logical / cores);
	return t;
}

/* The last-level cache size in KB (Intel leaf 4), or L2 (AMD); 0 if unknown. */
static unsigned int cache_size_kb(void)
{
	u32 a, b, c, d;
	unsigned int best = 0, level = 0;

	if (is_intel() && boot_cpu_data.max_leaf >= 4) {
		for (u32 i = 0; i < 16; i++) {
			unsigned long size;

			cpuid_count(4, i, &a, &b, &c, &d);
			if (!(a & 0x1f))
				break;
			if ((a & 0x1f) == 2)	/* instruction cache */
				continue;
			size = (unsigned long)(((b >> 22) & 0x3ff) + 1) * (((b >> 12) & 0x3ff) + 1) *
			       ((b & 0xfff) + 1) * (c + 1);
			if (((a >> 5) & 7) >= level) {
				level = (a >> 5) & 7;
				best = size >> 10;
			}
		}
		return best;
	}
	if (boot_cpu_data.max_ext_leaf >= 0x80000006) {
		cpuid(0x80000006, &a, &b, &c, &d);
		return c >> 16;
	}
	return 0;
}

static int show_cpuinfo(struct seq_file *m, void *v)
{
	const struct cpuinfo_x86 *c = &boot_cpu_data;
	struct cpu_topology_shift t = cpu_topology_shift();
	unsigned int cpu = (unsigned long)v - 1, other, cache = cache_size_kb();
	u32 apicid = x86_cpu_to_apicid[cpu];
	u32 pkg = apicid >> t.pkg, core = (apicid & ((1U << t.pkg) - 1)) >> t.smt;
	unsigned int siblings = 0, cores = 0;
	unsigned long khz = tsc_khz;

	for_each_online_cpu(other) {
		u32 id = x86_cpu_to_apicid[other];
		bool first_of_core = true;
		unsigned int prev;

		if ((id >> t.pkg) != pkg)
			continue;
		siblings++;
		/* Count a core once: at its lowest-numbered online thread. */
		for_each_online_cpu(prev) {
			u32 pid = x86_cpu_to_apicid[prev];

			if (prev >= other)
				break;
			if ((pid >> t.pkg) == pkg && (pid >> t.smt) == (id >> t.smt))
				first_of_core = false;
		}
		cores += first_of_core;
	}

	seq_printf(m, "processor\t: %u\n", cpu);
	seq_printf(m, "vendor_id\t: %s\n", c->vendor);
	seq_printf(m, "cpu family\t: %u\n", c->family);
	seq_printf(m, "model\t\t: %u\n", c->model);
	seq_printf(m, "model name\t: %s\n", c->model_name);
	seq_printf(m, "stepping\t: %u\n", c->stepping);
	if (khz)
		seq_printf(m, "cpu MHz\t\t: %lu.%03lu\n", khz / 1000, khz % 1000);
	if (cache)
		seq_printf(m, "cache size\t: %u KB\n", cache);
	seq_printf(m, "physical id\t: %u\n", pkg);
	seq_printf(m, "siblings\t: %u\n", siblings);
	seq_printf(m, "core id\t\t: %u\n", core);
	seq_printf(m, "cpu cores\t: %u\n", cores);
	seq_printf(m, "apicid\t\t: %u\n", apicid);
	seq_printf(m, "initial apicid\t: %u\n", apicid);
	seq_printf(m, "fpu\t\t: %s\n", boot_cpu_has(X86_FEATURE_FPU) ? "yes" : "no");
	seq_printf(m, "fpu_exception\t: %s\n", boot_cpu_has(X86_FEATURE_FPU) ? "yes" : "no");
	seq_printf(m, "cpuid level\t: %u\n", c->max_leaf);
	seq_puts(m, "wp\t\t: yes\n");
	seq_puts(m, "flags\t\t:");
	for (int f = 0; f < NR_X86_FEATURES; f++)
		if (boot_cpu_has(f))
			seq_printf(m, " %s", x86_feature_names[f]);
	seq_putc(m, '\n');
	if (khz)
		seq_printf(m, "bogomips\t: %lu.%02lu\n", khz * 2 / 1000, (khz * 2 % 1000) / 10);
	seq_printf(m, "clflush size\t: %u\n", c->clflush_size);
	seq_printf(m, "cache_alignment\t: %u\n", c->clflush_size);
	seq_printf(m, "address sizes\t: %u bits physical, %u bits virtual\n", c->phys_bits,
		   c->virt_bits);
	seq_puts(m, "power management:\n\n");
	return 0;
}

/* Records are online CPUs; the pointer is cpu + 1 (NULL ends). */
static void *c_start(struct seq_file *m, loff_t *pos)
{
	unsigned int cpu = *pos ? cpumask_next(*pos - 1, cpu_online_mask) :
				  cpumask_first(cpu_online_mask);

	*pos = cpu;
	return cpu < nr_cpu_ids ? (void *)(unsigned long)(cpu + 1) : NULL;
}

static void *c_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return c_start(m, pos);
}

static void c_stop(struct seq_file *m, void *v)
{
}

static const struct seq_operations cpuinfo_op = {
	.start = c_start,
	.next = c_next,
	.stop = c_stop,
	.show = show_cpuinfo,
};

static int __init proc_cpuinfo_init(void)
{
	proc_create_seq("cpuinfo", 0, NULL, &cpuinfo_op);
	return 0;
}
device_initcall(proc_cpuinfo_init);
