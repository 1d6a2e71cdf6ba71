// SPDX-License-Identifier: GPL-2.0-only
/*
 * Driver model self test: a private bus with two devices and a driver
 * that wants only one of them; binding happens whichever registers
 * first, a failing probe leaves the device unbound, and unregistering
 * the driver or deleting the device calls remove.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/selftest.h>
#include <linux/device.h>

static int probes, removes;

static int tb_match(struct device *dev, struct device_driver *drv)
{
	/* The driver takes devices whose name starts like its own. */
	return !strncmp(dev_name(dev), drv->name, 3);
}

static int tb_probe(struct device *dev)
{
	probes++;
	return strstr(dev_name(dev), "bad") ? -ENXIO : 0;	/* a quiet refusal */
}

static int tb_remove(struct device *dev)
{
	removes++;
	return 0;
}

static struct bus_type tb_bus = { .name = "selftest" };
static struct device_driver tb_drv = {
	.name = "foo", .bus = &tb_bus, .probe = tb_probe, .remove = tb_remove,
};

static void tb_release(struct device *dev)
{
}

static int driver_model_test(void)
{
	static struct device a, b, c;
	int err;

	tb_bus.match = tb_match;
	probes = removes = 0;
	err = bus_register(&tb_bus);
	ST_ASSERT(!err, "bus_register: %d", err);

	/* a before the driver, b (not matched) and c (probe fails) after it */
	a = (struct device){ .init_name = "foo0", .bus = &tb_bus, .release = tb_release };
	b = (struct device){ .init_name = "bar0", .bus = &tb_bus, .release = tb_release };
	c = (struct device){ .init_name = "foobad", .bus = &tb_bus, .release = tb_release };
	ST_ASSERT(!device_register(&a), "register a");
	ST_ASSERT(!a.driver, "a bound with no driver");
	ST_ASSERT(!driver_register(&tb_drv), "driver_register");
	ST_ASSERT(a.driver == &tb_drv && probes == 1, "a not bound (probes %d)", probes);
	ST_ASSERT(!device_register(&b) && !b.driver, "b");
	ST_ASSERT(!device_register(&c) && !c.driver && probes == 2, "c (probes %d)", probes);

	device_unregister(&b);
	driver_unregister(&tb_drv);
	ST_ASSERT(!a.driver && removes == 1, "unregistering the driver: removes %d", removes);
	ST_ASSERT(!driver_register(&tb_drv) && a.driver == &tb_drv && probes == 4,
		  "rebinding: probes %d", probes);
	device_unregister(&a);
	ST_ASSERT(removes == 2, "device_del did not remove: %d", removes);
	device_unregister(&c);
	driver_unregister(&tb_drv);
	bus_unregister(&tb_bus);
	return 0;
}
DEFINE_SELFTEST("driver model: bus match, probe, remove", driver_model_test);
