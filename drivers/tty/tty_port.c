// SPDX-License-Identifier: GPL-2.0-only
/*
 * struct tty_port helpers: the driver-side object that outlives opens
 * (see <linux/tty_port.h>).  port->lock guards port->tty.
 */
#include <linux/kernel.h>
#include <linux/spinlock.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/tty_port.h>
#include <linux/tty_flip.h>

void tty_port_init(struct tty_port *port)
{
	spin_lock_init(&port->lock);
	port->tty = NULL;
	tty_buffer_init(port);
}

void tty_port_link_device(struct tty_port *port, struct tty_driver *driver, unsigned int index)
{
	if (index < driver->num)
		driver->ports[index] = port;
}

struct tty_struct *tty_port_tty_get(struct tty_port *port)
{
	struct tty_struct *tty;
	unsigned long flags;

	spin_lock_irqsave(&port->lock, flags);
	tty = port->tty;
	spin_unlock_irqrestore(&port->lock, flags);
	return tty;
}

void tty_port_tty_set(struct tty_port *port, struct tty_struct *tty)
{
	unsigned long flags;

	spin_lock_irqsave(&port->lock, flags);
	port->tty = tty;
	spin_unlock_irqrestore(&port->lock, flags);
}

void tty_port_tty_wakeup(struct tty_port *port)
{
	struct tty_struct *tty = tty_port_tty_get(port);

	if (tty)
		tty_wakeup(tty);
}
