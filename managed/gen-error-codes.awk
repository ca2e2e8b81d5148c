# gen-error-codes.awk: native-mpi/errors.def -> managed/ErrorCodes.g.cs (Makefile.am runs it after gen-lib.awk;
# see errors.def).
# Reads the lines that begin with MOTOR_ERROR(, MOTOR_SER_ERROR( or MOTOR_ERROR_BASE( and writes, into the
# partial class Errors, a constant per code, its message (Message) and its exception (New).  An unknown kind
# or a malformed line fails the build.
/^MOTOR_(SER_)?ERROR\(/ {
	prefix = /^MOTOR_SER_/ ? "SER_" : ""
	line = $0
	sub(/^[A-Z_]+\(/, "", line)
	n = split(line, f, ",")
	q1 = index(line, "\"")
	rest = substr(line, q1 + 1)
	if (n < 4 || q1 == 0 || !match(rest, /"\)[ \t]*(\/\*.*)?$/))
		fail("expected NAME(name, value, kind, \"message\")")
	name = prefix trim(f[1])
	value = trim(f[2])
	kind = trim(f[3])
	message = "\"" substr(rest, 1, RSTART)
	if (kind == "ArgumentNull")
		make = "new ArgumentNullException (param, message)"
	else if (kind == "Argument")
		make = "new ArgumentException (message, param)"
	else if (kind == "ArgumentOutOfRange")
		make = "new ArgumentOutOfRangeException (param, actual, message)"
	else if (kind == "ObjectDisposed")
		make = "new ObjectDisposedException (param, message)"
	else if (kind == "InvalidOperation")
		make = "new InvalidOperationException (message)"
	else if (kind == "NotSupported")
		make = "new NotSupportedException (message)"
	else if (kind == "UnauthorizedAccess")
		make = "new UnauthorizedAccessException (message)"
	else if (kind == "OutOfMemory")
		make = "new OutOfMemoryException (message)"
	else if (kind == "Serialization")
		make = "new System.Runtime.Serialization.SerializationException (message)"
	else
		fail("unknown exception kind " kind)
	codes[++ncodes] = name
	consts = consts "\t\tinternal const int " name " = " value ";\n"
	messages = messages "\t\t\tcase " name ":\n\t\t\t\treturn " message ";\n"
	makes = makes "\t\t\tcase " name ":\n\t\t\t\treturn " make ";\n"
	if (prefix != "")
		ser = ser "\t\t\tcase " name ":\n"
	next
}
/^MOTOR_ERROR_BASE\(/ {
	line = $0
	sub(/^[A-Z_]+\(/, "", line)
	c = index(line, ",")
	if (c == 0 || !match(line, /\)[ \t]*(\/\*.*)?$/))
		fail("expected MOTOR_ERROR_BASE(name, value)")
	consts = consts "\t\tinternal const int " trim(substr(line, 1, c - 1)) " = " trim(substr(line, c + 1, RSTART - c - 1)) ";\n"
	next
}
/^MOTOR_/ { fail("unknown macro") }
END {
	if (failed)
		exit 1
	print "// Generated from native-mpi/errors.def by managed/gen-error-codes.awk (Makefile.am): do not edit;"
	print "// change errors.def."
	print "namespace System.MP"
	print "{"
	print "\tinternal static partial class Errors"
	print "\t{"
	printf "%s", consts
	print ""
	print "\t\t/// <summary>Every code errors.def lists, in its order.</summary>"
	printf "\t\tinternal static readonly int[] Codes = {"
	for (i = 1; i <= ncodes; i++)
		printf "%s%s", (i > 1 ? ", " : " "), codes[i]
	print " };"
	print ""
	print "\t\t/// <summary>The message errors.def gives <paramref name=\"rc\"/> (native-mpi's), or null for a code"
	print "\t\t/// it does not list.</summary>"
	print "\t\tinternal static string Message (int rc)"
	print "\t\t{"
	print "\t\t\tswitch (rc) {"
	printf "%s", messages
	print "\t\t\tdefault:\n\t\t\t\treturn null;\n\t\t\t}\n\t\t}"
	print ""
	print "\t\t/// <summary>An exception of the kind errors.def gives <paramref name=\"rc\"/> with"
	print "\t\t/// <paramref name=\"message\"/>: <paramref name=\"param\"/> names the argument (ArgumentException and"
	print "\t\t/// its subclasses) or the object (ObjectDisposedException), <paramref name=\"actual\"/> is the value of"
	print "\t\t/// an argument out of range (null: not named).  Null for a code errors.def does not list.</summary>"
	print "\t\tinternal static Exception New (int rc, string message, string param = null, object actual = null)"
	print "\t\t{"
	print "\t\t\tswitch (rc) {"
	printf "%s", makes
	print "\t\t\tdefault:\n\t\t\t\treturn null;\n\t\t\t}\n\t\t}"
	print ""
	print "\t\t/// <summary>Whether <paramref name=\"rc\"/> is one of the serializer's codes (MOTOR_SER_ERROR).</summary>"
	print "\t\tinternal static bool IsSerializer (int rc)"
	print "\t\t{"
	print "\t\t\tswitch (rc) {"
	printf "%s", ser
	print "\t\t\t\treturn true;\n\t\t\tdefault:\n\t\t\t\treturn false;\n\t\t\t}\n\t\t}"
	print "\t}"
	print "}"
}
