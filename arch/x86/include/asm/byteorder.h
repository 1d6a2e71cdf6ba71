/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Byte order conversions for on-device and on-disk formats.  x86 is
 * little-endian: the le ones are plain casts, the be ones swap.  They
 * are macros so that code which defined its own under #ifndef keeps
 * building.
 */
#ifndef _ASM_X86_BYTEORDER_H
#define _ASM_X86_BYTEORDER_H

#include <linux/types.h>

#define le16_to_cpu(x)	((u16)(__le16)(x))
#define le32_to_cpu(x)	((u32)(__le32)(x))
#define le64_to_cpu(x)	((u64)(__le64)(x))
#define cpu_to_le16(x)	((__le16)(u16)(x))
#define cpu_to_le32(x)	((__le32)(u32)(x))
#define cpu_to_le64(x)	((__le64)(u64)(x))

#define be16_to_cpu(x)	__builtin_bswap16((u16)(x))
#define be32_to_cpu(x)	__builtin_bswap32((u32)(x))
#define be64_to_cpu(x)	__builtin_bswap64((u64)(x))
#define cpu_to_be16(x)	__builtin_bswap16((u16)(x))
#define cpu_to_be32(x)	__builtin_bswap32((u32)(x))
#define cpu_to_be64(x)	__builtin_bswap64((u64)(x))

/* Network byte order is big-endian (the sockets API's names). */
#define htons(x)	cpu_to_be16(x)
#define ntohs(x)	be16_to_cpu(x)
#define htonl(x)	cpu_to_be32(x)
#define ntohl(x)	be32_to_cpu(x)

#endif /* _ASM_X86_BYTEORDER_H */
