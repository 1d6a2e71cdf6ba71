/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The NFSv3 client's internal interface (fs/nfs/): the objects every part
 * shares and which part provides which function.
 *
 *   super.c      mount (text options and the binary nfs_mount_data that
 *                busybox passes), the MOUNT protocol call, FSINFO at
 *                mount, the super block and its own BDI, statfs,
 *                show_options, umount                         [nfs-core]
 *   inode.c      nfs_fhget(), the attribute cache, getattr/setattr,
 *                permission via ACCESS, revalidation              [nfs-core]
 *   nfs3xdr.c    shared XDR pieces (fh, fattr3, post_op_attr, wcc_data,
 *                sattr3, status -> errno) and the non-I/O procedures'
 *                encoders/decoders                                [nfs-core]
 *   nfs3proc.c   nfs3_proc_*() for every procedure but READ, WRITE,
 *                COMMIT                                           [nfs-core]
 *   dir.c, symlink.c, unlink.c  lookup, create, mkdir, symlink, mknod,
 *                unlink (silly rename), rmdir, rename, link, readdir
 *                (READDIRPLUS), d_revalidate, readlink            [nfs-dir]
 *   file.c, read.c, write.c, direct.c, nfs3io.c  regular files: open and
 *                close-to-open, reads through the page cache with
 *                read-ahead, writeback (UNSTABLE WRITE + COMMIT, verifier
 *                checks), fsync, O_DIRECT, mmap, and the READ/WRITE/COMMIT
 *                procedures                                       [nfs-io]
 *
 * Locking: inode->i_rwsem serialises namespace changes in a directory and
 * writes to a file, as in every file system here.  nfs_inode.attr_lock
 * (a spinlock) protects the attribute-cache fields; the RPC calls are
 * made without it.  Commit bookkeeping (the list of pages written
 * UNSTABLE and waiting for COMMIT) is under nfs_inode.commit_lock.
 */
#ifndef _FS_NFS_INTERNAL_H
#define _FS_NFS_INTERNAL_H

#include <linux/fs.h>
#include <linux/spinlock.h>
#include <linux/list.h>
#include <linux/mutex.h>
#include <linux/socket.h>
#include <uapi/linux/in.h>
#include <linux/sunrpc/clnt.h>
#include <uapi/linux/nfs3.h>

struct backing_dev_info;
struct kstatfs;
struct iattr;
struct writeback_control;
struct readahead_control;
struct kiocb;
struct iov_iter;

#define NFS_SUPER_MAGIC		0x6969

/* An NFSv3 file handle (opaque, up to 64 bytes). */
struct nfs_fh {
	unsigned short size;
	unsigned char data[NFS3_FHSIZE];
};

/* fattr3 / post_op_attr / wcc_data as decoded; @valid says which parts. */
#define NFS_ATTR_FATTR		0x01	/* the fattr3 fields below */
#define NFS_ATTR_WCC		0x02	/* pre_* (wcc_attr) */
struct nfs_fattr {
	unsigned int valid;
	enum nfs3_ftype type;
	u32 mode;			/* permission bits only (07777) */
	u32 nlink;
	u32 uid, gid;
	u64 size;
	u64 used;			/* bytes allocated on the server */
	u32 rdev_major, rdev_minor;
	u64 fsid;
	u64 fileid;
	struct timespec64 atime, mtime, ctime;
	/* wcc_attr: the attributes before the operation */
	u64 pre_size;
	struct timespec64 pre_mtime, pre_ctime;
	unsigned long time_start;	/* jiffies when the call was sent */
};

/* nfs_server.flags: the NFS_MOUNT_* flags of <uapi/linux/nfs_mount.h>
 * (SOFT, NOCTO, NOAC, TCP, NONLM, NORDIRPLUS ...). */

/* One mount's view of a server export (sb->s_fs_info). */
struct nfs_server {
	struct super_block *sb;
	struct rpc_clnt *client;	/* NFS program, version 3 */
	struct sockaddr_in addr;	/* the NFS service (port set) */
	char *hostname;			/* "host" of host:/path */
	char *export_path;		/* "/path" */
	struct nfs_fh root_fh;
	int flags;			/* NFS_MOUNT_* */
	unsigned int rsize, wsize;	/* bytes per READ / WRITE, page multiple */
	unsigned int dtsize;		/* bytes per READDIR(PLUS) reply */
	unsigned int timeo, retrans;	/* nfs(5): tenths of a second, count */
	int protocol;			/* IPPROTO_TCP / IPPROTO_UDP */
	/* attribute cache lifetimes, jiffies */
	unsigned long acregmin, acregmax, acdirmin, acdirmax;
	u64 maxfilesize;		/* FSINFO */
	u32 fsinfo_properties;		/* NFS3_FSF_* */
	u64 fsid;			/* of the root */
	struct backing_dev_info *bdi;	/* the mount's own, 0:NN */
	u16 mountd_port;		/* for UMNT */
	int mountd_protocol;
	/* appended by nfs-core */
	__be32 mountd_addr;		/* for UMNT */
	bool mounted;			/* MNT done: UMNT at umount */
	unsigned int namlen;		/* longest name (PATHCONF or namlen=) */
};

/* nfs_inode.cache_validity: what must be fetched before it is trusted. */
#define NFS_INO_INVALID_ATTR	0x01	/* attributes */
#define NFS_INO_INVALID_DATA	0x02	/* page cache (file data, dir entries) */
#define NFS_INO_INVALID_ACCESS	0x04	/* cached ACCESS results */
#define NFS_INO_REVAL_PAGECACHE	0x08	/* compare mtime/size on next check */

struct nfs_inode {
	struct nfs_fh fh;
	u64 fileid;
	spinlock_t attr_lock;
	unsigned long cache_validity;	/* NFS_INO_* */
	unsigned long read_cache_jiffies; /* when the attributes were fetched */
	unsigned long attrtimeo;	/* current attribute lifetime */
	unsigned long attrtimeo_timestamp; /* last time attributes changed */
	/* What the page cache was filled against (change detection). */
	struct timespec64 cache_mtime;
	u64 cache_size;
	/* ACCESS cache for one credential (the common case). */
	uid_t access_uid;
	u32 access_mask;
	unsigned long access_jiffies;
	/* Writeback (nfs-io): pages written UNSTABLE, waiting for COMMIT. */
	spinlock_t commit_lock;
	struct list_head commit_list;
	unsigned long ncommit;
	u8 write_verf[NFS3_WRITEVERFSIZE]; /* verifier the uncommitted data has */
	int write_error;		/* sticky error for fsync/close */
	atomic_t open_writers;		/* for close-to-open flush */
	/* Directory (nfs-dir): cookie verifier for READDIR. */
	u8 cookieverf[NFS3_COOKIEVERFSIZE];
	/* Silly-renamed files (nfs-dir) */
	struct list_head silly_list;
	/*
	 * File I/O state (nfs-io), torn down by nfs_io_inode_evict().  All
	 * zero is the initial state (nfs_alloc_inode() clears everything
	 * before vfs_inode).
	 */
	atomic_t writes_inflight;	/* WRITE calls sent, not yet answered */
	unsigned long io_flags;		/* NFS_IO_* bits, atomic bitops */
	const struct cred *wb_cred;	/* a writer's credentials for the
					   flusher's WRITE/COMMIT; commit_lock */
	struct inode vfs_inode;
};

static inline struct nfs_inode *NFS_I(const struct inode *inode)
{
	return container_of(inode, struct nfs_inode, vfs_inode);
}

static inline struct nfs_server *NFS_SB(const struct super_block *sb)
{
	return sb->s_fs_info;
}

static inline struct nfs_server *NFS_SERVER(const struct inode *inode)
{
	return NFS_SB(inode->i_sb);
}

static inline struct nfs_fh *NFS_FH(const struct inode *inode)
{
	return &NFS_I(inode)->fh;
}

/* ---- nfs3xdr.c (nfs-core): shared XDR pieces ---- */
void nfs3_encode_fh(struct xdr_stream *xdr, const struct nfs_fh *fh);
void nfs3_encode_diropargs(struct xdr_stream *xdr, const struct nfs_fh *dir,
			   const char *name, unsigned int len);
/* sattr3 from an iattr (ATTR_MODE/UID/GID/SIZE/ATIME/MTIME[_SET]) */
void nfs3_encode_sattr(struct xdr_stream *xdr, const struct iattr *attr);
int nfs3_decode_fh(struct xdr_stream *xdr, struct nfs_fh *fh);
int nfs3_decode_fattr(struct xdr_stream *xdr, struct nfs_fattr *fattr);
int nfs3_decode_post_op_attr(struct xdr_stream *xdr, struct nfs_fattr *fattr);
int nfs3_decode_wcc_data(struct xdr_stream *xdr, struct nfs_fattr *fattr);
/* post_op_fh3: *present false when the server sent none */
int nfs3_decode_post_op_fh(struct xdr_stream *xdr, struct nfs_fh *fh,
			   bool *present);
/* Read the nfsstat3; 0 for NFS3_OK, else the positive status. -EIO if short. */
int nfs3_decode_status(struct xdr_stream *xdr, u32 *status);
/* nfsstat3 -> negative errno (NFS3ERR_JUKEBOX: -EJUKEBOX handled by callers) */
int nfs3_stat_to_errno(u32 status);
#define EJUKEBOX		528	/* server busy: retry later (kernel-internal) */

/* ---- nfs3proc.c (nfs-core) ---- */
extern const struct rpc_program nfs_program;
int nfs3_proc_getattr(struct nfs_server *server, const struct nfs_fh *fh,
		      struct nfs_fattr *fattr);
int nfs3_proc_setattr(struct inode *inode, const struct iattr *attr,
		      struct nfs_fattr *fattr);
int nfs3_proc_lookup(struct inode *dir, const char *name, unsigned int len,
		     struct nfs_fh *fh, struct nfs_fattr *fattr);
int nfs3_proc_access(struct inode *inode, const struct cred *cred,
		     u32 want, u32 *granted);
int nfs3_proc_readlink(struct inode *inode, struct page *page,
		       unsigned int *len);
int nfs3_proc_create(struct inode *dir, const char *name, unsigned int len,
		     const struct iattr *attr, int createmode, const u8 *verf,
		     struct nfs_fh *fh, struct nfs_fattr *fattr);
int nfs3_proc_mkdir(struct inode *dir, const char *name, unsigned int len,
		    const struct iattr *attr, struct nfs_fh *fh,
		    struct nfs_fattr *fattr);
int nfs3_proc_symlink(struct inode *dir, const char *name, unsigned int len,
		      const char *target, unsigned int tlen,
		      const struct iattr *attr, struct nfs_fh *fh,
		      struct nfs_fattr *fattr);
int nfs3_proc_mknod(struct inode *dir, const char *name, unsigned int len,
		    const struct iattr *attr, dev_t rdev, struct nfs_fh *fh,
		    struct nfs_fattr *fattr);
int nfs3_proc_remove(struct inode *dir, const char *name, unsigned int len);
int nfs3_proc_rmdir(struct inode *dir, const char *name, unsigned int len);
int nfs3_proc_rename(struct inode *old_dir, const char *old_name,
		     unsigned int old_len, struct inode *new_dir,
		     const char *new_name, unsigned int new_len);
int nfs3_proc_link(struct inode *inode, struct inode *dir, const char *name,
		   unsigned int len);
/*
 * One READDIR(PLUS) reply decoded into a page-sized entry list is private
 * to dir.c: nfs-dir writes those two procedures itself (in dir.c or
 * nfs3dir.c) with the shared XDR pieces above.
 */
struct nfs_fsstat {
	u64 tbytes, fbytes, abytes;	/* total, free, available to user */
	u64 tfiles, ffiles, afiles;
};
int nfs3_proc_fsstat(struct nfs_server *server, const struct nfs_fh *fh,
		     struct nfs_fsstat *st);
struct nfs_fsinfo {
	u32 rtmax, rtpref, rtmult, wtmax, wtpref, wtmult, dtpref;
	u64 maxfilesize;
	u32 properties;
};
int nfs3_proc_fsinfo(struct nfs_server *server, const struct nfs_fh *fh,
		     struct nfs_fsinfo *info);
struct nfs_pathconf {
	u32 linkmax, name_max;
	bool no_trunc, chown_restricted, case_insensitive, case_preserving;
};
int nfs3_proc_pathconf(struct nfs_server *server, const struct nfs_fh *fh,
		       struct nfs_pathconf *pc);

/* ---- inode.c (nfs-core) ---- */
/* The inode for @fh (found by fileid+fh in the icache, or new), attributes
 * from @fattr; sets i_op/i_fop/a_ops by type. */
struct inode *nfs_fhget(struct super_block *sb, const struct nfs_fh *fh,
			struct nfs_fattr *fattr);
/* Merge fresh attributes into the inode and its cache state (size and
 * mtime changes by others invalidate the page cache, never below the
 * client's own dirty data). */
int nfs_refresh_inode(struct inode *inode, struct nfs_fattr *fattr);
/* The same for a wcc_data / post-op reply of our own change: pre-op
 * attributes that match the cache mean the change was ours alone. */
int nfs_post_op_update_inode(struct inode *inode, struct nfs_fattr *fattr);
/* GETATTR if the cached attributes expired (or always, @force). */
int nfs_revalidate_inode(struct inode *inode, bool force);
/* If the data changed on the server, drop the clean page cache. */
int nfs_revalidate_mapping(struct inode *inode);
/* Mark attributes (and with @data, data) as needing a fetch. */
void nfs_invalidate_attrs(struct inode *inode, bool data);
int nfs_getattr(const struct path *path, struct kstat *stat,
		u32 request_mask, unsigned int flags);
int nfs_setattr(struct dentry *dentry, struct iattr *attr);
int nfs_permission(struct inode *inode, int mask);

/* ---- dir.c / symlink.c (nfs-dir) ---- */
extern const struct inode_operations nfs_dir_inode_operations;
extern const struct file_operations nfs_dir_operations;
extern const struct dentry_operations nfs_dentry_operations;
extern const struct inode_operations nfs_symlink_inode_operations;
/* Called by evict of a silly-renamed inode's last user (unlink.c). */
void nfs_complete_unlink(struct dentry *dentry, struct inode *inode);

/*
 * Shared by dir.c, unlink.c and nfs3dir.c (nfs-dir).  A dentry remembers
 * in d_time the change stamp of its parent directory (its mtime, packed
 * by nfs_dir_stamp()) at the moment the name was last checked with the
 * server; d_revalidate trusts the dentry while the stamp is unchanged.
 * d_fsdata of a silly-renamed dentry is its struct nfs_silly (unlink.c);
 * nfs_dentry_operations.d_iput calls nfs_complete_unlink() when the last
 * user lets go, so nfs-core's evict has nothing to do for it.
 */
unsigned long nfs_dir_stamp(struct inode *dir);
int nfs_unlink(struct inode *dir, struct dentry *dentry);
/* Rename @dentry (a non-directory still in use) to a hidden .nfs name. */
int nfs_sillyrename(struct inode *dir, struct dentry *dentry);
/* Put a silly rename back after the operation that needed it failed. */
void nfs_sillyrename_undo(struct inode *dir, struct dentry *dentry);
/* Does anyone besides @base references use @dentry's file? */
bool nfs_dentry_in_use(struct dentry *dentry, unsigned int base);
void nfs_dentry_iput(struct dentry *dentry, struct inode *inode);
void nfs_dentry_release(struct dentry *dentry);

/* ---- file.c / read.c / write.c / direct.c / nfs3io.c (nfs-io) ---- */
extern const struct inode_operations nfs_file_inode_operations;
extern const struct file_operations nfs_file_operations;
extern const struct address_space_operations nfs_file_aops;
/* Write back every dirty page of @inode and COMMIT it; wait.  Returns the
 * first error (and clears the sticky one). */
int nfs_wb_all(struct inode *inode);
/* Pages written UNSTABLE but not committed exist. */
bool nfs_have_uncommitted(struct inode *inode);
/* nfs_inode.io_flags */
#define NFS_IO_COMMITTING	0	/* a COMMIT is in flight */
/* evict_inode calls this after truncating the pages. */
void nfs_io_inode_evict(struct inode *inode);
/* super_operations.write_inode: COMMIT what the flusher wrote UNSTABLE
 * (waits for WB_SYNC_ALL).  Inodes with uncommitted pages are marked
 * I_DIRTY_DATASYNC so the flusher calls it. */
int nfs_write_inode(struct inode *inode, struct writeback_control *wbc);

/* nfs3io.c: READ, WRITE and COMMIT (RFC 1813 3.3.6, 3.3.7, 3.3.21). */
struct nfs_io_args {
	const struct nfs_fh *fh;
	u64 offset;
	u32 count;
	enum nfs3_stable_how stable;	/* WRITE */
	struct page **pages;		/* READ: filled; WRITE: sent */
	unsigned int pgbase;		/* bytes into pages[0] */
};
struct nfs_io_res {
	struct nfs_fattr fattr;		/* post_op_attr / wcc_data */
	u32 count;			/* bytes read / written */
	bool eof;			/* READ */
	enum nfs3_stable_how committed;	/* WRITE */
	u8 verf[NFS3_WRITEVERFSIZE];	/* WRITE, COMMIT */
	/* READ: where the data goes (the decoder copies it) */
	struct page **pages;
	unsigned int pgbase;
	u32 maxcount;
};
int nfs3_proc_read(struct inode *inode, struct nfs_io_args *args,
		   struct nfs_io_res *res, const struct cred *cred);
int nfs3_proc_write(struct inode *inode, struct nfs_io_args *args,
		    struct nfs_io_res *res, const struct cred *cred);
int nfs3_proc_commit(struct inode *inode, struct nfs_io_args *args,
		     struct nfs_io_res *res, const struct cred *cred);
/* Asynchronous forms: ops->rpc_call_done(status, calldata) runs later in
 * an RPC worker; the args/res must live until then. */
int nfs3_proc_read_async(struct inode *inode, struct nfs_io_args *args,
			 struct nfs_io_res *res, const struct cred *cred,
			 const struct rpc_call_ops *ops, void *calldata);
int nfs3_proc_write_async(struct inode *inode, struct nfs_io_args *args,
			  struct nfs_io_res *res, const struct cred *cred,
			  const struct rpc_call_ops *ops, void *calldata);
int nfs3_proc_commit_async(struct inode *inode, struct nfs_io_args *args,
			   struct nfs_io_res *res, const struct cred *cred,
			   const struct rpc_call_ops *ops, void *calldata);

/* An RPC status as the NFS client reports it: a soft mount's timeout is
 * an I/O error (nfs(5), "soft"). */
static inline int nfs_io_errno(int status)
{
	/*
	 * A soft mount that gave up, or whose server refused or dropped the
	 * connection: the application sees an I/O error, as nfs(5) says.
	 */
	switch (status) {
	case -ETIMEDOUT:
	case -ECONNREFUSED:
	case -ECONNRESET:
	case -ENOTCONN:
	case -EPIPE:
	case -ENETUNREACH:
	case -EHOSTUNREACH:
		return -EIO;
	}
	return status;
}

/* read.c */
int nfs_readpage(struct file *file, struct page *page);
void nfs_readahead(struct readahead_control *rac);
/* Fill a locked page from the server without unlocking it (write_begin). */
int nfs_read_page_locked(struct file *file, struct page *page);

/* write.c */
int nfs_writepage(struct page *page, struct writeback_control *wbc);
int nfs_writepages(struct address_space *mapping, struct writeback_control *wbc);
int nfs_write_begin(struct file *file, struct address_space *mapping,
		    loff_t pos, unsigned int len, unsigned int flags,
		    struct page **pagep, void **fsdata);
int nfs_write_end(struct file *file, struct address_space *mapping,
		  loff_t pos, unsigned int len, unsigned int copied,
		  struct page *page, void *fsdata);
void nfs_invalidatepage(struct page *page, unsigned int offset,
			unsigned int length);
bool nfs_releasepage(struct page *page, gfp_t gfp);
/* Write back [start, end] with @stable (FILE_SYNC for O_SYNC) and wait;
 * then COMMIT what went UNSTABLE.  0 or the first error. */
int nfs_sync_range(struct inode *inode, loff_t start, loff_t end,
		   enum nfs3_stable_how stable);
/* Send one COMMIT for the file's uncommitted pages; @wait for it. */
int nfs_commit_inode(struct inode *inode, bool wait);
/* Remember @cred for the flusher's calls on @inode. */
void nfs_set_wb_cred(struct inode *inode, const struct cred *cred);

/* direct.c */
ssize_t nfs_direct_IO(struct kiocb *iocb, struct iov_iter *iter);
ssize_t nfs_file_direct_read(struct kiocb *iocb, struct iov_iter *iter);
ssize_t nfs_file_direct_write(struct kiocb *iocb, struct iov_iter *iter);

/* ---- super.c (nfs-core) ---- */
extern struct file_system_type nfs_fs_type;

/* ---- appended by nfs-core ---- */
/* NFS3ERR_BAD_COOKIE: the READDIR cookie is stale; nfs-dir restarts the
 * listing (kernel-internal, never returned to user space). */
#define EBADCOOKIE		523
/* super_operations of inode.c, used by super.c */
struct inode *nfs_alloc_inode(struct super_block *sb);
void nfs_destroy_inode(struct inode *inode);
void nfs_evict_inode(struct inode *inode);
int nfs_inode_cache_init(void);

/* ---- mount_clnt.c (rpc): the MOUNT v3 client ---- */
/*
 * MNT @path at @server (its port ignored) on mountd @port (0: ask the
 * portmapper) over @protocol (IPPROTO_TCP/UDP).  On success *@fh is the
 * export's root handle and the server's auth flavours are stored in
 * @auth_flavors: *@nr_flavors is the room there on entry, the number
 * stored on return.  mountstat3 errors: -EPERM, -ENOENT, -EACCES,
 * -ENOTDIR, -EINVAL, -ENAMETOOLONG, -EOPNOTSUPP, -EIO; RPC errors as
 * clnt.h says (soft: about 30 s without an answer gives -ETIMEDOUT).
 */
int nfs_mount_call(const struct sockaddr_in *server, u16 port, int protocol,
		   const char *path, struct nfs_fh *fh, u32 *auth_flavors,
		   unsigned int *nr_flavors);
/* UMNT, best effort (one short soft try, errors ignored). */
void nfs_umount_call(const struct sockaddr_in *server, u16 port, int protocol,
		     const char *path);

#endif /* _FS_NFS_INTERNAL_H */
