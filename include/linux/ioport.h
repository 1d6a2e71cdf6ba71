/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * struct resource: a range of bus addresses (I/O ports or memory) a device
 * decodes, as the PCI core reads it from a BAR.  Flag values are Linux's,
 * so /sys/bus/pci/devices/.../resource reads the same.
 *
 * There is no resource tree (request_region() and friends): the firmware
 * assigns the ranges and drivers use what the BARs say.
 */
#ifndef _LINUX_IOPORT_H
#define _LINUX_IOPORT_H

#include <linux/types.h>

typedef phys_addr_t resource_size_t;

struct resource {
	resource_size_t start;
	resource_size_t end;		/* inclusive; start > end: empty */
	const char *name;
	unsigned long flags;		/* IORESOURCE_* */
};

#define IORESOURCE_TYPE_BITS	0x00001f00
#define IORESOURCE_IO		0x00000100
#define IORESOURCE_MEM		0x00000200
#define IORESOURCE_PREFETCH	0x00002000
#define IORESOURCE_READONLY	0x00004000
#define IORESOURCE_SIZEALIGN	0x00040000	/* size is a power of two and the alignment */
#define IORESOURCE_MEM_64	0x00100000
#define IORESOURCE_WINDOW	0x00200000	/* a bridge forwards this range */
#define IORESOURCE_DISABLED	0x10000000
#define IORESOURCE_UNSET	0x20000000	/* size known, no address assigned */

static inline resource_size_t resource_size(const struct resource *res)
{
	return res->end - res->start + 1;
}

static inline unsigned long resource_type(const struct resource *res)
{
	return res->flags & IORESOURCE_TYPE_BITS;
}

#endif /* _LINUX_IOPORT_H */
