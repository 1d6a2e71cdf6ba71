// SPDX-License-Identifier: GPL-2.0-only
/*
 * TCP timers.
 *
 * Each connection keeps a small table of deadlines (enum tcp_deadline:
 * retransmission/probe, delayed ACK, keepalive/FIN_WAIT2/TIME_WAIT) and
 * one timer_list set to the earliest of them.  The timer callback runs in
 * hard-irq context and only queues the connection's work item on net_wq;
 * the work takes lock_sock(), runs every deadline that has passed and sets
 * the timer again for what is left.
 *
 * References: a pending timer holds one on the socket, a queued work item
 * holds one; when the timer fires its reference passes to the work.
 *
 * What the deadlines do:
 *  - retransmission (RFC 6298 5.4-5.7): back the RTO off, fall back to one
 *    segment (RFC 5681 3.1) and resend from snd_una; give up with
 *    ETIMEDOUT after TCP_SYNCNT tries for a SYN, TCP_SYNACK_RETRIES for a
 *    SYN-ACK, TCP_DATA_RETRIES or TCP_USER_TIMEOUT for data.  With nothing
 *    in flight but data held back by a zero window it is the persist timer
 *    (RFC 9293 3.8.6.1): send a probe.
 *  - delayed ACK (RFC 1122 4.2.3.2): send the ACK that was held back.
 *  - keepalive (RFC 1122 4.2.3.6): after TCP_KEEPIDLE of silence probe
 *    every TCP_KEEPINTVL, reset after TCP_KEEPCNT unanswered; also the
 *    end of TIME_WAIT and of an orphaned FIN_WAIT2.
 */
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/errno.h>
#include <linux/netdevice.h>
#include <net/tcp.h>

/* net/core's protocol workqueue (made at boot; the system one before that). */
static struct workqueue_struct *tcp_wq(void)
{
	return net_wq ? net_wq : system_unbound_wq;
}

static void tcp_timer_fire(struct timer_list *t)
{
	struct tcp_sock *tp = from_timer(tp, t, timer);

	/* Hand the timer's reference to the work; if it is queued already it holds one. */
	if (!queue_work(tcp_wq(), &tp->work))
		atomic_dec(&tp->inet.sk.sk_refcnt);
}

static void tcp_rearm(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	unsigned long when = 0;
	bool any = false;
	int i;

	for (i = 0; i < TCP_T_MAX; i++) {
		if (!(tp->deadline_set & (1u << i)))
			continue;
		if (!any || time_before(tp->deadline[i], when))
			when = tp->deadline[i];
		any = true;
	}
	if (!any) {
		if (del_timer(&tp->timer))
			sock_put(sk);
		return;
	}
	if (timer_pending(&tp->timer) && !time_before(when, tp->timer.expires))
		return;
	if (!mod_timer(&tp->timer, when))
		sock_hold(sk);
}

void tcp_set_deadline(struct sock *sk, enum tcp_deadline which, unsigned long delay)
{
	struct tcp_sock *tp = tcp_sk(sk);

	tp->deadline[which] = jiffies + delay;
	tp->deadline_set |= 1u << which;
	tcp_rearm(sk);
}

void tcp_clear_deadline(struct sock *sk, enum tcp_deadline which)
{
	/* The timer may fire for nothing later: the work finds no deadline due. */
	tcp_sk(sk)->deadline_set &= ~(1u << which);
}

void tcp_stop_timers(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	tp->deadline_set = 0;
	if (del_timer(&tp->timer))
		sock_put(sk);
}

/* Start the retransmission (or persist) deadline if it is not running (RFC 6298 5.1). */
void tcp_arm_rtx(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	u8 kind;

	if (tcp_flight(tp))
		kind = TCP_RTX_DATA;
	else if (tp->send_head)
		kind = TCP_RTX_PROBE;
	else
		kind = TCP_RTX_NONE;
	if (kind == TCP_RTX_NONE) {
		tcp_clear_deadline(sk, TCP_T_RETRANS);
		tp->rtx_kind = kind;
		return;
	}
	if ((tp->deadline_set & (1u << TCP_T_RETRANS)) && tp->rtx_kind == kind)
		return;
	tp->rtx_kind = kind;
	tcp_set_deadline(sk, TCP_T_RETRANS, tp->rto);
}

void tcp_delack_schedule(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	if (tp->deadline_set & (1u << TCP_T_DELACK))
		return;
	tcp_set_deadline(sk, TCP_T_DELACK, TCP_DELACK_MIN);
}

void tcp_keepalive_reset(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	if (sk->sk_state == TCP_TIME_WAIT || sk->sk_state == TCP_FIN_WAIT2)
		return;
	if (sock_flag(sk, SOCK_KEEPOPEN) &&
	    (sk->sk_state == TCP_ESTABLISHED || sk->sk_state == TCP_CLOSE_WAIT)) {
		tp->probes = 0;
		tcp_set_deadline(sk, TCP_T_KEEPALIVE, tp->keepidle);
	} else {
		tcp_clear_deadline(sk, TCP_T_KEEPALIVE);
	}
}

static void tcp_give_up(struct sock *sk, int err, bool rst)
{
	if (rst)
		tcp_send_rst(sk);
	tcp_reset(sk, err);
}

static bool tcp_user_timeout_over(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	return tp->user_timeout && tp->retransmits &&
	       time_after_eq(jiffies, tp->first_rto_at + msecs_to_jiffies(tp->user_timeout));
}

static void tcp_retransmit_timeout(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	int limit;

	switch (sk->sk_state) {
	case TCP_CLOSE:
	case TCP_LISTEN:
	case TCP_TIME_WAIT:
		return;
	case TCP_SYN_SENT:
		limit = tp->syn_retries;
		break;
	case TCP_SYN_RECV:
		limit = tp->parent ? TCP_SYNACK_RETRIES : tp->syn_retries;
		break;
	default:
		limit = TCP_DATA_RETRIES;
		break;
	}
	if (!tcp_flight(tp)) {
		if (!tp->send_head || tp->rtx_kind != TCP_RTX_PROBE)
			return;
		/* Persist: the window is closed; ask for it. */
		if (tcp_user_timeout_over(sk)) {
			tcp_give_up(sk, ETIMEDOUT, true);
			return;
		}
		if (!tp->retransmits)
			tp->first_rto_at = jiffies;
		if (tp->snd_wnd) {
			tcp_push(sk, false);
		} else {
			tcp_send_probe(sk);
			tp->probes++;
		}
		tcp_rto_backoff(tp);
		tcp_arm_rtx(sk);
		return;
	}
	if (tp->retransmits >= limit || tcp_user_timeout_over(sk)) {
		bool synced = sk->sk_state != TCP_SYN_SENT && sk->sk_state != TCP_SYN_RECV;

		tcp_give_up(sk, ETIMEDOUT, synced);
		return;
	}
	if (!tp->retransmits)
		tp->first_rto_at = jiffies;
	if (sk->sk_state != TCP_SYN_SENT && sk->sk_state != TCP_SYN_RECV)
		tcp_undo_mark(tp);
	tcp_cong_on_timeout(tp);
	tp->retransmits++;
	tcp_rto_backoff(tp);
	tp->rtt_pending = false;
	if (sk->sk_state == TCP_SYN_SENT || sk->sk_state == TCP_SYN_RECV) {
		tcp_retransmit_head(sk);
	} else {
		/* Go back: everything from snd_una is sent again as the window allows. */
		tp->snd_nxt = tp->snd_una;
		tp->send_head = skb_peek(&sk->sk_write_queue);
		tcp_push(sk, true);
	}
	tp->rtx_kind = TCP_RTX_DATA;
	tcp_set_deadline(sk, TCP_T_RETRANS, tp->rto);
}

static void tcp_keepalive_timeout(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	unsigned long idle;

	switch (sk->sk_state) {
	case TCP_TIME_WAIT:
		tcp_done(sk);
		return;
	case TCP_FIN_WAIT2:
		/* Only an orphan gives up waiting for the peer's FIN. */
		if (sock_flag(sk, SOCK_DEAD))
			tcp_done(sk);
		return;
	case TCP_ESTABLISHED:
	case TCP_CLOSE_WAIT:
		break;
	default:
		return;
	}
	if (!sock_flag(sk, SOCK_KEEPOPEN))
		return;
	if (tcp_flight(tp) || tp->send_head) {
		/* The retransmission timer watches this connection. */
		tcp_set_deadline(sk, TCP_T_KEEPALIVE, tp->keepidle);
		return;
	}
	idle = jiffies - tp->rcv_tstamp;
	if (idle < tp->keepidle) {
		/* The peer spoke since: start over. */
		tp->probes = 0;
		tcp_set_deadline(sk, TCP_T_KEEPALIVE, tp->keepidle - idle);
		return;
	}
	if (tp->probes >= tp->keepcnt ||
	    (tp->user_timeout && idle >= msecs_to_jiffies(tp->user_timeout))) {
		tcp_give_up(sk, ETIMEDOUT, true);
		return;
	}
	tcp_send_probe(sk);
	tp->probes++;
	tcp_set_deadline(sk, TCP_T_KEEPALIVE, tp->keepintvl);
}

static void tcp_timer_work(struct work_struct *w)
{
	struct tcp_sock *tp = container_of(w, struct tcp_sock, work);
	struct sock *sk = &tp->inet.sk;
	unsigned long now;
	int i;

	lock_sock(sk);
	now = jiffies;
	for (i = 0; i < TCP_T_MAX; i++) {
		if (!(tp->deadline_set & (1u << i)) || time_before(now, tp->deadline[i]))
			continue;
		tp->deadline_set &= ~(1u << i);
		switch (i) {
		case TCP_T_RETRANS:
			tcp_retransmit_timeout(sk);
			break;
		case TCP_T_DELACK:
			if (tp->last_ack_sent != tp->rcv_nxt || tp->unacked_bytes)
				tcp_send_ack(sk);
			break;
		case TCP_T_KEEPALIVE:
			tcp_keepalive_timeout(sk);
			break;
		}
	}
	if (sk->sk_state != TCP_CLOSE)
		tcp_rearm(sk);
	release_sock(sk);
	sock_put(sk);
}

void tcp_timer_init(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	timer_setup(&tp->timer, tcp_timer_fire, 0);
	INIT_WORK(&tp->work, tcp_timer_work);
	tp->deadline_set = 0;
}
