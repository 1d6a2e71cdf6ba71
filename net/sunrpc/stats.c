// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/net/rpc/<program>: the RPC client's call counters for one program,
 * in the layout nfsstat(8) parses:
 *
 *   net 0 0 0 0                 (server-side packet counts: none here)
 *   rpc CALLS RETRANS AUTHREFRESH
 *   procV N C0 C1 ... C(N-1)    one line per version that has counters
 *
 * CALLS counts each call once, RETRANS each retransmission after a
 * timeout (not the resends after a reconnect), AUTHREFRESH stays 0 (AUTH_SYS
 * needs no refresh).  The counters live in the program (rpc_stat) and its
 * versions (rpc_version.counts); clnt.c updates them.
 *
 * Interface: rpc_proc_register(), rpc_proc_unregister()
 * (<linux/sunrpc/stats.h>).  Locking: the counters are atomics read
 * without a lock; /proc/net/rpc is made once, under rpc_proc_lock.
 */
#include <linux/kernel.h>
#include <linux/errno.h>
#include <linux/mutex.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/sunrpc/clnt.h>
#include <linux/sunrpc/stats.h>
#include <net/ip.h>

static DEFINE_MUTEX(rpc_proc_lock);
static struct proc_dir_entry *proc_net_rpc;

static int rpc_proc_show(struct seq_file *m, void *v)
{
	const struct rpc_program *prog = m->private;
	const struct rpc_stat *st = prog->stats;

	seq_puts(m, "net 0 0 0 0\n");
	/* The third figure counts credential refreshes: AUTH_SYS needs none. */
	seq_printf(m, "rpc %lu %lu 0\n", atomic_long_read(&st->rpccnt),
		   atomic_long_read(&st->rpcretrans));
	for (unsigned int v = 0; v < prog->nrvers; v++) {
		const struct rpc_version *vers = prog->version[v];

		if (!vers || !vers->counts)
			continue;
		seq_printf(m, "proc%u %u", v, vers->nrprocs);
		for (unsigned int i = 0; i < vers->nrprocs; i++)
			seq_printf(m, " %lu", atomic_long_read(&vers->counts[i]));
		seq_putc(m, '\n');
	}
	return 0;
}

int rpc_proc_register(const struct rpc_program *prog)
{
	int err = 0;

	if (!prog->stats)
		return -EINVAL;
	mutex_lock(&rpc_proc_lock);
	if (!proc_net_rpc && proc_net)
		proc_net_rpc = proc_mkdir("rpc", proc_net);
	if (!proc_net_rpc)
		err = -ENOMEM;
	else if (!proc_create_single_data(prog->name, 0444, proc_net_rpc, rpc_proc_show,
					  (void *)prog))
		err = -ENOMEM;
	mutex_unlock(&rpc_proc_lock);
	return err;
}

void rpc_proc_unregister(const struct rpc_program *prog)
{
	mutex_lock(&rpc_proc_lock);
	if (proc_net_rpc)
		remove_proc_entry(prog->name, proc_net_rpc);
	mutex_unlock(&rpc_proc_lock);
}
