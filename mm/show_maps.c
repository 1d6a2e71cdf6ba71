// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/<pid>/maps lines: show_map_vma() formats one VMA the way Linux
 * does, so tools that parse maps (ps, pmap, libc's pthread_getattr_np)
 * read ours unchanged:
 *
 *   start-end perms offset major:minor inode      name
 *   00400000-00452000 r-xp 00000000 08:02 173521      /usr/bin/dbus-daemon
 *
 * perms are r/w/x from the VMA's current rights and 's' (shared) or 'p'
 * (private); the name, when there is one, starts in column 74 (the
 * prefix is padded to 72 characters plus one space).  Names: the file
 * path (with the VFS), "/dev/zero (deleted)" for shared anonymous memory
 * (device 00:01, like Linux's shmem), "[heap]" for the VMA holding the
 * brk area, "[stack]" for the one holding the initial stack pointer.
 *
 * The procfs code walks the VMAs (for_each_vma() under mmap_read_lock())
 * and calls show_map_vma() for each.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sprintf.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/dcache.h>
#include <linux/kdev_t.h>
#include "vma.h"

/* Prefix width before the name column (Linux: 25 + 6 * sizeof(void *) - 1). */
#define MAPS_NAME_COLUMN	(25 + 6 * 8 - 1)

static const char *vma_special_name(struct vm_area_struct *vma)
{
	struct mm_struct *mm = vma->vm_mm;

	if (vma->vm_ops && vma->vm_ops->name)
		return vma->vm_ops->name(vma);
	if (vma->vm_file || !mm)
		return NULL;
	if (vma->vm_start <= mm->brk && vma->vm_end >= mm->start_brk)
		return "[heap]";
	if (vma->vm_start <= mm->start_stack && vma->vm_end >= mm->start_stack)
		return "[stack]";
	return NULL;
}

int show_map_vma(struct vm_area_struct *vma, char *buf, size_t size)
{
	unsigned long flags = vma->vm_flags, ino = 0;
	unsigned long long offset = 0;
	unsigned int major = 0, minor = 0;
	const char *name = vma_special_name(vma);
	int n;

	if (vma->vm_file) {
		struct inode *inode = file_inode(vma->vm_file);

		major = MAJOR(inode->i_sb->s_dev);
		minor = MINOR(inode->i_sb->s_dev);
		ino = inode->i_ino;
		offset = (unsigned long long)vma->vm_pgoff << PAGE_SHIFT;
	} else if (vma_is_shared_anon(vma)) {
		minor = 1;
		ino = shared_anon_ino_of(vma);
		offset = (unsigned long long)vma->vm_pgoff << PAGE_SHIFT;
	}
	n = snprintf(buf, size, "%08lx-%08lx %c%c%c%c %08llx %02x:%02x %lu ",
		     vma->vm_start, vma->vm_end,
		     flags & VM_READ ? 'r' : '-', flags & VM_WRITE ? 'w' : '-',
		     flags & VM_EXEC ? 'x' : '-', flags & VM_MAYSHARE ? 's' : 'p',
		     offset, major, minor, ino);
	if (name || vma->vm_file)
		n += snprintf(buf + min_t(size_t, n, size), size - min_t(size_t, n, size),
			      "%*s %s", n < MAPS_NAME_COLUMN ? MAPS_NAME_COLUMN - n : 0, "",
			      name ? name : "");
	if (!name && vma->vm_file && (size_t)n + 2 < size) {
		/* d_path() builds the name at the end of the space it gets. */
		char *path = d_path(&vma->vm_file->f_path, buf + n, size - n - 1);

		if (IS_ERR(path))
			path = "?";
		memmove(buf + n, path, strlen(path) + 1);
		n += strlen(buf + n);
	}
	n += snprintf(buf + min_t(size_t, n, size), size - min_t(size_t, n, size), "\n");
	return n;
}
