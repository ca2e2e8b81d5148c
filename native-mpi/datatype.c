/*
 * datatype.c - the one table from managed element types to MPI datatypes.
 *
 * Handles below MOTOR_DT_PREDEFINED are the managed primitive types; adding one is one line in `predefined`
 * (and one in enum motor_dt).  Handles from MOTOR_DT_PREDEFINED up are contiguous runs of bytes, one per
 * blittable struct size, created on first use and kept until finalize.
 */
#include <pthread.h>

#include "motor-mpi-internal.h"

/* MPICH's handles are integer constants and Open MPI's are addresses of library objects: both are constant
 * expressions, so the table is a constant. */
const struct motor_mpi__predefined motor_mpi__predefined[MOTOR_DT_PREDEFINED] = {
#define MOTOR_DT(name, mono, mpi, size, group) [MOTOR_DT_##name] = {mpi, size},
#include "datatypes.def"
};

#define MAX_DERIVED 1024

static struct {
	MPI_Datatype type;
	size_t size;
} derived[MAX_DERIVED];
static atomic_int n_derived;
static pthread_mutex_t derived_lock = PTHREAD_MUTEX_INITIALIZER;

MPI_Datatype motor_mpi__type(int dt)
{
	if (dt < 0)
		return MPI_DATATYPE_NULL;
	if (dt < MOTOR_DT_PREDEFINED)
		return motor_mpi__predefined[dt].type;
	int i = dt - MOTOR_DT_PREDEFINED;
	if (i >= atomic_load_explicit(&n_derived, memory_order_acquire))
		return MPI_DATATYPE_NULL;
	return derived[i].type;
}

size_t motor_mpi_type_size(int dt)
{
	if (dt < 0)
		return 0;
	if (dt < MOTOR_DT_PREDEFINED)
		return motor_mpi__predefined[dt].size;
	int i = dt - MOTOR_DT_PREDEFINED;
	if (i >= atomic_load_explicit(&n_derived, memory_order_acquire))
		return 0;
	return derived[i].size;
}

int motor_mpi_type_bytes(size_t size, int *dt)
{
	int rc = MOTOR_OK;

	if (size == 0 || size > (size_t)INT32_MAX)
		return MOTOR_EARG;
	if (motor_mpi_finalized())
		return MOTOR_EFINALIZED;
	pthread_mutex_lock(&derived_lock);
	int n = atomic_load_explicit(&n_derived, memory_order_relaxed), i;
	for (i = 0; i < n; i++)
		if (derived[i].size == size)
			break;
	if (i == n) {
		MPI_Datatype t;
		if (n == MAX_DERIVED)
			rc = MOTOR_ENOMEM;
		else if ((rc = MPI_Type_contiguous((int)size, MPI_BYTE, &t)) == MPI_SUCCESS &&
		         (rc = MPI_Type_commit(&t)) == MPI_SUCCESS) {
			derived[n].type = t;
			derived[n].size = size;
			atomic_store_explicit(&n_derived, n + 1, memory_order_release);
		}
	}
	pthread_mutex_unlock(&derived_lock);
	if (rc == MOTOR_OK)
		*dt = MOTOR_DT_PREDEFINED + i;
	return rc;
}

void motor_mpi__type_fini(void)
{
	pthread_mutex_lock(&derived_lock);
	int n = atomic_exchange(&n_derived, 0);
	for (int i = 0; i < n; i++)
		MPI_Type_free(&derived[i].type);
	pthread_mutex_unlock(&derived_lock);
}
