/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * read_proc.h - read a whole /proc or /sys file for the static tools
 * (tools/vmstat, tools/iostat).  Header only: each tool is one .c file
 * linked statically against musl.
 *
 *	read_proc(path, buf, size)	the file into buf, NUL terminated
 *					(at most size - 1 bytes); its length,
 *					0 with an empty buf when it cannot
 *					be opened
 */
#ifndef TOOLS_READ_PROC_H
#define TOOLS_READ_PROC_H

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <unistd.h>

/*
 * One read(2) of a proc file returns what fits; keep reading until the end
 * (or the buffer is full), retrying interrupted reads.
 */
static inline size_t read_proc(const char *path, char *buf, size_t size)
{
	size_t len = 0;
	int fd;

	buf[0] = '\0';
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	while (len + 1 < size) {
		ssize_t n = read(fd, buf + len, size - 1 - len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += n;
	}
	close(fd);
	buf[len] = '\0';
	return len;
}

#endif /* TOOLS_READ_PROC_H */
