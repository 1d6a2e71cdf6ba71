/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * XDR (RFC 4506) as the RPC client and the NFS client use it.
 *
 * Every XDR item is a whole number of 4-byte big-endian words; opaque data
 * and strings carry a length word and are padded with zeroes to a word
 * boundary.
 *
 * A call is encoded into a struct xdr_buf: a linear head (the RPC header
 * and the procedure's arguments) and, for bulk data (an NFS WRITE's
 * payload), a list of page-cache pages sent by reference without a copy.
 * A reply arrives as one linear record (the transport reassembles it) and
 * is decoded with an xdr_stream positioned on it; bulk data (READ,
 * READDIR, READLINK) is copied out of the record into the caller's pages
 * with xdr_stream_copy_to_pages().
 *
 * Encoding never fails silently: xdr_reserve_space() returns NULL when the
 * head is full and marks the stream, and rpc_call_*() refuses a call whose
 * stream overflowed (-EMSGSIZE).  Decoding returns NULL / a negative errno
 * when the reply is shorter than the item: a truncated or garbled reply
 * becomes -EIO at the caller, never a read past the record.
 *
 * Interface (implemented inline here, except where marked; the functions
 * in net/sunrpc/xdr.c belong to the sunrpc client):
 *   xdr_init_encode(), xdr_reserve_space(), xdr_encode_u32/_u64/_opaque/
 *   _opaque_fixed/_string(), xdr_write_pages() [xdr.c]
 *   xdr_init_decode(), xdr_inline_decode(), xdr_decode_u32/_u64/_bool/
 *   _opaque_fixed/_opaque_inline(), xdr_stream_copy_to_pages() [xdr.c],
 *   xdr_stream_remaining()
 *
 * Locking: none; a stream belongs to the one call being built or decoded.
 */
#ifndef _LINUX_SUNRPC_XDR_H
#define _LINUX_SUNRPC_XDR_H

#include <linux/types.h>
#include <linux/uio.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <asm/byteorder.h>

struct page;

/* Bytes of an XDR item of @n bytes once padded, and in words. */
#define XDR_UNIT		4
#define XDR_PADDED(n)		(((n) + XDR_UNIT - 1) & ~(size_t)(XDR_UNIT - 1))
#define XDR_WORDS(n)		(XDR_PADDED(n) / XDR_UNIT)

/*
 * One encoded call (or, with only @head set, one received record).
 * head.iov_len is what has been encoded into the head so far; @head_cap
 * its capacity.  pages/page_base/page_len describe bulk data that follows
 * the head on the wire; @tail holds what is encoded after the bulk data
 * (at most the pad and a few words: the tail is a small array in the
 * buffer itself).  @len is the whole encoded length.
 */
struct xdr_buf {
	struct kvec head;
	size_t head_cap;
	struct page **pages;
	unsigned int page_base;
	unsigned int page_len;
	struct kvec tail;
	__be32 tail_words[4];
	size_t len;
};

struct xdr_stream {
	struct xdr_buf *buf;
	__be32 *p;		/* next word to encode into / decode from */
	__be32 *end;		/* end of the current region */
	bool overflow;		/* an encode did not fit */
};

/* ---- encoding ---- */

/* Start encoding into @buf, whose head is empty (iov_len 0) and has
 * @buf->head_cap bytes of room. */
static inline void xdr_init_encode(struct xdr_stream *xdr, struct xdr_buf *buf)
{
	xdr->buf = buf;
	xdr->p = (__be32 *)((char *)buf->head.iov_base + buf->head.iov_len);
	xdr->end = (__be32 *)((char *)buf->head.iov_base + buf->head_cap);
	xdr->overflow = false;
}

/*
 * Room for @nbytes (rounded up to whole words) at the end of the encoded
 * data, or NULL (and the stream marked overflowed) when it does not fit.
 */
static inline __be32 *xdr_reserve_space(struct xdr_stream *xdr, size_t nbytes)
{
	size_t words = XDR_WORDS(nbytes);
	__be32 *start = xdr->p;
	struct kvec *region;

	if (xdr->overflow || words > (size_t)(xdr->end - xdr->p)) {
		xdr->overflow = true;
		return NULL;
	}
	xdr->p += words;
	region = xdr->buf->page_len || xdr->buf->pages ? &xdr->buf->tail :
							  &xdr->buf->head;
	region->iov_len += words * XDR_UNIT;
	xdr->buf->len += words * XDR_UNIT;
	/* Zero the pad so no stale kernel bytes reach the wire. */
	if (nbytes & (XDR_UNIT - 1))
		start[words - 1] = 0;
	return start;
}

static inline void xdr_encode_u32(struct xdr_stream *xdr, u32 v)
{
	__be32 *p = xdr_reserve_space(xdr, 4);

	if (p)
		*p = cpu_to_be32(v);
}

static inline void xdr_encode_u64(struct xdr_stream *xdr, u64 v)
{
	__be32 *p = xdr_reserve_space(xdr, 8);

	if (p) {
		p[0] = cpu_to_be32((u32)(v >> 32));
		p[1] = cpu_to_be32((u32)v);
	}
}

/* Fixed-length opaque: @len bytes, padded, no length word. */
static inline void xdr_encode_opaque_fixed(struct xdr_stream *xdr,
					   const void *data, size_t len)
{
	__be32 *p = xdr_reserve_space(xdr, len);

	if (p)
		memcpy(p, data, len);
}

/* Variable-length opaque (and string): a length word, then the bytes. */
static inline void xdr_encode_opaque(struct xdr_stream *xdr,
				     const void *data, size_t len)
{
	xdr_encode_u32(xdr, (u32)len);
	xdr_encode_opaque_fixed(xdr, data, len);
}

static inline void xdr_encode_string(struct xdr_stream *xdr, const char *s,
				     size_t len)
{
	xdr_encode_opaque(xdr, s, len);
}

/*
 * Append @len bytes of bulk data held in @pages (starting @base bytes into
 * pages[0]) by reference; the pad follows in the tail.  Anything encoded
 * afterwards goes to the tail (a few words at most).  The pages must stay
 * valid until the call completes.  Implemented in net/sunrpc/xdr.c.
 */
void xdr_write_pages(struct xdr_stream *xdr, struct page **pages,
		     unsigned int base, unsigned int len);

/* ---- decoding ---- */

/* Decode @len bytes starting at @data (a received record, word aligned). */
static inline void xdr_init_decode(struct xdr_stream *xdr, struct xdr_buf *buf,
				   void *data, size_t len)
{
	xdr->buf = buf;
	xdr->p = data;
	xdr->end = (__be32 *)((char *)data + (len & ~(size_t)(XDR_UNIT - 1)));
	xdr->overflow = false;
}

/* Bytes left to decode. */
static inline size_t xdr_stream_remaining(const struct xdr_stream *xdr)
{
	return (size_t)(xdr->end - xdr->p) * XDR_UNIT;
}

/*
 * The next @nbytes (rounded up to words) of the reply, or NULL when the
 * reply is shorter (the stream is then marked and every later decode
 * fails too).
 */
static inline __be32 *xdr_inline_decode(struct xdr_stream *xdr, size_t nbytes)
{
	size_t words = XDR_WORDS(nbytes);
	__be32 *start = xdr->p;

	if (xdr->overflow || words > (size_t)(xdr->end - xdr->p)) {
		xdr->overflow = true;
		return NULL;
	}
	xdr->p += words;
	return start;
}

static inline int xdr_decode_u32(struct xdr_stream *xdr, u32 *v)
{
	__be32 *p = xdr_inline_decode(xdr, 4);

	if (!p)
		return -EIO;
	*v = be32_to_cpu(*p);
	return 0;
}

static inline int xdr_decode_u64(struct xdr_stream *xdr, u64 *v)
{
	__be32 *p = xdr_inline_decode(xdr, 8);

	if (!p)
		return -EIO;
	*v = ((u64)be32_to_cpu(*p) << 32) | be32_to_cpu(p[1]);
	return 0;
}

/* An XDR bool: 0 or 1; anything else is a malformed reply. */
static inline int xdr_decode_bool(struct xdr_stream *xdr, bool *v)
{
	u32 w;

	if (xdr_decode_u32(xdr, &w) || w > 1)
		return -EIO;
	*v = w;
	return 0;
}

static inline int xdr_decode_opaque_fixed(struct xdr_stream *xdr, void *data,
					  size_t len)
{
	__be32 *p = xdr_inline_decode(xdr, len);

	if (!p)
		return -EIO;
	memcpy(data, p, len);
	return 0;
}

/*
 * A variable-length opaque of at most @maxlen bytes, left in place in the
 * reply: *@data points into the record (valid while the reply buffer is),
 * *@len is its length.  -EIO when longer than @maxlen or truncated.
 */
static inline int xdr_decode_opaque_inline(struct xdr_stream *xdr,
					   void **data, u32 *len, u32 maxlen)
{
	__be32 *p;

	if (xdr_decode_u32(xdr, len) || *len > maxlen)
		return -EIO;
	p = xdr_inline_decode(xdr, *len);
	if (!p)
		return -EIO;
	*data = p;
	return 0;
}

/*
 * Copy the next @len bytes of the reply into @pages at @base (bytes into
 * pages[0], continuing over the following pages) and skip the pad.
 * -EIO when the reply is shorter.  Implemented in net/sunrpc/xdr.c.
 */
int xdr_stream_copy_to_pages(struct xdr_stream *xdr, struct page **pages,
			     unsigned int base, unsigned int len);

#endif /* _LINUX_SUNRPC_XDR_H */
