// SPDX-License-Identifier: GPL-2.0-only
/*
 * /sys/devices/system/cpu: the CPU masks as cpulists ("0-3\n") in
 * online, possible, present and offline, kernel_max, and a cpuN
 * directory per possible CPU (with "online" for every CPU but cpu0, as
 * Linux shows them when CPU 0 cannot be unplugged).  There is no CPU
 * hotplug, so present equals possible and the files are read-only.
 *
 * cpuN/cpuidle/state0 and state1 are the idle loop's two ways to wait
 * (kernel/sched/idle.c), in the layout of Linux's cpuidle states: state0
 * "POLL" (spinning on need_resched), state1 "HLT"; each has name, desc,
 * latency and residency (µs), usage (entries) and time (µs spent), and
 * state0 also poll_window_ns and poll_hits (polls that work ended).
 *
 * Interface: cpu_dev_init() (from driver_init()).
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <asm/page_types.h>
#include <linux/cpumask.h>
#include <linux/bitmap.h>
#include <linux/device.h>
#include <linux/cpu.h>
#include <linux/timekeeping.h>

static struct kobject *cpu_root_kobj;

static ssize_t print_cpus(const struct cpumask *mask, char *buf)
{
	int len = bitmap_print_list(buf, PAGE_SIZE - 1, cpumask_bits(mask), nr_cpu_ids);

	buf[len++] = '\n';
	return len;
}

static ssize_t online_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return print_cpus(cpu_online_mask, buf);
}

static ssize_t possible_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return print_cpus(cpu_possible_mask, buf);
}

static ssize_t offline_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	struct cpumask offline;

	bitmap_andnot(cpumask_bits(&offline), cpumask_bits(cpu_possible_mask),
		      cpumask_bits(cpu_online_mask), NR_CPUS);
	return print_cpus(&offline, buf);
}

static ssize_t kernel_max_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%d\n", NR_CPUS - 1);
}

static struct kobj_attribute cpu_attr_online = __ATTR_RO(online);
static struct kobj_attribute cpu_attr_possible = __ATTR_RO(possible);
static struct kobj_attribute cpu_attr_present = __ATTR(present, 0444, possible_show, NULL);
static struct kobj_attribute cpu_attr_offline = __ATTR_RO(offline);
static struct kobj_attribute cpu_attr_kernel_max = __ATTR_RO(kernel_max);

static struct attribute *cpu_root_attrs[] = {
	&cpu_attr_online.attr,
	&cpu_attr_possible.attr,
	&cpu_attr_present.attr,
	&cpu_attr_offline.attr,
	&cpu_attr_kernel_max.attr,
	NULL,
};

static const struct attribute_group cpu_root_group = {
	.attrs = cpu_root_attrs,
};

/* cpuN/online: the kobject's name says which CPU. */
static ssize_t cpu_online_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	unsigned int cpu;

	if (kstrtouint(kobject_name(kobj) + 3, 10, &cpu) || cpu >= NR_CPUS)
		return -EINVAL;
	return sysfs_emit(buf, "%d\n", cpu_online(cpu) ? 1 : 0);
}

static struct kobj_attribute cpu_attr_cpu_online = __ATTR(online, 0444, cpu_online_show, NULL);

/* ---------------------------------------------------------------- cpuidle */

/* cpuN/cpuidle/stateK: the CPU and state from the directory names. */
static bool idle_kobj_ids(struct kobject *kobj, unsigned int *cpu, unsigned int *state)
{
	struct kobject *cpu_kobj = kobj->parent ? kobj->parent->parent : NULL;

	return cpu_kobj && !kstrtouint(kobject_name(kobj) + 5, 10, state) &&
	       !kstrtouint(kobject_name(cpu_kobj) + 3, 10, cpu) && *cpu < NR_CPUS;
}

static const struct {
	const char *name, *desc;
	unsigned int latency_us, residency_us;
} idle_state_info[] = {
	{ "POLL", "spin on need_resched (no IPI to wake)", 0, 0 },
	{ "HLT", "halt until an interrupt", 1, 1 },
};

static ssize_t idle_state_show(struct kobject *kobj, struct kobj_attribute *attr, char *buf)
{
	unsigned int cpu, state;
	unsigned long usage, hits;
	u64 time_ns, window_ns;
	const char *what = attr->attr.name;

	if (!idle_kobj_ids(kobj, &cpu, &state) || state >= ARRAY_SIZE(idle_state_info) ||
	    !idle_state_stat(cpu, state, &usage, &time_ns))
		return -EINVAL;
	idle_poll_stat(cpu, &window_ns, &hits);
	if (!strcmp(what, "name"))
		return sysfs_emit(buf, "%s\n", idle_state_info[state].name);
	if (!strcmp(what, "desc"))
		return sysfs_emit(buf, "%s\n", idle_state_info[state].desc);
	if (!strcmp(what, "latency"))
		return sysfs_emit(buf, "%u\n", idle_state_info[state].latency_us);
	if (!strcmp(what, "residency"))
		return sysfs_emit(buf, "%u\n", idle_state_info[state].residency_us);
	if (!strcmp(what, "usage"))
		return sysfs_emit(buf, "%lu\n", usage);
	if (!strcmp(what, "time"))
		return sysfs_emit(buf, "%llu\n", time_ns / NSEC_PER_USEC);
	if (!strcmp(what, "poll_window_ns"))
		return sysfs_emit(buf, "%llu\n", window_ns);
	if (!strcmp(what, "poll_hits"))
		return sysfs_emit(buf, "%lu\n", hits);
	return -EINVAL;
}

static struct kobj_attribute idle_attr_name = __ATTR(name, 0444, idle_state_show, NULL);
static struct kobj_attribute idle_attr_desc = __ATTR(desc, 0444, idle_state_show, NULL);
static struct kobj_attribute idle_attr_latency = __ATTR(latency, 0444, idle_state_show, NULL);
static struct kobj_attribute idle_attr_residency = __ATTR(residency, 0444, idle_state_show, NULL);
static struct kobj_attribute idle_attr_usage = __ATTR(usage, 0444, idle_state_show, NULL);
static struct kobj_attribute idle_attr_time = __ATTR(time, 0444, idle_state_show, NULL);
static struct kobj_attribute idle_attr_window = __ATTR(poll_window_ns, 0444, idle_state_show, NULL);
static struct kobj_attribute idle_attr_hits = __ATTR(poll_hits, 0444, idle_state_show, NULL);

static struct attribute *idle_state_attrs[] = {
	&idle_attr_name.attr,
	&idle_attr_desc.attr,
	&idle_attr_latency.attr,
	&idle_attr_residency.attr,
	&idle_attr_usage.attr,
	&idle_attr_time.attr,
	NULL,
};

static const struct attribute_group idle_state_group = {
	.attrs = idle_state_attrs,
};

static void __init cpu_idle_dev_init(struct kobject *cpu_kobj)
{
	struct kobject *dir = kobject_create_and_add("cpuidle", cpu_kobj);
	unsigned int state;

	if (!dir)
		return;
	for (state = 0; state < ARRAY_SIZE(idle_state_info); state++) {
		char name[16];
		struct kobject *k;

		snprintf(name, sizeof(name), "state%u", state);
		k = kobject_create_and_add(name, dir);
		if (!k || sysfs_create_group(k, &idle_state_group))
			continue;
		if (state == 0) {
			sysfs_create_file(k, &idle_attr_window.attr);
			sysfs_create_file(k, &idle_attr_hits.attr);
		}
	}
}

void __init cpu_dev_init(void)
{
	unsigned int cpu;

	cpu_root_kobj = kobject_create_and_add("cpu", system_kobj);
	if (!cpu_root_kobj || sysfs_create_group(cpu_root_kobj, &cpu_root_group)) {
		pr_err("sysfs: cannot create /sys/devices/system/cpu\n");
		return;
	}
	for_each_possible_cpu(cpu) {
		char name[16];
		struct kobject *k;

		snprintf(name, sizeof(name), "cpu%u", cpu);
		k = kobject_create_and_add(name, cpu_root_kobj);
		if (k && cpu)
			sysfs_create_file(k, &cpu_attr_cpu_online.attr);
		if (k)
			cpu_idle_dev_init(k);
	}
}
