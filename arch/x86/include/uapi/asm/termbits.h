/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Terminal attributes: the kernel's struct termios (what TCGETS/TCSETS
 * copy, 36 bytes: no speed fields, the speed lives in c_cflag), struct
 * termios2 (TCGETS2/TCSETS2, 44 bytes, with explicit speeds for BOTHER),
 * the c_cc indices and every flag bit, as on Linux/x86_64 (which uses the
 * generic values).  The C library's struct termios is larger (it appends
 * c_ispeed/c_ospeed after a longer c_cc); it converts.
 *
 * The flag values are octal, as they are traditionally written.
 */
#ifndef _UAPI_ASM_X86_TERMBITS_H
#define _UAPI_ASM_X86_TERMBITS_H

typedef unsigned char cc_t;
typedef unsigned int speed_t;
typedef unsigned int tcflag_t;

#define NCCS 19

struct termios {
	tcflag_t c_iflag;		/* input modes */
	tcflag_t c_oflag;		/* output modes */
	tcflag_t c_cflag;		/* control modes */
	tcflag_t c_lflag;		/* local modes */
	cc_t c_line;			/* line discipline (N_TTY = 0) */
	cc_t c_cc[NCCS];		/* control characters */
};

struct termios2 {
	tcflag_t c_iflag;
	tcflag_t c_oflag;
	tcflag_t c_cflag;
	tcflag_t c_lflag;
	cc_t c_line;
	cc_t c_cc[NCCS];
	speed_t c_ispeed;		/* input speed in bit/s (with BOTHER) */
	speed_t c_ospeed;		/* output speed in bit/s (with BOTHER) */
};

/* The kernel's own copy: termios2's layout. */
struct ktermios {
	tcflag_t c_iflag;
	tcflag_t c_oflag;
	tcflag_t c_cflag;
	tcflag_t c_lflag;
	cc_t c_line;
	cc_t c_cc[NCCS];
	speed_t c_ispeed;
	speed_t c_ospeed;
};

/* c_cc indices */
#define VINTR		0	/* ^C: SIGINT */
#define VQUIT		1	/* ^\: SIGQUIT */
#define VERASE		2	/* DEL: erase a character */
#define VKILL		3	/* ^U: erase the line */
#define VEOF		4	/* ^D: end of file */
#define VTIME		5	/* non-canonical timeout, tenths of a second */
#define VMIN		6	/* non-canonical minimum byte count */
#define VSWTC		7
#define VSTART		8	/* ^Q: resume output */
#define VSTOP		9	/* ^S: stop output */
#define VSUSP		10	/* ^Z: SIGTSTP */
#define VEOL		11	/* an extra end-of-line character */
#define VREPRINT	12	/* ^R: reprint the line */
#define VDISCARD	13	/* ^O */
#define VWERASE		14	/* ^W: erase a word */
#define VLNEXT		15	/* ^V: take the next character literally */
#define VEOL2		16	/* a second extra end-of-line character */

/* c_iflag */
#define IGNBRK		0000001
#define BRKINT		0000002
#define IGNPAR		0000004
#define PARMRK		0000010
#define INPCK		0000020
#define ISTRIP		0000040
#define INLCR		0000100
#define IGNCR		0000200
#define ICRNL		0000400
#define IUCLC		0001000
#define IXON		0002000
#define IXANY		0004000
#define IXOFF		0010000
#define IMAXBEL		0020000
#define IUTF8		0040000

/* c_oflag */
#define OPOST		0000001
#define OLCUC		0000002
#define ONLCR		0000004
#define OCRNL		0000010
#define ONOCR		0000020
#define ONLRET		0000040
#define OFILL		0000100
#define OFDEL		0000200
#define NLDLY		0000400
#define   NL0		0000000
#define   NL1		0000400
#define CRDLY		0003000
#define   CR0		0000000
#define   CR1		0001000
#define   CR2		0002000
#define   CR3		0003000
#define TABDLY		0014000
#define   TAB0		0000000
#define   TAB1		0004000
#define   TAB2		0010000
#define   TAB3		0014000
#define   XTABS		0014000	/* expand tabs to spaces */
#define BSDLY		0020000
#define   BS0		0000000
#define   BS1		0020000
#define VTDLY		0040000
#define   VT0		0000000
#define   VT1		0040000
#define FFDLY		0100000
#define   FF0		0000000
#define   FF1		0100000

/* c_cflag */
#define CBAUD		0010017
#define  B0		0000000	/* hang up */
#define  B50		0000001
#define  B75		0000002
#define  B110		0000003
#define  B134		0000004
#define  B150		0000005
#define  B200		0000006
#define  B300		0000007
#define  B600		0000010
#define  B1200		0000011
#define  B1800		0000012
#define  B2400		0000013
#define  B4800		0000014
#define  B9600		0000015
#define  B19200		0000016
#define  B38400		0000017
#define EXTA		B19200
#define EXTB		B38400
#define CSIZE		0000060
#define   CS5		0000000
#define   CS6		0000020
#define   CS7		0000040
#define   CS8		0000060
#define CSTOPB		0000100
#define CREAD		0000200
#define PARENB		0000400
#define PARODD		0001000
#define HUPCL		0002000
#define CLOCAL		0004000
#define CBAUDEX		0010000
#define    BOTHER	0010000	/* speed in c_ispeed/c_ospeed (termios2) */
#define    B57600	0010001
#define   B115200	0010002
#define   B230400	0010003
#define   B460800	0010004
#define   B500000	0010005
#define   B576000	0010006
#define   B921600	0010007
#define  B1000000	0010010
#define  B1152000	0010011
#define  B1500000	0010012
#define  B2000000	0010013
#define  B2500000	0010014
#define  B3000000	0010015
#define  B3500000	0010016
#define  B4000000	0010017
#define CIBAUD		002003600000	/* input speed, CBAUD << IBSHIFT */
#define CMSPAR		010000000000	/* mark or space parity */
#define CRTSCTS		020000000000	/* hardware flow control */

#define IBSHIFT		16		/* input speed bits in c_cflag */

/* c_lflag */
#define ISIG		0000001
#define ICANON		0000002
#define XCASE		0000004
#define ECHO		0000010
#define ECHOE		0000020
#define ECHOK		0000040
#define ECHONL		0000100
#define NOFLSH		0000200
#define TOSTOP		0000400
#define ECHOCTL		0001000
#define ECHOPRT		0002000
#define ECHOKE		0004000
#define FLUSHO		0010000
#define PENDIN		0040000
#define IEXTEN		0100000
#define EXTPROC		0200000

/* TCXONC */
#define TCOOFF		0
#define TCOON		1
#define TCIOFF		2
#define TCION		3

/* TCFLSH */
#define TCIFLUSH	0
#define TCOFLUSH	1
#define TCIOFLUSH	2

/* tcsetattr() optional actions (the C library maps them to TCSETS*) */
#define TCSANOW		0
#define TCSADRAIN	1
#define TCSAFLUSH	2

#endif /* _UAPI_ASM_X86_TERMBITS_H */
