/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Address messages of rtnetlink (RTM_{NEW,DEL,GET}ADDR, rtnetlink(7)):
 * the body, its attributes, the address flags and the lifetime block.
 * Numbers and layouts are the Linux ABI.
 */
#ifndef _UAPI_LINUX_IF_ADDR_H
#define _UAPI_LINUX_IF_ADDR_H

#include <uapi/linux/types.h>

struct ifaddrmsg {
	__u8 ifa_family;
	__u8 ifa_prefixlen;
	__u8 ifa_flags;			/* IFA_F_* (low 8 bits; IFA_FLAGS has all) */
	__u8 ifa_scope;
	__u32 ifa_index;
};

enum {
	IFA_UNSPEC,
	IFA_ADDRESS,			/* peer (== local unless point-to-point) */
	IFA_LOCAL,
	IFA_LABEL,
	IFA_BROADCAST,
	IFA_ANYCAST,
	IFA_CACHEINFO,
	IFA_MULTICAST,
	IFA_FLAGS,
	IFA_RT_PRIORITY,
	IFA_TARGET_NETNSID,
	IFA_PROTO,
	__IFA_MAX,
};
#define IFA_MAX		(__IFA_MAX - 1)

#ifndef IFA_F_SECONDARY
#define IFA_F_SECONDARY		0x01
#endif
#define IFA_F_TEMPORARY		IFA_F_SECONDARY
#define IFA_F_NODAD		0x02
#define IFA_F_OPTIMISTIC	0x04
#define IFA_F_DADFAILED		0x08
#define IFA_F_HOMEADDRESS	0x10
#define IFA_F_DEPRECATED	0x20
#define IFA_F_TENTATIVE		0x40
#ifndef IFA_F_PERMANENT
#define IFA_F_PERMANENT		0x80
#endif
#define IFA_F_MANAGETEMPADDR	0x100
#define IFA_F_NOPREFIXROUTE	0x200
#define IFA_F_MCAUTOJOIN	0x400
#define IFA_F_STABLE_PRIVACY	0x800

/* IFA_CACHEINFO: lifetimes in seconds, stamps in 1/100 s since boot. */
struct ifa_cacheinfo {
	__u32 ifa_prefered;
	__u32 ifa_valid;
	__u32 cstamp;
	__u32 tstamp;
};

#endif /* _UAPI_LINUX_IF_ADDR_H */
