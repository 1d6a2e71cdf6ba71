// SPDX-License-Identifier: GPL-2.0-only
/*
 * seq_file: generated text files read in arbitrary pieces.  Interface,
 * rules and locking: <linux/seq_file.h>.
 *
 * How a read works: bytes left in the buffer from the previous read go
 * out first.  Then the buffer is refilled from the iterator at m->index:
 * the first record is printed (into a doubled buffer until it fits), and
 * further records are added while they fit and the reader wants more.
 * m->read_pos is the file offset of the unread buffer contents; a read
 * or seek at any other offset regenerates the file from the start and
 * skips to it (traverse()).
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/mm.h>
#include <linux/fs.h>
#include <linux/uio.h>
#include <linux/ctype.h>
#include <linux/seq_file.h>
#include <asm/uaccess.h>

/* Buffers up to this size come from kmalloc(), bigger ones from vmalloc(). */
#define SEQ_KMALLOC_MAX	(8 * PAGE_SIZE)

static void *seq_buf_alloc(size_t size)
{
	if (size <= SEQ_KMALLOC_MAX)
		return kmalloc(size, GFP_KERNEL);
	return vmalloc(size);
}

static void seq_buf_free(void *buf)
{
	if (is_vmalloc_addr(buf))
		vfree(buf);
	else
		kfree(buf);
}

int seq_open(struct file *file, const struct seq_operations *op)
{
	struct seq_file *m = kzalloc(sizeof(*m), GFP_KERNEL);

	if (!m)
		return -ENOMEM;
	mutex_init(&m->lock);
	m->op = op;
	m->file = file;
	file->private_data = m;
	/* Records have no fixed size: writes through pwrite make no sense. */
	file->f_mode &= ~FMODE_PWRITE;
	return 0;
}

void *__seq_open_private(struct file *file, const struct seq_operations *op, int psize)
{
	void *private = kzalloc(psize, GFP_KERNEL);

	if (!private)
		return NULL;
	if (seq_open(file, op)) {
		kfree(private);
		return NULL;
	}
	((struct seq_file *)file->private_data)->private = private;
	return private;
}

int seq_release(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	seq_buf_free(m->buf);
	kfree(m);
	return 0;
}

int seq_release_private(struct inode *inode, struct file *file)
{
	struct seq_file *m = file->private_data;

	kfree(m->private);
	m->private = NULL;
	return seq_release(inode, file);
}

/* Give @m its first buffer, a page, if it has none yet. */
static int seq_ensure_buf(struct seq_file *m)
{
	if (m->buf)
		return 0;
	m->size = PAGE_SIZE;
	m->buf = seq_buf_alloc(m->size);
	return m->buf ? 0 : -ENOMEM;
}

/* A record did not fit: trade the buffer (and what it holds) for one twice as big. */
static int seq_grow_buf(struct seq_file *m)
{
	seq_buf_free(m->buf);
	m->count = 0;
	m->size <<= 1;
	m->buf = seq_buf_alloc(m->size);
	return m->buf ? 0 : -ENOMEM;
}

/*
 * One pass over the records from the first, throwing output away up to
 * file offset @offset.  Returns 0 with the buffer holding the rest of the
 * record that contains @offset (nothing if @offset falls between two
 * records), -EAGAIN when a record needed the bigger buffer it now has, or
 * an error.
 */
static int traverse(struct seq_file *m, loff_t offset)
{
	loff_t skip = offset;	/* output still to be thrown away */
	int shown = 0;
	void *rec;

	m->index = 0;
	m->from = 0;
	m->count = 0;
	if (offset == 0)
		return 0;
	if (seq_ensure_buf(m))
		return -ENOMEM;

	rec = m->op->start(m, &m->index);
	while (rec && !IS_ERR(rec)) {
		shown = m->op->show(m, rec);
		if (shown < 0)
			break;
		if (shown > 0)		/* SEQ_SKIP: the record prints nothing */
			m->count = 0;
		if (seq_has_overflowed(m)) {
			m->op->stop(m, rec);
			return seq_grow_buf(m) ? -ENOMEM : -EAGAIN;
		}
		rec = m->op->next(m, rec, &m->index);
		if ((loff_t)m->count > skip) {
			/* @offset is inside this record: keep its tail. */
			m->from = skip;
			m->count -= skip;
			break;
		}
		skip -= m->count;
		m->count = 0;
		if (!skip)
			break;
	}
	m->op->stop(m, rec);
	if (IS_ERR(rec))
		return PTR_ERR(rec);
	return shown < 0 ? shown : 0;
}

static int seq_seek_to(struct seq_file *m, loff_t offset)
{
	int err;

	while ((err = traverse(m, offset)) == -EAGAIN)
		;
	return err;
}

/*
 * Make the buffered output start at file offset @pos.  If that fails,
 * everything is forgotten and the next read starts from the beginning.
 */
static int seq_reposition(struct seq_file *m, loff_t pos)
{
	int err;

	if (pos == m->read_pos)
		return 0;
	err = seq_seek_to(m, pos);
	if (err) {
		m->read_pos = 0;
		m->index = 0;
		m->count = 0;
		return err;
	}
	m->read_pos = pos;
	return 0;
}

/* Fill the buffer with at least one record; 0 at EOF (count 0) or -errno. */
static int seq_fill(struct seq_file *m, size_t want)
{
	int err = 0;
	void *p;

	m->from = 0;
	m->count = 0;
	p = m->op->start(m, &m->index);
	for (;;) {
		if (!p || IS_ERR(p)) {
			err = p ? PTR_ERR(p) : 0;
			m->op->stop(m, p);
			m->count = 0;
			return err;
		}
		err = m->op->show(m, p);
		if (err < 0) {
			m->op->stop(m, p);
			m->count = 0;
			return err;
		}
		if (err > 0)
			m->count = 0;
		if (!m->count) {
			p = m->op->next(m, p, &m->index);
			continue;
		}
		if (!seq_has_overflowed(m))
			break;
		/* The record does not fit: retry it in a buffer twice as big. */
		m->op->stop(m, p);
		if (seq_grow_buf(m))
			return -ENOMEM;
		p = m->op->start(m, &m->index);
	}
	/* Add more records while they fit and the reader wants more. */
	for (;;) {
		size_t before = m->count;
		loff_t index = m->index;

		p = m->op->next(m, p, &m->index);
		if (m->index == index)
			m->index++;	/* an iterator that forgot to advance */
		if (!p || IS_ERR(p) || m->count >= want)
			break;
		err = m->op->show(m, p);
		if (err > 0) {
			m->count = before;
		} else if (err < 0 || seq_has_overflowed(m)) {
			m->count = before;
			break;
		}
	}
	m->op->stop(m, p);
	return 0;
}

ssize_t seq_read_iter(struct kiocb *iocb, struct iov_iter *iter)
{
	struct seq_file *m = iocb->ki_filp->private_data;
	size_t copied = 0;
	int err = 0;

	if (!iov_iter_count(iter))
		return 0;
	mutex_lock(&m->lock);
	err = seq_reposition(m, iocb->ki_pos);
	if (!err)
		err = seq_ensure_buf(m);
	if (err)
		goto out;
	for (;;) {
		if (m->count) {
			size_t n = copy_to_iter(m->buf + m->from, m->count, iter);

			copied += n;
			m->count -= n;
			m->from += n;
			if (m->count || !iov_iter_count(iter))
				break;	/* a fault, or the reader is satisfied */
		}
		err = seq_fill(m, iov_iter_count(iter));
		if (err || !m->count)
			break;
	}
out:
	if (copied) {
		iocb->ki_pos += copied;
		m->read_pos += copied;
	}
	mutex_unlock(&m->lock);
	if (copied)
		return copied;
	if (!err && m->count)
		return -EFAULT;
	return err;
}

ssize_t seq_read(struct file *file, char *ubuf, size_t size, loff_t *ppos)
{
	struct kiocb kiocb = { .ki_filp = file, .ki_pos = *ppos };
	struct iov_iter iter;
	ssize_t ret;

	iov_iter_ubuf(&iter, ITER_DEST, ubuf, size);
	ret = seq_read_iter(&kiocb, &iter);
	*ppos = kiocb.ki_pos;
	return ret;
}

loff_t seq_lseek(struct file *file, loff_t offset, int whence)
{
	struct seq_file *m = file->private_data;
	loff_t ret;

	/* A generated file has no known end: SEEK_SET and SEEK_CUR only. */
	if (whence != SEEK_SET && whence != SEEK_CUR)
		return -EINVAL;
	mutex_lock(&m->lock);
	if (whence == SEEK_CUR)
		offset += file->f_pos;
	if (offset < 0) {
		ret = -EINVAL;
	} else {
		ret = seq_reposition(m, offset);
		file->f_pos = ret ? 0 : offset;
		if (!ret)
			ret = offset;
	}
	mutex_unlock(&m->lock);
	return ret;
}

/* ------------------------------------------------------------ single record files */

static void *single_start(struct seq_file *m, loff_t *pos)
{
	return *pos ? NULL : SEQ_START_TOKEN;
}

static void *single_next(struct seq_file *m, void *v, loff_t *pos)
{
	++*pos;
	return NULL;
}

static void single_stop(struct seq_file *m, void *v)
{
}

int single_open(struct file *file, int (*show)(struct seq_file *m, void *v), void *data)
{
	struct seq_operations *op = kmalloc(sizeof(*op), GFP_KERNEL);
	int err;

	if (!op)
		return -ENOMEM;
	/* One record, shown once: start yields a token at position 0 only. */
	*op = (struct seq_operations){
		.start = single_start,
		.next = single_next,
		.stop = single_stop,
		.show = show,
	};
	err = seq_open(file, op);
	if (err)
		kfree(op);
	else
		((struct seq_file *)file->private_data)->private = data;
	return err;
}

/* single_open() with a buffer of @size from the start, for records known to be big. */
int single_open_size(struct file *file, int (*show)(struct seq_file *m, void *v), void *data,
		     size_t size)
{
	struct seq_file *m;
	int err = single_open(file, show, data);

	if (err)
		return err;
	m = file->private_data;
	m->buf = seq_buf_alloc(size);
	if (!m->buf) {
		single_release(file_inode(file), file);
		return -ENOMEM;
	}
	m->size = size;
	return 0;
}

int single_release(struct inode *inode, struct file *file)
{
	const struct seq_operations *op = ((struct seq_file *)file->private_data)->op;
	int ret = seq_release(inode, file);

	kfree(op);
	return ret;
}

/* ------------------------------------------------------------ output */

void seq_vprintf(struct seq_file *m, const char *fmt, va_list args)
{
	size_t avail = m->size - m->count;
	int len;

	if (m->count < m->size) {
		len = vsnprintf(m->buf + m->count, avail, fmt, args);
		if ((size_t)len < avail) {
			m->count += len;
			return;
		}
	}
	m->count = m->size;	/* overflow: the record is printed again, bigger */
}

void seq_printf(struct seq_file *m, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	seq_vprintf(m, fmt, args);
	va_end(args);
}

void seq_write(struct seq_file *m, const void *data, size_t len)
{
	if (m->count + len < m->size) {
		memcpy(m->buf + m->count, data, len);
		m->count += len;
		return;
	}
	m->count = m->size;
}

void seq_puts(struct seq_file *m, const char *s)
{
	seq_write(m, s, strlen(s));
}

void seq_putc(struct seq_file *m, char c)
{
	if (m->count + 1 < m->size)
		m->buf[m->count++] = c;
	else
		m->count = m->size;
}

void seq_put_decimal_ull(struct seq_file *m, const char *delimiter, unsigned long long num)
{
	char tmp[24];
	int n = 0;

	if (delimiter && *delimiter)
		seq_puts(m, delimiter);
	do {
		tmp[n++] = '0' + num % 10;
		num /= 10;
	} while (num);
	if (m->count + n >= m->size) {
		m->count = m->size;
		return;
	}
	while (n)
		m->buf[m->count++] = tmp[--n];
}

void seq_put_decimal_ll(struct seq_file *m, const char *delimiter, long long num)
{
	if (num < 0) {
		if (delimiter && *delimiter)
			seq_puts(m, delimiter);
		seq_putc(m, '-');
		seq_put_decimal_ull(m, NULL, -(unsigned long long)num);
		return;
	}
	seq_put_decimal_ull(m, delimiter, num);
}

void seq_setwidth(struct seq_file *m, size_t size)
{
	m->pad_until = m->count + size;
}

void seq_pad(struct seq_file *m, char c)
{
	while (m->count < m->pad_until && m->count + 1 < m->size)
		m->buf[m->count++] = ' ';
	if (m->count < m->pad_until)
		m->count = m->size;
	if (c)
		seq_putc(m, c);
}

void seq_escape_str(struct seq_file *m, const char *s, const char *esc)
{
	for (; *s; s++) {
		unsigned char c = *s;

		if (c < ' ' || c == 0x7f || (esc && strchr(esc, c)))
			seq_printf(m, "\\%03o", c);
		else
			seq_putc(m, c);
	}
}

/* ------------------------------------------------------------ list helpers */

/* The @pos'th entry of @head (from 0), or NULL past the end. */
struct list_head *seq_list_start(struct list_head *head, loff_t pos)
{
	struct list_head *lh;

	for (lh = head->next; lh != head; lh = lh->next, pos--) {
		if (pos == 0)
			return lh;
	}
	return NULL;
}

struct list_head *seq_list_next(void *v, struct list_head *head, loff_t *ppos)
{
	struct list_head *lh = ((struct list_head *)v)->next;

	++*ppos;
	return lh == head ? NULL : lh;
}
