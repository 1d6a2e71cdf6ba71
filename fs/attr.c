// SPDX-License-Identifier: GPL-2.0-only
/*
 * The generic half of changing an inode's attributes (chmod, chown,
 * utimes, truncate): who may ask for what (setattr_prepare()), the
 * common bookkeeping every change goes through on its way to the file
 * system's ->setattr (notify_change()), and the default copy into the
 * in-memory inode (setattr_copy()).
 *
 * Interface: notify_change(), setattr_prepare(), setattr_copy(),
 * inode_newsize_ok().
 *
 * Permission rules, from chown(2), chmod(2), utimensat(2) and POSIX:
 * only a privileged caller (CAP_CHOWN) gives a file away; the owner may
 * change the group to one it belongs to; only the owner (or CAP_FOWNER)
 * changes the mode or sets explicit times; a set-group-ID bit survives a
 * chmod only for members of the file's group (or CAP_FSETID).  A
 * permitted change marked ATTR_KILL_PRIV (chown, a write, truncation)
 * also removes the file's capabilities (security.capability).
 *
 * Locking: callers hold the inode's i_rwsem across notify_change().
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/fsnotify.h>
#include <linux/xattr.h>
#include <linux/timekeeping.h>

static bool caller_owns(const struct inode *inode)
{
	return current_fsuid() == inode->i_uid;
}

/* chown to @uid: a no-op "change" by the owner, or CAP_CHOWN. */
static bool may_set_owner(const struct inode *inode, uid_t uid)
{
	if (uid == inode->i_uid && caller_owns(inode))
		return true;
	return capable_wrt_inode_uidgid(inode, CAP_CHOWN);
}

/* chgrp to @gid: the owner, to the current group or one of its own; or CAP_CHOWN. */
static bool may_set_group(const struct inode *inode, gid_t gid)
{
	if (caller_owns(inode) && (gid == inode->i_gid || in_group_p(gid)))
		return true;
	return capable_wrt_inode_uidgid(inode, CAP_CHOWN);
}

/* May a set-group-ID bit stay on a file whose group is @gid? */
static bool may_keep_sgid(const struct inode *inode, gid_t gid)
{
	return in_group_p(gid) || capable_wrt_inode_uidgid(inode, CAP_FSETID);
}

int inode_newsize_ok(const struct inode *inode, loff_t offset)
{
	if (offset < 0)
		return -EINVAL;
	/* Growing stops at the file system's limit. */
	if (offset > inode->i_size)
		return offset > inode->i_sb->s_maxbytes ? -EFBIG : 0;
	/* Shrinking is fine, except under swap I/O that writes to the blocks. */
	return IS_SWAPFILE(inode) ? -ETXTBSY : 0;
}

int setattr_prepare(struct dentry *dentry, struct iattr *attr)
{
	const unsigned int explicit_times = ATTR_ATIME_SET | ATTR_MTIME_SET | ATTR_TIMES_SET;
	struct inode *inode = d_inode(dentry);
	unsigned int valid = attr->ia_valid;
	int err;

	if (valid & ATTR_SIZE) {
		err = inode_newsize_ok(inode, attr->ia_size);
		if (err)
			return err;
	}
	/* The kernel's own changes (ATTR_FORCE) skip the permission rules. */
	if (valid & ATTR_FORCE)
		goto kill_priv;

	if (valid & ATTR_UID && !may_set_owner(inode, attr->ia_uid))
		return -EPERM;
	if (valid & ATTR_GID && !may_set_group(inode, attr->ia_gid))
		return -EPERM;
	if (valid & ATTR_MODE) {
		if (!inode_owner_or_capable(inode))
			return -EPERM;
		/* Judged against the group the file is about to have. */
		if (!may_keep_sgid(inode, valid & ATTR_GID ? attr->ia_gid : inode->i_gid))
			attr->ia_mode &= ~S_ISGID;
	}
	if ((valid & explicit_times) && !inode_owner_or_capable(inode))
		return -EPERM;
kill_priv:
	/* Allowed: now the file's capabilities may go (ATTR_KILL_PRIV). */
	if (valid & ATTR_KILL_PRIV)
		return xattr_kill_priv(dentry);
	return 0;
}

/* The three timestamps of an iattr and of the inode they go to. */
struct time_slot {
	unsigned int change;	/* ATTR_ATIME, ATTR_MTIME or ATTR_CTIME */
	unsigned int explicit;	/* the matching *_SET bit, 0 for ctime */
	struct timespec64 *from;
	struct timespec64 *to;
};

static void time_slots(struct inode *inode, struct iattr *attr, struct time_slot slot[3])
{
	slot[0] = (struct time_slot){ ATTR_ATIME, ATTR_ATIME_SET, &attr->ia_atime, &inode->i_atime };
	slot[1] = (struct time_slot){ ATTR_MTIME, ATTR_MTIME_SET, &attr->ia_mtime, &inode->i_mtime };
	slot[2] = (struct time_slot){ ATTR_CTIME, 0, &attr->ia_ctime, &inode->i_ctime };
}

void setattr_copy(struct inode *inode, const struct iattr *attr)
{
	unsigned int valid = attr->ia_valid;
	struct time_slot slot[3];
	int i;

	if (valid & ATTR_UID)
		inode->i_uid = attr->ia_uid;
	if (valid & ATTR_GID)
		inode->i_gid = attr->ia_gid;

	time_slots(inode, (struct iattr *)attr, slot);
	for (i = 0; i < 3; i++)
		if (valid & slot[i].change)
			*slot[i].to = *slot[i].from;

	if (valid & ATTR_MODE) {
		umode_t mode = attr->ia_mode;

		/* The group is the new one here: ATTR_GID was applied above. */
		if (!(valid & ATTR_FORCE) && !may_keep_sgid(inode, inode->i_gid))
			mode &= ~S_ISGID;
		inode->i_mode = mode;
	}
}

/* A timestamp the user supplied, cut to the file system's granularity. */
static struct timespec64 timestamp_truncate(struct timespec64 t, struct inode *inode)
{
	u32 gran = inode->i_sb->s_time_gran;

	if (gran >= NSEC_PER_SEC)
		t.tv_nsec = 0;
	else if (gran > 1)
		t.tv_nsec -= t.tv_nsec % gran;
	return t;
}

/*
 * Immutable and append-only files keep owner, mode and times; a plain
 * "touch" (times set to now) is allowed to anyone with write access.
 */
static int change_permitted(struct inode *inode, unsigned int valid)
{
	bool locked = IS_IMMUTABLE(inode) || IS_APPEND(inode);

	if (locked && (valid & (ATTR_UID | ATTR_GID | ATTR_MODE | ATTR_TIMES_SET)))
		return -EPERM;
	if (!(valid & ATTR_TOUCH))
		return 0;
	if (IS_IMMUTABLE(inode))
		return -EPERM;
	if (inode_owner_or_capable(inode))
		return 0;
	return inode_permission(inode, MAY_WRITE);
}

/*
 * ATTR_KILL_SUID/SGID (a write or chown by someone else) become a mode
 * change that drops the bits.  Set-group-ID without group execute is not
 * set-group-ID at all (it marks mandatory locking) and stays.
 */
static int kill_setid_bits(struct inode *inode, struct iattr *attr)
{
	const umode_t sgid_exec = S_ISGID | S_IXGRP;
	unsigned int kill = attr->ia_valid & (ATTR_KILL_SUID | ATTR_KILL_SGID);
	umode_t drop = 0;

	if (!kill)
		return 0;
	if (WARN_ON(attr->ia_valid & ATTR_MODE))
		return -EINVAL;
	if ((kill & ATTR_KILL_SUID) && (inode->i_mode & S_ISUID))
		drop |= S_ISUID;
	if ((kill & ATTR_KILL_SGID) && (inode->i_mode & sgid_exec) == sgid_exec)
		drop |= S_ISGID;
	if (drop) {
		attr->ia_valid |= ATTR_MODE;
		attr->ia_mode = inode->i_mode & ~drop;
	}
	return 0;
}

int notify_change(struct dentry *dentry, struct iattr *attr, struct inode **delegated)
{
	struct inode *inode = dentry->d_inode;
	struct time_slot slot[3];
	struct timespec64 now;
	int i, err;

	WARN_ON(!rwsem_is_locked(&inode->i_rwsem));
	err = change_permitted(inode, attr->ia_valid);
	if (err)
		return err;

	/* ctime is always now; atime/mtime are now unless given explicitly. */
	now = current_time(inode);
	time_slots(inode, attr, slot);
	for (i = 0; i < 3; i++) {
		if (attr->ia_valid & slot[i].explicit)
			*slot[i].from = timestamp_truncate(*slot[i].from, inode);
		else
			*slot[i].from = now;
	}

	err = kill_setid_bits(inode, attr);
	if (err)
		return err;
	if (attr->ia_valid & ATTR_KILL_PRIV) {
		err = xattr_need_kill_priv(dentry);
		if (err < 0)
			return err;
		if (!err)
			attr->ia_valid &= ~ATTR_KILL_PRIV;
	}
	/* Only kill bits that found nothing to kill: no change at all. */
	if (!(attr->ia_valid & ~(ATTR_KILL_SUID | ATTR_KILL_SGID)))
		return 0;
	if (inode->i_op->setattr)
		err = inode->i_op->setattr(dentry, attr);
	else
		err = simple_setattr(dentry, attr);
	if (!err)
		fsnotify_change(dentry, attr->ia_valid);
	return err;
}
