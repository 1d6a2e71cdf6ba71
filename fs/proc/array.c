// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/<pid>/stat, status and statm, in Linux's formats: stat has the
 * 52 fields in Linux's order (ps and top parse it), status the
 * "Name:\tvalue" lines (the Vm* lines only for processes with an
 * address space), statm the seven page counts.
 *
 * What is always 0 here, and why: Ngid (no NUMA
 * balancing), nice (no priorities: every task is SCHED_OTHER, nice 0,
 * priority 20), nswap, cnswap, guest times, delay accounting, cminflt
 * and cmajflt (children's faults are not summed at wait), itrealvalue,
 * kstkesp/kstkeip (Linux hides them too), wchan.  VmLib is VmExe's
 * complement within the executable mappings (no shared libraries are
 * mapped from files yet).
 *
 * Everything that depends on the process's signal and parent state is
 * read in one snapshot under tasklist_lock (which keeps signal and
 * sighand alive: release_task() frees them only after unhashing the task
 * under that lock) and the process's siglock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mm.h>
#include <linux/seq_file.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/mm.h>
#include <linux/jiffies.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/fs_struct.h>
#include <linux/fdtable.h>
#include <linux/bitmap.h>
#include <linux/rcupdate.h>
#include <linux/resource.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include "internal.h"


/* A consistent picture of one task's process state. */
struct task_snap {
	char state;
	pid_t ppid, pgrp, sid, tpgid;
	pid_t tracer;			/* TracerPid: the tracer's process, or 0 */
	unsigned int tty_nr;
	int nr_threads;
	unsigned long utime, stime, cutime, cstime;	/* ticks */
	unsigned long min_flt, maj_flt;
	unsigned long nvcsw, nivcsw;
	sigset_t pending, shpending, blocked, ignored, caught;
	int sigq;
	int exit_signal, exit_code;
};

char task_state_char(struct task_struct *task)
{
	unsigned int state = READ_ONCE(task->__state);
	int exit_state = READ_ONCE(task->exit_state);

	if (exit_state & EXIT_ZOMBIE)
		return 'Z';
	if (exit_state & EXIT_DEAD)
		return 'X';
	if (state == TASK_RUNNING)
		return 'R';
	if (state & TASK_DEAD)
		return 'X';
	if (state & __TASK_STOPPED)
		return 'T';
	if (state & __TASK_TRACED)
		return 't';
	if (state & TASK_PARKED)
		return 'P';
	if (state & TASK_INTERRUPTIBLE)
		return 'S';
	if ((state & TASK_UNINTERRUPTIBLE) && (state & TASK_NOLOAD))
		return 'I';
	if (state & TASK_UNINTERRUPTIBLE)
		return 'D';
	return 'R';
}

static const char *task_state_name(char c)
{
	switch (c) {
	case 'R': return "R (running)";
	case 'S': return "S (sleeping)";
	case 'D': return "D (disk sleep)";
	case 'T': return "T (stopped)";
	case 't': return "t (tracing stop)";
	case 'X': return "X (dead)";
	case 'Z': return "Z (zombie)";
	case 'P': return "P (parked)";
	case 'I': return "I (idle)";
	}
	return "R (running)";
}

/*
 * The controlling terminal's device number (Linux's new_encode_dev() form)
 * and foreground group.  The tty layer frees a tty only after it has no
 * session, which it detaches from every process first.
 */
static void snap_tty(struct signal_struct *sig, struct task_snap *s)
{
	struct tty_struct *tty = sig->tty;
	unsigned int major, minor;

	s->tty_nr = 0;
	s->tpgid = -1;
	if (!tty || !tty->driver)
		return;
	major = tty->driver->major;
	minor = tty->driver->minor_start + tty->index;
	s->tty_nr = (minor & 0xff) | (major << 8) | ((minor & ~0xffU) << 12);
	s->tpgid = READ_ONCE(tty->pgrp);
	if (!s->tpgid)
		s->tpgid = -1;
}

static int count_sigqueue(struct sigpending *p)
{
	struct list_head *pos;
	int n = 0;

	list_for_each(pos, &p->list)
		n++;
	return n;
}

/* whole: sum the threads (the process view); else this thread only. */
static int take_snap(struct task_struct *task, struct task_snap *s, bool whole)
{
	struct signal_struct *sig;
	struct sighand_struct *sighand;
	unsigned long flags;
	int err = 0;

	memset(s, 0, sizeof(*s));
	s->state = task_state_char(task);
	s->tpgid = -1;
	s->nr_threads = 1;
	s->utime = READ_ONCE(task->utime);
	s->stime = READ_ONCE(task->stime);
	s->min_flt = READ_ONCE(task->min_flt);
	s->maj_flt = READ_ONCE(task->maj_flt);
	s->nvcsw = READ_ONCE(task->nvcsw);
	s->nivcsw = READ_ONCE(task->nivcsw);
	s->exit_signal = task->exit_signal;
	s->exit_code = task->exit_state ? task->exit_code : 0;

	spin_lock(&tasklist_lock);
	if (!proc_task_alive(task)) {
		err = -ESRCH;
		goto out;
	}
	if (task->real_parent)
		s->ppid = task->real_parent->tgid;
	if (task->ptrace && task->parent)
		s->tracer = task->parent->tgid;
	sig = task->signal;
	sighand = task->sighand;
	if (!sig || !sighand)
		goto out;	/* a kernel thread */
	s->pgrp = task_pgrp_nr(task);
	s->sid = task_session_nr(task);
	s->nr_threads = sig->nr_threads;
	snap_tty(sig, s);
	if (whole) {
		struct task_struct *t;

		thread_group_cputime(task, &s->utime, &s->stime);
		s->nvcsw = sig->nvcsw;
		s->nivcsw = sig->nivcsw;
		s->min_flt = s->maj_flt = 0;
		for_each_thread(task, t) {
			s->min_flt += READ_ONCE(t->min_flt);
			s->maj_flt += READ_ONCE(t->maj_flt);
			s->nvcsw += READ_ONCE(t->nvcsw);
			s->nivcsw += READ_ONCE(t->nivcsw);
		}
	}
	spin_lock_irqsave(&sighand->siglock, flags);
	s->cutime = sig->cutime;
	s->cstime = sig->cstime;
	s->pending = task->pending.signal;
	s->shpending = sig->shared_pending.signal;
	s->blocked = task->blocked;
	s->sigq = count_sigqueue(&task->pending) + count_sigqueue(&sig->shared_pending);
	for (int i = 1; i <= _NSIG; i++) {
		__sighandler_t h = sighand->action[i - 1].sa.sa_handler;

		if (h == SIG_IGN)
			sigaddset(&s->ignored, i);
		else if (h != SIG_DFL)
			sigaddset(&s->caught, i);
	}
	spin_unlock_irqrestore(&sighand->siglock, flags);
out:
	spin_unlock(&tasklist_lock);
	return err;
}

static unsigned long long ticks_to_clock_t(unsigned long ticks)
{
	return jiffies_to_clock_t(ticks);
}

/* ------------------------------------------------------------ stat */

static int do_task_stat(struct seq_file *m, struct task_struct *task, bool whole)
{
	unsigned long vsize = 0, rss = 0, start_code = 0, end_code = 0, start_stack = 0;
	unsigned long start_data = 0, end_data = 0, start_brk = 0;
	unsigned long arg_start = 0, arg_end = 0, env_start = 0, env_end = 0;
	char comm[TASK_COMM_LEN];
	struct mm_struct *mm;
	struct task_snap s;
	int err;

	err = take_snap(task, &s, whole);
	if (err)
		return err;
	get_task_comm(comm, task);
	mm = get_task_mm(task);
	if (mm) {
		vsize = mm->total_vm << PAGE_SHIFT;
		rss = get_mm_rss(mm);
		spin_lock(&mm->arg_lock);
		start_code = mm->start_code;
		end_code = mm->end_code;
		start_data = mm->start_data;
		end_data = mm->end_data;
		start_brk = mm->start_brk;
		start_stack = mm->start_stack;
		arg_start = mm->arg_start;
		arg_end = mm->arg_end;
		env_start = mm->env_start;
		env_end = mm->env_end;
		spin_unlock(&mm->arg_lock);
		mmput(mm);
	}

	seq_put_decimal_ll(m, NULL, whole ? task->tgid : task->pid);
	seq_printf(m, " (%s) %c", comm, s.state);
	seq_put_decimal_ll(m, " ", s.ppid);
	seq_put_decimal_ll(m, " ", s.pgrp);
	seq_put_decimal_ll(m, " ", s.sid);
	seq_put_decimal_ll(m, " ", s.tty_nr);
	seq_put_decimal_ll(m, " ", s.tpgid);
	seq_put_decimal_ull(m, " ", task->flags);
	seq_put_decimal_ull(m, " ", s.min_flt);
	seq_put_decimal_ull(m, " ", 0);			/* cminflt */
	seq_put_decimal_ull(m, " ", s.maj_flt);
	seq_put_decimal_ull(m, " ", 0);			/* cmajflt */
	seq_put_decimal_ull(m, " ", ticks_to_clock_t(s.utime));
	seq_put_decimal_ull(m, " ", ticks_to_clock_t(s.stime));
	seq_put_decimal_ll(m, " ", ticks_to_clock_t(s.cutime));
	seq_put_decimal_ll(m, " ", ticks_to_clock_t(s.cstime));
	seq_put_decimal_ll(m, " ", 20);			/* priority: nice 0 */
	seq_put_decimal_ll(m, " ", 0);			/* nice */
	seq_put_decimal_ll(m, " ", s.nr_threads);
	seq_put_decimal_ull(m, " ", 0);			/* itrealvalue */
	seq_put_decimal_ull(m, " ", ticks_to_clock_t(task->start_time - INITIAL_JIFFIES));
	seq_put_decimal_ull(m, " ", vsize);
	seq_put_decimal_ull(m, " ", rss);
	seq_put_decimal_ull(m, " ", task_rlimit(task, RLIMIT_RSS));
	seq_put_decimal_ull(m, " ", start_code);
	seq_put_decimal_ull(m, " ", end_code);
	seq_put_decimal_ull(m, " ", start_stack);
	seq_put_decimal_ull(m, " ", 0);			/* kstkesp */
	seq_put_decimal_ull(m, " ", 0);			/* kstkeip */
	/* The obsolete decimal signal masks; status has them in hex. */
	seq_put_decimal_ull(m, " ", s.pending.sig[0] | s.shpending.sig[0]);
	seq_put_decimal_ull(m, " ", s.blocked.sig[0]);
	seq_put_decimal_ull(m, " ", s.ignored.sig[0]);
	seq_put_decimal_ull(m, " ", s.caught.sig[0]);
	seq_put_decimal_ull(m, " ", 0);			/* wchan */
	seq_put_decimal_ull(m, " ", 0);			/* nswap */
	seq_put_decimal_ull(m, " ", 0);			/* cnswap */
	seq_put_decimal_ll(m, " ", s.exit_signal);
	seq_put_decimal_ll(m, " ", task_cpu(task));
	seq_put_decimal_ull(m, " ", 0);			/* rt_priority */
	seq_put_decimal_ull(m, " ", 0);			/* policy: SCHED_OTHER */
	seq_put_decimal_ull(m, " ", 0);			/* delayacct_blkio_ticks */
	seq_put_decimal_ull(m, " ", 0);			/* guest_time */
	seq_put_decimal_ll(m, " ", 0);			/* cguest_time */
	seq_put_decimal_ull(m, " ", start_data);
	seq_put_decimal_ull(m, " ", end_data);
	seq_put_decimal_ull(m, " ", start_brk);
	seq_put_decimal_ull(m, " ", arg_start);
	seq_put_decimal_ull(m, " ", arg_end);
	seq_put_decimal_ull(m, " ", env_start);
	seq_put_decimal_ull(m, " ", env_end);
	seq_put_decimal_ll(m, " ", s.exit_code);
	seq_putc(m, '\n');
	return 0;
}

int proc_pid_stat(struct seq_file *m, struct task_struct *task)
{
	return do_task_stat(m, task, true);
}

int proc_tid_stat(struct seq_file *m, struct task_struct *task)
{
	return do_task_stat(m, task, false);
}

/* ------------------------------------------------------------ statm */

int proc_pid_statm(struct seq_file *m, struct task_struct *task)
{
	unsigned long size = 0, resident = 0, shared = 0, text = 0, data = 0;
	struct mm_struct *mm = get_task_mm(task);

	if (mm) {
		size = mm->total_vm;
		shared = get_mm_counter(mm, MM_FILEPAGES) + get_mm_counter(mm, MM_SHMEMPAGES);
		resident = shared + get_mm_counter(mm, MM_ANONPAGES);
		text = (PAGE_ALIGN(mm->end_code) - (mm->start_code & PAGE_MASK)) >> PAGE_SHIFT;
		data = mm->data_vm + mm->stack_vm;
		mmput(mm);
	}
	seq_printf(m, "%lu %lu %lu %lu 0 %lu 0\n", size, resident, shared, text, data);
	return 0;
}

/* ------------------------------------------------------------ status */

static void render_sigset(struct seq_file *m, const char *name, const sigset_t *set)
{
	seq_printf(m, "%s:\t%016lx\n", name, set->sig[0]);
}

static void render_cap(struct seq_file *m, const char *name, u64 val)
{
	seq_printf(m, "%s:\t%016llx\n", name, (unsigned long long)val);
}

static void task_mem(struct seq_file *m, struct mm_struct *mm)
{
	unsigned long anon = get_mm_counter(mm, MM_ANONPAGES);
	unsigned long file = get_mm_counter(mm, MM_FILEPAGES);
	unsigned long shmem = get_mm_counter(mm, MM_SHMEMPAGES);
	unsigned long rss = anon + file + shmem;
	unsigned long hiwater_vm = max(mm->hiwater_vm, mm->total_vm);
	unsigned long hiwater_rss = max(mm->hiwater_rss, rss);
	unsigned long text = PAGE_ALIGN(mm->end_code) - (mm->start_code & PAGE_MASK);
	unsigned long lib = (mm->exec_vm << PAGE_SHIFT) > text ?
			    (mm->exec_vm << PAGE_SHIFT) - text : 0;
	const int k = PAGE_SHIFT - 10;

	seq_printf(m,
		   "VmPeak:\t%8lu kB\nVmSize:\t%8lu kB\nVmLck:\t%8lu kB\nVmPin:\t%8lu kB\n"
		   "VmHWM:\t%8lu kB\nVmRSS:\t%8lu kB\nRssAnon:\t%8lu kB\nRssFile:\t%8lu kB\n"
		   "RssShmem:\t%8lu kB\nVmData:\t%8lu kB\nVmStk:\t%8lu kB\nVmExe:\t%8lu kB\n"
		   "VmLib:\t%8lu kB\nVmPTE:\t%8lu kB\nVmSwap:\t%8lu kB\n",
		   hiwater_vm << k, mm->total_vm << k, mm->locked_vm << k, mm->pinned_vm << k,
		   hiwater_rss << k, rss << k, anon << k, file << k, shmem << k,
		   mm->data_vm << k, mm->stack_vm << k, text >> 10, lib >> 10,
		   (unsigned long)atomic_long_read(&mm->pgtables_bytes) >> 10,
		   get_mm_counter(mm, MM_SWAPENTS) << k);
	seq_puts(m, "HugetlbPages:\t       0 kB\n");
}

static void task_ids(struct seq_file *m, struct task_struct *task)
{
	const struct cred *cred;

	rcu_read_lock();
	cred = READ_ONCE(task->real_cred);
	if (cred) {
		seq_printf(m, "Uid:\t%u\t%u\t%u\t%u\n", cred->uid, cred->euid, cred->suid,
			   cred->fsuid);
		seq_printf(m, "Gid:\t%u\t%u\t%u\t%u\n", cred->gid, cred->egid, cred->sgid,
			   cred->fsgid);
	}
	rcu_read_unlock();
	/* FDSize: the slots of the descriptor table. */
	{
		struct files_struct *files = get_files_struct(task);
		unsigned int max_fds = 0;

		if (files) {
			spin_lock(&files->file_lock);
			max_fds = files->fdt->max_fds;
			spin_unlock(&files->file_lock);
			put_files_struct(files);
		}
		seq_printf(m, "FDSize:\t%u\n", max_fds);
	}
	seq_puts(m, "Groups:\t");
	rcu_read_lock();
	cred = READ_ONCE(task->real_cred);
	if (cred && cred->group_info)
		for (int i = 0; i < cred->group_info->ngroups; i++)
			seq_printf(m, "%u ", cred->group_info->gid[i]);
	rcu_read_unlock();
	seq_putc(m, '\n');
}

static void task_caps(struct seq_file *m, struct task_struct *task)
{
	u64 inh = 0, prm = 0, eff = 0, bnd = 0, amb = 0;
	const struct cred *cred;

	rcu_read_lock();
	cred = READ_ONCE(task->real_cred);
	if (cred) {
		inh = cred->cap_inheritable.val;
		prm = cred->cap_permitted.val;
		eff = cred->cap_effective.val;
		bnd = cred->cap_bset.val;
		amb = cred->cap_ambient.val;
	}
	rcu_read_unlock();
	render_cap(m, "CapInh", inh);
	render_cap(m, "CapPrm", prm);
	render_cap(m, "CapEff", eff);
	render_cap(m, "CapBnd", bnd);
	render_cap(m, "CapAmb", amb);
}

int proc_pid_status(struct seq_file *m, struct task_struct *task)
{
	char comm[TASK_COMM_LEN], cpus[128];
	struct mm_struct *mm;
	struct task_snap s;
	int err, umask = -1;

	err = take_snap(task, &s, true);
	if (err)
		return err;
	get_task_comm(comm, task);

	seq_puts(m, "Name:\t");
	seq_escape_str(m, comm, "\\");
	seq_putc(m, '\n');
	spin_lock(&task_fs_files_lock);
	if (task->fs)
		umask = READ_ONCE(task->fs->umask);
	spin_unlock(&task_fs_files_lock);
	if (umask >= 0)
		seq_printf(m, "Umask:\t%#04o\n", umask);
	seq_printf(m, "State:\t%s\n", task_state_name(s.state));
	seq_printf(m, "Tgid:\t%d\nNgid:\t0\nPid:\t%d\nPPid:\t%d\nTracerPid:\t%d\n", task->tgid,
		   task->pid, s.ppid, s.tracer);
	task_ids(m, task);
	seq_printf(m, "NStgid:\t%d\nNSpid:\t%d\nNSpgid:\t%d\nNSsid:\t%d\n", task->tgid, task->pid,
		   s.pgrp, s.sid);

	mm = get_task_mm(task);
	if (mm) {
		task_mem(m, mm);
		mmput(mm);
	}
	seq_printf(m, "CoreDumping:\t0\nThreads:\t%d\n", s.nr_threads);
	seq_printf(m, "SigQ:\t%d/%lu\n", s.sigq, task_rlimit(task, RLIMIT_SIGPENDING));
	render_sigset(m, "SigPnd", &s.pending);
	render_sigset(m, "ShdPnd", &s.shpending);
	render_sigset(m, "SigBlk", &s.blocked);
	render_sigset(m, "SigIgn", &s.ignored);
	render_sigset(m, "SigCgt", &s.caught);
	task_caps(m, task);
	seq_puts(m, "NoNewPrivs:\t0\nSeccomp:\t0\nSeccomp_filters:\t0\n");
	bitmap_print_mask(cpus, sizeof(cpus), cpumask_bits(&task->cpus_allowed), nr_cpu_ids);
	seq_printf(m, "Cpus_allowed:\t%s\n", cpus);
	bitmap_print_list(cpus, sizeof(cpus), cpumask_bits(&task->cpus_allowed), nr_cpu_ids);
	seq_printf(m, "Cpus_allowed_list:\t%s\n", cpus);
	seq_puts(m, "Mems_allowed:\t1\nMems_allowed_list:\t0\n");
	seq_printf(m, "voluntary_ctxt_switches:\t%lu\nnonvoluntary_ctxt_switches:\t%lu\n",
		   s.nvcsw, s.nivcsw);
	return 0;
}
