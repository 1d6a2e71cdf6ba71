// SPDX-License-Identifier: GPL-2.0-only
/*
 * zstd decompression: one Zstandard frame, or one skippable frame (which
 * yields nothing), as RFC 8878 defines them.  Interface:
 * decompress_zstd() in <linux/decompress.h>.
 *
 * RFC 8878 section 3.1.1: the frame header (descriptor, window
 * descriptor, dictionary id, frame content size), blocks of the raw, RLE
 * and compressed types with Block_Maximum_Size enforced, the content
 * checksum (low 32 bits of XXH64, seed 0) verified, the content size
 * verified when given.  A frame that names a dictionary is refused, as
 * is a window above DECOMPRESS_MAX_WINDOW.  3.1.2: skippable frames.
 *
 * Compressed blocks (3.1.1.3): the literals section - raw, RLE,
 * Huffman-compressed in 1 or 4 streams, or "treeless" with the previous
 * table (4.2: weights given directly or FSE-compressed with two
 * interleaved states, the last weight implied) - and the sequences
 * section: symbol compression modes (predefined distributions, RLE,
 * FSE table descriptions of 4.1.1, repeat), the sequence bitstream read
 * backwards, literal length / match length / offset codes with their
 * extra bits (3.1.1.3.2.1), repeat offsets (3.1.1.5), executed into the
 * window ring as they are decoded.
 *
 * Every bitstream is read through a counter of the bits it still holds:
 * reading past its start yields zeros and makes the counter negative,
 * which the decoder checks where the format says the stream must end.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <linux/decompress.h>
#include "decompress_internal.h"

#define ZSTD_MAGIC		0xfd2fb528U
#define ZSTD_SKIPPABLE_MASK	0xfffffff0U
#define ZSTD_SKIPPABLE_MAGIC	0x184d2a50U
#define ZSTD_BLOCK_MAX		(128 * 1024)
#define ZSTD_MIN_RING		(64 * 1024)

#define HUF_MAX_BITS		11
#define HUF_MAX_SYMBOLS		256
#define FSE_MAX_LOG		9

#define LL_MAX_SYMBOL		35
#define ML_MAX_SYMBOL		52
#define OF_MAX_SYMBOL		31
#define LL_MAX_LOG		9
#define ML_MAX_LOG		9
#define OF_MAX_LOG		8
#define WEIGHT_MAX_LOG		6

struct fse_entry {
	u16 base;		/* the next state is base + nbits read */
	u8 symbol;
	u8 nbits;
};

struct fse_table {
	unsigned int log;
	bool valid;
	struct fse_entry e[1 << FSE_MAX_LOG];
};

struct huf_entry {
	u8 symbol;
	u8 nbits;
};

/* A bitstream read backwards from its end (RFC 8878 4.1 and 4.2.2). */
struct rbits {
	const u8 *start;
	size_t left;		/* bytes start[0..left) not loaded yet */
	u64 acc;		/* the low cnt bits are the next ones, highest first */
	unsigned int cnt;
	long long rem;		/* bits the stream still holds; < 0: read past it */
};

struct xxh64 {
	u64 v[4];
	u64 total;
	u8 buf[32];
	unsigned int buffered;
};

struct zstd {
	struct decompress_io *io;
	const u8 *in;
	size_t in_len, in_pos;
	struct dc_window win;
	bool have_window;
	u64 window_size;
	size_t block_max;
	unsigned int block;

	u32 rep[3];
	struct fse_table ll, of, ml;
	struct fse_table weights;
	struct huf_entry huf[1 << HUF_MAX_BITS];
	unsigned int huf_bits;
	bool huf_valid;

	const u8 *lits;		/* this block's literals */
	size_t nlits;
	u8 litbuf[ZSTD_BLOCK_MAX];

	bool checksum;
	struct xxh64 xxh;
};

/* RFC 8878 3.1.1.3.2.1.1: extra bits of each literal length and match length code. */
static const u8 ll_bits[LL_MAX_SYMBOL + 1] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 1, 1, 1, 2, 2, 3, 3, 4, 6, 7, 8, 9, 10, 11, 12,
	13, 14, 15, 16,
};
static const u8 ml_bits[ML_MAX_SYMBOL + 1] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 7, 8, 9, 10, 11,
	12, 13, 14, 15, 16,
};

/* RFC 8878 3.1.1.3.2.2: the predefined distributions. */
static const s16 ll_default[LL_MAX_SYMBOL + 1] = {
	4, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1,
	2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 1, 1, 1, 1, 1,
	-1, -1, -1, -1,
};
static const s16 ml_default[ML_MAX_SYMBOL + 1] = {
	1, 4, 3, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, -1,
	-1, -1, -1, -1, -1,
};
static const s16 of_default[OF_MAX_SYMBOL - 2] = {
	1, 1, 1, 1, 1, 1, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, -1, -1, -1, -1, -1,
};

static inline unsigned int highbit(u32 v)
{
	return 31 - __builtin_clz(v);
}

/* ------------------------------------------------------------ XXH64 */

#define XXP1	0x9e3779b185ebca87ULL
#define XXP2	0xc2b2ae3d27d4eb4fULL
#define XXP3	0x165667b19e3779f9ULL
#define XXP4	0x85ebca77c2b2ae63ULL
#define XXP5	0x27d4eb2f165667c5ULL

static inline u64 rotl64(u64 v, unsigned int n)
{
	return (v << n) | (v >> (64 - n));
}

static inline u64 xxh_round(u64 acc, u64 lane)
{
	return rotl64(acc + lane * XXP2, 31) * XXP1;
}

static void xxh64_init(struct xxh64 *h)
{
	memset(h, 0, sizeof(*h));
	h->v[0] = XXP1 + XXP2;
	h->v[1] = XXP2;
	h->v[2] = 0;
	h->v[3] = -XXP1;
}

static void xxh64_stripe(struct xxh64 *h, const u8 *p)
{
	for (int i = 0; i < 4; i++)
		h->v[i] = xxh_round(h->v[i], dc_le64(p + 8 * i));
}

static void xxh64_update(void *state, const u8 *p, size_t len)
{
	struct xxh64 *h = state;

	h->total += len;
	if (h->buffered) {
		size_t n = min_t(size_t, len, 32 - h->buffered);

		memcpy(h->buf + h->buffered, p, n);
		h->buffered += n;
		p += n;
		len -= n;
		if (h->buffered < 32)
			return;
		xxh64_stripe(h, h->buf);
		h->buffered = 0;
	}
	for (; len >= 32; p += 32, len -= 32)
		xxh64_stripe(h, p);
	memcpy(h->buf, p, len);
	h->buffered = len;
}

static u64 xxh64_digest(const struct xxh64 *h)
{
	const u8 *p = h->buf;
	unsigned int len = h->buffered;
	u64 acc;

	if (h->total >= 32) {
		acc = rotl64(h->v[0], 1) + rotl64(h->v[1], 7) + rotl64(h->v[2], 12) +
		      rotl64(h->v[3], 18);
		for (int i = 0; i < 4; i++)
			acc = (acc ^ xxh_round(0, h->v[i])) * XXP1 + XXP4;
	} else {
		acc = XXP5;
	}
	acc += h->total;
	for (; len >= 8; p += 8, len -= 8)
		acc = rotl64(acc ^ xxh_round(0, dc_le64(p)), 27) * XXP1 + XXP4;
	if (len >= 4) {
		acc = rotl64(acc ^ (u64)dc_le32(p) * XXP1, 23) * XXP2 + XXP3;
		p += 4;
		len -= 4;
	}
	for (; len; p++, len--)
		acc = rotl64(acc ^ *p * XXP5, 11) * XXP1;
	acc ^= acc >> 33;
	acc *= XXP2;
	acc ^= acc >> 29;
	acc *= XXP3;
	acc ^= acc >> 32;
	return acc;
}

/* ------------------------------------------------------------ backward bits */

static int rb_init(struct rbits *b, const u8 *p, size_t len)
{
	u8 last;

	if (!len || !p[len - 1])
		return -1;
	last = p[len - 1];
	b->start = p;
	b->left = len - 1;
	b->cnt = highbit(last);		/* below the end marker bit */
	b->acc = last & ((1U << b->cnt) - 1);
	b->rem = (long long)(len - 1) * 8 + b->cnt;
	return 0;
}

static inline void rb_refill(struct rbits *b)
{
	while (b->cnt <= 56) {
		b->acc <<= 8;
		if (b->left)
			b->acc |= b->start[--b->left];
		b->cnt += 8;
	}
}

/* The next n (<= 32) bits without consuming them. */
static inline u32 rb_peek(struct rbits *b, unsigned int n)
{
	if (b->cnt < n)
		rb_refill(b);
	return (b->acc >> (b->cnt - n)) & ((1ULL << n) - 1);
}

static inline void rb_skip(struct rbits *b, unsigned int n)
{
	b->cnt -= n;
	b->rem -= n;
}

static inline u32 rb_read(struct rbits *b, unsigned int n)
{
	u32 v = rb_peek(b, n);

	rb_skip(b, n);
	return v;
}

/* ------------------------------------------------------------ FSE tables */

/* RFC 8878 4.1.1: spread the symbols, then give each state its bits and base. */
static int fse_build(struct fse_table *t, const s16 *norm, unsigned int nsym,
		     unsigned int log)
{
	unsigned int size = 1U << log, mask = size - 1, high = size - 1;
	unsigned int step = (size >> 1) + (size >> 3) + 3, pos = 0;
	u16 next[HUF_MAX_SYMBOLS];

	for (unsigned int s = 0; s < nsym; s++) {
		if (norm[s] == -1) {
			t->e[high--].symbol = s;
			next[s] = 1;
		} else {
			next[s] = norm[s];
		}
	}
	for (unsigned int s = 0; s < nsym; s++) {
		for (int i = 0; i < norm[s]; i++) {
			t->e[pos].symbol = s;
			do {
				pos = (pos + step) & mask;
			} while (pos > high);
		}
	}
	if (pos)
		return -1;
	for (unsigned int i = 0; i < size; i++) {
		unsigned int x = next[t->e[i].symbol]++;
		unsigned int nbits = log - highbit(x);

		t->e[i].nbits = nbits;
		t->e[i].base = (x << nbits) - size;
	}
	t->log = log;
	t->valid = true;
	return 0;
}

/* A table with one symbol, for RLE mode. */
static void fse_rle(struct fse_table *t, u8 symbol)
{
	t->e[0].symbol = symbol;
	t->e[0].nbits = 0;
	t->e[0].base = 0;
	t->log = 0;
	t->valid = true;
}

/* n bits from bit position *bitpos of p[0..len), least significant first. */
static u32 fwd_bits(const u8 *p, size_t len, size_t *bitpos, unsigned int n, bool consume)
{
	u64 v = 0;
	size_t byte = *bitpos / 8;

	for (unsigned int i = 0; i < 5; i++)
		if (byte + i < len)
			v |= (u64)p[byte + i] << (8 * i);
	v = (v >> (*bitpos % 8)) & ((1ULL << n) - 1);
	if (consume)
		*bitpos += n;
	return v;
}

/*
 * An FSE table description (RFC 8878 4.1.1) at p[0..len): the table in t,
 * the bytes it took, or -1.
 */
static long fse_read(struct fse_table *t, const u8 *p, size_t len, unsigned int max_log,
		     unsigned int max_symbol)
{
	s16 norm[HUF_MAX_SYMBOLS];
	size_t bitpos = 0;
	unsigned int log, nsym = 0;
	int remaining;

	if (!len)
		return -1;
	log = fwd_bits(p, len, &bitpos, 4, true) + 5;
	if (log > max_log)
		return -1;
	remaining = 1 << log;
	while (remaining > 0) {
		unsigned int maxv = remaining + 1, nbits = highbit(maxv) + 1;
		unsigned int half = 1U << (nbits - 1), lowmax = 2 * half - 1 - maxv;
		u32 v = fwd_bits(p, len, &bitpos, nbits, false);
		int prob;

		if ((v & (half - 1)) < lowmax) {
			v &= half - 1;
			bitpos += nbits - 1;
		} else {
			if (v >= half)
				v -= lowmax;
			bitpos += nbits;
		}
		if (nsym > max_symbol)
			return -1;
		prob = (int)v - 1;
		norm[nsym++] = prob;
		remaining -= prob < 0 ? 1 : prob;
		if (prob == 0) {
			/* 2-bit counts of more zero probabilities; 3 means more follow. */
			u32 repeat;

			do {
				repeat = fwd_bits(p, len, &bitpos, 2, true);
				if (nsym + repeat > max_symbol + 1)
					return -1;
				for (u32 i = 0; i < repeat; i++)
					norm[nsym++] = 0;
			} while (repeat == 3);
		}
		if (bitpos > len * 8)
			return -1;
	}
	if (remaining)
		return -1;
	if (fse_build(t, norm, nsym, log))
		return -1;
	return (bitpos + 7) / 8;
}

/* ------------------------------------------------------------ Huffman */

/*
 * RFC 8878 4.2.1: the Huffman tree description at p[0..len); the bytes it
 * took, or an error.
 */
static long huf_read(struct zstd *z, const u8 *p, size_t len)
{
	struct decompress_io *io = z->io;
	u8 w[HUF_MAX_SYMBOLS + 2];	/* a decoding round may go 2 past the limit */
	unsigned int n = 0, max_bits, last, pos;
	u32 total = 0, rest;
	long used;

	if (!len)
		return dc_corrupt(io, "zstd: missing Huffman tree in block %u", z->block);
	if (p[0] >= 128) {
		/* Weights as 4-bit fields, two to a byte, high nibble first. */
		n = p[0] - 127;
		used = 1 + (n + 1) / 2;
		if (used > len)
			return dc_corrupt(io, "zstd: truncated Huffman tree in block %u",
					  z->block);
		for (unsigned int i = 0; i < n; i++)
			w[i] = i & 1 ? p[1 + i / 2] & 15 : p[1 + i / 2] >> 4;
	} else {
		/* FSE-compressed weights, two states over one bitstream. */
		size_t csize = p[0];
		struct fse_table *t = &z->weights;
		unsigned int s1, s2;
		struct rbits b;
		long desc;

		if (!csize || csize + 1 > len)
			return dc_corrupt(io, "zstd: bad Huffman tree size in block %u", z->block);
		desc = fse_read(t, p + 1, csize, WEIGHT_MAX_LOG, 255);
		if (desc < 0 || desc >= csize || rb_init(&b, p + 1 + desc, csize - desc))
			return dc_corrupt(io, "zstd: bad Huffman weights in block %u", z->block);
		s1 = rb_read(&b, t->log);
		s2 = rb_read(&b, t->log);
		for (;;) {
			if (n > HUF_MAX_SYMBOLS - 2)
				return dc_corrupt(io, "zstd: too many Huffman weights in block %u",
						  z->block);
			w[n++] = t->e[s1].symbol;
			s1 = t->e[s1].base + rb_read(&b, t->e[s1].nbits);
			if (b.rem < 0) {
				w[n++] = t->e[s2].symbol;
				break;
			}
			w[n++] = t->e[s2].symbol;
			s2 = t->e[s2].base + rb_read(&b, t->e[s2].nbits);
			if (b.rem < 0) {
				w[n++] = t->e[s1].symbol;
				break;
			}
		}
		used = 1 + csize;
	}
	if (n >= HUF_MAX_SYMBOLS)
		return dc_corrupt(io, "zstd: too many Huffman weights in block %u", z->block);
	for (unsigned int i = 0; i < n; i++) {
		if (w[i] > HUF_MAX_BITS)
			return dc_corrupt(io, "zstd: Huffman weight %u above %u in block %u", w[i],
					  HUF_MAX_BITS, z->block);
		if (w[i])
			total += 1U << (w[i] - 1);
	}
	if (!total)
		return dc_corrupt(io, "zstd: empty Huffman tree in block %u", z->block);
	/* The last symbol's weight completes the sum to a power of two. */
	max_bits = highbit(total) + 1;
	rest = (1U << max_bits) - total;
	if (max_bits > HUF_MAX_BITS || (rest & (rest - 1)))
		return dc_corrupt(io, "zstd: bad Huffman weights in block %u", z->block);
	last = highbit(rest) + 1;
	w[n++] = last;

	/* Lowest weight (longest code) first, symbols in order within a weight. */
	pos = 0;
	for (unsigned int weight = 1; weight <= max_bits; weight++) {
		for (unsigned int sym = 0; sym < n; sym++) {
			unsigned int count;

			if (w[sym] != weight)
				continue;
			count = 1U << (weight - 1);
			for (unsigned int i = 0; i < count; i++) {
				z->huf[pos + i].symbol = sym;
				z->huf[pos + i].nbits = max_bits + 1 - weight;
			}
			pos += count;
		}
	}
	z->huf_bits = max_bits;
	z->huf_valid = true;
	return used;
}

/* One Huffman stream of p[0..len) into out[0..n). */
static int huf_stream(struct zstd *z, const u8 *p, size_t len, u8 *out, size_t n)
{
	unsigned int bits = z->huf_bits;
	struct rbits b;

	if (rb_init(&b, p, len))
		return dc_corrupt(z->io, "zstd: bad Huffman stream in block %u", z->block);
	for (size_t i = 0; i < n; i++) {
		const struct huf_entry *e = &z->huf[rb_peek(&b, bits)];

		out[i] = e->symbol;
		rb_skip(&b, e->nbits);
	}
	if (b.rem)
		return dc_corrupt(z->io, "zstd: Huffman stream %s in block %u",
				  b.rem < 0 ? "overrun" : "not fully used", z->block);
	return 0;
}

/* ------------------------------------------------------------ literals */

/* RFC 8878 3.1.1.3.1: the literals section; the bytes it took, or an error. */
static long literals_section(struct zstd *z, const u8 *p, size_t len)
{
	struct decompress_io *io = z->io;
	unsigned int type, format;
	size_t hlen, regen, csize, total;

	if (!len)
		return dc_corrupt(io, "zstd: empty compressed block %u", z->block);
	type = p[0] & 3;
	format = (p[0] >> 2) & 3;
	if (type < 2) {
		/* Raw or RLE. */
		if (!(format & 1)) {
			hlen = 1;
			regen = p[0] >> 3;
		} else if (format == 1) {
			hlen = 2;
			if (len < 2)
				return dc_corrupt(io, "zstd: truncated literals in block %u",
						  z->block);
			regen = (p[0] >> 4) | (size_t)p[1] << 4;
		} else {
			hlen = 3;
			if (len < 3)
				return dc_corrupt(io, "zstd: truncated literals in block %u",
						  z->block);
			regen = (p[0] >> 4) | (size_t)p[1] << 4 | (size_t)p[2] << 12;
		}
		if (regen > z->block_max)
			return dc_corrupt(io, "zstd: %zu literals above the block maximum in "
					  "block %u", regen, z->block);
		z->nlits = regen;
		if (type == 0) {
			if (len - hlen < regen)
				return dc_corrupt(io, "zstd: truncated literals in block %u",
						  z->block);
			z->lits = p + hlen;
			return hlen + regen;
		}
		if (len - hlen < 1)
			return dc_corrupt(io, "zstd: truncated literals in block %u", z->block);
		memset(z->litbuf, p[hlen], regen);
		z->lits = z->litbuf;
		return hlen + 1;
	}

	/* Huffman-coded, with a new tree (2) or the previous one (3). */
	hlen = format < 2 ? 3 : format + 2;
	if (len < hlen)
		return dc_corrupt(io, "zstd: truncated literals header in block %u", z->block);
	if (format < 2) {
		u32 v = p[0] | (u32)p[1] << 8 | (u32)p[2] << 16;

		regen = (v >> 4) & 0x3ff;
		csize = (v >> 14) & 0x3ff;
	} else if (format == 2) {
		u32 v = dc_le32(p);

		regen = (v >> 4) & 0x3fff;
		csize = (v >> 18) & 0x3fff;
	} else {
		u64 v = dc_le32(p) | (u64)p[4] << 32;

		regen = (v >> 4) & 0x3ffff;
		csize = (v >> 22) & 0x3ffff;
	}
	if (regen > z->block_max)
		return dc_corrupt(io, "zstd: %zu literals above the block maximum in block %u",
				  regen, z->block);
	if (csize > len - hlen)
		return dc_corrupt(io, "zstd: truncated literals in block %u", z->block);
	total = hlen + csize;
	p += hlen;
	if (type == 2) {
		long used = huf_read(z, p, csize);

		if (used < 0)
			return used;
		p += used;
		csize -= used;
	} else if (!z->huf_valid) {
		return dc_corrupt(io, "zstd: treeless literals without a previous tree in "
				  "block %u", z->block);
	}
	z->nlits = regen;
	z->lits = z->litbuf;
	if (format == 0) {
		int ret = huf_stream(z, p, csize, z->litbuf, regen);

		if (ret)
			return ret;
	} else {
		size_t seg = (regen + 3) / 4, sizes[4], out = 0;

		if (csize < 6)
			return dc_corrupt(io, "zstd: truncated jump table in block %u", z->block);
		sizes[0] = dc_le16(p);
		sizes[1] = dc_le16(p + 2);
		sizes[2] = dc_le16(p + 4);
		p += 6;
		csize -= 6;
		if (sizes[0] + sizes[1] + sizes[2] > csize || 3 * seg > regen)
			return dc_corrupt(io, "zstd: bad jump table in block %u", z->block);
		sizes[3] = csize - sizes[0] - sizes[1] - sizes[2];
		for (int i = 0; i < 4; i++) {
			size_t n = i < 3 ? seg : regen - 3 * seg;
			int ret = huf_stream(z, p, sizes[i], z->litbuf + out, n);

			if (ret)
				return ret;
			p += sizes[i];
			out += n;
		}
	}
	return total;
}

/* ------------------------------------------------------------ sequences */

/* One of the three tables, as its symbol compression mode says. */
static long seq_table(struct zstd *z, struct fse_table *t, unsigned int mode, const u8 *p,
		      size_t len, const s16 *def, unsigned int def_n, unsigned int def_log,
		      unsigned int max_log, unsigned int max_symbol, const char *what)
{
	long used;

	switch (mode) {
	case 0:		/* predefined */
		fse_build(t, def, def_n, def_log);
		return 0;
	case 1:		/* RLE: one symbol byte */
		if (!len || p[0] > max_symbol)
			return dc_corrupt(z->io, "zstd: bad RLE %s code in block %u", what,
					  z->block);
		fse_rle(t, p[0]);
		return 1;
	case 2:		/* FSE table description */
		used = fse_read(t, p, len, max_log, max_symbol);
		if (used < 0)
			return dc_corrupt(z->io, "zstd: bad %s table in block %u", what, z->block);
		return used;
	default:	/* repeat the previous table */
		if (!t->valid)
			return dc_corrupt(z->io, "zstd: repeated %s table without a previous one "
					  "in block %u", what, z->block);
		return 0;
	}
}

static int execute(struct zstd *z, size_t *lit_pos, u32 ll, u32 ml, u32 offset,
		   size_t *out)
{
	struct dc_window *w = &z->win;
	int ret;

	if (ll > z->nlits - *lit_pos)
		return dc_corrupt(z->io, "zstd: sequence uses more literals than there are in "
				  "block %u", z->block);
	if ((u64)ll + ml > z->block_max - *out)
		return dc_corrupt(z->io, "zstd: block %u decodes to more than %zu bytes",
				  z->block, z->block_max);
	ret = dc_write(w, z->lits + *lit_pos, ll);
	if (ret)
		return ret;
	*lit_pos += ll;
	if (!dc_dist_ok(w, offset) || offset > z->window_size)
		return dc_corrupt(z->io, "zstd: offset %u beyond the window in block %u", offset,
				  z->block);
	*out += ll + ml;
	return dc_copy(w, offset, ml);
}

/* RFC 8878 3.1.1.3.2: the sequences section, decoded and executed. */
static int sequences_section(struct zstd *z, const u8 *p, size_t len)
{
	struct decompress_io *io = z->io;
	u32 ll_base[LL_MAX_SYMBOL + 1], ml_base[ML_MAX_SYMBOL + 1];
	size_t nseq, pos, lit_pos = 0, out = 0;
	unsigned int modes, ll_state, of_state, ml_state;
	struct rbits b;
	long used;
	int ret;

	if (!len)
		return dc_corrupt(io, "zstd: missing sequences section in block %u", z->block);
	if (p[0] < 128) {
		nseq = p[0];
		pos = 1;
	} else if (p[0] < 255) {
		if (len < 2)
			return dc_corrupt(io, "zstd: truncated sequences header in block %u",
					  z->block);
		nseq = ((size_t)(p[0] - 128) << 8) + p[1];
		pos = 2;
	} else {
		if (len < 3)
			return dc_corrupt(io, "zstd: truncated sequences header in block %u",
					  z->block);
		nseq = p[1] + ((size_t)p[2] << 8) + 0x7f00;
		pos = 3;
	}
	if (!nseq) {
		if (pos != len)
			return dc_corrupt(io, "zstd: data after an empty sequences section in "
					  "block %u", z->block);
		return execute(z, &lit_pos, z->nlits, 0, 1, &out);
	}
	if (pos >= len)
		return dc_corrupt(io, "zstd: truncated sequences header in block %u", z->block);
	modes = p[pos++];
	if (modes & 3)
		return dc_corrupt(io, "zstd: reserved sequence mode bits set in block %u",
				  z->block);
	used = seq_table(z, &z->ll, modes >> 6, p + pos, len - pos, ll_default,
			 ARRAY_SIZE(ll_default), 6, LL_MAX_LOG, LL_MAX_SYMBOL, "literal length");
	if (used < 0)
		return used;
	pos += used;
	used = seq_table(z, &z->of, (modes >> 4) & 3, p + pos, len - pos, of_default,
			 ARRAY_SIZE(of_default), 5, OF_MAX_LOG, OF_MAX_SYMBOL, "offset");
	if (used < 0)
		return used;
	pos += used;
	used = seq_table(z, &z->ml, (modes >> 2) & 3, p + pos, len - pos, ml_default,
			 ARRAY_SIZE(ml_default), 6, ML_MAX_LOG, ML_MAX_SYMBOL, "match length");
	if (used < 0)
		return used;
	pos += used;
	if (rb_init(&b, p + pos, len - pos))
		return dc_corrupt(io, "zstd: bad sequences bitstream in block %u", z->block);

	ll_base[0] = 0;
	for (unsigned int i = 0; i < LL_MAX_SYMBOL; i++)
		ll_base[i + 1] = ll_base[i] + (1U << ll_bits[i]);
	ml_base[0] = 3;
	for (unsigned int i = 0; i < ML_MAX_SYMBOL; i++)
		ml_base[i + 1] = ml_base[i] + (1U << ml_bits[i]);

	ll_state = rb_read(&b, z->ll.log);
	of_state = rb_read(&b, z->of.log);
	ml_state = rb_read(&b, z->ml.log);
	for (size_t i = 0; i < nseq; i++) {
		const struct fse_entry *lle = &z->ll.e[ll_state];
		const struct fse_entry *ofe = &z->of.e[of_state];
		const struct fse_entry *mle = &z->ml.e[ml_state];
		u32 ofv, ml, ll, offset;

		if (ofe->symbol > OF_MAX_SYMBOL)
			return dc_corrupt(io, "zstd: offset code %u in block %u", ofe->symbol,
					  z->block);
		ofv = (1U << ofe->symbol) + rb_read(&b, ofe->symbol);
		ml = ml_base[mle->symbol] + rb_read(&b, ml_bits[mle->symbol]);
		ll = ll_base[lle->symbol] + rb_read(&b, ll_bits[lle->symbol]);
		if (i + 1 < nseq) {
			ll_state = lle->base + rb_read(&b, lle->nbits);
			ml_state = mle->base + rb_read(&b, mle->nbits);
			of_state = ofe->base + rb_read(&b, ofe->nbits);
		}
		if (b.rem < 0)
			return dc_corrupt(io, "zstd: sequences bitstream overrun in block %u",
					  z->block);
		/* RFC 8878 3.1.1.5: repeat offsets. */
		if (ofv > 3) {
			offset = ofv - 3;
			z->rep[2] = z->rep[1];
			z->rep[1] = z->rep[0];
			z->rep[0] = offset;
		} else {
			unsigned int idx = ofv - 1 + (ll == 0);

			if (idx == 0) {
				offset = z->rep[0];
			} else {
				offset = idx == 3 ? z->rep[0] - 1 : z->rep[idx];
				if (idx != 1)
					z->rep[2] = z->rep[1];
				z->rep[1] = z->rep[0];
				z->rep[0] = offset;
			}
		}
		ret = execute(z, &lit_pos, ll, ml, offset, &out);
		if (ret)
			return ret;
	}
	if (b.rem)
		return dc_corrupt(io, "zstd: sequences bitstream not fully used in block %u",
				  z->block);
	/* The literals left over follow the last sequence. */
	return execute(z, &lit_pos, z->nlits - lit_pos, 0, 1, &out);
}

/* ------------------------------------------------------------ blocks and frames */

static int compressed_block(struct zstd *z, const u8 *p, size_t len)
{
	long used = literals_section(z, p, len);

	if (used < 0)
		return used;
	return sequences_section(z, p + used, len - used);
}

static int zstd_frame(struct zstd *z)
{
	static const u8 did_sizes[4] = { 0, 1, 2, 4 };
	static const u8 fcs_sizes[4] = { 0, 2, 4, 8 };
	struct decompress_io *io = z->io;
	const u8 *p = z->in;
	size_t pos = 5, ring;
	unsigned int fhd, did_size, fcs_size;
	bool single, last;
	u64 fcs = 0, did = 0;
	int ret;

	if (z->in_len < 6)
		return dc_corrupt(io, "zstd: truncated frame header");
	fhd = p[4];
	single = fhd & 0x20;
	if (fhd & 0x08)
		return dc_corrupt(io, "zstd: reserved frame header bit set");
	z->checksum = fhd & 0x04;
	did_size = did_sizes[fhd & 3];
	fcs_size = fcs_sizes[fhd >> 6];
	if (single && !fcs_size)
		fcs_size = 1;
	if (z->in_len - pos < (single ? 0 : 1) + did_size + fcs_size)
		return dc_corrupt(io, "zstd: truncated frame header");
	if (!single) {
		unsigned int wd = p[pos++], wlog = 10 + (wd >> 3);
		u64 base;

		if (wlog > 41)
			return dc_corrupt(io, "zstd: bad window descriptor");
		base = 1ULL << wlog;
		z->window_size = base + (base / 8) * (wd & 7);
	}
	for (unsigned int i = 0; i < did_size; i++)
		did |= (u64)p[pos++] << (8 * i);
	for (unsigned int i = 0; i < fcs_size; i++)
		fcs |= (u64)p[pos++] << (8 * i);
	if (fcs_size == 2)
		fcs += 256;
	if (did)
		return dc_unsupported(io, "zstd: dictionary frames are not supported "
				      "(dictionary id %llu)", did);
	if (single)
		z->window_size = fcs;
	if (z->window_size > DECOMPRESS_MAX_WINDOW)
		return dc_unsupported(io, "zstd: %llu MiB window above the %lu MiB limit",
				      z->window_size >> 20, DECOMPRESS_MAX_WINDOW >> 20);
	z->block_max = min_t(u64, z->window_size, ZSTD_BLOCK_MAX);
	/* The ring holds the window; a frame of known size needs no more than it. */
	ring = z->window_size;
	if (fcs_size && fcs < ring)
		ring = fcs;
	ring = max_t(size_t, ring, ZSTD_MIN_RING);
	ret = dc_window_init(&z->win, io, ring, "zstd");
	if (ret)
		return ret;
	z->have_window = true;
	if (z->checksum) {
		xxh64_init(&z->xxh);
		z->win.check = xxh64_update;
		z->win.check_state = &z->xxh;
	}
	z->rep[0] = 1;
	z->rep[1] = 4;
	z->rep[2] = 8;

	do {
		u32 bh, type, size;

		if (z->in_len - pos < 3)
			return dc_corrupt(io, "zstd: truncated block header (block %u)", z->block);
		bh = p[pos] | (u32)p[pos + 1] << 8 | (u32)p[pos + 2] << 16;
		pos += 3;
		last = bh & 1;
		type = (bh >> 1) & 3;
		size = bh >> 3;
		switch (type) {
		case 0:		/* raw */
			if (size > z->block_max)
				return dc_corrupt(io, "zstd: raw block %u of %u bytes above the "
						  "maximum %zu", z->block, size, z->block_max);
			if (z->in_len - pos < size)
				return dc_corrupt(io, "zstd: truncated block %u", z->block);
			ret = dc_write(&z->win, p + pos, size);
			pos += size;
			break;
		case 1:		/* RLE */
			if (size > z->block_max)
				return dc_corrupt(io, "zstd: RLE block %u of %u bytes above the "
						  "maximum %zu", z->block, size, z->block_max);
			if (z->in_len - pos < 1)
				return dc_corrupt(io, "zstd: truncated block %u", z->block);
			ret = dc_fill(&z->win, p[pos], size);
			pos++;
			break;
		case 2:		/* compressed */
			if (size > ZSTD_BLOCK_MAX)
				return dc_corrupt(io, "zstd: compressed block %u of %u bytes above "
						  "128 KiB", z->block, size);
			if (z->in_len - pos < size)
				return dc_corrupt(io, "zstd: truncated block %u", z->block);
			ret = compressed_block(z, p + pos, size);
			pos += size;
			break;
		default:
			return dc_corrupt(io, "zstd: reserved block type in block %u", z->block);
		}
		if (ret)
			return ret;
		z->block++;
	} while (!last);

	ret = dc_window_flush(&z->win);
	if (ret)
		return ret;
	if (fcs_size && io->out_total != fcs)
		return dc_corrupt(io, "zstd: frame has %llu bytes, its header says %llu",
				  io->out_total, fcs);
	if (z->checksum) {
		u32 want, got = xxh64_digest(&z->xxh);

		if (z->in_len - pos < 4)
			return dc_corrupt(io, "zstd: truncated content checksum");
		want = dc_le32(p + pos);
		pos += 4;
		if (got != want)
			return dc_corrupt(io, "zstd: content checksum mismatch (data %08x, frame "
					  "%08x)", got, want);
	}
	z->in_pos = pos;
	return 0;
}

int decompress_zstd(struct decompress_io *io)
{
	const u8 *p = io->in;
	struct zstd *z;
	u32 magic;
	int ret;

	io->in_used = 0;
	io->out_total = 0;
	io->err[0] = '\0';
	if (io->in_len < 4)
		return dc_corrupt(io, "zstd: truncated frame");
	magic = dc_le32(p);
	if ((magic & ZSTD_SKIPPABLE_MASK) == ZSTD_SKIPPABLE_MAGIC) {
		u32 size;

		if (io->in_len < 8)
			return dc_corrupt(io, "zstd: truncated skippable frame");
		size = dc_le32(p + 4);
		if (io->in_len - 8 < size)
			return dc_corrupt(io, "zstd: truncated skippable frame");
		io->in_used = 8 + (size_t)size;
		return 0;
	}
	if (magic != ZSTD_MAGIC)
		return dc_corrupt(io, "zstd: bad magic %08x", magic);
	z = dc_begin(io, sizeof(*z), "zstd");
	if (!z)
		return -ENOMEM;
	z->io = io;
	z->in = io->in;
	z->in_len = io->in_len;
	ret = zstd_frame(z);
	if (!ret)
		io->in_used = z->in_pos;
	if (z->have_window)
		dc_window_free(&z->win);
	vfree(z);
	return ret;
}
