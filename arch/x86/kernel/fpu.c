// SPDX-License-Identifier: GPL-2.0-only
/*
 * User FPU/SSE/AVX state: CPU set-up, per-task areas, eager switching,
 * and the copies in signal frames.  See asm/fpu.h for the model.
 *
 * Interface: fpu_init_cpu(), fpu_alloc()/fpu_free()/fpu_fork(),
 * fpu_reset_current(), fpu_switch(), fpu_save_sigframe()/
 * fpu_restore_sigframe().
 *
 * Locking: a task's area is touched by the task itself (save before a
 * copy, restore after sigreturn) and by __switch_to() on its CPU with
 * interrupts off; nobody else reads it while the task can run.
 *
 * Restoring user-supplied state (rt_sigreturn) is the one dangerous
 * operation: FXRSTOR/XRSTOR fault on reserved MXCSR bits or a malformed
 * XSAVE header.  The image is validated first and the restore instruction
 * has an exception-table fixup as a second line of defence; a failure
 * loads the initial state and reports -EINVAL, which the caller turns
 * into SIGSEGV.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/printk.h>
#include <asm/fpu.h>
#include <asm/cpufeature.h>
#include <asm/processor.h>
#include <asm/uaccess.h>
#include <asm/extable.h>
#include <uapi/asm/sigcontext.h>

#define XFEATURE_X87		(1ULL << 0)
#define XFEATURE_SSE		(1ULL << 1)
#define XFEATURE_YMM		(1ULL << 2)
#define XFEATURES_WANTED	(XFEATURE_X87 | XFEATURE_SSE | XFEATURE_YMM)

#define FXSAVE_SIZE		512
#define XSAVE_HDR_OFFSET	512
#define XSAVE_HDR_SIZE		64
#define FPU_AREA_ALIGN		64	/* XSAVE's requirement (FXSAVE needs 16) */

#define MXCSR_DEFAULT		0x1f80	/* all exceptions masked, round to nearest */
#define FCW_DEFAULT		0x037f	/* x87: all exceptions masked, 64-bit precision */
#define MXCSR_MASK_FALLBACK	0xffbf	/* when FXSAVE reports a zero mask */

unsigned int fpu_state_size = FXSAVE_SIZE;
bool fpu_use_xsave;
u64 fpu_xfeatures = XFEATURE_X87 | XFEATURE_SSE;
static u32 mxcsr_mask = MXCSR_MASK_FALLBACK;
static struct kmem_cache *fpu_cachep;
static bool fpu_system_ready;

struct xsave_header {
	u64 xfeatures;
	u64 xcomp_bv;
	u64 reserved[6];
};

static inline void xsetbv(u32 index, u64 value)
{
	__asm__ __volatile__("xsetbv" :: "c"(index), "a"((u32)value), "d"((u32)(value >> 32)));
}

static inline void hw_save(void *buf)
{
	if (fpu_use_xsave)
		__asm__ __volatile__("xsave64 (%0)" :: "r"(buf), "a"(~0U), "d"(~0U) : "memory");
	else
		__asm__ __volatile__("fxsave64 (%0)" :: "r"(buf) : "memory");
}

/* Load buf into the registers; false if the instruction faulted. */
static inline bool hw_restore(const void *buf)
{
	int err = 1;

	if (fpu_use_xsave)
		__asm__ __volatile__("1:	xrstor64 (%1)\n"
				     "	xorl %0, %0\n"
				     "2:\n"
				     _ASM_EXTABLE(1b, 2b)
				     : "+r"(err) : "r"(buf), "a"(~0U), "d"(~0U) : "memory");
	else
		__asm__ __volatile__("1:	fxrstor64 (%1)\n"
				     "	xorl %0, %0\n"
				     "2:\n"
				     _ASM_EXTABLE(1b, 2b)
				     : "+r"(err) : "r"(buf) : "memory");
	return !err;
}

/* The initial image: FCW 0x37f, MXCSR 0x1f80, everything else zero. */
static void fill_init_state(void *buf)
{
	struct _fpstate_64 *fx = buf;

	memset(buf, 0, fpu_state_size);
	fx->cwd = FCW_DEFAULT;
	fx->mxcsr = MXCSR_DEFAULT;
	if (fpu_use_xsave)
		/* Header zero: components in their init state, MXCSR from memory. */
		((struct xsave_header *)((char *)buf + XSAVE_HDR_OFFSET))->xfeatures =
			XFEATURE_X87 | XFEATURE_SSE;
}

/*
 * Every CPU: the x87 unit present and native error reporting (NE), no
 * emulation or lazy traps (EM, TS clear), SSE enabled for user mode
 * (OSFXSR, OSXMMEXCPT), XSAVE with XCR0 = x87|SSE|AVX as far as present.
 */
void fpu_init_cpu(void)
{
	unsigned long cr0 = read_cr0();
	u32 a, b, c, d;

	cr0 &= ~(unsigned long)(X86_CR0_EM | X86_CR0_TS);
	cr0 |= X86_CR0_MP | X86_CR0_NE;
	write_cr0(cr0);
	write_cr4(read_cr4() | X86_CR4_OSFXSR | X86_CR4_OSXMMEXCPT);

	if (!fpu_system_ready) {
		/* Boot CPU: choose the format once for all CPUs. */
		fpu_use_xsave = boot_cpu_has(X86_FEATURE_XSAVE) && boot_cpu_data.max_leaf >= 0xd;
		if (fpu_use_xsave) {
			cpuid_count(0xd, 0, &a, &b, &c, &d);
			fpu_xfeatures = (((u64)d << 32) | a) & XFEATURES_WANTED;
			if ((fpu_xfeatures & (XFEATURE_X87 | XFEATURE_SSE)) !=
			    (XFEATURE_X87 | XFEATURE_SSE))
				fpu_use_xsave = false;
		}
		if (!fpu_use_xsave)
			fpu_xfeatures = XFEATURE_X87 | XFEATURE_SSE;
	}
	if (fpu_use_xsave) {
		write_cr4(read_cr4() | X86_CR4_OSXSAVE);
		xsetbv(0, fpu_xfeatures);
	}
	__asm__ __volatile__("fninit");

	if (!fpu_system_ready) {
		static u8 probe[FXSAVE_SIZE] __aligned(16);
		u32 mask;

		if (fpu_use_xsave) {
			cpuid_count(0xd, 0, &a, &b, &c, &d);
			fpu_state_size = b;	/* for the XCR0 just set */
		}
		__asm__ __volatile__("fxsave64 (%0)" :: "r"(probe) : "memory");
		mask = ((struct _fpstate_64 *)probe)->mxcsr_mask;
		mxcsr_mask = mask ? mask : MXCSR_MASK_FALLBACK;
		fpu_system_ready = true;
		pr_info("x86/fpu: %s, features %#llx, state %u bytes\n",
			fpu_use_xsave ? "XSAVE" : "FXSAVE",
			(unsigned long long)fpu_xfeatures, fpu_state_size);
	}
}

static int __init fpu_cache_init(void)
{
	fpu_cachep = kmem_cache_create("fpu_state", fpu_state_size, FPU_AREA_ALIGN,
				       SLAB_PANIC, NULL);
	return 0;
}
core_initcall(fpu_cache_init);

int fpu_alloc(struct task_struct *p)
{
	if (p->thread.fpu)
		return 0;
	p->thread.fpu = kmem_cache_alloc(fpu_cachep, GFP_KERNEL);
	if (!p->thread.fpu)
		return -ENOMEM;
	fill_init_state(p->thread.fpu);
	return 0;
}

void fpu_free(struct task_struct *p)
{
	if (p->thread.fpu)
		kmem_cache_free(fpu_cachep, p->thread.fpu);
	p->thread.fpu = NULL;
}

void fpu_save_current(void)
{
	if (current->thread.fpu)
		hw_save(current->thread.fpu);
}

int fpu_fork(struct task_struct *child)
{
	child->thread.fpu = NULL;
	if (!current->thread.fpu)
		return 0;
	if (fpu_alloc(child))
		return -ENOMEM;
	hw_save(current->thread.fpu);
	memcpy(child->thread.fpu, current->thread.fpu, fpu_state_size);
	return 0;
}

int fpu_reset_current(void)
{
	int err = fpu_alloc(current);

	if (err)
		return err;
	fill_init_state(current->thread.fpu);
	hw_restore(current->thread.fpu);
	return 0;
}

void fpu_switch(struct task_struct *prev, struct task_struct *next)
{
	if (prev->thread.fpu)
		hw_save(prev->thread.fpu);
	if (next->thread.fpu)
		hw_restore(next->thread.fpu);
}

u32 fpu_read_mxcsr(void)
{
	u32 v;

	__asm__ __volatile__("stmxcsr %0" : "=m"(v));
	return v;
}

u16 fpu_read_fsw(void)
{
	u16 v;

	__asm__ __volatile__("fnstsw %0" : "=m"(v));
	return v;
}

/* ------------------------------------------------------------ signal frames */

unsigned long fpu_sigframe_size(void)
{
	if (!current->thread.fpu)
		return 0;
	return fpu_state_size + (fpu_use_xsave ? FP_XSTATE_MAGIC2_SIZE : 0);
}

int fpu_save_sigframe(void *buf)
{
	struct task_struct *tsk = current;
	struct _fpstate_64 *fx = tsk->thread.fpu;

	hw_save(fx);
	if (fpu_use_xsave) {
		struct _fpx_sw_bytes sw = {
			.magic1 = FP_XSTATE_MAGIC1,
			.extended_size = fpu_state_size + FP_XSTATE_MAGIC2_SIZE,
			.xfeatures = fpu_xfeatures,
			.xstate_size = fpu_state_size,
		};
		u32 magic2 = FP_XSTATE_MAGIC2;

		/* The software bytes live in the copy only; the area keeps zeros. */
		if (copy_to_user(buf, fx, fpu_state_size) ||
		    copy_to_user((char *)buf + offsetof(struct _fpstate_64, sw_reserved),
				 &sw, sizeof(sw)) ||
		    copy_to_user((char *)buf + fpu_state_size, &magic2, sizeof(magic2)))
			return -EFAULT;
		return 0;
	}
	return copy_to_user(buf, fx, FXSAVE_SIZE) ? -EFAULT : 0;
}

/* Would the hardware accept this image?  (The checks XRSTOR/FXRSTOR make.) */
static bool fpu_image_valid(void *img)
{
	struct _fpstate_64 *fx = img;
	struct xsave_header *hdr;

	if (fx->mxcsr & ~mxcsr_mask)
		return false;
	if (!fpu_use_xsave)
		return true;
	hdr = (struct xsave_header *)((char *)img + XSAVE_HDR_OFFSET);
	if (hdr->xfeatures & ~fpu_xfeatures || hdr->xcomp_bv)
		return false;
	for (int i = 0; i < 6; i++)
		if (hdr->reserved[i])
			return false;
	return true;
}

int fpu_restore_sigframe(const void *buf)
{
	struct task_struct *tsk = current;
	void *img = tsk->thread.fpu;
	struct _fpx_sw_bytes sw;
	bool extended = false;
	u32 magic2;

	if (!img)
		return buf ? -EINVAL : 0;
	if (!buf) {
		fill_init_state(img);
		hw_restore(img);
		return 0;
	}
	if (fpu_use_xsave) {
		if (copy_from_user(&sw, (const char *)buf + offsetof(struct _fpstate_64, sw_reserved),
				   sizeof(sw)))
			goto fault;
		if (sw.magic1 == FP_XSTATE_MAGIC1 && sw.xstate_size == fpu_state_size &&
		    sw.extended_size == fpu_state_size + FP_XSTATE_MAGIC2_SIZE &&
		    !copy_from_user(&magic2, (const char *)buf + fpu_state_size, sizeof(magic2)) &&
		    magic2 == FP_XSTATE_MAGIC2)
			extended = true;
	}
	if (extended) {
		if (copy_from_user(img, buf, fpu_state_size))
			goto fault;
		/* Only what the frame says it saved; the rest goes to its init state. */
		((struct xsave_header *)((char *)img + XSAVE_HDR_OFFSET))->xfeatures &=
			sw.xfeatures;
	} else {
		/* A plain FXSAVE image: x87 and SSE from it, the rest initial. */
		fill_init_state(img);
		if (copy_from_user(img, buf, FXSAVE_SIZE))
			goto fault;
		if (fpu_use_xsave)
			memset(&((struct xsave_header *)((char *)img + XSAVE_HDR_OFFSET))->xcomp_bv,
			       0, XSAVE_HDR_SIZE - sizeof(u64));
	}
	memset(&((struct _fpstate_64 *)img)->sw_reserved, 0, sizeof(struct _fpx_sw_bytes));
	if (!fpu_image_valid(img) || !hw_restore(img)) {
		fill_init_state(img);
		hw_restore(img);
		return -EINVAL;
	}
	return 0;
fault:
	fill_init_state(img);
	hw_restore(img);
	return -EFAULT;
}

/* ------------------------------------------------------------ ptrace */

/*
 * The legacy 512-byte FXSAVE part of a stopped task's state (ptrace's
 * user_fpregs_struct).  In an XSAVE image a component whose header bit is
 * clear is in its initial state and its bytes need not be current:
 * report the initial values then.  The task is off every CPU, so its
 * area holds its registers.
 */
void fpu_get_fxregs(struct task_struct *p, void *buf)
{
	struct _fpstate_64 *fx = buf;
	u64 present = XFEATURE_X87 | XFEATURE_SSE;

	memcpy(buf, p->thread.fpu, FXSAVE_SIZE);
	if (fpu_use_xsave)
		present = ((struct xsave_header *)((char *)p->thread.fpu +
						   XSAVE_HDR_OFFSET))->xfeatures;
	if (!(present & XFEATURE_X87)) {
		/* Control word, status, tags, last opcode and pointers come first. */
		memset(fx, 0, offsetof(struct _fpstate_64, mxcsr));
		memset(fx->st_space, 0, sizeof(fx->st_space));
		fx->cwd = FCW_DEFAULT;
	}
	if (!(present & XFEATURE_SSE))
		memset(fx->xmm_space, 0, sizeof(fx->xmm_space));
	fx->mxcsr_mask = mxcsr_mask;
}

/*
 * Replace a stopped task's x87/SSE state with buf (an FXSAVE image).
 * MXCSR bits the CPU does not implement would make the restore fault:
 * -EINVAL for those.  Other components (AVX) are left as they are.
 */
int fpu_set_fxregs(struct task_struct *p, const void *buf)
{
	const struct _fpstate_64 *fx = buf;

	if (fx->mxcsr & ~mxcsr_mask)
		return -EINVAL;
	memcpy(p->thread.fpu, buf, FXSAVE_SIZE);
	if (fpu_use_xsave)
		((struct xsave_header *)((char *)p->thread.fpu + XSAVE_HDR_OFFSET))->xfeatures |=
			XFEATURE_X87 | XFEATURE_SSE;
	return 0;
}
