// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of packet buffers and the device layer: skb geometry,
 * copies and headroom growth, queues and destructors; a test device's
 * registration (unit names, ifindex, notifiers, flags, MTU limits), its
 * transmit path (drops while down, the qdisc while the driver is
 * stopped, the drain after a wake), NAPI scheduling through the netrx
 * threads with the MISSED rule; and a frame sent on loopback coming back
 * to a packet handler and to a tap (once outgoing, once incoming).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/delay.h>
#include <linux/completion.h>
#include <linux/jiffies.h>
#include <linux/uio.h>
#include <linux/etherdevice.h>
#include <linux/netdevice.h>
#include <linux/selftest.h>
#include "dev.h"

/* An EtherType for local experiments (IEEE 802 "local experimental 1"). */
#define TEST_ETHERTYPE	0x88b5

/* ------------------------------------------------------------ skbuff */

static int destructor_runs;

static void count_destructor(struct sk_buff *skb)
{
	destructor_runs++;
}

static int skb_test_geometry(void)
{
	struct sk_buff *skb = alloc_skb(70000, GFP_KERNEL), *copy, *wide;
	unsigned char *p;
	char out[4];

	ST_ASSERT(skb, "a 70000-byte buffer");
	ST_ASSERT(skb->size >= 70000 && skb_headroom(skb) == 0 && skb->len == 0, "fresh geometry");
	skb_reserve(skb, 100);
	p = skb_put(skb, 65536 + 20);
	memset(p, 0xab, 65536 + 20);
	memcpy(p, "abcd", 4);
	skb_reset_network_header(skb);
	p = skb_push(skb, ETH_HLEN);
	memset(p, 0, ETH_HLEN);
	skb_reset_mac_header(skb);
	ST_ASSERT(skb_headroom(skb) == 100 - ETH_HLEN, "push took headroom");
	ST_ASSERT(skb->len == 65536 + 20 + ETH_HLEN, "len %u", skb->len);
	ST_ASSERT(skb_copy_bits(skb, ETH_HLEN, out, 4) == 0 && !memcmp(out, "abcd", 4), "copy_bits");
	ST_ASSERT(skb_copy_bits(skb, skb->len - 2, out, 4) == -EFAULT, "copy_bits past the end");
	ST_ASSERT(skb_pull(skb, skb->len + 1) == NULL, "over-pull refused");

	copy = skb_copy(skb, GFP_KERNEL);
	ST_ASSERT(copy && copy->len == skb->len && !memcmp(copy->data, skb->data, skb->len),
		  "copy bytes");
	ST_ASSERT(!memcmp(skb_network_header(copy), "abcd", 4), "copy keeps header offsets");
	wide = skb_copy_expand(skb, 300, 10, GFP_KERNEL);
	ST_ASSERT(wide && skb_headroom(wide) >= 300 && skb_tailroom(wide) >= 10, "expand room");
	ST_ASSERT(!memcmp(skb_network_header(wide), "abcd", 4) &&
		  skb_mac_header(wide) == wide->data, "expand moves headers");
	ST_ASSERT(skb_cow_head(copy, 500) == 0 && skb_headroom(copy) >= 500, "cow_head grows");
	ST_ASSERT(!memcmp(skb_network_header(copy), "abcd", 4), "cow_head moves headers");
	ST_ASSERT(!memcmp(copy->data, skb->data, skb->len), "cow_head keeps bytes");
	consume_skb(copy);
	consume_skb(wide);

	destructor_runs = 0;
	skb->destructor = count_destructor;
	kfree_skb(skb);
	ST_ASSERT(destructor_runs == 1, "destructor ran on free");
	kfree_skb(NULL);
	return 0;
}

static int skb_test_iter_and_queues(void)
{
	struct sk_buff_head q;
	struct sk_buff *a = alloc_skb_with_headroom(32, GFP_KERNEL);
	struct sk_buff *b = alloc_skb(16, GFP_KERNEL), *c = alloc_skb(16, GFP_KERNEL);
	char src[32] = "0123456789";
	struct kvec kv = { .iov_base = src, .iov_len = sizeof(src) };
	struct iov_iter it;

	ST_ASSERT(a && b && c, "allocations");
	ST_ASSERT(skb_headroom(a) == MAX_HEADER_ROOM, "headroom reserved");
	iov_iter_kvec(&it, ITER_SOURCE, &kv, 1, sizeof(src));
	ST_ASSERT(skb_put_from_iter(a, &it, 10) == 0 && a->len == 10 && !memcmp(a->data, src, 10),
		  "put_from_iter");
	ST_ASSERT(skb_put_from_iter(a, &it, 4096) == -EFAULT && a->len == 10, "no room: EFAULT");

	skb_queue_head_init(&q);
	skb_queue_tail(&q, a);
	skb_queue_tail(&q, b);
	skb_queue_head(&q, c);
	ST_ASSERT(skb_queue_len(&q) == 3 && skb_peek(&q) == c && skb_peek_tail(&q) == b, "order");
	skb_unlink(a, &q);
	ST_ASSERT(skb_queue_len(&q) == 2 && !a->next && !a->prev, "unlink");
	ST_ASSERT(skb_dequeue_tail(&q) == b && skb_dequeue(&q) == c && skb_queue_empty(&q), "dequeue");
	skb_queue_tail(&q, a);
	skb_queue_tail(&q, b);
	skb_queue_tail(&q, c);
	skb_queue_purge(&q);
	ST_ASSERT(skb_queue_empty(&q) && q.qlen == 0, "purge");
	return 0;
}

/* ------------------------------------------------------------ a test device */

struct testdev {
	struct sk_buff_head sent;
	bool refuse;			/* answer NETDEV_TX_BUSY */
	bool stop_after_one;		/* stop the queue after each frame */
	struct napi_struct napi;
	atomic_t polls;
	int poll_work;			/* what ->poll reports */
	bool reschedule_in_poll;	/* napi_schedule() during the poll: MISSED */
};

static netdev_tx_t testdev_xmit(struct sk_buff *skb, struct net_device *dev)
{
	struct testdev *td = netdev_priv(dev);

	if (td->refuse)
		return NETDEV_TX_BUSY;
	skb_queue_tail(&td->sent, skb);
	if (td->stop_after_one)
		netif_stop_queue(dev);
	return NETDEV_TX_OK;
}

static int testdev_change_mtu(struct net_device *dev, int mtu)
{
	dev->mtu = mtu;
	return 0;
}

static const struct net_device_ops testdev_ops = {
	.ndo_start_xmit = testdev_xmit,
	.ndo_set_mac_address = eth_mac_addr,
	.ndo_change_mtu = testdev_change_mtu,
};

static int testdev_poll(struct napi_struct *napi, int budget)
{
	struct testdev *td = container_of(napi, struct testdev, napi);
	int work = td->poll_work;

	if (atomic_inc_return(&td->polls) == 1 && td->reschedule_in_poll)
		napi_schedule(napi);
	if (work < budget)
		napi_complete_done(napi, work);
	return work;
}

static void testdev_setup(struct net_device *dev)
{
	ether_setup(dev);
	dev->netdev_ops = &testdev_ops;
	dev->tx_queue_len = 2;
}

static int events_seen[NETDEV_UNREGISTER + 1];
static struct net_device *events_dev;

static void test_notifier_event(struct netdev_notifier *nb, enum netdev_event ev,
				struct net_device *dev)
{
	if (dev == events_dev)
		events_seen[ev]++;
}

static struct netdev_notifier test_notifier = { .event = test_notifier_event };

static bool wait_for(bool (*cond)(void *), void *arg)
{
	for (int i = 0; i < 2000; i++) {
		if (cond(arg))
			return true;
		msleep(1);
	}
	return false;
}

static bool sent_count_is_3(void *arg)
{
	return skb_queue_len(&((struct testdev *)arg)->sent) == 3;
}

static bool polled_twice(void *arg)
{
	return atomic_read(&((struct testdev *)arg)->polls) >= 2;
}

static bool polled_once(void *arg)
{
	return atomic_read(&((struct testdev *)arg)->polls) >= 1;
}

static bool operstate_down(void *arg)
{
	return READ_ONCE(((struct net_device *)arg)->operstate) == IF_OPER_DOWN;
}

static struct sk_buff *test_frame(struct net_device *dev)
{
	struct sk_buff *skb = alloc_skb_with_headroom(8, GFP_KERNEL);

	if (!skb)
		return NULL;
	skb_put_data(skb, "payload!", 8);
	skb->dev = dev;
	skb->protocol = htons(TEST_ETHERTYPE);
	dev_hard_header(skb, dev, TEST_ETHERTYPE, NULL, NULL, skb->len);
	return skb;
}

static int dev_test_register_and_xmit(void)
{
	struct net_device *dev = alloc_netdev(sizeof(struct testdev), "tst%d", testdev_setup);
	struct net_device *dev2 = alloc_netdev(sizeof(struct testdev), "tst%d", testdev_setup);
	struct testdev *td;
	struct rtnl_link_stats64 st;
	struct sockaddr sa;
	int err;

	ST_ASSERT(dev && dev2, "alloc_netdev");
	td = netdev_priv(dev);
	skb_queue_head_init(&td->sent);
	skb_queue_head_init(&((struct testdev *)netdev_priv(dev2))->sent);
	events_dev = dev;
	memset(events_seen, 0, sizeof(events_seen));
	register_netdevice_notifier(&test_notifier);

	ST_ASSERT(register_netdev(dev) == 0 && register_netdev(dev2) == 0, "register");
	ST_ASSERT(!strncmp(dev->name, "tst", 3) && strcmp(dev->name, dev2->name) < 0,
		  "unit names %s %s", dev->name, dev2->name);
	ST_ASSERT(dev->ifindex > 1 && dev2->ifindex > dev->ifindex, "ifindex %d %d",
		  dev->ifindex, dev2->ifindex);
	ST_ASSERT(events_seen[NETDEV_REGISTER] == 1, "REGISTER event");
	ST_ASSERT(dev_get_by_name(dev->name) == dev && atomic_read(&dev->refcnt) == 1, "by name");
	dev_put(dev);
	ST_ASSERT(dev_get_by_index(dev2->ifindex) == dev2, "by index");
	dev_put(dev2);
	ST_ASSERT(!dev_get_by_name("no-such-dev0"), "unknown name");

	/* Down: frames are dropped and counted. */
	ST_ASSERT(dev_queue_xmit(test_frame(dev)) == -ENETDOWN, "xmit while down");
	dev_get_stats(dev, &st);
	ST_ASSERT(st.tx_dropped == 1, "tx_dropped %llu", st.tx_dropped);

	rtnl_lock();
	err = dev_change_flags(dev, dev->flags | IFF_UP | IFF_PROMISC);
	ST_ASSERT(!err && (dev_get_flags(dev) & (IFF_UP | IFF_RUNNING | IFF_LOWER_UP | IFF_PROMISC)) ==
		  (IFF_UP | IFF_RUNNING | IFF_LOWER_UP | IFF_PROMISC), "up: flags %#x",
		  dev_get_flags(dev));
	ST_ASSERT(events_seen[NETDEV_UP] == 1, "UP event");
	ST_ASSERT(dev_set_mtu(dev, 67) == -EINVAL && dev_set_mtu(dev, 1501) == -EINVAL, "mtu limits");
	ST_ASSERT(dev_set_mtu(dev, 1400) == 0 && dev->mtu == 1400, "mtu set");
	ST_ASSERT(events_seen[NETDEV_CHANGEMTU] == 1, "CHANGEMTU event");
	sa.sa_family = ARPHRD_ETHER;
	memcpy(sa.sa_data, "\x02\x11\x22\x33\x44\x55", ETH_ALEN);
	ST_ASSERT(dev_set_mac_address(dev, &sa) == 0 && dev->dev_addr[5] == 0x55, "set mac");
	sa.sa_data[0] = 1;	/* multicast: refused */
	ST_ASSERT(dev_set_mac_address(dev, &sa) == -EADDRNOTAVAIL, "multicast mac refused");
	rtnl_unlock();

	/* Up: straight to the driver. */
	ST_ASSERT(dev_queue_xmit(test_frame(dev)) == NET_XMIT_SUCCESS &&
		  skb_queue_len(&td->sent) == 1, "xmit");
	/* Stopped: two frames wait on the qdisc (tx_queue_len 2), the third is dropped. */
	netif_stop_queue(dev);
	ST_ASSERT(dev_queue_xmit(test_frame(dev)) == NET_XMIT_SUCCESS, "queued 1");
	ST_ASSERT(dev_queue_xmit(test_frame(dev)) == NET_XMIT_SUCCESS, "queued 2");
	ST_ASSERT(dev_queue_xmit(test_frame(dev)) == NET_XMIT_DROP, "qdisc full");
	ST_ASSERT(skb_queue_len(&dev->qdisc) == 2 && skb_queue_len(&td->sent) == 1, "held back");
	netif_wake_queue(dev);
	ST_ASSERT(wait_for(sent_count_is_3, td), "drained after wake: %u sent",
		  skb_queue_len(&td->sent));

	/* Carrier loss: not RUNNING at once, operstate and NETDEV_CHANGE via net_wq. */
	ST_ASSERT(dev->operstate == IF_OPER_UP, "operstate %u", dev->operstate);
	netif_carrier_off(dev);
	ST_ASSERT(!(dev_get_flags(dev) & IFF_RUNNING), "RUNNING without carrier");
	ST_ASSERT(wait_for(operstate_down, dev), "operstate stays %u", dev->operstate);
	ST_ASSERT(events_seen[NETDEV_CHANGE] >= 1, "CHANGE event for the carrier");
	netif_carrier_on(dev);

	rtnl_lock();
	ST_ASSERT(dev_change_name(dev, "tstrenamed") == -EBUSY, "rename while up");
	ST_ASSERT(dev_change_name(dev2, dev->name) == -EEXIST, "rename onto a used name");
	ST_ASSERT(dev_change_name(dev2, "tstrenamed") == 0 && !strcmp(dev2->name, "tstrenamed") &&
		  __dev_get_by_name("tstrenamed") == dev2, "rename");
	ST_ASSERT(dev_close(dev) == 0 && !(dev_get_flags(dev) & (IFF_UP | IFF_RUNNING)), "down");
	ST_ASSERT(events_seen[NETDEV_GOING_DOWN] == 1 && events_seen[NETDEV_DOWN] == 1,
		  "DOWN events");
	rtnl_unlock();

	unregister_netdev(dev2);
	unregister_netdev(dev);
	ST_ASSERT(events_seen[NETDEV_UNREGISTER] == 1, "UNREGISTER event");
	ST_ASSERT(!dev_get_by_index(dev->ifindex), "gone from the list");
	unregister_netdevice_notifier(&test_notifier);
	skb_queue_purge(&td->sent);
	free_netdev(dev);
	free_netdev(dev2);
	return 0;
}

static int dev_test_napi(void)
{
	struct net_device *dev = alloc_netdev(sizeof(struct testdev), "tst%d", testdev_setup);
	struct testdev *td;

	ST_ASSERT(dev, "alloc");
	td = netdev_priv(dev);
	netif_napi_add(dev, &td->napi, testdev_poll, 4);

	/* Disabled: scheduling does nothing. */
	napi_schedule(&td->napi);
	msleep(20);
	ST_ASSERT(atomic_read(&td->polls) == 0, "disabled NAPI polled");

	napi_enable(&td->napi);
	td->poll_work = 1;
	napi_schedule(&td->napi);
	ST_ASSERT(wait_for(polled_once, td), "scheduled NAPI not polled");
	msleep(20);
	ST_ASSERT(atomic_read(&td->polls) == 1, "polled %d times", atomic_read(&td->polls));

	/* Rescheduled during its poll: MISSED makes it run once more. */
	atomic_set(&td->polls, 0);
	td->reschedule_in_poll = true;
	napi_schedule(&td->napi);
	ST_ASSERT(wait_for(polled_twice, td), "MISSED not honoured");
	msleep(20);
	ST_ASSERT(atomic_read(&td->polls) == 2, "polled %d times", atomic_read(&td->polls));
	td->reschedule_in_poll = false;

	/* Budget used up: polled again until it reports less. */
	atomic_set(&td->polls, 0);
	td->poll_work = 4;
	napi_schedule(&td->napi);
	ST_ASSERT(wait_for(polled_twice, td), "full budget not repolled");
	td->poll_work = 0;
	napi_disable(&td->napi);
	ST_ASSERT(READ_ONCE(td->napi.state) & BIT(NAPI_STATE_SCHED), "disable holds SCHED");
	free_netdev(dev);
	return 0;
}

/* ------------------------------------------------------------ loopback */

struct lo_catch {
	struct packet_type pt;
	struct completion done;
	atomic_t count;
	u8 pkt_type[4];
	int iif;
	bool payload_ok;
};

static int lo_handler(struct sk_buff *skb, struct net_device *dev, struct packet_type *pt)
{
	struct lo_catch *c = container_of(pt, struct lo_catch, pt);
	int n = atomic_inc_return(&c->count);

	if (n <= 4)
		c->pkt_type[n - 1] = skb->pkt_type;
	c->iif = skb->skb_iif;
	c->payload_ok = skb->len >= 8 && !memcmp(skb->data + skb->len - 8, "payload!", 8);
	complete(&c->done);
	kfree_skb(skb);
	return 0;
}

static int dev_test_loopback(void)
{
	struct net_device *lo = loopback_dev;
	struct lo_catch proto = {}, tap = {};
	bool was_up;

	ST_ASSERT(lo && lo->ifindex == 1 && !strcmp(lo->name, "lo"), "lo is ifindex 1");
	ST_ASSERT(lo->mtu == 65536 && lo->type == ARPHRD_LOOPBACK && (lo->flags & IFF_LOOPBACK),
		  "lo's properties");
	init_completion(&proto.done);
	init_completion(&tap.done);
	proto.pt.type = htons(TEST_ETHERTYPE);
	proto.pt.dev = lo;
	proto.pt.func = lo_handler;
	tap.pt.type = htons(ETH_P_ALL);
	tap.pt.dev = lo;
	tap.pt.func = lo_handler;
	dev_add_pack(&proto.pt);
	dev_add_pack(&tap.pt);

	rtnl_lock();
	was_up = lo->flags & IFF_UP;
	ST_ASSERT(dev_open(lo) == 0, "lo up");
	rtnl_unlock();

	ST_ASSERT(dev_queue_xmit(test_frame(lo)) == NET_XMIT_SUCCESS, "xmit on lo");
	ST_ASSERT(wait_for_completion_timeout(&proto.done, msecs_to_jiffies(2000)), "no reply");
	ST_ASSERT(proto.pkt_type[0] == PACKET_HOST && proto.iif == 1 && proto.payload_ok,
		  "handler saw type %u iif %d", proto.pkt_type[0], proto.iif);
	for (int i = 0; i < 200 && atomic_read(&tap.count) < 2; i++)
		msleep(5);
	ST_ASSERT(atomic_read(&tap.count) == 2, "tap copies: %d", atomic_read(&tap.count));
	ST_ASSERT(tap.pkt_type[0] == PACKET_OUTGOING && tap.pkt_type[1] == PACKET_HOST,
		  "tap saw %u then %u", tap.pkt_type[0], tap.pkt_type[1]);

	dev_remove_pack(&tap.pt);
	dev_remove_pack(&proto.pt);
	if (!was_up) {
		rtnl_lock();
		dev_close(lo);
		rtnl_unlock();
	}
	return 0;
}

DEFINE_SELFTEST("skbuff: geometry, copies, headroom, destructor", skb_test_geometry);
DEFINE_SELFTEST("skbuff: put_from_iter and locked queues", skb_test_iter_and_queues);
DEFINE_SELFTEST("netdev: register, flags, mtu, mac, xmit and qdisc", dev_test_register_and_xmit);
DEFINE_SELFTEST("netdev: NAPI scheduling on the netrx threads", dev_test_napi);
DEFINE_SELFTEST("netdev: loopback delivers to handler and taps", dev_test_loopback);
