// SPDX-License-Identifier: GPL-2.0-only
/*
 * Devices and classes: the sysfs directories, the "dev" attribute, the
 * /sys/class and /sys/dev links and the devtmpfs node of each device.
 *
 * Interface: <linux/device.h> (device_create()/device_destroy(),
 * device_add()/device_del(), class_register(), device_create_file()),
 * devices_init() for the boot.  Locking: device_mutex serialises adding
 * and removing devices and the class device lists.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/stat.h>
#include <linux/device.h>
#include <linux/va_call.h>
#include "base.h"

static DEFINE_MUTEX(device_mutex);

struct kobject *devices_kobj;
struct kobject *virtual_devices_kobj;
struct kobject *system_kobj;
struct kobject *block_kobj;
struct kobject *kernel_kobj;
struct kobject *fs_kobj;
static struct kobject *class_kobj;
static struct kobject *dev_kobj;
static struct kobject *dev_char_kobj;
static struct kobject *dev_block_kobj;

/* ------------------------------------------------------------ device kobjects */

static ssize_t dev_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct device_attribute *da = container_of(attr, struct device_attribute, attr);

	return da->show ? da->show(kobj_to_dev(kobj), da, buf) : -EIO;
}

static ssize_t dev_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			      size_t count)
{
	struct device_attribute *da = container_of(attr, struct device_attribute, attr);

	return da->store ? da->store(kobj_to_dev(kobj), da, buf, count) : -EIO;
}

static const struct sysfs_ops dev_sysfs_ops = {
	.show = dev_attr_show,
	.store = dev_attr_store,
};

static void device_release(struct kobject *kobj)
{
	struct device *dev = kobj_to_dev(kobj);

	if (dev->release)
		dev->release(dev);
	else
		pr_warn("device '%s' has no release function\n", dev_name(dev));
}

static const struct kobj_type device_ktype = {
	.release = device_release,
	.sysfs_ops = &dev_sysfs_ops,
};

static ssize_t dev_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%u:%u\n", MAJOR(dev->devt), MINOR(dev->devt));
}
static DEVICE_ATTR_RO(dev);

int device_create_file(struct device *dev, const struct device_attribute *attr)
{
	return sysfs_create_file(&dev->kobj, &attr->attr);
}

void device_remove_file(struct device *dev, const struct device_attribute *attr)
{
	sysfs_remove_file(&dev->kobj, &attr->attr);
}

/* ------------------------------------------------------------ classes */

int class_register(struct class *cls)
{
	INIT_LIST_HEAD(&cls->devices);
	cls->virtual_dir = NULL;
	cls->kobj = kobject_create_and_add(cls->name, class_kobj);
	return cls->kobj ? 0 : -ENOMEM;
}

void class_unregister(struct class *cls)
{
	kobject_put(cls->virtual_dir);
	kobject_put(cls->kobj);
	cls->virtual_dir = NULL;
	cls->kobj = NULL;
}

/* Where a device's directory goes: below its parent, else devices/virtual/<class>. */
static struct kobject *device_parent_kobj(struct device *dev)
{
	if (dev->parent)
		return &dev->parent->kobj;
	if (!dev->class)
		return devices_kobj;
	if (!dev->class->virtual_dir)
		dev->class->virtual_dir = kobject_create_and_add(dev->class->name,
								 virtual_devices_kobj);
	return dev->class->virtual_dir;
}

/* /sys/dev/char/M:m (or block), with the name in buf. */
static struct kobject *dev_link_dir(struct device *dev, char *buf, size_t len)
{
	snprintf(buf, len, "%u:%u", MAJOR(dev->devt), MINOR(dev->devt));
	return dev->class && dev->class->block ? dev_block_kobj : dev_char_kobj;
}

/* The devtmpfs name (kmalloc()ed) and mode of dev. */
static char *device_node_name(struct device *dev, umode_t *mode)
{
	char *name = NULL;

	*mode = 0600;
	if (dev->class && dev->class->devnode)
		name = dev->class->devnode(dev, mode);
	if (!name) {
		/* "cciss!c0d0" names /dev/cciss/c0d0, as on Linux. */
		name = kstrdup(dev_name(dev), GFP_KERNEL);
		for (char *p = name; p && *p; p++)
			if (*p == '!')
				*p = '/';
	}
	*mode = (*mode & 07777) | (dev->class && dev->class->block ? S_IFBLK : S_IFCHR);
	return name;
}

/* ------------------------------------------------------------ devices */

void device_initialize(struct device *dev)
{
	kobject_init(&dev->kobj, &device_ktype);
	INIT_LIST_HEAD(&dev->class_node);
	INIT_LIST_HEAD(&dev->bus_node);
	INIT_LIST_HEAD(&dev->driver_node);
	mutex_init(&dev->mutex);
}

/* References are the kobject's; NULL is allowed and ignored. */
struct device *get_device(struct device *dev)
{
	if (!dev)
		return NULL;
	kobject_get(&dev->kobj);
	return dev;
}

/* The last put calls the release routine (device_ktype). */
void put_device(struct device *dev)
{
	if (!dev)
		return;
	kobject_put(&dev->kobj);
}

int device_add(struct device *dev)
{
	char link[24];
	struct kobject *parent;
	int err;

	if (!dev->kobj.name && dev->init_name) {
		err = dev_set_name(dev, "%s", dev->init_name);
		if (err)
			return err;
	}
	if (!dev->kobj.name)
		return -EINVAL;

	mutex_lock(&device_mutex);
	parent = device_parent_kobj(dev);
	err = -ENOMEM;
	if (!parent)
		goto out;
	/* kobject_add() renames from the format: keep the name we have. */
	err = kobject_add(&dev->kobj, parent, "%s", dev->kobj.name);
	if (err)
		goto out;
	if (dev->devt) {
		err = device_create_file(dev, &dev_attr_dev);
		if (err)
			goto out_del;
		err = sysfs_create_link(dev_link_dir(dev, link, sizeof(link)), &dev->kobj, link);
		if (err)
			goto out_del;
	}
	err = sysfs_create_groups(&dev->kobj, dev->groups);
	if (err)
		goto out_link;
	if (dev->class) {
		err = sysfs_create_link(dev->class->kobj, &dev->kobj, dev_name(dev));
		if (err)
			goto out_link;
		list_add_tail(&dev->class_node, &dev->class->devices);
	}
	mutex_unlock(&device_mutex);

	err = bus_add_device(dev);
	if (err) {
		device_del(dev);
		return err;
	}

	if (dev->devt) {
		umode_t mode;
		char *name = device_node_name(dev, &mode);

		if (name) {
			err = devtmpfs_create_node(name, mode, dev->devt);
			if (err && err != -EEXIST)
				pr_warn("devtmpfs: cannot create /dev/%s: %d\n", name, err);
			kfree(name);
		}
	}
	bus_probe_device(dev);
	return 0;

out_link:
	if (dev->devt)
		sysfs_remove_link(dev_link_dir(dev, link, sizeof(link)), link);
out_del:
	kobject_del(&dev->kobj);
out:
	mutex_unlock(&device_mutex);
	return err;
}

void device_del(struct device *dev)
{
	char link[24];

	bus_remove_device(dev);
	if (dev->devt) {
		umode_t mode;
		char *name = device_node_name(dev, &mode);

		if (name) {
			devtmpfs_delete_node(name, dev->devt);
			kfree(name);
		}
	}
	mutex_lock(&device_mutex);
	if (dev->class) {
		sysfs_remove_link(dev->class->kobj, dev_name(dev));
		list_del_init(&dev->class_node);
	}
	if (dev->devt)
		sysfs_remove_link(dev_link_dir(dev, link, sizeof(link)), link);
	kobject_del(&dev->kobj);
	mutex_unlock(&device_mutex);
}

int device_register(struct device *dev)
{
	device_initialize(dev);
	return device_add(dev);
}

void device_unregister(struct device *dev)
{
	device_del(dev);
	put_device(dev);
}

static void device_create_release(struct device *dev)
{
	kfree(dev);
}

/* The name in sysfs, from a printf format; a '/' in it becomes '!'. */
int dev_set_name(struct device *dev, const char *fmt, ...)
{
	return VA_CALL(fmt, kobject_set_name_vargs(&dev->kobj, fmt, args));
}

/*
 * A bare device for a class (a device node, no driver): named from fmt,
 * freed by its last put_device().  Errors come back as ERR_PTR().
 */
struct device *device_create(struct class *cls, struct device *parent, dev_t devt,
			     void *drvdata, const char *fmt, ...)
{
	struct device *dev = kzalloc(sizeof(*dev), GFP_KERNEL);
	va_list args;
	int err;

	if (!dev)
		return ERR_PTR(-ENOMEM);
	device_initialize(dev);
	/* From here on put_device() frees it. */
	dev->release = device_create_release;

	va_start(args, fmt);
	err = kobject_set_name_vargs(&dev->kobj, fmt, args);
	va_end(args);
	if (err)
		goto fail;

	dev->driver_data = drvdata;
	dev->devt = devt;
	dev->class = cls;
	dev->parent = parent;
	err = device_add(dev);
	if (!err)
		return dev;
fail:
	put_device(dev);
	return ERR_PTR(err);
}

void device_destroy(struct class *cls, dev_t devt)
{
	struct device *dev, *found = NULL;

	mutex_lock(&device_mutex);
	list_for_each_entry(dev, &cls->devices, class_node) {
		if (dev->devt == devt) {
			found = get_device(dev);
			break;
		}
	}
	mutex_unlock(&device_mutex);
	if (found) {
		device_unregister(found);
		put_device(found);
	}
}

/* ------------------------------------------------------------ boot */

void __init devices_init(void)
{
	devices_kobj = kobject_create_and_add("devices", NULL);
	virtual_devices_kobj = kobject_create_and_add("virtual", devices_kobj);
	system_kobj = kobject_create_and_add("system", devices_kobj);
	block_kobj = kobject_create_and_add("block", NULL);
	class_kobj = kobject_create_and_add("class", NULL);
	dev_kobj = kobject_create_and_add("dev", NULL);
	dev_char_kobj = kobject_create_and_add("char", dev_kobj);
	dev_block_kobj = kobject_create_and_add("block", dev_kobj);
	kernel_kobj = kobject_create_and_add("kernel", NULL);
	fs_kobj = kobject_create_and_add("fs", NULL);
	if (!devices_kobj || !virtual_devices_kobj || !system_kobj || !block_kobj ||
	    !class_kobj || !dev_char_kobj || !dev_block_kobj || !kernel_kobj || !fs_kobj)
		pr_err("sysfs: cannot create the top-level directories\n");
}
