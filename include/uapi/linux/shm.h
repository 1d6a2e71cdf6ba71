/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System V shared memory (shmget(2), shmop(2), shmctl(2)): flags, commands
 * and the x86_64 layouts of struct shmid64_ds, shminfo64 and shm_info.
 */
#ifndef _UAPI_LINUX_SHM_H
#define _UAPI_LINUX_SHM_H

#include <uapi/linux/ipc.h>

/* Default limits (the kernel.shm* sysctls start here, as on Linux). */
#define SHMMIN		1			/* bytes */
#define SHMMNI		4096			/* segments */
#define SHMMAX		(~0UL - (1UL << 24))	/* bytes per segment */
#define SHMALL		(~0UL - (1UL << 24))	/* pages in all segments */
#define SHMSEG		SHMMNI			/* attachments per process (not enforced) */

/* shmget() flags. */
#define SHM_HUGETLB	04000
#define SHM_NORESERVE	010000

/* shmat() flags. */
#define SHM_RDONLY	010000		/* read-only attachment */
#define SHM_RND		020000		/* round the address down to SHMLBA */
#define SHM_REMAP	040000		/* replace what is mapped at the address */
#define SHM_EXEC	0100000		/* executable attachment */

/* shmctl() commands beyond the IPC_* ones. */
#define SHM_LOCK	11
#define SHM_UNLOCK	12
#define SHM_STAT	13
#define SHM_INFO	14
#define SHM_STAT_ANY	15

/* State bits in shm_perm.mode. */
#define SHM_DEST	01000		/* removed; goes with the last detach */
#define SHM_LOCKED	02000		/* SHM_LOCK: not swapped */

struct shmid64_ds {
	struct ipc64_perm shm_perm;
	__kernel_ulong_t shm_segsz;	/* bytes */
	__kernel_long_t shm_atime;	/* last attach */
	__kernel_long_t shm_dtime;	/* last detach */
	__kernel_long_t shm_ctime;	/* creation or last IPC_SET */
	int shm_cpid;			/* creator */
	int shm_lpid;			/* last shmat/shmdt */
	__kernel_ulong_t shm_nattch;	/* attachments */
	__kernel_ulong_t __unused4;
	__kernel_ulong_t __unused5;
};

struct shminfo64 {
	__kernel_ulong_t shmmax;
	__kernel_ulong_t shmmin;
	__kernel_ulong_t shmmni;
	__kernel_ulong_t shmseg;
	__kernel_ulong_t shmall;
	__kernel_ulong_t __unused1;
	__kernel_ulong_t __unused2;
	__kernel_ulong_t __unused3;
	__kernel_ulong_t __unused4;
};

struct shm_info {
	int used_ids;
	__kernel_ulong_t shm_tot;	/* pages allocated to segments */
	__kernel_ulong_t shm_rss;	/* resident pages */
	__kernel_ulong_t shm_swp;	/* swapped pages */
	__kernel_ulong_t swap_attempts;
	__kernel_ulong_t swap_successes;
};

#endif /* _UAPI_LINUX_SHM_H */
