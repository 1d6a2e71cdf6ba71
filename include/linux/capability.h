/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Capability sets.  A kernel_cap_t is a bit mask indexed by CAP_*.
 * capable(cap) asks whether the current task's effective credentials
 * hold cap (kernel/cred.c).  A credential carries five sets (effective,
 * permitted, inheritable, bounding, ambient) and the securebits
 * (<linux/cred.h>); kernel/capability.c has the rules that change them:
 * capget/capset, the capability prctls and the transformation at exec.
 * kernel/setuid.c applies the rules for user id changes.
 */
#ifndef _LINUX_CAPABILITY_H
#define _LINUX_CAPABILITY_H

#include <linux/types.h>
#include <uapi/linux/capability.h>

typedef struct {
	u64 val;
} kernel_cap_t;

#define CAP_VALID_MASK	((1ULL << (CAP_LAST_CAP + 1)) - 1)
#define CAP_EMPTY_SET	((kernel_cap_t){ 0 })
#define CAP_FULL_SET	((kernel_cap_t){ CAP_VALID_MASK })

static inline bool cap_raised(kernel_cap_t c, int cap)
{
	return (c.val >> cap) & 1;
}

static inline void cap_raise(kernel_cap_t *c, int cap)
{
	c->val |= 1ULL << cap;
}

static inline void cap_lower(kernel_cap_t *c, int cap)
{
	c->val &= ~(1ULL << cap);
}

static inline bool cap_valid(unsigned long cap)
{
	return cap <= CAP_LAST_CAP;
}

/* Is every capability of a also in b? */
static inline bool cap_issubset(kernel_cap_t a, kernel_cap_t b)
{
	return !(a.val & ~b.val);
}

struct inode;
struct cred;
struct linux_binprm;

bool capable(int cap);
/* CAP_* for the owner-or-privileged checks on an inode (chmod, utimes, ...). */
bool inode_owner_or_capable(const struct inode *inode);
bool capable_wrt_inode_uidgid(const struct inode *inode, int cap);

/*
 * The capability prctls (PR_CAPBSET_*, PR_CAP_AMBIENT, PR_*_KEEPCAPS,
 * PR_*_SECUREBITS), called by prctl(2) for those options only.
 */
long cap_task_prctl(int option, unsigned long arg2, unsigned long arg3,
		    unsigned long arg4, unsigned long arg5);
/*
 * Fill bprm->cred's capability sets for the program bprm->file (its ids
 * already set from the set-id bits) from old, the caller's credentials;
 * also decides bprm->secureexec.  0 or -errno (the exec fails).
 */
int cap_bprm_creds(struct linux_binprm *bprm, const struct cred *old);

#endif /* _LINUX_CAPABILITY_H */
