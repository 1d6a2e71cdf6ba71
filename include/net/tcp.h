/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * TCP (RFC 9293) inside the kernel: the connection block (struct
 * tcp_sock), the per-segment scratch data kept in skb->cb, sequence
 * number arithmetic and what the tcp*.c files share.
 *
 * Files:
 *   tcp.c        the SOCK_STREAM proto_ops (connect, listen, accept,
 *                sendmsg, recvmsg, shutdown, close, poll, ioctl, options)
 *   tcp_input.c  segment arrival: acceptance tests, RST/SYN rules, ACK
 *                processing, reassembly (out-of-order queue), FIN
 *   tcp_output.c building and sending segments, Nagle, window advert
 *   tcp_timer.c  the per-connection deadlines and their work item
 *   tcp_cong.c   RTT estimation (RFC 6298) and NewReno (RFC 5681/6582)
 *   tcp_ipv4.c   port/connection tables, the IPv4 handler, RSTs for
 *                segments to nobody, ISNs (RFC 6528), /proc/net/tcp
 *
 * Locking: every field of struct tcp_sock changes under lock_sock() of
 * its socket (system calls, the receive path in the netrx thread, the
 * timer work).  The tables have tcp_table_lock (a spinlock, never held
 * while sleeping).  A listener's queues of children have the listener's
 * acc_lock spinlock, so a child can move itself onto the accept queue
 * without taking the listener's owner lock.
 *
 * References on a struct sock: its struct socket's; one while it is in
 * the tables (hashed); one while its timer is pending; one while its work
 * item is queued; temporary ones taken by lookups.
 */
#ifndef _NET_TCP_H
#define _NET_TCP_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/timer.h>
#include <linux/workqueue.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include <net/inet_sock.h>
#include <uapi/linux/tcp.h>

/* ------------------------------------------------- sequence numbers */

/* Comparisons modulo 2^32 (RFC 9293 3.4). */
static inline bool seq_lt(u32 a, u32 b)
{
	return (s32)(a - b) < 0;
}
static inline bool seq_leq(u32 a, u32 b)
{
	return (s32)(a - b) <= 0;
}
#define seq_gt(a, b)	seq_lt(b, a)
#define seq_geq(a, b)	seq_leq(b, a)
/* lo <= x < hi */
static inline bool seq_in_range(u32 x, u32 lo, u32 hi)
{
	return seq_leq(lo, x) && seq_lt(x, hi);
}

/* ------------------------------------------------------- constants */

#define TCP_HDR_LEN		20
#define TCP_MAX_OPT_LEN		40
#define TCP_IPV4_OVERHEAD	40		/* IPv4 + TCP headers without options */
#define TCP_DEFAULT_MSS		536		/* RFC 9293 3.7.1, when the peer says nothing */
#define TCP_MIN_MSS		88
#define TCP_MAX_WSCALE		14
#define TCP_INIT_CWND		10		/* segments, RFC 6928 */

#define TCP_RTO_MIN		(HZ / 5)	/* 200 ms */
#define TCP_RTO_INIT		(HZ)		/* 1 s, RFC 6298 2.1 */
#define TCP_RTO_MAX		(120 * HZ)
#define TCP_TIMEWAIT_LEN	(60 * HZ)	/* 2 MSL */
#define TCP_FIN_TIMEOUT		(60 * HZ)	/* orphaned FIN_WAIT2 */
#define TCP_DELACK_MIN		(HZ / 25)	/* 40 ms */
#define TCP_DELACK_MAX		(HZ / 5)	/* 200 ms */
#define TCP_KEEPIDLE_DEF	(7200 * HZ)
#define TCP_KEEPINTVL_DEF	(75 * HZ)
#define TCP_KEEPCNT_DEF		9
#define TCP_SYN_RETRIES		6
#define TCP_SYNACK_RETRIES	5
#define TCP_DATA_RETRIES	15
#define TCP_PAWS_IDLE		(24U * 24 * 3600 * HZ)	/* RFC 7323 5.5 */

/* Buffer sizes when the user has not set SO_SNDBUF/SO_RCVBUF (autotuned). */
#define TCP_RMEM_DEFAULT	131072
#define TCP_WMEM_DEFAULT	16384
#define TCP_BUF_AUTO_MAX	(4 << 20)

/* Option kinds (RFC 9293 3.2, RFC 7323, RFC 2018) */
#define TCPOPT_EOL		0
#define TCPOPT_NOP		1
#define TCPOPT_MSS		2
#define TCPOPT_WINDOW		3
#define TCPOPT_SACK_PERM	4
#define TCPOPT_SACK		5
#define TCPOPT_TIMESTAMP	8

/* ------------------------------------------------- per-segment data */

/* In skb->cb of a segment on the write, receive or out-of-order queue. */
struct tcp_skb_cb {
	u32 seq;		/* first sequence number (the SYN's if any) */
	u32 end_seq;		/* seq + data + SYN + FIN */
	u8 flags;		/* TCPHDR_SYN / TCPHDR_FIN / TCPHDR_PSH kept with the segment */
	u8 retrans;		/* times sent again */
	unsigned long sent;	/* jiffies of the last transmission */
};
#define TCP_SKB_CB(skb)	((struct tcp_skb_cb *)&((skb)->cb[0]))

/* What the options of a received segment said. */
struct tcp_opts {
	u16 mss;		/* 0: absent */
	u8 wscale;		/* valid if has_wscale */
	bool has_wscale;
	bool has_ts;
	bool sack_perm;
	u32 tsval, tsecr;
};

/* ------------------------------------------------- the connection */

/* Deadlines kept per connection (one timer_list covers them all). */
enum tcp_deadline {
	TCP_T_RETRANS,		/* retransmission, SYN/SYN-ACK, zero-window probe */
	TCP_T_DELACK,
	TCP_T_KEEPALIVE,	/* keepalive, orphaned FIN_WAIT2, TIME_WAIT */
	TCP_T_MAX
};

struct tcp_sock {
	struct inet_sock inet;		/* must be first */

	/* Send sequence space (RFC 9293 3.3.1). */
	u32 iss;
	u32 snd_una;			/* oldest unacknowledged */
	u32 snd_nxt;			/* next to send */
	u32 snd_max;			/* highest ever sent + 1 (snd_nxt goes back on RTO) */
	u32 write_seq;			/* after the last byte the user queued */
	u32 snd_wnd;			/* peer's window, scaled */
	u32 max_window;			/* largest snd_wnd seen */
	u32 snd_wl1, snd_wl2;		/* seq/ack of the last window update */
	struct sk_buff *send_head;	/* first unsent skb on sk_write_queue, NULL: none */

	/* Receive sequence space. */
	u32 irs;
	u32 rcv_nxt;
	u32 rcv_wup;			/* rcv_nxt when the window was last advertised */
	u32 rcv_wnd;			/* window advertised then (so right edge = wup + wnd) */
	u32 copied_seq;			/* next byte the user reads */
	u32 last_ack_sent;
	u32 ooo_bytes;			/* payload held in ooo_queue */
	struct sk_buff_head ooo_queue;

	/* Options agreed on. */
	u16 mss_cache;			/* current send MSS (payload per segment) */
	u16 peer_mss;			/* what the peer announced */
	u16 adv_mss;			/* what we announce (route MTU - 40) */
	u16 rcv_mss;			/* estimate of the peer's segment size */
	u16 user_mss;			/* TCP_MAXSEG, 0: none */
	u8 snd_wscale, rcv_wscale;
	bool wscale_ok, tstamp_ok;
	u32 ts_recent;			/* RFC 7323 TS.Recent */
	unsigned long ts_recent_stamp;	/* jiffies it was set */

	/* RTT and RTO (RFC 6298), in microseconds; rto in jiffies. */
	u32 srtt_us, rttvar_us;
	u32 rto;
	u32 rtt_seq;			/* timed segment (without timestamps), valid if rtt_pending */
	unsigned long rtt_start;
	bool rtt_pending;
	u8 backoff;			/* RTO doublings since the last good ACK */
	u8 retransmits;			/* consecutive timeouts without progress */
	u8 probes;			/* zero-window or keepalive probes unanswered */
	unsigned long first_rto_at;	/* jiffies of the first timeout of this series */

	/* Congestion control (bytes). */
	u32 cwnd, ssthresh;
	u32 cwnd_acc;			/* bytes acked towards the next +1 MSS in CA */
	u32 recover;			/* RFC 6582 recover */
	u8 dupacks;
	bool in_recovery;
	u32 total_retrans;
	/* Undoing a spurious retransmission (RFC 3522 detection by timestamps). */
	bool undo_valid;
	u32 undo_cwnd, undo_ssthresh, undo_max, undo_stamp;

	/* Delayed ACK. */
	u32 unacked_bytes;		/* received since our last ACK */
	u8 quickacks;			/* segments to ACK at once */
	bool ack_now;			/* an ACK must go out when this event ends */

	/* Timers: the deadlines, one timer_list, one work item (tcp_timer.c). */
	unsigned long deadline[TCP_T_MAX];
	u8 deadline_set;		/* bit per enum tcp_deadline */
	u8 rtx_kind;			/* what TCP_T_RETRANS means now (TCP_RTX_*) */
	struct timer_list timer;
	struct work_struct work;
	unsigned long rcv_tstamp;	/* jiffies of the last segment received */
	unsigned long snd_tstamp;	/* jiffies of the last data sent */

	/* Socket options. */
	bool nodelay, cork, quickack_opt;
	u8 syn_retries;			/* TCP_SYNCNT */
	u8 keepcnt;
	u32 keepidle, keepintvl;	/* jiffies */
	int linger2;			/* jiffies; <0: no FIN_WAIT2 wait */
	u32 defer_accept;		/* seconds (recorded) */
	u32 user_timeout;		/* ms, 0: none */
	u32 window_clamp;

	/* Tables (tcp_ipv4.c). */
	struct list_head bind_node;	/* port bucket */
	struct list_head conn_node;	/* 4-tuple bucket */
	bool in_bind, in_conn;
	bool connect_port;		/* the port was picked by connect(): shareable */
	bool counted_estab;		/* counted in CurrEstab */

	/* Listener / child. */
	spinlock_t acc_lock;		/* listener: syn_list, acc_list, child->parent */
	struct list_head syn_list;	/* children in SYN_RECV */
	struct list_head acc_list;	/* children ready for accept() */
	u32 syn_count;
	struct list_head child_node;	/* on the parent's syn_list or acc_list */
	struct sock *parent;		/* the listener (held), NULL when none */
	u8 queued;			/* TCP_Q_*: on which of the parent's lists */

	/* Appended (tcp_output.c): tcp_sendmsg() is copying more in; tcp_push() may wait. */
	bool tx_more;
};

enum { TCP_RTX_NONE, TCP_RTX_DATA, TCP_RTX_PROBE };
enum { TCP_Q_NONE, TCP_Q_SYN, TCP_Q_ACCEPT };

static inline struct tcp_sock *tcp_sk(const struct sock *sk)
{
	return (struct tcp_sock *)sk;
}

/* Bytes sent and not yet acknowledged. */
static inline u32 tcp_flight(const struct tcp_sock *tp)
{
	return tp->snd_nxt - tp->snd_una;
}

/* Milliseconds clock of the timestamps option (RFC 7323 4.1). */
static inline u32 tcp_ts_now(void)
{
	return (u32)jiffies_to_msecs(jiffies);
}

extern struct proto tcp_prot;
extern const struct proto_ops tcp_stream_ops;
extern spinlock_t tcp_table_lock;

/* ------------------------------------------- tcp.c */
int tcp_init_sock(struct sock *sk);
u8 tcp_pick_wscale(struct sock *sk);
void tcp_set_state(struct sock *sk, int state);
void tcp_done(struct sock *sk);
int tcp_rspace(const struct sock *sk);
int tcp_sndbuf(const struct sock *sk);
void tcp_wake_writer(struct sock *sk);
bool tcp_child_ready(struct sock *child);
void tcp_child_queue(struct sock *child);
void tcp_child_unlink(struct sock *child);

/* ------------------------------------------- tcp_input.c */
int tcp_parse_options(const struct tcphdr *th, struct tcp_opts *opt);
bool tcp_seq_acceptable(u32 seq, u32 seg_len, u32 rcv_nxt, u32 rcv_wnd);
void tcp_ooo_insert(struct tcp_sock *tp, struct sk_buff *skb);
int tcp_rcv_state(struct sock *sk, struct sk_buff *skb);
/* sk_backlog_rcv of TCP sockets (tcp_ipv4.c): a segment that waited for the holder. */
void tcp_v4_backlog_rcv(struct sock *sk, struct sk_buff *skb);
void tcp_reset(struct sock *sk, int err);
void tcp_purge_queues(struct sock *sk);

/* ------------------------------------------- tcp_output.c */
int tcp_options_build(u8 *p, bool syn, const struct tcp_sock *tp, bool ts, bool ws);
int tcp_transmit(struct sock *sk, struct sk_buff *skb);
void tcp_push(struct sock *sk, bool force);
void tcp_send_ack(struct sock *sk);
void tcp_send_probe(struct sock *sk);
void tcp_send_rst(struct sock *sk);
int tcp_send_syn(struct sock *sk);
void tcp_send_fin(struct sock *sk);
void tcp_retransmit_head(struct sock *sk);
u32 tcp_select_window(struct sock *sk);
u16 tcp_current_mss(struct sock *sk);
void tcp_ack_data_rcvd(struct sock *sk);
struct sk_buff *tcp_new_skb(struct sock *sk, unsigned int size);
void tcp_rst_reply(const struct sk_buff *skb, const struct tcphdr *th, u32 len);

/* ------------------------------------------- tcp_timer.c */
void tcp_timer_init(struct sock *sk);
void tcp_set_deadline(struct sock *sk, enum tcp_deadline which, unsigned long delay);
void tcp_clear_deadline(struct sock *sk, enum tcp_deadline which);
void tcp_stop_timers(struct sock *sk);
void tcp_arm_rtx(struct sock *sk);
void tcp_delack_schedule(struct sock *sk);
void tcp_keepalive_reset(struct sock *sk);

/* ------------------------------------------- tcp_cong.c */
void tcp_rtt_sample(struct tcp_sock *tp, u32 rtt_us);
void tcp_rto_backoff(struct tcp_sock *tp);
void tcp_cong_init(struct tcp_sock *tp);
void tcp_cong_on_ack(struct tcp_sock *tp, u32 acked);
bool tcp_cong_dupack(struct tcp_sock *tp);
bool tcp_cong_recovery_ack(struct tcp_sock *tp, u32 ack, u32 acked);
void tcp_cong_on_timeout(struct tcp_sock *tp);
void tcp_undo_mark(struct tcp_sock *tp);

/* ------------------------------------------- tcp_ipv4.c */
void tcp_rcv_listen(struct sock *sk, struct sk_buff *skb);
u32 tcp_isn(__be32 saddr, __be32 daddr, __be16 sport, __be16 dport);
int tcp_bind_port(struct sock *sk, __be32 addr, u16 port);
int tcp_listen_check(struct sock *sk);
int tcp_connect_port(struct sock *sk);
void tcp_hash_conn(struct sock *sk);
void tcp_unhash(struct sock *sk);
struct sock *tcp_lookup(__be32 saddr, __be16 sport, __be32 daddr, __be16 dport);

#endif /* _NET_TCP_H */
