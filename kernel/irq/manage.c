// SPDX-License-Identifier: GPL-2.0-only
/*
 * Drivers' side of the IRQ layer: request_irq(), free_irq(),
 * disable_irq(), enable_irq(), synchronize_irq() (<linux/interrupt.h>).
 *
 * The first handler on an IRQ sets the trigger type (the driver's
 * IRQF_TRIGGER_* or the controller's default), routes the input
 * (irq_startup) and unmasks it.  Later handlers may join only if every
 * handler says IRQF_SHARED and the trigger agrees.  Removing the last
 * handler masks the input; the route stays for the next user.
 *
 * irqaction records come from kmalloc (GFP_KERNEL: request_irq() and
 * free_irq() are for process context, as in Linux).
 *
 * Locking: desc->lock (irqsave) around every change of a descriptor.
 * Lock order: desc->lock, then the controller's lock (taken inside the
 * chip callbacks).
 */
#include <linux/kernel.h>
#include <linux/irq.h>
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <linux/bug.h>
#include <linux/slab.h>
#include <linux/errno.h>

/* Route the input, set its type and unmask it: the first handler arrived. */
static int irq_activate(struct irq_desc *desc, unsigned int type)
{
	const struct irq_chip *chip = desc->chip;
	int ret;

	if (!type)
		type = desc->default_type;
	if (chip->irq_set_type && (type != desc->type || !desc->started)) {
		ret = chip->irq_set_type(desc, type);
		if (ret)
			return ret;
	}
	desc->type = type;
	if (!desc->started) {
		ret = chip->irq_startup ? chip->irq_startup(desc) : 0;
		if (ret)
			return ret;
		desc->started = true;
	}
	desc->depth = 0;
	desc->irq_count = 0;
	desc->irqs_unhandled = 0;
	return 0;
}

int request_irq(unsigned int irq, irq_handler_t handler, unsigned long flags,
		const char *name, void *dev_id)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned int type = flags & IRQF_TRIGGER_MASK;
	struct irqaction *a, **tail;
	unsigned long irqflags;
	int ret = 0;

	if (!desc || !handler || ((flags & IRQF_SHARED) && !dev_id))
		return -EINVAL;
	a = kzalloc(sizeof(*a), GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	a->dev_id = dev_id;
	a->name = name ? name : "?";
	a->flags = flags;
	a->next = NULL;
	a->handler = handler;

	spin_lock_irqsave(&desc->lock, irqflags);
	if (!desc->chip) {
		ret = -EINVAL;
		goto out_unlock;
	}
	if (desc->action) {
		if (!(desc->action->flags & flags & IRQF_SHARED) ||
		    (type && type != desc->type)) {
			ret = -EBUSY;
			goto out_unlock;
		}
		for (tail = &desc->action; *tail; tail = &(*tail)->next)
			;
		/* a is complete before it becomes reachable. */
		WRITE_ONCE(*tail, a);
		spin_unlock_irqrestore(&desc->lock, irqflags);
		return 0;
	}
	ret = irq_activate(desc, type);
	if (ret)
		goto out_unlock;
	WRITE_ONCE(desc->action, a);
	desc->chip->irq_unmask(desc);
	spin_unlock_irqrestore(&desc->lock, irqflags);
	return 0;

out_unlock:
	spin_unlock_irqrestore(&desc->lock, irqflags);
	kfree(a);
	return ret;
}

void synchronize_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (!desc)
		return;
	while (READ_ONCE(desc->in_progress))
		cpu_relax();
	barrier();
}

const char *free_irq(unsigned int irq, void *dev_id)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *a, **pp;
	unsigned long flags;
	const char *name;

	if (!desc)
		return NULL;
	spin_lock_irqsave(&desc->lock, flags);
	for (pp = &desc->action; (a = *pp); pp = &a->next)
		if (a->dev_id == dev_id)
			break;
	if (!a) {
		spin_unlock_irqrestore(&desc->lock, flags);
		WARN_ON_ONCE(1);	/* freeing a handler that is not there */
		return NULL;
	}
	WRITE_ONCE(*pp, a->next);
	if (!desc->action && desc->chip->irq_mask)
		desc->chip->irq_mask(desc);
	spin_unlock_irqrestore(&desc->lock, flags);

	/* A CPU inside the handlers may still be looking at a. */
	synchronize_irq(irq);
	name = a->name;
	kfree(a);
	return name;
}

void disable_irq_nosync(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (!desc || !desc->chip)
		return;
	spin_lock_irqsave(&desc->lock, flags);
	if (desc->depth++ == 0 && desc->chip->irq_mask)
		desc->chip->irq_mask(desc);
	spin_unlock_irqrestore(&desc->lock, flags);
}

void disable_irq(unsigned int irq)
{
	disable_irq_nosync(irq);
	synchronize_irq(irq);
}

void enable_irq(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	unsigned long flags;

	if (!desc || !desc->chip)
		return;
	spin_lock_irqsave(&desc->lock, flags);
	if (!desc->depth)
		WARN_ON_ONCE(1);	/* unbalanced enable_irq() */
	else if (--desc->depth == 0 && desc->action)
		desc->chip->irq_unmask(desc);
	spin_unlock_irqrestore(&desc->lock, flags);
}
