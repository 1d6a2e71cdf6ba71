/* SPDX-License-Identifier: GPL-2.0-only */
/* wait4/waitid options and id types (Linux ABI). */
#ifndef _UAPI_LINUX_WAIT_H
#define _UAPI_LINUX_WAIT_H

#define WNOHANG		0x00000001
#define WUNTRACED	0x00000002
#define WSTOPPED	WUNTRACED
#define WEXITED		0x00000004
#define WCONTINUED	0x00000008
#define WNOWAIT		0x01000000	/* leave the child waitable */

#define __WNOTHREAD	0x20000000	/* only this thread's children */
#define __WALL		0x40000000	/* clone and non-clone children */
#define __WCLONE	0x80000000	/* only clone children */

/* waitid id types */
#define P_ALL		0
#define P_PID		1
#define P_PGID		2
#define P_PIDFD		3

#endif /* _UAPI_LINUX_WAIT_H */
