// SPDX-License-Identifier: GPL-2.0-only
/*
 * TCP over IPv4: the tables of ports and connections, the IPv4 protocol
 * handler, the listener's reception of SYNs, initial sequence numbers and
 * /proc/net/tcp.
 *
 * Tables (under tcp_table_lock, a spinlock never held across sleeping):
 *  - port buckets: every socket that owns a local port (bound, listening,
 *    connected, children, TIME_WAIT), hashed by port.  bind() conflicts
 *    and listener lookups walk one bucket.
 *  - connection buckets: every socket with a peer (SYN_SENT on), hashed
 *    by the 4-tuple.
 * Each table a socket is in holds a reference on it.  Lookups return the
 * socket with a reference taken.
 *
 * Port rules: two sockets may share a local port when their local
 * addresses differ (neither being the wildcard), when both set
 * SO_REUSEPORT (same owner), or when both set SO_REUSEADDR and the one
 * already there is not listening (socket(7)); a socket in TIME_WAIT only
 * needs SO_REUSEADDR on the newcomer.  connect() on an unbound socket
 * picks a port from net.ipv4.ip_local_port_range that only other
 * connect()-chosen ports use, with a 4-tuple no one has.
 *
 * ISNs (RFC 6528): a keyed ChaCha permutation of the 4-tuple plus a
 * clock ticking every 4 microseconds.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/list.h>
#include <linux/random.h>
#include <linux/timekeeping.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <asm/byteorder.h>
#include <crypto/chacha.h>
#include <uapi/linux/icmp.h>
#include <net/tcp.h>

#define TCP_PORT_BUCKETS	256
#define TCP_CONN_BUCKETS	1024

DEFINE_SPINLOCK(tcp_table_lock);
static struct list_head tcp_port_hash[TCP_PORT_BUCKETS];
static struct list_head tcp_conn_hash[TCP_CONN_BUCKETS];
static u32 tcp_secret[8];
static u32 tcp_port_offset;

static u32 mix32(u32 h)
{
	h ^= h >> 16;
	h *= 0x7feb352d;
	h ^= h >> 15;
	h *= 0x846ca68b;
	h ^= h >> 16;
	return h;
}

static struct list_head *conn_bucket(__be32 laddr, __be16 lport, __be32 raddr, __be16 rport)
{
	u32 h = mix32((u32)laddr ^ tcp_secret[0]) + mix32((u32)raddr ^ tcp_secret[1]) +
		mix32(((u32)lport << 16 | rport) ^ tcp_secret[2]);

	return &tcp_conn_hash[h % TCP_CONN_BUCKETS];
}

static struct list_head *port_bucket(u16 port)
{
	return &tcp_port_hash[port % TCP_PORT_BUCKETS];
}

u32 tcp_isn(__be32 saddr, __be32 daddr, __be16 sport, __be16 dport)
{
	u32 x[CHACHA_STATE_WORDS];
	u32 f;
	int i;

	for (i = 0; i < 8; i++)
		x[i] = tcp_secret[i];
	x[8] = (u32)saddr;
	x[9] = (u32)daddr;
	x[10] = ((u32)sport << 16) | dport;
	for (i = 11; i < CHACHA_STATE_WORDS; i++)
		x[i] = 0x6a09e667u * i;
	chacha_permute(x);
	f = x[0] ^ x[13];
	return f + (u32)(ktime_get_ns() >> 12);
}

/* ------------------------------------------------------ port table */

static bool addrs_overlap(__be32 a, __be32 b)
{
	return !a || !b || a == b;
}

static bool port_conflict(const struct sock *e, const struct sock *sk, __be32 addr)
{
	if (e == sk || !addrs_overlap(inet_sk(e)->inet_rcv_saddr, addr))
		return false;
	if (e->sk_bound_dev_if && sk->sk_bound_dev_if && e->sk_bound_dev_if != sk->sk_bound_dev_if)
		return false;
	if (sk->sk_reuseport && e->sk_reuseport && e->sk_uid == sk->sk_uid)
		return false;
	if (sk->sk_reuse && (e->sk_state == TCP_TIME_WAIT || e->sk_state == TCP_CLOSE))
		return false;
	if (sk->sk_reuse && e->sk_reuse && e->sk_state != TCP_LISTEN)
		return false;
	return true;
}

static bool port_free_for(const struct sock *sk, __be32 addr, u16 port)
{
	struct tcp_sock *e;

	list_for_each_entry(e, port_bucket(port), bind_node) {
		if (e->inet.inet_num == port && port_conflict(&e->inet.sk, sk, addr))
			return false;
	}
	return true;
}

static void port_insert(struct sock *sk, __be32 addr, u16 port)
{
	struct inet_sock *inet = inet_sk(sk);
	struct tcp_sock *tp = tcp_sk(sk);

	inet->inet_rcv_saddr = addr;
	if (addr)
		inet->inet_saddr = addr;
	inet->inet_num = port;
	inet->inet_sport = htons(port);
	list_add_tail(&tp->bind_node, port_bucket(port));
	tp->in_bind = true;
	sock_hold(sk);
}

/* bind(): take @port (0: any free one) on @addr.  0 or -EADDRINUSE. */
int tcp_bind_port(struct sock *sk, __be32 addr, u16 port)
{
	int lo, hi, n, i, err = -EADDRINUSE;

	spin_lock(&tcp_table_lock);
	if (port) {
		if (port_free_for(sk, addr, port)) {
			port_insert(sk, addr, port);
			err = 0;
		}
		goto out;
	}
	inet_get_local_port_range(&lo, &hi);
	n = hi - lo + 1;
	for (i = 0; i < n; i++) {
		u16 p = lo + (tcp_port_offset + get_random_u32_below(n) + i) % n;
		struct tcp_sock *e;
		bool used = false;

		list_for_each_entry(e, port_bucket(p), bind_node) {
			if (e->inet.inet_num == p) {
				used = true;
				break;
			}
		}
		if (!used) {
			port_insert(sk, addr, p);
			err = 0;
			break;
		}
	}
out:
	spin_unlock(&tcp_table_lock);
	return err;
}

/* listen(): no other listener may have an overlapping address on this port. */
int tcp_listen_check(struct sock *sk)
{
	struct inet_sock *inet = inet_sk(sk);
	struct tcp_sock *e;
	int err = 0;

	spin_lock(&tcp_table_lock);
	list_for_each_entry(e, port_bucket(inet->inet_num), bind_node) {
		struct sock *s = &e->inet.sk;

		if (s == sk || e->inet.inet_num != inet->inet_num || s->sk_state != TCP_LISTEN)
			continue;
		if (!addrs_overlap(e->inet.inet_rcv_saddr, inet->inet_rcv_saddr))
			continue;
		if (sk->sk_reuseport && s->sk_reuseport && s->sk_uid == sk->sk_uid)
			continue;
		err = -EADDRINUSE;
		break;
	}
	spin_unlock(&tcp_table_lock);
	return err;
}

static bool conn_exists(__be32 laddr, __be16 lport, __be32 raddr, __be16 rport)
{
	struct tcp_sock *e;

	list_for_each_entry(e, conn_bucket(laddr, lport, raddr, rport), conn_node) {
		if (e->inet.inet_saddr == laddr && e->inet.inet_sport == lport &&
		    e->inet.inet_daddr == raddr && e->inet.inet_dport == rport)
			return true;
	}
	return false;
}

static void conn_insert(struct sock *sk)
{
	struct inet_sock *inet = inet_sk(sk);
	struct tcp_sock *tp = tcp_sk(sk);

	list_add_tail(&tp->conn_node, conn_bucket(inet->inet_saddr, inet->inet_sport,
						  inet->inet_daddr, inet->inet_dport));
	tp->in_conn = true;
	sock_hold(sk);
}

/*
 * connect(): make sure the socket has a local port giving a unique
 * 4-tuple and enter it in the connection table.  inet_saddr, inet_daddr
 * and inet_dport are set.  0 or -EADDRNOTAVAIL.
 */
int tcp_connect_port(struct sock *sk)
{
	struct inet_sock *inet = inet_sk(sk);
	struct tcp_sock *tp = tcp_sk(sk);
	int lo, hi, n, i, err = -EADDRNOTAVAIL;
	u32 start;

	spin_lock(&tcp_table_lock);
	if (inet->inet_num) {
		if (!tp->in_bind) {
			/* bound once, then a failed attempt left the table */
			if (!port_free_for(sk, inet->inet_rcv_saddr, inet->inet_num)) {
				err = -EADDRINUSE;
				goto out;
			}
			port_insert(sk, inet->inet_rcv_saddr, inet->inet_num);
		}
		if (!conn_exists(inet->inet_saddr, inet->inet_sport, inet->inet_daddr,
				 inet->inet_dport)) {
			conn_insert(sk);
			err = 0;
		}
		goto out;
	}
	inet_get_local_port_range(&lo, &hi);
	n = hi - lo + 1;
	start = mix32((u32)inet->inet_daddr ^ inet->inet_dport ^ tcp_secret[3]) + tcp_port_offset;
	tcp_port_offset += 2;
	for (i = 0; i < n; i++) {
		u16 p = lo + (start + i) % n;
		struct tcp_sock *e;
		bool ok = true;

		list_for_each_entry(e, port_bucket(p), bind_node) {
			if (e->inet.inet_num == p && !e->connect_port) {
				ok = false;
				break;
			}
		}
		if (!ok || conn_exists(inet->inet_saddr, htons(p), inet->inet_daddr,
				       inet->inet_dport))
			continue;
		port_insert(sk, 0, p);
		tp->connect_port = true;
		conn_insert(sk);
		err = 0;
		break;
	}
out:
	spin_unlock(&tcp_table_lock);
	return err;
}

/* Enter a child in the tables (it shares its listener's port). */
void tcp_hash_conn(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);

	spin_lock(&tcp_table_lock);
	if (!tp->in_bind) {
		list_add_tail(&tp->bind_node, port_bucket(tp->inet.inet_num));
		tp->in_bind = true;
		sock_hold(sk);
	}
	if (!tp->in_conn)
		conn_insert(sk);
	spin_unlock(&tcp_table_lock);
}

/* Leave the tables: the port is free again (socket lock held, a reference too). */
void tcp_unhash(struct sock *sk)
{
	struct tcp_sock *tp = tcp_sk(sk);
	int puts = 0;

	spin_lock(&tcp_table_lock);
	if (tp->in_conn) {
		list_del(&tp->conn_node);
		tp->in_conn = false;
		puts++;
	}
	if (tp->in_bind) {
		list_del(&tp->bind_node);
		tp->in_bind = false;
		puts++;
	}
	spin_unlock(&tcp_table_lock);
	while (puts--)
		sock_put(sk);
}

/*
 * The socket a segment from @raddr:@rport to @laddr:@lport belongs to:
 * the connection with that 4-tuple, else the listener on the port with
 * that address, else one on the wildcard.  Returned held, or NULL.
 */
struct sock *tcp_lookup(__be32 raddr, __be16 rport, __be32 laddr, __be16 lport)
{
	struct tcp_sock *e, *wild = NULL;
	struct sock *found = NULL;
	u16 port = ntohs(lport);

	spin_lock(&tcp_table_lock);
	list_for_each_entry(e, conn_bucket(laddr, lport, raddr, rport), conn_node) {
		if (e->inet.inet_saddr == laddr && e->inet.inet_sport == lport &&
		    e->inet.inet_daddr == raddr && e->inet.inet_dport == rport &&
		    e->inet.sk.sk_state != TCP_CLOSE && e->inet.sk.sk_state != TCP_LISTEN) {
			found = &e->inet.sk;
			goto hold;
		}
	}
	list_for_each_entry(e, port_bucket(port), bind_node) {
		if (e->inet.inet_num != port || e->inet.sk.sk_state != TCP_LISTEN)
			continue;
		if (e->inet.inet_rcv_saddr == laddr) {
			found = &e->inet.sk;
			goto hold;
		}
		if (!e->inet.inet_rcv_saddr && !wild)
			wild = e;
	}
	if (wild)
		found = &wild->inet.sk;
hold:
	if (found)
		sock_hold(found);
	spin_unlock(&tcp_table_lock);
	return found;
}

/* ------------------------------------------------------- listeners */

/* Is there room on the listener's accept queue for this child? */
bool tcp_child_ready(struct sock *child)
{
	struct sock *parent = tcp_sk(child)->parent;
	bool ok;

	spin_lock(&tcp_sk(parent)->acc_lock);
	ok = parent->sk_state == TCP_LISTEN &&
	     parent->sk_ack_backlog < parent->sk_max_ack_backlog + 1;
	spin_unlock(&tcp_sk(parent)->acc_lock);
	return ok;
}

/* The handshake completed: move the child to the accept queue and wake accept(). */
void tcp_child_queue(struct sock *child)
{
	struct tcp_sock *tp = tcp_sk(child);
	struct sock *parent = tp->parent;
	struct tcp_sock *ptp = tcp_sk(parent);
	bool wake = false;

	spin_lock(&ptp->acc_lock);
	if (tp->queued == TCP_Q_SYN && parent->sk_state == TCP_LISTEN) {
		list_del(&tp->child_node);
		ptp->syn_count--;
		list_add_tail(&tp->child_node, &ptp->acc_list);
		tp->queued = TCP_Q_ACCEPT;
		parent->sk_ack_backlog++;
		wake = true;
	}
	spin_unlock(&ptp->acc_lock);
	if (wake)
		parent->sk_data_ready(parent);
}

/* A half-open child dies: take it off its listener's list (which held a reference). */
void tcp_child_unlink(struct sock *child)
{
	struct tcp_sock *tp = tcp_sk(child);
	struct sock *parent = tp->parent;
	struct tcp_sock *ptp;
	bool drop = false;

	if (!parent || tp->queued != TCP_Q_SYN)
		return;
	ptp = tcp_sk(parent);
	spin_lock(&ptp->acc_lock);
	if (tp->queued == TCP_Q_SYN && parent->sk_state == TCP_LISTEN) {
		list_del(&tp->child_node);
		ptp->syn_count--;
		tp->queued = TCP_Q_NONE;
		tp->parent = NULL;
		drop = true;
	}
	spin_unlock(&ptp->acc_lock);
	if (drop) {
		sock_put(parent);
		sock_put(child);
	}
}

static struct sock *tcp_make_child(struct sock *lsk, struct sk_buff *skb,
				   const struct tcphdr *th, const struct tcp_opts *opt)
{
	const struct iphdr *iph = ip_hdr(skb);
	struct tcp_sock *ltp = tcp_sk(lsk), *tp;
	struct inet_sock *inet;
	struct ip_route rt;
	struct sock *sk;

	if (ip_route_output(iph->saddr, iph->daddr, lsk->sk_bound_dev_if, &rt))
		return NULL;
	sk = sk_alloc(AF_INET, GFP_KERNEL, &tcp_prot, 0);
	if (!sk) {
		ip_route_put(&rt);
		return NULL;
	}
	sock_init_data(NULL, sk);
	sk->sk_type = SOCK_STREAM;
	sk->sk_protocol = IPPROTO_TCP;
	tcp_init_sock(sk);
	tp = tcp_sk(sk);
	inet = inet_sk(sk);

	/* Inherit the listener's settings. */
	sk->sk_rcvbuf = lsk->sk_rcvbuf;
	sk->sk_sndbuf = lsk->sk_sndbuf;
	sk->sk_flags |= lsk->sk_flags & ((1UL << SOCK_RCVBUF_LOCK) | (1UL << SOCK_SNDBUF_LOCK) |
					 (1UL << SOCK_KEEPOPEN) | (1UL << SOCK_LINGER) |
					 (1UL << SOCK_URGINLINE));
	sk->sk_lingertime = lsk->sk_lingertime;
	sk->sk_reuse = lsk->sk_reuse;
	sk->sk_reuseport = lsk->sk_reuseport;
	sk->sk_uid = lsk->sk_uid;
	sk->sk_mark = lsk->sk_mark;
	sk->sk_priority = lsk->sk_priority;
	sk->sk_bound_dev_if = lsk->sk_bound_dev_if;
	sk->sk_rcvtimeo = lsk->sk_rcvtimeo;
	sk->sk_sndtimeo = lsk->sk_sndtimeo;
	inet->uc_ttl = inet_sk(lsk)->uc_ttl;
	inet->tos = inet_sk(lsk)->tos;
	tp->nodelay = ltp->nodelay;
	tp->keepidle = ltp->keepidle;
	tp->keepintvl = ltp->keepintvl;
	tp->keepcnt = ltp->keepcnt;
	tp->linger2 = ltp->linger2;
	tp->user_timeout = ltp->user_timeout;
	tp->user_mss = ltp->user_mss;
	tp->window_clamp = ltp->window_clamp;
	tp->defer_accept = ltp->defer_accept;

	inet->inet_saddr = iph->daddr;
	inet->inet_rcv_saddr = iph->daddr;
	inet->inet_daddr = iph->saddr;
	inet->inet_sport = th->dest;
	inet->inet_dport = th->source;
	inet->inet_num = ntohs(th->dest);

	tp->adv_mss = min_t(u32, rt.mtu, 65535) - TCP_IPV4_OVERHEAD;
	ip_route_put(&rt);

	tp->irs = TCP_SKB_CB(skb)->seq;
	tp->rcv_nxt = tp->irs + 1;
	tp->copied_seq = tp->rcv_nxt;
	tp->rcv_wup = tp->rcv_nxt;
	tp->last_ack_sent = tp->rcv_nxt;
	tp->peer_mss = opt->mss ? opt->mss : TCP_DEFAULT_MSS;
	tp->wscale_ok = opt->has_wscale;
	tp->snd_wscale = opt->has_wscale ? opt->wscale : 0;
	tp->rcv_wscale = tp->wscale_ok ? tcp_pick_wscale(sk) : 0;
	tp->tstamp_ok = opt->has_ts;
	if (opt->has_ts) {
		tp->ts_recent = opt->tsval;
		tp->ts_recent_stamp = jiffies;
	}
	tp->mss_cache = min_t(u32, tp->peer_mss, tp->adv_mss) - (tp->tstamp_ok ? 12 : 0);
	tp->rcv_mss = min_t(u32, tp->adv_mss, TCP_DEFAULT_MSS);
	tp->snd_wnd = ntohs(th->window);
	tp->max_window = tp->snd_wnd;
	tp->snd_wl1 = tp->irs;
	tp->iss = tcp_isn(inet->inet_saddr, inet->inet_daddr, inet->inet_sport, inet->inet_dport);
	tp->snd_wl2 = tp->iss;
	sk->sk_state = TCP_SYN_RECV;
	return sk;
}

/* A segment for a listener (RFC 9293 3.10.7.2).  Consumes @skb. */
void tcp_rcv_listen(struct sock *lsk, struct sk_buff *skb)
{
	const struct tcphdr *th = (const struct tcphdr *)skb_transport_header(skb);
	struct tcp_sock *ltp = tcp_sk(lsk);
	struct tcp_skb_cb *cb = TCP_SKB_CB(skb);
	struct tcp_opts opt;
	struct sock *child;
	struct tcp_sock *ctp;
	bool full;

	if (th->flags & TCPHDR_RST)
		goto drop;
	if (th->flags & TCPHDR_ACK) {
		tcp_rst_reply(skb, th, cb->end_seq - cb->seq);
		goto drop;
	}
	if (!(th->flags & TCPHDR_SYN))
		goto drop;

	spin_lock(&ltp->acc_lock);
	full = lsk->sk_ack_backlog > lsk->sk_max_ack_backlog ||
	       ltp->syn_count >= max_t(u32, lsk->sk_max_ack_backlog, 16) + 16;
	spin_unlock(&ltp->acc_lock);
	if (full)
		goto drop;

	tcp_parse_options(th, &opt);
	child = tcp_make_child(lsk, skb, th, &opt);
	if (!child)
		goto drop;
	ctp = tcp_sk(child);
	lock_sock(child);
	sock_hold(lsk);
	ctp->parent = lsk;
	/* The listener's list holds the reference sk_alloc() gave. */
	spin_lock(&ltp->acc_lock);
	list_add_tail(&ctp->child_node, &ltp->syn_list);
	ctp->queued = TCP_Q_SYN;
	ltp->syn_count++;
	spin_unlock(&ltp->acc_lock);
	tcp_hash_conn(child);
	TCP_INC_STATS(TCP_MIB_PASSIVEOPENS);
	tcp_send_syn(child);
	release_sock(child);
drop:
	kfree_skb(skb);
}

/* ---------------------------------------------- the IPv4 handler */

/*
 * Hand a parsed segment (TCP_SKB_CB filled, data at the payload) to @sk,
 * whose owner lock the caller holds.  Returns true when a TIME_WAIT
 * connection gave way to a new SYN: @skb is then still the caller's, to
 * be looked up again (a listener may take it).  Otherwise consumes it.
 */
static bool tcp_v4_deliver(struct sock *sk, struct sk_buff *skb)
{
	const struct tcphdr *th = (const struct tcphdr *)skb_transport_header(skb);
	struct tcp_skb_cb *cb = TCP_SKB_CB(skb);

	if (sk->sk_state == TCP_LISTEN) {
		tcp_rcv_listen(sk, skb);
	} else if (sk->sk_state == TCP_CLOSE) {
		tcp_rst_reply(skb, th, cb->end_seq - cb->seq);
		kfree_skb(skb);
	} else if (tcp_rcv_state(sk, skb) == 1) {
		return true;
	}
	return false;
}

/*
 * What the backlog of a connection may hold while its holder is busy:
 * the receive and send space it may use (tcp_rspace(), tcp_sndbuf()).
 * A window's worth of data plus the ACKs for a full send buffer fit.
 */
static unsigned int tcp_backlog_limit(const struct sock *sk)
{
	return (unsigned int)tcp_rspace(sk) + (unsigned int)tcp_sndbuf(sk);
}

/*
 * Find the socket of a parsed segment and give it the segment - now, if
 * no task holds the socket, or through its backlog.  Consumes @skb.
 */
static void tcp_v4_dispatch(struct sk_buff *skb)
{
	const struct iphdr *iph = ip_hdr(skb);
	const struct tcphdr *th = (const struct tcphdr *)skb_transport_header(skb);
	struct tcp_skb_cb *cb = TCP_SKB_CB(skb);
	struct sock *sk;
	bool again;
	int err;

	do {
		sk = tcp_lookup(iph->saddr, th->source, iph->daddr, th->dest);
		if (!sk) {
			tcp_rst_reply(skb, th, cb->end_seq - cb->seq);
			kfree_skb(skb);
			return;
		}
		if (!sk_rcv_own_or_defer(sk, skb, tcp_backlog_limit(sk), &err)) {
			/* The holder's release_sock() will see to it (or it was dropped). */
			sock_put(sk);
			return;
		}
		again = tcp_v4_deliver(sk, skb);
		release_sock(sk);
		sock_put(sk);
	} while (again);
}

/* release_sock()'s handler (sk_backlog_rcv) for what waited on a TCP socket's backlog. */
void tcp_v4_backlog_rcv(struct sock *sk, struct sk_buff *skb)
{
	/* A TIME_WAIT that gave way: the segment is for someone else now. */
	if (tcp_v4_deliver(sk, skb))
		tcp_v4_dispatch(skb);
}

static int tcp_v4_rcv(struct sk_buff *skb)
{
	const struct iphdr *iph = ip_hdr(skb);
	struct tcp_skb_cb *cb;
	struct tcphdr *th;
	unsigned int hlen;
	u32 seg_len;

	if (!pskb_may_pull(skb, TCP_HDR_LEN))
		goto bad;
	th = (struct tcphdr *)skb->data;
	hlen = tcp_hdr_doff(th) * 4;
	if (hlen < TCP_HDR_LEN || hlen > skb->len)
		goto bad;
	if (IPCB(skb)->route_type == RTN_BROADCAST || IPCB(skb)->route_type == RTN_MULTICAST)
		goto drop;
	if (skb->ip_summed != CHECKSUM_UNNECESSARY &&
	    csum_tcpudp_magic(iph->saddr, iph->daddr, skb->len, IPPROTO_TCP,
			      csum_partial(skb->data, skb->len, 0))) {
		TCP_INC_STATS(TCP_MIB_CSUMERRORS);
		goto bad;
	}
	TCP_INC_STATS(TCP_MIB_INSEGS);
	skb_reset_transport_header(skb);
	cb = TCP_SKB_CB(skb);
	memset(cb, 0, sizeof(*cb));
	seg_len = skb->len - hlen;
	cb->seq = ntohl(th->seq);
	cb->end_seq = cb->seq + seg_len + !!(th->flags & TCPHDR_SYN) + !!(th->flags & TCPHDR_FIN);
	cb->flags = th->flags;
	skb_pull(skb, hlen);
	tcp_v4_dispatch(skb);
	return 0;
bad:
	TCP_INC_STATS(TCP_MIB_INERRS);
drop:
	kfree_skb(skb);
	return 0;
}

/* An ICMP error about a segment we sent (RFC 1122 4.2.3.9, RFC 1191). */
static void tcp_v4_err(const struct iphdr *quoted, int type, int code, u32 info)
{
	const struct tcphdr *th = (const void *)((const u8 *)quoted + quoted->ihl * 4);
	struct sock *sk;
	struct tcp_sock *tp;
	u32 seq = ntohl(th->seq);
	int err = 0;
	bool hard = false;

	sk = tcp_lookup(quoted->daddr, th->dest, quoted->saddr, th->source);
	if (!sk)
		return;
	lock_sock(sk);
	tp = tcp_sk(sk);
	if (sk->sk_state == TCP_LISTEN || sk->sk_state == TCP_CLOSE ||
	    sk->sk_state == TCP_TIME_WAIT)
		goto out;
	/* Only errors about data still in flight are believable. */
	if (!seq_in_range(seq, tp->snd_una, tp->snd_max + 1))
		goto out;
	switch (type) {
	case ICMP_DEST_UNREACH:
		if (code == ICMP_FRAG_NEEDED) {
			u32 mtu = info;

			if (mtu >= 68 + TCP_IPV4_OVERHEAD && mtu - TCP_IPV4_OVERHEAD < tp->adv_mss) {
				u32 mss = mtu - TCP_IPV4_OVERHEAD - (tp->tstamp_ok ? 12 : 0);

				if (mss < tp->mss_cache) {
					tp->mss_cache = mss;
					tcp_retransmit_head(sk);
				}
			}
			goto out;
		}
		if (code == ICMP_PORT_UNREACH || code == ICMP_PROT_UNREACH) {
			err = ECONNREFUSED;
			hard = true;
		} else if (code == ICMP_NET_UNREACH) {
			err = ENETUNREACH;
		} else {
			err = EHOSTUNREACH;
		}
		break;
	case ICMP_TIME_EXCEEDED:
		err = EHOSTUNREACH;
		break;
	case ICMP_PARAMETERPROB:
		err = EPROTO;
		hard = true;
		break;
	default:
		goto out;
	}
	if (sk->sk_state == TCP_SYN_SENT || (sk->sk_state == TCP_SYN_RECV && !tp->parent)) {
		if (hard || tp->retransmits) {
			tcp_reset(sk, err);
			goto out;
		}
	}
	sk->sk_err_soft = err;
out:
	release_sock(sk);
	sock_put(sk);
}

static const struct net_protocol tcp_protocol = {
	.handler = tcp_v4_rcv,
	.err_handler = tcp_v4_err,
};

/* ------------------------------------------------- /proc/net/tcp */

static unsigned long tcp_timer_report(struct tcp_sock *tp, int *kind)
{
	struct sock *sk = &tp->inet.sk;
	unsigned long when;

	*kind = 0;
	if (sk->sk_state == TCP_TIME_WAIT) {
		*kind = 3;
		when = tp->deadline[TCP_T_KEEPALIVE];
	} else if (tp->deadline_set & (1u << TCP_T_RETRANS)) {
		*kind = tp->rtx_kind == TCP_RTX_PROBE ? 4 : 1;
		when = tp->deadline[TCP_T_RETRANS];
	} else if (tp->deadline_set & (1u << TCP_T_KEEPALIVE)) {
		*kind = 2;
		when = tp->deadline[TCP_T_KEEPALIVE];
	} else {
		return 0;
	}
	return time_after(when, jiffies) ? jiffies_to_clock_t(when - jiffies) : 0;
}

static int tcp_seq_show(struct seq_file *m, void *v)
{
	int sl = 0, b;

	seq_setwidth(m, 149);
	seq_puts(m, "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when "
		    "retrnsmt   uid  timeout inode");
	seq_pad(m, '\n');
	spin_lock(&tcp_table_lock);
	for (b = 0; b < TCP_PORT_BUCKETS; b++) {
		struct tcp_sock *tp;

		list_for_each_entry(tp, &tcp_port_hash[b], bind_node) {
			struct sock *sk = &tp->inet.sk;
			struct inet_sock *inet = &tp->inet;
			u32 txq, rxq;
			__be32 laddr;
			unsigned long when;
			int kind;

			if (sk->sk_state == TCP_LISTEN) {
				rxq = sk->sk_ack_backlog;
				txq = sk->sk_max_ack_backlog;
			} else {
				txq = tp->write_seq - tp->snd_una;
				rxq = tp->rcv_nxt - tp->copied_seq;
			}
			when = tcp_timer_report(tp, &kind);
			/* a connected socket shows the source it uses even if bound to any */
			laddr = inet->inet_rcv_saddr ? inet->inet_rcv_saddr :
				(sk->sk_state == TCP_LISTEN ? 0 : inet->inet_saddr);
			seq_setwidth(m, 149);
			if (sk->sk_state == TCP_TIME_WAIT) {
				seq_printf(m, "%4d: %08X:%04X %08X:%04X %02X %08X:%08X %02X:%08lX "
					   "%08X %5d %8d %d %d %016lx",
					   sl, (u32)laddr, ntohs(inet->inet_sport),
					   (u32)inet->inet_daddr, ntohs(inet->inet_dport),
					   sk->sk_state, 0, 0, kind, when, 0, 0, 0, 0,
					   atomic_read(&sk->sk_refcnt), 0UL);
			} else {
				seq_printf(m, "%4d: %08X:%04X %08X:%04X %02X %08X:%08X %02X:%08lX "
					   "%08X %5u %8d %lu %d %016lx %lu %lu %u %u %d",
					   sl, (u32)laddr, ntohs(inet->inet_sport),
					   (u32)inet->inet_daddr, ntohs(inet->inet_dport),
					   sk->sk_state, txq, rxq, kind, when, tp->retransmits,
					   sk->sk_uid, tp->probes, sk->sk_ino,
					   atomic_read(&sk->sk_refcnt), 0UL,
					   jiffies_to_clock_t(tp->rto), jiffies_to_clock_t(TCP_DELACK_MIN),
					   (tp->quickacks ? 1u : 0u) << 1, tp->cwnd / max_t(u32, tp->mss_cache, 1),
					   sk->sk_state == TCP_LISTEN || tp->ssthresh >= 0xFFFF * tp->mss_cache ?
					   -1 : (int)(tp->ssthresh / max_t(u32, tp->mss_cache, 1)));
			}
			seq_pad(m, '\n');
			sl++;
		}
	}
	spin_unlock(&tcp_table_lock);
	return 0;
}

/* --------------------------------------------------------- setup */

static struct inet_protosw tcp_protosw = {
	.type = SOCK_STREAM,
	.protocol = IPPROTO_TCP,
	.prot = &tcp_prot,
	.ops = &tcp_stream_ops,
	.init = tcp_init_sock,
	.is_default = true,
};

static int __init tcp_v4_init(void)
{
	int i;

	for (i = 0; i < TCP_PORT_BUCKETS; i++)
		INIT_LIST_HEAD(&tcp_port_hash[i]);
	for (i = 0; i < TCP_CONN_BUCKETS; i++)
		INIT_LIST_HEAD(&tcp_conn_hash[i]);
	get_random_bytes(tcp_secret, sizeof(tcp_secret));
	tcp_port_offset = get_random_u32();
	i = proto_register(&tcp_prot);
	if (i)
		return i;
	inet_register_protosw(&tcp_protosw);
	if (inet_add_protocol(&tcp_protocol, IPPROTO_TCP))
		pr_err("tcp: cannot register with IPv4\n");
	return 0;
}
device_initcall(tcp_v4_init);

static int __init tcp_proc_init(void)
{
	if (proc_net)
		proc_create_single("tcp", 0444, proc_net, tcp_seq_show);
	return 0;
}
late_initcall(tcp_proc_init);
