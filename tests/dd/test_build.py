"""setup.py: directives once, and the switches of the debug and portable builds."""

from __future__ import annotations

import runpy
from pathlib import Path
from typing import Any

import pytest

SETUP = Path(__file__).resolve().parents[2] / "setup.py"


@pytest.fixture(scope="module")
def setup_module() -> dict[str, Any]:
    return runpy.run_path(str(SETUP), run_name="altbaumer_setup")  # not __main__: no build


def test_the_default_build_is_optimised_and_unchecked(setup_module):
    directives, args = setup_module["build_settings"]({})
    assert not any(directives[k] for k in ("boundscheck", "wraparound", "initializedcheck", "nonecheck"))
    assert directives["cdivision"] and "-O3" in args and "-march=native" in args


@pytest.mark.parametrize("value", ["1", "yes"])
def test_the_debug_switch_turns_the_checks_on(setup_module, value):
    directives, args = setup_module["build_settings"]({"ALTBAUMER_DEBUG": value})
    assert all(directives[k] for k in ("boundscheck", "wraparound", "initializedcheck", "nonecheck"))
    assert directives["cdivision"], "C division is what the kernels are written for, in every build"
    assert args[:2] == ["-O0", "-g"] and "-O3" not in args


def test_switches_set_to_zero_or_empty_are_off(setup_module):
    settings = setup_module["build_settings"]
    assert settings({"ALTBAUMER_DEBUG": "0"}) == settings({}) == settings({"ALTBAUMER_DEBUG": ""})


def test_the_portable_switch_drops_native_code(setup_module):
    _, args = setup_module["build_settings"]({"ALTBAUMER_PORTABLE": "1"})
    assert "-march=native" not in args and "-O3" in args
    _, args = setup_module["build_settings"]({"ALTBAUMER_PORTABLE": "1", "ALTBAUMER_DEBUG": "1"})
    assert args == ["-O0", "-g"]


def test_every_source_becomes_a_module_of_its_wing(setup_module):
    names = sorted(setup_module["module_name"](src) for src in setup_module["SOURCES"])
    assert names == ["altbaumer.dd._search", "altbaumer.game._kernels", "altbaumer.hidden._deal",
                     "altbaumer.play._playout"]


def test_the_build_compiles_every_catalogue_as_gettext_reads_it(setup_module, tmp_path):
    """The .mo files an install carries say what their .po files say."""
    import gettext

    from babel.messages.pofile import read_po

    written = setup_module["compile_catalogues"](tmp_path)
    assert len(written) == 8  # de, es, fr, pt; the Python's and the scripts' catalogues
    for compiled in written:
        source = setup_module["LOCALE"] / compiled.relative_to(tmp_path).with_suffix(".po")
        with source.open("rb") as handle:
            catalogue = read_po(handle, locale=compiled.parts[-3])
        with compiled.open("rb") as handle:
            reader = gettext.GNUTranslations(handle)
        for message in catalogue:
            if message.id and not isinstance(message.id, tuple):
                assert reader.gettext(message.id) == message.string
            elif message.id:
                assert [reader.ngettext(message.id[0], message.id[1], n) for n in (1, 2)] == \
                    [message.string[reader.plural(1)], message.string[reader.plural(2)]]  # type: ignore[attr-defined]
