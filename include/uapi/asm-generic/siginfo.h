/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * siginfo_t as user space sees it (128 bytes on x86_64): si_signo,
 * si_errno, si_code, then a union at offset 16 whose member depends on
 * the signal and si_code.  Also the si_code values.  Linux ABI.
 */
#ifndef _UAPI_ASM_GENERIC_SIGINFO_H
#define _UAPI_ASM_GENERIC_SIGINFO_H

#include <linux/types.h>

typedef union sigval {
	int sival_int;
	void *sival_ptr;
} sigval_t;

#define SI_MAX_SIZE	128

union __sifields {
	struct {			/* kill, tkill, tgkill */
		pid_t _pid;
		uid_t _uid;
	} _kill;
	struct {			/* POSIX timers */
		int _tid;
		int _overrun;
		sigval_t _sigval;
		int _sys_private;
	} _timer;
	struct {			/* sigqueue, rt_sigqueueinfo */
		pid_t _pid;
		uid_t _uid;
		sigval_t _sigval;
	} _rt;
	struct {			/* SIGCHLD */
		pid_t _pid;
		uid_t _uid;
		int _status;
		long _utime;
		long _stime;
	} _sigchld;
	struct {			/* SIGILL, SIGFPE, SIGSEGV, SIGBUS, SIGTRAP */
		void *_addr;
		short _addr_lsb;
	} _sigfault;
	struct {			/* SIGPOLL */
		long _band;
		int _fd;
	} _sigpoll;
	struct {			/* SIGSYS */
		void *_call_addr;
		int _syscall;
		unsigned int _arch;
	} _sigsys;
};

#define __SIGINFO				\
struct {					\
	int si_signo;				\
	int si_errno;				\
	int si_code;				\
	union __sifields _sifields;		\
}

typedef struct siginfo {
	union {
		__SIGINFO;
		int _si_pad[SI_MAX_SIZE / sizeof(int)];
	};
} siginfo_t;

#define si_pid		_sifields._kill._pid
#define si_uid		_sifields._kill._uid
#define si_tid		_sifields._timer._tid
#define si_overrun	_sifields._timer._overrun
#define si_value	_sifields._rt._sigval
#define si_int		_sifields._rt._sigval.sival_int
#define si_ptr		_sifields._rt._sigval.sival_ptr
#define si_status	_sifields._sigchld._status
#define si_utime	_sifields._sigchld._utime
#define si_stime	_sifields._sigchld._stime
#define si_addr		_sifields._sigfault._addr
#define si_addr_lsb	_sifields._sigfault._addr_lsb
#define si_band		_sifields._sigpoll._band
#define si_fd		_sifields._sigpoll._fd

/* struct sigevent (timer_create, mq_notify): how to tell the process. */
#define SIGEV_SIGNAL	0	/* send sigev_signo to the process */
#define SIGEV_NONE	1	/* nothing */
#define SIGEV_THREAD	2	/* a C library notion: the kernel refuses it */
#define SIGEV_THREAD_ID	4	/* with SIGEV_SIGNAL: to the thread sigev_notify_thread_id */

#define SIGEV_MAX_SIZE	64

typedef struct sigevent {
	sigval_t sigev_value;
	int sigev_signo;
	int sigev_notify;
	union {
		int _pad[(SIGEV_MAX_SIZE - 16) / sizeof(int)];
		int _tid;
	} _sigev_un;
} sigevent_t;

#define sigev_notify_thread_id	_sigev_un._tid

/* si_code: who sent it (<= 0: a user; > 0: the kernel). */
#define SI_USER		0
#define SI_KERNEL	0x80
#define SI_QUEUE	-1
#define SI_TIMER	-2
#define SI_MESGQ	-3
#define SI_ASYNCIO	-4
#define SI_SIGIO	-5
#define SI_TKILL	-6
#define SI_FROMUSER(siptr)	((siptr)->si_code <= 0)

#define ILL_ILLOPC	1
#define ILL_ILLOPN	2
#define ILL_ILLADR	3
#define ILL_ILLTRP	4
#define ILL_PRVOPC	5
#define ILL_PRVREG	6
#define ILL_COPROC	7
#define ILL_BADSTK	8

#define FPE_INTDIV	1
#define FPE_INTOVF	2
#define FPE_FLTDIV	3
#define FPE_FLTOVF	4
#define FPE_FLTUND	5
#define FPE_FLTRES	6
#define FPE_FLTINV	7
#define FPE_FLTSUB	8

#define SEGV_MAPERR	1
#define SEGV_ACCERR	2

#define BUS_ADRALN	1
#define BUS_ADRERR	2
#define BUS_OBJERR	3

#define TRAP_BRKPT	1
#define TRAP_TRACE	2

#define CLD_EXITED	1
#define CLD_KILLED	2
#define CLD_DUMPED	3
#define CLD_TRAPPED	4
#define CLD_STOPPED	5
#define CLD_CONTINUED	6

#endif /* _UAPI_ASM_GENERIC_SIGINFO_H */
