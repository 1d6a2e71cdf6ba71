// SPDX-License-Identifier: GPL-2.0-only
/*
 * tracing - debugfs and the writeback trace event files, as on Linux:
 * mount debugfs at /sys/kernel/debug (SKIP when impossible), check
 * tracing/events/writeback/balance_dirty_pages/enable (0 by default,
 * toggles), bdi_dirty_ratelimit/enable likewise, the group enable file,
 * the trace header, clearing with O_TRUNC, trace_pipe with O_NONBLOCK,
 * tracing_on, buffer_size_kb, and the per-bdi stats files when the
 * kernel has them.  Needs no disk.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dirent.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include "tap.h"
#include "util.h"

#define DBG "/sys/kernel/debug"
#define TR DBG "/tracing"
#define BDP TR "/events/writeback/balance_dirty_pages/enable"
#define BDR TR "/events/writeback/bdi_dirty_ratelimit/enable"

static char buf[65536];

static int put(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, text, strlen(text));
	close(fd);
	return n == (ssize_t)strlen(text) ? 0 : -1;
}

static void check_bdi_stats(void)
{
	DIR *d = opendir(DBG "/bdi");
	struct dirent *e;
	char path[300];
	struct stat st;
	int found = 0, bdis = 0;

	if (!d) {
		skip("no " DBG "/bdi (per-bdi debugfs files not in this kernel)");
		return;
	}
	while ((e = readdir(d))) {
		unsigned maj, min;

		if (sscanf(e->d_name, "%u:%u", &maj, &min) != 2)
			continue;
		bdis++;
		snprintf(path, sizeof(path), DBG "/bdi/%s/stats", e->d_name);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    strstr(file_text(path) ?: "", "BdiWriteback:")) {
			found = 1;
			break;
		}
	}
	closedir(d);
	if (!bdis) {
		skip("no block device bdi in " DBG "/bdi");
		return;
	}
	ok(found, "a bdi/<MAJ:MIN>/stats file with BdiWriteback:");
}

int main(void)
{
	int mounted = 0, fd;
	const char *s;
	char *p;

	if (access(BDP, F_OK) != 0) {
		if (mount("none", DBG, "debugfs", 0, NULL) == 0) {
			mounted = 1;
		} else if (errno != EBUSY) {
			skip("cannot mount debugfs on " DBG ": %s", strerror(errno));
			return tap_finish();
		}
	}
	ok(access(BDP, F_OK) == 0, "balance_dirty_pages/enable exists");
	s = file_text(BDP);
	ok_str(s, "0\n", "balance_dirty_pages is off by default");
	ok(put(BDP, "1") == 0, "enable balance_dirty_pages");
	ok_str(file_text(BDP), "1\n", "it reads 1");
	/* Linux has more writeback events than this one: the group is mixed. */
	ok_str(file_text(TR "/events/writeback/enable"), "X\n", "events/writeback/enable reads X");

	s = file_text(TR "/trace");
	ok(s && !strncmp(s, "# tracer: nop\n", 14), "trace starts with '# tracer: nop'");
	ok(s && strstr(s, "# entries-in-buffer/entries-written: "), "trace has the entries line");
	ok_str(file_text(TR "/tracing_on"), "1\n", "tracing_on reads 1");
	s = file_text(TR "/buffer_size_kb");
	ok(s && strtoul(s, &p, 10) > 0 && p != s, "buffer_size_kb is a number: %s", s ? s : "-");

	ok(put(BDP, "0") == 0, "disable balance_dirty_pages");
	ok_str(file_text(BDP), "0\n", "it reads 0");
	ok(put(BDP, "2") != 0, "writing 2 to enable fails");
	/* The rate-control event of the same design (Linux 3.2 on). */
	ok_str(file_text(BDR), "0\n", "bdi_dirty_ratelimit/enable exists and is off");
	ok(put(BDR, "1") == 0 && text_eq(file_text(BDR), "1\n") && put(BDR, "0") == 0,
	   "bdi_dirty_ratelimit toggles");

	fd = open(TR "/trace", O_WRONLY | O_TRUNC);
	ok(fd >= 0, "open trace O_TRUNC");
	if (fd >= 0)
		close(fd);
	s = file_text(TR "/trace");
	ok(s && strstr(s, "# entries-in-buffer/entries-written: 0/0 "), "trace is empty after O_TRUNC");
	fd = open(TR "/trace_pipe", O_RDONLY | O_NONBLOCK);
	ok(fd >= 0, "open trace_pipe O_NONBLOCK");
	if (fd >= 0) {
		ok_errno(read(fd, buf, sizeof(buf)), EAGAIN, "empty trace_pipe: EAGAIN");
		close(fd);
	}

	check_bdi_stats();
	if (mounted)
		ok(umount(DBG) == 0, "umount debugfs");
	return tap_finish();
}
