// SPDX-License-Identifier: GPL-2.0-only
/*
 * The BSD socket system calls and sockfs.
 *
 * Every socket is an S_IFSOCK inode on the internal "sockfs" plus a
 * struct socket (include/linux/net.h) that holds the address family's
 * operations.  This file turns each socket system call (socket(2),
 * bind(2), sendmsg(2)...) into calls of those operations: it finds the
 * socket from the descriptor, copies addresses, option values, message
 * headers and control data between user space and kernel buffers, checks
 * lengths, and applies the rules every family shares (SIGPIPE on EPIPE,
 * the listen backlog cap, non-blocking mode from the file's flags).
 * The families never see a user pointer except through msg_iter and a
 * receive's msg_control.
 *
 * Interface: the system calls; sock_register(); the socket object
 * helpers and the kernel_*() calls of net.h for in-kernel users.
 *
 * Locking: the family table is guarded by family_lock (a spinlock); a
 * registered family is never unregistered while sockets of it exist
 * (there are no modules).  Nothing else here takes a lock: each ops call
 * does its own locking (lock_sock()).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/mount.h>
#include <linux/dcache.h>
#include <linux/poll.h>
#include <linux/uio.h>
#include <linux/net.h>
#include <linux/socket.h>
#include <linux/netdevice.h>
#include <linux/signal.h>
#include <linux/syscalls.h>
#include <linux/sched.h>
#include <linux/time.h>
#include <linux/jiffies.h>
#include <linux/proc_fs.h>
#include <linux/panic.h>
#include <uapi/linux/magic.h>
#include <uapi/linux/sockios.h>
#include <net/sock.h>
#include <net/ip.h>
#include <asm/uaccess.h>

/* Largest control buffer sendmsg(2) copies in. */
#define SEND_CONTROL_MAX	(64 * 1024)
/* socket(2)'s type must be below this once the flags are off. */
#define SOCK_TYPE_LIMIT		11

/* A struct socket and the sockfs inode that stands for it. */
struct sockfs_entry {
	struct socket sock;
	struct inode *inode;
};

static struct vfsmount *sockfs_mnt;
static const struct net_proto_family *families[AF_MAX];
static DEFINE_SPINLOCK(family_lock);

struct proc_dir_entry *proc_net;

static const struct file_operations socket_file_ops;

static inline struct sockfs_entry *entry_of(struct socket *sock)
{
	return container_of(sock, struct sockfs_entry, sock);
}

/* ------------------------------------------------------- family table */

int sock_register(const struct net_proto_family *fam)
{
	int err = 0;

	if (fam->family <= AF_UNSPEC || fam->family >= AF_MAX)
		return -EINVAL;
	spin_lock(&family_lock);
	if (families[fam->family])
		err = -EEXIST;
	else
		families[fam->family] = fam;
	spin_unlock(&family_lock);
	return err;
}

void sock_unregister(int family)
{
	if (family <= AF_UNSPEC || family >= AF_MAX)
		return;
	spin_lock(&family_lock);
	families[family] = NULL;
	spin_unlock(&family_lock);
}

static const struct net_proto_family *family_find(int family)
{
	const struct net_proto_family *fam;

	spin_lock(&family_lock);
	fam = families[family];
	spin_unlock(&family_lock);
	return fam;
}

/* ---------------------------------------------------- socket objects */

struct socket *SOCKET_I(struct inode *inode)
{
	if (inode->i_sb != sockfs_mnt->mnt_sb)
		return NULL;
	return inode->i_private;
}

struct socket *sock_alloc(void)
{
	struct sockfs_entry *ent = kzalloc(sizeof(*ent), GFP_KERNEL);
	struct inode *inode;

	if (!ent)
		return NULL;
	inode = new_inode(sockfs_mnt->mnt_sb);
	if (!inode) {
		kfree(ent);
		return NULL;
	}
	inode->i_ino = get_next_ino();
	inode_init_owner(inode, NULL, S_IFSOCK | 0777);
	inode->i_atime = inode->i_mtime = inode->i_ctime = current_time(inode);
	inode->i_private = &ent->sock;
	ent->inode = inode;
	ent->sock.state = SS_UNCONNECTED;
	init_waitqueue_head(&ent->sock.wait);
	return &ent->sock;
}

/* The inode number /proc/<pid>/fd and /proc/net files show. */
static unsigned long sock_ino(struct socket *sock)
{
	return entry_of(sock)->inode->i_ino;
}

/*
 * Give the family its last call and free the socket.  A socket with a
 * file goes when the file does (sock_file_release); the inode goes with
 * the file's dentry.  A kernel socket owns its inode directly.
 */
void sock_release(struct socket *sock)
{
	struct sockfs_entry *ent = entry_of(sock);

	if (sock->ops && sock->ops->release)
		sock->ops->release(sock);
	sock->ops = NULL;
	sock->sk = NULL;
	ent->inode->i_private = NULL;
	if (!sock->file)
		iput(ent->inode);
	kfree(ent);
}

static int sock_create_common(int family, int type, int protocol,
			      struct socket **res, int kern)
{
	const struct net_proto_family *fam;
	struct socket *sock;
	int err;

	if (family < 0 || family >= AF_MAX)
		return -EAFNOSUPPORT;
	if (type < 0 || type >= SOCK_TYPE_LIMIT)
		return -EINVAL;
	fam = family_find(family);
	if (!fam)
		return -EAFNOSUPPORT;
	sock = sock_alloc();
	if (!sock)
		return -ENFILE;
	sock->type = type;
	err = fam->create(sock, protocol, kern);
	if (err) {
		/* The family set nothing up, or undid it: do not call ->release. */
		sock->ops = NULL;
		sock_release(sock);
		return err;
	}
	if (sock->sk)
		sock->sk->sk_ino = sock_ino(sock);
	*res = sock;
	return 0;
}

int sock_create(int family, int type, int protocol, struct socket **res)
{
	return sock_create_common(family, type, protocol, res, 0);
}

int sock_create_kern(int family, int type, int protocol, struct socket **res)
{
	return sock_create_common(family, type, protocol, res, 1);
}

/* On failure the socket is released (the caller must not touch it again). */
struct file *sock_alloc_file(struct socket *sock, int flags, const char *dname)
{
	struct file *file;

	file = alloc_file_pseudo(entry_of(sock)->inode, sockfs_mnt, dname ? dname : "",
				 O_RDWR | (flags & O_NONBLOCK), &socket_file_ops);
	if (IS_ERR(file)) {
		sock_release(sock);
		return file;
	}
	file->private_data = sock;
	sock->file = file;
	stream_open(entry_of(sock)->inode, file);
	return file;
}

int sock_map_fd(struct socket *sock, int flags)
{
	struct file *file;
	int fd = get_unused_fd_flags(flags & O_CLOEXEC);

	if (fd < 0) {
		sock_release(sock);
		return fd;
	}
	file = sock_alloc_file(sock, flags, NULL);
	if (IS_ERR(file)) {
		put_unused_fd(fd);
		return PTR_ERR(file);
	}
	fd_install(fd, file);
	return fd;
}

struct socket *sock_from_file(struct file *file)
{
	if (file->f_op == &socket_file_ops)
		return file->private_data;
	return NULL;
}

struct socket *sockfd_lookup(int fd, int *err)
{
	struct file *file = fget(fd);
	struct socket *sock;

	if (!file) {
		*err = -EBADF;
		return NULL;
	}
	sock = sock_from_file(file);
	if (!sock) {
		*err = -ENOTSOCK;
		fput(file);
	}
	return sock;
}

void sockfd_put(struct socket *sock)
{
	fput(sock->file);
}

/* Non-blocking?  A kernel socket without a file always blocks. */
static int sock_file_flags(struct socket *sock)
{
	return sock->file ? READ_ONCE(sock->file->f_flags) : 0;
}

/* ------------------------------------------------------ send / receive */

int sock_sendmsg(struct socket *sock, struct msghdr *msg)
{
	if (!sock->ops || !sock->ops->sendmsg)
		return -EOPNOTSUPP;
	return sock->ops->sendmsg(sock, msg, iov_iter_count(&msg->msg_iter));
}

int sock_recvmsg(struct socket *sock, struct msghdr *msg, int flags)
{
	if (!sock->ops || !sock->ops->recvmsg)
		return -EOPNOTSUPP;
	return sock->ops->recvmsg(sock, msg, iov_iter_count(&msg->msg_iter), flags);
}

/*
 * A send on behalf of a user call: non-blocking from the file, and a
 * broken stream raises SIGPIPE unless the caller asked not to.
 */
static int user_sendmsg(struct socket *sock, struct msghdr *msg)
{
	int ret;

	if (sock_file_flags(sock) & O_NONBLOCK)
		msg->msg_flags |= MSG_DONTWAIT;
	ret = sock_sendmsg(sock, msg);
	/* As on Linux, only byte streams raise SIGPIPE. */
	if (ret == -EPIPE && sock->type == SOCK_STREAM && !(msg->msg_flags & MSG_NOSIGNAL))
		send_sig(SIGPIPE, current, 0);
	return ret;
}

static int user_recvmsg(struct socket *sock, struct msghdr *msg, int flags)
{
	if (sock_file_flags(sock) & O_NONBLOCK)
		flags |= MSG_DONTWAIT;
	msg->msg_flags = 0;
	return sock_recvmsg(sock, msg, flags);
}

/* --------------------------------------------------------- file ops */

static ssize_t sock_read_iter(struct kiocb *iocb, struct iov_iter *to)
{
	struct socket *sock = iocb->ki_filp->private_data;
	struct sockaddr_storage addr;
	struct msghdr msg = {
		.msg_name = &addr,
		.msg_iter = *to,
	};
	int ret;

	if (!iov_iter_count(to))
		return 0;
	ret = user_recvmsg(sock, &msg, 0);
	if (ret > 0)
		*to = msg.msg_iter;
	return ret;
}

static ssize_t sock_write_iter(struct kiocb *iocb, struct iov_iter *from)
{
	struct socket *sock = iocb->ki_filp->private_data;
	struct msghdr msg = { .msg_iter = *from };
	int ret;

	ret = user_sendmsg(sock, &msg);
	if (ret > 0)
		*from = msg.msg_iter;
	return ret;
}

static __poll_t sock_poll(struct file *file, poll_table *wait)
{
	struct socket *sock = file->private_data;

	if (!sock->ops || !sock->ops->poll)
		return 0;
	return sock->ops->poll(file, sock, wait);
}

static bool is_interface_ioctl(unsigned int cmd)
{
	return cmd >= 0x8900 && cmd <= 0x89ff;
}

static long sock_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct socket *sock = file->private_data;
	long ret = -ENOIOCTLCMD;

	if (sock->ops && sock->ops->ioctl)
		ret = sock->ops->ioctl(sock, cmd, arg);
	if (ret != -ENOIOCTLCMD)
		return ret;
	if (is_interface_ioctl(cmd))
		return dev_ioctl(cmd, (void *)arg);
	return -ENOIOCTLCMD;
}

static int sock_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct socket *sock = file->private_data;

	if (!sock->ops || !sock->ops->mmap)
		return -ENODEV;
	return sock->ops->mmap(file, sock, vma);
}

static int sock_file_release(struct inode *inode, struct file *file)
{
	struct socket *sock = file->private_data;

	if (sock)
		sock_release(sock);
	return 0;
}

static const struct file_operations socket_file_ops = {
	.llseek = no_llseek,
	.read_iter = sock_read_iter,
	.write_iter = sock_write_iter,
	.poll = sock_poll,
	.unlocked_ioctl = sock_ioctl,
	.mmap = sock_mmap,
	.release = sock_file_release,
};

/* -------------------------------------------------- address copying */

int move_addr_to_kernel(const void *uaddr, int ulen, struct sockaddr_storage *kaddr)
{
	if (ulen < 0 || ulen > (int)sizeof(*kaddr))
		return -EINVAL;
	if (ulen == 0)
		return 0;
	if (copy_from_user(kaddr, uaddr, ulen))
		return -EFAULT;
	return 0;
}

/*
 * Hand @klen bytes of address back: as much as the user's *@ulenp has
 * room for, and the full length in *@ulenp.
 */
static int move_addr_to_user(const struct sockaddr_storage *kaddr, int klen,
			     void *uaddr, int *ulenp)
{
	int room;

	if (get_user(room, ulenp))
		return -EFAULT;
	if (room < 0)
		return -EINVAL;
	if (klen > (int)sizeof(*kaddr))
		klen = sizeof(*kaddr);
	if (klen > 0 && room > 0 &&
	    copy_to_user(uaddr, kaddr, min(room, klen)))
		return -EFAULT;
	if (put_user(klen, ulenp))
		return -EFAULT;
	return 0;
}

/* -------------------------------------------------------- system calls */

static int check_sock_flags(int flags)
{
	return (flags & ~(SOCK_CLOEXEC | SOCK_NONBLOCK)) ? -EINVAL : 0;
}

static long do_socket(int family, int type, int protocol)
{
	int flags = type & ~SOCK_TYPE_MASK;
	struct socket *sock;
	int err;

	if (check_sock_flags(flags))
		return -EINVAL;
	err = sock_create(family, type & SOCK_TYPE_MASK, protocol, &sock);
	if (err)
		return err;
	return sock_map_fd(sock, flags);
}

SYSCALL_DEFINE3(socket, int, family, int, type, int, protocol)
{
	return do_socket(family, type, protocol);
}

/* Two new files for a pair; on failure everything is gone. */
static int pair_files(struct socket *a, struct socket *b, int flags, struct file **fa,
		      struct file **fb)
{
	*fa = sock_alloc_file(a, flags, NULL);
	if (IS_ERR(*fa)) {
		sock_release(b);
		return PTR_ERR(*fa);
	}
	*fb = sock_alloc_file(b, flags, NULL);
	if (IS_ERR(*fb)) {
		fput(*fa);
		return PTR_ERR(*fb);
	}
	return 0;
}

SYSCALL_DEFINE4(socketpair, int, family, int, type, int, protocol, int *, usv)
{
	int flags = type & ~SOCK_TYPE_MASK;
	struct socket *a, *b;
	struct file *fa = NULL, *fb = NULL;
	int fds[2], err;

	if (check_sock_flags(flags))
		return -EINVAL;
	err = sock_create(family, type & SOCK_TYPE_MASK, protocol, &a);
	if (err)
		return err;
	err = sock_create(family, type & SOCK_TYPE_MASK, protocol, &b);
	if (err) {
		sock_release(a);
		return err;
	}
	err = a->ops->socketpair ? a->ops->socketpair(a, b) : -EOPNOTSUPP;
	if (err) {
		sock_release(a);
		sock_release(b);
		return err;
	}
	err = pair_files(a, b, flags, &fa, &fb);
	if (err)
		return err;
	fds[0] = get_unused_fd_flags(flags & O_CLOEXEC);
	if (fds[0] < 0) {
		err = fds[0];
		goto out_files;
	}
	fds[1] = get_unused_fd_flags(flags & O_CLOEXEC);
	if (fds[1] < 0) {
		err = fds[1];
		goto out_fd0;
	}
	if (copy_to_user(usv, fds, sizeof(fds))) {
		err = -EFAULT;
		put_unused_fd(fds[1]);
		goto out_fd0;
	}
	fd_install(fds[0], fa);
	fd_install(fds[1], fb);
	return 0;

out_fd0:
	put_unused_fd(fds[0]);
out_files:
	fput(fa);
	fput(fb);
	return err;
}

SYSCALL_DEFINE3(bind, int, fd, void *, umyaddr, int, addrlen)
{
	struct sockaddr_storage addr;
	struct socket *sock;
	int err;

	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	err = move_addr_to_kernel(umyaddr, addrlen, &addr);
	if (!err)
		err = kernel_bind(sock, (struct sockaddr *)&addr, addrlen);
	sockfd_put(sock);
	return err;
}

SYSCALL_DEFINE2(listen, int, fd, int, backlog)
{
	struct socket *sock;
	int err;

	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	err = kernel_listen(sock, backlog);
	sockfd_put(sock);
	return err;
}

static long do_accept(int fd, void *upeer, int *upeer_len, int flags)
{
	struct sockaddr_storage addr;
	struct socket *sock, *newsock;
	struct file *newfile;
	int err, newfd, len;

	if (check_sock_flags(flags))
		return -EINVAL;
	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	err = -EOPNOTSUPP;
	if (!sock->ops->accept)
		goto out_put;
	err = -ENFILE;
	newsock = sock_alloc();
	if (!newsock)
		goto out_put;
	newsock->type = sock->type;
	newsock->ops = sock->ops;

	newfd = get_unused_fd_flags(flags & O_CLOEXEC);
	if (newfd < 0) {
		err = newfd;
		newsock->ops = NULL;
		sock_release(newsock);
		goto out_put;
	}
	err = sock->ops->accept(sock, newsock, sock_file_flags(sock) & O_NONBLOCK, false);
	if (err) {
		newsock->ops = NULL;
		sock_release(newsock);
		goto out_fd;
	}
	if (newsock->sk)
		newsock->sk->sk_ino = sock_ino(newsock);
	newfile = sock_alloc_file(newsock, flags, NULL);
	if (IS_ERR(newfile)) {
		err = PTR_ERR(newfile);
		goto out_fd;
	}
	if (upeer) {
		len = newsock->ops->getname(newsock, (struct sockaddr *)&addr, 1);
		if (len < 0) {
			err = -ECONNABORTED;
			fput(newfile);
			goto out_fd;
		}
		err = move_addr_to_user(&addr, len, upeer, upeer_len);
		if (err) {
			fput(newfile);
			goto out_fd;
		}
	}
	fd_install(newfd, newfile);
	sockfd_put(sock);
	return newfd;

out_fd:
	put_unused_fd(newfd);
out_put:
	sockfd_put(sock);
	return err;
}

SYSCALL_DEFINE3(accept, int, fd, void *, upeer, int *, upeer_len)
{
	return do_accept(fd, upeer, upeer_len, 0);
}

SYSCALL_DEFINE4(accept4, int, fd, void *, upeer, int *, upeer_len, int, flags)
{
	return do_accept(fd, upeer, upeer_len, flags);
}

SYSCALL_DEFINE3(connect, int, fd, void *, uservaddr, int, addrlen)
{
	struct sockaddr_storage addr;
	struct socket *sock;
	int err;

	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	err = move_addr_to_kernel(uservaddr, addrlen, &addr);
	if (!err)
		err = kernel_connect(sock, (struct sockaddr *)&addr, addrlen,
				     sock_file_flags(sock));
	sockfd_put(sock);
	return err;
}

static long do_getname(int fd, void *usockaddr, int *usockaddr_len, int peer)
{
	struct sockaddr_storage addr;
	struct socket *sock;
	int err, len;

	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	memset(&addr, 0, sizeof(addr));
	len = sock->ops->getname ? sock->ops->getname(sock, (struct sockaddr *)&addr, peer)
				 : -EOPNOTSUPP;
	if (len < 0)
		err = len;
	else
		err = move_addr_to_user(&addr, len, usockaddr, usockaddr_len);
	sockfd_put(sock);
	return err;
}

SYSCALL_DEFINE3(getsockname, int, fd, void *, usockaddr, int *, usockaddr_len)
{
	return do_getname(fd, usockaddr, usockaddr_len, 0);
}

SYSCALL_DEFINE3(getpeername, int, fd, void *, usockaddr, int *, usockaddr_len)
{
	return do_getname(fd, usockaddr, usockaddr_len, 1);
}

SYSCALL_DEFINE6(sendto, int, fd, void *, buff, size_t, len, unsigned int, flags,
		void *, addr, int, addr_len)
{
	struct sockaddr_storage kaddr;
	struct msghdr msg = { .msg_flags = flags };
	struct socket *sock;
	int err;

	err = import_single_range(ITER_SOURCE, buff, len, &msg.msg_iter);
	if (err)
		return err;
	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	if (addr) {
		err = move_addr_to_kernel(addr, addr_len, &kaddr);
		if (err)
			goto out;
		msg.msg_name = &kaddr;
		msg.msg_namelen = addr_len;
	}
	err = user_sendmsg(sock, &msg);
out:
	sockfd_put(sock);
	return err;
}

SYSCALL_DEFINE6(recvfrom, int, fd, void *, ubuf, size_t, size, unsigned int, flags,
		void *, addr, int *, addr_len)
{
	struct sockaddr_storage kaddr;
	struct msghdr msg = { .msg_name = &kaddr };
	struct socket *sock;
	int err, ret;

	err = import_single_range(ITER_DEST, ubuf, size, &msg.msg_iter);
	if (err)
		return err;
	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	ret = user_recvmsg(sock, &msg, flags);
	if (ret >= 0 && addr) {
		err = move_addr_to_user(&kaddr, msg.msg_namelen, addr, addr_len);
		if (err)
			ret = err;
	}
	sockfd_put(sock);
	return ret;
}

SYSCALL_DEFINE5(setsockopt, int, fd, int, level, int, optname, char *, optval,
		int, optlen)
{
	struct socket *sock;
	void *kval = NULL;
	int err;

	if (optlen < 0)
		return -EINVAL;
	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	if (optlen > SOCKOPT_MAX_LEN)
		optlen = SOCKOPT_MAX_LEN;
	if (optlen) {
		err = -ENOMEM;
		kval = kmalloc(optlen, GFP_KERNEL);
		if (!kval)
			goto out;
		err = -EFAULT;
		if (copy_from_user(kval, optval, optlen))
			goto out;
	}
	err = kernel_setsockopt(sock, level, optname, kval, optlen);
out:
	kfree(kval);
	sockfd_put(sock);
	return err;
}

/* SOL_SOCKET goes to the generic code first, then to a family that knows more. */
static int do_getsockopt(struct socket *sock, int level, int optname, void *kval, int *len)
{
	int err = -ENOPROTOOPT;

	if (level == SOL_SOCKET) {
		err = sock_getsockopt(sock, level, optname, kval, len);
		if (err != -ENOPROTOOPT)
			return err;
	}
	if (sock->ops->getsockopt)
		err = sock->ops->getsockopt(sock, level, optname, kval, len);
	else if (level != SOL_SOCKET)
		err = -EOPNOTSUPP;
	return err;
}

SYSCALL_DEFINE5(getsockopt, int, fd, int, level, int, optname, char *, optval,
		int *, optlen)
{
	struct socket *sock;
	int room, len, err;
	void *kval;

	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	err = -EFAULT;
	if (get_user(room, optlen))
		goto out;
	err = -EINVAL;
	if (room < 0)
		goto out;
	len = min(room, SOCKOPT_MAX_LEN);
	err = -ENOMEM;
	kval = kzalloc(SOCKOPT_MAX_LEN, GFP_KERNEL);
	if (!kval)
		goto out;
	err = do_getsockopt(sock, level, optname, kval, &len);
	if (!err) {
		if (len > room)
			len = room;
		if (len > 0 && copy_to_user(optval, kval, len))
			err = -EFAULT;
		else if (put_user(len, optlen))
			err = -EFAULT;
	}
	kfree(kval);
out:
	sockfd_put(sock);
	return err;
}

SYSCALL_DEFINE2(shutdown, int, fd, int, how)
{
	struct socket *sock;
	int err;

	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	err = kernel_sock_shutdown(sock, how);
	sockfd_put(sock);
	return err;
}

/* ------------------------------------------------ sendmsg / recvmsg */

/* What one user msghdr becomes on the way in; freed by msg_release(). */
struct msg_in {
	struct msghdr msg;
	struct sockaddr_storage addr;
	struct iovec fast[UIO_FASTIOV];
	struct iovec *iov;		/* a longer copy to free, or NULL */
	void *kcontrol;			/* sendmsg's control copy, or NULL */
	void *uname;			/* recvmsg: where the address goes */
	struct user_msghdr umsg;
};

static void msg_release(struct msg_in *m)
{
	kfree(m->iov);
	kfree(m->kcontrol);
	m->iov = NULL;
	m->kcontrol = NULL;
}

/* Copy in a user_msghdr; @dir: ITER_SOURCE (send) or ITER_DEST (receive). */
static int msg_import(struct msg_in *m, const struct user_msghdr *umsg, int dir)
{
	ssize_t total;
	int err;

	memset(&m->msg, 0, sizeof(m->msg));
	m->iov = NULL;
	m->kcontrol = NULL;
	if (copy_from_user(&m->umsg, umsg, sizeof(m->umsg)))
		return -EFAULT;
	/* A negative length is an error; a longer one is as long as any address. */
	if (m->umsg.msg_namelen < 0)
		return -EINVAL;
	if (m->umsg.msg_namelen > (int)sizeof(m->addr))
		m->umsg.msg_namelen = sizeof(m->addr);
	m->uname = m->umsg.msg_name;
	m->msg.msg_name = &m->addr;
	if (dir == ITER_SOURCE) {
		if (m->umsg.msg_name) {
			err = move_addr_to_kernel(m->umsg.msg_name, m->umsg.msg_namelen, &m->addr);
			if (err)
				return err;
			m->msg.msg_namelen = m->umsg.msg_namelen;
		} else {
			m->msg.msg_name = NULL;
		}
	}
	if (m->umsg.msg_iovlen > UIO_MAXIOV)
		return -EMSGSIZE;
	m->iov = m->fast;
	total = import_iovec(dir, m->umsg.msg_iov, m->umsg.msg_iovlen, UIO_FASTIOV,
			     &m->iov, &m->msg.msg_iter);
	if (total < 0) {
		m->iov = NULL;
		return total;
	}
	if (dir == ITER_SOURCE) {
		size_t clen = m->umsg.msg_controllen;

		if (clen > SEND_CONTROL_MAX)
			return -ENOBUFS;
		if (clen) {
			m->kcontrol = kmalloc(clen, GFP_KERNEL);
			if (!m->kcontrol)
				return -ENOMEM;
			if (copy_from_user(m->kcontrol, m->umsg.msg_control, clen))
				return -EFAULT;
		}
		m->msg.msg_control = m->kcontrol;
		m->msg.msg_controllen = clen;
	} else {
		m->msg.msg_control = m->umsg.msg_control;
		m->msg.msg_controllen = m->umsg.msg_controllen;
		m->msg.msg_control_is_user = true;
	}
	return 0;
}

static long do_sendmsg_one(struct socket *sock, struct user_msghdr *umsg, unsigned int flags)
{
	struct msg_in *m = kmalloc(sizeof(*m), GFP_KERNEL);
	long ret;

	if (!m)
		return -ENOMEM;
	ret = msg_import(m, umsg, ITER_SOURCE);
	if (!ret) {
		m->msg.msg_flags = flags;
		ret = user_sendmsg(sock, &m->msg);
	}
	msg_release(m);
	kfree(m);
	return ret;
}

static long do_recvmsg_one(struct socket *sock, struct user_msghdr *umsg, unsigned int flags)
{
	struct msg_in *m = kmalloc(sizeof(*m), GFP_KERNEL);
	long ret;
	int err;

	if (!m)
		return -ENOMEM;
	ret = msg_import(m, umsg, ITER_DEST);
	if (ret)
		goto out;
	m->msg.msg_flags = 0;
	if (sock_file_flags(sock) & O_NONBLOCK)
		flags |= MSG_DONTWAIT;
	ret = sock_recvmsg(sock, &m->msg, flags);
	if (ret < 0)
		goto out;
	if (m->uname) {
		err = move_addr_to_user(&m->addr, m->msg.msg_namelen, m->uname,
					&umsg->msg_namelen);
		if (err) {
			ret = err;
			goto out;
		}
	}
	err = put_user(m->msg.msg_flags & ~MSG_CMSG_CLOEXEC, &umsg->msg_flags);
	if (!err)
		err = put_user((__kernel_ulong_t)(m->umsg.msg_controllen - m->msg.msg_controllen),
			       &umsg->msg_controllen);
	if (err)
		ret = -EFAULT;
out:
	msg_release(m);
	kfree(m);
	return ret;
}

SYSCALL_DEFINE3(sendmsg, int, fd, struct user_msghdr *, umsg, unsigned int, flags)
{
	struct socket *sock;
	long ret;
	int err;

	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	ret = do_sendmsg_one(sock, umsg, flags);
	sockfd_put(sock);
	return ret;
}

SYSCALL_DEFINE3(recvmsg, int, fd, struct user_msghdr *, umsg, unsigned int, flags)
{
	struct socket *sock;
	long ret;
	int err;

	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	ret = do_recvmsg_one(sock, umsg, flags);
	sockfd_put(sock);
	return ret;
}

/* sendmmsg(2): the count sent, or the first error if none was. */
SYSCALL_DEFINE4(sendmmsg, int, fd, struct mmsghdr *, vec, unsigned int, vlen,
		unsigned int, flags)
{
	struct socket *sock;
	unsigned int done = 0;
	long ret = 0;
	int err;

	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	if (vlen > UIO_MAXIOV)
		vlen = UIO_MAXIOV;
	while (done < vlen) {
		ret = do_sendmsg_one(sock, &vec[done].msg_hdr, flags);
		if (ret < 0)
			break;
		if (put_user((unsigned int)ret, &vec[done].msg_len)) {
			ret = -EFAULT;
			break;
		}
		done++;
		cond_resched();
	}
	sockfd_put(sock);
	return done ? done : ret;
}

/*
 * recvmmsg(2).  As the man page says, the timeout is only looked at after
 * each message: a call may block in one receive longer than it.
 */
SYSCALL_DEFINE5(recvmmsg, int, fd, struct mmsghdr *, vec, unsigned int, vlen,
		unsigned int, flags, struct __kernel_timespec *, timeout)
{
	struct timespec64 ts;
	u64 deadline = 0, now;
	struct socket *sock;
	unsigned int done = 0;
	long ret = 0;
	int err;

	if (timeout) {
		if (get_timespec64(&ts, timeout))
			return -EFAULT;
		if (ts.tv_sec < 0 || ts.tv_nsec < 0 || ts.tv_nsec >= NSEC_PER_SEC)
			return -EINVAL;
		deadline = ktime_get_ns() + timespec64_to_ns(&ts);
	}
	sock = sockfd_lookup(fd, &err);
	if (!sock)
		return err;
	if (vlen > UIO_MAXIOV)
		vlen = UIO_MAXIOV;
	while (done < vlen) {
		ret = do_recvmsg_one(sock, &vec[done].msg_hdr, flags & ~MSG_WAITFORONE);
		if (ret < 0)
			break;
		if (put_user((unsigned int)ret, &vec[done].msg_len)) {
			ret = -EFAULT;
			break;
		}
		done++;
		if (flags & MSG_WAITFORONE)
			flags |= MSG_DONTWAIT;
		if (timeout && ktime_get_ns() >= deadline)
			break;
		cond_resched();
	}
	if (timeout) {
		now = ktime_get_ns();
		ts.tv_sec = 0;
		ts.tv_nsec = 0;
		if (now < deadline) {
			ts.tv_sec = (deadline - now) / NSEC_PER_SEC;
			ts.tv_nsec = (deadline - now) % NSEC_PER_SEC;
		}
		if (put_timespec64(&ts, timeout) && !done)
			ret = -EFAULT;
	}
	sockfd_put(sock);
	if (done)
		return done;
	return ret;
}

/* ---------------------------------------------------- kernel callers */

int kernel_sendmsg(struct socket *sock, struct msghdr *msg, struct kvec *vec,
		   size_t num, size_t len)
{
	iov_iter_kvec(&msg->msg_iter, ITER_SOURCE, vec, num, len);
	return sock_sendmsg(sock, msg);
}

int kernel_recvmsg(struct socket *sock, struct msghdr *msg, struct kvec *vec,
		   size_t num, size_t len, int flags)
{
	iov_iter_kvec(&msg->msg_iter, ITER_DEST, vec, num, len);
	msg->msg_flags = 0;
	return sock_recvmsg(sock, msg, flags);
}

int kernel_bind(struct socket *sock, struct sockaddr *addr, int addrlen)
{
	if (!sock->ops->bind)
		return -EOPNOTSUPP;
	return sock->ops->bind(sock, addr, addrlen);
}

int kernel_listen(struct socket *sock, int backlog)
{
	int cap = READ_ONCE(sysctl_somaxconn);

	if (!sock->ops->listen)
		return -EOPNOTSUPP;
	/* A negative backlog, like one too big, means "as many as allowed". */
	if ((unsigned int)backlog > (unsigned int)cap)
		backlog = cap;
	return sock->ops->listen(sock, backlog);
}

int kernel_accept(struct socket *sock, struct socket **newsock, int flags)
{
	struct socket *ns;
	int err;

	if (!sock->ops->accept)
		return -EOPNOTSUPP;
	ns = sock_alloc();
	if (!ns)
		return -ENOMEM;
	ns->type = sock->type;
	ns->ops = sock->ops;
	err = sock->ops->accept(sock, ns, flags, true);
	if (err) {
		ns->ops = NULL;
		sock_release(ns);
		return err;
	}
	if (ns->sk)
		ns->sk->sk_ino = sock_ino(ns);
	*newsock = ns;
	return 0;
}

int kernel_connect(struct socket *sock, struct sockaddr *addr, int addrlen, int flags)
{
	if (!sock->ops->connect)
		return -EOPNOTSUPP;
	return sock->ops->connect(sock, addr, addrlen, flags);
}

int kernel_getsockname(struct socket *sock, struct sockaddr *addr)
{
	if (!sock->ops->getname)
		return -EOPNOTSUPP;
	return sock->ops->getname(sock, addr, 0);
}

int kernel_getpeername(struct socket *sock, struct sockaddr *addr)
{
	if (!sock->ops->getname)
		return -EOPNOTSUPP;
	return sock->ops->getname(sock, addr, 1);
}

int kernel_sock_shutdown(struct socket *sock, int how)
{
	if (how < SHUT_RD || how > SHUT_RDWR)
		return -EINVAL;
	if (!sock->ops->shutdown)
		return -EOPNOTSUPP;
	return sock->ops->shutdown(sock, how);
}

int kernel_setsockopt(struct socket *sock, int level, int optname,
		      const void *optval, unsigned int optlen)
{
	int err = -ENOPROTOOPT;

	if (level == SOL_SOCKET) {
		err = sock_setsockopt(sock, level, optname, optval, optlen);
		if (err != -ENOPROTOOPT)
			return err;
	}
	if (sock->ops->setsockopt)
		err = sock->ops->setsockopt(sock, level, optname, optval, optlen);
	else if (level != SOL_SOCKET)
		err = -EOPNOTSUPP;
	return err;
}

/* ---------------------------------------------------------- sockfs */

static char *sockfs_dname(struct dentry *dentry, char *buffer, int buflen)
{
	return dynamic_dname(buffer, buflen, "socket:[%lu]", d_inode(dentry)->i_ino);
}

static const struct dentry_operations sockfs_dentry_operations = {
	.d_dname = sockfs_dname,
};

static struct dentry *sockfs_mount(struct file_system_type *fs_type, int flags,
				   const char *dev_name, void *data)
{
	return mount_pseudo(fs_type, "socket:", &sockfs_dentry_operations, SOCKFS_MAGIC);
}

static struct file_system_type sock_fs_type = {
	.name = "sockfs",
	.mount = sockfs_mount,
	.kill_sb = kill_anon_super,
};

/* sockfs and /proc/net exist before any family registers (core_initcall). */
static int __init sock_init(void)
{
	int err = register_filesystem(&sock_fs_type);

	if (err)
		panic("sockfs: cannot register: %d", err);
	sockfs_mnt = kern_mount(&sock_fs_type);
	if (IS_ERR(sockfs_mnt))
		panic("sockfs: cannot mount: %ld", PTR_ERR(sockfs_mnt));
	proc_net = proc_mkdir("net", NULL);
	if (!proc_net)
		pr_err("net: cannot create /proc/net\n");
	return 0;
}
core_initcall(sock_init);
