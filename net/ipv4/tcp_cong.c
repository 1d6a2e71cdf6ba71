// SPDX-License-Identifier: GPL-2.0-only
/*
 * TCP round-trip estimation and congestion control.
 *
 * RTO (RFC 6298): the first sample R sets SRTT = R, RTTVAR = R/2; later
 * ones RTTVAR = 3/4 RTTVAR + 1/4 |SRTT - R|, SRTT = 7/8 SRTT + 1/8 R;
 * RTO = SRTT + max(G, 4 RTTVAR), kept within [TCP_RTO_MIN, TCP_RTO_MAX]
 * (200 ms is a lower floor than the RFC's 1 s, as most stacks use).
 * Each timeout doubles it (tcp_rto_backoff()).
 *
 * Congestion control is NewReno in bytes: slow start and congestion
 * avoidance (RFC 5681 3.1, with appropriate byte counting of at most two
 * segments per ACK, RFC 3465), fast retransmit / fast recovery on the
 * third duplicate ACK with RFC 6582's partial-ACK rule, and the loss
 * window of one segment after a timeout.
 *
 * These functions only change numbers in struct tcp_sock; the callers
 * (tcp_input.c, tcp_timer.c) do the sending.  Caller holds lock_sock().
 */
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <net/tcp.h>

#define RTT_GRANULARITY_US	1000	/* G: the clock is jiffies (1 ms) */

void tcp_rtt_sample(struct tcp_sock *tp, u32 rtt_us)
{
	u32 var4, rto_us;
	unsigned long rto;

	if (!rtt_us)
		rtt_us = 1;
	if (!tp->srtt_us) {
		tp->srtt_us = rtt_us;
		tp->rttvar_us = rtt_us / 2;
	} else {
		u32 diff = tp->srtt_us > rtt_us ? tp->srtt_us - rtt_us : rtt_us - tp->srtt_us;

		tp->rttvar_us = tp->rttvar_us - tp->rttvar_us / 4 + diff / 4;
		tp->srtt_us = tp->srtt_us - tp->srtt_us / 8 + rtt_us / 8;
	}
	var4 = 4 * tp->rttvar_us;
	rto_us = tp->srtt_us + max_t(u32, var4, RTT_GRANULARITY_US);
	rto = usecs_to_jiffies(rto_us);
	tp->rto = clamp_t(unsigned long, rto, TCP_RTO_MIN, TCP_RTO_MAX);
}

void tcp_rto_backoff(struct tcp_sock *tp)
{
	u32 doubled = tp->rto * 2;

	tp->rto = min_t(u32, doubled, TCP_RTO_MAX);
	if (tp->backoff < 255)
		tp->backoff++;
}

void tcp_cong_init(struct tcp_sock *tp)
{
	tp->cwnd = TCP_INIT_CWND * tp->mss_cache;
	tp->ssthresh = 0x7fffffff;
	tp->cwnd_acc = 0;
	tp->dupacks = 0;
	tp->in_recovery = false;
	tp->recover = tp->iss;
}

/* New data acknowledged (outside fast recovery): grow the window. */
void tcp_cong_on_ack(struct tcp_sock *tp, u32 acked)
{
	u32 mss = tp->mss_cache;

	tp->dupacks = 0;
	if (tp->cwnd < tp->ssthresh) {
		tp->cwnd += min(acked, 2 * mss);
		return;
	}
	tp->cwnd_acc += acked;
	if (tp->cwnd_acc >= tp->cwnd) {
		tp->cwnd_acc -= tp->cwnd;
		tp->cwnd += mss;
	}
}

static u32 half_flight(const struct tcp_sock *tp)
{
	u32 half = tcp_flight(tp) / 2;

	return max(half, 2u * tp->mss_cache);
}

/*
 * A duplicate ACK arrived.  Returns true when the caller must retransmit
 * the first unacknowledged segment now (the third one, RFC 6582 3.2 step 2).
 */
bool tcp_cong_dupack(struct tcp_sock *tp)
{
	u32 mss = tp->mss_cache;

	if (tp->in_recovery) {
		tp->cwnd += mss;		/* inflate: a segment has left the network */
		return false;
	}
	if (++tp->dupacks < 3)
		return false;
	/* Only enter recovery if the loss is after the previous recovery point. */
	if (!seq_gt(tp->snd_una - 1, tp->recover) && tp->recover != tp->iss)
		return false;
	tcp_undo_mark(tp);
	tp->ssthresh = half_flight(tp);
	tp->recover = tp->snd_max;
	tp->cwnd = tp->ssthresh + 3 * mss;
	tp->in_recovery = true;
	return true;
}

/*
 * An ACK of new data during fast recovery.  Returns true for a partial
 * ACK (the caller retransmits the next hole); false when recovery ended.
 */
bool tcp_cong_recovery_ack(struct tcp_sock *tp, u32 ack, u32 acked)
{
	u32 mss = tp->mss_cache;

	if (seq_geq(ack, tp->recover)) {
		/* Full acknowledgement: deflate (RFC 6582 3.2 step 3, option 1). */
		u32 fl = tcp_flight(tp);

		tp->cwnd = min(tp->ssthresh, max(fl, mss) + mss);
		tp->in_recovery = false;
		tp->dupacks = 0;
		tp->cwnd_acc = 0;
		return false;
	}
	/* Partial: deflate by what was acknowledged, add back one segment. */
	tp->cwnd = tp->cwnd > acked ? tp->cwnd - acked : mss;
	if (acked >= mss)
		tp->cwnd += mss;
	if (tp->cwnd < mss)
		tp->cwnd = mss;
	return true;
}

/*
 * Remember the state before a retransmission cuts the window, so that an
 * ACK proving the original arrived (its timestamp echo is older than the
 * retransmission, RFC 3522) can put it back.
 */
void tcp_undo_mark(struct tcp_sock *tp)
{
	if (!tp->tstamp_ok || tp->undo_valid)
		return;
	tp->undo_valid = true;
	tp->undo_cwnd = tp->cwnd;
	tp->undo_ssthresh = tp->ssthresh;
	tp->undo_max = tp->snd_max;
	tp->undo_stamp = tcp_ts_now();
}

void tcp_cong_on_timeout(struct tcp_sock *tp)
{
	if (!tp->retransmits)
		tp->ssthresh = half_flight(tp);
	tp->cwnd = tp->mss_cache;
	tp->cwnd_acc = 0;
	tp->dupacks = 0;
	tp->in_recovery = false;
	tp->recover = tp->snd_max;
}
