// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pci bus type: matching a device against a driver's id_table,
 * probe and remove, and driver registration.
 *
 * Interface: pci_bus_type, pci_register_driver(), pci_unregister_driver(),
 * pci_match_id() (<linux/pci.h>).  Locking: the driver core holds the
 * device's mutex across match, probe and remove.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/pci.h>
#include "pci.h"

static bool pci_id_matches(const struct pci_device_id *id, const struct pci_dev *dev)
{
	return (id->vendor == PCI_ANY_ID || id->vendor == dev->vendor) &&
	       (id->device == PCI_ANY_ID || id->device == dev->device) &&
	       (id->subvendor == PCI_ANY_ID || id->subvendor == dev->subsystem_vendor) &&
	       (id->subdevice == PCI_ANY_ID || id->subdevice == dev->subsystem_device) &&
	       !((id->class ^ dev->class) & id->class_mask);
}

const struct pci_device_id *pci_match_id(const struct pci_device_id *ids, struct pci_dev *dev)
{
	for (; ids && (ids->vendor || ids->subvendor || ids->class_mask); ids++)
		if (pci_id_matches(ids, dev))
			return ids;
	return NULL;
}

static int pci_bus_match(struct device *dev, struct device_driver *drv)
{
	return pci_match_id(to_pci_driver(drv)->id_table, to_pci_dev(dev)) != NULL;
}

static int pci_device_probe(struct device *dev)
{
	struct pci_driver *drv = to_pci_driver(dev->driver);
	struct pci_dev *pdev = to_pci_dev(dev);
	const struct pci_device_id *id = pci_match_id(drv->id_table, pdev);
	int err;

	if (!id || !drv->probe)
		return -ENODEV;
	pci_dev_get(pdev);
	err = drv->probe(pdev, id);
	if (err) {
		pci_msi_cleanup(pdev);
		pci_dev_put(pdev);
	}
	return err;
}

static void pci_device_remove(struct device *dev)
{
	struct pci_driver *drv = to_pci_driver(dev->driver);
	struct pci_dev *pdev = to_pci_dev(dev);

	if (drv->remove)
		drv->remove(pdev);
	/* What the driver forgot: vectors, decoding, DMA. */
	pci_msi_cleanup(pdev);
	if (pdev->enable_cnt) {
		dev_warn(dev, "driver %s left the device enabled\n", drv->name);
		pdev->enable_cnt = 1;
		pci_disable_device(pdev);
	}
	pci_dev_put(pdev);
}

struct bus_type pci_bus_type = {
	.name = "pci",
	.match = pci_bus_match,
	.probe = pci_device_probe,
	.remove = pci_device_remove,
};

int pci_register_driver(struct pci_driver *drv)
{
	drv->driver.name = drv->name;
	drv->driver.bus = &pci_bus_type;
	return driver_register(&drv->driver);
}

void pci_unregister_driver(struct pci_driver *drv)
{
	driver_unregister(&drv->driver);
}

/* After the device model (postcore), before the scan (subsys). */
static int __init pci_driver_init(void)
{
	int err = bus_register(&pci_bus_type);

	if (err)
		pr_err("PCI: cannot register the pci bus type: %d\n", err);
	return err;
}
arch_initcall(pci_driver_init);
