// SPDX-License-Identifier: GPL-2.0-only
/*
 * POSIX capabilities (capabilities(7)): what a task may hold and how the
 * sets move.
 *
 * Interface:
 *   capget(2), capset(2)	read any task's sets, change one's own
 *   cap_task_prctl()		PR_CAPBSET_READ/DROP, PR_CAP_AMBIENT,
 *				PR_GET/SET_KEEPCAPS, PR_GET/SET_SECUREBITS
 *   cap_bprm_creds()		the sets a program starts with (fs/exec.c)
 * capable() and the uid-change rules live in kernel/cred.c and
 * kernel/setuid.c.
 *
 * Invariants kept here: effective and ambient are within permitted,
 * ambient is within inheritable, and every set only holds CAP_VALID_MASK.
 *
 * Locking: a task changes only its own credentials, through
 * prepare_creds()/commit_creds(), so nothing here takes a lock.  Another
 * task's credentials are read under rcu_read_lock() from its real_cred,
 * as the rest of the tree does.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/syscalls.h>
#include <linux/binfmts.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/xattr.h>
#include <asm/byteorder.h>
#include <uapi/linux/prctl.h>
#include <uapi/linux/securebits.h>
#include <asm/uaccess.h>

/* ------------------------------------------------------------ capget/capset */

/*
 * Check the header's version and say how many 32-bit data records it
 * implies.  An unknown version is answered with the one we prefer
 * written back into the header, and -EINVAL.
 */
static int cap_header_words(struct __user_cap_header_struct *header, int *words)
{
	u32 version;

	if (get_user(version, &header->version))
		return -EFAULT;
	switch (version) {
	case _LINUX_CAPABILITY_VERSION_1:
		*words = _LINUX_CAPABILITY_U32S_1;
		return 0;
	case _LINUX_CAPABILITY_VERSION_2:
	case _LINUX_CAPABILITY_VERSION_3:
		*words = _LINUX_CAPABILITY_U32S_3;
		return 0;
	}
	if (put_user((u32)_LINUX_CAPABILITY_VERSION_3, &header->version))
		return -EFAULT;
	return -EINVAL;
}

/*
 * capget: the effective, permitted and inheritable sets of the task the
 * header names (0: the caller).  A NULL data pointer only checks the
 * header - libraries probe the preferred version that way, so an
 * unknown version is not an error then.
 */
SYSCALL_DEFINE2(capget, struct __user_cap_header_struct *, header,
		struct __user_cap_data_struct *, dataptr)
{
	struct __user_cap_data_struct out[_LINUX_CAPABILITY_U32S_3];
	kernel_cap_t eff, prm, inh;
	int words, err, pid;

	err = cap_header_words(header, &words);
	if (!dataptr)
		return err == -EINVAL ? 0 : err;
	if (err)
		return err;
	if (get_user(pid, &header->pid))
		return -EFAULT;
	if (pid < 0)
		return -EINVAL;
	if (!pid || pid == task_pid_nr(current)) {
		const struct cred *cred = current_cred();

		eff = cred->cap_effective;
		prm = cred->cap_permitted;
		inh = cred->cap_inheritable;
	} else {
		const struct cred *cred;
		struct task_struct *task;

		rcu_read_lock();
		task = find_task_by_pid(pid);
		cred = task ? READ_ONCE(task->real_cred) : NULL;
		if (!cred) {
			rcu_read_unlock();
			return -ESRCH;
		}
		eff = cred->cap_effective;
		prm = cred->cap_permitted;
		inh = cred->cap_inheritable;
		rcu_read_unlock();
	}
	/* Record i carries capabilities 32*i to 32*i+31. */
	for (int i = 0; i < words; i++) {
		out[i].effective = eff.val >> (32 * i);
		out[i].permitted = prm.val >> (32 * i);
		out[i].inheritable = inh.val >> (32 * i);
	}
	if (copy_to_user(dataptr, out, words * sizeof(out[0])))
		return -EFAULT;
	return 0;
}

/*
 * Is the set change from old to the proposed sets allowed (capset(2))?
 * Permitted may only shrink, effective must stay within the new
 * permitted; inheritable may take from the old permitted set only with
 * CAP_SETPCAP, and never from outside the bounding set.
 */
static bool capset_allowed(const struct cred *old, kernel_cap_t eff, kernel_cap_t prm,
			   kernel_cap_t inh)
{
	u64 from_own = old->cap_inheritable.val | old->cap_permitted.val;
	u64 from_bset = old->cap_inheritable.val | old->cap_bset.val;

	if (!cap_issubset(prm, old->cap_permitted) || !cap_issubset(eff, prm))
		return false;
	if ((inh.val & ~from_own) && !capable(CAP_SETPCAP))
		return false;
	return !(inh.val & ~from_bset);
}

/*
 * capset: replace the caller's effective, permitted and inheritable sets.
 * Only the caller's own sets can change (pid 0 or its own id).  Version 1
 * data covers capabilities 0-31: the others become clear.  Ambient
 * capabilities no longer both permitted and inheritable are dropped.
 */
SYSCALL_DEFINE2(capset, struct __user_cap_header_struct *, header,
		const struct __user_cap_data_struct *, data)
{
	struct __user_cap_data_struct in[_LINUX_CAPABILITY_U32S_3];
	kernel_cap_t eff = CAP_EMPTY_SET, prm = CAP_EMPTY_SET, inh = CAP_EMPTY_SET;
	struct cred *new;
	int words, err, pid;

	err = cap_header_words(header, &words);
	if (err)
		return err;
	if (get_user(pid, &header->pid))
		return -EFAULT;
	if (pid && pid != task_pid_nr(current))
		return -EPERM;
	if (copy_from_user(in, data, words * sizeof(in[0])))
		return -EFAULT;
	for (int i = 0; i < words; i++) {
		eff.val |= (u64)in[i].effective << (32 * i);
		prm.val |= (u64)in[i].permitted << (32 * i);
		inh.val |= (u64)in[i].inheritable << (32 * i);
	}
	eff.val &= CAP_VALID_MASK;
	prm.val &= CAP_VALID_MASK;
	inh.val &= CAP_VALID_MASK;
	if (!capset_allowed(current_cred(), eff, prm, inh))
		return -EPERM;
	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	new->cap_effective = eff;
	new->cap_permitted = prm;
	new->cap_inheritable = inh;
	new->cap_ambient.val &= prm.val & inh.val;
	return commit_creds(new);
}

/* ------------------------------------------------------------ prctl */

static bool secure_bit(const struct cred *cred, unsigned int bit)
{
	return cred->securebits & issecure_mask(bit);
}

/*
 * PR_SET_SECUREBITS: needs CAP_SETPCAP; a locked switch cannot move, a
 * set lock cannot be cleared, and unknown bits are refused (all EPERM,
 * as Linux).
 */
static long cap_set_securebits(unsigned long bits)
{
	const struct cred *old = current_cred();
	unsigned int frozen = (old->securebits & SECURE_ALL_LOCKS) >> 1;
	struct cred *new;

	if (bits & ~(unsigned long)(SECURE_ALL_BITS | SECURE_ALL_LOCKS))
		return -EPERM;
	if ((old->securebits ^ bits) & frozen)
		return -EPERM;
	if (old->securebits & SECURE_ALL_LOCKS & ~bits)
		return -EPERM;
	if (!capable(CAP_SETPCAP))
		return -EPERM;
	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	new->securebits = bits;
	return commit_creds(new);
}

static long cap_set_keepcaps(unsigned long on)
{
	struct cred *new;

	if (on > 1)
		return -EINVAL;
	if (secure_bit(current_cred(), SECURE_KEEP_CAPS_LOCKED))
		return -EPERM;
	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	if (on)
		new->securebits |= SECBIT_KEEP_CAPS;
	else
		new->securebits &= ~SECBIT_KEEP_CAPS;
	return commit_creds(new);
}

/* PR_CAPBSET_DROP: out of the bounding set for good (CAP_SETPCAP). */
static long cap_bset_drop(unsigned long cap)
{
	struct cred *new;

	if (!capable(CAP_SETPCAP))
		return -EPERM;
	if (!cap_valid(cap))
		return -EINVAL;
	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	cap_lower(&new->cap_bset, cap);
	return commit_creds(new);
}

/*
 * PR_CAP_AMBIENT: a capability may be raised into the ambient set only
 * when it is both permitted and inheritable and SECBIT_NO_CAP_AMBIENT_RAISE
 * is clear; lowering and clearing are always allowed.  Unused arguments
 * must be zero.
 */
static long cap_ambient_ctl(unsigned long op, unsigned long cap, unsigned long arg4,
			    unsigned long arg5)
{
	const struct cred *old = current_cred();
	struct cred *new;

	if (op == PR_CAP_AMBIENT_CLEAR_ALL) {
		if (cap || arg4 || arg5)
			return -EINVAL;
	} else {
		if (!cap_valid(cap) || arg4 || arg5)
			return -EINVAL;
		if (op == PR_CAP_AMBIENT_IS_SET)
			return cap_raised(old->cap_ambient, cap);
		if (op != PR_CAP_AMBIENT_RAISE && op != PR_CAP_AMBIENT_LOWER)
			return -EINVAL;
		if (op == PR_CAP_AMBIENT_RAISE &&
		    (!cap_raised(old->cap_permitted, cap) || !cap_raised(old->cap_inheritable, cap) ||
		     secure_bit(old, SECURE_NO_CAP_AMBIENT_RAISE)))
			return -EPERM;
	}
	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	if (op == PR_CAP_AMBIENT_CLEAR_ALL)
		new->cap_ambient = CAP_EMPTY_SET;
	else if (op == PR_CAP_AMBIENT_RAISE)
		cap_raise(&new->cap_ambient, cap);
	else
		cap_lower(&new->cap_ambient, cap);
	return commit_creds(new);
}

long cap_task_prctl(int option, unsigned long arg2, unsigned long arg3,
		    unsigned long arg4, unsigned long arg5)
{
	const struct cred *cred = current_cred();

	switch (option) {
	case PR_CAPBSET_READ:
		if (!cap_valid(arg2))
			return -EINVAL;
		return cap_raised(cred->cap_bset, arg2);
	case PR_CAPBSET_DROP:
		return cap_bset_drop(arg2);
	case PR_CAP_AMBIENT:
		return cap_ambient_ctl(arg2, arg3, arg4, arg5);
	case PR_GET_KEEPCAPS:
		return secure_bit(cred, SECURE_KEEP_CAPS);
	case PR_SET_KEEPCAPS:
		return cap_set_keepcaps(arg2);
	case PR_GET_SECUREBITS:
		return cred->securebits;
	case PR_SET_SECUREBITS:
		return cap_set_securebits(arg2);
	}
	return -EINVAL;
}

/* ------------------------------------------------------------ exec */

/* What a program file contributes (the F sets of capabilities(7)). */
struct file_caps {
	kernel_cap_t permitted;
	kernel_cap_t inheritable;
	bool effective;		/* raise the new permitted set into effective */
	bool present;		/* the file has capabilities: it is privileged */
};

/*
 * The capabilities a program file carries in its security.capability
 * attribute (<uapi/linux/capability.h> has the layout).  None on a nosuid
 * mount, none when the attribute is absent or the file system keeps no
 * attributes, none for a revision 3 value whose root id is not 0 (it
 * belongs to another user namespace, and we have only the first).  A
 * value of the wrong size or an unknown revision is -EINVAL: the exec
 * fails, as on Linux.
 */
static int cap_read_file_caps(struct file *file, struct file_caps *fc)
{
	struct vfs_ns_cap_data raw;
	ssize_t len;
	u32 magic;
	int words;

	if (file->f_path.mnt && (file->f_path.mnt->mnt_flags & MNT_NOSUID))
		return 0;
	len = vfs_getxattr(file->f_path.dentry, XATTR_NAME_CAPS, &raw, sizeof(raw));
	if (len == -ENODATA || len == -EOPNOTSUPP)
		return 0;
	if (len == -ERANGE)
		return -EINVAL;
	if (len < 0)
		return len;
	if (len < (ssize_t)sizeof(raw.magic_etc))
		return -EINVAL;
	magic = le32_to_cpu(raw.magic_etc);
	switch (magic & VFS_CAP_REVISION_MASK) {
	case VFS_CAP_REVISION_1:
		if (len != XATTR_CAPS_SZ_1)
			return -EINVAL;
		words = VFS_CAP_U32_1;
		break;
	case VFS_CAP_REVISION_2:
		if (len != XATTR_CAPS_SZ_2)
			return -EINVAL;
		words = VFS_CAP_U32_2;
		break;
	case VFS_CAP_REVISION_3:
		if (len != XATTR_CAPS_SZ_3)
			return -EINVAL;
		if (le32_to_cpu(raw.rootid) != GLOBAL_ROOT_UID)
			return 0;
		words = VFS_CAP_U32_3;
		break;
	default:
		return -EINVAL;
	}
	for (int i = 0; i < words; i++) {
		fc->permitted.val |= (u64)le32_to_cpu(raw.data[i].permitted) << (32 * i);
		fc->inheritable.val |= (u64)le32_to_cpu(raw.data[i].inheritable) << (32 * i);
	}
	fc->permitted.val &= CAP_VALID_MASK;
	fc->inheritable.val &= CAP_VALID_MASK;
	fc->effective = magic & VFS_CAP_FLAGS_EFFECTIVE;
	fc->present = true;
	return 0;
}

/*
 * The privileges uid 0 gets at exec, unless SECBIT_NOROOT: a program run
 * with real or effective uid 0 acts as if its file allowed every
 * capability, and with effective uid 0 as if its effective bit were set.
 * A set-user-ID-root file with capabilities of its own run by someone
 * else gets only those (a root user running it still gets everything).
 */
static void cap_root_privileges(const struct cred *new, struct file_caps *fc)
{
	if (new->securebits & SECBIT_NOROOT)
		return;
	if (fc->present && !new->euid && new->uid)
		return;
	if (!new->uid || !new->euid) {
		fc->permitted = CAP_FULL_SET;
		fc->inheritable = CAP_FULL_SET;
	}
	if (!new->euid)
		fc->effective = true;
}

/*
 * The transformation of capabilities(7), with P the caller's sets and F
 * the file's:
 *   P'(ambient)     = file privileged (set-id or capabilities) ? 0 : P(ambient)
 *   P'(permitted)   = (P(inheritable) & F(inheritable)) |
 *                     (F(permitted) & P(bounding)) | P'(ambient)
 *   P'(effective)   = F(effective) ? P'(permitted) : P'(ambient)
 *   P'(inheritable), P'(bounding) unchanged
 * Under no_new_privs the permitted set cannot grow.  SECBIT_KEEP_CAPS is
 * cleared.  AT_SECURE is set for a set-id program, and for a non-root
 * caller that gains capabilities beyond its ambient ones.
 *
 * A file whose effective bit is set expects every capability it lists as
 * permitted: if the bounding set keeps one from it, the exec fails with
 * EPERM rather than start a program that cannot check what it lacks
 * (capabilities(7), "safety checking for capability-dumb binaries").
 */
int cap_bprm_creds(struct linux_binprm *bprm, const struct cred *old)
{
	struct cred *new = bprm->cred;
	struct file_caps fc = { CAP_EMPTY_SET, CAP_EMPTY_SET, false, false };
	bool setid = new->euid != old->uid || new->egid != old->gid;
	int err;

	err = cap_read_file_caps(bprm->file, &fc);
	if (err)
		return err;
	if (fc.effective) {
		u64 granted = (old->cap_inheritable.val & fc.inheritable.val) |
			      (old->cap_bset.val & fc.permitted.val);

		if (fc.permitted.val & ~granted)
			return -EPERM;
	}
	cap_root_privileges(new, &fc);
	new->cap_permitted.val = (old->cap_inheritable.val & fc.inheritable.val) |
				 (old->cap_bset.val & fc.permitted.val);
	if (current->no_new_privs)
		new->cap_permitted.val &= old->cap_permitted.val;
	if (fc.present || setid)
		new->cap_ambient = CAP_EMPTY_SET;
	new->cap_permitted.val |= new->cap_ambient.val;
	new->cap_effective = fc.effective ? new->cap_permitted : new->cap_ambient;
	new->securebits &= ~SECBIT_KEEP_CAPS;
	bprm->secureexec = setid ||
		(new->uid && (fc.effective ||
			      !cap_issubset(new->cap_permitted, new->cap_ambient)));
	return 0;
}
