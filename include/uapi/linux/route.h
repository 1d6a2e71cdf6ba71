/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The old routing ioctls SIOCADDRT / SIOCDELRT (route(8)): struct rtentry
 * and its rt_flags.  The layout is the Linux x86_64 ABI.
 */
#ifndef _UAPI_LINUX_ROUTE_H
#define _UAPI_LINUX_ROUTE_H

#include <uapi/linux/types.h>
#include <uapi/linux/socket.h>

struct rtentry {
	unsigned long rt_pad1;
	struct sockaddr rt_dst;		/* target network or host */
	struct sockaddr rt_gateway;	/* with RTF_GATEWAY */
	struct sockaddr rt_genmask;	/* netmask of rt_dst */
	unsigned short rt_flags;
	short rt_pad2;
	unsigned long rt_pad3;
	void *rt_pad4;
	short rt_metric;		/* metric + 1; 0: not given */
	char *rt_dev;			/* user pointer to a device name, or NULL */
	unsigned long rt_mtu;		/* with RTF_MTU */
	unsigned long rt_window;	/* with RTF_WINDOW */
	unsigned short rt_irtt;		/* with RTF_IRTT */
};

#ifndef RTF_UP
#define RTF_UP		0x0001
#define RTF_GATEWAY	0x0002
#define RTF_HOST	0x0004
#endif
#define RTF_REINSTATE	0x0008
#define RTF_DYNAMIC	0x0010
#define RTF_MODIFIED	0x0020
#define RTF_MTU		0x0040
#define RTF_MSS		RTF_MTU
#define RTF_WINDOW	0x0080
#define RTF_IRTT	0x0100
#ifndef RTF_REJECT
#define RTF_REJECT	0x0200
#endif

#endif /* _UAPI_LINUX_ROUTE_H */
