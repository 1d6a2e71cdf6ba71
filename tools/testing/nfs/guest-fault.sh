#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# guest-fault.sh - the guest half of tools/testing/nfs/fault (busybox sh).
# Each step asks the host for a fault through /selftests/nfs/nfs --hook
# (the host acts, then answers) and prints TAP lines ("ok - ..."; the host
# numbers them) plus NFSSUM lines for files the host must compare.
#
# Environment: FAULT_TESTS ("hard hardkill soft proxy"), FAULT_MB (size written
# across the server restart), NFS_HOOK_PORT, NFS_PROXY_PORT (the proxy's
# port on the host), SOFT_TIMEO (deciseconds), SOFT_RETRANS, FAULT_EXPECT_LOG
# (1: a damaged reply must leave a kernel log line; 0 on Linux, which logs
# nothing for one).

NFS=/selftests/nfs/nfs
FSTOOL=/selftests/storage/fstool
: "${FAULT_TESTS:=hard soft proxy}" "${FAULT_MB:=32}" "${SOFT_TIMEO:=10}" "${SOFT_RETRANS:=2}"
failed=0

pass() { echo "ok - $*"; }
fail() { echo "not ok - $*"; failed=1; }
check() { if [ "$1" = 0 ]; then shift; pass "$@"; else shift; fail "$@"; fi; }
hook() { $NFS --hook "$*" || { fail "host hook '$*' not answered"; return 1; }; }
drop() { sync; echo 3 >/proc/sys/vm/drop_caches; }
now() { cut -d' ' -f1 /proc/uptime | cut -d. -f1; }
# io_error CMD...: true if CMD failed with EIO (busybox prints strerror)
io_error() { "$@" >/tmp/err 2>&1 && return 1; grep -q -i -E 'I/O error|Input/output error' /tmp/err; }

echo 1 >/proc/sys/kernel/printk 2>/dev/null

# ------------------------------------------------ hard mount, server restart
hard()
{
	nfs-mount -o hard data /mnt/h || { fail "hard: mount"; return; }
	# a hard mount waits for the server, but SIGKILL must still end it
	timeout -s KILL $((FAULT_MB * 4 + 120)) $FSTOOL write 9 "${FAULT_MB}M" /mnt/h/restart-file >/tmp/w.out 2>&1 &
	w=$!
	sleep 2
	if kill -0 $w 2>/dev/null; then
		echo "# hard: the writer is still writing when the server goes down"
	else
		echo "# hard: the writer finished before the restart (test weaker)"
	fi
	hook restart 3
	wait $w
	rc=$?
	check $rc "hard: the writer survived the server restart (fstool write exit $rc)"
	[ $rc = 0 ] || sed 's/^/# /' /tmp/w.out
	drop
	$FSTOOL verify 9 /mnt/h/restart-file "${FAULT_MB}M" >/tmp/v.out 2>&1
	check $? "hard: after fsync and drop_caches the file is intact"
	set -- $($FSTOOL sum /mnt/h/restart-file 2>/dev/null)
	# left for the host, which compares its copy
	echo "NFSSUM restart-file $1 $2"
	umount /mnt/h
	check $? "hard: umount"
}

# ------------------------------------------------ hard mount, SIGKILL a waiter
# nfs(5): on a hard mount, I/O waits for the server for ever, but a fatal
# signal still ends the waiting process.  Reads (open's GETATTR, READ) and
# stat's GETATTR are the cases where Linux waits killably; writeback waits
# (fsync, close) are uninterruptible on Linux too, so they are not tried.
hardkill()
{
	nfs-mount -o hard data /mnt/k || { fail "hardkill: mount"; return; }
	$FSTOOL write 5 1M /mnt/k/kill-file >/dev/null 2>&1
	check $? "hardkill: a file written"
	drop
	hook down
	for what in cat stat; do
		if [ $what = cat ]; then
			cat /mnt/k/kill-file >/dev/null 2>&1 &
		else
			stat /mnt/k/kill-file >/dev/null 2>&1 &
		fi
		p=$!
		sleep 3
		kill -0 $p 2>/dev/null
		check $? "hardkill: $what waits while the server is down"
		kill -KILL $p 2>/dev/null
		t0=$(now)
		# wait(1) would wait for ever if the kill did not work: poll
		while kill -0 $p 2>/dev/null && [ $(( $(now) - t0 )) -lt 15 ]; do
			sleep 1
		done
		! kill -0 $p 2>/dev/null
		check $? "hardkill: SIGKILL ends the waiting $what ($(( $(now) - t0 )) s)"
		drop
	done
	hook up
	$FSTOOL verify 5 /mnt/k/kill-file 1M >/tmp/v.out 2>&1
	check $? "hardkill: the file reads back once the server is back"
	rm -f /mnt/k/kill-file
	umount /mnt/k
	check $? "hardkill: umount"
}

# ------------------------------------------------ soft mount, server gone
soft()
{
	nfs-mount -o "soft,timeo=$SOFT_TIMEO,retrans=$SOFT_RETRANS" data /mnt/s ||
		{ fail "soft: mount"; return; }
	echo soft >/mnt/s/soft-file
	drop
	hook down
	# timeo is in tenths of a second; (retrans + 1) tries, backing off
	# linearly on TCP: allow 3 times the plain product, plus 15 s
	limit=$(( SOFT_TIMEO * (SOFT_RETRANS + 1) * 3 / 10 + 15 ))
	t0=$(now)
	io_error timeout -s KILL $((limit + 60)) cat /mnt/s/soft-file
	rc=$?
	t=$(( $(now) - t0 ))
	sed 's/^/# /' /tmp/err
	check $rc "soft: a read with the server stopped fails with EIO"
	[ $t -le $limit ]
	check $? "soft: ... within $limit s (took $t s)"
	hook up
	drop
	t0=$(now)
	cat /mnt/s/soft-file >/tmp/out 2>&1 && grep -q soft /tmp/out
	check $? "soft: reads work again once the server is back ($(( $(now) - t0 )) s)"
	rm -f /mnt/s/soft-file
	umount /mnt/s
	check $? "soft: umount"
}

# ------------------------------------------------ damaged replies (proxy)
proxy()
{
	[ -n "${NFS_PROXY_PORT:-}" ] || { echo "ok - proxy: no proxy # SKIP"; return; }
	hook proxy pass
	nfs-mount -p "$NFS_PROXY_PORT" -o soft,timeo=20,retrans=2 data /mnt/p ||
		{ fail "proxy: mount through the proxy"; return; }
	$FSTOOL write 7 1M /mnt/p/proxy-file >/dev/null 2>&1
	check $? "proxy: a file written through the proxy"
	drop
	logged=$(dmesg | grep -c -i -E 'nfs|rpc|xdr')
	hook proxy truncate 6
	io_error timeout -s KILL 120 cat /mnt/p/proxy-file
	check $? "proxy: a READ reply cut after its header gives EIO"
	sed 's/^/# /' /tmp/err
	if [ "${FAULT_EXPECT_LOG:-1}" = 1 ]; then
		[ "$(dmesg | grep -c -i -E 'nfs|rpc|xdr')" -gt "$logged" ]
		check $? "proxy: the kernel logged the bad reply"
	else
		echo "ok - proxy: the kernel logged the bad reply # SKIP Linux logs nothing for it"
	fi
	hook proxy garbage 1 3 4 6
	drop
	t0=$(now)
	timeout -s KILL 120 cat /mnt/p/proxy-file >/dev/null 2>/tmp/err
	rc=$?
	sed 's/^/# /' /tmp/err
	[ $rc != 137 ]
	check $? "proxy: GETATTR/LOOKUP/ACCESS/READ results of 0xff bytes: an answer, no hang (exit $rc, $(( $(now) - t0 )) s)"
	hook proxy short 6
	drop
	t0=$(now)
	timeout -s KILL 150 cat /mnt/p/proxy-file >/dev/null 2>/tmp/err
	rc=$?
	sed 's/^/# /' /tmp/err
	[ $rc != 0 ] && [ $rc != 137 ]
	check $? "proxy: READ replies cut mid-record (soft mount): an error, no hang (exit $rc, $(( $(now) - t0 )) s)"
	hook proxy pass
	drop
	$FSTOOL verify 7 /mnt/p/proxy-file 1M >/tmp/v.out 2>&1
	check $? "proxy: with the proxy relaying again the file reads back intact"
	echo "# kernel messages:"
	dmesg | grep -i -E 'nfs|rpc|xdr' | tail -n 8 | sed 's/^/#   /'
	rm -f /mnt/p/proxy-file
	umount /mnt/p
	check $? "proxy: umount"
}

for t in $FAULT_TESTS; do
	case $t in
	hard|hardkill|soft|proxy) $t ;;
	*) fail "unknown fault test $t" ;;
	esac
done
exit $failed
