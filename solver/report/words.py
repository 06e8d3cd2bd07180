"""Plain words for counts in reports and on the command line.

>>> plural(1, "board"), plural(0, "double-dummy error"), plural(10000, "world")
('1 board', '0 double-dummy errors', '10,000 worlds')
>>> plural(2, "match", "matches")
'2 matches'
"""

from __future__ import annotations

from typing import Optional

__all__ = ["plural"]


def plural(count: int, noun: str, many: Optional[str] = None) -> str:
    """``count`` and ``noun``, in the plural unless ``count`` is 1 (``many``
    when the plural is not ``noun`` + s), with thousands separated."""
    return f"{count:,} {noun if count == 1 else many or noun + 's'}"
