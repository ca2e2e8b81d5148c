/*
 * file.c - parallel I/O (MPI-IO): a table of open files, and every file operation through a few paths.
 *
 * A file is named above this layer by a small integer handle, like a communicator.  Each entry holds the
 * MPI_File and a duplicate of the communicator it was opened on: the agreements of the collective file
 * operations run on that duplicate, so the program may free its own communicator while the file stays open,
 * and an agreement can never match a message of the program's.
 *
 * Agreement.  Every collective file operation (open, set_size, preallocate, sync, set_view, the _all reads
 * and writes) first agrees, as the collectives of coll.c do, whether every rank accepted its arguments; a
 * refusal on one rank makes no rank call MPI.  Open agrees on more: the ranks must pass the same path and
 * access mode (MPI requires it; a rank with another path could open another file and leave the rest waiting
 * in the library), compared by a hash.  And an open can still fail on some ranks only (a path one node cannot
 * reach): the ranks then agree on the outcome after MPI_File_open.  Where some opened the file and others did
 * not, the file cannot be closed -- MPI_File_close is collective over ranks that do not have it and would
 * wait forever -- so it is left open, out of the table, until the process ends; those ranks report
 * MOTOR_EPEER.
 *
 * Errors.  Files use MPI_ERRORS_RETURN (the MPI default for files, set again here).  The library's file error
 * classes reach managed code as they are; motor_mpi_file_error_kind sorts them into the few exceptions a
 * program can act on.
 *
 * Waiting.  Every operation that may wait on the file system or on other ranks runs between the blocking
 * hooks, without polling first: I/O is slow next to the cost of the hooks.
 */
#include <pthread.h>
#include <string.h>

#include "coll-internal.h"

struct motor_file {
	MPI_File fh;
	MPI_Comm comm; /* a duplicate of the communicator the file was opened on, for the agreements */
	int rank, size;
	int amode; /* Motor's MOTOR_MODE_* */
	int valid;
	int ch;      /* `comm` in the communicator table, once a non-blocking collective needs it; or -1 */
	int strided; /* the view has a filetype other than its etype (motor_mpi_file_set_view) */
	int view_dt; /* then: the etype, which every buffer must have */
	int etype_bytes; /* the view's etype's size (1 for the default view of bytes) */
};

#define MOTOR_MAX_FILES 1024
static struct motor_file files[MOTOR_MAX_FILES];
static pthread_mutex_t files_lock = PTHREAD_MUTEX_INITIALIZER; /* never held across an MPI call that waits */

/* The entry of a handle, or NULL.  Reads `valid` under the lock: file operations are slow enough. */
static struct motor_file *file_at(int handle)
{
	struct motor_file *f = NULL;
	if ((unsigned)handle >= MOTOR_MAX_FILES)
		return NULL;
	pthread_mutex_lock(&files_lock);
	if (files[handle].valid)
		f = &files[handle];
	pthread_mutex_unlock(&files_lock);
	return f;
}

/* Reserves a free entry (valid = -1: taken, not yet usable), or returns -1. */
static int reserve(void)
{
	int h = -1;
	pthread_mutex_lock(&files_lock);
	for (int i = 0; i < MOTOR_MAX_FILES && h < 0; i++)
		if (files[i].valid == 0) {
			files[i].valid = -1;
			h = i;
		}
	pthread_mutex_unlock(&files_lock);
	return h;
}

static void set_valid(int h, int v)
{
	pthread_mutex_lock(&files_lock);
	files[h].valid = v;
	pthread_mutex_unlock(&files_lock);
}

/* Motor's access modes and the library's. */
static const struct {
	int motor, mpi;
} modes[] = {
    {MOTOR_MODE_RDONLY, MPI_MODE_RDONLY},
    {MOTOR_MODE_WRONLY, MPI_MODE_WRONLY},
    {MOTOR_MODE_RDWR, MPI_MODE_RDWR},
    {MOTOR_MODE_CREATE, MPI_MODE_CREATE},
    {MOTOR_MODE_EXCL, MPI_MODE_EXCL},
    {MOTOR_MODE_DELETE_ON_CLOSE, MPI_MODE_DELETE_ON_CLOSE},
    {MOTOR_MODE_UNIQUE_OPEN, MPI_MODE_UNIQUE_OPEN},
    {MOTOR_MODE_SEQUENTIAL, MPI_MODE_SEQUENTIAL},
    {MOTOR_MODE_APPEND, MPI_MODE_APPEND},
};

/* MPI's rules for an access mode (MPI-4.0 §14.2.1): exactly one of RDONLY, WRONLY and RDWR; no CREATE or
 * EXCL with RDONLY; no SEQUENTIAL with RDWR; no unknown bits.  Checked here so that every library refuses
 * the same modes, with the same code, before any rank opens anything. */
static int map_amode(int amode, int *out)
{
	int access = amode & (MOTOR_MODE_RDONLY | MOTOR_MODE_WRONLY | MOTOR_MODE_RDWR);
	int known = 0, m = 0;
	for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
		known |= modes[i].motor;
		if (amode & modes[i].motor)
			m |= modes[i].mpi;
	}
	if ((amode & ~known) ||
	    (access != MOTOR_MODE_RDONLY && access != MOTOR_MODE_WRONLY && access != MOTOR_MODE_RDWR))
		return MOTOR_EAMODE;
	if (access == MOTOR_MODE_RDONLY && (amode & (MOTOR_MODE_CREATE | MOTOR_MODE_EXCL)))
		return MOTOR_EAMODE;
	if (access == MOTOR_MODE_RDWR && (amode & MOTOR_MODE_SEQUENTIAL))
		return MOTOR_EAMODE;
	*out = m;
	return MOTOR_OK;
}

/* A library error as its class.  A file error's code can name an entry of the MPI library's table of error
 * messages that is not valid in this process -- MPICH's ROMIO broadcasts the code of a failed create from the
 * rank that made it (MPICH 4.0: MPI_MODE_EXCL on an existing file), and MPI_Error_string on it prints
 * "Invalid error code" to stderr -- while the class is always valid, and is all callers above sort errors by.
 */
static int as_class(int rc)
{
	int cls = rc;
	if (rc > 0 && MPI_Error_class(rc, &cls) != MPI_SUCCESS)
		cls = rc;
	return cls;
}

/* One MPI_Allreduce(MIN) of n int64 values on `comm`, between the blocking hooks. */
static int allreduce_min(int64_t *v, int n, MPI_Comm comm)
{
	struct motor_block b;
	motor_mpi__block_begin(&b);
	int rc = MPI_Allreduce(MPI_IN_PLACE, v, n, MPI_INT64_T, MPI_MIN, comm);
	motor_mpi__block_end(&b);
	return rc;
}

/* The agreement on a file's communicator (coll.c's, on the duplicate). */
static int agree(const struct motor_file *f, int verdict)
{
	struct motor_comm c = {.comm = f->comm, .rank = f->rank, .size = f->size, .remote_size = f->size};
	return motor_mpi__agree(&c, verdict);
}

/* The agreement of a collective whose ranks must also pass equal values (at most 4 of them): the lowest
 * refusing rank, and the range of each value.  Returns this rank's verdict, or MOTOR_EPEER naming the lowest
 * refusing rank, or MOTOR_EMISMATCH.  A refusing rank offers neutral values, so that it does not make the
 * others see a mismatch.  Each value must lie above INT64_MIN. */
static int agree_equal(MPI_Comm comm, int rank, int size, int verdict, const int64_t *vals, int n)
{
	int64_t v[1 + 2 * 4];
	int rc;
	if (n > 4)
		return MOTOR_EARG;
	v[0] = verdict == MOTOR_OK ? INT64_MAX : rank;
	for (int i = 0; i < n; i++) {
		v[1 + 2 * i] = verdict == MOTOR_OK ? vals[i] : INT64_MAX;
		v[2 + 2 * i] = verdict == MOTOR_OK ? -vals[i] : INT64_MAX;
	}
	if (size < 2 || !motor_mpi__coll_agree)
		return verdict;
	if ((rc = allreduce_min(v, 1 + 2 * n, comm)) != MPI_SUCCESS)
		return verdict == MOTOR_OK ? rc : verdict;
	if (verdict != MOTOR_OK)
		return verdict;
	if (v[0] != INT64_MAX)
		return MOTOR_EPEER((int)v[0]);
	for (int i = 0; i < n; i++)
		if (v[1 + 2 * i] != -v[2 + 2 * i])
			return MOTOR_EMISMATCH;
	return MOTOR_OK;
}

/* The agreement of an open on `c`: every rank opens the same path (compared by a hash) with the same mode,
 * or none does. */
static int agree_open(const struct motor_comm *c, const char *path, int amode, int verdict)
{
	int64_t v[2] = {verdict == MOTOR_OK ? (int64_t)(motor_mpi__fnv1a(MOTOR_FNV_BASIS, path) >> 1) : 0,
	                amode};
	return agree_equal(c->comm, c->rank, c->size, verdict, v, 2);
}

/* Opens `path` on `dup` (collective: every rank that accepted calls it), then agrees whether it opened on
 * every rank.  Returns MPI_SUCCESS with *fh open, the library's error, or MOTOR_EPEER naming the lowest rank
 * where it failed.  A file that opened here but not everywhere stays open, out of the table (see the
 * header). */
static int open_everywhere(const struct motor_comm *c, MPI_Comm dup, const char *path, int mode,
                           MPI_Info info, MPI_File *fh)
{
	MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
	struct motor_block b;
	motor_mpi__block_begin(&b);
	int rc = MPI_File_open(dup, path, mode, info, fh);
	motor_mpi__block_end(&b);
	/* Testing only: MOTOR_TEST_FILE_OPEN_FAILS=r makes the open fail on rank r of the communicator after
	 * the library opened the file, as an open that fails on some ranks only would
	 * (tests/managed/FileTests.cs). */
	const char *fails = getenv("MOTOR_TEST_FILE_OPEN_FAILS");
	if (rc == MPI_SUCCESS && fails && *fails && atoi(fails) == c->rank)
		rc = MPI_ERR_IO;

	/* Did it open everywhere? */
	int64_t failed = rc == MPI_SUCCESS ? INT64_MAX : c->rank;
	if (c->size > 1) {
		int arc = allreduce_min(&failed, 1, dup);
		if (arc != MPI_SUCCESS && rc == MPI_SUCCESS)
			rc = arc; /* the file stays open, out of the table: see the header */
		else if (rc == MPI_SUCCESS && failed != INT64_MAX)
			rc = MOTOR_EPEER((int)failed);
	}
	return rc;
}

int motor_mpi_file_get_info(int handle, char *buf, int cap, int *len)
{
	struct motor_file *f = file_at(handle);
	MPI_Info info = MPI_INFO_NULL;
	*len = 0;
	if (!f)
		return MOTOR_EFILE;
	int rc = MPI_File_get_info(f->fh, &info);
	if (rc == MPI_SUCCESS)
		rc = motor_mpi__info_pack(info, buf, cap, len);
	return rc == MOTOR_ECOUNT ? rc : as_class(rc);
}

int motor_mpi_file_set_info(int handle, const char *hints, int verdict)
{
	struct motor_file *f = file_at(handle);
	MPI_Info info = MPI_INFO_NULL;
	if (!f)
		return MOTOR_EFILE;
	if (verdict == MOTOR_OK)
		verdict =
		    motor_mpi__info_make(hints, 1, &info); /* collective: a rank without hints calls too */
	/* The same hints on every rank: ROMIO checks each hint it is given with a collective call of its own,
	 * so ranks that pass different keys make different calls and hang (MPICH 4.0.2, cb_buffer_size on one
	 * rank of two). */
	int64_t digest = motor_mpi__info_digest(hints);
	int rc = agree_equal(f->comm, f->rank, f->size, verdict, &digest, 1);
	if (rc == MOTOR_OK) {
		struct motor_block b;
		motor_mpi__block_begin(&b);
		rc = as_class(MPI_File_set_info(f->fh, info));
		motor_mpi__block_end(&b);
	}
	if (info != MPI_INFO_NULL)
		MPI_Info_free(&info);
	return rc;
}

int motor_mpi_file_open(int comm, const char *path, int amode, int verdict, const char *hints, int *handle)
{
	struct motor_comm *c = motor_mpi__comm(comm);
	int mode = 0, h = -1, rc;
	MPI_Comm dup = MPI_COMM_NULL;
	MPI_File fh = MPI_FILE_NULL;
	MPI_Info info = MPI_INFO_NULL;

	*handle = -1;
	if (!c)
		return MOTOR_ECOMM;
	if (verdict == MOTOR_OK && c->inter)
		verdict = MOTOR_EINTER;
	if (verdict == MOTOR_OK && !path)
		verdict = MOTOR_ENULL;
	if (verdict == MOTOR_OK)
		verdict = map_amode(amode, &mode);
	if (verdict == MOTOR_OK)
		verdict = motor_mpi__info_make(hints, 0, &info);
	if (verdict == MOTOR_OK && (h = reserve()) < 0)
		verdict = MOTOR_ENOMEM;
	if ((verdict = agree_open(c, path, amode, verdict)) != MOTOR_OK)
		goto release_handle;

	/* Every rank accepted: from here on every rank makes the same collective calls. */
	/* An open file holds communicators of the library's (this duplicate, and ROMIO's own): the library
	 * may have run out of them. */
	if ((rc = MPI_Comm_dup(c->comm, &dup)) != MPI_SUCCESS) {
		verdict = motor_compat_out_of_comms(rc) ? MOTOR_ECOMMLIMIT : rc;
		goto release_handle;
	}
	if (MOTOR_COMPAT_FILE_OPEN_SPARE_COMM) {
		/* One more for the library's open, made and given back: if there is none, refuse here. */
		MPI_Comm spare;
		if ((rc = MPI_Comm_dup(dup, &spare)) != MPI_SUCCESS) {
			MPI_Comm_free(&dup);
			verdict = motor_compat_out_of_comms(rc) ? MOTOR_ECOMMLIMIT : rc;
			goto release_handle;
		}
		MPI_Comm_free(&spare);
	}
	if ((rc = open_everywhere(c, dup, path, mode, info, &fh)) != MPI_SUCCESS) {
		verdict = rc > 0 && motor_compat_out_of_comms(rc) ? MOTOR_ECOMMLIMIT : rc;
		MPI_Comm_free(&dup);
		goto release_handle;
	}
	MPI_File_set_errhandler(fh, MPI_ERRORS_RETURN);
	files[h].fh = fh;
	files[h].comm = dup;
	files[h].rank = c->rank;
	files[h].size = c->size;
	files[h].amode = amode;
	files[h].ch = -1;
	files[h].strided = 0;
	files[h].etype_bytes = 1;
	set_valid(h, 1);
	*handle = h;
	if (info != MPI_INFO_NULL)
		MPI_Info_free(&info);
	return MOTOR_OK;

release_handle:
	if (h >= 0)
		set_valid(h, 0);
	if (info != MPI_INFO_NULL)
		MPI_Info_free(&info);
	return as_class(verdict);
}

/* Closes entry `f` (the caller has taken it out of the table). */
static int close_entry(struct motor_file *f)
{
	struct motor_block b;
	motor_mpi__block_begin(&b);
	int rc = MPI_File_close(&f->fh);
	motor_mpi__block_end(&b);
	/* A communicator in the table is freed through it, which also lets go of its non-blocking queue. */
	if (f->ch >= 0)
		motor_mpi_comm_free(f->ch);
	else
		MPI_Comm_free(&f->comm);
	f->ch = -1;
	return rc;
}

int motor_mpi_file_close(int handle)
{
	struct motor_file *f = NULL;
	if ((unsigned)handle >= MOTOR_MAX_FILES)
		return MOTOR_EFILE;
	/* Taken out of the table first, so that no other thread starts an operation on it. */
	pthread_mutex_lock(&files_lock);
	if (files[handle].valid == 1) {
		f = &files[handle];
		f->valid = -1;
	}
	pthread_mutex_unlock(&files_lock);
	if (!f)
		return MOTOR_EFILE;
	int rc = close_entry(f);
	set_valid(handle, 0);
	return as_class(rc);
}

void motor_mpi__file_fini(void)
{
	/* In handle order: every rank opened its files in the same order, so every rank closes the dropped
	 * ones in the same order too. */
	for (int h = 0; h < MOTOR_MAX_FILES; h++)
		motor_mpi_file_close(h);
}

int motor_mpi_file_delete(const char *path)
{
	if (!path)
		return MOTOR_ENULL;
	MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
	struct motor_block b;
	motor_mpi__block_begin(&b);
	int rc = MPI_File_delete(path, MPI_INFO_NULL);
	motor_mpi__block_end(&b);
	return as_class(rc);
}

/* One of a file's local values: its size in bytes, the individual or the shared file pointer, whether it is
 * in atomic mode, its access mode (Motor's MOTOR_MODE_ flags), or its group (a new group handle). */
enum value { SIZE, POSITION, POSITION_SHARED, ATOMICITY, AMODE, GROUP };
static int value_of(int handle, enum value what, int64_t *out)
{
	struct motor_file *f = file_at(handle);
	MPI_Offset v = 0;
	MPI_Group g = MPI_GROUP_NULL;
	int i = 0, rc;
	*out = 0;
	if (!f)
		return MOTOR_EFILE;
	switch (what) {
	case SIZE:
		rc = MPI_File_get_size(f->fh, &v);
		break;
	case POSITION:
		rc = MPI_File_get_position(f->fh, &v);
		break;
	case POSITION_SHARED:
		rc = MPI_File_get_position_shared(f->fh, &v);
		break;
	case ATOMICITY:
		rc = MPI_File_get_atomicity(f->fh, &i);
		v = i;
		break;
	case AMODE:
		v = f->amode;
		rc = MPI_SUCCESS;
		break;
	case GROUP:
		if ((rc = MPI_File_get_group(f->fh, &g)) == MPI_SUCCESS)
			rc = motor_mpi__group_add(g, &i);
		v = i;
		break;
	default:
		return MOTOR_EARG;
	}
	*out = (int64_t)v;
	return as_class(rc);
}

int motor_mpi_file_get_size(int handle, int64_t *size)
{
	return value_of(handle, SIZE, size);
}

int motor_mpi_file_get_position(int handle, int64_t *pos)
{
	return value_of(handle, POSITION, pos);
}

int motor_mpi_file_get_byte_offset(int handle, int64_t offset, int64_t *bytes)
{
	struct motor_file *f = file_at(handle);
	MPI_Offset b = 0;
	*bytes = 0;
	if (!f)
		return MOTOR_EFILE;
	if (offset < 0)
		return MOTOR_EPOSITION;
	int rc = MPI_File_get_byte_offset(f->fh, (MPI_Offset)offset, &b);
	*bytes = (int64_t)b;
	return as_class(rc);
}

/* In a view with a filetype (whose displacements MPI requires to be nondecreasing, so that an etype's byte
 * offset grows with its position), the first position whose etype starts at or past byte `bytes`: found by
 * doubling, then bisecting, with MPI_File_get_byte_offset. */
static int first_at_or_past(const struct motor_file *f, MPI_Offset bytes, MPI_Offset *pos)
{
	MPI_Offset lo = 0, hi = 1, b = 0;
	int rc;
	while ((rc = MPI_File_get_byte_offset(f->fh, hi - 1, &b)) == MPI_SUCCESS && b < bytes &&
	       hi < INT64_MAX / 4)
		hi *= 2;
	while (rc == MPI_SUCCESS && lo < hi) {
		MPI_Offset mid = lo + (hi - lo) / 2;
		if ((rc = MPI_File_get_byte_offset(f->fh, mid, &b)) == MPI_SUCCESS && b < bytes)
			lo = mid + 1;
		else
			hi = mid;
	}
	*pos = lo;
	return rc;
}

/* A contiguous view's first byte (*first) and etype size (*etype): its etypes lie one after another, so the
 * second starts one etype after the first. */
static int contiguous_view(const struct motor_file *f, MPI_Offset *first, MPI_Offset *etype)
{
	MPI_Offset second = 0;
	int rc;
	if ((rc = MPI_File_get_byte_offset(f->fh, 0, first)) != MPI_SUCCESS ||
	    (rc = MPI_File_get_byte_offset(f->fh, 1, &second)) != MPI_SUCCESS)
		return rc;
	*etype = second > *first ? second - *first : 1;
	return MPI_SUCCESS;
}

/* The end of the file in etypes of the view: the first etype that starts at or past it. */
static int end_in_etypes(const struct motor_file *f, MPI_Offset *end)
{
	MPI_Offset size = 0, b0 = 0, esize = 1;
	int rc;
	if ((rc = MPI_File_get_size(f->fh, &size)) != MPI_SUCCESS)
		return rc;
	if (f->strided)
		return first_at_or_past(f, size, end);
	if ((rc = contiguous_view(f, &b0, &esize)) != MPI_SUCCESS)
		return rc;
	*end = size > b0 ? (size - b0 + esize - 1) / esize : 0;
	return MPI_SUCCESS;
}

/* The absolute position, in etypes, of `offset` from `whence` for the individual (or the `shared`) file
 * pointer: MOTOR_EARG for another `whence`, MOTOR_EPOSITION for one before the view's start (or past
 * INT64_MAX). */
static int seek_target(const struct motor_file *f, int64_t offset, int whence, int shared, MPI_Offset *pos)
{
	MPI_Offset base = 0;
	int rc = MPI_SUCCESS;
	switch (whence) {
	case MOTOR_SEEK_SET:
		break;
	case MOTOR_SEEK_CUR:
		rc =
		    shared ? MPI_File_get_position_shared(f->fh, &base) : MPI_File_get_position(f->fh, &base);
		break;
	case MOTOR_SEEK_END:
		rc = end_in_etypes(f, &base);
		break;
	default:
		return MOTOR_EARG;
	}
	if (rc != MPI_SUCCESS)
		return as_class(rc);
	if (offset < -(int64_t)base || (offset > 0 && (int64_t)base > INT64_MAX - offset))
		return MOTOR_EPOSITION;
	*pos = base + (MPI_Offset)offset;
	return MOTOR_OK;
}

int motor_mpi_file_seek(int handle, int64_t offset, int whence)
{
	struct motor_file *f = file_at(handle);
	MPI_Offset pos = 0;
	if (!f)
		return MOTOR_EFILE;
	if (f->amode & MOTOR_MODE_SEQUENTIAL)
		return MOTOR_ESEQUENTIAL;
	int rc = seek_target(f, offset, whence, 0, &pos);
	return rc != MOTOR_OK ? rc : as_class(MPI_File_seek(f->fh, pos, MPI_SEEK_SET));
}

int motor_mpi_file_seek_shared(int handle, int64_t offset, int whence, int verdict)
{
	struct motor_file *f = file_at(handle);
	MPI_Offset pos = 0;
	if (!f)
		return MOTOR_EFILE;
	if (verdict == MOTOR_OK && (f->amode & MOTOR_MODE_SEQUENTIAL))
		verdict = MOTOR_ESEQUENTIAL;
	if (verdict == MOTOR_OK)
		verdict = seek_target(f, offset, whence, 1, &pos);
	int64_t v = (int64_t)pos;
	int rc = agree_equal(f->comm, f->rank, f->size, verdict, &v, 1);
	if (rc != MOTOR_OK)
		return rc;
	struct motor_block b;
	motor_mpi__block_begin(&b);
	rc = MPI_File_seek_shared(f->fh, pos, MPI_SEEK_SET);
	motor_mpi__block_end(&b);
	return as_class(rc);
}

int motor_mpi_file_get_position_shared(int handle, int64_t *pos)
{
	return value_of(handle, POSITION_SHARED, pos);
}

int motor_mpi_file_ctl(int handle, int what, int64_t arg, int verdict)
{
	struct motor_file *f = file_at(handle);
	if (!f)
		return MOTOR_EFILE;
	if (verdict == MOTOR_OK && what != MOTOR_FILE_SYNC && what != MOTOR_FILE_AGREE && arg < 0)
		verdict = MOTOR_EARG;
	if (verdict == MOTOR_OK && what == MOTOR_FILE_SET_ATOMICITY && arg > 1)
		verdict = MOTOR_EARG;
	/* MPI needs the same size or flag on every rank.  With sizes that differ, MPICH 4.0.2's set_size
	 * fails on every rank and Open MPI 4.1's hangs (plain C, 3 ranks): compared here, every rank raises
	 * alike. */
	int64_t same = arg;
	int rc = what == MOTOR_FILE_SYNC || what == MOTOR_FILE_AGREE
	             ? agree(f, verdict)
	             : agree_equal(f->comm, f->rank, f->size, verdict, &same, 1);
	if (rc != MOTOR_OK || what == MOTOR_FILE_AGREE)
		return rc;

	struct motor_block b;
	motor_mpi__block_begin(&b);
	switch (what) {
	case MOTOR_FILE_SET_SIZE:
		rc = MPI_File_set_size(f->fh, (MPI_Offset)arg);
		break;
	case MOTOR_FILE_PREALLOCATE:
		rc = MPI_File_preallocate(f->fh, (MPI_Offset)arg);
		break;
	case MOTOR_FILE_SYNC:
		rc = MPI_File_sync(f->fh);
		break;
	case MOTOR_FILE_SET_ATOMICITY:
		rc = MPI_File_set_atomicity(f->fh, (int)arg);
		break;
	default:
		rc = MOTOR_EARG;
	}
	motor_mpi__block_end(&b);
	return as_class(rc);
}

int motor_mpi_file_query(int handle, int what, int64_t *value)
{
	static const enum value values[] = {
	    [MOTOR_FILE_ATOMICITY] = ATOMICITY, [MOTOR_FILE_AMODE] = AMODE, [MOTOR_FILE_GROUP] = GROUP};
	if (what < 0 || what >= (int)(sizeof values / sizeof values[0])) {
		*value = 0;
		return MOTOR_EARG;
	}
	return value_of(handle, values[what], value);
}

int motor_mpi_file_set_view(int handle, int64_t disp, int dt, const int32_t *shape, int n, int verdict)
{
	struct motor_file *f = file_at(handle);
	MPI_Datatype etype = motor_mpi__type(dt), ftype = MPI_DATATYPE_NULL;
	if (!f)
		return MOTOR_EFILE;
	if (verdict == MOTOR_OK && (etype == MPI_DATATYPE_NULL || disp < 0))
		verdict = MOTOR_EARG;
	if (verdict == MOTOR_OK && shape && n > 0)
		verdict = motor_mpi__layout_type(etype, shape, n, &ftype);
	int rc = agree(f, verdict);
	if (rc == MOTOR_OK) {
		struct motor_block b;
		motor_mpi__block_begin(&b);
		rc = MPI_File_set_view(f->fh, (MPI_Offset)disp, etype,
		                       ftype != MPI_DATATYPE_NULL ? ftype : etype, "native", MPI_INFO_NULL);
		motor_mpi__block_end(&b);
	}
	if (rc == MPI_SUCCESS) {
		int size = 1;
		MPI_Type_size(etype, &size);
		f->strided = ftype != MPI_DATATYPE_NULL;
		f->view_dt = dt;
		f->etype_bytes = size > 0 ? size : 1;
	}
	if (ftype != MPI_DATATYPE_NULL)
		MPI_Type_free(&ftype);
	return as_class(rc);
}

/* A buffer of another element type than a strided view's etype (MPI requires a buffer made of etypes). */
static int fits_view(const struct motor_file *f, int dt)
{
	return f->strided && dt != f->view_dt ? MOTOR_ETYPE : MOTOR_OK;
}

/* The elements of `type` a completed file operation moved. */
static int64_t elements(const MPI_Status *st, MPI_Datatype type)
{
	int n = 0;
	if (MPI_Get_count(st, type, &n) == MPI_SUCCESS && n != MPI_UNDEFINED)
		return n;
	/* A part of an element (a file that ends inside one): whole elements only. */
	MPI_Count bytes = 0;
	int size = 0;
	MPI_Get_elements_x(st, MPI_BYTE, &bytes);
	MPI_Type_size(type, &size);
	return size > 0 && bytes != MPI_UNDEFINED ? (int64_t)bytes / size : 0;
}

/* How many etypes of the view `n` elements of `type` are, in *etypes: as many under a filetype (the elements
 * are etypes, fits_view), their bytes over the etype's size under a contiguous view; MOTOR_EETYPES if that is
 * not a whole number (MPI reads and writes whole etypes only). */
static int etypes_of(const struct motor_file *f, int64_t n, MPI_Datatype type, MPI_Offset *etypes)
{
	MPI_Offset etype = f->etype_bytes;
	int size = 0, rc;
	*etypes = n;
	if (f->strided)
		return MOTOR_OK;
	if ((rc = MPI_Type_size(type, &size)) != MPI_SUCCESS)
		return as_class(rc);
	MPI_Offset bytes = (MPI_Offset)n * size;
	if (bytes % etype)
		return MOTOR_EETYPES;
	*etypes = bytes / etype;
	return MOTOR_OK;
}

/* Whether `n` elements of `type` are whole etypes of the view (etypes_of). */
static int whole_etypes(const struct motor_file *f, int64_t n, MPI_Datatype type)
{
	MPI_Offset etypes;
	return etypes_of(f, n, type, &etypes);
}

/* Where an operation `how` of `count` elements of `type` starts, in etypes of the view: at `offset`
 * (MOTOR_FILE_AT), at the individual or the shared file pointer (MOTOR_FILE_SHARED), or -- an ordered read or
 * write (MOTOR_FILE_SHARED | MOTOR_FILE_ALL) -- at the shared pointer plus the blocks of the lower ranks, in
 * etypes (collective: an MPI_Exscan on the file's communicator, in which every rank takes part).  -1 if it
 * cannot be known. */
static MPI_Offset start_of(const struct motor_file *f, int how, int64_t offset, int64_t count,
                           MPI_Datatype type)
{
	MPI_Offset pos = -1, etypes = 0;
	int rc;
	if (how & MOTOR_FILE_AT)
		return (MPI_Offset)offset;
	if (!(how & MOTOR_FILE_SHARED))
		return MPI_File_get_position(f->fh, &pos) == MPI_SUCCESS ? pos : -1;
	rc = MPI_File_get_position_shared(f->fh, &pos);
	if (how & MOTOR_FILE_ALL) {
		int64_t before = 0,
		        mine = etypes_of(f, count, type, &etypes) == MOTOR_OK ? (int64_t)etypes : count;
		struct motor_block b;
		motor_mpi__block_begin(&b);
		int xrc = MPI_Exscan(&mine, &before, 1, MPI_INT64_T, MPI_SUM, f->comm);
		motor_mpi__block_end(&b);
		if (xrc != MPI_SUCCESS)
			rc = xrc;
		pos += f->rank == 0 ? 0 : before; /* MPI leaves rank 0's result undefined */
	}
	return rc == MPI_SUCCESS ? pos : -1;
}

static int64_t gcd(int64_t a, int64_t b)
{
	while (b) {
		int64_t t = a % b;
		a = b;
		b = t;
	}
	return a;
}

/* How many of `count` elements of `type` a read finds before the end of the file, starting at etype `pos` of
 * the view (start_of); `count` for a write.  Every read is cut to that before it starts: ROMIO's collective
 * reads report the whole count asked for even when the file ends first, and fill the part of the buffer past
 * the end with whatever their collective buffer held (MPICH 4.0: MPI_File_read_at_all past the end gave a
 * status of `count` elements and stale bytes in the buffer), and Open MPI 4.1's ompio never completes a
 * non-blocking read that starts past the end (its MPI_Wait spins in mca_common_ompio_progress).  Views here
 * are contiguous (the etype is the filetype), so every byte past the start is in view.  `count` if the
 * position or the size is unknown.  At the shared pointer another rank may move the pointer between start_of
 * and the read, but only forward: the cut can then be too generous, never too short, and the read itself
 * reports what it found. */
static int64_t readable(const struct motor_file *f, int how, MPI_Offset pos, int64_t count, MPI_Datatype type)
{
	MPI_Offset start = 0, size = 0, end = 0;
	int esize = 0;
	if ((how & MOTOR_FILE_WRITE) || count <= 0 || pos < 0 ||
	    MPI_File_get_size(f->fh, &size) != MPI_SUCCESS || MPI_Type_size(type, &esize) != MPI_SUCCESS ||
	    esize <= 0)
		return count;
	if (f->strided) {
		/* The buffer's elements are etypes: those whose last byte lies before the end of the file. */
		if (size < esize)
			return 0;
		if (first_at_or_past(f, size - esize + 1, &end) != MPI_SUCCESS)
			return count;
		return end <= pos ? 0 : end - pos < count ? end - pos : count;
	}
	MPI_Offset etype = f->etype_bytes;
	if (MPI_File_get_byte_offset(f->fh, pos, &start) != MPI_SUCCESS)
		return count;
	/* Whole etypes that are whole elements too: units of their least common multiple (`count` is whole
	 * etypes, whole_etypes). */
	int64_t unit = (int64_t)etype / gcd(etype, esize) * esize;
	int64_t held = size > start ? (int64_t)(size - start) / unit * (unit / esize) : 0;
	return held < count ? held : count;
}

/* What the access mode forbids, checked here so that every library refuses the same: on a MODE_SEQUENTIAL
 * file anything but the shared file pointer (Open MPI 4.1's ompio lets explicit offsets and the individual
 * pointer through, MPICH's ROMIO refuses them), reads of a write-only file and writes to a read-only one. */
static int mode_allows(const struct motor_file *f, int how)
{
	int write = how & MOTOR_FILE_WRITE;
	if (!(how & MOTOR_FILE_SHARED) && (f->amode & MOTOR_MODE_SEQUENTIAL))
		return MOTOR_ESEQUENTIAL;
	if (write ? (f->amode & MOTOR_MODE_RDONLY) : (f->amode & MOTOR_MODE_WRONLY))
		return MOTOR_EACCMODE;
	return MOTOR_OK;
}

int motor_mpi_file_rw(int handle, int how, int64_t offset, void *buf, int64_t count, int dt, int verdict,
                      int64_t *done)
{
	struct motor_file *f = file_at(handle);
	MPI_Datatype type = motor_mpi__type(dt);
	MPI_Status st;
	int rc;

	*done = 0;
	if (!f)
		return MOTOR_EFILE;
	if (verdict == MOTOR_OK && type == MPI_DATATYPE_NULL)
		verdict = MOTOR_EARG;
	if (verdict == MOTOR_OK && (count < 0 || count > INT_MAX))
		verdict = MOTOR_ECOUNT;
	if (verdict == MOTOR_OK && (how & MOTOR_FILE_AT) && offset < 0)
		verdict = MOTOR_EOFFSET;
	if (verdict == MOTOR_OK && (how & MOTOR_FILE_AT) && (how & MOTOR_FILE_SHARED))
		verdict = MOTOR_EARG;
	if (verdict == MOTOR_OK)
		verdict = mode_allows(f, how);
	if (verdict == MOTOR_OK)
		verdict = fits_view(f, dt);
	if (verdict == MOTOR_OK)
		verdict = whole_etypes(f, count, type);
	if (how & MOTOR_FILE_ALL)
		verdict = agree(f, verdict);
	if (verdict != MOTOR_OK)
		return verdict;

	MPI_Offset off = (MPI_Offset)offset;
	int n = (int)count;
	if (!(how & MOTOR_FILE_WRITE))
		n = (int)readable(f, how, start_of(f, how, offset, count, type), count, type);
	memset(&st, 0, sizeof st);
	struct motor_block b;
	motor_mpi__block_begin(&b);
	switch (how) {
	case 0:
		rc = MPI_File_read(f->fh, buf, n, type, &st);
		break;
	case MOTOR_FILE_WRITE:
		rc = MPI_File_write(f->fh, buf, n, type, &st);
		break;
	case MOTOR_FILE_AT:
		rc = MPI_File_read_at(f->fh, off, buf, n, type, &st);
		break;
	case MOTOR_FILE_AT | MOTOR_FILE_WRITE:
		rc = MPI_File_write_at(f->fh, off, buf, n, type, &st);
		break;
	case MOTOR_FILE_ALL:
		rc = MPI_File_read_all(f->fh, buf, n, type, &st);
		break;
	case MOTOR_FILE_ALL | MOTOR_FILE_WRITE:
		rc = MPI_File_write_all(f->fh, buf, n, type, &st);
		break;
	case MOTOR_FILE_ALL | MOTOR_FILE_AT:
		rc = MPI_File_read_at_all(f->fh, off, buf, n, type, &st);
		break;
	case MOTOR_FILE_ALL | MOTOR_FILE_AT | MOTOR_FILE_WRITE:
		rc = MPI_File_write_at_all(f->fh, off, buf, n, type, &st);
		break;
	case MOTOR_FILE_SHARED:
		rc = MPI_File_read_shared(f->fh, buf, n, type, &st);
		break;
	case MOTOR_FILE_SHARED | MOTOR_FILE_WRITE:
		rc = MPI_File_write_shared(f->fh, buf, n, type, &st);
		break;
	case MOTOR_FILE_SHARED | MOTOR_FILE_ALL:
		rc = MPI_File_read_ordered(f->fh, buf, n, type, &st);
		break;
	case MOTOR_FILE_SHARED | MOTOR_FILE_ALL | MOTOR_FILE_WRITE:
		rc = MPI_File_write_ordered(f->fh, buf, n, type, &st);
		break;
	default:
		rc = MOTOR_EARG;
	}
	motor_mpi__block_end(&b);
	if (rc == MPI_SUCCESS)
		*done = n == 0 ? 0 : elements(&st, type);
	if (rc == MPI_SUCCESS && *done > n)
		*done = n;
	return as_class(rc);
}

int motor_mpi_file_iat(int handle, int how, int64_t offset, void *buf, int64_t count, int dt, motor_req *req)
{
	struct motor_file *f = file_at(handle);
	MPI_Datatype type = motor_mpi__type(dt);
	MPI_Request r = MPI_REQUEST_NULL;
	int rc;

	if (!f)
		return MOTOR_EFILE;
	if (type == MPI_DATATYPE_NULL || (how & MOTOR_FILE_ALL) ||
	    ((how & MOTOR_FILE_AT) && (how & MOTOR_FILE_SHARED)))
		return MOTOR_EARG;
	if (count < 0 || count > INT_MAX)
		return MOTOR_ECOUNT;
	if ((how & MOTOR_FILE_AT) && offset < 0)
		return MOTOR_EOFFSET;
	if ((rc = mode_allows(f, how)) != MOTOR_OK || (rc = fits_view(f, dt)) != MOTOR_OK ||
	    (rc = whole_etypes(f, count, type)) != MOTOR_OK)
		return rc;
	/* At a file pointer, the pointer then advances by what is read. */
	if (!(how & MOTOR_FILE_WRITE))
		count = readable(f, how, start_of(f, how, offset, count, type), count, type);
	switch (how) {
	case MOTOR_FILE_SHARED | MOTOR_FILE_WRITE:
		rc = MPI_File_iwrite_shared(f->fh, buf, (int)count, type, &r);
		break;
	case MOTOR_FILE_SHARED:
		rc = MPI_File_iread_shared(f->fh, buf, (int)count, type, &r);
		break;
	case MOTOR_FILE_WRITE | MOTOR_FILE_AT:
		rc = MPI_File_iwrite_at(f->fh, (MPI_Offset)offset, buf, (int)count, type, &r);
		break;
	case MOTOR_FILE_AT:
		rc = MPI_File_iread_at(f->fh, (MPI_Offset)offset, buf, (int)count, type, &r);
		break;
	case MOTOR_FILE_WRITE:
		rc = MPI_File_iwrite(f->fh, buf, (int)count, type, &r);
		break;
	case 0:
		rc = MPI_File_iread(f->fh, buf, (int)count, type, &r);
		break;
	default:
		rc = MOTOR_EARG;
	}
	if (rc == MPI_SUCCESS)
		motor_mpi__req_set(req, r);
	return as_class(rc);
}

/* Where a non-blocking collective `how` of *count elements starts (*at, in etypes) and how many it moves
 * (*count: a read is cut at the end of the file first).  At the individual pointer it becomes the
 * explicit-offset operation at the pointer's position, and the pointer moves past the block now, at the post
 * (*moved etypes), as MPI_File_iread_all's would: the data operation itself starts only after the agreement.
 */
static int place(struct motor_file *f, int how, int64_t offset, int64_t *count, MPI_Datatype type,
                 MPI_Offset *at, MPI_Offset *moved)
{
	int rc = MOTOR_OK;
	*at = start_of(f, how, offset, *count, type);
	*count = readable(f, how, *at, *count, type);
	if (*at < 0)
		return MOTOR_EPOSITION;
	if (!(how & MOTOR_FILE_AT))
		rc = etypes_of(f, *count, type, moved);
	if (rc == MOTOR_OK && *moved > 0)
		rc = as_class(MPI_File_seek(f->fh, *moved, MPI_SEEK_CUR));
	if (rc != MOTOR_OK)
		*moved = 0;
	return rc;
}

int motor_mpi_file_iall(int handle, int how, int64_t offset, void *buf, int64_t count, int dt, int verdict,
                        motor_req *req)
{
	struct motor_file *f = file_at(handle);
	MPI_Datatype type = motor_mpi__type(dt);
	struct motor_comm *c = NULL;
	MPI_Offset at = offset, moved = 0; /* where it starts; how far it moves the individual pointer */

	motor_mpi__req_set(req, MPI_REQUEST_NULL);
	if (!f)
		return MOTOR_EFILE;
	if (verdict == MOTOR_OK &&
	    (type == MPI_DATATYPE_NULL || how != (how & (MOTOR_FILE_WRITE | MOTOR_FILE_AT))))
		verdict = MOTOR_EARG;
	if (verdict == MOTOR_OK && (count < 0 || count > INT_MAX))
		verdict = MOTOR_ECOUNT;
	if (verdict == MOTOR_OK && (how & MOTOR_FILE_AT) && offset < 0)
		verdict = MOTOR_EOFFSET;
	if (verdict == MOTOR_OK)
		verdict = mode_allows(f, how);
	if (verdict == MOTOR_OK)
		verdict = fits_view(f, dt);
	if (verdict == MOTOR_OK)
		verdict = whole_etypes(f, count, type);
	if (verdict == MOTOR_OK)
		verdict = place(f, how, offset, &count, type, &at, &moved);
	/* The file's communicator joins the table at its first non-blocking collective (a local step), for a
	 * queue of its own: the agreements and the data operations of this file keep their post order. */
	pthread_mutex_lock(&files_lock);
	if (f->ch < 0) {
		int h = -1;
		if (motor_mpi__comm_add(f->comm, &h) == MOTOR_OK) {
			/* Out of memory here, the first post makes a shadow after all: slower, still correct.
			 */
			motor_mpi__staged_unshadowed(h);
			f->ch = h;
		}
	}
	int ch = f->ch;
	pthread_mutex_unlock(&files_lock);
	if (ch < 0 || !(c = motor_mpi__comm(ch))) {
		/* Out of table entries here: the others still wait for this rank's part in the agreement,
		 * staged (an MPI_Iallreduce, which a blocking agreement would not match) where theirs is. */
		int code = verdict == MOTOR_OK ? MOTOR_ECOMMLIMIT : verdict;
		if (verdict == MOTOR_OK && moved > 0)
			MPI_File_seek(f->fh, -moved, MPI_SEEK_CUR); /* the pointer as it was */
		struct motor_comm tmp = {
		    .comm = f->comm, .rank = f->rank, .size = f->size, .remote_size = f->size};
		return f->size > 1 && motor_mpi__coll_agree ? motor_mpi__staged_refuse(&tmp, code)
		                                            : agree(f, code);
	}
	struct coll a = {.kind = how & MOTOR_FILE_WRITE ? FILE_WRITE_AT_ALL : FILE_READ_AT_ALL,
	                 .type = type,
	                 .comm = c->comm,
	                 .fh = f->fh,
	                 .offset = at};
	if (verdict == MOTOR_OK) {
		a.count = (int)count;
		a.sbuf = a.rbuf = buf;
	}
	int rc;
	if (c->size > 1 && motor_mpi__coll_agree)
		rc = motor_mpi__staged_post(c, ch, &a, verdict, NULL, req);
	else {
		MPI_Request r = MPI_REQUEST_NULL;
		rc = motor_mpi__agree(c, verdict);
		if (rc == MOTOR_OK && (rc = motor_mpi__coll_start(&a, &r)) == MPI_SUCCESS)
			motor_mpi__req_set(req, r);
		rc = as_class(rc);
	}
	/* Refused here at once (by this rank, or by all when nothing is staged): the pointer as it was. */
	if (rc != MOTOR_OK && verdict == MOTOR_OK && moved > 0)
		MPI_File_seek(f->fh, -moved, MPI_SEEK_CUR);
	return rc;
}

int motor_mpi_file_error_kind(int code)
{
	static const struct {
		int cls;
		int kind;
	} kinds[] = {
	    {MPI_ERR_NO_SUCH_FILE, MOTOR_FERR_NOENT},
	    {MPI_ERR_ACCESS, MOTOR_FERR_ACCESS},
	    {MPI_ERR_AMODE, MOTOR_FERR_AMODE},
	    {MPI_ERR_FILE_EXISTS, MOTOR_FERR_EXISTS},
	    {MPI_ERR_FILE_IN_USE, MOTOR_FERR_INUSE},
	    {MPI_ERR_NO_SPACE, MOTOR_FERR_NOSPACE},
	    {MPI_ERR_QUOTA, MOTOR_FERR_NOSPACE},
	    {MPI_ERR_READ_ONLY, MOTOR_FERR_READONLY},
	    {MPI_ERR_BAD_FILE, MOTOR_FERR_BADNAME},
	    {MPI_ERR_IO, MOTOR_FERR_IO},
	    {MPI_ERR_FILE, MOTOR_FERR_IO},
	    {MPI_ERR_UNSUPPORTED_OPERATION, MOTOR_FERR_UNSUPPORTED},
	};
	int cls = MPI_ERR_UNKNOWN;
	if (code <= 0 || MPI_Error_class(code, &cls) != MPI_SUCCESS)
		return MOTOR_FERR_OTHER;
	for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++)
		if (kinds[i].cls == cls)
			return kinds[i].kind;
	return MOTOR_FERR_OTHER;
}
