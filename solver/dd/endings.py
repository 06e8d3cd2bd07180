"""The table of two-trick endings, shipped counted.

The search answers every two-trick boundary from a table of all 1,853,460 endings
(``src_cython/endings.pxd``). Counting them takes about 0.2 s of a process, a fifth of
``altbaumer rate`` on a lone decision, and every worker process pays it again; the package ships
the table as counted (``endings.zlib``, 40 KB for 463 KB), which the first Solver of a process
copies in 2 ms instead. The copy is used only when its SHA-256 is :data:`ENDINGS_SHA256`;
``tests/dd/test_endings.py`` counts the table afresh and holds it to the file and the digest, so
the file cannot drift from the compiled numbering. A missing or damaged file costs the 0.2 s,
never a wrong value.

>>> len(shipped_endings() or b"")
463365
"""

from __future__ import annotations

import hashlib
import zlib
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Optional

from altbaumer.dd import _search

ENDINGS_FILE = "endings.zlib"
"""The counted table, zlib-compressed, beside this module."""

ENDINGS_SHA256 = "94657108744bc0513c7bc7c2ab41d7feb78917bd98adec04f49df81d9e91ee26"
"""The SHA-256 of the counted table (uncompressed): what the compiled numbering gives."""


def shipped_endings(path: Optional[Path] = None) -> Optional[bytes]:
    """The table of two-trick endings from ``path`` (the shipped file when
    None), or None when it is missing, unreadable or not the counted table."""
    source = path if path is not None else resources.files("altbaumer.dd").joinpath(ENDINGS_FILE)
    try:
        table = zlib.decompress(source.read_bytes())
    except (OSError, zlib.error):
        return None
    return table if hashlib.sha256(table).hexdigest() == ENDINGS_SHA256 else None


@cache  # once a process: the table, once filled, stays
def fill_endings() -> None:
    """Fill the process's table of two-trick endings, from the shipped copy
    when it is sound, else by counting them."""
    _search.count_endings(shipped_endings())


def write_endings(path: Path) -> None:
    """Write the table as this build counts it to ``path`` (the shipped file
    is ``solver/dd/endings.zlib``)."""
    path.write_bytes(zlib.compress(_search.endings_bytes(), 9))
