// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self test of ARP on a fake Ethernet device whose driver keeps what it
 * is given: resolution (request out, reply in, the waiting packet sent to
 * the learned address), answering a request for our address and
 * remembering the asker, and giving up after three unanswered requests.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/delay.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/inetdevice.h>
#include <linux/selftest.h>
#include <net/ip.h>
#include <net/arp.h>
#include <uapi/linux/icmp.h>

struct arpt_priv {
	struct sk_buff_head sent;
};

static netdev_tx_t arpt_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct arpt_priv *p = netdev_priv(dev);

	skb_queue_tail(&p->sent, skb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops arpt_ops = {
	.ndo_start_xmit = arpt_xmit,
};

static void arpt_setup(struct net_device *dev)
{
	ether_setup(dev);
	dev->netdev_ops = &arpt_ops;
	memcpy(dev->dev_addr, "\x02\x00\x5e\x00\x00\x01", ETH_ALEN);
}

static const u8 peer_mac[ETH_ALEN] = { 0x02, 0x00, 0x5e, 0x00, 0x00, 0x02 };

static __be32 tnet(u8 host)
{
	return htonl(0xc0000200 | host);	/* 192.0.2.host, TEST-NET-1 */
}

/* An IPv4 packet from us to @dst (protocol 253, experimentation). */
static struct sk_buff *arpt_ip_packet(__be32 dst)
{
	struct sk_buff *skb = alloc_skb_with_headroom(28, GFP_KERNEL);
	struct iphdr *iph;

	if (!skb)
		return NULL;
	skb_reset_network_header(skb);
	iph = skb_put_zero(skb, 28);
	iph->version = 4;
	iph->ihl = 5;
	iph->tot_len = htons(28);
	iph->ttl = 64;
	iph->protocol = 253;
	iph->saddr = tnet(1);
	iph->daddr = dst;
	iph->check = ip_fast_csum(iph, 5);
	return skb;
}

/* Hand the stack an ARP packet as if it came in on @dev. */
static void arpt_receive(struct net_device *dev, u16 op, const u8 *sha, __be32 sip,
			 const u8 *tha, __be32 tip)
{
	struct sk_buff *skb = alloc_skb(128, GFP_KERNEL);
	struct ethhdr *eh;
	struct arphdr *ah;
	u8 *p;

	if (!skb)
		return;
	eh = skb_put(skb, sizeof(*eh));
	memcpy(eh->h_dest, tha ? tha : dev->broadcast, ETH_ALEN);
	memcpy(eh->h_source, sha, ETH_ALEN);
	eh->h_proto = htons(ETH_P_ARP);
	ah = skb_put(skb, sizeof(*ah));
	ah->ar_hrd = htons(ARPHRD_ETHER);
	ah->ar_pro = htons(ETH_P_IP);
	ah->ar_hln = ETH_ALEN;
	ah->ar_pln = 4;
	ah->ar_op = htons(op);
	p = skb_put_zero(skb, 20);
	memcpy(p, sha, ETH_ALEN);
	memcpy(p + 6, &sip, 4);
	if (tha)
		memcpy(p + 10, tha, ETH_ALEN);
	memcpy(p + 16, &tip, 4);
	skb->protocol = eth_type_trans(skb, dev);
	netif_receive_skb(skb);
}

struct arpt_find {
	__be32 ip;
	struct arp_entry_info info;
	bool found;
};

static int arpt_match(const struct arp_entry_info *e, void *arg)
{
	struct arpt_find *f = arg;

	if (e->ip != f->ip)
		return 0;
	f->info = *e;
	f->found = true;
	return 1;
}

static u16 arpt_state(__be32 ip)
{
	struct arpt_find f = { .ip = ip };

	arp_for_each(arpt_match, &f);
	return f.found ? f.info.state : 0;
}

/* Take the next frame the driver got; its EtherType and payload start. */
static struct sk_buff *arpt_next(struct net_device *dev, u16 *type, u8 **payload)
{
	struct arpt_priv *p = netdev_priv(dev);
	struct sk_buff *skb = skb_dequeue(&p->sent);

	if (skb) {
		*type = ntohs(((struct ethhdr *)skb->data)->h_proto);
		*payload = skb->data + ETH_HLEN;
	}
	return skb;
}

static int arp_resolution_test(void)
{
	struct net_device *dev = alloc_netdev(sizeof(struct arpt_priv), "arpt%d", arpt_setup);
	struct arpt_priv *p;
	struct sk_buff *skb;
	int requests = 0, ret = -1;
	u16 type;
	u8 *pl;

	ST_ASSERT(dev, "alloc_netdev");
	p = netdev_priv(dev);
	skb_queue_head_init(&p->sent);
	if (register_netdev(dev)) {
		free_netdev(dev);
		return -1;
	}
	rtnl_lock();
	if (dev_change_flags(dev, dev->flags | IFF_UP) ||
	    inet_addr_add(dev, tnet(1), 24, tnet(255), NULL)) {
		rtnl_unlock();
		st_diag("cannot bring the device up with 192.0.2.1/24");
		goto out;
	}
	rtnl_unlock();

	/* 1. a packet for an unknown neighbour waits; a broadcast request goes out */
	arp_output(arpt_ip_packet(tnet(2)), dev, tnet(2));
	skb = arpt_next(dev, &type, &pl);
	if (!skb || type != ETH_P_ARP || !is_broadcast_ether_addr(skb->data) ||
	    pl[7] != ARPOP_REQUEST || memcmp(pl + 24, "\xc0\x00\x02\x02", 4) ||
	    memcmp(pl + 14, "\xc0\x00\x02\x01", 4)) {
		st_diag("no well-formed request for 192.0.2.2");
		kfree_skb(skb);
		goto out;
	}
	kfree_skb(skb);
	if (arpt_state(tnet(2)) != NUD_INCOMPLETE) {
		st_diag("state %#x, want INCOMPLETE", arpt_state(tnet(2)));
		goto out;
	}

	/* 2. the reply releases it to the learned address */
	arpt_receive(dev, ARPOP_REPLY, peer_mac, tnet(2), dev->dev_addr, tnet(1));
	skb = arpt_next(dev, &type, &pl);
	if (!skb || type != ETH_P_IP || memcmp(skb->data, peer_mac, ETH_ALEN)) {
		st_diag("the waiting packet did not go to the learned address");
		kfree_skb(skb);
		goto out;
	}
	kfree_skb(skb);
	if (arpt_state(tnet(2)) != NUD_REACHABLE) {
		st_diag("state %#x, want REACHABLE", arpt_state(tnet(2)));
		goto out;
	}

	/* 3. a request for our address is answered, and the asker remembered */
	arpt_receive(dev, ARPOP_REQUEST, peer_mac, tnet(3), NULL, tnet(1));
	skb = arpt_next(dev, &type, &pl);
	if (!skb || type != ETH_P_ARP || pl[7] != ARPOP_REPLY ||
	    memcmp(skb->data, peer_mac, ETH_ALEN) || memcmp(pl + 8, dev->dev_addr, ETH_ALEN)) {
		st_diag("no reply to a request for 192.0.2.1");
		kfree_skb(skb);
		goto out;
	}
	kfree_skb(skb);
	if (arpt_state(tnet(3)) != NUD_STALE) {
		st_diag("asker state %#x, want STALE", arpt_state(tnet(3)));
		goto out;
	}
	/* a request for someone else teaches nothing new */
	arpt_receive(dev, ARPOP_REQUEST, peer_mac, tnet(4), NULL, tnet(5));
	if (arpt_state(tnet(4)) || skb_queue_len(&p->sent)) {
		st_diag("a request for another host was acted on");
		goto out;
	}

	/* 4. nobody answers: three requests a second apart, then FAILED */
	arp_output(arpt_ip_packet(tnet(9)), dev, tnet(9));
	for (int i = 0; i < 45 && arpt_state(tnet(9)) != NUD_FAILED; i++)
		msleep(100);
	while ((skb = arpt_next(dev, &type, &pl)) != NULL) {
		if (type == ETH_P_ARP && !memcmp(pl + 24, "\xc0\x00\x02\x09", 4))
			requests++;
		kfree_skb(skb);
	}
	if (arpt_state(tnet(9)) != NUD_FAILED || requests != 3) {
		st_diag("state %#x after %d requests, want FAILED after 3",
			arpt_state(tnet(9)), requests);
		goto out;
	}
	ret = 0;
out:
	unregister_netdev(dev);
	if (arpt_state(tnet(2)) || arpt_state(tnet(9))) {
		st_diag("entries outlived their device");
		ret = -1;
	}
	skb_queue_purge(&p->sent);
	free_netdev(dev);
	return ret;
}
DEFINE_SELFTEST("ipv4: ARP resolution, answers and failure on a fake device",
		arp_resolution_test);

/* ------------------------------------------------- malformed input */

/* One random packet from 192.0.2.7 to us: a plausible start, then damage. */
static struct sk_buff *fuzz_packet(struct net_device *dev, u32 r)
{
	static const u8 protos[] = { IPPROTO_ICMP, IPPROTO_UDP, IPPROTO_TCP, 253 };
	unsigned int len = 20 + get_random_u32_below(r & 1 ? 1600 : 96);
	struct sk_buff *skb = alloc_skb(MAX_HEADER_ROOM + len, GFP_KERNEL);
	struct iphdr *iph;
	u8 *p;

	if (!skb)
		return NULL;
	skb_reserve(skb, MAX_HEADER_ROOM);
	p = skb_put(skb, len);
	get_random_bytes(p, len);
	iph = (struct iphdr *)p;
	if (r & 2) {
		/* mostly sane header, so that the layers above are reached */
		iph->version = 4;
		iph->ihl = (r & 0x30) ? 5 : 5 + (r >> 8) % 11;
		if (iph->ihl * 4 > len)
			iph->ihl = 5;
		iph->tot_len = htons((r & 4) ? len : (u16)(len + (int)(r >> 16) % 64 - 32));
		iph->protocol = protos[(r >> 4) & 3];
		iph->saddr = tnet(7);
		iph->daddr = (r & 8) ? tnet(1) : tnet(255);
		if (!(r & 0x40))
			iph->frag_off &= htons(IP_MF | IP_OFFSET);
		if (!(r & 0x80))
			iph->frag_off = 0;
		if (iph->protocol == IPPROTO_ICMP && len >= 20 + 8 + 28 && (r & 0x100)) {
			/* an ICMP error quoting something we might have sent */
			u8 *ih = p + iph->ihl * 4;

			if (iph->ihl * 4 + 36 <= len) {
				ih[0] = (r & 0x200) ? ICMP_DEST_UNREACH : ICMP_TIME_EXCEEDED;
				ih[8] = 0x40 | (ih[8] & 0xf);
				memcpy(ih + 8 + 12, &iph->daddr, 4);
			}
		}
		iph->check = 0;
		if (r & 0x400)
			iph->check = ip_fast_csum(iph, iph->ihl);
	}
	skb->dev = dev;
	skb->protocol = htons(ETH_P_IP);
	skb->pkt_type = PACKET_HOST;
	skb_reset_network_header(skb);
	return skb;
}

static int ip_fuzz_test(void)
{
	struct net_device *dev = alloc_netdev(sizeof(struct arpt_priv), "ipfz%d", arpt_setup);
	struct arpt_priv *p;
	u16 dummy_type;
	u8 *dummy;
	int ret = 0;

	ST_ASSERT(dev, "alloc_netdev");
	p = netdev_priv(dev);
	skb_queue_head_init(&p->sent);
	if (register_netdev(dev)) {
		free_netdev(dev);
		return -1;
	}
	rtnl_lock();
	if (dev_change_flags(dev, dev->flags | IFF_UP) ||
	    inet_addr_add(dev, tnet(1), 24, tnet(255), NULL))
		ret = -1;
	rtnl_unlock();
	/* the peer is known, so that answers go out without waiting */
	if (!ret)
		ret = arp_entry_set(dev, tnet(7), peer_mac, NUD_PERMANENT);

	for (int i = 0; i < 20000 && !ret; i++) {
		struct sk_buff *skb = fuzz_packet(dev, get_random_u32());

		if (skb)
			netif_receive_skb(skb);
		if (!(i & 255)) {
			struct sk_buff *s;

			while ((s = arpt_next(dev, &dummy_type, &dummy)) != NULL)
				kfree_skb(s);
			cond_resched();
		}
	}
	ipfrag_expire_all();
	if (!ret && (ipfrag_queue_count() || ipfrag_mem_used())) {
		st_diag("reassembly holds %d queues, %d bytes", ipfrag_queue_count(),
			ipfrag_mem_used());
		ret = -1;
	}
	unregister_netdev(dev);
	skb_queue_purge(&p->sent);
	free_netdev(dev);
	return ret;
}
DEFINE_SELFTEST("ipv4: 20000 random malformed datagrams on a fake device", ip_fuzz_test);
