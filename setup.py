"""Build the compiled core: each ``src_cython/altbaumer/<wing>/<name>.pyx`` becomes the
module ``altbaumer.<wing>.<name>`` of the wing it serves (the rule kernels belong to the
game, the search to the double-dummy solver), beside the ``.pxd`` that declares it; the
shared inline headers sit at the top of ``src_cython/``. The C that Cython generates goes
to ``build/``.

Compiler directives and flags are set once here rather than in each source
file, as in scikit-learn, and two environment switches choose the build:

``ALTBAUMER_DEBUG=1``
    A build to debug the core: Cython's bounds, wraparound, initialisation
    and None checks on, and C compiled without optimisation and with symbols
    (``-O0 -g``), for gdb or valgrind.
``ALTBAUMER_PORTABLE=1``
    No ``-march=native``: the modules run on any CPU of the architecture
    (wheels that travel; instruction counts under valgrind, which does not
    decode every extension).

A switch is on when set to anything but empty or ``0``. Switching between
builds needs ``build_ext --force``: the modules are otherwise newer than
their sources and left as they are.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
CORE = HERE / "src_cython"
SOURCES = sorted(CORE.glob("altbaumer/*/*.pyx"))
HEADERS = sorted(CORE.glob("**/*.pxd"))


def switch(environ: Mapping[str, str], name: str) -> bool:
    return environ.get(name, "") not in ("", "0")


def build_settings(environ: Mapping[str, str] = os.environ) -> tuple[dict[str, Any], list[str]]:
    """(Cython directives, extra C compiler arguments) for the build the
    environment asks for."""
    debug = switch(environ, "ALTBAUMER_DEBUG")
    directives: dict[str, Any] = {
        "language_level": "3",
        # C division in every build: the kernels are written for it, it is no check.
        "cdivision": True,
        "boundscheck": debug,
        "wraparound": debug,
        "initializedcheck": debug,
        "nonecheck": debug,
    }
    args = ["-O0", "-g"] if debug else ["-O3"]
    # The search lives on popcount, pext and bit scans: let the compiler use
    # this CPU's instructions for them unless the build must travel.
    if not switch(environ, "ALTBAUMER_PORTABLE"):
        args.append("-march=native")
    return directives, args


def module_name(source: Path) -> str:
    """``altbaumer.dd._search`` for ``src_cython/altbaumer/dd/_search.pyx``."""
    return ".".join(source.relative_to(CORE).with_suffix("").parts)


def extensions(environ: Mapping[str, str] = os.environ) -> list[Any]:
    import numpy
    from Cython.Build import cythonize
    from setuptools import Extension

    directives, args = build_settings(environ)
    modules = [
        Extension(
            module_name(src),
            [str(src.relative_to(HERE))],
            depends=[str(h.relative_to(HERE)) for h in HEADERS],
            include_dirs=[numpy.get_include(), str(CORE.relative_to(HERE))],
            extra_compile_args=args,
            define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        )
        for src in SOURCES
    ]
    # Each build keeps its own generated C, so neither picks up C made for the other.
    build_dir = "build/cython-debug" if switch(environ, "ALTBAUMER_DEBUG") else "build/cython"
    return cythonize(modules, compiler_directives=directives, include_path=[str(CORE.relative_to(HERE))],
                     build_dir=build_dir)


LOCALE = HERE / "solver" / "lang" / "locale"


def compile_catalogues(target: Path) -> list[Path]:
    """Compile each ``.po`` of ``solver/lang/locale`` into its ``.mo`` under ``target`` (the package's
    ``lang/locale`` in the build), with Babel."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for source in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        compiled = target / source.relative_to(LOCALE).with_suffix(".mo")
        compiled.parent.mkdir(parents=True, exist_ok=True)
        with source.open("rb") as handle:
            catalogue = read_po(handle, locale=source.parts[-3])
        with compiled.open("wb") as handle:
            write_mo(handle, catalogue)
        written.append(compiled)
    return written


def build_py_with_catalogues() -> Any:
    """``build_py`` that also compiles the catalogues, so an install carries the ``.mo`` files."""
    from setuptools.command.build_py import build_py

    class BuildPy(build_py):  # type: ignore[misc]
        def run(self) -> None:
            super().run()
            # An editable install reads the .po files of its checkout (altbaumer.lang.catalogues), so a
            # catalogue edited since the install is never shadowed by a stale .mo.
            if not getattr(self, "editable_mode", False):
                compile_catalogues(Path(self.build_lib) / "altbaumer" / "lang" / "locale")

    return BuildPy


if __name__ == "__main__":
    from setuptools import setup

    setup(ext_modules=extensions(), cmdclass={"build_py": build_py_with_catalogues()})
