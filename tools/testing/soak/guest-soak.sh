#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guest-soak.sh - the guest side of tools/testing/soak/run (busybox sh):
# swap on the partition, the ext2 disk mounted, soak for SECONDS, then
# everything taken down again.  Prints soak's TAP and "ok - ..." /
# "not ok - ..." lines of its own; exit status 1 if anything failed.
#
# Usage: guest-soak.sh SWAP-DEV EXT2-DEV SECONDS   (e.g. vda vdb 600)

here=$(cd "$(dirname "$0")" && pwd)
failed=0
say() { echo "$1 - $2"; [ "$1" = ok ] || failed=1; }
step() { if "$@" >/tmp/step.log 2>&1; then say ok "$*"; else say "not ok" "$*"; sed 's/^/#   /' /tmp/step.log; fi; }

step mkswap "/dev/$1"
step swapon "/dev/$1"
mkdir -p /mnt
step mount -t ext2 "/dev/$2" /mnt
"$here/soak" /mnt "$3" || failed=1
rm -f /mnt/w*
step umount /mnt
step swapoff "/dev/$1"
exit $failed
