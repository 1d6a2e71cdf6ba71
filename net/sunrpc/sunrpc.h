/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * net/sunrpc internals: the transport (one socket to one server), the
 * requests in flight on it, and the helpers clnt.c, xprtsock.c,
 * auth_unix.c and the self tests share.  Not for users of the client:
 * they see <linux/sunrpc/clnt.h> only.
 *
 * Objects:
 *   struct rpc_clnt   program + version + timeouts + flags, one transport
 *   struct rpc_xprt   a TCP or UDP socket to the server and two kernel
 *                     threads: "rpcsend" connects and transmits, "rpcrecv"
 *                     reads replies and hands them to the waiting request
 *   struct rpc_rqst   one call: the encoded message, its XID, the reply
 *
 * Locking: xprt->lock (a spinlock, never held across socket calls)
 * guards the two queues, every rqst's rq_state/rq_list/rq_reply, and the
 * connection state fields marked below.  The socket is created, replaced
 * and released by the send thread only; the receive thread borrows it
 * while xprt->rx_busy is set, and the send thread waits for rx_busy to
 * drop before releasing a socket.
 */
#ifndef _NET_SUNRPC_SUNRPC_H
#define _NET_SUNRPC_SUNRPC_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/socket.h>
#include <uapi/linux/in.h>
#include <linux/sunrpc/clnt.h>

struct socket;
struct task_struct;
struct cred;

/* Largest reply record accepted on a stream: 1 MiB of bulk data plus
 * headers is what NFS asks for at most; anything far beyond is a
 * corrupted record mark, and the stream is dropped and reconnected. */
#define RPC_MAX_RECORD		(4u << 20)
/* Largest UDP reply (one IPv4 datagram). */
#define RPC_MAX_DGRAM		65536u

/* rqst->rq_state */
enum rpc_rq_state {
	RQ_NEW,		/* not handed to the transport yet */
	RQ_QUEUED,	/* on xprt->sendq, waiting for the send thread */
	RQ_SENT,	/* on xprt->recvq, waiting for its reply */
	RQ_REPLIED,	/* rq_reply holds the reply; off every list */
	RQ_FAILED,	/* rq_error says why; off every list */
};

struct rpc_rqst {
	struct list_head rq_list;	/* sendq or recvq entry (xprt->lock) */
	struct rpc_xprt *rq_xprt;
	u32 rq_xid;
	enum rpc_rq_state rq_state;	/* xprt->lock */
	int rq_error;			/* RQ_FAILED: the errno */
	void *rq_reply;			/* RQ_REPLIED: the record, rpc_free_record() */
	size_t rq_reply_len;
	unsigned int rq_transmits;	/* times handed to the socket */
	wait_queue_head_t rq_wait;	/* the caller sleeps here */
	struct xdr_buf rq_snd;		/* the encoded call */
	__be32 rq_marker;		/* TCP record mark, filled at send time */
};

struct rpc_xprt {
	int proto;			/* IPPROTO_TCP / IPPROTO_UDP */
	struct sockaddr_in addr;
	bool resvport;			/* bind a source port below 1024 */
	char name[32];			/* "a.b.c.d" for log lines */

	spinlock_t lock;
	struct list_head sendq;		/* rqsts to (re)transmit, FIFO */
	struct list_head recvq;		/* rqsts sent, waiting for a reply */
	struct rpc_rqst *sending;	/* rqst the send thread is writing */
	struct socket *sock;		/* NULL while disconnected */
	unsigned int gen;		/* bumped at every successful connect */
	bool connected;			/* sock usable */
	bool broken;			/* the connection failed: reconnect */
	bool rx_busy;			/* the receive thread uses sock */
	bool stopping;			/* rpc_xprt_destroy() running */
	int conn_error;			/* last connect attempt, 0 if it worked */
	unsigned int conn_attempts;	/* failed connects in a row */

	struct task_struct *send_thread, *recv_thread;
	wait_queue_head_t send_wait;	/* send thread: work or state change */
	wait_queue_head_t recv_wait;	/* receive thread: a new socket */
	wait_queue_head_t state_wait;	/* rx_busy, sending, conn_error */

	/* Counters for the debugfs line (xprt->lock or racy reads). */
	unsigned long stat_sends, stat_replies, stat_unmatched;
	unsigned long stat_garbage, stat_connects;
};

struct rpc_clnt {
	const struct rpc_program *cl_program;
	u32 cl_prog, cl_vers;
	const struct rpc_version *cl_version;
	struct rpc_timeout cl_timeout;
	bool cl_soft;
	char cl_server[64];		/* for "server X not responding" */
	u32 cl_stamp;			/* AUTH_SYS stamp */
	struct rpc_xprt *cl_xprt;
	atomic_t cl_active;		/* calls running (sync and async) */
	bool cl_shutdown;		/* refuse new calls */
	wait_queue_head_t cl_wait;	/* cl_active reached 0 */
	atomic_t cl_unresponsive;	/* "not responding" logged, no "OK" yet */
	unsigned long cl_log_time;	/* jiffies of the last bad-reply line */
	unsigned int cl_log_suppressed;
	struct list_head cl_all;	/* rpc_clients (debugfs) */
};

/* ---- xprtsock.c ---- */
struct rpc_xprt *rpc_xprt_create(int proto, const struct sockaddr_in *addr,
				 bool resvport);
void rpc_xprt_destroy(struct rpc_xprt *xprt);
/* Set up the fields of an xprt without threads or socket (self tests). */
void rpc_xprt_init(struct rpc_xprt *xprt, int proto,
		   const struct sockaddr_in *addr);
/* Queue @req for transmission (RQ_NEW or RQ_SENT -> RQ_QUEUED). */
void rpc_xprt_transmit(struct rpc_rqst *req);
/* Take @req off the transport (the caller gave up); waits while it is
 * being written to the socket. */
void rpc_xprt_cancel(struct rpc_rqst *req);
/* A received record: find the rqst with its XID and complete it.  Takes
 * ownership of @rec.  Returns 0, or -ENOENT when nobody waits for it. */
int rpc_xprt_deliver(struct rpc_xprt *xprt, void *rec, size_t len);
/* Fail every queued and sent rqst with @err (shutdown). */
void rpc_xprt_fail_all(struct rpc_xprt *xprt, int err);

/* Record marking (RFC 5531 section 11): read one record through @read,
 * which fills exactly @len bytes or returns a negative errno.  *@rec is
 * allocated with rpc_alloc_record().  -EMSGSIZE when the record would
 * exceed @max (the stream cannot be trusted after that). */
typedef int (*rpc_read_fn)(void *ctx, void *buf, size_t len);
int rpc_read_record(rpc_read_fn read, void *ctx, size_t max, void **rec,
		    size_t *len);
void *rpc_alloc_record(size_t len);
void rpc_free_record(void *rec);

/* ---- clnt.c ---- */
/* Next retransmission timeout after @cur (rpc_timeout rules). */
unsigned long rpc_backoff(const struct rpc_timeout *to, unsigned long cur);
/* Check the reply header (RFC 5531 section 9) after the XID; leaves the
 * stream at the procedure's results.  0 or the errno clnt.h promises. */
int rpc_decode_reply_header(struct xdr_stream *xdr);
/* Write the call header (XID, CALL, RPC version, program, version,
 * procedure, credential, verifier) into @xdr. */
void rpc_encode_call_header(struct xdr_stream *xdr, u32 xid, u32 prog,
			    u32 vers, u32 proc, const struct cred *cred,
			    u32 stamp);
u32 rpc_alloc_xid(void);
/* Every client, for debugfs (rpc_clients_lock). */
extern struct list_head rpc_clients;
extern spinlock_t rpc_clients_lock;

/* ---- auth_unix.c ---- */
/* Credential (AUTH_SYS) and verifier (AUTH_NULL) for @cred. */
void rpcauth_encode_unix(struct xdr_stream *xdr, const struct cred *cred,
			 u32 stamp);
/* Words the credential and verifier take at most. */
#define RPCAUTH_MAX_WORDS	(2 + RPC_MAX_AUTH_SIZE / 4 + 2)

#endif /* _NET_SUNRPC_SUNRPC_H */
