// SPDX-License-Identifier: GPL-2.0-only
/*
 * Drivers and binding: driver_register() puts a driver on its bus
 * (/sys/bus/<bus>/drivers/<name>) and binds it to every unbound device
 * the bus matches; device_attach() does the same for one new device
 * against every registered driver.  Binding calls bus->probe (or
 * drv->probe); unbinding (device_release_driver(), driver_unregister(),
 * device_del()) calls bus->remove (or drv->remove).
 *
 * Interface: <linux/device.h>.
 *
 * Locking: the device's mutex is held across match, probe and remove and
 * guards dev->driver; the bus mutex only around list changes.  So probe
 * runs with no list locked and may add devices, even on the same bus
 * (they are matched when their own device_add() runs).  A driver being
 * unregistered leaves the bus list first; every device is then checked
 * under its own mutex, so a probe that raced with the unregistration is
 * undone as soon as it finishes.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/device.h>
#include "base.h"

const char *dev_driver_string(const struct device *dev)
{
	struct device_driver *drv = READ_ONCE(dev->driver);

	if (drv)
		return drv->name;
	if (dev->bus)
		return dev->bus->name;
	if (dev->class)
		return dev->class->name;
	return "";
}

static void driver_sysfs_remove(struct device *dev, struct device_driver *drv)
{
	sysfs_remove_link(&dev->kobj, "driver");
	sysfs_remove_link(drv->p->kobj, dev_name(dev));
}

static int driver_sysfs_add(struct device *dev, struct device_driver *drv)
{
	int err = sysfs_create_link(drv->p->kobj, &dev->kobj, dev_name(dev));

	if (err)
		return err;
	err = sysfs_create_link(&dev->kobj, drv->p->kobj, "driver");
	if (err)
		sysfs_remove_link(drv->p->kobj, dev_name(dev));
	return err;
}

/*
 * Match and probe; dev->mutex held, dev unbound and on its bus.
 * Returns 1 if bound, 0 if drv does not want dev, -errno if probe failed.
 */
int driver_try_bind(struct device *dev, struct device_driver *drv)
{
	struct bus_type *bus = dev->bus;
	bool registered;
	int err;

	mutex_lock(&bus->p->lock);
	registered = bus_has_driver_locked(bus, drv);
	mutex_unlock(&bus->p->lock);
	if (!registered || (bus->match && !bus->match(dev, drv)))
		return 0;

	/* drv->p stays allocated while drv is registered, and unregistering waits for us. */
	WRITE_ONCE(dev->driver, drv);
	err = driver_sysfs_add(dev, drv);
	if (err)
		goto out;
	if (bus->probe)
		err = bus->probe(dev);
	else if (drv->probe)
		err = drv->probe(dev);
	if (err) {
		driver_sysfs_remove(dev, drv);
		goto out;
	}
	mutex_lock(&bus->p->lock);
	list_add_tail(&dev->driver_node, &drv->p->devices);
	mutex_unlock(&bus->p->lock);
	return 1;

out:
	WRITE_ONCE(dev->driver, NULL);
	if (err != -ENODEV && err != -ENXIO)
		pr_warn("%s %s: probe failed with error %d\n", drv->name, dev_name(dev), err);
	return err;
}

int device_attach(struct device *dev)
{
	struct device_driver **v;
	int n, ret = 0;

	if (!dev->bus || !dev->bus->p)
		return 0;
	v = bus_snapshot_drivers(dev->bus, &n);
	if (!v)
		return n ? -ENOMEM : 0;
	device_lock(dev);
	for (int i = 0; i < n && dev->on_bus && !dev->driver; i++) {
		if (driver_try_bind(dev, v[i]) == 1) {
			ret = 1;
			break;
		}
	}
	if (dev->driver)
		ret = 1;
	device_unlock(dev);
	kfree(v);
	return ret;
}

void __device_release_driver(struct device *dev)
{
	struct device_driver *drv = dev->driver;
	struct bus_type *bus = dev->bus;

	if (!drv)
		return;
	if (bus->remove)
		bus->remove(dev);
	else if (drv->remove)
		drv->remove(dev);
	driver_sysfs_remove(dev, drv);
	mutex_lock(&bus->p->lock);
	list_del_init(&dev->driver_node);
	mutex_unlock(&bus->p->lock);
	WRITE_ONCE(dev->driver, NULL);
	dev_set_drvdata(dev, NULL);
}

void device_release_driver(struct device *dev)
{
	device_lock(dev);
	__device_release_driver(dev);
	device_unlock(dev);
}

int driver_register(struct device_driver *drv)
{
	struct bus_type *bus = drv->bus;
	struct driver_private *dp;
	struct device **v;
	int n;

	if (!bus || !bus->p)
		return -EINVAL;
	dp = kzalloc(sizeof(*dp), GFP_KERNEL);
	if (!dp)
		return -ENOMEM;
	dp->drv = drv;
	INIT_LIST_HEAD(&dp->devices);
	dp->kobj = kobject_create_and_add(drv->name, bus->p->drivers_kobj);
	if (!dp->kobj) {
		kfree(dp);
		return -EEXIST;
	}
	drv->p = dp;
	mutex_lock(&bus->p->lock);
	list_add_tail(&dp->node, &bus->p->drivers);
	mutex_unlock(&bus->p->lock);

	v = bus_snapshot_devices(bus, &n);
	for (int i = 0; i < n; i++) {
		device_lock(v[i]);
		if (v[i]->on_bus && !v[i]->driver)
			driver_try_bind(v[i], drv);
		device_unlock(v[i]);
		put_device(v[i]);
	}
	kfree(v);
	return 0;
}

void driver_unregister(struct device_driver *drv)
{
	struct bus_type *bus = drv->bus;
	struct driver_private *dp = drv->p;
	struct device **v;
	int n;

	if (!dp)
		return;
	mutex_lock(&bus->p->lock);
	list_del(&dp->node);
	mutex_unlock(&bus->p->lock);

	/* No new binding can start now; undo the ones that exist or are finishing. */
	v = bus_snapshot_devices(bus, &n);
	for (int i = 0; i < n; i++) {
		device_lock(v[i]);
		if (v[i]->driver == drv)
			__device_release_driver(v[i]);
		device_unlock(v[i]);
		put_device(v[i]);
	}
	kfree(v);
	WARN_ON(!list_empty(&dp->devices));
	kobject_put(dp->kobj);
	drv->p = NULL;
	kfree(dp);
}
