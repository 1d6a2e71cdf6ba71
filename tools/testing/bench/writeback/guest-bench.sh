#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guest-bench.sh - the guest half of the writeback benchmark (busybox sh;
# the host half is ./run).  Mounts the disks the host attached, runs the
# tests one after the other and prints machine-readable lines:
#   WB info KEY=VALUE...            kernel, policy, mounts
#   WB begin test=T                 a test starts
#   WB stream|dev|total|error ...   wbwrite's figures (see wbwrite.c)
#   WB na test=T reason="..."       the kernel lacks what T needs
#   WB end test=T status=N secs=S   a test ended (N: wbwrite's status,
#                                   124/137 when it hit its timeout)
#   WBIO T <csv>                    iostat -o csv samples taken during T
#   WBVM T <csv>                    vmstat -o csv samples taken during T
#   WB warn test=T count=N first="..."  the kernel logged N WARNINGs/BUGs
#                                   during T (they are off the console)
#   WB done
#
# Environment (set by the host on the command line):
#   WB_TESTS       tests to run, in order (see ./run --help)
#   WB_DISKS       ROLE=dev pairs: F (fast), T (throttled fast), S1 S2
#                  (slow), G1 G2 G3 (one shared throttle group); dev is a
#                  name under /dev (vda) or vol:N, logical volume N of the
#                  Smart Array (cciss/c0dN, or the SCSI disk of LUN N that
#                  Linux's hpsa made of it)
#   WB_POLICY      vm.writeback_policy to set first; empty: leave it alone
#   WB_SYSCTLS     more settings for the whole run, "name=value,..." (e.g.
#                  vm.dirty_ratio=40,vm.dirty_background_ratio=10)
#   WB_SIZE_MB     MiB written per dd test (split among its streams)
#   WB_BS          write size (1M)
#   WB_SWEEP_SECS  length of one dirty_ratio sweep run
#   WB_MIX_WARMUP  seconds the slow writers of mix3 run before the fast one
#   WB_TIMEOUT     limit of one dd or mix3 test, in seconds
#   WB_SWEEP_TIMEOUT  limit of one sweep test
#   WB_SCHED       I/O scheduler to select on every disk ("deadline": Linux's
#                  mq-deadline or Tidewater's deadline; empty: the default)
#   WB_SAMPLE      iostat/vmstat sampling interval in seconds

here=$(cd "$(dirname "$0")" && pwd)
# now_cs, bench_disk, sysfs_disk
. "$here/guest-lib.sh"
PATH=$here/bin:$PATH
export PATH

: "${WB_TESTS:=dd1}" "${WB_DISKS:=F=vda}" "${WB_POLICY:=}" "${WB_SIZE_MB:=512}"
: "${WB_BS:=1M}" "${WB_SWEEP_SECS:=45}" "${WB_MIX_WARMUP:=5}" "${WB_TIMEOUT:=600}"
: "${WB_SWEEP_TIMEOUT:=600}" "${WB_SCHED:=deadline}" "${WB_SAMPLE:=1}"

say()
{
	echo "WB $*"
}

# Kernel messages in the middle of our lines would garble them.
echo 1 >/proc/sys/kernel/printk 2>/dev/null

# WARN/BUG reports are kept off the console: count the new ones in dmesg.
warnings_seen=0
kernel_warnings()
{
	log=$(dmesg 2>/dev/null | grep -E 'WARNING: CPU|BUG: |kernel BUG at|Oops: ')
	n=$(printf '%s' "$log" | grep -c .)
	if [ "$n" -gt "$warnings_seen" ]; then
		first=$(printf '%s\n' "$log" | sed -n "$((warnings_seen + 1))p" |
			sed 's/^\[[^]]*\] *//; s/"//g')
		say warn test="$1" count=$((n - warnings_seen)) first=\""$first"\"
	fi
	warnings_seen=$n
}

say info kernel="$(uname -r)" cpus="$(nproc)" \
	memtotal_kb="$(sed -n 's/^MemTotal: *\([0-9]*\).*/\1/p' /proc/meminfo)"

if [ -n "$WB_POLICY" ]; then
	if ! sysctl -w vm.writeback_policy="$WB_POLICY" >/dev/null 2>&1; then
		say na test=all reason="\"cannot set vm.writeback_policy=$WB_POLICY\""
		say done
		exit 0
	fi
fi
for kv in $(echo "${WB_SYSCTLS:-}" | tr ',' ' '); do
	if ! sysctl -w "$kv" >/dev/null 2>&1; then
		say na test=all reason="\"cannot set $kv\""
		say done
		exit 0
	fi
done
say info policy="$(cat /proc/sys/vm/writeback_policy 2>/dev/null || echo -)" \
	dirty_ratio="$(cat /proc/sys/vm/dirty_ratio 2>/dev/null || echo -)" \
	dirty_background_ratio="$(cat /proc/sys/vm/dirty_background_ratio 2>/dev/null || echo -)"

# ROLE -> device, and whether it is mounted
mounted=
for pair in $WB_DISKS; do
	role=${pair%%=*}
	dev=${pair#*=}
	dev=$(bench_disk "$dev")
	eval "DEV_$role=$dev"
	q=/sys/block/$(sysfs_disk "$dev")/queue/scheduler
	if [ "$WB_SCHED" = deadline ] && [ -w "$q" ]; then
		echo mq-deadline >"$q" 2>/dev/null || echo deadline >"$q" 2>/dev/null
	elif [ -n "$WB_SCHED" ] && [ -w "$q" ]; then
		echo "$WB_SCHED" >"$q" 2>/dev/null
	fi
	mkdir -p "/mnt/$role"
	if err=$(mount -t ext2 -o noatime "/dev/$dev" "/mnt/$role" 2>&1); then
		mounted="$mounted $role"
		say info mount="$role" dev="$dev" scheduler="\"$(cat "$q" 2>/dev/null)\""
	else
		say info mount="$role" dev="$dev" failed="\"$(echo $err)\""
	fi
done

# need ROLE...: true if all are mounted, else says why the test is n/a
need()
{
	for r in "$@"; do
		case " $mounted " in
		*" $r "*) ;;
		*) eval "d=\$DEV_$r"
		   say na test="$test" reason="\"no ext2 mount of ${d:-disk $r}\""
		   return 1 ;;
		esac
	done
}


drop_caches()
{
	sync
	echo 3 >/proc/sys/vm/drop_caches 2>/dev/null
}

# sampled DEVS ARGS...: run wbwrite ARGS (at most $limit s) with the
# iostat and vmstat samplers going, then print their samples
sampled()
{
	devs=$1
	shift
	iostat -d -y -o csv "$WB_SAMPLE" $devs >/tmp/wb-io.csv 2>/dev/null &
	iopid=$!
	vmstat -y -o csv "$WB_SAMPLE" >/tmp/wb-vm.csv 2>/dev/null &
	vmpid=$!
	timeout -s KILL "$((limit + 30))" wbwrite -T "$limit" "$@"
	rc=$?
	kill "$iopid" "$vmpid" 2>/dev/null
	wait "$iopid" "$vmpid" 2>/dev/null
	sed "s/^/WBIO $test /" /tmp/wb-io.csv
	sed "s/^/WBVM $test /" /tmp/wb-vm.csv
	rm -f /tmp/wb-io.csv /tmp/wb-vm.csv
	return $rc
}

# ddN[-dir][@40]: N streams to one filesystem, SIZE split among them
dd_test()
{
	role=$1 n=$2 direct=$3
	need "$role" || return 0
	eval "dev=\$DEV_$role"
	files=
	i=0
	while [ $i -lt "$n" ]; do
		files="$files /mnt/$role/$test.$i"
		i=$((i + 1))
	done
	sampled "$dev" -n "$test" -s "$((WB_SIZE_MB / n))M" -b "$WB_BS" \
		$direct -D "$dev" $files
	status=$?
	rm -f $files
}

# mix3[@40]: the fast disk written while both slow disks are saturated
mix_test()
{
	role=$1
	need "$role" S1 S2 || return 0
	eval "dev=\$DEV_$role"
	sampled "$dev $DEV_S1 $DEV_S2" -n "$test" -s "${WB_SIZE_MB}M" \
		-b "$WB_BS" -w "$WB_MIX_WARMUP" -B "/mnt/S1/$test" -B "/mnt/S2/$test" \
		-D "$dev,$DEV_S1,$DEV_S2" "/mnt/$role/$test"
	status=$?
	# the slow disks' dirty pages are dropped, not written out
	rm -f "/mnt/$role/$test" "/mnt/S1/$test" "/mnt/S2/$test"
}

# sweepR: three disks in one throttle group written for SWEEP_SECS with
# vm.dirty_ratio=R
sweep_test()
{
	ratio=$1
	need G1 G2 G3 || return 0
	old=$(cat /proc/sys/vm/dirty_ratio 2>/dev/null)
	if ! echo "$ratio" >/proc/sys/vm/dirty_ratio 2>/dev/null; then
		say na test="$test" reason="\"cannot set vm.dirty_ratio\""
		return 0
	fi
	sampled "$DEV_G1 $DEV_G2 $DEV_G3" -n "$test" -t "$WB_SWEEP_SECS" \
		-b "$WB_BS" -B /mnt/G1/"$test" -B /mnt/G2/"$test" -B /mnt/G3/"$test" \
		-D "$DEV_G1,$DEV_G2,$DEV_G3"
	status=$?
	rm -f /mnt/G1/"$test" /mnt/G2/"$test" /mnt/G3/"$test"
	echo "$old" >/proc/sys/vm/dirty_ratio
}

for test in $WB_TESTS; do
	drop_caches
	say begin test="$test"
	t0=$(now_cs)
	status=0
	limit=$WB_TIMEOUT
	case $test in
	dd[123]|dd[123]-dir|dd[123]@40|dd[123]-dir@40)
		n=${test#dd}
		n=${n%%[-@]*}
		role=F
		case $test in *@40) role=T ;; esac
		direct=
		case $test in *-dir*) direct=-d ;; esac
		dd_test $role "$n" "$direct"
		;;
	mix3|mix3.[0-9]*) mix_test F ;;	# mix3.N: the Nth run of mix3
	mix3@40) mix_test T ;;
	sweep[0-9]*) limit=$WB_SWEEP_TIMEOUT; sweep_test "${test#sweep}" ;;
	*) say na test="$test" reason="\"unknown test\"" ;;
	esac
	t1=$(now_cs)
	kernel_warnings "$test"
	say end test="$test" status=$status secs=$(((t1 - t0) / 100))
done

drop_caches
for r in $mounted; do
	umount "/mnt/$r" || say info umount="$r" failed=1
done
say done
