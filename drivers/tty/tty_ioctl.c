// SPDX-License-Identifier: GPL-2.0-only
/*
 * Terminal settings: the termios ioctls (TCGETS/TCSETS[WF], the termios2
 * and old termio variants), TCFLSH, TCXONC, TIOC[GS]SOFTCAR, speeds, and
 * waiting for output to drain.
 *
 * The kernel keeps a struct ktermios (termios2's layout: the 36-byte
 * struct termios plus input and output speeds).  TCSETS takes the speed
 * from the Bnnn code in c_cflag; TCSETS2 with BOTHER takes it from
 * c_ispeed/c_ospeed.  A change goes to the driver first (which programs
 * the hardware and may adjust the speed it could really set), then to
 * the line discipline, all under termios_rwsem held for writing.
 *
 * Interface: tty_mode_ioctl(), tty_set_termios(), tty_wait_until_sent(),
 * tty_perform_flush(), tty_termios_baud_rate() and friends.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/wait.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/tty_ldisc.h>
#include <linux/tty_port.h>
#include <linux/tty_flip.h>
#include <asm/uaccess.h>

/* Bit rates of the Bnnn codes: B0..B38400, then the CBAUDEX ones. */
static const speed_t baud_table[] = {
	0, 50, 75, 110, 134, 150, 200, 300, 600, 1200, 1800, 2400, 4800, 9600, 19200, 38400,
	57600, 115200, 230400, 460800, 500000, 576000, 921600, 1000000, 1152000, 1500000,
	2000000, 2500000, 3000000, 3500000, 4000000,
};

static const tcflag_t baud_bits[] = {
	B0, B50, B75, B110, B134, B150, B200, B300, B600, B1200, B1800, B2400, B4800, B9600,
	B19200, B38400, B57600, B115200, B230400, B460800, B500000, B576000, B921600,
	B1000000, B1152000, B1500000, B2000000, B2500000, B3000000, B3500000, B4000000,
};

/* The speed of a CBAUD code; other (BOTHER) when the code says "explicit". */
static speed_t decode_baud(tcflag_t code, speed_t other)
{
	unsigned int i = code & ~CBAUDEX;

	if (code & CBAUDEX) {
		if (i == 0)
			return other;	/* BOTHER */
		i += 15;
	}
	return i < ARRAY_SIZE(baud_table) ? baud_table[i] : 0;
}

speed_t tty_termios_baud_rate(const struct ktermios *termios)
{
	return decode_baud(termios->c_cflag & CBAUD, termios->c_ospeed);
}

speed_t tty_termios_input_baud_rate(const struct ktermios *termios)
{
	tcflag_t code = (termios->c_cflag >> IBSHIFT) & CBAUD;

	/* An input code of B0 means "the same as the output speed". */
	if (code == B0)
		return tty_termios_baud_rate(termios);
	return decode_baud(code, termios->c_ispeed);
}

void tty_termios_encode_baud_rate(struct ktermios *termios, speed_t ibaud, speed_t obaud)
{
	tcflag_t ocode = BOTHER, icode = BOTHER;
	bool same_input = ((termios->c_cflag >> IBSHIFT) & CBAUD) == B0 && ibaud == obaud;

	for (unsigned int i = 0; i < ARRAY_SIZE(baud_table); i++) {
		if (baud_table[i] == obaud)
			ocode = baud_bits[i];
		if (baud_table[i] == ibaud)
			icode = baud_bits[i];
	}
	termios->c_ospeed = obaud;
	termios->c_ispeed = ibaud;
	termios->c_cflag &= ~(CBAUD | CIBAUD);
	termios->c_cflag |= ocode;
	if (!same_input)
		termios->c_cflag |= icode << IBSHIFT;
}

/* ------------------------------------------------------------ setting */

int tty_set_termios(struct tty_struct *tty, const struct ktermios *new_termios)
{
	struct ktermios old;

	down_write(&tty->termios_rwsem);
	old = tty->termios;
	tty->termios = *new_termios;
	if (tty->ops->set_termios)
		tty->ops->set_termios(tty, &old);
	if (tty->ldisc->set_termios)
		tty->ldisc->set_termios(tty, &old);
	up_write(&tty->termios_rwsem);
	return 0;
}

int tty_wait_until_sent(struct tty_struct *tty, long timeout)
{
	long left;

	if (!timeout)
		timeout = MAX_SCHEDULE_TIMEOUT;
	left = wait_event_interruptible_timeout(tty->write_wait, !tty_chars_in_buffer(tty), timeout);
	if (left < 0)
		return left;
	if (tty->ops->wait_until_sent)
		tty->ops->wait_until_sent(tty, left);
	return signal_pending(current) ? -ERESTARTSYS : 0;
}

int tty_perform_flush(struct tty_struct *tty, unsigned long arg)
{
	/* tcflush(3): TCIFLUSH received input, TCOFLUSH unsent output, TCIOFLUSH both. */
	bool in = arg == TCIFLUSH || arg == TCIOFLUSH;
	bool out = arg == TCOFLUSH || arg == TCIOFLUSH;
	int ret = tty_check_change(tty);

	if (ret)
		return ret;
	if (!in && !out)
		return -EINVAL;
	if (in) {
		/* Both stages of input: the flip buffer and the line discipline's. */
		tty_buffer_flush(tty->port);
		tty->ldisc->flush_buffer(tty);
	}
	if (out)
		tty_driver_flush_buffer(tty);
	return 0;
}

/* Copy the user's settings in the form cmd uses into *kt (speeds derived). */
static int user_to_ktermios(unsigned int cmd, void *arg, struct ktermios *kt)
{
	switch (cmd) {
	case TCSETS2:
	case TCSETSW2:
	case TCSETSF2: {
		struct termios2 t2;

		if (copy_from_user(&t2, arg, sizeof(t2)))
			return -EFAULT;
		memcpy(kt, &t2, sizeof(t2));
		break;
	}
	case TCSETA:
	case TCSETAW:
	case TCSETAF: {
		struct termio t;

		if (copy_from_user(&t, arg, sizeof(t)))
			return -EFAULT;
		/* The old struct has 16-bit flags and 8 characters: keep the rest. */
		kt->c_iflag = (kt->c_iflag & 0xffff0000) | t.c_iflag;
		kt->c_oflag = (kt->c_oflag & 0xffff0000) | t.c_oflag;
		kt->c_cflag = (kt->c_cflag & 0xffff0000) | t.c_cflag;
		kt->c_lflag = (kt->c_lflag & 0xffff0000) | t.c_lflag;
		kt->c_line = t.c_line;
		memcpy(kt->c_cc, t.c_cc, NCC);
		break;
	}
	default: {
		struct termios t;

		if (copy_from_user(&t, arg, sizeof(t)))
			return -EFAULT;
		memcpy(kt, &t, sizeof(t));
		break;
	}
	}
	kt->c_ispeed = tty_termios_input_baud_rate(kt);
	kt->c_ospeed = tty_termios_baud_rate(kt);
	return 0;
}

static int set_termios(struct tty_struct *tty, unsigned int cmd, void *arg)
{
	bool drain = cmd == TCSETSW || cmd == TCSETSW2 || cmd == TCSETAW ||
		     cmd == TCSETSF || cmd == TCSETSF2 || cmd == TCSETAF;
	bool flush = cmd == TCSETSF || cmd == TCSETSF2 || cmd == TCSETAF;
	struct ktermios kt;
	int ret;

	/* A background process changing the settings gets SIGTTOU. */
	ret = tty_check_change(tty);
	if (ret)
		return ret;

	down_read(&tty->termios_rwsem);
	kt = tty->termios;
	up_read(&tty->termios_rwsem);
	ret = user_to_ktermios(cmd, arg, &kt);
	if (ret)
		return ret;
	if (flush) {
		tty_buffer_flush(tty->port);
		tty->ldisc->flush_buffer(tty);
	}
	if (drain) {
		ret = tty_wait_until_sent(tty, 0);
		if (ret)
			return ret;
	}
	return tty_set_termios(tty, &kt);
}

static int get_termios(struct tty_struct *tty, unsigned int cmd, void *arg)
{
	struct ktermios kt;

	down_read(&tty->termios_rwsem);
	kt = tty->termios;
	up_read(&tty->termios_rwsem);

	switch (cmd) {
	case TCGETS2:
		return copy_to_user(arg, &kt, sizeof(struct termios2)) ? -EFAULT : 0;
	case TCGETA: {
		struct termio t = {
			.c_iflag = kt.c_iflag,
			.c_oflag = kt.c_oflag,
			.c_cflag = kt.c_cflag,
			.c_lflag = kt.c_lflag,
			.c_line = kt.c_line,
		};

		memcpy(t.c_cc, kt.c_cc, NCC);
		return copy_to_user(arg, &t, sizeof(t)) ? -EFAULT : 0;
	}
	default:
		return copy_to_user(arg, &kt, sizeof(struct termios)) ? -EFAULT : 0;
	}
}

static int tty_change_softcar(struct tty_struct *tty, int *arg)
{
	struct ktermios kt;
	int on;

	if (get_user(on, arg))
		return -EFAULT;
	down_read(&tty->termios_rwsem);
	kt = tty->termios;
	up_read(&tty->termios_rwsem);
	kt.c_cflag = (kt.c_cflag & ~CLOCAL) | (on ? CLOCAL : 0);
	return tty_set_termios(tty, &kt);
}

/* TCXONC: stop/restart output, or send STOP/START to the other side. */
static int tty_xonc(struct tty_struct *tty, unsigned long arg)
{
	unsigned long flags;
	int ret = tty_check_change(tty);
	u8 c;

	if (ret)
		return ret;
	switch (arg) {
	case TCOOFF:
		stop_tty(tty);
		spin_lock_irqsave(&tty->ctrl_lock, flags);
		tty->flow_stopped = true;
		spin_unlock_irqrestore(&tty->ctrl_lock, flags);
		return 0;
	case TCOON:
		start_tty(tty);
		return 0;
	case TCIOFF:
	case TCION:
		down_read(&tty->termios_rwsem);
		c = arg == TCIOFF ? STOP_CHAR(tty) : START_CHAR(tty);
		up_read(&tty->termios_rwsem);
		if (c != __DISABLED_CHAR)
			tty_put_char(tty, c);
		return 0;
	default:
		return -EINVAL;
	}
}

int tty_mode_ioctl(struct tty_struct *tty, unsigned int cmd, unsigned long arg)
{
	void *p = (void *)arg;

	switch (cmd) {
	case TCGETS:
	case TCGETS2:
	case TCGETA:
		return get_termios(tty, cmd, p);
	case TCSETS:
	case TCSETSW:
	case TCSETSF:
	case TCSETS2:
	case TCSETSW2:
	case TCSETSF2:
	case TCSETA:
	case TCSETAW:
	case TCSETAF:
		return set_termios(tty, cmd, p);
	case TCFLSH:
		return tty_perform_flush(tty, arg);
	case TCXONC:
		return tty_xonc(tty, arg);
	case TIOCGSOFTCAR: {
		int on;

		down_read(&tty->termios_rwsem);
		on = C_CLOCAL(tty) ? 1 : 0;
		up_read(&tty->termios_rwsem);
		return put_user(on, (int *)p);
	}
	case TIOCSSOFTCAR:
		return tty_change_softcar(tty, p);
	default:
		return -ENOIOCTLCMD;
	}
}
