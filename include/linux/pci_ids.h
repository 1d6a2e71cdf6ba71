/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PCI vendor and device IDs and class codes the kernel names (values from
 * the PCI ID repository, https://pci-ids.ucw.cz/, and the PCI Code and ID
 * Assignment specification).
 */
#ifndef _LINUX_PCI_IDS_H
#define _LINUX_PCI_IDS_H

/* Class codes: base class << 8 | subclass (pci_dev->class >> 8) */
#define PCI_CLASS_NOT_DEFINED		0x0000
#define PCI_CLASS_STORAGE_SCSI		0x0100
#define PCI_CLASS_STORAGE_IDE		0x0101
#define PCI_CLASS_STORAGE_RAID		0x0104
#define PCI_CLASS_STORAGE_SATA		0x0106
#define PCI_CLASS_STORAGE_EXPRESS	0x0108
#define PCI_CLASS_STORAGE_OTHER		0x0180
#define PCI_CLASS_NETWORK_ETHERNET	0x0200
#define PCI_CLASS_DISPLAY_VGA		0x0300
#define PCI_CLASS_BRIDGE_HOST		0x0600
#define PCI_CLASS_BRIDGE_ISA		0x0601
#define PCI_CLASS_BRIDGE_OTHER		0x0680
#define PCI_CLASS_BRIDGE_PCI		0x0604
#define PCI_CLASS_SERIAL_USB		0x0c03
#define PCI_CLASS_SERIAL_SMBUS		0x0c05

/* Vendors */
#define PCI_VENDOR_ID_COMPAQ		0x0e11
#define PCI_VENDOR_ID_ATI		0x1002
#define PCI_VENDOR_ID_REDHAT_QUMRANET	0x1af4	/* virtio */
#define PCI_VENDOR_ID_REDHAT		0x1b36	/* QEMU's own devices */
#define PCI_VENDOR_ID_BROADCOM		0x14e4
#define PCI_VENDOR_ID_INTEL		0x8086

/* Devices */
#define PCI_DEVICE_ID_INTEL_82441	0x1237	/* i440FX host bridge (QEMU pc) */
#define PCI_DEVICE_ID_INTEL_82371SB_0	0x7000	/* PIIX3 ISA bridge */
#define PCI_DEVICE_ID_INTEL_Q35_MCH	0x29c0	/* Q35/ICH9 host bridge (QEMU q35) */
#define PCI_DEVICE_ID_INTEL_ICH9_LPC	0x2918
#define PCI_DEVICE_ID_INTEL_ICH9_AHCI	0x2922
#define PCI_DEVICE_ID_INTEL_E7520_MCH	0x3590	/* DL380 G4 */
#define PCI_DEVICE_ID_COMPAQ_CISSC	0x0046	/* Smart Array 6i */
#define PCI_DEVICE_ID_TIGON3_5704	0x1648	/* NC7782 */

/* virtio: transitional devices are 0x1000-0x103f, modern ones 0x1040 + type */
#define PCI_DEVICE_ID_VIRTIO_FIRST	0x1000
#define PCI_DEVICE_ID_VIRTIO_LEGACY_LAST 0x103f
#define PCI_DEVICE_ID_VIRTIO_MODERN	0x1040
#define PCI_DEVICE_ID_VIRTIO_LAST	0x107f

#endif /* _LINUX_PCI_IDS_H */
