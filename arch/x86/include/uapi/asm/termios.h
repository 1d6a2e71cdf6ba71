/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Terminal ABI beyond the attribute bits: the window size, the old
 * System V struct termio (TCGETA/TCSETA), modem-line bits (TIOCM*) and
 * line discipline numbers.
 */
#ifndef _UAPI_ASM_X86_TERMIOS_H
#define _UAPI_ASM_X86_TERMIOS_H

#include <uapi/asm/termbits.h>
#include <uapi/asm-generic/ioctls.h>

struct winsize {
	unsigned short ws_row;
	unsigned short ws_col;
	unsigned short ws_xpixel;
	unsigned short ws_ypixel;
};

#define NCC 8
struct termio {
	unsigned short c_iflag;
	unsigned short c_oflag;
	unsigned short c_cflag;
	unsigned short c_lflag;
	unsigned char c_line;
	unsigned char c_cc[NCC];
};

/* TIOCMGET/TIOCMSET modem lines */
#define TIOCM_LE	0x001
#define TIOCM_DTR	0x002
#define TIOCM_RTS	0x004
#define TIOCM_ST	0x008
#define TIOCM_SR	0x010
#define TIOCM_CTS	0x020
#define TIOCM_CAR	0x040
#define TIOCM_RNG	0x080
#define TIOCM_DSR	0x100
#define TIOCM_CD	TIOCM_CAR
#define TIOCM_RI	TIOCM_RNG
#define TIOCM_OUT1	0x2000
#define TIOCM_OUT2	0x4000
#define TIOCM_LOOP	0x8000

/* Line disciplines (TIOCSETD) */
#define N_TTY		0

#endif /* _UAPI_ASM_X86_TERMIOS_H */
