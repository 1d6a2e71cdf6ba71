// SPDX-License-Identifier: GPL-2.0-only
/*
 * The interface ioctls every socket answers (netdevice(7)): an ifreq
 * names the interface (or gives its index) and carries one value in or
 * out.  Reading needs nothing; changing needs CAP_NET_ADMIN.
 *
 *   SIOCGIFNAME SIOCGIFINDEX SIOCGIFFLAGS SIOCSIFFLAGS SIOCGIFMETRIC
 *   SIOCGIFMTU SIOCSIFMTU SIOCGIFHWADDR SIOCSIFHWADDR SIOCGIFTXQLEN
 *   SIOCSIFTXQLEN SIOCSIFNAME SIOCGIFMAP SIOCGIFCONF
 *
 * SIOCGIFCONF lists the IPv4 addresses, which net/ipv4 formats
 * (inet_gifconf()).  Errors: EFAULT for bad pointers, ENODEV for an
 * unknown interface, EPERM without the capability, ENOIOCTLCMD for a
 * command that is not one of these (the caller then says ENOTTY).
 *
 * Interface: dev_ioctl().  Locking: changes take rtnl; reads of single
 * fields do not.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/capability.h>
#include <linux/rcupdate.h>
#include <linux/inetdevice.h>
#include <linux/netdevice.h>
#include <uapi/linux/sockios.h>
#include <asm/uaccess.h>
#include "dev.h"

static int dev_ifconf(void *uarg)
{
	struct net_device *dev;
	struct ifconf ifc;
	int total = 0, err = 0;

	if (copy_from_user(&ifc, uarg, sizeof(ifc)))
		return -EFAULT;
	if (ifc.ifc_buf && ifc.ifc_len < 0)
		return -EINVAL;
	rtnl_lock();
	for_each_netdev(dev) {
		int n = ifc.ifc_buf ? inet_gifconf(dev, ifc.ifc_buf + total, ifc.ifc_len - total)
				    : inet_gifconf(dev, NULL, 0);

		if (n < 0) {
			err = n;
			break;
		}
		total += n;
	}
	rtnl_unlock();
	if (err)
		return err;
	ifc.ifc_len = total;
	return copy_to_user(uarg, &ifc, sizeof(ifc)) ? -EFAULT : 0;
}

/* Commands that only read. */
static int dev_ifreq_get(unsigned int cmd, struct ifreq *ifr)
{
	struct net_device *dev;
	int err = 0;

	rcu_read_lock();
	if (cmd == SIOCGIFNAME)
		dev = dev_get_by_index_rcu(ifr->ifr_ifindex);
	else
		dev = dev_get_by_name_rcu(ifr->ifr_name);
	if (!dev) {
		rcu_read_unlock();
		return -ENODEV;
	}
	switch (cmd) {
	case SIOCGIFNAME:
		strscpy_pad(ifr->ifr_name, dev->name, IFNAMSIZ);
		break;
	case SIOCGIFINDEX:
		ifr->ifr_ifindex = dev->ifindex;
		break;
	case SIOCGIFFLAGS:
		ifr->ifr_flags = (short)dev_get_flags(dev);
		break;
	case SIOCGIFMETRIC:
		ifr->ifr_metric = 0;
		break;
	case SIOCGIFMTU:
		ifr->ifr_mtu = dev->mtu;
		break;
	case SIOCGIFHWADDR:
		memset(&ifr->ifr_hwaddr, 0, sizeof(ifr->ifr_hwaddr));
		memcpy(ifr->ifr_hwaddr.sa_data, dev->dev_addr,
		       min_t(size_t, dev->addr_len, sizeof(ifr->ifr_hwaddr.sa_data)));
		ifr->ifr_hwaddr.sa_family = dev->type;
		break;
	case SIOCGIFTXQLEN:
		ifr->ifr_qlen = dev->tx_queue_len;
		break;
	case SIOCGIFMAP:
		memset(&ifr->ifr_map, 0, sizeof(ifr->ifr_map));
		break;
	default:
		err = -ENOIOCTLCMD;
	}
	rcu_read_unlock();
	return err;
}

/* Commands that change the interface: CAP_NET_ADMIN, under rtnl. */
static int dev_ifreq_set(unsigned int cmd, struct ifreq *ifr)
{
	struct net_device *dev;
	int err;

	if (!capable(CAP_NET_ADMIN))
		return -EPERM;
	rtnl_lock();
	dev = __dev_get_by_name(ifr->ifr_name);
	if (!dev) {
		rtnl_unlock();
		return -ENODEV;
	}
	switch (cmd) {
	case SIOCSIFFLAGS:
		/* ifr_flags holds the low 16 bits; the rest stay. */
		err = dev_change_flags(dev, (dev->flags & ~0xffffU) |
				       (unsigned short)ifr->ifr_flags);
		break;
	case SIOCSIFMTU:
		err = dev_set_mtu(dev, ifr->ifr_mtu);
		break;
	case SIOCSIFHWADDR:
		err = dev_set_mac_address(dev, &ifr->ifr_hwaddr);
		break;
	case SIOCSIFTXQLEN:
		err = ifr->ifr_qlen < 0 ? -EINVAL : dev_change_tx_queue_len(dev, ifr->ifr_qlen);
		break;
	case SIOCSIFNAME:
		ifr->ifr_newname[IFNAMSIZ - 1] = '\0';
		err = dev_change_name(dev, ifr->ifr_newname);
		break;
	default:
		err = -ENOIOCTLCMD;
	}
	rtnl_unlock();
	return err;
}

int dev_ioctl(unsigned int cmd, void *uarg)
{
	struct ifreq ifr;
	bool reads;
	int err;

	switch (cmd) {
	case SIOCGIFCONF:
		return dev_ifconf(uarg);
	case SIOCGIFNAME:
	case SIOCGIFINDEX:
	case SIOCGIFFLAGS:
	case SIOCGIFMETRIC:
	case SIOCGIFMTU:
	case SIOCGIFHWADDR:
	case SIOCGIFTXQLEN:
	case SIOCGIFMAP:
		reads = true;
		break;
	case SIOCSIFFLAGS:
	case SIOCSIFMTU:
	case SIOCSIFHWADDR:
	case SIOCSIFTXQLEN:
	case SIOCSIFNAME:
		reads = false;
		break;
	default:
		return -ENOIOCTLCMD;
	}
	if (copy_from_user(&ifr, uarg, sizeof(ifr)))
		return -EFAULT;
	ifr.ifr_name[IFNAMSIZ - 1] = '\0';
	if (!reads)
		return dev_ifreq_set(cmd, &ifr);
	err = dev_ifreq_get(cmd, &ifr);
	if (err)
		return err;
	return copy_to_user(uarg, &ifr, sizeof(ifr)) ? -EFAULT : 0;
}
