/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The ONC RPC client (RFC 5531) the NFS client and the MOUNT protocol
 * client use: net/sunrpc/.
 *
 * A program (struct rpc_program) has versions, a version has procedures
 * (struct rpc_procinfo): each procedure names the functions that encode
 * its arguments and decode its result.  rpc_create() makes a client
 * bound to one server address, program, version and transport (TCP with
 * record marking, or UDP); it asks the server's portmapper (RFC 1833,
 * PMAPPROC_GETPORT) for the port when the address carries port 0.
 *
 * Calls:
 *   rpc_call_sync()   encode, send, wait for the reply with the same XID,
 *                     decode; retransmit after the timeout with backoff.
 *   rpc_call_async()  the same, the caller's done() runs later in an RPC
 *                     worker thread (process context, may sleep).  Many
 *                     calls may be outstanding on one client; replies are
 *                     matched by XID.
 *
 * Credentials: AUTH_SYS (RFC 5531 appendix A) built from msg->rpc_cred,
 * or from the calling task's credentials when that is NULL (fsuid, fsgid,
 * up to 16 supplementary groups, the machine name from utsname()).
 *
 * Result codes of a call:
 *   0 / >= 0     the decoder's return value (the call was answered with
 *                MSG_ACCEPTED/SUCCESS and decoded)
 *   -ETIMEDOUT   soft client: no reply after timeout->to_retries
 *                retransmissions (the NFS client turns it into -EIO)
 *   -EINTR       a fatal signal (SIGKILL) ended the wait; a hard client
 *                otherwise retries forever, logging "server not responding"
 *                once and "OK" when it answers again
 *   -EACCES      MSG_DENIED (AUTH_ERROR), -EPROTONOSUPPORT PROG_UNAVAIL/
 *                PROG_MISMATCH/PROC_UNAVAIL, -EIO GARBAGE_ARGS/SYSTEM_ERR
 *                or a reply the decoder rejected (logged once per client
 *                and procedure, rate limited)
 *   -ECONNREFUSED the server refused the connection (soft, or at create)
 *   -EMSGSIZE    the arguments did not fit in p_arglen
 * A TCP connection the server closes or resets is re-established and the
 * outstanding calls are sent again (same XIDs: the server's duplicate
 * request cache recognises them).
 *
 * Locking: a client is used by any number of tasks at once; the transport
 * serialises sends (one record at a time on a TCP stream) internally.
 * rpc_shutdown_client() waits for the calls in flight (or fails them with
 * -EIO after killing the transport) and frees the client.
 */
#ifndef _LINUX_SUNRPC_CLNT_H
#define _LINUX_SUNRPC_CLNT_H

#include <linux/types.h>
#include <linux/socket.h>
#include <linux/sunrpc/xdr.h>

struct cred;
struct rpc_clnt;
struct sockaddr_in;

/* RFC 5531 constants. */
#define RPC_VERSION		2
#define RPC_CALL		0
#define RPC_REPLY		1
#define RPC_MSG_ACCEPTED	0
#define RPC_MSG_DENIED		1
#define RPC_SUCCESS		0
#define RPC_PROG_UNAVAIL	1
#define RPC_PROG_MISMATCH	2
#define RPC_PROC_UNAVAIL	3
#define RPC_GARBAGE_ARGS	4
#define RPC_SYSTEM_ERR		5
#define RPC_MISMATCH		0
#define RPC_AUTH_ERROR		1
#define RPC_AUTH_NULL		0
#define RPC_AUTH_UNIX		1	/* AUTH_SYS */
#define RPC_MAX_AUTH_SIZE	400
#define RPC_LAST_FRAGMENT	0x80000000u	/* TCP record marking */

/* RFC 1833 portmapper version 2. */
#define RPCBIND_PROGRAM		100000
#define RPCBIND_PORT		111
#define PMAP_VERSION		2
#define PMAPPROC_NULL		0
#define PMAPPROC_GETPORT	3

/* One procedure of one program version. */
struct rpc_procinfo {
	u32 p_proc;			/* procedure number */
	/* Encode *argp after the RPC header; may call xdr_write_pages(). */
	void (*p_encode)(struct xdr_stream *xdr, const void *argp);
	/*
	 * Decode the procedure's result into *resp; the stream starts after
	 * the accepted-reply header.  Returns >= 0 (passed to the caller)
	 * or a negative errno; -EIO for anything malformed or short.
	 */
	int (*p_decode)(struct xdr_stream *xdr, void *resp);
	unsigned int p_arglen;		/* largest arguments, in XDR words */
	unsigned int p_replen;		/* largest reply without bulk data, words */
	const char *p_name;		/* for log lines and /proc */
};

struct rpc_version {
	u32 number;
	unsigned int nrprocs;		/* procs[] is indexed by procedure number */
	const struct rpc_procinfo *procs;
	atomic_long_t *counts;		/* NULL, or nrprocs calls-per-procedure
					   counters (<linux/sunrpc/stats.h>) */
};

struct rpc_program {
	const char *name;		/* "nfs", "mount", "rpcbind" */
	u32 number;
	unsigned int nrvers;		/* version[] indexed by version number */
	const struct rpc_version **version;
	struct rpc_stat *stats;		/* NULL, or the program's call counters */
};

/*
 * Retransmission: the first timeout is to_initval jiffies; each
 * retransmission adds to_increment (or doubles, when to_exponential), up
 * to to_maxval; a soft client gives up after to_retries retransmissions.
 * nfs(5): timeo is in tenths of a second, retrans the retry count.
 */
struct rpc_timeout {
	unsigned long to_initval;
	unsigned long to_maxval;
	unsigned long to_increment;
	unsigned int to_retries;
	bool to_exponential;
};

/* rpc_create_args.flags */
#define RPC_CLNT_CREATE_SOFT	0x1	/* give up after to_retries */
#define RPC_CLNT_CREATE_NOPING	0x2	/* do not call procedure 0 at create */
#define RPC_CLNT_CREATE_RESVPORT 0x4	/* bind a privileged source port
					   (servers that demand "secure") */

struct rpc_create_args {
	int protocol;				/* IPPROTO_TCP or IPPROTO_UDP */
	const struct sockaddr_in *address;	/* port 0: ask the portmapper */
	const struct rpc_program *program;
	u32 version;
	const struct rpc_timeout *timeout;	/* NULL: 6 s linear, 3 retries */
	const char *servername;			/* for log lines */
	unsigned long flags;
};

struct rpc_message {
	const struct rpc_procinfo *rpc_proc;
	const void *rpc_argp;
	void *rpc_resp;
	const struct cred *rpc_cred;		/* NULL: the caller's */
};

/* Asynchronous completion: runs in an RPC worker thread. */
struct rpc_call_ops {
	/* @status as rpc_call_sync() would have returned it. */
	void (*rpc_call_done)(int status, void *calldata);
};

/* rpc_call_*() flags */
#define RPC_TASK_SOFT		0x1	/* this call is soft even on a hard client */
#define RPC_TASK_NOWAIT_CONN	0x2	/* fail with -ENOTCONN instead of
					   waiting for a reconnect */

struct rpc_clnt *rpc_create(const struct rpc_create_args *args);
void rpc_shutdown_client(struct rpc_clnt *clnt);
int rpc_call_sync(struct rpc_clnt *clnt, const struct rpc_message *msg,
		  int flags);
/*
 * Queue the call; 0 when queued (done() will run exactly once), or a
 * negative errno when it could not even be queued (done() does not run).
 * msg->rpc_argp/rpc_resp and any pages must stay valid until done().
 */
int rpc_call_async(struct rpc_clnt *clnt, const struct rpc_message *msg,
		   int flags, const struct rpc_call_ops *ops, void *calldata);
/* Ask the portmapper at @server (port ignored) for a program's port. */
int rpcb_getport_sync(const struct sockaddr_in *server, u32 prog, u32 vers,
		      int protocol, u16 *port);
/* The server address a client talks to (port included). */
void rpc_peeraddr(struct rpc_clnt *clnt, struct sockaddr_in *addr);
/* The client's transport: IPPROTO_TCP or IPPROTO_UDP. */
int rpc_protocol(struct rpc_clnt *clnt);

/* ---- appended by rpc ---- */
/*
 * rpc_create() returns the client or an ERR_PTR() (never NULL).
 * Parse a dotted-quad IPv4 address ("10.0.2.2", nothing after it) into
 * @sin: family AF_INET, port 0.  0 or -EINVAL.
 */
int rpc_pton4(const char *s, struct sockaddr_in *sin);

#endif /* _LINUX_SUNRPC_CLNT_H */
