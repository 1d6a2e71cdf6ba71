// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of receive coalescing (gro.c): hand-built TCP/IPv4 frames
 * go through napi_gro_receive() on a registered test device that is
 * never brought up, and an ETH_P_ALL tap on that device records what
 * reaches the stack.  Checked: a run of full segments goes up as one
 * segment with the payload in order and a valid IP header (moved into a
 * 16 KiB skb, or joined in place when the first buffer has room); PSH, a
 * short segment, a sequence gap, another flow, a non-TCP frame and a bad
 * TCP checksum each end a run (and order is kept); the 64 KiB limit; a
 * run whose move to a larger area fails (every frame still goes up); the
 * off switch.  The frames are for TEST-NET-1 addresses, so IP drops
 * them after the tap has seen them.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/selftest.h>
#include <uapi/linux/ip.h>
#include <uapi/linux/in.h>
#include <uapi/linux/udp.h>
#include <uapi/linux/tcp.h>
#include <net/checksum.h>
#include "dev.h"

#define GT_SRC		htonl(0xc0000201)	/* 192.0.2.1 */
#define GT_DST		htonl(0xc0000202)	/* 192.0.2.2 */
#define GT_ISN		1000000u
/* Headroom of the hand-built frames. */
#define NET_SKB_PAD_TEST	32

struct gro_tap {
	struct packet_type pt;
	struct sk_buff_head seen;
};

static int gro_tap_rcv(struct sk_buff *skb, struct net_device *dev, struct packet_type *pt)
{
	struct gro_tap *tap = container_of(pt, struct gro_tap, pt);

	skb_queue_tail(&tap->seen, skb);
	return 0;
}

static void gro_test_setup(struct net_device *dev)
{
	ether_setup(dev);
}

/* The payload byte at stream offset @off: its pattern survives joining. */
static u8 gt_byte(u32 off)
{
	return (u8)(off * 7 + (off >> 8));
}

/*
 * A frame of flow @port carrying @len payload bytes at stream offset
 * @off, with TCP @flags and @room bytes of tailroom behind it; @bad_csum
 * spoils the TCP checksum; @proto other than TCP makes a UDP datagram of
 * the same size instead.
 */
static struct sk_buff *gt_frame_room(struct net_device *dev, u16 port, u32 off, unsigned int len,
				     u8 flags, bool bad_csum, u8 proto, unsigned int room)
{
	unsigned int l4 = proto == IPPROTO_TCP ? sizeof(struct tcphdr) : sizeof(struct udphdr);
	struct sk_buff *skb = alloc_skb(NET_SKB_PAD_TEST + ETH_HLEN + sizeof(struct iphdr) + l4 +
					len + room, GFP_KERNEL);
	struct ethhdr *eth;
	struct iphdr *iph;
	u8 *p;

	if (!skb)
		return NULL;
	skb_reserve(skb, NET_SKB_PAD_TEST);
	eth = skb_put(skb, ETH_HLEN);
	memcpy(eth->h_dest, dev->dev_addr, ETH_ALEN);
	memcpy(eth->h_source, "\x02\x00\x00\x00\x00\x01", ETH_ALEN);
	eth->h_proto = htons(ETH_P_IP);
	iph = skb_put_zero(skb, sizeof(*iph));
	iph->version = 4;
	iph->ihl = 5;
	iph->tot_len = htons(sizeof(*iph) + l4 + len);
	iph->id = htons((u16)off);
	iph->frag_off = htons(IP_DF);
	iph->ttl = 64;
	iph->protocol = proto;
	iph->saddr = GT_SRC;
	iph->daddr = GT_DST;
	iph->check = ip_fast_csum(iph, iph->ihl);
	if (proto == IPPROTO_TCP) {
		struct tcphdr *th = skb_put_zero(skb, sizeof(*th));

		th->source = htons(port);
		th->dest = htons(80);
		th->seq = htonl(GT_ISN + off);
		th->ack_seq = htonl(42);
		th->doff_res = (sizeof(*th) / 4) << 4;
		th->flags = flags;
		th->window = htons(8192);
	} else {
		struct udphdr *uh = skb_put_zero(skb, sizeof(*uh));

		uh->source = htons(port);
		uh->dest = htons(53);
		uh->len = htons(sizeof(*uh) + len);
	}
	p = skb_put(skb, len);
	for (unsigned int i = 0; i < len; i++)
		p[i] = gt_byte(off + i);
	if (proto == IPPROTO_TCP) {
		struct tcphdr *th = (struct tcphdr *)(iph + 1);

		th->check = csum_tcpudp_magic(iph->saddr, iph->daddr, l4 + len, IPPROTO_TCP,
					      csum_partial(th, l4 + len, 0));
		if (bad_csum)
			th->check ^= htons(0x0101);
	}
	skb->protocol = eth_type_trans(skb, dev);
	skb->ip_summed = CHECKSUM_NONE;
	return skb;
}

static struct sk_buff *gt_frame(struct net_device *dev, u16 port, u32 off, unsigned int len,
				u8 flags, bool bad_csum, u8 proto)
{
	return gt_frame_room(dev, port, off, len, flags, bad_csum, proto, 0);
}

/* What the tap saw, in order: TCP payload offset and length, flags. */
struct gt_seen {
	u32 off;
	unsigned int len;
	u8 flags;
	u8 proto;
	unsigned int size;	/* the skb's area (a tap's copy has the original's) */
	bool ip_ok;		/* header checksum and total length agree with the frame */
	bool payload_ok;	/* the bytes are the stream's at off */
};

static int gt_collect(struct gro_tap *tap, struct gt_seen *out, int max)
{
	struct sk_buff *skb;
	int n = 0;

	while ((skb = skb_dequeue(&tap->seen))) {
		const struct iphdr *iph = (const struct iphdr *)skb->data;

		if (n < max) {
			struct gt_seen *s = &out[n];

			memset(s, 0, sizeof(*s));
			s->proto = iph->protocol;
			s->size = skb->size;
			s->ip_ok = !ip_fast_csum(iph, iph->ihl) && ntohs(iph->tot_len) == skb->len;
			if (iph->protocol == IPPROTO_TCP) {
				const struct tcphdr *th = (const struct tcphdr *)(iph + 1);
				const u8 *p = (const u8 *)th + tcp_hdr_doff(th) * 4;

				s->off = ntohl(th->seq) - GT_ISN;
				s->len = skb->len - (p - skb->data);
				s->flags = th->flags;
				s->payload_ok = true;
				for (unsigned int i = 0; i < s->len; i++)
					if (p[i] != gt_byte(s->off + i))
						s->payload_ok = false;
			}
		}
		n++;
		kfree_skb(skb);
	}
	return n;
}

/* Feed frames and flush as a poll would end. */
static int gt_feed(struct napi_struct *napi, struct sk_buff **frames, int n)
{
	for (int i = 0; i < n; i++) {
		if (!frames[i])
			return -ENOMEM;
		napi_gro_receive(napi, frames[i]);
	}
	napi_gro_flush(napi);
	return 0;
}

#define GT_ACK		TCPHDR_ACK
#define GT_PSH		(TCPHDR_ACK | TCPHDR_PSH)

/* @n full segments of @len bytes of flow @port from offset 0, fed as one poll. */
static int gt_feed_stream(struct napi_struct *napi, struct net_device *dev, struct sk_buff **f,
			  u16 port, int n, unsigned int len)
{
	for (int i = 0; i < n; i++)
		f[i] = gt_frame(dev, port, i * len, len, GT_ACK, false, IPPROTO_TCP);
	return gt_feed(napi, f, n);
}

/*
 * Three segments whose first buffer has room for the others (a page-sized
 * one), fed as one poll: true when they went up as one 3000-byte segment
 * that never left the first buffer (@what names the case in the diagnostic).
 */
static bool gt_joined_in_place(struct napi_struct *napi, struct net_device *dev,
			       struct gro_tap *tap, struct sk_buff **f, struct gt_seen *s,
			       const char *what)
{
	int n;

	f[0] = gt_frame_room(dev, 1, 0, 1000, GT_ACK, false, IPPROTO_TCP, 4096);
	f[1] = gt_frame(dev, 1, 1000, 1000, GT_ACK, false, IPPROTO_TCP);
	f[2] = gt_frame(dev, 1, 2000, 1000, GT_ACK, false, IPPROTO_TCP);
	if (gt_feed(napi, f, 3))
		return false;
	n = gt_collect(tap, s, 64);
	if (n != 1 || s[0].len != 3000 || !s[0].ip_ok || !s[0].payload_ok ||
	    s[0].size >= 16 * 1024) {
		st_diag("%s: %d up, len %u ip_ok %d payload_ok %d size %u", what, n, s[0].len,
			s[0].ip_ok, s[0].payload_ok, s[0].size);
		return false;
	}
	return true;
}

static int gro_test_runs(void)
{
	struct net_device *dev = alloc_netdev(0, "grot%d", gro_test_setup);
	struct napi_struct napi;
	struct gro_tap tap = {};
	struct gt_seen s[64];
	struct sk_buff *f[64];
	unsigned int saved = READ_ONCE(gro_enabled);
	int n, err = -1;

	ST_ASSERT(dev, "alloc_netdev");
	ST_ASSERT(register_netdev(dev) == 0, "register");
	memset(&napi, 0, sizeof(napi));
	netif_napi_add(dev, &napi, NULL, NAPI_POLL_WEIGHT);
	skb_queue_head_init(&tap.seen);
	tap.pt.type = htons(ETH_P_ALL);
	tap.pt.dev = dev;
	tap.pt.func = gro_tap_rcv;
	dev_add_pack(&tap.pt);
	WRITE_ONCE(gro_enabled, 1);

	/* Three full segments: one segment of 3000 bytes, valid headers, ordered bytes. */
	if (gt_feed_stream(&napi, dev, f, 1, 3, 1000))
		goto out;
	n = gt_collect(&tap, s, 64);
	if (n != 1 || s[0].off != 0 || s[0].len != 3000 || !s[0].ip_ok || !s[0].payload_ok ||
	    s[0].flags != GT_ACK || s[0].size != 16 * 1024) {
		st_diag("three segments: %d up, first off %u len %u ip_ok %d payload_ok %d flags %#x size %u",
			n, s[0].off, s[0].len, s[0].ip_ok, s[0].payload_ok, s[0].flags, s[0].size);
		goto out;
	}

	/* A first buffer with room (a page-sized one) takes the others in place. */
	if (!gt_joined_in_place(&napi, dev, &tap, f, s, "joined in place"))
		goto out;

	/* PSH ends a run; a short segment ends a run; a gap starts a new one. */
	f[0] = gt_frame(dev, 1, 0, 1000, GT_ACK, false, IPPROTO_TCP);
	f[1] = gt_frame(dev, 1, 1000, 1000, GT_PSH, false, IPPROTO_TCP);
	f[2] = gt_frame(dev, 1, 2000, 1000, GT_ACK, false, IPPROTO_TCP);
	f[3] = gt_frame(dev, 1, 3000, 500, GT_ACK, false, IPPROTO_TCP);
	f[4] = gt_frame(dev, 1, 3500, 500, GT_ACK, false, IPPROTO_TCP);
	f[5] = gt_frame(dev, 1, 9000, 1000, GT_ACK, false, IPPROTO_TCP);
	if (gt_feed(&napi, f, 6))
		goto out;
	n = gt_collect(&tap, s, 64);
	if (n != 4 || s[0].off != 0 || s[0].len != 2000 || s[0].flags != GT_PSH ||
	    s[1].off != 2000 || s[1].len != 1500 || s[2].off != 3500 || s[2].len != 500 ||
	    s[3].off != 9000 || s[3].len != 1000 || !s[0].payload_ok || !s[1].payload_ok) {
		st_diag("PSH/short/gap: %d up: %u+%u %#x, %u+%u, %u+%u, %u+%u", n, s[0].off,
			s[0].len, s[0].flags, s[1].off, s[1].len, s[2].off, s[2].len, s[3].off,
			s[3].len);
		goto out;
	}

	/* Another flow, a UDP datagram and a bad checksum each go up alone, in order. */
	f[0] = gt_frame(dev, 1, 0, 1000, GT_ACK, false, IPPROTO_TCP);
	f[1] = gt_frame(dev, 2, 0, 1000, GT_ACK, false, IPPROTO_TCP);
	f[2] = gt_frame(dev, 1, 1000, 1000, GT_ACK, false, IPPROTO_TCP);
	f[3] = gt_frame(dev, 1, 0, 100, 0, false, IPPROTO_UDP);
	f[4] = gt_frame(dev, 1, 2000, 1000, GT_ACK, true, IPPROTO_TCP);
	f[5] = gt_frame(dev, 1, 3000, 1000, GT_ACK, false, IPPROTO_TCP);
	if (gt_feed(&napi, f, 6))
		goto out;
	n = gt_collect(&tap, s, 64);
	if (n != 6 || s[0].len != 1000 || s[2].off != 1000 || s[2].len != 1000 ||
	    s[3].proto != IPPROTO_UDP || s[4].off != 2000 || s[5].off != 3000) {
		st_diag("flows/udp/bad sum: %d up", n);
		goto out;
	}

	/* 50 x 1400 bytes: runs stop below 64 KiB; every byte arrives once, in order. */
	if (gt_feed_stream(&napi, dev, f, 3, 50, 1400))
		goto out;
	n = gt_collect(&tap, s, 64);
	if (n != 2 || s[0].off != 0 || s[1].off != s[0].len || s[0].len + s[1].len != 70000 ||
	    s[0].len + 40 > 0xffff || !s[0].ip_ok || !s[1].ip_ok || !s[0].payload_ok ||
	    !s[1].payload_ok) {
		st_diag("50 segments: %d up, %u+%u and %u+%u", n, s[0].off, s[0].len, s[1].off,
			s[1].len);
		goto out;
	}

	/*
	 * Moves into a larger area failing (memory short): the frames of a
	 * run go up one by one, all of them, in order; joining in place
	 * needs no allocation and goes on.
	 */
	WRITE_ONCE(gro_fail_grows, &napi);
	if (gt_feed_stream(&napi, dev, f, 1, 4, 1000))
		goto out;
	n = gt_collect(&tap, s, 64);
	if (n != 4 || s[0].off != 0 || s[1].off != 1000 || s[2].off != 2000 ||
	    s[3].off != 3000 || s[3].len != 1000 || !s[0].payload_ok || !s[3].payload_ok) {
		st_diag("moves failing: %d up: %u+%u, %u+%u, %u+%u, %u+%u", n, s[0].off, s[0].len,
			s[1].off, s[1].len, s[2].off, s[2].len, s[3].off, s[3].len);
		goto out;
	}
	if (!gt_joined_in_place(&napi, dev, &tap, f, s, "moves failing, in place"))
		goto out;
	WRITE_ONCE(gro_fail_grows, NULL);

	/* Switched off: every frame goes up alone. */
	WRITE_ONCE(gro_enabled, 0);
	if (gt_feed_stream(&napi, dev, f, 1, 3, 1000))
		goto out;
	n = gt_collect(&tap, s, 64);
	if (n != 3) {
		st_diag("gro off: %d up", n);
		goto out;
	}
	err = 0;
out:
	WRITE_ONCE(gro_fail_grows, NULL);
	WRITE_ONCE(gro_enabled, saved);
	napi_gro_flush(&napi);
	dev_remove_pack(&tap.pt);
	gt_collect(&tap, s, 0);
	netif_napi_del(&napi);
	unregister_netdev(dev);
	free_netdev(dev);
	ST_ASSERT(err == 0, "see the lines above");
	return 0;
}

DEFINE_SELFTEST("gro: TCP segments joined into runs, and what ends one", gro_test_runs);
