// SPDX-License-Identifier: GPL-2.0-only
/*
 * execve(2) and execveat(2): replacing a process's program.
 *
 * Interface: do_execveat() (the system calls), kernel_execve() (PID 1),
 * begin_new_exec() and setup_new_exec_stack() (for the binary formats),
 * bprm_read(), open_exec()/put_exec_file() (an ELF interpreter).
 *
 * Steps, Linux's order:
 *   1. copy the file name and the argv/envp strings into a kernel buffer
 *      (E2BIG, EFAULT: the caller is untouched);
 *   2. open the file: a regular file (EACCES), on a mount without noexec
 *      (EACCES), with exec permission (EACCES), not open for writing
 *      (ETXTBSY, held off for the duration of the load);
 *   3. "#!" scripts restart with the interpreter (at most 4 deep: ELOOP);
 *      for the final file the new credentials are worked out (set-user-ID
 *      and set-group-ID bits, exec_prepare_creds()); ELF images go to
 *      load_elf_binary(); anything else is ENOEXEC;
 *   4. begin_new_exec(): the point of no return - other threads killed,
 *      the new mm installed, the credentials and dumpable state set,
 *      close-on-exec descriptors closed, handlers reset (ignored ones
 *      stay ignored), comm set from the file name;
 *   5. the format maps the image, setup_new_exec_stack() builds the
 *      Linux initial stack, and the task returns to user mode at the
 *      entry point.
 * A failure after step 4 kills the task with SIGSEGV.
 *
 * Locking: none of its own; the mm calls take mmap_lock themselves.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/mm.h>
#include <linux/signal.h>
#include <linux/binfmts.h>
#include <linux/syscalls.h>
#include <linux/errno.h>
#include <linux/string.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/fdtable.h>
#include <linux/namei.h>
#include <linux/dcache.h>
#include <linux/mount.h>
#include <linux/cred.h>
#include <linux/capability.h>
#include <linux/mm.h>
#include <linux/mmap_lock.h>
#include <linux/jiffies.h>
#include <linux/ptrace.h>
#include <uapi/linux/fcntl.h>
#include <uapi/linux/elf.h>
#include <asm/uaccess.h>
#include <asm/entry.h>
#include <asm/fpu.h>
#include <asm/mmu_context.h>
#include <asm/elf.h>
#include <linux/random.h>
#include <linux/elf-randomize.h>
#include <linux/posix-timers.h>
#include <linux/sched/coredump.h>
#include <linux/sysctl.h>
#include <linux/init.h>
#include <uapi/linux/personality.h>

/* Where the stack of a new program ends before randomisation (Linux: the top of user space). */
#define STACK_TOP		TASK_SIZE_MAX
/* The initial stack pointer moves down by up to this much more at random (Linux: 8 KiB). */
#define STACK_SUBPAGE_RND	8192
/* Room for the stack to grow besides the strings and pointers. */
#define EXEC_STACK_EXTRA	(128UL << 10)

/* ------------------------------------------------------------ strings */

struct user_arg_ptr {
	const char *const *ptr;
	bool is_kernel;
};

static int get_arg_ptr(struct user_arg_ptr argv, int nr, const char **out)
{
	unsigned long v;
	int err;

	if (argv.is_kernel) {
		*out = argv.ptr[nr];
		return 0;
	}
	err = get_user(v, (const unsigned long *)(argv.ptr + nr));
	*out = (const char *)v;
	return err;
}

/* Number of strings in a NULL-terminated array (E2BIG beyond the limit). */
static int count_strings(struct user_arg_ptr argv)
{
	const char *p;
	int i = 0;

	if (!argv.ptr)
		return 0;
	for (;;) {
		if (get_arg_ptr(argv, i, &p))
			return -EFAULT;
		if (!p)
			return i;
		if (++i >= MAX_ARG_STRINGS)
			return -E2BIG;
		if (signal_pending(current))
			return -ERESTARTNOHAND;
		cond_resched();
	}
}

/* Append one string (from user or kernel memory) to bprm->strings. */
static int add_string(struct linux_binprm *bprm, const char *s, bool is_kernel)
{
	long len = is_kernel ? (long)strlen(s) + 1 : strnlen_user(s, MAX_ARG_STRLEN + 1);

	if (len <= 0)
		return -EFAULT;
	if (len > MAX_ARG_STRLEN)
		return -E2BIG;
	if (bprm->strings_len + len > bprm->strings_size) {
		size_t size = max_t(size_t, bprm->strings_size * 2, 4096);
		char *n;

		while (size < bprm->strings_len + len)
			size *= 2;
		if (size > ARG_MAX_BYTES)
			size = ARG_MAX_BYTES;
		if (bprm->strings_len + len > size)
			return -E2BIG;
		n = vmalloc(size);
		if (!n)
			return -ENOMEM;
		if (bprm->strings) {
			memcpy(n, bprm->strings, bprm->strings_len);
			vfree(bprm->strings);
		}
		bprm->strings = n;
		bprm->strings_size = size;
	}
	if (is_kernel) {
		memcpy(bprm->strings + bprm->strings_len, s, len);
	} else {
		if (copy_from_user(bprm->strings + bprm->strings_len, s, len))
			return -EFAULT;
		/* The string may have changed under us: keep it terminated. */
		bprm->strings[bprm->strings_len + len - 1] = '\0';
		len = strlen(bprm->strings + bprm->strings_len) + 1;
	}
	bprm->strings_len += len;
	return 0;
}

static int copy_strings(struct linux_binprm *bprm, struct user_arg_ptr argv, int count)
{
	for (int i = 0; i < count; i++) {
		const char *s;
		int err;

		if (get_arg_ptr(argv, i, &s))
			return -EFAULT;
		if (!s)
			return -EFAULT;	/* the array changed under us */
		err = add_string(bprm, s, argv.is_kernel);
		if (err)
			return err;
		if (fatal_signal_pending(current))
			return -ERESTARTNOHAND;
		cond_resched();
	}
	return 0;
}

/* The pointers the stack will hold count against the limit too (Linux). */
static int check_arg_limit(struct linux_binprm *bprm)
{
	if (bprm->strings_len + (bprm->argc + bprm->envc + 2) * sizeof(void *) > ARG_MAX_BYTES)
		return -E2BIG;
	return 0;
}

/* ------------------------------------------------------------ the file */

static struct file *open_exec_file(int fd, struct filename *name, int flags)
{
	struct open_flags op;
	struct file *file;
	struct inode *inode;
	int err;

	if ((flags & AT_EMPTY_PATH) && !name->name[0]) {
		putname(name);
		file = fget(fd);
		if (!file)
			return ERR_PTR(-EBADF);
	} else {
		err = build_open_flags(O_RDONLY | O_LARGEFILE |
				       ((flags & AT_SYMLINK_NOFOLLOW) ? O_NOFOLLOW : 0),
				       0, &op);
		if (err) {
			putname(name);
			return ERR_PTR(err);
		}
		/*
		 * Opened for reading by the kernel, but the caller needs only
		 * execute permission: a mode 0711 program runs (not dumpable).
		 */
		op.acc_mode = MAY_EXEC;
		file = do_filp_open(fd, name, &op);
		if (IS_ERR(file))
			return file;
	}
	inode = file_inode(file);
	err = -EACCES;
	if (!S_ISREG(inode->i_mode))
		goto fail;
	if (file->f_path.mnt && (file->f_path.mnt->mnt_flags & MNT_NOEXEC))
		goto fail;
	/* Even root needs some execute bit on a regular file. */
	if (!(inode->i_mode & 0111) || inode_permission(inode, MAY_EXEC))
		goto fail;
	err = deny_write_access(file);
	if (err)
		goto fail;
	return file;
fail:
	fput(file);
	return ERR_PTR(err);
}

struct file *open_exec(const char *name)
{
	return open_exec_file(AT_FDCWD, getname_kernel(name), 0);
}

void put_exec_file(struct file *file)
{
	allow_write_access(file);
	fput(file);
}

static void close_exec_file(struct linux_binprm *bprm)
{
	if (bprm->file) {
		put_exec_file(bprm->file);
		bprm->file = NULL;
	}
}

int bprm_read(struct linux_binprm *bprm, loff_t pos, void *buf, size_t len)
{
	ssize_t n = kernel_read(bprm->file, buf, len, &pos);

	if (n < 0)
		return n;
	return (size_t)n == len ? 0 : -EIO;
}

/* ------------------------------------------------------------ scripts */

static bool spacetab(char c)
{
	return c == ' ' || c == '\t';
}

/*
 * "#!interpreter [one-argument]": run the interpreter with argv
 * [interpreter, (argument,) the script's name, the old argv[1..]].
 */
static int load_script(struct linux_binprm *bprm, int dfd)
{
	char *end, *interp, *arg = NULL, *p;
	const char *old_argv0_end;
	char *old = bprm->strings;
	size_t old_len = bprm->strings_len, skip;
	struct file *file;
	int err;

	if (bprm->buf[0] != '#' || bprm->buf[1] != '!')
		return -ENOEXEC;
	/* A script nobody may read makes the process undumpable too. */
	if (inode_permission(file_inode(bprm->file), MAY_READ))
		bprm->unreadable = true;
	end = memchr(bprm->buf, '\n', sizeof(bprm->buf));
	if (!end) {
		/* The whole buffer is the line: only if the name ends inside it. */
		end = bprm->buf + sizeof(bprm->buf) - 1;
		for (p = bprm->buf + 2; p < end && spacetab(*p); p++)
			;
		for (; p < end && !spacetab(*p); p++)
			;
		if (p == end)
			return -ENOEXEC;	/* interpreter name truncated */
	}
	*end = '\0';
	for (interp = bprm->buf + 2; spacetab(*interp); interp++)
		;
	if (!*interp)
		return -ENOEXEC;
	for (p = interp; *p && !spacetab(*p); p++)
		;
	if (*p) {
		*p++ = '\0';
		while (spacetab(*p))
			p++;
		if (*p) {
			arg = p;
			for (p = arg + strlen(arg); p > arg && spacetab(p[-1]); p--)
				;
			*p = '\0';
		}
	}
	if (++bprm->recursion > BINPRM_MAX_RECURSION)
		return -ELOOP;

	/* New strings: interp, [arg], filename, then argv[1..] and envp. */
	old_argv0_end = bprm->argc ? memchr(old, '\0', old_len) : NULL;
	skip = old_argv0_end ? (size_t)(old_argv0_end - old) + 1 : 0;
	bprm->strings = NULL;
	bprm->strings_len = bprm->strings_size = 0;
	err = add_string(bprm, interp, true);
	if (!err && arg)
		err = add_string(bprm, arg, true);
	if (!err)
		err = add_string(bprm, bprm->filename, true);
	if (!err && bprm->strings_len + old_len - skip > bprm->strings_size) {
		/* Make room for the rest in one go. */
		size_t need = bprm->strings_len + old_len - skip;
		char *n = need <= ARG_MAX_BYTES ? vmalloc(need) : NULL;

		if (!n) {
			err = need > ARG_MAX_BYTES ? -E2BIG : -ENOMEM;
		} else {
			memcpy(n, bprm->strings, bprm->strings_len);
			vfree(bprm->strings);
			bprm->strings = n;
			bprm->strings_size = need;
		}
	}
	if (!err) {
		memcpy(bprm->strings + bprm->strings_len, old + skip, old_len - skip);
		bprm->strings_len += old_len - skip;
		bprm->argc += (arg ? 2 : 1) + (skip ? 0 : 1);
		err = check_arg_limit(bprm);
	}
	vfree(old);
	if (err)
		return err;

	file = open_exec_file(AT_FDCWD, getname_kernel(interp), 0);
	if (IS_ERR(file))
		return PTR_ERR(file);
	close_exec_file(bprm);
	bprm->file = file;
	return 1;	/* look again */
}

/* ------------------------------------------------------------ credentials */

/* /proc/sys/fs/suid_dumpable (proc(5)): the dumpable state after an identity change. */
int suid_dumpable;

/* 0, 1 or 2 (SUID_DUMP_*), like Linux; the table ends with an empty entry. */
static struct ctl_table suid_dumpable_sysctl[2] = {
	[0] = {
		.procname = "suid_dumpable",
		.mode = 0644,
		.data = &suid_dumpable,
		.maxlen = sizeof(suid_dumpable),
		.extra1 = SYSCTL_ZERO,
		.extra2 = SYSCTL_TWO,
		.proc_handler = proc_dointvec_minmax,
	},
};

static int __init suid_dumpable_init(void)
{
	return register_sysctl("fs", suid_dumpable_sysctl) ? 0 : -ENOMEM;
}
late_initcall(suid_dumpable_init);

/*
 * The identity the new program runs with (execve(2), credentials(7)),
 * from bprm->file, the file actually loaded (a script's interpreter, so a
 * script's own mode bits do not count):
 *  - S_ISUID: the effective user id becomes the file's owner;
 *  - S_ISGID with group execute permission (without it the bit means
 *    mandatory locking): the effective group id becomes the file's group;
 *  - neither on a nosuid mount, nor with no_new_privs, nor while traced
 *    (a tracer must not gain the new identity's powers over the process);
 *  - the saved ids then take the effective ones, and so do the
 *    file-system ids; the real ids never change;
 *  - the capability sets follow (cap_bprm_creds(), kernel/capability.c),
 *    which also decides AT_SECURE.
 * Works on a copy kept in bprm->cred until begin_new_exec() installs it,
 * so a failure up to the point of no return leaves the caller as it was.
 */
static int exec_prepare_creds(struct linux_binprm *bprm)
{
	struct file *file = bprm->file;
	struct inode *inode = file_inode(file);
	const struct cred *old = current_cred();
	bool honour_bits = !current->no_new_privs && !current->ptrace &&
			   !(file->f_path.mnt && (file->f_path.mnt->mnt_flags & MNT_NOSUID));
	struct cred *new = prepare_creds();
	int err;

	if (!new)
		return -ENOMEM;
	if (honour_bits) {
		/* Mode and owner as one snapshot: chmod/chown hold the lock too. */
		inode_lock(inode);
		if (inode->i_mode & S_ISUID)
			new->euid = inode->i_uid;
		if ((inode->i_mode & (S_ISGID | S_IXGRP)) == (S_ISGID | S_IXGRP))
			new->egid = inode->i_gid;
		inode_unlock(inode);
	}
	new->suid = new->fsuid = new->euid;
	new->sgid = new->fsgid = new->egid;
	if (bprm->cred)
		abort_creds(bprm->cred);
	bprm->cred = new;
	err = cap_bprm_creds(bprm, old);
	if (err)
		return err;
	if (inode_permission(inode, MAY_READ))
		bprm->unreadable = true;
	/*
	 * A program that gains privilege does not inherit "no randomisation"
	 * (Linux clears it too); the still empty new mm is laid out again.
	 */
	if (bprm->secureexec && (current->personality & ADDR_NO_RANDOMIZE)) {
		current->personality &= ~ADDR_NO_RANDOMIZE;
		arch_pick_mmap_layout(bprm->mm);
	}
	return 0;
}

/* Read the header and hand the file to the format that takes it. */
static int search_binary_handler(struct linux_binprm *bprm, int dfd)
{
	for (;;) {
		int err;

		memset(bprm->buf, 0, sizeof(bprm->buf));
		err = kernel_read(bprm->file, bprm->buf, sizeof(bprm->buf), &(loff_t){ 0 });
		if (err < 0)
			return err;
		err = load_script(bprm, dfd);
		if (err == 1)
			continue;
		if (err != -ENOEXEC)
			return err;
		err = exec_prepare_creds(bprm);
		if (err)
			return err;
		return load_elf_binary(bprm);
	}
}

/* ------------------------------------------------------------ the point of no return */

/*
 * Wait until current is the only thread of its process.  A thread that
 * is not the leader waits for the leader to become a zombie and then
 * takes its place and its pid (exec_take_over_leader()), as in Linux:
 * the process keeps its pid across the execve.
 */
static int de_thread(struct task_struct *tsk)
{
	struct signal_struct *sig = tsk->signal;
	struct task_struct *leader = tsk->group_leader;
	unsigned long flags;
	int err = 0;

	if (thread_group_empty(tsk))
		return 0;
	spin_lock_irqsave(&tsk->sighand->siglock, flags);
	if (sig->flags & SIGNAL_GROUP_EXIT || sig->group_exec_task) {
		spin_unlock_irqrestore(&tsk->sighand->siglock, flags);
		return -EAGAIN;
	}
	sig->group_exec_task = tsk;
	zap_other_threads(tsk);
	spin_unlock_irqrestore(&tsk->sighand->siglock, flags);

	for (;;) {
		set_current_state(TASK_KILLABLE);
		if (thread_group_leader(tsk) ? READ_ONCE(sig->nr_threads) == 1 :
		    READ_ONCE(sig->nr_threads) == 2 && READ_ONCE(leader->exit_state) == EXIT_ZOMBIE)
			break;
		if (fatal_signal_pending(tsk)) {
			err = -EINTR;
			break;
		}
		schedule();
	}
	__set_current_state(TASK_RUNNING);
	if (!err && !thread_group_leader(tsk))
		exec_take_over_leader(tsk);
	spin_lock_irqsave(&tsk->sighand->siglock, flags);
	sig->group_exec_task = NULL;
	spin_unlock_irqrestore(&tsk->sighand->siglock, flags);
	return err;
}

/* Drop the old address space for the new one (current->mm may be NULL: PID 1). */
static void exec_mmap(struct mm_struct *mm)
{
	struct task_struct *tsk = current;
	struct mm_struct *old_mm = tsk->mm, *active = tsk->active_mm;

	mm_release(tsk, old_mm);
	if (old_mm)
		note_mm_maxrss(tsk, old_mm);

	local_irq_disable();
	tsk->mm = mm;
	tsk->active_mm = mm;
	activate_mm(active ? active : &init_mm, mm);
	local_irq_enable();
	if (old_mm)
		mmput(old_mm);
}

/*
 * comm: the last component of the name, or for a program run through a
 * descriptor (/dev/fd/N) the name of the file itself, as Linux does.
 */
static void set_exec_comm(struct linux_binprm *bprm)
{
	const char *base = strrchr(bprm->filename, '/');
	char *buf = NULL, *path;

	base = base ? base + 1 : bprm->filename;
	if (bprm->fdpath && (buf = kmalloc(PATH_MAX, GFP_KERNEL))) {
		path = d_path(&bprm->file->f_path, buf, PATH_MAX);
		if (!IS_ERR(path) && strrchr(path, '/'))
			base = strrchr(path, '/') + 1;
	}
	set_task_comm(current, base);
	kfree(buf);
}

int begin_new_exec(struct linux_binprm *bprm)
{
	struct task_struct *tsk = current;
	int err;

	err = de_thread(tsk);
	if (err)
		return err;
	/* Descriptors shared with another process (CLONE_FILES) are copied first. */
	err = unshare_files();
	if (err)
		return err;

	bprm->point_of_no_return = true;
	tsk->flags &= ~PF_FORKNOEXEC;
	tsk->nproc_uid = current_uid();
	/* /proc/<pid>/exe: the program (for a script, its interpreter). */
	set_mm_exe_file(bprm->mm, bprm->file);
	exec_mmap(bprm->mm);
	bprm->mm = NULL;

	set_exec_comm(bprm);

	/*
	 * The new identity, and whether the new program may be inspected:
	 * not after a change of identity (suid_dumpable decides) nor when it
	 * could not be read; otherwise by its owner.
	 */
	if (bprm->cred)
		commit_creds(bprm->cred);
	bprm->cred = NULL;
	if (bprm->secureexec || bprm->unreadable)
		set_dumpable(tsk->mm, READ_ONCE(suid_dumpable));
	else
		set_dumpable(tsk->mm, SUID_DUMP_USER);

	spin_lock_irq(&tsk->sighand->siglock);
	flush_signal_handlers(tsk, 0);
	spin_unlock_irq(&tsk->sighand->siglock);
	tsk->sas_ss_sp = 0;
	tsk->sas_ss_size = 0;
	tsk->sas_ss_flags = 0;
	tsk->pdeath_signal = 0;
	tsk->robust_list = NULL;
	tsk->restart_block.fn = do_no_restart_syscall;
	/* POSIX timers do not survive exec (interval timers do). */
	posix_timers_exit(tsk->signal);
	do_close_on_exec(tsk->files);
	return fpu_reset_current();
}

/* ------------------------------------------------------------ the initial stack */

static int push_bytes(unsigned long *p, const void *data, size_t len)
{
	*p -= len;
	return copy_to_user((void *)*p, data, len) ? -EFAULT : 0;
}

int setup_new_exec_stack(struct linux_binprm *bprm)
{
	struct mm_struct *mm = current->mm;
	const struct cred *cred = current->cred;
	unsigned long stack_top = randomize_stack_top(STACK_TOP), p = stack_top;
	unsigned long execfn, platform, random, strings, sp, *auxv;
	unsigned long size, items, nauxv = 0, ptr;
	static const char platform_name[] = ELF_PLATFORM;
	u8 rnd[16];
	int err, i;

	size = bprm->strings_len + strlen(bprm->filename) + 1 + sizeof(platform_name) + 16 +
	       (bprm->argc + bprm->envc + 2 + 2 * AT_VECTOR_SIZE + 1) * sizeof(long) + 64 +
	       STACK_SUBPAGE_RND;
	err = setup_user_stack(mm, stack_top, PAGE_ALIGN(size) + EXEC_STACK_EXTRA,
			       bprm->exec_stack);
	if (err)
		return err;

	/* Strings at the top: the file name, then envp and argv as one block. */
	err = push_bytes(&p, bprm->filename, strlen(bprm->filename) + 1);
	execfn = p;
	if (!err)
		err = push_bytes(&p, bprm->strings, bprm->strings_len);
	strings = p;
	if (!err)
		err = push_bytes(&p, platform_name, sizeof(platform_name));
	platform = p;
	/* AT_RANDOM: the libc's stack-protector and pointer-guard seeds. */
	get_random_bytes(rnd, sizeof(rnd));
	if (!err)
		err = push_bytes(&p, rnd, sizeof(rnd));
	random = p;
	if (err)
		return err;
	/* The pointers start at a random offset too, not only the stack's page. */
	if (exec_randomize())
		p -= get_random_u32_below(STACK_SUBPAGE_RND);
	p &= ~15UL;

	auxv = mm->saved_auxv;
#define NEW_AUX_ENT(id, val) do { auxv[nauxv++] = (id); auxv[nauxv++] = (val); } while (0)
	if (mm->vdso_base)
		NEW_AUX_ENT(AT_SYSINFO_EHDR, mm->vdso_base);
	NEW_AUX_ENT(AT_MINSIGSTKSZ, get_sigframe_size());
	NEW_AUX_ENT(AT_HWCAP, ELF_HWCAP);
	NEW_AUX_ENT(AT_PAGESZ, PAGE_SIZE);
	NEW_AUX_ENT(AT_CLKTCK, USER_HZ);
	NEW_AUX_ENT(AT_PHDR, bprm->phdr);
	NEW_AUX_ENT(AT_PHENT, bprm->phent);
	NEW_AUX_ENT(AT_PHNUM, bprm->phnum);
	NEW_AUX_ENT(AT_BASE, bprm->load_base);
	NEW_AUX_ENT(AT_FLAGS, 0);
	NEW_AUX_ENT(AT_ENTRY, bprm->entry);
	NEW_AUX_ENT(AT_UID, cred->uid);
	NEW_AUX_ENT(AT_EUID, cred->euid);
	NEW_AUX_ENT(AT_GID, cred->gid);
	NEW_AUX_ENT(AT_EGID, cred->egid);
	NEW_AUX_ENT(AT_SECURE, bprm->secureexec);
	NEW_AUX_ENT(AT_RANDOM, random);
	NEW_AUX_ENT(AT_HWCAP2, ELF_HWCAP2);
	NEW_AUX_ENT(AT_EXECFN, execfn);
	NEW_AUX_ENT(AT_PLATFORM, platform);
	NEW_AUX_ENT(AT_NULL, 0);
#undef NEW_AUX_ENT
	for (i = nauxv; i < AT_VECTOR_SIZE; i++)
		auxv[i] = 0;

	/* argc, argv[], NULL, envp[], NULL, auxv: argc 16-byte aligned. */
	items = 1 + bprm->argc + 1 + bprm->envc + 1 + nauxv;
	sp = (p - items * sizeof(long)) & ~15UL;
	p = sp;
	if (put_user((unsigned long)bprm->argc, (unsigned long *)p))
		return -EFAULT;
	p += sizeof(long);
	ptr = strings;
	mm->arg_start = strings;
	for (i = 0; i < bprm->argc + bprm->envc; i++) {
		size_t len = strlen(bprm->strings + (ptr - strings)) + 1;

		if (i == bprm->argc) {
			/* argv's NULL, then envp begins */
			if (put_user(0UL, (unsigned long *)p))
				return -EFAULT;
			p += sizeof(long);
			mm->arg_end = mm->env_start = ptr;
		}
		if (put_user(ptr, (unsigned long *)p))
			return -EFAULT;
		p += sizeof(long);
		ptr += len;
	}
	if (bprm->envc == 0) {
		if (put_user(0UL, (unsigned long *)p))
			return -EFAULT;
		p += sizeof(long);
		mm->arg_end = mm->env_start = ptr;
	}
	if (put_user(0UL, (unsigned long *)p))
		return -EFAULT;
	p += sizeof(long);
	mm->env_end = ptr;
	if (copy_to_user((void *)p, auxv, nauxv * sizeof(long)))
		return -EFAULT;
	mm->start_stack = sp;

	start_thread(task_pt_regs(current), bprm->start, sp);
	return 0;
}

/* ------------------------------------------------------------ execve */

static int do_execveat_common(int fd, struct filename *filename, struct user_arg_ptr argv,
			      struct user_arg_ptr envp, int flags)
{
	struct linux_binprm *bprm;
	struct file *file;
	int err, argc, envc;
	pid_t old_pid;

	if (IS_ERR(filename))
		return PTR_ERR(filename);
	if (flags & ~(AT_EMPTY_PATH | AT_SYMLINK_NOFOLLOW)) {
		putname(filename);
		return -EINVAL;
	}
	bprm = kzalloc(sizeof(*bprm), GFP_KERNEL);
	if (!bprm) {
		putname(filename);
		return -ENOMEM;
	}
	/*
	 * The name the program sees (AT_EXECFN, comm, a script's argv):
	 * relative to a directory descriptor it is /dev/fd/N/name, and an
	 * empty AT_EMPTY_PATH name is /dev/fd/N, as in Linux.
	 */
	if (fd == AT_FDCWD || filename->name[0] == '/') {
		bprm->filename = kstrdup(filename->name, GFP_KERNEL);
	} else {
		size_t len = strlen(filename->name) + 32;
		char *name = kmalloc(len, GFP_KERNEL);

		if (name && filename->name[0])
			snprintf(name, len, "/dev/fd/%d/%s", fd, filename->name);
		else if (name)
			snprintf(name, len, "/dev/fd/%d", fd);
		bprm->filename = name;
		bprm->fdpath = true;
	}
	if (!bprm->filename) {
		putname(filename);
		err = -ENOMEM;
		goto out_free;
	}

	argc = count_strings(argv);
	envc = count_strings(envp);
	err = argc < 0 ? argc : envc < 0 ? envc : 0;
	if (err) {
		putname(filename);
		goto out_free;
	}
	bprm->argc = argc;
	bprm->envc = envc;
	err = copy_strings(bprm, argv, argc);
	if (!err && argc == 0) {
		/* Linux supplies an empty argv[0] rather than none. */
		err = add_string(bprm, "", true);
		bprm->argc = 1;
	}
	if (!err)
		err = copy_strings(bprm, envp, envc);
	if (!err)
		err = check_arg_limit(bprm);
	if (err) {
		putname(filename);
		goto out_free;
	}

	file = open_exec_file(fd, filename, flags);
	if (IS_ERR(file)) {
		err = PTR_ERR(file);
		goto out_free;
	}
	bprm->file = file;
	bprm->old_personality = current->personality;
	old_pid = current->pid;
	bprm->mm = mm_alloc();
	if (!bprm->mm) {
		err = -ENOMEM;
		goto out_file;
	}
	err = search_binary_handler(bprm, fd);
	if (err >= 0) {
		err = 0;
		/* PTRACE_EVENT_EXEC's message: the thread id execve was called in. */
		ptrace_event(PTRACE_EVENT_EXEC, old_pid);
	}
out_file:
	close_exec_file(bprm);
	if (bprm->mm)
		mmput(bprm->mm);
	if (bprm->cred)
		abort_creds(bprm->cred);
	if (err && !bprm->point_of_no_return)
		current->personality = bprm->old_personality;
	/* Past the point of no return the old program is gone: die. */
	if (err && bprm->point_of_no_return && !fatal_signal_pending(current))
		force_sig(SIGSEGV);
out_free:
	vfree(bprm->strings);
	kfree(bprm->filename);
	kfree(bprm);
	return err;
}

SYSCALL_DEFINE3(execve, const char *, filename, const char *const *, argv,
		const char *const *, envp)
{
	struct user_arg_ptr a = { .ptr = argv }, e = { .ptr = envp };

	return do_execveat_common(AT_FDCWD, getname(filename), a, e, 0);
}

SYSCALL_DEFINE5(execveat, int, fd, const char *, filename, const char *const *, argv,
		const char *const *, envp, int, flags)
{
	struct user_arg_ptr a = { .ptr = argv }, e = { .ptr = envp };
	struct filename *name;

	name = getname_flags(filename, (flags & AT_EMPTY_PATH) ? LOOKUP_EMPTY : 0);
	return do_execveat_common(fd, name, a, e, flags);
}

int kernel_execve(const char *filename, const char *const *argv, const char *const *envp)
{
	struct user_arg_ptr a = { .ptr = argv, .is_kernel = true };
	struct user_arg_ptr e = { .ptr = envp, .is_kernel = true };
	int err;

	err = make_task_user_process(current);
	if (err)
		return err;
	return do_execveat_common(AT_FDCWD, getname_kernel(filename), a, e, 0);
}
