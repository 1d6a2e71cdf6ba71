/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Decompressors for the initramfs: gzip (RFC 1952/1951), xz with LZMA2
 * (the .xz file format 1.1.0) and zstd (RFC 8878), written from those
 * specifications.  lib/decompress.c, lib/decompress_inflate.c,
 * lib/decompress_unxz.c, lib/decompress_unzstd.c.
 *
 * One call decodes one gzip member, one xz stream or one zstd frame (a
 * skippable frame counts, and yields nothing) from a buffer that holds
 * it whole, and streams the output in pieces through a callback:
 *
 *	struct decompress_io io = {
 *		.in = buf, .in_len = len, .flush = my_flush, .ctx = me,
 *	};
 *	err = decompress_one(&io);	(or decompress_gzip() etc.)
 *
 * flush(ctx, out, n) gets the output in order, at most a window-sized
 * piece at a time (gzip 128 KiB, xz its dictionary, zstd its window);
 * a non-zero return stops the decoder, which returns that value.  On
 * success the result is 0, io.in_used is the number of input bytes the
 * member/stream/frame took (what follows may be another one, padding or
 * anything else) and io.out_total the number of bytes produced.  On
 * failure the result is negative (-EINVAL: damaged or truncated input,
 * -EOPNOTSUPP: a valid but unsupported feature, -ENOMEM) and io.err
 * names what is wrong, e.g. "xz: CRC32 mismatch in block 0".  Output
 * already flushed stays flushed: the caller must be ready to discard it.
 *
 * Any input is safe: the decoders check every length, distance and table
 * against its bounds, use no recursion, and finish in time bounded by
 * the input and output sizes.  Memory is one window (refused above
 * DECOMPRESS_MAX_WINDOW) plus a few tens of KiB of tables, from vmalloc().
 */
#ifndef _LINUX_DECOMPRESS_H
#define _LINUX_DECOMPRESS_H

#include <linux/types.h>

/* The largest xz dictionary or zstd window accepted. */
#define DECOMPRESS_MAX_WINDOW	(128UL << 20)

struct decompress_io {
	const void *in;
	size_t in_len;
	int (*flush)(void *ctx, const void *out, size_t len);
	void *ctx;
	/* Results. */
	size_t in_used;
	u64 out_total;
	char err[112];
};

enum decompress_format {
	DECOMPRESS_NONE,
	DECOMPRESS_GZIP,
	DECOMPRESS_XZ,
	DECOMPRESS_ZSTD,
};

/*
 * The format whose magic starts in[0..len), configured or not; a zstd
 * skippable frame counts as zstd.  DECOMPRESS_NONE if none of these.
 */
enum decompress_format decompress_detect(const void *in, size_t len);
/* "gzip", "xz", "zstd" ("none" for DECOMPRESS_NONE). */
const char *decompress_name(enum decompress_format fmt);
/* Whether the kernel was built with a decoder for fmt (CONFIG_RD_*). */
bool decompress_supported(enum decompress_format fmt);

/* Decode what decompress_detect() names; -EOPNOTSUPP if not built in. */
int decompress_one(struct decompress_io *io);

int decompress_gzip(struct decompress_io *io);
int decompress_xz(struct decompress_io *io);
int decompress_zstd(struct decompress_io *io);

#endif /* _LINUX_DECOMPRESS_H */
