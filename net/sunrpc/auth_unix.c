// SPDX-License-Identifier: GPL-2.0-only
/*
 * AUTH_SYS credentials (RFC 5531 appendix A, "AUTH_UNIX" in older texts).
 *
 * The credential body is the XDR of
 *     struct authsys_parms {
 *         unsigned int stamp;          arbitrary, chosen per client
 *         string machinename<255>;     our host name, utsname()->nodename
 *         unsigned int uid, gid;       the caller's fsuid and fsgid
 *         unsigned int gids<16>;       its supplementary groups
 *     };
 * preceded by the flavour (AUTH_SYS) and the body's length; the verifier
 * is AUTH_NULL with an empty body.  Tasks with more than 16 groups send
 * the first 16 (the server then knows fewer groups than we do).
 *
 * Interface: rpcauth_encode_unix() (net/sunrpc/sunrpc.h).
 * Locking: uts_sem for reading while the host name is copied.
 */
#include <linux/kernel.h>
#include <linux/cred.h>
#include <linux/rwsem.h>
#include <linux/utsname.h>
#include <linux/string.h>
#include "sunrpc.h"

/* RFC 5531: machinename<255>, gids<16>. */
#define AUTH_SYS_MAX_NAME	255
#define AUTH_SYS_MAX_GROUPS	16

void rpcauth_encode_unix(struct xdr_stream *xdr, const struct cred *cred,
			 u32 stamp)
{
	char host[__NEW_UTS_LEN + 1];
	size_t hostlen, body;
	unsigned int ngroups = 0, i;
	const struct group_info *gi = cred->group_info;

	down_read(&uts_sem);
	strscpy(host, utsname()->nodename, sizeof(host));
	up_read(&uts_sem);
	hostlen = min_t(size_t, strlen(host), AUTH_SYS_MAX_NAME);
	if (gi)
		ngroups = min_t(unsigned int, gi->ngroups, AUTH_SYS_MAX_GROUPS);

	/* stamp, name length + name, uid, gid, group count + groups */
	body = 4 + 4 + XDR_PADDED(hostlen) + 4 + 4 + 4 + 4 * ngroups;
	xdr_encode_u32(xdr, RPC_AUTH_UNIX);
	xdr_encode_u32(xdr, body);
	xdr_encode_u32(xdr, stamp);
	xdr_encode_string(xdr, host, hostlen);
	xdr_encode_u32(xdr, cred->fsuid);
	xdr_encode_u32(xdr, cred->fsgid);
	xdr_encode_u32(xdr, ngroups);
	for (i = 0; i < ngroups; i++)
		xdr_encode_u32(xdr, gi->gid[i]);

	/* verifier: AUTH_NULL, no body */
	xdr_encode_u32(xdr, RPC_AUTH_NULL);
	xdr_encode_u32(xdr, 0);
}
