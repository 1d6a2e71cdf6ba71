# SPDX-License-Identifier: GPL-2.0-only
#
# Rules for one static user-space program built from $(PROG).c in the
# including directory (tools/vmstat, tools/iostat): the program must run on
# any x86_64 kernel with Linux's ABI, Tidewater's included, so it is linked
# statically against musl.
#
#   $(O)/$(PROG)        the program (O defaults to out/ in that directory)
#   install             copy it to $(DESTDIR) (required)
#   clean
#
# CC: musl-gcc unless the caller chose one; V=1 shows the commands.

ifneq ($(filter default undefined,$(origin CC)),)
CC := musl-gcc
endif
CFLAGS ?= -O2
PROG_CFLAGS := -static -Wall -Wextra -D_GNU_SOURCE -I$(abspath $(dir $(lastword $(MAKEFILE_LIST)))../include)

O ?= $(CURDIR)/out
OUT := $(abspath $(O))

ifeq ($(V),1)
Q :=
else
Q := @
endif

all: $(OUT)/$(PROG)

$(OUT)/$(PROG): $(PROG).c Makefile $(lastword $(MAKEFILE_LIST))
	@mkdir -p $(OUT)
	@$(if $(Q),printf '  %-8s %s\n' CC $@)
	$(Q)$(CC) $(PROG_CFLAGS) $(CFLAGS) -o $@ $< $(LDLIBS)

install: $(OUT)/$(PROG)
	@test -n "$(DESTDIR)" || { echo "install: set DESTDIR" >&2; exit 1; }
	@mkdir -p $(DESTDIR)
	$(Q)install -m 755 $< $(DESTDIR)/$(PROG)

clean:
	rm -rf $(OUT)

.PHONY: all install clean
