/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The BSD socket layer (net/socket.c): struct socket, the per-family
 * operations a protocol family provides (struct proto_ops), family
 * registration, and the kernel-side socket calls in-kernel users (the NFS
 * client) make.
 *
 * A socket is a file on the internal "sockfs" (an S_IFSOCK inode whose
 * i_private points at the struct socket) plus a struct socket, which holds the
 * family's ops and its struct sock (include/net/sock.h).  Every system
 * call finds the socket from its fd (sockfd_lookup()), copies arguments in
 * (addresses into a struct sockaddr_storage, options into a kernel buffer,
 * the data into an iov_iter), and calls the ops; the ops never see user
 * pointers except through msg_iter and msg_control.
 *
 * Locking: the socket layer takes none of the protocol's locks; each
 * ->op does its own (lock_sock()).  sock->file and sock->ops do not
 * change after creation.
 */
#ifndef _LINUX_NET_H
#define _LINUX_NET_H

#include <linux/types.h>
#include <linux/wait.h>
#include <linux/socket.h>
#include <linux/fs.h>

struct file;
struct sock;
struct socket;
struct msghdr;
struct poll_table_struct;
struct vm_area_struct;
struct inode;

typedef enum {
	SS_FREE = 0,		/* not allocated */
	SS_UNCONNECTED,
	SS_CONNECTING,
	SS_CONNECTED,
	SS_DISCONNECTING,
} socket_state;

/* sock->flags */
#define SOCK_PASSCRED_FLAG	0	/* (AF_UNIX keeps its own) */

struct socket {
	socket_state state;
	short type;			/* SOCK_STREAM... */
	unsigned long flags;
	struct file *file;		/* the file it is (NULL for kernel sockets without one) */
	struct sock *sk;
	const struct proto_ops *ops;
	wait_queue_head_t wait;		/* pollers and sleepers: sk->sk_wq points here */
};

/*
 * What a family implements.  Return values are 0 or -errno unless said;
 * "unsupported" is -EOPNOTSUPP.  Addresses are kernel buffers already
 * copied and length-checked against sizeof(struct sockaddr_storage).
 */
struct proto_ops {
	int family;
	int (*release)(struct socket *sock);	/* last close: sock->sk may be handed off */
	int (*bind)(struct socket *sock, struct sockaddr *addr, int addrlen);
	int (*connect)(struct socket *sock, struct sockaddr *addr, int addrlen, int flags);
	int (*socketpair)(struct socket *a, struct socket *b);
	/* @newsock is allocated by the layer (type, ops set); @flags: O_NONBLOCK. */
	int (*accept)(struct socket *sock, struct socket *newsock, int flags, bool kern);
	/* Write the local (@peer 0) or peer (@peer 1) address; its length or -errno. */
	int (*getname)(struct socket *sock, struct sockaddr *addr, int peer);
	__poll_t (*poll)(struct file *file, struct socket *sock, struct poll_table_struct *wait);
	/* -ENOIOCTLCMD: not ours (the layer then tries the generic ones). */
	int (*ioctl)(struct socket *sock, unsigned int cmd, unsigned long arg);
	int (*listen)(struct socket *sock, int backlog);
	int (*shutdown)(struct socket *sock, int how);	/* how: SHUT_RD/WR/RDWR */
	/* Options: kernel buffers.  getsockopt: *optlen is the room in, bytes written out. */
	int (*setsockopt)(struct socket *sock, int level, int optname,
			  const void *optval, unsigned int optlen);
	int (*getsockopt)(struct socket *sock, int level, int optname,
			  void *optval, int *optlen);
	/* Bytes sent / received, or -errno. */
	int (*sendmsg)(struct socket *sock, struct msghdr *m, size_t total_len);
	int (*recvmsg)(struct socket *sock, struct msghdr *m, size_t total_len, int flags);
	int (*mmap)(struct file *file, struct socket *sock, struct vm_area_struct *vma);
};

/* A family's constructor: fill sock->ops and sock->sk for (type, protocol). */
struct net_proto_family {
	int family;
	int (*create)(struct socket *sock, int protocol, int kern);
};

int sock_register(const struct net_proto_family *fam);
void sock_unregister(int family);

/* Largest option value the layer copies in or out for ->set/getsockopt. */
#define SOCKOPT_MAX_LEN		1024

/* ----------------------------------------------- socket objects (socket.c) */

/* A socket on sockfs with no sk yet (type set, ops NULL). */
struct socket *sock_alloc(void);
int sock_create(int family, int type, int protocol, struct socket **res);
/* A socket owned by the kernel (no fd; permission checks skipped). */
int sock_create_kern(int family, int type, int protocol, struct socket **res);
void sock_release(struct socket *sock);
/* Give @sock a file (flags: O_NONBLOCK | O_CLOEXEC) and install it; the fd or -errno. */
int sock_map_fd(struct socket *sock, int flags);
struct file *sock_alloc_file(struct socket *sock, int flags, const char *dname);
/* The socket behind @file, or NULL (*err = -ENOTSOCK). */
struct socket *sock_from_file(struct file *file);
/* fd -> socket with a file reference held; sockfd_put() drops it. */
struct socket *sockfd_lookup(int fd, int *err);
void sockfd_put(struct socket *sock);
/* The socket of an S_IFSOCK sockfs inode. */
struct socket *SOCKET_I(struct inode *inode);

/* Send / receive through the ops (checks and the sock layer's SIGPIPE rules). */
int sock_sendmsg(struct socket *sock, struct msghdr *msg);
int sock_recvmsg(struct socket *sock, struct msghdr *msg, int flags);

/* ----------------------------------------- in-kernel users (NFS, tests) */

int kernel_sendmsg(struct socket *sock, struct msghdr *msg, struct kvec *vec,
		   size_t num, size_t len);
int kernel_recvmsg(struct socket *sock, struct msghdr *msg, struct kvec *vec,
		   size_t num, size_t len, int flags);
int kernel_bind(struct socket *sock, struct sockaddr *addr, int addrlen);
int kernel_listen(struct socket *sock, int backlog);
int kernel_accept(struct socket *sock, struct socket **newsock, int flags);
int kernel_connect(struct socket *sock, struct sockaddr *addr, int addrlen, int flags);
int kernel_getsockname(struct socket *sock, struct sockaddr *addr);
int kernel_getpeername(struct socket *sock, struct sockaddr *addr);
int kernel_sock_shutdown(struct socket *sock, int how);
int kernel_setsockopt(struct socket *sock, int level, int optname,
		      const void *optval, unsigned int optlen);

/* net.core.somaxconn (listen backlog cap). */
extern int sysctl_somaxconn;

#endif /* _LINUX_NET_H */
