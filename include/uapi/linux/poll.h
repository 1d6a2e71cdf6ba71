/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef _UAPI_LINUX_POLL_H
#define _UAPI_LINUX_POLL_H

#include <uapi/asm-generic/poll.h>

#endif /* _UAPI_LINUX_POLL_H */
