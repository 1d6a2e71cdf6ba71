/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * poll(2) event bits and struct pollfd: the Linux x86_64 values.
 */
#ifndef _UAPI_ASM_GENERIC_POLL_H
#define _UAPI_ASM_GENERIC_POLL_H

#define POLLIN		0x0001	/* data to read */
#define POLLPRI		0x0002	/* urgent data (tty packet mode, sockets) */
#define POLLOUT		0x0004	/* writing will not block */
#define POLLERR		0x0008	/* error (write end of a pipe without readers) */
#define POLLHUP		0x0010	/* hung up (pipe without writers) */
#define POLLNVAL	0x0020	/* the fd is not open */
#define POLLRDNORM	0x0040
#define POLLRDBAND	0x0080
#define POLLWRNORM	0x0100
#define POLLWRBAND	0x0200
#define POLLMSG		0x0400
#define POLLREMOVE	0x1000
#define POLLRDHUP	0x2000
#define POLLFREE	0x4000	/* kernel only: the wait queue itself is going away */

struct pollfd {
	int fd;
	short events;
	short revents;
};

#endif /* _UAPI_ASM_GENERIC_POLL_H */
