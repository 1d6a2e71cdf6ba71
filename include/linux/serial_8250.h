/* SPDX-License-Identifier: GPL-2.0-only */
/* 16550 UART registers (offsets from the port base) and console hooks. */
#ifndef _LINUX_SERIAL_8250_H
#define _LINUX_SERIAL_8250_H

#include <linux/types.h>

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
#define UART_IIR_NO_INT	0x01
#define UART_FCR_ENABLE	0x01
#define UART_FCR_CLEAR	0x06	/* clear both FIFOs */
#define UART_LCR_WLEN8	0x03
#define UART_LCR_DLAB	0x80
#define UART_MCR_DTR	0x01
#define UART_MCR_RTS	0x02
#define UART_MCR_OUT2	0x08	/* gates the UART interrupt line on PCs */
#define UART_LSR_DR	0x01	/* data ready */
#define UART_LSR_THRE	0x20	/* transmit holding register empty */

void serial8250_init_port(u16 base, unsigned int baud);
void serial8250_putc(u16 base, char c);
void serial8250_console_init(void);

#endif /* _LINUX_SERIAL_8250_H */
