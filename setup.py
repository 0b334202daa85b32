"""Build the compiled core: every ``src/pedron/_kernels/*.pyx`` becomes an extension.

Cython directives are set once here rather than in each module, so every kernel
runs with the same (fast) semantics; kernels validate their inputs at the
Python boundary instead of relying on bounds checks.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = Path(__file__).parent
KERNELS = sorted((HERE / "src" / "pedron" / "_kernels").glob("*.pyx"))

if sys.platform == "win32":
    compile_args = ["/O2"]
else:
    compile_args = ["-O3", "-fno-strict-aliasing"]
    # Opt-in tuning for the build machine's own CPU (not for distributed wheels).
    if os.environ.get("PEDRON_NATIVE") == "1":
        compile_args.append("-march=native")

extensions = [
    Extension(
        f"pedron._kernels.{path.stem}",
        [str(path.relative_to(HERE))],
        extra_compile_args=compile_args,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    )
    for path in KERNELS
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives={
            "language_level": 3,
            "boundscheck": False,
            "wraparound": False,
            "initializedcheck": False,
            "cdivision": True,
            "embedsignature": True,
        },
        include_path=[str(HERE / "src")],
    ),
)
