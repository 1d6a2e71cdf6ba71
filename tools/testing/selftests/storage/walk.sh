#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# walk.sh - the guest side of tools/testing/ext2/corrupt-images (busybox
# sh): for each (deliberately damaged) ext2 disk, mount it, walk it the way
# a user would (find, cat every file, ls -lR), make a few changes (create,
# write, append, rename, delete), unmount.  Before that, a read-only pass:
# hash the device, mount it read-only, walk it (find, cat),
# unmount, hash it again: a read-only mount must not change a byte.
# Errors from the commands are expected and ignored; what counts is that
# the kernel neither panics nor hangs and says what it found.  Every step
# has a time limit.
#
# Usage: walk.sh [-t SECONDS] DEV[:OPTIONS]...
#   OPTIONS are added to both mounts' -o (e.g. vdc:errors=continue).
#
# Prints, per disk, "walk DEV: ro mounted" and "walk DEV: ro unchanged" or
# "walk DEV: ro changed" (or "walk DEV: ro mount failed"), then
# "walk DEV: mounted" or "walk DEV: mount failed", "walk DEV: read error
# /PATH" for each file cat could not read, then "walk DEV: done"; at the
# end the kernel's file-system messages as "# dmesg: ..." lines for the
# host to match.

limit=60
mnt=/mnt

step() { timeout "$limit" "$@" >/dev/null 2>&1; }

# cat every file (one cat for all; on a failure one per file to say which)
cat_all() {
	find $mnt -maxdepth 8 -type f 2>/dev/null | head -n 1000 >/tmp/walk-files
	xargs -r cat </tmp/walk-files >/dev/null 2>&1 && return 0
	while read -r f; do
		cat "$f" >/dev/null 2>&1 || echo "walk $dev: read error ${f#$mnt}"
	done </tmp/walk-files
}

# create, write, append, rename and delete things
change() {
	mkdir $mnt/walk-new && dd if=/dev/zero of=$mnt/walk-new/f bs=1k count=300
	for f in $(find $mnt -maxdepth 3 -type f | head -n 20); do
		echo appended >>"$f"
	done
	for d in $(find $mnt -maxdepth 3 -type d | head -n 20); do
		touch "$d/walk-touch" && rm -f "$d/walk-touch"
	done
	mv $mnt/d/sub $mnt/moved-sub && mv $mnt/moved-sub $mnt/d/sub
	mv $mnt/d/file1 $mnt/many/file1-moved
	rm -rf $mnt/walk-new $mnt/many
	sync
}

# internal: one step in a process of its own, under timeout(1)
case $1 in
--cat-all) dev=$2; cat_all; exit 0 ;;
--change) change >/dev/null 2>&1; exit 0 ;;
esac

# snapshot FILE: the super block (1 KiB at byte 1024) in FILE.sb, a hash
# of the rest of the device in FILE.rest
snapshot() {
	dd if="/dev/$dev" of="$1.sb" bs=1024 skip=1 count=1 2>/dev/null
	{ dd if="/dev/$dev" bs=1024 count=1; dd if="/dev/$dev" bs=1024 skip=2; } 2>/dev/null |
		sha256sum >"$1.rest"
}

# read_only_pass: mount read-only, walk, unmount; the device must not change
read_only_pass() {
	local sbdiff
	snapshot /tmp/walk-before
	if ! step mount -t ext2 -o "ro,noatime$opts" "/dev/$dev" $mnt; then
		echo "walk $dev: ro mount failed"
		return
	fi
	echo "walk $dev: ro mounted"
	# find looks up and stats every entry; ls -lR would do it again
	step find $mnt
	timeout "$limit" "$0" --cat-all "$dev" 2>/dev/null
	if ! step umount $mnt; then
		echo "walk $dev: ro umount failed"
		umount -l $mnt 2>/dev/null
		return
	fi
	snapshot /tmp/walk-after
	sbdiff=$(cmp -l /tmp/walk-before.sb /tmp/walk-after.sb 2>/dev/null |
		 awk '{ printf "%s%d", sep, $1 - 1; sep = "," }')
	if ! cmp -s /tmp/walk-before.rest /tmp/walk-after.rest; then
		echo "walk $dev: ro changed outside the super block"
	elif [ -n "$sbdiff" ]; then
		echo "walk $dev: ro changed super block bytes $sbdiff"
	else
		echo "walk $dev: ro unchanged"
	fi
}

[ "$1" = -t ] && { limit=$2; shift 2; }
mkdir -p $mnt
for arg in "$@"; do
	dev=${arg%%:*}
	opts=
	[ "$dev" = "$arg" ] || opts=,${arg#*:}
	echo "# walk: /dev/$dev$opts"
	read_only_pass
	if step mount -t ext2 -o "noatime$opts" "/dev/$dev" $mnt; then
		echo "walk $dev: mounted"
		step find $mnt
		timeout "$limit" "$0" --cat-all "$dev" 2>/dev/null
		step ls -lR $mnt
		step "$0" --change
		if ! step umount $mnt; then
			echo "walk $dev: umount failed"
			umount -l $mnt 2>/dev/null
		fi
	else
		echo "walk $dev: mount failed"
	fi
	echo "walk $dev: done"
done
dmesg | grep -E 'EXT[234]-fs|vd[a-z]' | sed 's/^/# dmesg: /'
exit 0
