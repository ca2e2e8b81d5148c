/*
 * check.h - minimal assertion helpers and a named-test runner for Motor's C unit tests.
 *
 * In the spirit of libuv's ASSERT_EQ: a failed check prints file:line, the expression and both values to
 * stderr and records the failure; it does not abort, so the rest of the test (and every later test) still
 * runs.  Each argument of a check is evaluated exactly once.
 *
 *	CHECK_TEST(name) { CHECK_EQ_INT(f(), 3); ... }
 *	static const struct check_test tests[] = { CHECK_ENTRY(name), ... };
 *	check_run(tests, CHECK_COUNT(tests), verdict, ctx);
 *
 * The runner calls `verdict` after each test with the test's local failure count and first failure message,
 * so that a caller can combine verdicts across processes (see test-native-mpi.c) before reporting.
 */
#ifndef MOTOR_CHECK_H
#define MOTOR_CHECK_H

#include <inttypes.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define CHECK_MSG_MAX 512

struct check_state {
	const char *test;          /* the test being run, or NULL */
	const char *prefix;        /* printed before every failure message, e.g. "[rank 1] " */
	int failures;              /* failures recorded in the current test */
	char first[CHECK_MSG_MAX]; /* the first failure message of the current test (no file:line) */
};

static struct check_state check_state_ = {NULL, "", 0, {0}};

/* Records a failure: prints "file:line: [prefix]test: message" to stderr and keeps the first message. */
static inline void check_fail_(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static inline void check_fail_(const char *file, int line, const char *fmt, ...)
{
	char msg[CHECK_MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s:%d: %s%s: %s\n", file, line, check_state_.prefix,
	        check_state_.test ? check_state_.test : "(no test)", msg);
	fflush(stderr);
	/* Using snprintf's result tells the compiler that truncation is expected. */
	if (check_state_.failures++ == 0 &&
	    snprintf(check_state_.first, sizeof check_state_.first, "%s (%s:%d)", msg, file, line) < 0)
		check_state_.first[0] = '\0';
}

/* Records a failure with a printf-style message of the caller's choosing. */
#define CHECK_FAIL(...) check_fail_(__FILE__, __LINE__, __VA_ARGS__)

/* The number of failures recorded so far in the current test. */
#define CHECK_FAILURES() (check_state_.failures)

#define CHECK(cond)                                                                                          \
	do {                                                                                                 \
		if (!(cond))                                                                                 \
			CHECK_FAIL("CHECK(%s) failed", #cond);                                               \
	} while (0)

/* Signed integers of any width (compared as long long). */
#define CHECK_CMP_INT_(a, op, b)                                                                             \
	do {                                                                                                 \
		long long check_a_ = (long long)(a), check_b_ = (long long)(b);                              \
		if (!(check_a_ op check_b_))                                                                 \
			CHECK_FAIL("CHECK(%s " #op " %s) failed: %s = %lld, %s = %lld", #a, #b, #a,          \
			           check_a_, #b, check_b_);                                                  \
	} while (0)
#define CHECK_EQ_INT(a, b) CHECK_CMP_INT_(a, ==, b)
#define CHECK_NE_INT(a, b) CHECK_CMP_INT_(a, !=, b)
#define CHECK_LT_INT(a, b) CHECK_CMP_INT_(a, <, b)
#define CHECK_LE_INT(a, b) CHECK_CMP_INT_(a, <=, b)
#define CHECK_GT_INT(a, b) CHECK_CMP_INT_(a, >, b)
#define CHECK_GE_INT(a, b) CHECK_CMP_INT_(a, >=, b)

/* Unsigned integers of any width, size_t included (compared as unsigned long long). */
#define CHECK_CMP_UINT_(a, op, b)                                                                            \
	do {                                                                                                 \
		unsigned long long check_a_ = (unsigned long long)(a), check_b_ = (unsigned long long)(b);   \
		if (!(check_a_ op check_b_))                                                                 \
			CHECK_FAIL("CHECK(%s " #op " %s) failed: %s = %llu, %s = %llu", #a, #b, #a,          \
			           check_a_, #b, check_b_);                                                  \
	} while (0)
#define CHECK_EQ_UINT(a, b) CHECK_CMP_UINT_(a, ==, b)
#define CHECK_NE_UINT(a, b) CHECK_CMP_UINT_(a, !=, b)
#define CHECK_GT_UINT(a, b) CHECK_CMP_UINT_(a, >, b)
#define CHECK_GE_UINT(a, b) CHECK_CMP_UINT_(a, >=, b)

/* Doubles, compared exactly (use CHECK_LE/GE for tolerances). */
#define CHECK_CMP_DBL_(a, op, b)                                                                             \
	do {                                                                                                 \
		double check_a_ = (double)(a), check_b_ = (double)(b);                                       \
		if (!(check_a_ op check_b_))                                                                 \
			CHECK_FAIL("CHECK(%s " #op " %s) failed: %s = %.17g, %s = %.17g", #a, #b, #a,        \
			           check_a_, #b, check_b_);                                                  \
	} while (0)
#define CHECK_EQ_DBL(a, b) CHECK_CMP_DBL_(a, ==, b)
#define CHECK_LE_DBL(a, b) CHECK_CMP_DBL_(a, <=, b)
#define CHECK_GE_DBL(a, b) CHECK_CMP_DBL_(a, >=, b)
#define CHECK_GT_DBL(a, b) CHECK_CMP_DBL_(a, >, b)
#define CHECK_LT_DBL(a, b) CHECK_CMP_DBL_(a, <, b)

#define CHECK_CMP_PTR_(a, op, b)                                                                             \
	do {                                                                                                 \
		const void *check_a_ = (const void *)(a), *check_b_ = (const void *)(b);                     \
		if (!(check_a_ op check_b_))                                                                 \
			CHECK_FAIL("CHECK(%s " #op " %s) failed: %s = %p, %s = %p", #a, #b, #a, check_a_,    \
			           #b, check_b_);                                                            \
	} while (0)
#define CHECK_EQ_PTR(a, b) CHECK_CMP_PTR_(a, ==, b)
#define CHECK_NE_PTR(a, b) CHECK_CMP_PTR_(a, !=, b)
#define CHECK_NULL(a) CHECK_CMP_PTR_(a, ==, NULL)
#define CHECK_NOT_NULL(a) CHECK_CMP_PTR_(a, !=, NULL)

/* NUL-terminated strings; a NULL pointer is printed as (null) and equals only NULL. */
static inline int check_str_eq_(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}
#define CHECK_EQ_STR(a, b)                                                                                   \
	do {                                                                                                 \
		const char *check_a_ = (a), *check_b_ = (b);                                                 \
		if (!check_str_eq_(check_a_, check_b_))                                                      \
			CHECK_FAIL("CHECK_EQ_STR(%s, %s) failed: %s = \"%s\", %s = \"%s\"", #a, #b, #a,      \
			           check_a_ ? check_a_ : "(null)", #b, check_b_ ? check_b_ : "(null)");      \
	} while (0)
#define CHECK_NE_STR(a, b)                                                                                   \
	do {                                                                                                 \
		const char *check_a_ = (a), *check_b_ = (b);                                                 \
		if (check_str_eq_(check_a_, check_b_))                                                       \
			CHECK_FAIL("CHECK_NE_STR(%s, %s) failed: both = \"%s\"", #a, #b,                     \
			           check_a_ ? check_a_ : "(null)");                                          \
	} while (0)
/* A non-NULL, non-empty string. */
#define CHECK_NONEMPTY_STR(a)                                                                                \
	do {                                                                                                 \
		const char *check_a_ = (a);                                                                  \
		if (!check_a_ || !*check_a_)                                                                 \
			CHECK_FAIL("CHECK_NONEMPTY_STR(%s) failed: %s = %s%s%s", #a, #a,                     \
			           check_a_ ? "\"" : "", check_a_ ? check_a_ : "(null)",                     \
			           check_a_ ? "\"" : "");                                                    \
	} while (0)

/* Byte ranges: on failure, reports the first differing offset and both bytes there. */
static inline long check_mem_diff_(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;
	for (size_t i = 0; i < n; i++)
		if (p[i] != q[i])
			return (long)i;
	return -1;
}
#define CHECK_EQ_MEM(a, b, n)                                                                                \
	do {                                                                                                 \
		const unsigned char *check_a_ = (const unsigned char *)(a),                                  \
		                    *check_b_ = (const unsigned char *)(b);                                  \
		long check_i_ = check_mem_diff_(check_a_, check_b_, (n));                                    \
		if (check_i_ >= 0)                                                                           \
			CHECK_FAIL("CHECK_EQ_MEM(%s, %s, %s) failed at offset %ld: 0x%02x != 0x%02x", #a,    \
			           #b, #n, check_i_, check_a_[check_i_], check_b_[check_i_]);                \
	} while (0)

/* ---- named tests ------------------------------------------------------------------------------------ */

typedef void (*check_fn)(void);

struct check_test {
	const char *name;
	check_fn fn;
};

#define CHECK_TEST(name) static void test_##name(void)
#define CHECK_ENTRY(name)                                                                                    \
	{                                                                                                    \
#name, test_##name                                                                           \
	}
#define CHECK_COUNT(array) (sizeof(array) / sizeof((array)[0]))

/* Called after each test with its local result; returns the combined failure count (0 = passed).  The
 * default, check_verdict_local, prints "ok name" or "not ok name: reason" to stdout. */
typedef int (*check_verdict_fn)(const char *name, int failures, const char *first, void *ctx);

static inline int check_verdict_local(const char *name, int failures, const char *first, void *ctx)
{
	if (failures)
		printf("not ok %s: %s\n", name, first);
	else
		printf("ok %s\n", name);
	fflush(stdout);
	return failures;
}

/* Runs the tests in order; returns how many tests failed (as combined by `verdict`). */
static inline int check_run(const struct check_test *tests, size_t n, check_verdict_fn verdict, void *ctx)
{
	int failed = 0;

	if (!verdict)
		verdict = check_verdict_local;
	for (size_t i = 0; i < n; i++) {
		check_state_.test = tests[i].name;
		check_state_.failures = 0;
		check_state_.first[0] = '\0';
		tests[i].fn();
		if (verdict(tests[i].name, check_state_.failures, check_state_.first, ctx) != 0)
			failed++;
	}
	check_state_.test = NULL;
	return failed;
}

/* Sets the string printed before the test name in failure messages (kept by pointer). */
static inline void check_set_prefix(const char *prefix)
{
	check_state_.prefix = prefix ? prefix : "";
}

#endif /* MOTOR_CHECK_H */
