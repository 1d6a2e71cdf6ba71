// SPDX-License-Identifier: GPL-2.0-only
/*
 * The system call table and the fallback for calls not implemented.
 *
 * Every call in syscall_64.tbl gets a weak __x64_sys_<name> aliased to
 * sys_ni_syscall; a SYSCALL_DEFINEn() anywhere in the kernel provides the
 * strong definition and so plugs itself into the table.  An unimplemented
 * call returns -ENOSYS and is named once on the console, so missing ABI is
 * visible in every boot log.  Numbers outside the table get -ENOSYS too.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/printk.h>
#include <linux/syscalls.h>
#include <generated/uapi/asm/unistd_64.h>
#include <linux/bits.h>
#include <asm/bitops.h>

long sys_ni_syscall(const struct pt_regs *regs)
{
	static unsigned long reported[BITS_TO_LONGS(__NR_syscalls)];
	unsigned long nr = regs->orig_ax;

	if (nr < __NR_syscalls && !test_and_set_bit(nr, reported))
		pr_info("syscall %lu (%s) not implemented: -ENOSYS\n", nr, syscall_name(nr));
	return -ENOSYS;
}

#define __SYSCALL(nr, name) \
	long __x64_sys_##name(const struct pt_regs *regs) __weak __attribute__((alias("sys_ni_syscall")));
#include <generated/asm/syscalls_64.h>
#undef __SYSCALL

#define __SYSCALL(nr, name) [nr] = __x64_sys_##name,
const sys_call_ptr_t sys_call_table[__NR_syscalls] = {
	[0 ... __NR_syscalls - 1] = sys_ni_syscall,
#include <generated/asm/syscalls_64.h>
};
#undef __SYSCALL

#define SYSCALL_NAME(nr, str) [nr] = str,
static const char *const syscall_names[__NR_syscalls] = {
#include <generated/asm/syscall_names_64.h>
};
#undef SYSCALL_NAME

const char *syscall_name(unsigned long nr)
{
	if (nr < __NR_syscalls && syscall_names[nr])
		return syscall_names[nr];
	return "?";
}
