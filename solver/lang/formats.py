"""Numbers and percentages as the active language writes them (Babel, from the Unicode CLDR).

>>> percent(0.4673), number(756756), number(2.5, 1)
('46.7%', '756,756', '2.5')
>>> from altbaumer.lang.speaking import speaking
>>> with speaking("fr"):
...     percent(0.4673), number(756756)
('46,7\\xa0%', '756\\u202f756')
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from altbaumer.lang.speaking import active_language

if TYPE_CHECKING:
    from babel import Locale
    from babel.numbers import NumberPattern

__all__ = ["percent", "number"]


@lru_cache(maxsize=None)
def _percent_pattern(language: str, digits: int) -> "tuple[Locale, NumberPattern]":
    # Babel is imported on the first number said: a command that says none never loads it.
    from babel import Locale
    from babel.numbers import parse_pattern

    locale = Locale.parse(language)
    pattern = parse_pattern(locale.percent_formats[None].pattern)
    pattern.frac_prec = (digits, digits)
    return locale, pattern


def percent(value: float, digits: int = 1) -> str:
    """``value`` (a fraction) as a percentage with ``digits`` decimals, in the active language."""
    locale, pattern = _percent_pattern(active_language(), digits)
    return pattern.apply(value, locale)


def number(value: float, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals and the language's grouping, in the active language."""
    from babel.numbers import format_decimal

    fraction = "." + "0" * digits if digits else ""
    return format_decimal(value, format="#,##0" + fraction, locale=active_language())
