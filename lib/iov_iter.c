// SPDX-License-Identifier: GPL-2.0-only
/*
 * I/O iterators: copy between kernel memory and whatever an iov_iter
 * describes (one user buffer, user or kernel iovec arrays, page
 * fragments).  See <linux/uio.h> for the kinds and the direction rule.
 *
 * Interface: iov_iter_{init,kvec,bvec,ubuf}() set an iterator up;
 * copy_to_iter()/copy_from_iter() and the page variants move bytes and
 * advance it; iov_iter_advance()/iov_iter_revert() move it without
 * copying; import_iovec() builds one from a user iovec array;
 * iov_iter_alignment()/iov_iter_get_pages() serve direct I/O, which moves
 * data between the device and the iterator's pages themselves.
 *
 * Every user access goes through copy_{to,from}_user()/clear_user(), so
 * a bad user address shortens the copy (the return value says how far
 * it got) instead of faulting.  No locking: an iterator has one owner.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/bug.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/uio.h>
#include <linux/mmap_lock.h>
#include <linux/sched.h>
#include <asm/uaccess.h>

/* ------------------------------------------------------------ set-up */

void iov_iter_init(struct iov_iter *i, unsigned int direction, const struct iovec *iov,
		   unsigned long nr_segs, size_t count)
{
	WARN_ON(direction & ~(READ | WRITE));
	*i = (struct iov_iter){
		.iter_type = ITER_IOVEC,
		.data_source = direction,
		.__iov = iov,
		.nr_segs = nr_segs,
		.count = count,
	};
}

void iov_iter_kvec(struct iov_iter *i, unsigned int direction, const struct kvec *kvec,
		   unsigned long nr_segs, size_t count)
{
	WARN_ON(direction & ~(READ | WRITE));
	*i = (struct iov_iter){
		.iter_type = ITER_KVEC,
		.data_source = direction,
		.kvec = kvec,
		.nr_segs = nr_segs,
		.count = count,
	};
}

void iov_iter_bvec(struct iov_iter *i, unsigned int direction, const struct bio_vec *bvec,
		   unsigned long nr_segs, size_t count)
{
	WARN_ON(direction & ~(READ | WRITE));
	*i = (struct iov_iter){
		.iter_type = ITER_BVEC,
		.data_source = direction,
		.bvec = bvec,
		.nr_segs = nr_segs,
		.count = count,
	};
}

void iov_iter_ubuf(struct iov_iter *i, unsigned int direction, void *buf, size_t count)
{
	WARN_ON(direction & ~(READ | WRITE));
	*i = (struct iov_iter){
		.iter_type = ITER_UBUF,
		.data_source = direction,
		.ubuf = buf,
		.nr_segs = 1,
		.count = count,
	};
}

/* ------------------------------------------------------------ segments */

/* Length of segment idx (relative to the current one) of an array kind. */
static size_t seg_len(const struct iov_iter *i, long idx)
{
	switch (i->iter_type) {
	case ITER_IOVEC:
		return i->__iov[idx].iov_len;
	case ITER_KVEC:
		return i->kvec[idx].iov_len;
	case ITER_BVEC:
		return i->bvec[idx].bv_len;
	default:
		return 0;
	}
}

static void seg_step(struct iov_iter *i, long delta)
{
	switch (i->iter_type) {
	case ITER_IOVEC:
		i->__iov += delta;
		break;
	case ITER_KVEC:
		i->kvec += delta;
		break;
	case ITER_BVEC:
		i->bvec += delta;
		break;
	default:
		break;
	}
	i->nr_segs -= delta;
}

/* Skip exhausted and empty segments so the current one has bytes left. */
static void skip_empty(struct iov_iter *i)
{
	if (i->iter_type == ITER_UBUF)
		return;
	while (i->nr_segs > 1 && i->iov_offset >= seg_len(i, 0)) {
		seg_step(i, 1);
		i->iov_offset = 0;
	}
}

/*
 * The current segment: its address (user or kernel, see user_backed_iter)
 * and how many bytes of it are left within i->count.
 */
static size_t cur_seg(struct iov_iter *i, void **base)
{
	size_t len;

	skip_empty(i);
	switch (i->iter_type) {
	case ITER_UBUF:
		*base = (char *)i->ubuf + i->iov_offset;
		return i->count;
	case ITER_IOVEC:
		*base = (char *)i->__iov->iov_base + i->iov_offset;
		len = i->__iov->iov_len - i->iov_offset;
		break;
	case ITER_KVEC:
		*base = (char *)i->kvec->iov_base + i->iov_offset;
		len = i->kvec->iov_len - i->iov_offset;
		break;
	case ITER_BVEC:
		*base = (char *)page_address(i->bvec->bv_page) + i->bvec->bv_offset + i->iov_offset;
		len = i->bvec->bv_len - i->iov_offset;
		break;
	default:
		*base = NULL;
		return 0;
	}
	return min(len, i->count);
}

void iov_iter_advance(struct iov_iter *i, size_t bytes)
{
	bytes = min(bytes, i->count);
	i->count -= bytes;
	if (i->iter_type == ITER_UBUF) {
		i->iov_offset += bytes;
		return;
	}
	bytes += i->iov_offset;
	while (i->nr_segs && bytes >= seg_len(i, 0) && (bytes || i->nr_segs > 1)) {
		bytes -= seg_len(i, 0);
		seg_step(i, 1);
		if (!i->nr_segs) {
			/* Ran off the array: only possible with count == 0. */
			i->iov_offset = 0;
			return;
		}
	}
	i->iov_offset = bytes;
}

void iov_iter_revert(struct iov_iter *i, size_t unroll)
{
	i->count += unroll;
	if (i->iter_type == ITER_UBUF) {
		WARN_ON(unroll > i->iov_offset);
		i->iov_offset -= unroll;
		return;
	}
	if (unroll <= i->iov_offset) {
		i->iov_offset -= unroll;
		return;
	}
	unroll -= i->iov_offset;
	for (;;) {
		size_t len;

		seg_step(i, -1);
		len = seg_len(i, 0);
		if (unroll <= len) {
			i->iov_offset = len - unroll;
			return;
		}
		unroll -= len;
	}
}

/* ------------------------------------------------------------ copying */

size_t copy_to_iter(const void *addr, size_t bytes, struct iov_iter *i)
{
	size_t done = 0;

	if (WARN_ON(i->data_source))
		return 0;
	bytes = min(bytes, i->count);
	while (done < bytes) {
		void *base;
		size_t n = min(cur_seg(i, &base), bytes - done), left = 0;

		if (!n)
			break;
		if (user_backed_iter(i))
			left = copy_to_user(base, (const char *)addr + done, n);
		else
			memcpy(base, (const char *)addr + done, n);
		iov_iter_advance(i, n - left);
		done += n - left;
		if (left)
			break;
	}
	return done;
}

size_t copy_from_iter(void *addr, size_t bytes, struct iov_iter *i)
{
	size_t done = 0;

	if (WARN_ON(!i->data_source))
		return 0;
	bytes = min(bytes, i->count);
	while (done < bytes) {
		void *base;
		size_t n = min(cur_seg(i, &base), bytes - done), left = 0;

		if (!n)
			break;
		if (user_backed_iter(i))
			left = copy_from_user((char *)addr + done, base, n);
		else
			memcpy((char *)addr + done, base, n);
		iov_iter_advance(i, n - left);
		done += n - left;
		if (left)
			break;
	}
	return done;
}

size_t iov_iter_zero(size_t bytes, struct iov_iter *i)
{
	size_t done = 0;

	if (WARN_ON(i->data_source))
		return 0;
	bytes = min(bytes, i->count);
	while (done < bytes) {
		void *base;
		size_t n = min(cur_seg(i, &base), bytes - done), left = 0;

		if (!n)
			break;
		if (user_backed_iter(i))
			left = clear_user(base, n);
		else
			memset(base, 0, n);
		iov_iter_advance(i, n - left);
		done += n - left;
		if (left)
			break;
	}
	return done;
}

/* The page (or compound page) must hold [offset, offset + bytes). */
static bool page_range_ok(struct page *page, size_t offset, size_t bytes)
{
	struct page *head = compound_head(page);

	offset += (page - head) * PAGE_SIZE;
	return !WARN_ON(offset > page_size(head) || bytes > page_size(head) - offset);
}

size_t copy_page_to_iter(struct page *page, size_t offset, size_t bytes, struct iov_iter *i)
{
	if (!page_range_ok(page, offset, bytes))
		return 0;
	return copy_to_iter((char *)page_address(page) + offset, bytes, i);
}

size_t copy_page_from_iter(struct page *page, size_t offset, size_t bytes, struct iov_iter *i)
{
	if (!page_range_ok(page, offset, bytes))
		return 0;
	return copy_from_iter((char *)page_address(page) + offset, bytes, i);
}

/* ------------------------------------------------------------ direct I/O */

unsigned long iov_iter_alignment(const struct iov_iter *i)
{
	struct iov_iter it = *i;
	unsigned long res = 0;
	size_t left = i->count;

	while (left) {
		void *base;
		size_t len = cur_seg(&it, &base);

		if (!len)
			break;
		len = min(len, left);
		res |= (unsigned long)base | len;
		left -= len;
		iov_iter_advance(&it, len);
	}
	return res;
}

ssize_t iov_iter_get_pages(struct iov_iter *i, struct page **pages, size_t maxsize,
			   unsigned int maxpages, size_t *start)
{
	struct iov_iter it = *i;
	unsigned long addr, first;
	unsigned int n, k;
	void *base;
	size_t len;
	long got;

	len = cur_seg(&it, &base);
	len = min(len, maxsize);
	if (!len)
		return 0;
	addr = (unsigned long)base;
	*start = offset_in_page(addr);
	first = addr & PAGE_MASK;
	n = DIV_ROUND_UP(*start + len, PAGE_SIZE);
	if (n > maxpages) {
		n = maxpages;
		len = n * PAGE_SIZE - *start;
	}
	if (!user_backed_iter(i)) {
		/* Kernel memory: the direct map (kvec) or the pages themselves (bvec). */
		for (k = 0; k < n; k++) {
			pages[k] = virt_to_page((void *)(first + k * PAGE_SIZE));
			get_page(pages[k]);
		}
		return len;
	}
	/* Pages the I/O will write into (a read) must be writable. */
	mmap_read_lock(current->mm);
	got = get_user_pages(first, n, iov_iter_rw(i) == READ ? FOLL_WRITE : 0, pages);
	mmap_read_unlock(current->mm);
	if (got <= 0)
		return got ? got : -EFAULT;
	if ((unsigned int)got < n)
		len = got * PAGE_SIZE - *start;
	return len;
}

/* ------------------------------------------------------------ user iovecs */

ssize_t import_iovec(int type, const struct iovec *uvec, unsigned int nr_segs,
		     unsigned int fast_segs, struct iovec **iovp, struct iov_iter *i)
{
	struct iovec *iov = *iovp;
	size_t total = 0;

	if (nr_segs > UIO_MAXIOV) {
		*iovp = NULL;
		return -EINVAL;
	}
	if (nr_segs > fast_segs) {
		iov = kmalloc(nr_segs * sizeof(*iov), GFP_KERNEL);
		if (!iov) {
			*iovp = NULL;
			return -ENOMEM;
		}
	}
	if (copy_from_user(iov, uvec, nr_segs * sizeof(*iov)))
		goto fault;
	for (unsigned int s = 0; s < nr_segs; s++) {
		size_t len = iov[s].iov_len;

		if ((ssize_t)len < 0)
			goto inval;
		if (!access_ok(iov[s].iov_base, len))
			goto fault;
		/* Linux caps the total quietly by shortening segments. */
		if (len > MAX_RW_COUNT - total) {
			len = MAX_RW_COUNT - total;
			iov[s].iov_len = len;
		}
		total += len;
	}
	iov_iter_init(i, type, iov, nr_segs, total);
	*iovp = iov == *iovp ? NULL : iov;
	return total;

inval:
	if (iov != *iovp)
		kfree(iov);
	*iovp = NULL;
	return -EINVAL;
fault:
	if (iov != *iovp)
		kfree(iov);
	*iovp = NULL;
	return -EFAULT;
}

int import_single_range(int type, void *buf, size_t len, struct iov_iter *i)
{
	if (len > MAX_RW_COUNT)
		len = MAX_RW_COUNT;
	if (!access_ok(buf, len))
		return -EFAULT;
	iov_iter_ubuf(i, type, buf, len);
	return 0;
}

/* ------------------------------------------------------------ fault-in */

/*
 * Touch each user page of [uaddr, uaddr + len) so that a copy from it
 * right after does not fault.  Returns the bytes from the first page
 * that could not be read to the end (0: all readable).
 */
static size_t fault_in_readable(const char *uaddr, size_t len)
{
	unsigned long start = (unsigned long)uaddr, end = start + len;
	unsigned long addr = start;
	u8 __maybe_unused v;

	if (end < start)
		return len;
	while (addr < end) {
		if (get_user(v, (const u8 *)addr))
			return end - max(addr, start);
		addr = (addr & PAGE_MASK) + PAGE_SIZE;
	}
	return 0;
}

size_t fault_in_iov_iter_readable(const struct iov_iter *i, size_t bytes)
{
	struct iov_iter it = *i;
	size_t left;

	if (!user_backed_iter(i))
		return 0;
	left = min(bytes, i->count);
	while (left) {
		void *base;
		size_t len = min(cur_seg(&it, &base), left);
		size_t bad;

		if (!len)
			break;
		bad = fault_in_readable(base, len);
		if (bad)
			return left - (len - bad);
		left -= len;
		iov_iter_advance(&it, len);
	}
	return 0;
}
