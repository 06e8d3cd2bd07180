"""A package's names loaded on first use (PEP 562), so that importing a package costs no more
than the modules its caller uses.

A wing's ``__init__`` names its headline values and the module each lives in; a name's module is
imported when the name is first looked up, then the name is kept in the package like any other.
``altbaumer rate`` imports the rating and a board's replay but not the annotation, the
HTML page or the match at the table; every command pays only for its own stack. The packages
import the same names under ``if TYPE_CHECKING:`` so that mypy checks them, each as itself
(``Board as Board``: re-exported, since ``__all__`` is computed); ``tests/test_lazy.py`` holds
the two lists equal.

>>> import sys, types
>>> package = types.ModuleType("example")
>>> sys.modules["example"] = package
>>> package.__getattr__, package.__dir__ = loaded_on_use("example", {"fractions": ("Fraction",)})
>>> package.Fraction(1, 3)
Fraction(1, 3)
>>> "Fraction" in vars(package), "Fraction" in dir(package)
(True, True)
>>> package.Decimal
Traceback (most recent call last):
AttributeError: module 'example' has no attribute 'Decimal'
>>> del sys.modules["example"]

It imports nothing of the package, so every wing may use it.
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any, Callable, Iterable, Mapping


def loaded_on_use(package: str, homes: Mapping[str, Iterable[str]]
                  ) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``, whose names are
    ``homes``: module → the names it gives the package."""
    home_of = {name: module for module, names in homes.items() for name in names}
    namespace = vars(sys.modules[package])

    def __getattr__(name: str) -> Any:
        home = home_of.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        namespace[name] = value  # found once; later lookups do not come here
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(home_of))

    return __getattr__, __dir__


def names_of(homes: Mapping[str, Iterable[str]]) -> list[str]:
    """Every name that ``homes`` gives, in order: a package's ``__all__``.

    >>> names_of({"fractions": ("Fraction",), "decimal": ("Decimal", "Context")})
    ['Fraction', 'Decimal', 'Context']
    """
    return [name for names in homes.values() for name in names]
