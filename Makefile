# SPDX-License-Identifier: GPL-2.0-only
#
# Tidewater top-level Makefile.
#
# One make process builds the whole tree (no recursion): every directory's
# Makefile only lists objects, Kbuild style (obj-y += foo.o, obj-$(CONFIG_X)
# += bar.o, obj-y += subdir/), and scripts/Makefile.build turns those lists
# into rules.  Outputs go to $(O) (default: the source tree).
#
#   make defconfig | <name>_defconfig | olddefconfig | menuconfig | savedefconfig
#   make [V=1] [O=dir] [-jN]       build vmlinux, arch/x86/boot/bzImage
#   make qemu | qemu-debian | check | check-debian | stress-debian | soak-debian | soak | bench | bench-net | bench-sched | bench-mm | bench-ext2 | bench-bisect |
#        bench-selfhost | clean | mrproper | help

# Tidewater's version (Documentation/process/changes.md); bump PATCHLEVEL at
# each milestone: scripts/version-commit finds a version by the commit that
# set these lines.
VERSION = 0
PATCHLEVEL = 6
SUBLEVEL = 0
EXTRAVERSION =
KERNELVERSION = $(VERSION).$(PATCHLEVEL).$(SUBLEVEL)$(EXTRAVERSION)
# The release adds where in git the tree is: -NNNNN-gHASH[-dirty] (nothing
# without git).  uname(2) reports it after the Linux ABI level Tidewater
# implements, since glibc and musl static binaries check the release's
# major.minor against their minimum supported kernel.
KERNELRELEASE = $(KERNELVERSION)$(shell $(srctree)/scripts/setlocalversion $(srctree))
UTS_RELEASE = 6.1.0-tidewater-$(KERNELRELEASE)

MAKEFLAGS += -rR --no-print-directory
.SUFFIXES:

srctree := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
ifeq ($(O),)
objtree := $(srctree)
else
objtree := $(abspath $(O))
$(shell mkdir -p $(objtree))
endif
export srctree objtree

ifeq ($(V),1)
Q :=
quiet :=
else
Q := @
quiet := quiet_
endif

# Print "  CC      mm/page_alloc.o" (or the full command with V=1).
# $(call cmd,name) expects cmd_name and quiet_cmd_name to be defined.
cmd = @$(if $($(quiet)cmd_$(1)),echo '  $(call rel,$($(quiet)cmd_$(1)))';) $(cmd_$(1))
rel = $(subst $(srctree)/,,$(subst $(objtree)/,,$(1)))

HOSTCC := gcc
CC := gcc
LD := ld
OBJCOPY := objcopy
NM := nm

KCONFIG_CONFIG := $(objtree)/.config
export KCONFIG_CONFIG
CONF := kconfig-conf
MCONF := kconfig-mconf
KCONFIG_ENV := cd $(objtree) && srctree=$(srctree) KCONFIG_CONFIG=$(KCONFIG_CONFIG) \
	KCONFIG_AUTOCONFIG=$(objtree)/include/config/auto.conf \
	KCONFIG_AUTOHEADER=$(objtree)/include/generated/autoconf.h

config-targets := defconfig %_defconfig olddefconfig oldconfig menuconfig \
	savedefconfig allnoconfig allyesconfig
no-config-targets := clean mrproper help distclean install-deps kernelversion kernelrelease

PHONY := all isoimage
all: vmlinux bzImage

# ---------------------------------------------------------------- config
PHONY += defconfig olddefconfig oldconfig menuconfig savedefconfig allnoconfig allyesconfig
defconfig: qemu_defconfig

%_defconfig: $(srctree)/configs/%_defconfig deps-kconfig
	$(Q)mkdir -p $(objtree)/include/config $(objtree)/include/generated
	$(Q)$(KCONFIG_ENV) $(CONF) -s --defconfig=$< $(srctree)/Kconfig

olddefconfig oldconfig allnoconfig allyesconfig: deps-kconfig
	$(Q)mkdir -p $(objtree)/include/config $(objtree)/include/generated
	$(Q)$(KCONFIG_ENV) $(CONF) -s --$@ $(srctree)/Kconfig

menuconfig: deps-kconfig
	$(Q)$(KCONFIG_ENV) $(MCONF) $(srctree)/Kconfig

savedefconfig: deps-kconfig
	$(Q)$(KCONFIG_ENV) $(CONF) -s --savedefconfig=$(objtree)/defconfig $(srctree)/Kconfig
	@echo '  GEN     defconfig'

PHONY += deps-kconfig
deps-kconfig:
	$(Q)command -v $(CONF) >/dev/null || $(srctree)/scripts/install-deps

# Everything below needs a configuration, except the targets that configure
# or clean (and check, which runs its own make).
goals := $(if $(MAKECMDGOALS),$(MAKECMDGOALS),all)
need-config := $(if $(filter-out $(config-targets) $(no-config-targets) check bench-bisect,$(goals)),1)

# A fresh clone goes straight to `make qemu` (README): the host packages
# come first, since the build needs them too.  Only the targets a newcomer
# types pay for the package query (about a second).
ifneq ($(filter qemu soak bench bench-net bench-sched bench-mm bench-ext2,$(goals)),)
ifneq ($(shell $(srctree)/scripts/install-deps --check >/dev/null 2>&1 || echo missing),)
$(info installing the missing host packages (scripts/install-deps))
ifneq ($(shell $(srctree)/scripts/install-deps >&2 && echo ok),ok)
$(error scripts/install-deps failed: see its messages above)
endif
endif
endif

ifeq ($(need-config),1)
# Without a .config, build the default configuration, as a first `make`
# after cloning expects (make help lists the others).
$(KCONFIG_CONFIG): | deps-kconfig
	@echo '  no .config in $(objtree): using configs/qemu_defconfig'
	$(Q)mkdir -p $(objtree)/include/config $(objtree)/include/generated
	$(Q)$(KCONFIG_ENV) $(CONF) -s --defconfig=$(srctree)/configs/qemu_defconfig $(srctree)/Kconfig

# auto.conf and autoconf.h follow .config; conf rewrites them only when the
# configuration really changed, so a no-op build stays a no-op.  Symbols
# new since .config was written take their defaults (olddefconfig) instead
# of stopping the build with a question.
$(objtree)/include/config/auto.conf: $(KCONFIG_CONFIG) $(shell find $(srctree) -name Kconfig -o -name 'Kconfig.*' | grep -v '/\.')
	$(Q)mkdir -p $(objtree)/include/config $(objtree)/include/generated
	$(Q)$(KCONFIG_ENV) $(CONF) -s --olddefconfig $(srctree)/Kconfig
	$(Q)$(KCONFIG_ENV) $(CONF) -s --silentoldconfig $(srctree)/Kconfig
	$(Q)touch $@

-include $(objtree)/include/config/auto.conf

include $(srctree)/scripts/Makefile.build
endif

# ---------------------------------------------------------------- tests
PHONY += qemu qemu-debian check-debian stress-debian soak-debian bench-selfhost debian-deps check soak bench bench-net bench-sched bench-mm bench-ext2 bench-bisect install-deps
install-deps:
	$(Q)$(srctree)/scripts/install-deps

# The in-kernel self tests run only with selftests=1 (make check's boots
# ask for them), so the shell is up in about a second.
qemu: all
	$(Q)$(srctree)/tools/testing/ktest/vmrun --interactive --kernel $(objtree)/arch/x86/boot/bzImage

check:
	$(Q)$(srctree)/scripts/check

# Debian 12 on ext2 as the root file system (Documentation/admin-guide/
# debian-root.md): tools/testing/rootfs/mkdebian builds the image once (network,
# root) and caches it outside the tree; qemu-debian boots it to login: on
# the serial console, check-debian logs in and out over it on this kernel
# and on Debian's Linux.  KERNEL=/boot/vmlinuz-<ver> boots that Linux
# instead (with its initrd).  Not part of make check: the first build needs
# the network.
DEBIAN_LINUX ?= $(lastword $(sort $(wildcard /boot/vmlinuz-6.1*)))
debian-deps:
	$(Q)$(srctree)/scripts/install-deps --debian --check >/dev/null || \
		$(srctree)/scripts/install-deps --debian

qemu-debian: $(if $(KERNEL),,all) debian-deps
	$(Q)O=$(objtree) $(srctree)/tools/testing/rootfs/rundebian $(if $(KERNEL),--kernel $(KERNEL))

check-debian: all debian-deps
	$(Q)mkdir -p $(objtree)/.ktest/logs
	$(Q)$(srctree)/tools/testing/rootfs/mkdebian >/dev/null
	$(Q)echo '# Debian login on Tidewater'; \
	O=$(objtree) $(srctree)/tools/testing/rootfs/login-test \
		--log $(objtree)/.ktest/logs/login-test-tidewater.log; tw=$$?; \
	echo '# Debian login on $(notdir $(DEBIAN_LINUX))'; \
	$(srctree)/tools/testing/rootfs/login-test --kernel $(DEBIAN_LINUX) \
		--log $(objtree)/.ktest/logs/login-test-linux.log; lx=$$?; \
	[ $$tw = 0 ] && [ $$lx = 0 ]

# stress-ng's stressors (vm, mmap, fork, ...) in the Debian image, each alone with
# --verify for STRESS_SECONDS (default 10; 60 for the long run), on this
# kernel and on Debian's Linux; TAP and a table of bogo ops/s.
STRESS_SECONDS ?= 10
stress-debian: all debian-deps
	$(Q)$(srctree)/tools/testing/rootfs/mkdebian >/dev/null
	$(Q)O=$(objtree) $(srctree)/tools/testing/rootfs/stress-debian --seconds $(STRESS_SECONDS) \
		--kernel tidewater:$(objtree)/arch/x86/boot/bzImage --kernel linux:$(DEBIAN_LINUX)

# The long Debian runs of the userland issue: trinity, TRINITY_CALLS (default
# 1000000) calls of each of TRINITY_SEEDS (default 3) as the user tide, then
# the stress-ng stressors for 60 s each, on this kernel and on Debian's Linux
# (about an hour and a half under TCG).
TRINITY_CALLS ?= 1000000
TRINITY_SEEDS ?= 3
soak-debian: all debian-deps
	$(Q)$(srctree)/tools/testing/rootfs/mkdebian >/dev/null
	$(Q)O=$(objtree) $(srctree)/tools/testing/rootfs/trinity-debian --calls $(TRINITY_CALLS) \
		--seeds "$(TRINITY_SEEDS)" \
		--kernel tidewater:$(objtree)/arch/x86/boot/bzImage --kernel linux:$(DEBIAN_LINUX); t=$$?; \
	O=$(objtree) $(srctree)/tools/testing/rootfs/stress-debian --seconds 60 \
		--kernel tidewater:$(objtree)/arch/x86/boot/bzImage --kernel linux:$(DEBIAN_LINUX); s=$$?; \
	[ $$t = 0 ] && [ $$s = 0 ]

# Self-hosting (seed 002's make -j2): this tree, committed, built in the
# Debian image on this kernel and on Debian's Linux under /usr/bin/time, and
# the guest-built bzImage booted through its self tests; QUICK=1 builds only
# mm/'s objects (Documentation/admin-guide/debian-root.md, "Self-hosting").
bench-selfhost: all debian-deps
	$(Q)O=$(objtree) $(srctree)/tools/testing/rootfs/selfhost $(if $(filter 1,$(QUICK)),--quick)

# The writeback benchmark: Debian's Linux and this kernel under each
# writeback policy (Documentation/dev-tools/writeback-bench.md), then the
# NFS one (net1, mix3-nfs, NFS alone: Documentation/dev-tools/nfs-tests.md);
# QUICK=1 for the short run.  VERSIONS="0.2 0.5 HEAD": the writeback table
# with one column per version (built from the commit cache) and Linux.
# PROFILE=dl380: on the DL380 G4 profile (GRUB from CD-ROM, disks on the
# Smart Array, NICs on the NC7782; Documentation/dev-tools/dl380.md) the
# writeback one, the NFS one over tg3, and seed 004's streaming write of the
# memory-management one, from memory and received over TCP.
bench: all
ifneq ($(VERSIONS),)
	$(Q)$(srctree)/scripts/bench-versions $(if $(filter 1,$(QUICK)),--quick) $(VERSIONS)
else ifneq ($(PROFILE),)
	$(Q)O=$(objtree) $(srctree)/tools/testing/bench/writeback/run $(if $(filter 1,$(QUICK)),--quick) \
		--profile $(PROFILE)
	$(Q)O=$(objtree) $(srctree)/tools/testing/bench/nfs/run $(if $(filter 1,$(QUICK)),--quick) \
		--profile $(PROFILE)
	$(Q)O=$(objtree) $(srctree)/tools/testing/bench/mm/run $(if $(filter 1,$(QUICK)),--quick) \
		--profile $(PROFILE) --tests seed004
else
	$(Q)O=$(objtree) $(srctree)/tools/testing/bench/writeback/run $(if $(filter 1,$(QUICK)),--quick)
	$(Q)O=$(objtree) $(srctree)/tools/testing/bench/nfs/run $(if $(filter 1,$(QUICK)),--quick)
endif

# The networking benchmark: TCP and UDP over virtio-net and loopback, ping,
# Linux next to this kernel (Documentation/networking/testing.md); QUICK=1
# for the short run.
bench-net: all
	$(Q)O=$(objtree) $(srctree)/tools/testing/bench/net/run $(if $(filter 1,$(QUICK)),--quick)

# The scheduler and IPC benchmark: pipe ping-pong and streaming, futex
# wake-ups and context switches on one and on two CPUs, Linux next to this
# kernel (Documentation/scheduler/ipc-bench.md); QUICK=1 for the short run.
bench-sched: all
	$(Q)O=$(objtree) $(srctree)/tools/testing/bench/sched/run $(if $(filter 1,$(QUICK)),--quick)

# The memory-management benchmark: seed 002's mmap traversal next to a hot
# working set, anonymous memory through swap, seed 004's streaming write with
# and without its bdflush line, on Debian's Linux and this kernel
# (Documentation/dev-tools/mm-bench.md); QUICK=1 for the short run.
bench-mm: all
	$(Q)O=$(objtree) $(srctree)/tools/testing/bench/mm/run $(if $(filter 1,$(QUICK)),--quick)

# Ten minutes of writeback, swap, mmap traversal and fork load at once in a
# 128 MiB guest, every byte checked (Documentation/dev-tools/soak.md);
# SOAK_MINUTES=N for another length, SOAK_KERNEL=PATH for another kernel.
soak: all
	$(Q)$(srctree)/tools/testing/soak/run --minutes $(or $(SOAK_MINUTES),10) \
		$(if $(SOAK_KERNEL),--kernel $(SOAK_KERNEL))

# The ext2 big-tree benchmark: a cold walk (ls -laR, find, stat) and rm -rf
# of 66000 files on a 1 KiB-block image, clean and with an entry naming a
# deleted inode, Linux next to this kernel
# (Documentation/dev-tools/ext2-bench.md); QUICK=1 for the clean tree only.
bench-ext2: all
	$(Q)O=$(objtree) $(srctree)/tools/testing/bench/ext2-tree/run $(if $(filter 1,$(QUICK)),--variants clean)

# The bisect demonstration: a throw-away branch of 50 commits with a planted
# functional and a planted writeback performance regression, each found by
# tools/testing/ktest/bisect, and the decision rule's false-positive rate on
# an unchanged range (Documentation/dev-tools/bisect.md); QUICK=1 for the
# functional half only (as make check runs it).
bench-bisect:
	$(Q)$(srctree)/tools/testing/ktest/bisect-demo $(if $(filter 1,$(QUICK)),--quick,--false-positive 20)

# ---------------------------------------------------------------- version
PHONY += kernelversion kernelrelease
kernelversion:
	@echo $(KERNELVERSION)
kernelrelease:
	@echo $(KERNELRELEASE)

# ---------------------------------------------------------------- clean
PHONY += clean mrproper distclean
clean:
	$(Q)find $(objtree) \( -name '*.o' -o -name '*.d' -o -name '*.cmd' -o -name '.tmp_*' \) \
		-not -path '*/.git/*' -type f -delete
	$(Q)rm -f $(objtree)/vmlinux $(objtree)/vmlinux.unstripped $(objtree)/System.map \
		$(objtree)/arch/x86/boot/bzImage $(objtree)/arch/x86/boot/setup.bin \
		$(objtree)/arch/x86/boot/vmlinux.bin $(objtree)/arch/x86/boot/setup.elf \
		$(objtree)/arch/x86/kernel/vmlinux.lds $(objtree)/scripts/kallsyms \
		$(objtree)/include/generated/compile.h $(objtree)/arch/x86/boot/image.iso \
		$(objtree)/arch/x86/entry/vdso/vdso.so
	$(Q)rm -rf $(objtree)/arch/x86/boot/isoimage.log
	$(Q)rm -rf $(objtree)/.tmp_versions $(objtree)/tools/testing/out

mrproper distclean: clean
	$(Q)rm -rf $(objtree)/.config $(objtree)/.config.old $(objtree)/include/config \
		$(objtree)/include/generated $(objtree)/defconfig

help:
	@echo 'Configuration:'
	@echo '  defconfig         - .config from configs/qemu_defconfig'
	@echo '  <name>_defconfig  - .config from configs/<name>_defconfig'
	@echo '                      ($(notdir $(wildcard $(srctree)/configs/*_defconfig)))'
	@echo '  olddefconfig      - update .config, new symbols get their defaults'
	@echo '  menuconfig        - interactive configuration (kconfig-mconf)'
	@echo '  savedefconfig     - write the minimal configuration to ./defconfig'
	@echo 'Building:'
	@echo '  all (default)     - vmlinux, System.map and arch/x86/boot/bzImage'
	@echo '  isoimage          - arch/x86/boot/image.iso: GRUB (BIOS) booting bzImage'
	@echo '  V=1               - print full commands'
	@echo '  O=dir             - put all outputs in dir'
	@echo 'Testing:'
	@echo '  qemu              - boot the kernel interactively on the serial console'
	@echo '  check             - the test suite (host checks + QEMU boots); ends with N passed, N failed'
	@echo '  qemu-debian       - boot the Debian 12 image to login: on ttyS0 (KERNEL=vmlinuz: Linux)'
	@echo '  check-debian      - log in on the Debian image over the serial line, Tidewater and Linux'
	@echo '  stress-debian     - stress-ng stressors with --verify in the Debian image, both kernels'
	@echo '  soak-debian       - trinity 1M calls (TRINITY_CALLS, TRINITY_SEEDS) and stress-ng 60 s, both kernels'

	@echo '  bench-selfhost    - make -j2 of this tree in the Debian image, both kernels, timed (QUICK=1: mm/ only)'
	@echo '  bench             - writeback benchmarks (Tidewater vs Linux; QUICK=1: short;'
	@echo '                      VERSIONS="0.2 HEAD": one column per version)'
	@echo '  bench-net         - networking benchmark (Tidewater vs Linux; QUICK=1: short)'
	@echo '  bench-sched       - scheduler/IPC benchmark (Tidewater vs Linux; QUICK=1: short)'
	@echo '  bench-mm          - memory-management benchmark: swap, reclaim, seeds 002/004 (QUICK=1: short)'
	@echo '  soak              - 10 minutes of writeback + swap + mmap + fork load, data checked (SOAK_MINUTES=N)'
	@echo '  bench-ext2        - ext2 big-tree walk and delete, clean and damaged (QUICK=1: clean only)'
	@echo '  bench-bisect      - bisect demonstration: planted regressions found by ktest/bisect (QUICK=1: short)'
	@echo '  install-deps      - apt-install missing host packages'
	@echo '  kernelversion     - print the Makefile version (0.6.0)'
	@echo '  kernelrelease     - print the version with its git position (0.6.0-00017-gabc1234)'
	@echo 'Cleaning:'
	@echo '  clean             - remove build outputs, keep the configuration'
	@echo '  mrproper          - remove everything generated, including .config'

.PHONY: $(PHONY)
