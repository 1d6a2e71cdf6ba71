/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CRC-32 as gzip, xz, PNG and Ethernet use it (IEEE 802.3 polynomial
 * 0x04C11DB7, reflected; initial value and final XOR all ones), lib/crc32.c.
 *
 * crc32_ieee(0, buf, len) is the CRC of buf; a CRC over several pieces is
 * crc32_ieee(crc32_ieee(0, a, n), b, m).
 */
#ifndef _LINUX_CRC32_H
#define _LINUX_CRC32_H

#include <linux/types.h>

u32 crc32_ieee(u32 crc, const void *buf, size_t len);

#endif /* _LINUX_CRC32_H */
