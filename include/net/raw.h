/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Raw IPv4 sockets (net/ipv4/raw.c, raw(7)): what the IP input path calls.
 */
#ifndef _NET_RAW_H
#define _NET_RAW_H

#include <linux/skbuff.h>

/*
 * Give every raw socket of @protocol a copy of @skb (data at the IP
 * header).  True if at least one socket took one.
 */
bool raw_local_deliver(struct sk_buff *skb, u8 protocol);
/* Socket counts for /proc/net/sockstat. */
int raw_sockets_in_use(void);
void raw_init(void);

#endif /* _NET_RAW_H */
