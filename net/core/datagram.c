// SPDX-License-Identifier: GPL-2.0-only
/*
 * Helpers for datagram receivers: take the next packet off a socket's
 * receive queue (waiting as the socket's timeout and the call's flags
 * say), copy a packet's bytes to an iov_iter, and the poll(2) mask of a
 * datagram socket.
 *
 * Interface: skb_recv_datagram(), skb_free_datagram(), datagram_poll()
 * (include/net/sock.h), skb_copy_datagram_iter() (include/linux/skbuff.h).
 *
 * MSG_PEEK: packets are never shared (see skbuff.h), so a peek hands the
 * caller a private copy of the head packet and leaves the original
 * queued; the caller frees whatever it got with skb_free_datagram().
 *
 * Locking: the receive queue's own spinlock around each look at it; no
 * owner lock is needed (callers may hold it: the wait does not drop it).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/poll.h>
#include <linux/uio.h>
#include <uapi/linux/tcp.h>
#include <net/sock.h>

int skb_copy_datagram_iter(const struct sk_buff *skb, int offset,
			   struct iov_iter *iter, int len)
{
	if (offset < 0 || len < 0 || (unsigned int)offset + len > skb->len)
		return -EFAULT;
	if (copy_to_iter(skb->data + offset, len, iter) != (size_t)len)
		return -EFAULT;
	return 0;
}

/* The head packet (unlinked, or a copy of it for a peek); NULL if none. */
static struct sk_buff *take_head(struct sock *sk, unsigned int flags, int *err)
{
	struct sk_buff_head *q = &sk->sk_receive_queue;
	struct sk_buff *skb;
	unsigned long irqflags;

	spin_lock_irqsave(&q->lock, irqflags);
	skb = skb_peek(q);
	if (skb) {
		if (flags & MSG_PEEK) {
			skb = skb_copy(skb, GFP_ATOMIC);
			if (!skb)
				*err = -ENOMEM;
		} else {
			__skb_unlink(skb, q);
		}
	}
	spin_unlock_irqrestore(&q->lock, irqflags);
	return skb;
}

/* Nothing to wait for any more: an error, a shutdown, or a packet. */
static bool recv_wait_over(struct sock *sk)
{
	return READ_ONCE(sk->sk_err) || (sk->sk_shutdown & RCV_SHUTDOWN) ||
	       !skb_queue_empty(&sk->sk_receive_queue);
}

struct sk_buff *skb_recv_datagram(struct sock *sk, unsigned int flags, int *err)
{
	long timeo = sock_rcvtimeo(sk, flags & MSG_DONTWAIT);
	struct sk_buff *skb;

	for (;;) {
		DEFINE_WAIT(w);

		*err = sock_error(sk);
		if (*err)
			return NULL;
		skb = take_head(sk, flags, err);
		if (skb) {
			*err = 0;
			return skb;
		}
		if (*err)
			return NULL;
		if (sk->sk_shutdown & RCV_SHUTDOWN)
			return NULL;	/* *err is 0: end of file */
		if (!timeo) {
			*err = -EAGAIN;
			return NULL;
		}
		if (signal_pending(current)) {
			*err = sock_intr_errno(timeo);
			return NULL;
		}
		prepare_to_wait(sk->sk_wq, &w, TASK_INTERRUPTIBLE);
		if (!recv_wait_over(sk))
			timeo = schedule_timeout(timeo);
		finish_wait(sk->sk_wq, &w);
		if (!timeo && !recv_wait_over(sk)) {
			*err = -EAGAIN;
			return NULL;
		}
	}
}

void skb_free_datagram(struct sock *sk, struct sk_buff *skb)
{
	consume_skb(skb);
}

__poll_t datagram_poll(struct file *file, struct socket *sock, struct poll_table_struct *wait)
{
	struct sock *sk = sock->sk;
	__poll_t mask = 0;

	poll_wait(file, sk->sk_wq, wait);
	if (READ_ONCE(sk->sk_err) || !skb_queue_empty(&sk->sk_error_queue))
		mask |= POLLERR;
	if (sk->sk_shutdown & RCV_SHUTDOWN)
		mask |= POLLRDHUP | POLLIN | POLLRDNORM;
	if (sk->sk_shutdown == SHUTDOWN_MASK)
		mask |= POLLHUP;
	if (!skb_queue_empty(&sk->sk_receive_queue))
		mask |= POLLIN | POLLRDNORM;
	if (sock_writeable(sk))
		mask |= POLLOUT | POLLWRNORM | POLLWRBAND;
	else
		sock_set_flag(sk, SOCK_NOSPACE);
	return mask;
}
