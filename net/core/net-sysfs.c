// SPDX-License-Identifier: GPL-2.0-only
/*
 * /sys/class/net/<interface>: the "net" class, one directory per
 * registered device (below its parent's directory, or under
 * /sys/devices/virtual/net), the "device" link to the parent and the
 * attribute files, in Linux's formats:
 *
 *   address broadcast  hardware addresses, "xx:xx:..."
 *   addr_len type ifindex iflink dev_id mtu tx_queue_len flags
 *   operstate          unknown/notpresent/down/lowerlayerdown/testing/dormant/up
 *   carrier            1 or 0; EINVAL while the interface is down
 *   speed duplex       Mb/s (-1 unknown) and full/half/unknown, from the
 *                      driver's ethtool_ops; EINVAL while down or when
 *                      the driver has none
 *   statistics/        one file per struct rtnl_link_stats64 counter
 *
 * mtu, tx_queue_len and flags are writable (CAP_NET_ADMIN), like the
 * corresponding ioctls.
 *
 * Interface: netdev_sysfs_init/add/del (net/core/dev.h).  Locking: reads
 * take no lock (single fields); writes take rtnl.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/device.h>
#include <linux/sysfs.h>
#include <linux/kstrtox.h>
#include <linux/capability.h>
#include <linux/netdevice.h>
#include <linux/ethtool.h>
#include "dev.h"

static struct class net_class = {
	.name = "net",
};

static struct net_device *to_net_dev(struct device *d)
{
	return container_of(d, struct net_device, dev);
}

static ssize_t format_hwaddr(char *buf, const unsigned char *addr, unsigned int len)
{
	ssize_t n = 0;

	for (unsigned int i = 0; i < len; i++)
		n += sprintf(buf + n, i ? ":%02x" : "%02x", addr[i]);
	buf[n++] = '\n';
	buf[n] = '\0';
	return n;
}

static ssize_t address_show(struct device *d, struct device_attribute *attr, char *buf)
{
	struct net_device *dev = to_net_dev(d);

	return format_hwaddr(buf, dev->dev_addr, dev->addr_len);
}
static DEVICE_ATTR_RO(address);

static ssize_t broadcast_show(struct device *d, struct device_attribute *attr, char *buf)
{
	struct net_device *dev = to_net_dev(d);

	return format_hwaddr(buf, dev->broadcast, dev->addr_len);
}
static DEVICE_ATTR_RO(broadcast);

/* Read-only number files: one line, printed with @fmt. */
#define NETDEV_SHOW(field, fmt)							\
static ssize_t field##_show(struct device *d, struct device_attribute *attr, char *buf) \
{										\
	return sprintf(buf, fmt "\n", to_net_dev(d)->field);			\
}

NETDEV_SHOW(addr_len, "%u")
static DEVICE_ATTR_RO(addr_len);
NETDEV_SHOW(type, "%u")
static DEVICE_ATTR_RO(type);
NETDEV_SHOW(ifindex, "%d")
static DEVICE_ATTR_RO(ifindex);
NETDEV_SHOW(mtu, "%u")
NETDEV_SHOW(tx_queue_len, "%u")
NETDEV_SHOW(flags, "%#x")

/* No stacked devices: every interface is its own link. */
static ssize_t iflink_show(struct device *d, struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "%d\n", to_net_dev(d)->ifindex);
}
static DEVICE_ATTR_RO(iflink);

static ssize_t dev_id_show(struct device *d, struct device_attribute *attr, char *buf)
{
	return sprintf(buf, "0x0\n");
}
static DEVICE_ATTR_RO(dev_id);

static ssize_t carrier_show(struct device *d, struct device_attribute *attr, char *buf)
{
	struct net_device *dev = to_net_dev(d);

	if (!netif_running(dev))
		return -EINVAL;
	return sprintf(buf, "%d\n", netif_carrier_ok(dev) ? 1 : 0);
}
static DEVICE_ATTR_RO(carrier);

/* The driver's link settings, for an interface that is up. */
static int netdev_link_settings(struct net_device *dev, struct ethtool_link_ksettings *ks)
{
	if (!netif_running(dev) || !dev->ethtool_ops || !dev->ethtool_ops->get_link_ksettings)
		return -EINVAL;
	memset(ks, 0, sizeof(*ks));
	return dev->ethtool_ops->get_link_ksettings(dev, ks);
}

static ssize_t speed_show(struct device *d, struct device_attribute *attr, char *buf)
{
	struct ethtool_link_ksettings ks;
	int err = netdev_link_settings(to_net_dev(d), &ks);

	return err ? err : sprintf(buf, "%d\n", ks.base.speed);
}
static DEVICE_ATTR_RO(speed);

static ssize_t duplex_show(struct device *d, struct device_attribute *attr, char *buf)
{
	struct ethtool_link_ksettings ks;
	int err = netdev_link_settings(to_net_dev(d), &ks);

	if (err)
		return err;
	return sprintf(buf, "%s\n", ks.base.duplex == DUPLEX_FULL ? "full" :
		       ks.base.duplex == DUPLEX_HALF ? "half" : "unknown");
}
static DEVICE_ATTR_RO(duplex);

static const char *const operstate_names[] = {
	[IF_OPER_UNKNOWN] = "unknown",
	[IF_OPER_NOTPRESENT] = "notpresent",
	[IF_OPER_DOWN] = "down",
	[IF_OPER_LOWERLAYERDOWN] = "lowerlayerdown",
	[IF_OPER_TESTING] = "testing",
	[IF_OPER_DORMANT] = "dormant",
	[IF_OPER_UP] = "up",
};

static ssize_t operstate_show(struct device *d, struct device_attribute *attr, char *buf)
{
	struct net_device *dev = to_net_dev(d);
	unsigned int state = READ_ONCE(dev->operstate);

	if (!netif_running(dev))
		state = IF_OPER_DOWN;
	if (state >= ARRAY_SIZE(operstate_names))
		state = IF_OPER_UNKNOWN;
	return sprintf(buf, "%s\n", operstate_names[state]);
}
static DEVICE_ATTR_RO(operstate);

/* Parse a number written to a file and apply it under rtnl. */
static ssize_t netdev_store(struct device *d, const char *buf, size_t count,
			    int (*apply)(struct net_device *dev, unsigned long val))
{
	unsigned long val;
	int err;

	if (!capable(CAP_NET_ADMIN))
		return -EPERM;
	err = kstrtoul(buf, 0, &val);
	if (err)
		return err;
	rtnl_lock();
	err = apply(to_net_dev(d), val);
	rtnl_unlock();
	return err ? err : (ssize_t)count;
}

static int apply_mtu(struct net_device *dev, unsigned long val)
{
	return val > INT_MAX ? -EINVAL : dev_set_mtu(dev, val);
}

static int apply_flags(struct net_device *dev, unsigned long val)
{
	return dev_change_flags(dev, val);
}

static ssize_t mtu_store(struct device *d, struct device_attribute *attr, const char *buf,
			 size_t count)
{
	return netdev_store(d, buf, count, apply_mtu);
}
static DEVICE_ATTR_RW(mtu);

static ssize_t tx_queue_len_store(struct device *d, struct device_attribute *attr,
				  const char *buf, size_t count)
{
	return netdev_store(d, buf, count, dev_change_tx_queue_len);
}
static DEVICE_ATTR_RW(tx_queue_len);

static ssize_t flags_store(struct device *d, struct device_attribute *attr, const char *buf,
			   size_t count)
{
	return netdev_store(d, buf, count, apply_flags);
}
static DEVICE_ATTR_RW(flags);

static struct attribute *netdev_attrs[] = {
	&dev_attr_address.attr,
	&dev_attr_broadcast.attr,
	&dev_attr_addr_len.attr,
	&dev_attr_type.attr,
	&dev_attr_ifindex.attr,
	&dev_attr_iflink.attr,
	&dev_attr_dev_id.attr,
	&dev_attr_mtu.attr,
	&dev_attr_tx_queue_len.attr,
	&dev_attr_flags.attr,
	&dev_attr_carrier.attr,
	&dev_attr_operstate.attr,
	&dev_attr_speed.attr,
	&dev_attr_duplex.attr,
	NULL,
};

static const struct attribute_group netdev_group = {
	.attrs = netdev_attrs,
};

/* ------------------------------------------------------------ statistics/ */

/* One file per counter: the show routine finds the counter by offset. */
struct netstat_attribute {
	struct device_attribute dattr;
	size_t offset;			/* in struct rtnl_link_stats64 */
};

static ssize_t netstat_show(struct device *d, struct device_attribute *attr, char *buf)
{
	const struct netstat_attribute *na = container_of(attr, struct netstat_attribute, dattr);
	struct rtnl_link_stats64 s;

	dev_get_stats(to_net_dev(d), &s);
	return sprintf(buf, "%llu\n", *(const u64 *)((const char *)&s + na->offset));
}

#define NETSTAT(field) {							\
	.dattr = __ATTR(field, 0444, netstat_show, NULL),			\
	.offset = offsetof(struct rtnl_link_stats64, field),			\
}

/* The statistics/ files: every counter of struct rtnl_link_stats64, in its order. */
static struct netstat_attribute netstat_files[] = {
	NETSTAT(rx_packets), NETSTAT(tx_packets), NETSTAT(rx_bytes), NETSTAT(tx_bytes),
	NETSTAT(rx_errors), NETSTAT(tx_errors), NETSTAT(rx_dropped), NETSTAT(tx_dropped),
	NETSTAT(multicast), NETSTAT(collisions), NETSTAT(rx_length_errors),
	NETSTAT(rx_over_errors), NETSTAT(rx_crc_errors), NETSTAT(rx_frame_errors),
	NETSTAT(rx_fifo_errors), NETSTAT(rx_missed_errors), NETSTAT(tx_aborted_errors),
	NETSTAT(tx_carrier_errors), NETSTAT(tx_fifo_errors), NETSTAT(tx_heartbeat_errors),
	NETSTAT(tx_window_errors), NETSTAT(rx_compressed), NETSTAT(tx_compressed),
	NETSTAT(rx_nohandler),
};

/* Filled from netstat_files by netdev_sysfs_init(). */
static struct attribute *netstat_attrs[ARRAY_SIZE(netstat_files) + 1];

static const struct attribute_group netstat_group = {
	.name = "statistics",
	.attrs = netstat_attrs,
};

static const struct attribute_group *netdev_groups[] = {
	&netdev_group,
	&netstat_group,
	NULL,
};

/* ------------------------------------------------------------ registration */

int netdev_sysfs_add(struct net_device *dev)
{
	struct device *d = &dev->dev;
	int err;

	d->class = &net_class;
	d->parent = dev->parent;
	d->groups = netdev_groups;
	dev_set_drvdata(d, dev);
	err = dev_set_name(d, "%s", dev->name);
	if (err)
		return err;
	err = device_add(d);
	if (err)
		return err;
	if (dev->parent) {
		err = sysfs_create_link(&d->kobj, &dev->parent->kobj, "device");
		if (err) {
			device_del(d);
			return err;
		}
	}
	return 0;
}

void netdev_sysfs_del(struct net_device *dev)
{
	if (dev->parent)
		sysfs_remove_link(&dev->dev.kobj, "device");
	device_del(&dev->dev);
}

int __init netdev_sysfs_init(void)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(netstat_files); i++)
		netstat_attrs[i] = &netstat_files[i].dattr.attr;
	return class_register(&net_class);
}
