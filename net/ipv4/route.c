// SPDX-License-Identifier: GPL-2.0-only
/*
 * The IPv4 routing tables of a host.
 *
 * Two tables, as `ip route show table local|main` shows them: "local"
 * holds the routes the addresses make for themselves (RTN_LOCAL for each
 * address, plus 127/8 for lo; RTN_BROADCAST for subnet broadcasts) and is
 * consulted first; "main" holds the subnets and what users add (default
 * gateway, host routes, unreachable/blackhole/prohibit).  Each table is a
 * list sorted by prefix length (longest first), then metric, so the first
 * match is the answer (RFC 1812 5.2.4.3's longest match, metric to break
 * ties).  A host has few routes; a list is enough.
 *
 * Path MTU (RFC 1191): ICMP "fragmentation needed" teaches a smaller MTU
 * for one destination; it is kept in a small cache for ten minutes.
 *
 * Interface: <net/route.h> and ip_route_output()/ip_route_input_type()
 * in <net/ip.h>; ip_rt_ioctl() (SIOCADDRT/SIOCDELRT); /proc/net/route.
 *
 * Locking: changes under rtnl_lock(); readers walk the RCU lists under
 * rcu_read_lock(); a removed route is freed after a grace period.  The
 * PMTU cache has its own spinlock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/jiffies.h>
#include <linux/capability.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include <linux/netdevice.h>
#include <linux/inetdevice.h>
#include <net/ip.h>
#include <net/route.h>
#include <net/netlink.h>
#include <uapi/linux/rtnetlink.h>
#include <uapi/linux/route.h>
#include <uapi/linux/sockios.h>
#include <asm/uaccess.h>

#define IP_MAX_DATAGRAM		65535	/* RFC 791: tot_len is 16 bits */

struct rt_node {
	struct list_head list;
	struct ip_route_entry e;
	struct rcu_head rcu;
};

static LIST_HEAD(rt_local);
static LIST_HEAD(rt_main);

struct net_device *inet_dev_of_addr(__be32 addr);
bool inet_dev_is_broadcast(const struct net_device *dev, __be32 addr);

static struct list_head *rt_table(u8 table)
{
	return table == RT_TABLE_LOCAL ? &rt_local : &rt_main;
}

static bool rt_matches(const struct ip_route_entry *e, __be32 addr)
{
	return !((addr ^ e->dst) & inet_make_mask(e->dst_len));
}

/* Same key: table, destination, prefix, metric (and type for the local table). */
static bool rt_same(const struct ip_route_entry *a, const struct ip_route_entry *b)
{
	return a->dst == b->dst && a->dst_len == b->dst_len &&
	       a->priority == b->priority &&
	       (a->table != RT_TABLE_LOCAL || a->type == b->type);
}

static void rt_free_rcu(struct rcu_head *head)
{
	kfree(container_of(head, struct rt_node, rcu));
}

int ip_route_add(const struct ip_route_entry *e)
{
	struct list_head *tbl;
	struct rt_node *rt, *pos;
	struct net_device *dev = NULL;

	ASSERT_RTNL();
	if (e->dst_len > 32)
		return -EINVAL;
	if (e->ifindex) {
		dev = dev_get_by_index(e->ifindex);
		if (!dev)
			return -ENODEV;
		dev_put(dev);
	} else if (e->type == RTN_UNICAST || e->type == RTN_LOCAL ||
		   e->type == RTN_BROADCAST) {
		return -ENODEV;
	}
	if (e->gateway && e->type == RTN_UNICAST) {
		/* the gateway must be reachable directly (RFC 1122 3.3.1.1) */
		struct ip_route_entry *d;
		bool onlink = false;

		rcu_read_lock();
		list_for_each_entry_rcu(pos, &rt_main, list) {
			d = &pos->e;
			if (d->type == RTN_UNICAST && !d->gateway && rt_matches(d, e->gateway) &&
			    d->ifindex == e->ifindex) {
				onlink = true;
				break;
			}
		}
		rcu_read_unlock();
		if (!onlink)
			return -ENETUNREACH;
	}

	tbl = rt_table(e->table);
	list_for_each_entry(pos, tbl, list)
		if (rt_same(&pos->e, e))
			return -EEXIST;
	rt = kzalloc(sizeof(*rt), GFP_KERNEL);
	if (!rt)
		return -ENOBUFS;
	rt->e = *e;
	rt->e.dst &= inet_make_mask(e->dst_len);
	if (!rt->e.table)
		rt->e.table = RT_TABLE_MAIN;
	rt->e.flags = RTF_UP | (e->gateway ? RTF_GATEWAY : 0) |
		      (e->dst_len == 32 ? RTF_HOST : 0) |
		      (e->type == RTN_UNREACHABLE || e->type == RTN_PROHIBIT ||
		       e->type == RTN_BLACKHOLE ? RTF_REJECT : 0);

	/* sorted: longer prefix first, then lower metric; new ones after equals */
	list_for_each_entry(pos, tbl, list) {
		if (pos->e.dst_len < rt->e.dst_len ||
		    (pos->e.dst_len == rt->e.dst_len && pos->e.priority > rt->e.priority)) {
			list_add_tail_rcu(&rt->list, &pos->list);
			goto added;
		}
	}
	list_add_tail_rcu(&rt->list, tbl);
added:
	/* whoever asked (rtnetlink, route(8)'s ioctl, an address): announced */
	rtmsg_route(RTM_NEWROUTE, &rt->e, 0, 0);
	return 0;
}

int ip_route_del(const struct ip_route_entry *e)
{
	struct rt_node *pos;
	struct list_head *tbl = rt_table(e->table ? e->table : RT_TABLE_MAIN);
	__be32 dst = e->dst & inet_make_mask(e->dst_len > 32 ? 32 : e->dst_len);

	ASSERT_RTNL();
	list_for_each_entry(pos, tbl, list) {
		const struct ip_route_entry *r = &pos->e;

		if (r->dst != dst || r->dst_len != e->dst_len)
			continue;
		/* unset fields of the request match anything (as route(8) deletes) */
		if (e->priority && r->priority != e->priority)
			continue;
		if (e->gateway && r->gateway != e->gateway)
			continue;
		if (e->ifindex && r->ifindex != e->ifindex)
			continue;
		if (e->type && e->type != RTN_UNICAST && r->type != e->type)
			continue;
		list_del_rcu(&pos->list);
		rtmsg_route(RTM_DELROUTE, &pos->e, 0, 0);
		call_rcu(&pos->rcu, rt_free_rcu);
		return 0;
	}
	return -ESRCH;
}

int ip_route_for_each(u8 table, int (*fn)(const struct ip_route_entry *e, void *arg),
		      void *arg)
{
	static const u8 order[] = { RT_TABLE_MAIN, RT_TABLE_LOCAL };
	struct rt_node *pos;
	int ret = 0;

	rcu_read_lock();
	for (int i = 0; i < ARRAY_SIZE(order) && !ret; i++) {
		if (table != RT_TABLE_UNSPEC && table != order[i])
			continue;
		list_for_each_entry_rcu(pos, rt_table(order[i]), list) {
			ret = fn(&pos->e, arg);
			if (ret)
				break;
		}
	}
	rcu_read_unlock();
	return ret;
}

void ip_rt_flush_dev(struct net_device *dev)
{
	struct list_head *tables[] = { &rt_local, &rt_main };
	struct rt_node *pos, *next;

	ASSERT_RTNL();
	for (int i = 0; i < ARRAY_SIZE(tables); i++) {
		list_for_each_entry_safe(pos, next, tables[i], list) {
			if (pos->e.ifindex != dev->ifindex)
				continue;
			list_del_rcu(&pos->list);
			call_rcu(&pos->rcu, rt_free_rcu);
		}
	}
}

void ip_rt_flush_src(__be32 addr)
{
	struct list_head *tables[] = { &rt_local, &rt_main };
	struct rt_node *pos, *next;

	ASSERT_RTNL();
	for (int i = 0; i < ARRAY_SIZE(tables); i++) {
		list_for_each_entry_safe(pos, next, tables[i], list) {
			if (pos->e.prefsrc != addr)
				continue;
			list_del_rcu(&pos->list);
			call_rcu(&pos->rcu, rt_free_rcu);
		}
	}
}

/*
 * The routes an address owns, as Linux 6.1 makes them: "local ADDR" in
 * the local table; for a primary, its subnet (in main, or "local" for lo's
 * whole 127/8) unless the prefix is /32; "broadcast" for the subnet's
 * all-ones address when the prefix is shorter than /31, and for the
 * configured broadcast when that is another one.  A secondary's routes
 * name its subnet's primary as their source.
 */
struct ifa_rt_set {
	struct ip_route_entry e[4];
	int n;
};

static void ifa_rt_put(struct ifa_rt_set *set, const struct in_ifaddr *ifa, __be32 src,
		       u8 table, u8 type, __be32 dst, u8 len, u8 scope)
{
	set->e[set->n++] = (struct ip_route_entry) {
		.dst = dst, .dst_len = len, .table = table, .type = type,
		.scope = scope, .protocol = RTPROT_KERNEL,
		.prefsrc = src, .ifindex = ifa->ifa_dev->dev->ifindex,
	};
}

/* The primary @ifa hangs from: itself, or the primary of its subnet. */
static const struct in_ifaddr *ifa_primary(const struct in_ifaddr *ifa)
{
	const struct in_ifaddr *p;

	if (!(ifa->ifa_flags & IFA_F_SECONDARY))
		return ifa;
	list_for_each_entry(p, &ifa->ifa_dev->ifa_list, ifa_list)
		if (!(p->ifa_flags & IFA_F_SECONDARY) && p->ifa_mask == ifa->ifa_mask &&
		    !((p->ifa_local ^ ifa->ifa_local) & p->ifa_mask))
			return p;
	return ifa;
}

static void ifa_rt_set_of(const struct in_ifaddr *ifa, struct ifa_rt_set *set)
{
	bool lo = ifa->ifa_dev->dev->flags & IFF_LOOPBACK;
	__be32 net = ifa->ifa_local & ifa->ifa_mask;
	__be32 subnet_bcast = ifa->ifa_local | ~ifa->ifa_mask;
	__be32 src = ifa_primary(ifa)->ifa_local;

	set->n = 0;
	ifa_rt_put(set, ifa, src, RT_TABLE_LOCAL, RTN_LOCAL, ifa->ifa_local, 32, RT_SCOPE_HOST);
	if (!(ifa->ifa_flags & IFA_F_SECONDARY) && ifa->ifa_prefixlen < 32) {
		if (lo)	/* everything in lo's subnet is ours: "local 127.0.0.0/8" */
			ifa_rt_put(set, ifa, src, RT_TABLE_LOCAL, RTN_LOCAL, net,
				   ifa->ifa_prefixlen, RT_SCOPE_HOST);
		else
			ifa_rt_put(set, ifa, src, RT_TABLE_MAIN, RTN_UNICAST, net,
				   ifa->ifa_prefixlen, RT_SCOPE_LINK);
	}
	if (ifa->ifa_prefixlen < 31)
		ifa_rt_put(set, ifa, src, RT_TABLE_LOCAL, RTN_BROADCAST, subnet_bcast, 32,
			   RT_SCOPE_LINK);
	if (ifa->ifa_broadcast && ifa->ifa_broadcast != htonl(INADDR_BROADCAST) &&
	    (ifa->ifa_prefixlen >= 31 || ifa->ifa_broadcast != subnet_bcast))
		ifa_rt_put(set, ifa, src, RT_TABLE_LOCAL, RTN_BROADCAST, ifa->ifa_broadcast, 32,
			   RT_SCOPE_LINK);
}

/* Does an address of @ifa's device other than @ifa also own route @e? */
static bool ifa_rt_shared(const struct in_ifaddr *ifa, const struct ip_route_entry *e)
{
	const struct in_ifaddr *other;
	struct ifa_rt_set set;

	list_for_each_entry(other, &ifa->ifa_dev->ifa_list, ifa_list) {
		if (other == ifa)
			continue;
		ifa_rt_set_of(other, &set);
		for (int i = 0; i < set.n; i++)
			if (set.e[i].table == e->table && set.e[i].type == e->type &&
			    set.e[i].dst == e->dst && set.e[i].dst_len == e->dst_len)
				return true;
	}
	return false;
}

static void ifa_routes(const struct in_ifaddr *ifa, bool add)
{
	struct ifa_rt_set set;

	ifa_rt_set_of(ifa, &set);
	for (int i = 0; i < set.n; i++) {
		if (add)
			ip_route_add(&set.e[i]);	/* a shared broadcast: EEXIST */
		else if (!ifa_rt_shared(ifa, &set.e[i]))
			ip_route_del(&set.e[i]);
	}
}

void ip_rt_add_ifa_routes(const struct in_ifaddr *ifa)
{
	ifa_routes(ifa, true);
}

void ip_rt_del_ifa_routes(const struct in_ifaddr *ifa)
{
	ifa_routes(ifa, false);
}

/* ------------------------------------------------------------ lookups */

static bool ipv4_is_multicast(__be32 a)
{
	return (ntohl(a) & 0xf0000000) == 0xe0000000;
}

/* The first route of @tbl matching @daddr (and @oif if set); rcu held. */
static const struct ip_route_entry *rt_lookup(struct list_head *tbl, __be32 daddr, int oif)
{
	struct rt_node *pos;

	list_for_each_entry_rcu(pos, tbl, list) {
		if (!rt_matches(&pos->e, daddr))
			continue;
		if (oif && pos->e.ifindex && pos->e.ifindex != oif)
			continue;
		return &pos->e;
	}
	return NULL;
}

int ip_route_input_type(__be32 daddr, __be32 saddr, struct net_device *dev)
{
	const struct ip_route_entry *e;
	int type = RTN_UNICAST;

	if (daddr == htonl(INADDR_BROADCAST))
		return RTN_BROADCAST;
	if (ipv4_is_multicast(daddr))
		return RTN_MULTICAST;
	rcu_read_lock();
	e = rt_lookup(&rt_local, daddr, 0);
	if (e && (e->type == RTN_LOCAL || e->type == RTN_BROADCAST))
		type = e->type;
	rcu_read_unlock();
	/* an old-style all-zeros subnet broadcast is not accepted */
	return type;
}

int ip_route_output(__be32 daddr, __be32 saddr, int oif, struct ip_route *rt)
{
	const struct ip_route_entry *e = NULL;
	struct net_device *dev = NULL;
	int ret = 0, ifindex;
	u32 pmtu;

	memset(rt, 0, sizeof(*rt));
	if (saddr && !inet_addr_is_local(saddr) && !ipv4_is_multicast(saddr) &&
	    saddr != htonl(INADDR_BROADCAST))
		return -EINVAL;
	if (!daddr)	/* 0.0.0.0 means this host (as Linux does) */
		daddr = saddr ? saddr : htonl(INADDR_LOOPBACK);

	rcu_read_lock();
	if (daddr == htonl(INADDR_BROADCAST) || ipv4_is_multicast(daddr)) {
		/* limited broadcast / multicast: the chosen or the source's interface */
		if (oif)
			dev = dev_get_by_index_rcu(oif);
		else if (saddr)
			dev = inet_dev_of_addr(saddr);
		if (!dev) {
			e = rt_lookup(&rt_main, daddr, 0);
			if (e && e->type == RTN_UNICAST)
				dev = dev_get_by_index_rcu(e->ifindex);
		}
		if (!dev) {
			ret = -ENETUNREACH;
			goto out;
		}
		rt->type = daddr == htonl(INADDR_BROADCAST) ? RTN_BROADCAST : RTN_MULTICAST;
		rt->gateway = daddr;
		goto found_dev;
	}

	e = rt_lookup(&rt_local, daddr, 0);
	if (e) {
		rt->type = e->type;
		rt->gateway = daddr;
		if (e->type == RTN_LOCAL) {
			/* to ourselves: through loopback, from the same address */
			dev = loopback_dev;
			if (!saddr)
				saddr = (ntohl(daddr) >> 24) == IN_LOOPBACKNET ?
					e->prefsrc : daddr;
			goto found_dev;
		}
		dev = dev_get_by_index_rcu(e->ifindex);
		if (!dev || (oif && e->ifindex != oif)) {
			/* a broadcast of another interface than the one asked for */
			ret = -ENETUNREACH;
			goto out;
		}
		if (!saddr)
			saddr = e->prefsrc;
		goto found_dev;
	}

	e = rt_lookup(&rt_main, daddr, oif);
	if (!e) {
		if (oif) {
			/* SO_BINDTODEVICE with no route: try it on-link */
			dev = dev_get_by_index_rcu(oif);
			if (dev) {
				rt->type = RTN_UNICAST;
				rt->gateway = daddr;
				goto found_dev;
			}
		}
		ret = -ENETUNREACH;
		goto out;
	}
	switch (e->type) {
	case RTN_UNICAST:
		break;
	case RTN_UNREACHABLE:
		ret = -EHOSTUNREACH;
		goto out;
	case RTN_PROHIBIT:
		ret = -EACCES;
		goto out;
	case RTN_BLACKHOLE:
		ret = -EINVAL;
		goto out;
	default:
		ret = -ENETUNREACH;
		goto out;
	}
	ifindex = e->ifindex;
	dev = dev_get_by_index_rcu(ifindex);
	if (!dev) {
		ret = -ENETUNREACH;
		goto out;
	}
	rt->type = RTN_UNICAST;
	rt->gateway = e->gateway ? e->gateway : daddr;
	if (!saddr)
		saddr = e->prefsrc;
	if (e->mtu)
		rt->mtu = e->mtu;

found_dev:
	if (!netif_running(dev) && dev != loopback_dev) {
		ret = -ENETUNREACH;
		goto out;
	}
	if (!saddr)
		saddr = inet_select_addr(dev, rt->gateway, RT_SCOPE_UNIVERSE);
	if (!saddr && rt->type == RTN_UNICAST) {
		/* no address anywhere: Linux still sends (from 0.0.0.0) */
		saddr = 0;
	}
	rt->saddr = saddr;
	if (!rt->mtu || rt->mtu > dev->mtu)
		rt->mtu = dev->mtu;
	/* lo's MTU is 65536, one more than an IPv4 datagram can be */
	if (rt->mtu > IP_MAX_DATAGRAM)
		rt->mtu = IP_MAX_DATAGRAM;
	dev_hold(dev);
	rt->dev = dev;
out:
	rcu_read_unlock();
	if (!ret && rt->type == RTN_UNICAST) {
		pmtu = ip_rt_get_pmtu(daddr);
		if (pmtu && pmtu < rt->mtu)
			rt->mtu = pmtu;
	}
	return ret;
}

void ip_route_put(struct ip_route *rt)
{
	if (rt->dev)
		dev_put(rt->dev);
	rt->dev = NULL;
}

/* ------------------------------------------------------ path MTU cache */

#define PMTU_SLOTS		32
#define PMTU_EXPIRES		(600 * HZ)	/* RFC 1191 section 6.3: ten minutes */
#define PMTU_MIN		552		/* smallest MTU we believe (Linux's min_pmtu) */

static struct {
	__be32 daddr;
	u32 mtu;
	unsigned long expires;
} pmtu_cache[PMTU_SLOTS];
static DEFINE_SPINLOCK(pmtu_lock);

void ip_rt_update_pmtu(__be32 daddr, u32 mtu)
{
	int slot = -1, oldest = 0;

	if (mtu < 68)
		return;
	if (mtu < PMTU_MIN)
		mtu = PMTU_MIN;
	spin_lock(&pmtu_lock);
	for (int i = 0; i < PMTU_SLOTS; i++) {
		if (pmtu_cache[i].mtu && pmtu_cache[i].daddr == daddr) {
			slot = i;
			break;
		}
		if (!pmtu_cache[i].mtu || time_after(jiffies, pmtu_cache[i].expires)) {
			if (slot < 0)
				slot = i;
		} else if (time_before(pmtu_cache[i].expires, pmtu_cache[oldest].expires)) {
			oldest = i;
		}
	}
	if (slot < 0)
		slot = oldest;
	if (pmtu_cache[slot].daddr != daddr || !pmtu_cache[slot].mtu ||
	    mtu < pmtu_cache[slot].mtu || time_after(jiffies, pmtu_cache[slot].expires)) {
		pmtu_cache[slot].daddr = daddr;
		pmtu_cache[slot].mtu = mtu;
	}
	pmtu_cache[slot].expires = jiffies + PMTU_EXPIRES;
	spin_unlock(&pmtu_lock);
}

u32 ip_rt_get_pmtu(__be32 daddr)
{
	u32 mtu = 0;

	spin_lock(&pmtu_lock);
	for (int i = 0; i < PMTU_SLOTS; i++) {
		if (pmtu_cache[i].mtu && pmtu_cache[i].daddr == daddr) {
			if (time_after(jiffies, pmtu_cache[i].expires))
				pmtu_cache[i].mtu = 0;
			else
				mtu = pmtu_cache[i].mtu;
			break;
		}
	}
	spin_unlock(&pmtu_lock);
	return mtu;
}

/* -------------------------------------------------- SIOCADDRT/SIOCDELRT */

int ip_rt_ioctl(unsigned int cmd, void *uarg)
{
	struct rtentry r;
	struct ip_route_entry e;
	struct sockaddr_in *dst = (struct sockaddr_in *)&r.rt_dst;
	struct sockaddr_in *gw = (struct sockaddr_in *)&r.rt_gateway;
	struct sockaddr_in *mask = (struct sockaddr_in *)&r.rt_genmask;
	struct net_device *dev = NULL;
	char name[IFNAMSIZ];
	u32 m;
	int ret;

	if (cmd != SIOCADDRT && cmd != SIOCDELRT)
		return -ENOIOCTLCMD;
	if (!capable(CAP_NET_ADMIN))
		return -EPERM;
	if (copy_from_user(&r, uarg, sizeof(r)))
		return -EFAULT;
	if (dst->sin_family != AF_INET)
		return -EAFNOSUPPORT;

	memset(&e, 0, sizeof(e));
	e.table = RT_TABLE_MAIN;
	e.type = (r.rt_flags & RTF_REJECT) ? RTN_UNREACHABLE : RTN_UNICAST;
	e.protocol = RTPROT_BOOT;
	e.scope = RT_SCOPE_UNIVERSE;
	e.dst = dst->sin_addr.s_addr;
	if (r.rt_flags & RTF_HOST) {
		e.dst_len = 32;
	} else {
		m = ntohl(mask->sin_addr.s_addr);
		e.dst_len = m ? 32 - __builtin_ctz(m) : 0;
		if (inet_make_mask(e.dst_len) != mask->sin_addr.s_addr)
			return -EINVAL;
		if (e.dst & ~mask->sin_addr.s_addr)
			return -EINVAL;
	}
	/* route(8) passes metric + 1 (0 means "none given") */
	e.priority = r.rt_metric ? r.rt_metric - 1 : 0;
	if (r.rt_flags & RTF_GATEWAY) {
		if (gw->sin_family != AF_INET)
			return -EAFNOSUPPORT;
		e.gateway = gw->sin_addr.s_addr;
	}

	rtnl_lock();
	if (r.rt_dev) {
		if (strncpy_from_user(name, r.rt_dev, IFNAMSIZ) < 0) {
			ret = -EFAULT;
			goto out;
		}
		name[IFNAMSIZ - 1] = 0;
		dev = dev_get_by_name(name);
		if (!dev) {
			ret = -ENODEV;
			goto out;
		}
		e.ifindex = dev->ifindex;
		dev_put(dev);
	} else if (cmd == SIOCADDRT && e.type == RTN_UNICAST) {
		/* no device: the one the gateway (or the destination) is on-link through */
		struct ip_route_entry *d;
		struct rt_node *pos;
		__be32 via = e.gateway ? e.gateway : e.dst;

		rcu_read_lock();
		list_for_each_entry_rcu(pos, &rt_main, list) {
			d = &pos->e;
			if (d->type == RTN_UNICAST && !d->gateway && rt_matches(d, via)) {
				e.ifindex = d->ifindex;
				break;
			}
		}
		rcu_read_unlock();
		if (!e.ifindex) {
			ret = -ENETUNREACH;
			goto out;
		}
	}
	if (cmd == SIOCADDRT) {
		if (!e.gateway)
			e.scope = RT_SCOPE_LINK;
		ret = ip_route_add(&e);
	} else {
		e.type = 0;
		ret = ip_route_del(&e);
	}
out:
	rtnl_unlock();
	return ret;
}

/* -------------------------------------------------------- /proc/net/route */

static int route_proc_line(const struct ip_route_entry *e, void *arg)
{
	struct seq_file *m = arg;
	struct net_device *dev;
	const char *name = "*";

	if (e->table != RT_TABLE_MAIN)
		return 0;
	dev = e->ifindex ? dev_get_by_index_rcu(e->ifindex) : NULL;
	if (dev)
		name = dev->name;
	/* addresses as the raw 32-bit value, printed in hex (Linux's format) */
	seq_setwidth(m, 127);
	seq_printf(m, "%s\t%08X\t%08X\t%04X\t%d\t%u\t%d\t%08X\t%d\t%u\t%u",
		   name, (u32)e->dst, (u32)e->gateway, e->flags, 0, 0, e->priority,
		   (u32)inet_make_mask(e->dst_len), 0, 0, 0);
	seq_pad(m, '\n');
	return 0;
}

static int route_proc_show(struct seq_file *m, void *v)
{
	seq_setwidth(m, 127);
	seq_puts(m, "Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\t"
		    "Mask\t\tMTU\tWindow\tIRTT");
	seq_pad(m, '\n');
	ip_route_for_each(RT_TABLE_MAIN, route_proc_line, m);
	return 0;
}

void ip_rt_init(void)
{
	ip_proc_add("route", route_proc_show);
}
