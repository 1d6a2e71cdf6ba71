// SPDX-License-Identifier: GPL-2.0-only
/*
 * System V IPC: what shared memory, semaphores and message queues have in
 * common (sysvipc(7)).  Each type keeps its objects in a struct ipc_ids;
 * an object is found by key (the *get() calls) or by id (the rest).
 *
 * Interface (ipc/util.h): ipc_get() runs the key rules of shmget/semget/
 * msgget; ipc_add()/ipc_remove() put an object in its table and take it
 * out; ipc_find() turns an id into the object, ipc_find_slot() a slot
 * number (the *_STAT commands); ipc_permitted() and ipc_may_modify() are
 * the access checks; ipc_perm_to_user()/ipc_perm_from_user() convert the
 * permission record for *ctl().
 *
 * Ids: slot + IPC_SEQ_MULT * seq, where seq is the table's counter at
 * the time the object was made.  A stale id names a slot whose object has
 * another seq, so ipc_find() refuses it (EINVAL) rather than reaching the
 * newcomer.
 *
 * Locking: ids->lock (a mutex) around every call here, taken by the
 * caller; nothing here sleeps but the slot array's growth.  There is one
 * table per type for the whole system: IPC namespaces do not exist.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/timekeeping.h>
#include <linux/init.h>
#include <linux/proc_fs.h>
#include "util.h"

/* Slots added at a time when a table grows. */
#define IPC_SLOTS_STEP	64

long ipc_now(void)
{
	return (long)(ktime_get_real_ns() / NSEC_PER_SEC);
}

/* Make room for slot idx; 0 or -ENOMEM. */
static int ipc_grow(struct ipc_ids *ids, int idx)
{
	int want = min(round_up(idx + 1, IPC_SLOTS_STEP), IPC_SEQ_MULT);
	struct kern_ipc_perm **bigger;

	if (idx < ids->nr_slots)
		return 0;
	bigger = krealloc(ids->slots, want * sizeof(*bigger), GFP_KERNEL);
	if (!bigger)
		return -ENOMEM;
	memset(bigger + ids->nr_slots, 0, (want - ids->nr_slots) * sizeof(*bigger));
	ids->slots = bigger;
	ids->nr_slots = want;
	return 0;
}

/**
 * ipc_add() - give a new object a slot and an id
 * @ids: its table (lock held)
 * @perm: the object's permission record, filled in here
 * @key: its key (IPC_PRIVATE or a user key)
 * @mode: the creator's flags; the low nine bits become the permissions
 * @limit: the most objects the table may hold (kernel.shmmni ...)
 *
 * The caller's effective ids become owner and creator.
 * Return: the id, -ENOSPC at the limit, -ENOMEM.
 */
int ipc_add(struct ipc_ids *ids, struct kern_ipc_perm *perm, int key, int mode, int limit)
{
	const struct cred *cred = current_cred();
	int idx, err;

	if (ids->in_use >= limit)
		return -ENOSPC;
	for (idx = 0; idx < ids->nr_slots && ids->slots[idx]; idx++)
		;
	if (idx >= limit || idx >= IPC_SEQ_MULT)
		return -ENOSPC;
	err = ipc_grow(ids, idx);
	if (err)
		return err;
	perm->key = key;
	perm->uid = perm->cuid = cred->euid;
	perm->gid = perm->cgid = cred->egid;
	perm->mode = mode & 0777;
	perm->seq = ids->seq;
	ids->seq = ids->seq >= IPC_SEQ_MAX ? 0 : ids->seq + 1;
	perm->id = perm->seq * IPC_SEQ_MULT + idx;
	ids->slots[idx] = perm;
	ids->in_use++;
	ids->max_idx = max(ids->max_idx, idx + 1);
	return perm->id;
}

void ipc_remove(struct ipc_ids *ids, struct kern_ipc_perm *perm)
{
	int idx = perm->id % IPC_SEQ_MULT;

	if (WARN_ON(ids->slots[idx] != perm))
		return;
	ids->slots[idx] = NULL;
	ids->in_use--;
	while (ids->max_idx > 0 && !ids->slots[ids->max_idx - 1])
		ids->max_idx--;
}

struct kern_ipc_perm *ipc_find_slot(struct ipc_ids *ids, int idx)
{
	if (idx < 0 || idx >= ids->max_idx)
		return NULL;
	return ids->slots[idx];
}

/* The object id names, or NULL if there is none or the id is stale. */
struct kern_ipc_perm *ipc_find(struct ipc_ids *ids, int id)
{
	struct kern_ipc_perm *perm;

	if (id < 0)
		return NULL;
	perm = ipc_find_slot(ids, id % IPC_SEQ_MULT);
	return perm && perm->id == id ? perm : NULL;
}

static struct kern_ipc_perm *ipc_find_key(struct ipc_ids *ids, int key)
{
	for (int idx = 0; idx < ids->max_idx; idx++)
		if (ids->slots[idx] && ids->slots[idx]->key == key)
			return ids->slots[idx];
	return NULL;
}

/**
 * ipc_permitted() - may the caller use an object this way?
 * @perm: the object
 * @want: the access wanted, as permission bits (0444 read, 0222 write,
 *        0666 both); only which of r/w/x appear in any class matters
 *
 * The owner or creator is judged by the user bits, a member of the owner
 * or creator group by the group bits, anyone else by the other bits.
 * CAP_IPC_OWNER overrides.  Return: 0 or -EACCES.
 */
int ipc_permitted(const struct kern_ipc_perm *perm, int want)
{
	const struct cred *cred = current_cred();
	unsigned int rwx = (want | want >> 3 | want >> 6) & 7, have;

	if (cred->euid == perm->uid || cred->euid == perm->cuid)
		have = perm->mode >> 6;
	else if (in_group_p(perm->gid) || in_group_p(perm->cgid))
		have = perm->mode >> 3;
	else
		have = perm->mode;
	if ((rwx & ~have & 7) && !capable(CAP_IPC_OWNER))
		return -EACCES;
	return 0;
}

/* IPC_SET and IPC_RMID: the owner, the creator or CAP_SYS_ADMIN. */
bool ipc_may_modify(const struct kern_ipc_perm *perm)
{
	uid_t euid = current_euid();

	return euid == perm->uid || euid == perm->cuid || capable(CAP_SYS_ADMIN);
}

/**
 * ipc_get() - the key rules of the *get() calls
 * @ids: the table (lock held)
 * @key: IPC_PRIVATE or a user key
 * @flag: IPC_CREAT, IPC_EXCL and the permission bits
 * @create: makes and adds a new object
 * @check: further condition on an object found by key, or NULL
 * @arg: passed to both
 *
 * Return: an id, or -ENOENT (no such key, no IPC_CREAT), -EEXIST
 * (IPC_CREAT|IPC_EXCL on a known key), -EACCES, or what the callbacks say.
 */
int ipc_get(struct ipc_ids *ids, int key, int flag, ipc_new_fn create, ipc_check_fn check,
	    void *arg)
{
	struct kern_ipc_perm *perm;
	int err;

	if (key == IPC_PRIVATE)
		return create(ids, key, flag, arg);
	perm = ipc_find_key(ids, key);
	if (!perm)
		return (flag & IPC_CREAT) ? create(ids, key, flag, arg) : -ENOENT;
	if ((flag & IPC_CREAT) && (flag & IPC_EXCL))
		return -EEXIST;
	err = ipc_permitted(perm, flag & 0777);
	if (!err && check)
		err = check(perm, arg);
	return err ? err : perm->id;
}

void ipc_perm_to_user(const struct kern_ipc_perm *perm, struct ipc64_perm *out)
{
	memset(out, 0, sizeof(*out));
	out->key = perm->key;
	out->uid = perm->uid;
	out->gid = perm->gid;
	out->cuid = perm->cuid;
	out->cgid = perm->cgid;
	out->mode = perm->mode;
	out->seq = perm->seq;
}

/* IPC_SET: the new owner and permission bits; the state bits stay. */
void ipc_perm_from_user(struct kern_ipc_perm *perm, const struct ipc64_perm *in)
{
	perm->uid = in->uid;
	perm->gid = in->gid;
	perm->mode = (perm->mode & ~0777) | (in->mode & 0777);
}

/*
 * x86_64 has only the 64-bit structures; callers may still or IPC_64 into
 * the command (glibc and musl differ), so it is accepted and dropped.
 */
int ipc_strip_version(int cmd)
{
	return cmd & ~IPC_64;
}

/* /proc/sysvipc/ and each type's tables and sysctls. */
static int __init ipc_init(void)
{
	struct proc_dir_entry *dir = proc_mkdir("sysvipc", NULL);

	if (!dir)
		pr_warn("ipc: cannot create /proc/sysvipc\n");
	shm_init(dir);
	sem_init(dir);
	msg_init(dir);
	return 0;
}
late_initcall(ipc_init);
