/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * System V semaphores (semget(2), semop(2), semctl(2)): flags, commands
 * and the x86_64 layouts of struct sembuf, semid64_ds and seminfo.
 */
#ifndef _UAPI_LINUX_SEM_H
#define _UAPI_LINUX_SEM_H

#include <uapi/linux/ipc.h>

#define SEM_UNDO	0x1000		/* sem_flg: reverse the operation at exit */

/* semctl() commands beyond the IPC_* ones. */
#define GETPID		11
#define GETVAL		12
#define GETALL		13
#define GETNCNT		14
#define GETZCNT		15
#define SETVAL		16
#define SETALL		17
#define SEM_STAT	18
#define SEM_INFO	19
#define SEM_STAT_ANY	20

/* Default limits (kernel.sem starts here, as on Linux). */
#define SEMMNI		32000		/* sets */
#define SEMMSL		32000		/* semaphores per set */
#define SEMMNS		(SEMMNI * SEMMSL)	/* semaphores in all sets */
#define SEMOPM		500		/* operations per semop() */
#define SEMVMX		32767		/* largest semaphore value */
#define SEMAEM		SEMVMX		/* largest undo adjustment */

struct sembuf {
	unsigned short sem_num;
	short sem_op;
	short sem_flg;			/* IPC_NOWAIT, SEM_UNDO */
};

struct semid64_ds {
	struct ipc64_perm sem_perm;
	__kernel_long_t sem_otime;	/* last semop */
	__kernel_ulong_t __unused1;
	__kernel_long_t sem_ctime;	/* creation or last change by semctl */
	__kernel_ulong_t __unused2;
	__kernel_ulong_t sem_nsems;
	__kernel_ulong_t __unused3;
	__kernel_ulong_t __unused4;
};

struct seminfo {
	int semmap;
	int semmni;
	int semmns;
	int semmnu;
	int semmsl;
	int semopm;
	int semume;
	int semusz;
	int semvmx;
	int semaem;
};

#endif /* _UAPI_LINUX_SEM_H */
