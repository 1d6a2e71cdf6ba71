// SPDX-License-Identifier: GPL-2.0-only
/*
 * The protocol-independent half of every socket (struct sock): creation
 * and the last reference, the owner lock, the SOL_SOCKET options of
 * socket(7), the send/receive buffer accounts, the default wake-up
 * callbacks, and the net.core sysctls.
 *
 * Interface: include/net/sock.h.
 *
 * Buffer accounts: an skb charged with skb_set_owner_r() counts in
 * sk_rmem_alloc until freed; one charged with skb_set_owner_w() counts
 * in sk_wmem_alloc and also holds a reference on its socket, so a sender
 * may close while its packets still wait in some other socket's queue.
 *
 * Locking: the owner lock is sk_lock: a holder task, a guard spinlock and
 * a wait queue (see "Owner lock and backlog" below).  Options are changed
 * under it.  The proto list has its own mutex.  The accounts are atomics;
 * the wake-ups go to sk_wq, whose own spinlock covers its list.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/poll.h>
#include <linux/jiffies.h>
#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/sysctl.h>
#include <linux/timekeeping.h>
#include <linux/netdevice.h>
#include <uapi/linux/tcp.h>
#include <uapi/linux/time_types.h>
#include <net/sock.h>

int sysctl_somaxconn = SOMAXCONN;
int sysctl_wmem_default = SK_MEM_DEFAULT;
int sysctl_rmem_default = SK_MEM_DEFAULT;
int sysctl_wmem_max = SK_MEM_MAX;
int sysctl_rmem_max = SK_MEM_MAX;

static LIST_HEAD(proto_list);
static DEFINE_MUTEX(proto_list_lock);
static atomic_long_t next_cookie;

int proto_register(struct proto *prot)
{
	atomic_set(&prot->sockets_allocated, 0);
	mutex_lock(&proto_list_lock);
	list_add_tail(&prot->node, &proto_list);
	mutex_unlock(&proto_list_lock);
	return 0;
}

void proto_unregister(struct proto *prot)
{
	mutex_lock(&proto_list_lock);
	list_del(&prot->node);
	mutex_unlock(&proto_list_lock);
}

/* ------------------------------------------------------------ life cycle */

struct sock *sk_alloc(int family, gfp_t gfp, struct proto *prot, int kern)
{
	struct sock *sk = kzalloc(max_t(unsigned int, prot->obj_size, sizeof(*sk)), gfp);

	if (!sk)
		return NULL;
	sk->sk_family = family;
	sk->sk_prot = prot;
	atomic_set(&sk->sk_refcnt, 1);
	spin_lock_init(&sk->sk_lock.guard);
	init_waitqueue_head(&sk->sk_lock.waiters);
	init_waitqueue_head(&sk->sk_wq_own);
	sk->sk_wq = &sk->sk_wq_own;
	skb_queue_head_init(&sk->sk_receive_queue);
	skb_queue_head_init(&sk->sk_write_queue);
	skb_queue_head_init(&sk->sk_error_queue);
	sk->sk_cookie = atomic_long_fetch_add(1, &next_cookie) + 1;
	sk->sk_uid = current_fsuid();
	sk->sk_allocation = GFP_KERNEL;
	atomic_inc(&prot->sockets_allocated);
	return sk;
}

/* Wake-ups go to whoever waits on sk_wq, with the poll mask of the event. */
static void set_default_callbacks(struct sock *sk)
{
	sk->sk_data_ready = sock_def_readable;
	sk->sk_write_space = sock_def_write_space;
	sk->sk_error_report = sock_def_error_report;
	sk->sk_state_change = sock_def_wakeup;
}

void sock_init_data(struct socket *sock, struct sock *sk)
{
	/* No timeouts; buffers as net.core says; wake a reader per byte. */
	sk->sk_sndtimeo = sk->sk_rcvtimeo = MAX_SCHEDULE_TIMEOUT;
	sk->sk_sndbuf = READ_ONCE(sysctl_wmem_default);
	sk->sk_rcvbuf = READ_ONCE(sysctl_rmem_default);
	sk->sk_rcvlowat = 1;
	sk->sk_allocation = GFP_KERNEL;
	sk->sk_state = TCP_CLOSE;
	sock_set_flag(sk, SOCK_ZAPPED);
	set_default_callbacks(sk);
	sk->sk_wq = &sk->sk_wq_own;
	if (sock) {
		sk->sk_type = sock->type;
		sock_graft(sk, sock);
	}
}

void sock_orphan(struct sock *sk)
{
	sock_set_flag(sk, SOCK_DEAD);
	sk->sk_socket = NULL;
	sk->sk_wq = &sk->sk_wq_own;
}

void sock_graft(struct sock *sk, struct socket *sock)
{
	sk->sk_socket = sock;
	sk->sk_wq = &sock->wait;
	sock->sk = sk;
}

/* Free a chain of backlogged packets (skb->next links, NULL-terminated). */
static void backlog_chain_free(struct sk_buff *skb)
{
	while (skb) {
		struct sk_buff *next = skb->next;

		skb->next = NULL;
		kfree_skb(skb);
		skb = next;
	}
}

/* The last reference: nobody holds the socket, so nothing is left to hand on. */
static void backlog_free(struct sock *sk)
{
	backlog_chain_free(sk->sk_backlog.first);
	sk->sk_backlog.first = sk->sk_backlog.last = NULL;
	sk->sk_backlog.queued = 0;
}

void sock_put(struct sock *sk)
{
	struct proto *prot;

	if (!atomic_dec_and_test(&sk->sk_refcnt))
		return;
	prot = sk->sk_prot;
	if (sk->sk_destruct)
		sk->sk_destruct(sk);
	if (prot && prot->destroy)
		prot->destroy(sk);
	backlog_free(sk);
	skb_queue_purge(&sk->sk_receive_queue);
	skb_queue_purge(&sk->sk_write_queue);
	skb_queue_purge(&sk->sk_error_queue);
	WARN_ON(atomic_read(&sk->sk_rmem_alloc));
	if (sk->sk_peer_cred)
		put_cred(sk->sk_peer_cred);
	if (prot)
		atomic_dec(&prot->sockets_allocated);
	kfree(sk);
}

/* ------------------------------------------------------------- locking */

/*
 * Owner lock and backlog.
 *
 * sk_lock.holder names the task that has the socket; the guard spinlock
 * covers it and sk_backlog and is only ever held for a few instructions
 * (never across protocol work).  Nothing in interrupt context touches a
 * socket's owner lock, yet the guard is taken with interrupts off: an
 * interrupt taken while holding it would stretch those few instructions
 * by a whole handler while the other CPU (the netrx thread against the
 * reader, once per received segment) spins.  Under TCG, where a spinning
 * vCPU's PAUSE also contends for QEMU's global lock that the handler's
 * device accesses need, that made two thirds of a tg3 receiver's time
 * spinning here (Documentation/networking/design.md, "Locking").
 *
 * lock_sock() sets holder to itself when it is NULL, else it queues on
 * sk_lock.waiters (exclusively: one is woken per release) and sleeps.  A
 * woken waiter competes again with whoever else wants the socket; there
 * is no hand-off, so a task that gives the socket up and wants it back
 * straight away (sendmsg letting the receive path in) is not stuck
 * behind a sleeper that has yet to be scheduled.
 *
 * The receive path (sk_rcv_own_or_defer()) does not wait: if the socket
 * is free it becomes the holder like lock_sock() would; if a task holds
 * it, the packet goes to the tail of sk_backlog - unless the backlog has
 * taken the protocol's limit already since it was last empty, then the
 * packet is dropped (the sender will retransmit; the limit only stops a
 * flood from eating memory behind a holder that is asleep).
 *
 * release_sock() takes the whole backlog at once, drops the guard and
 * gives each packet, in order, to sk_backlog_rcv - still as the holder,
 * so the handler runs exactly as if the receive path had found the
 * socket free.  Packets that arrived meanwhile go round again.  Only when
 * the guard sees an empty backlog is holder cleared and one waiter woken
 * (after the guard is dropped).
 */
void lock_sock(struct sock *sk)
{
	struct sock_owner_lock *ol = &sk->sk_lock;
	DEFINE_WAIT(wait);
	unsigned long flags;

	might_sleep();
	spin_lock_irqsave(&ol->guard, flags);
	if (likely(!ol->holder)) {
		ol->holder = current;
		spin_unlock_irqrestore(&ol->guard, flags);
		return;
	}
	WARN_ONCE(ol->holder == current, "socket %p: lock_sock() by its holder %s/%d\n",
		  sk, current->comm, current->pid);
	for (;;) {
		prepare_to_wait_exclusive(&ol->waiters, &wait, TASK_UNINTERRUPTIBLE);
		if (!ol->holder)
			break;
		spin_unlock_irqrestore(&ol->guard, flags);
		schedule();
		spin_lock_irqsave(&ol->guard, flags);
	}
	ol->holder = current;
	spin_unlock_irqrestore(&ol->guard, flags);
	finish_wait(&ol->waiters, &wait);
}

bool sk_rcv_own_or_defer(struct sock *sk, struct sk_buff *skb, unsigned int limit, int *err)
{
	struct sock_owner_lock *ol = &sk->sk_lock;
	struct sock_backlog *bl = &sk->sk_backlog;
	unsigned long flags;

	*err = 0;
	spin_lock_irqsave(&ol->guard, flags);
	if (!ol->holder) {
		ol->holder = current;
		spin_unlock_irqrestore(&ol->guard, flags);
		return true;
	}
	if (bl->queued + skb->truesize > limit) {
		spin_unlock_irqrestore(&ol->guard, flags);
		kfree_skb(skb);
		*err = -ENOBUFS;
		return false;
	}
	skb->next = NULL;
	if (bl->last)
		bl->last->next = skb;
	else
		bl->first = skb;
	bl->last = skb;
	bl->queued += skb->truesize;
	spin_unlock_irqrestore(&ol->guard, flags);
	return false;
}

void release_sock(struct sock *sk)
{
	struct sock_owner_lock *ol = &sk->sk_lock;
	struct sock_backlog *bl = &sk->sk_backlog;
	unsigned long flags;
	bool wake;

	WARN_ONCE(ol->holder != current, "socket %p: release_sock() by %s/%d, not its holder\n",
		  sk, current->comm, current->pid);
	spin_lock_irqsave(&ol->guard, flags);
	while (bl->first) {
		struct sk_buff *skb = bl->first;

		bl->first = bl->last = NULL;
		spin_unlock_irqrestore(&ol->guard, flags);
		while (skb) {
			struct sk_buff *next = skb->next;

			skb->next = NULL;
			if (sk->sk_backlog_rcv)
				sk->sk_backlog_rcv(sk, skb);
			else
				kfree_skb(skb);
			skb = next;
		}
		cond_resched();
		spin_lock_irqsave(&ol->guard, flags);
	}
	bl->queued = 0;
	ol->holder = NULL;
	wake = waitqueue_active(&ol->waiters);
	spin_unlock_irqrestore(&ol->guard, flags);
	if (wake)
		wake_up(&ol->waiters);
}

/* ----------------------------------------------------------- options */

/* A timeout as socket(7) gives it: seconds and microseconds, 16 bytes. */
struct sock_timeval {
	s64 sec;
	s64 usec;
};

static int timeout_from_user(long *timeo, const void *optval, unsigned int optlen)
{
	struct sock_timeval tv;

	if (optlen < sizeof(tv))
		return -EINVAL;
	memcpy(&tv, optval, sizeof(tv));
	if (tv.usec < 0 || tv.usec >= USEC_PER_SEC)
		return -EDOM;
	if (tv.sec < 0) {
		/* A time already past: do not wait at all. */
		*timeo = 0;
		return 0;
	}
	if (tv.sec == 0 && tv.usec == 0) {
		*timeo = MAX_SCHEDULE_TIMEOUT;
		return 0;
	}
	if (tv.sec >= MAX_SCHEDULE_TIMEOUT / HZ - 1) {
		*timeo = MAX_SCHEDULE_TIMEOUT;
		return 0;
	}
	*timeo = tv.sec * HZ + usecs_to_jiffies(tv.usec);
	return 0;
}

static void timeout_to_user(long timeo, struct sock_timeval *tv)
{
	if (timeo == MAX_SCHEDULE_TIMEOUT) {
		tv->sec = 0;
		tv->usec = 0;
		return;
	}
	tv->sec = timeo / HZ;
	tv->usec = jiffies_to_usecs(timeo % HZ);
}

/* SO_SNDBUF/SO_RCVBUF: the user's value doubled (room for overhead). */
static int buf_size(int val, int max, int min, bool force)
{
	if (val < 0)
		val = force ? 0 : INT_MAX;
	if (!force && val > max)
		val = max;
	if (val > INT_MAX / 2)
		val = INT_MAX / 2;
	return max(val * 2, min);
}

static int bind_to_device(struct sock *sk, const void *optval, unsigned int optlen)
{
	char name[IFNAMSIZ];
	struct net_device *dev;
	int index = 0;

	if (!capable(CAP_NET_RAW))
		return -EPERM;
	if (optlen > IFNAMSIZ - 1)
		optlen = IFNAMSIZ - 1;
	memset(name, 0, sizeof(name));
	memcpy(name, optval, optlen);
	if (name[0]) {
		dev = dev_get_by_name(name);
		if (!dev)
			return -ENODEV;
		index = dev->ifindex;
		dev_put(dev);
	}
	lock_sock(sk);
	sk->sk_bound_dev_if = index;
	release_sock(sk);
	return 0;
}

/* Options that just turn a flag of sk_flags on or off. */
static const struct {
	int optname;
	enum sock_flags flag;
} flag_options[] = {
	{ SO_KEEPALIVE, SOCK_KEEPOPEN },
	{ SO_BROADCAST, SOCK_BROADCAST },
	{ SO_DONTROUTE, SOCK_LOCALROUTE },
	{ SO_OOBINLINE, SOCK_URGINLINE },
	{ SO_NO_CHECK, SOCK_NO_CHECK_TX },
	{ SO_PASSCRED, SOCK_PASSCRED },
	{ SO_RXQ_OVFL, SOCK_RXQ_OVFL },
	{ SO_TIMESTAMP, SOCK_TIMESTAMP },
	{ SO_TIMESTAMPNS, SOCK_TIMESTAMPNS },
};

static int flag_option(int optname)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(flag_options); i++)
		if (flag_options[i].optname == optname)
			return flag_options[i].flag;
	return -1;
}

/* Set an option whose value is one int; called with the owner lock held. */
static int set_int_option(struct sock *sk, int optname, int val)
{
	int flag = flag_option(optname);
	bool force = optname == SO_SNDBUFFORCE || optname == SO_RCVBUFFORCE;

	if (flag >= 0) {
		/* The two timestamp forms exclude each other: the later call wins. */
		if (optname == SO_TIMESTAMP || optname == SO_TIMESTAMPNS) {
			sock_reset_flag(sk, SOCK_TIMESTAMP);
			sock_reset_flag(sk, SOCK_TIMESTAMPNS);
		}
		sock_valbool_flag(sk, flag, val);
		return 0;
	}
	if (force && !capable(CAP_NET_ADMIN))
		return -EPERM;
	switch (optname) {
	case SO_REUSEADDR:
		sk->sk_reuse = !!val;
		return 0;
	case SO_REUSEPORT:
		sk->sk_reuseport = !!val;
		return 0;
	case SO_SNDBUFFORCE:
	case SO_SNDBUF:
		sk->sk_sndbuf = buf_size(val, READ_ONCE(sysctl_wmem_max), SOCK_MIN_SNDBUF, force);
		sock_set_flag(sk, SOCK_SNDBUF_LOCK);
		sk->sk_write_space(sk);
		return 0;
	case SO_RCVBUFFORCE:
	case SO_RCVBUF:
		sk->sk_rcvbuf = buf_size(val, READ_ONCE(sysctl_rmem_max), SOCK_MIN_RCVBUF, force);
		sock_set_flag(sk, SOCK_RCVBUF_LOCK);
		return 0;
	case SO_PRIORITY:
		/* 0..6 for everyone, the rest needs CAP_NET_ADMIN (socket(7)). */
		if ((val < 0 || val > 6) && !capable(CAP_NET_ADMIN))
			return -EPERM;
		sk->sk_priority = val;
		return 0;
	case SO_MARK:
		if (!capable(CAP_NET_ADMIN))
			return -EPERM;
		sk->sk_mark = val;
		return 0;
	case SO_RCVLOWAT:
		sk->sk_rcvlowat = val < 0 ? INT_MAX : max(val, 1);
		return 0;
	}
	/* Read-only ones (SO_TYPE, SO_ERROR...) and unknown ones. */
	return -ENOPROTOOPT;
}

static int set_linger(struct sock *sk, const void *optval, unsigned int optlen)
{
	struct linger ling;

	if (optlen < sizeof(ling))
		return -EINVAL;
	memcpy(&ling, optval, sizeof(ling));
	lock_sock(sk);
	sock_valbool_flag(sk, SOCK_LINGER, ling.l_onoff);
	if (ling.l_onoff)
		sk->sk_lingertime = ling.l_linger <= 0 ? 0 :
			min_t(unsigned long, ling.l_linger, MAX_SCHEDULE_TIMEOUT / HZ) * HZ;
	release_sock(sk);
	return 0;
}

int sock_setsockopt(struct socket *sock, int level, int optname,
		    const void *optval, unsigned int optlen)
{
	struct sock *sk = sock->sk;
	int val, err;

	switch (optname) {
	case SO_BINDTODEVICE:
		return bind_to_device(sk, optval, optlen);
	case SO_LINGER:
		return set_linger(sk, optval, optlen);
	case SO_RCVTIMEO:
	case SO_RCVTIMEO_NEW:
		return timeout_from_user(&sk->sk_rcvtimeo, optval, optlen);
	case SO_SNDTIMEO:
	case SO_SNDTIMEO_NEW:
		return timeout_from_user(&sk->sk_sndtimeo, optval, optlen);
	}
	if (optlen < sizeof(int))
		return -EINVAL;
	memcpy(&val, optval, sizeof(int));
	lock_sock(sk);
	err = set_int_option(sk, optname, val);
	release_sock(sk);
	return err;
}

/* What the socket's creator, or its peer, is (struct ucred). */
static void peer_ucred(struct sock *sk, struct ucred *uc)
{
	uc->pid = sk->sk_peer_pid;
	uc->uid = (u32)-1;
	uc->gid = (u32)-1;
	if (sk->sk_peer_cred) {
		uc->uid = sk->sk_peer_cred->euid;
		uc->gid = sk->sk_peer_cred->egid;
	}
}

static int bound_device_name(struct sock *sk, char *name)
{
	struct net_device *dev;
	int index = READ_ONCE(sk->sk_bound_dev_if);

	if (!index)
		return 0;
	dev = dev_get_by_index(index);
	if (!dev)
		return -ENODEV;
	strscpy(name, dev->name, IFNAMSIZ);
	dev_put(dev);
	return strlen(name) + 1;
}

/* The value of an option that is one int; -ENOPROTOOPT if @optname is not one. */
static int get_int_option(struct sock *sk, int optname, int *val)
{
	int flag = flag_option(optname);

	if (flag >= 0) {
		*val = sock_flag(sk, flag);
		return 0;
	}
	switch (optname) {
	case SO_REUSEADDR:	*val = sk->sk_reuse; break;
	case SO_REUSEPORT:	*val = sk->sk_reuseport; break;
	case SO_SNDBUF:		*val = sk->sk_sndbuf; break;
	case SO_RCVBUF:		*val = sk->sk_rcvbuf; break;
	case SO_TYPE:		*val = sk->sk_type; break;
	case SO_PROTOCOL:	*val = sk->sk_protocol; break;
	case SO_DOMAIN:		*val = sk->sk_family; break;
	case SO_PRIORITY:	*val = sk->sk_priority; break;
	case SO_MARK:		*val = sk->sk_mark; break;
	case SO_RCVLOWAT:	*val = sk->sk_rcvlowat; break;
	case SO_SNDLOWAT:	*val = 1; break;
	case SO_ACCEPTCONN:	*val = sk->sk_state == TCP_LISTEN; break;
	case SO_ERROR:
		/* Reading the error clears it; a soft error if no hard one. */
		*val = -sock_error(sk);
		if (!*val)
			*val = xchg(&sk->sk_err_soft, 0);
		break;
	default:
		return -ENOPROTOOPT;
	}
	return 0;
}

int sock_getsockopt(struct socket *sock, int level, int optname,
		    void *optval, int *optlen)
{
	struct sock *sk = sock->sk;
	union {
		int val;
		u64 val64;
		struct linger ling;
		struct sock_timeval tv;
		struct ucred cred;
		char name[IFNAMSIZ];
	} v;
	int len;

	if (*optlen < 0)
		return -EINVAL;
	memset(&v, 0, sizeof(v));
	switch (optname) {
	case SO_LINGER:
		len = sizeof(v.ling);
		v.ling.l_onoff = sock_flag(sk, SOCK_LINGER);
		v.ling.l_linger = sk->sk_lingertime / HZ;
		break;
	case SO_RCVTIMEO:
	case SO_RCVTIMEO_NEW:
		len = sizeof(v.tv);
		timeout_to_user(sk->sk_rcvtimeo, &v.tv);
		break;
	case SO_SNDTIMEO:
	case SO_SNDTIMEO_NEW:
		len = sizeof(v.tv);
		timeout_to_user(sk->sk_sndtimeo, &v.tv);
		break;
	case SO_PEERCRED:
		len = sizeof(v.cred);
		peer_ucred(sk, &v.cred);
		break;
	case SO_COOKIE:
		len = sizeof(v.val64);
		v.val64 = sk->sk_cookie;
		break;
	case SO_BINDTODEVICE:
		len = bound_device_name(sk, v.name);
		if (len < 0)
			return len;
		break;
	default:
		len = sizeof(int);
		if (get_int_option(sk, optname, &v.val))
			return -ENOPROTOOPT;
		break;
	}
	/* A short buffer gets the first bytes of the value. */
	len = min(len, *optlen);
	memcpy(optval, &v, len);
	*optlen = len;
	return 0;
}

/* ------------------------------------------------------------ buffers */

static void sock_rfree(struct sk_buff *skb)
{
	atomic_sub(skb->truesize, &skb->sk->sk_rmem_alloc);
}

void sock_wfree(struct sk_buff *skb)
{
	struct sock *sk = skb->sk;

	atomic_sub(skb->truesize, &sk->sk_wmem_alloc);
	if (!sock_flag(sk, SOCK_DEAD) && sk->sk_write_space)
		sk->sk_write_space(sk);
	sock_put(sk);
}

void skb_set_owner_r(struct sk_buff *skb, struct sock *sk)
{
	skb_orphan(skb);
	skb->sk = sk;
	skb->destructor = sock_rfree;
	atomic_add(skb->truesize, &sk->sk_rmem_alloc);
}

void skb_set_owner_w(struct sk_buff *skb, struct sock *sk)
{
	skb_orphan(skb);
	sock_hold(sk);
	skb->sk = sk;
	skb->destructor = sock_wfree;
	atomic_add(skb->truesize, &sk->sk_wmem_alloc);
}

int sock_queue_rcv_skb(struct sock *sk, struct sk_buff *skb)
{
	if (atomic_read(&sk->sk_rmem_alloc) >= READ_ONCE(sk->sk_rcvbuf)) {
		return -ENOMEM;
	}
	skb_set_owner_r(skb, sk);
	if (!skb->tstamp)
		skb->tstamp = ktime_get_real_ns();
	skb_queue_tail(&sk->sk_receive_queue, skb);
	if (!sock_flag(sk, SOCK_DEAD))
		sk->sk_data_ready(sk);
	return 0;
}

/* Why a sender cannot go on, or 0 if it may. */
static int send_blocked_reason(struct sock *sk)
{
	int err = sock_error(sk);

	if (err)
		return err;
	if (sk->sk_shutdown & SEND_SHUTDOWN)
		return -EPIPE;
	return 0;
}

struct sk_buff *sock_alloc_send_skb(struct sock *sk, unsigned long size,
				    unsigned long headroom, int noblock, int *err)
{
	long timeo = sock_sndtimeo(sk, noblock);
	struct sk_buff *skb;

	for (;;) {
		DEFINE_WAIT(w);

		*err = send_blocked_reason(sk);
		if (*err)
			return NULL;
		if (atomic_read(&sk->sk_wmem_alloc) < READ_ONCE(sk->sk_sndbuf))
			break;
		sock_set_flag(sk, SOCK_NOSPACE);
		if (!timeo) {
			*err = -EAGAIN;
			return NULL;
		}
		if (signal_pending(current)) {
			*err = sock_intr_errno(timeo);
			return NULL;
		}
		prepare_to_wait(sk->sk_wq, &w, TASK_INTERRUPTIBLE);
		if (atomic_read(&sk->sk_wmem_alloc) >= READ_ONCE(sk->sk_sndbuf) &&
		    !sk->sk_err && !(sk->sk_shutdown & SEND_SHUTDOWN))
			timeo = schedule_timeout(timeo);
		finish_wait(sk->sk_wq, &w);
	}
	if (size + headroom > INT_MAX) {
		*err = -EMSGSIZE;
		return NULL;
	}
	skb = alloc_skb(size + headroom, sk->sk_allocation);
	if (!skb) {
		*err = -ENOBUFS;
		return NULL;
	}
	skb_reserve(skb, headroom);
	skb_set_owner_w(skb, sk);
	*err = 0;
	return skb;
}

/* ------------------------------------------------- errors and waiting */

int sock_error(struct sock *sk)
{
	int err;

	if (!READ_ONCE(sk->sk_err))
		return 0;
	err = xchg(&sk->sk_err, 0);
	return -err;
}

void sk_report_error(struct sock *sk, int err)
{
	WRITE_ONCE(sk->sk_err, err);
	sk->sk_error_report(sk);
}

int sock_intr_errno(long timeo)
{
	return timeo == MAX_SCHEDULE_TIMEOUT ? -ERESTARTSYS : -EINTR;
}

/*
 * The default callbacks skip the wait queue's lock when nobody waits on
 * it (sleepers and poll/epoll entries alike): a stream gets one such
 * call per segment, mostly while its reader is busy copying.  The
 * barrier in wq_has_sleeper() pairs with the one a sleeper has between
 * joining the queue and testing its condition.
 */
void sock_def_readable(struct sock *sk)
{
	if (wq_has_sleeper(sk->sk_wq))
		wake_up_interruptible_poll(sk->sk_wq, POLLIN | POLLPRI | POLLRDNORM | POLLRDBAND);
}

void sock_def_write_space(struct sock *sk)
{
	if (!sock_writeable(sk))
		return;
	if (wq_has_sleeper(sk->sk_wq))
		wake_up_interruptible_poll(sk->sk_wq, POLLOUT | POLLWRNORM | POLLWRBAND);
}

void sock_def_wakeup(struct sock *sk)
{
	if (wq_has_sleeper(sk->sk_wq))
		wake_up_interruptible_all(sk->sk_wq);
}

void sock_def_error_report(struct sock *sk)
{
	if (wq_has_sleeper(sk->sk_wq))
		wake_up_interruptible_poll(sk->sk_wq, POLLERR);
}

void sock_recv_timestamp(struct msghdr *msg, struct sock *sk, const struct sk_buff *skb)
{
	u64 ns = skb->tstamp ? skb->tstamp : ktime_get_real_ns();

	if (sock_flag(sk, SOCK_TIMESTAMP)) {
		struct __kernel_old_timeval tv = {
			.tv_sec = ns / NSEC_PER_SEC,
			.tv_usec = (ns % NSEC_PER_SEC) / NSEC_PER_USEC,
		};

		put_cmsg(msg, SOL_SOCKET, SCM_TIMESTAMP, sizeof(tv), &tv);
	} else if (sock_flag(sk, SOCK_TIMESTAMPNS)) {
		struct __kernel_timespec ts = {
			.tv_sec = ns / NSEC_PER_SEC,
			.tv_nsec = ns % NSEC_PER_SEC,
		};

		put_cmsg(msg, SOL_SOCKET, SO_TIMESTAMPNS, sizeof(ts), &ts);
	}
}

/* ------------------------------------------------------------ sysctls */

static int sysctl_zero;
static int sysctl_buf_min = SOCK_MIN_RCVBUF;
static int sysctl_int_max = INT_MAX;

static struct ctl_table net_core_table[] = {
	{
		.procname = "somaxconn",
		.data = &sysctl_somaxconn,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = &sysctl_zero,
		.extra2 = &sysctl_int_max,
	},
	{
		.procname = "rmem_default",
		.data = &sysctl_rmem_default,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = &sysctl_buf_min,
		.extra2 = &sysctl_int_max,
	},
	{
		.procname = "rmem_max",
		.data = &sysctl_rmem_max,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = &sysctl_buf_min,
		.extra2 = &sysctl_int_max,
	},
	{
		.procname = "wmem_default",
		.data = &sysctl_wmem_default,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = &sysctl_buf_min,
		.extra2 = &sysctl_int_max,
	},
	{
		.procname = "wmem_max",
		.data = &sysctl_wmem_max,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = &sysctl_buf_min,
		.extra2 = &sysctl_int_max,
	},
	{ }
};

static int __init sock_sysctl_init(void)
{
	if (!register_sysctl("net/core", net_core_table))
		pr_err("net: cannot register net.core sysctls\n");
	return 0;
}
device_initcall(sock_sysctl_init);
