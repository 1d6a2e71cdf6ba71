// SPDX-License-Identifier: GPL-2.0-only
/*
 * Mapping and unmapping user memory: mmap(), munmap(), brk(), the address
 * search behind them, stack growth, the exec stack, and the teardown of a
 * whole address space.
 *
 * Layout (x86_64): the stack VMA ends at randomize_stack_top(TASK_SIZE_MAX)
 * and grows down; mmap_base sits below the highest possible stack top by
 * RLIMIT_STACK plus the stack guard gap (at least 128 MiB) plus the stack's
 * random range, and itself moves down by up to 2^28 random pages; mmap()
 * searches top-down from mmap_base, then bottom-up from TASK_SIZE/3 if that
 * fails.  The heap (brk) starts where exec puts start_brk, after the
 * program's bss (plus up to 32 MiB at randomize_va_space 2).  Which of
 * these move is decided per exec (exec_randomize(), <linux/elf-randomize.h>).
 *
 * Committed memory follows Linux's heuristic overcommit (mode 0): a
 * private writable mapping, a brk extension or a stack expansion fails
 * with ENOMEM only if that one request exceeds all of RAM and swap
 * together.  No running total is kept, so mode 2 (strict) acts like
 * mode 0.
 *
 * Locking: the *_mm() functions and do_mmap()/do_munmap() expect
 * mm->mmap_lock held for writing; vm_mmap(), vm_munmap(), vm_brk_flags()
 * and the system calls take it.  See mm/vma.c for VMA changes and
 * mm/memory.c for page tables.
 *
 * Interface: <linux/mm.h> ("mapping and unmapping").
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/rmap.h>
#include <linux/swap.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/mmap_lock.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/mount.h>
#include <linux/resource.h>
#include <linux/oom.h>
#include <linux/random.h>
#include <linux/sysctl.h>
#include <linux/elf-randomize.h>
#include <uapi/linux/mman.h>
#include <uapi/linux/personality.h>
#include <asm/tlbflush.h>
#include "vma.h"

unsigned long mmap_min_addr = 65536;
unsigned long stack_guard_gap = 256UL << PAGE_SHIFT;
int sysctl_overcommit_memory = OVERCOMMIT_GUESS;
/* /proc/sys/kernel/randomize_va_space; Linux's default, full randomisation. */
int randomize_va_space = 2;

/* The bottom-up fallback search starts here (Linux: a third of user space). */
#define TASK_UNMAPPED_BASE	PAGE_ALIGN(TASK_SIZE_MAX / 3)
/* MAP_32BIT: the 1-2 GiB window, as on Linux (leaves the first GiB to the program). */
#define MAP32_BASE		0x40000000UL
#define MAP32_END		0x80000000UL
/* Least room left for the stack below TASK_SIZE when placing mmap_base. */
#define MMAP_GAP_MIN		(128UL << 20)
/* A new stack VMA covers at least this much (Linux's stack_expand). */
#define STACK_INITIAL_SIZE	(128UL << 10)

/*
 * RLIMIT_AS for every mapping, RLIMIT_DATA for private writable non-stack
 * ones (Linux refuses rather than warns since 4.7): may mm grow by npages
 * of a VMA with these flags?  Kernel threads see unlimited defaults.
 */
bool may_expand_vm(struct mm_struct *mm, unsigned long flags, unsigned long npages)
{
	if (mm->total_vm + npages > rlimit(RLIMIT_AS) >> PAGE_SHIFT)
		return false;
	if ((flags & (VM_WRITE | VM_SHARED | VM_STACK)) == VM_WRITE &&
	    mm->data_vm + npages > rlimit(RLIMIT_DATA) >> PAGE_SHIFT)
		return false;
	return true;
}

int vm_enough_memory(unsigned long npages)
{
	if (sysctl_overcommit_memory == OVERCOMMIT_ALWAYS)
		return 0;
	if (npages > totalram_pages() + (unsigned long)max(total_swap_pages, 0L))
		return -ENOMEM;
	return 0;
}

/* ------------------------------------------------------------ randomisation */

int exec_randomize(void)
{
	if (current->personality & ADDR_NO_RANDOMIZE)
		return 0;
	return clamp(READ_ONCE(randomize_va_space), 0, 2);
}

unsigned long aslr_random_pages(int level, unsigned int bits)
{
	if (!level)
		return 0;
	return (get_random_long() & ((1UL << bits) - 1)) << PAGE_SHIFT;
}

unsigned long randomize_stack_top(unsigned long top)
{
	return PAGE_ALIGN(top) - aslr_random_pages(exec_randomize(), STACK_RND_BITS);
}

unsigned long arch_randomize_brk(unsigned long brk)
{
	brk = PAGE_ALIGN(brk);
	if (exec_randomize() < 2)
		return brk;
	return brk + (get_random_u32_below(BRK_RND_RANGE >> PAGE_SHIFT) << PAGE_SHIFT);
}

void arch_pick_mmap_layout(struct mm_struct *mm)
{
	int level = exec_randomize();
	unsigned long rlim = mm_stack_rlimit();
	unsigned long gap = rlim + stack_guard_gap;
	unsigned long gap_max = mm->task_size / 6 * 5;

	/* An unlimited stack gets Linux's legacy bottom-up layout. */
	if (rlim == RLIM_INFINITY) {
		set_bit(MMF_MMAP_BOTTOMUP, &mm->flags);
		mm->mmap_base = TASK_UNMAPPED_BASE + aslr_random_pages(level, MMAP_RND_BITS);
		return;
	}
	clear_bit(MMF_MMAP_BOTTOMUP, &mm->flags);
	if (gap < rlim)
		gap = gap_max;	/* wrapped */
	/* The stack top itself may sit this much lower: keep the gap below it. */
	if (level)
		gap += (1UL << STACK_RND_BITS) << PAGE_SHIFT;
	if (gap < MMAP_GAP_MIN)
		gap = MMAP_GAP_MIN;
	if (gap > gap_max)
		gap = gap_max;
	mm->mmap_base = PAGE_ALIGN(mm->task_size - gap) - aslr_random_pages(level, MMAP_RND_BITS);
}

static struct ctl_table kern_aslr_table[] = {
	{ .procname = "randomize_va_space", .data = &randomize_va_space,
	  .maxlen = sizeof(int), .mode = 0644, .proc_handler = proc_dointvec_minmax,
	  .extra1 = SYSCTL_ZERO, .extra2 = SYSCTL_TWO },
	{ }
};

static int __init aslr_sysctl_init(void)
{
	if (!register_sysctl("kernel", kern_aslr_table))
		pr_warn("mmap: cannot register kernel.randomize_va_space\n");
	return 0;
}
late_initcall(aslr_sysctl_init);

/* ------------------------------------------------------------ address search */

/* Highest len-byte hole in [low, high), honouring stack guard gaps. */
static unsigned long unmapped_area_topdown(struct mm_struct *mm, unsigned long len,
					   unsigned long low, unsigned long high)
{
	unsigned long top = high;
	struct vm_area_struct *vma;

	if (high < low || high - low < len)
		return -ENOMEM;
	list_for_each_entry_reverse(vma, &mm->mmap_list, vm_list) {
		unsigned long gap_lo = vm_end_gap(vma);

		if (gap_lo < top && top - gap_lo >= len && top - len >= low)
			return top - len;
		top = min(top, vm_start_gap(vma));
		if (top < low || top - low < len)
			return -ENOMEM;
	}
	return top - len;
}

/* Lowest len-byte hole in [low, high). */
static unsigned long unmapped_area(struct mm_struct *mm, unsigned long len,
				   unsigned long low, unsigned long high)
{
	unsigned long start = low;
	struct vm_area_struct *vma;

	list_for_each_entry(vma, &mm->mmap_list, vm_list) {
		if (vm_end_gap(vma) <= start)
			continue;
		if (vm_start_gap(vma) > start && vm_start_gap(vma) - start >= len)
			break;
		start = vm_end_gap(vma);
		if (start >= high)
			return -ENOMEM;
	}
	if (start > high || high - start < len)
		return -ENOMEM;
	return start;
}

/* Is [addr, addr + len) free, guard gaps included? */
static bool range_is_free(struct mm_struct *mm, unsigned long addr, unsigned long len)
{
	struct vm_area_struct *prev, *vma = find_vma_prev(mm, addr, &prev);

	return (!vma || addr + len <= vm_start_gap(vma)) && (!prev || addr >= vm_end_gap(prev));
}

unsigned long get_unmapped_area_mm(struct mm_struct *mm, struct file *file, unsigned long addr,
				   unsigned long len, unsigned long pgoff, unsigned long flags)
{
	unsigned long low = max(PAGE_SIZE, mmap_min_addr);

	(void)file;
	(void)pgoff;
	if (len > mm->task_size - mmap_min_addr)
		return -ENOMEM;
	if (flags & MAP_FIXED) {
		if (addr > mm->task_size - len)
			return -ENOMEM;
		if (offset_in_page(addr))
			return -EINVAL;
		return addr;
	}
	if (addr) {
		addr = PAGE_ALIGN(addr);
		if (addr <= mm->task_size - len && addr >= mmap_min_addr &&
		    range_is_free(mm, addr, len))
			return addr;
	}
	if (flags & MAP_32BIT)
		return unmapped_area(mm, len, MAP32_BASE, MAP32_END);
	if (test_bit(MMF_MMAP_BOTTOMUP, &mm->flags))
		return unmapped_area(mm, len, mm->mmap_base, mm->task_size);
	addr = unmapped_area_topdown(mm, len, low, mm->mmap_base);
	if (IS_ERR_VALUE(addr))
		addr = unmapped_area(mm, len, TASK_UNMAPPED_BASE, mm->task_size);
	return addr;
}

/* ------------------------------------------------------------ mmap */

static unsigned long calc_vm_prot_bits(unsigned long prot)
{
	return (prot & PROT_READ ? VM_READ : 0) | (prot & PROT_WRITE ? VM_WRITE : 0) |
	       (prot & PROT_EXEC ? VM_EXEC : 0);
}

static unsigned long calc_vm_flag_bits(unsigned long flags)
{
	return (flags & MAP_GROWSDOWN ? VM_GROWSDOWN : 0) | (flags & MAP_LOCKED ? VM_LOCKED : 0);
}

/* Map [addr, addr + len) with vm_flags, replacing whatever is there. */
static unsigned long mmap_region(struct mm_struct *mm, struct file *file, unsigned long addr,
				 unsigned long len, unsigned long vm_flags, unsigned long pgoff)
{
	unsigned long npages = len >> PAGE_SHIFT;
	struct vm_area_struct *vma;
	int err;

	if (find_vma_intersection(mm, addr, addr + len)) {
		err = do_munmap(mm, addr, len);
		if (err)
			return err;
	}
	if (mm->map_count >= sysctl_max_map_count)
		return -ENOMEM;
	if (!may_expand_vm(mm, vm_flags, npages))
		return -ENOMEM;
	/* Committed memory: private writable mappings, and shared anonymous ones. */
	if (!(vm_flags & VM_NORESERVE) &&
	    ((vm_flags & (VM_SHARED | VM_WRITE)) == VM_WRITE || (!file && (vm_flags & VM_SHARED)))) {
		if (vm_enough_memory(npages))
			return -ENOMEM;
		vm_flags |= VM_ACCOUNT;
	}
	vma = vm_area_alloc(mm);
	if (!vma)
		return -ENOMEM;
	vma->vm_start = addr;
	vma->vm_end = addr + len;
	vma->vm_flags = vm_flags;
	vma->vm_page_prot = vm_get_page_prot(vm_flags);
	vma->vm_pgoff = pgoff;
	if (file) {
		/* The file's ->mmap sets vm_ops (or makes it anonymous memory). */
		vma->vm_file = get_file(file);
		err = file->f_op->mmap(file, vma);
	} else if (vm_flags & VM_SHARED) {
		err = shared_anon_setup(vma);
	} else {
		err = 0;
	}
	if (err) {
		vm_area_free(vma);
		return err;
	}
	/* ->mmap may have changed the flags; and stores to file pages must be seen. */
	vma_set_page_prot(vma);
	vma_link(mm, vma);
	vm_stat_account(mm, vm_flags, npages);
	vma_merge_neighbours(mm, vma);
	return addr;
}

/* Flags a plain MAP_SHARED accepts (and ignores if unknown); MAP_SHARED_VALIDATE refuses others. */
#define LEGACY_MAP_MASK	(MAP_SHARED | MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS | MAP_DENYWRITE | \
			 MAP_EXECUTABLE | MAP_UNINITIALIZED | MAP_GROWSDOWN | MAP_LOCKED | \
			 MAP_NORESERVE | MAP_POPULATE | MAP_NONBLOCK | MAP_STACK | MAP_HUGETLB | \
			 MAP_32BIT | MAP_FIXED_NOREPLACE)

/* Linux's rules for mapping file: open mode against prot and type; -errno. */
static int mmap_file_checks(struct file *file, unsigned long prot, unsigned long *flags,
			    unsigned long *vm_flags)
{
	unsigned long type = *flags & MAP_TYPE;

	if (type != MAP_SHARED && type != MAP_SHARED_VALIDATE && type != MAP_PRIVATE)
		return -EINVAL;
	if (type == MAP_SHARED)
		*flags &= LEGACY_MAP_MASK;	/* unknown flags are ignored... */
	if (type != MAP_PRIVATE) {
		if (*flags & ~LEGACY_MAP_MASK & ~MAP_SHARED_VALIDATE)
			return -EOPNOTSUPP;	/* ...unless validation was asked for */
		if ((prot & PROT_WRITE) && !(file->f_mode & FMODE_WRITE))
			return -EACCES;
		if (IS_APPEND(file_inode(file)) && (file->f_mode & FMODE_WRITE))
			return -EACCES;
		*vm_flags |= VM_SHARED | VM_MAYSHARE;
		if (!(file->f_mode & FMODE_WRITE))
			*vm_flags &= ~(VM_MAYWRITE | VM_SHARED);
	}
	if (!(file->f_mode & FMODE_READ))
		return -EACCES;
	if (file->f_path.mnt && (file->f_path.mnt->mnt_flags & MNT_NOEXEC)) {
		if (*vm_flags & VM_EXEC)
			return -EPERM;
		*vm_flags &= ~VM_MAYEXEC;
	}
	if (!file->f_op->mmap)
		return -ENODEV;
	if (*vm_flags & VM_GROWSDOWN)
		return -EINVAL;
	return 0;
}

unsigned long do_mmap(struct mm_struct *mm, struct file *file, unsigned long addr,
		      unsigned long len, unsigned long prot, unsigned long flags,
		      unsigned long pgoff, unsigned long *populate)
{
	unsigned long vm_flags;

	*populate = 0;
	if (!len)
		return -EINVAL;
	if (!(flags & MAP_FIXED)) {
		/* A hint below mmap_min_addr is moved up to it. */
		addr &= PAGE_MASK;
		if (addr && addr < mmap_min_addr)
			addr = PAGE_ALIGN(mmap_min_addr);
	}
	len = PAGE_ALIGN(len);
	if (!len)
		return -ENOMEM;
	if (pgoff + (len >> PAGE_SHIFT) < pgoff)
		return -EOVERFLOW;
	if (mm->map_count > sysctl_max_map_count)
		return -ENOMEM;
	if (flags & MAP_FIXED_NOREPLACE)
		flags |= MAP_FIXED;

	vm_flags = calc_vm_prot_bits(prot) | calc_vm_flag_bits(flags) | mm->def_flags |
		   VM_MAYREAD | VM_MAYWRITE | VM_MAYEXEC;
	if (file) {
		int err = mmap_file_checks(file, prot, &flags, &vm_flags);

		if (err)
			return err;
	} else {
		switch (flags & MAP_TYPE) {
		case MAP_SHARED:
			if (vm_flags & VM_GROWSDOWN)
				return -EINVAL;
			vm_flags |= VM_SHARED | VM_MAYSHARE;
			break;
		case MAP_PRIVATE:
			break;
		default:
			return -EINVAL;
		}
	}
	if ((flags & MAP_NORESERVE) && sysctl_overcommit_memory != OVERCOMMIT_NEVER)
		vm_flags |= VM_NORESERVE;
	if (flags & MAP_HUGETLB)
		return -ENOMEM;	/* no huge pages are reserved (Linux's default) */

	addr = get_unmapped_area_mm(mm, NULL, addr, len, pgoff, flags);
	if (IS_ERR_VALUE(addr))
		return addr;
	if ((flags & MAP_FIXED_NOREPLACE) && find_vma_intersection(mm, addr, addr + len))
		return -EEXIST;
	if (addr < mmap_min_addr)
		return -EPERM;
	/* Private anonymous: the offset is the address, which rmap relies on. */
	if (!file)
		pgoff = (vm_flags & VM_SHARED) ? 0 : addr >> PAGE_SHIFT;
	addr = mmap_region(mm, file, addr, len, vm_flags, pgoff);
	if (!IS_ERR_VALUE(addr) &&
	    ((vm_flags & VM_LOCKED) || (flags & (MAP_POPULATE | MAP_NONBLOCK)) == MAP_POPULATE))
		*populate = len;
	return addr;
}

static void mm_populate(struct mm_struct *mm, unsigned long addr, unsigned long len)
{
	mmap_read_lock(mm);
	mm_populate_range(mm, addr, len, false);	/* failures show up as later faults */
	mmap_read_unlock(mm);
}

unsigned long vm_mmap(struct file *file, unsigned long addr, unsigned long len,
		      unsigned long prot, unsigned long flag, unsigned long offset)
{
	struct mm_struct *mm = current->mm;
	unsigned long ret, populate;

	if (!mm)
		return -EINVAL;
	if (offset_in_page(offset))
		return -EINVAL;
	if (mmap_write_lock_killable(mm))
		return -EINTR;
	ret = do_mmap(mm, file, addr, len, prot, flag, offset >> PAGE_SHIFT, &populate);
	mmap_write_unlock(mm);
	if (populate)
		mm_populate(mm, ret, populate);
	return ret;
}

/* mmap(2): files without an ->mmap method give ENODEV (do_mmap()). */
SYSCALL_DEFINE6(mmap, unsigned long, addr, unsigned long, len, unsigned long, prot,
		unsigned long, flags, unsigned long, fd, unsigned long, off)
{
	struct file *file = NULL;
	unsigned long ret;

	if (offset_in_page(off))
		return -EINVAL;
	if (!(flags & MAP_ANONYMOUS)) {
		file = fget(fd);
		if (!file)
			return -EBADF;
	}
	ret = vm_mmap(file, addr, len, prot, flags, off);
	if (file)
		fput(file);
	return ret;
}

/* ------------------------------------------------------------ munmap */

/*
 * Unmap the detached VMAs on list (already out of the tree) that covered
 * [start, end): clear their ptes, drop their rmap links, free the page
 * tables nobody else uses, flush, and free the VMAs.
 */
static void unmap_region(struct mm_struct *mm, struct list_head *list, unsigned long start,
			 unsigned long end)
{
	struct vm_area_struct *vma, *tmp;
	struct mmu_gather tlb;

	tlb_gather_mmu(&tlb, mm, false);
	list_for_each_entry(vma, list, vm_list)
		unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end);
	/* Out of the anon_vmas before the tables go: walkers reach tables via VMAs. */
	list_for_each_entry(vma, list, vm_list) {
		unlink_file_vma(vma);
		unlink_anon_vmas(vma);
	}
	free_empty_pgtables(&tlb, start, end);
	tlb_finish_mmu(&tlb);
	list_for_each_entry_safe(vma, tmp, list, vm_list) {
		list_del(&vma->vm_list);
		remove_vma(vma);
	}
}

int do_munmap(struct mm_struct *mm, unsigned long start, size_t len)
{
	struct vm_area_struct *vma, *next, *split;
	unsigned long end;
	LIST_HEAD(detached);

	if (offset_in_page(start) || start > mm->task_size || len > mm->task_size - start)
		return -EINVAL;
	len = PAGE_ALIGN(len);
	if (!len)
		return -EINVAL;
	end = start + len;
	vma = find_vma(mm, start);
	if (!vma || vma->vm_start >= end)
		return 0;

	if (start > vma->vm_start) {
		/* Cutting a hole in the middle adds a VMA: check the limit first. */
		if (end < vma->vm_end && mm->map_count >= sysctl_max_map_count)
			return -ENOMEM;
		split = split_vma(mm, vma, start, true);
		if (IS_ERR(split))
			return PTR_ERR(split);
	}
	next = find_vma(mm, end - 1);
	if (next && next->vm_start < end && next->vm_end > end) {
		split = split_vma(mm, next, end, true);
		if (IS_ERR(split))
			return PTR_ERR(split);
	}

	vma = find_vma(mm, start);
	while (vma && vma->vm_start < end) {
		next = vma_next(vma);
		vma_unlink(mm, vma);
		vm_stat_account(mm, vma->vm_flags, -(long)vma_pages(vma));
		list_add_tail(&vma->vm_list, &detached);
		vma = next;
	}
	unmap_region(mm, &detached, start, end);
	return 0;
}

int vm_munmap(unsigned long start, size_t len)
{
	struct mm_struct *mm = current->mm;
	int ret;

	if (!mm)
		return -EINVAL;
	if (mmap_write_lock_killable(mm))
		return -EINTR;
	ret = do_munmap(mm, start, len);
	mmap_write_unlock(mm);
	return ret;
}

SYSCALL_DEFINE2(munmap, unsigned long, addr, size_t, len)
{
	return vm_munmap(addr, len);
}

/* ------------------------------------------------------------ brk */

int do_brk_flags(struct mm_struct *mm, unsigned long addr, unsigned long len,
		 unsigned long flags)
{
	unsigned long vm_flags, mapped;
	struct vm_area_struct *vma;

	if (flags & ~VM_EXEC)
		return -EINVAL;
	len = PAGE_ALIGN(len);
	if (!len)
		return 0;
	mapped = get_unmapped_area_mm(mm, NULL, addr, len, 0, MAP_FIXED);
	if (IS_ERR_VALUE(mapped))
		return mapped;
	if (addr < mmap_min_addr)
		return -EPERM;
	vm_flags = VM_DATA_DEFAULT_FLAGS | VM_ACCOUNT | mm->def_flags | flags;
	if (mm->map_count >= sysctl_max_map_count)
		return -ENOMEM;
	if (!may_expand_vm(mm, vm_flags, len >> PAGE_SHIFT))
		return -ENOMEM;
	if (vm_enough_memory(len >> PAGE_SHIFT))
		return -ENOMEM;
	vma = vm_area_alloc(mm);
	if (!vma)
		return -ENOMEM;
	vma->vm_start = addr;
	vma->vm_end = addr + len;
	vma->vm_flags = vm_flags;
	vma->vm_page_prot = vm_get_page_prot(vm_flags);
	vma->vm_pgoff = addr >> PAGE_SHIFT;
	vma_link(mm, vma);
	vm_stat_account(mm, vm_flags, len >> PAGE_SHIFT);
	vma_merge_neighbours(mm, vma);
	return 0;
}

int vm_brk_flags(unsigned long addr, unsigned long len, unsigned long flags)
{
	struct mm_struct *mm = current->mm;
	int ret;

	if (!mm)
		return -EINVAL;
	if (PAGE_ALIGN(len) < len)
		return -ENOMEM;
	len = PAGE_ALIGN(len);
	if (!len)
		return 0;
	if (mmap_write_lock_killable(mm))
		return -EINTR;
	ret = do_munmap(mm, addr, len);
	if (!ret)
		ret = do_brk_flags(mm, addr, len, flags);
	mmap_write_unlock(mm);
	return ret;
}

/*
 * brk(2) semantics: the new break on success, the unchanged one on
 * failure (never an error code); shrinking frees the pages above the new
 * break, growing never crosses into the next mapping's guard gap.
 */
unsigned long do_brk_mm(struct mm_struct *mm, unsigned long brk)
{
	unsigned long newbrk, oldbrk;
	struct vm_area_struct *next;

	if (brk < mm->start_brk)
		return mm->brk;
	/* RLIMIT_DATA covers the heap plus the initialised data. */
	if (rlimit(RLIMIT_DATA) != RLIM_INFINITY &&
	    (brk - mm->start_brk) + (mm->end_data - mm->start_data) > rlimit(RLIMIT_DATA))
		return mm->brk;
	newbrk = PAGE_ALIGN(brk);
	oldbrk = PAGE_ALIGN(mm->brk);
	if (newbrk < brk)
		return mm->brk;	/* wrapped */
	if (oldbrk == newbrk) {
		mm->brk = brk;
		return brk;
	}
	if (brk <= mm->brk) {
		if (do_munmap(mm, newbrk, oldbrk - newbrk))
			return mm->brk;
		mm->brk = brk;
		return brk;
	}
	next = find_vma(mm, oldbrk);
	if (next && newbrk + PAGE_SIZE > vm_start_gap(next))
		return mm->brk;
	if (do_brk_flags(mm, oldbrk, newbrk - oldbrk, 0))
		return mm->brk;
	mm->brk = brk;
	return brk;
}

SYSCALL_DEFINE1(brk, unsigned long, brk)
{
	struct mm_struct *mm = current->mm;
	unsigned long ret;

	if (!mm)
		return -ENOMEM;
	if (mmap_write_lock_killable(mm))
		return -EINTR;
	ret = do_brk_mm(mm, brk);
	mmap_write_unlock(mm);
	return ret;
}

/* ------------------------------------------------------------ stack */

int expand_stack_locked(struct vm_area_struct *vma, unsigned long address)
{
	struct mm_struct *mm = vma->vm_mm;
	struct vm_area_struct *prev;
	unsigned long grow;

	address &= PAGE_MASK;
	if (!(vma->vm_flags & VM_GROWSDOWN))
		return -EFAULT;
	if (address >= vma->vm_start)
		return 0;
	if (address < mmap_min_addr)
		return -EPERM;
	prev = vma_prev(vma);
	if (prev) {
		if (prev->vm_end > address)
			return -ENOMEM;
		/* Keep the guard gap to an accessible non-stack neighbour. */
		if (!(prev->vm_flags & VM_GROWSDOWN) && (prev->vm_flags & VM_ACCESS_FLAGS) &&
		    address - prev->vm_end < stack_guard_gap)
			return -ENOMEM;
	}
	if (vma->vm_end - address > mm_stack_rlimit())
		return -ENOMEM;
	grow = (vma->vm_start - address) >> PAGE_SHIFT;
	if (!may_expand_vm(mm, vma->vm_flags, grow) || vm_enough_memory(grow))
		return -ENOMEM;
	vma_rmap_lock(vma);
	vma->vm_start = address;
	vma->vm_pgoff -= grow;
	vma_rmap_unlock(vma);
	vm_stat_account(mm, vma->vm_flags, grow);
	return 0;
}

int setup_user_stack(struct mm_struct *mm, unsigned long stack_top, unsigned long size,
		     bool exec_stack)
{
	unsigned long start, vm_flags;
	struct vm_area_struct *vma;
	int ret = -ENOMEM;

	if (offset_in_page(stack_top) || stack_top > mm->task_size)
		return -EINVAL;
	size = max(PAGE_ALIGN(size), STACK_INITIAL_SIZE);
	if (size > max(mm_stack_rlimit(), STACK_INITIAL_SIZE) || size > stack_top - mmap_min_addr)
		return -E2BIG;
	start = stack_top - size;
	vm_flags = VM_STACK_FLAGS | mm->def_flags | (exec_stack ? VM_EXEC : 0);

	mmap_write_lock(mm);
	if (find_vma_intersection(mm, start, stack_top))
		goto out;
	vma = vm_area_alloc(mm);
	if (!vma)
		goto out;
	vma->vm_start = start;
	vma->vm_end = stack_top;
	vma->vm_flags = vm_flags;
	vma->vm_page_prot = vm_get_page_prot(vm_flags);
	vma->vm_pgoff = start >> PAGE_SHIFT;
	vma_link(mm, vma);
	vm_stat_account(mm, vm_flags, size >> PAGE_SHIFT);
	spin_lock(&mm->arg_lock);
	mm->start_stack = stack_top;
	spin_unlock(&mm->arg_lock);
	ret = 0;
out:
	mmap_write_unlock(mm);
	return ret;
}

int install_special_mapping(struct mm_struct *mm, unsigned long addr, unsigned long len,
			    unsigned long vm_flags, const struct vm_operations_struct *ops,
			    void *priv)
{
	struct vm_area_struct *vma;

	if (offset_in_page(addr | len) || !len || addr + len > mm->task_size ||
	    find_vma_intersection(mm, addr, addr + len))
		return -EINVAL;
	vma = vm_area_alloc(mm);
	if (!vma)
		return -ENOMEM;
	vma->vm_start = addr;
	vma->vm_end = addr + len;
	vma->vm_flags = vm_flags | VM_DONTEXPAND;
	vma->vm_page_prot = vm_get_page_prot(vma->vm_flags);
	vma->vm_ops = ops;
	vma->vm_private_data = priv;
	vma_link(mm, vma);
	vm_stat_account(mm, vma->vm_flags, len >> PAGE_SHIFT);
	return 0;
}

/* ------------------------------------------------------------ teardown */

void exit_mmap(struct mm_struct *mm)
{
	struct vm_area_struct *vma, *tmp;
	struct mmu_gather tlb;
	unsigned long rss;

	mmap_write_lock(mm);
	rss = get_mm_rss(mm);
	if (rss > mm->hiwater_rss)
		mm->hiwater_rss = rss;
	/* Every task of mm has switched away: no CPU can hold its entries. */
	tlb_gather_mmu(&tlb, mm, cpumask_empty(mm_cpumask(mm)));
	list_for_each_entry(vma, &mm->mmap_list, vm_list)
		unmap_page_range(&tlb, vma, vma->vm_start, vma->vm_end);
	list_for_each_entry(vma, &mm->mmap_list, vm_list) {
		unlink_file_vma(vma);
		unlink_anon_vmas(vma);
	}
	tlb_finish_mmu(&tlb);
	spin_lock(&mm->page_table_lock);
	free_all_pgtables(mm);
	spin_unlock(&mm->page_table_lock);
	list_for_each_entry_safe(vma, tmp, &mm->mmap_list, vm_list) {
		vma_unlink(mm, vma);
		remove_vma(vma);
	}
	mm->total_vm = mm->data_vm = mm->exec_vm = mm->stack_vm = mm->locked_vm = 0;
	mmap_write_unlock(mm);
	/* An OOM victim's memory is all back: the OOM killer may choose again. */
	oom_mm_released(mm);
}
