/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Virtio over PCI (virtio 1.x "Virtio Over PCI Bus"): register layouts
 * of the legacy I/O-port interface and of the modern one, whose
 * structures the device points at with vendor-specific capabilities.
 */
#ifndef _LINUX_VIRTIO_PCI_H
#define _LINUX_VIRTIO_PCI_H

/* ------------------------------------------------------------ legacy (BAR 0, I/O) */

#define VIRTIO_PCI_HOST_FEATURES	0	/* 32 bits, offered (bits 0-31 only) */
#define VIRTIO_PCI_GUEST_FEATURES	4	/* 32 bits, accepted */
#define VIRTIO_PCI_QUEUE_PFN		8	/* 32 bits, queue address >> 12 */
#define VIRTIO_PCI_QUEUE_NUM		12	/* 16 bits, size (read-only) */
#define VIRTIO_PCI_QUEUE_SEL		14	/* 16 bits */
#define VIRTIO_PCI_QUEUE_NOTIFY		16	/* 16 bits, write the queue number */
#define VIRTIO_PCI_STATUS		18	/* 8 bits */
#define VIRTIO_PCI_ISR			19	/* 8 bits, read clears */
#define VIRTIO_MSI_CONFIG_VECTOR	20	/* 16 bits, only while MSI-X is on */
#define VIRTIO_MSI_QUEUE_VECTOR		22	/* 16 bits, only while MSI-X is on */
/* Device configuration follows the header, which MSI-X makes longer. */
#define VIRTIO_PCI_CONFIG_OFF(msix_enabled)	((msix_enabled) ? 24 : 20)
#define VIRTIO_PCI_QUEUE_ADDR_SHIFT	12
#define VIRTIO_PCI_LEGACY_VRING_ALIGN	4096

/* ISR bits (both interfaces) */
#define VIRTIO_PCI_ISR_QUEUE		0x1
#define VIRTIO_PCI_ISR_CONFIG		0x2

/* No MSI-X vector for this source */
#define VIRTIO_MSI_NO_VECTOR		0xffff

/* ------------------------------------------------------------ modern */

/* struct virtio_pci_cap, at a PCI_CAP_ID_VNDR capability */
#define VIRTIO_PCI_CAP_CFG_TYPE		3	/* u8: VIRTIO_PCI_CAP_*_CFG */
#define VIRTIO_PCI_CAP_BAR		4	/* u8 */
#define VIRTIO_PCI_CAP_OFFSET		8	/* le32, within the BAR */
#define VIRTIO_PCI_CAP_LENGTH		12	/* le32 */
#define VIRTIO_PCI_NOTIFY_CAP_MULT	16	/* le32, notify cap only */

#define VIRTIO_PCI_CAP_COMMON_CFG	1
#define VIRTIO_PCI_CAP_NOTIFY_CFG	2
#define VIRTIO_PCI_CAP_ISR_CFG		3
#define VIRTIO_PCI_CAP_DEVICE_CFG	4
#define VIRTIO_PCI_CAP_PCI_CFG		5

/* struct virtio_pci_common_cfg */
#define VIRTIO_PCI_COMMON_DFSELECT	0	/* le32, device_feature_select */
#define VIRTIO_PCI_COMMON_DF		4	/* le32, device_feature */
#define VIRTIO_PCI_COMMON_GFSELECT	8	/* le32, driver_feature_select */
#define VIRTIO_PCI_COMMON_GF		12	/* le32, driver_feature */
#define VIRTIO_PCI_COMMON_MSIX		16	/* le16, msix_config */
#define VIRTIO_PCI_COMMON_NUMQ		18	/* le16, num_queues */
#define VIRTIO_PCI_COMMON_STATUS	20	/* u8, device_status */
#define VIRTIO_PCI_COMMON_CFGGENERATION	21	/* u8, config_generation */
#define VIRTIO_PCI_COMMON_Q_SELECT	22	/* le16 */
#define VIRTIO_PCI_COMMON_Q_SIZE	24	/* le16 */
#define VIRTIO_PCI_COMMON_Q_MSIX	26	/* le16 */
#define VIRTIO_PCI_COMMON_Q_ENABLE	28	/* le16 */
#define VIRTIO_PCI_COMMON_Q_NOFF	30	/* le16, queue_notify_off */
#define VIRTIO_PCI_COMMON_Q_DESCLO	32	/* le64 as two le32 */
#define VIRTIO_PCI_COMMON_Q_DESCHI	36
#define VIRTIO_PCI_COMMON_Q_AVAILLO	40	/* queue_driver */
#define VIRTIO_PCI_COMMON_Q_AVAILHI	44
#define VIRTIO_PCI_COMMON_Q_USEDLO	48	/* queue_device */
#define VIRTIO_PCI_COMMON_Q_USEDHI	52
#define VIRTIO_PCI_COMMON_CFG_SIZE	56

#endif /* _LINUX_VIRTIO_PCI_H */
