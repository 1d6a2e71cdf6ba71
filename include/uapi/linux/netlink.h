/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Netlink sockets as user space sees them (netlink(7)): the protocol
 * numbers of socket(AF_NETLINK, type, protocol), the netlink address, the
 * header in front of every message and its flag bits, the control message
 * types, the SOL_NETLINK options, and the attribute (TLV) header.
 * Numbers and layouts are the Linux ABI.
 */
#ifndef _UAPI_LINUX_NETLINK_H
#define _UAPI_LINUX_NETLINK_H

#include <uapi/linux/types.h>
#include <uapi/linux/socket.h>

/* Protocols (families of messages).  Tidewater serves NETLINK_ROUTE. */
#define NETLINK_ROUTE		0
#define NETLINK_UNUSED		1
#define NETLINK_USERSOCK	2
#define NETLINK_FIREWALL	3
#define NETLINK_SOCK_DIAG	4
#define NETLINK_NFLOG		5
#define NETLINK_XFRM		6
#define NETLINK_SELINUX		7
#define NETLINK_ISCSI		8
#define NETLINK_AUDIT		9
#define NETLINK_FIB_LOOKUP	10
#define NETLINK_CONNECTOR	11
#define NETLINK_NETFILTER	12
#define NETLINK_IP6_FW		13
#define NETLINK_DNRTMSG		14
#define NETLINK_KOBJECT_UEVENT	15
#define NETLINK_GENERIC		16
#define NETLINK_SCSITRANSPORT	18
#define NETLINK_ECRYPTFS	19
#define NETLINK_RDMA		20
#define NETLINK_CRYPTO		21
#define NETLINK_SMC		22
#define MAX_LINKS		32

/* A netlink address: a port id (0 is the kernel) and a group bit mask. */
struct sockaddr_nl {
	sa_family_t nl_family;			/* AF_NETLINK */
	unsigned short nl_pad;
	__u32 nl_pid;
	__u32 nl_groups;
};

/* In front of every message; messages are 4-byte aligned. */
struct nlmsghdr {
	__u32 nlmsg_len;		/* header included */
	__u16 nlmsg_type;
	__u16 nlmsg_flags;		/* NLM_F_* */
	__u32 nlmsg_seq;
	__u32 nlmsg_pid;		/* sending port */
};

/* nlmsg_flags: any request */
#define NLM_F_REQUEST		0x01
#define NLM_F_MULTI		0x02	/* part of a multipart reply ended by NLMSG_DONE */
#define NLM_F_ACK		0x04
#define NLM_F_ECHO		0x08
#define NLM_F_DUMP_INTR		0x10
#define NLM_F_DUMP_FILTERED	0x20
/* GET requests */
#define NLM_F_ROOT		0x100
#define NLM_F_MATCH		0x200
#define NLM_F_ATOMIC		0x400
#define NLM_F_DUMP		(NLM_F_ROOT | NLM_F_MATCH)
/* NEW requests */
#define NLM_F_REPLACE		0x100
#define NLM_F_EXCL		0x200
#define NLM_F_CREATE		0x400
#define NLM_F_APPEND		0x800
/* DELETE requests */
#define NLM_F_NONREC		0x100
/* acknowledgements */
#define NLM_F_CAPPED		0x100
#define NLM_F_ACK_TLVS		0x200

#define NLMSG_ALIGNTO		4U
#define NLMSG_ALIGN(len)	(((len) + NLMSG_ALIGNTO - 1) & ~(NLMSG_ALIGNTO - 1))
#define NLMSG_HDRLEN		((int)NLMSG_ALIGN(sizeof(struct nlmsghdr)))
#define NLMSG_LENGTH(len)	((len) + NLMSG_HDRLEN)
#define NLMSG_SPACE(len)	NLMSG_ALIGN(NLMSG_LENGTH(len))
#define NLMSG_DATA(nlh)		((void *)(((char *)(nlh)) + NLMSG_HDRLEN))
#define NLMSG_NEXT(nlh, len)	((len) -= NLMSG_ALIGN((nlh)->nlmsg_len), \
				 (struct nlmsghdr *)(((char *)(nlh)) + NLMSG_ALIGN((nlh)->nlmsg_len)))
#define NLMSG_OK(nlh, len)	((len) >= (int)sizeof(struct nlmsghdr) && \
				 (nlh)->nlmsg_len >= sizeof(struct nlmsghdr) && \
				 (nlh)->nlmsg_len <= (len))
#define NLMSG_PAYLOAD(nlh, len)	((nlh)->nlmsg_len - NLMSG_SPACE((len)))

/* Control message types (below NLMSG_MIN_TYPE). */
#define NLMSG_NOOP		0x1
#define NLMSG_ERROR		0x2	/* struct nlmsgerr */
#define NLMSG_DONE		0x3	/* end of a dump: an int error follows */
#define NLMSG_OVERRUN		0x4
#define NLMSG_MIN_TYPE		0x10

/* NLMSG_ERROR's payload: error 0 is an acknowledgement. */
struct nlmsgerr {
	int error;			/* negative errno */
	struct nlmsghdr msg;		/* the request's header (and payload unless capped) */
};

/* SOL_NETLINK options */
#define NETLINK_ADD_MEMBERSHIP		1
#define NETLINK_DROP_MEMBERSHIP		2
#define NETLINK_PKTINFO			3
#define NETLINK_BROADCAST_ERROR		4
#define NETLINK_NO_ENOBUFS		5
#define NETLINK_RX_RING			6
#define NETLINK_TX_RING			7
#define NETLINK_LISTEN_ALL_NSID		8
#define NETLINK_LIST_MEMBERSHIPS	9
#define NETLINK_CAP_ACK			10
#define NETLINK_EXT_ACK			11
#define NETLINK_GET_STRICT_CHK		12

/* NETLINK_PKTINFO control message */
struct nl_pktinfo {
	__u32 group;
};

/* An attribute: a 4-byte header then the value, padded to 4 bytes. */
struct nlattr {
	__u16 nla_len;			/* header included, padding not */
	__u16 nla_type;
};

#define NLA_F_NESTED		(1 << 15)
#define NLA_F_NET_BYTEORDER	(1 << 14)
#define NLA_TYPE_MASK		(~(NLA_F_NESTED | NLA_F_NET_BYTEORDER))
#define NLA_ALIGNTO		4
#define NLA_ALIGN(len)		(((len) + NLA_ALIGNTO - 1) & ~(NLA_ALIGNTO - 1))
#define NLA_HDRLEN		((int)NLA_ALIGN(sizeof(struct nlattr)))

#endif /* _UAPI_LINUX_NETLINK_H */
