// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests for the user-access helpers: every kind of bad pointer (NULL,
 * an unmapped user address, a kernel address, a range running past the
 * end of user space) must make the helper fail cleanly - no oops.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/selftest.h>
#include <asm/uaccess.h>
#include <asm/page_types.h>

static int usercopy_bad_pointer_test(void)
{
	static const unsigned long bad[] = {
		0,			/* NULL */
		0x1000,			/* user address, nothing mapped */
		0x7ffffffff000,		/* last user page, unmapped */
		0xffffffff80100000,	/* kernel text */
		0xffff888000001000,	/* direct map */
	};
	char buf[64];

	for (unsigned int i = 0; i < ARRAY_SIZE(bad); i++) {
		void *p = (void *)bad[i];
		u64 v64 = 1;
		u32 v32 = 1;

		memset(buf, 0x5a, sizeof(buf));
		ST_ASSERT(copy_from_user(buf, p, sizeof(buf)) == sizeof(buf), "from %lx", bad[i]);
		ST_ASSERT(buf[0] == 0 && buf[63] == 0, "tail not zeroed for %lx", bad[i]);
		ST_ASSERT(copy_to_user(p, buf, sizeof(buf)) == sizeof(buf), "to %lx", bad[i]);
		ST_ASSERT(clear_user(p, 16) == 16, "clear %lx", bad[i]);
		ST_ASSERT(get_user(v64, (u64 *)p) == -EFAULT && v64 == 0, "get8 %lx", bad[i]);
		ST_ASSERT(get_user(v32, (u32 *)p) == -EFAULT, "get4 %lx", bad[i]);
		ST_ASSERT(put_user(v32, (u32 *)p) == -EFAULT, "put4 %lx", bad[i]);
		ST_ASSERT(strncpy_from_user(buf, p, 32) == -EFAULT, "strncpy %lx", bad[i]);
		ST_ASSERT(strnlen_user(p, 32) == 0, "strnlen %lx", bad[i]);
	}
	/* A range that wraps or crosses TASK_SIZE_MAX is refused up front. */
	ST_ASSERT(!access_ok((void *)(TASK_SIZE_MAX - 8), 16), "range past the end accepted");
	ST_ASSERT(!access_ok((void *)~0UL, 1), "kernel address accepted");
	ST_ASSERT(access_ok((void *)0x400000, 4096), "plain user range refused");
	return 0;
}
DEFINE_SELFTEST("uaccess: bad user pointers fail with EFAULT, no oops", usercopy_bad_pointer_test);
