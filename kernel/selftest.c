// SPDX-License-Identifier: GPL-2.0-only
/*
 * Runner for the in-kernel self tests registered with DEFINE_SELFTEST()
 * (see <linux/selftest.h>).  Runs from the init task at the end of boot,
 * one test at a time; prints TAP so tools/testing/ktest/vmrun (and a
 * human) can read the result.
 */
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/selftest.h>

extern const struct kernel_selftest __selftests_start[], __selftests_end[];

int run_kernel_selftests(void)
{
	const struct kernel_selftest *t;
	int n = __selftests_end - __selftests_start, i = 0, failed = 0, skipped = 0;

	printk(KERN_INFO "TAP version 13\n");
	printk(KERN_INFO "1..%d\n", n);
	for (t = __selftests_start; t < __selftests_end; t++) {
		int r = t->fn();

		i++;
		if (r == ST_SKIP) {
			printk(KERN_INFO "ok %d - %s # SKIP\n", i, t->name);
			skipped++;
			continue;
		}
		if (r)
			failed++;
		printk(KERN_INFO "%sok %d - %s\n", r ? "not " : "", i, t->name);
	}
	printk(KERN_INFO "# selftests: %d passed, %d failed, %d skipped\n",
	       n - failed - skipped, failed, skipped);
	return failed;
}
