// SPDX-License-Identifier: GPL-2.0-only
/*
 * AF_NETLINK sockets (netlink(7)): datagram messages between user space
 * and kernel subsystems.  Only the protocols that registered an input
 * function exist (NETLINK_ROUTE, net/core/rtnetlink.c); socket() on any
 * other gives EPROTONOSUPPORT.
 *
 * Addresses: a socket has a 32-bit port id, unique per protocol, and a set
 * of multicast groups (1..64).  bind() picks the port id (0: the caller's
 * tgid if free, else a negative one counting down from -4096); sending
 * or connecting binds implicitly.  Port 0 is the kernel.
 *
 * To the kernel: sendmsg() runs the protocol's input function for each
 * message in the buffer right there, in the sender's context; errors and
 * NLM_F_ACK requests are answered with NLMSG_ERROR.  Replies are queued
 * on the sender like any datagram.  A dump (NLM_F_DUMP) queues a first
 * chunk of messages and is continued by recvmsg() whenever the receive
 * queue has drained to half the buffer, ending with NLMSG_DONE.
 *
 * Locking: nl_table_lock (a mutex) covers the socket table, the port ids
 * and group sets; delivery runs under it, so it is process context only.
 * A socket's dump state is under its own dump_lock, which is never held
 * while taking nl_table_lock... except through delivery of the dump's
 * chunk (dump_lock -> nl_table_lock is the one order).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/mutex.h>
#include <linux/list.h>
#include <linux/sched.h>
#include <linux/capability.h>
#include <linux/skbuff.h>
#include <linux/net.h>
#include <linux/socket.h>
#include <linux/uio.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <net/sock.h>
#include <net/ip.h>
#include <net/netlink.h>
#include <uapi/linux/netlink.h>

struct netlink_sock {
	struct sock sk;			/* first: a struct sock * is one of these */
	struct list_head node;		/* on nl_sockets */
	u32 portid;
	bool bound;
	u32 dst_portid;			/* connect()ed peer */
	u32 dst_group;
	u64 groups;			/* bit g-1 set: member of group g */
	bool pktinfo;			/* NETLINK_PKTINFO */
	bool cap_ack;			/* NETLINK_CAP_ACK */
	bool ext_ack;			/* NETLINK_EXT_ACK (accepted, no TLVs sent) */
	bool no_enobufs;		/* NETLINK_NO_ENOBUFS */
	bool broadcast_error;		/* NETLINK_BROADCAST_ERROR (accepted) */
	bool strict_chk;		/* NETLINK_GET_STRICT_CHK (accepted) */
	unsigned int max_recvmsg_len;	/* biggest buffer recvmsg() saw: dump chunk size */

	struct mutex dump_lock;
	bool dump_running;
	struct netlink_callback cb;
};

#define NL_GROUPS_MAX		64
#define NL_AUTOBIND_FIRST	(-4096)

static inline struct netlink_sock *nl_sk(const struct sock *sk)
{
	return (struct netlink_sock *)sk;
}

static DEFINE_MUTEX(nl_table_lock);
static LIST_HEAD(nl_sockets);
static netlink_input_t nl_inputs[MAX_LINKS];
static s32 nl_next_autobind = NL_AUTOBIND_FIRST;

static struct proto netlink_proto = {
	.name = "NETLINK",
	.obj_size = sizeof(struct netlink_sock),
};

int netlink_kernel_register(int protocol, netlink_input_t input)
{
	if (protocol < 0 || protocol >= MAX_LINKS)
		return -EINVAL;
	mutex_lock(&nl_table_lock);
	nl_inputs[protocol] = input;
	mutex_unlock(&nl_table_lock);
	return 0;
}

/* ------------------------------------------------------- port ids */

/* The bound socket of @protocol with port @portid; nl_table_lock held. */
static struct netlink_sock *nl_find_port(int protocol, u32 portid)
{
	struct netlink_sock *nlk;

	list_for_each_entry(nlk, &nl_sockets, node) {
		if (nlk->sk.sk_protocol == protocol && nlk->bound && nlk->portid == portid)
			return nlk;
	}
	return NULL;
}

/* Give @nlk a port id (@portid, or any free one if 0).  nl_table_lock held. */
static int nl_assign_port(struct netlink_sock *nlk, u32 portid)
{
	int protocol = nlk->sk.sk_protocol;

	if (nlk->bound)
		return portid && portid != nlk->portid ? -EINVAL : 0;
	if (portid) {
		if (nl_find_port(protocol, portid))
			return -EADDRINUSE;
	} else {
		portid = current->tgid;
		while (!portid || nl_find_port(protocol, portid)) {
			portid = (u32)nl_next_autobind--;
			if (nl_next_autobind >= 0)	/* wrapped all the way */
				nl_next_autobind = NL_AUTOBIND_FIRST;
		}
	}
	nlk->portid = portid;
	nlk->bound = true;
	return 0;
}

static int nl_autobind(struct netlink_sock *nlk)
{
	int err;

	if (READ_ONCE(nlk->bound))
		return 0;
	mutex_lock(&nl_table_lock);
	err = nl_assign_port(nlk, 0);
	mutex_unlock(&nl_table_lock);
	return err;
}

/* ------------------------------------------------------------ delivery */

/*
 * Put @skb on @sk's receive queue.  A full queue drops it and tells the
 * owner with ENOBUFS (unless NETLINK_NO_ENOBUFS).  @force skips the
 * buffer check (a dump chunk whose room was checked before it was made).
 */
static int nl_deliver(struct sock *sk, struct sk_buff *skb, bool force)
{
	if (!force && atomic_read(&sk->sk_rmem_alloc) >= sk->sk_rcvbuf &&
	    !skb_queue_empty(&sk->sk_receive_queue)) {
		if (!nl_sk(sk)->no_enobufs)
			sk_report_error(sk, ENOBUFS);
		kfree_skb(skb);
		return -ENOBUFS;
	}
	skb_orphan(skb);
	skb_set_owner_r(skb, sk);
	skb_queue_tail(&sk->sk_receive_queue, skb);
	sk->sk_data_ready(sk);
	return 0;
}

int netlink_unicast(int protocol, struct sk_buff *skb, u32 portid)
{
	struct netlink_sock *nlk;
	int err;

	mutex_lock(&nl_table_lock);
	nlk = nl_find_port(protocol, portid);
	if (!nlk) {
		mutex_unlock(&nl_table_lock);
		kfree_skb(skb);
		return -ECONNREFUSED;
	}
	err = nl_deliver(&nlk->sk, skb, false);
	mutex_unlock(&nl_table_lock);
	return err;
}

static bool nl_in_group(const struct netlink_sock *nlk, u32 group)
{
	return group && group <= NL_GROUPS_MAX && (nlk->groups & (1ULL << (group - 1)));
}

bool netlink_has_listeners(int protocol, u32 group)
{
	struct netlink_sock *nlk;
	bool any = false;

	mutex_lock(&nl_table_lock);
	list_for_each_entry(nlk, &nl_sockets, node) {
		if (nlk->sk.sk_protocol == protocol && nl_in_group(nlk, group)) {
			any = true;
			break;
		}
	}
	mutex_unlock(&nl_table_lock);
	return any;
}

int netlink_broadcast(int protocol, struct sk_buff *skb, u32 exclude_portid, u32 group)
{
	struct netlink_sock *nlk;
	int delivered = 0;
	u32 from = NETLINK_CB(skb).portid;

	mutex_lock(&nl_table_lock);
	list_for_each_entry(nlk, &nl_sockets, node) {
		struct sk_buff *copy;

		if (nlk->sk.sk_protocol != protocol || !nl_in_group(nlk, group))
			continue;
		if (exclude_portid && nlk->bound && nlk->portid == exclude_portid)
			continue;
		copy = skb_copy(skb, GFP_KERNEL);
		if (!copy) {
			if (!nlk->no_enobufs)
				sk_report_error(&nlk->sk, ENOBUFS);
			continue;
		}
		memset(copy->cb, 0, sizeof(copy->cb));
		NETLINK_CB(copy).portid = from;
		NETLINK_CB(copy).dst_group = group;
		if (nl_deliver(&nlk->sk, copy, false) == 0)
			delivered++;
	}
	mutex_unlock(&nl_table_lock);
	consume_skb(skb);
	return delivered ? 0 : -ESRCH;
}

/* ------------------------------------------------- acks and dumps */

void netlink_ack(struct sk_buff *in_skb, const struct nlmsghdr *nlh, int err)
{
	struct sock *sk = NETLINK_CB(in_skb).sk;
	bool whole = err && !(sk && nl_sk(sk)->cap_ack);
	size_t body = sizeof(struct nlmsgerr) + (whole ? nlmsg_len(nlh) : 0);
	struct nlmsghdr *rep;
	struct nlmsgerr *e;
	struct sk_buff *skb;

	if (!sk)
		return;
	skb = nlmsg_new(body, GFP_KERNEL);
	if (!skb) {
		sk_report_error(sk, ENOBUFS);
		return;
	}
	rep = nlmsg_put(skb, NETLINK_CB(in_skb).portid, nlh->nlmsg_seq, NLMSG_ERROR, body,
			whole || !err ? 0 : NLM_F_CAPPED);
	e = nlmsg_data(rep);
	e->error = err;
	memcpy(&e->msg, nlh, whole ? nlh->nlmsg_len : sizeof(*nlh));
	NETLINK_CB(skb).portid = 0;
	nl_deliver(sk, skb, false);
}

/* Finish the dump of @nlk (dump_lock held). */
static void nl_dump_finish(struct netlink_sock *nlk)
{
	if (nlk->cb.done)
		nlk->cb.done(&nlk->cb);
	kfree(nlk->cb.nlh);
	memset(&nlk->cb, 0, sizeof(nlk->cb));
	nlk->dump_running = false;
}

/*
 * Make and queue the next chunk of @sk's dump if one is running and the
 * receive queue has room for it.
 */
static void netlink_dump(struct sock *sk)
{
	struct netlink_sock *nlk = nl_sk(sk);
	struct netlink_callback *cb = &nlk->cb;
	unsigned int size;
	struct sk_buff *skb;
	struct nlmsghdr *done;
	int ret;

	mutex_lock(&nlk->dump_lock);
	if (!nlk->dump_running ||
	    atomic_read(&sk->sk_rmem_alloc) > sk->sk_rcvbuf / 2) {
		mutex_unlock(&nlk->dump_lock);
		return;
	}

	/* As big as the reader's buffer has been (at least a page, at most 32 KiB). */
	size = clamp_t(unsigned int, nlk->max_recvmsg_len, NLMSG_GOODSIZE, 32768);
	skb = alloc_skb(size, GFP_KERNEL);
	if (!skb) {
		sk_report_error(sk, ENOBUFS);
		mutex_unlock(&nlk->dump_lock);
		return;
	}
	ret = cb->dump(skb, cb);
	if (ret > 0 && skb->len == 0)
		ret = -EMSGSIZE;	/* one message bigger than a whole chunk */
	if (ret > 0) {
		nl_deliver(sk, skb, true);
		mutex_unlock(&nlk->dump_lock);
		return;
	}

	/* The end: NLMSG_DONE carries the result, in this chunk if it fits. */
	done = nlmsg_put(skb, cb->portid, cb->seq, NLMSG_DONE, sizeof(int), NLM_F_MULTI);
	if (!done) {
		nl_deliver(sk, skb, true);
		skb = alloc_skb(NLMSG_GOODSIZE, GFP_KERNEL);
		done = skb ? nlmsg_put(skb, cb->portid, cb->seq, NLMSG_DONE, sizeof(int),
				       NLM_F_MULTI) : NULL;
	}
	if (done) {
		memcpy(nlmsg_data(done), &ret, sizeof(ret));
		nl_deliver(sk, skb, true);
	} else {
		sk_report_error(sk, ENOBUFS);
	}
	nl_dump_finish(nlk);
	mutex_unlock(&nlk->dump_lock);
}

int netlink_dump_start(struct sk_buff *in_skb, const struct nlmsghdr *nlh,
		       int (*dump)(struct sk_buff *skb, struct netlink_callback *cb),
		       void (*done)(struct netlink_callback *cb))
{
	struct sock *sk = NETLINK_CB(in_skb).sk;
	struct netlink_sock *nlk;
	struct nlmsghdr *copy;

	if (!sk)
		return -EINVAL;
	nlk = nl_sk(sk);
	copy = kmemdup(nlh, nlh->nlmsg_len, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;

	mutex_lock(&nlk->dump_lock);
	if (nlk->dump_running) {
		mutex_unlock(&nlk->dump_lock);
		kfree(copy);
		return -EBUSY;
	}
	memset(&nlk->cb, 0, sizeof(nlk->cb));
	nlk->cb.dump = dump;
	nlk->cb.done = done;
	nlk->cb.nlh = copy;
	nlk->cb.portid = NETLINK_CB(in_skb).portid;
	nlk->cb.seq = nlh->nlmsg_seq;
	nlk->dump_running = true;
	mutex_unlock(&nlk->dump_lock);

	netlink_dump(sk);
	return NETLINK_DUMP_STARTED;
}

/* ------------------------------------------------ messages to the kernel */

/* Run every request in @skb through @input, acknowledging as asked. */
static void nl_kernel_input(struct sk_buff *skb, netlink_input_t input)
{
	unsigned char *at = skb->data;
	unsigned int left = skb->len;

	while (left >= NLMSG_HDRLEN) {
		struct nlmsghdr *nlh = (struct nlmsghdr *)at;
		unsigned int step;
		int err = 0;

		if (nlh->nlmsg_len < NLMSG_HDRLEN || nlh->nlmsg_len > left)
			return;		/* a broken message ends the batch */

		if (nlh->nlmsg_flags & NLM_F_REQUEST) {
			if (nlh->nlmsg_type >= NLMSG_MIN_TYPE)
				err = input(skb, nlh);
			if (err != NETLINK_DUMP_STARTED &&
			    (err || (nlh->nlmsg_flags & NLM_F_ACK)))
				netlink_ack(skb, nlh, err);
		}

		step = NLMSG_ALIGN(nlh->nlmsg_len);
		if (step >= left)
			return;
		at += step;
		left -= step;
	}
}

/* ---------------------------------------------------------- socket ops */

static int netlink_release(struct socket *sock)
{
	struct sock *sk = sock->sk;
	struct netlink_sock *nlk;

	if (!sk)
		return 0;
	nlk = nl_sk(sk);

	mutex_lock(&nl_table_lock);
	list_del_init(&nlk->node);
	nlk->bound = false;
	nlk->groups = 0;
	mutex_unlock(&nl_table_lock);

	mutex_lock(&nlk->dump_lock);
	if (nlk->dump_running)
		nl_dump_finish(nlk);
	mutex_unlock(&nlk->dump_lock);

	sock_orphan(sk);
	sock->sk = NULL;
	skb_queue_purge(&sk->sk_receive_queue);
	sock_put(sk);
	return 0;
}

static int netlink_bind(struct socket *sock, struct sockaddr *addr, int addrlen)
{
	struct netlink_sock *nlk = nl_sk(sock->sk);
	struct sockaddr_nl *nla = (struct sockaddr_nl *)addr;
	int err;

	if (addrlen < (int)sizeof(*nla) || nla->nl_family != AF_NETLINK)
		return -EINVAL;

	mutex_lock(&nl_table_lock);
	err = nl_assign_port(nlk, nla->nl_pid);
	if (!err)
		nlk->groups = (nlk->groups & ~0xffffffffULL) | nla->nl_groups;
	mutex_unlock(&nl_table_lock);
	return err;
}

static int netlink_connect(struct socket *sock, struct sockaddr *addr, int addrlen,
			   int flags)
{
	struct netlink_sock *nlk = nl_sk(sock->sk);
	struct sockaddr_nl *nla = (struct sockaddr_nl *)addr;

	if (addrlen < (int)sizeof(addr->sa_family))
		return -EINVAL;
	if (addr->sa_family == AF_UNSPEC) {
		nlk->dst_portid = 0;
		nlk->dst_group = 0;
		sock->state = SS_UNCONNECTED;
		return 0;
	}
	if (addrlen < (int)sizeof(*nla) || nla->nl_family != AF_NETLINK)
		return -EINVAL;
	if (nla->nl_groups && !capable(CAP_NET_ADMIN))
		return -EPERM;
	nlk->dst_portid = nla->nl_pid;
	nlk->dst_group = nla->nl_groups ? __builtin_ffs(nla->nl_groups) : 0;
	sock->state = SS_CONNECTED;
	return nl_autobind(nlk);
}

static int netlink_getname(struct socket *sock, struct sockaddr *addr, int peer)
{
	struct netlink_sock *nlk = nl_sk(sock->sk);
	struct sockaddr_nl *nla = (struct sockaddr_nl *)addr;

	memset(nla, 0, sizeof(*nla));
	nla->nl_family = AF_NETLINK;
	if (peer) {
		nla->nl_pid = nlk->dst_portid;
		nla->nl_groups = nlk->dst_group ? 1U << (nlk->dst_group - 1) : 0;
	} else {
		nla->nl_pid = nlk->bound ? nlk->portid : 0;
		nla->nl_groups = (u32)nlk->groups;
	}
	return sizeof(*nla);
}

static int netlink_set_membership(struct netlink_sock *nlk, u32 group, bool join)
{
	if (group == 0 || group > NL_GROUPS_MAX)
		return -EINVAL;
	mutex_lock(&nl_table_lock);
	if (join)
		nlk->groups |= 1ULL << (group - 1);
	else
		nlk->groups &= ~(1ULL << (group - 1));
	mutex_unlock(&nl_table_lock);
	return 0;
}

static int netlink_setsockopt(struct socket *sock, int level, int optname,
			      const void *optval, unsigned int optlen)
{
	struct netlink_sock *nlk = nl_sk(sock->sk);
	int val;

	if (level != SOL_NETLINK)
		return -ENOPROTOOPT;
	if (optlen < sizeof(int))
		return -EINVAL;
	memcpy(&val, optval, sizeof(val));

	switch (optname) {
	case NETLINK_ADD_MEMBERSHIP:
	case NETLINK_DROP_MEMBERSHIP: {
		int err = nl_autobind(nlk);

		if (err)
			return err;
		return netlink_set_membership(nlk, (u32)val,
					      optname == NETLINK_ADD_MEMBERSHIP);
	}
	case NETLINK_PKTINFO:
		nlk->pktinfo = !!val;
		return 0;
	case NETLINK_CAP_ACK:
		nlk->cap_ack = !!val;
		return 0;
	case NETLINK_EXT_ACK:
		nlk->ext_ack = !!val;
		return 0;
	case NETLINK_NO_ENOBUFS:
		nlk->no_enobufs = !!val;
		return 0;
	case NETLINK_BROADCAST_ERROR:
		nlk->broadcast_error = !!val;
		return 0;
	case NETLINK_GET_STRICT_CHK:
		nlk->strict_chk = !!val;
		return 0;
	case NETLINK_LISTEN_ALL_NSID:
		return 0;	/* one namespace: nothing more to hear */
	}
	return -ENOPROTOOPT;
}

static int netlink_getsockopt(struct socket *sock, int level, int optname,
			      void *optval, int *optlen)
{
	struct netlink_sock *nlk = nl_sk(sock->sk);
	int val;

	if (level != SOL_NETLINK)
		return -ENOPROTOOPT;

	switch (optname) {
	case NETLINK_LIST_MEMBERSHIPS: {
		u32 words[NL_GROUPS_MAX / 32] = { (u32)nlk->groups, (u32)(nlk->groups >> 32) };
		int room = *optlen;

		if (room < 0)
			return -EINVAL;
		memcpy(optval, words, min_t(int, room, (int)sizeof(words)));
		*optlen = sizeof(words);
		return 0;
	}
	case NETLINK_PKTINFO:
		val = nlk->pktinfo;
		break;
	case NETLINK_CAP_ACK:
		val = nlk->cap_ack;
		break;
	case NETLINK_EXT_ACK:
		val = nlk->ext_ack;
		break;
	case NETLINK_NO_ENOBUFS:
		val = nlk->no_enobufs;
		break;
	case NETLINK_BROADCAST_ERROR:
		val = nlk->broadcast_error;
		break;
	case NETLINK_GET_STRICT_CHK:
		val = nlk->strict_chk;
		break;
	default:
		return -ENOPROTOOPT;
	}
	if (*optlen < (int)sizeof(int))
		return -EINVAL;
	memcpy(optval, &val, sizeof(val));
	*optlen = sizeof(val);
	return 0;
}

static int netlink_sendmsg(struct socket *sock, struct msghdr *msg, size_t len)
{
	struct sock *sk = sock->sk;
	struct netlink_sock *nlk = nl_sk(sk);
	u32 dst_portid = nlk->dst_portid, dst_group = nlk->dst_group;
	netlink_input_t input;
	struct sk_buff *skb;
	int err;

	if (msg->msg_flags & MSG_OOB)
		return -EOPNOTSUPP;
	if (msg->msg_name) {
		struct sockaddr_nl *to = msg->msg_name;

		if (msg->msg_namelen < (int)sizeof(*to) || to->nl_family != AF_NETLINK)
			return -EINVAL;
		dst_portid = to->nl_pid;
		dst_group = to->nl_groups ? __builtin_ffs(to->nl_groups) : 0;
		if (dst_group && !capable(CAP_NET_ADMIN))
			return -EPERM;
	}
	err = nl_autobind(nlk);
	if (err)
		return err;
	if (len > (size_t)sk->sk_sndbuf - 32)
		return -EMSGSIZE;

	skb = alloc_skb(len, GFP_KERNEL);
	if (!skb)
		return -ENOBUFS;
	if (skb_put_from_iter(skb, &msg->msg_iter, len)) {
		kfree_skb(skb);
		return -EFAULT;
	}
	memset(skb->cb, 0, sizeof(skb->cb));
	NETLINK_CB(skb).portid = nlk->portid;
	NETLINK_CB(skb).dst_group = dst_group;
	NETLINK_CB(skb).sk = sk;
	NETLINK_CB(skb).may_admin = capable(CAP_NET_ADMIN);

	if (dst_group) {
		struct sk_buff *copy = dst_portid ? skb_copy(skb, GFP_KERNEL) : NULL;

		netlink_broadcast(sk->sk_protocol, skb, nlk->portid, dst_group);
		if (!dst_portid)
			return len;
		if (!copy)
			return -ENOBUFS;
		skb = copy;
		NETLINK_CB(skb).dst_group = 0;
	}

	if (dst_portid) {
		NETLINK_CB(skb).sk = NULL;
		err = netlink_unicast(sk->sk_protocol, skb, dst_portid);
		return err ? err : (int)len;
	}

	/* To the kernel: the protocol handles it now, in our context. */
	input = READ_ONCE(nl_inputs[sk->sk_protocol]);
	if (input)
		nl_kernel_input(skb, input);
	consume_skb(skb);
	return len;
}

static int netlink_recvmsg(struct socket *sock, struct msghdr *msg, size_t len, int flags)
{
	struct sock *sk = sock->sk;
	struct netlink_sock *nlk = nl_sk(sk);
	struct sk_buff *skb;
	size_t copied;
	int err;

	if (flags & MSG_OOB)
		return -EOPNOTSUPP;
	if (len > nlk->max_recvmsg_len)
		nlk->max_recvmsg_len = min_t(size_t, len, 32768);

	skb = skb_recv_datagram(sk, flags, &err);
	if (!skb)
		return err;

	copied = min_t(size_t, len, skb->len);
	if (copied < skb->len)
		msg->msg_flags |= MSG_TRUNC;
	err = skb_copy_datagram_iter(skb, 0, &msg->msg_iter, copied);
	if (err) {
		skb_free_datagram(sk, skb);
		return err;
	}

	if (msg->msg_name) {
		struct sockaddr_nl *from = msg->msg_name;
		u32 group = NETLINK_CB(skb).dst_group;

		memset(from, 0, sizeof(*from));
		from->nl_family = AF_NETLINK;
		from->nl_pid = NETLINK_CB(skb).portid;
		from->nl_groups = group && group <= 32 ? 1U << (group - 1) : 0;
		msg->msg_namelen = sizeof(*from);
	}
	if (nlk->pktinfo) {
		struct nl_pktinfo info = { .group = NETLINK_CB(skb).dst_group };

		put_cmsg(msg, SOL_NETLINK, NETLINK_PKTINFO, sizeof(info), &info);
	}
	if (flags & MSG_TRUNC)
		copied = skb->len;
	skb_free_datagram(sk, skb);

	/* A reader made room: the next chunk of a running dump. */
	if (!(flags & MSG_PEEK) && READ_ONCE(nlk->dump_running))
		netlink_dump(sk);
	return copied;
}

static const struct proto_ops netlink_ops = {
	.family = AF_NETLINK,
	.release = netlink_release,
	.bind = netlink_bind,
	.connect = netlink_connect,
	.getname = netlink_getname,
	.poll = datagram_poll,
	.setsockopt = netlink_setsockopt,
	.getsockopt = netlink_getsockopt,
	.sendmsg = netlink_sendmsg,
	.recvmsg = netlink_recvmsg,
};

static int netlink_create(struct socket *sock, int protocol, int kern)
{
	struct netlink_sock *nlk;
	struct sock *sk;

	if (sock->type != SOCK_RAW && sock->type != SOCK_DGRAM)
		return -ESOCKTNOSUPPORT;
	if (protocol < 0 || protocol >= MAX_LINKS || !READ_ONCE(nl_inputs[protocol]))
		return -EPROTONOSUPPORT;

	sk = sk_alloc(AF_NETLINK, GFP_KERNEL, &netlink_proto, kern);
	if (!sk)
		return -ENOMEM;
	sock_init_data(sock, sk);
	sock->ops = &netlink_ops;
	sk->sk_protocol = protocol;

	nlk = nl_sk(sk);
	mutex_init(&nlk->dump_lock);
	INIT_LIST_HEAD(&nlk->node);
	mutex_lock(&nl_table_lock);
	list_add_tail(&nlk->node, &nl_sockets);
	mutex_unlock(&nl_table_lock);
	return 0;
}

static const struct net_proto_family netlink_family = {
	.family = AF_NETLINK,
	.create = netlink_create,
};

/* ------------------------------------------------------- attributes */

static bool nla_fits_policy(const struct nlattr *nla, const struct nla_policy *pol)
{
	int len = nla_len(nla);
	const char *s = nla_data(nla);

	switch (pol->type) {
	case NLA_U8:
		return len >= 1;
	case NLA_U16:
		return len >= 2;
	case NLA_U32:
		return len >= 4;
	case NLA_U64:
		return len >= 8;
	case NLA_FLAG:
		return len == 0;
	case NLA_STRING:
		if (len > 0 && s[len - 1] == '\0')
			len--;
		return !pol->len || len <= pol->len;
	case NLA_NUL_STRING:
		return len > 0 && memchr(s, '\0', len) &&
		       (!pol->len || strnlen(s, len) <= pol->len);
	case NLA_BINARY:
		return !pol->len || len <= pol->len;
	case NLA_NESTED:
		return len == 0 || len >= NLA_HDRLEN;
	}
	return len >= pol->len;
}

int nla_parse(struct nlattr **tb, int maxtype, const struct nlattr *head, int len,
	      const struct nla_policy *policy)
{
	const struct nlattr *nla = head;

	memset(tb, 0, sizeof(*tb) * (maxtype + 1));
	while (len >= NLA_HDRLEN) {
		int type = nla_type(nla);

		if (nla->nla_len < NLA_HDRLEN || nla->nla_len > len)
			return -EINVAL;
		if (type > 0 && type <= maxtype) {
			if (policy && !nla_fits_policy(nla, &policy[type]))
				return -EINVAL;
			tb[type] = (struct nlattr *)nla;
		}
		if ((int)NLA_ALIGN(nla->nla_len) >= len)
			return 0;
		len -= NLA_ALIGN(nla->nla_len);
		nla = (const struct nlattr *)((const char *)nla + NLA_ALIGN(nla->nla_len));
	}
	return 0;
}

size_t nla_strscpy(char *dst, const struct nlattr *nla, size_t size)
{
	size_t n = strnlen(nla_data(nla), nla_len(nla));

	if (n >= size)
		n = size - 1;
	memcpy(dst, nla_data(nla), n);
	dst[n] = '\0';
	return n;
}

/* /proc/net/netlink: one line per socket, the columns Linux prints (no addresses shown). */
static int netlink_proc_show(struct seq_file *m, void *v)
{
	struct netlink_sock *nlk;

	seq_puts(m, "sk               Eth Pid        Groups   Rmem     Wmem     Dump  Locks    "
		 "Drops    Inode\n");
	mutex_lock(&nl_table_lock);
	list_for_each_entry(nlk, &nl_sockets, node) {
		struct sock *sk = &nlk->sk;

		seq_printf(m, "%016x %-3d %-10u %08x %-8d %-8d %-5d %-8d %-8u %-8lu\n", 0,
			   sk->sk_protocol, nlk->bound ? nlk->portid : 0, (u32)nlk->groups,
			   atomic_read(&sk->sk_rmem_alloc), atomic_read(&sk->sk_wmem_alloc),
			   nlk->dump_running, atomic_read(&sk->sk_refcnt), 0, sk->sk_ino);
	}
	mutex_unlock(&nl_table_lock);
	return 0;
}

static int __init netlink_init(void)
{
	int err = proto_register(&netlink_proto);

	if (err)
		return err;
	err = sock_register(&netlink_family);
	if (err)
		return err;
	if (proc_net)
		proc_create_single("netlink", 0444, proc_net, netlink_proc_show);
	return 0;
}
subsys_initcall(netlink_init);
