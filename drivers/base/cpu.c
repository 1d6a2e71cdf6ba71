// SPDX-License-Identifier: GPL-2.0-only
/*
 * /sys/devices/system/cpu: the CPU masks as cpulists ("0-3\n") in
 * online, possible, present and offline, kernel_max, and a cpuN
 * directory per possible CPU (with "online" for every CPU but cpu0, as
 * Linux shows them when CPU 0 cannot be unplugged).  There is no CPU
 * hotplug, so present equals possible and the files are read-only.
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
	}
}
