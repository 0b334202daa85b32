#!/usr/bin/env bash
# The checked build under the sanitizers: the fast tests of the compiled code
# and a short fuzz run of every kernel target, with AddressSanitizer (leaks included) and
# UndefinedBehaviorSanitizer preloaded into an ordinary interpreter.
#
#   bash scripts/sanitize.sh PYTHON TREE OUTDIR
#
# PYTHON has pedron installed from a PEDRON_DEBUG=1 build (with the test
# extras); TREE is a source tree (tests/, scripts/); OUTDIR receives the
# sanitizers' logs, which scripts/check_sanitizer_logs.py reads: any memory
# error or undefined behaviour fails, and so does any leak allocated through
# pedron's own code (the interpreter's and other libraries' are not pedron's).
set -euo pipefail
py=$1
tree=$2
out=$3
mkdir -p "$out"
preload="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)"
run() {
    # PYTHONMALLOC=malloc: every Python object is its own allocation, so
    # ASan sees an overrun or a leak of one (the interpreter's arenas hide them).
    # UBSan reports to stderr (in the job's log) and stops the process: with
    # ASan preloaded it wrote nothing to a log_path, and a run that stopped
    # on a finding showed no reason.
    env LD_PRELOAD="$preload" PYTHONMALLOC=malloc \
        ASAN_OPTIONS="detect_leaks=1:log_path=$out/asan:malloc_context_size=30" \
        LSAN_OPTIONS="exitcode=0" \
        UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1" \
        "$py" "$@"
}
cd "$tree"
so=$(run -c 'import pedron._kernels.rng as r; print(r.__file__)')
# (grep reads all of ldd's output: with -q it may exit first, and under
# pipefail ldd's SIGPIPE would fail the check on a checked build)
if ! ldd "$so" | grep libasan >/dev/null; then
    echo "$so is not the checked build (PEDRON_DEBUG=1)" >&2
    exit 1
fi
# The tests of the compiled code and its boundaries (the bots and integrations
# above them are plain Python over these, run by the whole suite): every
# kernel, the engine's compiled move path and both games' deals, the
# hostile-argument sweep, the regressions, threads.
# The list is scripts/compiled_tests.txt (CI also runs it on other Pythons).
# (Left out, Python over kernels the listed tests reach, each minutes under the
# sanitizers: the video-poker trainer, chart-lookup and command-line tests, and the
# conformance suite's random playouts, whose compiled engine path the games' own
# deal tests and tests/engine cover.)
mapfile -t compiled < scripts/compiled_tests.txt
# (-n 0: in one process, as before pytest-xdist joined the suite: not yet tried with the
# sanitizers' per-process logs and leak checks)
run -m pytest -q -x -m "not slow" -n 0 -p no:cacheprovider "${compiled[@]}"
run scripts/fuzz/run_random.py --seconds 2
"$py" scripts/check_sanitizer_logs.py "$out/"
