/*
 * group.c - the group table and the group operations (MPI_Group_*).
 *
 * Groups are named by small integer handles, like communicators, so that a freed or forged handle from
 * managed code is caught here instead of reaching MPI.  Handle 0 is MPI_GROUP_EMPTY and always exists.  Rank
 * arrays are checked before MPI sees them (range, and no duplicates where MPI requires distinct ranks): MPI
 * reports such mistakes through the error handler of a communicator the program never named.
 */
#include <pthread.h>
#include <stdlib.h>

#include "motor-mpi-internal.h"

struct motor_group {
	MPI_Group group;
	atomic_int valid;
};

#define MOTOR_MAX_GROUPS 4096

static struct motor_group groups[MOTOR_MAX_GROUPS];
static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;

static MPI_Group lookup(int handle)
{
	if ((unsigned)handle >= MOTOR_MAX_GROUPS ||
	    !atomic_load_explicit(&groups[handle].valid, memory_order_acquire))
		return MPI_GROUP_NULL;
	return groups[handle].group;
}

int motor_mpi__group_add(MPI_Group g, int *handle)
{
	if (g == MPI_GROUP_EMPTY) {
		*handle = MOTOR_GROUP_EMPTY;
		return MOTOR_OK;
	}
	pthread_mutex_lock(&table_lock);
	int h;
	for (h = MOTOR_GROUP_EMPTY + 1; h < MOTOR_MAX_GROUPS; h++)
		if (!atomic_load_explicit(&groups[h].valid, memory_order_relaxed))
			break;
	if (h == MOTOR_MAX_GROUPS) {
		pthread_mutex_unlock(&table_lock);
		MPI_Group_free(&g);
		return MOTOR_EGROUPLIMIT;
	}
	groups[h].group = g;
	atomic_store_explicit(&groups[h].valid, 1, memory_order_release);
	pthread_mutex_unlock(&table_lock);
	*handle = h;
	return MOTOR_OK;
}

void motor_mpi__group_init(void)
{
	groups[MOTOR_GROUP_EMPTY].group = MPI_GROUP_EMPTY;
	atomic_store_explicit(&groups[MOTOR_GROUP_EMPTY].valid, 1, memory_order_release);
}

void motor_mpi__group_fini(void)
{
	pthread_mutex_lock(&table_lock);
	for (int h = 0; h < MOTOR_MAX_GROUPS; h++)
		if (atomic_exchange(&groups[h].valid, 0) && h != MOTOR_GROUP_EMPTY)
			MPI_Group_free(&groups[h].group);
	pthread_mutex_unlock(&table_lock);
}

MPI_Group motor_mpi__group(int handle)
{
	return lookup(handle);
}

int motor_mpi_group_free(int group)
{
	if (group == MOTOR_GROUP_EMPTY)
		return lookup(group) == MPI_GROUP_NULL ? MOTOR_EGROUP : MOTOR_OK;
	pthread_mutex_lock(&table_lock);
	MPI_Group g = lookup(group);
	if (g == MPI_GROUP_NULL) {
		pthread_mutex_unlock(&table_lock);
		return MOTOR_EGROUP;
	}
	atomic_store_explicit(&groups[group].valid, 0, memory_order_release);
	pthread_mutex_unlock(&table_lock);
	return MPI_Group_free(&g);
}

int motor_mpi_group_size(int group, int *size)
{
	MPI_Group g = lookup(group);
	return g == MPI_GROUP_NULL ? MOTOR_EGROUP : MPI_Group_size(g, size);
}

int motor_mpi_group_rank(int group, int *rank)
{
	MPI_Group g = lookup(group);
	if (g == MPI_GROUP_NULL)
		return MOTOR_EGROUP;
	int rc = MPI_Group_rank(g, rank);
	if (rc == MPI_SUCCESS && *rank == MPI_UNDEFINED)
		*rank = MOTOR_UNDEFINED;
	return rc;
}

/* Checks n ranks against a group of `size`: each in range and, when `distinct`, none repeated. */
static int check_ranks(const int32_t *ranks, int n, int size, int distinct)
{
	if (n < 0 || n > size)
		return n < 0 ? MOTOR_ECOUNT : MOTOR_EARG;
	if (n > 0 && !ranks)
		return MOTOR_ENULL;
	unsigned char *seen = distinct && size > 0 ? calloc((size_t)size, 1) : NULL;
	if (distinct && size > 0 && !seen)
		return MOTOR_ENOMEM;
	int rc = MOTOR_OK;
	for (int i = 0; i < n && rc == MOTOR_OK; i++) {
		if (ranks[i] < 0 || ranks[i] >= size)
			rc = MOTOR_ERANK;
		else if (seen && seen[ranks[i]]++)
			rc = MOTOR_EARG;
	}
	free(seen);
	return rc;
}

int motor_mpi_group_incl(int group, const int32_t *ranks, int n, int exclude, int *newgroup)
{
	MPI_Group g = lookup(group), ng = MPI_GROUP_NULL;
	int size, rc;

	if (g == MPI_GROUP_NULL)
		return MOTOR_EGROUP;
	if ((rc = MPI_Group_size(g, &size)) != MPI_SUCCESS ||
	    (rc = check_ranks(ranks, n, size, 1)) != MOTOR_OK)
		return rc;
	/* int32_t is int on every platform MPI runs on here; the cast documents the assumption. */
	_Static_assert(sizeof(int32_t) == sizeof(int), "int is not 32 bits");
	rc = exclude ? MPI_Group_excl(g, n, (const int *)ranks, &ng)
	             : MPI_Group_incl(g, n, (const int *)ranks, &ng);
	if (rc != MPI_SUCCESS)
		return rc;
	return motor_mpi__group_add(ng, newgroup);
}

int motor_mpi_group_combine(int g1, int g2, int how, int *newgroup)
{
	MPI_Group a = lookup(g1), b = lookup(g2), ng = MPI_GROUP_NULL;
	int rc;

	if (a == MPI_GROUP_NULL || b == MPI_GROUP_NULL)
		return MOTOR_EGROUP;
	switch (how) {
	case MOTOR_GROUP_UNION:
		rc = MPI_Group_union(a, b, &ng);
		break;
	case MOTOR_GROUP_INTERSECTION:
		rc = MPI_Group_intersection(a, b, &ng);
		break;
	case MOTOR_GROUP_DIFFERENCE:
		rc = MPI_Group_difference(a, b, &ng);
		break;
	default:
		return MOTOR_EARG;
	}
	if (rc != MPI_SUCCESS)
		return rc;
	return motor_mpi__group_add(ng, newgroup);
}

int motor_mpi_group_translate(int g1, const int32_t *ranks, int n, int g2, int32_t *out)
{
	MPI_Group a = lookup(g1), b = lookup(g2);
	int size, rc;

	if (a == MPI_GROUP_NULL || b == MPI_GROUP_NULL)
		return MOTOR_EGROUP;
	if ((rc = MPI_Group_size(a, &size)) != MPI_SUCCESS)
		return rc;
	if (n < 0)
		return MOTOR_ECOUNT;
	for (int i = 0; i < n; i++)
		if (ranks[i] != MOTOR_PROC_NULL && (ranks[i] < 0 || ranks[i] >= size))
			return MOTOR_ERANK;
	int *in = malloc(sizeof(int) * (size_t)(n ? n : 1)), *res = malloc(sizeof(int) * (size_t)(n ? n : 1));
	rc = MOTOR_ENOMEM;
	if (!in || !res)
		goto out;
	for (int i = 0; i < n; i++)
		in[i] = ranks[i] == MOTOR_PROC_NULL ? MPI_PROC_NULL : ranks[i];
	rc = MPI_Group_translate_ranks(a, n, in, b, res);
	for (int i = 0; rc == MPI_SUCCESS && i < n; i++)
		out[i] = res[i] == MPI_UNDEFINED   ? MOTOR_UNDEFINED
		         : res[i] == MPI_PROC_NULL ? MOTOR_PROC_NULL
		                                   : res[i];
out:
	free(res);
	free(in);
	return rc;
}

int motor_mpi__compare_result(int mpi_result)
{
	return mpi_result == MPI_IDENT       ? MOTOR_IDENT
	       : mpi_result == MPI_CONGRUENT ? MOTOR_CONGRUENT
	       : mpi_result == MPI_SIMILAR   ? MOTOR_SIMILAR
	                                     : MOTOR_UNEQUAL;
}

int motor_mpi_group_compare(int g1, int g2, int *result)
{
	MPI_Group a = lookup(g1), b = lookup(g2);
	int r, rc;

	if (a == MPI_GROUP_NULL || b == MPI_GROUP_NULL)
		return MOTOR_EGROUP;
	if ((rc = MPI_Group_compare(a, b, &r)) == MPI_SUCCESS)
		*result = motor_mpi__compare_result(r);
	return rc;
}
