// SPDX-License-Identifier: GPL-2.0-only
/*
 * Character devices: who owns which device numbers, and the open of a
 * character-device inode, which hands the file to the owning driver.
 *
 * Interface: register_chrdev_region()/alloc_chrdev_region()/
 * unregister_chrdev_region() (number ranges), cdev_init()/cdev_add()/
 * cdev_del() (a driver's operations for a range), register_chrdev()
 * (both at once for a whole major), def_chr_fops (what
 * init_special_inode() gives S_IFCHR inodes).
 *
 * Locking: chrdevs_lock (a mutex) guards both the region list and the
 * cdev map.  chrdev_open() looks the driver up under it and then runs
 * the driver's ->open without it.  There are no loadable modules, so a
 * driver's operations never go away while a file uses them; cdev_del()
 * only stops new opens.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/fs.h>
#include <linux/cdev.h>
#include <linux/kdev_t.h>
#include "internal.h"

/* Linux's dynamic major ranges: 254 down to 234, then 511 down to 384. */
#define CHRDEV_MAJOR_MAX		512
#define CHRDEV_MAJOR_DYN_END		234
#define CHRDEV_MAJOR_DYN_EXT_START	511
#define CHRDEV_MAJOR_DYN_EXT_END	384

struct char_device_region {
	struct list_head list;
	unsigned int major;
	unsigned int baseminor;
	unsigned int minorct;
	char name[64];
	struct cdev *cdev;	/* set by __register_chrdev() */
};

static DEFINE_MUTEX(chrdevs_lock);
static LIST_HEAD(chrdev_regions);
static LIST_HEAD(cdev_map);

static bool major_in_use(unsigned int major)
{
	struct char_device_region *cd;

	list_for_each_entry(cd, &chrdev_regions, list) {
		if (cd->major == major)
			return true;
	}
	return false;
}

static int find_dynamic_major(void)
{
	unsigned int i;

	for (i = 254; i >= CHRDEV_MAJOR_DYN_END; i--) {
		if (!major_in_use(i))
			return i;
	}
	for (i = CHRDEV_MAJOR_DYN_EXT_START; i >= CHRDEV_MAJOR_DYN_EXT_END; i--) {
		if (!major_in_use(i))
			return i;
	}
	return -EBUSY;
}

/* Claim [major:baseminor, +minorct); major 0 picks a free one. */
static struct char_device_region *__register_chrdev_region(unsigned int major,
							    unsigned int baseminor,
							    unsigned int minorct,
							    const char *name)
{
	struct char_device_region *cd, *i;
	int ret;

	if (major >= CHRDEV_MAJOR_MAX || !minorct || minorct > MINORMASK + 1 - baseminor)
		return ERR_PTR(-EINVAL);
	cd = kzalloc(sizeof(*cd), GFP_KERNEL);
	if (!cd)
		return ERR_PTR(-ENOMEM);
	mutex_lock(&chrdevs_lock);
	if (!major) {
		ret = find_dynamic_major();
		if (ret < 0)
			goto out;
		major = ret;
	}
	ret = -EBUSY;
	list_for_each_entry(i, &chrdev_regions, list) {
		if (i->major != major)
			continue;
		if (baseminor < i->baseminor + i->minorct && i->baseminor < baseminor + minorct)
			goto out;
	}
	cd->major = major;
	cd->baseminor = baseminor;
	cd->minorct = minorct;
	strscpy(cd->name, name, sizeof(cd->name));
	list_add_tail(&cd->list, &chrdev_regions);
	mutex_unlock(&chrdevs_lock);
	return cd;
out:
	mutex_unlock(&chrdevs_lock);
	kfree(cd);
	return ERR_PTR(ret);
}

static struct char_device_region *__unregister_chrdev_region(unsigned int major,
							      unsigned int baseminor,
							      unsigned int minorct)
{
	struct char_device_region *cd, *found = NULL;

	mutex_lock(&chrdevs_lock);
	list_for_each_entry(cd, &chrdev_regions, list) {
		if (cd->major == major && cd->baseminor == baseminor && cd->minorct == minorct) {
			list_del(&cd->list);
			found = cd;
			break;
		}
	}
	mutex_unlock(&chrdevs_lock);
	return found;
}

int register_chrdev_region(dev_t from, unsigned int count, const char *name)
{
	dev_t to = from + count, n, next;

	for (n = from; n < to; n = next) {
		struct char_device_region *cd;

		next = MKDEV(MAJOR(n) + 1, 0);
		if (next > to)
			next = to;
		cd = __register_chrdev_region(MAJOR(n), MINOR(n), next - n, name);
		if (IS_ERR(cd)) {
			to = n;
			for (n = from; n < to; n = next) {
				next = MKDEV(MAJOR(n) + 1, 0);
				kfree(__unregister_chrdev_region(MAJOR(n), MINOR(n), next - n));
			}
			return PTR_ERR(cd);
		}
	}
	return 0;
}

int alloc_chrdev_region(dev_t *dev, unsigned int baseminor, unsigned int count,
			const char *name)
{
	struct char_device_region *cd = __register_chrdev_region(0, baseminor, count, name);

	if (IS_ERR(cd))
		return PTR_ERR(cd);
	*dev = MKDEV(cd->major, cd->baseminor);
	return 0;
}

void unregister_chrdev_region(dev_t from, unsigned int count)
{
	dev_t to = from + count, n, next;

	for (n = from; n < to; n = next) {
		next = MKDEV(MAJOR(n) + 1, 0);
		if (next > to)
			next = to;
		kfree(__unregister_chrdev_region(MAJOR(n), MINOR(n), next - n));
	}
}

/* ------------------------------------------------------------ cdevs */

void cdev_init(struct cdev *cdev, const struct file_operations *fops)
{
	memset(cdev, 0, sizeof(*cdev));
	INIT_LIST_HEAD(&cdev->list);
	cdev->ops = fops;
}

int cdev_add(struct cdev *p, dev_t dev, unsigned int count)
{
	struct cdev *c;
	int err = 0;

	if (!count)
		return -EINVAL;
	p->dev = dev;
	p->count = count;
	mutex_lock(&chrdevs_lock);
	list_for_each_entry(c, &cdev_map, list) {
		if (dev < c->dev + c->count && c->dev < dev + count) {
			err = -EBUSY;
			break;
		}
	}
	if (!err)
		list_add_tail(&p->list, &cdev_map);
	mutex_unlock(&chrdevs_lock);
	return err;
}

void cdev_del(struct cdev *p)
{
	mutex_lock(&chrdevs_lock);
	list_del_init(&p->list);
	mutex_unlock(&chrdevs_lock);
}

int __register_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
		      const char *name, const struct file_operations *fops)
{
	struct char_device_region *cd;
	struct cdev *cdev;
	int err;

	cd = __register_chrdev_region(major, baseminor, count, name);
	if (IS_ERR(cd))
		return PTR_ERR(cd);
	cdev = kmalloc(sizeof(*cdev), GFP_KERNEL);
	err = -ENOMEM;
	if (!cdev)
		goto out_region;
	cdev_init(cdev, fops);
	err = cdev_add(cdev, MKDEV(cd->major, baseminor), count);
	if (err)
		goto out_cdev;
	cd->cdev = cdev;
	return major ? 0 : cd->major;
out_cdev:
	kfree(cdev);
out_region:
	kfree(__unregister_chrdev_region(cd->major, baseminor, count));
	return err;
}

void __unregister_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
			 const char *name)
{
	struct char_device_region *cd = __unregister_chrdev_region(major, baseminor, count);

	if (cd && cd->cdev) {
		cdev_del(cd->cdev);
		kfree(cd->cdev);
	}
	kfree(cd);
}

/* ------------------------------------------------------------ open */

static struct cdev *cdev_lookup(dev_t dev)
{
	struct cdev *c, *found = NULL;

	mutex_lock(&chrdevs_lock);
	list_for_each_entry(c, &cdev_map, list) {
		if (dev >= c->dev && dev < c->dev + c->count) {
			found = c;
			break;
		}
	}
	mutex_unlock(&chrdevs_lock);
	return found;
}

/* The open of every character-device inode: switch to the driver's fops. */
int chrdev_open(struct inode *inode, struct file *filp)
{
	struct cdev *p = cdev_lookup(inode->i_rdev);
	const struct file_operations *fops;

	if (!p)
		return -ENXIO;
	fops = p->ops;
	if (!fops)
		return -ENXIO;
	inode->i_cdev = p;
	filp->f_op = fops;
	if (fops->open)
		return fops->open(inode, filp);
	return 0;
}

const struct file_operations def_chr_fops = {
	.open = chrdev_open,
	.llseek = noop_llseek,
};

int chrdev_show_all(char *buf, size_t size)
{
	struct char_device_region *cd;
	unsigned int last = ~0U;
	int len = 0;

	mutex_lock(&chrdevs_lock);
	for (unsigned int major = 0; major < CHRDEV_MAJOR_MAX; major++) {
		list_for_each_entry(cd, &chrdev_regions, list) {
			if (cd->major != major || major == last)
				continue;
			len += scnprintf(buf + len, size - len, "%3u %s\n", major, cd->name);
			last = major;
		}
	}
	mutex_unlock(&chrdevs_lock);
	return len;
}
