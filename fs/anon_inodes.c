// SPDX-License-Identifier: GPL-2.0-only
/*
 * anon_inodefs: one shared inode under which kernel objects that need a
 * file descriptor but no name in any directory (epoll instances, eventfd
 * counters, timerfds, signalfds) get their struct file.
 *
 * Interface: anon_inode_getfile(), anon_inode_getfd() (<linux/anon_inodes.h>).
 *
 * The file system is mounted once at boot and never visible to users.
 * Its single inode is pinned for ever; each file takes one more
 * reference on it through its pseudo dentry, whose name ("[eventfd]")
 * d_path() shows as "anon_inode:[eventfd]", the form /proc/<pid>/fd
 * links have on Linux.  Nothing here needs a lock after boot: the mount
 * and the inode are written once by the initcall.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/mount.h>
#include <linux/dcache.h>
#include <linux/cred.h>
#include <linux/anon_inodes.h>
#include <uapi/linux/magic.h>

static struct vfsmount *anon_mnt;
static struct inode *anon_shared_inode;

/* The open-file flags an anonymous file keeps from its creator's request. */
#define ANON_FILE_FLAGS		(O_ACCMODE | O_NONBLOCK)

static char *anon_inodefs_dname(struct dentry *dentry, char *buffer, int buflen)
{
	return dynamic_dname(buffer, buflen, "anon_inode:%s", dentry->d_name.name);
}

static const struct dentry_operations anon_inodefs_dentry_operations = {
	.d_dname = anon_inodefs_dname,
};

struct file *anon_inode_getfile(const char *name, const struct file_operations *fops,
				void *priv, int flags)
{
	struct file *file;

	if (!anon_shared_inode)
		return ERR_PTR(-ENODEV);
	/* alloc_file_pseudo() keeps this reference only if it succeeds. */
	ihold(anon_shared_inode);
	file = alloc_file_pseudo(anon_shared_inode, anon_mnt, name, flags & ANON_FILE_FLAGS,
				 fops);
	if (IS_ERR(file)) {
		iput(anon_shared_inode);
		return file;
	}
	file->private_data = priv;
	return file;
}

int anon_inode_getfd(const char *name, const struct file_operations *fops, void *priv,
		     int flags)
{
	struct file *file;
	int fd = get_unused_fd_flags(flags);

	if (fd < 0)
		return fd;
	file = anon_inode_getfile(name, fops, priv, flags);
	if (IS_ERR(file)) {
		put_unused_fd(fd);
		return PTR_ERR(file);
	}
	fd_install(fd, file);
	return fd;
}

static struct dentry *anon_inodefs_mount(struct file_system_type *fs_type, int flags,
					 const char *dev_name, void *data)
{
	return mount_pseudo(fs_type, "anon_inode:", &anon_inodefs_dentry_operations,
			    ANON_INODE_FS_MAGIC);
}

static struct file_system_type anon_inode_fs_type = {
	.name = "anon_inodefs",
	.mount = anon_inodefs_mount,
	.kill_sb = kill_anon_super,
};

static int __init anon_inode_init(void)
{
	struct vfsmount *mnt;
	struct inode *inode;
	int err;

	err = register_filesystem(&anon_inode_fs_type);
	if (err)
		return err;
	mnt = kern_mount(&anon_inode_fs_type);
	if (IS_ERR(mnt)) {
		unregister_filesystem(&anon_inode_fs_type);
		return PTR_ERR(mnt);
	}
	inode = new_inode(mnt->mnt_sb);
	if (!inode)
		return -ENOMEM;
	inode->i_ino = get_next_ino();
	/* No file type: these are not regular files, directories or devices. */
	inode->i_mode = S_IRUSR | S_IWUSR;
	inode->i_uid = GLOBAL_ROOT_UID;
	inode->i_gid = GLOBAL_ROOT_GID;
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time(inode);
	anon_mnt = mnt;
	anon_shared_inode = inode;
	return 0;
}
fs_initcall(anon_inode_init);
