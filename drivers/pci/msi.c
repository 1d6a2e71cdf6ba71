// SPDX-License-Identifier: GPL-2.0-only
/*
 * MSI and MSI-X: pci_alloc_irq_vectors() picks MSI-X (up to the table
 * size), else MSI (one vector), else the INTx line, and gives every
 * message vector an IRQ number with an irq_chip of its own, so drivers
 * request_irq() them like any other interrupt (see <linux/msi.h>).
 *
 * Each vector gets its CPU vector (assign_irq_vector(), routed to
 * generic_handle_irq()) and its message when it is allocated, before the
 * device may signal, so a message never goes to a stale address.  MSI-X
 * entries stay masked until request_irq() unmasks them; MSI has per
 * vector masking only if the capability says so (otherwise mask/unmask
 * do nothing and a masked-but-pending message is simply handled with
 * no action).  Delivery is edge, fixed, to CPU 0 (<asm/msi.h>); the
 * handler ends with a local APIC EOI.
 *
 * Interface: pci_alloc_irq_vectors(), pci_free_irq_vectors(),
 * pci_irq_vector(), pci_msix_vec_count(), pci_no_msi() (<linux/pci.h>),
 * pci_msi_cleanup() for the core (drivers/pci/pci.h).
 *
 * Locking: the vectors of a device are allocated and freed by its driver
 * (serialised by the device mutex).  msi_irq_lock serialises claiming
 * free IRQ numbers (a number is free when no irq_chip owns it; the
 * IOAPIC claims its numbers before SMP).  The irq_chip callbacks run
 * under the IRQ descriptor's lock and touch only their own entry.
 */
#define pr_fmt(fmt) "PCI: " fmt

#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/irq.h>
#include <linux/io.h>
#include <linux/msi.h>
#include <linux/pci.h>
#include <asm/irq.h>
#include <asm/io_apic.h>
#include <asm/apic.h>
#include <asm/msi.h>
#include "pci.h"

static DEFINE_MUTEX(msi_irq_lock);
static bool pci_msi_disabled;

void pci_no_msi(void)
{
	pci_msi_disabled = true;
}

/* ------------------------------------------------------------ message writes */

static void msix_write_msg(struct msi_desc *d)
{
	writel(d->msg.address_lo, d->mask_base + PCI_MSIX_ENTRY_LOWER_ADDR);
	writel(d->msg.address_hi, d->mask_base + PCI_MSIX_ENTRY_UPPER_ADDR);
	writel(d->msg.data, d->mask_base + PCI_MSIX_ENTRY_DATA);
}

static void msix_set_mask(struct msi_desc *d, bool masked)
{
	writel(masked ? PCI_MSIX_ENTRY_CTRL_MASKBIT : 0, d->mask_base + PCI_MSIX_ENTRY_VECTOR_CTRL);
	readl(d->mask_base + PCI_MSIX_ENTRY_VECTOR_CTRL);	/* flush the posted write */
	d->masked = masked;
}

static void msi_write_msg(struct msi_desc *d)
{
	struct pci_dev *dev = d->dev;
	u16 flags;

	pci_read_config_word(dev, dev->msi_cap + PCI_MSI_FLAGS, &flags);
	pci_write_config_dword(dev, dev->msi_cap + PCI_MSI_ADDRESS_LO, d->msg.address_lo);
	if (flags & PCI_MSI_FLAGS_64BIT) {
		pci_write_config_dword(dev, dev->msi_cap + PCI_MSI_ADDRESS_HI, d->msg.address_hi);
		pci_write_config_word(dev, dev->msi_cap + PCI_MSI_DATA_64, d->msg.data);
	} else {
		pci_write_config_word(dev, dev->msi_cap + PCI_MSI_DATA_32, d->msg.data);
	}
}

static void msi_set_mask(struct msi_desc *d, bool masked)
{
	struct pci_dev *dev = d->dev;
	u16 flags;
	int pos;

	d->masked = masked;
	pci_read_config_word(dev, dev->msi_cap + PCI_MSI_FLAGS, &flags);
	if (!(flags & PCI_MSI_FLAGS_MASKBIT))
		return;
	pos = dev->msi_cap + (flags & PCI_MSI_FLAGS_64BIT ? PCI_MSI_MASK_64 : PCI_MSI_MASK_32);
	pci_write_config_dword(dev, pos, masked ? 1 : 0);
}

/* ------------------------------------------------------------ irq_chip */

static int msi_irq_startup(struct irq_desc *desc)
{
	struct msi_desc *d = desc->chip_data;

	/* Vector and message were set at allocation; rewrite them while masked. */
	if (d->msix) {
		msix_set_mask(d, true);
		msix_write_msg(d);
	} else {
		msi_set_mask(d, true);
		msi_write_msg(d);
	}
	return 0;
}

static void msi_irq_mask(struct irq_desc *desc)
{
	struct msi_desc *d = desc->chip_data;

	if (d->msix)
		msix_set_mask(d, true);
	else
		msi_set_mask(d, true);
}

static void msi_irq_unmask(struct irq_desc *desc)
{
	struct msi_desc *d = desc->chip_data;

	if (d->msix)
		msix_set_mask(d, false);
	else
		msi_set_mask(d, false);
}

static void msi_irq_eoi(struct irq_desc *desc)
{
	apic_eoi();
}

static int msi_irq_set_type(struct irq_desc *desc, unsigned int type)
{
	/* Messages are edges by nature. */
	return type == IRQ_TYPE_EDGE_RISING ? 0 : -EINVAL;
}

static void msi_irq_print(struct irq_desc *desc, char *buf, size_t len)
{
	struct msi_desc *d = desc->chip_data;

	snprintf(buf, len, "%s %u-edge", pci_name(d->dev), d->entry);
}

/*
 * MSI and MSI-X vectors behave the same once set up; only the name in
 * /proc/interrupts tells them apart.
 */
#define PCI_MSI_IRQ_CHIP(_label) {					\
	.name = _label,							\
	.irq_startup = msi_irq_startup,					\
	.irq_mask = msi_irq_mask, .irq_unmask = msi_irq_unmask,		\
	.irq_eoi = msi_irq_eoi,						\
	.irq_set_type = msi_irq_set_type,				\
	.irq_print = msi_irq_print,					\
}

static const struct irq_chip pci_msi_chip = PCI_MSI_IRQ_CHIP("PCI-MSI");
static const struct irq_chip pci_msix_chip = PCI_MSI_IRQ_CHIP("PCI-MSIX");

/* ------------------------------------------------------------ IRQ numbers and vectors */

/* Claim an IRQ number no controller owns, and a CPU vector for it. */
static int msi_desc_attach(struct msi_desc *d, const struct irq_chip *chip)
{
	int vector, ret = -ENOSPC;

	mutex_lock(&msi_irq_lock);
	for (unsigned int irq = NR_IRQS_LEGACY; irq < NR_IRQS; irq++) {
		if (READ_ONCE(irq_to_desc(irq)->chip))
			continue;
		if (irq_set_chip(irq, chip, d, IRQ_TYPE_EDGE_RISING))
			continue;
		d->irq = irq;
		ret = 0;
		break;
	}
	mutex_unlock(&msi_irq_lock);
	if (ret)
		return ret;
	vector = assign_irq_vector(d->irq);
	if (vector < 0) {
		irq_set_chip(d->irq, NULL, NULL, 0);
		d->irq = 0;
		return vector;
	}
	d->vector = vector;
	x86_msi_compose_msg(&d->msg, vector);
	return 0;
}

static void msi_desc_detach(struct msi_desc *d)
{
	if (d->vector)
		set_vector_handler(d->vector, NULL);	/* stray messages: counted as spurious */
	if (d->irq && irq_set_chip(d->irq, NULL, NULL, 0))
		WARN(1, "PCI: %s: IRQ %u freed while a handler is still installed\n",
		     pci_name(d->dev), d->irq);
	d->vector = 0;
	d->irq = 0;
}

static void free_msi_list(struct pci_dev *dev)
{
	struct msi_desc *d, *tmp;
	void *table = NULL;

	list_for_each_entry_safe(d, tmp, &dev->msi_list, list) {
		msi_desc_detach(d);
		if (d->msix && d->entry == 0)
			table = d->mask_base;
		list_del(&d->list);
		kfree(d);
	}
	if (table)
		iounmap(table);
}

static struct msi_desc *alloc_msi_desc(struct pci_dev *dev, u16 entry, bool msix)
{
	struct msi_desc *d = kzalloc(sizeof(*d), GFP_KERNEL);

	if (!d)
		return NULL;
	d->dev = dev;
	d->entry = entry;
	d->msix = msix;
	d->masked = true;
	list_add_tail(&d->list, &dev->msi_list);
	return d;
}

/* ------------------------------------------------------------ MSI-X */

int pci_msix_vec_count(struct pci_dev *dev)
{
	u16 flags;

	if (!dev->msix_cap)
		return -EINVAL;
	pci_read_config_word(dev, dev->msix_cap + PCI_MSIX_FLAGS, &flags);
	return (flags & PCI_MSIX_FLAGS_QSIZE) + 1;
}

static void *msix_map_table(struct pci_dev *dev, unsigned int nr_entries)
{
	u32 table;
	unsigned int bir;
	u64 offset;

	pci_read_config_dword(dev, dev->msix_cap + PCI_MSIX_TABLE, &table);
	bir = table & PCI_MSIX_TABLE_BIR;
	offset = table & PCI_MSIX_TABLE_OFFSET;
	if (bir >= PCI_STD_NUM_BARS || !(pci_resource_flags(dev, bir) & IORESOURCE_MEM) ||
	    (pci_resource_flags(dev, bir) & IORESOURCE_UNSET) ||
	    offset + nr_entries * PCI_MSIX_ENTRY_SIZE > pci_resource_len(dev, bir)) {
		dev_err(&dev->dev, "MSI-X table (BAR %u + %#llx) is not in a memory BAR\n", bir,
			offset);
		return NULL;
	}
	return ioremap(pci_resource_start(dev, bir) + offset, nr_entries * PCI_MSIX_ENTRY_SIZE);
}

static int msix_setup(struct pci_dev *dev, unsigned int nvec)
{
	u16 ctrl;
	void *table;
	int err;

	table = msix_map_table(dev, nvec);
	if (!table)
		return -ENOMEM;
	/* Enabled but all masked while the entries are written. */
	pci_read_config_word(dev, dev->msix_cap + PCI_MSIX_FLAGS, &ctrl);
	ctrl |= PCI_MSIX_FLAGS_ENABLE | PCI_MSIX_FLAGS_MASKALL;
	pci_write_config_word(dev, dev->msix_cap + PCI_MSIX_FLAGS, ctrl);
	for (unsigned int i = 0; i < nvec; i++) {
		struct msi_desc *d = alloc_msi_desc(dev, i, true);

		err = -ENOMEM;
		if (!d)
			goto fail;
		d->mask_base = table + i * PCI_MSIX_ENTRY_SIZE;
		msix_set_mask(d, true);
		err = msi_desc_attach(d, &pci_msix_chip);
		if (err)
			goto fail;
		msix_write_msg(d);
	}
	pci_intx(dev, false);
	ctrl &= ~PCI_MSIX_FLAGS_MASKALL;
	pci_write_config_word(dev, dev->msix_cap + PCI_MSIX_FLAGS, ctrl);
	dev->msix_enabled = true;
	return 0;

fail:
	ctrl &= ~(PCI_MSIX_FLAGS_ENABLE | PCI_MSIX_FLAGS_MASKALL);
	pci_write_config_word(dev, dev->msix_cap + PCI_MSIX_FLAGS, ctrl);
	if (list_empty(&dev->msi_list))
		iounmap(table);
	free_msi_list(dev);
	return err;
}

/* ------------------------------------------------------------ MSI */

static int msi_setup(struct pci_dev *dev)
{
	struct msi_desc *d;
	u16 flags;
	int err;

	d = alloc_msi_desc(dev, 0, false);
	if (!d)
		return -ENOMEM;
	err = msi_desc_attach(d, &pci_msi_chip);
	if (err) {
		free_msi_list(dev);
		return err;
	}
	msi_set_mask(d, true);
	msi_write_msg(d);
	pci_read_config_word(dev, dev->msi_cap + PCI_MSI_FLAGS, &flags);
	flags &= ~PCI_MSI_FLAGS_QSIZE;	/* one vector */
	flags |= PCI_MSI_FLAGS_ENABLE;
	pci_write_config_word(dev, dev->msi_cap + PCI_MSI_FLAGS, flags);
	pci_intx(dev, false);
	dev->msi_enabled = true;
	return 0;
}

/* ------------------------------------------------------------ interface */

int pci_alloc_irq_vectors(struct pci_dev *dev, unsigned int min_vecs, unsigned int max_vecs,
			  unsigned int flags)
{
	bool msi_ok = IS_ENABLED(CONFIG_PCI_MSI) && !pci_msi_disabled;
	int n;

	if (!min_vecs || min_vecs > max_vecs || dev->msi_enabled || dev->msix_enabled)
		return -EINVAL;
	/* Messages are memory writes: without bus mastering they go nowhere. */
	if (msi_ok && (flags & (PCI_IRQ_MSI | PCI_IRQ_MSIX)) && !dev->is_busmaster)
		dev_warn(&dev->dev, "MSI needs bus mastering: call pci_set_master() first\n");
	if (msi_ok && (flags & PCI_IRQ_MSIX) && dev->msix_cap) {
		n = pci_msix_vec_count(dev);
		if (n >= (int)min_vecs) {
			n = min_t(unsigned int, n, max_vecs);
			if (!msix_setup(dev, n))
				return n;
		}
	}
	if (msi_ok && (flags & PCI_IRQ_MSI) && dev->msi_cap && min_vecs == 1 && !msi_setup(dev))
		return 1;
	if ((flags & PCI_IRQ_LEGACY) && min_vecs == 1 && dev->irq) {
		pci_intx(dev, true);
		return 1;
	}
	return -ENOSPC;
}

void pci_free_irq_vectors(struct pci_dev *dev)
{
	u16 ctrl;

	if (dev->msix_enabled) {
		pci_read_config_word(dev, dev->msix_cap + PCI_MSIX_FLAGS, &ctrl);
		ctrl &= ~(PCI_MSIX_FLAGS_ENABLE | PCI_MSIX_FLAGS_MASKALL);
		pci_write_config_word(dev, dev->msix_cap + PCI_MSIX_FLAGS, ctrl);
		dev->msix_enabled = false;
	}
	if (dev->msi_enabled) {
		pci_read_config_word(dev, dev->msi_cap + PCI_MSI_FLAGS, &ctrl);
		pci_write_config_word(dev, dev->msi_cap + PCI_MSI_FLAGS, ctrl & ~PCI_MSI_FLAGS_ENABLE);
		dev->msi_enabled = false;
	}
	free_msi_list(dev);
	pci_intx(dev, true);
}

int pci_irq_vector(struct pci_dev *dev, unsigned int nr)
{
	struct msi_desc *d;

	if (dev->msix_enabled || dev->msi_enabled) {
		list_for_each_entry(d, &dev->msi_list, list)
			if (d->entry == nr)
				return d->irq;
		return -EINVAL;
	}
	return nr == 0 && dev->irq ? (int)dev->irq : -EINVAL;
}

void pci_msi_cleanup(struct pci_dev *dev)
{
	if (dev->msi_enabled || dev->msix_enabled || !list_empty(&dev->msi_list)) {
		dev_warn(&dev->dev, "driver left interrupt vectors allocated; freeing them\n");
		pci_free_irq_vectors(dev);
	}
}
