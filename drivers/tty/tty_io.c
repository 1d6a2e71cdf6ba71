// SPDX-License-Identifier: GPL-2.0-only
/*
 * The tty core: terminal drivers, tty structures, and the file
 * operations of every terminal device node.
 *
 * Device numbers (Linux's): a driver owns major:minor_start.. (ttyS is
 * 4:64-67); 5:0 is /dev/tty, the caller's controlling terminal (ENXIO
 * without one); 5:1 is /dev/console, the tty of the console device.
 * Opening either of those never makes the terminal a controlling one.
 * 5:2, /dev/ptmx, belongs to the pty driver (pty.c), which has its own
 * open() and hands the new master to tty_open_file().
 *
 * read() and write() go through a kernel bounce buffer to the line
 * discipline, which therefore never touches user memory and never faults
 * while holding its locks.  ioctl() dispatch: job control
 * (tty_jobctrl.c), core ioctls (window size, TIOCSTI, exclusive mode,
 * modem lines, breaks), the driver, termios (tty_ioctl.c), the line
 * discipline; anything else is ENOTTY.
 *
 * Every registered device number gets a device in the "tty" class
 * (/sys/class/tty/<name>, and /dev/<name> through devtmpfs); the console
 * device has Linux's "active" attribute naming the console's tty, which
 * tools such as busybox cttyhack read to find the real terminal.
 *
 * Interface: tty_alloc_driver(), tty_register_driver(), tty_init_dev(),
 * tty_wakeup(), tty_vhangup(), stop_tty()/start_tty(), and the file
 * operations (tty_fops; tty_default_fops(), tty_open_file() and
 * tty_reinit() for the pty driver).
 *
 * Locking: tty_mutex guards the driver list, driver->ttys[], tty->count
 * and the open/close sequence.  See <linux/tty.h> for the tty's own locks.
 */
#define pr_fmt(fmt) "tty: " fmt

#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/errno.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/cdev.h>
#include <linux/kdev_t.h>
#include <linux/capability.h>
#include <linux/device.h>
#include <linux/sprintf.h>
#include <linux/signal.h>
#include <linux/delay.h>
#include <linux/tty.h>
#include <linux/tty_driver.h>
#include <linux/tty_ldisc.h>
#include <linux/tty_port.h>
#include <linux/tty_flip.h>
#include <linux/syscalls.h>
#include <uapi/linux/fcntl.h>
#include <asm/uaccess.h>
#if __has_include(<linux/poll.h>)
#include <linux/poll.h>	/* poll() support arrives with the poll infrastructure */
#endif

#define TTYAUX_MAJOR		5
#define TTY_BOUNCE_SIZE		4096	/* the line discipline's buffer: one canonical line */

static DEFINE_MUTEX(tty_mutex);
static LIST_HEAD(tty_drivers);
static struct tty_driver *console_driver;	/* set once at boot */
static int console_index;

/* Linux's tty_std_termios: canonical, echoing, ^C and friends, 38400 8N1. */
const struct ktermios tty_std_termios = {
	.c_iflag = ICRNL | IXON,
	.c_oflag = OPOST | ONLCR,
	.c_cflag = B38400 | CS8 | CREAD | HUPCL,
	.c_lflag = ISIG | ICANON | ECHO | ECHOE | ECHOK | ECHOCTL | ECHOKE | IEXTEN,
	.c_cc = {
		[VINTR] = 003,		/* ^C */
		[VQUIT] = 034,		/* ^\ */
		[VERASE] = 0177,	/* DEL */
		[VKILL] = 025,		/* ^U */
		[VEOF] = 004,		/* ^D */
		[VTIME] = 0,
		[VMIN] = 1,
		[VSTART] = 021,		/* ^Q */
		[VSTOP] = 023,		/* ^S */
		[VSUSP] = 032,		/* ^Z */
		[VREPRINT] = 022,	/* ^R */
		[VDISCARD] = 017,	/* ^O */
		[VWERASE] = 027,	/* ^W */
		[VLNEXT] = 026,		/* ^V */
	},
	.c_ispeed = 38400,
	.c_ospeed = 38400,
};

/* ------------------------------------------------------------ drivers */

struct tty_driver *tty_alloc_driver(unsigned int lines, unsigned long flags)
{
	struct tty_driver *driver = kzalloc(sizeof(*driver), GFP_KERNEL);

	if (!driver)
		return ERR_PTR(-ENOMEM);
	driver->ttys = kcalloc(lines, sizeof(*driver->ttys), GFP_KERNEL);
	driver->ports = kcalloc(lines, sizeof(*driver->ports), GFP_KERNEL);
	if (!driver->ttys || !driver->ports) {
		kfree(driver->ttys);
		kfree(driver->ports);
		kfree(driver);
		return ERR_PTR(-ENOMEM);
	}
	driver->num = lines;
	driver->flags = flags;
	driver->init_termios = tty_std_termios;
	INIT_LIST_HEAD(&driver->tty_drivers);
	return driver;
}

static const struct file_operations tty_fops;

/*
 * /dev/tty and /dev/ptmx are everyone's; the console root's; terminals
 * root's and group's (Linux's modes).
 */
static char *tty_devnode(const struct device *dev, umode_t *mode)
{
	if (dev->devt == MKDEV(TTYAUX_MAJOR, 0) || dev->devt == MKDEV(TTYAUX_MAJOR, 2))
		*mode = 0666;
	else if (dev->devt != MKDEV(TTYAUX_MAJOR, 1))
		*mode = 0660;
	return NULL;
}

struct class tty_class = {
	.name = "tty",
	.devnode = tty_devnode,
};

int tty_register_driver(struct tty_driver *driver)
{
	struct cdev *cdev;
	dev_t dev = MKDEV(driver->major, driver->minor_start);
	int ret;

	cdev = kzalloc(sizeof(*cdev), GFP_KERNEL);
	if (!cdev)
		return -ENOMEM;
	ret = register_chrdev_region(dev, driver->num, driver->name);
	if (ret)
		goto out_free;
	cdev_init(cdev, &tty_fops);
	ret = cdev_add(cdev, dev, driver->num);
	if (ret)
		goto out_unregister;
	mutex_lock(&tty_mutex);
	list_add_tail(&driver->tty_drivers, &tty_drivers);
	mutex_unlock(&tty_mutex);
	for (unsigned int i = 0; i < driver->num; i++) {
		if (driver->flags & TTY_DRIVER_DYNAMIC_DEV)
			break;
		struct device *d = device_create(&tty_class, NULL, dev + i, NULL, "%s%u",
						 driver->name, i);

		if (IS_ERR(d))
			pr_warn("no device for %s%u: %ld\n", driver->name, i, PTR_ERR(d));
	}
	return 0;

out_unregister:
	unregister_chrdev_region(dev, driver->num);
out_free:
	kfree(cdev);
	return ret;
}

void tty_set_console_device(struct tty_driver *driver, int index)
{
	console_driver = driver;
	console_index = index;
}

/* The driver and index of a device number.  tty_mutex held. */
static struct tty_driver *get_tty_driver(dev_t device, int *index)
{
	struct tty_driver *p;

	list_for_each_entry(p, &tty_drivers, tty_drivers) {
		dev_t base = MKDEV(p->major, p->minor_start);

		if (device >= base && device < base + p->num) {
			*index = device - base;
			return p;
		}
	}
	return NULL;
}

/* ------------------------------------------------------------ tty structures */

static struct tty_struct *alloc_tty_struct(struct tty_driver *driver, int index)
{
	struct tty_struct *tty = kzalloc(sizeof(*tty), GFP_KERNEL);

	if (!tty)
		return NULL;
	tty->driver = driver;
	tty->ops = driver->ops;
	tty->index = index;
	snprintf(tty->name, sizeof(tty->name), "%s%d", driver->name, index);
	tty->port = driver->ports[index];
	init_rwsem(&tty->termios_rwsem);
	tty->termios = driver->init_termios;
	mutex_init(&tty->winsize_mutex);
	spin_lock_init(&tty->ctrl_lock);
	init_waitqueue_head(&tty->read_wait);
	init_waitqueue_head(&tty->write_wait);
	mutex_init(&tty->atomic_write_lock);
	tty->ldisc = &n_tty_ops;
	return tty;
}

/* tty_mutex held. */
static struct tty_struct *tty_init_dev_locked(struct tty_driver *driver, int index)
{
	struct tty_struct *tty = driver->ttys[index];
	int ret;

	if (tty)
		return tty;
	if (!driver->ports[index])
		return ERR_PTR(-ENODEV);
	tty = alloc_tty_struct(driver, index);
	if (!tty)
		return ERR_PTR(-ENOMEM);
	ret = tty->ldisc->open(tty);
	if (ret) {
		kfree(tty);
		return ERR_PTR(ret);
	}
	set_bit(TTY_OPENED, &tty->flags);
	driver->ttys[index] = tty;
	return tty;
}

struct tty_struct *tty_init_dev(struct tty_driver *driver, int index)
{
	struct tty_struct *tty;

	if (index < 0 || (unsigned int)index >= driver->num)
		return ERR_PTR(-ENODEV);
	mutex_lock(&tty_mutex);
	tty = tty_init_dev_locked(driver, index);
	mutex_unlock(&tty_mutex);
	return tty;
}

int tty_reinit(struct tty_struct *tty)
{
	unsigned long flags;
	int ret = 0;

	/* Waits for a worker still feeding the old line discipline. */
	if (tty->port)
		tty_buffer_flush(tty->port);
	mutex_lock(&tty_mutex);
	if (WARN_ON(tty->count)) {
		mutex_unlock(&tty_mutex);
		return -EBUSY;
	}
	if (test_and_clear_bit(TTY_OPENED, &tty->flags))
		tty->ldisc->close(tty);
	tty->flags = 0;
	tty->termios = tty->driver->init_termios;
	memset(&tty->winsize, 0, sizeof(tty->winsize));
	spin_lock_irqsave(&tty->ctrl_lock, flags);
	tty->pgrp = 0;
	tty->session = 0;
	tty->stopped = false;
	tty->flow_stopped = false;
	tty->packet = false;
	tty->ctrl_status = 0;
	spin_unlock_irqrestore(&tty->ctrl_lock, flags);
	ret = tty->ldisc->open(tty);
	if (!ret)
		set_bit(TTY_OPENED, &tty->flags);
	mutex_unlock(&tty_mutex);
	return ret;
}

bool tty_io_nonblock(struct tty_struct *tty, struct file *file)
{
	return file && (file->f_flags & O_NONBLOCK);
}

/*
 * What a tty file's private_data points to.  A hang-up ends the files open
 * at that moment (tty->hangups moves past the count they were opened
 * with), not the ones opened after it, so a getty can hang up its line
 * and open it afresh while others still hold it.  /dev/console files are
 * never hung up: as on Linux, the console stays writable.
 */
struct tty_file {
	struct tty_struct *tty;
	int hangups;			/* tty->hangups when opened */
	bool console;
};

bool tty_hung_up_p(struct file *file)
{
	const struct tty_file *tf = file ? file->private_data : NULL;

	return tf && !tf->console && tf->hangups != atomic_read(&tf->tty->hangups);
}

void tty_wakeup(struct tty_struct *tty)
{
	wake_up_interruptible(&tty->write_wait);
}

/*
 * Hang up: the files open on tty now read end of file and fail writes
 * and ioctls with EIO; the session it controls loses it (its leader gets
 * SIGHUP, and the foreground group too when the leader is @exiting).
 * Blocked readers and writers are woken to notice.
 */
static void hang_up(struct tty_struct *tty, bool exiting)
{
	atomic_inc(&tty->hangups);
	tty_hangup_session(tty, exiting);
	if (tty->ops->hangup)
		tty->ops->hangup(tty);
	if (tty->ldisc->hangup)
		tty->ldisc->hangup(tty);
}

void tty_vhangup(struct tty_struct *tty)
{
	hang_up(tty, false);
}

void tty_vhangup_session(struct tty_struct *tty)
{
	hang_up(tty, true);
}

/* vhangup(2): agetty and login hang up their line before using it. */
SYSCALL_DEFINE0(vhangup)
{
	struct tty_struct *tty;

	if (!capable(CAP_SYS_TTY_CONFIG))
		return -EPERM;
	tty = get_current_tty();
	if (tty)
		tty_vhangup(tty);
	return 0;
}

void tty_drain_all(long timeout)
{
	struct tty_driver *driver;

	mutex_lock(&tty_mutex);
	list_for_each_entry(driver, &tty_drivers, tty_drivers) {
		for (unsigned int i = 0; i < driver->num; i++) {
			struct tty_struct *tty = driver->ttys[i];

			if (tty && tty->count && !tty->stopped)
				wait_event_timeout(tty->write_wait, !tty_chars_in_buffer(tty),
						   timeout);
		}
	}
	mutex_unlock(&tty_mutex);
}

void tty_packet_status(struct tty_struct *tty, u8 set, u8 clear)
{
	struct tty_struct *master = tty->link;
	unsigned long flags;
	bool wake;

	/* Only a master is ever in packet mode; a master's link never is. */
	if (!master || !READ_ONCE(master->packet))
		return;
	spin_lock_irqsave(&master->ctrl_lock, flags);
	wake = master->packet;
	if (wake) {
		master->ctrl_status &= ~clear;
		master->ctrl_status |= set;
	}
	spin_unlock_irqrestore(&master->ctrl_lock, flags);
	if (wake)
		wake_up_interruptible(&master->read_wait);
}

/* ------------------------------------------------------------ output control */

void stop_tty(struct tty_struct *tty)
{
	unsigned long flags;
	bool was;

	spin_lock_irqsave(&tty->ctrl_lock, flags);
	was = tty->stopped;
	tty->stopped = true;
	spin_unlock_irqrestore(&tty->ctrl_lock, flags);
	if (!was && tty->ops->stop)
		tty->ops->stop(tty);
}

void start_tty(struct tty_struct *tty)
{
	unsigned long flags;
	bool was;

	spin_lock_irqsave(&tty->ctrl_lock, flags);
	was = tty->stopped;
	tty->stopped = false;
	tty->flow_stopped = false;
	spin_unlock_irqrestore(&tty->ctrl_lock, flags);
	if (was && tty->ops->start)
		tty->ops->start(tty);
	tty_wakeup(tty);
}

unsigned int tty_write_room(struct tty_struct *tty)
{
	return tty->ops->write_room ? tty->ops->write_room(tty) : 2048;
}

unsigned int tty_chars_in_buffer(struct tty_struct *tty)
{
	return tty->ops->chars_in_buffer ? tty->ops->chars_in_buffer(tty) : 0;
}

void tty_driver_flush_buffer(struct tty_struct *tty)
{
	if (tty->ops->flush_buffer)
		tty->ops->flush_buffer(tty);
	tty_wakeup(tty);
}

int tty_put_char(struct tty_struct *tty, u8 c)
{
	return tty->ops->write(tty, &c, 1) == 1;
}

/* ------------------------------------------------------------ open and close */

static struct tty_struct *file_tty(struct file *file)
{
	return ((struct tty_file *)file->private_data)->tty;
}

/* Which tty a device number names; *noctty is set for /dev/tty and /dev/console. */
static struct tty_struct *tty_lookup(dev_t device, bool *noctty)
{
	struct tty_driver *driver;
	int index;

	if (device == MKDEV(TTYAUX_MAJOR, 0)) {
		struct tty_struct *tty = get_current_tty();

		*noctty = true;
		return tty ? tty : ERR_PTR(-ENXIO);
	}
	if (device == MKDEV(TTYAUX_MAJOR, 1)) {
		*noctty = true;
		if (!console_driver)
			return ERR_PTR(-ENODEV);
		return tty_init_dev_locked(console_driver, console_index);
	}
	driver = get_tty_driver(device, &index);
	if (!driver)
		return ERR_PTR(-ENODEV);
	return tty_init_dev_locked(driver, index);
}

/*
 * Count one more open file of tty and let the driver see it.  The first
 * open since the last close starts clean, as a fresh line discipline
 * would, except for pty pairs, whose driver does that when it makes the
 * pair.  tty_mutex held.
 */
static int tty_open_counted(struct tty_struct *tty, struct file *filp)
{
	bool paired = tty->driver->flags & TTY_DRIVER_DEVPTS_MEM;
	int ret;

	if (test_bit(TTY_EXCLUSIVE, &tty->flags) && !capable(CAP_SYS_ADMIN))
		return -EBUSY;
	if (!tty->count++ && !paired) {
		clear_bit(TTY_IO_ERROR, &tty->flags);
		tty_buffer_flush(tty->port);
		tty->ldisc->flush_buffer(tty);
		tty_port_tty_set(tty->port, tty);
	}
	if (!tty->ops->open)
		return 0;
	ret = tty->ops->open(tty, filp);
	if (ret && !--tty->count && !paired)
		tty_port_tty_set(tty->port, NULL);
	return ret;
}

/*
 * The open succeeded: the file refers to tty (through @tf, which it now
 * owns); maybe it becomes the controlling one.
 */
static void tty_open_finish(struct tty_struct *tty, struct tty_file *tf, struct inode *inode,
			    struct file *filp, bool noctty)
{
	tf->tty = tty;
	filp->private_data = tf;
	stream_open(inode, filp);
	if (!noctty)
		tty_open_proc_set_tty(filp, tty);
}

/* Open @tty for @filp with tty_mutex held; @tf records the hang-ups so far. */
static int tty_open_locked(struct tty_struct *tty, struct tty_file *tf, struct file *filp)
{
	int ret = tty_open_counted(tty, filp);

	if (!ret)
		tf->hangups = atomic_read(&tty->hangups);
	return ret;
}

int tty_open_file(struct tty_struct *tty, struct file *filp, bool noctty)
{
	struct tty_file *tf = kzalloc(sizeof(*tf), GFP_KERNEL);
	int ret;

	if (!tf)
		return -ENOMEM;
	mutex_lock(&tty_mutex);
	ret = tty_open_locked(tty, tf, filp);
	mutex_unlock(&tty_mutex);
	if (ret)
		kfree(tf);
	else
		tty_open_finish(tty, tf, file_inode(filp), filp, noctty);
	return ret;
}

static int tty_open(struct inode *inode, struct file *filp)
{
	bool noctty = filp->f_flags & O_NOCTTY;
	struct tty_file *tf = kzalloc(sizeof(*tf), GFP_KERNEL);
	struct tty_struct *tty;
	int ret;

	if (!tf)
		return -ENOMEM;
	tf->console = inode->i_rdev == MKDEV(TTYAUX_MAJOR, 1);
	mutex_lock(&tty_mutex);
	tty = tty_lookup(inode->i_rdev, &noctty);
	ret = IS_ERR(tty) ? PTR_ERR(tty) : tty_open_locked(tty, tf, filp);
	mutex_unlock(&tty_mutex);
	if (ret)
		kfree(tf);
	else
		tty_open_finish(tty, tf, inode, filp, noctty);
	return ret;
}

static int tty_release(struct inode *inode, struct file *filp)
{
	struct tty_struct *tty = file_tty(filp);

	mutex_lock(&tty_mutex);
	if (tty->ops->close)
		tty->ops->close(tty, filp);
	if (!--tty->count) {
		if (!(tty->driver->flags & TTY_DRIVER_DEVPTS_MEM))
			tty_port_tty_set(tty->port, NULL);
		wake_up_interruptible_all(&tty->read_wait);
		wake_up_interruptible_all(&tty->write_wait);
	}
	mutex_unlock(&tty_mutex);
	kfree(filp->private_data);
	return 0;
}

/* ------------------------------------------------------------ read and write */

static ssize_t tty_read(struct file *file, char *ubuf, size_t count, loff_t *ppos)
{
	struct tty_struct *tty = file_tty(file);
	size_t n = min_t(size_t, count, TTY_BOUNCE_SIZE);
	ssize_t ret;
	u8 *kbuf;

	if (test_bit(TTY_IO_ERROR, &tty->flags))
		return -EIO;
	if (!count || tty_hung_up_p(file))
		return 0;
	kbuf = kmalloc(n, GFP_KERNEL);
	if (!kbuf)
		return -ENOMEM;
	ret = tty->ldisc->read(tty, file, kbuf, n);
	if (ret > 0 && copy_to_user(ubuf, kbuf, ret))
		ret = -EFAULT;
	kfree(kbuf);
	return ret;
}

static ssize_t tty_write(struct file *file, const char *ubuf, size_t count, loff_t *ppos)
{
	struct tty_struct *tty = file_tty(file);
	size_t done = 0;
	ssize_t ret = 0;
	u8 *kbuf;

	if (test_bit(TTY_IO_ERROR, &tty->flags))
		return -EIO;
	if (tty_hung_up_p(file))
		return -EIO;
	if (!count)
		return 0;
	if (tty_io_nonblock(tty, file)) {
		if (!mutex_trylock(&tty->atomic_write_lock))
			return -EAGAIN;
	} else if (mutex_lock_interruptible(&tty->atomic_write_lock)) {
		return -ERESTARTSYS;
	}
	kbuf = kmalloc(min_t(size_t, count, TTY_BOUNCE_SIZE), GFP_KERNEL);
	if (!kbuf) {
		ret = -ENOMEM;
		goto out;
	}
	while (done < count) {
		size_t n = min_t(size_t, count - done, TTY_BOUNCE_SIZE);

		if (copy_from_user(kbuf, ubuf + done, n)) {
			ret = -EFAULT;
			break;
		}
		ret = tty->ldisc->write(tty, file, kbuf, n);
		if (ret <= 0)
			break;
		done += ret;
		if ((size_t)ret < n)
			break;
		if (done < count && signal_pending(current))
			break;
		cond_resched();
	}
	kfree(kbuf);
out:
	mutex_unlock(&tty->atomic_write_lock);
	return done ? (ssize_t)done : ret;
}

/* ------------------------------------------------------------ core ioctls */

static int tiocgwinsz(struct tty_struct *tty, struct winsize *arg)
{
	struct winsize ws;

	mutex_lock(&tty->winsize_mutex);
	ws = tty->winsize;
	mutex_unlock(&tty->winsize_mutex);
	return copy_to_user(arg, &ws, sizeof(ws)) ? -EFAULT : 0;
}

int tty_do_resize(struct tty_struct *tty, const struct winsize *ws)
{
	bool changed;

	mutex_lock(&tty->winsize_mutex);
	changed = memcmp(ws, &tty->winsize, sizeof(*ws)) != 0;
	tty->winsize = *ws;
	mutex_unlock(&tty->winsize_mutex);
	if (changed)
		tty_signal_pgrp(tty, SIGWINCH);
	return 0;
}

static int tiocswinsz(struct tty_struct *tty, struct winsize *arg)
{
	struct winsize ws;

	if (copy_from_user(&ws, arg, sizeof(ws)))
		return -EFAULT;
	if (tty->ops->resize)
		return tty->ops->resize(tty, &ws);
	return tty_do_resize(tty, &ws);
}

/* Fake input: root anywhere, others on their controlling terminal if readable. */
static int tiocsti(struct tty_struct *tty, struct file *file, char *p)
{
	u8 ch;

	if (!capable(CAP_SYS_ADMIN) && (get_current_tty() != tty || !(file->f_mode & FMODE_READ)))
		return -EPERM;
	if (get_user(ch, p))
		return -EFAULT;
	tty->ldisc->receive_buf(tty, &ch, NULL, 1);
	return 0;
}

static int send_break(struct tty_struct *tty, unsigned int duration_ms)
{
	int ret;

	if (!tty->ops->break_ctl)
		return 0;
	ret = tty->ops->break_ctl(tty, -1);
	if (ret)
		return ret;
	msleep_interruptible(duration_ms);
	ret = tty->ops->break_ctl(tty, 0);
	return signal_pending(current) ? -EINTR : ret;
}

static int tty_tiocmget(struct tty_struct *tty, int *p)
{
	int ret;

	if (!tty->ops->tiocmget)
		return -ENOTTY;
	ret = tty->ops->tiocmget(tty);
	if (ret < 0)
		return ret;
	return put_user(ret, p);
}

/* The modem lines a program may drive (tty_ioctl(4), TIOCMSET). */
#define TIOCM_OUTPUTS	(TIOCM_DTR | TIOCM_RTS | TIOCM_OUT1 | TIOCM_OUT2 | TIOCM_LOOP)

/* TIOCMBIS turns the given lines on, TIOCMBIC off, TIOCMSET sets all of them. */
static int tty_tiocmset(struct tty_struct *tty, unsigned int cmd, unsigned int *p)
{
	unsigned int lines;

	if (!tty->ops->tiocmset)
		return -ENOTTY;
	if (get_user(lines, p))
		return -EFAULT;
	lines &= TIOCM_OUTPUTS;
	if (cmd == TIOCMBIS)
		return tty->ops->tiocmset(tty, lines, 0);
	if (cmd == TIOCMBIC)
		return tty->ops->tiocmset(tty, 0, lines);
	return tty->ops->tiocmset(tty, lines, TIOCM_OUTPUTS & ~lines);
}

/* TIOCEXCL, TIOCNXCL, TIOCGEXCL: exclusive mode refuses further opens (EBUSY). */
static int tty_excl_ioctl(struct tty_struct *tty, unsigned int cmd, int *p)
{
	if (cmd == TIOCGEXCL)
		return put_user((int)test_bit(TTY_EXCLUSIVE, &tty->flags), p);
	if (cmd == TIOCEXCL)
		set_bit(TTY_EXCLUSIVE, &tty->flags);
	else
		clear_bit(TTY_EXCLUSIVE, &tty->flags);
	return 0;
}

/* TIOCSETD: N_TTY is the only line discipline there is to choose. */
static int tty_set_ldisc_ioctl(int *p)
{
	int disc;

	if (get_user(disc, p))
		return -EFAULT;
	return disc == N_TTY ? 0 : -EINVAL;
}

/* TIOCGDEV: the device number of the terminal behind this file. */
static int tty_get_dev_ioctl(struct tty_struct *tty, unsigned int *p)
{
	dev_t dev = MKDEV(tty->driver->major, tty->driver->minor_start + tty->index);

	return put_user((unsigned int)new_encode_dev(dev), p);
}

/*
 * TCSBRK and TCSBRKP drain the output first (tcdrain), then send a
 * break: TCSBRK with 0 for 250 ms (other values only drain), TCSBRKP
 * for arg tenths of a second, 0 meaning 250 ms.
 */
static int tty_tcsbrk(struct tty_struct *tty, unsigned int cmd, unsigned long arg)
{
	unsigned int ms = 250;
	int ret;

	ret = tty_check_change(tty);
	if (!ret)
		ret = tty_wait_until_sent(tty, 0);
	if (ret)
		return ret;
	if (cmd == TCSBRK && arg)
		return 0;
	if (cmd == TCSBRKP && arg)
		ms = arg * 100;
	return send_break(tty, ms);
}

/* TIOCSBRK / TIOCCBRK: start or end a break of indefinite length. */
static int tty_break_ioctl(struct tty_struct *tty, bool on)
{
	if (!tty->ops->break_ctl)
		return -EINVAL;
	return tty->ops->break_ctl(tty, on ? -1 : 0);
}

/*
 * ioctl() on a terminal: job control first, then the requests the core
 * handles itself, then the driver's, the termios ones (tty_ioctl.c) and
 * the line discipline's.  What nobody knows is ENOTTY.
 */
static long tty_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct tty_struct *tty = file_tty(file);
	void *p = (void *)arg;
	long ret;

	/* Linux's hung-up terminal answers every request so. */
	if (tty_hung_up_p(file))
		return cmd == TIOCSPGRP ? -ENOTTY : -EIO;
	ret = tty_jobctrl_ioctl(tty, file, cmd, arg);
	if (ret != -ENOIOCTLCMD)
		return ret;

	switch (cmd) {
	case TIOCGWINSZ:
		return tiocgwinsz(tty, p);
	case TIOCSWINSZ:
		return tiocswinsz(tty, p);
	case TIOCSTI:
		return tiocsti(tty, file, p);
	case TIOCOUTQ:
		return put_user((int)tty_chars_in_buffer(tty), (int *)p);
	case TIOCMGET:
		return tty_tiocmget(tty, p);
	case TIOCMSET:
	case TIOCMBIS:
	case TIOCMBIC:
		return tty_tiocmset(tty, cmd, p);
	case TCSBRK:
	case TCSBRKP:
		return tty_tcsbrk(tty, cmd, arg);
	case TIOCSBRK:
	case TIOCCBRK:
		return tty_break_ioctl(tty, cmd == TIOCSBRK);
	case TIOCEXCL:
	case TIOCNXCL:
	case TIOCGEXCL:
		return tty_excl_ioctl(tty, cmd, p);
	case TIOCGETD:
		return put_user(tty->ldisc->num, (int *)p);
	case TIOCSETD:
		return tty_set_ldisc_ioctl(p);
	case TIOCGDEV:
		return tty_get_dev_ioctl(tty, p);
	case TIOCVHANGUP:
		if (!capable(CAP_SYS_ADMIN))
			return -EPERM;
		tty_vhangup(tty);
		return 0;
	case TIOCCONS:
		/* Redirecting console output to a pty is not supported. */
		return capable(CAP_SYS_ADMIN) ? -EINVAL : -EPERM;
	}

	ret = tty->ops->ioctl ? tty->ops->ioctl(tty, cmd, arg) : -ENOIOCTLCMD;
	if (ret == -ENOIOCTLCMD)
		ret = tty_mode_ioctl(tty, cmd, arg);
	if (ret == -ENOIOCTLCMD)
		ret = tty->ldisc->ioctl(tty, cmd, arg);
	return ret == -ENOIOCTLCMD ? -ENOTTY : ret;
}

#if __has_include(<linux/poll.h>)
static __poll_t tty_poll(struct file *file, poll_table *wait)
{
	struct tty_struct *tty = file_tty(file);

	if (tty_hung_up_p(file))
		return POLLIN | POLLOUT | POLLERR | POLLHUP | POLLRDNORM | POLLWRNORM;
	return tty->ldisc->poll ? tty->ldisc->poll(tty, file, wait) : 0;
}
#endif

static const struct file_operations tty_fops = {
	.llseek = no_llseek,
	.read = tty_read,
	.write = tty_write,
	.unlocked_ioctl = tty_ioctl,
#if __has_include(<linux/poll.h>)
	.poll = tty_poll,
#endif
	.open = tty_open,
	.release = tty_release,
};

void tty_default_fops(struct file_operations *fops)
{
	*fops = tty_fops;
}

/* /sys/class/tty/console/active: the console's terminal, e.g. "ttyS0". */
static ssize_t active_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	if (!console_driver)
		return sprintf(buf, "\n");
	return sprintf(buf, "%s%d\n", console_driver->name, console_index);
}
static DEVICE_ATTR_RO(active);

/* /dev/tty and /dev/console, and the tty class. */
static int __init tty_init(void)
{
	static struct cdev aux_cdev;
	dev_t dev = MKDEV(TTYAUX_MAJOR, 0);
	struct device *d;
	int ret;

	ret = register_chrdev_region(dev, 1, "/dev/tty");
	if (ret)
		return ret;
	ret = register_chrdev_region(dev + 1, 1, "/dev/console");
	if (ret)
		return ret;
	cdev_init(&aux_cdev, &tty_fops);
	ret = cdev_add(&aux_cdev, dev, 2);
	if (ret)
		return ret;
	ret = class_register(&tty_class);
	if (ret)
		return ret;
	d = device_create(&tty_class, NULL, dev, NULL, "tty");
	if (IS_ERR(d))
		return PTR_ERR(d);
	d = device_create(&tty_class, NULL, dev + 1, NULL, "console");
	if (IS_ERR(d))
		return PTR_ERR(d);
	return device_create_file(d, &dev_attr_active);
}
fs_initcall(tty_init);
