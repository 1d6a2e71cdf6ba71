#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guest-mm.sh - the guest side of `make bench-mm` (busybox sh; run by
# tools/testing/bench/mm/run through vmrun, one boot per memory size).
#
# Usage:
#   guest-mm.sh small DATA-DEV SWAP-DEV FILES FILE-MIB ANON-MIB TESTS...
#	128 MiB guest: mkswap + swapon SWAP-DEV (a blank disk), mount the
#	ext2 image DATA-DEV read-only on /mnt/data (chunk00 ... written on
#	the host), then run the tests among seed002 anon-seq anon-rand
#   guest-mm.sh stream FS-DEV MIB TESTS...
#	512 MiB guest: mount the empty ext2 image FS-DEV (a name under
#	/dev, or vol:N: logical volume N of the Smart Array) on /mnt/fs and
#	write MIB MiB of zeros to it once per test among seed004-default
#	(the kernel's own writeback knobs) and seed004-bdflush (the seed's
#	line "10 0 0 0 500 3000 30 0 0" into /proc/sys/vm/bdflush, or, on a
#	kernel without that file, as Linux 6.1, the four knobs it maps to:
#	dirty_background_ratio 10, dirty_writeback_centisecs 500,
#	dirty_expire_centisecs 3000, dirty_ratio 30).  seed004-tcp-default
#	and seed004-tcp-bdflush are the same with the MIB MiB received on
#	TCP port 5004 of eth0 (10.0.2.15, brought up here) from the host's
#	nettool tcp-send instead of made of zeros, each followed by a note of
#	eth0's and TCP's counters.  A -default test runs with the knobs the
#	kernel booted with, also after a -bdflush one.
# Each test is framed by "@@ begin TEST" and "@@ end TEST rc=N" with the
# mmbench line in between; "@@ note ..." lines record the set-up.  Caches
# are dropped before each test.

bin=/selftests/mmbench
vm=/proc/sys/vm
# bench_disk
. /selftests/guest-lib.sh

settle()
{
	sync
	echo 3 >$vm/drop_caches 2>/dev/null
	sleep 1
}

knobs()
{
	echo "@@ note knobs: background_ratio=$(cat $vm/dirty_background_ratio)" \
		"ratio=$(cat $vm/dirty_ratio)" \
		"writeback_cs=$(cat $vm/dirty_writeback_centisecs)" \
		"expire_cs=$(cat $vm/dirty_expire_centisecs)"
}

run_test()	# NAME COMMAND...
{
	name=$1
	shift
	settle
	echo "@@ begin $name"
	"$@"
	echo "@@ end $name rc=$?"
	grep -E '^(pswpin|pswpout|pgmajfault|nr_written) ' /proc/vmstat | tr '\n' ' ' |
		sed 's/^/@@ note vmstat after: /'
	echo
}

# net_note: what the NIC and TCP counted so far (since boot): frames the
# NIC dropped for want of buffers or with errors, and TCP's segments in,
# out and retransmitted
net_note()
{
	st=/sys/class/net/eth0/statistics
	echo "@@ note eth0 since boot: rx_packets=$(cat $st/rx_packets)" \
		"rx_missed_errors=$(cat $st/rx_missed_errors) rx_errors=$(cat $st/rx_errors)" \
		"rx_dropped=$(cat $st/rx_dropped)" \
		"$(awk '$1 == "Tcp:" && $2 ~ /^[0-9]/ { print "tcp_in_segs=" $11, "tcp_out_segs=" $12, "tcp_retrans_segs=" $13, "tcp_in_errs=" $14 }' /proc/net/snmp)"
}

mode=$1
shift
case $mode in
small)
	data=/dev/$1 swap=/dev/$2 files=$3 file_mib=$4 anon_mib=$5
	shift 5
	if ! mkswap "$swap" >/dev/null || ! swapon "$swap"; then
		echo "@@ note swapon $swap failed"
		exit 1
	fi
	mkdir -p /mnt/data
	mount -t ext2 -o ro "$data" /mnt/data || { echo "@@ note mount $data failed"; exit 1; }
	echo "@@ note $(grep -E '^(MemTotal|MemFree|SwapTotal):' /proc/meminfo | tr -s ' \n' ' ')"
	for t in "$@"; do
		case $t in
		seed002) run_test "$t" "$bin" seed002 /mnt/data --files "$files" --file-mib "$file_mib" ;;
		anon-seq) run_test "$t" "$bin" anon --order seq --mib "$anon_mib" ;;
		anon-rand) run_test "$t" "$bin" anon --order rand --mib "$anon_mib" ;;
		*) echo "@@ note unknown test $t" ;;
		esac
	done
	umount /mnt/data
	swapoff "$swap"
	;;
stream)
	dev=/dev/$(bench_disk "$1") mib=$2
	shift 2
	# the boot's knobs, for the -default tests
	boot_knobs="dirty_background_ratio=$(cat $vm/dirty_background_ratio)
dirty_ratio=$(cat $vm/dirty_ratio)
dirty_writeback_centisecs=$(cat $vm/dirty_writeback_centisecs)
dirty_expire_centisecs=$(cat $vm/dirty_expire_centisecs)"
	case " $* " in
	*" seed004-tcp-"*)
		ip link set lo up 2>/dev/null
		ip link set eth0 up && ip addr add 10.0.2.15/24 dev eth0 ||
			echo "@@ note eth0 did not come up"
		echo "@@ note eth0: $(cat /sys/class/net/eth0/speed 2>/dev/null) Mb/s," \
			"driver $(basename "$(readlink /sys/class/net/eth0/device/driver)" 2>/dev/null)" ;;
	esac
	mkdir -p /mnt/fs
	mount -t ext2 "$dev" /mnt/fs || { echo "@@ note mount $dev failed"; exit 1; }
	echo "@@ note $(grep -E '^(MemTotal|MemFree):' /proc/meminfo | tr -s ' \n' ' ')"
	for t in "$@"; do
		case $t in
		seed004-default|seed004-tcp-default)
			for kv in $boot_knobs; do
				echo "${kv#*=}" >"$vm/${kv%%=*}"
			done ;;
		seed004-bdflush|seed004-tcp-bdflush)
			if [ -w $vm/bdflush ]; then
				echo "10 0 0 0 500 3000 30 0 0" >$vm/bdflush
				echo "@@ note bdflush line written; reads back: $(cat $vm/bdflush)"
			else
				echo 10 >$vm/dirty_background_ratio
				echo 500 >$vm/dirty_writeback_centisecs
				echo 3000 >$vm/dirty_expire_centisecs
				echo 30 >$vm/dirty_ratio
				echo "@@ note no $vm/bdflush: the four knobs set instead"
			fi ;;
		*) echo "@@ note unknown test $t"; continue ;;
		esac
		knobs
		rm -f /mnt/fs/zero
		case $t in
		seed004-tcp-*) from="--listen 5004" ;;
		*) from= ;;
		esac
		# shellcheck disable=SC2086
		run_test "$t" "$bin" stream /mnt/fs/zero --mib "$mib" --policy "${t#seed004-}" $from
		[ -z "$from" ] || net_note
	done
	rm -f /mnt/fs/zero
	umount /mnt/fs
	;;
*)
	echo "usage: guest-mm.sh small|stream ..." >&2
	exit 2
	;;
esac
exit 0
