/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Network devices (net/core/dev.c): struct net_device, what a driver
 * provides (net_device_ops, NAPI polling) and what the stack offers it
 * (registration, the receive entry points, the transmit path, carrier).
 *
 * Receive: a driver's interrupt handler only calls napi_schedule(); the
 * per-CPU "netrx/N" kernel thread then runs the driver's ->poll(napi,
 * budget), which hands each frame to netif_receive_skb() after
 * eth_type_trans().  netif_rx() queues a frame from any context (even
 * hard-irq) on the CPU's backlog, which the same thread drains; loopback
 * uses it so that sending never recurses into receiving.  Protocol
 * handlers (struct packet_type, dev_add_pack()) therefore always run in
 * process context and may sleep (lock_sock()).
 *
 * Transmit: dev_queue_xmit() takes the device's tx_lock and calls
 * ->ndo_start_xmit(); a driver that is full returns NETDEV_TX_BUSY or
 * stops the queue (netif_stop_queue()) and the frame waits on the
 * device's qdisc list (at most tx_queue_len frames, then drops) until
 * netif_wake_queue().  Frames to an interface that is down are dropped.
 *
 * Locking: rtnl_lock() (a mutex) serialises configuration: registration,
 * up/down, addresses, routes, MTU/MAC changes, and the netdevice notifier
 * calls.  The device list is walked under rtnl or rcu_read_lock();
 * dev_get_by_*() take a reference (dev_put() drops it), the *_rcu
 * variants do not.
 */
#ifndef _LINUX_NETDEVICE_H
#define _LINUX_NETDEVICE_H

#include <linux/types.h>
#include <linux/bitops.h>
#include <asm/bitops.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/device.h>
#include <linux/skbuff.h>
#include <linux/workqueue.h>
#include <uapi/linux/if.h>
#include <uapi/linux/if_ether.h>
#include <uapi/linux/if_arp.h>
#include <asm/atomic.h>
#include <asm/byteorder.h>

#define MAX_ADDR_LEN	32	/* longest hardware address */

/* ndo_start_xmit() results */
typedef enum {
	NETDEV_TX_OK = 0,	/* taken (sent or dropped by the driver: it owns the skb) */
	NETDEV_TX_BUSY = 0x10,	/* not taken: the stack keeps the skb and retries */
} netdev_tx_t;

/* Counters of /proc/net/dev and /sys/class/net/X/statistics (all u64). */
struct rtnl_link_stats64 {
	u64 rx_packets;
	u64 tx_packets;
	u64 rx_bytes;
	u64 tx_bytes;
	u64 rx_errors;
	u64 tx_errors;
	u64 rx_dropped;
	u64 tx_dropped;
	u64 multicast;
	u64 collisions;
	u64 rx_length_errors;
	u64 rx_over_errors;
	u64 rx_crc_errors;
	u64 rx_frame_errors;
	u64 rx_fifo_errors;
	u64 rx_missed_errors;
	u64 tx_aborted_errors;
	u64 tx_carrier_errors;
	u64 tx_fifo_errors;
	u64 tx_heartbeat_errors;
	u64 tx_window_errors;
	u64 rx_compressed;
	u64 tx_compressed;
	u64 rx_nohandler;
};

struct net_device;
struct ethtool_ops;
struct napi_struct;

struct net_device_ops {
	int (*ndo_init)(struct net_device *dev);	/* at register time */
	void (*ndo_uninit)(struct net_device *dev);
	int (*ndo_open)(struct net_device *dev);	/* IFF_UP set */
	int (*ndo_stop)(struct net_device *dev);	/* IFF_UP cleared */
	netdev_tx_t (*ndo_start_xmit)(struct sk_buff *skb, struct net_device *dev);
	int (*ndo_set_mac_address)(struct net_device *dev, void *sockaddr);
	int (*ndo_change_mtu)(struct net_device *dev, int new_mtu);
	void (*ndo_set_rx_mode)(struct net_device *dev);
	/* Add driver counters not kept in dev->stats (optional). */
	void (*ndo_get_stats64)(struct net_device *dev, struct rtnl_link_stats64 *s);
};

/* Link-layer header construction (Ethernet: eth_header_ops). */
struct header_ops {
	/* Push the link header for @type to @daddr (NULL: broadcast); bytes pushed or <0. */
	int (*create)(struct sk_buff *skb, struct net_device *dev, unsigned short type,
		      const void *daddr, const void *saddr, unsigned int len);
	/* Copy the source hardware address of a received frame to @haddr; its length. */
	int (*parse)(const struct sk_buff *skb, unsigned char *haddr);
};

/*
 * dev->features: what the device does for the stack.  Without HW_CSUM or
 * IP_CSUM a CHECKSUM_PARTIAL packet is finished in software before the
 * driver sees it; without TSO a GSO packet is cut into frames (software
 * GSO).  GSO says the stack may build GSO packets for this device at all
 * (set for every device at registration).
 */
typedef u32 netdev_features_t;
#define NETIF_F_SG		(1U << 0)	/* scatter-gather (not used: skbs are linear) */
#define NETIF_F_IP_CSUM		(1U << 1)	/* finishes TCP/UDP over IPv4 sums */
#define NETIF_F_HW_CSUM		(1U << 2)	/* finishes any csum_start/csum_offset sum */
#define NETIF_F_TSO		(1U << 3)	/* cuts SKB_GSO_TCPV4 packets itself */
#define NETIF_F_GSO		(1U << 4)	/* the stack may hand it GSO packets */
#define NETIF_F_CSUM_MASK	(NETIF_F_IP_CSUM | NETIF_F_HW_CSUM)

/* Largest GSO packet a device takes unless it says otherwise (gso_max_size). */
#define GSO_MAX_SIZE		65536

/* dev->state bits */
enum netdev_state_bits {
	__LINK_STATE_START,		/* opened */
	__LINK_STATE_PRESENT,
	__LINK_STATE_NOCARRIER,
	__LINK_STATE_XOFF,		/* driver stopped the transmit queue */
};

struct net_device {
	char name[IFNAMSIZ];
	int ifindex;
	unsigned int flags;		/* IFF_* as user space sees them */
	unsigned long state;		/* __LINK_STATE_* */
	u8 operstate;			/* IF_OPER_* */

	unsigned int mtu;
	unsigned int min_mtu;
	unsigned int max_mtu;
	unsigned short type;		/* ARPHRD_* */
	unsigned short hard_header_len;	/* link header bytes (ETH_HLEN) */
	unsigned short needed_headroom;	/* extra room the driver wants in front */
	unsigned char addr_len;		/* hardware address bytes */
	unsigned char dev_addr[MAX_ADDR_LEN];
	unsigned char broadcast[MAX_ADDR_LEN];
	unsigned int tx_queue_len;

	const struct net_device_ops *netdev_ops;
	const struct header_ops *header_ops;

	/* Counters the stack and the driver add to (atomic per field: use the helpers). */
	struct rtnl_link_stats64 stats;
	spinlock_t stats_lock;

	/* Transmit: tx_lock serialises ->ndo_start_xmit; qdisc holds frames while XOFF. */
	spinlock_t tx_lock;
	struct sk_buff_head qdisc;

	struct list_head napi_list;	/* this device's NAPI contexts */
	struct list_head dev_list;	/* all devices, ifindex order (RCU) */
	atomic_t refcnt;		/* dev_hold()/dev_put() */

	void *ip_ptr;			/* IPv4 state: struct in_device (net/ipv4/devinet.c) */
	struct device dev;		/* /sys/class/net/<name> */
	struct device *parent;		/* the bus device (PCI function) or NULL */

	/* net/core/dev.c's own (appended) */
	struct work_struct tx_work;	/* restarts the qdisc after netif_wake_queue() */
	u8 reg_state;			/* NETREG_*; changed under rtnl */

	/* Offloads (appended): NETIF_F_*, set by the driver before registering. */
	netdev_features_t features;
	unsigned int gso_max_size;	/* bytes of the largest GSO packet; 0: GSO_MAX_SIZE */

	/* Link settings for sysfs speed/duplex (appended; NULL: not known). */
	const struct ethtool_ops *ethtool_ops;

	/* Private driver data follows, netdev_priv() */
};

static inline void *netdev_priv(const struct net_device *dev)
{
	return (char *)dev + ALIGN(sizeof(struct net_device), 32);
}

/* ------------------------------------------------------------- NAPI */

struct napi_struct {
	struct list_head poll_list;	/* on a CPU's list while scheduled */
	unsigned long state;		/* NAPI_STATE_* */
	int weight;			/* budget per ->poll call */
	int (*poll)(struct napi_struct *napi, int budget);
	struct net_device *dev;
	struct list_head dev_list;	/* on dev->napi_list */
	/* The run napi_gro_receive() holds (net/core/gro.c); NULL: none. */
	struct sk_buff *gro_skb;
	u16 gro_mss;			/* the first segment's payload */
	u16 gro_segs;			/* frames in the run */
	bool gro_open;			/* the last one was full: more may follow */
};

enum {
	NAPI_STATE_SCHED,		/* on a poll list or being polled */
	NAPI_STATE_DISABLE,		/* napi_disable() waiting / done */
	NAPI_STATE_MISSED,		/* scheduled again while being polled */
};

#define NAPI_POLL_WEIGHT	64

void netif_napi_add(struct net_device *dev, struct napi_struct *napi,
		    int (*poll)(struct napi_struct *, int), int weight);
void netif_napi_del(struct napi_struct *napi);
void napi_enable(struct napi_struct *napi);
/* Wait until @napi is not being polled and keep it from being scheduled. */
void napi_disable(struct napi_struct *napi);
/* From any context (the driver's irq handler): poll @napi soon on this CPU. */
void napi_schedule(struct napi_struct *napi);
/*
 * From ->poll when it did less than its budget: take @napi off the poll
 * list.  false means it was rescheduled meanwhile (keep interrupts off;
 * it will be polled again); true: re-enable the device's interrupts.
 */
bool napi_complete_done(struct napi_struct *napi, int work_done);

/* ---------------------------------------------------- receive paths */

/* Hand a received frame (data at the network header, protocol set) to the stack. Process context. */
int netif_receive_skb(struct sk_buff *skb);
/*
 * From ->poll instead of netif_receive_skb(): the frame may be held and
 * joined with the next ones of its TCP stream (net/core/gro.c).
 */
int napi_gro_receive(struct napi_struct *napi, struct sk_buff *skb);
/* Deliver what napi_gro_receive() holds (netrx.c does it at the end of a poll). */
void napi_gro_flush(struct napi_struct *napi);
/* Same from any context: queued on this CPU's backlog. NET_RX_SUCCESS or NET_RX_DROP. */
int netif_rx(struct sk_buff *skb);
#define NET_RX_SUCCESS	0
#define NET_RX_DROP	1

/*
 * Protocol handlers.  type ETH_P_ALL sees every frame (a tap: it must not
 * change the skb it is given - it gets a copy), others the frames of that
 * EtherType; dev NULL means on every device.
 */
struct packet_type {
	__be16 type;			/* network order; htons(ETH_P_ALL) for taps */
	struct net_device *dev;		/* NULL: any */
	int (*func)(struct sk_buff *skb, struct net_device *dev, struct packet_type *pt);
	void *af_packet_priv;
	struct list_head list;
};

void dev_add_pack(struct packet_type *pt);
void dev_remove_pack(struct packet_type *pt);	/* waits for running handlers (synchronize_rcu) */

/* ------------------------------------------------------ transmit path */

/*
 * Send @skb (data at the link header, skb->dev set).  Consumes it.  0 or
 * NET_XMIT_DROP / -ENETDOWN.  Taps (ETH_P_ALL) see a copy first, as
 * PACKET_OUTGOING.  Process or soft context; never from hard-irq.
 */
int dev_queue_xmit(struct sk_buff *skb);
#define NET_XMIT_SUCCESS	0
#define NET_XMIT_DROP		1

/* Build the link header for @skb (dev->header_ops->create). */
static inline int dev_hard_header(struct sk_buff *skb, struct net_device *dev,
				  unsigned short type, const void *daddr,
				  const void *saddr, unsigned int len)
{
	if (!dev->header_ops || !dev->header_ops->create)
		return 0;
	return dev->header_ops->create(skb, dev, type, daddr, saddr, len);
}

void netif_stop_queue(struct net_device *dev);
/* The driver has room again: restart transmission of queued frames. */
void netif_wake_queue(struct net_device *dev);
static inline bool netif_queue_stopped(const struct net_device *dev)
{
	return test_bit(__LINK_STATE_XOFF, &dev->state);
}
static inline void netif_start_queue(struct net_device *dev)
{
	clear_bit(__LINK_STATE_XOFF, &dev->state);
}

/* ------------------------------------------------------ link state */

void netif_carrier_on(struct net_device *dev);
void netif_carrier_off(struct net_device *dev);
static inline bool netif_carrier_ok(const struct net_device *dev)
{
	return !test_bit(__LINK_STATE_NOCARRIER, &dev->state);
}
static inline bool netif_running(const struct net_device *dev)
{
	return test_bit(__LINK_STATE_START, &dev->state);
}

/* --------------------------------------------------- registration */

/*
 * alloc_netdev - a zeroed net_device with @priv_size bytes of driver data.
 * @name may hold "%d" (the lowest free unit number is picked at
 * register time, "eth%d" -> eth0).  @setup initialises the rest.
 */
struct net_device *alloc_netdev(int priv_size, const char *name,
				void (*setup)(struct net_device *dev));
void free_netdev(struct net_device *dev);
int register_netdev(struct net_device *dev);		/* takes rtnl */
void unregister_netdev(struct net_device *dev);		/* takes rtnl */
int register_netdevice(struct net_device *dev);		/* caller holds rtnl */

/* Change state as user space would (ioctl/netlink). Caller holds rtnl. */
int dev_open(struct net_device *dev);
int dev_close(struct net_device *dev);
int dev_change_flags(struct net_device *dev, unsigned int flags);
int dev_set_mtu(struct net_device *dev, int new_mtu);
int dev_set_mac_address(struct net_device *dev, const void *sockaddr);
/* IFF_* flags as user space sees them: dev->flags plus IFF_RUNNING/LOWER_UP from state. */
unsigned int dev_get_flags(const struct net_device *dev);
/* Counters: dev->stats plus ->ndo_get_stats64. */
void dev_get_stats(struct net_device *dev, struct rtnl_link_stats64 *s);

struct net_device *dev_get_by_name(const char *name);	/* +ref */
struct net_device *dev_get_by_index(int ifindex);	/* +ref */
struct net_device *dev_get_by_name_rcu(const char *name);
struct net_device *dev_get_by_index_rcu(int ifindex);
static inline void dev_hold(struct net_device *dev)
{
	if (dev)
		atomic_inc(&dev->refcnt);
}
void dev_put(struct net_device *dev);

/* All registered devices (lo first); walk under rtnl or rcu_read_lock(). */
extern struct list_head net_devices;
#define for_each_netdev(d)	list_for_each_entry(d, &net_devices, dev_list)
#define for_each_netdev_rcu(d)	list_for_each_entry_rcu(d, &net_devices, dev_list)

/* The loopback device (drivers/net/loopback.c), registered first: ifindex 1. */
extern struct net_device *loopback_dev;

void rtnl_lock(void);
void rtnl_unlock(void);
bool rtnl_is_locked(void);
#define ASSERT_RTNL()	WARN_ON(!rtnl_is_locked())

/*
 * Device events for the protocols (IPv4 drops routes of a device going
 * down...).  Called under rtnl, in registration order.
 */
enum netdev_event {
	NETDEV_REGISTER = 1,
	NETDEV_UP,		/* opened */
	NETDEV_GOING_DOWN,
	NETDEV_DOWN,		/* closed */
	NETDEV_CHANGE,		/* carrier or flags changed */
	NETDEV_CHANGEMTU,
	NETDEV_CHANGEADDR,
	NETDEV_UNREGISTER,
};

struct netdev_notifier {
	void (*event)(struct netdev_notifier *nb, enum netdev_event ev, struct net_device *dev);
	struct list_head list;
};
void register_netdevice_notifier(struct netdev_notifier *nb);
void unregister_netdevice_notifier(struct netdev_notifier *nb);

/* Socket ioctls on interfaces (net/core/dev_ioctl.c); -ENOIOCTLCMD if not one. */
int dev_ioctl(unsigned int cmd, void *uarg);

/* dev->reg_state */
enum {
	NETREG_UNINITIALIZED,		/* allocated, never registered */
	NETREG_REGISTERED,
	NETREG_UNREGISTERING,		/* off the list, waiting for references */
	NETREG_UNREGISTERED,		/* free_netdev() may free it */
};

/*
 * Work for the protocols' timers (design.md): an unbound workqueue made
 * by net/core/dev.c before any device exists.
 */
extern struct workqueue_struct *net_wq;

/* Statistics helpers */
static inline void dev_stats_add(struct net_device *dev, u64 *field, u64 n)
{
	unsigned long flags;

	spin_lock_irqsave(&dev->stats_lock, flags);
	*field += n;
	spin_unlock_irqrestore(&dev->stats_lock, flags);
}

#endif /* _LINUX_NETDEVICE_H */
