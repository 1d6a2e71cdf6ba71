// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/net/dev and /proc/net/softnet_stat in Linux's formats, which
 * tools (ifconfig, netstat -i, sar) parse by column:
 *
 *   /proc/net/dev: two header lines, then per interface its name right
 *   aligned to six columns and a colon, eight receive counters (bytes
 *   packets errs drop fifo frame compressed multicast) and eight
 *   transmit counters (bytes packets errs drop fifo colls carrier
 *   compressed).  "frame" sums the receive framing errors, "carrier" the
 *   transmit link errors, "drop" includes missed frames.
 *
 *   /proc/net/softnet_stat: per CPU, thirteen hex words; we fill in
 *   frames processed, backlog drops and the CPU number (the last).
 *
 * /proc/net itself belongs to the socket layer (proc_net, made by its
 * core_initcall); these files come at device_initcall.
 *
 * Locking: the device walk holds rtnl.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/cpumask.h>
#include <linux/netdevice.h>
#include <net/ip.h>
#include "dev.h"

static void dev_seq_one(struct seq_file *m, struct net_device *dev)
{
	struct rtnl_link_stats64 s;

	dev_get_stats(dev, &s);
	seq_printf(m, "%6s:%8llu %7llu %4llu %4llu %4llu %5llu %10llu %9llu "
		   "%8llu %7llu %4llu %4llu %4llu %5llu %7llu %10llu\n",
		   dev->name, s.rx_bytes, s.rx_packets, s.rx_errors,
		   s.rx_dropped + s.rx_missed_errors, s.rx_fifo_errors,
		   s.rx_length_errors + s.rx_over_errors + s.rx_crc_errors + s.rx_frame_errors,
		   s.rx_compressed, s.multicast,
		   s.tx_bytes, s.tx_packets, s.tx_errors, s.tx_dropped, s.tx_fifo_errors,
		   s.collisions,
		   s.tx_carrier_errors + s.tx_aborted_errors + s.tx_window_errors +
		   s.tx_heartbeat_errors,
		   s.tx_compressed);
}

static int dev_proc_show(struct seq_file *m, void *v)
{
	struct net_device *dev;

	seq_puts(m, "Inter-|   Receive                                                |  Transmit\n"
		 " face |bytes    packets errs drop fifo frame compressed multicast|"
		 "bytes    packets errs drop fifo colls carrier compressed\n");
	rtnl_lock();
	for_each_netdev(dev)
		dev_seq_one(m, dev);
	rtnl_unlock();
	return 0;
}

static int softnet_proc_show(struct seq_file *m, void *v)
{
	int cpu;

	for_each_online_cpu(cpu) {
		unsigned long processed, dropped;

		netrx_cpu_counts(cpu, &processed, &dropped);
		seq_printf(m, "%08x %08x", (u32)processed, (u32)dropped);
		for (int i = 0; i < 10; i++)
			seq_puts(m, " 00000000");
		seq_printf(m, " %08x\n", cpu);
	}
	return 0;
}

static int __init net_procfs_init(void)
{
	if (!proc_net)
		return -ENOENT;
	if (!proc_create_single("dev", 0444, proc_net, dev_proc_show))
		return -ENOMEM;
	if (!proc_create_single("softnet_stat", 0444, proc_net, softnet_proc_show))
		return -ENOMEM;
	return 0;
}
device_initcall(net_procfs_init);
