#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guest.sh - the guest side of tools/testing/selftests/xattr/run (busybox
# sh): mounts the ext2 disk (mount -t ext2 -o noatime /dev/DEV /mnt), runs
# the xattr suite's PHASE (first: the checks; second: after a reboot;
# third: a damaged attribute block) through run_selftests.sh (with
# $XATTR_DEV, $XATTR_MNT, $XATTR_PHASE), unmounts.
#
# Usage: guest.sh DEV PHASE        (e.g. vda first)
# Prints run_selftests.sh's TAP plus "ok - ..." / "not ok - ..." lines of
# its own (mount, umount); exit status 1 if anything failed.

here=$(cd "$(dirname "$0")" && pwd)
dev=$1 phase=$2
failed=0
say() { echo "$1 - $2"; [ "$1" = ok ] || failed=1; }

mkdir -p /mnt /tmp
if mount -t ext2 -o noatime "/dev/$dev" /mnt; then
	say ok "mount -t ext2 -o noatime /dev/$dev /mnt"
else
	say "not ok" "mount -t ext2 -o noatime /dev/$dev /mnt"
	exit 1
fi
XATTR_DEV=/dev/$dev XATTR_MNT=/mnt XATTR_PHASE=$phase \
	"$here/../run_selftests.sh" -t 240 xattr/xattr || failed=1
if umount /mnt; then
	say ok "umount /dev/$dev"
else
	say "not ok" "umount /dev/$dev"
fi
exit $failed
