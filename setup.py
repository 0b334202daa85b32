"""Build the compiled core: every ``src/pedron/_kernels/*.pyx`` becomes an extension.

Cython directives are set once here rather than in each module, so every kernel
runs with the same (fast) semantics; kernels validate their inputs at the
Python boundary instead of relying on bounds checks. ``PEDRON_DEBUG=1`` turns
those checks (and sanitizers) on for testing, below.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, str(Path(__file__).parent))
from build_pxd import write_pxds  # (beside this file, in the sdist too)

HERE = Path(__file__).parent
KERNELS = sorted((HERE / "src" / "pedron" / "_kernels").glob("*.pyx"))

# The kernels' C beside them (impl/: see docs/design.md, Build): every kernel may include
# its headers; simd.c, the vector fast paths, is compiled into _common alone, which
# hands them to the kernels that run them (so it is compiled once).
IMPL = HERE / "src" / "pedron" / "_kernels" / "impl"
SIMD_USERS = {"_common"}

# PEDRON_PLAIN=1 builds the plain kernels: no vector fast path is compiled (simd.c
# chooses none), so every kernel runs its plain C loop. CI runs the test suite on such
# a build too (.ci/run), so the fallback that other CPUs and compilers get is tested.
PLAIN = os.environ.get("PEDRON_PLAIN") == "1"

# PEDRON_DEBUG=1 builds the checked kernels: Cython's bounds, wraparound and
# initialisation checks on, its warnings on, line tracing for coverage, and
# (where the compiler has them) AddressSanitizer and UndefinedBehaviorSanitizer.
# Such a build is for tests, never for release: see docs/reliability.md.
DEBUG = os.environ.get("PEDRON_DEBUG") == "1"

link_args: list[str] = []
if sys.platform == "win32":
    compile_args = ["/O2"]
elif DEBUG:
    sanitize = ["-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]
    compile_args = ["-O1", "-g", "-fno-omit-frame-pointer", "-fno-strict-aliasing", *sanitize]
    link_args = sanitize
else:
    # -g0 after the interpreter's own -g: release extensions carry no debug info.
    compile_args = ["-O3", "-fno-strict-aliasing", "-g0"]
    link_args = ["-Wl,--strip-debug"] if sys.platform.startswith("linux") else []
    # Opt-in tuning for the build machine's own CPU (not for distributed wheels).
    if os.environ.get("PEDRON_NATIVE") == "1":
        compile_args.append("-march=native")

directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
}
if DEBUG:
    directives.update({
        "linetrace": True,
        "warn.unreachable": True,
        "warn.maybe_uninitialized": True,
        "warn.unused_arg": False,  # (kernels keep uniform signatures)
    })

# The build runs on every core: Cython's translation and the C compiler's work.
try:
    CORES = len(os.sched_getaffinity(0))
except AttributeError:  # (not Linux)
    CORES = os.cpu_count() or 1


def translated(source: Path, inputs: list[Path]) -> str:
    """``source`` (a ``.pyx``, or a ``.py`` compiled as it is), or the C that Cython
    already wrote from it when that C is newer than ``source`` and every one of
    ``inputs``: Cython then has nothing to do, and the C compiler nothing either
    if the extension built from that C is there.

    (Cython's own check counts its ``Includes`` too, which a new isolated build
    environment, as pip makes for each install, brings with new times: the second
    ``pip install`` of the README would translate and compile everything again.
    This check is coarser, every input of the kind: where it cannot tell, Cython's
    own check decides.)"""
    c_file = source.with_suffix(".c")
    if not c_file.exists() or build_dir is not None:
        return str(source.relative_to(HERE))
    built = c_file.stat().st_mtime
    if all(p.stat().st_mtime < built for p in [source, *inputs]):
        return str(c_file.relative_to(HERE))
    return str(source.relative_to(HERE))


# (the checked build writes its C apart: neither build reuses the other's; the plain
# build's C is the same as the fast one's, only compiled with PEDRON_PLAIN)
build_dir = "build/cython-debug" if DEBUG else None
KERNEL_INPUTS = [p for p in (HERE / "src" / "pedron" / "_kernels").iterdir()
                 if p.suffix in (".pyx", ".pxd")]

extensions = [
    Extension(
        f"pedron._kernels.{path.stem}",
        [translated(path, KERNEL_INPUTS)]
        + ([str((IMPL / "simd.c").relative_to(HERE))] if path.stem in SIMD_USERS else []),
        include_dirs=["src"],  # (the kernels include "pedron/_kernels/impl/*.h")
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]
        + ([("CYTHON_TRACE_NOGIL", "1")] if DEBUG else [])
        + ([("PEDRON_PLAIN", "1")] if PLAIN else []),
    )
    for path in KERNELS
]

# The table engine's move path: Python modules compiled as they are written. They
# are the one source of every rule and every type (mypy and ruff read them; run
# without their compiled form they are plain Python). A class decorated
# ``@cython.cclass`` becomes an extension type whose annotated attributes are C
# fields, a ``@cython.ccall`` function a C call; build_pxd.py derives the
# declarations other compiled modules need (the .pxd of each module) from the .py
# before Cython runs, into build/pxd. These modules keep Python's semantics:
# negative indexes, bounds checks, Python's division, and an unbounded int stays a
# Python int. See docs/design.md, "Build".
ENGINE = [
    "pedron.engine.actions",
    "pedron.engine.moves",
    "pedron.engine.ledger",
    "pedron.engine.shoe",
    "pedron.engine.pots",
    "pedron.engine.seats",
    "pedron.engine.settle",
    "pedron.engine.deal",
    "pedron.engine.betting",
    "pedron.engine.journal",
    "pedron.engine.saving",
    "pedron.engine.restore",
    "pedron.engine.table",
    "pedron.diamondback.deal",
    "pedron.diamondback.table",
    "pedron.diablo.game",
    "pedron.diablo.table",
]
engine_directives = {
    "language_level": 3,
    "annotation_typing": False,
    "embedsignature": False,  # (the functions keep their Python signatures themselves)
}
if DEBUG:
    engine_directives["linetrace"] = True
engine_args = [a.replace("-O3", "-O2") for a in compile_args]  # (object code: -O3 gains nothing)
PXD = HERE / "build" / "pxd"
PXDS = write_pxds(PXD, [(name, HERE / "src" / (name.replace(".", "/") + ".py"))
                        for name in ENGINE])
engine = [
    Extension(
        name,
        [translated(HERE / "src" / (name.replace(".", "/") + ".py"), PXDS)],
        extra_compile_args=engine_args,
        extra_link_args=link_args,
        define_macros=[("CYTHON_TRACE_NOGIL", "1")] if DEBUG else [],
    )
    for name in ENGINE
]

# A plain build compiles the same C with another macro: its objects are kept apart and
# every extension is rebuilt, so switching between the two never links stale objects.
build_options: dict[str, dict[str, object]] = {"build_ext": {"parallel": CORES}}
if PLAIN:
    build_options["build_ext"].update(build_temp="build/temp-plain", force=True)


class BuildExt(build_ext):
    """Build the extensions, then record the hash of every engine source compiled
    (``pedron/_compiled.json``: the engine refuses a compiled module whose source has
    changed since, see ``pedron._compiled``)."""

    def run(self) -> None:
        super().run()
        import hashlib
        import json

        record = {name: hashlib.sha256((HERE / "src" / (name.replace(".", "/") + ".py"))
                                       .read_bytes()).hexdigest() for name in ENGINE}
        text = json.dumps(record, indent=1, sort_keys=True) + "\n"
        targets = [Path(self.build_lib) / "pedron" / "_compiled.json"]
        if self.inplace:
            targets.append(HERE / "src" / "pedron" / "_compiled.json")
        for target in targets:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")


setup(
    cmdclass={"build_ext": BuildExt},
    options=build_options,
    ext_modules=cythonize(
        extensions, compiler_directives=directives, build_dir=build_dir,
        include_path=[str(HERE / "src")], nthreads=CORES,
    )
    + cythonize(
        engine, compiler_directives=engine_directives, build_dir=build_dir,
        include_path=[str(PXD), str(HERE / "src")], nthreads=CORES,
    ),
)
