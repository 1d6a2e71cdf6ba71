// SPDX-License-Identifier: GPL-2.0-only
/*
 * sysvipc - System V shared memory (shmget(2), shmop(2), shmctl(2)) and
 * semaphores (semget(2), semop(2), semctl(2)); sysvipc(7), proc(5)'s
 * /proc/sysvipc/{shm,sem}, kernel.shm* and kernel.sem.
 *
 * Runs as root; the permission checks fork a child that drops to
 * UID:GID 1000:1000 and reports through its exit status.  Covers the key
 * rules of shmget (IPC_PRIVATE, IPC_CREAT, IPC_EXCL, sizes, limits), ids
 * that change when a slot is reused, attaching at a chosen, rounded or
 * kernel-picked address, read-only attachments, SHM_REMAP, shmdt, every
 * shmctl command, the attach counters and times across fork, exec and
 * exit, and removal while attached.  Semaphores: the key rules, values,
 * atomic operation lists, waiting (for a value, for zero, with a timeout,
 * interrupted, removed), SEM_UNDO at exit, and the semctl commands.  Must
 * pass on Linux and Tidewater.  Message queues: sending and receiving by
 * type (0, positive, negative, MSG_EXCEPT), MSG_NOERROR/E2BIG, blocking
 * on a full and on an empty queue, EIDRM, and the msgctl commands.
 */
#include <sys/ipc.h>
#include <sys/shm.h>
#include <sys/sem.h>
#include <sys/msg.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <stdint.h>
#include <time.h>

#include "tap.h"
#include "util.h"

#ifndef SHM_STAT_ANY
#define SHM_STAT_ANY	15
#endif
#ifndef SHM_REMAP
#define SHM_REMAP	040000
#endif

#define USER	1000
#define KEY	0x5ead0001
#define SZ	(3 * PAGE_SIZE + 100)	/* not a page multiple on purpose */

static struct shmid_ds stat_of(int id)
{
	struct shmid_ds ds;

	memset(&ds, 0xff, sizeof(ds));
	if (shmctl(id, IPC_STAT, &ds))
		diag("IPC_STAT %d: %s", id, strerror(errno));
	return ds;
}

static long nattch(int id)
{
	return (long)stat_of(id).shm_nattch;
}

/* Fork; the child becomes USER and returns fn(arg) as its exit status. */
static int as_user(int (*fn)(int), int arg)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		if (setgid(USER) || setuid(USER))
			_exit(99);
		_exit(fn(arg));
	}
	st = wait_status(pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 98;
}

static int user_attach(int id)
{
	void *p = shmat(id, NULL, 0);

	if (p != (void *)-1)
		return 0;
	return errno;
}

static int user_attach_ro(int id)
{
	void *p = shmat(id, NULL, SHM_RDONLY);

	if (p == (void *)-1)
		return errno;
	return ((volatile char *)p)[1] == 'x' ? 0 : 50;
}

static int user_rmid(int id)
{
	return shmctl(id, IPC_RMID, NULL) ? errno : 0;
}

static int user_get(int key)
{
	return shmget(key, PAGE_SIZE, 0600) < 0 ? errno : 0;
}

static int user_lock(int id)
{
	return shmctl(id, SHM_LOCK, NULL) ? errno : 0;
}

static void test_get(void)
{
	int id, id2, id3;

	ok_errno(shmget(KEY, PAGE_SIZE, 0600), ENOENT, "shmget of an unknown key without IPC_CREAT");
	ok_errno(shmget(IPC_PRIVATE, 0, IPC_CREAT | 0600), EINVAL, "shmget of size 0");
	id = shmget(KEY, SZ, IPC_CREAT | 0600);
	ok(id >= 0, "shmget IPC_CREAT makes a segment (%d)", id);
	ok_eq(shmget(KEY, SZ, IPC_CREAT | 0600), id, "IPC_CREAT on a known key returns its id");
	ok_eq(shmget(KEY, 0, 0), id, "size 0 looks up an existing segment");
	ok_errno(shmget(KEY, SZ, IPC_CREAT | IPC_EXCL | 0600), EEXIST, "IPC_CREAT|IPC_EXCL on a known key");
	ok_errno(shmget(KEY, SZ + PAGE_SIZE, 0600), EINVAL, "asking for more than the segment has");
	id2 = shmget(IPC_PRIVATE, PAGE_SIZE, 0600);
	ok(id2 >= 0 && id2 != id, "IPC_PRIVATE always makes a new segment");
	id3 = shmget(IPC_PRIVATE, PAGE_SIZE, 0600);
	ok(id3 >= 0 && id3 != id2, "a second IPC_PRIVATE one is another");
	shmctl(id2, IPC_RMID, NULL);
	shmctl(id3, IPC_RMID, NULL);
	ok_eq(as_user(user_get, KEY), EACCES, "another user may not look up a 0600 key");
	ok_eq(as_user(user_attach, id), EACCES, "another user may not attach a 0600 segment");
	ok_eq(as_user(user_rmid, id), EPERM, "another user may not IPC_RMID it");
	ok_eq(as_user(user_lock, id), EPERM, "another user may not SHM_LOCK it");
	ok_sys(shmctl(id, IPC_RMID, NULL), "IPC_RMID");
	ok_errno(shmctl(id, IPC_STAT, &(struct shmid_ds){ 0 }), EINVAL, "a removed id is invalid");
	ok_errno(shmget(KEY, PAGE_SIZE, 0600), ENOENT, "and its key is free again");
}

/* A slot freed and taken again gives a different id. */
static void test_id_reuse(void)
{
	int a = shmget(IPC_PRIVATE, PAGE_SIZE, 0600), b;

	shmctl(a, IPC_RMID, NULL);
	b = shmget(IPC_PRIVATE, PAGE_SIZE, 0600);
	ok(b >= 0 && b != a, "a new segment does not reuse the old id (%d, %d)", a, b);
	ok_errno(shmat(a, NULL, 0) == (void *)-1 ? -1 : 0, EINVAL, "shmat of the stale id");
	shmctl(b, IPC_RMID, NULL);
}

static void test_attach(void)
{
	int id = shmget(IPC_PRIVATE, SZ, 0640);
	char *p, *q, *r, *hole;
	struct shmid_ds ds;
	time_t t0 = time(NULL);

	ds = stat_of(id);
	ok_eq(ds.shm_segsz, SZ, "shm_segsz is the size asked for");
	ok_eq(ds.shm_perm.mode & 0777, 0640, "mode from shmget");
	ok_eq(ds.shm_perm.uid, getuid(), "owner is the creator");
	ok_eq(ds.shm_cpid, getpid(), "shm_cpid");
	ok_eq(ds.shm_nattch, 0, "no attachments yet");
	ok_eq(ds.shm_atime, 0, "never attached: shm_atime 0");
	ok(ds.shm_ctime >= t0 - 2 && ds.shm_ctime <= t0 + 2, "shm_ctime is now");

	p = shmat(id, NULL, 0);
	ok(p != (void *)-1 && ((uintptr_t)p & (PAGE_SIZE - 1)) == 0, "shmat at a kernel-picked address");
	ok(all_zero(p, SZ), "a new segment reads as zeroes");
	memset(p, 'x', SZ);
	q = shmat(id, NULL, 0);
	ok(q != (void *)-1 && q != p && q[SZ - 1] == 'x', "a second attachment shows the same bytes");
	q[0] = 'y';
	ok_eq(p[0], 'y', "stores through one show through the other");
	ok_eq(probe_access(p + 3 * PAGE_SIZE + 200, 1), 0, "the rest of the last page is mapped");
	ds = stat_of(id);
	ok_eq(ds.shm_nattch, 2, "shm_nattch counts both");
	ok_eq(ds.shm_lpid, getpid(), "shm_lpid is the attacher");
	ok(ds.shm_atime >= t0 - 2, "shm_atime set");

	ok_errno(shmdt(p + 1) , EINVAL, "shmdt of an unaligned address");
	ok_errno(shmdt(p + PAGE_SIZE), EINVAL, "shmdt of an address inside an attachment");
	ok_sys(shmdt(q), "shmdt");
	ok_eq(nattch(id), 1, "shm_nattch drops");
	ok(stat_of(id).shm_dtime >= t0 - 2, "shm_dtime set");
	ok_eq(probe_access(q, 0), SIGSEGV, "the detached range is gone");
	ok_errno(shmdt(q), EINVAL, "shmdt twice");

	/* A chosen address: a hole we made ourselves. */
	hole = mmap(NULL, 8 * PAGE_SIZE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(hole, 8 * PAGE_SIZE);
	r = shmat(id, hole, 0);
	ok(r == hole && r[5] == 'x', "shmat at a chosen address");
	ok_errno(shmat(id, hole, 0) == (void *)-1 ? -1 : 0, EINVAL,
		 "shmat over an existing mapping without SHM_REMAP");
	ok(shmat(id, hole, SHM_REMAP) == hole, "SHM_REMAP replaces it");
	ok_eq(nattch(id), 2, "the replaced attachment went: one old, one new");
	shmdt(hole);
	ok_errno(shmat(id, hole + 5, 0) == (void *)-1 ? -1 : 0, EINVAL,
		 "a misaligned address without SHM_RND");
	r = shmat(id, hole + 5, SHM_RND);
	ok(r == hole, "SHM_RND rounds down to SHMLBA");
	shmdt(r);
	ok_errno(shmat(id, NULL, SHM_REMAP) == (void *)-1 ? -1 : 0, EINVAL, "SHM_REMAP with no address");
	ok_errno(shmat(-1, NULL, 0) == (void *)-1 ? -1 : 0, EINVAL, "shmat of a negative id");

	/* Read-only. */
	r = shmat(id, NULL, SHM_RDONLY);
	ok(r != (void *)-1 && r[1] == 'x', "SHM_RDONLY attachment reads");
	ok_eq(probe_access(r, 1), SIGSEGV, "and faults on a store");
	ok_errno(mprotect(r, PAGE_SIZE, PROT_READ | PROT_WRITE), EACCES, "and cannot be made writable");
	shmdt(r);

	/* A partly unmapped attachment: shmdt takes what is left. */
	munmap(p + PAGE_SIZE, PAGE_SIZE);
	ok_eq(nattch(id), 2, "a hole splits the attachment into two VMAs");
	ok_sys(shmdt(p), "shmdt of a split attachment");
	ok_eq(nattch(id), 0, "removes both pieces");
	ok_eq(probe_access(p + 2 * PAGE_SIZE, 0), SIGSEGV, "the far piece is unmapped too");

	/* Group and other bits; root's CAP_IPC_OWNER ignores them. */
	r = shmat(id, NULL, 0);
	ok_eq(as_user(user_attach_ro, id), EACCES, "0640: another user cannot read");
	ok_sys(shmctl(id, IPC_SET, &(struct shmid_ds){ .shm_perm = { .uid = 0, .gid = 0, .mode = 0604 } }),
	       "IPC_SET mode 0604");
	ok_eq(stat_of(id).shm_perm.mode & 0777, 0604, "the new mode shows");
	ok_eq(as_user(user_attach_ro, id), 0, "another user may read now");
	ok_eq(as_user(user_attach, id), EACCES, "but not write");
	ok_sys(shmctl(id, IPC_SET, &(struct shmid_ds){ .shm_perm = { .uid = USER, .gid = USER, .mode = 0 } }),
	       "IPC_SET owner %d mode 0", USER);
	ds = stat_of(id);
	ok(ds.shm_perm.uid == USER && ds.shm_perm.cuid == 0, "uid changes, cuid stays");
	ok(shmat(id, NULL, SHM_RDONLY) != (void *)-1, "CAP_IPC_OWNER attaches a mode 0 segment");
	ok_eq(as_user(user_attach, id), EACCES, "the owner is held to the mode bits");
	ok_eq(as_user(user_rmid, id), 0, "but the owner may remove it");
	ds = stat_of(id);
	ok(ds.shm_perm.mode & SHM_DEST, "removed with attachments: SHM_DEST");
	ok_eq(ds.shm_perm.__key, IPC_PRIVATE, "and the key is private");
	ok_eq(r[0], 'y', "the attachments still work");
	shmdt(r);
	ok_eq(nattch(id), 1, "one left");
	/* The mode-0 attachment above was never detached explicitly: find it. */
	{
		char *s = NULL;
		FILE *f = fopen("/proc/self/maps", "r");
		char line[256];
		unsigned long lo;

		while (f && fgets(line, sizeof(line), f))
			if (strstr(line, "/SYSV00000000") && sscanf(line, "%lx-", &lo) == 1)
				s = (char *)lo;
		if (f)
			fclose(f);
		ok(s != NULL, "/proc/self/maps names it /SYSV00000000");
		ok_sys(shmdt(s), "the last detach");
	}
	ok_errno(shmctl(id, IPC_STAT, &ds), EINVAL, "frees the removed segment");
}

static void test_fork_exec(const char *self)
{
	int id = shmget(IPC_PRIVATE, PAGE_SIZE, 0600);
	char *p = shmat(id, NULL, 0), arg[32];
	int pipefd[2], st;
	pid_t pid;
	char c;

	ok_sys(pipe(pipefd), "pipe");
	pid = fork();
	if (pid == 0) {
		p[0] = 'c';
		close(pipefd[1]);
		read(pipefd[0], &c, 1);	/* until the parent has looked */
		_exit(0);
	}
	close(pipefd[0]);
	usleep(100000);
	ok_eq(p[0], 'c', "a child's store shows in the parent");
	ok_eq(nattch(id), 2, "fork: the child's copy counts");
	write(pipefd[1], "", 1);
	close(pipefd[1]);
	wait_status(pid);
	ok_eq(nattch(id), 1, "exit detaches");
	ok_eq(stat_of(id).shm_lpid, pid, "shm_lpid is the exiting child");

	pid = fork();
	if (pid == 0) {
		snprintf(arg, sizeof(arg), "%d", id);
		execl(self, self, "--exec-check", arg, (char *)NULL);
		_exit(97);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "exec detaches (%s)", status_str(st));
	shmdt(p);
	shmctl(id, IPC_RMID, NULL);
}

/* After exec: only the parent's attachment is left. */
static int exec_check(int id)
{
	return nattch(id) == 1 ? 0 : 1;
}

static void test_ctl(void)
{
	struct shminfo info;
	struct shm_info usage;
	struct shmid_ds ds;
	int id = shmget(IPC_PRIVATE, 5 * PAGE_SIZE, 0600), top, found = 0;
	char *p = shmat(id, NULL, 0);

	memset(p, 1, 2 * PAGE_SIZE);
	top = shmctl(0, IPC_INFO, (struct shmid_ds *)&info);
	ok(top >= 0, "IPC_INFO returns the highest slot in use (%d)", top);
	ok(info.shmmin == 1 && info.shmmni > 0 && info.shmmax > 0 && info.shmall > 0,
	   "IPC_INFO limits: shmmax %lu shmmni %lu", info.shmmax, info.shmmni);
	ok_eq(shmctl(0, SHM_INFO, (struct shmid_ds *)&usage), top, "SHM_INFO too");
	ok(usage.__used_ids >= 1 && usage.shm_tot >= 5, "SHM_INFO used_ids %d shm_tot %lu",
	   usage.__used_ids, usage.shm_tot);
	ok(usage.shm_rss >= 2, "SHM_INFO shm_rss counts touched pages (%lu)", usage.shm_rss);
	for (int i = 0; i <= top; i++)
		if (shmctl(i, SHM_STAT, &ds) == id)
			found = 1;
	ok(found, "SHM_STAT by slot returns the id");
	found = 0;
	for (int i = 0; i <= top; i++)
		if (shmctl(i, SHM_STAT_ANY, &ds) == id)
			found = 1;
	ok(found, "SHM_STAT_ANY likewise");
	ok_errno(shmctl(top + 1, SHM_STAT, &ds), EINVAL, "SHM_STAT of an unused slot");
	ok_errno(shmctl(id, IPC_STAT, NULL), EFAULT, "IPC_STAT to a bad pointer");
	ok_errno(shmctl(id, IPC_SET, (void *)1), EFAULT, "IPC_SET from a bad pointer");
	ok_errno(shmctl(id, 77, &ds), EINVAL, "an unknown command");
	ok_errno(shmctl(-1, IPC_STAT, &ds), EINVAL, "a negative id");
	ok_sys(shmctl(id, SHM_LOCK, NULL), "SHM_LOCK");
	ok(stat_of(id).shm_perm.mode & SHM_LOCKED, "SHM_LOCKED in the mode");
	ok_sys(shmctl(id, SHM_UNLOCK, NULL), "SHM_UNLOCK");
	ok(!(stat_of(id).shm_perm.mode & SHM_LOCKED), "SHM_LOCKED cleared");

	{
		const char *text = file_text("/proc/sysvipc/shm");
		char want[64];

		snprintf(want, sizeof(want), " %d  %4o ", id, 0600);
		ok(text && strncmp(text, "       key      shmid perms", 27) == 0,
		   "/proc/sysvipc/shm has its header");
		ok(text && strstr(text, want), "and a line for the segment (\"%s\")", want);
	}
	shmdt(p);
	shmctl(id, IPC_RMID, NULL);
}

static void test_limits(void)
{
	char *old_mni = strdup(file_text("/proc/sys/kernel/shmmni") ?: "4096\n");
	char *old_max = strdup(file_text("/proc/sys/kernel/shmmax") ?: "0\n");
	char *old_all = strdup(file_text("/proc/sys/kernel/shmall") ?: "0\n");
	int ids[4], n = 0, id;

	ok(write_text("/proc/sys/kernel/shmmax", "8192") == 0, "kernel.shmmax can be set");
	ok_errno(shmget(IPC_PRIVATE, 8193, 0600), EINVAL, "a segment over shmmax");
	id = shmget(IPC_PRIVATE, 8192, 0600);
	ok(id >= 0, "a segment of exactly shmmax");
	shmctl(id, IPC_RMID, NULL);
	write_text("/proc/sys/kernel/shmmax", old_max);

	ok(write_text("/proc/sys/kernel/shmall", "4") == 0, "kernel.shmall can be set");
	ok_errno(shmget(IPC_PRIVATE, 5 * PAGE_SIZE, 0600), ENOSPC, "over shmall pages");
	write_text("/proc/sys/kernel/shmall", old_all);

	ok(write_text("/proc/sys/kernel/shmmni", "3") == 0, "kernel.shmmni can be set");
	while (n < 4 && (id = shmget(IPC_PRIVATE, PAGE_SIZE, 0600)) >= 0)
		ids[n++] = id;
	ok(n <= 3 && id < 0 && errno == ENOSPC, "shmget beyond shmmni: ENOSPC (%d made)", n);
	while (n)
		shmctl(ids[--n], IPC_RMID, NULL);
	write_text("/proc/sys/kernel/shmmni", old_mni);
	free(old_mni);
	free(old_max);
	free(old_all);
}

/* ------------------------------------------------------------ semaphores */

union semun {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
	struct seminfo *__buf;
};

#define SKEY	0x5ead0002

static int semval(int id, int num)
{
	return semctl(id, num, GETVAL);
}

static int sem1(int id, int num, int op, int flg)
{
	struct sembuf sb = { .sem_num = num, .sem_op = op, .sem_flg = flg };

	return semop(id, &sb, 1);
}

static int user_semop(int id)
{
	return sem1(id, 0, 1, IPC_NOWAIT) ? errno : 0;
}

static void test_sem_basic(void)
{
	unsigned short vals[3] = { 4, 5, 6 }, got[3] = { 0 };
	struct sembuf two[2] = { { 0, 1, 0 }, { 1, -1, IPC_NOWAIT } };
	struct sembuf many[501];
	int id;

	ok_errno(semget(SKEY, 3, 0600), ENOENT, "semget of an unknown key");
	ok_errno(semget(SKEY, 0, IPC_CREAT | 0600), EINVAL, "creating a set of 0 semaphores");
	id = semget(SKEY, 3, IPC_CREAT | 0600);
	ok(id >= 0, "semget IPC_CREAT (%d)", id);
	ok_eq(semget(SKEY, 2, 0600), id, "a smaller nsems finds it");
	ok_errno(semget(SKEY, 4, 0600), EINVAL, "a bigger nsems does not");
	ok_errno(semget(SKEY, 3, IPC_CREAT | IPC_EXCL | 0600), EEXIST, "IPC_CREAT|IPC_EXCL");
	ok(semval(id, 0) == 0 && semval(id, 2) == 0, "new semaphores are 0");
	ok_sys(semctl(id, 1, SETVAL, (union semun){ .val = 3 }), "SETVAL");
	ok_eq(semval(id, 1), 3, "GETVAL reads it back");
	ok_errno(semctl(id, 1, SETVAL, (union semun){ .val = -1 }), ERANGE, "SETVAL -1");
	ok_errno(semctl(id, 1, SETVAL, (union semun){ .val = 32768 }), ERANGE, "SETVAL above SEMVMX");
	ok_errno(semctl(id, 3, GETVAL), EINVAL, "GETVAL of a semaphore past the end");
	ok_sys(semctl(id, 0, SETALL, (union semun){ .array = vals }), "SETALL");
	ok_sys(semctl(id, 0, GETALL, (union semun){ .array = got }), "GETALL");
	ok(got[0] == 4 && got[1] == 5 && got[2] == 6, "GETALL gives what SETALL set");
	ok_sys(sem1(id, 2, 2, 0), "semop +2");
	ok_eq(semval(id, 2), 8, "adds");
	ok_eq(semctl(id, 2, GETPID), getpid(), "GETPID is the last operator");
	ok_sys(sem1(id, 2, -8, 0), "semop -8");
	ok_errno(sem1(id, 2, -1, IPC_NOWAIT), EAGAIN, "a decrement below 0 with IPC_NOWAIT");
	ok_errno(sem1(id, 0, 0, IPC_NOWAIT), EAGAIN, "wait-for-zero on 4 with IPC_NOWAIT");
	ok_sys(sem1(id, 2, 0, 0), "wait-for-zero on 0 proceeds");
	ok_sys(semctl(id, 1, SETVAL, (union semun){ .val = 0 }), "SETVAL 0");
	ok_errno(semop(id, two, 2), EAGAIN, "two operations, the second cannot proceed");
	ok_eq(semval(id, 0), 4, "and the first was not applied either");
	ok_sys(sem1(id, 2, 32767, 0), "semop up to SEMVMX");
	ok_errno(sem1(id, 2, 1, 0), ERANGE, "an increment past SEMVMX");
	ok_errno(sem1(id, 3, 1, 0), EFBIG, "sem_num past the end");
	ok_errno(semop(id, two, 0), EINVAL, "nsops 0");
	for (int i = 0; i < 501; i++)
		many[i] = (struct sembuf){ 0, 0, IPC_NOWAIT };
	ok_errno(semop(id, many, 501), E2BIG, "more than SEMOPM operations");
	ok_errno(semop(id, (struct sembuf *)1, 1), EFAULT, "operations at a bad pointer");
	ok_eq(as_user(user_semop, id), EACCES, "another user may not change a 0600 set");
	ok_sys(semctl(id, 0, IPC_RMID), "IPC_RMID");
	ok_errno(semval(id, 0), EINVAL, "the removed id is invalid");
}

/* Fork a child blocked in semop(op on num); it exits with the errno it got (0: done). */
static pid_t sem_blocked_child(int id, int num, int op, const struct timespec *ts)
{
	pid_t pid = fork();

	if (pid == 0) {
		struct sembuf sb = { .sem_num = num, .sem_op = op };
		int r = ts ? semtimedop(id, &sb, 1, ts) : semop(id, &sb, 1);

		_exit(r ? errno : 0);
	}
	return pid;
}

static int child_result(pid_t pid)
{
	int st = wait_status(pid);

	return WIFEXITED(st) ? WEXITSTATUS(st) : 200 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

static void on_usr1(int sig)
{
	(void)sig;
}

static void test_sem_wait(void)
{
	int id = semget(IPC_PRIVATE, 2, 0600);
	struct timespec ts = { 0, 200 * 1000 * 1000 };
	uint64_t t0;
	pid_t pid;

	pid = sem_blocked_child(id, 0, -2, NULL);
	usleep(200000);
	ok_eq(semctl(id, 0, GETNCNT), 1, "GETNCNT counts a waiting decrement");
	ok_eq(semctl(id, 0, GETZCNT), 0, "GETZCNT does not");
	ok_sys(sem1(id, 0, 1, 0), "+1: not enough yet");
	usleep(100000);
	ok_eq(semctl(id, 0, GETNCNT), 1, "the waiter still waits");
	ok_sys(sem1(id, 0, 1, 0), "+1: now it can proceed");
	ok_eq(child_result(pid), 0, "the waiter completed");
	ok_eq(semval(id, 0), 0, "and took 2");

	semctl(id, 1, SETVAL, (union semun){ .val = 1 });
	pid = sem_blocked_child(id, 1, 0, NULL);
	usleep(200000);
	ok_eq(semctl(id, 1, GETZCNT), 1, "GETZCNT counts a wait for zero");
	ok_sys(sem1(id, 1, -1, 0), "-1 makes it zero");
	ok_eq(child_result(pid), 0, "the zero waiter completed");

	t0 = now_ns(CLOCK_MONOTONIC);
	pid = sem_blocked_child(id, 0, -1, &ts);
	ok_eq(child_result(pid), EAGAIN, "semtimedop times out with EAGAIN");
	ok(now_ns(CLOCK_MONOTONIC) - t0 >= 190000000ULL, "after the timeout");

	pid = fork();
	if (pid == 0) {
		struct sigaction sa = { .sa_handler = on_usr1, .sa_flags = SA_RESTART };

		sigaction(SIGUSR1, &sa, NULL);
		_exit(sem1(id, 0, -1, 0) ? errno : 0);
	}
	usleep(200000);
	kill(pid, SIGUSR1);
	ok_eq(child_result(pid), EINTR, "a handled signal interrupts semop (EINTR, even with SA_RESTART)");
	ok_eq(semctl(id, 0, GETNCNT), 0, "and the waiter is gone");

	pid = sem_blocked_child(id, 0, -1, NULL);
	usleep(200000);
	ok_sys(semctl(id, 0, IPC_RMID), "IPC_RMID with a waiter");
	ok_eq(child_result(pid), EIDRM, "the waiter gets EIDRM");
}

static void test_sem_undo(void)
{
	int id = semget(IPC_PRIVATE, 2, 0600);
	pid_t pid;

	semctl(id, 1, SETVAL, (union semun){ .val = 5 });
	pid = fork();
	if (pid == 0) {
		int r = sem1(id, 0, 3, SEM_UNDO) || sem1(id, 1, -2, SEM_UNDO);

		_exit(r ? 1 : 0);
	}
	ok_eq(child_result(pid), 0, "a child changes two semaphores with SEM_UNDO");
	ok(semval(id, 0) == 0 && semval(id, 1) == 5, "its exit undoes both (%d, %d)",
	   semval(id, 0), semval(id, 1));
	ok_eq(semctl(id, 0, GETPID), pid, "GETPID names the exited process");

	pid = fork();
	if (pid == 0) {
		sem1(id, 0, 2, SEM_UNDO);
		semctl(id, 0, SETVAL, (union semun){ .val = 7 });
		_exit(0);
	}
	child_result(pid);
	ok_eq(semval(id, 0), 7, "SETVAL cancels the pending adjustment");

	pid = fork();
	if (pid == 0) {
		sem1(id, 1, -5, SEM_UNDO);
		_exit(0);
	}
	child_result(pid);
	ok_eq(semval(id, 1), 5, "an undone decrement gives the units back");

	pid = fork();
	if (pid == 0) {
		sem1(id, 0, 1, SEM_UNDO);
		sem1(id, 0, 1, SEM_UNDO);
		_exit(0);
	}
	child_result(pid);
	ok_eq(semval(id, 0), 7, "adjustments add up over several semops");

	pid = fork();
	if (pid == 0) {
		sem1(id, 0, 1, SEM_UNDO);
		semctl(id, 0, IPC_RMID);
		_exit(0);
	}
	ok_eq(child_result(pid), 0, "exit after the set went is harmless");
}

static void test_sem_ctl(void)
{
	int id = semget(IPC_PRIVATE, 4, 0640), top, found = 0;
	struct semid_ds ds;
	struct seminfo si;
	time_t t0 = time(NULL);

	ok_sys(semctl(id, 0, IPC_STAT, (union semun){ .buf = &ds }), "IPC_STAT");
	ok(ds.sem_nsems == 4 && (ds.sem_perm.mode & 0777) == 0640 && ds.sem_otime == 0,
	   "sem_nsems 4, mode 0640, never operated on");
	ok(ds.sem_ctime >= t0 - 2, "sem_ctime set");
	sem1(id, 0, 1, 0);
	semctl(id, 0, IPC_STAT, (union semun){ .buf = &ds });
	ok(ds.sem_otime >= t0 - 2, "sem_otime set by semop");
	ds.sem_perm.mode = 0600;
	ok_sys(semctl(id, 0, IPC_SET, (union semun){ .buf = &ds }), "IPC_SET");
	semctl(id, 0, IPC_STAT, (union semun){ .buf = &ds });
	ok_eq(ds.sem_perm.mode & 0777, 0600, "the mode changed");
	top = semctl(0, 0, IPC_INFO, (union semun){ .__buf = &si });
	ok(top >= 0 && si.semmsl > 0 && si.semvmx == 32767 && si.semopm >= 500,
	   "IPC_INFO: semmsl %d semopm %d semvmx %d", si.semmsl, si.semopm, si.semvmx);
	ok(semctl(0, 0, SEM_INFO, (union semun){ .__buf = &si }) == top && si.semusz >= 1 &&
	   si.semaem >= 4, "SEM_INFO: %d sets, %d semaphores", si.semusz, si.semaem);
	for (int i = 0; i <= top; i++)
		found |= semctl(i, 0, SEM_STAT, (union semun){ .buf = &ds }) == id;
	ok(found, "SEM_STAT by slot returns the id");
	ok_errno(semctl(id, 0, 99), EINVAL, "an unknown command");
	{
		const char *text = file_text("/proc/sysvipc/sem");
		char want[64];
		int msl, mns, opm, mni;

		snprintf(want, sizeof(want), " %d  %4o %10d ", id, 0600, 4);
		ok(text && strstr(text, "semid perms      nsems") && strstr(text, want),
		   "/proc/sysvipc/sem lists the set");
		text = file_text("/proc/sys/kernel/sem");
		ok(text && sscanf(text, "%d %d %d %d", &msl, &mns, &opm, &mni) == 4 && msl > 0 &&
		   opm >= 500, "kernel.sem has four limits");
	}
	semctl(id, 0, IPC_RMID);
}

/* ------------------------------------------------------------ message queues */

struct tmsg {
	long mtype;
	char mtext[64];
};

static int msend(int id, long type, const char *text, int flg)
{
	struct tmsg m = { .mtype = type };

	strncpy(m.mtext, text, sizeof(m.mtext) - 1);
	return msgsnd(id, &m, strlen(text) + 1, flg);
}

/* Receive; the text (or "" on failure) goes to *text, the type to the return value. */
static long mrecv(int id, long type, int flg, char *text)
{
	struct tmsg m = { 0 };
	ssize_t n = msgrcv(id, &m, sizeof(m.mtext), type, flg);

	strcpy(text, n < 0 ? "" : m.mtext);
	return n < 0 ? -1 : m.mtype;
}

static void test_msg(void)
{
	struct msqid_ds ds;
	struct msginfo mi;
	struct tmsg big = { .mtype = 1 };
	char t[64];
	int id, top, st;
	pid_t pid;

	ok_errno(msgget(0x5ead0003, 0600), ENOENT, "msgget of an unknown key");
	id = msgget(0x5ead0003, IPC_CREAT | 0600);
	ok(id >= 0, "msgget IPC_CREAT");
	ok_errno(msgget(0x5ead0003, IPC_CREAT | IPC_EXCL | 0600), EEXIST, "IPC_CREAT|IPC_EXCL");
	ok_errno(mrecv(id, 0, IPC_NOWAIT, t), ENOMSG, "msgrcv of an empty queue with IPC_NOWAIT");
	ok_errno(msend(id, 0, "x", 0), EINVAL, "msgsnd of type 0");
	ok_sys(msend(id, 3, "three", 0), "msgsnd type 3");
	ok_sys(msend(id, 1, "one", 0), "msgsnd type 1");
	ok_sys(msend(id, 2, "two", 0), "msgsnd type 2");
	ok_sys(msend(id, 1, "uno", 0), "msgsnd type 1 again");
	ok_sys(msgctl(id, IPC_STAT, &ds), "IPC_STAT");
	ok(ds.msg_qnum == 4 && ds.msg_cbytes == 6 + 4 + 4 + 4 && ds.msg_lspid == getpid(),
	   "msg_qnum 4, msg_cbytes 18, msg_lspid");
	ok(ds.msg_qbytes > 0, "msg_qbytes %lu", (unsigned long)ds.msg_qbytes);
	ok(mrecv(id, 2, 0, t) == 2 && !strcmp(t, "two"), "msgtyp 2 takes the first of type 2");
	ok(mrecv(id, 1, MSG_EXCEPT, t) == 3 && !strcmp(t, "three"), "MSG_EXCEPT 1 takes the first other");
	ok(mrecv(id, -5, 0, t) == 1 && !strcmp(t, "one"), "msgtyp -5 takes the lowest type, oldest first");
	ok_sys(msend(id, 7, "seven", 0), "msgsnd type 7");
	ok(mrecv(id, 0, 0, t) == 1 && !strcmp(t, "uno"), "msgtyp 0 takes the oldest");
	ok_errno(mrecv(id, -6, IPC_NOWAIT, t), ENOMSG, "nothing at or below type 6");
	ok_errno(msgrcv(id, &big, 3, 0, 0), E2BIG, "a buffer too small for the message");
	ok(msgrcv(id, &big, 3, 0, MSG_NOERROR) == 3 && !memcmp(big.mtext, "sev", 3),
	   "MSG_NOERROR truncates");
	ok_sys(msgctl(id, IPC_STAT, &ds), "IPC_STAT");
	ok(ds.msg_qnum == 0 && ds.msg_cbytes == 0 && ds.msg_lrpid == getpid(), "the queue is empty");

	/* A receiver waiting for a type, woken by a sender. */
	pid = fork();
	if (pid == 0)
		_exit(mrecv(id, 9, 0, t) == 9 && !strcmp(t, "late") ? 0 : 1);
	usleep(200000);
	ok_sys(msend(id, 8, "other", 0), "a message of another type");
	ok_sys(msend(id, 9, "late", 0), "then the awaited one");
	ok_eq(child_result(pid), 0, "the waiting receiver got it");
	mrecv(id, 8, 0, t);

	/* A sender waiting for room. */
	ds.msg_qbytes = 10;
	ok_sys(msgctl(id, IPC_SET, &ds), "IPC_SET msg_qbytes 10");
	ok_sys(msend(id, 1, "12345678", 0), "9 bytes fit");
	ok_errno(msend(id, 1, "ab", IPC_NOWAIT), EAGAIN, "3 more do not (IPC_NOWAIT)");
	pid = fork();
	if (pid == 0)
		_exit(msend(id, 1, "ab", 0) ? errno : 0);
	usleep(200000);
	ok(mrecv(id, 0, 0, t) == 1 && !strcmp(t, "12345678"), "receiving makes room");
	ok_eq(child_result(pid), 0, "the waiting sender completed");

	/* A receiver on a removed queue. */
	mrecv(id, 0, 0, t);
	pid = fork();
	if (pid == 0)
		_exit(mrecv(id, 0, 0, t) < 0 ? errno : 0);
	usleep(200000);
	top = msgctl(0, IPC_INFO, (struct msqid_ds *)&mi);
	ok(top >= 0 && mi.msgmax > 0 && mi.msgmnb > 0 && mi.msgmni > 0,
	   "IPC_INFO: msgmax %d msgmnb %d msgmni %d", mi.msgmax, mi.msgmnb, mi.msgmni);
	st = 0;
	for (int i = 0; i <= top; i++)
		st |= msgctl(i, MSG_STAT, &ds) == id;
	ok(st, "MSG_STAT by slot returns the id");
	{
		const char *text = file_text("/proc/sysvipc/msg");
		char want[32];

		snprintf(want, sizeof(want), " %d  %4o ", id, 0600);
		ok(text && strstr(text, "msqid perms") && strstr(text, want), "/proc/sysvipc/msg lists it");
	}
	ok_sys(msgctl(id, IPC_RMID, NULL), "IPC_RMID with a waiting receiver");
	ok_eq(child_result(pid), EIDRM, "the receiver gets EIDRM");
	ok_errno(msgctl(id, IPC_STAT, &ds), EINVAL, "the id is gone");
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--exec-check"))
		return exec_check(atoi(argv[2]));
	if (getuid() != 0)
		bail_out("run as root");
	test_get();
	test_id_reuse();
	test_attach();
	test_fork_exec(self_path(argv[0]));
	test_ctl();
	test_limits();
	test_sem_basic();
	test_sem_wait();
	test_sem_undo();
	test_sem_ctl();
	test_msg();
	return tap_finish();
}
