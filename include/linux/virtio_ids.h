/* SPDX-License-Identifier: GPL-2.0-only */
/* Virtio device types (virtio 1.x, "Device Types"). */
#ifndef _LINUX_VIRTIO_IDS_H
#define _LINUX_VIRTIO_IDS_H

#define VIRTIO_ID_NET		1
#define VIRTIO_ID_BLOCK		2
#define VIRTIO_ID_CONSOLE	3
#define VIRTIO_ID_RNG		4
#define VIRTIO_ID_BALLOON	5
#define VIRTIO_ID_SCSI		8
#define VIRTIO_ID_9P		9

#endif /* _LINUX_VIRTIO_IDS_H */
