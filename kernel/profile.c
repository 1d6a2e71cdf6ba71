// SPDX-License-Identifier: GPL-2.0-only
/*
 * Statistical kernel profiling through /proc/profile, as readprofile(8)
 * knows it.  Booted with profile=N (or profile=N with a "schedule,",
 * "sleep," or "kvm," type Linux also takes, which is refused here with a
 * warning), every CPU's periodic tick adds one to the counter of the 2^N
 * bytes of kernel text it interrupted.  Ticks in user mode are not
 * counted; ticks in the idle loop are (they show where the CPUs waited).
 *
 * /proc/profile, read: one unsigned int, the bucket size in bytes, then
 * one unsigned int per bucket from _stext to _etext; addresses outside
 * the text count in the last bucket.  Written (root): the counts go back
 * to zero.  scripts/profile-report turns a dump into a per-function list.
 *
 * Interface: profile_tick() (from tick_periodic()), the profile= early
 * parameter.  Locking: counters are atomics; the buffer is allocated once
 * at boot and never freed, and profile_tick() checks it with READ_ONCE.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/kstrtox.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <linux/proc_fs.h>
#include <linux/kallsyms.h>
#include <linux/profile.h>
#include <asm/ptrace.h>
#include <asm/uaccess.h>

/* Largest bucket: a 2^20-byte bucket already lumps whole subsystems. */
#define PROF_SHIFT_MAX	20

static unsigned int prof_shift;		/* 0: profiling off */
static unsigned long prof_len;		/* buckets */
static atomic_t *prof_buffer;

static int __init profile_setup(char *str)
{
	unsigned int shift;

	if (!strncmp(str, "schedule,", 9) || !strncmp(str, "sleep,", 6) ||
	    !strncmp(str, "kvm,", 4)) {
		pr_warn("profile: only time-based profiling is supported; ignoring profile=%s\n",
			str);
		return 1;
	}
	if (kstrtouint(str, 0, &shift) || shift > PROF_SHIFT_MAX) {
		pr_warn("profile: ignoring bad profile=%s (want a bucket shift 0-%d)\n", str,
			PROF_SHIFT_MAX);
		return 1;
	}
	/* profile=0 asks for 1-byte buckets: at least pointer-sized ones. */
	prof_shift = shift ? shift : 1;
	return 1;
}
early_param("profile=", profile_setup);

/* The bucket of text address @ip: buckets of 2^@shift bytes from @start. */
static unsigned long profile_bucket(unsigned long ip, unsigned long start,
				    unsigned int shift, unsigned long nbuckets)
{
	unsigned long idx = (ip - start) >> shift;

	if (ip < start || idx >= nbuckets)
		return nbuckets - 1;
	return idx;
}

void profile_tick(struct pt_regs *regs)
{
	atomic_t *buf = READ_ONCE(prof_buffer);

	if (!buf || !regs || user_mode(regs))
		return;
	atomic_inc(&buf[profile_bucket(regs->ip, (unsigned long)_stext, prof_shift, prof_len)]);
}

/* The header word, then the counters, as one byte stream. */
static ssize_t profile_read(struct file *file, char *ubuf, size_t count, loff_t *ppos)
{
	unsigned int step = 1U << prof_shift;
	size_t total = (prof_len + 1) * sizeof(unsigned int);
	loff_t pos = *ppos;
	size_t done = 0;

	if (pos < 0)
		return -EINVAL;
	if ((size_t)pos >= total || !count)
		return 0;
	count = min(count, total - (size_t)pos);
	if (pos < (loff_t)sizeof(step)) {
		size_t n = min(count, sizeof(step) - (size_t)pos);

		if (copy_to_user(ubuf, (char *)&step + pos, n))
			return -EFAULT;
		done = n;
	}
	/* The counters are ints: copy them out a word at a time. */
	while (done < count) {
		size_t off = (size_t)pos + done - sizeof(step);
		unsigned int v = (unsigned int)atomic_read(&prof_buffer[off / sizeof(v)]);
		size_t skip = off % sizeof(v), n = min(count - done, sizeof(v) - skip);

		if (copy_to_user(ubuf + done, (char *)&v + skip, n))
			return done ? (ssize_t)done : -EFAULT;
		done += n;
	}
	*ppos = pos + done;
	return done;
}

static ssize_t profile_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos)
{
	for (unsigned long i = 0; i < prof_len; i++)
		atomic_set(&prof_buffer[i], 0);
	return count;
}

static const struct proc_ops profile_proc_ops = {
	.proc_read = profile_read,
	.proc_write = profile_write,
};

static int __init profile_init(void)
{
	struct proc_dir_entry *pde;
	atomic_t *buf;

	if (!prof_shift)
		return 0;
	prof_len = (((unsigned long)_etext - (unsigned long)_stext) >> prof_shift) + 1;
	buf = vzalloc(prof_len * sizeof(*buf));
	if (!buf) {
		pr_warn("profile: no memory for %lu buckets; profiling off\n", prof_len);
		return -ENOMEM;
	}
	pde = proc_create("profile", 0600, NULL, &profile_proc_ops);
	if (!pde) {
		vfree(buf);
		pr_warn("profile: cannot create /proc/profile; profiling off\n");
		return -ENOMEM;
	}
	proc_set_size(pde, (prof_len + 1) * sizeof(unsigned int));
	WRITE_ONCE(prof_buffer, buf);
	pr_info("profile: %lu buckets of %u bytes over the kernel text\n", prof_len,
		1U << prof_shift);
	return 0;
}
device_initcall(profile_init);

#ifdef CONFIG_SELFTESTS
#include <linux/selftest.h>

static int profile_bucket_test(void)
{
	unsigned long start = 0xffffffff81000000UL;

	ST_ASSERT(profile_bucket(start, start, 4, 100) == 0, "first byte: bucket 0");
	ST_ASSERT(profile_bucket(start + 15, start, 4, 100) == 0, "byte 15: bucket 0");
	ST_ASSERT(profile_bucket(start + 16, start, 4, 100) == 1, "byte 16: bucket 1");
	ST_ASSERT(profile_bucket(start + 98 * 16 + 3, start, 4, 100) == 98, "byte 1571: 98");
	ST_ASSERT(profile_bucket(start + 200 * 16, start, 4, 100) == 99,
		  "past the text: the last bucket");
	ST_ASSERT(profile_bucket(start - 1, start, 4, 100) == 99,
		  "before the text: the last bucket");
	/* Off unless booted with profile=: a tick must then count nothing. */
	if (!READ_ONCE(prof_buffer)) {
		struct pt_regs regs = { .ip = (unsigned long)_stext };

		profile_tick(&regs);
	}
	return 0;
}
DEFINE_SELFTEST("profile: text addresses map to /proc/profile buckets", profile_bucket_test);
#endif
