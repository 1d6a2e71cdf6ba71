/* SPDX-License-Identifier: GPL-2.0-only */
/* struct iovec of readv(2)/writev(2) and its limit. */
#ifndef _UAPI_LINUX_UIO_H
#define _UAPI_LINUX_UIO_H

#include <uapi/linux/types.h>

struct iovec {
	void *iov_base;
	__kernel_ulong_t iov_len;
};

#define UIO_FASTIOV	8	/* iovecs readv/writev copy without allocating */
#define UIO_MAXIOV	1024	/* IOV_MAX: most iovecs one call accepts */

#endif /* _UAPI_LINUX_UIO_H */
