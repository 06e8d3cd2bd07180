"""The review page in a real headless Chromium: a worst decision's link opens
its board at the decision, the page loads nothing and stays phone-wide.
Without a Chromium the tests are skipped with the reason (they must run under CI)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from altbaumer.cli import main
from chromium import Chromium, require_browser

GAMES = Path(__file__).parents[2] / "examples" / "games.abn"
ARGS = ["review", str(GAMES), "--play", "dd", "--samples", "200", "--seed", "1", "--worst", "3"]


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    where = tmp_path_factory.mktemp("review")
    result = CliRunner().invoke(main, [*ARGS, "--html", str(where / "review.html"), "--json"])
    assert result.exit_code == 0, result.output
    return where / "review.html", json.loads(result.stdout)


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    require_browser()
    with Chromium() as chromium:
        yield chromium


def test_a_worst_decision_opens_its_board_at_its_step(browser: Chromium, made: tuple[Path, dict[str, Any]]):
    page, data = made
    worst = data["players"][1]["worst"][0]  # pimc-match's costliest, on the page after heuristic's three
    with browser.open(page.as_uri(), width=1200, height=900, offline=True) as tab:
        links = tab.evaluate('Array.from(document.querySelectorAll("a[href^=\'#board-\']")).map(a => a.hash)')
        assert len(links) == 6
        section = int(links[3].split("-")[1])
        tab.click(f'a[href="{links[3]}"]')
        tab.wait_for(f'document.querySelector("#viewer-{section} .vstep").textContent.startsWith('
                     f'"step {worst["step"] + 1} of")')
        acting = tab.evaluate(f'document.querySelector("#viewer-{section} .vhand.acting").dataset.seat')
        assert acting == worst["seat"]
        assert tab.requests == [page.as_uri()] and tab.console_errors == []


def test_phone_wide_without_sideways_scrolling(browser: Chromium, made: tuple[Path, dict[str, Any]]):
    with browser.open(made[0].as_uri(), width=390, height=800, mobile=True, offline=True) as tab:
        assert tab.evaluate("document.documentElement.scrollWidth <= innerWidth + 1")
