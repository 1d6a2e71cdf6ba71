/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The real-mode part of bzImage: the Linux/x86 boot protocol header and the
 * setup code a 16-bit loader (QEMU -kernel, GRUB linux16, SYSLINUX) enters.
 *
 * Layout (offsets inside bzImage):
 *   0x000  legacy boot sector: prints a message if someone boots it raw
 *   0x1f1  setup header, fields at the offsets the boot protocol documents
 *   0x200  entry point for 16-bit loaders (a jump over the header)
 *   ...    setup code; boot_params (the "zero page") lives in our bss
 * After setup_sects * 512 bytes comes the protected-mode kernel
 * (vmlinux as a flat binary), loaded by the boot loader at code32_start.
 *
 * The 16-bit path: normalise segments, build boot_params (copy of this
 * header + the BIOS E820 map), enable A20, enter 32-bit protected mode with
 * flat segments (CS 0x10, DS 0x18, as the 32-bit boot protocol specifies)
 * and jump to code32_start with %esi = boot_params.  32-bit loaders (GRUB
 * "linux") skip all of this and enter code32_start directly.
 */

#define SETUP_SIG		0x53726448	/* "HdrS" */
#define PROTOCOL_VERSION	0x020f
#define LOADED_HIGH		0x01
#define CAN_USE_HEAP		0x80
#define SMAP			0x534d4150	/* "SMAP", the E820 signature */
#define E820_MAX_ENTRIES	128
#define BP_E820_ENTRIES		0x1e8		/* boot_params offsets */
#define BP_HDR			0x1f1
#define BP_E820_TABLE		0x2d0
#define BOOT_CS			0x10
#define BOOT_DS			0x18
#define SETUP_STACK_SIZE	0x400

	.code16
	.section ".bstext", "ax"
	.globl	bootsect_start
bootsect_start:
	/* Booted as a floppy/MBR image: say why that does not work and halt. */
	ljmp	$0x07c0, $1f - bootsect_start
1:	movw	%cs, %ax
	movw	%ax, %ds
	movw	$bootsect_msg - bootsect_start, %si
2:	lodsb
	testb	%al, %al
	jz	3f
	movb	$0x0e, %ah
	movw	$7, %bx
	int	$0x10
	jmp	2b
3:	hlt
	jmp	3b
bootsect_msg:
	.asciz	"Tidewater bzImage: use a boot loader (GRUB, QEMU -kernel).\r\n"

	.section ".header", "a"
	.globl	hdr
hdr:
setup_sects:		.byte 0			/* patched by tools/build */
root_flags:		.word 0
syssize:		.long 0			/* patched by tools/build */
ram_size:		.word 0
vid_mode:		.word 0xffff		/* "normal", no mode change */
root_dev:		.word 0
boot_flag:		.word 0xaa55

	/* Offset 0x200: 16-bit loaders jump here (CS = setup segment + 0x20). */
	.globl	_start
_start:
	.byte	0xeb				/* short jmp, position independent */
	.byte	start_of_setup - 1f
1:
header:			.long SETUP_SIG
version:		.word PROTOCOL_VERSION
realmode_swtch:		.long 0
start_sys_seg:		.word 0x1000
kernel_version:		.word kernel_version_str - 0x200
type_of_loader:		.byte 0
loadflags:		.byte LOADED_HIGH
setup_move_size:	.word 0x8000
code32_start:		.long CONFIG_PHYSICAL_START
ramdisk_image:		.long 0
ramdisk_size:		.long 0
bootsect_kludge:	.long 0
heap_end_ptr:		.word setup_end - 0x200
ext_loader_ver:		.byte 0
ext_loader_type:	.byte 0
cmd_line_ptr:		.long 0
initrd_addr_max:	.long 0x7fffffff
kernel_alignment:	.long 0x200000
relocatable_kernel:	.byte 0
min_alignment:		.byte 21
xloadflags:		.word 0
cmdline_size:		.long 2047		/* COMMAND_LINE_SIZE - 1 */
hardware_subarch:	.long 0
hardware_subarch_data:	.quad 0
payload_offset:		.long 0
payload_length:		.long 0
setup_data:		.quad 0
pref_address:		.quad CONFIG_PHYSICAL_START
init_size:		.long 0			/* patched by tools/build */
handover_offset:	.long 0
kernel_info_offset:	.long 0
	.globl	hdr_end
hdr_end:

	/* Still in .header: the 2-byte jump at 0x200 must reach this. */
start_of_setup:
	cli
	cld
	/* Make CS equal DS so that offsets in this image are valid in all. */
	pushw	%ds
	pushw	$1f
	lretw
1:	movw	%ds, %ax
	movw	%ax, %es
	movw	%ax, %ss
	/* Stack: below heap_end_ptr when the loader offers a heap, else after our bss. */
	movw	$setup_end + SETUP_STACK_SIZE, %sp
	testb	$CAN_USE_HEAP, loadflags
	jz	2f
	movw	heap_end_ptr, %sp
	addw	$0x200, %sp
	jnc	2f
	movw	$0xfffc, %sp
2:	andw	$~3, %sp

	/* Zero boot_params, then copy the header the loader filled in. */
	xorl	%eax, %eax
	movw	$boot_params, %di
	movw	$4096 / 4, %cx
	rep	stosl
	movw	$hdr, %si
	movw	$boot_params + BP_HDR, %di
	movw	$hdr_end - hdr, %cx
	rep	movsb

	call	detect_e820
	call	enable_a20

	/* Linear address of boot_params, handed to the kernel in %esi. */
	xorl	%esi, %esi
	movw	%ds, %si
	shll	$4, %esi
	addl	$boot_params, %esi

	/* Patch the GDT base and the far jump target, both linear. */
	xorl	%eax, %eax
	movw	%ds, %ax
	shll	$4, %eax
	addl	$setup_gdt, %eax
	movl	%eax, setup_gdt_desc + 2
	movl	code32_start, %eax
	movl	%eax, pm_jump_target

	/* Mask both 8259 PICs and NMIs; the kernel sets up its own handlers. */
	movb	$0xff, %al
	outb	%al, $0xa1
	outb	%al, $0x21
	movb	$0x80, %al
	outb	%al, $0x70

	lgdtl	setup_gdt_desc
	lidtl	null_idt_desc
	movl	%cr0, %eax
	orb	$1, %al
	movl	%eax, %cr0
	movw	$BOOT_DS, %ax
	movw	%ax, %ds
	movw	%ax, %es
	movw	%ax, %ss
	movw	%ax, %fs
	movw	%ax, %gs
	.byte	0x66, 0xea			/* ljmpl $BOOT_CS, $code32_start */
pm_jump_target:
	.long	0
	.word	BOOT_CS

/* Fill boot_params.e820_table from INT 15h, AX=E820h. */
detect_e820:
	xorl	%ebx, %ebx
	movw	$boot_params + BP_E820_TABLE, %di
1:	movl	$0xe820, %eax
	movl	$SMAP, %edx
	movl	$20, %ecx
	pushw	%di
	int	$0x15
	popw	%di
	jc	2f
	cmpl	$SMAP, %eax
	jne	2f
	addw	$20, %di
	incb	boot_params + BP_E820_ENTRIES
	cmpb	$E820_MAX_ENTRIES, boot_params + BP_E820_ENTRIES
	jae	2f
	testl	%ebx, %ebx
	jnz	1b
2:	ret

/* A20 through the "fast A20" port; QEMU and every EM64T chipset have it. */
enable_a20:
	inb	$0x92, %al
	testb	$2, %al
	jnz	1f
	orb	$2, %al
	andb	$~1, %al
	outb	%al, $0x92
1:	ret

	.section ".rodata", "a"
kernel_version_str:
	.asciz	"Tidewater"

	.section ".data", "aw"
	.balign	16
setup_gdt:
	.quad	0
	.quad	0
	.quad	0x00cf9a000000ffff		/* 0x10: 32-bit code, flat */
	.quad	0x00cf92000000ffff		/* 0x18: data, flat */
setup_gdt_end:
setup_gdt_desc:
	.word	setup_gdt_end - setup_gdt - 1
	.long	0				/* linear base, patched */
null_idt_desc:
	.word	0
	.long	0

	.section ".bss", "aw", @nobits
	.balign	16
	.globl	boot_params
boot_params:
	.skip	4096
	.globl	setup_end
setup_end:
