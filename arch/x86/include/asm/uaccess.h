/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Access to user memory from the kernel.
 *
 * Every access goes through these helpers: they check that the range lies
 * below TASK_SIZE_MAX (access_ok()), open the SMAP window (stac/clac) when
 * the CPU enforces SMAP, and register the faulting instructions in the
 * exception table, so a bad user pointer - unmapped, a kernel address,
 * NULL - makes the helper fail instead of oopsing:
 *
 *   copy_from_user(to, from, n) / copy_to_user(to, from, n)
 *           return the number of bytes NOT copied (0 = success)
 *   clear_user(to, n)          bytes not cleared
 *   strncpy_from_user(dst, src, n)
 *           length of the string (without NUL), -EFAULT, or n if it did
 *           not fit (dst then holds n bytes and no NUL)
 *   strnlen_user(src, n)       length including the NUL, 0 on fault,
 *                              > n if longer than n
 *   get_user(x, ptr) / put_user(x, ptr)
 *           0 or -EFAULT; ptr's type gives the access size (1/2/4/8)
 *
 * Page faults inside these helpers may sleep (demand paging of user
 * memory), so callers must not hold spinlocks.
 */
#ifndef _ASM_X86_UACCESS_H
#define _ASM_X86_UACCESS_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <asm/page_types.h>
#include <asm/extable.h>

static inline bool __access_ok(const void *addr, unsigned long size)
{
	unsigned long a = (unsigned long)addr;

	return size <= TASK_SIZE_MAX && a <= TASK_SIZE_MAX - size;
}
#define access_ok(addr, size) __access_ok((const void *)(addr), (size))

unsigned long copy_from_user(void *to, const void *from, unsigned long n);
unsigned long copy_to_user(void *to, const void *from, unsigned long n);
unsigned long clear_user(void *to, unsigned long n);
long strncpy_from_user(char *dst, const char *src, long count);
long strnlen_user(const char *src, long n);

int __get_user_1(u8 *val, const void *ptr);
int __get_user_2(u16 *val, const void *ptr);
int __get_user_4(u32 *val, const void *ptr);
int __get_user_8(u64 *val, const void *ptr);
int __put_user_1(u8 val, void *ptr);
int __put_user_2(u16 val, void *ptr);
int __put_user_4(u32 val, void *ptr);
int __put_user_8(u64 val, void *ptr);

#define get_user(x, ptr)							\
	({									\
		int __gu_err = -14; /* -EFAULT */				\
		switch (sizeof(*(ptr))) {					\
		case 1: { u8 __v; __gu_err = __get_user_1(&__v, (ptr));	\
			(x) = (__typeof__(*(ptr)))__v; break; }			\
		case 2: { u16 __v; __gu_err = __get_user_2(&__v, (ptr));	\
			(x) = (__typeof__(*(ptr)))__v; break; }			\
		case 4: { u32 __v; __gu_err = __get_user_4(&__v, (ptr));	\
			(x) = (__typeof__(*(ptr)))__v; break; }			\
		case 8: { u64 __v; __gu_err = __get_user_8(&__v, (ptr));	\
			(x) = (__typeof__(*(ptr)))(unsigned long)__v; break; }	\
		default: __bad_user_access_size(); \
		}								\
		__gu_err;							\
	})

#define put_user(x, ptr)							\
	({									\
		__typeof__(*(ptr)) __pu_val = (x);				\
		int __pu_err;							\
		switch (sizeof(*(ptr))) {					\
		case 1: __pu_err = __put_user_1(*(u8 *)&__pu_val, (ptr)); break;	\
		case 2: __pu_err = __put_user_2(*(u16 *)&__pu_val, (ptr)); break;	\
		case 4: __pu_err = __put_user_4(*(u32 *)&__pu_val, (ptr)); break;	\
		case 8: __pu_err = __put_user_8(*(u64 *)&__pu_val, (ptr)); break;	\
		default: __pu_err = -14; __bad_user_access_size();			\
		}								\
		__pu_err;							\
	})

/* Sizes other than 1/2/4/8 fail at link time: this is never defined. */
void __bad_user_access_size(void);

/* SMAP: enabled by cpu_init() when the CPU has it. */
extern bool smap_enabled;

#endif /* _ASM_X86_UACCESS_H */
