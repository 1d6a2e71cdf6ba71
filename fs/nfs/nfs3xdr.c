// SPDX-License-Identifier: GPL-2.0-only
/*
 * XDR of the NFSv3 types every procedure shares (RFC 1813 section 2):
 * file handles, diropargs3, sattr3, fattr3, post_op_attr, wcc_data,
 * post_op_fh3, nfsstat3, and the table that turns an nfsstat3 into an
 * errno.  The procedures themselves (nfs3proc.c, dir.c, nfs3io.c) build
 * their arguments and results out of these.
 *
 * Encoders write into an xdr_stream and never fail by themselves: a
 * stream that runs out of room is marked and the RPC client refuses the
 * call.  Decoders return 0 or -EIO; -EIO means the reply was short or
 * held a value the protocol does not allow (a handle over 64 bytes, a
 * boolean that is neither 0 nor 1, an unknown file type).  What they
 * fill in is only meaningful on 0.
 *
 * Locking: none; every stream belongs to one call.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/string.h>
#include "internal.h"

/* Words of the fixed-size pieces, for the callers' p_replen sums. */
#define NFSTIME3_WORDS		2

/* ---------------------------------------------------------- encoding */

/* nfs_fh3: a counted opaque of at most NFS3_FHSIZE bytes. */
void nfs3_encode_fh(struct xdr_stream *xdr, const struct nfs_fh *fh)
{
	xdr_encode_opaque(xdr, fh->data, fh->size);
}

/* diropargs3: the directory's handle and a filename3. */
void nfs3_encode_diropargs(struct xdr_stream *xdr, const struct nfs_fh *dir,
			   const char *name, unsigned int len)
{
	nfs3_encode_fh(xdr, dir);
	xdr_encode_string(xdr, name, len);
}

static void put_nfstime(struct xdr_stream *xdr, const struct timespec64 *ts)
{
	xdr_encode_u32(xdr, (u32)ts->tv_sec);
	xdr_encode_u32(xdr, (u32)ts->tv_nsec);
}

/* time_how (RFC 1813 2.5, sattr3) */
enum {
	TIME_LEAVE_ALONE = 0,		/* DONT_CHANGE */
	TIME_SERVER_CLOCK = 1,		/* SET_TO_SERVER_TIME */
	TIME_FROM_CLIENT = 2,		/* SET_TO_CLIENT_TIME */
};

/*
 * One optional time of a sattr3: absent, "the server's now" when the
 * caller asked for the current time, or the explicit value it gave.
 */
static void put_settime(struct xdr_stream *xdr, bool wanted, bool explicit,
			const struct timespec64 *ts)
{
	if (!wanted) {
		xdr_encode_u32(xdr, TIME_LEAVE_ALONE);
	} else if (!explicit) {
		xdr_encode_u32(xdr, TIME_SERVER_CLOCK);
	} else {
		xdr_encode_u32(xdr, TIME_FROM_CLIENT);
		put_nfstime(xdr, ts);
	}
}

/*
 * sattr3: each attribute is a discriminated union whose boolean says
 * whether a value follows.  Only what @attr->ia_valid names is set.
 */
void nfs3_encode_sattr(struct xdr_stream *xdr, const struct iattr *attr)
{
	unsigned int v = attr->ia_valid;

	xdr_encode_u32(xdr, !!(v & ATTR_MODE));
	if (v & ATTR_MODE)
		xdr_encode_u32(xdr, attr->ia_mode & 07777);
	xdr_encode_u32(xdr, !!(v & ATTR_UID));
	if (v & ATTR_UID)
		xdr_encode_u32(xdr, attr->ia_uid);
	xdr_encode_u32(xdr, !!(v & ATTR_GID));
	if (v & ATTR_GID)
		xdr_encode_u32(xdr, attr->ia_gid);
	xdr_encode_u32(xdr, !!(v & ATTR_SIZE));
	if (v & ATTR_SIZE)
		xdr_encode_u64(xdr, (u64)attr->ia_size);
	put_settime(xdr, v & ATTR_ATIME, v & ATTR_ATIME_SET, &attr->ia_atime);
	put_settime(xdr, v & ATTR_MTIME, v & ATTR_MTIME_SET, &attr->ia_mtime);
}

/* ---------------------------------------------------------- decoding */

int nfs3_decode_fh(struct xdr_stream *xdr, struct nfs_fh *fh)
{
	void *bytes;
	u32 n;

	if (xdr_decode_opaque_inline(xdr, &bytes, &n, NFS3_FHSIZE))
		return -EIO;
	fh->size = n;
	memcpy(fh->data, bytes, n);
	return 0;
}

static void get_nfstime(const __be32 *w, struct timespec64 *ts)
{
	u32 ns = be32_to_cpu(w[1]);

	ts->tv_sec = be32_to_cpu(w[0]);
	/* A server's nanoseconds beyond a second would break timespec rules. */
	ts->tv_nsec = ns < 1000000000u ? ns : 999999999;
}

static u64 get_hyper(const __be32 *w)
{
	return ((u64)be32_to_cpu(w[0]) << 32) | be32_to_cpu(w[1]);
}

/* Words in a fattr3: type mode nlink uid gid, size used (2 each),
 * specdata3 (2), fsid fileid (2 each), three nfstime3. */
#define FATTR3_WORDS		(5 + 2 + 2 + 2 + 2 + 2 + 3 * NFSTIME3_WORDS)

int nfs3_decode_fattr(struct xdr_stream *xdr, struct nfs_fattr *fattr)
{
	const __be32 *w = xdr_inline_decode(xdr, FATTR3_WORDS * XDR_UNIT);
	u32 type;

	if (!w)
		return -EIO;
	type = be32_to_cpu(w[0]);
	if (type < NF3REG || type > NF3FIFO)
		return -EIO;
	fattr->type = type;
	fattr->mode = be32_to_cpu(w[1]) & 07777;
	fattr->nlink = be32_to_cpu(w[2]);
	fattr->uid = be32_to_cpu(w[3]);
	fattr->gid = be32_to_cpu(w[4]);
	fattr->size = get_hyper(w + 5);
	fattr->used = get_hyper(w + 7);
	fattr->rdev_major = be32_to_cpu(w[9]);
	fattr->rdev_minor = be32_to_cpu(w[10]);
	fattr->fsid = get_hyper(w + 11);
	fattr->fileid = get_hyper(w + 13);
	get_nfstime(w + 15, &fattr->atime);
	get_nfstime(w + 17, &fattr->mtime);
	get_nfstime(w + 19, &fattr->ctime);
	fattr->valid |= NFS_ATTR_FATTR;
	return 0;
}

/* post_op_attr: a boolean, then a fattr3 when it is true. */
int nfs3_decode_post_op_attr(struct xdr_stream *xdr, struct nfs_fattr *fattr)
{
	bool follows;

	if (xdr_decode_bool(xdr, &follows))
		return -EIO;
	return follows ? nfs3_decode_fattr(xdr, fattr) : 0;
}

/* pre_op_attr: a boolean, then wcc_attr (size, mtime, ctime). */
static int decode_pre_op_attr(struct xdr_stream *xdr, struct nfs_fattr *fattr)
{
	const __be32 *w;
	bool follows;

	if (xdr_decode_bool(xdr, &follows))
		return -EIO;
	if (!follows)
		return 0;
	w = xdr_inline_decode(xdr, (2 + 2 * NFSTIME3_WORDS) * XDR_UNIT);
	if (!w)
		return -EIO;
	fattr->pre_size = get_hyper(w);
	get_nfstime(w + 2, &fattr->pre_mtime);
	get_nfstime(w + 4, &fattr->pre_ctime);
	fattr->valid |= NFS_ATTR_WCC;
	return 0;
}

/* wcc_data: the attributes before (pre_op_attr) and after the change. */
int nfs3_decode_wcc_data(struct xdr_stream *xdr, struct nfs_fattr *fattr)
{
	if (decode_pre_op_attr(xdr, fattr))
		return -EIO;
	return nfs3_decode_post_op_attr(xdr, fattr);
}

/* post_op_fh3: a boolean, then an nfs_fh3 when it is true. */
int nfs3_decode_post_op_fh(struct xdr_stream *xdr, struct nfs_fh *fh,
			   bool *present)
{
	if (xdr_decode_bool(xdr, present))
		return -EIO;
	return *present ? nfs3_decode_fh(xdr, fh) : 0;
}

int nfs3_decode_status(struct xdr_stream *xdr, u32 *status)
{
	if (xdr_decode_u32(xdr, status))
		return -EIO;
	return *status;
}

/* ----------------------------------------------------- status codes */

/*
 * What each nfsstat3 becomes for the caller.  Most have a same-named
 * errno; the protocol-only ones become what a local file system would
 * have said in the same situation.  NFS3ERR_JUKEBOX and
 * NFS3ERR_BAD_COOKIE become kernel-internal codes the NFS client acts
 * on (wait and retry; restart the listing) and never hands out.
 */
static const struct {
	u32 status;
	int err;
} nfs3_errtab[] = {
	{ NFS3_OK,		0 },
	{ NFS3ERR_PERM,		-EPERM },
	{ NFS3ERR_NOENT,	-ENOENT },
	{ NFS3ERR_IO,		-EIO },
	{ NFS3ERR_NXIO,		-ENXIO },
	{ NFS3ERR_ACCES,	-EACCES },
	{ NFS3ERR_EXIST,	-EEXIST },
	{ NFS3ERR_XDEV,		-EXDEV },
	{ NFS3ERR_NODEV,	-ENODEV },
	{ NFS3ERR_NOTDIR,	-ENOTDIR },
	{ NFS3ERR_ISDIR,	-EISDIR },
	{ NFS3ERR_INVAL,	-EINVAL },
	{ NFS3ERR_FBIG,		-EFBIG },
	{ NFS3ERR_NOSPC,	-ENOSPC },
	{ NFS3ERR_ROFS,		-EROFS },
	{ NFS3ERR_MLINK,	-EMLINK },
	{ NFS3ERR_NAMETOOLONG,	-ENAMETOOLONG },
	{ NFS3ERR_NOTEMPTY,	-ENOTEMPTY },
	{ NFS3ERR_DQUOT,	-EDQUOT },
	/* The handle no longer names a file: it was removed meanwhile. */
	{ NFS3ERR_STALE,	-ESTALE },
	{ NFS3ERR_REMOTE,	-EREMOTE },
	/* A handle the server cannot even parse is just as unusable. */
	{ NFS3ERR_BADHANDLE,	-ESTALE },
	/* SETATTR's ctime guard did not match: another client got there. */
	{ NFS3ERR_NOT_SYNC,	-EAGAIN },
	{ NFS3ERR_BAD_COOKIE,	-EBADCOOKIE },
	{ NFS3ERR_NOTSUPP,	-EOPNOTSUPP },
	/* Our READDIR buffer could not hold one entry. */
	{ NFS3ERR_TOOSMALL,	-EINVAL },
	{ NFS3ERR_SERVERFAULT,	-EREMOTEIO },
	/* mknod(2): the file system does not support that kind of node. */
	{ NFS3ERR_BADTYPE,	-EPERM },
	{ NFS3ERR_JUKEBOX,	-EJUKEBOX },
};

int nfs3_stat_to_errno(u32 status)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(nfs3_errtab); i++)
		if (nfs3_errtab[i].status == status)
			return nfs3_errtab[i].err;
	/* A code RFC 1813 does not define: the server is confused. */
	return -EIO;
}
