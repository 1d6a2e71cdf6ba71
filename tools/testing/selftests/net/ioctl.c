// SPDX-License-Identifier: GPL-2.0-only
/*
 * net/ioctl - the classic interface ioctls of netdevice(7) on lo, what
 * ifconfig and route use: SIOCGIFCONF (the size query and the list),
 * SIOCGIFADDR, SIOCGIFNETMASK, SIOCGIFFLAGS, SIOCGIFMTU and SIOCSIFMTU,
 * SIOCGIFHWADDR, SIOCGIFINDEX (on AF_INET and AF_UNIX sockets: musl's
 * if_nametoindex uses the latter), SIOCGIFNAME, ENODEV for unknown names
 * and indexes, ENOTTY on a non-socket, and SIOCADDRT/SIOCDELRT with the
 * route showing up in /proc/net/route.
 */
#include <net/if_arp.h>
#include <net/route.h>

#include "tap.h"
#include "util.h"
#include "nettest.h"

static struct ifreq lo_req(void)
{
	struct ifreq ifr;

	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo");
	return ifr;
}

static in_addr_t ifr_in(const struct ifreq *ifr)
{
	struct sockaddr_in sin;

	memcpy(&sin, &ifr->ifr_addr, sizeof(sin));
	return sin.sin_family == AF_INET ? sin.sin_addr.s_addr : 0;
}

static void test_ifconf(int fd)
{
	struct ifreq reqs[16];
	struct ifconf ifc;
	int i, n, found = 0;

	memset(&ifc, 0, sizeof(ifc));
	ifc.ifc_buf = NULL;
	ok(ioctl(fd, SIOCGIFCONF, &ifc) == 0 && ifc.ifc_len > 0 &&
	   ifc.ifc_len % sizeof(struct ifreq) == 0,
	   "SIOCGIFCONF with a NULL buffer: ifc_len is the room needed, whole ifreqs");
	memset(reqs, 0, sizeof(reqs));
	ifc.ifc_len = sizeof(reqs);
	ifc.ifc_req = reqs;
	if (!ok_sys(ioctl(fd, SIOCGIFCONF, &ifc), "SIOCGIFCONF with room for 16"))
		return;
	n = ifc.ifc_len / sizeof(struct ifreq);
	for (i = 0; i < n; i++)
		if (!strcmp(reqs[i].ifr_name, "lo") && ifr_in(&reqs[i]) == htonl(INADDR_LOOPBACK))
			found = 1;
	ok(found, "SIOCGIFCONF lists lo with AF_INET 127.0.0.1");
}

static void test_get(int fd)
{
	struct ifreq ifr;
	int index, ufd;

	ifr = lo_req();
	ok(ioctl(fd, SIOCGIFADDR, &ifr) == 0 && ifr_in(&ifr) == htonl(INADDR_LOOPBACK),
	   "SIOCGIFADDR lo: 127.0.0.1");
	ifr = lo_req();
	ok(ioctl(fd, SIOCGIFNETMASK, &ifr) == 0 && ifr_in(&ifr) == htonl(0xff000000),
	   "SIOCGIFNETMASK lo: 255.0.0.0");
	ifr = lo_req();
	ok(ioctl(fd, SIOCGIFFLAGS, &ifr) == 0 &&
	   (ifr.ifr_flags & (IFF_UP | IFF_LOOPBACK | IFF_RUNNING)) ==
		   (IFF_UP | IFF_LOOPBACK | IFF_RUNNING),
	   "SIOCGIFFLAGS lo: IFF_UP, IFF_LOOPBACK, IFF_RUNNING");
	ifr = lo_req();
	ok(ioctl(fd, SIOCGIFMTU, &ifr) == 0 && ifr.ifr_mtu == 65536, "SIOCGIFMTU lo: 65536");
	ifr = lo_req();
	ok(ioctl(fd, SIOCGIFHWADDR, &ifr) == 0 && ifr.ifr_hwaddr.sa_family == ARPHRD_LOOPBACK &&
	   all_zero(ifr.ifr_hwaddr.sa_data, 6),
	   "SIOCGIFHWADDR lo: ARPHRD_LOOPBACK, 6 zero bytes");
	ifr = lo_req();
	ok(ioctl(fd, SIOCGIFINDEX, &ifr) == 0 && ifr.ifr_ifindex > 0, "SIOCGIFINDEX lo: an index");
	index = ifr.ifr_ifindex;
	ufd = socket(AF_UNIX, SOCK_DGRAM, 0);
	ifr = lo_req();
	ok(ioctl(ufd, SIOCGIFINDEX, &ifr) == 0 && ifr.ifr_ifindex == index,
	   "SIOCGIFINDEX on an AF_UNIX socket works too, same index");
	close(ufd);
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_ifindex = index;
	ok(ioctl(fd, SIOCGIFNAME, &ifr) == 0 && !strcmp(ifr.ifr_name, "lo"),
	   "SIOCGIFNAME of that index: lo");
	memset(&ifr, 0, sizeof(ifr));
	ifr.ifr_ifindex = 9999;
	ok_errno(ioctl(fd, SIOCGIFNAME, &ifr), ENODEV, "SIOCGIFNAME of an unknown index: ENODEV");
	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "nosuch0");
	ok_errno(ioctl(fd, SIOCGIFFLAGS, &ifr), ENODEV, "SIOCGIFFLAGS of an unknown name: ENODEV");
	{
		int p[2];

		if (pipe(p) == 0) {
			ifr = lo_req();
			ok_errno(ioctl(p[0], SIOCGIFFLAGS, &ifr), ENOTTY,
				 "SIOCGIFFLAGS on a pipe: ENOTTY");
			close(p[0]);
			close(p[1]);
		}
	}
}

static void test_mtu(int fd)
{
	struct ifreq ifr = lo_req();

	ifr.ifr_mtu = 9000;
	ok_sys(ioctl(fd, SIOCSIFMTU, &ifr), "SIOCSIFMTU lo 9000");
	ifr = lo_req();
	ok(ioctl(fd, SIOCGIFMTU, &ifr) == 0 && ifr.ifr_mtu == 9000, "SIOCGIFMTU reads back 9000");
	ifr = lo_req();
	ifr.ifr_mtu = 65536;
	ok_sys(ioctl(fd, SIOCSIFMTU, &ifr), "SIOCSIFMTU lo back to 65536");
	ifr = lo_req();
	ok(ioctl(fd, SIOCGIFMTU, &ifr) == 0 && ifr.ifr_mtu == 65536, "SIOCGIFMTU reads 65536 again");
}

/* /proc/net/route has a line for lo with this destination and mask (hex). */
static int route_listed(const char *dest, const char *mask, int *flags)
{
	const char *text = file_text("/proc/net/route");
	char iface[32], d[16], g[16], m[16];
	int fl, ref, use, metric;

	if (!text)
		return 0;
	text = strchr(text, '\n');	/* past the header */
	while (text && *++text) {
		if (sscanf(text, "%31s %15s %15s %x %d %d %d %15s", iface, d, g, &fl, &ref, &use,
			   &metric, m) == 8 &&
		    !strcmp(iface, "lo") && !strcasecmp(d, dest) && !strcasecmp(m, mask)) {
			*flags = fl;
			return 1;
		}
		text = strchr(text, '\n');
	}
	return 0;
}

static void test_route(int fd)
{
	struct rtentry rt;
	struct sockaddr_in *sin;
	char dev[] = "lo";
	int flags = 0;

	memset(&rt, 0, sizeof(rt));
	sin = (struct sockaddr_in *)&rt.rt_dst;
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = inet_addr("10.97.0.0");
	sin = (struct sockaddr_in *)&rt.rt_genmask;
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = inet_addr("255.255.0.0");
	rt.rt_gateway.sa_family = AF_INET;
	rt.rt_flags = RTF_UP;
	rt.rt_dev = dev;
	ok_sys(ioctl(fd, SIOCADDRT, &rt), "SIOCADDRT 10.97.0.0/16 dev lo");
	/* in /proc/net/route addresses are the 32-bit value in host order */
	ok(route_listed("0000610A", "0000FFFF", &flags) && (flags & RTF_UP),
	   "/proc/net/route lists it: lo, 0000610A, mask 0000FFFF, RTF_UP");
	ok_sys(ioctl(fd, SIOCDELRT, &rt), "SIOCDELRT removes it");
	ok(!route_listed("0000610A", "0000FFFF", &flags), "and /proc/net/route no longer lists it");
}

int main(void)
{
	int fd;

	lo_up();
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	if (fd < 0) {
		setup_failed("main: socket(AF_INET, SOCK_DGRAM)");
		return tap_finish();
	}
	test_ifconf(fd);
	test_get(fd);
	test_mtu(fd);
	test_route(fd);
	close(fd);
	return tap_finish();
}
