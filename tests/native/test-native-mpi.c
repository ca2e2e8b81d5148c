/*
 * test-native-mpi.c - unit tests of native-mpi/ (plain C over MPI, no Mono).
 *
 *	mpiexec -n N tests/native/test-native-mpi	(N = 1, 2, 3, ...)
 *
 * Rank 0 prints one line per test, "ok <name>" or "not ok <name>: <reason>"; every rank prints the details of
 * its own failures to stderr.  A test's verdict combines all ranks: after each test every rank sends its
 * failure count and first message to rank 0 (raw MPI_Gather on MPI_COMM_WORLD, so that the verdict does not
 * depend on the layer under test) and rank 0 broadcasts the total back.  The exit status is 0 iff every test
 * passed on every rank.  With one rank, the parts that need a peer process are skipped (noted on stderr);
 * parts that only need a second thread still run.
 *
 * The last test, "finalize", runs after motor_mpi_finalize, when ranks can no longer talk: its line reports
 * rank 0's checks and the other ranks' results reach the harness through their exit status only.
 *
 * Every test uses its own tags, so a message a failed test leaves behind cannot be matched by a later test.
 */
#include <limits.h>
#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "motor-mpi.h"

#include "check.h"

/* The documented default poll count (motor-mpi.h).  The immediate-completion checks set it explicitly, so
 * that a MOTOR_SPIN in the environment does not change what they test. */
enum { DEFAULT_SPIN = 256 };

static int g_rank, g_size, g_provided = -1;
static char g_prefix[32];

static int next_rank(void)
{
	return (g_rank + 1) % g_size;
}

static int prev_rank(void)
{
	return (g_rank + g_size - 1) % g_size;
}

static void sleep_ms(long ms)
{
	struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
	while (nanosleep(&ts, &ts) != 0)
		;
}

static void skip_note(const char *what)
{
	if (g_rank == 0)
		fprintf(stderr, "# %s: skipped (needs a peer rank, size is 1): %s\n", check_state_.test,
		        what);
}

static const char *errstr(int code)
{
	static char buf[4][MPI_MAX_ERROR_STRING + 64];
	static int next;
	char *b = buf[next++ % 4];
	motor_mpi_error_string(code, b, MPI_MAX_ERROR_STRING + 64);
	return b;
}

/* A return code compared with the expected one; on failure both are printed with their messages. */
#define CHECK_RC(expr, want)                                                                                 \
	do {                                                                                                 \
		int check_rc_ = (expr), check_want_ = (want);                                                \
		if (check_rc_ != check_want_)                                                                \
			CHECK_FAIL("%s returned %d (%s), expected %s = %d (%s)", #expr, check_rc_,           \
			           errstr(check_rc_), #want, check_want_, errstr(check_want_));              \
	} while (0)
#define CHECK_OK(expr) CHECK_RC(expr, MOTOR_OK)

/* A positive MPI error code whose class is `cls`. */
#define CHECK_MPI_CLASS(expr, cls)                                                                           \
	do {                                                                                                 \
		int check_rc_ = (expr);                                                                      \
		if (check_rc_ <= 0 || motor_mpi_error_class(check_rc_) != (cls))                             \
			CHECK_FAIL("%s returned %d (%s, class %d), expected an MPI error of class %s = %d",  \
			           #expr, check_rc_, errstr(check_rc_), motor_mpi_error_class(check_rc_),    \
			           #cls, (int)(cls));                                                        \
	} while (0)

/* Every byte of buf[from, to) equals `val`. */
#define CHECK_GUARD(buf, from, to, val)                                                                      \
	do {                                                                                                 \
		const unsigned char *check_g_ = (const unsigned char *)(buf);                                \
		for (size_t check_i_ = (from); check_i_ < (size_t)(to); check_i_++)                          \
			if (check_g_[check_i_] != (unsigned char)(val)) {                                    \
				CHECK_FAIL("guard byte %s[%zu] overwritten: 0x%02x, expected 0x%02x", #buf,  \
				           check_i_, check_g_[check_i_], (unsigned char)(val));              \
				break;                                                                       \
			}                                                                                    \
	} while (0)

/* Deterministic contents for a message: depends on the seed (sender, test) and the position. */
static void fill(void *buf, size_t n, unsigned seed, int dt)
{
	unsigned char *p = buf;
	for (size_t i = 0; i < n; i++) {
		p[i] = (unsigned char)(seed * 131u + i * 29u + (i >> 8) + 7u);
		if (dt == MOTOR_DT_BOOL)
			p[i] &= 1;
	}
}

/* Overwrites the stack below the caller with junk, so that a status field the library forgets to set shows
 * up as junk instead of a lucky zero. */
static __attribute__((noinline)) void poison_stack(void)
{
	volatile unsigned char junk[16384];
	for (size_t i = 0; i < sizeof junk; i++)
		junk[i] = 0xA5;
}

static void poison_status(motor_status *st)
{
	memset(st, 0x5A, sizeof *st);
}

static const size_t expected_size[MOTOR_DT_PREDEFINED] = {
    [MOTOR_DT_U8] = 1,  [MOTOR_DT_I8] = 1,  [MOTOR_DT_I16] = 2,    [MOTOR_DT_U16] = 2,
    [MOTOR_DT_I32] = 4, [MOTOR_DT_U32] = 4, [MOTOR_DT_I64] = 8,    [MOTOR_DT_U64] = 8,
    [MOTOR_DT_F32] = 4, [MOTOR_DT_F64] = 8, [MOTOR_DT_CHAR16] = 2, [MOTOR_DT_BOOL] = 1,
};

/* ---- env ---------------------------------------------------------------------------------------------- */

CHECK_TEST(env_init)
{
	int provided = -1;

	CHECK_EQ_INT(g_provided, MOTOR_THREAD_MULTIPLE);
	CHECK_EQ_INT(motor_mpi_initialized(), 1);
	CHECK_EQ_INT(motor_mpi_finalized(), 0);
	CHECK_OK(motor_mpi_query_thread(&provided));
	CHECK_EQ_INT(provided, MOTOR_THREAD_MULTIPLE);

	/* Initialising again is harmless and reports the level MPI already has, whatever is asked for. */
	int argc = 1;
	char arg0[] = "test-native-mpi", *args[] = {arg0, NULL}, **argv = args;
	provided = -1;
	CHECK_OK(motor_mpi_init(&argc, &argv, MOTOR_THREAD_MULTIPLE, &provided));
	CHECK_EQ_INT(provided, MOTOR_THREAD_MULTIPLE);
	provided = -1;
	CHECK_OK(motor_mpi_init(NULL, NULL, MOTOR_THREAD_SINGLE, &provided));
	CHECK_EQ_INT(provided, MOTOR_THREAD_MULTIPLE);
	CHECK_EQ_INT(motor_mpi_initialized(), 1);
	CHECK_EQ_INT(motor_mpi_finalized(), 0);

	/* ... and leaves the built-in communicators usable. */
	int rank = -1, size = -1;
	CHECK_OK(motor_mpi_comm_rank(MOTOR_COMM_WORLD, &rank));
	CHECK_OK(motor_mpi_comm_size(MOTOR_COMM_WORLD, &size));
	CHECK_EQ_INT(rank, g_rank);
	CHECK_EQ_INT(size, g_size);
	CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
}

CHECK_TEST(env_wtime)
{
	double prev = motor_mpi_wtime(), start = prev;
	for (int i = 0; i < 100000; i++) {
		double t = motor_mpi_wtime();
		if (t < prev) {
			CHECK_LE_DBL(prev, t);
			break;
		}
		prev = t;
	}
	sleep_ms(20);
	double elapsed = motor_mpi_wtime() - start;
	CHECK_GE_DBL(elapsed, 0.015);
	CHECK_LT_DBL(elapsed, 10.0);

	double tick = motor_mpi_wtick();
	CHECK_GT_DBL(tick, 0.0);
	CHECK_LE_DBL(tick, 0.01);
	CHECK_EQ_DBL(tick, MPI_Wtick());
}

CHECK_TEST(env_processor_name)
{
	char name[MOTOR_MAX_PROCESSOR_NAME], mpi_name[MPI_MAX_PROCESSOR_NAME + 1];
	int len = 0;

	memset(name, 0x7f, sizeof name);
	CHECK_OK(motor_mpi_processor_name(name, sizeof name));
	CHECK(memchr(name, '\0', sizeof name) != NULL);
	name[sizeof name - 1] = '\0';
	CHECK_NONEMPTY_STR(name);
	CHECK_EQ_INT(MPI_Get_processor_name(mpi_name, &len), MPI_SUCCESS);
	mpi_name[len] = '\0';
	CHECK_EQ_STR(name, mpi_name);

	/* A short buffer receives a NUL-terminated prefix and nothing past its end. */
	char small[8];
	memset(small, 0x7f, sizeof small);
	CHECK_OK(motor_mpi_processor_name(small, 3));
	CHECK_LE_INT(strlen(small), 2);
	CHECK_EQ_INT(strncmp(small, name, strlen(small)), 0);
	CHECK_GUARD(small, 3, sizeof small, 0x7f);
}

CHECK_TEST(env_library_version)
{
	const char *v = motor_mpi_library_version();
	char mpi_v[MPI_MAX_LIBRARY_VERSION_STRING + 1];
	int len = 0;

	CHECK_NONEMPTY_STR(v);
	if (!v)
		return;
	CHECK_NULL(strchr(v, '\n'));
	CHECK_EQ_PTR(motor_mpi_library_version(), v);
	CHECK_EQ_STR(motor_mpi_library_version(), v);
	CHECK_EQ_INT(MPI_Get_library_version(mpi_v, &len), MPI_SUCCESS);
	mpi_v[MPI_MAX_LIBRARY_VERSION_STRING] = '\0';
	CHECK_EQ_INT(strncmp(v, mpi_v, strlen(v)), 0);
}

CHECK_TEST(env_spin)
{
	int saved = motor_mpi_get_spin();
	const char *env = getenv("MOTOR_SPIN");

	if (!env || !*env)
		CHECK_EQ_INT(saved, DEFAULT_SPIN);
	motor_mpi_set_spin(0);
	CHECK_EQ_INT(motor_mpi_get_spin(), 0);
	motor_mpi_set_spin(-5);
	CHECK_EQ_INT(motor_mpi_get_spin(), 0);
	motor_mpi_set_spin(1000);
	CHECK_EQ_INT(motor_mpi_get_spin(), 1000);
	motor_mpi_set_spin(saved);
	CHECK_EQ_INT(motor_mpi_get_spin(), saved);

	uint64_t w1 = 0, i1 = 0, w2 = 0, i2 = 0;
	motor_mpi_block_counts(&w1, &i1);
	motor_mpi_block_counts(&w2, &i2);
	CHECK_EQ_UINT(w2, w1);
	CHECK_EQ_UINT(i2, i1);
}

/* ---- communicators ------------------------------------------------------------------------------------ */

CHECK_TEST(comm_rank_size)
{
	int rank = -1, size = -1, mpi_rank = -2, mpi_size = -2;

	CHECK_OK(motor_mpi_comm_rank(MOTOR_COMM_WORLD, &rank));
	CHECK_OK(motor_mpi_comm_size(MOTOR_COMM_WORLD, &size));
	MPI_Comm_rank(MPI_COMM_WORLD, &mpi_rank);
	MPI_Comm_size(MPI_COMM_WORLD, &mpi_size);
	CHECK_EQ_INT(rank, mpi_rank);
	CHECK_EQ_INT(size, mpi_size);
	CHECK_GE_INT(rank, 0);
	CHECK_LT_INT(rank, size);

	rank = size = -1;
	CHECK_OK(motor_mpi_comm_rank(MOTOR_COMM_SELF, &rank));
	CHECK_OK(motor_mpi_comm_size(MOTOR_COMM_SELF, &size));
	CHECK_EQ_INT(rank, 0);
	CHECK_EQ_INT(size, 1);
}

/* Every entry point that takes a communicator refuses `comm` with MOTOR_ECOMM and writes no output. */
static void check_bad_comm(int comm)
{
	int out = 12345, flag = 12345, buf = 7, rbuf = 99;
	motor_status st;

	CHECK_RC(motor_mpi_comm_rank(comm, &out), MOTOR_ECOMM);
	CHECK_RC(motor_mpi_comm_size(comm, &out), MOTOR_ECOMM);
	CHECK_RC(motor_mpi_comm_dup(comm, &out), MOTOR_ECOMM);
	CHECK_EQ_INT(out, 12345);
	CHECK_RC(motor_mpi_comm_free(comm), MOTOR_ECOMM);
	CHECK_RC(motor_mpi_barrier(comm), MOTOR_ECOMM);
	CHECK_RC(motor_mpi_send(&buf, 1, MOTOR_DT_I32, 0, 1, comm, MOTOR_SEND_STANDARD), MOTOR_ECOMM);
	CHECK_RC(motor_mpi_send(&buf, 1, MOTOR_DT_I32, 0, 1, comm, MOTOR_SEND_SYNC), MOTOR_ECOMM);
	poison_status(&st);
	CHECK_RC(motor_mpi_recv(&rbuf, 1, MOTOR_DT_I32, 0, 1, comm, &st), MOTOR_ECOMM);
	CHECK_EQ_INT(rbuf, 99);
	CHECK_RC(motor_mpi_sendrecv(&buf, 1, MOTOR_DT_I32, 0, 1, &rbuf, 1, MOTOR_DT_I32, 0, 1, comm, &st),
	         MOTOR_ECOMM);
	CHECK_EQ_INT(rbuf, 99);
	CHECK_RC(motor_mpi_probe(0, 1, comm, &st), MOTOR_ECOMM);
	CHECK_RC(motor_mpi_iprobe(0, 1, comm, &flag, &st), MOTOR_ECOMM);
	CHECK_EQ_INT(flag, 12345);
	CHECK_EQ_INT(st.source, 0x5A5A5A5A);
	CHECK_EQ_INT(out, 12345);
}

CHECK_TEST(comm_invalid_handles)
{
	check_bad_comm(-1);
	check_bad_comm(4096);
	check_bad_comm(4095); /* in range, never created */
	check_bad_comm(INT_MIN);
	check_bad_comm(INT_MAX);

	int dup = -1;
	CHECK_OK(motor_mpi_comm_dup(MOTOR_COMM_WORLD, &dup));
	CHECK_GT_INT(dup, MOTOR_COMM_SELF);
	CHECK_OK(motor_mpi_comm_free(dup));
	check_bad_comm(dup);
	/* The built-in communicators survive all of that. */
	int size = -1;
	CHECK_OK(motor_mpi_comm_size(MOTOR_COMM_WORLD, &size));
	CHECK_EQ_INT(size, g_size);
}

CHECK_TEST(comm_free_builtin)
{
	int rank = -1, size = -1;

	CHECK_RC(motor_mpi_comm_free(MOTOR_COMM_WORLD), MOTOR_ECOMMFREE);
	CHECK_RC(motor_mpi_comm_free(MOTOR_COMM_SELF), MOTOR_ECOMMFREE);
	CHECK_RC(motor_mpi_comm_free(MOTOR_COMM_WORLD), MOTOR_ECOMMFREE);
	CHECK_OK(motor_mpi_comm_rank(MOTOR_COMM_WORLD, &rank));
	CHECK_OK(motor_mpi_comm_size(MOTOR_COMM_SELF, &size));
	CHECK_EQ_INT(rank, g_rank);
	CHECK_EQ_INT(size, 1);
	CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
}

enum { TAG_DUP = 1100 };

CHECK_TEST(comm_dup_free)
{
	int dup = -1, rank = -1, size = -1;

	CHECK_OK(motor_mpi_comm_dup(MOTOR_COMM_WORLD, &dup));
	CHECK_GT_INT(dup, MOTOR_COMM_SELF);
	CHECK_LT_INT(dup, 4096);
	CHECK_OK(motor_mpi_comm_rank(dup, &rank));
	CHECK_OK(motor_mpi_comm_size(dup, &size));
	CHECK_EQ_INT(rank, g_rank);
	CHECK_EQ_INT(size, g_size);
	CHECK_OK(motor_mpi_barrier(dup));

	/* A message on the duplicate is not matched on WORLD: rank 0 sends on the duplicate first, then on
	 * WORLD with the same tag; by non-overtaking, a leak would make the WORLD receive see the first
	 * message. */
	if (g_size > 1) {
		int a = 0x11111111, b = 0x22222222, r = 0;
		motor_status st;
		if (g_rank == 0) {
			CHECK_OK(motor_mpi_send(&a, 1, MOTOR_DT_I32, 1, TAG_DUP, dup, MOTOR_SEND_STANDARD));
			CHECK_OK(motor_mpi_send(&b, 1, MOTOR_DT_I32, 1, TAG_DUP, MOTOR_COMM_WORLD,
			                        MOTOR_SEND_STANDARD));
		} else if (g_rank == 1) {
			CHECK_OK(motor_mpi_recv(&r, 1, MOTOR_DT_I32, 0, TAG_DUP, MOTOR_COMM_WORLD, &st));
			CHECK_EQ_INT(r, b);
			r = 0;
			CHECK_OK(
			    motor_mpi_recv(&r, 1, MOTOR_DT_I32, MOTOR_ANY_SOURCE, MOTOR_ANY_TAG, dup, &st));
			CHECK_EQ_INT(r, a);
			CHECK_EQ_INT(st.source, 0);
			CHECK_EQ_INT(st.tag, TAG_DUP);
		}
	} else {
		skip_note("message isolation between WORLD and its duplicate");
	}

	/* A duplicate of a duplicate, and of SELF. */
	int dup2 = -1, self = -1;
	CHECK_OK(motor_mpi_comm_dup(dup, &dup2));
	CHECK_GT_INT(dup2, MOTOR_COMM_SELF);
	CHECK_NE_INT(dup2, dup);
	CHECK_OK(motor_mpi_comm_dup(MOTOR_COMM_SELF, &self));
	CHECK_GT_INT(self, MOTOR_COMM_SELF);
	CHECK_NE_INT(self, dup);
	CHECK_NE_INT(self, dup2);
	rank = size = -1;
	CHECK_OK(motor_mpi_comm_rank(self, &rank));
	CHECK_OK(motor_mpi_comm_size(self, &size));
	CHECK_EQ_INT(rank, 0);
	CHECK_EQ_INT(size, 1);
	{
		int s = 42, r = 0;
		motor_status st;
		poison_status(&st);
		CHECK_OK(motor_mpi_sendrecv(&s, 1, MOTOR_DT_I32, 0, 5, &r, 1, MOTOR_DT_I32, 0, 5, self, &st));
		CHECK_EQ_INT(r, 42);
		CHECK_EQ_INT(st.source, 0);
		CHECK_EQ_INT(st.tag, 5);
		CHECK_EQ_INT(st.bytes, 4);
	}

	CHECK_OK(motor_mpi_comm_free(self));
	CHECK_OK(motor_mpi_comm_free(dup2));
	CHECK_OK(motor_mpi_comm_free(dup));
	CHECK_RC(motor_mpi_comm_rank(dup, &rank), MOTOR_ECOMM);
	CHECK_RC(motor_mpi_comm_free(dup), MOTOR_ECOMM);
	CHECK_RC(motor_mpi_comm_free(dup2), MOTOR_ECOMM);
	CHECK_RC(motor_mpi_comm_free(self), MOTOR_ECOMM);

	/* Many at once get distinct handles, and all of them free. */
	enum { N = 16 };
	int h[N];
	for (int i = 0; i < N; i++) {
		h[i] = -1;
		CHECK_OK(motor_mpi_comm_dup(i % 2 ? MOTOR_COMM_SELF : MOTOR_COMM_WORLD, &h[i]));
		for (int j = 0; j < i; j++)
			if (h[j] == h[i])
				CHECK_FAIL("dup %d and dup %d share handle %d", j, i, h[i]);
	}
	for (int i = N - 1; i >= 0; i--)
		CHECK_OK(motor_mpi_comm_free(h[i]));
	CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
}

CHECK_TEST(barrier)
{
	CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
	CHECK_OK(motor_mpi_barrier(MOTOR_COMM_SELF));
	CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));

	/* The barrier really waits: rank 0 arrives 100 ms late, so nobody may leave before it arrives. */
	if (g_size > 1) {
		double t0 = motor_mpi_wtime();
		if (g_rank == 0)
			sleep_ms(100);
		CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
		double elapsed = motor_mpi_wtime() - t0;
		CHECK_GE_DBL(elapsed, 0.08);
	} else {
		skip_note("barrier waits for a late rank");
	}
}

/* ---- datatypes ---------------------------------------------------------------------------------------- */

enum { TAG_DTSIZE = 1200 };

CHECK_TEST(datatype_sizes)
{
	for (int dt = 0; dt < MOTOR_DT_PREDEFINED; dt++) {
		size_t s = motor_mpi_type_size(dt);
		if (s != expected_size[dt])
			CHECK_FAIL("motor_mpi_type_size(%d) = %zu, expected %zu", dt, s, expected_size[dt]);

		/* The MPI datatype behind the handle has that size too: 3 elements make 3 * size bytes. */
		unsigned char sbuf[3 * 8], rbuf[3 * 8 + 8];
		motor_status st;
		fill(sbuf, sizeof sbuf, (unsigned)dt, dt);
		memset(rbuf, 0xEE, sizeof rbuf);
		poison_status(&st);
		int rc = motor_mpi_sendrecv(sbuf, 3, dt, 0, TAG_DTSIZE + dt, rbuf, 3, dt, 0, TAG_DTSIZE + dt,
		                            MOTOR_COMM_SELF, &st);
		if (rc != MOTOR_OK)
			CHECK_FAIL("sendrecv of 3 x dt %d on SELF: %d (%s)", dt, rc, errstr(rc));
		else if (st.bytes != (int64_t)(3 * expected_size[dt]))
			CHECK_FAIL("3 x dt %d carried %lld bytes, expected %zu", dt, (long long)st.bytes,
			           3 * expected_size[dt]);
		CHECK_EQ_MEM(rbuf, sbuf, 3 * expected_size[dt]);
		CHECK_GUARD(rbuf, 3 * expected_size[dt], sizeof rbuf, 0xEE);
	}
	CHECK_EQ_UINT(motor_mpi_type_size(-1), 0);
	CHECK_EQ_UINT(motor_mpi_type_size(INT_MIN), 0);
	CHECK_EQ_UINT(motor_mpi_type_size(INT_MAX), 0);
	CHECK_EQ_UINT(motor_mpi_type_size(MOTOR_DT_PREDEFINED + 1000), 0);
}

struct blit {
	int32_t a;
	double b;
	uint16_t c[6];
};

CHECK_TEST(datatype_bytes)
{
	int dt = -1, again = -1, other = -1;

	CHECK_OK(motor_mpi_type_bytes(sizeof(struct blit), &dt));
	CHECK_GE_INT(dt, MOTOR_DT_PREDEFINED);
	CHECK_EQ_UINT(motor_mpi_type_size(dt), sizeof(struct blit));
	CHECK_OK(motor_mpi_type_bytes(sizeof(struct blit), &again));
	CHECK_EQ_INT(again, dt);
	CHECK_OK(motor_mpi_type_bytes(13, &other));
	CHECK_GE_INT(other, MOTOR_DT_PREDEFINED);
	CHECK_NE_INT(other, dt);
	CHECK_EQ_UINT(motor_mpi_type_size(other), 13);
	again = -1;
	CHECK_OK(motor_mpi_type_bytes(13, &again));
	CHECK_EQ_INT(again, other);
	/* A size that happens to equal a predefined one still gets a derived handle, and keeps it. */
	int one = -1, one_again = -2;
	CHECK_OK(motor_mpi_type_bytes(1, &one));
	CHECK_GE_INT(one, MOTOR_DT_PREDEFINED);
	CHECK_OK(motor_mpi_type_bytes(1, &one_again));
	CHECK_EQ_INT(one_again, one);

	int untouched = 777;
	CHECK_RC(motor_mpi_type_bytes(0, &untouched), MOTOR_EARG);
	CHECK_RC(motor_mpi_type_bytes(SIZE_MAX, &untouched), MOTOR_EARG);
	CHECK_RC(motor_mpi_type_bytes((size_t)INT32_MAX + 1, &untouched), MOTOR_EARG);
	CHECK_EQ_INT(untouched, 777);

	/* The handle carries structs: two of them round-trip on SELF with their exact bytes. */
	struct blit s[2], r[3];
	motor_status st;
	memset(s, 0, sizeof s);
	s[0] = (struct blit){-5, 2.5, {1, 2, 3, 4, 5, 6}};
	s[1] = (struct blit){INT32_MAX, -1e300, {65535, 0, 7, 8, 9, 10}};
	memset(r, 0xEE, sizeof r);
	poison_status(&st);
	CHECK_OK(motor_mpi_sendrecv(s, 2, dt, 0, 1, r, 2, dt, 0, 1, MOTOR_COMM_SELF, &st));
	CHECK_EQ_MEM(r, s, sizeof s);
	CHECK_GUARD(r, sizeof s, sizeof r, 0xEE);
	CHECK_EQ_INT(st.bytes, (int64_t)sizeof s);
	CHECK_EQ_INT(st.error, MOTOR_OK);
}

/* ---- errors ------------------------------------------------------------------------------------------- */

CHECK_TEST(error_strings)
{
	/* Every code errors.def lists (native-mpi's and the serializer's). */
	static const int codes[] = {
#define MOTOR_ERROR(name, value, kind, message) value,
#define MOTOR_SER_ERROR(name, value, kind, message) value,
#include "errors.def"
	};
	enum { NC = sizeof codes / sizeof codes[0] };
	char msg[NC][256], unknown[256];

	motor_mpi_error_string(-1000, unknown, sizeof unknown);
	CHECK_NONEMPTY_STR(unknown);
	/* A value in the general group's range that no code has. */
	int unlisted = -1;
	for (int i = 0; i < NC; i++)
		if (codes[i] == unlisted)
			unlisted--, i = -1;
	motor_mpi_error_string(unlisted, msg[0], sizeof msg[0]);
	CHECK_EQ_STR(msg[0], unknown);
	for (int i = 0; i < NC; i++) {
		motor_mpi_error_string(codes[i], msg[i], sizeof msg[i]);
		CHECK_NONEMPTY_STR(msg[i]);
		CHECK_NE_STR(msg[i], unknown);
		/* Negative, and above the range that names a refusing peer. */
		CHECK_LT_INT(codes[i], 0);
		CHECK_GT_INT(codes[i], MOTOR_EPEER_BASE);
		for (int j = 0; j < i; j++)
			if (strcmp(msg[i], msg[j]) == 0)
				CHECK_FAIL("codes %d and %d share the message \"%s\"", codes[i], codes[j],
				           msg[i]);
		CHECK_EQ_INT(motor_mpi_error_class(codes[i]), codes[i]);
	}
	CHECK_EQ_INT(motor_mpi_error_class(MOTOR_OK), MOTOR_OK);

	/* Truncation keeps a NUL terminator inside buflen; buflen 0 writes nothing. */
	char small[8];
	memset(small, 0x7f, sizeof small);
	motor_mpi_error_string(codes[NC - 1], small, 5);
	CHECK_EQ_INT(strlen(small), 4);
	CHECK_EQ_INT(strncmp(small, msg[NC - 1], 4), 0);
	CHECK_GUARD(small, 5, sizeof small, 0x7f);
	memset(small, 0x7f, sizeof small);
	motor_mpi_error_string(MOTOR_ECOMM, small, 0);
	motor_mpi_error_string(MPI_ERR_TRUNCATE, small, 0);
	CHECK_GUARD(small, 0, sizeof small, 0x7f);
	motor_mpi_error_string(MPI_ERR_TRUNCATE, small, 1);
	CHECK_EQ_INT(small[0], '\0');

	/* A real MPI error (COMM_SELF returns errors since init): its class and the library's message. */
	int x = 0;
	int code = MPI_Send(&x, 1, MPI_INT, 5, 0, MPI_COMM_SELF);
	CHECK_GT_INT(code, 0);
	CHECK_EQ_INT(motor_mpi_error_class(code), MPI_ERR_RANK);
	char mine[MPI_MAX_ERROR_STRING + 1], theirs[MPI_MAX_ERROR_STRING + 1];
	int len = 0;
	motor_mpi_error_string(code, mine, sizeof mine);
	CHECK_EQ_INT(MPI_Error_string(code, theirs, &len), MPI_SUCCESS);
	theirs[len] = '\0';
	CHECK_NONEMPTY_STR(mine);
	CHECK_EQ_STR(mine, theirs);
	code = MPI_Barrier(MPI_COMM_NULL);
	CHECK_GT_INT(code, 0);
	CHECK_EQ_INT(motor_mpi_error_class(code), MPI_ERR_COMM);

	/* Error classes are codes too. */
	CHECK_EQ_INT(motor_mpi_error_class(MPI_ERR_TRUNCATE), MPI_ERR_TRUNCATE);
	CHECK_EQ_INT(motor_mpi_error_class(MPI_ERR_TAG), MPI_ERR_TAG);
	motor_mpi_error_string(MPI_ERR_TRUNCATE, mine, sizeof mine);
	CHECK_NONEMPTY_STR(mine);
	snprintf(theirs, sizeof theirs, "MPI error %d", MPI_ERR_TRUNCATE);
	CHECK_NE_STR(mine, theirs);
	CHECK_NE_STR(mine, unknown);
}

/* ---- point to point ----------------------------------------------------------------------------------- */

enum { TAG_RING = 2000, TAG_RING_BIG = 2100, TAG_RING_SYNC = 2200, TAG_RING_ZERO = 2300 };

/* Passes a message once round the ring: rank 0 sends first and receives last, every other rank receives from
 * its predecessor and then sends to its successor, so no rank sends before its successor can receive.  Checks
 * the received bytes, the guard bytes past them and the status. */
static void ring_pass(const char *what, int dt, int64_t count, int tag, int mode)
{
	size_t es = motor_mpi_type_size(dt), n = (size_t)count * es, guard = 64;
	unsigned char *sbuf = malloc(n + 1), *rbuf = malloc(n + guard), *want = malloc(n + 1);
	motor_status st;
	int prev = prev_rank(), next = next_rank();

	if (!sbuf || !rbuf || !want) {
		CHECK_FAIL("%s: out of memory", what);
		goto out;
	}
	fill(sbuf, n, (unsigned)(g_rank * 100 + tag), dt);
	fill(want, n, (unsigned)(prev * 100 + tag), dt);
	memset(rbuf, 0xEE, n + guard);
	poison_status(&st);
	poison_stack();

	int rc_s, rc_r;
	if (g_rank == 0) {
		rc_s = motor_mpi_send(sbuf, count, dt, next, tag, MOTOR_COMM_WORLD, mode);
		rc_r = motor_mpi_recv(rbuf, count, dt, prev, tag, MOTOR_COMM_WORLD, &st);
	} else {
		rc_r = motor_mpi_recv(rbuf, count, dt, prev, tag, MOTOR_COMM_WORLD, &st);
		rc_s = motor_mpi_send(sbuf, count, dt, next, tag, MOTOR_COMM_WORLD, mode);
	}
	if (rc_s != MOTOR_OK)
		CHECK_FAIL("%s: send to %d: %d (%s)", what, next, rc_s, errstr(rc_s));
	if (rc_r != MOTOR_OK)
		CHECK_FAIL("%s: recv from %d: %d (%s)", what, prev, rc_r, errstr(rc_r));
	long d = check_mem_diff_(rbuf, want, n);
	if (d >= 0)
		CHECK_FAIL("%s: received byte %ld is 0x%02x, expected 0x%02x", what, d, rbuf[d], want[d]);
	CHECK_GUARD(rbuf, n, n + guard, 0xEE);
	if (st.source != prev || st.tag != tag || st.bytes != (int64_t)n || st.error != MOTOR_OK ||
	    st.cancelled != 0)
		CHECK_FAIL("%s: status {source %d, tag %d, bytes %lld, error %d, cancelled %d}, expected "
		           "{%d, %d, %zu, 0, 0}",
		           what, st.source, st.tag, (long long)st.bytes, st.error, st.cancelled, prev, tag,
		           n);
out:
	free(sbuf);
	free(rbuf);
	free(want);
}

CHECK_TEST(p2p_ring_types)
{
	if (g_size == 1) {
		skip_note("send/recv ring");
		return;
	}
	char what[64];
	for (int dt = 0; dt < MOTOR_DT_PREDEFINED; dt++) {
		snprintf(what, sizeof what, "ring of 37 x dt %d", dt);
		ring_pass(what, dt, 37, TAG_RING + dt, MOTOR_SEND_STANDARD);
		snprintf(what, sizeof what, "ring of 1 x dt %d", dt);
		ring_pass(what, dt, 1, TAG_RING + 50 + dt, MOTOR_SEND_STANDARD);
	}
	/* Zero elements, a large message (past any eager limit), and synchronous mode. */
	ring_pass("ring of 0 x u8", MOTOR_DT_U8, 0, TAG_RING_ZERO, MOTOR_SEND_STANDARD);
	ring_pass("ring of 1 MiB", MOTOR_DT_U8, 1 << 20, TAG_RING_BIG, MOTOR_SEND_STANDARD);
	ring_pass("ring of 300000 x f64", MOTOR_DT_F64, 300000, TAG_RING_BIG + 1, MOTOR_SEND_STANDARD);
	ring_pass("synchronous ring of 5 x i64", MOTOR_DT_I64, 5, TAG_RING_SYNC, MOTOR_SEND_SYNC);
	ring_pass("synchronous ring of 256 KiB", MOTOR_DT_U8, 256 << 10, TAG_RING_SYNC + 1, MOTOR_SEND_SYNC);
}

CHECK_TEST(p2p_self_sendrecv)
{
	enum { N = 19 };
	for (int dt = 0; dt < MOTOR_DT_PREDEFINED; dt++) {
		size_t es = motor_mpi_type_size(dt), n = N * es;
		unsigned char sbuf[N * 8], rbuf[N * 8 + 16];
		motor_status st;
		fill(sbuf, n, (unsigned)(dt + 3), dt);
		memset(rbuf, 0xEE, sizeof rbuf);
		poison_status(&st);
		poison_stack();
		int rc = motor_mpi_sendrecv(sbuf, N, dt, 0, 300 + dt, rbuf, N, dt, 0, 300 + dt,
		                            MOTOR_COMM_SELF, &st);
		if (rc != MOTOR_OK)
			CHECK_FAIL("sendrecv of %d x dt %d on SELF: %d (%s)", N, dt, rc, errstr(rc));
		CHECK_EQ_MEM(rbuf, sbuf, n);
		CHECK_GUARD(rbuf, n, sizeof rbuf, 0xEE);
		if (st.source != 0 || st.tag != 300 + dt || st.bytes != (int64_t)n || st.error != MOTOR_OK ||
		    st.cancelled != 0)
			CHECK_FAIL("dt %d: status {source %d, tag %d, bytes %lld, error %d, cancelled %d}, "
			           "expected {0, %d, "
			           "%zu, 0, 0}",
			           dt, st.source, st.tag, (long long)st.bytes, st.error, st.cancelled,
			           300 + dt, n);
	}

	/* A large one, a receive buffer larger than the message, and a NULL status. */
	size_t big = 1 << 20;
	unsigned char *s = malloc(big), *r = malloc(big * 2);
	if (s && r) {
		motor_status st;
		fill(s, big, 9, MOTOR_DT_U8);
		memset(r, 0xEE, big * 2);
		CHECK_OK(motor_mpi_sendrecv(s, (int64_t)big, MOTOR_DT_U8, 0, 7, r, (int64_t)big * 2,
		                            MOTOR_DT_U8, 0, 7, MOTOR_COMM_SELF, &st));
		CHECK_EQ_MEM(r, s, big);
		CHECK_GUARD(r, big, big * 2, 0xEE);
		CHECK_EQ_INT(st.bytes, (int64_t)big);
		memset(r, 0, big);
		CHECK_OK(motor_mpi_sendrecv(s, 100, MOTOR_DT_U8, 0, 8, r, 100, MOTOR_DT_U8, 0, 8,
		                            MOTOR_COMM_SELF, NULL));
		CHECK_EQ_MEM(r, s, 100);
	} else {
		CHECK_FAIL("out of memory");
	}
	free(s);
	free(r);
}

enum { TAG_SR = 2400 };

CHECK_TEST(p2p_sendrecv_ring)
{
	/* Everyone sends to its successor and receives from its predecessor at once: at one rank, to itself.
	 */
	enum { N = 1000 };
	int64_t sbuf[N], rbuf[N + 4];
	motor_status st;
	int prev = prev_rank(), next = next_rank();

	for (int i = 0; i < N; i++)
		sbuf[i] = (int64_t)g_rank * 1000003 + i;
	memset(rbuf, 0xEE, sizeof rbuf);
	poison_status(&st);
	poison_stack();
	CHECK_OK(motor_mpi_sendrecv(sbuf, N, MOTOR_DT_I64, next, TAG_SR + g_rank, rbuf, N, MOTOR_DT_I64, prev,
	                            TAG_SR + prev, MOTOR_COMM_WORLD, &st));
	for (int i = 0; i < N; i++)
		if (rbuf[i] != (int64_t)prev * 1000003 + i) {
			CHECK_FAIL("rbuf[%d] = %lld, expected %lld", i, (long long)rbuf[i],
			           (long long)prev * 1000003 + i);
			break;
		}
	CHECK_GUARD(rbuf, sizeof sbuf, sizeof rbuf, 0xEE);
	CHECK_EQ_INT(st.source, prev);
	CHECK_EQ_INT(st.tag, TAG_SR + prev);
	CHECK_EQ_INT(st.bytes, (int64_t)sizeof sbuf);
	CHECK_EQ_INT(st.error, MOTOR_OK);
	CHECK_EQ_INT(st.cancelled, 0);

	/* The same with wildcards on the receive side, and different send and receive counts and types. */
	int32_t s32[3] = {g_rank, -g_rank, 77};
	unsigned char r8[16];
	memset(r8, 0xEE, sizeof r8);
	poison_status(&st);
	poison_stack();
	CHECK_OK(motor_mpi_sendrecv(s32, 3, MOTOR_DT_I32, next, TAG_SR + 50, r8, 16, MOTOR_DT_U8,
	                            MOTOR_ANY_SOURCE, MOTOR_ANY_TAG, MOTOR_COMM_WORLD, &st));
	/* Only the predecessor sends to us in this test, so the message is its. */
	CHECK_EQ_INT(st.source, prev);
	CHECK_EQ_INT(st.tag, TAG_SR + 50);
	CHECK_EQ_INT(st.bytes, 12);
	CHECK_EQ_INT(st.error, MOTOR_OK);
	int32_t got[3];
	memcpy(got, r8, sizeof got);
	CHECK_EQ_INT(got[0], prev);
	CHECK_EQ_INT(got[1], -prev);
	CHECK_EQ_INT(got[2], 77);
	CHECK_GUARD(r8, 12, sizeof r8, 0xEE);
}

enum { TAG_PROBE = 2500 };

CHECK_TEST(p2p_status_probe)
{
	if (g_size == 1) {
		skip_note("probe/iprobe of a message from a peer");
		return;
	}
	int prev = prev_rank(), next = next_rank(), tag = TAG_PROBE + g_rank, ptag = TAG_PROBE + prev;
	int32_t sbuf[5] = {g_rank, 1, 2, 3, 4}, rbuf[5] = {0};
	motor_status st;
	int flag;

	if (g_rank == 0)
		CHECK_OK(
		    motor_mpi_send(sbuf, 5, MOTOR_DT_I32, next, tag, MOTOR_COMM_WORLD, MOTOR_SEND_STANDARD));

	/* iprobe for a tag nobody sends: no message, status untouched. */
	flag = 12345;
	poison_status(&st);
	CHECK_OK(motor_mpi_iprobe(prev, TAG_PROBE + 99, MOTOR_COMM_WORLD, &flag, &st));
	CHECK_EQ_INT(flag, 0);
	CHECK_EQ_INT(st.source, 0x5A5A5A5A);

	/* probe waits for the predecessor's message and describes it. */
	poison_status(&st);
	poison_stack();
	CHECK_OK(motor_mpi_probe(prev, ptag, MOTOR_COMM_WORLD, &st));
	CHECK_EQ_INT(st.source, prev);
	CHECK_EQ_INT(st.tag, ptag);
	CHECK_EQ_INT(st.bytes, 20);
	CHECK_EQ_INT(st.error, MOTOR_OK);
	CHECK_EQ_INT(st.cancelled, 0);

	/* iprobe sees it too, with wildcards and without. */
	flag = 0;
	poison_status(&st);
	poison_stack();
	CHECK_OK(motor_mpi_iprobe(prev, ptag, MOTOR_COMM_WORLD, &flag, &st));
	CHECK_EQ_INT(flag, 1);
	CHECK_EQ_INT(st.source, prev);
	CHECK_EQ_INT(st.tag, ptag);
	CHECK_EQ_INT(st.bytes, 20);
	CHECK_EQ_INT(st.error, MOTOR_OK);
	CHECK_EQ_INT(st.cancelled, 0);
	flag = 0;
	poison_status(&st);
	CHECK_OK(motor_mpi_iprobe(MOTOR_ANY_SOURCE, MOTOR_ANY_TAG, MOTOR_COMM_WORLD, &flag, &st));
	CHECK_EQ_INT(flag, 1);
	CHECK_EQ_INT(st.source, prev);
	CHECK_EQ_INT(st.tag, ptag);
	CHECK_EQ_INT(st.bytes, 20);
	poison_status(&st);
	CHECK_OK(motor_mpi_probe(MOTOR_ANY_SOURCE, MOTOR_ANY_TAG, MOTOR_COMM_WORLD, &st));
	CHECK_EQ_INT(st.source, prev);
	CHECK_EQ_INT(st.tag, ptag);
	CHECK_EQ_INT(st.bytes, 20);
	flag = 0;
	CHECK_OK(motor_mpi_iprobe(prev, ptag, MOTOR_COMM_WORLD, &flag, NULL));
	CHECK_EQ_INT(flag, 1);
	CHECK_OK(motor_mpi_probe(prev, ptag, MOTOR_COMM_WORLD, NULL));

	/* recv into a larger buffer: the status gives the message's size, not the buffer's. */
	int32_t big[16];
	memset(big, 0xEE, sizeof big);
	poison_status(&st);
	poison_stack();
	CHECK_OK(motor_mpi_recv(big, 16, MOTOR_DT_I32, prev, ptag, MOTOR_COMM_WORLD, &st));
	memcpy(rbuf, big, sizeof rbuf);
	CHECK_EQ_INT(rbuf[0], prev);
	CHECK_EQ_INT(rbuf[4], 4);
	CHECK_GUARD(big, sizeof rbuf, sizeof big, 0xEE);
	CHECK_EQ_INT(st.source, prev);
	CHECK_EQ_INT(st.tag, ptag);
	CHECK_EQ_INT(st.bytes, 20);
	CHECK_EQ_INT(st.error, MOTOR_OK);
	CHECK_EQ_INT(st.cancelled, 0);

	/* Received, it is gone. */
	flag = 12345;
	CHECK_OK(motor_mpi_iprobe(prev, ptag, MOTOR_COMM_WORLD, &flag, &st));
	CHECK_EQ_INT(flag, 0);

	if (g_rank != 0)
		CHECK_OK(
		    motor_mpi_send(sbuf, 5, MOTOR_DT_I32, next, tag, MOTOR_COMM_WORLD, MOTOR_SEND_STANDARD));
}

enum { TAG_ANY = 2600 };

CHECK_TEST(p2p_any_source_tag)
{
	motor_status st;

	/* On SELF, where no peer is needed. */
	int32_t s = 4242, r = 0;
	poison_status(&st);
	poison_stack();
	CHECK_OK(motor_mpi_sendrecv(&s, 1, MOTOR_DT_I32, 0, TAG_ANY, &r, 1, MOTOR_DT_I32, MOTOR_ANY_SOURCE,
	                            MOTOR_ANY_TAG, MOTOR_COMM_SELF, &st));
	CHECK_EQ_INT(r, 4242);
	CHECK_EQ_INT(st.source, 0);
	CHECK_EQ_INT(st.tag, TAG_ANY);
	CHECK_EQ_INT(st.bytes, 4);
	CHECK_EQ_INT(st.error, MOTOR_OK);

	if (g_size == 1) {
		skip_note("ANY_SOURCE receives from several ranks");
		return;
	}
	/* Every other rank sends its rank to 0 with its own tag; rank 0 takes them in any order. */
	if (g_rank != 0) {
		int32_t v = g_rank;
		CHECK_OK(motor_mpi_send(&v, 1, MOTOR_DT_I32, 0, TAG_ANY + 1 + g_rank, MOTOR_COMM_WORLD,
		                        MOTOR_SEND_STANDARD));
	} else {
		int seen[64] = {0};
		for (int i = 1; i < g_size; i++) {
			int32_t v = -1;
			poison_status(&st);
			poison_stack();
			CHECK_OK(motor_mpi_recv(&v, 1, MOTOR_DT_I32, MOTOR_ANY_SOURCE, MOTOR_ANY_TAG,
			                        MOTOR_COMM_WORLD, &st));
			if (st.source < 1 || st.source >= g_size || st.source >= 64) {
				CHECK_FAIL("ANY_SOURCE receive: status source %d", st.source);
				continue;
			}
			CHECK_EQ_INT(v, st.source);
			CHECK_EQ_INT(st.tag, TAG_ANY + 1 + st.source);
			CHECK_EQ_INT(st.bytes, 4);
			CHECK_EQ_INT(st.error, MOTOR_OK);
			if (seen[st.source]++)
				CHECK_FAIL("rank %d's message received twice", st.source);
		}
	}

	/* ANY_TAG with a given source, and ANY_SOURCE with a given tag, between 0 and 1.  The barrier keeps
	 * these messages from being taken by the wildcard receives above. */
	CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
	if (g_rank == 1) {
		int32_t v[2] = {11, 12};
		CHECK_OK(motor_mpi_send(&v[0], 1, MOTOR_DT_I32, 0, TAG_ANY + 70, MOTOR_COMM_WORLD,
		                        MOTOR_SEND_STANDARD));
		CHECK_OK(motor_mpi_send(&v[1], 1, MOTOR_DT_I32, 0, TAG_ANY + 71, MOTOR_COMM_WORLD,
		                        MOTOR_SEND_STANDARD));
	} else if (g_rank == 0) {
		int32_t v = 0;
		poison_status(&st);
		CHECK_OK(motor_mpi_recv(&v, 1, MOTOR_DT_I32, 1, MOTOR_ANY_TAG, MOTOR_COMM_WORLD, &st));
		CHECK_EQ_INT(v, 11);
		CHECK_EQ_INT(st.source, 1);
		CHECK_EQ_INT(st.tag, TAG_ANY + 70);
		poison_status(&st);
		CHECK_OK(motor_mpi_recv(&v, 1, MOTOR_DT_I32, MOTOR_ANY_SOURCE, TAG_ANY + 71, MOTOR_COMM_WORLD,
		                        &st));
		CHECK_EQ_INT(v, 12);
		CHECK_EQ_INT(st.source, 1);
		CHECK_EQ_INT(st.tag, TAG_ANY + 71);
	}
}

static void check_proc_null(int comm)
{
	int32_t s = 5, r = 0x12345678;
	motor_status st;
	int flag = 0;

	CHECK_OK(motor_mpi_send(&s, 1, MOTOR_DT_I32, MOTOR_PROC_NULL, 3, comm, MOTOR_SEND_STANDARD));
	CHECK_OK(motor_mpi_send(&s, 1, MOTOR_DT_I32, MOTOR_PROC_NULL, 3, comm, MOTOR_SEND_SYNC));
	CHECK_OK(motor_mpi_send(NULL, 0, MOTOR_DT_I32, MOTOR_PROC_NULL, 3, comm, MOTOR_SEND_STANDARD));

	poison_status(&st);
	poison_stack();
	CHECK_OK(motor_mpi_recv(&r, 1, MOTOR_DT_I32, MOTOR_PROC_NULL, 3, comm, &st));
	CHECK_EQ_INT(r, 0x12345678);
	CHECK_EQ_INT(st.source, MOTOR_PROC_NULL);
	CHECK_EQ_INT(st.tag, MOTOR_ANY_TAG);
	CHECK_EQ_INT(st.bytes, 0);
	CHECK_EQ_INT(st.error, MOTOR_OK);
	CHECK_EQ_INT(st.cancelled, 0);

	poison_status(&st);
	CHECK_OK(motor_mpi_recv(&r, 1, MOTOR_DT_I32, MOTOR_PROC_NULL, MOTOR_ANY_TAG, comm, &st));
	CHECK_EQ_INT(st.source, MOTOR_PROC_NULL);
	CHECK_EQ_INT(st.bytes, 0);

	poison_status(&st);
	poison_stack();
	CHECK_OK(motor_mpi_sendrecv(&s, 1, MOTOR_DT_I32, MOTOR_PROC_NULL, 3, &r, 1, MOTOR_DT_I32,
	                            MOTOR_PROC_NULL, 3, comm, &st));
	CHECK_EQ_INT(r, 0x12345678);
	CHECK_EQ_INT(st.source, MOTOR_PROC_NULL);
	CHECK_EQ_INT(st.tag, MOTOR_ANY_TAG);
	CHECK_EQ_INT(st.bytes, 0);
	CHECK_EQ_INT(st.error, MOTOR_OK);

	poison_status(&st);
	CHECK_OK(motor_mpi_probe(MOTOR_PROC_NULL, 3, comm, &st));
	CHECK_EQ_INT(st.source, MOTOR_PROC_NULL);
	CHECK_EQ_INT(st.bytes, 0);
	poison_status(&st);
	CHECK_OK(motor_mpi_iprobe(MOTOR_PROC_NULL, MOTOR_ANY_TAG, comm, &flag, &st));
	CHECK_EQ_INT(flag, 1);
	CHECK_EQ_INT(st.source, MOTOR_PROC_NULL);
	CHECK_EQ_INT(st.bytes, 0);
}

CHECK_TEST(p2p_proc_null)
{
	check_proc_null(MOTOR_COMM_WORLD);
	check_proc_null(MOTOR_COMM_SELF);
}

/* Nothing is waiting on `comm` (a refused call sent nothing). */
static void check_nothing_pending(int comm, const char *after)
{
	int flag = 12345;
	motor_status st;
	CHECK_OK(motor_mpi_iprobe(MOTOR_ANY_SOURCE, MOTOR_ANY_TAG, comm, &flag, &st));
	if (flag)
		CHECK_FAIL("after %s, a message from %d tag %d (%lld bytes) is pending", after, st.source,
		           st.tag, (long long)st.bytes);
}

CHECK_TEST(p2p_validation)
{
	int32_t s[4] = {1, 2, 3, 4}, r[4] = {0};
	int ub = motor_mpi_tag_ub(), flag = 0, *mpi_ub = NULL;
	motor_status st;

	CHECK_EQ_INT(MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &mpi_ub, &flag), MPI_SUCCESS);
	CHECK(flag && mpi_ub);
	if (flag && mpi_ub)
		CHECK_EQ_INT(ub, *mpi_ub);
	CHECK_GE_INT(ub, 32767);

	for (int comm = MOTOR_COMM_WORLD; comm <= MOTOR_COMM_SELF; comm++) {
		int size = -1;
		CHECK_OK(motor_mpi_comm_size(comm, &size));

		/* Ranks. */
		CHECK_RC(motor_mpi_send(s, 1, MOTOR_DT_I32, size, 1, comm, MOTOR_SEND_STANDARD), MOTOR_ERANK);
		CHECK_RC(motor_mpi_send(s, 1, MOTOR_DT_I32, size, 1, comm, MOTOR_SEND_SYNC), MOTOR_ERANK);
		CHECK_RC(motor_mpi_send(s, 1, MOTOR_DT_I32, -3, 1, comm, MOTOR_SEND_STANDARD), MOTOR_ERANK);
		CHECK_RC(motor_mpi_send(s, 1, MOTOR_DT_I32, MOTOR_ANY_SOURCE, 1, comm, MOTOR_SEND_STANDARD),
		         MOTOR_ERANK);
		CHECK_RC(motor_mpi_send(s, 1, MOTOR_DT_I32, INT_MIN, 1, comm, MOTOR_SEND_STANDARD),
		         MOTOR_ERANK);
		CHECK_RC(motor_mpi_send(s, 1, MOTOR_DT_I32, INT_MAX, 1, comm, MOTOR_SEND_STANDARD),
		         MOTOR_ERANK);
		CHECK_RC(motor_mpi_recv(r, 1, MOTOR_DT_I32, size, 1, comm, &st), MOTOR_ERANK);
		CHECK_RC(motor_mpi_recv(r, 1, MOTOR_DT_I32, -3, 1, comm, &st), MOTOR_ERANK);
		CHECK_RC(motor_mpi_probe(size, 1, comm, &st), MOTOR_ERANK);
		CHECK_RC(motor_mpi_iprobe(-3, 1, comm, &flag, &st), MOTOR_ERANK);
		CHECK_RC(motor_mpi_sendrecv(s, 1, MOTOR_DT_I32, size, 1, r, 1, MOTOR_DT_I32, 0, 1, comm, &st),
		         MOTOR_ERANK);
		CHECK_RC(motor_mpi_sendrecv(s, 1, MOTOR_DT_I32, 0, 1, r, 1, MOTOR_DT_I32, size, 1, comm, &st),
		         MOTOR_ERANK);

		/* Tags. */
		CHECK_RC(motor_mpi_send(s, 1, MOTOR_DT_I32, 0, -5, comm, MOTOR_SEND_STANDARD), MOTOR_ETAG);
		CHECK_RC(motor_mpi_send(s, 1, MOTOR_DT_I32, 0, MOTOR_ANY_TAG, comm, MOTOR_SEND_STANDARD),
		         MOTOR_ETAG);
		CHECK_RC(motor_mpi_send(s, 1, MOTOR_DT_I32, 0, INT_MIN, comm, MOTOR_SEND_STANDARD),
		         MOTOR_ETAG);
		if (ub < INT_MAX) {
			CHECK_RC(motor_mpi_send(s, 1, MOTOR_DT_I32, 0, ub + 1, comm, MOTOR_SEND_STANDARD),
			         MOTOR_ETAG);
			CHECK_RC(motor_mpi_recv(r, 1, MOTOR_DT_I32, 0, ub + 1, comm, &st), MOTOR_ETAG);
			CHECK_RC(motor_mpi_iprobe(0, ub + 1, comm, &flag, &st), MOTOR_ETAG);
		}
		/* INT_MAX is refused unless it is the library's largest tag (Open MPI's is); that case is
		 * sent and received below, with the largest tag. */
		if (ub < INT_MAX)
			CHECK_RC(motor_mpi_send(s, 1, MOTOR_DT_I32, 0, INT_MAX, comm, MOTOR_SEND_STANDARD),
			         MOTOR_ETAG);
		CHECK_RC(motor_mpi_recv(r, 1, MOTOR_DT_I32, 0, -5, comm, &st), MOTOR_ETAG);
		CHECK_RC(motor_mpi_probe(0, -5, comm, &st), MOTOR_ETAG);
		CHECK_RC(motor_mpi_iprobe(0, -5, comm, &flag, &st), MOTOR_ETAG);
		CHECK_RC(motor_mpi_sendrecv(s, 1, MOTOR_DT_I32, 0, MOTOR_ANY_TAG, r, 1, MOTOR_DT_I32, 0, 1,
		                            comm, &st),
		         MOTOR_ETAG);
		CHECK_RC(motor_mpi_sendrecv(s, 1, MOTOR_DT_I32, 0, 1, r, 1, MOTOR_DT_I32, 0, -5, comm, &st),
		         MOTOR_ETAG);

		/* Counts. */
		CHECK_RC(motor_mpi_send(s, -1, MOTOR_DT_I32, 0, 1, comm, MOTOR_SEND_STANDARD), MOTOR_ECOUNT);
		CHECK_RC(motor_mpi_send(s, INT64_MIN, MOTOR_DT_I32, 0, 1, comm, MOTOR_SEND_STANDARD),
		         MOTOR_ECOUNT);
		CHECK_RC(
		    motor_mpi_send(s, (int64_t)INT_MAX + 1, MOTOR_DT_U8, 0, 1, comm, MOTOR_SEND_STANDARD),
		    MOTOR_ECOUNT);
		CHECK_RC(motor_mpi_recv(r, -1, MOTOR_DT_I32, 0, 1, comm, &st), MOTOR_ECOUNT);
		CHECK_RC(motor_mpi_recv(r, (int64_t)INT_MAX + 1, MOTOR_DT_U8, 0, 1, comm, &st), MOTOR_ECOUNT);
		CHECK_RC(motor_mpi_sendrecv(s, -1, MOTOR_DT_I32, 0, 1, r, 1, MOTOR_DT_I32, 0, 1, comm, &st),
		         MOTOR_ECOUNT);
		CHECK_RC(motor_mpi_sendrecv(s, 1, MOTOR_DT_I32, 0, 1, r, -1, MOTOR_DT_I32, 0, 1, comm, &st),
		         MOTOR_ECOUNT);

		/* Datatypes. */
		static const int bad_dt[] = {-1, INT_MIN, INT_MAX, MOTOR_DT_PREDEFINED + 1000};
		for (size_t i = 0; i < sizeof bad_dt / sizeof bad_dt[0]; i++) {
			CHECK_RC(motor_mpi_send(s, 1, bad_dt[i], 0, 1, comm, MOTOR_SEND_STANDARD),
			         MOTOR_EARG);
			CHECK_RC(motor_mpi_recv(r, 1, bad_dt[i], 0, 1, comm, &st), MOTOR_EARG);
			CHECK_RC(
			    motor_mpi_sendrecv(s, 1, bad_dt[i], 0, 1, r, 1, MOTOR_DT_I32, 0, 1, comm, &st),
			    MOTOR_EARG);
			CHECK_RC(
			    motor_mpi_sendrecv(s, 1, MOTOR_DT_I32, 0, 1, r, 1, bad_dt[i], 0, 1, comm, &st),
			    MOTOR_EARG);
		}
		CHECK_EQ_INT(r[0], 0);
	}
	/* None of the refused sends (a valid send side with an invalid receive side included) left a message.
	 */
	check_nothing_pending(MOTOR_COMM_SELF, "refused calls on SELF");

	/* The largest tag is valid. */
	int32_t got = 0;
	poison_status(&st);
	CHECK_OK(motor_mpi_sendrecv(s, 1, MOTOR_DT_I32, 0, ub, &got, 1, MOTOR_DT_I32, 0, ub, MOTOR_COMM_SELF,
	                            &st));
	CHECK_EQ_INT(got, 1);
	CHECK_EQ_INT(st.tag, ub);
	CHECK_OK(
	    motor_mpi_sendrecv(s, 1, MOTOR_DT_I32, 0, 0, &got, 1, MOTOR_DT_I32, 0, 0, MOTOR_COMM_SELF, &st));
	CHECK_EQ_INT(st.tag, 0);
	CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
}

enum { TAG_TRUNC = 2700 };

CHECK_TEST(p2p_truncation)
{
	motor_status st;

	/* On SELF: 16 x i32 into room for 8; the 64 guard bytes after the 8 stay as they were. */
	{
		int32_t s[16];
		for (int i = 0; i < 16; i++)
			s[i] = 1000 + i;
		unsigned char *r = malloc(32 + 64);
		if (!r) {
			CHECK_FAIL("out of memory");
			return;
		}
		memset(r, 0xEE, 32 + 64);
		poison_status(&st);
		int rc = motor_mpi_sendrecv(s, 16, MOTOR_DT_I32, 0, TAG_TRUNC, r, 8, MOTOR_DT_I32, 0,
		                            TAG_TRUNC, MOTOR_COMM_SELF, &st);
		CHECK_MPI_CLASS(rc, MPI_ERR_TRUNCATE);
		CHECK_GUARD(r, 32, 32 + 64, 0xEE);
		CHECK_EQ_INT(st.source, 0);
		CHECK_EQ_INT(st.tag, TAG_TRUNC);
		CHECK_MPI_CLASS(st.error, MPI_ERR_TRUNCATE);
		free(r);
		/* SELF still works afterwards and nothing of the message is left. */
		check_nothing_pending(MOTOR_COMM_SELF, "a truncated receive");
		int32_t x = 9, y = 0;
		CHECK_OK(motor_mpi_sendrecv(&x, 1, MOTOR_DT_I32, 0, TAG_TRUNC + 1, &y, 1, MOTOR_DT_I32, 0,
		                            TAG_TRUNC + 1, MOTOR_COMM_SELF, NULL));
		CHECK_EQ_INT(y, 9);
	}

	if (g_size == 1) {
		skip_note("truncated receive of a peer's message");
		return;
	}
	/* Between ranks 0 and 1: a small message (eager) and a large one (rendezvous), each into too small a
	 * buffer.  Rank 1 sends, rank 0 receives. */
	static const size_t lens[] = {64, 1 << 20};
	for (size_t k = 0; k < sizeof lens / sizeof lens[0]; k++) {
		size_t len = lens[k], room = len / 4, guard = 256;
		int tag = TAG_TRUNC + 10 + (int)k;
		if (g_rank == 1) {
			unsigned char *s = malloc(len);
			if (!s) {
				CHECK_FAIL("out of memory");
				return;
			}
			fill(s, len, 5, MOTOR_DT_U8);
			int rc = motor_mpi_send(s, (int64_t)len, MOTOR_DT_U8, 0, tag, MOTOR_COMM_WORLD,
			                        MOTOR_SEND_STANDARD);
			/* The sender's view of a truncation is the library's business; it must not crash or
			 * hang. */
			if (rc != MOTOR_OK && motor_mpi_error_class(rc) != MPI_ERR_TRUNCATE)
				CHECK_FAIL("send of %zu bytes to a short receive: %d (%s)", len, rc,
				           errstr(rc));
			free(s);
		} else if (g_rank == 0) {
			unsigned char *r = malloc(room + guard), *want = malloc(len);
			if (!r || !want) {
				CHECK_FAIL("out of memory");
				free(r);
				free(want);
				return;
			}
			fill(want, len, 5, MOTOR_DT_U8);
			memset(r, 0xEE, room + guard);
			poison_status(&st);
			int rc = motor_mpi_recv(r, (int64_t)room, MOTOR_DT_U8, 1, tag, MOTOR_COMM_WORLD, &st);
			if (rc <= 0 || motor_mpi_error_class(rc) != MPI_ERR_TRUNCATE)
				CHECK_FAIL(
				    "recv of %zu bytes into %zu: %d (%s), expected class MPI_ERR_TRUNCATE",
				    len, room, rc, errstr(rc));
			CHECK_GUARD(r, room, room + guard, 0xEE);
			CHECK_EQ_INT(st.error, rc);
			free(r);
			free(want);
		}
	}
	/* WORLD still works between the two afterwards. */
	int32_t v = 31337, got = 0;
	if (g_rank == 1)
		CHECK_OK(motor_mpi_send(&v, 1, MOTOR_DT_I32, 0, TAG_TRUNC + 20, MOTOR_COMM_WORLD,
		                        MOTOR_SEND_STANDARD));
	else if (g_rank == 0) {
		CHECK_OK(motor_mpi_recv(&got, 1, MOTOR_DT_I32, 1, TAG_TRUNC + 20, MOTOR_COMM_WORLD, NULL));
		CHECK_EQ_INT(got, 31337);
	}
	CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
}

/* ---- blocking hooks ----------------------------------------------------------------------------------- */

/* Counting hooks: per process and per thread, with every inconsistency counted as a fault. */
static atomic_int hook_enters, hook_leaves, hook_faults, hook_seq;
static _Thread_local int tl_enters, tl_depth;
static _Thread_local void **tl_stackdata;
static _Thread_local void *tl_cookie;
static _Thread_local char *tl_frame; /* an address in the test's frame: stackdata must be deeper */

static void *count_enter(void **stackdata)
{
	atomic_fetch_add(&hook_enters, 1);
	tl_enters++;
	if (tl_depth++ != 0 || !stackdata)
		atomic_fetch_add(&hook_faults, 1);
	/* The stack grows down on every platform Motor runs on: the library's frame is below the test's. */
	if (tl_frame && (char *)stackdata >= tl_frame)
		atomic_fetch_add(&hook_faults, 1);
	tl_stackdata = stackdata;
	tl_cookie = (void *)(uintptr_t)(0xC0DE0000u + (unsigned)atomic_fetch_add(&hook_seq, 1));
	return tl_cookie;
}

static void count_leave(void *cookie, void **stackdata)
{
	atomic_fetch_add(&hook_leaves, 1);
	if (--tl_depth != 0 || stackdata != tl_stackdata || cookie != tl_cookie)
		atomic_fetch_add(&hook_faults, 1);
}

static void check_hooks_balanced(const char *when)
{
	int e = atomic_load(&hook_enters), l = atomic_load(&hook_leaves), f = atomic_load(&hook_faults);
	if (e != l || f != 0 || tl_depth != 0)
		CHECK_FAIL(
		    "%s: %d enters, %d leaves, %d faults (unbalanced, nested, or stackdata/cookie differ "
		    "between enter and leave), depth %d",
		    when, e, l, f, tl_depth);
}

static void install_hooks(char *frame)
{
	atomic_store(&hook_enters, 0);
	atomic_store(&hook_leaves, 0);
	atomic_store(&hook_faults, 0);
	tl_enters = tl_depth = 0;
	tl_frame = frame;
	motor_mpi_set_block_hooks(count_enter, count_leave);
}

static void remove_hooks(void)
{
	motor_mpi_set_block_hooks(NULL, NULL);
	tl_frame = NULL;
}

enum { TAG_HOOK = 2800 };

CHECK_TEST(block_hooks)
{
	char frame_marker;
	int saved_spin = motor_mpi_get_spin();
	uint64_t w0, i0, w1, i1;
	int32_t v = 0;
	motor_status st;

	CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
	install_hooks(&frame_marker);

	if (g_size == 1) {
		skip_note(
		    "recv and probe that wait for a sleeping peer rank (block_hooks_thread covers a thread)");
	} else {
		/* A receive that must wait: rank 1 sleeps 50 ms before sending; rank 0 waits with spin 0. */
		motor_mpi_set_spin(0);
		CHECK_EQ_INT(motor_mpi_get_spin(), 0);
		CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
		if (g_rank == 1) {
			sleep_ms(50);
			v = 101;
			CHECK_OK(motor_mpi_send(&v, 1, MOTOR_DT_I32, 0, TAG_HOOK, MOTOR_COMM_WORLD,
			                        MOTOR_SEND_STANDARD));
		} else if (g_rank == 0) {
			int before = tl_enters;
			motor_mpi_block_counts(&w0, &i0);
			double t0 = motor_mpi_wtime();
			CHECK_OK(motor_mpi_recv(&v, 1, MOTOR_DT_I32, 1, TAG_HOOK, MOTOR_COMM_WORLD, &st));
			double waited = motor_mpi_wtime() - t0;
			motor_mpi_block_counts(&w1, &i1);
			CHECK_EQ_INT(v, 101);
			CHECK_EQ_INT(st.source, 1);
			CHECK_GE_DBL(waited, 0.02);
			CHECK_EQ_INT(tl_enters - before, 1);
			CHECK_EQ_UINT(w1 - w0, 1);
			CHECK_EQ_UINT(i1 - i0, 0);
		}
		check_hooks_balanced("after a receive that waits");

		/* A probe that must wait, likewise. */
		CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
		if (g_rank == 1) {
			sleep_ms(50);
			v = 102;
			CHECK_OK(motor_mpi_send(&v, 1, MOTOR_DT_I32, 0, TAG_HOOK + 1, MOTOR_COMM_WORLD,
			                        MOTOR_SEND_STANDARD));
		} else if (g_rank == 0) {
			int before = tl_enters;
			motor_mpi_block_counts(&w0, &i0);
			poison_status(&st);
			CHECK_OK(motor_mpi_probe(1, TAG_HOOK + 1, MOTOR_COMM_WORLD, &st));
			motor_mpi_block_counts(&w1, &i1);
			CHECK_EQ_INT(st.source, 1);
			CHECK_EQ_INT(st.tag, TAG_HOOK + 1);
			CHECK_EQ_INT(st.bytes, 4);
			CHECK_EQ_INT(tl_enters - before, 1);
			CHECK_EQ_UINT(w1 - w0, 1);
			CHECK_OK(
			    motor_mpi_recv(&v, 1, MOTOR_DT_I32, 1, TAG_HOOK + 1, MOTOR_COMM_WORLD, NULL));
			CHECK_EQ_INT(v, 102);
		}
		check_hooks_balanced("after a probe that waits");

		/* A barrier that must wait: rank 0 arrives late, the others wait between the hooks. */
		CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
		{
			int before = tl_enters;
			if (g_rank == 0)
				sleep_ms(50);
			CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
			if (g_rank != 0)
				CHECK_GE_INT(tl_enters - before, 1);
		}
		check_hooks_balanced("after a barrier that waits");
		motor_mpi_set_spin(DEFAULT_SPIN);

		/* With the default spin, a message that is already there completes while polling: the
		 * immediate count goes up and the hooks are not called. */
		if (g_rank == 1) {
			v = 103;
			CHECK_OK(motor_mpi_send(&v, 1, MOTOR_DT_I32, 0, TAG_HOOK + 2, MOTOR_COMM_WORLD,
			                        MOTOR_SEND_STANDARD));
		} else if (g_rank == 0) {
			int flag = 0;
			double deadline = motor_mpi_wtime() + 20.0;
			while (!flag && motor_mpi_wtime() < deadline)
				CHECK_OK(motor_mpi_iprobe(1, TAG_HOOK + 2, MOTOR_COMM_WORLD, &flag, NULL));
			CHECK_EQ_INT(flag, 1);
			int before = atomic_load(&hook_enters);
			motor_mpi_block_counts(&w0, &i0);
			CHECK_OK(
			    motor_mpi_recv(&v, 1, MOTOR_DT_I32, 1, TAG_HOOK + 2, MOTOR_COMM_WORLD, NULL));
			motor_mpi_block_counts(&w1, &i1);
			CHECK_EQ_INT(v, 103);
			CHECK_EQ_INT(atomic_load(&hook_enters) - before, 0);
			CHECK_EQ_UINT(i1 - i0, 1);
			CHECK_EQ_UINT(w1 - w0, 0);
		}
	}

	/* Everywhere: a message to ourselves on SELF completes while polling with the default spin. */
	motor_mpi_set_spin(DEFAULT_SPIN);
	{
		int32_t s = 7, r = 0;
		int before = atomic_load(&hook_enters);
		motor_mpi_block_counts(&w0, &i0);
		CHECK_OK(motor_mpi_sendrecv(&s, 1, MOTOR_DT_I32, 0, TAG_HOOK + 3, &r, 1, MOTOR_DT_I32, 0,
		                            TAG_HOOK + 3, MOTOR_COMM_SELF, NULL));
		motor_mpi_block_counts(&w1, &i1);
		CHECK_EQ_INT(r, 7);
		CHECK_EQ_INT(atomic_load(&hook_enters) - before, 0);
		CHECK_EQ_UINT(i1 - i0, 1);
		CHECK_EQ_UINT(w1 - w0, 0);
	}
	check_hooks_balanced("at the end");

	/* With NULL hooks restored, a wait calls nothing of ours. */
	remove_hooks();
	motor_mpi_set_spin(0);
	int before = atomic_load(&hook_enters);
	CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
	if (g_size > 1) {
		if (g_rank == 0)
			sleep_ms(20);
		CHECK_OK(motor_mpi_barrier(MOTOR_COMM_WORLD));
	}
	CHECK_EQ_INT(atomic_load(&hook_enters), before);
	motor_mpi_set_spin(saved_spin);
	CHECK_EQ_INT(motor_mpi_get_spin(), saved_spin);
}

/* The other half of block_hooks_thread: after a delay, receives or sends one int on `comm` at rank 0. */
struct helper_arg {
	int comm, tag, delay_ms, recv, rc;
	int32_t value;
};

static void *helper_thread(void *p)
{
	struct helper_arg *a = p;
	sleep_ms(a->delay_ms);
	if (a->recv)
		a->rc = motor_mpi_recv(&a->value, 1, MOTOR_DT_I32, 0, a->tag, a->comm, NULL);
	else
		a->rc = motor_mpi_send(&a->value, 1, MOTOR_DT_I32, 0, a->tag, a->comm, MOTOR_SEND_STANDARD);
	return NULL;
}

/* Runs `a` in a second thread; returns 0 if it could not be started. */
static int start_helper(pthread_t *t, struct helper_arg *a)
{
	if (pthread_create(t, NULL, helper_thread, a) != 0) {
		CHECK_FAIL("pthread_create failed");
		return 0;
	}
	return 1;
}

CHECK_TEST(block_hooks_thread)
{
	/* At any size, with a second thread of this process as the peer on SELF: the main thread waits with
	 * spin 0, between the hooks, for something the helper does 50 ms later.  The helper may call the
	 * hooks too, on its own stack.
	 *
	 * Not tested here: a receive posted by one thread and matched by a send from another thread of the
	 * same process.  MPICH 4.0.2 (ch4:ucx) never completes that receive in MPI_Wait/MPI_Recv -- a library
	 * bug that plain MPI reproduces without Motor -- so the waits below are a synchronous send (matched
	 * by a later receive) and a probe (satisfied by a later send). */
	char frame_marker;
	int saved_spin = motor_mpi_get_spin();
	pthread_t t;
	motor_status st;
	uint64_t w0, i0, w1, i1;

	install_hooks(&frame_marker);
	motor_mpi_set_spin(0);

	/* A synchronous send waits until the helper posts its receive. */
	{
		struct helper_arg a = {MOTOR_COMM_SELF, TAG_HOOK + 10, 50, 1, -999, 0};
		int32_t v = 0x5eed;
		if (start_helper(&t, &a)) {
			int before = tl_enters;
			motor_mpi_block_counts(&w0, &i0);
			double t0 = motor_mpi_wtime();
			CHECK_OK(
			    motor_mpi_send(&v, 1, MOTOR_DT_I32, 0, a.tag, MOTOR_COMM_SELF, MOTOR_SEND_SYNC));
			double waited = motor_mpi_wtime() - t0;
			motor_mpi_block_counts(&w1, &i1);
			int mine = tl_enters - before;
			pthread_join(t, NULL);
			CHECK_OK(a.rc);
			CHECK_EQ_INT(a.value, 0x5eed);
			CHECK_GE_DBL(waited, 0.02);
			CHECK_EQ_INT(mine, 1);
			CHECK_GE_UINT(w1 - w0, 1);
		}
		check_hooks_balanced("after a synchronous send that waits for another thread");
	}

	/* A probe waits until the helper sends. */
	{
		struct helper_arg a = {MOTOR_COMM_SELF, TAG_HOOK + 11, 50, 0, -999, 0x600d};
		if (start_helper(&t, &a)) {
			int before = tl_enters;
			motor_mpi_block_counts(&w0, &i0);
			poison_status(&st);
			CHECK_OK(motor_mpi_probe(0, a.tag, MOTOR_COMM_SELF, &st));
			motor_mpi_block_counts(&w1, &i1);
			int mine = tl_enters - before;
			/* Receive before joining: the helper's standard-mode send may wait for this receive.
			 */
			int32_t v = 0;
			CHECK_OK(motor_mpi_recv(&v, 1, MOTOR_DT_I32, 0, a.tag, MOTOR_COMM_SELF, NULL));
			pthread_join(t, NULL);
			CHECK_OK(a.rc);
			CHECK_EQ_INT(v, 0x600d);
			CHECK_EQ_INT(st.source, 0);
			CHECK_EQ_INT(st.tag, a.tag);
			CHECK_EQ_INT(st.bytes, 4);
			CHECK_EQ_INT(mine, 1);
			CHECK_GE_UINT(w1 - w0, 1);
		}
		check_hooks_balanced("after a probe that waits for another thread");
	}
	remove_hooks();
	motor_mpi_set_spin(saved_spin);
}

enum { TAG_PROBE_SELF = 2900 };

CHECK_TEST(p2p_probe_self)
{
	/* At any size: a second thread sends to this process on SELF; the main thread finds the message with
	 * iprobe and probe, checks every status field, then receives it (before joining: a standard-mode send
	 * may wait for its receive). */
	struct helper_arg a = {MOTOR_COMM_SELF, TAG_PROBE_SELF, 0, 0, -999, 0x7e57};
	pthread_t t;
	motor_status st;
	int flag = 0;

	if (!start_helper(&t, &a))
		return;
	double deadline = motor_mpi_wtime() + 20.0;
	while (!flag && motor_mpi_wtime() < deadline) {
		poison_status(&st);
		poison_stack();
		CHECK_OK(motor_mpi_iprobe(MOTOR_ANY_SOURCE, TAG_PROBE_SELF, MOTOR_COMM_SELF, &flag, &st));
	}
	CHECK_EQ_INT(flag, 1);
	CHECK_EQ_INT(st.source, 0);
	CHECK_EQ_INT(st.tag, TAG_PROBE_SELF);
	CHECK_EQ_INT(st.bytes, 4);
	CHECK_EQ_INT(st.error, MOTOR_OK);
	CHECK_EQ_INT(st.cancelled, 0);

	poison_status(&st);
	poison_stack();
	CHECK_OK(motor_mpi_probe(0, MOTOR_ANY_TAG, MOTOR_COMM_SELF, &st));
	CHECK_EQ_INT(st.source, 0);
	CHECK_EQ_INT(st.tag, TAG_PROBE_SELF);
	CHECK_EQ_INT(st.bytes, 4);
	CHECK_EQ_INT(st.error, MOTOR_OK);
	CHECK_EQ_INT(st.cancelled, 0);

	int32_t v = 0;
	poison_status(&st);
	poison_stack();
	CHECK_OK(motor_mpi_recv(&v, 1, MOTOR_DT_I32, MOTOR_ANY_SOURCE, MOTOR_ANY_TAG, MOTOR_COMM_SELF, &st));
	pthread_join(t, NULL);
	CHECK_OK(a.rc);
	CHECK_EQ_INT(v, 0x7e57);
	CHECK_EQ_INT(st.source, 0);
	CHECK_EQ_INT(st.tag, TAG_PROBE_SELF);
	CHECK_EQ_INT(st.bytes, 4);
	CHECK_EQ_INT(st.error, MOTOR_OK);
	CHECK_EQ_INT(st.cancelled, 0);
	check_nothing_pending(MOTOR_COMM_SELF, "receiving the probed message");
}

/* ---- the runner --------------------------------------------------------------------------------------- */

static const struct check_test tests[] = {
    CHECK_ENTRY(env_init),
    CHECK_ENTRY(env_wtime),
    CHECK_ENTRY(env_processor_name),
    CHECK_ENTRY(env_library_version),
    CHECK_ENTRY(env_spin),
    CHECK_ENTRY(comm_rank_size),
    CHECK_ENTRY(comm_invalid_handles),
    CHECK_ENTRY(comm_free_builtin),
    CHECK_ENTRY(comm_dup_free),
    CHECK_ENTRY(barrier),
    CHECK_ENTRY(datatype_sizes),
    CHECK_ENTRY(datatype_bytes),
    CHECK_ENTRY(error_strings),
    CHECK_ENTRY(p2p_ring_types),
    CHECK_ENTRY(p2p_self_sendrecv),
    CHECK_ENTRY(p2p_sendrecv_ring),
    CHECK_ENTRY(p2p_status_probe),
    CHECK_ENTRY(p2p_probe_self),
    CHECK_ENTRY(p2p_any_source_tag),
    CHECK_ENTRY(p2p_proc_null),
    CHECK_ENTRY(p2p_validation),
    CHECK_ENTRY(p2p_truncation),
    CHECK_ENTRY(block_hooks),
    CHECK_ENTRY(block_hooks_thread),
};

struct verdict {
	int failures;
	char first[CHECK_MSG_MAX];
};

static void one_line(char *s)
{
	for (; *s; s++)
		if (*s == '\n' || *s == '\r')
			*s = ' ';
}

/* Combines one test's result over all ranks: gathered at rank 0, which prints the line, and broadcast back so
 * that every rank's exit status reflects every rank's failures. */
static int verdict_all_ranks(const char *name, int failures, const char *first, void *ctx)
{
	struct verdict mine, *all = NULL;
	int total = 0;

	memset(&mine, 0, sizeof mine);
	mine.failures = failures;
	snprintf(mine.first, sizeof mine.first, "%s", first);
	if (g_rank == 0 && !(all = calloc((size_t)g_size, sizeof *all))) {
		fprintf(stderr, "out of memory\n");
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	int rc =
	    MPI_Gather(&mine, (int)sizeof mine, MPI_BYTE, all, (int)sizeof mine, MPI_BYTE, 0, MPI_COMM_WORLD);
	if (rc != MPI_SUCCESS) {
		fprintf(stderr, "%sMPI_Gather of the verdict of %s failed: %d\n", g_prefix, name, rc);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	if (g_rank == 0) {
		int first_rank = -1, nranks = 0;
		for (int r = 0; r < g_size; r++) {
			total += all[r].failures;
			if (all[r].failures) {
				nranks++;
				if (first_rank < 0)
					first_rank = r;
			}
		}
		if (total == 0) {
			printf("ok %s\n", name);
		} else {
			all[first_rank].first[CHECK_MSG_MAX - 1] = '\0';
			one_line(all[first_rank].first);
			printf("not ok %s: rank %d: %s [%d failure%s on %d rank%s]\n", name, first_rank,
			       all[first_rank].first, total, total == 1 ? "" : "s", nranks,
			       nranks == 1 ? "" : "s");
		}
		fflush(stdout);
		free(all);
	}
	if (MPI_Bcast(&total, 1, MPI_INT, 0, MPI_COMM_WORLD) != MPI_SUCCESS) {
		fprintf(stderr, "%sMPI_Bcast of the verdict of %s failed\n", g_prefix, name);
		MPI_Abort(MPI_COMM_WORLD, 2);
	}
	return total;
}

static int verdict_quiet(const char *name, int failures, const char *first, void *ctx)
{
	return failures;
}

/* After motor_mpi_finalize the ranks cannot combine verdicts: each checks its own state. */
static void finalize_checks(void)
{
	int out = 12345;
	char buf[64];

	install_hooks(NULL);
	CHECK_OK(motor_mpi_finalize());
	/* MPI_Finalize may wait for the other ranks, so it is bracketed by the hooks. */
	CHECK_EQ_INT(atomic_load(&hook_enters), 1);
	check_hooks_balanced("finalize");
	remove_hooks();

	CHECK_OK(motor_mpi_finalize());
	CHECK_EQ_INT(motor_mpi_finalized(), 1);
	CHECK_RC(motor_mpi_comm_rank(MOTOR_COMM_WORLD, &out), MOTOR_ECOMM);
	CHECK_RC(motor_mpi_comm_size(MOTOR_COMM_SELF, &out), MOTOR_ECOMM);
	CHECK_EQ_INT(out, 12345);
	CHECK_RC(motor_mpi_send(&out, 1, MOTOR_DT_I32, 0, 1, MOTOR_COMM_SELF, MOTOR_SEND_STANDARD),
	         MOTOR_ECOMM);
	CHECK_RC(motor_mpi_barrier(MOTOR_COMM_WORLD), MOTOR_ECOMM);
	CHECK_RC(motor_mpi_comm_free(MOTOR_COMM_WORLD), MOTOR_ECOMM);
	CHECK_RC(motor_mpi_type_bytes(24, &out), MOTOR_EFINALIZED);
	CHECK_RC(motor_mpi_query_thread(&out), MOTOR_EFINALIZED);
	CHECK_RC(motor_mpi_processor_name(buf, sizeof buf), MOTOR_EFINALIZED);
	CHECK_EQ_UINT(motor_mpi_type_size(MOTOR_DT_PREDEFINED), 0);
	CHECK_EQ_UINT(motor_mpi_type_size(MOTOR_DT_F64), 8);
	/* Messages still work, without MPI for positive codes. */
	motor_mpi_error_string(MOTOR_ECOMM, buf, sizeof buf);
	CHECK_NONEMPTY_STR(buf);
	motor_mpi_error_string(MPI_ERR_TRUNCATE, buf, sizeof buf);
	CHECK_NONEMPTY_STR(buf);
	CHECK_EQ_INT(motor_mpi_error_class(MOTOR_ECOMM), MOTOR_ECOMM);
	CHECK_NONEMPTY_STR(motor_mpi_library_version());
	/* The timers keep working (on the system clock) after finalize. */
	double t0 = motor_mpi_wtime(), t1 = motor_mpi_wtime();
	CHECK_GT_DBL(t0, 0.0);
	CHECK_GE_DBL(t1, t0);
	CHECK_GT_DBL(motor_mpi_wtick(), 0.0);
}

int main(int argc, char **argv)
{
	int provided = -1;
	int rc = motor_mpi_init(&argc, &argv, MOTOR_THREAD_MULTIPLE, &provided);
	if (rc != MOTOR_OK) {
		fprintf(stderr, "motor_mpi_init: %d\n", rc);
		return 1;
	}
	g_provided = provided;
	if (motor_mpi_comm_rank(MOTOR_COMM_WORLD, &g_rank) != MOTOR_OK ||
	    motor_mpi_comm_size(MOTOR_COMM_WORLD, &g_size) != MOTOR_OK || g_size < 1) {
		fprintf(stderr, "motor_mpi_comm_rank/size on WORLD failed after init\n");
		return 1;
	}
	snprintf(g_prefix, sizeof g_prefix, "[rank %d] ", g_rank);
	check_set_prefix(g_prefix);

	int failed = check_run(tests, CHECK_COUNT(tests), verdict_all_ranks, NULL);

	static const struct check_test last[] = {{"finalize", finalize_checks}};
	failed += check_run(last, 1, g_rank == 0 ? check_verdict_local : verdict_quiet, NULL) != 0 ? 1 : 0;
	/* The other ranks report finalize on stderr and in their exit status only. */
	return failed ? 1 : 0;
}
