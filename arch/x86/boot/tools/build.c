// SPDX-License-Identifier: GPL-2.0-only
/*
 * tools/build: glue the real-mode setup and the flat protected-mode kernel
 * into bzImage, and fill in the header fields that depend on their sizes.
 *
 *   build setup.bin vmlinux.bin INIT_SIZE bzImage
 *
 * setup.bin is padded to whole 512-byte sectors (at least 5: the boot
 * sector plus the 4 setup sectors old loaders assume), setup_sects counts
 * the sectors after the boot sector, syssize is the kernel size in 16-byte
 * paragraphs and init_size the memory the kernel needs from code32_start
 * up to the end of its bss, as the boot protocol defines them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#define SECTOR_SIZE 512
#define MIN_SETUP_SECTS 4
#define OFF_SETUP_SECTS 0x1f1
#define OFF_SYSSIZE 0x1f4
#define OFF_BOOT_FLAG 0x1fe
#define OFF_INIT_SIZE 0x260

static void die(const char *msg, const char *arg)
{
	fprintf(stderr, "build: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
	exit(1);
}

static unsigned char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf;
	long n;

	if (!f)
		die("cannot open", path);
	if (fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		die("cannot size", path);
	buf = calloc(1, (size_t)n + 64 * SECTOR_SIZE);
	if (!buf)
		die("out of memory", NULL);
	if (fread(buf, 1, (size_t)n, f) != (size_t)n)
		die("short read", path);
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static void put_le(unsigned char *p, uint64_t v, int bytes)
{
	for (int i = 0; i < bytes; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

int main(int argc, char **argv)
{
	size_t setup_len, kernel_len, padded;
	unsigned char *setup, *kernel;
	unsigned long init_size;
	unsigned int sects;
	FILE *out;

	if (argc != 5)
		die("usage: build setup.bin vmlinux.bin INIT_SIZE bzImage", NULL);
	setup = slurp(argv[1], &setup_len);
	kernel = slurp(argv[2], &kernel_len);
	init_size = strtoul(argv[3], NULL, 0);

	if (setup_len < OFF_INIT_SIZE + 4)
		die("setup too small to hold the header", argv[1]);
	if (setup[OFF_BOOT_FLAG] != 0x55 || setup[OFF_BOOT_FLAG + 1] != 0xaa)
		die("setup has no 0xAA55 boot flag", argv[1]);

	sects = (setup_len + SECTOR_SIZE - 1) / SECTOR_SIZE;
	if (sects < MIN_SETUP_SECTS + 1)
		sects = MIN_SETUP_SECTS + 1;
	if (sects - 1 > 63)
		die("setup larger than 63 sectors", argv[1]);
	padded = (size_t)sects * SECTOR_SIZE;

	setup[OFF_SETUP_SECTS] = (unsigned char)(sects - 1);
	put_le(setup + OFF_SYSSIZE, (kernel_len + 15) / 16, 4);
	if (init_size < kernel_len)
		init_size = kernel_len;
	put_le(setup + OFF_INIT_SIZE, (init_size + 4095) & ~4095UL, 4);

	out = fopen(argv[4], "wb");
	if (!out)
		die("cannot create", argv[4]);
	if (fwrite(setup, 1, padded, out) != padded ||
	    fwrite(kernel, 1, kernel_len, out) != kernel_len || fclose(out))
		die("write failed", argv[4]);
	return 0;
}
