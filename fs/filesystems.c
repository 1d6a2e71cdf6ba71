// SPDX-License-Identifier: GPL-2.0-only
/*
 * The list of file-system types mount(2) knows by name.
 *
 * Interface: register_filesystem(), unregister_filesystem(),
 * get_fs_type(), get_filesystem_list() (/proc/filesystems).
 *
 * Locking: file_systems_lock guards the list.  Types are static objects
 * that are never freed (no modules), so a type found stays valid.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/spinlock.h>
#include <linux/fs.h>

static struct file_system_type *file_systems;
static DEFINE_SPINLOCK(file_systems_lock);

static struct file_system_type **find_filesystem(const char *name, size_t len)
{
	struct file_system_type **p;

	for (p = &file_systems; *p; p = &(*p)->next) {
		if (strlen((*p)->name) == len && !strncmp((*p)->name, name, len))
			break;
	}
	return p;
}

int register_filesystem(struct file_system_type *fs)
{
	struct file_system_type **p;
	int res = 0;

	if (WARN_ON(strchr(fs->name, '.')))
		return -EINVAL;
	if (fs->next)
		return -EBUSY;
	spin_lock(&file_systems_lock);
	p = find_filesystem(fs->name, strlen(fs->name));
	if (*p)
		res = -EBUSY;
	else
		*p = fs;
	spin_unlock(&file_systems_lock);
	return res;
}

int unregister_filesystem(struct file_system_type *fs)
{
	struct file_system_type **p;

	spin_lock(&file_systems_lock);
	for (p = &file_systems; *p; p = &(*p)->next) {
		if (*p == fs) {
			*p = fs->next;
			fs->next = NULL;
			spin_unlock(&file_systems_lock);
			return 0;
		}
	}
	spin_unlock(&file_systems_lock);
	return -EINVAL;
}

struct file_system_type *get_fs_type(const char *name)
{
	struct file_system_type *fs;

	spin_lock(&file_systems_lock);
	fs = *find_filesystem(name, strlen(name));
	spin_unlock(&file_systems_lock);
	return fs;
}

int get_block_filesystem_names(char *buf, size_t size)
{
	struct file_system_type *fs;
	int len = 0;

	if (!size)
		return 0;
	buf[0] = '\0';
	spin_lock(&file_systems_lock);
	for (fs = file_systems; fs; fs = fs->next)
		if (fs->fs_flags & FS_REQUIRES_DEV)
			len += scnprintf(buf + len, size - len, "%s%s", len ? "," : "", fs->name);
	spin_unlock(&file_systems_lock);
	return len;
}

int get_filesystem_list(char *buf, size_t size)
{
	struct file_system_type *fs;
	int len = 0;

	spin_lock(&file_systems_lock);
	for (fs = file_systems; fs; fs = fs->next)
		len += scnprintf(buf + len, size - len, "%s\t%s\n",
				 (fs->fs_flags & FS_REQUIRES_DEV) ? "" : "nodev", fs->name);
	spin_unlock(&file_systems_lock);
	return len;
}
