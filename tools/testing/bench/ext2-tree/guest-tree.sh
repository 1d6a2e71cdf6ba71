#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guest-tree.sh - the guest side of `make bench-ext2` (busybox sh, run by
# tools/testing/bench/ext2-tree/run through vmrun).
#
# Usage: guest-tree.sh DEV [PROFILE]
#   Mounts the ext2 image DEV (a big tree in wide directories, made on the
#   host) on /mnt with errors=remount-ro and times four phases, each from
#   cold caches (unmount, drop caches, mount again first):
#     ls     ls -laR /mnt >/dev/null
#     find   find /mnt | wc -l
#     stat   stat of every entry (find /mnt | xargs stat)
#     rm     rm -rf of the tree, then sync
#   PROFILE=1: the kernel was booted with profile=N; print each phase's
#   /proc/profile buckets as "PROFILE" lines after "@@ profile PHASE".
# Prints "@@ phase NAME SECONDS rc=N" per phase (seconds from /proc/uptime)
# and "@@ note ..." lines (entries found, whether the volume went
# read-only, the kernel's file-system messages).

dev=$1
prof=${2:-0}
mnt=/mnt
limit=900

now() { cut -d' ' -f1 /proc/uptime; }

cold_mount() {
	sync
	umount $mnt 2>/dev/null
	echo 3 >/proc/sys/vm/drop_caches 2>/dev/null
	mount -t ext2 -o errors=remount-ro "/dev/$dev" $mnt ||
		{ echo "@@ note mount failed"; exit 1; }
}

profile_dump() {
	[ "$prof" = 1 ] || return 0
	echo "@@ profile $1"
	hexdump -v -e '1/4 "%u\n"' /proc/profile |
		awk 'NR == 1 { print "PROFILE step", $1 } NR > 1 && $1 { print "PROFILE", NR - 2, $1 }'
}

# io_note NAME: the disk's reads and writes since the last call
# (/proc/diskstats: requests and sectors)
io_note() {
	local now
	now=$(awk -v d="$dev" '$3 == d { print $4, $6, $8, $10 }' /proc/diskstats 2>/dev/null)
	[ -n "$now" ] || return 0
	set -- $now ${io_last:-0 0 0 0}
	echo "@@ note $name io: $(($1 - $5)) reads ($(($2 - $6)) sectors)," \
		"$(($3 - $7)) writes ($(($4 - $8)) sectors)"
	io_last=$now
}

# phase NAME CMD: run CMD (a shell command line) from cold caches, timed
phase() {
	local name=$1 t0 t1 rc
	shift
	cold_mount
	[ "$prof" = 1 ] && echo 0 >/proc/profile
	io_note - >/dev/null
	t0=$(now)
	timeout $limit sh -c "$*"
	rc=$?
	t1=$(now)
	echo "@@ phase $name $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') rc=$rc"
	io_note "$name"
	profile_dump "$name"
	grep -q " $mnt ext2 ro" /proc/mounts && echo "@@ note $name: the volume is read-only now"
}

mkdir -p $mnt
echo "@@ note kernel $(uname -r)"
phase ls "ls -laR $mnt >/dev/null 2>&1"
phase find "find $mnt 2>/dev/null | wc -l >/tmp/entries"
echo "@@ note entries $(cat /tmp/entries)"
phase stat "find $mnt 2>/dev/null | xargs stat -c %i >/dev/null 2>&1"
phase rm "rm -rf $mnt/* 2>/dev/null; sync"
echo "@@ note left $(find $mnt 2>/dev/null | wc -l)"
umount $mnt
dmesg | grep -E 'EXT[234]-fs' | head -n 20 | sed 's/^/@@ note dmesg: /'
exit 0
