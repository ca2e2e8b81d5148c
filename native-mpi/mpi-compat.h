/*
 * mpi-compat.h - every difference between MPI libraries that Motor's C code has to know about.
 *
 * Concept files include this header instead of <mpi.h> and contain no #ifdef on the MPI library.
 */
#ifndef MOTOR_MPI_COMPAT_H
#define MOTOR_MPI_COMPAT_H

#include <mpi.h>

/* MPI_Request is an int in MPICH and a pointer in Open MPI; motor_req carries it in 64 bits. */
_Static_assert(sizeof(MPI_Request) <= sizeof(uint64_t), "MPI_Request does not fit motor_req");

/* Fixed-width C types for the managed primitive types.  MPI-2.2 defines these in both libraries; C# char is a
 * UTF-16 code unit, which MPI_WCHAR (wchar_t, 4 bytes on Linux) is not. */
#define MOTOR_MPI_CHAR16 MPI_UINT16_T
#define MOTOR_MPI_BOOL MPI_C_BOOL

/* The library's name for logs and --version. */
#if defined(MPICH_VERSION)
#define MOTOR_MPI_FLAVOUR "MPICH " MPICH_VERSION
#elif defined(OPEN_MPI)
#define MOTOR_MPI_STR_(x) #x
#define MOTOR_MPI_STR(x) MOTOR_MPI_STR_(x)
#define MOTOR_MPI_FLAVOUR                                                                                     \
	"Open MPI " MOTOR_MPI_STR(OMPI_MAJOR_VERSION) "." MOTOR_MPI_STR(OMPI_MINOR_VERSION) "." MOTOR_MPI_STR(  \
	    OMPI_RELEASE_VERSION)
#else
#define MOTOR_MPI_FLAVOUR "MPI"
#endif

#endif /* MOTOR_MPI_COMPAT_H */
