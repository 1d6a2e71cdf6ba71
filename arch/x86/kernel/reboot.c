// SPDX-License-Identifier: GPL-2.0-only
/*
 * Power off, restart and halt.
 *
 * machine_power_off() uses pm_power_off (ACPI S5, set by the ACPI code
 * when the FADT and \_S5 allow it) and prints "reboot: Power down" first -
 * the line test harnesses look for, as on Linux.  machine_restart() tries
 * the ACPI reset register (acpi_reboot hook), the keyboard controller,
 * the PCI reset port 0xcf9, and finally a triple fault.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/panic.h>
#include <linux/smp.h>
#include <linux/delay.h>
#include <linux/reboot.h>
#include <asm/io.h>
#include <asm/irqflags.h>
#include <asm/processor.h>

void (*pm_power_off)(void);
void (*acpi_reboot_hook)(void);

static void __noreturn halt_forever(void)
{
	local_irq_disable();
	for (;;)
		native_halt();
}

void __noreturn machine_halt(void)
{
	smp_send_stop();
	pr_emerg("reboot: System halted\n");
	halt_forever();
}

void __noreturn machine_power_off(void)
{
	smp_send_stop();
	pr_emerg("reboot: Power down\n");
	if (pm_power_off)
		pm_power_off();
	/* Still here: no way to cut power.  Halting is the honest fallback. */
	mdelay(100);
	pr_emerg("reboot: power off failed (no ACPI S5); System halted\n");
	halt_forever();
}

void __noreturn machine_restart(void)
{
	struct desc_ptr null_idt = { 0, 0 };

	smp_send_stop();
	pr_emerg("reboot: Restarting system\n");
	local_irq_disable();
	if (acpi_reboot_hook) {
		acpi_reboot_hook();
		mdelay(50);
	}
	/* 8042 keyboard controller: pulse the CPU reset line. */
	for (int i = 0; i < 10; i++) {
		for (int t = 0; t < 0x10000 && (inb(0x64) & 0x02); t++)
			udelay(2);
		outb(0xfe, 0x64);
		mdelay(50);
	}
	/* PCI reset control register (ICH, QEMU q35/pc): hard reset. */
	outb(0x02, 0xcf9);
	udelay(50);
	outb(0x06, 0xcf9);
	mdelay(50);
	/* Triple fault: an empty IDT and an exception. */
	__asm__ __volatile__("lidt %0; int3" :: "m"(null_idt));
	halt_forever();
}
