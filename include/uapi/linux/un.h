/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * AF_UNIX addresses (unix(7)): a family and up to 108 bytes of name.
 * A name that starts with a NUL byte is abstract (no file); otherwise
 * it is a path in the file system.  The layout is the Linux x86_64 ABI.
 */
#ifndef _UAPI_LINUX_UN_H
#define _UAPI_LINUX_UN_H

#include <uapi/linux/socket.h>

#define UNIX_PATH_MAX	108

struct sockaddr_un {
	sa_family_t sun_family;		/* AF_UNIX */
	char sun_path[UNIX_PATH_MAX];
};

#endif /* _UAPI_LINUX_UN_H */
