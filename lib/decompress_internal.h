/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the decoders of lib/decompress_*.c share (lib/decompress.c): the
 * output window, error messages, little-endian loads.
 *
 * The window is a ring of `size` bytes that holds the most recent output,
 * so a back-reference of up to `size` bytes (never more than `total`, the
 * output since the last reset) can be copied from it.  Whenever the ring
 * fills, and when a decoder asks, the part not yet handed out goes to the
 * caller's flush callback, after the optional check hook has seen it
 * (gzip's CRC32, xz's block check, zstd's XXH64).
 */
#ifndef _LIB_DECOMPRESS_INTERNAL_H
#define _LIB_DECOMPRESS_INTERNAL_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/decompress.h>

struct dc_window {
	u8 *buf;
	size_t size;
	size_t pos;		/* next byte written */
	size_t start;		/* first byte not yet flushed */
	u64 total;		/* bytes since the last dc_window_reset() */
	struct decompress_io *io;
	void (*check)(void *state, const u8 *p, size_t len);
	void *check_state;
};

/* vmalloc() a ring of size bytes; -ENOMEM with a message on failure. */
int dc_window_init(struct dc_window *w, struct decompress_io *io, size_t size,
		   const char *fmt_name);
void dc_window_free(struct dc_window *w);
/* A new dictionary: nothing before this point may be referenced. */
static inline void dc_window_reset(struct dc_window *w)
{
	w->total = 0;
}
/* Hand the unflushed output to the check hook and the callback. */
int dc_window_flush(struct dc_window *w);

static inline int dc_put(struct dc_window *w, u8 b)
{
	w->buf[w->pos++] = b;
	w->total++;
	if (unlikely(w->pos == w->size))
		return dc_window_flush(w);
	return 0;
}

/* The byte dist back (1: the last one); the caller checked dist. */
static inline u8 dc_peek(const struct dc_window *w, size_t dist)
{
	return w->buf[w->pos >= dist ? w->pos - dist : w->pos + w->size - dist];
}

/* Whether a back-reference of dist bytes is inside the window. */
static inline bool dc_dist_ok(const struct dc_window *w, u64 dist)
{
	return dist && dist <= w->total && dist <= w->size;
}

/* Copy len bytes from dist back; the caller checked dc_dist_ok(). */
int dc_copy(struct dc_window *w, size_t dist, size_t len);
/* Append len literal bytes. */
int dc_write(struct dc_window *w, const u8 *p, size_t len);
/* Append len copies of b. */
int dc_fill(struct dc_window *w, u8 b, size_t len);

/* Set io->err and return -EINVAL (damaged input). */
/*
 * The start of every decoder: clear io's results and allocate the
 * decoder's zeroed state (vmalloc, freed with vfree); NULL, with a
 * message in io->err, when there is no memory.  May sleep.
 */
void *dc_begin(struct decompress_io *io, size_t state_size, const char *format);
int dc_corrupt(struct decompress_io *io, const char *fmt, ...) __printf(2, 3);
/* Set io->err and return -EOPNOTSUPP (valid, but not supported here). */
int dc_unsupported(struct decompress_io *io, const char *fmt, ...) __printf(2, 3);

static inline u32 dc_le16(const u8 *p)
{
	return p[0] | (u32)p[1] << 8;
}

static inline u32 dc_le32(const u8 *p)
{
	return p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static inline u64 dc_le64(const u8 *p)
{
	return dc_le32(p) | (u64)dc_le32(p + 4) << 32;
}

#endif /* _LIB_DECOMPRESS_INTERNAL_H */
