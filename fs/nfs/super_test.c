// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of the NFS mount option handling (fs/nfs/super.c, which
 * includes this file under CONFIG_SELFTESTS to reach its static
 * functions): text options and their defaults, refused versions and
 * flavours, the host:/path source, IPv4 addresses, the binary
 * nfs_mount_data, and the transfer-size rules.  No server is involved.
 */
#include <linux/selftest.h>

/* Parse @text (copied: the parser writes into it) and @source. */
static int st_parse(const char *text, const char *source,
		    struct nfs_mount_opts *o)
{
	char buf[256];
	int err;

	nfs_default_opts(o);
	strscpy(buf, text, sizeof(buf));
	err = nfs_parse_text(buf, o);
	if (!err)
		err = nfs_parse_source(source, o);
	if (!err)
		nfs_finish_opts(o);
	return err;
}

static void st_release(struct nfs_mount_opts *o)
{
	kfree(o->hostname);
	kfree(o->path);
	o->hostname = o->path = NULL;
}

static int test_text_options(void)
{
	struct nfs_mount_opts o;
	int err;

	err = st_parse("vers=3,tcp,nolock,port=20510,mountport=20511,mountproto=udp,addr=10.0.2.2,soft,timeo=15,retrans=4,rsize=65536,wsize=32768,actimeo=7,nocto,nordirplus,sec=sys,namlen=200,intr",
		       "server:/export/dir", &o);
	ST_ASSERT(!err, "parse failed: %d", err);
	ST_ASSERT(o.protocol == IPPROTO_TCP && o.mount_protocol == IPPROTO_UDP,
		  "protocols");
	ST_ASSERT(o.port == 20510 && o.mount_port == 20511, "ports");
	ST_ASSERT(o.have_addr && o.addr == cpu_to_be32(0x0a000202), "addr");
	ST_ASSERT(o.mountaddr == o.addr, "mountaddr defaults to addr");
	ST_ASSERT(o.flags == (NFS_MOUNT_NONLM | NFS_MOUNT_SOFT |
			      NFS_MOUNT_NOCTO | NFS_MOUNT_NORDIRPLUS |
			      NFS_MOUNT_TCP), "flags %x", o.flags);
	ST_ASSERT(o.timeo == 15 && o.retrans == 4, "timeo/retrans");
	ST_ASSERT(o.rsize == 65536 && o.wsize == 32768, "sizes");
	ST_ASSERT(o.acregmin == 7 && o.acregmax == 7 && o.acdirmin == 7 &&
		  o.acdirmax == 7, "actimeo");
	ST_ASSERT(o.namlen == 200, "namlen");
	ST_ASSERT(!strcmp(o.hostname, "server") &&
		  !strcmp(o.path, "/export/dir"), "source");
	st_release(&o);

	/* Defaults by transport (nfs(5)), and a numeric host as address. */
	err = st_parse("vers=3,udp", "192.168.1.20:/x", &o);
	ST_ASSERT(!err && o.protocol == IPPROTO_UDP && o.timeo == 11 &&
		  o.retrans == 3 && o.mount_protocol == IPPROTO_UDP, "udp");
	ST_ASSERT(o.addr == cpu_to_be32(0xc0a80114), "numeric host");
	ST_ASSERT(o.acregmin == 3 && o.acregmax == 60 && o.acdirmin == 30 &&
		  o.acdirmax == 60, "ac defaults");
	st_release(&o);
	err = st_parse("", "10.0.0.1:/", &o);
	ST_ASSERT(!err && o.protocol == IPPROTO_TCP && o.timeo == 600 &&
		  o.retrans == 2 && !(o.flags & NFS_MOUNT_SOFT), "tcp defaults");
	st_release(&o);

	/* noac zeroes every lifetime; lock is accepted as nolock. */
	err = st_parse("noac,lock", "10.0.0.1:/e", &o);
	ST_ASSERT(!err && (o.flags & NFS_MOUNT_NOAC) &&
		  (o.flags & NFS_MOUNT_NONLM) && !o.acregmax && !o.acdirmax,
		  "noac/lock");
	st_release(&o);
	return 0;
}
DEFINE_SELFTEST("nfs: text mount options and their defaults", test_text_options);

static int test_refused_options(void)
{
	static const struct {
		const char *text, *source;
		int err;
	} cases[] = {
		{ "vers=4", "1.2.3.4:/e", -EPROTONOSUPPORT },
		{ "nfsvers=4.1", "1.2.3.4:/e", -EPROTONOSUPPORT },
		{ "vers=2", "1.2.3.4:/e", -EPROTONOSUPPORT },
		{ "vers=7", "1.2.3.4:/e", -EINVAL },
		{ "sec=krb5", "1.2.3.4:/e", -EINVAL },
		{ "bogus", "1.2.3.4:/e", -EINVAL },
		{ "proto=sctp", "1.2.3.4:/e", -EINVAL },
		{ "port=70000", "1.2.3.4:/e", -EINVAL },
		{ "timeo=0", "1.2.3.4:/e", -EINVAL },
		{ "tcp=1", "1.2.3.4:/e", -EINVAL },
		{ "port", "1.2.3.4:/e", -EINVAL },
		{ "addr=1.2.3", "1.2.3.4:/e", -EINVAL },
		{ "addr=1.2.3.256", "1.2.3.4:/e", -EINVAL },
		/* a name without addr=: the kernel resolves nothing */
		{ "", "fileserver:/e", -EINVAL },
		{ "", "1.2.3.4", -EINVAL },
		{ "", "1.2.3.4:e", -EINVAL },
		{ "", ":/e", -EINVAL },
	};
	struct nfs_mount_opts o;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		int err = st_parse(cases[i].text, cases[i].source, &o);

		st_release(&o);
		ST_ASSERT(err == cases[i].err, "\"%s\" %s gave %d, not %d",
			  cases[i].text, cases[i].source, err, cases[i].err);
	}
	/* A name is fine with addr= */
	ST_ASSERT(!st_parse("addr=10.1.2.3", "fileserver:/e", &o) &&
		  o.addr == cpu_to_be32(0x0a010203), "name + addr");
	st_release(&o);
	return 0;
}
DEFINE_SELFTEST("nfs: refused mount options and sources", test_refused_options);

static int test_binary_data(void)
{
	struct nfs_mount_data *d = kzalloc(sizeof(*d), GFP_KERNEL);
	struct nfs_mount_opts o;
	int err;

	ST_ASSERT(d, "no memory");
	ST_ASSERT(!nfs_is_binary("vers=3,tcp") && !nfs_is_binary(NULL),
		  "text taken for binary");
	*d = (struct nfs_mount_data) {
		.version = 6, .rsize = 32768, .timeo = 20, .retrans = 5,
		.flags = NFS_MOUNT_VER3 | NFS_MOUNT_TCP | NFS_MOUNT_SOFT |
			 NFS_MOUNT_NONLM,
		.acregmin = 1, .acregmax = 2, .acdirmin = 3, .acdirmax = 4,
		.addr = { .sin_family = AF_INET,
			  .sin_port = cpu_to_be16(2049),
			  .sin_addr = { cpu_to_be32(0x0a000202) } },
		.root = { .size = 8 },
	};
	memset(d->root.data, 0x5a, 8);
	ST_ASSERT(nfs_is_binary(d), "binary not recognised");
	nfs_default_opts(&o);
	err = nfs_parse_binary(d, &o);
	ST_ASSERT(!err, "v6: %d", err);
	ST_ASSERT(o.protocol == IPPROTO_TCP && o.port == 2049 &&
		  o.addr == cpu_to_be32(0x0a000202), "address");
	ST_ASSERT((o.flags & NFS_MOUNT_SOFT) && (o.flags & NFS_MOUNT_NONLM),
		  "flags");
	ST_ASSERT(o.rsize == 32768 && !o.wsize && o.timeo == 20 &&
		  o.retrans == 5, "sizes and timeouts");
	ST_ASSERT(o.acregmin == 1 && o.acregmax == 2 && o.acdirmin == 3 &&
		  o.acdirmax == 4, "lifetimes");
	ST_ASSERT(o.have_root && o.root.size == 8 && o.root.data[7] == 0x5a,
		  "root handle");

	/* Version 3 has no root handle: the kernel asks mountd. */
	d->version = 3;
	nfs_default_opts(&o);
	ST_ASSERT(!nfs_parse_binary(d, &o) && !o.have_root, "v3");
	/* Too old, NFSv2, an oversized handle, a foreign flavour. */
	d->version = 2;
	ST_ASSERT(nfs_parse_binary(d, &o) == -EINVAL, "v2 data");
	d->version = 6;
	d->flags &= ~NFS_MOUNT_VER3;
	ST_ASSERT(nfs_parse_binary(d, &o) == -EPROTONOSUPPORT, "NFSv2");
	d->flags |= NFS_MOUNT_VER3;
	d->root.size = NFS3_FHSIZE + 1;
	ST_ASSERT(nfs_parse_binary(d, &o) == -EINVAL, "big handle");
	d->root.size = 8;
	d->flags |= NFS_MOUNT_SECFLAVOUR;
	d->pseudoflavor = 390003;	/* RPCSEC_GSS krb5 */
	ST_ASSERT(nfs_parse_binary(d, &o) == -EINVAL, "flavour");
	kfree(d);
	return 0;
}
DEFINE_SELFTEST("nfs: binary nfs_mount_data versions 3-6", test_binary_data);

static int test_io_sizes(void)
{
	ST_ASSERT(nfs_io_size(0, 0) == NFS_MAX_TRANSFER, "default");
	ST_ASSERT(nfs_io_size(0, 65536) == 65536, "server max");
	ST_ASSERT(nfs_io_size(8 * 1024 * 1024, 0) == NFS_MAX_TRANSFER, "cap");
	ST_ASSERT(nfs_io_size(10000, 0) == 8192, "whole pages");
	ST_ASSERT(nfs_io_size(100, 0) == PAGE_SIZE, "at least a page");
	ST_ASSERT(nfs_io_size(65536, 32768 + 100) == 32768, "server odd max");
	return 0;
}
DEFINE_SELFTEST("nfs: rsize/wsize negotiation", test_io_sizes);
