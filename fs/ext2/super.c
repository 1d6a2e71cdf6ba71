// SPDX-License-Identifier: GPL-2.0-only
/*
 * ext2 super block: mounting (reading and validating the super block and
 * the group descriptors), mount options, statfs, remount, writing the
 * super block back, unmounting, and error reporting.
 *
 * Interface: the "ext2" file_system_type (FS_REQUIRES_DEV, mount_bdev);
 * ext2_error() for corrupt metadata found anywhere in fs/ext2 (prints
 * "EXT2-fs error (device vda): function: message", marks the volume with
 * EXT2_ERROR_FS and applies errors=continue|remount-ro|panic);
 * ext2_msg() for other messages; ext2_sync_super() writes the counts,
 * state and times to the super block buffer (and waits if asked).
 *
 * On-disk state: nothing is written before the mount has succeeded (a
 * refused or read-only mount leaves the device as it was; ext2_error()
 * during the checks only reports, and errors=panic does not apply to a
 * mount that is refused anyway: see sbi->s_live).  Then a read-write
 * mount clears EXT2_VALID_FS in s_state and counts the mount; a clean
 * unmount or remount read-only writes back the state found at mount
 * (s_mount_state), which carries EXT2_ERROR_FS if an error was detected
 * meanwhile.  Backups of the super block and of the
 * descriptors are never written (as in Linux's ext2; e2fsck and resize2fs
 * maintain them).
 *
 * Locking: sbi->s_lock guards the super block fields changed while mounted
 * and s_mount_state; the VFS holds s_umount for mount, remount and
 * unmount.  ext2_error() sleeps (it writes the super block): never call
 * it under a spinlock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/random.h>
#include <linux/panic.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/statfs.h>
#include <linux/seq_file.h>
#include <linux/blkdev.h>
#include <linux/buffer_head.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/kstrtox.h>
#include <linux/timekeeping.h>
#include <linux/time64.h>
#include <linux/jiffies.h>
#include "ext2.h"

static const struct super_operations ext2_sops;
static struct kmem_cache *ext2_inode_cachep;

/* ------------------------------------------------------------ messages and errors */

#define EXT2_MSG_MAX	256

void ext2_msg(struct super_block *sb, const char *prefix, const char *fmt, ...)
{
	char buf[EXT2_MSG_MAX];
	va_list args;

	va_start(args, fmt);
	vscnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	printk("%sEXT2-fs (%s): %s\n", prefix, sb->s_id, buf);
}

/*
 * One damaged indirect block can make every read of a large file fail:
 * print at most EXT2_ERR_BURST error messages per EXT2_ERR_WINDOW and
 * count the rest (the policy still applies to each).
 */
#define EXT2_ERR_BURST		10
#define EXT2_ERR_WINDOW		(5 * HZ)

static bool ext2_error_ratelimit(struct ext2_sb_info *sbi)
{
	unsigned int suppressed = 0;
	bool print;

	spin_lock(&sbi->s_lock);
	if (!sbi->s_err_window || time_after(jiffies, sbi->s_err_window + EXT2_ERR_WINDOW)) {
		suppressed = sbi->s_err_suppressed;
		sbi->s_err_window = jiffies;
		sbi->s_err_printed = 0;
		sbi->s_err_suppressed = 0;
	}
	print = sbi->s_err_printed < EXT2_ERR_BURST;
	if (print)
		sbi->s_err_printed++;
	else
		sbi->s_err_suppressed++;
	spin_unlock(&sbi->s_lock);
	if (suppressed)
		printk(KERN_CRIT "EXT2-fs: %u error messages suppressed\n", suppressed);
	return print;
}

/*
 * Corrupt or inconsistent metadata.  Record it on disk (EXT2_ERROR_FS
 * makes the next fsck thorough), say what and where, then apply the
 * errors= policy.  The caller returns -EUCLEAN or -EIO itself.
 */
void ext2_error(struct super_block *sb, const char *function, const char *fmt, ...)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	char buf[EXT2_MSG_MAX];
	va_list args;

	if (ext2_error_ratelimit(sbi)) {
		va_start(args, fmt);
		vscnprintf(buf, sizeof(buf), fmt, args);
		va_end(args);
		printk(KERN_CRIT "EXT2-fs error (device %s): %s: %s\n", sb->s_id, function, buf);
	}

	/*
	 * During the mount nothing is written and no policy applies: the
	 * mount fails (or, for what it survives, the error is recorded in
	 * the first super block write once it has succeeded).
	 */
	if (!READ_ONCE(sbi->s_live)) {
		sbi->s_mount_errors = true;
		return;
	}
	if (!sb_rdonly(sb)) {
		spin_lock(&sbi->s_lock);
		sbi->s_mount_state |= EXT2_ERROR_FS;
		es->s_state = cpu_to_le16(le16_to_cpu(es->s_state) | EXT2_ERROR_FS);
		spin_unlock(&sbi->s_lock);
		ext2_sync_super(sb, es, 1);
	}
	if (test_opt(sb, ERRORS_PANIC))
		panic("EXT2-fs (device %s): panic forced after error\n", sb->s_id);
	if (test_opt(sb, ERRORS_RO) && !sb_rdonly(sb)) {
		ext2_msg(sb, KERN_CRIT, "error: remounting filesystem read-only");
		WRITE_ONCE(sb->s_flags, sb->s_flags | SB_RDONLY);
	}
}

/* ------------------------------------------------------------ inode cache */

static struct inode *ext2_alloc_inode(struct super_block *sb)
{
	struct ext2_inode_info *ei = kmem_cache_alloc(ext2_inode_cachep, GFP_KERNEL);

	if (!ei)
		return NULL;
	memset(ei, 0, offsetof(struct ext2_inode_info, vfs_inode));
	mutex_init(&ei->truncate_mutex);
	init_rwsem(&ei->xattr_sem);
	return &ei->vfs_inode;
}

static void ext2_destroy_inode(struct inode *inode)
{
	kmem_cache_free(ext2_inode_cachep, EXT2_I(inode));
}

/* ------------------------------------------------------------ super block write-back */

static unsigned long ext2_sum_free_inodes(struct super_block *sb)
{
	return ext2_count_free_inodes(sb);
}

/*
 * Put the current counts, state and write time in the super block buffer
 * and mark it dirty; with wait, write it now.  The counts are summed from
 * the descriptors so that they are exact whatever the counters say.
 */
void ext2_sync_super(struct super_block *sb, struct ext2_super_block *es, int wait)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long free_blocks = ext2_count_free_blocks(sb);
	unsigned long free_inodes = ext2_sum_free_inodes(sb);
	struct buffer_head *sbh = sbi->s_sbh;

	spin_lock(&sbi->s_lock);
	es->s_wtime = cpu_to_le32((u32)ext2_get_seconds());
	es->s_free_inodes_count = cpu_to_le32(free_inodes);
	es->s_free_blocks_count = cpu_to_le32(free_blocks);
	spin_unlock(&sbi->s_lock);
	/* An earlier write of it failed (a device hiccup?): write it again. */
	if (buffer_write_io_error(sbh)) {
		ext2_msg(sb, KERN_ERR, "error: an earlier write of the super block failed");
		clear_buffer_write_io_error(sbh);
		set_buffer_uptodate(sbh);
	}
	mark_buffer_dirty(sbh);
	if (wait)
		sync_dirty_buffer(sbh);
}

/* Turn a revision 0 volume into revision 1 before using a feature bit. */
void ext2_update_dynamic_rev(struct super_block *sb)
{
	struct ext2_super_block *es = EXT2_SB(sb)->s_es;

	if (le32_to_cpu(es->s_rev_level) > EXT2_GOOD_OLD_REV)
		return;
	/*
	 * Revision 1 adds fields revision 0 left zero: the feature words
	 * (zero is right), the first inode and the inode size (what revision
	 * 0 implied).
	 */
	es->s_rev_level = cpu_to_le32(EXT2_DYNAMIC_REV);
	es->s_inode_size = cpu_to_le16(EXT2_GOOD_OLD_INODE_SIZE);
	es->s_first_ino = cpu_to_le32(EXT2_GOOD_OLD_FIRST_INO);
	ext2_msg(sb, KERN_WARNING, "warning: revision 0 volume raised to revision 1 for a feature");
}

/*
 * The volume now uses a feature: set @mask in @word (one of the super
 * block's feature words) and write the super block, once.
 */
void ext2_set_feature(struct super_block *sb, __le32 *word, u32 mask)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);

	if ((le32_to_cpu(READ_ONCE(*word)) & mask) &&
	    le32_to_cpu(sbi->s_es->s_rev_level) != EXT2_GOOD_OLD_REV)
		return;
	spin_lock(&sbi->s_lock);
	ext2_update_dynamic_rev(sb);
	*word = cpu_to_le32(le32_to_cpu(*word) | mask);
	spin_unlock(&sbi->s_lock);
	ext2_sync_super(sb, sbi->s_es, 1);
}

static int ext2_sync_fs(struct super_block *sb, int wait)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;

	if (sb_rdonly(sb))
		return 0;
	/* While mounted read-write the volume is not known to be clean. */
	spin_lock(&sbi->s_lock);
	es->s_state = cpu_to_le16(le16_to_cpu(es->s_state) & ~EXT2_VALID_FS);
	spin_unlock(&sbi->s_lock);
	ext2_sync_super(sb, es, wait);
	return 0;
}

static void ext2_write_super(struct super_block *sb)
{
	if (!sb_rdonly(sb))
		ext2_sync_fs(sb, 1);
}

/* ------------------------------------------------------------ unmount */

static void ext2_put_super(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	unsigned long i;

	/* No write-out of full indirect blocks may outlive the mount. */
	ext2_full_maps_flush(sbi);
	if (!sb_rdonly(sb)) {
		spin_lock(&sbi->s_lock);
		es->s_state = cpu_to_le16(sbi->s_mount_state);
		spin_unlock(&sbi->s_lock);
		ext2_sync_super(sb, es, 1);
	}
	/* Inode tables, bitmaps and descriptors are dirty buffers of the device. */
	sync_blockdev(sb->s_bdev);
	for (i = 0; i < sbi->s_gdb_count; i++)
		brelse(sbi->s_group_desc[i]);
	kfree(sbi->s_group_desc);
	kfree(sbi->s_group_lock);
	ext2_release_system_zones(sb);
	brelse(sbi->s_sbh);
	sb->s_fs_info = NULL;
	kfree(sbi);
}

/* ------------------------------------------------------------ statfs */

static int ext2_statfs(struct dentry *dentry, struct kstatfs *buf)
{
	struct super_block *sb = dentry->d_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	unsigned long overhead = test_opt(sb, MINIX_DF) ? 0 : sbi->s_overhead;
	u64 free = ext2_count_free_blocks(sb);
	u64 reserved = le32_to_cpu(es->s_r_blocks_count);
	u32 *uuid = (u32 *)es->s_uuid;

	buf->f_type = EXT2_SUPER_MAGIC;
	buf->f_bsize = sb->s_blocksize;
	buf->f_frsize = sb->s_blocksize;
	buf->f_blocks = sbi->s_blocks_count - overhead;
	buf->f_bfree = free;
	buf->f_bavail = free > reserved ? free - reserved : 0;
	buf->f_files = sbi->s_inodes_count;
	buf->f_ffree = ext2_count_free_inodes(sb);
	buf->f_namelen = EXT2_NAME_LEN;
	/* Linux's ext2 folds the UUID into the 64-bit fsid the same way. */
	buf->f_fsid.val[0] = uuid[0] ^ uuid[2];
	buf->f_fsid.val[1] = uuid[1] ^ uuid[3];
	return 0;
}

/* The metadata blocks statfs subtracts (bsddf, the default). */
static unsigned long ext2_compute_overhead(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long overhead = sbi->s_first_data_block;
	unsigned long g;

	for (g = 0; g < sbi->s_groups_count; g++)
		overhead += ext2_bg_has_super(sb, g) + ext2_bg_num_gdb(sb, g);
	overhead += sbi->s_groups_count * (2 + sbi->s_itb_per_group);
	return overhead;
}

/* ------------------------------------------------------------ mount options */

struct ext2_mount_options {
	unsigned long s_mount_opt;
	uid_t s_resuid;
	gid_t s_resgid;
};

static bool match_prefix(const char *opt, const char *name, const char **value)
{
	size_t n = strlen(name);

	if (strncmp(opt, name, n))
		return false;
	*value = opt + n;
	return true;
}

/*
 * Parse the comma-separated option string.  sb= is consumed earlier by
 * ext2_get_sb_block() and skipped here; on remount it must not change.
 */
static int ext2_parse_options(struct super_block *sb, char *options,
			      struct ext2_mount_options *opts, bool remount)
{
	char *p;

	if (!options)
		return 0;
	while ((p = strsep(&options, ",")) != NULL) {
		const char *v;
		unsigned int n;

		if (!*p)
			continue;
		if (!strcmp(p, "bsddf")) {
			opts->s_mount_opt &= ~EXT2_MOUNT_MINIX_DF;
		} else if (!strcmp(p, "minixdf")) {
			opts->s_mount_opt |= EXT2_MOUNT_MINIX_DF;
		} else if (!strcmp(p, "grpid") || !strcmp(p, "bsdgroups")) {
			opts->s_mount_opt |= EXT2_MOUNT_GRPID;
		} else if (!strcmp(p, "nogrpid") || !strcmp(p, "sysvgroups")) {
			opts->s_mount_opt &= ~EXT2_MOUNT_GRPID;
		} else if (match_prefix(p, "resuid=", &v)) {
			if (kstrtouint(v, 0, &n))
				goto bad_value;
			opts->s_resuid = n;
		} else if (match_prefix(p, "resgid=", &v)) {
			if (kstrtouint(v, 0, &n))
				goto bad_value;
			opts->s_resgid = n;
		} else if (match_prefix(p, "sb=", &v)) {
			if (remount) {
				ext2_msg(sb, KERN_ERR, "error: sb= cannot change on remount");
				return -EINVAL;
			}
		} else if (match_prefix(p, "errors=", &v)) {
			opts->s_mount_opt &= ~EXT2_MOUNT_ERRORS_MASK;
			if (!strcmp(v, "continue"))
				opts->s_mount_opt |= EXT2_MOUNT_ERRORS_CONT;
			else if (!strcmp(v, "remount-ro"))
				opts->s_mount_opt |= EXT2_MOUNT_ERRORS_RO;
			else if (!strcmp(v, "panic"))
				opts->s_mount_opt |= EXT2_MOUNT_ERRORS_PANIC;
			else
				goto bad_value;
		} else if (!strcmp(p, "nouid32")) {
			ext2_msg(sb, KERN_INFO, "nouid32 ignored: 32-bit ids are always stored");
		} else if (!strcmp(p, "oldalloc")) {
			opts->s_mount_opt |= EXT2_MOUNT_OLDALLOC;
		} else if (!strcmp(p, "orlov")) {
			opts->s_mount_opt &= ~EXT2_MOUNT_OLDALLOC;
		} else if (!strcmp(p, "reservation")) {
			opts->s_mount_opt |= EXT2_MOUNT_RESERVATION;
		} else if (!strcmp(p, "noreservation")) {
			opts->s_mount_opt &= ~EXT2_MOUNT_RESERVATION;
		} else if (!strcmp(p, "debug")) {
			opts->s_mount_opt |= EXT2_MOUNT_DEBUG;
		} else if (!strcmp(p, "nobh")) {
			ext2_msg(sb, KERN_INFO, "nobh option not supported");
		} else if (!strcmp(p, "user_xattr")) {
			opts->s_mount_opt |= EXT2_MOUNT_XATTR_USER;
		} else if (!strcmp(p, "nouser_xattr")) {
			opts->s_mount_opt &= ~EXT2_MOUNT_XATTR_USER;
		} else if (!strcmp(p, "acl") || !strcmp(p, "noacl")) {
			ext2_msg(sb, KERN_INFO, "(no)acl options not supported");
		} else if (!strcmp(p, "quota") || !strcmp(p, "noquota") || !strcmp(p, "usrquota") ||
			   !strcmp(p, "grpquota")) {
			ext2_msg(sb, KERN_INFO, "quota operations not supported");
		} else if (!strcmp(p, "xip") || !strcmp(p, "dax")) {
			ext2_msg(sb, KERN_ERR, "error: %s option not supported", p);
			return -EINVAL;
		} else {
			ext2_msg(sb, KERN_ERR, "error: unrecognized mount option \"%s\" or missing value",
				 p);
			return -EINVAL;
		}
		continue;
bad_value:
		ext2_msg(sb, KERN_ERR, "error: bad value in mount option \"%s\"", p);
		return -EINVAL;
	}
	return 0;
}

/* The sb=N option (in 1 KiB units, Linux's convention); default 1. */
static unsigned long ext2_get_sb_block(const char *data)
{
	unsigned long block = 1;
	const char *p = data;

	while (p && *p) {
		if (!strncmp(p, "sb=", 3)) {
			char num[24];
			size_t n = strcspn(p + 3, ",");

			if (n && n < sizeof(num)) {
				memcpy(num, p + 3, n);
				num[n] = '\0';
				if (kstrtoul(num, 0, &block))
					block = 1;
			}
		}
		p = strchr(p, ',');
		if (p)
			p++;
	}
	return block;
}

/* Options shown as a word when set. */
static const struct {
	unsigned long bit;
	const char *word;
} ext2_flag_words[] = {
	{ EXT2_MOUNT_GRPID, ",grpid" },
	{ EXT2_MOUNT_MINIX_DF, ",minixdf" },
	{ EXT2_MOUNT_OLDALLOC, ",oldalloc" },
};

static const char *ext2_errors_word(unsigned long mode)
{
	switch (mode) {
	case EXT2_MOUNT_ERRORS_CONT:
		return ",errors=continue";
	case EXT2_MOUNT_ERRORS_RO:
		return ",errors=remount-ro";
	case EXT2_MOUNT_ERRORS_PANIC:
		return ",errors=panic";
	}
	return NULL;
}

/*
 * /proc/mounts: the options that differ from what a mount without them
 * would get (defaults from the super block: s_def_resuid/gid, s_errors).
 */
static int ext2_show_options(struct seq_file *seq, struct dentry *root)
{
	struct super_block *sb = root->d_sb;
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	unsigned long errors = sbi->s_mount_opt & EXT2_MOUNT_ERRORS_MASK;
	unsigned long usual_errors = EXT2_MOUNT_ERRORS_RO;
	const char *word;
	unsigned int i;

	if (sbi->s_sb_block != 1)
		seq_printf(seq, ",sb=%lu", sbi->s_sb_block);
	for (i = 0; i < ARRAY_SIZE(ext2_flag_words); i++) {
		if (sbi->s_mount_opt & ext2_flag_words[i].bit)
			seq_puts(seq, ext2_flag_words[i].word);
	}
	if (!test_opt(sb, RESERVATION))
		seq_puts(seq, ",noreservation");
	if (!test_opt(sb, XATTR_USER))
		seq_puts(seq, ",nouser_xattr");
	if (le16_to_cpu(es->s_def_resuid) != sbi->s_resuid)
		seq_printf(seq, ",resuid=%u", sbi->s_resuid);
	if (le16_to_cpu(es->s_def_resgid) != sbi->s_resgid)
		seq_printf(seq, ",resgid=%u", sbi->s_resgid);
	if (le16_to_cpu(es->s_errors) == EXT2_ERRORS_PANIC)
		usual_errors = EXT2_MOUNT_ERRORS_PANIC;
	word = errors == usual_errors ? NULL : ext2_errors_word(errors);
	if (word)
		seq_puts(seq, word);
	return 0;
}

/* ------------------------------------------------------------ read-write set-up */

/* Why the volume should see e2fsck before we write to it, or NULL. */
static const char *ext2_check_due(struct ext2_sb_info *sbi, struct ext2_super_block *es)
{
	s16 max_mounts = (s16)le16_to_cpu(es->s_max_mnt_count);
	u32 interval = le32_to_cpu(es->s_checkinterval);

	if (!(sbi->s_mount_state & EXT2_VALID_FS))
		return "it was not cleanly unmounted";
	if (sbi->s_mount_state & EXT2_ERROR_FS)
		return "errors were recorded on it";
	if (max_mounts >= 0 && le16_to_cpu(es->s_mnt_count) >= max_mounts)
		return "its mount count reached the maximum";
	if (interval && le32_to_cpu(es->s_lastcheck) + interval <= (u32)ext2_get_seconds())
		return "its check interval has passed";
	return NULL;
}

/*
 * Going read-write: warn about a volume that needs checking, mark it in
 * use and count the mount.  Returns SB_RDONLY if it must stay read-only
 * (a revision we do not know).
 */
static int ext2_setup_super(struct super_block *sb, struct ext2_super_block *es, int read_only)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	const char *why;

	if (le32_to_cpu(es->s_rev_level) > EXT2_DYNAMIC_REV) {
		ext2_msg(sb, KERN_ERR, "error: revision %u is newer than ours: read-only",
			 le32_to_cpu(es->s_rev_level));
		return SB_RDONLY;
	}
	if (read_only)
		return 0;
	why = ext2_check_due(sbi, es);
	if (why)
		ext2_msg(sb, KERN_WARNING, "warning: %s; run e2fsck", why);
	spin_lock(&sbi->s_lock);
	es->s_mnt_count = cpu_to_le16(le16_to_cpu(es->s_mnt_count) + 1);
	es->s_mtime = cpu_to_le32((u32)ext2_get_seconds());
	spin_unlock(&sbi->s_lock);
	return 0;
}

/*
 * The mount has succeeded: from here on errors are handled as usual and
 * the super block may be written.  Until now nothing was, whatever was
 * found; a read-write mount now counts itself, records an error met
 * during the mount checks and writes the super block once.  A read-only
 * mount writes nothing.
 */
static void ext2_go_live(struct super_block *sb, struct ext2_super_block *es)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);

	if (ext2_setup_super(sb, es, sb_rdonly(sb)))
		WRITE_ONCE(sb->s_flags, sb->s_flags | SB_RDONLY);
	WRITE_ONCE(sbi->s_live, true);
	if (sbi->s_mount_errors && !sb_rdonly(sb)) {
		spin_lock(&sbi->s_lock);
		sbi->s_mount_state |= EXT2_ERROR_FS;
		es->s_state = cpu_to_le16(le16_to_cpu(es->s_state) | EXT2_ERROR_FS);
		spin_unlock(&sbi->s_lock);
	}
	ext2_write_super(sb);
}

static int ext2_remount(struct super_block *sb, int *flags, char *data)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	struct ext2_super_block *es = sbi->s_es;
	struct ext2_mount_options opts = {
		.s_mount_opt = sbi->s_mount_opt,
		.s_resuid = sbi->s_resuid,
		.s_resgid = sbi->s_resgid,
	};
	u32 unsupported;
	int err;

	err = ext2_parse_options(sb, data, &opts, true);
	if (err)
		return err;

	if ((bool)(*flags & SB_RDONLY) == sb_rdonly(sb))
		goto out_set;
	if (*flags & SB_RDONLY) {
		/* Write everything, then say the volume is clean again. */
		sync_filesystem(sb);
		spin_lock(&sbi->s_lock);
		if ((le16_to_cpu(es->s_state) & EXT2_VALID_FS) ||
		    !(sbi->s_mount_state & EXT2_VALID_FS)) {
			spin_unlock(&sbi->s_lock);
			goto out_set;
		}
		es->s_state = cpu_to_le16(sbi->s_mount_state);
		es->s_mtime = cpu_to_le32((u32)ext2_get_seconds());
		spin_unlock(&sbi->s_lock);
		ext2_sync_super(sb, es, 1);
		sync_blockdev(sb->s_bdev);
	} else {
		unsupported = EXT2_HAS_RO_COMPAT_FEATURE(sb, ~EXT2_FEATURE_RO_COMPAT_SUPP);
		if (unsupported) {
			ext2_msg(sb, KERN_WARNING,
				 "warning: staying read-only: read-only features %#x unsupported",
				 unsupported);
			return -EROFS;
		}
		/* e2fsck may have run while we were read-only: take the state afresh. */
		spin_lock(&sbi->s_lock);
		sbi->s_mount_state = le16_to_cpu(es->s_state);
		spin_unlock(&sbi->s_lock);
		if (ext2_setup_super(sb, es, 0))
			return -EROFS;
		/* ext2_write_super() needs the new flag to write. */
		WRITE_ONCE(sb->s_flags, sb->s_flags & ~SB_RDONLY);
		ext2_write_super(sb);
	}
out_set:
	sbi->s_mount_opt = opts.s_mount_opt;
	sbi->s_resuid = opts.s_resuid;
	sbi->s_resgid = opts.s_resgid;
	return 0;
}

/* ------------------------------------------------------------ geometry */

/*
 * The block holding (the primary copy of) group descriptor block nr.
 * The classic table - all of it without meta_bg, its first
 * s_first_meta_bg blocks with it - starts right after the super block.
 * Under meta_bg, block nr describes meta group nr, the s_desc_per_block
 * groups from nr * s_desc_per_block on, and sits at the start of the
 * first of them, after its super block backup when that group carries
 * one (sparse_super decides which do).
 */
static u32 descriptor_loc(struct super_block *sb, unsigned long sb_block, unsigned long nr)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long lead;
	u32 classic = 0;

	if (EXT2_HAS_INCOMPAT_FEATURE(sb, EXT2_FEATURE_INCOMPAT_META_BG))
		classic = le32_to_cpu(sbi->s_es->s_first_meta_bg);
	else
		classic = sbi->s_gdb_count;
	if (nr < classic)
		return sb_block + 1 + nr;
	lead = nr << sbi->s_desc_per_block_bits;
	return ext2_group_first_block_no(sb, lead) + (ext2_bg_has_super(sb, lead) ? 1 : 0);
}

/* Do group g's bitmaps and inode table lie within [lo, end)? */
static bool ext2_group_parts_inside(struct super_block *sb, unsigned long g,
				    struct ext2_group_desc *gdp, u64 lo, u64 end)
{
	const struct {
		const char *what;
		u64 start;
		u64 len;
	} part[] = {
		{ "block bitmap", le32_to_cpu(gdp->bg_block_bitmap), 1 },
		{ "inode bitmap", le32_to_cpu(gdp->bg_inode_bitmap), 1 },
		{ "inode table", le32_to_cpu(gdp->bg_inode_table), EXT2_SB(sb)->s_itb_per_group },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(part); i++) {
		if (part[i].start >= lo && part[i].start + part[i].len <= end)
			continue;
		ext2_error(sb, __func__, "group %lu: %s at block %llu lies outside blocks %llu-%llu",
			   g, part[i].what, part[i].start, lo, end - 1);
		return false;
	}
	return true;
}

/*
 * Every descriptor must place its bitmaps and inode table inside the
 * volume (inside its own group unless flex_bg); overlaps between
 * metadata are found when the system zones are built.  Counts out of
 * range are only worth a warning: the bitmaps decide.
 */
static bool ext2_check_descriptors(struct super_block *sb)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	bool flex = EXT2_HAS_INCOMPAT_FEATURE(sb, EXT4_FEATURE_INCOMPAT_FLEX_BG);
	unsigned long g;

	for (g = 0; g < sbi->s_groups_count; g++) {
		struct ext2_group_desc *gdp = ext2_get_group_desc(sb, g, NULL);
		u64 lo = flex ? sbi->s_first_data_block : ext2_group_first_block_no(sb, g);
		u64 end = flex ? sbi->s_blocks_count : lo + ext2_blocks_in_group(sb, g);

		if (!gdp || !ext2_group_parts_inside(sb, g, gdp, lo, end))
			return false;
		if (le16_to_cpu(gdp->bg_free_blocks_count) > ext2_blocks_in_group(sb, g) ||
		    le16_to_cpu(gdp->bg_free_inodes_count) > sbi->s_inodes_per_group ||
		    le16_to_cpu(gdp->bg_used_dirs_count) > sbi->s_inodes_per_group)
			ext2_msg(sb, KERN_WARNING,
				 "warning: group %lu descriptor counts out of range, run e2fsck", g);
	}
	return true;
}

/* The largest mount block size the device and page cache allow. */
static int ext2_check_blocksize(struct super_block *sb, u32 log)
{
	if (log > 2) {
		ext2_msg(sb, KERN_ERR, "error: unsupported blocksize %u",
			 log < 22 ? EXT2_MIN_BLOCK_SIZE << log : 0);
		return -EINVAL;
	}
	if ((EXT2_MIN_BLOCK_SIZE << log) > PAGE_SIZE) {
		ext2_msg(sb, KERN_ERR, "error: blocksize larger than page size");
		return -EINVAL;
	}
	return 0;
}

/* Check the geometry fields and fill in sbi from them. */
static int ext2_load_geometry(struct super_block *sb, struct ext2_super_block *es, int silent)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	bool rev0 = le32_to_cpu(es->s_rev_level) == EXT2_GOOD_OLD_REV;
	unsigned long bs = sb->s_blocksize;
	u64 dev_blocks;
	int isize;

	/* Revision 0 has fixed inode size and first inode; revision 1 says them. */
	isize = rev0 ? EXT2_GOOD_OLD_INODE_SIZE : le16_to_cpu(es->s_inode_size);
	sbi->s_first_ino = rev0 ? EXT2_GOOD_OLD_FIRST_INO : le32_to_cpu(es->s_first_ino);
	if (isize < EXT2_GOOD_OLD_INODE_SIZE || isize > (int)bs || (isize & (isize - 1))) {
		ext2_msg(sb, KERN_ERR,
			 "error: inode size %d is not a power of two from 128 to the block size",
			 isize);
		return -EINVAL;
	}
	sbi->s_inode_size = isize;
	/* Fragments never existed beyond "one fragment per block". */
	if (es->s_log_frag_size != es->s_log_block_size) {
		ext2_msg(sb, KERN_ERR, "error: fragment size differs from the block size %lu", bs);
		return -EINVAL;
	}
	sbi->s_blocks_per_group = le32_to_cpu(es->s_blocks_per_group);
	sbi->s_inodes_per_group = le32_to_cpu(es->s_inodes_per_group);
	sbi->s_blocks_count = le32_to_cpu(es->s_blocks_count);
	sbi->s_inodes_count = le32_to_cpu(es->s_inodes_count);
	sbi->s_first_data_block = le32_to_cpu(es->s_first_data_block);
	sbi->s_inodes_per_block = bs / sbi->s_inode_size;
	sbi->s_desc_per_block = bs / sizeof(struct ext2_group_desc);
	sbi->s_addr_per_block_bits = sb->s_blocksize_bits - 2;
	sbi->s_desc_per_block_bits = sb->s_blocksize_bits - 5;

	if (!sbi->s_blocks_per_group || sbi->s_blocks_per_group > bs * 8 ||
	    le32_to_cpu(es->s_frags_per_group) != sbi->s_blocks_per_group) {
		ext2_msg(sb, KERN_ERR, "error: %lu blocks per group: zero or more than a bitmap maps",
			 sbi->s_blocks_per_group);
		return -EINVAL;
	}
	if (!sbi->s_inodes_per_group || sbi->s_inodes_per_group > bs * 8 ||
	    sbi->s_inodes_per_group % sbi->s_inodes_per_block) {
		ext2_msg(sb, KERN_ERR, "error: %lu inodes per group: zero, too many or partial blocks",
			 sbi->s_inodes_per_group);
		return -EINVAL;
	}
	sbi->s_itb_per_group = sbi->s_inodes_per_group / sbi->s_inodes_per_block;
	if (sbi->s_first_data_block != (bs == EXT2_MIN_BLOCK_SIZE ? 1u : 0u) ||
	    sbi->s_first_data_block >= sbi->s_blocks_count) {
		ext2_msg(sb, KERN_ERR, "error: bad first data block %u", sbi->s_first_data_block);
		return -EINVAL;
	}
	dev_blocks = bdev_nr_bytes(sb->s_bdev) >> sb->s_blocksize_bits;
	if (sbi->s_blocks_count > dev_blocks) {
		ext2_msg(sb, KERN_ERR,
			 "error: bad geometry: block count %u exceeds size of device (%llu blocks)",
			 sbi->s_blocks_count, (unsigned long long)dev_blocks);
		return -EINVAL;
	}
	sbi->s_groups_count = (sbi->s_blocks_count - sbi->s_first_data_block - 1) /
				      sbi->s_blocks_per_group + 1;
	if ((u64)sbi->s_groups_count * sbi->s_inodes_per_group != sbi->s_inodes_count) {
		ext2_msg(sb, KERN_ERR, "error: inodes count %u does not match %lu groups of %lu",
			 sbi->s_inodes_count, sbi->s_groups_count, sbi->s_inodes_per_group);
		return -EINVAL;
	}
	if (sbi->s_first_ino < EXT2_GOOD_OLD_FIRST_INO || sbi->s_first_ino > sbi->s_inodes_count) {
		ext2_msg(sb, KERN_ERR, "error: bad first inode %u", sbi->s_first_ino);
		return -EINVAL;
	}
	if (le32_to_cpu(es->s_r_blocks_count) > sbi->s_blocks_count) {
		ext2_msg(sb, KERN_ERR, "error: reserved blocks count exceeds block count");
		return -EINVAL;
	}
	sbi->s_gdb_count = (sbi->s_groups_count + sbi->s_desc_per_block - 1) /
			   sbi->s_desc_per_block;
	if (EXT2_HAS_INCOMPAT_FEATURE(sb, EXT2_FEATURE_INCOMPAT_META_BG) &&
	    le32_to_cpu(es->s_first_meta_bg) > sbi->s_gdb_count) {
		ext2_msg(sb, KERN_ERR, "error: first meta block group %u too large",
			 le32_to_cpu(es->s_first_meta_bg));
		return -EINVAL;
	}
	return 0;
}

static int ext2_load_descriptors(struct super_block *sb, unsigned long logic_sb_block)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	unsigned long i;

	sbi->s_group_desc = kcalloc(sbi->s_gdb_count, sizeof(struct buffer_head *), GFP_KERNEL);
	sbi->s_group_lock = kcalloc(sbi->s_groups_count, sizeof(spinlock_t), GFP_KERNEL);
	if (!sbi->s_group_desc || !sbi->s_group_lock) {
		ext2_msg(sb, KERN_ERR, "error: not enough memory");
		return -ENOMEM;
	}
	for (i = 0; i < sbi->s_groups_count; i++)
		spin_lock_init(&sbi->s_group_lock[i]);
	for (i = 0; i < sbi->s_gdb_count; i++) {
		u32 block = descriptor_loc(sb, logic_sb_block, i);

		if (block >= sbi->s_blocks_count) {
			ext2_msg(sb, KERN_ERR, "error: group descriptor block %u outside the volume",
				 block);
			return -EINVAL;
		}
		sbi->s_group_desc[i] = sb_bread(sb, block);
		if (!sbi->s_group_desc[i]) {
			ext2_msg(sb, KERN_ERR, "error: unable to read group descriptors");
			return -EIO;
		}
	}
	return 0;
}

static void ext2_release_descriptors(struct ext2_sb_info *sbi)
{
	unsigned long i;

	if (sbi->s_group_desc) {
		for (i = 0; i < sbi->s_gdb_count; i++)
			brelse(sbi->s_group_desc[i]);
	}
	kfree(sbi->s_group_desc);
	kfree(sbi->s_group_lock);
	sbi->s_group_desc = NULL;
	sbi->s_group_lock = NULL;
}

/* Refuse what we cannot handle; force read-only what we must not change. */
static int ext2_check_features(struct super_block *sb, struct ext2_super_block *es)
{
	u32 incompat = le32_to_cpu(es->s_feature_incompat);
	u32 ro_compat = le32_to_cpu(es->s_feature_ro_compat);
	u32 unsupported;

	if (le32_to_cpu(es->s_rev_level) == EXT2_GOOD_OLD_REV &&
	    (le32_to_cpu(es->s_feature_compat) || incompat || ro_compat))
		ext2_msg(sb, KERN_WARNING,
			 "warning: feature flags set on rev 0 fs, running e2fsck is recommended");
	if (incompat & EXT3_FEATURE_INCOMPAT_RECOVER) {
		ext2_msg(sb, KERN_ERR,
			 "error: couldn't mount because the ext3 journal needs recovery; mount it as ext3 or run e2fsck");
		return -EINVAL;
	}
	unsupported = incompat & ~EXT2_FEATURE_INCOMPAT_SUPP;
	if (unsupported) {
		ext2_msg(sb, KERN_ERR,
			 "error: couldn't mount because of unsupported optional features (%x)",
			 unsupported);
		return -EINVAL;
	}
	unsupported = ro_compat & ~EXT2_FEATURE_RO_COMPAT_SUPP;
	if (unsupported && !sb_rdonly(sb)) {
		ext2_msg(sb, KERN_WARNING,
			 "warning: mounting read-only because of unsupported optional features (%x)",
			 unsupported);
		WRITE_ONCE(sb->s_flags, sb->s_flags | SB_RDONLY);
	}
	if (le32_to_cpu(es->s_feature_compat) & EXT3_FEATURE_COMPAT_HAS_JOURNAL) {
		EXT2_SB(sb)->s_has_journal = true;
		ext2_msg(sb, KERN_WARNING, "warning: mounting ext3 filesystem as ext2");
	}
	return 0;
}

/* Defaults from the super block, then the option string. */
static int ext2_set_options(struct super_block *sb, struct ext2_super_block *es, char *data)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	u32 def = le32_to_cpu(es->s_default_mount_opts);
	/* user.* attributes are on unless nouser_xattr (ext4's default too). */
	struct ext2_mount_options opts = {
		.s_mount_opt = EXT2_MOUNT_RESERVATION | EXT2_MOUNT_XATTR_USER,
	};
	int err;

	if (def & EXT2_DEFM_DEBUG)
		opts.s_mount_opt |= EXT2_MOUNT_DEBUG;
	if (def & EXT2_DEFM_BSDGROUPS)
		opts.s_mount_opt |= EXT2_MOUNT_GRPID;
	/*
	 * Our default is remount-ro.  mke2fs writes s_errors = continue into
	 * every new volume, so only "panic" (which someone chose with tune2fs)
	 * overrides it; errors= on the command line wins over both.
	 */
	if (le16_to_cpu(es->s_errors) == EXT2_ERRORS_PANIC)
		opts.s_mount_opt |= EXT2_MOUNT_ERRORS_PANIC;
	else
		opts.s_mount_opt |= EXT2_MOUNT_ERRORS_RO;
	opts.s_resuid = le16_to_cpu(es->s_def_resuid);
	opts.s_resgid = le16_to_cpu(es->s_def_resgid);

	err = ext2_parse_options(sb, data, &opts, false);
	if (err)
		return err;
	sbi->s_mount_opt = opts.s_mount_opt;
	sbi->s_resuid = opts.s_resuid;
	sbi->s_resgid = opts.s_resgid;
	return 0;
}

/* Read the super block at sbi->s_sb_block (1 KiB units) for the current block size. */
static struct ext2_super_block *ext2_read_sb(struct super_block *sb, unsigned long *logic,
					     struct buffer_head **bhp)
{
	struct ext2_sb_info *sbi = EXT2_SB(sb);
	u64 byte = (u64)sbi->s_sb_block * EXT2_MIN_BLOCK_SIZE;
	unsigned long offset = byte & (sb->s_blocksize - 1);
	struct buffer_head *bh;

	/* sb=1 means byte 1024: with 1 KiB blocks that is block 1, otherwise block 0. */
	*logic = byte >> sb->s_blocksize_bits;
	bh = sb_bread(sb, *logic);
	if (!bh) {
		ext2_msg(sb, KERN_ERR, "error: unable to read superblock");
		return NULL;
	}
	*bhp = bh;
	return (struct ext2_super_block *)(bh->b_data + offset);
}

/* sb->s_root from inode 2, which must be a directory with a block. */
static int ext2_attach_root(struct super_block *sb)
{
	struct inode *root = ext2_iget(sb, EXT2_ROOT_INO);
	const char *why = NULL;

	if (IS_ERR(root)) {
		ext2_msg(sb, KERN_ERR, "error: root inode unreadable (%ld)", PTR_ERR(root));
		return PTR_ERR(root);
	}
	if (!S_ISDIR(root->i_mode))
		why = "not a directory";
	else if (!root->i_size || !root->i_blocks)
		why = "an empty directory";
	if (why) {
		ext2_msg(sb, KERN_ERR, "error: root inode is %s, run e2fsck", why);
		iput(root);
		return -EUCLEAN;
	}
	/* d_make_root() drops the inode itself when it fails. */
	sb->s_root = d_make_root(root);
	if (sb->s_root)
		return 0;
	ext2_msg(sb, KERN_ERR, "error: no memory for the root dentry");
	return -ENOMEM;
}

static int ext2_fill_super(struct super_block *sb, void *data, int silent)
{
	struct ext2_sb_info *sbi;
	struct ext2_super_block *es;
	struct buffer_head *bh = NULL;
	unsigned long logic_sb_block;
	int blocksize, err = -EINVAL;
	u32 log;

	sbi = kzalloc(sizeof(*sbi), GFP_KERNEL);
	if (!sbi)
		return -ENOMEM;
	sb->s_fs_info = sbi;
	spin_lock_init(&sbi->s_lock);
	spin_lock_init(&sbi->s_next_gen_lock);
	spin_lock_init(&sbi->s_rsv_window_lock);
	ext2_release_init(sbi);
	ext2_full_maps_init(sbi);
	sbi->s_rsv_window_root = RB_ROOT;
	sbi->s_sb_block = ext2_get_sb_block(data);

	blocksize = sb_min_blocksize(sb, EXT2_MIN_BLOCK_SIZE);
	if (!blocksize) {
		ext2_msg(sb, KERN_ERR, "error: unable to set blocksize");
		goto failed;
	}
	es = ext2_read_sb(sb, &logic_sb_block, &bh);
	if (!es) {
		err = -EIO;
		goto failed;
	}
	sbi->s_es = es;
	if (le16_to_cpu(es->s_magic) != EXT2_SUPER_MAGIC) {
		if (!silent)
			ext2_msg(sb, KERN_ERR, "error: no ext2 super block (magic 0x%04x)",
				 le16_to_cpu(es->s_magic));
		goto failed;
	}
	err = ext2_set_options(sb, es, data);
	if (err)
		goto failed;
	err = ext2_check_features(sb, es);
	if (err)
		goto failed;

	log = le32_to_cpu(es->s_log_block_size);
	err = ext2_check_blocksize(sb, log);
	if (err)
		goto failed;
	blocksize = EXT2_MIN_BLOCK_SIZE << log;
	if (sb->s_blocksize != (unsigned long)blocksize) {
		brelse(bh);
		bh = NULL;
		if (!sb_set_blocksize(sb, blocksize)) {
			ext2_msg(sb, KERN_ERR, "error: bad blocksize %d", blocksize);
			err = -EINVAL;
			goto failed;
		}
		es = ext2_read_sb(sb, &logic_sb_block, &bh);
		if (!es) {
			err = -EIO;
			goto failed;
		}
		sbi->s_es = es;
		if (le16_to_cpu(es->s_magic) != EXT2_SUPER_MAGIC ||
		    le32_to_cpu(es->s_log_block_size) != log) {
			ext2_msg(sb, KERN_ERR, "error: magic mismatch");
			err = -EINVAL;
			goto failed;
		}
	}
	sbi->s_sbh = bh;
	sb->s_maxbytes = ext2_max_size(sb->s_blocksize_bits);
	sb->s_max_links = EXT2_LINK_MAX;
	sb->s_time_gran = 1;
	err = ext2_load_geometry(sb, es, silent);
	if (err)
		goto failed;
	sbi->s_mount_state = le16_to_cpu(es->s_state);

	err = ext2_load_descriptors(sb, logic_sb_block);
	if (err)
		goto failed_descs;
	err = -EINVAL;
	if (!ext2_check_descriptors(sb)) {
		ext2_msg(sb, KERN_ERR, "error: group descriptors corrupted");
		goto failed_descs;
	}
	err = ext2_setup_system_zones(sb);
	if (err)
		goto failed_descs;
	sbi->s_overhead = ext2_compute_overhead(sb);
	atomic_long_set(&sbi->s_freeblocks_counter, ext2_count_free_blocks(sb));
	atomic_long_set(&sbi->s_freeinodes_counter, ext2_count_free_inodes(sb));
	atomic_long_set(&sbi->s_dirs_counter, ext2_count_dirs(sb));
	sbi->s_next_generation = get_random_u32();

	sb->s_op = &ext2_sops;
	sb->s_xattr = ext2_xattr_handlers;
	sb->s_magic = EXT2_SUPER_MAGIC;

	err = ext2_attach_root(sb);
	if (err)
		goto failed_zones;
	ext2_go_live(sb, es);
	return 0;

failed_zones:
	ext2_release_system_zones(sb);
failed_descs:
	ext2_release_descriptors(sbi);
failed:
	brelse(bh);
	sb->s_fs_info = NULL;
	kfree(sbi);
	return err;
}

/* Inode life cycle first, then the volume as a whole. */
static const struct super_operations ext2_sops = {
	.alloc_inode = ext2_alloc_inode,
	.write_inode = ext2_write_inode,
	.evict_inode = ext2_evict_inode,
	.destroy_inode = ext2_destroy_inode,
	.sync_fs = ext2_sync_fs,
	.statfs = ext2_statfs,
	.show_options = ext2_show_options,
	.remount_fs = ext2_remount,
	.put_super = ext2_put_super,
};

static struct dentry *ext2_mount(struct file_system_type *fs_type, int flags,
				 const char *dev_name, void *data)
{
	return mount_bdev(fs_type, flags, dev_name, data, ext2_fill_super);
}

static struct file_system_type ext2_fs_type = {
	.name = "ext2",
	.mount = ext2_mount,
	.kill_sb = kill_block_super,
	.fs_flags = FS_REQUIRES_DEV,
};

static int __init init_ext2_fs(void)
{
	int err;

	ext2_inode_cachep = kmem_cache_create("ext2_inode_cache", sizeof(struct ext2_inode_info),
					      0, SLAB_RECLAIM_ACCOUNT, NULL);
	if (!ext2_inode_cachep)
		return -ENOMEM;
	err = register_filesystem(&ext2_fs_type);
	if (err)
		pr_err("EXT2-fs: cannot register: %d\n", err);
	return err;
}
module_init(init_ext2_fs);
