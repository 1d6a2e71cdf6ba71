// SPDX-License-Identifier: GPL-2.0-only
/*
 * xz decompression: one stream of the .xz file format (1.1.0) whose blocks
 * use the LZMA2 filter alone.  Interface: decompress_xz() in
 * <linux/decompress.h>.
 *
 * The container (xz format section 2): stream header and footer with
 * their CRC32s, backward size and matching stream flags; block headers
 * (size, flags, optional compressed and uncompressed sizes, filter flags,
 * zero padding, CRC32) with the sizes checked against the data; block
 * padding; the check of each block - None, CRC32 and CRC64 verified,
 * SHA-256 and the reserved types refused; the index (records compared
 * with the blocks decoded, padding, CRC32).  Filter 0x21 (LZMA2) is the
 * only one; BCJ and delta filters are refused by name.  Dictionaries
 * above DECOMPRESS_MAX_WINDOW are refused.
 *
 * LZMA2 (xz format 5.3.1 and the LZMA SDK's format notes): chunks with a
 * control byte - end, uncompressed with or without a dictionary reset,
 * LZMA with the reset level in bits 5-6 (nothing, state, state + new
 * lc/lp/pb, everything) - and big-endian sizes; each LZMA chunk starts a
 * new range coder and must use exactly its compressed size.
 *
 * LZMA (the decoder as lzma-specification.txt describes it): a binary
 * range decoder with 11-bit probabilities; literals coded with lc high
 * bits of the previous byte and lp low bits of the position, "matched"
 * after a match; the 12-state machine choosing among match, rep0-rep3
 * and short rep; length coders (2-9, 10-17, 18-273); distances as a
 * 6-bit slot per length state, then reverse bit trees, direct bits and
 * 4 align bits.  The dictionary is the output window's ring.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <linux/crc32.h>
#include <linux/crc64.h>
#include <linux/decompress.h>
#include "decompress_internal.h"

#define XZ_HEADER_SIZE		12
#define XZ_FOOTER_SIZE		12
#define XZ_CHECK_NONE		0
#define XZ_CHECK_CRC32		1
#define XZ_CHECK_CRC64		4
#define XZ_CHECK_SHA256		10
#define XZ_FILTER_LZMA2		0x21
#define XZ_MIN_WINDOW		4096

#define LZMA_STATES		12
#define LZMA_POS_STATES_MAX	16
#define LZMA_LITERAL_CODERS_MAX	16	/* 1 << (lc + lp), lc + lp <= 4 */
#define LZMA_LEN_STATES		4
#define LZMA_END_POS_SLOT	14
#define LZMA_FULL_DISTANCES	128
#define PROB_INIT		1024	/* half of 1 << 11 */

struct len_coder {
	u16 choice;
	u16 choice2;
	u16 low[LZMA_POS_STATES_MAX][8];
	u16 mid[LZMA_POS_STATES_MAX][8];
	u16 high[256];
};

/* All probabilities, reset together. */
struct lzma_probs {
	u16 is_match[LZMA_STATES][LZMA_POS_STATES_MAX];
	u16 is_rep[LZMA_STATES];
	u16 is_rep_g0[LZMA_STATES];
	u16 is_rep_g1[LZMA_STATES];
	u16 is_rep_g2[LZMA_STATES];
	u16 is_rep0_long[LZMA_STATES][LZMA_POS_STATES_MAX];
	u16 pos_slot[LZMA_LEN_STATES][64];
	u16 pos_special[1 + LZMA_FULL_DISTANCES - LZMA_END_POS_SLOT];
	u16 align[16];
	struct len_coder match_len;
	struct len_coder rep_len;
	u16 literal[LZMA_LITERAL_CODERS_MAX][0x300];
};

struct xz {
	struct decompress_io *io;
	const u8 *in;
	size_t in_len, in_pos;
	struct dc_window win;
	bool have_window;

	/* Range decoder over in[in_pos..rc_end). */
	u32 range, code;
	size_t rc_end;
	bool rc_overrun;

	/* LZMA state. */
	unsigned int lc, lp, pb;
	unsigned int state;
	u32 rep[4];
	struct lzma_probs p;

	/* Stream and block. */
	unsigned int check_type, check_size;
	u32 crc32;
	u64 crc64;
	unsigned int block;		/* index of the current block */
	/* What the index must match: record count, sizes and a hash of them. */
	u64 sum_unpadded, sum_uncompressed;
	u32 records_hash;
};

/* ------------------------------------------------------------ range decoder */

static inline u8 rc_byte(struct xz *z)
{
	if (likely(z->in_pos < z->rc_end))
		return z->in[z->in_pos++];
	z->rc_overrun = true;
	return 0;
}

static inline void rc_normalize(struct xz *z)
{
	if (z->range < (1U << 24)) {
		z->range <<= 8;
		z->code = (z->code << 8) | rc_byte(z);
	}
}

static inline unsigned int rc_bit(struct xz *z, u16 *prob)
{
	u32 bound = (z->range >> 11) * *prob;
	unsigned int bit;

	if (z->code < bound) {
		z->range = bound;
		*prob += (2048 - *prob) >> 5;
		bit = 0;
	} else {
		z->range -= bound;
		z->code -= bound;
		*prob -= *prob >> 5;
		bit = 1;
	}
	rc_normalize(z);
	return bit;
}

/* A bit tree of nbits, most significant bit first. */
static inline u32 rc_tree(struct xz *z, u16 *probs, unsigned int nbits)
{
	u32 m = 1;

	for (unsigned int i = 0; i < nbits; i++)
		m = (m << 1) | rc_bit(z, &probs[m]);
	return m - (1U << nbits);
}

/* A bit tree of nbits, least significant bit first. */
static inline u32 rc_tree_reverse(struct xz *z, u16 *probs, unsigned int nbits)
{
	u32 m = 1, sym = 0;

	for (unsigned int i = 0; i < nbits; i++) {
		unsigned int bit = rc_bit(z, &probs[m]);

		m = (m << 1) | bit;
		sym |= bit << i;
	}
	return sym;
}

/* nbits bits of probability one half. */
static inline u32 rc_direct(struct xz *z, unsigned int nbits)
{
	u32 v = 0;

	while (nbits--) {
		z->range >>= 1;
		if (z->code >= z->range) {
			z->code -= z->range;
			v = (v << 1) | 1;
		} else {
			v <<= 1;
		}
		rc_normalize(z);
	}
	return v;
}

/* ------------------------------------------------------------ LZMA */

static void lzma_reset_state(struct xz *z)
{
	u16 *p = (u16 *)&z->p;

	for (size_t i = 0; i < sizeof(z->p) / sizeof(u16); i++)
		p[i] = PROB_INIT;
	z->state = 0;
	memset(z->rep, 0, sizeof(z->rep));
}

static u32 lzma_len(struct xz *z, struct len_coder *lc, unsigned int pos_state)
{
	if (!rc_bit(z, &lc->choice))
		return rc_tree(z, lc->low[pos_state], 3);
	if (!rc_bit(z, &lc->choice2))
		return 8 + rc_tree(z, lc->mid[pos_state], 3);
	return 16 + rc_tree(z, lc->high, 8);
}

/* The distance - 1 of a new match whose length - 2 is len. */
static u32 lzma_distance(struct xz *z, u32 len)
{
	unsigned int slot, ndirect;
	u32 dist;

	slot = rc_tree(z, z->p.pos_slot[min_t(u32, len, LZMA_LEN_STATES - 1)], 6);
	if (slot < 4)
		return slot;
	ndirect = (slot >> 1) - 1;
	dist = (2 | (slot & 1)) << ndirect;
	if (slot < LZMA_END_POS_SLOT)
		return dist + rc_tree_reverse(z, z->p.pos_special + dist - slot, ndirect);
	dist += rc_direct(z, ndirect - 4) << 4;
	return dist + rc_tree_reverse(z, z->p.align, 4);
}

static int lzma_literal(struct xz *z)
{
	struct dc_window *w = &z->win;
	unsigned int prev = w->total ? dc_peek(w, 1) : 0;
	unsigned int coder = ((w->total & ((1U << z->lp) - 1)) << z->lc) + (prev >> (8 - z->lc));
	u16 *probs = z->p.literal[coder];
	unsigned int sym = 1;

	if (z->state >= 7) {
		/* After a match: the byte at rep0 guides the first bits. */
		unsigned int match_byte;

		if (!dc_dist_ok(w, (u64)z->rep[0] + 1))
			return dc_corrupt(z->io, "xz: literal after a match beyond the "
					  "dictionary in block %u", z->block);
		match_byte = dc_peek(w, z->rep[0] + 1);
		while (sym < 0x100) {
			unsigned int match_bit = (match_byte >> 7) & 1;
			unsigned int bit;

			match_byte <<= 1;
			bit = rc_bit(z, &probs[0x100 + (match_bit << 8) + sym]);
			sym = (sym << 1) | bit;
			if (bit != match_bit)
				break;
		}
	}
	while (sym < 0x100)
		sym = (sym << 1) | rc_bit(z, &probs[sym]);
	z->state = z->state < 4 ? 0 : z->state < 10 ? z->state - 3 : z->state - 6;
	return dc_put(w, sym);
}

/* Decode an LZMA chunk's data: exactly out bytes of output. */
static int lzma_chunk(struct xz *z, u32 out)
{
	struct dc_window *w = &z->win;
	unsigned int pb_mask = (1U << z->pb) - 1;
	int ret;

	while (out) {
		unsigned int pos_state = w->total & pb_mask;
		u32 len;

		if (unlikely(z->rc_overrun))
			break;
		if (!rc_bit(z, &z->p.is_match[z->state][pos_state])) {
			ret = lzma_literal(z);
			if (ret)
				return ret;
			out--;
			continue;
		}
		if (rc_bit(z, &z->p.is_rep[z->state])) {
			if (!rc_bit(z, &z->p.is_rep_g0[z->state])) {
				if (!rc_bit(z, &z->p.is_rep0_long[z->state][pos_state])) {
					/* Short rep: one byte from rep0. */
					if (!dc_dist_ok(w, (u64)z->rep[0] + 1))
						return dc_corrupt(z->io, "xz: distance %llu beyond "
								  "the dictionary in block %u",
								  (u64)z->rep[0] + 1, z->block);
					z->state = z->state < 7 ? 9 : 11;
					ret = dc_put(w, dc_peek(w, z->rep[0] + 1));
					if (ret)
						return ret;
					out--;
					continue;
				}
			} else {
				u32 dist;

				if (!rc_bit(z, &z->p.is_rep_g1[z->state])) {
					dist = z->rep[1];
				} else {
					if (!rc_bit(z, &z->p.is_rep_g2[z->state])) {
						dist = z->rep[2];
					} else {
						dist = z->rep[3];
						z->rep[3] = z->rep[2];
					}
					z->rep[2] = z->rep[1];
				}
				z->rep[1] = z->rep[0];
				z->rep[0] = dist;
			}
			len = lzma_len(z, &z->p.rep_len, pos_state);
			z->state = z->state < 7 ? 8 : 11;
		} else {
			z->rep[3] = z->rep[2];
			z->rep[2] = z->rep[1];
			z->rep[1] = z->rep[0];
			len = lzma_len(z, &z->p.match_len, pos_state);
			z->state = z->state < 7 ? 7 : 10;
			z->rep[0] = lzma_distance(z, len);
			if (z->rep[0] == 0xffffffff)
				return dc_corrupt(z->io, "xz: end marker inside an LZMA2 chunk "
						  "in block %u", z->block);
		}
		len += 2;
		if (!dc_dist_ok(w, (u64)z->rep[0] + 1))
			return dc_corrupt(z->io, "xz: distance %llu beyond the dictionary "
					  "(%llu bytes) in block %u", (u64)z->rep[0] + 1,
					  min_t(u64, w->total, w->size), z->block);
		if (len > out)
			return dc_corrupt(z->io, "xz: match runs past the end of an LZMA2 "
					  "chunk in block %u", z->block);
		ret = dc_copy(w, z->rep[0] + 1, len);
		if (ret)
			return ret;
		out -= len;
	}
	if (z->rc_overrun)
		return dc_corrupt(z->io, "xz: LZMA2 chunk data runs past its compressed size "
				  "in block %u", z->block);
	return 0;
}

/* ------------------------------------------------------------ LZMA2 */

static int lzma2_set_props(struct xz *z, u8 props)
{
	if (props >= 9 * 5 * 5)
		return dc_corrupt(z->io, "xz: invalid LZMA properties 0x%02x in block %u",
				  props, z->block);
	z->lc = props % 9;
	props /= 9;
	z->lp = props % 5;
	z->pb = props / 5;
	if (z->lc + z->lp > 4)
		return dc_corrupt(z->io, "xz: lc %u + lp %u above 4 in block %u", z->lc, z->lp,
				  z->block);
	return 0;
}

/* The LZMA2 data of a block; its compressed size through *used. */
static int lzma2_decode(struct xz *z, u64 *used)
{
	struct decompress_io *io = z->io;
	size_t start = z->in_pos;
	bool need_dict_reset = true, need_props = true;
	int ret;

	for (;;) {
		const u8 *p = z->in + z->in_pos;
		size_t avail = z->in_len - z->in_pos;
		u8 ctrl;
		u32 usize, csize;

		if (!avail)
			return dc_corrupt(io, "xz: truncated LZMA2 data in block %u", z->block);
		ctrl = p[0];
		if (ctrl == 0) {
			z->in_pos++;
			break;
		}
		if (ctrl == 1 || ctrl == 2) {
			if (avail < 3)
				return dc_corrupt(io, "xz: truncated LZMA2 chunk header in "
						  "block %u", z->block);
			usize = ((u32)p[1] << 8 | p[2]) + 1;
			if (ctrl == 1) {
				dc_window_reset(&z->win);
				need_dict_reset = false;
			} else if (need_dict_reset) {
				return dc_corrupt(io, "xz: LZMA2 data does not start with a "
						  "dictionary reset in block %u", z->block);
			}
			if (avail - 3 < usize)
				return dc_corrupt(io, "xz: truncated uncompressed LZMA2 chunk in "
						  "block %u", z->block);
			z->in_pos += 3 + usize;
			ret = dc_write(&z->win, p + 3, usize);
			if (ret)
				return ret;
			continue;
		}
		if (ctrl < 0x80)
			return dc_corrupt(io, "xz: invalid LZMA2 control byte 0x%02x in block %u",
					  ctrl, z->block);
		if (avail < 6 || (ctrl >= 0xc0 && avail < 7))
			return dc_corrupt(io, "xz: truncated LZMA2 chunk header in block %u",
					  z->block);
		usize = ((u32)(ctrl & 0x1f) << 16 | (u32)p[1] << 8 | p[2]) + 1;
		csize = ((u32)p[3] << 8 | p[4]) + 1;
		z->in_pos += 5;
		if (ctrl >= 0xe0) {
			dc_window_reset(&z->win);
			need_dict_reset = false;
		} else if (need_dict_reset) {
			return dc_corrupt(io, "xz: LZMA2 data does not start with a dictionary "
					  "reset in block %u", z->block);
		}
		if (ctrl >= 0xc0) {
			ret = lzma2_set_props(z, p[5]);
			if (ret)
				return ret;
			z->in_pos++;
			need_props = false;
		} else if (need_props) {
			return dc_corrupt(io, "xz: LZMA2 chunk without properties in block %u",
					  z->block);
		}
		if (ctrl >= 0xa0)
			lzma_reset_state(z);
		/* A new range coder: a zero byte, then the 32-bit code. */
		if (z->in_len - z->in_pos < csize)
			return dc_corrupt(io, "xz: truncated LZMA2 chunk in block %u", z->block);
		if (csize < 5 || z->in[z->in_pos])
			return dc_corrupt(io, "xz: bad range coder start in block %u", z->block);
		z->rc_end = z->in_pos + csize;
		z->rc_overrun = false;
		z->range = 0xffffffff;
		z->code = (u32)z->in[z->in_pos + 1] << 24 | (u32)z->in[z->in_pos + 2] << 16 |
			  (u32)z->in[z->in_pos + 3] << 8 | z->in[z->in_pos + 4];
		z->in_pos += 5;
		ret = lzma_chunk(z, usize);
		if (ret)
			return ret;
		if (z->in_pos != z->rc_end)
			return dc_corrupt(io, "xz: LZMA2 chunk used %zu of its %u bytes in "
					  "block %u", z->in_pos - (z->rc_end - csize), csize,
					  z->block);
	}
	*used = z->in_pos - start;
	return 0;
}

/* ------------------------------------------------------------ container */

/* A variable-length integer (xz format 1.2); -1 if bad or cut off at end. */
static int read_vli(const u8 *p, size_t len, size_t *pos, u64 *val)
{
	u64 v = 0;

	for (unsigned int i = 0; i < 9; i++) {
		u8 b;

		if (*pos >= len)
			return -1;
		b = p[(*pos)++];
		v |= (u64)(b & 0x7f) << (7 * i);
		if (!(b & 0x80)) {
			/* No needless trailing zero byte. */
			if (i && !b)
				return -1;
			*val = v;
			return 0;
		}
	}
	return -1;
}

static void xz_check_update(void *state, const u8 *p, size_t len)
{
	struct xz *z = state;

	if (z->check_type == XZ_CHECK_CRC32)
		z->crc32 = crc32_ieee(z->crc32, p, len);
	else if (z->check_type == XZ_CHECK_CRC64)
		z->crc64 = crc64_ecma(z->crc64, p, len);
}

static int xz_stream_header(struct xz *z)
{
	struct decompress_io *io = z->io;
	static const u8 magic[6] = { 0xfd, '7', 'z', 'X', 'Z', 0 };
	const u8 *p = z->in;

	if (z->in_len < XZ_HEADER_SIZE)
		return dc_corrupt(io, "xz: truncated stream header");
	if (memcmp(p, magic, sizeof(magic)))
		return dc_corrupt(io, "xz: bad magic");
	if (crc32_ieee(0, p + 6, 2) != dc_le32(p + 8))
		return dc_corrupt(io, "xz: stream header CRC32 mismatch");
	if (p[6] || (p[7] & 0xf0))
		return dc_unsupported(io, "xz: unknown stream flags 0x%02x%02x", p[6], p[7]);
	z->check_type = p[7];
	switch (z->check_type) {
	case XZ_CHECK_NONE:
		z->check_size = 0;
		break;
	case XZ_CHECK_CRC32:
		z->check_size = 4;
		break;
	case XZ_CHECK_CRC64:
		z->check_size = 8;
		break;
	case XZ_CHECK_SHA256:
		return dc_unsupported(io, "xz: SHA-256 check is not supported");
	default:
		return dc_unsupported(io, "xz: unsupported check type %u", z->check_type);
	}
	z->in_pos = XZ_HEADER_SIZE;
	return 0;
}

/* Make the window at least size bytes (a new block's dictionary). */
static int xz_window(struct xz *z, size_t size)
{
	if (z->have_window && z->win.size >= size)
		return 0;
	if (z->have_window)
		dc_window_free(&z->win);
	z->have_window = false;
	if (dc_window_init(&z->win, z->io, size, "xz"))
		return -ENOMEM;
	z->have_window = true;
	z->win.check = xz_check_update;
	z->win.check_state = z;
	return 0;
}

/* Sum and hash a block's index record, computed or read. */
static void xz_hash_record(u64 *sum_unpadded, u64 *sum_uncompressed, u32 *hash,
			   u64 unpadded, u64 uncompressed)
{
	u8 rec[16];

	for (unsigned int i = 0; i < 8; i++) {
		rec[i] = unpadded >> (8 * i);
		rec[8 + i] = uncompressed >> (8 * i);
	}
	*sum_unpadded += unpadded;
	*sum_uncompressed += uncompressed;
	*hash = crc32_ieee(*hash, rec, sizeof(rec));
}

static void xz_record(struct xz *z, u64 unpadded, u64 uncompressed)
{
	xz_hash_record(&z->sum_unpadded, &z->sum_uncompressed, &z->records_hash, unpadded,
		       uncompressed);
}

static int xz_block(struct xz *z)
{
	struct decompress_io *io = z->io;
	const u8 *h = z->in + z->in_pos;
	size_t hsize = ((size_t)h[0] + 1) * 4, pos = 2;
	u64 csize = 0, usize = 0, filter, props_size, dict, used = 0, unpadded;
	u64 out_start = io->out_total;
	bool have_csize, have_usize;
	u8 flags, dict_props, check[8];
	int ret;

	if (z->in_len - z->in_pos < hsize)
		return dc_corrupt(io, "xz: truncated header of block %u", z->block);
	if (crc32_ieee(0, h, hsize - 4) != dc_le32(h + hsize - 4))
		return dc_corrupt(io, "xz: CRC32 mismatch in header of block %u", z->block);
	flags = h[1];
	if (flags & 0x3c)
		return dc_unsupported(io, "xz: unknown flags 0x%02x in header of block %u",
				      flags, z->block);
	have_csize = flags & 0x40;
	have_usize = flags & 0x80;
	if ((have_csize && read_vli(h, hsize - 4, &pos, &csize)) ||
	    (have_usize && read_vli(h, hsize - 4, &pos, &usize)))
		return dc_corrupt(io, "xz: bad sizes in header of block %u", z->block);
	if (read_vli(h, hsize - 4, &pos, &filter) ||
	    read_vli(h, hsize - 4, &pos, &props_size))
		return dc_corrupt(io, "xz: bad filter flags in header of block %u", z->block);
	if ((flags & 3) || filter != XZ_FILTER_LZMA2)
		return dc_unsupported(io, "xz: filter chain %s0x%llx in block %u: only LZMA2 "
				      "alone is supported", (flags & 3) ? "of several, first " : "",
				      filter, z->block);
	if (props_size != 1 || pos >= hsize - 4)
		return dc_corrupt(io, "xz: bad LZMA2 properties in block %u", z->block);
	dict_props = h[pos++];
	if (dict_props > 40)
		return dc_corrupt(io, "xz: bad LZMA2 dictionary size 0x%02x in block %u",
				  dict_props, z->block);
	for (; pos < hsize - 4; pos++)
		if (h[pos])
			return dc_corrupt(io, "xz: nonzero padding in header of block %u",
					  z->block);
	dict = dict_props == 40 ? 0xffffffffULL :
	       (u64)(2 | (dict_props & 1)) << (dict_props / 2 + 11);
	if (dict > DECOMPRESS_MAX_WINDOW)
		return dc_unsupported(io, "xz: %llu MiB dictionary above the %lu MiB limit",
				      dict >> 20, DECOMPRESS_MAX_WINDOW >> 20);
	/* A block known to be smaller than its dictionary needs less. */
	if (have_usize && usize < dict)
		dict = usize;
	ret = xz_window(z, max_t(u64, dict, XZ_MIN_WINDOW));
	if (ret)
		return ret;
	z->in_pos += hsize;

	z->crc32 = 0;
	z->crc64 = 0;
	ret = lzma2_decode(z, &used);
	if (!ret)
		ret = dc_window_flush(&z->win);
	if (ret)
		return ret;
	if (have_csize && used != csize)
		return dc_corrupt(io, "xz: block %u has %llu compressed bytes, its header says "
				  "%llu", z->block, used, csize);
	if (have_usize && io->out_total - out_start != usize)
		return dc_corrupt(io, "xz: block %u has %llu bytes, its header says %llu",
				  z->block, io->out_total - out_start, usize);
	unpadded = hsize + used + z->check_size;
	/* Block padding to 4 bytes, then the check. */
	while (used & 3) {
		if (z->in_pos >= z->in_len || z->in[z->in_pos])
			return dc_corrupt(io, "xz: bad padding after block %u", z->block);
		z->in_pos++;
		used++;
	}
	if (z->in_len - z->in_pos < z->check_size)
		return dc_corrupt(io, "xz: truncated check of block %u", z->block);
	for (unsigned int i = 0; i < 8; i++) {
		check[i] = z->crc64 >> (8 * i);
		if (z->check_type == XZ_CHECK_CRC32)
			check[i] = i < 4 ? z->crc32 >> (8 * i) : 0;
	}
	if (memcmp(check, z->in + z->in_pos, z->check_size))
		return dc_corrupt(io, "xz: %s mismatch in block %u",
				  z->check_type == XZ_CHECK_CRC32 ? "CRC32" : "CRC64", z->block);
	z->in_pos += z->check_size;
	xz_record(z, unpadded, io->out_total - out_start);
	z->block++;
	return 0;
}

/* The index (its indicator byte is at in_pos) and the stream footer. */
static int xz_index_and_footer(struct xz *z)
{
	struct decompress_io *io = z->io;
	size_t start = z->in_pos, pos = z->in_pos + 1;
	u64 count, sum_unpadded = 0, sum_uncompressed = 0;
	u32 hash = 0, backward;
	const u8 *f;

	if (read_vli(z->in, z->in_len, &pos, &count))
		return dc_corrupt(io, "xz: truncated or bad index");
	if (count != z->block)
		return dc_corrupt(io, "xz: index lists %llu blocks, the stream has %u", count,
				  z->block);
	for (u64 i = 0; i < count; i++) {
		u64 unpadded, uncompressed;

		if (read_vli(z->in, z->in_len, &pos, &unpadded) ||
		    read_vli(z->in, z->in_len, &pos, &uncompressed))
			return dc_corrupt(io, "xz: truncated or bad index");
		xz_hash_record(&sum_unpadded, &sum_uncompressed, &hash, unpadded, uncompressed);
	}
	if (sum_unpadded != z->sum_unpadded || sum_uncompressed != z->sum_uncompressed ||
	    hash != z->records_hash)
		return dc_corrupt(io, "xz: index does not match the blocks");
	while ((pos - start) & 3) {
		if (pos >= z->in_len || z->in[pos])
			return dc_corrupt(io, "xz: bad index padding");
		pos++;
	}
	if (z->in_len - pos < 4)
		return dc_corrupt(io, "xz: truncated index");
	if (crc32_ieee(0, z->in + start, pos - start) != dc_le32(z->in + pos))
		return dc_corrupt(io, "xz: index CRC32 mismatch");
	pos += 4;

	if (z->in_len - pos < XZ_FOOTER_SIZE)
		return dc_corrupt(io, "xz: truncated stream footer");
	f = z->in + pos;
	if (f[10] != 'Y' || f[11] != 'Z')
		return dc_corrupt(io, "xz: bad stream footer magic");
	if (crc32_ieee(0, f + 4, 6) != dc_le32(f))
		return dc_corrupt(io, "xz: stream footer CRC32 mismatch");
	backward = dc_le32(f + 4);
	if (((u64)backward + 1) * 4 != pos - start)
		return dc_corrupt(io, "xz: stream footer's index size %llu, the index has %zu "
				  "bytes", ((u64)backward + 1) * 4, pos - start);
	if (f[8] != 0 || f[9] != z->check_type)
		return dc_corrupt(io, "xz: stream footer flags differ from the header's");
	z->in_pos = pos + XZ_FOOTER_SIZE;
	return 0;
}

int decompress_xz(struct decompress_io *io)
{
	struct xz *z;
	int ret;

	z = dc_begin(io, sizeof(*z), "xz");
	if (!z)
		return -ENOMEM;
	z->io = io;
	z->in = io->in;
	z->in_len = io->in_len;
	ret = xz_stream_header(z);
	while (!ret) {
		if (z->in_pos >= z->in_len) {
			ret = dc_corrupt(io, "xz: truncated stream after block %u", z->block);
			break;
		}
		if (!z->in[z->in_pos]) {
			ret = xz_index_and_footer(z);
			if (!ret)
				io->in_used = z->in_pos;
			break;
		}
		ret = xz_block(z);
	}
	if (z->have_window)
		dc_window_free(&z->win);
	vfree(z);
	return ret;
}
