// SPDX-License-Identifier: GPL-2.0-only
/*
 * The OOM killer and the OOM reaper (Documentation/mm/oom.md).
 *
 * When direct reclaim cannot find a page for a request that must not
 * fail, out_of_memory() scores every process - resident, swapped and
 * page-table pages, shifted by oom_score_adj in thousandths of all memory
 * - and kills the highest with SIGKILL, together with every other
 * process using its mm.  The oom_reaper thread then unmaps the victim's
 * private pages under mmap_lock (read) so that the memory comes back even
 * if the victim is stuck somewhere in the kernel.  One victim at a time:
 * while a victim's mm is neither torn down nor reaped, no new one is
 * chosen.
 *
 * Interface (<linux/oom.h>): out_of_memory(), pagefault_out_of_memory(),
 * oom_kill_in_progress(), tsk_is_oom_victim(), oom_badness(), oom_score(),
 * oom_score_adj_get()/_set(), oom_mm_released(); the self tests also use
 * the candidate/choice helpers and oom_reap_mm() from mm/internal.h.
 * Sysctls: vm.oom_kill_allocating_task, vm.panic_on_oom, vm.oom_dump_tasks.
 *
 * Locking:
 *   oom_lock        (mutex) one chooser and killer at a time; callers trylock
 *   oom_victims_lock (spinlock) the MMF_OOM_VICTIM/MMF_OOM_SKIP transitions
 *                   and oom_victims, so the count never leaks
 *   oom_reap_lock   (spinlock) the reaper's queue
 *   oom_adj_mutex   writers of signal->oom_score_adj(_min)
 * The scans walk the task list under RCU and read mm counters without a
 * reference (mm_structs are SLAB_TYPESAFE_BY_RCU: a recycled one reads
 * wrong, never faults); anything done *to* an mm first takes a reference.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/oom.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/mm.h>
#include <linux/mmap_lock.h>
#include <linux/signal.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/kthread.h>
#include <linux/wait.h>
#include <linux/jiffies.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/sysctl.h>
#include <linux/vmstat.h>
#include <linux/panic.h>
#include <linux/printk.h>
#include "internal.h"
#include "vma.h"

/* The reaper's patience with a busy mmap_lock: OOM_REAP_TRIES tries this far apart. */
#define OOM_REAP_TRIES		10
#define OOM_REAP_RETRY_MS	100

/* At most one "no killable process" report per this many jiffies. */
#define OOM_NOBODY_REPORT_GAP	(5 * HZ)

int sysctl_oom_kill_allocating_task;
int sysctl_panic_on_oom;
int sysctl_oom_dump_tasks = 1;		/* Linux's default: print the task table */

DEFINE_MUTEX(oom_lock);
static DEFINE_MUTEX(oom_adj_mutex);

static DEFINE_SPINLOCK(oom_victims_lock);
static int oom_victims;			/* victim mms without MMF_OOM_SKIP */

static DEFINE_SPINLOCK(oom_reap_lock);
static struct mm_struct *oom_reap_first;
static struct mm_struct **oom_reap_last = &oom_reap_first;
static DECLARE_WAIT_QUEUE_HEAD(oom_reaper_wait);
static struct task_struct *oom_reaper_task;

/* ------------------------------------------------------------ scoring */

long oom_candidate_points(const struct oom_candidate *c, unsigned long totalpages)
{
	long footprint;

	if (c->unkillable || c->done || c->adj == OOM_SCORE_ADJ_MIN)
		return LONG_MIN;
	footprint = c->rss + c->swapents + c->pgtables;
	/* adj is in thousandths of all memory: +1000 adds everything. */
	return footprint + (long)c->adj * (long)totalpages / 1000;
}

void oom_choice_offer(struct oom_choice *ch, const struct oom_candidate *c,
		      unsigned long totalpages)
{
	long points;

	if (ch->wait)
		return;
	/* An earlier victim is still giving memory back: wait for it. */
	if (c->dying_victim) {
		ch->wait = true;
		ch->owner = NULL;
		return;
	}
	points = oom_candidate_points(c, totalpages);
	if (points == LONG_MIN)
		return;
	/* Strictly better only: among equals the one met first stays. */
	if (!ch->owner || points > ch->points) {
		ch->owner = c->owner;
		ch->points = points;
	}
}

unsigned long oom_points_to_score(long points, unsigned long totalpages)
{
	long raw;

	if (points == LONG_MIN || !totalpages)
		return 0;
	/* 1000 + badness in thousandths spans [0, 3000]; the file shows [0, 2000]. */
	raw = 1000 + points * 1000 / (long)totalpages;
	raw = clamp_t(long, raw, 0, 3000);
	return raw * 2 / 3;
}

/* ------------------------------------------------------------ reading processes */

/* The thread of p's process that still has an mm, or NULL.  RCU held. */
static struct task_struct *oom_thread_with_mm(struct task_struct *p)
{
	struct task_struct *t;

	if (!p->signal)
		return NULL;
	for_each_thread(p, t)
		if (READ_ONCE(t->mm))
			return t;
	return NULL;
}

/* Does some thread of p's process run on mm?  RCU held. */
static bool oom_process_uses_mm(struct task_struct *p, struct mm_struct *mm)
{
	struct task_struct *t;

	for_each_thread(p, t)
		if (READ_ONCE(t->mm) == mm)
			return true;
	return false;
}

/* Is mm used by a process other than the one of sig?  RCU held. */
static bool oom_mm_shared_outside(struct mm_struct *mm, struct signal_struct *sig)
{
	struct task_struct *p;

	for_each_process(p) {
		if (p != p->group_leader || p->signal == sig || (p->flags & PF_KTHREAD))
			continue;
		if (oom_process_uses_mm(p, mm))
			return true;
	}
	return false;
}

/* What the scoring needs to know about p's process.  RCU held. */
static void oom_read_process(struct task_struct *p, struct oom_candidate *c)
{
	struct signal_struct *sig = p->signal;
	struct mm_struct *mm, *chosen_mm;
	struct task_struct *t;

	memset(c, 0, sizeof(*c));
	c->owner = p;
	if ((p->flags & PF_KTHREAD) || !sig || p->tgid == 1) {
		c->unkillable = true;
		return;
	}
	c->adj = READ_ONCE(sig->oom_score_adj);
	chosen_mm = READ_ONCE(sig->oom_mm);
	if (chosen_mm) {
		if (test_bit(MMF_OOM_SKIP, &chosen_mm->flags))
			c->done = true;
		else
			c->dying_victim = true;
	}
	t = oom_thread_with_mm(p);
	mm = t ? READ_ONCE(t->mm) : NULL;
	if (!mm) {
		c->unkillable = true;
		return;
	}
	/* A vfork child runs on its parent's memory; the parent is the one to weigh. */
	if (READ_ONCE(t->vfork_done))
		c->unkillable = true;
	if (test_bit(MMF_OOM_SKIP, &mm->flags))
		c->done = true;
	c->rss = get_mm_rss(mm);
	c->swapents = get_mm_counter(mm, MM_SWAPENTS);
	c->pgtables = atomic_long_read(&mm->pgtables_bytes) >> PAGE_SHIFT;
}

unsigned long oom_total_pages(void)
{
	return totalram_pages() + oom_swap_pages();
}

long oom_badness(struct task_struct *p, unsigned long totalpages)
{
	struct oom_candidate c;

	rcu_read_lock();
	oom_read_process(p->group_leader, &c);
	rcu_read_unlock();
	return oom_candidate_points(&c, totalpages);
}

unsigned long oom_score(struct task_struct *p)
{
	unsigned long total = oom_total_pages();

	return oom_points_to_score(oom_badness(p, total), total);
}

bool tsk_is_oom_victim(struct task_struct *p)
{
	return p->signal && READ_ONCE(p->signal->oom_mm);
}

/* The real uid of p, for the report. */
static uid_t oom_task_uid(struct task_struct *p)
{
	const struct cred *cred;
	uid_t uid;

	rcu_read_lock();
	cred = READ_ONCE(p->real_cred);
	uid = cred ? cred->uid : 0;
	rcu_read_unlock();
	return uid;
}

/* ------------------------------------------------------------ oom_score_adj */

int oom_score_adj_get(struct task_struct *p)
{
	return p->signal ? READ_ONCE(p->signal->oom_score_adj) : 0;
}

int oom_adj_to_score_adj(int oom_adj)
{
	if (oom_adj == OOM_ADJUST_MAX)
		return OOM_SCORE_ADJ_MAX;
	return oom_adj * OOM_SCORE_ADJ_MAX / -OOM_DISABLE;
}

int oom_score_adj_to_adj(int adj)
{
	if (adj == OOM_SCORE_ADJ_MAX)
		return OOM_ADJUST_MAX;
	return adj * -OOM_DISABLE / OOM_SCORE_ADJ_MAX;
}

/*
 * Processes sharing an mm live and die together, so they should weigh
 * the same: give adj to every other process on p's mm (not to a vfork
 * child, which only borrows it).  oom_adj_mutex held.
 */
static void oom_adj_share(struct task_struct *p, int adj)
{
	struct mm_struct *mm;
	struct task_struct *q, *t;

	rcu_read_lock();
	t = oom_thread_with_mm(p);
	mm = t ? READ_ONCE(t->mm) : NULL;
	if (!mm || atomic_read(&mm->mm_users) <= 1) {
		rcu_read_unlock();
		return;
	}
	for_each_process(q) {
		if (q != q->group_leader || q->signal == p->signal || (q->flags & PF_KTHREAD) ||
		    !q->signal)
			continue;
		t = oom_thread_with_mm(q);
		if (t && READ_ONCE(t->mm) == mm && !READ_ONCE(t->vfork_done))
			WRITE_ONCE(q->signal->oom_score_adj, adj);
	}
	rcu_read_unlock();
}

int oom_score_adj_set(struct task_struct *p, int adj, bool legacy)
{
	struct signal_struct *sig = p->signal;
	bool privileged = capable(CAP_SYS_RESOURCE);
	int lowest, err = 0;

	if (!sig || adj < OOM_SCORE_ADJ_MIN || adj > OOM_SCORE_ADJ_MAX)
		return -EINVAL;
	mutex_lock(&oom_adj_mutex);
	/* proc(5): no lower than a privileged writer left it (oom_adj: than it is). */
	lowest = legacy ? sig->oom_score_adj : sig->oom_score_adj_min;
	if (adj < lowest && !privileged) {
		err = -EACCES;
		goto out;
	}
	WRITE_ONCE(sig->oom_score_adj, adj);
	if (privileged && !legacy)
		WRITE_ONCE(sig->oom_score_adj_min, adj);
	oom_adj_share(p, adj);
out:
	mutex_unlock(&oom_adj_mutex);
	return err;
}

/* ------------------------------------------------------------ the report */

/* gfp names, composite masks first so that the shortest description wins. */
struct gfp_name {
	gfp_t mask;
	const char *name;
};
#define GFP_NAME(flags)	{ .mask = (flags), .name = #flags }

static const struct gfp_name gfp_names[] = {
	GFP_NAME(GFP_HIGHUSER_MOVABLE), GFP_NAME(GFP_KERNEL), GFP_NAME(GFP_NOFS),
	GFP_NAME(GFP_NOIO), GFP_NAME(GFP_ATOMIC), GFP_NAME(__GFP_DMA32), GFP_NAME(__GFP_HIGH),
	GFP_NAME(__GFP_ZERO), GFP_NAME(__GFP_NOWARN), GFP_NAME(__GFP_DIRECT_RECLAIM),
	GFP_NAME(__GFP_KSWAPD_RECLAIM), GFP_NAME(__GFP_IO), GFP_NAME(__GFP_FS),
	GFP_NAME(__GFP_NORETRY), GFP_NAME(__GFP_NOFAIL), GFP_NAME(__GFP_MOVABLE),
	GFP_NAME(__GFP_COMP),
};

static void gfp_describe(gfp_t gfp, char *buf, size_t size)
{
	gfp_t left = gfp;
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < ARRAY_SIZE(gfp_names) && left; i++) {
		if ((gfp_names[i].mask & left) != gfp_names[i].mask)
			continue;
		len += scnprintf(buf + len, size - len, "%s%s", len ? "|" : "",
				 gfp_names[i].name);
		left &= ~gfp_names[i].mask;
	}
	if (left)
		scnprintf(buf + len, size - len, "%s%#x", len ? "|" : "", left);
}

/* Memory counters for the report, in pages: node ones, and zone ones summed. */
struct oom_mem_field {
	const char *name;
	bool zone;
	int item;
};
#define NODE_FIELD(n, i)	{ .name = (n), .zone = false, .item = (i) }
#define ZONE_FIELD(n, i)	{ .name = (n), .zone = true, .item = (i) }

static const struct oom_mem_field oom_mem_fields[] = {
	NODE_FIELD("active_anon", NR_ACTIVE_ANON), NODE_FIELD("inactive_anon", NR_INACTIVE_ANON),
	NODE_FIELD("isolated_anon", NR_ISOLATED_ANON), NODE_FIELD("active_file", NR_ACTIVE_FILE),
	NODE_FIELD("inactive_file", NR_INACTIVE_FILE), NODE_FIELD("isolated_file", NR_ISOLATED_FILE),
	NODE_FIELD("unevictable", NR_UNEVICTABLE), NODE_FIELD("dirty", NR_FILE_DIRTY),
	NODE_FIELD("writeback", NR_WRITEBACK), NODE_FIELD("slab_reclaimable", NR_SLAB_RECLAIMABLE),
	NODE_FIELD("slab_unreclaimable", NR_SLAB_UNRECLAIMABLE), NODE_FIELD("mapped", NR_FILE_MAPPED),
	NODE_FIELD("shmem", NR_SHMEM), NODE_FIELD("pagetables", NR_PAGETABLE),
	ZONE_FIELD("bounce", NR_BOUNCE), ZONE_FIELD("free", NR_FREE_PAGES),
};

#define OOM_MEM_FIELDS_PER_LINE	6

static void oom_show_mem(void)
{
	char line[200];
	size_t len = 0;

	pr_warn("Mem-Info:\n");
	for (unsigned int i = 0; i < ARRAY_SIZE(oom_mem_fields); i++) {
		unsigned long v = oom_mem_fields[i].zone ?
			global_zone_page_state(oom_mem_fields[i].item) :
			global_node_page_state(oom_mem_fields[i].item);

		len += scnprintf(line + len, sizeof(line) - len, "%s%s:%lu", len ? " " : "",
				 oom_mem_fields[i].name, v);
		if ((i + 1) % OOM_MEM_FIELDS_PER_LINE == 0 || i + 1 == ARRAY_SIZE(oom_mem_fields)) {
			pr_warn("%s%s\n", i < OOM_MEM_FIELDS_PER_LINE ? "" : " ", line);
			len = 0;
		}
	}
	show_free_areas();
	pr_warn("%lu pages RAM\n", totalram_pages());
}

/* One row per user process: what the scoring saw. */
static void oom_dump_tasks(void)
{
	struct task_struct *p, *t;

	pr_info("Tasks state (memory values in pages):\n");
	pr_info("[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name\n");
	rcu_read_lock();
	for_each_process(p) {
		struct mm_struct *mm;

		if (p != p->group_leader || (p->flags & PF_KTHREAD))
			continue;
		t = oom_thread_with_mm(p);
		mm = t ? READ_ONCE(t->mm) : NULL;
		if (!mm)
			continue;
		pr_info("[%7d] %5u %5d %8lu %8lu %14ld %8lu %13d %s\n", t->pid, oom_task_uid(t),
			t->tgid, READ_ONCE(mm->total_vm), get_mm_rss(mm),
			atomic_long_read(&mm->pgtables_bytes), get_mm_counter(mm, MM_SWAPENTS),
			oom_score_adj_get(p), t->comm);
	}
	rcu_read_unlock();
}

/* Who asked, with what, and the state of memory and processes at that moment. */
static void oom_report(struct oom_control *oc)
{
	char gfp[160];

	gfp_describe(oc->gfp_mask, gfp, sizeof(gfp));
	pr_warn("%s invoked oom-killer: gfp_mask=0x%x(%s), order=%d, oom_score_adj=%d\n",
		current->comm, oc->gfp_mask, gfp, oc->order, oom_score_adj_get(current));
	dump_stack();
	oom_show_mem();
	if (READ_ONCE(sysctl_oom_dump_tasks))
		oom_dump_tasks();
}

/* ------------------------------------------------------------ victims */

bool oom_kill_in_progress(void)
{
	return READ_ONCE(oom_victims) > 0;
}

/* mm belongs to a victim now: wait for it until oom_mm_done(). */
static void oom_mm_mark_victim(struct mm_struct *mm)
{
	spin_lock(&oom_victims_lock);
	if (!test_bit(MMF_OOM_SKIP, &mm->flags) && !test_and_set_bit(MMF_OOM_VICTIM, &mm->flags))
		oom_victims++;
	spin_unlock(&oom_victims_lock);
}

/* Nothing more will come of mm: never wait for it or choose it again. */
static void oom_mm_done(struct mm_struct *mm)
{
	spin_lock(&oom_victims_lock);
	if (!test_and_set_bit(MMF_OOM_SKIP, &mm->flags) && test_bit(MMF_OOM_VICTIM, &mm->flags))
		oom_victims--;
	spin_unlock(&oom_victims_lock);
}

void oom_mm_released(struct mm_struct *mm)
{
	/* Only victims' mms are of interest; others skip the lock. */
	if (test_bit(MMF_OOM_VICTIM, &mm->flags))
		oom_mm_done(mm);
}

/*
 * Make p's process a victim whose memory is mm: it may use the OOM
 * reserve from now on, and the OOM killer waits for it.
 */
static void oom_make_victim(struct task_struct *p, struct mm_struct *mm)
{
	mmgrab(mm);
	if (cmpxchg(&p->signal->oom_mm, NULL, mm))
		mmdrop(mm);	/* a victim already (of this or an earlier mm) */
	oom_mm_mark_victim(mm);
}

/* ------------------------------------------------------------ the OOM reaper */

static bool oom_vma_reapable(const struct vm_area_struct *vma)
{
	/*
	 * Shared pages may be needed by others; locked ones would need the
	 * mlock bookkeeping undone under the write lock; special mappings
	 * have no pages we own.
	 */
	return !(vma->vm_flags & (VM_SHARED | VM_LOCKED | VM_HUGETLB | VM_SPECIAL));
}

void oom_reap_mm(struct mm_struct *mm)
{
	struct vm_area_struct *vma;
	struct mmu_gather tlb;

	/*
	 * First: a fault that installs a page after this point sees the bit
	 * under page_table_lock and fails instead (see mm/memory.c).
	 */
	set_bit(MMF_UNSTABLE, &mm->flags);
	smp_mb__after_atomic();
	tlb_gather_mmu(&tlb, mm, false);
	for_each_vma(mm, vma) {
		if (oom_vma_reapable(vma))
			unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end);
	}
	tlb_finish_mmu(&tlb);
}

/* One try: 1 reaped, 0 nothing left to reap, -EAGAIN mmap_lock busy. */
static int oom_reap_try(struct mm_struct *mm)
{
	unsigned long kb = PAGE_SIZE / 1024;

	if (test_bit(MMF_OOM_SKIP, &mm->flags) || !mmget_not_zero(mm))
		return 0;	/* torn down, or being torn down by exit_mmap() */
	if (!mmap_read_trylock(mm)) {
		mmput(mm);
		return -EAGAIN;
	}
	oom_reap_mm(mm);
	mmap_read_unlock(mm);
	pr_info("oom_reaper: reaped process %d (%s), now anon-rss:%lukB, file-rss:%lukB, "
		"shmem-rss:%lukB\n", mm->oom_victim_pid, mm->oom_victim_comm,
		get_mm_counter(mm, MM_ANONPAGES) * kb, get_mm_counter(mm, MM_FILEPAGES) * kb,
		get_mm_counter(mm, MM_SHMEMPAGES) * kb);
	mmput(mm);
	return 1;
}

static void oom_reap(struct mm_struct *mm)
{
	int tries;

	for (tries = 0; tries < OOM_REAP_TRIES; tries++) {
		if (oom_reap_try(mm) != -EAGAIN)
			break;
		schedule_timeout_idle(msecs_to_jiffies(OOM_REAP_RETRY_MS));
	}
	if (tries == OOM_REAP_TRIES)
		pr_info("oom_reaper: unable to reap pid %d (%s)\n", mm->oom_victim_pid,
			mm->oom_victim_comm);
	/* Reaped, gone, or given up on: the next victim may be chosen. */
	oom_mm_done(mm);
}

static struct mm_struct *oom_reap_dequeue(void)
{
	struct mm_struct *mm;

	spin_lock(&oom_reap_lock);
	mm = oom_reap_first;
	if (mm) {
		oom_reap_first = mm->oom_reap_next;
		if (!oom_reap_first)
			oom_reap_last = &oom_reap_first;
	}
	spin_unlock(&oom_reap_lock);
	return mm;
}

static int oom_reaper(void *unused)
{
	for (;;) {
		struct mm_struct *mm;

		wait_event_idle(oom_reaper_wait, READ_ONCE(oom_reap_first) != NULL);
		while ((mm = oom_reap_dequeue())) {
			oom_reap(mm);
			mmdrop(mm);	/* the queue's reference */
		}
	}
	return 0;
}

void oom_queue_reap(struct mm_struct *mm, int pid, const char *comm)
{
	if (test_and_set_bit(MMF_OOM_QUEUED, &mm->flags))
		return;
	if (!READ_ONCE(oom_reaper_task)) {
		oom_mm_done(mm);	/* no reaper: wait only for the exit */
		return;
	}
	mm->oom_victim_pid = pid;
	strscpy(mm->oom_victim_comm, comm, sizeof(mm->oom_victim_comm));
	mmgrab(mm);
	spin_lock(&oom_reap_lock);
	mm->oom_reap_next = NULL;
	*oom_reap_last = mm;
	oom_reap_last = &mm->oom_reap_next;
	spin_unlock(&oom_reap_lock);
	wake_up(&oom_reaper_wait);
}

/* ------------------------------------------------------------ killing */

/*
 * Is p's whole process on its way out (a group exit, or every thread
 * exiting or with a fatal signal)?  One thread leaving is not enough: the
 * others would go on using the memory.  RCU held.
 */
static bool oom_process_exiting(struct task_struct *p)
{
	struct task_struct *t;

	if (READ_ONCE(p->signal->flags) & SIGNAL_GROUP_EXIT)
		return true;
	for_each_thread(p, t)
		if (!(t->flags & PF_EXITING) && !fatal_signal_pending(t))
			return false;
	return true;
}

/*
 * If p's process is dying anyway and alone on mm, there is nothing to
 * kill: make it a victim (reserves, reaper) and wait for it.  true then.
 */
static bool oom_wait_for_exiting(struct task_struct *p, struct mm_struct *mm)
{
	bool alone_and_dying;

	rcu_read_lock();
	alone_and_dying = oom_process_exiting(p) && !oom_mm_shared_outside(mm, p->signal);
	rcu_read_unlock();
	if (!alone_and_dying)
		return false;
	oom_make_victim(p, mm);
	oom_queue_reap(mm, p->tgid, p->comm);
	return true;
}

/*
 * Kill every other process that runs on mm.  Returns false if one of them
 * may not die (init, adj -1000): mm then stays in use and is not reaped.
 */
static bool oom_kill_sharers(struct mm_struct *mm, struct task_struct *victim)
{
	bool reapable = true;
	struct task_struct *p;

	rcu_read_lock();
	for_each_process(p) {
		if (p != p->group_leader || same_thread_group(p, victim) ||
		    (p->flags & PF_KTHREAD) || !p->signal || !oom_process_uses_mm(p, mm))
			continue;
		if (p->tgid == 1 || READ_ONCE(p->signal->oom_score_adj) == OOM_SCORE_ADJ_MIN) {
			pr_info("oom-kill: %d (%s) shares the memory of %d (%s) and may not be "
				"killed: not reaping\n", p->tgid, p->comm, victim->tgid, victim->comm);
			reapable = false;
			continue;
		}
		oom_make_victim(p, mm);
		send_sig(SIGKILL, p, 1);
	}
	rcu_read_unlock();
	return reapable;
}

/* Kill oc->chosen (referenced; the reference is dropped here). */
static void oom_kill_process(struct oom_control *oc, const char *why)
{
	struct task_struct *victim = oc->chosen, *t;
	unsigned long kb = PAGE_SIZE / 1024;
	unsigned long anon, file, shmem, vm, pgtables;
	struct mm_struct *mm = NULL;

	rcu_read_lock();
	t = oom_thread_with_mm(victim);
	if (t)
		get_task_struct(t);
	rcu_read_unlock();
	/* get_task_mm() may drop a reference it took in vain: no RCU around it. */
	if (t) {
		mm = get_task_mm(t);
		put_task_struct(t);
	}
	if (!mm)
		goto out;	/* it exited meanwhile: its memory is back */
	if (oom_wait_for_exiting(victim, mm))
		goto out_mm;

	oom_report(oc);
	pr_err("oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0,"
	       "global_oom,task_memcg=/,task=%s,pid=%d,uid=%u\n", victim->comm, victim->tgid,
	       oom_task_uid(victim));
	anon = get_mm_counter(mm, MM_ANONPAGES);
	file = get_mm_counter(mm, MM_FILEPAGES);
	shmem = get_mm_counter(mm, MM_SHMEMPAGES);
	vm = READ_ONCE(mm->total_vm);
	pgtables = atomic_long_read(&mm->pgtables_bytes) >> 10;

	oom_make_victim(victim, mm);
	send_sig(SIGKILL, victim, 1);
	count_vm_event(OOM_KILL);
	pr_err("%s: Killed process %d (%s) total-vm:%lukB, anon-rss:%lukB, file-rss:%lukB, "
	       "shmem-rss:%lukB, UID:%u pgtables:%lukB oom_score_adj:%d\n", why, victim->tgid,
	       victim->comm, vm * kb, anon * kb, file * kb, shmem * kb, oom_task_uid(victim),
	       pgtables, oom_score_adj_get(victim));

	if (oom_kill_sharers(mm, victim))
		oom_queue_reap(mm, victim->tgid, victim->comm);
	else
		oom_mm_done(mm);
out_mm:
	mmput(mm);
out:
	put_task_struct(victim);
}

/* Score every process; oc->chosen gets the winner, referenced.  Returns false to wait. */
static bool oom_choose(struct oom_control *oc)
{
	struct oom_choice ch = { };
	struct oom_candidate c;
	struct task_struct *p;

	rcu_read_lock();
	for_each_process(p) {
		if (p != p->group_leader)
			continue;
		oom_read_process(p, &c);
		oom_choice_offer(&ch, &c, oc->totalpages);
		if (ch.wait)
			break;
	}
	if (ch.owner) {
		oc->chosen = get_task_struct((struct task_struct *)ch.owner);
		oc->chosen_points = ch.points;
	}
	rcu_read_unlock();
	return !ch.wait;
}

/* The allocating task as the victim (vm.oom_kill_allocating_task), if it may be one. */
static bool oom_choose_current(struct oom_control *oc)
{
	long points = oom_badness(current, oc->totalpages);

	if (points == LONG_MIN)
		return false;
	oc->chosen = get_task_struct(current->group_leader);
	oc->chosen_points = points;
	return true;
}

static void oom_report_nobody(struct oom_control *oc)
{
	static unsigned long last;
	static bool reported;

	/* The caller said it copes with failure quietly, and nothing was killed. */
	if (oc->gfp_mask & __GFP_NOWARN)
		return;
	if (reported && time_before(jiffies, last + OOM_NOBODY_REPORT_GAP))
		return;
	reported = true;
	last = jiffies;
	oom_report(oc);
	pr_err("Out of memory and no killable process: the allocation fails\n");
}

bool out_of_memory(struct oom_control *oc)
{
	struct mm_struct *mm = current->mm;

	oc->totalpages = oom_total_pages();
	oc->chosen = NULL;
	oc->chosen_points = LONG_MIN;

	/* We are dying ourselves: our exit gives memory back, kill nobody. */
	if (mm && current->signal && oom_wait_for_exiting(current, mm))
		return true;
	if (oom_kill_in_progress())
		return true;
	if (READ_ONCE(sysctl_panic_on_oom)) {
		oom_report(oc);
		panic("Out of memory: panic_on_oom is %d, system-wide\n",
		      READ_ONCE(sysctl_panic_on_oom));
	}
	if (READ_ONCE(sysctl_oom_kill_allocating_task) && mm && oom_choose_current(oc)) {
		oom_kill_process(oc, "Out of memory (oom_kill_allocating_task)");
		return true;
	}
	if (!oom_choose(oc))
		return true;
	if (!oc->chosen) {
		oom_report_nobody(oc);
		return false;
	}
	oom_kill_process(oc, "Out of memory");
	return true;
}

void pagefault_out_of_memory(void)
{
	struct oom_control oc = { .gfp_mask = 0, .order = 0 };

	/* Dying: the exit frees memory, and the retried fault never returns. */
	if (fatal_signal_pending(current))
		return;
	if (!oom_kill_in_progress() && mutex_trylock(&oom_lock)) {
		out_of_memory(&oc);
		mutex_unlock(&oom_lock);
	}
	/* Let a victim run before the fault is retried. */
	schedule_timeout_killable(1);
}

/* ------------------------------------------------------------ sysctls, boot */

/* A 0..max integer knob under /proc/sys/vm. */
#define OOM_KNOB(knob, var, max) {					\
	.procname = (knob), .data = &(var), .maxlen = sizeof(int),	\
	.mode = 0644, .proc_handler = proc_dointvec_minmax,		\
	.extra1 = SYSCTL_ZERO, .extra2 = (max),				\
}

static struct ctl_table vm_oom_table[] = {
	OOM_KNOB("oom_dump_tasks", sysctl_oom_dump_tasks, SYSCTL_ONE),
	OOM_KNOB("oom_kill_allocating_task", sysctl_oom_kill_allocating_task, SYSCTL_ONE),
	OOM_KNOB("panic_on_oom", sysctl_panic_on_oom, SYSCTL_TWO),
	{ }
};

static int __init oom_init(void)
{
	struct task_struct *t = kthread_run(oom_reaper, NULL, "oom_reaper");

	if (IS_ERR(t))
		pr_err("oom_reaper: cannot start: %ld; victims are waited for until they exit\n",
		       PTR_ERR(t));
	else
		WRITE_ONCE(oom_reaper_task, t);
	if (!register_sysctl("vm", vm_oom_table))
		pr_warn("oom: cannot register the vm.oom_* sysctls\n");
	return 0;
}
subsys_initcall(oom_init);
