// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of TCP: the pieces that need no network (sequence
 * arithmetic, options, the RFC 9293 acceptance test, the RTO estimator,
 * NewReno, the out-of-order queue, window selection) and, when the stack
 * is there, a loopback connection moving a few MiB through kernel
 * sockets with a checksum, plus RST on a closed port (ECONNREFUSED).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/selftest.h>
#include <linux/uio.h>
#include <linux/timekeeping.h>
#include <asm/byteorder.h>
#include <linux/netdevice.h>
#include <linux/inetdevice.h>
#include <net/tcp.h>

static int tcp_seq_test(void)
{
	ST_ASSERT(seq_lt(0xfffffff0u, 0x10u), "wrap");
	ST_ASSERT(seq_gt(0x10u, 0xfffffff0u), "wrap gt");
	ST_ASSERT(seq_leq(5, 5) && seq_geq(5, 5), "equal");
	ST_ASSERT(!seq_lt(5, 5), "strict");
	ST_ASSERT(seq_in_range(0xffffffffu, 0xfffffff0u, 0x10u), "range across wrap");
	ST_ASSERT(!seq_in_range(0x10u, 0xfffffff0u, 0x10u), "end excluded");
	return 0;
}
DEFINE_SELFTEST("tcp: sequence number arithmetic", tcp_seq_test);

static int tcp_options_test(void)
{
	static struct tcp_sock tp;
	u8 buf[TCP_HDR_LEN + TCP_MAX_OPT_LEN];
	struct tcphdr *th = (struct tcphdr *)buf;
	struct tcp_opts o;
	int n;

	memset(buf, 0, sizeof(buf));
	tp.adv_mss = 1460;
	tp.rcv_wscale = 7;
	tp.ts_recent = 0x12345678;
	n = tcp_options_build(buf + TCP_HDR_LEN, true, &tp, true, true);
	ST_ASSERT(n % 4 == 0 && n <= TCP_MAX_OPT_LEN, "length %d", n);
	th->doff_res = ((TCP_HDR_LEN + n) / 4) << 4;
	ST_ASSERT(!tcp_parse_options(th, &o), "parse");
	ST_ASSERT(o.mss == 1460, "mss %u", o.mss);
	ST_ASSERT(o.has_wscale && o.wscale == 7, "wscale");
	ST_ASSERT(o.has_ts && o.tsecr == 0x12345678, "tsecr %x", o.tsecr);

	/* Data segments: timestamps only. */
	n = tcp_options_build(buf + TCP_HDR_LEN, false, &tp, true, true);
	ST_ASSERT(n == 12, "data option length %d", n);

	/* Malformed: a zero length option stops the parse. */
	memset(buf + TCP_HDR_LEN, 0, 8);
	buf[TCP_HDR_LEN] = TCPOPT_MSS;
	buf[TCP_HDR_LEN + 1] = 0;
	th->doff_res = ((TCP_HDR_LEN + 8) / 4) << 4;
	ST_ASSERT(tcp_parse_options(th, &o) == -EINVAL, "zero-length option");
	/* Window scale above 14 is taken as 14 (RFC 7323 2.3). */
	buf[TCP_HDR_LEN] = TCPOPT_WINDOW;
	buf[TCP_HDR_LEN + 1] = 3;
	buf[TCP_HDR_LEN + 2] = 20;
	buf[TCP_HDR_LEN + 3] = TCPOPT_EOL;
	ST_ASSERT(!tcp_parse_options(th, &o) && o.wscale == 14, "wscale clamp");
	return 0;
}
DEFINE_SELFTEST("tcp: option building and parsing", tcp_options_test);

static int tcp_acceptance_test(void)
{
	/* Zero-length segments. */
	ST_ASSERT(tcp_seq_acceptable(100, 0, 100, 0), "0/0 at rcv_nxt");
	ST_ASSERT(!tcp_seq_acceptable(101, 0, 100, 0), "0/0 elsewhere");
	ST_ASSERT(tcp_seq_acceptable(150, 0, 100, 100), "0/w inside");
	ST_ASSERT(!tcp_seq_acceptable(200, 0, 100, 100), "0/w at right edge");
	ST_ASSERT(!tcp_seq_acceptable(99, 0, 100, 100), "0/w before");
	/* Data into a zero window. */
	ST_ASSERT(!tcp_seq_acceptable(100, 10, 100, 0), "data into zero window");
	/* Data with a window: first or last byte inside. */
	ST_ASSERT(tcp_seq_acceptable(90, 20, 100, 100), "overlapping left edge");
	ST_ASSERT(tcp_seq_acceptable(195, 20, 100, 100), "overlapping right edge");
	ST_ASSERT(!tcp_seq_acceptable(80, 20, 100, 100), "old duplicate");
	ST_ASSERT(!tcp_seq_acceptable(200, 1, 100, 100), "beyond");
	/* Across the wrap. */
	ST_ASSERT(tcp_seq_acceptable(5, 10, 0xfffffff0u, 0x100), "wrapped");
	return 0;
}
DEFINE_SELFTEST("tcp: RFC 9293 segment acceptance test", tcp_acceptance_test);

static int tcp_rto_test(void)
{
	static struct tcp_sock tp;
	int i;

	memset(&tp, 0, sizeof(tp));
	tp.rto = TCP_RTO_INIT;
	tcp_rtt_sample(&tp, 100000);		/* 100 ms */
	ST_ASSERT(tp.srtt_us == 100000 && tp.rttvar_us == 50000, "first sample");
	ST_ASSERT(tp.rto == msecs_to_jiffies(300), "rto %u", tp.rto);
	tcp_rtt_sample(&tp, 100000);
	ST_ASSERT(tp.rttvar_us == 37500 && tp.srtt_us == 100000, "second sample %u/%u",
		  tp.srtt_us, tp.rttvar_us);
	/* Tiny RTTs: the 200 ms floor. */
	memset(&tp, 0, sizeof(tp));
	tcp_rtt_sample(&tp, 50);
	ST_ASSERT(tp.rto == TCP_RTO_MIN, "floor %u", tp.rto);
	/* Backoff doubles up to the ceiling. */
	for (i = 0; i < 20; i++)
		tcp_rto_backoff(&tp);
	ST_ASSERT(tp.rto == TCP_RTO_MAX, "ceiling %u", tp.rto);
	return 0;
}
DEFINE_SELFTEST("tcp: RTO estimator (RFC 6298)", tcp_rto_test);

static int tcp_newreno_test(void)
{
	static struct tcp_sock tp;
	const u32 mss = 1000;

	memset(&tp, 0, sizeof(tp));
	tp.mss_cache = mss;
	tp.iss = 1000;
	tp.snd_una = tp.snd_nxt = tp.snd_max = 1001;
	tcp_cong_init(&tp);
	ST_ASSERT(tp.cwnd == 10 * mss, "initial window %u", tp.cwnd);
	/* Slow start: at most two segments per ACK. */
	tcp_cong_on_ack(&tp, 5 * mss);
	ST_ASSERT(tp.cwnd == 12 * mss, "slow start %u", tp.cwnd);
	/* 20 segments in flight, three duplicate ACKs. */
	tp.snd_nxt = tp.snd_max = tp.snd_una + 20 * mss;
	ST_ASSERT(!tcp_cong_dupack(&tp) && !tcp_cong_dupack(&tp), "first two dupacks");
	ST_ASSERT(tcp_cong_dupack(&tp), "third dupack retransmits");
	ST_ASSERT(tp.in_recovery && tp.ssthresh == 10 * mss, "ssthresh %u", tp.ssthresh);
	ST_ASSERT(tp.cwnd == 13 * mss, "cwnd in recovery %u", tp.cwnd);
	ST_ASSERT(!tcp_cong_dupack(&tp) && tp.cwnd == 14 * mss, "inflation");
	/* A partial ACK of 2 segments: deflate by 2, add one back. */
	tp.snd_una += 2 * mss;
	ST_ASSERT(tcp_cong_recovery_ack(&tp, tp.snd_una, 2 * mss), "partial ack");
	ST_ASSERT(tp.cwnd == 13 * mss, "after partial %u", tp.cwnd);
	/* The full ACK ends recovery. */
	tp.snd_una = tp.snd_max;
	ST_ASSERT(!tcp_cong_recovery_ack(&tp, tp.snd_una, 18 * mss), "full ack");
	ST_ASSERT(!tp.in_recovery && tp.cwnd <= tp.ssthresh, "deflated %u", tp.cwnd);
	/* Congestion avoidance: about one MSS per window. */
	tp.cwnd = tp.ssthresh;
	tcp_cong_on_ack(&tp, tp.cwnd);
	ST_ASSERT(tp.cwnd == tp.ssthresh + mss, "avoidance %u", tp.cwnd);
	/* A timeout: one segment. */
	tp.snd_nxt = tp.snd_una + 8 * mss;
	tcp_cong_on_timeout(&tp);
	ST_ASSERT(tp.cwnd == mss && tp.ssthresh == 4 * mss, "timeout %u/%u", tp.cwnd, tp.ssthresh);
	return 0;
}
DEFINE_SELFTEST("tcp: NewReno congestion control (RFC 5681/6582)", tcp_newreno_test);

static struct sk_buff *ooo_seg(u32 seq, u32 len, bool fin)
{
	struct sk_buff *skb = alloc_skb_with_headroom(len, GFP_KERNEL);
	u32 i;

	if (!skb)
		return NULL;
	memset(skb->cb, 0, sizeof(skb->cb));
	for (i = 0; i < len; i++)
		*(u8 *)skb_put(skb, 1) = (u8)(seq + i);
	TCP_SKB_CB(skb)->seq = seq;
	TCP_SKB_CB(skb)->end_seq = seq + len + fin;
	TCP_SKB_CB(skb)->flags = fin ? TCPHDR_FIN : 0;
	return skb;
}

static int tcp_ooo_test(void)
{
	static struct tcp_sock tp;
	static const u32 segs[][2] = {
		{ 300, 100 }, { 100, 100 }, { 150, 100 }, { 100, 50 }, { 90, 400 }, { 600, 10 },
	};
	struct sk_buff *skb;
	u32 expect, i;

	memset(&tp, 0, sizeof(tp));
	skb_queue_head_init(&tp.ooo_queue);
	for (i = 0; i < ARRAY_SIZE(segs); i++) {
		skb = ooo_seg(segs[i][0], segs[i][1], false);
		if (!skb) {
			st_diag("no skbs yet (core not there)");
			skb_queue_purge(&tp.ooo_queue);
			return ST_SKIP;
		}
		tcp_ooo_insert(&tp, skb);
	}
	/* Now: [90,490) and [600,610), every byte once, in order, right contents. */
	expect = 90;
	i = 0;
	skb_queue_walk(&tp.ooo_queue, skb) {
		struct tcp_skb_cb *cb = TCP_SKB_CB(skb);
		u32 k;

		if (i++ == 0)
			ST_ASSERT(cb->seq == 90, "first at %u", cb->seq);
		ST_ASSERT(seq_geq(cb->seq, expect), "overlap at %u", cb->seq);
		ST_ASSERT(cb->end_seq == cb->seq + skb->len, "end %u", cb->end_seq);
		for (k = 0; k < skb->len; k++)
			ST_ASSERT(skb->data[k] == (u8)(cb->seq + k), "byte %u", cb->seq + k);
		expect = cb->end_seq;
	}
	ST_ASSERT(expect == 610, "end %u", expect);
	ST_ASSERT(tp.ooo_bytes == 410, "bytes %u", tp.ooo_bytes);
	skb_queue_purge(&tp.ooo_queue);
	return 0;
}
DEFINE_SELFTEST("tcp: out-of-order queue", tcp_ooo_test);

static int tcp_window_test(void)
{
	static struct tcp_sock tp;
	struct sock *sk = &tp.inet.sk;
	u32 w1, w2;

	memset(&tp, 0, sizeof(tp));
	sock_set_flag(sk, SOCK_RCVBUF_LOCK);
	sk->sk_rcvbuf = 200000;
	tp.rcv_wscale = 2;
	tp.rcv_nxt = tp.copied_seq = tp.rcv_wup = 1000;
	tp.adv_mss = tp.rcv_mss = 1000;
	w1 = tcp_select_window(sk);
	ST_ASSERT(w1 == 200000, "whole space %u", w1);
	/* 10000 bytes arrive unread: the right edge stays put (no shrinking). */
	tp.rcv_nxt += 10000;
	w2 = tcp_select_window(sk);
	ST_ASSERT(tp.rcv_nxt + w2 == 1000 + w1, "edge moved %u", w2);
	ST_ASSERT(w2 % 4 == 0, "scaled %u", w2);
	/* Read 500: less than an MSS, the edge still does not move (SWS). */
	tp.copied_seq += 500;
	ST_ASSERT(tp.rcv_nxt + tcp_select_window(sk) == 1000 + w1, "sws");
	/* Read the rest: it opens again. */
	tp.copied_seq = tp.rcv_nxt;
	ST_ASSERT(tcp_select_window(sk) == 200000, "reopened");
	return 0;
}
DEFINE_SELFTEST("tcp: receive window selection", tcp_window_test);

/* ------------------------------------------------- loopback connection */

/* Bring lo up with 127.0.0.1/8 as user space would at boot (left so). */
static int lo_setup(void)
{
	int err = 0;

	if (!loopback_dev)
		return -ENODEV;
	rtnl_lock();
	if (!(loopback_dev->flags & IFF_UP))
		err = dev_open(loopback_dev);
	if (!err && !inet_addr_is_local(htonl(INADDR_LOOPBACK))) {
		err = inet_addr_add(loopback_dev, htonl(INADDR_LOOPBACK), 8, 0, "lo");
		if (err == -EEXIST)
			err = 0;
	}
	rtnl_unlock();
	return err;
}

#define LO_BYTES	(64u << 20)
#define LO_PORT		47011

struct lo_server {
	struct socket *lsock;
	u32 sum;
	u32 got;
	int err;
};

static u32 fold(u32 sum, const u8 *p, size_t n)
{
	while (n--)
		sum = (sum << 5) + sum + *p++;
	return sum;
}

static int lo_server_fn(void *arg)
{
	struct lo_server *s = arg;
	struct socket *c = NULL;
	u8 *buf = kmalloc(65536, GFP_KERNEL);
	int err;

	if (!buf)
		return -ENOMEM;
	err = kernel_accept(s->lsock, &c, 0);
	if (err)
		goto out;
	s->sum = 5381;
	for (;;) {
		struct msghdr msg = { };
		struct kvec iov = { .iov_base = buf, .iov_len = 65536 };
		int n = kernel_recvmsg(c, &msg, &iov, 1, 65536, 0);

		if (n < 0) {
			err = n;
			break;
		}
		if (!n)
			break;
		s->sum = fold(s->sum, buf, n);
		s->got += n;
	}
	sock_release(c);
out:
	kfree(buf);
	s->err = err;
	return err;
}

static int tcp_loopback_test(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(LO_PORT),
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	static struct lo_server s;
	struct task_struct *t;
	struct socket *c;
	u8 *buf;
	u32 sum = 5381, sent = 0;
	u64 t0, ns;
	int err;

	memset(&s, 0, sizeof(s));
	err = lo_setup();
	ST_ASSERT(!err, "lo setup %d", err);
	err = sock_create_kern(AF_INET, SOCK_STREAM, IPPROTO_TCP, &s.lsock);
	if (err) {
		st_diag("no TCP sockets yet (%d)", err);
		return ST_SKIP;
	}
	err = kernel_bind(s.lsock, (struct sockaddr *)&a, sizeof(a));
	ST_ASSERT(!err, "bind %d", err);
	err = kernel_listen(s.lsock, 4);
	ST_ASSERT(!err, "listen %d", err);
	t = selftest_thread_start(lo_server_fn, &s, "tcp-lo-srv", -1);
	ST_ASSERT(t, "server thread");

	buf = vmalloc(65536);
	ST_ASSERT(buf, "buffer");
	err = sock_create_kern(AF_INET, SOCK_STREAM, IPPROTO_TCP, &c);
	ST_ASSERT(!err, "client socket %d", err);
	err = kernel_connect(c, (struct sockaddr *)&a, sizeof(a), 0);
	ST_ASSERT(!err, "connect %d", err);
	t0 = ktime_get_ns();
	while (sent < LO_BYTES) {
		struct msghdr msg = { };
		struct kvec iov = { .iov_base = buf, .iov_len = 65536 - (sent % 7001) };
		u32 i;

		for (i = 0; i < iov.iov_len; i++)
			buf[i] = (u8)((sent + i) * 2654435761u >> 13);
		err = kernel_sendmsg(c, &msg, &iov, 1, iov.iov_len);
		ST_ASSERT(err > 0, "send %d", err);
		sum = fold(sum, buf, err);
		sent += err;
	}
	sock_release(c);
	err = selftest_thread_reap(t);
	ns = ktime_get_ns() - t0;
	st_diag("segments in %lld out %lld retransmitted %lld",
		(long long)atomic64_read(&tcp_mib[TCP_MIB_INSEGS]),
		(long long)atomic64_read(&tcp_mib[TCP_MIB_OUTSEGS]),
		(long long)atomic64_read(&tcp_mib[TCP_MIB_RETRANSSEGS]));
	st_diag("%u bytes in %llu ms: %llu MB/s", sent, ns / 1000000,
		(u64)sent * 1000 / (ns ? ns : 1));
	vfree(buf);
	sock_release(s.lsock);
	ST_ASSERT(!err && !s.err, "server %d/%d", err, s.err);
	ST_ASSERT(s.got == sent, "received %u of %u", s.got, sent);
	ST_ASSERT(s.sum == sum, "checksum");
	return 0;
}
DEFINE_SELFTEST("tcp: loopback connection moves 64 MiB intact", tcp_loopback_test);

static int tcp_refused_test(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(LO_PORT + 1),
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	struct socket *c;
	int err;

	err = lo_setup();
	ST_ASSERT(!err, "lo setup %d", err);
	err = sock_create_kern(AF_INET, SOCK_STREAM, IPPROTO_TCP, &c);
	if (err) {
		st_diag("no TCP sockets yet (%d)", err);
		return ST_SKIP;
	}
	err = kernel_connect(c, (struct sockaddr *)&a, sizeof(a), 0);
	sock_release(c);
	ST_ASSERT(err == -ECONNREFUSED, "connect to a closed port: %d", err);
	return 0;
}
DEFINE_SELFTEST("tcp: connect to a closed port is refused", tcp_refused_test);
