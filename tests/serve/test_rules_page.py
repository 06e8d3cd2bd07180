"""The "How to play" page (altbaumer.serve.rules_page): one document in each language, with its title,
the language chooser, the link back to the table, every section and the club-lead example; its words
all marked for the catalogue and translated in German, Spanish, French and Portuguese (the Spanish,
French and Portuguese example headings are the translated summaries' own, docs/glossary.md); the cards
keep their letters and suit symbols in every language.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from altbaumer.lang import LANGUAGES, speaking, translations, _
from altbaumer.serve.rules_page import RULES_TITLE, rules_html

TEMPLATE = Path(__file__).resolve().parents[2] / "solver" / "serve" / "templates" / "how_to_play.html"
MESSAGES = re.findall(r'\{\{ _\("(.*?)"\) \}\}', TEMPLATE.read_text(encoding="utf-8"))
EXAMPLE = "A club lead with diamonds trump"
SECTIONS = ("rules-cards", "rules-cut", "rules-deal", "rules-trump", "rules-alone", "rules-follow", "rules-clubs",
            "rules-score", "rules-march", "rules-tree")
SEED_HEADINGS = {"es": "Salida de trébol con diamantes triunfo", "fr": "Entame à trèfle avec carreau atout",
                 "pt": "Saída a paus com ouros como trunfo"}


def _heading(page: str, element_id: str) -> str:
    match = re.search(rf'<h[1-6] id="{element_id}">(.*?)</h[1-6]>', page)
    assert match, element_id
    return unescape(match.group(1))


def _title(page: str) -> str:
    match = re.search(r"<title>(.*?)</title>", page)
    assert match
    return unescape(match.group(1))


@pytest.mark.parametrize("language", LANGUAGES)
def test_structure_in_every_language(language: str) -> None:
    page = rules_html(language)
    assert page.startswith("<!DOCTYPE html>") and f'<html lang="{language}">' in page
    assert page.count("<script") == 1 and page.count("<style>") == 1
    assert "http://" not in page and "https://" not in page
    assert '<span id="lang-choice"></span>' in page
    assert re.search(r'<a id="back-to-table" href="/play">[^<]+</a>', page)
    for section in (*SECTIONS, "club-lead-example", "tree-lead-example"):
        assert f'id="{section}"' in page, section
    with speaking(language):
        assert _title(page) == _(RULES_TITLE)
        assert _heading(page, "club-lead-example-h") == _(EXAMPLE)
    # The cards keep their letters and symbols; the Trees are green, hearts and diamonds red.
    assert '<span class="card tree">Q♣</span>' in page and '<span class="card tree">J♣</span>' in page
    assert '<span class="card red">A♦</span>' in page and '<span class="card black">10♣</span>' in page
    assert "Q♣ J♣</span>" not in page  # each card its own span
    assert rules_html(language) is page  # cached


def test_english() -> None:
    page = rules_html("en")
    assert _title(page) == "altbaumer — how to play"
    assert _heading(page, "club-lead-example-h") == EXAMPLE
    assert _heading(page, "rules-clubs-h") == "When an ordinary club is led"
    text = unescape(re.sub(r"<[^>]+>", "", page))
    assert "J♣ even beats A♦" in text and "Back to the table" in text
    assert "Q♣ J♣ A K 10 Q J 9" in text and "A 10 K Q J 9" in text  # the two orders
    assert rules_html() == page


def test_german_differs_from_english() -> None:
    english, german = rules_html("en"), rules_html("de")
    assert german != english
    assert _title(german) != _title(english)
    assert _heading(german, "club-lead-example-h") != EXAMPLE
    text = unescape(re.sub(r"<[^>]+>", "", german))
    assert "Großbaum" in text and "Kreuz" in text and "Vorhand" in text
    assert "Q♣ J♣ A K 10 Q J 9" in text  # the letters stay


@pytest.mark.parametrize("language", SEED_HEADINGS)
def test_example_heading_follows_the_seeds(language: str) -> None:
    assert _heading(rules_html(language), "club-lead-example-h") == SEED_HEADINGS[language]


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_every_message_translated(language: str) -> None:
    catalogue = translations(language)
    missing = [message for message in (*MESSAGES, RULES_TITLE) if catalogue.gettext(message) == message]
    assert not missing, missing


def test_template_text_all_marked() -> None:
    """Nothing but cards, numbers and signs is written in the template outside ``{{ _("…") }}``."""
    source = TEMPLATE.read_text(encoding="utf-8")
    assert len(MESSAGES) == source.count('{{ _("'), "every message a plain literal"
    bare = re.sub(r"<[^>]+>", " ", re.sub(r"\{\{.*?\}\}", " ", source))
    assert re.fullmatch(r"[\sAKQJ0-9♣♠♥♦+−]*", bare), bare.split()
