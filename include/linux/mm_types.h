/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct page: one descriptor per physical page frame.
 *
 * The descriptors form one virtually contiguous array indexed by page
 * frame number (the vmemmap, see <linux/mm.h>); a descriptor exists for
 * every frame of every MAX_ORDER block that holds RAM, and never moves or
 * goes away.  That permanence is what lets lockless code (the page cache
 * lookup) take a speculative reference on a page that may have been freed
 * in the meantime: the descriptor is always there, get_page_unless_zero()
 * fails on a free page, and the caller re-checks identity afterwards.
 *
 * Who owns which field depends on what the page is used for; the union
 * below names the users.  Lifetime: _refcount.  A page with _refcount 0
 * belongs to the page allocator (buddy or per-CPU lists) or is reserved
 * memory that was never handed to it.
 */
#ifndef _LINUX_MM_TYPES_H
#define _LINUX_MM_TYPES_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/list.h>
#include <linux/rbtree.h>
#include <linux/spinlock.h>
#include <linux/rwsem.h>
#include <linux/cpumask.h>
#include <asm/atomic.h>
#include <asm/pgtable.h>

typedef unsigned long pgoff_t;

struct address_space;
struct kmem_cache;
struct anon_vma;
struct file;
struct vm_operations_struct;

struct page {
	/*
	 * PG_* bits (<linux/page-flags.h>), changed with atomic bitops by
	 * whoever holds the page; the top ZONES_WIDTH bits hold the zone
	 * index, written once at boot and never changed.
	 */
	unsigned long flags;
	union {
		/* Page cache, anonymous memory, and the page allocator. */
		struct {
			/*
			 * Free pages: link on a buddy free list (zone->lock)
			 * or a per-CPU list (that CPU, irqs off).  Pages in
			 * use: link on an LRU list (the lruvec's lru_lock),
			 * or free for the owner's private lists.
			 */
			struct list_head lru;
			/*
			 * Page cache: the owning file; NULL when not cached.
			 * Mapped user memory: a tagged pointer (low bits
			 * PAGE_MAPPING_*, <linux/rmap.h>) to the anon_vma of
			 * a private anonymous page or to the shared-anonymous
			 * object of a MAP_SHARED|MAP_ANONYMOUS page.
			 */
			struct address_space *mapping;
			/*
			 * Page cache: offset in the file, in pages.  Anonymous
			 * pages: the linear index vm_pgoff + (addr - vm_start)
			 * / PAGE_SIZE of the fault that created the page, so
			 * that rmap finds the address in every VMA.
			 */
			pgoff_t index;
			/*
			 * Owner's private word (buffers, swap entry).  While
			 * the page is a free buddy block head (PG_buddy) it
			 * holds the block's order, under zone->lock.
			 */
			unsigned long private;
		};
		/* Head page of a slab (PG_slab); see mm/slab.c. */
		struct {
			struct list_head slab_list;	/* cache's partial/full/free list */
			struct kmem_cache *slab_cache;	/* owning cache */
			void *freelist;			/* first free object, or NULL */
			unsigned int inuse;		/* objects out of the slab */
			unsigned int slab_pad;
			/*
			 * CONFIG_DEBUG_KERNEL: bit i set = object i is
			 * allocated to a user (double-free detection), for
			 * slabs of at most BITS_PER_LONG objects.
			 */
			unsigned long slab_alloc_map;
		};
		/*
		 * Tail page of a compound page.  compound_head overlays
		 * lru.next, which as a pointer always has bit 0 clear; a
		 * tail stores its head's address with bit 0 set.
		 */
		struct {
			unsigned long compound_head;
			unsigned char compound_order;	/* first tail page only */
		};
	};
	/*
	 * Number of page-table entries mapping the page, minus one: -1 means
	 * unmapped.  Used by rmap; see page_mapcount().
	 */
	atomic_t _mapcount;
	/*
	 * References.  Use the page_ref_*() helpers and get_page()/
	 * put_page(); never write it directly.  Dropping it to zero frees
	 * the page.
	 */
	atomic_t _refcount;
};

/* ------------------------------------------------------------ address spaces */

/*
 * struct vm_area_struct: one contiguous range [vm_start, vm_end) of a user
 * address space with the same protection and backing.
 *
 * Locking and lifetime:
 *   vm_start, vm_end, vm_pgoff, vm_flags, vm_page_prot, the tree/list links
 *        written with vm_mm->mmap_lock held for writing; read with it held
 *        for reading (the fault path) or for writing.  rmap walkers read
 *        vm_start/vm_end/vm_pgoff under the anon_vma root lock, which every
 *        writer of those fields on a VMA with an anon_vma also takes.
 *   anon_vma, anon_vma_chain
 *        set once under mmap_lock (read) + the anon_vma root lock + the
 *        mm's page_table_lock (anon_vma_prepare()), or under mmap_lock
 *        (write) by fork, split, merge and unmap; see mm/rmap.c.
 *   vm_shared_node  the backing object's list of VMAs (its own lock).
 * A VMA is freed only after it has left the tree and every anon_vma chain,
 * so an rmap walker holding an anon_vma lock never sees a freed VMA.
 */
struct vm_area_struct {
	unsigned long vm_start;		/* first byte */
	unsigned long vm_end;		/* first byte after */
	struct mm_struct *vm_mm;
	struct rb_node vm_rb;		/* mm->mm_rb, keyed by vm_start */
	struct list_head vm_list;	/* mm->mmap_list, in address order */
	unsigned long vm_flags;		/* VM_* (<linux/mm.h>) */
	pgprot_t vm_page_prot;		/* pte bits for pages of this VMA */
	/*
	 * File VMAs: offset of vm_start in the file, in pages.  Private
	 * anonymous VMAs: vm_start >> PAGE_SHIFT when created, then carried
	 * along by mremap() so that page->index stays meaningful.
	 */
	unsigned long vm_pgoff;
	struct file *vm_file;		/* backing file; NULL for anonymous memory */
	const struct vm_operations_struct *vm_ops;	/* NULL for private anonymous */
	void *vm_private_data;		/* the vm_ops owner's */
	struct list_head vm_shared_node; /* in the backing object's VMA list */
	/* File VMAs: the file's i_mmap tree (mm/interval_tree.c). */
	struct rb_node vm_i_mmap_rb;
	unsigned long vm_i_mmap_subtree_last;	/* largest last pgoff below */
	/*
	 * Private anonymous pages: the anon_vma new pages of this VMA go
	 * into (NULL until the first one), and the chain of every anon_vma
	 * whose pages this VMA may map (struct anon_vma_chain.same_vma).
	 */
	struct anon_vma *anon_vma;
	struct list_head anon_vma_chain;
};

/* Per-mm page counts (mm->rss_stat), for /proc/<pid>/status and statm. */
enum {
	MM_FILEPAGES,		/* file-backed pages */
	MM_ANONPAGES,		/* private anonymous pages */
	MM_SWAPENTS,		/* swapped-out anonymous pages (no swap yet) */
	MM_SHMEMPAGES,		/* shared anonymous (shmem) pages */
	NR_MM_COUNTERS
};

/* Words in mm->saved_auxv: pairs of (type, value), AT_NULL-terminated. */
#define AT_VECTOR_SIZE	64

/*
 * struct mm_struct: a user address space, shared by the threads of a
 * process.
 *
 * Lifetime: mm_users counts the users of the address space (tasks, and
 * temporary get_task_mm() references); when it drops to zero the mappings
 * and page tables are torn down (mmput()).  mm_count counts references to
 * the structure itself (all users together hold one; mmgrab()); when it
 * drops to zero the pgd and the structure are freed (mmdrop()).
 *
 * Locking (order: mmap_lock -> anon_vma root lock -> page_table_lock):
 *   mmap_lock        the VMA tree and list, map_count, every VMA field,
 *                    the vm counters, brk/start_brk, mmap_base.  Read for
 *                    faults and lookups; write for changes.  Use
 *                    mmap_read_lock() & co. (<linux/mmap_lock.h>).
 *   page_table_lock  every change to a user page-table entry at any level
 *                    (leaf ptes included), and freeing page-table pages.
 *   arg_lock         arg_start..env_end, start_code..end_data, start_stack,
 *                    exe_file.
 *   rss_stat, pgtables_bytes  atomic.
 *   cpu_bitmap       atomic bitops by the CPUs loading/unloading the mm.
 */
struct mm_struct {
	pgd_t *pgd;			/* top-level table; kernel half = init_top_pgt's */
	atomic_t mm_users;
	atomic_t mm_count;
	struct rw_semaphore mmap_lock;
	struct rb_root mm_rb;		/* VMAs by address */
	struct list_head mmap_list;	/* the same VMAs, in address order */
	int map_count;			/* number of VMAs */
	spinlock_t page_table_lock;

	unsigned long mmap_base;	/* top of the mmap area (searched downwards) */
	unsigned long task_size;	/* user space ends here */

	/* Sizes in pages, as /proc/<pid>/status shows them. */
	unsigned long total_vm;		/* all VMAs */
	unsigned long locked_vm;	/* VM_LOCKED */
	unsigned long pinned_vm;	/* long-term pins (none yet) */
	unsigned long data_vm;		/* private writable, not stack */
	unsigned long exec_vm;		/* executable, not writable, not stack */
	unsigned long stack_vm;		/* VM_GROWSDOWN */
	unsigned long hiwater_vm;	/* peak total_vm */
	unsigned long hiwater_rss;	/* peak resident pages (updated at teardown) */
	unsigned long def_flags;	/* VM_* added to every new VMA */

	spinlock_t arg_lock;
	unsigned long start_code, end_code, start_data, end_data;
	unsigned long start_brk, brk;	/* heap: brk() moves brk */
	unsigned long start_stack;
	unsigned long arg_start, arg_end, env_start, env_end;
	unsigned long saved_auxv[AT_VECTOR_SIZE];
	unsigned long vdso_base;	/* the [vdso] image (AT_SYSINFO_EHDR); 0: none */
	struct file *exe_file;		/* the program (/proc/<pid>/exe); counted; arg_lock */

	atomic_long_t rss_stat[NR_MM_COUNTERS];
	atomic_long_t pgtables_bytes;	/* memory in user page-table pages */
	unsigned long flags;		/* MMF_* (atomic bitops) */

	/* CPUs that have this mm loaded in CR3: who a TLB flush must reach. */
	struct cpumask cpu_bitmap;
	/*
	 * Reclaim cleared a pte and deferred its flush (struct
	 * tlb_unmap_batch); set under page_table_lock, tested and cleared by
	 * flush_tlb_batched_pending().
	 */
	bool tlb_flush_batched;

	/*
	 * The OOM killer's (mm/oom_kill.c): the OOM reaper's queue link
	 * (oom_reap_lock), and the victim's pid and name for the reaper's
	 * report, written once before the mm is queued (MMF_OOM_QUEUED).
	 */
	struct mm_struct *oom_reap_next;
	int oom_victim_pid;
	char oom_victim_comm[16];

	/*
	 * Native AIO contexts of this address space (fs/aio.c): io_setup()
	 * adds, io_destroy() and the last mmput() (exit_aio()) take away;
	 * ioctx_lock guards the list.  A fork()ed child starts with none.
	 */
	spinlock_t ioctx_lock;
	struct list_head ioctx_list;
};

/* mm->flags bits. */
#define MMF_MMAP_BOTTOMUP	0	/* legacy bottom-up mmap layout (unlimited stack) */
#define MMF_OOM_VICTIM		1	/* an OOM victim's: counted in oom_victims until OOM_SKIP */
#define MMF_OOM_SKIP		2	/* the OOM killer is done with it: never choose it again */
#define MMF_UNSTABLE		3	/* reaped: private VMAs lost pages, faults there get SIGBUS */
#define MMF_OOM_QUEUED		4	/* handed to the OOM reaper (once) */
#define MMF_MEMBARRIER_PRIVATE	5	/* membarrier(REGISTER_PRIVATE_EXPEDITED) done */
#define MMF_DUMP_USER		6	/* dumpable 1 (<linux/sched/coredump.h>) */
#define MMF_DUMP_ROOT		7	/* dumpable 2; neither bit: 0 */
/* The bits a forked child's mm starts with (the OOM state is per mm). */
#define MMF_INIT_MASK		((1UL << MMF_MMAP_BOTTOMUP) | (1UL << MMF_DUMP_USER) | \
				 (1UL << MMF_DUMP_ROOT))

/* The kernel's own address space: kernel threads run on it (no lazy TLB). */
extern struct mm_struct init_mm;

static inline struct cpumask *mm_cpumask(struct mm_struct *mm)
{
	return &mm->cpu_bitmap;
}

#endif /* _LINUX_MM_TYPES_H */
