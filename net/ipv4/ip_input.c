// SPDX-License-Identifier: GPL-2.0-only
/*
 * IPv4 input (RFC 791, RFC 1122 3.2.1): the ETH_P_IP packet handler.
 *
 * ip_rcv() checks what RFC 1122 3.2.1 asks a host to check - version,
 * header length, header checksum, total length - trims link padding,
 * walks the options (dropping source-routed packets: a host does not
 * forward), drops martian sources, and decides by the destination whether
 * the packet is ours (local, broadcast, multicast).  A host does not
 * forward (net.ipv4.ip_forward is 0): anything else is counted and
 * dropped.  Fragments go to ip_defrag(); whole datagrams to
 * ip_local_deliver(), which gives raw sockets a copy and the registered
 * transport the packet, or answers ICMP protocol unreachable.
 *
 * Interface: <net/ip.h> (inet_add_protocol, ip_local_deliver).
 *
 * Locking: none of its own - the protocol table is set at boot (writers
 * use cmpxchg); runs in the netrx threads (process context).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/netdevice.h>
#include <linux/inetdevice.h>
#include <net/ip.h>
#include <net/raw.h>
#include <net/icmp.h>
#include <uapi/linux/icmp.h>

static const struct net_protocol *inet_protos[256];

int inet_add_protocol(const struct net_protocol *prot, u8 protocol)
{
	return cmpxchg(&inet_protos[protocol], NULL, prot) ? -EEXIST : 0;
}

int inet_del_protocol(const struct net_protocol *prot, u8 protocol)
{
	return cmpxchg(&inet_protos[protocol], prot, NULL) == prot ? 0 : -ENOENT;
}

const struct net_protocol *inet_get_protocol(u8 protocol)
{
	return READ_ONCE(inet_protos[protocol]);
}

void ip_local_deliver(struct sk_buff *skb)
{
	const struct iphdr *iph = ip_hdr(skb);
	const struct net_protocol *prot;
	unsigned int hlen = iph->ihl * 4;
	u8 protocol = iph->protocol;
	bool raw_took;

	/* raw sockets see the whole datagram, IP header included */
	raw_took = raw_local_deliver(skb, protocol);

	skb_pull(skb, hlen);
	skb_reset_transport_header(skb);
	prot = inet_get_protocol(protocol);
	if (prot) {
		IP_INC_STATS(IPSTATS_MIB_INDELIVERS);
		prot->handler(skb);
		return;
	}
	if (raw_took) {
		IP_INC_STATS(IPSTATS_MIB_INDELIVERS);
	} else {
		IP_INC_STATS(IPSTATS_MIB_INUNKNOWNPROTOS);
		if (IPCB(skb)->route_type == RTN_LOCAL)
			icmp_send(skb, ICMP_DEST_UNREACH, ICMP_PROT_UNREACH, 0);
	}
	consume_skb(skb);
}

/*
 * Walk the options (RFC 791 3.1): each is a type byte, then for all but
 * END and NOOP a length byte counting both.  Returns 0, or -1 for a
 * malformed list or source routing (which a host must not act on here).
 */
static int ip_check_options(const u8 *opt, int len)
{
	while (len > 0) {
		u8 type = opt[0], olen;

		if (type == IPOPT_END)
			return 0;
		if (type == IPOPT_NOOP) {
			opt++;
			len--;
			continue;
		}
		if (len < 2)
			return -1;
		olen = opt[1];
		if (olen < 2 || olen > len)
			return -1;
		if (type == IPOPT_LSRR || type == IPOPT_SSRR)
			return -1;
		opt += olen;
		len -= olen;
	}
	return 0;
}

static bool martian_source(__be32 saddr, const struct net_device *dev)
{
	u32 s = ntohl(saddr);

	if ((s & 0xf0000000) == 0xe0000000 || s == INADDR_BROADCAST)
		return true;
	if ((s >> 24) == IN_LOOPBACKNET && !(dev->flags & IFF_LOOPBACK))
		return true;
	return false;
}

static int ip_rcv(struct sk_buff *skb, struct net_device *dev, struct packet_type *pt)
{
	const struct iphdr *iph;
	unsigned int hlen, tot;
	int type;

	if (skb->pkt_type == PACKET_OTHERHOST)
		goto drop;
	/* the sender's account ends here (loopback hands us its skb) */
	skb_orphan(skb);
	IP_INC_STATS(IPSTATS_MIB_INRECEIVES);

	if (!pskb_may_pull(skb, sizeof(struct iphdr)))
		goto hdr_error;
	skb_reset_network_header(skb);
	iph = ip_hdr(skb);
	hlen = iph->ihl * 4;
	if (iph->version != 4 || iph->ihl < 5 || !pskb_may_pull(skb, hlen))
		goto hdr_error;
	if (ip_fast_csum(iph, iph->ihl))
		goto hdr_error;
	tot = ntohs(iph->tot_len);
	if (tot > skb->len || tot < hlen)
		goto hdr_error;
	skb_trim(skb, tot);	/* Ethernet pads short frames */
	if (hlen > sizeof(struct iphdr) &&
	    ip_check_options((const u8 *)(iph + 1), hlen - sizeof(struct iphdr)))
		goto hdr_error;
	if (martian_source(iph->saddr, dev))
		goto addr_error;

	type = ip_route_input_type(iph->daddr, iph->saddr, dev);
	if (type != RTN_LOCAL && type != RTN_BROADCAST && type != RTN_MULTICAST)
		goto addr_error;	/* not for us and we do not forward */
	if (type != RTN_LOCAL && skb->pkt_type == PACKET_HOST && !(dev->flags & IFF_LOOPBACK) &&
	    iph->protocol == IPPROTO_TCP)
		goto addr_error;	/* link-unicast TCP to a broadcast address */

	memset(IPCB(skb), 0, sizeof(struct inet_skb_parm));
	IPCB(skb)->iif = dev->ifindex;
	IPCB(skb)->route_type = type;
	IPCB(skb)->spec_dst = type == RTN_LOCAL ? iph->daddr
						 : inet_select_addr(dev, iph->saddr, RT_SCOPE_UNIVERSE);
	skb->skb_iif = dev->ifindex;

	if (iph->frag_off & htons(IP_MF | IP_OFFSET)) {
		skb = ip_defrag(skb);
		if (!skb)
			return NET_RX_SUCCESS;
	}
	ip_local_deliver(skb);
	return NET_RX_SUCCESS;

hdr_error:
	IP_INC_STATS(IPSTATS_MIB_INHDRERRORS);
	goto drop;
addr_error:
	IP_INC_STATS(IPSTATS_MIB_INADDRERRORS);
drop:
	kfree_skb(skb);
	return NET_RX_DROP;
}

static struct packet_type ip_packet_type = {
	.type = htons(ETH_P_IP),
	.func = ip_rcv,
};

void ip_init(void)
{
	ipfrag_init();
	dev_add_pack(&ip_packet_type);
}
