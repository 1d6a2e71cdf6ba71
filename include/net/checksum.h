/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Internet checksum (RFC 1071) used by IPv4, ICMP, UDP and TCP
 * (lib/checksum.c).  A __wsum is a 32-bit running sum of 16-bit words in
 * network order, not yet folded; csum_fold() folds it to the 16-bit
 * ones' complement value that goes into a header.
 */
#ifndef _NET_CHECKSUM_H
#define _NET_CHECKSUM_H

#include <linux/types.h>

typedef u32 __wsum;
typedef u16 __sum16;

/* Add @len bytes at @buf to @sum (any alignment, any length). */
__wsum csum_partial(const void *buf, int len, __wsum sum);
/* Copy @len bytes from @src to @dst and add them to @sum (csum_partial() of @src). */
__wsum csum_partial_copy(const void *src, void *dst, int len, __wsum sum);
/* Fold a running sum to 16 bits and complement it: the header value. */
__sum16 csum_fold(__wsum sum);
/* The IPv4 header checksum of @ihl 32-bit words (0 when verifying a good header). */
__sum16 ip_fast_csum(const void *iph, unsigned int ihl);
/* The TCP/UDP pseudo-header (RFC 9293 3.1, RFC 768) added to @sum, folded. */
__sum16 csum_tcpudp_magic(__be32 saddr, __be32 daddr, u32 len, u8 proto, __wsum sum);
/* The same, unfolded. */
__wsum csum_tcpudp_nofold(__be32 saddr, __be32 daddr, u32 len, u8 proto, __wsum sum);
/* Checksum of @len bytes at @offset of @skb's data, added to @sum. */
struct sk_buff;
__wsum skb_checksum(const struct sk_buff *skb, int offset, int len, __wsum sum);

#endif /* _NET_CHECKSUM_H */
