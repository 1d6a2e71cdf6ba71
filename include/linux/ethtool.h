/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Link settings a network driver reports (the part of Linux's ethtool
 * interface that Tidewater has): speed and duplex for
 * /sys/class/net/IF/speed and duplex.  A driver sets dev->ethtool_ops to
 * a table whose get_link_ksettings() fills base.speed (Mb/s, or
 * SPEED_UNKNOWN), base.duplex (DUPLEX_*), base.autoneg and base.port.
 * Called from sysfs reads, in process context, without locks held.
 */
#ifndef _LINUX_ETHTOOL_H
#define _LINUX_ETHTOOL_H

#include <linux/types.h>

#define SPEED_10		10
#define SPEED_100		100
#define SPEED_1000		1000
#define SPEED_UNKNOWN		-1

#define DUPLEX_HALF		0x00
#define DUPLEX_FULL		0x01
#define DUPLEX_UNKNOWN		0xff

#define AUTONEG_DISABLE		0x00
#define AUTONEG_ENABLE		0x01

#define PORT_TP			0x00

struct net_device;

struct ethtool_link_ksettings {
	struct {
		int speed;
		u8 duplex;
		u8 autoneg;
		u8 port;
	} base;
};

struct ethtool_ops {
	/* 0, or -errno when the link state cannot be read now */
	int (*get_link_ksettings)(struct net_device *dev, struct ethtool_link_ksettings *ks);
};

#endif
