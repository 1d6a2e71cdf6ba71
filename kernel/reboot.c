// SPDX-License-Identifier: GPL-2.0-only
/*
 * reboot(2): power off, restart or halt on request of a privileged
 * process (CAP_SYS_BOOT), guarded by Linux's magic numbers.
 *
 * Before the machine goes down, terminal output already queued is given
 * up to a second to leave (a shell's last line, a test harness's end
 * marker).  Before that, the reboot notifiers run (register_reboot_notifier():
 * a disk controller flushes its write cache).  File systems are not synced:
 * reboot(2) never synced them on Linux either - user space does that first.
 *
 * LINUX_REBOOT_CMD_CAD_ON/OFF only record the setting: there is no
 * keyboard whose Ctrl-Alt-Del could be trapped.  Suspend and kexec are
 * not supported (EINVAL, as on a Linux built without them).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/capability.h>
#include <linux/syscalls.h>
#include <linux/printk.h>
#include <linux/panic.h>
#include <linux/reboot.h>
#include <linux/mutex.h>
#include <linux/jiffies.h>
#include <linux/tty.h>
#include <uapi/linux/reboot.h>
#include <asm/uaccess.h>

#define RESTART2_CMD_MAX	256

static bool cad_enabled = true;	/* Linux's default: Ctrl-Alt-Del reboots at once */

/* The reboot notifier chain, by descending priority; reboot_chain_lock. */
static struct notifier_block *reboot_chain;
static DEFINE_MUTEX(reboot_chain_lock);

int register_reboot_notifier(struct notifier_block *nb)
{
	struct notifier_block **p;

	mutex_lock(&reboot_chain_lock);
	for (p = &reboot_chain; *p && (*p)->priority >= nb->priority; p = &(*p)->next)
		;
	nb->next = *p;
	*p = nb;
	mutex_unlock(&reboot_chain_lock);
	return 0;
}

int unregister_reboot_notifier(struct notifier_block *nb)
{
	struct notifier_block **p;
	int err = -ENOENT;

	mutex_lock(&reboot_chain_lock);
	for (p = &reboot_chain; *p; p = &(*p)->next) {
		if (*p == nb) {
			*p = nb->next;
			err = 0;
			break;
		}
	}
	mutex_unlock(&reboot_chain_lock);
	return err;
}

static void reboot_prepare(unsigned long action)
{
	struct notifier_block *nb;

	mutex_lock(&reboot_chain_lock);
	for (nb = reboot_chain; nb; nb = nb->next)
		nb->notifier_call(nb, action, NULL);
	mutex_unlock(&reboot_chain_lock);
	tty_drain_all(HZ);
}

SYSCALL_DEFINE4(reboot, int, magic1, int, magic2, unsigned int, cmd, void *, arg)
{
	char buf[RESTART2_CMD_MAX];

	if (!capable(CAP_SYS_BOOT))
		return -EPERM;
	if ((unsigned int)magic1 != LINUX_REBOOT_MAGIC1 ||
	    (magic2 != LINUX_REBOOT_MAGIC2 && magic2 != LINUX_REBOOT_MAGIC2A &&
	     magic2 != LINUX_REBOOT_MAGIC2B && magic2 != LINUX_REBOOT_MAGIC2C))
		return -EINVAL;
	/* Without a way to cut power, power off halts (Linux does the same). */
	if (cmd == LINUX_REBOOT_CMD_POWER_OFF && !pm_power_off)
		cmd = LINUX_REBOOT_CMD_HALT;

	switch (cmd) {
	case LINUX_REBOOT_CMD_RESTART:
		reboot_prepare(SYS_RESTART);
		machine_restart();
	case LINUX_REBOOT_CMD_RESTART2:
		if (strncpy_from_user(buf, arg, sizeof(buf)) < 0)
			return -EFAULT;
		buf[sizeof(buf) - 1] = '\0';
		pr_emerg("reboot: Restarting system with command '%s'\n", buf);
		reboot_prepare(SYS_RESTART);
		machine_restart();
	case LINUX_REBOOT_CMD_HALT:
		reboot_prepare(SYS_HALT);
		machine_halt();
	case LINUX_REBOOT_CMD_POWER_OFF:
		reboot_prepare(SYS_POWER_OFF);
		machine_power_off();
	case LINUX_REBOOT_CMD_CAD_ON:
		WRITE_ONCE(cad_enabled, true);
		return 0;
	case LINUX_REBOOT_CMD_CAD_OFF:
		WRITE_ONCE(cad_enabled, false);
		return 0;
	default:
		return -EINVAL;
	}
}
