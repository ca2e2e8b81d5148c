/*
 * mono-compat.c - measures the layout of Mono's arrays and strings (mono-compat.h) once, at start-up, on
 * real objects, for runtime-ext/buffer.c and the serializer.
 */
#include <string.h>

#include <mono/metadata/class.h>

#include "mono-compat.h"
#include "motor-mpi.h"

struct motor_mono_layout motor_mono_layout;

static int measured, measure_rc;

/* Where a multidimensional array's bounds are: {length, lower bound} per dimension behind a pointer just
 * before max_length.  Both sizes of a bound are recognised; none if the probe array does not read back. */
static void measure_bounds(MonoDomain *domain)
{
	uintptr_t lengths[2] = {3, 5};
	intptr_t lower[2] = {0, 7};
	MonoClass *k = mono_array_class_get(mono_get_int32_class(), 2);
	MonoArray *md = mono_array_new_full(domain, k, lengths, lower);
	uint32_t off = motor_mono_layout.array_length - (uint32_t)sizeof(void *);
	if (!md)
		return;
	const uint8_t *bounds = *(const uint8_t *const *)((char *)md + off);
	for (uint32_t esz = 8; bounds && esz <= 16; esz += 8) {
		uint64_t l0 = 0, l1 = 0;
		int32_t b0, b1;
		uint32_t lsz = esz == 8 ? 4 : 8;
		memcpy(&l0, bounds, lsz);
		memcpy(&b0, bounds + lsz, 4);
		memcpy(&l1, bounds + esz, lsz);
		memcpy(&b1, bounds + esz + lsz, 4);
		if (l0 == 3 && b0 == 0 && l1 == 5 && b1 == 7 && mono_array_length(md) == 15) {
			motor_mono_layout.array_bounds = off;
			motor_mono_layout.bounds_entry = esz;
			return;
		}
	}
}

static int measure(MonoDomain *domain)
{
	const uintptr_t n = 12345;
	MonoArray *a = mono_array_new(domain, mono_get_byte_class(), n);
	if (!a)
		return MOTOR_ENOMEM;
	motor_mono_layout.array_data = (uint32_t)((char *)mono_array_addr_with_size(a, 1, 0) - (char *)a);
	/* The element count is the word before the data (MonoArray.max_length). */
	uint32_t off = motor_mono_layout.array_data - (uint32_t)sizeof(uintptr_t);
	if (*(uintptr_t *)((char *)a + off) == n && mono_array_length(a) == n) {
		motor_mono_layout.array_length = off;
		measure_bounds(domain);
	}
	MonoString *s = mono_string_new_len(domain, "xyz", 3);
	if (!s)
		return MOTOR_ENOMEM;
	uint32_t chars = (uint32_t)((char *)mono_string_chars(s) - (char *)s);
	motor_mono_layout.string_chars = chars;
	if (*(int32_t *)((char *)s + chars - 4) == 3)
		motor_mono_layout.string_length = chars - 4;
	return MOTOR_OK;
}

int motor_mono_layout_init(MonoDomain *domain)
{
	if (!measured) {
		measure_rc = measure(domain);
		measured = 1;
	}
	return measure_rc;
}
