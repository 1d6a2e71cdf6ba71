/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * signalfd(2): the flags and the record read(2) returns, one per signal,
 * 128 bytes laid out as the Linux x86_64 ABI fixes them.
 */
#ifndef _UAPI_LINUX_SIGNALFD_H
#define _UAPI_LINUX_SIGNALFD_H

#include <linux/types.h>
#include <uapi/linux/fcntl.h>

#define SFD_CLOEXEC	O_CLOEXEC
#define SFD_NONBLOCK	O_NONBLOCK

struct signalfd_siginfo {
	u32 ssi_signo;
	s32 ssi_errno;
	s32 ssi_code;
	u32 ssi_pid;
	u32 ssi_uid;
	s32 ssi_fd;
	u32 ssi_tid;
	u32 ssi_band;
	u32 ssi_overrun;
	u32 ssi_trapno;
	s32 ssi_status;
	s32 ssi_int;
	u64 ssi_ptr;
	u64 ssi_utime;
	u64 ssi_stime;
	u64 ssi_addr;
	u16 ssi_addr_lsb;
	u16 __pad2;
	s32 ssi_syscall;
	u64 ssi_call_addr;
	u32 ssi_arch;
	u8 __pad[28];
};

#endif /* _UAPI_LINUX_SIGNALFD_H */
