/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The proc file system (fs/proc/): kernel information as text files in
 * Linux's formats, per-process directories, and /proc/sys (sysctl).
 *
 * Subsystems add their files with
 *
 *	proc_create_single("meminfo", 0, NULL, meminfo_proc_show);
 *	proc_create_seq("slabinfo", 0400, NULL, &slabinfo_op);
 *	proc_create("kmsg", 0400, NULL, &kmsg_proc_ops);
 *	dir = proc_mkdir("driver", NULL);
 *	proc_symlink("mounts", NULL, "self/mounts");
 *
 * parent NULL is /proc itself; mode 0 means 0444 for files (0555 for
 * directories).  A name may start with directories that already exist
 * below parent ("driver/cciss"), as on Linux.  A single_show prints the whole file with seq_printf();
 * seq files iterate records; proc_ops is the general case.  pde_data(inode)
 * is the data pointer given at creation (proc_create_data() & co.).
 * remove_proc_entry() takes an entry (and what is below it) away; files
 * already open keep working on the entry's data, so the caller must keep
 * that valid until they are closed or make its methods cope.
 *
 * Locking: the entry tree is guarded by an internal rw_semaphore; the
 * methods run without it.
 */
#ifndef _LINUX_PROC_FS_H
#define _LINUX_PROC_FS_H

#include <linux/types.h>
#include <linux/fs.h>

struct proc_dir_entry;
struct seq_file;
struct seq_operations;
struct poll_table_struct;

/* proc_ops.proc_flags */
#define PROC_ENTRY_PERMANENT	0x1	/* never removed (informational; no draining here) */

struct proc_ops {
	unsigned int proc_flags;
	int (*proc_open)(struct inode *inode, struct file *file);
	ssize_t (*proc_read)(struct file *file, char *ubuf, size_t count, loff_t *pos);
	ssize_t (*proc_read_iter)(struct kiocb *iocb, struct iov_iter *to);
	ssize_t (*proc_write)(struct file *file, const char *ubuf, size_t count, loff_t *pos);
	loff_t (*proc_lseek)(struct file *file, loff_t offset, int whence);
	int (*proc_release)(struct inode *inode, struct file *file);
	__poll_t (*proc_poll)(struct file *file, struct poll_table_struct *pt);
	long (*proc_ioctl)(struct file *file, unsigned int cmd, unsigned long arg);
};

struct proc_dir_entry *proc_create(const char *name, umode_t mode,
				   struct proc_dir_entry *parent, const struct proc_ops *ops);
struct proc_dir_entry *proc_create_data(const char *name, umode_t mode,
					struct proc_dir_entry *parent,
					const struct proc_ops *ops, void *data);
struct proc_dir_entry *proc_create_single_data(const char *name, umode_t mode,
					       struct proc_dir_entry *parent,
					       int (*show)(struct seq_file *m, void *v),
					       void *data);
#define proc_create_single(name, mode, parent, show) \
	proc_create_single_data(name, mode, parent, show, NULL)
struct proc_dir_entry *proc_create_seq_private(const char *name, umode_t mode,
					       struct proc_dir_entry *parent,
					       const struct seq_operations *ops,
					       unsigned int state_size, void *data);
#define proc_create_seq_data(name, mode, parent, ops, data) \
	proc_create_seq_private(name, mode, parent, ops, 0, data)
#define proc_create_seq(name, mode, parent, ops) \
	proc_create_seq_private(name, mode, parent, ops, 0, NULL)
struct proc_dir_entry *proc_mkdir(const char *name, struct proc_dir_entry *parent);
struct proc_dir_entry *proc_mkdir_mode(const char *name, umode_t mode,
				       struct proc_dir_entry *parent);
struct proc_dir_entry *proc_symlink(const char *name, struct proc_dir_entry *parent,
				    const char *dest);
void remove_proc_entry(const char *name, struct proc_dir_entry *parent);
void proc_set_size(struct proc_dir_entry *de, loff_t size);

/* The data pointer of the entry an inode stands for. */
void *pde_data(const struct inode *inode);

/* fs/proc/root.c: the mount and the boot-time set-up (fs_initcall). */
extern struct proc_dir_entry proc_root;

#endif /* _LINUX_PROC_FS_H */
