/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to drivers/base: the bookkeeping behind struct bus_type and
 * struct device_driver, and the hooks device_add()/device_del() call.
 */
#ifndef _DRIVERS_BASE_BASE_H
#define _DRIVERS_BASE_BASE_H

#include <linux/device.h>
#include <linux/list.h>
#include <linux/mutex.h>

struct subsys_private {
	struct bus_type *bus;
	struct kobject *kobj;		/* /sys/bus/<name> */
	struct kobject *devices_kobj;	/* /sys/bus/<name>/devices */
	struct kobject *drivers_kobj;	/* /sys/bus/<name>/drivers */
	struct mutex lock;		/* the two lists and list membership */
	struct list_head devices;	/* dev->bus_node */
	struct list_head drivers;	/* drv->p->node */
};

struct driver_private {
	struct device_driver *drv;
	struct kobject *kobj;		/* /sys/bus/<bus>/drivers/<name> */
	struct list_head node;		/* in bus->p->drivers */
	struct list_head devices;	/* bound devices, dev->driver_node */
};

/* bus.c: called by device_add() after the directory exists, and device_del(). */
int bus_add_device(struct device *dev);
void bus_probe_device(struct device *dev);
void bus_remove_device(struct device *dev);

/*
 * Referenced snapshots of a bus's lists, so that probing can run without
 * the bus mutex (kfree() the array, put_device() each device).
 */
struct device **bus_snapshot_devices(struct bus_type *bus, int *nr);
struct device_driver **bus_snapshot_drivers(struct bus_type *bus, int *nr);
/* Is drv (still) registered on bus?  Caller holds bus->p->lock. */
bool bus_has_driver_locked(struct bus_type *bus, struct device_driver *drv);

/* driver.c: bind dev to drv if the bus matches them; dev->mutex held. */
int driver_try_bind(struct device *dev, struct device_driver *drv);
void __device_release_driver(struct device *dev);

#endif /* _DRIVERS_BASE_BASE_H */
