#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guest.sh - the guest side of tools/testing/selftests/writeback/run (busybox
# sh): mounts the ext2 disk (mount -t ext2 -o noatime DEV /mnt), runs the
# writeback suites through run_selftests.sh with $FSTEST_DIR, $FSTEST_DEV
# and $FSTEST_SCRATCH set, unmounts.
#
# Usage: guest.sh [-t SECONDS] [-s "SUITE..."] EXT2-DEV SCRATCH-DEV
#   (e.g. vda vdb); -s runs those suites instead of sysctl, integrity,
#   direct, dirty, mmap, mmap_race and aio (the AIO suite again, for its
#   O_DIRECT part on ext2) (e.g. -s writeback/mmap_traverse)
# Prints run_selftests.sh's TAP plus "ok - ..." / "not ok - ..." lines of
# its own (mount, umount); exit status 1 if anything failed.

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
limit=60
suites="writeback/sysctl writeback/integrity writeback/direct writeback/dirty writeback/mmap
	writeback/mmap_race aio"
[ "$1" = -t ] && { limit=$2; shift 2; }
[ "$1" = -s ] && { suites=$2; shift 2; }
dev=$1 scratch=$2
failed=0
say() { echo "$1 - $2"; [ "$1" = ok ] || failed=1; }

mkdir -p /mnt
if mount -t ext2 -o noatime "/dev/$dev" /mnt; then
	say ok "mount -t ext2 -o noatime /dev/$dev /mnt"
else
	say "not ok" "mount -t ext2 -o noatime /dev/$dev /mnt"
	exit 1
fi
# shellcheck disable=SC2086 # one word per suite
FSTEST_DIR=/mnt FSTEST_DEV=$dev FSTEST_SCRATCH=$scratch \
	"$top/run_selftests.sh" -t "$limit" $suites || failed=1
if umount /mnt; then
	say ok "umount /dev/$dev"
else
	say "not ok" "umount /dev/$dev"
fi
exit $failed
