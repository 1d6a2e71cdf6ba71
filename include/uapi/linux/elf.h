/* SPDX-License-Identifier: GPL-2.0-only */
/* ELF64 file structures and the auxiliary vector tags (Linux ABI). */
#ifndef _UAPI_LINUX_ELF_H
#define _UAPI_LINUX_ELF_H

#include <linux/types.h>

#define EI_NIDENT	16
#define ELFMAG		"\177ELF"
#define SELFMAG		4
#define EI_CLASS	4
#define EI_DATA		5
#define EI_VERSION	6
#define ELFCLASS64	2
#define ELFDATA2LSB	1
#define EV_CURRENT	1

#define ET_EXEC		2
#define ET_DYN		3
#define EM_X86_64	62

/* Note types of the register sets (core files, PTRACE_GETREGSET). */
#define NT_PRSTATUS	1	/* struct user_regs_struct */
#define NT_PRFPREG	2	/* struct user_fpregs_struct */

#define PT_NULL		0
#define PT_LOAD		1
#define PT_DYNAMIC	2
#define PT_INTERP	3
#define PT_NOTE		4
#define PT_PHDR		6
#define PT_TLS		7
#define PT_GNU_STACK	0x6474e551

#define PF_X		0x1
#define PF_W		0x2
#define PF_R		0x4

typedef struct elf64_hdr {
	unsigned char e_ident[EI_NIDENT];
	u16 e_type;
	u16 e_machine;
	u32 e_version;
	u64 e_entry;
	u64 e_phoff;
	u64 e_shoff;
	u32 e_flags;
	u16 e_ehsize;
	u16 e_phentsize;
	u16 e_phnum;
	u16 e_shentsize;
	u16 e_shnum;
	u16 e_shstrndx;
} Elf64_Ehdr;

typedef struct elf64_phdr {
	u32 p_type;
	u32 p_flags;
	u64 p_offset;
	u64 p_vaddr;
	u64 p_paddr;
	u64 p_filesz;
	u64 p_memsz;
	u64 p_align;
} Elf64_Phdr;

/* Auxiliary vector tags. */
#define AT_NULL		0
#define AT_IGNORE	1
#define AT_EXECFD	2
#define AT_PHDR		3
#define AT_PHENT	4
#define AT_PHNUM	5
#define AT_PAGESZ	6
#define AT_BASE		7
#define AT_FLAGS	8
#define AT_ENTRY	9
#define AT_NOTELF	10
#define AT_UID		11
#define AT_EUID		12
#define AT_GID		13
#define AT_EGID		14
#define AT_PLATFORM	15
#define AT_HWCAP	16
#define AT_CLKTCK	17
#define AT_SECURE	23
#define AT_BASE_PLATFORM 24
#define AT_RANDOM	25
#define AT_HWCAP2	26
#define AT_EXECFN	31
#define AT_SYSINFO_EHDR	33
#define AT_MINSIGSTKSZ	51

#endif /* _UAPI_LINUX_ELF_H */
