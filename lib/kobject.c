// SPDX-License-Identifier: GPL-2.0-only
/*
 * kobjects: names, reference counts and the /sys directory of each
 * object.  Interface and rules: <linux/kobject.h>.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/kobject.h>
#include <linux/sysfs.h>
#include <linux/va_call.h>

int kobject_set_name_vargs(struct kobject *kobj, const char *fmt, va_list vargs)
{
	char *name = kvasprintf(GFP_KERNEL, fmt, vargs);

	if (!name)
		return -ENOMEM;
	/* A '/' would make a path; Linux replaces it with '!'. */
	for (char *p = name; *p; p++)
		if (*p == '/')
			*p = '!';
	kfree(kobj->name);
	kobj->name = name;
	return 0;
}

void kobject_init(struct kobject *kobj, const struct kobj_type *ktype)
{
	kobj->name = NULL;
	kobj->parent = NULL;
	kobj->sd = NULL;
	kobj->ktype = ktype;
	kobj->state_in_sysfs = false;
	atomic_set(&kobj->refcount, 1);
}

static int kobject_add_varg(struct kobject *kobj, struct kobject *parent, const char *fmt,
			    va_list vargs)
{
	int err;

	if (kobj->state_in_sysfs)
		return -EINVAL;
	err = kobject_set_name_vargs(kobj, fmt, vargs);
	if (err)
		return err;
	kobj->parent = kobject_get(parent);
	err = sysfs_create_dir(kobj);
	if (!err && kobj->ktype && kobj->ktype->default_groups)
		err = sysfs_create_groups(kobj, kobj->ktype->default_groups);
	if (err) {
		sysfs_remove_dir(kobj);
		kobject_put(kobj->parent);
		kobj->parent = NULL;
		return err;
	}
	kobj->state_in_sysfs = true;
	return 0;
}

int kobject_add(struct kobject *kobj, struct kobject *parent, const char *fmt, ...)
{
	return VA_CALL(fmt, kobject_add_varg(kobj, parent, fmt, args));
}

int kobject_init_and_add(struct kobject *kobj, const struct kobj_type *ktype,
			 struct kobject *parent, const char *fmt, ...)
{
	kobject_init(kobj, ktype);
	return VA_CALL(fmt, kobject_add_varg(kobj, parent, fmt, args));
}

void kobject_del(struct kobject *kobj)
{
	struct kobject *parent;

	if (!kobj || !kobj->state_in_sysfs)
		return;
	sysfs_remove_dir(kobj);
	kobj->state_in_sysfs = false;
	parent = kobj->parent;
	kobj->parent = NULL;
	kobject_put(parent);
}

struct kobject *kobject_get(struct kobject *kobj)
{
	if (kobj)
		atomic_inc(&kobj->refcount);
	return kobj;
}

void kobject_put(struct kobject *kobj)
{
	const char *name;

	if (!kobj || !atomic_dec_and_test(&kobj->refcount))
		return;
	kobject_del(kobj);
	name = kobj->name;
	kobj->name = NULL;
	if (kobj->ktype && kobj->ktype->release)
		kobj->ktype->release(kobj);
	else
		pr_warn("kobject: '%s' has no release function\n", name ? name : "?");
	kfree(name);
}

/* ------------------------------------------------------------ plain kobjects */

static ssize_t kobj_attr_show(struct kobject *kobj, struct attribute *attr, char *buf)
{
	struct kobj_attribute *ka = container_of(attr, struct kobj_attribute, attr);

	return ka->show ? ka->show(kobj, ka, buf) : -EIO;
}

static ssize_t kobj_attr_store(struct kobject *kobj, struct attribute *attr, const char *buf,
			       size_t count)
{
	struct kobj_attribute *ka = container_of(attr, struct kobj_attribute, attr);

	return ka->store ? ka->store(kobj, ka, buf, count) : -EIO;
}

const struct sysfs_ops kobj_sysfs_ops = {
	.show = kobj_attr_show,
	.store = kobj_attr_store,
};

static void dynamic_kobj_release(struct kobject *kobj)
{
	kfree(kobj);
}

static const struct kobj_type dynamic_kobj_ktype = {
	.release = dynamic_kobj_release,
	.sysfs_ops = &kobj_sysfs_ops,
};

struct kobject *kobject_create_and_add(const char *name, struct kobject *parent)
{
	struct kobject *kobj = kzalloc(sizeof(*kobj), GFP_KERNEL);

	if (!kobj)
		return NULL;
	if (kobject_init_and_add(kobj, &dynamic_kobj_ktype, parent, "%s", name)) {
		kobject_put(kobj);
		return NULL;
	}
	return kobj;
}
