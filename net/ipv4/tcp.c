// SPDX-License-Identifier: GPL-2.0-only
/*
 * TCP sockets: the SOCK_STREAM proto_ops of AF_INET (tcp(7)).
 *
 * connect() sends a SYN and (unless O_NONBLOCK: EINPROGRESS) waits for
 * the handshake; listen() makes a listener whose children (struct sock
 * of their own, created on SYN in tcp_ipv4.c) wait half-open on syn_list
 * and, once established, on acc_list for accept().  sendmsg() appends to
 * the write queue in MSS-sized skbs (small writes are coalesced into the
 * last unsent one) and pushes; recvmsg() copies from the receive queue
 * without dropping the socket lock between segments and then offers the
 * peer the space it freed.  close() sends FIN (or RST if unread data is
 * thrown away, or SO_LINGER with a zero timeout) and orphans the socket,
 * which lives on through FIN_WAIT/TIME_WAIT on its own references.
 *
 * Locking: every operation takes lock_sock(); a listener's child lists
 * also need the listener's acc_lock.  Errors: sk_err is reported once
 * (ECONNREFUSED, ECONNRESET, ETIMEDOUT...), then reads return 0 and
 * writes EPIPE (the socket layer raises SIGPIPE).
 */
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/poll.h>
#include <linux/signal.h>
#include <linux/sched.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/eventpoll.h>
#include <uapi/linux/sockios.h>
#include <asm/uaccess.h>
#include <asm/byteorder.h>
#include <net/tcp.h>

static void tcp_destroy(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	skb_queue_purge(&sk->sk_write_queue);
	skb_queue_purge(&sk->sk_receive_queue);
	skb_queue_purge(&tp->ooo_queue);
}

struct proto tcp_prot = {
	.name = "TCP",
	.obj_size = sizeof(struct tcp_sock),
	.destroy = tcp_destroy,
};

/* The window scale that lets us offer our whole receive space (RFC 7323 2.3). */
u8 tcp_pick_wscale(struct sock *sk)
{
	u32 space = tcp_rspace(sk);
	u8 s = 0;

	while (s < TCP_MAX_WSCALE && (65535u << s) < space)
		s++;
	return s;
}

int tcp_init_sock(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	skb_queue_head_init(&tp->ooo_queue);
	spin_lock_init(&tp->acc_lock);
	INIT_LIST_HEAD(&tp->syn_list);
	INIT_LIST_HEAD(&tp->acc_list);
	INIT_LIST_HEAD(&tp->child_node);
	INIT_LIST_HEAD(&tp->bind_node);
	INIT_LIST_HEAD(&tp->conn_node);
	tcp_timer_init(sk);
	tp->rto = TCP_RTO_INIT;
	tp->mss_cache = TCP_DEFAULT_MSS;
	tp->adv_mss = TCP_DEFAULT_MSS;
	tp->rcv_mss = TCP_DEFAULT_MSS;
	tp->cwnd = TCP_INIT_CWND * TCP_DEFAULT_MSS;
	tp->ssthresh = 0x7fffffff;
	tp->syn_retries = TCP_SYN_RETRIES;
	tp->keepidle = TCP_KEEPIDLE_DEF;
	tp->keepintvl = TCP_KEEPINTVL_DEF;
	tp->keepcnt = TCP_KEEPCNT_DEF;
	if (!sock_flag(sk, SOCK_RCVBUF_LOCK))
		sk->sk_rcvbuf = TCP_RMEM_DEFAULT;
	if (!sock_flag(sk, SOCK_SNDBUF_LOCK))
		sk->sk_sndbuf = TCP_WMEM_DEFAULT;
	sk->sk_state = TCP_CLOSE;
	/* Segments that arrive while a task holds the socket wait for its release_sock(). */
	sk->sk_backlog_rcv = tcp_v4_backlog_rcv;
	return 0;
}

static bool estab_like(int state)
{
	return state == TCP_ESTABLISHED || state == TCP_CLOSE_WAIT;
}

/* Change state, keeping the Tcp: MIB counters (RFC 4022 tcpCurrEstab & co). */
void tcp_set_state(struct sock *sk, int state)
{
	struct tcp_sock *tp = tcp_sk(sk);
	int old = sk->sk_state;

	if (state == TCP_CLOSE) {
		if (estab_like(old))
			TCP_INC_STATS(TCP_MIB_ESTABRESETS);
		else if (old == TCP_SYN_SENT || old == TCP_SYN_RECV)
			TCP_INC_STATS(TCP_MIB_ATTEMPTFAILS);
	}
	if (estab_like(state) && !tp->counted_estab) {
		TCP_INC_STATS(TCP_MIB_CURRESTAB);
		tp->counted_estab = true;
	} else if (!estab_like(state) && tp->counted_estab) {
		TCP_DEC_STATS(TCP_MIB_CURRESTAB);
		tp->counted_estab = false;
	}
	sk->sk_state = state;
}

/* The end of a connection: CLOSED, out of the tables, timers stopped. */
void tcp_done(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	if (sk->sk_state != TCP_CLOSE)
		tcp_set_state(sk, TCP_CLOSE);
	tcp_stop_timers(sk);
	tcp_purge_queues(sk);
	sk->sk_shutdown = SHUTDOWN_MASK;
	sock_set_flag(sk, SOCK_DONE);
	tcp_child_unlink(sk);
	tcp_unhash(sk);
	if (tp->connect_port) {
		tp->inet.inet_num = 0;
		tp->inet.inet_sport = 0;
		tp->connect_port = false;
	}
	if (!sock_flag(sk, SOCK_DEAD))
		sk->sk_state_change(sk);
}

int tcp_sndbuf(const struct sock *sk)
{
	if (sock_flag(sk, SOCK_SNDBUF_LOCK))
		return sk->sk_sndbuf;
	return max(sk->sk_sndbuf, TCP_BUF_AUTO_MAX);
}

static bool tcp_writeable(const struct sock *sk)
{
	int buf = tcp_sndbuf(sk);

	return buf - sk->sk_wmem_queued >= buf / 3;
}

void tcp_wake_writer(struct sock *sk)
{
	if (!sk->sk_socket || !tcp_writeable(sk))
		return;
	sock_reset_flag(sk, SOCK_NOSPACE);
	sk->sk_write_space(sk);
}

/* Bytes the user can read now. */
static u32 tcp_inq(struct sock *sk)
{
	struct sk_buff *skb;
	u32 n = 0;

	spin_lock_irq(&sk->sk_receive_queue.lock);
	skb_queue_walk(&sk->sk_receive_queue, skb)
		n += skb->len;
	skb = skb_peek(&sk->sk_receive_queue);
	if (skb)
		n -= tcp_sk(sk)->copied_seq - TCP_SKB_CB(skb)->seq;
	spin_unlock_irq(&sk->sk_receive_queue.lock);
	return n;
}

/* ------------------------------------------------------- connect */

static bool tcp_connecting(const struct sock *sk)
{
	return sk->sk_state == TCP_SYN_SENT || sk->sk_state == TCP_SYN_RECV;
}

/* Wait for the handshake; the outcome for connect(). */
static int tcp_wait_connect(struct sock *sk, struct socket *sock, long timeo)
{
	if (tcp_connecting(sk)) {
		if (!timeo)
			return -EINPROGRESS;
		sk_wait_event(sk, &timeo, !tcp_connecting(sk));
		if (tcp_connecting(sk))
			return signal_pending(current) ? sock_intr_errno(timeo) : -EINPROGRESS;
	}
	if (sk->sk_state == TCP_CLOSE) {
		int err = sock_error(sk);

		sock->state = SS_UNCONNECTED;
		return err ? err : -ECONNREFUSED;
	}
	sock->state = SS_CONNECTED;
	return 0;
}

static int tcp_disconnect(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	if (sk->sk_state == TCP_LISTEN)
		return -EINVAL;
	if (sk->sk_state != TCP_CLOSE && sk->sk_state != TCP_SYN_SENT &&
	    sk->sk_state != TCP_TIME_WAIT)
		tcp_send_rst(sk);
	tcp_done(sk);
	skb_queue_purge(&sk->sk_receive_queue);
	sk->sk_shutdown = 0;
	sk->sk_err = 0;
	sock_reset_flag(sk, SOCK_DONE);
	tp->inet.inet_daddr = 0;
	tp->inet.inet_dport = 0;
	if (!tp->inet.inet_rcv_saddr)
		tp->inet.inet_saddr = 0;
	tp->srtt_us = 0;
	tp->rttvar_us = 0;
	tp->rto = TCP_RTO_INIT;
	tp->backoff = 0;
	tp->retransmits = 0;
	return 0;
}

static int tcp_connect(struct socket *sock, struct sockaddr *uaddr, int addrlen, int flags)
{
	struct sock *sk = sock->sk;
	struct tcp_sock *tp = tcp_sk(sk);
	struct inet_sock *inet = inet_sk(sk);
	struct sockaddr_in *sin = (struct sockaddr_in *)uaddr;
	long timeo = sock_sndtimeo(sk, flags & O_NONBLOCK);
	struct ip_route rt;
	__be32 daddr;
	int err;

	if (addrlen < (int)sizeof(uaddr->sa_family))
		return -EINVAL;
	if (uaddr->sa_family == AF_UNSPEC) {
		lock_sock(sk);
		err = tcp_disconnect(sk);
		if (!err)
			sock->state = SS_UNCONNECTED;
		release_sock(sk);
		return err;
	}
	if (addrlen < (int)sizeof(*sin))
		return -EINVAL;
	if (sin->sin_family != AF_INET)
		return -EAFNOSUPPORT;

	lock_sock(sk);
	switch (sock->state) {
	case SS_CONNECTED:
		err = -EISCONN;
		goto out;
	case SS_CONNECTING:
		if (tcp_connecting(sk) && !timeo) {
			err = -EALREADY;
			goto out;
		}
		err = tcp_wait_connect(sk, sock, timeo);
		if (err == -EINPROGRESS)
			err = -EALREADY;
		goto out;
	default:
		break;
	}
	err = -EISCONN;
	if (sk->sk_state != TCP_CLOSE)
		goto out;

	daddr = sin->sin_addr.s_addr;
	if (!daddr)
		daddr = htonl(INADDR_LOOPBACK);
	err = ip_route_output(daddr, inet->inet_rcv_saddr, sk->sk_bound_dev_if, &rt);
	if (err)
		goto out;
	if (rt.type == RTN_BROADCAST || rt.type == RTN_MULTICAST) {
		ip_route_put(&rt);
		err = -ENETUNREACH;
		goto out;
	}
	if (!inet->inet_saddr)
		inet->inet_saddr = rt.saddr;
	tp->adv_mss = min_t(u32, rt.mtu, 65535) - TCP_IPV4_OVERHEAD;
	ip_route_put(&rt);
	inet->inet_daddr = daddr;
	inet->inet_dport = sin->sin_port;
	err = tcp_connect_port(sk);
	if (err) {
		inet->inet_daddr = 0;
		inet->inet_dport = 0;
		if (!inet->inet_rcv_saddr)
			inet->inet_saddr = 0;
		goto out;
	}
	sk->sk_shutdown = 0;
	sock_reset_flag(sk, SOCK_DONE);
	tp->rcv_wscale = tcp_pick_wscale(sk);
	tp->mss_cache = min_t(u32, tp->adv_mss, TCP_DEFAULT_MSS);
	tp->iss = tcp_isn(inet->inet_saddr, daddr, inet->inet_sport, inet->inet_dport);
	tp->rcv_wnd = 0;
	tp->rcv_wup = 0;
	tcp_set_state(sk, TCP_SYN_SENT);
	TCP_INC_STATS(TCP_MIB_ACTIVEOPENS);
	err = tcp_send_syn(sk);
	if (err) {
		tcp_done(sk);
		goto out;
	}
	sock->state = SS_CONNECTING;
	err = tcp_wait_connect(sk, sock, timeo);
out:
	release_sock(sk);
	return err;
}

/* ------------------------------------------------ listen / accept */

/* Stop listening: every child, half-open or waiting for accept, is reset. */
static void tcp_listen_stop(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk), *c, *tmp;
	LIST_HEAD(children);

	spin_lock(&tp->acc_lock);
	tcp_set_state(sk, TCP_CLOSE);
	list_splice_init(&tp->syn_list, &children);
	list_splice_tail_init(&tp->acc_list, &children);
	list_for_each_entry(c, &children, child_node)
		c->queued = TCP_Q_NONE;
	sk->sk_ack_backlog = 0;
	tp->syn_count = 0;
	spin_unlock(&tp->acc_lock);

	list_for_each_entry_safe(c, tmp, &children, child_node) {
		struct sock *child = &c->inet.sk;

		list_del_init(&c->child_node);
		lock_sock(child);
		c->parent = NULL;
		if (child->sk_state != TCP_CLOSE) {
			tcp_send_rst(child);
			tcp_done(child);
		}
		release_sock(child);
		sock_put(sk);
		sock_put(child);
	}
	tcp_unhash(sk);
}

static int tcp_listen(struct socket *sock, int backlog)
{
	struct sock *sk = sock->sk;
	int err = -EINVAL;

	lock_sock(sk);
	if (sock->state != SS_UNCONNECTED || sock->type != SOCK_STREAM)
		goto out;
	if ((unsigned int)backlog > (unsigned int)sysctl_somaxconn)
		backlog = sysctl_somaxconn;
	if (sk->sk_state == TCP_LISTEN) {
		sk->sk_max_ack_backlog = backlog;
		err = 0;
		goto out;
	}
	if (sk->sk_state != TCP_CLOSE)
		goto out;
	if (!inet_sk(sk)->inet_num) {
		err = tcp_bind_port(sk, inet_sk(sk)->inet_rcv_saddr, 0);
		if (err)
			goto out;
	} else {
		err = tcp_listen_check(sk);
		if (err)
			goto out;
		if (!tcp_sk(sk)->in_bind) {
			err = tcp_bind_port(sk, inet_sk(sk)->inet_rcv_saddr, inet_sk(sk)->inet_num);
			if (err)
				goto out;
		}
	}
	sk->sk_max_ack_backlog = backlog;
	sk->sk_ack_backlog = 0;
	sk->sk_shutdown = 0;
	tcp_set_state(sk, TCP_LISTEN);
	err = 0;
out:
	release_sock(sk);
	return err;
}

static int tcp_accept(struct socket *sock, struct socket *newsock, int flags, bool kern)
{
	struct sock *sk = sock->sk;
	struct tcp_sock *tp = tcp_sk(sk), *c = NULL;
	long timeo = sock_rcvtimeo(sk, flags & O_NONBLOCK);
	struct sock *child;
	int err = 0;

	lock_sock(sk);
	for (;;) {
		if (sk->sk_state != TCP_LISTEN) {
			err = -EINVAL;
			goto out;
		}
		spin_lock(&tp->acc_lock);
		if (!list_empty(&tp->acc_list)) {
			c = list_first_entry(&tp->acc_list, struct tcp_sock, child_node);
			list_del_init(&c->child_node);
			c->queued = TCP_Q_NONE;
			sk->sk_ack_backlog--;
		}
		spin_unlock(&tp->acc_lock);
		if (c)
			break;
		if (!timeo) {
			err = -EAGAIN;
			goto out;
		}
		if (signal_pending(current)) {
			err = sock_intr_errno(timeo);
			goto out;
		}
		sk_wait_event(sk, &timeo, !list_empty(&tp->acc_list) || sk->sk_state != TCP_LISTEN);
		if (!timeo && list_empty(&tp->acc_list) && !signal_pending(current)) {
			err = -EAGAIN;
			goto out;
		}
	}
	child = &c->inet.sk;
	lock_sock(child);
	c->parent = NULL;
	sock_graft(child, newsock);
	newsock->sk = child;
	newsock->state = SS_CONNECTED;
	release_sock(child);
	sock_put(sk);		/* the child's reference on its listener */
out:
	release_sock(sk);
	return err;
}

/* ------------------------------------------------- send / receive */

static int tcp_sendmsg(struct socket *sock, struct msghdr *msg, size_t size)
{
	struct sock *sk = sock->sk;
	struct tcp_sock *tp = tcp_sk(sk);
	int flags = msg->msg_flags;
	long timeo = sock_sndtimeo(sk, flags & MSG_DONTWAIT);
	size_t copied = 0;
	int err = 0;

	if (flags & MSG_OOB)
		return -EOPNOTSUPP;
	lock_sock(sk);
	if (tcp_connecting(sk)) {
		sk_wait_event(sk, &timeo, !tcp_connecting(sk));
		if (tcp_connecting(sk)) {
			err = timeo ? sock_intr_errno(timeo) : -EAGAIN;
			goto out;
		}
	}
	while (iov_iter_count(&msg->msg_iter)) {
		struct sk_buff *skb;
		u32 mss = tp->mss_cache;
		int space, copy;
		bool fresh = false;

		if (sk->sk_err) {
			err = sock_error(sk);
			goto out;
		}
		if ((sk->sk_shutdown & SEND_SHUTDOWN) ||
		    (sk->sk_state != TCP_ESTABLISHED && sk->sk_state != TCP_CLOSE_WAIT)) {
			err = (sk->sk_state == TCP_CLOSE && sock->state != SS_CONNECTED &&
			       !sock_flag(sk, SOCK_DONE)) ? -ENOTCONN : -EPIPE;
			goto out;
		}
		tp->tx_more = true;
		space = tcp_sndbuf(sk) - sk->sk_wmem_queued;
		if (space <= 0) {
			tp->tx_more = false;
			tcp_push(sk, false);
			sock_set_flag(sk, SOCK_NOSPACE);
			if (!timeo) {
				err = -EAGAIN;
				goto out;
			}
			if (signal_pending(current)) {
				err = sock_intr_errno(timeo);
				goto out;
			}
			sk_wait_event(sk, &timeo, sk->sk_err || (sk->sk_shutdown & SEND_SHUTDOWN) ||
				      tcp_writeable(sk) ||
				      (sk->sk_state != TCP_ESTABLISHED &&
				       sk->sk_state != TCP_CLOSE_WAIT));
			continue;
		}
		skb = skb_peek_tail(&sk->sk_write_queue);
		if (skb && tp->send_head && skb->len < mss && skb_tailroom(skb) &&
		    !(TCP_SKB_CB(skb)->flags & (TCPHDR_SYN | TCPHDR_FIN))) {
			copy = min_t(u32, mss - skb->len, skb_tailroom(skb));
		} else {
			/* Room for a whole segment, so the next small writes join this one. */
			skb = tcp_new_skb(sk, mss);
			if (!skb) {
				err = -ENOBUFS;
				goto out;
			}
			TCP_SKB_CB(skb)->seq = tp->write_seq;
			TCP_SKB_CB(skb)->end_seq = tp->write_seq;
			copy = min_t(u32, mss, skb_tailroom(skb));
			fresh = true;
		}
		copy = min_t(size_t, copy, iov_iter_count(&msg->msg_iter));
		copy = min(copy, space);
		if (skb_put_from_iter(skb, &msg->msg_iter, copy)) {
			if (fresh)
				kfree_skb(skb);
			err = -EFAULT;
			goto out;
		}
		if (fresh) {
			__skb_queue_tail(&sk->sk_write_queue, skb);
			if (!tp->send_head)
				tp->send_head = skb;
		}
		TCP_SKB_CB(skb)->end_seq += copy;
		tp->write_seq += copy;
		sk->sk_wmem_queued += copy;
		copied += copy;
		if (skb->len >= mss) {
			tcp_push(sk, false);
			/* Let the receive path in (ACKs for us wait on this lock). */
			release_sock(sk);
			cond_resched();
			lock_sock(sk);
		}
	}
out:
	tp->tx_more = false;
	if (copied) {
		if (!(flags & MSG_MORE))
			tcp_push(sk, false);
		err = 0;
	}
	release_sock(sk);
	return copied ? (int)copied : err;
}

/* Is there queued data after sequence @pos? */
static bool tcp_unread_after(struct sock *sk, u32 pos)
{
	struct sk_buff *tail = skb_peek_tail(&sk->sk_receive_queue);

	return tail && seq_gt(TCP_SKB_CB(tail)->seq + tail->len, pos);
}

static int tcp_recvmsg(struct socket *sock, struct msghdr *msg, size_t len, int flags)
{
	struct sock *sk = sock->sk;
	struct tcp_sock *tp = tcp_sk(sk);
	bool peek = flags & MSG_PEEK;
	long timeo = sock_rcvtimeo(sk, flags & MSG_DONTWAIT);
	size_t target, copied = 0;
	u32 pos;
	int err = 0;

	if (flags & MSG_OOB)
		return -EINVAL;	/* urgent data is not kept apart */
	lock_sock(sk);
	if (sk->sk_state == TCP_LISTEN) {
		err = -ENOTCONN;
		goto out;
	}
	target = (flags & MSG_WAITALL) ? len : min_t(size_t, len, max(sk->sk_rcvlowat, 1));
	pos = tp->copied_seq;
	while (copied < len) {
		struct sk_buff *skb, *next;
		bool progress = false;

		for (skb = skb_peek(&sk->sk_receive_queue); skb && copied < len; skb = next) {
			struct tcp_skb_cb *cb = TCP_SKB_CB(skb);
			u32 off = pos - cb->seq;
			u32 n;

			next = skb_peek_next(skb, &sk->sk_receive_queue);
			if (off >= skb->len)
				continue;
			n = min_t(size_t, skb->len - off, len - copied);
			if (skb_copy_datagram_iter(skb, off, &msg->msg_iter, n)) {
				if (!copied)
					err = -EFAULT;
				goto done;
			}
			copied += n;
			pos += n;
			progress = true;
			if (!peek) {
				tp->copied_seq = pos;
				if (off + n == skb->len) {
					skb_unlink(skb, &sk->sk_receive_queue);
					consume_skb(skb);
				}
			}
		}
		if (copied >= target)
			break;
		if (progress && !peek)
			tcp_ack_data_rcvd(sk);
		if (sk->sk_err) {
			if (!copied)
				err = sock_error(sk);
			break;
		}
		if (sk->sk_shutdown & RCV_SHUTDOWN)
			break;
		if (sk->sk_state == TCP_CLOSE) {
			if (!sock_flag(sk, SOCK_DONE) && !copied)
				err = -ENOTCONN;
			break;
		}
		if (!timeo) {
			if (!copied)
				err = -EAGAIN;
			break;
		}
		if (signal_pending(current)) {
			if (!copied)
				err = sock_intr_errno(timeo);
			break;
		}
		sk_wait_event(sk, &timeo, tcp_unread_after(sk, pos) || sk->sk_err ||
			      (sk->sk_shutdown & RCV_SHUTDOWN) || sk->sk_state == TCP_CLOSE);
	}
done:
	if (copied && !peek)
		tcp_ack_data_rcvd(sk);
out:
	release_sock(sk);
	return copied ? (int)copied : err;
}

/* ------------------------------------------------ shutdown / close */

static void tcp_close_send(struct sock *sk)
{
	switch (sk->sk_state) {
	case TCP_ESTABLISHED:
	case TCP_SYN_RECV:
		tcp_set_state(sk, TCP_FIN_WAIT1);
		tcp_send_fin(sk);
		break;
	case TCP_CLOSE_WAIT:
		tcp_set_state(sk, TCP_LAST_ACK);
		tcp_send_fin(sk);
		break;
	case TCP_SYN_SENT:
		tcp_done(sk);
		break;
	}
}

static int tcp_shutdown(struct socket *sock, int how)
{
	struct sock *sk = sock->sk;
	int mask, err = 0;

	if (how < SHUT_RD || how > SHUT_RDWR)
		return -EINVAL;
	mask = how + 1;
	lock_sock(sk);
	if (sk->sk_state == TCP_LISTEN) {
		if (mask & RCV_SHUTDOWN) {
			tcp_listen_stop(sk);
			sk->sk_state_change(sk);
		}
		goto out;
	}
	if (sock->state == SS_UNCONNECTED || sk->sk_state == TCP_CLOSE) {
		err = sk->sk_state == TCP_CLOSE && sock->state == SS_CONNECTED ? 0 : -ENOTCONN;
		if (err)
			goto out;
	}
	sk->sk_shutdown |= mask;
	if (mask & SEND_SHUTDOWN)
		tcp_close_send(sk);
	sk->sk_state_change(sk);
out:
	release_sock(sk);
	return err;
}

static int tcp_release(struct socket *sock)
{
	struct sock *sk = sock->sk;
	struct tcp_sock *tp;
	bool unread;

	if (!sk)
		return 0;
	tp = tcp_sk(sk);
	lock_sock(sk);
	if (sk->sk_state == TCP_LISTEN) {
		tcp_listen_stop(sk);
		goto orphan;
	}
	unread = tcp_inq(sk) > 0;
	skb_queue_purge(&sk->sk_receive_queue);
	sk->sk_shutdown = SHUTDOWN_MASK;
	if (sk->sk_state == TCP_CLOSE) {
		tcp_unhash(sk);
	} else if (sk->sk_state == TCP_SYN_SENT) {
		tcp_done(sk);
	} else if (unread || (sock_flag(sk, SOCK_LINGER) && !sk->sk_lingertime)) {
		/* RFC 9293 3.10.4 ABORT (and RFC 2525 2.17: data would be lost). */
		if (sk->sk_state != TCP_TIME_WAIT)
			tcp_send_rst(sk);
		tcp_done(sk);
	} else {
		tcp_close_send(sk);
		if (sock_flag(sk, SOCK_LINGER) && sk->sk_lingertime) {
			long timeo = sk->sk_lingertime;

			sk_wait_event(sk, &timeo, sk->sk_state == TCP_CLOSE ||
				      sk->sk_state == TCP_TIME_WAIT || sk->sk_state == TCP_FIN_WAIT2);
		}
	}
orphan:
	sock_orphan(sk);
	if (sk->sk_state == TCP_FIN_WAIT2) {
		if (tp->linger2 < 0) {
			tcp_send_rst(sk);
			tcp_done(sk);
		} else {
			tcp_set_deadline(sk, TCP_T_KEEPALIVE, tp->linger2 ? tp->linger2 : TCP_FIN_TIMEOUT);
		}
	}
	release_sock(sk);
	sock->sk = NULL;
	sock_put(sk);
	return 0;
}

/* ------------------------------------------------------- poll */

static __poll_t tcp_poll(struct file *file, struct socket *sock, struct poll_table_struct *wait)
{
	struct sock *sk = sock->sk;
	struct tcp_sock *tp = tcp_sk(sk);
	int state = sk->sk_state;
	__poll_t mask = 0;

	poll_wait(file, sk->sk_wq, wait);
	if (state == TCP_LISTEN)
		return list_empty(&tp->acc_list) ? 0 : EPOLLIN | EPOLLRDNORM;

	if (sk->sk_shutdown == SHUTDOWN_MASK || state == TCP_CLOSE)
		mask |= EPOLLHUP;
	if (sk->sk_shutdown & RCV_SHUTDOWN)
		mask |= EPOLLIN | EPOLLRDNORM | EPOLLRDHUP;
	if (!tcp_connecting(sk)) {
		u32 avail = skb_queue_empty(&sk->sk_receive_queue) ? 0 : tcp_inq(sk);

		if (avail && avail >= (u32)max(sk->sk_rcvlowat, 1))
			mask |= EPOLLIN | EPOLLRDNORM;
		if (sk->sk_shutdown & SEND_SHUTDOWN) {
			mask |= EPOLLOUT | EPOLLWRNORM;
		} else if (tcp_writeable(sk)) {
			mask |= EPOLLOUT | EPOLLWRNORM;
		} else {
			sock_set_flag(sk, SOCK_NOSPACE);
			if (tcp_writeable(sk))
				mask |= EPOLLOUT | EPOLLWRNORM;
		}
	}
	if (sk->sk_err)
		mask |= EPOLLERR;
	return mask;
}

/* -------------------------------------------------------- ioctl */

static int tcp_ioctl(struct socket *sock, unsigned int cmd, unsigned long arg)
{
	struct sock *sk = sock->sk;
	struct tcp_sock *tp = tcp_sk(sk);
	int val;

	switch (cmd) {
	case SIOCINQ:
		if (sk->sk_state == TCP_LISTEN)
			return -EINVAL;
		val = tcp_inq(sk);
		break;
	case SIOCOUTQ:
		if (sk->sk_state == TCP_LISTEN)
			return -EINVAL;
		lock_sock(sk);
		val = tp->write_seq - tp->snd_una;
		if (tcp_connecting(sk) || sk->sk_state == TCP_CLOSE)
			val = 0;
		release_sock(sk);
		break;
	default:
		return inet_ioctl(sock, cmd, arg);
	}
	return put_user(val, (int *)arg) ? -EFAULT : 0;
}

/* ------------------------------------------------------ options */

static int tcp_set_int(struct sock *sk, int optname, int val)
{
	struct tcp_sock *tp = tcp_sk(sk);

	switch (optname) {
	case TCP_NODELAY:
		tp->nodelay = !!val;
		if (val)
			tcp_push(sk, true);
		return 0;
	case TCP_MAXSEG:
		if (val && (val < TCP_MIN_MSS || val > 65535))
			return -EINVAL;
		tp->user_mss = val;
		return 0;
	case TCP_CORK:
		tp->cork = !!val;
		if (!val)
			tcp_push(sk, true);
		return 0;
	case TCP_KEEPIDLE:
		if (val < 1 || val > 32767)
			return -EINVAL;
		tp->keepidle = val * HZ;
		tcp_keepalive_reset(sk);
		return 0;
	case TCP_KEEPINTVL:
		if (val < 1 || val > 32767)
			return -EINVAL;
		tp->keepintvl = val * HZ;
		return 0;
	case TCP_KEEPCNT:
		if (val < 1 || val > 127)
			return -EINVAL;
		tp->keepcnt = val;
		return 0;
	case TCP_SYNCNT:
		if (val < 1 || val > 127)
			return -EINVAL;
		tp->syn_retries = val;
		return 0;
	case TCP_LINGER2:
		if (val < 0)
			tp->linger2 = -1;
		else
			tp->linger2 = min(val, 120) * HZ;
		return 0;
	case TCP_DEFER_ACCEPT:
		tp->defer_accept = val < 0 ? 0 : val;
		return 0;
	case TCP_WINDOW_CLAMP:
		if (val < 0)
			return -EINVAL;
		tp->window_clamp = val && val < SOCK_MIN_RCVBUF / 2 ? SOCK_MIN_RCVBUF / 2 : val;
		return 0;
	case TCP_QUICKACK:
		tp->quickack_opt = !!val;
		if (val && tp->last_ack_sent != tp->rcv_nxt &&
		    sk->sk_state != TCP_LISTEN && sk->sk_state != TCP_CLOSE)
			tcp_send_ack(sk);
		return 0;
	case TCP_USER_TIMEOUT:
		if (val < 0)
			return -EINVAL;
		tp->user_timeout = val;
		return 0;
	}
	return -ENOPROTOOPT;
}

static int tcp_setsockopt(struct socket *sock, int level, int optname,
			  const void *optval, unsigned int optlen)
{
	struct sock *sk = sock->sk;
	int err, val;

	if (level == SOL_SOCKET) {
		err = sock_setsockopt(sock, level, optname, optval, optlen);
		if (!err && optname == SO_KEEPALIVE) {
			lock_sock(sk);
			tcp_keepalive_reset(sk);
			release_sock(sk);
		}
		return err;
	}
	if (level == SOL_IP)
		return ip_setsockopt(sk, level, optname, optval, optlen);
	if (level != SOL_TCP)
		return -ENOPROTOOPT;
	if (optname == TCP_CONGESTION) {
		char name[TCP_CA_NAME_MAX];
		unsigned int n = min_t(unsigned int, optlen, sizeof(name) - 1);

		memcpy(name, optval, n);
		name[n] = 0;
		return strcmp(name, "reno") ? -ENOENT : 0;
	}
	if (optname == TCP_INFO)
		return -ENOPROTOOPT;
	if (optlen < sizeof(int))
		return -EINVAL;
	memcpy(&val, optval, sizeof(val));
	lock_sock(sk);
	err = tcp_set_int(sk, optname, val);
	release_sock(sk);
	return err;
}

static void tcp_fill_info(struct sock *sk, struct tcp_info *info)
{
	struct tcp_sock *tp = tcp_sk(sk);
	u32 mss = max_t(u32, tp->mss_cache, 1);
	unsigned long now = jiffies;

	memset(info, 0, sizeof(*info));
	info->tcpi_state = sk->sk_state;
	info->tcpi_ca_state = tp->in_recovery ? 3 : (tp->retransmits ? 4 : 0);
	info->tcpi_retransmits = tp->retransmits;
	info->tcpi_probes = tp->probes;
	info->tcpi_backoff = tp->backoff;
	if (tp->tstamp_ok)
		info->tcpi_options |= TCPI_OPT_TIMESTAMPS;
	if (tp->wscale_ok) {
		info->tcpi_options |= TCPI_OPT_WSCALE;
		info->tcpi_snd_wscale = tp->snd_wscale;
		info->tcpi_rcv_wscale = tp->rcv_wscale;
	}
	info->tcpi_rto = jiffies_to_usecs(tp->rto);
	info->tcpi_ato = jiffies_to_usecs(TCP_DELACK_MIN);
	info->tcpi_snd_mss = tp->mss_cache;
	info->tcpi_rcv_mss = tp->rcv_mss;
	info->tcpi_unacked = DIV_ROUND_UP(tcp_flight(tp), mss);
	info->tcpi_last_data_sent = jiffies_to_msecs(now - tp->snd_tstamp);
	info->tcpi_last_data_recv = jiffies_to_msecs(now - tp->rcv_tstamp);
	info->tcpi_last_ack_recv = info->tcpi_last_data_recv;
	info->tcpi_pmtu = tp->adv_mss + TCP_IPV4_OVERHEAD;
	info->tcpi_rcv_ssthresh = tcp_rspace(sk);
	info->tcpi_rtt = tp->srtt_us;
	info->tcpi_rttvar = tp->rttvar_us;
	info->tcpi_snd_ssthresh = tp->ssthresh >= 0x7fffffff ? 0x7fffffff : tp->ssthresh / mss;
	info->tcpi_snd_cwnd = tp->cwnd / mss;
	info->tcpi_advmss = tp->adv_mss;
	info->tcpi_reordering = 3;
	info->tcpi_rcv_space = tcp_rspace(sk);
	info->tcpi_total_retrans = tp->total_retrans;
}

static int tcp_get_int(struct sock *sk, int optname, int *val)
{
	struct tcp_sock *tp = tcp_sk(sk);

	switch (optname) {
	case TCP_NODELAY:
		*val = tp->nodelay;
		break;
	case TCP_MAXSEG:
		if (sk->sk_state == TCP_CLOSE || sk->sk_state == TCP_LISTEN)
			*val = tp->user_mss ? tp->user_mss : TCP_DEFAULT_MSS;
		else
			*val = tp->mss_cache;
		break;
	case TCP_CORK:
		*val = tp->cork;
		break;
	case TCP_KEEPIDLE:
		*val = tp->keepidle / HZ;
		break;
	case TCP_KEEPINTVL:
		*val = tp->keepintvl / HZ;
		break;
	case TCP_KEEPCNT:
		*val = tp->keepcnt;
		break;
	case TCP_SYNCNT:
		*val = tp->syn_retries;
		break;
	case TCP_LINGER2:
		*val = tp->linger2 < 0 ? -1 : (tp->linger2 ? tp->linger2 : TCP_FIN_TIMEOUT) / HZ;
		break;
	case TCP_DEFER_ACCEPT:
		*val = tp->defer_accept;
		break;
	case TCP_WINDOW_CLAMP:
		*val = tp->window_clamp ? tp->window_clamp : tcp_rspace(sk) / 2;
		break;
	case TCP_QUICKACK:
		*val = tp->quickack_opt || tp->quickacks;
		break;
	case TCP_USER_TIMEOUT:
		*val = tp->user_timeout;
		break;
	default:
		return -ENOPROTOOPT;
	}
	return 0;
}

static int tcp_getsockopt(struct socket *sock, int level, int optname, void *optval, int *optlen)
{
	struct sock *sk = sock->sk;
	int len = *optlen, val, err;

	if (level == SOL_SOCKET)
		return sock_getsockopt(sock, level, optname, optval, optlen);
	if (level == SOL_IP)
		return ip_getsockopt(sk, level, optname, optval, optlen);
	if (level != SOL_TCP)
		return -ENOPROTOOPT;
	if (len < 0)
		return -EINVAL;
	if (optname == TCP_INFO) {
		struct tcp_info info;

		lock_sock(sk);
		tcp_fill_info(sk, &info);
		release_sock(sk);
		len = min_t(int, len, sizeof(info));
		memcpy(optval, &info, len);
		*optlen = len;
		return 0;
	}
	if (optname == TCP_CONGESTION) {
		char name[TCP_CA_NAME_MAX] = "reno";

		len = min_t(int, len, TCP_CA_NAME_MAX);
		memcpy(optval, name, len);
		*optlen = len;
		return 0;
	}
	lock_sock(sk);
	err = tcp_get_int(sk, optname, &val);
	release_sock(sk);
	if (err)
		return err;
	len = min_t(int, len, sizeof(int));
	memcpy(optval, &val, len);
	*optlen = len;
	return 0;
}

static int tcp_bind(struct socket *sock, struct sockaddr *uaddr, int addrlen)
{
	struct sock *sk = sock->sk;
	__be32 addr;
	u16 port;
	int err;

	err = inet_check_bind_addr(sk, uaddr, addrlen, &addr, &port);
	if (err)
		return err;
	lock_sock(sk);
	if (sk->sk_state != TCP_CLOSE || inet_sk(sk)->inet_num)
		err = -EINVAL;
	else
		err = tcp_bind_port(sk, addr, port);
	release_sock(sk);
	return err;
}

const struct proto_ops tcp_stream_ops = {
	.family = AF_INET,
	.release = tcp_release,
	.bind = tcp_bind,
	.connect = tcp_connect,
	.accept = tcp_accept,
	.getname = inet_getname,
	.poll = tcp_poll,
	.ioctl = tcp_ioctl,
	.listen = tcp_listen,
	.shutdown = tcp_shutdown,
	.setsockopt = tcp_setsockopt,
	.getsockopt = tcp_getsockopt,
	.sendmsg = tcp_sendmsg,
	.recvmsg = tcp_recvmsg,
};
