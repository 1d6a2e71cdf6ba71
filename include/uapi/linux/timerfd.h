/* SPDX-License-Identifier: GPL-2.0-only */
/* timerfd_create(2) and timerfd_settime(2) flags (the Linux x86_64 ABI values). */
#ifndef _UAPI_LINUX_TIMERFD_H
#define _UAPI_LINUX_TIMERFD_H

#include <uapi/linux/fcntl.h>

#define TFD_TIMER_ABSTIME	(1 << 0)
#define TFD_TIMER_CANCEL_ON_SET	(1 << 1)
#define TFD_CLOEXEC		O_CLOEXEC
#define TFD_NONBLOCK		O_NONBLOCK

#endif /* _UAPI_LINUX_TIMERFD_H */
