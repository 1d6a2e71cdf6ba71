#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# report.py OUT - the tables, CSV and plots of a writeback benchmark run
# (./run writes OUT; this reads OUT/configs.txt, OUT/params.txt and every
# OUT/<config>/output.txt, the "WB ..." lines the guests printed).
#
# Prints the seed-style table: one row per test, one column per
# configuration, MB/s (10^6 bytes/s); parallel streams as "a/b (sum)";
# mix3 as "fast / both slow disks"; the ratios the writeback acceptance
# criteria use (Documentation/dev-tools/writeback-bench.md); sweeps as per-device MB/s and coefficient of
# variation.  Writes OUT/results.csv (one figure a line), OUT/timeseries/
# (iostat and vmstat samples per configuration and test, time from the
# test's first sample) and OUT/plots/<test>.png (gnuplot, if installed).
# Cells: n/a (the kernel lacks a feature: the reason is listed under the
# table), ERR (the test failed), DIED (the guest crashed or hung), TIMEOUT.

import csv
import os
import re
import shutil
import statistics
import subprocess
import sys

KV = re.compile(r'(\w+)=("([^"]*)"|\S*)')
ROLE_ORDER = ["F", "T", "S1", "S2", "G1", "G2", "G3"]


def kv(line):
    d = {}
    for m in KV.finditer(line):
        d[m.group(1)] = m.group(3) if m.group(3) is not None else m.group(2)
    return d


class Test:
    def __init__(self, name):
        self.name = name
        self.state = "missing"
        self.reason = ""
        self.streams = {}       # idx -> (mbps, cut)
        self.total = None
        self.devs = {}          # role -> mbps
        self.io = []            # (uptime, role, dev, dict of columns)
        self.vm = []            # dict of columns
        self.secs = None
        self.errors = []
        self.host = {}          # boot, begin, end: the host's clock (request trace)


class Config:
    def __init__(self, name, kernel, policy):
        self.name = name
        self.kernel = kernel
        self.policy = policy
        self.release = ""
        self.policy_seen = ""
        self.tests = {}
        self.fsck = []          # (boot, role, rc)
        self.notes = []

    def test(self, name):
        if name not in self.tests:
            self.tests[name] = Test(name)
        return self.tests[name]


def parse(cfg, path):
    dev2role = {}
    io_hdr = {}
    vm_hdr = {}
    try:
        lines = open(path, errors="replace").read().split("\n")
    except OSError:
        return
    for line in lines:
        if line.startswith("WBIO ") or line.startswith("WBVM "):
            parts = line.split(" ", 2)
            if len(parts) < 3:
                continue
            tag, tname, data = parts
            cols = data.split(",")
            hdr = io_hdr if tag == "WBIO" else vm_hdr
            if cols[0] == "uptime":
                hdr[tname] = cols
                continue
            if tname not in hdr or len(cols) != len(hdr[tname]):
                continue
            row = dict(zip(hdr[tname], cols))
            t = cfg.test(tname)
            if tag == "WBIO":
                t.io.append((float(row["uptime"]), dev2role.get(row["device"], row["device"]),
                             row["device"], row))
            else:
                t.vm.append(row)
            continue
        if not line.startswith("WB "):
            continue
        kind = line.split(" ", 2)[1]
        d = kv(line)
        # A kernel message (an oops, a stall report) printed in the middle
        # of a figure line cuts it: skip it, and say so under the table.
        if kind in ("stream", "dev", "total") and not {"name", "mbps"} <= d.keys():
            cfg.notes.append("a 'WB %s' line cut by a kernel message on the console was skipped" % kind)
            continue
        if kind == "boot":
            dev2role = {}
        elif kind == "info":
            if "kernel" in d:
                cfg.release = d["kernel"]
            if "policy" in d:
                cfg.policy_seen = d["policy"]
            if "mount" in d and "dev" in d:
                dev2role[d["dev"]] = d["mount"]
                if "failed" in d:
                    cfg.notes.append("mount of %s (%s) failed: %s" % (d["dev"], d["mount"], d["failed"]))
            if d.get("watchdog"):
                cfg.notes.append("the host stopped a guest that printed nothing for too long")
        elif kind == "host":
            t = cfg.test(d["test"])
            t.host["boot"] = d.get("boot")
            try:
                t.host[d.get("event")] = float(d.get("t", ""))
            except ValueError:
                pass
        elif kind == "begin":
            t = Test(d["test"])
            t.state = "running"
            cfg.tests[d["test"]] = t
        elif kind == "stream":
            t = cfg.test(d["name"])
            t.streams[int(d["idx"])] = (float(d["mbps"]), d.get("cut") == "1")
        elif kind == "dev":
            t = cfg.test(d["name"])
            t.devs[dev2role.get(d["dev"], d["dev"])] = float(d["mbps"])
        elif kind == "total":
            cfg.test(d["name"]).total = float(d["mbps"])
        elif kind == "error":
            t = cfg.test(d["name"])
            t.errors.append(d.get("msg", ""))
        elif kind == "warn":
            cfg.notes.append("%s: the kernel logged %s warning(s), first: %s"
                             % (d["test"], d.get("count", "?"), d.get("first", "")))
        elif kind == "na":
            if d["test"] == "all":
                cfg.all_na = d.get("reason", "")
                continue
            t = cfg.test(d["test"])
            t.state, t.reason = "na", d.get("reason", "")
        elif kind == "end":
            t = cfg.test(d["test"])
            t.secs = int(d.get("secs", "0"))
            st = int(d.get("status", "0"))
            if t.state == "na":
                continue
            if st in (124, 137):
                t.state, t.reason = "timeout", "; ".join(t.errors) or "killed after its time limit"
            elif t.errors:
                t.state, t.reason = "error", "; ".join(t.errors)
            elif st != 0 or (not t.streams and not t.devs):
                t.state, t.reason = "error", "exit status %d" % st
            else:
                t.state = "ok"
        elif kind == "fail":
            t = cfg.test(d["test"])
            t.state, t.reason = "died", d.get("reason", "")
        elif kind == "fsck":
            cfg.fsck.append((d.get("boot"), d.get("role"), int(d.get("rc", "8")),
                             d.get("vmrun", "0") != "0"))
    for t in cfg.tests.values():
        if t.state == "running":
            t.state, t.reason = "died", "no end line"


def f1(x):
    return "%.1f" % x if x is not None else "-"


def f2(x):
    return "%.2f" % x if x is not None else "-"


def bad_cell(cfg, t):
    if getattr(cfg, "all_na", None) is not None:
        return "n/a"
    if t is None or t.state == "missing":
        return "-"
    return {"na": "n/a", "error": "ERR", "died": "DIED", "timeout": "TIMEOUT"}.get(t.state)


def stream_cell(t):
    vals = [t.streams[i] for i in sorted(t.streams)]
    s = "/".join(f1(m) + ("*" if cut else "") for m, cut in vals)
    if len(vals) > 1:
        s += " (%s)" % f1(t.total if t.total is not None else sum(m for m, _ in vals))
    return s


def stream_mbps(t):
    if t is None or t.state != "ok" or not t.streams:
        return None
    return [t.streams[i][0] for i in sorted(t.streams)]


def sweep_window(t, params):
    """Per-role (time, MB/s) series, and the samples the mean and CV use:
    from SWEEP_WARMUP s after the first sample in which any of the disks
    wrote (writeback starts only once dirty memory passes the background
    threshold, later on a slow guest) to the end of the run."""
    if not t.io:
        return {}, {}, 0
    t0 = min(u for u, _, _, _ in t.io)
    series, window = {}, {}
    warm = float(params.get("sweep_warmup", 0))
    end = float(params.get("sweep_secs", 1e9))
    for u, role, dev, row in t.io:
        try:
            if "wkB/s" in row:
                mb = float(row["wkB/s"]) * 1024 / 1e6
            else:
                mb = float(row.get("wMB/s", "0")) * 1048576 / 1e6
        except ValueError:
            continue
        series.setdefault(role, []).append((u - t0, mb))
    active = [x for pts in series.values() for x, mb in pts if mb > 0]
    start = (min(active) if active else 0) + warm
    for role, pts in series.items():
        window[role] = [mb for x, mb in pts if start <= x <= end]
    return series, window, start


def device_view(t):
    """(role, mean write request KiB, mean queue depth) of the disk the test
    wrote most to, from its iostat samples; None without samples."""
    per = {}
    for _, role, _, row in t.io:
        try:
            wkb, ws, qd = float(row["wkB/s"]), float(row["w/s"]), float(row["aqu-sz"])
        except (KeyError, ValueError):
            continue
        if ws <= 0:
            continue
        a = per.setdefault(role, [0.0, 0.0, 0.0, 0])
        a[0] += wkb
        a[1] += ws
        a[2] += qd
        a[3] += 1
    if not per:
        return None
    role, a = max(per.items(), key=lambda kv: kv[1][0])
    return role, a[0] / a[1], a[2] / a[3]


REQ_LINE = re.compile(r'^\d+@(\d+\.\d+):virtio_blk_handle_write vdev (\S+) .* nsectors (\d+)')
REQ_BUCKETS = [64, 256, 512, 1024]      # KiB: <64k, <256k, <512k, <1M, >=1M
_req_cache = {}


def request_sizes(cdir, t):
    """The write request sizes (KiB) the busiest virtio disk of test t got,
    from QEMU's trace (reqs-BOOT.log) between the test's begin and end as
    the host saw them; None without a trace."""
    boot, b, e = t.host.get("boot"), t.host.get("begin"), t.host.get("end")
    if boot is None or b is None or e is None:
        return None
    path = os.path.join(cdir, "reqs-%s.log" % boot)
    if path not in _req_cache:
        reqs = []
        try:
            for line in open(path, errors="replace"):
                m = REQ_LINE.match(line)
                if m:
                    reqs.append((float(m.group(1)), m.group(2), int(m.group(3)) / 2))
        except OSError:
            reqs = None
        _req_cache[path] = reqs
    reqs = _req_cache[path]
    if not reqs:
        return None
    per = {}
    for when, vdev, kib in reqs:
        if b <= when <= e:
            per.setdefault(vdev, []).append(kib)
    if not per:
        return None
    return max(per.values(), key=sum)


def request_histogram(sizes):
    """Percent of requests in each REQ_BUCKETS class, "a/b/c/d/e"."""
    counts = [0] * (len(REQ_BUCKETS) + 1)
    for kib in sizes:
        i = 0
        while i < len(REQ_BUCKETS) and kib >= REQ_BUCKETS[i]:
            i += 1
        counts[i] += 1
    return "/".join("%.0f" % (100.0 * n / len(sizes)) for n in counts)


def cv(vals):
    if len(vals) < 2:
        return None
    m = statistics.mean(vals)
    return statistics.pstdev(vals) / m if m > 0 else None


def binned(vals, k):
    """Means of consecutive groups of k samples (a last, shorter group is
    dropped): the 1 s samples seen at k s resolution."""
    return [statistics.mean(vals[i:i + k]) for i in range(0, len(vals) - k + 1, k)]


def ordered_roles(roles):
    return sorted(roles, key=lambda r: (ROLE_ORDER.index(r) if r in ROLE_ORDER else 99, r))


def main():
    out = sys.argv[1]
    params = {}
    try:
        for line in open(os.path.join(out, "params.txt")):
            k, _, v = line.strip().partition("=")
            params[k] = v
    except OSError:
        pass
    tests = params.get("tests", "").split()
    configs = []
    for spec in open(os.path.join(out, "configs.txt")).read().split("\n"):
        if not spec.strip():
            continue
        name, kernel, policy = (spec.split(":") + ["", ""])[:3]
        sysctls = (spec.split(":") + ["", "", ""])[3]
        c = Config(name, kernel, policy)
        c.sysctls = sysctls
        parse(c, os.path.join(out, name, "output.txt"))
        configs.append(c)
    linux = next((c for c in configs if c.name == "linux"), None)
    fast_limit = float(params.get("fast_bps", "40000000")) / 1e6
    group_limit = float(params.get("sweep_bps", "25165824")) / 1e6
    unsaturated = set()

    rows = []           # (label, [cell per config])
    csvrows = []        # config, release, policy, test, metric, key, value, unit
    reasons = {}        # footnotes: config -> set of reasons

    def rec(c, test, metric, key, value, unit="MB/s"):
        csvrows.append([c.name, c.release, c.policy or "default", test, metric, key,
                        "" if value is None else ("%.4f" % value if isinstance(value, float) else value),
                        unit])

    def note_reason(c, t):
        if t is not None and t.reason:
            reasons.setdefault(c.name, set()).add("%s: %s" % (t.name, t.reason))
        if getattr(c, "all_na", None):
            reasons.setdefault(c.name, set()).add("all: " + c.all_na)

    for tn in tests:
        if tn.startswith("sweep"):
            cells_mb, cells_cv, cells_cv5 = [], [], []
            for c in configs:
                t = c.tests.get(tn)
                bad = bad_cell(c, t)
                if bad:
                    note_reason(c, t)
                    cells_mb.append(bad)
                    cells_cv.append(bad)
                    cells_cv5.append(bad)
                    rec(c, tn, "status", "", t.state if t else "missing", t.reason if t else "")
                    continue
                _, window, start = sweep_window(t, params)
                roles = ordered_roles(window)
                means = [statistics.mean(window[r]) if window[r] else None for r in roles]
                cvs = [cv(window[r]) for r in roles]
                cv5s = [cv(binned(window[r], 5)) for r in roles]
                aggr = sum(m for m in means if m)
                # the disks must be the bottleneck, or the CV means nothing
                unsat = aggr < 0.8 * group_limit
                cells_mb.append("/".join(f1(m) for m in means) +
                                (" (%s)" % f1(aggr) if means else "") + (" !" if unsat else ""))
                cells_cv.append("/".join(f2(x) for x in cvs) + (" !" if unsat else "")
                                if cvs else "no samples")
                cells_cv5.append("/".join(f2(x) for x in cv5s) + (" !" if unsat else "")
                                 if cv5s else "no samples")
                if unsat:
                    unsaturated.add(c.name)
                rec(c, tn, "window_start_s", "", start, "s")
                rec(c, tn, "window_samples", "", min(len(w) for w in window.values()) if window else 0, "")
                for r, m, x, x5 in zip(roles, means, cvs, cv5s):
                    rec(c, tn, "dev_mean_mbps", r, m)
                    rec(c, tn, "dev_cv", r, x, "")
                    rec(c, tn, "dev_cv_5s", r, x5, "")
                for r in ordered_roles(t.devs):
                    rec(c, tn, "dev_mbps_diskstats", r, t.devs[r])
            rows.append((tn + " MB/s", cells_mb))
            rows.append((tn + " CV", cells_cv))
            rows.append((tn + " CV 5s", cells_cv5))
            continue

        cells = []
        for c in configs:
            t = c.tests.get(tn)
            bad = bad_cell(c, t)
            if bad:
                note_reason(c, t)
                cells.append(bad)
                rec(c, tn, "status", "", t.state if t else "missing", t.reason if t else "")
                continue
            for i in sorted(t.streams):
                rec(c, tn, "stream_mbps", str(i), t.streams[i][0])
            if t.total is not None:
                rec(c, tn, "aggregate_mbps", "", t.total)
            for r in ordered_roles(t.devs):
                rec(c, tn, "dev_mbps", r, t.devs[r])
            if tn.startswith("mix3"):
                fast = t.streams.get(0, (None, False))[0]
                slow = sum(v for r, v in t.devs.items() if r in ("S1", "S2"))
                cells.append("%s / %s" % (f1(fast), f1(slow)))
                rec(c, tn, "fast_mbps", "", fast)
                rec(c, tn, "slow_combined_mbps", "", slow)
            else:
                cells.append(stream_cell(t))
        rows.append((tn, cells))
        # what the disk saw: mean write request size and queue depth
        dev_cells = []
        for c in configs:
            t = c.tests.get(tn)
            v = device_view(t) if t and not bad_cell(c, t) else None
            if v is None:
                dev_cells.append("-")
                continue
            dev_cells.append("%s: %.0fk q%.1f" % v)
            rec(c, tn, "dev_wareq_kib", v[0], v[1], "KiB")
            rec(c, tn, "dev_aqu_sz", v[0], v[2], "")
        if any(x != "-" for x in dev_cells):
            rows.append(("  disk req/qd", dev_cells))
        # the same disk's requests as QEMU received them: the size histogram
        hist_cells = []
        for c in configs:
            t = c.tests.get(tn)
            sizes = request_sizes(os.path.join(out, c.name), t) if t and not bad_cell(c, t) else None
            if not sizes:
                hist_cells.append("-")
                continue
            hist_cells.append(request_histogram(sizes))
            rec(c, tn, "req_count", "", len(sizes), "")
            rec(c, tn, "req_hist_pct", "<64k/<256k/<512k/<1M/>=1M", hist_cells[-1], "%")
        if any(x != "-" for x in hist_cells):
            rows.append(("  req size %", hist_cells))

    # the ratios of the acceptance criteria, within each configuration
    def ratio_row(label, fn, metric):
        cells = []
        any_value = False
        for c in configs:
            v = fn(c)
            cells.append(f2(v) if v is not None else "-")
            if v is not None:
                any_value = True
                rec(c, "derived", metric, "", v, "ratio")
        if any_value:
            rows.append((label, cells))

    def first(c, tn):
        s = stream_mbps(c.tests.get(tn))
        return s[0] if s else None

    def agg(c, tn):
        t = c.tests.get(tn)
        if stream_mbps(t) is None:
            return None
        return t.total if t.total is not None else sum(stream_mbps(t))

    def fast_over_solo(c, m, s):
        return first(c, m) / first(c, s) if first(c, m) and first(c, s) else None

    # mix3 may have been run several times in a row (mix3, mix3.2, ...):
    # one ratio row per run, then the worst of them
    mix_runs = [tn for tn in tests if tn == "mix3" or tn.startswith("mix3.")]
    pairs = [(m, "dd1") for m in mix_runs] + [("mix3@40", "dd1@40")]
    for mix, solo in pairs:
        if mix in tests and solo in tests:
            ratio_row("%s fast / %s" % (mix, solo),
                      lambda c, m=mix, s=solo: fast_over_solo(c, m, s), mix + "_fast_over_solo")
    if len(mix_runs) > 1 and "dd1" in tests:
        def worst(c):
            v = [fast_over_solo(c, m, "dd1") for m in mix_runs]
            v = [x for x in v if x is not None]
            return min(v) if v else None
        ratio_row("mix3 fast / dd1 min of %d" % len(mix_runs), worst, "mix3_fast_over_solo_min")
    if "dd1@40" in tests:
        ratio_row("dd1@40 / %.0f MB/s" % fast_limit,
                  lambda c: first(c, "dd1@40") / fast_limit if first(c, "dd1@40") else None,
                  "dd1@40_over_limit")
    for tn in ("dd2", "dd3", "dd2-dir", "dd3-dir", "dd2@40", "dd3@40"):
        if tn in tests:
            ratio_row("%s slowest/fastest" % tn,
                      lambda c, t=tn: min(stream_mbps(c.tests.get(t))) / max(stream_mbps(c.tests.get(t)))
                      if stream_mbps(c.tests.get(t)) and max(stream_mbps(c.tests.get(t))) > 0 else None,
                      tn + "_slowest_over_fastest")
    if linux:
        for tn in ("dd1", "dd1-dir", "dd2", "dd3"):
            if tn in tests:
                ratio_row("%s / linux" % tn,
                          lambda c, t=tn: agg(c, t) / agg(linux, t)
                          if agg(c, t) and agg(linux, t) else None, tn + "_over_linux")

    cells = []
    for c in configs:
        # a boot that crashed left its file systems mounted: not an error
        bad = [(r, rc) for _, r, rc, crashed in c.fsck if rc != 0 and not crashed]
        unclean = [r for _, r, rc, crashed in c.fsck if rc != 0 and crashed]
        if not c.fsck:
            cells.append("-")
        elif bad:
            cells.append("ERR " + ",".join("%s:%d" % b for b in bad))
        elif unclean:
            cells.append("clean; %s unclean after crash" % ",".join(unclean))
        else:
            cells.append("clean")
        for b, r, rc, crashed in c.fsck:
            rec(c, "fsck", "e2fsck_fn_rc", "%s/boot%s%s" % (r, b, "/crashed" if crashed else ""),
                str(rc), "")
    rows.append(("e2fsck -fn after", cells))

    # the table
    heads = [c.name for c in configs]
    subs = [(c.release or "?") + (" " + c.policy if c.policy else "") for c in configs]
    extra = [c.sysctls.replace("vm.dirty_", "") for c in configs]
    w0 = max([len(r[0]) for r in rows] + [len("test")])
    ws = [max([len(heads[i]), len(subs[i]), len(c.sysctls.replace("vm.dirty_", ""))] +
              [len(r[1][i]) for r in rows]) for i, c in enumerate(configs)]
    line = "%-*s" % (w0, "test") + "".join("  %-*s" % (w, h) for w, h in zip(ws, heads))
    print(line)
    print("%-*s" % (w0, "") + "".join("  %-*s" % (w, h) for w, h in zip(ws, subs)))
    if any(extra):
        print("%-*s" % (w0, "") + "".join("  %-*s" % (w, h) for w, h in zip(ws, extra)))
    print("-" * len(line))
    for label, cs in rows:
        print("%-*s" % (w0, label) + "".join("  %-*s" % (w, x) for w, x in zip(ws, cs)))
    print()
    print("MB/s = 10^6 bytes/s.  a/b (c): per-stream figures (aggregate); * = cut at the")
    print("time limit.  mix3: fast disk / both %s B/s disks together.  sweepN: vm.dirty_ratio=N,"
          % params.get("slow_bps", "?"))
    print("three disks sharing %s B/s; MB/s and CV of each disk's 1 s samples from %s s after"
          % (params.get("sweep_bps", "?"), params.get("sweep_warmup", "?")))
    print("writeback began to the end of the run; CV 5s: the same over 5 s means.")
    if params.get("sweep_merge", "1") == "1":
        print("The sweep disks' requests were merged by QEMU: its throttle group then serves")
        print("them in turns of up to 4 MB, which alone makes 1 s samples of 4, 8 or 12 MB")
        print("whatever the kernel does; 5 s means see the kernel.")
    else:
        print("QEMU's request merging was off on the sweep disks: one guest request, one turn.")
    print("size %s MiB per dd test, quick=%s; disks with QEMU cache=%s." %
          (params.get("size_mb", "?"), params.get("quick", "?"), params.get("disk_cache", "writeback")))
    print("disk req/qd: the disk the test wrote most to: mean write request KiB and mean")
    print("queue depth (iostat wareq-sz, aqu-sz over the samples with writes).")
    print("req size %: that disk's write requests as QEMU received them (its trace event")
    print("virtio_blk_handle_write), percent below 64k / 256k / 512k / 1M / at least 1M.")
    if unsaturated:
        print("! the three disks together wrote less than 80% of the group limit: the writers, not")
        print("  the disks, were the bottleneck (a busy host slows the emulated CPU), so the CV says")
        print("  little (%s)." % ", ".join(sorted(unsaturated)))
    for c in configs:
        for r in sorted(reasons.get(c.name, ())):
            print("  %s: %s" % (c.name, r))
        for n in c.notes:
            print("  %s: %s" % (c.name, n))

    with open(os.path.join(out, "results.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["config", "kernel", "policy", "test", "metric", "key", "value", "unit"])
        w.writerows(csvrows)

    write_timeseries_and_plots(out, configs, tests, params)


def write_timeseries_and_plots(out, configs, tests, params):
    tsdir = os.path.join(out, "timeseries")
    pldir = os.path.join(out, "plots")
    os.makedirs(tsdir, exist_ok=True)
    os.makedirs(pldir, exist_ok=True)
    gp = shutil.which("gnuplot")
    for tn in tests:
        panels = []
        for c in configs:
            t = c.tests.get(tn)
            if t is None or not t.io:
                continue
            series, _, _ = sweep_window(t, params)
            t0 = min(u for u, _, _, _ in t.io)
            with open(os.path.join(tsdir, "%s-%s-iostat.csv" % (c.name, tn)), "w", newline="") as f:
                w = csv.writer(f)
                cols = ["wkB/s", "w/s", "wrqm/s", "w_await", "wareq-sz", "aqu-sz", "%util"]
                w.writerow(["t", "role", "device"] + cols)
                for u, role, dev, row in t.io:
                    w.writerow(["%.2f" % (u - t0), role, dev] + [row.get(k, "") for k in cols])
            dat = []
            for role in ordered_roles(series):
                p = os.path.join(tsdir, "%s-%s-%s.dat" % (c.name, tn, role))
                with open(p, "w") as f:
                    for x, y in series[role]:
                        f.write("%.2f %.3f\n" % (x, y))
                dat.append((role, p))
            vmp = None
            if t.vm:
                v0 = float(t.vm[0]["uptime"])
                cols = ["bo", "us", "sy", "id", "wa"]
                with open(os.path.join(tsdir, "%s-%s-vmstat.csv" % (c.name, tn)), "w",
                          newline="") as f:
                    w = csv.writer(f)
                    w.writerow(["t", "dirty_MB", "writeback_MB"] + cols)
                    pts = []
                    for row in t.vm:
                        try:
                            x = float(row["uptime"]) - v0
                            dirty = int(row["nr_dirty"]) * 4096 / 1e6
                            wb = int(row["nr_writeback"]) * 4096 / 1e6
                        except (ValueError, KeyError):
                            continue
                        pts.append((x, dirty, wb))
                        w.writerow(["%.2f" % x, "%.1f" % dirty, "%.1f" % wb] +
                                   [row.get(k, "") for k in cols])
                if pts:
                    vmp = os.path.join(tsdir, "%s-%s-vmstat.dat" % (c.name, tn))
                    with open(vmp, "w") as f:
                        for x, dirty, wb in pts:
                            f.write("%.2f %.1f %.1f\n" % (x, dirty, wb))
            panels.append((c, dat, vmp))
        if not panels or not gp:
            continue
        script = ["set terminal pngcairo size 1000,%d font ',9'" % (60 + 260 * len(panels)),
                  "set output '%s'" % os.path.join(pldir, tn.replace("@", "-at") + ".png"),
                  "set multiplot layout %d,1 title '%s: per-device write MB/s (left) and dirty / writeback MB (right)'"
                  % (len(panels), tn),
                  "set grid", "set key outside right", "set xlabel 'seconds'",
                  "set ylabel 'MB/s'", "set y2label 'MB'", "set y2tics", "set ytics nomirror"]
        for c, dat, vmp in panels:
            plots = ["'%s' using 1:2 with lines lw 2 title '%s'" % (p, role) for role, p in dat]
            if vmp:
                plots.append("'%s' using 1:2 axes x1y2 with lines dt 2 title 'dirty'" % vmp)
                plots.append("'%s' using 1:3 axes x1y2 with lines dt 3 title 'writeback'" % vmp)
            script.append("set title '%s (%s)' noenhanced" % (c.name, c.release))
            script.append("plot " + ", ".join(plots))
        script.append("unset multiplot")
        gpfile = os.path.join(pldir, tn.replace("@", "-at") + ".gp")
        with open(gpfile, "w") as f:
            f.write("\n".join(script) + "\n")
        subprocess.run([gp, gpfile], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


if __name__ == "__main__":
    main()
