// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of net/core/sock.c: the defaults a new sock gets, receive
 * and send buffer accounting (sock_queue_rcv_skb's limit, the reference
 * a send charge holds, sock_alloc_send_skb without room), sock_error(),
 * and the SOL_SOCKET options through a kernel socket.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/net.h>
#include <linux/selftest.h>
#include <uapi/linux/time_types.h>
#include <net/sock.h>

static struct proto test_proto = {
	.name = "SOCKTEST",
	.obj_size = sizeof(struct sock),
};

static int sock_defaults_and_rcvbuf_test(void)
{
	struct sock *sk = sk_alloc(AF_UNSPEC, GFP_KERNEL, &test_proto, 1);
	struct sk_buff *skb;
	int queued = 0, ret;

	ST_ASSERT(sk, "sk_alloc");
	sock_init_data(NULL, sk);
	ST_ASSERT(sk->sk_rcvbuf == sysctl_rmem_default, "rcvbuf %d", sk->sk_rcvbuf);
	ST_ASSERT(sk->sk_sndbuf == sysctl_wmem_default, "sndbuf %d", sk->sk_sndbuf);
	ST_ASSERT(sk->sk_rcvtimeo == MAX_SCHEDULE_TIMEOUT, "no receive timeout");
	ST_ASSERT(atomic_read(&sk->sk_refcnt) == 1, "one reference");

	/* Queue until the receive buffer says no; every skb is charged. */
	sk->sk_rcvbuf = 8192;
	for (;;) {
		skb = alloc_skb(1000, GFP_KERNEL);
		ST_ASSERT(skb, "alloc_skb");
		skb_put_zero(skb, 1000);
		ret = sock_queue_rcv_skb(sk, skb);
		if (ret) {
			kfree_skb(skb);
			break;
		}
		queued++;
	}
	ST_ASSERT(ret == -ENOMEM, "over the limit: %d", ret);
	ST_ASSERT(queued > 0 && atomic_read(&sk->sk_rmem_alloc) >= 8192, "charged %d in %d",
		  atomic_read(&sk->sk_rmem_alloc), queued);
	skb_queue_purge(&sk->sk_receive_queue);
	ST_ASSERT(atomic_read(&sk->sk_rmem_alloc) == 0, "uncharged on free");

	sk->sk_err = ECONNRESET;
	ST_ASSERT(sock_error(sk) == -ECONNRESET, "sock_error");
	ST_ASSERT(sock_error(sk) == 0, "reported once");
	sock_put(sk);
	return 0;
}
DEFINE_SELFTEST("sock: defaults, receive accounting, sock_error", sock_defaults_and_rcvbuf_test);

static int sock_sndbuf_test(void)
{
	struct sock *sk = sk_alloc(AF_UNSPEC, GFP_KERNEL, &test_proto, 1);
	struct sk_buff *a, *b;
	int err;

	ST_ASSERT(sk, "sk_alloc");
	sock_init_data(NULL, sk);
	sk->sk_sndbuf = 4096;
	a = sock_alloc_send_skb(sk, 5000, 0, 1, &err);
	ST_ASSERT(a && !err, "first send skb: %d", err);
	ST_ASSERT(atomic_read(&sk->sk_refcnt) == 2, "a send charge holds the socket");
	b = sock_alloc_send_skb(sk, 100, 0, 1, &err);
	ST_ASSERT(!b && err == -EAGAIN, "no room, no wait: %d", err);
	ST_ASSERT(sock_flag(sk, SOCK_NOSPACE), "SOCK_NOSPACE");
	kfree_skb(a);
	ST_ASSERT(atomic_read(&sk->sk_wmem_alloc) == 0, "uncharged");
	ST_ASSERT(atomic_read(&sk->sk_refcnt) == 1, "reference dropped");
	sk->sk_shutdown |= SEND_SHUTDOWN;
	b = sock_alloc_send_skb(sk, 100, 0, 1, &err);
	ST_ASSERT(!b && err == -EPIPE, "after shutdown: %d", err);
	sock_put(sk);
	return 0;
}
DEFINE_SELFTEST("sock: send buffer accounting", sock_sndbuf_test);

static int getint(struct socket *s, int opt, int *val)
{
	int len = sizeof(*val);

	return sock_getsockopt(s, SOL_SOCKET, opt, val, &len);
}

static int sock_options_test(void)
{
	struct { s64 sec, usec; } tv = { 0, 1000000 };
	struct socket *s;
	int v, ret;

	ST_ASSERT(sock_create_kern(AF_UNIX, SOCK_DGRAM, 0, &s) == 0, "socket");
	v = 5000;
	ST_ASSERT(kernel_setsockopt(s, SOL_SOCKET, SO_RCVBUF, &v, sizeof(v)) == 0, "SO_RCVBUF");
	ST_ASSERT(getint(s, SO_RCVBUF, &v) == 0 && v == 10000, "doubled: %d", v);
	v = 1;
	ST_ASSERT(kernel_setsockopt(s, SOL_SOCKET, SO_RCVBUF, &v, sizeof(v)) == 0, "tiny");
	ST_ASSERT(getint(s, SO_RCVBUF, &v) == 0 && v == SOCK_MIN_RCVBUF, "minimum: %d", v);
	ret = kernel_setsockopt(s, SOL_SOCKET, SO_RCVBUF, &v, 2);
	ST_ASSERT(ret == -EINVAL, "short value: %d", ret);
	ret = kernel_setsockopt(s, SOL_SOCKET, 9999, &v, sizeof(v));
	ST_ASSERT(ret == -ENOPROTOOPT, "unknown: %d", ret);
	ret = kernel_setsockopt(s, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
	ST_ASSERT(ret == -EDOM, "usec out of range: %d", ret);
	tv.usec = 0;
	tv.sec = 3;
	ST_ASSERT(!kernel_setsockopt(s, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv)), "SO_SNDTIMEO");
	ST_ASSERT(s->sk->sk_sndtimeo == 3 * HZ, "3 s in jiffies: %ld", s->sk->sk_sndtimeo);
	s->sk->sk_err = EPIPE;
	ST_ASSERT(getint(s, SO_ERROR, &v) == 0 && v == EPIPE, "SO_ERROR %d", v);
	ST_ASSERT(getint(s, SO_ERROR, &v) == 0 && v == 0, "SO_ERROR cleared %d", v);
	ST_ASSERT(getint(s, SO_TYPE, &v) == 0 && v == SOCK_DGRAM, "SO_TYPE %d", v);
	sock_release(s);
	return 0;
}
DEFINE_SELFTEST("sock: SOL_SOCKET options", sock_options_test);
