// SPDX-License-Identifier: GPL-2.0-only
/*
 * 16550 UART console, usable from the first printk on.
 *
 * Polled output only: each byte waits for THRE, so console output is
 * synchronous and survives a crash right after it.  The interrupt-driven
 * tty side of the port (input, line discipline) is drivers/tty/serial/8250.c.
 *
 * Sharing the UART with the tty driver: both take the port's lock
 * (port_locks[], irq-safe) around every register access.  A console write
 * turns the UART's interrupts off (IER = 0) for its duration, polls its
 * bytes out, waits until the transmitter is idle and restores IER; a tty
 * transmission in progress resumes with the next THRE interrupt.  So
 * console lines and tty output interleave only between a line and a
 * FIFO-load of tty output, never inside either.  If the lock cannot be
 * had within CONSOLE_LOCK_WAIT_US (the holder oopsed, or printk was
 * called with it held), the console writes anyway: output beats order.
 *
 * Interface: serial8250_console_init() registers ttyS0..3 that the
 * command line names with console=ttySn[,baud]; with no console= at all
 * ttyS0 at 115200 is used, so a bare "qemu -kernel" still shows the boot.
 * serial8250_port_base()/_lock()/_baud() and serial8250_console_line()
 * tell the tty driver about the ports.
 */
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/printk.h>
#include <linux/init.h>
#include <linux/kstrtox.h>
#include <linux/serial_8250.h>
#include <linux/spinlock.h>
#include <linux/delay.h>
#include <asm/io.h>
#include <asm/processor.h>
#include <asm/irqflags.h>

#define DEFAULT_BAUD		115200
/* Longest wait for a port lock before printing regardless: 100 ms. */
#define CONSOLE_LOCK_WAIT_US	100000

static const u16 serial_ports[UART_NR] = { 0x3f8, 0x2f8, 0x3e8, 0x2e8 };
static struct console serial_consoles[UART_NR];
static unsigned int port_baud[UART_NR];
static int console_line = -1;
static spinlock_t port_locks[UART_NR] = {
	__SPIN_LOCK_UNLOCKED(port_locks[0]), __SPIN_LOCK_UNLOCKED(port_locks[1]),
	__SPIN_LOCK_UNLOCKED(port_locks[2]), __SPIN_LOCK_UNLOCKED(port_locks[3]),
};

u16 serial8250_port_base(int line)
{
	return serial_ports[line];
}

spinlock_t *serial8250_port_lock(int line)
{
	return &port_locks[line];
}

unsigned int serial8250_port_baud(int line)
{
	return port_baud[line] ? port_baud[line] : DEFAULT_BAUD;
}

int serial8250_console_line(void)
{
	return console_line;
}

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
	spinlock_t *lock = &port_locks[con->index];
	unsigned int waited = 0, spins = 0;
	unsigned long flags;
	bool locked;
	u8 ier;

	local_irq_save(flags);
	while (!(locked = spin_trylock(lock)) && waited < CONSOLE_LOCK_WAIT_US) {
		udelay(1);
		waited++;
	}
	ier = inb(base + UART_IER);
	outb(0, base + UART_IER);
	for (unsigned int i = 0; i < n; i++) {
		if (s[i] == '\n')
			serial8250_putc(base, '\r');
		serial8250_putc(base, s[i]);
	}
	/* Let the last byte leave before tty output may follow it. */
	while (!(inb(base + UART_LSR) & UART_LSR_TEMT) && spins++ < 100000)
		cpu_relax();
	outb(ier, base + UART_IER);
	if (locked)
		spin_unlock(lock);
	local_irq_restore(flags);
}

static void register_port(int index, const char *options)
{
	struct console *con = &serial_consoles[index];
	unsigned long baud = DEFAULT_BAUD;

	if (options && isdigit(*options))
		baud = simple_strtoul(options, NULL, 10);
	serial8250_init_port(serial_ports[index], baud);
	port_baud[index] = baud;
	if (console_line < 0)
		console_line = index;
	strscpy(con->name, "ttyS", sizeof(con->name));
	con->index = index;
	con->write = serial_console_write;
	register_console(con);
}

void __init serial8250_console_init(void)
{
	bool any = false;
	const char *options;

	if (!IS_ENABLED(CONFIG_SERIAL_8250_CONSOLE))
		return;
	for (int i = 0; i < UART_NR; i++) {
		if (console_wanted("ttyS", i, &options)) {
			register_port(i, options);
			any = true;
		}
	}
	if (!any)
		register_port(0, NULL);
}
