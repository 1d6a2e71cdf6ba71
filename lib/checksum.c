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
 * header bytes.  The loop adds 64-bit words with end-around carry
 * (their sum folds to the same 16-bit result); words are loaded with
 * unaligned-safe loads, so the buffer may start at any address.
 * csum_partial_copy() stores each word as it sums it: one pass for a
 * copy that needs the checksum anyway (segmenting a large TCP packet).
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

/*
 * The kernel is built with -fno-builtin, so a plain memcpy() of a word
 * is a function call: these ask the compiler for the single load/store.
 */
static inline u64 load64(const u8 *p)
{
	u64 w;

	__builtin_memcpy(&w, p, sizeof(w));
	return w;
}

static inline void store64(u8 *p, u64 w)
{
	__builtin_memcpy(p, &w, sizeof(w));
}

/*
 * Add @w to the 64-bit ones' complement accumulator @acc: a carry out of
 * bit 63 comes back in at bit 0 (2^64 = 1 modulo 2^16 - 1, so this is
 * still the sum of the 16-bit words folded later).  The compiler turns
 * the compare into the carry flag: an add and an add-with-carry.
 */
static inline u64 add_carry64(u64 acc, u64 w)
{
	acc += w;
	return acc + (acc < w);
}

/*
 * Sum of @len bytes at the even-aligned position of @p, in memory order,
 * as a 64-bit ones' complement accumulator.  When @dst is not NULL the
 * bytes are also stored there (the copy rides on the loads of the sum).
 */
static u64 sum_words(const u8 *p, u8 *dst, int len)
{
	u64 acc = 0;

	/* Four words a round: the loop overhead is paid once per 32 bytes. */
	while (len >= 32) {
		u64 w0 = load64(p), w1 = load64(p + 8), w2 = load64(p + 16), w3 = load64(p + 24);

		if (dst) {
			store64(dst, w0);
			store64(dst + 8, w1);
			store64(dst + 16, w2);
			store64(dst + 24, w3);
			dst += 32;
		}
		acc = add_carry64(acc, w0);
		acc = add_carry64(acc, w1);
		acc = add_carry64(acc, w2);
		acc = add_carry64(acc, w3);
		p += 32;
		len -= 32;
	}
	while (len >= 8) {
		u64 w = load64(p);

		if (dst) {
			store64(dst, w);
			dst += 8;
		}
		acc = add_carry64(acc, w);
		p += 8;
		len -= 8;
	}
	if (len) {
		/*
		 * The last 1-7 bytes, zero-padded to a word: in memory order
		 * an odd last byte is then the high-order byte of its 16-bit
		 * word, as RFC 1071 pads it.
		 */
		u64 w = 0;

		memcpy(&w, p, len);
		if (dst)
			memcpy(dst, p, len);
		acc = add_carry64(acc, w);
	}
	return acc;
}

/* Sum of @len bytes at the even-aligned position of @p, in memory order. */
static u32 sum_bytes(const u8 *p, int len)
{
	return reduce64(sum_words(p, NULL, len));
}

__wsum csum_partial(const void *buf, int len, __wsum sum)
{
	/* sum_bytes() loads with memcpy(), so any alignment is fine */
	if (len <= 0)
		return sum;
	return reduce64((u64)sum + sum_bytes(buf, len));
}

__wsum csum_partial_copy(const void *src, void *dst, int len, __wsum sum)
{
	if (len <= 0)
		return sum;
	return reduce64((u64)sum + reduce64(sum_words(src, dst, len)));
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

	__builtin_memcpy(pseudo, &saddr, 4);
	__builtin_memcpy(pseudo + 4, &daddr, 4);
	pseudo[8] = 0;
	pseudo[9] = proto;
	__builtin_memcpy(pseudo + 10, &blen, 2);
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
