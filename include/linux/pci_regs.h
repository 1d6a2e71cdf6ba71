/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PCI configuration space: the header registers (type 0 devices and
 * type 1 bridges), the BAR encoding and the capabilities the kernel uses
 * (MSI, MSI-X, vendor-specific, PCI Express).  Offsets and bits are from
 * the PCI Local Bus 3.0 and PCI Express Base specifications; the names
 * are Linux's.
 */
#ifndef _LINUX_PCI_REGS_H
#define _LINUX_PCI_REGS_H

#define PCI_CFG_SPACE_SIZE	256
#define PCI_CFG_SPACE_EXP_SIZE	4096

/* Common header */
#define PCI_VENDOR_ID		0x00	/* 16 bits; 0xffff: nothing there */
#define PCI_DEVICE_ID		0x02
#define PCI_COMMAND		0x04	/* 16 bits */
#define  PCI_COMMAND_IO		0x0001	/* decode I/O space BARs */
#define  PCI_COMMAND_MEMORY	0x0002	/* decode memory space BARs */
#define  PCI_COMMAND_MASTER	0x0004	/* may initiate DMA */
#define  PCI_COMMAND_SERR	0x0100
#define  PCI_COMMAND_INTX_DISABLE 0x0400
#define PCI_STATUS		0x06	/* 16 bits */
#define  PCI_STATUS_INTERRUPT	0x0008	/* INTx asserted */
#define  PCI_STATUS_CAP_LIST	0x0010	/* PCI_CAPABILITY_LIST is valid */
#define PCI_CLASS_REVISION	0x08	/* revision in 7:0, class in 31:8 */
#define PCI_REVISION_ID		0x08
#define PCI_CLASS_PROG		0x09
#define PCI_CLASS_DEVICE	0x0a	/* base class and subclass */
#define PCI_CACHE_LINE_SIZE	0x0c
#define PCI_LATENCY_TIMER	0x0d
#define PCI_HEADER_TYPE		0x0e
#define  PCI_HEADER_TYPE_MASK	0x7f
#define  PCI_HEADER_TYPE_NORMAL	0
#define  PCI_HEADER_TYPE_BRIDGE	1
#define  PCI_HEADER_TYPE_CARDBUS 2
#define  PCI_HEADER_TYPE_MFD	0x80	/* functions 1-7 may exist */
#define PCI_BIST		0x0f

/* Base address registers: six in a type 0 header, two in a bridge. */
#define PCI_BASE_ADDRESS_0	0x10
#define PCI_BASE_ADDRESS_1	0x14
#define PCI_BASE_ADDRESS_2	0x18
#define PCI_BASE_ADDRESS_3	0x1c
#define PCI_BASE_ADDRESS_4	0x20
#define PCI_BASE_ADDRESS_5	0x24
#define  PCI_BASE_ADDRESS_SPACE_IO	0x01
#define  PCI_BASE_ADDRESS_MEM_TYPE_MASK	0x06
#define  PCI_BASE_ADDRESS_MEM_TYPE_32	0x00
#define  PCI_BASE_ADDRESS_MEM_TYPE_1M	0x02	/* below 1 MiB (obsolete) */
#define  PCI_BASE_ADDRESS_MEM_TYPE_64	0x04	/* the next BAR holds bits 63:32 */
#define  PCI_BASE_ADDRESS_MEM_PREFETCH	0x08
#define  PCI_BASE_ADDRESS_MEM_MASK	(~0x0fUL)
#define  PCI_BASE_ADDRESS_IO_MASK	(~0x03UL)

/* Type 0 */
#define PCI_CARDBUS_CIS		0x28
#define PCI_SUBSYSTEM_VENDOR_ID	0x2c
#define PCI_SUBSYSTEM_ID	0x2e
#define PCI_ROM_ADDRESS		0x30
#define  PCI_ROM_ADDRESS_ENABLE	0x01
#define  PCI_ROM_ADDRESS_MASK	(~0x7ffUL)
#define PCI_CAPABILITY_LIST	0x34	/* first capability, low 2 bits reserved */
#define PCI_INTERRUPT_LINE	0x3c	/* firmware's routing note: the (ISA) IRQ */
#define PCI_INTERRUPT_PIN	0x3d	/* 0 none, 1-4 INTA-INTD */
#define PCI_MIN_GNT		0x3e
#define PCI_MAX_LAT		0x3f

/* Type 1 (PCI-to-PCI bridge) */
#define PCI_PRIMARY_BUS		0x18
#define PCI_SECONDARY_BUS	0x19
#define PCI_SUBORDINATE_BUS	0x1a	/* highest bus number behind the bridge */
#define PCI_SEC_LATENCY_TIMER	0x1b
#define PCI_IO_BASE		0x1c
#define PCI_IO_LIMIT		0x1d
#define  PCI_IO_RANGE_TYPE_MASK	0x0f
#define  PCI_IO_RANGE_TYPE_32	0x01
#define  PCI_IO_RANGE_MASK	(~0x0fUL)
#define PCI_SEC_STATUS		0x1e
#define PCI_MEMORY_BASE		0x20
#define PCI_MEMORY_LIMIT	0x22
#define  PCI_MEMORY_RANGE_MASK	(~0x0fUL)
#define PCI_PREF_MEMORY_BASE	0x24
#define PCI_PREF_MEMORY_LIMIT	0x26
#define  PCI_PREF_RANGE_TYPE_MASK 0x0f
#define  PCI_PREF_RANGE_TYPE_64	0x01
#define  PCI_PREF_RANGE_MASK	(~0x0fUL)
#define PCI_PREF_BASE_UPPER32	0x28
#define PCI_PREF_LIMIT_UPPER32	0x2c
#define PCI_IO_BASE_UPPER16	0x30
#define PCI_IO_LIMIT_UPPER16	0x32
#define PCI_ROM_ADDRESS1	0x38
#define PCI_BRIDGE_CONTROL	0x3e

/* Capability list: each entry starts with an id byte and a next pointer. */
#define PCI_CAP_LIST_ID		0
#define PCI_CAP_LIST_NEXT	1
#define PCI_CAP_FLAGS		2
#define PCI_CAP_ID_PM		0x01
#define PCI_CAP_ID_MSI		0x05
#define PCI_CAP_ID_VNDR		0x09
#define PCI_CAP_ID_EXP		0x10
#define PCI_CAP_ID_MSIX		0x11

/* MSI capability */
#define PCI_MSI_FLAGS		2	/* 16 bits */
#define  PCI_MSI_FLAGS_ENABLE	0x0001
#define  PCI_MSI_FLAGS_QMASK	0x000e	/* log2 of vectors the device wants */
#define  PCI_MSI_FLAGS_QSIZE	0x0070	/* log2 of vectors enabled */
#define  PCI_MSI_FLAGS_64BIT	0x0080
#define  PCI_MSI_FLAGS_MASKBIT	0x0100	/* per-vector masking */
#define PCI_MSI_ADDRESS_LO	4
#define PCI_MSI_ADDRESS_HI	8	/* 64-bit capability only */
#define PCI_MSI_DATA_32		8
#define PCI_MSI_MASK_32		12
#define PCI_MSI_DATA_64		12
#define PCI_MSI_MASK_64		16

/* MSI-X capability; the table and PBA live in a BAR */
#define PCI_MSIX_FLAGS		2	/* 16 bits */
#define  PCI_MSIX_FLAGS_QSIZE	0x07ff	/* table size - 1 */
#define  PCI_MSIX_FLAGS_MASKALL	0x4000
#define  PCI_MSIX_FLAGS_ENABLE	0x8000
#define PCI_MSIX_TABLE		4	/* BAR indicator in 2:0, offset in 31:3 */
#define  PCI_MSIX_TABLE_BIR	0x00000007
#define  PCI_MSIX_TABLE_OFFSET	0xfffffff8
#define PCI_MSIX_PBA		8
#define PCI_MSIX_ENTRY_SIZE	16
#define  PCI_MSIX_ENTRY_LOWER_ADDR	0x0
#define  PCI_MSIX_ENTRY_UPPER_ADDR	0x4
#define  PCI_MSIX_ENTRY_DATA		0x8
#define  PCI_MSIX_ENTRY_VECTOR_CTRL	0xc
#define   PCI_MSIX_ENTRY_CTRL_MASKBIT	0x00000001

/* PCI Express capability (only its type is looked at) */
#define PCI_EXP_FLAGS		2
#define  PCI_EXP_FLAGS_TYPE	0x00f0

#endif /* _LINUX_PCI_REGS_H */
