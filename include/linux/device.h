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
 * There is no bus/driver binding, no uevents and no power management.
 *
 * Locking: device_mutex (drivers/base/core.c) serialises adding and
 * removing devices and class membership.  A struct device is reference
 * counted through its kobject (get_device()/put_device()); the last put
 * calls dev->release (device_create()'s devices free themselves).
 */
#ifndef _LINUX_DEVICE_H
#define _LINUX_DEVICE_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>
#include <linux/kdev_t.h>

struct device;

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
