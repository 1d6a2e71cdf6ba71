// SPDX-License-Identifier: GPL-2.0-only
/*
 * kallsyms - emit the kernel's text symbol table as assembler source.
 *
 * Usage:  scripts/kallsyms vmlinux > .tmp_kallsyms.S
 *         scripts/kallsyms --empty > .tmp_kallsyms.S
 *
 * Host tool (built with the host cc, links libelf).  It reads the ELF
 * symbol table of vmlinux and keeps every named symbol defined in an
 * executable (SHF_EXECINSTR) section: functions and the NOTYPE labels of
 * assembly code alike, global or local.  Dropped are section and file
 * symbols, absolute and undefined ones, and assembler temporaries
 * (names starting with ".L" or "$").  Entries are sorted by address; at
 * one address the preferred name comes first (a function before a plain
 * label, global before weak before local, then alphabetical), because
 * kernel/kallsyms.c reports the first name at an address.
 *
 * Output: GNU as source defining, in section .rodata.kallsyms,
 *   kallsyms_num_syms        .quad  number of entries
 *   kallsyms_addresses       .quad  absolute addresses, ascending
 *   kallsyms_sizes           .long  ELF st_size (0 if unknown)
 *   kallsyms_name_offsets    .long  offset of each name in kallsyms_names
 *   kallsyms_names           the names, each NUL-terminated
 * With --empty (or when the file has no such symbols) the same symbols
 * are emitted with zero entries.
 *
 * Link protocol (top-level build): the kernel is linked twice.  Pass 1
 * links with the --empty tables; this tool reads that image; pass 2 links
 * the real tables.  Addresses are taken as absolute numbers from pass 1,
 * so they are only right if pass 2 places all text exactly where pass 1
 * did: the linker script must put .rodata.kallsyms after all executable
 * sections (so its growing size moves no code), and nothing that changes
 * between the passes may sit before or inside .text.  A build can check
 * this by running the tool on the final vmlinux and comparing the output
 * with the tables it linked: they must be identical.
 *
 * Exit status: 0 on success, 1 on any error (message on stderr).
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct sym {
	uint64_t addr;
	uint64_t size;
	int rank;		/* lower sorts first among equal addresses */
	char *name;
};

static struct sym *syms;
static size_t nsyms, syms_cap;
static const char *progname = "kallsyms";

static void die(const char *fmt, const char *arg)
{
	fprintf(stderr, "%s: ", progname);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	exit(1);
}

static void add_sym(uint64_t addr, uint64_t size, int rank, const char *name)
{
	if (nsyms == syms_cap) {
		syms_cap = syms_cap ? syms_cap * 2 : 1024;
		syms = realloc(syms, syms_cap * sizeof(*syms));
		if (!syms)
			die("%s", "out of memory");
	}
	syms[nsyms].addr = addr;
	syms[nsyms].size = size;
	syms[nsyms].rank = rank;
	syms[nsyms].name = strdup(name);
	if (!syms[nsyms].name)
		die("%s", "out of memory");
	nsyms++;
}

/* Preference among names at one address: small is better. */
static int sym_rank(const GElf_Sym *s)
{
	int rank = GELF_ST_TYPE(s->st_info) == STT_FUNC ? 0 : 4;

	switch (GELF_ST_BIND(s->st_info)) {
	case STB_GLOBAL:
		break;
	case STB_WEAK:
		rank += 1;
		break;
	default:
		rank += 2;
		break;
	}
	return rank;
}

static bool is_wanted(const GElf_Sym *s, const char *name, Elf *elf,
		      size_t shnum)
{
	int type = GELF_ST_TYPE(s->st_info);
	GElf_Shdr shdr;
	Elf_Scn *scn;

	if (!name || !*name)
		return false;
	if (type == STT_SECTION || type == STT_FILE || type == STT_TLS)
		return false;
	if (!strncmp(name, ".L", 2) || name[0] == '$')
		return false;
	if (s->st_shndx == SHN_UNDEF || s->st_shndx >= SHN_LORESERVE ||
	    s->st_shndx >= shnum)
		return false;
	scn = elf_getscn(elf, s->st_shndx);
	if (!scn || !gelf_getshdr(scn, &shdr))
		return false;
	return shdr.sh_flags & SHF_EXECINSTR;
}

static void read_symbols(const char *path)
{
	Elf_Scn *scn = NULL;
	size_t shnum;
	Elf *elf;
	int fd;

	if (elf_version(EV_CURRENT) == EV_NONE)
		die("libelf: %s", elf_errmsg(-1));
	fd = open(path, O_RDONLY);
	if (fd < 0)
		die("cannot open %s", path);
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF)
		die("%s: not an ELF file", path);
	if (gelf_getclass(elf) != ELFCLASS64)
		die("%s: not ELF64", path);
	if (elf_getshdrnum(elf, &shnum))
		die("libelf: %s", elf_errmsg(-1));

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr shdr;
		Elf_Data *data;
		size_t i, count;

		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_SYMTAB)
			continue;
		data = elf_getdata(scn, NULL);
		if (!data || !shdr.sh_entsize)
			die("%s: unreadable symbol table", path);
		count = shdr.sh_size / shdr.sh_entsize;
		for (i = 0; i < count; i++) {
			GElf_Sym s;
			const char *name;

			if (!gelf_getsym(data, i, &s))
				die("%s: bad symbol entry", path);
			name = elf_strptr(elf, shdr.sh_link, s.st_name);
			if (!is_wanted(&s, name, elf, shnum))
				continue;
			add_sym(s.st_value, s.st_size, sym_rank(&s), name);
		}
	}
	elf_end(elf);
	close(fd);
}

static int sym_cmp(const void *pa, const void *pb)
{
	const struct sym *a = pa, *b = pb;

	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	if (a->rank != b->rank)
		return a->rank - b->rank;
	return strcmp(a->name, b->name);
}

/* Sort, and drop exact duplicates (same name at the same address). */
static void sort_symbols(void)
{
	size_t i, out = 0;

	qsort(syms, nsyms, sizeof(*syms), sym_cmp);
	for (i = 0; i < nsyms; i++) {
		if (out && syms[out - 1].addr == syms[i].addr &&
		    !strcmp(syms[out - 1].name, syms[i].name)) {
			free(syms[i].name);
			continue;
		}
		syms[out++] = syms[i];
	}
	nsyms = out;
}

static void emit_label(const char *name, const char *align)
{
	printf("\n\t.balign %s\n\t.globl %s\n\t.type %s, @object\n%s:\n",
	       align, name, name, name);
}

static void emit_size(const char *name)
{
	printf("\t.size %s, . - %s\n", name, name);
}

/* A name as a .asciz string; C symbols need no escapes, but be safe. */
static void emit_string(const char *s)
{
	fputs("\t.asciz \"", stdout);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			printf("\\%03o", c);
		else
			putchar(c);
	}
	fputs("\"\n", stdout);
}

/*
 * The output depends only on the symbols, not on the input's name, so the
 * tables of pass 1 and of the final image can be compared byte for byte.
 */
static void write_tables(void)
{
	uint64_t offset = 0;
	size_t i;

	printf("/* Generated by scripts/kallsyms; do not edit. */\n");
	printf("\t.section .rodata.kallsyms, \"a\"\n");

	emit_label("kallsyms_num_syms", "8");
	printf("\t.quad %zu\n", nsyms);
	emit_size("kallsyms_num_syms");

	emit_label("kallsyms_addresses", "8");
	for (i = 0; i < nsyms; i++)
		printf("\t.quad 0x%016llx\n", (unsigned long long)syms[i].addr);
	emit_size("kallsyms_addresses");

	emit_label("kallsyms_sizes", "4");
	for (i = 0; i < nsyms; i++) {
		uint64_t size = syms[i].size > UINT32_MAX ? 0 : syms[i].size;

		printf("\t.long 0x%llx\n", (unsigned long long)size);
	}
	emit_size("kallsyms_sizes");

	emit_label("kallsyms_name_offsets", "4");
	for (i = 0; i < nsyms; i++) {
		if (offset > UINT32_MAX)
			die("%s", "symbol names exceed 4 GiB");
		printf("\t.long %llu\n", (unsigned long long)offset);
		offset += strlen(syms[i].name) + 1;
	}
	emit_size("kallsyms_name_offsets");

	emit_label("kallsyms_names", "1");
	for (i = 0; i < nsyms; i++)
		emit_string(syms[i].name);
	/* Keep the label on a real byte even when there are no names. */
	if (!nsyms)
		printf("\t.byte 0\n");
	emit_size("kallsyms_names");

	/* The tables are data: don't let this object ask for an executable stack. */
	printf("\n\t.section .note.GNU-stack, \"\", @progbits\n");
}

static void usage(void)
{
	fprintf(stderr, "usage: %s vmlinux\n       %s --empty\n",
		progname, progname);
	exit(1);
}

int main(int argc, char **argv)
{
	if (argc != 2)
		usage();
	if (!strcmp(argv[1], "--empty")) {
		write_tables();
	} else if (argv[1][0] == '-') {
		usage();
	} else {
		read_symbols(argv[1]);
		sort_symbols();
		write_tables();
	}
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "%s: write error: %s\n", progname,
			strerror(errno));
		return 1;
	}
	return 0;
}
