// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of /dev/kmsg and syslog(2): the record format, the level
 * prefix of writes, EAGAIN/EINVAL, seeking, and the syslog formatter and
 * size queries.  /dev/kmsg is opened on a devtmpfs mounted in a sandbox.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/printk.h>
#include <linux/syslog.h>
#include <linux/selftest.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/fs.h>
#include "../../fs/vfs_selftest.h"

/* Check "prio,seq,usec,-;text\n" and return the seq, or -1. */
static long long parse_record(const char *rec, int prio, const char *text)
{
	char *p;
	long long seq;

	if (simple_strtoul(rec, &p, 10) != (unsigned long)prio || *p++ != ',')
		return -1;
	seq = simple_strtoull(p, &p, 10);
	if (*p++ != ',')
		return -1;
	simple_strtoull(p, &p, 10);
	if (strncmp(p, ",-;", 3) || strncmp(p + 3, text, strlen(text)) ||
	    strcmp(p + 3 + strlen(text), "\n"))
		return -1;
	return seq;
}

/*
 * Read records until the one with text (other CPUs may log meanwhile);
 * its seq, or -1 if it is not among the next few.
 */
static long long read_until(int fd, int prio, const char *text)
{
	char rec[256];

	for (int i = 0; i < 32; i++) {
		ssize_t n = t_read(fd, rec, sizeof(rec) - 1);
		long long seq;

		if (n <= 0)
			return -1;
		rec[n] = '\0';
		seq = parse_record(rec, prio, text);
		if (seq >= 0)
			return seq;
	}
	return -1;
}

static int kmsg_body(void)
{
	char rec[256], small[8];
	long long seq1, seq2, seq3;
	u64 next;
	ssize_t n;
	int fd = t_open("kmsg", O_RDWR | O_NONBLOCK, 0);

	ST_ASSERT(fd >= 0, "open /dev/kmsg: %d", fd);
	ST_ASSERT(t_lseek(fd, 0, SEEK_END) == 0, "SEEK_END");
	n = t_read(fd, rec, sizeof(rec));
	ST_ASSERT(n == -EAGAIN || n > 0, "after SEEK_END: %zd", n);
	pr_warn("kmsg-selftest one\n");
	seq1 = read_until(fd, 4, "kmsg-selftest one");
	ST_ASSERT(seq1 >= 0, "no \"4,seq,usec,-;kmsg-selftest one\" record");

	ST_ASSERT(t_write(fd, "<3>kmsg-selftest two", 20) == 20, "write");
	pr_info("kmsg-selftest three\n");
	ST_ASSERT(t_read(fd, small, sizeof(small)) == -EINVAL, "too small a buffer");
	seq2 = read_until(fd, 3, "kmsg-selftest two");
	seq3 = read_until(fd, 6, "kmsg-selftest three");
	ST_ASSERT(seq2 > seq1 && seq3 > seq2, "seqs %lld %lld %lld", seq1, seq2, seq3);
	ST_ASSERT(read_until(fd, 6, "kmsg-selftest none") == -1, "EAGAIN at the end");

	ST_ASSERT(t_lseek(fd, 1, SEEK_SET) == -ESPIPE, "only offset 0");
	ST_ASSERT(t_lseek(fd, 0, SEEK_SET) == 0, "SEEK_SET");
	ST_ASSERT(t_read(fd, rec, sizeof(rec)) > 0, "the oldest record after SEEK_SET");
	t_close(fd);

	n = syslog_format_record(seq1, rec, sizeof(rec), &next);
	rec[n > 0 ? n : 0] = '\0';
	ST_ASSERT(n > 0 && !strncmp(rec, "<4>[", 4) && strstr(rec, "] kmsg-selftest one\n") &&
		  next == (u64)seq1 + 1, "syslog format: %s", rec);
	return 0;
}

static int devkmsg_test(void)
{
	return vfs_run_sandboxed("kmsg", "devtmpfs", NULL, kmsg_body);
}
DEFINE_SELFTEST("printk: /dev/kmsg records, <N> writes, EAGAIN/EINVAL, seeking", devkmsg_test);

static int syslog_test(void)
{
	ST_ASSERT(do_syslog(SYSLOG_ACTION_SIZE_BUFFER, NULL, 0) == log_buf_len(), "SIZE_BUFFER");
	ST_ASSERT(do_syslog(SYSLOG_ACTION_SIZE_UNREAD, NULL, 0) > 0, "SIZE_UNREAD");
	ST_ASSERT(do_syslog(SYSLOG_ACTION_READ_ALL, NULL, 10) == -EINVAL, "NULL buffer");
	ST_ASSERT(do_syslog(SYSLOG_ACTION_CONSOLE_LEVEL, NULL, 9) == -EINVAL, "level 9");
	ST_ASSERT(do_syslog(11, NULL, 0) == -EINVAL, "unknown action");
	return 0;
}
DEFINE_SELFTEST("printk: syslog(2) sizes and argument checks", syslog_test);
