/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * epoll's hook into the life of every file (fs/eventpoll.c).
 *
 * An epoll item does not pin the file it watches: when the file's last
 * reference goes, file_final_put() calls eventpoll_release() before
 * ->release, and every epoll instance forgets the file.  Closing one of
 * several descriptors of a file therefore changes nothing, as on Linux.
 */
#ifndef _LINUX_EVENTPOLL_H
#define _LINUX_EVENTPOLL_H

#include <linux/fs.h>
#include <linux/list.h>
#include <uapi/linux/eventpoll.h>

void eventpoll_release_file(struct file *file);

/*
 * The caller holds the last reference, so no item can be added any more;
 * the unlocked test only skips files nobody watches.
 */
static inline void eventpoll_release(struct file *file)
{
	if (!hlist_empty(&file->f_ep))
		eventpoll_release_file(file);
}

#endif /* _LINUX_EVENTPOLL_H */
