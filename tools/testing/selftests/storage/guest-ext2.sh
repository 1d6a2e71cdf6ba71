#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guest-ext2.sh - the guest side of tools/testing/ext2/run (busybox sh):
# mounts each ext2 disk the way the issue says (mount -t ext2 -o noatime),
# runs the storage suites on it through run_selftests.sh, and unmounts.
# The block-device suite runs on the first disk even if it does not mount
# (without the write-accounting part).
#
# Usage: guest-ext2.sh [options] DEV=BYTES...
#   DEV=BYTES[:ENTRIES:BIG_MB]
#                 an ext2 disk (vda) and its size as the host made it; the
#                 first one also gets the block-device suite.  ENTRIES and
#                 BIG_MB override --entries and --big-mb for this disk
#   --ro DEV      a read-only disk for the block-device suite (holds ext2)
#   --scratch DEV a disk the block-device suite may overwrite
#   --big-mb N    size of fsio's sequential copy (FSTEST_BIG_MB)
#   --entries N   entries of fsmeta's big directory (FSTEST_DIR_ENTRIES)
#   -t SECONDS    per-suite timeout (default 900)
#
# Prints run_selftests.sh's TAP plus "ok - ..." / "not ok - ..." lines of
# its own (mount, /proc/mounts, umount); exit status 1 if anything failed.

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
ro= scratch= limit=900
failed=0

while [ $# -gt 0 ]; do
	case $1 in
	--ro) ro=$2; shift 2 ;;
	--scratch) scratch=$2; shift 2 ;;
	--big-mb) FSTEST_BIG_MB=$2; export FSTEST_BIG_MB; shift 2 ;;
	--entries) FSTEST_DIR_ENTRIES=$2; export FSTEST_DIR_ENTRIES; shift 2 ;;
	-t) limit=$2; shift 2 ;;
	-*) echo "guest-ext2.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done

say() { echo "$1 - $2"; [ "$1" = ok ] || failed=1; }

mnt=/mnt
mkdir -p $mnt
first=1
for arg in "$@"; do
	dev=${arg%%=*}
	bytes=${arg#*=}
	entries=${FSTEST_DIR_ENTRIES:-}
	big=${FSTEST_BIG_MB:-}
	case $bytes in
	*:*:*) big=${bytes##*:}; entries=${bytes#*:}; entries=${entries%:*}
	       bytes=${bytes%%:*} ;;
	esac
	echo "# storage: /dev/$dev ($bytes bytes${entries:+, $entries directory entries}${big:+, $big MiB copy})"
	dir=
	if mount -t ext2 -o noatime "/dev/$dev" $mnt; then
		say ok "mount -t ext2 -o noatime /dev/$dev $mnt"
		dir=$mnt
		if grep -q "^/dev/$dev $mnt ext2 rw,noatime" /proc/mounts; then
			say ok "/proc/mounts: /dev/$dev $mnt ext2 rw,noatime"
		else
			say "not ok" "/proc/mounts line for /dev/$dev"
			grep " $mnt " /proc/mounts | sed 's/^/# /'
		fi
	else
		say "not ok" "mount -t ext2 -o noatime /dev/$dev $mnt"
		dmesg | tail -n 5 | sed 's/^/# /'
	fi
	# the file system suites need the mount; blockdev (first disk) does not
	suites=
	[ -n "$dir" ] && suites="storage/fsio storage/fsmeta"
	[ $first = 1 ] && suites="$suites storage/blockdev"
	if [ $first = 1 ]; then
		FSTEST_SCRATCH=$scratch FSTEST_RODEV=$ro FSTEST_RODEV_FS=${ro:+ext2} \
		FSTEST_DIR=$dir FSTEST_DEV=$dev FSTEST_DEV_BYTES=$bytes \
		FSTEST_DIR_ENTRIES=$entries FSTEST_BIG_MB=$big \
			"$top/run_selftests.sh" -t "$limit" $suites || failed=1
	elif [ -n "$suites" ]; then
		FSTEST_DIR=$dir FSTEST_DEV=$dev FSTEST_DEV_BYTES=$bytes \
		FSTEST_DIR_ENTRIES=$entries FSTEST_BIG_MB=$big \
			"$top/run_selftests.sh" -t "$limit" $suites || failed=1
	fi
	first=0
	[ -n "$dir" ] || continue
	if umount $mnt; then
		say ok "umount /dev/$dev"
	else
		say "not ok" "umount /dev/$dev"
		umount -l $mnt
	fi
done
sync
# Kernel complaints about the file systems while they were in use.
errs=$(dmesg | grep -E 'EXT[234]-fs.*(error|warning)|I/O error|BUG|WARNING' | head -n 10)
if [ -z "$errs" ]; then
	say ok "no file system errors, I/O errors or warnings in dmesg"
else
	say "not ok" "dmesg has file system errors or warnings"
	echo "$errs" | sed 's/^/# /'
fi
exit $failed
