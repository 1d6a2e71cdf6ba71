/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Routing netlink (rtnetlink(7)): the NETLINK_ROUTE message types, the
 * rtattr attribute header, the route message body (struct rtmsg) and its
 * attributes, the link message body (struct ifinfomsg) and the multicast
 * groups.  Route types, scopes, tables and origins (RTN_*, RT_SCOPE_*,
 * RT_TABLE_*, RTPROT_*) are in <net/ip.h>, <linux/inetdevice.h> and
 * <net/route.h>, which the kernel shares with the ioctls.  Numbers and
 * layouts are the Linux ABI.
 */
#ifndef _UAPI_LINUX_RTNETLINK_H
#define _UAPI_LINUX_RTNETLINK_H

#include <uapi/linux/types.h>
#include <uapi/linux/netlink.h>
#include <uapi/linux/if_link.h>
#include <uapi/linux/if_addr.h>
#include <uapi/linux/neighbour.h>

/* Message types: NEW, DEL, GET (and SET) for each object, in fours. */
enum {
	RTM_BASE	= 16,
	RTM_NEWLINK	= 16,
	RTM_DELLINK,
	RTM_GETLINK,
	RTM_SETLINK,
	RTM_NEWADDR	= 20,
	RTM_DELADDR,
	RTM_GETADDR,
	RTM_NEWROUTE	= 24,
	RTM_DELROUTE,
	RTM_GETROUTE,
	RTM_NEWNEIGH	= 28,
	RTM_DELNEIGH,
	RTM_GETNEIGH,
	RTM_NEWRULE	= 32,
	RTM_DELRULE,
	RTM_GETRULE,
	RTM_NEWQDISC	= 36,
	RTM_DELQDISC,
	RTM_GETQDISC,
	RTM_NEWNETCONF	= 80,
	RTM_DELNETCONF,
	RTM_GETNETCONF	= 82,
	RTM_MAX_KNOWN	= 127,
};

/* Route attributes use the same header layout as nlattr. */
struct rtattr {
	unsigned short rta_len;
	unsigned short rta_type;
};

#define RTA_ALIGNTO		4U
#define RTA_ALIGN(len)		(((len) + RTA_ALIGNTO - 1) & ~(RTA_ALIGNTO - 1))
#define RTA_OK(rta, len)	((len) >= (int)sizeof(struct rtattr) && \
				 (rta)->rta_len >= sizeof(struct rtattr) && \
				 (rta)->rta_len <= (len))
#define RTA_NEXT(rta, len)	((len) -= RTA_ALIGN((rta)->rta_len), \
				 (struct rtattr *)(((char *)(rta)) + RTA_ALIGN((rta)->rta_len)))
#define RTA_LENGTH(len)		(RTA_ALIGN(sizeof(struct rtattr)) + (len))
#define RTA_SPACE(len)		RTA_ALIGN(RTA_LENGTH(len))
#define RTA_DATA(rta)		((void *)(((char *)(rta)) + RTA_LENGTH(0)))
#define RTA_PAYLOAD(rta)	((int)((rta)->rta_len) - RTA_LENGTH(0))

/* RTM_{NEW,DEL,GET}ROUTE body */
struct rtmsg {
	unsigned char rtm_family;
	unsigned char rtm_dst_len;
	unsigned char rtm_src_len;
	unsigned char rtm_tos;
	unsigned char rtm_table;	/* RT_TABLE_* (RTA_TABLE for ids > 255) */
	unsigned char rtm_protocol;	/* RTPROT_* */
	unsigned char rtm_scope;	/* RT_SCOPE_* */
	unsigned char rtm_type;		/* RTN_* */
	unsigned int rtm_flags;		/* RTM_F_* */
};

#define RTM_F_NOTIFY		0x100
#define RTM_F_CLONED		0x200
#define RTM_F_EQUALIZE		0x400
#define RTM_F_PREFIX		0x800
#define RTM_F_LOOKUP_TABLE	0x1000
#define RTM_F_FIB_MATCH		0x2000

/* Route attributes */
enum rtattr_type_t {
	RTA_UNSPEC,
	RTA_DST,
	RTA_SRC,
	RTA_IIF,
	RTA_OIF,
	RTA_GATEWAY,
	RTA_PRIORITY,
	RTA_PREFSRC,
	RTA_METRICS,
	RTA_MULTIPATH,
	RTA_PROTOINFO,
	RTA_FLOW,
	RTA_CACHEINFO,
	RTA_SESSION,
	RTA_MP_ALGO,
	RTA_TABLE,
	RTA_MARK,
	RTA_MFC_STATS,
	RTA_VIA,
	RTA_NEWDST,
	RTA_PREF,
	RTA_ENCAP_TYPE,
	RTA_ENCAP,
	RTA_EXPIRES,
	RTA_PAD,
	RTA_UID,
	RTA_TTL_PROPAGATE,
	RTA_IP_PROTO,
	RTA_SPORT,
	RTA_DPORT,
	RTA_NH_ID,
	__RTA_MAX
};
#define RTA_MAX		(__RTA_MAX - 1)

/* Inside RTA_METRICS */
#define RTAX_LOCK	1
#define RTAX_MTU	2

/* RTM_GETLINK etc. dump requests may carry just a family. */
struct rtgenmsg {
	unsigned char rtgen_family;
};

/* RTM_{NEW,DEL,GET,SET}LINK body */
struct ifinfomsg {
	unsigned char ifi_family;
	unsigned char __ifi_pad;
	unsigned short ifi_type;	/* ARPHRD_* */
	int ifi_index;
	unsigned int ifi_flags;		/* IFF_* */
	unsigned int ifi_change;	/* which IFF_* bits to change */
};

/* Multicast groups as bit masks for sockaddr_nl.nl_groups (groups 1..32). */
#define RTMGRP_LINK		0x1
#define RTMGRP_NOTIFY		0x2
#define RTMGRP_NEIGH		0x4
#define RTMGRP_TC		0x8
#define RTMGRP_IPV4_IFADDR	0x10
#define RTMGRP_IPV4_MROUTE	0x20
#define RTMGRP_IPV4_ROUTE	0x40
#define RTMGRP_IPV4_RULE	0x80

/* Multicast groups by number (NETLINK_ADD_MEMBERSHIP). */
enum rtnetlink_groups {
	RTNLGRP_NONE,
	RTNLGRP_LINK,
	RTNLGRP_NOTIFY,
	RTNLGRP_NEIGH,
	RTNLGRP_TC,
	RTNLGRP_IPV4_IFADDR,
	RTNLGRP_IPV4_MROUTE,
	RTNLGRP_IPV4_ROUTE,
	RTNLGRP_IPV4_RULE,
	__RTNLGRP_MAX = 64
};
#define RTNLGRP_MAX	(__RTNLGRP_MAX - 1)

#endif /* _UAPI_LINUX_RTNETLINK_H */
