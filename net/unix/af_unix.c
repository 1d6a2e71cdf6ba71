// SPDX-License-Identifier: GPL-2.0-only
/*
 * AF_UNIX: local sockets as unix(7) describes them.
 *
 * Three types: SOCK_STREAM (a byte stream), SOCK_SEQPACKET (records over
 * a connection) and SOCK_DGRAM (datagrams, connected or not).  Names are
 * paths (bind creates an S_IFSOCK file; connect finds the socket through
 * its inode) or abstract (a leading NUL byte, no file).  Messages may
 * carry open files (SCM_RIGHTS) and the sender's credentials
 * (SCM_CREDENTIALS).
 *
 * How data moves: a sender allocates an skb charged to its own send
 * buffer (so a slow reader makes the writer wait), copies the bytes in
 * and appends it to the receiver's sk_receive_queue.  A stream reader
 * may take part of an skb: the unread offset lives in the skb's cb.
 * Datagram receivers also limit their queue to net.unix.max_dgram_qlen
 * packets; senders wait on the receiver's peer_wait for room.
 *
 * How connections are made: connect() on a stream or seqpacket socket
 * makes the server's end right away (a new sock already joined to the
 * client) and queues it on the listener's receive queue in an skb;
 * accept() takes it off and grafts it onto the new struct socket.
 *
 * Interface: the AF_UNIX family (sock_register), /proc/net/unix,
 * net.unix.max_dgram_qlen.
 *
 * Locking: unix_list_lock (a spinlock) guards the list of all unix
 * sockets and every socket's name while it is on the list.  lock_sock()
 * guards one socket's state and peer; no code holds two sockets' owner
 * locks at once.  iolock serialises readers and may be held while
 * sleeping.  References: a socket holds its peer; a connect request skb
 * holds the embryo socket; a queued skb holds its sender (sock_wfree).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/namei.h>
#include <linux/fs_struct.h>
#include <linux/dcache.h>
#include <linux/mount.h>
#include <linux/sched.h>
#include <linux/signal.h>
#include <linux/poll.h>
#include <linux/uio.h>
#include <linux/cred.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/sysctl.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/tcp.h>
#include <uapi/linux/sockios.h>
#include <uapi/asm-generic/ioctls.h>
#include <net/sock.h>
#include <net/scm.h>
#include <net/ip.h>
#include <net/af_unix.h>
#include <asm/uaccess.h>

int sysctl_unix_max_dgram_qlen = 512;

/* Bytes of sockaddr_un before the name. */
#define NAME_OFFSET		offsetof(struct sockaddr_un, sun_path)
/* Largest piece of a stream write put in one skb. */
#define STREAM_CHUNK		(32 * 1024)
/* /proc/net/unix: "listening" in the Flags column. */
#define UNIX_FLAG_LISTENING	0x10000

static LIST_HEAD(unix_list);
static DEFINE_SPINLOCK(unix_list_lock);
static unsigned int autobind_next;

static const struct proto_ops unix_stream_ops;
static const struct proto_ops unix_dgram_ops;
static const struct proto_ops unix_seqpacket_ops;

/* What rides in skb->cb of a unix skb. */
struct unix_cb {
	struct scm_fp_list *fp;		/* files in flight, or NULL */
	struct sock *embryo;		/* connect request: the server's new end */
	u32 offset;			/* stream: bytes already read */
	struct ucred creds;		/* the sender's (or what it claimed) */
};

static inline struct unix_cb *ucb(const struct sk_buff *skb)
{
	BUILD_BUG_ON(sizeof(struct unix_cb) > sizeof(skb->cb));
	return (struct unix_cb *)skb->cb;
}

static struct proto unix_proto;

/* ---------------------------------------------------------- addresses */

static void unix_addr_put(struct unix_address *a)
{
	if (a && atomic_dec_and_test(&a->refcnt))
		kfree(a);
}

static struct unix_address *unix_addr_new(const struct sockaddr_un *name, int len)
{
	struct unix_address *a = kzalloc(sizeof(*a), GFP_KERNEL);

	if (!a)
		return NULL;
	atomic_set(&a->refcnt, 1);
	a->len = len;
	memcpy(&a->name, name, len);
	return a;
}

static bool addr_is_abstract(const struct sockaddr_un *sun, int len)
{
	return len > (int)NAME_OFFSET && sun->sun_path[0] == '\0';
}

/*
 * Check a name from the user.  A path name is cut at its first NUL and
 * its length recomputed (counting one terminating NUL), as unix(7) says
 * getsockname() reports it.  Returns the length to use or -EINVAL.
 */
static int unix_check_name(struct sockaddr_un *sun, int len)
{
	if (len <= (int)NAME_OFFSET || len > (int)sizeof(*sun))
		return -EINVAL;
	if (sun->sun_family != AF_UNIX)
		return -EINVAL;
	if (sun->sun_path[0] == '\0')
		return len;
	/* Room for a NUL past the user's bytes is in sockaddr_storage. */
	((char *)sun)[len] = '\0';
	return NAME_OFFSET + strlen(sun->sun_path) + 1;
}

/* ------------------------------------------------------ the socket list */

static bool same_abstract(const struct unix_sock *u, const struct sockaddr_un *sun, int len)
{
	return u->addr && !u->inode && u->addr->len == len &&
	       !memcmp(&u->addr->name, sun, len);
}

/* A held socket with this abstract name, or NULL.  Caller holds unix_list_lock. */
static struct sock *find_abstract(const struct sockaddr_un *sun, int len)
{
	struct unix_sock *u;

	list_for_each_entry(u, &unix_list, node)
		if (same_abstract(u, sun, len))
			return &u->sk;
	return NULL;
}

static struct sock *find_by_inode(const struct inode *inode)
{
	struct unix_sock *u;

	list_for_each_entry(u, &unix_list, node)
		if (u->inode == inode)
			return &u->sk;
	return NULL;
}

/*
 * The socket a name refers to, held; -ENOENT/-EACCES... for a path that
 * cannot be reached, -ECONNREFUSED when nobody is bound there,
 * -EPROTOTYPE for a socket of another type.
 */
static struct sock *unix_find(struct sockaddr_un *sun, int len, int type, int *err)
{
	struct inode *inode = NULL;
	struct path path;
	struct sock *sk;

	if (!addr_is_abstract(sun, len)) {
		*err = kern_path(sun->sun_path, LOOKUP_FOLLOW, &path);
		if (*err)
			return NULL;
		inode = d_inode(path.dentry);
		*err = inode_permission(inode, MAY_WRITE);
		if (!*err && !S_ISSOCK(inode->i_mode))
			*err = -ECONNREFUSED;
		if (*err) {
			path_put(&path);
			return NULL;
		}
	}
	spin_lock(&unix_list_lock);
	sk = inode ? find_by_inode(inode) : find_abstract(sun, len);
	if (sk)
		sock_hold(sk);
	spin_unlock(&unix_list_lock);
	if (inode)
		path_put(&path);
	*err = 0;
	if (!sk)
		*err = -ECONNREFUSED;
	else if (sk->sk_type != type)
		*err = -EPROTOTYPE;
	if (*err && sk) {
		sock_put(sk);
		sk = NULL;
	}
	return sk;
}

/* ------------------------------------------------------- creation */

static void unix_write_space(struct sock *sk);
static void unix_data_ready(struct sock *sk);

static void unix_destroy(struct sock *sk)
{
	struct unix_sock *u = unix_sk(sk);

	unix_addr_put(u->addr);
	u->addr = NULL;
}

static struct proto unix_proto = {
	.name = "UNIX",
	.obj_size = sizeof(struct unix_sock),
	.destroy = unix_destroy,
};

static struct sock *unix_sock_new(struct socket *sock, int type)
{
	struct sock *sk = sk_alloc(AF_UNIX, GFP_KERNEL, &unix_proto, 0);
	struct unix_sock *u;

	if (!sk)
		return NULL;
	sock_init_data(sock, sk);
	sk->sk_type = type;
	sk->sk_write_space = unix_write_space;
	sk->sk_data_ready = unix_data_ready;
	sk->sk_max_ack_backlog = READ_ONCE(sysctl_unix_max_dgram_qlen);
	u = unix_sk(sk);
	INIT_LIST_HEAD(&u->node);
	mutex_init(&u->iolock);
	init_waitqueue_head(&u->peer_wait);
	spin_lock(&unix_list_lock);
	list_add_tail(&u->node, &unix_list);
	spin_unlock(&unix_list_lock);
	return sk;
}

static const struct proto_ops *const unix_ops_by_type[] = {
	[SOCK_STREAM] = &unix_stream_ops,
	[SOCK_DGRAM] = &unix_dgram_ops,
	[SOCK_SEQPACKET] = &unix_seqpacket_ops,
};

static int unix_create(struct socket *sock, int protocol, int kern)
{
	if (protocol && protocol != PF_UNIX)
		return -EPROTONOSUPPORT;
	/* SOCK_RAW is taken as SOCK_DGRAM. */
	if (sock->type == SOCK_RAW)
		sock->type = SOCK_DGRAM;
	if (sock->type >= (int)ARRAY_SIZE(unix_ops_by_type) || !unix_ops_by_type[sock->type])
		return -ESOCKTNOSUPPORT;
	sock->ops = unix_ops_by_type[sock->type];
	if (!unix_sock_new(sock, sock->type)) {
		sock->ops = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* Record the current task as who is at the other end of @sk. */
static void set_peer_creds(struct sock *sk, const struct cred *cred, int pid)
{
	const struct cred *old = sk->sk_peer_cred;

	sk->sk_peer_cred = get_cred(cred);
	sk->sk_peer_pid = pid;
	if (old)
		put_cred(old);
}

/* ------------------------------------------------------------ release */

static void unix_release_sock(struct sock *sk, bool embryo);

/* Drop every queued skb; a listener's queue holds embryos to tear down. */
static void unix_purge_queue(struct sock *sk)
{
	struct sk_buff *skb;

	while ((skb = skb_dequeue(&sk->sk_receive_queue)) != NULL) {
		struct sock *embryo = ucb(skb)->embryo;

		ucb(skb)->embryo = NULL;
		if (embryo)
			unix_release_sock(embryo, true);
		kfree_skb(skb);
	}
}

static void unix_release_sock(struct sock *sk, bool embryo)
{
	struct unix_sock *u = unix_sk(sk);
	bool had_data;
	struct sock *peer;
	struct path path;

	spin_lock(&unix_list_lock);
	list_del_init(&u->node);
	spin_unlock(&unix_list_lock);

	lock_sock(sk);
	peer = u->peer;
	u->peer = NULL;
	path = u->path;
	u->path.dentry = NULL;
	u->path.mnt = NULL;
	u->inode = NULL;
	sk->sk_state = TCP_CLOSE;
	sk->sk_shutdown = SHUTDOWN_MASK;
	sock_orphan(sk);
	release_sock(sk);
	wake_up_interruptible_all(&u->peer_wait);

	had_data = !skb_queue_empty(&sk->sk_receive_queue);
	if (peer && sk->sk_type != SOCK_DGRAM) {
		/* The other end sees end of file, or a reset if data was lost. */
		lock_sock(peer);
		if (unix_sk(peer)->peer == sk) {
			peer->sk_shutdown = SHUTDOWN_MASK;
			if (had_data || embryo)
				peer->sk_err = ECONNRESET;
		}
		release_sock(peer);
		peer->sk_state_change(peer);
	}
	if (peer)
		sock_put(peer);
	unix_purge_queue(sk);
	if (path.dentry)
		path_put(&path);
	sock_put(sk);
}

static int unix_release(struct socket *sock)
{
	struct sock *sk = sock->sk;

	if (!sk)
		return 0;
	sock->sk = NULL;
	unix_release_sock(sk, false);
	return 0;
}

/* --------------------------------------------------------------- bind */

/* Give @sk @addr unless it has a name; the list lock is held. */
static int set_name_locked(struct sock *sk, struct unix_address *addr,
			   const struct path *path)
{
	struct unix_sock *u = unix_sk(sk);

	if (u->addr)
		return -EINVAL;
	u->addr = addr;
	if (path) {
		u->path = *path;
		u->inode = d_inode(path->dentry);
	}
	return 0;
}

/* An abstract name nobody has: "\0" and five hex digits (unix(7)). */
static int unix_autobind(struct sock *sk)
{
	struct sockaddr_un sun;
	struct unix_address *addr;
	unsigned int tries;
	int len = NAME_OFFSET + 6, err = -ENOSPC;

	if (unix_sk(sk)->addr)
		return 0;
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	addr = unix_addr_new(&sun, len);
	if (!addr)
		return -ENOMEM;
	spin_lock(&unix_list_lock);
	for (tries = 0; tries < 0x100000; tries++) {
		char digits[8];

		snprintf(digits, sizeof(digits), "%05x", autobind_next++ & 0xfffff);
		memcpy(addr->name.sun_path + 1, digits, 5);
		if (!find_abstract(&addr->name, len)) {
			/* Someone else may have named it meanwhile: that is fine too. */
			if (!set_name_locked(sk, addr, NULL))
				addr = NULL;
			err = 0;
			break;
		}
	}
	spin_unlock(&unix_list_lock);
	unix_addr_put(addr);
	return err;
}

/* Make the socket file for a path name; 0 and *@path held, or -errno. */
static int make_socket_file(const char *name, struct path *path)
{
	struct path parent;
	struct dentry *dentry;
	umode_t mode = S_IFSOCK | (0777 & ~current_umask());
	int err;

	dentry = kern_path_create(AT_FDCWD, name, &parent, 0);
	if (IS_ERR(dentry)) {
		err = PTR_ERR(dentry);
		return err == -EEXIST ? -EADDRINUSE : err;
	}
	err = vfs_mknod(d_inode(parent.dentry), dentry, mode, 0);
	if (!err) {
		path->mnt = mntget(parent.mnt);
		path->dentry = dget(dentry);
	}
	done_path_create(&parent, dentry);
	return err == -EEXIST ? -EADDRINUSE : err;
}

static int unix_bind(struct socket *sock, struct sockaddr *uaddr, int addr_len)
{
	struct sockaddr_un *sun = (struct sockaddr_un *)uaddr;
	struct sock *sk = sock->sk;
	struct unix_address *addr;
	struct path path = { };
	int len, err;

	if (addr_len == sizeof(sa_family_t) && sun->sun_family == AF_UNIX)
		return unix_autobind(sk);
	len = unix_check_name(sun, addr_len);
	if (len < 0)
		return len;
	if (unix_sk(sk)->addr) {
		/* A taken path is reported before the socket's own name. */
		if (!addr_is_abstract(sun, len) && !kern_path(sun->sun_path, 0, &path)) {
			path_put(&path);
			return -EADDRINUSE;
		}
		return -EINVAL;
	}
	addr = unix_addr_new(sun, len);
	if (!addr)
		return -ENOMEM;
	mutex_lock(&unix_sk(sk)->iolock);
	if (!addr_is_abstract(sun, len)) {
		err = -EINVAL;
		if (unix_sk(sk)->addr)
			goto out;
		err = make_socket_file(sun->sun_path, &path);
		if (err)
			goto out;
	}
	spin_lock(&unix_list_lock);
	if (!path.dentry && find_abstract(sun, len))
		err = -EADDRINUSE;
	else
		err = set_name_locked(sk, addr, path.dentry ? &path : NULL);
	spin_unlock(&unix_list_lock);
	if (!err)
		addr = NULL;
	else if (path.dentry)
		path_put(&path);
out:
	mutex_unlock(&unix_sk(sk)->iolock);
	unix_addr_put(addr);
	return err;
}

/* ------------------------------------------------------------ getname */

static int unix_getname(struct socket *sock, struct sockaddr *uaddr, int peer)
{
	struct sock *sk = sock->sk, *who = sk;
	struct sockaddr_un *sun = (struct sockaddr_un *)uaddr;
	int len = sizeof(sa_family_t);

	lock_sock(sk);
	if (peer) {
		who = unix_sk(sk)->peer;
		if (!who) {
			release_sock(sk);
			return -ENOTCONN;
		}
		sock_hold(who);
	}
	release_sock(sk);

	spin_lock(&unix_list_lock);
	sun->sun_family = AF_UNIX;
	if (unix_sk(who)->addr) {
		len = unix_sk(who)->addr->len;
		memcpy(sun, &unix_sk(who)->addr->name, len);
	}
	spin_unlock(&unix_list_lock);
	if (peer)
		sock_put(who);
	return len;
}

/* --------------------------------------------------- connection set-up */

static int unix_listen(struct socket *sock, int backlog)
{
	struct sock *sk = sock->sk;
	int err = 0;

	if (sock->type == SOCK_DGRAM)
		return -EOPNOTSUPP;
	lock_sock(sk);
	if (!unix_sk(sk)->addr)
		err = -EINVAL;		/* unix(7): listen needs a bound name */
	else if (sk->sk_state != TCP_CLOSE && sk->sk_state != TCP_LISTEN)
		err = -EINVAL;
	if (!err) {
		if (backlog > (int)sk->sk_max_ack_backlog)
			wake_up_interruptible_all(&unix_sk(sk)->peer_wait);
		sk->sk_max_ack_backlog = backlog;
		sk->sk_state = TCP_LISTEN;
		/* Clients get the listener's credentials as of now. */
		set_peer_creds(sk, current_cred(), current->tgid);
	}
	release_sock(sk);
	return err;
}

/* Join two sockets as each other's peer (each holds the other). */
static void join_peers(struct sock *a, struct sock *b)
{
	sock_hold(b);
	unix_sk(a)->peer = b;
	sock_hold(a);
	unix_sk(b)->peer = a;
}

static bool backlog_full(struct sock *listener)
{
	return skb_queue_len(&listener->sk_receive_queue) > READ_ONCE(listener->sk_max_ack_backlog);
}

/*
 * Sleep on @other's peer_wait until @done says so, a signal, or the
 * timeout.  Returns the time left.
 */
static long wait_on_peer(struct sock *other, long timeo, bool (*busy)(struct sock *))
{
	DEFINE_WAIT(w);

	prepare_to_wait(&unix_sk(other)->peer_wait, &w, TASK_INTERRUPTIBLE);
	if (busy(other) && !sock_flag(other, SOCK_DEAD) && !signal_pending(current))
		timeo = schedule_timeout(timeo);
	finish_wait(&unix_sk(other)->peer_wait, &w);
	return timeo;
}

static int unix_stream_connect(struct socket *sock, struct sockaddr *uaddr,
			       int addr_len, int flags)
{
	struct sockaddr_un *sun = (struct sockaddr_un *)uaddr;
	struct sock *sk = sock->sk, *other = NULL, *embryo = NULL;
	long timeo = sock_sndtimeo(sk, flags & O_NONBLOCK);
	struct sk_buff *skb = NULL;
	int len, err;

	len = unix_check_name(sun, addr_len);
	if (len < 0)
		return len;
	if (sock_flag(sk, SOCK_PASSCRED)) {
		err = unix_autobind(sk);
		if (err)
			return err;
	}
	/* Claim the socket for this connect. */
	lock_sock(sk);
	err = 0;
	if (sk->sk_state == TCP_ESTABLISHED)
		err = -EISCONN;
	else if (sk->sk_state == TCP_LISTEN || sk->sk_state == TCP_SYN_SENT)
		err = -EINVAL;
	else
		sk->sk_state = TCP_SYN_SENT;
	release_sock(sk);
	if (err)
		return err;

	err = -ENOMEM;
	embryo = unix_sock_new(NULL, sk->sk_type);
	skb = alloc_skb(0, GFP_KERNEL);
	if (!embryo || !skb)
		goto fail;
	other = unix_find(sun, len, sk->sk_type, &err);
	if (!other)
		goto fail;

	for (;;) {
		lock_sock(other);
		err = -ECONNREFUSED;
		if (other->sk_state != TCP_LISTEN || sock_flag(other, SOCK_DEAD))
			goto fail_locked;
		if (!backlog_full(other))
			break;
		release_sock(other);
		err = -EAGAIN;
		if (!timeo)
			goto fail;
		err = sock_intr_errno(timeo);
		if (signal_pending(current))
			goto fail;
		timeo = wait_on_peer(other, timeo, backlog_full);
	}

	/* The server's end: the listener's name and path, joined to us. */
	embryo->sk_state = TCP_ESTABLISHED;
	embryo->sk_sndbuf = other->sk_sndbuf;
	embryo->sk_rcvbuf = other->sk_rcvbuf;
	if (unix_sk(other)->addr) {
		atomic_inc(&unix_sk(other)->addr->refcnt);
		unix_sk(embryo)->addr = unix_sk(other)->addr;
	}
	if (unix_sk(other)->path.dentry) {
		path_get(&unix_sk(other)->path);
		unix_sk(embryo)->path = unix_sk(other)->path;
	}
	set_peer_creds(embryo, current_cred(), current->tgid);
	if (other->sk_peer_cred)
		set_peer_creds(sk, other->sk_peer_cred, other->sk_peer_pid);
	join_peers(sk, embryo);
	ucb(skb)->embryo = embryo;
	skb_queue_tail(&other->sk_receive_queue, skb);
	other->sk_ack_backlog = skb_queue_len(&other->sk_receive_queue);
	release_sock(other);
	other->sk_data_ready(other);

	lock_sock(sk);
	sk->sk_state = TCP_ESTABLISHED;
	sock->state = SS_CONNECTED;
	release_sock(sk);
	sock_put(other);
	return 0;

fail_locked:
	release_sock(other);
fail:
	if (other)
		sock_put(other);
	kfree_skb(skb);
	if (embryo)
		unix_release_sock(embryo, false);
	lock_sock(sk);
	sk->sk_state = TCP_CLOSE;
	release_sock(sk);
	return err;
}

static int unix_accept(struct socket *sock, struct socket *newsock, int flags, bool kern)
{
	struct sock *sk = sock->sk, *embryo;
	struct sk_buff *skb;
	int err;

	if (sock->type == SOCK_DGRAM)
		return -EOPNOTSUPP;
	if (sk->sk_state != TCP_LISTEN)
		return -EINVAL;
	skb = skb_recv_datagram(sk, (flags & O_NONBLOCK) ? MSG_DONTWAIT : 0, &err);
	if (!skb)
		return err ? err : -EINVAL;
	embryo = ucb(skb)->embryo;
	ucb(skb)->embryo = NULL;
	sk->sk_ack_backlog = skb_queue_len(&sk->sk_receive_queue);
	kfree_skb(skb);
	wake_up_interruptible_all(&unix_sk(sk)->peer_wait);

	lock_sock(embryo);
	sock_graft(embryo, newsock);
	newsock->state = SS_CONNECTED;
	release_sock(embryo);
	return 0;
}

static int unix_socketpair(struct socket *a, struct socket *b)
{
	struct sock *ska = a->sk, *skb = b->sk;

	join_peers(ska, skb);
	set_peer_creds(ska, current_cred(), current->tgid);
	set_peer_creds(skb, current_cred(), current->tgid);
	if (a->type != SOCK_DGRAM) {
		ska->sk_state = TCP_ESTABLISHED;
		skb->sk_state = TCP_ESTABLISHED;
		a->state = SS_CONNECTED;
		b->state = SS_CONNECTED;
	}
	return 0;
}

/* Datagram connect: set (or with AF_UNSPEC, clear) the default peer. */
static int unix_dgram_connect(struct socket *sock, struct sockaddr *uaddr,
			      int addr_len, int flags)
{
	struct sockaddr_un *sun = (struct sockaddr_un *)uaddr;
	struct sock *sk = sock->sk, *other = NULL, *old;
	int len, err;

	if (addr_len >= (int)sizeof(sa_family_t) && sun->sun_family == AF_UNSPEC) {
		other = NULL;
	} else {
		len = unix_check_name(sun, addr_len);
		if (len < 0)
			return len;
		if (sock_flag(sk, SOCK_PASSCRED)) {
			err = unix_autobind(sk);
			if (err)
				return err;
		}
		other = unix_find(sun, len, sk->sk_type, &err);
		if (!other)
			return err;
	}
	lock_sock(sk);
	old = unix_sk(sk)->peer;
	unix_sk(sk)->peer = other;
	sk->sk_state = other ? TCP_ESTABLISHED : TCP_CLOSE;
	sock->state = other ? SS_CONNECTED : SS_UNCONNECTED;
	release_sock(sk);
	if (old)
		sock_put(old);
	return 0;
}

/* ------------------------------------------------------------ shutdown */

static int unix_shutdown(struct socket *sock, int how)
{
	struct sock *sk = sock->sk, *peer;
	int mode = how + 1;	/* SHUT_RD -> RCV_SHUTDOWN, and so on */

	lock_sock(sk);
	sk->sk_shutdown |= mode;
	peer = unix_sk(sk)->peer;
	if (peer)
		sock_hold(peer);
	release_sock(sk);
	sk->sk_state_change(sk);

	if (peer && sk->sk_type != SOCK_DGRAM) {
		int peer_mode = 0;

		if (mode & RCV_SHUTDOWN)
			peer_mode |= SEND_SHUTDOWN;
		if (mode & SEND_SHUTDOWN)
			peer_mode |= RCV_SHUTDOWN;
		lock_sock(peer);
		peer->sk_shutdown |= peer_mode;
		release_sock(peer);
		peer->sk_state_change(peer);
	}
	if (peer)
		sock_put(peer);
	return 0;
}

/* ---------------------------------------------------- skbs and control */

/* The destructor of a data skb: files in flight, then the send charge. */
static void unix_skb_destruct(struct sk_buff *skb)
{
	scm_fp_free(ucb(skb)->fp);
	ucb(skb)->fp = NULL;
	sock_wfree(skb);
}

/* An skb with @len bytes from @msg, charged to @sk; the scm goes with it. */
static struct sk_buff *unix_make_skb(struct sock *sk, struct msghdr *msg, size_t len,
				     struct scm_cookie *scm, int *err)
{
	struct sk_buff *skb;

	skb = sock_alloc_send_skb(sk, len, 0, msg->msg_flags & MSG_DONTWAIT, err);
	if (!skb)
		return NULL;
	memset(ucb(skb), 0, sizeof(struct unix_cb));
	skb->destructor = unix_skb_destruct;
	ucb(skb)->creds = scm->creds;
	ucb(skb)->fp = scm->fp;
	scm->fp = NULL;
	if (copy_from_iter(skb_put(skb, len), len, &msg->msg_iter) != len) {
		kfree_skb(skb);
		*err = -EFAULT;
		return NULL;
	}
	return skb;
}

/* The sender's name for recvfrom: from the socket the skb is charged to. */
static void unix_copy_sender(struct msghdr *msg, const struct sk_buff *skb)
{
	struct unix_sock *u = skb->sk ? unix_sk(skb->sk) : NULL;

	msg->msg_namelen = 0;
	if (!msg->msg_name || !u)
		return;
	spin_lock(&unix_list_lock);
	if (u->addr) {
		msg->msg_namelen = u->addr->len;
		memcpy(msg->msg_name, &u->addr->name, u->addr->len);
	}
	spin_unlock(&unix_list_lock);
}

/* Credentials (if the receiver asked) and files (@fp consumed) to the control buffer. */
static int unix_put_control(struct sock *sk, struct msghdr *msg, const struct ucred *creds,
			    struct scm_fp_list *fp, int flags)
{
	int err = 0;

	if (sock_flag(sk, SOCK_PASSCRED) && creds)
		err = put_cmsg(msg, SOL_SOCKET, SCM_CREDENTIALS, sizeof(*creds), creds);
	if (fp) {
		int e = scm_detach_fds(msg, fp, flags);

		if (!err)
			err = e;
	}
	return err;
}

/*
 * Both callbacks run in the system call of the peer, which returns or
 * sleeps next, so they wake with WF_SYNC as a pipe does: the woken task
 * may take over the caller's CPU.
 */
static void unix_write_space(struct sock *sk)
{
	/* Writable while at most a quarter of the send buffer is in flight. */
	if ((atomic_read(&sk->sk_wmem_alloc) << 2) <= READ_ONCE(sk->sk_sndbuf) &&
	    wq_has_sleeper(sk->sk_wq))
		wake_up_interruptible_sync_poll(sk->sk_wq, POLLOUT | POLLWRNORM | POLLWRBAND);
}

static void unix_data_ready(struct sock *sk)
{
	if (wq_has_sleeper(sk->sk_wq))
		wake_up_interruptible_sync_poll(sk->sk_wq,
						POLLIN | POLLPRI | POLLRDNORM | POLLRDBAND);
}

static bool unix_writable(const struct sock *sk)
{
	return sk->sk_state != TCP_LISTEN &&
	       (atomic_read(&sk->sk_wmem_alloc) << 2) <= READ_ONCE(sk->sk_sndbuf);
}

/* ------------------------------------------------------- stream data */

/* The connected peer, held; or NULL with *err. */
static struct sock *connected_peer(struct sock *sk, int *err)
{
	struct sock *peer;

	lock_sock(sk);
	peer = unix_sk(sk)->peer;
	if (peer)
		sock_hold(peer);
	release_sock(sk);
	*err = peer ? 0 : -ENOTCONN;
	return peer;
}

static int unix_stream_sendmsg(struct socket *sock, struct msghdr *msg, size_t len)
{
	struct sock *sk = sock->sk, *peer;
	struct scm_cookie scm;
	size_t sent = 0;
	int err;

	if (msg->msg_flags & MSG_OOB)
		return -EOPNOTSUPP;
	if (msg->msg_namelen)
		return sk->sk_state == TCP_ESTABLISHED ? -EISCONN : -EOPNOTSUPP;
	peer = connected_peer(sk, &err);
	if (!peer)
		return err;
	err = scm_send(sock, msg, &scm);
	if (err)
		goto out_peer;

	while (sent < len) {
		size_t chunk = min_t(size_t, len - sent, STREAM_CHUNK);
		int room = READ_ONCE(sk->sk_sndbuf) / 2 - 64;
		struct sk_buff *skb;

		if (room > 0 && chunk > (size_t)room)
			chunk = room;
		err = -EPIPE;
		if (sk->sk_shutdown & SEND_SHUTDOWN)
			break;
		skb = unix_make_skb(sk, msg, chunk, &scm, &err);
		if (!skb)
			break;
		if (sock_flag(peer, SOCK_DEAD) || (peer->sk_shutdown & RCV_SHUTDOWN)) {
			kfree_skb(skb);
			err = -EPIPE;
			break;
		}
		skb_queue_tail(&peer->sk_receive_queue, skb);
		peer->sk_data_ready(peer);
		sent += chunk;
	}
	scm_destroy(&scm);
out_peer:
	sock_put(peer);
	return sent ? (int)sent : err;
}

/*
 * Whether a receive may start: no urgent data here, a listener only
 * accepts, and a seqpacket socket must have been connected.
 */
static int unix_recv_check(struct sock *sk, int flags)
{
	if (sk->sk_state == TCP_LISTEN)
		return -EINVAL;
	if (flags & MSG_OOB)
		return -EOPNOTSUPP;
	return sk->sk_type == SOCK_SEQPACKET && sk->sk_state != TCP_ESTABLISHED ? -ENOTCONN : 0;
}

/* Wait until the receive queue changes, a shutdown, an error or the timeout. */
static long unix_wait_data(struct sock *sk, long timeo, struct sk_buff *last)
{
	DEFINE_WAIT(w);

	prepare_to_wait(sk->sk_wq, &w, TASK_INTERRUPTIBLE);
	if (skb_peek_tail(&sk->sk_receive_queue) == last && !READ_ONCE(sk->sk_err) &&
	    !(READ_ONCE(sk->sk_shutdown) & RCV_SHUTDOWN) && !signal_pending(current))
		timeo = schedule_timeout(timeo);
	finish_wait(sk->sk_wq, &w);
	return timeo;
}

static int unix_stream_recvmsg(struct socket *sock, struct msghdr *msg, size_t size, int flags)
{
	struct sock *sk = sock->sk;
	struct unix_sock *u = unix_sk(sk);
	long timeo = sock_rcvtimeo(sk, flags & MSG_DONTWAIT);
	size_t target, copied = 0;
	struct scm_fp_list *fp = NULL;
	struct ucred creds;
	bool have_creds = false;
	u32 peek_skip = 0;
	int err = 0;

	err = unix_recv_check(sk, flags);
	if (err)
		return err;
	target = (flags & MSG_WAITALL) ? size : min_t(size_t, size, READ_ONCE(sk->sk_rcvlowat));
	if (!target)
		target = 1;
	msg->msg_namelen = 0;
	mutex_lock(&u->iolock);

	while (copied < size) {
		struct sk_buff_head *q = &sk->sk_receive_queue;
		struct sk_buff *skb, *last;
		unsigned long irqflags;
		u32 offset, chunk;

		spin_lock_irqsave(&q->lock, irqflags);
		last = skb_peek_tail(q);
		skb = skb_peek(q);
		offset = skb ? ucb(skb)->offset : 0;
		/* A peek goes on past what it has already looked at. */
		if (flags & MSG_PEEK) {
			u32 skip = peek_skip;

			while (skb && skip >= skb->len - offset) {
				skip -= skb->len - offset;
				skb = skb_peek_next(skb, q);
				offset = skb ? ucb(skb)->offset : 0;
			}
			offset += skip;
		}
		spin_unlock_irqrestore(&q->lock, irqflags);

		if (!skb) {
			if (copied >= target)
				break;
			err = sock_error(sk);
			if (err)
				break;
			if (READ_ONCE(sk->sk_shutdown) & RCV_SHUTDOWN)
				break;
			err = -EAGAIN;
			if (!timeo)
				break;
			err = sock_intr_errno(timeo);
			if (signal_pending(current))
				break;
			err = 0;
			timeo = unix_wait_data(sk, timeo, last);
			continue;
		}
		/* Data of two senders with different credentials is not merged. */
		if (have_creds && memcmp(&creds, &ucb(skb)->creds, sizeof(creds)))
			break;
		if (!have_creds) {
			creds = ucb(skb)->creds;
			have_creds = true;
			unix_copy_sender(msg, skb);
		}
		chunk = min_t(size_t, skb->len - offset, size - copied);
		if (skb_copy_datagram_iter(skb, offset, &msg->msg_iter, chunk)) {
			if (!copied)
				err = -EFAULT;
			break;
		}
		copied += chunk;
		if (flags & MSG_PEEK) {
			peek_skip += chunk;
			if (ucb(skb)->fp) {
				fp = scm_fp_dup(ucb(skb)->fp);
				break;
			}
			continue;
		}
		ucb(skb)->offset += chunk;
		if (ucb(skb)->offset < skb->len)
			break;
		skb_unlink(skb, q);
		fp = ucb(skb)->fp;
		ucb(skb)->fp = NULL;
		kfree_skb(skb);
		/* Files end a read: they go with the bytes they came with. */
		if (fp)
			break;
	}
	mutex_unlock(&u->iolock);

	if (copied) {
		unix_put_control(sk, msg, have_creds ? &creds : NULL, fp, flags);
		return copied;
	}
	if (fp)
		scm_fp_free(fp);
	return err;
}

/* ---------------------------------------------------- datagram data */

static bool dgram_queue_full(struct sock *other)
{
	return skb_queue_len(&other->sk_receive_queue) > READ_ONCE(other->sk_max_ack_backlog);
}

/* May @sk send to @other?  Someone else's connected socket accepts nothing from us. */
static int dgram_may_send(struct sock *sk, struct sock *other)
{
	struct sock *its_peer = READ_ONCE(unix_sk(other)->peer);

	if (its_peer && its_peer != sk)
		return -EPERM;
	return 0;
}

/* A dead default peer: forget it and report the refusal. */
static void dgram_drop_dead_peer(struct sock *sk, struct sock *other)
{
	bool dropped = false;

	lock_sock(sk);
	if (unix_sk(sk)->peer == other) {
		unix_sk(sk)->peer = NULL;
		sk->sk_state = TCP_CLOSE;
		if (sk->sk_socket)
			sk->sk_socket->state = SS_UNCONNECTED;
		dropped = true;
	}
	release_sock(sk);
	if (dropped)
		sock_put(other);
}

static int unix_dgram_sendmsg(struct socket *sock, struct msghdr *msg, size_t len)
{
	struct sockaddr_un *sun = msg->msg_name;
	struct sock *sk = sock->sk, *other = NULL;
	long timeo = sock_sndtimeo(sk, msg->msg_flags & MSG_DONTWAIT);
	bool to_peer = false;
	struct scm_cookie scm;
	struct sk_buff *skb;
	int err, namelen = 0;

	if (msg->msg_flags & MSG_OOB)
		return -EOPNOTSUPP;
	if (sk->sk_type == SOCK_SEQPACKET) {
		/* A record goes to the peer; an address given is ignored. */
		if (sk->sk_state != TCP_ESTABLISHED)
			return -ENOTCONN;
		sun = NULL;
	}
	if (sun && msg->msg_namelen) {
		namelen = unix_check_name(sun, msg->msg_namelen);
		if (namelen < 0)
			return namelen;
	} else {
		other = connected_peer(sk, &err);
		if (!other)
			return sk->sk_type == SOCK_SEQPACKET ? -ENOTCONN : err;
		to_peer = true;
	}
	if (sk->sk_shutdown & SEND_SHUTDOWN) {
		err = -EPIPE;
		goto out_other;
	}
	if (len > (size_t)READ_ONCE(sk->sk_sndbuf) - 32) {
		err = -EMSGSIZE;
		goto out_other;
	}
	if (sock_flag(sk, SOCK_PASSCRED) && sk->sk_type == SOCK_DGRAM) {
		err = unix_autobind(sk);
		if (err)
			goto out_other;
	}
	err = scm_send(sock, msg, &scm);
	if (err)
		goto out_other;
	skb = unix_make_skb(sk, msg, len, &scm, &err);
	scm_destroy(&scm);
	if (!skb)
		goto out_other;
	if (!other) {
		other = unix_find(sun, namelen, sk->sk_type, &err);
		if (!other)
			goto out_skb;
	}

	for (;;) {
		err = -ECONNREFUSED;
		if (sock_flag(other, SOCK_DEAD)) {
			if (to_peer) {
				dgram_drop_dead_peer(sk, other);
				if (sk->sk_type == SOCK_SEQPACKET)
					err = -EPIPE;
			}
			goto out_skb;
		}
		err = -EPIPE;
		if (other->sk_shutdown & RCV_SHUTDOWN)
			goto out_skb;
		if (sk->sk_type == SOCK_DGRAM) {
			err = dgram_may_send(sk, other);
			if (err)
				goto out_skb;
		}
		if (sk->sk_type == SOCK_SEQPACKET || !dgram_queue_full(other))
			break;
		err = -EAGAIN;
		if (!timeo)
			goto out_skb;
		err = sock_intr_errno(timeo);
		if (signal_pending(current))
			goto out_skb;
		timeo = wait_on_peer(other, timeo, dgram_queue_full);
	}
	skb_queue_tail(&other->sk_receive_queue, skb);
	other->sk_data_ready(other);
	sock_put(other);
	return len;

out_skb:
	kfree_skb(skb);
out_other:
	if (other)
		sock_put(other);
	return err;
}

/*
 * The queue of @sk has just left the full state: pollers of the sockets
 * connected to it may write again.  (Blocked senders wait on peer_wait.)
 * A socket still on the list has not begun its release, so its wait
 * queue is still there.
 */
static void wake_blocked_senders(struct sock *sk)
{
	struct unix_sock *u;

	spin_lock(&unix_list_lock);
	list_for_each_entry(u, &unix_list, node)
		if (u->peer == sk && unix_writable(&u->sk))
			wake_up_interruptible_poll(u->sk.sk_wq, POLLOUT | POLLWRNORM | POLLWRBAND);
	spin_unlock(&unix_list_lock);
}

/*
 * The next packet: taken off the queue, or with MSG_PEEK left there (the
 * caller holds iolock, and only readers unlink, so it stays put).  NULL
 * with *err: 0 at end of file, -EAGAIN, a pending error, a signal.
 */
static struct sk_buff *unix_next_packet(struct sock *sk, int flags, int *err)
{
	long timeo = sock_rcvtimeo(sk, flags & MSG_DONTWAIT);
	struct sk_buff_head *q = &sk->sk_receive_queue;
	struct sk_buff *skb;
	unsigned long irqflags;

	for (;;) {
		*err = sock_error(sk);
		if (*err)
			return NULL;
		spin_lock_irqsave(&q->lock, irqflags);
		skb = skb_peek(q);
		if (skb && !(flags & MSG_PEEK))
			__skb_unlink(skb, q);
		spin_unlock_irqrestore(&q->lock, irqflags);
		if (skb)
			return skb;
		if (READ_ONCE(sk->sk_shutdown) & RCV_SHUTDOWN)
			return NULL;
		*err = -EAGAIN;
		if (!timeo)
			return NULL;
		*err = sock_intr_errno(timeo);
		if (signal_pending(current))
			return NULL;
		timeo = unix_wait_data(sk, timeo, NULL);
	}
}

static int unix_dgram_recvmsg(struct socket *sock, struct msghdr *msg, size_t size, int flags)
{
	struct sock *sk = sock->sk;
	struct unix_sock *u = unix_sk(sk);
	struct scm_fp_list *fp = NULL;
	struct sk_buff *skb;
	int err, copied;

	err = unix_recv_check(sk, flags);
	if (err)
		return err;
	mutex_lock(&u->iolock);
	skb = unix_next_packet(sk, flags, &err);
	if (!skb) {
		mutex_unlock(&u->iolock);
		return err;
	}
	if (!(flags & MSG_PEEK)) {
		wake_up_interruptible_all(&u->peer_wait);
		if (sk->sk_type == SOCK_DGRAM &&
		    skb_queue_len(&sk->sk_receive_queue) == READ_ONCE(sk->sk_max_ack_backlog))
			wake_blocked_senders(sk);
	}
	unix_copy_sender(msg, skb);
	copied = min_t(size_t, skb->len, size);
	if (skb->len > size)
		msg->msg_flags |= MSG_TRUNC;
	err = skb_copy_datagram_iter(skb, 0, &msg->msg_iter, copied);
	if (!err) {
		if (ucb(skb)->fp) {
			/* A peek hands out new references; a read takes the skb's. */
			if (flags & MSG_PEEK) {
				fp = scm_fp_dup(ucb(skb)->fp);
			} else {
				fp = ucb(skb)->fp;
				ucb(skb)->fp = NULL;
			}
		}
		sock_recv_timestamp(msg, sk, skb);
		unix_put_control(sk, msg, &ucb(skb)->creds, fp, flags);
		if (flags & MSG_TRUNC)
			copied = skb->len;
	}
	if (!(flags & MSG_PEEK))
		kfree_skb(skb);
	mutex_unlock(&u->iolock);
	return err ? err : copied;
}

/* ------------------------------------------------------------- poll */

static __poll_t unix_common_poll(struct file *file, struct socket *sock, poll_table *wait)
{
	struct sock *sk = sock->sk;
	__poll_t mask = 0;
	u8 shut = READ_ONCE(sk->sk_shutdown);

	bool rd_shut = shut & RCV_SHUTDOWN;

	poll_wait(file, sk->sk_wq, wait);
	/* End of input reads as readable: the read returns 0 at once. */
	if (rd_shut || !skb_queue_empty(&sk->sk_receive_queue))
		mask = POLLIN | POLLRDNORM;
	if (rd_shut)
		mask |= POLLRDHUP;
	if (shut == SHUTDOWN_MASK)
		mask |= POLLHUP;
	if (READ_ONCE(sk->sk_err))
		mask |= POLLERR;
	return mask;
}

static __poll_t unix_stream_poll(struct file *file, struct socket *sock, poll_table *wait)
{
	struct sock *sk = sock->sk;
	__poll_t mask = unix_common_poll(file, sock, wait);

	/* An unconnected connection-oriented socket is hung up. */
	if (sk->sk_state == TCP_CLOSE)
		mask |= POLLHUP;
	if (unix_writable(sk))
		mask |= POLLOUT | POLLWRNORM | POLLWRBAND;
	return mask;
}

static __poll_t unix_dgram_poll(struct file *file, struct socket *sock, poll_table *wait)
{
	struct sock *sk = sock->sk, *peer;
	__poll_t mask = unix_common_poll(file, sock, wait);
	bool writable = unix_writable(sk);

	if (sk->sk_type == SOCK_SEQPACKET && sk->sk_state == TCP_CLOSE)
		mask |= POLLHUP;
	/* A connected datagram socket waits for room in its peer's queue too. */
	peer = READ_ONCE(unix_sk(sk)->peer);
	if (writable && peer && sk->sk_type == SOCK_DGRAM &&
	    READ_ONCE(unix_sk(peer)->peer) != sk && dgram_queue_full(peer))
		writable = false;
	if (writable)
		mask |= POLLOUT | POLLWRNORM | POLLWRBAND;
	else
		sock_set_flag(sk, SOCK_NOSPACE);
	return mask;
}

/* ------------------------------------------------------------- ioctl */

/* Bytes ready: a stream's unread total, a datagram's next packet size. */
static long unix_inq(struct sock *sk)
{
	struct sk_buff_head *q = &sk->sk_receive_queue;
	unsigned long irqflags;
	struct sk_buff *skb;
	long n = 0;

	spin_lock_irqsave(&q->lock, irqflags);
	if (sk->sk_type == SOCK_DGRAM) {
		skb = skb_peek(q);
		n = skb ? skb->len : 0;
	} else {
		skb_queue_walk(q, skb)
			n += skb->len - ucb(skb)->offset;
	}
	spin_unlock_irqrestore(&q->lock, irqflags);
	return n;
}

static int unix_ioctl(struct socket *sock, unsigned int cmd, unsigned long arg)
{
	struct sock *sk = sock->sk;
	int n;

	switch (cmd) {
	case SIOCINQ:
		if (sk->sk_state == TCP_LISTEN)
			return -EINVAL;
		n = unix_inq(sk);
		break;
	case SIOCOUTQ:
		n = atomic_read(&sk->sk_wmem_alloc);
		break;
	default:
		return -ENOIOCTLCMD;
	}
	return put_user(n, (int *)arg);
}

/* -------------------------------------------------------------- ops */

/* Grouped: moving data, then making connections, then the rest. */
static const struct proto_ops unix_stream_ops = {
	.family = PF_UNIX,
	.sendmsg = unix_stream_sendmsg,
	.recvmsg = unix_stream_recvmsg,
	.poll = unix_stream_poll,
	.ioctl = unix_ioctl,
	.bind = unix_bind,
	.listen = unix_listen,
	.accept = unix_accept,
	.connect = unix_stream_connect,
	.socketpair = unix_socketpair,
	.getname = unix_getname,
	.shutdown = unix_shutdown,
	.release = unix_release,
};

static const struct proto_ops unix_dgram_ops = {
	.family = PF_UNIX,
	.sendmsg = unix_dgram_sendmsg,
	.recvmsg = unix_dgram_recvmsg,
	.poll = unix_dgram_poll,
	.ioctl = unix_ioctl,
	.bind = unix_bind,
	.listen = unix_listen,
	.connect = unix_dgram_connect,
	.socketpair = unix_socketpair,
	.getname = unix_getname,
	.shutdown = unix_shutdown,
	.release = unix_release,
};

/* Records over a connection: datagram data paths, stream set-up. */
static const struct proto_ops unix_seqpacket_ops = {
	.family = PF_UNIX,
	.sendmsg = unix_dgram_sendmsg,
	.recvmsg = unix_dgram_recvmsg,
	.poll = unix_dgram_poll,
	.ioctl = unix_ioctl,
	.bind = unix_bind,
	.listen = unix_listen,
	.accept = unix_accept,
	.connect = unix_stream_connect,
	.socketpair = unix_socketpair,
	.getname = unix_getname,
	.shutdown = unix_shutdown,
	.release = unix_release,
};

static const struct net_proto_family unix_family = {
	.family = PF_UNIX,
	.create = unix_create,
};

/* ----------------------------------------------------- /proc/net/unix */

/* The socket(2) state column: connected or not, or going away. */
static int unix_proc_state(struct sock *sk)
{
	bool established = sk->sk_state == TCP_ESTABLISHED;

	if (sk->sk_socket)
		return established ? SS_CONNECTED : SS_UNCONNECTED;
	return established ? SS_CONNECTING : SS_DISCONNECTING;
}

static void unix_proc_name(struct seq_file *m, const struct unix_address *a)
{
	int i, n = a->len - NAME_OFFSET;

	seq_putc(m, ' ');
	if (a->name.sun_path[0]) {
		/* A path: its length counts the terminating NUL. */
		seq_write(m, a->name.sun_path, strnlen(a->name.sun_path, n));
		return;
	}
	for (i = 0; i < n; i++)
		seq_putc(m, a->name.sun_path[i] ? a->name.sun_path[i] : '@');
}

static int unix_proc_show(struct seq_file *m, void *v)
{
	struct unix_sock *u;

	seq_puts(m, "Num       RefCount Protocol Flags    Type St Inode Path\n");
	spin_lock(&unix_list_lock);
	list_for_each_entry(u, &unix_list, node) {
		struct sock *sk = &u->sk;

		/* The kernel address column is hidden, as with kptr_restrict. */
		seq_printf(m, "%016lx: %08X %08X %08X %04X %02X %5lu", 0UL,
			   atomic_read(&sk->sk_refcnt), 0,
			   sk->sk_state == TCP_LISTEN ? UNIX_FLAG_LISTENING : 0,
			   sk->sk_type, unix_proc_state(sk), sk->sk_ino);
		if (u->addr)
			unix_proc_name(m, u->addr);
		seq_putc(m, '\n');
	}
	spin_unlock(&unix_list_lock);
	return 0;
}

/* --------------------------------------------------------------- init */

static int sysctl_qlen_min;
static int sysctl_qlen_max = INT_MAX;

static struct ctl_table unix_table[] = {
	{
		.procname = "max_dgram_qlen",
		.data = &sysctl_unix_max_dgram_qlen,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = proc_dointvec_minmax,
		.extra1 = &sysctl_qlen_min,
		.extra2 = &sysctl_qlen_max,
	},
	{ }
};

static int __init af_unix_init(void)
{
	int err = proto_register(&unix_proto);

	if (err)
		return err;
	err = sock_register(&unix_family);
	if (err) {
		pr_err("unix: cannot register the family: %d\n", err);
		return err;
	}
	if (proc_net && !proc_create_single("unix", 0444, proc_net, unix_proc_show))
		pr_err("unix: cannot create /proc/net/unix\n");
	if (!register_sysctl("net/unix", unix_table))
		pr_err("unix: cannot register net.unix sysctls\n");
	return 0;
}
device_initcall(af_unix_init);
