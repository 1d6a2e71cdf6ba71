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
static bool run_selftests = true;	/* selftests=0 skips them (CONFIG_SELFTESTS) */

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

static int __init init_setup(char *str)
{
	execute_command = str;
	return 1;
}
__setup("init=", init_setup);

static int __init rdinit_setup(char *str)
{
	ramdisk_execute_command = str;
	return 1;
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
	struct file *file = filp_open("/dev/console", O_RDWR, 0);

	if (IS_ERR(file)) {
		pr_err("Warning: unable to open an initial console.\n");
		return;
	}
	init_dup(file);
	init_dup(file);
	init_dup(file);
	fput(file);
}

static int run_init_process(const char *init_filename)
{
	const char *const *p;

	argv_init[0] = init_filename;
	pr_info("Run %s as init process\n", init_filename);
	pr_debug("  with arguments:\n");
	for (p = argv_init; *p; p++)
		pr_debug("    %s\n", *p);
	pr_debug("  with environment:\n");
	for (p = envp_init; *p; p++)
		pr_debug("    %s\n", *p);
	return kernel_execve(init_filename, argv_init, envp_init);
}

static int try_to_run_init_process(const char *init_filename)
{
	int ret = run_init_process(init_filename);

	if (ret && ret != -ENOENT)
		pr_err("Starting init: %s exists but couldn't execute it (error %d)\n",
		       init_filename, ret);
	return ret;
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

	if (ramdisk_execute_command) {
		ret = run_init_process(ramdisk_execute_command);
		if (!ret)
			return 0;
		pr_err("Failed to execute %s (error %d)\n", ramdisk_execute_command, ret);
	}
	if (execute_command) {
		ret = run_init_process(execute_command);
		if (!ret)
			return 0;
		panic("Requested init %s failed (error %d).", execute_command, ret);
	}
	if (!try_to_run_init_process("/sbin/init") ||
	    !try_to_run_init_process("/etc/init") ||
	    !try_to_run_init_process("/bin/init") ||
	    !try_to_run_init_process("/bin/sh"))
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
