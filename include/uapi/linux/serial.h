/* SPDX-License-Identifier: GPL-2.0-only */
/* TIOCGSERIAL: struct serial_struct (72 bytes on x86_64) and the UART type codes. */
#ifndef _UAPI_LINUX_SERIAL_H
#define _UAPI_LINUX_SERIAL_H

struct serial_struct {
	int type;			/* PORT_* */
	int line;			/* n of ttySn */
	unsigned int port;		/* I/O base */
	int irq;
	int flags;
	int xmit_fifo_size;
	int custom_divisor;
	int baud_base;			/* UART clock / 16 */
	unsigned short close_delay;	/* 1/100 s */
	char io_type;			/* SERIAL_IO_* */
	char reserved_char[1];
	int hub6;
	unsigned short closing_wait;	/* 1/100 s */
	unsigned short closing_wait2;
	unsigned char *iomem_base;
	unsigned short iomem_reg_shift;
	unsigned int port_high;
	unsigned long iomap_base;
};

#define PORT_UNKNOWN	0
#define PORT_8250	1
#define PORT_16450	2
#define PORT_16550	3
#define PORT_16550A	4

#define SERIAL_IO_PORT	0
#define SERIAL_IO_HUB6	1
#define SERIAL_IO_MEM	2

#endif /* _UAPI_LINUX_SERIAL_H */
