/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel's view of a message being sent or received (struct msghdr),
 * and control-message helpers (net/socket.c, net/core/scm.c).
 *
 * The socket layer turns the user's struct user_msghdr into a struct
 * msghdr before calling a protocol: the data as an iov_iter, the address
 * as a kernel buffer, the control buffer still in user space (or in the
 * kernel for in-kernel callers, msg_control_is_user false).  A protocol's
 * ->recvmsg fills msg_name/msg_namelen (the layer copies it out, cut to
 * the user's length), appends control messages with put_cmsg(), and sets
 * MSG_TRUNC/MSG_CTRUNC/MSG_EOR in msg_flags.
 */
#ifndef _LINUX_SOCKET_H
#define _LINUX_SOCKET_H

#include <linux/types.h>
#include <linux/uio.h>
#include <uapi/linux/socket.h>

struct msghdr {
	void *msg_name;			/* kernel buffer: struct sockaddr_storage */
	int msg_namelen;		/* sending: its length; receiving: set by the protocol */
	struct iov_iter msg_iter;	/* the data */
	void *msg_control;		/* control buffer, user or kernel (below) */
	size_t msg_controllen;		/* room left in it */
	bool msg_control_is_user;
	unsigned int msg_flags;		/* send: the flags of the call; recv: result flags */
	struct kiocb *msg_iocb;		/* unused (NULL) */
};

/* Walking a kernel copy of a control buffer (sendmsg). */
static inline struct cmsghdr *cmsg_first(void *control, size_t len)
{
	return len >= sizeof(struct cmsghdr) ? control : NULL;
}

static inline struct cmsghdr *cmsg_next(void *control, size_t len, struct cmsghdr *c)
{
	size_t next = (char *)c - (char *)control + CMSG_ALIGN(c->cmsg_len);

	if (next + sizeof(struct cmsghdr) > len)
		return NULL;
	return (struct cmsghdr *)((char *)control + next);
}

/* A well-formed header that fits in the buffer? */
static inline bool cmsg_ok(void *control, size_t len, const struct cmsghdr *c)
{
	size_t at = (const char *)c - (const char *)control;

	return c->cmsg_len >= sizeof(struct cmsghdr) && at + c->cmsg_len <= len;
}

#define for_each_cmsg(c, control, len)				\
	for (c = cmsg_first(control, len); c && cmsg_ok(control, len, c); \
	     c = cmsg_next(control, len, c))

/*
 * put_cmsg - append one control message (@len data bytes) to msg's control
 * buffer.  A message that does not fit is cut (MSG_CTRUNC set); nothing is
 * written if not even the header fits.  0 or -EFAULT.
 */
int put_cmsg(struct msghdr *msg, int level, int type, int len, const void *data);

/* Copy a sockaddr between user and kernel (the socket layer's helpers). */
int move_addr_to_kernel(const void *uaddr, int ulen, struct sockaddr_storage *kaddr);

#endif /* _LINUX_SOCKET_H */
