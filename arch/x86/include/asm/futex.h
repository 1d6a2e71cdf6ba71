/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Atomic compare-and-exchange on a user word, for the futex code: one
 * "lock cmpxchg" with an exception-table entry, inside the SMAP window.
 *
 *   futex_atomic_cmpxchg_inatomic(&cur, uaddr, old, new)
 *       0 and cur = the value found (the store happened iff cur == old),
 *       or -EFAULT.  With interrupts disabled a missing page is not
 *       faulted in (the fault handler goes straight to the fixup), which
 *       makes it usable under spinlocks.
 */
#ifndef _ASM_X86_FUTEX_H
#define _ASM_X86_FUTEX_H

#include <linux/types.h>
#include <linux/errno.h>
#include <asm/uaccess.h>
#include <asm/extable.h>

static inline int futex_atomic_cmpxchg_inatomic(u32 *uval, u32 *uaddr, u32 oldval, u32 newval)
{
	int ret = 0;

	if (!access_ok(uaddr, sizeof(u32)))
		return -EFAULT;
	if (smap_enabled)
		__asm__ __volatile__("stac" ::: "memory");
	__asm__ __volatile__("1:	lock cmpxchgl %[new], %[mem]\n"
			     "	jmp 3f\n"
			     "2:	movl %[efault], %[ret]\n"
			     "3:\n"
			     _ASM_EXTABLE(1b, 2b)
			     : [ret] "+r"(ret), "+a"(oldval), [mem] "+m"(*uaddr)
			     : [new] "r"(newval), [efault] "i"(-EFAULT)
			     : "memory");
	if (smap_enabled)
		__asm__ __volatile__("clac" ::: "memory");
	*uval = oldval;
	return ret;
}

#endif /* _ASM_X86_FUTEX_H */
