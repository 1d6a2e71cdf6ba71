/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The virtio block device (virtio 1.x "Block Device"): feature bits,
 * configuration layout (offsets; little-endian), and the request
 * format: a header the device reads, the data, a status byte it writes.
 */
#ifndef _LINUX_VIRTIO_BLK_H
#define _LINUX_VIRTIO_BLK_H

#include <linux/types.h>

/* Feature bits */
#define VIRTIO_BLK_F_SIZE_MAX	1	/* size_max: largest segment */
#define VIRTIO_BLK_F_SEG_MAX	2	/* seg_max: segments per request */
#define VIRTIO_BLK_F_GEOMETRY	4
#define VIRTIO_BLK_F_RO		5	/* read-only */
#define VIRTIO_BLK_F_BLK_SIZE	6	/* blk_size: logical block size */
#define VIRTIO_BLK_F_FLUSH	9	/* VIRTIO_BLK_T_FLUSH works (legacy name) */
#define VIRTIO_BLK_F_TOPOLOGY	10	/* physical_block_exp, min/opt I/O */
#define VIRTIO_BLK_F_CONFIG_WCE	11	/* writeback: cache mode readable */
#define VIRTIO_BLK_F_MQ		12
#define VIRTIO_BLK_F_DISCARD	13
#define VIRTIO_BLK_F_WRITE_ZEROES 14

/* Configuration space offsets (struct virtio_blk_config) */
#define VIRTIO_BLK_CFG_CAPACITY		0	/* le64, 512-byte sectors */
#define VIRTIO_BLK_CFG_SIZE_MAX		8	/* le32 */
#define VIRTIO_BLK_CFG_SEG_MAX		12	/* le32 */
#define VIRTIO_BLK_CFG_CYLINDERS	16	/* le16 */
#define VIRTIO_BLK_CFG_HEADS		18	/* u8 */
#define VIRTIO_BLK_CFG_SECTORS		19	/* u8 */
#define VIRTIO_BLK_CFG_BLK_SIZE		20	/* le32 */
#define VIRTIO_BLK_CFG_PHYS_BLOCK_EXP	24	/* u8: log2(physical / logical) */
#define VIRTIO_BLK_CFG_ALIGN_OFFSET	25	/* u8, in logical blocks */
#define VIRTIO_BLK_CFG_MIN_IO_SIZE	26	/* le16, in logical blocks */
#define VIRTIO_BLK_CFG_OPT_IO_SIZE	28	/* le32, in logical blocks */
#define VIRTIO_BLK_CFG_WRITEBACK	32	/* u8: 1 writeback, 0 writethrough */

/* Request types */
#define VIRTIO_BLK_T_IN		0	/* read */
#define VIRTIO_BLK_T_OUT	1	/* write */
#define VIRTIO_BLK_T_FLUSH	4
#define VIRTIO_BLK_T_GET_ID	8	/* 20-byte serial number */

/* Status byte */
#define VIRTIO_BLK_S_OK		0
#define VIRTIO_BLK_S_IOERR	1
#define VIRTIO_BLK_S_UNSUPP	2

/* The header the device reads first. */
struct virtio_blk_outhdr {
	__le32 type;		/* VIRTIO_BLK_T_* */
	__le32 ioprio;		/* "reserved" in virtio 1.x */
	__le64 sector;		/* 512-byte units, whatever blk_size is */
};

#define VIRTIO_BLK_ID_BYTES	20

/* drivers/block/virtio_blk.c: "vd" + index -> vda..vdz, vdaa.., or -EINVAL. */
int virtblk_name_format(const char *prefix, int index, char *buf, int buflen);
/* The whole-disk device number of disk index (0 = vda), 0 if there is none. */
dev_t virtblk_devt(int index);

#endif /* _LINUX_VIRTIO_BLK_H */
