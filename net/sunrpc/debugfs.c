// SPDX-License-Identifier: GPL-2.0-only
/*
 * debugfs files of the RPC client (/sys/kernel/debug/sunrpc/):
 *
 *   clients  one line per client: program, version, transport, server,
 *            connection state and the transport's counters
 *   test     write a command to make calls by hand (tests, debugging);
 *            the write returns the call's status, results go to the log:
 *              null PROTO ADDR PORT PROG VERS [soft TIMEO_MS RETRANS]
 *                  rpc_create() (ping: procedure 0), then one more call
 *              loop PROTO ADDR PORT PROG VERS COUNT PAUSE_MS [TIMEO_MS]
 *                  one hard client, COUNT NULL calls PAUSE_MS apart
 *              getport PROTO ADDR PROG VERS
 *                  rpcb_getport_sync()
 *            PROTO is tcp or udp, ADDR dotted IPv4, PORT 0 asks the
 *            portmapper.
 *
 * Locking: rpc_clients_lock while the client list is walked.
 */
#include <linux/kernel.h>
#include <linux/init.h>
#include <linux/slab.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <asm/uaccess.h>
#include <linux/kstrtox.h>
#include <linux/string.h>
#include <linux/sched.h>
#include <linux/jiffies.h>
#include "sunrpc.h"

static int clients_show(struct seq_file *m, void *v)
{
	struct rpc_clnt *clnt;

	spin_lock(&rpc_clients_lock);
	list_for_each_entry(clnt, &rpc_clients, cl_all) {
		struct rpc_xprt *x = clnt->cl_xprt;

		seq_printf(m, "%s prog %u vers %u %s %s:%u %s%s sends %lu replies %lu unmatched %lu garbage %lu connects %lu active %d\n",
			   clnt->cl_program->name, clnt->cl_prog, clnt->cl_vers,
			   x->proto == IPPROTO_TCP ? "tcp" : "udp", x->name,
			   ntohs(x->addr.sin_port),
			   x->connected ? "connected" : "disconnected",
			   clnt->cl_soft ? " soft" : "",
			   x->stat_sends, x->stat_replies, x->stat_unmatched,
			   x->stat_garbage, x->stat_connects,
			   atomic_read(&clnt->cl_active));
	}
	spin_unlock(&rpc_clients_lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(clients);

/* ---- test commands ---- */

static const struct rpc_procinfo test_null_proc = { .p_proc = 0, .p_name = "NULL" };
static const struct rpc_version test_version = {
	.nrprocs = 1,
	.procs = &test_null_proc,
};
#define TEST_MAX_VERS	8
static const struct rpc_version *test_versions[TEST_MAX_VERS] = {
	[0 ... TEST_MAX_VERS - 1] = &test_version,
};

static int parse_proto(const char *s)
{
	if (!strcmp(s, "tcp"))
		return IPPROTO_TCP;
	if (!strcmp(s, "udp"))
		return IPPROTO_UDP;
	return -EINVAL;
}

static int test_call_null(struct rpc_clnt *clnt)
{
	struct rpc_message msg = { .rpc_proc = &test_null_proc };

	return rpc_call_sync(clnt, &msg, 0);
}

static int test_cmd_null(char **argv, int argc, bool loop)
{
	struct rpc_program prog = {
		.name = "sunrpc-test",
		.nrvers = TEST_MAX_VERS,
		.version = test_versions,
	};
	struct rpc_timeout to = {};
	struct rpc_create_args args = { .program = &prog, .timeout = NULL };
	struct sockaddr_in sin;
	struct rpc_clnt *clnt;
	unsigned int port, vers, count = 1, pause = 0, ms, i, ok = 0;
	int proto, err, last = 1;

	if (argc < 6)
		return -EINVAL;
	proto = parse_proto(argv[1]);
	if (proto < 0 || rpc_pton4(argv[2], &sin) || kstrtouint(argv[3], 0, &port) ||
	    port > 0xffff || kstrtouint(argv[4], 0, &prog.number) ||
	    kstrtouint(argv[5], 0, &vers) || vers >= TEST_MAX_VERS)
		return -EINVAL;
	sin.sin_port = htons(port);
	args.protocol = proto;
	args.address = &sin;
	args.version = vers;
	if (loop) {
		if (argc < 8 || kstrtouint(argv[6], 0, &count) || kstrtouint(argv[7], 0, &pause))
			return -EINVAL;
		if (argc > 8 && !kstrtouint(argv[8], 0, &ms)) {
			to.to_initval = to.to_increment = msecs_to_jiffies(ms);
			to.to_maxval = 4 * to.to_initval;
			to.to_retries = 2;
			args.timeout = &to;
		}
	} else if (argc >= 9 && !strcmp(argv[6], "soft")) {
		if (kstrtouint(argv[7], 0, &ms) || kstrtouint(argv[8], 0, &to.to_retries))
			return -EINVAL;
		to.to_initval = to.to_increment = msecs_to_jiffies(ms);
		to.to_maxval = 8 * to.to_initval;
		args.timeout = &to;
		args.flags = RPC_CLNT_CREATE_SOFT | RPC_CLNT_CREATE_NOPING;
	}
	clnt = rpc_create(&args);
	if (IS_ERR(clnt)) {
		pr_info("sunrpc-test: create %s %s:%u prog %u vers %u: %ld\n",
			argv[1], argv[2], port, prog.number, vers, PTR_ERR(clnt));
		return PTR_ERR(clnt);
	}
	rpc_peeraddr(clnt, &sin);
	pr_info("sunrpc-test: client %s %s:%u prog %u vers %u created\n",
		argv[1], argv[2], ntohs(sin.sin_port), prog.number, vers);
	for (i = 0; i < count; i++) {
		unsigned long t0 = jiffies;

		err = test_call_null(clnt);
		if (err != last || !loop)
			pr_info("sunrpc-test: NULL call %u: %d (%u ms)\n", i, err,
				jiffies_to_msecs(jiffies - t0));
		last = err;
		if (!err)
			ok++;
		if (err == -EINTR)
			break;
		if (pause)
			schedule_timeout_killable(msecs_to_jiffies(pause));
	}
	if (loop)
		pr_info("sunrpc-test: loop done: %u of %u calls answered\n", ok, count);
	rpc_shutdown_client(clnt);
	return last;
}

static int test_cmd_getport(char **argv, int argc)
{
	struct sockaddr_in sin;
	unsigned int prog, vers;
	int proto, err;
	u16 port = 0;

	if (argc < 5)
		return -EINVAL;
	proto = parse_proto(argv[1]);
	if (proto < 0 || rpc_pton4(argv[2], &sin) || kstrtouint(argv[3], 0, &prog) ||
	    kstrtouint(argv[4], 0, &vers))
		return -EINVAL;
	err = rpcb_getport_sync(&sin, prog, vers, proto, &port);
	pr_info("sunrpc-test: GETPORT %s %s prog %u vers %u: %d port %u\n",
		argv[1], argv[2], prog, vers, err, port);
	return err;
}

#define TEST_MAX_ARGS	10

static ssize_t test_write(struct file *file, const char *ubuf, size_t count,
			  loff_t *ppos)
{
	char *buf, *s, *argv[TEST_MAX_ARGS];
	int argc = 0, err;

	if (count > 256)
		return -EINVAL;
	buf = kmalloc(count + 1, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	if (copy_from_user(buf, ubuf, count)) {
		kfree(buf);
		return -EFAULT;
	}
	buf[count] = '\0';
	s = buf;
	while (argc < TEST_MAX_ARGS) {
		char *tok = strsep(&s, " \t\n");

		if (!tok)
			break;
		if (*tok)
			argv[argc++] = tok;
	}
	err = -EINVAL;
	if (argc && !strcmp(argv[0], "null"))
		err = test_cmd_null(argv, argc, false);
	else if (argc && !strcmp(argv[0], "loop"))
		err = test_cmd_null(argv, argc, true);
	else if (argc && !strcmp(argv[0], "getport"))
		err = test_cmd_getport(argv, argc);
	kfree(buf);
	if (err)
		return err;
	*ppos += count;
	return count;
}

static const struct file_operations test_fops = {
	.write = test_write,
};

static int __init sunrpc_debugfs_init(void)
{
	struct dentry *dir = debugfs_create_dir("sunrpc", NULL);

	if (IS_ERR_OR_NULL(dir))
		return 0;
	debugfs_create_file("clients", 0444, dir, NULL, &clients_fops);
	debugfs_create_file("test", 0200, dir, NULL, &test_fops);
	return 0;
}
late_initcall(sunrpc_debugfs_init);
