/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The protocol-independent half of a socket (net/core/sock.c): struct
 * sock, which every protocol's socket embeds first (struct unix_sock,
 * struct inet_sock -> struct tcp_sock...), the SOL_SOCKET options, buffer
 * accounting, the owner lock, and the wait/wake-up helpers.
 *
 * Lifetime: sk_refcnt.  sock_hold()/sock_put(); the last put calls
 * sk->sk_destruct (if set) and the protocol's ->destroy, then frees.  A
 * socket whose file is gone but which the protocol still needs (a TCP
 * connection in FIN_WAIT, a listener's unaccepted child) is "orphaned":
 * sk_socket NULL, SOCK_DEAD set.
 *
 * Locking:
 *  - lock_sock()/release_sock(): the owner lock, held by anything that
 *    changes protocol state - system calls, the receive path (which runs
 *    in process context, see netdevice.h), timers' work.  A holder may
 *    sleep; lock_sock() sleeps while someone else holds it.  A receive
 *    path that must not wait uses sk_rcv_own_or_defer() instead: it
 *    either becomes the holder at once or leaves the packet on
 *    sk_backlog, which release_sock() hands to sk_backlog_rcv before the
 *    socket is let go (Documentation/networking/design.md, "Locking").
 *    Never take two sockets' owner locks at once except parent before
 *    child (listener, then the new connection; AF_UNIX: the lower address
 *    first).
 *  - the sk_buff_head queues have their own spinlocks, so a reader may
 *    peek at sk_receive_queue without the owner lock.
 *  - sk_wq wake-ups: sk_data_ready / sk_write_space / sk_state_change
 *    are called with the owner lock held (or from the protocol's own
 *    context); the default ones wake sk_wq.
 */
#ifndef _NET_SOCK_H
#define _NET_SOCK_H

#include <linux/types.h>
#include <linux/sched.h>
#include <linux/bitops.h>
#include <asm/bitops.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/wait.h>
#include <linux/skbuff.h>
#include <linux/net.h>
#include <linux/cred.h>
#include <asm/atomic.h>

struct proto;

/*
 * The owner lock of a socket.  @holder says who has the socket (a task;
 * NULL: nobody); @guard, a spinlock never held for long (and with
 * interrupts off, net/core/sock.c), covers @holder
 * and the socket's backlog; lock_sock() callers that find the socket
 * taken sleep on @waiters.
 */
struct sock_owner_lock {
	spinlock_t guard;
	struct task_struct *holder;
	wait_queue_head_t waiters;
};

/*
 * Packets the receive path left for the holder (chained by skb->next,
 * oldest first).  @queued: truesize added since the holder last found
 * the backlog empty - it is not lowered while the holder works through
 * it, so a steady stream cannot keep release_sock() busy for ever.
 */
struct sock_backlog {
	struct sk_buff *first;
	struct sk_buff *last;
	unsigned int queued;
};

/* sk_shutdown bits */
#define RCV_SHUTDOWN	1
#define SEND_SHUTDOWN	2
#define SHUTDOWN_MASK	3

/* sk_flags bits (sock_flag()/sock_set_flag()) */
enum sock_flags {
	SOCK_DEAD,		/* orphaned: no struct socket any more */
	SOCK_DONE,		/* the peer will send nothing more (stream EOF seen) */
	SOCK_URGINLINE,		/* SO_OOBINLINE */
	SOCK_KEEPOPEN,		/* SO_KEEPALIVE */
	SOCK_LINGER,		/* SO_LINGER on */
	SOCK_BROADCAST,		/* SO_BROADCAST */
	SOCK_TIMESTAMP,		/* SO_TIMESTAMP */
	SOCK_TIMESTAMPNS,
	SOCK_PASSCRED,		/* SO_PASSCRED (AF_UNIX) */
	SOCK_RCVBUF_LOCK,	/* SO_RCVBUF set by the user: no autotuning */
	SOCK_SNDBUF_LOCK,
	SOCK_NOSPACE,		/* a writer waits for sndbuf room */
	SOCK_ZAPPED,		/* not (yet) bound/hashed in the protocol's tables */
	SOCK_RXQ_OVFL,
	SOCK_LOCALROUTE,	/* SO_DONTROUTE */
	SOCK_NO_CHECK_TX,	/* SO_NO_CHECK */
};

/* Buffer defaults (net.core.[rw]mem_default / _max). */
#define SK_MEM_DEFAULT		(212992)
#define SK_MEM_MAX		(212992)
#define SOCK_MIN_SNDBUF		(4608)
#define SOCK_MIN_RCVBUF		(2304)
extern int sysctl_wmem_default, sysctl_rmem_default;
extern int sysctl_wmem_max, sysctl_rmem_max;

struct sock {
	/* What it is. */
	u16 sk_family;			/* AF_* */
	u16 sk_type;			/* SOCK_* */
	u16 sk_protocol;
	volatile u8 sk_state;		/* the protocol's own states (TCP_*) */
	u8 sk_shutdown;			/* RCV_SHUTDOWN | SEND_SHUTDOWN */
	u8 sk_reuse;			/* SO_REUSEADDR */
	u8 sk_reuseport;		/* SO_REUSEPORT */
	unsigned long sk_flags;		/* enum sock_flags */
	atomic_t sk_refcnt;

	struct sock_owner_lock sk_lock;	/* the owner lock: lock_sock() */
	struct proto *sk_prot;
	struct socket *sk_socket;	/* NULL once orphaned */
	wait_queue_head_t *sk_wq;	/* &sk_socket->wait, or sk_wq_own when orphaned/kernel */
	wait_queue_head_t sk_wq_own;

	/* Queues. */
	struct sk_buff_head sk_receive_queue;
	struct sk_buff_head sk_write_queue;
	struct sk_buff_head sk_error_queue;

	/* Buffer accounting (bytes of skb->truesize). */
	int sk_rcvbuf;
	int sk_sndbuf;
	atomic_t sk_rmem_alloc;		/* charged by skb_set_owner_r() */
	atomic_t sk_wmem_alloc;		/* charged by skb_set_owner_w() */
	int sk_wmem_queued;		/* stream protocols: bytes on the write queue */

	/* Errors: sk_err is reported once (sock_error() clears it). */
	int sk_err;
	int sk_err_soft;

	/* SOL_SOCKET option state. */
	long sk_rcvtimeo;		/* jiffies; MAX_SCHEDULE_TIMEOUT: none */
	long sk_sndtimeo;
	int sk_rcvlowat;
	unsigned long sk_lingertime;	/* jiffies */
	u32 sk_priority;
	u32 sk_mark;
	int sk_bound_dev_if;		/* SO_BINDTODEVICE ifindex, 0: any */
	u64 sk_cookie;			/* SO_COOKIE, unique per socket */

	/* Listening sockets. */
	u32 sk_ack_backlog;		/* connections waiting for accept() */
	u32 sk_max_ack_backlog;

	/* Who created it / who the peer is (SO_PEERCRED, SCM_CREDENTIALS). */
	const struct cred *sk_peer_cred;
	int sk_peer_pid;		/* tgid, 0 if none */
	uid_t sk_uid;  			/* creator's fsuid (/proc/net/tcp "uid") */
	unsigned long sk_ino;		/* the socket inode's number (/proc/net files) */

	gfp_t sk_allocation;		/* GFP_KERNEL normally */
	void *sk_user_data;		/* an in-kernel user's (sunrpc) */

	/* Event callbacks; defaults wake sk_wq (in-kernel users replace them). */
	void (*sk_state_change)(struct sock *sk);
	void (*sk_data_ready)(struct sock *sk);
	void (*sk_write_space)(struct sock *sk);
	void (*sk_error_report)(struct sock *sk);
	void (*sk_destruct)(struct sock *sk);

	/* SO_ATTACH_FILTER program (net/core/filter.c), NULL if none. */
	struct sk_filter *sk_filter;

	/*
	 * Packets that arrived while a process held the socket (under
	 * sk_lock.guard), and the protocol's handler that release_sock()
	 * gives them to, owner lock held (NULL: they are dropped).
	 */
	struct sock_backlog sk_backlog;
	void (*sk_backlog_rcv)(struct sock *sk, struct sk_buff *skb);
};

/*
 * A protocol's socket type: how big its sock is and how to tear it down.
 * Methods are in the family's proto_ops; this is just the object class.
 */
struct proto {
	const char *name;		/* "TCP", "UDP", "UNIX"... (/proc/net/protocols) */
	unsigned int obj_size;		/* sizeof(struct tcp_sock)... */
	void (*destroy)(struct sock *sk);	/* last reference gone: free protocol state */
	atomic_t sockets_allocated;
	struct list_head node;		/* proto_register() list */
};

int proto_register(struct proto *prot);
void proto_unregister(struct proto *prot);

/* ------------------------------------------------ life cycle (core/sock.c) */

/* A zeroed sock of prot->obj_size with refcnt 1 and defaults; NULL if no memory. */
struct sock *sk_alloc(int family, gfp_t gfp, struct proto *prot, int kern);
/* Tie @sk to @sock (NULL for a socket without one) and set every default. */
void sock_init_data(struct socket *sock, struct sock *sk);
/* Orphan: detach from its struct socket (SOCK_DEAD, own wait queue). */
void sock_orphan(struct sock *sk);
/* Graft @sk onto @sock (accept). */
void sock_graft(struct sock *sk, struct socket *sock);

static inline void sock_hold(struct sock *sk)
{
	atomic_inc(&sk->sk_refcnt);
}
void sock_put(struct sock *sk);

static inline bool sock_flag(const struct sock *sk, enum sock_flags flag)
{
	return test_bit(flag, &sk->sk_flags);
}

/* Set (@on) or clear one flag; sock_set_flag()/sock_reset_flag() are the two halves. */
static inline void sock_valbool_flag(struct sock *sk, enum sock_flags flag, bool on)
{
	if (on)
		set_bit(flag, &sk->sk_flags);
	else
		clear_bit(flag, &sk->sk_flags);
}
#define sock_set_flag(sk, flag)		sock_valbool_flag(sk, flag, true)
#define sock_reset_flag(sk, flag)	sock_valbool_flag(sk, flag, false)

/* ------------------------------------------------------------ locking */

/* Take the owner lock, sleeping while another task holds it. */
void lock_sock(struct sock *sk);
/* Hand the backlog to sk_backlog_rcv, then give the socket up. */
void release_sock(struct sock *sk);
/*
 * sk_rcv_own_or_defer - the receive path's owner lock.  Returns true if
 * the caller now holds @sk (it handles @skb itself, then calls
 * release_sock()).  Returns false if another task holds it: @skb was
 * appended to sk_backlog - or freed, with -ENOBUFS in *@err, when the
 * backlog already carries @limit bytes - and the caller must not touch
 * @skb again.  Never sleeps.
 */
bool sk_rcv_own_or_defer(struct sock *sk, struct sk_buff *skb, unsigned int limit, int *err);
/* Does a task (possibly the caller) hold @sk? */
static inline bool sock_owned_by_user(const struct sock *sk)
{
	return READ_ONCE(sk->sk_lock.holder) != NULL;
}
static inline bool sock_owned_by_me(struct sock *sk)
{
	return READ_ONCE(sk->sk_lock.holder) == current;
}

/* ------------------------------------------------- SOL_SOCKET options */

/* Generic options every family shares; kernel buffers, as in proto_ops. */
int sock_setsockopt(struct socket *sock, int level, int optname,
		    const void *optval, unsigned int optlen);
int sock_getsockopt(struct socket *sock, int level, int optname,
		    void *optval, int *optlen);

/* --------------------------------------------------------- buffers */

/* Charge @skb to @sk's receive / send account; the destructor uncharges it. */
void skb_set_owner_r(struct sk_buff *skb, struct sock *sk);
void skb_set_owner_w(struct sk_buff *skb, struct sock *sk);
/*
 * The destructor skb_set_owner_w() installs (uncharge, wake the writer,
 * drop the socket reference): a protocol with a destructor of its own
 * calls it last.
 */
void sock_wfree(struct sk_buff *skb);
/*
 * Queue a datagram on sk_receive_queue (charging it) and call
 * sk_data_ready.  -ENOMEM (skb not taken) when sk_rmem_alloc is already at
 * sk_rcvbuf.
 */
int sock_queue_rcv_skb(struct sock *sk, struct sk_buff *skb);
/*
 * An skb for sending @size bytes (+ @headroom reserved), charged to @sk's
 * send account; waits for room up to the send timeout unless @noblock.
 * NULL with *err = -EAGAIN, -EPIPE, -ERESTARTSYS/-EINTR, -ENOMEM...
 */
struct sk_buff *sock_alloc_send_skb(struct sock *sk, unsigned long size,
				    unsigned long headroom, int noblock, int *err);
static inline int sock_wspace(const struct sock *sk)
{
	return sk->sk_sndbuf - atomic_read(&sk->sk_wmem_alloc);
}
static inline bool sock_writeable(const struct sock *sk)
{
	return atomic_read(&sk->sk_wmem_alloc) < (sk->sk_sndbuf >> 1);
}

/* ------------------------------------------------ errors and waiting */

/* Take the pending error (0 if none) and clear it; returned negative. */
int sock_error(struct sock *sk);
/* Report @err to the socket owner: sets sk_err and calls sk_error_report. */
void sk_report_error(struct sock *sk, int err);

static inline long sock_rcvtimeo(const struct sock *sk, bool noblock)
{
	return noblock ? 0 : sk->sk_rcvtimeo;
}
static inline long sock_sndtimeo(const struct sock *sk, bool noblock)
{
	return noblock ? 0 : sk->sk_sndtimeo;
}
/* What to return when a wait of @timeo was cut by a signal. */
int sock_intr_errno(long timeo);

/*
 * sk_wait_event - sleep (owner lock dropped) until @cond or *@timeo runs
 * out or a signal; the lock is retaken before @cond is tested.  Updates
 * *@timeo.  Returns @cond's last value.
 */
#define sk_wait_event(sk, timeo, cond)					\
({									\
	bool __done = (cond);						\
	while (!__done && *(timeo) && !signal_pending(current)) {	\
		DEFINE_WAIT(__w);					\
		prepare_to_wait((sk)->sk_wq, &__w, TASK_INTERRUPTIBLE);	\
		release_sock(sk);					\
		if (!(cond))						\
			*(timeo) = schedule_timeout(*(timeo));		\
		lock_sock(sk);						\
		finish_wait((sk)->sk_wq, &__w);				\
		__done = (cond);					\
	}								\
	__done;								\
})

/* The default callbacks (wake pollers/sleepers on sk_wq with the right mask). */
void sock_def_readable(struct sock *sk);
void sock_def_write_space(struct sock *sk);
void sock_def_wakeup(struct sock *sk);
void sock_def_error_report(struct sock *sk);

/* ---------------------------------------------------------- datagrams */

/*
 * skb_recv_datagram - the next skb on sk_receive_queue (dequeued, or
 * left there with MSG_PEEK), waiting per the receive timeout unless
 * MSG_DONTWAIT.  NULL with *err: -EAGAIN, a pending sk_err, 0 at
 * shutdown, -ERESTARTSYS...
 */
struct sk_buff *skb_recv_datagram(struct sock *sk, unsigned int flags, int *err);
void skb_free_datagram(struct sock *sk, struct sk_buff *skb);
/* poll for datagram sockets: readable when the queue is not empty, etc. */
__poll_t datagram_poll(struct file *file, struct socket *sock,
		       struct poll_table_struct *wait);

/* Receive timestamp control messages (SO_TIMESTAMP/NS) for @skb. */
void sock_recv_timestamp(struct msghdr *msg, struct sock *sk, const struct sk_buff *skb);

/* ------------------------------------- socket filters (core/filter.c) */

/*
 * Classic BPF programs attached with SO_ATTACH_FILTER.  A protocol calls
 * sk_filter() on each packet before queueing it (sock_queue_rcv_skb()
 * should too): 0 keeps it (cut to the length the program returned),
 * -EPERM means drop it.  sk_attach_filter() takes the kernel copy of the
 * user's struct sock_fprog (its instruction pointer still a user
 * address); sk_filter_release() is for the socket's destructor.
 */
struct sk_filter;
int sk_filter(struct sock *sk, struct sk_buff *skb);
int sk_attach_filter(struct sock *sk, const void *optval, unsigned int optlen);
int sk_detach_filter(struct sock *sk);
void sk_filter_release(struct sock *sk);

#endif /* _NET_SOCK_H */
