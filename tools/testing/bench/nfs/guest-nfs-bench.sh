#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guest-nfs-bench.sh - the guest half of tools/testing/bench/nfs/run
# (busybox sh).  Mounts the local ext2 disk (NB_DISK) on /mnt/F and the two
# NFS exports (n1, n2) on /mnt/N1 and /mnt/N2, then runs the tests and prints
#   NB info KEY=VALUE...
#   NB result test=T metric=M mbps=X
#   NB na test=T reason="..."
#   NB done
# Environment: NB_TESTS (dd1 nfs-write nfs-read net1 mix3-nfs), NB_POLICY
# (vm.writeback_policy; empty: the default), NB_SIZE_MB, NB_WARMUP (seconds
# the NFS writers of mix3-nfs run before the disk writer), NB_TIMEOUT,
# NB_DISK (the local disk: a name under /dev, default vda, or vol:N,
# logical volume N of the Smart Array on the dl380 profile).

here=$(cd "$(dirname "$0")" && pwd)
# now_cs, bench_disk
. "$here/guest-lib.sh"
PATH=$here/bin:$PATH
: "${NB_TESTS:=dd1 nfs-write nfs-read net1 mix3-nfs}" "${NB_POLICY:=}" "${NB_SIZE_MB:=512}"
: "${NB_WARMUP:=5}" "${NB_TIMEOUT:=1800}" "${NB_DISK:=vda}"

say() { echo "NB $*"; }
drop() { sync; echo 3 >/proc/sys/vm/drop_caches; }
# rate BYTES CS: MB/s (10^6 bytes/s) with one decimal
rate() { awk -v b="$1" -v c="$2" 'BEGIN { printf "%.1f", (c > 0 ? b / (c / 100) / 1e6 : 0) }'; }
# result TEST METRIC MBPS: a figure, or n/a when the stream failed
result()
{
	if [ -n "$3" ] && [ "$3" != 0.0 ]; then
		say result test="$1" metric="$2" mbps="$3"
	else
		say na test="$1" reason="\"$2: no figure (the stream failed)\""
	fi
}
eth0_tx() { awk -F'[: ]+' '$2 == "eth0" { print $11 }' /proc/net/dev; }

echo 1 >/proc/sys/kernel/printk 2>/dev/null
say info kernel="$(uname -r)"
if [ -n "$NB_POLICY" ] && ! sysctl -w vm.writeback_policy="$NB_POLICY" >/dev/null 2>&1; then
	say na test=all reason="\"cannot set vm.writeback_policy=$NB_POLICY\""
	say done
	exit 0
fi
say info policy="$(cat /proc/sys/vm/writeback_policy 2>/dev/null || echo -)"
mkdir -p /mnt/F
disk=$(bench_disk "$NB_DISK")
say info disk="${disk:--}"
mount -t ext2 -o noatime "/dev/$disk" /mnt/F ||
	{ say na test=all reason="\"no ext2 mount of $NB_DISK ($disk)\""; say done; exit 0; }
for n in 1 2; do
	nfs-mount "n$n" "/mnt/N$n" || { say na test=all reason="\"NFS mount n$n failed\""; say done; exit 0; }
done
bytes=$((NB_SIZE_MB * 1048576))

for t in $NB_TESTS; do
	drop
	case $t in
	dd1)
		out=$(timeout -s KILL "$NB_TIMEOUT" wbwrite -n dd1 -s "${NB_SIZE_MB}M" /mnt/F/dd1)
		m=$(echo "$out" | sed -n 's/^WB stream .*mbps=\([0-9.]*\).*/\1/p')
		result dd1 disk "$m"
		rm -f /mnt/F/dd1 ;;
	nfs-write)
		out=$(timeout -s KILL "$NB_TIMEOUT" wbwrite -n nfs-write -s "${NB_SIZE_MB}M" /mnt/N1/w)
		m=$(echo "$out" | sed -n 's/^WB stream .*mbps=\([0-9.]*\).*/\1/p')
		result nfs-write nfs "$m" ;;
	nfs-read)
		[ -f /mnt/N1/w ] || timeout -s KILL "$NB_TIMEOUT" wbwrite -s "${NB_SIZE_MB}M" /mnt/N1/w >/dev/null
		drop
		t0=$(now_cs)
		got=$(timeout -s KILL "$NB_TIMEOUT" cat /mnt/N1/w 2>/dev/null | wc -c)
		t1=$(now_cs)
		[ "$got" = "$bytes" ] || { say na test=nfs-read reason="\"read $got of $bytes bytes\""; continue; }
		result nfs-read nfs "$(rate "$bytes" $((t1 - t0)))" ;;
	net1)
		if [ ! -f /mnt/N1/net1 ]; then
			say na test=net1 reason="\"the host made no n1/net1\""
			continue
		fi
		size=$(stat -c %s /mnt/N1/net1)
		t0=$(now_cs)
		timeout -s KILL "$NB_TIMEOUT" dd if=/mnt/N1/net1 of=/mnt/F/net1 bs=1M conv=fsync 2>/dev/null
		rc=$?
		t1=$(now_cs)
		copied=$(stat -c %s /mnt/F/net1 2>/dev/null || echo 0)
		if [ $rc != 0 ] || [ "$copied" != "$size" ]; then
			say na test=net1 reason="\"copy failed: $copied of $size bytes\""
		else
			result net1 copy "$(rate "$size" $((t1 - t0)))"
		fi
		rm -f /mnt/F/net1 ;;
	mix3-nfs)
		tx0=$(eth0_tx)
		t0=$(now_cs)
		out=$(timeout -s KILL "$NB_TIMEOUT" wbwrite -n mix3-nfs -s "${NB_SIZE_MB}M" \
			-w "$NB_WARMUP" -B /mnt/N1/mix -B /mnt/N2/mix -D "$disk" /mnt/F/mix)
		t1=$(now_cs)
		tx1=$(eth0_tx)
		m=$(echo "$out" | sed -n 's/^WB stream .*mbps=\([0-9.]*\).*/\1/p')
		result mix3-nfs disk "$m"
		result mix3-nfs nfs "$(rate $((tx1 - tx0)) $((t1 - t0)))"
		for n in 1 2; do
			s=$(stat -c %s "/mnt/N$n/mix" 2>/dev/null || echo 0)
			result mix3-nfs "nfs$n" "$(rate "$s" $((t1 - t0)))"
		done
		rm -f /mnt/F/mix /mnt/N1/mix /mnt/N2/mix ;;
	*)
		say na test="$t" reason="\"unknown test\"" ;;
	esac
done
rm -f /mnt/N1/w
umount /mnt/F
umount /mnt/N1
umount /mnt/N2
say done
