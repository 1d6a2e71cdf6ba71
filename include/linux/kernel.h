/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kitchen-sink header most kernel .c files start with.  It only pulls
 * in the small headers that hold the actual definitions:
 *
 *   <linux/array_size.h>    ARRAY_SIZE
 *   <linux/minmax.h>        min/max/clamp (type-checked), swap
 *   <linux/container_of.h>  container_of
 *   <linux/align.h>         ALIGN, ALIGN_DOWN, IS_ALIGNED, PTR_ALIGN
 *   <linux/math.h>          DIV_ROUND_UP, round_up/down, abs, upper/lower_32_bits
 *   <linux/limits.h>        INT_MAX, ULONG_MAX, U8_MAX ... S64_MIN
 *   <linux/printk.h>        printk, pr_info, ...
 *   <linux/sprintf.h>       snprintf, scnprintf, vsnprintf, ...
 *   <linux/string.h>        mem*, str*
 *   <linux/kstrtox.h>       kstrtoul, kstrtoint, simple_strtoul, memparse
 *
 * Library code that wants to stay free of printk (lib/, host unit tests)
 * includes the specific small headers instead.
 */
#ifndef _LINUX_KERNEL_H
#define _LINUX_KERNEL_H

#include <linux/compiler.h>
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/stdarg.h>
#include <linux/limits.h>
#include <linux/array_size.h>
#include <linux/minmax.h>
#include <linux/container_of.h>
#include <linux/align.h>
#include <linux/math.h>
#include <linux/printk.h>
#include <linux/sprintf.h>
#include <linux/string.h>
#include <linux/kstrtox.h>

#endif /* _LINUX_KERNEL_H */
