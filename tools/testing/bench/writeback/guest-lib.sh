# SPDX-License-Identifier: GPL-2.0-only
#
# guest-lib.sh - shell helpers the benchmarks' guest scripts share
# (guest-bench.sh, ../nfs/guest-nfs-bench.sh); installed next to them and
# sourced, busybox sh.  No state of its own.
#
#   now_cs    the guest's uptime in centiseconds (from /proc/uptime)

now_cs()
{
	read -r up _ </proc/uptime
	s=${up%.*}
	f=${up#*.}00
	f=${f%"${f#??}"}
	echo $((s * 100 + ${f#0}))
}
