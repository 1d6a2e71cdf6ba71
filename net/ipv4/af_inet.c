// SPDX-License-Identifier: GPL-2.0-only
/*
 * The AF_INET socket family and what all IPv4 sockets share.
 *
 * socket(AF_INET, type, protocol) looks for a registered inet_protosw of
 * that type whose protocol matches (0 picks the type's default; a
 * protosw with protocol IPPROTO_IP - raw - takes any non-zero protocol).
 * No protosw of the type: ESOCKTNOSUPPORT; a type we know with another
 * protocol: EPROTONOSUPPORT (as Linux answers).
 *
 * Shared helpers for the transports (<net/inet_sock.h>): bind address
 * checks, getsockname/getpeername, the SOL_IP options (ip(7)), the
 * receive control messages, the address/route/ARP ioctls, the per-packet
 * output parameters.  inet_init() brings up the whole of IPv4 in order:
 * addresses, routes, ARP, IP, ICMP, UDP, raw, /proc and sysctls.
 *
 * Locking: the protosw list is written at boot only (a spinlock for form);
 * the option handlers take lock_sock().
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/init.h>
#include <linux/capability.h>
#include <linux/spinlock.h>
#include <linux/netdevice.h>
#include <linux/inetdevice.h>
#include <net/sock.h>
#include <net/inet_sock.h>
#include <net/ip.h>
#include <net/route.h>
#include <net/arp.h>
#include <net/icmp.h>
#include <net/udp.h>
#include <net/raw.h>
#include <uapi/linux/sockios.h>
#include <uapi/asm-generic/ioctls.h>
#include <asm/uaccess.h>

static LIST_HEAD(inetsw);
static DEFINE_SPINLOCK(inetsw_lock);

int sysctl_ip_nonlocal_bind;
int devinet_ioctl(unsigned int cmd, void *uarg);

void inet_register_protosw(struct inet_protosw *p)
{
	spin_lock(&inetsw_lock);
	list_add_tail(&p->list, &inetsw);
	spin_unlock(&inetsw_lock);
}

static struct inet_protosw *inet_find_protosw(int type, int protocol, int *err)
{
	struct inet_protosw *p, *found = NULL;
	bool type_known = false;

	spin_lock(&inetsw_lock);
	list_for_each_entry(p, &inetsw, list) {
		if (p->type != type)
			continue;
		type_known = true;
		if (protocol == p->protocol || (!protocol && p->is_default) ||
		    (p->protocol == IPPROTO_IP && protocol)) {
			/* an exact protocol beats the raw wildcard */
			if (!found || found->protocol == IPPROTO_IP)
				found = p;
		}
	}
	spin_unlock(&inetsw_lock);
	if (!found)
		*err = type_known ? -EPROTONOSUPPORT : -ESOCKTNOSUPPORT;
	return found;
}

static int inet_create(struct socket *sock, int protocol, int kern)
{
	struct inet_protosw *p;
	struct inet_sock *inet;
	struct sock *sk;
	int err = 0;

	if (protocol < 0 || protocol >= IPPROTO_MAX)
		return -EINVAL;
	p = inet_find_protosw(sock->type, protocol, &err);
	if (!p)
		return err;
	if (p->needs_cap_net_raw && !kern && !capable(CAP_NET_RAW))
		return -EPERM;
	if (!protocol)
		protocol = p->protocol;

	sk = sk_alloc(PF_INET, GFP_KERNEL, p->prot, kern);
	if (!sk)
		return -ENOBUFS;
	sock->ops = p->ops;
	sock_init_data(sock, sk);
	sk->sk_protocol = protocol;
	sk->sk_family = PF_INET;
	inet = inet_sk(sk);
	inet->uc_ttl = 0;
	inet->pmtudisc = READ_ONCE(sysctl_ip_no_pmtu_disc) ? IP_PMTUDISC_DONT
							    : IP_PMTUDISC_WANT;
	inet->inet_id = (u16)ip_next_id();
	if (sock->type == SOCK_RAW) {
		inet->inet_num = protocol;
		if (protocol == IPPROTO_RAW)
			inet->hdrincl = 1;	/* raw(7): IPPROTO_RAW implies IP_HDRINCL */
	}
	if (p->init) {
		err = p->init(sk);
		if (err) {
			sock->sk = NULL;
			sock_orphan(sk);
			sock_put(sk);
			return err;
		}
	}
	return 0;
}

static const struct net_proto_family inet_family_ops = {
	.family = PF_INET,
	.create = inet_create,
};

/* ------------------------------------------------ shared socket helpers */

int inet_check_bind_addr(struct sock *sk, const struct sockaddr *uaddr, int addrlen,
			 __be32 *addr, u16 *port)
{
	const struct sockaddr_in *sin = (const struct sockaddr_in *)uaddr;
	struct inet_sock *inet = inet_sk(sk);
	__be32 a;
	u16 pt;

	if (addrlen < (int)sizeof(struct sockaddr_in))
		return -EINVAL;
	if (sin->sin_family != AF_INET) {
		/* Linux accepts AF_UNSPEC with INADDR_ANY for old programs */
		if (sin->sin_family != AF_UNSPEC || sin->sin_addr.s_addr != htonl(INADDR_ANY))
			return -EAFNOSUPPORT;
	}
	a = sin->sin_addr.s_addr;
	pt = ntohs(sin->sin_port);
	if (a && !inet_addr_is_local(a) && !inet_addr_is_broadcast(a) &&
	    (ntohl(a) & 0xf0000000) != 0xe0000000 &&
	    !inet->freebind && !READ_ONCE(sysctl_ip_nonlocal_bind))
		return -EADDRNOTAVAIL;
	if (pt && pt < 1024 && !capable(CAP_NET_BIND_SERVICE))
		return -EACCES;
	*addr = a;
	*port = pt;
	return 0;
}

int inet_getname(struct socket *sock, struct sockaddr *uaddr, int peer)
{
	struct sock *sk = sock->sk;
	struct inet_sock *inet = inet_sk(sk);
	struct sockaddr_in *sin = (struct sockaddr_in *)uaddr;

	memset(sin, 0, sizeof(*sin));
	sin->sin_family = AF_INET;
	if (peer) {
		if (!inet->inet_dport)
			return -ENOTCONN;
		sin->sin_port = inet->inet_dport;
		sin->sin_addr.s_addr = inet->inet_daddr;
	} else {
		sin->sin_port = inet->inet_sport;
		sin->sin_addr.s_addr = inet->inet_rcv_saddr ? inet->inet_rcv_saddr
							    : inet->inet_saddr;
	}
	return sizeof(*sin);
}

void inet_out_params(const struct sock *sk, __be32 daddr, u8 protocol,
		     struct ip_out_params *p)
{
	const struct inet_sock *inet = inet_sk(sk);

	memset(p, 0, sizeof(*p));
	p->saddr = inet->inet_saddr ? inet->inet_saddr : inet->inet_rcv_saddr;
	/* a socket bound to a broadcast address sends from a real one */
	if (p->saddr && !inet_addr_is_local(p->saddr))
		p->saddr = 0;
	p->daddr = daddr;
	p->protocol = protocol;
	p->ttl = inet->uc_ttl;
	p->tos = inet->tos;
	p->df = inet->pmtudisc == IP_PMTUDISC_DO || inet->pmtudisc == IP_PMTUDISC_PROBE;
	p->oif = sk->sk_bound_dev_if ? sk->sk_bound_dev_if : inet->uc_index;
}

/* --------------------------------------------------------- SOL_IP */

#define IP_PMTUDISC_MAX		5	/* ..._INTERFACE = 4, _OMIT = 5 */

static int opt_int(const void *optval, unsigned int optlen, int *val)
{
	if (optlen >= sizeof(int)) {
		memcpy(val, optval, sizeof(int));
		return 0;
	}
	if (optlen >= 1) {	/* ip(7): many options also take one byte */
		*val = *(const unsigned char *)optval;
		return 0;
	}
	return -EINVAL;
}

/* The one-bit options (lock_sock held). */
static int ip_set_flag(struct sock *sk, int optname, bool on)
{
	struct inet_sock *inet = inet_sk(sk);

	if (optname == IP_HDRINCL) {
		/* only meaningful for raw sockets */
		if (sk->sk_type != SOCK_RAW)
			return -ENOPROTOOPT;
		inet->hdrincl = on;
	} else if (optname == IP_FREEBIND) {
		inet->freebind = on;
	} else if (optname == IP_BIND_ADDRESS_NO_PORT) {
		inet->bind_address_no_port = on;
	} else {
		/* IP_RECVERR: turning it off forgets the queued errors */
		inet->recverr = on;
		if (!on)
			skb_queue_purge(&sk->sk_error_queue);
	}
	return 0;
}

int ip_setsockopt(struct sock *sk, int level, int optname,
		  const void *optval, unsigned int optlen)
{
	struct inet_sock *inet = inet_sk(sk);
	int val = 0, err = 0;

	if (level != SOL_IP)
		return -ENOPROTOOPT;
	switch (optname) {
	case IP_ADD_MEMBERSHIP:
	case IP_DROP_MEMBERSHIP:
		/* no multicast routing or group membership here */
		return optlen < sizeof(struct in_addr) * 2 ? -EINVAL : -ENODEV;
	case IP_MULTICAST_IF:
		return optlen < sizeof(struct in_addr) ? -EINVAL : 0;
	case IP_OPTIONS:
		return optlen ? -EINVAL : 0;
	case IP_MTU:
		return -ENOPROTOOPT;
	}
	if (opt_int(optval, optlen, &val))
		return -EINVAL;

	lock_sock(sk);
	switch (optname) {
	case IP_TTL:
		if (val == -1)
			val = 0;
		else if (val < 1 || val > 255)
			err = -EINVAL;
		if (!err)
			inet->uc_ttl = val;
		break;
	case IP_TOS:
		inet->tos = val & 0xff;
		break;
	case IP_PKTINFO:
	case IP_RECVTTL:
	case IP_RECVTOS:
	case IP_RECVOPTS: {
		u32 bit = optname == IP_PKTINFO ? IP_CMSG_PKTINFO :
			  optname == IP_RECVTTL ? IP_CMSG_TTL :
			  optname == IP_RECVTOS ? IP_CMSG_TOS : IP_CMSG_RECVOPTS;

		if (val)
			inet->cmsg_flags |= bit;
		else
			inet->cmsg_flags &= ~bit;
		break;
	}
	case IP_MTU_DISCOVER:
		if (val < IP_PMTUDISC_DONT || val > IP_PMTUDISC_MAX)
			err = -EINVAL;
		else
			inet->pmtudisc = val;
		break;
	case IP_HDRINCL:
	case IP_RECVERR:
	case IP_FREEBIND:
	case IP_BIND_ADDRESS_NO_PORT:
		err = ip_set_flag(sk, optname, val != 0);
		break;
	case IP_TRANSPARENT:
		if (!capable(CAP_NET_ADMIN))
			err = -EPERM;
		break;
	case IP_MULTICAST_TTL:
		if (val < -1 || val > 255)
			err = -EINVAL;
		break;
	case IP_MULTICAST_LOOP:
	case IP_RETOPTS:
	case IP_PASSSEC:
		break;
	default:
		err = -ENOPROTOOPT;
		break;
	}
	release_sock(sk);
	return err;
}

int ip_getsockopt(struct sock *sk, int level, int optname, void *optval, int *optlen)
{
	struct inet_sock *inet = inet_sk(sk);
	struct ip_route rt;
	int val, len = *optlen;

	if (level != SOL_IP)
		return -ENOPROTOOPT;
	if (len < 0)
		return -EINVAL;

	lock_sock(sk);
	switch (optname) {
	case IP_TTL:
		val = inet->uc_ttl ? inet->uc_ttl : READ_ONCE(sysctl_ip_default_ttl);
		break;
	case IP_TOS:
		val = inet->tos;
		break;
	case IP_PKTINFO:
		val = !!(inet->cmsg_flags & IP_CMSG_PKTINFO);
		break;
	case IP_RECVTTL:
		val = !!(inet->cmsg_flags & IP_CMSG_TTL);
		break;
	case IP_RECVTOS:
		val = !!(inet->cmsg_flags & IP_CMSG_TOS);
		break;
	case IP_RECVOPTS:
		val = !!(inet->cmsg_flags & IP_CMSG_RECVOPTS);
		break;
	case IP_MTU_DISCOVER:
		val = inet->pmtudisc;
		break;
	case IP_HDRINCL:
		val = inet->hdrincl;
		break;
	case IP_RECVERR:
		val = inet->recverr;
		break;
	case IP_FREEBIND:
		val = inet->freebind;
		break;
	case IP_BIND_ADDRESS_NO_PORT:
		val = inet->bind_address_no_port;
		break;
	case IP_TRANSPARENT:
	case IP_PASSSEC:
		val = 0;
		break;
	case IP_MULTICAST_TTL:
	case IP_MULTICAST_LOOP:
		val = 1;
		break;
	case IP_MTU:
		if (!inet->inet_daddr) {
			release_sock(sk);
			return -ENOTCONN;
		}
		if (ip_route_output(inet->inet_daddr, 0, sk->sk_bound_dev_if, &rt)) {
			release_sock(sk);
			return -ENOTCONN;
		}
		val = rt.mtu;
		ip_route_put(&rt);
		break;
	case IP_OPTIONS:
		release_sock(sk);
		*optlen = 0;
		return 0;
	default:
		release_sock(sk);
		return -ENOPROTOOPT;
	}
	release_sock(sk);

	/* ip(7): a short buffer gets one byte when the value fits */
	if (len < (int)sizeof(int) && len > 0 && val >= 0 && val <= 255) {
		*(unsigned char *)optval = val;
		*optlen = 1;
		return 0;
	}
	if (len < (int)sizeof(int))
		return -EINVAL;
	memcpy(optval, &val, sizeof(int));
	*optlen = sizeof(int);
	return 0;
}

void ip_cmsg_recv(struct msghdr *msg, struct sock *sk, const struct sk_buff *skb)
{
	u32 flags = inet_sk(sk)->cmsg_flags;
	const struct iphdr *iph = ip_hdr(skb);

	if (!flags)
		return;
	if (flags & IP_CMSG_PKTINFO) {
		struct in_pktinfo info = {
			.ipi_ifindex = IPCB(skb)->iif,
			.ipi_spec_dst.s_addr = IPCB(skb)->spec_dst,
			.ipi_addr.s_addr = iph->daddr,
		};

		put_cmsg(msg, SOL_IP, IP_PKTINFO, sizeof(info), &info);
	}
	if (flags & IP_CMSG_TTL) {
		int ttl = iph->ttl;

		put_cmsg(msg, SOL_IP, IP_TTL, sizeof(ttl), &ttl);
	}
	if (flags & IP_CMSG_TOS) {
		u8 tos = iph->tos;

		put_cmsg(msg, SOL_IP, IP_TOS, 1, &tos);
	}
	if (flags & IP_CMSG_RECVOPTS) {
		unsigned int olen = iph->ihl * 4 - sizeof(*iph);

		if (olen)
			put_cmsg(msg, SOL_IP, IP_RECVOPTS, olen, iph + 1);
	}
}

int inet_ioctl(struct socket *sock, unsigned int cmd, unsigned long arg)
{
	void *uarg = (void *)arg;

	/* SIOCGIFADDR .. SIOCSIFNETMASK: the address requests of devinet */
	if (cmd >= SIOCGIFADDR && cmd <= SIOCSIFNETMASK)
		return devinet_ioctl(cmd, uarg);
	switch (cmd) {
	case SIOCADDRT:
	case SIOCDELRT:
		return ip_rt_ioctl(cmd, uarg);
	case SIOCDARP:
	case SIOCGARP:
	case SIOCSARP:
		return arp_ioctl(cmd, uarg);
	default:
		return -ENOIOCTLCMD;
	}
}

/*
 * The ioctls of message-oriented AF_INET sockets (UDP, raw): FIONREAD is
 * the size of the next datagram (udp(7)), SIOCOUTQ the bytes not yet sent;
 * the rest are the generic inet ones.
 */
int inet_dgram_ioctl(struct socket *sock, unsigned int cmd, unsigned long arg)
{
	struct sk_buff_head *q = &sock->sk->sk_receive_queue;
	struct sk_buff *skb;
	unsigned long flags;
	int val;

	if (cmd == SIOCOUTQ) {
		val = atomic_read(&sock->sk->sk_wmem_alloc);
	} else if (cmd == FIONREAD) {
		spin_lock_irqsave(&q->lock, flags);
		skb = skb_peek(q);
		val = skb ? skb->len : 0;
		spin_unlock_irqrestore(&q->lock, flags);
	} else {
		return inet_ioctl(sock, cmd, arg);
	}
	return copy_to_user((void *)arg, &val, sizeof(val)) ? -EFAULT : 0;
}

/*
 * recvmsg for message-oriented AF_INET sockets: one datagram (its bytes
 * from skb->data), cut to @len with MSG_TRUNC, the sender's address (its
 * port from @src_port when the protocol has ports), timestamps and the
 * IP_* control messages.  MSG_TRUNC in @flags returns the real length.
 * There is no IP_RECVERR queue: MSG_ERRQUEUE finds it empty.
 */
int inet_recv_datagram(struct socket *sock, struct msghdr *msg, size_t len, int flags,
		       __be16 (*src_port)(const struct sk_buff *skb))
{
	struct sock *sk = sock->sk;
	struct sockaddr_in *sin = msg->msg_name;
	struct sk_buff *skb;
	size_t copied;
	int err;

	if (flags & MSG_ERRQUEUE)
		return -EAGAIN;
	skb = skb_recv_datagram(sk, flags, &err);
	if (!skb)
		return err;
	copied = min_t(size_t, skb->len, len);
	if (copied < skb->len)
		msg->msg_flags |= MSG_TRUNC;
	err = skb_copy_datagram_iter(skb, 0, &msg->msg_iter, copied);
	if (!err) {
		if (sin) {
			memset(sin, 0, sizeof(*sin));
			sin->sin_family = AF_INET;
			sin->sin_addr.s_addr = ip_hdr(skb)->saddr;
			if (src_port)
				sin->sin_port = src_port(skb);
			msg->msg_namelen = sizeof(*sin);
		}
		sock_recv_timestamp(msg, sk, skb);
		ip_cmsg_recv(msg, sk, skb);
		err = (flags & MSG_TRUNC) ? skb->len : copied;
	}
	skb_free_datagram(sk, skb);
	return err;
}

/* ----------------------------------------------------------- set-up */

static int __init inet_init(void)
{
	int err;

	ip_output_init();
	devinet_init();
	ip_rt_init();
	arp_init();
	ip_init();
	icmp_init();
	udp_init();
	raw_init();
	ip_proc_init();
	ipv4_sysctl_init();
	err = sock_register(&inet_family_ops);
	if (err)
		pr_err("inet: cannot register AF_INET (%d)\n", err);
	return 0;
}
fs_initcall(inet_init);
