// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of AF_NETLINK and rtnetlink through kernel sockets: port ids
 * (autobind, explicit, EADDRINUSE), a link dump ending in NLMSG_DONE with
 * the loopback device in it, errors answered with NLMSG_ERROR (unknown
 * type, unknown ifindex), acknowledgements, MSG_TRUNC on a short buffer,
 * multicast delivery to a group member only, the attribute parser,
 * RTMGRP_LINK notifications, a route dump long enough to need several
 * chunks, and RTM_SETLINK on an existing link (and refusing to make one).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/net.h>
#include <linux/socket.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/selftest.h>
#include <net/sock.h>
#include <net/netlink.h>
#include <net/route.h>
#include <linux/inetdevice.h>
#include <uapi/linux/rtnetlink.h>

#define NLT_BUF		8192

static struct socket *nlt_open(u32 portid, u32 groups)
{
	struct sockaddr_nl a = { .nl_family = AF_NETLINK, .nl_pid = portid,
				 .nl_groups = groups };
	struct socket *sock;

	if (sock_create_kern(AF_NETLINK, SOCK_RAW, NETLINK_ROUTE, &sock))
		return NULL;
	if (kernel_bind(sock, (struct sockaddr *)&a, sizeof(a))) {
		sock_release(sock);
		return NULL;
	}
	return sock;
}

static u32 nlt_portid(struct socket *sock)
{
	struct sockaddr_storage ss;
	struct sockaddr_nl *a = (struct sockaddr_nl *)&ss;

	if (kernel_getsockname(sock, (struct sockaddr *)&ss) < (int)sizeof(*a))
		return 0;
	return a->nl_pid;
}

/* Send one request of @type with @body (@len bytes) and @flags. */
static int nlt_send(struct socket *sock, u16 type, u16 flags, u32 seq,
		    const void *body, int len)
{
	struct sockaddr_nl to = { .nl_family = AF_NETLINK };
	struct msghdr msg = { .msg_name = &to, .msg_namelen = sizeof(to) };
	char buf[128];
	struct nlmsghdr *nlh = (struct nlmsghdr *)buf;
	struct kvec iov;

	memset(buf, 0, sizeof(buf));
	nlh->nlmsg_len = NLMSG_LENGTH(len);
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = NLM_F_REQUEST | flags;
	nlh->nlmsg_seq = seq;
	memcpy(NLMSG_DATA(nlh), body, len);
	iov.iov_base = buf;
	iov.iov_len = NLMSG_ALIGN(nlh->nlmsg_len);
	return kernel_sendmsg(sock, &msg, &iov, 1, iov.iov_len);
}

static int nlt_recv(struct socket *sock, void *buf, size_t len, int flags)
{
	struct msghdr msg = { };
	struct kvec iov = { .iov_base = buf, .iov_len = len };

	return kernel_recvmsg(sock, &msg, &iov, 1, len, flags | MSG_DONTWAIT);
}

/* The error of the NLMSG_ERROR answering @seq (1 if something else came). */
static int nlt_error(struct socket *sock, u32 seq)
{
	char buf[512];
	struct nlmsghdr *nlh = (struct nlmsghdr *)buf;
	int n = nlt_recv(sock, buf, sizeof(buf), 0);

	if (n < (int)NLMSG_LENGTH(sizeof(struct nlmsgerr)) ||
	    nlh->nlmsg_type != NLMSG_ERROR || nlh->nlmsg_seq != seq)
		return 1;
	return ((struct nlmsgerr *)NLMSG_DATA(nlh))->error;
}

static int netlink_ports_test(void)
{
	struct socket *a, *b, *c;
	int err;

	a = nlt_open(0, 0);
	ST_ASSERT(a, "socket + autobind");
	ST_ASSERT(nlt_portid(a) != 0, "autobound port id");
	b = nlt_open(0x7ffff001, 0);
	ST_ASSERT(b && nlt_portid(b) == 0x7ffff001, "explicit port id");
	ST_ASSERT(nlt_open(0x7ffff001, 0) == NULL, "the same port id twice");
	sock_release(b);
	c = nlt_open(0x7ffff001, 0);
	ST_ASSERT(c, "a released port id is free again");
	sock_release(c);
	sock_release(a);

	err = sock_create_kern(AF_NETLINK, SOCK_RAW, NETLINK_GENERIC, &a);
	ST_ASSERT(err == -EPROTONOSUPPORT, "unserved protocol: %d", err);
	err = sock_create_kern(AF_NETLINK, SOCK_STREAM, NETLINK_ROUTE, &a);
	ST_ASSERT(err == -ESOCKTNOSUPPORT, "stream type: %d", err);
	return 0;
}
DEFINE_SELFTEST("netlink: port ids and socket types", netlink_ports_test);

static int netlink_dump_test(void)
{
	struct rtgenmsg gen = { .rtgen_family = AF_UNSPEC };
	bool saw_lo = false, done = false;
	struct socket *sock;
	u32 me;
	char *buf;
	int n, msgs = 0;

	buf = kmalloc(NLT_BUF, GFP_KERNEL);
	ST_ASSERT(buf, "memory");
	sock = nlt_open(0, 0);
	ST_ASSERT(sock, "socket");
	me = nlt_portid(sock);
	ST_ASSERT(nlt_send(sock, RTM_GETLINK, NLM_F_DUMP, 42, &gen, sizeof(gen)) > 0, "send");

	while (!done && (n = nlt_recv(sock, buf, NLT_BUF, 0)) > 0) {
		struct nlmsghdr *nlh = (struct nlmsghdr *)buf;

		for (; NLMSG_OK(nlh, n); nlh = NLMSG_NEXT(nlh, n)) {
			struct nlattr *tb[IFLA_MAX + 1];
			struct ifinfomsg *ifm = NLMSG_DATA(nlh);

			ST_ASSERT(nlh->nlmsg_seq == 42 && nlh->nlmsg_pid == me,
				  "seq %u pid %u", nlh->nlmsg_seq, nlh->nlmsg_pid);
			if (nlh->nlmsg_type == NLMSG_DONE) {
				ST_ASSERT(*(int *)NLMSG_DATA(nlh) == 0, "DONE's error");
				done = true;
				break;
			}
			ST_ASSERT(nlh->nlmsg_type == RTM_NEWLINK, "type %u", nlh->nlmsg_type);
			ST_ASSERT(nlh->nlmsg_flags & NLM_F_MULTI, "NLM_F_MULTI");
			ST_ASSERT(nlmsg_parse(nlh, sizeof(*ifm), tb, IFLA_MAX, NULL) == 0, "attrs");
			ST_ASSERT(tb[IFLA_IFNAME] && tb[IFLA_MTU], "name and mtu");
			if (ifm->ifi_flags & IFF_LOOPBACK)
				saw_lo = !strcmp(nla_data(tb[IFLA_IFNAME]), "lo");
			msgs++;
		}
	}
	sock_release(sock);
	kfree(buf);
	ST_ASSERT(done, "NLMSG_DONE after %d links", msgs);
	ST_ASSERT(saw_lo || !loopback_dev, "lo in the dump");
	return 0;
}
DEFINE_SELFTEST("rtnetlink: link dump ends with NLMSG_DONE", netlink_dump_test);

static int netlink_errors_test(void)
{
	struct ifinfomsg ifm = { .ifi_family = AF_UNSPEC, .ifi_index = 99999 };
	struct rtgenmsg gen = { .rtgen_family = AF_UNSPEC };
	struct socket *sock;
	char small[16];
	int n, full;

	sock = nlt_open(0, 0);
	ST_ASSERT(sock, "socket");

	ST_ASSERT(nlt_send(sock, RTM_GETLINK, 0, 1, &ifm, sizeof(ifm)) > 0, "send");
	n = nlt_error(sock, 1);
	ST_ASSERT(n == -ENODEV, "unknown ifindex: %d", n);

	ST_ASSERT(nlt_send(sock, 120, NLM_F_ACK, 2, &gen, sizeof(gen)) > 0, "send");
	n = nlt_error(sock, 2);
	ST_ASSERT(n == -EOPNOTSUPP, "unknown type: %d", n);

	/* A control message with NLM_F_ACK is just acknowledged. */
	ST_ASSERT(nlt_send(sock, NLMSG_NOOP, NLM_F_ACK, 3, &gen, sizeof(gen)) > 0, "send");
	n = nlt_error(sock, 3);
	ST_ASSERT(n == 0, "ack: %d", n);

	/* Peek with a short buffer: MSG_TRUNC gives the real size. */
	ifm.ifi_index = 1;
	ST_ASSERT(nlt_send(sock, RTM_GETLINK, 0, 4, &ifm, sizeof(ifm)) > 0, "send");
	full = nlt_recv(sock, small, sizeof(small), MSG_PEEK | MSG_TRUNC);
	ST_ASSERT(full > (int)sizeof(small), "peeked size %d", full);
	n = nlt_recv(sock, small, sizeof(small), 0);
	ST_ASSERT(n == sizeof(small), "cut read %d", n);
	n = nlt_recv(sock, small, sizeof(small), 0);
	ST_ASSERT(n == -EAGAIN, "the datagram is gone: %d", n);

	sock_release(sock);
	return 0;
}
DEFINE_SELFTEST("rtnetlink: errors, acks and MSG_TRUNC", netlink_errors_test);

static int netlink_multicast_test(void)
{
	struct socket *member, *other;
	struct sk_buff *skb;
	char buf[64];
	int n;

	member = nlt_open(0, 1U << (RTNLGRP_NOTIFY - 1));
	other = nlt_open(0, 0);
	ST_ASSERT(member && other, "sockets");
	ST_ASSERT(netlink_has_listeners(NETLINK_ROUTE, RTNLGRP_NOTIFY), "a listener");

	skb = alloc_skb(NLMSG_GOODSIZE, GFP_KERNEL);
	ST_ASSERT(skb && nlmsg_put(skb, 0, 7, NLMSG_NOOP, 0, 0), "message");
	NETLINK_CB(skb).portid = 0;
	ST_ASSERT(netlink_broadcast(NETLINK_ROUTE, skb, 0, RTNLGRP_NOTIFY) == 0, "broadcast");

	n = nlt_recv(member, buf, sizeof(buf), 0);
	ST_ASSERT(n == NLMSG_HDRLEN, "member got it: %d", n);
	n = nlt_recv(other, buf, sizeof(buf), 0);
	ST_ASSERT(n == -EAGAIN, "non-member did not: %d", n);
	sock_release(member);
	sock_release(other);
	ST_ASSERT(!netlink_has_listeners(NETLINK_ROUTE, RTNLGRP_NOTIFY), "no listener left");
	return 0;
}
DEFINE_SELFTEST("netlink: multicast reaches group members only", netlink_multicast_test);

static int netlink_attr_test(void)
{
	static const struct nla_policy pol[4] = {
		[1] = { .type = NLA_U32 },
		[2] = { .type = NLA_STRING, .len = 3 },
	};
	struct { struct nlattr a; u32 v; struct nlattr b; char s[4]; } good = {
		.a = { 8, 1 }, .v = 5, .b = { 8, 2 }, .s = "abc",
	};
	struct { struct nlattr a; u16 v; u16 pad; } short_u32 = { .a = { 6, 1 }, .v = 5 };
	struct { struct nlattr a; u32 v; } overlong = { .a = { 12, 1 } };
	struct nlattr *tb[4];

	ST_ASSERT(nla_parse(tb, 3, &good.a, sizeof(good), pol) == 0, "good");
	ST_ASSERT(tb[1] && nla_get_u32(tb[1]) == 5 && tb[2] && !tb[3], "indexed");
	ST_ASSERT(nla_parse(tb, 3, &short_u32.a, sizeof(short_u32), pol) == -EINVAL,
		  "u32 too short");
	ST_ASSERT(nla_parse(tb, 3, &overlong.a, sizeof(overlong), pol) == -EINVAL,
		  "length past the end");
	good.s[3] = 'd';
	good.b.nla_len = 8;
	ST_ASSERT(nla_parse(tb, 3, &good.a, sizeof(good), pol) == -EINVAL, "string too long");
	return 0;
}
DEFINE_SELFTEST("netlink: attribute parsing and policies", netlink_attr_test);

static int rtnetlink_link_notify_test(void)
{
	struct socket *sock;
	struct nlattr *tb[IFLA_MAX + 1];
	struct nlmsghdr *nlh;
	struct ifinfomsg *ifm;
	unsigned int mtu;
	char *buf;
	int n, err;

	if (!loopback_dev) {
		st_diag("no loopback device");
		return ST_SKIP;
	}
	buf = kmalloc(NLT_BUF, GFP_KERNEL);
	sock = nlt_open(0, RTMGRP_LINK);
	ST_ASSERT(buf && sock, "socket");

	/* An MTU change on lo, and back: two RTM_NEWLINK for the group. */
	mtu = loopback_dev->mtu;
	rtnl_lock();
	err = dev_set_mtu(loopback_dev, mtu - 1);
	if (!err)
		err = dev_set_mtu(loopback_dev, mtu);
	rtnl_unlock();
	ST_ASSERT(!err, "dev_set_mtu: %d", err);

	n = nlt_recv(sock, buf, NLT_BUF, 0);
	nlh = (struct nlmsghdr *)buf;
	ST_ASSERT(n > 0 && NLMSG_OK(nlh, n) && nlh->nlmsg_type == RTM_NEWLINK,
		  "first notification: %d", n);
	ifm = NLMSG_DATA(nlh);
	ST_ASSERT(ifm->ifi_index == loopback_dev->ifindex, "lo's index");
	ST_ASSERT(nlmsg_parse(nlh, sizeof(*ifm), tb, IFLA_MAX, NULL) == 0 && tb[IFLA_MTU] &&
		  nla_get_u32(tb[IFLA_MTU]) == mtu - 1, "the new MTU");
	n = nlt_recv(sock, buf, NLT_BUF, 0);
	ST_ASSERT(n > 0 && nlh->nlmsg_type == RTM_NEWLINK, "second notification: %d", n);
	ST_ASSERT(nlmsg_parse(nlh, sizeof(*ifm), tb, IFLA_MAX, NULL) == 0 && tb[IFLA_MTU] &&
		  nla_get_u32(tb[IFLA_MTU]) == mtu, "the MTU restored");
	sock_release(sock);
	kfree(buf);
	return 0;
}
DEFINE_SELFTEST("rtnetlink: link changes are told to RTMGRP_LINK", rtnetlink_link_notify_test);

/* Add (@add) or remove @count routes 10.77.i.0/24 through lo. */
static int nlt_routes(int count, bool add)
{
	struct ip_route_entry e;
	int i, err = 0;

	rtnl_lock();
	for (i = 0; i < count && !err; i++) {
		memset(&e, 0, sizeof(e));
		e.dst = cpu_to_be32(0x0a4d0000 | (i << 8));
		e.dst_len = 24;
		e.table = RT_TABLE_MAIN;
		e.type = RTN_UNICAST;
		e.scope = RT_SCOPE_LINK;
		e.protocol = RTPROT_BOOT;
		e.ifindex = loopback_dev->ifindex;
		err = add ? ip_route_add(&e) : ip_route_del(&e);
	}
	rtnl_unlock();
	return err;
}

static int rtnetlink_long_dump_test(void)
{
	struct rtmsg rtm = { .rtm_family = AF_INET };
	int n, datagrams = 0, ours = 0, err;
	bool done = false;
	struct socket *sock;
	char *buf;

	if (!loopback_dev)
		return ST_SKIP;
	err = nlt_routes(200, true);
	ST_ASSERT(!err, "adding 200 routes: %d", err);

	buf = kmalloc(NLMSG_GOODSIZE, GFP_KERNEL);
	sock = nlt_open(0, 0);
	ST_ASSERT(buf && sock, "socket");
	ST_ASSERT(nlt_send(sock, RTM_GETROUTE, NLM_F_DUMP, 9, &rtm, sizeof(rtm)) > 0, "send");

	/* 200 routes do not fit one 4 KiB chunk: recvmsg() must make the next ones. */
	while (!done && (n = nlt_recv(sock, buf, NLMSG_GOODSIZE, 0)) > 0) {
		struct nlmsghdr *nlh = (struct nlmsghdr *)buf;

		datagrams++;
		for (; NLMSG_OK(nlh, n); nlh = NLMSG_NEXT(nlh, n)) {
			struct rtmsg *r = NLMSG_DATA(nlh);
			struct nlattr *tb[RTA_MAX + 1];

			if (nlh->nlmsg_type == NLMSG_DONE) {
				done = true;
				break;
			}
			ST_ASSERT(nlh->nlmsg_type == RTM_NEWROUTE, "type %u", nlh->nlmsg_type);
			if (nlmsg_parse(nlh, sizeof(*r), tb, RTA_MAX, NULL) == 0 && tb[RTA_DST] &&
			    (be32_to_cpu(nla_get_in_addr(tb[RTA_DST])) >> 16) == 0x0a4d)
				ours++;
		}
	}
	sock_release(sock);
	kfree(buf);
	err = nlt_routes(200, false);
	ST_ASSERT(done && ours == 200, "done %d, %d of our 200 routes", done, ours);
	ST_ASSERT(datagrams > 1, "one datagram only");
	ST_ASSERT(!err, "removing them: %d", err);
	return 0;
}
DEFINE_SELFTEST("rtnetlink: a long route dump comes in several chunks", rtnetlink_long_dump_test);

static int rtnetlink_setlink_test(void)
{
	struct {
		struct ifinfomsg ifm;
		struct nlattr a;
		u32 v;
	} req = {
		.ifm = { .ifi_family = AF_UNSPEC },
		.a = { .nla_len = NLA_HDRLEN + 4, .nla_type = IFLA_TXQLEN },
	};
	struct {
		struct ifinfomsg ifm;
		struct nlattr a;
		char name[8];
	} mk = {
		.ifm = { .ifi_family = AF_UNSPEC },
		.a = { .nla_len = NLA_HDRLEN + 6, .nla_type = IFLA_IFNAME },
		.name = "nlt0x",
	};
	struct socket *sock;
	unsigned int qlen;
	int n;

	if (!loopback_dev)
		return ST_SKIP;
	sock = nlt_open(0, 0);
	ST_ASSERT(sock, "socket");
	qlen = loopback_dev->tx_queue_len;

	req.ifm.ifi_index = loopback_dev->ifindex;
	req.v = qlen + 7;
	ST_ASSERT(nlt_send(sock, RTM_SETLINK, NLM_F_ACK, 5, &req, sizeof(req)) > 0, "send");
	n = nlt_error(sock, 5);
	ST_ASSERT(n == 0 && loopback_dev->tx_queue_len == qlen + 7, "IFLA_TXQLEN set: %d", n);
	req.v = qlen;
	ST_ASSERT(nlt_send(sock, RTM_NEWLINK, NLM_F_ACK, 6, &req, sizeof(req)) > 0, "send");
	n = nlt_error(sock, 6);
	ST_ASSERT(n == 0 && loopback_dev->tx_queue_len == qlen, "and back: %d", n);

	/* Making a link is not something we do; changing a missing one is ENODEV. */
	ST_ASSERT(nlt_send(sock, RTM_NEWLINK, NLM_F_CREATE | NLM_F_EXCL, 7, &mk, sizeof(mk)) > 0,
		  "send");
	n = nlt_error(sock, 7);
	ST_ASSERT(n == -EOPNOTSUPP, "create: %d", n);
	ST_ASSERT(nlt_send(sock, RTM_SETLINK, 0, 8, &mk, sizeof(mk)) > 0, "send");
	n = nlt_error(sock, 8);
	ST_ASSERT(n == -ENODEV, "unknown name: %d", n);
	sock_release(sock);
	return 0;
}
DEFINE_SELFTEST("rtnetlink: RTM_SETLINK changes a link, never makes one", rtnetlink_setlink_test);
