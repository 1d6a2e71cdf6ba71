// SPDX-License-Identifier: GPL-2.0-only
/*
 * sysctl handlers and the base tables: kernel.*, fs.*, and the empty vm
 * directory that mm's tunables join (register_sysctl("vm", table)).
 *
 * The handlers follow Linux's strict mode: a read at a non-zero position
 * of a number file returns nothing, a write is applied only at position
 * 0, numbers are parsed with base prefixes (0x, 0) and must be separated
 * by white space, and a vector write sets as many leading elements as it
 * gives values for.  A write with any bad value changes nothing
 * (-EINVAL).
 *
 * Interface: <linux/sysctl.h>.  Locking: each handler touches one
 * variable with plain loads and stores (tunables are read locklessly by
 * their users); the UTS names use uts_sem.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/ctype.h>
#include <linux/string.h>
#include <linux/limits.h>
#include <linux/sched.h>
#include <linux/mm.h>
#include <linux/spinlock.h>
#include <linux/init.h>
#include <linux/panic.h>
#include <linux/fs.h>
#include <linux/fdtable.h>
#include <linux/random.h>
#include <linux/utsname.h>
#include <linux/syslog.h>
#include <linux/pipe_fs_i.h>
#include <linux/capability.h>
#include <linux/sysctl.h>

const int sysctl_vals[] = { -1, 0, 1, 2, 4, 100, 1000, INT_MAX };

/* Most numbers in one vector file. */
#define SYSCTL_VEC_MAX	16

/* ------------------------------------------------------------ strings */

/* Copy string data out (read) or in (write) per the rules above. */
static int do_string(char *data, size_t maxlen, int write, void *buffer, size_t *lenp,
		     loff_t *ppos)
{
	char *buf = buffer;
	size_t len;

	if (!maxlen)
		return -EINVAL;
	if (write) {
		size_t i;

		len = strnlen(data, maxlen - 1);
		/* Strict: continue a write only from the current end. */
		if (*ppos > (loff_t)len)
			return 0;
		len = *ppos;
		for (i = 0; i < *lenp && len < maxlen - 1; i++) {
			if (buf[i] == '\0' || buf[i] == '\n')
				break;
			data[len++] = buf[i];
		}
		data[len] = '\0';
		*ppos += *lenp;
		return 0;
	}
	len = strnlen(data, maxlen);
	if (*ppos > (loff_t)len) {
		*lenp = 0;
		return 0;
	}
	data += *ppos;
	len -= *ppos;
	if (len > *lenp)
		len = *lenp;
	memcpy(buf, data, len);
	if (len < *lenp)
		buf[len++] = '\n';
	*lenp = len;
	*ppos += len;
	return 0;
}

int proc_dostring(struct ctl_table *table, int write, void *buffer, size_t *lenp,
		  loff_t *ppos)
{
	return do_string(table->data, table->maxlen, write, buffer, lenp, ppos);
}

/* ------------------------------------------------------------ number vectors */

enum vec_kind { VEC_INT, VEC_UINT, VEC_ULONG, VEC_BOOL };

static size_t vec_elem_size(enum vec_kind kind)
{
	switch (kind) {
	case VEC_INT:
		return sizeof(int);
	case VEC_UINT:
		return sizeof(unsigned int);
	case VEC_ULONG:
		return sizeof(unsigned long);
	case VEC_BOOL:
		return sizeof(bool);
	}
	return 1;
}

static long long vec_get(const void *data, enum vec_kind kind, int i)
{
	switch (kind) {
	case VEC_INT:
		return ((const int *)data)[i];
	case VEC_UINT:
		return ((const unsigned int *)data)[i];
	case VEC_ULONG:
		return (long long)((const unsigned long *)data)[i];
	case VEC_BOOL:
		return ((const bool *)data)[i];
	}
	return 0;
}

static void vec_set(void *data, enum vec_kind kind, int i, long long v)
{
	switch (kind) {
	case VEC_INT:
		((int *)data)[i] = (int)v;
		break;
	case VEC_UINT:
		((unsigned int *)data)[i] = (unsigned int)v;
		break;
	case VEC_ULONG:
		((unsigned long *)data)[i] = (unsigned long)v;
		break;
	case VEC_BOOL:
		((bool *)data)[i] = v != 0;
		break;
	}
}

/* Parse one number at *pp (white space skipped first); 1 parsed, 0 at end, -EINVAL. */
static int vec_parse_one(const char **pp, const char *end, unsigned long long *u, bool *neg)
{
	char tok[32];
	const char *p = *pp, *start;
	size_t len;

	while (p < end && (isspace(*p) || *p == '\0'))
		p++;
	if (p >= end)
		return 0;
	*neg = *p == '-';
	if (*neg)
		p++;
	start = p;
	while (p < end && !isspace(*p) && *p != '\0')
		p++;
	len = p - start;
	if (!len || len >= sizeof(tok))
		return -EINVAL;
	memcpy(tok, start, len);
	tok[len] = '\0';
	if (kstrtoull(tok, 0, u))
		return -EINVAL;
	*pp = p;
	return 1;
}

/* The parsed number as a value of kind (unsigned long kept as bits); false if it does not fit. */
static bool vec_value(enum vec_kind kind, unsigned long long u, bool neg, long long *out)
{
	switch (kind) {
	case VEC_INT:
		if (neg ? u > (unsigned long long)INT_MAX + 1 : u > INT_MAX)
			return false;
		*out = neg ? -(long long)u : (long long)u;
		return true;
	case VEC_UINT:
		*out = (long long)u;
		return !neg && u <= UINT_MAX;
	case VEC_ULONG:
		*out = (long long)u;
		return !neg;
	case VEC_BOOL:
		*out = (long long)u;
		return !neg && u <= 1;
	}
	return false;
}

static bool vec_within(enum vec_kind kind, long long v, const void *min, const void *max)
{
	if (kind == VEC_INT) {
		if (min && v < *(const int *)min)
			return false;
		if (max && v > *(const int *)max)
			return false;
	} else if (kind == VEC_UINT) {
		if (min && (unsigned int)v < *(const unsigned int *)min)
			return false;
		if (max && (unsigned int)v > *(const unsigned int *)max)
			return false;
	} else if (kind == VEC_ULONG) {
		if (min && (unsigned long)v < *(const unsigned long *)min)
			return false;
		if (max && (unsigned long)v > *(const unsigned long *)max)
			return false;
	}
	return true;
}

static int do_vec(struct ctl_table *table, int write, void *buffer, size_t *lenp, loff_t *ppos,
		  enum vec_kind kind, const void *min, const void *max)
{
	int n = table->maxlen / (int)vec_elem_size(kind);
	char *buf = buffer;

	if (!table->data || n <= 0)
		return -EINVAL;
	if (n > SYSCTL_VEC_MAX)
		n = SYSCTL_VEC_MAX;
	if (!write) {
		char text[SYSCTL_VEC_MAX * 24];
		size_t len = 0;

		if (!*lenp || *ppos) {
			*lenp = 0;
			return 0;
		}
		for (int i = 0; i < n; i++) {
			long long v = vec_get(table->data, kind, i);

			if (kind == VEC_ULONG)
				len += scnprintf(text + len, sizeof(text) - len, i ? "\t%lu" : "%lu",
						 (unsigned long)v);
			else
				len += scnprintf(text + len, sizeof(text) - len, i ? "\t%lld" : "%lld",
						 v);
		}
		len += scnprintf(text + len, sizeof(text) - len, "\n");
		if (len > *lenp)
			len = *lenp;
		memcpy(buf, text, len);
		*lenp = len;
		*ppos += len;
		return 0;
	}

	/* Strict: writes past position 0 are ignored. */
	if (*ppos)
		return 0;
	{
		long long vals[SYSCTL_VEC_MAX];
		const char *p = buf, *end = buf + *lenp;
		int got = 0, r;

		while (got < n) {
			unsigned long long u;
			bool neg = false;

			r = vec_parse_one(&p, end, &u, &neg);
			if (r < 0)
				return r;
			if (!r)
				break;
			if (!vec_value(kind, u, neg, &vals[got]) ||
			    !vec_within(kind, vals[got], min, max))
				return -EINVAL;
			got++;
		}
		while (p < end && (isspace(*p) || *p == '\0'))
			p++;
		if (!got || p < end)
			return -EINVAL;
		for (int i = 0; i < got; i++)
			vec_set(table->data, kind, i, vals[i]);
	}
	*ppos += *lenp;
	return 0;
}

int proc_dointvec(struct ctl_table *table, int write, void *buffer, size_t *lenp, loff_t *ppos)
{
	return do_vec(table, write, buffer, lenp, ppos, VEC_INT, NULL, NULL);
}

int proc_dointvec_minmax(struct ctl_table *table, int write, void *buffer, size_t *lenp,
			 loff_t *ppos)
{
	return do_vec(table, write, buffer, lenp, ppos, VEC_INT, table->extra1, table->extra2);
}

int proc_douintvec(struct ctl_table *table, int write, void *buffer, size_t *lenp,
		   loff_t *ppos)
{
	return do_vec(table, write, buffer, lenp, ppos, VEC_UINT, NULL, NULL);
}

int proc_douintvec_minmax(struct ctl_table *table, int write, void *buffer, size_t *lenp,
			  loff_t *ppos)
{
	return do_vec(table, write, buffer, lenp, ppos, VEC_UINT, table->extra1, table->extra2);
}

int proc_doulongvec_minmax(struct ctl_table *table, int write, void *buffer, size_t *lenp,
			   loff_t *ppos)
{
	return do_vec(table, write, buffer, lenp, ppos, VEC_ULONG, table->extra1, table->extra2);
}

int proc_dobool(struct ctl_table *table, int write, void *buffer, size_t *lenp, loff_t *ppos)
{
	return do_vec(table, write, buffer, lenp, ppos, VEC_BOOL, NULL, NULL);
}

/* ------------------------------------------------------------ kernel.* */

/*
 * A field of the UTS names (the storage uname(2) and sethostname(2) use,
 * kernel/utsname.c): data is the field's offset in struct new_utsname.
 * Copied under uts_sem; written by root only (the table's mode).
 */
#define UTS_FIELD(f)	((void *)offsetof(struct new_utsname, f))

static int proc_do_uts_string(struct ctl_table *table, int write, void *buffer, size_t *lenp,
			      loff_t *ppos)
{
	char *field = (char *)utsname() + (unsigned long)table->data;
	char tmp[__NEW_UTS_LEN + 1];
	int err;

	down_read(&uts_sem);
	memcpy(tmp, field, sizeof(tmp));
	up_read(&uts_sem);
	err = do_string(tmp, sizeof(tmp), write, buffer, lenp, ppos);
	if (!err && write) {
		down_write(&uts_sem);
		memcpy(field, tmp, sizeof(tmp));
		up_write(&uts_sem);
	}
	return err;
}

/* kernel.printk: console, default message, minimum console, default console levels. */
static int proc_do_printk(struct ctl_table *table, int write, void *buffer, size_t *lenp,
			  loff_t *ppos)
{
	int levels[4] = { console_loglevel, LOGLEVEL_DEFAULT, minimum_console_loglevel,
			  default_console_loglevel };
	struct ctl_table t = *table;
	int err;

	t.data = levels;
	t.maxlen = sizeof(levels);
	err = do_vec(&t, write, buffer, lenp, ppos, VEC_INT, SYSCTL_ZERO, NULL);
	if (err || !write)
		return err;
	/* printk's default message level is fixed at 4 in this kernel. */
	if (levels[1] != LOGLEVEL_DEFAULT)
		return -EINVAL;
	console_loglevel = levels[0];
	minimum_console_loglevel = levels[2];
	default_console_loglevel = levels[3];
	return 0;
}

/*
 * kernel.random.boot_id (made once per boot) and kernel.random.uuid (new
 * on every read): random version-4 UUIDs as text.
 */
static void make_uuid_text(char *out)
{
	u8 b[16];

	get_random_bytes(b, sizeof(b));
	b[6] = (b[6] & 0x0f) | 0x40;
	b[8] = (b[8] & 0x3f) | 0x80;
	snprintf(out, 37,
		 "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x",
		 b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11],
		 b[12], b[13], b[14], b[15]);
}

static int proc_do_uuid(struct ctl_table *table, int write, void *buffer, size_t *lenp,
			loff_t *ppos)
{
	static char boot_id[37];
	static DEFINE_SPINLOCK(boot_id_lock);
	char text[37];

	if (write)
		return -EPERM;
	if (table->data) {
		spin_lock(&boot_id_lock);
		if (!boot_id[0])
			make_uuid_text(boot_id);
		memcpy(text, boot_id, sizeof(text));
		spin_unlock(&boot_id_lock);
	} else {
		make_uuid_text(text);
	}
	return do_string(text, sizeof(text), 0, buffer, lenp, ppos);
}

static int pid_max_min = 301;			/* Linux: RESERVED_PIDS + 1 */
static int pid_max_max = PID_MAX_DEFAULT;	/* the pid bitmap's size */
static int ngroups_max = 65536;			/* Linux's NGROUPS_MAX */
static int cap_last_cap = CAP_LAST_CAP;
static int tainted;				/* this kernel never taints itself */
int dmesg_restrict;
/*
 * Linux's default thread limit for this much memory (kernel.threads-max).
 * Not enforced yet: fork does not count threads against it.
 */
int max_threads;
static int threads_min = 20;
static int threads_max_max = 0x3fffffff;	/* Linux's FUTEX_TID_MASK */

static struct ctl_table kern_table[] = {
	{ .procname = "ostype", .data = UTS_FIELD(sysname),
	  .maxlen = __NEW_UTS_LEN + 1, .mode = 0444,
	  .proc_handler = proc_do_uts_string },
	{ .procname = "osrelease", .data = UTS_FIELD(release),
	  .maxlen = __NEW_UTS_LEN + 1, .mode = 0444,
	  .proc_handler = proc_do_uts_string },
	{ .procname = "version", .data = UTS_FIELD(version),
	  .maxlen = __NEW_UTS_LEN + 1, .mode = 0444,
	  .proc_handler = proc_do_uts_string },
	{ .procname = "hostname", .data = UTS_FIELD(nodename),
	  .maxlen = __NEW_UTS_LEN + 1, .mode = 0644,
	  .proc_handler = proc_do_uts_string },
	{ .procname = "domainname", .data = UTS_FIELD(domainname),
	  .maxlen = __NEW_UTS_LEN + 1, .mode = 0644,
	  .proc_handler = proc_do_uts_string },
	{ .procname = "pid_max", .data = &pid_max, .maxlen = sizeof(int), .mode = 0644,
	  .proc_handler = proc_dointvec_minmax, .extra1 = &pid_max_min,
	  .extra2 = &pid_max_max },
	{ .procname = "printk", .maxlen = 4 * sizeof(int), .mode = 0644,
	  .proc_handler = proc_do_printk },
	{ .procname = "dmesg_restrict", .data = &dmesg_restrict, .maxlen = sizeof(int),
	  .mode = 0644, .proc_handler = proc_dointvec_minmax, .extra1 = SYSCTL_ZERO,
	  .extra2 = SYSCTL_ONE },
	{ .procname = "panic", .data = &panic_timeout, .maxlen = sizeof(int), .mode = 0644,
	  .proc_handler = proc_dointvec },
	{ .procname = "threads-max", .data = &max_threads, .maxlen = sizeof(int), .mode = 0644,
	  .proc_handler = proc_dointvec_minmax, .extra1 = &threads_min,
	  .extra2 = &threads_max_max },
	{ .procname = "tainted", .data = &tainted, .maxlen = sizeof(int), .mode = 0444,
	  .proc_handler = proc_dointvec },
	{ .procname = "ngroups_max", .data = &ngroups_max, .maxlen = sizeof(int), .mode = 0444,
	  .proc_handler = proc_dointvec },
	{ .procname = "cap_last_cap", .data = &cap_last_cap, .maxlen = sizeof(int),
	  .mode = 0444, .proc_handler = proc_dointvec },
	{ }
};

static struct ctl_table random_table[] = {
	{ .procname = "boot_id", .data = (void *)1, .maxlen = 37, .mode = 0444,
	  .proc_handler = proc_do_uuid },
	{ .procname = "uuid", .maxlen = 37, .mode = 0444, .proc_handler = proc_do_uuid },
	{ }
};

/* ------------------------------------------------------------ fs.* */

/* No limit on open files is enforced: file-max reports the largest value. */
static unsigned long files_max = LONG_MAX;
static unsigned int nr_open_min = BITS_PER_LONG;
static unsigned int nr_open_max = INT_MAX & ~(BITS_PER_LONG - 1);
static unsigned int pipe_max_size_min = 4096;

/* fs.file-nr: open files, free file structures (always 0 here), the maximum. */
static int proc_do_file_nr(struct ctl_table *table, int write, void *buffer, size_t *lenp,
			   loff_t *ppos)
{
	unsigned long vals[3] = { get_nr_files(), 0, files_max };
	struct ctl_table t = *table;

	t.data = vals;
	t.maxlen = sizeof(vals);
	return do_vec(&t, write, buffer, lenp, ppos, VEC_ULONG, NULL, NULL);
}

static struct ctl_table fs_table[] = {
	{ .procname = "file-nr", .maxlen = 3 * sizeof(unsigned long), .mode = 0444,
	  .proc_handler = proc_do_file_nr },
	{ .procname = "file-max", .data = &files_max, .maxlen = sizeof(unsigned long),
	  .mode = 0444, .proc_handler = proc_doulongvec_minmax },
	{ .procname = "nr_open", .data = &sysctl_nr_open, .maxlen = sizeof(unsigned int),
	  .mode = 0644, .proc_handler = proc_douintvec_minmax, .extra1 = &nr_open_min,
	  .extra2 = &nr_open_max },
	{ .procname = "pipe-max-size", .data = &pipe_max_size, .maxlen = sizeof(unsigned int),
	  .mode = 0644, .proc_handler = proc_douintvec_minmax, .extra1 = &pipe_max_size_min },
	{ }
};

static struct ctl_table empty_table[] = {
	{ }
};

void __init sysctl_init_bases(void)
{
	/* Linux: a tenth of RAM for thread stacks at most. */
	max_threads = clamp_t(unsigned long, totalram_pages() / (8 * THREAD_SIZE / PAGE_SIZE),
			      threads_min, threads_max_max);
	if (!register_sysctl("kernel", kern_table) ||
	    !register_sysctl("kernel/random", random_table) ||
	    !register_sysctl("fs", fs_table) ||
	    !register_sysctl("vm", empty_table))
		pr_err("sysctl: cannot register the base tables\n");
}
