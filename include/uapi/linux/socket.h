/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The socket ABI shared by every address family: family and type numbers,
 * the flags of send/recv, the SOL_SOCKET options, the user's msghdr and
 * control-message layout, struct linger and struct ucred (socket(7),
 * sendmsg(2), recvmsg(2), cmsg(3), unix(7)).  All values are the Linux
 * x86_64 ABI.
 */
#ifndef _UAPI_LINUX_SOCKET_H
#define _UAPI_LINUX_SOCKET_H

#include <uapi/linux/types.h>
#include <uapi/linux/uio.h>

typedef unsigned short sa_family_t;
typedef unsigned int socklen_t;

/* Address families we know the numbers of (PF_x == AF_x). */
enum {
	AF_UNSPEC	= 0,
	AF_UNIX		= 1,	/* AF_LOCAL */
	AF_INET		= 2,
	AF_INET6	= 10,
	AF_NETLINK	= 16,
	AF_PACKET	= 17,
	AF_MAX		= 46,
};
#define AF_LOCAL	AF_UNIX
#define PF_UNSPEC	AF_UNSPEC
#define PF_UNIX		AF_UNIX
#define PF_LOCAL	AF_UNIX
#define PF_INET		AF_INET
#define PF_INET6	AF_INET6
#define PF_NETLINK	AF_NETLINK
#define PF_PACKET	AF_PACKET

/* Socket types: the low four bits of socket(2)'s type argument. */
#define SOCK_STREAM	1
#define SOCK_DGRAM	2
#define SOCK_RAW	3
#define SOCK_RDM	4
#define SOCK_SEQPACKET	5
#define SOCK_PACKET	10
#define SOCK_TYPE_MASK	0xf
/* ...and the flags socket(2), socketpair(2) and accept4(2) take with it. */
#define SOCK_CLOEXEC	02000000	/* == O_CLOEXEC */
#define SOCK_NONBLOCK	00004000	/* == O_NONBLOCK */

/* Flags of send*(2) and recv*(2) (and msg_flags on return). */
#define MSG_OOB		0x00000001
#define MSG_PEEK	0x00000002
#define MSG_DONTROUTE	0x00000004
#define MSG_CTRUNC	0x00000008
#define MSG_TRUNC	0x00000020
#define MSG_DONTWAIT	0x00000040
#define MSG_EOR		0x00000080
#define MSG_WAITALL	0x00000100
#define MSG_CONFIRM	0x00000800
#define MSG_ERRQUEUE	0x00002000
#define MSG_NOSIGNAL	0x00004000
#define MSG_MORE	0x00008000
#define MSG_WAITFORONE	0x00010000	/* recvmmsg(2) */
#define MSG_CMSG_CLOEXEC 0x40000000	/* recvmsg(2): SCM_RIGHTS fds get O_CLOEXEC */

/* Option levels other than a protocol number. */
#define SOL_SOCKET	1
#define SOL_IP		0
#define SOL_TCP		6
#define SOL_UDP		17
#define SOL_RAW		255
#define SOL_PACKET	263
#define SOL_NETLINK	270

/* SOL_SOCKET option names (x86_64 uses the generic numbering). */
#define SO_DEBUG	1
#define SO_REUSEADDR	2
#define SO_TYPE		3
#define SO_ERROR	4
#define SO_DONTROUTE	5
#define SO_BROADCAST	6
#define SO_SNDBUF	7
#define SO_RCVBUF	8
#define SO_KEEPALIVE	9
#define SO_OOBINLINE	10
#define SO_NO_CHECK	11
#define SO_PRIORITY	12
#define SO_LINGER	13
#define SO_BSDCOMPAT	14
#define SO_REUSEPORT	15
#define SO_PASSCRED	16
#define SO_PEERCRED	17
#define SO_RCVLOWAT	18
#define SO_SNDLOWAT	19
#define SO_RCVTIMEO	20	/* the 64-bit "old" timeval form on x86_64 */
#define SO_SNDTIMEO	21
#define SO_BINDTODEVICE	25
#define SO_ATTACH_FILTER 26
#define SO_DETACH_FILTER 27
#define SO_PEERNAME	28
#define SO_TIMESTAMP	29
#define SO_ACCEPTCONN	30
#define SO_PEERSEC	31
#define SO_SNDBUFFORCE	32
#define SO_PASSSEC	34
#define SO_RCVBUFFORCE	33
#define SO_TIMESTAMPNS	35
#define SO_MARK		36
#define SO_PROTOCOL	38
#define SO_DOMAIN	39
#define SO_RXQ_OVFL	40
#define SO_PEEK_OFF	42
#define SO_BUSY_POLL	46
#define SO_INCOMING_CPU	49
#define SO_COOKIE	57
#define SO_PEERGROUPS	59
#define SO_RCVTIMEO_NEW	66
#define SO_SNDTIMEO_NEW	67

/* Control message types at SOL_SOCKET. */
#define SCM_RIGHTS	0x01	/* a set of file descriptors */
#define SCM_CREDENTIALS	0x02	/* struct ucred */
#define SCM_TIMESTAMP	SO_TIMESTAMP

/* shutdown(2) */
#define SHUT_RD		0
#define SHUT_WR		1
#define SHUT_RDWR	2

/* listen(2): a backlog above this is cut down to it (net.core.somaxconn). */
#define SOMAXCONN	4096

struct sockaddr {
	sa_family_t sa_family;
	char sa_data[14];
};

/* Room for any address family's sockaddr (128 bytes, 8-aligned). */
struct __kernel_sockaddr_storage {
	union {
		struct {
			sa_family_t ss_family;
			char __data[128 - sizeof(sa_family_t)];
		};
		void *__align;
	};
};
#define sockaddr_storage __kernel_sockaddr_storage

/* sendmsg(2)/recvmsg(2) as user space lays it out (56 bytes). */
struct user_msghdr {
	void *msg_name;
	int msg_namelen;
	struct iovec *msg_iov;
	__kernel_ulong_t msg_iovlen;
	void *msg_control;
	__kernel_ulong_t msg_controllen;
	unsigned int msg_flags;
};

/* sendmmsg(2)/recvmmsg(2): one message and what was moved for it. */
struct mmsghdr {
	struct user_msghdr msg_hdr;
	unsigned int msg_len;
};

/*
 * One control message: this header, padding to 8 bytes, the data, and
 * padding again before the next one.  cmsg_len counts header + data.
 */
struct cmsghdr {
	__kernel_ulong_t cmsg_len;
	int cmsg_level;
	int cmsg_type;
};

#define CMSG_ALIGN(len)	(((len) + sizeof(long) - 1) & ~(sizeof(long) - 1))
#define CMSG_DATA(cmsg)	((unsigned char *)(cmsg) + CMSG_ALIGN(sizeof(struct cmsghdr)))
#define CMSG_SPACE(len)	(CMSG_ALIGN(sizeof(struct cmsghdr)) + CMSG_ALIGN(len))
#define CMSG_LEN(len)	(CMSG_ALIGN(sizeof(struct cmsghdr)) + (len))

/* SO_LINGER */
struct linger {
	int l_onoff;
	int l_linger;	/* seconds */
};

/* SCM_CREDENTIALS and SO_PEERCRED */
struct ucred {
	__u32 pid;
	__u32 uid;
	__u32 gid;
};

#endif /* _UAPI_LINUX_SOCKET_H */
