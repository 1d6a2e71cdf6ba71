/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * UDP over IPv4 (net/ipv4/udp.c, RFC 768, udp(7)).
 */
#ifndef _NET_UDP_H
#define _NET_UDP_H

#include <net/inet_sock.h>
#include <uapi/linux/udp.h>

/* Largest payload of one datagram: 65535 - IP header - UDP header. */
#define UDP_MAX_PAYLOAD		(65535 - 20 - 8)

struct udp_sock {
	struct inet_sock inet;		/* must be first */
	struct list_head node;		/* in the port table's bucket */
	atomic_t drops;			/* /proc/net/udp "drops" */
	bool addr_by_user;		/* bind() chose the local address (connect keeps it) */
};

static inline struct udp_sock *udp_sk(const struct sock *sk)
{
	return (struct udp_sock *)sk;
}

int udp_sockets_in_use(void);
/* One socket line of /proc/net/udp (@pad: to 127 columns) or /proc/net/raw. */
struct seq_file;
void inet_proc_sock_line(struct seq_file *m, int slot, struct sock *sk, u16 lport,
			 u32 drops, bool pad);
void udp_init(void);

#endif /* _NET_UDP_H */
