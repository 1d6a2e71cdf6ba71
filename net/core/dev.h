/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private interfaces between the files of net/core that make up the
 * device layer: dev.c (registration, configuration, transmit),
 * netrx.c (NAPI, receive threads, handler dispatch), gro.c (receive
 * coalescing), net-sysfs.c and rx_fault.c (the test knob that disturbs
 * received frames).
 */
#ifndef _NET_CORE_DEV_H
#define _NET_CORE_DEV_H

#include <linux/netdevice.h>

struct dentry;

/* netrx.c: start the per-CPU receive threads (boot). */
int netrx_init(void);
/* netrx.c: give copies of @skb to the ETH_P_ALL taps (outgoing frames). */
void dev_queue_xmit_taps(struct sk_buff *skb);

/* netrx.c: frames processed and backlog drops of CPU @cpu (/proc/net/softnet_stat). */
void netrx_cpu_counts(int cpu, unsigned long *processed, unsigned long *dropped);

/* net-sysfs.c: the class and one device's directory. */
int netdev_sysfs_init(void);
int netdev_sysfs_add(struct net_device *dev);
void netdev_sysfs_del(struct net_device *dev);

/* dev.c: a device by name / index; caller holds rtnl or rcu_read_lock(). */
struct net_device *__dev_get_by_name(const char *name);
/* dev.c: is @name usable as an interface name? */
bool dev_valid_name(const char *name);
/* dev.c: rename a device that is down (SIOCSIFNAME); rtnl held. */
int dev_change_name(struct net_device *dev, const char *newname);
/* dev.c: set the transmit queue limit (SIOCSIFTXQLEN, sysfs); rtnl held. */
int dev_change_tx_queue_len(struct net_device *dev, unsigned long len);

/*
 * rx_fault.c: pass a received frame through the fault knobs.  Puts the
 * frames to deliver now in @out (0 to 2 of them: the frame, a duplicate,
 * a frame held back earlier) and returns how many.
 */
int rx_fault_apply(struct sk_buff *skb, struct sk_buff **out);
/* gro.c: joining on (1) or off (0); its debugfs files in @dir. */
extern unsigned int gro_enabled;
/* gro.c: while set, this context's moves of a run into a larger area fail (self tests). */
extern struct napi_struct *gro_fail_grows;
void gro_debugfs_init(struct dentry *dir);
/* netrx.c: deliver a frame to taps and handlers, skipping the fault knobs. */
int __netif_receive_skb(struct sk_buff *skb);

#endif /* _NET_CORE_DEV_H */
