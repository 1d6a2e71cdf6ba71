// SPDX-License-Identifier: GPL-2.0-only
/*
 * The ELF64 loader for execve(): static executables, ET_EXEC at their
 * link address and static-PIE ET_DYN at ELF_ET_DYN_BASE.
 *
 * Interface: load_elf_binary() (fs/exec.c's format list).
 *
 * Segments are mapped from the file (private, copy-on-write) when its
 * file system can mmap, as Linux does: the file part of each PT_LOAD
 * range maps the page cache, the rest of its last page is cleared, and
 * anonymous zero pages cover the bss.  Files that cannot be mapped are
 * loaded by copying: each range becomes private anonymous memory
 * (read-write while it is filled), the file bytes are read into it, and
 * the range then gets the segment's protection.  Either way a page shared
 * by two segments gets both segments' permissions.
 *
 * Not yet: PT_INTERP (dynamically linked programs) fails with ENOEXEC.
 */
#include <linux/kernel.h>
#include <linux/sched.h>
#include <linux/sched/mm.h>
#include <linux/binfmts.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/mmap_lock.h>
#include <linux/fs.h>
#include <linux/printk.h>
#include <uapi/linux/elf.h>
#include <uapi/asm-generic/mman-common.h>
#include <asm/uaccess.h>
#include <asm/elf.h>

#define ELF_MAX_PHDRS		(65536 / sizeof(Elf64_Phdr))

static unsigned long elf_prot(u32 p_flags)
{
	return ((p_flags & PF_R) ? PROT_READ : 0) | ((p_flags & PF_W) ? PROT_WRITE : 0) |
	       ((p_flags & PF_X) ? PROT_EXEC : 0);
}

static bool elf_check(const Elf64_Ehdr *eh)
{
	if (memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_ident[EI_DATA] != ELFDATA2LSB || eh->e_ident[EI_VERSION] != EV_CURRENT)
		return false;
	if (eh->e_type != ET_EXEC && eh->e_type != ET_DYN)
		return false;
	if (eh->e_machine != ELF_ARCH || eh->e_phentsize != sizeof(Elf64_Phdr))
		return false;
	return eh->e_phnum >= 1 && eh->e_phnum <= ELF_MAX_PHDRS;
}

/* Copy filesz bytes at offset of the file to user address addr (in current->mm). */
static int elf_copy_in(struct linux_binprm *bprm, unsigned long addr, u64 offset, u64 filesz)
{
	void *buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	int err = 0;

	if (!buf)
		return -ENOMEM;
	while (filesz) {
		size_t n = min_t(u64, filesz, PAGE_SIZE);

		err = bprm_read(bprm, offset, buf, n);
		if (err)
			break;
		if (copy_to_user((void *)addr, buf, n)) {
			err = -EFAULT;
			break;
		}
		addr += n;
		offset += n;
		filesz -= n;
		cond_resched();
	}
	kfree(buf);
	return err;
}

static int elf_protect(unsigned long start, unsigned long end, unsigned long prot)
{
	struct mm_struct *mm = current->mm;
	int err;

	if (start >= end)
		return 0;
	mmap_write_lock(mm);
	err = do_mprotect_mm(mm, start, end - start, prot);
	mmap_write_unlock(mm);
	return err;
}

/*
 * Map one segment from the file: [start, file_end) from the page cache,
 * the tail of the last file page cleared (it holds whatever follows in
 * the file), anonymous memory up to end.
 */
static int elf_map_segment(struct linux_binprm *bprm, const Elf64_Phdr *ph,
			   unsigned long vaddr, unsigned long start, unsigned long end,
			   unsigned long prot)
{
	unsigned long file_end = vaddr + ph->p_filesz, file_page_end = PAGE_ALIGN(file_end);
	unsigned long addr;
	int err;

	if (file_page_end > start) {
		addr = vm_mmap(bprm->file, start, file_page_end - start, prot | PROT_WRITE,
			       MAP_PRIVATE | MAP_FIXED, ph->p_offset - (vaddr - start));
		if (IS_ERR_VALUE(addr))
			return (long)addr;
		if (ph->p_memsz > ph->p_filesz && file_page_end > file_end &&
		    clear_user((void *)file_end, file_page_end - file_end))
			return -EFAULT;
		err = elf_protect(start, file_page_end, prot);
		if (err)
			return err;
	}
	if (end > file_page_end) {
		err = vm_brk_flags(max(file_page_end, start), end - max(file_page_end, start), 0);
		if (err)
			return err;
		err = elf_protect(max(file_page_end, start), end, prot);
		if (err)
			return err;
	}
	return 0;
}

/* Map, fill and protect every PT_LOAD segment; returns the end of the image. */
static int elf_load_segments(struct linux_binprm *bprm, const Elf64_Phdr *ph, int n,
			     unsigned long bias, unsigned long *brk)
{
	struct mm_struct *mm = current->mm;
	unsigned long mapped_end = 0, prev_prot = 0, end_max = 0;
	unsigned long code_start = ~0UL, code_end = 0, data_start = 0, data_end = 0;
	int err;

	for (int i = 0; i < n; i++, ph++) {
		unsigned long vaddr, start, end, map_start, prot, addr;

		if (ph->p_type != PT_LOAD || !ph->p_memsz)
			continue;
		vaddr = bias + ph->p_vaddr;
		start = vaddr & PAGE_MASK;
		end = PAGE_ALIGN(vaddr + ph->p_memsz);
		prot = elf_prot(ph->p_flags);
		if (bprm->file->f_op->mmap) {
			err = elf_map_segment(bprm, ph, vaddr, start, end,
					      start < mapped_end ? prot | prev_prot : prot);
			if (err)
				return err;
			goto mapped;
		}
		map_start = max(start, mapped_end);
		if (map_start < end) {
			addr = vm_mmap(NULL, map_start, end - map_start, PROT_READ | PROT_WRITE,
				       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, 0);
			if (IS_ERR_VALUE(addr))
				return (long)addr;
		}
		/* The shared page with the previous segment is writable: fill it first. */
		if (start < mapped_end)
			elf_protect(start, mapped_end, PROT_READ | PROT_WRITE);
		err = elf_copy_in(bprm, vaddr, ph->p_offset, ph->p_filesz);
		if (err)
			return err;
		if (start < mapped_end) {
			err = elf_protect(start, mapped_end, prev_prot | prot);
			if (err)
				return err;
		}
		err = elf_protect(map_start, end, prot);
		if (err)
			return err;
mapped:
		mapped_end = max(mapped_end, end);
		prev_prot = prot;
		end_max = max(end_max, vaddr + (unsigned long)ph->p_memsz);
		if (ph->p_flags & PF_X) {
			code_start = min(code_start, vaddr);
			code_end = max(code_end, vaddr + (unsigned long)ph->p_filesz);
		}
		if (ph->p_flags & PF_W) {
			if (!data_start)
				data_start = vaddr;
			data_end = max(data_end, vaddr + (unsigned long)ph->p_filesz);
		}
	}
	if (!end_max)
		return -ENOEXEC;
	spin_lock(&mm->arg_lock);
	mm->start_code = code_start == ~0UL ? 0 : code_start;
	mm->end_code = code_end;
	mm->start_data = data_start;
	mm->end_data = data_end;
	spin_unlock(&mm->arg_lock);
	*brk = PAGE_ALIGN(end_max);
	return 0;
}

int load_elf_binary(struct linux_binprm *bprm)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)bprm->buf;
	unsigned long bias = 0, lowest = ~0UL, brk, phdr_addr = 0;
	Elf64_Phdr *phdrs, *ph;
	size_t size;
	int err, i;

	if (!elf_check(eh))
		return -ENOEXEC;
	size = eh->e_phnum * sizeof(Elf64_Phdr);
	phdrs = kmalloc(size, GFP_KERNEL);
	if (!phdrs)
		return -ENOMEM;
	err = bprm_read(bprm, eh->e_phoff, phdrs, size);
	if (err) {
		err = -ENOEXEC;
		goto out;
	}

	bprm->exec_stack = false;
	for (i = 0, ph = phdrs; i < eh->e_phnum; i++, ph++) {
		switch (ph->p_type) {
		case PT_INTERP:
			pr_info("%s: dynamically linked programs are not supported yet\n",
					    bprm->filename);
			err = -ENOEXEC;
			goto out;
		case PT_GNU_STACK:
			bprm->exec_stack = ph->p_flags & PF_X;
			break;
		case PT_LOAD:
			if (ph->p_filesz > ph->p_memsz || ph->p_vaddr + ph->p_memsz < ph->p_vaddr ||
			    ph->p_vaddr + ph->p_memsz > TASK_SIZE_MAX ||
			    (ph->p_offset & ~PAGE_MASK) != (ph->p_vaddr & ~PAGE_MASK)) {
				err = -ENOEXEC;
				goto out;
			}
			lowest = min(lowest, (unsigned long)ph->p_vaddr & PAGE_MASK);
			break;
		}
	}
	if (lowest == ~0UL) {
		err = -ENOEXEC;
		goto out;
	}
	if (eh->e_type == ET_DYN)
		bias = ELF_ET_DYN_BASE - lowest;

	/* The program headers in memory: PT_PHDR, or inside the segment at offset 0. */
	for (i = 0, ph = phdrs; i < eh->e_phnum; i++, ph++) {
		if (ph->p_type == PT_PHDR) {
			phdr_addr = bias + ph->p_vaddr;
			break;
		}
		if (ph->p_type == PT_LOAD && !phdr_addr && ph->p_offset <= eh->e_phoff &&
		    eh->e_phoff + size <= ph->p_offset + ph->p_filesz)
			phdr_addr = bias + ph->p_vaddr + (eh->e_phoff - ph->p_offset);
	}

	err = begin_new_exec(bprm);
	if (err)
		goto out;
	err = elf_load_segments(bprm, phdrs, eh->e_phnum, bias, &brk);
	if (err)
		goto out;
	mmap_write_lock(current->mm);
	current->mm->start_brk = current->mm->brk = brk;
	mmap_write_unlock(current->mm);

	bprm->entry = bias + eh->e_entry;
	bprm->phdr = phdr_addr;
	bprm->phent = sizeof(Elf64_Phdr);
	bprm->phnum = eh->e_phnum;
	bprm->load_base = 0;
	err = setup_new_exec_stack(bprm);
out:
	kfree(phdrs);
	return err;
}
