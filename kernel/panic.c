// SPDX-License-Identifier: GPL-2.0-only
/*
 * panic(): print the reason and a backtrace, stop the other CPUs, then
 * reboot after panic=N seconds (N > 0), at once (N < 0), or halt for good
 * (N = 0, the default: the console stays readable).  Only the first CPU to
 * panic reports; others that panic concurrently just stop.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/printk.h>
#include <linux/panic.h>
#include <linux/smp.h>
#include <linux/kstrtox.h>
#include <linux/delay.h>
#include <asm/atomic.h>
#include <asm/irqflags.h>
#include <asm/processor.h>

int panic_timeout = CONFIG_PANIC_TIMEOUT;
static atomic_t panic_cpu = ATOMIC_INIT(-1);

void __noreturn panic(const char *fmt, ...)
{
	static char buf[256];
	int this_cpu = smp_processor_id();
	va_list args;

	local_irq_disable();
	if (atomic_cmpxchg(&panic_cpu, -1, this_cpu) != -1) {
		for (;;)
			native_halt();
	}
	printk_enter_oops();
	va_start(args, fmt);
	vscnprintf(buf, sizeof(buf), fmt, args);
	va_end(args);
	printk(KERN_EMERG "Kernel panic - not syncing: %s\n", buf);
	dump_stack();
	smp_send_stop();

	if (panic_timeout > 0) {
		printk(KERN_EMERG "Rebooting in %d seconds..\n", panic_timeout);
		mdelay((unsigned long)panic_timeout * 1000);
	}
	if (panic_timeout != 0)
		machine_restart();
	printk(KERN_EMERG "---[ end Kernel panic - not syncing: %s ]---\n", buf);
	for (;;)
		native_halt();
}

static int __init panic_setup(char *str)
{
	int v;

	if (kstrtoint(str, 0, &v)) {
		pr_warn("panic: ignoring bad panic=%s\n", str);
		return 1;
	}
	panic_timeout = v;
	return 1;
}
early_param("panic=", panic_setup);
