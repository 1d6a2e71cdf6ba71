/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The x86_64 signal frame pieces: struct sigcontext (uc_mcontext), the
 * FXSAVE image (_fpstate_64) and the software bytes that describe an
 * extended XSAVE image following it.  Layouts are the Linux ABI.
 */
#ifndef _UAPI_ASM_X86_SIGCONTEXT_H
#define _UAPI_ASM_X86_SIGCONTEXT_H

#include <linux/types.h>

#define FP_XSTATE_MAGIC1	0x46505853U	/* in sw_reserved: an XSAVE image follows */
#define FP_XSTATE_MAGIC2	0x46505845U	/* right after the XSAVE image */
#define FP_XSTATE_MAGIC2_SIZE	sizeof(u32)

/* Bytes 464..511 of the FXSAVE image (ignored by the hardware). */
struct _fpx_sw_bytes {
	u32 magic1;
	u32 extended_size;	/* xstate_size + FP_XSTATE_MAGIC2_SIZE */
	u64 xfeatures;		/* features saved in the image */
	u32 xstate_size;	/* size of the XSAVE image */
	u32 padding[7];
};

/* The 512-byte FXSAVE layout. */
struct _fpstate_64 {
	u16 cwd;
	u16 swd;
	u16 twd;		/* abridged tag word */
	u16 fop;
	u64 rip;
	u64 rdp;
	u32 mxcsr;
	u32 mxcsr_mask;
	u32 st_space[32];	/* 8 registers, 16 bytes each */
	u32 xmm_space[64];	/* 16 registers, 16 bytes each */
	u32 reserved2[12];
	union {
		u32 reserved3[12];
		struct _fpx_sw_bytes sw_reserved;
	};
};

struct sigcontext_64 {
	u64 r8;
	u64 r9;
	u64 r10;
	u64 r11;
	u64 r12;
	u64 r13;
	u64 r14;
	u64 r15;
	u64 di;
	u64 si;
	u64 bp;
	u64 bx;
	u64 dx;
	u64 ax;
	u64 cx;
	u64 sp;
	u64 ip;
	u64 flags;
	u16 cs;
	u16 gs;
	u16 fs;
	u16 ss;
	u64 err;
	u64 trapno;
	u64 oldmask;
	u64 cr2;
	u64 fpstate;		/* user pointer to struct _fpstate_64, 0 if none */
	u64 reserved1[8];
};

#define sigcontext sigcontext_64

#endif /* _UAPI_ASM_X86_SIGCONTEXT_H */
