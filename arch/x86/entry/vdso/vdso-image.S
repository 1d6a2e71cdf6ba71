/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The built vDSO (vdso.so) as bytes in the kernel image, page aligned:
 * vdso_image_start .. vdso_image_end, copied into pages by vma.c.
 */
	.section .rodata, "a"
	.balign 4096
	.globl vdso_image_start
vdso_image_start:
	.incbin VDSO_SO_PATH
	.globl vdso_image_end
vdso_image_end:
	.previous
	.section .note.GNU-stack, "", @progbits
