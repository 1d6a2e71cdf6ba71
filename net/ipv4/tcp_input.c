// SPDX-License-Identifier: GPL-2.0-only
/*
 * TCP input: what happens when a segment arrives (RFC 9293 3.10.7).
 *
 * tcp_v4_rcv() (tcp_ipv4.c) checks the checksum, finds the connection,
 * fills TCP_SKB_CB (seq, end_seq counting SYN and FIN, flags), pulls
 * skb->data to the payload, takes lock_sock() and calls
 * tcp_rcv_listen() for a listener or tcp_rcv_segment() for the rest.
 *
 * The synchronized states follow the RFC's order: timestamps check (PAWS,
 * RFC 7323 5), the acceptance test, RST (with RFC 5961's challenge ACK for
 * an in-window RST that is not exactly at rcv_nxt), SYN (challenge ACK),
 * ACK (window update, RTT sample, congestion control, state changes when
 * our FIN is acknowledged), data and FIN.  Data ahead of rcv_nxt waits in
 * the out-of-order queue (sorted by sequence, overlaps cut away on insert)
 * until the hole before it fills.
 *
 * ACKs: at once for out-of-order data, a filled hole, a FIN, every second
 * full-sized segment and the first segments of a connection (quick ACK);
 * otherwise after TCP_DELACK_MIN (RFC 1122 4.2.3.2).  The every-second-
 * segment ACK is left to the reader's next read while a little unread
 * data waits for it (tcp_reader_acks()).  Data the peer now allows to go
 * is pushed before, so ACKs ride on data when they can.
 *
 * Caller holds lock_sock(sk) (and a reference).
 */
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <asm/byteorder.h>
#include <net/tcp.h>

static inline const struct tcphdr *seg_hdr(const struct sk_buff *skb)
{
	return (const struct tcphdr *)skb_transport_header(skb);
}

static u32 get_be32(const u8 *p)
{
	return ((u32)p[0] << 24) | ((u32)p[1] << 16) | ((u32)p[2] << 8) | p[3];
}

/* Read the options after the fixed header; -EINVAL if malformed (what was read stays). */
int tcp_parse_options(const struct tcphdr *th, struct tcp_opts *opt)
{
	const u8 *p = (const u8 *)(th + 1);
	int left = tcp_hdr_doff(th) * 4 - TCP_HDR_LEN;

	memset(opt, 0, sizeof(*opt));
	while (left > 0) {
		u8 kind = p[0], olen;

		if (kind == TCPOPT_EOL)
			break;
		if (kind == TCPOPT_NOP) {
			p++;
			left--;
			continue;
		}
		if (left < 2)
			return -EINVAL;
		olen = p[1];
		if (olen < 2 || olen > left)
			return -EINVAL;
		switch (kind) {
		case TCPOPT_MSS:
			if (olen == 4)
				opt->mss = ((u16)p[2] << 8) | p[3];
			break;
		case TCPOPT_WINDOW:
			if (olen == 3) {
				opt->has_wscale = true;
				opt->wscale = min_t(u8, p[2], TCP_MAX_WSCALE);
			}
			break;
		case TCPOPT_SACK_PERM:
			if (olen == 2)
				opt->sack_perm = true;
			break;
		case TCPOPT_TIMESTAMP:
			if (olen == 10) {
				opt->has_ts = true;
				opt->tsval = get_be32(p + 2);
				opt->tsecr = get_be32(p + 6);
			}
			break;
		}
		p += olen;
		left -= olen;
	}
	return 0;
}

/*
 * The acceptance test of RFC 9293 3.10.7.4: is a segment of @seg_len
 * sequence numbers (data + SYN + FIN) at @seq inside the receive window?
 */
bool tcp_seq_acceptable(u32 seq, u32 seg_len, u32 rcv_nxt, u32 rcv_wnd)
{
	u32 wnd_end = rcv_nxt + rcv_wnd;

	if (!seg_len) {
		if (!rcv_wnd)
			return seq == rcv_nxt;
		return seq_in_range(seq, rcv_nxt, wnd_end);
	}
	if (!rcv_wnd)
		return false;
	return seq_in_range(seq, rcv_nxt, wnd_end) ||
	       seq_in_range(seq + seg_len - 1, rcv_nxt, wnd_end);
}

/* Cut @n sequence numbers of payload from the front of a queued segment. */
static void seg_trim_front(struct sk_buff *skb, u32 n)
{
	struct tcp_skb_cb *cb = TCP_SKB_CB(skb);

	if (n > skb->len)
		n = skb->len;
	skb_pull(skb, n);
	cb->seq += n;
}

/*
 * Insert @skb (payload only, seq > rcv_nxt) into the out-of-order queue,
 * sorted, keeping no byte twice: what the new segment shares with its
 * predecessor is cut from it; successors it covers completely go, a
 * successor it overlaps loses its front.
 */
void tcp_ooo_insert(struct tcp_sock *tp, struct sk_buff *skb)
{
	struct sk_buff_head *q = &tp->ooo_queue;
	struct tcp_skb_cb *cb = TCP_SKB_CB(skb);
	struct sk_buff *pos, *prev = NULL, *next;

	/* Find the last segment starting at or before ours. */
	for (pos = skb_peek_tail(q); pos; pos = (pos->prev == (struct sk_buff *)q) ? NULL : pos->prev) {
		if (seq_leq(TCP_SKB_CB(pos)->seq, cb->seq)) {
			prev = pos;
			break;
		}
	}
	if (prev) {
		struct tcp_skb_cb *pcb = TCP_SKB_CB(prev);

		if (seq_geq(pcb->end_seq, cb->end_seq)) {
			/* Nothing new (a FIN it brings is already there or beyond). */
			kfree_skb(skb);
			return;
		}
		if (seq_gt(pcb->end_seq, cb->seq))
			seg_trim_front(skb, pcb->end_seq - cb->seq);
	}
	/* Successors: drop the ones covered, trim the one overlapped. */
	while ((next = prev ? skb_peek_next(prev, q) : skb_peek(q)) != NULL) {
		struct tcp_skb_cb *ncb = TCP_SKB_CB(next);

		if (seq_geq(ncb->seq, cb->end_seq))
			break;
		if (seq_leq(ncb->end_seq, cb->end_seq)) {
			__skb_unlink(next, q);
			tp->ooo_bytes -= next->len;
			kfree_skb(next);
			continue;
		}
		/* Partial overlap: keep ours whole, cut the successor's front. */
		tp->ooo_bytes -= next->len;
		seg_trim_front(next, cb->end_seq - ncb->seq);
		tp->ooo_bytes += next->len;
		break;
	}
	if (prev)
		__skb_queue_after(q, prev, skb);
	else
		__skb_queue_head(q, skb);
	tp->ooo_bytes += skb->len;
}

void tcp_purge_queues(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	skb_queue_purge(&sk->sk_write_queue);
	sk->sk_wmem_queued = 0;
	tp->send_head = NULL;
	skb_queue_purge(&tp->ooo_queue);
	tp->ooo_bytes = 0;
}

/* The connection is reset (RST, or we gave up): report @err and close. */
void tcp_reset(struct sock *sk, int err)
{
	switch (sk->sk_state) {
	case TCP_CLOSE_WAIT:
		/* The peer had finished; our writes are what failed. */
		sk->sk_err = err == ECONNRESET ? EPIPE : err;
		break;
	case TCP_SYN_SENT:
	case TCP_SYN_RECV:
	case TCP_ESTABLISHED:
	case TCP_FIN_WAIT1:
	case TCP_FIN_WAIT2:
		sk->sk_err = err;
		break;
	default:
		break;
	}
	tcp_done(sk);
	if (sk->sk_err)
		sk->sk_error_report(sk);
}

/* Agree on the segment size once the options are known (RFC 6691, RFC 9293 3.7.1). */
static void tcp_sync_mss(struct tcp_sock *tp)
{
	u32 mss = min(tp->peer_mss ? tp->peer_mss : TCP_DEFAULT_MSS, tp->adv_mss);

	if (tp->user_mss && tp->user_mss < mss)
		mss = tp->user_mss;
	if (tp->tstamp_ok)
		mss -= 12;
	if (mss < TCP_MIN_MSS - 12)
		mss = TCP_MIN_MSS - 12;
	tp->mss_cache = mss;
	tp->rcv_mss = min_t(u32, tp->adv_mss, TCP_DEFAULT_MSS);
}

/* The options of the SYN (or SYN-ACK) the peer sent. */
static void tcp_apply_syn_options(struct tcp_sock *tp, const struct tcp_opts *opt)
{
	tp->peer_mss = opt->mss ? opt->mss : TCP_DEFAULT_MSS;
	tp->wscale_ok = opt->has_wscale;
	if (tp->wscale_ok) {
		tp->snd_wscale = opt->wscale;
	} else {
		tp->snd_wscale = 0;
		tp->rcv_wscale = 0;
	}
	tp->tstamp_ok = opt->has_ts;
	if (opt->has_ts) {
		tp->ts_recent = opt->tsval;
		tp->ts_recent_stamp = jiffies;
	}
	tcp_sync_mss(tp);
}

static void tcp_established(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	tcp_set_state(sk, TCP_ESTABLISHED);
	tcp_cong_init(tp);
	tp->quickacks = 16;
	tp->rcv_tstamp = jiffies;
	tcp_keepalive_reset(sk);
}

/* RTT samples on an ACK of new data (RFC 7323 4.3 with timestamps, else one timed segment). */
static void tcp_ack_rtt(struct tcp_sock *tp, const struct tcp_opts *opt, u32 ack)
{
	if (tp->tstamp_ok && opt->has_ts && opt->tsecr) {
		u32 ms = tcp_ts_now() - opt->tsecr;

		if ((s32)ms >= 0 && ms < 3600 * 1000)
			tcp_rtt_sample(tp, ms * 1000);
		tp->rtt_pending = false;
		return;
	}
	if (tp->rtt_pending && seq_geq(ack, tp->rtt_seq)) {
		tcp_rtt_sample(tp, jiffies_to_usecs(jiffies - tp->rtt_start));
		tp->rtt_pending = false;
	}
}

/* Free what @ack covers on the write queue; returns the bytes acknowledged. */
static u32 tcp_clean_acked(struct sock *sk, u32 ack)
{
	struct tcp_sock *tp = tcp_sk(sk);
	u32 acked = ack - tp->snd_una;
	struct sk_buff *skb;

	while ((skb = skb_peek(&sk->sk_write_queue)) != NULL) {
		struct tcp_skb_cb *cb = TCP_SKB_CB(skb);

		if (seq_leq(cb->end_seq, ack)) {
			__skb_unlink(skb, &sk->sk_write_queue);
			if (tp->send_head == skb)
				tp->send_head = skb_peek(&sk->sk_write_queue);
			sk->sk_wmem_queued -= skb->len;
			consume_skb(skb);
			continue;
		}
		if (seq_lt(cb->seq, ack) && !(cb->flags & TCPHDR_SYN)) {
			u32 n = ack - cb->seq;

			sk->sk_wmem_queued -= min(n, skb->len);
			seg_trim_front(skb, n);
		}
		break;
	}
	tp->snd_una = ack;
	if (seq_lt(tp->snd_nxt, ack))
		tp->snd_nxt = ack;
	return acked;
}

static void tcp_enter_time_wait(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	tcp_set_state(sk, TCP_TIME_WAIT);
	tcp_clear_deadline(sk, TCP_T_RETRANS);
	tcp_clear_deadline(sk, TCP_T_DELACK);
	tcp_purge_queues(sk);
	tp->snd_nxt = tp->snd_una = tp->write_seq;
	tcp_set_deadline(sk, TCP_T_KEEPALIVE, TCP_TIMEWAIT_LEN);
	sk->sk_state_change(sk);
}

static void tcp_fin_acked(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	switch (sk->sk_state) {
	case TCP_FIN_WAIT1:
		tcp_set_state(sk, TCP_FIN_WAIT2);
		sk->sk_state_change(sk);
		if (sock_flag(sk, SOCK_DEAD)) {
			if (tp->linger2 < 0) {
				tcp_send_rst(sk);
				tcp_done(sk);
			} else {
				tcp_set_deadline(sk, TCP_T_KEEPALIVE,
						 tp->linger2 ? tp->linger2 : TCP_FIN_TIMEOUT);
			}
		}
		break;
	case TCP_CLOSING:
		tcp_enter_time_wait(sk);
		break;
	case TCP_LAST_ACK:
		tcp_done(sk);
		break;
	}
}

/*
 * The first ACK of new data after a retransmission: was the original
 * received after all?  Its timestamp echo then predates the
 * retransmission (RFC 3522).
 */
static bool tcp_spurious(struct tcp_sock *tp, const struct tcp_opts *opt)
{
	bool spurious;

	if (!tp->undo_valid)
		return false;
	tp->undo_valid = false;
	spurious = opt->has_ts && opt->tsecr && (s32)(opt->tsecr - tp->undo_stamp) < 0;
	return spurious;
}

/* Put the window back as it was before a spurious retransmission. */
static void tcp_undo(struct sock *sk, u32 ack)
{
	struct tcp_sock *tp = tcp_sk(sk);
	struct sk_buff *skb;

	tp->cwnd = max(tp->cwnd, tp->undo_cwnd);
	tp->ssthresh = max(tp->ssthresh, tp->undo_ssthresh);
	tp->in_recovery = false;
	tp->dupacks = 0;
	tp->retransmits = 0;
	tp->recover = tp->iss;
	/* After a timeout everything was to go again: what was sent before need not. */
	if (seq_lt(tp->snd_nxt, tp->undo_max)) {
		tp->snd_nxt = tp->undo_max;
		tp->send_head = NULL;
		skb_queue_walk(&sk->sk_write_queue, skb) {
			if (seq_gt(TCP_SKB_CB(skb)->end_seq, tp->snd_nxt)) {
				/* a segment grown since is sent whole again */
				if (seq_lt(TCP_SKB_CB(skb)->seq, tp->snd_nxt))
					tp->snd_nxt = TCP_SKB_CB(skb)->seq;
				tp->send_head = skb;
				break;
			}
		}
	}
}

/*
 * Process the ACK field in a synchronized state.  Returns false when the
 * segment must be dropped here.
 */
static bool tcp_process_ack(struct sock *sk, struct sk_buff *skb, const struct tcphdr *th,
			    const struct tcp_opts *opt)
{
	struct tcp_sock *tp = tcp_sk(sk);
	struct tcp_skb_cb *cb = TCP_SKB_CB(skb);
	u32 ack = ntohl(th->ack_seq);
	u32 win = (u32)ntohs(th->window) << tp->snd_wscale;
	bool fin_was_sent = seq_geq(tp->snd_max, tp->write_seq) &&
			    (sk->sk_state == TCP_FIN_WAIT1 || sk->sk_state == TCP_CLOSING ||
			     sk->sk_state == TCP_LAST_ACK);
	u32 acked = 0;

	if (seq_gt(ack, tp->snd_max)) {
		tp->ack_now = true;	/* acks something never sent: say where we are */
		return false;
	}
	if (seq_lt(ack, tp->snd_una - tp->max_window)) {
		tp->ack_now = true;	/* RFC 5961 5.2: too old */
		return false;
	}
	if (seq_gt(ack, tp->snd_una)) {
		bool spurious = tcp_spurious(tp, opt);

		tcp_ack_rtt(tp, opt, ack);
		acked = tcp_clean_acked(sk, ack);
		tp->retransmits = 0;
		tp->probes = 0;
		if (tp->backoff) {
			tp->backoff = 0;
			if (tp->srtt_us)
				tcp_rtt_sample(tp, tp->srtt_us);
		}
		if (spurious) {
			tcp_undo(sk, ack);
		} else if (tp->in_recovery) {
			if (tcp_cong_recovery_ack(tp, ack, acked))
				tcp_retransmit_head(sk);	/* partial ACK: the next hole */
		} else {
			tcp_cong_on_ack(tp, acked);
		}
		/* RFC 6298 5.3: restart the timer for what is still out. */
		tcp_clear_deadline(sk, TCP_T_RETRANS);
		tcp_arm_rtx(sk);
		if (sk->sk_socket && sk->sk_wmem_queued < tcp_sndbuf(sk))
			tcp_wake_writer(sk);
	} else if (ack == tp->snd_una && !skb->len && !(cb->flags & (TCPHDR_SYN | TCPHDR_FIN)) &&
		   win == tp->snd_wnd && tcp_flight(tp)) {
		/* A duplicate ACK (RFC 5681 2). */
		if (tcp_cong_dupack(tp)) {
			tcp_retransmit_head(sk);
			tcp_clear_deadline(sk, TCP_T_RETRANS);
			tcp_arm_rtx(sk);
		}
	}
	/* Window update (RFC 9293 3.10.7.4 fifth check). */
	if (seq_lt(tp->snd_wl1, cb->seq) ||
	    (tp->snd_wl1 == cb->seq && seq_leq(tp->snd_wl2, ack))) {
		tp->snd_wnd = win;
		tp->snd_wl1 = cb->seq;
		tp->snd_wl2 = ack;
		if (win > tp->max_window)
			tp->max_window = win;
	}
	if (fin_was_sent && tp->snd_una == tp->write_seq)
		tcp_fin_acked(sk);
	return sk->sk_state != TCP_CLOSE;
}

static void tcp_data_ready(struct sock *sk)
{
	if (sk->sk_data_ready)
		sk->sk_data_ready(sk);
}

static void tcp_rcv_fin(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	tp->rcv_nxt++;
	tp->ack_now = true;
	sk->sk_shutdown |= RCV_SHUTDOWN;
	sock_set_flag(sk, SOCK_DONE);
	switch (sk->sk_state) {
	case TCP_SYN_RECV:
	case TCP_ESTABLISHED:
		tcp_set_state(sk, TCP_CLOSE_WAIT);
		break;
	case TCP_FIN_WAIT1:
		/* Our FIN is not acknowledged yet (else we would be in FIN_WAIT2). */
		tcp_set_state(sk, TCP_CLOSING);
		break;
	case TCP_FIN_WAIT2:
		/*
		 * The ACK of this FIN goes out once, with ack_now, when the
		 * segment is done.  A second one would reach a peer that the
		 * first has already closed; its RST would end TIME_WAIT early
		 * (RFC 1337) and free the port too soon.
		 */
		tcp_enter_time_wait(sk);
		break;
	default:
		break;
	}
	sk->sk_state_change(sk);
	tcp_data_ready(sk);
}

/* Move what the out-of-order queue holds at rcv_nxt onto the receive queue. */
static void tcp_ooo_drain(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	struct sk_buff *skb;

	while ((skb = skb_peek(&tp->ooo_queue)) != NULL) {
		struct tcp_skb_cb *cb = TCP_SKB_CB(skb);
		bool fin;

		if (seq_gt(cb->seq, tp->rcv_nxt))
			break;
		__skb_unlink(skb, &tp->ooo_queue);
		tp->ooo_bytes -= skb->len;
		fin = cb->flags & TCPHDR_FIN;
		if (seq_lt(cb->seq, tp->rcv_nxt))
			seg_trim_front(skb, tp->rcv_nxt - cb->seq);
		if (skb->len) {
			tp->rcv_nxt += skb->len;
			skb_queue_tail(&sk->sk_receive_queue, skb);
		} else {
			kfree_skb(skb);
		}
		if (fin) {
			tcp_rcv_fin(sk);
			break;
		}
	}
}

/*
 * Two full segments are unacknowledged: may the ACK wait for the reader?
 * While data sits unread, a reader is on its way (it was woken) and its
 * read sends the ACK with the window it opened (tcp_ack_data_rcvd()), so
 * a burst is acknowledged once instead of every second segment - the
 * same stretch ACKs a batching receiver makes.  Not once the unread data
 * reaches half of what we can announce: then the peer hears at once, and
 * the delayed-ACK deadline covers a reader that never comes.
 */
static bool tcp_reader_acks(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	u32 unread = tp->rcv_nxt - tp->copied_seq;
	u32 cap = min_t(u32, tcp_rspace(sk), 65535U << tp->rcv_wscale);

	return sk->sk_socket && !sock_flag(sk, SOCK_DEAD) && unread && unread < cap / 2;
}

/* The text and FIN of an acceptable segment (RFC 9293 3.10.7.4, seventh and eighth). */
static void tcp_rcv_data(struct sock *sk, struct sk_buff *skb)
{
	struct tcp_sock *tp = tcp_sk(sk);
	struct tcp_skb_cb *cb = TCP_SKB_CB(skb);
	bool fin = cb->flags & TCPHDR_FIN;
	u32 wnd_end = tp->rcv_wup + tp->rcv_wnd;
	u32 len;

	if (sk->sk_state != TCP_ESTABLISHED && sk->sk_state != TCP_FIN_WAIT1 &&
	    sk->sk_state != TCP_FIN_WAIT2 && sk->sk_state != TCP_SYN_RECV) {
		/* The peer has sent its FIN already: ignore (retransmissions get an ACK). */
		if (skb->len || fin)
			tp->ack_now = true;
		kfree_skb(skb);
		return;
	}
	/* Closed for reading (close()): new data has nowhere to go (RFC 9293 3.10.4). */
	if ((sk->sk_state == TCP_FIN_WAIT1 || sk->sk_state == TCP_FIN_WAIT2) &&
	    (sk->sk_shutdown & RCV_SHUTDOWN) && skb->len &&
	    seq_gt(cb->seq + skb->len, tp->rcv_nxt)) {
		tcp_send_rst(sk);
		tcp_done(sk);
		kfree_skb(skb);
		return;
	}
	/* Trim what we have already and what lies beyond the window. */
	if (seq_lt(cb->seq, tp->rcv_nxt))
		seg_trim_front(skb, tp->rcv_nxt - cb->seq);
	if (seq_gt(cb->seq + skb->len, wnd_end) && skb->len) {
		u32 keep = seq_gt(wnd_end, cb->seq) ? wnd_end - cb->seq : 0;

		skb_trim(skb, keep);
		fin = false;
		tp->ack_now = true;
	}
	len = skb->len;
	cb->end_seq = cb->seq + len + (fin ? 1 : 0);
	cb->flags = fin ? TCPHDR_FIN : 0;
	if (!len && !fin) {
		kfree_skb(skb);
		return;
	}
	if (len > tp->rcv_mss)
		tp->rcv_mss = min_t(u32, len, tp->adv_mss);

	if (cb->seq != tp->rcv_nxt) {
		/* Out of order: keep it and ACK at once (a duplicate ACK for the sender). */
		tcp_ooo_insert(tp, skb);
		tp->ack_now = true;
		return;
	}
	if (len) {
		tp->rcv_nxt += len;
		tp->unacked_bytes += len;
		skb_queue_tail(&sk->sk_receive_queue, skb);
	} else {
		kfree_skb(skb);
	}
	if (!skb_queue_empty(&tp->ooo_queue)) {
		tcp_ooo_drain(sk);
		tp->ack_now = true;
	}
	if (fin)
		tcp_rcv_fin(sk);
	else if (len)
		tcp_data_ready(sk);

	if (tp->quickack_opt)
		tp->ack_now = true;
	else if (tp->quickacks) {
		tp->quickacks--;
		tp->ack_now = true;
	} else if (tp->unacked_bytes >= 2u * tp->rcv_mss && !tcp_reader_acks(sk)) {
		tp->ack_now = true;
	}
	if (!tp->ack_now && tp->unacked_bytes)
		tcp_delack_schedule(sk);
}

/* SYN_SENT (RFC 9293 3.10.7.3). */
static void tcp_rcv_synsent(struct sock *sk, struct sk_buff *skb, const struct tcphdr *th,
			    const struct tcp_opts *opt)
{
	struct tcp_sock *tp = tcp_sk(sk);
	struct tcp_skb_cb *cb = TCP_SKB_CB(skb);
	u32 ack = ntohl(th->ack_seq);
	bool has_ack = th->flags & TCPHDR_ACK;

	if (has_ack && (seq_leq(ack, tp->iss) || seq_gt(ack, tp->snd_max))) {
		if (!(th->flags & TCPHDR_RST))
			tcp_rst_reply(skb, th, skb->len);
		goto drop;
	}
	if (th->flags & TCPHDR_RST) {
		if (has_ack)
			tcp_reset(sk, ECONNREFUSED);
		goto drop;
	}
	if (!(th->flags & TCPHDR_SYN))
		goto drop;

	tp->irs = cb->seq;
	tp->rcv_nxt = cb->seq + 1;
	tp->copied_seq = tp->rcv_nxt;
	tp->rcv_wup = tp->rcv_nxt;
	tcp_apply_syn_options(tp, opt);
	tp->snd_wnd = ntohs(th->window);	/* never scaled in a SYN */
	tp->max_window = tp->snd_wnd;
	tp->snd_wl1 = cb->seq;
	tp->snd_wl2 = ack;
	if (has_ack) {
		tcp_ack_rtt(tp, opt, ack);
		tcp_clean_acked(sk, ack);
		tp->retransmits = 0;
		tp->backoff = 0;
		if (!tp->srtt_us)
			tp->rto = TCP_RTO_INIT;
		else
			tcp_rtt_sample(tp, tp->srtt_us);
		tcp_clear_deadline(sk, TCP_T_RETRANS);
		tcp_established(sk);
		tp->ack_now = true;
		sk->sk_state_change(sk);
		tcp_wake_writer(sk);
	} else {
		/* Simultaneous open: answer with SYN-ACK (our SYN again, now with ACK). */
		tcp_set_state(sk, TCP_SYN_RECV);
		tcp_retransmit_head(sk);
	}
drop:
	kfree_skb(skb);
}

/*
 * A segment for a connection that is not listening and not SYN_SENT.
 * Returns 1 when a TIME_WAIT connection was closed by a new SYN, so the
 * caller may look for a listener for it; 0 otherwise.  Consumes @skb.
 */
int tcp_rcv_state(struct sock *sk, struct sk_buff *skb)
{
	struct tcp_sock *tp = tcp_sk(sk);
	struct tcp_skb_cb *cb = TCP_SKB_CB(skb);
	const struct tcphdr *th = seg_hdr(skb);
	u8 flags = th->flags;
	u32 seg_len = cb->end_seq - cb->seq;
	u32 wnd;
	struct tcp_opts opt;

	tcp_parse_options(th, &opt);

	if (sk->sk_state == TCP_SYN_SENT) {
		tcp_rcv_synsent(sk, skb, th, &opt);
		goto out;
	}

	/* A retransmitted SYN to a passive child: send the SYN-ACK again. */
	if (sk->sk_state == TCP_SYN_RECV && (flags & TCPHDR_SYN) && !(flags & (TCPHDR_ACK | TCPHDR_RST)) &&
	    cb->seq == tp->irs) {
		tcp_retransmit_head(sk);
		goto drop;
	}
	/* TIME_WAIT and a new SYN beyond the old connection: let a listener take it. */
	if (sk->sk_state == TCP_TIME_WAIT && (flags & TCPHDR_SYN) && !(flags & (TCPHDR_ACK | TCPHDR_RST)) &&
	    seq_gt(cb->seq, tp->rcv_nxt)) {
		tcp_done(sk);
		return 1;
	}

	/* PAWS (RFC 7323 5.3). */
	if (tp->tstamp_ok && opt.has_ts && !(flags & TCPHDR_RST) &&
	    (s32)(opt.tsval - tp->ts_recent) < 0 &&
	    time_before(jiffies, tp->ts_recent_stamp + TCP_PAWS_IDLE)) {
		tp->ack_now = true;
		goto drop;
	}

	/* First: the sequence number. */
	wnd = seq_gt(tp->rcv_wup + tp->rcv_wnd, tp->rcv_nxt) ? tp->rcv_wup + tp->rcv_wnd - tp->rcv_nxt : 0;
	if (!tcp_seq_acceptable(cb->seq, seg_len, tp->rcv_nxt, wnd)) {
		if (!(flags & TCPHDR_RST))
			tp->ack_now = true;
		goto drop;
	}
	tp->rcv_tstamp = jiffies;
	/* RFC 7323 4.3: remember the peer's clock from a segment at the left edge. */
	if (tp->tstamp_ok && opt.has_ts && seq_leq(cb->seq, tp->last_ack_sent) &&
	    (s32)(opt.tsval - tp->ts_recent) >= 0) {
		tp->ts_recent = opt.tsval;
		tp->ts_recent_stamp = jiffies;
	}

	/* Second: RST (RFC 5961 3.2). */
	if (flags & TCPHDR_RST) {
		if (cb->seq != tp->rcv_nxt) {
			tp->ack_now = true;	/* challenge ACK */
			goto drop;
		}
		switch (sk->sk_state) {
		case TCP_SYN_RECV:
			tcp_reset(sk, ECONNREFUSED);
			break;
		case TCP_ESTABLISHED:
		case TCP_FIN_WAIT1:
		case TCP_FIN_WAIT2:
		case TCP_CLOSE_WAIT:
			tcp_reset(sk, ECONNRESET);
			break;
		default:
			tcp_done(sk);
			break;
		}
		goto drop;
	}

	/* Fourth: SYN in a synchronized state (RFC 5961 4.2): challenge ACK. */
	if (flags & TCPHDR_SYN) {
		tp->ack_now = true;
		goto drop;
	}

	/* Fifth: ACK. */
	if (!(flags & TCPHDR_ACK))
		goto drop;
	if (sk->sk_state == TCP_SYN_RECV) {
		u32 ack = ntohl(th->ack_seq);

		if (!seq_gt(ack, tp->snd_una) || seq_gt(ack, tp->snd_max)) {
			tcp_rst_reply(skb, th, seg_len);
			goto drop;
		}
		if (tp->parent && !tcp_child_ready(sk))
			goto drop;	/* accept queue full: the SYN-ACK will go again */
		tp->snd_wnd = (u32)ntohs(th->window) << tp->snd_wscale;
		tp->max_window = tp->snd_wnd;
		tp->snd_wl1 = cb->seq;
		tp->snd_wl2 = ack;
		tcp_ack_rtt(tp, &opt, ack);
		tcp_clean_acked(sk, ack);
		tp->retransmits = 0;
		tp->backoff = 0;
		tcp_clear_deadline(sk, TCP_T_RETRANS);
		tcp_established(sk);
		sk->sk_state_change(sk);
		tcp_wake_writer(sk);
		if (tp->parent)
			tcp_child_queue(sk);
	} else if (!tcp_process_ack(sk, skb, th, &opt)) {
		goto drop;
	}
	if (sk->sk_state == TCP_TIME_WAIT) {
		/* A retransmitted FIN: ACK it and start 2 MSL again. */
		if (flags & TCPHDR_FIN) {
			tp->ack_now = true;
			tcp_set_deadline(sk, TCP_T_KEEPALIVE, TCP_TIMEWAIT_LEN);
		}
		goto drop;
	}

	/* Seventh and eighth: data and FIN. */
	tcp_rcv_data(sk, skb);
	goto out;
drop:
	kfree_skb(skb);
out:
	if (sk->sk_state != TCP_CLOSE) {
		tcp_push(sk, false);
		if (tp->ack_now)
			tcp_send_ack(sk);
	}
	return 0;
}
