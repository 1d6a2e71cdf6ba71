/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * syslog(2) and the readers of the kernel log (kernel/printk/syslog.c,
 * kernel/printk/devkmsg.c) on top of printk's ring (<linux/printk.h>).
 *
 *   do_syslog(type, ubuf, len)      syslog(2) without the syscall wrapper
 *   syslog_format_record(seq, ...)  one record as "<L>[    5.123456] text\n"
 *   log_wait_for(seq)               sleep until a record >= seq exists
 *   log_wait                        the queue log_wait_for()/poll wait on;
 *                                   log_wait_arm() makes sure a wakeup comes
 */
#ifndef _LINUX_SYSLOG_H
#define _LINUX_SYSLOG_H

#include <linux/types.h>
#include <linux/wait.h>

/* syslog(2)'s type argument; the numbers are the ones syslog(2) documents. */
enum syslog_action {
	SYSLOG_ACTION_CLOSE = 0,	/* no-op */
	SYSLOG_ACTION_OPEN = 1,		/* no-op */
	SYSLOG_ACTION_READ = 2,		/* wait for and consume records */
	SYSLOG_ACTION_READ_ALL = 3,	/* copy the whole ring, consume nothing */
	SYSLOG_ACTION_READ_CLEAR = 4,	/* READ_ALL, then CLEAR */
	SYSLOG_ACTION_CLEAR = 5,	/* forget the ring for READ_ALL */
	SYSLOG_ACTION_CONSOLE_OFF = 6,	/* console_loglevel to the minimum */
	SYSLOG_ACTION_CONSOLE_ON = 7,	/* ... and back */
	SYSLOG_ACTION_CONSOLE_LEVEL = 8,	/* set console_loglevel to len */
	SYSLOG_ACTION_SIZE_UNREAD = 9,	/* bytes READ would return now */
	SYSLOG_ACTION_SIZE_BUFFER = 10,	/* size of the ring */
};

/* The other kernel.printk levels (console_loglevel is printk's). */
extern int minimum_console_loglevel;
extern int default_console_loglevel;
/* kernel.dmesg_restrict: reading the log needs CAP_SYSLOG. */
extern int dmesg_restrict;
/* The sequence number SYSLOG_ACTION_CLEAR set (READ_ALL and /dev/kmsg SEEK_DATA start there). */
u64 syslog_clear_seq(void);

int do_syslog(int type, char *ubuf, int len);
/* May current read the log (-EPERM if not)?  for_devkmsg: the /dev/kmsg rules. */
int check_syslog_permissions(int type, bool for_devkmsg);
/*
 * Format the record seq (or the first one after it that still exists) in
 * syslog's format into buf; returns the length (0: no such record, or it
 * does not fit) and the sequence number after it in *next.
 */
int syslog_format_record(u64 seq, char *buf, int len, u64 *next);

extern wait_queue_head_t log_wait;
void log_wait_arm(void);
/* 0 once log_next_seq() > seq; -ERESTARTSYS on a signal. */
int log_wait_for(u64 seq);

#endif /* _LINUX_SYSLOG_H */
