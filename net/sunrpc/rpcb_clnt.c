// SPDX-License-Identifier: GPL-2.0-only
/*
 * Portmapper client (RFC 1833, version 2): which port does a server's
 * program listen on?  rpcb_getport_sync() asks the portmapper at port 111
 * of the server with PMAPPROC_GETPORT over the transport the program will
 * be used with.
 *
 *   struct mapping { unsigned int prog, vers, prot, port; };
 *   unsigned int PMAPPROC_GETPORT(mapping) = 3;   0: not registered
 *
 * Locking: none of its own; each lookup makes a short-lived soft client.
 */
#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/errno.h>
#include "sunrpc.h"

/* The lookup is short: 2 s, then 4 s, one retransmission. */
static const struct rpc_timeout rpcb_timeout = {
	.to_initval = 2 * HZ,
	.to_increment = 2 * HZ,
	.to_maxval = 4 * HZ,
	.to_retries = 1,
};

struct rpcb_map {
	u32 prog, vers, prot, port;
};

static void rpcb_encode_getport(struct xdr_stream *xdr, const void *argp)
{
	const struct rpcb_map *map = argp;

	xdr_encode_u32(xdr, map->prog);
	xdr_encode_u32(xdr, map->vers);
	xdr_encode_u32(xdr, map->prot);
	xdr_encode_u32(xdr, map->port);
}

static int rpcb_decode_getport(struct xdr_stream *xdr, void *resp)
{
	u32 *port = resp;

	if (xdr_decode_u32(xdr, port) || *port > 0xffff)
		return -EIO;
	return 0;
}

static const struct rpc_procinfo rpcb_procs_v2[] = {
	[PMAPPROC_NULL] = {
		.p_proc = PMAPPROC_NULL,
		.p_name = "NULL",
	},
	[PMAPPROC_GETPORT] = {
		.p_proc = PMAPPROC_GETPORT,
		.p_encode = rpcb_encode_getport,
		.p_decode = rpcb_decode_getport,
		.p_arglen = 4,
		.p_replen = 1,
		.p_name = "GETPORT",
	},
};

static const struct rpc_version rpcb_version2 = {
	.number = PMAP_VERSION,
	.nrprocs = ARRAY_SIZE(rpcb_procs_v2),
	.procs = rpcb_procs_v2,
};

static const struct rpc_version *rpcb_versions[] = {
	[PMAP_VERSION] = &rpcb_version2,
};

static const struct rpc_program rpcb_program = {
	.name = "rpcbind",
	.number = RPCBIND_PROGRAM,
	.nrvers = ARRAY_SIZE(rpcb_versions),
	.version = rpcb_versions,
};

/* 0 and *port set; -EPROTONOSUPPORT when the program is not registered. */
int rpcb_getport_sync(const struct sockaddr_in *server, u32 prog, u32 vers,
		      int protocol, u16 *port)
{
	struct sockaddr_in addr = *server;
	struct rpcb_map map = { .prog = prog, .vers = vers, .prot = protocol };
	struct rpc_create_args args = {
		.protocol = protocol,
		.address = &addr,
		.program = &rpcb_program,
		.version = PMAP_VERSION,
		.timeout = &rpcb_timeout,
		.flags = RPC_CLNT_CREATE_SOFT | RPC_CLNT_CREATE_NOPING,
	};
	struct rpc_message msg = {
		.rpc_proc = &rpcb_procs_v2[PMAPPROC_GETPORT],
		.rpc_argp = &map,
	};
	struct rpc_clnt *clnt;
	u32 result = 0;
	int err;

	addr.sin_family = AF_INET;
	addr.sin_port = htons(RPCBIND_PORT);
	clnt = rpc_create(&args);
	if (IS_ERR(clnt))
		return PTR_ERR(clnt);
	msg.rpc_resp = &result;
	err = rpc_call_sync(clnt, &msg, 0);
	rpc_shutdown_client(clnt);
	if (err)
		return err;
	if (!result)
		return -EPROTONOSUPPORT;
	*port = result;
	return 0;
}
