// SPDX-License-Identifier: GPL-2.0-only
/*
 * Control messages: put_cmsg() for every receiver, and the SOL_SOCKET
 * messages that carry kernel objects (SCM_RIGHTS, SCM_CREDENTIALS) for
 * AF_UNIX.
 *
 * Interface: put_cmsg() (include/linux/socket.h); scm_send(),
 * scm_destroy(), scm_detach_fds() and the file-list helpers
 * (include/net/scm.h).
 *
 * Locking: none; a cookie belongs to one system call.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/net.h>
#include <net/scm.h>
#include <asm/uaccess.h>

/* Write @len bytes at the current end of the control buffer. */
static int control_write(struct msghdr *msg, size_t at, const void *src, size_t len)
{
	char *dst = (char *)msg->msg_control + at;

	if (!msg->msg_control_is_user) {
		memcpy(dst, src, len);
		return 0;
	}
	return copy_to_user(dst, src, len) ? -EFAULT : 0;
}

int put_cmsg(struct msghdr *msg, int level, int type, int len, const void *data)
{
	size_t room = msg->msg_controllen;
	size_t want = CMSG_LEN(len), used;
	struct cmsghdr h;

	if (!msg->msg_control || room < sizeof(struct cmsghdr)) {
		msg->msg_flags |= MSG_CTRUNC;
		return 0;
	}
	if (want > room) {
		msg->msg_flags |= MSG_CTRUNC;
		want = room;
	}
	h.cmsg_len = want;
	h.cmsg_level = level;
	h.cmsg_type = type;
	if (control_write(msg, 0, &h, sizeof(h)) ||
	    control_write(msg, CMSG_LEN(0), data, want - CMSG_LEN(0)))
		return -EFAULT;
	used = min(CMSG_SPACE(len), room);
	msg->msg_control = (char *)msg->msg_control + used;
	msg->msg_controllen -= used;
	return 0;
}

/* ------------------------------------------------------------ sending */

void scm_current_creds(struct ucred *uc)
{
	const struct cred *c = current_cred();

	uc->pid = current->tgid;
	uc->uid = c->euid;
	uc->gid = c->egid;
}

/* unix(7): a sender may claim only its own ids unless privileged. */
static int creds_allowed(const struct ucred *uc)
{
	const struct cred *c = current_cred();

	if (uc->pid != (u32)current->tgid && !capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (uc->uid != c->uid && uc->uid != c->euid && uc->uid != c->suid &&
	    !capable(CAP_SETUID))
		return -EPERM;
	if (uc->gid != c->gid && uc->gid != c->egid && uc->gid != c->sgid &&
	    !capable(CAP_SETGID))
		return -EPERM;
	return 0;
}

static int add_rights(struct scm_cookie *scm, const struct cmsghdr *c)
{
	int n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
	const int *fds = (const int *)CMSG_DATA(c);
	struct scm_fp_list *fpl = scm->fp;
	int i;

	if (n <= 0)
		return 0;
	if (!fpl) {
		fpl = kzalloc(sizeof(*fpl), GFP_KERNEL);
		if (!fpl)
			return -ENOMEM;
		scm->fp = fpl;
	}
	if (fpl->count + n > SCM_MAX_FD)
		return -EINVAL;
	for (i = 0; i < n; i++) {
		struct file *f = fget(fds[i]);

		if (!f)
			return -EBADF;
		fpl->fp[fpl->count++] = f;
	}
	return 0;
}

int scm_send(struct socket *sock, struct msghdr *msg, struct scm_cookie *scm)
{
	void *ctl = msg->msg_control;
	size_t len = msg->msg_controllen;
	struct cmsghdr *c;
	int err;

	memset(scm, 0, sizeof(*scm));
	scm_current_creds(&scm->creds);
	if (!ctl || !len)
		return 0;
	for (c = cmsg_first(ctl, len); c; c = cmsg_next(ctl, len, c)) {
		err = -EINVAL;
		if (!cmsg_ok(ctl, len, c))
			goto fail;
		if (c->cmsg_level != SOL_SOCKET)
			continue;
		switch (c->cmsg_type) {
		case SCM_RIGHTS:
			err = add_rights(scm, c);
			break;
		case SCM_CREDENTIALS:
			if (c->cmsg_len != CMSG_LEN(sizeof(struct ucred)))
				goto fail;
			memcpy(&scm->creds, CMSG_DATA(c), sizeof(struct ucred));
			err = creds_allowed(&scm->creds);
			scm->creds_given = true;
			break;
		default:
			err = -EINVAL;
			break;
		}
		if (err)
			goto fail;
	}
	return 0;
fail:
	scm_destroy(scm);
	return err;
}

void scm_fp_free(struct scm_fp_list *fpl)
{
	int i;

	if (!fpl)
		return;
	for (i = 0; i < fpl->count; i++)
		fput(fpl->fp[i]);
	kfree(fpl);
}

struct scm_fp_list *scm_fp_dup(const struct scm_fp_list *fpl)
{
	struct scm_fp_list *copy = kmalloc(sizeof(*copy), GFP_KERNEL);
	int i;

	if (!copy)
		return NULL;
	copy->count = fpl->count;
	for (i = 0; i < fpl->count; i++)
		copy->fp[i] = get_file(fpl->fp[i]);
	return copy;
}

void scm_destroy(struct scm_cookie *scm)
{
	scm_fp_free(scm->fp);
	scm->fp = NULL;
}

/* ---------------------------------------------------------- receiving */

int scm_detach_fds(struct msghdr *msg, struct scm_fp_list *fpl, int flags)
{
	int room = 0, n, i, err = 0;
	int *fds;

	if (msg->msg_control && msg->msg_controllen > CMSG_LEN(0))
		room = (msg->msg_controllen - CMSG_LEN(0)) / sizeof(int);
	n = min(room, fpl->count);
	fds = kmalloc(max(n, 1) * sizeof(int), GFP_KERNEL);
	if (!fds) {
		n = 0;
		err = -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		int fd = get_unused_fd_flags(flags & MSG_CMSG_CLOEXEC ? O_CLOEXEC : 0);

		if (fd < 0)
			break;
		fd_install(fd, fpl->fp[i]);
		fpl->fp[i] = NULL;
		fds[i] = fd;
	}
	n = i;
	if (n) {
		err = put_cmsg(msg, SOL_SOCKET, SCM_RIGHTS, n * sizeof(int), fds);
	}
	/* What could not be delivered is closed. */
	if (n < fpl->count)
		msg->msg_flags |= MSG_CTRUNC;
	for (i = n; i < fpl->count; i++)
		fput(fpl->fp[i]);
	kfree(fds);
	kfree(fpl);
	return err;
}
