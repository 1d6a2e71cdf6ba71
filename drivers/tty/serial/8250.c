// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PC serial ports as terminals ttyS0..3 (major 4, minors 64..67),
 * interrupt driven: 16550A UARTs at the standard I/O ports on ISA IRQs 4
 * and 3 (COM1/COM3 and COM2/COM4 share a line).
 *
 * Receive: the interrupt handler drains the RX FIFO into the port's flip
 * buffer with each byte's error flag (break, parity, framing, overrun)
 * and pushes it to the line discipline.  Transmit: write() queues bytes
 * in a ring of UART_XMIT_SIZE and enables the THRE interrupt; the handler
 * refills the FIFO (16 bytes at a time) until the ring is empty, then
 * turns THRE off and wakes writers.
 *
 * The polled console (8250_early.c) shares each port: every register
 * access here happens under the port lock it owns (serial8250_port_lock()),
 * and the console takes the same lock.  See 8250_early.c for how a
 * console line and tty output interleave.
 *
 * Interface: the tty driver (tty_operations below), registered by
 * serial8250_init() at boot.  A port that does not answer the scratch
 * register test opens with EIO, as on Linux.
 *
 * Locking: up->lock (the shared port lock, irq-safe) guards the UART
 * registers, the shadow registers (ier, lcr, mcr), the transmit ring and
 * tx_stopped.  Writers are woken only after it is dropped.
 */
#define pr_fmt(fmt) "serial: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/random.h>
#include <linux/capability.h>
#include <linux/serial_8250.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/tty_port.h>
#include <linux/tty_flip.h>
#include <uapi/linux/serial.h>
#include <asm/io.h>
#include <asm/uaccess.h>

#define UART_XMIT_SIZE		4096
#define UART_FIFO_SIZE		16	/* a 16550A's transmit FIFO */
#define SERIAL_MAJOR		4
#define SERIAL_MINOR_START	64
/* Most bytes one interrupt drains, so a babbling line cannot hold the CPU. */
#define RX_BUDGET		256

static const unsigned int serial_irqs[UART_NR] = { 4, 3, 4, 3 };

struct uart_8250_port {
	struct tty_port port;
	int line;
	u16 iobase;
	unsigned int irq;
	unsigned int fifosize;		/* 16 for a 16550A, else 1 */
	bool present;
	bool configured;		/* termios programmed at least once */
	spinlock_t *lock;		/* shared with the console */
	u8 ier, lcr, mcr;		/* shadows of the UART registers */
	bool tx_stopped;
	bool ignore_rx;			/* CREAD is off */
	unsigned int xmit_head, xmit_tail;
	unsigned long rx, tx, overrun, brk;
	u8 xmit[UART_XMIT_SIZE];
};

static struct uart_8250_port serial_ports[UART_NR];
static struct tty_driver *serial_driver;

static struct uart_8250_port *tty_to_port(struct tty_struct *tty)
{
	return &serial_ports[tty->index];
}

static unsigned int xmit_count(struct uart_8250_port *up)
{
	return up->xmit_head - up->xmit_tail;
}

/* ------------------------------------------------------------ interrupt side */

static void set_ier(struct uart_8250_port *up, u8 ier)
{
	up->ier = ier;
	outb(ier, up->iobase + UART_IER);
}

/* Move bytes from the ring into the FIFO.  Lock held; returns true to wake writers. */
static bool transmit_chars(struct uart_8250_port *up)
{
	unsigned int n = up->fifosize;

	if (up->tx_stopped || !xmit_count(up)) {
		set_ier(up, up->ier & ~UART_IER_THRI);
		return true;
	}
	while (n-- && xmit_count(up)) {
		outb(up->xmit[up->xmit_tail++ % UART_XMIT_SIZE], up->iobase + UART_TX);
		up->tx++;
	}
	return UART_XMIT_SIZE - xmit_count(up) >= WAKEUP_CHARS;
}

/* Drain the receiver.  Lock held; returns true if anything was queued. */
static bool receive_chars(struct uart_8250_port *up, u8 lsr)
{
	int budget = RX_BUDGET;
	bool queued = false;

	do {
		u8 ch = 0, flag = TTY_NORMAL;

		if (lsr & UART_LSR_DR)
			ch = inb(up->iobase + UART_RX);
		up->rx++;
		if (lsr & UART_LSR_BI) {
			up->brk++;
			flag = TTY_BREAK;
		} else if (lsr & UART_LSR_PE) {
			flag = TTY_PARITY;
		} else if (lsr & UART_LSR_FE) {
			flag = TTY_FRAME;
		}
		if (!up->ignore_rx) {
			if (lsr & UART_LSR_OE) {
				up->overrun++;
				tty_insert_flip_char(&up->port, 0, TTY_OVERRUN);
			}
			tty_insert_flip_char(&up->port, ch, flag);
			queued = true;
		}
		lsr = inb(up->iobase + UART_LSR);
	} while ((lsr & (UART_LSR_DR | UART_LSR_BI)) && --budget > 0);
	return queued;
}

static irqreturn_t serial8250_interrupt(int irq, void *dev_id)
{
	struct uart_8250_port *up = dev_id;
	bool handled = false, pushed = false, wake = false;
	unsigned long flags;
	int loops = 0;

	spin_lock_irqsave(up->lock, flags);
	while (loops++ < 16) {
		u8 iir = inb(up->iobase + UART_IIR), lsr;

		if (iir & UART_IIR_NO_INT)
			break;
		handled = true;
		lsr = inb(up->iobase + UART_LSR);
		if (lsr & (UART_LSR_DR | UART_LSR_BI))
			pushed |= receive_chars(up, lsr);
		if ((iir & UART_IIR_ID) == UART_IIR_MSI)
			inb(up->iobase + UART_MSR);	/* acknowledges it */
		if ((lsr & UART_LSR_THRE) && (up->ier & UART_IER_THRI))
			wake |= transmit_chars(up);
	}
	spin_unlock_irqrestore(up->lock, flags);

	if (pushed)
		tty_flip_buffer_push(&up->port);
	if (wake)
		tty_port_tty_wakeup(&up->port);
	if (handled)
		add_interrupt_randomness(irq);
	return handled ? IRQ_HANDLED : IRQ_NONE;
}

/* Lock held. */
static void start_tx(struct uart_8250_port *up)
{
	if (up->tx_stopped || !xmit_count(up))
		return;
	if (!(up->ier & UART_IER_THRI)) {
		/* Fill the FIFO now; the THRE interrupt does the rest. */
		if (inb(up->iobase + UART_LSR) & UART_LSR_THRE)
			transmit_chars(up);
		set_ier(up, up->ier | UART_IER_THRI);
	}
}

/* ------------------------------------------------------------ tty operations */

static ssize_t serial8250_write(struct tty_struct *tty, const u8 *buf, size_t count)
{
	struct uart_8250_port *up = tty_to_port(tty);
	unsigned long flags;
	size_t n = 0;

	spin_lock_irqsave(up->lock, flags);
	while (n < count && xmit_count(up) < UART_XMIT_SIZE)
		up->xmit[up->xmit_head++ % UART_XMIT_SIZE] = buf[n++];
	start_tx(up);
	spin_unlock_irqrestore(up->lock, flags);
	return n;
}

static unsigned int serial8250_write_room(struct tty_struct *tty)
{
	struct uart_8250_port *up = tty_to_port(tty);

	return UART_XMIT_SIZE - READ_ONCE(up->xmit_head) + READ_ONCE(up->xmit_tail);
}

static unsigned int serial8250_chars_in_buffer(struct tty_struct *tty)
{
	struct uart_8250_port *up = tty_to_port(tty);

	return READ_ONCE(up->xmit_head) - READ_ONCE(up->xmit_tail);
}

static void serial8250_flush_buffer(struct tty_struct *tty)
{
	struct uart_8250_port *up = tty_to_port(tty);
	unsigned long flags;

	spin_lock_irqsave(up->lock, flags);
	up->xmit_tail = up->xmit_head;
	spin_unlock_irqrestore(up->lock, flags);
}

/* Wait until the shift register is empty too, polling every tick. */
static void serial8250_wait_until_sent(struct tty_struct *tty, long timeout)
{
	struct uart_8250_port *up = tty_to_port(tty);
	unsigned long end = jiffies + (timeout > 0 ? timeout : MAX_JIFFY_OFFSET);

	while (!(inb(up->iobase + UART_LSR) & UART_LSR_TEMT)) {
		if (signal_pending(current) || time_after(jiffies, end))
			break;
		schedule_timeout_interruptible(1);
	}
}

static void serial8250_set_termios(struct tty_struct *tty, const struct ktermios *old)
{
	struct uart_8250_port *up = tty_to_port(tty);
	struct ktermios *t = &tty->termios;
	speed_t baud = tty_termios_baud_rate(t);
	unsigned int divisor;
	unsigned long flags;
	u8 lcr;

	switch (t->c_cflag & CSIZE) {
	case CS5:
		lcr = 0;
		break;
	case CS6:
		lcr = 1;
		break;
	case CS7:
		lcr = 2;
		break;
	default:
		lcr = UART_LCR_WLEN8;
		break;
	}
	if (t->c_cflag & CSTOPB)
		lcr |= UART_LCR_STOP;
	if (t->c_cflag & PARENB) {
		lcr |= UART_LCR_PARITY;
		if (!(t->c_cflag & PARODD))
			lcr |= UART_LCR_EPAR;
		if (t->c_cflag & CMSPAR)
			lcr |= UART_LCR_SPAR;
	}

	spin_lock_irqsave(up->lock, flags);
	if (baud == 0) {
		/* B0: hang up the line; the speed stays as it was. */
		up->mcr &= ~(UART_MCR_DTR | UART_MCR_RTS);
	} else {
		up->mcr |= UART_MCR_DTR | UART_MCR_RTS;
		divisor = DIV_ROUND_CLOSEST(UART_BAUD_BASE, min_t(speed_t, baud, UART_BAUD_BASE));
		if (!divisor)
			divisor = 1;
		if (divisor > 0xffff)
			divisor = 0xffff;
		outb(lcr | UART_LCR_DLAB, up->iobase + UART_LCR);
		outb(divisor & 0xff, up->iobase + UART_DLL);
		outb(divisor >> 8, up->iobase + UART_DLM);
		baud = UART_BAUD_BASE / divisor;
	}
	up->lcr = (up->lcr & UART_LCR_SBC) | lcr;
	outb(up->lcr, up->iobase + UART_LCR);
	outb(up->mcr, up->iobase + UART_MCR);
	up->ignore_rx = !(t->c_cflag & CREAD);
	up->configured = true;
	spin_unlock_irqrestore(up->lock, flags);

	/* Report the speed the divisor really gives. */
	if (baud)
		tty_termios_encode_baud_rate(t, baud, baud);
}

static int serial8250_open(struct tty_struct *tty, struct file *filp)
{
	struct uart_8250_port *up = tty_to_port(tty);

	if (!up->present)
		return -EIO;
	if (!up->configured) {
		/* Start from the speed the boot code (or the console) set. */
		unsigned int baud = serial8250_port_baud(up->line);

		down_write(&tty->termios_rwsem);
		tty_termios_encode_baud_rate(&tty->termios, baud, baud);
		serial8250_set_termios(tty, NULL);
		up_write(&tty->termios_rwsem);
	}
	return 0;
}

static void serial8250_close(struct tty_struct *tty, struct file *filp)
{
	struct uart_8250_port *up = tty_to_port(tty);
	unsigned long flags;

	/* Last close with HUPCL drops DTR, except on the console's port. */
	if (tty->count != 1 || !C_HUPCL(tty) || up->line == serial8250_console_line())
		return;
	spin_lock_irqsave(up->lock, flags);
	up->mcr &= ~(UART_MCR_DTR | UART_MCR_RTS);
	outb(up->mcr, up->iobase + UART_MCR);
	spin_unlock_irqrestore(up->lock, flags);
}

static void serial8250_stop(struct tty_struct *tty)
{
	struct uart_8250_port *up = tty_to_port(tty);
	unsigned long flags;

	spin_lock_irqsave(up->lock, flags);
	up->tx_stopped = true;
	set_ier(up, up->ier & ~UART_IER_THRI);
	spin_unlock_irqrestore(up->lock, flags);
}

static void serial8250_start(struct tty_struct *tty)
{
	struct uart_8250_port *up = tty_to_port(tty);
	unsigned long flags;

	spin_lock_irqsave(up->lock, flags);
	up->tx_stopped = false;
	start_tx(up);
	spin_unlock_irqrestore(up->lock, flags);
}

static int serial8250_break_ctl(struct tty_struct *tty, int state)
{
	struct uart_8250_port *up = tty_to_port(tty);
	unsigned long flags;

	spin_lock_irqsave(up->lock, flags);
	if (state)
		up->lcr |= UART_LCR_SBC;
	else
		up->lcr &= ~UART_LCR_SBC;
	outb(up->lcr, up->iobase + UART_LCR);
	spin_unlock_irqrestore(up->lock, flags);
	return 0;
}

static int serial8250_tiocmget(struct tty_struct *tty)
{
	struct uart_8250_port *up = tty_to_port(tty);
	unsigned long flags;
	u8 msr, mcr;
	int v = 0;

	spin_lock_irqsave(up->lock, flags);
	msr = inb(up->iobase + UART_MSR);
	mcr = up->mcr;
	spin_unlock_irqrestore(up->lock, flags);
	v |= mcr & UART_MCR_DTR ? TIOCM_DTR : 0;
	v |= mcr & UART_MCR_RTS ? TIOCM_RTS : 0;
	v |= mcr & UART_MCR_OUT1 ? TIOCM_OUT1 : 0;
	v |= mcr & UART_MCR_OUT2 ? TIOCM_OUT2 : 0;
	v |= mcr & UART_MCR_LOOP ? TIOCM_LOOP : 0;
	v |= msr & UART_MSR_CTS ? TIOCM_CTS : 0;
	v |= msr & UART_MSR_DSR ? TIOCM_DSR : 0;
	v |= msr & UART_MSR_RI ? TIOCM_RI : 0;
	v |= msr & UART_MSR_DCD ? TIOCM_CD : 0;
	return v;
}

static u8 tiocm_to_mcr(unsigned int v)
{
	return (v & TIOCM_DTR ? UART_MCR_DTR : 0) | (v & TIOCM_RTS ? UART_MCR_RTS : 0) |
	       (v & TIOCM_OUT1 ? UART_MCR_OUT1 : 0) | (v & TIOCM_OUT2 ? UART_MCR_OUT2 : 0) |
	       (v & TIOCM_LOOP ? UART_MCR_LOOP : 0);
}

static int serial8250_tiocmset(struct tty_struct *tty, unsigned int set, unsigned int clear)
{
	struct uart_8250_port *up = tty_to_port(tty);
	unsigned long flags;

	spin_lock_irqsave(up->lock, flags);
	up->mcr = (up->mcr & ~tiocm_to_mcr(clear)) | tiocm_to_mcr(set);
	/* OUT2 gates the interrupt line on PCs: never let it go. */
	up->mcr |= UART_MCR_OUT2;
	outb(up->mcr, up->iobase + UART_MCR);
	spin_unlock_irqrestore(up->lock, flags);
	return 0;
}

static int serial8250_ioctl(struct tty_struct *tty, unsigned int cmd, unsigned long arg)
{
	struct uart_8250_port *up = tty_to_port(tty);
	struct serial_struct ss;

	switch (cmd) {
	case TIOCGSERIAL:
		memset(&ss, 0, sizeof(ss));
		ss.type = up->fifosize > 1 ? PORT_16550A : PORT_16450;
		ss.line = up->line;
		ss.port = up->iobase;
		ss.irq = up->irq;
		ss.xmit_fifo_size = up->fifosize;
		ss.baud_base = UART_BAUD_BASE;
		ss.close_delay = 50;		/* Linux's defaults, in 1/100 s */
		ss.closing_wait = 3000;
		ss.io_type = SERIAL_IO_PORT;
		return copy_to_user((void *)arg, &ss, sizeof(ss)) ? -EFAULT : 0;
	default:
		return -ENOIOCTLCMD;
	}
}

static void serial8250_hangup(struct tty_struct *tty)
{
	serial8250_flush_buffer(tty);
}

static const struct tty_operations serial8250_ops = {
	.open = serial8250_open,
	.close = serial8250_close,
	.write = serial8250_write,
	.write_room = serial8250_write_room,
	.chars_in_buffer = serial8250_chars_in_buffer,
	.flush_buffer = serial8250_flush_buffer,
	.wait_until_sent = serial8250_wait_until_sent,
	.set_termios = serial8250_set_termios,
	.stop = serial8250_stop,
	.start = serial8250_start,
	.break_ctl = serial8250_break_ctl,
	.tiocmget = serial8250_tiocmget,
	.tiocmset = serial8250_tiocmset,
	.ioctl = serial8250_ioctl,
	.hangup = serial8250_hangup,
};

/* ------------------------------------------------------------ probing */

/* Is there a UART?  The scratch register must hold what we write. */
static bool serial8250_probe(struct uart_8250_port *up)
{
	u8 old = inb(up->iobase + UART_SCR);
	bool ok;

	outb(0x55, up->iobase + UART_SCR);
	ok = inb(up->iobase + UART_SCR) == 0x55;
	outb(0xaa, up->iobase + UART_SCR);
	ok = ok && inb(up->iobase + UART_SCR) == 0xaa;
	outb(old, up->iobase + UART_SCR);
	return ok;
}

static void serial8250_startup(struct uart_8250_port *up)
{
	unsigned long flags;
	int ret;

	spin_lock_irqsave(up->lock, flags);
	if (up->line != serial8250_console_line())
		serial8250_init_port(up->iobase, serial8250_port_baud(up->line));
	outb(UART_FCR_ENABLE | UART_FCR_CLEAR, up->iobase + UART_FCR);
	up->fifosize = (inb(up->iobase + UART_IIR) & UART_IIR_FIFO) == UART_IIR_FIFO ?
		       UART_FIFO_SIZE : 1;
	up->lcr = inb(up->iobase + UART_LCR) & ~UART_LCR_DLAB;
	up->mcr = UART_MCR_DTR | UART_MCR_RTS | UART_MCR_OUT2;
	outb(up->mcr, up->iobase + UART_MCR);
	/* Clear anything pending from before. */
	inb(up->iobase + UART_LSR);
	inb(up->iobase + UART_RX);
	inb(up->iobase + UART_IIR);
	inb(up->iobase + UART_MSR);
	spin_unlock_irqrestore(up->lock, flags);

	ret = request_irq(up->irq, serial8250_interrupt, IRQF_SHARED, "serial", up);
	if (ret) {
		pr_warn("ttyS%d: IRQ %u unavailable (%d); the port stays output-only\n", up->line,
			up->irq, ret);
		return;
	}
	spin_lock_irqsave(up->lock, flags);
	set_ier(up, UART_IER_RDI | UART_IER_RLSI);
	spin_unlock_irqrestore(up->lock, flags);
}

static int __init serial8250_init(void)
{
	struct tty_driver *drv;
	int i, ret;

	drv = tty_alloc_driver(UART_NR, TTY_DRIVER_REAL_RAW);
	if (IS_ERR(drv))
		return PTR_ERR(drv);
	drv->driver_name = "serial";
	drv->name = "ttyS";
	/* Linux's device numbers: ttyS0 is 4:64. */
	drv->major = SERIAL_MAJOR;
	drv->minor_start = SERIAL_MINOR_START;
	tty_set_operations(drv, &serial8250_ops);
	/* A port starts at 9600 8N1, modem control lines ignored (CLOCAL). */
	drv->init_termios = tty_std_termios;
	drv->init_termios.c_cflag = B9600 | CS8 | CREAD | HUPCL | CLOCAL;
	drv->init_termios.c_ispeed = drv->init_termios.c_ospeed = 9600;

	for (i = 0; i < UART_NR; i++) {
		struct uart_8250_port *up = &serial_ports[i];

		up->line = i;
		up->iobase = serial8250_port_base(i);
		up->irq = serial_irqs[i];
		up->lock = serial8250_port_lock(i);
		up->fifosize = 1;
		tty_port_init(&up->port);
		tty_port_link_device(&up->port, drv, i);
		up->present = serial8250_probe(up);
		if (!up->present)
			continue;
		serial8250_startup(up);
		pr_info("ttyS%d at I/O %#x (irq = %u) is a %s\n", i, up->iobase, up->irq,
			up->fifosize > 1 ? "16550A" : "8250");
	}

	ret = tty_register_driver(drv);
	if (ret)
		return ret;
	serial_driver = drv;
	if (serial8250_console_line() >= 0)
		tty_set_console_device(drv, serial8250_console_line());
	return 0;
}
device_initcall(serial8250_init);
