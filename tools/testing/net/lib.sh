# SPDX-License-Identifier: GPL-2.0-only
# shellcheck shell=bash
#
# lib.sh - shared helpers of the networking test scripts (user-run,
# pair-run, fuzz-run, check, tools/testing/bench/net/run); sourced, not run.
#
# Provides:
#   NET_DIR SRCTREE VMRUN     paths
#   net_build                 build nettool and frame-inject (make -C
#                             tools/testing/net) into $NET_OUT (default
#                             tools/testing/out/net); sets NETTOOL (host
#                             build), GUEST_TOOLS (dir for vmrun
#                             --selftests), FRAME_INJECT
#   linux_kernel              newest /boot/vmlinuz-* (or $LINUX_KERNEL)
#   kernel_name K             short label: linux-<version> or tidewater
#   pick_port                 a free host TCP/UDP port (random, 20000-44999)
#   port_listening PORT       true when a host TCP socket listens on PORT
#   wait_for_line FILE RE SEC PID
#                             wait until FILE has a line matching RE; gives
#                             up after SEC seconds or when PID has exited
#   tap_ok/tap_fail/tap_skip DESC [DETAIL]; tap_plan; tap_summary
#                             TAP output: points numbered in order, the
#                             plan printed last (tap_plan), failures
#                             counted in TAP_FAILED
# Everything runs as the calling user; ports are bound to 127.0.0.1.

# ${var//pattern/replacement} must not turn '&' in a replacement into the
# matched text (bash 5.2's patsub_replacement): guest scripts are filled in
# that way.
shopt -u patsub_replacement 2>/dev/null

NET_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRCTREE=$(cd "$NET_DIR/../../.." && pwd)
VMRUN=$SRCTREE/tools/testing/ktest/vmrun

net_build()
{
	NET_OUT=${NET_OUT:-$SRCTREE/tools/testing/out/net}
	make -s -C "$NET_DIR" O="$NET_OUT" >&2 || return 1
	NETTOOL=$NET_OUT/host/nettool
	GUEST_TOOLS=$NET_OUT/guest
	FRAME_INJECT=$NET_OUT/host/frame-inject
}

linux_kernel()
{
	if [ -n "${LINUX_KERNEL:-}" ]; then
		echo "$LINUX_KERNEL"
		return 0
	fi
	# shellcheck disable=SC2012
	ls -1 /boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1 | grep .
}

kernel_name()
{
	case ${1##*/} in
	vmlinuz-*) local v=${1##*/vmlinuz-}; echo "linux-${v%-amd64}" ;;
	*) echo tidewater ;;
	esac
}

# The ports of every socket in /proc/net/{tcp,udp}[6], decimal, one a line.
ports_in_use()
{
	local f
	for f in /proc/net/tcp /proc/net/tcp6 /proc/net/udp /proc/net/udp6; do
		[ -r "$f" ] && awk 'NR > 1 { split($2, a, ":"); print a[2] }' "$f"
	done | while read -r hex; do echo $((16#$hex)); done | sort -u
}

pick_port()
{
	local used p tries=0
	used=$(ports_in_use)
	while [ $tries -lt 100 ]; do
		p=$((20000 + RANDOM % 25000))
		grep -qx "$p" <<<"$used" || { echo "$p"; return 0; }
		tries=$((tries + 1))
	done
	return 1
}

port_listening()
{
	local hex
	hex=$(printf '%04X' "$1")
	# state 0A is LISTEN
	awk -v p=":$hex" 'NR > 1 && $4 == "0A" && substr($2, length($2) - 4) == p { f = 1 }
		END { exit !f }' /proc/net/tcp /proc/net/tcp6 2>/dev/null
}

wait_for_line()
{
	local file=$1 re=$2 secs=$3 pid=${4:-} start=$SECONDS
	while [ $((SECONDS - start)) -lt "$secs" ]; do
		grep -qE "$re" "$file" 2>/dev/null && return 0
		[ -z "$pid" ] || kill -0 "$pid" 2>/dev/null || {
			grep -qE "$re" "$file" 2>/dev/null
			return
		}
		sleep 0.2
	done
	return 1
}

TAP_N=0
TAP_FAILED=0
tap_ok()
{
	TAP_N=$((TAP_N + 1))
	echo "ok $TAP_N - $1${2:+ # $2}"
}
tap_fail()
{
	TAP_N=$((TAP_N + 1))
	TAP_FAILED=$((TAP_FAILED + 1))
	echo "not ok $TAP_N - $1"
	[ -z "${2:-}" ] || printf '%s\n' "$2" | sed 's/^/#   /'
}
tap_skip()
{
	TAP_N=$((TAP_N + 1))
	echo "ok $TAP_N - $1 # SKIP ${2:-}"
}
# tap_check COND-STATUS DESC [DETAIL]: ok when the status is 0
tap_check()
{
	if [ "$1" = 0 ]; then tap_ok "$2"; else tap_fail "$2" "${3:-}"; fi
}
tap_plan()
{
	echo "1..$TAP_N"
}
tap_summary()
{
	echo "# $1: $((TAP_N - TAP_FAILED)) passed, $TAP_FAILED failed"
}
