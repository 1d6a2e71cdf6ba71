#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# crash-guest.sh - the guest half of the crash-consistency trials (busybox
# sh; the host half is tools/testing/crash/run).
#
# Environment (set by the host on the command line):
#   CR_MODE    write: mount the disk, print CRASH-START, run crashwrite until
#              the host kills the machine;
#              verify: mount the disk and check the claims in CR_CLAIMS
#              (lines "FSYNCED name len cksum") with crashwrite -v
#   CR_SEED    crashwrite's seed
#   CR_MIN, CR_MAX   file sizes in bytes
#   CR_DEV     the disk (default /dev/vda); "cciss": volume 0 of the Smart
#              Array 6i model (/dev/cciss/c0d0 on Tidewater, hpsa's SCSI
#              disk on Linux)
#   CR_WB_CS   if set, run the flusher every CR_WB_CS centiseconds and let
#              it write everything it finds (dirty_expire_centisecs 0), so
#              that it races with the writer's fsync() calls all the time
# The filesystem must hold an empty directory /crash (the host makes it with
# mke2fs -d, so that it is durable before the trial starts).
# Prints "CRASH-NA <why>" and exits 0 when the kernel cannot mount the disk.

here=$(cd "$(dirname "$0")" && pwd)
PATH=$here/bin:$PATH

# kernel messages in the middle of a FSYNCED line would garble it
echo 1 >/proc/sys/kernel/printk 2>/dev/null

dev=${CR_DEV:-/dev/vda}
if [ "$dev" = cciss ]; then
	dev=/dev/cciss/c0d0
	[ -e $dev ] || dev=/dev/$(ls /sys/bus/scsi/devices/*:1:0:0/block 2>/dev/null | head -n 1)
fi
# the guest's clock at each step: a trial that starts late says which step
# took the time
echo "crash-guest: mounting $dev at $(cut -d' ' -f1 /proc/uptime) s"
if ! err=$(mount -t ext2 -o noatime "$dev" /mnt 2>&1); then
	echo "CRASH-NA mount -t ext2 $dev: $(echo $err)"
	exit 0
fi
echo "crash-guest: mounted at $(cut -d' ' -f1 /proc/uptime) s"
case ${CR_MODE:-write} in
write)
	if [ -n "${CR_WB_CS:-}" ]; then
		echo 0 >/proc/sys/vm/dirty_expire_centisecs
		echo "$CR_WB_CS" >/proc/sys/vm/dirty_writeback_centisecs
	fi
	echo "CRASH-START seed=${CR_SEED:-1}"
	exec crashwrite -d /mnt/crash -s "${CR_SEED:-1}" -m "${CR_MIN:-1}" \
		-M "${CR_MAX:-262144}"
	;;
reuse)
	echo "CRASH-START seed=${CR_SEED:-1} reuse"
	exec crashwrite -R -d /mnt/crash -s "${CR_SEED:-1}" -M "${CR_MAX:-262144}"
	;;
verify)
	printf '%s\n' "$CR_CLAIMS" >/tmp/claims
	crashwrite -v /tmp/claims -d /mnt/crash >/tmp/verify
	rc=$?
	grep -v '^ok ' /tmp/verify
	umount /mnt
	exit $rc
	;;
esac
