/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * execve(2) (fs/exec.c) and the binary formats (fs/binfmt_elf.c, the
 * "#!" script handler in fs/exec.c).
 *
 * A struct linux_binprm carries one exec: the open file, its first bytes,
 * the argument and environment strings (copied into a kernel buffer
 * before anything is destroyed, so E2BIG/EFAULT leave the caller intact)
 * and the new address space under construction.  A format's load_binary
 * returns -ENOEXEC if the file is not its kind.  Once it calls
 * begin_new_exec() the old program is gone: any later failure kills the
 * task with SIGSEGV, as in Linux.
 *
 * Interface: kernel_execve() (PID 1), do_execveat() (the system calls),
 * begin_new_exec(), setup_new_exec_stack(), open_exec().
 */
#ifndef _LINUX_BINFMTS_H
#define _LINUX_BINFMTS_H

#include <linux/types.h>

struct file;
struct mm_struct;
struct pt_regs;

#define BINPRM_BUF_SIZE		256
#define BINPRM_MAX_RECURSION	4	/* nested "#!" interpreters */
/* Total size of argument + environment strings (Linux: a quarter of the 8 MiB stack). */
#define ARG_MAX_BYTES		(2UL << 20)
#define MAX_ARG_STRLEN		(32 * 4096)	/* one string (Linux: 32 pages) */
#define MAX_ARG_STRINGS		0x7fffffff

struct linux_binprm {
	char buf[BINPRM_BUF_SIZE];	/* the file's first bytes */
	struct file *file;
	struct mm_struct *mm;		/* the new address space */
	const char *filename;		/* the name as given (AT_EXECFN, script argv) */
	char *strings;			/* "argv0\0argv1\0...envp0\0..." */
	size_t strings_len, strings_size;
	int argc, envc;
	int recursion;			/* "#!" depth */
	bool point_of_no_return;
	bool fdpath;			/* named /dev/fd/N[/name]: comm from the file */
	/* The program's credentials, installed at the point of no return. */
	struct cred *cred;
	bool secureexec;		/* AT_SECURE: effective ids differ from the real ones */
	bool unreadable;		/* a file of the exec could not be read: not dumpable */
	unsigned int old_personality;	/* restored if the exec fails before no return */
	/* Filled by the format for the stack builder. */
	unsigned long entry;		/* AT_ENTRY: the program's entry point */
	unsigned long start;		/* where the task starts: entry, or the interpreter's */
	unsigned long phdr, phent, phnum;	/* AT_PHDR, AT_PHENT, AT_PHNUM */
	unsigned long load_base;	/* AT_BASE (0: no interpreter) */
	bool exec_stack;		/* PT_GNU_STACK asked for PF_X */
};

/* Replace the current program: the old mm, threads, handlers go. 0 or -errno. */
int begin_new_exec(struct linux_binprm *bprm);
/* Build argc/argv/envp/auxv on the new stack and point regs at the entry. */
int setup_new_exec_stack(struct linux_binprm *bprm);
/*
 * Open a program's ELF interpreter as exec opens the program (regular
 * file, exec permission, writers held off); put_exec_file() undoes it.
 */
struct file *open_exec(const char *name);
void put_exec_file(struct file *file);
/* Read len bytes at pos of bprm->file into a kernel buffer. */
int bprm_read(struct linux_binprm *bprm, loff_t pos, void *buf, size_t len);

int load_elf_binary(struct linux_binprm *bprm);

/* execve from the kernel (PID 1): kernel pointers for argv/envp. */
int kernel_execve(const char *filename, const char *const *argv, const char *const *envp);

#endif /* _LINUX_BINFMTS_H */
