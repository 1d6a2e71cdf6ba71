/* SPDX-License-Identifier: GPL-2.0-only */
/* The UDP header (RFC 768) and udp(7)'s SOL_UDP options. */
#ifndef _UAPI_LINUX_UDP_H
#define _UAPI_LINUX_UDP_H

#include <uapi/linux/types.h>

struct udphdr {
	__u16 source;
	__u16 dest;
	__u16 len;		/* header + data */
	__u16 check;		/* 0: none sent */
};

#define UDP_CORK	1
#define UDP_ENCAP	100
#define UDP_NO_CHECK6_TX 101
#define UDP_NO_CHECK6_RX 102
#define UDP_SEGMENT	103
#define UDP_GRO		104

#endif /* _UAPI_LINUX_UDP_H */
