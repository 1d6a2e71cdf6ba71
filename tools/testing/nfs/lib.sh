# SPDX-License-Identifier: GPL-2.0-only
#
# lib.sh - shared pieces of the NFS test scripts in this directory (sourced,
# bash): paths, TAP counters, free ports, the guest-output reader that
# serves NFSHOOK requests, and the host-side checksum check of NFSSUM lines.

NFS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRCTREE=$(cd "$NFS_DIR/../../.." && pwd)
VMRUN=$SRCTREE/tools/testing/ktest/vmrun
NFS_SERVER_TOOL=$NFS_DIR/server

TAP_N=0
TAP_FAILED=0
tap_ok() { TAP_N=$((TAP_N + 1)); echo "ok $TAP_N - $*"; }
tap_fail() { TAP_N=$((TAP_N + 1)); TAP_FAILED=$((TAP_FAILED + 1)); echo "not ok $TAP_N - $*"; }
tap_skip() { TAP_N=$((TAP_N + 1)); echo "ok $TAP_N - $* # SKIP"; }
tap_check() { if [ "$1" = 0 ]; then shift; tap_ok "$@"; else shift; tap_fail "$@"; fi; }
tap_plan() { echo "1..$TAP_N"; }

# A free TCP port of 127.0.0.1 (the kernel picks it; nothing holds it after).
free_port()
{
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# The newest Debian Linux in /boot.
linux_kernel()
{
	local k=${LINUX_KERNEL:-$(ls /boot/vmlinuz-* 2>/dev/null | sort -V | tail -n 1)}
	[ -n "$k" ] && echo "$k"
}

# The guest programs: tools/testing/selftests built (incrementally) into
# tools/testing/out/nfs/st, plus guest-fault.sh; sets ST.  Serialized with
# flock: parallel runs share the directory.
build_selftests()
{
	ST=${NFS_ST_OUT:-$SRCTREE/tools/testing/out/nfs/st}
	mkdir -p "$ST" || return 1
	(
		flock 8
		make -s -C "$SRCTREE/tools/testing/selftests" O="$ST" >"$ST.build.log" 2>&1 &&
			install -m 0755 "$NFS_DIR/guest-fault.sh" "$ST/storage/guest-fault.sh"
	) 8>"$ST.lock" || {
		cat "$ST.build.log" >&2
		return 1
	}
}

# tell_guest PORT: the host's answer to an NFSHOOK (through vmrun --hostfwd)
tell_guest()
{
	local i
	for i in 1 2 3 4 5; do
		if exec 7<>"/dev/tcp/127.0.0.1/$1"; then
			echo done >&7
			exec 7>&-
			return 0
		fi 2>/dev/null
		sleep 1
	done
	return 1
}

# Re-emits the guest's TAP (numbered into our sequence, with PREFIX),
# collects NFSSUM lines in $SUMS, runs HOOK_FN for NFSHOOK lines and
# answers the guest on port $HOOK_PORT.  Reads stdin until it ends.
# guest_reader PREFIX HOOK_FN
SUMS=
VMRUN_RC=
guest_reader()
{
	local prefix=$1 hookfn=$2 line rest hook_t0
	while IFS= read -r line; do
		case $line in
		"ok "[0-9]*)
			rest=${line#ok }
			rest=${rest#* }
			rest=${rest#- }
			case $rest in
			*"# SKIP"*) TAP_N=$((TAP_N + 1)); echo "ok $TAP_N - $prefix${rest}" ;;
			*) tap_ok "$prefix$rest" ;;
			esac ;;
		"not ok "[0-9]*)
			rest=${line#not ok }
			rest=${rest#* }
			tap_fail "$prefix${rest#- }" ;;
		"not ok - "*)
			tap_fail "$prefix${line#not ok - }" ;;
		"ok - "*"# SKIP"*)
			TAP_N=$((TAP_N + 1)); echo "ok $TAP_N - $prefix${line#ok - }" ;;
		"ok - "*)
			tap_ok "$prefix${line#ok - }" ;;
		"Bail out!"*)
			tap_fail "$prefix${line#Bail out! }" ;;
		NFSSUM\ *)
			SUMS="$SUMS${line#NFSSUM }
" ;;
		NFSHOOK\ *)
			echo "# host hook: ${line#NFSHOOK }"
			hook_t0=$SECONDS
			# shellcheck disable=SC2086
			$hookfn ${line#NFSHOOK }
			# the guest waits 60 s for the answer
			[ $((SECONDS - hook_t0)) -lt 20 ] ||
				echo "# host hook took $((SECONDS - hook_t0)) s"
			tell_guest "$HOOK_PORT" || echo "# could not reach the guest on port $HOOK_PORT"
			;;
		"vmrun-status "*) VMRUN_RC=${line#vmrun-status } ;;
		[0-9]*..[0-9]*|"TAP version"*) ;;
		"#"*) echo "$line" ;;
		*) echo "#   $line" ;;
		esac
	done
}

# check_sums ROOT PREFIX: compare each collected NFSSUM with the host's
# copy under ROOT (fstool sum).
check_sums()
{
	local root=$1 prefix=$2 path size sum got
	local fstool=$ST/storage/fstool
	while read -r path size sum; do
		[ -n "$path" ] || continue
		got=$("$fstool" sum "$root/$path" 2>/dev/null)
		if [ "$got" = "$size $sum" ]; then
			tap_ok "${prefix}host copy of $path matches the guest's checksum ($size bytes)"
		else
			tap_fail "${prefix}host copy of $path: '$got', guest said '$size $sum'"
		fi
	done <<<"$SUMS"
}

# vmrun_verdict WHAT: a test point for vmrun's exit status ($VMRUN_RC)
vmrun_verdict()
{
	case $VMRUN_RC in
	0|1) tap_ok "$1: the guest ran to the end" ;;
	3) tap_fail "$1: mounting the NFS export failed" ;;
	124) tap_fail "$1: timeout" ;;
	125) tap_fail "$1: the kernel panicked or did not boot (vmrun 125)" ;;
	*) tap_fail "$1: vmrun exit status ${VMRUN_RC:-unknown}" ;;
	esac
}

# kernel_trouble LOG: print the first Oops/BUG/panic/WARNING line of a console log
kernel_trouble()
{
	grep -a -m1 -E 'Oops|BUG:|kernel BUG|Kernel panic|general protection|WARNING: CPU' "$1"
}
