"""Checks of what the public entry points are given: a mistake is one line
that names the call, the argument, what it takes and what it was given.

An argument of the wrong type is a :class:`TypeError`; one of the right type
but out of range is an :class:`~altbaumer.errors.InvalidArgument` (a
``ValueError``, and an :class:`~altbaumer.errors.AltbaumerError` as every
error a caller can cause).

>>> count(0, "samples", "rate_view", low=1)
Traceback (most recent call last):
...
altbaumer.errors.InvalidArgument: rate_view: samples must be at least 1, not 0
>>> count("7", "seed", "rate_view", low=0)
Traceback (most recent call last):
...
TypeError: rate_view: seed must be an integer, not str '7'
>>> instance([], dict, "hands", "Position.build")
Traceback (most recent call last):
...
TypeError: Position.build: hands must be a dict, not list
"""

from __future__ import annotations

import operator
from typing import Any, Optional, TypeVar, Union

from altbaumer.errors import InvalidArgument

__all__ = ["instance", "count", "seed_argument", "SEED_MAX"]

T = TypeVar("T")

SEED_MAX = 2**64 - 1
"""The largest seed: numpy's generators refuse negative seeds, and 64 bits
are more seeds than any run needs."""


def instance(value: Any, kind: Union[type[T], tuple[type, ...]], name: str, where: str, hint: str = "",
             kind_name: Optional[str] = None) -> T:
    """``value`` if it is a ``kind``; else a :class:`TypeError` naming it and
    what it is (``hint``: how to get one, said after it)."""
    if not isinstance(value, kind):
        wanted = kind_name or (kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind))
        article = "an" if wanted[:1].lower() in "aeiou" else "a"
        raise TypeError(f"{where}: {name} must be {article} {wanted}, not {_kind_of(value)}{hint}")
    return value  # type: ignore[return-value]  # checked: a T (or one of the kinds)


def count(value: Any, name: str, where: str, low: Optional[int] = None, high: Optional[int] = None,
          note: str = "") -> int:
    """``value`` as an int (Python's or numpy's, never a bool), within
    ``low``..``high`` where given; ``note`` says more of what it takes
    (``" (or None: every core)"``)."""
    if isinstance(value, bool):
        raise TypeError(f"{where}: {name} must be an integer{note}, not bool {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise TypeError(f"{where}: {name} must be an integer{note}, not {_kind_of(value)}") from None
    if low is not None and high is not None and not low <= number <= high:
        raise InvalidArgument(f"{where}: {name} must be {low:,} to {high:,}{note}, not {number:,}")
    if low is not None and number < low:
        raise InvalidArgument(f"{where}: {name} must be at least {low}{note}, not {number}")
    if high is not None and number > high:
        raise InvalidArgument(f"{where}: {name} must be at most {high}{note}, not {number}")
    return number


def seed_argument(seed: Any, where: str) -> int:
    """A seed of random draws, 0 to :data:`SEED_MAX`."""
    return count(seed, "seed", where, low=0, high=SEED_MAX)


def _kind_of(value: Any) -> str:
    """What a wrong argument is, for the message: its type, and a short value as an example."""
    shown = repr(value)
    return type(value).__name__ + (f" {shown}" if isinstance(value, (str, int, float)) and len(shown) <= 20 else "")
