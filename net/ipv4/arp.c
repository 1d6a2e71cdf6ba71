// SPDX-License-Identifier: GPL-2.0-only
/*
 * ARP: IPv4 next-hop resolution on Ethernet (RFC 826; RFC 1122 2.3.2).
 *
 * The cache maps (device, IPv4 address) to a hardware address, with the
 * neighbour states of <net/arp.h>:
 *
 *   (none) --send--> INCOMPLETE --reply--> REACHABLE --timeout--> STALE
 *   INCOMPLETE --3 unanswered requests, 1 s apart--> FAILED
 *   STALE --used--> DELAY --5 s, no confirmation--> PROBE --3 unicast
 *   requests unanswered--> FAILED;  any reply -> REACHABLE
 *   PERMANENT: set by hand, never ages.  NOARP: not used (such devices
 *   bypass the cache).
 *
 * REACHABLE lasts a random time between 15 and 45 s (RFC 1122 2.3.2.1
 * asks for a timeout; randomising as RFC 4861 does avoids synchrony).
 * Packets for an unresolved entry wait on it (at most ARP_QUEUE_LEN, the
 * oldest dropped first); when resolution fails they get ICMP host
 * unreachable.  Unused STALE/FAILED entries go after 60 s.
 *
 * Receiving: requests for one of our addresses are answered and teach us
 * the sender (RFC 826's merge step); replies and gratuitous ARP update an
 * entry we already have.
 *
 * Interface: <net/arp.h>; arp_rcv() as the ETH_P_ARP packet_type;
 * arp_dev_down() from devinet's device events; /proc/net/arp.
 *
 * Locking: arp_lock (a spinlock, process context only) guards the table
 * and each entry; packets are sent and ICMP errors raised after dropping
 * it.  The ageing runs from a delayed work item (process context).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/jiffies.h>
#include <linux/random.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <linux/capability.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/inetdevice.h>
#include <net/ip.h>
#include <net/arp.h>
#include <uapi/linux/icmp.h>
#include <uapi/linux/sockios.h>
#include <asm/uaccess.h>

#define ARP_HASH_SIZE		64
#define ARP_QUEUE_LEN		3
#define ARP_MAX_PROBES		3
#define ARP_RETRANS		(HZ)		/* between requests */
#define ARP_DELAY_TIME		(5 * HZ)
#define ARP_BASE_REACHABLE	(30 * HZ)
#define ARP_GC_STALE		(60 * HZ)
#define ARP_MAX_ENTRIES		512

struct arp_ent {
	struct list_head hash;
	struct net_device *dev;		/* held */
	__be32 ip;
	u8 ha[MAX_ADDR_LEN];
	u16 state;
	u8 probes;
	unsigned long changed;		/* when the state was entered */
	unsigned long used;		/* last sent through */
	unsigned long reach_time;	/* this entry's REACHABLE lifetime */
	struct sk_buff_head pending;	/* packets waiting for the address */
};

static struct list_head arp_table[ARP_HASH_SIZE];
static DEFINE_SPINLOCK(arp_lock);
static int arp_count;
static struct delayed_work arp_age_work;

bool inet_dev_is_broadcast(const struct net_device *dev, __be32 addr);

static unsigned int arp_hash(__be32 ip, const struct net_device *dev)
{
	u32 h = ntohl(ip) ^ (u32)dev->ifindex * 0x9e3779b1u;

	return (h ^ (h >> 16)) & (ARP_HASH_SIZE - 1);
}

static struct arp_ent *arp_find(__be32 ip, const struct net_device *dev)
{
	struct arp_ent *e;

	list_for_each_entry(e, &arp_table[arp_hash(ip, dev)], hash)
		if (e->ip == ip && e->dev == dev)
			return e;
	return NULL;
}

static unsigned long random_reachable(void)
{
	return ARP_BASE_REACHABLE / 2 + get_random_u32_below(ARP_BASE_REACHABLE);
}

static struct arp_ent *arp_create(__be32 ip, struct net_device *dev, u16 state)
{
	struct arp_ent *e;

	if (arp_count >= ARP_MAX_ENTRIES)
		return NULL;
	e = kzalloc(sizeof(*e), GFP_ATOMIC);
	if (!e)
		return NULL;
	e->ip = ip;
	e->dev = dev;
	dev_hold(dev);
	e->state = state;
	e->changed = e->used = jiffies;
	e->reach_time = random_reachable();
	skb_queue_head_init(&e->pending);
	list_add(&e->hash, &arp_table[arp_hash(ip, dev)]);
	arp_count++;
	return e;
}

static void chain_drop(struct sk_buff **chain)
{
	struct sk_buff *skb;

	while ((skb = skb_chain_pop(chain)) != NULL)
		kfree_skb(skb);
}

/* Unlink @e (arp_lock held); its pending packets move to @dropped. */
static void arp_unlink(struct arp_ent *e, struct sk_buff **dropped)
{
	struct sk_buff *skb;

	list_del(&e->hash);
	arp_count--;
	while ((skb = __skb_dequeue(&e->pending)) != NULL)
		skb_chain_push(dropped, skb);
}

static void arp_free(struct arp_ent *e)
{
	dev_put(e->dev);
	kfree(e);
}

static void arp_set_state(struct arp_ent *e, u16 state)
{
	e->state = state;
	e->changed = jiffies;
	if (state == NUD_REACHABLE)
		e->reach_time = random_reachable();
}

/* --------------------------------------------------------- sending */

/* Build and send one ARP packet (@tha NULL: broadcast, target ha zero). */
static void arp_xmit(struct net_device *dev, u16 op, __be32 sip, __be32 tip,
		     const u8 *tha, const u8 *dest_ha)
{
	struct sk_buff *skb;
	struct arphdr *ah;
	u8 *p;
	int alen = dev->addr_len;

	skb = alloc_skb(MAX_HEADER_ROOM + sizeof(*ah) + 2 * (alen + 4) + 32, GFP_ATOMIC);
	if (!skb)
		return;
	skb_reserve(skb, MAX_HEADER_ROOM);
	skb_reset_network_header(skb);
	ah = skb_put(skb, sizeof(*ah));
	ah->ar_hrd = htons(dev->type == ARPHRD_ETHER ? ARPHRD_ETHER : dev->type);
	ah->ar_pro = htons(ETH_P_IP);
	ah->ar_hln = alen;
	ah->ar_pln = 4;
	ah->ar_op = htons(op);
	p = skb_put(skb, 2 * (alen + 4));
	memcpy(p, dev->dev_addr, alen);
	memcpy(p + alen, &sip, 4);
	if (tha)
		memcpy(p + alen + 4, tha, alen);
	else
		memset(p + alen + 4, 0, alen);
	memcpy(p + 2 * alen + 4, &tip, 4);
	/* Ethernet's minimum frame: pad the 28-byte payload to 46 */
	if (skb->len < 46)
		skb_put_zero(skb, 46 - skb->len);

	skb->dev = dev;
	skb->protocol = htons(ETH_P_ARP);
	if (dev_hard_header(skb, dev, ETH_P_ARP, dest_ha ? dest_ha : dev->broadcast,
			    dev->dev_addr, skb->len) < 0) {
		kfree_skb(skb);
		return;
	}
	dev_queue_xmit(skb);
}

/* Ask who has @tip (unicast to @dest_ha when probing a known entry). */
static void arp_solicit(struct net_device *dev, __be32 tip, const u8 *dest_ha)
{
	__be32 sip = inet_select_addr(dev, tip, RT_SCOPE_LINK);

	if (!sip)
		sip = inet_select_addr(dev, tip, RT_SCOPE_UNIVERSE);
	arp_xmit(dev, ARPOP_REQUEST, sip, tip, NULL, dest_ha);
}

static int arp_finish(struct sk_buff *skb, struct net_device *dev, const u8 *ha)
{
	skb->dev = dev;
	skb->protocol = htons(ETH_P_IP);
	if (dev_hard_header(skb, dev, ETH_P_IP, ha, dev->dev_addr, skb->len) < 0) {
		kfree_skb(skb);
		return -EINVAL;
	}
	return dev_queue_xmit(skb) ? -ENOBUFS : 0;
}

static void arp_multicast_ha(__be32 ip, u8 *ha)
{
	u32 a = ntohl(ip);

	/* RFC 1112 6.4: 01:00:5e + the low 23 bits of the group */
	ha[0] = 0x01; ha[1] = 0x00; ha[2] = 0x5e;
	ha[3] = (a >> 16) & 0x7f; ha[4] = (a >> 8) & 0xff; ha[5] = a & 0xff;
}

int arp_output(struct sk_buff *skb, struct net_device *dev, __be32 nexthop)
{
	struct sk_buff *old = NULL;
	struct arp_ent *e;
	u8 ha[MAX_ADDR_LEN];
	bool solicit = false, probe = false;

	if ((dev->flags & (IFF_LOOPBACK | IFF_NOARP)) || !dev->addr_len ||
	    dev->type != ARPHRD_ETHER)
		return arp_finish(skb, dev, dev->broadcast);
	if (inet_dev_is_broadcast(dev, nexthop))
		return arp_finish(skb, dev, dev->broadcast);
	if ((ntohl(nexthop) & 0xf0000000) == 0xe0000000) {
		arp_multicast_ha(nexthop, ha);
		return arp_finish(skb, dev, ha);
	}

	spin_lock(&arp_lock);
	e = arp_find(nexthop, dev);
	if (!e) {
		e = arp_create(nexthop, dev, NUD_INCOMPLETE);
		if (!e) {
			spin_unlock(&arp_lock);
			kfree_skb(skb);
			return -ENOBUFS;
		}
		e->probes = 1;
		solicit = true;
	}
	e->used = jiffies;
	switch (e->state) {
	case NUD_REACHABLE:
	case NUD_PERMANENT:
	case NUD_NOARP:
	case NUD_DELAY:
	case NUD_PROBE:
		break;
	case NUD_STALE:
		/* RFC 1122 2.3.2.1: use it, and check it soon */
		arp_set_state(e, NUD_DELAY);
		break;
	case NUD_FAILED:
		arp_set_state(e, NUD_INCOMPLETE);
		e->probes = 1;
		solicit = true;
		__attribute__((__fallthrough__));
	case NUD_INCOMPLETE:
	default:
		if (skb_queue_len(&e->pending) >= ARP_QUEUE_LEN)
			old = __skb_dequeue(&e->pending);
		/* icmp_send() may read it if resolution fails: not a received packet */
		memset(IPCB(skb), 0, sizeof(struct inet_skb_parm));
		__skb_queue_tail(&e->pending, skb);
		skb = NULL;
		break;
	}
	if (skb)
		memcpy(ha, e->ha, dev->addr_len);
	spin_unlock(&arp_lock);

	if (old)
		kfree_skb(old);
	if (solicit)
		arp_solicit(dev, nexthop, NULL);
	(void)probe;
	if (skb)
		return arp_finish(skb, dev, ha);
	return 0;
}

/* Send what waited on @e; arp_lock held on entry, dropped and retaken. */
static void arp_flush_pending(struct arp_ent *e)
{
	struct sk_buff *skb;
	u8 ha[MAX_ADDR_LEN];

	memcpy(ha, e->ha, MAX_ADDR_LEN);
	while ((skb = __skb_dequeue(&e->pending)) != NULL) {
		spin_unlock(&arp_lock);
		arp_finish(skb, e->dev, ha);
		spin_lock(&arp_lock);
	}
}

/* Give up on queued packets: ICMP host unreachable to their senders (RFC 1122 2.3.2.2). */
static void arp_error_pending(struct sk_buff **list)
{
	struct sk_buff *skb;

	while ((skb = skb_chain_pop(list)) != NULL) {
		icmp_send(skb, ICMP_DEST_UNREACH, ICMP_HOST_UNREACH, 0);
		kfree_skb(skb);
	}
}

/* -------------------------------------------------------- receiving */

static int arp_rcv(struct sk_buff *skb, struct net_device *dev, struct packet_type *pt)
{
	struct arphdr *ah;
	const u8 *sha, *p;
	__be32 sip, tip;
	struct arp_ent *e;
	bool for_us, reply = false;
	int alen = dev->addr_len;
	u16 op;

	if (skb->pkt_type == PACKET_OTHERHOST || (dev->flags & (IFF_NOARP | IFF_LOOPBACK)))
		goto drop;
	if (!pskb_may_pull(skb, sizeof(*ah)))
		goto drop;
	ah = (struct arphdr *)skb->data;
	if (ah->ar_pro != htons(ETH_P_IP) || ah->ar_pln != 4 || ah->ar_hln != alen ||
	    (ah->ar_hrd != htons(ARPHRD_ETHER) && ah->ar_hrd != htons(dev->type)))
		goto drop;
	if (!pskb_may_pull(skb, sizeof(*ah) + 2 * (alen + 4)))
		goto drop;
	op = ntohs(ah->ar_op);
	if (op != ARPOP_REQUEST && op != ARPOP_REPLY)
		goto drop;
	p = skb->data + sizeof(*ah);
	sha = p;
	memcpy(&sip, p + alen, 4);
	memcpy(&tip, p + 2 * alen + 4, 4);

	/* no ARP about multicast or loopback addresses; sender ha must be unicast */
	if ((ntohl(tip) & 0xf0000000) == 0xe0000000 || (ntohl(tip) >> 24) == IN_LOOPBACKNET ||
	    (ntohl(sip) >> 24) == IN_LOOPBACKNET || (sha[0] & 1))
		goto drop;
	for_us = tip && inet_addr_is_local(tip);

	if (op == ARPOP_REQUEST && for_us && sip) {
		/* answer for any of our addresses (arp_ignore=0) */
		arp_xmit(dev, ARPOP_REPLY, tip, sip, sha, sha);
		reply = true;
	}
	if (!sip)	/* duplicate address probe (RFC 5227): nothing to learn */
		goto drop;

	spin_lock(&arp_lock);
	e = arp_find(sip, dev);
	if (!e && reply)	/* RFC 826: a request to us - remember the asker */
		e = arp_create(sip, dev, NUD_STALE);
	if (e && e->state != NUD_PERMANENT) {
		bool changed = memcmp(e->ha, sha, alen) != 0;

		memcpy(e->ha, sha, alen);
		if (op == ARPOP_REPLY && tip && for_us)
			arp_set_state(e, NUD_REACHABLE);
		else if (e->state == NUD_INCOMPLETE || e->state == NUD_FAILED || changed)
			arp_set_state(e, NUD_STALE);
		if (e->state != NUD_INCOMPLETE)
			arp_flush_pending(e);
	}
	spin_unlock(&arp_lock);
drop:
	consume_skb(skb);
	return 0;
}

static struct packet_type arp_packet_type = {
	.type = htons(ETH_P_ARP),
	.func = arp_rcv,
};

/* ------------------------------------------------------------ ageing */

static void arp_age(struct work_struct *w)
{
	struct sk_buff *failed = NULL;
	struct arp_ent *e, *next;
	struct {
		struct net_device *dev;
		__be32 ip;
		bool unicast;
		u8 ha[MAX_ADDR_LEN];
	} probes[16];
	LIST_HEAD(dead);
	int np = 0;

	spin_lock(&arp_lock);
	for (int i = 0; i < ARP_HASH_SIZE; i++) {
		list_for_each_entry_safe(e, next, &arp_table[i], hash) {
			unsigned long age = jiffies - e->changed;
			bool send = false;

			switch (e->state) {
			case NUD_INCOMPLETE:
			case NUD_PROBE:
				if (age < ARP_RETRANS)
					break;
				if (e->probes >= ARP_MAX_PROBES) {
					struct sk_buff *skb;

					arp_set_state(e, NUD_FAILED);
					while ((skb = __skb_dequeue(&e->pending)) != NULL)
						skb_chain_push(&failed, skb);
					break;
				}
				e->probes++;
				e->changed = jiffies;
				send = true;
				break;
			case NUD_REACHABLE:
				if (age >= e->reach_time)
					arp_set_state(e, NUD_STALE);
				break;
			case NUD_DELAY:
				if (age >= ARP_DELAY_TIME) {
					arp_set_state(e, NUD_PROBE);
					e->probes = 1;
					send = true;
				}
				break;
			case NUD_STALE:
			case NUD_FAILED:
				if (time_after(jiffies, e->used + ARP_GC_STALE) &&
				    age >= ARP_GC_STALE) {
					arp_unlink(e, &failed);
					list_add(&e->hash, &dead);
				}
				break;
			}
			if (send && np < ARRAY_SIZE(probes)) {
				probes[np].dev = e->dev;
				dev_hold(e->dev);
				probes[np].ip = e->ip;
				probes[np].unicast = e->state == NUD_PROBE;
				memcpy(probes[np].ha, e->ha, MAX_ADDR_LEN);
				np++;
			}
		}
	}
	spin_unlock(&arp_lock);

	for (int i = 0; i < np; i++) {
		arp_solicit(probes[i].dev, probes[i].ip,
			    probes[i].unicast ? probes[i].ha : NULL);
		dev_put(probes[i].dev);
	}
	list_for_each_entry_safe(e, next, &dead, hash)
		arp_free(e);
	arp_error_pending(&failed);
	schedule_delayed_work(&arp_age_work, HZ / 2);
}

void arp_dev_down(struct net_device *dev)
{
	struct sk_buff *dropped = NULL;
	struct arp_ent *e, *next;
	LIST_HEAD(dead);

	spin_lock(&arp_lock);
	for (int i = 0; i < ARP_HASH_SIZE; i++) {
		list_for_each_entry_safe(e, next, &arp_table[i], hash) {
			if (e->dev != dev)
				continue;
			arp_unlink(e, &dropped);
			list_add(&e->hash, &dead);
		}
	}
	spin_unlock(&arp_lock);
	list_for_each_entry_safe(e, next, &dead, hash)
		arp_free(e);
	chain_drop(&dropped);
}

/* -------------------------------------------- management interfaces */

static u32 arp_atf_flags(const struct arp_ent *e)
{
	u32 f = 0;

	if (e->state & (NUD_REACHABLE | NUD_STALE | NUD_DELAY | NUD_PROBE | NUD_PERMANENT))
		f |= ATF_COM;
	if (e->state == NUD_PERMANENT)
		f |= ATF_PERM;
	return f;
}

int arp_for_each(int (*fn)(const struct arp_entry_info *e, void *arg), void *arg)
{
	struct arp_entry_info info;
	struct arp_ent *e;
	int ret = 0;

	spin_lock(&arp_lock);
	for (int i = 0; i < ARP_HASH_SIZE && !ret; i++) {
		list_for_each_entry(e, &arp_table[i], hash) {
			memset(&info, 0, sizeof(info));
			info.ip = e->ip;
			info.ifindex = e->dev->ifindex;
			info.ha_len = e->dev->addr_len;
			memcpy(info.ha, e->ha, MAX_ADDR_LEN);
			info.state = e->state;
			info.flags = arp_atf_flags(e);
			ret = fn(&info, arg);
			if (ret)
				break;
		}
	}
	spin_unlock(&arp_lock);
	return ret;
}

int arp_entry_set(struct net_device *dev, __be32 ip, const u8 *ha, u16 state)
{
	struct arp_ent *e;

	if (!dev)
		return -ENODEV;
	if (!state)
		state = NUD_PERMANENT;
	spin_lock(&arp_lock);
	e = arp_find(ip, dev);
	if (!e)
		e = arp_create(ip, dev, state);
	if (!e) {
		spin_unlock(&arp_lock);
		return -ENOBUFS;
	}
	memcpy(e->ha, ha, dev->addr_len);
	arp_set_state(e, state);
	if (state != NUD_INCOMPLETE && state != NUD_FAILED)
		arp_flush_pending(e);
	spin_unlock(&arp_lock);
	return 0;
}

int arp_entry_del(struct net_device *dev, __be32 ip)
{
	struct sk_buff *dropped = NULL;
	struct arp_ent *e;

	spin_lock(&arp_lock);
	e = dev ? arp_find(ip, dev) : NULL;
	if (e)
		arp_unlink(e, &dropped);
	spin_unlock(&arp_lock);
	if (!e)
		return -ENXIO;
	arp_free(e);
	chain_drop(&dropped);
	return 0;
}

int arp_ioctl(unsigned int cmd, void *uarg)
{
	struct arpreq r;
	struct sockaddr_in *pa = (struct sockaddr_in *)&r.arp_pa;
	struct net_device *dev = NULL;
	struct ip_route rt;
	struct arp_ent *e;
	int ret = 0;

	if (cmd != SIOCSARP && cmd != SIOCGARP && cmd != SIOCDARP)
		return -ENOIOCTLCMD;
	if (cmd != SIOCGARP && !capable(CAP_NET_ADMIN))
		return -EPERM;
	if (copy_from_user(&r, uarg, sizeof(r)))
		return -EFAULT;
	if (pa->sin_family != AF_INET)
		return -EPFNOSUPPORT;
	if (r.arp_flags & ATF_PUBL)
		return -EOPNOTSUPP;	/* proxy ARP: not a host's business */
	r.arp_dev[IFNAMSIZ - 1] = 0;

	rtnl_lock();
	if (r.arp_dev[0]) {
		dev = dev_get_by_name(r.arp_dev);
		if (!dev) {
			ret = -ENODEV;
			goto out;
		}
	} else if (!ip_route_output(pa->sin_addr.s_addr, 0, 0, &rt)) {
		dev = rt.dev;	/* the held reference moves to dev */
		rt.dev = NULL;
	}
	if (!dev) {
		ret = -ENXIO;
		goto out;
	}
	switch (cmd) {
	case SIOCSARP:
		if (r.arp_ha.sa_family != dev->type && r.arp_ha.sa_family != 0) {
			ret = -EINVAL;
			break;
		}
		ret = arp_entry_set(dev, pa->sin_addr.s_addr, (u8 *)r.arp_ha.sa_data,
				    (r.arp_flags & ATF_PERM) ? NUD_PERMANENT : NUD_REACHABLE);
		break;
	case SIOCDARP:
		ret = arp_entry_del(dev, pa->sin_addr.s_addr);
		break;
	case SIOCGARP:
		spin_lock(&arp_lock);
		e = arp_find(pa->sin_addr.s_addr, dev);
		if (e && e->state != NUD_INCOMPLETE && e->state != NUD_FAILED) {
			memcpy(r.arp_ha.sa_data, e->ha, min_t(int, dev->addr_len,
							      sizeof(r.arp_ha.sa_data)));
			r.arp_ha.sa_family = dev->type;
			r.arp_flags = arp_atf_flags(e);
			strscpy(r.arp_dev, dev->name, IFNAMSIZ);
		} else {
			ret = -ENXIO;
		}
		spin_unlock(&arp_lock);
		if (!ret && copy_to_user(uarg, &r, sizeof(r)))
			ret = -EFAULT;
		break;
	}
	dev_put(dev);
out:
	rtnl_unlock();
	return ret;
}

/* ------------------------------------------------------- /proc/net/arp */

static int arp_proc_line(const struct arp_entry_info *e, void *arg)
{
	struct seq_file *m = arg;
	struct net_device *dev;
	char ip[16], ha[3 * MAX_ADDR_LEN + 1] = "";
	u32 a = ntohl(e->ip);
	int n = 0;

	if (e->state == NUD_NOARP)
		return 0;
	rcu_read_lock();
	dev = dev_get_by_index_rcu(e->ifindex);
	snprintf(ip, sizeof(ip), "%u.%u.%u.%u", a >> 24, (a >> 16) & 255, (a >> 8) & 255,
		 a & 255);
	for (int i = 0; i < e->ha_len; i++)
		n += snprintf(ha + n, sizeof(ha) - n, i ? ":%02x" : "%02x",
			      (e->state & (NUD_INCOMPLETE | NUD_FAILED)) ? 0 : e->ha[i]);
	seq_printf(m, "%-16s 0x%-10x0x%-10x%-17s     %-8s %s\n", ip,
		   dev ? dev->type : ARPHRD_ETHER, e->flags, ha, "*", dev ? dev->name : "?");
	rcu_read_unlock();
	return 0;
}

static int arp_proc_show(struct seq_file *m, void *v)
{
	seq_puts(m, "IP address       HW type     Flags       HW address            Mask     Device\n");
	arp_for_each(arp_proc_line, m);
	return 0;
}

void arp_init(void)
{
	for (int i = 0; i < ARP_HASH_SIZE; i++)
		INIT_LIST_HEAD(&arp_table[i]);
	dev_add_pack(&arp_packet_type);
	INIT_DELAYED_WORK(&arp_age_work, arp_age);
	schedule_delayed_work(&arp_age_work, HZ);
	ip_proc_add("arp", arp_proc_show);
}
