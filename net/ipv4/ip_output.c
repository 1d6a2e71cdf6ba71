// SPDX-License-Identifier: GPL-2.0-only
/*
 * IPv4 output (RFC 791, RFC 1122 3.2.1/3.3): route a transport segment,
 * put the IP header in front of it, fragment it when it is larger than
 * the path MTU and DF is clear, and hand it to ARP for the next hop.
 * A GSO packet (TCP's up-to-64 KiB burst, skb_is_gso()) is never
 * fragmented: it goes down whole when each segment it stands for fits
 * the MTU, and the device or dev_queue_xmit() cuts it.
 *
 * Packets to one of our own addresses go through the loopback device
 * (the route says RTN_LOCAL); broadcasts go to the link broadcast address
 * of the interface the route picked.  The Identification field comes
 * from one counter started at a random value (RFC 6864 only asks that it
 * not repeat too soon for one source/destination pair).
 *
 * Interface: ip_send_skb()/ip_queue_xmit() of <net/ip.h>,
 * ip_send_prebuilt() for raw IP_HDRINCL packets.
 *
 * Locking: none (the ID counter is atomic); process context.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/random.h>
#include <linux/netdevice.h>
#include <net/ip.h>
#include <net/arp.h>
#include <net/route.h>
#include <net/inet_sock.h>
#include <uapi/linux/tcp.h>

int sysctl_ip_default_ttl = IPDEFTTL;
int sysctl_ip_no_pmtu_disc;
int sysctl_ip_forward;

static atomic_t ip_ident;

u16 ip_next_id(void)
{
	return (u16)atomic_inc_return(&ip_ident);
}

/* Hand a finished datagram (data at the IP header) to the link layer. */
static int ip_finish_output(struct sk_buff *skb, const struct ip_route *rt)
{
	__be32 nexthop = rt->gateway;

	if (rt->type == RTN_BROADCAST)
		nexthop = htonl(INADDR_BROADCAST);
	skb->protocol = htons(ETH_P_IP);
	return arp_output(skb, rt->dev, nexthop);
}

/*
 * Cut @skb (data at a complete IP header) into fragments that fit @mtu
 * (RFC 791 3.2, "Fragmentation").  Consumes @skb.  Options: only those
 * with the copy bit go into the later fragments; we never send others
 * except with IP_HDRINCL, where the whole header is repeated.
 */
static int ip_fragment(struct sk_buff *skb, const struct ip_route *rt)
{
	const struct iphdr *iph = ip_hdr(skb);
	unsigned int hlen = iph->ihl * 4;
	unsigned int left = skb->len - hlen, off = 0;
	unsigned int chunk = (rt->mtu - hlen) & ~7u;
	u16 base_off = ntohs(iph->frag_off) & IP_OFFSET;
	bool more_after = iph->frag_off & htons(IP_MF);
	int err = 0, n = 0;

	if (rt->mtu < hlen + 8) {
		kfree_skb(skb);
		IP_INC_STATS(IPSTATS_MIB_FRAGFAILS);
		return -EMSGSIZE;
	}
	while (left) {
		unsigned int len = min(left, chunk);
		struct sk_buff *f;
		struct iphdr *fh;

		f = alloc_skb(MAX_HEADER_ROOM + hlen + len, GFP_ATOMIC);
		if (!f) {
			err = -ENOBUFS;
			break;
		}
		skb_reserve(f, MAX_HEADER_ROOM);
		skb_reset_network_header(f);
		fh = skb_put_data(f, iph, hlen);
		skb_put_data(f, skb->data + hlen + off, len);
		fh->tot_len = htons(hlen + len);
		fh->frag_off = (iph->frag_off & htons(IP_DF)) |
			       htons(base_off + off / 8);
		if (left > len || more_after)
			fh->frag_off |= htons(IP_MF);
		fh->check = 0;
		fh->check = ip_fast_csum(fh, fh->ihl);
		f->priority = skb->priority;
		f->mark = skb->mark;
		off += len;
		left -= len;
		n++;
		err = ip_finish_output(f, rt);
		if (err)
			break;
	}
	kfree_skb(skb);
	if (err) {
		IP_INC_STATS(IPSTATS_MIB_FRAGFAILS);
		return err;
	}
	IP_INC_STATS(IPSTATS_MIB_FRAGOKS);
	IP_ADD_STATS(IPSTATS_MIB_FRAGCREATES, n);
	return 0;
}

/* The IP length of each frame a GSO packet (data at the IP header) will be cut into. */
static unsigned int ip_gso_frame_len(const struct sk_buff *skb)
{
	const struct iphdr *iph = ip_hdr(skb);
	const struct tcphdr *th = (const struct tcphdr *)((const u8 *)iph + iph->ihl * 4);

	return iph->ihl * 4 + tcp_hdr_doff(th) * 4 + skb->gso_size;
}

/* Send a datagram whose header is complete (checksum included). */
static int ip_output_route(struct sk_buff *skb, const struct ip_route *rt)
{
	const struct iphdr *iph = ip_hdr(skb);

	IP_INC_STATS(IPSTATS_MIB_OUTREQUESTS);
	if (skb_is_gso(skb)) {
		/* Never fragmented: cut into segments that each fit, by the device or dev.c. */
		if (ip_gso_frame_len(skb) <= rt->mtu)
			return ip_finish_output(skb, rt);
		IP_INC_STATS(IPSTATS_MIB_FRAGFAILS);
		kfree_skb(skb);
		return -EMSGSIZE;
	}
	if (skb->len > rt->mtu) {
		/* Fragments carry pieces of one sum: it must be finished first. */
		if (skb_checksum_help(skb)) {
			kfree_skb(skb);
			return -EINVAL;
		}
		if (iph->frag_off & htons(IP_DF)) {
			IP_INC_STATS(IPSTATS_MIB_FRAGFAILS);
			kfree_skb(skb);
			return -EMSGSIZE;
		}
		return ip_fragment(skb, rt);
	}
	return ip_finish_output(skb, rt);
}

int ip_send_prebuilt(struct sk_buff *skb, const struct ip_route *rt, bool df_ok)
{
	struct iphdr *iph;

	skb_reset_network_header(skb);
	iph = ip_hdr(skb);
	/* raw(7): with IP_HDRINCL the kernel still fills tot_len, check, id if 0, saddr if 0 */
	iph->tot_len = htons(skb->len);
	if (!iph->id)
		iph->id = htons(ip_next_id());
	if (!iph->saddr)
		iph->saddr = rt->saddr;
	iph->check = 0;
	iph->check = ip_fast_csum(iph, iph->ihl);
	if (!df_ok && skb->len > rt->mtu && (iph->frag_off & htons(IP_DF))) {
		kfree_skb(skb);
		return -EMSGSIZE;
	}
	return ip_output_route(skb, rt);
}

int ip_send_skb(struct sock *sk, struct sk_buff *skb, const struct ip_out_params *p)
{
	struct ip_route rt;
	struct iphdr *iph;
	int err;

	err = ip_route_output(p->daddr, p->saddr, p->oif, &rt);
	if (err) {
		IP_INC_STATS(IPSTATS_MIB_OUTNOROUTES);
		kfree_skb(skb);
		return err;
	}
	if (p->dontroute && rt.gateway != p->daddr && rt.type == RTN_UNICAST) {
		/* SO_DONTROUTE: the destination must be on a directly attached net */
		ip_route_put(&rt);
		kfree_skb(skb);
		return -ENETUNREACH;
	}
	if (skb_cow_head(skb, sizeof(struct iphdr) + MAX_HEADER_ROOM / 2)) {
		ip_route_put(&rt);
		kfree_skb(skb);
		IP_INC_STATS(IPSTATS_MIB_OUTDISCARDS);
		return -ENOBUFS;
	}
	skb_reset_transport_header(skb);
	iph = skb_push(skb, sizeof(struct iphdr));
	skb_reset_network_header(skb);
	iph->version = 4;
	iph->ihl = 5;
	iph->tos = p->tos;
	iph->tot_len = htons(skb->len);
	iph->id = htons(ip_next_id());
	iph->frag_off = p->df ? htons(IP_DF) : 0;
	iph->ttl = p->ttl ? p->ttl : READ_ONCE(sysctl_ip_default_ttl);
	if (rt.type == RTN_MULTICAST && !p->ttl)
		iph->ttl = 1;	/* RFC 1112: multicast TTL defaults to 1 */
	iph->protocol = p->protocol;
	iph->saddr = p->saddr ? p->saddr : rt.saddr;
	iph->daddr = p->daddr ? p->daddr : rt.gateway;
	iph->check = 0;
	iph->check = ip_fast_csum(iph, iph->ihl);
	if (sk)
		skb->priority = sk->sk_priority;

	if (skb->len > rt.mtu && p->df && !skb_is_gso(skb)) {
		IP_INC_STATS(IPSTATS_MIB_OUTREQUESTS);
		IP_INC_STATS(IPSTATS_MIB_FRAGFAILS);
		ip_route_put(&rt);
		kfree_skb(skb);
		return -EMSGSIZE;
	}
	err = ip_output_route(skb, &rt);
	ip_route_put(&rt);
	/* a full device queue is not the sender's error for a datagram */
	return err == -ENOBUFS && sk && sk->sk_type != SOCK_STREAM ? 0 : err;
}

int ip_queue_xmit(struct sock *sk, struct sk_buff *skb)
{
	struct ip_out_params p;

	inet_out_params(sk, inet_sk(sk)->inet_daddr, sk->sk_protocol, &p);
	return ip_send_skb(sk, skb, &p);
}

void ip_output_init(void)
{
	atomic_set(&ip_ident, get_random_u32());
}
