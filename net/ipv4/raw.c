// SPDX-License-Identifier: GPL-2.0-only
/*
 * Raw IPv4 sockets (raw(7)): socket(AF_INET, SOCK_RAW, protocol).
 *
 * Receiving: every IP datagram for us whose protocol is the socket's is
 * copied to it, IP header included, before the transport sees it (so
 * ping, a raw IPPROTO_ICMP socket, gets the echo replies).  A bound
 * local address or a connected peer narrows what matches; an
 * IPPROTO_ICMP socket drops the ICMP types set in its ICMP_FILTER mask.
 * Sending: the kernel builds the IP header with the socket's protocol,
 * or with IP_HDRINCL (implied by IPPROTO_RAW) the user supplies it and
 * the kernel fills the total length, checksum, and an ID or source left
 * zero.  Creating one needs CAP_NET_RAW.
 *
 * Interface: the SOCK_RAW protosw, raw_local_deliver() (<net/raw.h>),
 * /proc/net/raw.
 *
 * Locking: raw_lock (a spinlock) guards the socket list; copies are
 * queued after a reference is taken and the lock dropped.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/spinlock.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include <net/sock.h>
#include <net/inet_sock.h>
#include <net/ip.h>
#include <net/raw.h>
#include <net/udp.h>
#include <uapi/linux/icmp.h>
#include <uapi/linux/tcp.h>
#include <uapi/linux/sockios.h>
#include <uapi/asm-generic/ioctls.h>
#include <asm/uaccess.h>

struct raw_sock {
	struct inet_sock inet;		/* must be first */
	struct list_head node;
	struct icmp_filter filter;	/* IPPROTO_ICMP: types to drop */
	atomic_t drops;
};

static inline struct raw_sock *raw_sk(const struct sock *sk)
{
	return (struct raw_sock *)sk;
}

static LIST_HEAD(raw_list);
static DEFINE_SPINLOCK(raw_lock);
static int raw_count;

int raw_sockets_in_use(void)
{
	return READ_ONCE(raw_count);
}

static bool raw_match(const struct sock *sk, const struct sk_buff *skb, u8 protocol)
{
	const struct inet_sock *inet = inet_sk(sk);
	const struct iphdr *iph = ip_hdr(skb);

	if (inet->inet_num != protocol)
		return false;
	if (inet->inet_rcv_saddr && inet->inet_rcv_saddr != iph->daddr)
		return false;
	if (inet->inet_daddr && inet->inet_daddr != iph->saddr)
		return false;
	if (sk->sk_bound_dev_if && sk->sk_bound_dev_if != skb->skb_iif)
		return false;
	if (protocol == IPPROTO_ICMP) {
		unsigned int hlen = iph->ihl * 4;
		u8 type;

		if (skb->len < hlen + 1)
			return true;
		type = skb->data[hlen];
		if (type < 32 && (raw_sk(sk)->filter.data & (1U << type)))
			return false;
	}
	return true;
}

bool raw_local_deliver(struct sk_buff *skb, u8 protocol)
{
	struct sock *list[16];
	struct raw_sock *r;
	int n = 0;

	if (list_empty(&raw_list))
		return false;
	spin_lock(&raw_lock);
	list_for_each_entry(r, &raw_list, node) {
		if (n == ARRAY_SIZE(list))
			break;
		if (raw_match(&r->inet.sk, skb, protocol)) {
			sock_hold(&r->inet.sk);
			list[n++] = &r->inet.sk;
		}
	}
	spin_unlock(&raw_lock);

	for (int i = 0; i < n; i++) {
		struct sk_buff *c = skb_copy(skb, GFP_ATOMIC);

		if (c) {
			c->ip_summed = CHECKSUM_NONE;
			if (sock_queue_rcv_skb(list[i], c)) {
				atomic_inc(&raw_sk(list[i])->drops);
				kfree_skb(c);
			}
		}
		sock_put(list[i]);
	}
	return n > 0;
}

/* ------------------------------------------------------- socket calls */

static int raw_release(struct socket *sock)
{
	struct sock *sk = sock->sk;

	if (!sk)
		return 0;
	spin_lock(&raw_lock);
	list_del_init(&raw_sk(sk)->node);
	raw_count--;
	spin_unlock(&raw_lock);
	skb_queue_purge(&sk->sk_receive_queue);
	sock_orphan(sk);
	sock->sk = NULL;
	sock_put(sk);
	return 0;
}

static int raw_bind(struct socket *sock, struct sockaddr *uaddr, int addrlen)
{
	const struct sockaddr_in *sin = (const struct sockaddr_in *)uaddr;
	struct sock *sk = sock->sk;
	struct inet_sock *inet = inet_sk(sk);
	__be32 a;

	if (addrlen < (int)sizeof(*sin))
		return -EINVAL;
	if (sin->sin_family != AF_INET && sin->sin_family != AF_UNSPEC)
		return -EAFNOSUPPORT;
	a = sin->sin_addr.s_addr;
	if (a && !inet_addr_is_local(a) && !inet_addr_is_broadcast(a) &&
	    (ntohl(a) & 0xf0000000) != 0xe0000000 && !inet->freebind)
		return -EADDRNOTAVAIL;
	lock_sock(sk);
	inet->inet_rcv_saddr = a;
	inet->inet_saddr = a;
	release_sock(sk);
	return 0;
}

static int raw_connect(struct socket *sock, struct sockaddr *uaddr, int addrlen, int flags)
{
	struct sockaddr_in *sin = (struct sockaddr_in *)uaddr;
	struct sock *sk = sock->sk;
	struct inet_sock *inet = inet_sk(sk);

	if (addrlen < (int)sizeof(sa_family_t))
		return -EINVAL;
	lock_sock(sk);
	if (sin->sin_family == AF_UNSPEC) {
		inet->inet_daddr = 0;
		sk->sk_state = TCP_CLOSE;
	} else if (addrlen < (int)sizeof(*sin) || sin->sin_family != AF_INET) {
		release_sock(sk);
		return addrlen < (int)sizeof(*sin) ? -EINVAL : -EAFNOSUPPORT;
	} else {
		inet->inet_daddr = sin->sin_addr.s_addr;
		sk->sk_state = TCP_ESTABLISHED;
	}
	release_sock(sk);
	return 0;
}

static int raw_sendmsg(struct socket *sock, struct msghdr *msg, size_t len)
{
	struct sock *sk = sock->sk;
	struct inet_sock *inet = inet_sk(sk);
	struct sockaddr_in *sin = msg->msg_name;
	struct ip_out_params p;
	struct ip_route rt;
	struct sk_buff *skb;
	__be32 daddr;
	int err;

	if (len > 65535 - (inet->hdrincl ? 0 : sizeof(struct iphdr)))
		return -EMSGSIZE;
	if (msg->msg_flags & MSG_OOB)
		return -EOPNOTSUPP;
	if (sin && msg->msg_namelen) {
		if (msg->msg_namelen < (int)sizeof(*sin))
			return -EINVAL;
		if (sin->sin_family != AF_INET && sin->sin_family != AF_UNSPEC)
			return -EAFNOSUPPORT;
		daddr = sin->sin_addr.s_addr;
	} else {
		if (sk->sk_state != TCP_ESTABLISHED)
			return -EDESTADDRREQ;
		daddr = inet->inet_daddr;
	}

	lock_sock(sk);
	inet_out_params(sk, daddr, inet->inet_num, &p);
	err = ip_route_output(daddr, p.saddr, p.oif, &rt);
	if (err) {
		IP_INC_STATS(IPSTATS_MIB_OUTNOROUTES);
		goto out;
	}
	if (rt.type == RTN_BROADCAST && !sock_flag(sk, SOCK_BROADCAST)) {
		err = -EACCES;
		goto out_rt;
	}
	if (!inet->hdrincl && p.df && len + sizeof(struct iphdr) > rt.mtu) {
		err = -EMSGSIZE;
		goto out_rt;
	}
	skb = sock_alloc_send_skb(sk, len, MAX_HEADER_ROOM, msg->msg_flags & MSG_DONTWAIT, &err);
	if (!skb)
		goto out_rt;
	err = skb_put_from_iter(skb, &msg->msg_iter, len);
	if (err) {
		kfree_skb(skb);
		goto out_rt;
	}
	if (inet->hdrincl) {
		const struct iphdr *iph = (const struct iphdr *)skb->data;

		if (len < sizeof(*iph) || iph->ihl < 5 || iph->ihl * 4 > len) {
			kfree_skb(skb);
			err = -EINVAL;
			goto out_rt;
		}
		err = ip_send_prebuilt(skb, &rt, false);
	} else {
		if (inet->inet_num == IPPROTO_ICMP && len) {
			/* ping's requests count as ICMP output, as in Linux */
			ICMP_INC_STATS(ICMP_MIB_OUTMSGS);
			ICMPMSG_OUT_INC(skb->data[0]);
		}
		p.saddr = rt.saddr;
		err = ip_send_skb(sk, skb, &p);
	}
	if (!err)
		err = len;
out_rt:
	ip_route_put(&rt);
out:
	release_sock(sk);
	return err;
}

static int raw_recvmsg(struct socket *sock, struct msghdr *msg, size_t len, int flags)
{
	return inet_recv_datagram(sock, msg, len, flags, NULL);
}

static int raw_setsockopt(struct socket *sock, int level, int optname,
			  const void *optval, unsigned int optlen)
{
	struct sock *sk = sock->sk;

	if (level == SOL_SOCKET)
		return sock_setsockopt(sock, level, optname, optval, optlen);
	if (level == SOL_RAW) {
		if (optname != ICMP_FILTER)
			return -ENOPROTOOPT;
		if (inet_sk(sk)->inet_num != IPPROTO_ICMP)
			return -EOPNOTSUPP;
		if (optlen > sizeof(struct icmp_filter))
			optlen = sizeof(struct icmp_filter);
		lock_sock(sk);
		memcpy(&raw_sk(sk)->filter, optval, optlen);
		release_sock(sk);
		return 0;
	}
	return ip_setsockopt(sk, level, optname, optval, optlen);
}

static int raw_getsockopt(struct socket *sock, int level, int optname,
			  void *optval, int *optlen)
{
	struct sock *sk = sock->sk;
	int len = *optlen;

	if (level == SOL_SOCKET)
		return sock_getsockopt(sock, level, optname, optval, optlen);
	if (level == SOL_RAW) {
		if (optname != ICMP_FILTER)
			return -ENOPROTOOPT;
		if (inet_sk(sk)->inet_num != IPPROTO_ICMP)
			return -EOPNOTSUPP;
		if (len < 0)
			return -EINVAL;
		if (len > (int)sizeof(struct icmp_filter))
			len = sizeof(struct icmp_filter);
		memcpy(optval, &raw_sk(sk)->filter, len);
		*optlen = len;
		return 0;
	}
	return ip_getsockopt(sk, level, optname, optval, optlen);
}

static int raw_listen(struct socket *sock, int backlog)
{
	return -EOPNOTSUPP;
}

static int raw_shutdown(struct socket *sock, int how)
{
	struct sock *sk = sock->sk;

	if (how < 0 || how > 2)
		return -EINVAL;
	lock_sock(sk);
	sk->sk_shutdown |= how + 1;
	release_sock(sk);
	sk->sk_state_change(sk);
	return 0;
}

static int raw_init_sock(struct sock *sk)
{
	sk->sk_state = TCP_CLOSE;
	spin_lock(&raw_lock);
	list_add_tail(&raw_sk(sk)->node, &raw_list);
	raw_count++;
	spin_unlock(&raw_lock);
	return 0;
}

static struct proto raw_prot = {
	.name = "RAW",
	.obj_size = sizeof(struct raw_sock),
};

static const struct proto_ops inet_sockraw_ops = {
	.family = PF_INET,
	.release = raw_release,
	.bind = raw_bind,
	.connect = raw_connect,
	.getname = inet_getname,
	.poll = datagram_poll,
	.ioctl = inet_dgram_ioctl,
	.listen = raw_listen,
	.shutdown = raw_shutdown,
	.setsockopt = raw_setsockopt,
	.getsockopt = raw_getsockopt,
	.sendmsg = raw_sendmsg,
	.recvmsg = raw_recvmsg,
};

static struct inet_protosw raw_protosw = {
	.type = SOCK_RAW,
	.protocol = IPPROTO_IP,		/* any non-zero protocol */
	.prot = &raw_prot,
	.ops = &inet_sockraw_ops,
	.init = raw_init_sock,
	.needs_cap_net_raw = true,
};

static int raw_proc_show(struct seq_file *m, void *v)
{
	struct raw_sock *r;
	int i = 0;

	seq_puts(m, "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when "
		    "retrnsmt   uid  timeout inode ref pointer drops\n");
	spin_lock(&raw_lock);
	list_for_each_entry(r, &raw_list, node)
		inet_proc_sock_line(m, i++, &r->inet.sk, r->inet.inet_num,
				    atomic_read(&r->drops), false);
	spin_unlock(&raw_lock);
	return 0;
}

void raw_init(void)
{
	proto_register(&raw_prot);
	inet_register_protosw(&raw_protosw);
	ip_proc_add("raw", raw_proc_show);
}
