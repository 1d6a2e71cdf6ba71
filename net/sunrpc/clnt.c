// SPDX-License-Identifier: GPL-2.0-only
/*
 * The ONC RPC client (RFC 5531): <linux/sunrpc/clnt.h>.
 *
 * A call (struct rpc_call) is encoded once, in the caller's context:
 * the call header with a fresh XID, the AUTH_SYS credential of the caller
 * (or msg->rpc_cred), the procedure's arguments.  It is then handed to
 * the transport (xprtsock.c) and waited for:
 *
 *   rpc_call_sync()   the caller itself waits (killable: SIGKILL -> -EINTR)
 *   rpc_call_async()  a worker of the "rpciod" workqueue waits and then
 *                     runs the caller's done() in process context
 *
 * Timeouts: the waiter sleeps for the current timeout; when it passes
 * without a reply the call is queued for retransmission (same XID) and
 * the timeout grows (rpc_backoff(): linear by to_increment or doubling,
 * capped at to_maxval).  A soft call gives up after to_retries
 * retransmissions with -ETIMEDOUT (-ECONNREFUSED when the server refused
 * the last connection attempt); a hard call goes on, and the client logs
 * "<prog>: server X not responding, still trying" once per outage and
 * "<prog>: server X OK" at the first answer after it.
 *
 * The reply is checked here (rpc_decode_reply_header(): accepted or
 * denied, accept_stat, reject_stat -> the errno clnt.h lists) before the
 * procedure's decoder sees the results.
 *
 * Locking: a client is shared by any number of callers; cl_active counts
 * calls in progress and rpc_shutdown_client() waits for it to drop to
 * zero after failing what the transport still holds.  rpc_clients_lock
 * guards the list of clients (debugfs).
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/init.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/jiffies.h>
#include <linux/workqueue.h>
#include <linux/random.h>
#include <linux/cred.h>
#include <linux/sprintf.h>
#include <linux/string.h>
#include <linux/kstrtox.h>
#include <linux/sunrpc/stats.h>
#include "sunrpc.h"

/* Internal call flags, above the RPC_TASK_* of clnt.h. */
#define RPC_TASK_FAILFAST	0x100	/* a failed connect ends the call */

/* "NULL: 6 s linear, 3 retries" (clnt.h); increments capped at 60 s. */
static const struct rpc_timeout rpc_default_timeout = {
	.to_initval = 6 * HZ,
	.to_increment = 6 * HZ,
	.to_maxval = 60 * HZ,
	.to_retries = 3,
};

/* Words of the call header before the credential (RFC 5531 section 9). */
#define RPC_CALLHDR_WORDS	6

/* Bad replies are logged at most once per this interval per client. */
#define RPC_LOG_INTERVAL	(5 * HZ)

/* Procedure 0 of every program: no arguments, no results. */
static const struct rpc_procinfo rpc_null_proc = {
	.p_proc = 0,
	.p_name = "NULL",
};

LIST_HEAD(rpc_clients);
DEFINE_SPINLOCK(rpc_clients_lock);

static struct workqueue_struct *rpciod_wq;
static atomic_t rpc_next_xid;

struct rpc_call {
	struct rpc_clnt *clnt;
	const struct rpc_procinfo *proc;
	void *resp;
	int flags;
	struct rpc_rqst rq;
	/* async calls */
	const struct rpc_call_ops *ops;
	void *calldata;
	struct work_struct work;
};

u32 rpc_alloc_xid(void)
{
	return (u32)atomic_inc_return(&rpc_next_xid);
}

unsigned long rpc_backoff(const struct rpc_timeout *to, unsigned long cur)
{
	unsigned long next = to->to_exponential ? cur * 2 : cur + to->to_increment;

	if (next < cur)			/* wrapped */
		next = to->to_maxval ? to->to_maxval : cur;
	if (to->to_maxval && next > to->to_maxval)
		next = to->to_maxval;
	return next ? next : 1;
}

void rpc_encode_call_header(struct xdr_stream *xdr, u32 xid, u32 prog,
			    u32 vers, u32 proc, const struct cred *cred,
			    u32 stamp)
{
	xdr_encode_u32(xdr, xid);
	xdr_encode_u32(xdr, RPC_CALL);
	xdr_encode_u32(xdr, RPC_VERSION);
	xdr_encode_u32(xdr, prog);
	xdr_encode_u32(xdr, vers);
	xdr_encode_u32(xdr, proc);
	rpcauth_encode_unix(xdr, cred, stamp);
}

/*
 * reply_body after the XID and message type:
 *   MSG_ACCEPTED: verifier (flavour + opaque<400>), accept_stat, and for
 *                 PROG_MISMATCH the lowest and highest version supported;
 *   MSG_DENIED:   reject_stat, then versions (RPC_MISMATCH) or an
 *                 auth_stat (AUTH_ERROR).
 */
int rpc_decode_reply_header(struct xdr_stream *xdr)
{
	u32 mtype, stat, flavor, len, why;
	void *body;

	if (xdr_decode_u32(xdr, &mtype) || mtype != RPC_REPLY ||
	    xdr_decode_u32(xdr, &stat))
		return -EIO;
	if (stat == RPC_MSG_DENIED) {
		if (xdr_decode_u32(xdr, &why))
			return -EIO;
		switch (why) {
		case RPC_AUTH_ERROR:
			return -EACCES;
		case RPC_MISMATCH:
			return -EPROTONOSUPPORT;
		default:
			return -EIO;
		}
	}
	if (stat != RPC_MSG_ACCEPTED)
		return -EIO;
	if (xdr_decode_u32(xdr, &flavor) ||
	    xdr_decode_opaque_inline(xdr, &body, &len, RPC_MAX_AUTH_SIZE) ||
	    xdr_decode_u32(xdr, &stat))
		return -EIO;
	switch (stat) {
	case RPC_SUCCESS:
		return 0;
	case RPC_PROG_UNAVAIL:
	case RPC_PROG_MISMATCH:
	case RPC_PROC_UNAVAIL:
		return -EPROTONOSUPPORT;
	case RPC_GARBAGE_ARGS:
	case RPC_SYSTEM_ERR:
	default:
		return -EIO;
	}
}

static void rpc_log_bad_reply(struct rpc_clnt *clnt,
			      const struct rpc_procinfo *proc, int err)
{
	unsigned long now = jiffies;

	if (clnt->cl_log_time && time_before(now, clnt->cl_log_time + RPC_LOG_INTERVAL)) {
		clnt->cl_log_suppressed++;
		return;
	}
	clnt->cl_log_time = now;
	pr_warn("%s: server %s: bad reply to %s (%d), %u more suppressed\n",
		clnt->cl_program->name, clnt->cl_server,
		proc->p_name ? proc->p_name : "?", err, clnt->cl_log_suppressed);
	clnt->cl_log_suppressed = 0;
}

/* ------------------------------------------------------------- calls */

static void rpc_call_free(struct rpc_call *call)
{
	rpc_free_record(call->rq.rq_reply);
	kfree(call->rq.rq_snd.head.iov_base);
	kfree(call);
}

static struct rpc_call *rpc_call_new(struct rpc_clnt *clnt,
				     const struct rpc_message *msg, int flags)
{
	const struct rpc_procinfo *proc = msg->rpc_proc;
	const struct cred *cred = msg->rpc_cred ? msg->rpc_cred : current_cred();
	size_t cap = (RPC_CALLHDR_WORDS + RPCAUTH_MAX_WORDS + proc->p_arglen) * XDR_UNIT;
	struct rpc_call *call;
	struct xdr_stream xdr;

	call = kzalloc(sizeof(*call), GFP_KERNEL);
	if (!call)
		return ERR_PTR(-ENOMEM);
	call->rq.rq_snd.head.iov_base = kmalloc(cap, GFP_KERNEL);
	if (!call->rq.rq_snd.head.iov_base) {
		kfree(call);
		return ERR_PTR(-ENOMEM);
	}
	call->rq.rq_snd.head_cap = cap;
	call->clnt = clnt;
	call->proc = proc;
	call->resp = msg->rpc_resp;
	call->flags = flags;
	INIT_LIST_HEAD(&call->rq.rq_list);
	init_waitqueue_head(&call->rq.rq_wait);
	call->rq.rq_xprt = clnt->cl_xprt;
	call->rq.rq_state = RQ_NEW;
	call->rq.rq_xid = rpc_alloc_xid();

	xdr_init_encode(&xdr, &call->rq.rq_snd);
	rpc_encode_call_header(&xdr, call->rq.rq_xid, clnt->cl_prog,
			       clnt->cl_vers, proc->p_proc, cred, clnt->cl_stamp);
	if (proc->p_encode)
		proc->p_encode(&xdr, msg->rpc_argp);
	if (xdr.overflow) {
		rpc_call_free(call);
		return ERR_PTR(-EMSGSIZE);
	}
	return call;
}

static bool rpc_call_settled(struct rpc_call *call)
{
	struct rpc_rqst *rq = &call->rq;
	struct rpc_xprt *xprt = rq->rq_xprt;
	enum rpc_rq_state state = READ_ONCE(rq->rq_state);

	if (state == RQ_REPLIED || state == RQ_FAILED)
		return true;
	/* A failed connect ends calls that asked not to wait for one. */
	return (call->flags & (RPC_TASK_FAILFAST | RPC_TASK_NOWAIT_CONN)) &&
	       READ_ONCE(xprt->conn_error);
}

/* Check the reply and run the procedure's decoder. */
static int rpc_call_decode(struct rpc_call *call)
{
	struct xdr_buf buf = {};
	struct xdr_stream xdr;
	int status;

	xdr_init_decode(&xdr, &buf, call->rq.rq_reply, call->rq.rq_reply_len);
	xdr_inline_decode(&xdr, XDR_UNIT);	/* the XID, already matched */
	status = rpc_decode_reply_header(&xdr);
	if (!status && call->proc->p_decode)
		status = call->proc->p_decode(&xdr, call->resp);
	if (status == -EIO)
		rpc_log_bad_reply(call->clnt, call->proc, status);
	return status;
}

/* /proc/net/rpc/<program>: one more call, of procedure @proc. */
static void rpc_count_call(struct rpc_clnt *clnt, const struct rpc_procinfo *proc)
{
	const struct rpc_version *vers = clnt->cl_version;

	if (clnt->cl_program->stats)
		atomic_long_inc(&clnt->cl_program->stats->rpccnt);
	if (vers->counts && proc->p_proc < vers->nrprocs)
		atomic_long_inc(&vers->counts[proc->p_proc]);
}

/* Send, wait, retransmit, decode: the life of one call. */
static int rpc_execute(struct rpc_call *call, bool killable)
{
	struct rpc_clnt *clnt = call->clnt;
	struct rpc_rqst *rq = &call->rq;
	const struct rpc_timeout *to = &clnt->cl_timeout;
	bool soft = clnt->cl_soft || (call->flags & RPC_TASK_SOFT);
	unsigned long timeout = to->to_initval;
	unsigned int retries = 0;
	int status;

	rpc_count_call(clnt, call->proc);
	rpc_xprt_transmit(rq);
	for (;;) {
		long left;

		if (killable)
			left = wait_event_killable_timeout(rq->rq_wait,
					rpc_call_settled(call), timeout);
		else
			left = wait_event_timeout(rq->rq_wait,
					rpc_call_settled(call), timeout);
		if (left < 0) {
			status = -EINTR;
			goto cancel;
		}
		if (rpc_call_settled(call))
			break;
		if (READ_ONCE(clnt->cl_shutdown)) {
			status = -EIO;
			goto cancel;
		}
		retries++;
		if (retries > to->to_retries) {
			if (soft) {
				status = READ_ONCE(rq->rq_xprt->conn_error) == -ECONNREFUSED ?
					 -ECONNREFUSED : -ETIMEDOUT;
				goto cancel;
			}
			if (!atomic_xchg(&clnt->cl_unresponsive, 1))
				pr_warn("%s: server %s not responding, still trying\n",
					clnt->cl_program->name, clnt->cl_server);
		}
		timeout = rpc_backoff(to, timeout);
		if (clnt->cl_program->stats)
			atomic_long_inc(&clnt->cl_program->stats->rpcretrans);
		rpc_xprt_transmit(rq);
	}

	/* Settled: replied, failed, or (fail-fast) the connect failed. */
	rpc_xprt_cancel(rq);
	switch (READ_ONCE(rq->rq_state)) {
	case RQ_REPLIED:
		if (atomic_xchg(&clnt->cl_unresponsive, 0))
			pr_info("%s: server %s OK\n", clnt->cl_program->name,
				clnt->cl_server);
		return rpc_call_decode(call);
	case RQ_FAILED:
		if (rq->rq_error != -EINTR)
			return rq->rq_error;
		break;
	default:
		break;
	}
	/* Taken off the transport by the failed connect. */
	status = READ_ONCE(rq->rq_xprt->conn_error);
	if (call->flags & RPC_TASK_NOWAIT_CONN)
		status = -ENOTCONN;
	return status ? status : -EIO;

cancel:
	rpc_xprt_cancel(rq);
	return status;
}

static bool rpc_clnt_enter(struct rpc_clnt *clnt)
{
	atomic_inc(&clnt->cl_active);
	if (READ_ONCE(clnt->cl_shutdown)) {
		if (atomic_dec_and_test(&clnt->cl_active))
			wake_up_all(&clnt->cl_wait);
		return false;
	}
	return true;
}

static void rpc_clnt_leave(struct rpc_clnt *clnt)
{
	if (atomic_dec_and_test(&clnt->cl_active))
		wake_up_all(&clnt->cl_wait);
}

int rpc_call_sync(struct rpc_clnt *clnt, const struct rpc_message *msg,
		  int flags)
{
	struct rpc_call *call;
	int status;

	if (!rpc_clnt_enter(clnt))
		return -EIO;
	call = rpc_call_new(clnt, msg, flags);
	if (IS_ERR(call)) {
		status = PTR_ERR(call);
	} else {
		status = rpc_execute(call, true);
		rpc_call_free(call);
	}
	rpc_clnt_leave(clnt);
	return status;
}

static void rpc_async_work(struct work_struct *work)
{
	struct rpc_call *call = container_of(work, struct rpc_call, work);
	struct rpc_clnt *clnt = call->clnt;
	int status;

	status = rpc_execute(call, false);
	call->ops->rpc_call_done(status, call->calldata);
	rpc_call_free(call);
	rpc_clnt_leave(clnt);
}

int rpc_call_async(struct rpc_clnt *clnt, const struct rpc_message *msg,
		   int flags, const struct rpc_call_ops *ops, void *calldata)
{
	struct rpc_call *call;

	if (!ops || !ops->rpc_call_done)
		return -EINVAL;
	if (!rpc_clnt_enter(clnt))
		return -EIO;
	call = rpc_call_new(clnt, msg, flags);
	if (IS_ERR(call)) {
		rpc_clnt_leave(clnt);
		return PTR_ERR(call);
	}
	call->ops = ops;
	call->calldata = calldata;
	INIT_WORK(&call->work, rpc_async_work);
	queue_work(rpciod_wq, &call->work);
	return 0;
}

/* ------------------------------------------------------------ clients */

static int rpc_ping(struct rpc_clnt *clnt)
{
	struct rpc_message msg = { .rpc_proc = &rpc_null_proc };

	return rpc_call_sync(clnt, &msg, RPC_TASK_SOFT | RPC_TASK_FAILFAST);
}

struct rpc_clnt *rpc_create(const struct rpc_create_args *args)
{
	const struct rpc_program *prog = args->program;
	const u8 *ip;
	struct sockaddr_in addr;
	struct rpc_clnt *clnt;
	struct rpc_xprt *xprt;
	int err;

	if (!prog || !args->address || args->version >= prog->nrvers ||
	    !prog->version[args->version])
		return ERR_PTR(-EINVAL);
	if (args->protocol != IPPROTO_TCP && args->protocol != IPPROTO_UDP)
		return ERR_PTR(-EPROTONOSUPPORT);
	addr = *args->address;
	addr.sin_family = AF_INET;
	if (!addr.sin_port) {
		u16 port;

		err = rpcb_getport_sync(&addr, prog->number, args->version,
					args->protocol, &port);
		if (err)
			return ERR_PTR(err);
		addr.sin_port = htons(port);
	}

	clnt = kzalloc(sizeof(*clnt), GFP_KERNEL);
	if (!clnt)
		return ERR_PTR(-ENOMEM);
	clnt->cl_program = prog;
	clnt->cl_prog = prog->number;
	clnt->cl_vers = args->version;
	clnt->cl_version = prog->version[args->version];
	clnt->cl_timeout = args->timeout ? *args->timeout : rpc_default_timeout;
	if (!clnt->cl_timeout.to_initval)
		clnt->cl_timeout.to_initval = 1;
	clnt->cl_soft = args->flags & RPC_CLNT_CREATE_SOFT;
	ip = (const u8 *)&addr.sin_addr.s_addr;
	if (args->servername)
		strscpy(clnt->cl_server, args->servername, sizeof(clnt->cl_server));
	else
		snprintf(clnt->cl_server, sizeof(clnt->cl_server), "%u.%u.%u.%u",
			 ip[0], ip[1], ip[2], ip[3]);
	clnt->cl_stamp = get_random_u32();
	atomic_set(&clnt->cl_active, 0);
	atomic_set(&clnt->cl_unresponsive, 0);
	init_waitqueue_head(&clnt->cl_wait);

	xprt = rpc_xprt_create(args->protocol, &addr,
			       args->flags & RPC_CLNT_CREATE_RESVPORT);
	if (IS_ERR(xprt)) {
		kfree(clnt);
		return ERR_CAST(xprt);
	}
	clnt->cl_xprt = xprt;
	spin_lock(&rpc_clients_lock);
	list_add_tail(&clnt->cl_all, &rpc_clients);
	spin_unlock(&rpc_clients_lock);

	if (!(args->flags & RPC_CLNT_CREATE_NOPING)) {
		err = rpc_ping(clnt);
		if (err) {
			rpc_shutdown_client(clnt);
			return ERR_PTR(err);
		}
	}
	return clnt;
}

void rpc_shutdown_client(struct rpc_clnt *clnt)
{
	if (!clnt)
		return;
	WRITE_ONCE(clnt->cl_shutdown, true);
	/* Fail what the transport holds until every caller has left; a call
	 * that was just being queued is caught by the next round. */
	while (atomic_read(&clnt->cl_active)) {
		rpc_xprt_fail_all(clnt->cl_xprt, -EIO);
		wait_event_timeout(clnt->cl_wait, !atomic_read(&clnt->cl_active),
				   HZ / 10);
	}
	spin_lock(&rpc_clients_lock);
	list_del(&clnt->cl_all);
	spin_unlock(&rpc_clients_lock);
	rpc_xprt_destroy(clnt->cl_xprt);
	kfree(clnt);
}

void rpc_peeraddr(struct rpc_clnt *clnt, struct sockaddr_in *addr)
{
	*addr = clnt->cl_xprt->addr;
}

int rpc_protocol(struct rpc_clnt *clnt)
{
	return clnt->cl_xprt->proto;
}

int rpc_pton4(const char *s, struct sockaddr_in *sin)
{
	u8 *ip = (u8 *)&sin->sin_addr.s_addr;
	unsigned int i, v;

	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	for (i = 0; i < 4; i++) {
		const char *end = i < 3 ? strchr(s, '.') : s + strlen(s);
		char part[4];

		if (!end || end == s || end - s >= (long)sizeof(part))
			return -EINVAL;
		memcpy(part, s, end - s);
		part[end - s] = '\0';
		if (kstrtouint(part, 10, &v) || v > 255)
			return -EINVAL;
		ip[i] = v;
		s = end + 1;
	}
	return 0;
}

static int __init rpciod_init(void)
{
	atomic_set(&rpc_next_xid, (int)get_random_u32());
	/* Unbound, many at once: each async call holds a worker while it
	 * waits for its reply. */
	rpciod_wq = alloc_workqueue("rpciod", WQ_UNBOUND | WQ_MEM_RECLAIM,
				    WQ_MAX_ACTIVE);
	return rpciod_wq ? 0 : -ENOMEM;
}
subsys_initcall(rpciod_init);
