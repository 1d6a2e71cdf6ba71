// SPDX-License-Identifier: GPL-2.0-only
/*
 * TCP output: turning the write queue into segments.
 *
 * sk_write_queue holds every byte not yet acknowledged, as skbs whose
 * data is the payload only (headroom reserved for the headers) and whose
 * TCP_SKB_CB gives the sequence range, SYN and FIN included.  tp->send_head
 * is the first skb never sent (or sent before a timeout rewound snd_nxt).
 * Sending a segment transmits a private copy with the header pushed in
 * front (skbs are never shared), so the original stays for retransmission
 * until an ACK covers it.
 *
 * What may go (tcp_push()): as much as fits in both the peer's window
 * (RFC 9293 3.8.6.2.1) and the congestion window, in segments of at most
 * the MSS; a short segment waits while data is in flight unless
 * TCP_NODELAY (Nagle, RFC 1122 4.2.3.4), and always waits under TCP_CORK.
 * Pure ACKs, probes and RSTs are small fresh skbs sent at once.
 *
 * The receive window (tcp_select_window()) offers the free receive space,
 * never moves the right edge back (RFC 9293 3.8.6.2.2: no shrinking) and
 * only moves it on by a worthwhile amount (receiver-side silly window
 * syndrome avoidance, RFC 1122 4.2.3.3).
 *
 * All entry points run under lock_sock() except tcp_rst_reply(), which
 * answers a segment that has no socket.
 */
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/errno.h>
#include <linux/stddef.h>
#include <linux/netdevice.h>
#include <asm/byteorder.h>
#include <uapi/linux/ip.h>
#include <net/tcp.h>

struct sk_buff *tcp_new_skb(struct sock *sk, unsigned int size)
{
	struct sk_buff *skb = alloc_skb_with_headroom(size, sk ? sk->sk_allocation : GFP_KERNEL);

	if (skb)
		memset(skb->cb, 0, sizeof(skb->cb));
	return skb;
}

/*
 * Write the options of an outgoing segment at @p; returns their length
 * (a multiple of 4).  SYNs carry MSS and, when allowed, window scale and
 * timestamps; other segments carry timestamps once both sides agreed.
 */
int tcp_options_build(u8 *p, bool syn, const struct tcp_sock *tp, bool ts, bool ws)
{
	u8 *start = p;

	if (syn) {
		*p++ = TCPOPT_MSS;
		*p++ = 4;
		*p++ = tp->adv_mss >> 8;
		*p++ = tp->adv_mss & 0xff;
	}
	if (ts) {
		__be32 v;

		*p++ = TCPOPT_NOP;
		*p++ = TCPOPT_NOP;
		*p++ = TCPOPT_TIMESTAMP;
		*p++ = 10;
		v = htonl(tcp_ts_now());
		memcpy(p, &v, 4);
		v = htonl(tp->ts_recent);
		memcpy(p + 4, &v, 4);
		p += 8;
	}
	if (syn && ws) {
		*p++ = TCPOPT_NOP;
		*p++ = TCPOPT_WINDOW;
		*p++ = 3;
		*p++ = tp->rcv_wscale;
	}
	return p - start;
}

/* Receive space this connection may use (autotuned up unless SO_RCVBUF was set). */
int tcp_rspace(const struct sock *sk)
{
	if (sock_flag(sk, SOCK_RCVBUF_LOCK))
		return sk->sk_rcvbuf;
	return max(sk->sk_rcvbuf, TCP_BUF_AUTO_MAX);
}

static u32 tcp_free_space(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	s64 used = (s64)(u32)(tp->rcv_nxt - tp->copied_seq) + tp->ooo_bytes;
	s64 space = tcp_rspace(sk) - used;

	if (tp->window_clamp && space > tp->window_clamp)
		space = tp->window_clamp;
	return space > 0 ? (u32)space : 0;
}

/* The window to put in an outgoing segment (unscaled value in bytes). */
u32 tcp_select_window(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	u32 free = tcp_free_space(sk);
	u32 old_edge = tp->rcv_wup + tp->rcv_wnd;
	u32 new_edge = tp->rcv_nxt + free;
	u32 max_wnd = 65535U << tp->rcv_wscale;
	u32 mss = tp->rcv_mss ? tp->rcv_mss : tp->adv_mss;
	u32 step = min_t(u32, mss, tcp_rspace(sk) / 2);

	/* Move the right edge on only by a worthwhile step; never back. */
	if (seq_lt(new_edge, old_edge) || (u32)(new_edge - old_edge) < step)
		new_edge = seq_lt(old_edge, tp->rcv_nxt) ? tp->rcv_nxt : old_edge;
	if ((u32)(new_edge - tp->rcv_nxt) > max_wnd)
		new_edge = tp->rcv_nxt + max_wnd;
	/* Keep the window a multiple of the scale so what we announce is exact. */
	if (tp->rcv_wscale) {
		u32 unit = 1u << tp->rcv_wscale;
		u32 w = (new_edge - tp->rcv_nxt) & ~(unit - 1);

		if (seq_gt(old_edge, tp->rcv_nxt) && seq_lt(tp->rcv_nxt + w, old_edge))
			w = (old_edge - tp->rcv_nxt + unit - 1) & ~(unit - 1);
		new_edge = tp->rcv_nxt + w;
	}
	tp->rcv_wup = tp->rcv_nxt;
	tp->rcv_wnd = new_edge - tp->rcv_nxt;
	return tp->rcv_wnd;
}

static inline __be32 tcp_peer_addr(struct sock *sk)
{
	return inet_sk(sk)->inet_daddr;
}

/*
 * Put the header in front of @skb (payload at data) and send it.  @flags:
 * TCPHDR_*; ACK is added in every state but SYN_SENT.  Consumes @skb.
 */
static int tcp_emit(struct sock *sk, struct sk_buff *skb, u32 seq, u8 flags)
{
	struct tcp_sock *tp = tcp_sk(sk);
	struct inet_sock *inet = inet_sk(sk);
	u8 opts[TCP_MAX_OPT_LEN];
	bool syn = flags & TCPHDR_SYN;
	bool ts = syn ? (sk->sk_state == TCP_SYN_SENT || tp->tstamp_ok) : tp->tstamp_ok;
	bool ws = sk->sk_state == TCP_SYN_SENT || tp->wscale_ok;
	int olen = tcp_options_build(opts, syn, tp, ts, ws);
	struct tcphdr *th;
	u32 win, len;

	if (sk->sk_state != TCP_SYN_SENT || !syn)
		flags |= TCPHDR_ACK;
	th = skb_push(skb, TCP_HDR_LEN + olen);
	memcpy(th + 1, opts, olen);
	th->source = inet->inet_sport;
	th->dest = inet->inet_dport;
	th->seq = htonl(seq);
	th->ack_seq = (flags & TCPHDR_ACK) ? htonl(tp->rcv_nxt) : 0;
	th->doff_res = ((TCP_HDR_LEN + olen) / 4) << 4;
	th->flags = flags;
	win = (flags & TCPHDR_RST) ? 0 : tcp_select_window(sk);
	if (syn) {
		/* Never scaled in a SYN: what the peer may send is what fits. */
		win = min_t(u32, win, 65535);
		tp->rcv_wnd = win;
		th->window = htons(win);
	}
	if (!syn)
		th->window = htons(min_t(u32, win >> tp->rcv_wscale, 65535));
	th->urg_ptr = 0;
	/*
	 * The sum over header and payload is left to the device or to
	 * dev_queue_xmit() (CHECKSUM_PARTIAL): the field gets the
	 * pseudo-header sum, which a sum from the TCP header on completes.
	 */
	len = skb->len;
	th->check = ~csum_tcpudp_magic(inet->inet_saddr, inet->inet_daddr, len, IPPROTO_TCP, 0);
	skb_reset_transport_header(skb);
	skb_set_partial_csum(skb, offsetof(struct tcphdr, check));
	if (flags & TCPHDR_ACK) {
		tp->last_ack_sent = tp->rcv_nxt;
		tp->unacked_bytes = 0;
		tp->ack_now = false;
		tcp_clear_deadline(sk, TCP_T_DELACK);
	}
	TCP_ADD_STATS(TCP_MIB_OUTSEGS, skb_is_gso(skb) ? skb->gso_segs : 1);
	if (flags & TCPHDR_RST)
		TCP_INC_STATS(TCP_MIB_OUTRSTS);
	return ip_queue_xmit(sk, skb);
}

/*
 * Send a copy of @n consecutive queued skbs from @first on, @len payload
 * bytes in all, as one packet.  Each but the last carries exactly one
 * MSS, so when there is more than one the packet is a GSO packet of
 * MSS-sized segments (cut by the device or by dev_queue_xmit()); its
 * FIN and PSH are the last skb's.  The queued skbs stay as they are:
 * ACKs, retransmissions and the congestion window count them one by one.
 */
static int tcp_transmit_batch(struct sock *sk, struct sk_buff *first, unsigned int n, u32 len)
{
	struct tcp_skb_cb *cb = TCP_SKB_CB(first);
	struct sk_buff *c, *skb = first;
	u8 flags = cb->flags & TCPHDR_SYN;

	if (n == 1)
		c = skb_copy_expand(first, MAX_HEADER_ROOM, 0, sk->sk_allocation);
	else
		c = tcp_new_skb(sk, len);
	if (!c)
		return -ENOBUFS;
	if (n > 1) {
		c->gso_size = first->len;
		c->gso_segs = n;
		c->gso_type = SKB_GSO_TCPV4;
	}
	for (unsigned int i = 0; i < n; i++, skb = skb_peek_next(skb, &sk->sk_write_queue)) {
		if (n > 1)
			skb_put_data(c, skb->data, skb->len);
		TCP_SKB_CB(skb)->sent = jiffies;
		if (i == n - 1)
			flags |= TCP_SKB_CB(skb)->flags & (TCPHDR_FIN | TCPHDR_PSH);
	}
	return tcp_emit(sk, c, cb->seq, flags);
}

/* Send (a copy of) the queued segment @skb. */
int tcp_transmit(struct sock *sk, struct sk_buff *skb)
{
	return tcp_transmit_batch(sk, skb, 1, skb->len);
}

/*
 * Payload bytes of the largest packet tcp_push() builds: a whole number
 * of segments, the IP datagram within its 16-bit length with the largest
 * headers, and the buffer (with its header room) within 64 KiB.
 */
static u32 tcp_gso_limit(u32 mss)
{
	u32 room = GSO_MAX_SIZE - MAX_HEADER_ROOM - sizeof(struct iphdr) - TCP_HDR_LEN -
		   TCP_MAX_OPT_LEN;

	return mss ? room - room % mss : 0;
}

/*
 * Should tcp_push() hold what is unsent for now, to send it later as one
 * larger packet?  Only while data is in flight: its ACKs will push again
 * and each opens the windows further.  It sends once it can send a
 * quarter of the window it works with (min(cwnd, peer's window)) or a
 * full GSO packet, whichever is less; or when less than that is unsent
 * and the writer is not copying more in (tp->tx_more, set by
 * tcp_sendmsg()).  Waiting can never stall: as the flight drains, what
 * may be sent grows to the whole window.  Never where the MSS is so
 * large that no GSO packet can hold two segments (loopback).
 */
static bool tcp_push_should_wait(struct sock *sk, bool force)
{
	struct tcp_sock *tp = tcp_sk(sk);
	u32 flight = tcp_flight(tp), unsent = tp->write_seq - tp->snd_nxt;
	u32 wnd_end = tp->snd_una + tp->snd_wnd, mss = tp->mss_cache;
	u32 room, goal, limit = tcp_gso_limit(mss);

	/* Nothing to gain where no two segments fit one packet (lo's 64 KiB MSS). */
	if (force || !flight || !mss || limit < 2 * mss)
		return false;
	room = seq_gt(wnd_end, tp->snd_nxt) ? wnd_end - tp->snd_nxt : 0;
	room = min(room, tp->cwnd > flight ? tp->cwnd - flight : 0);
	goal = min(tp->cwnd, tp->snd_wnd) / 4;
	goal = clamp(goal - goal % mss, mss, limit);
	if (min(room, unsent) >= goal)
		return false;
	return unsent >= goal || tp->tx_more;
}

static void tcp_send_empty(struct sock *sk, u32 seq, u8 flags)
{
	struct sk_buff *skb = tcp_new_skb(sk, 0);

	if (!skb) {
		/* No memory: try again from the delayed-ACK deadline. */
		if (!(flags & TCPHDR_RST))
			tcp_set_deadline(sk, TCP_T_DELACK, TCP_DELACK_MIN);
		return;
	}
	tcp_emit(sk, skb, seq, flags);
}

void tcp_send_ack(struct sock *sk)
{
	if (sk->sk_state == TCP_CLOSE || sk->sk_state == TCP_LISTEN)
		return;
	tcp_send_empty(sk, tcp_sk(sk)->snd_nxt, TCPHDR_ACK);
}

/* A segment the peer must answer with an ACK: the byte before snd_una. */
void tcp_send_probe(struct sock *sk)
{
	tcp_send_empty(sk, tcp_sk(sk)->snd_una - 1, TCPHDR_ACK);
}

void tcp_send_rst(struct sock *sk)
{
	tcp_send_empty(sk, tcp_sk(sk)->snd_nxt, TCPHDR_RST | TCPHDR_ACK);
}

/* Split @skb so that it carries @len payload bytes; the rest goes to a new skb after it. */
static int tcp_split(struct sock *sk, struct sk_buff *skb, u32 len)
{
	struct tcp_skb_cb *cb = TCP_SKB_CB(skb), *ncb;
	u32 rest = skb->len - len;
	struct sk_buff *n = tcp_new_skb(sk, rest);

	if (!n)
		return -ENOMEM;
	skb_put_data(n, skb->data + len, rest);
	skb_trim(skb, len);
	ncb = TCP_SKB_CB(n);
	ncb->seq = cb->seq + len;
	ncb->end_seq = cb->end_seq;
	ncb->flags = cb->flags;
	cb->end_seq = cb->seq + len;
	cb->flags &= ~(TCPHDR_FIN | TCPHDR_PSH);
	__skb_queue_after(&sk->sk_write_queue, skb, n);
	return 0;
}

u16 tcp_current_mss(struct sock *sk)
{
	return tcp_sk(sk)->mss_cache;
}

/*
 * Send what the windows and Nagle allow from send_head on.  @force
 * overrides Nagle and TCP_CORK (uncork, close, shutdown).
 */
void tcp_push(struct sock *sk, bool force)
{
	struct tcp_sock *tp = tcp_sk(sk);
	struct sk_buff *skb, *batch = NULL;
	u32 mss = tp->mss_cache, batch_len = 0, gso_limit = tcp_gso_limit(mss);
	unsigned int batch_n = 0;
	bool sent = false;

	if (sk->sk_state == TCP_SYN_SENT || sk->sk_state == TCP_LISTEN ||
	    sk->sk_state == TCP_CLOSE)
		return;
	if (tcp_push_should_wait(sk, force))
		return;
	while ((skb = tp->send_head) != NULL) {
		struct tcp_skb_cb *cb = TCP_SKB_CB(skb);
		u32 wnd_end = tp->snd_una + tp->snd_wnd;
		u32 flight = tcp_flight(tp);
		u32 lim, cw;

		lim = seq_gt(wnd_end, tp->snd_nxt) ? wnd_end - tp->snd_nxt : 0;
		cw = tp->cwnd > flight ? tp->cwnd - flight : 0;
		lim = min(lim, cw);
		if (skb->len > lim) {
			if (!lim || (lim < mss && flight))
				break;
			if (lim >= mss)
				lim -= lim % mss;
			if (tcp_split(sk, skb, lim))
				break;
		} else if (skb->len < mss && !(cb->flags & (TCPHDR_FIN | TCPHDR_SYN)) &&
			   !force && skb_peek_next(skb, &sk->sk_write_queue) == NULL) {
			/* A short last segment: Nagle / cork. */
			if (tp->cork)
				break;
			if (!tp->nodelay && flight)
				break;
		}
		if (seq_lt(tp->snd_nxt, tp->snd_max) || cb->retrans) {
			cb->retrans++;
			tp->total_retrans++;
			TCP_INC_STATS(TCP_MIB_RETRANSSEGS);
		}
		if (!tp->rtt_pending && !cb->retrans) {
			tp->rtt_pending = true;
			tp->rtt_seq = cb->end_seq;
			tp->rtt_start = jiffies;
		}
		/*
		 * Gather consecutive skbs into one packet: it may grow while
		 * every skb in it so far was a full MSS and no SYN/FIN is in it.
		 */
		if (batch && batch_len + skb->len <= gso_limit && !(cb->flags & TCPHDR_SYN)) {
			batch_n++;
			batch_len += skb->len;
		} else {
			if (batch)
				tcp_transmit_batch(sk, batch, batch_n, batch_len);
			batch = skb;
			batch_n = 1;
			batch_len = skb->len;
		}
		tp->snd_nxt = cb->end_seq;
		if (seq_gt(tp->snd_nxt, tp->snd_max))
			tp->snd_max = tp->snd_nxt;
		tp->send_head = skb_peek_next(skb, &sk->sk_write_queue);
		tp->snd_tstamp = jiffies;
		sent = true;
		if (skb->len != mss || (cb->flags & (TCPHDR_SYN | TCPHDR_FIN))) {
			tcp_transmit_batch(sk, batch, batch_n, batch_len);
			batch = NULL;
		}
	}
	if (batch)
		tcp_transmit_batch(sk, batch, batch_n, batch_len);
	if (sent || tcp_flight(tp))
		tcp_arm_rtx(sk);
	else if (tp->send_head)
		tcp_arm_rtx(sk);	/* blocked by a zero window: persist */
}

/* Put the SYN (or SYN-ACK) on the write queue and send it. */
int tcp_send_syn(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	struct sk_buff *skb = tcp_new_skb(sk, 0);
	struct tcp_skb_cb *cb;

	if (!skb)
		return -ENOBUFS;
	cb = TCP_SKB_CB(skb);
	cb->seq = tp->iss;
	cb->end_seq = tp->iss + 1;
	cb->flags = TCPHDR_SYN;
	__skb_queue_tail(&sk->sk_write_queue, skb);
	tp->snd_una = tp->iss;
	tp->write_seq = tp->iss + 1;
	tp->snd_nxt = tp->iss + 1;
	tp->snd_max = tp->snd_nxt;
	tp->send_head = NULL;
	tcp_transmit(sk, skb);
	tcp_arm_rtx(sk);
	return 0;
}

/* Queue our FIN after the data (RFC 9293 3.10.4 CLOSE) and push. */
void tcp_send_fin(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	struct sk_buff *tail = skb_peek_tail(&sk->sk_write_queue);

	if (tail && tp->send_head && !(TCP_SKB_CB(tail)->flags & (TCPHDR_FIN | TCPHDR_SYN))) {
		TCP_SKB_CB(tail)->flags |= TCPHDR_FIN;
		TCP_SKB_CB(tail)->end_seq++;
	} else {
		struct sk_buff *skb = tcp_new_skb(sk, 0);

		if (!skb) {
			/* Out of memory: the best we can do is to abort. */
			tcp_send_rst(sk);
			tcp_done(sk);
			return;
		}
		TCP_SKB_CB(skb)->seq = tp->write_seq;
		TCP_SKB_CB(skb)->end_seq = tp->write_seq + 1;
		TCP_SKB_CB(skb)->flags = TCPHDR_FIN;
		__skb_queue_tail(&sk->sk_write_queue, skb);
		if (!tp->send_head)
			tp->send_head = skb;
	}
	tp->write_seq++;
	tcp_push(sk, true);
}

/* Send the oldest unacknowledged segment again (timeout, fast retransmit). */
void tcp_retransmit_head(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	struct sk_buff *skb = skb_peek(&sk->sk_write_queue);
	u32 mss = tp->mss_cache;

	if (!skb || skb == tp->send_head)
		return;
	if (skb->len > mss && !(TCP_SKB_CB(skb)->flags & TCPHDR_SYN))
		tcp_split(sk, skb, mss);
	TCP_SKB_CB(skb)->retrans++;
	tp->total_retrans++;
	TCP_INC_STATS(TCP_MIB_RETRANSSEGS);
	tp->rtt_pending = false;	/* Karn: no sample across a retransmission */
	tcp_transmit(sk, skb);
}

/* The largest window we could offer now: the free space, as far as the header can say it. */
static u32 tcp_window_room(struct sock *sk)
{
	return min(tcp_free_space(sk), 65535U << tcp_sk(sk)->rcv_wscale);
}

/*
 * After the user read: tell the peer about a window that opened a lot,
 * i.e. when what it may still send is under half of what we could offer
 * now (or under a segment).  A smaller change waits for the next ACK the
 * data makes us send anyway: a window update after every read would
 * double the ACKs without letting the peer send more.
 */
void tcp_ack_data_rcvd(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	u32 cur_edge = tp->rcv_wup + tp->rcv_wnd;
	u32 room = tcp_window_room(sk);
	u32 mss = tp->rcv_mss ? tp->rcv_mss : tp->adv_mss;
	u32 left;

	if (sk->sk_state != TCP_ESTABLISHED && sk->sk_state != TCP_FIN_WAIT1 &&
	    sk->sk_state != TCP_FIN_WAIT2)
		return;
	if (tp->unacked_bytes >= 2u * mss) {
		tcp_send_ack(sk);	/* the ACK the receive path left to us */
		return;
	}
	if (!seq_gt(tp->rcv_nxt + room, cur_edge) || (u32)(tp->rcv_nxt + room - cur_edge) < mss)
		return;		/* the right edge would not move by a segment */
	left = seq_gt(cur_edge, tp->rcv_nxt) ? cur_edge - tp->rcv_nxt : 0;
	if (left < mss || left < room / 2)
		tcp_send_ack(sk);
}

/*
 * Reset a segment that reached no connection (RFC 9293 3.10.7.1): if it
 * had an ACK, RST with SEQ = its ACK; otherwise SEQ 0 and ACK its end.
 * @len: its payload plus SYN/FIN.  Never answers a RST.
 */
void tcp_rst_reply(const struct sk_buff *in, const struct tcphdr *th, u32 len)
{
	const struct iphdr *iph = ip_hdr(in);
	struct ip_out_params p;
	struct sk_buff *skb;
	struct tcphdr *r;

	if (th->flags & TCPHDR_RST)
		return;
	skb = tcp_new_skb(NULL, 0);
	if (!skb)
		return;
	r = skb_push(skb, TCP_HDR_LEN);
	memset(r, 0, TCP_HDR_LEN);
	r->source = th->dest;
	r->dest = th->source;
	if (th->flags & TCPHDR_ACK) {
		r->seq = th->ack_seq;
		r->flags = TCPHDR_RST;
	} else {
		r->ack_seq = htonl(ntohl(th->seq) + len);
		r->flags = TCPHDR_RST | TCPHDR_ACK;
	}
	r->doff_res = (TCP_HDR_LEN / 4) << 4;
	r->check = csum_tcpudp_magic(iph->daddr, iph->saddr, TCP_HDR_LEN, IPPROTO_TCP,
				     csum_partial(r, TCP_HDR_LEN, 0));
	skb_reset_transport_header(skb);
	memset(&p, 0, sizeof(p));
	p.saddr = iph->daddr;
	p.daddr = iph->saddr;
	p.protocol = IPPROTO_TCP;
	p.df = true;
	TCP_INC_STATS(TCP_MIB_OUTSEGS);
	TCP_INC_STATS(TCP_MIB_OUTRSTS);
	ip_send_skb(NULL, skb, &p);
}
