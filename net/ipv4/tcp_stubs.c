// SPDX-License-Identifier: GPL-2.0-only
/*
 * TEMPORARY fallbacks for the functions TCP uses from the socket layer,
 * the packet buffers and IPv4, which are being written at the same time.
 * Each is __weak: the real one replaces it as soon as its piece is in the
 * tree.  They fail honestly (NULL, -ENOSYS...) so nothing pretends to
 * work.  This file goes away once sock, core and ipv4 have landed.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mutex.h>
#include <net/tcp.h>

/* TEMPORARY until core lands; remove then */
__weak struct sk_buff *alloc_skb_with_headroom(unsigned int size, gfp_t gfp) { return NULL; }
__weak void kfree_skb(struct sk_buff *skb) { }
__weak void consume_skb(struct sk_buff *skb) { }
__weak struct sk_buff *skb_copy_expand(const struct sk_buff *skb, unsigned int headroom,
				       unsigned int tailroom, gfp_t gfp) { return NULL; }
__weak void skb_queue_purge(struct sk_buff_head *list) { }
__weak void skb_queue_tail(struct sk_buff_head *list, struct sk_buff *newsk) { }
__weak void skb_unlink(struct sk_buff *skb, struct sk_buff_head *list) { }
__weak int skb_copy_datagram_iter(const struct sk_buff *skb, int offset,
				  struct iov_iter *iter, int len) { return -EFAULT; }
__weak int skb_put_from_iter(struct sk_buff *skb, struct iov_iter *iter, int len) { return -EFAULT; }

/* TEMPORARY until ipv4 lands; remove then */
__weak atomic64_t tcp_mib[TCP_MIB_MAX];
__weak __wsum csum_partial(const void *buf, int len, __wsum sum) { return sum; }
__weak __sum16 csum_tcpudp_magic(__be32 saddr, __be32 daddr, u32 len, u8 proto,
				 __wsum sum) { return 0; }
__weak int inet_add_protocol(const struct net_protocol *prot, u8 protocol) { return -ENOSYS; }
__weak void inet_register_protosw(struct inet_protosw *p) { }
__weak int inet_check_bind_addr(struct sock *sk, const struct sockaddr *uaddr, int addrlen,
				__be32 *addr, u16 *port) { return -ENOSYS; }
__weak void inet_get_local_port_range(int *lo, int *hi) { *lo = 32768; *hi = 60999; }
__weak int inet_getname(struct socket *sock, struct sockaddr *uaddr, int peer) { return -ENOSYS; }
__weak int inet_ioctl(struct socket *sock, unsigned int cmd, unsigned long arg) { return -ENOIOCTLCMD; }
__weak int ip_setsockopt(struct sock *sk, int level, int optname,
			 const void *optval, unsigned int optlen) { return -ENOPROTOOPT; }
__weak int ip_getsockopt(struct sock *sk, int level, int optname, void *optval,
			 int *optlen) { return -ENOPROTOOPT; }
__weak int ip_queue_xmit(struct sock *sk, struct sk_buff *skb) { return -ENOSYS; }
__weak int ip_send_skb(struct sock *sk, struct sk_buff *skb,
		       const struct ip_out_params *p) { return -ENOSYS; }
__weak int ip_route_output(__be32 daddr, __be32 saddr, int oif,
			   struct ip_route *rt) { return -ENETUNREACH; }
__weak void ip_route_put(struct ip_route *rt) { }
