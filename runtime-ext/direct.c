/*
 * direct.c - binds System.MP.Direct.dll (direct-def.h, made by managed/gen-direct.awk) to the C functions it
 * calls: each listed function's address goes into the static field <name>_fn that its method calls through.
 */
#include <string.h>
#include <unistd.h>

#include <glib.h>
#include <mono/metadata/appdomain.h>
#include <mono/metadata/assembly.h>
#include <mono/metadata/class.h>
#include <mono/metadata/image.h>

#include "icalls.h"
#include "motor-runtime.h"

static const struct {
	const char *field;
	const void *fn;
} direct_calls[] = {
#define MOTOR_DIRECT(name, fn, ret, params) {#name "_fn", (const void *)(fn)},
#include "direct-def.h"
#undef MOTOR_DIRECT
};

#define DIRECT_CALLS (sizeof direct_calls / sizeof direct_calls[0])

/* Loads System.MP.Direct.dll from `dir` (where System.MP.dll was found) and fills its fields.  Returns the
 * assembly, or NULL after saying why not: every field must be bound, since a call through an unbound one
 * would jump to address 0. */
MonoAssembly *motor_direct_bind(const char *dir)
{
	char *path = g_build_filename(dir, MOTOR_DIRECT_DLL, NULL);
	MonoImageOpenStatus status;
	MonoAssembly *a = access(path, R_OK) == 0 ? mono_assembly_open(path, &status) : NULL;
	MonoClass *k = a ? mono_class_from_name(mono_assembly_get_image(a), "System.MP", "Direct") : NULL;
	MonoVTable *vtable = k ? mono_class_vtable(motor_domain, k) : NULL;
	int bound = 0;
	for (size_t i = 0; vtable && i < DIRECT_CALLS; i++) {
		MonoClassField *f = mono_class_get_field_from_name(k, direct_calls[i].field);
		if (!f)
			break;
		void *fn = (void *)direct_calls[i].fn;
		mono_field_static_set_value(vtable, f, &fn);
		bound++;
	}
	/* No field the list does not name either: each would be a call to address 0. */
	if (!vtable || bound != (int)DIRECT_CALLS || mono_class_num_fields(k) != (int)DIRECT_CALLS) {
		fprintf(stderr,
		        "motor: cannot use '%s' (%s); it is built with System.MP.dll and must be the one "
		        "from this version of Motor\n",
		        path, !a ? "missing or not an assembly" : "its calls differ from this motor's");
		g_free(path);
		return NULL;
	}
	g_free(path);
	return a;
}
