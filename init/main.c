// SPDX-License-Identifier: GPL-2.0-only
/*
 * start_kernel(): the portable boot sequence, and the kernel command line.
 *
 * Order: architecture setup (console, memory map, page tables, per-CPU
 * areas) -> command-line parameters -> the remaining subsystems -> the
 * initcalls -> the in-kernel self tests -> the first user process.
 *
 * Command line (Linux rules): "name=value" and bare "name" words; values
 * may be double-quoted to hold spaces.  Words a __setup()/early_param()
 * handler claims are consumed; other "name=value" words become init's
 * environment, other words its arguments; everything after "--" goes to
 * init untouched.  Words with a '.' (module.param) are not passed on.
 */
#include <linux/kernel.h>
#include <linux/ctype.h>
#include <linux/init.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/panic.h>
#include <linux/selftest.h>
#include <linux/start_kernel.h>
#include <linux/kstrtox.h>
#include <linux/boot_hooks.h>
#include <linux/initrd.h>
#include <linux/init_syscalls.h>
#include <linux/binfmts.h>
#include <linux/fs.h>
#include <linux/file.h>
#include <linux/errno.h>
#include <uapi/linux/fcntl.h>
#include <asm/setup.h>
#include <asm/irqflags.h>

#define MAX_INIT_ARGS 32
#define MAX_INIT_ENVS 32

static char cmdline_copy[COMMAND_LINE_SIZE];
const char *argv_init[MAX_INIT_ARGS + 2] = { "init", NULL };
const char *envp_init[MAX_INIT_ENVS + 2] = { "HOME=/", "TERM=linux", NULL };
static int nr_init_args = 1, nr_init_envs = 2;
char *execute_command;		/* init= */
char *ramdisk_execute_command = CONFIG_DEFAULT_INIT;	/* rdinit= */
static bool test_panic;
static bool run_selftests;	/* selftests=1 runs them (CONFIG_SELFTESTS) */

/* Split off the next word; handles "a=\"b c\"".  Returns NULL at the end. */
static char *next_arg(char **pos, char **val)
{
	char *p = skip_spaces(*pos), *start, *eq = NULL;
	bool in_quote = false;

	if (!*p)
		return NULL;
	start = p;
	for (; *p && (in_quote || !isspace(*p)); p++) {
		if (*p == '"')
			in_quote = !in_quote;
		else if (*p == '=' && !eq)
			eq = p;
	}
	if (*p)
		*p++ = '\0';
	*pos = p;
	*val = NULL;
	if (eq) {
		*eq = '\0';
		*val = eq + 1;
		/* Strip one pair of quotes around the value. */
		if (**val == '"') {
			size_t l = strlen(*val);

			(*val)++;
			if (l >= 2 && (*val)[l - 2] == '"')
				(*val)[l - 2] = '\0';
		}
	}
	return start;
}

/*
 * Offer param[=val] to the __setup table.  A table name ending in '='
 * takes a value; one without matches the bare word (or a prefix, as with
 * Linux's "quiet").  Returns true when a handler claimed it.
 */
static bool do_setup(char *param, char *val, bool early)
{
	const struct obs_kernel_param *p;
	bool claimed = false;

	for (p = __setup_start; p < __setup_end; p++) {
		size_t n = strlen(p->str);

		if (p->early != early)
			continue;
		if (p->str[n - 1] == '=') {
			if (!val || strlen(param) != n - 1 || strncmp(param, p->str, n - 1))
				continue;
			claimed |= p->setup_func(val) != 0;
		} else {
			if (strcmp(param, p->str))
				continue;
			claimed |= p->setup_func(val ? val : (char *)"") != 0;
		}
	}
	return claimed;
}

static bool is_early_param(char *param, char *val)
{
	const struct obs_kernel_param *p;

	for (p = __setup_start; p < __setup_end; p++) {
		size_t n = strlen(p->str);

		if (!p->early)
			continue;
		if (p->str[n - 1] == '=' ? (val && strlen(param) == n - 1 &&
					    !strncmp(param, p->str, n - 1)) : !strcmp(param, p->str))
			return true;
	}
	return false;
}

void __init parse_early_params(void)
{
	static char early_copy[COMMAND_LINE_SIZE] __initdata;
	char *pos = early_copy, *param, *val;

	strscpy(early_copy, boot_command_line, sizeof(early_copy));
	while ((param = next_arg(&pos, &val))) {
		if (!strcmp(param, "--"))
			break;
		do_setup(param, val, true);
	}
}

static void __init parse_args(void)
{
	char *pos = cmdline_copy, *param, *val;
	bool rest_to_init = false;

	strscpy(cmdline_copy, boot_command_line, sizeof(cmdline_copy));
	while ((param = next_arg(&pos, &val))) {
		if (!rest_to_init && !strcmp(param, "--") && !val) {
			rest_to_init = true;
			continue;
		}
		if (!rest_to_init) {
			if (is_early_param(param, val) || do_setup(param, val, false))
				continue;
			if (strchr(param, '.'))
				continue;
		}
		if (val) {
			/* Restore "name=value" for the environment. */
			val[-1] = '=';
			if (nr_init_envs < MAX_INIT_ENVS)
				envp_init[nr_init_envs++] = param;
			else
				pr_warn("Too many boot env vars at '%s'\n", param);
		} else {
			if (nr_init_args < MAX_INIT_ARGS)
				argv_init[nr_init_args++] = param;
			else
				pr_warn("Too many boot init vars at '%s'\n", param);
		}
	}
	argv_init[nr_init_args] = NULL;
	envp_init[nr_init_envs] = NULL;
}

/* init= (a program on the root fs) and rdinit= (one in the initramfs). */
static int __init remember_init_path(char **slot, char *path)
{
	*slot = path;
	return 1;	/* consumed: not passed on to init */
}

static int __init init_setup(char *str)
{
	return remember_init_path(&execute_command, str);
}
__setup("init=", init_setup);

static int __init rdinit_setup(char *str)
{
	return remember_init_path(&ramdisk_execute_command, str);
}
__setup("rdinit=", rdinit_setup);

static int __init selftests_setup(char *str)
{
	if (kstrtobool(str, &run_selftests))
		pr_warn("ignoring bad selftests=%s\n", str);
	return 1;
}
__setup("selftests=", selftests_setup);

static int __init test_panic_setup(char *str)
{
	bool on;

	if (kstrtobool(str, &on)) {
		pr_warn("ignoring bad test_panic=%s\n", str);
		return 1;
	}
	test_panic = on;
	return 1;
}
__setup("test_panic=", test_panic_setup);

void __init do_initcalls(void)
{
	for (initcall_t *fn = __initcall_start; fn < __initcall_end; fn++) {
		int ret = (*fn)();

		if (ret)
			pr_warn("initcall %pS returned %d\n", (void *)*fn, ret);
	}
}

static void __init run_selftests_and_checks(void)
{
	if (IS_ENABLED(CONFIG_SELFTESTS) && run_selftests)
		run_kernel_selftests();
	if (IS_ENABLED(CONFIG_TEST_PANIC) && test_panic)
		panic("test_panic=1 requested a panic");
}

/* fds 0, 1 and 2 of init: /dev/console, if there is one. */
static void __init console_on_rootfs(void)
{
	struct file *console = filp_open("/dev/console", O_RDWR, 0);
	int fd;

	if (IS_ERR(console)) {
		pr_err("init: no /dev/console (error %ld), init starts without fds 0-2\n",
		       PTR_ERR(console));
		return;
	}
	for (fd = 0; fd < 3; fd++)
		init_dup(console);
	fput(console);
}

static void dump_init_strings(const char *what, const char *const *v)
{
	pr_debug("  %s:\n", what);
	while (*v)
		pr_debug("    %s\n", *v++);
}

/* Exec path as PID 1 with the command line's arguments and environment. */
static int exec_init(const char *path)
{
	argv_init[0] = path;
	pr_info("init: starting %s\n", path);
	dump_init_strings("argv", argv_init);
	dump_init_strings("envp", envp_init);
	return kernel_execve(path, argv_init, envp_init);
}

/* Where init is looked for when the command line names none that runs. */
static const char *const default_inits[] = {
	"/sbin/init", "/etc/init", "/bin/init", "/bin/sh",
};

/* 0 once one of default_inits runs; a missing file is not worth a message. */
static int __init exec_default_init(void)
{
	unsigned int i;
	int err;

	for (i = 0; i < ARRAY_SIZE(default_inits); i++) {
		err = exec_init(default_inits[i]);
		if (!err)
			return 0;
		if (err != -ENOENT)
			pr_err("init: %s is there but did not run (error %d)\n",
			       default_inits[i], err);
	}
	return -ENOENT;
}

/*
 * The first kernel thread: brings up the other CPUs, runs the initcalls
 * and the self tests, unpacks the initramfs and becomes PID 1's program.
 * Returning 0 after a successful kernel_execve() enters user mode.
 */
int __init kernel_init(void *unused)
{
	int ret;

	smp_init();
	workqueue_init();
	do_initcalls();
	run_selftests_and_checks();

	populate_rootfs();
	console_on_rootfs();
	if (ramdisk_execute_command && init_eaccess(ramdisk_execute_command)) {
		ramdisk_execute_command = NULL;
		prepare_namespace();
	}

	/* rdinit= (default /init): a failure falls through to init=. */
	if (ramdisk_execute_command) {
		ret = exec_init(ramdisk_execute_command);
		if (!ret)
			return 0;
		pr_err("init: %s did not run (error %d)\n", ramdisk_execute_command, ret);
	}
	/* init= names the only program the user wants: no fallback. */
	if (execute_command) {
		ret = exec_init(execute_command);
		if (ret)
			panic("init=%s did not run (error %d)", execute_command, ret);
		return 0;
	}
	if (!exec_default_init())
		return 0;
	panic("No working init found.  Try passing init= option to kernel.");
}

void __init __noreturn start_kernel(void)
{
	char *command_line;

	setup_arch(&command_line);
	parse_args();
	mm_core_init();
	acpi_table_init();
	init_IRQ();
	sched_init();
	time_init();
	rcu_init();
	local_irq_enable();
	rest_init();
}
