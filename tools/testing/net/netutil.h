/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * netutil.h - the helpers nettool.c and frame-inject.c share: a monotonic
 * clock in seconds and a write that finishes.  Header-only (static
 * functions), so each program stays one compilation unit; no state, no
 * locking.
 */
#ifndef NET_TEST_NETUTIL_H
#define NET_TEST_NETUTIL_H

#include <errno.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

/* CLOCK_MONOTONIC in seconds, for intervals. */
static inline double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Writes all len bytes (retrying short writes and EINTR); 0 or -1. */
static inline int write_all(int fd, const void *buf, size_t len)
{
	const uint8_t *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

#endif
