# patched-copy.sh - sourced by the benchmarks that measure a patched copy of the tree (run-critical-path.sh,
# run-layers.sh):
#
#     . "$(dirname "$0")/patched-copy.sh" PATCH...
#
# copies the tree's tracked files into a temporary directory (removed on exit), applies bench/PATCH for each
# PATCH given, changes into the copy and defines build: `build COMMAND...` runs one build step with its output
# appended to build.log, and on failure shows the end of that log and exits.
src=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$src" && git ls-files -z | xargs -0 cp --parents -t "$work")
cd "$work"
for p in "$@"; do
	patch -s -p1 <"bench/$p"
done
mpiexec=${MPIEXEC:-mpiexec} mpicc=${MPICC:-mpicc}
build() {
	"$@" >>build.log 2>&1 || {
		tail -20 build.log
		echo "$(basename "$0"): build failed: $*" >&2
		exit 1
	}
}
