// SPDX-License-Identifier: GPL-2.0-only
/*
 * Network devices: allocation and registration, configuration (up/down,
 * flags, MTU, hardware address, name), lookups, the notifier chain, the
 * transmit path with its per-device backlog ("qdisc"), and carrier /
 * operational state.  Receiving (NAPI, the netrx threads, handler
 * dispatch) is in netrx.c.
 *
 * Interface: include/linux/netdevice.h.  A driver calls alloc_netdev()
 * (or alloc_etherdev()), register_netdev(); the stack calls
 * dev_queue_xmit() to send; user space reaches dev_open()/dev_close(),
 * dev_change_flags(), dev_set_mtu()... through ioctls and rtnetlink.
 *
 * Locking:
 *  - rtnl_mutex serialises every configuration change, registration and
 *    the notifier calls; a device's flags, mtu, name and addresses change
 *    only under it.
 *  - net_devices is changed under rtnl with the RCU list primitives, so
 *    readers may walk it under rcu_read_lock() instead.
 *  - dev->tx_lock serialises ->ndo_start_xmit() and the qdisc drain; it is
 *    never taken from hard-irq (netif_wake_queue() defers the drain to
 *    net_wq), so a plain spinlock.
 *  - dev->refcnt counts dev_hold() references; unregistering waits for it
 *    to fall to zero before the sysfs directory goes.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/mutex.h>
#include <linux/delay.h>
#include <linux/rculist.h>
#include <linux/rcupdate.h>
#include <linux/workqueue.h>
#include <linux/netdevice.h>
#include "dev.h"

/* Linux's default transmit queue length, in frames. */
#define DEFAULT_TX_QUEUE_LEN	1000

struct workqueue_struct *net_wq;
LIST_HEAD(net_devices);

static DEFINE_MUTEX(rtnl_mutex);
static LIST_HEAD(netdev_notifiers);		/* rtnl */
static int next_ifindex = 1;			/* rtnl; lo takes 1 */

/* ------------------------------------------------------------ rtnl and events */

void rtnl_lock(void)
{
	mutex_lock(&rtnl_mutex);
}

void rtnl_unlock(void)
{
	mutex_unlock(&rtnl_mutex);
}

bool rtnl_is_locked(void)
{
	return mutex_is_locked(&rtnl_mutex);
}

static void netdev_notify(enum netdev_event ev, struct net_device *dev)
{
	struct netdev_notifier *nb;

	ASSERT_RTNL();
	list_for_each_entry(nb, &netdev_notifiers, list)
		nb->event(nb, ev, dev);
}

/*
 * A protocol that starts after some devices exist still hears about
 * them: it is told REGISTER (and UP for open devices) for each.
 */
void register_netdevice_notifier(struct netdev_notifier *nb)
{
	struct net_device *dev;

	rtnl_lock();
	list_add_tail(&nb->list, &netdev_notifiers);
	for_each_netdev(dev) {
		nb->event(nb, NETDEV_REGISTER, dev);
		if (dev->flags & IFF_UP)
			nb->event(nb, NETDEV_UP, dev);
	}
	rtnl_unlock();
}

void unregister_netdevice_notifier(struct netdev_notifier *nb)
{
	rtnl_lock();
	list_del(&nb->list);
	rtnl_unlock();
}

/* ------------------------------------------------------------ lookups */

struct net_device *__dev_get_by_name(const char *name)
{
	struct net_device *dev;

	for_each_netdev_rcu(dev)
		if (!strncmp(dev->name, name, IFNAMSIZ))
			return dev;
	return NULL;
}

struct net_device *dev_get_by_name_rcu(const char *name)
{
	return __dev_get_by_name(name);
}

struct net_device *dev_get_by_index_rcu(int ifindex)
{
	struct net_device *dev;

	for_each_netdev_rcu(dev)
		if (dev->ifindex == ifindex)
			return dev;
	return NULL;
}

struct net_device *dev_get_by_name(const char *name)
{
	struct net_device *dev;

	rcu_read_lock();
	dev = __dev_get_by_name(name);
	dev_hold(dev);
	rcu_read_unlock();
	return dev;
}

struct net_device *dev_get_by_index(int ifindex)
{
	struct net_device *dev;

	rcu_read_lock();
	dev = dev_get_by_index_rcu(ifindex);
	dev_hold(dev);
	rcu_read_unlock();
	return dev;
}

void dev_put(struct net_device *dev)
{
	if (dev)
		WARN_ON(atomic_dec_return(&dev->refcnt) < 0);
}

/* ------------------------------------------------------------ allocation */

static void netdev_tx_work(struct work_struct *work);

static void netdev_release(struct device *d)
{
	kfree(container_of(d, struct net_device, dev));
}

struct net_device *alloc_netdev(int priv_size, const char *name,
				void (*setup)(struct net_device *dev))
{
	struct net_device *dev;

	if (priv_size < 0 || strlen(name) >= IFNAMSIZ)
		return NULL;
	dev = kzalloc(ALIGN(sizeof(*dev), 32) + priv_size, GFP_KERNEL);
	if (!dev)
		return NULL;
	strscpy(dev->name, name, IFNAMSIZ);
	spin_lock_init(&dev->stats_lock);
	spin_lock_init(&dev->tx_lock);
	skb_queue_head_init(&dev->qdisc);
	INIT_LIST_HEAD(&dev->napi_list);
	INIT_LIST_HEAD(&dev->dev_list);
	INIT_WORK(&dev->tx_work, netdev_tx_work);
	atomic_set(&dev->refcnt, 0);
	dev->tx_queue_len = DEFAULT_TX_QUEUE_LEN;
	dev->operstate = IF_OPER_DOWN;
	device_initialize(&dev->dev);
	dev->dev.release = netdev_release;
	if (setup)
		setup(dev);
	return dev;
}

void free_netdev(struct net_device *dev)
{
	struct napi_struct *napi, *tmp;

	if (!dev)
		return;
	if (WARN_ON(dev->reg_state == NETREG_REGISTERED ||
		    dev->reg_state == NETREG_UNREGISTERING))
		return;
	list_for_each_entry_safe(napi, tmp, &dev->napi_list, dev_list)
		netif_napi_del(napi);
	put_device(&dev->dev);
}

/* ------------------------------------------------------------ names */

bool dev_valid_name(const char *name)
{
	size_t len = strnlen(name, IFNAMSIZ);

	if (len == 0 || len >= IFNAMSIZ)
		return false;
	if (!strcmp(name, ".") || !strcmp(name, ".."))
		return false;
	for (; *name; name++)
		if (*name == '/' || *name == ':' || *name <= ' ' || *name == 0x7f)
			return false;
	return true;
}

/*
 * Resolve a "prefix%dsuffix" template to the lowest unit number whose
 * name is free.  Names without '%' are taken as they are.
 */
static int dev_pick_unit_name(char *name)
{
	char prefix[IFNAMSIZ], candidate[IFNAMSIZ];
	const char *pct = strchr(name, '%'), *suffix;

	if (!pct)
		return 0;
	if (pct[1] != 'd' || strchr(pct + 2, '%'))
		return -EINVAL;
	memcpy(prefix, name, pct - name);
	prefix[pct - name] = '\0';
	suffix = pct + 2;
	for (int unit = 0; unit < 32768; unit++) {
		if (snprintf(candidate, IFNAMSIZ, "%s%d%s", prefix, unit, suffix) >= IFNAMSIZ)
			return -ENFILE;
		if (!__dev_get_by_name(candidate)) {
			strscpy(name, candidate, IFNAMSIZ);
			return 0;
		}
	}
	return -ENFILE;
}

int dev_change_name(struct net_device *dev, const char *newname)
{
	char name[IFNAMSIZ], old[IFNAMSIZ];
	int err;

	ASSERT_RTNL();
	if (strnlen(newname, IFNAMSIZ) >= IFNAMSIZ)
		return -EINVAL;
	strscpy(name, newname, IFNAMSIZ);
	if (dev->flags & IFF_UP)
		return -EBUSY;
	if (!strcmp(name, dev->name))
		return 0;
	err = dev_pick_unit_name(name);
	if (err)
		return err;
	if (!dev_valid_name(name))
		return -EINVAL;
	if (__dev_get_by_name(name))
		return -EEXIST;
	/* The sysfs directory is named after the device: move it too. */
	strscpy(old, dev->name, IFNAMSIZ);
	netdev_sysfs_del(dev);
	strscpy(dev->name, name, IFNAMSIZ);
	err = netdev_sysfs_add(dev);
	if (err) {
		strscpy(dev->name, old, IFNAMSIZ);
		WARN_ON(netdev_sysfs_add(dev));
		return err;
	}
	netdev_notify(NETDEV_CHANGE, dev);
	return 0;
}

/* ------------------------------------------------------------ registration */

static int dev_new_ifindex(void)
{
	for (;;) {
		int ifindex = next_ifindex++;

		if (next_ifindex <= 0)
			next_ifindex = 1;
		if (!dev_get_by_index_rcu(ifindex))
			return ifindex;
	}
}

int register_netdevice(struct net_device *dev)
{
	int err;

	ASSERT_RTNL();
	if (dev->reg_state != NETREG_UNINITIALIZED)
		return -EINVAL;
	err = dev_pick_unit_name(dev->name);
	if (err)
		return err;
	if (!dev_valid_name(dev->name))
		return -EINVAL;
	if (__dev_get_by_name(dev->name))
		return -EEXIST;
	if (dev->netdev_ops && dev->netdev_ops->ndo_init) {
		err = dev->netdev_ops->ndo_init(dev);
		if (err)
			return err;
	}
	/* Every device may be handed GSO packets: what it cannot cut, we cut. */
	dev->features |= NETIF_F_GSO;
	if (!dev->gso_max_size)
		dev->gso_max_size = GSO_MAX_SIZE;
	dev->ifindex = dev_new_ifindex();
	set_bit(__LINK_STATE_PRESENT, &dev->state);
	err = netdev_sysfs_add(dev);
	if (err) {
		if (dev->netdev_ops && dev->netdev_ops->ndo_uninit)
			dev->netdev_ops->ndo_uninit(dev);
		clear_bit(__LINK_STATE_PRESENT, &dev->state);
		return err;
	}
	list_add_tail_rcu(&dev->dev_list, &net_devices);
	dev->reg_state = NETREG_REGISTERED;
	netdev_notify(NETDEV_REGISTER, dev);
	return 0;
}

int register_netdev(struct net_device *dev)
{
	int err;

	rtnl_lock();
	err = register_netdevice(dev);
	rtnl_unlock();
	return err;
}

void unregister_netdev(struct net_device *dev)
{
	unsigned int waited = 0;

	rtnl_lock();
	if (dev->reg_state != NETREG_REGISTERED) {
		rtnl_unlock();
		WARN_ON(1);
		return;
	}
	dev_close(dev);
	netdev_notify(NETDEV_UNREGISTER, dev);
	list_del_rcu(&dev->dev_list);
	dev->reg_state = NETREG_UNREGISTERING;
	if (dev->netdev_ops && dev->netdev_ops->ndo_uninit)
		dev->netdev_ops->ndo_uninit(dev);
	clear_bit(__LINK_STATE_PRESENT, &dev->state);
	rtnl_unlock();

	/* Lookups under RCU may still hold it; then wait for their references. */
	synchronize_rcu();
	cancel_work_sync(&dev->tx_work);
	skb_queue_purge(&dev->qdisc);
	while (atomic_read(&dev->refcnt) > 0) {
		msleep(10);
		waited += 10;
		if (waited % 10000 == 0)
			pr_warn("unregister_netdev: waiting for %s to become free (%d references)\n",
				dev->name, atomic_read(&dev->refcnt));
	}
	netdev_sysfs_del(dev);
	dev->reg_state = NETREG_UNREGISTERED;
}

/* ------------------------------------------------------------ state changes */

/*
 * The RFC 2863 state user space sees: down unless opened with carrier;
 * loopback, which has no link to watch, reports "unknown" when up, as
 * on Linux.
 */
static void netdev_update_operstate(struct net_device *dev)
{
	u8 state;

	if (!netif_running(dev) || !netif_carrier_ok(dev))
		state = IF_OPER_DOWN;
	else if (dev->flags & IFF_LOOPBACK)
		state = IF_OPER_UNKNOWN;
	else
		state = IF_OPER_UP;
	WRITE_ONCE(dev->operstate, state);
}

int dev_open(struct net_device *dev)
{
	int err = 0;

	ASSERT_RTNL();
	if (dev->flags & IFF_UP)
		return 0;
	if (!test_bit(__LINK_STATE_PRESENT, &dev->state))
		return -ENODEV;
	/* Running before ->ndo_open so the driver may transmit from it. */
	set_bit(__LINK_STATE_START, &dev->state);
	netif_start_queue(dev);
	if (dev->netdev_ops && dev->netdev_ops->ndo_open)
		err = dev->netdev_ops->ndo_open(dev);
	if (err) {
		clear_bit(__LINK_STATE_START, &dev->state);
		return err;
	}
	dev->flags |= IFF_UP;
	if (dev->netdev_ops && dev->netdev_ops->ndo_set_rx_mode)
		dev->netdev_ops->ndo_set_rx_mode(dev);
	netdev_update_operstate(dev);
	netdev_notify(NETDEV_UP, dev);
	return 0;
}

int dev_close(struct net_device *dev)
{
	ASSERT_RTNL();
	if (!(dev->flags & IFF_UP))
		return 0;
	netdev_notify(NETDEV_GOING_DOWN, dev);
	clear_bit(__LINK_STATE_START, &dev->state);
	if (dev->netdev_ops && dev->netdev_ops->ndo_stop)
		dev->netdev_ops->ndo_stop(dev);
	dev->flags &= ~IFF_UP;
	/* Frames waiting for a stopped driver will not be sent now. */
	spin_lock(&dev->tx_lock);
	skb_queue_purge(&dev->qdisc);
	spin_unlock(&dev->tx_lock);
	netdev_update_operstate(dev);
	netdev_notify(NETDEV_DOWN, dev);
	return 0;
}

/* The flags SIOCSIFFLAGS / RTM_NEWLINK may change; the rest belong to the driver. */
#define DEV_USER_FLAGS	(IFF_UP | IFF_DEBUG | IFF_NOTRAILERS | IFF_NOARP | IFF_PROMISC | \
			 IFF_ALLMULTI | IFF_MULTICAST | IFF_PORTSEL | IFF_AUTOMEDIA | \
			 IFF_DYNAMIC)

int dev_change_flags(struct net_device *dev, unsigned int flags)
{
	unsigned int old = dev->flags, other = DEV_USER_FLAGS & ~IFF_UP;
	int err = 0;

	ASSERT_RTNL();
	dev->flags = (old & ~other) | (flags & other);
	if (((old ^ dev->flags) & (IFF_PROMISC | IFF_ALLMULTI)) && netif_running(dev) &&
	    dev->netdev_ops && dev->netdev_ops->ndo_set_rx_mode)
		dev->netdev_ops->ndo_set_rx_mode(dev);
	if ((old ^ flags) & IFF_UP)
		err = (flags & IFF_UP) ? dev_open(dev) : dev_close(dev);
	if ((old ^ dev->flags) & other)
		netdev_notify(NETDEV_CHANGE, dev);
	return err;
}

unsigned int dev_get_flags(const struct net_device *dev)
{
	unsigned int flags = READ_ONCE(dev->flags) & ~(IFF_RUNNING | IFF_LOWER_UP);

	if ((flags & IFF_UP) && netif_running(dev) && netif_carrier_ok(dev))
		flags |= IFF_RUNNING | IFF_LOWER_UP;
	return flags;
}

int dev_set_mtu(struct net_device *dev, int new_mtu)
{
	int err = 0;

	ASSERT_RTNL();
	if (new_mtu < 0 || (unsigned int)new_mtu < dev->min_mtu ||
	    (dev->max_mtu && (unsigned int)new_mtu > dev->max_mtu))
		return -EINVAL;
	if ((unsigned int)new_mtu == dev->mtu)
		return 0;
	if (dev->netdev_ops && dev->netdev_ops->ndo_change_mtu)
		err = dev->netdev_ops->ndo_change_mtu(dev, new_mtu);
	else
		WRITE_ONCE(dev->mtu, new_mtu);
	if (!err)
		netdev_notify(NETDEV_CHANGEMTU, dev);
	return err;
}

int dev_set_mac_address(struct net_device *dev, const void *addr)
{
	const struct sockaddr *sa = addr;
	int err;

	ASSERT_RTNL();
	if (!dev->netdev_ops || !dev->netdev_ops->ndo_set_mac_address)
		return -EOPNOTSUPP;
	if (sa->sa_family != dev->type)
		return -EINVAL;
	if (!test_bit(__LINK_STATE_PRESENT, &dev->state))
		return -ENODEV;
	err = dev->netdev_ops->ndo_set_mac_address(dev, (void *)addr);
	if (!err)
		netdev_notify(NETDEV_CHANGEADDR, dev);
	return err;
}

int dev_change_tx_queue_len(struct net_device *dev, unsigned long len)
{
	ASSERT_RTNL();
	if (len > INT_MAX)
		return -EINVAL;
	WRITE_ONCE(dev->tx_queue_len, len);
	return 0;
}

void dev_get_stats(struct net_device *dev, struct rtnl_link_stats64 *s)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->stats_lock, flags);
	*s = dev->stats;
	spin_unlock_irqrestore(&dev->stats_lock, flags);
	if (dev->netdev_ops && dev->netdev_ops->ndo_get_stats64)
		dev->netdev_ops->ndo_get_stats64(dev, s);
}

/* ------------------------------------------------------------ carrier */

/*
 * Carrier changes arrive from interrupt handlers; the operational state
 * and the NETDEV_CHANGE event need rtnl, so a work item on net_wq
 * brings every device's operstate up to date.
 */
static void linkwatch_work_fn(struct work_struct *work)
{
	struct net_device *dev;

	rtnl_lock();
	for_each_netdev(dev) {
		u8 before = dev->operstate;

		netdev_update_operstate(dev);
		if (dev->operstate != before)
			netdev_notify(NETDEV_CHANGE, dev);
	}
	rtnl_unlock();
}
static DECLARE_WORK(linkwatch_work, linkwatch_work_fn);

void netif_carrier_on(struct net_device *dev)
{
	if (test_and_clear_bit(__LINK_STATE_NOCARRIER, &dev->state) && net_wq)
		queue_work(net_wq, &linkwatch_work);
}

void netif_carrier_off(struct net_device *dev)
{
	if (!test_and_set_bit(__LINK_STATE_NOCARRIER, &dev->state) && net_wq)
		queue_work(net_wq, &linkwatch_work);
}

/* ------------------------------------------------------------ transmit */

/*
 * Hand queued frames to the driver until it stops the queue or refuses
 * one (which goes back to the front).  Called with dev->tx_lock held.
 */
static void qdisc_run(struct net_device *dev)
{
	struct sk_buff *skb;

	while (!netif_queue_stopped(dev) && (skb = skb_dequeue(&dev->qdisc)) != NULL) {
		skb->xmit_more = 0;
		if (dev->netdev_ops->ndo_start_xmit(skb, dev) == NETDEV_TX_BUSY) {
			skb_queue_head(&dev->qdisc, skb);
			/* Busy without stopping the queue: nobody will wake us, retry later. */
			if (!netif_queue_stopped(dev) && net_wq)
				queue_work(net_wq, &dev->tx_work);
			break;
		}
	}
}

static void netdev_tx_work(struct work_struct *work)
{
	struct net_device *dev = container_of(work, struct net_device, tx_work);

	spin_lock(&dev->tx_lock);
	if (netif_running(dev))
		qdisc_run(dev);
	spin_unlock(&dev->tx_lock);
}

void netif_stop_queue(struct net_device *dev)
{
	set_bit(__LINK_STATE_XOFF, &dev->state);
}

/* May run in hard-irq: the drain itself happens on net_wq. */
void netif_wake_queue(struct net_device *dev)
{
	if (test_and_clear_bit(__LINK_STATE_XOFF, &dev->state) &&
	    !skb_queue_empty(&dev->qdisc) && net_wq)
		queue_work(net_wq, &dev->tx_work);
}

static void dev_tx_drop(struct net_device *dev, struct sk_buff *skb)
{
	dev_stats_add(dev, &dev->stats.tx_dropped, 1);
	kfree_skb(skb);
}

/*
 * Do in software what @dev cannot (netdevice.h's NETIF_F_*): cut a GSO
 * packet into frames, finish a CHECKSUM_PARTIAL sum.  Returns the frames
 * to send, chained through ->next, or NULL when @skb had to be dropped.
 * Consumes @skb.
 */
static struct sk_buff *dev_soft_offloads(struct net_device *dev, struct sk_buff *skb)
{
	if (skb_is_gso(skb) && !(dev->features & NETIF_F_TSO)) {
		struct sk_buff *frames = skb_gso_segment(skb);

		consume_skb(skb);
		return frames;
	}
	if (skb->ip_summed == CHECKSUM_PARTIAL && !(dev->features & NETIF_F_CSUM_MASK) &&
	    skb_checksum_help(skb)) {
		kfree_skb(skb);
		return NULL;
	}
	return skb;
}

/*
 * One frame, dev->tx_lock held: straight to the driver when nothing waits
 * before it, else onto the qdisc (true: queued there).  Its xmit_more is set.
 */
static bool dev_xmit_locked(struct net_device *dev, struct sk_buff *skb, int *ret)
{
	if (!netif_queue_stopped(dev) && skb_queue_empty(&dev->qdisc)) {
		/* The common case. */
		if (dev->netdev_ops->ndo_start_xmit(skb, dev) != NETDEV_TX_BUSY)
			return false;
		skb_queue_head(&dev->qdisc, skb);
	} else if (skb_queue_len(&dev->qdisc) < dev->tx_queue_len) {
		skb_queue_tail(&dev->qdisc, skb);
	} else {
		dev_tx_drop(dev, skb);
		*ret = NET_XMIT_DROP;
		return false;
	}
	return true;
}

int dev_queue_xmit(struct sk_buff *skb)
{
	struct net_device *dev = skb->dev;
	int ret = NET_XMIT_SUCCESS;
	struct sk_buff *frame;
	bool queued = false;

	if (!netif_running(dev) || !dev->netdev_ops || !dev->netdev_ops->ndo_start_xmit) {
		dev_tx_drop(dev, skb);
		return -ENETDOWN;
	}
	if (!skb_mac_header_was_set(skb))
		skb_reset_mac_header(skb);
	skb = dev_soft_offloads(dev, skb);
	if (!skb) {
		dev_stats_add(dev, &dev->stats.tx_dropped, 1);
		return NET_XMIT_DROP;
	}
	/* Taps see what goes on the wire: each frame of a cut GSO packet. */
	for (frame = skb; frame; frame = frame->next)
		dev_queue_xmit_taps(frame);

	spin_lock(&dev->tx_lock);
	while ((frame = skb_chain_pop(&skb)) != NULL) {
		/* The driver may hold its doorbell while more frames follow. */
		frame->xmit_more = skb != NULL;
		queued |= dev_xmit_locked(dev, frame, &ret);
	}
	if (queued)
		qdisc_run(dev);
	spin_unlock(&dev->tx_lock);
	return ret;
}

/* ------------------------------------------------------------ boot */

static int __init net_dev_init(void)
{
	int err;

	net_wq = alloc_workqueue("net_wq", WQ_UNBOUND, 0);
	if (!net_wq)
		return -ENOMEM;
	err = netdev_sysfs_init();
	if (err)
		return err;
	return netrx_init();
}
/* After driver_init (postcore): the "net" class needs /sys/class. */
subsys_initcall(net_dev_init);
