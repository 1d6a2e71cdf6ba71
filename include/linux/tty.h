/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The tty layer (drivers/tty/): terminals as files.
 *
 *   user read()/write()/ioctl()/poll()  ->  tty core (tty_io.c, tty_ioctl.c,
 *        tty_jobctrl.c)  ->  line discipline (n_tty.c: editing, echo,
 *        signals)  ->  driver (serial/8250.c) -> hardware
 *   hardware input: driver interrupt -> flip buffer of the tty_port
 *        (tty_buffer.c) -> worker -> line discipline -> read_wait
 *
 * A struct tty_struct exists per open device (driver, index) and is kept
 * after the last close, so settings survive reopening, as a serial port's
 * do on Linux (which keeps them in driver->termios[]); the small fixed
 * set of serial ports makes that cheap.
 *
 * Interface for drivers: <linux/tty_driver.h>, <linux/tty_port.h>,
 * <linux/tty_flip.h>.  For the rest of the kernel: tty_signal_pgrp(),
 * tty_check_change(), the controlling-terminal hooks below, and the
 * TTY_* termios accessors.
 */
#ifndef _LINUX_TTY_H
#define _LINUX_TTY_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/spinlock.h>
#include <linux/mutex.h>
#include <linux/rwsem.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <uapi/asm/termios.h>

struct file;
struct file_operations;
struct tty_driver;
struct tty_port;
struct tty_ldisc_ops;

/*
 * struct tty_struct: an open terminal.
 *
 * Lifetime: created by the first open of its (driver, index), never freed
 * (see the file comment).  count is the number of open files; the
 * controlling-terminal pointer signal->tty needs no reference because the
 * tty outlives every process.  A pseudo-terminal's pair is created by
 * opening /dev/ptmx and reused, reset, for a later pair of the same index
 * (pty.c).
 *
 * Locking:
 *   count, flags TTY_OPENED   tty_mutex (tty_io.c)
 *   termios                   termios_rwsem: readers for the line
 *                             discipline's work, the writer for TCSETS*
 *   winsize                   winsize_mutex
 *   pgrp, session, stopped,   ctrl_lock (irq-safe: the line discipline
 *   flow_stopped, packet,     stops output from the receive path)
 *   ctrl_status
 *   atomic_write_lock         serialises write() calls so each is atomic
 *                             with respect to the others
 *   disc_data                 the line discipline's own locking (n_tty.c)
 */
struct tty_struct {
	struct tty_driver *driver;
	const struct tty_operations *ops;	/* = driver->ops */
	int index;				/* minor - driver->minor_start */
	char name[16];				/* "ttyS0" */
	struct tty_port *port;

	int count;				/* open files */
	atomic_t hangups;			/* hang-ups so far (tty_vhangup()) */
	unsigned long flags;			/* TTY_* bits below (atomic bitops) */

	struct rw_semaphore termios_rwsem;
	struct ktermios termios;

	struct mutex winsize_mutex;
	struct winsize winsize;

	spinlock_t ctrl_lock;
	pid_t pgrp;				/* foreground process group, 0 = none */
	pid_t session;				/* session it controls, 0 = none */
	bool stopped;				/* output stopped by ^S or TCOOFF */
	bool flow_stopped;			/* by TCOOFF (^Q does not restart it) */
	bool packet;				/* pty master in packet mode (TIOCPKT) */
	u8 ctrl_status;				/* TIOCPKT_* events not yet read */

	const struct tty_ldisc_ops *ldisc;
	void *disc_data;

	wait_queue_head_t read_wait;
	wait_queue_head_t write_wait;
	struct mutex atomic_write_lock;

	/*
	 * In-kernel tests of the line discipline see signal requests here
	 * instead of having them sent; NULL otherwise.
	 */
	void (*isig_hook)(struct tty_struct *tty, int sig);

	struct tty_struct *link;		/* a pty's other side; set once */
	void *driver_data;
};

/* tty->flags bits */
#define TTY_IO_ERROR		0	/* reads and writes fail with EIO */
#define TTY_EXCLUSIVE		2	/* TIOCEXCL: only root may open it again */
#define TTY_OPENED		3	/* the line discipline is open */
#define TTY_OTHER_CLOSED	4	/* pty: the other side has no open file */
#define TTY_PTY_LOCK		5	/* pty slave: locked until unlockpt() */

/* Input flags the driver attaches to each received character. */
#define TTY_NORMAL		0
#define TTY_BREAK		1
#define TTY_FRAME		2
#define TTY_PARITY		3
#define TTY_OVERRUN		4

/* Free space in the driver's output buffer below which writers are woken. */
#define WAKEUP_CHARS		256

extern const struct ktermios tty_std_termios;

/* ------------------------------------------------------------ termios accessors */

/*
 * A test for every termios flag a driver or line discipline looks at,
 * under the names Linux code knows them by: I_x for c_iflag bits, O_x
 * for c_oflag, C_x for c_cflag, L_x for c_lflag.  Each returns the
 * flag's bits of the current termios (O_TABDLY, C_BAUD and C_CSIZE a
 * multi-bit field).  The caller holds termios_rwsem or does not mind a
 * concurrent change.  They are generated functions, not macros, so the
 * argument is type-checked.
 */
#define TTY_TERMIOS_TEST(member, name, bits)					\
static inline tcflag_t name(const struct tty_struct *tty)			\
{										\
	return tty->termios.member & (bits);					\
}

/* The name is pasted before b, a macro itself, turns into its value. */
#define TTY_IFLAG(b)	TTY_TERMIOS_TEST(c_iflag, I_##b, b)
#define TTY_OFLAG(b)	TTY_TERMIOS_TEST(c_oflag, O_##b, b)
#define TTY_CFLAG(b)	TTY_TERMIOS_TEST(c_cflag, C_##b, b)
#define TTY_LFLAG(b)	TTY_TERMIOS_TEST(c_lflag, L_##b, b)

/* Input: break and parity handling, CR/NL mapping, case, flow control, UTF-8. */
TTY_IFLAG(IGNBRK) TTY_IFLAG(BRKINT) TTY_IFLAG(IGNPAR) TTY_IFLAG(PARMRK) TTY_IFLAG(INPCK)
TTY_IFLAG(ISTRIP) TTY_IFLAG(INLCR) TTY_IFLAG(IGNCR) TTY_IFLAG(ICRNL) TTY_IFLAG(IUCLC)
TTY_IFLAG(IXON) TTY_IFLAG(IXANY) TTY_IFLAG(IXOFF) TTY_IFLAG(IMAXBEL) TTY_IFLAG(IUTF8)

/* Output post-processing (OPOST and what it enables). */
TTY_OFLAG(OPOST) TTY_OFLAG(OLCUC) TTY_OFLAG(ONLCR) TTY_OFLAG(OCRNL) TTY_OFLAG(ONOCR)
TTY_OFLAG(ONLRET) TTY_OFLAG(TABDLY)

/* The line: speed, character size, stop bits, parity, modem control. */
TTY_CFLAG(CBAUD) TTY_CFLAG(CSIZE) TTY_CFLAG(CSTOPB) TTY_CFLAG(CREAD) TTY_CFLAG(PARENB)
TTY_CFLAG(PARODD) TTY_CFLAG(HUPCL) TTY_CFLAG(CLOCAL) TTY_CFLAG(CMSPAR) TTY_CFLAG(CRTSCTS)

/* Local modes: signals, canonical editing, the echo variants, job control. */
TTY_LFLAG(ISIG) TTY_LFLAG(ICANON) TTY_LFLAG(XCASE) TTY_LFLAG(ECHO) TTY_LFLAG(ECHOE)
TTY_LFLAG(ECHOK) TTY_LFLAG(ECHONL) TTY_LFLAG(NOFLSH) TTY_LFLAG(TOSTOP) TTY_LFLAG(ECHOCTL)
TTY_LFLAG(ECHOPRT) TTY_LFLAG(ECHOKE) TTY_LFLAG(FLUSHO) TTY_LFLAG(PENDIN) TTY_LFLAG(IEXTEN)
TTY_LFLAG(EXTPROC)

/* Linux spells the baud test C_BAUD, after the CBAUD mask. */
static inline tcflag_t C_BAUD(const struct tty_struct *tty)
{
	return C_CBAUD(tty);
}

/*
 * The special characters (c_cc), as NAME_CHAR(tty): VINTR is
 * INTR_CHAR(), and so on.  VMIN and VTIME are counts, not characters,
 * but keep the same form.
 */
#define TTY_CC(name, index)							\
static inline cc_t name##_CHAR(const struct tty_struct *tty)			\
{										\
	return tty->termios.c_cc[index];					\
}

TTY_CC(INTR, VINTR) TTY_CC(QUIT, VQUIT) TTY_CC(SUSP, VSUSP)	/* ISIG */
TTY_CC(ERASE, VERASE) TTY_CC(WERASE, VWERASE) TTY_CC(KILL, VKILL)	/* editing */
TTY_CC(LNEXT, VLNEXT) TTY_CC(REPRINT, VREPRINT)
TTY_CC(EOF, VEOF) TTY_CC(EOL, VEOL) TTY_CC(EOL2, VEOL2)	/* line ends */
TTY_CC(START, VSTART) TTY_CC(STOP, VSTOP)			/* IXON */
TTY_CC(MIN, VMIN) TTY_CC(TIME, VTIME)				/* non-canonical reads */

#undef TTY_IFLAG
#undef TTY_OFLAG
#undef TTY_CFLAG
#undef TTY_LFLAG

/* A c_cc entry of 0 disables that special character (_POSIX_VDISABLE). */
#define __DISABLED_CHAR		'\0'

/* ------------------------------------------------------------ tty core (tty_io.c) */

/* The tty for (driver, index), created on first use; ERR_PTR on failure. */
struct tty_struct *tty_init_dev(struct tty_driver *driver, int index);
/* Is the file's O_NONBLOCK set (or is there no file: in-kernel use)? */
bool tty_io_nonblock(struct tty_struct *tty, struct file *file);
/* Was the tty hung up since this file was opened?  False for no file. */
bool tty_hung_up_p(struct file *file);
/*
 * Hang up: wake everyone; the files open now read end of file and fail
 * writes with EIO, files opened later work.  _session: its leader exits,
 * so the foreground group gets SIGHUP as well.
 */
void tty_vhangup(struct tty_struct *tty);
void tty_vhangup_session(struct tty_struct *tty);
/* The driver's output buffer drained below WAKEUP_CHARS (any context). */
void tty_wakeup(struct tty_struct *tty);
/* Before power off or restart: let open ttys send their output (timeout jiffies each). */
void tty_drain_all(long timeout);
/* The console's tty device, for /dev/console; set by the console driver. */
void tty_set_console_device(struct tty_driver *driver, int index);
/*
 * Open tty through filp, which a driver's own open() got for a device
 * number the core does not look up itself (/dev/ptmx); noctty as O_NOCTTY.
 */
int tty_open_file(struct tty_struct *tty, struct file *filp, bool noctty);
/* A fresh start for a tty nobody has open (a reused pty): settings, buffers, state. */
int tty_reinit(struct tty_struct *tty);
/* The file operations of terminals, for a driver that needs its own open(). */
void tty_default_fops(struct file_operations *fops);

/*
 * A pty slave's event for its master's packet mode (TIOCPKT_* bits to
 * set and to clear); nothing unless tty has a master in packet mode.
 */
void tty_packet_status(struct tty_struct *tty, u8 set, u8 clear);

/* Output control: ^S/^Q and TCOOFF/TCOON. */
void stop_tty(struct tty_struct *tty);
void start_tty(struct tty_struct *tty);

/* Driver buffer helpers (NULL-safe wrappers around tty->ops). */
unsigned int tty_write_room(struct tty_struct *tty);
unsigned int tty_chars_in_buffer(struct tty_struct *tty);
void tty_driver_flush_buffer(struct tty_struct *tty);
/* Set the window size; the foreground group gets SIGWINCH if it changed. */
int tty_do_resize(struct tty_struct *tty, const struct winsize *ws);
/* Write to the driver, bypassing the line discipline; bytes accepted. */
int tty_put_char(struct tty_struct *tty, u8 c);

/* ------------------------------------------------------------ termios (tty_ioctl.c) */

/* Wait until the driver sent everything; 0 or -ERESTARTSYS. */
int tty_wait_until_sent(struct tty_struct *tty, long timeout);
/* The speed in bit/s that termios encodes (output / input). */
speed_t tty_termios_baud_rate(const struct ktermios *termios);
speed_t tty_termios_input_baud_rate(const struct ktermios *termios);
/* Encode speeds into c_cflag (a Bnnn code if one matches, else BOTHER). */
void tty_termios_encode_baud_rate(struct ktermios *termios, speed_t ibaud, speed_t obaud);
/* Install new termios (driver and line discipline are told). */
int tty_set_termios(struct tty_struct *tty, const struct ktermios *new_termios);
/* The termios ioctls; -ENOIOCTLCMD if cmd is not one of them. */
int tty_mode_ioctl(struct tty_struct *tty, unsigned int cmd, unsigned long arg);
/* TCFLSH */
int tty_perform_flush(struct tty_struct *tty, unsigned long arg);

/* ------------------------------------------------------------ job control (tty_jobctrl.c) */

/* Send sig to the foreground process group (ISIG characters, SIGWINCH). */
void tty_signal_pgrp(struct tty_struct *tty, int sig);
/*
 * May current use the tty for output-affecting operations?  0 if yes;
 * otherwise a background process gets sig (SIGTTOU, SIGTTIN for reads)
 * sent to its group and -ERESTARTSYS, or -EIO if the signal is ignored
 * or blocked (SIGTTIN: also for an orphaned group).
 */
int tty_check_change_sig(struct tty_struct *tty, int sig);
int tty_check_change(struct tty_struct *tty);
/* Job-control ioctls (TIOCGPGRP, TIOCSPGRP, TIOCSCTTY, ...); -ENOIOCTLCMD if not one. */
long tty_jobctrl_ioctl(struct tty_struct *tty, struct file *file, unsigned int cmd,
		       unsigned long arg);
/* open(): a session leader without a controlling tty acquires this one. */
void tty_open_proc_set_tty(struct file *file, struct tty_struct *tty);
/* The controlling tty of current, or NULL. */
struct tty_struct *get_current_tty(void);
/* The session leader is exiting: hang up its controlling terminal. */
void disassociate_ctty(int on_exit);
/*
 * tty hangs up: its session loses it, the session leader gets SIGHUP and
 * SIGCONT, and when @exiting (the leader exits) the foreground group SIGHUP.
 */
void tty_hangup_session(struct tty_struct *tty, bool exiting);
/* A new process with no controlling terminal (setsid) */
void proc_clear_tty(void);

#endif /* _LINUX_TTY_H */
