/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's random number generator (drivers/char/random.c).
 *
 * Consumers:
 *   get_random_bytes(buf, len)     cryptographically secure bytes; never
 *                                  blocks (before the first seed they come
 *                                  from whatever the pool holds so far)
 *   get_random_u32/u64/long()      the same, one word at a time (batched)
 *   get_random_u32_below(ceil)     uniform in [0, ceil)
 *   wait_for_random_bytes()        sleep until seeded; 0 or -ERESTARTSYS
 *   rng_is_initialized()           seeded with >= 256 bits yet?
 *
 * Producers:
 *   add_device_randomness(buf, len)  mixed in, no entropy credited
 *   add_interrupt_randomness(irq)    call from an interrupt handler: the
 *                                    arrival time is jitter
 *
 * All of them may be called from any context, interrupts included.
 */
#ifndef _LINUX_RANDOM_H
#define _LINUX_RANDOM_H

#include <linux/types.h>
#include <uapi/linux/random.h>

void get_random_bytes(void *buf, size_t len);
u32 get_random_u32(void);
u64 get_random_u64(void);
static inline unsigned long get_random_long(void)
{
	return get_random_u64();
}
u32 get_random_u32_below(u32 ceil);

int wait_for_random_bytes(void);
bool rng_is_initialized(void);

void add_device_randomness(const void *buf, size_t len);
void add_interrupt_randomness(int irq);

#endif /* _LINUX_RANDOM_H */
