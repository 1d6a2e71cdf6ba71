# SPDX-License-Identifier: GPL-2.0-only
#
# bzImage = real-mode setup (header.S, linked by setup.ld) + vmlinux as a flat
# binary, glued by tools/build, which also fills in setup_sects, syssize and
# init_size.  Included by scripts/Makefile.build.

boot := $(objtree)/arch/x86/boot

quiet_cmd_setup_as = AS      $@
      cmd_setup_as = $(CC) $(KBUILD_CPPFLAGS) -D__ASSEMBLY__ -m32 $(depflags) -c -o $@ $<

$(boot)/header.o: $(srctree)/arch/x86/boot/header.S $(objtree)/include/config/auto.conf
	@mkdir -p $(@D)
	$(call cmd,setup_as)

$(boot)/setup.elf: $(boot)/header.o $(srctree)/arch/x86/boot/setup.ld
	@echo '  LD      arch/x86/boot/setup.elf'
	$(Q)$(LD) -m elf_i386 --no-warn-rwx-segments -T $(srctree)/arch/x86/boot/setup.ld -o $@ $<

$(boot)/setup.bin: $(boot)/setup.elf
	@echo '  OBJCOPY arch/x86/boot/setup.bin'
	$(Q)$(OBJCOPY) -O binary $< $@

$(boot)/vmlinux.bin: $(objtree)/vmlinux
	@echo '  OBJCOPY arch/x86/boot/vmlinux.bin'
	$(Q)$(OBJCOPY) -O binary -R .note -R .comment $< $@

$(boot)/tools/build: $(srctree)/arch/x86/boot/tools/build.c
	@mkdir -p $(@D)
	@echo '  HOSTCC  arch/x86/boot/tools/build'
	$(Q)$(HOSTCC) -O2 -Wall -Wextra -o $@ $<

# init_size: from the load address to the end of bss, read from vmlinux.
$(boot)/bzImage: $(boot)/setup.bin $(boot)/vmlinux.bin $(boot)/tools/build
	@echo '  BUILD   arch/x86/boot/bzImage'
	$(Q)$(boot)/tools/build $(boot)/setup.bin $(boot)/vmlinux.bin \
		$$(( 0x$$($(NM) $(objtree)/vmlinux | sed -n 's/ [A-Za-z] _end$$//p') - \
		     0x$$($(NM) $(objtree)/vmlinux | sed -n 's/ [A-Za-z] _text$$//p') )) $@

-include $(boot)/.header.o.d

bzImage: $(boot)/bzImage

# isoimage: a BIOS-bootable CD image whose GRUB loads bzImage with its
# "linux" command (the 32-bit boot protocol entry) - the way a DL380 boots
# it; tools/testing/dl380/mkiso makes it.  ISO_APPEND adds to the kernel
# command line; ISO_INITRD=file adds an initramfs (GRUB's "initrd" command).
ISO_APPEND ?=
ISO_INITRD ?=
$(boot)/image.iso: $(boot)/bzImage $(ISO_INITRD) FORCE
	@echo '  GENISO  arch/x86/boot/image.iso'
	$(Q)$(srctree)/tools/testing/dl380/mkiso --log $(boot)/isoimage.log \
		--append 'console=ttyS0,115200 $(ISO_APPEND)' \
		$(if $(ISO_INITRD),--initrd $(ISO_INITRD)) $(boot)/bzImage $@

isoimage: $(boot)/image.iso

.PHONY: FORCE
FORCE:
