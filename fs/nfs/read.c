// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading NFS file pages into the page cache: ->readpage and ->readahead.
 *
 * A run of contiguous locked pages is read with READ calls of up to the
 * mount's rsize, each sent asynchronously, so a read-ahead window of
 * several rsize chunks has several calls in flight at once.  The reply's
 * completion (in an RPC worker) fills the pages:
 *
 *   - a page wholly covered by the data returned is uptodate;
 *   - where the server says eof, the rest is zero-filled and uptodate
 *     (the file ends there; a later extension is found by revalidation);
 *   - a short reply without eof (a server may return less than asked)
 *     sends a new READ for the pages not yet filled;
 *   - an error marks the pages PG_error and leaves them !uptodate, so the
 *     reader sees -EIO (or the mapped error) through the page cache.
 *
 * Holes need nothing special: the server returns zeros for them.
 * Every page is unlocked exactly once, when its data is final.
 *
 * nfs_read_page_locked() is the synchronous one-page read write_begin
 * uses to fill a page it holds locked before a partial overwrite.
 *
 * Locking: the pages are locked by the caller (the page cache) and stay
 * locked until the completion unlocks them; a request holds a reference
 * on each page and on the credentials it was sent with.  Completions do
 * not take page locks or inode locks.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/cred.h>
#include "internal.h"

/* One READ call in flight and the pages it fills. */
struct nfs_read_req {
	struct inode *inode;
	const struct cred *cred;	/* NULL: the RPC worker's */
	struct nfs_io_args args;
	struct nfs_io_res res;
	unsigned int npages;
	unsigned int maxpages;
	struct page *pages[];
};

static unsigned int nfs_rsize_pages(struct inode *inode)
{
	return max_t(unsigned int, NFS_SERVER(inode)->rsize >> PAGE_SHIFT, 1);
}

static struct nfs_read_req *nfs_read_req_alloc(struct inode *inode,
					       const struct cred *cred,
					       unsigned int maxpages)
{
	struct nfs_read_req *req;

	req = kzalloc(sizeof(*req) + maxpages * sizeof(struct page *), GFP_NOFS);
	if (!req)
		return NULL;
	req->inode = inode;
	req->cred = cred ? get_cred(cred) : NULL;
	req->maxpages = maxpages;
	return req;
}

static void nfs_read_req_free(struct nfs_read_req *req)
{
	if (req->cred)
		put_cred(req->cred);
	kfree(req);
}

/* The page's read is over: it is uptodate or not, unlock and let go of it. */
static void nfs_read_page_done(struct page *page, bool ok)
{
	if (ok) {
		SetPageUptodate(page);
	} else {
		ClearPageUptodate(page);
		SetPageError(page);
	}
	unlock_page(page);
	put_page(page);
}

static void nfs_read_fail(struct nfs_read_req *req, unsigned int from)
{
	for (unsigned int i = from; i < req->npages; i++)
		nfs_read_page_done(req->pages[i], false);
	nfs_read_req_free(req);
}

static int nfs_read_send(struct nfs_read_req *req);
static void nfs_read_fill(struct nfs_read_req *req);

/*
 * A short reply without eof: the pages from @first on were not (wholly)
 * filled.  Move them to a new request starting at that page and send it.
 */
static void nfs_read_resend(struct nfs_read_req *req, unsigned int first)
{
	struct nfs_read_req *rest;
	unsigned int i;

	rest = nfs_read_req_alloc(req->inode, req->cred, req->maxpages);
	if (!rest) {
		nfs_read_fail(req, first);
		return;
	}
	for (i = first; i < req->npages; i++)
		rest->pages[rest->npages++] = req->pages[i];
	nfs_read_req_free(req);
	nfs_read_send(rest);
}

static void nfs_read_done(int status, void *data)
{
	struct nfs_read_req *req = data;
	struct inode *inode = req->inode;
	u32 got = req->res.count;

	status = nfs_io_errno(status);
	/*
	 * Merged while our locked pages still pin the inode (nothing else
	 * holds it for an asynchronous read-ahead); the merge only marks
	 * the cache, it never waits for pages.
	 */
	if (req->res.fattr.valid & NFS_ATTR_FATTR)
		nfs_refresh_inode(inode, &req->res.fattr);
	/* No data and no eof would make us ask for ever: a broken server. */
	if (!status && !got && !req->res.eof)
		status = -EIO;
	if (status)
		nfs_read_fail(req, 0);
	else
		nfs_read_fill(req);
}

/* A successful reply: settle each page, or resend the rest of a short one. */
static void nfs_read_fill(struct nfs_read_req *req)
{
	u32 got = req->res.count;
	unsigned int i;

	for (i = 0; i < req->npages; i++) {
		struct page *page = req->pages[i];
		size_t start = (size_t)i << PAGE_SHIFT;

		if (got >= start + PAGE_SIZE) {
			nfs_read_page_done(page, true);
			continue;
		}
		if (!req->res.eof) {
			nfs_read_resend(req, i);
			return;
		}
		/* The file ends inside or before this page: zeros after it. */
		memset((char *)page_address(page) + (got > start ? got - start : 0), 0,
		       PAGE_SIZE - (got > start ? got - start : 0));
		nfs_read_page_done(page, true);
	}
	nfs_read_req_free(req);
}

static const struct rpc_call_ops nfs_read_ops = {
	.rpc_call_done = nfs_read_done,
};

/* Send the READ for req's pages (contiguous, from pages[0]'s index). */
static int nfs_read_send(struct nfs_read_req *req)
{
	int err;

	req->args.offset = page_offset(req->pages[0]);
	req->args.count = req->npages << PAGE_SHIFT;
	req->args.pages = req->pages;
	req->args.pgbase = 0;
	req->res.pages = req->pages;
	req->res.pgbase = 0;
	err = nfs3_proc_read_async(req->inode, &req->args, &req->res, req->cred,
				   &nfs_read_ops, req);
	if (err)
		nfs_read_fail(req, 0);	/* done() will not run */
	return err;
}

/**
 * nfs_readpage() - ->readpage: read one locked page
 * @file: the open file (its credentials are used), or NULL
 * @page: a locked, !uptodate page-cache page
 *
 * Context: process context.  The page is unlocked when the READ's reply
 * has been handled, or now on failure to send it.
 * Return: 0 if the READ was sent, else a negative errno.
 */
int nfs_readpage(struct file *file, struct page *page)
{
	struct inode *inode = page->mapping->host;
	struct nfs_read_req *req;

	req = nfs_read_req_alloc(inode, file ? file->f_cred : NULL, 1);
	if (!req) {
		SetPageError(page);
		unlock_page(page);
		return -ENOMEM;
	}
	get_page(page);
	req->pages[req->npages++] = page;
	return nfs_read_send(req);
}

/**
 * nfs_readahead() - ->readahead: read a window of locked pages
 * @rac: the window; its pages are contiguous and locked
 *
 * Splits the window into READs of up to rsize and sends them all before
 * any reply is awaited.  A page that cannot be read for want of memory is
 * unlocked !uptodate; the reader then falls back to ->readpage.
 *
 * Context: process context; may sleep in allocation.
 */
void nfs_readahead(struct readahead_control *rac)
{
	struct inode *inode = rac->mapping->host;
	const struct cred *cred = rac->file ? rac->file->f_cred : NULL;
	unsigned int chunk = nfs_rsize_pages(inode);
	struct nfs_read_req *req = NULL;
	struct page *page;

	while ((page = readahead_page(rac))) {
		if (!req) {
			req = nfs_read_req_alloc(inode, cred, chunk);
			if (!req) {
				/* ->readpage gets another go at it later. */
				unlock_page(page);
				put_page(page);
				continue;
			}
		}
		req->pages[req->npages++] = page;	/* readahead's reference */
		if (req->npages == chunk) {
			nfs_read_send(req);
			req = NULL;
		}
	}
	if (req)
		nfs_read_send(req);
}

/**
 * nfs_read_page_locked() - fill a locked page from the server and keep it locked
 * @file: the open file (credentials), or NULL
 * @page: a locked page-cache page
 *
 * A synchronous READ of the page; bytes past what the server returned
 * (the end of the file) are zeroed.  The page is uptodate on success.
 *
 * Context: process context; sleeps until the reply.
 * Return: 0 or a negative errno.
 */
int nfs_read_page_locked(struct file *file, struct page *page)
{
	struct inode *inode = page->mapping->host;
	struct nfs_io_args args = {
		.offset = page_offset(page),
		.count = PAGE_SIZE,
		.pages = &page,
	};
	struct nfs_io_res res = {
		.pages = &page,
	};
	int err;

	for (;;) {
		err = nfs3_proc_read(inode, &args, &res, file ? file->f_cred : NULL);
		if (res.fattr.valid & NFS_ATTR_FATTR)
			nfs_refresh_inode(inode, &res.fattr);
		if (err)
			return err;
		if (res.eof || res.count == args.count)
			break;
		if (!res.count)
			return -EIO;
		/* Short without eof: ask for the rest. */
		args.offset += res.count;
		args.count -= res.count;
		args.pgbase += res.count;
		res.pgbase = args.pgbase;
	}
	memset((char *)page_address(page) + args.pgbase + res.count, 0,
	       PAGE_SIZE - args.pgbase - res.count);
	SetPageUptodate(page);
	return 0;
}
