// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of AF_UNIX through the kernel socket calls (net.h): stream,
 * datagram and seqpacket pairs moving data both ways, record and
 * datagram boundaries, MSG_PEEK/MSG_TRUNC/MSG_DONTWAIT, shutdown and
 * EPIPE, abstract names with listen/connect/accept, autobind, and the
 * datagram queue limit.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/net.h>
#include <linux/socket.h>
#include <linux/selftest.h>
#include <net/sock.h>
#include <net/af_unix.h>

static int pair(int type, struct socket **a, struct socket **b)
{
	int err = sock_create_kern(AF_UNIX, type, 0, a);

	if (err)
		return err;
	err = sock_create_kern(AF_UNIX, type, 0, b);
	if (err) {
		sock_release(*a);
		return err;
	}
	err = (*a)->ops->socketpair(*a, *b);
	if (err) {
		sock_release(*a);
		sock_release(*b);
	}
	return err;
}

static int send_k(struct socket *s, const void *buf, size_t len, unsigned int flags)
{
	struct msghdr msg = { .msg_flags = flags };
	struct kvec v = { .iov_base = (void *)buf, .iov_len = len };

	return kernel_sendmsg(s, &msg, &v, 1, len);
}

/* Receive; *mflags gets the result flags when not NULL. */
static int recv_k(struct socket *s, void *buf, size_t len, int flags, unsigned int *mflags)
{
	struct sockaddr_storage addr;
	struct msghdr msg = { .msg_name = &addr };
	struct kvec v = { .iov_base = buf, .iov_len = len };
	int ret = kernel_recvmsg(s, &msg, &v, 1, len, flags);

	if (mflags)
		*mflags = msg.msg_flags;
	return ret;
}

static int unix_stream_pair_test(void)
{
	struct socket *a, *b;
	char buf[32];
	int ret;

	ST_ASSERT(pair(SOCK_STREAM, &a, &b) == 0, "socketpair");
	ST_ASSERT(send_k(a, "hello", 5, 0) == 5, "send a->b");
	ST_ASSERT(send_k(a, " world", 6, 0) == 6, "second send");
	ret = recv_k(b, buf, 3, MSG_PEEK, NULL);
	ST_ASSERT(ret == 3 && !memcmp(buf, "hel", 3), "peek got %d", ret);
	/* A stream has no boundaries: both writes come back in one read. */
	ret = recv_k(b, buf, sizeof(buf), 0, NULL);
	ST_ASSERT(ret == 11 && !memcmp(buf, "hello world", 11), "read got %d", ret);
	ST_ASSERT(send_k(b, "back", 4, 0) == 4, "send b->a");
	ret = recv_k(a, buf, 2, 0, NULL);
	ST_ASSERT(ret == 2 && !memcmp(buf, "ba", 2), "partial read %d", ret);
	ret = recv_k(a, buf, sizeof(buf), 0, NULL);
	ST_ASSERT(ret == 2 && !memcmp(buf, "ck", 2), "rest %d", ret);
	ret = recv_k(a, buf, sizeof(buf), MSG_DONTWAIT, NULL);
	ST_ASSERT(ret == -EAGAIN, "empty nonblocking read %d", ret);

	ST_ASSERT(kernel_sock_shutdown(a, SHUT_WR) == 0, "shutdown");
	ret = recv_k(b, buf, sizeof(buf), 0, NULL);
	ST_ASSERT(ret == 0, "EOF after SHUT_WR: %d", ret);
	ret = send_k(a, "x", 1, MSG_NOSIGNAL);
	ST_ASSERT(ret == -EPIPE, "send after SHUT_WR: %d", ret);

	sock_release(a);
	ret = send_k(b, "x", 1, MSG_NOSIGNAL);
	ST_ASSERT(ret == -EPIPE, "send to a closed peer: %d", ret);
	sock_release(b);
	return 0;
}
DEFINE_SELFTEST("unix: stream socketpair, both ways, peek, shutdown", unix_stream_pair_test);

static int unix_dgram_boundaries_test(void)
{
	static const int sizes[] = { 1, 100, 3000, 0, 7 };
	struct socket *a, *b;
	unsigned int mflags;
	char *buf = kzalloc(4096, GFP_KERNEL);
	unsigned int i;
	int ret;

	ST_ASSERT(buf, "no memory");
	ST_ASSERT(pair(SOCK_DGRAM, &a, &b) == 0, "socketpair");
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		memset(buf, 'a' + i, sizes[i]);
		ST_ASSERT(send_k(a, buf, sizes[i], 0) == sizes[i], "send %u", i);
	}
	for (i = 0; i < ARRAY_SIZE(sizes); i++) {
		ret = recv_k(b, buf, 4096, 0, &mflags);
		ST_ASSERT(ret == sizes[i], "datagram %u: %d bytes", i, ret);
		ST_ASSERT(!sizes[i] || buf[0] == 'a' + (int)i, "datagram %u content", i);
		ST_ASSERT(!(mflags & MSG_TRUNC), "datagram %u truncated", i);
	}
	/* A short buffer cuts the datagram and says so; the rest is gone. */
	ST_ASSERT(send_k(b, "0123456789", 10, 0) == 10, "send b->a");
	ST_ASSERT(send_k(b, "next", 4, 0) == 4, "send b->a");
	ret = recv_k(a, buf, 4, 0, &mflags);
	ST_ASSERT(ret == 4 && (mflags & MSG_TRUNC), "truncated read %d %x", ret, mflags);
	ret = recv_k(a, buf, 4096, MSG_TRUNC, &mflags);
	ST_ASSERT(ret == 4 && !memcmp(buf, "next", 4), "next datagram %d", ret);
	sock_release(a);
	sock_release(b);
	kfree(buf);
	return 0;
}
DEFINE_SELFTEST("unix: datagram boundaries and MSG_TRUNC", unix_dgram_boundaries_test);

static int unix_seqpacket_test(void)
{
	struct socket *a, *b;
	unsigned int mflags;
	char buf[16];
	int ret;

	ST_ASSERT(pair(SOCK_SEQPACKET, &a, &b) == 0, "socketpair");
	ST_ASSERT(send_k(a, "first", 5, 0) == 5, "send");
	ST_ASSERT(send_k(a, "second!", 7, 0) == 7, "send");
	ret = recv_k(b, buf, 3, 0, &mflags);
	ST_ASSERT(ret == 3 && (mflags & MSG_TRUNC), "record cut: %d", ret);
	ret = recv_k(b, buf, sizeof(buf), 0, &mflags);
	ST_ASSERT(ret == 7 && !memcmp(buf, "second!", 7), "second record %d", ret);
	sock_release(a);
	ret = recv_k(b, buf, sizeof(buf), 0, NULL);
	ST_ASSERT(ret == 0, "EOF after the peer closed: %d", ret);
	sock_release(b);
	return 0;
}
DEFINE_SELFTEST("unix: seqpacket records", unix_seqpacket_test);

static int unix_listen_accept_test(void)
{
	struct sockaddr_storage ss;
	struct sockaddr_un *sun = (struct sockaddr_un *)&ss;
	struct socket *srv, *cli, *conn;
	static const char name[] = "\0tidewater-selftest";
	int len = offsetof(struct sockaddr_un, sun_path) + sizeof(name) - 1;
	char buf[8];
	int ret;

	memset(&ss, 0, sizeof(ss));
	sun->sun_family = AF_UNIX;
	memcpy(sun->sun_path, name, sizeof(name) - 1);
	ST_ASSERT(sock_create_kern(AF_UNIX, SOCK_STREAM, 0, &srv) == 0, "socket");
	ST_ASSERT(sock_create_kern(AF_UNIX, SOCK_STREAM, 0, &cli) == 0, "socket");
	ret = kernel_connect(cli, (struct sockaddr *)&ss, len, 0);
	ST_ASSERT(ret == -ECONNREFUSED, "connect to nobody: %d", ret);
	ST_ASSERT(kernel_bind(srv, (struct sockaddr *)&ss, len) == 0, "bind");
	ret = kernel_connect(cli, (struct sockaddr *)&ss, len, 0);
	ST_ASSERT(ret == -ECONNREFUSED, "connect before listen: %d", ret);
	ST_ASSERT(kernel_listen(srv, 4) == 0, "listen");
	ST_ASSERT(kernel_connect(cli, (struct sockaddr *)&ss, len, 0) == 0, "connect");
	ST_ASSERT(kernel_accept(srv, &conn, 0) == 0, "accept");

	memset(&ss, 0, sizeof(ss));
	ret = kernel_getpeername(cli, (struct sockaddr *)&ss);
	ST_ASSERT(ret == len && !memcmp(sun->sun_path, name, sizeof(name) - 1),
		  "peer name length %d", ret);
	ret = kernel_getsockname(cli, (struct sockaddr *)&ss);
	ST_ASSERT(ret == (int)sizeof(sa_family_t), "unbound name length %d", ret);
	ret = kernel_getsockname(conn, (struct sockaddr *)&ss);
	ST_ASSERT(ret == len, "accepted socket's name length %d", ret);

	ST_ASSERT(send_k(cli, "ping", 4, 0) == 4, "send");
	ret = recv_k(conn, buf, sizeof(buf), 0, NULL);
	ST_ASSERT(ret == 4 && !memcmp(buf, "ping", 4), "server got %d", ret);
	ST_ASSERT(send_k(conn, "pong", 4, 0) == 4, "reply");
	ret = recv_k(cli, buf, sizeof(buf), 0, NULL);
	ST_ASSERT(ret == 4 && !memcmp(buf, "pong", 4), "client got %d", ret);

	sock_release(conn);
	sock_release(cli);
	/* A second socket cannot take the name while the first holds it. */
	ST_ASSERT(sock_create_kern(AF_UNIX, SOCK_STREAM, 0, &cli) == 0, "socket");
	memset(&ss, 0, sizeof(ss));
	sun->sun_family = AF_UNIX;
	memcpy(sun->sun_path, name, sizeof(name) - 1);
	ret = kernel_bind(cli, (struct sockaddr *)&ss, len);
	ST_ASSERT(ret == -EADDRINUSE, "second bind: %d", ret);
	sock_release(srv);
	ST_ASSERT(kernel_bind(cli, (struct sockaddr *)&ss, len) == 0, "bind after close");
	sock_release(cli);
	return 0;
}
DEFINE_SELFTEST("unix: abstract bind, listen, connect, accept", unix_listen_accept_test);

static int unix_autobind_test(void)
{
	struct sockaddr_storage ss;
	struct sockaddr_un *sun = (struct sockaddr_un *)&ss;
	struct socket *s;
	int ret;

	ST_ASSERT(sock_create_kern(AF_UNIX, SOCK_DGRAM, 0, &s) == 0, "socket");
	memset(&ss, 0, sizeof(ss));
	sun->sun_family = AF_UNIX;
	ST_ASSERT(kernel_bind(s, (struct sockaddr *)&ss, sizeof(sa_family_t)) == 0, "autobind");
	ret = kernel_getsockname(s, (struct sockaddr *)&ss);
	ST_ASSERT(ret == (int)sizeof(sa_family_t) + 6, "autobound length %d", ret);
	ST_ASSERT(sun->sun_path[0] == 0 && sun->sun_path[1], "abstract name");
	sock_release(s);
	return 0;
}
DEFINE_SELFTEST("unix: autobind", unix_autobind_test);

static int unix_dgram_qlen_test(void)
{
	struct sockaddr_storage ss;
	struct sockaddr_un *sun = (struct sockaddr_un *)&ss;
	struct socket *rx, *tx;
	int len, sent = 0, ret;

	ST_ASSERT(sock_create_kern(AF_UNIX, SOCK_DGRAM, 0, &rx) == 0, "socket");
	ST_ASSERT(sock_create_kern(AF_UNIX, SOCK_DGRAM, 0, &tx) == 0, "socket");
	memset(&ss, 0, sizeof(ss));
	sun->sun_family = AF_UNIX;
	ST_ASSERT(kernel_bind(rx, (struct sockaddr *)&ss, sizeof(sa_family_t)) == 0, "autobind");
	len = kernel_getsockname(rx, (struct sockaddr *)&ss);
	ST_ASSERT(kernel_connect(tx, (struct sockaddr *)&ss, len, 0) == 0, "connect");
	for (;;) {
		ret = send_k(tx, "q", 1, MSG_DONTWAIT);
		if (ret != 1)
			break;
		sent++;
	}
	ST_ASSERT(ret == -EAGAIN, "full queue: %d", ret);
	ST_ASSERT(sent == sysctl_unix_max_dgram_qlen + 1, "queued %d", sent);
	sock_release(rx);
	ret = send_k(tx, "q", 1, MSG_DONTWAIT);
	ST_ASSERT(ret == -ECONNREFUSED, "send to a closed receiver: %d", ret);
	sock_release(tx);
	return 0;
}
DEFINE_SELFTEST("unix: datagram queue limit and ECONNREFUSED", unix_dgram_qlen_test);
