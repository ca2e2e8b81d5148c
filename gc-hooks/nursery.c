/*
 * nursery.c - backs the nursery with memory before the program runs.
 *
 * SGen reserves the nursery at start-up, but the kernel gives it memory a page at a time, when the page is
 * first written.  Until the first minor collection, every 4 KiB the program allocates therefore costs a page
 * fault (1-3 us on a virtual machine).  A 32 MB nursery takes 8,192 of them.  For a program that allocates a
 * small object per message, such as a Request per non-blocking operation, that is one fault every ~64
 * messages: ~50 ns a message on the critical path of a small-message ping-pong (doc/benchmarks.md).
 *
 * So the runtime faults the whole nursery in at start-up: it asks for huge pages first (where transparent
 * huge pages are enabled for madvise, 16 faults instead of 8,192, and fewer TLB misses), then populates.  It
 * only touches page tables, never the contents, so it is safe whatever SGen has put there.  Where the kernel
 * lacks MADV_POPULATE_WRITE (before Linux 5.14) nothing happens and the faults come at first use, as before.
 *
 * Where is the nursery?  SGen aligns it to its size, a power of two (sgen-gc.c, alloc_nursery), so it is the
 * aligned block around any object just allocated.  That is checked rather than assumed:
 * mono_gc_get_generation tells for any address whether SGen counts it as nursery (sgen_ptr_in_nursery; it
 * does not read the address), so both ends of the block must be nursery and both neighbours must not.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <mono/metadata/appdomain.h>
#include <mono/metadata/mono-gc.h>
#include <mono/metadata/object.h>

#include "mono-compat.h"
#include "motor-object.h"
#include "motor-pin.h"

#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif

/* The value of nursery-size= in a MONO_GC_PARAMS string, as SGen reads it (a number with an optional k, m or
 * g suffix), or 0 if absent or malformed. */
size_t motor_nursery_size_from(const char *params)
{
	const char *p = params ? strstr(params, MOTOR_SGEN_NURSERY_SIZE_OPT) : NULL;
	if (!p)
		return 0;
	p += strlen(MOTOR_SGEN_NURSERY_SIZE_OPT);
	char *end;
	errno = 0;
	unsigned long long n = strtoull(p, &end, 10);
	if (errno || end == p)
		return 0;
	unsigned shift = 0;
	switch (*end) {
	case 'k':
	case 'K':
		shift = 10;
		end++;
		break;
	case 'm':
	case 'M':
		shift = 20;
		end++;
		break;
	case 'g':
	case 'G':
		shift = 30;
		end++;
		break;
	default:
		break;
	}
	if ((*end && *end != ',') || n > (SIZE_MAX >> shift))
		return 0;
	return (size_t)n << shift;
}

static int in_nursery(uintptr_t p)
{
	return mono_gc_get_generation((MonoObject *)p) == 0;
}

int motor_nursery_prefault(MonoDomain *domain, size_t size, size_t *populated)
{
	*populated = 0;
	if (size < 4096 || (size & (size - 1)))
		return MOTOR_EARG;
	MonoObject *probe = mono_object_new(domain, mono_get_object_class());
	uintptr_t base = (uintptr_t)probe & ~(uintptr_t)(size - 1);
	if (!in_nursery((uintptr_t)probe) || !in_nursery(base) || !in_nursery(base + size - 1) ||
	    in_nursery(base - 1) || in_nursery(base + size))
		return MOTOR_EARG;
	MOTOR_KEEP_ALIVE(probe);
	madvise((void *)base, size, MADV_HUGEPAGE); /* a hint: refused where THP is off, which is fine */
	if (madvise((void *)base, size, MADV_POPULATE_WRITE) != 0)
		return MOTOR_EARG;
	*populated = size;
	return MOTOR_OK;
}
