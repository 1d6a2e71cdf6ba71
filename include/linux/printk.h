/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * printk: the kernel log.  A message starts with an optional level prefix
 * (KERN_ERR ...); printk() stores it in the log ring buffer (read by dmesg
 * through syslog(2) and /dev/kmsg) with a timestamp, and prints it on every
 * registered console when its level is below console_loglevel.
 */
#ifndef _LINUX_PRINTK_H
#define _LINUX_PRINTK_H

#include <linux/compiler.h>
#include <linux/stdarg.h>
#include <linux/types.h>

#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#define KERN_DEFAULT	""
#define KERN_CONT	KERN_SOH "c"

#define LOGLEVEL_DEFAULT 4	/* level of a message without a prefix */

extern int console_loglevel;

__printf(1, 2) int printk(const char *fmt, ...);
int vprintk(const char *fmt, va_list args);

#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif

#define pr_emerg(fmt, ...) printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...) printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...) printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...) printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...) printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...) printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...) printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...) printk(KERN_DEBUG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_cont(fmt, ...) printk(KERN_CONT fmt, ##__VA_ARGS__)

#define printk_once(fmt, ...)					\
	({							\
		static bool __printed;				\
		if (!__printed) {				\
			__printed = true;			\
			printk(fmt, ##__VA_ARGS__);		\
		}						\
	})
#define pr_warn_once(fmt, ...) printk_once(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)

/*
 * Rate-limited printing, for messages a user can trigger at will (a bad
 * swap slot on every fault): each call site prints at most
 * PRINTK_RATELIMIT_BURST lines per PRINTK_RATELIMIT_INTERVAL_MS, and says
 * how many it left out when it prints again.
 */
#define PRINTK_RATELIMIT_INTERVAL_MS	5000
#define PRINTK_RATELIMIT_BURST		10
struct printk_ratelimit_state {
	unsigned long begin;		/* jiffies: start of the current interval */
	int printed;			/* lines printed in it */
	int missed;			/* lines left out in it */
};
bool __printk_ratelimit(struct printk_ratelimit_state *rs, const char *site);
#define printk_ratelimited(fmt, ...)					\
	({								\
		static struct printk_ratelimit_state __rs;		\
		if (__printk_ratelimit(&__rs, __func__))		\
			printk(fmt, ##__VA_ARGS__);			\
	})
#define pr_err_ratelimited(fmt, ...) printk_ratelimited(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn_ratelimited(fmt, ...) printk_ratelimited(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info_once(fmt, ...) printk_once(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)

/* Consoles: every registered console receives each printed line. */
struct console {
	char name[16];		/* "ttyS" */
	int index;		/* 0 for ttyS0 */
	void (*write)(struct console *con, const char *s, unsigned int n);
	struct console *next;
};

void register_console(struct console *con);
/* Set by console=name[N][,options]; drivers check it before registering. */
bool console_wanted(const char *name, int index, const char **options);

/* Reading the log (syslog(2), /dev/kmsg). */
int log_buf_read_all(char *buf, int len);	/* "<L>[ts] text\n" records */
u64 log_first_seq(void);
u64 log_next_seq(void);
/* Format record seq as /dev/kmsg does; returns length, 0 if gone. */
int log_format_kmsg(u64 seq, char *buf, int len, u64 *next_seq);
void log_clear(void);
int log_buf_len(void);

/* Printing from an oops: take no locks that the faulting CPU may hold. */
void printk_enter_oops(void);

/* Time base for timestamps (ns since boot); 0 until a clock exists. */
u64 local_clock(void);

void dump_stack(void);

#endif /* _LINUX_PRINTK_H */
