/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * AF_INET sockets (net/ipv4/af_inet.c): struct inet_sock, the part every
 * IPv4 socket (TCP, UDP, raw) shares after struct sock, and how the
 * transports plug into socket(AF_INET, type, protocol).
 *
 * af_inet.c owns the AF_INET family: inet_create() picks the inet_protosw
 * registered for (type, protocol), allocates its struct proto's object,
 * sets the inet defaults and the protosw's proto_ops.  The transports own
 * everything else: their proto_ops (bind, connect, sendmsg... may call the
 * shared helpers below), their port tables, their /proc/net file.
 *
 * Locking: the fields below change under lock_sock(); the transports'
 * lookup tables have their own locks.
 */
#ifndef _NET_INET_SOCK_H
#define _NET_INET_SOCK_H

#include <net/sock.h>
#include <net/ip.h>

struct inet_sock {
	struct sock sk;			/* must be first */
	__be32 inet_saddr;		/* source address used for sending (0: from the route) */
	__be32 inet_rcv_saddr;		/* bound local address (0: any) */
	__be32 inet_daddr;		/* connected peer (0: none) */
	__be16 inet_sport;		/* local port, network order (0: unbound) */
	__be16 inet_dport;		/* peer port */
	__be16 inet_num_be;		/* (reserved) */
	u16 inet_num;			/* local port, host order */
	u8 uc_ttl;			/* IP_TTL; 0 = default */
	u8 tos;				/* IP_TOS */
	u8 pmtudisc;			/* IP_MTU_DISCOVER: IP_PMTUDISC_* */
	u8 hdrincl:1,			/* IP_HDRINCL (raw) */
	   recverr:1,			/* IP_RECVERR */
	   freebind:1,			/* IP_FREEBIND */
	   bind_address_no_port:1;
	u32 cmsg_flags;			/* IP_CMSG_*: which control messages recvmsg adds */
	int uc_index;			/* IP_UNICAST_IF (0) */
	u16 inet_id;			/* IP ID counter for this socket */
};

/* inet_sock->cmsg_flags */
#define IP_CMSG_PKTINFO		(1 << 0)
#define IP_CMSG_TTL		(1 << 1)
#define IP_CMSG_TOS		(1 << 2)
#define IP_CMSG_RECVOPTS	(1 << 3)

static inline struct inet_sock *inet_sk(const struct sock *sk)
{
	return (struct inet_sock *)sk;
}

/* How a transport registers with socket(AF_INET, ...). */
struct inet_protosw {
	struct list_head list;
	unsigned short type;		/* SOCK_STREAM... */
	unsigned short protocol;	/* IPPROTO_TCP...; IPPROTO_IP: wildcard (raw) */
	struct proto *prot;
	const struct proto_ops *ops;
	/* Called after the generic inet setup; may fail (-errno). */
	int (*init)(struct sock *sk);
	bool is_default;		/* used for protocol 0 with this type */
	bool needs_cap_net_raw;		/* raw sockets: EPERM without CAP_NET_RAW */
};

void inet_register_protosw(struct inet_protosw *p);

/* ------------------------------------- helpers shared by the transports */

/*
 * Check an AF_INET bind() address: family, length, that the address is
 * ours (or any, broadcast, or IP_FREEBIND), and the privileged-port rule
 * (ports < 1024 need CAP_NET_BIND_SERVICE).  0 or -EINVAL,
 * -EAFNOSUPPORT, -EADDRNOTAVAIL, -EACCES.  Fills *addr and *port (port in host order).
 */
int inet_check_bind_addr(struct sock *sk, const struct sockaddr *uaddr, int addrlen,
			 __be32 *addr, u16 *port);
/* ->getname for every AF_INET socket. */
int inet_getname(struct socket *sock, struct sockaddr *uaddr, int peer);
/* SOL_IP options every AF_INET socket shares (IP_TTL, IP_TOS, IP_PKTINFO...). */
int ip_setsockopt(struct sock *sk, int level, int optname,
		  const void *optval, unsigned int optlen);
int ip_getsockopt(struct sock *sk, int level, int optname, void *optval, int *optlen);
/* Add the IP_PKTINFO/IP_TTL/IP_TOS control messages asked for to a recvmsg. */
void ip_cmsg_recv(struct msghdr *msg, struct sock *sk, const struct sk_buff *skb);
/* The generic AF_INET ioctls (SIOCGIFADDR..., SIOCADDRT, SIOC*ARP); -ENOIOCTLCMD if not. */
int inet_ioctl(struct socket *sock, unsigned int cmd, unsigned long arg);
/* FIONREAD (next datagram) and SIOCOUTQ for UDP and raw sockets, then inet_ioctl(). */
int inet_dgram_ioctl(struct socket *sock, unsigned int cmd, unsigned long arg);
/* recvmsg of one datagram for UDP and raw; @src_port NULL when the protocol has no ports. */
int inet_recv_datagram(struct socket *sock, struct msghdr *msg, size_t len, int flags,
		       __be16 (*src_port)(const struct sk_buff *skb));
/* Fill the ip_out_params of a send from @sk to @daddr. */
void inet_out_params(const struct sock *sk, __be32 daddr, u8 protocol,
		     struct ip_out_params *p);

#endif /* _NET_INET_SOCK_H */
