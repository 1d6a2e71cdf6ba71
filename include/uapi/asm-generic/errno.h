/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Error numbers 35..133 as x86_64 Linux numbers them (the generic table).
 * Numbers 41 and 58 are unused; EWOULDBLOCK and EDEADLOCK are aliases.
 * ABI, like errno-base.h.
 */
#ifndef _UAPI_ASM_GENERIC_ERRNO_H
#define _UAPI_ASM_GENERIC_ERRNO_H

#include "errno-base.h"

#define EDEADLK		35	/* locking would deadlock */
#define ENAMETOOLONG	36	/* path or name component too long */
#define ENOLCK		37	/* no record locks left */
#define ENOSYS		38	/* system call not implemented */
#define ENOTEMPTY	39	/* directory is not empty */
#define ELOOP		40	/* too many levels of symbolic links */
#define EWOULDBLOCK	EAGAIN	/* same number: non-blocking would block */
#define ENOMSG		42	/* no message of the wanted type */
#define EIDRM		43	/* identifier was removed */
#define ECHRNG		44	/* channel number out of range */
#define EL2NSYNC	45	/* level 2 not synchronized */
#define EL3HLT		46	/* level 3 halted */
#define EL3RST		47	/* level 3 reset */
#define ELNRNG		48	/* link number out of range */
#define EUNATCH		49	/* protocol driver not attached */
#define ENOCSI		50	/* no CSI structure available */
#define EL2HLT		51	/* level 2 halted */
#define EBADE		52	/* invalid exchange */
#define EBADR		53	/* invalid request descriptor */
#define EXFULL		54	/* exchange full */
#define ENOANO		55	/* no anode */
#define EBADRQC		56	/* invalid request code */
#define EBADSLT		57	/* invalid slot */
#define EDEADLOCK	EDEADLK	/* older spelling of the same number */
#define EBFONT		59	/* bad font file format */
#define ENOSTR		60	/* not a STREAMS device */
#define ENODATA		61	/* no data available */
#define ETIME		62	/* timer expired */
#define ENOSR		63	/* out of STREAMS resources */
#define ENONET		64	/* machine is not on the network */
#define ENOPKG		65	/* package not installed */
#define EREMOTE		66	/* object is remote */
#define ENOLINK		67	/* link has been severed */
#define EADV		68	/* advertise error */
#define ESRMNT		69	/* srmount error */
#define ECOMM		70	/* communication error on send */
#define EPROTO		71	/* protocol error */
#define EMULTIHOP	72	/* multihop attempted */
#define EDOTDOT		73	/* RFS-specific error */
#define EBADMSG		74	/* not a data message */
#define EOVERFLOW	75	/* value too large for the data type */
#define ENOTUNIQ	76	/* name not unique on the network */
#define EBADFD		77	/* file descriptor in bad state */
#define EREMCHG		78	/* remote address changed */
#define ELIBACC		79	/* cannot access a needed shared library */
#define ELIBBAD		80	/* corrupted shared library */
#define ELIBSCN		81	/* .lib section in a.out corrupted */
#define ELIBMAX		82	/* too many shared libraries */
#define ELIBEXEC	83	/* cannot exec a shared library directly */
#define EILSEQ		84	/* illegal byte sequence */
#define ERESTART	85	/* interrupted call should be restarted */
#define ESTRPIPE	86	/* STREAMS pipe error */
#define EUSERS		87	/* too many users */
#define ENOTSOCK	88	/* socket operation on a non-socket */
#define EDESTADDRREQ	89	/* destination address required */
#define EMSGSIZE	90	/* message too long */
#define EPROTOTYPE	91	/* protocol wrong type for socket */
#define ENOPROTOOPT	92	/* protocol option not available */
#define EPROTONOSUPPORT	93	/* protocol not supported */
#define ESOCKTNOSUPPORT	94	/* socket type not supported */
#define EOPNOTSUPP	95	/* operation not supported on this endpoint */
#define EPFNOSUPPORT	96	/* protocol family not supported */
#define EAFNOSUPPORT	97	/* address family not supported by protocol */
#define EADDRINUSE	98	/* address already in use */
#define EADDRNOTAVAIL	99	/* cannot assign the requested address */
#define ENETDOWN	100	/* network is down */
#define ENETUNREACH	101	/* network is unreachable */
#define ENETRESET	102	/* connection dropped by network reset */
#define ECONNABORTED	103	/* connection aborted locally */
#define ECONNRESET	104	/* connection reset by the peer */
#define ENOBUFS		105	/* no buffer space available */
#define EISCONN		106	/* endpoint is already connected */
#define ENOTCONN	107	/* endpoint is not connected */
#define ESHUTDOWN	108	/* send after endpoint shutdown */
#define ETOOMANYREFS	109	/* too many references */
#define ETIMEDOUT	110	/* connection timed out */
#define ECONNREFUSED	111	/* connection refused */
#define EHOSTDOWN	112	/* host is down */
#define EHOSTUNREACH	113	/* no route to host */
#define EALREADY	114	/* operation already in progress */
#define EINPROGRESS	115	/* operation now in progress */
#define ESTALE		116	/* stale file handle */
#define EUCLEAN		117	/* structure needs cleaning (file system corrupt) */
#define ENOTNAM		118	/* not a XENIX named type file */
#define ENAVAIL		119	/* no XENIX semaphores available */
#define EISNAM		120	/* is a named type file */
#define EREMOTEIO	121	/* remote I/O error */
#define EDQUOT		122	/* disk quota exceeded */
#define ENOMEDIUM	123	/* no medium found */
#define EMEDIUMTYPE	124	/* wrong medium type */
#define ECANCELED	125	/* operation canceled */
#define ENOKEY		126	/* required key not available */
#define EKEYEXPIRED	127	/* key has expired */
#define EKEYREVOKED	128	/* key has been revoked */
#define EKEYREJECTED	129	/* key was rejected by service */
#define EOWNERDEAD	130	/* owner of a robust mutex died */
#define ENOTRECOVERABLE	131	/* robust mutex state not recoverable */
#define ERFKILL		132	/* operation blocked by RF-kill */
#define EHWPOISON	133	/* memory page has a hardware error */

#endif /* _UAPI_ASM_GENERIC_ERRNO_H */
