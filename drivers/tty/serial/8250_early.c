// SPDX-License-Identifier: GPL-2.0-only
/*
 * 16550 UART console, usable from the first printk on.
 *
 * Polled output only: each byte waits for THRE, so console output is
 * synchronous and survives a crash right after it.  The interrupt-driven
 * tty side of the port (input, line discipline) is drivers/tty/serial/8250.c.
 *
 * Interface: serial8250_console_init() registers ttyS0..3 that the
 * command line names with console=ttySn[,baud]; with no console= at all
 * ttyS0 at 115200 is used, so a bare "qemu -kernel" still shows the boot.
 */
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/printk.h>
#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/serial_8250.h>
#include <asm/io.h>
#include <asm/processor.h>

#define UART_CLOCK	1843200		/* standard PC UART crystal, Hz */
#define UART_BAUD_BASE	(UART_CLOCK / 16)
#define DEFAULT_BAUD	115200

static const u16 serial_ports[4] = { 0x3f8, 0x2f8, 0x3e8, 0x2e8 };
static struct console serial_consoles[4];

void serial8250_init_port(u16 base, unsigned int baud)
{
	unsigned int divisor = UART_BAUD_BASE / (baud ? baud : DEFAULT_BAUD);

	if (!divisor)
		divisor = 1;
	outb(0x00, base + UART_IER);		/* no interrupts yet */
	outb(UART_LCR_DLAB, base + UART_LCR);
	outb(divisor & 0xff, base + UART_DLL);
	outb(divisor >> 8, base + UART_DLM);
	outb(UART_LCR_WLEN8, base + UART_LCR);	/* 8n1 */
	outb(UART_FCR_ENABLE | UART_FCR_CLEAR, base + UART_FCR);
	outb(UART_MCR_DTR | UART_MCR_RTS | UART_MCR_OUT2, base + UART_MCR);
}

void serial8250_putc(u16 base, char c)
{
	unsigned int spins = 0;

	/* Bounded wait: a missing UART must not hang the boot. */
	while (!(inb(base + UART_LSR) & UART_LSR_THRE) && spins++ < 100000)
		cpu_relax();
	outb(c, base + UART_TX);
}

static void serial_console_write(struct console *con, const char *s, unsigned int n)
{
	u16 base = serial_ports[con->index];

	for (unsigned int i = 0; i < n; i++) {
		if (s[i] == '\n')
			serial8250_putc(base, '\r');
		serial8250_putc(base, s[i]);
	}
}

static void register_port(int index, const char *options)
{
	struct console *con = &serial_consoles[index];
	unsigned long baud = DEFAULT_BAUD;

	if (options && isdigit(*options))
		baud = simple_strtoul(options, NULL, 10);
	serial8250_init_port(serial_ports[index], baud);
	strscpy(con->name, "ttyS", sizeof(con->name));
	con->index = index;
	con->write = serial_console_write;
	register_console(con);
}

void __init serial8250_console_init(void)
{
	bool any = false;
	const char *options;

	for (int i = 0; i < 4; i++) {
		if (console_wanted("ttyS", i, &options)) {
			register_port(i, options);
			any = true;
		}
	}
	if (!any)
		register_port(0, NULL);
}
