# gen-direct.awk: runtime-ext/direct-def.h -> System.MP.Direct.il (Makefile.am runs it after gen-lib.awk and
# assembles the IL with ilasm).
# For each MOTOR_DIRECT(name, C function, return type, (parameter types)) line: a private static field
# name_fn, which the host fills with the C function's address (runtime-ext/direct.c), and an internal static
# method name that passes its arguments on with an unmanaged `calli` through that field.  The class is internal
# to the assembly, which lets System.MP (and only it) see it.  A malformed line fails the build.
BEGIN {
	print "// Generated from runtime-ext/direct-def.h by managed/gen-direct.awk; do not edit."
	print ".assembly extern mscorlib { .publickeytoken = (B7 7A 5C 56 19 34 E0 89) .ver 4:0:0:0 }"
	print ".assembly 'System.MP.Direct'"
	print "{"
	# InternalsVisibleTo ("System.MP"): prolog 01 00, the string's length (9) and bytes, no named arguments.
	print "\t.custom instance void [mscorlib]System.Runtime.CompilerServices.InternalsVisibleToAttribute::.ctor(string) ="
	print "\t\t(01 00 09 53 79 73 74 65 6D 2E 4D 50 00 00)"
	print "\t.ver 1:0:0:0"
	print "}"
	print ".module 'System.MP.Direct.dll'"
	print ""
	print ".class private abstract sealed auto ansi System.MP.Direct extends [mscorlib]System.Object"
	print "{"
}
# A line clang-format breaks goes on on the next lines, up to the closing "))".
pending != "" {
	pending = pending " " trim($0)
	if (pending !~ /\)\)$/)
		next
	direct(pending)
	pending = ""
	next
}
/^MOTOR_DIRECT\(/ {
	if ($0 ~ /\)\)$/)
		direct($0)
	else
		pending = $0
}
function direct(line) {
	if (!match(line, /^MOTOR_DIRECT\(([A-Za-z0-9_]+), *([a-z0-9_]+), *([a-z0-9 ]+), *\(([a-z0-9, ]*)\)\)$/))
		fail("expected MOTOR_DIRECT(Name, c_function, return type, (parameter types))")
	sub(/^MOTOR_DIRECT\(/, "", line)
	sub(/\)\)$/, "", line)
	split(line, head, ",")
	name = trim(head[1])
	ret = trim(head[3])
	types = substr(line, index(line, "(") + 1)
	n = split(types, t, ",")
	params = ""
	sig = ""
	for (i = 1; i <= n; i++) {
		t[i] = trim(t[i])
		if (t[i] !~ /^(object|int32|int64|native int|out int32)$/)
			fail("parameter type '" t[i] "' is not one of object, int32, int64, native int, out int32")
		il = t[i] == "out int32" ? "[out] int32&" : t[i]
		params = params (i > 1 ? ", " : "") il " a" (i - 1)
		sig = sig (i > 1 ? ", " : "") (t[i] == "out int32" ? "int32&" : t[i])
	}
	if (seen[name]++)
		fail("'" name "' is listed twice")
	printf "\t.field private static native int %s_fn\n", name
	printf "\t.method assembly hidebysig static %s %s(%s) cil managed noinlining\n", ret, name, params
	print "\t{"
	printf "\t\t.maxstack %d\n", n + 1
	for (i = 0; i < n; i++)
		printf "\t\tldarg.s %d\n", i
	printf "\t\tldsfld native int System.MP.Direct::%s_fn\n", name
	printf "\t\tcalli unmanaged cdecl %s(%s)\n", ret, sig
	print "\t\tret"
	print "\t}"
	count++
}
END {
	if (failed)
		exit 1
	if (pending != "") {
		print "gen-direct.awk: MOTOR_DIRECT line without its closing \"))\"" > "/dev/stderr"
		exit 1
	}
	if (count == 0) {
		print "gen-direct.awk: no MOTOR_DIRECT line" > "/dev/stderr"
		exit 1
	}
	print "}"
}
