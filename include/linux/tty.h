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
struct tty_driver;
struct tty_port;
struct tty_ldisc_ops;

/*
 * struct tty_struct: an open terminal.
 *
 * Lifetime: created by the first open of its (driver, index), never freed
 * (see the file comment).  count is the number of open files; the
 * controlling-terminal pointer signal->tty needs no reference because the
 * tty outlives every process.
 *
 * Locking:
 *   count, flags TTY_OPENED   tty_mutex (tty_io.c)
 *   termios                   termios_rwsem: readers for the line
 *                             discipline's work, the writer for TCSETS*
 *   winsize                   winsize_mutex
 *   pgrp, session, stopped,   ctrl_lock (irq-safe: the line discipline
 *   flow_stopped              stops output from the receive path)
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

	void *driver_data;
};

/* tty->flags bits */
#define TTY_IO_ERROR		0	/* reads and writes fail with EIO */
#define TTY_HUPPED		1	/* hung up: reads return 0, writes EIO */
#define TTY_EXCLUSIVE		2	/* TIOCEXCL: only root may open it again */
#define TTY_OPENED		3	/* the line discipline is open */

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

#define _I_FLAG(tty, f)	((tty)->termios.c_iflag & (f))
#define _O_FLAG(tty, f)	((tty)->termios.c_oflag & (f))
#define _C_FLAG(tty, f)	((tty)->termios.c_cflag & (f))
#define _L_FLAG(tty, f)	((tty)->termios.c_lflag & (f))

#define I_IGNBRK(tty)	_I_FLAG((tty), IGNBRK)
#define I_BRKINT(tty)	_I_FLAG((tty), BRKINT)
#define I_IGNPAR(tty)	_I_FLAG((tty), IGNPAR)
#define I_PARMRK(tty)	_I_FLAG((tty), PARMRK)
#define I_INPCK(tty)	_I_FLAG((tty), INPCK)
#define I_ISTRIP(tty)	_I_FLAG((tty), ISTRIP)
#define I_INLCR(tty)	_I_FLAG((tty), INLCR)
#define I_IGNCR(tty)	_I_FLAG((tty), IGNCR)
#define I_ICRNL(tty)	_I_FLAG((tty), ICRNL)
#define I_IUCLC(tty)	_I_FLAG((tty), IUCLC)
#define I_IXON(tty)	_I_FLAG((tty), IXON)
#define I_IXANY(tty)	_I_FLAG((tty), IXANY)
#define I_IXOFF(tty)	_I_FLAG((tty), IXOFF)
#define I_IMAXBEL(tty)	_I_FLAG((tty), IMAXBEL)
#define I_IUTF8(tty)	_I_FLAG((tty), IUTF8)

#define O_OPOST(tty)	_O_FLAG((tty), OPOST)
#define O_OLCUC(tty)	_O_FLAG((tty), OLCUC)
#define O_ONLCR(tty)	_O_FLAG((tty), ONLCR)
#define O_OCRNL(tty)	_O_FLAG((tty), OCRNL)
#define O_ONOCR(tty)	_O_FLAG((tty), ONOCR)
#define O_ONLRET(tty)	_O_FLAG((tty), ONLRET)
#define O_TABDLY(tty)	_O_FLAG((tty), TABDLY)

#define C_BAUD(tty)	_C_FLAG((tty), CBAUD)
#define C_CSIZE(tty)	_C_FLAG((tty), CSIZE)
#define C_CSTOPB(tty)	_C_FLAG((tty), CSTOPB)
#define C_CREAD(tty)	_C_FLAG((tty), CREAD)
#define C_PARENB(tty)	_C_FLAG((tty), PARENB)
#define C_PARODD(tty)	_C_FLAG((tty), PARODD)
#define C_HUPCL(tty)	_C_FLAG((tty), HUPCL)
#define C_CLOCAL(tty)	_C_FLAG((tty), CLOCAL)
#define C_CMSPAR(tty)	_C_FLAG((tty), CMSPAR)
#define C_CRTSCTS(tty)	_C_FLAG((tty), CRTSCTS)

#define L_ISIG(tty)	_L_FLAG((tty), ISIG)
#define L_ICANON(tty)	_L_FLAG((tty), ICANON)
#define L_XCASE(tty)	_L_FLAG((tty), XCASE)
#define L_ECHO(tty)	_L_FLAG((tty), ECHO)
#define L_ECHOE(tty)	_L_FLAG((tty), ECHOE)
#define L_ECHOK(tty)	_L_FLAG((tty), ECHOK)
#define L_ECHONL(tty)	_L_FLAG((tty), ECHONL)
#define L_NOFLSH(tty)	_L_FLAG((tty), NOFLSH)
#define L_TOSTOP(tty)	_L_FLAG((tty), TOSTOP)
#define L_ECHOCTL(tty)	_L_FLAG((tty), ECHOCTL)
#define L_ECHOPRT(tty)	_L_FLAG((tty), ECHOPRT)
#define L_ECHOKE(tty)	_L_FLAG((tty), ECHOKE)
#define L_FLUSHO(tty)	_L_FLAG((tty), FLUSHO)
#define L_PENDIN(tty)	_L_FLAG((tty), PENDIN)
#define L_IEXTEN(tty)	_L_FLAG((tty), IEXTEN)
#define L_EXTPROC(tty)	_L_FLAG((tty), EXTPROC)

#define INTR_CHAR(tty)		((tty)->termios.c_cc[VINTR])
#define QUIT_CHAR(tty)		((tty)->termios.c_cc[VQUIT])
#define ERASE_CHAR(tty)		((tty)->termios.c_cc[VERASE])
#define KILL_CHAR(tty)		((tty)->termios.c_cc[VKILL])
#define EOF_CHAR(tty)		((tty)->termios.c_cc[VEOF])
#define TIME_CHAR(tty)		((tty)->termios.c_cc[VTIME])
#define MIN_CHAR(tty)		((tty)->termios.c_cc[VMIN])
#define START_CHAR(tty)		((tty)->termios.c_cc[VSTART])
#define STOP_CHAR(tty)		((tty)->termios.c_cc[VSTOP])
#define SUSP_CHAR(tty)		((tty)->termios.c_cc[VSUSP])
#define EOL_CHAR(tty)		((tty)->termios.c_cc[VEOL])
#define REPRINT_CHAR(tty)	((tty)->termios.c_cc[VREPRINT])
#define WERASE_CHAR(tty)	((tty)->termios.c_cc[VWERASE])
#define LNEXT_CHAR(tty)		((tty)->termios.c_cc[VLNEXT])
#define EOL2_CHAR(tty)		((tty)->termios.c_cc[VEOL2])

/* A c_cc entry of 0 disables that special character (_POSIX_VDISABLE). */
#define __DISABLED_CHAR		'\0'

/* ------------------------------------------------------------ tty core (tty_io.c) */

/* The tty for (driver, index), created on first use; ERR_PTR on failure. */
struct tty_struct *tty_init_dev(struct tty_driver *driver, int index);
/* Is the file's O_NONBLOCK set (or is there no file: in-kernel use)? */
bool tty_io_nonblock(struct tty_struct *tty, struct file *file);
bool tty_hung_up_p(struct tty_struct *tty);
/* Hang up: wake everyone, future reads return 0 and writes EIO. */
void tty_vhangup(struct tty_struct *tty);
/* The driver's output buffer drained below WAKEUP_CHARS (any context). */
void tty_wakeup(struct tty_struct *tty);
/* Before power off or restart: let open ttys send their output (timeout jiffies each). */
void tty_drain_all(long timeout);
/* The console's tty device, for /dev/console; set by the console driver. */
void tty_set_console_device(struct tty_driver *driver, int index);

/* Output control: ^S/^Q and TCOOFF/TCOON. */
void stop_tty(struct tty_struct *tty);
void start_tty(struct tty_struct *tty);

/* Driver buffer helpers (NULL-safe wrappers around tty->ops). */
unsigned int tty_write_room(struct tty_struct *tty);
unsigned int tty_chars_in_buffer(struct tty_struct *tty);
void tty_driver_flush_buffer(struct tty_struct *tty);
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
/* A new process with no controlling terminal (setsid) */
void proc_clear_tty(void);

#endif /* _LINUX_TTY_H */
