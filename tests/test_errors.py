"""Every user error is an AltbaumerError, and all of them live in altbaumer.errors.

One base class lets the CLI turn any of them into one line and exit code 2, and lets a
caller of the library catch them all; one module lets a reader find them all.
"""

from __future__ import annotations

import importlib

import pytest

from altbaumer import errors
from altbaumer.errors import AltbaumerError
from support import package_modules

# Exception classes of the package that are not user errors of the library, and why.
NOT_USER_ERRORS: dict[str, str] = {
    "altbaumer.cli.output.BadInput": "click's exception for one line and exit code 2: the CLI raises it for "
                                     "bad options and turns every AltbaumerError into it",
    "altbaumer.dd.bench._Deadline": "a BaseException so that nothing in the timed search catches it: "
                                    "the signal that a time budget ran out, never shown to a user",
    "altbaumer.serve.jobs.Cancelled": "a BaseException raised from a rating's progress callback to end a "
                                      "cancelled job of the analysis server, never shown to a user",
}


def _defined_exceptions() -> dict[str, type[BaseException]]:
    found: dict[str, type[BaseException]] = {}
    for name in package_modules():
        for value in vars(importlib.import_module(name)).values():
            if isinstance(value, type) and issubclass(value, BaseException) and value.__module__ == name:
                found[f"{name}.{value.__qualname__}"] = value
    return found


EXCEPTIONS = _defined_exceptions()


def test_every_export_of_errors_is_an_altbaumer_error() -> None:
    exported = {name: getattr(errors, name) for name in errors.__all__}
    assert [name for name, value in exported.items()
            if not (isinstance(value, type) and issubclass(value, AltbaumerError))] == []


def test_every_error_of_errors_is_exported() -> None:
    defined = {qualified for qualified, cls in EXCEPTIONS.items() if cls.__module__ == "altbaumer.errors"}
    assert sorted(defined ^ {f"altbaumer.errors.{name}" for name in errors.__all__}) == []


def test_no_other_module_defines_an_exception() -> None:
    elsewhere = [qualified for qualified, cls in EXCEPTIONS.items()
                 if cls.__module__ != "altbaumer.errors" and qualified not in NOT_USER_ERRORS]
    assert elsewhere == [], "define user errors in altbaumer.errors, as AltbaumerErrors"


def test_every_exception_allowed_elsewhere_still_exists() -> None:
    assert sorted(set(NOT_USER_ERRORS) - set(EXCEPTIONS)) == []


@pytest.mark.parametrize("module, name", [
    ("altbaumer.game.cards", "CardParseError"),
    ("altbaumer.game.seats", "SeatParseError"),
    ("altbaumer.game.position", "InvalidPosition"),
])
def test_moved_errors_are_still_importable_where_they_are_raised(module: str, name: str) -> None:
    assert getattr(importlib.import_module(module), name) is getattr(errors, name)
