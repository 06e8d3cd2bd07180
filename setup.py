"""Build the compiled core: each ``src_cython/*.pyx`` becomes a module of the wing it serves
(``WINGS``): the rule kernels belong to the game, the search to the double-dummy solver.

Compiler directives are set once here rather than in each source file, as in
scikit-learn.
"""

import os
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

HERE = Path(__file__).parent

# The search lives on popcount and bit scans: let the compiler use this CPU's
# instructions for them. ALTBAUMER_PORTABLE=1 builds for any x86-64/ARM CPU
# (for wheels that travel to other machines).
COMPILE_ARGS = ["-O3"]
if not os.environ.get("ALTBAUMER_PORTABLE"):
    COMPILE_ARGS.append("-march=native")
SOURCES = sorted((HERE / "src_cython").glob("*.pyx"))

DIRECTIVES = {
    "language_level": "3",
    "boundscheck": False,
    "wraparound": False,
    "cdivision": True,
    "initializedcheck": False,
    "nonecheck": False,
}

WINGS = {"_kernels": "game", "_search": "dd"}

extensions = [
    Extension(
        f"altbaumer.{WINGS[src.stem]}.{src.stem}",
        [str(src.relative_to(HERE))],
        include_dirs=[numpy.get_include(), "src_cython"],
        extra_compile_args=COMPILE_ARGS,
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    )
    for src in SOURCES
]

setup(
    ext_modules=cythonize(
        extensions,
        compiler_directives=DIRECTIVES,
        include_path=["src_cython"],
    ),
)
