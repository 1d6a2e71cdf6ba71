// SPDX-License-Identifier: GPL-2.0-only
/*
 * Bitmaps as text, in Linux's two formats:
 *   bitmap_print_list()  "0-3,8,10-11" (cpulist: sysfs cpu/online,
 *                        /proc/<pid>/status Cpus_allowed_list)
 *   bitmap_print_mask()  hex in 32-bit groups separated by commas, most
 *                        significant first, "00000000,0000000f"-style with
 *                        the leading group unpadded (Cpus_allowed)
 * Both return the length written (snprintf-style truncation, always
 * NUL-terminated) and add no newline.
 */
#include <linux/kernel.h>
#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/sprintf.h>

int bitmap_print_list(char *buf, size_t size, const unsigned long *bits, unsigned int nbits)
{
	unsigned int start, end;
	int len = 0;

	if (size)
		buf[0] = '\0';
	start = find_first_bit(bits, nbits);
	while (start < nbits) {
		end = find_next_zero_bit(bits, nbits, start + 1) - 1;
		if (end == start)
			len += scnprintf(buf + len, size - len, len ? ",%u" : "%u", start);
		else
			len += scnprintf(buf + len, size - len, len ? ",%u-%u" : "%u-%u", start, end);
		start = find_next_bit(bits, nbits, end + 1);
	}
	return len;
}

int bitmap_print_mask(char *buf, size_t size, const unsigned long *bits, unsigned int nbits)
{
	unsigned int groups = DIV_ROUND_UP(nbits, 32);
	int len = 0;

	if (size)
		buf[0] = '\0';
	for (int g = groups - 1; g >= 0; g--) {
		unsigned long word = bits[(g * 32) / BITS_PER_LONG];
		u32 val = (u32)(word >> ((g * 32) % BITS_PER_LONG));

		if (g == (int)groups - 1 && nbits % 32)
			val &= (1U << (nbits % 32)) - 1;
		len += scnprintf(buf + len, size - len, g == (int)groups - 1 ? "%x" : ",%08x", val);
	}
	return len;
}
