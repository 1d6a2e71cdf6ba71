// SPDX-License-Identifier: GPL-2.0-only
/*
 * sysctl.c - the writeback tunables, as Linux 6.1 defines them: the
 * vm.dirty_* files under /proc/sys/vm (ranges, the ratio/bytes pairs that
 * exclude each other, the thresholds they give in /proc/vmstat),
 * vm.writeback_policy and 2.4's vm.bdflush line where they exist
 * (Tidewater), and the per-device
 * /sys/class/bdi/MAJ:MIN/ knobs of $FSTEST_DEV and $FSTEST_SCRATCH
 * (min_ratio, max_ratio, read_ahead_kb, strict_limit where it exists).
 *
 * Usage: writeback/sysctl   (root; $FSTEST_DEV, $FSTEST_SCRATCH: disks such
 * as vda, vdb; without them the bdi tests are skipped)
 * Every value changed is restored at the end, and that is checked too.
 * Single-threaded; no locking.
 */
#include "tap.h"
#include "util.h"
#include "storage/fstest.h"
#include "writeback/wbtest.h"

#include <sys/sysmacros.h>

#define VM "/proc/sys/vm/"

static const char *const vm_knobs[] = {
	"dirty_ratio", "dirty_bytes", "dirty_background_ratio",
	"dirty_background_bytes", "dirty_expire_centisecs", "dirty_writeback_centisecs",
};
static long long vm_saved[ARRAY_SIZE(vm_knobs)];

static long long vm_get(const char *name)
{
	char path[128];

	snprintf(path, sizeof(path), VM "%s", name);
	return knob_read(path);
}

static int vm_set(const char *name, long long v)
{
	char path[128], val[32];

	snprintf(path, sizeof(path), VM "%s", name);
	snprintf(val, sizeof(val), "%lld", v);
	return knob_write(path, val);
}

static int vm_set_str(const char *name, const char *s)
{
	char path[128];

	snprintf(path, sizeof(path), VM "%s", name);
	return knob_write(path, s);
}

/* A write that must fail with EINVAL and leave the value as it was. */
static void vm_reject(const char *name, const char *s)
{
	long long before = vm_get(name);
	int err = vm_set_str(name, s);

	ok(err == EINVAL && vm_get(name) == before,
	   "vm.%s = \"%s\" is rejected with EINVAL, value stays %lld", name, s, before);
	if (err != EINVAL)
		diag("  write gave %s, value now %lld", err ? tap_errno_name(err) : "success",
		     vm_get(name));
}

/* Set one value and check what both members of its pair read. */
static void vm_pair(const char *set, long long v, const char *other, long long other_want)
{
	int err = vm_set(set, v);
	long long got = vm_get(set), og = vm_get(other);

	ok(!err && got == v && og == other_want, "vm.%s = %lld reads back, vm.%s reads %lld",
	   set, v, other, other_want);
	if (err || got != v || og != other_want)
		diag("  write: %s; %s = %lld, %s = %lld", err ? tap_errno_name(err) : "ok", set,
		     got, other, og);
}

static void test_defaults(void)
{
	static const long long defaults[] = { 20, 0, 10, 0, 3000, 500 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(vm_knobs); i++) {
		vm_saved[i] = vm_get(vm_knobs[i]);
		ok_eq(vm_saved[i], defaults[i], "vm.%s reads its boot default %lld", vm_knobs[i],
		      defaults[i]);
	}
}

static void test_dirty_pair(void)
{
	vm_pair("dirty_bytes", 64 * MIB, "dirty_ratio", 0);
	/* Linux switches modes only when the written value changes it */
	vm_pair("dirty_ratio", 0, "dirty_bytes", 64 * MIB);
	vm_pair("dirty_ratio", 30, "dirty_bytes", 0);
	vm_pair("dirty_bytes", 8192, "dirty_ratio", 0);
	vm_pair("dirty_bytes", 8192, "dirty_ratio", 0);
	vm_reject("dirty_bytes", "8191");	/* below two pages */
	vm_reject("dirty_bytes", "4096");
	vm_reject("dirty_bytes", "0");
	vm_reject("dirty_bytes", "-1");
	vm_reject("dirty_bytes", "many");
	vm_pair("dirty_ratio", 100, "dirty_bytes", 0);
	vm_reject("dirty_ratio", "101");
	vm_reject("dirty_ratio", "-1");
	vm_reject("dirty_ratio", "twenty");
	vm_pair("dirty_ratio", 20, "dirty_bytes", 0);
}

static void test_background_pair(void)
{
	vm_pair("dirty_background_bytes", 16 * MIB, "dirty_background_ratio", 0);
	vm_pair("dirty_background_bytes", 16 * MIB, "dirty_background_ratio", 0);
	vm_pair("dirty_background_ratio", 10, "dirty_background_bytes", 0);
	vm_reject("dirty_background_bytes", "0");
	vm_reject("dirty_background_bytes", "-4096");
	vm_pair("dirty_background_bytes", 1, "dirty_background_ratio", 0);
	vm_pair("dirty_background_ratio", 100, "dirty_background_bytes", 0);
	vm_reject("dirty_background_ratio", "101");
	vm_reject("dirty_background_ratio", "-1");
	vm_pair("dirty_background_ratio", 10, "dirty_background_bytes", 0);
}

static void test_intervals(void)
{
	ok(!vm_set("dirty_expire_centisecs", 1500) && vm_get("dirty_expire_centisecs") == 1500,
	   "vm.dirty_expire_centisecs = 1500 reads back");
	ok(!vm_set("dirty_expire_centisecs", 0) && vm_get("dirty_expire_centisecs") == 0,
	   "vm.dirty_expire_centisecs = 0 is accepted");
	vm_reject("dirty_expire_centisecs", "-1");
	ok(!vm_set("dirty_writeback_centisecs", 250) && vm_get("dirty_writeback_centisecs") == 250,
	   "vm.dirty_writeback_centisecs = 250 reads back");
	ok(!vm_set("dirty_writeback_centisecs", 0) && vm_get("dirty_writeback_centisecs") == 0,
	   "vm.dirty_writeback_centisecs = 0 (periodic writeback off) is accepted");
	vm_reject("dirty_writeback_centisecs", "soon");
	vm_set("dirty_expire_centisecs", 3000);
	vm_set("dirty_writeback_centisecs", 500);
}

/* Set the four limits (0: leave that one alone) and read both thresholds. */
static void thresholds(long long bytes, long long ratio, long long bg_bytes, long long bg_ratio,
		       long long *thresh, long long *bg)
{
	if (ratio)
		vm_set("dirty_ratio", ratio);
	if (bytes)
		vm_set("dirty_bytes", bytes);
	if (bg_ratio)
		vm_set("dirty_background_ratio", bg_ratio);
	if (bg_bytes)
		vm_set("dirty_background_bytes", bg_bytes);
	*thresh = vmstat("nr_dirty_threshold");
	*bg = vmstat("nr_dirty_background_threshold");
}

static void check_thresh(long long t, long long b, long long want_t, long long want_b,
			 const char *what)
{
	ok(t == want_t && b == want_b,
	   "%s: nr_dirty_threshold %lld, nr_dirty_background_threshold %lld", what, want_t, want_b);
	if (t != want_t || b != want_b)
		diag("  got %lld and %lld", t, b);
}

static void test_thresholds(void)
{
	long long t, b, t20, b10, t40, total = meminfo_kb("MemTotal") / 4;

	ok(vmstat("nr_dirty_threshold") > 0 && vmstat("nr_dirty_background_threshold") > 0,
	   "/proc/vmstat has nr_dirty_threshold and nr_dirty_background_threshold");
	thresholds(64 * MIB + 1, 0, 16 * MIB, 0, &t, &b);
	check_thresh(t, b, 16385, 4096, "dirty_bytes 64 MiB + 1, background 16 MiB: pages rounded up");
	thresholds(12345, 0, 1, 0, &t, &b);
	check_thresh(t, b, 4, 1, "dirty_bytes 12345, background 1 byte");
	thresholds(8 * MIB, 0, 16 * MIB, 0, &t, &b);
	check_thresh(t, b, 2048, 1024, "background 16 MiB >= dirty 8 MiB: background is half");
	thresholds(8 * MIB, 0, 8 * MIB, 0, &t, &b);
	check_thresh(t, b, 2048, 1024, "background 8 MiB = dirty 8 MiB: background is half");
	thresholds(0, 0, 0, 10, &t, &b);
	check_thresh(t, b, 2048, 1024, "dirty_bytes 8 MiB with background ratio 10%: half of it");

	thresholds(0, 20, 0, 10, &t20, &b10);
	thresholds(0, 40, 0, 10, &t40, &b);
	diag("ratio 20: %lld/%lld pages, ratio 40: %lld; MemTotal %lld pages", t20, b10, t40, total);
	ok(t20 > total / 10 && t20 < total / 5 + 1,
	   "dirty_ratio 20: threshold between 10%% and 20%% of MemTotal");
	ok(llabs(t40 - 2 * t20) <= t20 / 50, "dirty_ratio 40 doubles the threshold (within 2%%)");
	ok(llabs(2 * b10 - t20) <= t20 / 50,
	   "background ratio 10 is half of dirty ratio 20 (within 2%%)");
	vm_set("dirty_ratio", 20);
}

static void test_policy(void)
{
	static const char *const policies[] = { "global", "bdi", "bandwidth" };
	const char *path = VM "writeback_policy";
	char saved[64], buf[64];
	unsigned int i, known = 0;

	if (access(path, F_OK)) {
		skip("vm.writeback_policy: not in this kernel (Linux has none)");
		return;
	}
	read_text(path, saved, sizeof(saved));
	saved[strcspn(saved, "\n")] = '\0';
	for (i = 0; i < ARRAY_SIZE(policies); i++)
		known |= !strcmp(saved, policies[i]);
	ok(known, "vm.writeback_policy reads one of global, bdi, bandwidth (\"%s\")", saved);
	for (i = 0; i < ARRAY_SIZE(policies); i++) {
		int err = knob_write(path, policies[i]);

		read_text(path, buf, sizeof(buf));
		buf[strcspn(buf, "\n")] = '\0';
		ok(!err && !strcmp(buf, policies[i]), "vm.writeback_policy = %s reads back",
		   policies[i]);
	}
	knob_write(path, "bdi");
	ok(knob_write(path, "fastest") == EINVAL, "vm.writeback_policy = fastest: EINVAL");
	read_text(path, buf, sizeof(buf));
	ok(!strncmp(buf, "bdi", 3), "a rejected policy leaves the old one in force");
	ok(!knob_write(path, saved), "vm.writeback_policy restored to %s", saved);
}

/*
 * vm.bdflush (Tidewater; Linux 6.1 has none): 2.4's nine fields, of which
 * 1, 5, 6 and 7 set dirty_background_ratio, dirty_writeback_centisecs,
 * dirty_expire_centisecs and dirty_ratio.  Seed 004's line first.
 */
static void test_bdflush(void)
{
	const char *path = VM "bdflush";
	long long v[9];
	char buf[256], *p, *end;
	int n = 0, err;

	if (access(path, F_OK)) {
		skip("vm.bdflush: not in this kernel (Linux 6.1 has none)");
		return;
	}
	vm_set("dirty_bytes", 50 << 20);
	vm_set("dirty_background_bytes", 10 << 20);
	err = knob_write(path, "10 0 0 0 500 3000 30 0 0");
	ok(!err, "echo \"10 0 0 0 500 3000 30 0 0\" > vm.bdflush is accepted");
	ok(vm_get("dirty_background_ratio") == 10 && vm_get("dirty_background_bytes") == 0,
	   "nfract 10 sets dirty_background_ratio 10 (background bytes now 0)");
	ok(vm_get("dirty_ratio") == 30 && vm_get("dirty_bytes") == 0,
	   "nfract_sync 30 sets dirty_ratio 30 (dirty bytes now 0)");
	ok(vm_get("dirty_writeback_centisecs") == 500, "interval 500 sets dirty_writeback_centisecs");
	ok(vm_get("dirty_expire_centisecs") == 3000, "age_buffer 3000 sets dirty_expire_centisecs");

	vm_set("dirty_ratio", 25);
	read_text(path, buf, sizeof(buf));
	for (p = buf; n < 9; p = end) {
		v[n] = strtoll(p, &end, 10);
		if (end == p)
			break;
		n++;
	}
	ok(n == 9 && v[0] == 10 && v[4] == 500 && v[5] == 3000 && v[6] == 25,
	   "reading vm.bdflush gives nine fields mapped from the current knobs");
	if (n != 9 || v[6] != 25)
		diag("  read \"%s\"", buf);

	ok(knob_write(path, "15") == 0 && vm_get("dirty_background_ratio") == 15 &&
	   vm_get("dirty_ratio") == 25, "a shorter line changes only the fields it gives");
	ok(knob_write(path, "10 0 0 0 500 3000 101 0 0") == EINVAL && vm_get("dirty_ratio") == 25,
	   "nfract_sync 101: EINVAL, nothing changes");
	ok(knob_write(path, "-1 0 0 0 500 3000 30 0 0") == EINVAL &&
	   vm_get("dirty_background_ratio") == 15, "a negative field: EINVAL, nothing changes");
	vm_set("dirty_ratio", 20);
	vm_set("dirty_background_ratio", 10);
}

/* ---------------------------------------------------------- bdi */

static char bdi_a[80], bdi_b[80];	/* /sys/class/bdi/MAJ:MIN/ */

static int bdi_dir(const char *env, char *out, size_t len)
{
	const char *dev = getenv(env);
	char path[64];
	struct stat st;

	if (!dev || !*dev)
		return -1;
	snprintf(path, sizeof(path), "/dev/%s", dev);
	if (stat(path, &st) || !S_ISBLK(st.st_mode))
		return -1;
	snprintf(out, len, "/sys/class/bdi/%u:%u/", major(st.st_rdev), minor(st.st_rdev));
	return 0;
}

static int bdi_set(const char *dir, const char *knob, const char *val)
{
	char path[128];

	snprintf(path, sizeof(path), "%s%s", dir, knob);
	return knob_write(path, val);
}

static long long bdi_get(const char *dir, const char *knob)
{
	char path[128];

	snprintf(path, sizeof(path), "%s%s", dir, knob);
	return knob_read(path);
}

static void bdi_expect(const char *dir, const char *knob, const char *val, int want_err)
{
	int err = bdi_set(dir, knob, val);

	if (want_err)
		ok(err == want_err, "%s%s = %s: %s", dir, knob, val, tap_errno_name(want_err));
	else
		ok(!err && bdi_get(dir, knob) == strtoll(val, NULL, 10), "%s%s = %s reads back",
		   dir, knob, val);
	if (err != want_err)
		diag("  write gave %s", err ? tap_errno_name(err) : "success");
}

static void test_bdi(void)
{
	long long ra;

	if (bdi_dir("FSTEST_DEV", bdi_a, sizeof(bdi_a)) ||
	    bdi_dir("FSTEST_SCRATCH", bdi_b, sizeof(bdi_b))) {
		skip("bdi knobs: no $FSTEST_DEV and $FSTEST_SCRATCH disks");
		return;
	}
	ok(bdi_get(bdi_a, "min_ratio") == 0 && bdi_get(bdi_a, "max_ratio") == 100,
	   "%s: min_ratio 0, max_ratio 100 by default", bdi_a);
	ok(bdi_get(bdi_b, "min_ratio") == 0 && bdi_get(bdi_b, "max_ratio") == 100,
	   "%s: min_ratio 0, max_ratio 100 by default", bdi_b);
	bdi_expect(bdi_a, "max_ratio", "101", EINVAL);
	bdi_expect(bdi_a, "min_ratio", "101", EINVAL);
	bdi_expect(bdi_a, "min_ratio", "-1", EINVAL);
	bdi_expect(bdi_a, "min_ratio", "lots", EINVAL);
	bdi_expect(bdi_a, "min_ratio", "50", 0);
	bdi_expect(bdi_a, "max_ratio", "40", EINVAL);	/* below min */
	bdi_expect(bdi_a, "max_ratio", "50", 0);	/* equal is fine */
	bdi_expect(bdi_a, "min_ratio", "60", EINVAL);	/* above max */
	bdi_expect(bdi_a, "max_ratio", "100", 0);
	bdi_expect(bdi_a, "min_ratio", "60", 0);
	bdi_expect(bdi_b, "min_ratio", "40", EINVAL);	/* the sum would be 100 */
	bdi_expect(bdi_b, "min_ratio", "39", 0);
	bdi_expect(bdi_a, "min_ratio", "61", EINVAL);
	bdi_expect(bdi_b, "min_ratio", "0", 0);
	bdi_expect(bdi_a, "min_ratio", "0", 0);
	bdi_expect(bdi_a, "min_ratio", "100", EINVAL);	/* alone, still >= 100 */
	bdi_expect(bdi_a, "min_ratio", "99", 0);
	bdi_expect(bdi_a, "min_ratio", "0", 0);
	bdi_expect(bdi_a, "max_ratio", "0", 0);
	bdi_expect(bdi_a, "max_ratio", "100", 0);

	ra = bdi_get(bdi_a, "read_ahead_kb");
	ok(ra >= 0, "%sread_ahead_kb reads %lld", bdi_a, ra);
	bdi_expect(bdi_a, "read_ahead_kb", "512", 0);
	ok(!bdi_set(bdi_a, "read_ahead_kb", "6") && bdi_get(bdi_a, "read_ahead_kb") == 4,
	   "read_ahead_kb = 6 reads back 4 (whole pages)");
	ok(!bdi_set(bdi_a, "read_ahead_kb", "0") && bdi_get(bdi_a, "read_ahead_kb") == 0,
	   "read_ahead_kb = 0 (read-ahead off) reads back");
	if (ra >= 0) {
		char val[32];

		snprintf(val, sizeof(val), "%lld", ra);
		bdi_set(bdi_a, "read_ahead_kb", val);
	}

	if (bdi_get(bdi_a, "strict_limit") == LLONG_MIN) {
		skip("strict_limit: not in this kernel (Linux 6.2 added it)");
		return;
	}
	ok_eq(bdi_get(bdi_a, "strict_limit"), 0, "%sstrict_limit is 0 by default", bdi_a);
	bdi_expect(bdi_a, "strict_limit", "1", 0);
	bdi_expect(bdi_a, "strict_limit", "2", EINVAL);
	bdi_expect(bdi_a, "strict_limit", "0", 0);
}

static void test_restored(void)
{
	unsigned int i;
	int same = 1;

	/* the pairs: whichever member was in force, the other follows */
	vm_set(vm_saved[1] ? "dirty_bytes" : "dirty_ratio", vm_saved[1] ? vm_saved[1] : vm_saved[0]);
	vm_set(vm_saved[3] ? "dirty_background_bytes" : "dirty_background_ratio",
	       vm_saved[3] ? vm_saved[3] : vm_saved[2]);
	vm_set("dirty_expire_centisecs", vm_saved[4]);
	vm_set("dirty_writeback_centisecs", vm_saved[5]);
	for (i = 0; i < ARRAY_SIZE(vm_knobs); i++) {
		if (vm_get(vm_knobs[i]) != vm_saved[i]) {
			diag("vm.%s: %lld, was %lld", vm_knobs[i], vm_get(vm_knobs[i]), vm_saved[i]);
			same = 0;
		}
	}
	ok(same, "every vm.dirty_* value restored");
}

int main(void)
{
	if (getuid())
		bail_out("must run as root");
	RUN(test_defaults);
	RUN(test_dirty_pair);
	RUN(test_background_pair);
	RUN(test_intervals);
	RUN(test_thresholds);
	RUN(test_policy);
	RUN(test_bdflush);
	RUN(test_bdi);
	RUN(test_restored);
	return tap_finish();
}
