/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * AF_UNIX sockets (net/unix/af_unix.c): the protocol's socket object.
 *
 * A unix socket is a struct sock plus its name (shared by a listener
 * and the connections accepted from it), the path it is bound to (held
 * so the inode stays known), and its peer (held with sock_hold()).
 * Every unix socket is on one global list under a spinlock; a name or an
 * inode is looked up there.
 *
 * Locking: lock_sock() guards the state, the peer and the name; iolock
 * serialises readers (a reader may sleep holding it, never holding the
 * owner lock); peer_wait is where senders wait for room in this socket's
 * receive queue (datagrams) or backlog (connects).
 */
#ifndef _NET_AF_UNIX_H
#define _NET_AF_UNIX_H

#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/path.h>
#include <uapi/linux/un.h>
#include <net/sock.h>

struct unix_address {
	atomic_t refcnt;
	int len;			/* bytes of name used, family included */
	struct sockaddr_un name;
};

struct unix_sock {
	struct sock sk;			/* first: a struct sock * is a struct unix_sock * */
	struct unix_address *addr;	/* NULL until bound */
	struct path path;		/* a bound path name; dentry NULL otherwise */
	struct inode *inode;		/* path.dentry's inode: the lookup key */
	struct sock *peer;
	struct list_head node;		/* on the global list */
	struct mutex iolock;
	wait_queue_head_t peer_wait;
};

static inline struct unix_sock *unix_sk(const struct sock *sk)
{
	return (struct unix_sock *)sk;
}

/* net.unix.max_dgram_qlen: datagrams a receiver queues before senders wait. */
extern int sysctl_unix_max_dgram_qlen;

#endif /* _NET_AF_UNIX_H */
