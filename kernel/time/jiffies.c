// SPDX-License-Identifier: GPL-2.0-only
/*
 * The jiffies counter.  jiffies_64 is the one 64-bit word; jiffies is an
 * alias of the same storage under the traditional unsigned long name
 * (both are 64 bits on x86_64).  Written only by tick_do_update_jiffies()
 * under jiffies_lock; read locklessly everywhere.  Its own cache line:
 * every CPU reads it on every tick.
 */
#include <linux/types.h>
#include <linux/jiffies.h>

u64 jiffies_64 __aligned(64) = INITIAL_JIFFIES;
extern unsigned long volatile jiffies __attribute__((alias("jiffies_64")));
