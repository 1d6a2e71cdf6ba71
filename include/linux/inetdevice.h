/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * IPv4 addresses of interfaces (net/ipv4/devinet.c): the per-device
 * struct in_device (dev->ip_ptr) with its list of struct in_ifaddr, and
 * the operations the ioctls (SIOC[GS]IFADDR...) and rtnetlink
 * (RTM_NEWADDR/DELADDR/GETADDR) share.  Adding an address also adds its
 * local, broadcast and subnet routes; removing it removes them.
 *
 * Locking: changes under rtnl_lock(); readers walk ifa_list under rtnl or
 * rcu_read_lock().
 */
#ifndef _LINUX_INETDEVICE_H
#define _LINUX_INETDEVICE_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/netdevice.h>
#include <asm/byteorder.h>

struct in_ifaddr {
	struct list_head ifa_list;	/* on in_device->ifa_list, primary first */
	struct in_device *ifa_dev;
	__be32 ifa_local;		/* our address */
	__be32 ifa_address;		/* peer address (== local except point-to-point) */
	__be32 ifa_mask;
	__be32 ifa_broadcast;
	u8 ifa_prefixlen;
	u8 ifa_scope;			/* RT_SCOPE_* (host for 127/8, universe otherwise) */
	u32 ifa_flags;			/* IFA_F_* (IFA_F_PERMANENT, IFA_F_SECONDARY) */
	char ifa_label[IFNAMSIZ];	/* "eth0" or "eth0:1" */
};

struct in_device {
	struct net_device *dev;
	struct list_head ifa_list;
};

static inline struct in_device *__in_dev_get(const struct net_device *dev)
{
	return dev->ip_ptr;
}

/* Route scopes (rtm_scope, ifa_scope). */
enum rt_scope_t {
	RT_SCOPE_UNIVERSE = 0,
	RT_SCOPE_SITE = 200,
	RT_SCOPE_LINK = 253,
	RT_SCOPE_HOST = 254,
	RT_SCOPE_NOWHERE = 255,
};

#define IFA_F_SECONDARY		0x01
#define IFA_F_PERMANENT		0x80

/* Add / remove an address (rtnl held).  -EEXIST, -EADDRNOTAVAIL, -ENODEV, -EINVAL. */
int inet_addr_add(struct net_device *dev, __be32 local, u8 prefixlen,
		  __be32 broadcast, const char *label);
int inet_addr_del(struct net_device *dev, __be32 local, u8 prefixlen);
/* The first (primary) address of @dev of scope up to @scope, or 0. */
__be32 inet_select_addr(const struct net_device *dev, __be32 dst, int scope);
/* SIOCGIFCONF's work for one device: write ifreqs to @ubuf (NULL: count); bytes or -EFAULT. */
int inet_gifconf(struct net_device *dev, char *ubuf, int len);

static inline __be32 inet_make_mask(int prefixlen)
{
	return prefixlen ? cpu_to_be32(~0U << (32 - prefixlen)) : 0;
}

#endif /* _LINUX_INETDEVICE_H */
