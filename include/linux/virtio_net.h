/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The virtio network device (virtio 1.1, section 5.1): feature bits,
 * configuration layout (offsets; little-endian) and the header that
 * precedes every frame on both queues.
 */
#ifndef _LINUX_VIRTIO_NET_H
#define _LINUX_VIRTIO_NET_H

#include <linux/types.h>

/* Feature bits (only the ones drivers/net/virtio_net.c knows about) */
#define VIRTIO_NET_F_CSUM	0	/* device checksums partial packets */
#define VIRTIO_NET_F_GUEST_CSUM	1	/* driver accepts partial checksums */
#define VIRTIO_NET_F_MTU	3	/* mtu field valid */
#define VIRTIO_NET_F_MAC	5	/* mac field valid */
#define VIRTIO_NET_F_MRG_RXBUF	15	/* a received frame may span buffers */
#define VIRTIO_NET_F_STATUS	16	/* status field valid */
#define VIRTIO_NET_F_CTRL_VQ	17
#define VIRTIO_NET_F_HOST_TSO4	11	/* device cuts TCP/IPv4 GSO frames */

/* Configuration space offsets (struct virtio_net_config) */
#define VIRTIO_NET_CFG_MAC		0	/* u8[6] */
#define VIRTIO_NET_CFG_STATUS		6	/* le16, VIRTIO_NET_S_* */
#define VIRTIO_NET_CFG_MAX_VQ_PAIRS	8	/* le16 */
#define VIRTIO_NET_CFG_MTU		10	/* le16 */

#define VIRTIO_NET_S_LINK_UP	1
#define VIRTIO_NET_S_ANNOUNCE	2

/*
 * Before every frame.  num_buffers exists with VIRTIO_F_VERSION_1 or
 * VIRTIO_NET_F_MRG_RXBUF; the header is 10 bytes without it.
 */
struct virtio_net_hdr {
	u8 flags;
	u8 gso_type;
	__le16 hdr_len;
	__le16 gso_size;
	__le16 csum_start;
	__le16 csum_offset;
	__le16 num_buffers;	/* receive: buffers this frame uses */
};

#define VIRTIO_NET_HDR_LEN_NOMRG	10

/* virtio_net_hdr.flags */
#define VIRTIO_NET_HDR_F_NEEDS_CSUM	1	/* sum from csum_start, store at +csum_offset */
#define VIRTIO_NET_HDR_F_DATA_VALID	2	/* receive: the device checked the checksum */

/* virtio_net_hdr.gso_type */
#define VIRTIO_NET_HDR_GSO_NONE		0
#define VIRTIO_NET_HDR_GSO_TCPV4	1

#endif /* _LINUX_VIRTIO_NET_H */
