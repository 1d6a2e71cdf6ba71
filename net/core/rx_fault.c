// SPDX-License-Identifier: GPL-2.0-only
/*
 * Receive fault knobs for tests: make a real device's receive path lose,
 * duplicate or reorder frames, so that TCP's recovery and the protocols'
 * duplicate handling can be exercised over QEMU's clean user network.
 *
 * debugfs, /sys/kernel/debug/net/:
 *   rx_drop_ppm      frames dropped per million received     (0: off)
 *   rx_dup_ppm       frames delivered twice per million
 *   rx_reorder_ppm   frames held back per million: delivered after the
 *                    next frame, or after RX_FAULT_HOLD_MS if none comes
 *   rx_fault_stats   what was done: "dropped N", "duplicated N",
 *                    "reordered N", one per line
 * Writing a number sets a knob (at most 1000000); the counters only grow.
 * The same directory has gro.c's knob, gro (0 or 1), and its gro_stats.
 * Only netif_receive_skb() calls from devices that are not loopback pass
 * through here.
 *
 * Interface: rx_fault_apply() (net/core/dev.h).  Locking: held_lock
 * (irq-safe) guards the one held-back frame; the knobs are single words.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/debugfs.h>
#include <linux/kstrtox.h>
#include <linux/random.h>
#include <linux/workqueue.h>
#include <linux/netdevice.h>
#include <asm/uaccess.h>
#include "dev.h"

#define RX_FAULT_PPM_MAX	1000000
/* How long a held-back frame waits for a successor before it goes anyway. */
#define RX_FAULT_HOLD_MS	10

static unsigned int rx_drop_ppm, rx_dup_ppm, rx_reorder_ppm;
static atomic_long_t rx_fault_dropped, rx_fault_duplicated, rx_fault_reordered;

static DEFINE_SPINLOCK(held_lock);
static struct sk_buff *held_skb;

static void rx_fault_release_held(struct work_struct *work)
{
	struct sk_buff *skb;
	unsigned long flags;

	spin_lock_irqsave(&held_lock, flags);
	skb = held_skb;
	held_skb = NULL;
	spin_unlock_irqrestore(&held_lock, flags);
	if (skb)
		__netif_receive_skb(skb);
}
static DECLARE_DELAYED_WORK(held_work, rx_fault_release_held);

static bool rx_fault_roll(unsigned int ppm)
{
	return ppm && get_random_u32_below(RX_FAULT_PPM_MAX) < ppm;
}

int rx_fault_apply(struct sk_buff *skb, struct sk_buff **out)
{
	struct sk_buff *earlier;
	unsigned long flags;
	int n = 0;

	/* The usual case: all knobs off and nothing held back. */
	if (!READ_ONCE(rx_drop_ppm) && !READ_ONCE(rx_dup_ppm) && !READ_ONCE(rx_reorder_ppm) &&
	    !READ_ONCE(held_skb)) {
		out[0] = skb;
		return 1;
	}
	if (rx_fault_roll(READ_ONCE(rx_drop_ppm))) {
		atomic_long_inc(&rx_fault_dropped);
		dev_stats_add(skb->dev, &skb->dev->stats.rx_dropped, 1);
		kfree_skb(skb);
		return 0;
	}
	spin_lock_irqsave(&held_lock, flags);
	earlier = held_skb;
	held_skb = NULL;
	if (!earlier && rx_fault_roll(READ_ONCE(rx_reorder_ppm))) {
		held_skb = skb;
		spin_unlock_irqrestore(&held_lock, flags);
		atomic_long_inc(&rx_fault_reordered);
		if (net_wq)
			queue_delayed_work(net_wq, &held_work, msecs_to_jiffies(RX_FAULT_HOLD_MS));
		return 0;
	}
	spin_unlock_irqrestore(&held_lock, flags);

	out[n++] = skb;
	if (earlier) {
		/* It waited for this frame: now it follows it. */
		out[n++] = earlier;
	} else if (rx_fault_roll(READ_ONCE(rx_dup_ppm))) {
		struct sk_buff *copy = skb_copy(skb, GFP_ATOMIC);

		if (copy) {
			atomic_long_inc(&rx_fault_duplicated);
			out[n++] = copy;
		}
	}
	return n;
}

/* ------------------------------------------------------------ debugfs */

static ssize_t rx_fault_read_text(char *ubuf, size_t count, loff_t *ppos, const char *text)
{
	size_t len = strlen(text);

	if (*ppos < 0)
		return -EINVAL;
	if ((size_t)*ppos >= len)
		return 0;
	count = min_t(size_t, count, len - *ppos);
	if (copy_to_user(ubuf, text + *ppos, count))
		return -EFAULT;
	*ppos += count;
	return count;
}

static ssize_t ppm_read(struct file *file, char *ubuf, size_t count, loff_t *ppos)
{
	unsigned int *knob = file_inode(file)->i_private;
	char text[16];

	snprintf(text, sizeof(text), "%u\n", READ_ONCE(*knob));
	return rx_fault_read_text(ubuf, count, ppos, text);
}

static ssize_t knob_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos,
			  unsigned int max)
{
	unsigned int *knob = file_inode(file)->i_private;
	char text[16];
	unsigned int val;
	size_t len = min(count, sizeof(text) - 1);

	if (copy_from_user(text, ubuf, len))
		return -EFAULT;
	text[len] = '\0';
	if (len && text[len - 1] == '\n')
		text[len - 1] = '\0';
	if (kstrtouint(text, 0, &val) || val > max)
		return -EINVAL;
	WRITE_ONCE(*knob, val);
	*ppos += count;
	return count;
}

static ssize_t ppm_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos)
{
	return knob_write(file, ubuf, count, ppos, RX_FAULT_PPM_MAX);
}

static const struct file_operations ppm_fops = {
	.read = ppm_read,
	.write = ppm_write,
};

/* An on/off knob: 0 or 1. */
static ssize_t switch_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos)
{
	return knob_write(file, ubuf, count, ppos, 1);
}

static const struct file_operations switch_fops = {
	.read = ppm_read,
	.write = switch_write,
};

static int rx_fault_stats_show(struct seq_file *m, void *v)
{
	seq_printf(m, "dropped %ld\nduplicated %ld\nreordered %ld\n",
		   atomic_long_read(&rx_fault_dropped), atomic_long_read(&rx_fault_duplicated),
		   atomic_long_read(&rx_fault_reordered));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(rx_fault_stats);

static int __init rx_fault_init(void)
{
	struct dentry *dir = debugfs_create_dir("net", NULL);

	if (IS_ERR_OR_NULL(dir))
		return 0;	/* no debugfs: the knobs stay off */
	debugfs_create_file("rx_drop_ppm", 0600, dir, &rx_drop_ppm, &ppm_fops);
	debugfs_create_file("rx_dup_ppm", 0600, dir, &rx_dup_ppm, &ppm_fops);
	debugfs_create_file("rx_reorder_ppm", 0600, dir, &rx_reorder_ppm, &ppm_fops);
	debugfs_create_file("rx_fault_stats", 0444, dir, NULL, &rx_fault_stats_fops);
	debugfs_create_file("gro", 0600, dir, &gro_enabled, &switch_fops);
	gro_debugfs_init(dir);
	return 0;
}
device_initcall(rx_fault_init);
