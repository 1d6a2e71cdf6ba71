// SPDX-License-Identifier: GPL-2.0-only
/*
 * Routing netlink (rtnetlink(7)): the NETLINK_ROUTE protocol that `ip`
 * speaks.  Links (RTM_GETLINK, RTM_NEWLINK/SETLINK to change one),
 * IPv4 addresses (RTM_{GET,NEW,DEL}ADDR), IPv4 routes (RTM_{GET,NEW,DEL}
 * ROUTE, and a single lookup for `ip route get`), and the ARP cache
 * (RTM_{GET,NEW,DEL}NEIGH), plus the change notifications to the groups
 * RTNLGRP_LINK, RTNLGRP_IPV4_IFADDR, RTNLGRP_IPV4_ROUTE and RTNLGRP_NEIGH.
 *
 * Interface: rtnl_rcv() is NETLINK_ROUTE's input function
 * (af_netlink.c runs it in the sender's context); rtnl_notify(),
 * rtmsg_ifa() and rtmsg_route() (include/net/netlink.h) send
 * notifications.  The data lives elsewhere and is reached only through
 * its contract: net_device (netdevice.h), in_device addresses
 * (inetdevice.h), the route table (route.h) and the ARP cache (arp.h).
 *
 * Locking: a change request runs its handler under rtnl_lock().  A dump
 * is started without it, and every chunk of a dump takes rtnl_lock()
 * itself while it walks the objects (chunks run from recvmsg() too).
 * Notifications are sent with rtnl held (that is where changes happen).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/capability.h>
#include <linux/jiffies.h>
#include <linux/sort.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/inetdevice.h>
#include <net/ip.h>
#include <net/route.h>
#include <net/arp.h>
#include <net/netlink.h>
#include <uapi/linux/rtnetlink.h>

/* How big a notification of one object can get. */
#define RTNL_LINK_MSG_SIZE	1024
#define RTNL_SMALL_MSG_SIZE	256

/* ------------------------------------------------------- notifications */

/*
 * The change request rtnl_rcv() is serving (under rtnl_lock()), so that
 * notifications of the changes it causes carry the requester's port id
 * and sequence number even though devinet.c and route.c send them.
 */
static u32 rtnl_cur_portid, rtnl_cur_seq;

void rtnl_notify(struct sk_buff *skb, u32 pid, u32 group, const struct nlmsghdr *nlh)
{
	/* NLM_F_ECHO: the requester wants a copy even without joining. */
	if (nlh && pid && (nlh->nlmsg_flags & NLM_F_ECHO)) {
		struct sk_buff *echo = skb_copy(skb, GFP_KERNEL);

		if (echo)
			netlink_unicast(NETLINK_ROUTE, echo, pid);
	}
	NETLINK_CB(skb).portid = 0;
	NETLINK_CB(skb).dst_group = group;
	netlink_broadcast(NETLINK_ROUTE, skb, 0, group);
}

/*
 * An announcement to @group: a buffer of @size when anyone listens (NULL
 * otherwise, or without memory), then rtnl_event_send() with the result
 * of filling it.  Changes made for a netlink request carry its port id
 * and sequence number when the caller passes none.
 */
static struct sk_buff *rtnl_event_skb(u32 group, unsigned int size, u32 *pid, u32 *seq)
{
	if (!*pid && !*seq) {
		*pid = rtnl_cur_portid;
		*seq = rtnl_cur_seq;
	}
	if (!netlink_has_listeners(NETLINK_ROUTE, group))
		return NULL;
	return alloc_skb(size, GFP_KERNEL);
}

static void rtnl_event_send(struct sk_buff *skb, int fill_err, u32 pid, u32 group)
{
	if (fill_err)
		kfree_skb(skb);
	else
		rtnl_notify(skb, pid, group, NULL);
}

/* Family of a GET request: ifinfomsg, ifaddrmsg, rtmsg and rtgenmsg all start with it. */
static int rtnl_req_family(const struct nlmsghdr *nlh)
{
	if (nlmsg_len(nlh) < 1)
		return AF_UNSPEC;
	return *(const unsigned char *)nlmsg_data(nlh);
}

/* ---------------------------------------------------------------- links */

static u8 rtnl_operstate(const struct net_device *dev)
{
	if (!netif_running(dev))
		return IF_OPER_DOWN;
	if (!netif_carrier_ok(dev))
		return IF_OPER_LOWERLAYERDOWN;
	return dev->operstate;
}

/* What ip(8) shows as the queueing discipline: none while down, a FIFO or none. */
static const char *rtnl_qdisc_name(const struct net_device *dev)
{
	if (!netif_running(dev))
		return "noop";
	if (!dev->tx_queue_len || (dev->flags & IFF_LOOPBACK))
		return "noqueue";
	return "pfifo_fast";
}

static void rtnl_stats32(struct rtnl_link_stats *d, const struct rtnl_link_stats64 *s)
{
	const u64 *from = (const u64 *)s;
	u32 *to = (u32 *)d;
	unsigned int i;

	/* Same counters in the same order, narrowed. */
	BUILD_BUG_ON(sizeof(*d) / sizeof(u32) != sizeof(*s) / sizeof(u64));
	for (i = 0; i < sizeof(*d) / sizeof(u32); i++)
		to[i] = (u32)from[i];
}

static int rtnl_fill_link(struct sk_buff *skb, struct net_device *dev, int type,
			  u32 portid, u32 seq, int flags, unsigned int change)
{
	struct rtnl_link_stats64 s64;
	struct rtnl_link_stats s32;
	struct ifinfomsg *ifm;
	struct nlmsghdr *nlh;

	nlh = nlmsg_put(skb, portid, seq, type, sizeof(*ifm), flags);
	if (!nlh)
		return -EMSGSIZE;
	ifm = nlmsg_data(nlh);
	ifm->ifi_family = AF_UNSPEC;
	ifm->ifi_type = dev->type;
	ifm->ifi_index = dev->ifindex;
	ifm->ifi_flags = dev_get_flags(dev);
	ifm->ifi_change = change;

	memset(&s64, 0, sizeof(s64));
	dev_get_stats(dev, &s64);
	rtnl_stats32(&s32, &s64);

	if (nla_put_string(skb, IFLA_IFNAME, dev->name) ||
	    nla_put_u32(skb, IFLA_TXQLEN, dev->tx_queue_len) ||
	    nla_put_u8(skb, IFLA_OPERSTATE, rtnl_operstate(dev)) ||
	    nla_put_u8(skb, IFLA_LINKMODE, IF_LINK_MODE_DEFAULT) ||
	    nla_put_u32(skb, IFLA_MTU, dev->mtu) ||
	    nla_put_u32(skb, IFLA_MIN_MTU, dev->min_mtu) ||
	    nla_put_u32(skb, IFLA_MAX_MTU, dev->max_mtu) ||
	    nla_put_u32(skb, IFLA_GROUP, 0) ||
	    nla_put_u32(skb, IFLA_PROMISCUITY, !!(dev->flags & IFF_PROMISC)) ||
	    nla_put_u32(skb, IFLA_NUM_TX_QUEUES, 1) ||
	    nla_put_u32(skb, IFLA_NUM_RX_QUEUES, 1) ||
	    nla_put_u8(skb, IFLA_CARRIER, netif_carrier_ok(dev)) ||
	    nla_put_string(skb, IFLA_QDISC, rtnl_qdisc_name(dev)) ||
	    nla_put_u32(skb, IFLA_CARRIER_CHANGES, 0) ||
	    nla_put_u8(skb, IFLA_PROTO_DOWN, 0))
		goto full;
	if (dev->addr_len &&
	    (nla_put(skb, IFLA_ADDRESS, dev->addr_len, dev->dev_addr) ||
	     nla_put(skb, IFLA_BROADCAST, dev->addr_len, dev->broadcast)))
		goto full;
	if (nla_put(skb, IFLA_STATS64, sizeof(s64), &s64) ||
	    nla_put(skb, IFLA_STATS, sizeof(s32), &s32))
		goto full;
	nlmsg_end(skb, nlh);
	return 0;
full:
	nlmsg_cancel(skb, nlh);
	return -EMSGSIZE;
}

static void rtnl_link_notify(struct net_device *dev, int type, unsigned int change)
{
	struct sk_buff *skb;

	/* link events come from the device layer: no requester's port id or sequence */
	if (!netlink_has_listeners(NETLINK_ROUTE, RTNLGRP_LINK))
		return;
	skb = alloc_skb(RTNL_LINK_MSG_SIZE, GFP_KERNEL);
	if (skb)
		rtnl_event_send(skb, rtnl_fill_link(skb, dev, type, 0, 0, 0, change),
				0, RTNLGRP_LINK);
}

static int rtnl_dump_links(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct net_device *dev;
	long idx = 0, start = cb->args[0];
	int more = 0;

	rtnl_lock();
	for_each_netdev(dev) {
		if (idx >= start &&
		    rtnl_fill_link(skb, dev, RTM_NEWLINK, cb->portid, cb->seq,
				   NLM_F_MULTI, 0)) {
			more = 1;
			break;
		}
		idx++;
	}
	rtnl_unlock();
	cb->args[0] = idx;
	return more;
}

static const struct nla_policy ifla_policy[IFLA_MAX + 1] = {
	[IFLA_IFNAME] = { .type = NLA_STRING, .len = IFNAMSIZ - 1 },
	[IFLA_MTU] = { .type = NLA_U32 },
	[IFLA_TXQLEN] = { .type = NLA_U32 },
	[IFLA_ADDRESS] = { .type = NLA_BINARY, .len = MAX_ADDR_LEN },
	[IFLA_EXT_MASK] = { .type = NLA_U32 },
	[IFLA_GROUP] = { .type = NLA_U32 },
};

/* The device a link request names (index first, then IFLA_IFNAME); held. */
static struct net_device *rtnl_link_target(const struct ifinfomsg *ifm, struct nlattr **tb)
{
	char name[IFNAMSIZ];

	if (ifm->ifi_index > 0)
		return dev_get_by_index(ifm->ifi_index);
	if (tb[IFLA_IFNAME]) {
		nla_strscpy(name, tb[IFLA_IFNAME], sizeof(name));
		return dev_get_by_name(name);
	}
	return NULL;
}

static int rtnl_getlink(struct sk_buff *in_skb, struct nlmsghdr *nlh)
{
	struct nlattr *tb[IFLA_MAX + 1];
	struct net_device *dev;
	struct sk_buff *skb;
	int err;

	err = nlmsg_parse(nlh, sizeof(struct ifinfomsg), tb, IFLA_MAX, ifla_policy);
	if (err)
		return err;
	dev = rtnl_link_target(nlmsg_data(nlh), tb);
	if (!dev)
		return ((struct ifinfomsg *)nlmsg_data(nlh))->ifi_index > 0 || tb[IFLA_IFNAME] ?
		       -ENODEV : -EINVAL;

	skb = alloc_skb(RTNL_LINK_MSG_SIZE, GFP_KERNEL);
	if (!skb) {
		dev_put(dev);
		return -ENOBUFS;
	}
	err = rtnl_fill_link(skb, dev, RTM_NEWLINK, NETLINK_CB(in_skb).portid,
			     nlh->nlmsg_seq, 0, 0);
	dev_put(dev);
	if (err) {
		kfree_skb(skb);
		return err;
	}
	return netlink_unicast(NETLINK_ROUTE, skb, NETLINK_CB(in_skb).portid);
}

/* RTM_NEWLINK / RTM_SETLINK on an existing device: flags, MTU, address, queue length. */
static int rtnl_setlink(struct sk_buff *in_skb, struct nlmsghdr *nlh)
{
	struct nlattr *tb[IFLA_MAX + 1];
	struct ifinfomsg *ifm;
	struct net_device *dev;
	int err;

	err = nlmsg_parse(nlh, sizeof(*ifm), tb, IFLA_MAX, ifla_policy);
	if (err)
		return err;
	ifm = nlmsg_data(nlh);
	dev = rtnl_link_target(ifm, tb);
	if (!dev) {
		/* Making links (veth, bridges...) is not something we do. */
		if (nlh->nlmsg_type == RTM_NEWLINK && (nlh->nlmsg_flags & NLM_F_CREATE))
			return -EOPNOTSUPP;
		return -ENODEV;
	}
	if (nlh->nlmsg_type == RTM_NEWLINK && (nlh->nlmsg_flags & NLM_F_EXCL)) {
		err = -EEXIST;
		goto out;
	}

	if (tb[IFLA_IFNAME] && ifm->ifi_index > 0) {
		char name[IFNAMSIZ];

		nla_strscpy(name, tb[IFLA_IFNAME], sizeof(name));
		if (strcmp(name, dev->name)) {
			err = -EOPNOTSUPP;	/* no renaming yet */
			goto out;
		}
	}
	if (tb[IFLA_MTU]) {
		err = dev_set_mtu(dev, nla_get_u32(tb[IFLA_MTU]));
		if (err)
			goto out;
	}
	if (tb[IFLA_ADDRESS]) {
		struct sockaddr sa;

		if (nla_len(tb[IFLA_ADDRESS]) < dev->addr_len ||
		    dev->addr_len > sizeof(sa.sa_data)) {
			err = -EINVAL;
			goto out;
		}
		memset(&sa, 0, sizeof(sa));
		sa.sa_family = dev->type;
		memcpy(sa.sa_data, nla_data(tb[IFLA_ADDRESS]), dev->addr_len);
		err = dev_set_mac_address(dev, &sa);
		if (err)
			goto out;
	}
	if (tb[IFLA_TXQLEN])
		dev->tx_queue_len = nla_get_u32(tb[IFLA_TXQLEN]);
	if (ifm->ifi_flags || ifm->ifi_change) {
		unsigned int change = ifm->ifi_change ? ifm->ifi_change : ~0U;
		unsigned int flags = (dev->flags & ~change) | (ifm->ifi_flags & change);

		err = dev_change_flags(dev, flags);
	}
out:
	dev_put(dev);
	return err;
}

/* Device events become RTM_NEWLINK / RTM_DELLINK for RTNLGRP_LINK. */
static void rtnl_netdev_event(struct netdev_notifier *nb, enum netdev_event ev,
			      struct net_device *dev)
{
	switch (ev) {
	case NETDEV_REGISTER:
	case NETDEV_UP:
	case NETDEV_DOWN:
	case NETDEV_CHANGE:
	case NETDEV_CHANGEMTU:
	case NETDEV_CHANGEADDR:
		rtnl_link_notify(dev, RTM_NEWLINK, ev == NETDEV_UP || ev == NETDEV_DOWN ?
				 IFF_UP : 0);
		break;
	case NETDEV_UNREGISTER:
		rtnl_link_notify(dev, RTM_DELLINK, 0);
		break;
	default:
		break;
	}
}

static struct netdev_notifier rtnl_netdev_notifier = {
	.event = rtnl_netdev_event,
};

/* ------------------------------------------------------- IPv4 addresses */

static int rtnl_fill_ifa(struct sk_buff *skb, const struct in_ifaddr *ifa, int ifindex,
			 int type, u32 portid, u32 seq, int flags)
{
	struct ifa_cacheinfo ci = {
		.ifa_prefered = 0xffffffff,	/* "forever" */
		.ifa_valid = 0xffffffff,
	};
	struct ifaddrmsg *ifm;
	struct nlmsghdr *nlh;

	nlh = nlmsg_put(skb, portid, seq, type, sizeof(*ifm), flags);
	if (!nlh)
		return -EMSGSIZE;
	ifm = nlmsg_data(nlh);
	ifm->ifa_family = AF_INET;
	ifm->ifa_prefixlen = ifa->ifa_prefixlen;
	ifm->ifa_flags = ifa->ifa_flags & 0xff;
	ifm->ifa_scope = ifa->ifa_scope;
	ifm->ifa_index = ifindex;

	if (nla_put_in_addr(skb, IFA_ADDRESS, ifa->ifa_address) ||
	    nla_put_in_addr(skb, IFA_LOCAL, ifa->ifa_local) ||
	    (ifa->ifa_broadcast && nla_put_in_addr(skb, IFA_BROADCAST, ifa->ifa_broadcast)) ||
	    (ifa->ifa_label[0] && nla_put_string(skb, IFA_LABEL, ifa->ifa_label)) ||
	    nla_put_u32(skb, IFA_FLAGS, ifa->ifa_flags) ||
	    nla_put(skb, IFA_CACHEINFO, sizeof(ci), &ci)) {
		nlmsg_cancel(skb, nlh);
		return -EMSGSIZE;
	}
	nlmsg_end(skb, nlh);
	return 0;
}

void rtmsg_ifa(int event, const struct in_ifaddr *ifa, u32 pid, u32 seq)
{
	int ifindex = ifa->ifa_dev && ifa->ifa_dev->dev ? ifa->ifa_dev->dev->ifindex : 0;
	struct sk_buff *skb;

	skb = rtnl_event_skb(RTNLGRP_IPV4_IFADDR, RTNL_SMALL_MSG_SIZE, &pid, &seq);
	if (skb)
		rtnl_event_send(skb, rtnl_fill_ifa(skb, ifa, ifindex, event, pid, seq, 0),
				pid, RTNLGRP_IPV4_IFADDR);
}

/* args[0]: device position, args[1]: address position within it. */
static int rtnl_dump_addrs(struct sk_buff *skb, struct netlink_callback *cb)
{
	int family = rtnl_req_family(cb->nlh);
	long dev_idx = 0, ifa_idx;
	struct net_device *dev;
	int more = 0;

	if (family != AF_UNSPEC && family != AF_INET)
		return 0;

	rtnl_lock();
	for_each_netdev(dev) {
		struct in_device *in_dev = __in_dev_get(dev);
		struct in_ifaddr *ifa;

		if (dev_idx < cb->args[0] || !in_dev) {
			dev_idx++;
			continue;
		}
		ifa_idx = 0;
		list_for_each_entry(ifa, &in_dev->ifa_list, ifa_list) {
			if (ifa_idx >= cb->args[1] &&
			    rtnl_fill_ifa(skb, ifa, dev->ifindex, RTM_NEWADDR, cb->portid,
					  cb->seq, NLM_F_MULTI)) {
				more = 1;
				break;
			}
			ifa_idx++;
		}
		if (more) {
			cb->args[1] = ifa_idx;
			break;
		}
		cb->args[1] = 0;
		dev_idx++;
	}
	rtnl_unlock();
	cb->args[0] = dev_idx;
	return more;
}

static const struct nla_policy ifa_policy[IFA_MAX + 1] = {
	[IFA_ADDRESS] = { .type = NLA_U32 },
	[IFA_LOCAL] = { .type = NLA_U32 },
	[IFA_BROADCAST] = { .type = NLA_U32 },
	[IFA_LABEL] = { .type = NLA_STRING, .len = IFNAMSIZ - 1 },
	[IFA_FLAGS] = { .type = NLA_U32 },
	[IFA_CACHEINFO] = { .type = NLA_UNSPEC, .len = sizeof(struct ifa_cacheinfo) },
	[IFA_RT_PRIORITY] = { .type = NLA_U32 },
	[IFA_PROTO] = { .type = NLA_U8 },
};

/* The address of @in_dev with @local (and @prefixlen unless 0), or NULL. */
static struct in_ifaddr *rtnl_find_ifa(struct in_device *in_dev, __be32 local, int prefixlen,
				       const char *label)
{
	struct in_ifaddr *ifa;

	if (!in_dev)
		return NULL;
	list_for_each_entry(ifa, &in_dev->ifa_list, ifa_list) {
		if (local && ifa->ifa_local != local)
			continue;
		if (prefixlen && ifa->ifa_prefixlen != prefixlen)
			continue;
		if (label && strcmp(label, ifa->ifa_label))
			continue;
		return ifa;
	}
	return NULL;
}

struct rtnl_ifa_req {
	struct net_device *dev;		/* held */
	__be32 local;
	__be32 broadcast;
	int prefixlen;
	char label[IFNAMSIZ];
	bool has_label;
};

static int rtnl_parse_ifa(struct nlmsghdr *nlh, struct rtnl_ifa_req *req)
{
	struct nlattr *tb[IFA_MAX + 1];
	struct ifaddrmsg *ifm;
	int err;

	err = nlmsg_parse(nlh, sizeof(*ifm), tb, IFA_MAX, ifa_policy);
	if (err)
		return err;
	ifm = nlmsg_data(nlh);
	if (ifm->ifa_family != AF_INET)
		return -EAFNOSUPPORT;
	if (ifm->ifa_prefixlen > 32)
		return -EINVAL;

	memset(req, 0, sizeof(*req));
	req->prefixlen = ifm->ifa_prefixlen;
	if (tb[IFA_LOCAL])
		req->local = nla_get_in_addr(tb[IFA_LOCAL]);
	else if (tb[IFA_ADDRESS])
		req->local = nla_get_in_addr(tb[IFA_ADDRESS]);
	if (tb[IFA_BROADCAST])
		req->broadcast = nla_get_in_addr(tb[IFA_BROADCAST]);
	if (tb[IFA_LABEL]) {
		nla_strscpy(req->label, tb[IFA_LABEL], sizeof(req->label));
		req->has_label = true;
	}
	req->dev = dev_get_by_index(ifm->ifa_index);
	return req->dev ? 0 : -ENODEV;
}

static int rtnl_newaddr(struct sk_buff *in_skb, struct nlmsghdr *nlh)
{
	struct rtnl_ifa_req req;
	struct in_ifaddr *ifa;
	int err;

	err = rtnl_parse_ifa(nlh, &req);
	if (err)
		return err;
	if (!req.local) {
		err = -EINVAL;
		goto out;
	}
	if (!req.has_label)
		strscpy(req.label, req.dev->name, sizeof(req.label));

	ifa = rtnl_find_ifa(__in_dev_get(req.dev), req.local, req.prefixlen, NULL);
	if (ifa) {
		/* There already: only a replace without EXCL is not an error. */
		err = (nlh->nlmsg_flags & NLM_F_EXCL) || !(nlh->nlmsg_flags & NLM_F_REPLACE) ?
		      -EEXIST : 0;
		goto out;
	}
	/* devinet.c announces the address (and route.c its routes) */
	err = inet_addr_add(req.dev, req.local, req.prefixlen, req.broadcast, req.label);
out:
	dev_put(req.dev);
	return err;
}

static int rtnl_deladdr(struct sk_buff *in_skb, struct nlmsghdr *nlh)
{
	struct rtnl_ifa_req req;
	struct in_ifaddr *ifa;
	int err;

	err = rtnl_parse_ifa(nlh, &req);
	if (err)
		return err;
	ifa = rtnl_find_ifa(__in_dev_get(req.dev), req.local, req.prefixlen,
			    req.has_label ? req.label : NULL);
	if (!ifa) {
		err = -EADDRNOTAVAIL;
		goto out;
	}
	err = inet_addr_del(req.dev, ifa->ifa_local, ifa->ifa_prefixlen);	/* announces */
out:
	dev_put(req.dev);
	return err;
}

/* ------------------------------------------------------------ IPv4 routes */

static int rtnl_fill_route(struct sk_buff *skb, const struct ip_route_entry *e, int type,
			   u32 portid, u32 seq, int flags)
{
	struct nlmsghdr *nlh;
	struct rtmsg *rtm;

	nlh = nlmsg_put(skb, portid, seq, type, sizeof(*rtm), flags);
	if (!nlh)
		return -EMSGSIZE;
	rtm = nlmsg_data(nlh);
	rtm->rtm_family = AF_INET;
	rtm->rtm_dst_len = e->dst_len;
	rtm->rtm_table = e->table;
	rtm->rtm_protocol = e->protocol;
	rtm->rtm_scope = e->scope;
	rtm->rtm_type = e->type;

	if (nla_put_u32(skb, RTA_TABLE, e->table) ||
	    (e->dst_len && nla_put_in_addr(skb, RTA_DST, e->dst)) ||
	    (e->priority && nla_put_u32(skb, RTA_PRIORITY, e->priority)) ||
	    (e->prefsrc && nla_put_in_addr(skb, RTA_PREFSRC, e->prefsrc)) ||
	    (e->gateway && nla_put_in_addr(skb, RTA_GATEWAY, e->gateway)) ||
	    (e->ifindex && nla_put_u32(skb, RTA_OIF, e->ifindex)))
		goto full;
	if (e->mtu) {
		/* RTA_METRICS nests { RTAX_MTU: u32 }. */
		struct { struct nlattr hdr; u32 mtu; } m = {
			.hdr = { .nla_len = sizeof(m), .nla_type = RTAX_MTU },
			.mtu = e->mtu,
		};

		if (nla_put(skb, RTA_METRICS | NLA_F_NESTED, sizeof(m), &m))
			goto full;
	}
	nlmsg_end(skb, nlh);
	return 0;
full:
	nlmsg_cancel(skb, nlh);
	return -EMSGSIZE;
}

void rtmsg_route(int event, const struct ip_route_entry *e, u32 pid, u32 seq)
{
	struct sk_buff *skb;

	skb = rtnl_event_skb(RTNLGRP_IPV4_ROUTE, RTNL_SMALL_MSG_SIZE, &pid, &seq);
	if (skb)
		rtnl_event_send(skb, rtnl_fill_route(skb, e, event, pid, seq, 0),
				pid, RTNLGRP_IPV4_ROUTE);
}

/*
 * Routes are dumped from a sorted copy: by table, then address, then
 * prefix length and metric, which is how ip(8) users are used to seeing
 * them.  The table cannot change while rtnl is held.
 */
struct rtnl_route_snap {
	struct ip_route_entry *v;
	int n;
	int room;
	u8 table;			/* RT_TABLE_UNSPEC: all */
};

static int rtnl_route_copy(const struct ip_route_entry *e, void *arg)
{
	struct rtnl_route_snap *snap = arg;

	if (snap->table != RT_TABLE_UNSPEC && e->table != snap->table)
		return 0;
	if (snap->n < snap->room)
		snap->v[snap->n] = *e;
	snap->n++;
	return 0;
}

static int rtnl_route_order(const void *a, const void *b)
{
	const struct ip_route_entry *x = a, *y = b;
	u32 xd = be32_to_cpu(x->dst), yd = be32_to_cpu(y->dst);

	if (x->table != y->table)
		return x->table < y->table ? -1 : 1;
	if (xd != yd)
		return xd < yd ? -1 : 1;
	if (x->dst_len != y->dst_len)
		return x->dst_len < y->dst_len ? -1 : 1;
	if (x->priority != y->priority)
		return x->priority < y->priority ? -1 : 1;
	return 0;
}

static int rtnl_dump_routes(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct rtnl_route_snap snap = { };
	int family = rtnl_req_family(cb->nlh);
	long i;
	int more = 0;

	if (family != AF_UNSPEC && family != AF_INET)
		return 0;
	if (nlmsg_len(cb->nlh) >= (int)sizeof(struct rtmsg))
		snap.table = ((struct rtmsg *)nlmsg_data(cb->nlh))->rtm_table;

	rtnl_lock();
	ip_route_for_each(RT_TABLE_UNSPEC, rtnl_route_copy, &snap);	/* count */
	snap.room = snap.n;
	snap.n = 0;
	snap.v = kmalloc((snap.room + 1) * sizeof(*snap.v), GFP_KERNEL);
	if (!snap.v) {
		rtnl_unlock();
		return -ENOMEM;
	}
	ip_route_for_each(RT_TABLE_UNSPEC, rtnl_route_copy, &snap);
	rtnl_unlock();

	snap.n = min(snap.n, snap.room);
	sort(snap.v, snap.n, sizeof(*snap.v), rtnl_route_order, NULL);
	for (i = cb->args[0]; i < snap.n; i++) {
		if (rtnl_fill_route(skb, &snap.v[i], RTM_NEWROUTE, cb->portid, cb->seq,
				    NLM_F_MULTI)) {
			more = 1;
			break;
		}
	}
	kfree(snap.v);
	cb->args[0] = i;
	return more;
}

/* Route attributes we read: IPv4 addresses and 32-bit numbers, and the metrics nest. */
static const struct nla_policy rta_policy[RTA_MAX + 1] = {
	[RTA_TABLE] = { .type = NLA_U32 },	[RTA_PRIORITY] = { .type = NLA_U32 },
	[RTA_DST] = { .type = NLA_U32 },	[RTA_SRC] = { .type = NLA_U32 },
	[RTA_GATEWAY] = { .type = NLA_U32 },	[RTA_PREFSRC] = { .type = NLA_U32 },
	[RTA_OIF] = { .type = NLA_U32 },	[RTA_IIF] = { .type = NLA_U32 },
	[RTA_METRICS] = { .type = NLA_NESTED },
};

/* The MTU inside an RTA_METRICS nest, 0 if none. */
static u32 rtnl_metrics_mtu(const struct nlattr *metrics)
{
	struct nlattr *tb[RTAX_MTU + 1];

	if (nla_parse(tb, RTAX_MTU, nla_data(metrics), nla_len(metrics), NULL) ||
	    !tb[RTAX_MTU] || nla_len(tb[RTAX_MTU]) < 4)
		return 0;
	return nla_get_u32(tb[RTAX_MTU]);
}

static int rtnl_parse_route(struct nlmsghdr *nlh, struct ip_route_entry *e)
{
	struct nlattr *tb[RTA_MAX + 1];
	struct rtmsg *rtm;
	u32 table;
	int err;

	err = nlmsg_parse(nlh, sizeof(*rtm), tb, RTA_MAX, rta_policy);
	if (err)
		return err;
	rtm = nlmsg_data(nlh);
	if (rtm->rtm_family != AF_INET)
		return -EAFNOSUPPORT;
	if (rtm->rtm_dst_len > 32)
		return -EINVAL;

	memset(e, 0, sizeof(*e));
	e->dst_len = rtm->rtm_dst_len;
	table = tb[RTA_TABLE] ? nla_get_u32(tb[RTA_TABLE]) : rtm->rtm_table;
	if (table == RT_TABLE_UNSPEC)
		table = RT_TABLE_MAIN;
	if (table != RT_TABLE_MAIN && table != RT_TABLE_LOCAL)
		return -EOPNOTSUPP;	/* two tables only: no policy routing */
	e->table = table;
	e->type = rtm->rtm_type ? rtm->rtm_type : RTN_UNICAST;
	e->scope = rtm->rtm_scope;
	e->protocol = rtm->rtm_protocol;
	if (tb[RTA_DST])
		e->dst = nla_get_in_addr(tb[RTA_DST]) & inet_make_mask(e->dst_len);
	if (tb[RTA_GATEWAY])
		e->gateway = nla_get_in_addr(tb[RTA_GATEWAY]);
	if (tb[RTA_PREFSRC])
		e->prefsrc = nla_get_in_addr(tb[RTA_PREFSRC]);
	if (tb[RTA_PRIORITY])
		e->priority = nla_get_u32(tb[RTA_PRIORITY]);
	if (tb[RTA_METRICS])
		e->mtu = rtnl_metrics_mtu(tb[RTA_METRICS]);
	if (tb[RTA_OIF]) {
		struct net_device *dev = dev_get_by_index(nla_get_u32(tb[RTA_OIF]));

		if (!dev)
			return -ENODEV;
		e->ifindex = dev->ifindex;
		dev_put(dev);
	}
	e->flags = RTF_UP | (e->gateway ? RTF_GATEWAY : 0) | (e->dst_len == 32 ? RTF_HOST : 0);
	return 0;
}

static int rtnl_newroute(struct sk_buff *in_skb, struct nlmsghdr *nlh)
{
	struct ip_route_entry e;
	int err;

	err = rtnl_parse_route(nlh, &e);
	if (err)
		return err;
	if (!e.ifindex && e.gateway && e.type == RTN_UNICAST) {
		/* No device named: the one the gateway is directly reachable on. */
		struct ip_route rt;

		err = ip_route_output(e.gateway, 0, 0, &rt);
		if (err)
			return err;
		if (rt.gateway == e.gateway && rt.type == RTN_UNICAST && rt.dev)
			e.ifindex = rt.dev->ifindex;
		ip_route_put(&rt);
		if (!e.ifindex)
			return -ENETUNREACH;
	}
	err = ip_route_add(&e);
	if (err == -EEXIST && (nlh->nlmsg_flags & NLM_F_REPLACE) &&
	    !(nlh->nlmsg_flags & NLM_F_EXCL)) {
		err = ip_route_del(&e);
		if (!err)
			err = ip_route_add(&e);
	}
	return err;	/* route.c announced the change */
}

static int rtnl_delroute(struct sk_buff *in_skb, struct nlmsghdr *nlh)
{
	struct ip_route_entry e;
	int err;

	err = rtnl_parse_route(nlh, &e);
	if (err)
		return err;
	return ip_route_del(&e);	/* announced by route.c */
}

/* `ip route get`: one lookup, answered as a host route. */
static int rtnl_getroute(struct sk_buff *in_skb, struct nlmsghdr *nlh)
{
	struct nlattr *tb[RTA_MAX + 1];
	struct ip_route_entry e;
	struct ip_route rt;
	struct sk_buff *skb;
	struct rtmsg *rtm;
	__be32 dst, src;
	int err, oif;

	err = nlmsg_parse(nlh, sizeof(*rtm), tb, RTA_MAX, rta_policy);
	if (err)
		return err;
	rtm = nlmsg_data(nlh);
	if (rtm->rtm_family != AF_INET && rtm->rtm_family != AF_UNSPEC)
		return -EAFNOSUPPORT;
	dst = tb[RTA_DST] ? nla_get_in_addr(tb[RTA_DST]) : 0;
	src = tb[RTA_SRC] ? nla_get_in_addr(tb[RTA_SRC]) : 0;
	oif = tb[RTA_OIF] ? (int)nla_get_u32(tb[RTA_OIF]) : 0;

	err = ip_route_output(dst, src, oif, &rt);
	if (err)
		return err;

	memset(&e, 0, sizeof(e));
	e.dst = dst;
	e.dst_len = 32;
	e.table = rt.type == RTN_LOCAL || rt.type == RTN_BROADCAST ? RT_TABLE_LOCAL :
		  RT_TABLE_MAIN;
	e.type = rt.type;
	e.scope = RT_SCOPE_UNIVERSE;
	e.protocol = RTPROT_UNSPEC;
	e.gateway = rt.gateway != dst ? rt.gateway : 0;
	e.prefsrc = rt.saddr;
	e.ifindex = rt.dev ? rt.dev->ifindex : 0;
	ip_route_put(&rt);

	skb = alloc_skb(RTNL_SMALL_MSG_SIZE, GFP_KERNEL);
	if (!skb)
		return -ENOBUFS;
	err = rtnl_fill_route(skb, &e, RTM_NEWROUTE, NETLINK_CB(in_skb).portid,
			      nlh->nlmsg_seq, 0);
	if (err) {
		kfree_skb(skb);
		return err;
	}
	((struct rtmsg *)nlmsg_data((struct nlmsghdr *)skb->data))->rtm_flags = RTM_F_CLONED;
	return netlink_unicast(NETLINK_ROUTE, skb, NETLINK_CB(in_skb).portid);
}

/* ------------------------------------------------------- the ARP cache */

static int rtnl_fill_neigh(struct sk_buff *skb, const struct arp_entry_info *n, int type,
			   u32 portid, u32 seq, int flags)
{
	struct nda_cacheinfo ci = { 0 };
	struct nlmsghdr *nlh;
	struct ndmsg *ndm;

	nlh = nlmsg_put(skb, portid, seq, type, sizeof(*ndm), flags);
	if (!nlh)
		return -EMSGSIZE;
	ndm = nlmsg_data(nlh);
	ndm->ndm_family = AF_INET;
	ndm->ndm_ifindex = n->ifindex;
	ndm->ndm_state = n->state;
	ndm->ndm_type = RTN_UNICAST;

	if (nla_put_in_addr(skb, NDA_DST, n->ip) ||
	    (n->ha_len && !(n->state & (NUD_INCOMPLETE | NUD_FAILED)) &&
	     nla_put(skb, NDA_LLADDR, n->ha_len, n->ha)) ||
	    nla_put(skb, NDA_CACHEINFO, sizeof(ci), &ci)) {
		nlmsg_cancel(skb, nlh);
		return -EMSGSIZE;
	}
	nlmsg_end(skb, nlh);
	return 0;
}

/* A neighbour dump walk: skip the first @skip entries, stop (1) when the chunk is full. */
struct rtnl_walk {
	struct sk_buff *skb;
	struct netlink_callback *cb;
	long idx;
	long skip;
};

static int rtnl_neigh_one(const struct arp_entry_info *n, void *arg)
{
	struct rtnl_walk *w = arg;

	if (w->idx < w->skip) {
		w->idx++;
		return 0;
	}
	if (rtnl_fill_neigh(w->skb, n, RTM_NEWNEIGH, w->cb->portid, w->cb->seq, NLM_F_MULTI))
		return 1;
	w->idx++;
	return 0;
}

static int rtnl_dump_neigh(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct rtnl_walk w = { .skb = skb, .cb = cb, .skip = cb->args[0] };
	int family = rtnl_req_family(cb->nlh);
	int more;

	if (family != AF_UNSPEC && family != AF_INET)
		return 0;
	rtnl_lock();
	more = arp_for_each(rtnl_neigh_one, &w);
	rtnl_unlock();
	cb->args[0] = w.idx;
	return more > 0 ? 1 : more;
}

static const struct nla_policy nda_policy[NDA_MAX + 1] = {
	[NDA_DST] = { .type = NLA_U32 },
	[NDA_LLADDR] = { .type = NLA_BINARY, .len = MAX_ADDR_LEN },
};

static int rtnl_neigh_change(struct sk_buff *in_skb, struct nlmsghdr *nlh)
{
	struct nlattr *tb[NDA_MAX + 1];
	struct net_device *dev;
	struct ndmsg *ndm;
	__be32 ip;
	int err;

	err = nlmsg_parse(nlh, sizeof(*ndm), tb, NDA_MAX, nda_policy);
	if (err)
		return err;
	ndm = nlmsg_data(nlh);
	if (ndm->ndm_family != AF_INET)
		return -EAFNOSUPPORT;
	if (!tb[NDA_DST])
		return -EINVAL;
	ip = nla_get_in_addr(tb[NDA_DST]);
	dev = dev_get_by_index(ndm->ndm_ifindex);
	if (!dev)
		return -ENODEV;

	if (nlh->nlmsg_type == RTM_DELNEIGH) {
		err = arp_entry_del(dev, ip);
	} else if (!tb[NDA_LLADDR] || nla_len(tb[NDA_LLADDR]) < dev->addr_len) {
		err = -EINVAL;
	} else {
		err = arp_entry_set(dev, ip, nla_data(tb[NDA_LLADDR]),
				    ndm->ndm_state ? ndm->ndm_state : NUD_PERMANENT);
	}
	dev_put(dev);
	return err;
}

/* ------------------------------------------------------------ dispatch */

struct rtnl_handler {
	int (*doit)(struct sk_buff *skb, struct nlmsghdr *nlh);
	int (*dumpit)(struct sk_buff *skb, struct netlink_callback *cb);
};

static const struct rtnl_handler rtnl_handlers[RTM_MAX_KNOWN + 1] = {
	[RTM_GETLINK] = { rtnl_getlink, rtnl_dump_links },
	[RTM_NEWLINK] = { rtnl_setlink, NULL },
	[RTM_SETLINK] = { rtnl_setlink, NULL },
	[RTM_GETADDR] = { NULL, rtnl_dump_addrs },
	[RTM_NEWADDR] = { rtnl_newaddr, NULL },
	[RTM_DELADDR] = { rtnl_deladdr, NULL },
	[RTM_GETROUTE] = { rtnl_getroute, rtnl_dump_routes },
	[RTM_NEWROUTE] = { rtnl_newroute, NULL },
	[RTM_DELROUTE] = { rtnl_delroute, NULL },
	[RTM_GETNEIGH] = { NULL, rtnl_dump_neigh },
	[RTM_NEWNEIGH] = { rtnl_neigh_change, NULL },
	[RTM_DELNEIGH] = { rtnl_neigh_change, NULL },
};

/* Is @type a GET (the third of each group of four)? */
static bool rtnl_is_get(u16 type)
{
	return ((type - RTM_BASE) & 3) == 2;
}

static int rtnl_rcv(struct sk_buff *skb, struct nlmsghdr *nlh)
{
	u16 type = nlh->nlmsg_type;
	const struct rtnl_handler *h;
	int err;

	if (type > RTM_MAX_KNOWN)
		return -EOPNOTSUPP;
	h = &rtnl_handlers[type];

	if (rtnl_is_get(type) && (nlh->nlmsg_flags & NLM_F_DUMP)) {
		if (!h->dumpit)
			return -EOPNOTSUPP;
		return netlink_dump_start(skb, nlh, h->dumpit, NULL);
	}
	if (!h->doit)
		return -EOPNOTSUPP;
	if (!rtnl_is_get(type) && !capable(CAP_NET_ADMIN))
		return -EPERM;

	rtnl_lock();
	rtnl_cur_portid = NETLINK_CB(skb).portid;
	rtnl_cur_seq = nlh->nlmsg_seq;
	err = h->doit(skb, nlh);
	rtnl_cur_portid = 0;
	rtnl_cur_seq = 0;
	rtnl_unlock();
	return err;
}

static int __init rtnetlink_init(void)
{
	register_netdevice_notifier(&rtnl_netdev_notifier);
	return netlink_kernel_register(NETLINK_ROUTE, rtnl_rcv);
}
subsys_initcall(rtnetlink_init);
