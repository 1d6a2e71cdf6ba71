/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * seq_file (fs/seq_file.c): text files generated record by record, so a
 * reader may use any buffer size and a file of many records is produced
 * in pieces.
 *
 * An iterator implements seq_operations: start(m, pos) returns the record
 * at *pos (or NULL at the end), next() advances *pos and returns the
 * following one, show() prints one record with seq_printf() and friends
 * (return 0, SEQ_SKIP to drop what it printed, or -errno), stop() ends a
 * pass (drop locks taken in start).  A record that does not fit is
 * printed again into a buffer twice as big.  Files of one record use
 * single_open(file, show, data).
 *
 *   seq_open()/seq_release(), single_open()/single_release(),
 *   seq_read(), seq_read_iter(), seq_lseek() for the file_operations;
 *   seq_printf(), seq_puts(), seq_putc(), seq_write(), seq_put_decimal_ull(),
 *   seq_pad(), seq_escape_str() for show methods.
 *
 * Locking: m->lock serialises readers of one open file; the iterator
 * provides whatever locking its records need.
 */
#ifndef _LINUX_SEQ_FILE_H
#define _LINUX_SEQ_FILE_H

#include <linux/types.h>
#include <linux/compiler.h>
#include <linux/stdarg.h>
#include <linux/mutex.h>
#include <linux/list.h>

struct file;
struct inode;
struct kiocb;
struct iov_iter;
struct seq_file;

struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, loff_t *pos);
	int (*show)(struct seq_file *m, void *v);
};

#define SEQ_SKIP	1
/* A record pointer for iterators whose first record is a header. */
#define SEQ_START_TOKEN	((void *)1)

struct seq_file {
	char *buf;
	size_t size;		/* of buf */
	size_t from;		/* first byte not yet copied out */
	size_t count;		/* bytes in buf from "from" (or being built) */
	size_t pad_until;	/* seq_pad() target column */
	loff_t index;		/* iterator position of the next record */
	loff_t read_pos;	/* file offset of buf + from */
	struct mutex lock;
	const struct seq_operations *op;
	struct file *file;
	void *private;
};

static inline bool seq_has_overflowed(struct seq_file *m)
{
	return m->count == m->size;
}

int seq_open(struct file *file, const struct seq_operations *op);
/* seq_open() with a zeroed private area of psize bytes; returns it or NULL. */
void *__seq_open_private(struct file *file, const struct seq_operations *op, int psize);
int seq_release(struct inode *inode, struct file *file);
int seq_release_private(struct inode *inode, struct file *file);
ssize_t seq_read(struct file *file, char *ubuf, size_t size, loff_t *ppos);
ssize_t seq_read_iter(struct kiocb *iocb, struct iov_iter *iter);
loff_t seq_lseek(struct file *file, loff_t offset, int whence);

int single_open(struct file *file, int (*show)(struct seq_file *m, void *v), void *data);
/* single_open() starting with a buffer of size bytes (for big files). */
int single_open_size(struct file *file, int (*show)(struct seq_file *m, void *v), void *data,
		     size_t size);
int single_release(struct inode *inode, struct file *file);

__printf(2, 0) void seq_vprintf(struct seq_file *m, const char *fmt, va_list args);
__printf(2, 3) void seq_printf(struct seq_file *m, const char *fmt, ...);
void seq_puts(struct seq_file *m, const char *s);
void seq_putc(struct seq_file *m, char c);
void seq_write(struct seq_file *m, const void *data, size_t len);
/* delimiter (may be NULL or "") then num in decimal, as Linux's /proc files use. */
void seq_put_decimal_ull(struct seq_file *m, const char *delimiter, unsigned long long num);
void seq_put_decimal_ll(struct seq_file *m, const char *delimiter, long long num);
/* Pad with spaces to the column set by the last seq_setwidth(), then add c (if non-0). */
void seq_setwidth(struct seq_file *m, size_t size);
void seq_pad(struct seq_file *m, char c);
/* s with the characters in esc (and control characters) as \ooo octal. */
void seq_escape_str(struct seq_file *m, const char *s, const char *esc);

/* Iterating a list_head list: the usual start/next. */
struct list_head *seq_list_start(struct list_head *head, loff_t pos);
struct list_head *seq_list_next(void *v, struct list_head *head, loff_t *ppos);

/*
 * DEFINE_SHOW_ATTRIBUTE(foo) makes foo_fops from
 * int foo_show(struct seq_file *m, void *unused), with m->private the
 * data pointer given to debugfs_create_file() (inode->i_private).
 */
#define DEFINE_SHOW_ATTRIBUTE(__name)						\
	static int __name##_open(struct inode *inode, struct file *file)	\
	{ return single_open(file, __name##_show, inode->i_private); }		\
	static const struct file_operations __name##_fops = {			\
		.open = __name##_open, .release = single_release,		\
		.read = seq_read, .llseek = seq_lseek,				\
	}

#endif /* _LINUX_SEQ_FILE_H */
