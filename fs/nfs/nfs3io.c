// SPDX-License-Identifier: GPL-2.0-only
/*
 * The NFSv3 data procedures: READ, WRITE and COMMIT (RFC 1813 sections
 * 3.3.6, 3.3.7 and 3.3.21), their XDR and their synchronous and
 * asynchronous calls.
 *
 * Interface (fs/nfs/internal.h): nfs3_proc_read/_write/_commit() wait for
 * the reply; the _async() forms queue the call and run the caller's
 * rpc_call_done() in an RPC worker.  Every form returns 0 or a negative
 * errno: an nfsstat3 becomes an errno through nfs3_stat_to_errno(), a
 * soft mount's timeout becomes -EIO, a malformed reply -EIO.  The
 * post-op attributes (READ) or wcc_data (WRITE, COMMIT) of the reply are
 * left in res->fattr for the caller to merge into the inode, whatever
 * the status.
 *
 * Bulk data never goes through the call's linear buffer: a WRITE's
 * payload is the page-cache (or user) pages themselves, appended by
 * reference with xdr_write_pages(); a READ reply's data is copied from
 * the received record straight into the destination pages with
 * xdr_stream_copy_to_pages().
 *
 * The procedures are described here, not in nfs-core's table: an
 * rpc_message names its procedure directly, and the NFS client of the
 * mount (nfs_server.client) carries them like any other.
 *
 * Locking: none; each call owns its args and res.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/cred.h>
#include <linux/jiffies.h>
#include <linux/sunrpc/xdr.h>
#include <linux/sunrpc/clnt.h>
#include "internal.h"

/* Sizes in XDR words (RFC 1813 section 2.5 and 2.6). */
#define FH3_WORDS		(1 + XDR_WORDS(NFS3_FHSIZE))
#define FATTR3_WORDS		21	/* 5 words, 5 hypers, 3 nfstime3 */
#define POST_OP_ATTR_WORDS	(1 + FATTR3_WORDS)
#define WCC_ATTR_WORDS		6	/* size3 + 2 nfstime3 */
#define WCC_DATA_WORDS		(1 + WCC_ATTR_WORDS + POST_OP_ATTR_WORDS)
#define VERF3_WORDS		XDR_WORDS(NFS3_WRITEVERFSIZE)

/* ------------------------------------------------------------ encoding */

/* READ3args: file, offset, count. */
static void nfs3_enc_read(struct xdr_stream *xdr, const void *data)
{
	const struct nfs_io_args *args = data;

	nfs3_encode_fh(xdr, args->fh);
	xdr_encode_u64(xdr, args->offset);
	xdr_encode_u32(xdr, args->count);
}

/* WRITE3args: file, offset, count, stable, data<> (by reference). */
static void nfs3_enc_write(struct xdr_stream *xdr, const void *data)
{
	const struct nfs_io_args *args = data;

	nfs3_encode_fh(xdr, args->fh);
	xdr_encode_u64(xdr, args->offset);
	xdr_encode_u32(xdr, args->count);
	xdr_encode_u32(xdr, args->stable);
	xdr_encode_u32(xdr, args->count);	/* the opaque's length */
	xdr_write_pages(xdr, args->pages, args->pgbase, args->count);
}

/* COMMIT3args: file, offset, count (0, 0: the whole file). */
static void nfs3_enc_commit(struct xdr_stream *xdr, const void *data)
{
	const struct nfs_io_args *args = data;

	nfs3_encode_fh(xdr, args->fh);
	xdr_encode_u64(xdr, args->offset);
	xdr_encode_u32(xdr, args->count);
}

/* ------------------------------------------------------------ decoding */

/*
 * The status word: 0 for NFS3_OK, the positive nfsstat3 otherwise, or
 * -EIO when the reply stops before it.
 */
static int nfs3_dec_status(struct xdr_stream *xdr, u32 *status)
{
	int ret = nfs3_decode_status(xdr, status);

	return ret < 0 ? ret : 0;
}

/* READ3res: status, post_op_attr, then count, eof and data<> on success. */
static int nfs3_dec_read(struct xdr_stream *xdr, void *data)
{
	struct nfs_io_res *res = data;
	u32 status, len;

	if (nfs3_dec_status(xdr, &status) ||
	    nfs3_decode_post_op_attr(xdr, &res->fattr))
		return -EIO;
	if (status)
		return nfs3_stat_to_errno(status);
	if (xdr_decode_u32(xdr, &res->count) || xdr_decode_bool(xdr, &res->eof) ||
	    xdr_decode_u32(xdr, &len))
		return -EIO;
	/* The data's length must be what count says, and fit what we asked. */
	if (len != res->count || len > res->maxcount)
		return -EIO;
	return xdr_stream_copy_to_pages(xdr, res->pages, res->pgbase, len);
}

static int nfs3_dec_verf(struct xdr_stream *xdr, struct nfs_io_res *res)
{
	return xdr_decode_opaque_fixed(xdr, res->verf, NFS3_WRITEVERFSIZE);
}

/* WRITE3res: status, wcc_data, then count, committed, verf on success. */
static int nfs3_dec_write(struct xdr_stream *xdr, void *data)
{
	struct nfs_io_res *res = data;
	u32 status, committed;

	if (nfs3_dec_status(xdr, &status) || nfs3_decode_wcc_data(xdr, &res->fattr))
		return -EIO;
	if (status)
		return nfs3_stat_to_errno(status);
	if (xdr_decode_u32(xdr, &res->count) || xdr_decode_u32(xdr, &committed) ||
	    committed > NFS_FILE_SYNC || nfs3_dec_verf(xdr, res))
		return -EIO;
	res->committed = committed;
	return 0;
}

/* COMMIT3res: status, wcc_data, then verf on success. */
static int nfs3_dec_commit(struct xdr_stream *xdr, void *data)
{
	struct nfs_io_res *res = data;
	u32 status;

	if (nfs3_dec_status(xdr, &status) || nfs3_decode_wcc_data(xdr, &res->fattr))
		return -EIO;
	if (status)
		return nfs3_stat_to_errno(status);
	return nfs3_dec_verf(xdr, res) ? -EIO : 0;
}

static const struct rpc_procinfo nfs3_read_proc = {
	.p_proc = NFS3PROC_READ,
	.p_encode = nfs3_enc_read,
	.p_decode = nfs3_dec_read,
	.p_arglen = FH3_WORDS + 2 + 1,
	.p_replen = 1 + POST_OP_ATTR_WORDS + 3,
	.p_name = "READ",
};

static const struct rpc_procinfo nfs3_write_proc = {
	.p_proc = NFS3PROC_WRITE,
	.p_encode = nfs3_enc_write,
	.p_decode = nfs3_dec_write,
	.p_arglen = FH3_WORDS + 2 + 1 + 1 + 1,
	.p_replen = 1 + WCC_DATA_WORDS + 2 + VERF3_WORDS,
	.p_name = "WRITE",
};

static const struct rpc_procinfo nfs3_commit_proc = {
	.p_proc = NFS3PROC_COMMIT,
	.p_encode = nfs3_enc_commit,
	.p_decode = nfs3_dec_commit,
	.p_arglen = FH3_WORDS + 2 + 1,
	.p_replen = 1 + WCC_DATA_WORDS + VERF3_WORDS,
	.p_name = "COMMIT",
};

/* ------------------------------------------------------------ calls */

/* Fill @msg for one call of @proc and clear what the decoders add to. */
static void nfs3_prepare(struct rpc_message *msg, const struct rpc_procinfo *proc,
			 const struct inode *inode, struct nfs_io_args *args,
			 struct nfs_io_res *res, const struct cred *cred)
{
	args->fh = NFS_FH(inode);
	res->fattr.valid = 0;
	res->fattr.time_start = jiffies;
	msg->rpc_proc = proc;
	msg->rpc_argp = args;
	msg->rpc_resp = res;
	msg->rpc_cred = cred;
}

static int nfs3_call_sync(struct inode *inode, const struct rpc_procinfo *proc,
			  struct nfs_io_args *args, struct nfs_io_res *res,
			  const struct cred *cred)
{
	struct rpc_message msg;

	nfs3_prepare(&msg, proc, inode, args, res, cred);
	return nfs_io_errno(rpc_call_sync(NFS_SERVER(inode)->client, &msg, 0));
}

static int nfs3_call_async(struct inode *inode, const struct rpc_procinfo *proc,
			   struct nfs_io_args *args, struct nfs_io_res *res,
			   const struct cred *cred, const struct rpc_call_ops *ops,
			   void *calldata)
{
	struct rpc_message msg;

	nfs3_prepare(&msg, proc, inode, args, res, cred);
	return nfs_io_errno(rpc_call_async(NFS_SERVER(inode)->client, &msg, 0,
					   ops, calldata));
}

/* READ: res->pages/pgbase say where the data goes; res->count is how much came. */
int nfs3_proc_read(struct inode *inode, struct nfs_io_args *args,
		   struct nfs_io_res *res, const struct cred *cred)
{
	res->maxcount = args->count;
	return nfs3_call_sync(inode, &nfs3_read_proc, args, res, cred);
}

int nfs3_proc_read_async(struct inode *inode, struct nfs_io_args *args,
			 struct nfs_io_res *res, const struct cred *cred,
			 const struct rpc_call_ops *ops, void *calldata)
{
	res->maxcount = args->count;
	return nfs3_call_async(inode, &nfs3_read_proc, args, res, cred, ops, calldata);
}

int nfs3_proc_write(struct inode *inode, struct nfs_io_args *args,
		    struct nfs_io_res *res, const struct cred *cred)
{
	return nfs3_call_sync(inode, &nfs3_write_proc, args, res, cred);
}

int nfs3_proc_write_async(struct inode *inode, struct nfs_io_args *args,
			  struct nfs_io_res *res, const struct cred *cred,
			  const struct rpc_call_ops *ops, void *calldata)
{
	return nfs3_call_async(inode, &nfs3_write_proc, args, res, cred, ops, calldata);
}

int nfs3_proc_commit(struct inode *inode, struct nfs_io_args *args,
		     struct nfs_io_res *res, const struct cred *cred)
{
	return nfs3_call_sync(inode, &nfs3_commit_proc, args, res, cred);
}

int nfs3_proc_commit_async(struct inode *inode, struct nfs_io_args *args,
			   struct nfs_io_res *res, const struct cred *cred,
			   const struct rpc_call_ops *ops, void *calldata)
{
	return nfs3_call_async(inode, &nfs3_commit_proc, args, res, cred, ops, calldata);
}
