// SPDX-License-Identifier: GPL-2.0-only
/*
 * The Internet checksum (RFC 1071): the 16-bit ones' complement of the
 * ones' complement sum of the data taken as big-endian 16-bit words.
 *
 * Interface: <net/checksum.h>.  The running value (__wsum) is kept as a
 * plain 32-bit sum of 16-bit words in *memory order*: on a little-endian
 * machine each loaded word is byte-swapped relative to its network value,
 * and RFC 1071 section 2(B) shows the sum is byte-order independent, so
 * folding and storing the result back in memory order gives the right
 * header bytes.  Words are loaded with memcpy(), so the buffer may
 * start at any address.
 *
 * No locking: pure functions.
 */
#include <linux/types.h>
#include <linux/string.h>
#include <linux/skbuff.h>
#include <net/checksum.h>
#include <asm/byteorder.h>

/* Reduce a 64-bit accumulator of 16-bit words to 32 bits without losing carries. */
static u32 reduce64(u64 acc)
{
	acc = (acc & 0xffffffffULL) + (acc >> 32);
	acc = (acc & 0xffffffffULL) + (acc >> 32);
	return (u32)acc;
}

static u16 fold32(u32 v)
{
	v = (v & 0xffff) + (v >> 16);
	v = (v & 0xffff) + (v >> 16);
	return (u16)v;
}

/* Sum of @len bytes at the even-aligned position of @p, in memory order. */
static u32 sum_bytes(const u8 *p, int len)
{
	u64 acc = 0;

	while (len >= 8) {
		u64 w;

		memcpy(&w, p, 8);
		acc += (w & 0xffffffffULL);
		acc += (w >> 32);
		p += 8;
		len -= 8;
	}
	while (len >= 2) {
		u16 h;

		memcpy(&h, p, 2);
		acc += h;
		p += 2;
		len -= 2;
	}
	if (len) {
		/* the last odd byte is the high-order byte of a zero-padded word */
		u16 h = 0;

		memcpy(&h, p, 1);
		acc += h;
	}
	return reduce64(acc);
}

__wsum csum_partial(const void *buf, int len, __wsum sum)
{
	/* sum_bytes() loads with memcpy(), so any alignment is fine */
	if (len <= 0)
		return sum;
	return reduce64((u64)sum + sum_bytes(buf, len));
}

__sum16 csum_fold(__wsum sum)
{
	return (__sum16)~fold32(sum);
}

__sum16 ip_fast_csum(const void *iph, unsigned int ihl)
{
	return csum_fold(csum_partial(iph, ihl * 4, 0));
}

__wsum csum_tcpudp_nofold(__be32 saddr, __be32 daddr, u32 len, u8 proto, __wsum sum)
{
	/* saddr, daddr, zero, proto, length: RFC 768 / RFC 9293 3.1 */
	u8 pseudo[12];
	__be16 blen = cpu_to_be16((u16)len);

	memcpy(pseudo, &saddr, 4);
	memcpy(pseudo + 4, &daddr, 4);
	pseudo[8] = 0;
	pseudo[9] = proto;
	memcpy(pseudo + 10, &blen, 2);
	return csum_partial(pseudo, sizeof(pseudo), sum);
}

__sum16 csum_tcpudp_magic(__be32 saddr, __be32 daddr, u32 len, u8 proto, __wsum sum)
{
	return csum_fold(csum_tcpudp_nofold(saddr, daddr, len, proto, sum));
}

__wsum skb_checksum(const struct sk_buff *skb, int offset, int len, __wsum sum)
{
	if (offset < 0 || len < 0 || (unsigned int)(offset + len) > skb->len)
		return sum;
	return csum_partial(skb->data + offset, len, sum);
}
