// SPDX-License-Identifier: GPL-2.0-only
/*
 * Descriptor tables (<linux/fdtable.h>, <linux/file.h>).
 *
 * Allocation always hands out the lowest free descriptor at or above the
 * requested minimum (POSIX), below the task's RLIMIT_NOFILE (EMFILE past
 * it).  The table grows by replacing fdt with a larger copy; the first
 * NR_OPEN_DEFAULT slots live inside files_struct itself.
 *
 * Interface: get_unused_fd_flags()/fd_install()/put_unused_fd(),
 * fget()/fdget(), close_fd(), replace_fd() (dup2), f_dupfd(), dup_fd()
 * and copy_files() for fork, do_close_on_exec() for execve, exit_files();
 * the close_range(2) system call.
 *
 * Locking: files->file_lock guards everything in the table (see
 * fdtable.h).  Growing the table allocates with the lock dropped and
 * re-checks afterwards.  fput() of a closed file happens after the lock
 * is released.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/bitops.h>
#include <linux/log2.h>
#include <linux/sched.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/fdtable.h>
#include <linux/resource.h>
#include <linux/syscalls.h>
#include <uapi/linux/close_range.h>

/* Linux clone flag: share the descriptor table. */
#define CLONE_FILES	0x00000400

/* fs.nr_open: upper bound of any table (Linux default 1024 * 1024). */
unsigned int sysctl_nr_open = 1024 * 1024;

/*
 * The table every files_struct starts with: NR_OPEN_DEFAULT slots and
 * their two bitmaps, all inside the files_struct itself.
 */
#define EMBEDDED_FDTABLE(files) {					\
	.max_fds = NR_OPEN_DEFAULT, .fd = (files).fd_array,		\
	.open_fds = (files).open_fds_init,				\
	.close_on_exec = (files).close_on_exec_init }

/* The first task's table (and every kernel thread's). */
struct files_struct init_files = {
	.fdtab = EMBEDDED_FDTABLE(init_files),
	.fdt = &init_files.fdtab,
	.file_lock = __SPIN_LOCK_UNLOCKED(init_files.file_lock),
	.count = ATOMIC_INIT(1),
};

unsigned int task_nofile_limit(void)
{
	/* RLIMIT_NOFILE's soft limit, never above fs.nr_open. */
	return min_t(unsigned long, rlimit(RLIMIT_NOFILE), READ_ONCE(sysctl_nr_open));
}

/* ------------------------------------------------------------ table growth */

static void *fdt_zalloc(size_t size)
{
	if (size <= KMALLOC_MAX_CACHE_SIZE)
		return kzalloc(size, GFP_KERNEL);
	return vzalloc(size);
}

static void fdt_free_mem(void *p, size_t size)
{
	if (size <= KMALLOC_MAX_CACHE_SIZE)
		kfree(p);
	else
		vfree(p);
}

static void free_fdtable(struct fdtable *fdt)
{
	fdt_free_mem(fdt->fd, fdt->max_fds * sizeof(struct file *));
	fdt_free_mem(fdt->open_fds, BITS_TO_LONGS(fdt->max_fds) * sizeof(long) * 2);
	kfree(fdt);
}

/* A table for at least nr descriptors: sizes double from 256 bytes worth. */
static struct fdtable *alloc_fdtable(unsigned int nr)
{
	struct fdtable *fdt;
	size_t bitmap;

	nr = max(nr, 256U / (unsigned int)sizeof(struct file *));
	nr = roundup_pow_of_two((unsigned long)nr + 1);
	if (nr > sysctl_nr_open)
		nr = ALIGN(sysctl_nr_open, BITS_PER_LONG);
	fdt = kzalloc(sizeof(*fdt), GFP_KERNEL);
	if (!fdt)
		return NULL;
	fdt->max_fds = nr;
	fdt->fd = fdt_zalloc(nr * sizeof(struct file *));
	bitmap = BITS_TO_LONGS(nr) * sizeof(long);
	/* open_fds and close_on_exec share one allocation. */
	fdt->open_fds = fdt_zalloc(bitmap * 2);
	if (!fdt->fd || !fdt->open_fds) {
		if (fdt->fd)
			fdt_free_mem(fdt->fd, nr * sizeof(struct file *));
		if (fdt->open_fds)
			fdt_free_mem(fdt->open_fds, bitmap * 2);
		kfree(fdt);
		return NULL;
	}
	fdt->close_on_exec = fdt->open_fds + BITS_TO_LONGS(nr);
	return fdt;
}

static void copy_fdtable(struct fdtable *nfdt, const struct fdtable *ofdt)
{
	unsigned int n = ofdt->max_fds;

	memcpy(nfdt->fd, ofdt->fd, n * sizeof(struct file *));
	memcpy(nfdt->open_fds, ofdt->open_fds, BITS_TO_LONGS(n) * sizeof(long));
	memcpy(nfdt->close_on_exec, ofdt->close_on_exec, BITS_TO_LONGS(n) * sizeof(long));
}

/*
 * Make room for descriptor nr.  Called and returns with file_lock held,
 * dropping it to allocate.  Returns 0 (nothing changed), 1 (grown: the
 * caller re-checks) or -errno.
 */
static int expand_files(struct files_struct *files, unsigned int nr)
{
	struct fdtable *fdt = files->fdt, *nfdt;

	if (nr < fdt->max_fds)
		return 0;
	if (nr >= sysctl_nr_open)
		return -EMFILE;
	spin_unlock(&files->file_lock);
	nfdt = alloc_fdtable(nr);
	spin_lock(&files->file_lock);
	if (!nfdt)
		return -ENOMEM;
	fdt = files->fdt;
	if (nr < fdt->max_fds) {
		/* Someone sharing the table grew it meanwhile. */
		spin_unlock(&files->file_lock);
		free_fdtable(nfdt);
		spin_lock(&files->file_lock);
		return 1;
	}
	copy_fdtable(nfdt, fdt);
	files->fdt = nfdt;
	if (fdt != &files->fdtab) {
		spin_unlock(&files->file_lock);
		free_fdtable(fdt);
		spin_lock(&files->file_lock);
	}
	return 1;
}

/* ------------------------------------------------------------ allocation */

static void set_cloexec_bit(struct fdtable *fdt, unsigned int fd, bool on)
{
	if (on)
		__set_bit(fd, fdt->close_on_exec);
	else if (test_bit(fd, fdt->close_on_exec))
		__clear_bit(fd, fdt->close_on_exec);	/* no write if already clear */
}

/* Slot fd is taken (reserved or holding a file); close-on-exec as asked. */
static void mark_fd_used(struct fdtable *fdt, unsigned int fd, bool cloexec)
{
	__set_bit(fd, fdt->open_fds);
	set_cloexec_bit(fdt, fd, cloexec);
}

/* Slot fd is free again; allocation may restart the search from it. */
static void release_fd_slot(struct files_struct *files, unsigned int fd)
{
	__clear_bit(fd, files->fdt->open_fds);
	files->next_fd = min(files->next_fd, fd);
}

/* The lowest slot of fdt at or above from that is not taken (may be past the end). */
static unsigned int lowest_free_fd(const struct fdtable *fdt, unsigned int from)
{
	if (from >= fdt->max_fds)
		return from;
	return find_next_zero_bit(fdt->open_fds, fdt->max_fds, from);
}

/*
 * Reserve the lowest free descriptor in [start, end).  next_fd caches
 * where the search from 0 may begin: everything below it is taken.
 */
static int alloc_fd(unsigned int start, unsigned int end, unsigned int flags)
{
	struct files_struct *files = current->files;
	unsigned int fd;
	int ret;

	spin_lock(&files->file_lock);
	for (;;) {
		fd = lowest_free_fd(files->fdt, max(start, files->next_fd));
		if (fd >= end) {
			ret = -EMFILE;
			break;
		}
		ret = expand_files(files, fd);
		if (ret > 0)
			continue;	/* the table changed: search it again */
		if (ret < 0)
			break;
		if (start <= files->next_fd)
			files->next_fd = fd + 1;
		mark_fd_used(files->fdt, fd, flags & O_CLOEXEC);
		WARN_ON(files->fdt->fd[fd]);
		ret = fd;
		break;
	}
	spin_unlock(&files->file_lock);
	return ret;
}

int get_unused_fd_flags(unsigned int flags)
{
	return alloc_fd(0, task_nofile_limit(), flags);
}

void fd_install(unsigned int fd, struct file *file)
{
	struct files_struct *files = current->files;
	struct fdtable *fdt;

	spin_lock(&files->file_lock);
	fdt = files->fdt;
	WARN_ON(fdt->fd[fd] || !test_bit(fd, fdt->open_fds));
	fdt->fd[fd] = file;
	spin_unlock(&files->file_lock);
}

/* Give back a descriptor reserved by get_unused_fd_flags() but never installed. */
void put_unused_fd(unsigned int fd)
{
	struct files_struct *files = current->files;

	spin_lock(&files->file_lock);
	release_fd_slot(files, fd);
	spin_unlock(&files->file_lock);
}

/* ------------------------------------------------------------ lookup */

struct file *files_lookup_fd_locked(struct files_struct *files, unsigned int fd)
{
	struct fdtable *fdt = files->fdt;

	if (fd < fdt->max_fds)
		return fdt->fd[fd];
	return NULL;
}

static struct file *__fget_files(struct files_struct *files, unsigned int fd, fmode_t mask)
{
	struct file *file;

	spin_lock(&files->file_lock);
	file = files_lookup_fd_locked(files, fd);
	if (file && (file->f_mode & mask))
		file = NULL;
	if (file)
		get_file(file);
	spin_unlock(&files->file_lock);
	return file;
}

struct file *fget(unsigned int fd)
{
	return __fget_files(current->files, fd, FMODE_PATH);
}

struct file *fget_raw(unsigned int fd)
{
	return __fget_files(current->files, fd, 0);
}

struct file *fget_task(struct task_struct *task, unsigned int fd)
{
	struct file *file = NULL;

	/* task->files changes only at exit; readers of other tasks race with that. */
	if (task->files)
		file = __fget_files(task->files, fd, 0);
	return file;
}

/*
 * f_pos users serialise on f_pos_lock when the description may be
 * shared: another descriptor or another task refers to it (our own
 * reference and the table's make two), or the table itself is shared
 * by threads.
 */
struct fd fdget_pos(unsigned int fd)
{
	struct fd f = fdget(fd);

	if (f.file && (f.file->f_mode & FMODE_ATOMIC_POS) &&
	    (file_count(f.file) > 2 || atomic_read(&current->files->count) > 1)) {
		mutex_lock(&f.file->f_pos_lock);
		f.flags |= FDPUT_POS_UNLOCK;
	}
	return f;
}

void fdput_pos(struct fd f)
{
	if (f.flags & FDPUT_POS_UNLOCK)
		mutex_unlock(&f.file->f_pos_lock);
	fdput(f);
}

/* ------------------------------------------------------------ close */

struct file *close_fd_get_file(unsigned int fd)
{
	struct files_struct *files = current->files;
	struct fdtable *fdt;
	struct file *file = NULL;

	spin_lock(&files->file_lock);
	fdt = files->fdt;
	if (fd < fdt->max_fds && fdt->fd[fd]) {
		file = fdt->fd[fd];
		fdt->fd[fd] = NULL;
		set_cloexec_bit(fdt, fd, false);
		release_fd_slot(files, fd);
	}
	spin_unlock(&files->file_lock);
	return file;
}

int close_fd(unsigned int fd)
{
	struct file *file = close_fd_get_file(fd);

	if (!file)
		return -EBADF;
	return filp_close(file, current->files);
}

/*
 * close_range(2): close (or with CLOSE_RANGE_CLOEXEC mark close-on-exec)
 * every open descriptor in [fd, max_fd]; CLOSE_RANGE_UNSHARE first gives
 * the caller a table of its own.  One descriptor per lock hold: closing
 * may sleep (->flush).
 */
SYSCALL_DEFINE3(close_range, unsigned int, fd, unsigned int, max_fd, unsigned int, flags)
{
	struct files_struct *files;
	struct file *file;
	int err;

	if ((flags & ~(CLOSE_RANGE_UNSHARE | CLOSE_RANGE_CLOEXEC)) || fd > max_fd)
		return -EINVAL;
	if (flags & CLOSE_RANGE_UNSHARE) {
		err = unshare_files();
		if (err)
			return err;
	}
	files = current->files;
	for (;;) {
		struct fdtable *fdt;

		spin_lock(&files->file_lock);
		fdt = files->fdt;
		fd = fd < fdt->max_fds ? find_next_bit(fdt->open_fds, fdt->max_fds, fd) : fd;
		if (fd >= fdt->max_fds || fd > max_fd) {
			spin_unlock(&files->file_lock);
			return 0;
		}
		if (flags & CLOSE_RANGE_CLOEXEC) {
			set_cloexec_bit(fdt, fd, true);
			spin_unlock(&files->file_lock);
		} else {
			spin_unlock(&files->file_lock);
			file = close_fd_get_file(fd);
			if (file)
				filp_close(file, files);
		}
		if (fd == max_fd)
			return 0;
		fd++;
		cond_resched();
	}
}

void set_close_on_exec(unsigned int fd, int flag)
{
	struct files_struct *files = current->files;

	spin_lock(&files->file_lock);
	if (fd < files->fdt->max_fds)
		set_cloexec_bit(files->fdt, fd, flag);
	spin_unlock(&files->file_lock);
}

bool get_close_on_exec(unsigned int fd)
{
	struct files_struct *files = current->files;
	bool res;

	spin_lock(&files->file_lock);
	res = fd < files->fdt->max_fds && test_bit(fd, files->fdt->close_on_exec);
	spin_unlock(&files->file_lock);
	return res;
}

/* ------------------------------------------------------------ dup */

/*
 * Put file into slot fd, closing whatever was there.  Entered with
 * file_lock held, which it drops.  A slot that is reserved but still
 * empty belongs to an open(2) in progress in another thread: EBUSY.
 */
static int install_over(struct files_struct *files, struct file *file, unsigned int fd,
			unsigned int flags)
{
	struct fdtable *fdt = files->fdt;
	struct file *old = fdt->fd[fd];

	if (!old && test_bit(fd, fdt->open_fds)) {
		spin_unlock(&files->file_lock);
		return -EBUSY;
	}
	fdt->fd[fd] = get_file(file);
	mark_fd_used(fdt, fd, flags & O_CLOEXEC);
	spin_unlock(&files->file_lock);
	/* The old file is closed outside the lock: ->flush may sleep. */
	if (old)
		filp_close(old, files);
	return fd;
}

/*
 * Grow the table, with file_lock held, until slot fd exists.  A
 * descriptor beyond fs.nr_open is a bad descriptor number to dup2(2).
 */
static int make_room_locked(struct files_struct *files, unsigned int fd)
{
	int err;

	do {
		err = expand_files(files, fd);
	} while (err > 0 && fd >= files->fdt->max_fds);
	if (err == -EMFILE)
		return -EBADF;
	return min(err, 0);
}

int replace_fd(unsigned int fd, struct file *file, unsigned int flags)
{
	struct files_struct *files = current->files;
	int err;

	if (!file)
		return close_fd(fd);
	if (fd >= task_nofile_limit())
		return -EBADF;
	spin_lock(&files->file_lock);
	err = make_room_locked(files, fd);
	if (err) {
		spin_unlock(&files->file_lock);
		return err;
	}
	return install_over(files, file, fd, flags);
}

int ksys_dup3(unsigned int oldfd, unsigned int newfd, int flags)
{
	struct files_struct *files = current->files;
	struct file *file;
	int err;

	/* dup3(2): only O_CLOEXEC, and never onto itself. */
	if ((flags & ~O_CLOEXEC) || oldfd == newfd)
		return -EINVAL;
	if (newfd >= task_nofile_limit())
		return -EBADF;

	spin_lock(&files->file_lock);
	err = make_room_locked(files, newfd);
	file = files_lookup_fd_locked(files, oldfd);
	/* A closed oldfd is reported before any trouble growing the table. */
	if (!file)
		err = -EBADF;
	if (err) {
		spin_unlock(&files->file_lock);
		return err;
	}
	return install_over(files, file, newfd, flags);
}

/* F_DUPFD: the lowest free descriptor >= from, sharing file. */
int f_dupfd(unsigned int from, struct file *file, unsigned int flags)
{
	unsigned int limit = task_nofile_limit();
	int newfd;

	if (from >= limit)
		return -EINVAL;
	newfd = alloc_fd(from, limit, flags);
	if (newfd < 0)
		return newfd;
	fd_install(newfd, get_file(file));
	return newfd;
}

int ksys_dup(unsigned int fildes)
{
	struct file *file = fget_raw(fildes);
	int newfd;

	if (!file)
		return -EBADF;
	newfd = get_unused_fd_flags(0);
	if (newfd < 0) {
		fput(file);
		return newfd;
	}
	fd_install(newfd, file);	/* our reference becomes the table's */
	return newfd;
}

/* ------------------------------------------------------------ fork, exec, exit */

static unsigned int count_open_files(const struct fdtable *fdt)
{
	unsigned int words = BITS_TO_LONGS(fdt->max_fds);

	while (words && !fdt->open_fds[words - 1])
		words--;
	return words * BITS_PER_LONG;
}

struct files_struct *dup_fd(struct files_struct *oldf, int *errorp)
{
	struct files_struct *newf;
	struct fdtable *old_fdt, *new_fdt;
	unsigned int open_files;

	newf = kzalloc(sizeof(*newf), GFP_KERNEL);
	if (!newf) {
		*errorp = -ENOMEM;
		return NULL;
	}
	atomic_set(&newf->count, 1);
	spin_lock_init(&newf->file_lock);
	newf->fdtab = (struct fdtable)EMBEDDED_FDTABLE(*newf);
	new_fdt = &newf->fdtab;

	spin_lock(&oldf->file_lock);
	old_fdt = oldf->fdt;
	open_files = count_open_files(old_fdt);
	while (open_files > new_fdt->max_fds) {
		spin_unlock(&oldf->file_lock);
		if (new_fdt != &newf->fdtab)
			free_fdtable(new_fdt);
		new_fdt = alloc_fdtable(open_files - 1);
		if (!new_fdt) {
			kfree(newf);
			*errorp = -ENOMEM;
			return NULL;
		}
		spin_lock(&oldf->file_lock);
		old_fdt = oldf->fdt;
		open_files = count_open_files(old_fdt);
	}
	for (unsigned int fd = 0; fd < open_files; fd++) {
		struct file *f = old_fdt->fd[fd];

		if (f) {
			get_file(f);
			new_fdt->fd[fd] = f;
			__set_bit(fd, new_fdt->open_fds);
			if (test_bit(fd, old_fdt->close_on_exec))
				__set_bit(fd, new_fdt->close_on_exec);
		}
		/* A slot reserved but not installed is free in the copy. */
	}
	spin_unlock(&oldf->file_lock);
	newf->fdt = new_fdt;
	return newf;
}

static void close_files(struct files_struct *files)
{
	struct fdtable *fdt = files->fdt;

	/* No one else can reach the table any more: no locking. */
	for (unsigned int fd = 0; fd < fdt->max_fds; fd++) {
		struct file *file = fdt->fd[fd];

		if (file) {
			fdt->fd[fd] = NULL;
			filp_close(file, files);
		}
	}
}

void put_files_struct(struct files_struct *files)
{
	if (!atomic_dec_and_test(&files->count))
		return;
	if (WARN_ON(files == &init_files))
		return;
	close_files(files);
	if (files->fdt != &files->fdtab)
		free_fdtable(files->fdt);
	kfree(files);
}

/*
 * Guards the files and fs pointers of a task against readers from other
 * tasks (procfs): they take their reference under it, and the owner
 * replaces or clears the pointer under it (exit, unshare).
 */
DEFINE_SPINLOCK(task_fs_files_lock);

struct files_struct *get_files_struct(struct task_struct *task)
{
	struct files_struct *files;

	spin_lock(&task_fs_files_lock);
	files = task->files;
	if (files)
		atomic_inc(&files->count);
	spin_unlock(&task_fs_files_lock);
	return files;
}

void exit_files(struct task_struct *tsk)
{
	struct files_struct *files = tsk->files;

	if (!files)
		return;
	spin_lock(&task_fs_files_lock);
	tsk->files = NULL;
	spin_unlock(&task_fs_files_lock);
	put_files_struct(files);
}

int copy_files(unsigned long clone_flags, struct task_struct *p)
{
	struct files_struct *oldf = current->files;
	int err = 0;

	if (clone_flags & CLONE_FILES) {
		atomic_inc(&oldf->count);
		p->files = oldf;
		return 0;
	}
	p->files = dup_fd(oldf, &err);
	return err;
}

int unshare_files(void)
{
	struct files_struct *old = current->files, *new;
	int err = 0;

	if (atomic_read(&old->count) == 1)
		return 0;
	new = dup_fd(old, &err);
	if (!new)
		return err;
	spin_lock(&task_fs_files_lock);
	current->files = new;
	spin_unlock(&task_fs_files_lock);
	put_files_struct(old);
	return 0;
}

void do_close_on_exec(struct files_struct *files)
{
	unsigned int i = 0;

	spin_lock(&files->file_lock);
	for (;;) {
		struct fdtable *fdt = files->fdt;
		unsigned int fd;
		struct file *file;

		if (i >= fdt->max_fds)
			break;
		fd = find_next_bit(fdt->close_on_exec, fdt->max_fds, i);
		if (fd >= fdt->max_fds)
			break;
		i = fd + 1;
		__clear_bit(fd, fdt->close_on_exec);
		file = fdt->fd[fd];
		if (!file)
			continue;
		fdt->fd[fd] = NULL;
		release_fd_slot(files, fd);
		spin_unlock(&files->file_lock);
		filp_close(file, files);
		spin_lock(&files->file_lock);
	}
	spin_unlock(&files->file_lock);
}

/*
 * Call f on each open file from descriptor n up, under file_lock (f must
 * not sleep), until it returns non-zero; that value is returned.
 */
int iterate_fd(struct files_struct *files, unsigned int n,
	       int (*f)(const void *, struct file *, unsigned int), const void *p)
{
	unsigned int fd;
	int res = 0;

	if (!files)
		return 0;
	spin_lock(&files->file_lock);
	for (fd = n; !res && fd < files->fdt->max_fds; fd++) {
		struct file *file = files->fdt->fd[fd];

		res = file ? f(p, file, fd) : 0;
	}
	spin_unlock(&files->file_lock);
	return res;
}

unsigned int files_max_fd(struct files_struct *files)
{
	unsigned int n;

	spin_lock(&files->file_lock);
	n = files->fdt->max_fds;
	while (n && !files->fdt->fd[n - 1])
		n--;
	spin_unlock(&files->file_lock);
	return n;
}
