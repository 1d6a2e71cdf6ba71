// SPDX-License-Identifier: GPL-2.0-only
/*
 * The two out-of-line pieces of the XDR streams in <linux/sunrpc/xdr.h>:
 *
 *   xdr_write_pages()           put bulk data held in pages into a call
 *                               by reference, its pad into the tail
 *   xdr_stream_copy_to_pages()  copy bulk data out of a received reply
 *                               into the caller's pages
 *
 * Locking: none; a stream belongs to the call that builds or decodes it.
 */
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/sunrpc/xdr.h>

/*
 * The tail starts right after the bulk data.  When the data is not a
 * whole number of words its pad (1-3 zero bytes) opens the tail; the
 * tail's kvec then starts inside tail_words[0] so that the pad ends on a
 * word boundary and later encodes land on whole words of tail_words[].
 */
void xdr_write_pages(struct xdr_stream *xdr, struct page **pages,
		     unsigned int base, unsigned int len)
{
	struct xdr_buf *buf = xdr->buf;
	size_t pad = XDR_PADDED(len) - len;

	if (xdr->overflow || buf->pages || buf->page_len) {
		/* A call carries one run of pages at most. */
		xdr->overflow = true;
		return;
	}
	buf->pages = pages;
	buf->page_base = base;
	buf->page_len = len;
	memset(buf->tail_words, 0, sizeof(buf->tail_words));
	if (pad) {
		buf->tail.iov_base = (char *)buf->tail_words + XDR_UNIT - pad;
		xdr->p = &buf->tail_words[1];
	} else {
		buf->tail.iov_base = buf->tail_words;
		xdr->p = &buf->tail_words[0];
	}
	buf->tail.iov_len = pad;
	xdr->end = &buf->tail_words[ARRAY_SIZE(buf->tail_words)];
	buf->len += len + pad;
}

int xdr_stream_copy_to_pages(struct xdr_stream *xdr, struct page **pages,
			     unsigned int base, unsigned int len)
{
	const char *src = (const char *)xdr_inline_decode(xdr, len);
	unsigned int idx = base / PAGE_SIZE;
	unsigned int off = base % PAGE_SIZE;

	if (!src)
		return -EIO;
	while (len) {
		unsigned int n = min_t(unsigned int, len, PAGE_SIZE - off);

		memcpy((char *)page_address(pages[idx]) + off, src, n);
		src += n;
		len -= n;
		off = 0;
		idx++;
	}
	return 0;
}
