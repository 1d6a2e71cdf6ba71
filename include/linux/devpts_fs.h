/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * devpts: the file system on /dev/pts that shows one node per open
 * pseudo-terminal (fs/devpts/inode.c), and the numbers the pty driver
 * (drivers/tty/pty.c) shares with it.
 *
 *   idx = devpts_new_index();           a free pty number, or -ENOSPC
 *   dentry = devpts_pty_new(idx);       /dev/pts/<idx>, owned by the caller
 *   devpts_pty_kill(dentry);            the master closed: the name goes
 *   devpts_kill_index(idx);             both sides closed: idx is free again
 */
#ifndef _LINUX_DEVPTS_FS_H
#define _LINUX_DEVPTS_FS_H

#include <linux/types.h>

struct dentry;

/*
 * Ptys the kernel can have at once: the size of the pty driver's tables.
 * Linux's kernel.pty.max defaults to 4096 as well (it allows more).
 */
#define NR_UNIX98_PTY_MAX	4096

#define UNIX98_PTY_MASTER_MAJOR	128	/* Linux's; the masters have no nodes */
#define UNIX98_PTY_SLAVE_MAJOR	136	/* /dev/pts/N is 136:N */

/* /dev/ptmx (the same as /dev/pts/ptmx) */
#define PTMX_MAJOR		5
#define PTMX_MINOR		2

struct file;

int devpts_new_index(void);
void devpts_kill_index(int idx);
struct dentry *devpts_pty_new(int idx);
void devpts_pty_kill(struct dentry *dentry);
/* Open the node dentry names, as open(2) with flags would (TIOCGPTPEER). */
struct file *devpts_open_pty(struct dentry *dentry, int flags);

#endif /* _LINUX_DEVPTS_FS_H */
