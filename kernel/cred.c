// SPDX-License-Identifier: GPL-2.0-only
/*
 * Task credentials (<linux/cred.h>): the boot credentials (root with
 * every capability), copy-on-write changes (prepare_creds() /
 * commit_creds()), temporary overrides, supplementary groups, and the
 * capability checks the VFS makes.
 *
 * Interface: current_cred(), capable(), in_group_p(), prepare_creds(),
 * commit_creds() (which also makes the process not dumpable when its
 * effective identity changes, as Linux), override_creds()/revert_creds().
 *
 * Locking: credentials are immutable once installed, so readers need no
 * lock; only the owning task replaces its pointers.  References are
 * atomic counts.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/sched/coredump.h>

struct group_info init_groups = { .usage = ATOMIC_INIT(2), .ngroups = 0 };

struct cred init_cred = {
	.usage = ATOMIC_INIT(4),
	.uid = GLOBAL_ROOT_UID, .gid = GLOBAL_ROOT_GID,
	.suid = GLOBAL_ROOT_UID, .sgid = GLOBAL_ROOT_GID,
	.euid = GLOBAL_ROOT_UID, .egid = GLOBAL_ROOT_GID,
	.fsuid = GLOBAL_ROOT_UID, .fsgid = GLOBAL_ROOT_GID,
	.cap_effective = CAP_FULL_SET,
	.cap_permitted = CAP_FULL_SET,
	.cap_inheritable = CAP_EMPTY_SET,
	.cap_bset = CAP_FULL_SET,
	.cap_ambient = CAP_EMPTY_SET,
	.securebits = 0,
	.group_info = &init_groups,
};

const struct cred *current_cred(void)
{
	return current->cred;
}

void put_group_info(struct group_info *gi)
{
	if (gi && atomic_dec_and_test(&gi->usage))
		kfree(gi);
}

static void free_cred_rcu(struct rcu_head *head)
{
	struct cred *cred = container_of(head, struct cred, rcu);

	put_group_info(cred->group_info);
	kfree(cred);
}

void __put_cred(struct cred *cred)
{
	if (WARN_ON(cred == &init_cred))
		return;
	call_rcu(&cred->rcu, free_cred_rcu);
}

static struct cred *dup_cred(const struct cred *old)
{
	struct cred *new = kmalloc(sizeof(*new), GFP_KERNEL);

	if (!new)
		return NULL;
	*new = *old;
	atomic_set(&new->usage, 1);
	atomic_inc(&new->group_info->usage);
	return new;
}

struct cred *prepare_creds(void)
{
	return dup_cred(current->cred);
}

struct cred *prepare_kernel_cred(void)
{
	return dup_cred(&init_cred);
}

/*
 * Does the change from old to new make the process unfit for inspection
 * by its (new) owner?  Any move of the effective or file-system ids, or
 * permitted capabilities it did not hold: memory filled under the old
 * identity may hold what the new one must not see.
 */
static bool creds_change_dumpable(const struct cred *old, const struct cred *new)
{
	if (old->euid != new->euid || old->egid != new->egid)
		return true;
	if (old->fsuid != new->fsuid || old->fsgid != new->fsgid)
		return true;
	return (new->cap_permitted.val & ~old->cap_permitted.val) != 0;
}

int commit_creds(struct cred *new)
{
	struct task_struct *task = current;
	const struct cred *old = task->real_cred;

	WARN_ON(task->cred != old);
	/* exec sets the state afresh once its new credentials are in. */
	if (task->mm && creds_change_dumpable(old, new))
		set_dumpable(task->mm, READ_ONCE(suid_dumpable));
	get_cred(new);		/* one for each of real_cred and cred */
	task->real_cred = new;
	task->cred = new;
	put_cred(old);
	put_cred(old);
	return 0;
}

void abort_creds(struct cred *new)
{
	put_cred(new);
}

const struct cred *override_creds(const struct cred *new)
{
	const struct cred *old = current->cred;

	current->cred = get_cred(new);
	return old;
}

void revert_creds(const struct cred *old)
{
	const struct cred *override = current->cred;

	current->cred = old;
	put_cred(override);
}

int copy_creds(struct task_struct *p, unsigned long clone_flags)
{
	p->real_cred = get_cred(current->real_cred);
	p->cred = get_cred(current->cred);
	return 0;
}

void exit_creds(struct task_struct *p)
{
	const struct cred *real = p->real_cred, *cred = p->cred;

	p->real_cred = NULL;
	p->cred = NULL;
	put_cred(real);
	put_cred(cred);
}

/* ------------------------------------------------------------ groups */

struct group_info *groups_alloc(int ngroups)
{
	struct group_info *gi = kmalloc(sizeof(*gi) + ngroups * sizeof(gid_t), GFP_KERNEL);

	if (!gi)
		return NULL;
	atomic_set(&gi->usage, 1);
	gi->ngroups = ngroups;
	return gi;
}

static int gid_cmp(const void *a, const void *b)
{
	gid_t x = *(const gid_t *)a, y = *(const gid_t *)b;

	return x < y ? -1 : x > y;
}

void set_groups(struct cred *new, struct group_info *gi)
{
	sort(gi->gid, gi->ngroups, sizeof(gid_t), gid_cmp, NULL);
	atomic_inc(&gi->usage);
	put_group_info(new->group_info);
	new->group_info = gi;
}

bool groups_search(const struct group_info *gi, gid_t gid)
{
	int lo = 0, hi;

	if (!gi)
		return false;
	hi = gi->ngroups;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;

		if (gi->gid[mid] == gid)
			return true;
		if (gi->gid[mid] < gid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

bool in_group_p(gid_t gid)
{
	const struct cred *cred = current_cred();

	return cred->fsgid == gid || groups_search(cred->group_info, gid);
}

/* ------------------------------------------------------------ capabilities */

bool capable(int cap)
{
	if (WARN_ON(cap < 0 || cap > CAP_LAST_CAP))
		return false;
	return cap_raised(current_cred()->cap_effective, cap);
}

/*
 * With one user namespace, "privileged with respect to the inode" is
 * simply holding the capability.
 */
bool capable_wrt_inode_uidgid(const struct inode *inode, int cap)
{
	return capable(cap);
}

bool inode_owner_or_capable(const struct inode *inode)
{
	if (current_fsuid() == inode->i_uid)
		return true;
	return capable_wrt_inode_uidgid(inode, CAP_FOWNER);
}
