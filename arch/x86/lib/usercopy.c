// SPDX-License-Identifier: GPL-2.0-only
/*
 * User-access helpers (interface and rules in asm/uaccess.h): range checks
 * and the SMAP window around the assembly cores in usercopy_64.S.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <asm/uaccess.h>

bool smap_enabled;

unsigned long __copy_user_raw(void *to, const void *from, unsigned long n);
unsigned long __clear_user_raw(void *to, unsigned long n);
long __strncpy_user_raw(char *dst, const char *src, long n);
int __get_user_raw_1(u64 *val, const void *ptr);
int __get_user_raw_2(u64 *val, const void *ptr);
int __get_user_raw_4(u64 *val, const void *ptr);
int __get_user_raw_8(u64 *val, const void *ptr);
int __put_user_raw_1(u64 val, void *ptr);
int __put_user_raw_2(u64 val, void *ptr);
int __put_user_raw_4(u64 val, void *ptr);
int __put_user_raw_8(u64 val, void *ptr);

/* Open/close the window in which the kernel may touch user pages (SMAP). */
static __always_inline void user_access_begin(void)
{
	if (smap_enabled)
		__asm__ __volatile__("stac" ::: "memory");
}

static __always_inline void user_access_end(void)
{
	if (smap_enabled)
		__asm__ __volatile__("clac" ::: "memory");
}

unsigned long copy_from_user(void *to, const void *from, unsigned long n)
{
	unsigned long left;

	if (!access_ok(from, n)) {
		memset(to, 0, n);
		return n;
	}
	user_access_begin();
	left = __copy_user_raw(to, from, n);
	user_access_end();
	/* Never hand back uninitialised kernel memory after a fault. */
	if (left)
		memset((char *)to + (n - left), 0, left);
	return left;
}

unsigned long copy_to_user(void *to, const void *from, unsigned long n)
{
	unsigned long left;

	if (!access_ok(to, n))
		return n;
	user_access_begin();
	left = __copy_user_raw(to, from, n);
	user_access_end();
	return left;
}

unsigned long clear_user(void *to, unsigned long n)
{
	unsigned long left;

	if (!access_ok(to, n))
		return n;
	user_access_begin();
	left = __clear_user_raw(to, n);
	user_access_end();
	return left;
}

long strncpy_from_user(char *dst, const char *src, long count)
{
	long max = count, ret;

	if (count <= 0)
		return 0;
	/* Clip to user space; a string running into the limit faults there. */
	if ((unsigned long)src >= TASK_SIZE_MAX)
		return -EFAULT;
	if (TASK_SIZE_MAX - (unsigned long)src < (unsigned long)max)
		max = TASK_SIZE_MAX - (unsigned long)src;
	user_access_begin();
	ret = __strncpy_user_raw(dst, src, max);
	user_access_end();
	if (ret == max && max < count)
		return -EFAULT;		/* ran into the end of user space */
	return ret;
}

long strnlen_user(const char *src, long n)
{
	long len;

	for (len = 0; len < n; len++) {
		u8 c;

		if (get_user(c, (const u8 *)src + len))
			return 0;
		if (!c)
			return len + 1;
	}
	return n + 1;
}

#define DEFINE_GET_USER(bits, bytes)					\
int __get_user_##bytes(u##bits *val, const void *ptr)			\
{									\
	u64 v = 0;							\
	int ret = -EFAULT;						\
									\
	if (access_ok(ptr, bytes)) {					\
		user_access_begin();					\
		ret = __get_user_raw_##bytes(&v, ptr);			\
		user_access_end();					\
	}								\
	*val = ret ? 0 : (u##bits)v;					\
	return ret;							\
}

#define DEFINE_PUT_USER(bits, bytes)					\
int __put_user_##bytes(u##bits val, void *ptr)				\
{									\
	int ret = -EFAULT;						\
									\
	if (access_ok(ptr, bytes)) {					\
		user_access_begin();					\
		ret = __put_user_raw_##bytes(val, ptr);			\
		user_access_end();					\
	}								\
	return ret;							\
}

DEFINE_GET_USER(8, 1)
DEFINE_GET_USER(16, 2)
DEFINE_GET_USER(32, 4)
DEFINE_GET_USER(64, 8)
DEFINE_PUT_USER(8, 1)
DEFINE_PUT_USER(16, 2)
DEFINE_PUT_USER(32, 4)
DEFINE_PUT_USER(64, 8)
