// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel log: a ring buffer of records plus the console output path.
 *
 * Interface: printk()/vprintk(), register_console(), the readers used by
 * syslog(2) and /dev/kmsg (log_buf_read_all(), log_format_kmsg(), ...),
 * and the console= / loglevel= / quiet boot parameters.
 *
 * A record is a header (sequence number, timestamp, level, text length)
 * followed by its text, stored contiguously in log_buf; a record never
 * wraps - when it does not fit before the end, an empty "wrap" header is
 * written and the record starts at offset 0.  The oldest records are
 * dropped to make room.  Sequence numbers grow forever, so readers notice
 * what they missed.
 *
 * Locking: logbuf_lock (irqsave) guards the ring and the continuation
 * buffer; console_lock serialises console output so lines from different
 * CPUs do not interleave mid-line.  After printk_enter_oops() both are
 * only tried, never waited for, so a CPU that oopsed while holding one
 * still gets its report out.
 */
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/printk.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/kstrtox.h>
#include <linux/va_call.h>

#define LOG_BUF_LEN	(1 << CONFIG_LOG_BUF_SHIFT)
#define LOG_LINE_MAX	1024	/* longest single message */
#define REC_WRAP	0xffff	/* text_len of a header that means "go to 0" */

struct printk_rec {
	u64 seq;
	u64 ts_nsec;
	u16 text_len;		/* REC_WRAP: no record here, continue at 0 */
	u8 level;
	u8 pad[5];
};

static char log_buf[LOG_BUF_LEN] __aligned(8);
static u32 log_first_idx, log_next_idx;	/* byte offsets of oldest / next record */
static u64 log_first, log_next;		/* their sequence numbers */
static DEFINE_SPINLOCK(logbuf_lock);
static DEFINE_SPINLOCK(console_lock);
static struct console *console_list;
static bool oops_in_progress;

int console_loglevel = CONFIG_DEFAULT_CONSOLE_LOGLEVEL;

/* Continuation: text of a line that has not seen its '\n' yet. */
static char cont_buf[LOG_LINE_MAX];
static int cont_len;
static int cont_level;
static u64 cont_ts;

u64 __weak local_clock(void)
{
	return 0;
}

static u32 rec_size(u32 text_len)
{
	return ALIGN(sizeof(struct printk_rec) + text_len, 8);
}

static struct printk_rec *rec_at(u32 idx)
{
	struct printk_rec *r = (struct printk_rec *)(log_buf + idx);

	/* A wrap marker, or too little room for any header: start over. */
	if (idx + sizeof(*r) > LOG_BUF_LEN || r->text_len == REC_WRAP)
		return (struct printk_rec *)log_buf;
	return r;
}

static u32 rec_idx(struct printk_rec *r)
{
	return (u32)((char *)r - log_buf);
}

static void drop_oldest(void)
{
	struct printk_rec *r = rec_at(log_first_idx);

	log_first_idx = rec_idx(r) + rec_size(r->text_len);
	log_first++;
}

/* Byte offset of the oldest record (its wrap marker resolved). */
static u32 first_idx(void)
{
	return rec_idx(rec_at(log_first_idx));
}

#define log_empty() (log_first == log_next)

/*
 * Live records occupy [first, next) or, once wrapped, [first, end) and
 * [0, next).  Only the oldest record can stand where the next one goes,
 * so making room means dropping oldest records until it is out of the way.
 */
static void log_store(int level, u64 ts, const char *text, u32 len)
{
	u32 size = rec_size(len);
	u32 idx = log_next_idx;
	struct printk_rec *r;

	if (idx + size > LOG_BUF_LEN) {
		/* Wrap: retire the old segment past idx, mark idx, go to 0. */
		while (!log_empty() && first_idx() > idx)
			drop_oldest();
		if (idx + sizeof(*r) <= LOG_BUF_LEN)
			((struct printk_rec *)(log_buf + idx))->text_len = REC_WRAP;
		if (log_empty())
			log_first_idx = 0;
		idx = 0;
		while (!log_empty() && first_idx() < size)
			drop_oldest();
	} else {
		while (!log_empty() && first_idx() >= idx && first_idx() < idx + size)
			drop_oldest();
	}

	r = (struct printk_rec *)(log_buf + idx);
	r->seq = log_next++;
	r->ts_nsec = ts;
	r->text_len = len;
	r->level = level;
	memcpy(r + 1, text, len);
	log_next_idx = idx + size;
	if (log_first == r->seq)
		log_first_idx = idx;
}

static int format_prefix(char *buf, int len, u64 ts)
{
	unsigned long sec = ts / 1000000000ULL;
	unsigned long usec = (ts % 1000000000ULL) / 1000;

	return scnprintf(buf, len, "[%5lu.%06lu] ", sec, usec);
}

static void console_emit(int level, u64 ts, const char *text, int len)
{
	char prefix[32];
	int plen;
	struct console *con;
	bool locked;

	if (level >= console_loglevel || !console_list)
		return;
	plen = format_prefix(prefix, sizeof(prefix), ts);
	if (oops_in_progress) {
		locked = spin_trylock(&console_lock);
	} else {
		spin_lock(&console_lock);
		locked = true;
	}
	for (con = console_list; con; con = con->next) {
		con->write(con, prefix, plen);
		con->write(con, text, len);
		con->write(con, "\n", 1);
	}
	if (locked)
		spin_unlock(&console_lock);
}

static void flush_cont(void)
{
	if (!cont_len)
		return;
	log_store(cont_level, cont_ts, cont_buf, cont_len);
	console_emit(cont_level, cont_ts, cont_buf, cont_len);
	cont_len = 0;
}

static void emit_line(int level, bool cont, const char *text, int len, bool newline)
{
	u64 ts = local_clock();

	if (!cont)
		flush_cont();
	else if (!cont_len)
		cont = false;
	if (cont || !newline) {
		if (!cont_len) {
			cont_level = level;
			cont_ts = ts;
		}
		if (cont_len + len > (int)sizeof(cont_buf))
			len = sizeof(cont_buf) - cont_len;
		memcpy(cont_buf + cont_len, text, len);
		cont_len += len;
		if (newline)
			flush_cont();
		return;
	}
	log_store(level, ts, text, len);
	console_emit(level, ts, text, len);
}

int vprintk(const char *fmt, va_list args)
{
	static char textbuf[LOG_LINE_MAX];
	unsigned long flags;
	int level = LOGLEVEL_DEFAULT;
	bool cont = false, locked = true;
	char *text, *nl;
	int len;

	local_irq_save(flags);
	if (oops_in_progress)
		locked = spin_trylock(&logbuf_lock);
	else
		spin_lock(&logbuf_lock);

	len = vscnprintf(textbuf, sizeof(textbuf), fmt, args);
	text = textbuf;
	while (len >= 2 && text[0] == KERN_SOH[0]) {
		if (text[1] >= '0' && text[1] <= '7')
			level = text[1] - '0';
		else if (text[1] == 'c')
			cont = true;
		text += 2;
		len -= 2;
	}
	/* Split multi-line messages into one record per line. */
	while (len > 0) {
		nl = memchr(text, '\n', len);
		if (!nl) {
			emit_line(level, cont, text, len, false);
			break;
		}
		emit_line(level, cont, text, nl - text, true);
		len -= nl - text + 1;
		text = nl + 1;
		cont = false;
	}

	if (locked)
		spin_unlock(&logbuf_lock);
	local_irq_restore(flags);
	return len;
}

/* The varargs face of vprintk(); returns what vprintk() returns. */
int printk(const char *fmt, ...)
{
	return VA_CALL(fmt, vprintk(fmt, args));
}

/**
 * __printk_ratelimit() - may a rate-limited call site print now?
 * @rs: the call site's state (static, zero at first)
 * @site: the function, to name in the "left out" line
 *
 * Up to PRINTK_RATELIMIT_BURST lines per PRINTK_RATELIMIT_INTERVAL_MS.  The
 * first line of a new interval is preceded by a count of what the last
 * one left out.  Races between CPUs only blur the count.
 *
 * Context: any context.
 * Return: true if the caller should print.
 */
bool __printk_ratelimit(struct printk_ratelimit_state *rs, const char *site)
{
	unsigned long now = jiffies;

	if (!rs->begin || time_after(now, rs->begin + msecs_to_jiffies(PRINTK_RATELIMIT_INTERVAL_MS))) {
		if (rs->missed)
			printk(KERN_WARNING "%s: %d messages left out\n", site, rs->missed);
		rs->begin = now ? now : 1;
		rs->printed = 0;
		rs->missed = 0;
	}
	if (rs->printed < PRINTK_RATELIMIT_BURST) {
		rs->printed++;
		return true;
	}
	rs->missed++;
	return false;
}

void printk_enter_oops(void)
{
	oops_in_progress = true;
	console_loglevel = 15;
}

void register_console(struct console *con)
{
	unsigned long flags;
	struct console **p;

	spin_lock_irqsave(&console_lock, flags);
	for (p = &console_list; *p; p = &(*p)->next)
		;
	con->next = NULL;
	*p = con;
	spin_unlock_irqrestore(&console_lock, flags);
}

/* ------------------------------------------------------------ readers */

u64 log_first_seq(void)
{
	return READ_ONCE(log_first);
}

u64 log_next_seq(void)
{
	return READ_ONCE(log_next);
}

int log_buf_len(void)
{
	return LOG_BUF_LEN;
}

/* Find record seq; caller holds logbuf_lock.  NULL if it was dropped. */
static struct printk_rec *find_rec(u64 seq)
{
	struct printk_rec *r;
	u32 idx = log_first_idx;
	u64 s;

	if (seq < log_first || seq >= log_next)
		return NULL;
	for (s = log_first; s <= seq; s++) {
		r = rec_at(idx);
		if (s == seq)
			return r;
		idx = rec_idx(r) + rec_size(r->text_len);
	}
	return NULL;
}

int log_buf_read_all(char *buf, int len)
{
	unsigned long flags;
	struct printk_rec *r;
	u32 idx;
	u64 s;
	int n = 0, need;
	char prefix[40];

	spin_lock_irqsave(&logbuf_lock, flags);
	idx = log_first_idx;
	for (s = log_first; s < log_next; s++) {
		int plen;

		r = rec_at(idx);
		idx = rec_idx(r) + rec_size(r->text_len);
		plen = scnprintf(prefix, sizeof(prefix), "<%u>", r->level);
		plen += format_prefix(prefix + plen, sizeof(prefix) - plen, r->ts_nsec);
		need = plen + r->text_len + 1;
		if (n + need > len)
			break;
		memcpy(buf + n, prefix, plen);
		memcpy(buf + n + plen, r + 1, r->text_len);
		buf[n + plen + r->text_len] = '\n';
		n += need;
	}
	spin_unlock_irqrestore(&logbuf_lock, flags);
	return n;
}

int log_format_kmsg(u64 seq, char *buf, int len, u64 *next_seq)
{
	unsigned long flags;
	struct printk_rec *r;
	int n = 0;

	spin_lock_irqsave(&logbuf_lock, flags);
	if (seq < log_first)
		seq = log_first;
	r = find_rec(seq);
	if (r) {
		n = scnprintf(buf, len, "%u,%llu,%llu,-;", r->level, r->seq,
			      r->ts_nsec / 1000);
		if (n + r->text_len + 1 <= len) {
			memcpy(buf + n, r + 1, r->text_len);
			n += r->text_len;
			buf[n++] = '\n';
		} else {
			n = 0;
		}
		*next_seq = seq + 1;
	}
	spin_unlock_irqrestore(&logbuf_lock, flags);
	return n;
}

void log_clear(void)
{
	unsigned long flags;

	spin_lock_irqsave(&logbuf_lock, flags);
	log_first = log_next;
	log_first_idx = log_next_idx;
	spin_unlock_irqrestore(&logbuf_lock, flags);
}

/* ------------------------------------------------------------ parameters */

struct console_cmdline {
	char name[16];
	int index;
	char options[32];
};

#define MAX_CMDLINE_CONSOLES 4
static struct console_cmdline console_cmdline[MAX_CMDLINE_CONSOLES];
static int nr_console_cmdline;

/* console=ttyS0,115200n8: name, index, options. */
static int __init console_setup(char *str)
{
	struct console_cmdline *c;
	char *opt, *p;

	if (nr_console_cmdline == MAX_CMDLINE_CONSOLES)
		return 1;
	c = &console_cmdline[nr_console_cmdline];
	opt = strchr(str, ',');
	if (opt) {
		*opt++ = '\0';
		strscpy(c->options, opt, sizeof(c->options));
	}
	for (p = str; *p && !isdigit(*p); p++)
		;
	c->index = *p ? (int)simple_strtoul(p, NULL, 10) : 0;
	*p = '\0';
	strscpy(c->name, str, sizeof(c->name));
	nr_console_cmdline++;
	return 1;
}
__setup("console=", console_setup);

bool console_wanted(const char *name, int index, const char **options)
{
	for (int i = 0; i < nr_console_cmdline; i++) {
		if (!strcmp(console_cmdline[i].name, name) && console_cmdline[i].index == index) {
			if (options)
				*options = console_cmdline[i].options;
			return true;
		}
	}
	return false;
}

/*
 * Console verbosity from the command line: loglevel=N (0-15), "quiet"
 * (warnings and worse, level 4) and "debug" (everything, level 10).
 * Each returns 1: the word is the kernel's, init does not see it.
 */
static int __init console_level_from_cmdline(unsigned int lvl)
{
	console_loglevel = lvl;
	return 1;
}

static int __init loglevel_setup(char *str)
{
	unsigned int lvl;

	if (!kstrtouint(str, 10, &lvl) && lvl <= 15)
		return console_level_from_cmdline(lvl);
	pr_warn("printk: ignoring bad loglevel=%s\n", str);
	return 1;
}
__setup("loglevel=", loglevel_setup);

static int __init quiet_setup(char *str)
{
	return console_level_from_cmdline(4);
}
__setup("quiet", quiet_setup);

static int __init debug_setup(char *str)
{
	return console_level_from_cmdline(10);
}
__setup("debug", debug_setup);
