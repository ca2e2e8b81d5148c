/*
 * icalls.c - registers the table in icall-def.h.
 */
#include <mono/metadata/loader.h>

#include "icalls.h"
#include "motor-pin.h"
#include "motor-runtime.h"

static const struct {
	const char *name;
	const void *fn;
} table[] = {
#define MOTOR_ICALL(name, fn) {"System.MP.MPDirect::" #name, (const void *)(fn)},
#include "icall-def.h"
#undef MOTOR_ICALL
};

void motor_icall_register(void)
{
	/* Cooperative registration: the wrapper skips the GC-safe transition (about 45 ns).  Every call that
	 * may block makes the transition itself, and only when it has to wait (native-mpi/request.c). */
	for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
		mono_dangerous_add_raw_internal_call(table[i].name, table[i].fn);
}

int motor_icall_count(void)
{
	return (int)(sizeof table / sizeof table[0]);
}

const char *motor_icall_name(int i)
{
	return i >= 0 && i < motor_icall_count() ? table[i].name + sizeof "System.MP.MPDirect::" - 1 : NULL;
}
