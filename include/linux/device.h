/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The device model, reduced to what user space looks at (drivers/base/):
 * devices with a sysfs directory and a device number, grouped in
 * classes, with a node in devtmpfs.
 *
 * A driver that owns a character or block device number makes it
 * visible with
 *
 *	dev = device_create(&my_class, parent, MKDEV(maj, min), drvdata, "name%d", n);
 *
 * which creates
 *	/sys/devices/virtual/<class>/<name>/       (or below parent's directory)
 *	/sys/devices/.../<name>/dev                "maj:min\n"
 *	/sys/class/<class>/<name>  ->  the directory above
 *	/sys/dev/char/<maj>:<min>  ->  the same (/sys/dev/block for block classes)
 *	/dev/<name>                                (devtmpfs; mode and a
 *	                                            different path from
 *	                                            class->devnode, default 0600)
 * and device_destroy(&my_class, devt) undoes it.  More attributes:
 * device_create_file(dev, &dev_attr_foo) with DEVICE_ATTR_RO(foo) etc.,
 * or dev->groups before device_add().  Classes are static objects
 * registered once with class_register().
 *
 * Buses and drivers (drivers/base/bus.c, driver.c): a device with
 * dev->bus set is matched against the bus's drivers when it is added
 * (and each driver against the bus's unbound devices when it registers);
 * bus->match() decides, then bus->probe() (or drv->probe()) binds.
 *	/sys/bus/<bus>/devices/<name>        ->  the device's directory
 *	/sys/bus/<bus>/drivers/<drv>/<name>  ->  the same, while bound
 *	/sys/devices/.../<name>/driver       ->  /sys/bus/<bus>/drivers/<drv>
 *	/sys/devices/.../<name>/subsystem    ->  /sys/bus/<bus>
 * Removing the device or unregistering the driver calls ->remove().
 *
 * There are no uevents and no power management.
 *
 * Locking: device_mutex (drivers/base/core.c) serialises adding and
 * removing devices and class membership.  A struct device is reference
 * counted through its kobject (get_device()/put_device()); the last put
 * calls dev->release (device_create()'s devices free themselves).
 * dev->mutex (device_lock()) is held across probe and remove, and
 * guards dev->driver; a bus's own mutex guards only its lists and is
 * never held while a driver runs, so a probe may add devices (to any
 * bus).  Lock order: dev->mutex, then the bus mutex, then device_mutex.
 */
#ifndef _LINUX_DEVICE_H
#define _LINUX_DEVICE_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>
#include <linux/kdev_t.h>
#include <linux/mutex.h>
#include <linux/printk.h>

struct device;
struct device_driver;
struct subsys_private;
struct driver_private;

/*
 * A bus: a kind of device that drivers bind to (pci, virtio).  A static
 * object, registered once with bus_register().
 */
struct bus_type {
	const char *name;
	/* Non-zero if drv can drive dev (its id table lists the device). */
	int (*match)(struct device *dev, struct device_driver *drv);
	/* Bind: the bus's probe calls its driver type's probe; 0 = bound. */
	int (*probe)(struct device *dev);
	void (*remove)(struct device *dev);
	/* Attributes every device on the bus gets (created by device_add()). */
	const struct attribute_group **dev_groups;
	struct subsys_private *p;	/* drivers/base/bus.c */
};

/*
 * A driver, usually embedded in a bus-specific one (struct pci_driver).
 * It must stay in memory after driver_unregister() (drivers are static
 * objects).  probe and remove are used when the bus has none.
 */
struct device_driver {
	const char *name;
	struct bus_type *bus;
	int (*probe)(struct device *dev);
	int (*remove)(struct device *dev);
	struct driver_private *p;	/* drivers/base/bus.c */
};

struct class {
	const char *name;
	/*
	 * The devtmpfs path relative to /dev (kmalloc()ed, or NULL for the
	 * device name) and the node's mode (preset to 0600) for dev.
	 */
	char *(*devnode)(const struct device *dev, umode_t *mode);
	bool block;			/* block devices (/sys/dev/block, S_IFBLK nodes) */
	/* Private to drivers/base/core.c. */
	struct kobject *kobj;		/* /sys/class/<name> */
	struct kobject *virtual_dir;	/* /sys/devices/virtual/<name>, made on demand */
	struct list_head devices;	/* device_mutex */
};

struct device {
	struct kobject kobj;
	struct device *parent;
	struct class *class;
	dev_t devt;			/* 0: no device number, no /dev node */
	const struct attribute_group **groups;	/* created by device_add() */
	void *driver_data;
	void (*release)(struct device *dev);
	struct list_head class_node;	/* in class->devices; device_mutex */
	const char *init_name;		/* the name for device_add(), if not set yet */
	struct bus_type *bus;		/* set before device_add(); NULL: no bus */
	struct device_driver *driver;	/* bound driver; dev->mutex */
	struct mutex mutex;		/* device_lock(): probe/remove/driver */
	/* Private to drivers/base/bus.c. */
	struct list_head bus_node;	/* in the bus's device list; bus mutex */
	struct list_head driver_node;	/* in the bound driver's list; bus mutex */
	bool on_bus;			/* added to bus->p lists and sysfs */
};

struct device_attribute {
	struct attribute attr;
	ssize_t (*show)(struct device *dev, struct device_attribute *attr, char *buf);
	ssize_t (*store)(struct device *dev, struct device_attribute *attr, const char *buf,
			 size_t count);
};

#define DEVICE_ATTR(_name, _mode, _show, _store) \
	struct device_attribute dev_attr_##_name = __ATTR(_name, _mode, _show, _store)
#define DEVICE_ATTR_RO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RO(_name)
#define DEVICE_ATTR_RW(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_RW(_name)
#define DEVICE_ATTR_WO(_name) \
	struct device_attribute dev_attr_##_name = __ATTR_WO(_name)

static inline struct device *kobj_to_dev(struct kobject *kobj)
{
	return container_of(kobj, struct device, kobj);
}

static inline const char *dev_name(const struct device *dev)
{
	return dev->kobj.name ? dev->kobj.name : dev->init_name;
}

static inline void *dev_get_drvdata(const struct device *dev)
{
	return dev->driver_data;
}

static inline void dev_set_drvdata(struct device *dev, void *data)
{
	dev->driver_data = data;
}

static inline void device_lock(struct device *dev)
{
	mutex_lock(&dev->mutex);
}

static inline void device_unlock(struct device *dev)
{
	mutex_unlock(&dev->mutex);
}

/* Messages prefixed with the driver (or bus) and device name, as Linux prints them. */
const char *dev_driver_string(const struct device *dev);
#define dev_printk(level, dev, fmt, ...) \
	printk(level "%s %s: " fmt, dev_driver_string(dev), dev_name(dev), ##__VA_ARGS__)
#define dev_err(dev, fmt, ...)	dev_printk(KERN_ERR, dev, fmt, ##__VA_ARGS__)
#define dev_warn(dev, fmt, ...)	dev_printk(KERN_WARNING, dev, fmt, ##__VA_ARGS__)
#define dev_notice(dev, fmt, ...) dev_printk(KERN_NOTICE, dev, fmt, ##__VA_ARGS__)
#define dev_info(dev, fmt, ...)	dev_printk(KERN_INFO, dev, fmt, ##__VA_ARGS__)
#define dev_dbg(dev, fmt, ...)	do { } while (0)

/* Buses (drivers/base/bus.c): creates /sys/bus/<name>/{devices,drivers}. */
int bus_register(struct bus_type *bus);
void bus_unregister(struct bus_type *bus);
/*
 * Call fn for each device on bus (after start, if given) until it returns
 * non-zero; returns that value.  fn runs with no lock held and a reference
 * on dev.
 */
int bus_for_each_dev(struct bus_type *bus, struct device *start, void *data,
		     int (*fn)(struct device *dev, void *data));
/* The first device match() accepts, with a reference (put_device()), or NULL. */
struct device *bus_find_device(struct bus_type *bus, struct device *start, const void *data,
			       int (*match)(struct device *dev, const void *data));

/* Drivers (drivers/base/driver.c): register binds to every matching unbound device. */
int driver_register(struct device_driver *drv);
void driver_unregister(struct device_driver *drv);
/* Bind dev to a matching driver if it has none: 1 bound, 0 none matched, -errno. */
int device_attach(struct device *dev);
/* Unbind dev from its driver (->remove()), if bound. */
void device_release_driver(struct device *dev);

int class_register(struct class *cls);
void class_unregister(struct class *cls);

void device_initialize(struct device *dev);
__printf(2, 3) int dev_set_name(struct device *dev, const char *fmt, ...);
int device_add(struct device *dev);
void device_del(struct device *dev);
/* device_initialize() + device_add(). */
int device_register(struct device *dev);
void device_unregister(struct device *dev);
struct device *get_device(struct device *dev);
void put_device(struct device *dev);

__printf(5, 6) struct device *device_create(struct class *cls, struct device *parent,
					    dev_t devt, void *drvdata, const char *fmt, ...);
void device_destroy(struct class *cls, dev_t devt);

int device_create_file(struct device *dev, const struct device_attribute *attr);
void device_remove_file(struct device *dev, const struct device_attribute *attr);

/* The top-level sysfs directories (drivers/base/init.c). */
extern struct kobject *devices_kobj;		/* /sys/devices */
extern struct kobject *virtual_devices_kobj;	/* /sys/devices/virtual */
extern struct kobject *system_kobj;		/* /sys/devices/system */
extern struct kobject *block_kobj;		/* /sys/block */

/* devtmpfs (drivers/base/devtmpfs.c): nodes below its root; mode includes S_IFCHR/S_IFBLK. */
int devtmpfs_create_node(const char *name, umode_t mode, dev_t dev);
int devtmpfs_delete_node(const char *name, dev_t dev);

/* Boot: sysfs, the top-level directories, devtmpfs, CPUs (a postcore initcall). */
void devices_init(void);
int devtmpfs_init(void);
void cpu_dev_init(void);

#endif /* _LINUX_DEVICE_H */
