// SPDX-License-Identifier: GPL-2.0-only
/*
 * Magic SysRq through /proc/sysrq-trigger: writing one command letter
 * makes the kernel report or act at once, for looking into a machine
 * whose user space is stuck behind a hung task.
 *
 * Commands (Linux's letters; any other letter prints this list):
 *   t  every task: state and kernel stack
 *   w  the tasks in uninterruptible sleep (D) only
 *   m  free memory per zone and the page-cache state counters
 *   s  sync every file system (from a workqueue: the writer returns)
 *   b  restart now, without syncing or unmounting
 *   o  power off now (halt when the machine cannot cut power)
 *
 * Writes are root's only (the file is 0200); kernel.sysrq is the mask
 * Linux uses for the keyboard and serial-break triggers, which Tidewater
 * does not have: like Linux, the /proc file ignores it, and the sysctl is
 * accepted and reported for the tools that read or set it.
 *
 * Locking: none of its own.  show_state_filter() walks the task list
 * under RCU; the reports are printk()s and may interleave with others.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/fs.h>
#include <linux/proc_fs.h>
#include <linux/sched.h>
#include <linux/mm.h>
#include <linux/vmstat.h>
#include <linux/workqueue.h>
#include <linux/reboot.h>
#include <linux/sysctl.h>
#include <linux/tty.h>
#include <asm/uaccess.h>

/* Debian's default mask (438); only recorded, see the comment above. */
static int sysrq_enabled_mask = 438;

static void sysrq_show_memory(void)
{
	pr_info("sysrq: memory: free %lu kB, dirty %lu kB, writeback %lu kB, unstable %lu kB\n",
		global_zone_page_state(NR_FREE_PAGES) << (PAGE_SHIFT - 10),
		global_node_page_state(NR_FILE_DIRTY) << (PAGE_SHIFT - 10),
		global_node_page_state(NR_WRITEBACK) << (PAGE_SHIFT - 10),
		global_node_page_state(NR_UNSTABLE_NFS) << (PAGE_SHIFT - 10));
	show_free_areas();
}

static void sysrq_sync_fn(struct work_struct *work)
{
	ksys_sync();
	pr_info("sysrq: emergency sync complete\n");
}
static DECLARE_WORK(sysrq_sync_work, sysrq_sync_fn);

static void sysrq_help(void)
{
	pr_info("sysrq: commands: t (tasks) w (blocked tasks) m (memory) s (sync) b (restart) o (power off)\n");
}

static void sysrq_handle(char key)
{
	switch (key) {
	case 't':
		pr_info("sysrq: show state\n");
		show_state();
		break;
	case 'w':
		pr_info("sysrq: tasks in uninterruptible sleep:\n");
		show_state_filter(TASK_UNINTERRUPTIBLE);
		break;
	case 'm':
		sysrq_show_memory();
		break;
	case 's':
		pr_info("sysrq: emergency sync\n");
		queue_work(system_unbound_wq, &sysrq_sync_work);
		break;
	case 'b':
		pr_emerg("sysrq: restarting\n");
		tty_drain_all(HZ);
		machine_restart();
		break;
	case 'o':
		pr_emerg("sysrq: powering off\n");
		tty_drain_all(HZ);
		if (pm_power_off)
			machine_power_off();
		machine_halt();
		break;
	default:
		sysrq_help();
		break;
	}
}

/*
 * Each letter written is a command, as in Linux (which also accepts a
 * leading '_' to mean "every following letter"): "tw" runs t then w.
 * Whitespace is skipped.
 */
static ssize_t sysrq_trigger_write(struct file *file, const char *ubuf, size_t count,
				   loff_t *pos)
{
	char buf[16];
	size_t len = min(count, sizeof(buf));

	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	for (size_t i = 0; i < len; i++) {
		char c = buf[i];

		if (c == '\n' || c == ' ' || c == '\t' || c == '_' || c == '\0')
			continue;
		sysrq_handle(c);
		/* Without '_' first, Linux acts on the first letter only. */
		if (buf[0] != '_')
			break;
	}
	return count;
}

static const struct proc_ops sysrq_trigger_proc_ops = {
	.proc_write = sysrq_trigger_write,
};

static struct ctl_table sysrq_sysctl_table[] = {
	{ .procname = "sysrq", .data = &sysrq_enabled_mask, .maxlen = sizeof(int),
	  .mode = 0644, .proc_handler = proc_dointvec },
	{ }
};

static int __init sysrq_init(void)
{
	if (!proc_create("sysrq-trigger", 0200, NULL, &sysrq_trigger_proc_ops))
		pr_err("sysrq: cannot create /proc/sysrq-trigger\n");
	if (!register_sysctl("kernel", sysrq_sysctl_table))
		pr_err("sysrq: cannot register kernel.sysrq\n");
	return 0;
}
device_initcall(sysrq_init);
