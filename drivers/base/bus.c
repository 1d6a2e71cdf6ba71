// SPDX-License-Identifier: GPL-2.0-only
/*
 * Buses: /sys/bus/<bus>/{devices,drivers}, the list of devices on each
 * bus and the list of its drivers.  Binding itself is in driver.c.
 *
 * Interface (<linux/device.h>): bus_register(), bus_unregister(),
 * bus_for_each_dev(), bus_find_device(); device_add()/device_del() call
 * bus_add_device(), bus_probe_device() and bus_remove_device().
 *
 * Locking: bus->p->lock (a mutex) guards the bus's two lists and is held
 * only to change or copy them, never while a driver's probe or remove
 * runs: walks that call out take a referenced snapshot of the list
 * (bus_snapshot_devices()) and recheck each entry under the device's own
 * mutex.  buses_lock guards the creation of /sys/bus.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/device.h>
#include "base.h"

static struct kobject *buses_kobj;	/* /sys/bus */
static DEFINE_MUTEX(buses_lock);

int bus_register(struct bus_type *bus)
{
	struct subsys_private *p;

	mutex_lock(&buses_lock);
	if (!buses_kobj)
		buses_kobj = kobject_create_and_add("bus", NULL);
	mutex_unlock(&buses_lock);
	if (!buses_kobj)
		return -ENOMEM;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->bus = bus;
	mutex_init(&p->lock);
	INIT_LIST_HEAD(&p->devices);
	INIT_LIST_HEAD(&p->drivers);
	p->kobj = kobject_create_and_add(bus->name, buses_kobj);
	if (!p->kobj)
		goto out_free;
	p->devices_kobj = kobject_create_and_add("devices", p->kobj);
	p->drivers_kobj = kobject_create_and_add("drivers", p->kobj);
	if (!p->devices_kobj || !p->drivers_kobj)
		goto out_put;
	bus->p = p;
	return 0;

out_put:
	kobject_put(p->devices_kobj);
	kobject_put(p->drivers_kobj);
	kobject_put(p->kobj);
out_free:
	kfree(p);
	return -ENOMEM;
}

/* The bus must have no devices and no drivers left. */
void bus_unregister(struct bus_type *bus)
{
	struct subsys_private *p = bus->p;

	if (!p)
		return;
	WARN_ON(!list_empty(&p->devices) || !list_empty(&p->drivers));
	bus->p = NULL;
	kobject_put(p->devices_kobj);
	kobject_put(p->drivers_kobj);
	kobject_put(p->kobj);
	kfree(p);
}

bool bus_has_driver_locked(struct bus_type *bus, struct device_driver *drv)
{
	struct driver_private *dp;

	list_for_each_entry(dp, &bus->p->drivers, node)
		if (dp->drv == drv)
			return true;
	return false;
}

struct device **bus_snapshot_devices(struct bus_type *bus, int *nr)
{
	struct subsys_private *p = bus->p;
	struct device **v = NULL, *dev;
	int n, cap = 0;

	for (;;) {
		mutex_lock(&p->lock);
		n = 0;
		list_for_each_entry(dev, &p->devices, bus_node)
			n++;
		if (n <= cap)
			break;
		mutex_unlock(&p->lock);
		kfree(v);
		cap = n + 8;
		v = kmalloc(cap * sizeof(*v), GFP_KERNEL);
		if (!v) {
			*nr = 0;
			return NULL;
		}
	}
	n = 0;
	list_for_each_entry(dev, &p->devices, bus_node)
		v[n++] = get_device(dev);
	mutex_unlock(&p->lock);
	*nr = n;
	return v;
}

struct device_driver **bus_snapshot_drivers(struct bus_type *bus, int *nr)
{
	struct subsys_private *p = bus->p;
	struct device_driver **v = NULL;
	struct driver_private *dp;
	int n, cap = 0;

	for (;;) {
		mutex_lock(&p->lock);
		n = 0;
		list_for_each_entry(dp, &p->drivers, node)
			n++;
		if (n <= cap)
			break;
		mutex_unlock(&p->lock);
		kfree(v);
		cap = n + 4;
		v = kmalloc(cap * sizeof(*v), GFP_KERNEL);
		if (!v) {
			*nr = 0;
			return NULL;
		}
	}
	n = 0;
	list_for_each_entry(dp, &p->drivers, node)
		v[n++] = dp->drv;
	mutex_unlock(&p->lock);
	*nr = n;
	return v;
}

static void put_snapshot(struct device **v, int n)
{
	for (int i = 0; i < n; i++)
		put_device(v[i]);
	kfree(v);
}

int bus_for_each_dev(struct bus_type *bus, struct device *start, void *data,
		     int (*fn)(struct device *dev, void *data))
{
	struct device **v;
	int n, i = 0, ret = 0;

	if (!bus->p)
		return -EINVAL;
	v = bus_snapshot_devices(bus, &n);
	if (!v)
		return 0;	/* empty (or no memory for the copy) */
	if (start) {
		while (i < n && v[i] != start)
			i++;
		i++;	/* after start; past the end if start is gone */
	}
	for (; i < n && !ret; i++)
		ret = fn(v[i], data);
	put_snapshot(v, n);
	return ret;
}

struct device *bus_find_device(struct bus_type *bus, struct device *start, const void *data,
			       int (*match)(struct device *dev, const void *data))
{
	struct device **v, *found = NULL;
	int n, i = 0;

	if (!bus->p)
		return NULL;
	v = bus_snapshot_devices(bus, &n);
	if (!v)
		return NULL;
	if (start) {
		while (i < n && v[i] != start)
			i++;
		i++;
	}
	for (; i < n; i++) {
		if (match(v[i], data)) {
			found = get_device(v[i]);
			break;
		}
	}
	put_snapshot(v, n);
	return found;
}

/* ------------------------------------------------------------ device_add/del hooks */

int bus_add_device(struct device *dev)
{
	struct bus_type *bus = dev->bus;
	int err;

	if (!bus)
		return 0;
	if (!bus->p)
		return -EINVAL;
	err = sysfs_create_groups(&dev->kobj, bus->dev_groups);
	if (err)
		return err;
	err = sysfs_create_link(bus->p->devices_kobj, &dev->kobj, dev_name(dev));
	if (err)
		goto out_groups;
	err = sysfs_create_link(&dev->kobj, bus->p->kobj, "subsystem");
	if (err)
		goto out_link;
	device_lock(dev);
	mutex_lock(&bus->p->lock);
	list_add_tail(&dev->bus_node, &bus->p->devices);
	dev->on_bus = true;
	mutex_unlock(&bus->p->lock);
	device_unlock(dev);
	return 0;

out_link:
	sysfs_remove_link(bus->p->devices_kobj, dev_name(dev));
out_groups:
	for (int i = 0; bus->dev_groups && bus->dev_groups[i]; i++)
		sysfs_remove_group(&dev->kobj, bus->dev_groups[i]);
	return err;
}

/* A new device looks for its driver among those registered now. */
void bus_probe_device(struct device *dev)
{
	if (dev->bus)
		device_attach(dev);
}

void bus_remove_device(struct device *dev)
{
	struct bus_type *bus = dev->bus;

	if (!bus || !bus->p)
		return;
	device_lock(dev);
	if (!dev->on_bus) {
		device_unlock(dev);
		return;
	}
	__device_release_driver(dev);
	mutex_lock(&bus->p->lock);
	list_del_init(&dev->bus_node);
	dev->on_bus = false;
	mutex_unlock(&bus->p->lock);
	device_unlock(dev);
	sysfs_remove_link(&dev->kobj, "subsystem");
	sysfs_remove_link(bus->p->devices_kobj, dev_name(dev));
	for (int i = 0; bus->dev_groups && bus->dev_groups[i]; i++)
		sysfs_remove_group(&dev->kobj, bus->dev_groups[i]);
}
