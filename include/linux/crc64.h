/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CRC-64 as xz uses it (ECMA-182 polynomial 0x42F0E1EBA9EA3693,
 * reflected; initial value and final XOR all ones), lib/crc64.c.
 *
 * crc64_ecma(0, buf, len) is the CRC of buf; pieces chain like crc32_ieee().
 */
#ifndef _LINUX_CRC64_H
#define _LINUX_CRC64_H

#include <linux/types.h>

u64 crc64_ecma(u64 crc, const void *buf, size_t len);

#endif /* _LINUX_CRC64_H */
