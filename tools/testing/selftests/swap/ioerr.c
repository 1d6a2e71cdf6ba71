// SPDX-License-Identifier: GPL-2.0-only
/*
 * ioerr - a swap device that fails reads costs the owner of the lost
 * pages a SIGBUS, never the kernel or anybody else.
 *
 * Usage: ioerr SWAPDEV
 *
 * SWAPDEV is the only swap area on, and the host put QEMU's blkdebug
 * driver under it with swap/ioerr-rules.conf: reads fail with EIO from the
 * first flush the guest sends the disk (fsync() of the device node) until
 * the next write reaches it.  vm.page-cluster is set to 0 here so that no
 * read-ahead reads other processes' slots while the disk is bad.
 *
 * This process locks its own memory (mlockall()) so it never needs the
 * bad disk.  A child fills 1.5 x RAM of anonymous memory with a pattern,
 * so most of it goes to swap, and tells us.  Once swap writes have
 * stopped we flush (the disk turns bad) and check that an O_DIRECT read of
 * the device fails (if a stray swap write mended it in between, we settle
 * and flush again, three times at most); the child reads its memory back
 * and must die of SIGBUS at the first page whose slot cannot be read - not
 * get zeros or a wrong page.  From the flush until the child reads, nothing
 * should write to swap (a write mends the disk): so this process holds a
 * locked reserve of an eighth of RAM through the fill and frees it before
 * the writes settle and the flush, and reclaim stops with memory to spare.
 * Linux still swaps a page out in that window now and then (about one
 * round in ten here): the child then meets no bad read and reads
 * everything back intact, which proves nothing either way, and the round
 * is repeated (three at most).  Then a second child pages 1.5 x RAM through
 * swap (its first write mends the disk) and must read it all back intact,
 * and an O_DIRECT read works again: the area survived.
 */
#include <sys/mman.h>
#include <sys/sysinfo.h>
#include <sys/wait.h>
#include <stdint.h>

#include "tap.h"
#include "util.h"
#include "swap/pattern.h"

#define MiB (1024UL * 1024)

/*
 * Child: fill bytes, write one byte to ready_fd, wait for a byte on go_fd
 * (if >= 0), read everything back.  Exit 0 if intact, 1 on a wrong word,
 * 2 if the memory could not be had.
 */
static void toucher(size_t bytes, int ready_fd, int go_fd)
{
	size_t words = bytes / 8;
	uint64_t *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char c = 0;

	if (p == MAP_FAILED)
		_exit(2);
	pattern_fill(p, words, 7);
	if (ready_fd >= 0 && write(ready_fd, &c, 1) != 1)
		_exit(2);
	if (go_fd >= 0 && read(go_fd, &c, 1) != 1)
		_exit(2);
	_exit(pattern_first_bad(p, words, 7) < words ? 1 : 0);
}

/* fsync() of the device node: the flush that turns the disk bad. */
static int flush_dev(const char *dev)
{
	int fd = open(dev, O_RDONLY), err = 0;

	if (fd < 0)
		return errno;
	if (fsync(fd))
		err = errno;
	close(fd);
	return err;
}

/*
 * Wait until no swap write is in flight and none has started for a
 * whole second (at most about a minute): a write would end the disk's
 * bad spell early.  Says every 10 s what it is still waiting for.
 */
static void swap_writes_settle(void)
{
	long last = -1, out = 0, wb = 0;
	int tick, quiet = 0;

	for (tick = 0; tick < 700; tick++) {
		out = vmstat("pswpout");
		wb = vmstat("nr_writeback");
		quiet = (out == last && wb == 0) ? quiet + 1 : 0;
		if (quiet >= 10)
			return;
		if (tick && tick % 100 == 0)
			diag("swap writes still going after %d s: pswpout %ld (+%ld), nr_writeback %ld, pswpin %ld",
			     tick / 10, out, out - last, wb, vmstat("pswpin"));
		last = out;
		usleep(100000);
	}
	diag("swap writes did not settle: pswpout %ld, nr_writeback %ld", out, wb);
}

/* An O_DIRECT read of one page in the middle of the device: 0 or errno. */
static int direct_read(const char *dev)
{
	static char buf[4096] __attribute__((aligned(4096)));
	int fd = open(dev, O_RDONLY | O_DIRECT), err = 0;

	if (fd < 0)
		return errno;
	if (pread(fd, buf, sizeof(buf), 64 * 4096) != (ssize_t)sizeof(buf))
		err = errno ? errno : EIO;
	close(fd);
	return err;
}

/*
 * One round of the bad spell: a child fills its memory while we hold the
 * locked reserve, the reserve goes back, swap writes settle, a flush turns
 * the disk bad (an O_DIRECT read must fail; a swap write that slipped in
 * after the flush mended it, so settle and flush again, three times at
 * most), and the child reads its memory back.  Returns the child's wait
 * status; *flush_err and *read_err say how turning the disk bad went.
 */
static int bad_spell_round(const char *dev, size_t bytes, size_t reserve_bytes,
			   int *flush_err, int *read_err)
{
	int ready[2], go[2], st, tries;
	long out_bad, in_bad;
	void *reserve;
	pid_t pid;
	char c;

	/* locked (MCL_FUTURE) and touched: it is ours until we unmap it */
	reserve = mmap(NULL, reserve_bytes, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (reserve == MAP_FAILED)
		bail_out("cannot map a %zu MiB reserve: %s", reserve_bytes / MiB, strerror(errno));
	memset(reserve, 1, reserve_bytes);
	if (pipe(ready) || pipe(go))
		bail_out("pipe: %s", strerror(errno));

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		munlockall();
		close(ready[0]);
		close(go[1]);
		toucher(bytes, ready[1], go[0]);
	}
	close(ready[1]);
	close(go[0]);
	if (read(ready[0], &c, 1) != 1) {
		st = wait_status(pid);
		bail_out("the child did not fill its memory (%s)", status_str(st));
	}
	close(ready[0]);
	munmap(reserve, reserve_bytes);
	for (tries = 1;; tries++) {
		swap_writes_settle();
		*flush_err = flush_dev(dev);
		*read_err = direct_read(dev);
		if (*flush_err || *read_err != 0 || tries == 3)
			break;
		diag("a swap write mended the disk right after flush %d; again", tries);
	}
	out_bad = vmstat("pswpout");
	in_bad = vmstat("pswpin");
	/* a child not woken finds the pipe closed and exits 2 */
	if (!*flush_err && *read_err == EIO && write(go[1], "g", 1) != 1)
		bail_out("cannot wake the child");
	close(go[1]);
	st = wait_status(pid);
	if (!WIFSIGNALED(st) || WTERMSIG(st) != SIGBUS)
		diag("since the disk turned bad: pswpout +%ld, pswpin +%ld",
		     vmstat("pswpout") - out_bad, vmstat("pswpin") - in_bad);
	return st;
}

int main(int argc, char **argv)
{
	int st, err, flush_err, round;
	char cluster[32];
	struct sysinfo si;
	size_t bytes, reserve_bytes;
	pid_t pid;

	if (argc != 2)
		bail_out("usage: ioerr SWAPDEV");
	tap_plan(5);
	if (read_text("/proc/sys/vm/page-cluster", cluster, sizeof(cluster)) <= 0)
		bail_out("no /proc/sys/vm/page-cluster");
	if (sysinfo(&si))
		bail_out("sysinfo: %s", strerror(errno));
	bytes = ((size_t)si.totalram * si.mem_unit * 3 / 2) & ~(MiB - 1);
	reserve_bytes = ((size_t)si.totalram * si.mem_unit / 8) & ~(MiB - 1);
	if (write_text("/proc/sys/vm/page-cluster", "0\n"))
		bail_out("cannot set vm.page-cluster");
	if (mlockall(MCL_CURRENT | MCL_FUTURE))
		bail_out("mlockall: %s", strerror(errno));
	/*
	 * A child that read all of its memory back intact met no bad read:
	 * a swap write (Linux's reclaim, now and then, between our check of
	 * the disk and the child's first swap read) ended the bad spell
	 * first.  That says nothing either way - a kernel that hid a failed
	 * read would have handed the child a wrong page, and it exits 1 for
	 * that - so the round is repeated, three rounds at most.
	 */
	for (round = 1;; round++) {
		st = bad_spell_round(argv[1], bytes, reserve_bytes, &flush_err, &err);
		if (flush_err || err != EIO || round == 3 ||
		    !WIFEXITED(st) || WEXITSTATUS(st) != 0)
			break;
		diag("round %d: the child met no bad read (the bad spell ended first); again", round);
	}
	ok(!flush_err, "fsync of %s (the disk now fails reads): %s", argv[1], strerror(flush_err));
	ok(err == EIO, "an O_DIRECT read of the bad disk fails with EIO (%s)", strerror(err));
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGBUS,
	   "a process whose swapped pages cannot be read back dies of SIGBUS (%s, %zu MiB)",
	   status_str(st), bytes / MiB);

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		munlockall();
		toucher(bytes, -1, -1);
	}
	st = wait_status(pid);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "afterwards %zu MiB still go through swap intact (%s)", bytes / MiB, status_str(st));
	err = direct_read(argv[1]);
	ok(!err, "an O_DIRECT read of the mended disk works (%s)", strerror(err));
	write_text("/proc/sys/vm/page-cluster", cluster);
	return tap_finish();
}
