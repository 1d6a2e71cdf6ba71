#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guest-anon.sh - the guest side of the anonymous-memory half of
# tools/testing/selftests/swap/run (busybox sh), in a small guest (128 MiB):
# the anon suite once with a swap partition (every test: private and
# shared anonymous memory, tmpfs), then with a swap file on ext2 (the
# bigger-than-RAM and fork tests: what differs is only where the slots
# live).  In between, with no swap on, the workingset test on the ext2
# file system: a new working set of file pages displaces a stale one.  Last,
# if ERR-DEV is given, the ioerr test: swap on a disk that fails reads.
#
# Usage: guest-anon.sh [-t SECONDS] PART-DEV EXT2-DEV [ERR-DEV]  (vda vdb vdc)
# The partition must hold at least twice RAM; the ext2 file system must
# have room for a swap file of that size.  Prints run_selftests.sh's TAP
# plus "ok - ..." / "not ok - ..." lines of its own; exit status 1 if
# anything failed.

here=$(cd "$(dirname "$0")" && pwd)
limit=300
[ "$1" = -t ] && { limit=$2; shift 2; }
part=/dev/$1
fsdev=/dev/$2
errdev=${3:+/dev/$3}
failed=0
say() { echo "$1 - $2"; [ "$1" = ok ] || failed=1; }
step() { if "$@" >/tmp/step.log 2>&1; then say ok "$*"; else say "not ok" "$*"; sed 's/^/#   /' /tmp/step.log; fi; }

# Twice RAM plus a little, in MiB, for the swap file.
ram_kb=$(sed -n 's/^MemTotal: *\([0-9]*\) kB/\1/p' /proc/meminfo)
file_mb=$((ram_kb * 2 / 1024 + 24))

echo "# partition $part"
step mkswap "$part"
step swapon "$part"
# Private anonymous memory first, then tmpfs and shared anonymous memory,
# each with the whole time limit.
timeout "$limit" "$here/anon" "$part" big random fork mlock swapoff || failed=1
timeout "$limit" "$here/anon" "$part" tmpfs tmpfs-swapoff shared || failed=1
swapoff "$part" 2>/dev/null

echo "# swap file on ext2 ($fsdev), $file_mb MiB"
mkdir -p /mnt
step mount -t ext2 "$fsdev" /mnt
# File pages: a new working set displaces a stale one (no swap on now).
timeout "$limit" "$here/workingset" /mnt || failed=1
step dd if=/dev/zero of=/mnt/swapfile bs=1M count="$file_mb"
chmod 600 /mnt/swapfile
step mkswap /mnt/swapfile
step swapon /mnt/swapfile
timeout "$limit" "$here/anon" /mnt/swapfile big fork || failed=1
step swapoff /mnt/swapfile
step umount /mnt

# A swap disk that fails reads (the host's blkdebug rules, mkswap'ed on
# the host: a guest mkswap would flush and set the rules off too early).
if [ -n "$errdev" ]; then
	echo "# swap on $errdev, which fails reads on cue"
	# busybox timeout leaves a watcher behind that looks once a second
	# whether its program is still there.  One that wakes while reads
	# fail may find its own pages on the bad disk and die of SIGBUS - and
	# init, woken to reap the orphan, with it.  Let them all go first.
	n=0
	while [ $n -lt 50 ] && grep -qx timeout /proc/[0-9]*/comm 2>/dev/null; do
		sleep 0.1
		n=$((n + 1))
	done
	step swapon "$errdev"
	# Without timeout(1): it wakes every second, and its pages may be on
	# the bad disk - it would die, or init would.  Nothing but ioerr (whose
	# memory is locked) may run while reads fail; vmrun's timeout covers us.
	"$here/ioerr" "$errdev" || failed=1
	step swapoff "$errdev"
fi
exit $failed
