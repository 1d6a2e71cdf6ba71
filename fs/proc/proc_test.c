// SPDX-License-Identifier: GPL-2.0-only
/*
 * Self tests of /proc and /proc/sys: proc is mounted in a sandbox
 * (fs/vfs_selftest.h) and its files are read back and parsed the way
 * user-space tools parse them; a private sysctl table checks the
 * handlers' Linux rules.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/ctype.h>
#include <linux/mm.h>
#include <linux/cpumask.h>
#include <linux/sched.h>
#include <linux/sysctl.h>
#include <linux/utsname.h>
#include <linux/selftest.h>
#include <uapi/linux/fcntl.h>
#include "../vfs_selftest.h"

#define PROC_TEST_BUF	(64 * 1024)

/* The whole file at path (relative to the proc mount) into buf, NUL-terminated. */
static ssize_t read_file(const char *path, char *buf, size_t size)
{
	int fd = t_open(path, O_RDONLY, 0);
	size_t got = 0;
	ssize_t n;

	if (fd < 0)
		return fd;
	while (got < size - 1 && (n = t_read(fd, buf + got, size - 1 - got)) > 0)
		got += n;
	t_close(fd);
	buf[got] = '\0';
	return got;
}

/* The value of "name:" in a meminfo-style text, or -1. */
static long field_value(const char *text, const char *name)
{
	size_t len = strlen(name);
	const char *p;

	for (p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, name, len) && p[len] == ':')
			return simple_strtol(p + len + 1 + strspn(p + len + 1, " "), NULL, 10);
	return -1;
}

static char *test_buf;

/* Run body in a sandbox with proc mounted and test_buf allocated. */
static int with_proc(const char *name, int (*body)(void))
{
	int ret;

	test_buf = kmalloc(PROC_TEST_BUF, GFP_KERNEL);
	if (!test_buf)
		return -ENOMEM;
	ret = vfs_run_sandboxed(name, "proc", NULL, body);
	kfree(test_buf);
	test_buf = NULL;
	return ret;
}

static int meminfo_body(void)
{
	char *text = test_buf;
	int lines = 0;
	const char *p;

	ST_ASSERT(read_file("meminfo", text, PROC_TEST_BUF) > 0, "read");
	for (p = text; *p; p = strchr(p, '\n') + 1) {
		const char *colon = strchr(p, ':'), *nl = strchr(p, '\n');
		char *end;

		ST_ASSERT(nl && colon && colon < nl, "line %d has no \"Name:\"", lines);
		simple_strtoul(colon + 1 + strspn(colon + 1, " "), &end, 10);
		ST_ASSERT(*end == '\n' || !strncmp(end, " kB\n", 4), "line %d: %.30s", lines, p);
		lines++;
	}
	ST_ASSERT(lines >= 40, "only %d lines", lines);
	ST_ASSERT(field_value(text, "MemTotal") == (long)(totalram_pages() << (PAGE_SHIFT - 10)),
		  "MemTotal %ld", field_value(text, "MemTotal"));
	ST_ASSERT(field_value(text, "MemFree") > 0 &&
		  field_value(text, "MemFree") <= field_value(text, "MemTotal"), "MemFree");
	ST_ASSERT(field_value(text, "MemAvailable") >= 0, "MemAvailable");
	return 0;
}

static int proc_meminfo_test(void)
{
	return with_proc("proc-meminfo", meminfo_body);
}
DEFINE_SELFTEST("proc: meminfo is \"Name: N kB\" lines, MemTotal is totalram", proc_meminfo_test);

static int stat_body(void)
{
	char *text = test_buf, name[16];
	unsigned int cpus = 0, cpu;
	const char *p;
	int fields = 0;

	ST_ASSERT(read_file("stat", text, PROC_TEST_BUF) > 0, "read");
	ST_ASSERT(!strncmp(text, "cpu  ", 5), "starts with \"cpu  \"");
	for (p = text + 3; *p != '\n'; fields++) {
		char *end;

		p += strspn(p, " ");
		simple_strtoull(p, &end, 10);
		ST_ASSERT(end > p, "field %d", fields);
		p = end;
	}
	ST_ASSERT(fields == 10, "%d cpu fields", fields);
	for_each_online_cpu(cpu) {
		snprintf(name, sizeof(name), "\ncpu%u ", cpu);
		ST_ASSERT(strstr(text, name), "no line for cpu%u", cpu);
		cpus++;
	}
	snprintf(name, sizeof(name), "\ncpu%u ", cpus);
	ST_ASSERT(!strstr(text, name), "a line for an offline CPU");
	ST_ASSERT(strstr(text, "\nintr ") && strstr(text, "\nctxt ") && strstr(text, "\nbtime ") &&
		  strstr(text, "\nprocesses ") && strstr(text, "\nprocs_running ") &&
		  strstr(text, "\nprocs_blocked ") && strstr(text, "\nsoftirq "),
		  "a summary line is missing");

	ST_ASSERT(read_file("uptime", text, PROC_TEST_BUF) > 0, "uptime");
	p = strchr(text, '.');
	ST_ASSERT(p && isdigit(p[1]) && isdigit(p[2]) && p[3] == ' ', "uptime: %s", text);
	ST_ASSERT(text[strlen(text) - 1] == '\n' && strchr(p + 1, '.'), "uptime: %s", text);

	ST_ASSERT(read_file("loadavg", text, PROC_TEST_BUF) > 0, "loadavg");
	ST_ASSERT(strchr(text, '/') && isdigit(text[0]) && text[1] == '.', "loadavg: %s", text);

	ST_ASSERT(read_file("version", text, PROC_TEST_BUF) > 0, "version");
	ST_ASSERT(!strncmp(text, "Linux version ", 14), "version: %s", text);

	ST_ASSERT(read_file("cpuinfo", text, PROC_TEST_BUF) > 0, "cpuinfo");
	cpus = 0;
	for (p = text; (p = strstr(p, "processor\t: ")); p++)
		cpus++;
	ST_ASSERT(cpus == num_online_cpus(), "%u processor blocks", cpus);
	return 0;
}

static int proc_stat_test(void)
{
	return with_proc("proc-stat", stat_body);
}
DEFINE_SELFTEST("proc: stat, uptime, loadavg, version, cpuinfo formats", proc_stat_test);

static int self_body(void)
{
	char *text = test_buf, path[32];
	const char *close;
	int fields = 0;

	ST_ASSERT(t_readlink("self", path, sizeof(path)) > 0 &&
		  simple_strtol(path, NULL, 10) == current->tgid, "self -> %s", path);
	ST_ASSERT(read_file("self/stat", text, PROC_TEST_BUF) > 0, "self/stat");
	ST_ASSERT(simple_strtol(text, NULL, 10) == current->tgid, "pid field");
	close = strrchr(text, ')');
	ST_ASSERT(close && close[1] == ' ' && close[2] == 'R', "state: %s", text);
	for (const char *p = close + 1; *p; p++)
		if (*p == ' ')
			fields++;
	ST_ASSERT(fields + 2 == 52, "%d fields", fields + 2);
	ST_ASSERT(read_file("self/status", text, PROC_TEST_BUF) > 0, "status");
	ST_ASSERT(strstr(text, "State:\tR (running)\n"), "status State");
	snprintf(path, sizeof(path), "\nPid:\t%d\n", current->pid);
	ST_ASSERT(strstr(text, path), "status Pid");
	ST_ASSERT(read_file("self/statm", text, PROC_TEST_BUF) > 0, "statm");
	ST_ASSERT(read_file("self/comm", text, PROC_TEST_BUF) > 0 &&
		  !strncmp(text, current->comm, strlen(current->comm)), "comm: %s", text);
	snprintf(path, sizeof(path), "%d/status", current->tgid);
	ST_ASSERT(read_file(path, text, PROC_TEST_BUF) > 0, "<pid>/status");
	ST_ASSERT(read_file("999999999/stat", text, PROC_TEST_BUF) == -ENOENT, "no such pid");
	return 0;
}

static int proc_self_test(void)
{
	return with_proc("proc-self", self_body);
}
DEFINE_SELFTEST("proc: self link, <pid>/stat (52 fields), status, statm, comm", proc_self_test);

/* ------------------------------------------------------------ sysctl */

static int st_int = 5, st_min = 1, st_max = 10;
static int st_vec[3] = { 1, 2, 3 };
static unsigned long st_ulong = 7;
static char st_str[8] = "abc";

static struct ctl_table selftest_table[] = {
	{ .procname = "int", .data = &st_int, .maxlen = sizeof(int), .mode = 0644,
	  .proc_handler = proc_dointvec_minmax, .extra1 = &st_min, .extra2 = &st_max },
	{ .procname = "vec", .data = st_vec, .maxlen = sizeof(st_vec), .mode = 0644,
	  .proc_handler = proc_dointvec },
	{ .procname = "ulong", .data = &st_ulong, .maxlen = sizeof(st_ulong), .mode = 0644,
	  .proc_handler = proc_doulongvec_minmax },
	{ .procname = "str", .data = st_str, .maxlen = sizeof(st_str), .mode = 0644,
	  .proc_handler = proc_dostring },
	{ .procname = "ro", .data = &st_int, .maxlen = sizeof(int), .mode = 0444,
	  .proc_handler = proc_dointvec },
	{ }
};

static int sysctl_body(void)
{
	char *text = test_buf;

	ST_ASSERT(read_file("sys/kernel/ostype", text, PROC_TEST_BUF) > 0 &&
		  !strcmp(text, "Linux\n"), "ostype: %s", text);
	ST_ASSERT(read_file("sys/kernel/osrelease", text, PROC_TEST_BUF) > 0 &&
		  !strncmp(text, utsname()->release, strlen(utsname()->release)), "osrelease");
	ST_ASSERT(read_file("sys/kernel/printk", text, PROC_TEST_BUF) > 0 &&
		  strchr(text, '\t'), "printk: %s", text);
	ST_ASSERT(read_file("sys/selftest-sysctl/int", text, PROC_TEST_BUF) > 0 &&
		  !strcmp(text, "5\n"), "int: %s", text);
	ST_ASSERT(read_file("sys/selftest-sysctl/vec", text, PROC_TEST_BUF) > 0 &&
		  !strcmp(text, "1\t2\t3\n"), "vec: %s", text);
	ST_ASSERT(t_write_str("sys/selftest-sysctl/int", "8\n") == 2 && st_int == 8, "write 8");
	ST_ASSERT(t_write_str("sys/selftest-sysctl/int", "11") == -EINVAL && st_int == 8,
		  "11 is above the maximum");
	ST_ASSERT(t_write_str("sys/selftest-sysctl/int", "0x3") == 3 && st_int == 3, "hex");
	ST_ASSERT(t_write_str("sys/selftest-sysctl/int", "x") == -EINVAL, "garbage");
	ST_ASSERT(t_write_str("sys/selftest-sysctl/vec", "-4 5") == 4 && st_vec[0] == -4 &&
		  st_vec[1] == 5 && st_vec[2] == 3, "a partial vector write");
	ST_ASSERT(t_write_str("sys/selftest-sysctl/ulong", "18446744073709551615") == 20 &&
		  st_ulong == ULONG_MAX, "the largest unsigned long");
	ST_ASSERT(t_write_str("sys/selftest-sysctl/ulong", "-1") == -EINVAL, "negative ulong");
	ST_ASSERT(t_write_str("sys/selftest-sysctl/str", "hello world\n") == 12 &&
		  !strcmp(st_str, "hello w"), "string truncated to maxlen - 1: %s", st_str);
	ST_ASSERT(read_file("sys/selftest-sysctl/str", text, PROC_TEST_BUF) > 0 &&
		  !strcmp(text, "hello w\n"), "str: %s", text);
	ST_ASSERT(t_open("sys/selftest-sysctl/ro", O_WRONLY, 0) == -EACCES,
		  "root cannot write a 0444 tunable");
	return 0;
}

static int proc_sysctl_test(void)
{
	struct ctl_table_header *h = register_sysctl("selftest-sysctl", selftest_table);
	int ret;

	ST_ASSERT(h, "register");
	ST_ASSERT(!register_sysctl("selftest-sysctl", selftest_table + 3), "a duplicate name");
	ret = with_proc("proc-sysctl", sysctl_body);
	unregister_sysctl_table(h);
	return ret;
}
DEFINE_SELFTEST("sysctl: table handlers, ranges, strict writes, permissions", proc_sysctl_test);
