// SPDX-License-Identifier: GPL-2.0-only
/*
 * The user and group id system calls: get[e]uid/get[e]gid, setuid,
 * setgid, setreuid, setregid, setresuid, setresgid, getresuid,
 * getresgid, setfsuid, setfsgid (supplementary groups: kernel/groups.c).
 *
 * Each change follows the credential rules of <linux/cred.h>: copy
 * (prepare_creds()), edit, check, install (commit_creds()).  The
 * permission rules are Linux's: with CAP_SETUID (CAP_SETGID) any id goes;
 * without it an id may only be set to one of the current real, effective
 * or saved ids (the details differ per call and are noted there).
 *
 * Capabilities follow uid changes as capabilities(7) says, unless
 * SECBIT_NO_SETUID_FIXUP is set: when none of the real, effective and
 * saved uids is 0 any more but one was, the ambient set is cleared and so
 * are permitted and effective (permitted survives with SECBIT_KEEP_CAPS);
 * an effective uid moving away from 0 clears the effective set, moving to
 * 0 restores it from the permitted set.  setfsuid alone instead clears or
 * restores the file-system capabilities in the effective set when the
 * fsuid leaves or returns to 0.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/syscalls.h>
#include <uapi/linux/securebits.h>
#include <asm/uaccess.h>

#define INVALID_ID	((unsigned int)-1)

/* Linux's CAP_FS_MASK: what a file-system uid of 0 is worth. */
#define CAP_FS_MASK	((1ULL << CAP_CHOWN) | (1ULL << CAP_DAC_OVERRIDE) |		\
			 (1ULL << CAP_DAC_READ_SEARCH) | (1ULL << CAP_FOWNER) |		\
			 (1ULL << CAP_FSETID) | (1ULL << CAP_LINUX_IMMUTABLE) |		\
			 (1ULL << CAP_MAC_OVERRIDE))

/* Which ids a call changed, for the capability rules. */
enum id_change {
	CHANGE_GIDS,		/* no effect on capabilities */
	CHANGE_UIDS,		/* real, effective, saved (and fs following) */
	CHANGE_FSUID,		/* setfsuid */
};

static bool any_root(const struct cred *c)
{
	return !c->uid || !c->euid || !c->suid;
}

static void fix_caps_after_setuid(struct cred *new, const struct cred *old)
{
	if (any_root(old) && !any_root(new)) {
		if (!(new->securebits & SECBIT_KEEP_CAPS)) {
			new->cap_permitted = CAP_EMPTY_SET;
			new->cap_effective = CAP_EMPTY_SET;
		}
		/* Programs written before ambient sets expect exec to drop all. */
		new->cap_ambient = CAP_EMPTY_SET;
	}
	if (!old->euid && new->euid)
		new->cap_effective = CAP_EMPTY_SET;
	if (old->euid && !new->euid)
		new->cap_effective = new->cap_permitted;
}

static void fix_caps_after_setfsuid(struct cred *new, const struct cred *old)
{
	if (!old->fsuid && new->fsuid)
		new->cap_effective.val &= ~CAP_FS_MASK;
	else if (old->fsuid && !new->fsuid)
		new->cap_effective.val |= new->cap_permitted.val & CAP_FS_MASK;
}

/* Install new (uid calls also adjust capabilities); consumes new. */
static long commit_ids(struct cred *new, enum id_change what)
{
	const struct cred *old = current_cred();

	if (!(old->securebits & SECBIT_NO_SETUID_FIXUP)) {
		if (what == CHANGE_UIDS)
			fix_caps_after_setuid(new, old);
		else if (what == CHANGE_FSUID)
			fix_caps_after_setfsuid(new, old);
	}
	return commit_creds(new);
}

static bool id_is(unsigned int id, unsigned int a, unsigned int b, unsigned int c)
{
	return id == a || id == b || id == c;
}

SYSCALL_DEFINE0(getuid)
{
	return current_cred()->uid;
}

SYSCALL_DEFINE0(geteuid)
{
	return current_cred()->euid;
}

SYSCALL_DEFINE0(getgid)
{
	return current_cred()->gid;
}

SYSCALL_DEFINE0(getegid)
{
	return current_cred()->egid;
}

/*
 * setuid: privileged, all four ids; otherwise the effective (and fs) id,
 * to the real or saved one.
 */
SYSCALL_DEFINE1(setuid, uid_t, uid)
{
	const struct cred *old = current_cred();
	struct cred *new;

	if (uid == INVALID_ID)
		return -EINVAL;
	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	if (capable(CAP_SETUID)) {
		new->uid = new->suid = uid;
	} else if (uid != old->uid && uid != old->suid) {
		abort_creds(new);
		return -EPERM;
	}
	new->euid = new->fsuid = uid;
	return commit_ids(new, CHANGE_UIDS);
}

SYSCALL_DEFINE1(setgid, gid_t, gid)
{
	const struct cred *old = current_cred();
	struct cred *new;

	if (gid == INVALID_ID)
		return -EINVAL;
	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	if (capable(CAP_SETGID)) {
		new->gid = new->sgid = gid;
	} else if (gid != old->gid && gid != old->sgid) {
		abort_creds(new);
		return -EPERM;
	}
	new->egid = new->fsgid = gid;
	return commit_ids(new, CHANGE_GIDS);
}

/*
 * setreuid: the real id may become the old real or effective one, the
 * effective id any of real, effective, saved.  If the real id is set, or
 * the effective one to something other than the old real id, the saved id
 * follows the new effective id.
 */
SYSCALL_DEFINE2(setreuid, uid_t, ruid, uid_t, euid)
{
	const struct cred *old = current_cred();
	bool priv = capable(CAP_SETUID);
	struct cred *new;

	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	if (ruid != INVALID_ID) {
		if (!priv && ruid != old->uid && ruid != old->euid)
			goto eperm;
		new->uid = ruid;
	}
	if (euid != INVALID_ID) {
		if (!priv && !id_is(euid, old->uid, old->euid, old->suid))
			goto eperm;
		new->euid = euid;
	}
	if (ruid != INVALID_ID || (euid != INVALID_ID && euid != old->uid))
		new->suid = new->euid;
	new->fsuid = new->euid;
	return commit_ids(new, CHANGE_UIDS);
eperm:
	abort_creds(new);
	return -EPERM;
}

SYSCALL_DEFINE2(setregid, gid_t, rgid, gid_t, egid)
{
	const struct cred *old = current_cred();
	bool priv = capable(CAP_SETGID);
	struct cred *new;

	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	if (rgid != INVALID_ID) {
		if (!priv && rgid != old->gid && rgid != old->egid)
			goto eperm;
		new->gid = rgid;
	}
	if (egid != INVALID_ID) {
		if (!priv && !id_is(egid, old->gid, old->egid, old->sgid))
			goto eperm;
		new->egid = egid;
	}
	if (rgid != INVALID_ID || (egid != INVALID_ID && egid != old->gid))
		new->sgid = new->egid;
	new->fsgid = new->egid;
	return commit_ids(new, CHANGE_GIDS);
eperm:
	abort_creds(new);
	return -EPERM;
}

/* setresuid: each given id must be one of the old three unless privileged. */
SYSCALL_DEFINE3(setresuid, uid_t, ruid, uid_t, euid, uid_t, suid)
{
	const struct cred *old = current_cred();
	struct cred *new;

	if (!capable(CAP_SETUID)) {
		if (ruid != INVALID_ID && !id_is(ruid, old->uid, old->euid, old->suid))
			return -EPERM;
		if (euid != INVALID_ID && !id_is(euid, old->uid, old->euid, old->suid))
			return -EPERM;
		if (suid != INVALID_ID && !id_is(suid, old->uid, old->euid, old->suid))
			return -EPERM;
	}
	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	if (ruid != INVALID_ID)
		new->uid = ruid;
	if (euid != INVALID_ID)
		new->euid = euid;
	if (suid != INVALID_ID)
		new->suid = suid;
	new->fsuid = new->euid;
	return commit_ids(new, CHANGE_UIDS);
}

SYSCALL_DEFINE3(setresgid, gid_t, rgid, gid_t, egid, gid_t, sgid)
{
	const struct cred *old = current_cred();
	struct cred *new;

	if (!capable(CAP_SETGID)) {
		if (rgid != INVALID_ID && !id_is(rgid, old->gid, old->egid, old->sgid))
			return -EPERM;
		if (egid != INVALID_ID && !id_is(egid, old->gid, old->egid, old->sgid))
			return -EPERM;
		if (sgid != INVALID_ID && !id_is(sgid, old->gid, old->egid, old->sgid))
			return -EPERM;
	}
	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	if (rgid != INVALID_ID)
		new->gid = rgid;
	if (egid != INVALID_ID)
		new->egid = egid;
	if (sgid != INVALID_ID)
		new->sgid = sgid;
	new->fsgid = new->egid;
	return commit_ids(new, CHANGE_GIDS);
}

SYSCALL_DEFINE3(getresuid, uid_t *, ruidp, uid_t *, euidp, uid_t *, suidp)
{
	const struct cred *cred = current_cred();

	if (put_user(cred->uid, ruidp) || put_user(cred->euid, euidp) ||
	    put_user(cred->suid, suidp))
		return -EFAULT;
	return 0;
}

SYSCALL_DEFINE3(getresgid, gid_t *, rgidp, gid_t *, egidp, gid_t *, sgidp)
{
	const struct cred *cred = current_cred();

	if (put_user(cred->gid, rgidp) || put_user(cred->egid, egidp) ||
	    put_user(cred->sgid, sgidp))
		return -EFAULT;
	return 0;
}

/*
 * setfsuid: to any of real, effective, saved or current fs id (or any
 * with CAP_SETUID).  Always returns the old fs id; failure is silent.
 */
SYSCALL_DEFINE1(setfsuid, uid_t, uid)
{
	const struct cred *old = current_cred();
	uid_t old_fsuid = old->fsuid;
	struct cred *new;

	if (uid == INVALID_ID || uid == old_fsuid)
		return old_fsuid;
	if (!id_is(uid, old->uid, old->euid, old->suid) && !capable(CAP_SETUID))
		return old_fsuid;
	new = prepare_creds();
	if (!new)
		return old_fsuid;
	new->fsuid = uid;
	commit_ids(new, CHANGE_FSUID);
	return old_fsuid;
}

SYSCALL_DEFINE1(setfsgid, gid_t, gid)
{
	const struct cred *old = current_cred();
	gid_t old_fsgid = old->fsgid;
	struct cred *new;

	if (gid == INVALID_ID || gid == old_fsgid)
		return old_fsgid;
	if (!id_is(gid, old->gid, old->egid, old->sgid) && !capable(CAP_SETGID))
		return old_fsgid;
	new = prepare_creds();
	if (!new)
		return old_fsgid;
	new->fsgid = gid;
	commit_ids(new, CHANGE_GIDS);
	return old_fsgid;
}
