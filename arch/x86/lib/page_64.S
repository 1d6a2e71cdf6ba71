/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * clear_page(page) and copy_page(to, from) for 4 KiB pages given by their
 * kernel (direct-map) addresses (<asm/page.h>).  Used for zero-filled and
 * copy-on-write user pages; rep stosq/movsq is fast on every CPU with ERMS
 * and fine on the rest.  No locking; no faults possible on RAM addresses.
 */
	.text

	.globl	clear_page
	.type	clear_page, @function
clear_page:
	movl	$512, %ecx
	xorl	%eax, %eax
	rep stosq
	ret
	.size	clear_page, . - clear_page

	.globl	copy_page
	.type	copy_page, @function
copy_page:
	movl	$512, %ecx
	rep movsq
	ret
	.size	copy_page, . - copy_page
