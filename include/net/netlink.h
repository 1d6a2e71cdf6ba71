/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Netlink inside the kernel (net/netlink/af_netlink.c) and the helpers
 * that build and parse netlink messages and their attributes.
 *
 * Building: a reply is an skb (nlmsg_new()) into which nlmsg_put() opens a
 * message, nla_put*() append attributes and nlmsg_end() closes it (fixes
 * nlmsg_len); nlmsg_cancel() takes a half-built message back out.  Every
 * put fails with -EMSGSIZE, leaving the skb as it was, when the tailroom
 * is short - a dump uses that to know its chunk is full.
 *
 * Parsing: nla_parse() indexes a message's attributes by type after
 * checking each against a policy (minimum length by kind).
 *
 * Delivery: netlink_unicast() queues on one socket by port id,
 * netlink_broadcast() on every member of a group.  A protocol receives
 * the messages user space sends to the kernel through the input function
 * it registered (netlink_kernel_register()), in the sender's context:
 * NETLINK_CB(skb) says who sent it.  Dumps (NLM_F_DUMP) are started with
 * netlink_dump_start() and continued from recvmsg() until the dump
 * function returns 0, then NLMSG_DONE is queued.
 *
 * Locking: delivery takes the socket table's mutex, so it is for process
 * context only (all netlink work is: system calls, notifier chains under
 * rtnl).
 */
#ifndef _NET_NETLINK_H
#define _NET_NETLINK_H

#include <linux/types.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <uapi/linux/netlink.h>

struct sock;

/* What the sender of a message to the kernel was; lives in skb->cb. */
struct netlink_skb_parms {
	u32 portid;			/* sending port */
	u32 dst_group;			/* group a multicast went to (0: unicast) */
	struct sock *sk;		/* the sending socket */
	bool may_admin;			/* sender had CAP_NET_ADMIN */
};
#define NETLINK_CB(skb)		(*(struct netlink_skb_parms *)&((skb)->cb))

/* ------------------------------------------------- building messages */

/* Good size for one chunk of a reply. */
#define NLMSG_GOODSIZE		4096

static inline struct sk_buff *nlmsg_new(size_t payload, gfp_t gfp)
{
	return alloc_skb(NLMSG_ALIGN(payload + NLMSG_HDRLEN), gfp);
}

static inline void *nlmsg_data(const struct nlmsghdr *nlh)
{
	return (unsigned char *)nlh + NLMSG_HDRLEN;
}

static inline int nlmsg_len(const struct nlmsghdr *nlh)
{
	return nlh->nlmsg_len - NLMSG_HDRLEN;
}

/*
 * Open a message of @type with a @payload-byte fixed body (zeroed) at the
 * tail of @skb; NULL if it does not fit.
 */
static inline struct nlmsghdr *nlmsg_put(struct sk_buff *skb, u32 portid, u32 seq,
					 int type, int payload, int flags)
{
	unsigned int room = NLMSG_ALIGN(NLMSG_HDRLEN + payload);
	struct nlmsghdr *nlh;

	if (skb_tailroom(skb) < room)
		return NULL;
	nlh = skb_put_zero(skb, room);
	nlh->nlmsg_len = NLMSG_HDRLEN + payload;
	nlh->nlmsg_type = type;
	nlh->nlmsg_flags = flags;
	nlh->nlmsg_seq = seq;
	nlh->nlmsg_pid = portid;
	return nlh;
}

/* Close @nlh: its length runs to the tail of @skb. */
static inline void nlmsg_end(struct sk_buff *skb, struct nlmsghdr *nlh)
{
	nlh->nlmsg_len = skb_tail_pointer(skb) - (unsigned char *)nlh;
}

/* Remove the half-built @nlh (and everything after it) from @skb. */
static inline void nlmsg_cancel(struct sk_buff *skb, struct nlmsghdr *nlh)
{
	skb_trim(skb, (unsigned char *)nlh - skb->data);
}

/* ----------------------------------------------------------- attributes */

static inline int nla_attr_size(int payload)
{
	return NLA_HDRLEN + payload;
}

static inline int nla_total_size(int payload)
{
	return NLA_ALIGN(nla_attr_size(payload));
}

static inline void *nla_data(const struct nlattr *nla)
{
	return (char *)nla + NLA_HDRLEN;
}

static inline int nla_len(const struct nlattr *nla)
{
	return nla->nla_len - NLA_HDRLEN;
}

static inline int nla_type(const struct nlattr *nla)
{
	return nla->nla_type & NLA_TYPE_MASK;
}

/* Append attribute @type with @len bytes from @data (padding zeroed). */
static inline int nla_put(struct sk_buff *skb, int type, int len, const void *data)
{
	struct nlattr *nla;
	int room = nla_total_size(len);

	if (skb_tailroom(skb) < room)
		return -EMSGSIZE;
	nla = skb_put(skb, room);
	nla->nla_type = type;
	nla->nla_len = nla_attr_size(len);
	memcpy(nla_data(nla), data, len);
	memset((char *)nla_data(nla) + len, 0, room - nla_attr_size(len));
	return 0;
}

static inline int nla_put_u8(struct sk_buff *skb, int type, u8 v)
{
	return nla_put(skb, type, sizeof(v), &v);
}

static inline int nla_put_u16(struct sk_buff *skb, int type, u16 v)
{
	return nla_put(skb, type, sizeof(v), &v);
}

static inline int nla_put_u32(struct sk_buff *skb, int type, u32 v)
{
	return nla_put(skb, type, sizeof(v), &v);
}

static inline int nla_put_s32(struct sk_buff *skb, int type, s32 v)
{
	return nla_put(skb, type, sizeof(v), &v);
}

static inline int nla_put_in_addr(struct sk_buff *skb, int type, __be32 addr)
{
	return nla_put(skb, type, sizeof(addr), &addr);
}

/* A NUL-terminated string attribute. */
static inline int nla_put_string(struct sk_buff *skb, int type, const char *s)
{
	return nla_put(skb, type, strlen(s) + 1, s);
}

static inline u8 nla_get_u8(const struct nlattr *nla)
{
	return *(u8 *)nla_data(nla);
}

static inline u16 nla_get_u16(const struct nlattr *nla)
{
	u16 v;

	memcpy(&v, nla_data(nla), sizeof(v));
	return v;
}

static inline u32 nla_get_u32(const struct nlattr *nla)
{
	u32 v;

	memcpy(&v, nla_data(nla), sizeof(v));
	return v;
}

static inline __be32 nla_get_in_addr(const struct nlattr *nla)
{
	return (__be32)nla_get_u32(nla);
}

/* Kinds of attribute value a policy can ask for. */
enum {
	NLA_UNSPEC,		/* anything (minimum length .len) */
	NLA_U8,
	NLA_U16,
	NLA_U32,
	NLA_U64,
	NLA_STRING,		/* at most .len characters (+ optional NUL) */
	NLA_NUL_STRING,		/* NUL-terminated within .len + 1 */
	NLA_BINARY,		/* at most .len bytes */
	NLA_FLAG,		/* no payload */
	NLA_NESTED,
};

struct nla_policy {
	u16 type;		/* NLA_* */
	u16 len;
};

/*
 * nla_parse - index the attributes in @head..+@len by type into
 * tb[0..@maxtype] (NULL where absent; a repeated type keeps the last).
 * Types above @maxtype are skipped.  -EINVAL for a truncated attribute or
 * one that breaks @policy (NULL: no checks).
 */
int nla_parse(struct nlattr **tb, int maxtype, const struct nlattr *head, int len,
	      const struct nla_policy *policy);

/* The same for a message with a @hdrlen-byte fixed body. */
static inline int nlmsg_parse(const struct nlmsghdr *nlh, int hdrlen, struct nlattr **tb,
			      int maxtype, const struct nla_policy *policy)
{
	if (nlmsg_len(nlh) < hdrlen)
		return -EINVAL;
	return nla_parse(tb, maxtype,
			 (const struct nlattr *)((char *)nlmsg_data(nlh) + NLMSG_ALIGN(hdrlen)),
			 nlmsg_len(nlh) - NLMSG_ALIGN(hdrlen), policy);
}

/* Copy a string attribute into @dst (size @size, always terminated); its length. */
size_t nla_strscpy(char *dst, const struct nlattr *nla, size_t size);

/* --------------------------------------------------- the kernel side */

/*
 * A dump in progress.  The dump function is called repeatedly with a
 * fresh skb; it adds whole messages (NLM_F_MULTI) until the skb is full
 * or it is done, and keeps its place in args[].  It returns > 0 while
 * there is more, 0 when finished, or -errno (ends the dump with it).
 */
struct netlink_callback {
	int (*dump)(struct sk_buff *skb, struct netlink_callback *cb);
	void (*done)(struct netlink_callback *cb);	/* optional cleanup */
	const struct nlmsghdr *nlh;	/* copy of the request */
	u32 portid;			/* the requester */
	u32 seq;
	long args[6];
};

/* A protocol's receive function: one request, in the sender's context. */
typedef int (*netlink_input_t)(struct sk_buff *skb, struct nlmsghdr *nlh);

int netlink_kernel_register(int protocol, netlink_input_t input);

/* Queue @skb on port @portid's socket of @protocol. Consumes it. 0, -ECONNREFUSED, -ENOBUFS. */
int netlink_unicast(int protocol, struct sk_buff *skb, u32 portid);
/*
 * Send a copy of @skb to every @protocol socket in @group (1-based) but
 * @exclude_portid; consumes @skb.  0, or -ESRCH if nobody listens.
 */
int netlink_broadcast(int protocol, struct sk_buff *skb, u32 exclude_portid, u32 group);
/* Is anyone subscribed to @group of @protocol? */
bool netlink_has_listeners(int protocol, u32 group);

/*
 * netlink_dump_start - answer the request @nlh in @in_skb with a dump.
 * The first chunk is queued right away, the rest as the reader makes
 * room.  Returns NETLINK_DUMP_STARTED, which the input function passes
 * back so that no acknowledgement follows, or -errno.
 */
#define NETLINK_DUMP_STARTED	1
int netlink_dump_start(struct sk_buff *in_skb, const struct nlmsghdr *nlh,
		       int (*dump)(struct sk_buff *skb, struct netlink_callback *cb),
		       void (*done)(struct netlink_callback *cb));

/* Queue an NLMSG_ERROR for @nlh (in @in_skb) with @err (0: an ACK). */
void netlink_ack(struct sk_buff *in_skb, const struct nlmsghdr *nlh, int err);

/* ---------------------------------------------- rtnetlink (core/rtnetlink.c) */

/* Send @skb to the members of RTNLGRP @group (and echo to @pid if asked). */
void rtnl_notify(struct sk_buff *skb, u32 pid, u32 group, const struct nlmsghdr *nlh);
/* Tell RTNLGRP_IPV4_IFADDR / _ROUTE listeners about a change (rtnl held). */
struct in_ifaddr;
struct ip_route_entry;
void rtmsg_ifa(int event, const struct in_ifaddr *ifa, u32 pid, u32 seq);
void rtmsg_route(int event, const struct ip_route_entry *e, u32 pid, u32 seq);

#endif /* _NET_NETLINK_H */
