/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared between the files of fs/proc/ only.
 *
 * Two kinds of nodes make up /proc:
 *   - proc_dir_entry (PDE): the static tree built with proc_create() and
 *     friends (generic.c), guarded by proc_subdir_lock; an entry is
 *     reference counted (the tree holds one, every inode one);
 *   - per-process directories (base.c, fd.c): made on lookup from the
 *     pid_entry tables; their inodes hold a reference on the task.
 * /proc/sys (proc_sysctl.c) makes its inodes from ctl_table entries.
 *
 * Every proc inode is a struct proc_inode.  Dentries are never cached
 * once unused and are revalidated: an entry that was removed, a task
 * that was reaped, a descriptor that was closed disappears at once.
 */
#ifndef _FS_PROC_INTERNAL_H
#define _FS_PROC_INTERNAL_H

#include <linux/types.h>
#include <linux/list.h>
#include <linux/fs.h>
#include <linux/rwsem.h>
#include <linux/proc_fs.h>
#include <asm/atomic.h>

struct task_struct;
struct seq_file;
struct ctl_table;
struct ctl_table_header;
struct pid_entry;
struct ctl_dir;

struct proc_dir_entry {
	atomic_t refcnt;
	unsigned int low_ino;
	umode_t mode;
	unsigned int nlink;
	loff_t size;
	const struct inode_operations *proc_iops;
	const struct file_operations *proc_dir_ops;	/* directories */
	const struct proc_ops *proc_ops;		/* files */
	const struct seq_operations *seq_ops;		/* proc_create_seq() */
	int (*single_show)(struct seq_file *m, void *v);	/* proc_create_single() */
	unsigned int state_size;			/* seq private area */
	void *data;
	struct proc_dir_entry *parent;
	struct list_head subdir;			/* children, by name */
	struct list_head subdir_node;			/* in parent->subdir */
	bool removed;
	unsigned int namelen;
	char *name;
};

extern struct rw_semaphore proc_subdir_lock;

union proc_op {
	int (*proc_get_link)(struct dentry *dentry, struct path *path);
	int (*proc_show)(struct seq_file *m, struct task_struct *task);
};

struct proc_inode {
	struct proc_dir_entry *pde;		/* static entries (referenced) */
	struct task_struct *task;		/* per-process nodes (referenced) */
	int fd;					/* fd/N and fdinfo/N */
	const struct pid_entry *pid_entry;	/* which per-process file */
	union proc_op op;
	struct ctl_table_header *sysctl;	/* /proc/sys files (referenced) */
	struct ctl_table *sysctl_entry;
	struct ctl_dir *sysctl_dir;		/* /proc/sys directories (never freed) */
	struct inode vfs_inode;
};

static inline struct proc_inode *PROC_I(const struct inode *inode)
{
	return container_of(inode, struct proc_inode, vfs_inode);
}

static inline struct proc_dir_entry *PDE(const struct inode *inode)
{
	return PROC_I(inode)->pde;
}

/* generic.c */
struct proc_dir_entry *pde_get(struct proc_dir_entry *pde);
void pde_put(struct proc_dir_entry *pde);
struct dentry *proc_lookup_de(struct inode *dir, struct dentry *dentry,
			      struct proc_dir_entry *de);
int proc_readdir_de(struct file *file, struct dir_context *ctx, struct proc_dir_entry *de);
struct dentry *proc_lookup(struct inode *dir, struct dentry *dentry, unsigned int flags);
int proc_readdir(struct file *file, struct dir_context *ctx);
extern const struct dentry_operations proc_misc_dentry_ops;

/* inode.c */
struct inode *proc_get_inode(struct super_block *sb, struct proc_dir_entry *de);
extern const struct file_operations proc_reg_file_ops;
extern const struct file_operations proc_iter_file_ops;
int proc_fill_super(struct super_block *sb);
void proc_init_kmemcache(void);
unsigned int proc_alloc_inum(void);
/* Boot time (ktime_get_real_ns() - boottime, for btime and ctimes). */
struct timespec64 proc_boot_time(void);

/* root.c */
extern struct proc_dir_entry *proc_sys_root_pde;

/* Readdir positions in /proc below this are entries of proc_root; then processes. */
#define FIRST_PROCESS_ENTRY	256

/* base.c: /proc/<pid>, /proc/self, /proc/thread-self */
struct dentry *proc_pid_lookup(struct dentry *dentry, unsigned int flags);
int proc_pid_readdir(struct file *file, struct dir_context *ctx);
struct inode *proc_pid_make_inode(struct super_block *sb, struct task_struct *task,
				  umode_t mode);
/* The task of a per-process inode with a new reference if it still exists. */
struct task_struct *get_proc_task(const struct inode *inode);
bool proc_task_alive(struct task_struct *task);
int pid_revalidate(struct dentry *dentry, unsigned int flags);
extern const struct dentry_operations pid_dentry_operations;
void proc_self_init(void);
/* May current read task's private files (cmdline/environ/fd/maps of others)? */
bool proc_may_access(struct task_struct *task);
/* setattr of every per-process inode: no chmod (EPERM), times and owner as usual. */
int proc_setattr(struct dentry *dentry, struct iattr *attr);

extern const struct inode_operations proc_pid_link_inode_operations;

/* array.c */
int proc_pid_stat(struct seq_file *m, struct task_struct *task);
int proc_tid_stat(struct seq_file *m, struct task_struct *task);
int proc_pid_status(struct seq_file *m, struct task_struct *task);
int proc_pid_statm(struct seq_file *m, struct task_struct *task);
/* The task's state letter: R S D T t Z X I. */
char task_state_char(struct task_struct *task);

/* fd.c */
extern const struct file_operations proc_fd_operations;
extern const struct inode_operations proc_fd_inode_operations;
extern const struct file_operations proc_fdinfo_operations;
extern const struct inode_operations proc_fdinfo_inode_operations;

/* proc_sysctl.c */
int proc_sys_init(void);

/* The boot-time files, each from its own file (fs_initcall order in root.c). */
void proc_meminfo_init(void);
void proc_stat_init(void);
void proc_uptime_init(void);
void proc_loadavg_init(void);
void proc_version_init(void);
void proc_cmdline_init(void);
void proc_devices_init(void);
void proc_interrupts_init(void);
void proc_misc_init(void);
void proc_vmstat_init(void);
void proc_mounts_init(void);

#endif /* _FS_PROC_INTERNAL_H */
