// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bring up the device model, in order: sysfs, its top-level directories
 * (/sys/devices, /sys/class, /sys/block, /sys/dev, /sys/kernel, /sys/fs),
 * devtmpfs, and /sys/devices/system/cpu.  A postcore initcall, so that
 * every driver's initcall (arch and later) can call device_create().
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/sysfs.h>
#include <linux/device.h>

static int __init driver_init(void)
{
	int err = sysfs_init();

	if (err) {
		pr_err("sysfs: cannot initialise: %d\n", err);
		return err;
	}
	devices_init();
	devtmpfs_init();
	cpu_dev_init();
	return 0;
}
postcore_initcall(driver_init);
