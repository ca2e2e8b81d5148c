# gen-lib.awk: what the generators of managed/ (gen-*.awk) share; each is run as
# awk -f gen-lib.awk -f gen-NAME.awk (Makefile.am).
# Reports a malformed line of the input and fails the build; the generator's END block checks `failed`.
function fail(why) {
	printf "%s:%d: %s\n", FILENAME, FNR, why > "/dev/stderr"
	failed = 1
	exit 1
}
# s without its leading and trailing blanks.
function trim(s) {
	sub(/^[ \t]+/, "", s)
	sub(/[ \t]+$/, "", s)
	return s
}
