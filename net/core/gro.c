// SPDX-License-Identifier: GPL-2.0-only
/*
 * Receive coalescing (GRO in Linux's terms): a NAPI driver hands its
 * frames to napi_gro_receive() instead of netif_receive_skb(), and runs of
 * in-order TCP/IPv4 segments of one connection are joined into one larger
 * segment before IP and TCP see them.  A stream then costs the stack one
 * trip through IP, one socket lock, one reader wake-up and one ACK decision
 * per run instead of per frame; under TCG that is most of a receiver's
 * time (Documentation/networking/gro.md has the measurements).
 *
 * Unlike Linux, whose GRO chains the frames' pages, Tidewater's skbs are
 * linear: the first segment of a run stays in the driver's buffer, and the
 * payloads that follow are copied behind it while its tailroom lasts (a
 * page-sized virtio buffer takes a second segment); then the run moves
 * into a new 16 KiB skb (skb_copy_expand(): the driver's headroom and
 * metadata come along), and from that once into a 64 KiB one.  The
 * joined frames' buffers are freed.  A failed allocation ends the run
 * (the frames go up one by one).  Those allocations are a convenience
 * with a fallback, made in the receive path while the page cache may
 * have taken nearly all memory (a 64 KiB area is an order-4 block): they
 * neither dip into the emergency reserve, which the drivers' ring refills
 * need, nor print a failure report.
 *
 * What joins a run (everything else ends it and goes up alone):
 *   - IPv4 without options or fragmentation, a header checksum that is
 *     right, TCP with only ACK (and PSH) set and a payload, a TCP
 *     checksum the device vouched for (CHECKSUM_UNNECESSARY) or that is
 *     verified here; addressed to this host (PACKET_HOST);
 *   - the same addresses, ports, TOS, TTL, DF, ACK number, window and TCP
 *     option bytes as the run's first segment; the sequence number right
 *     after the run's last byte; no more payload than the first segment
 *     carried (a shorter one is the run's last), no PSH before it (a PSH
 *     segment is the run's last), and at most 64 KiB in all.
 * The joined segment has the first one's headers with the IP length and
 * header checksum rewritten and PSH if any part had it; it is marked
 * CHECKSUM_UNNECESSARY.  The interface counters keep counting wire
 * frames (the driver counts them); taps (packet sockets) see the joined
 * segment, as on Linux.
 *
 * Interface: napi_gro_receive() from ->poll; napi_gro_flush() delivers
 * what is held.  netrx.c flushes in napi_complete_done() and when a poll
 * used its whole budget, so nothing is held once a context leaves its
 * poller.  The receive fault knobs (rx_fault.c) act on the wire frames
 * before any joining; loopback frames are never joined.  Debugfs net/gro
 * (1, the default: on; 0: every frame goes up alone, for comparisons; the
 * file is rx_fault.c's) and net/gro_stats (runs, frames joined, failed
 * allocations).
 *
 * Locking: the held run (napi->gro_*) belongs to whoever holds the NAPI
 * context's SCHED bit, like the driver's rings.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <uapi/linux/ip.h>
#include <uapi/linux/in.h>
#include <uapi/linux/tcp.h>
#include <net/checksum.h>
#include "dev.h"

/* The joined skb's area: first size, and the one it grows to once. */
#define GRO_AREA_FIRST		(16 * 1024)
#define GRO_AREA_MAX		(64 * 1024)
/* An IPv4 datagram's largest total length. */
#define GRO_IP_MAX		0xffff

unsigned int gro_enabled = 1;		/* debugfs net/gro (rx_fault.c) */
struct napi_struct *gro_fail_grows;	/* self tests: this context's moves fail */
static atomic_long_t gro_runs, gro_joined, gro_grow_failed;

/* How a run's larger area is allocated: see the top of the file. */
#define GRO_AREA_GFP		(GFP_NOWAIT | __GFP_NOWARN)

/* A candidate's headers, as found in its skb (for a held run: the whole run). */
struct gro_seg {
	struct iphdr *iph;
	struct tcphdr *th;
	unsigned int thlen;	/* TCP header with options */
	unsigned int payload;	/* TCP payload bytes */
};

static bool gro_parse(struct sk_buff *skb, struct gro_seg *s)
{
	struct iphdr *iph;
	struct tcphdr *th;
	unsigned int tot;

	if (skb->protocol != htons(ETH_P_IP) || skb->pkt_type != PACKET_HOST ||
	    skb->len < sizeof(*iph) + sizeof(*th) || !skb_mac_header_was_set(skb))
		return false;
	iph = (struct iphdr *)skb->data;
	if (iph->version != 4 || iph->ihl != 5 || iph->protocol != IPPROTO_TCP ||
	    (iph->frag_off & htons(IP_MF | IP_OFFSET)))
		return false;
	tot = ntohs(iph->tot_len);
	if (tot != skb->len || ip_fast_csum(iph, iph->ihl))
		return false;
	th = (struct tcphdr *)(iph + 1);
	s->thlen = tcp_hdr_doff(th) * 4;
	if (s->thlen < sizeof(*th) || sizeof(*iph) + s->thlen >= tot)
		return false;
	if ((th->flags & ~TCPHDR_PSH) != TCPHDR_ACK)
		return false;
	if (skb->ip_summed != CHECKSUM_UNNECESSARY) {
		/* Checked here instead of in TCP; a bad one goes up for TCP to count. */
		if (csum_tcpudp_magic(iph->saddr, iph->daddr, tot - sizeof(*iph), IPPROTO_TCP,
				      csum_partial(th, tot - sizeof(*iph), 0)))
			return false;
		skb->ip_summed = CHECKSUM_UNNECESSARY;
	}
	s->iph = iph;
	s->th = th;
	s->payload = tot - sizeof(*iph) - s->thlen;
	return true;
}

/* Does @s continue the run held in @napi (whose headers and payload are @h)? */
static bool gro_continues(const struct napi_struct *napi, const struct gro_seg *h,
			  const struct gro_seg *s)
{
	const struct iphdr *a = h->iph, *b = s->iph;
	const struct tcphdr *x = h->th, *y = s->th;

	if (!napi->gro_open || (x->flags & TCPHDR_PSH) || s->payload > napi->gro_mss)
		return false;
	if (a->saddr != b->saddr || a->daddr != b->daddr || a->tos != b->tos ||
	    a->ttl != b->ttl || a->frag_off != b->frag_off)
		return false;
	if (x->source != y->source || x->dest != y->dest || x->ack_seq != y->ack_seq ||
	    x->window != y->window || h->thlen != s->thlen ||
	    memcmp(x + 1, y + 1, s->thlen - sizeof(*x)))
		return false;
	if (ntohl(y->seq) != ntohl(x->seq) + h->payload)
		return false;
	return sizeof(*a) + h->thlen + h->payload + s->payload <= GRO_IP_MAX;
}

/*
 * Make room for @need more bytes behind the held run: its own tailroom,
 * else a move into a fresh skb of 16 KiB, or 64 KiB if that is too small
 * or already what it has.  False if it cannot (no memory, or more than
 * 64 KiB); the run is then left as it was.
 */
static bool gro_make_room(struct napi_struct *napi, unsigned int need)
{
	struct sk_buff *old = napi->gro_skb, *skb = NULL;
	unsigned int used = skb_headroom(old) + old->len, area;

	if (skb_tailroom(old) >= need)
		return true;
	area = used + need <= GRO_AREA_FIRST && old->size < GRO_AREA_FIRST ? GRO_AREA_FIRST
									   : GRO_AREA_MAX;
	if (used + need > area)
		return false;
	/* The same headroom (the Ethernet header is in it), the rest as tailroom. */
	if (likely(READ_ONCE(gro_fail_grows) != napi))
		skb = skb_copy_expand(old, 0, area - used, GRO_AREA_GFP);
	if (!skb) {
		atomic_long_inc(&gro_grow_failed);
		return false;
	}
	consume_skb(old);
	napi->gro_skb = skb;
	return true;
}

/* Append @skb's payload to the held run; false (nothing changed) if it cannot. */
static bool gro_append(struct napi_struct *napi, struct sk_buff *skb, const struct gro_seg *s)
{
	if (!gro_make_room(napi, s->payload))
		return false;
	skb_put_data(napi->gro_skb, (const u8 *)s->th + s->thlen, s->payload);
	if (s->th->flags & TCPHDR_PSH) {
		struct tcphdr *th = (struct tcphdr *)(napi->gro_skb->data + sizeof(struct iphdr));

		th->flags |= TCPHDR_PSH;
	}
	napi->gro_segs++;
	napi->gro_open = s->payload == napi->gro_mss;
	consume_skb(skb);
	return true;
}

void napi_gro_flush(struct napi_struct *napi)
{
	struct sk_buff *skb = napi->gro_skb;

	if (!skb)
		return;
	napi->gro_skb = NULL;
	if (napi->gro_segs > 1) {
		struct iphdr *iph = (struct iphdr *)skb->data;

		iph->tot_len = htons(skb->len);
		iph->check = 0;
		iph->check = ip_fast_csum(iph, iph->ihl);
		atomic_long_inc(&gro_runs);
		atomic_long_add(napi->gro_segs, &gro_joined);
	}
	__netif_receive_skb(skb);
}

/* Start a run with @skb (already parsed into @s): it is held, not copied. */
static void gro_hold(struct napi_struct *napi, struct sk_buff *skb, const struct gro_seg *s)
{
	napi->gro_skb = skb;
	napi->gro_mss = s->payload;
	napi->gro_segs = 1;
	napi->gro_open = true;
}

static void gro_one(struct napi_struct *napi, struct sk_buff *skb)
{
	struct gro_seg s, h;

	if (!gro_parse(skb, &s)) {
		napi_gro_flush(napi);
		__netif_receive_skb(skb);
		return;
	}
	if (napi->gro_skb) {
		struct sk_buff *held = napi->gro_skb;

		h.iph = (struct iphdr *)held->data;
		h.th = (struct tcphdr *)(h.iph + 1);
		h.thlen = tcp_hdr_doff(h.th) * 4;
		h.payload = held->len - sizeof(*h.iph) - h.thlen;
		if (gro_continues(napi, &h, &s) && gro_append(napi, skb, &s))
			return;
		napi_gro_flush(napi);
	}
	gro_hold(napi, skb, &s);
}

int napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb)
{
	struct sk_buff *out[2];
	int n;

	if (!READ_ONCE(gro_enabled) || (skb->dev->flags & IFF_LOOPBACK)) {
		napi_gro_flush(napi);
		return netif_receive_skb(skb);
	}
	/* The fault knobs act on wire frames, before any joining. */
	n = rx_fault_apply(skb, out);
	for (int i = 0; i < n; i++)
		gro_one(napi, out[i]);
	return n ? NET_RX_SUCCESS : NET_RX_DROP;
}

static int gro_stats_show(struct seq_file *m, void *unused)
{
	seq_printf(m, "runs %ld\nframes %ld\ngrow_failed %ld\n", atomic_long_read(&gro_runs),
		   atomic_long_read(&gro_joined), atomic_long_read(&gro_grow_failed));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(gro_stats);

void __init gro_debugfs_init(struct dentry *dir)
{
	debugfs_create_file("gro_stats", 0444, dir, NULL, &gro_stats_fops);
}
