"""The HTML pages of ``annotate`` and ``review`` in the players' languages (``--lang``): the headings and
labels are said in the language asked for, ``<html lang>`` names it, English stays the default, and an
unknown language is a one-line usage error."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from altbaumer.cli import main


EXAMPLES = Path(__file__).parents[2] / "examples"
BOARD = str(EXAMPLES / "refusal.abn")
FAST = ("--play", "dd", "--samples", "60", "--seed", "1", "--no-progress")

# A few headings and labels of each page, as the page writes them in each language.
ANNOTATE_WORDS = {
    "de": ("<h2>Summen</h2>", "<h2>Spieler</h2>", "<h3>Entscheidungen</h3>", "<dt>Vorhand</dt>", "<dt>Geber</dt>"),
    "fr": ("<h2>Totaux</h2>", "<h2>Joueurs</h2>", "<h3>Décisions</h3>", "<dt>premier joueur</dt>", "<dt>donneur</dt>"),
}
REVIEW_WORDS = {
    "de": ("<h2>Nach Art der Entscheidung</h2>", "<h2>Im Verlauf</h2>", "Art der Entscheidung", "annehmen oder ablehnen"),
    "fr": ("<h2>Par type de décision</h2>", "<h2>Au fil du temps</h2>", "type de décision", "accepter ou refuser"),
}
ENGLISH = {"annotate": ("<h2>Totals</h2>", "<h2>Players</h2>", "<h3>Decisions</h3>", "<dt>forehand</dt>"),
           "review": ("<h2>By kind of decision</h2>", "<h2>Over time</h2>", "kind of decision", "accept or refuse")}




def _run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def _annotate(tmp_path: Path, *lang: str) -> str:
    page = tmp_path / "x.html"
    code, out = _run("annotate", BOARD, *FAST, "-o", str(page), *lang)
    assert code == 0, out
    return page.read_text(encoding="utf-8")


def _review(tmp_path: Path, *lang: str) -> str:
    page = tmp_path / "y.html"
    code, out = _run("review", BOARD, *FAST, "--html", str(page), *lang)
    assert code == 0, out
    return page.read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_annotation_page_speaks_the_language(tmp_path: Path, lang: str) -> None:
    page = _annotate(tmp_path, "--lang", lang)
    assert f'<html lang="{lang}">' in page
    for words in ANNOTATE_WORDS[lang]:
        assert words in page
    for words in ENGLISH["annotate"]:
        assert words not in page
    assert "Q♣" in page or "K♣" in page  # the cards keep their letters and symbols


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_review_page_speaks_the_language(tmp_path: Path, lang: str) -> None:
    page = _review(tmp_path, "--lang", lang)
    assert f'<html lang="{lang}">' in page
    for words in REVIEW_WORDS[lang]:
        assert words in page
    for words in ENGLISH["review"][:2]:
        assert words not in page


def test_english_by_default_and_the_terminal_stays_english(tmp_path: Path) -> None:
    """Without --lang the pages are English; with it, the terminal's report is the same as without."""
    page = _annotate(tmp_path)
    assert '<html lang="en">' in page and all(words in page for words in ENGLISH["annotate"])
    review = _review(tmp_path)
    assert '<html lang="en">' in review and all(words in review for words in ENGLISH["review"])
    code, english = _run("review", BOARD, *FAST)
    code_de, german = _run("review", BOARD, *FAST, "--lang", "de")
    assert code == code_de == 0
    cut = "reviewed in"  # the line with the time, which differs from run to run
    assert [line for line in english.splitlines() if cut not in line] == \
        [line for line in german.splitlines() if cut not in line]


@pytest.mark.parametrize("command", ["annotate", "review"])
def test_an_unknown_language_is_a_usage_error(tmp_path: Path, command: str) -> None:
    code, out = _run(command, BOARD, "--lang", "xx", *(("--html", str(tmp_path / "y.html")) if command == "review"
                                                       else ("-o", str(tmp_path / "x.html"))))
    assert code == 2
    lines = out.strip().splitlines()
    assert len(lines) == 1 and "--lang" in lines[0] and "'xx'" in lines[0], out
    assert not list(tmp_path.iterdir())
