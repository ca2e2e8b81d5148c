/*
 * icall-env.c - internal calls for the MPI environment, errors and diagnostics.
 */
#include <mono/metadata/appdomain.h>
#include <mono/metadata/class.h>

#include "icalls.h"
#include "motor-runtime.h"

int32_t motor_icall_initialized(void)
{
	return motor_mpi_initialized();
}

int32_t motor_icall_finalized(void)
{
	return motor_mpi_finalized();
}

int32_t motor_icall_finalize(void)
{
	return motor_runtime_finalize();
}

int32_t motor_icall_query_thread(int32_t *provided)
{
	int p = 0;
	int rc = motor_mpi_query_thread(&p);
	*provided = p;
	return rc;
}

int32_t motor_icall_is_thread_main(int32_t *flag)
{
	int f = 0;
	int rc = motor_mpi_is_thread_main(&f);
	*flag = f;
	return rc;
}

void motor_icall_get_version(int32_t *version, int32_t *subversion)
{
	int v = 0, s = 0;
	motor_mpi_get_version(&v, &s);
	*version = v;
	*subversion = s;
}

double motor_icall_wtime(void)
{
	return motor_mpi_wtime();
}

double motor_icall_wtick(void)
{
	return motor_mpi_wtick();
}

MonoString *motor_icall_library_version(void)
{
	return mono_string_new(motor_domain, motor_mpi_library_version());
}

MonoString *motor_icall_processor_name(void)
{
	char name[MOTOR_MAX_PROCESSOR_NAME];
	if (motor_mpi_processor_name(name, sizeof name) != MOTOR_OK)
		return NULL;
	return mono_string_new(motor_domain, name);
}

int32_t motor_icall_abort(int32_t comm, int32_t errorcode)
{
	fflush(NULL);
	return motor_mpi_abort(comm, errorcode);
}

MonoString *motor_icall_error_string(int32_t code)
{
	char msg[512];
	motor_mpi_error_string(code, msg, sizeof msg);
	return mono_string_new(motor_domain, msg);
}

int32_t motor_icall_error_class(int32_t code)
{
	return motor_mpi_error_class(code);
}

int32_t motor_icall_truncate_class(void)
{
	return motor_mpi_truncate_class();
}

MonoString *motor_icall_argument_name(int32_t cls)
{
	const char *name = motor_mpi_argument_name(cls);
	return name ? mono_string_new(motor_domain, name) : NULL;
}

int32_t motor_icall_tag_ub(void)
{
	return motor_mpi_tag_ub();
}

int32_t motor_icall_buffer_attach(int32_t size)
{
	return motor_mpi_buffer_attach(size);
}

int32_t motor_icall_buffer_detach(int32_t *size)
{
	int64_t n;
	int rc = motor_mpi_buffer_detach(&n);
	*size = (int32_t)n;
	return rc;
}

int32_t motor_icall_bsend_overhead(void)
{
	return motor_mpi_bsend_overhead();
}

int32_t motor_icall_element_size(MonoReflectionType *type)
{
	if (!type)
		return MOTOR_ENULL;
	return motor_buffer_element_size(mono_reflection_type_get_type(type));
}

/* The address is masked so that a managed long holding it is not mistaken for a pointer by the conservative
 * stack scan, which would pin the object and hide the very moves a test looks for. */
int64_t motor_icall_address_of(MonoObject *obj)
{
	return (int64_t)((uintptr_t)obj ^ (uintptr_t)0x5A5A5A5A5A5A5A5Aull);
}

void motor_icall_block_counts(int64_t *waited, int64_t *immediate)
{
	uint64_t w, i;
	motor_mpi_block_counts(&w, &i);
	*waited = (int64_t)w;
	*immediate = (int64_t)i;
}

int32_t motor_icall_get_spin(void)
{
	return motor_mpi_get_spin();
}

void motor_icall_set_spin(int32_t polls)
{
	motor_mpi_set_spin(polls);
}

MonoArray *motor_icall_internal_calls(void)
{
	int n = motor_icall_count();
	MonoArray *names = mono_array_new(motor_domain, mono_get_string_class(), (uintptr_t)n);
	for (int i = 0; i < n; i++) {
		/* mono_string_new allocates (a safepoint): `names` stays pinned by this frame meanwhile. */
		MonoString *s = mono_string_new(motor_domain, motor_icall_name(i));
		mono_array_setref(names, i, s);
	}
	return names;
}

int32_t motor_icall_check_buffer(MonoObject *buf, int32_t offset, int32_t count)
{
	struct motor_buffer b;
	return motor_buffer_resolve(buf, offset, count, &b);
}
