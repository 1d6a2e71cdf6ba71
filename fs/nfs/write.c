// SPDX-License-Identifier: GPL-2.0-only
/*
 * Writing NFS file pages back: the page cache's write path
 * (->write_begin/->write_end), writeback (->writepages/->writepage)
 * through the mount's own BDI, and the COMMIT of unstable data.
 *
 * Interface: nfs_write_begin(), nfs_write_end(), nfs_writepages(),
 * nfs_writepage(), nfs_invalidatepage(), nfs_releasepage() (the a_ops in
 * file.c), nfs_sync_range(), nfs_commit_inode(), nfs_wb_all(),
 * nfs_have_uncommitted(), nfs_write_inode(), nfs_io_inode_evict().
 *
 * The life of a dirty page (RFC 1813 section 3.3.7 and 3.3.21):
 *
 *   dirty         written by write(2) or through a shared mapping; counted
 *                 in NR_FILE_DIRTY and the BDI's WB_RECLAIMABLE by the
 *                 generic code, found by the BDI's flusher like a disk's.
 *   writeback     gathered with its dirty neighbours into one WRITE of up
 *                 to wsize (data sent by reference from the page), under
 *                 PG_writeback until the reply.  At most NFS_MAX_WRITES
 *                 WRITEs per inode are in flight; the writer waits for a
 *                 slot, which is how a slow server pushes back.
 *   unstable      the server answered UNSTABLE: the data is in its memory
 *                 only.  The page is clean but carries PG_private pointing
 *                 at its WRITE's record on nfs_inode.commit_list, with the
 *                 verifier that WRITE returned.  It cannot be reclaimed
 *                 (->releasepage refuses) and counts as NR_UNSTABLE_NFS,
 *                 NR_ZONE_WRITE_PENDING and WB_RECLAIMABLE, so the dirty
 *                 limits see it as not yet safe, as Linux counted it.
 *   committed     a COMMIT answered with the same verifier: the page is
 *                 an ordinary clean page again.  A different verifier
 *                 means the server restarted and may have lost the data:
 *                 the page is made dirty again and written anew.
 *
 * A FILE_SYNC (or DATA_SYNC) reply skips the unstable state; writes of
 * O_SYNC files ask for FILE_SYNC (nfs_sync_range()).
 *
 * When COMMITs go out: fsync, close and nfs_wb_all (waiting for it);
 * the flusher's ->write_inode (nfs_write_inode(); inodes with unstable
 * pages are marked I_DIRTY_DATASYNC); and by itself, asynchronously,
 * when an inode's last WRITE in flight completes with no dirty pages
 * left or when NFS_COMMIT_BATCH pages wait - so unstable pages never pile
 * up beyond the dirty limits even without a flusher pass.  One COMMIT per
 * file is in flight at a time (NFS_IO_COMMITTING), covering the whole
 * file (offset 0, count 0).
 *
 * Errors: a WRITE or COMMIT failing with ENOSPC, EDQUOT, EIO (or any
 * other error) is recorded in the mapping's errseq (mapping_set_error(),
 * reported once per open file by fsync and close) and in
 * nfs_inode.write_error (the next write(2) and nfs_wb_all() report it);
 * the failed pages are marked PG_error.  NFS3ERR_JUKEBOX (server busy)
 * puts pages back to dirty for a later retry.  A failed COMMIT makes its
 * pages dirty again as well, so the data is sent once more and lost only
 * with an error a caller sees.
 *
 * Locking: nfs_inode.commit_lock guards commit_list, ncommit, each
 * record's page slots, and page->private/PG_private of unstable pages.
 * Completions run in RPC workers and never take page locks (a worker
 * may be needed to finish the read some page-lock holder waits for);
 * work that must lock pages (re-dirtying after a COMMIT) runs in a
 * system workqueue or in the caller of a synchronous COMMIT.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/writeback.h>
#include <linux/backing-dev.h>
#include <linux/vmstat.h>
#include <linux/cred.h>
#include <linux/wait_bit.h>
#include <linux/workqueue.h>
#include "internal.h"

/* WRITE calls in flight per inode (each up to wsize bytes). */
#define NFS_MAX_WRITES		16
/* Unstable pages of one inode that start a COMMIT by themselves (8 MiB). */
#define NFS_COMMIT_BATCH	2048
/* Rounds of write + COMMIT a sync makes when the server keeps restarting. */
#define NFS_SYNC_ROUNDS		5
/* nfs_inode.io_flags: a COMMIT made pages dirty again (sync must redo). */
#define NFS_IO_RESEND		1

/*
 * One WRITE call: its pages, and, after an UNSTABLE reply, their commit
 * record on nfs_inode.commit_list until a COMMIT settles them.
 */
struct nfs_write_req {
	struct list_head list;		/* commit_list or a COMMIT's; commit_lock */
	struct inode *inode;
	const struct cred *cred;
	struct nfs_io_args args;
	struct nfs_io_res res;
	u8 verf[NFS3_WRITEVERFSIZE];	/* the WRITE's verifier */
	bool committing;		/* taken by a COMMIT in flight; commit_lock */
	unsigned int nlive;		/* unstable pages still held; commit_lock */
	unsigned int npages;
	struct page *pages[];		/* a slot is NULL once the page left */
};

/* Pages being gathered into the next WRITE. */
struct nfs_wb_desc {
	struct inode *inode;
	struct nfs_write_req *req;
	unsigned int maxpages;
	enum nfs3_stable_how stable;
	int err;
};

/* One COMMIT call and the records it settles. */
struct nfs_commit_call {
	struct inode *inode;
	const struct cred *cred;
	struct list_head reqs;
	struct nfs_io_args args;
	struct nfs_io_res res;
	int status;
	struct work_struct work;
};

/* ------------------------------------------------------------ accounting */

/* Count a page in or out of the unstable state (delta +1 / -1). */
static void nfs_account_unstable(struct inode *inode, struct page *page, int delta)
{
	struct backing_dev_info *bdi = inode_to_bdi(inode);

	if (!(bdi->capabilities & BDI_CAP_WRITEBACK_ACCT))
		return;
	mod_node_page_state_page(page, NR_UNSTABLE_NFS, delta);
	if (delta > 0)
		inc_zone_page_state(page, NR_ZONE_WRITE_PENDING);
	else
		dec_zone_page_state(page, NR_ZONE_WRITE_PENDING);
	wb_stat_mod(&bdi->wb, WB_RECLAIMABLE, delta);
}

/* ------------------------------------------------------------ records */

static const struct cred *nfs_get_wb_cred(struct inode *inode)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	const struct cred *cred = NULL;

	spin_lock(&nfsi->commit_lock);
	if (nfsi->wb_cred)
		cred = get_cred(nfsi->wb_cred);
	spin_unlock(&nfsi->commit_lock);
	return cred;
}

/**
 * nfs_set_wb_cred() - remember whose credentials the flusher writes with
 * @inode: an NFS regular file
 * @cred: the credentials of a file opened for writing
 *
 * The flusher and COMMITs run in kernel threads; the server must see a
 * user allowed to write the file, so the first writer's credentials are
 * kept until the inode is evicted.
 *
 * Context: any process context; takes commit_lock.
 */
void nfs_set_wb_cred(struct inode *inode, const struct cred *cred)
{
	struct nfs_inode *nfsi = NFS_I(inode);

	spin_lock(&nfsi->commit_lock);
	if (!nfsi->wb_cred)
		nfsi->wb_cred = get_cred(cred);
	spin_unlock(&nfsi->commit_lock);
}

static struct nfs_write_req *nfs_write_req_alloc(struct inode *inode,
						 unsigned int maxpages, gfp_t gfp)
{
	struct nfs_write_req *req;

	req = kzalloc(sizeof(*req) + maxpages * sizeof(struct page *), gfp);
	if (!req)
		return NULL;
	INIT_LIST_HEAD(&req->list);
	req->inode = inode;
	req->cred = nfs_get_wb_cred(inode);
	return req;
}

static void nfs_write_req_free(struct nfs_write_req *req)
{
	if (req->cred)
		put_cred(req->cred);
	kfree(req);
}

/*
 * Take @page out of the unstable state: it was written again, truncated,
 * or settled by a COMMIT.  Returns true if it was unstable (its record's
 * reference has then been dropped).  *@freep gets a record nothing holds
 * any more, for the caller to free.
 */
static bool nfs_unstable_take(struct inode *inode, struct page *page,
			      struct nfs_write_req **freep)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	struct nfs_write_req *req;
	bool found = false;

	*freep = NULL;
	spin_lock(&nfsi->commit_lock);
	req = (struct nfs_write_req *)page->private;
	if (PagePrivate(page) && req) {
		for (unsigned int i = 0; i < req->npages; i++) {
			if (req->pages[i] == page) {
				req->pages[i] = NULL;
				break;
			}
		}
		page->private = 0;
		ClearPagePrivate(page);
		nfsi->ncommit--;
		req->nlive--;
		found = true;
		/* A record a COMMIT holds is freed when the COMMIT finishes. */
		if (!req->nlive && !req->committing) {
			list_del(&req->list);
			*freep = req;
		}
	}
	spin_unlock(&nfsi->commit_lock);
	if (found) {
		nfs_account_unstable(inode, page, -1);
		put_page(page);
	}
	return found;
}

static void nfs_unstable_drop(struct inode *inode, struct page *page)
{
	struct nfs_write_req *free;

	nfs_unstable_take(inode, page, &free);
	if (free)
		nfs_write_req_free(free);
}

/* ------------------------------------------------------------ COMMIT */

static void nfs_mark_write_error(struct inode *inode, int err)
{
	mapping_set_error(inode->i_mapping, err);
	WRITE_ONCE(NFS_I(inode)->write_error, err);
}

/* Make a settled-but-not-committed page dirty again, so it is re-sent. */
static void nfs_redirty_page(struct inode *inode, struct page *page)
{
	lock_page(page);
	if (page->mapping == inode->i_mapping)
		set_page_dirty(page);
	unlock_page(page);
}

/*
 * Settle one record after a COMMIT: @ok (same verifier) makes its pages
 * plain clean pages; otherwise they become dirty again.  May sleep.
 */
static void nfs_commit_settle(struct inode *inode, struct nfs_write_req *req, bool ok)
{
	struct nfs_inode *nfsi = NFS_I(inode);

	for (unsigned int i = 0; i < req->npages; i++) {
		struct page *page;

		spin_lock(&nfsi->commit_lock);
		page = req->pages[i];
		if (page) {
			req->pages[i] = NULL;
			page->private = 0;
			ClearPagePrivate(page);
			nfsi->ncommit--;
			req->nlive--;
		}
		spin_unlock(&nfsi->commit_lock);
		if (!page)
			continue;	/* truncated or written again meanwhile */
		nfs_account_unstable(inode, page, -1);
		if (!ok)
			nfs_redirty_page(inode, page);
		put_page(page);
	}
	nfs_write_req_free(req);
}

/* Take the commit list for a new COMMIT; NULL if it is empty. */
static struct nfs_commit_call *nfs_commit_prepare(struct inode *inode, gfp_t gfp)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	struct nfs_commit_call *call;
	struct nfs_write_req *req;

	call = kzalloc(sizeof(*call), gfp);
	if (call) {
		INIT_LIST_HEAD(&call->reqs);
		call->inode = inode;
	} else {
		return ERR_PTR(-ENOMEM);
	}
	spin_lock(&nfsi->commit_lock);
	list_splice_init(&nfsi->commit_list, &call->reqs);
	list_for_each_entry(req, &call->reqs, list)
		req->committing = true;
	if (nfsi->wb_cred)
		call->cred = get_cred(nfsi->wb_cred);
	spin_unlock(&nfsi->commit_lock);
	if (list_empty(&call->reqs)) {
		if (call->cred)
			put_cred(call->cred);
		kfree(call);
		return NULL;
	}
	/* offset 0, count 0: everything the file has unstable (RFC 1813 3.3.21) */
	call->args.offset = 0;
	call->args.count = 0;
	return call;
}

/* The COMMIT's reply is in: settle its records.  Returns 0, -EAGAIN if
 * pages must be written again, or the COMMIT's error. */
static int nfs_commit_finish(struct nfs_commit_call *call)
{
	struct inode *inode = call->inode;
	struct nfs_inode *nfsi = NFS_I(inode);
	struct nfs_write_req *req, *next;
	int status = call->status;
	bool resend = false;

	if (call->res.fattr.valid)
		nfs_post_op_update_inode(inode, &call->res.fattr);
	if (status == -EJUKEBOX) {
		/* The server is busy: keep the records for the next COMMIT. */
		spin_lock(&nfsi->commit_lock);
		list_for_each_entry_safe(req, next, &call->reqs, list) {
			req->committing = false;
			if (!req->nlive) {
				list_del(&req->list);
				nfs_write_req_free(req);
			}
		}
		list_splice(&call->reqs, &nfsi->commit_list);
		spin_unlock(&nfsi->commit_lock);
	} else {
		if (status)
			nfs_mark_write_error(inode, status);
		list_for_each_entry_safe(req, next, &call->reqs, list) {
			bool ok = !status && !memcmp(req->verf, call->res.verf,
						     NFS3_WRITEVERFSIZE);

			list_del_init(&req->list);
			if (!ok && req->nlive)
				resend = true;
			nfs_commit_settle(inode, req, ok);
		}
	}
	if (resend && !status) {
		/* Worth a line: it means the server lost (or may have lost) data. */
		pr_notice("nfs: %s: write verifier changed (server restarted?): rewriting uncommitted data of inode %llu\n",
			  inode->i_sb->s_id, (unsigned long long)nfsi->fileid);
	}
	if (resend)
		set_bit(NFS_IO_RESEND, &nfsi->io_flags);
	if (call->cred)
		put_cred(call->cred);
	kfree(call);
	clear_and_wake_up_bit(NFS_IO_COMMITTING, &nfsi->io_flags);
	if (status)
		return status;
	return resend ? -EAGAIN : 0;
}

static void nfs_commit_work(struct work_struct *work)
{
	nfs_commit_finish(container_of(work, struct nfs_commit_call, work));
}

/* Settling may lock pages: not in the RPC worker. */
static void nfs_commit_done(int status, void *data)
{
	struct nfs_commit_call *call = data;

	call->status = nfs_io_errno(status);
	INIT_WORK(&call->work, nfs_commit_work);
	schedule_work(&call->work);
}

static const struct rpc_call_ops nfs_commit_ops = {
	.rpc_call_done = nfs_commit_done,
};

/**
 * nfs_commit_inode() - COMMIT the file's unstable pages
 * @inode: an NFS regular file
 * @wait: wait for the reply (and for a COMMIT already in flight)
 *
 * Without @wait: starts a COMMIT unless one is in flight and returns; it
 * does not sleep (callable from RPC completions and reclaim).  With
 * @wait: returns once every page that was unstable at the call is
 * settled.
 *
 * Return: 0; -EAGAIN if pages had to be made dirty again (the server
 * restarted: write them again); the COMMIT's error (-EIO, -ENOSPC ...),
 * also recorded for fsync/close; -ENOMEM.
 */
int nfs_commit_inode(struct inode *inode, bool wait)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	struct nfs_commit_call *call;
	int err;

	while (test_and_set_bit(NFS_IO_COMMITTING, &nfsi->io_flags)) {
		if (!wait)
			return 0;
		wait_on_bit(&nfsi->io_flags, NFS_IO_COMMITTING, TASK_UNINTERRUPTIBLE);
	}
	call = nfs_commit_prepare(inode, wait ? GFP_NOFS : GFP_NOWAIT);
	if (IS_ERR_OR_NULL(call)) {
		clear_and_wake_up_bit(NFS_IO_COMMITTING, &nfsi->io_flags);
		return call ? PTR_ERR(call) : 0;
	}
	if (wait) {
		call->status = nfs3_proc_commit(inode, &call->args, &call->res, call->cred);
		return nfs_commit_finish(call);
	}
	err = nfs3_proc_commit_async(inode, &call->args, &call->res, call->cred,
				     &nfs_commit_ops, call);
	if (err)
		nfs_commit_done(err, call);	/* done() will not run: settle now */
	return 0;
}

/* ------------------------------------------------------------ WRITE */

static bool nfs_take_write_slot(atomic_t *inflight)
{
	int n = atomic_read(inflight);

	while (n < NFS_MAX_WRITES) {
		int seen = atomic_cmpxchg(inflight, n, n + 1);

		if (seen == n)
			return true;
		n = seen;
	}
	return false;
}

/*
 * After a WRITE: commit by ourselves when the stream has paused or grown
 * big, then give the slot back.  The slot is released last: eviction
 * waits for it (nfs_io_inode_evict()), so the inode is ours until then.
 */
static void nfs_write_put_slot(struct inode *inode)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	bool last = atomic_read(&nfsi->writes_inflight) == 1;
	unsigned long waiting = READ_ONCE(nfsi->ncommit);

	if (waiting && ((last && !mapping_tagged(inode->i_mapping, PAGECACHE_TAG_DIRTY)) ||
			waiting >= NFS_COMMIT_BATCH))
		nfs_commit_inode(inode, false);
	atomic_dec(&nfsi->writes_inflight);
	wake_up_var(&nfsi->writes_inflight);
}

/* The server answered UNSTABLE: the pages wait for a COMMIT. */
static void nfs_write_make_unstable(struct nfs_write_req *req)
{
	struct inode *inode = req->inode;
	struct nfs_inode *nfsi = NFS_I(inode);
	unsigned int i;

	memcpy(req->verf, req->res.verf, NFS3_WRITEVERFSIZE);
	for (i = 0; i < req->npages && !req->pages[i]; i++)
		;
	if (i == req->npages) {
		/* A short WRITE sent every page back to dirty. */
		nfs_write_req_free(req);
		return;
	}
	spin_lock(&nfsi->commit_lock);
	for (i = 0; i < req->npages; i++) {
		struct page *page = req->pages[i];

		if (!page)
			continue;
		SetPagePrivate(page);
		page->private = (unsigned long)req;
		req->nlive++;
	}
	nfsi->ncommit += req->nlive;
	memcpy(nfsi->write_verf, req->verf, NFS3_WRITEVERFSIZE);
	list_add_tail(&req->list, &nfsi->commit_list);
	spin_unlock(&nfsi->commit_lock);
	/*
	 * Count them before PG_writeback goes, so that the dirty limits never
	 * see the data as safe.  The references stay with the record.
	 */
	for (i = 0; i < req->npages; i++) {
		if (req->pages[i]) {
			nfs_account_unstable(inode, req->pages[i], 1);
			end_page_writeback(req->pages[i]);
		}
	}
	/* The flusher calls ->write_inode for it (nfs_write_inode()). */
	__mark_inode_dirty(inode, I_DIRTY_DATASYNC);
}

/* Pages of a WRITE that did not reach the server stay dirty for later. */
static void nfs_write_redirty(struct page *page)
{
	/* PG_writeback keeps truncation away: the page is still ours. */
	__set_page_dirty_nobuffers(page);
	end_page_writeback(page);
	put_page(page);
}

static void nfs_write_done(int status, void *data)
{
	struct nfs_write_req *req = data;
	struct inode *inode = req->inode;
	u32 written = req->res.count;
	struct nfs_fattr fattr;
	unsigned int i;

	status = nfs_io_errno(status);
	/* Merged at the end; the WRITE slot keeps the inode until then. */
	fattr = req->res.fattr;
	/* Nothing written and no error: a broken server; do not loop on it. */
	if (!status && !written)
		status = -EIO;
	if (status) {
		if (status != -EJUKEBOX)
			nfs_mark_write_error(inode, status);
		for (i = 0; i < req->npages; i++) {
			struct page *page = req->pages[i];

			if (status == -EJUKEBOX) {
				nfs_write_redirty(page);
				continue;
			}
			SetPageError(page);
			end_page_writeback(page);
			put_page(page);
		}
		nfs_write_req_free(req);
		goto out;
	}
	/* A short WRITE: the pages it did not wholly cover go again later. */
	if (written < req->args.count) {
		for (i = 0; i < req->npages; i++) {
			if (((size_t)i + 1) << PAGE_SHIFT <= written)
				continue;
			nfs_write_redirty(req->pages[i]);
			req->pages[i] = NULL;
		}
	}
	if (req->res.committed == NFS_UNSTABLE) {
		nfs_write_make_unstable(req);
		goto out;
	}
	for (i = 0; i < req->npages; i++) {
		if (req->pages[i]) {
			end_page_writeback(req->pages[i]);
			put_page(req->pages[i]);
		}
	}
	nfs_write_req_free(req);
out:
	if (fattr.valid)
		nfs_post_op_update_inode(inode, &fattr);
	nfs_write_put_slot(inode);
}

static const struct rpc_call_ops nfs_write_ops = {
	.rpc_call_done = nfs_write_done,
};

/* Send the gathered WRITE, waiting for a slot if too many are out. */
static void nfs_wb_send(struct nfs_wb_desc *desc)
{
	struct nfs_write_req *req = desc->req;
	struct inode *inode = desc->inode;
	struct nfs_inode *nfsi = NFS_I(inode);
	loff_t start, isize;
	int err;

	if (!req)
		return;
	desc->req = NULL;
	start = page_offset(req->pages[0]);
	isize = i_size_read(inode);
	req->args.offset = start;
	req->args.count = req->npages << PAGE_SHIFT;
	/* Not past the end of the file: the last page is only partly data. */
	if (isize > start && isize - start < req->args.count)
		req->args.count = isize - start;
	req->args.stable = desc->stable;
	req->args.pages = req->pages;
	req->args.pgbase = 0;
	wait_var_event(&nfsi->writes_inflight, nfs_take_write_slot(&nfsi->writes_inflight));
	err = nfs3_proc_write_async(inode, &req->args, &req->res, req->cred,
				    &nfs_write_ops, req);
	if (err) {
		if (!desc->err)
			desc->err = err;
		nfs_write_done(err, req);	/* done() will not run */
	}
}

/* write_cache_pages() callback: add a locked page (dirty bit just cleared). */
static int nfs_gather_page(struct page *page, struct writeback_control *wbc, void *data)
{
	struct nfs_wb_desc *desc = data;
	struct inode *inode = desc->inode;
	loff_t isize = i_size_read(inode);
	struct nfs_write_req *req = desc->req;

	/* Wholly past the end: truncation is about to take it. */
	if (page_offset(page) >= isize) {
		unlock_page(page);
		return 0;
	}
	if (req && (req->npages == desc->maxpages ||
		    req->pages[req->npages - 1]->index + 1 != page->index)) {
		nfs_wb_send(desc);
		req = NULL;
	}
	if (!req) {
		req = nfs_write_req_alloc(inode, desc->maxpages, GFP_NOFS);
		if (!req) {
			redirty_page_for_writepage(wbc, page);
			unlock_page(page);
			return -ENOMEM;
		}
		desc->req = req;
	}
	/* Written again while unstable: the new WRITE supersedes the old one. */
	if (PagePrivate(page))
		nfs_unstable_drop(inode, page);
	set_page_writeback(page);
	get_page(page);
	req->pages[req->npages++] = page;
	unlock_page(page);
	return 0;
}

static void nfs_wb_desc_init(struct nfs_wb_desc *desc, struct inode *inode,
			     enum nfs3_stable_how stable)
{
	desc->inode = inode;
	desc->req = NULL;
	desc->maxpages = max_t(unsigned int, NFS_SERVER(inode)->wsize >> PAGE_SHIFT, 1);
	desc->stable = stable;
	desc->err = 0;
}

/**
 * nfs_writepages() - ->writepages: send the dirty pages wbc asks for
 * @mapping: the file's pages
 * @wbc: what to write (the flusher's or an fsync's request)
 *
 * Runs of contiguous dirty pages go out as UNSTABLE WRITEs of up to wsize,
 * several in flight; the call returns once they are sent (PG_writeback
 * stays until each reply).
 *
 * Context: process context; sleeps (page locks, waiting for a WRITE slot).
 * Return: 0 or the first error sending failed with.
 */
int nfs_writepages(struct address_space *mapping, struct writeback_control *wbc)
{
	struct nfs_wb_desc desc;
	int err;

	nfs_wb_desc_init(&desc, mapping->host, NFS_UNSTABLE);
	err = write_cache_pages(mapping, wbc, nfs_gather_page, &desc);
	nfs_wb_send(&desc);
	return err ? err : desc.err;
}

/**
 * nfs_writepage() - ->writepage: send one locked page
 * @page: the page, locked, its dirty bit cleared by the caller
 * @wbc: the writeback control
 *
 * Context: process context; may sleep.  The page is unlocked on return.
 * Return: 0 or a negative errno.
 */
int nfs_writepage(struct page *page, struct writeback_control *wbc)
{
	struct nfs_wb_desc desc;
	int err;

	nfs_wb_desc_init(&desc, page->mapping->host, NFS_UNSTABLE);
	err = nfs_gather_page(page, wbc, &desc);
	nfs_wb_send(&desc);
	return err ? err : desc.err;
}

/* Send [start, end] with @stable and wait until no page of it is in flight. */
static int nfs_flush_range(struct inode *inode, loff_t start, loff_t end,
			   enum nfs3_stable_how stable)
{
	struct address_space *mapping = inode->i_mapping;
	struct writeback_control wbc = { .range_start = start, .range_end = end };
	struct nfs_wb_desc desc;
	int err = 0, err2;

	/* An integrity pass: every page dirty now, however many. */
	wbc.sync_mode = WB_SYNC_ALL;
	wbc.nr_to_write = LONG_MAX;
	if (mapping->nrpages) {
		nfs_wb_desc_init(&desc, inode, stable);
		err = write_cache_pages(mapping, &wbc, nfs_gather_page, &desc);
		nfs_wb_send(&desc);
		if (!err)
			err = desc.err;
	}
	err2 = filemap_fdatawait_range(mapping, start, end);
	return err ? err : err2;
}

/**
 * nfs_sync_range() - make [start, end] of a file stable on the server
 * @inode: an NFS regular file
 * @start: first byte
 * @end: last byte (inclusive)
 * @stable: NFS_UNSTABLE (then COMMIT) or NFS_FILE_SYNC (O_SYNC writes)
 *
 * Writes the dirty pages of the range, waits for the replies and COMMITs
 * the file's unstable pages; pages a COMMIT found with another verifier
 * (server restart) are written and committed again.
 *
 * Context: process context; sleeps.  No page locks held.
 * Return: 0 or the first error (from sending, the WRITE replies as seen
 * by filemap_fdatawait_range(), or the COMMIT).
 */
int nfs_sync_range(struct inode *inode, loff_t start, loff_t end,
		   enum nfs3_stable_how stable)
{
	struct nfs_inode *nfsi = NFS_I(inode);
	int err = 0;

	for (int round = 0; round < NFS_SYNC_ROUNDS; round++) {
		clear_bit(NFS_IO_RESEND, &nfsi->io_flags);
		err = nfs_flush_range(inode, start, end, stable);
		if (err)
			return err;
		err = nfs_commit_inode(inode, true);
		/* A COMMIT of ours or of the flusher's sent pages back: redo. */
		if (err == -EAGAIN || (!err && test_bit(NFS_IO_RESEND, &nfsi->io_flags))) {
			err = -EAGAIN;
			continue;
		}
		return err;
	}
	return err == -EAGAIN ? -EIO : err;
}

/**
 * nfs_wb_all() - write back and COMMIT everything of a file
 * @inode: an NFS regular file
 *
 * Context: process context; sleeps.
 * Return: the first error, including one a background write met earlier
 * (the sticky nfs_inode.write_error, cleared here).
 */
int nfs_wb_all(struct inode *inode)
{
	int err = nfs_sync_range(inode, 0, LLONG_MAX, NFS_UNSTABLE);
	int sticky = xchg(&NFS_I(inode)->write_error, 0);

	return err ? err : sticky;
}

/**
 * nfs_have_uncommitted() - are there pages written UNSTABLE, not committed?
 * @inode: an NFS regular file
 *
 * Context: any; lockless snapshot.
 */
bool nfs_have_uncommitted(struct inode *inode)
{
	struct nfs_inode *nfsi = NFS_I(inode);

	return READ_ONCE(nfsi->ncommit) || test_bit(NFS_IO_COMMITTING, &nfsi->io_flags);
}

/**
 * nfs_write_inode() - super_operations.write_inode: COMMIT unstable pages
 * @inode: the inode the flusher (or sync) is writing
 * @wbc: WB_SYNC_ALL waits for the COMMIT
 *
 * Return: 0 or the COMMIT's error (WB_SYNC_ALL only).
 */
int nfs_write_inode(struct inode *inode, struct writeback_control *wbc)
{
	int err;

	if (!S_ISREG(inode->i_mode) || !nfs_have_uncommitted(inode))
		return 0;
	err = nfs_commit_inode(inode, wbc->sync_mode == WB_SYNC_ALL);
	/* Pages sent back to dirty go out with the next pass. */
	return err == -EAGAIN ? 0 : err;
}

/* ------------------------------------------------------------ page cache */

/**
 * nfs_write_begin() - ->write_begin: a locked page ready for [pos, pos+len)
 * @file: the file written
 * @mapping: its pages
 * @pos: the file offset of the copy
 * @len: bytes, within one page
 * @flags: AOP_FLAG_*
 * @pagep: the page, returned locked and referenced
 * @fsdata: unused
 *
 * A page that is not uptodate is read from the server first, unless the
 * copy covers it wholly or it lies entirely past the end of the file
 * (then it is all zeros but for the copy).
 *
 * Context: process context, i_rwsem held; sleeps.
 * Return: 0, -ENOMEM, or the READ's error.
 */
int nfs_write_begin(struct file *file, struct address_space *mapping,
		    loff_t pos, unsigned int len, unsigned int flags,
		    struct page **pagep, void **fsdata)
{
	struct page *page;
	unsigned int from = pos & ~PAGE_MASK;
	int err;

	page = grab_cache_page_write_begin(mapping, pos >> PAGE_SHIFT, flags);
	if (!page)
		return -ENOMEM;
	if (PageUptodate(page) || (from == 0 && len == PAGE_SIZE))
		goto ready;
	/* Past the end of the file there is nothing to read: zeros. */
	if (page_offset(page) >= i_size_read(mapping->host)) {
		memset(page_address(page), 0, PAGE_SIZE);
		SetPageUptodate(page);
		goto ready;
	}
	err = nfs_read_page_locked(file, page);
	if (err)
		goto fail;
ready:
	*pagep = page;
	return 0;
fail:
	unlock_page(page);
	put_page(page);
	return err;
}

/**
 * nfs_write_end() - ->write_end: the copy is done; dirty the page
 * @file: the file written
 * @mapping: its pages
 * @pos: the file offset of the copy
 * @len: bytes asked for
 * @copied: bytes copied (may be short after a fault)
 * @page: the page from nfs_write_begin()
 * @fsdata: unused
 *
 * A page that was not uptodate (a whole-page copy) counts only if the
 * copy was complete.  Grows i_size.  Unlocks and releases the page.
 *
 * Context: process context, i_rwsem held.
 * Return: the bytes that count as written.
 */
int nfs_write_end(struct file *file, struct address_space *mapping,
		  loff_t pos, unsigned int len, unsigned int copied,
		  struct page *page, void *fsdata)
{
	struct inode *inode = mapping->host;

	if (!PageUptodate(page)) {
		if (copied < len) {
			copied = 0;	/* the generic code retries the copy */
			goto out;
		}
		SetPageUptodate(page);
	}
	if (copied) {
		set_page_dirty(page);
		if (pos + copied > i_size_read(inode))
			i_size_write(inode, pos + copied);
	}
out:
	unlock_page(page);
	put_page(page);
	return copied;
}

/**
 * nfs_invalidatepage() - ->invalidatepage: truncation takes a page
 * @page: the locked page
 * @offset: first byte invalidated in the page
 * @length: bytes invalidated
 *
 * A page that leaves the cache wholly leaves the unstable state too.
 */
void nfs_invalidatepage(struct page *page, unsigned int offset, unsigned int length)
{
	if (offset == 0 && length >= PAGE_SIZE)
		nfs_unstable_drop(page->mapping->host, page);
}

/**
 * nfs_releasepage() - ->releasepage: may reclaim drop this page?
 * @page: a locked clean page with PG_private (unstable data)
 * @gfp: the reclaimer's allocation context
 *
 * Not until its data is committed: a COMMIT is started instead.
 *
 * Context: reclaim or invalidation; does not sleep.
 * Return: true if the page has no unstable data.
 */
bool nfs_releasepage(struct page *page, gfp_t gfp)
{
	struct inode *inode = page->mapping ? page->mapping->host : NULL;

	if (!PagePrivate(page))
		return true;
	if (inode)
		nfs_commit_inode(inode, false);
	return false;
}

/* ------------------------------------------------------------ inodes */

/**
 * nfs_io_inode_evict() - an inode goes: wait for its calls, let go of its state
 * @inode: the inode being evicted, its pages already truncated
 *
 * The caller wrote back what should survive (nfs_wb_all()) before the
 * truncation; the WRITE and COMMIT calls still running for the inode
 * are waited for here, so that no completion touches it afterwards.
 *
 * Context: process context; sleeps.
 */
void nfs_io_inode_evict(struct inode *inode)
{
	struct nfs_inode *nfsi = NFS_I(inode);

	wait_var_event(&nfsi->writes_inflight, !atomic_read(&nfsi->writes_inflight));
	wait_on_bit(&nfsi->io_flags, NFS_IO_COMMITTING, TASK_UNINTERRUPTIBLE);
	if (nfsi->wb_cred) {
		put_cred(nfsi->wb_cred);
		nfsi->wb_cred = NULL;
	}
}
