// SPDX-License-Identifier: GPL-2.0-only
/*
 * The ELF64 loader for execve(): static executables, position-independent
 * (ET_DYN) programs, and dynamically linked programs with their PT_INTERP
 * interpreter (glibc's /lib64/ld-linux-x86-64.so.2).
 *
 * Interface: load_elf_binary() (fs/exec.c's format list).
 *
 * Where things go (see <linux/elf-randomize.h> for what moves):
 *   - ET_EXEC programs at their link address;
 *   - ET_DYN programs at ELF_ET_DYN_BASE plus up to 2^28 random pages;
 *   - the interpreter (ET_DYN) wherever mmap() would put a mapping of its
 *     whole span, i.e. below the (random) mmap base; its load address is
 *     AT_BASE and the process starts at its entry, AT_ENTRY being the
 *     program's;
 *   - the vDSO ([vvar] + [vdso]) in the mmap area, arch_setup_additional_pages();
 *   - the heap just past the program's bss (randomised at level 2).
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
 * Errors, as Linux gives them, all before the point of no return: a
 * program that is not a valid ELF image or has a bad PT_LOAD or
 * PT_INTERP, or program headers that cannot be read, is ENOEXEC; an
 * interpreter shorter than an ELF header is EIO; a missing interpreter
 * is ENOENT (any open_exec() error); an interpreter that is not an
 * x86_64 ELF image or whose program headers are bad is ELIBBAD.  As in Linux
 * the interpreter's own PT_INTERP is ignored, and overlapping PT_LOADs
 * are mapped in order (the later one wins).
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
#include <linux/limits.h>
#include <linux/printk.h>
#include <linux/elf-randomize.h>
#include <uapi/linux/elf.h>
#include <uapi/asm-generic/mman-common.h>
#include <asm/uaccess.h>
#include <asm/elf.h>
#include <asm/vdso.h>

#define ELF_MAX_PHDRS		(65536 / sizeof(Elf64_Phdr))

/* One ELF file being loaded: the program or its interpreter. */
struct elf_image {
	struct file *file;
	Elf64_Ehdr eh;
	Elf64_Phdr *phdrs;
	unsigned long lo, hi;	/* page span of the PT_LOADs, link addresses */
};

static unsigned long elf_prot(u32 p_flags)
{
	return ((p_flags & PF_R) ? PROT_READ : 0) | ((p_flags & PF_W) ? PROT_WRITE : 0) |
	       ((p_flags & PF_X) ? PROT_EXEC : 0);
}

/* Read exactly len bytes at pos; a short file is EIO (Linux's elf_read()). */
static int elf_read(struct file *file, loff_t pos, void *buf, size_t len)
{
	ssize_t n = kernel_read(file, buf, len, &pos);

	if (n < 0)
		return n;
	return (size_t)n == len ? 0 : -EIO;
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

/*
 * Read and check img's program headers (img->eh already read); the span
 * of its PT_LOADs goes to img->lo/hi.  bad: the error for an image that
 * is not loadable (ENOEXEC for a program, ELIBBAD for an interpreter).
 */
static int elf_read_phdrs(struct elf_image *img, int bad)
{
	size_t size;
	int i;

	if (!elf_check(&img->eh))
		return bad;
	size = img->eh.e_phnum * sizeof(Elf64_Phdr);
	img->phdrs = kmalloc(size, GFP_KERNEL);
	if (!img->phdrs)
		return -ENOMEM;
	/* Linux: program headers that cannot be read make the image unloadable. */
	if (elf_read(img->file, img->eh.e_phoff, img->phdrs, size))
		return bad;
	img->lo = ~0UL;
	img->hi = 0;
	for (i = 0; i < img->eh.e_phnum; i++) {
		const Elf64_Phdr *ph = &img->phdrs[i];

		if (ph->p_type != PT_LOAD)
			continue;
		if (ph->p_filesz > ph->p_memsz || ph->p_vaddr + ph->p_memsz < ph->p_vaddr ||
		    ph->p_vaddr + ph->p_memsz > TASK_SIZE_MAX ||
		    (ph->p_offset & ~PAGE_MASK) != (ph->p_vaddr & ~PAGE_MASK))
			return bad;
		img->lo = min(img->lo, (unsigned long)ph->p_vaddr & PAGE_MASK);
		img->hi = max(img->hi, (unsigned long)PAGE_ALIGN(ph->p_vaddr + ph->p_memsz));
	}
	return img->lo < img->hi ? 0 : bad;
}

static void elf_image_release(struct elf_image *img)
{
	kfree(img->phdrs);
	img->phdrs = NULL;
	if (img->file) {
		put_exec_file(img->file);
		img->file = NULL;
	}
}

/* Copy filesz bytes at offset of the file to user address addr (in current->mm). */
static int elf_copy_in(struct file *file, unsigned long addr, u64 offset, u64 filesz)
{
	void *buf = kmalloc(PAGE_SIZE, GFP_KERNEL);
	int err = 0;

	if (!buf)
		return -ENOMEM;
	while (filesz) {
		size_t n = min_t(u64, filesz, PAGE_SIZE);

		err = elf_read(file, offset, buf, n);
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
static int elf_map_segment(struct file *file, const Elf64_Phdr *ph,
			   unsigned long vaddr, unsigned long start, unsigned long end,
			   unsigned long prot)
{
	unsigned long file_end = vaddr + ph->p_filesz, file_page_end = PAGE_ALIGN(file_end);
	unsigned long addr;
	int err;

	if (file_page_end > start) {
		addr = vm_mmap(file, start, file_page_end - start, prot | PROT_WRITE,
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

/* Without ->mmap: anonymous memory, filled by reading the file. */
static int elf_copy_segment(struct file *file, const Elf64_Phdr *ph, unsigned long vaddr,
			    unsigned long start, unsigned long end, unsigned long prot,
			    unsigned long mapped_end, unsigned long prev_prot)
{
	unsigned long map_start = max(start, mapped_end), addr;
	int err;

	if (map_start < end) {
		addr = vm_mmap(NULL, map_start, end - map_start, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, 0);
		if (IS_ERR_VALUE(addr))
			return (long)addr;
	}
	/* The shared page with the previous segment is writable: fill it first. */
	if (start < mapped_end)
		elf_protect(start, mapped_end, PROT_READ | PROT_WRITE);
	err = elf_copy_in(file, vaddr, ph->p_offset, ph->p_filesz);
	if (err)
		return err;
	if (start < mapped_end) {
		err = elf_protect(start, mapped_end, prev_prot | prot);
		if (err)
			return err;
	}
	return elf_protect(map_start, end, prot);
}

/* The code and data bounds /proc/<pid>/stat and statm report, from the program. */
static void elf_set_mm_bounds(const struct elf_image *img, unsigned long bias)
{
	struct mm_struct *mm = current->mm;
	unsigned long code_start = ~0UL, code_end = 0, data_start = 0, data_end = 0;

	for (int i = 0; i < img->eh.e_phnum; i++) {
		const Elf64_Phdr *ph = &img->phdrs[i];
		unsigned long vaddr = bias + ph->p_vaddr;

		if (ph->p_type != PT_LOAD || !ph->p_memsz)
			continue;
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
	spin_lock(&mm->arg_lock);
	mm->start_code = code_start == ~0UL ? 0 : code_start;
	mm->end_code = code_end;
	mm->start_data = data_start;
	mm->end_data = data_end;
	spin_unlock(&mm->arg_lock);
}

/* Map, fill and protect every PT_LOAD segment of img, shifted by bias. */
static int elf_load_segments(const struct elf_image *img, unsigned long bias)
{
	struct file *file = img->file;
	unsigned long mapped_end = 0, prev_prot = 0;
	int err;

	for (int i = 0; i < img->eh.e_phnum; i++) {
		const Elf64_Phdr *ph = &img->phdrs[i];
		unsigned long vaddr, start, end, prot;

		if (ph->p_type != PT_LOAD || !ph->p_memsz)
			continue;
		vaddr = bias + ph->p_vaddr;
		start = vaddr & PAGE_MASK;
		end = PAGE_ALIGN(vaddr + ph->p_memsz);
		prot = elf_prot(ph->p_flags);
		if (file->f_op->mmap)
			err = elf_map_segment(file, ph, vaddr, start, end,
					      start < mapped_end ? prot | prev_prot : prot);
		else
			err = elf_copy_segment(file, ph, vaddr, start, end, prot, mapped_end,
					       prev_prot);
		if (err)
			return err;
		mapped_end = max(mapped_end, end);
		prev_prot = prot;
	}
	return 0;
}

/*
 * Load the interpreter where a mapping of its whole span fits (the mmap
 * area, so as random as the mmap base): reserve the span, map the
 * segments over the reservation, then give back the holes between them.
 * Returns the load bias (AT_BASE for an ET_DYN interpreter) or -errno.
 */
static long elf_load_interp(struct elf_image *interp)
{
	unsigned long size = interp->hi - interp->lo, bias = 0, base, prev_end;
	int err;

	if (interp->eh.e_type == ET_DYN) {
		base = vm_mmap(NULL, 0, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, 0);
		if (IS_ERR_VALUE(base))
			return (long)base;
		bias = base - interp->lo;
	}
	err = elf_load_segments(interp, bias);
	if (err)
		return err;
	if (interp->eh.e_type != ET_DYN)
		return 0;
	prev_end = bias + interp->lo;
	for (int i = 0; i < interp->eh.e_phnum; i++) {
		const Elf64_Phdr *ph = &interp->phdrs[i];
		unsigned long start = (bias + ph->p_vaddr) & PAGE_MASK;

		if (ph->p_type != PT_LOAD || !ph->p_memsz)
			continue;
		if (start > prev_end)
			vm_munmap(prev_end, start - prev_end);
		prev_end = max(prev_end, (unsigned long)PAGE_ALIGN(bias + ph->p_vaddr + ph->p_memsz));
	}
	return bias;
}

/* The PT_INTERP path, opened and its headers checked (no point of no return yet). */
static int elf_open_interp(struct linux_binprm *bprm, const Elf64_Phdr *ph,
			   struct elf_image *interp)
{
	char *path;
	int err;

	if (ph->p_filesz < 2 || ph->p_filesz > PATH_MAX)
		return -ENOEXEC;
	path = kmalloc(ph->p_filesz, GFP_KERNEL);
	if (!path)
		return -ENOMEM;
	err = elf_read(bprm->file, ph->p_offset, path, ph->p_filesz);
	if (!err && path[ph->p_filesz - 1] != '\0')
		err = -ENOEXEC;
	if (!err) {
		interp->file = open_exec(path);
		if (IS_ERR(interp->file)) {
			err = PTR_ERR(interp->file);
			interp->file = NULL;
		}
	}
	kfree(path);
	if (err)
		return err;
	err = elf_read(interp->file, 0, &interp->eh, sizeof(interp->eh));
	if (err)
		return err;
	return elf_read_phdrs(interp, -ELIBBAD);
}

/* Where the program's headers are in memory: PT_PHDR, or inside the first segment. */
static unsigned long elf_phdr_addr(const struct elf_image *img, unsigned long bias)
{
	size_t size = img->eh.e_phnum * sizeof(Elf64_Phdr);
	unsigned long addr = 0;

	for (int i = 0; i < img->eh.e_phnum; i++) {
		const Elf64_Phdr *ph = &img->phdrs[i];

		if (ph->p_type == PT_PHDR)
			return bias + ph->p_vaddr;
		if (ph->p_type == PT_LOAD && !addr && ph->p_offset <= img->eh.e_phoff &&
		    img->eh.e_phoff + size <= ph->p_offset + ph->p_filesz)
			addr = bias + ph->p_vaddr + (img->eh.e_phoff - ph->p_offset);
	}
	return addr;
}

int load_elf_binary(struct linux_binprm *bprm)
{
	struct elf_image prog = { .file = NULL }, interp = { .file = NULL };
	unsigned long bias = 0, brk;
	long interp_bias = 0;
	int err, i;

	memcpy(&prog.eh, bprm->buf, sizeof(prog.eh));
	if (!elf_check(&prog.eh))
		return -ENOEXEC;
	prog.file = bprm->file;
	err = elf_read_phdrs(&prog, -ENOEXEC);
	if (err)
		goto out;

	bprm->exec_stack = false;
	for (i = 0; i < prog.eh.e_phnum; i++) {
		const Elf64_Phdr *ph = &prog.phdrs[i];

		if (ph->p_type == PT_INTERP && !interp.file) {
			err = elf_open_interp(bprm, ph, &interp);
			if (err)
				goto out;
		} else if (ph->p_type == PT_GNU_STACK) {
			bprm->exec_stack = ph->p_flags & PF_X;
		}
	}
	if (prog.eh.e_type == ET_DYN) {
		bias = ELF_ET_DYN_BASE + aslr_random_pages(exec_randomize(), MMAP_RND_BITS) -
		       prog.lo;
		if (bias + prog.hi > TASK_SIZE_MAX) {
			err = -ENOEXEC;
			goto out;
		}
	}

	err = begin_new_exec(bprm);
	if (err)
		goto out;
	err = elf_load_segments(&prog, bias);
	if (err)
		goto out;
	elf_set_mm_bounds(&prog, bias);
	brk = arch_randomize_brk(bias + prog.hi);
	mmap_write_lock(current->mm);
	current->mm->start_brk = current->mm->brk = brk;
	mmap_write_unlock(current->mm);

	bprm->entry = bias + prog.eh.e_entry;
	bprm->phdr = elf_phdr_addr(&prog, bias);
	bprm->phent = sizeof(Elf64_Phdr);
	bprm->phnum = prog.eh.e_phnum;
	bprm->load_base = 0;
	bprm->start = bprm->entry;
	if (interp.file) {
		interp_bias = elf_load_interp(&interp);
		if (interp_bias < 0) {
			err = interp_bias;
			goto out;
		}
		bprm->load_base = interp_bias + interp.lo;
		bprm->start = interp_bias + interp.eh.e_entry;
	}
	err = arch_setup_additional_pages(bprm);
	if (err)
		goto out;
	err = setup_new_exec_stack(bprm);
out:
	prog.file = NULL;	/* bprm's: fs/exec.c closes it */
	elf_image_release(&prog);
	elf_image_release(&interp);
	return err;
}
