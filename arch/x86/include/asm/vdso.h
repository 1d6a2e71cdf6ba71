/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The vDSO, kernel side (arch/x86/entry/vdso/vma.c).
 *
 *   arch_setup_additional_pages(bprm)  exec: map [vvar] + [vdso] into the
 *                                      new mm (mm->vdso_base = the image)
 *   update_vsyscall_tick(),
 *   update_vsyscall_realtime()         <linux/timekeeping.h>
 *
 * The image itself (vdso_image_start..end) is vdso.so built from
 * vclock_gettime.c; the vvar layout is <asm/vdso/vvar.h>.
 */
#ifndef _ASM_X86_VDSO_H
#define _ASM_X86_VDSO_H

struct linux_binprm;

int arch_setup_additional_pages(struct linux_binprm *bprm);

extern const char vdso_image_start[], vdso_image_end[];

#endif /* _ASM_X86_VDSO_H */
