/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A cleanup to run later: get_link() hands one back when the link body it
 * returns needs freeing once the walk is done with it.
 */
#ifndef _LINUX_DELAYED_CALL_H
#define _LINUX_DELAYED_CALL_H

#include <linux/stddef.h>

/* fn(arg) when the holder is done; an empty call has fn == NULL. */
struct delayed_call {
	void (*fn)(void *arg);
	void *arg;
};

#define DEFINE_DELAYED_CALL(name) struct delayed_call name = { .fn = NULL }

/* Arm call; whoever holds it runs it once (or drops it with clear). */
static inline void set_delayed_call(struct delayed_call *call, void (*fn)(void *), void *arg)
{
	*call = (struct delayed_call){ .fn = fn, .arg = arg };
}

/* Disarm call, e.g. when the body it would free has been handed on. */
static inline void clear_delayed_call(struct delayed_call *call)
{
	call->fn = NULL;
}

/* Run the cleanup, if one was armed. */
static inline void do_delayed_call(struct delayed_call *call)
{
	void (*cleanup)(void *) = call->fn;

	if (!cleanup)
		return;
	cleanup(call->arg);
}

#endif /* _LINUX_DELAYED_CALL_H */
