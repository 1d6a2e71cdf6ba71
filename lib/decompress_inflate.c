// SPDX-License-Identifier: GPL-2.0-only
/*
 * gzip decompression: one RFC 1952 member whose data is RFC 1951 DEFLATE.
 * Interface: decompress_gzip() in <linux/decompress.h>.
 *
 * RFC 1952 2.3: the header (ID1 ID2 CM=8 FLG MTIME XFL OS, then FEXTRA,
 * FNAME, FCOMMENT and FHCRC as FLG says; reserved FLG bits refused, the
 * header CRC16 checked) and the trailer (CRC32 of the data, ISIZE = its
 * length mod 2^32), both verified.
 *
 * RFC 1951 3.2: blocks of the three types - stored (LEN and its
 * complement NLEN), fixed Huffman codes (3.2.6) and dynamic ones (3.2.7:
 * HLIT, HDIST, HCLEN, the code-length code in its permuted order, the
 * repeat codes 16/17/18) - length codes 257..285 and distance codes 0..29
 * with their extra bits (3.2.5), a 32 KiB window.
 *
 * Bits come least significant first out of a 64-bit buffer.  Running out
 * of input pads it with zero bytes, counted, so the inner loops need no
 * test per bit; once a padding bit has been consumed the member is
 * reported truncated.  Huffman codes (canonical, 3.2.2) decode through a
 * 2^10 table indexed by the next bits (code bits reversed, as they arrive
 * first bit lowest), longer codes by walking the code lengths.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <linux/crc32.h>
#include <linux/decompress.h>
#include "decompress_internal.h"

#define GZ_RING_SIZE	(128 * 1024)	/* >= the 32 KiB window */
#define GZ_WINDOW	(32 * 1024)
#define MAX_CODE_BITS	15
#define FAST_BITS	10
#define FAST_SYM_MASK	0x1ff		/* fast entry: length << 9 | symbol */
#define NUM_LITLEN	288
#define NUM_DIST	32

/* gzip FLG bits (RFC 1952 2.3.1) */
#define FHCRC		0x02
#define FEXTRA		0x04
#define FNAME		0x08
#define FCOMMENT	0x10
#define FRESERVED	0xe0

struct huffman {
	u16 fast[1 << FAST_BITS];
	u16 count[MAX_CODE_BITS + 1];	/* codes of each length */
	u16 symbol[NUM_LITLEN];		/* symbols in canonical code order */
};

struct inflate {
	struct decompress_io *io;
	const u8 *in;
	size_t in_len, in_pos;
	u64 bits;			/* unconsumed bits, next one lowest */
	unsigned int nbits;
	size_t pad;			/* zero bytes added past the input's end */
	struct dc_window win;
	u32 crc;
	struct huffman litlen, dist, codelen;
	u8 lens[NUM_LITLEN + NUM_DIST];
};

/* RFC 1951 3.2.5: length codes 257..285 and distance codes 0..29. */
static const u16 length_base[29] = {
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
	35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
};
static const u8 length_extra[29] = {
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
	3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
};
static const u16 dist_base[30] = {
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
	257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
};
static const u8 dist_extra[30] = {
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
	7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
};
/* RFC 1951 3.2.7: the order of the code length code lengths. */
static const u8 codelen_order[19] = {
	16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15,
};

/* ------------------------------------------------------------ bits */

static inline void refill(struct inflate *z)
{
	while (z->nbits <= 56) {
		u64 byte = 0;

		if (likely(z->in_pos < z->in_len))
			byte = z->in[z->in_pos++];
		else
			z->pad++;
		z->bits |= byte << z->nbits;
		z->nbits += 8;
	}
}

/* Whether a padding bit (past the input's end) has been consumed. */
static inline bool overrun(const struct inflate *z)
{
	return unlikely(z->pad) && z->pad * 8 > z->nbits;
}

static inline u32 getbits(struct inflate *z, unsigned int n)
{
	u32 v;

	if (z->nbits < n)
		refill(z);
	v = z->bits & ((1U << n) - 1);
	z->bits >>= n;
	z->nbits -= n;
	return v;
}

/*
 * Drop the bits up to the next byte boundary and give the whole bytes
 * still in the bit buffer back to the input, for byte-aligned reading.
 */
static int align_to_byte(struct inflate *z)
{
	size_t whole;

	z->bits >>= z->nbits & 7;
	z->nbits &= ~7U;
	if (overrun(z))
		return -1;
	whole = z->nbits / 8 - z->pad;
	z->in_pos -= whole;
	z->bits = 0;
	z->nbits = 0;
	z->pad = 0;
	return 0;
}

/* ------------------------------------------------------------ Huffman codes */

/*
 * Build the decoding tables for n code lengths (0: symbol unused).
 * Returns -1 for an over-subscribed set of lengths; incomplete codes are
 * accepted (a lone distance code is legal), their unused bit patterns
 * then fail to decode.
 */
static int build_huffman(struct huffman *h, const u8 *lens, unsigned int n)
{
	u16 next[MAX_CODE_BITS + 2];
	unsigned int len, i, code, idx;
	int left = 1;

	memset(h->count, 0, sizeof(h->count));
	for (i = 0; i < n; i++)
		h->count[lens[i]]++;
	h->count[0] = 0;
	for (len = 1; len <= MAX_CODE_BITS; len++) {
		left = 2 * left - h->count[len];
		if (left < 0)
			return -1;
	}
	next[1] = 0;
	for (len = 1; len <= MAX_CODE_BITS; len++)
		next[len + 1] = next[len] + h->count[len];
	for (i = 0; i < n; i++)
		if (lens[i])
			h->symbol[next[lens[i]]++] = i;

	memset(h->fast, 0, sizeof(h->fast));
	code = 0;
	idx = 0;
	for (len = 1; len <= FAST_BITS; len++) {
		for (i = 0; i < h->count[len]; i++, code++) {
			unsigned int rev = 0, j;
			u16 entry = len << 9 | h->symbol[idx++];

			for (j = 0; j < len; j++)
				rev |= ((code >> j) & 1) << (len - 1 - j);
			for (j = rev; j < (1U << FAST_BITS); j += 1U << len)
				h->fast[j] = entry;
		}
		code <<= 1;
	}
	return 0;
}

/* The next symbol, or -1 for a bit pattern the code does not use. */
static inline int decode_symbol(struct inflate *z, const struct huffman *h)
{
	unsigned int len, index = 0;
	int code = 0, first = 0;
	u16 entry;
	u64 b;

	if (z->nbits < MAX_CODE_BITS)
		refill(z);
	entry = h->fast[z->bits & ((1U << FAST_BITS) - 1)];
	if (likely(entry)) {
		len = entry >> 9;
		z->bits >>= len;
		z->nbits -= len;
		return entry & FAST_SYM_MASK;
	}
	/* Longer than FAST_BITS: the canonical code, one bit at a time. */
	b = z->bits;
	for (len = 1; len <= MAX_CODE_BITS; len++) {
		int count = h->count[len];

		code |= b & 1;
		b >>= 1;
		if (code - first < count) {
			z->bits >>= len;
			z->nbits -= len;
			return h->symbol[index + code - first];
		}
		index += count;
		first = (first + count) << 1;
		code <<= 1;
	}
	return -1;
}

/* ------------------------------------------------------------ blocks */

static int inflate_stored(struct inflate *z)
{
	struct decompress_io *io = z->io;
	u32 len, nlen;

	if (align_to_byte(z))
		return dc_corrupt(io, "gzip: truncated stored block header");
	if (z->in_len - z->in_pos < 4)
		return dc_corrupt(io, "gzip: truncated stored block header");
	len = dc_le16(z->in + z->in_pos);
	nlen = dc_le16(z->in + z->in_pos + 2);
	z->in_pos += 4;
	if ((len ^ 0xffff) != nlen)
		return dc_corrupt(io, "gzip: stored block length %u does not match its "
				  "complement %u", len, nlen);
	if (z->in_len - z->in_pos < len)
		return dc_corrupt(io, "gzip: truncated stored block");
	z->in_pos += len;
	return dc_write(&z->win, z->in + z->in_pos - len, len);
}

static void fixed_codes(struct inflate *z)
{
	unsigned int i;

	for (i = 0; i < 144; i++)
		z->lens[i] = 8;
	for (; i < 256; i++)
		z->lens[i] = 9;
	for (; i < 280; i++)
		z->lens[i] = 7;
	for (; i < NUM_LITLEN; i++)
		z->lens[i] = 8;
	build_huffman(&z->litlen, z->lens, NUM_LITLEN);
	for (i = 0; i < NUM_DIST; i++)
		z->lens[i] = 5;
	build_huffman(&z->dist, z->lens, NUM_DIST);
}

static int dynamic_codes(struct inflate *z)
{
	struct decompress_io *io = z->io;
	unsigned int hlit, hdist, hclen, i, n;

	hlit = getbits(z, 5) + 257;
	hdist = getbits(z, 5) + 1;
	hclen = getbits(z, 4) + 4;
	if (hlit > 286 || hdist > 30)
		return dc_corrupt(io, "gzip: %u literal/length and %u distance codes "
				  "(at most 286 and 30)", hlit, hdist);
	memset(z->lens, 0, 19);
	for (i = 0; i < hclen; i++)
		z->lens[codelen_order[i]] = getbits(z, 3);
	if (build_huffman(&z->codelen, z->lens, 19))
		return dc_corrupt(io, "gzip: over-subscribed code length code");

	n = hlit + hdist;
	for (i = 0; i < n;) {
		int sym = decode_symbol(z, &z->codelen);
		unsigned int repeat;
		u8 value = 0;

		if (overrun(z))
			return dc_corrupt(io, "gzip: truncated block header");
		if (sym < 0)
			return dc_corrupt(io, "gzip: invalid code length code");
		if (sym < 16) {
			z->lens[i++] = sym;
			continue;
		}
		if (sym == 16) {
			if (!i)
				return dc_corrupt(io, "gzip: code length repeat with nothing "
						  "to repeat");
			value = z->lens[i - 1];
			repeat = 3 + getbits(z, 2);
		} else if (sym == 17) {
			repeat = 3 + getbits(z, 3);
		} else {
			repeat = 11 + getbits(z, 7);
		}
		if (repeat > n - i)
			return dc_corrupt(io, "gzip: code lengths run past %u codes", n);
		memset(z->lens + i, value, repeat);
		i += repeat;
	}
	if (overrun(z))
		return dc_corrupt(io, "gzip: truncated block header");
	if (!z->lens[256])
		return dc_corrupt(io, "gzip: no end-of-block code");
	if (build_huffman(&z->litlen, z->lens, hlit))
		return dc_corrupt(io, "gzip: over-subscribed literal/length code");
	if (build_huffman(&z->dist, z->lens + hlit, hdist))
		return dc_corrupt(io, "gzip: over-subscribed distance code");
	return 0;
}

/* The symbols of one Huffman-coded block, up to its end-of-block code. */
static int inflate_codes(struct inflate *z)
{
	struct decompress_io *io = z->io;
	struct dc_window *w = &z->win;
	int ret;

	for (;;) {
		int sym = decode_symbol(z, &z->litlen);
		unsigned int len, dist;

		if (overrun(z))
			return dc_corrupt(io, "gzip: truncated data");
		if (sym < 256) {
			if (sym < 0)
				return dc_corrupt(io, "gzip: invalid literal/length code");
			ret = dc_put(w, sym);
			if (ret)
				return ret;
			continue;
		}
		if (sym == 256)
			return 0;
		sym -= 257;
		if (sym >= 29)
			return dc_corrupt(io, "gzip: invalid length symbol %d", sym + 257);
		len = length_base[sym] + getbits(z, length_extra[sym]);
		sym = decode_symbol(z, &z->dist);
		if (sym < 0 || sym >= 30)
			return dc_corrupt(io, "gzip: invalid distance code");
		dist = dist_base[sym] + getbits(z, dist_extra[sym]);
		if (overrun(z))
			return dc_corrupt(io, "gzip: truncated data");
		if (dist > w->total)
			return dc_corrupt(io, "gzip: distance %u before the start of the data",
					  dist);
		ret = dc_copy(w, dist, len);
		if (ret)
			return ret;
	}
}

static int inflate_blocks(struct inflate *z)
{
	struct decompress_io *io = z->io;
	unsigned int final, type;
	int ret;

	do {
		final = getbits(z, 1);
		type = getbits(z, 2);
		if (overrun(z))
			return dc_corrupt(io, "gzip: truncated data");
		switch (type) {
		case 0:
			ret = inflate_stored(z);
			break;
		case 1:
			fixed_codes(z);
			ret = inflate_codes(z);
			break;
		case 2:
			ret = dynamic_codes(z);
			if (!ret)
				ret = inflate_codes(z);
			break;
		default:
			ret = dc_corrupt(io, "gzip: invalid block type 3");
			break;
		}
		if (ret)
			return ret;
	} while (!final);
	return 0;
}

/* ------------------------------------------------------------ the member */

/* Skip a NUL-terminated header field; -1 if the input ends first. */
static int skip_string(struct inflate *z)
{
	const u8 *nul = memchr(z->in + z->in_pos, 0, z->in_len - z->in_pos);

	if (!nul)
		return -1;
	z->in_pos = nul - z->in + 1;
	return 0;
}

static int gzip_header(struct inflate *z)
{
	struct decompress_io *io = z->io;
	const u8 *p = z->in;
	u8 flags;

	if (z->in_len < 10)
		return dc_corrupt(io, "gzip: truncated header");
	if (p[0] != 0x1f || p[1] != 0x8b)
		return dc_corrupt(io, "gzip: bad magic %02x %02x", p[0], p[1]);
	if (p[2] != 8)
		return dc_unsupported(io, "gzip: compression method %u (only 8, deflate)", p[2]);
	flags = p[3];
	if (flags & FRESERVED)
		return dc_corrupt(io, "gzip: reserved header flags 0x%02x set", flags);
	z->in_pos = 10;
	if (flags & FEXTRA) {
		u32 xlen;

		if (z->in_len - z->in_pos < 2)
			return dc_corrupt(io, "gzip: truncated header");
		xlen = dc_le16(p + z->in_pos);
		if (z->in_len - z->in_pos - 2 < xlen)
			return dc_corrupt(io, "gzip: truncated header");
		z->in_pos += 2 + xlen;
	}
	if ((flags & FNAME) && skip_string(z))
		return dc_corrupt(io, "gzip: truncated header");
	if ((flags & FCOMMENT) && skip_string(z))
		return dc_corrupt(io, "gzip: truncated header");
	if (flags & FHCRC) {
		u32 want;

		if (z->in_len - z->in_pos < 2)
			return dc_corrupt(io, "gzip: truncated header");
		want = dc_le16(p + z->in_pos);
		if ((crc32_ieee(0, p, z->in_pos) & 0xffff) != want)
			return dc_corrupt(io, "gzip: header CRC16 mismatch");
		z->in_pos += 2;
	}
	return 0;
}

static void gzip_crc(void *state, const u8 *p, size_t len)
{
	u32 *crc = state;

	*crc = crc32_ieee(*crc, p, len);
}

int decompress_gzip(struct decompress_io *io)
{
	struct inflate *z;
	u32 want_crc, want_size;
	int ret;

	z = dc_begin(io, sizeof(*z), "gzip");
	if (!z)
		return -ENOMEM;
	z->io = io;
	z->in = io->in;
	z->in_len = io->in_len;
	ret = gzip_header(z);
	if (ret)
		goto out;
	ret = dc_window_init(&z->win, io, GZ_RING_SIZE, "gzip");
	if (ret)
		goto out;
	z->win.check = gzip_crc;
	z->win.check_state = &z->crc;

	ret = inflate_blocks(z);
	if (!ret)
		ret = dc_window_flush(&z->win);
	if (ret)
		goto out_win;
	if (align_to_byte(z) || z->in_len - z->in_pos < 8) {
		ret = dc_corrupt(io, "gzip: truncated trailer");
		goto out_win;
	}
	want_crc = dc_le32(z->in + z->in_pos);
	want_size = dc_le32(z->in + z->in_pos + 4);
	z->in_pos += 8;
	if (z->crc != want_crc) {
		ret = dc_corrupt(io, "gzip: CRC32 mismatch (data %08x, trailer %08x)",
				 z->crc, want_crc);
	} else if ((u32)z->win.total != want_size) {
		ret = dc_corrupt(io, "gzip: size mismatch (data %u bytes mod 2^32, "
				 "trailer %u)", (u32)z->win.total, want_size);
	} else {
		io->in_used = z->in_pos;
	}
out_win:
	dc_window_free(&z->win);
out:
	vfree(z);
	return ret;
}
