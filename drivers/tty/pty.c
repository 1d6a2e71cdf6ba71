// SPDX-License-Identifier: GPL-2.0-only
/*
 * Pseudo-terminals (pty(7)): pairs of ttys joined back to back.
 *
 * Opening /dev/ptmx (5:2) makes a pair with the lowest free number N
 * (devpts_new_index()) and returns its master; the slave appears as
 * /dev/pts/N (136:N), locked until the master says TIOCSPTLCK 0
 * (unlockpt()).  Each side is an ordinary tty with N_TTY on top: what
 * one side's line discipline sends to the driver (pty_write()) lands in
 * the other side's flip buffer, and the flip-buffer worker feeds it to
 * that side's line discipline.  So bytes written to the master are the
 * slave's input - edited, echoed, turned into signals - and the slave's
 * output, after OPOST, is what the master reads; the master's own
 * termios starts raw.  A writer whose peer's flip buffer is full gets
 * write_room 0 and sleeps (or EAGAIN) until the worker drained it, which
 * the port's buf_drained callback reports.
 *
 * Closing: when the master's last file closes, the slave hangs up (its
 * reads see end of file, writes and ioctls EIO, the session leader that
 * has it as controlling tty gets SIGHUP) and /dev/pts/N goes away.  When
 * the slave's last file closes, the master's reads fail with EIO once
 * the slave's output is read (TTY_OTHER_CLOSED).  N is free again when
 * both sides are closed; the pair's ttys and ports are kept and reset
 * (tty_reinit()) for the next pty with that number, as ttys are never
 * freed (a process's controlling-tty pointer holds no reference).
 *
 * Master ioctls: TIOCGPTN, TIOCSPTLCK, TIOCGPTLCK, TIOCPKT, TIOCGPKT,
 * TIOCSIG, TIOCGPTPEER.  TIOCSWINSZ on either side sets the size of
 * both and sends SIGWINCH to the slave's foreground group.  Packet mode
 * (TIOCPKT): the slave's flushes and ^S/^Q stops become status bytes
 * for the master's reader (tty_packet_status(), n_tty_read()); EXTPROC
 * (TIOCPKT_IOCTL) is not reported.
 *
 * Interface: ptmx_fops (the open() of /dev/ptmx); nothing else calls in.
 * Locking: the tty core calls open and close with tty_mutex held, and
 * that is what guards a pair's state (master_opening, dentry, live);
 * devpts nests inside it.  The data path takes only the flip buffers'
 * locks, so it never waits for the other side.
 */
#define pr_fmt(fmt) "pty: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/cdev.h>
#include <linux/device.h>
#include <linux/kdev_t.h>
#include <linux/signal.h>
#include <linux/sched.h>
#include <linux/devpts_fs.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/tty_port.h>
#include <linux/tty_flip.h>
#include <uapi/linux/fcntl.h>
#include <asm/uaccess.h>

enum { PTY_MASTER, PTY_SLAVE };

/*
 * struct pty_pair: both sides of pty N.  Made by the first /dev/ptmx
 * open that got N and kept from then on (see the file comment).
 * port[] and tty[] are set once; the rest is guarded by tty_mutex.
 */
struct pty_pair {
	int index;
	struct tty_port port[2];	/* [side]: the flip buffer feeding that side */
	struct tty_struct *tty[2];
	struct dentry *dentry;		/* /dev/pts/N while the master is open */
	bool live;			/* the master is open, N is in use */
	bool master_opening;		/* ptmx_open() is opening the master */
};

static struct tty_driver *ptm_driver, *pts_driver;
static struct pty_pair *pty_pairs[NR_UNIX98_PTY_MAX];	/* written once per index */
static DEFINE_MUTEX(pty_pairs_lock);			/* ... under this */

static bool pty_is_master(struct tty_struct *tty)
{
	return tty->driver == ptm_driver;
}

static struct pty_pair *tty_pair(struct tty_struct *tty)
{
	return tty->driver_data;
}

/* ------------------------------------------------------------ data */

/*
 * The peer's flip buffer takes what fits; the worker feeds it to the
 * peer's line discipline.  A stopped tty (^S) sends nothing.
 */
static ssize_t pty_write(struct tty_struct *tty, const u8 *buf, size_t count)
{
	struct tty_port *to = tty->link->port;
	size_t n;

	if (tty->stopped)
		return 0;
	n = tty_insert_flip_string(to, buf, count);
	if (n)
		tty_flip_buffer_push(to);
	return n;
}

static unsigned int pty_write_room(struct tty_struct *tty)
{
	if (tty->stopped)
		return 0;
	return tty_buffer_space_avail(tty->link->port);
}

/* The worker moved bytes out of port: the side writing into it may go on. */
static void pty_buf_drained(struct tty_port *port)
{
	struct tty_struct *reader = tty_port_tty_get(port);

	if (reader && reader->link)
		tty_wakeup(reader->link);
}

/* Thrown-away slave output is news for a master in packet mode. */
static void pty_flush_buffer(struct tty_struct *tty)
{
	tty_packet_status(tty, TIOCPKT_FLUSHWRITE, 0);
}

static void pty_stop(struct tty_struct *tty)
{
	tty_packet_status(tty, TIOCPKT_STOP, TIOCPKT_START);
}

static void pty_start(struct tty_struct *tty)
{
	tty_packet_status(tty, TIOCPKT_START, TIOCPKT_STOP);
}

/* Do ^S and ^Q stop and start the slave's output? */
static bool ixon_is_standard(tcflag_t iflag, const cc_t *cc)
{
	return (iflag & IXON) && cc[VSTOP] == 023 && cc[VSTART] == 021;
}

/* Packet mode tells the master when the slave's flow control changes (DOSTOP/NOSTOP). */
static void pty_set_termios(struct tty_struct *tty, const struct ktermios *old)
{
	bool now = ixon_is_standard(tty->termios.c_iflag, tty->termios.c_cc);

	if (pty_is_master(tty) || (old && now == ixon_is_standard(old->c_iflag, old->c_cc)))
		return;
	if (now)
		tty_packet_status(tty, TIOCPKT_DOSTOP, TIOCPKT_NOSTOP);
	else
		tty_packet_status(tty, TIOCPKT_NOSTOP, TIOCPKT_DOSTOP);
}

/* Both sides share one size; the slave's foreground group hears of a change. */
static int pty_resize(struct tty_struct *tty, const struct winsize *ws)
{
	struct tty_struct *slave = tty_pair(tty)->tty[PTY_SLAVE];
	struct tty_struct *master = slave->link;

	mutex_lock(&master->winsize_mutex);
	master->winsize = *ws;
	mutex_unlock(&master->winsize_mutex);
	return tty_do_resize(slave, ws);
}

/* ------------------------------------------------------------ open and close */

/*
 * The master is opened only by ptmx_open(); a slave only while its
 * master is open and it is unlocked.  tty_mutex held; tty->count
 * already counts this open.
 */
static int pty_open(struct tty_struct *tty, struct file *filp)
{
	struct pty_pair *pair = tty_pair(tty);
	struct tty_struct *master;

	/* A pair still being made (reached through a node made by hand). */
	if (!pair)
		return -EIO;
	master = pair->tty[PTY_MASTER];
	if (pty_is_master(tty)) {
		if (!pair->master_opening)
			return -EIO;
		pair->master_opening = false;
		return 0;
	}
	if (!pair->live || !master->count || test_bit(TTY_OTHER_CLOSED, &tty->flags) ||
	    test_bit(TTY_PTY_LOCK, &tty->flags))
		return -EIO;
	clear_bit(TTY_OTHER_CLOSED, &master->flags);
	return 0;
}

/* tty_mutex held; tty->count still counts the file being closed. */
static void pty_close(struct tty_struct *tty, struct file *filp)
{
	struct pty_pair *pair = tty_pair(tty);
	struct tty_struct *peer = tty->link;

	if (tty->count > 1)
		return;
	set_bit(TTY_OTHER_CLOSED, &peer->flags);
	wake_up_interruptible_all(&peer->read_wait);
	wake_up_interruptible_all(&peer->write_wait);
	if (pty_is_master(tty)) {
		tty_vhangup(peer);
		if (pair->dentry)
			devpts_pty_kill(pair->dentry);
		pair->dentry = NULL;
		pair->live = false;
	}
	/* The later of the two closes gives the number back. */
	if (!peer->count)
		devpts_kill_index(pair->index);
}

/* ------------------------------------------------------------ master ioctls */

/* TIOCGPTPEER: open the slave without knowing its name; flags as open(2)'s. */
static int pty_open_peer(struct tty_struct *master, int flags)
{
	const int allowed = O_ACCMODE | O_NOCTTY | O_NONBLOCK | O_CLOEXEC;
	struct pty_pair *pair = tty_pair(master);
	struct file *file;
	int fd;

	if (flags & ~allowed)
		return -EINVAL;
	if (!pair->dentry)
		return -EIO;
	fd = get_unused_fd_flags(flags & O_CLOEXEC);
	if (fd < 0)
		return fd;
	file = devpts_open_pty(pair->dentry, flags | O_LARGEFILE);
	if (IS_ERR(file)) {
		put_unused_fd(fd);
		return PTR_ERR(file);
	}
	fd_install(fd, file);
	return fd;
}

static int pty_set_packet(struct tty_struct *master, int *p)
{
	unsigned long flags;
	int on;

	if (get_user(on, p))
		return -EFAULT;
	spin_lock_irqsave(&master->ctrl_lock, flags);
	/* Turning it on starts with no stale events. */
	if (on && !master->packet)
		master->ctrl_status = 0;
	master->packet = on != 0;
	spin_unlock_irqrestore(&master->ctrl_lock, flags);
	return 0;
}

static int pty_set_lock(struct tty_struct *slave, int *p)
{
	int lock;

	if (get_user(lock, p))
		return -EFAULT;
	if (lock)
		set_bit(TTY_PTY_LOCK, &slave->flags);
	else
		clear_bit(TTY_PTY_LOCK, &slave->flags);
	return 0;
}

/* TIOCSIG: as if the slave's user typed the signal's character. */
static int pty_signal(struct tty_struct *slave, unsigned long sig)
{
	if (sig < 1 || sig > _NSIG)
		return -EINVAL;
	tty_signal_pgrp(slave, sig);
	return 0;
}

static int pty_ioctl(struct tty_struct *tty, unsigned int cmd, unsigned long arg)
{
	struct pty_pair *pair = tty_pair(tty);
	struct tty_struct *slave = pair->tty[PTY_SLAVE];
	int *p = (int *)arg;

	if (!pty_is_master(tty))
		return -ENOIOCTLCMD;
	switch (cmd) {
	case TIOCGPTN:
		return put_user((unsigned int)pair->index, (unsigned int *)arg);
	case TIOCSPTLCK:
		return pty_set_lock(slave, p);
	case TIOCGPTLCK:
		return put_user((int)test_bit(TTY_PTY_LOCK, &slave->flags), p);
	case TIOCPKT:
		return pty_set_packet(tty, p);
	case TIOCGPKT:
		return put_user((int)READ_ONCE(tty->packet), p);
	case TIOCSIG:
		return pty_signal(slave, arg);
	case TIOCGPTPEER:
		return pty_open_peer(tty, (int)arg);
	default:
		return -ENOIOCTLCMD;
	}
}

/* Grouped: life cycle, data, flow, control. */
static const struct tty_operations pty_ops = {
	.open = pty_open,
	.close = pty_close,

	.write = pty_write,
	.write_room = pty_write_room,
	.flush_buffer = pty_flush_buffer,

	.stop = pty_stop,
	.start = pty_start,

	.set_termios = pty_set_termios,
	.ioctl = pty_ioctl,
	.resize = pty_resize,
};

/* ------------------------------------------------------------ /dev/ptmx */

/* The pair for number idx, made on first use.  NULL if out of memory. */
static struct pty_pair *pty_pair_get(int idx)
{
	struct pty_pair *pair;

	mutex_lock(&pty_pairs_lock);
	pair = pty_pairs[idx];
	if (!pair) {
		pair = kzalloc(sizeof(*pair), GFP_KERNEL);
		if (pair) {
			pair->index = idx;
			for (int side = 0; side < 2; side++) {
				tty_port_init(&pair->port[side]);
				pair->port[side].buf_drained = pty_buf_drained;
			}
			tty_port_link_device(&pair->port[PTY_MASTER], ptm_driver, idx);
			tty_port_link_device(&pair->port[PTY_SLAVE], pts_driver, idx);
			pty_pairs[idx] = pair;
		}
	}
	mutex_unlock(&pty_pairs_lock);
	return pair;
}

/*
 * The two ttys of pair, new or reset to a first open's state, joined,
 * with the slave locked.  Nobody has either open: the number is ours.
 */
static int pty_pair_setup(struct pty_pair *pair)
{
	struct tty_driver *drivers[2] = { ptm_driver, pts_driver };

	for (int side = 0; side < 2; side++) {
		struct tty_struct *tty = pair->tty[side];
		int ret;

		if (tty) {
			ret = tty_reinit(tty);
			if (ret)
				return ret;
		} else {
			tty = tty_init_dev(drivers[side], pair->index);
			if (IS_ERR(tty))
				return PTR_ERR(tty);
			tty->driver_data = pair;
			pair->tty[side] = tty;
			tty_port_tty_set(&pair->port[side], tty);
		}
	}
	pair->tty[PTY_MASTER]->link = pair->tty[PTY_SLAVE];
	pair->tty[PTY_SLAVE]->link = pair->tty[PTY_MASTER];
	set_bit(TTY_PTY_LOCK, &pair->tty[PTY_SLAVE]->flags);
	return 0;
}

static int ptmx_open(struct inode *inode, struct file *filp)
{
	struct pty_pair *pair;
	struct dentry *dentry;
	int idx, ret;

	idx = devpts_new_index();
	if (idx < 0)
		return idx;
	ret = -ENOMEM;
	pair = pty_pair_get(idx);
	if (!pair)
		goto out_index;
	ret = pty_pair_setup(pair);
	if (ret)
		goto out_index;
	dentry = devpts_pty_new(idx);
	if (IS_ERR(dentry)) {
		ret = PTR_ERR(dentry);
		goto out_index;
	}
	/* Published under tty_mutex by the open below; pty_open() checks them. */
	pair->dentry = dentry;
	pair->live = true;
	pair->master_opening = true;
	/* Opening the master never makes it a controlling terminal. */
	ret = tty_open_file(pair->tty[PTY_MASTER], filp, true);
	if (ret) {
		pair->live = false;
		pair->master_opening = false;
		pair->dentry = NULL;
		devpts_pty_kill(dentry);
		goto out_index;
	}
	return 0;

out_index:
	devpts_kill_index(idx);
	return ret;
}

static struct file_operations ptmx_fops;

/* A driver of ptys' sides: no device nodes of its own, the pairs are ours. */
static struct tty_driver *pty_driver(const char *name, const char *driver_name, int major)
{
	struct tty_driver *drv = tty_alloc_driver(NR_UNIX98_PTY_MAX,
						  TTY_DRIVER_REAL_RAW | TTY_DRIVER_DYNAMIC_DEV |
						  TTY_DRIVER_DEVPTS_MEM);

	if (IS_ERR(drv))
		return drv;
	drv->name = name;
	drv->driver_name = driver_name;
	drv->major = major;
	drv->minor_start = 0;
	/* Linux's: the slave is a normal terminal without hangup on close. */
	drv->init_termios = tty_std_termios;
	drv->init_termios.c_cflag = B38400 | CS8 | CREAD;
	tty_set_operations(drv, &pty_ops);
	return drv;
}

static int __init pty_init(void)
{
	static struct cdev ptmx_cdev;
	dev_t ptmx = MKDEV(PTMX_MAJOR, PTMX_MINOR);
	struct device *d;
	int ret;

	ptm_driver = pty_driver("ptm", "pty_master", UNIX98_PTY_MASTER_MAJOR);
	pts_driver = pty_driver("pts", "pty_slave", UNIX98_PTY_SLAVE_MAJOR);
	if (IS_ERR(ptm_driver) || IS_ERR(pts_driver))
		return -ENOMEM;
	/* The master starts raw: its user is a program, not a person. */
	ptm_driver->init_termios.c_iflag = 0;
	ptm_driver->init_termios.c_oflag = 0;
	ptm_driver->init_termios.c_lflag = 0;
	ret = tty_register_driver(ptm_driver);
	if (!ret)
		ret = tty_register_driver(pts_driver);
	if (ret)
		return ret;

	tty_default_fops(&ptmx_fops);
	ptmx_fops.open = ptmx_open;
	ret = register_chrdev_region(ptmx, 1, "/dev/ptmx");
	if (ret)
		return ret;
	cdev_init(&ptmx_cdev, &ptmx_fops);
	ret = cdev_add(&ptmx_cdev, ptmx, 1);
	if (ret)
		return ret;
	d = device_create(&tty_class, NULL, ptmx, NULL, "ptmx");
	return IS_ERR(d) ? PTR_ERR(d) : 0;
}
device_initcall(pty_init);
