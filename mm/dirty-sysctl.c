// SPDX-License-Identifier: GPL-2.0-only
/*
 * The writeback knobs under /proc/sys/vm: dirty_background_ratio,
 * dirty_background_bytes, dirty_ratio, dirty_bytes,
 * dirty_writeback_centisecs, dirty_expire_centisecs (Linux's names and
 * rules: within a ratio/bytes pair the one written last wins, the other
 * reads 0) and writeback_policy (global | bdi | bandwidth).
 *
 * vm.bdflush is Linux 2.4's nine-number tuning line, kept so that the
 * recipes of that time (seed 004: "echo 10 0 0 0 500 3000 30 0 0 >
 * /proc/sys/vm/bdflush") still do what they meant.  Four fields have a
 * modern meaning and are written through to the knobs above: field 1
 * (nfract) is dirty_background_ratio, 5 (interval) is
 * dirty_writeback_centisecs, 6 (age_buffer) is dirty_expire_centisecs,
 * 7 (nfract_sync) is dirty_ratio.  2.4 counted the two times in jiffies
 * of its HZ=100, i.e. centiseconds, which is what the modern knobs take.
 * The other five are kept as written and otherwise ignored.  Reading
 * shows the four from the current knobs, so a later write to
 * dirty_ratio shows up here too.
 *
 * Locking: the variables are written here with WRITE_ONCE and read
 * locklessly by the throttling code.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/mm.h>
#include <linux/init.h>
#include <linux/sysctl.h>
#include <linux/writeback.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include "dirty-throttle.h"

/* dirty_bytes below two pages would throttle every write (Linux's floor). */
static unsigned long dirty_bytes_min = 2 * PAGE_SIZE;
static unsigned long dirty_background_bytes_min = 1;

static const char *const policy_names[NR_WB_POLICIES] = {
	[WB_POLICY_GLOBAL]	= "global",
	[WB_POLICY_BDI]		= "bdi",
	[WB_POLICY_BANDWIDTH]	= "bandwidth",
};

/**
 * writeback_policy_name() - the name of a dirty-throttling policy
 * @policy: a WB_POLICY_* number
 *
 * Context: any context.
 * Return: "global", "bdi" or "bandwidth"; "?" for an unknown number.
 */
const char *writeback_policy_name(int policy)
{
	if (policy < 0 || policy >= NR_WB_POLICIES)
		return "?";
	return policy_names[policy];
}

/**
 * writeback_policy_parse() - the policy a name stands for
 * @s: a NUL-terminated name; trailing newlines and spaces are ignored
 *
 * Context: any context.
 * Return: the WB_POLICY_* number, or -EINVAL if @s names none.
 */
int writeback_policy_parse(const char *s)
{
	size_t len = strlen(s);
	int i;

	while (len && (s[len - 1] == '\n' || s[len - 1] == ' '))
		len--;
	for (i = 0; i < NR_WB_POLICIES; i++)
		if (strlen(policy_names[i]) == len && !strncmp(s, policy_names[i], len))
			return i;
	return -EINVAL;
}

static int writeback_policy_handler(struct ctl_table *table, int write, void *buffer,
				    size_t *lenp, loff_t *ppos)
{
	char name[16];
	struct ctl_table t = {
		.data = name,
		.maxlen = sizeof(name),
	};
	int ret, policy;

	strscpy(name, writeback_policy_name(READ_ONCE(writeback_policy)), sizeof(name));
	if (!write)
		return proc_dostring(&t, 0, buffer, lenp, ppos);
	if (*ppos)
		return -EINVAL;		/* the whole name in one write */
	name[0] = '\0';
	ret = proc_dostring(&t, 1, buffer, lenp, ppos);
	if (ret)
		return ret;
	policy = writeback_policy_parse(name);
	if (policy < 0)
		return policy;
	/* Takes effect at each dirtier's next check. */
	WRITE_ONCE(writeback_policy, policy);
	return 0;
}

static int dirty_background_ratio_handler(struct ctl_table *table, int write, void *buffer,
					  size_t *lenp, loff_t *ppos)
{
	int ret = proc_dointvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write)
		WRITE_ONCE(dirty_background_bytes, 0);
	return ret;
}

static int dirty_background_bytes_handler(struct ctl_table *table, int write, void *buffer,
					  size_t *lenp, loff_t *ppos)
{
	int ret = proc_doulongvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write)
		WRITE_ONCE(dirty_background_ratio, 0);
	return ret;
}

static int dirty_ratio_handler(struct ctl_table *table, int write, void *buffer,
			       size_t *lenp, loff_t *ppos)
{
	int old = vm_dirty_ratio;
	int ret = proc_dointvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write && vm_dirty_ratio != old) {
		WRITE_ONCE(vm_dirty_bytes, 0);
		writeback_set_ratelimit();
	}
	return ret;
}

static int dirty_bytes_handler(struct ctl_table *table, int write, void *buffer,
			       size_t *lenp, loff_t *ppos)
{
	unsigned long old = vm_dirty_bytes;
	int ret = proc_doulongvec_minmax(table, write, buffer, lenp, ppos);

	if (!ret && write && vm_dirty_bytes != old) {
		WRITE_ONCE(vm_dirty_ratio, 0);
		writeback_set_ratelimit();
	}
	return ret;
}

static int dirty_writeback_centisecs_handler(struct ctl_table *table, int write,
					     void *buffer, size_t *lenp, loff_t *ppos)
{
	unsigned int old = dirty_writeback_interval;
	int ret = proc_douintvec(table, write, buffer, lenp, ppos);

	/* A new period (or periodic writeback switched back on) starts now. */
	if (!ret && write && dirty_writeback_interval && dirty_writeback_interval != old)
		wakeup_flusher_threads(WB_REASON_PERIODIC);
	return ret;
}

/* ------------------------------------------------------------ vm.bdflush */

enum {
	BDFLUSH_NFRACT,			/* -> dirty_background_ratio */
	BDFLUSH_INTERVAL = 4,		/* -> dirty_writeback_centisecs */
	BDFLUSH_AGE_BUFFER,		/* -> dirty_expire_centisecs */
	BDFLUSH_NFRACT_SYNC,		/* -> dirty_ratio */
	BDFLUSH_FIELDS = 9,
};

/* What was last written to the fields that mean nothing now (2.4.17's defaults). */
static int bdflush_unused[BDFLUSH_FIELDS] = { [1] = 500, [7] = 20 };
static DEFINE_MUTEX(bdflush_lock);

/* The upper bound of each field (all start at 0); 2.4 capped the times at 10000 s. */
static const int bdflush_max[BDFLUSH_FIELDS] = {
	[BDFLUSH_NFRACT] = 100, [1] = 50000, [2] = 20000, [3] = 20000,
	[BDFLUSH_INTERVAL] = 1000000, [BDFLUSH_AGE_BUFFER] = 1000000,
	[BDFLUSH_NFRACT_SYNC] = 100, [7] = 100, [8] = 100,
};

static void bdflush_read_fields(int *v)
{
	memcpy(v, bdflush_unused, sizeof(bdflush_unused));
	v[BDFLUSH_NFRACT] = READ_ONCE(dirty_background_ratio);
	v[BDFLUSH_INTERVAL] = READ_ONCE(dirty_writeback_interval);
	v[BDFLUSH_AGE_BUFFER] = READ_ONCE(dirty_expire_interval);
	v[BDFLUSH_NFRACT_SYNC] = READ_ONCE(vm_dirty_ratio);
}

/*
 * A write may give fewer than nine numbers (the rest keep their values),
 * as 2.4's did; any number out of range rejects the whole line.  The
 * modern knobs change as if written one by one, with their side effects
 * (the bytes twin reads 0, the flusher period restarts).
 */
static int bdflush_handler(struct ctl_table *table, int write, void *buffer,
			   size_t *lenp, loff_t *ppos)
{
	int v[BDFLUSH_FIELDS], old[BDFLUSH_FIELDS];
	struct ctl_table t = {
		.procname = table->procname,
		.data = v,
		.maxlen = sizeof(v),
		.mode = table->mode,
	};
	int ret, i;

	mutex_lock(&bdflush_lock);
	bdflush_read_fields(v);
	if (!write) {
		ret = proc_dointvec(&t, 0, buffer, lenp, ppos);
		goto out;
	}
	memcpy(old, v, sizeof(v));
	ret = proc_dointvec(&t, 1, buffer, lenp, ppos);
	if (ret)
		goto out;
	for (i = 0; i < BDFLUSH_FIELDS; i++) {
		if (v[i] < 0 || v[i] > bdflush_max[i]) {
			ret = -EINVAL;
			goto out;
		}
	}
	pr_info_once("%s (%d) wrote vm.bdflush: 2.4's fields 1, 5, 6, 7 now set dirty_background_ratio, dirty_writeback_centisecs, dirty_expire_centisecs, dirty_ratio; the rest are ignored\n",
		     current->comm, current->pid);
	for (i = 0; i < BDFLUSH_FIELDS; i++)
		if (i != BDFLUSH_NFRACT && i != BDFLUSH_INTERVAL &&
		    i != BDFLUSH_AGE_BUFFER && i != BDFLUSH_NFRACT_SYNC)
			bdflush_unused[i] = v[i];
	if (v[BDFLUSH_NFRACT] != old[BDFLUSH_NFRACT]) {
		WRITE_ONCE(dirty_background_ratio, v[BDFLUSH_NFRACT]);
		WRITE_ONCE(dirty_background_bytes, 0);
	}
	if (v[BDFLUSH_NFRACT_SYNC] != old[BDFLUSH_NFRACT_SYNC]) {
		WRITE_ONCE(vm_dirty_ratio, v[BDFLUSH_NFRACT_SYNC]);
		WRITE_ONCE(vm_dirty_bytes, 0);
		writeback_set_ratelimit();
	}
	WRITE_ONCE(dirty_expire_interval, v[BDFLUSH_AGE_BUFFER]);
	if (v[BDFLUSH_INTERVAL] != old[BDFLUSH_INTERVAL]) {
		WRITE_ONCE(dirty_writeback_interval, v[BDFLUSH_INTERVAL]);
		if (v[BDFLUSH_INTERVAL])
			wakeup_flusher_threads(WB_REASON_PERIODIC);
	}
out:
	mutex_unlock(&bdflush_lock);
	return ret;
}

/*
 * A vm.* knob backed by a variable of ours; lo and hi are the bounds the
 * handler enforces (NULL: unbounded on that side).
 */
#define VM_DIRTY_KNOB(knob, var, handler, lo, hi) {			\
	.procname = (knob), .data = &(var), .maxlen = sizeof(var),	\
	.mode = 0644, .proc_handler = (handler),			\
	.extra1 = (lo), .extra2 = (hi),					\
}

static struct ctl_table vm_dirty_table[] = {
	VM_DIRTY_KNOB("dirty_background_ratio", dirty_background_ratio,
		      dirty_background_ratio_handler, SYSCTL_ZERO, SYSCTL_ONE_HUNDRED),
	VM_DIRTY_KNOB("dirty_background_bytes", dirty_background_bytes,
		      dirty_background_bytes_handler, &dirty_background_bytes_min, NULL),
	VM_DIRTY_KNOB("dirty_ratio", vm_dirty_ratio,
		      dirty_ratio_handler, SYSCTL_ZERO, SYSCTL_ONE_HUNDRED),
	VM_DIRTY_KNOB("dirty_bytes", vm_dirty_bytes,
		      dirty_bytes_handler, &dirty_bytes_min, NULL),
	VM_DIRTY_KNOB("dirty_writeback_centisecs", dirty_writeback_interval,
		      dirty_writeback_centisecs_handler, NULL, NULL),
	VM_DIRTY_KNOB("dirty_expire_centisecs", dirty_expire_interval,
		      proc_douintvec, NULL, NULL),
	/* A string knob: the handler formats and parses the policy name. */
	{
		.procname	= "writeback_policy",
		.maxlen		= 16,
		.mode		= 0644,
		.proc_handler	= writeback_policy_handler,
	},
	/* 2.4's tuning line; the handler maps it onto the knobs above. */
	{
		.procname	= "bdflush",
		.maxlen		= BDFLUSH_FIELDS * sizeof(int),
		.mode		= 0644,
		.proc_handler	= bdflush_handler,
	},
	{ }
};

static int __init page_writeback_init(void)
{
	writeback_set_ratelimit();
	if (!register_sysctl("vm", vm_dirty_table))
		pr_err("writeback: cannot register the vm.dirty_* sysctls\n");
	return 0;
}
subsys_initcall(page_writeback_init);
