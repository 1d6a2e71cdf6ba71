/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Declarations shared between the files of fs/ and nobody else.
 */
#ifndef _FS_INTERNAL_H
#define _FS_INTERNAL_H

#include <linux/fs.h>
#include <linux/namei.h>

struct nameidata;
struct mount;

/* file_table.c: free a file whose open failed before FMODE_OPENED. */
void fput_failed_open(struct file *file);

/* namespace.c */
int sb_prepare_remount_readonly(struct super_block *sb);
void sb_end_remount_readonly(struct super_block *sb, bool success);
bool mnt_parent_of(struct vfsmount *m, struct vfsmount **parent, struct dentry **mountpoint);
void mount_lock_for_dpath(void);
void mount_unlock_for_dpath(void);
/*
 * The namespace's mount table as /proc/<pid>/mounts and mountinfo show it
 * to a process whose root is root (only the mounts under it); 0 or -errno.
 */
struct seq_file;
int mounts_seq_show(struct seq_file *m, const struct path *root);
int mountinfo_seq_show(struct seq_file *m, const struct path *root);

/* init/do_mounts.c: the root file system type. */
extern struct file_system_type rootfs_fs_type;

/* namei.c */
struct dentry *lookup_hash_locked(const struct qstr *name, struct dentry *base,
				  unsigned int flags);
int filename_parentat(int dfd, struct filename *name, unsigned int flags,
		      struct path *parent, struct qstr *last, int *type);
void namei_init(void);

/* open.c */
int do_dentry_open(struct file *f, struct inode *inode,
		   int (*open)(struct inode *, struct file *));
long do_sys_openat2(int dfd, struct filename *name, int flags, umode_t mode);
int ksys_fchown(unsigned int fd, uid_t user, gid_t group);

/* char_dev.c */
int chrdev_open(struct inode *inode, struct file *filp);

/* d_path.c */
char *d_absolute_path(const struct path *path, char *buf, int buflen);

/* stat.c */
int do_statx(int dfd, struct filename *filename, unsigned int flags, unsigned int mask,
	     struct kstat *stat);

#endif /* _FS_INTERNAL_H */
