// SPDX-License-Identifier: GPL-2.0-only
/*
 * syslog(2): reading and clearing the kernel log and setting the console
 * level, on top of printk's record ring (kernel/printk/printk.c readers).
 *
 * Records come out as "<level>[seconds.micros] text\n", like Linux's
 * (the "[...]" stamp is always there, as with CONFIG_PRINTK_TIME).
 * READ_ALL returns the newest records that fit in the caller's buffer,
 * starting no earlier than the last CLEAR; READ consumes records from
 * syslog's own position and waits for one if there is none.
 *
 * Wakeups: printk() cannot wake sleepers here (it may run anywhere, even
 * inside the scheduler), so waiters arm log_wakeup_timer, which runs
 * every LOG_POLL_MS while somebody waits and wakes log_wait when new
 * records appeared.
 *
 * Interface: <linux/syslog.h>.  Locking: syslog_lock (a mutex) guards
 * syslog_seq and serialises READ/READ_CLEAR/CLEAR; clear_seq is read and
 * written with READ_ONCE/WRITE_ONCE.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/jiffies.h>
#include <linux/timer.h>
#include <linux/sched.h>
#include <linux/capability.h>
#include <linux/printk.h>
#include <linux/syscalls.h>
#include <linux/syslog.h>
#include <asm/uaccess.h>

/* How often a waiting reader checks for new records, ms. */
#define LOG_POLL_MS	50
/* A formatted record: printk's longest line plus the prefix. */
#define SYSLOG_REC_MAX	(1024 + 64)

int minimum_console_loglevel = 1;	/* Linux's MINIMUM_CONSOLE_LOGLEVEL */
int default_console_loglevel = 7;	/* Linux's CONSOLE_LOGLEVEL_DEFAULT */
static int saved_console_loglevel = -1;	/* CONSOLE_OFF's, for CONSOLE_ON */

static DEFINE_MUTEX(syslog_lock);
static u64 syslog_seq;			/* next record for SYSLOG_ACTION_READ */
static u64 clear_seq;			/* set by SYSLOG_ACTION_CLEAR */

DECLARE_WAIT_QUEUE_HEAD(log_wait);
static u64 log_seen_seq;		/* log_next_seq() at the last timer run */

u64 syslog_clear_seq(void)
{
	return READ_ONCE(clear_seq);
}

/* ------------------------------------------------------------ wakeups */

static void log_wakeup_fn(struct timer_list *t);
static DEFINE_TIMER(log_wakeup_timer, log_wakeup_fn);

static void log_wakeup_fn(struct timer_list *t)
{
	u64 next = log_next_seq();

	if (next != READ_ONCE(log_seen_seq)) {
		WRITE_ONCE(log_seen_seq, next);
		wake_up_interruptible_all(&log_wait);
	}
	if (waitqueue_active(&log_wait))
		mod_timer(&log_wakeup_timer, jiffies + msecs_to_jiffies(LOG_POLL_MS));
}

void log_wait_arm(void)
{
	if (!timer_pending(&log_wakeup_timer))
		mod_timer(&log_wakeup_timer, jiffies + msecs_to_jiffies(LOG_POLL_MS));
}

int log_wait_for(u64 seq)
{
	DEFINE_WAIT(wait);
	int ret = 0;

	for (;;) {
		prepare_to_wait(&log_wait, &wait, TASK_INTERRUPTIBLE);
		if (log_next_seq() > seq)
			break;
		if (signal_pending(current)) {
			ret = -ERESTARTSYS;
			break;
		}
		log_wait_arm();
		schedule();
	}
	finish_wait(&log_wait, &wait);
	return ret;
}

/* ------------------------------------------------------------ formatting */

/* Split "prio,seq,usec,flags;text" (log_format_kmsg()); 0 or -EINVAL. */
static int parse_kmsg_prefix(const char *rec, unsigned int *level, unsigned long long *seq,
			     unsigned long long *usec, int *consumed)
{
	char *p;

	*level = simple_strtoul(rec, &p, 10) & 7;
	if (*p++ != ',')
		return -EINVAL;
	*seq = simple_strtoull(p, &p, 10);
	if (*p++ != ',')
		return -EINVAL;
	*usec = simple_strtoull(p, &p, 10);
	if (*p++ != ',')
		return -EINVAL;
	p = strchr(p, ';');
	if (!p)
		return -EINVAL;
	*consumed = p + 1 - rec;
	return 0;
}

int syslog_format_record(u64 seq, char *buf, int len, u64 *next)
{
	unsigned int level;
	unsigned long long rseq, usec;
	char *rec, *text;
	int n, consumed = 0, out;
	size_t tlen;

	rec = kmalloc(SYSLOG_REC_MAX, GFP_KERNEL);
	if (!rec)
		return 0;
	n = log_format_kmsg(seq, rec, SYSLOG_REC_MAX, next);
	if (n <= 0) {
		kfree(rec);
		return 0;
	}
	rec[n] = '\0';
	if (parse_kmsg_prefix(rec, &level, &rseq, &usec, &consumed)) {
		kfree(rec);
		return 0;
	}
	text = rec + consumed;
	tlen = n - consumed;		/* includes the trailing newline */
	out = snprintf(buf, len, "<%u>[%5llu.%06llu] ", level, usec / 1000000, usec % 1000000);
	if (out + (int)tlen > len) {
		kfree(rec);
		return 0;
	}
	memcpy(buf + out, text, tlen);
	kfree(rec);
	return out + tlen;
}

/* ------------------------------------------------------------ syslog(2) */

int check_syslog_permissions(int type, bool for_devkmsg)
{
	/* Reading everything is allowed unless dmesg_restrict says otherwise. */
	if ((type == SYSLOG_ACTION_READ_ALL || type == SYSLOG_ACTION_SIZE_BUFFER) &&
	    !READ_ONCE(dmesg_restrict))
		return 0;
	if (for_devkmsg && !READ_ONCE(dmesg_restrict))
		return 0;
	if (capable(CAP_SYSLOG) || capable(CAP_SYS_ADMIN))
		return 0;
	return -EPERM;
}

/* Bytes READ_ALL would return from seq on: the formatted size of every record. */
static int syslog_bytes_from(u64 seq, char *tmp)
{
	u64 next, end = log_next_seq();
	int total = 0;

	while (seq < end) {
		int n = syslog_format_record(seq, tmp, SYSLOG_REC_MAX, &next);

		if (!n && next <= seq)
			break;
		total += n;
		seq = next;
	}
	return total;
}

/*
 * Copy records from *seq on to the user buffer while they fit; advances
 * *seq past the records copied.  Returns the bytes copied or -EFAULT.
 */
static int syslog_copy_records(u64 *seq, char *ubuf, int len, char *tmp)
{
	u64 next, end = log_next_seq();
	int done = 0;

	while (*seq < end) {
		int n = syslog_format_record(*seq, tmp, SYSLOG_REC_MAX, &next);

		if (!n && next <= *seq)
			break;
		if (done + n > len)
			break;
		if (n && copy_to_user(ubuf + done, tmp, n))
			return done ? done : -EFAULT;
		done += n;
		*seq = next;
	}
	return done;
}

/* READ_ALL / READ_CLEAR: the newest records since the last CLEAR that fit in len. */
static int syslog_read_all(char *ubuf, int len, bool clear, char *tmp)
{
	u64 seq = max(READ_ONCE(clear_seq), log_first_seq()), next;
	int total = syslog_bytes_from(seq, tmp), ret;

	/* Skip the oldest records until the rest fits. */
	while (total > len && seq < log_next_seq()) {
		int n = syslog_format_record(seq, tmp, SYSLOG_REC_MAX, &next);

		if (!n && next <= seq)
			break;
		total -= n;
		seq = next;
	}
	ret = syslog_copy_records(&seq, ubuf, len, tmp);
	if (clear && ret >= 0)
		WRITE_ONCE(clear_seq, log_next_seq());
	return ret;
}

/* READ: consume records from syslog_seq, waiting for the first one. */
static int syslog_read(char *ubuf, int len, char *tmp)
{
	int ret;

	mutex_lock(&syslog_lock);
	while (log_next_seq() <= syslog_seq) {
		mutex_unlock(&syslog_lock);
		ret = log_wait_for(syslog_seq);
		if (ret)
			return ret;
		mutex_lock(&syslog_lock);
	}
	if (syslog_seq < log_first_seq())
		syslog_seq = log_first_seq();
	ret = syslog_copy_records(&syslog_seq, ubuf, len, tmp);
	mutex_unlock(&syslog_lock);
	return ret;
}

int do_syslog(int type, char *ubuf, int len)
{
	char *tmp;
	int err;

	err = check_syslog_permissions(type, false);
	if (err)
		return err;

	switch (type) {
	case SYSLOG_ACTION_CLOSE:
	case SYSLOG_ACTION_OPEN:
		return 0;
	case SYSLOG_ACTION_READ:
	case SYSLOG_ACTION_READ_ALL:
	case SYSLOG_ACTION_READ_CLEAR:
		if (!ubuf || len < 0)
			return -EINVAL;
		if (!len)
			return 0;
		if (!access_ok(ubuf, len))
			return -EFAULT;
		tmp = kmalloc(SYSLOG_REC_MAX, GFP_KERNEL);
		if (!tmp)
			return -ENOMEM;
		if (type == SYSLOG_ACTION_READ)
			err = syslog_read(ubuf, len, tmp);
		else
			err = syslog_read_all(ubuf, len, type == SYSLOG_ACTION_READ_CLEAR, tmp);
		kfree(tmp);
		return err;
	case SYSLOG_ACTION_CLEAR:
		WRITE_ONCE(clear_seq, log_next_seq());
		return 0;
	case SYSLOG_ACTION_CONSOLE_OFF:
		if (saved_console_loglevel == -1)
			saved_console_loglevel = console_loglevel;
		console_loglevel = minimum_console_loglevel;
		return 0;
	case SYSLOG_ACTION_CONSOLE_ON:
		if (saved_console_loglevel != -1) {
			console_loglevel = saved_console_loglevel;
			saved_console_loglevel = -1;
		}
		return 0;
	case SYSLOG_ACTION_CONSOLE_LEVEL:
		if (len < 1 || len > 8)
			return -EINVAL;
		console_loglevel = max(len, minimum_console_loglevel);
		/* An explicit level ends a CONSOLE_OFF. */
		saved_console_loglevel = -1;
		return 0;
	case SYSLOG_ACTION_SIZE_UNREAD:
		tmp = kmalloc(SYSLOG_REC_MAX, GFP_KERNEL);
		if (!tmp)
			return -ENOMEM;
		mutex_lock(&syslog_lock);
		err = syslog_bytes_from(max(syslog_seq, log_first_seq()), tmp);
		mutex_unlock(&syslog_lock);
		kfree(tmp);
		return err;
	case SYSLOG_ACTION_SIZE_BUFFER:
		return log_buf_len();
	}
	return -EINVAL;
}

SYSCALL_DEFINE3(syslog, int, type, char *, buf, int, len)
{
	return do_syslog(type, buf, len);
}
