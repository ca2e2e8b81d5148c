/*
 * icall-sermode.c - the serializer's mode for the calling thread (serializer/motor-ser.h): which reference
 * fields the O-operations it runs next follow.  MPI.dll (MPI.NET's API) switches to serializable mode around
 * each operation that moves an object, so that [Serializable] semantics apply; System.MP's own calls never
 * switch, so they keep following [Transportable] fields only.
 */
#include "icalls.h"
#include "motor-ser.h"

int32_t motor_icall_oset_mode(int32_t mode)
{
	return motor_ser_set_mode(mode);
}
