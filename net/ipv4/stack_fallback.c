// SPDX-License-Identifier: GPL-2.0-only
/*
 * TEMPORARY until the net core (skbuff, devices) and the socket layer
 * land in main; remove then.  Weak stand-ins for the contract functions
 * IPv4 calls, so that every commit links: allocation fails, lookups find
 * nothing, registration does nothing.  The real definitions override
 * these as soon as they are linked in.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/list.h>
#include <linux/netdevice.h>
#include <linux/socket.h>
#include <net/sock.h>
#include <net/ip.h>

/* TEMPORARY until <core> lands; remove then */
struct list_head net_devices __weak = LIST_HEAD_INIT(net_devices);
struct net_device *loopback_dev __weak;
struct proc_dir_entry *proc_net __weak;
__weak struct sk_buff *alloc_skb(unsigned int size, gfp_t gfp) { return NULL; }
__weak struct sk_buff *alloc_skb_with_headroom(unsigned int size, gfp_t gfp) { return NULL; }
__weak void kfree_skb(struct sk_buff *skb) { }
__weak void consume_skb(struct sk_buff *skb) { }
__weak struct sk_buff *skb_copy(const struct sk_buff *skb, gfp_t gfp) { return NULL; }
__weak int skb_cow_head(struct sk_buff *skb, unsigned int headroom) { return -ENOMEM; }
__weak void skb_queue_purge(struct sk_buff_head *list) { }
__weak int skb_copy_datagram_iter(const struct sk_buff *skb, int offset,
				  struct iov_iter *iter, int len) { return -EFAULT; }
__weak int skb_put_from_iter(struct sk_buff *skb, struct iov_iter *iter, int len)
{ return -EFAULT; }
__weak void dev_add_pack(struct packet_type *pt) { }
__weak int dev_queue_xmit(struct sk_buff *skb) { return -ENETDOWN; }
__weak struct net_device *dev_get_by_index(int ifindex) { return NULL; }
__weak struct net_device *dev_get_by_index_rcu(int ifindex) { return NULL; }
__weak struct net_device *dev_get_by_name(const char *name) { return NULL; }
__weak void dev_put(struct net_device *dev) { }
__weak void register_netdevice_notifier(struct netdev_notifier *nb) { }
__weak void rtnl_lock(void) { }
__weak void rtnl_unlock(void) { }
__weak bool rtnl_is_locked(void) { return true; }

/* TEMPORARY until <sock> lands; remove then */
__weak int sock_register(const struct net_proto_family *fam) { return -ENOSYS; }
__weak int proto_register(struct proto *prot) { return -ENOSYS; }
__weak struct sock *sk_alloc(int family, gfp_t gfp, struct proto *prot, int kern)
{ return NULL; }
__weak void sock_init_data(struct socket *sock, struct sock *sk) { }
__weak void sock_orphan(struct sock *sk) { }
__weak void sock_put(struct sock *sk) { }
__weak void lock_sock(struct sock *sk) { }
__weak void release_sock(struct sock *sk) { }
__weak void sk_report_error(struct sock *sk, int err) { }
__weak int sock_queue_rcv_skb(struct sock *sk, struct sk_buff *skb) { return -ENOMEM; }
__weak struct sk_buff *sock_alloc_send_skb(struct sock *sk, unsigned long size,
					   unsigned long headroom, int noblock, int *err)
{ *err = -ENOSYS; return NULL; }
__weak struct sk_buff *skb_recv_datagram(struct sock *sk, unsigned int flags, int *err)
{ *err = -ENOSYS; return NULL; }
__weak void skb_free_datagram(struct sock *sk, struct sk_buff *skb) { }
__weak __poll_t datagram_poll(struct file *file, struct socket *sock,
			      struct poll_table_struct *wait) { return 0; }
__weak void sock_recv_timestamp(struct msghdr *msg, struct sock *sk,
				const struct sk_buff *skb) { }
__weak int put_cmsg(struct msghdr *msg, int level, int type, int len, const void *data)
{ return -EFAULT; }
__weak int sock_setsockopt(struct socket *sock, int level, int optname,
			   const void *optval, unsigned int optlen) { return -ENOPROTOOPT; }
__weak int sock_getsockopt(struct socket *sock, int level, int optname,
			   void *optval, int *optlen) { return -ENOPROTOOPT; }
