/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The Linux/x86 boot protocol: the setup header (at offset 0x1f1 of
 * bzImage) and boot_params, the 4 KiB "zero page" a boot loader hands the
 * kernel.  Field offsets are the documented ones; the static asserts in
 * arch/x86/kernel/setup.c check them.
 */
#ifndef _ASM_X86_BOOTPARAM_H
#define _ASM_X86_BOOTPARAM_H

#include <linux/types.h>

#define E820_MAX_ENTRIES_ZEROPAGE 128

#define E820_TYPE_RAM		1
#define E820_TYPE_RESERVED	2
#define E820_TYPE_ACPI		3
#define E820_TYPE_NVS		4
#define E820_TYPE_UNUSABLE	5
#define E820_TYPE_PMEM		7

struct boot_e820_entry {
	u64 addr;
	u64 size;
	u32 type;
} __packed;

struct setup_header {
	u8 setup_sects;
	u16 root_flags;
	u32 syssize;
	u16 ram_size;
	u16 vid_mode;
	u16 root_dev;
	u16 boot_flag;
	u16 jump;
	u32 header;
	u16 version;
	u32 realmode_swtch;
	u16 start_sys_seg;
	u16 kernel_version;
	u8 type_of_loader;
	u8 loadflags;
	u16 setup_move_size;
	u32 code32_start;
	u32 ramdisk_image;
	u32 ramdisk_size;
	u32 bootsect_kludge;
	u16 heap_end_ptr;
	u8 ext_loader_ver;
	u8 ext_loader_type;
	u32 cmd_line_ptr;
	u32 initrd_addr_max;
	u32 kernel_alignment;
	u8 relocatable_kernel;
	u8 min_alignment;
	u16 xloadflags;
	u32 cmdline_size;
	u32 hardware_subarch;
	u64 hardware_subarch_data;
	u32 payload_offset;
	u32 payload_length;
	u64 setup_data;
	u64 pref_address;
	u32 init_size;
	u32 handover_offset;
	u32 kernel_info_offset;
} __packed;

struct boot_params {
	u8 screen_info[0x40];			/* 0x000 */
	u8 apm_bios_info[0x14];			/* 0x040 */
	u8 _pad2[4];				/* 0x054 */
	u64 tboot_addr;				/* 0x058 */
	u8 ist_info[0x10];			/* 0x060 */
	u64 acpi_rsdp_addr;			/* 0x070 */
	u8 _pad3[8];				/* 0x078 */
	u8 hd0_info[16];			/* 0x080 */
	u8 hd1_info[16];			/* 0x090 */
	u8 sys_desc_table[0x10];		/* 0x0a0 */
	u8 olpc_ofw_header[0x10];		/* 0x0b0 */
	u32 ext_ramdisk_image;			/* 0x0c0 */
	u32 ext_ramdisk_size;			/* 0x0c4 */
	u32 ext_cmd_line_ptr;			/* 0x0c8 */
	u8 _pad4[0x74];				/* 0x0cc */
	u8 edid_info[0x80];			/* 0x140 */
	u8 efi_info[0x20];			/* 0x1c0 */
	u32 alt_mem_k;				/* 0x1e0 */
	u32 scratch;				/* 0x1e4 */
	u8 e820_entries;			/* 0x1e8 */
	u8 eddbuf_entries;			/* 0x1e9 */
	u8 edd_mbr_sig_buf_entries;		/* 0x1ea */
	u8 kbd_status;				/* 0x1eb */
	u8 secure_boot;				/* 0x1ec */
	u8 _pad5[2];				/* 0x1ed */
	u8 sentinel;				/* 0x1ef */
	u8 _pad6[1];				/* 0x1f0 */
	struct setup_header hdr;		/* 0x1f1 */
	u8 _pad7[0x290 - 0x1f1 - sizeof(struct setup_header)];
	u32 edd_mbr_sig_buffer[16];		/* 0x290 */
	struct boot_e820_entry e820_table[E820_MAX_ENTRIES_ZEROPAGE]; /* 0x2d0 */
	u8 _pad8[48];				/* 0xcd0 */
	u8 eddbuf[0x1ec];			/* 0xd00 */
	u8 _pad9[276];				/* 0xeec */
} __packed;

#endif /* _ASM_X86_BOOTPARAM_H */
