/*
 * fuzz-deserialize.c - libFuzzer target: arbitrary bytes to the object deserializer, inside a running Mono
 *runtime.
 *
 *	make fuzz [FUZZ_RUNS=1000000] [FUZZ_ARGS=...]	(clang -fsanitize=fuzzer,address,undefined; not part
 *							 of make check; new inputs go to tests/fuzz/work)
 *
 * The harness embeds Mono, loads System.MP.dll and tests/fuzz/FuzzTypes.exe (the types the messages name),
 *and sets up the serializer exactly as the motor host does.  Each input is copied into a managed byte[] and
 *handed to FuzzEntry.Run, which calls ObjectDiagnostics.Deserialize -- the same internal call path as ORecv
 *after the bytes arrive -- and catches SerializationException.  Any other managed exception is a finding (the
 *harness aborts), as is every crash, hang, memory error or undefined behaviour the sanitizers see in the
 *serializer. Only the internal calls that path can reach are registered here; they are the runtime's own
 *functions.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mono/jit/jit.h>
#include <mono/metadata/appdomain.h>
#include <mono/metadata/assembly.h>
#include <mono/metadata/class.h>
#include <mono/metadata/debug-helpers.h>
#include <mono/metadata/loader.h>
#include <mono/metadata/mono-config.h>
#include <mono/metadata/object.h>

#include "motor-mpi.h"
#include "motor-ser.h"

static MonoDomain *domain;
static MonoMethod *run;

/* The internal calls of the deserialisation path, as in runtime-ext/icall-object.c. */
static MonoObject *odeserialize(MonoArray *bytes, int32_t *rcp)
{
	MonoObject *result;
	*rcp = motor_ser_read_array(bytes, &result);
	return result;
}

static MonoString *oerror_message(void)
{
	return mono_string_new(mono_domain_get(), motor_ser_last_error());
}

static MonoString *error_string(int32_t code)
{
	char msg[128];
	snprintf(msg, sizeof msg, "Motor error %d", code);
	return mono_string_new(mono_domain_get(), msg);
}

static int32_t error_class(int32_t code)
{
	return code;
}

/* Every other internal call of System.MP: registered so that the JIT can resolve methods that mention them,
 * never reached on the deserialisation path. */
static void unreachable_icall(void)
{
	fprintf(stderr, "fuzz-deserialize: an internal call outside the deserialisation path was called\n");
	abort();
}

static const char *path(const char *env, const char *dflt)
{
	const char *v = getenv(env);
	return v && *v ? v : dflt;
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	mono_config_parse(NULL);
	domain = mono_jit_init_version("motor-fuzz", "v4.0.30319");
#define MOTOR_ICALL(name, fn)                                                                                \
	mono_dangerous_add_raw_internal_call("System.MP.MPDirect::" #name, (const void *)unreachable_icall);
#include "icall-def.h"
#undef MOTOR_ICALL
	mono_dangerous_add_raw_internal_call("System.MP.MPDirect::ODeserialize", (const void *)odeserialize);
	mono_dangerous_add_raw_internal_call("System.MP.MPDirect::OErrorMessage",
	                                     (const void *)oerror_message);
	mono_dangerous_add_raw_internal_call("System.MP.MPDirect::ErrorString", (const void *)error_string);
	mono_dangerous_add_raw_internal_call("System.MP.MPDirect::ErrorClass", (const void *)error_class);
	MonoAssembly *mp = mono_domain_assembly_open(domain, path("MOTOR_SYSTEM_MP", "System.MP.dll"));
	MonoAssembly *types = mono_domain_assembly_open(domain, path("MOTOR_FUZZ_TYPES", "FuzzTypes.exe"));
	if (!mp || !types) {
		fprintf(stderr, "fuzz-deserialize: set MOTOR_SYSTEM_MP and MOTOR_FUZZ_TYPES to System.MP.dll "
		                "and FuzzTypes.exe\n");
		exit(2);
	}
	if (motor_ser_init(domain, mono_assembly_get_image(mp)) != MOTOR_OK) {
		fprintf(stderr, "fuzz-deserialize: serializer init failed\n");
		exit(2);
	}
	MonoClass *entry = mono_class_from_name(mono_assembly_get_image(types), "", "FuzzEntry");
	run = entry ? mono_class_get_method_from_name(entry, "Run", 1) : NULL;
	if (!run) {
		fprintf(stderr, "fuzz-deserialize: FuzzEntry.Run not found\n");
		exit(2);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	MonoArray *bytes = mono_array_new(domain, mono_get_byte_class(), size);
	memcpy(mono_array_addr_with_size(bytes, 1, 0), data, size);
	void *args[1] = {bytes};
	MonoObject *exc = NULL;
	mono_runtime_invoke(run, NULL, args, &exc);
	if (exc) {
		MonoObject *inner = NULL;
		MonoString *s = mono_object_to_string(exc, &inner);
		char *msg = s && !inner ? mono_string_to_utf8(s) : NULL;
		fprintf(stderr, "fuzz-deserialize: unexpected managed exception: %s\n", msg ? msg : "?");
		abort();
	}
	return 0;
}
