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

/* Majors go up to 511; the dynamic ones are handed out from the top down. */
#define CHRDEV_MAJOR_MAX		512

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

/*
 * A free major for a dynamic request, searched from the top of each of
 * the ranges Linux reserves for them (254..234, then 511..384), so the
 * numbers match what user space expects.
 */
static int find_dynamic_major(void)
{
	static const struct {
		unsigned int top, bottom;
	} dynamic_ranges[] = {
		{ .top = 254, .bottom = 234 },
		{ .top = 511, .bottom = 384 },
	};
	size_t r;

	for (r = 0; r < ARRAY_SIZE(dynamic_ranges); r++) {
		unsigned int major;

		for (major = dynamic_ranges[r].top; major >= dynamic_ranges[r].bottom; major--)
			if (!major_in_use(major))
				return major;
	}
	return -EBUSY;
}

/* Does [baseminor, +minorct) of major overlap a registered region? */
static bool region_conflicts(unsigned int major, unsigned int baseminor, unsigned int minorct)
{
	struct char_device_region *cd;

	list_for_each_entry(cd, &chrdev_regions, list) {
		if (cd->major != major)
			continue;
		if (baseminor < cd->baseminor + cd->minorct && cd->baseminor < baseminor + minorct)
			return true;
	}
	return false;
}

/* Claim [major:baseminor, +minorct); major 0 picks a free one. */
static struct char_device_region *__register_chrdev_region(unsigned int major,
							    unsigned int baseminor,
							    unsigned int minorct,
							    const char *name)
{
	struct char_device_region *cd;
	int got;

	if (major >= CHRDEV_MAJOR_MAX || !minorct || minorct > MINORMASK + 1 - baseminor)
		return ERR_PTR(-EINVAL);
	cd = kzalloc(sizeof(*cd), GFP_KERNEL);
	if (!cd)
		return ERR_PTR(-ENOMEM);
	cd->baseminor = baseminor;
	cd->minorct = minorct;
	strscpy(cd->name, name, sizeof(cd->name));

	mutex_lock(&chrdevs_lock);
	got = major ? (int)major : find_dynamic_major();
	if (got > 0 && region_conflicts(got, baseminor, minorct))
		got = -EBUSY;
	if (got > 0) {
		cd->major = got;
		list_add_tail(&cd->list, &chrdev_regions);
	}
	mutex_unlock(&chrdevs_lock);

	if (got < 0) {
		kfree(cd);
		return ERR_PTR(got);
	}
	return cd;
}

/* Unlink the region registered with exactly these numbers; the caller frees it. */
static struct char_device_region *__unregister_chrdev_region(unsigned int major,
							      unsigned int baseminor,
							      unsigned int minorct)
{
	struct char_device_region *cd;

	mutex_lock(&chrdevs_lock);
	list_for_each_entry(cd, &chrdev_regions, list) {
		if (cd->major == major && cd->baseminor == baseminor && cd->minorct == minorct) {
			list_del(&cd->list);
			mutex_unlock(&chrdevs_lock);
			return cd;
		}
	}
	mutex_unlock(&chrdevs_lock);
	return NULL;
}

/*
 * A range of device numbers may cross majors; it is registered as one
 * region per major.  This is the length of the piece starting at from.
 */
static unsigned int piece_in_major(dev_t from, dev_t end)
{
	dev_t next_major = MKDEV(MAJOR(from) + 1, 0);

	return min(next_major, end) - from;
}

void unregister_chrdev_region(dev_t from, unsigned int count)
{
	dev_t cur, end = from + count;
	unsigned int len;

	for (cur = from; cur < end; cur += len) {
		len = piece_in_major(cur, end);
		kfree(__unregister_chrdev_region(MAJOR(cur), MINOR(cur), len));
	}
}

int register_chrdev_region(dev_t from, unsigned int count, const char *name)
{
	dev_t cur, end = from + count;
	unsigned int len;

	for (cur = from; cur < end; cur += len) {
		struct char_device_region *cd;

		len = piece_in_major(cur, end);
		cd = __register_chrdev_region(MAJOR(cur), MINOR(cur), len, name);
		if (IS_ERR(cd)) {
			/* All or nothing: give back the pieces already claimed. */
			unregister_chrdev_region(from, cur - from);
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

/* A cdev of our own for register_chrdev(), already in the map. */
static struct cdev *cdev_create(dev_t dev, unsigned int count,
				const struct file_operations *fops)
{
	struct cdev *cdev = kmalloc(sizeof(*cdev), GFP_KERNEL);
	int err;

	if (!cdev)
		return ERR_PTR(-ENOMEM);
	cdev_init(cdev, fops);
	err = cdev_add(cdev, dev, count);
	if (!err)
		return cdev;
	kfree(cdev);
	return ERR_PTR(err);
}

int __register_chrdev(unsigned int major, unsigned int baseminor, unsigned int count,
		      const char *name, const struct file_operations *fops)
{
	struct char_device_region *cd;
	struct cdev *cdev;

	cd = __register_chrdev_region(major, baseminor, count, name);
	if (IS_ERR(cd))
		return PTR_ERR(cd);
	cdev = cdev_create(MKDEV(cd->major, baseminor), count, fops);
	if (IS_ERR(cdev)) {
		kfree(__unregister_chrdev_region(cd->major, baseminor, count));
		return PTR_ERR(cdev);
	}
	cd->cdev = cdev;
	/* A dynamic request learns the major it was given. */
	return major ? 0 : cd->major;
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
