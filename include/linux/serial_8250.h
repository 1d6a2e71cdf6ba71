/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * 16550 UART registers (offsets from the port base), and what the polled
 * console (8250_early.c) shares with the interrupt-driven tty driver
 * (8250.c): the port addresses and one lock per port, which both take
 * around every access to the UART so console lines and tty output do not
 * garble each other.
 */
#ifndef _LINUX_SERIAL_8250_H
#define _LINUX_SERIAL_8250_H

#include <linux/types.h>
#include <linux/spinlock.h>

#define UART_RX		0	/* receive buffer (read) */
#define UART_TX		0	/* transmit holding (write) */
#define UART_DLL	0	/* divisor latch low (DLAB=1) */
#define UART_IER	1	/* interrupt enable */
#define UART_DLM	1	/* divisor latch high (DLAB=1) */
#define UART_IIR	2	/* interrupt identification (read) */
#define UART_FCR	2	/* FIFO control (write) */
#define UART_LCR	3	/* line control */
#define UART_MCR	4	/* modem control */
#define UART_LSR	5	/* line status */
#define UART_MSR	6	/* modem status */
#define UART_SCR	7	/* scratch */

#define UART_IER_RDI	0x01	/* receive data available */
#define UART_IER_THRI	0x02	/* transmit holding register empty */
#define UART_IER_RLSI	0x04	/* receiver line status (errors, break) */
#define UART_IER_MSI	0x08	/* modem status change */
#define UART_IIR_NO_INT	0x01
#define UART_IIR_ID	0x0e	/* interrupt source */
#define UART_IIR_MSI	0x00	/*  modem status */
#define UART_IIR_FIFO	0xc0	/* both set: a 16550A with working FIFOs */
#define UART_FCR_ENABLE	0x01
#define UART_FCR_CLEAR	0x06	/* clear both FIFOs */
#define UART_FCR_CLEAR_XMIT 0x04
#define UART_LCR_WLEN8	0x03
#define UART_LCR_STOP	0x04	/* two stop bits (1.5 with 5-bit words) */
#define UART_LCR_PARITY	0x08
#define UART_LCR_EPAR	0x10	/* even parity */
#define UART_LCR_SPAR	0x20	/* stick (mark/space) parity */
#define UART_LCR_SBC	0x40	/* send break */
#define UART_LCR_DLAB	0x80
#define UART_MCR_DTR	0x01
#define UART_MCR_RTS	0x02
#define UART_MCR_OUT1	0x04
#define UART_MCR_OUT2	0x08	/* gates the UART interrupt line on PCs */
#define UART_MCR_LOOP	0x10
#define UART_LSR_DR	0x01	/* data ready */
#define UART_LSR_OE	0x02	/* overrun */
#define UART_LSR_PE	0x04	/* parity error */
#define UART_LSR_FE	0x08	/* framing error */
#define UART_LSR_BI	0x10	/* break received */
#define UART_LSR_THRE	0x20	/* transmit holding register empty */
#define UART_LSR_TEMT	0x40	/* transmitter idle: holding and shift registers empty */
#define UART_MSR_CTS	0x10
#define UART_MSR_DSR	0x20
#define UART_MSR_RI	0x40
#define UART_MSR_DCD	0x80

#define UART_NR		4	/* COM1..COM4 */
#define UART_CLOCK	1843200	/* standard PC UART crystal, Hz */
#define UART_BAUD_BASE	(UART_CLOCK / 16)

void serial8250_init_port(u16 base, unsigned int baud);
void serial8250_putc(u16 base, char c);
void serial8250_console_init(void);

/* I/O base of COMn (n = 0..3), its lock, and the baud it was set up with. */
u16 serial8250_port_base(int line);
spinlock_t *serial8250_port_lock(int line);
unsigned int serial8250_port_baud(int line);
/* The first port registered as a console, or -1. */
int serial8250_console_line(void);

#endif /* _LINUX_SERIAL_8250_H */
