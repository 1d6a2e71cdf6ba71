// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading NFSv3 directories: the READDIR and READDIRPLUS procedures
 * (RFC 1813 3.3.16, 3.3.17) - their XDR and calls - and the directory
 * file operations built on them.
 *
 * Interface: nfs_dir_operations.
 *
 * Positions.  A directory entry's cookie (cookie3) is the server's token
 * for "continue after this entry".  The file position is exactly that:
 * position 0 is the start, and after an entry has been returned the
 * position is its cookie.  So getdents64's d_off, telldir() and seekdir()
 * all carry server cookies, and seeking to any value telldir() gave
 * resumes there, whatever was read in between.  (Servers hand out cookies
 * below 2^63 in practice - ext4 hashes, xfs offsets, ganesha's own - and
 * an lseek() position must be non-negative: a cookie with the top bit set
 * would read back as an error from telldir.)
 *
 * The cache.  Each open directory stream keeps the last reply it
 * received, decoded (struct nfs_dir_chunk: up to NFS_DIR_CHUNK_MAX
 * entries with their names).  getdents64 calls are served from the chunk
 * while the position lies in it and the directory's mtime is the one the
 * chunk was read under; a changed mtime (nfs-core revalidates the
 * directory's attributes at each call, honouring acdirmin/acdirmax and
 * at open) discards it.  Rewinding (position 0) starts a new listing with
 * a zero cookie verifier, as RFC 1813 requires.  The cache is private to
 * the stream - no locking against other readers of the directory, no
 * page-cache pages to invalidate; the dcache and icache are the shared
 * caches, and READDIRPLUS fills them.
 *
 * READDIRPLUS.  Its reply carries every entry's handle and attributes:
 * each one becomes (or refreshes) an inode and a hashed dentry stamped
 * with the directory's mtime, so the stat() that follows a readdir in
 * `ls -l` costs no LOOKUP or GETATTR.  A server that answers NOTSUPP
 * (or a mount with nordirplus) is read with plain READDIR; the file type
 * is then DT_UNKNOWN.
 *
 * Errors.  NFS3ERR_BAD_COOKIE (the server no longer knows our position,
 * e.g. after it restarted or the directory was reorganised) is retried
 * once with a zero verifier; if the cookie is still refused, the listing
 * is read from the start until the entry that had the cookie is found and
 * continues after it.  If that entry has gone, getdents64 fails with
 * EINVAL rather than returning entries twice or silently skipping some.
 *
 * Locking: iterate_shared runs with the directory's i_rwsem held shared,
 * and f_pos_lock serialises users of one open file, so a stream's chunk
 * has one user at a time.  Adding the dentries READDIRPLUS returns is
 * done under nfs_dir_prime_lock: two readers of one directory (both
 * holding i_rwsem shared) must not hash the same name twice; lookups that
 * create dentries hold i_rwsem exclusively and so never race with us.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/string.h>
#include <linux/mutex.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/fs.h>
#include <linux/dcache.h>
#include <uapi/linux/nfs_mount.h>
#include "internal.h"

/* Entries decoded from one reply at most; the rest is asked for again. */
#define NFS_DIR_CHUNK_MAX	256
/* Room for their names (NUL-terminated); a reply stops early when full. */
#define NFS_DIR_NAMES_BYTES	(NFS_DIR_CHUNK_MAX * 32)
/* READDIR count / READDIRPLUS dircount when FSINFO gave no dtpref. */
#define NFS_DIR_DEFAULT_COUNT	8192
/* Largest reply we ask for (READDIRPLUS maxcount), bytes. */
#define NFS_DIR_MAX_REPLY	32768
/*
 * NFS3ERR_JUKEBOX: the server is busy (e.g. recalling data from tape);
 * wait and ask again, 0.5 s doubling up to 15 s, like nfs-core's calls.
 */
#define NFS_JUKEBOX_FIRST_WAIT	(HZ / 2)
#define NFS_JUKEBOX_MAX_WAIT	(15 * HZ)

struct nfs_dir_entry {
	u64 cookie;
	u64 fileid;
	const char *name;		/* in chunk->names */
	unsigned short len;
	unsigned char d_type;
	bool plus;			/* chunk->fh[i] and fattr[i] are valid */
};

/* One decoded READDIR(PLUS) reply. */
struct nfs_dir_chunk {
	bool valid;
	bool eof;			/* the server said: nothing after these */
	u64 from;			/* the cookie it was read from */
	unsigned long stamp;		/* nfs_dir_stamp() when it was read */
	unsigned int nr;
	unsigned int names_used;
	struct nfs_dir_entry ent[NFS_DIR_CHUNK_MAX];
	char names[NFS_DIR_NAMES_BYTES];
	/* READDIRPLUS only: */
	struct nfs_fh fh[NFS_DIR_CHUNK_MAX];
	struct nfs_fattr fattr[NFS_DIR_CHUNK_MAX];
};

/* file->private_data of an open directory. */
struct nfs_dir_stream {
	u8 verf[NFS3_COOKIEVERFSIZE];	/* cookieverf3 of this listing */
	struct nfs_dir_chunk chunk;
};

static DEFINE_MUTEX(nfs_dir_prime_lock);

/* ------------------------------------------------------------ XDR */

struct nfs3_readdir_args {
	const struct nfs_fh *fh;
	u64 cookie;
	const u8 *verf;
	u32 dircount;			/* READDIR: count */
	u32 maxcount;			/* READDIRPLUS only */
};

struct nfs3_readdir_res {
	u32 status;			/* nfsstat3 */
	bool plus;
	struct nfs_fattr dir_attr;
	u8 verf[NFS3_COOKIEVERFSIZE];
	struct nfs_dir_chunk *chunk;
};

static void nfs3_encode_readdir_common(struct xdr_stream *xdr,
				       const struct nfs3_readdir_args *args)
{
	nfs3_encode_fh(xdr, args->fh);
	xdr_encode_u64(xdr, args->cookie);
	xdr_encode_opaque_fixed(xdr, args->verf, NFS3_COOKIEVERFSIZE);
	xdr_encode_u32(xdr, args->dircount);
}

static void nfs3_encode_readdir(struct xdr_stream *xdr, const void *argp)
{
	nfs3_encode_readdir_common(xdr, argp);
}

static void nfs3_encode_readdirplus(struct xdr_stream *xdr, const void *argp)
{
	const struct nfs3_readdir_args *args = argp;

	nfs3_encode_readdir_common(xdr, args);
	xdr_encode_u32(xdr, args->maxcount);
}

static unsigned char nfs_ftype_to_dtype(enum nfs3_ftype type)
{
	switch (type) {
	case NF3REG:	return DT_REG;
	case NF3DIR:	return DT_DIR;
	case NF3BLK:	return DT_BLK;
	case NF3CHR:	return DT_CHR;
	case NF3LNK:	return DT_LNK;
	case NF3SOCK:	return DT_SOCK;
	case NF3FIFO:	return DT_FIFO;
	}
	return DT_UNKNOWN;
}

/* A file name a directory can hold: not empty, no '/' and no NUL. */
static bool nfs_name_ok(const char *name, u32 len)
{
	return len && !memchr(name, '/', len) && !memchr(name, '\0', len);
}

/*
 * One entry3 / entryplus3 after its value_follows word.  Returns 1 when
 * it was stored, 0 when the chunk is full (the reply is cut there), or
 * -EIO for a malformed entry.
 */
static int nfs3_decode_dir_entry(struct xdr_stream *xdr,
				 struct nfs3_readdir_res *res)
{
	struct nfs_dir_chunk *chunk = res->chunk;
	struct nfs_dir_entry *e;
	struct nfs_fattr fattr;
	struct nfs_fh fh;
	bool have_fh = false;
	u64 fileid, cookie;
	void *name;
	u32 len;

	if (xdr_decode_u64(xdr, &fileid) ||
	    xdr_decode_opaque_inline(xdr, &name, &len, NFS3_MAXNAMLEN) ||
	    xdr_decode_u64(xdr, &cookie))
		return -EIO;
	memset(&fattr, 0, sizeof(fattr));
	fh.size = 0;
	if (res->plus &&
	    (nfs3_decode_post_op_attr(xdr, &fattr) ||
	     nfs3_decode_post_op_fh(xdr, &fh, &have_fh)))
		return -EIO;

	if (chunk->nr == NFS_DIR_CHUNK_MAX ||
	    chunk->names_used + len + 1 > NFS_DIR_NAMES_BYTES)
		return 0;
	if (!nfs_name_ok(name, len)) {
		pr_warn_once("nfs: server sent a directory entry with an invalid name\n");
		return -EIO;
	}
	e = &chunk->ent[chunk->nr];
	e->cookie = cookie;
	e->fileid = fileid;
	e->len = len;
	e->name = chunk->names + chunk->names_used;
	memcpy(chunk->names + chunk->names_used, name, len);
	chunk->names[chunk->names_used + len] = '\0';
	chunk->names_used += len + 1;
	e->d_type = DT_UNKNOWN;
	e->plus = false;
	if (fattr.valid & NFS_ATTR_FATTR) {
		e->d_type = nfs_ftype_to_dtype(fattr.type);
		if (have_fh && fh.size) {
			e->plus = true;
			chunk->fh[chunk->nr] = fh;
			chunk->fattr[chunk->nr] = fattr;
		}
	}
	chunk->nr++;
	return 1;
}

static int nfs3_decode_readdir_res(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_readdir_res *res = resp;
	struct nfs_dir_chunk *chunk = res->chunk;
	bool follows;
	u32 status;
	int err;

	err = nfs3_decode_status(xdr, &status);
	if (err < 0)
		return err;
	res->status = status;
	memset(&res->dir_attr, 0, sizeof(res->dir_attr));
	if (nfs3_decode_post_op_attr(xdr, &res->dir_attr))
		return -EIO;
	if (status != NFS3_OK)
		return 0;
	if (xdr_decode_opaque_fixed(xdr, res->verf, NFS3_COOKIEVERFSIZE))
		return -EIO;

	chunk->nr = 0;
	chunk->names_used = 0;
	chunk->eof = false;
	for (;;) {
		if (xdr_decode_bool(xdr, &follows))
			return -EIO;
		if (!follows)
			break;
		err = nfs3_decode_dir_entry(xdr, res);
		if (err < 0)
			return err;
		if (!err)
			return 0;	/* chunk full: the rest is read later */
	}
	return xdr_decode_bool(xdr, &chunk->eof);
}

/* fh, cookie, cookieverf, dircount, maxcount: in XDR words. */
#define NFS3_READDIR_ARG_WORDS	(1 + XDR_WORDS(NFS3_FHSIZE) + 2 + \
				 XDR_WORDS(NFS3_COOKIEVERFSIZE) + 2)
#define NFS3_READDIR_REPLY_WORDS ((NFS_DIR_MAX_REPLY + 512) / XDR_UNIT)

/*
 * The procedures are called with these descriptors directly (rpc_call_sync
 * takes the procedure number from them), so nfs-core's program table does
 * not need to know them.
 */
#define NFS3_READDIR_PROC(num, encode, name) {			\
	.p_proc = (num), .p_encode = (encode),				\
	.p_decode = nfs3_decode_readdir_res,				\
	.p_arglen = NFS3_READDIR_ARG_WORDS,				\
	.p_replen = NFS3_READDIR_REPLY_WORDS, .p_name = (name) }

static const struct rpc_procinfo nfs3_readdir_proc =
	NFS3_READDIR_PROC(NFS3PROC_READDIR, nfs3_encode_readdir, "READDIR");
static const struct rpc_procinfo nfs3_readdirplus_proc =
	NFS3_READDIR_PROC(NFS3PROC_READDIRPLUS, nfs3_encode_readdirplus,
			  "READDIRPLUS");

/* ------------------------------------------------------------ calls */

static bool nfs_use_readdirplus(struct nfs_server *server)
{
	return !(READ_ONCE(server->flags) & NFS_MOUNT_NORDIRPLUS);
}

/*
 * One READDIR(PLUS) call from @cookie into the stream's chunk.  Returns 0
 * (the chunk is valid), or a negative errno; NFS3ERR_BAD_COOKIE comes back
 * as -EBADCOOKIE for the caller to handle.
 */

static int nfs3_proc_readdir(struct inode *dir, struct nfs_dir_stream *s,
			     u64 cookie)
{
	struct nfs_server *server = NFS_SERVER(dir);
	struct nfs_dir_chunk *chunk = &s->chunk;
	u32 count = server->dtsize ? server->dtsize : NFS_DIR_DEFAULT_COUNT;
	struct nfs3_readdir_args args = {
		.fh = NFS_FH(dir),
		.cookie = cookie,
		.verf = s->verf,
		.dircount = min_t(u32, count, NFS_DIR_MAX_REPLY),
		.maxcount = NFS_DIR_MAX_REPLY,
	};
	struct nfs3_readdir_res res = { .chunk = chunk };
	struct rpc_message msg = { .rpc_argp = &args, .rpc_resp = &res };
	long pause = NFS_JUKEBOX_FIRST_WAIT;
	unsigned long started;
	unsigned int i;
	int err;

	chunk->valid = false;
	for (;;) {
		started = jiffies;
		res.plus = nfs_use_readdirplus(server);
		msg.rpc_proc = res.plus ? &nfs3_readdirplus_proc :
					  &nfs3_readdir_proc;
		err = rpc_call_sync(server->client, &msg, 0);
		if (err < 0)
			return nfs_io_errno(err);
		/* The attributes are as old as the call: the cache ages them so. */
		res.dir_attr.time_start = started;
		if (res.dir_attr.valid & NFS_ATTR_FATTR)
			nfs_refresh_inode(dir, &res.dir_attr);
		if (res.status == NFS3_OK)
			break;
		if (res.status == NFS3ERR_NOTSUPP && res.plus) {
			/* The server cannot do READDIRPLUS: never ask again. */
			server->flags |= NFS_MOUNT_NORDIRPLUS;
			continue;
		}
		if (res.status == NFS3ERR_BAD_COOKIE)
			return -EBADCOOKIE;
		if (res.status == NFS3ERR_JUKEBOX) {
			if (schedule_timeout_killable(pause) ||
			    fatal_signal_pending(current))
				return -EINTR;
			pause = min_t(long, pause * 2, NFS_JUKEBOX_MAX_WAIT);
			continue;
		}
		return nfs3_stat_to_errno(res.status);
	}
	/* A reply without entries that is not the end would loop forever. */
	if (!chunk->nr && !chunk->eof)
		return -EIO;
	for (i = 0; i < chunk->nr; i++)
		chunk->fattr[i].time_start = started;
	memcpy(s->verf, res.verf, sizeof(s->verf));
	chunk->from = cookie;
	chunk->stamp = nfs_dir_stamp(dir);
	chunk->valid = true;
	return 0;
}

/* ------------------------------------------------------------ dcache fill */

static bool nfs_is_dot_or_dotdot(const struct nfs_dir_entry *e)
{
	return e->name[0] == '.' &&
	       (e->len == 1 || (e->len == 2 && e->name[1] == '.'));
}

/* Refresh or add the dentry of one READDIRPLUS entry under @parent. */
static void nfs_prime_one(struct dentry *parent, struct nfs_dir_chunk *chunk,
			  unsigned int i, unsigned long stamp)
{
	struct nfs_dir_entry *e = &chunk->ent[i];
	struct qstr q = QSTR_INIT(e->name, e->len);
	struct dentry *dentry;
	struct inode *inode;

	d_hash_name(parent, &q);
	dentry = d_lookup(parent, &q);
	if (dentry) {
		inode = d_inode(dentry);
		/* Another file under this name now: revalidation sorts it out. */
		if (inode && NFS_FH(inode)->size == chunk->fh[i].size &&
		    !memcmp(NFS_FH(inode)->data, chunk->fh[i].data,
			    chunk->fh[i].size)) {
			nfs_refresh_inode(inode, &chunk->fattr[i]);
			dentry->d_time = stamp;
		}
		dput(dentry);
		return;
	}
	inode = nfs_fhget(parent->d_sb, &chunk->fh[i], &chunk->fattr[i]);
	if (IS_ERR_OR_NULL(inode))
		return;
	dentry = d_alloc(parent, &q);
	if (!dentry) {
		iput(inode);
		return;
	}
	if (dentry->d_op != &nfs_dentry_operations)
		d_set_d_op(dentry, &nfs_dentry_operations);
	dentry->d_time = stamp;
	d_add(dentry, inode);
	dput(dentry);
}

static void nfs_prime_dcache(struct file *file, struct nfs_dir_chunk *chunk)
{
	struct dentry *parent = file->f_path.dentry;
	struct nfs_server *server = NFS_SERVER(file_inode(file));
	unsigned long stamp = chunk->stamp;
	unsigned int i;

	mutex_lock(&nfs_dir_prime_lock);
	for (i = 0; i < chunk->nr; i++) {
		struct nfs_dir_entry *e = &chunk->ent[i];

		/* Names below another file system on the server stay unprimed. */
		if (!e->plus || nfs_is_dot_or_dotdot(e) ||
		    chunk->fattr[i].fsid != server->fsid)
			continue;
		nfs_prime_one(parent, chunk, i, stamp);
	}
	mutex_unlock(&nfs_dir_prime_lock);
}

/* ------------------------------------------------------------ iterate */

/*
 * Where in the chunk the entry after position @pos is: its index (nr when
 * the chunk ends there and it is the directory's end), or -1 when the
 * chunk cannot say and the server must be asked.
 */
static int nfs_chunk_index(const struct nfs_dir_chunk *chunk, u64 pos)
{
	unsigned int i;

	if (!chunk->valid)
		return -1;
	if (pos == chunk->from)
		return (chunk->nr || chunk->eof) ? 0 : -1;
	for (i = 0; i < chunk->nr; i++) {
		if (chunk->ent[i].cookie != pos)
			continue;
		if (i + 1 < chunk->nr || chunk->eof)
			return i + 1;
		return -1;
	}
	return -1;
}

/*
 * The server refused @cookie: read the listing from the start until the
 * entry that carried it, leaving the chunk holding what follows it.
 */
static int nfs_dir_find_cookie(struct inode *dir, struct nfs_dir_stream *s,
			       u64 cookie, int *index)
{
	struct nfs_dir_chunk *chunk = &s->chunk;
	bool found = false;
	unsigned int i;
	u64 from = 0;
	int err;

	memset(s->verf, 0, sizeof(s->verf));
	for (;;) {
		err = nfs3_proc_readdir(dir, s, from);
		if (err)
			return err == -EBADCOOKIE ? -EINVAL : err;
		if (found) {
			*index = 0;
			return 0;
		}
		for (i = 0; i < chunk->nr; i++)
			if (chunk->ent[i].cookie == cookie)
				break;
		if (i < chunk->nr && (i + 1 < chunk->nr || chunk->eof)) {
			*index = i + 1;
			return 0;
		}
		/* The entry ends this reply: what follows is one call away. */
		found = i < chunk->nr;
		if (!found && chunk->eof)
			return -EINVAL;
		from = chunk->ent[chunk->nr - 1].cookie;
	}
}

/* Fill the chunk so that it holds the entries after @pos; their index. */
static int nfs_dir_fill(struct file *file, struct nfs_dir_stream *s, u64 pos,
			int *index)
{
	struct inode *dir = file_inode(file);
	int err;

	if (!pos)
		memset(s->verf, 0, sizeof(s->verf));
	err = nfs3_proc_readdir(dir, s, pos);
	if (err == -EBADCOOKIE && pos) {
		/* Perhaps only the verifier is stale (the server restarted). */
		memset(s->verf, 0, sizeof(s->verf));
		err = nfs3_proc_readdir(dir, s, pos);
		if (err == -EBADCOOKIE) {
			err = nfs_dir_find_cookie(dir, s, pos, index);
			if (err == -EINVAL)
				pr_warn_once("nfs: a directory changed under a reader; its position was lost\n");
			if (!err)
				nfs_prime_dcache(file, &s->chunk);
			return err;
		}
	}
	if (err)
		return err == -EBADCOOKIE ? -EINVAL : err;
	nfs_prime_dcache(file, &s->chunk);
	*index = 0;
	return 0;
}

/* The stream's state, made at the first read (opens for fchdir need none). */
static struct nfs_dir_stream *nfs_dir_stream(struct file *file)
{
	struct nfs_dir_stream *s = file->private_data;

	if (s)
		return s;
	s = vmalloc(sizeof(*s));
	if (!s)
		return NULL;
	memset(s->verf, 0, sizeof(s->verf));
	s->chunk.valid = false;
	file->private_data = s;
	return s;
}

static int nfs_readdir(struct file *file, struct dir_context *ctx)
{
	struct inode *dir = file_inode(file);
	struct nfs_dir_stream *s = nfs_dir_stream(file);
	struct nfs_dir_chunk *chunk;
	int err, i;

	if (!s)
		return -ENOMEM;
	if (ctx->pos < 0)
		return -EINVAL;
	chunk = &s->chunk;
	err = nfs_revalidate_inode(dir, false);
	if (err)
		return err;
	if (chunk->valid && chunk->stamp != nfs_dir_stamp(dir))
		chunk->valid = false;

	for (;;) {
		i = nfs_chunk_index(chunk, ctx->pos);
		if (i < 0) {
			err = nfs_dir_fill(file, s, ctx->pos, &i);
			if (err)
				return err;
			if (i >= (int)chunk->nr && !chunk->eof)
				continue;
		}
		for (; i < (int)chunk->nr; i++) {
			struct nfs_dir_entry *e = &chunk->ent[i];

			if (!dir_emit(ctx, e->name, e->len, e->fileid, e->d_type))
				return 0;
			ctx->pos = e->cookie;
		}
		if (chunk->eof)
			return 0;
	}
}

/* ------------------------------------------------------------ file operations */

static int nfs_dir_open(struct inode *inode, struct file *file)
{
	file->private_data = NULL;
	/* Close-to-open for directories too: start from fresh attributes. */
	return nfs_revalidate_inode(inode, false);
}

static int nfs_dir_release(struct inode *inode, struct file *file)
{
	vfree(file->private_data);
	file->private_data = NULL;
	return 0;
}

/* Positions are cookies: any non-negative value telldir() gave is fine. */
static loff_t nfs_dir_llseek(struct file *file, loff_t offset, int whence)
{
	switch (whence) {
	case SEEK_SET:
		break;
	case SEEK_CUR:
		if (!offset)
			return file->f_pos;
		offset += file->f_pos;
		break;
	default:
		return -EINVAL;
	}
	if (offset < 0)
		return -EINVAL;
	file->f_pos = offset;
	return offset;
}

const struct file_operations nfs_dir_operations = {
	.llseek = nfs_dir_llseek,
	.read = generic_read_dir,
	.iterate_shared = nfs_readdir,
	.open = nfs_dir_open,
	.release = nfs_dir_release,
	.fsync = noop_fsync,
};

#ifdef CONFIG_SELFTESTS
#include "nfs3dir_test.c"
#endif
