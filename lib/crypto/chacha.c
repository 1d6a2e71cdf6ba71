// SPDX-License-Identifier: GPL-2.0-only
/*
 * ChaCha20 (RFC 8439): the quarter round, the 20-round permutation and
 * the block function; see <crypto/chacha.h> for the interface.  Written
 * from the RFC's description: words are little-endian, a "double round"
 * is four column quarter rounds followed by four diagonal ones, and the
 * block output is the permuted state plus the input state.
 */
#include <linux/kernel.h>
#include <linux/string.h>
#include <crypto/chacha.h>
#include <crypto/utils.h>

static inline u32 rotl32(u32 v, unsigned int n)
{
	return (v << n) | (v >> (32 - n));
}

static inline u32 load_le32(const u8 *p)
{
	return (u32)p[0] | (u32)p[1] << 8 | (u32)p[2] << 16 | (u32)p[3] << 24;
}

static inline void store_le32(u8 *p, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

#define QR(a, b, c, d) do {				\
	a += b; d ^= a; d = rotl32(d, 16);		\
	c += d; b ^= c; b = rotl32(b, 12);		\
	a += b; d ^= a; d = rotl32(d, 8);		\
	c += d; b ^= c; b = rotl32(b, 7);		\
} while (0)

void chacha_quarter_round(u32 *a, u32 *b, u32 *c, u32 *d)
{
	u32 w = *a, x = *b, y = *c, z = *d;

	QR(w, x, y, z);
	*a = w;
	*b = x;
	*c = y;
	*d = z;
}

void chacha_permute(u32 x[CHACHA_STATE_WORDS])
{
	for (int i = 0; i < 10; i++) {
		/* columns */
		QR(x[0], x[4], x[8], x[12]);
		QR(x[1], x[5], x[9], x[13]);
		QR(x[2], x[6], x[10], x[14]);
		QR(x[3], x[7], x[11], x[15]);
		/* diagonals */
		QR(x[0], x[5], x[10], x[15]);
		QR(x[1], x[6], x[11], x[12]);
		QR(x[2], x[7], x[8], x[13]);
		QR(x[3], x[4], x[9], x[14]);
	}
}

void chacha_init(u32 state[CHACHA_STATE_WORDS], const u8 key[CHACHA_KEY_SIZE],
		 const u8 nonce[CHACHA_NONCE_SIZE], u32 counter)
{
	state[0] = CHACHA_CONST0;
	state[1] = CHACHA_CONST1;
	state[2] = CHACHA_CONST2;
	state[3] = CHACHA_CONST3;
	for (int i = 0; i < 8; i++)
		state[4 + i] = load_le32(key + 4 * i);
	state[12] = counter;
	for (int i = 0; i < 3; i++)
		state[13 + i] = load_le32(nonce + 4 * i);
}

void chacha20_block(u32 state[CHACHA_STATE_WORDS], u8 out[CHACHA_BLOCK_SIZE])
{
	u32 x[CHACHA_STATE_WORDS];

	memcpy(x, state, sizeof(x));
	chacha_permute(x);
	for (int i = 0; i < CHACHA_STATE_WORDS; i++)
		store_le32(out + 4 * i, x[i] + state[i]);
	state[12]++;
	memzero_explicit(x, sizeof(x));
}

void chacha20_crypt(u32 state[CHACHA_STATE_WORDS], u8 *dst, const u8 *src, size_t len)
{
	u8 ks[CHACHA_BLOCK_SIZE];

	while (len) {
		size_t n = min_t(size_t, len, CHACHA_BLOCK_SIZE);

		chacha20_block(state, ks);
		for (size_t i = 0; i < n; i++)
			dst[i] = src[i] ^ ks[i];
		dst += n;
		src += n;
		len -= n;
	}
	memzero_explicit(ks, sizeof(ks));
}
