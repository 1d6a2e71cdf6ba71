// SPDX-License-Identifier: GPL-2.0-only
/*
 * System V shared memory: shmget(2), shmat(2), shmdt(2), shmctl(2).
 *
 * A segment is a shared anonymous object (mm/shared_anon.c) with an id,
 * a key and permissions.  Its pages are those of MAP_SHARED|MAP_ANONYMOUS
 * memory: zero-filled on first touch, swap-backed, found by rmap.  Each
 * shmat() opens a pseudo file (anon_inodefs) whose ->mmap attaches the
 * object to the new VMA, so do_mmap() applies its usual rules (address
 * search, MAP_FIXED replacement, read-only files refusing PROT_WRITE in
 * mprotect later) and the VMA's vm_file tells shmdt() which attachment
 * it is.  The object's owner hooks keep shm_nattch equal to the number of
 * VMAs mapping the segment, whoever made them: shmat, fork, a split by
 * munmap/mprotect; exit and exec unmap and so detach.
 *
 * Lifetime: IPC_RMID of a segment with attachments marks it SHM_DEST and
 * makes its key private; the last VMA to go frees it.  A shmat() in
 * progress counts as an attachment (shm_hold()), so the segment cannot go
 * between the lookup and the mapping.
 *
 * Locking: shm_ids.lock guards the table, every segment's fields and
 * shm_tot.  Order: mmap_lock -> shm_ids.lock (the owner hooks run under
 * mmap_lock), so nothing here touches user memory while holding
 * shm_ids.lock: results are built in kernel memory and copied after.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/sched.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/resource.h>
#include <linux/mm.h>
#include <linux/mmap_lock.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <uapi/linux/fcntl.h>
#include <linux/anon_inodes.h>
#include <linux/seq_file.h>
#include <linux/proc_fs.h>
#include <linux/sysctl.h>
#include <linux/syscalls.h>
#include <uapi/linux/mman.h>
#include <uapi/linux/shm.h>
#include <asm/uaccess.h>
#include "util.h"

/* Attach addresses are multiples of this on x86 (SHM_RND rounds to it). */
#define SHMLBA		PAGE_SIZE

struct shmid_kernel {
	struct kern_ipc_perm perm;	/* first: the table holds &perm */
	size_t size;			/* bytes, as asked for */
	struct shared_anon *obj;	/* one reference, dropped by shm_destroy() */
	unsigned long nattch;		/* VMAs mapping it, plus shmat()s in progress */
	long atime, dtime, ctime;
	pid_t cpid, lpid;
	char name[24];			/* "/SYSV<key> (deleted)", for /proc/<pid>/maps */
};

static struct ipc_ids shm_ids = IPC_IDS_INIT(shm_ids);

/* Sysctls: read without the lock (a racing change applies to the next call). */
static unsigned long shm_ctlmax = SHMMAX;	/* kernel.shmmax: bytes per segment */
static unsigned long shm_ctlall = SHMALL;	/* kernel.shmall: pages in all segments */
static int shm_ctlmni = SHMMNI;			/* kernel.shmmni: segments */
static unsigned long shm_tot;			/* pages in all segments (shm_ids.lock) */

static const struct file_operations shm_file_ops;

static struct shmid_kernel *to_shm(struct kern_ipc_perm *perm)
{
	return perm ? container_of(perm, struct shmid_kernel, perm) : NULL;
}

/* The next segment at or after slot *idx, which moves past it; NULL at the end (lock held). */
static struct shmid_kernel *shm_next(int *idx)
{
	while (*idx < shm_ids.max_idx) {
		struct kern_ipc_perm *perm = shm_ids.slots[(*idx)++];

		if (perm)
			return to_shm(perm);
	}
	return NULL;
}

static unsigned long shm_pages(const struct shmid_kernel *shp)
{
	return DIV_ROUND_UP(shp->size, PAGE_SIZE);
}

/* Out of the table and freed (shm_ids.lock held; no VMA maps it any more). */
static void shm_destroy(struct shmid_kernel *shp)
{
	ipc_remove(&shm_ids, &shp->perm);
	shm_tot -= shm_pages(shp);
	shared_anon_set_owner(shp->obj, NULL, NULL);
	shared_anon_put(shp->obj);
	kfree(shp);
}

/* One attachment or hold went (shm_ids.lock held). */
static void shm_release(struct shmid_kernel *shp)
{
	shp->nattch--;
	if (!shp->nattch && (shp->perm.mode & SHM_DEST))
		shm_destroy(shp);
}

static void shm_vma_opened(void *owner)
{
	struct shmid_kernel *shp = owner;

	mutex_lock(&shm_ids.lock);
	shp->nattch++;
	shp->atime = ipc_now();
	shp->lpid = current->tgid;
	mutex_unlock(&shm_ids.lock);
}

static void shm_vma_closed(void *owner)
{
	struct shmid_kernel *shp = owner;

	mutex_lock(&shm_ids.lock);
	shp->dtime = ipc_now();
	shp->lpid = current->tgid;
	shm_release(shp);
	mutex_unlock(&shm_ids.lock);
}

static const char *shm_vma_name(void *owner)
{
	return ((struct shmid_kernel *)owner)->name;
}

static const struct shared_anon_owner_ops shm_owner_ops = {
	.vma_opened = shm_vma_opened,
	.vma_closed = shm_vma_closed,
	.name = shm_vma_name,
};

/* ------------------------------------------------------------ shmget */

static int shm_create(struct ipc_ids *ids, int key, int flag, void *arg)
{
	size_t size = *(size_t *)arg;
	unsigned long pages = DIV_ROUND_UP(size, PAGE_SIZE);
	struct shmid_kernel *shp;
	int id;

	if (flag & SHM_HUGETLB)
		return -ENOMEM;		/* no huge pages are reserved, as for MAP_HUGETLB */
	if (size < SHMMIN || size > READ_ONCE(shm_ctlmax))
		return -EINVAL;
	if (shm_tot + pages < shm_tot || shm_tot + pages > READ_ONCE(shm_ctlall))
		return -ENOSPC;
	shp = kzalloc(sizeof(*shp), GFP_KERNEL);
	if (!shp)
		return -ENOMEM;
	shp->obj = shared_anon_create(pages);
	if (!shp->obj) {
		kfree(shp);
		return -ENOMEM;
	}
	id = ipc_add(ids, &shp->perm, key, flag, READ_ONCE(shm_ctlmni));
	if (id < 0) {
		shared_anon_put(shp->obj);
		kfree(shp);
		return id;
	}
	shp->size = size;
	shp->cpid = current->tgid;
	shp->ctime = ipc_now();
	snprintf(shp->name, sizeof(shp->name), "/SYSV%08x (deleted)", (unsigned int)key);
	shared_anon_set_owner(shp->obj, &shm_owner_ops, shp);
	shm_tot += pages;
	return id;
}

/* An existing segment must be at least as big as asked for. */
static int shm_check_size(struct kern_ipc_perm *perm, void *arg)
{
	return to_shm(perm)->size < *(size_t *)arg ? -EINVAL : 0;
}

SYSCALL_DEFINE3(shmget, int, key, size_t, size, int, shmflg)
{
	int ret;

	mutex_lock(&shm_ids.lock);
	ret = ipc_get(&shm_ids, key, shmflg, shm_create, shm_check_size, &size);
	mutex_unlock(&shm_ids.lock);
	return ret;
}

/* ------------------------------------------------------------ shmat, shmdt */

static int shm_mmap(struct file *file, struct vm_area_struct *vma)
{
	struct shmid_kernel *shp = file->private_data;	/* held by shmat() */

	return shared_anon_attach(vma, shp->obj);
}

static const struct file_operations shm_file_ops = {
	.mmap = shm_mmap,
};

/* Map the held segment shp at addr (0: anywhere); the address or -errno. */
static long shm_map(struct shmid_kernel *shp, unsigned long addr, int shmflg,
		    unsigned long prot)
{
	struct mm_struct *mm = current->mm;
	unsigned long len = PAGE_ALIGN(shp->size), populate, ret;
	struct file *file;

	file = anon_inode_getfile("SYSV", &shm_file_ops, shp,
				  (shmflg & SHM_RDONLY) ? O_RDONLY : O_RDWR);
	if (IS_ERR(file))
		return PTR_ERR(file);
	if (mmap_write_lock_killable(mm)) {
		fput(file);
		return -EINTR;
	}
	if (addr && (addr + len < addr || addr + len > mm->task_size))
		ret = -EINVAL;
	else if (addr && !(shmflg & SHM_REMAP) && find_vma_intersection(mm, addr, addr + len))
		ret = -EINVAL;		/* only SHM_REMAP may replace a mapping */
	else
		ret = do_mmap(mm, file, addr, len, prot, MAP_SHARED | (addr ? MAP_FIXED : 0),
			      0, &populate);
	mmap_write_unlock(mm);
	fput(file);			/* the VMA has its own reference */
	return ret;
}

SYSCALL_DEFINE3(shmat, int, shmid, char *, shmaddr, int, shmflg)
{
	unsigned long addr = (unsigned long)shmaddr, prot = PROT_READ;
	struct shmid_kernel *shp;
	int want = 0444;
	long ret;

	if (addr & (SHMLBA - 1)) {
		if (!(shmflg & SHM_RND))
			return -EINVAL;
		addr &= ~(SHMLBA - 1);
	}
	if (!addr && (shmflg & SHM_REMAP))
		return -EINVAL;		/* there is nothing to replace at "anywhere" */
	if (!(shmflg & SHM_RDONLY)) {
		prot |= PROT_WRITE;
		want |= 0222;
	}
	if (shmflg & SHM_EXEC) {
		prot |= PROT_EXEC;
		want |= 0111;
	}
	if (!current->mm)
		return -EINVAL;

	mutex_lock(&shm_ids.lock);
	shp = to_shm(ipc_find(&shm_ids, shmid));
	ret = shp ? ipc_permitted(&shp->perm, want) : -EINVAL;
	if (!ret)
		shp->nattch++;		/* the hold: see "Lifetime" above */
	mutex_unlock(&shm_ids.lock);
	if (ret)
		return ret;

	ret = shm_map(shp, addr, shmflg, prot);

	mutex_lock(&shm_ids.lock);
	shm_release(shp);
	mutex_unlock(&shm_ids.lock);
	return ret;
}

/*
 * shmdt(2): addr must be where an attachment starts.  The attachment's
 * VMAs are those of its file in [addr, addr + size) at the offset their
 * distance from addr says; pieces munmap() left elsewhere stay.
 */
SYSCALL_DEFINE1(shmdt, char *, shmaddr)
{
	unsigned long addr = (unsigned long)shmaddr, end, start;
	struct mm_struct *mm = current->mm;
	struct vm_area_struct *vma;
	struct file *file;
	int err = 0;

	if (!mm || offset_in_page(addr))
		return -EINVAL;
	if (mmap_write_lock_killable(mm))
		return -EINTR;
	vma = find_vma(mm, addr);
	if (!vma || vma->vm_start != addr || !vma->vm_file ||
	    vma->vm_file->f_op != &shm_file_ops || vma->vm_pgoff) {
		mmap_write_unlock(mm);
		return -EINVAL;
	}
	file = vma->vm_file;
	/* The segment lives while this VMA maps it; its size never changes. */
	end = addr + PAGE_ALIGN(((struct shmid_kernel *)file->private_data)->size);
	for (start = addr; start < end && !err;) {
		unsigned long vstart, vend;

		vma = find_vma(mm, start);
		if (!vma || vma->vm_start >= end)
			break;
		vstart = vma->vm_start;
		vend = min(vma->vm_end, end);
		if (vma->vm_file == file && vstart - addr == vma->vm_pgoff << PAGE_SHIFT)
			err = do_munmap(mm, vstart, vend - vstart);
		start = vend;
	}
	mmap_write_unlock(mm);
	return err;
}

/* ------------------------------------------------------------ shmctl */

static void shm_fill_stat(struct shmid_kernel *shp, struct shmid64_ds *ds)
{
	memset(ds, 0, sizeof(*ds));
	ipc_perm_to_user(&shp->perm, &ds->shm_perm);
	ds->shm_segsz = shp->size;
	ds->shm_atime = shp->atime;
	ds->shm_dtime = shp->dtime;
	ds->shm_ctime = shp->ctime;
	ds->shm_cpid = shp->cpid;
	ds->shm_lpid = shp->lpid;
	ds->shm_nattch = shp->nattch;
}

/* IPC_STAT (by id), SHM_STAT and SHM_STAT_ANY (by slot); returns 0 or the id. */
static long shm_stat(int shmid, int cmd, struct shmid64_ds *buf)
{
	struct shmid_kernel *shp;
	struct shmid64_ds ds;
	long ret;

	mutex_lock(&shm_ids.lock);
	if (cmd == IPC_STAT)
		shp = to_shm(ipc_find(&shm_ids, shmid));
	else
		shp = to_shm(ipc_find_slot(&shm_ids, shmid));
	if (!shp)
		ret = -EINVAL;
	else if (cmd == SHM_STAT_ANY)
		ret = 0;
	else
		ret = ipc_permitted(&shp->perm, 0444);
	if (!ret) {
		shm_fill_stat(shp, &ds);
		ret = cmd == IPC_STAT ? 0 : shp->perm.id;
	}
	mutex_unlock(&shm_ids.lock);
	if (ret >= 0 && copy_to_user(buf, &ds, sizeof(ds)))
		return -EFAULT;
	return ret;
}

/* IPC_INFO and SHM_INFO: the limits, or the usage; returns the highest slot in use. */
static long shm_info(int cmd, void *buf)
{
	struct shminfo64 limits;
	struct shm_info usage;
	size_t size;
	void *src;
	long top;

	memset(&limits, 0, sizeof(limits));
	memset(&usage, 0, sizeof(usage));
	mutex_lock(&shm_ids.lock);
	top = max(shm_ids.max_idx - 1, 0);
	if (cmd == IPC_INFO) {
		limits.shmmax = READ_ONCE(shm_ctlmax);
		limits.shmmin = SHMMIN;
		limits.shmmni = READ_ONCE(shm_ctlmni);
		limits.shmseg = SHMSEG;
		limits.shmall = READ_ONCE(shm_ctlall);
	} else {
		struct shmid_kernel *shp;
		unsigned long rss, swp;
		int idx = 0;

		usage.used_ids = shm_ids.in_use;
		usage.shm_tot = shm_tot;
		while ((shp = shm_next(&idx))) {
			shared_anon_usage(shp->obj, &rss, &swp);
			usage.shm_rss += rss;
			usage.shm_swp += swp;
		}
	}
	mutex_unlock(&shm_ids.lock);
	src = cmd == IPC_INFO ? (void *)&limits : (void *)&usage;
	size = cmd == IPC_INFO ? sizeof(limits) : sizeof(usage);
	if (copy_to_user(buf, src, size))
		return -EFAULT;
	return top;
}

/* SHM_LOCK/SHM_UNLOCK: CAP_IPC_LOCK, or the owner with a non-zero RLIMIT_MEMLOCK to lock. */
static int shm_lock(struct shmid_kernel *shp, bool lock)
{
	uid_t euid = current_euid();

	if (!capable(CAP_IPC_LOCK)) {
		if (euid != shp->perm.uid && euid != shp->perm.cuid)
			return -EPERM;
		if (lock && !rlimit(RLIMIT_MEMLOCK))
			return -EPERM;
	}
	if (lock)
		shp->perm.mode |= SHM_LOCKED;
	else
		shp->perm.mode &= ~SHM_LOCKED;
	shared_anon_set_locked(shp->obj, lock);
	return 0;
}

/* IPC_SET, IPC_RMID, SHM_LOCK, SHM_UNLOCK: changes to one segment by id. */
static long shm_change(int shmid, int cmd, const struct ipc64_perm *newperm)
{
	struct shmid_kernel *shp;
	long ret = 0;

	mutex_lock(&shm_ids.lock);
	shp = to_shm(ipc_find(&shm_ids, shmid));
	if (!shp) {
		ret = -EINVAL;
	} else if (cmd == SHM_LOCK || cmd == SHM_UNLOCK) {
		ret = shm_lock(shp, cmd == SHM_LOCK);
	} else if (!ipc_may_modify(&shp->perm)) {
		ret = -EPERM;
	} else if (cmd == IPC_SET) {
		ipc_perm_from_user(&shp->perm, newperm);
		shp->ctime = ipc_now();
	} else {
		/* IPC_RMID: gone now, or with the last detach. */
		shp->perm.mode |= SHM_DEST;
		shp->perm.key = IPC_PRIVATE;
		if (!shp->nattch)
			shm_destroy(shp);
	}
	mutex_unlock(&shm_ids.lock);
	return ret;
}

SYSCALL_DEFINE3(shmctl, int, shmid, int, cmd, struct shmid64_ds *, buf)
{
	struct shmid64_ds ds;

	cmd = ipc_strip_version(cmd);
	if (shmid < 0 || cmd < 0)
		return -EINVAL;
	switch (cmd) {
	case IPC_INFO:
	case SHM_INFO:
		return shm_info(cmd, buf);
	case IPC_STAT:
	case SHM_STAT:
	case SHM_STAT_ANY:
		return shm_stat(shmid, cmd, buf);
	case IPC_SET:
		if (copy_from_user(&ds, buf, sizeof(ds)))
			return -EFAULT;
		return shm_change(shmid, cmd, &ds.shm_perm);
	case IPC_RMID:
	case SHM_LOCK:
	case SHM_UNLOCK:
		return shm_change(shmid, cmd, NULL);
	default:
		return -EINVAL;
	}
}

/* ------------------------------------------------------------ /proc, sysctl */

static int shm_proc_show(struct seq_file *m, void *v)
{
	struct shmid_kernel *shp;
	unsigned long rss, swp;
	int idx = 0;

	seq_puts(m, "       key      shmid perms                  size  cpid  lpid nattch   uid   gid"
		 "  cuid  cgid      atime      dtime      ctime                   rss"
		 "                  swap\n");
	mutex_lock(&shm_ids.lock);
	while ((shp = shm_next(&idx))) {
		shared_anon_usage(shp->obj, &rss, &swp);
		seq_printf(m, "%10d %10d  %4o %21zu %5d %5d  %5lu %5u %5u %5u %5u %10ld %10ld %10ld "
			   "%21lu %21lu\n", shp->perm.key, shp->perm.id, shp->perm.mode & 0777,
			   shp->size, shp->cpid, shp->lpid, shp->nattch, shp->perm.uid,
			   shp->perm.gid, shp->perm.cuid, shp->perm.cgid, shp->atime, shp->dtime,
			   shp->ctime, rss << PAGE_SHIFT, swp << PAGE_SHIFT);
	}
	mutex_unlock(&shm_ids.lock);
	return 0;
}

static int shm_mni_max = IPC_SEQ_MULT;

static struct ctl_table shm_sysctls[] = {
	{ .procname = "shmmax", .data = &shm_ctlmax, .maxlen = sizeof(shm_ctlmax),
	  .mode = 0644, .proc_handler = proc_doulongvec_minmax },
	{ .procname = "shmall", .data = &shm_ctlall, .maxlen = sizeof(shm_ctlall),
	  .mode = 0644, .proc_handler = proc_doulongvec_minmax },
	{ .procname = "shmmni", .data = &shm_ctlmni, .maxlen = sizeof(shm_ctlmni),
	  .mode = 0644, .proc_handler = proc_dointvec_minmax, .extra1 = SYSCTL_ZERO,
	  .extra2 = &shm_mni_max },
	{ }
};

void __init shm_init(struct proc_dir_entry *dir)
{
	if (!register_sysctl("kernel", shm_sysctls))
		pr_warn("ipc: cannot register the kernel.shm* sysctls\n");
	if (dir && !proc_create_single("shm", 0444, dir, shm_proc_show))
		pr_warn("ipc: cannot create /proc/sysvipc/shm\n");
}
