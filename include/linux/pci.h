/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * PCI (drivers/pci/): buses, devices, configuration space, BARs,
 * interrupts (INTx, MSI, MSI-X) and drivers.
 *
 * At boot (subsys_initcall) the core scans bus 0 of every ECAM segment
 * the ACPI MCFG table lists (or bus 0 through ports 0xcf8/0xcfc when
 * there is none), follows every bridge to its secondary bus, and looks
 * for peer root buses.  Each function becomes a struct pci_dev with its
 * BARs sized (resource[0..5], ROM in resource[6]) and its INTx IRQ taken
 * from the Interrupt Line register the firmware wrote.  The firmware's
 * BAR and bus-number assignments are used as they are.
 *
 * A driver:
 *
 *	static const struct pci_device_id ids[] = {
 *		{ PCI_DEVICE(0x1af4, 0x1042) }, { }
 *	};
 *	static struct pci_driver drv = {
 *		.name = "foo", .id_table = ids, .probe = foo_probe, .remove = foo_remove,
 *	};
 *	module_init(...) -> pci_register_driver(&drv);
 *
 *	foo_probe(pdev, id):
 *		pci_enable_device(pdev); pci_set_master(pdev);
 *		regs = pci_iomap(pdev, bar, 0);
 *		nvec = pci_alloc_irq_vectors(pdev, 1, n, PCI_IRQ_ALL_TYPES);
 *		request_irq(pci_irq_vector(pdev, i), handler, 0 or IRQF_SHARED (INTx), ...);
 *
 * Config accessors return 0 (PCIBIOS_SUCCESSFUL) or a PCIBIOS_* error
 * and set *val to all ones on failure, as reading an absent device does.
 * They may be called from any context, including with interrupts off.
 *
 * sysfs: /sys/bus/pci/devices/DDDD:BB:DD.F -> /sys/devices/pciDDDD:BB/...
 * with vendor, device, subsystem_vendor, subsystem_device, class,
 * revision, irq, resource and enable (there is no binary config file).
 *
 * Locking: the bus and device lists are built by the boot scan, before
 * any driver runs, and never change afterwards (no hotplug), so readers
 * need no lock.  pci_dev fields other than the lists belong to the bound
 * driver (the device mutex serialises probe and remove).  Configuration
 * cycles through ports 0xcf8/0xcfc are serialised by pci_config_lock in
 * arch/x86/pci; ECAM accesses need no lock.
 */
#ifndef _LINUX_PCI_H
#define _LINUX_PCI_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/device.h>
#include <linux/ioport.h>
#include <linux/pci_regs.h>
#include <linux/pci_ids.h>

/* devfn: device number in 7:3, function in 2:0 */
#define PCI_DEVFN(slot, func)	((((slot) & 0x1f) << 3) | ((func) & 0x07))
#define PCI_SLOT(devfn)		(((devfn) >> 3) & 0x1f)
#define PCI_FUNC(devfn)		((devfn) & 0x07)

/*
 * What the config accessors return: 0, or one of the PCI BIOS
 * specification's status codes, under Linux's PCIBIOS_* names.
 */
enum {
	PCIBIOS_SUCCESSFUL = 0x00,
	/* Failures, by the caller's fault or the device's. */
	PCIBIOS_FUNC_NOT_SUPPORTED = 0x81, PCIBIOS_BAD_VENDOR_ID = 0x83,
	PCIBIOS_DEVICE_NOT_FOUND = 0x86, PCIBIOS_BAD_REGISTER_NUMBER = 0x87,
	PCIBIOS_SET_FAILED = 0x88, PCIBIOS_BUFFER_TOO_SMALL = 0x89,
};

/* -errno for a PCIBIOS_* result */
int pcibios_err_to_errno(int err);

#define PCI_ANY_ID	(~0U)

struct pci_device_id {
	u32 vendor, device;		/* PCI_ANY_ID matches any */
	u32 subvendor, subdevice;
	u32 class, class_mask;		/* (dev->class & class_mask) == class */
	unsigned long driver_data;
};

#define PCI_DEVICE(vend, dev) \
	.vendor = (vend), .device = (dev), .subvendor = PCI_ANY_ID, .subdevice = PCI_ANY_ID
#define PCI_DEVICE_CLASS(dev_class, dev_class_mask) \
	.vendor = PCI_ANY_ID, .device = PCI_ANY_ID, .subvendor = PCI_ANY_ID, \
	.subdevice = PCI_ANY_ID, .class = (dev_class), .class_mask = (dev_class_mask)

/* resource[] slots */
#define PCI_STD_NUM_BARS	6
#define PCI_ROM_RESOURCE	6
#define PCI_BRIDGE_RESOURCES	7	/* bridge windows: I/O, memory, prefetchable */
#define PCI_NUM_RESOURCES	10

struct pci_bus;
struct pci_dev;
struct msi_desc;

struct pci_ops {
	int (*read)(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 *val);
	int (*write)(struct pci_bus *bus, unsigned int devfn, int where, int size, u32 val);
};

struct pci_bus {
	struct list_head node;		/* in pci_root_buses or parent->children */
	struct pci_bus *parent;		/* NULL for a root bus */
	struct list_head children;	/* buses behind bridges on this bus */
	struct list_head devices;	/* pci_dev.bus_list */
	struct pci_dev *self;		/* the bridge leading here; NULL on a root */
	struct pci_ops *ops;
	void *sysdata;			/* for ops */
	int domain;			/* PCI segment group */
	unsigned char number;		/* this bus */
	unsigned char primary;		/* the bus the bridge sits on */
	unsigned char busn_end;		/* subordinate: highest bus number below */
	struct device *bridge;		/* sysfs parent of the devices: bridge or root */
};

struct pci_dev {
	struct list_head bus_list;	/* in bus->devices */
	struct pci_bus *bus;
	struct pci_bus *subordinate;	/* a bridge's secondary bus, if scanned */
	unsigned int devfn;
	unsigned short vendor;
	unsigned short device;
	unsigned short subsystem_vendor;
	unsigned short subsystem_device;
	unsigned int class;		/* base << 16 | sub << 8 | prog-if */
	u8 revision;
	u8 hdr_type;			/* PCI_HEADER_TYPE_*, without the MFD bit */
	u8 pin;				/* 1-4 = INTA-INTD, 0 none */
	u8 msi_cap;			/* capability offsets, 0 if absent */
	u8 msix_cap;
	u8 pcie_cap;
	bool multifunction;
	bool is_busmaster;
	bool msi_enabled;
	bool msix_enabled;
	int enable_cnt;			/* pci_enable_device() nesting */
	unsigned int irq;		/* INTx IRQ (0: none); see pci_irq_vector() */
	struct resource resource[PCI_NUM_RESOURCES];
	struct list_head msi_list;	/* struct msi_desc, while vectors are allocated */
	struct device dev;
};

#define to_pci_dev(d)	container_of(d, struct pci_dev, dev)
#define for_each_pci_dev(d)	\
	for ((d) = NULL; ((d) = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, (d))) != NULL; )

static inline const char *pci_name(const struct pci_dev *pdev)
{
	return dev_name(&pdev->dev);
}

static inline int pci_domain_nr(const struct pci_bus *bus)
{
	return bus->domain;
}

static inline bool pci_is_bridge(const struct pci_dev *pdev)
{
	return pdev->hdr_type == PCI_HEADER_TYPE_BRIDGE ||
	       pdev->hdr_type == PCI_HEADER_TYPE_CARDBUS;
}

static inline void *pci_get_drvdata(struct pci_dev *pdev)
{
	return dev_get_drvdata(&pdev->dev);
}

static inline void pci_set_drvdata(struct pci_dev *pdev, void *data)
{
	dev_set_drvdata(&pdev->dev, data);
}

#define pci_resource_start(dev, bar)	((dev)->resource[(bar)].start)
#define pci_resource_end(dev, bar)	((dev)->resource[(bar)].end)
#define pci_resource_flags(dev, bar)	((dev)->resource[(bar)].flags)
#define pci_resource_len(dev, bar)					\
	((dev)->resource[(bar)].end > (dev)->resource[(bar)].start ||	\
	 (dev)->resource[(bar)].flags ?					\
	 resource_size(&(dev)->resource[(bar)]) : 0)

/* ------------------------------------------------------------ drivers */

struct pci_driver {
	const char *name;
	const struct pci_device_id *id_table;	/* ends with an all-zero entry */
	int (*probe)(struct pci_dev *dev, const struct pci_device_id *id);
	void (*remove)(struct pci_dev *dev);
	struct device_driver driver;
};

#define to_pci_driver(d)	container_of(d, struct pci_driver, driver)

extern struct bus_type pci_bus_type;

int pci_register_driver(struct pci_driver *drv);
void pci_unregister_driver(struct pci_driver *drv);
/* The id_table entry that matches dev, or NULL. */
const struct pci_device_id *pci_match_id(const struct pci_device_id *ids, struct pci_dev *dev);

/* ------------------------------------------------------------ config space */

/*
 * Config space by (bus, devfn) - for the scan, before a pci_dev exists -
 * and by device.  Each width has its read and its write; they return a
 * PCIBIOS_* code, and a failed read stores all ones.
 */
int pci_bus_read_config_byte(struct pci_bus *bus, unsigned int devfn, int where, u8 *val);
int pci_bus_write_config_byte(struct pci_bus *bus, unsigned int devfn, int where, u8 val);
int pci_bus_read_config_word(struct pci_bus *bus, unsigned int devfn, int where, u16 *val);
int pci_bus_write_config_word(struct pci_bus *bus, unsigned int devfn, int where, u16 val);
int pci_bus_read_config_dword(struct pci_bus *bus, unsigned int devfn, int where, u32 *val);
int pci_bus_write_config_dword(struct pci_bus *bus, unsigned int devfn, int where, u32 val);

int pci_read_config_byte(const struct pci_dev *dev, int where, u8 *val);
int pci_write_config_byte(const struct pci_dev *dev, int where, u8 val);
int pci_read_config_word(const struct pci_dev *dev, int where, u16 *val);
int pci_write_config_word(const struct pci_dev *dev, int where, u16 val);
int pci_read_config_dword(const struct pci_dev *dev, int where, u32 *val);
int pci_write_config_dword(const struct pci_dev *dev, int where, u32 val);

/* Offset of capability cap in dev's list, 0 if it has none. */
u8 pci_find_capability(struct pci_dev *dev, int cap);
/* The next capability cap after offset pos (vendor capabilities repeat). */
u8 pci_find_next_capability(struct pci_dev *dev, u8 pos, int cap);
u8 pci_bus_find_capability(struct pci_bus *bus, unsigned int devfn, int cap);

/* ------------------------------------------------------------ device control */

/* Turn on I/O and memory decoding for the BARs that exist; nests. */
int pci_enable_device(struct pci_dev *dev);
void pci_disable_device(struct pci_dev *dev);
void pci_set_master(struct pci_dev *dev);
void pci_clear_master(struct pci_dev *dev);
/* Set or clear PCI_COMMAND_INTX_DISABLE. */
void pci_intx(struct pci_dev *dev, bool enable);

/*
 * Map (part of) a BAR: memory BARs through ioremap(), I/O BARs as a port
 * cookie; either way access it with ioread32() and friends (<linux/io.h>).
 * maxlen 0 = the whole BAR.
 */
void *pci_iomap(struct pci_dev *dev, int bar, unsigned long maxlen);
void *pci_iomap_range(struct pci_dev *dev, int bar, unsigned long offset,
			      unsigned long maxlen);
void pci_iounmap(struct pci_dev *dev, void *addr);

/* Lookup with a reference (pci_dev_put()); from NULL, or after from. */
struct pci_dev *pci_get_device(unsigned int vendor, unsigned int device, struct pci_dev *from);
struct pci_dev *pci_get_domain_bus_and_slot(int domain, unsigned int bus, unsigned int devfn);
struct pci_dev *pci_dev_get(struct pci_dev *dev);
void pci_dev_put(struct pci_dev *dev);

/* ------------------------------------------------------------ interrupts */

#define PCI_IRQ_LEGACY		(1 << 0)	/* INTx */
#define PCI_IRQ_MSI		(1 << 1)
#define PCI_IRQ_MSIX		(1 << 2)
#define PCI_IRQ_ALL_TYPES	(PCI_IRQ_LEGACY | PCI_IRQ_MSI | PCI_IRQ_MSIX)

/*
 * Between min_vecs and max_vecs interrupt vectors, trying MSI-X, then MSI
 * (one vector), then INTx (one, shared), as flags allow.  Returns how many
 * were allocated, or -ENOSPC / -EINVAL.  pci_irq_vector() gives the IRQ
 * number of vector nr for request_irq(); INTx needs IRQF_SHARED.
 */
int pci_alloc_irq_vectors(struct pci_dev *dev, unsigned int min_vecs, unsigned int max_vecs,
			  unsigned int flags);
void pci_free_irq_vectors(struct pci_dev *dev);
int pci_irq_vector(struct pci_dev *dev, unsigned int nr);
int pci_msix_vec_count(struct pci_dev *dev);
/* pci=nomsi: pci_alloc_irq_vectors() hands out INTx only. */
void pci_no_msi(void);

/* ------------------------------------------------------------ core internals shared with arch */

extern struct list_head pci_root_buses;
/* A root bus (host bridge) with ops, scanned recursively; NULL if nothing answers. */
struct pci_bus *pci_scan_root_bus(int domain, int busnr, struct pci_ops *ops, void *sysdata);
/*
 * The bus domain:busnr found by the boot scan, or NULL.  The bus tree
 * never changes after the scan, so no lock and no reference is needed.
 */
struct pci_bus *pci_find_bus(int domain, int busnr);
/* Is busnr of domain already known (reached by the scan)? */
bool pci_bus_known(int domain, int busnr);

/* Architecture hooks (arch/x86/pci/init.c) */
/* A bus is about to be scanned (map its ECAM window). */
void pcibios_add_bus(struct pci_bus *bus);
/* Set dev->irq from the firmware's INTx routing (0: none). */
void pcibios_lookup_irq(struct pci_dev *dev);

#endif /* _LINUX_PCI_H */
