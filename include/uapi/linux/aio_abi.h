/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Linux native AIO (io_setup(2), io_submit(2), io_getevents(2), ...): the
 * x86_64 ABI.  The layouts are the ones <linux/aio_abi.h> gives user space
 * (libaio, fio); on a little-endian machine aio_key comes before
 * aio_rw_flags in struct iocb.
 */
#ifndef _UAPI_LINUX_AIO_ABI_H
#define _UAPI_LINUX_AIO_ABI_H

#include <uapi/linux/types.h>

/* A context: the user address io_setup() stored in *ctxp. */
typedef __kernel_ulong_t aio_context_t;

/* aio_lio_opcode values. */
enum {
	IOCB_CMD_PREAD = 0,
	IOCB_CMD_PWRITE = 1,
	IOCB_CMD_FSYNC = 2,
	IOCB_CMD_FDSYNC = 3,
	/* 4 was an experimental PREADX, never merged */
	IOCB_CMD_POLL = 5,
	IOCB_CMD_NOOP = 6,
	IOCB_CMD_PREADV = 7,
	IOCB_CMD_PWRITEV = 8,
};

/* aio_flags bits. */
#define IOCB_FLAG_RESFD		(1 << 0)	/* signal the eventfd aio_resfd on completion */
#define IOCB_FLAG_IOPRIO	(1 << 1)	/* aio_reqprio holds an I/O priority */

/* One completion, as io_getevents() hands it out. */
struct io_event {
	__u64 data;		/* the request's aio_data */
	__u64 obj;		/* the user address of its struct iocb */
	__s64 res;		/* bytes moved, or -errno */
	__s64 res2;		/* always 0 here */
};

/* One request, as io_submit() reads it. */
struct iocb {
	__u64 aio_data;		/* returned unchanged in io_event.data */
	__u32 aio_key;		/* written by the kernel (0) */
	__s32 aio_rw_flags;	/* RWF_* as preadv2(2) takes them */
	__u16 aio_lio_opcode;	/* IOCB_CMD_* */
	__s16 aio_reqprio;
	__u32 aio_fildes;
	__u64 aio_buf;		/* buffer, or the iovec array for PREADV/PWRITEV */
	__u64 aio_nbytes;	/* bytes, or the number of iovecs */
	__s64 aio_offset;
	__u64 aio_reserved2;	/* must be 0 */
	__u32 aio_flags;	/* IOCB_FLAG_* */
	__u32 aio_resfd;	/* the eventfd for IOCB_FLAG_RESFD */
};

/* io_pgetevents()'s last argument: the mask to wait under. */
struct __aio_sigset {
	const void *sigmask;
	__kernel_ulong_t sigsetsize;	/* size_t */
};

#endif /* _UAPI_LINUX_AIO_ABI_H */
