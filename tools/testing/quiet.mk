# SPDX-License-Identifier: GPL-2.0-only
#
# quiet.mk - the output style of the tools/testing Makefiles: with V=1 the
# commands are echoed; otherwise each step prints one "  WHAT     target"
# line.  Rules write $(Q) before a command and $(say) WHAT target before it.
ifeq ($(V),1)
Q :=
say := @true
else
Q := @
say := @printf '  %-8s %s\n'
endif
