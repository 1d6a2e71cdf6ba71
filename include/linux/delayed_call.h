/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A cleanup to run later: get_link() hands one back when the link body it
 * returns needs freeing once the walk is done with it.
 */
#ifndef _LINUX_DELAYED_CALL_H
#define _LINUX_DELAYED_CALL_H

#include <linux/stddef.h>

struct delayed_call {
	void (*fn)(void *arg);
	void *arg;
};

#define DEFINE_DELAYED_CALL(name) struct delayed_call name = { NULL, NULL }

static inline void set_delayed_call(struct delayed_call *call, void (*fn)(void *), void *arg)
{
	call->fn = fn;
	call->arg = arg;
}

static inline void do_delayed_call(struct delayed_call *call)
{
	if (call->fn)
		call->fn(call->arg);
}

static inline void clear_delayed_call(struct delayed_call *call)
{
	call->fn = NULL;
}

#endif /* _LINUX_DELAYED_CALL_H */
