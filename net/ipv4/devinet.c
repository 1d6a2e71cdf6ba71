// SPDX-License-Identifier: GPL-2.0-only
/*
 * IPv4 addresses of network interfaces.
 *
 * Every net_device gets a struct in_device (dev->ip_ptr) when it is
 * registered (or when it is first given an address).  Its ifa_list holds
 * the interface's addresses, primaries first: an address in a subnet that
 * already has one on the interface is a secondary (IFA_F_SECONDARY).
 * While the device is up each address owns routes (route.c): its local
 * /32 and its subnet broadcast in the local table and its subnet in the
 * main table (a primary only).  Going down drops them (route.c flushes
 * every route through the device), coming up adds them again; the
 * addresses themselves stay.  The loopback device is given 127.0.0.1/8
 * when it comes up without an address.
 *
 * Interface: <linux/inetdevice.h> (inet_addr_add/del, inet_select_addr,
 * inet_gifconf), inet_addr_is_local/broadcast from <net/ip.h>, and
 * devinet_ioctl() for the SIOC[GS]IF{ADDR,NETMASK,BRDADDR,DSTADDR}
 * requests (af_inet.c dispatches).
 *
 * Locking: changes under rtnl_lock(); the lists are RCU lists so that
 * the receive and send paths read them under rcu_read_lock().  A removed
 * address is freed after synchronize_rcu().
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/capability.h>
#include <linux/netdevice.h>
#include <linux/inetdevice.h>
#include <net/ip.h>
#include <net/route.h>
#include <net/arp.h>
#include <net/netlink.h>
#include <uapi/linux/rtnetlink.h>
#include <uapi/linux/sockios.h>
#include <asm/uaccess.h>

int devinet_ioctl(unsigned int cmd, void *uarg);
struct net_device *inet_dev_of_addr(__be32 addr);

static struct in_device *in_dev_create(struct net_device *dev)
{
	struct in_device *idev = __in_dev_get(dev);

	if (idev)
		return idev;
	idev = kzalloc(sizeof(*idev), GFP_KERNEL);
	if (!idev)
		return NULL;
	idev->dev = dev;
	INIT_LIST_HEAD(&idev->ifa_list);
	smp_store_release(&dev->ip_ptr, idev);
	return idev;
}

static bool same_subnet(const struct in_ifaddr *ifa, __be32 addr, __be32 mask)
{
	return ifa->ifa_mask == mask && !((ifa->ifa_local ^ addr) & mask);
}

/* The address that owns @local on @idev, or NULL. */
static struct in_ifaddr *ifa_find_local(struct in_device *idev, __be32 local)
{
	struct in_ifaddr *ifa;

	list_for_each_entry(ifa, &idev->ifa_list, ifa_list)
		if (ifa->ifa_local == local)
			return ifa;
	return NULL;
}

static struct in_ifaddr *ifa_find_label(struct in_device *idev, const char *label)
{
	struct in_ifaddr *ifa;

	list_for_each_entry(ifa, &idev->ifa_list, ifa_list)
		if (!strncmp(ifa->ifa_label, label, IFNAMSIZ))
			return ifa;
	return NULL;
}

static __be32 default_broadcast(__be32 local, u8 prefixlen)
{
	if (prefixlen >= 31)
		return 0;
	return local | ~inet_make_mask(prefixlen);
}

/*
 * Is @addr a broadcast of @ifa: the one configured, or its subnet's
 * all-ones address (which has a broadcast route even when none is
 * configured, as `ip addr add` without `brd` leaves it)?
 */
static bool ifa_is_broadcast(const struct in_ifaddr *ifa, __be32 addr)
{
	if (!addr)
		return false;
	return addr == ifa->ifa_broadcast ||
	       (ifa->ifa_prefixlen < 31 && addr == (ifa->ifa_local | ~ifa->ifa_mask));
}

/* What SIOCSIFADDR gives: a broadcast only on a device that has them (not lo). */
static __be32 dev_default_broadcast(const struct net_device *dev, __be32 local, u8 prefixlen)
{
	return dev->flags & IFF_BROADCAST ? default_broadcast(local, prefixlen) : 0;
}

static int ifa_insert(struct in_device *idev, __be32 local, u8 prefixlen,
		      __be32 broadcast, const char *label, u32 extra_flags)
{
	struct net_device *dev = idev->dev;
	struct in_ifaddr *ifa, *pos, *last_primary = NULL;
	__be32 mask = inet_make_mask(prefixlen);

	if (ifa_find_local(idev, local))
		return -EEXIST;
	ifa = kmalloc(sizeof(*ifa), GFP_KERNEL);
	if (!ifa)
		return -ENOBUFS;
	*ifa = (struct in_ifaddr) {
		.ifa_dev = idev,
		.ifa_local = local, .ifa_address = local,	/* no point-to-point peers */
		.ifa_mask = mask, .ifa_prefixlen = prefixlen,
		.ifa_broadcast = broadcast,
		.ifa_flags = IFA_F_PERMANENT | extra_flags,
		.ifa_scope = (ntohl(local) >> 24) == IN_LOOPBACKNET ? RT_SCOPE_HOST
								    : RT_SCOPE_UNIVERSE,
	};
	strscpy(ifa->ifa_label, label && label[0] ? label : dev->name, IFNAMSIZ);

	list_for_each_entry(pos, &idev->ifa_list, ifa_list) {
		if (pos->ifa_flags & IFA_F_SECONDARY)
			continue;
		last_primary = pos;
		if (same_subnet(pos, local, mask))
			ifa->ifa_flags |= IFA_F_SECONDARY;
	}
	if (ifa->ifa_flags & IFA_F_SECONDARY || !last_primary)
		list_add_tail_rcu(&ifa->ifa_list, &idev->ifa_list);
	else
		list_add_rcu(&ifa->ifa_list, &last_primary->ifa_list);

	/* every change is announced, whichever interface made it (as Linux does) */
	rtmsg_ifa(RTM_NEWADDR, ifa, 0, 0);
	if (netif_running(dev))
		ip_rt_add_ifa_routes(ifa);
	return 0;
}

int inet_addr_add(struct net_device *dev, __be32 local, u8 prefixlen,
		  __be32 broadcast, const char *label)
{
	struct in_device *idev;

	ASSERT_RTNL();
	if (!dev)
		return -ENODEV;
	if (prefixlen > 32 || !local)
		return -EINVAL;
	idev = in_dev_create(dev);
	if (!idev)
		return -ENOBUFS;
	return ifa_insert(idev, local, prefixlen, broadcast, label, 0);
}

/* Unlink @ifa (its routes first); the caller frees after a grace period. */
static void ifa_unlink(struct in_ifaddr *ifa)
{
	rtmsg_ifa(RTM_DELADDR, ifa, 0, 0);
	if (netif_running(ifa->ifa_dev->dev))
		ip_rt_del_ifa_routes(ifa);
	list_del_rcu(&ifa->ifa_list);
}

void arp_dev_down(struct net_device *dev);

/*
 * After addresses left @idev: as on Linux, routes naming a vanished
 * address as their source go (wherever they lead), and a running device
 * left with no address at all loses every route through it and its ARP
 * entries, as if it had gone down.
 */
static void ifa_gone(struct in_device *idev, struct list_head *gone)
{
	struct net_device *dev = idev->dev;
	struct in_ifaddr *ifa;
	bool elsewhere;

	list_for_each_entry(ifa, gone, ifa_list) {
		rcu_read_lock();
		elsewhere = inet_dev_of_addr(ifa->ifa_local) != NULL;
		rcu_read_unlock();
		if (!elsewhere)
			ip_rt_flush_src(ifa->ifa_local);
	}
	if (list_empty(&idev->ifa_list) && netif_running(dev)) {
		ip_rt_flush_dev(dev);
		arp_dev_down(dev);
	}
}

static void ifa_remove(struct in_device *idev, struct in_ifaddr *ifa)
{
	struct in_ifaddr *pos, *next;
	LIST_HEAD(gone);

	/*
	 * Removing a primary takes the secondaries of its subnet with it
	 * (Linux's behaviour unless promote_secondaries is set).
	 */
	if (!(ifa->ifa_flags & IFA_F_SECONDARY)) {
		list_for_each_entry_safe(pos, next, &idev->ifa_list, ifa_list) {
			if (pos == ifa || !(pos->ifa_flags & IFA_F_SECONDARY) ||
			    !same_subnet(pos, ifa->ifa_local, ifa->ifa_mask))
				continue;
			ifa_unlink(pos);
			synchronize_rcu();	/* readers done: reuse the link */
			list_add_tail(&pos->ifa_list, &gone);
		}
	}
	ifa_unlink(ifa);
	synchronize_rcu();
	list_add_tail(&ifa->ifa_list, &gone);
	ifa_gone(idev, &gone);
	list_for_each_entry_safe(pos, next, &gone, ifa_list)
		kfree(pos);
}

int inet_addr_del(struct net_device *dev, __be32 local, u8 prefixlen)
{
	struct in_device *idev;
	struct in_ifaddr *ifa;

	ASSERT_RTNL();
	if (!dev)
		return -ENODEV;
	idev = __in_dev_get(dev);
	if (!idev)
		return -EADDRNOTAVAIL;
	ifa = ifa_find_local(idev, local);
	if (!ifa || (prefixlen <= 32 && prefixlen != ifa->ifa_prefixlen))
		return -EADDRNOTAVAIL;
	ifa_remove(idev, ifa);
	return 0;
}

static bool ifa_usable(const struct in_ifaddr *ifa, int scope)
{
	return !(ifa->ifa_flags & IFA_F_SECONDARY) && ifa->ifa_scope <= scope;
}

__be32 inet_select_addr(const struct net_device *dev, __be32 dst, int scope)
{
	struct in_device *idev;
	struct in_ifaddr *ifa;
	struct net_device *d;
	__be32 first = 0;

	rcu_read_lock();
	idev = dev ? __in_dev_get(dev) : NULL;
	if (idev) {
		/* RFC 1122 3.3.4.3: an address of the outgoing interface, on-link one if any */
		list_for_each_entry_rcu(ifa, &idev->ifa_list, ifa_list) {
			if (!ifa_usable(ifa, scope))
				continue;
			if (!first)
				first = ifa->ifa_local;
			if (dst && !((ifa->ifa_local ^ dst) & ifa->ifa_mask)) {
				first = ifa->ifa_local;
				break;
			}
		}
	}
	if (!first && scope != RT_SCOPE_HOST) {
		/* none there: any global address of another interface */
		for_each_netdev_rcu(d) {
			idev = __in_dev_get(d);
			if (!idev || d == dev)
				continue;
			list_for_each_entry_rcu(ifa, &idev->ifa_list, ifa_list) {
				if (ifa_usable(ifa, scope) && ifa->ifa_scope == RT_SCOPE_UNIVERSE) {
					first = ifa->ifa_local;
					goto out;
				}
			}
		}
	}
out:
	rcu_read_unlock();
	return first;
}

/* The device owning @addr (rcu_read_lock held), or NULL. */
struct net_device *inet_dev_of_addr(__be32 addr)
{
	struct net_device *dev;
	struct in_device *idev;
	struct in_ifaddr *ifa;

	for_each_netdev_rcu(dev) {
		idev = __in_dev_get(dev);
		if (!idev)
			continue;
		list_for_each_entry_rcu(ifa, &idev->ifa_list, ifa_list)
			if (ifa->ifa_local == addr)
				return dev;
	}
	return NULL;
}

bool inet_addr_is_local(__be32 addr)
{
	bool ret;

	if (!addr)
		return false;
	/* the whole of 127/8 is local while lo has its address (Linux's local route) */
	if ((ntohl(addr) >> 24) == IN_LOOPBACKNET)
		return loopback_dev && netif_running(loopback_dev) &&
		       __in_dev_get(loopback_dev) &&
		       !list_empty(&((struct in_device *)__in_dev_get(loopback_dev))->ifa_list);
	rcu_read_lock();
	ret = inet_dev_of_addr(addr) != NULL;
	rcu_read_unlock();
	return ret;
}

/* Is @addr a broadcast address of one of @idev's addresses?  rcu_read_lock() held. */
static bool idev_has_broadcast(const struct in_device *idev, __be32 addr)
{
	struct in_ifaddr *ifa;

	if (!idev)
		return false;
	list_for_each_entry_rcu(ifa, &idev->ifa_list, ifa_list)
		if (ifa_is_broadcast(ifa, addr))
			return true;
	return false;
}

bool inet_addr_is_broadcast(__be32 addr)
{
	struct net_device *dev;
	bool ret = false;

	if (addr == htonl(INADDR_BROADCAST))
		return true;
	rcu_read_lock();
	for_each_netdev_rcu(dev) {
		ret = idev_has_broadcast(__in_dev_get(dev), addr);
		if (ret)
			break;
	}
	rcu_read_unlock();
	return ret;
}

/* Is @addr the (sub)net broadcast of an address on @dev? */
bool inet_dev_is_broadcast(const struct net_device *dev, __be32 addr)
{
	bool ret;

	if (addr == htonl(INADDR_BROADCAST))
		return true;
	rcu_read_lock();
	ret = idev_has_broadcast(__in_dev_get(dev), addr);
	rcu_read_unlock();
	return ret;
}

/* ------------------------------------------------------------ ioctls */

static int write_ifreq(char *ubuf, const char *label, __be32 addr)
{
	struct ifreq ifr;
	struct sockaddr_in *sin = (struct sockaddr_in *)&ifr.ifr_addr;

	memset(&ifr, 0, sizeof(ifr));
	strscpy(ifr.ifr_name, label, IFNAMSIZ);
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = addr;
	if (copy_to_user(ubuf, &ifr, sizeof(ifr)))
		return -EFAULT;
	return 0;
}

int inet_gifconf(struct net_device *dev, char *ubuf, int len)
{
	struct in_device *idev = __in_dev_get(dev);
	struct in_ifaddr *ifa;
	int done = 0, err;

	if (!idev)
		return 0;
	list_for_each_entry(ifa, &idev->ifa_list, ifa_list) {
		if (ubuf) {
			if (len - done < (int)sizeof(struct ifreq))
				break;
			err = write_ifreq(ubuf + done, ifa->ifa_label, ifa->ifa_local);
			if (err)
				return err;
		}
		done += sizeof(struct ifreq);
	}
	return done;
}

/* Classful default prefix for an address set with SIOCSIFADDR alone. */
static u8 classful_prefix(__be32 addr)
{
	u32 a = ntohl(addr);

	if (!(a & 0x80000000))
		return 8;
	if ((a & 0xc0000000) == 0x80000000)
		return 16;
	if ((a & 0xe0000000) == 0xc0000000)
		return 24;
	return 32;
}

static int mask_to_prefix(__be32 mask)
{
	u32 m = ntohl(mask);
	int len = m ? 32 - __builtin_ctz(m) : 0;

	if (inet_make_mask(len) != mask)
		return -EINVAL;
	return len;
}

/* Replace @ifa by one with new parameters, keeping its label and place in user view. */
static int ifa_change(struct in_device *idev, struct in_ifaddr *ifa, __be32 local,
		      u8 prefixlen, __be32 bcast)
{
	char label[IFNAMSIZ];

	memcpy(label, ifa->ifa_label, IFNAMSIZ);
	ifa_remove(idev, ifa);
	return ifa_insert(idev, local, prefixlen, bcast, label, 0);
}

int devinet_ioctl(unsigned int cmd, void *uarg)
{
	struct ifreq ifr;
	struct sockaddr_in *sin = (struct sockaddr_in *)&ifr.ifr_addr;
	struct net_device *dev;
	struct in_device *idev;
	struct in_ifaddr *ifa;
	char devname[IFNAMSIZ], *colon;
	bool setter;
	__be32 val;
	int ret, plen;

	switch (cmd) {
	case SIOCGIFADDR: case SIOCGIFBRDADDR: case SIOCGIFNETMASK: case SIOCGIFDSTADDR:
		setter = false;
		break;
	case SIOCSIFADDR: case SIOCSIFBRDADDR: case SIOCSIFNETMASK: case SIOCSIFDSTADDR:
		setter = true;
		break;
	default:
		return -ENOIOCTLCMD;
	}
	if (copy_from_user(&ifr, uarg, sizeof(ifr)))
		return -EFAULT;
	ifr.ifr_name[IFNAMSIZ - 1] = 0;
	memcpy(devname, ifr.ifr_name, IFNAMSIZ);
	colon = strchr(devname, ':');
	if (colon)
		*colon = 0;
	if (setter) {
		if (!capable(CAP_NET_ADMIN))
			return -EPERM;
		if (sin->sin_family != AF_INET)
			return -EINVAL;
	}
	val = sin->sin_addr.s_addr;

	rtnl_lock();
	dev = dev_get_by_name(devname);
	if (!dev) {
		ret = -ENODEV;
		goto out_unlock;
	}
	idev = __in_dev_get(dev);
	ifa = idev ? ifa_find_label(idev, ifr.ifr_name) : NULL;
	if (!setter || cmd != SIOCSIFADDR) {
		if (!ifa) {
			ret = -EADDRNOTAVAIL;
			goto out;
		}
	}

	ret = 0;
	memset(&ifr.ifr_ifru, 0, sizeof(ifr.ifr_ifru));
	sin->sin_family = AF_INET;
	switch (cmd) {
	case SIOCGIFADDR:
		sin->sin_addr.s_addr = ifa->ifa_local;
		break;
	case SIOCGIFBRDADDR:
		sin->sin_addr.s_addr = ifa->ifa_broadcast;
		break;
	case SIOCGIFNETMASK:
		sin->sin_addr.s_addr = ifa->ifa_mask;
		break;
	case SIOCGIFDSTADDR:
		sin->sin_addr.s_addr = ifa->ifa_address;
		break;
	case SIOCSIFADDR:
		if (!ifa) {
			idev = in_dev_create(dev);
			if (!idev) {
				ret = -ENOBUFS;
				break;
			}
			if (!val)
				break;
			plen = classful_prefix(val);
			ret = ifa_insert(idev, val, plen, dev_default_broadcast(dev, val, plen),
					 ifr.ifr_name, 0);
		} else if (!val) {
			/* address 0: remove the alias / address */
			ifa_remove(idev, ifa);
		} else if (ifa->ifa_local != val) {
			/* a new address starts over from its class, as on Linux */
			plen = classful_prefix(val);
			ret = ifa_change(idev, ifa, val, plen, dev_default_broadcast(dev, val, plen));
		}
		break;
	case SIOCSIFNETMASK:
		plen = mask_to_prefix(val);
		if (plen < 0) {
			ret = -EINVAL;
			break;
		}
		if (plen != ifa->ifa_prefixlen) {
			__be32 bcast = ifa->ifa_broadcast;

			/* a broadcast that followed the old mask follows the new one */
			if (bcast == default_broadcast(ifa->ifa_local, ifa->ifa_prefixlen))
				bcast = dev_default_broadcast(dev, ifa->ifa_local, plen);
			ret = ifa_change(idev, ifa, ifa->ifa_local, plen, bcast);
		}
		break;
	case SIOCSIFBRDADDR:
		if (ifa->ifa_broadcast != val)
			ret = ifa_change(idev, ifa, ifa->ifa_local, ifa->ifa_prefixlen, val);
		break;
	case SIOCSIFDSTADDR:
		/* only point-to-point links have a peer; none of ours is */
		ret = -EINVAL;
		break;
	}
	if (!ret && !setter && copy_to_user(uarg, &ifr, sizeof(ifr)))
		ret = -EFAULT;
out:
	dev_put(dev);
out_unlock:
	rtnl_unlock();
	return ret;
}

/* ------------------------------------------------- device events */

static void inetdev_up(struct net_device *dev)
{
	struct in_device *idev = in_dev_create(dev);
	struct in_ifaddr *ifa;

	if (!idev)
		return;
	if ((dev->flags & IFF_LOOPBACK) && list_empty(&idev->ifa_list)) {
		/* lo: 127.0.0.1/8 without a broadcast, as Linux gives it */
		ifa_insert(idev, htonl(INADDR_LOOPBACK), 8, 0, NULL, 0);
		return;		/* ifa_insert added the routes */
	}
	list_for_each_entry(ifa, &idev->ifa_list, ifa_list)
		ip_rt_add_ifa_routes(ifa);
}

static void inetdev_destroy(struct net_device *dev)
{
	struct in_device *idev = __in_dev_get(dev);
	struct in_ifaddr *ifa, *next;

	if (!idev)
		return;
	list_for_each_entry_safe(ifa, next, &idev->ifa_list, ifa_list)
		list_del_rcu(&ifa->ifa_list);
	WRITE_ONCE(dev->ip_ptr, NULL);
	synchronize_rcu();
	list_for_each_entry_safe(ifa, next, &idev->ifa_list, ifa_list)
		kfree(ifa);
	kfree(idev);
}

static void inetdev_event(struct netdev_notifier *nb, enum netdev_event ev,
			  struct net_device *dev)
{
	switch (ev) {
	case NETDEV_REGISTER:
		in_dev_create(dev);
		break;
	case NETDEV_UP:
		inetdev_up(dev);
		break;
	case NETDEV_DOWN:
		ip_rt_flush_dev(dev);
		arp_dev_down(dev);
		break;
	case NETDEV_UNREGISTER:
		ip_rt_flush_dev(dev);
		arp_dev_down(dev);
		inetdev_destroy(dev);
		break;
	default:
		break;
	}
}

static struct netdev_notifier inetdev_notifier = {
	.event = inetdev_event,
};

void devinet_init(void)
{
	/* replays REGISTER (and UP) for the devices already there, under rtnl */
	register_netdevice_notifier(&inetdev_notifier);
}
