/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Per-program RPC call counters, shown in /proc/net/rpc/<program> in the
 * format nfsstat(8) reads (net/sunrpc/stats.c).  A program that wants them
 * points rpc_program.stats at a struct rpc_stat and each rpc_version.counts
 * at an array of nrprocs counters; clnt.c counts every call there.
 */
#ifndef _LINUX_SUNRPC_STATS_H
#define _LINUX_SUNRPC_STATS_H

#include <asm/atomic.h>

struct rpc_program;

struct rpc_stat {
	atomic_long_t rpccnt;		/* calls made (each counted once) */
	atomic_long_t rpcretrans;	/* retransmissions after a timeout */
};

/* /proc/net/rpc/<prog->name>; 0 or a negative errno. */
int rpc_proc_register(const struct rpc_program *prog);
void rpc_proc_unregister(const struct rpc_program *prog);

#endif /* _LINUX_SUNRPC_STATS_H */
