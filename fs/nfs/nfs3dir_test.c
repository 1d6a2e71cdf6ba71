// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the READDIR/READDIRPLUS code (included by fs/nfs/nfs3dir.c
 * under CONFIG_SELFTESTS, so the static decoder and position logic are
 * reachable): replies are laid out word by word as RFC 1813 3.3.16/3.3.17
 * define them and decoded into a chunk; every cut-short reply must give
 * -EIO; a reply with more entries than a chunk holds is cut at an entry
 * with eof false; error statuses decode to the status; positions map to
 * chunk indexes as the cookie rules say; the arguments encode exactly.
 */
#include <linux/selftest.h>

/* A reply under construction, in XDR words. */
struct rd_words {
	__be32 *w;
	unsigned int n, cap;
};

static void rd_put(struct rd_words *b, u32 v)
{
	if (b->n < b->cap)
		b->w[b->n] = cpu_to_be32(v);
	b->n++;
}

static void rd_put64(struct rd_words *b, u64 v)
{
	rd_put(b, (u32)(v >> 32));
	rd_put(b, (u32)v);
}

static void rd_put_name(struct rd_words *b, const char *s)
{
	unsigned int len = strlen(s), i;
	u32 word = 0;

	rd_put(b, len);
	for (i = 0; i < XDR_PADDED(len); i++) {
		word = (word << 8) | (i < len ? (u8)s[i] : 0);
		if (i % 4 == 3) {
			rd_put(b, word);
			word = 0;
		}
	}
}

/* post_op_attr with a fattr3 of @type, fsid 7 and @fileid. */
static void rd_put_attr(struct rd_words *b, enum nfs3_ftype type, u64 fileid)
{
	unsigned int i;

	rd_put(b, 1);
	rd_put(b, type);
	rd_put(b, 0755);
	for (i = 0; i < 3; i++)		/* nlink, uid, gid */
		rd_put(b, 1);
	rd_put64(b, 4096);		/* size */
	rd_put64(b, 4096);		/* used */
	rd_put(b, 0);			/* rdev */
	rd_put(b, 0);
	rd_put64(b, 7);			/* fsid */
	rd_put64(b, fileid);
	for (i = 0; i < 6; i++)		/* atime, mtime, ctime */
		rd_put(b, 1000 + i);
}

/* A handle of 8 bytes whose first byte is @tag. */
static void rd_put_fh(struct rd_words *b, u8 tag)
{
	rd_put(b, 1);
	rd_put(b, 8);
	rd_put(b, (u32)tag << 24);
	rd_put(b, 0x55);
}

/*
 * A successful reply: no directory attributes, verifier 0x0102..08, then
 * "." (cookie 1), "a" (a file, cookie 20, with handle when @plus) and
 * "bb" (a directory, cookie 30, attributes but no handle), eof @eof.
 */
static void rd_build_reply(struct rd_words *b, bool plus, bool eof)
{
	static const char *const names[] = { ".", "a", "bb" };
	static const u64 cookies[] = { 1, 20, 30 };
	unsigned int i;

	rd_put(b, NFS3_OK);
	rd_put(b, 0);
	rd_put(b, 0x01020304);
	rd_put(b, 0x05060708);
	for (i = 0; i < ARRAY_SIZE(names); i++) {
		rd_put(b, 1);
		rd_put64(b, 100 + i);
		rd_put_name(b, names[i]);
		rd_put64(b, cookies[i]);
		if (!plus)
			continue;
		if (i == 0) {
			rd_put(b, 0);	/* no attributes */
			rd_put(b, 0);	/* no handle */
		} else {
			rd_put_attr(b, i == 1 ? NF3REG : NF3DIR, 100 + i);
			if (i == 1)
				rd_put_fh(b, 0xab);
			else
				rd_put(b, 0);
		}
	}
	rd_put(b, 0);
	rd_put(b, eof);
}

static int rd_decode(struct rd_words *b, unsigned int words, bool plus,
		     struct nfs3_readdir_res *res)
{
	struct xdr_stream xdr;
	struct xdr_buf buf;

	memset(&buf, 0, sizeof(buf));
	xdr_init_decode(&xdr, &buf, b->w, words * XDR_UNIT);
	res->plus = plus;
	res->status = ~0u;
	return nfs3_decode_readdir_res(&xdr, res);
}

static struct nfs_dir_chunk *rd_chunk_alloc(void)
{
	struct nfs_dir_chunk *chunk = vmalloc(sizeof(*chunk));

	if (chunk)
		memset(chunk, 0, sizeof(*chunk));
	return chunk;
}

static int rd_check_decoded(struct nfs_dir_chunk *chunk, bool plus)
{
	ST_ASSERT(chunk->nr == 3 && chunk->eof, "nr %u eof %d", chunk->nr, chunk->eof);
	ST_ASSERT(chunk->ent[0].len == 1 && !strcmp(chunk->ent[0].name, "."), "dot");
	ST_ASSERT(!strcmp(chunk->ent[1].name, "a") && chunk->ent[1].cookie == 20 &&
		  chunk->ent[1].fileid == 101, "a");
	ST_ASSERT(!strcmp(chunk->ent[2].name, "bb") && chunk->ent[2].len == 2 &&
		  chunk->ent[2].cookie == 30, "bb");
	if (!plus) {
		ST_ASSERT(chunk->ent[1].d_type == DT_UNKNOWN && !chunk->ent[1].plus,
			  "READDIR knows no types");
		return 0;
	}
	ST_ASSERT(chunk->ent[0].d_type == DT_UNKNOWN && !chunk->ent[0].plus, "dot plus");
	ST_ASSERT(chunk->ent[1].d_type == DT_REG && chunk->ent[1].plus, "a plus");
	ST_ASSERT(chunk->fh[1].size == 8 && chunk->fh[1].data[0] == 0xab, "a handle");
	ST_ASSERT(chunk->fattr[1].fileid == 101 && chunk->fattr[1].fsid == 7, "a attrs");
	ST_ASSERT(chunk->ent[2].d_type == DT_DIR && !chunk->ent[2].plus,
		  "bb has a type but no handle");
	return 0;
}

static int test_readdir_decode(void)
{
	__be32 words[256];
	struct rd_words b = { .w = words, .cap = ARRAY_SIZE(words) };
	struct nfs3_readdir_res res = { 0 };
	int plus, err = 0;

	res.chunk = rd_chunk_alloc();
	ST_ASSERT(res.chunk, "no memory");
	for (plus = 0; plus <= 1 && !err; plus++) {
		b.n = 0;
		rd_build_reply(&b, plus, true);
		if (b.n > b.cap || rd_decode(&b, b.n, plus, &res) ||
		    res.status != NFS3_OK || res.verf[7] != 8) {
			st_diag("plus=%d: reply did not decode", plus);
			err = -1;
			break;
		}
		err = rd_check_decoded(res.chunk, plus);
	}
	vfree(res.chunk);
	return err;
}
DEFINE_SELFTEST("nfs3dir: READDIR and READDIRPLUS replies decode", test_readdir_decode);

static int test_readdir_truncated(void)
{
	__be32 words[256];
	struct rd_words b = { .w = words, .cap = ARRAY_SIZE(words) };
	struct nfs3_readdir_res res = { 0 };
	unsigned int cut;
	int plus, err = 0;

	res.chunk = rd_chunk_alloc();
	ST_ASSERT(res.chunk, "no memory");
	for (plus = 0; plus <= 1 && !err; plus++) {
		b.n = 0;
		rd_build_reply(&b, plus, false);
		for (cut = 0; cut < b.n; cut++) {
			if (rd_decode(&b, cut, plus, &res) != -EIO) {
				st_diag("plus=%d: a reply cut after %u of %u words decoded",
					plus, cut, b.n);
				err = -1;
				break;
			}
		}
	}
	vfree(res.chunk);
	return err;
}
DEFINE_SELFTEST("nfs3dir: cut-short READDIR(PLUS) replies give -EIO", test_readdir_truncated);

static int test_readdir_bad_replies(void)
{
	__be32 words[64];
	struct rd_words b = { .w = words, .cap = ARRAY_SIZE(words) };
	struct nfs3_readdir_res res = { 0 };
	int err = 0, ret;

	res.chunk = rd_chunk_alloc();
	ST_ASSERT(res.chunk, "no memory");
	/* An error status carries only the directory's attributes. */
	rd_put(&b, NFS3ERR_BAD_COOKIE);
	rd_put(&b, 0);
	ret = rd_decode(&b, b.n, true, &res);
	if (ret || res.status != NFS3ERR_BAD_COOKIE) {
		st_diag("BAD_COOKIE reply: ret %d status %u", ret, res.status);
		err = -1;
	}
	/* A name with a slash in it is a broken reply. */
	b.n = 0;
	rd_put(&b, NFS3_OK);
	rd_put(&b, 0);
	rd_put64(&b, 0);
	rd_put(&b, 1);
	rd_put64(&b, 5);
	rd_put_name(&b, "x/y");
	rd_put64(&b, 9);
	rd_put(&b, 0);
	rd_put(&b, 1);
	ret = rd_decode(&b, b.n, false, &res);
	if (!err && ret != -EIO) {
		st_diag("a name with '/' decoded: %d", ret);
		err = -1;
	}
	vfree(res.chunk);
	return err;
}
DEFINE_SELFTEST("nfs3dir: error statuses and broken names", test_readdir_bad_replies);

/* More entries than a chunk holds: cut at an entry, eof false. */
static int test_readdir_chunk_full(void)
{
	unsigned int total = NFS_DIR_CHUNK_MAX + 10, i;
	struct nfs3_readdir_res res = { 0 };
	struct rd_words b = { 0 };
	char name[16];
	int err = 0, ret;

	b.cap = 4 + total * 8 + 2;
	b.w = vmalloc(b.cap * sizeof(__be32));
	res.chunk = rd_chunk_alloc();
	if (!b.w || !res.chunk) {
		vfree(b.w);
		vfree(res.chunk);
		ST_ASSERT(0, "no memory");
	}
	rd_put(&b, NFS3_OK);
	rd_put(&b, 0);
	rd_put64(&b, 0);
	for (i = 0; i < total; i++) {
		rd_put(&b, 1);
		rd_put64(&b, 1000 + i);
		scnprintf(name, sizeof(name), "f%u", i);
		rd_put_name(&b, name);
		rd_put64(&b, 5000 + i);
	}
	rd_put(&b, 0);
	rd_put(&b, 1);
	res.chunk->eof = true;
	ret = rd_decode(&b, b.n, false, &res);
	if (ret || res.chunk->nr != NFS_DIR_CHUNK_MAX || res.chunk->eof ||
	    res.chunk->ent[NFS_DIR_CHUNK_MAX - 1].cookie != 5000 + NFS_DIR_CHUNK_MAX - 1) {
		st_diag("ret %d nr %u eof %d", ret, res.chunk->nr, res.chunk->eof);
		err = -1;
	}
	vfree(b.w);
	vfree(res.chunk);
	return err;
}
DEFINE_SELFTEST("nfs3dir: a reply longer than a chunk is cut at an entry", test_readdir_chunk_full);

static int test_chunk_positions(void)
{
	struct nfs_dir_chunk *chunk = rd_chunk_alloc();
	static const u64 cookies[] = { 1, 2, 5 };
	unsigned int i;
	int err = -1;

	ST_ASSERT(chunk, "no memory");
	chunk->from = 0;
	chunk->nr = ARRAY_SIZE(cookies);
	for (i = 0; i < chunk->nr; i++)
		chunk->ent[i].cookie = cookies[i];
	if (nfs_chunk_index(chunk, 0) != -1) {
		st_diag("an invalid chunk answered");
		goto out;
	}
	chunk->valid = true;
	if (nfs_chunk_index(chunk, 0) != 0 || nfs_chunk_index(chunk, 1) != 1 ||
	    nfs_chunk_index(chunk, 2) != 2 || nfs_chunk_index(chunk, 5) != -1 ||
	    nfs_chunk_index(chunk, 7) != -1) {
		st_diag("positions in a chunk that is not the end");
		goto out;
	}
	chunk->eof = true;
	if (nfs_chunk_index(chunk, 5) != 3) {
		st_diag("the last cookie of the last chunk is the end");
		goto out;
	}
	chunk->from = 5;
	chunk->nr = 0;
	if (nfs_chunk_index(chunk, 5) != 0) {
		st_diag("an empty last chunk");
		goto out;
	}
	err = 0;
out:
	vfree(chunk);
	return err;
}
DEFINE_SELFTEST("nfs3dir: positions are cookies", test_chunk_positions);

static int test_readdirplus_args(void)
{
	static const u8 verf[NFS3_COOKIEVERFSIZE] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	struct nfs_fh fh = { .size = 4, .data = { 0xde, 0xad, 0xbe, 0xef } };
	struct nfs3_readdir_args args = {
		.fh = &fh, .cookie = 0x1122334455667788ULL, .verf = verf,
		.dircount = 8192, .maxcount = 32768,
	};
	static const u32 want[] = { 4, 0xdeadbeef, 0x11223344, 0x55667788,
				    0x01020304, 0x05060708, 8192, 32768 };
	__be32 words[NFS3_READDIR_ARG_WORDS];
	struct xdr_stream xdr;
	struct xdr_buf buf;
	unsigned int i;

	memset(&buf, 0, sizeof(buf));
	buf.head.iov_base = words;
	buf.head_cap = sizeof(words);
	xdr_init_encode(&xdr, &buf);
	nfs3_encode_readdirplus(&xdr, &args);
	ST_ASSERT(!xdr.overflow && buf.len == sizeof(want), "length %zu", buf.len);
	for (i = 0; i < ARRAY_SIZE(want); i++)
		ST_ASSERT(be32_to_cpu(words[i]) == want[i], "word %u", i);
	return 0;
}
DEFINE_SELFTEST("nfs3dir: READDIRPLUS arguments encode", test_readdirplus_args);
