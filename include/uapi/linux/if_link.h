/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Link attributes of RTM_{NEW,GET,SET}LINK messages (rtnetlink(7)) and
 * the 32-bit counter block of IFLA_STATS.  The 64-bit block of
 * IFLA_STATS64 is struct rtnl_link_stats64 (<linux/netdevice.h>).
 * Numbers and layouts are the Linux ABI.
 */
#ifndef _UAPI_LINUX_IF_LINK_H
#define _UAPI_LINUX_IF_LINK_H

#include <uapi/linux/types.h>

/* IFLA_STATS: the same counters as rtnl_link_stats64, 32 bits each. */
struct rtnl_link_stats {
	__u32 rx_packets;
	__u32 tx_packets;
	__u32 rx_bytes;
	__u32 tx_bytes;
	__u32 rx_errors;
	__u32 tx_errors;
	__u32 rx_dropped;
	__u32 tx_dropped;
	__u32 multicast;
	__u32 collisions;
	__u32 rx_length_errors;
	__u32 rx_over_errors;
	__u32 rx_crc_errors;
	__u32 rx_frame_errors;
	__u32 rx_fifo_errors;
	__u32 rx_missed_errors;
	__u32 tx_aborted_errors;
	__u32 tx_carrier_errors;
	__u32 tx_fifo_errors;
	__u32 tx_heartbeat_errors;
	__u32 tx_window_errors;
	__u32 rx_compressed;
	__u32 tx_compressed;
	__u32 rx_nohandler;
};

enum {
	IFLA_UNSPEC,
	IFLA_ADDRESS,
	IFLA_BROADCAST,
	IFLA_IFNAME,
	IFLA_MTU,
	IFLA_LINK,
	IFLA_QDISC,
	IFLA_STATS,
	IFLA_COST,
	IFLA_PRIORITY,
	IFLA_MASTER,
	IFLA_WIRELESS,
	IFLA_PROTINFO,
	IFLA_TXQLEN,
	IFLA_MAP,
	IFLA_WEIGHT,
	IFLA_OPERSTATE,
	IFLA_LINKMODE,
	IFLA_LINKINFO,
	IFLA_NET_NS_PID,
	IFLA_IFALIAS,
	IFLA_NUM_VF,
	IFLA_VFINFO_LIST,
	IFLA_STATS64,
	IFLA_VF_PORTS,
	IFLA_PORT_SELF,
	IFLA_AF_SPEC,
	IFLA_GROUP,
	IFLA_NET_NS_FD,
	IFLA_EXT_MASK,
	IFLA_PROMISCUITY,
	IFLA_NUM_TX_QUEUES,
	IFLA_NUM_RX_QUEUES,
	IFLA_CARRIER,
	IFLA_PHYS_PORT_ID,
	IFLA_CARRIER_CHANGES,
	IFLA_PHYS_SWITCH_ID,
	IFLA_LINK_NETNSID,
	IFLA_PHYS_PORT_NAME,
	IFLA_PROTO_DOWN,
	IFLA_GSO_MAX_SEGS,
	IFLA_GSO_MAX_SIZE,
	IFLA_PAD,
	IFLA_XDP,
	IFLA_EVENT,
	IFLA_NEW_NETNSID,
	IFLA_IF_NETNSID,
	IFLA_CARRIER_UP_COUNT,
	IFLA_CARRIER_DOWN_COUNT,
	IFLA_NEW_IFINDEX,
	IFLA_MIN_MTU,
	IFLA_MAX_MTU,
	__IFLA_MAX
};
#define IFLA_MAX	(__IFLA_MAX - 1)

/* IFLA_LINKMODE */
enum {
	IF_LINK_MODE_DEFAULT,
	IF_LINK_MODE_DORMANT,
	IF_LINK_MODE_TESTING,
};

#endif /* _UAPI_LINUX_IF_LINK_H */
