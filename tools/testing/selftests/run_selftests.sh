#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# run_selftests.sh - run the guest selftests installed next to this script
# (busybox sh compatible; this is what runs inside the ktest guest).
#
# Usage: run_selftests.sh [-t SECONDS] [--stress] [TEST...]
#   TEST        names relative to this directory (fs, stress/stress); a
#               folder (net) stands for every executable file in it; default:
#               every executable file here except this script, and net/
#   --stress    also run the slow resource-exhaustion tests in stress/
#   -t SECONDS  per-binary timeout (default 60, or $SELFTEST_TIMEOUT)
#
# Each binary's TAP goes unchanged to our stdout, framed by "# selftests:"
# comment lines; the binaries copy their TAP lines to $TAP_LOG (see tap.h),
# and that copy is what gets counted.  A binary that crashes, bails out,
# exits non-zero without reporting a failure, times out, or reports fewer
# results than its plan adds one failed test (a "not ok - NAME: why" line).
# Each binary runs in its own session; what it leaves behind in its process
# group is killed when it ends.  Ends with
#   # selftests: N passed, M failed (K skipped; T s)
# counting TAP test points (skips count as passed); exit status 1 if M > 0.

dir=$(cd "$(dirname "$0")" && pwd)
limit=${SELFTEST_TIMEOUT:-60}
stress=0

while [ $# -gt 0 ]; do
	case $1 in
	-t) limit=$2; shift 2 ;;
	--stress) stress=1; shift ;;
	-h|--help) sed -n '/^# Usage:/,/^# Each/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "run_selftests.sh: unknown option $1" >&2; exit 2 ;;
	*) break ;;
	esac
done

# Centiseconds since boot (seconds from date(1) if /proc/uptime is missing).
now_cs()
{
	if read -r up _ 2>/dev/null </proc/uptime; then
		case $up in
		*.*) s=${up%.*}; f=${up#*.}00; f=${f%"${f#??}"}
		     echo $((s * 100 + ${f#0})) ;;
		*) echo $((up * 100)) ;;
		esac
	else
		echo $(($(date +%s) * 100))
	fi
}

tests=
if [ $# -gt 0 ]; then
	for t in "$@"; do
		t=${t%/}
		if [ -d "$dir/$t" ]; then
			for f in "$dir/$t"/*; do
				[ -f "$f" ] && [ -x "$f" ] && tests="$tests $f"
			done
		else
			tests="$tests $dir/$t"
		fi
	done
else
	for t in "$dir"/*; do
		[ -f "$t" ] && [ -x "$t" ] && [ "${t##*/}" != run_selftests.sh ] &&
			tests="$tests $t"
	done
	# the socket suites (net/) are part of the default run
	for t in "$dir"/net/*; do
		[ -f "$t" ] && [ -x "$t" ] && tests="$tests $t"
	done
	if [ $stress = 1 ]; then
		for t in "$dir"/stress/*; do
			[ -f "$t" ] && [ -x "$t" ] && tests="$tests $t"
		done
	fi
fi

tmp=$(mktemp -d /tmp/selftests.XXXXXX) || { echo "run_selftests.sh: mktemp failed"; exit 1; }
trap 'rm -rf "$tmp"' EXIT

# Linux logs every unhandled SIGSEGV on the console; those lines would land
# in the middle of TAP lines.  The tests crash children on purpose.
{ echo 0 >/proc/sys/debug/exception-trace; } 2>/dev/null

# setsid(1) if there is one, to give each test its own process group;
# timeout(1) for the per-binary limit.
setsid=
command -v setsid >/dev/null 2>&1 && setsid=setsid
timeout="timeout -s KILL $limit"
command -v timeout >/dev/null 2>&1 ||
	{ timeout=; echo "# selftests: no timeout(1): a hanging test will hang the run"; }

passed=0
failed=0
skipped=0
t_all=$(now_cs)
for t in $tests; do
	name=${t#"$dir"/}
	if [ ! -x "$t" ]; then
		echo "not ok - $name: no such test"
		failed=$((failed + 1))
		continue
	fi
	echo "# selftests: $name"
	: >"$tmp/out"
	t0=$(now_cs)
	# Own session and process group (setsid does not fork here: a
	# background job is no group leader), so that whatever the test
	# leaves behind can be killed with its group; output straight to
	# the console, a copy of the TAP lines in $TAP_LOG for counting.
	TAP_LOG=$tmp/out $setsid $timeout "$t" &
	pid=$!
	wait $pid
	rc=$?
	kill -9 -$pid 2>/dev/null
	t1=$(now_cs)
	secs=$(((t1 - t0) / 100)).$(((t1 - t0) % 100 / 10))

	nok=$(grep -c '^ok ' "$tmp/out")
	nnot=$(grep -c '^not ok ' "$tmp/out")
	nskip=$(grep -c '^ok [0-9]* # SKIP' "$tmp/out")
	plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\).*/\1/p' "$tmp/out" | head -n 1)
	passed=$((passed + nok))
	failed=$((failed + nnot))
	skipped=$((skipped + nskip))

	why=
	if grep -q '^Bail out!' "$tmp/out"; then
		why="bailed out"
	elif [ "$rc" -gt 128 ] && [ $(((t1 - t0) / 100)) -ge "$limit" ]; then
		why="timed out after $limit s"
	elif [ "$rc" -gt 128 ]; then
		why="killed by signal $((rc - 128))"
	elif [ "$rc" != 0 ] && [ "$nnot" = 0 ]; then
		why="exited with status $rc but reported no failure"
	elif [ -z "$plan" ]; then
		why="printed no TAP plan"
	elif [ $((nok + nnot)) -lt "$plan" ]; then
		why="ran $((nok + nnot)) of $plan planned tests"
	fi
	if [ -n "$why" ]; then
		echo "not ok - $name: $why"
		failed=$((failed + 1))
	fi
	echo "# selftests: $name: $nok ok, $nnot not ok, status $rc, $secs s"
done
t_end=$(now_cs)

echo "# selftests: $passed passed, $failed failed ($skipped skipped; $(((t_end - t_all) / 100)) s)"
[ "$failed" = 0 ]
