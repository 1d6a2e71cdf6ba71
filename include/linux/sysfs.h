/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sysfs (fs/sysfs/): kobjects as directories of /sys, their attributes
 * as files, on top of kernfs.
 *
 *   sysfs_create_file(kobj, attr)      a file in kobj's directory; reads
 *                                      and writes go to kobj->ktype->
 *                                      sysfs_ops->show/store(kobj, attr, ...)
 *   sysfs_create_group(kobj, grp)      several files, in the subdirectory
 *                                      grp->name if it is set ("queue/")
 *   sysfs_create_link(kobj, target, name)   a symlink to target's directory
 *   sysfs_remove_file/group/link()
 *   sysfs_emit(buf, fmt, ...)          what a show method returns
 *
 * show gets a zeroed page and returns the bytes it put there; store gets
 * the written bytes NUL-terminated and returns count or -errno.  They run
 * with the kernfs tree lock held for reading: they may sleep but must
 * not create or remove sysfs entries.  The attribute and its kobject
 * must stay valid until the file is removed (kobject_del() removes them).
 */
#ifndef _LINUX_SYSFS_H
#define _LINUX_SYSFS_H

#include <linux/types.h>
#include <linux/compiler.h>

struct kobject;
struct kernfs_node;

struct attribute {
	const char *name;
	umode_t mode;
};

/* attrs: NULL-terminated.  name: subdirectory, or NULL for kobj's own. */
struct attribute_group {
	const char *name;
	struct attribute **attrs;
};

struct sysfs_ops {
	ssize_t (*show)(struct kobject *kobj, struct attribute *attr, char *buf);
	ssize_t (*store)(struct kobject *kobj, struct attribute *attr, const char *buf,
			 size_t count);
};

#define __ATTR(_name, _mode, _show, _store) {				\
	.attr = { .name = #_name, .mode = (_mode) },			\
	.show = (_show),						\
	.store = (_store),						\
}
#define __ATTR_RO(_name)	__ATTR(_name, 0444, _name##_show, NULL)
#define __ATTR_RW(_name)	__ATTR(_name, 0644, _name##_show, _name##_store)
#define __ATTR_WO(_name)	__ATTR(_name, 0200, NULL, _name##_store)

int sysfs_create_file(struct kobject *kobj, const struct attribute *attr);
void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr);
int sysfs_create_files(struct kobject *kobj, const struct attribute *const *attrs);
int sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp);
void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp);
int sysfs_create_groups(struct kobject *kobj, const struct attribute_group **groups);
int sysfs_create_link(struct kobject *kobj, struct kobject *target, const char *name);
void sysfs_remove_link(struct kobject *kobj, const char *name);

/* kobject core (lib/kobject.c): a kobject's directory under parent (NULL: /sys). */
int sysfs_create_dir(struct kobject *kobj);
void sysfs_remove_dir(struct kobject *kobj);
/* An empty directory below parent for a file system to be mounted on (/sys/kernel/debug). */
int sysfs_create_mount_point(struct kobject *parent, const char *name);

__printf(2, 3) int sysfs_emit(char *buf, const char *fmt, ...);
__printf(3, 4) int sysfs_emit_at(char *buf, int at, const char *fmt, ...);

/* Mount and root (fs/sysfs/mount.c); sysfs_init() runs from driver_init(). */
int sysfs_init(void);
extern struct kernfs_node *sysfs_root_kn;

#endif /* _LINUX_SYSFS_H */
