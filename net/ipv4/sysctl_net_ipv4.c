// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/sys/net/ipv4: the IPv4 tunables (ip-sysctl in Linux's
 * documentation gives the names and meanings we follow).
 *
 * ip_local_port_range is two integers "lo hi"; a write that would make
 * the range empty or leave [1, 65535] is refused (EINVAL).
 *
 * Locking: the values are ints read with READ_ONCE by their users; the
 * port range is read under a seqlock-free pair copy (a torn read only
 * picks a port from a slightly different range).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sysctl.h>
#include <net/ip.h>
#include <net/icmp.h>

static int port_range[2] = { 32768, 60999 };
static int ttl_min = 1, ttl_max = 255;
static int port_min = 1, port_max = 65535;

void inet_get_local_port_range(int *lo, int *hi)
{
	int l = READ_ONCE(port_range[0]), h = READ_ONCE(port_range[1]);

	if (l < 1 || h > 65535 || l > h) {
		l = 32768;
		h = 60999;
	}
	*lo = l;
	*hi = h;
}

static int port_range_handler(struct ctl_table *table, int write, void *buffer,
			      size_t *lenp, loff_t *ppos)
{
	int tmp[2] = { port_range[0], port_range[1] };
	struct ctl_table t = {
		.procname = table->procname,
		.data = tmp,
		.maxlen = sizeof(tmp),
		.mode = table->mode,
		.extra1 = &port_min,
		.extra2 = &port_max,
	};
	int ret;

	ret = proc_dointvec_minmax(&t, write, buffer, lenp, ppos);
	if (write && !ret) {
		if (tmp[0] > tmp[1])
			return -EINVAL;
		WRITE_ONCE(port_range[0], tmp[0]);
		WRITE_ONCE(port_range[1], tmp[1]);
	}
	return ret;
}

static struct ctl_table ipv4_table[] = {
	{
		.procname = "ip_default_ttl",
		.data = &sysctl_ip_default_ttl,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = &ttl_min,
		.extra2 = &ttl_max,
	},
	{
		.procname = "ip_local_port_range",
		.maxlen = sizeof(port_range),
		.mode = 0644,
		.proc_handler = port_range_handler,
	},
	{
		.procname = "ip_no_pmtu_disc",
		.data = &sysctl_ip_no_pmtu_disc,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec,
	},
	{
		.procname = "ip_nonlocal_bind",
		.data = &sysctl_ip_nonlocal_bind,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_ONE,
	},
	{
		/* a host: forwarding stays off (0 is the only accepted value) */
		.procname = "ip_forward",
		.data = &sysctl_ip_forward,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_ZERO,
	},
	{
		.procname = "ipfrag_time",
		.data = &sysctl_ipfrag_time,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = SYSCTL_ONE,
		.extra2 = SYSCTL_ONE_THOUSAND,
	},
	{
		.procname = "ipfrag_high_thresh",
		.data = &sysctl_ipfrag_high_thresh,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_INT_MAX,
	},
	{
		.procname = "icmp_echo_ignore_all",
		.data = &sysctl_icmp_echo_ignore_all,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_ONE,
	},
	{
		.procname = "icmp_echo_ignore_broadcasts",
		.data = &sysctl_icmp_echo_ignore_broadcasts,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_ONE,
	},
	{
		.procname = "icmp_ratelimit",
		.data = &sysctl_icmp_ratelimit,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_INT_MAX,
	},
	{
		.procname = "icmp_msgs_per_sec",
		.data = &sysctl_icmp_msgs_per_sec,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_INT_MAX,
	},
	{
		.procname = "icmp_msgs_burst",
		.data = &sysctl_icmp_msgs_burst,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_INT_MAX,
	},
	{ }
};

void ipv4_sysctl_init(void)
{
	if (!register_sysctl("net/ipv4", ipv4_table))
		pr_warn("ipv4: cannot register net.ipv4 sysctls\n");
}
