"""The catalogues are complete: every message the code, the templates and the scripts mark is in the
German, Spanish, French and Portuguese catalogues (English is the source: its words are the ids),
translated in every plural form, none fuzzy, each translation with the placeholders of its original,
and the catalogues hold nothing the code no longer says."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from altbaumer.lang import DOMAIN, LANGUAGES, SCRIPT_DOMAIN, translations

TRANSLATED = [code for code in LANGUAGES if code != "en"]  # English is the source: its words are the ids

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "solver" / "lang" / "locale"
CONFIGS = {DOMAIN: "solver/lang/babel-python.cfg", SCRIPT_DOMAIN: "solver/lang/babel-scripts.cfg"}
PLACEHOLDER = re.compile(r"\{\w*\}|%\(\w+\)[sd]")


def _catalogue(language: str, domain: str) -> Catalog:
    with (LOCALE / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
        return read_po(handle, locale=language)


def _ids(catalogue: Catalog) -> set[str]:
    return {m.id[0] if isinstance(m.id, tuple) else m.id for m in catalogue if m.id}


@pytest.fixture(scope="module", params=sorted(CONFIGS))
def extracted(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, set[str]]:
    """The message ids of the sources now, as ``pybabel extract`` finds them."""
    domain = request.param
    out = tmp_path_factory.mktemp("pot") / f"{domain}.pot"
    subprocess.run([sys.executable, "-m", "babel.messages.frontend", "extract", "-F", CONFIGS[domain], "-o",
                    str(out), "."], cwd=ROOT, check=True, capture_output=True)
    with out.open("rb") as handle:
        return domain, _ids(read_po(handle))


def test_every_marked_message_is_in_every_catalogue(extracted: tuple[str, set[str]]) -> None:
    domain, ids = extracted
    assert len(ids) > 50
    for language in TRANSLATED:
        held = _ids(_catalogue(language, domain))
        assert sorted(ids - held) == [], f"{language}/{domain}.po lacks these: run the update of docs/translating.md"
        assert sorted(held - ids) == [], f"{language}/{domain}.po holds messages the code no longer says"


def _strings(message: Message) -> list[str]:
    return list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("domain", sorted(CONFIGS))
def test_every_message_is_translated_with_its_placeholders(language: str, domain: str) -> None:
    catalogue = _catalogue(language, domain)
    forms = get_plural(language).num_plurals
    problems = []
    for message in catalogue:
        if not message.id:
            continue
        originals = list(message.id) if isinstance(message.id, tuple) else [message.id]
        wanted = set(PLACEHOLDER.findall(originals[-1]))
        texts = _strings(message)
        if message.fuzzy:
            problems.append(f"fuzzy: {originals[0]!r}")
        if not all(texts):
            problems.append(f"untranslated: {originals[0]!r}")
        if isinstance(message.id, tuple) and len(texts) != forms:
            problems.append(f"{len(texts)} plural forms, not {forms}: {originals[0]!r}")
        for text in texts:
            if text and set(PLACEHOLDER.findall(text)) != wanted:
                problems.append(f"placeholders {sorted(PLACEHOLDER.findall(text))} against {sorted(wanted)}: {text!r}")
    assert problems == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_installed_catalogues_translate(language: str) -> None:
    """What the package reads (the compiled .mo of the build) says the .po's words."""
    catalogue = _catalogue(language, DOMAIN)
    sample = [m for m in catalogue if m.id and not isinstance(m.id, tuple)][:20]
    assert sample
    for message in sample:
        assert translations(language).gettext(message.id) == message.string


def test_a_language_without_a_catalogue_speaks_english() -> None:
    assert translations("da").gettext("Language") == "Language"
    assert translations("da").ngettext("{n} trick", "{n} tricks", 2) == "{n} tricks"
