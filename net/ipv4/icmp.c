// SPDX-License-Identifier: GPL-2.0-only
/*
 * ICMP for a host (RFC 792, RFC 1122 3.2.2).
 *
 * Receiving: echo requests are answered (unless net.ipv4.
 * icmp_echo_ignore_all, or icmp_echo_ignore_broadcasts for a broadcast
 * or multicast request); errors - destination unreachable, time exceeded,
 * parameter problem, source quench - are handed to the err_handler of
 * the transport named in the quoted header, and "fragmentation needed"
 * also teaches the path MTU (RFC 1191).  Everything else is only counted;
 * raw sockets (ping) got their copy before we run.
 *
 * Sending errors (icmp_send): never about an ICMP error, a datagram sent
 * to a broadcast or multicast address, a fragment other than the first,
 * or a packet whose source is not a single host (RFC 1122 3.2.2).  The
 * message quotes the offending header and as much of the data as fits in
 * 576 bytes.  A token bucket limits errors to net.ipv4.icmp_msgs_per_sec
 * (burst icmp_msgs_burst); loopback is not limited, as in Linux.
 *
 * Interface: icmp_send() (<net/ip.h>), icmp_rcv and the sysctls
 * (<net/icmp.h>).
 *
 * Locking: the rate limiter's spinlock; nothing else is shared.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include <linux/netdevice.h>
#include <linux/inetdevice.h>
#include <net/ip.h>
#include <net/icmp.h>
#include <net/route.h>
#include <uapi/linux/icmp.h>

int sysctl_icmp_echo_ignore_all;
int sysctl_icmp_echo_ignore_broadcasts = 1;
int sysctl_icmp_ratelimit = 1000;	/* ms (kept for the sysctl) */
int sysctl_icmp_msgs_per_sec = 1000;
int sysctl_icmp_msgs_burst = 50;

atomic64_t icmp_mib[ICMP_MIB_MAX];
atomic64_t icmp_in_type[256], icmp_out_type[256];

static DEFINE_SPINLOCK(icmp_bucket_lock);
static unsigned long icmp_bucket_stamp;
static int icmp_bucket_tokens = -1;

static bool icmp_rate_allow(void)
{
	bool ok;
	unsigned long now = jiffies;

	spin_lock(&icmp_bucket_lock);
	if (icmp_bucket_tokens < 0) {
		icmp_bucket_tokens = READ_ONCE(sysctl_icmp_msgs_burst);
		icmp_bucket_stamp = now;
	}
	if (now != icmp_bucket_stamp) {
		long add = (long)(now - icmp_bucket_stamp) * READ_ONCE(sysctl_icmp_msgs_per_sec) / HZ;

		if (add > 0) {
			icmp_bucket_tokens = min_t(long, icmp_bucket_tokens + add,
						   READ_ONCE(sysctl_icmp_msgs_burst));
			icmp_bucket_stamp = now;
		}
	}
	ok = icmp_bucket_tokens > 0;
	if (ok)
		icmp_bucket_tokens--;
	spin_unlock(&icmp_bucket_lock);
	return ok;
}

static bool icmp_type_is_error(u8 type)
{
	switch (type) {
	case ICMP_DEST_UNREACH:
	case ICMP_SOURCE_QUENCH:
	case ICMP_REDIRECT:
	case ICMP_TIME_EXCEEDED:
	case ICMP_PARAMETERPROB:
		return true;
	default:
		return false;
	}
}

/* Build an ICMP message (@hdr, then @len bytes of @body) and send it to @daddr. */
static int icmp_push_reply(const struct icmphdr *hdr, const void *body, unsigned int len,
			   __be32 saddr, __be32 daddr, u8 tos, int oif)
{
	struct ip_out_params p = {
		.saddr = saddr, .daddr = daddr, .protocol = IPPROTO_ICMP, .tos = tos,
		.oif = oif,
	};
	struct icmphdr *ih;
	struct sk_buff *skb;

	skb = alloc_skb_with_headroom(sizeof(*hdr) + len, GFP_ATOMIC);
	if (!skb)
		return -ENOBUFS;
	ih = skb_put_data(skb, hdr, sizeof(*hdr));
	skb_put_data(skb, body, len);
	ih->checksum = 0;
	ih->checksum = csum_fold(csum_partial(skb->data, skb->len, 0));
	ICMP_INC_STATS(ICMP_MIB_OUTMSGS);
	ICMPMSG_OUT_INC(hdr->type);
	return ip_send_skb(NULL, skb, &p);
}

void icmp_send(struct sk_buff *skb_in, int type, int code, __be32 info)
{
	const struct iphdr *iph;
	struct icmphdr h;
	struct ip_route rt;
	unsigned int hlen, room, qlen, avail;
	const u8 *nh;
	__be32 saddr;
	u8 tos;
	int err;

	if (!skb_in || skb_in->network_header == SKB_HEADER_UNSET)
		return;
	nh = skb_network_header(skb_in);
	if (nh < skb_in->head || nh + sizeof(struct iphdr) > skb_tail_pointer(skb_in))
		return;
	iph = (const struct iphdr *)nh;
	hlen = iph->ihl * 4;
	if (hlen < sizeof(*iph) || nh + hlen > skb_tail_pointer(skb_in))
		return;
	avail = skb_tail_pointer(skb_in) - nh;

	/* RFC 1122 3.2.2: the cases where no error may be sent */
	if (iph->frag_off & htons(IP_OFFSET))
		return;
	if (IPCB(skb_in)->route_type == RTN_BROADCAST ||
	    IPCB(skb_in)->route_type == RTN_MULTICAST ||
	    inet_addr_is_broadcast(iph->daddr) ||
	    (ntohl(iph->daddr) & 0xf0000000) == 0xe0000000)
		return;
	if (!iph->saddr || inet_addr_is_broadcast(iph->saddr) ||
	    (ntohl(iph->saddr) & 0xf0000000) == 0xe0000000)
		return;
	if (iph->protocol == IPPROTO_ICMP) {
		const u8 *it = nh + hlen;

		if (it + 1 > skb_tail_pointer(skb_in) || icmp_type_is_error(*it))
			return;
	}

	/* reply from the address the packet was sent to, if it is ours */
	saddr = inet_addr_is_local(iph->daddr) ? iph->daddr : 0;
	if (ip_route_output(iph->saddr, saddr, 0, &rt))
		return;
	if (!saddr)
		saddr = rt.saddr;
	if (!(rt.dev->flags & IFF_LOOPBACK) && !icmp_rate_allow()) {
		ICMP_INC_STATS(ICMP_MIB_RATELIMITGLOBAL);
		ip_route_put(&rt);
		return;
	}
	ip_route_put(&rt);

	memset(&h, 0, sizeof(h));
	h.type = type;
	h.code = code;
	if (type == ICMP_DEST_UNREACH && code == ICMP_FRAG_NEEDED)
		h.un.frag.mtu = htons(ntohl(info));
	else if (type == ICMP_PARAMETERPROB)
		h.un.gateway = info;	/* pointer in the top byte */
	/* RFC 1812 4.3.2.3: as much of the datagram as fits in 576 bytes */
	room = 576 - sizeof(struct iphdr) - sizeof(h);
	qlen = min(avail, (unsigned int)ntohs(iph->tot_len));
	qlen = min(qlen, room);
	tos = (iph->tos & 0x1e) | 0xc0;	/* precedence "internetwork control" */
	err = icmp_push_reply(&h, iph, qlen, saddr, iph->saddr, tos, 0);
	if (err)
		ICMP_INC_STATS(ICMP_MIB_OUTERRORS);
}

static void icmp_echo(struct sk_buff *skb)
{
	const struct iphdr *iph = ip_hdr(skb);
	struct icmphdr h;
	u8 type = IPCB(skb)->route_type;
	__be32 saddr;

	if (READ_ONCE(sysctl_icmp_echo_ignore_all))
		return;
	if ((type == RTN_BROADCAST || type == RTN_MULTICAST) &&
	    READ_ONCE(sysctl_icmp_echo_ignore_broadcasts))
		return;
	memcpy(&h, skb->data, sizeof(h));
	h.type = ICMP_ECHOREPLY;
	saddr = type == RTN_LOCAL ? iph->daddr : IPCB(skb)->spec_dst;
	icmp_push_reply(&h, skb->data + sizeof(h), skb->len - sizeof(h), saddr, iph->saddr,
			iph->tos, 0);
}

static void icmp_error(struct sk_buff *skb, const struct icmphdr *ih)
{
	const struct iphdr *q;
	const struct net_protocol *prot;
	unsigned int qhlen;
	u32 info = 0;

	/* the quoted header and at least 8 bytes of its transport header */
	if (skb->len < sizeof(*ih) + sizeof(*q))
		goto bad;
	q = (const struct iphdr *)(skb->data + sizeof(*ih));
	qhlen = q->ihl * 4;
	if (q->version != 4 || qhlen < sizeof(*q) || skb->len < sizeof(*ih) + qhlen + 8)
		goto bad;
	/* only about datagrams we could have sent */
	if (!inet_addr_is_local(q->saddr))
		return;
	if (ih->type == ICMP_DEST_UNREACH && ih->code == ICMP_FRAG_NEEDED) {
		info = ntohs(ih->un.frag.mtu);
		if (info)
			ip_rt_update_pmtu(q->daddr, info);
	} else if (ih->type == ICMP_PARAMETERPROB) {
		info = ntohl(ih->un.gateway) >> 24;
	}
	prot = inet_get_protocol(q->protocol);
	if (prot && prot->err_handler)
		prot->err_handler(q, ih->type, ih->code, info);
	return;
bad:
	ICMP_INC_STATS(ICMP_MIB_INERRORS);
}

static int icmp_rcv(struct sk_buff *skb)
{
	struct icmphdr ih;

	ICMP_INC_STATS(ICMP_MIB_INMSGS);
	if (!pskb_may_pull(skb, sizeof(ih)))
		goto error;
	if (skb->ip_summed != CHECKSUM_UNNECESSARY &&
	    csum_fold(csum_partial(skb->data, skb->len, 0))) {
		ICMP_INC_STATS(ICMP_MIB_INCSUMERRORS);
		goto error;
	}
	memcpy(&ih, skb->data, sizeof(ih));
	ICMPMSG_IN_INC(ih.type);

	switch (ih.type) {
	case ICMP_ECHO:
		icmp_echo(skb);
		break;
	case ICMP_DEST_UNREACH:
	case ICMP_TIME_EXCEEDED:
	case ICMP_PARAMETERPROB:
	case ICMP_SOURCE_QUENCH:
		if (IPCB(skb)->route_type == RTN_LOCAL)
			icmp_error(skb, &ih);
		break;
	default:
		/* echo replies, redirects (a host may ignore them), the rest */
		break;
	}
	consume_skb(skb);
	return 0;
error:
	ICMP_INC_STATS(ICMP_MIB_INERRORS);
	kfree_skb(skb);
	return 0;
}

static const struct net_protocol icmp_protocol = {
	.handler = icmp_rcv,
};

void icmp_init(void)
{
	inet_add_protocol(&icmp_protocol, IPPROTO_ICMP);
}
