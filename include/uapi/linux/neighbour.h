/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Neighbour (ARP) messages of rtnetlink (RTM_{NEW,DEL,GET}NEIGH,
 * rtnetlink(7)): the body, its attributes and flags.  With the NUD_* neighbour
 * states (ndm_state).  Numbers and layouts are the Linux ABI.
 */
#ifndef _UAPI_LINUX_NEIGHBOUR_H
#define _UAPI_LINUX_NEIGHBOUR_H

#include <uapi/linux/types.h>

struct ndmsg {
	__u8 ndm_family;
	__u8 ndm_pad1;
	__u16 ndm_pad2;
	__s32 ndm_ifindex;
	__u16 ndm_state;		/* NUD_* */
	__u8 ndm_flags;			/* NTF_* */
	__u8 ndm_type;
};

enum {
	NDA_UNSPEC,
	NDA_DST,
	NDA_LLADDR,
	NDA_CACHEINFO,
	NDA_PROBES,
	NDA_VLAN,
	NDA_PORT,
	NDA_VNI,
	NDA_IFINDEX,
	NDA_MASTER,
	__NDA_MAX
};
#define NDA_MAX		(__NDA_MAX - 1)

#define NTF_USE		0x01
#define NTF_SELF	0x02
#define NTF_MASTER	0x04
#define NTF_PROXY	0x08
#define NTF_EXT_LEARNED	0x10
#define NTF_OFFLOADED	0x20
#define NTF_ROUTER	0x80

/* NDA_CACHEINFO: ages in clock ticks (USER_HZ). */
struct nda_cacheinfo {
	__u32 ndm_confirmed;
	__u32 ndm_used;
	__u32 ndm_updated;
	__u32 ndm_refcnt;
};

/* ndm_state: the states of a neighbour entry (bits, one set at a time). */
#define NUD_NONE	0x00
#define NUD_INCOMPLETE	0x01	/* resolving */
#define NUD_REACHABLE	0x02	/* confirmed recently */
#define NUD_STALE	0x04	/* usable, to be confirmed on next use */
#define NUD_DELAY	0x08	/* used while stale: waiting before probing */
#define NUD_PROBE	0x10	/* probing */
#define NUD_FAILED	0x20	/* no answer */
#define NUD_NOARP	0x40	/* needs no resolution */
#define NUD_PERMANENT	0x80	/* set by hand, never expires */

#endif /* _UAPI_LINUX_NEIGHBOUR_H */
