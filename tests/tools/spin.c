/*
 * spin.c - a command whose cost is known: N dependent decrements, all user
 * time (tests/cli/exec.sh times it with collect --exec).
 */
#include <stdint.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 0;
	while (n != 0) {
		__asm__ volatile("" : "+r"(n));
		n--;
	}
	return 0;
}
