/*
 * op.c - reduction operators: which built-in operator MPI defines on which element type, and user-defined
 * operators, each with its own C entry point.
 *
 * MPI_User_function has no user-data argument, so a binding that wants many operators backed by different
 * functions of a higher-level language needs a distinct C function per operator.  mpi4py keeps a fixed array
 * of 32 precompiled entry points; here libffi makes one closure per operator instead (ffi_closure_alloc +
 * ffi_prep_closure_loc), whose user data is the operator's record, so there is no fixed limit.
 *
 * The table of user operators grows by doubling.  Readers (every reduction looks its operator up) take no
 * lock: the table is published by a release store of one pointer, and a table that has been replaced is kept
 * until finalize, so a reader that loaded the old pointer still reads valid memory.  Records never move.
 */
#include <ffi.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "motor-mpi-internal.h"

/* ---- built-in operators ---------------------------------------------------------------------------- */

/* MPI 4.0 §6.9.2: which groups of basic datatypes each predefined operator applies to. */
enum { G_INTEGER = 1, G_FLOAT = 2, G_LOGICAL = 4 };

static const struct {
	MPI_Op op;
	unsigned groups;
} builtin[MOTOR_OP_PREDEFINED] = {
    [MOTOR_OP_SUM] = {MPI_SUM, G_INTEGER | G_FLOAT},
    [MOTOR_OP_PROD] = {MPI_PROD, G_INTEGER | G_FLOAT},
    [MOTOR_OP_MIN] = {MPI_MIN, G_INTEGER | G_FLOAT},
    [MOTOR_OP_MAX] = {MPI_MAX, G_INTEGER | G_FLOAT},
    [MOTOR_OP_LAND] = {MPI_LAND, G_INTEGER | G_LOGICAL},
    [MOTOR_OP_LOR] = {MPI_LOR, G_INTEGER | G_LOGICAL},
    [MOTOR_OP_LXOR] = {MPI_LXOR, G_INTEGER | G_LOGICAL},
    [MOTOR_OP_BAND] = {MPI_BAND, G_INTEGER},
    [MOTOR_OP_BOR] = {MPI_BOR, G_INTEGER},
    [MOTOR_OP_BXOR] = {MPI_BXOR, G_INTEGER},
};

/* The group of a datatype handle; 0 for runs of bytes (blittable structs), on which no built-in operator is
 * defined.  C# char travels as uint16_t, a C integer type. */
static unsigned group_of(int dt)
{
	switch (dt) {
#define MOTOR_DT(name, mono, mpi, size, group)                                                               \
	case MOTOR_DT_##name:                                                                                \
		return G_##group;
#include "datatypes.def"
	default:
		return 0;
	}
}

/* ---- built-in operators the library gets wrong ----------------------------------------------------- */

/* inout[i] = in[i] (op) inout[i] for MPI's built-in operators on C type T.  Integers are added and multiplied
 * in an unsigned type U at least as wide as unsigned int, where overflow wraps as in MPI's own operators (in
 * C a signed overflow is undefined, and so is one of two uint16_t, which promote to int). */
typedef unsigned int uword;
#define ARITH(T, U, op, in, io, n)                                                                           \
	do {                                                                                                 \
		const T *x_ = (const T *)(in);                                                               \
		T *y_ = (T *)(io);                                                                           \
		for (int64_t i_ = 0; i_ < (n); i_++) {                                                       \
			T a_ = x_[i_], b_ = y_[i_];                                                          \
			switch (op) {                                                                        \
			case MOTOR_OP_SUM:                                                                   \
				y_[i_] = (T)((U)a_ + (U)b_);                                                 \
				break;                                                                       \
			case MOTOR_OP_PROD:                                                                  \
				y_[i_] = (T)((U)a_ * (U)b_);                                                 \
				break;                                                                       \
			case MOTOR_OP_MIN:                                                                   \
				y_[i_] = a_ < b_ ? a_ : b_;                                                  \
				break;                                                                       \
			case MOTOR_OP_MAX:                                                                   \
				y_[i_] = a_ > b_ ? a_ : b_;                                                  \
				break;                                                                       \
			case MOTOR_OP_LAND:                                                                  \
				y_[i_] = (T)(a_ && b_);                                                      \
				break;                                                                       \
			case MOTOR_OP_LOR:                                                                   \
				y_[i_] = (T)(a_ || b_);                                                      \
				break;                                                                       \
			case MOTOR_OP_LXOR:                                                                  \
				y_[i_] = (T)(!a_ != !b_);                                                    \
				break;                                                                       \
				BITS_##U(a_, b_, y_[i_])                                                     \
			}                                                                                    \
		}                                                                                            \
	} while (0)
/* The bitwise operators, for the integer types only (builtin[] allows them on no other). */
#define BITWISE(a, b, out)                                                                                   \
	case MOTOR_OP_BAND:                                                                                  \
		out = a & b;                                                                                 \
		break;                                                                                       \
	case MOTOR_OP_BOR:                                                                                   \
		out = a | b;                                                                                 \
		break;                                                                                       \
	case MOTOR_OP_BXOR:                                                                                  \
		out = a ^ b;                                                                                 \
		break;
#define BITS_uword BITWISE
#define BITS_uint64_t BITWISE
#define BITS_float(a, b, out)
#define BITS_double(a, b, out)

void motor_mpi__reduce_builtin(int dt, int op, const void *in, void *io, int64_t n)
{
	switch (dt) {
	case MOTOR_DT_U8:
		ARITH(uint8_t, uword, op, in, io, n);
		break;
	case MOTOR_DT_I8:
		ARITH(int8_t, uword, op, in, io, n);
		break;
	case MOTOR_DT_I16:
		ARITH(int16_t, uword, op, in, io, n);
		break;
	case MOTOR_DT_U16:
	case MOTOR_DT_CHAR16:
		ARITH(uint16_t, uword, op, in, io, n);
		break;
	case MOTOR_DT_I32:
		ARITH(int32_t, uword, op, in, io, n);
		break;
	case MOTOR_DT_U32:
		ARITH(uint32_t, uword, op, in, io, n);
		break;
	case MOTOR_DT_I64:
		ARITH(int64_t, uint64_t, op, in, io, n);
		break;
	case MOTOR_DT_U64:
		ARITH(uint64_t, uint64_t, op, in, io, n);
		break;
	case MOTOR_DT_F32:
		ARITH(float, float, op, in, io, n);
		break;
	case MOTOR_DT_F64:
		ARITH(double, double, op, in, io, n);
		break;
	case MOTOR_DT_BOOL:
		/* MPI_C_BOOL: only the logical operators apply; any non-zero byte is true. */
		ARITH(uint8_t, uword, op, in, io, n);
		break;
	default:
		break;
	}
}

/* Two libraries Motor runs on compute some built-in operators wrongly, and silently.  Debian 12's MPICH 4.0.2
 * compares unsigned integers as signed in MPI_MIN and MPI_MAX: MIN(255, 1) of two MPI_UINT8_T is 255, and so
 * for the 16-, 32- and 64-bit types (tests/upstream/mpich-unsigned-minmax.c).  Debian 12's Open MPI 4.1.4
 * adds 8- and 16-bit integers with saturation wherever its vector code runs, from 16 elements: 170 + 153 of
 * two MPI_UINT8_T is 255, not 67 (tests/upstream/openmpi-saturating-sum.c).
 *
 * So at init every built-in operator is checked on every type it is defined on: MPI_Reduce_local of CHECK_N
 * elements of varied bits against motor_mpi__reduce_builtin, C's arithmetic with MPI's rules (which the
 * agreement's carried reductions use too, agree.c).  A pair found wrong is served from then on by an operator
 * of Motor's own that calls motor_mpi__reduce_builtin, so a reduction gives the same value under every
 * library.  One-sided accumulations take only the library's operators: there such a pair is refused (win.c,
 * MOTOR_EOPLIBRARY). */
#define CHECK_N 256
static uint32_t wrong[MOTOR_OP_PREDEFINED]; /* bit dt: the library's operator is wrong on datatype dt */
static MPI_Op replacement[MOTOR_OP_PREDEFINED];

/* The predefined datatype whose MPI handle is `t`: the first, where two share one (same arithmetic). */
static int dt_of(MPI_Datatype t)
{
	for (int dt = 0; dt < MOTOR_DT_PREDEFINED; dt++)
		if (motor_mpi__type(dt) == t)
			return dt;
	return -1;
}

#define REPLACEMENT(o)                                                                                       \
	static void replace_##o(void *in, void *io, int *len, MPI_Datatype *t)                               \
	{                                                                                                    \
		motor_mpi__reduce_builtin(dt_of(*t), o, in, io, *len);                                       \
	}
REPLACEMENT(MOTOR_OP_SUM)
REPLACEMENT(MOTOR_OP_PROD)
REPLACEMENT(MOTOR_OP_MIN)
REPLACEMENT(MOTOR_OP_MAX)
REPLACEMENT(MOTOR_OP_LAND)
REPLACEMENT(MOTOR_OP_LOR)
REPLACEMENT(MOTOR_OP_LXOR)
REPLACEMENT(MOTOR_OP_BAND)
REPLACEMENT(MOTOR_OP_BOR)
REPLACEMENT(MOTOR_OP_BXOR)
static MPI_User_function *const replacement_fn[MOTOR_OP_PREDEFINED] = {
    replace_MOTOR_OP_SUM,  replace_MOTOR_OP_PROD, replace_MOTOR_OP_MIN,  replace_MOTOR_OP_MAX,
    replace_MOTOR_OP_LAND, replace_MOTOR_OP_LOR,  replace_MOTOR_OP_LXOR, replace_MOTOR_OP_BAND,
    replace_MOTOR_OP_BOR,  replace_MOTOR_OP_BXOR};

/* CHECK_N elements of datatype dt with varied bits (signs, carries, every byte value), from seed `x`: whole
 * numbers from -50 to 49 for the floating types (their sums and products exact), 0 and 1 for bool. */
static void check_data(int dt, uint32_t x, unsigned char *out)
{
	size_t size = motor_mpi_type_size(dt);
	for (int i = 0; i < CHECK_N; i++) {
		x = x * 1103515245u + 12345u;
		uint64_t v = (uint64_t)x << 32 | (uint32_t)(x * 2654435761u);
		double small = (double)((int)(x >> 16) % 100 - 50);
		if (dt == MOTOR_DT_F32)
			memcpy(out + (size_t)i * size, &(float){(float)small}, size);
		else if (dt == MOTOR_DT_F64)
			memcpy(out + (size_t)i * size, &small, size);
		else if (dt == MOTOR_DT_BOOL)
			out[i] = (unsigned char)(x >> 20 & 1u);
		else
			memcpy(out + (size_t)i * size, &v, size);
	}
}

/* Whether the library's operator `op` on datatype dt differs from motor_mpi__reduce_builtin. */
static int library_is_wrong(int op, int dt)
{
	static unsigned char in[CHECK_N * 8], lib[CHECK_N * 8], ours[CHECK_N * 8];
	check_data(dt, 1u + (unsigned)dt, in);
	check_data(dt, 77u + (unsigned)op, lib);
	memcpy(ours, lib, sizeof ours);
	if (MPI_Reduce_local(in, lib, CHECK_N, motor_mpi__type(dt), builtin[op].op) != MPI_SUCCESS)
		return 1;
	motor_mpi__reduce_builtin(dt, op, in, ours, CHECK_N);
	return memcmp(lib, ours, CHECK_N * motor_mpi_type_size(dt)) != 0;
}

int motor_mpi__op_init(void)
{
	int rc = MPI_SUCCESS;
	for (int op = 0; op < MOTOR_OP_PREDEFINED && rc == MPI_SUCCESS; op++) {
		wrong[op] = 0;
		replacement[op] = MPI_OP_NULL;
		for (int dt = 0; dt < MOTOR_DT_PREDEFINED; dt++)
			if ((builtin[op].groups & group_of(dt)) && library_is_wrong(op, dt))
				wrong[op] |= 1u << dt;
		if (wrong[op])
			rc = MPI_Op_create(replacement_fn[op], 1, &replacement[op]);
	}
	return rc;
}

int motor_mpi__op_replaced(int op, int dt)
{
	return op >= 0 && op < MOTOR_OP_PREDEFINED && dt >= 0 && dt < MOTOR_DT_PREDEFINED &&
	       (wrong[op] >> dt & 1u);
}

/* ---- user-defined operators ------------------------------------------------------------------------ */

struct user_op {
	MPI_Op op;
	ffi_closure *closure;
	motor_op_fn fn;
	void *ctx;
	int dt;
	atomic_int valid;
	int next_free;
};

struct optab {
	int cap;
	struct user_op *slots[];
};

static _Atomic(struct optab *) table;
static struct optab **retired; /* replaced tables, freed at finalize */
static int n_retired;
static int used, free_head = -1;                         /* slots in use or freed; head of the freed ones */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER; /* writers only; never held across a hook */
static ffi_cif cif;
static ffi_type *cif_args[4] = {&ffi_type_pointer, &ffi_type_pointer, &ffi_type_pointer, &ffi_type_pointer};
static pthread_once_t cif_once = PTHREAD_ONCE_INIT;
static int cif_status;

static void prep_cif(void)
{
	/* void MPI_User_function(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype) */
	cif_status = ffi_prep_cif(&cif, FFI_DEFAULT_ABI, 4, &ffi_type_void, cif_args) == FFI_OK
	                 ? MOTOR_OK
	                 : MOTOR_ENOMEM;
}

/* The body of every operator's entry point: unpack MPI's arguments and call the operator's function. */
static void trampoline(ffi_cif *c, void *ret, void **args, void *data)
{
	struct user_op *u = data;
	void *invec = *(void **)args[0];
	void *inoutvec = *(void **)args[1];
	const int *len = *(int **)args[2];
	(void)c;
	(void)ret;
	u->fn(u->ctx, invec, inoutvec, *len);
}

static struct user_op *user_op(int op)
{
	int i = op - MOTOR_OP_PREDEFINED;
	struct optab *t = atomic_load_explicit(&table, memory_order_acquire);
	if (i < 0 || !t || i >= t->cap)
		return NULL;
	struct user_op *u = t->slots[i];
	return u && atomic_load_explicit(&u->valid, memory_order_acquire) ? u : NULL;
}

int motor_mpi__op(int op, int dt, MPI_Op *out)
{
	if (op >= 0 && op < MOTOR_OP_PREDEFINED) {
		if (!(builtin[op].groups & group_of(dt)))
			return MOTOR_EOPTYPE;
		*out = motor_mpi__op_replaced(op, dt) ? replacement[op] : builtin[op].op;
		return MOTOR_OK;
	}
	struct user_op *u = user_op(op);
	if (!u)
		return MOTOR_EOP;
	if (u->dt != dt)
		return MOTOR_EOPTYPE;
	*out = u->op;
	return MOTOR_OK;
}

int motor_mpi_op_check(int op, int dt)
{
	MPI_Op m;
	return motor_mpi__op(op, dt, &m);
}

/* A record for a new operator: a freed one (records are reused, never freed before finalize, so a reader
 * racing with a free never reads freed memory), or a new one in a new slot, growing the table if needed. */
static struct user_op *take_record(int *index)
{
	pthread_mutex_lock(&lock);
	struct optab *t = atomic_load_explicit(&table, memory_order_relaxed);
	struct user_op *u;

	if (free_head >= 0) {
		*index = free_head;
		u = t->slots[free_head];
		free_head = u->next_free;
		pthread_mutex_unlock(&lock);
		return u;
	}
	int cap = t ? t->cap : 0;
	u = calloc(1, sizeof *u);
	if (u && used == cap) {
		int ncap = cap ? 2 * cap : 64;
		struct optab *n = calloc(1, sizeof *n + sizeof n->slots[0] * (size_t)ncap);
		struct optab **r = t ? realloc(retired, sizeof *r * (size_t)(n_retired + 1)) : retired;
		if (!n || (t && !r)) {
			free(n);
			free(u);
			u = NULL;
		} else {
			n->cap = ncap;
			if (t) {
				memcpy(n->slots, t->slots, sizeof t->slots[0] * (size_t)cap);
				retired = r;
				retired[n_retired++] = t;
			}
			atomic_store_explicit(&table, n, memory_order_release);
			t = n;
		}
	}
	if (u) {
		*index = used++;
		t->slots[*index] = u;
	}
	pthread_mutex_unlock(&lock);
	return u;
}

static void put_back(struct user_op *u, int index)
{
	pthread_mutex_lock(&lock);
	u->next_free = free_head;
	free_head = index;
	pthread_mutex_unlock(&lock);
}

int motor_mpi_op_create(motor_op_fn fn, void *ctx, int dt, int commute, int *op)
{
	void *code = NULL;
	int rc, index;

	if (!fn || motor_mpi_type_size(dt) == 0)
		return MOTOR_EARG;
	if (motor_mpi_finalized())
		return MOTOR_EFINALIZED;
	pthread_once(&cif_once, prep_cif);
	if (cif_status != MOTOR_OK)
		return cif_status;

	struct user_op *u = take_record(&index);
	if (!u)
		return MOTOR_ENOMEM;
	u->fn = fn;
	u->ctx = ctx;
	u->dt = dt;
	u->closure = ffi_closure_alloc(sizeof(ffi_closure), &code);
	if (!u->closure) {
		rc = MOTOR_ENOMEM;
		goto fail_record;
	}
	if (ffi_prep_closure_loc(u->closure, &cif, trampoline, u, code) != FFI_OK) {
		rc = MOTOR_ENOMEM;
		goto fail_closure;
	}
	if ((rc = MPI_Op_create((MPI_User_function *)code, commute != 0, &u->op)) != MPI_SUCCESS)
		goto fail_closure;
	atomic_store_explicit(&u->valid, 1, memory_order_release);
	*op = MOTOR_OP_PREDEFINED + index;
	return MOTOR_OK;

fail_closure:
	ffi_closure_free(u->closure);
	u->closure = NULL;
fail_record:
	put_back(u, index);
	return rc;
}

/* Releases what a record holds; the record itself stays in the table (invalid) until its index is reused. */
static void release(struct user_op *u)
{
	if (!motor_mpi_finalized())
		MPI_Op_free(&u->op);
	ffi_closure_free(u->closure);
	u->closure = NULL;
}

int motor_mpi_op_free(int op)
{
	int was_valid = 1, rc = MOTOR_EOP;

	/* Under the lock, so that a free racing with finalize (a finalizer thread) releases each operator
	 * once. */
	pthread_mutex_lock(&lock);
	struct user_op *u = user_op(op);
	if (u && atomic_compare_exchange_strong(&u->valid, &was_valid, 0)) {
		release(u);
		u->next_free = free_head;
		free_head = op - MOTOR_OP_PREDEFINED;
		rc = MOTOR_OK;
	}
	pthread_mutex_unlock(&lock);
	return rc;
}

int motor_mpi_reduce_local(const void *in, void *inout, int64_t count, int dt, int op)
{
	MPI_Datatype type = motor_mpi__type(dt);
	MPI_Op m;
	int rc;

	if (motor_mpi_finalized())
		return MOTOR_EFINALIZED; /* MPI_Reduce_local would end the process */
	if (type == MPI_DATATYPE_NULL)
		return MOTOR_EARG;
	if (count < 0 || count > INT32_MAX)
		return MOTOR_ECOUNT;
	if ((rc = motor_mpi__op(op, dt, &m)) != MOTOR_OK)
		return rc;
	return MPI_Reduce_local(in, inout, (int)count, type, m);
}

struct local {
	const void *in;
	void *inout;
	int64_t count;
	int dt, op, rc;
};

static void *local_thread(void *arg)
{
	struct local *l = arg;
	l->rc = motor_mpi_reduce_local(l->in, l->inout, l->count, l->dt, l->op);
	return NULL;
}

int motor_mpi_reduce_local_on_new_thread(const void *in, void *inout, int64_t count, int dt, int op)
{
	struct local l = {.in = in, .inout = inout, .count = count, .dt = dt, .op = op};
	struct motor_block b;
	pthread_t t;

	if (pthread_create(&t, NULL, local_thread, &l) != 0)
		return MOTOR_ENOMEM;
	motor_mpi__block_begin(&b);
	pthread_join(t, NULL);
	motor_mpi__block_end(&b);
	return l.rc;
}

void motor_mpi__op_fini(void)
{
	for (int op = 0; op < MOTOR_OP_PREDEFINED; op++) {
		if (replacement[op] != MPI_OP_NULL)
			MPI_Op_free(&replacement[op]);
		wrong[op] = 0;
	}
	pthread_mutex_lock(&lock);
	struct optab *t = atomic_exchange(&table, NULL);
	for (int i = 0; t && i < used; i++) {
		struct user_op *u = t->slots[i];
		if (u && atomic_load(&u->valid))
			release(u);
		free(u);
	}
	free(t);
	for (int i = 0; i < n_retired; i++)
		free(retired[i]);
	free(retired);
	retired = NULL;
	n_retired = 0;
	used = 0;
	free_head = -1;
	pthread_mutex_unlock(&lock);
}
