/* SPDX-License-Identifier: GPL-2.0-only */
/* getrandom(2) flags and the /dev/random ioctls. */
#ifndef _UAPI_LINUX_RANDOM_H
#define _UAPI_LINUX_RANDOM_H

#include <uapi/asm-generic/ioctl.h>

#define GRND_NONBLOCK	0x0001	/* fail with EAGAIN instead of waiting for the first seed */
#define GRND_RANDOM	0x0002	/* historical /dev/random semantics: same source here */
#define GRND_INSECURE	0x0004	/* never wait, even before the first seed */

#define RNDGETENTCNT	_IOR('R', 0x00, int)	/* entropy estimate of the input pool, bits */
#define RNDADDTOENTCNT	_IOW('R', 0x01, int)	/* root: credit bits */
#define RNDGETPOOL	_IOR('R', 0x02, int[2])	/* removed: EINVAL */
#define RNDADDENTROPY	_IOW('R', 0x03, int[2])	/* root: struct rand_pool_info */
#define RNDZAPENTCNT	_IO('R', 0x04)
#define RNDCLEARPOOL	_IO('R', 0x06)
#define RNDRESEEDCRNG	_IO('R', 0x07)	/* root: reseed from the input pool now */

struct rand_pool_info {
	int entropy_count;	/* bits to credit */
	int buf_size;		/* bytes in buf */
	unsigned int buf[];
};

#endif /* _UAPI_LINUX_RANDOM_H */
