/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kobjects (lib/kobject.c): reference-counted objects that appear as
 * directories in /sys.
 *
 *   kobject_init(kobj, ktype)          before first use
 *   kobject_add(kobj, parent, fmt...)  name it and create its directory
 *                                      under parent's (NULL: /sys itself)
 *   kobject_create_and_add(name, parent)   a bare directory object
 *   kobject_del(kobj)                  remove the directory (and every
 *                                      attribute file and link in it)
 *   kobject_get()/kobject_put()        the last put calls ktype->release
 *
 * There are no ksets or uevents: hotplug notification is not provided.
 * Locking: the kobject's fields are set up by its creator before
 * kobject_add() and changed only by kobject_del(); the reference count
 * is atomic.  A kobject holds a reference on its parent while added.
 */
#ifndef _LINUX_KOBJECT_H
#define _LINUX_KOBJECT_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/stdarg.h>
#include <linux/sysfs.h>
#include <asm/atomic.h>

struct kernfs_node;
struct kobject;

struct kobj_type {
	void (*release)(struct kobject *kobj);
	const struct sysfs_ops *sysfs_ops;
	const struct attribute_group **default_groups;
};

struct kobject {
	const char *name;
	struct kobject *parent;
	struct kernfs_node *sd;		/* the directory; NULL until added */
	const struct kobj_type *ktype;
	atomic_t refcount;
	bool state_in_sysfs;
};

/* Attributes of a plain kobject (kobject_create_and_add()). */
struct kobj_attribute {
	struct attribute attr;
	ssize_t (*show)(struct kobject *kobj, struct kobj_attribute *attr, char *buf);
	ssize_t (*store)(struct kobject *kobj, struct kobj_attribute *attr, const char *buf,
			 size_t count);
};

extern const struct sysfs_ops kobj_sysfs_ops;

void kobject_init(struct kobject *kobj, const struct kobj_type *ktype);
__printf(3, 4) int kobject_add(struct kobject *kobj, struct kobject *parent,
			       const char *fmt, ...);
__printf(4, 5) int kobject_init_and_add(struct kobject *kobj, const struct kobj_type *ktype,
					struct kobject *parent, const char *fmt, ...);
int kobject_set_name_vargs(struct kobject *kobj, const char *fmt, va_list vargs);
struct kobject *kobject_create_and_add(const char *name, struct kobject *parent);
void kobject_del(struct kobject *kobj);
struct kobject *kobject_get(struct kobject *kobj);
void kobject_put(struct kobject *kobj);

static inline const char *kobject_name(const struct kobject *kobj)
{
	return kobj->name;
}

/* The standard top-level directories (drivers/base/init.c, fs/sysfs). */
extern struct kobject *kernel_kobj;	/* /sys/kernel */
extern struct kobject *fs_kobj;		/* /sys/fs */

#endif /* _LINUX_KOBJECT_H */
