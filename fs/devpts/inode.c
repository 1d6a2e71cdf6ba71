// SPDX-License-Identifier: GPL-2.0-only
/*
 * devpts: the directory of pseudo-terminal slaves, /dev/pts.
 *
 * One instance exists, made at boot (kern_mount), so /dev/ptmx works
 * whether or not user space mounted anything; every "mount -t devpts"
 * shows that instance and applies its options to it (Linux's behaviour
 * before per-mount instances; newinstance is accepted and means nothing
 * here).  The root holds "ptmx" (5:2, mode ptmxmode=, default 000, as a
 * way to /dev/ptmx from inside the mount) and one character node N
 * (136:N) per pty whose master is open: made when /dev/ptmx is opened,
 * removed when the master closes.  A new node belongs to the opener's
 * fsuid and fsgid unless uid= or gid= say otherwise, with mode mode=
 * (default 600); grantpt() and chmod/chown may change it later.
 *
 * The pty numbers are handed out here, lowest free first, up to the
 * smaller of max= and kernel.pty.max; kernel.pty.nr counts those in use.
 *
 * Options: uid=N gid=N mode=OCT ptmxmode=OCT max=N newinstance.
 * Interface: <linux/devpts_fs.h>.  A node opened with TIOCGPTPEER is
 * reached through the kernel's mount, so its path names no mount point.
 * Locking: devpts_mutex guards the number bitmap, the count and the
 * options; the root's i_rwsem is taken inside it around dcache changes,
 * as the VFS's own lookups expect.  The pty driver calls in with
 * tty_mutex held, which therefore comes first.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/mutex.h>
#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/fs.h>
#include <linux/dcache.h>
#include <linux/namei.h>
#include <linux/mount.h>
#include <linux/cred.h>
#include <linux/kdev_t.h>
#include <linux/seq_file.h>
#include <linux/sprintf.h>
#include <linux/sysctl.h>
#include <linux/devpts_fs.h>
#include <uapi/linux/magic.h>

#define DEVPTS_DEFAULT_MODE		0600	/* Linux's: private to the owner */
#define DEVPTS_DEFAULT_PTMX_MODE	0000	/* Linux's: /dev/ptmx is the way in */
#define DEVPTS_PTMX_INO			2
#define DEVPTS_FIRST_PTY_INO		3	/* node N has inode N + 3 */

struct devpts_options {
	bool set_uid, set_gid;		/* uid= / gid= given, else the opener's */
	uid_t uid;
	gid_t gid;
	umode_t mode;			/* of a new slave node */
	umode_t ptmx_mode;
	int max;			/* ptys of this mount */
};

static DEFINE_MUTEX(devpts_mutex);
static struct vfsmount *devpts_mnt;		/* set once at boot */
static struct devpts_options devpts_opts = {
	.mode = DEVPTS_DEFAULT_MODE,
	.ptmx_mode = DEVPTS_DEFAULT_PTMX_MODE,
	.max = NR_UNIX98_PTY_MAX,
};
static DECLARE_BITMAP(devpts_used, NR_UNIX98_PTY_MAX);

/* kernel.pty.max and kernel.pty.nr (the latter read-only). */
static int pty_limit = NR_UNIX98_PTY_MAX;
static int pty_count;
static int pty_limit_max = NR_UNIX98_PTY_MAX;

static struct ctl_table pty_table[] = {
	{ .procname = "max", .data = &pty_limit, .maxlen = sizeof(int), .mode = 0644,
	  .proc_handler = proc_dointvec_minmax, .extra1 = SYSCTL_ZERO,
	  .extra2 = &pty_limit_max },
	{ .procname = "nr", .data = &pty_count, .maxlen = sizeof(int), .mode = 0444,
	  .proc_handler = proc_dointvec },
	{ }
};

/* ------------------------------------------------------------ options */

/* An octal permission set, as mode= and ptmxmode= take it. */
static int parse_mode(const char *val, umode_t *mode)
{
	unsigned int m;

	if (kstrtouint(val, 8, &m) || m > S_IALLUGO)
		return -EINVAL;
	*mode = m & S_IALLUGO;
	return 0;
}

static int parse_option(char *opt, char *val, void *ctx)
{
	struct devpts_options *o = ctx;
	unsigned int n;

	if (!strcmp(opt, "newinstance") && !val)
		return 0;
	if (!val)
		return -EINVAL;
	if (!strcmp(opt, "mode"))
		return parse_mode(val, &o->mode);
	if (!strcmp(opt, "ptmxmode"))
		return parse_mode(val, &o->ptmx_mode);
	if (kstrtouint(val, 0, &n))
		return -EINVAL;
	if (!strcmp(opt, "uid")) {
		o->uid = n;
		o->set_uid = true;
	} else if (!strcmp(opt, "gid")) {
		o->gid = n;
		o->set_gid = true;
	} else if (!strcmp(opt, "max")) {
		o->max = min_t(unsigned int, n, NR_UNIX98_PTY_MAX);
	} else {
		return -EINVAL;
	}
	return 0;
}

/*
 * Apply "opt,opt=val,..." to the instance: all or nothing.  Options not
 * named keep their values from earlier mounts.
 */
static int devpts_apply_options(const char *data)
{
	struct devpts_options o;
	int err;

	mutex_lock(&devpts_mutex);
	o = devpts_opts;
	err = parse_mount_options(data, parse_option, &o);
	if (err) {
		pr_err("devpts: bad mount options \"%s\"\n", data);
	} else {
		devpts_opts = o;
		/* ptmx follows ptmxmode= at once. */
		if (devpts_mnt) {
			struct inode *ptmx = NULL;
			struct dentry *d = lookup_one_len_unlocked("ptmx", devpts_mnt->mnt_root, 4);

			if (!IS_ERR(d)) {
				ptmx = d_inode(d);
				if (ptmx)
					ptmx->i_mode = S_IFCHR | o.ptmx_mode;
				dput(d);
			}
		}
	}
	mutex_unlock(&devpts_mutex);
	return err;
}

static int devpts_remount(struct super_block *sb, int *flags, char *data)
{
	return devpts_apply_options(data);
}

static int devpts_show_options(struct seq_file *m, struct dentry *root)
{
	struct devpts_options o;

	mutex_lock(&devpts_mutex);
	o = devpts_opts;
	mutex_unlock(&devpts_mutex);
	if (o.set_uid)
		seq_printf(m, ",uid=%u", o.uid);
	if (o.set_gid)
		seq_printf(m, ",gid=%u", o.gid);
	seq_printf(m, ",mode=%03o,ptmxmode=%03o", o.mode, o.ptmx_mode);
	if (o.max < NR_UNIX98_PTY_MAX)
		seq_printf(m, ",max=%d", o.max);
	return 0;
}

/* ------------------------------------------------------------ super block */

static const struct super_operations devpts_sops = {
	.statfs = simple_statfs,
	.remount_fs = devpts_remount,
	.show_options = devpts_show_options,
};

static struct inode *devpts_new_inode(struct super_block *sb, umode_t mode, unsigned long ino)
{
	struct inode *inode = new_inode(sb);

	if (!inode)
		return NULL;
	inode->i_ino = ino;
	inode->i_mtime = current_time(inode);
	inode->i_ctime = inode->i_mtime;
	inode->i_atime = inode->i_mtime;
	if (S_ISDIR(mode)) {
		inode->i_mode = mode;
		inode->i_op = &simple_dir_inode_operations;
		inode->i_fop = &simple_dir_operations;
		set_nlink(inode, 2);
	}
	return inode;
}

/* Name a new inode below the root.  devpts_mutex held. */
static struct dentry *devpts_add(struct super_block *sb, const char *name, struct inode *inode)
{
	struct inode *dir = d_inode(sb->s_root);
	struct dentry *dentry;

	inode_lock(dir);
	dentry = lookup_one_len(name, sb->s_root, strlen(name));
	if (!IS_ERR(dentry) && d_really_is_positive(dentry)) {
		dput(dentry);
		dentry = ERR_PTR(-EEXIST);
	}
	if (IS_ERR(dentry)) {
		inode_unlock(dir);
		iput(inode);
		return dentry;
	}
	dir->i_mtime = dir->i_ctime = current_time(dir);
	/* The lookup's reference becomes the pin that keeps the name. */
	d_instantiate(dentry, inode);
	inode_unlock(dir);
	return dentry;
}

static int devpts_fill_super(struct super_block *sb)
{
	struct inode *root, *ptmx;
	struct dentry *d;

	sb->s_magic = DEVPTS_SUPER_MAGIC;
	sb->s_op = &devpts_sops;
	sb->s_d_op = &simple_dentry_operations;
	sb->s_blocksize = PAGE_SIZE;
	sb->s_blocksize_bits = PAGE_SHIFT;
	sb->s_time_gran = 1;
	root = devpts_new_inode(sb, S_IFDIR | 0755, 1);
	if (!root)
		return -ENOMEM;
	sb->s_root = d_make_root(root);
	if (!sb->s_root)
		return -ENOMEM;
	ptmx = devpts_new_inode(sb, 0, DEVPTS_PTMX_INO);
	if (!ptmx)
		return -ENOMEM;
	init_special_inode(ptmx, S_IFCHR | devpts_opts.ptmx_mode, MKDEV(PTMX_MAJOR, PTMX_MINOR));
	d = devpts_add(sb, "ptmx", ptmx);
	return IS_ERR(d) ? PTR_ERR(d) : 0;
}

static int devpts_test_super(struct super_block *sb, void *data)
{
	return 1;	/* one instance, shared by every mount */
}

static struct dentry *devpts_mount(struct file_system_type *fs_type, int flags,
				   const char *dev_name, void *data)
{
	struct super_block *sb;
	int err = devpts_apply_options(data);

	if (err)
		return ERR_PTR(err);
	sb = sget(fs_type, devpts_test_super, set_anon_super, flags, NULL);
	if (IS_ERR(sb))
		return ERR_CAST(sb);
	if (sb->s_root)
		return dget(sb->s_root);
	err = devpts_fill_super(sb);
	if (err) {
		deactivate_locked_super(sb);
		return ERR_PTR(err);
	}
	sb->s_flags |= SB_ACTIVE;
	return dget(sb->s_root);
}

static struct file_system_type devpts_fs_type = {
	.name = "devpts",
	.mount = devpts_mount,
	.kill_sb = kill_litter_super,
};

/* ------------------------------------------------------------ ptys */

int devpts_new_index(void)
{
	int idx, limit;

	mutex_lock(&devpts_mutex);
	limit = min(READ_ONCE(pty_limit), devpts_opts.max);
	idx = -ENOSPC;
	if (pty_count < limit) {
		idx = find_first_zero_bit(devpts_used, NR_UNIX98_PTY_MAX);
		if (idx < NR_UNIX98_PTY_MAX) {
			__set_bit(idx, devpts_used);
			pty_count++;
		} else {
			idx = -ENOSPC;
		}
	}
	mutex_unlock(&devpts_mutex);
	return idx;
}

void devpts_kill_index(int idx)
{
	mutex_lock(&devpts_mutex);
	if (!WARN_ON(!test_bit(idx, devpts_used))) {
		__clear_bit(idx, devpts_used);
		pty_count--;
	}
	mutex_unlock(&devpts_mutex);
}

struct dentry *devpts_pty_new(int idx)
{
	struct super_block *sb = devpts_mnt->mnt_sb;
	const struct cred *cred = current_cred();
	struct dentry *dentry;
	struct inode *inode;
	char name[12];

	inode = devpts_new_inode(sb, 0, idx + DEVPTS_FIRST_PTY_INO);
	if (!inode)
		return ERR_PTR(-ENOMEM);
	snprintf(name, sizeof(name), "%d", idx);
	mutex_lock(&devpts_mutex);
	init_special_inode(inode, S_IFCHR | devpts_opts.mode, MKDEV(UNIX98_PTY_SLAVE_MAJOR, idx));
	inode->i_uid = devpts_opts.set_uid ? devpts_opts.uid : cred->fsuid;
	inode->i_gid = devpts_opts.set_gid ? devpts_opts.gid : cred->fsgid;
	dentry = devpts_add(sb, name, inode);
	mutex_unlock(&devpts_mutex);
	return dentry;
}

void devpts_pty_kill(struct dentry *dentry)
{
	struct inode *dir = d_inode(dentry->d_parent);

	mutex_lock(&devpts_mutex);
	inode_lock(dir);
	dget(dentry);
	if (simple_positive(dentry)) {
		simple_unlink(dir, dentry);	/* drops the creation pin */
		d_delete(dentry);
	}
	inode_unlock(dir);
	mutex_unlock(&devpts_mutex);
	dput(dentry);
}

struct file *devpts_open_pty(struct dentry *dentry, int flags)
{
	struct path path = { .mnt = devpts_mnt, .dentry = dentry };

	return dentry_open(&path, flags, current_cred());
}

/* ------------------------------------------------------------ boot */

static int __init devpts_init(void)
{
	struct vfsmount *mnt;
	int err;

	err = register_filesystem(&devpts_fs_type);
	if (err)
		return err;
	mnt = kern_mount(&devpts_fs_type);
	if (IS_ERR(mnt)) {
		pr_err("devpts: cannot make the instance (%ld)\n", PTR_ERR(mnt));
		return PTR_ERR(mnt);
	}
	devpts_mnt = mnt;
	if (!register_sysctl("kernel/pty", pty_table))
		pr_warn("devpts: cannot register kernel.pty\n");
	return 0;
}
fs_initcall(devpts_init);
