"""The pages in German and in French, in headless Chromium: a whole deal played at the table, the analysis
board stepped through and a decision rated, and the rules page, with no English word left in what the page
shows (card letters, seat letters and names aside); the language chosen on the page is kept.

English words are the words of the message ids (the catalogue templates, ``locale/*.pot``) that the
language's own catalogue never uses: a word of the page found among them is a sentence left untranslated.
"""

from __future__ import annotations

import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
from babel.messages.pofile import read_po

from altbaumer.serve.language import COOKIE

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))  # the CDP client, tests/report/chromium.py

from chromium import Chromium, Page  # noqa: E402
from test_table_page import (LONE_MARCH, TOKEN, _serve, browser, click_step, game_of, new_game,  # noqa: E402,F401
                             play_deal, settle)

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "solver" / "lang" / "locale"
MATCH = ROOT / "examples" / "match.abn"
WORD = re.compile(r"[^\W\d_]{4,}")
NAMES = {"altbaumer", "heuristic", "pimc", "rollout", "random"}
"""Names the page shows as they are: the program and its players."""


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def english_words(language: str) -> set[str]:
    """The words of the English message ids that no translation into ``language`` uses."""
    english: set[str] = set()
    used: set[str] = set()
    for domain in ("altbaumer", "altbaumer_js"):
        with (LOCALE / f"{domain}.pot").open("rb") as handle:
            for message in read_po(handle):
                english |= _words(" ".join(message.id) if isinstance(message.id, tuple) else message.id)
        with (LOCALE / language / "LC_MESSAGES" / f"{domain}.po").open("rb") as handle:
            for message in read_po(handle, locale=language):
                texts = message.string if isinstance(message.string, tuple) else (message.string,)
                used |= _words(" ".join(texts))
    return english - used - NAMES


def english_left(page: Page, language: str, names: frozenset[str] = frozenset()) -> list[str]:
    """The English words in the text the page shows, each with the text around it (``names``: words the
    page shows from its file, as the file says them)."""
    text: str = re.sub(r"\S*/\S*", " ", page.evaluate("document.body.innerText"))  # file names are names
    left = []
    for word in sorted(_words(text) & english_words(language) - names):
        found = re.search(rf"(?i)\b{word}\b", text)
        around = text[max(0, found.start() - 60):found.end() + 30] if found else ""
        left.append(f"{word}: …{around}…")
    return left


@pytest.fixture(scope="module")
def german_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``altbaumer play --lang de`` (seed 7, level 1, a quick tutor) serving ``examples/match.abn`` too."""
    yield from _serve(tmp_path_factory.mktemp("de"), file=str(MATCH), language="de")


@contextmanager
def chosen(browser: Chromium, address: str, language: str, width: int = 1200) -> Iterator[Page]:
    """``address`` opened with ``language`` chosen on the page (its cookie), forgotten afterwards."""
    with browser.open(address, width=width, height=900) as page:
        page.evaluate(f"document.cookie = '{COOKIE}={language}; path=/'")
        page.goto(address)
        assert page.evaluate("document.documentElement.lang") == language
        yield page
        assert page.console_errors == []
        page.evaluate(f"document.cookie = '{COOKIE}=; path=/; max-age=0'")


def test_a_whole_match_at_the_table_in_german_then_the_page_in_french(browser: Chromium, german_server: str) -> None:
    """``altbaumer play --lang de``: every deal, every summary and the match's end with its review in German."""
    with browser.open(f"{german_server}/play?token={TOKEN}&delay=0", width=390, height=900) as page:
        settle(page)
        assert page.evaluate("document.documentElement.lang") == "de"
        left: set[str] = set()
        for _ in range(60):
            state = play_deal(page, click_step, check=lambda: left.update(english_left(page, "de")), limit=60)
            left.update(english_left(page, "de"))
            if page.evaluate("!document.getElementById('over').hidden"):
                break
            page.click("#next-deal")
            settle(page, state["drawn"])
        page.wait_for("document.getElementById('over').textContent.indexOf('?!') >= 0", timeout=300)  # the review
        left.update(english_left(page, "de"))
        assert sorted(left) == []
        assert page.console_errors == []
        # The chooser: French, kept by the cookie over the server's --lang.
        page.evaluate("(() => { const s = document.getElementById('lang'); s.value = 'fr';"
                      " s.dispatchEvent(new Event('change')); })()")
        page.wait_for("!!document.documentElement && document.documentElement.lang === 'fr' && "
                      "!!document.body && document.body.dataset.state === 'ready'", timeout=60)
        assert english_left(page, "fr") == []
        page.evaluate(f"document.cookie = '{COOKIE}=; path=/; max-age=0'")


def test_the_tutor_and_its_hint_in_german(browser: Chromium, german_server: str) -> None:
    game = new_game(german_server, seed=LONE_MARCH, tutor="mistake")
    with browser.open(f"{german_server}/play?token={TOKEN}&delay=0&game={game}", width=390, height=900) as page:
        settle(page)
        page.click('#choices [data-action="refuse"]')
        page.wait_for("!document.getElementById('tutor').hidden", timeout=120)
        assert english_left(page, "de") == []
        page.click("#tutor-hint")
        page.wait_for("document.getElementById('hint-verdict') !== null", timeout=120)
        assert english_left(page, "de") == []  # the 409 that asks the tutor is the page's only console line


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_analysis_board_and_a_rating(browser: Chromium, german_server: str, language: str) -> None:
    with chosen(browser, f"{german_server}/?token={TOKEN}", language) as page:
        page.wait_for("document.getElementById('board').dataset.state === 'ready'", timeout=60)
        left = set(english_left(page, language))
        for _ in range(3):
            page.click("#next")
            page.wait_for("document.getElementById('board').dataset.state === 'ready'")
            left.update(english_left(page, language))
        page.click("#first")
        page.wait_for("document.getElementById('board').dataset.state === 'ready'")
        page.evaluate("document.getElementById('rate-play').value = 'dd'; document.getElementById('rate-samples').value = '60'")
        page.click("#rate")
        page.wait_for("document.querySelectorAll('#rating tr').length > 1", timeout=90)
        left.update(english_left(page, language))
        assert sorted(left) == []


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_rules_page(browser: Chromium, german_server: str, language: str) -> None:
    with chosen(browser, f"{german_server}/rules?token={TOKEN}", language, width=390) as page:
        assert english_left(page, language) == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 390


def test_the_rules_page_is_reached_from_the_table_and_leads_back_to_the_match(browser: Chromium,
                                                                              german_server: str) -> None:
    with browser.open(f"{german_server}/play?token={TOKEN}&delay=0", width=390, height=900) as page:
        settle(page)
        game = game_of(page)
        page.goto(page.evaluate("document.getElementById('rules-link').href"))  # the link, as a click follows it
        assert page.evaluate("document.documentElement.lang") == "de"
        assert page.evaluate("!!document.getElementById('club-lead-example')")
        page.goto(page.evaluate("document.getElementById('back-to-table').href"))
        settle(page)
        assert game_of(page) == game


def test_a_drill_of_the_quiz_answered_in_german(browser: Chromium, tmp_path: Path) -> None:
    from altbaumer.serve.app import create_app
    from altbaumer.serve.server import serving
    from test_quiz import DRILLS, LINES, NAME, graded, settle as settle_quiz
    file = tmp_path / NAME
    file.write_text(DRILLS, encoding="utf-8")
    with serving(create_app(file=str(file), token=TOKEN, language="de")) as base:
        with browser.open(f"{base.rstrip('/')}/?token={TOKEN}", width=390, height=900) as page:
            board_names = frozenset({"drill"})  # the file's [Board "drill 1"], …, as review --drills writes them
            asked = settle_quiz(page, LINES["drill 1"])
            assert asked["question"] and english_left(page, "de", board_names) == []
            page.click('#choices button[data-action="together"]')
            assert graded(page)["verdict"]
            # The drill's notes are the file's commentary, in the file's words: out of sight for the check.
            page.evaluate("document.querySelectorAll('.quiz-notes').forEach(e => { e.style.display = 'none'; })")
            assert english_left(page, "de", board_names) == []
            assert page.console_errors == []
