#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# syscalltbl.sh TABLE OUTDIR - generate the syscall headers from
# arch/x86/entry/syscalls/syscall_64.tbl ("<number> <name>" lines):
#   OUTDIR/asm/syscalls_64.h        __SYSCALL(nr, name) for every call
#   OUTDIR/asm/syscall_names_64.h   SYSCALL_NAME(nr, "name") for messages
#   OUTDIR/uapi/asm/unistd_64.h     #define __NR_name nr, __NR_syscalls
# Files are rewritten only when their content changes.
set -eu

tbl=$1
out=$2
mkdir -p "$out/asm" "$out/uapi/asm"

emit() {
	if ! cmp -s "$1.tmp" "$1"; then mv "$1.tmp" "$1"; else rm -f "$1.tmp"; fi
}

entries=$(grep -v '^[[:space:]]*#' "$tbl" | awk 'NF >= 2 { print $1, $2 }')

{
	echo "/* Generated from syscall_64.tbl by scripts/syscalltbl.sh. */"
	echo "$entries" | awk '{ printf "__SYSCALL(%d, %s)\n", $1, $2 }'
} > "$out/asm/syscalls_64.h.tmp"
emit "$out/asm/syscalls_64.h"

{
	echo "/* Generated from syscall_64.tbl by scripts/syscalltbl.sh. */"
	echo "$entries" | awk '{ printf "SYSCALL_NAME(%d, \"%s\")\n", $1, $2 }'
} > "$out/asm/syscall_names_64.h.tmp"
emit "$out/asm/syscall_names_64.h"

{
	echo "/* Generated from syscall_64.tbl by scripts/syscalltbl.sh. */"
	echo "#ifndef _UAPI_ASM_UNISTD_64_H"
	echo "#define _UAPI_ASM_UNISTD_64_H"
	echo "$entries" | awk '{ printf "#define __NR_%s %d\n", $2, $1 } END { }'
	echo "$entries" | awk 'BEGIN { m = 0 } { if ($1 + 0 > m) m = $1 + 0 } END { printf "#define __NR_syscalls %d\n", m + 1 }'
	echo "#endif"
} > "$out/uapi/asm/unistd_64.h.tmp"
emit "$out/uapi/asm/unistd_64.h"
