// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the initramfs decompressors (<linux/decompress.h>):
 * known vectors made by the host's gzip, xz and zstd
 * (lib/decompress_test_vectors.h: stored, fixed and dynamic deflate
 * blocks; xz with CRC32, CRC64 and no check, LZMA and uncompressed LZMA2
 * chunks; zstd raw, RLE and compressed blocks with Huffman literals,
 * repeat offsets and checksums) decode to their originals, also when
 * concatenated; then every truncation and every single-bit flip of a
 * small vector of each format gives an error or the right output, never
 * a crash.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#include <linux/decompress.h>
#include <linux/selftest.h>
#include "decompress_test_vectors.h"

/* The expected output: fill_len bytes of fill_byte, then want[0..want_len). */
struct dc_check {
	const struct dc_vector *v;
	u64 pos;
	bool mismatch;
};

static int check_flush(void *ctx, const void *out, size_t len)
{
	struct dc_check *c = ctx;
	const struct dc_vector *v = c->v;
	const u8 *p = out;

	for (size_t i = 0; i < len && !c->mismatch; i++, c->pos++) {
		if (c->pos < v->fill_len)
			c->mismatch = p[i] != v->fill_byte;
		else if (c->pos - v->fill_len < v->plain_len)
			c->mismatch = p[i] != v->plain[c->pos - v->fill_len];
		else
			c->mismatch = true;
	}
	return 0;
}

/* 0: decoded to v's output using all of in; 1: an error with a message; -1: wrong. */
static int decode(const u8 *in, size_t in_len, const struct dc_vector *v,
		  struct decompress_io *io)
{
	struct dc_check c = { v, 0, false };
	size_t want_len = v->fill_len + v->plain_len;
	int ret;

	memset(io, 0, sizeof(*io));
	io->in = in;
	io->in_len = in_len;
	io->flush = check_flush;
	io->ctx = &c;
	ret = decompress_one(io);
	if (ret)
		return io->err[0] ? 1 : -1;
	if (c.mismatch || c.pos != want_len || io->out_total != want_len)
		return -1;
	return 0;
}

static bool vector_built(const struct dc_vector *v)
{
	return decompress_supported(decompress_detect(v->comp, v->comp_len));
}

static int test_vectors(void)
{
	struct decompress_io io;

	for (size_t i = 0; i < ARRAY_SIZE(dc_vectors); i++) {
		const struct dc_vector *v = &dc_vectors[i];
		int ret;

		if (!vector_built(v))
			continue;
		ret = decode(v->comp, v->comp_len, v, &io);
		ST_ASSERT(ret == 0, "%s: %s", v->name, ret > 0 ? io.err : "wrong output");
		ST_ASSERT(io.in_used == v->comp_len, "%s: used %zu of %zu bytes", v->name,
			  io.in_used, v->comp_len);
	}
	return 0;
}
DEFINE_SELFTEST("decompress: known gzip, xz and zstd vectors", test_vectors);

/* Two members of one format back to back, then the second alone. */
static int test_concatenated(void)
{
	struct decompress_io io;

	for (size_t i = 0; i + 1 < ARRAY_SIZE(dc_vectors); i++) {
		const struct dc_vector *a = &dc_vectors[i], *b = &dc_vectors[i + 1];
		size_t len = a->comp_len + b->comp_len;
		u8 *buf;
		int ret;

		if (!vector_built(a) || decompress_detect(a->comp, a->comp_len) !=
		    decompress_detect(b->comp, b->comp_len))
			continue;
		buf = vmalloc(len);
		ST_ASSERT(buf, "no memory");
		memcpy(buf, a->comp, a->comp_len);
		memcpy(buf + a->comp_len, b->comp, b->comp_len);
		ret = decode(buf, len, a, &io);
		if (!ret && io.in_used != a->comp_len)
			ret = -1;
		if (!ret)
			ret = decode(buf + io.in_used, len - io.in_used, b, &io);
		vfree(buf);
		ST_ASSERT(ret == 0, "%s + %s: %s", a->name, b->name,
			  ret > 0 ? io.err : "wrong output or length");
	}
	return 0;
}
DEFINE_SELFTEST("decompress: concatenated members decode one by one", test_concatenated);

static const struct dc_vector *find_vector(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(dc_vectors); i++)
		if (!strcmp(dc_vectors[i].name, name))
			return &dc_vectors[i];
	return NULL;
}

/* A small vector of each format, with a checksum over the output. */
static const char *const damaged_vectors[] = { "gzip_fixed", "xz_crc32", "zstd_compressed" };

static int test_damaged(void)
{
	struct decompress_io io;

	for (size_t f = 0; f < ARRAY_SIZE(damaged_vectors); f++) {
		const struct dc_vector *v = find_vector(damaged_vectors[f]);
		unsigned int errors = 0, intact = 0;
		u8 *buf;

		if (!v || !vector_built(v))
			continue;
		buf = vmalloc(v->comp_len);
		ST_ASSERT(buf, "no memory");
		memcpy(buf, v->comp, v->comp_len);
		for (size_t len = 0; len < v->comp_len; len++) {
			int ret = decode(buf, len, v, &io);

			if (ret != 1) {
				vfree(buf);
				ST_ASSERT(0, "%s cut to %zu bytes: %s", v->name, len,
					  ret ? "error without a message" : "accepted");
			}
		}
		st_diag("%s: every truncation refused, e.g. \"%s\"", v->name, io.err);
		for (size_t bit = 0; bit < v->comp_len * 8; bit++) {
			int ret;

			buf[bit / 8] ^= 1 << (bit % 8);
			ret = decode(buf, v->comp_len, v, &io);
			buf[bit / 8] ^= 1 << (bit % 8);
			if (ret < 0) {
				vfree(buf);
				ST_ASSERT(0, "%s with bit %zu flipped: wrong output or no message",
					  v->name, bit);
			}
			if (ret)
				errors++;
			else
				intact++;
		}
		vfree(buf);
		st_diag("%s: %zu bit flips: %u errors, %u decoded intact", v->name,
			v->comp_len * 8, errors, intact);
	}
	return 0;
}
DEFINE_SELFTEST("decompress: truncated and bit-flipped input gives errors, never crashes",
		test_damaged);
