/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System V IPC internals shared by ipc/shm.c (and later sem.c, msg.c):
 * the id table of one object type and the permission record every object
 * starts with.  See ipc/util.c for the id scheme and the locking.
 */
#ifndef _IPC_UTIL_H
#define _IPC_UTIL_H

#include <linux/types.h>
#include <linux/mutex.h>
#include <uapi/linux/ipc.h>

/*
 * Ids are seq * IPC_SEQ_MULT + slot: a slot's sequence number moves on
 * each time it is reused, so an id held after its object went does not
 * name the next object in that slot.  IPC_SEQ_MULT is also the most
 * objects of one type (the ceiling of kernel.shmmni and friends), as on
 * Linux.
 */
#define IPC_SEQ_MULT	32768
#define IPC_SEQ_MAX	(INT_MAX / IPC_SEQ_MULT)

/* The start of every object; all fields guarded by its table's lock. */
struct kern_ipc_perm {
	int key;
	uid_t uid, gid;		/* owner, changed by IPC_SET */
	uid_t cuid, cgid;	/* creator */
	unsigned int mode;	/* permission bits and per-type state bits */
	unsigned short seq;
	int id;
};

/*
 * One object type's table.  lock (a mutex: allocations sleep under it)
 * guards the slots, the counters and every object in the table; an object
 * leaves the table before it is freed.  mmap_lock may be held when it is
 * taken (VMA hooks), so nobody touches user memory while holding it.
 */
struct ipc_ids {
	struct mutex lock;
	struct kern_ipc_perm **slots;	/* nr_slots entries, NULL = free */
	int nr_slots;
	int in_use;			/* objects in the table */
	int max_idx;			/* one past the highest used slot */
	unsigned short seq;		/* next sequence number */
};

#define IPC_IDS_INIT(name) { .lock = __MUTEX_INITIALIZER(name.lock) }

/* Creation callback of ipc_get(): make an object for key, add it (ipc_add()), return its id. */
typedef int (*ipc_new_fn)(struct ipc_ids *ids, int key, int flag, void *arg);
/* Extra check on an existing object found by key (shm: the size); 0 or -errno. */
typedef int (*ipc_check_fn)(struct kern_ipc_perm *perm, void *arg);

int ipc_get(struct ipc_ids *ids, int key, int flag, ipc_new_fn create, ipc_check_fn check,
	    void *arg);
int ipc_add(struct ipc_ids *ids, struct kern_ipc_perm *perm, int key, int mode, int limit);
void ipc_remove(struct ipc_ids *ids, struct kern_ipc_perm *perm);
struct kern_ipc_perm *ipc_find(struct ipc_ids *ids, int id);
struct kern_ipc_perm *ipc_find_slot(struct ipc_ids *ids, int idx);
int ipc_permitted(const struct kern_ipc_perm *perm, int want);
bool ipc_may_modify(const struct kern_ipc_perm *perm);
void ipc_perm_to_user(const struct kern_ipc_perm *perm, struct ipc64_perm *out);
void ipc_perm_from_user(struct kern_ipc_perm *perm, const struct ipc64_perm *in);
int ipc_strip_version(int cmd);
long ipc_now(void);

struct proc_dir_entry;
void shm_init(struct proc_dir_entry *dir);
void sem_init(struct proc_dir_entry *dir);
void msg_init(struct proc_dir_entry *dir);

#endif /* _IPC_UTIL_H */
