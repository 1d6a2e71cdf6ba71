// SPDX-License-Identifier: GPL-2.0-only
/*
 * AF_PACKET sockets (packet(7)): frames to and from a network device at
 * the link layer.  SOCK_RAW sees and sends whole frames, link header
 * included; SOCK_DGRAM sees the payload after the link header and has
 * the header built from the destination sockaddr_ll when sending.
 *
 * Receiving: a socket with a protocol (socket()'s third argument or
 * bind()'s sll_protocol, an EtherType in network order) registers a
 * packet_type with the device layer; ETH_P_ALL makes it a tap that also
 * sees outgoing frames (PACKET_OUTGOING).  The handler runs in process
 * context (netrx thread) or from the transmit path, owns the skb it is
 * given (a copy for taps), and must not sleep: it positions the data for
 * the socket type, runs the attached classic BPF filter (which may drop
 * the frame or cut it short), notes the link-level source in skb->cb and
 * queues it, counting drops when the receive buffer is full.
 *
 * Sending: sendmsg() builds one frame for the device named in the
 * sockaddr_ll (or bound to) and hands it to dev_queue_xmit().
 *
 * Locking: packet_list_lock (a mutex) guards the list of sockets that
 * /proc/net/packet shows.  bind_lock (a mutex) serialises changes of the binding
 * (protocol, device) and of the registered hook; dev_remove_pack() waits
 * for handlers still running, so a released socket is never reached
 * from the receive path.  The statistics are atomics.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/mutex.h>
#include <linux/capability.h>
#include <linux/skbuff.h>
#include <linux/netdevice.h>
#include <linux/net.h>
#include <linux/socket.h>
#include <linux/uio.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <net/sock.h>
#include <net/ip.h>
#include <uapi/linux/if_packet.h>
#include <uapi/linux/capability.h>
#include <uapi/linux/sockios.h>
#include <asm/uaccess.h>

struct packet_sock {
	struct sock sk;			/* first: a struct sock * is one of these */
	struct list_head node;		/* on packet_sockets (/proc/net/packet) */
	struct mutex bind_lock;
	struct packet_type hook;	/* registered while running */
	bool running;
	__be16 protocol;		/* 0: receives nothing */
	int ifindex;			/* 0: every device */
	struct net_device *bound_dev;	/* held while bound to one */
	bool auxdata;			/* PACKET_AUXDATA */
	bool ignore_outgoing;		/* PACKET_IGNORE_OUTGOING */
	atomic_t stat_packets;		/* PACKET_STATISTICS */
	atomic_t stat_drops;
};

/* What a queued frame carries for recvmsg(). */
struct packet_rx_cb {
	struct sockaddr_ll from;
	u32 wire_len;			/* before any filter cut */
	u16 net_off;			/* network header offset from data */
};
#define PACKET_RX_CB(skb)	((struct packet_rx_cb *)(skb)->cb)

static inline struct packet_sock *pkt_sk(const struct sock *sk)
{
	return (struct packet_sock *)sk;
}

static DEFINE_MUTEX(packet_list_lock);
static LIST_HEAD(packet_sockets);

static struct proto packet_proto = {
	.name = "PACKET",
	.obj_size = sizeof(struct packet_sock),
};

/* ------------------------------------------------------------ receive */

static int packet_rcv(struct sk_buff *skb, struct net_device *dev, struct packet_type *pt)
{
	struct sock *sk = pt->af_packet_priv;
	struct packet_sock *po = pkt_sk(sk);
	unsigned char *mac, *net;
	struct packet_rx_cb *cb;
	u8 ha[MAX_ADDR_LEN];
	u32 wire_len;
	int halen = 0;

	if (skb->pkt_type == PACKET_OUTGOING && po->ignore_outgoing)
		goto drop;
	if (skb->pkt_type == PACKET_LOOPBACK)
		goto drop;

	/* A frame on its way out has data at the link header already. */
	if (!skb_mac_header_was_set(skb))
		skb_reset_mac_header(skb);
	mac = skb_mac_header(skb);
	if (skb->network_header != SKB_HEADER_UNSET && skb_network_header(skb) >= mac)
		net = skb_network_header(skb);
	else
		net = mac + dev->hard_header_len;
	if (mac < skb->data)
		skb_push(skb, skb->data - mac);
	if (net > skb_tail_pointer(skb))
		net = skb_tail_pointer(skb);
	skb->network_header = net - skb->head;
	wire_len = skb->len;

	/* SOCK_DGRAM: the link header is not the reader's business. */
	if (sk->sk_type == SOCK_DGRAM)
		skb_pull(skb, net - skb->data);

	if (sk_filter(sk, skb))
		goto drop;		/* not for this socket: not counted */
	atomic_inc(&po->stat_packets);

	if (dev->header_ops && dev->header_ops->parse)
		halen = dev->header_ops->parse(skb, ha);
	if (halen < 0)
		halen = 0;

	cb = PACKET_RX_CB(skb);
	memset(cb, 0, sizeof(*cb));
	cb->from.sll_family = AF_PACKET;
	cb->from.sll_protocol = skb->protocol;
	cb->from.sll_ifindex = dev->ifindex;
	cb->from.sll_hatype = dev->type;
	cb->from.sll_pkttype = skb->pkt_type;
	cb->from.sll_halen = min_t(int, halen, sizeof(cb->from.sll_addr));
	memcpy(cb->from.sll_addr, ha, cb->from.sll_halen);
	cb->wire_len = wire_len - (sk->sk_type == SOCK_DGRAM ? (net - mac) : 0);
	cb->net_off = sk->sk_type == SOCK_DGRAM ? 0 : net - mac;

	if (atomic_read(&sk->sk_rmem_alloc) >= READ_ONCE(sk->sk_rcvbuf)) {
		atomic_inc(&po->stat_drops);
		goto drop;
	}
	skb_orphan(skb);
	skb->dev = NULL;	/* the queue may outlive the device; cb has the ifindex */
	skb_set_owner_r(skb, sk);
	skb_queue_tail(&sk->sk_receive_queue, skb);
	if (!sock_flag(sk, SOCK_DEAD))
		sk->sk_data_ready(sk);
	return NET_RX_SUCCESS;

drop:
	kfree_skb(skb);
	return NET_RX_DROP;
}

/* ------------------------------------------------------------ binding */

/* (Re)attach @po to @protocol on @dev (NULL: all; taken over, held). bind_lock held. */
static void packet_rehook(struct packet_sock *po, __be16 protocol, struct net_device *dev)
{
	if (po->running) {
		dev_remove_pack(&po->hook);
		po->running = false;
	}
	if (po->bound_dev)
		dev_put(po->bound_dev);
	po->bound_dev = dev;
	po->ifindex = dev ? dev->ifindex : 0;
	po->protocol = protocol;

	po->hook.type = protocol;
	po->hook.dev = dev;
	if (protocol) {
		dev_add_pack(&po->hook);
		po->running = true;
	}
}

static int packet_bind(struct socket *sock, struct sockaddr *addr, int addrlen)
{
	struct packet_sock *po = pkt_sk(sock->sk);
	struct sockaddr_ll *sll = (struct sockaddr_ll *)addr;
	struct net_device *dev = NULL;

	if (addrlen < (int)sizeof(*sll) || sll->sll_family != AF_PACKET)
		return -EINVAL;
	if (sll->sll_ifindex) {
		dev = dev_get_by_index(sll->sll_ifindex);
		if (!dev)
			return -ENODEV;
	}
	mutex_lock(&po->bind_lock);
	packet_rehook(po, sll->sll_protocol ? sll->sll_protocol : po->protocol, dev);
	mutex_unlock(&po->bind_lock);
	return 0;
}

static int packet_release(struct socket *sock)
{
	struct sock *sk = sock->sk;
	struct packet_sock *po;

	if (!sk)
		return 0;
	po = pkt_sk(sk);
	mutex_lock(&po->bind_lock);
	packet_rehook(po, 0, NULL);
	mutex_unlock(&po->bind_lock);

	mutex_lock(&packet_list_lock);
	list_del_init(&po->node);
	mutex_unlock(&packet_list_lock);

	sk_filter_release(sk);
	sock_orphan(sk);
	sock->sk = NULL;
	skb_queue_purge(&sk->sk_receive_queue);
	sock_put(sk);
	return 0;
}

static int packet_getname(struct socket *sock, struct sockaddr *addr, int peer)
{
	struct packet_sock *po = pkt_sk(sock->sk);
	struct sockaddr_ll *sll = (struct sockaddr_ll *)addr;
	struct net_device *dev;

	if (peer)
		return -EOPNOTSUPP;
	memset(sll, 0, sizeof(*sll));
	sll->sll_family = AF_PACKET;
	sll->sll_protocol = po->protocol;
	sll->sll_ifindex = po->ifindex;
	dev = po->ifindex ? dev_get_by_index(po->ifindex) : NULL;
	if (dev) {
		sll->sll_hatype = dev->type;
		sll->sll_halen = min_t(int, dev->addr_len, sizeof(sll->sll_addr));
		memcpy(sll->sll_addr, dev->dev_addr, sll->sll_halen);
		dev_put(dev);
	}
	return offsetof(struct sockaddr_ll, sll_addr) + sll->sll_halen;
}

/* ------------------------------------------------------------- options */

static int packet_setsockopt(struct socket *sock, int level, int optname,
			     const void *optval, unsigned int optlen)
{
	struct sock *sk = sock->sk;
	struct packet_sock *po = pkt_sk(sk);
	int val = 0;

	if (level == SOL_SOCKET) {
		if (optname == SO_ATTACH_FILTER)
			return sk_attach_filter(sk, optval, optlen);
		if (optname == SO_DETACH_FILTER)
			return sk_detach_filter(sk);
		return -ENOPROTOOPT;
	}
	if (level != SOL_PACKET)
		return -ENOPROTOOPT;

	switch (optname) {
	case PACKET_ADD_MEMBERSHIP:
	case PACKET_DROP_MEMBERSHIP: {
		struct packet_mreq mreq;
		struct net_device *dev;

		if (optlen < sizeof(mreq))
			return -EINVAL;
		memcpy(&mreq, optval, sizeof(mreq));
		if (mreq.mr_alen > sizeof(mreq.mr_address))
			return -EINVAL;
		dev = dev_get_by_index(mreq.mr_ifindex);
		if (!dev)
			return -ENODEV;
		dev_put(dev);
		/*
		 * Accepted: our devices hand every frame to the stack (virtio
		 * and loopback do not filter), so there is nothing to program.
		 */
		switch (mreq.mr_type) {
		case PACKET_MR_MULTICAST:
		case PACKET_MR_PROMISC:
		case PACKET_MR_ALLMULTI:
		case PACKET_MR_UNICAST:
			return 0;
		}
		return -EINVAL;
	}
	case PACKET_AUXDATA:
	case PACKET_IGNORE_OUTGOING:
	case PACKET_VERSION:
		if (optlen < sizeof(int))
			return -EINVAL;
		memcpy(&val, optval, sizeof(val));
		if (optname == PACKET_AUXDATA)
			po->auxdata = !!val;
		else if (optname == PACKET_IGNORE_OUTGOING)
			po->ignore_outgoing = !!val;
		else if (val != 0)
			return -EINVAL;	/* TPACKET_V1 only: there are no rings */
		return 0;
	case PACKET_RX_RING:
	case PACKET_TX_RING:
		return -EOPNOTSUPP;
	}
	return -ENOPROTOOPT;
}

static int packet_getsockopt(struct socket *sock, int level, int optname,
			     void *optval, int *optlen)
{
	struct packet_sock *po = pkt_sk(sock->sk);
	struct tpacket_stats st;
	const void *src;
	int val, size;

	if (level != SOL_PACKET)
		return -ENOPROTOOPT;
	switch (optname) {
	case PACKET_STATISTICS:
		/* Read and reset; tp_packets counts the dropped ones too. */
		st.tp_drops = atomic_xchg(&po->stat_drops, 0);
		st.tp_packets = atomic_xchg(&po->stat_packets, 0);
		src = &st;
		size = sizeof(st);
		break;
	case PACKET_AUXDATA:
		val = po->auxdata;
		goto int_val;
	case PACKET_IGNORE_OUTGOING:
		val = po->ignore_outgoing;
		goto int_val;
	case PACKET_VERSION:
		val = 0;
		goto int_val;
	default:
		return -ENOPROTOOPT;
	}
	goto copy;
int_val:
	src = &val;
	size = sizeof(val);
copy:
	if (*optlen < 0)
		return -EINVAL;
	size = min(size, *optlen);
	memcpy(optval, src, size);
	*optlen = size;
	return 0;
}

/* ------------------------------------------------------ send / receive */

static int packet_sendmsg(struct socket *sock, struct msghdr *msg, size_t len)
{
	struct sock *sk = sock->sk;
	struct packet_sock *po = pkt_sk(sk);
	const unsigned char *daddr = NULL;
	struct net_device *dev;
	struct sk_buff *skb;
	unsigned int headroom;
	size_t max;
	__be16 protocol;
	int ifindex, err;

	if (msg->msg_flags & MSG_OOB)
		return -EOPNOTSUPP;
	if (msg->msg_name) {
		struct sockaddr_ll *sll = msg->msg_name;

		if (msg->msg_namelen < (int)offsetof(struct sockaddr_ll, sll_addr) ||
		    sll->sll_family != AF_PACKET)
			return -EINVAL;
		ifindex = sll->sll_ifindex;
		protocol = sll->sll_protocol;
		daddr = sll->sll_addr;
	} else {
		ifindex = po->ifindex;
		protocol = po->protocol;
	}

	dev = ifindex ? dev_get_by_index(ifindex) : NULL;
	if (!dev)
		return -ENXIO;
	err = -EINVAL;
	if (sock->type == SOCK_DGRAM && msg->msg_name &&
	    msg->msg_namelen < (int)offsetof(struct sockaddr_ll, sll_addr) + dev->addr_len)
		goto out;
	err = -ENETDOWN;
	if (!(dev->flags & IFF_UP))
		goto out;

	max = dev->mtu + (sock->type == SOCK_RAW ? dev->hard_header_len : 0);
	err = -EMSGSIZE;
	if (len > max)
		goto out;
	err = -EINVAL;
	if (sock->type == SOCK_RAW && len < dev->hard_header_len)
		goto out;

	headroom = ALIGN(dev->hard_header_len + dev->needed_headroom, 16);
	skb = sock_alloc_send_skb(sk, len, headroom, msg->msg_flags & MSG_DONTWAIT, &err);
	if (!skb)
		goto out;
	skb_reset_network_header(skb);
	if (skb_put_from_iter(skb, &msg->msg_iter, len)) {
		err = -EFAULT;
		goto drop;
	}
	if (sock->type == SOCK_DGRAM) {
		if (dev_hard_header(skb, dev, ntohs(protocol), daddr, NULL, len) < 0) {
			err = -EINVAL;
			goto drop;
		}
		skb_reset_mac_header(skb);
	} else {
		skb_reset_mac_header(skb);
		skb_set_network_header(skb, dev->hard_header_len);
	}
	skb->protocol = protocol;
	skb->dev = dev;
	skb->priority = sk->sk_priority;
	skb->mark = sk->sk_mark;

	err = dev_queue_xmit(skb);
	if (err > 0)
		err = -ENOBUFS;		/* NET_XMIT_DROP */
	dev_put(dev);
	return err ? err : (int)len;
drop:
	kfree_skb(skb);
out:
	dev_put(dev);
	return err;
}

static int packet_recvmsg(struct socket *sock, struct msghdr *msg, size_t len, int flags)
{
	struct sock *sk = sock->sk;
	struct packet_sock *po = pkt_sk(sk);
	struct packet_rx_cb *cb;
	struct sk_buff *skb;
	size_t copied;
	int err;

	if (flags & ~(MSG_PEEK | MSG_DONTWAIT | MSG_TRUNC | MSG_CMSG_CLOEXEC | MSG_ERRQUEUE |
		      MSG_WAITALL))
		return -EINVAL;
	if (flags & MSG_ERRQUEUE)
		return -EAGAIN;

	skb = skb_recv_datagram(sk, flags, &err);
	if (!skb)
		return err;
	cb = PACKET_RX_CB(skb);

	copied = min_t(size_t, len, skb->len);
	if (copied < skb->len)
		msg->msg_flags |= MSG_TRUNC;
	err = skb_copy_datagram_iter(skb, 0, &msg->msg_iter, copied);
	if (err)
		goto out;

	sock_recv_timestamp(msg, sk, skb);
	if (msg->msg_name) {
		memcpy(msg->msg_name, &cb->from, sizeof(cb->from));
		msg->msg_namelen = sizeof(cb->from);
	}
	if (po->auxdata) {
		struct tpacket_auxdata aux = {
			.tp_status = TP_STATUS_USER,
			.tp_len = cb->wire_len,
			.tp_snaplen = skb->len,
			.tp_mac = 0,
			.tp_net = cb->net_off,
		};

		if (skb->ip_summed == CHECKSUM_UNNECESSARY)
			aux.tp_status |= TP_STATUS_CSUM_VALID;
		put_cmsg(msg, SOL_PACKET, PACKET_AUXDATA, sizeof(aux), &aux);
	}
	err = (flags & MSG_TRUNC) ? (int)skb->len : (int)copied;
out:
	skb_free_datagram(sk, skb);
	return err;
}

static int packet_ioctl(struct socket *sock, unsigned int cmd, unsigned long arg)
{
	struct sock *sk = sock->sk;
	struct sk_buff *skb;
	unsigned long flags;
	int n = 0;

	if (cmd != SIOCINQ)
		return -ENOIOCTLCMD;	/* interface ioctls: the generic ones */
	/* Bytes of the next frame. */
	spin_lock_irqsave(&sk->sk_receive_queue.lock, flags);
	skb = skb_peek(&sk->sk_receive_queue);
	if (skb)
		n = skb->len;
	spin_unlock_irqrestore(&sk->sk_receive_queue.lock, flags);
	return copy_to_user((void *)arg, &n, sizeof(n)) ? -EFAULT : 0;
}

static const struct proto_ops packet_ops = {
	.family = AF_PACKET,
	.release = packet_release,
	.bind = packet_bind,
	.getname = packet_getname,
	.poll = datagram_poll,
	.ioctl = packet_ioctl,
	.setsockopt = packet_setsockopt,
	.getsockopt = packet_getsockopt,
	.sendmsg = packet_sendmsg,
	.recvmsg = packet_recvmsg,
};

static int packet_create(struct socket *sock, int protocol, int kern)
{
	struct packet_sock *po;
	struct sock *sk;

	if (!kern && !capable(CAP_NET_RAW))
		return -EPERM;
	if (sock->type != SOCK_RAW && sock->type != SOCK_DGRAM)
		return -ESOCKTNOSUPPORT;
	if (protocol < 0 || protocol > 0xffff)
		return -EINVAL;

	sk = sk_alloc(AF_PACKET, GFP_KERNEL, &packet_proto, kern);
	if (!sk)
		return -ENOMEM;
	sock_init_data(sock, sk);
	sock->ops = &packet_ops;
	sk->sk_protocol = protocol;

	po = pkt_sk(sk);
	mutex_init(&po->bind_lock);
	po->hook.func = packet_rcv;
	po->hook.af_packet_priv = sk;
	INIT_LIST_HEAD(&po->hook.list);
	atomic_set(&po->stat_packets, 0);
	atomic_set(&po->stat_drops, 0);
	if (protocol) {
		mutex_lock(&po->bind_lock);
		packet_rehook(po, (__be16)protocol, NULL);
		mutex_unlock(&po->bind_lock);
	}
	mutex_lock(&packet_list_lock);
	list_add_tail(&po->node, &packet_sockets);
	mutex_unlock(&packet_list_lock);
	return 0;
}

/* /proc/net/packet: one line per socket, the columns Linux prints (no addresses shown). */
static int packet_proc_show(struct seq_file *m, void *v)
{
	struct packet_sock *po;

	seq_puts(m, "sk       RefCnt Type Proto  Iface R Rmem   User   Inode\n");
	mutex_lock(&packet_list_lock);
	list_for_each_entry(po, &packet_sockets, node) {
		struct sock *sk = &po->sk;

		seq_printf(m, "%016x %-6d %-4d %04x   %-5d %1d %-6u %-6u %-8lu\n", 0,
			   atomic_read(&sk->sk_refcnt), sk->sk_type, ntohs(po->protocol),
			   po->ifindex, po->running, atomic_read(&sk->sk_rmem_alloc),
			   sk->sk_uid, sk->sk_ino);
	}
	mutex_unlock(&packet_list_lock);
	return 0;
}

static const struct net_proto_family packet_family = {
	.family = AF_PACKET,
	.create = packet_create,
};

static int __init packet_init(void)
{
	int err = proto_register(&packet_proto);

	if (err)
		return err;
	err = sock_register(&packet_family);
	if (err)
		return err;
	if (proc_net)
		proc_create_single("packet", 0444, proc_net, packet_proc_show);
	return 0;
}
subsys_initcall(packet_init);
