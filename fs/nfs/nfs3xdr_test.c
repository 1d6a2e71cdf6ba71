// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the shared NFSv3 XDR pieces (fs/nfs/nfs3xdr.c): replies
 * are built by hand word by word as RFC 1813 lays them out, decoded, and
 * the result compared field by field; cut-short replies and out-of-range
 * values must give -EIO; encoders must produce the exact words; every
 * nfsstat3 must map to an errno.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/selftest.h>
#include "internal.h"

/* A scratch reply/call buffer of 64 words. */
struct wordbuf {
	__be32 w[64];
	unsigned int n;
};

static void wb_put(struct wordbuf *b, u32 v)
{
	b->w[b->n++] = cpu_to_be32(v);
}

static void wb_put64(struct wordbuf *b, u64 v)
{
	wb_put(b, (u32)(v >> 32));
	wb_put(b, (u32)v);
}

/* A fattr3 of a regular file with recognisable values in each field. */
static void build_fattr3(struct wordbuf *b)
{
	wb_put(b, NF3REG);
	wb_put(b, 0100644);		/* type bits must be dropped */
	wb_put(b, 3);			/* nlink */
	wb_put(b, 1000);		/* uid */
	wb_put(b, 100);			/* gid */
	wb_put64(b, 0x123456789aULL);	/* size */
	wb_put64(b, 8192);		/* used */
	wb_put(b, 8);			/* rdev major */
	wb_put(b, 1);			/* rdev minor */
	wb_put64(b, 0xfeedULL);		/* fsid */
	wb_put64(b, 0x100000002ULL);	/* fileid */
	wb_put(b, 1700000000);		/* atime */
	wb_put(b, 5);
	wb_put(b, 1700000001);		/* mtime */
	wb_put(b, 6);
	wb_put(b, 1700000002);		/* ctime */
	wb_put(b, 7);
}

static void start_decode(struct xdr_stream *xdr, struct xdr_buf *buf,
			 struct wordbuf *b, unsigned int words)
{
	memset(buf, 0, sizeof(*buf));
	xdr_init_decode(xdr, buf, b->w, words * XDR_UNIT);
}

static int test_decode_fattr(void)
{
	struct wordbuf b = { .n = 0 };
	struct xdr_stream xdr;
	struct xdr_buf buf;
	struct nfs_fattr fa;

	build_fattr3(&b);
	ST_ASSERT(b.n == 21, "fattr3 is %u words", b.n);
	memset(&fa, 0, sizeof(fa));
	start_decode(&xdr, &buf, &b, b.n);
	ST_ASSERT(nfs3_decode_fattr(&xdr, &fa) == 0, "decode failed");
	ST_ASSERT(xdr_stream_remaining(&xdr) == 0, "words left over");
	ST_ASSERT(fa.valid == NFS_ATTR_FATTR, "valid %x", fa.valid);
	ST_ASSERT(fa.type == NF3REG && fa.mode == 0644, "type/mode");
	ST_ASSERT(fa.nlink == 3 && fa.uid == 1000 && fa.gid == 100, "ids");
	ST_ASSERT(fa.size == 0x123456789aULL && fa.used == 8192, "sizes");
	ST_ASSERT(fa.rdev_major == 8 && fa.rdev_minor == 1, "rdev");
	ST_ASSERT(fa.fsid == 0xfeed && fa.fileid == 0x100000002ULL, "ids64");
	ST_ASSERT(fa.atime.tv_sec == 1700000000 && fa.atime.tv_nsec == 5, "atime");
	ST_ASSERT(fa.mtime.tv_sec == 1700000001 && fa.mtime.tv_nsec == 6, "mtime");
	ST_ASSERT(fa.ctime.tv_sec == 1700000002 && fa.ctime.tv_nsec == 7, "ctime");

	/* An unknown ftype3 is a malformed reply. */
	b.w[0] = cpu_to_be32(9);
	start_decode(&xdr, &buf, &b, b.n);
	ST_ASSERT(nfs3_decode_fattr(&xdr, &fa) == -EIO, "bad type accepted");
	return 0;
}
DEFINE_SELFTEST("nfs3xdr: decode a hand-built fattr3", test_decode_fattr);

static int test_wcc_and_post_op(void)
{
	struct wordbuf b = { .n = 0 };
	struct xdr_stream xdr;
	struct xdr_buf buf;
	struct nfs_fattr fa;
	struct nfs_fh fh;
	bool present;

	/* wcc_data: pre_op_attr present, post_op_attr present */
	wb_put(&b, 1);
	wb_put64(&b, 4096);
	wb_put(&b, 11);
	wb_put(&b, 12);
	wb_put(&b, 13);
	wb_put(&b, 14);
	wb_put(&b, 1);
	build_fattr3(&b);
	/* post_op_fh3 absent, then present with a 6-byte handle */
	wb_put(&b, 0);
	wb_put(&b, 1);
	wb_put(&b, 6);
	wb_put(&b, 0x01020304);
	wb_put(&b, 0x05060000);
	memset(&fa, 0, sizeof(fa));
	start_decode(&xdr, &buf, &b, b.n);
	ST_ASSERT(nfs3_decode_wcc_data(&xdr, &fa) == 0, "wcc decode");
	ST_ASSERT(fa.valid == (NFS_ATTR_WCC | NFS_ATTR_FATTR), "valid %x",
		  fa.valid);
	ST_ASSERT(fa.pre_size == 4096 && fa.pre_mtime.tv_sec == 11 &&
		  fa.pre_mtime.tv_nsec == 12 && fa.pre_ctime.tv_sec == 13 &&
		  fa.pre_ctime.tv_nsec == 14, "wcc_attr");
	ST_ASSERT(fa.fileid == 0x100000002ULL, "post attrs");
	ST_ASSERT(nfs3_decode_post_op_fh(&xdr, &fh, &present) == 0 && !present,
		  "absent fh");
	ST_ASSERT(nfs3_decode_post_op_fh(&xdr, &fh, &present) == 0 && present,
		  "present fh");
	ST_ASSERT(fh.size == 6 && fh.data[0] == 1 && fh.data[5] == 6, "fh");
	ST_ASSERT(xdr_stream_remaining(&xdr) == 0, "words left over");

	/* Both halves absent: nothing valid, two words used. */
	b.n = 0;
	wb_put(&b, 0);
	wb_put(&b, 0);
	memset(&fa, 0, sizeof(fa));
	start_decode(&xdr, &buf, &b, b.n);
	ST_ASSERT(nfs3_decode_wcc_data(&xdr, &fa) == 0 && fa.valid == 0,
		  "empty wcc");
	/* A boolean of 2 is not XDR. */
	b.n = 0;
	wb_put(&b, 2);
	start_decode(&xdr, &buf, &b, b.n);
	ST_ASSERT(nfs3_decode_post_op_attr(&xdr, &fa) == -EIO, "bool 2");
	return 0;
}
DEFINE_SELFTEST("nfs3xdr: wcc_data and post_op_fh3", test_wcc_and_post_op);

/* Every cut of a valid reply short of its full length fails with -EIO. */
static int test_truncated(void)
{
	struct wordbuf b = { .n = 0 };
	struct xdr_stream xdr;
	struct xdr_buf buf;
	struct nfs_fattr fa;
	unsigned int full, cut;
	u32 status;

	wb_put(&b, 0);			/* status NFS3_OK */
	wb_put(&b, 1);			/* pre_op_attr follows */
	wb_put64(&b, 1);
	wb_put(&b, 2);
	wb_put(&b, 3);
	wb_put(&b, 4);
	wb_put(&b, 5);
	wb_put(&b, 1);			/* post_op_attr follows */
	build_fattr3(&b);
	full = b.n;
	for (cut = 0; cut < full; cut++) {
		int err;

		start_decode(&xdr, &buf, &b, cut);
		memset(&fa, 0, sizeof(fa));
		err = nfs3_decode_status(&xdr, &status);
		if (err == 0)
			err = nfs3_decode_wcc_data(&xdr, &fa);
		ST_ASSERT(err == -EIO, "cut at %u words gave %d", cut, err);
	}
	start_decode(&xdr, &buf, &b, full);
	ST_ASSERT(nfs3_decode_status(&xdr, &status) == 0 && status == 0 &&
		  nfs3_decode_wcc_data(&xdr, &fa) == 0, "full reply");
	/* A status other than OK comes back positive. */
	b.w[0] = cpu_to_be32(NFS3ERR_STALE);
	start_decode(&xdr, &buf, &b, full);
	ST_ASSERT(nfs3_decode_status(&xdr, &status) == NFS3ERR_STALE &&
		  status == NFS3ERR_STALE, "error status");
	return 0;
}
DEFINE_SELFTEST("nfs3xdr: truncated replies give -EIO", test_truncated);

static int test_fh_limits(void)
{
	struct wordbuf b = { .n = 0 };
	struct xdr_stream xdr;
	struct xdr_buf buf;
	struct nfs_fh fh;
	unsigned int i;

	/* 65 bytes: one over NFS3_FHSIZE, even with the bytes present. */
	wb_put(&b, NFS3_FHSIZE + 1);
	for (i = 0; i < 17; i++)
		wb_put(&b, 0xabababab);
	start_decode(&xdr, &buf, &b, b.n);
	ST_ASSERT(nfs3_decode_fh(&xdr, &fh) == -EIO, "oversized fh accepted");
	/* Exactly 64 bytes is fine. */
	b.w[0] = cpu_to_be32(NFS3_FHSIZE);
	start_decode(&xdr, &buf, &b, 1 + 16);
	ST_ASSERT(nfs3_decode_fh(&xdr, &fh) == 0 && fh.size == NFS3_FHSIZE,
		  "64-byte fh");
	/* A length that promises more than the reply holds. */
	b.w[0] = cpu_to_be32(40);
	start_decode(&xdr, &buf, &b, 1 + 4);
	ST_ASSERT(nfs3_decode_fh(&xdr, &fh) == -EIO, "short fh accepted");
	return 0;
}
DEFINE_SELFTEST("nfs3xdr: file handle over 64 bytes gives -EIO", test_fh_limits);

static int test_encoders(void)
{
	__be32 space[32];
	struct xdr_stream xdr;
	struct xdr_buf buf;
	struct nfs_fh dir = { .size = 5, .data = { 9, 8, 7, 6, 5 } };
	struct iattr ia;
	static const u32 want_dirop[] = { 5, 0x09080706, 0x05000000,
					  3, 0x61626300 };
	static const u32 want_sattr[] = { 1, 0755, 0, 1, 50, 1, 0, 4096,
					  1, 2, 1700000000, 9 };
	unsigned int i;

	memset(&buf, 0, sizeof(buf));
	memset(space, 0xff, sizeof(space));
	buf.head.iov_base = space;
	buf.head_cap = sizeof(space);
	xdr_init_encode(&xdr, &buf);
	nfs3_encode_diropargs(&xdr, &dir, "abc", 3);
	ST_ASSERT(buf.len == sizeof(want_dirop), "dirop len %zu", buf.len);
	for (i = 0; i < ARRAY_SIZE(want_dirop); i++)
		ST_ASSERT(be32_to_cpu(space[i]) == want_dirop[i],
			  "dirop word %u is %x", i, be32_to_cpu(space[i]));

	/* mode, gid, size, atime "now" (server's clock), mtime explicit */
	memset(&ia, 0, sizeof(ia));
	ia.ia_valid = ATTR_MODE | ATTR_GID | ATTR_SIZE | ATTR_ATIME |
		      ATTR_MTIME | ATTR_MTIME_SET;
	ia.ia_mode = S_IFREG | 0755;
	ia.ia_gid = 50;
	ia.ia_size = 4096;
	ia.ia_mtime.tv_sec = 1700000000;
	ia.ia_mtime.tv_nsec = 9;
	memset(&buf, 0, sizeof(buf));
	buf.head.iov_base = space;
	buf.head_cap = sizeof(space);
	xdr_init_encode(&xdr, &buf);
	nfs3_encode_sattr(&xdr, &ia);
	ST_ASSERT(!xdr.overflow, "overflow");
	ST_ASSERT(buf.len == sizeof(want_sattr), "sattr len %zu", buf.len);
	for (i = 0; i < ARRAY_SIZE(want_sattr); i++)
		ST_ASSERT(be32_to_cpu(space[i]) == want_sattr[i],
			  "sattr word %u is %u", i, be32_to_cpu(space[i]));
	return 0;
}
DEFINE_SELFTEST("nfs3xdr: diropargs3 and sattr3 encoding", test_encoders);

static int test_status_map(void)
{
	static const u32 all[] = {
		NFS3ERR_PERM, NFS3ERR_NOENT, NFS3ERR_IO, NFS3ERR_NXIO,
		NFS3ERR_ACCES, NFS3ERR_EXIST, NFS3ERR_XDEV, NFS3ERR_NODEV,
		NFS3ERR_NOTDIR, NFS3ERR_ISDIR, NFS3ERR_INVAL, NFS3ERR_FBIG,
		NFS3ERR_NOSPC, NFS3ERR_ROFS, NFS3ERR_MLINK,
		NFS3ERR_NAMETOOLONG, NFS3ERR_NOTEMPTY, NFS3ERR_DQUOT,
		NFS3ERR_STALE, NFS3ERR_REMOTE, NFS3ERR_BADHANDLE,
		NFS3ERR_NOT_SYNC, NFS3ERR_BAD_COOKIE, NFS3ERR_NOTSUPP,
		NFS3ERR_TOOSMALL, NFS3ERR_SERVERFAULT, NFS3ERR_BADTYPE,
		NFS3ERR_JUKEBOX,
	};
	unsigned int i;

	ST_ASSERT(nfs3_stat_to_errno(NFS3_OK) == 0, "OK");
	for (i = 0; i < ARRAY_SIZE(all); i++) {
		int err = nfs3_stat_to_errno(all[i]);

		ST_ASSERT(err < 0, "status %u maps to %d", all[i], err);
		/* Only the two codes the client acts on are internal. */
		if (all[i] == NFS3ERR_JUKEBOX)
			ST_ASSERT(err == -EJUKEBOX, "jukebox");
		else if (all[i] == NFS3ERR_BAD_COOKIE)
			ST_ASSERT(err == -EBADCOOKIE, "bad cookie");
		else
			ST_ASSERT(err > -512, "status %u leaks %d", all[i], err);
	}
	ST_ASSERT(nfs3_stat_to_errno(NFS3ERR_NOENT) == -ENOENT, "NOENT");
	ST_ASSERT(nfs3_stat_to_errno(NFS3ERR_STALE) == -ESTALE, "STALE");
	ST_ASSERT(nfs3_stat_to_errno(NFS3ERR_NOSPC) == -ENOSPC, "NOSPC");
	ST_ASSERT(nfs3_stat_to_errno(4242) == -EIO, "unknown");
	return 0;
}
DEFINE_SELFTEST("nfs3xdr: every nfsstat3 maps to an errno", test_status_map);
