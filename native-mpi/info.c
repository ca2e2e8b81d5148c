/*
 * info.c - hints: MPI_Info from and to the packed form managed code passes, "key\0value\0...\0" (a key and
 * its value, each ended by NUL, and one more NUL at the end).  Files (file.c) and windows (win.c) take hints
 * this way.
 */
#include <string.h>

#include "motor-mpi-internal.h"

int motor_mpi__info_make(const char *hints, int always, MPI_Info *out)
{
	*out = MPI_INFO_NULL;
	if (!hints || !*hints)
		return always && MPI_Info_create(out) != MPI_SUCCESS ? MOTOR_ENOMEM : MOTOR_OK;
	for (const char *k = hints; *k; k += strlen(k) + 1) {
		const char *v = k + strlen(k) + 1;
		if (strlen(k) >= MPI_MAX_INFO_KEY || strlen(v) >= MPI_MAX_INFO_VAL)
			return MOTOR_EARG;
		k = v;
	}
	int rc = MPI_Info_create(out);
	for (const char *k = hints; rc == MPI_SUCCESS && *k;) {
		const char *v = k + strlen(k) + 1;
		rc = MPI_Info_set(*out, k, v);
		k = v + strlen(v) + 1;
	}
	if (rc != MPI_SUCCESS && *out != MPI_INFO_NULL)
		MPI_Info_free(out);
	return rc;
}

#define FNV_PRIME 1099511628211ull

uint64_t motor_mpi__fnv1a(uint64_t h, const char *s)
{
	for (; *s; s++)
		h = (h ^ (uint8_t)*s) * FNV_PRIME;
	return h;
}

int64_t motor_mpi__info_digest(const char *hints)
{
	uint64_t sum = 0;
	while (hints && *hints) {
		const char *value = hints + strlen(hints) + 1;
		sum += motor_mpi__fnv1a(motor_mpi__fnv1a(MOTOR_FNV_BASIS, hints) * FNV_PRIME, value);
		hints = value + strlen(value) + 1;
	}
	return (int64_t)(sum >> 1);
}

const char *motor_mpi__info_find(const char *hints, const char *key)
{
	for (const char *k = hints; k && *k;) {
		const char *v = k + strlen(k) + 1;
		if (!strcmp(k, key))
			return v;
		k = v + strlen(v) + 1;
	}
	return NULL;
}

int motor_mpi__info_true(const char *hints, const char *key)
{
	const char *value = motor_mpi__info_find(hints, key);
	return value && !strcmp(value, "true");
}

int motor_mpi__info_pack(MPI_Info info, char *buf, int cap, int *len)
{
	int n = 0, used = 0, rc = MPI_Info_get_nkeys(info, &n);
	for (int i = 0; rc == MPI_SUCCESS && i < n; i++) {
		char key[MPI_MAX_INFO_KEY + 1];
		int vlen = 0, flag = 0;
		if ((rc = MPI_Info_get_nthkey(info, i, key)) != MPI_SUCCESS ||
		    (rc = MPI_Info_get_valuelen(info, key, &vlen, &flag)) != MPI_SUCCESS || !flag)
			continue;
		int klen = (int)strlen(key);
		if (used + klen + vlen + 3 > cap) {
			rc = MOTOR_ECOUNT; /* the caller asks again with room for *len bytes */
			used += klen + vlen + 2;
			continue;
		}
		memcpy(buf + used, key, (size_t)klen + 1);
		used += klen + 1;
		rc = MPI_Info_get(info, key, vlen + 1, buf + used, &flag);
		used += vlen + 1;
	}
	if (rc == MPI_SUCCESS && used < cap)
		buf[used] = '\0';
	*len = used + 1;
	MPI_Info_free(&info);
	return rc;
}
