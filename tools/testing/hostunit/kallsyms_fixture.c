// SPDX-License-Identifier: GPL-2.0-only
/*
 * A tiny freestanding ELF for testing scripts/kallsyms.  It is linked,
 * never run.  It holds the kinds of symbols the tool must sort out:
 * C functions (global, static, weak, an alias), assembler labels with and
 * without a type, assembler temporaries (.L*, kept in the symbol table by
 * -Wa,-L, and $-names) that must be dropped, and data that must be
 * ignored.
 *
 * Built with -fno-toplevel-reorder so _stext below really is the first
 * thing in .text.
 */
__asm__(".text\n"
	".globl _stext\n"
	"_stext:\n");

extern char _etext[];

__attribute__((noinline)) int fx_alpha(int x)
{
	return x * 3 + 1;
}

int fx_alpha_alias(int x) __attribute__((alias("fx_alpha")));

static __attribute__((noinline, used)) int fx_beta(int x)
{
	return fx_alpha(x) + fx_alpha(x + 1);
}

__attribute__((weak, noinline)) int fx_weak(int x)
{
	return fx_beta(x) - 1;
}

/* fx_a_label sorts before fx_asm_func by name, but a typed function wins. */
__asm__(".text\n"
	".globl fx_asm_func\n"
	".type fx_asm_func, @function\n"
	"fx_a_label:\n"
	"fx_asm_func:\n"
	"\tnop\n"
	".Lfx_local:\n"
	"\tnop\n"
	"\"$fx_dollar\":\n"
	"\tret\n"
	".size fx_asm_func, . - fx_asm_func\n"
	"fx_asm_tail:\n"
	"\tret\n");

int fx_data = 42;
char *fx_end_ref = _etext;

void fx_start(void)
{
	for (;;)
		fx_data = fx_weak(fx_data);
}
