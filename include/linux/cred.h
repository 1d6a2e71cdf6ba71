/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Credentials: who a task acts as (kernel/cred.c).
 *
 * A struct cred is immutable once published: to change identity, copy
 * the current one with prepare_creds(), edit the copy, and install it
 * with commit_creds().  A task has two pointers:
 *   real_cred  the objective identity others see (signals, /proc)
 *   cred       the subjective one used for its own access checks; equal
 *              to real_cred except inside override_creds() (faccessat
 *              checks with the real ids, kernel code acting for someone)
 * Both are read by the task itself without locking; another task must
 * take a reference (get_task_cred-style) once setuid exists.
 *
 * Lifetime: usage counts references; put_cred() frees at zero.
 */
#ifndef _LINUX_CRED_H
#define _LINUX_CRED_H

#include <linux/types.h>
#include <linux/capability.h>
#include <linux/rcupdate.h>
#include <asm/atomic.h>

/* Supplementary groups, sorted ascending; shared by reference. */
struct group_info {
	atomic_t usage;
	int ngroups;
	gid_t gid[];
};

struct cred {
	atomic_t usage;
	uid_t uid, gid;		/* real */
	uid_t suid, sgid;	/* saved */
	uid_t euid, egid;	/* effective */
	uid_t fsuid, fsgid;	/* for file-system access checks */
	/*
	 * Capability sets (capabilities(7)); kernel/capability.c keeps
	 * ambient within permitted & inheritable.  All of them, and
	 * securebits, are copied on fork; exec transforms them.
	 */
	kernel_cap_t cap_effective;	/* what capable() checks */
	kernel_cap_t cap_permitted;	/* the most effective may hold */
	kernel_cap_t cap_inheritable;	/* may pass through exec by file caps */
	kernel_cap_t cap_bset;		/* bounding: limits what exec grants */
	kernel_cap_t cap_ambient;	/* kept across exec of unprivileged files */
	unsigned int securebits;	/* SECBIT_* of <uapi/linux/securebits.h> */
	struct group_info *group_info;
	/*
	 * Freed a grace period after the last put: another task's
	 * credentials may be read under rcu_read_lock() (kill(2)'s
	 * permission check, /proc) while their owner replaces them.
	 */
	struct rcu_head rcu;
};

extern struct cred init_cred;
extern struct group_info init_groups;

#define GLOBAL_ROOT_UID	0
#define GLOBAL_ROOT_GID	0
#define INVALID_UID	((uid_t)-1)
#define INVALID_GID	((gid_t)-1)

static inline const struct cred *get_cred(const struct cred *cred)
{
	atomic_inc(&((struct cred *)cred)->usage);
	return cred;
}

void __put_cred(struct cred *cred);

static inline void put_cred(const struct cred *cred)
{
	if (cred && atomic_dec_and_test(&((struct cred *)cred)->usage))
		__put_cred((struct cred *)cred);
}

/* A private, modifiable copy of the current task's credentials. */
struct cred *prepare_creds(void);
/* The same for a kernel service: root with full capabilities. */
struct cred *prepare_kernel_cred(void);
/* Install new as the current task's credentials (consumes the reference). */
int commit_creds(struct cred *new);
void abort_creds(struct cred *new);
/* Act as new for a while; returns what to hand back to revert_creds(). */
const struct cred *override_creds(const struct cred *new);
void revert_creds(const struct cred *old);

struct group_info *groups_alloc(int ngroups);
void put_group_info(struct group_info *gi);
/* Sort gi and install it in new (takes a reference). */
void set_groups(struct cred *new, struct group_info *gi);
bool groups_search(const struct group_info *gi, gid_t gid);
/* Is gid the fsgid or a supplementary group of the current task? */
bool in_group_p(gid_t gid);

/* Task creation/exit glue (kernel/fork.c). */
struct task_struct;
int copy_creds(struct task_struct *p, unsigned long clone_flags);
void exit_creds(struct task_struct *p);

const struct cred *current_cred(void);
#define current_fsuid()	(current_cred()->fsuid)
#define current_fsgid()	(current_cred()->fsgid)
#define current_euid()	(current_cred()->euid)
#define current_uid()	(current_cred()->uid)

#endif /* _LINUX_CRED_H */
