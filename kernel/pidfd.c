// SPDX-License-Identifier: GPL-2.0-only
/*
 * pidfds: pidfd_open(2), and the file that clone's CLONE_PIDFD,
 * pidfd_send_signal(2) (kernel/signal_sys.c) and waitid(P_PIDFD)
 * (kernel/exit.c) use.
 *
 * A pidfd is an anon_inodefs file ("anon_inode:[pidfd]") holding a
 * reference on the thread-group leader's task_struct, so it keeps naming
 * that process after its pid is freed and reused.  poll() reports it
 * readable (EPOLLIN) once every thread of the process has exited (the
 * leader is a zombie or reaped); pollers sleep on one wait queue that
 * every process exit wakes (pidfd_notify_exited() from do_notify_parent()).
 *
 * Not done: pidfd_getfd(2) (ENOSYS); the "Pid:" line of
 * /proc/<pid>/fdinfo; a thread other than the leader that
 * execs takes over the leader's pid but not its pidfds (they then report
 * the process as exited).
 *
 * Locking: the task reference is set once (before the fd is installed)
 * and dropped at release; the exit test reads exit_state and the thread
 * count locklessly (a poller rechecks after every wakeup).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/poll.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/anon_inodes.h>
#include <linux/pidfd.h>
#include <linux/syscalls.h>
#include <uapi/linux/fcntl.h>

static DECLARE_WAIT_QUEUE_HEAD(pidfd_wait);

static bool pidfd_process_exited(struct task_struct *p)
{
	return READ_ONCE(p->exit_state) && thread_group_empty(p);
}

static __poll_t pidfd_poll(struct file *file, poll_table *pt)
{
	struct task_struct *p = file->private_data;

	poll_wait(file, &pidfd_wait, pt);
	return (!p || pidfd_process_exited(p)) ? EPOLLIN | EPOLLRDNORM : 0;
}

static int pidfd_release(struct inode *inode, struct file *file)
{
	struct task_struct *p = file->private_data;

	if (p)
		put_task_struct(p);
	return 0;
}

static const struct file_operations pidfd_fops = {
	.poll = pidfd_poll,
	.release = pidfd_release,
};

struct file *pidfd_file_new(unsigned int flags)
{
	return anon_inode_getfile("[pidfd]", &pidfd_fops, NULL,
				  O_RDWR | O_CLOEXEC | (flags & PIDFD_NONBLOCK));
}

void pidfd_attach(struct file *file, struct task_struct *task)
{
	get_task_struct(task);
	file->private_data = task;
}

struct task_struct *pidfd_task(struct file *file)
{
	return file->f_op == &pidfd_fops ? file->private_data : NULL;
}

void pidfd_notify_exited(void)
{
	if (wq_has_sleeper(&pidfd_wait))
		wake_up_all(&pidfd_wait);
}

SYSCALL_DEFINE2(pidfd_open, pid_t, pid, unsigned int, flags)
{
	struct task_struct *p;
	struct file *file;
	int fd;

	if (flags & ~PIDFD_NONBLOCK)
		return -EINVAL;
	if (pid <= 0)
		return -EINVAL;
	p = get_pid_task_by_nr(pid);
	if (!p || !p->signal || (READ_ONCE(p->exit_state) & EXIT_DEAD)) {
		if (p)
			put_task_struct(p);
		return -ESRCH;
	}
	if (!thread_group_leader(p)) {
		put_task_struct(p);
		return -EINVAL;		/* Linux 6.1: only whole processes */
	}
	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0)
		goto out;
	file = pidfd_file_new(flags);
	if (IS_ERR(file)) {
		put_unused_fd(fd);
		fd = PTR_ERR(file);
		goto out;
	}
	pidfd_attach(file, p);
	fd_install(fd, file);
out:
	put_task_struct(p);
	return fd;
}
