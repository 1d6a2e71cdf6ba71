/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The EPOLL* event bits (the same values as POLL*; kernel ->poll methods
 * return them) and the epoll ABI types (fs/eventpoll.c implements them).
 */
#ifndef _UAPI_LINUX_EVENTPOLL_H
#define _UAPI_LINUX_EVENTPOLL_H

#include <linux/types.h>
#include <uapi/linux/fcntl.h>

/* epoll_create1() flags */
#define EPOLL_CLOEXEC	O_CLOEXEC

#define EPOLLIN		0x00000001
#define EPOLLPRI	0x00000002
#define EPOLLOUT	0x00000004
#define EPOLLERR	0x00000008
#define EPOLLHUP	0x00000010
#define EPOLLNVAL	0x00000020
#define EPOLLRDNORM	0x00000040
#define EPOLLRDBAND	0x00000080
#define EPOLLWRNORM	0x00000100
#define EPOLLWRBAND	0x00000200
#define EPOLLMSG	0x00000400
#define EPOLLRDHUP	0x00002000
#define EPOLLEXCLUSIVE	(1U << 28)
#define EPOLLWAKEUP	(1U << 29)
#define EPOLLONESHOT	(1U << 30)
#define EPOLLET		(1U << 31)

#define EPOLL_CTL_ADD	1
#define EPOLL_CTL_DEL	2
#define EPOLL_CTL_MOD	3

/* x86_64 packs it: 12 bytes. */
struct epoll_event {
	u32 events;
	u64 data;
} __attribute__((packed));

#endif /* _UAPI_LINUX_EVENTPOLL_H */
