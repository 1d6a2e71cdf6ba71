/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ioctl numbers of the Linux ABI shared by every architecture that uses
 * the generic set (x86_64 does): the terminal ioctls and the FIO* family
 * every file answers.  The 0x54xx ones ('T' << 8 | n) are older than the
 * _IOC encoding and carry no direction or size.
 */
#ifndef _UAPI_ASM_GENERIC_IOCTLS_H
#define _UAPI_ASM_GENERIC_IOCTLS_H

#include <uapi/asm-generic/ioctl.h>
#include <uapi/asm/termbits.h>

#define TCGETS		0x5401	/* struct termios * */
#define TCSETS		0x5402
#define TCSETSW		0x5403	/* drain output first */
#define TCSETSF		0x5404	/* drain output, flush input first */
#define TCGETA		0x5405	/* struct termio * */
#define TCSETA		0x5406
#define TCSETAW		0x5407
#define TCSETAF		0x5408
#define TCSBRK		0x5409	/* int: 0 sends a break, else just drains */
#define TCXONC		0x540A	/* int: TCOOFF/TCOON/TCIOFF/TCION */
#define TCFLSH		0x540B	/* int: TCIFLUSH/TCOFLUSH/TCIOFLUSH */
#define TIOCEXCL	0x540C
#define TIOCNXCL	0x540D
#define TIOCSCTTY	0x540E	/* int: steal from another session (root) */
#define TIOCGPGRP	0x540F	/* pid_t *: foreground process group */
#define TIOCSPGRP	0x5410
#define TIOCOUTQ	0x5411	/* int *: bytes not yet sent */
#define TIOCSTI		0x5412	/* char *: fake input */
#define TIOCGWINSZ	0x5413	/* struct winsize * */
#define TIOCSWINSZ	0x5414
#define TIOCMGET	0x5415	/* int *: modem lines */
#define TIOCMBIS	0x5416
#define TIOCMBIC	0x5417
#define TIOCMSET	0x5418
#define TIOCGSOFTCAR	0x5419
#define TIOCSSOFTCAR	0x541A
#define FIONREAD	0x541B	/* int *: bytes available to read */
#define TIOCINQ		FIONREAD
#define TIOCLINUX	0x541C
#define TIOCCONS	0x541D
#define TIOCGSERIAL	0x541E
#define TIOCSSERIAL	0x541F
#define TIOCPKT		0x5420
#define FIONBIO		0x5421	/* set/clear O_NONBLOCK */
#define TIOCNOTTY	0x5422	/* give up the controlling terminal */
#define TIOCSETD	0x5423	/* int *: line discipline */
#define TIOCGETD	0x5424
#define TCSBRKP		0x5425	/* POSIX tcsendbreak() */
#define TIOCSBRK	0x5427
#define TIOCCBRK	0x5428
#define TIOCGSID	0x5429	/* pid_t *: session of the terminal */
#define TCGETS2		_IOR('T', 0x2A, struct termios2)
#define TCSETS2		_IOW('T', 0x2B, struct termios2)
#define TCSETSW2	_IOW('T', 0x2C, struct termios2)
#define TCSETSF2	_IOW('T', 0x2D, struct termios2)
#define TIOCGRS485	0x542E
#define TIOCSRS485	0x542F
#define TIOCGPTN	_IOR('T', 0x30, unsigned int)
#define TIOCSPTLCK	_IOW('T', 0x31, int)
#define TIOCGDEV	_IOR('T', 0x32, unsigned int)
#define TCGETX		0x5432
#define TCSETX		0x5433
#define TCSETXF		0x5434
#define TCSETXW		0x5435
#define TIOCSIG		_IOW('T', 0x36, int)
#define TIOCVHANGUP	0x5437
#define TIOCGPKT	_IOR('T', 0x38, int)
#define TIOCGPTLCK	_IOR('T', 0x39, int)
#define TIOCGEXCL	_IOR('T', 0x40, int)
#define TIOCGPTPEER	_IO('T', 0x41)

/* TIOCPKT: the status byte a pty master's read() starts with in packet mode. */
#define TIOCPKT_DATA		0	/* data follows */
#define TIOCPKT_FLUSHREAD	1	/* the slave's input queue was flushed */
#define TIOCPKT_FLUSHWRITE	2	/* the slave's output queue was flushed */
#define TIOCPKT_STOP		4	/* output stopped (^S) */
#define TIOCPKT_START		8	/* output restarted (^Q) */
#define TIOCPKT_NOSTOP		16	/* ^S/^Q are not the flow control characters */
#define TIOCPKT_DOSTOP		32	/* they are */
#define TIOCPKT_IOCTL		64	/* EXTPROC: the slave's termios changed */

#define FIONCLEX	0x5450	/* clear close-on-exec */
#define FIOCLEX		0x5451	/* set close-on-exec */
#define FIOASYNC	0x5452	/* set/clear FASYNC */
#define TIOCSERCONFIG	0x5453
#define TIOCSERGWILD	0x5454
#define TIOCSERSWILD	0x5455
#define TIOCGLCKTRMIOS	0x5456
#define TIOCSLCKTRMIOS	0x5457
#define TIOCSERGSTRUCT	0x5458
#define TIOCSERGETLSR	0x5459
#define TIOCSERGETMULTI	0x545A
#define TIOCSERSETMULTI	0x545B
#define TIOCMIWAIT	0x545C
#define TIOCGICOUNT	0x545D
#define FIOQSIZE	0x5460	/* size of a file or directory (loff_t) */
#define FIGETBSZ	2	/* block size (int), Linux's _IO(0x00, 2) */

#endif /* _UAPI_ASM_GENERIC_IOCTLS_H */
