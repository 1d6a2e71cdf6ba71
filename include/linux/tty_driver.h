/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Terminal drivers: what a driver gives the tty core.
 *
 *   drv = tty_alloc_driver(4, 0);
 *   drv->name = "ttyS"; drv->major = 4; drv->minor_start = 64;
 *   drv->init_termios = tty_std_termios; ... tty_set_operations(drv, &ops);
 *   tty_port_link_device(&port[i], drv, i);
 *   tty_register_driver(drv);
 *
 * The core calls the operations below with no tty lock held unless noted;
 * write(), write_room() and chars_in_buffer() must not sleep (the line
 * discipline calls them while holding its output lock and echoes from the
 * receive path).
 */
#ifndef _LINUX_TTY_DRIVER_H
#define _LINUX_TTY_DRIVER_H

#include <linux/types.h>
#include <linux/list.h>
#include <uapi/asm/termios.h>

struct tty_struct;
struct tty_port;
struct file;

struct tty_operations {
	/* First open of the tty and every later one; 0 or -errno. */
	int (*open)(struct tty_struct *tty, struct file *filp);
	/* Every close; tty->count tells whether it is the last. */
	void (*close)(struct tty_struct *tty, struct file *filp);
	/* Queue up to count bytes for output; returns how many were taken. */
	ssize_t (*write)(struct tty_struct *tty, const u8 *buf, size_t count);
	unsigned int (*write_room)(struct tty_struct *tty);
	unsigned int (*chars_in_buffer)(struct tty_struct *tty);
	/* Drop queued output. */
	void (*flush_buffer)(struct tty_struct *tty);
	/* Sleep until the hardware sent everything (or timeout jiffies pass). */
	void (*wait_until_sent)(struct tty_struct *tty, long timeout);
	/* tty->termios changed (old is the previous one): program the hardware. */
	void (*set_termios)(struct tty_struct *tty, const struct ktermios *old);
	/* Stop / restart transmission (flow control). */
	void (*stop)(struct tty_struct *tty);
	void (*start)(struct tty_struct *tty);
	/* -1 starts a break, 0 ends it. */
	int (*break_ctl)(struct tty_struct *tty, int state);
	int (*tiocmget)(struct tty_struct *tty);
	int (*tiocmset)(struct tty_struct *tty, unsigned int set, unsigned int clear);
	/* Driver-specific ioctls; -ENOIOCTLCMD if cmd is not one of them. */
	int (*ioctl)(struct tty_struct *tty, unsigned int cmd, unsigned long arg);
	void (*hangup)(struct tty_struct *tty);
	/* TIOCSWINSZ, if the driver has more to update than tty (ptys); else tty_do_resize(). */
	int (*resize)(struct tty_struct *tty, const struct winsize *ws);
};

/*
 * struct tty_driver: a family of devices with consecutive minors.
 * Lifetime: registered once at boot, never freed.  ttys[] and ports[] are
 * written under tty_mutex (tty_io.c).
 */
struct tty_driver {
	const char *name;			/* device name prefix, "ttyS" */
	const char *driver_name;		/* "serial" */
	int major;
	int minor_start;
	unsigned int num;			/* number of devices */
	unsigned long flags;			/* TTY_DRIVER_* */
	struct ktermios init_termios;		/* settings of a newly created tty */
	const struct tty_operations *ops;
	struct tty_struct **ttys;		/* [num], NULL until first opened */
	struct tty_port **ports;		/* [num], from tty_port_link_device() */
	void *driver_state;
	struct list_head tty_drivers;		/* tty_drivers list */
};

#define TTY_DRIVER_REAL_RAW	0x0004	/* no parity/break handling needed for raw input */
/* No device in the tty class per minor: the nodes come from elsewhere (devpts). */
#define TTY_DRIVER_DYNAMIC_DEV	0x0008
/*
 * Pseudo-terminal pairs: the driver creates, binds (port->tty) and resets
 * its ttys itself, so opening and closing them leave buffers and port alone.
 */
#define TTY_DRIVER_DEVPTS_MEM	0x0010

struct tty_driver *tty_alloc_driver(unsigned int lines, unsigned long flags);
int tty_register_driver(struct tty_driver *driver);

/* /sys/class/tty: drivers with device numbers of their own (/dev/ptmx) add to it. */
extern struct class tty_class;

static inline void tty_set_operations(struct tty_driver *driver,
				      const struct tty_operations *op)
{
	driver->ops = op;
}

#endif /* _LINUX_TTY_DRIVER_H */
