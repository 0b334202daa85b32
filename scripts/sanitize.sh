#!/usr/bin/env bash
# The checked build under the sanitizers: the fast test suite and a short fuzz
# run of every kernel target, with AddressSanitizer (leaks included) and
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
    env LD_PRELOAD="$preload" PYTHONMALLOC=malloc \
        ASAN_OPTIONS="detect_leaks=1:log_path=$out/asan:malloc_context_size=30" \
        LSAN_OPTIONS="exitcode=0" \
        UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:log_path=$out/ubsan" \
        "$py" "$@"
}
cd "$tree"
so=$(run -c 'import pedron._kernels.rng as r; print(r.__file__)')
if ! ldd "$so" | grep -q libasan; then
    echo "$so is not the checked build (PEDRON_DEBUG=1)" >&2
    exit 1
fi
# The fast suite, less what only drives other programs (mypy, the terminal,
# a Dask cluster, OpenSpiel and PettingZoo's checkers, the docs' commands):
# those run pedron's compiled code through paths the rest covers, in
# subprocesses or third-party loops that would only slow the sanitizers down.
run -m pytest -q -x -m "not slow and not dask_cluster" -p no:cacheprovider \
    --ignore=tests/spiel --ignore=tests/envs --ignore=tests/test_typing.py \
    --ignore=tests/test_play_pty.py --ignore=tests/test_docs.py \
    --ignore=tests/test_simulate_cluster.py --ignore=tests/test_bench.py
run scripts/fuzz/run_random.py --seconds 2
"$py" scripts/check_sanitizer_logs.py "$out/"
