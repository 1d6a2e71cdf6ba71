// SPDX-License-Identifier: GPL-2.0-only
/*
 * UDP over IPv4 (RFC 768, RFC 1122 4.1, udp(7)).
 *
 * Sockets live in a port table (hashed by local port).  bind() follows
 * Linux's sharing rules: two sockets may hold the same port when their
 * local addresses differ (neither being the wildcard) or their bound
 * devices differ, or both set SO_REUSEADDR, or both set SO_REUSEPORT
 * with the same owner.  Port 0 (and a send or connect on an unbound
 * socket) takes a free port from net.ipv4.ip_local_port_range.
 *
 * A unicast datagram goes to the best-matching socket (exact local
 * address beats wildcard, a connected socket's peer must match, a bound
 * device must match); among equally good SO_REUSEPORT sockets the
 * source port/address pick one.  Broadcasts and multicasts go to every
 * matching socket.  No socket: ICMP port unreachable (for unicast).
 * Checksums are always computed on send and verified on receive (a zero
 * checksum means none was sent, RFC 768).
 *
 * A received skb is queued with data at the UDP payload; the IP header
 * stays reachable for the source address and the control messages.
 *
 * Interface: the SOCK_DGRAM/IPPROTO_UDP protosw, /proc/net/udp, the
 * net_protocol for IPPROTO_UDP, <net/udp.h>.
 *
 * Locking: udp_lock (a spinlock) guards the port table; lookups take a
 * reference on the socket found.  Socket state changes take lock_sock().
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/random.h>
#include <linux/spinlock.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include <linux/poll.h>
#include <linux/capability.h>
#include <net/sock.h>
#include <net/inet_sock.h>
#include <net/udp.h>
#include <net/ip.h>
#include <net/icmp.h>
#include <uapi/linux/icmp.h>
#include <uapi/linux/tcp.h>
#include <uapi/linux/sockios.h>
#include <uapi/asm-generic/ioctls.h>
#include <asm/uaccess.h>

#define UDP_HASH_SIZE	128

static struct list_head udp_table[UDP_HASH_SIZE];
static DEFINE_SPINLOCK(udp_lock);
static int udp_count;

atomic64_t udp_mib[UDP_MIB_MAX];

static struct list_head *udp_bucket(u16 port)
{
	return &udp_table[port & (UDP_HASH_SIZE - 1)];
}

int udp_sockets_in_use(void)
{
	return READ_ONCE(udp_count);
}

/* Would @sk with (@addr, @port) collide with @other already bound? */
static bool udp_conflict(const struct sock *sk, __be32 addr, const struct sock *other)
{
	const struct inet_sock *o = inet_sk(other);

	if (o->inet_rcv_saddr && addr && o->inet_rcv_saddr != addr)
		return false;
	if (sk->sk_bound_dev_if && other->sk_bound_dev_if &&
	    sk->sk_bound_dev_if != other->sk_bound_dev_if)
		return false;
	if (sk->sk_reuse && other->sk_reuse)
		return false;
	if (sk->sk_reuseport && other->sk_reuseport && sk->sk_uid == other->sk_uid)
		return false;
	return true;
}

static bool udp_port_free(const struct sock *sk, __be32 addr, u16 port)
{
	struct udp_sock *u;

	list_for_each_entry(u, udp_bucket(port), node) {
		struct sock *o = &u->inet.sk;

		if (o != sk && inet_sk(o)->inet_num == port && udp_conflict(sk, addr, o))
			return false;
	}
	return true;
}

/* Put @sk in the table on @port (0: an ephemeral one).  lock_sock held. */
static int udp_hash_port(struct sock *sk, __be32 addr, u16 port)
{
	struct inet_sock *inet = inet_sk(sk);
	int lo, hi, err = 0;

	spin_lock(&udp_lock);
	if (!port) {
		u32 n, start;

		inet_get_local_port_range(&lo, &hi);
		n = hi - lo + 1;
		start = get_random_u32_below(n);
		err = -EADDRINUSE;
		for (u32 i = 0; i < n; i++) {
			u16 p = lo + (start + i) % n;

			if (udp_port_free(sk, addr, p)) {
				port = p;
				err = 0;
				break;
			}
		}
	} else if (!udp_port_free(sk, addr, port)) {
		err = -EADDRINUSE;
	}
	if (!err) {
		inet->inet_num = port;
		inet->inet_sport = htons(port);
		inet->inet_rcv_saddr = addr;
		inet->inet_saddr = addr;
		list_add_tail(&udp_sk(sk)->node, udp_bucket(port));
		udp_count++;
		sock_reset_flag(sk, SOCK_ZAPPED);
	}
	spin_unlock(&udp_lock);
	return err;
}

static void udp_unhash(struct sock *sk)
{
	spin_lock(&udp_lock);
	if (inet_sk(sk)->inet_num) {
		list_del(&udp_sk(sk)->node);
		udp_count--;
		inet_sk(sk)->inet_num = 0;
		inet_sk(sk)->inet_sport = 0;
	}
	spin_unlock(&udp_lock);
}

/*
 * How well @sk matches a datagram (daddr:dport <- saddr:sport on ifindex
 * @dif): -1 no match, else higher is better.
 */
static int udp_score(const struct sock *sk, __be32 saddr, __be16 sport,
		     __be32 daddr, u16 dport, int dif)
{
	const struct inet_sock *inet = inet_sk(sk);
	/* what the socket is tied to, and what the datagram carries: 0 = anything */
	const u32 want[4] = { inet->inet_rcv_saddr, inet->inet_daddr,
			      inet->inet_dport, sk->sk_bound_dev_if };
	const u32 got[4] = { daddr, saddr, sport, dif };
	int score = 0;

	if (inet->inet_num != dport)
		return -1;
	for (int i = 0; i < 4; i++) {
		if (!want[i])
			continue;
		if (want[i] != got[i])
			return -1;
		score += 4;	/* each specific match ranks higher */
	}
	return score;
}

static struct sock *udp_lookup(__be32 saddr, __be16 sport, __be32 daddr, u16 dport, int dif)
{
	struct sock *best = NULL;
	int best_score = -1, matches = 0;
	u32 hash = ntohl(saddr) * 31 + ntohs(sport);
	struct udp_sock *u;

	spin_lock(&udp_lock);
	list_for_each_entry(u, udp_bucket(dport), node) {
		struct sock *sk = &u->inet.sk;
		int score = udp_score(sk, saddr, sport, daddr, dport, dif);

		if (score < 0)
			continue;
		if (score > best_score) {
			best = sk;
			best_score = score;
			matches = 1;
		} else if (score == best_score && sk->sk_reuseport && best->sk_reuseport) {
			/* spread a SO_REUSEPORT group by the sender */
			matches++;
			if (hash % matches == 0)
				best = sk;
		}
	}
	if (best)
		sock_hold(best);
	spin_unlock(&udp_lock);
	return best;
}

/* --------------------------------------------------------- receiving */

static int udp_queue_rcv(struct sock *sk, struct sk_buff *skb)
{
	int err;

	err = sock_queue_rcv_skb(sk, skb);
	if (err) {
		UDP_INC_STATS(err == -ENOMEM ? UDP_MIB_RCVBUFERRORS : UDP_MIB_MEMERRORS);
		UDP_INC_STATS(UDP_MIB_INERRORS);
		atomic_inc(&udp_sk(sk)->drops);
		kfree_skb(skb);
		return err;
	}
	UDP_INC_STATS(UDP_MIB_INDATAGRAMS);
	return 0;
}

/* Broadcast / multicast: a copy for every socket on the port. */
static void udp_deliver_all(struct sk_buff *skb, const struct iphdr *iph,
			    const struct udphdr *uh)
{
	struct sock *list[32];
	struct udp_sock *u;
	u16 dport = ntohs(uh->dest);
	int n = 0;

	spin_lock(&udp_lock);
	list_for_each_entry(u, udp_bucket(dport), node) {
		struct sock *sk = &u->inet.sk;
		const struct inet_sock *inet = inet_sk(sk);

		if (inet->inet_num != dport || n == ARRAY_SIZE(list))
			continue;
		if (inet->inet_daddr && inet->inet_daddr != iph->saddr)
			continue;
		if (inet->inet_dport && inet->inet_dport != uh->source)
			continue;
		if (sk->sk_bound_dev_if && sk->sk_bound_dev_if != skb->skb_iif)
			continue;
		/* bound to a unicast address: not for broadcasts (as Linux) */
		if (inet->inet_rcv_saddr && inet->inet_rcv_saddr != iph->daddr)
			continue;
		sock_hold(sk);
		list[n++] = sk;
	}
	spin_unlock(&udp_lock);

	if (!n) {
		UDP_INC_STATS(UDP_MIB_IGNOREDMULTI);
		kfree_skb(skb);
		return;
	}
	for (int i = 0; i < n; i++) {
		struct sk_buff *c = i == n - 1 ? skb : skb_copy(skb, GFP_ATOMIC);

		if (c)
			udp_queue_rcv(list[i], c);
		sock_put(list[i]);
	}
}

static int udp_rcv(struct sk_buff *skb)
{
	const struct iphdr *iph = ip_hdr(skb);
	struct udphdr *uh;
	unsigned int ulen;
	struct sock *sk;

	if (!pskb_may_pull(skb, sizeof(*uh)))
		goto bad;
	uh = (struct udphdr *)skb->data;
	ulen = ntohs(uh->len);
	if (ulen < sizeof(*uh) || ulen > skb->len)
		goto bad;
	skb_trim(skb, ulen);
	if (uh->check && skb->ip_summed != CHECKSUM_UNNECESSARY &&
	    csum_tcpudp_magic(iph->saddr, iph->daddr, ulen, IPPROTO_UDP,
			      csum_partial(skb->data, ulen, 0))) {
		UDP_INC_STATS(UDP_MIB_CSUMERRORS);
		goto bad;
	}
	skb_pull(skb, sizeof(*uh));

	if (IPCB(skb)->route_type == RTN_BROADCAST || IPCB(skb)->route_type == RTN_MULTICAST) {
		udp_deliver_all(skb, iph, uh);
		return 0;
	}
	sk = udp_lookup(iph->saddr, uh->source, iph->daddr, ntohs(uh->dest), skb->skb_iif);
	if (!sk) {
		UDP_INC_STATS(UDP_MIB_NOPORTS);
		/* the ICMP quotes the datagram: put the headers back in view */
		icmp_send(skb, ICMP_DEST_UNREACH, ICMP_PORT_UNREACH, 0);
		kfree_skb(skb);
		return 0;
	}
	udp_queue_rcv(sk, skb);
	sock_put(sk);
	return 0;
bad:
	UDP_INC_STATS(UDP_MIB_INERRORS);
	kfree_skb(skb);
	return 0;
}

static void udp_err(const struct iphdr *q, int type, int code, u32 info)
{
	const struct udphdr *uh = (const struct udphdr *)((const u8 *)q + q->ihl * 4);
	struct sock *sk;
	int err;

	/* the datagram we sent: from q->saddr:uh->source to q->daddr:uh->dest */
	sk = udp_lookup(q->daddr, uh->dest, q->saddr, ntohs(uh->source), 0);
	if (!sk)
		return;
	switch (type) {
	case ICMP_DEST_UNREACH:
		if (code == ICMP_FRAG_NEEDED) {
			err = EMSGSIZE;
			if (!inet_sk(sk)->recverr)
				goto out;
			break;
		}
		err = code == ICMP_PORT_UNREACH ? ECONNREFUSED :
		      code == ICMP_PROT_UNREACH ? ENOPROTOOPT :
		      code == ICMP_NET_UNREACH ? ENETUNREACH : EHOSTUNREACH;
		break;
	case ICMP_TIME_EXCEEDED:
		err = EHOSTUNREACH;
		break;
	case ICMP_PARAMETERPROB:
		err = EPROTO;
		break;
	default:
		goto out;
	}
	/* udp(7): asynchronous errors only reach connected sockets (or IP_RECVERR) */
	if (sk->sk_state == TCP_ESTABLISHED || inet_sk(sk)->recverr)
		sk_report_error(sk, err);
out:
	sock_put(sk);
}

static const struct net_protocol udp_protocol = {
	.handler = udp_rcv,
	.err_handler = udp_err,
};

/* ------------------------------------------------------- socket calls */

static int udp_release(struct socket *sock)
{
	struct sock *sk = sock->sk;

	if (!sk)
		return 0;
	lock_sock(sk);
	udp_unhash(sk);
	sk->sk_shutdown = SHUTDOWN_MASK;
	release_sock(sk);
	skb_queue_purge(&sk->sk_receive_queue);
	skb_queue_purge(&sk->sk_error_queue);
	sock_orphan(sk);
	sock->sk = NULL;
	sock_put(sk);
	return 0;
}

static int udp_bind(struct socket *sock, struct sockaddr *uaddr, int addrlen)
{
	struct sock *sk = sock->sk;
	__be32 addr;
	u16 port;
	int err;

	err = inet_check_bind_addr(sk, uaddr, addrlen, &addr, &port);
	if (err)
		return err;
	lock_sock(sk);
	if (inet_sk(sk)->inet_num)
		err = -EINVAL;	/* already bound */
	else
		err = udp_hash_port(sk, addr, port);
	if (!err)
		udp_sk(sk)->addr_by_user = addr != 0;
	release_sock(sk);
	return err;
}

static int udp_disconnect(struct sock *sk)
{
	struct inet_sock *inet = inet_sk(sk);

	inet->inet_daddr = 0;
	inet->inet_dport = 0;
	sk->sk_state = TCP_CLOSE;
	if (!udp_sk(sk)->addr_by_user) {
		/* an address taken by connect() goes with the connection */
		inet->inet_rcv_saddr = 0;
		inet->inet_saddr = 0;
	}
	/* the port stays bound, as in Linux */
	return 0;
}

static int udp_connect(struct socket *sock, struct sockaddr *uaddr, int addrlen, int flags)
{
	struct sockaddr_in *sin = (struct sockaddr_in *)uaddr;
	struct sock *sk = sock->sk;
	struct inet_sock *inet = inet_sk(sk);
	struct ip_route rt;
	int err;

	if (addrlen < (int)sizeof(sa_family_t))
		return -EINVAL;
	lock_sock(sk);
	if (sin->sin_family == AF_UNSPEC) {
		err = udp_disconnect(sk);
		goto out;
	}
	err = -EINVAL;
	if (addrlen < (int)sizeof(*sin))
		goto out;
	err = -EAFNOSUPPORT;
	if (sin->sin_family != AF_INET)
		goto out;
	err = ip_route_output(sin->sin_addr.s_addr, inet->inet_rcv_saddr,
			      sk->sk_bound_dev_if, &rt);
	if (err)
		goto out;
	if (rt.type == RTN_BROADCAST && !sock_flag(sk, SOCK_BROADCAST)) {
		ip_route_put(&rt);
		err = -EACCES;
		goto out;
	}
	if (!inet->inet_num) {
		err = udp_hash_port(sk, 0, 0);
		if (err) {
			ip_route_put(&rt);
			goto out;
		}
	}
	if (!inet->inet_saddr)
		inet->inet_saddr = rt.saddr;
	if (!inet->inet_rcv_saddr)
		inet->inet_rcv_saddr = rt.saddr;
	ip_route_put(&rt);
	inet->inet_daddr = sin->sin_addr.s_addr ? sin->sin_addr.s_addr : rt.gateway;
	inet->inet_dport = sin->sin_port;
	sk->sk_state = TCP_ESTABLISHED;
	err = 0;
out:
	release_sock(sk);
	return err;
}

static int udp_sendmsg(struct socket *sock, struct msghdr *msg, size_t len)
{
	struct sock *sk = sock->sk;
	struct inet_sock *inet = inet_sk(sk);
	struct sockaddr_in *sin = msg->msg_name;
	struct ip_out_params p;
	struct ip_route rt;
	struct sk_buff *skb;
	struct udphdr *uh;
	__be32 daddr;
	__be16 dport;
	__sum16 sum;
	int err;

	if (len > UDP_MAX_PAYLOAD)
		return -EMSGSIZE;
	if (msg->msg_flags & MSG_OOB)
		return -EOPNOTSUPP;

	lock_sock(sk);
	if (sin && msg->msg_namelen) {
		err = -EINVAL;
		if (msg->msg_namelen < (int)sizeof(*sin))
			goto out;
		err = -EAFNOSUPPORT;
		if (sin->sin_family != AF_INET &&
		    !(sin->sin_family == AF_UNSPEC && !sin->sin_addr.s_addr))
			goto out;
		daddr = sin->sin_addr.s_addr;
		dport = sin->sin_port;
		err = -EINVAL;
		if (!dport)
			goto out;
	} else {
		err = -EDESTADDRREQ;
		if (sk->sk_state != TCP_ESTABLISHED)
			goto out;
		daddr = inet->inet_daddr;
		dport = inet->inet_dport;
	}
	err = -EPIPE;
	if (sk->sk_shutdown & SEND_SHUTDOWN)
		goto out;
	if (!inet->inet_num) {
		err = udp_hash_port(sk, 0, 0);
		if (err)
			goto out;
	}

	inet_out_params(sk, daddr, IPPROTO_UDP, &p);
	err = ip_route_output(daddr, p.saddr, p.oif, &rt);
	if (err) {
		IP_INC_STATS(IPSTATS_MIB_OUTNOROUTES);
		goto out;
	}
	if ((rt.type == RTN_BROADCAST) && !sock_flag(sk, SOCK_BROADCAST)) {
		ip_route_put(&rt);
		err = -EACCES;
		goto out;
	}
	p.saddr = rt.saddr;
	if (!p.daddr)
		p.daddr = rt.gateway;
	if (p.df && len + sizeof(*uh) + sizeof(struct iphdr) > rt.mtu) {
		ip_route_put(&rt);
		err = -EMSGSIZE;
		goto out;
	}
	ip_route_put(&rt);

	skb = sock_alloc_send_skb(sk, sizeof(*uh) + len, MAX_HEADER_ROOM,
				  msg->msg_flags & MSG_DONTWAIT, &err);
	if (!skb) {
		if (err == -ENOBUFS || err == -ENOMEM)
			UDP_INC_STATS(UDP_MIB_SNDBUFERRORS);
		goto out;
	}
	uh = skb_put(skb, sizeof(*uh));
	err = skb_put_from_iter(skb, &msg->msg_iter, len);
	if (err) {
		kfree_skb(skb);
		goto out;
	}
	uh->source = inet->inet_sport;
	uh->dest = dport;
	uh->len = htons(sizeof(*uh) + len);
	uh->check = 0;
	sum = csum_tcpudp_magic(p.saddr, p.daddr, skb->len, IPPROTO_UDP,
				csum_partial(skb->data, skb->len, 0));
	uh->check = sum ? sum : 0xffff;	/* RFC 768: a computed 0 is sent as all ones */

	err = ip_send_skb(sk, skb, &p);
	if (!err) {
		UDP_INC_STATS(UDP_MIB_OUTDATAGRAMS);
		err = len;
	} else if (err == -ENOBUFS) {
		UDP_INC_STATS(UDP_MIB_SNDBUFERRORS);
	}
out:
	release_sock(sk);
	return err;
}

static __be16 udp_source_port(const struct sk_buff *skb)
{
	return ((const struct udphdr *)skb_transport_header(skb))->source;
}

static int udp_recvmsg(struct socket *sock, struct msghdr *msg, size_t len, int flags)
{
	return inet_recv_datagram(sock, msg, len, flags, udp_source_port);
}

static int udp_shutdown(struct socket *sock, int how)
{
	struct sock *sk = sock->sk;

	how++;	/* SHUT_RD 0 -> RCV_SHUTDOWN 1 ... */
	if (how < 1 || how > 3)
		return -EINVAL;
	lock_sock(sk);
	if (sk->sk_state != TCP_ESTABLISHED) {
		release_sock(sk);
		return -ENOTCONN;
	}
	sk->sk_shutdown |= how;
	release_sock(sk);
	sk->sk_state_change(sk);
	return 0;
}

static int udp_setsockopt(struct socket *sock, int level, int optname,
			  const void *optval, unsigned int optlen)
{
	if (level == SOL_SOCKET)
		return sock_setsockopt(sock, level, optname, optval, optlen);
	if (level == SOL_UDP)
		return -ENOPROTOOPT;	/* UDP_CORK, GSO...: not implemented */
	return ip_setsockopt(sock->sk, level, optname, optval, optlen);
}

static int udp_getsockopt(struct socket *sock, int level, int optname,
			  void *optval, int *optlen)
{
	if (level == SOL_SOCKET)
		return sock_getsockopt(sock, level, optname, optval, optlen);
	if (level == SOL_UDP)
		return -ENOPROTOOPT;
	return ip_getsockopt(sock->sk, level, optname, optval, optlen);
}

static int udp_listen(struct socket *sock, int backlog)
{
	return -EOPNOTSUPP;
}

static int udp_init_sock(struct sock *sk)
{
	sk->sk_state = TCP_CLOSE;
	INIT_LIST_HEAD(&udp_sk(sk)->node);
	sock_set_flag(sk, SOCK_ZAPPED);
	return 0;
}

static struct proto udp_prot = {
	.name = "UDP",
	.obj_size = sizeof(struct udp_sock),
};

static const struct proto_ops inet_dgram_ops = {
	.family = PF_INET,
	.release = udp_release,
	.bind = udp_bind,
	.connect = udp_connect,
	.getname = inet_getname,
	.poll = datagram_poll,
	.ioctl = inet_dgram_ioctl,
	.listen = udp_listen,
	.shutdown = udp_shutdown,
	.setsockopt = udp_setsockopt,
	.getsockopt = udp_getsockopt,
	.sendmsg = udp_sendmsg,
	.recvmsg = udp_recvmsg,
};

static struct inet_protosw udp_protosw = {
	.type = SOCK_DGRAM,
	.protocol = IPPROTO_UDP,
	.prot = &udp_prot,
	.ops = &inet_dgram_ops,
	.init = udp_init_sock,
	.is_default = true,
};

/* ------------------------------------------------------- /proc/net/udp */

/* One line of /proc/net/udp or /proc/net/raw (Linux's columns). */
void inet_proc_sock_line(struct seq_file *m, int slot, struct sock *sk, u16 lport,
			 u32 drops, bool pad)
{
	const struct inet_sock *inet = inet_sk(sk);

	if (pad)
		seq_setwidth(m, 127);
	seq_printf(m, pad ? "%5d: " : "%4d: ", slot);
	seq_printf(m, "%08X:%04X %08X:%04X %02X %08X:%08X %02X:%08lX %08X %5u %8d %lu %d %016lx %u",
		   (u32)inet->inet_rcv_saddr, lport, (u32)inet->inet_daddr,
		   ntohs(inet->inet_dport), sk->sk_state,
		   atomic_read(&sk->sk_wmem_alloc), atomic_read(&sk->sk_rmem_alloc),
		   0, 0UL, 0, sk->sk_uid, 0, sk->sk_ino, atomic_read(&sk->sk_refcnt),
		   0UL, drops);
	if (pad)
		seq_pad(m, '\n');
	else
		seq_putc(m, '\n');
}

static int udp_proc_show(struct seq_file *m, void *v)
{
	struct udp_sock *u;

	seq_setwidth(m, 127);
	seq_puts(m, "   sl  local_address rem_address   st tx_queue rx_queue tr tm->when "
		    "retrnsmt   uid  timeout inode ref pointer drops");
	seq_pad(m, '\n');
	spin_lock(&udp_lock);
	for (int i = 0; i < UDP_HASH_SIZE; i++)
		list_for_each_entry(u, &udp_table[i], node)
			inet_proc_sock_line(m, i, &u->inet.sk, u->inet.inet_num,
					    atomic_read(&u->drops), true);
	spin_unlock(&udp_lock);
	return 0;
}

void udp_init(void)
{
	for (int i = 0; i < UDP_HASH_SIZE; i++)
		INIT_LIST_HEAD(&udp_table[i]);
	proto_register(&udp_prot);
	inet_add_protocol(&udp_protocol, IPPROTO_UDP);
	inet_register_protosw(&udp_protosw);
	ip_proc_add("udp", udp_proc_show);
}
