#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guest.sh - the guest side of tools/testing/selftests/swap/run (busybox
# sh): for each ext2 disk given, mounts it (mount -t ext2 DEV /mnt), runs
# the swap suite through run_selftests.sh with $SWAPTEST_DIR=/mnt,
# $SWAPTEST_MOUNTED=DEV and, on the first disk only, $SWAPTEST_DEV=SWAP-DEV
# (the partition tests), and unmounts it again.
#
# Usage: guest.sh [-t SECONDS] SWAP-DEV EXT2-DEV...   (e.g. vdb vda vdc)
# Prints run_selftests.sh's TAP plus "ok - ..." / "not ok - ..." lines of
# its own (mount, umount); exit status 1 if anything failed.

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
limit=120
[ "$1" = -t ] && { limit=$2; shift 2; }
swapdev=$1
shift
failed=0
say() { echo "$1 - $2"; [ "$1" = ok ] || failed=1; }

mkdir -p /mnt
for dev in "$@"; do
	if mount -t ext2 "/dev/$dev" /mnt; then
		say ok "mount -t ext2 /dev/$dev /mnt"
	else
		say "not ok" "mount -t ext2 /dev/$dev /mnt"
		continue
	fi
	SWAPTEST_DIR=/mnt SWAPTEST_DEV=$swapdev SWAPTEST_MOUNTED=$dev \
		"$top/run_selftests.sh" -t "$limit" swap/swap || failed=1
	swapdev=
	if umount /mnt; then
		say ok "umount /dev/$dev"
	else
		say "not ok" "umount /dev/$dev"
	fi
done
exit $failed
