// SPDX-License-Identifier: GPL-2.0-only
/*
 * RPC transports over kernel sockets: TCP with record marking (RFC 5531
 * section 11) and UDP (one datagram per call, one per reply).
 *
 * Each transport has two kernel threads:
 *   rpcsend  connects (and reconnects, with a growing pause between
 *            failed attempts), then writes queued calls to the socket one
 *            at a time: record mark + head + pages + tail in one
 *            kernel_sendmsg(), the pages by reference.  Only this thread
 *            creates, replaces and releases the socket.
 *   rpcrecv  reads whole records (TCP: reassembles fragments; UDP: one
 *            datagram) and gives each to the call waiting for its XID
 *            (rpc_xprt_deliver()); replies nobody waits for are dropped.
 * Sending from a thread of our own keeps a caller's pending signal from
 * cutting a record in half on the stream.
 *
 * A call moves sendq -> recvq when the send thread picks it, and off the
 * lists when its reply arrives, it fails, or its caller gives up.  When a
 * TCP connection ends (the server closed or reset it, or a send failed),
 * the receive thread marks the transport broken; the send thread
 * reconnects and queues every call of recvq again, with the same XIDs.
 * Retransmission after a timeout is the caller's decision (clnt.c).
 *
 * Interface (net/sunrpc/sunrpc.h): rpc_xprt_create(), rpc_xprt_destroy(),
 * rpc_xprt_transmit(), rpc_xprt_cancel(), rpc_xprt_deliver(),
 * rpc_xprt_fail_all(), rpc_read_record().
 *
 * Locking: xprt->lock (spinlock, never held across socket calls) guards
 * the queues, rq_state, and the connection fields; see sunrpc.h.
 */
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/net.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/sprintf.h>
#include <uapi/linux/tcp.h>
#include <uapi/linux/time_types.h>
#include <asm/byteorder.h>
#include "sunrpc.h"

/* Pause after the first failed connect; doubled per failure up to the max. */
#define XS_CONNECT_DELAY_MIN	(HZ / 4)
#define XS_CONNECT_DELAY_MAX	(15 * HZ)
/* A send (or connect) that makes no progress this long breaks the connection. */
#define XS_SEND_TIMEOUT_SEC	30
/* Socket buffers for UDP: room for a few 32 KiB replies. */
#define XS_UDP_BUFSIZE		(256 * 1024)
/* Privileged source ports tried with RPC_CLNT_CREATE_RESVPORT. */
#define XS_RESVPORT_HIGH	1023
#define XS_RESVPORT_LOW		665

/* ------------------------------------------------------------ records */

void *rpc_alloc_record(size_t len)
{
	void *rec;

	if (len < XDR_UNIT)
		len = XDR_UNIT;
	rec = kmalloc(len, GFP_KERNEL | __GFP_NOWARN);
	if (!rec && len > PAGE_SIZE)
		rec = vmalloc(len);
	return rec;
}

void rpc_free_record(void *rec)
{
	if (!rec)
		return;
	if (is_vmalloc_addr(rec))
		vfree(rec);
	else
		kfree(rec);
}

/*
 * Each fragment is a 4-byte mark (top bit: last fragment of the record,
 * the rest: its length) followed by the bytes.  Fragments are joined into
 * one linear buffer; a record of several fragments grows it per fragment.
 */
int rpc_read_record(rpc_read_fn read, void *ctx, size_t max, void **recp,
		    size_t *lenp)
{
	char *rec = NULL;
	size_t have = 0;
	bool last = false;
	int err;

	while (!last) {
		__be32 mark;
		size_t frag;
		char *grown;

		err = read(ctx, &mark, sizeof(mark));
		if (err)
			goto fail;
		last = be32_to_cpu(mark) & RPC_LAST_FRAGMENT;
		frag = be32_to_cpu(mark) & ~RPC_LAST_FRAGMENT;
		if (frag > max - have) {
			err = -EMSGSIZE;
			goto fail;
		}
		if (!frag)
			continue;
		grown = rpc_alloc_record(have + frag);
		if (!grown) {
			err = -ENOMEM;
			goto fail;
		}
		if (have)
			memcpy(grown, rec, have);
		rpc_free_record(rec);
		rec = grown;
		err = read(ctx, rec + have, frag);
		if (err)
			goto fail;
		have += frag;
	}
	*recp = rec;
	*lenp = have;
	return 0;
fail:
	rpc_free_record(rec);
	return err;
}

/* ------------------------------------------------------ request queues */

static void xprt_garbage(struct rpc_xprt *xprt, size_t len)
{
	static unsigned long last_log;

	xprt->stat_garbage++;
	if (!last_log || time_after(jiffies, last_log + 5 * HZ)) {
		last_log = jiffies;
		pr_warn("sunrpc: %s: dropped a %zu-byte reply too short for an XID\n",
			xprt->name, len);
	}
}

static struct rpc_rqst *xprt_find_xid(struct list_head *q, u32 xid)
{
	struct rpc_rqst *req;

	list_for_each_entry(req, q, rq_list)
		if (req->rq_xid == xid)
			return req;
	return NULL;
}

int rpc_xprt_deliver(struct rpc_xprt *xprt, void *rec, size_t len)
{
	struct rpc_rqst *req;
	u32 xid;

	if (len < XDR_UNIT) {
		xprt_garbage(xprt, len);
		rpc_free_record(rec);
		return -ENOENT;
	}
	xid = be32_to_cpu(*(__be32 *)rec);
	spin_lock(&xprt->lock);
	/* A call queued again for retransmission takes the first answer. */
	req = xprt_find_xid(&xprt->recvq, xid);
	if (!req)
		req = xprt_find_xid(&xprt->sendq, xid);
	if (!req) {
		xprt->stat_unmatched++;
		spin_unlock(&xprt->lock);
		rpc_free_record(rec);
		return -ENOENT;
	}
	list_del_init(&req->rq_list);
	req->rq_reply = rec;
	req->rq_reply_len = len;
	req->rq_state = RQ_REPLIED;
	xprt->stat_replies++;
	spin_unlock(&xprt->lock);
	wake_up_all(&req->rq_wait);
	return 0;
}

void rpc_xprt_transmit(struct rpc_rqst *req)
{
	struct rpc_xprt *xprt = req->rq_xprt;

	spin_lock(&xprt->lock);
	if (req->rq_state == RQ_NEW || req->rq_state == RQ_SENT) {
		list_del_init(&req->rq_list);
		list_add_tail(&req->rq_list, &xprt->sendq);
		req->rq_state = RQ_QUEUED;
	}
	spin_unlock(&xprt->lock);
	wake_up(&xprt->send_wait);
}

void rpc_xprt_cancel(struct rpc_rqst *req)
{
	struct rpc_xprt *xprt = req->rq_xprt;

	spin_lock(&xprt->lock);
	if (req->rq_state == RQ_QUEUED || req->rq_state == RQ_SENT) {
		list_del_init(&req->rq_list);
		req->rq_state = RQ_FAILED;
		req->rq_error = -EINTR;
	}
	spin_unlock(&xprt->lock);
	/* The send thread may still be writing our buffers: let it finish
	 * (a send makes progress or fails within XS_SEND_TIMEOUT_SEC). */
	wait_event(xprt->state_wait, READ_ONCE(xprt->sending) != req);
}

void rpc_xprt_fail_all(struct rpc_xprt *xprt, int err)
{
	struct rpc_rqst *req, *next;
	LIST_HEAD(failed);

	spin_lock(&xprt->lock);
	list_splice_init(&xprt->sendq, &failed);
	list_splice_init(&xprt->recvq, &failed);
	list_for_each_entry_safe(req, next, &failed, rq_list) {
		list_del_init(&req->rq_list);
		req->rq_state = RQ_FAILED;
		req->rq_error = err;
		wake_up_all(&req->rq_wait);
	}
	spin_unlock(&xprt->lock);
}

/* ------------------------------------------------------------ sockets */

static int xs_bind_resvport(struct socket *sock)
{
	struct sockaddr_in sin = { .sin_family = AF_INET };
	int port, err = -EADDRINUSE;

	for (port = XS_RESVPORT_HIGH; port >= XS_RESVPORT_LOW; port--) {
		sin.sin_port = htons(port);
		err = kernel_bind(sock, (struct sockaddr *)&sin, sizeof(sin));
		if (err != -EADDRINUSE)
			break;
	}
	return err;
}

static int xs_open_socket(struct rpc_xprt *xprt, struct socket **res)
{
	bool tcp = xprt->proto == IPPROTO_TCP;
	struct __kernel_old_timeval tv = { .tv_sec = XS_SEND_TIMEOUT_SEC };
	struct socket *sock;
	int one = 1, bufsize = XS_UDP_BUFSIZE;
	int err;

	err = sock_create_kern(AF_INET, tcp ? SOCK_STREAM : SOCK_DGRAM,
			       xprt->proto, &sock);
	if (err)
		return err;
	if (xprt->resvport) {
		err = xs_bind_resvport(sock);
		if (err)
			goto fail;
	}
	/* Bounds connect() and a send the peer does not drain. */
	kernel_setsockopt(sock, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	if (tcp) {
		kernel_setsockopt(sock, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	} else {
		kernel_setsockopt(sock, SOL_SOCKET, SO_RCVBUF, &bufsize, sizeof(bufsize));
		kernel_setsockopt(sock, SOL_SOCKET, SO_SNDBUF, &bufsize, sizeof(bufsize));
	}
	err = kernel_connect(sock, (struct sockaddr *)&xprt->addr,
			     sizeof(xprt->addr), 0);
	if (err == -EINPROGRESS)
		err = -ETIMEDOUT;
	if (err)
		goto fail;
	*res = sock;
	return 0;
fail:
	sock_release(sock);
	return err;
}

/* Caller holds xprt->lock.  The receive thread leaves the socket alone
 * from now on; the send thread replaces it. */
static void xs_mark_broken(struct rpc_xprt *xprt)
{
	xprt->connected = false;
	xprt->broken = true;
}

/* Send thread: drop the old socket (if any) and connect a new one.
 * Returns 0 when connected. */
static int xs_reconnect(struct rpc_xprt *xprt)
{
	struct socket *old = xprt->sock, *sock = NULL;
	struct rpc_rqst *req;
	unsigned long delay;
	int err;

	if (old) {
		kernel_sock_shutdown(old, SHUT_RDWR);
		wait_event(xprt->state_wait, !READ_ONCE(xprt->rx_busy));
		spin_lock(&xprt->lock);
		xprt->sock = NULL;
		spin_unlock(&xprt->lock);
		sock_release(old);
	}
	err = xs_open_socket(xprt, &sock);
	spin_lock(&xprt->lock);
	if (err) {
		xprt->conn_error = err;
		xprt->conn_attempts++;
		delay = XS_CONNECT_DELAY_MIN << min(xprt->conn_attempts - 1, 6u);
		/* Calls that do not wait for a connection see conn_error now. */
		list_for_each_entry(req, &xprt->sendq, rq_list)
			wake_up_all(&req->rq_wait);
		spin_unlock(&xprt->lock);
		wake_up_all(&xprt->state_wait);
		wait_event_timeout(xprt->send_wait, READ_ONCE(xprt->stopping),
				   min_t(unsigned long, delay, XS_CONNECT_DELAY_MAX));
		return err;
	}
	xprt->sock = sock;
	xprt->connected = true;
	xprt->broken = false;
	xprt->gen++;
	xprt->conn_error = 0;
	xprt->conn_attempts = 0;
	xprt->stat_connects++;
	/* Replies to what the old connection carried are lost: send again. */
	list_for_each_entry(req, &xprt->recvq, rq_list)
		req->rq_state = RQ_QUEUED;
	list_splice_init(&xprt->recvq, &xprt->sendq);
	spin_unlock(&xprt->lock);
	wake_up_all(&xprt->recv_wait);
	wake_up_all(&xprt->state_wait);
	return 0;
}

/* Record mark, head, pages, tail: one kernel_sendmsg(), pages in place. */
static int xs_send_request(struct rpc_xprt *xprt, struct socket *sock,
			   struct rpc_rqst *req)
{
	struct xdr_buf *buf = &req->rq_snd;
	struct kvec stack_vec[16], *vec = stack_vec, *v;
	unsigned int npages = 0, nvec = 0, i, base, left;
	size_t total = 0, done = 0;
	int err = 0;

	if (buf->page_len)
		npages = (buf->page_base % PAGE_SIZE + buf->page_len + PAGE_SIZE - 1) / PAGE_SIZE;
	if (npages + 3 > ARRAY_SIZE(stack_vec)) {
		vec = kcalloc(npages + 3, sizeof(*vec), GFP_KERNEL);
		if (!vec)
			return -ENOMEM;
	}
	if (xprt->proto == IPPROTO_TCP) {
		req->rq_marker = cpu_to_be32(RPC_LAST_FRAGMENT | (u32)buf->len);
		vec[nvec++] = (struct kvec){ &req->rq_marker, sizeof(req->rq_marker) };
	}
	vec[nvec++] = buf->head;
	base = buf->page_base % PAGE_SIZE;
	left = buf->page_len;
	for (i = buf->page_base / PAGE_SIZE; left; i++) {
		unsigned int n = min_t(unsigned int, left, PAGE_SIZE - base);

		vec[nvec++] = (struct kvec){ (char *)page_address(buf->pages[i]) + base, n };
		left -= n;
		base = 0;
	}
	if (buf->tail.iov_len)
		vec[nvec++] = buf->tail;
	for (i = 0; i < nvec; i++)
		total += vec[i].iov_len;

	/* A stream send may stop short: step past what went out, go on. */
	v = vec;
	while (done < total) {
		struct msghdr msg = { .msg_flags = MSG_NOSIGNAL };
		int n = kernel_sendmsg(sock, &msg, v, nvec, total - done);

		if (n <= 0) {
			err = n ? n : -EPIPE;
			break;
		}
		if (xprt->proto == IPPROTO_UDP)
			break;		/* a datagram goes out whole or not at all */
		done += n;
		while (nvec && (size_t)n >= v->iov_len) {
			n -= v->iov_len;
			v++;
			nvec--;
		}
		if (n) {
			v->iov_base = (char *)v->iov_base + n;
			v->iov_len -= n;
		}
	}
	if (vec != stack_vec)
		kfree(vec);
	return err;
}

/*
 * rpc_xprt_destroy() ends both transport threads with kthread_stop(),
 * which needs the thread alive until it asks: a thread that returned on
 * its own as soon as it saw ->stopping could be reaped and freed before
 * kthread_stop() took its reference.  So a thread that has seen
 * ->stopping parks here until the stop request arrives.
 */
static int xs_thread_wait_for_stop(void)
{
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		if (kthread_should_stop())
			break;
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	return 0;
}

static int xs_send_thread(void *data)
{
	struct rpc_xprt *xprt = data;

	for (;;) {
		struct rpc_rqst *req;
		struct socket *sock;
		int err;

		wait_event(xprt->send_wait, READ_ONCE(xprt->stopping) ||
			   !list_empty(&xprt->sendq) ||
			   (!READ_ONCE(xprt->connected) && !list_empty(&xprt->recvq)));
		if (READ_ONCE(xprt->stopping))
			break;
		if (!READ_ONCE(xprt->connected)) {
			xs_reconnect(xprt);
			continue;
		}
		spin_lock(&xprt->lock);
		if (list_empty(&xprt->sendq) || !xprt->connected) {
			spin_unlock(&xprt->lock);
			continue;
		}
		req = list_first_entry(&xprt->sendq, struct rpc_rqst, rq_list);
		/* On recvq before the first byte leaves: the reply may beat
		 * kernel_sendmsg() back. */
		list_move_tail(&req->rq_list, &xprt->recvq);
		req->rq_state = RQ_SENT;
		req->rq_transmits++;
		xprt->sending = req;
		sock = xprt->sock;
		spin_unlock(&xprt->lock);

		err = xs_send_request(xprt, sock, req);

		spin_lock(&xprt->lock);
		xprt->sending = NULL;
		xprt->stat_sends++;
		if (err && xprt->proto == IPPROTO_TCP && xprt->connected)
			xs_mark_broken(xprt);
		spin_unlock(&xprt->lock);
		wake_up_all(&xprt->state_wait);
		if (err && xprt->proto == IPPROTO_TCP)
			kernel_sock_shutdown(sock, SHUT_RDWR);
		/* UDP: a failed datagram is retransmitted at the timeout. */
	}
	return xs_thread_wait_for_stop();
}

/* ------------------------------------------------------------ receive */

static int xs_read_exact(void *ctx, void *buf, size_t len)
{
	struct socket *sock = ctx;

	while (len) {
		struct kvec iov = { buf, len };
		struct msghdr msg = {};
		int n = kernel_recvmsg(sock, &msg, &iov, 1, len, MSG_WAITALL);

		if (n < 0)
			return n;
		if (n == 0)
			return -ECONNRESET;	/* the server closed the stream */
		buf = (char *)buf + n;
		len -= n;
	}
	return 0;
}

/* Read records until the stream fails; returns why. */
static int xs_tcp_read_loop(struct rpc_xprt *xprt, struct socket *sock)
{
	for (;;) {
		void *rec;
		size_t len;
		int err;

		err = rpc_read_record(xs_read_exact, sock, RPC_MAX_RECORD, &rec, &len);
		if (err == -EMSGSIZE || err == -ENOMEM)
			pr_warn("sunrpc: %s: record too large (%d), reconnecting\n",
				xprt->name, err);
		if (err)
			return err;
		rpc_xprt_deliver(xprt, rec, len);
	}
}

static int xs_udp_read_loop(struct rpc_xprt *xprt, struct socket *sock)
{
	void *dgram = rpc_alloc_record(RPC_MAX_DGRAM);

	if (!dgram)
		return -ENOMEM;
	while (!READ_ONCE(xprt->stopping)) {
		struct kvec iov = { dgram, RPC_MAX_DGRAM };
		struct msghdr msg = {};
		void *rec;
		int n;

		n = kernel_recvmsg(sock, &msg, &iov, 1, RPC_MAX_DGRAM, 0);
		if (n <= 0) {
			/* An ICMP error is reported once and cleared; a shut
			 * down socket keeps returning: stop then. */
			if (READ_ONCE(xprt->stopping) || !READ_ONCE(xprt->connected))
				break;
			if (n == 0)
				schedule_timeout_uninterruptible(HZ / 10);
			continue;
		}
		rec = rpc_alloc_record(n);
		if (!rec)
			continue;	/* as if lost: the caller retransmits */
		memcpy(rec, dgram, n);
		rpc_xprt_deliver(xprt, rec, n);
	}
	rpc_free_record(dgram);
	return -ESHUTDOWN;
}

static int xs_recv_thread(void *data)
{
	struct rpc_xprt *xprt = data;
	unsigned int seen_gen = 0;

	for (;;) {
		struct socket *sock;
		unsigned int gen;

		wait_event(xprt->recv_wait, READ_ONCE(xprt->stopping) ||
			   (READ_ONCE(xprt->connected) && READ_ONCE(xprt->gen) != seen_gen));
		spin_lock(&xprt->lock);
		if (xprt->stopping) {
			spin_unlock(&xprt->lock);
			break;
		}
		if (!xprt->connected || xprt->gen == seen_gen) {
			spin_unlock(&xprt->lock);
			continue;
		}
		sock = xprt->sock;
		gen = seen_gen = xprt->gen;
		xprt->rx_busy = true;
		spin_unlock(&xprt->lock);

		if (xprt->proto == IPPROTO_TCP)
			xs_tcp_read_loop(xprt, sock);
		else
			xs_udp_read_loop(xprt, sock);

		spin_lock(&xprt->lock);
		xprt->rx_busy = false;
		if (xprt->gen == gen && xprt->connected)
			xs_mark_broken(xprt);
		spin_unlock(&xprt->lock);
		wake_up_all(&xprt->state_wait);
		wake_up(&xprt->send_wait);
	}
	return xs_thread_wait_for_stop();
}

/* ---------------------------------------------------------- lifetime */

void rpc_xprt_init(struct rpc_xprt *xprt, int proto,
		   const struct sockaddr_in *addr)
{
	const u8 *ip = (const u8 *)&addr->sin_addr.s_addr;

	memset(xprt, 0, sizeof(*xprt));
	xprt->proto = proto;
	xprt->addr = *addr;
	snprintf(xprt->name, sizeof(xprt->name), "%u.%u.%u.%u", ip[0], ip[1], ip[2], ip[3]);
	spin_lock_init(&xprt->lock);
	INIT_LIST_HEAD(&xprt->sendq);
	INIT_LIST_HEAD(&xprt->recvq);
	init_waitqueue_head(&xprt->send_wait);
	init_waitqueue_head(&xprt->recv_wait);
	init_waitqueue_head(&xprt->state_wait);
}

struct rpc_xprt *rpc_xprt_create(int proto, const struct sockaddr_in *addr,
				 bool resvport)
{
	struct rpc_xprt *xprt;

	if (proto != IPPROTO_TCP && proto != IPPROTO_UDP)
		return ERR_PTR(-EPROTONOSUPPORT);
	xprt = kmalloc(sizeof(*xprt), GFP_KERNEL);
	if (!xprt)
		return ERR_PTR(-ENOMEM);
	rpc_xprt_init(xprt, proto, addr);
	xprt->resvport = resvport;
	xprt->send_thread = kthread_run(xs_send_thread, xprt, "rpcsend");
	if (IS_ERR(xprt->send_thread)) {
		struct rpc_xprt *err = ERR_CAST(xprt->send_thread);

		kfree(xprt);
		return err;
	}
	xprt->recv_thread = kthread_run(xs_recv_thread, xprt, "rpcrecv");
	if (IS_ERR(xprt->recv_thread)) {
		struct rpc_xprt *err = ERR_CAST(xprt->recv_thread);

		xprt->recv_thread = NULL;
		rpc_xprt_destroy(xprt);
		return err;
	}
	return xprt;
}

/* No call may be queued any more (the client fails them first). */
void rpc_xprt_destroy(struct rpc_xprt *xprt)
{
	spin_lock(&xprt->lock);
	xprt->stopping = true;
	xprt->connected = false;
	spin_unlock(&xprt->lock);
	wake_up_all(&xprt->send_wait);
	/* The send thread is the socket's owner: stop it first, then wake
	 * the receiver out of its read by shutting the socket down. */
	kthread_stop(xprt->send_thread);
	if (xprt->sock)
		kernel_sock_shutdown(xprt->sock, SHUT_RDWR);
	wake_up_all(&xprt->recv_wait);
	if (xprt->recv_thread)
		kthread_stop(xprt->recv_thread);
	if (xprt->sock)
		sock_release(xprt->sock);
	rpc_xprt_fail_all(xprt, -EIO);
	kfree(xprt);
}
