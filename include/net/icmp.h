/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ICMP inside the kernel (net/ipv4/icmp.c): icmp_send() is in <net/ip.h>;
 * this adds the sysctls and the set-up call.
 */
#ifndef _NET_ICMP_H
#define _NET_ICMP_H

#include <net/ip.h>
#include <uapi/linux/icmp.h>

extern int sysctl_icmp_echo_ignore_all;
extern int sysctl_icmp_echo_ignore_broadcasts;
extern int sysctl_icmp_ratelimit;
extern int sysctl_icmp_msgs_per_sec;
extern int sysctl_icmp_msgs_burst;

void icmp_init(void);

#endif /* _NET_ICMP_H */
