// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NFSv3 procedures other than READ, WRITE, COMMIT (nfs-io) and
 * READDIR, READDIRPLUS (nfs-dir): their XDR arguments and results
 * (RFC 1813 section 3.3) and the nfs3_proc_*() calls of internal.h.
 *
 * One argument block (struct nfs3_args) and one result block (struct
 * nfs3_res) serve every procedure here; each encoder reads the fields
 * its procedure has and each decoder fills the ones its reply carries.
 * A decoder returns 0, the errno of a failed nfsstat3 (after decoding the
 * attributes the failure arm still carries), or -EIO for a malformed
 * reply.
 *
 * Side effects on inodes: a procedure that changes a directory feeds the
 * directory's wcc_data (or post-op attributes) back into that inode with
 * nfs_post_op_update_inode(), and LOOKUP, ACCESS, READLINK and LINK
 * refresh the inodes whose attributes came along.  The object's own
 * attributes go to the caller's struct nfs_fattr.  CREATE, MKDIR,
 * SYMLINK and MKNOD report a missing handle as fh->size == 0 and
 * missing attributes as fattr->valid without NFS_ATTR_FATTR; the caller
 * fetches what is missing.
 *
 * NFS3ERR_JUKEBOX (the server is busy, e.g. recalling a file from tape)
 * makes the call wait and repeat, with a growing pause, until it gets
 * another answer or the task gets SIGKILL.  A soft mount's RPC timeout
 * comes back as -EIO (nfs(5)).
 *
 * Locking: none here; the callers hold what the VFS makes them hold.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/string.h>
#include <linux/printk.h>
#include <linux/kdev_t.h>
#include <linux/sunrpc/stats.h>
#include "internal.h"

/* -------------------------------------------------- sizes, in words */

#define W_FH		(1 + XDR_WORDS(NFS3_FHSIZE))
#define W_NAME		(1 + XDR_WORDS(NFS3_MAXNAMLEN))
#define W_PATH		(1 + XDR_WORDS(NFS3_MAXPATHLEN))
#define W_DIROP		(W_FH + W_NAME)
#define W_TIME		2
/* mode, uid, gid (2 each), size (3), atime and mtime (3 each) */
#define W_SATTR		(2 + 2 + 2 + 3 + 1 + W_TIME + 1 + W_TIME)
#define W_FATTR		21
#define W_POSTATTR	(1 + W_FATTR)
#define W_WCC		(1 + 2 + 2 * W_TIME + W_POSTATTR)
#define W_POSTFH	(1 + W_FH)
#define W_STATUS	1

/* ------------------------------------------------------ arguments */

struct nfs3_args {
	const struct nfs_fh *fh;	/* the object, or the (source) dir */
	const char *name;
	unsigned int len;
	const struct nfs_fh *fh2;	/* RENAME target dir, LINK dir */
	const char *name2;
	unsigned int len2;
	const struct iattr *sattr;
	u32 access;			/* ACCESS: bits asked for */
	int createmode;			/* CREATE */
	const u8 *verf;			/* CREATE EXCLUSIVE */
	const char *path;		/* SYMLINK target */
	unsigned int plen;
	u32 ftype;			/* MKNOD */
	dev_t rdev;
};

struct nfs3_res {
	struct nfs_fattr *obj;		/* the object's attributes */
	struct nfs_fattr *dir;		/* a directory's wcc / post-op */
	struct nfs_fattr *dir2;		/* RENAME: the target dir's wcc */
	struct nfs_fh *fh;
	bool fh_present;
	u32 access;			/* ACCESS: bits granted */
	struct page *page;		/* READLINK: where the path goes */
	u32 plen;
	struct nfs_fsstat *fsstat;
	struct nfs_fsinfo *fsinfo;
	struct nfs_pathconf *pathconf;
};

static void enc_void(struct xdr_stream *xdr, const void *argp)
{
}

static void enc_fh(struct xdr_stream *xdr, const void *argp)
{
	const struct nfs3_args *a = argp;

	nfs3_encode_fh(xdr, a->fh);
}

static void enc_dirop(struct xdr_stream *xdr, const void *argp)
{
	const struct nfs3_args *a = argp;

	nfs3_encode_diropargs(xdr, a->fh, a->name, a->len);
}

/* SETATTR: the object, sattr3, and a sattrguard3 we never arm. */
static void enc_setattr(struct xdr_stream *xdr, const void *argp)
{
	const struct nfs3_args *a = argp;

	nfs3_encode_fh(xdr, a->fh);
	nfs3_encode_sattr(xdr, a->sattr);
	xdr_encode_u32(xdr, 0);
}

static void enc_access(struct xdr_stream *xdr, const void *argp)
{
	const struct nfs3_args *a = argp;

	nfs3_encode_fh(xdr, a->fh);
	xdr_encode_u32(xdr, a->access);
}

/* CREATE: where, then createhow3 (sattr3 or the exclusive verifier). */
static void enc_create(struct xdr_stream *xdr, const void *argp)
{
	const struct nfs3_args *a = argp;

	nfs3_encode_diropargs(xdr, a->fh, a->name, a->len);
	xdr_encode_u32(xdr, a->createmode);
	if (a->createmode == NFS3_CREATE_EXCLUSIVE)
		xdr_encode_opaque_fixed(xdr, a->verf, NFS3_CREATEVERFSIZE);
	else
		nfs3_encode_sattr(xdr, a->sattr);
}

static void enc_mkdir(struct xdr_stream *xdr, const void *argp)
{
	const struct nfs3_args *a = argp;

	nfs3_encode_diropargs(xdr, a->fh, a->name, a->len);
	nfs3_encode_sattr(xdr, a->sattr);
}

static void enc_symlink(struct xdr_stream *xdr, const void *argp)
{
	const struct nfs3_args *a = argp;

	nfs3_encode_diropargs(xdr, a->fh, a->name, a->len);
	nfs3_encode_sattr(xdr, a->sattr);
	xdr_encode_string(xdr, a->path, a->plen);
}

/* MKNOD: mknoddata3 is a union on the type; devices carry specdata3. */
static void enc_mknod(struct xdr_stream *xdr, const void *argp)
{
	const struct nfs3_args *a = argp;

	nfs3_encode_diropargs(xdr, a->fh, a->name, a->len);
	xdr_encode_u32(xdr, a->ftype);
	switch (a->ftype) {
	case NF3CHR:
	case NF3BLK:
		nfs3_encode_sattr(xdr, a->sattr);
		xdr_encode_u32(xdr, MAJOR(a->rdev));
		xdr_encode_u32(xdr, MINOR(a->rdev));
		break;
	case NF3SOCK:
	case NF3FIFO:
		nfs3_encode_sattr(xdr, a->sattr);
		break;
	default:
		break;
	}
}

static void enc_rename(struct xdr_stream *xdr, const void *argp)
{
	const struct nfs3_args *a = argp;

	nfs3_encode_diropargs(xdr, a->fh, a->name, a->len);
	nfs3_encode_diropargs(xdr, a->fh2, a->name2, a->len2);
}

/* LINK: the existing file, then where the new name goes. */
static void enc_link(struct xdr_stream *xdr, const void *argp)
{
	const struct nfs3_args *a = argp;

	nfs3_encode_fh(xdr, a->fh);
	nfs3_encode_diropargs(xdr, a->fh2, a->name2, a->len2);
}

/* -------------------------------------------------------- results */

/*
 * The status word: 0 to go on with the success arm, a negative errno
 * otherwise; *failed tells a server's error from a malformed reply.
 */
static int dec_status(struct xdr_stream *xdr, bool *failed)
{
	u32 st;
	int ret = nfs3_decode_status(xdr, &st);

	*failed = ret > 0;
	if (ret < 0)
		return -EIO;
	return nfs3_stat_to_errno(st);
}

/*
 * Replies whose two arms both start with the same attribute block
 * (post_op_attr or wcc_data, decoded by @attrs into @fattr): true when
 * the success arm follows; otherwise *ret is the call's result.  A
 * server's error stays the result even if its attributes are cut short.
 */
static bool dec_common_head(struct xdr_stream *xdr,
			    int (*attrs)(struct xdr_stream *,
					 struct nfs_fattr *),
			    struct nfs_fattr *fattr, int *ret)
{
	bool failed;
	int err = dec_status(xdr, &failed);

	*ret = err;
	if (err && !failed)
		return false;
	if (attrs(xdr, fattr)) {
		*ret = err ? err : -EIO;
		return false;
	}
	return !err;
}

/* ...and with nothing after that block in either arm. */
static int dec_only_head(struct xdr_stream *xdr,
			 int (*attrs)(struct xdr_stream *, struct nfs_fattr *),
			 struct nfs_fattr *fattr)
{
	int ret;

	dec_common_head(xdr, attrs, fattr, &ret);
	return ret;
}

static int dec_void(struct xdr_stream *xdr, void *resp)
{
	return 0;
}

static int dec_getattr(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_res *r = resp;
	bool failed;
	int err = dec_status(xdr, &failed);

	if (err)
		return err;
	return nfs3_decode_fattr(xdr, r->obj);
}

/* Replies that are a wcc_data in both arms (SETATTR, REMOVE, RMDIR). */
/* SETATTR: a wcc_data of the object in both arms. */
static int dec_wcc_obj(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_res *r = resp;

	return dec_only_head(xdr, nfs3_decode_wcc_data, r->obj);
}

static int dec_lookup(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_res *r = resp;
	bool failed;
	int err = dec_status(xdr, &failed);

	if (err) {
		if (failed)
			nfs3_decode_post_op_attr(xdr, r->dir);
		return err;
	}
	if (nfs3_decode_fh(xdr, r->fh) ||
	    nfs3_decode_post_op_attr(xdr, r->obj) ||
	    nfs3_decode_post_op_attr(xdr, r->dir))
		return -EIO;
	return 0;
}

static int dec_access(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_res *r = resp;
	int ret;

	if (!dec_common_head(xdr, nfs3_decode_post_op_attr, r->obj, &ret))
		return ret;
	return xdr_decode_u32(xdr, &r->access);
}

static int dec_readlink(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_res *r = resp;
	void *path;
	int ret;

	if (!dec_common_head(xdr, nfs3_decode_post_op_attr, r->obj, &ret))
		return ret;
	/* The page also holds the terminating NUL the caller adds. */
	if (xdr_decode_opaque_inline(xdr, &path, &r->plen,
				     min_t(u32, NFS3_MAXPATHLEN, PAGE_SIZE - 1)))
		return -EIO;
	memcpy(page_address(r->page), path, r->plen);
	return 0;
}

/* CREATE, MKDIR, SYMLINK, MKNOD: diropres3. */
static int dec_create(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_res *r = resp;
	bool failed;
	int err = dec_status(xdr, &failed);

	if (err) {
		if (failed)
			nfs3_decode_wcc_data(xdr, r->dir);
		return err;
	}
	if (nfs3_decode_post_op_fh(xdr, r->fh, &r->fh_present) ||
	    nfs3_decode_post_op_attr(xdr, r->obj) ||
	    nfs3_decode_wcc_data(xdr, r->dir))
		return -EIO;
	return 0;
}

/* REMOVE, RMDIR: the directory's wcc_data in both arms. */
static int dec_remove(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_res *r = resp;

	return dec_only_head(xdr, nfs3_decode_wcc_data, r->dir);
}

static int dec_rename(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_res *r = resp;
	bool failed;
	int err = dec_status(xdr, &failed);

	if (err && !failed)
		return err;
	if (nfs3_decode_wcc_data(xdr, r->dir) ||
	    nfs3_decode_wcc_data(xdr, r->dir2))
		return err ? err : -EIO;
	return err;
}

static int dec_link(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_res *r = resp;
	bool failed;
	int err = dec_status(xdr, &failed);

	if (err && !failed)
		return err;
	if (nfs3_decode_post_op_attr(xdr, r->obj) ||
	    nfs3_decode_wcc_data(xdr, r->dir))
		return err ? err : -EIO;
	return err;
}

static int dec_u64s(struct xdr_stream *xdr, u64 *const *dst, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (xdr_decode_u64(xdr, dst[i]))
			return -EIO;
	return 0;
}

static int dec_fsstat(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_res *r = resp;
	struct nfs_fsstat *s = r->fsstat;
	u64 *const fields[] = { &s->tbytes, &s->fbytes, &s->abytes,
				&s->tfiles, &s->ffiles, &s->afiles };
	u32 invarsec;
	int ret;

	if (!dec_common_head(xdr, nfs3_decode_post_op_attr, r->obj, &ret))
		return ret;
	if (dec_u64s(xdr, fields, ARRAY_SIZE(fields)) ||
	    xdr_decode_u32(xdr, &invarsec))
		return -EIO;
	return 0;
}

static int dec_fsinfo(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_res *r = resp;
	struct nfs_fsinfo *fi = r->fsinfo;
	const __be32 *w;
	int ret;

	if (!dec_common_head(xdr, nfs3_decode_post_op_attr, r->obj, &ret))
		return ret;
	/* seven u32 sizes, maxfilesize, time_delta, properties */
	w = xdr_inline_decode(xdr, (7 + 2 + W_TIME + 1) * XDR_UNIT);
	if (!w)
		return -EIO;
	fi->rtmax = be32_to_cpu(w[0]);
	fi->rtpref = be32_to_cpu(w[1]);
	fi->rtmult = be32_to_cpu(w[2]);
	fi->wtmax = be32_to_cpu(w[3]);
	fi->wtpref = be32_to_cpu(w[4]);
	fi->wtmult = be32_to_cpu(w[5]);
	fi->dtpref = be32_to_cpu(w[6]);
	fi->maxfilesize = ((u64)be32_to_cpu(w[7]) << 32) | be32_to_cpu(w[8]);
	fi->properties = be32_to_cpu(w[11]);
	return 0;
}

static int dec_pathconf(struct xdr_stream *xdr, void *resp)
{
	struct nfs3_res *r = resp;
	struct nfs_pathconf *pc = r->pathconf;
	int ret;

	if (!dec_common_head(xdr, nfs3_decode_post_op_attr, r->obj, &ret))
		return ret;
	if (xdr_decode_u32(xdr, &pc->linkmax) ||
	    xdr_decode_u32(xdr, &pc->name_max) ||
	    xdr_decode_bool(xdr, &pc->no_trunc) ||
	    xdr_decode_bool(xdr, &pc->chown_restricted) ||
	    xdr_decode_bool(xdr, &pc->case_insensitive) ||
	    xdr_decode_bool(xdr, &pc->case_preserving))
		return -EIO;
	return 0;
}

/* ------------------------------------------------------- the table */

#define NFS3_PROC(nr, enc, dec, args, reply)				\
	[NFS3PROC_##nr] = {						\
		.p_proc = NFS3PROC_##nr,				\
		.p_encode = enc,					\
		.p_decode = dec,					\
		.p_arglen = (args),					\
		.p_replen = (reply),					\
		.p_name = #nr,						\
	}
/* Procedures whose XDR lives with nfs-io or nfs-dir: number and name
 * only here; those parts call with descriptors of their own. */
#define NFS3_ELSEWHERE(nr)						\
	[NFS3PROC_##nr] = { .p_proc = NFS3PROC_##nr, .p_name = #nr }

static const struct rpc_procinfo nfs3_procedures[NFS3_NR_PROCS] = {
	NFS3_PROC(NULL, enc_void, dec_void, 0, 0),
	NFS3_PROC(GETATTR, enc_fh, dec_getattr, W_FH, W_STATUS + W_FATTR),
	NFS3_PROC(SETATTR, enc_setattr, dec_wcc_obj,
		  W_FH + W_SATTR + 1 + W_TIME, W_STATUS + W_WCC),
	NFS3_PROC(LOOKUP, enc_dirop, dec_lookup, W_DIROP,
		  W_STATUS + W_FH + 2 * W_POSTATTR),
	NFS3_PROC(ACCESS, enc_access, dec_access, W_FH + 1,
		  W_STATUS + W_POSTATTR + 1),
	NFS3_PROC(READLINK, enc_fh, dec_readlink, W_FH,
		  W_STATUS + W_POSTATTR + W_PATH),
	NFS3_ELSEWHERE(READ),
	NFS3_ELSEWHERE(WRITE),
	NFS3_PROC(CREATE, enc_create, dec_create, W_DIROP + 1 + W_SATTR,
		  W_STATUS + W_POSTFH + W_POSTATTR + W_WCC),
	NFS3_PROC(MKDIR, enc_mkdir, dec_create, W_DIROP + W_SATTR,
		  W_STATUS + W_POSTFH + W_POSTATTR + W_WCC),
	NFS3_PROC(SYMLINK, enc_symlink, dec_create,
		  W_DIROP + W_SATTR + W_PATH,
		  W_STATUS + W_POSTFH + W_POSTATTR + W_WCC),
	NFS3_PROC(MKNOD, enc_mknod, dec_create, W_DIROP + 1 + W_SATTR + 2,
		  W_STATUS + W_POSTFH + W_POSTATTR + W_WCC),
	NFS3_PROC(REMOVE, enc_dirop, dec_remove, W_DIROP, W_STATUS + W_WCC),
	NFS3_PROC(RMDIR, enc_dirop, dec_remove, W_DIROP, W_STATUS + W_WCC),
	NFS3_PROC(RENAME, enc_rename, dec_rename, 2 * W_DIROP,
		  W_STATUS + 2 * W_WCC),
	NFS3_PROC(LINK, enc_link, dec_link, W_FH + W_DIROP,
		  W_STATUS + W_POSTATTR + W_WCC),
	NFS3_ELSEWHERE(READDIR),
	NFS3_ELSEWHERE(READDIRPLUS),
	NFS3_PROC(FSSTAT, enc_fh, dec_fsstat, W_FH,
		  W_STATUS + W_POSTATTR + 6 * 2 + 1),
	NFS3_PROC(FSINFO, enc_fh, dec_fsinfo, W_FH,
		  W_STATUS + W_POSTATTR + 7 + 2 + W_TIME + 1),
	NFS3_PROC(PATHCONF, enc_fh, dec_pathconf, W_FH,
		  W_STATUS + W_POSTATTR + 6),
	NFS3_ELSEWHERE(COMMIT),
};

/* /proc/net/rpc/nfs (nfsstat -c): calls per NFSv3 procedure. */
static atomic_long_t nfs3_call_counts[ARRAY_SIZE(nfs3_procedures)];
static struct rpc_stat nfs_rpc_stats;

static const struct rpc_version nfs_version3 = {
	.number = NFS3_VERSION,
	.nrprocs = ARRAY_SIZE(nfs3_procedures),
	.procs = nfs3_procedures,
	.counts = nfs3_call_counts,
};

static const struct rpc_version *nfs_versions[NFS3_VERSION + 1] = {
	[NFS3_VERSION] = &nfs_version3,
};

const struct rpc_program nfs_program = {
	.name = "nfs",
	.number = NFS_PROGRAM,
	.nrvers = ARRAY_SIZE(nfs_versions),
	.version = nfs_versions,
	.stats = &nfs_rpc_stats,
};

/* ------------------------------------------------------ the calls */

/* NFS3ERR_JUKEBOX: first pause, and the longest. */
#define JUKEBOX_FIRST_WAIT	(HZ / 2)
#define JUKEBOX_MAX_WAIT	(15 * HZ)

/*
 * One synchronous call of procedure @nr with @cred (NULL: the caller's),
 * repeated while the server answers NFS3ERR_JUKEBOX.
 */
static int nfs3_call(struct nfs_server *server, unsigned int nr,
		     const struct nfs3_args *args, struct nfs3_res *res,
		     const struct cred *cred)
{
	struct rpc_message msg = {
		.rpc_proc = &nfs3_procedures[nr],
		.rpc_argp = args,
		.rpc_resp = res,
		.rpc_cred = cred,
	};
	long pause = JUKEBOX_FIRST_WAIT;
	int err;

	for (;;) {
		err = rpc_call_sync(server->client, &msg, 0);
		if (err != -EJUKEBOX)
			break;
		if (schedule_timeout_killable(pause) ||
		    fatal_signal_pending(current))
			return -EINTR;
		pause = min_t(long, pause * 2, JUKEBOX_MAX_WAIT);
	}
	return nfs_io_errno(err);
}

static void stamp(struct nfs_fattr *fattr)
{
	if (fattr) {
		fattr->valid = 0;
		fattr->time_start = jiffies;
	}
}

/* Feed a changed directory's wcc_data back into its inode. */
static void dir_changed(struct inode *dir, struct nfs_fattr *wcc)
{
	if (wcc->valid & NFS_ATTR_FATTR)
		nfs_post_op_update_inode(dir, wcc);
	else
		nfs_invalidate_attrs(dir, true);
}

int nfs3_proc_getattr(struct nfs_server *server, const struct nfs_fh *fh,
		      struct nfs_fattr *fattr)
{
	struct nfs3_args args = { .fh = fh };
	struct nfs3_res res = { .obj = fattr };

	stamp(fattr);
	return nfs3_call(server, NFS3PROC_GETATTR, &args, &res, NULL);
}

int nfs3_proc_setattr(struct inode *inode, const struct iattr *attr,
		      struct nfs_fattr *fattr)
{
	struct nfs3_args args = { .fh = NFS_FH(inode), .sattr = attr };
	struct nfs3_res res = { .obj = fattr };

	stamp(fattr);
	return nfs3_call(NFS_SERVER(inode), NFS3PROC_SETATTR, &args, &res,
			 NULL);
}

int nfs3_proc_lookup(struct inode *dir, const char *name, unsigned int len,
		     struct nfs_fh *fh, struct nfs_fattr *fattr)
{
	struct nfs_fattr dir_attr;
	struct nfs3_args args = { .fh = NFS_FH(dir), .name = name, .len = len };
	struct nfs3_res res = { .obj = fattr, .dir = &dir_attr, .fh = fh };
	int err;

	stamp(fattr);
	stamp(&dir_attr);
	err = nfs3_call(NFS_SERVER(dir), NFS3PROC_LOOKUP, &args, &res, NULL);
	if (dir_attr.valid & NFS_ATTR_FATTR)
		nfs_refresh_inode(dir, &dir_attr);
	/* Without attributes the caller could not make an inode: fetch. */
	if (!err && !(fattr->valid & NFS_ATTR_FATTR))
		err = nfs3_proc_getattr(NFS_SERVER(dir), fh, fattr);
	return err;
}

int nfs3_proc_access(struct inode *inode, const struct cred *cred,
		     u32 want, u32 *granted)
{
	struct nfs_fattr fattr;
	struct nfs3_args args = { .fh = NFS_FH(inode), .access = want };
	struct nfs3_res res = { .obj = &fattr };
	int err;

	stamp(&fattr);
	err = nfs3_call(NFS_SERVER(inode), NFS3PROC_ACCESS, &args, &res, cred);
	if (fattr.valid & NFS_ATTR_FATTR)
		nfs_refresh_inode(inode, &fattr);
	if (!err)
		*granted = res.access;
	return err;
}

int nfs3_proc_readlink(struct inode *inode, struct page *page,
		       unsigned int *len)
{
	struct nfs_fattr fattr;
	struct nfs3_args args = { .fh = NFS_FH(inode) };
	struct nfs3_res res = { .obj = &fattr, .page = page };
	int err;

	stamp(&fattr);
	err = nfs3_call(NFS_SERVER(inode), NFS3PROC_READLINK, &args, &res,
			NULL);
	if (fattr.valid & NFS_ATTR_FATTR)
		nfs_refresh_inode(inode, &fattr);
	if (!err)
		*len = res.plen;
	return err;
}

/* The four procedures that make a name, with their diropres3. */
static int nfs3_make(struct inode *dir, unsigned int nr,
		     struct nfs3_args *args, struct nfs_fh *fh,
		     struct nfs_fattr *fattr)
{
	struct nfs_fattr dir_wcc;
	struct nfs3_res res = { .obj = fattr, .dir = &dir_wcc, .fh = fh };
	int err;

	args->fh = NFS_FH(dir);
	stamp(fattr);
	stamp(&dir_wcc);
	err = nfs3_call(NFS_SERVER(dir), nr, args, &res, NULL);
	dir_changed(dir, &dir_wcc);
	if (!err && !res.fh_present)
		fh->size = 0;
	return err;
}

int nfs3_proc_create(struct inode *dir, const char *name, unsigned int len,
		     const struct iattr *attr, int createmode, const u8 *verf,
		     struct nfs_fh *fh, struct nfs_fattr *fattr)
{
	struct nfs3_args args = {
		.name = name, .len = len, .sattr = attr,
		.createmode = createmode, .verf = verf,
	};

	return nfs3_make(dir, NFS3PROC_CREATE, &args, fh, fattr);
}

int nfs3_proc_mkdir(struct inode *dir, const char *name, unsigned int len,
		    const struct iattr *attr, struct nfs_fh *fh,
		    struct nfs_fattr *fattr)
{
	struct nfs3_args args = { .name = name, .len = len, .sattr = attr };

	return nfs3_make(dir, NFS3PROC_MKDIR, &args, fh, fattr);
}

int nfs3_proc_symlink(struct inode *dir, const char *name, unsigned int len,
		      const char *target, unsigned int tlen,
		      const struct iattr *attr, struct nfs_fh *fh,
		      struct nfs_fattr *fattr)
{
	struct nfs3_args args = {
		.name = name, .len = len, .sattr = attr,
		.path = target, .plen = tlen,
	};

	if (tlen > NFS3_MAXPATHLEN)
		return -ENAMETOOLONG;
	return nfs3_make(dir, NFS3PROC_SYMLINK, &args, fh, fattr);
}

/* The node type comes from the S_IFMT bits of attr->ia_mode. */
int nfs3_proc_mknod(struct inode *dir, const char *name, unsigned int len,
		    const struct iattr *attr, dev_t rdev, struct nfs_fh *fh,
		    struct nfs_fattr *fattr)
{
	struct nfs3_args args = {
		.name = name, .len = len, .sattr = attr, .rdev = rdev,
	};

	switch (attr->ia_mode & S_IFMT) {
	case S_IFCHR:
		args.ftype = NF3CHR;
		break;
	case S_IFBLK:
		args.ftype = NF3BLK;
		break;
	case S_IFSOCK:
		args.ftype = NF3SOCK;
		break;
	case S_IFIFO:
		args.ftype = NF3FIFO;
		break;
	default:
		return -EINVAL;
	}
	return nfs3_make(dir, NFS3PROC_MKNOD, &args, fh, fattr);
}

static int nfs3_unlink_common(struct inode *dir, unsigned int nr,
			      const char *name, unsigned int len)
{
	struct nfs_fattr dir_wcc;
	struct nfs3_args args = { .fh = NFS_FH(dir), .name = name, .len = len };
	struct nfs3_res res = { .dir = &dir_wcc };
	int err;

	stamp(&dir_wcc);
	err = nfs3_call(NFS_SERVER(dir), nr, &args, &res, NULL);
	dir_changed(dir, &dir_wcc);
	return err;
}

int nfs3_proc_remove(struct inode *dir, const char *name, unsigned int len)
{
	return nfs3_unlink_common(dir, NFS3PROC_REMOVE, name, len);
}

int nfs3_proc_rmdir(struct inode *dir, const char *name, unsigned int len)
{
	return nfs3_unlink_common(dir, NFS3PROC_RMDIR, name, len);
}

int nfs3_proc_rename(struct inode *old_dir, const char *old_name,
		     unsigned int old_len, struct inode *new_dir,
		     const char *new_name, unsigned int new_len)
{
	struct nfs_fattr from_wcc, to_wcc;
	struct nfs3_args args = {
		.fh = NFS_FH(old_dir), .name = old_name, .len = old_len,
		.fh2 = NFS_FH(new_dir), .name2 = new_name, .len2 = new_len,
	};
	struct nfs3_res res = { .dir = &from_wcc, .dir2 = &to_wcc };
	int err;

	stamp(&from_wcc);
	stamp(&to_wcc);
	err = nfs3_call(NFS_SERVER(old_dir), NFS3PROC_RENAME, &args, &res,
			NULL);
	dir_changed(old_dir, &from_wcc);
	if (new_dir != old_dir)
		dir_changed(new_dir, &to_wcc);
	return err;
}

int nfs3_proc_link(struct inode *inode, struct inode *dir, const char *name,
		   unsigned int len)
{
	struct nfs_fattr file_attr, dir_wcc;
	struct nfs3_args args = {
		.fh = NFS_FH(inode), .fh2 = NFS_FH(dir),
		.name2 = name, .len2 = len,
	};
	struct nfs3_res res = { .obj = &file_attr, .dir = &dir_wcc };
	int err;

	stamp(&file_attr);
	stamp(&dir_wcc);
	err = nfs3_call(NFS_SERVER(inode), NFS3PROC_LINK, &args, &res, NULL);
	if (file_attr.valid & NFS_ATTR_FATTR)
		nfs_refresh_inode(inode, &file_attr);
	else
		nfs_invalidate_attrs(inode, false);
	dir_changed(dir, &dir_wcc);
	return err;
}

/* FSSTAT, FSINFO, PATHCONF: a question about the file system of @fh. */
static int nfs3_fs_query(struct nfs_server *server, unsigned int nr,
			 const struct nfs_fh *fh, struct nfs3_res *res)
{
	struct nfs_fattr fattr;
	struct nfs3_args args = { .fh = fh };

	stamp(&fattr);
	res->obj = &fattr;
	return nfs3_call(server, nr, &args, res, NULL);
}

int nfs3_proc_fsstat(struct nfs_server *server, const struct nfs_fh *fh,
		     struct nfs_fsstat *st)
{
	struct nfs3_res res = { .fsstat = st };

	return nfs3_fs_query(server, NFS3PROC_FSSTAT, fh, &res);
}

int nfs3_proc_fsinfo(struct nfs_server *server, const struct nfs_fh *fh,
		     struct nfs_fsinfo *info)
{
	struct nfs3_res res = { .fsinfo = info };

	return nfs3_fs_query(server, NFS3PROC_FSINFO, fh, &res);
}

int nfs3_proc_pathconf(struct nfs_server *server, const struct nfs_fh *fh,
		       struct nfs_pathconf *pc)
{
	struct nfs3_res res = { .pathconf = pc };

	return nfs3_fs_query(server, NFS3PROC_PATHCONF, fh, &res);
}
