// SPDX-License-Identifier: GPL-2.0-only
/*
 * Concurrency self test of the dentry cache and the directory
 * operations: threads on all CPUs create, rename (within and across
 * directories), stat and unlink their own names, append to one shared
 * file, and list the directories, all at once.  Afterwards the shared
 * file must hold every append exactly once, the directories must be
 * empty again, and no dentry or inode may be left over.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/kthread.h>
#include <linux/completion.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/dirent.h>
#include <linux/selftest.h>
#include <asm/atomic.h>
#include "vfs_selftest.h"

#define NR_WORKERS	4
#define ITERATIONS	40
#define APPEND_LEN	8
#define BASE		"/selftest-smp"

static atomic_t failures;
/* Done before kthread_stop(), which would keep a thread that never ran from running. */
static struct completion finished[NR_WORKERS + 1];

static void fail(const char *what, const char *name, long err)
{
	if (atomic_inc_return(&failures) <= 5)
		st_diag("%s %s: %ld", what, name, err);
}

static int worker(void *arg)
{
	long id = (long)arg;
	char a[64], b[64], c[64];
	struct kstat st;
	int i, fd, err;

	for (i = 0; i < ITERATIONS; i++) {
		snprintf(a, sizeof(a), BASE "/d1/w%ld-%d", id, i % 8);
		snprintf(b, sizeof(b), BASE "/d1/r%ld-%d", id, i % 8);
		snprintf(c, sizeof(c), BASE "/d2/x%ld-%d", id, i % 8);
		fd = t_open(a, O_WRONLY | O_CREAT | O_EXCL, 0644);
		if (fd < 0) {
			fail("create", a, fd);
			continue;
		}
		t_close(fd);
		err = t_rename(a, b, 0);
		if (err)
			fail("rename", a, err);
		err = t_rename(b, c, 0);
		if (err)
			fail("rename across", b, err);
		err = t_stat(c, &st);
		if (err || !S_ISREG(st.mode))
			fail("stat", c, err);
		if (t_stat(a, &st) != -ENOENT || t_stat(b, &st) != -ENOENT)
			fail("old name still there", a, 0);
		err = t_unlink(c);
		if (err)
			fail("unlink", c, err);
		fd = t_open(BASE "/shared", O_WRONLY | O_APPEND, 0);
		if (fd < 0 || t_write(fd, "12345678", APPEND_LEN) != APPEND_LEN)
			fail("append", "shared", fd);
		if (fd >= 0)
			t_close(fd);
	}
	complete(&finished[id]);
	return 0;
}

static int lister(void *arg)
{
	char *buf = kmalloc(1024, GFP_KERNEL);
	long id = (long)arg;
	int i, fd;

	if (!buf) {
		fail("kmalloc", "lister", -ENOMEM);
		complete(&finished[id]);
		return -ENOMEM;
	}
	for (i = 0; i < ITERATIONS / 2; i++) {
		fd = t_open(i % 2 ? BASE "/d1" : BASE "/d2", O_RDONLY | O_DIRECTORY, 0);
		if (fd < 0) {
			fail("open dir", "d1/d2", fd);
			continue;
		}
		while (t_getdents(fd, buf, 1024) > 0)
			;
		t_close(fd);
		cond_resched();
	}
	kfree(buf);
	complete(&finished[id]);
	return 0;
}

static int smp_body(void)
{
	struct task_struct *t[NR_WORKERS + 1];
	struct kstat st;
	char buf[256];
	int i, fd;
	long n;

	atomic_set(&failures, 0);
	ST_EQ(t_mkdir("d1", 0755), 0);
	ST_EQ(t_mkdir("d2", 0755), 0);
	ST_EQ(t_put_file("shared", "", 0), 0);
	for (i = 0; i <= NR_WORKERS; i++) {
		init_completion(&finished[i]);
		t[i] = kthread_create(i < NR_WORKERS ? worker : lister, (void *)(long)i,
				      "vfstest/%d", i);
		ST_ASSERT(!IS_ERR(t[i]), "kthread_create: %ld", PTR_ERR(t[i]));
		get_task_struct(t[i]);
		wake_up_process(t[i]);
	}
	for (i = 0; i <= NR_WORKERS; i++) {
		wait_for_completion(&finished[i]);
		kthread_stop(t[i]);
		put_task_struct(t[i]);
	}
	ST_EQ(atomic_read(&failures), 0);
	ST_EQ(t_stat("shared", &st), 0);
	ST_EQ(st.size, NR_WORKERS * ITERATIONS * APPEND_LEN);
	/* Both directories are empty again: only "." and "..". */
	for (i = 1; i <= 2; i++) {
		fd = t_open(i == 1 ? "d1" : "d2", O_RDONLY | O_DIRECTORY, 0);
		n = t_getdents(fd, buf, sizeof(buf));
		t_close(fd);
		ST_ASSERT(n == 2 * 24, "d%d lists %ld bytes", i, n);
		ST_EQ(t_rmdir(i == 1 ? "d1" : "d2"), 0);
	}
	st_diag("%d threads x %d create/rename/rename/unlink/append, 1 lister",
		NR_WORKERS, ITERATIONS);
	return 0;
}

static int test_smp(void)
{
	return vfs_run_sandboxed("smp", "tmpfs", NULL, smp_body);
}
DEFINE_SELFTEST("vfs: concurrent create/rename/unlink/append/readdir on all CPUs", test_smp);
