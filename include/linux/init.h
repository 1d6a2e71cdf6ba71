/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Boot-time registration tables, collected by the linker script:
 *
 *  __setup("name=", fn)   a kernel command-line parameter; fn(value) runs
 *                         from parse_args() early in start_kernel().
 *                         A name ending in '=' takes a value; one without
 *                         matches the bare word.  Return 1 when handled.
 *  early_param(...)       the same, parsed before memory is set up
 *                         (setup_arch() calls parse_early_params()).
 *  core_initcall(fn) ... late_initcall(fn)
 *                         fn() runs from do_initcalls() once the scheduler,
 *                         SMP and memory allocators are up, level by level.
 */
#ifndef _LINUX_INIT_H
#define _LINUX_INIT_H

#include <linux/compiler.h>

typedef int (*initcall_t)(void);

struct obs_kernel_param {
	const char *str;
	int (*setup_func)(char *);
	int early;
};

#define __setup_param(str, unique_id, fn, early)				\
	static const char __setup_str_##unique_id[] = str;			\
	static const struct obs_kernel_param __setup_##unique_id		\
		__used __section(".init.setup") __aligned(8) =			\
		{ __setup_str_##unique_id, fn, early }

#define __setup(str, fn) __setup_param(str, fn, fn, 0)
#define early_param(str, fn) __setup_param(str, fn##_early, fn, 1)

#define __define_initcall(fn, level)						\
	static initcall_t __initcall_##fn##level				\
		__used __section(".initcall" #level ".init") = fn

#define pure_initcall(fn)	__define_initcall(fn, 0)
#define core_initcall(fn)	__define_initcall(fn, 1)
#define postcore_initcall(fn)	__define_initcall(fn, 2)
#define arch_initcall(fn)	__define_initcall(fn, 3)
#define subsys_initcall(fn)	__define_initcall(fn, 4)
#define fs_initcall(fn)		__define_initcall(fn, 5)
#define device_initcall(fn)	__define_initcall(fn, 6)
#define late_initcall(fn)	__define_initcall(fn, 7)
#define module_init(fn)		device_initcall(fn)

extern char boot_command_line[];
extern const struct obs_kernel_param __setup_start[], __setup_end[];
extern initcall_t __initcall_start[], __initcall_end[];

void parse_early_params(void);
void do_initcalls(void);

#endif /* _LINUX_INIT_H */
