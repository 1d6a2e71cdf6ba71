/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The IPv4 header (RFC 791 section 3.1) and its constants.  Multi-byte
 * fields are in network byte order.
 */
#ifndef _UAPI_LINUX_IP_H
#define _UAPI_LINUX_IP_H

#include <uapi/linux/types.h>

#define IPVERSION	4
#define MAXTTL		255
#define IPDEFTTL	64

/* frag_off: flags in the top three bits, offset in 8-byte units below. */
#define IP_CE		0x8000	/* reserved ("congestion" in Linux) */
#define IP_DF		0x4000	/* don't fragment */
#define IP_MF		0x2000	/* more fragments */
#define IP_OFFSET	0x1FFF

/* Option types (the first byte of each option). */
#define IPOPT_END	0
#define IPOPT_NOOP	1
#define IPOPT_RR	7
#define IPOPT_TS	68
#define IPOPT_SEC	130
#define IPOPT_LSRR	131
#define IPOPT_SSRR	137
#define IPOPT_RA	148

struct iphdr {
	__u8 ihl:4,		/* header length in 32-bit words (5..15) */
	     version:4;		/* 4 */
	__u8 tos;
	__u16 tot_len;		/* header + payload bytes */
	__u16 id;
	__u16 frag_off;		/* IP_DF | IP_MF | offset/8 */
	__u8 ttl;
	__u8 protocol;		/* IPPROTO_* */
	__u16 check;		/* ones' complement sum of the header */
	__u32 saddr;
	__u32 daddr;
	/* options, ihl * 4 - 20 bytes */
};

#endif /* _UAPI_LINUX_IP_H */
