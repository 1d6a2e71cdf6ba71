/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * IPv4 inside the kernel (net/ipv4/): what the transport protocols (TCP,
 * UDP, raw/ICMP) use from the IP layer, and what they register with it.
 *
 * Input: ip_rcv() (the ETH_P_IP packet_type) checks the header, trims
 * link padding, reassembles fragments, decides local delivery by route,
 * and calls the registered net_protocol handler with skb->data at the
 * transport header, skb->len the transport length, ip_hdr(skb) valid
 * and IPCB(skb) filled.  The handler owns the skb.  Raw sockets see a
 * copy first.  Unknown protocols get ICMP protocol-unreachable.
 *
 * Output: a transport builds its header at skb->data (reserving
 * MAX_HEADER_ROOM in front) and calls ip_queue_xmit(); IP routes, pushes
 * its header, fragments if the packet is larger than the path MTU and DF
 * is clear, resolves the next hop (ARP) and sends.  ICMP errors for a
 * connection come back to the protocol's err_handler.
 *
 * Everything here runs in process context (see netdevice.h).
 */
#ifndef _NET_IP_H
#define _NET_IP_H

#include <linux/types.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <uapi/linux/in.h>
#include <uapi/linux/ip.h>
#include <net/checksum.h>
#include <net/snmp.h>

struct sock;

static inline struct iphdr *ip_hdr(const struct sk_buff *skb)
{
	return (struct iphdr *)skb_network_header(skb);
}

static inline unsigned int ip_hdrlen(const struct sk_buff *skb)
{
	return ip_hdr(skb)->ihl * 4;
}

/* What the IP layer tells the transport about a received packet (skb->cb). */
struct inet_skb_parm {
	int iif;			/* arrival ifindex */
	u16 flags;			/* IPSKB_* */
	u8 route_type;			/* RTN_LOCAL / RTN_BROADCAST / RTN_MULTICAST */
	__be32 spec_dst;		/* our address it was sent to (IP_PKTINFO's ipi_spec_dst) */
};
#define IPCB(skb)	((struct inet_skb_parm *)((skb)->cb))
#define IPSKB_REASSEMBLED	0x1

/* ------------------------------------------------- transport registration */

struct net_protocol {
	/* Deliver @skb (see above); return value ignored. */
	int (*handler)(struct sk_buff *skb);
	/*
	 * An ICMP error about a packet we sent: @quoted is the IP header we
	 * sent, followed by at least 8 bytes of our transport header.
	 * @type/@code the ICMP ones; @info the next-hop MTU for FRAG_NEEDED.
	 */
	void (*err_handler)(const struct iphdr *quoted, int type, int code, u32 info);
};

int inet_add_protocol(const struct net_protocol *prot, u8 protocol);
int inet_del_protocol(const struct net_protocol *prot, u8 protocol);

/* ---------------------------------------------------------------- routes */

/* Route types (rtnetlink's rtm_type values). */
enum {
	RTN_UNSPEC,
	RTN_UNICAST,		/* a gateway or direct route */
	RTN_LOCAL,		/* one of our addresses */
	RTN_BROADCAST,
	RTN_ANYCAST,
	RTN_MULTICAST,
	RTN_BLACKHOLE,
	RTN_UNREACHABLE,
	RTN_PROHIBIT,
	RTN_THROW,
	RTN_NAT,
	RTN_XRESOLVE,
};

/* The answer of a route lookup (a copy: no reference to release except dev). */
struct ip_route {
	struct net_device *dev;	/* held: ip_route_put() */
	__be32 gateway;		/* next hop; == daddr for a direct route */
	__be32 saddr;		/* the source address to use */
	unsigned int mtu;	/* path MTU (dev mtu or a smaller learned one) */
	u8 type;		/* RTN_* */
};

/*
 * ip_route_output - where a packet to @daddr goes.  @saddr: a source the
 * caller insists on (0: pick one - the preferred address of the outgoing
 * interface, RFC 1122 3.3.4.3); @oif: SO_BINDTODEVICE (0: any).  0 or
 * -ENETUNREACH / -EHOSTUNREACH / -EINVAL (saddr not ours).
 */
int ip_route_output(__be32 daddr, __be32 saddr, int oif, struct ip_route *rt);
void ip_route_put(struct ip_route *rt);

/* Is @addr one of ours (any interface, or lo's 127/8)?  0.0.0.0 is not. */
bool inet_addr_is_local(__be32 addr);
/* Is @addr a broadcast address of ours (255.255.255.255 or a subnet broadcast)? */
bool inet_addr_is_broadcast(__be32 addr);

/* ---------------------------------------------------------------- output */

/* Per-packet output parameters (from the socket or the caller). */
struct ip_out_params {
	__be32 saddr;		/* 0: from the route */
	__be32 daddr;
	u8 protocol;
	u8 ttl;			/* 0: the default (net.ipv4.ip_default_ttl) */
	u8 tos;
	bool df;		/* set Don't Fragment (PMTU discovery on) */
	int oif;		/* 0: any */
	bool dontroute;		/* MSG_DONTROUTE/SO_DONTROUTE: on-link only */
};

/*
 * ip_send_skb - route and send one transport segment.  skb->data is at
 * the transport header (its checksum already filled, with @p's
 * saddr/daddr if the caller chose them - use ip_route_output() first when
 * the checksum needs the source address).  Consumes @skb.  0 or
 * -ENETUNREACH, -EHOSTUNREACH, -EMSGSIZE (DF and too big), -ENOBUFS.
 * @sk may be NULL (RSTs, ICMP).
 */
int ip_send_skb(struct sock *sk, struct sk_buff *skb, const struct ip_out_params *p);

/* A connected socket's shorthand: parameters from inet_sk(sk). */
int ip_queue_xmit(struct sock *sk, struct sk_buff *skb);

/* ------------------------------------------------------------------ misc */

/* ICMP error about @skb_in (a received packet, network header set). */
void icmp_send(struct sk_buff *skb_in, int type, int code, __be32 info);

/* net.ipv4.* knobs */
extern int sysctl_ip_default_ttl;
extern int sysctl_ip_no_pmtu_disc;
/* net.ipv4.ip_local_port_range: the ephemeral ports [lo, hi]. */
void inet_get_local_port_range(int *lo, int *hi);

/* /proc/net: the directory the protocols create their files in (net/core). */
struct proc_dir_entry;
extern struct proc_dir_entry *proc_net;


/* ------------------------------------ IPv4 internals (net/ipv4/ only) */

/* Route lookup for a received packet: RTN_LOCAL, RTN_BROADCAST,
 * RTN_MULTICAST, or RTN_UNICAST for one that is not for us. */
int ip_route_input_type(__be32 daddr, __be32 saddr, struct net_device *dev);
/* Deliver a whole (reassembled) datagram, data at the IP header. */
void ip_local_deliver(struct sk_buff *skb);
/* Reassembly: NULL while incomplete, else the whole datagram (data at IP header). */
struct sk_buff *ip_defrag(struct sk_buff *skb);
/* Send a packet whose IP header is complete at skb->data (IP_HDRINCL, forwarded errors). */
int ip_send_prebuilt(struct sk_buff *skb, const struct ip_route *rt, bool df_ok);
/* The handler of protocol @protocol, or NULL. */
const struct net_protocol *inet_get_protocol(u8 protocol);
u16 ip_next_id(void);

extern int sysctl_ip_nonlocal_bind;
extern int sysctl_ip_forward;
extern int sysctl_ipfrag_time;
extern int sysctl_ipfrag_high_thresh;
int ipfrag_mem_used(void);
int ipfrag_queue_count(void);
void ipfrag_expire_all(void);	/* self tests: time every queue out now */

void ip_init(void);
void ip_output_init(void);
void ipfrag_init(void);
void devinet_init(void);
void ip_rt_init(void);
void arp_init(void);
void ip_proc_init(void);
struct seq_file;
void ip_proc_add(const char *name, int (*show)(struct seq_file *m, void *v));
void ipv4_sysctl_init(void);

#endif /* _NET_IP_H */
