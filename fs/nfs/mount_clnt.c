// SPDX-License-Identifier: GPL-2.0-only
/*
 * The MOUNT protocol version 3 client (RFC 1813 appendix I): before an
 * NFSv3 mount the server's mount daemon turns the export path into the
 * root file handle and says which authentication flavours it accepts;
 * at umount we tell it we are gone.
 *
 *   nfs_mount_call()   MOUNTPROC3_MNT(dirpath) -> mountres3
 *                      fhandle3 fhandle (opaque<64>), int auth_flavors<>
 *   nfs_umount_call()  MOUNTPROC3_UMNT(dirpath), best effort
 *
 * Port 0 asks the server's portmapper for the mount daemon's port.  Each
 * call makes its own short-lived soft RPC client.  A mountstat3 error
 * becomes the errno of the same meaning.
 *
 * /sys/kernel/debug/nfs_mount_test: write "PROTO ADDR PORT PATH" (PROTO
 * tcp or udp, PORT 0: ask the portmapper) to make an MNT call and its
 * UMNT by hand; the file handle and flavours go to the log.
 *
 * Locking: none; the clients are private to the call.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/jiffies.h>
#include <linux/debugfs.h>
#include <linux/kstrtox.h>
#include <asm/uaccess.h>
#include "internal.h"

/* mountstat3 */
enum {
	MNT3_OK = 0,
	MNT3ERR_PERM = 1,
	MNT3ERR_NOENT = 2,
	MNT3ERR_IO = 5,
	MNT3ERR_ACCES = 13,
	MNT3ERR_NOTDIR = 20,
	MNT3ERR_INVAL = 22,
	MNT3ERR_NAMETOOLONG = 63,
	MNT3ERR_NOTSUPP = 10004,
	MNT3ERR_SERVERFAULT = 10006,
};

/* Flavours kept from a reply; more are read and dropped. */
#define MNT_MAX_FLAVORS		16

/* MNT: 3 s, 6 s, 9 s, 12 s, then the mount fails. */
static const struct rpc_timeout mnt_timeout = {
	.to_initval = 3 * HZ,
	.to_increment = 3 * HZ,
	.to_maxval = 12 * HZ,
	.to_retries = 3,
};

/* UMNT is a courtesy: one second, one retransmission. */
static const struct rpc_timeout umnt_timeout = {
	.to_initval = HZ,
	.to_increment = HZ,
	.to_maxval = 2 * HZ,
	.to_retries = 1,
};

struct mnt_result {
	struct nfs_fh *fh;
	u32 *flavors;
	unsigned int room;	/* entries of flavors[] */
	unsigned int count;	/* stored */
};

static void mnt_encode_dirpath(struct xdr_stream *xdr, const void *argp)
{
	const char *path = argp;

	xdr_encode_string(xdr, path, strlen(path));
}

static int mnt_stat_to_errno(u32 stat)
{
	switch (stat) {
	case MNT3ERR_PERM:		return -EPERM;
	case MNT3ERR_NOENT:		return -ENOENT;
	case MNT3ERR_ACCES:		return -EACCES;
	case MNT3ERR_NOTDIR:		return -ENOTDIR;
	case MNT3ERR_INVAL:		return -EINVAL;
	case MNT3ERR_NAMETOOLONG:	return -ENAMETOOLONG;
	case MNT3ERR_NOTSUPP:		return -EOPNOTSUPP;
	case MNT3ERR_IO:
	case MNT3ERR_SERVERFAULT:
	default:			return -EIO;
	}
}

static int mnt_decode_mountres(struct xdr_stream *xdr, void *resp)
{
	struct mnt_result *res = resp;
	u32 stat, len, n, i, flavor;
	void *fh;

	if (xdr_decode_u32(xdr, &stat))
		return -EIO;
	if (stat != MNT3_OK)
		return mnt_stat_to_errno(stat);
	if (xdr_decode_opaque_inline(xdr, &fh, &len, NFS3_FHSIZE) ||
	    xdr_decode_u32(xdr, &n))
		return -EIO;
	res->fh->size = len;
	memcpy(res->fh->data, fh, len);
	res->count = 0;
	for (i = 0; i < n; i++) {
		if (xdr_decode_u32(xdr, &flavor))
			return -EIO;
		if (res->count < res->room)
			res->flavors[res->count++] = flavor;
	}
	return 0;
}

static const struct rpc_procinfo mnt_procs[] = {
	[MOUNTPROC3_NULL] = {
		.p_proc = MOUNTPROC3_NULL,
		.p_name = "NULL",
	},
	[MOUNTPROC3_MNT] = {
		.p_proc = MOUNTPROC3_MNT,
		.p_encode = mnt_encode_dirpath,
		.p_decode = mnt_decode_mountres,
		.p_arglen = 1 + XDR_WORDS(MNTPATHLEN),
		.p_replen = 1 + 1 + XDR_WORDS(NFS3_FHSIZE) + 1 + MNT_MAX_FLAVORS,
		.p_name = "MNT",
	},
	[MOUNTPROC3_UMNT] = {
		.p_proc = MOUNTPROC3_UMNT,
		.p_encode = mnt_encode_dirpath,
		.p_arglen = 1 + XDR_WORDS(MNTPATHLEN),
		.p_name = "UMNT",
	},
};

static const struct rpc_version mnt_version3 = {
	.number = NFS_MNT3_VERSION,
	.nrprocs = ARRAY_SIZE(mnt_procs),
	.procs = mnt_procs,
};

static const struct rpc_version *mnt_versions[] = {
	[NFS_MNT3_VERSION] = &mnt_version3,
};

static const struct rpc_program mnt_program = {
	.name = "mount",
	.number = NFS_MNT_PROGRAM,
	.nrvers = ARRAY_SIZE(mnt_versions),
	.version = mnt_versions,
};

static struct rpc_clnt *mnt_client(const struct sockaddr_in *server, u16 port,
				   int protocol, const struct rpc_timeout *to)
{
	struct sockaddr_in addr = *server;
	struct rpc_create_args args = {
		.protocol = protocol,
		.address = &addr,
		.program = &mnt_program,
		.version = NFS_MNT3_VERSION,
		.timeout = to,
		.flags = RPC_CLNT_CREATE_SOFT | RPC_CLNT_CREATE_NOPING,
	};

	addr.sin_family = AF_INET;
	addr.sin_port = htons(port);
	return rpc_create(&args);
}

int nfs_mount_call(const struct sockaddr_in *server, u16 port, int protocol,
		   const char *path, struct nfs_fh *fh, u32 *auth_flavors,
		   unsigned int *nr_flavors)
{
	struct mnt_result res = {
		.fh = fh,
		.flavors = auth_flavors,
		.room = auth_flavors ? *nr_flavors : 0,
	};
	struct rpc_message msg = {
		.rpc_proc = &mnt_procs[MOUNTPROC3_MNT],
		.rpc_argp = path,
		.rpc_resp = &res,
	};
	struct rpc_clnt *clnt;
	int err;

	if (strlen(path) > MNTPATHLEN)
		return -ENAMETOOLONG;
	clnt = mnt_client(server, port, protocol, &mnt_timeout);
	if (IS_ERR(clnt))
		return PTR_ERR(clnt);
	err = rpc_call_sync(clnt, &msg, 0);
	rpc_shutdown_client(clnt);
	if (!err)
		*nr_flavors = res.count;
	return err;
}

void nfs_umount_call(const struct sockaddr_in *server, u16 port, int protocol,
		     const char *path)
{
	struct rpc_message msg = {
		.rpc_proc = &mnt_procs[MOUNTPROC3_UMNT],
		.rpc_argp = path,
	};
	struct rpc_clnt *clnt;

	if (strlen(path) > MNTPATHLEN)
		return;
	clnt = mnt_client(server, port, protocol, &umnt_timeout);
	if (IS_ERR(clnt))
		return;
	rpc_call_sync(clnt, &msg, 0);
	rpc_shutdown_client(clnt);
}

/* ---- debugfs: an MNT call by hand ---- */

static ssize_t mnt_test_write(struct file *file, const char *ubuf, size_t count,
			      loff_t *ppos)
{
	char buf[160], *s = buf, *argv[4], hex[2 * NFS3_FHSIZE + 1];
	struct sockaddr_in sin;
	struct nfs_fh fh = {};
	u32 flavors[4];
	unsigned int nr = ARRAY_SIZE(flavors), port, i, argc = 0;
	int err, proto;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	while (argc < ARRAY_SIZE(argv)) {
		char *tok = strsep(&s, " \t\n");

		if (!tok)
			break;
		if (*tok)
			argv[argc++] = tok;
	}
	if (argc < 4 || rpc_pton4(argv[1], &sin) || kstrtouint(argv[2], 0, &port) ||
	    port > 0xffff || (strcmp(argv[0], "tcp") && strcmp(argv[0], "udp")))
		return -EINVAL;
	proto = strcmp(argv[0], "tcp") ? IPPROTO_UDP : IPPROTO_TCP;
	err = nfs_mount_call(&sin, port, proto, argv[3], &fh, flavors, &nr);
	if (err) {
		pr_info("nfs-mount-test: MNT %s:%s over %s: %d\n", argv[1], argv[3],
			argv[0], err);
		return err;
	}
	for (i = 0; i < fh.size; i++)
		snprintf(hex + 2 * i, 3, "%02x", fh.data[i]);
	hex[2 * fh.size] = '\0';
	pr_info("nfs-mount-test: MNT %s:%s over %s: fh(%u) %s flavors %u: %u %u\n",
		argv[1], argv[3], argv[0], fh.size, hex, nr, nr > 0 ? flavors[0] : 0,
		nr > 1 ? flavors[1] : 0);
	nfs_umount_call(&sin, port, proto, argv[3]);
	*ppos += count;
	return count;
}

static const struct file_operations mnt_test_fops = {
	.write = mnt_test_write,
};

static int __init nfs_mount_test_init(void)
{
	debugfs_create_file("nfs_mount_test", 0200, NULL, NULL, &mnt_test_fops);
	return 0;
}
late_initcall(nfs_mount_test_init);
