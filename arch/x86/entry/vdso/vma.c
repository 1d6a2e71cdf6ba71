// SPDX-License-Identifier: GPL-2.0-only
/*
 * The vDSO's kernel side: the pages of the image and of the vvar page,
 * their mapping into each new program, and the vvar updates.
 *
 * At boot the image (vdso.so, embedded by vdso-image.S) is copied into
 * pages of its own and one zeroed page becomes the vvar page; both stay
 * for the life of the system.  exec maps them per process as two VMAs
 * found by the ordinary mmap search (so below the random mmap base):
 * "[vvar]" (read-only) and right above it "[vdso]" (read+execute), whose
 * address becomes AT_SYSINFO_EHDR.  Their ptes are filled on demand by
 * vdso_fault() with references on the shared pages, so fork copies them
 * like any other mapping and exec drops them with the old mm.  Neither can
 * be made writable (no VM_MAYWRITE) or grown by mremap (VM_DONTEXPAND).
 *
 * The vvar page is written through the kernel's direct map under
 * vvar_lock, the writer side of the sequence count in <asm/vdso/vvar.h>:
 *   - vdso_init(): the TSC conversion, the realtime offset, the tick;
 *   - update_vsyscall_tick(): each tick that advanced jiffies (the coarse
 *     clocks; also switches to the syscall if the TSCs went out of sync);
 *   - update_vsyscall_realtime(): settimeofday()/clock_settime().
 *
 * Interface: <asm/vdso.h>, <linux/timekeeping.h>.
 * Locking: vvar_lock (irq-safe: the tick path runs in interrupts).
 */
#define pr_fmt(fmt) "vdso: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/spinlock.h>
#include <linux/jiffies.h>
#include <linux/timekeeping.h>
#include <linux/binfmts.h>
#include <linux/mmap_lock.h>
#include <linux/sched.h>
#include <asm/barrier.h>
#include <asm/vdso.h>
#include <asm/vdso/vvar.h>

static struct page **vdso_pages;
static unsigned long vdso_npages;
static struct page *vvar_page;
static struct vdso_data *vvar;	/* the vvar page through the direct map */
static DEFINE_SPINLOCK(vvar_lock);

/* ------------------------------------------------------------ vvar writer */

static void vvar_write_begin(void)
{
	WRITE_ONCE(vvar->seq, vvar->seq + 1);
	smp_wmb();
}

static void vvar_write_end(void)
{
	smp_wmb();
	WRITE_ONCE(vvar->seq, vvar->seq + 1);
}

/* The coarse clock and the clock mode; vvar_lock held. */
static void vvar_set_tick(void)
{
	u64 base, mult;
	u32 shift;

	if (tsc_clock_params(&base, &mult, &shift)) {
		vvar->tsc_base = base;
		vvar->mult = mult;
		vvar->shift = shift;
		vvar->clock_mode = VDSO_CLOCK_TSC;
	} else {
		vvar->clock_mode = VDSO_CLOCK_NONE;
	}
	vvar->coarse_mono_ns = jiffies64_to_nsecs(get_jiffies_64() - INITIAL_JIFFIES);
}

/* One writer section: the tick fields, or the realtime offset. */
static void vvar_update(bool realtime)
{
	unsigned long flags;

	if (!vvar)
		return;
	spin_lock_irqsave(&vvar_lock, flags);
	vvar_write_begin();
	if (realtime)
		vvar->mono_to_real_ns = posix_realtime_offset_ns();
	else
		vvar_set_tick();
	vvar_write_end();
	spin_unlock_irqrestore(&vvar_lock, flags);
}

void update_vsyscall_tick(void)
{
	vvar_update(false);
}

bool vdso_coarse_mono_ns(u64 *ns)
{
	u32 seq;

	if (!vvar)
		return false;
	do {
		seq = READ_ONCE(vvar->seq);
		smp_rmb();
		*ns = READ_ONCE(vvar->coarse_mono_ns);
		smp_rmb();
	} while ((seq & 1) || READ_ONCE(vvar->seq) != seq);
	return true;
}

void update_vsyscall_realtime(void)
{
	vvar_update(true);
}

/* ------------------------------------------------------------ mapping */

static vm_fault_t vdso_fault(struct vm_fault *vmf)
{
	struct page **pages = vmf->vma->vm_private_data;
	unsigned long n = pages == &vvar_page ? 1 : vdso_npages;

	if (vmf->pgoff >= n)
		return VM_FAULT_SIGBUS;
	vmf->page = pages[vmf->pgoff];
	get_page(vmf->page);
	return 0;
}

static const char *vdso_name(struct vm_area_struct *vma)
{
	return vma->vm_private_data == &vvar_page ? "[vvar]" : "[vdso]";
}

static const struct vm_operations_struct vdso_vm_ops = {
	.fault = vdso_fault,
	.name = vdso_name,
};

int arch_setup_additional_pages(struct linux_binprm *bprm)
{
	struct mm_struct *mm = current->mm;
	unsigned long len = VVAR_SIZE + (vdso_npages << PAGE_SHIFT), addr;
	int err;

	if (!vdso_pages)
		return 0;	/* no vDSO: glibc uses the system calls */
	if (mmap_write_lock_killable(mm))
		return -EINTR;
	addr = get_unmapped_area_mm(mm, NULL, 0, len, 0, 0);
	if (IS_ERR_VALUE(addr)) {
		err = (long)addr;
		goto out;
	}
	err = install_special_mapping(mm, addr, VVAR_SIZE, VM_READ | VM_MAYREAD | VM_DONTDUMP,
				      &vdso_vm_ops, &vvar_page);
	if (err)
		goto out;
	err = install_special_mapping(mm, addr + VVAR_SIZE, len - VVAR_SIZE,
				      VM_READ | VM_EXEC | VM_MAYREAD | VM_MAYEXEC,
				      &vdso_vm_ops, vdso_pages);
	if (!err)
		mm->vdso_base = addr + VVAR_SIZE;
out:
	mmap_write_unlock(mm);
	return err;
}

/* ------------------------------------------------------------ boot */

static int __init vdso_init(void)
{
	unsigned long size = vdso_image_end - vdso_image_start, i;
	unsigned long flags;

	vdso_npages = PAGE_ALIGN(size) >> PAGE_SHIFT;
	vdso_pages = kcalloc(vdso_npages, sizeof(*vdso_pages), GFP_KERNEL);
	vvar_page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!vdso_pages || !vvar_page)
		goto fail;
	for (i = 0; i < vdso_npages; i++) {
		unsigned long n = min(size - (i << PAGE_SHIFT), PAGE_SIZE);

		vdso_pages[i] = alloc_page(GFP_KERNEL | __GFP_ZERO);
		if (!vdso_pages[i])
			goto fail;
		memcpy(page_address(vdso_pages[i]), vdso_image_start + (i << PAGE_SHIFT), n);
	}
	spin_lock_irqsave(&vvar_lock, flags);
	vvar = page_address(vvar_page);
	vvar_write_begin();
	vvar->coarse_res_ns = TICK_NSEC;
	vvar->mono_to_real_ns = posix_realtime_offset_ns();
	vvar_set_tick();
	vvar_write_end();
	spin_unlock_irqrestore(&vvar_lock, flags);
	pr_info("%lu-page image, clock %s\n", vdso_npages,
		vvar->clock_mode == VDSO_CLOCK_TSC ? "tsc" : "syscall");
	return 0;
fail:
	pr_err("out of memory: programs run without a vDSO\n");
	if (vdso_pages)
		for (i = 0; i < vdso_npages; i++)
			if (vdso_pages[i])
				__free_page(vdso_pages[i]);
	kfree(vdso_pages);
	vdso_pages = NULL;
	if (vvar_page)
		__free_page(vvar_page);
	vvar_page = NULL;
	return 0;
}
core_initcall(vdso_init);
