// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self test for the IOAPIC and the generic IRQ layer: run PIT channel 0
 * at 1 kHz and take ISA IRQ 0 through request_irq() (on QEMU and most
 * PCs that is IOAPIC pin 2 via the MADT override); check that interrupts
 * arrive and are counted, that disable_irq() stops them and enable_irq()
 * brings them back, and that free_irq() removes the handler.
 */
#include <linux/kernel.h>
#include <linux/selftest.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/timekeeping.h>
#include <linux/errno.h>
#include <asm/io.h>
#include <asm/io_apic.h>
#include <asm/atomic.h>
#include <asm/processor.h>

#define PIT_CH0		0x40
#define PIT_MODE	0x43
#define PIT_HZ		1193182
#define TEST_HZ		1000
/* Normally 10 ms; a loaded emulator host may coalesce ticks. */
#define HITS_TIMEOUT_MS	500

static atomic_t pit_hits;

static irqreturn_t pit_test_handler(int irq, void *dev)
{
	atomic_inc(dev);
	return IRQ_HANDLED;
}

static void busy_wait_ms(unsigned int ms)
{
	u64 start = ktime_get_ns();

	while (ktime_get_ns() - start < ms * NSEC_PER_MSEC)
		cpu_relax();
}

/* Wait until at least n more interrupts arrived (true) or the timeout. */
static bool wait_hits(int n, unsigned int timeout_ms)
{
	int target = atomic_read(&pit_hits) + n;
	u64 start = ktime_get_ns();

	while (atomic_read(&pit_hits) < target)
		if (ktime_get_ns() - start > timeout_ms * NSEC_PER_MSEC)
			return false;
	return true;
}

static void pit_ch0(bool on)
{
	if (on) {
		outb(0x34, PIT_MODE);	/* channel 0, lo/hi, mode 2 (rate generator) */
		outb((PIT_HZ / TEST_HZ) & 0xff, PIT_CH0);
		outb((PIT_HZ / TEST_HZ) >> 8, PIT_CH0);
	} else {
		outb(0x30, PIT_MODE);	/* mode 0 with no count: output stays low */
	}
}

static int ioapic_pit_irq(void)
{
	bool ok_on, ok_again;
	int a, b, c, ret;

	if (!nr_ioapics_registered()) {
		st_diag("no IOAPIC: skipped");
		return 0;
	}
	st_diag("ISA IRQ 0 -> GSI %d", irq_to_gsi(0));
	atomic_set(&pit_hits, 0);
	ret = request_irq(0, pit_test_handler, 0, "pit-test", &pit_hits);
	ST_ASSERT(!ret, "request_irq(0) failed: %d", ret);
	ST_ASSERT(request_irq(0, pit_test_handler, 0, "again", &pit_hits) == -EBUSY,
		  "a second unshared handler was accepted");
	pit_ch0(true);
	ok_on = wait_hits(10, HITS_TIMEOUT_MS);
	disable_irq(0);
	a = atomic_read(&pit_hits);
	busy_wait_ms(10);
	b = atomic_read(&pit_hits);
	enable_irq(0);
	ok_again = wait_hits(5, HITS_TIMEOUT_MS);
	c = atomic_read(&pit_hits);
	pit_ch0(false);
	ST_ASSERT(free_irq(0, &pit_hits), "free_irq found no handler");

	st_diag("%d interrupts, %d while disabled, %d after enable; kstat %lu", a, b - a, c - b,
		kstat_irqs(0));
	ST_ASSERT(ok_on, "too few PIT interrupts");
	ST_ASSERT(b - a <= 1, "interrupts kept coming while disabled");
	ST_ASSERT(ok_again, "no interrupts after enable_irq");
	ST_ASSERT(kstat_irqs(0) >= (unsigned long)c, "per-CPU counts missed interrupts");
	ST_ASSERT(irq_to_gsi(2) < 0 || irq_to_gsi(0) == 0, "IRQ 2 still maps to a GSI");
	return 0;
}
DEFINE_SELFTEST("irq: PIT IRQ 0 through the IOAPIC (request/disable/enable/free)", ioapic_pit_irq);
