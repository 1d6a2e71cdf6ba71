# SPDX-License-Identifier: GPL-2.0-only
#
# guest-lib.sh - shell helpers the benchmarks' guest scripts share
# (guest-bench.sh, ../nfs/guest-nfs-bench.sh, ../mm/guest-mm.sh); installed
# next to them and sourced, busybox sh.  No state of its own.
#
#   now_cs        the guest's uptime in centiseconds (from /proc/uptime)
#   array_volume N
#                 the /dev name of logical volume N of the Smart Array
#                 (cciss/c0dN under Tidewater's cciss, the SCSI disk of
#                 LUN N under Linux's hpsa, whose sd names do not follow
#                 the LUNs); nothing when there is no such volume
#   bench_disk D  D as a name under /dev: vol:N through array_volume,
#                 anything else (vda) unchanged
#   sysfs_disk D  D as /sys/block spells it: a '/' of the name becomes
#                 '!' (cciss!c0d1)

now_cs()
{
	read -r up _ </proc/uptime
	s=${up%.*}
	f=${up#*.}00
	f=${f%"${f#??}"}
	echo $((s * 100 + ${f#0}))
}

array_volume()
{
	if [ -e "/dev/cciss/c0d$1" ]; then
		echo "cciss/c0d$1"
	else
		ls /sys/bus/scsi/devices/*:1:0:"$1"/block 2>/dev/null | head -n 1
	fi
}

bench_disk()
{
	case $1 in
	vol:*) array_volume "${1#vol:}" ;;
	*) echo "$1" ;;
	esac
}

sysfs_disk()
{
	echo "$1" | tr / !
}
