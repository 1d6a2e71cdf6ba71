# SPDX-License-Identifier: GPL-2.0-only
#
# commit-lib.sh - build and boot one commit of Tidewater, with a per-machine
# cache; sourced by scripts/check-commits and tools/testing/ktest/bisect.
#
# Interface (bash functions, after `. commit-lib.sh`):
#   cl_init REPO             set up the cache and a scratch clone of REPO
#                            (git clone --shared: the user's checkout and
#                            index are never touched); sets CL_CACHE,
#                            CL_SRC (the scratch work tree)
#   cl_build SHA CONFIG      check SHA out in CL_SRC and build CONFIG
#                            (configs/CONFIG_defconfig) out of tree;
#                            sets CL_RESULT (ok, build, n/a), CL_REASON,
#                            CL_BZIMAGE (the cached bzImage when ok)
#   cl_boot SHA CONFIG       boot the cached bzImage to its self tests with
#                            vmrun --boot-only; sets CL_RESULT (ok,
#                            selftests, panic, boot, timeout, harness) and
#                            CL_REASON
#   cl_cached SHA CONFIG     0 when SHA/CONFIG has a final result in the
#                            cache; sets CL_RESULT, CL_REASON
#   cl_record SHA CONFIG     write CL_RESULT/CL_REASON as SHA/CONFIG's result
#   cl_known_broken REPO     print the full hashes listed in REPO's
#                            tools/testing/ktest/broken-commits
#   cl_vm_lock CMD...        run CMD holding the machine's VM lock, so that
#                            the history check and a bisection never run
#                            two guests at once
#
# The cache (CL_CACHE: $TIDEWATER_CACHE, else $XDG_CACHE_HOME/tidewater,
# else ~/.cache/tidewater) lives outside every clone and is keyed by commit
# and configuration, so a commit is built and booted once per machine:
#   commits/SHA/CONFIG.result   result=, reason=, build_s=, boot_s=,
#                               warnings=, date= lines
#   commits/SHA/CONFIG.bzImage  the kernel, when it built
#   commits/SHA/CONFIG.log      the build log's tail or the boot log, when
#                               it failed
#   work/NAME/                  scratch clone and build trees (one per
#                               configuration, reused: builds are incremental
#                               from the previous commit, and a failed
#                               incremental build is retried from clean
#                               before the commit is called broken)
# Locking: one flock per scratch clone (CL_SRC) for its whole use, and the
# VM lock above; the result files are written by rename, so readers never
# see half a file.  Builds run at $CL_NICE (default 10), guests at
# $CL_VM_NICE (default 10): the history check builds at nice 19, but a
# guest starved at nice 19 on a loaded host fails the timing self tests
# (APIC tick, msleep, scheduler fairness) of perfectly good commits, and
# the VM lock already keeps it to one guest at a time.

CL_NICE=${CL_NICE:-10}
CL_VM_NICE=${CL_VM_NICE:-10}
CL_JOBS=${CL_JOBS:-2}
CL_BOOT_TIMEOUT=${CL_BOOT_TIMEOUT:-400}
CL_BUILD_TIMEOUT=${CL_BUILD_TIMEOUT:-1800}
CL_CACHE=${TIDEWATER_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/tidewater}
CL_SELF_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

cl_msg() { echo "${CL_PROG:-commit-lib}: $*" >&2; }

# cl_init REPO [NAME]: the scratch clone work/NAME (default "check"), held
# under an exclusive lock on fd 8 until the caller exits.
cl_init()
{
	local repo=$1 name=${2:-check} gitdir
	gitdir=$(git -C "$repo" rev-parse --path-format=absolute --git-common-dir 2>/dev/null) ||
		{ cl_msg "$repo is not a git repository"; return 1; }
	CL_REPO=$repo
	CL_WORK=$CL_CACHE/work/$name
	CL_SRC=$CL_WORK/src
	mkdir -p "$CL_CACHE/commits" "$CL_WORK" || return 1
	exec 8>"$CL_WORK/lock"
	if ! flock -n 8; then
		cl_msg "waiting for $CL_WORK (another run uses it)"
		flock 8
	fi
	# --shared: the objects stay in the user's repository (alternates), so
	# every commit it has is here at once, without a fetch.
	if [ ! -d "$CL_SRC/.git" ]; then
		rm -rf "$CL_SRC"
		git clone -q --shared --no-checkout "$gitdir" "$CL_SRC" || return 1
	fi
	echo "$gitdir/objects" >"$CL_SRC/.git/objects/info/alternates"
}

cl_dir() { echo "$CL_CACHE/commits/$1"; }

# result files: key=value lines; read into CL_RESULT, CL_REASON
cl_read()	# FILE
{
	CL_RESULT=$(sed -n 's/^result=//p' "$1" 2>/dev/null)
	CL_REASON=$(sed -n 's/^reason=//p' "$1" 2>/dev/null)
	[ -n "$CL_RESULT" ]
}

# A result is final unless the harness itself failed (then retry later).
cl_cached()
{
	local f
	f=$(cl_dir "$1")/$2.result
	cl_read "$f" && [ "$CL_RESULT" != harness ]
}

cl_record()	# SHA CONFIG [extra key=value...]
{
	local d f
	d=$(cl_dir "$1")
	f=$d/$2.result
	mkdir -p "$d"
	shift 2
	{
		echo "result=$CL_RESULT"
		echo "reason=$(printf '%s' "$CL_REASON" | tr '\n' ' ' | cut -c1-300)"
		echo "date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
		printf '%s\n' "$@"
	} >"$f.tmp" && mv "$f.tmp" "$f"
}

# The work-tree lock (fd 8) is closed for every child: a guest's or a
# build's straggler must not hold it after the run that took it.
cl_vm_lock()
{
	mkdir -p "$CL_CACHE"
	flock "$CL_CACHE/vm.lock" "$@" 8>&-
}

cl_known_broken()	# REPO: full hashes of the tree's broken-commits list
{
	local f=$1/tools/testing/ktest/broken-commits
	[ -f "$f" ] || return 0
	sed -n 's/^\([0-9a-f]\{40\}\)[[:space:]].*/\1/p' "$f" | sort -u
}

cl_checkout()	# SHA: exactly that commit's files, nothing else
{
	git -C "$CL_SRC" checkout -q -f --detach "$1" 2>/dev/null &&
		git -C "$CL_SRC" reset -q --hard &&
		git -C "$CL_SRC" clean -q -f -d -x
}

# cl_build SHA CONFIG: sets CL_RESULT ok|build|n/a, CL_REASON, CL_BZIMAGE,
# CL_BUILD_S and CL_WARNINGS.  Reuses a cached bzImage.
cl_build()
{
	local sha=$1 config=$2 d out log t0 rc
	d=$(cl_dir "$sha")
	CL_BZIMAGE=$d/$config.bzImage
	CL_WARNINGS=0 CL_BUILD_S=0
	if [ -s "$CL_BZIMAGE" ]; then
		CL_RESULT=ok CL_REASON=cached
		return 0
	fi
	mkdir -p "$d"
	cl_checkout "$sha" || { CL_RESULT=harness CL_REASON="checkout of $sha failed"; return 1; }
	if [ ! -f "$CL_SRC/configs/${config}_defconfig" ]; then
		CL_RESULT=n/a CL_REASON="no configs/${config}_defconfig at this commit"
		return 1
	fi
	out=$CL_WORK/build-$config
	log=$CL_WORK/build-$config.log
	t0=$(date +%s)
	rc=1
	# incremental first (the build tree holds the previous commit's
	# objects), from clean when that fails
	for attempt in incremental clean; do
		if [ "$attempt" = clean ]; then
			[ -d "$out" ] || break
			rm -rf "$out"
		fi
		mkdir -p "$out"
		# a defconfig run rewrites .config and so rebuilds everything:
		# only when the defconfig file changed
		if ! cmp -s "$CL_SRC/configs/${config}_defconfig" "$out/.cl-defconfig"; then
			(cd "$CL_SRC" && nice -n "$CL_NICE" make -s O="$out" "${config}_defconfig") \
				>"$log" 2>&1 8>&- || { rc=1; continue; }
			cp "$CL_SRC/configs/${config}_defconfig" "$out/.cl-defconfig"
		fi
		(cd "$CL_SRC" && timeout "$CL_BUILD_TIMEOUT" nice -n "$CL_NICE" \
			make -j"$CL_JOBS" O="$out") >"$log" 2>&1 8>&-
		rc=$?
		[ "$rc" != 0 ] || [ ! -s "$out/arch/x86/boot/bzImage" ] || break
		[ "$rc" != 0 ] || rc=1
	done
	CL_BUILD_S=$(( $(date +%s) - t0 ))
	CL_WARNINGS=$(grep -c 'warning:' "$log")
	if [ "$rc" = 0 ]; then
		cp "$out/arch/x86/boot/bzImage" "$CL_BZIMAGE.tmp" && mv "$CL_BZIMAGE.tmp" "$CL_BZIMAGE"
		CL_RESULT=ok CL_REASON=
		return 0
	fi
	tail -n 60 "$log" >"$d/$config.log"
	CL_RESULT=build
	if [ "$rc" = 124 ]; then
		CL_REASON="build timed out after ${CL_BUILD_TIMEOUT}s"
	else
		CL_REASON=$(grep -m 3 -E 'error|Error|No rule|\*\*\*' "$log" | sed "s|$CL_SRC/||g; s|$out/||g" |
			tr '\n' ' ')
		[ -n "$CL_REASON" ] || CL_REASON="make failed (exit $rc)"
	fi
	return 1
}

# cl_boot SHA CONFIG: boots the cached bzImage with the commit's own vmrun
# (the harness it was tested with; the current one for the four commits
# before vmrun existed), 2 vCPUs and 1 GiB, the dl380 machine profile for
# dl380g4.  Expects the commit checked out in CL_SRC unless the tree's
# vmrun is to be used.
cl_boot()
{
	local sha=$1 config=$2 d vmrun kout args rc log irtree t0 err
	d=$(cl_dir "$sha")
	log=$d/$config.boot.log
	vmrun=$CL_SELF_DIR/vmrun
	[ "$(git -C "$CL_SRC" rev-parse HEAD 2>/dev/null)" = "$sha" ] || cl_checkout "$sha"
	[ -x "$CL_SRC/tools/testing/ktest/vmrun" ] && vmrun=$CL_SRC/tools/testing/ktest/vmrun
	args=(--kernel "$d/$config.bzImage" --boot-only --smp 2 --mem 1G
		--timeout "$CL_BOOT_TIMEOUT" --log "$log")
	if [ "$config" = dl380g4 ] && [ -f "$(dirname "$vmrun")/profiles/dl380" ]; then
		args+=(--profile dl380)
	fi
	# the initramfs as that commit builds it, cached per version of its
	# sources
	irtree=$(git -C "$CL_SRC" rev-parse -q --verify "HEAD:tools/testing/initramfs" 2>/dev/null)
	kout=$CL_WORK/ktest-${irtree:-none}
	mkdir -p "$kout"
	t0=$(date +%s)
	KTEST_OUT=$kout cl_vm_lock nice -n "$CL_VM_NICE" "$vmrun" "${args[@]}" \
		>"$CL_WORK/boot.out" 2>"$CL_WORK/boot.err" </dev/null
	rc=$?
	CL_BOOT_S=$(( $(date +%s) - t0 ))
	err=$(grep -v '^vmrun: *$' "$CL_WORK/boot.err" | head -n 4 | tr '\n' ' ')
	case $rc in
	0) CL_RESULT=ok CL_REASON= ;;
	1) CL_RESULT=selftests
	   CL_REASON="self tests failed: $(grep -E '^\[ *[0-9.]+\] *not ok|^ *not ok' "$log" |
		sed 's/^\[[^]]*\] *//' | head -n 3 | tr '\n' ';')" ;;
	124) CL_RESULT=timeout CL_REASON="no power-off within ${CL_BOOT_TIMEOUT}s" ;;
	125) if grep -q 'Kernel panic' "$log" 2>/dev/null; then
		CL_RESULT=panic
		CL_REASON=$(grep -m 1 'Kernel panic' "$log" | sed 's/^\[[^]]*\] *//')
	   elif grep -q 'error:' "$CL_WORK/boot.err"; then
		CL_RESULT=harness CL_REASON="vmrun: $err"
	   else
		CL_RESULT=boot CL_REASON="did not boot or power off: $err"
	   fi ;;
	*) CL_RESULT=harness CL_REASON="vmrun exit $rc: $err" ;;
	esac
	[ "$CL_RESULT" = ok ] && { rm -f "$log"; return 0; }
	return 1
}
