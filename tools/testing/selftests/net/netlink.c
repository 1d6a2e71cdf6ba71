// SPDX-License-Identifier: GPL-2.0-only
/*
 * net/netlink - NETLINK_ROUTE as netlink(7) and rtnetlink(7) describe it,
 * what busybox ip and iproute2 rely on: the nl_pid the kernel assigns,
 * RTM_GETLINK (dump and one index; lo's name, index, type, flags, MTU
 * 65536 and all-zero address), RTM_GETADDR (127.0.0.1/8 on lo),
 * RTM_NEWADDR/RTM_DELADDR on lo (acks, the RTMGRP_IPV4_IFADDR
 * notifications, bind() to the new address, EEXIST/EADDRNOTAVAIL/ENODEV),
 * RTM_GETROUTE (a dump that ends in NLMSG_DONE and has a route for
 * 127.0.0.1 through lo; a lookup of 127.0.0.1: RTN_LOCAL), RTM_NEWROUTE/
 * RTM_DELROUTE in the main table, RTM_GETNEIGH; every reply echoing the
 * request's sequence number and our port id, dumps flagged NLM_F_MULTI
 * and ended by NLMSG_DONE, errors as NLMSG_ERROR carrying the request.
 * Changes made by ioctl (SIOCSIFADDR, SIOCADDRT, SIOCDELRT) are announced
 * to RTMGRP_IPV4_IFADDR / RTMGRP_IPV4_ROUTE like those made by netlink,
 * and a netlink change is announced once.
 *
 * musl has no <linux/netlink.h>: the message layouts below are the Linux
 * ABI, as netlink(7) and rtnetlink(7) document them.
 */
#include <net/if_arp.h>
#include <net/route.h>

#include "tap.h"
#include "util.h"
#include "nettest.h"

/* ---- the ABI (netlink(7), rtnetlink(7)) ---- */
#define NETLINK_ROUTE 0

struct sockaddr_nl {
	sa_family_t nl_family;
	unsigned short nl_pad;
	uint32_t nl_pid;
	uint32_t nl_groups;
};

struct nlmsghdr {
	uint32_t nlmsg_len;
	uint16_t nlmsg_type;
	uint16_t nlmsg_flags;
	uint32_t nlmsg_seq;
	uint32_t nlmsg_pid;
};

struct nlmsgerr {
	int error;
	struct nlmsghdr msg;
};

struct rtattr {
	unsigned short rta_len;
	unsigned short rta_type;
};

struct ifinfomsg {
	unsigned char ifi_family;
	unsigned char ifi_pad;
	unsigned short ifi_type;
	int ifi_index;
	unsigned int ifi_flags;
	unsigned int ifi_change;
};

struct ifaddrmsg {
	uint8_t ifa_family;
	uint8_t ifa_prefixlen;
	uint8_t ifa_flags;
	uint8_t ifa_scope;
	uint32_t ifa_index;
};

struct rtmsg {
	unsigned char rtm_family;
	unsigned char rtm_dst_len;
	unsigned char rtm_src_len;
	unsigned char rtm_tos;
	unsigned char rtm_table;
	unsigned char rtm_protocol;
	unsigned char rtm_scope;
	unsigned char rtm_type;
	unsigned int rtm_flags;
};

struct ndmsg {
	uint8_t ndm_family;
	uint8_t ndm_pad1;
	uint16_t ndm_pad2;
	int32_t ndm_ifindex;
	uint16_t ndm_state;
	uint8_t ndm_flags;
	uint8_t ndm_type;
};

enum {
	NLMSG_ERROR_ = 2, NLMSG_DONE_ = 3,
	F_REQUEST = 0x1, F_MULTI = 0x2, F_ACK = 0x4, F_DUMP = 0x300,
	F_EXCL = 0x200, F_CREATE = 0x400,
	RTM_NEWLINK_ = 16, RTM_GETLINK_ = 18,
	RTM_NEWADDR_ = 20, RTM_DELADDR_ = 21, RTM_GETADDR_ = 22,
	RTM_NEWROUTE_ = 24, RTM_DELROUTE_ = 25, RTM_GETROUTE_ = 26,
	RTM_NEWNEIGH_ = 28, RTM_GETNEIGH_ = 30,
	IFLA_ADDRESS_ = 1, IFLA_IFNAME_ = 3, IFLA_MTU_ = 4,
	IFA_ADDRESS_ = 1, IFA_LOCAL_ = 2, IFA_LABEL_ = 3,
	RTA_DST_ = 1, RTA_OIF_ = 4, RTA_TABLE_ = 15,
	TABLE_MAIN = 254,
	RTN_UNICAST_ = 1, RTN_LOCAL_ = 2,
	SCOPE_LINK = 253, SCOPE_HOST = 254,
	PROTO_STATIC = 4,
	GROUP_IPV4_IFADDR = 0x10, GROUP_IPV4_ROUTE = 0x40,
};

#define ALIGN4(n) (((n) + 3U) & ~3U)

/* ---- building requests ---- */
struct request {
	union {
		struct nlmsghdr h;
		char buf[512];
	};
};

static void *req_init(struct request *r, int type, int flags, uint32_t seq, size_t fixed)
{
	memset(r, 0, sizeof(*r));
	r->h.nlmsg_len = ALIGN4(sizeof(r->h) + fixed);
	r->h.nlmsg_type = type;
	r->h.nlmsg_flags = flags;
	r->h.nlmsg_seq = seq;
	return r->buf + sizeof(r->h);
}

static void req_attr(struct request *r, int type, const void *data, size_t len)
{
	struct rtattr a = { sizeof(a) + len, type };

	memcpy(r->buf + r->h.nlmsg_len, &a, sizeof(a));
	memcpy(r->buf + r->h.nlmsg_len + sizeof(a), data, len);
	r->h.nlmsg_len += ALIGN4(sizeof(a) + len);
}

static int req_send(int fd, struct request *r)
{
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };

	return sendto(fd, r, r->h.nlmsg_len, 0, SA(&kernel), sizeof(kernel)) ==
		       (ssize_t)r->h.nlmsg_len ? 0 : -1;
}

/* ---- reading replies ---- */
static uint32_t my_pid;		/* nl_pid of the main socket */
static uint32_t seq = 1000;	/* of the last request */
static int lo_index;

/* Everything a request got back, answer messages concatenated in buf. */
struct reply {
	char buf[256 * 1024];
	size_t len;		/* bytes of answers (not DONE/ERROR) in buf */
	int count;		/* answer messages */
	int done;		/* NLMSG_DONE seen */
	int error;		/* an NLMSG_ERROR's error field (0: an ack) */
	int got_error;		/* an NLMSG_ERROR came */
	struct nlmsghdr err_req;	/* the request header it carried */
	int seq_ok, pid_ok;	/* every message echoed seq and our nl_pid */
	int multi_ok;		/* every answer of a dump had NLM_F_MULTI */
	int from_kernel;	/* every datagram came from nl_pid 0 */
	int parse_ok;		/* lengths consistent */
	int sys_err;		/* errno of a failed recv */
};

static struct reply rep;

/*
 * Read the answer to request seq: until NLMSG_DONE (dump), an NLMSG_ERROR,
 * or (single answers) the first datagram holding one.  3 s at most.
 */
static void collect(int fd, uint32_t seq, int dump)
{
	static char dgram[65536];
	long long end = now_ns(CLOCK_MONOTONIC) + 3000000000LL;

	memset(&rep, 0, sizeof(rep));
	rep.seq_ok = rep.pid_ok = rep.multi_ok = rep.from_kernel = rep.parse_ok = 1;
	while (!rep.done && !rep.got_error && (dump || !rep.count)) {
		struct sockaddr_nl from;
		socklen_t flen = sizeof(from);
		long long left = (end - now_ns(CLOCK_MONOTONIC)) / 1000000;
		ssize_t n;
		size_t off = 0;

		if (left <= 0 || poll_one(fd, POLLIN, left) <= 0) {
			rep.sys_err = ETIMEDOUT;
			return;
		}
		n = recvfrom(fd, dgram, sizeof(dgram), MSG_DONTWAIT, SA(&from), &flen);
		if (n < 0) {
			rep.sys_err = errno;
			return;
		}
		if (from.nl_family != AF_NETLINK || from.nl_pid != 0)
			rep.from_kernel = 0;
		while (off + sizeof(struct nlmsghdr) <= (size_t)n) {
			struct nlmsghdr h;

			memcpy(&h, dgram + off, sizeof(h));
			if (h.nlmsg_len < sizeof(h) || off + h.nlmsg_len > (size_t)n) {
				rep.parse_ok = 0;
				break;
			}
			if (h.nlmsg_seq != seq)
				rep.seq_ok = 0;
			if (h.nlmsg_pid != my_pid)
				rep.pid_ok = 0;
			if (h.nlmsg_type == NLMSG_DONE_) {
				rep.done = 1;
			} else if (h.nlmsg_type == NLMSG_ERROR_) {
				struct nlmsgerr e;

				rep.got_error = 1;
				if (h.nlmsg_len >= sizeof(h) + sizeof(e)) {
					memcpy(&e, dgram + off + sizeof(h), sizeof(e));
					rep.error = e.error;
					rep.err_req = e.msg;
				} else {
					rep.parse_ok = 0;
				}
			} else {
				if (dump && !(h.nlmsg_flags & F_MULTI))
					rep.multi_ok = 0;
				if (rep.len + h.nlmsg_len <= sizeof(rep.buf)) {
					memcpy(rep.buf + rep.len, dgram + off, h.nlmsg_len);
					rep.len += ALIGN4(h.nlmsg_len);
				}
				rep.count++;
			}
			off += ALIGN4(h.nlmsg_len);
		}
	}
}

/* Walk the answers: *off is 0 to start; NULL at the end. */
static struct nlmsghdr *next_msg(size_t *off)
{
	struct nlmsghdr *h;

	if (*off + sizeof(*h) > rep.len)
		return NULL;
	h = (struct nlmsghdr *)(rep.buf + *off);
	*off += ALIGN4(h->nlmsg_len);
	return h;
}

/* Attribute type of message h whose fixed part is fixed bytes; its data. */
static const void *find_attr(const struct nlmsghdr *h, size_t fixed, int type, size_t *len)
{
	const char *p = (const char *)h + sizeof(*h) + ALIGN4(fixed);
	const char *end = (const char *)h + h->nlmsg_len;

	while (p + sizeof(struct rtattr) <= end) {
		struct rtattr a;

		memcpy(&a, p, sizeof(a));
		if (a.rta_len < sizeof(a) || p + a.rta_len > end)
			return NULL;
		if (a.rta_type == type) {
			if (len)
				*len = a.rta_len - sizeof(a);
			return p + sizeof(a);
		}
		p += ALIGN4(a.rta_len);
	}
	return NULL;
}

/* Every attribute of every answer is well formed. */
static int attrs_parse(size_t fixed)
{
	struct nlmsghdr *h;
	size_t off = 0;

	while ((h = next_msg(&off))) {
		const char *p = (const char *)h + sizeof(*h) + ALIGN4(fixed);
		const char *end = (const char *)h + h->nlmsg_len;

		if (h->nlmsg_len < sizeof(*h) + fixed)
			return 0;
		while (p + sizeof(struct rtattr) <= end) {
			struct rtattr a;

			memcpy(&a, p, sizeof(a));
			if (a.rta_len < sizeof(a) || p + a.rta_len > end)
				return 0;
			p += ALIGN4(a.rta_len);
		}
	}
	return 1;
}

/*
 * Ask for a dump of type (its fixed header fixed bytes, whose first byte
 * is always the family) and collect the answer; -1 if the send failed.
 */
static int dump(int fd, int type, size_t fixed, int family)
{
	struct request r;
	unsigned char *family_byte = req_init(&r, type, F_REQUEST | F_DUMP, ++seq, fixed);
	int sent;

	*family_byte = family;
	sent = req_send(fd, &r);
	collect(fd, seq, 1);
	return sent;
}

static int nl_socket(int type, uint32_t groups)
{
	struct sockaddr_nl a = { .nl_family = AF_NETLINK, .nl_groups = groups };
	int fd = socket(AF_NETLINK, type | SOCK_CLOEXEC, NETLINK_ROUTE);

	if (fd < 0)
		return -1;
	if (bind(fd, SA(&a), sizeof(a))) {
		close(fd);
		return -1;
	}
	return fd;
}

static uint32_t nl_port(int fd)
{
	struct sockaddr_nl a;
	socklen_t len = sizeof(a);

	memset(&a, 0, sizeof(a));
	if (getsockname(fd, SA(&a), &len) || a.nl_family != AF_NETLINK)
		return 0;
	return a.nl_pid;
}


/* The common checks of a dump's answer, as four test points. */
static void dump_points(const char *what)
{
	if (!ok(rep.done && !rep.got_error && rep.parse_ok, "%s dump: answers, then NLMSG_DONE", what))
		diag("  done %d, NLMSG_ERROR %d (%d), parse %d, recv %s", rep.done, rep.got_error,
		     rep.error, rep.parse_ok, rep.sys_err ? tap_errno_name(rep.sys_err) : "ok");
	ok(rep.seq_ok && rep.pid_ok,
	   "%s dump: every message echoes the request's nlmsg_seq and carries our nl_pid", what);
	ok(rep.multi_ok, "%s dump: every answer has NLM_F_MULTI", what);
	ok(rep.from_kernel, "%s dump: every datagram comes from the kernel (nl_pid 0)", what);
}

static void test_socket(int *fd)
{
	struct sockaddr_nl a;
	socklen_t len = sizeof(a);
	int second, dg;

	*fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
	if (!ok_sys(*fd, "socket(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE)"))
		return;
	memset(&a, 0, sizeof(a));
	a.nl_family = AF_NETLINK;
	ok_sys(bind(*fd, SA(&a), sizeof(a)), "bind with nl_pid 0");
	memset(&a, 0, sizeof(a));
	ok(getsockname(*fd, SA(&a), &len) == 0 && len == sizeof(a) && a.nl_family == AF_NETLINK &&
	   a.nl_pid == (uint32_t)getpid(),
	   "getsockname: the kernel gave the process's first netlink socket nl_pid = its pid");
	my_pid = a.nl_pid;
	second = nl_socket(SOCK_RAW, 0);
	ok(second >= 0 && nl_port(second) != 0 && nl_port(second) != my_pid,
	   "a second socket gets another, nonzero nl_pid");
	if (second >= 0)
		close(second);
	dg = socket(AF_NETLINK, SOCK_DGRAM, NETLINK_ROUTE);
	ok_sys(dg, "socket(AF_NETLINK, SOCK_DGRAM, NETLINK_ROUTE) works too");
	if (dg >= 0)
		close(dg);
}

static void test_getlink(int fd)
{
	struct request r;
	struct ifinfomsg *ifi;
	struct nlmsghdr *h;
	size_t off = 0, len;
	int found = 0, mtu = 0, flags_ok = 0, addr_ok = 0, index_ok = 0;

	ok_sys(dump(fd, RTM_GETLINK_, sizeof(*ifi), AF_UNSPEC), "send RTM_GETLINK with NLM_F_DUMP");
	dump_points("RTM_GETLINK");
	while ((h = next_msg(&off))) {
		const char *name;
		const uint8_t *addr;
		struct ifinfomsg info;

		if (h->nlmsg_type != RTM_NEWLINK_)
			continue;
		name = find_attr(h, sizeof(info), IFLA_IFNAME_, &len);
		if (!name || strncmp(name, "lo", len) || len < 2 || (len > 2 && name[2]))
			continue;
		found = 1;
		memcpy(&info, (char *)h + sizeof(*h), sizeof(info));
		index_ok = info.ifi_index == lo_index;
		flags_ok = info.ifi_type == ARPHRD_LOOPBACK && (info.ifi_flags & IFF_UP) &&
			   (info.ifi_flags & IFF_LOOPBACK);
		if (find_attr(h, sizeof(info), IFLA_MTU_, &len) && len == 4)
			memcpy(&mtu, find_attr(h, sizeof(info), IFLA_MTU_, NULL), 4);
		addr = find_attr(h, sizeof(info), IFLA_ADDRESS_, &len);
		addr_ok = addr && len == 6 && all_zero(addr, 6);
	}
	ok(found, "the dump lists lo (IFLA_IFNAME \"lo\")");
	ok(index_ok, "lo's ifi_index is the one SIOCGIFINDEX gives");
	ok(flags_ok, "lo: ifi_type ARPHRD_LOOPBACK, ifi_flags with IFF_UP and IFF_LOOPBACK");
	ok_eq(mtu, 65536, "lo: IFLA_MTU 65536");
	ok(addr_ok, "lo: IFLA_ADDRESS is 6 zero bytes");

	ifi = req_init(&r, RTM_GETLINK_, F_REQUEST, ++seq, sizeof(*ifi));
	ifi->ifi_family = AF_UNSPEC;
	ifi->ifi_index = lo_index;
	req_send(fd, &r);
	collect(fd, seq, 0);
	off = 0;
	h = next_msg(&off);
	ok(rep.count == 1 && h && h->nlmsg_type == RTM_NEWLINK_ &&
	   ((struct ifinfomsg *)(h + 1))->ifi_index == lo_index && rep.seq_ok && rep.pid_ok,
	   "RTM_GETLINK for lo's index: one RTM_NEWLINK for lo, seq and pid echoed");

	ifi = req_init(&r, RTM_GETLINK_, F_REQUEST, ++seq, sizeof(*ifi));
	ifi->ifi_family = AF_UNSPEC;
	ifi->ifi_index = 9999;
	req_send(fd, &r);
	collect(fd, seq, 0);
	if (!ok(rep.got_error && rep.error == -ENODEV,
		"RTM_GETLINK for an unknown ifindex: NLMSG_ERROR with -ENODEV"))
		diag("  error %d (%s)", rep.error, rep.got_error ? "NLMSG_ERROR" : "none");
	ok(rep.got_error && rep.err_req.nlmsg_seq == seq && rep.err_req.nlmsg_type == RTM_GETLINK_ &&
	   rep.seq_ok, "the NLMSG_ERROR echoes seq and carries the request's header");
}

/* Look for addr/prefix on ifindex in the last RTM_GETADDR dump. */
static int find_addr(in_addr_t addr, int prefix, int ifindex, struct ifaddrmsg *out,
		     const char **label)
{
	struct nlmsghdr *h;
	size_t off = 0, len;

	while ((h = next_msg(&off))) {
		struct ifaddrmsg ifa;
		const void *local;

		if (h->nlmsg_type != RTM_NEWADDR_)
			continue;
		memcpy(&ifa, h + 1, sizeof(ifa));
		local = find_attr(h, sizeof(ifa), IFA_LOCAL_, &len);
		if (ifa.ifa_family != AF_INET || !local || len != 4 || memcmp(local, &addr, 4) ||
		    ifa.ifa_prefixlen != prefix || (int)ifa.ifa_index != ifindex)
			continue;
		if (out)
			*out = ifa;
		if (label)
			*label = find_attr(h, sizeof(ifa), IFA_LABEL_, NULL);
		return 1;
	}
	return 0;
}

static void dump_addrs(int fd)
{
	dump(fd, RTM_GETADDR_, sizeof(struct ifaddrmsg), AF_INET);
}

static void test_getaddr(int fd)
{
	struct ifaddrmsg ifa;
	struct nlmsghdr *h;
	const char *label = NULL;
	in_addr_t lo = htonl(INADDR_LOOPBACK);
	size_t off = 0, len;
	const void *a;
	int found;

	dump_addrs(fd);
	dump_points("RTM_GETADDR");
	found = find_addr(lo, 8, lo_index, &ifa, &label);
	ok(found, "the dump lists 127.0.0.1/8 on lo (IFA_LOCAL, ifa_prefixlen, ifa_index)");
	ok(found && ifa.ifa_scope == SCOPE_HOST, "127.0.0.1 has scope host (RT_SCOPE_HOST)");
	ok(found && label && !strcmp(label, "lo"), "127.0.0.1 has IFA_LABEL \"lo\"");
	found = 0;
	while ((h = next_msg(&off)))
		if ((a = find_attr(h, sizeof(ifa), IFA_ADDRESS_, &len)) && len == 4 &&
		    !memcmp(a, &lo, 4))
			found = 1;
	ok(found, "and IFA_ADDRESS 127.0.0.1");
}

static int bind_udp(in_addr_t addr)
{
	struct sockaddr_in a = lo_addr(0);
	int fd = socket(AF_INET, SOCK_DGRAM, 0), r;

	a.sin_addr.s_addr = addr;
	r = bind(fd, SA(&a), sizeof(a));
	if (r == 0)
		return fd;
	r = errno;
	close(fd);
	errno = r;
	return -1;
}

/* RTM_NEWADDR or RTM_DELADDR of addr/prefix on ifindex, with an ack. */
static void change_addr(int fd, int type, int flags, in_addr_t addr, int prefix, int ifindex)
{
	struct request r;
	struct ifaddrmsg *ifa = req_init(&r, type, F_REQUEST | F_ACK | flags, ++seq, sizeof(*ifa));

	ifa->ifa_family = AF_INET;
	ifa->ifa_prefixlen = prefix;
	ifa->ifa_index = ifindex;
	req_attr(&r, IFA_LOCAL_, &addr, 4);
	req_attr(&r, IFA_ADDRESS_, &addr, 4);
	req_send(fd, &r);
	collect(fd, seq, 0);
}

/*
 * Count, during ms milliseconds (or until the first when first is set),
 * the notifications of type on group socket g whose attribute attr (after
 * a fixed header of size fixed) is addr.
 */
static int notices(int g, int type, size_t fixed, int attr, in_addr_t addr, int ms, int first)
{
	static char dgram[65536];
	long long end = now_ns(CLOCK_MONOTONIC) + ms * 1000000LL;
	int count = 0;

	for (;;) {
		long long left = (end - now_ns(CLOCK_MONOTONIC)) / 1000000;
		ssize_t n;
		size_t off = 0;

		if (left <= 0 || poll_one(g, POLLIN, left) <= 0)
			return count;
		n = recv(g, dgram, sizeof(dgram), MSG_DONTWAIT);
		while (n > 0 && off + sizeof(struct nlmsghdr) <= (size_t)n) {
			struct nlmsghdr *h = (struct nlmsghdr *)(dgram + off);
			size_t len;
			const void *a;

			if (h->nlmsg_len < sizeof(*h) || off + h->nlmsg_len > (size_t)n)
				break;
			a = find_attr(h, fixed, attr, &len);
			if (h->nlmsg_type == type && a && len == 4 && !memcmp(a, &addr, 4)) {
				count++;
				if (first)
					return count;
			}
			off += ALIGN4(h->nlmsg_len);
		}
	}
}

/* Wait up to 2 s on a group socket for type about the address addr. */
static int notified(int g, int type, in_addr_t addr)
{
	return notices(g, type, sizeof(struct ifaddrmsg), IFA_LOCAL_, addr, 2000, 1);
}

/* Changes made by ioctl are announced as netlink's are, and only once. */
static void test_ioctl_notify(int fd)
{
	in_addr_t addr = inet_addr("192.0.2.1"), net = inet_addr("198.51.100.0");
	struct sockaddr_in *sin;
	struct rtentry rt;
	struct ifreq ifr;
	int g, s, n;

	g = nl_socket(SOCK_RAW, GROUP_IPV4_IFADDR | GROUP_IPV4_ROUTE);
	s = socket(AF_INET, SOCK_DGRAM, 0);
	ok_why(g >= 0 && s >= 0, "socket/bind",
	       "bind a NETLINK_ROUTE socket to RTMGRP_IPV4_IFADDR | RTMGRP_IPV4_ROUTE");

	memset(&ifr, 0, sizeof(ifr));
	strcpy(ifr.ifr_name, "lo:9");
	sin = (struct sockaddr_in *)&ifr.ifr_addr;
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = addr;
	ok_why(ioctl(s, SIOCSIFADDR, &ifr) == 0, "SIOCSIFADDR", "SIOCSIFADDR lo:9 192.0.2.1");
	n = g >= 0 ? notices(g, RTM_NEWADDR_, sizeof(struct ifaddrmsg), IFA_LOCAL_, addr, 500, 0) : 0;
	if (!ok(n == 1, "the group socket is told once: RTM_NEWADDR for 192.0.2.1"))
		diag("  %d notifications", n);

	memset(&rt, 0, sizeof(rt));
	sin = (struct sockaddr_in *)&rt.rt_dst;
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = net;
	sin = (struct sockaddr_in *)&rt.rt_genmask;
	sin->sin_family = AF_INET;
	sin->sin_addr.s_addr = inet_addr("255.255.255.0");
	rt.rt_flags = RTF_UP;
	rt.rt_dev = "lo";
	ok_why(ioctl(s, SIOCADDRT, &rt) == 0, "SIOCADDRT", "SIOCADDRT 198.51.100.0/24 dev lo");
	ok(g >= 0 && notices(g, RTM_NEWROUTE_, sizeof(struct rtmsg), RTA_DST_, net, 2000, 1),
	   "the group socket is told: RTM_NEWROUTE for 198.51.100.0/24");
	ok_why(ioctl(s, SIOCDELRT, &rt) == 0, "SIOCDELRT", "SIOCDELRT 198.51.100.0/24 dev lo");
	ok(g >= 0 && notices(g, RTM_DELROUTE_, sizeof(struct rtmsg), RTA_DST_, net, 2000, 1),
	   "the group socket is told: RTM_DELROUTE for 198.51.100.0/24");

	change_addr(fd, RTM_DELADDR_, 0, addr, 24, lo_index);
	ok(rep.got_error && rep.error == 0, "RTM_DELADDR 192.0.2.1/24 (the ioctl's address)");
	n = g >= 0 ? notices(g, RTM_DELADDR_, sizeof(struct ifaddrmsg), IFA_LOCAL_, addr, 500, 0) : 0;
	if (!ok(n == 1, "the group socket is told once: RTM_DELADDR for 192.0.2.1"))
		diag("  %d notifications", n);
	if (s >= 0)
		close(s);
	if (g >= 0)
		close(g);
}

static void test_addr_change(int fd)
{
	in_addr_t addr = inet_addr("10.99.0.1");
	struct sockaddr_in dst;
	char buf[8];
	int g, u, s;

	g = nl_socket(SOCK_RAW, GROUP_IPV4_IFADDR);
	ok_why(g >= 0, "socket/bind", "bind a NETLINK_ROUTE socket to RTMGRP_IPV4_IFADDR");
	ok_errno(bind_udp(addr), EADDRNOTAVAIL, "before: bind to 10.99.0.1 fails with EADDRNOTAVAIL");
	change_addr(fd, RTM_NEWADDR_, F_CREATE | F_EXCL, addr, 24, lo_index);
	if (!ok(rep.got_error && rep.error == 0 && rep.seq_ok,
		"RTM_NEWADDR 10.99.0.1/24 on lo with NLM_F_ACK: acknowledged, error 0"))
		diag("  error %d (%s)", rep.error, rep.got_error ? "NLMSG_ERROR" : "no answer");
	ok(g >= 0 && notified(g, RTM_NEWADDR_, addr),
	   "the group socket is told: RTM_NEWADDR for 10.99.0.1");
	dump_addrs(fd);
	ok(find_addr(addr, 24, lo_index, NULL, NULL), "RTM_GETADDR now lists 10.99.0.1/24 on lo");
	u = bind_udp(addr);
	ok_why(u >= 0, "bind", "a UDP socket can now bind to 10.99.0.1");
	s = socket(AF_INET, SOCK_DGRAM, 0);
	dst = lo_addr(local_port(u));
	dst.sin_addr.s_addr = addr;
	sendto(s, "ten", 3, 0, SA(&dst), sizeof(dst));
	deadline(3000);
	ok(u >= 0 && recv(u, buf, sizeof(buf), 0) == 3, "and a datagram sent to 10.99.0.1 reaches it");
	deadline(0);
	close(s);
	if (u >= 0)
		close(u);
	change_addr(fd, RTM_NEWADDR_, F_CREATE | F_EXCL, addr, 24, lo_index);
	ok(rep.got_error && rep.error == -EEXIST, "adding it again with NLM_F_EXCL: -EEXIST");
	change_addr(fd, RTM_NEWADDR_, F_CREATE | F_EXCL, inet_addr("10.99.9.1"), 24, 9999);
	ok(rep.got_error && rep.error == -ENODEV, "RTM_NEWADDR on an unknown ifindex: -ENODEV");

	change_addr(fd, RTM_DELADDR_, 0, addr, 24, lo_index);
	if (!ok(rep.got_error && rep.error == 0, "RTM_DELADDR 10.99.0.1/24: acknowledged, error 0"))
		diag("  error %d", rep.error);
	ok(g >= 0 && notified(g, RTM_DELADDR_, addr), "the group socket is told: RTM_DELADDR");
	dump_addrs(fd);
	ok(rep.done && !find_addr(addr, 24, lo_index, NULL, NULL),
	   "RTM_GETADDR no longer lists 10.99.0.1");
	ok_errno(bind_udp(addr), EADDRNOTAVAIL, "bind to 10.99.0.1: EADDRNOTAVAIL again");
	change_addr(fd, RTM_DELADDR_, 0, addr, 24, lo_index);
	ok(rep.got_error && rep.error == -EADDRNOTAVAIL,
	   "deleting it a second time: -EADDRNOTAVAIL");
	if (g >= 0)
		close(g);
}

/* The last dump has an AF_INET route to dst/len through ifindex (table: 0 any). */
static int find_route(in_addr_t dst, int dst_len, int ifindex, int table)
{
	struct nlmsghdr *h;
	size_t off = 0, len;

	while ((h = next_msg(&off))) {
		struct rtmsg rt;
		const void *d, *oif, *tab;
		int o = -1;
		uint32_t t;

		if (h->nlmsg_type != RTM_NEWROUTE_)
			continue;
		memcpy(&rt, h + 1, sizeof(rt));
		d = find_attr(h, sizeof(rt), RTA_DST_, &len);
		if (rt.rtm_family != AF_INET || rt.rtm_dst_len != dst_len ||
		    (dst_len && (!d || len != 4 || memcmp(d, &dst, 4))))
			continue;
		oif = find_attr(h, sizeof(rt), RTA_OIF_, &len);
		if (oif && len == 4)
			memcpy(&o, oif, 4);
		t = rt.rtm_table;
		tab = find_attr(h, sizeof(rt), RTA_TABLE_, &len);
		if (tab && len == 4)
			memcpy(&t, tab, 4);
		if (o == ifindex && (!table || (int)t == table))
			return 1;
	}
	return 0;
}

static void dump_routes(int fd)
{
	dump(fd, RTM_GETROUTE_, sizeof(struct rtmsg), AF_INET);
}

static void change_route(int fd, int type, int flags, in_addr_t dst, int dst_len)
{
	struct request r;
	struct rtmsg *rt = req_init(&r, type, F_REQUEST | F_ACK | flags, ++seq, sizeof(*rt));

	rt->rtm_family = AF_INET;
	rt->rtm_dst_len = dst_len;
	rt->rtm_table = TABLE_MAIN;
	rt->rtm_protocol = PROTO_STATIC;
	rt->rtm_scope = SCOPE_LINK;
	rt->rtm_type = RTN_UNICAST_;
	req_attr(&r, RTA_DST_, &dst, 4);
	req_attr(&r, RTA_OIF_, &lo_index, 4);
	req_send(fd, &r);
	collect(fd, seq, 0);
}

static void test_routes(int fd)
{
	in_addr_t net = inet_addr("10.98.0.0"), lo = htonl(INADDR_LOOPBACK);
	struct nlmsghdr *h;
	struct request r;
	struct rtmsg *rt, got = { 0 };
	size_t off = 0, len;
	int all_new = 1, covered = 0, o = -1;
	const void *oif;

	dump_routes(fd);
	dump_points("RTM_GETROUTE");
	while ((h = next_msg(&off))) {
		in_addr_t d = 0, mask;
		const void *dp;

		if (h->nlmsg_type != RTM_NEWROUTE_) {
			all_new = 0;
			continue;
		}
		memcpy(&got, h + 1, sizeof(got));
		if (got.rtm_family != AF_INET)
			all_new = 0;
		dp = find_attr(h, sizeof(got), RTA_DST_, &len);
		if (dp && len == 4)
			memcpy(&d, dp, 4);
		mask = got.rtm_dst_len ? htonl(~0U << (32 - got.rtm_dst_len)) : 0;
		oif = find_attr(h, sizeof(got), RTA_OIF_, &len);
		o = -1;
		if (oif && len == 4)
			memcpy(&o, oif, 4);
		if (got.rtm_dst_len >= 8 && (d & mask) == (lo & mask) && o == lo_index)
			covered = 1;
	}
	ok(all_new && attrs_parse(sizeof(struct rtmsg)),
	   "every answer is an AF_INET RTM_NEWROUTE whose attributes parse");
	ok(covered, "a route for 127.0.0.1 (prefix of 8 bits or more) through lo is listed");

	rt = req_init(&r, RTM_GETROUTE_, F_REQUEST, ++seq, sizeof(*rt));
	rt->rtm_family = AF_INET;
	rt->rtm_dst_len = 32;
	req_attr(&r, RTA_DST_, &lo, 4);
	req_send(fd, &r);
	collect(fd, seq, 0);
	off = 0;
	h = next_msg(&off);
	o = -1;
	if (h && h->nlmsg_type == RTM_NEWROUTE_) {
		memcpy(&got, h + 1, sizeof(got));
		oif = find_attr(h, sizeof(got), RTA_OIF_, &len);
		if (oif && len == 4)
			memcpy(&o, oif, 4);
	}
	ok(h && h->nlmsg_type == RTM_NEWROUTE_ && got.rtm_type == RTN_LOCAL_ && o == lo_index,
	   "RTM_GETROUTE for 127.0.0.1 (a lookup): RTN_LOCAL through lo");

	change_route(fd, RTM_NEWROUTE_, F_CREATE | F_EXCL, net, 16);
	if (!ok(rep.got_error && rep.error == 0,
		"RTM_NEWROUTE 10.98.0.0/16 dev lo, main table: acknowledged, error 0"))
		diag("  error %d", rep.error);
	dump_routes(fd);
	ok(find_route(net, 16, lo_index, TABLE_MAIN),
	   "the route dump lists 10.98.0.0/16 through lo in the main table (254)");
	change_route(fd, RTM_DELROUTE_, 0, net, 16);
	if (!ok(rep.got_error && rep.error == 0, "RTM_DELROUTE of it: acknowledged, error 0"))
		diag("  error %d", rep.error);
	dump_routes(fd);
	ok(rep.done && !find_route(net, 16, lo_index, 0), "the route dump no longer lists it");
}

static void test_neigh(int fd)
{
	struct nlmsghdr *h;
	size_t off = 0;
	int all_new = 1;

	dump(fd, RTM_GETNEIGH_, sizeof(struct ndmsg), AF_INET);
	while ((h = next_msg(&off)))
		all_new &= h->nlmsg_type == RTM_NEWNEIGH_;
	ok(rep.done && !rep.got_error && rep.seq_ok && all_new,
	   "RTM_GETNEIGH dump: RTM_NEWNEIGH answers (if any), then NLMSG_DONE");
}

int main(void)
{
	int fd = -1;

	lo_up();
	lo_index = if_nametoindex("lo");
	test_socket(&fd);
	if (fd < 0)
		return tap_finish();
	test_getlink(fd);
	test_getaddr(fd);
	test_addr_change(fd);
	test_routes(fd);
	test_ioctl_notify(fd);
	test_neigh(fd);
	close(fd);
	return tap_finish();
}
