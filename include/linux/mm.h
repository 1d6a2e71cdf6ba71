/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Core memory-management helpers: pfn <-> struct page <-> address,
 * page references, compound pages, zones of a page, and the global page
 * counts.
 *
 * The struct page array is virtually contiguous at VMEMMAP_START and
 * indexed by pfn, so pfn_to_page()/page_to_pfn() are pointer arithmetic.
 * Only the parts covering RAM are backed by memory (in MAX_ORDER_NR_PAGES
 * units); pfn_valid() says whether a pfn has a descriptor.
 *
 * Reference rules: get_page()/put_page() act on the head of a compound
 * page; the last put_page() frees the page (or the whole compound page).
 * get_page_unless_zero() is the lockless-lookup form (see page_ref.h).
 */
#ifndef _LINUX_MM_H
#define _LINUX_MM_H

#include <linux/kernel.h>
#include <linux/types.h>
#include <linux/bug.h>
#include <linux/gfp.h>
#include <linux/mm_types.h>
#include <linux/page-flags.h>
#include <linux/page_ref.h>
#include <linux/mmzone.h>
#include <linux/mmdebug.h>
#include <asm/page.h>

#define vmemmap ((struct page *)VMEMMAP_START)

#define pfn_to_page(pfn)	(vmemmap + (pfn))
#define page_to_pfn(page)	((unsigned long)((page) - vmemmap))
#define virt_to_page(addr)	pfn_to_page(virt_to_pfn(addr))
#define page_to_phys(page)	PFN_PHYS(page_to_pfn(page))
#define phys_to_page(pa)	pfn_to_page(PFN_DOWN(pa))
#define page_address(page)	__va(page_to_phys(page))
#define lowmem_page_address(page) page_address(page)
#define offset_in_page(p)	((unsigned long)(p) & ~PAGE_MASK)
#define PAGE_ALIGNED(addr)	IS_ALIGNED((unsigned long)(addr), PAGE_SIZE)
/* Round up to a page boundary (wraps to 0 near the top of the address space). */
#define PAGE_ALIGN(addr)	ALIGN(addr, PAGE_SIZE)

/* Highest pfn + 1 of RAM, set by mm_core_init(). */
extern unsigned long max_pfn;
/* One bit per MAX_ORDER_NR_PAGES block: set where struct pages exist. */
extern unsigned long *memmap_valid_map;

static inline bool pfn_valid(unsigned long pfn)
{
	if (pfn >= max_pfn)
		return false;
	return test_bit(pfn >> MAX_ORDER, memmap_valid_map);
}

/* Is addr a direct-map (or kernel image) address backed by a struct page? */
static inline bool virt_addr_valid(const void *addr)
{
	unsigned long a = (unsigned long)addr;

	if (a >= __START_KERNEL_map)
		return a < __START_KERNEL_map + KERNEL_IMAGE_SIZE && pfn_valid(virt_to_pfn(addr));
	if (a < PAGE_OFFSET || a >= PAGE_OFFSET + (max_pfn << PAGE_SHIFT))
		return false;
	return pfn_valid(virt_to_pfn(addr));
}

/* ------------------------------------------------------------ zones */

static inline enum zone_type page_zonenum(const struct page *page)
{
	return (page->flags >> ZONES_PGSHIFT) & ZONES_MASK;
}

static inline struct zone *page_zone(const struct page *page)
{
	return &NODE_DATA(0)->node_zones[page_zonenum(page)];
}

static inline struct pglist_data *page_pgdat(const struct page *page)
{
	return NODE_DATA(0);
}

static inline void set_page_zone(struct page *page, enum zone_type zone)
{
	page->flags &= ~(ZONES_MASK << ZONES_PGSHIFT);
	page->flags |= (unsigned long)zone << ZONES_PGSHIFT;
}

/* ------------------------------------------------------------ compound pages */

static __always_inline struct page *compound_head(const struct page *page)
{
	unsigned long head = READ_ONCE(page->compound_head);

	if (head & 1)
		return (struct page *)(head - 1);
	return (struct page *)page;
}

static inline unsigned int compound_order(const struct page *page)
{
	if (!PageHead(page))
		return 0;
	return page[1].compound_order;
}

static inline unsigned long compound_nr(const struct page *page)
{
	return 1UL << compound_order(page);
}

static inline unsigned long page_size(const struct page *page)
{
	return PAGE_SIZE << compound_order(page);
}

#define virt_to_head_page(addr)	compound_head(virt_to_page(addr))

/* ------------------------------------------------------------ references */

/* page_private() - the owner's private word (a swap cache page: its swp_entry_t). */
static inline unsigned long page_private(const struct page *page)
{
	return page->private;
}

/* set_page_private() - store the owner's private word; the owner's locking. */
static inline void set_page_private(struct page *page, unsigned long private)
{
	page->private = private;
}

static inline int page_count(const struct page *page)
{
	return page_ref_count(compound_head(page));
}

static inline void get_page(struct page *page)
{
	page = compound_head(page);
	VM_BUG_ON_PAGE(page_ref_count(page) <= 0, page);
	page_ref_inc(page);
}

/*
 * Take a reference unless the page is free.  The lockless page cache
 * lookup depends on this being a fully ordered atomic (see page_ref.h).
 */
static inline bool get_page_unless_zero(struct page *page)
{
	return page_ref_add_unless_zero(page, 1);
}

static inline bool put_page_testzero(struct page *page)
{
	VM_BUG_ON_PAGE(page_ref_count(page) == 0, page);
	return page_ref_dec_and_test(page);
}

/* Free a page (or compound page) whose last reference is gone. */
void __put_page(struct page *page);

static inline void put_page(struct page *page)
{
	page = compound_head(page);
	if (put_page_testzero(page))
		__put_page(page);
}

/* ------------------------------------------------------------ mappings */

static inline void page_mapcount_reset(struct page *page)
{
	atomic_set(&page->_mapcount, -1);
}

static inline int page_mapcount(const struct page *page)
{
	return atomic_read(&page->_mapcount) + 1;
}

static inline bool page_mapped(const struct page *page)
{
	return atomic_read(&page->_mapcount) >= 0;
}

/* ------------------------------------------------------------ sizes */

static inline unsigned int get_order(unsigned long size)
{
	if (size <= PAGE_SIZE)
		return 0;
	return fls_long((size - 1) >> PAGE_SHIFT);
}

/* Pages the buddy allocator manages (RAM minus what boot kept). */
extern atomic_long_t _totalram_pages;

static inline unsigned long totalram_pages(void)
{
	return (unsigned long)atomic_long_read(&_totalram_pages);
}

/* RAM pages the kernel knows about, reserved ones included. */
extern unsigned long physpages;

/*
 * vm.min_free_kbytes: the reserve the MIN watermarks add up to.
 * After changing it, call setup_per_zone_wmarks().
 */
extern int min_free_kbytes;
/* vm.watermark_scale_factor: LOW-MIN and HIGH-LOW gaps, in 1/10000 of a zone. */
extern int watermark_scale_factor;
/* vm.watermark_boost_factor: the most a boost adds, in 1/10000 of HIGH (0: never). */
extern int watermark_boost_factor;
void setup_per_zone_wmarks(void);
struct zone;
void boost_watermark(struct zone *zone);

/* Print per-zone free block counts (allocation failures, sysrq). */
void show_free_areas(void);

/* mm/slab.c, mm/vmalloc.c set-up, called by mm_core_init(). */
void kmem_cache_init(void);
void vmalloc_init(void);

/* Back [start, end) of the vmemmap with memory (arch/x86/mm/vmemmap.c; boot only). */
int vmemmap_populate(unsigned long start, unsigned long end);

/* Before mm_core_init() hands RAM to the buddy allocator: use memblock. */
extern bool mm_page_alloc_ready;

/* ============================================================ user address spaces */

/*
 * VMA flags (vma->vm_flags), Linux's values.  VM_READ..VM_SHARED are the
 * current rights; VM_MAY* the rights mprotect() may grant.
 */
#define VM_NONE		0x00000000UL
#define VM_READ		0x00000001UL
#define VM_WRITE	0x00000002UL
#define VM_EXEC		0x00000004UL
#define VM_SHARED	0x00000008UL
#define VM_MAYREAD	0x00000010UL
#define VM_MAYWRITE	0x00000020UL
#define VM_MAYEXEC	0x00000040UL
#define VM_MAYSHARE	0x00000080UL
#define VM_GROWSDOWN	0x00000100UL	/* a stack: faults just below extend it */
#define VM_PFNMAP	0x00000400UL	/* raw frames without struct page use */
#define VM_LOCKED	0x00002000UL	/* mlock()ed / MAP_LOCKED */
#define VM_IO		0x00004000UL	/* device memory */
#define VM_SEQ_READ	0x00008000UL	/* MADV_SEQUENTIAL */
#define VM_LOCKONFAULT	0x00080000UL	/* mlock2(MLOCK_ONFAULT): lock pages as they fault in */
#define VM_RAND_READ	0x00010000UL	/* MADV_RANDOM */
#define VM_DONTCOPY	0x00020000UL	/* MADV_DONTFORK: not inherited by fork */
#define VM_DONTEXPAND	0x00040000UL	/* mremap() may not grow it */
#define VM_ACCOUNT	0x00100000UL	/* counted as committed memory */
#define VM_NORESERVE	0x00200000UL	/* MAP_NORESERVE */
#define VM_HUGETLB	0x00400000UL
#define VM_WIPEONFORK	0x02000000UL	/* MADV_WIPEONFORK: child gets zero pages */
#define VM_DONTDUMP	0x04000000UL	/* MADV_DONTDUMP */
#define VM_SOFTDIRTY	0x08000000UL
#define VM_MIXEDMAP	0x10000000UL

#define VM_STACK	VM_GROWSDOWN
#define VM_ACCESS_FLAGS	(VM_READ | VM_WRITE | VM_EXEC)
/* Defaults of data and stack VMAs (x86_64: no READ_IMPLIES_EXEC by default). */
#define VM_DATA_DEFAULT_FLAGS	(VM_READ | VM_WRITE | VM_MAYREAD | VM_MAYWRITE | VM_MAYEXEC)
#define VM_STACK_FLAGS		(VM_STACK | VM_DATA_DEFAULT_FLAGS | VM_ACCOUNT)
/* Never merged with neighbours, never expanded by mremap(). */
#define VM_SPECIAL	(VM_IO | VM_DONTEXPAND | VM_PFNMAP | VM_MIXEDMAP)

/* Linux's vm.max_map_count default: at most this many VMAs per mm. */
#define DEFAULT_MAX_MAP_COUNT	65530
extern int sysctl_max_map_count;
/* vm.mmap_min_addr: the lowest address mmap() hands out or accepts (Debian's 64 KiB). */
extern unsigned long mmap_min_addr;
/* Pages kept free below a VM_GROWSDOWN VMA (Linux's stack_guard_gap, 256 pages). */
extern unsigned long stack_guard_gap;

/* vm.overcommit_memory: 0 heuristic (default), 1 always, 2 never (acts like 0 for now). */
#define OVERCOMMIT_GUESS	0
#define OVERCOMMIT_ALWAYS	1
#define OVERCOMMIT_NEVER	2
extern int sysctl_overcommit_memory;

/* Linux's default RLIMIT_STACK soft limit. */
#define _STK_LIM	(8UL << 20)

static inline unsigned long vma_pages(const struct vm_area_struct *vma)
{
	return (vma->vm_end - vma->vm_start) >> PAGE_SHIFT;
}

static inline bool vma_is_anonymous(const struct vm_area_struct *vma)
{
	return !vma->vm_ops;
}

/* A private mapping that may become writable: its pages are copied on write. */
static inline bool is_cow_mapping(unsigned long flags)
{
	return (flags & (VM_SHARED | VM_MAYWRITE)) == VM_MAYWRITE;
}

/* Lowest address the stack may grow down to without hitting the guard gap. */
static inline unsigned long vm_start_gap(const struct vm_area_struct *vma)
{
	if (!(vma->vm_flags & VM_GROWSDOWN))
		return vma->vm_start;
	/* The gap below a stack near address 0 stops at 0. */
	if (vma->vm_start <= stack_guard_gap)
		return 0;
	return vma->vm_start - stack_guard_gap;
}

static inline unsigned long vm_end_gap(const struct vm_area_struct *vma)
{
	return vma->vm_end;
}

/*
 * pte protection bits for a combination of VM_READ/WRITE/EXEC/SHARED
 * (an architecture hook; x86: arch/x86/mm/pgprot.c).
 */
pgprot_t vm_get_page_prot(unsigned long vm_flags);
/*
 * vm_page_prot from vm_flags.  Shared writable mappings of files whose
 * pages are written back start read-only: the first store to a clean page
 * faults and dirties the page, and writeback write-protects the ptes
 * again (page_mkclean()) before it writes the page.
 */
void vma_set_page_prot(struct vm_area_struct *vma);

/* VMAs of an mm in address order (mmap_lock held). */
#define for_each_vma(mm, vma) list_for_each_entry(vma, &(mm)->mmap_list, vm_list)

static inline struct vm_area_struct *vma_next(struct vm_area_struct *vma)
{
	if (list_is_last(&vma->vm_list, &vma->vm_mm->mmap_list))
		return NULL;
	return list_next_entry(vma, vm_list);
}

static inline struct vm_area_struct *vma_prev(struct vm_area_struct *vma)
{
	if (list_is_first(&vma->vm_list, &vma->vm_mm->mmap_list))
		return NULL;
	return list_prev_entry(vma, vm_list);
}

/* A file's VMAs by the file pages they cover (mm/interval_tree.c). */
void vma_interval_tree_insert(struct vm_area_struct *vma, struct rb_root *root);
void vma_interval_tree_remove(struct vm_area_struct *vma, struct rb_root *root);
struct vm_area_struct *vma_interval_tree_iter_first(struct rb_root *root, unsigned long first,
						    unsigned long last);
struct vm_area_struct *vma_interval_tree_iter_next(struct vm_area_struct *vma,
						   unsigned long first, unsigned long last);
#define vma_interval_tree_foreach(vma, root, first, last)			\
	for (vma = vma_interval_tree_iter_first(root, first, last); vma;	\
	     vma = vma_interval_tree_iter_next(vma, first, last))

/* The first VMA with vm_end > addr, or NULL (mmap_lock held). */
struct vm_area_struct *find_vma(struct mm_struct *mm, unsigned long addr);
/* The same, and the VMA before it (or NULL) in *pprev. */
struct vm_area_struct *find_vma_prev(struct mm_struct *mm, unsigned long addr,
				     struct vm_area_struct **pprev);
/* The first VMA overlapping [start, end), or NULL. */
struct vm_area_struct *find_vma_intersection(struct mm_struct *mm, unsigned long start,
					     unsigned long end);
/* The VMA containing addr, or NULL. */
static inline struct vm_area_struct *vma_lookup(struct mm_struct *mm, unsigned long addr)
{
	struct vm_area_struct *vma = find_vma(mm, addr);

	if (vma && addr < vma->vm_start)
		vma = NULL;
	return vma;
}

/* ------------------------------------------------------------ faults */

/* handle_mm_fault() flags. */
#define FAULT_FLAG_WRITE	0x01	/* write access */
#define FAULT_FLAG_INSTRUCTION	0x02	/* instruction fetch */
#define FAULT_FLAG_USER		0x04	/* from user mode */
#define FAULT_FLAG_REMOTE	0x08	/* not current->mm (get_user_pages) */
#define FAULT_FLAG_FORCE	0x10	/* FOLL_FORCE: write to a read-only private VMA */

/* handle_mm_fault() results: 0 or VM_FAULT_* bits. */
typedef unsigned int vm_fault_t;
#define VM_FAULT_OOM		0x0001	/* no memory for a page or page table */
#define VM_FAULT_SIGBUS		0x0002	/* no page there (past the object's end) */
#define VM_FAULT_MAJOR		0x0004	/* needed I/O */
#define VM_FAULT_SIGSEGV	0x0040	/* access not allowed by the VMA */
#define VM_FAULT_NOPAGE		0x0100	/* ->fault installed the pte itself */
#define VM_FAULT_RETRY		0x0400	/* try again (a racing change was seen) */
#define VM_FAULT_ERROR		(VM_FAULT_OOM | VM_FAULT_SIGBUS | VM_FAULT_SIGSEGV)

/* What a vm_operations_struct ->fault() gets and returns. */
struct vm_fault {
	struct vm_area_struct *vma;
	unsigned long address;		/* page-aligned faulting address */
	unsigned int flags;		/* FAULT_FLAG_* */
	pgoff_t pgoff;			/* vm_pgoff + page index in the VMA */
	struct page *page;		/* out: the page, with a reference for the caller */
};

/*
 * Hooks of non-anonymous VMAs (shared anonymous memory now, files later).
 * open: a new VMA now refers to the object (fork, split);
 * close: a VMA is going away;
 * fault: find or create the page for vmf->pgoff, return it referenced;
 * name: what /proc/<pid>/maps prints in the path column (may be NULL).
 */
struct vm_operations_struct {
	void (*open)(struct vm_area_struct *vma);
	void (*close)(struct vm_area_struct *vma);
	vm_fault_t (*fault)(struct vm_fault *vmf);
	const char *(*name)(struct vm_area_struct *vma);
};

struct pt_regs;
/*
 * Resolve a fault at address in vma (mmap_lock held, read or write):
 * demand-zero, copy-on-write, shared-object pages.  Access rights must
 * already have been checked against the VMA (the arch fault handler does).
 */
vm_fault_t handle_mm_fault(struct vm_area_struct *vma, unsigned long address,
			   unsigned int flags, struct pt_regs *regs);
/*
 * Grow a VM_GROWSDOWN vma down to cover address (mmap_lock held for
 * writing); 0 or -ENOMEM (RLIMIT_STACK, guard gap, no room).
 */
int expand_stack_locked(struct vm_area_struct *vma, unsigned long address);
/* RLIMIT_STACK of the current process, in bytes. */
unsigned long mm_stack_rlimit(void);

/* ------------------------------------------------------------ page tables */

/* Remove the ptes of [start, end) in vma, dropping their pages (mmap_lock held). */
void zap_page_range(struct vm_area_struct *vma, unsigned long start, unsigned long end);
/* Unmap file pages [holebegin, +holelen) (0: to EOF) from every mapping of the file. */
void unmap_mapping_range(struct address_space *mapping, loff_t holebegin, loff_t holelen,
			 int even_cows);
/* The pte mapping addr in mm, or NULL if no page table covers it. */
pte_t *lookup_user_pte(struct mm_struct *mm, unsigned long addr);
/* The page mapped at addr with a reference taken, or NULL (mmap_lock held). */
struct page *follow_page(struct vm_area_struct *vma, unsigned long addr, unsigned int foll_flags);

/* ------------------------------------------------------------ access from the kernel */

#define FOLL_WRITE	0x01	/* the pages will be written */
#define FOLL_FORCE	0x10	/* ignore VM_WRITE/VM_READ like ptrace (private VMAs only) */
#define FOLL_REMOTE	0x2000	/* mm is not current->mm */

/*
 * Pin the pages of [start, start + nr_pages * PAGE_SIZE) in mm, faulting
 * them in as needed (mmap_lock held for reading).  Returns the number of
 * pages pinned (each with a reference: put_page() them), or -EFAULT /
 * -ENOMEM if not even the first page could be.
 */
long get_user_pages_remote(struct mm_struct *mm, unsigned long start, unsigned long nr_pages,
			   unsigned int gup_flags, struct page **pages);
/* The same for current->mm. */
long get_user_pages(unsigned long start, unsigned long nr_pages, unsigned int gup_flags,
		    struct page **pages);
/*
 * Copy len bytes between buf and addr in mm (which need not be current's),
 * FOLL_WRITE for "into mm".  Takes mmap_lock itself.  Returns the bytes
 * copied (short at the first inaccessible page).
 */
int access_remote_vm(struct mm_struct *mm, unsigned long addr, void *buf, int len,
		     unsigned int gup_flags);

/* ------------------------------------------------------------ mapping and unmapping */

/*
 * The *_mm() calls work on any mm and expect its mmap_lock held for
 * writing; vm_mmap(), vm_munmap() and vm_brk_flags() act on current->mm
 * and take the lock themselves.  Errors are negative errnos (for the
 * address-returning ones, an IS_ERR_VALUE()).
 */
unsigned long get_unmapped_area_mm(struct mm_struct *mm, struct file *file, unsigned long addr,
				   unsigned long len, unsigned long pgoff, unsigned long flags);
unsigned long do_mmap(struct mm_struct *mm, struct file *file, unsigned long addr,
		      unsigned long len, unsigned long prot, unsigned long flags,
		      unsigned long pgoff, unsigned long *populate);
int do_munmap(struct mm_struct *mm, unsigned long start, size_t len);
int do_brk_flags(struct mm_struct *mm, unsigned long addr, unsigned long len,
		 unsigned long flags);
unsigned long do_brk_mm(struct mm_struct *mm, unsigned long brk);
int do_mprotect_mm(struct mm_struct *mm, unsigned long start, size_t len, unsigned long prot);
unsigned long do_mremap_mm(struct mm_struct *mm, unsigned long addr, unsigned long old_len,
			   unsigned long new_len, unsigned long flags, unsigned long new_addr);
/* madvise() on mm; takes mmap_lock itself (Linux's convention for it). */
int do_madvise(struct mm_struct *mm, unsigned long start, size_t len, int behavior);
/* Fault in [start, start + len) (mmap_lock held for reading); 0 or -errno. */
int mm_populate_range(struct mm_struct *mm, unsigned long start, unsigned long len, bool write);

unsigned long vm_mmap(struct file *file, unsigned long addr, unsigned long len,
		      unsigned long prot, unsigned long flag, unsigned long offset);
int vm_munmap(unsigned long start, size_t len);
/* Map anonymous zero pages at exactly [addr, addr + len) (the ELF loader's bss). */
int vm_brk_flags(unsigned long addr, unsigned long len, unsigned long flags);

/*
 * exec: create the stack VMA of mm ending at stack_top (page-aligned; the
 * top of user space is TASK_SIZE_MAX) and covering at least size bytes
 * (at least 128 KiB), executable if exec_stack.  Sets mm->start_stack to
 * stack_top; the caller fills in argv/envp/auxv below it (access_remote_vm()
 * before switching to mm, or copy_to_user() after) and then sets
 * mm->start_stack to the initial stack pointer.
 */
int setup_user_stack(struct mm_struct *mm, unsigned long stack_top, unsigned long size,
		     bool exec_stack);
/*
 * A VMA at exactly [addr, addr + len) (free, page-aligned) whose pages
 * come from ops->fault, e.g. the vDSO; vm_private_data = priv.  0 or
 * -errno; mm->mmap_lock held for writing.
 */
int install_special_mapping(struct mm_struct *mm, unsigned long addr, unsigned long len,
			    unsigned long vm_flags, const struct vm_operations_struct *ops,
			    void *priv);

/*
 * Files (mm/file_mmap.c): the ->mmap of page-cache files, and making a
 * device mapping shared anonymous memory (/dev/zero's MAP_SHARED).  A
 * device whose private mapping is plain anonymous memory clears vm_ops
 * (vma_set_anonymous()).
 */
struct file;
int generic_file_mmap(struct file *file, struct vm_area_struct *vma);
int generic_file_readonly_mmap(struct file *file, struct vm_area_struct *vma);
int shmem_zero_setup(struct vm_area_struct *vma);

/*
 * Shared anonymous objects held by someone other than their VMAs (System V
 * shared memory, ipc/shm.c).  shared_anon_create() returns an object of
 * nr_pages zero pages with one reference, the caller's, dropped with
 * shared_anon_put().  A file's ->mmap makes its VMA map the object with
 * shared_anon_attach() (the VMA takes its own reference).  The owner hooks,
 * if set, hear of every VMA of the object that appears (attach, fork,
 * split) or goes; they are called with the mm's mmap_lock held and may
 * sleep.  A locked object (SHM_LOCK) keeps its pages out of swap.
 */
struct shared_anon;
struct shared_anon_owner_ops {
	void (*vma_opened)(void *owner);
	void (*vma_closed)(void *owner);
	const char *(*name)(void *owner);	/* what /proc/<pid>/maps shows */
};
struct shared_anon *shared_anon_create(unsigned long nr_pages);
void shared_anon_put(struct shared_anon *obj);
void shared_anon_set_owner(struct shared_anon *obj, const struct shared_anon_owner_ops *ops,
			   void *owner);
int shared_anon_attach(struct vm_area_struct *vma, struct shared_anon *obj);
void shared_anon_set_locked(struct shared_anon *obj, bool locked);
/* Pages of the object in memory and in swap. */
void shared_anon_usage(struct shared_anon *obj, unsigned long *resident, unsigned long *swapped);
static inline void vma_set_anonymous(struct vm_area_struct *vma)
{
	vma->vm_ops = NULL;
}

/*
 * The executable of an address space (exec sets it; fork copies it; the
 * last mmput() drops it).  get_*() return a reference to fput(), or NULL.
 */
void set_mm_exe_file(struct mm_struct *mm, struct file *file);
struct file *get_mm_exe_file(struct mm_struct *mm);
struct file *get_task_exe_file(struct task_struct *task);

/* Tear down every mapping of a dying mm (mmput()). */
void exit_mmap(struct mm_struct *mm);

/*
 * One /proc/<pid>/maps line for vma, in Linux's format, into buf
 * (NUL-terminated, truncated to size); returns the line's length.
 * mmap_lock held for reading.
 */
int show_map_vma(struct vm_area_struct *vma, char *buf, size_t size);

/* ------------------------------------------------------------ counters */

static inline unsigned long get_mm_counter(struct mm_struct *mm, int member)
{
	long v = atomic_long_read(&mm->rss_stat[member]);

	return v < 0 ? 0 : v;
}

static inline void add_mm_counter(struct mm_struct *mm, int member, long value)
{
	atomic_long_add(value, &mm->rss_stat[member]);
}

static inline void inc_mm_counter(struct mm_struct *mm, int member)
{
	add_mm_counter(mm, member, 1);
}

static inline void dec_mm_counter(struct mm_struct *mm, int member)
{
	add_mm_counter(mm, member, -1);
}

static inline unsigned long get_mm_rss(struct mm_struct *mm)
{
	return get_mm_counter(mm, MM_FILEPAGES) + get_mm_counter(mm, MM_ANONPAGES) +
	       get_mm_counter(mm, MM_SHMEMPAGES);
}

#endif /* _LINUX_MM_H */
