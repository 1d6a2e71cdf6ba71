// SPDX-License-Identifier: GPL-2.0-only
/*
 * The "nfs" file system type: mount options, the MOUNT protocol call,
 * setting up a super block for one export (RPC client, FSINFO, root
 * inode, its own backing device), statfs, /proc/mounts, remount and
 * umount.  NFS version 3 only.
 *
 * Mounting.  mount(2) gets "host:/path" and either text options (what
 * mount(8) and busybox pass: "vers=3,tcp,nolock,port=2049,addr=...") or
 * the binary struct nfs_mount_data of <uapi/linux/nfs_mount.h>
 * (versions 3 to 6).  Both become a struct nfs_mount_opts before any
 * super block exists, so a bad option fails the mount with nothing to
 * undo.  The server address comes from addr= or from a numeric host
 * (the kernel resolves no names); the mount daemon's from mountaddr= or
 * the same.  Then nfs_fill_super(): MOUNTPROC3_MNT for the root handle
 * (unless binary data brought one), an RPC client for the NFS program
 * with the mount's timeouts, FSINFO (transfer sizes, largest file),
 * PATHCONF (name length), GETATTR of the root.
 *
 * Every mount is a separate super block with an anonymous device number
 * 0:NN and a backing_dev_info registered under the same name, so
 * /sys/class/bdi/0:NN exists and the per-BDI dirty limits and flusher
 * treat each mount as a device of its own.
 *
 * Unmounting (nfs_kill_sb): the VFS has already refused a busy mount;
 * the inodes are written back and evicted while the RPC client still
 * works, then the export is released with MOUNTPROC3_UMNT (best effort),
 * the client shut down, the BDI unregistered, and the device number
 * freed last so no new mount can reuse the BDI's name too early.
 *
 * Locking: the VFS holds s_umount around fill_super, remount and
 * kill_sb.  remount changes only the attribute-cache lifetimes and
 * flags that readers take one word at a time.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/kstrtox.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/dcache.h>
#include <linux/statfs.h>
#include <linux/seq_file.h>
#include <linux/backing-dev.h>
#include <linux/kdev_t.h>
#include <linux/jiffies.h>
#include <linux/init.h>
#include <linux/printk.h>
#include <uapi/linux/nfs_mount.h>
#include <linux/sunrpc/stats.h>
#include "internal.h"

/* nfs(5) defaults */
#define NFS_DEF_TIMEO_TCP	600	/* tenths of a second */
#define NFS_DEF_TIMEO_UDP	11
#define NFS_DEF_RETRANS_TCP	2
#define NFS_DEF_RETRANS_UDP	3
#define NFS_DEF_ACREGMIN	3	/* seconds */
#define NFS_DEF_ACREGMAX	60
#define NFS_DEF_ACDIRMIN	30
#define NFS_DEF_ACDIRMAX	60
/* Largest READ/WRITE we ask for, and the default when none is given. */
#define NFS_MAX_TRANSFER	(1024 * 1024)
/* A retransmission never waits longer than this (TCP, linear growth). */
#define NFS_MAX_TIMEO_TCP	(600 * HZ)
#define NFS_MAX_TIMEO_UDP	(60 * HZ)
#define NFS_OPT_UNSET		(~0u)

struct nfs_mount_opts {
	int flags;			/* NFS_MOUNT_* */
	int protocol;			/* IPPROTO_TCP / IPPROTO_UDP */
	int mount_protocol;		/* 0: as protocol */
	u32 mount_version;
	u16 port, mount_port;		/* 0: ask the portmapper */
	bool have_addr, have_mountaddr;
	__be32 addr, mountaddr;
	unsigned int timeo, retrans;	/* NFS_OPT_UNSET: by protocol */
	unsigned int rsize, wsize;	/* 0: negotiate */
	unsigned int acregmin, acregmax, acdirmin, acdirmax; /* seconds */
	unsigned int namlen;		/* 0: from PATHCONF */
	bool have_root;			/* binary data carried the root */
	struct nfs_fh root;
	char *hostname;			/* "host" of host:/path */
	char *path;
};

/* --------------------------------------------------------- MOUNT */

/* ------------------------------------------------- option parsing */

/* "a.b.c.d" -> network-order address; -EINVAL if it is not one. */
static int nfs_parse_ipv4(const char *s, __be32 *out)
{
	struct sockaddr_in sin;
	int err = rpc_pton4(s, &sin);

	if (!err)
		*out = sin.sin_addr.s_addr;
	return err;
}

static int nfs_parse_proto(const char *val, int *proto)
{
	if (!strcmp(val, "tcp"))
		*proto = IPPROTO_TCP;
	else if (!strcmp(val, "udp"))
		*proto = IPPROTO_UDP;
	else
		return -EINVAL;
	return 0;
}

/* vers=/nfsvers=: "3" only; 2 and 4 (4.0, 4.1 ...) are not built. */
static int nfs_parse_version(const char *val)
{
	if (!strcmp(val, "3"))
		return 0;
	if (!strcmp(val, "2") || val[0] == '4') {
		pr_warn("nfs: NFS version %s is not supported, only vers=3\n",
			val);
		return -EPROTONOSUPPORT;
	}
	pr_warn("nfs: bad value for vers: \"%s\"\n", val);
	return -EINVAL;
}

enum nfs_opt {
	OPT_VERS, OPT_PROTO, OPT_TCP, OPT_UDP, OPT_PORT, OPT_MOUNTPORT,
	OPT_MOUNTPROTO, OPT_MOUNTVERS, OPT_ADDR, OPT_MOUNTADDR, OPT_TIMEO,
	OPT_RETRANS, OPT_RSIZE, OPT_WSIZE, OPT_ACTIMEO, OPT_ACREGMIN,
	OPT_ACREGMAX, OPT_ACDIRMIN, OPT_ACDIRMAX, OPT_LOCK, OPT_SEC,
	OPT_NAMLEN, OPT_LOCAL_LOCK,
	OPT_FLAG,		/* sets .set and clears .clear in the flags */
	OPT_IGNORED,
};

/* Options with a value carry '='; OPT_FLAG ones only move flag bits. */
static const struct {
	const char *name;
	enum nfs_opt opt;
	bool value;
	int set, clear;			/* NFS_MOUNT_* of OPT_FLAG */
} nfs_opt_names[] = {
	{ "vers", OPT_VERS, true },
	{ "nfsvers", OPT_VERS, true },
	{ "proto", OPT_PROTO, true },
	{ "tcp", OPT_TCP, false },
	{ "udp", OPT_UDP, false },
	{ "port", OPT_PORT, true },
	{ "mountport", OPT_MOUNTPORT, true },
	{ "mountproto", OPT_MOUNTPROTO, true },
	{ "mountvers", OPT_MOUNTVERS, true },
	{ "addr", OPT_ADDR, true },
	{ "mountaddr", OPT_MOUNTADDR, true },
	{ "hard", OPT_FLAG, false, 0, NFS_MOUNT_SOFT },
	{ "soft", OPT_FLAG, false, NFS_MOUNT_SOFT, 0 },
	{ "timeo", OPT_TIMEO, true },
	{ "retrans", OPT_RETRANS, true },
	{ "rsize", OPT_RSIZE, true },
	{ "wsize", OPT_WSIZE, true },
	{ "ac", OPT_FLAG, false, 0, NFS_MOUNT_NOAC },
	{ "noac", OPT_FLAG, false, NFS_MOUNT_NOAC, 0 },
	{ "actimeo", OPT_ACTIMEO, true },
	{ "acregmin", OPT_ACREGMIN, true },
	{ "acregmax", OPT_ACREGMAX, true },
	{ "acdirmin", OPT_ACDIRMIN, true },
	{ "acdirmax", OPT_ACDIRMAX, true },
	{ "lock", OPT_LOCK, false },
	{ "nolock", OPT_FLAG, false, NFS_MOUNT_NONLM, 0 },
	{ "cto", OPT_FLAG, false, 0, NFS_MOUNT_NOCTO },
	{ "nocto", OPT_FLAG, false, NFS_MOUNT_NOCTO, 0 },
	{ "rdirplus", OPT_FLAG, false, 0, NFS_MOUNT_NORDIRPLUS },
	{ "nordirplus", OPT_FLAG, false, NFS_MOUNT_NORDIRPLUS, 0 },
	{ "sec", OPT_SEC, true },
	{ "namlen", OPT_NAMLEN, true },
	{ "resvport", OPT_FLAG, false, NFS_MOUNT_SECURE, 0 },
	{ "noresvport", OPT_FLAG, false, 0, NFS_MOUNT_SECURE },
	{ "local_lock", OPT_LOCAL_LOCK, true },
	/* Accepted without effect: no interruptible waits besides SIGKILL
	 * (nfs(5) says the same of intr since 2.6.25), and the generic
	 * flags mount(8) normally turns into MS_* bits itself. */
	{ "intr", OPT_IGNORED, false },
	{ "nointr", OPT_IGNORED, false },
	{ "ro", OPT_IGNORED, false },
	{ "rw", OPT_IGNORED, false },
	{ "defaults", OPT_IGNORED, false },
	{ "relatime", OPT_IGNORED, false },
	{ "noatime", OPT_IGNORED, false },
	{ "atime", OPT_IGNORED, false },
	{ "sync", OPT_IGNORED, false },
	{ "async", OPT_IGNORED, false },
	{ "fg", OPT_IGNORED, false },
	{ "bg", OPT_IGNORED, false },
	{ "retry", OPT_IGNORED, true },
	{ "clientaddr", OPT_IGNORED, true },
	{ "mounthost", OPT_IGNORED, true },
};

/* One decimal option value, within [lo, hi]. */
static int nfs_opt_uint(const char *name, const char *val, unsigned int lo,
			unsigned int hi, unsigned int *out)
{
	unsigned int v;

	if (kstrtouint(val, 10, &v) || v < lo || v > hi) {
		pr_warn("nfs: bad value for %s: \"%s\"\n", name, val);
		return -EINVAL;
	}
	*out = v;
	return 0;
}

static int nfs_opt_port(const char *name, const char *val, u16 *port)
{
	unsigned int v;
	int err = nfs_opt_uint(name, val, 0, 65535, &v);

	if (!err)
		*port = v;
	return err;
}

static int nfs_apply_opt(struct nfs_mount_opts *o, enum nfs_opt opt,
			 const char *name, const char *val)
{
	unsigned int v;
	int err = 0;

	switch (opt) {
	case OPT_VERS:
		return nfs_parse_version(val);
	case OPT_PROTO:
		err = nfs_parse_proto(val, &o->protocol);
		break;
	case OPT_TCP:
		o->protocol = IPPROTO_TCP;
		break;
	case OPT_UDP:
		o->protocol = IPPROTO_UDP;
		break;
	case OPT_PORT:
		return nfs_opt_port(name, val, &o->port);
	case OPT_MOUNTPORT:
		return nfs_opt_port(name, val, &o->mount_port);
	case OPT_MOUNTPROTO:
		err = nfs_parse_proto(val, &o->mount_protocol);
		break;
	case OPT_MOUNTVERS:
		err = nfs_opt_uint(name, val, 3, 3, &o->mount_version);
		break;
	case OPT_ADDR:
		err = nfs_parse_ipv4(val, &o->addr);
		o->have_addr = !err;
		break;
	case OPT_MOUNTADDR:
		err = nfs_parse_ipv4(val, &o->mountaddr);
		o->have_mountaddr = !err;
		break;
	case OPT_TIMEO:
		return nfs_opt_uint(name, val, 1, 36000, &o->timeo);
	case OPT_RETRANS:
		return nfs_opt_uint(name, val, 0, 1000, &o->retrans);
	case OPT_RSIZE:
		return nfs_opt_uint(name, val, 0, INT_MAX, &o->rsize);
	case OPT_WSIZE:
		return nfs_opt_uint(name, val, 0, INT_MAX, &o->wsize);
	case OPT_ACTIMEO:
		err = nfs_opt_uint(name, val, 0, 36000, &v);
		if (!err)
			o->acregmin = o->acregmax = o->acdirmin = o->acdirmax = v;
		break;
	case OPT_ACREGMIN:
		return nfs_opt_uint(name, val, 0, 36000, &o->acregmin);
	case OPT_ACREGMAX:
		return nfs_opt_uint(name, val, 0, 36000, &o->acregmax);
	case OPT_ACDIRMIN:
		return nfs_opt_uint(name, val, 0, 36000, &o->acdirmin);
	case OPT_ACDIRMAX:
		return nfs_opt_uint(name, val, 0, 36000, &o->acdirmax);
	case OPT_LOCK:
		/* No NLM client: the mount goes on, without locking. */
		pr_warn("nfs: locking not supported, using nolock\n");
		o->flags |= NFS_MOUNT_NONLM;
		break;
	case OPT_SEC:
		if (strcmp(val, "sys")) {
			pr_warn("nfs: sec=%s is not supported, only sec=sys\n",
				val);
			return -EINVAL;
		}
		break;
	case OPT_NAMLEN:
		return nfs_opt_uint(name, val, 1, NFS3_MAXNAMLEN, &o->namlen);
	case OPT_LOCAL_LOCK:
		/* Without NLM every lock is local already. */
		if (strcmp(val, "none") && strcmp(val, "all") &&
		    strcmp(val, "flock") && strcmp(val, "posix"))
			err = -EINVAL;
		break;
	case OPT_FLAG:
	case OPT_IGNORED:
		break;
	}
	if (err)
		pr_warn("nfs: bad value for %s: \"%s\"\n", name, val);
	return err;
}

/* Text options, comma separated; @text is modified. */
static int nfs_parse_text(char *text, struct nfs_mount_opts *o)
{
	char *item;

	while ((item = strsep(&text, ",")) != NULL) {
		char *val = strchr(item, '=');
		unsigned int i;
		int err;

		if (!*item)
			continue;
		if (val)
			*val++ = '\0';
		for (i = 0; i < ARRAY_SIZE(nfs_opt_names); i++)
			if (!strcmp(item, nfs_opt_names[i].name))
				break;
		if (i == ARRAY_SIZE(nfs_opt_names)) {
			pr_warn("nfs: unknown mount option \"%s\"\n", item);
			return -EINVAL;
		}
		if (nfs_opt_names[i].value != !!val) {
			pr_warn("nfs: option \"%s\" %s\n", item,
				val ? "takes no value" : "needs a value");
			return -EINVAL;
		}
		o->flags = (o->flags & ~nfs_opt_names[i].clear) |
			   nfs_opt_names[i].set;
		err = nfs_apply_opt(o, nfs_opt_names[i].opt, item, val);
		if (err)
			return err;
	}
	return 0;
}

static void nfs_default_opts(struct nfs_mount_opts *o)
{
	*o = (struct nfs_mount_opts) {
		.protocol = IPPROTO_TCP, .mount_version = 3,
		.timeo = NFS_OPT_UNSET, .retrans = NFS_OPT_UNSET,
		.acregmin = NFS_DEF_ACREGMIN, .acregmax = NFS_DEF_ACREGMAX,
		.acdirmin = NFS_DEF_ACDIRMIN, .acdirmax = NFS_DEF_ACDIRMAX,
	};
}

/*
 * Does @data look like struct nfs_mount_data?  Text starts with a
 * printable character; the binary form with a small version number.
 */
static bool nfs_is_binary(const void *data)
{
	const int *version = data;

	return data && *version >= 1 && *version <= NFS_MOUNT_VERSION;
}

static int nfs_parse_binary(const struct nfs_mount_data *d,
			    struct nfs_mount_opts *o)
{
	if (d->version < 3) {
		pr_warn("nfs: nfs_mount_data version %d too old for NFSv3\n",
			d->version);
		return -EINVAL;
	}
	if (!(d->flags & NFS_MOUNT_VER3)) {
		pr_warn("nfs: NFS version 2 is not supported, only vers=3\n");
		return -EPROTONOSUPPORT;
	}
	if (d->addr.sin_family != AF_INET) {
		pr_warn("nfs: nfs_mount_data without an IPv4 address\n");
		return -EINVAL;
	}
	if (d->version >= 5 && (d->flags & NFS_MOUNT_SECFLAVOUR) &&
	    d->pseudoflavor != RPC_AUTH_UNIX) {
		pr_warn("nfs: security flavour %d is not supported\n",
			d->pseudoflavor);
		return -EINVAL;
	}
	o->flags = d->flags & (NFS_MOUNT_SOFT | NFS_MOUNT_NOCTO |
			       NFS_MOUNT_NOAC | NFS_MOUNT_TCP |
			       NFS_MOUNT_NONLM | NFS_MOUNT_NORDIRPLUS);
	o->protocol = d->flags & NFS_MOUNT_TCP ? IPPROTO_TCP : IPPROTO_UDP;
	o->have_addr = true;
	o->addr = d->addr.sin_addr.s_addr;
	o->port = be16_to_cpu(d->addr.sin_port);
	if (d->timeo > 0)
		o->timeo = d->timeo;
	if (d->retrans >= 0)
		o->retrans = d->retrans;
	o->rsize = d->rsize > 0 ? d->rsize : 0;
	o->wsize = d->wsize > 0 ? d->wsize : 0;
	if (d->acregmin >= 0)
		o->acregmin = d->acregmin;
	if (d->acregmax >= 0)
		o->acregmax = d->acregmax;
	if (d->acdirmin >= 0)
		o->acdirmin = d->acdirmin;
	if (d->acdirmax >= 0)
		o->acdirmax = d->acdirmax;
	if (d->namlen > 0 && d->namlen <= NFS3_MAXNAMLEN)
		o->namlen = d->namlen;
	if (d->version >= 4 && d->root.size) {
		if (d->root.size > NFS3_FHSIZE)
			return -EINVAL;
		o->root.size = d->root.size;
		memcpy(o->root.data, d->root.data, d->root.size);
		o->have_root = true;
	}
	return 0;
}

/* "host:/path" -> hostname, path; a numeric host is the address too. */
static int nfs_parse_source(const char *source, struct nfs_mount_opts *o)
{
	const char *colon = source ? strchr(source, ':') : NULL;
	__be32 numeric;

	if (!colon || colon == source || colon[1] != '/') {
		pr_warn("nfs: source must be host:/path, not \"%s\"\n",
			source ? source : "");
		return -EINVAL;
	}
	if (strlen(colon + 1) > MNTPATHLEN)
		return -ENAMETOOLONG;
	o->hostname = kstrndup(source, colon - source, GFP_KERNEL);
	o->path = kstrdup(colon + 1, GFP_KERNEL);
	if (!o->hostname || !o->path)
		return -ENOMEM;
	if (!o->have_addr && !nfs_parse_ipv4(o->hostname, &numeric)) {
		o->addr = numeric;
		o->have_addr = true;
	}
	if (!o->have_addr) {
		pr_warn("nfs: cannot resolve \"%s\" in the kernel: add addr=\n",
			o->hostname);
		return -EINVAL;
	}
	if (!o->have_mountaddr) {
		o->mountaddr = o->addr;
		o->have_mountaddr = true;
	}
	return 0;
}

/* Defaults that depend on the transport, once everything is parsed. */
static void nfs_finish_opts(struct nfs_mount_opts *o)
{
	bool tcp = o->protocol == IPPROTO_TCP;

	if (o->timeo == NFS_OPT_UNSET)
		o->timeo = tcp ? NFS_DEF_TIMEO_TCP : NFS_DEF_TIMEO_UDP;
	if (o->retrans == NFS_OPT_UNSET)
		o->retrans = tcp ? NFS_DEF_RETRANS_TCP : NFS_DEF_RETRANS_UDP;
	if (!o->mount_protocol)
		o->mount_protocol = o->protocol;
	if (tcp)
		o->flags |= NFS_MOUNT_TCP;
	else
		o->flags &= ~NFS_MOUNT_TCP;
	if (o->flags & NFS_MOUNT_NOAC)
		o->acregmin = o->acregmax = o->acdirmin = o->acdirmax = 0;
	if (o->acregmax < o->acregmin)
		o->acregmax = o->acregmin;
	if (o->acdirmax < o->acdirmin)
		o->acdirmax = o->acdirmin;
}

static void nfs_free_opts(struct nfs_mount_opts *o)
{
	kfree(o->hostname);
	kfree(o->path);
	kfree(o);
}

/* ---------------------------------------------------- super block */

static void nfs_set_ac(struct nfs_server *server,
		       const struct nfs_mount_opts *o)
{
	server->acregmin = o->acregmin * HZ;
	server->acregmax = o->acregmax * HZ;
	server->acdirmin = o->acdirmin * HZ;
	server->acdirmax = o->acdirmax * HZ;
}

/* A transfer size: what was asked (or the default), at most what the
 * server takes, a whole number of pages. */
static unsigned int nfs_io_size(unsigned int asked, u32 server_max)
{
	unsigned int size = asked ? asked : NFS_MAX_TRANSFER;

	size = min_t(unsigned int, size, NFS_MAX_TRANSFER);
	if (server_max)
		size = min_t(unsigned int, size, server_max);
	size &= PAGE_MASK;
	return size ? size : PAGE_SIZE;
}

static struct sockaddr_in nfs_sockaddr(__be32 addr, u16 port)
{
	struct sockaddr_in sin = {
		.sin_family = AF_INET,
		.sin_port = cpu_to_be16(port),
	};

	sin.sin_addr.s_addr = addr;
	return sin;
}

static int nfs_create_client(struct nfs_server *server)
{
	unsigned long initial = max_t(unsigned long,
				      server->timeo * HZ / 10, 1);
	bool tcp = server->protocol == IPPROTO_TCP;
	struct rpc_timeout timeout = {
		.to_initval = initial,
		.to_retries = server->retrans,
	};
	struct rpc_create_args args = {
		.protocol = server->protocol,
		.address = &server->addr,
		.program = &nfs_program,
		.version = NFS3_VERSION,
		.timeout = &timeout,
		.servername = server->hostname,
	};
	struct rpc_clnt *clnt;

	/* nfs(5): TCP grows linearly by timeo, UDP doubles. */
	if (tcp) {
		timeout.to_increment = initial;
		timeout.to_maxval = max(NFS_MAX_TIMEO_TCP, initial);
	} else {
		timeout.to_exponential = true;
		timeout.to_maxval = max(NFS_MAX_TIMEO_UDP, initial);
	}
	if (server->flags & NFS_MOUNT_SOFT)
		args.flags |= RPC_CLNT_CREATE_SOFT;
	if (server->flags & NFS_MOUNT_SECURE)
		args.flags |= RPC_CLNT_CREATE_RESVPORT;
	clnt = rpc_create(&args);
	if (IS_ERR(clnt))
		return PTR_ERR(clnt);
	server->client = clnt;
	/* The portmapper may have filled in the port. */
	rpc_peeraddr(clnt, &server->addr);
	return 0;
}

/* FSINFO and PATHCONF of the root: transfer sizes, limits, name length. */
static int nfs_probe_fs(struct nfs_server *server, struct super_block *sb,
			const struct nfs_mount_opts *o)
{
	struct nfs_fsinfo fi;
	struct nfs_pathconf pc;
	int err;

	memset(&fi, 0, sizeof(fi));
	err = nfs3_proc_fsinfo(server, &server->root_fh, &fi);
	if (err)
		return err;
	server->rsize = nfs_io_size(o->rsize, fi.rtmax);
	server->wsize = nfs_io_size(o->wsize, fi.wtmax);
	server->dtsize = clamp_t(unsigned int, fi.dtpref ? fi.dtpref : 8192,
				 1024, 65536);
	server->maxfilesize = fi.maxfilesize;
	server->fsinfo_properties = fi.properties;
	if (fi.maxfilesize && fi.maxfilesize < (u64)MAX_LFS_FILESIZE)
		sb->s_maxbytes = fi.maxfilesize;
	else
		sb->s_maxbytes = MAX_LFS_FILESIZE;

	server->namlen = o->namlen;
	if (!server->namlen) {
		memset(&pc, 0, sizeof(pc));
		if (!nfs3_proc_pathconf(server, &server->root_fh, &pc) &&
		    pc.name_max)
			server->namlen = min_t(u32, pc.name_max,
					       NFS3_MAXNAMLEN);
		else
			server->namlen = NFS3_MAXNAMLEN;
	}
	return 0;
}

/* The mount's own backing device, named after its device number. */
static int nfs_setup_bdi(struct nfs_server *server, struct super_block *sb)
{
	struct backing_dev_info *bdi = bdi_alloc();
	int err;

	if (!bdi)
		return -ENOMEM;
	/* Read-ahead of a few whole READs keeps the pipe to the server full. */
	bdi->ra_pages = max_t(unsigned long, VM_READAHEAD_PAGES,
			      4 * (server->rsize >> PAGE_SHIFT));
	bdi->io_pages = server->rsize >> PAGE_SHIFT;
	err = bdi_register(bdi, "%u:%u", MAJOR(sb->s_dev), MINOR(sb->s_dev));
	if (err) {
		bdi_put(bdi);
		return err;
	}
	server->bdi = bdi;
	sb->s_bdi = bdi;
	return 0;
}

/* Allowed security flavours of an export: AUTH_SYS must be one. */
#define NFS_MAX_FLAVORS		8

/* MOUNTPROC3_MNT: the export's root handle. */
static int nfs_mnt(struct nfs_server *server, const struct nfs_mount_opts *o)
{
	struct sockaddr_in mnt_addr = nfs_sockaddr(o->mountaddr, 0);
	u32 flavors[NFS_MAX_FLAVORS];
	unsigned int i, nr = ARRAY_SIZE(flavors);
	int err;

	err = nfs_mount_call(&mnt_addr, o->mount_port, o->mount_protocol,
			     server->export_path, &server->root_fh, flavors,
			     &nr);
	if (err) {
		pr_warn("nfs: %s:%s: MOUNT failed (%d)\n", server->hostname,
			server->export_path, err);
		return err;
	}
	server->mounted = true;
	/* An empty list: the server does not say; try AUTH_SYS. */
	for (i = 0; i < nr; i++)
		if (flavors[i] == RPC_AUTH_UNIX || flavors[i] == RPC_AUTH_NULL)
			return 0;
	if (!nr)
		return 0;
	pr_warn("nfs: %s:%s: export does not accept AUTH_SYS (sec=sys)\n",
		server->hostname, server->export_path);
	return -EACCES;
}

static const struct super_operations nfs_sops;

static int nfs_fill_super(struct super_block *sb, void *data, int silent)
{
	struct nfs_mount_opts *o = data;
	struct nfs_server *server;
	struct nfs_fattr fattr;
	struct inode *root;
	int err;

	server = kmalloc(sizeof(*server), GFP_KERNEL);
	if (!server)
		return -ENOMEM;
	/* The strings move to the server; the options no longer own them. */
	*server = (struct nfs_server) {
		.sb = sb, .flags = o->flags, .protocol = o->protocol,
		.timeo = o->timeo, .retrans = o->retrans,
		.addr = nfs_sockaddr(o->addr, o->port),
		.hostname = o->hostname, .export_path = o->path,
		.mountd_addr = o->mountaddr, .mountd_port = o->mount_port,
		.mountd_protocol = o->mount_protocol,
	};
	o->hostname = o->path = NULL;
	sb->s_fs_info = server;
	nfs_set_ac(server, o);

	sb->s_magic = NFS_SUPER_MAGIC;
	sb->s_op = &nfs_sops;
	sb->s_d_op = &nfs_dentry_operations;
	sb->s_time_gran = 1;
	snprintf(sb->s_id, sizeof(sb->s_id), "%u:%u", MAJOR(sb->s_dev),
		 MINOR(sb->s_dev));
	if (server->flags & NFS_MOUNT_NOAC)
		sb->s_flags |= SB_SYNCHRONOUS;

	if (o->have_root) {
		server->root_fh = o->root;
	} else {
		err = nfs_mnt(server, o);
		if (err)
			return err;
	}

	err = nfs_create_client(server);
	if (err) {
		pr_warn("nfs: %s: cannot reach the NFS service (%d)\n",
			server->hostname, err);
		return err;
	}
	err = nfs_probe_fs(server, sb, o);
	if (!err)
		err = nfs3_proc_getattr(server, &server->root_fh, &fattr);
	if (err) {
		pr_warn("nfs: %s:%s: FSINFO/GETATTR of the root failed (%d)\n",
			server->hostname, server->export_path, err);
		return err;
	}
	if (fattr.type != NF3DIR) {
		pr_warn("nfs: %s:%s is not a directory\n", server->hostname,
			server->export_path);
		return -ENOTDIR;
	}
	server->fsid = fattr.fsid;

	err = nfs_setup_bdi(server, sb);
	if (err)
		return err;

	root = nfs_fhget(sb, &server->root_fh, &fattr);
	if (IS_ERR(root))
		return PTR_ERR(root);
	sb->s_root = d_make_root(root);
	if (!sb->s_root)
		return -ENOMEM;
	return 0;
}

static void nfs_kill_sb(struct super_block *sb)
{
	struct nfs_server *server = NFS_SB(sb);
	dev_t dev = sb->s_dev;
	struct sockaddr_in mnt_addr;

	/* Write back and evict every inode while the client still works. */
	generic_shutdown_super(sb);
	if (server) {
		if (server->mounted) {
			mnt_addr = nfs_sockaddr(server->mountd_addr, 0);
			nfs_umount_call(&mnt_addr, server->mountd_port,
					server->mountd_protocol,
					server->export_path);
		}
		if (server->client)
			rpc_shutdown_client(server->client);
		if (server->bdi) {
			bdi_unregister(server->bdi);
			bdi_put(server->bdi);
			sb->s_bdi = NULL;
		}
		kfree(server->hostname);
		kfree(server->export_path);
		kfree(server);
		sb->s_fs_info = NULL;
	}
	/* Only now may another mount get this number (and BDI name). */
	free_anon_bdev(dev);
}

/* --------------------------------------------------------- statfs */

/* The block size statfs reports: the largest power of two <= wsize. */
static unsigned int nfs_report_bsize(const struct nfs_server *server)
{
	unsigned int b = 512;

	while (b * 2 <= server->wsize && b < NFS_MAX_TRANSFER)
		b *= 2;
	return b;
}

static int nfs_statfs(struct dentry *dentry, struct kstatfs *buf)
{
	struct nfs_server *server = NFS_SB(dentry->d_sb);
	unsigned int bsize = nfs_report_bsize(server);
	struct nfs_fsstat st;
	int err;

	err = nfs3_proc_fsstat(server, &server->root_fh, &st);
	if (err)
		return err;
	buf->f_type = NFS_SUPER_MAGIC;
	buf->f_bsize = bsize;
	buf->f_frsize = bsize;
	/* A partly used last block still counts (df rounds the same way). */
	buf->f_blocks = DIV_ROUND_UP_ULL(st.tbytes, bsize);
	buf->f_bfree = DIV_ROUND_UP_ULL(st.fbytes, bsize);
	buf->f_bavail = DIV_ROUND_UP_ULL(st.abytes, bsize);
	buf->f_files = st.tfiles;
	buf->f_ffree = st.afiles;
	buf->f_namelen = server->namlen;
	/* No fsid: the server's is not unique across servers. */
	buf->f_fsid.val[0] = 0;
	buf->f_fsid.val[1] = 0;
	return 0;
}

/* ------------------------------------------------- /proc/mounts */

static void nfs_show_addr(struct seq_file *m, const char *name, __be32 addr)
{
	u32 a = be32_to_cpu(addr);

	seq_printf(m, ",%s=%u.%u.%u.%u", name, a >> 24, (a >> 16) & 0xff,
		   (a >> 8) & 0xff, a & 0xff);
}

static const char *nfs_proto_name(int protocol)
{
	return protocol == IPPROTO_UDP ? "udp" : "tcp";
}

static const struct {
	const char *name;
	size_t offset;
	unsigned long dflt;
} nfs_ac_show[] = {
	{ "acregmin", offsetof(struct nfs_server, acregmin), NFS_DEF_ACREGMIN },
	{ "acregmax", offsetof(struct nfs_server, acregmax), NFS_DEF_ACREGMAX },
	{ "acdirmin", offsetof(struct nfs_server, acdirmin), NFS_DEF_ACDIRMIN },
	{ "acdirmax", offsetof(struct nfs_server, acdirmax), NFS_DEF_ACDIRMAX },
};

static int nfs_show_options(struct seq_file *m, struct dentry *root)
{
	struct nfs_server *server = NFS_SB(root->d_sb);
	int flags = server->flags;
	unsigned int i;

	seq_printf(m, ",vers=3,rsize=%u,wsize=%u,namlen=%u", server->rsize,
		   server->wsize, server->namlen);
	/* Lifetimes other than nfs(5)'s defaults (noac: all zero). */
	for (i = 0; i < ARRAY_SIZE(nfs_ac_show); i++) {
		unsigned long secs = *(const unsigned long *)
			((const char *)server + nfs_ac_show[i].offset) / HZ;

		if (secs != nfs_ac_show[i].dflt)
			seq_printf(m, ",%s=%lu", nfs_ac_show[i].name, secs);
	}
	seq_puts(m, flags & NFS_MOUNT_SOFT ? ",soft" : ",hard");
	if (flags & NFS_MOUNT_NOAC)
		seq_puts(m, ",noac");
	if (flags & NFS_MOUNT_NOCTO)
		seq_puts(m, ",nocto");
	if (flags & NFS_MOUNT_NONLM)
		seq_puts(m, ",nolock");
	if (flags & NFS_MOUNT_NORDIRPLUS)
		seq_puts(m, ",nordirplus");
	seq_printf(m, ",proto=%s", nfs_proto_name(server->protocol));
	if (be16_to_cpu(server->addr.sin_port) != NFS_PORT)
		seq_printf(m, ",port=%u", be16_to_cpu(server->addr.sin_port));
	seq_printf(m, ",timeo=%u,retrans=%u,sec=sys", server->timeo,
		   server->retrans);
	if (server->mounted) {
		nfs_show_addr(m, "mountaddr", server->mountd_addr);
		seq_puts(m, ",mountvers=3");
		if (server->mountd_port)
			seq_printf(m, ",mountport=%u", server->mountd_port);
		seq_printf(m, ",mountproto=%s",
			   nfs_proto_name(server->mountd_protocol));
	}
	seq_printf(m, ",local_lock=%s",
		   flags & NFS_MOUNT_NONLM ? "all" : "none");
	nfs_show_addr(m, "addr", server->addr.sin_addr.s_addr);
	return 0;
}

/* -------------------------------------------------------- remount */

/*
 * MS_REMOUNT: ro/rw come as flags (the VFS applies them); text options
 * may change the attribute cache (ac, noac, actimeo, ac*min/max), cto
 * and rdirplus.  Transport options must keep their values.
 */
static int nfs_remount(struct super_block *sb, int *flags, char *data)
{
	struct nfs_server *server = NFS_SB(sb);
	struct nfs_mount_opts *o;
	int err = 0;

	if (!data || !*data || nfs_is_binary(data))
		goto sync;
	o = kmalloc(sizeof(*o), GFP_KERNEL);
	if (!o)
		return -ENOMEM;
	nfs_default_opts(o);
	o->flags = server->flags & ~NFS_MOUNT_NOAC;
	o->protocol = server->protocol;
	o->timeo = server->timeo;
	o->retrans = server->retrans;
	o->port = be16_to_cpu(server->addr.sin_port);
	o->acregmin = server->acregmin / HZ;
	o->acregmax = server->acregmax / HZ;
	o->acdirmin = server->acdirmin / HZ;
	o->acdirmax = server->acdirmax / HZ;
	if (server->flags & NFS_MOUNT_NOAC) {
		o->acregmin = NFS_DEF_ACREGMIN;
		o->acregmax = NFS_DEF_ACREGMAX;
		o->acdirmin = NFS_DEF_ACDIRMIN;
		o->acdirmax = NFS_DEF_ACDIRMAX;
		/* noac stays unless "ac" comes. */
		o->flags |= NFS_MOUNT_NOAC;
	}
	err = nfs_parse_text(data, o);
	if (!err)
		nfs_finish_opts(o);
	if (!err && (o->protocol != server->protocol ||
		     o->timeo != server->timeo ||
		     o->retrans != server->retrans ||
		     o->port != be16_to_cpu(server->addr.sin_port) ||
		     (o->have_addr &&
		      o->addr != server->addr.sin_addr.s_addr) ||
		     (o->rsize && o->rsize != server->rsize) ||
		     (o->wsize && o->wsize != server->wsize) ||
		     (o->flags ^ server->flags) & NFS_MOUNT_SOFT)) {
		pr_warn("nfs: remount cannot change the transport or timeouts\n");
		err = -EINVAL;
	}
	if (!err) {
		server->flags = o->flags;
		nfs_set_ac(server, o);
	}
	nfs_free_opts(o);
	if (err)
		return err;
sync:
	/* Going read-only: what is dirty goes to the server first. */
	if ((*flags & SB_RDONLY) && !sb_rdonly(sb))
		sync_filesystem(sb);
	return 0;
}

/* ---------------------------------------------------------- mount */

static struct dentry *nfs_mount(struct file_system_type *type, int flags,
				const char *dev_name, void *data)
{
	struct nfs_mount_opts *o;
	struct dentry *root;
	int err;

	o = kmalloc(sizeof(*o), GFP_KERNEL);
	if (!o)
		return ERR_PTR(-ENOMEM);
	nfs_default_opts(o);
	if (nfs_is_binary(data))
		err = nfs_parse_binary(data, o);
	else
		err = data ? nfs_parse_text(data, o) : 0;
	if (!err)
		err = nfs_parse_source(dev_name, o);
	if (err) {
		nfs_free_opts(o);
		return ERR_PTR(err);
	}
	nfs_finish_opts(o);
	root = mount_nodev(type, flags, o, nfs_fill_super);
	nfs_free_opts(o);
	return root;
}

static const struct super_operations nfs_sops = {
	.alloc_inode = nfs_alloc_inode,
	.destroy_inode = nfs_destroy_inode,
	.evict_inode = nfs_evict_inode,
	.write_inode = nfs_write_inode,
	.statfs = nfs_statfs,
	.show_options = nfs_show_options,
	.remount_fs = nfs_remount,
};

struct file_system_type nfs_fs_type = {
	.name = "nfs",
	.mount = nfs_mount,
	.kill_sb = nfs_kill_sb,
};

static int __init init_nfs_fs(void)
{
	int err = nfs_inode_cache_init();

	if (!err)
		err = register_filesystem(&nfs_fs_type);
	if (err) {
		pr_err("nfs: cannot register the file system: %d\n", err);
		return err;
	}
	if (rpc_proc_register(&nfs_program))
		pr_warn("nfs: cannot create /proc/net/rpc/nfs\n");
	return 0;
}
module_init(init_nfs_fs);

#ifdef CONFIG_SELFTESTS
#include "super_test.c"
#endif
