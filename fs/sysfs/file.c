// SPDX-License-Identifier: GPL-2.0-only
/*
 * sysfs directories, attribute files and links: the glue from kobjects
 * and struct attribute to kernfs nodes.  A kobject's directory node has
 * the kobject as priv (a named group's subdirectory too); an attribute
 * file has its struct attribute as priv.  Interface: <linux/sysfs.h>.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/kernfs.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>

struct kernfs_node *sysfs_root_kn;

static struct kobject *sysfs_file_kobj(struct kernfs_node *kn)
{
	return kn->parent->priv;
}

static ssize_t sysfs_kf_show(struct kernfs_node *kn, char *buf)
{
	struct kobject *kobj = sysfs_file_kobj(kn);
	const struct sysfs_ops *ops = kobj->ktype ? kobj->ktype->sysfs_ops : NULL;
	ssize_t ret;

	if (!ops || !ops->show)
		return -EIO;
	ret = ops->show(kobj, kn->priv, buf);
	if (ret > (ssize_t)PAGE_SIZE) {
		pr_warn("sysfs: %s returned %zd bytes from show\n", kn->name, ret);
		ret = PAGE_SIZE;
	}
	return ret;
}

static ssize_t sysfs_kf_store(struct kernfs_node *kn, const char *buf, size_t count)
{
	struct kobject *kobj = sysfs_file_kobj(kn);
	const struct sysfs_ops *ops = kobj->ktype ? kobj->ktype->sysfs_ops : NULL;

	if (!ops || !ops->store)
		return -EIO;
	return ops->store(kobj, kn->priv, buf, count);
}

static const struct kernfs_ops sysfs_file_kfops = {
	.show = sysfs_kf_show,
	.store = sysfs_kf_store,
};

int sysfs_create_dir(struct kobject *kobj)
{
	struct kernfs_node *parent = kobj->parent ? kobj->parent->sd : sysfs_root_kn;
	struct kernfs_node *kn;

	if (!parent)
		return -ENOENT;
	kn = kernfs_create_dir(parent, kobj->name, 0755, kobj);
	if (IS_ERR(kn)) {
		if (PTR_ERR(kn) == -EEXIST)
			pr_warn("sysfs: cannot create duplicate entry '%s'\n", kobj->name);
		return PTR_ERR(kn);
	}
	kobj->sd = kn;
	return 0;
}

void sysfs_remove_dir(struct kobject *kobj)
{
	kernfs_remove(kobj->sd);
	kobj->sd = NULL;
}

int sysfs_create_mount_point(struct kobject *parent, const char *name)
{
	struct kernfs_node *kn;

	if (!parent || !parent->sd)
		return -ENOENT;
	kn = kernfs_create_dir(parent->sd, name, 0755, NULL);
	return IS_ERR(kn) ? PTR_ERR(kn) : 0;
}

static int sysfs_add_file(struct kernfs_node *dir, const struct attribute *attr)
{
	struct kernfs_node *kn;

	kn = kernfs_create_file(dir, attr->name, attr->mode & 0777, &sysfs_file_kfops,
				(void *)attr);
	return IS_ERR(kn) ? PTR_ERR(kn) : 0;
}

int sysfs_create_file(struct kobject *kobj, const struct attribute *attr)
{
	if (!kobj->sd)
		return -EINVAL;
	return sysfs_add_file(kobj->sd, attr);
}

void sysfs_remove_file(struct kobject *kobj, const struct attribute *attr)
{
	if (kobj->sd)
		kernfs_remove_by_name(kobj->sd, attr->name);
}

int sysfs_create_files(struct kobject *kobj, const struct attribute *const *attrs)
{
	int err = 0;

	for (int i = 0; attrs[i] && !err; i++)
		err = sysfs_create_file(kobj, attrs[i]);
	return err;
}

int sysfs_create_group(struct kobject *kobj, const struct attribute_group *grp)
{
	struct kernfs_node *dir = kobj->sd;
	int err = 0;

	if (!dir)
		return -EINVAL;
	if (grp->name) {
		dir = kernfs_create_dir(kobj->sd, grp->name, 0755, kobj);
		if (IS_ERR(dir))
			return PTR_ERR(dir);
	}
	for (int i = 0; grp->attrs && grp->attrs[i]; i++) {
		err = sysfs_add_file(dir, grp->attrs[i]);
		if (err)
			break;
	}
	if (err) {
		if (grp->name)
			kernfs_remove(dir);
		else
			for (int i = 0; grp->attrs[i]; i++)
				kernfs_remove_by_name(dir, grp->attrs[i]->name);
	}
	return err;
}

void sysfs_remove_group(struct kobject *kobj, const struct attribute_group *grp)
{
	if (!kobj->sd)
		return;
	if (grp->name) {
		kernfs_remove_by_name(kobj->sd, grp->name);
		return;
	}
	for (int i = 0; grp->attrs && grp->attrs[i]; i++)
		kernfs_remove_by_name(kobj->sd, grp->attrs[i]->name);
}

int sysfs_create_groups(struct kobject *kobj, const struct attribute_group **groups)
{
	int err = 0;

	for (int i = 0; groups && groups[i] && !err; i++)
		err = sysfs_create_group(kobj, groups[i]);
	return err;
}

int sysfs_create_link(struct kobject *kobj, struct kobject *target, const char *name)
{
	struct kernfs_node *dir = kobj ? kobj->sd : sysfs_root_kn;
	struct kernfs_node *kn;

	if (!dir || !target->sd)
		return -ENOENT;
	kn = kernfs_create_link(dir, name, target->sd);
	return IS_ERR(kn) ? PTR_ERR(kn) : 0;
}

void sysfs_remove_link(struct kobject *kobj, const char *name)
{
	struct kernfs_node *dir = kobj ? kobj->sd : sysfs_root_kn;

	if (dir)
		kernfs_remove_by_name(dir, name);
}

int sysfs_emit(char *buf, const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = vscnprintf(buf, PAGE_SIZE, fmt, args);
	va_end(args);
	return len;
}

int sysfs_emit_at(char *buf, int at, const char *fmt, ...)
{
	va_list args;
	int len;

	if (at < 0 || at >= (int)PAGE_SIZE)
		return 0;
	va_start(args, fmt);
	len = vscnprintf(buf + at, PAGE_SIZE - at, fmt, args);
	va_end(args);
	return len;
}
