// SPDX-License-Identifier: GPL-2.0-only
/*
 * NFSv3 symbolic links: the target is read with READLINK once and kept in
 * the first page of the link's page cache, NUL-terminated (a target is at
 * most NFS3_MAXPATHLEN bytes, well under a page).  A link's target never
 * changes on the server - replacing it makes a new file with a new handle,
 * which d_revalidate notices - so the cached page stays valid for the
 * inode's lifetime; nfs-core drops it with the rest of the page cache if
 * the attributes say the object changed after all.
 *
 * Interface: nfs_symlink_inode_operations.
 *
 * Locking: the page lock serialises the READLINK that fills the page
 * (read_cache_page()); readers only hold a page reference.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/pagemap.h>
#include <linux/page-flags.h>
#include <linux/delayed_call.h>
#include "internal.h"

/* read_cache_page() filler: the page is locked and not uptodate. */
static int nfs_symlink_fill(void *data, struct page *page)
{
	struct inode *inode = data;
	unsigned int len = 0;
	int err;

	err = nfs3_proc_readlink(inode, page, &len);
	if (!err && (len == 0 || len > NFS3_MAXPATHLEN || len >= PAGE_SIZE))
		err = -EIO;
	if (!err) {
		((char *)page_address(page))[len] = '\0';
		SetPageUptodate(page);
	}
	unlock_page(page);
	return err;
}

static void nfs_symlink_put_page(void *arg)
{
	put_page(arg);
}

static const char *nfs_get_link(struct dentry *dentry, struct inode *inode,
				struct delayed_call *done)
{
	struct page *page;

	if (!dentry)
		return ERR_PTR(-ECHILD);
	page = read_cache_page(inode->i_mapping, 0, nfs_symlink_fill, inode);
	if (!IS_ERR(page))
		set_delayed_call(done, nfs_symlink_put_page, page);
	return IS_ERR(page) ? ERR_CAST(page) : page_address(page);
}

/* Attributes as for any NFS inode (nfs-core); no permission bits apply. */
const struct inode_operations nfs_symlink_inode_operations = {
	.setattr = nfs_setattr,
	.getattr = nfs_getattr,
	.get_link = nfs_get_link,
};
