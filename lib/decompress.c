// SPDX-License-Identifier: GPL-2.0-only
/*
 * The common part of the initramfs decompressors (<linux/decompress.h>):
 * format detection by magic number, dispatch to the decoder built in
 * (CONFIG_RD_GZIP, CONFIG_RD_XZ, CONFIG_RD_ZSTD), and the output window
 * and error helpers of lib/decompress_internal.h.
 *
 * Magic numbers: gzip 1f 8b (RFC 1952 2.3.1; 1f 9e, old gzip, is named
 * gzip too and refused by the decoder), xz fd 37 7a 58 5a 00 (xz format
 * 2.1.1.1), zstd 28 b5 2f fd and skippable frames 5? 2a 4d 18 (RFC 8878
 * 3.1.1 and 3.1.2).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/stdarg.h>
#include <linux/vmalloc.h>
#include <linux/va_call.h>
#include <linux/decompress.h>
#include "decompress_internal.h"

enum decompress_format decompress_detect(const void *in, size_t len)
{
	const u8 *p = in;

	if (len >= 2 && p[0] == 0x1f && (p[1] == 0x8b || p[1] == 0x9e))
		return DECOMPRESS_GZIP;
	if (len >= 6 && p[0] == 0xfd && p[1] == '7' && p[2] == 'z' && p[3] == 'X' &&
	    p[4] == 'Z' && p[5] == 0)
		return DECOMPRESS_XZ;
	if (len >= 4 && p[0] == 0x28 && p[1] == 0xb5 && p[2] == 0x2f && p[3] == 0xfd)
		return DECOMPRESS_ZSTD;
	if (len >= 4 && (p[0] & 0xf0) == 0x50 && p[1] == 0x2a && p[2] == 0x4d && p[3] == 0x18)
		return DECOMPRESS_ZSTD;
	return DECOMPRESS_NONE;
}

const char *decompress_name(enum decompress_format fmt)
{
	switch (fmt) {
	case DECOMPRESS_GZIP:
		return "gzip";
	case DECOMPRESS_XZ:
		return "xz";
	case DECOMPRESS_ZSTD:
		return "zstd";
	default:
		return "none";
	}
}

bool decompress_supported(enum decompress_format fmt)
{
	switch (fmt) {
#ifdef CONFIG_RD_GZIP
	case DECOMPRESS_GZIP:
		return true;
#endif
#ifdef CONFIG_RD_XZ
	case DECOMPRESS_XZ:
		return true;
#endif
#ifdef CONFIG_RD_ZSTD
	case DECOMPRESS_ZSTD:
		return true;
#endif
	default:
		return false;
	}
}

int decompress_one(struct decompress_io *io)
{
	enum decompress_format fmt = decompress_detect(io->in, io->in_len);

	io->in_used = 0;
	io->out_total = 0;
	io->err[0] = '\0';
	if (!decompress_supported(fmt)) {
		if (fmt == DECOMPRESS_NONE)
			return dc_corrupt(io, "not gzip, xz or zstd data");
		return dc_unsupported(io, "%s support is not built in (CONFIG_RD_%s)",
				      decompress_name(fmt), fmt == DECOMPRESS_GZIP ? "GZIP" :
				      fmt == DECOMPRESS_XZ ? "XZ" : "ZSTD");
	}
	switch (fmt) {
#ifdef CONFIG_RD_GZIP
	case DECOMPRESS_GZIP:
		return decompress_gzip(io);
#endif
#ifdef CONFIG_RD_XZ
	case DECOMPRESS_XZ:
		return decompress_xz(io);
#endif
#ifdef CONFIG_RD_ZSTD
	case DECOMPRESS_ZSTD:
		return decompress_zstd(io);
#endif
	default:
		return -EOPNOTSUPP;
	}
}

/* ------------------------------------------------------------ messages */

static int dc_message(struct decompress_io *io, int err, const char *fmt, va_list args)
{
	vsnprintf(io->err, sizeof(io->err), fmt, args);
	return err;
}

int dc_corrupt(struct decompress_io *io, const char *fmt, ...)
{
	return VA_CALL(fmt, dc_message(io, -EINVAL, fmt, args));
}

int dc_unsupported(struct decompress_io *io, const char *fmt, ...)
{
	return VA_CALL(fmt, dc_message(io, -EOPNOTSUPP, fmt, args));
}

void *dc_begin(struct decompress_io *io, size_t state_size, const char *format)
{
	void *state;

	io->in_used = 0;
	io->out_total = 0;
	io->err[0] = '\0';
	state = vmalloc(state_size);
	if (!state) {
		snprintf(io->err, sizeof(io->err), "%s: out of memory", format);
		return NULL;
	}
	memset(state, 0, state_size);
	return state;
}

/* ------------------------------------------------------------ the window */

int dc_window_init(struct dc_window *w, struct decompress_io *io, size_t size,
		   const char *fmt_name)
{
	memset(w, 0, sizeof(*w));
	w->io = io;
	w->size = size;
	w->buf = vmalloc(size);
	if (!w->buf) {
		snprintf(io->err, sizeof(io->err), "%s: cannot allocate a %zu KiB window",
			 fmt_name, size >> 10);
		return -ENOMEM;
	}
	return 0;
}

void dc_window_free(struct dc_window *w)
{
	vfree(w->buf);
	w->buf = NULL;
}

int dc_window_flush(struct dc_window *w)
{
	size_t n = w->pos - w->start;
	int ret = 0;

	if (n) {
		if (w->check)
			w->check(w->check_state, w->buf + w->start, n);
		ret = w->io->flush(w->io->ctx, w->buf + w->start, n);
		w->io->out_total += n;
	}
	if (w->pos == w->size)
		w->pos = 0;
	w->start = w->pos;
	if (ret && !w->io->err[0])
		snprintf(w->io->err, sizeof(w->io->err), "output rejected (error %d)", ret);
	return ret;
}

/* n bytes were just stored at w->pos: count them, flush a full window. */
static int dc_advance(struct dc_window *w, size_t n)
{
	w->pos += n;
	w->total += n;
	return w->pos == w->size ? dc_window_flush(w) : 0;
}

int dc_copy(struct dc_window *w, size_t dist, size_t len)
{
	while (len) {
		size_t src = w->pos >= dist ? w->pos - dist : w->pos + w->size - dist;
		size_t n = min(len, w->size - w->pos);
		u8 *d = w->buf + w->pos;
		const u8 *s = w->buf + src;
		int ret;

		n = min(n, w->size - src);
		if (src > w->pos) {
			memmove(d, s, n);
		} else if (dist >= n) {
			memcpy(d, s, n);
		} else {
			/* Overlapping: the bytes repeat with period dist. */
			for (size_t i = 0; i < n; i++)
				d[i] = s[i];
		}
		len -= n;
		ret = dc_advance(w, n);
		if (ret)
			return ret;
	}
	return 0;
}

int dc_write(struct dc_window *w, const u8 *p, size_t len)
{
	while (len) {
		size_t n = min(len, w->size - w->pos);
		int ret;

		memcpy(w->buf + w->pos, p, n);
		p += n;
		len -= n;
		ret = dc_advance(w, n);
		if (ret)
			return ret;
	}
	return 0;
}

int dc_fill(struct dc_window *w, u8 b, size_t len)
{
	while (len) {
		size_t n = min(len, w->size - w->pos);
		int ret;

		memset(w->buf + w->pos, b, n);
		len -= n;
		ret = dc_advance(w, n);
		if (ret)
			return ret;
	}
	return 0;
}
