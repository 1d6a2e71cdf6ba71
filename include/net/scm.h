/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Socket control messages at level SOL_SOCKET that carry kernel objects
 * (net/core/scm.c): SCM_RIGHTS (open files) and SCM_CREDENTIALS (struct
 * ucred), as unix(7) and cmsg(3) describe them.
 *
 * Sending: scm_send() parses a sendmsg(2) control buffer (already a kernel
 * copy) into a struct scm_cookie, taking a reference on every file and
 * checking the credentials; scm_destroy() drops what a cookie holds.
 * Receiving: scm_detach_fds() installs a list's files as new descriptors
 * in the receiver and appends the SCM_RIGHTS message; what does not fit
 * the receiver's buffer is closed and MSG_CTRUNC set.
 */
#ifndef _NET_SCM_H
#define _NET_SCM_H

#include <linux/types.h>
#include <linux/socket.h>

struct file;
struct socket;

/* Most descriptors one message may carry (unix(7)). */
#define SCM_MAX_FD	253

struct scm_fp_list {
	int count;
	struct file *fp[SCM_MAX_FD];
};

struct scm_cookie {
	struct ucred creds;		/* the sender's, or what it asked to send */
	bool creds_given;		/* SCM_CREDENTIALS was in the message */
	struct scm_fp_list *fp;		/* SCM_RIGHTS files, or NULL */
};

/* Parse @msg's control buffer; 0 or -EINVAL/-EBADF/-EPERM/-ENOMEM. */
int scm_send(struct socket *sock, struct msghdr *msg, struct scm_cookie *scm);
void scm_destroy(struct scm_cookie *scm);
/* The sending task's own pid/uid/gid. */
void scm_current_creds(struct ucred *uc);

struct scm_fp_list *scm_fp_dup(const struct scm_fp_list *fpl);
void scm_fp_free(struct scm_fp_list *fpl);
/*
 * Hand the files of @fpl to the receiver (O_CLOEXEC if @flags has
 * MSG_CMSG_CLOEXEC) and free @fpl.  0 or -EFAULT.
 */
int scm_detach_fds(struct msghdr *msg, struct scm_fp_list *fpl, int flags);

#endif /* _NET_SCM_H */
