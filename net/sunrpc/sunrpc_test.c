// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the RPC client that need no network: XDR encoding and
 * decoding at the edges (pads, a full head, short replies, bulk data in
 * pages), TCP record-mark reassembly from a fake byte stream, the reply
 * header of every accept_stat and reject_stat, XID matching on a
 * transport without threads, the retransmission backoff, and the call
 * header with its AUTH_SYS credential.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/mm.h>
#include <linux/gfp.h>
#include <linux/cred.h>
#include <linux/jiffies.h>
#include <linux/selftest.h>
#include "sunrpc.h"

/* ---------------------------------------------------------------- XDR */

static int xdr_encode_edges_test(void)
{
	u8 head[16];
	struct xdr_buf buf = { .head = { head, 0 }, .head_cap = sizeof(head) };
	struct xdr_stream xdr;

	memset(head, 0xff, sizeof(head));
	xdr_init_encode(&xdr, &buf);
	xdr_encode_opaque(&xdr, "abcde", 5);
	ST_ASSERT(!xdr.overflow && buf.head.iov_len == 12 && buf.len == 12, "len %zu", buf.head.iov_len);
	ST_ASSERT(be32_to_cpu(*(__be32 *)head) == 5, "length word");
	ST_ASSERT(!memcmp(head + 4, "abcde\0\0\0", 8), "pad not zeroed");
	xdr_encode_u32(&xdr, 7);
	ST_ASSERT(!xdr.overflow && buf.len == 16, "last word");
	/* Full: the next item fails and so does everything after it. */
	ST_ASSERT(!xdr_reserve_space(&xdr, 1) && xdr.overflow, "overflow not seen");
	xdr_encode_u32(&xdr, 8);
	ST_ASSERT(buf.len == 16 && buf.head.iov_len == 16, "overflow changed the buffer");
	return 0;
}
DEFINE_SELFTEST("sunrpc: XDR encode pads and overflow", xdr_encode_edges_test);

static int xdr_write_pages_test(void)
{
	u8 head[16];
	struct xdr_buf buf = { .head = { head, 0 }, .head_cap = sizeof(head) };
	struct xdr_stream xdr;
	struct page *page = NULL;
	const u8 *tail;

	xdr_init_encode(&xdr, &buf);
	xdr_encode_u32(&xdr, 5);
	xdr_write_pages(&xdr, &page, 100, 5);
	xdr_encode_u32(&xdr, 0x11223344);
	tail = buf.tail.iov_base;
	ST_ASSERT(!xdr.overflow, "overflow");
	ST_ASSERT(buf.head.iov_len == 4 && buf.page_len == 5 && buf.page_base == 100, "layout");
	ST_ASSERT(buf.tail.iov_len == 7 && buf.len == 4 + 8 + 4, "tail %zu len %zu",
		  buf.tail.iov_len, buf.len);
	ST_ASSERT(!memcmp(tail, "\0\0\0\x11\x22\x33\x44", 7), "pad + word in the tail");

	/* Whole words of data: no pad, the tail starts at the next word. */
	memset(&buf, 0, sizeof(buf));
	buf.head.iov_base = head;
	buf.head_cap = sizeof(head);
	xdr_init_encode(&xdr, &buf);
	xdr_write_pages(&xdr, &page, 0, 8);
	xdr_encode_u32(&xdr, 1);
	ST_ASSERT(buf.tail.iov_len == 4 && buf.len == 12, "aligned tail");
	/* A second run of pages does not fit the model. */
	xdr_write_pages(&xdr, &page, 0, 8);
	ST_ASSERT(xdr.overflow, "two page runs accepted");
	return 0;
}
DEFINE_SELFTEST("sunrpc: xdr_write_pages pad and tail", xdr_write_pages_test);

static int xdr_decode_edges_test(void)
{
	__be32 rec[6] = { cpu_to_be32(3), cpu_to_be32(0x41424300),
			  cpu_to_be32(2), cpu_to_be32(9), cpu_to_be32(0), cpu_to_be32(1) };
	struct xdr_buf buf = {};
	struct xdr_stream xdr;
	void *data;
	u32 len, v;
	bool b;
	u64 w;

	xdr_init_decode(&xdr, &buf, rec, sizeof(rec));
	ST_ASSERT(!xdr_decode_opaque_inline(&xdr, &data, &len, 8) && len == 3 &&
		  !memcmp(data, "ABC", 3), "opaque");
	ST_ASSERT(xdr_decode_bool(&xdr, &b) == -EIO, "bool 2 accepted");
	ST_ASSERT(!xdr_decode_u64(&xdr, &w) && w == ((u64)9 << 32), "u64");
	ST_ASSERT(xdr_stream_remaining(&xdr) == 4, "remaining");
	ST_ASSERT(xdr_decode_u64(&xdr, &w) == -EIO, "u64 past the end");
	ST_ASSERT(xdr_decode_u32(&xdr, &v) == -EIO, "decode after a short read");

	/* Longer than the caller allows. */
	xdr_init_decode(&xdr, &buf, rec, sizeof(rec));
	ST_ASSERT(xdr_decode_opaque_inline(&xdr, &data, &len, 2) == -EIO, "maxlen");
	/* A length running past the record. */
	rec[0] = cpu_to_be32(100);
	xdr_init_decode(&xdr, &buf, rec, sizeof(rec));
	ST_ASSERT(xdr_decode_opaque_inline(&xdr, &data, &len, 200) == -EIO, "truncated opaque");
	/* A record that is not a whole number of words: the rest is ignored. */
	xdr_init_decode(&xdr, &buf, rec, 7);
	ST_ASSERT(!xdr_decode_u32(&xdr, &v) && xdr_decode_u32(&xdr, &v) == -EIO, "ragged end");
	return 0;
}
DEFINE_SELFTEST("sunrpc: XDR decode of short and bad replies", xdr_decode_edges_test);

static int xdr_copy_to_pages_test(void)
{
	struct page *pages[2];
	u8 rec[16] = { 1, 2, 3, 4, 5, 0, 0, 0, 0xaa, 0xbb, 0xcc, 0xdd };
	struct xdr_buf buf = {};
	struct xdr_stream xdr;
	u8 *p0, *p1;
	u32 v;
	int ret = 0;

	pages[0] = alloc_page(GFP_KERNEL);
	pages[1] = alloc_page(GFP_KERNEL);
	if (!pages[0] || !pages[1]) {
		ret = -1;
		goto out;
	}
	p0 = page_address(pages[0]);
	p1 = page_address(pages[1]);
	xdr_init_decode(&xdr, &buf, rec, 12);
	if (xdr_stream_copy_to_pages(&xdr, pages, PAGE_SIZE - 2, 5) ||
	    p0[PAGE_SIZE - 2] != 1 || p0[PAGE_SIZE - 1] != 2 ||
	    p1[0] != 3 || p1[1] != 4 || p1[2] != 5) {
		st_diag("copy across the page boundary");
		ret = -1;
		goto out;
	}
	if (xdr_decode_u32(&xdr, &v) || v != 0xaabbccdd) {
		st_diag("pad not skipped");
		ret = -1;
		goto out;
	}
	if (xdr_stream_copy_to_pages(&xdr, pages, 0, 1) != -EIO) {
		st_diag("short copy accepted");
		ret = -1;
	}
out:
	if (pages[0])
		__free_page(pages[0]);
	if (pages[1])
		__free_page(pages[1]);
	return ret;
}
DEFINE_SELFTEST("sunrpc: xdr_stream_copy_to_pages", xdr_copy_to_pages_test);

/* ----------------------------------------------------- record marking */

struct fake_stream {
	const u8 *data;
	size_t len, pos;
};

static int fake_read(void *ctx, void *buf, size_t len)
{
	struct fake_stream *fs = ctx;

	if (len > fs->len - fs->pos)
		return -ECONNRESET;
	memcpy(buf, fs->data + fs->pos, len);
	fs->pos += len;
	return 0;
}

static int record_marking_test(void)
{
	/* Record 1: "abc" + "" + "defg" (last); record 2: "xy" (last). */
	static const u8 stream[] = {
		0x00, 0x00, 0x00, 0x03, 'a', 'b', 'c',
		0x00, 0x00, 0x00, 0x00,
		0x80, 0x00, 0x00, 0x04, 'd', 'e', 'f', 'g',
		0x80, 0x00, 0x00, 0x02, 'x', 'y',
	};
	static const u8 huge[] = { 0x80, 0x50, 0x00, 0x00, 1, 2, 3, 4 };
	static const u8 split[] = { 0x00, 0x00, 0x00, 0x08, 1, 2, 3, 4, 5, 6, 7, 8,
				    0x80, 0x00, 0x00, 0x08, 1, 2 };
	static const u8 short_rec[] = { 0x80, 0x00, 0x00, 0x64, 1, 2, 3 };
	struct fake_stream fs = { stream, sizeof(stream), 0 };
	void *rec;
	size_t len;
	int err;

	err = rpc_read_record(fake_read, &fs, 64, &rec, &len);
	ST_ASSERT(!err && len == 7 && !memcmp(rec, "abcdefg", 7), "record 1: %d", err);
	rpc_free_record(rec);
	err = rpc_read_record(fake_read, &fs, 64, &rec, &len);
	ST_ASSERT(!err && len == 2 && !memcmp(rec, "xy", 2), "record 2: %d", err);
	rpc_free_record(rec);
	ST_ASSERT(fs.pos == sizeof(stream), "stream not consumed");
	ST_ASSERT(rpc_read_record(fake_read, &fs, 64, &rec, &len) == -ECONNRESET, "end of stream");

	/* A fragment longer than the limit: the stream is not trusted. */
	fs = (struct fake_stream){ huge, sizeof(huge), 0 };
	ST_ASSERT(rpc_read_record(fake_read, &fs, RPC_MAX_RECORD, &rec, &len) == -EMSGSIZE,
		  "oversized record");
	/* The limit counts the whole record, not one fragment. */
	fs = (struct fake_stream){ split, sizeof(split), 0 };
	ST_ASSERT(rpc_read_record(fake_read, &fs, 12, &rec, &len) == -EMSGSIZE,
		  "oversized in two fragments");
	/* The stream ends inside a fragment. */
	fs = (struct fake_stream){ short_rec, sizeof(short_rec), 0 };
	ST_ASSERT(rpc_read_record(fake_read, &fs, 1024, &rec, &len) == -ECONNRESET,
		  "truncated record");
	return 0;
}
DEFINE_SELFTEST("sunrpc: TCP record mark reassembly", record_marking_test);

/* ------------------------------------------------------- reply header */

static int reply_case(const u32 *words, unsigned int n)
{
	__be32 rec[8];
	struct xdr_buf buf = {};
	struct xdr_stream xdr;
	unsigned int i;

	for (i = 0; i < n; i++)
		rec[i] = cpu_to_be32(words[i]);
	xdr_init_decode(&xdr, &buf, rec, n * XDR_UNIT);
	return rpc_decode_reply_header(&xdr);
}

static int reply_header_test(void)
{
	static const struct {
		u32 words[7];
		unsigned int n;
		int want;
	} cases[] = {
		{ { RPC_REPLY, RPC_MSG_ACCEPTED, 0, 0, RPC_SUCCESS }, 5, 0 },
		{ { RPC_REPLY, RPC_MSG_ACCEPTED, 0, 0, RPC_PROG_UNAVAIL }, 5, -EPROTONOSUPPORT },
		{ { RPC_REPLY, RPC_MSG_ACCEPTED, 0, 0, RPC_PROG_MISMATCH, 2, 3 }, 7, -EPROTONOSUPPORT },
		{ { RPC_REPLY, RPC_MSG_ACCEPTED, 0, 0, RPC_PROC_UNAVAIL }, 5, -EPROTONOSUPPORT },
		{ { RPC_REPLY, RPC_MSG_ACCEPTED, 0, 0, RPC_GARBAGE_ARGS }, 5, -EIO },
		{ { RPC_REPLY, RPC_MSG_ACCEPTED, 0, 0, RPC_SYSTEM_ERR }, 5, -EIO },
		{ { RPC_REPLY, RPC_MSG_ACCEPTED, 0, 0, 42 }, 5, -EIO },
		/* a verifier with a body is skipped */
		{ { RPC_REPLY, RPC_MSG_ACCEPTED, 1, 4, 0x12345678, RPC_SUCCESS }, 6, 0 },
		{ { RPC_REPLY, RPC_MSG_ACCEPTED, 1, 500, 0, 0 }, 6, -EIO },
		{ { RPC_REPLY, RPC_MSG_DENIED, RPC_MISMATCH, 2, 2 }, 5, -EPROTONOSUPPORT },
		{ { RPC_REPLY, RPC_MSG_DENIED, RPC_AUTH_ERROR, 1 }, 4, -EACCES },
		{ { RPC_REPLY, RPC_MSG_DENIED, 9 }, 3, -EIO },
		{ { RPC_REPLY, 2 }, 2, -EIO },
		{ { RPC_CALL, RPC_MSG_ACCEPTED, 0, 0, RPC_SUCCESS }, 5, -EIO },
		{ { RPC_REPLY, RPC_MSG_ACCEPTED, 0, 0 }, 4, -EIO },
		{ { RPC_REPLY }, 1, -EIO },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		int got = reply_case(cases[i].words, cases[i].n);

		ST_ASSERT(got == cases[i].want, "case %u: %d, want %d", i, got, cases[i].want);
	}
	return 0;
}
DEFINE_SELFTEST("sunrpc: reply header accept_stat/reject_stat -> errno", reply_header_test);

/* -------------------------------------------------------- XID matching */

static void *make_reply(u32 xid, size_t len)
{
	__be32 *rec = rpc_alloc_record(len);

	if (rec && len >= XDR_UNIT)
		rec[0] = cpu_to_be32(xid);
	return rec;
}

static int xid_match_test(void)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };
	struct rpc_xprt *xprt;
	struct rpc_rqst *rq;
	unsigned int i;
	int ret = -1;

	xprt = kmalloc(sizeof(*xprt), GFP_KERNEL);
	rq = kcalloc(3, sizeof(*rq), GFP_KERNEL);
	if (!xprt || !rq)
		goto out;
	rpc_xprt_init(xprt, IPPROTO_TCP, &sin);
	for (i = 0; i < 3; i++) {
		INIT_LIST_HEAD(&rq[i].rq_list);
		init_waitqueue_head(&rq[i].rq_wait);
		rq[i].rq_xprt = xprt;
		rq[i].rq_xid = 0xfffffffe + i;	/* wraps through 0 */
		rq[i].rq_state = RQ_SENT;
		list_add_tail(&rq[i].rq_list, &xprt->recvq);
	}
	/* rq[2] was queued again for retransmission: it still matches. */
	rpc_xprt_transmit(&rq[2]);
	if (rq[2].rq_state != RQ_QUEUED || list_empty(&xprt->sendq)) {
		st_diag("retransmission did not queue");
		goto out;
	}
	if (rpc_xprt_deliver(xprt, make_reply(0xffffffff, 8), 8) ||
	    rq[1].rq_state != RQ_REPLIED || rq[1].rq_reply_len != 8 ||
	    rq[0].rq_state != RQ_SENT) {
		st_diag("reply to the middle call");
		goto out;
	}
	/* The duplicate of an answered call and an unknown XID are dropped. */
	if (rpc_xprt_deliver(xprt, make_reply(0xffffffff, 8), 8) != -ENOENT ||
	    rpc_xprt_deliver(xprt, make_reply(12345, 8), 8) != -ENOENT ||
	    xprt->stat_unmatched != 2) {
		st_diag("unknown XIDs");
		goto out;
	}
	/* Too short to carry an XID. */
	if (rpc_xprt_deliver(xprt, make_reply(0, 2), 2) != -ENOENT || xprt->stat_garbage != 1) {
		st_diag("garbage record");
		goto out;
	}
	if (rpc_xprt_deliver(xprt, make_reply(0, 4), 4) || rq[2].rq_state != RQ_REPLIED) {
		st_diag("reply to a call queued for retransmission");
		goto out;
	}
	/* What is left fails with the given errno. */
	rpc_xprt_fail_all(xprt, -EIO);
	if (rq[0].rq_state != RQ_FAILED || rq[0].rq_error != -EIO ||
	    !list_empty(&xprt->recvq) || !list_empty(&xprt->sendq)) {
		st_diag("fail_all");
		goto out;
	}
	ret = 0;
out:
	if (rq) {
		for (i = 0; i < 3; i++)
			rpc_free_record(rq[i].rq_reply);
	}
	kfree(rq);
	kfree(xprt);
	return ret;
}
DEFINE_SELFTEST("sunrpc: replies matched to calls by XID", xid_match_test);

/* ------------------------------------------------------------ backoff */

static int backoff_test(void)
{
	const struct rpc_timeout lin = { .to_initval = 10, .to_increment = 10,
					 .to_maxval = 35, .to_retries = 3 };
	const struct rpc_timeout expo = { .to_initval = 10, .to_maxval = 50,
					  .to_exponential = true };
	const struct rpc_timeout nocap = { .to_exponential = true };
	unsigned long t;

	t = rpc_backoff(&lin, 10);
	ST_ASSERT(t == 20, "linear 1: %lu", t);
	t = rpc_backoff(&lin, t);
	ST_ASSERT(t == 30, "linear 2: %lu", t);
	t = rpc_backoff(&lin, t);
	ST_ASSERT(t == 35, "linear cap: %lu", t);
	ST_ASSERT(rpc_backoff(&lin, t) == 35, "stays at the cap");
	t = rpc_backoff(&expo, 10);
	ST_ASSERT(t == 20 && rpc_backoff(&expo, t) == 40, "doubling");
	ST_ASSERT(rpc_backoff(&expo, 40) == 50, "doubling cap");
	/* No cap and a value about to wrap: it must not shrink. */
	t = ULONG_MAX / 2 + 1;
	ST_ASSERT(rpc_backoff(&nocap, t) >= t, "wrapped");
	ST_ASSERT(rpc_backoff(&nocap, 0) == 1, "zero timeout");
	return 0;
}
DEFINE_SELFTEST("sunrpc: retransmission backoff", backoff_test);

/* -------------------------------------------------- call header + auth */

static int call_header_test(void)
{
	struct group_info *gi;
	struct cred cred = { .fsuid = 1000, .fsgid = 100 };
	__be32 head[RPCAUTH_MAX_WORDS + 8];
	struct xdr_buf buf = { .head = { head, 0 }, .head_cap = sizeof(head) };
	struct xdr_stream xdr;
	u32 w[8], namelen = 0, v = 0;
	unsigned int i;
	int ret = -1;

	gi = kmalloc(sizeof(*gi) + 2 * sizeof(gid_t), GFP_KERNEL);
	if (!gi)
		return -1;
	gi->ngroups = 2;
	gi->gid[0] = 20;
	gi->gid[1] = 30;
	cred.group_info = gi;
	xdr_init_encode(&xdr, &buf);
	rpc_encode_call_header(&xdr, 0xabcd, 100003, 3, 1, &cred, 77);
	if (xdr.overflow) {
		st_diag("header overflowed");
		goto out;
	}
	xdr_init_decode(&xdr, &buf, head, buf.len);
	for (i = 0; i < 8; i++)
		xdr_decode_u32(&xdr, &w[i]);
	/* xid, CALL, 2, prog, vers, proc, AUTH_SYS, body length */
	if (w[0] != 0xabcd || w[1] != RPC_CALL || w[2] != 2 || w[3] != 100003 ||
	    w[4] != 3 || w[5] != 1 || w[6] != RPC_AUTH_UNIX || w[7] > RPC_MAX_AUTH_SIZE) {
		st_diag("call header words");
		goto out;
	}
	xdr_decode_u32(&xdr, &v);			/* stamp */
	xdr_decode_u32(&xdr, &namelen);
	xdr_inline_decode(&xdr, namelen);
	if (v != 77 || w[7] != 4 + 4 + XDR_PADDED(namelen) + 12 + 8) {
		st_diag("credential body length %u (name %u)", w[7], namelen);
		goto out;
	}
	for (i = 0; i < 7; i++)
		xdr_decode_u32(&xdr, &w[i]);
	/* uid, gid, 2 groups, verifier AUTH_NULL + empty body */
	if (w[0] != 1000 || w[1] != 100 || w[2] != 2 || w[3] != 20 || w[4] != 30 ||
	    w[5] != RPC_AUTH_NULL || w[6] != 0 || xdr_stream_remaining(&xdr)) {
		st_diag("credential fields");
		goto out;
	}
	ret = 0;
out:
	kfree(gi);
	return ret;
}
DEFINE_SELFTEST("sunrpc: call header and AUTH_SYS credential", call_header_test);
