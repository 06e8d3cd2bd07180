"""The table of ``altbaumer play`` (altbaumer.serve.table_page) in a real headless Chromium, driven
by real clicks and key presses (tests/report/chromium.py) against the real app, run in this process
on 127.0.0.1 (altbaumer.serve.server.serving): a whole deal played by clicks at a phone's 390 px
without sideways scroll, another by keys only (with a take-back and the Tab order), the reload that
goes on with the same match, the tutor's question before a costly choice, the summary and its tree
after a deal; and the page stays error-free and talks to its own server only.

The bots' cards are shown without delay (``&delay=0``); the match is seeded. Without a Chromium (or
with ALTBAUMER_NO_BROWSER=1) the browser tests are skipped with the reason, except under CI, where
they must run (the rule of tests/report/test_html.py).
"""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Callable, Iterator, Optional

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))  # the CDP client, tests/report/chromium.py

from chromium import Chromium, Page, require_browser  # noqa: E402

from altbaumer.serve.table_page import TABLE_TITLE, table_html  # noqa: E402

TOKEN = "table-test-token-0123456789"
SEED = 7
READY = "document.body.dataset.state === 'ready'"
# The table as the page shows it, read from the DOM only.
READ = """(() => {
  const all = s => Array.from(document.querySelectorAll(s));
  return {state: document.body.dataset.state, phase: document.body.dataset.phase,
          drawn: Number(document.body.dataset.drawn || 0),
          hand: all('#hand button.card').map(b => b.dataset.card),
          enabled: all('#hand button.card:not(:disabled)').map(b => b.dataset.card),
          choices: all('#choices button[data-action]').map(b => b.dataset.action),
          confirm: !!document.getElementById('discard-confirm'),
          next: !!document.getElementById('next-deal'),
          summary: !document.getElementById('summary').hidden,
          over: !document.getElementById('over').hidden,
          status: document.getElementById('status').textContent,
          where: document.getElementById('where').textContent,
          error: document.getElementById('error').textContent,
          trick: all('#trick .slot[data-seat]').map(s => [s.dataset.seat, s.querySelector('[data-card]').dataset.card]),
          url: location.href};
})()"""
PREFERRED = ("accept", "together", "take", "next")
"""The choice a test makes when it has one: accept the turned card, play together, take the Trees."""


# -- the document, without a browser ---------------------------------------------------------


def test_one_self_contained_document() -> None:
    page = table_html()
    assert page.startswith("<!DOCTYPE html>\n<html") and page.rstrip().endswith("</html>")
    assert f"<title>{TABLE_TITLE}</title>" in page and TABLE_TITLE == "altbaumer — play"
    assert page.count("<script") == 1 and page.count("<style>") == 1  # one inline script, inline CSS
    for remote in ("http:", "https:", "//fonts", "@import", "url(", " src=", "<img", "<link rel=\"stylesheet"):
        assert remote not in page, remote
    for ident in ("hand", "trick", "status", "choices", "tricks", "score", "seat-N", "seat-E", "seat-S", "seat-W",
                  "hint", "hint-box", "undo", "last-trick", "summary", "over", "error", "announce", "autoplay", "speed",
                  "tutor", "tutor-play", "tutor-rethink", "tutor-hint", "facts"):
        assert page.count(f'id="{ident}"') == 1, ident
    assert 'role="alertdialog"' in page and 'id="error" role="alert"' in page
    assert 'id="announce" class="sr-only" aria-live="polite"' in page
    assert '"QC","Q♣","tree"' in page  # the card faces, the Trees green
    assert table_html() is page  # the same text for every request


# -- in the browser -------------------------------------------------------------------------------


def _serve(folder: Path, **app: Any) -> Iterator[str]:
    """The table's server at ``--seed 7 --level 1 --tutor off`` with a quick tutor; ``app``: more of
    ``create_app``'s arguments."""
    from altbaumer.play.table import TableSettings
    from altbaumer.play.tutor import TutorEffort
    from altbaumer.serve.app import create_app
    from altbaumer.serve.server import serving
    from altbaumer.serve.table_api import PlayOptions
    quick = TutorEffort(samples=60, effort=16, turn_effort=6, discard_effort=8, alone_effort=16)  # clear verdicts only
    options = PlayOptions(defaults=TableSettings(level=1, tutor="off", seed=SEED, effort=quick), folder=folder)
    with serving(create_app(token=TOKEN, play=options, **app)) as base:
        yield base.rstrip("/")


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    require_browser()
    with Chromium(timeout=60) as chromium:
        yield chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``altbaumer play --seed 7 --level 1 --tutor off``, its match files in a temporary folder."""
    yield from _serve(tmp_path_factory.mktemp("matches"))


def own_requests_only(page: Page, base: str) -> None:
    """Every request the page made went to its server."""
    foreign = [u for u in page.requests if not (u == base or u.startswith(base + "/") or u.startswith("data:"))]
    assert foreign == []


def open_table(browser: Chromium, base: str, width: int = 1200, game: Optional[str] = None) -> Page:
    """The table with its cards shown at once: a match started by the page itself (the server's
    defaults), or ``game``."""
    page = browser.open(f"{base}/play?token={TOKEN}&delay=0" + (f"&game={game}" if game else ""), width=width, height=900)
    settle(page)
    return page


def new_game(base: str, **settings: Any) -> str:
    """A new match with these settings (a new one even when the server has an unfinished match)."""
    status, answer = api(base, "POST", "/api/play", settings)
    assert status == 200, answer
    return str(answer["game"])


def read(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(READ)
    return state


def settle(page: Page, after: int = -1) -> dict[str, Any]:
    """Wait until the page has drawn a state after draw number ``after`` and nothing is pending; the table then."""
    page.wait_for(f"({READY} && Number(document.body.dataset.drawn || 0) > {after}) || "
                  "document.getElementById('error').textContent.length > 0", timeout=120)
    state = read(page)
    assert state["error"] == "", state["error"]
    return state


def api(base: str, method: str, path: str, body: Optional[dict[str, Any]] = None) -> tuple[int, Any]:
    """The API as the page calls it, from the test: (status, JSON)."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method,
                                     headers={"Authorization": f"token {TOKEN}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def game_of(page: Page) -> str:
    game: str = page.evaluate("new URLSearchParams(location.search).get('game')")
    assert game
    return game


def preferred(choices: list[str]) -> str:
    return next((c for p in PREFERRED for c in choices if c == p), choices[0])


def click_step(page: Page, state: dict[str, Any]) -> None:
    """One decision by mouse: a card of the hand (the compulsory four picked, then confirmed) or a choice."""
    if state["confirm"]:
        for card in state["enabled"][:4]:
            page.click(f'#hand [data-card="{card}"]')
        page.wait_for("!document.getElementById('discard-confirm').disabled")
        page.click("#discard-confirm")
    elif state["enabled"]:
        page.click(f'#hand [data-card="{state["enabled"][0]}"]')
    elif state["choices"]:
        page.click(f'#choices [data-action="{preferred(state["choices"])}"]')
    else:
        raise AssertionError(f"nothing to do at {state}")


LETTERS = {"accept": "A", "refuse": "R", "together": "T", "alone": "G", "next": "N", "take": "T"}


def key_step(page: Page, state: dict[str, Any]) -> None:
    """One decision by keys only: digits for the cards of the hand, letters (or digits) for the choices."""
    if state["confirm"]:
        for card in state["enabled"][:4]:
            page.press(str(state["hand"].index(card) + 1))
        page.press("D")
    elif state["enabled"]:
        page.press(str(state["hand"].index(state["enabled"][0]) + 1))
    elif state["choices"]:
        action = preferred(state["choices"])
        page.press(LETTERS.get(action) or str(state["choices"].index(action) + 1))
    else:
        raise AssertionError(f"nothing to do at {state}")


def play_deal(page: Page, step: Callable[[Page, dict[str, Any]], None], check: Callable[[], None] = lambda: None,
              limit: int = 40) -> dict[str, Any]:
    """Play the person's decisions until the deal's summary shows; the table then."""
    state = read(page)
    for _ in range(limit):
        check()
        if state["summary"]:
            return state
        before = state["drawn"]
        step(page, state)
        state = settle(page, before)
    raise AssertionError(f"the deal did not end in {limit} decisions: {state}")


def assert_summary(page: Page, base: str) -> None:
    """The summary of a finished deal: its words, every hand, the tree, the next deal and the analysis link."""
    summary = page.evaluate("""(() => {
      const box = document.getElementById('summary'), analyse = document.getElementById('analyse');
      return {text: box.textContent, tree: !!box.querySelector('.tree-box svg'),
              hands: Array.from(box.querySelectorAll('.hands [data-seat]')).map(h => [h.dataset.seat,
                        h.querySelectorAll('[data-card]').length]),
              next: !!document.getElementById('next-deal'), analyse: analyse ? analyse.getAttribute('href') : null,
              score: !!document.querySelector('#score svg'),
              tricks: Array.from(document.querySelectorAll('#tricks b')).map(b => Number(b.textContent)),
              heights: [box.offsetHeight, document.querySelector('#summary .tree-box').offsetHeight]};
    })()""")
    assert "is over" in summary["text"]
    assert summary["tree"] and summary["score"] and min(summary["heights"]) > 0
    hands = dict(summary["hands"])
    assert set("NESW") <= set(hands) and all(hands[s] == 5 for s in "NESW")
    assert summary["next"] and sum(summary["tricks"]) == 5
    game = game_of(page)
    assert summary["analyse"] and summary["analyse"].startswith(f"/?token={TOKEN}&play={game}&deal=")
    announced = page.evaluate("document.getElementById('announce').textContent")
    assert "the trick." in announced and " play" in announced and "The deal is over." in announced
    status, state = api(base, "GET", f"/api/play/{game}")
    assert status == 200 and state["phase"] in ("done", "over") and state["hands"]


def test_a_whole_deal_by_clicks_on_a_phone(browser: Chromium, server: str) -> None:
    with open_table(browser, server, width=390) as page:
        def fits() -> None:
            assert page.evaluate("document.documentElement.scrollWidth") <= 390
        state = read(page)
        assert page.evaluate("document.title") == TABLE_TITLE
        game = game_of(page)  # the new match's id, put in the address for a reload
        assert state["hand"] and "Deal 1" in state["where"]
        assert page.evaluate("document.querySelectorAll('#seat-N .who, #seat-E .who, #seat-S .who, #seat-W .who').length") == 4
        assert page.evaluate("document.querySelectorAll('.seat.acting').length") == 1
        # the cards are buttons named in words, the legal ones enabled
        names = page.evaluate("Array.from(document.querySelectorAll('#hand button.card')).map(b => b.getAttribute('aria-label'))")
        assert all(" of " in n for n in names)
        # one decision, then the reload goes on with the same match
        click_step(page, state)
        state = settle(page, state["drawn"])
        page.goto(state["url"])
        again = settle(page)
        assert game_of(page) == game and again["hand"] == state["hand"] and again["phase"] == state["phase"]
        state = play_deal(page, click_step, fits)
        fits()
        assert_summary(page, server)
        page.click("#last-trick")
        assert page.evaluate("document.querySelectorAll('#last-trick-box [data-card]').length") >= 3
        fits()
        page.click("#next-deal")
        state = settle(page, state["drawn"])
        assert "Deal 2" in state["where"] and not state["summary"]
        fits()
        assert page.console_errors == []
        own_requests_only(page, server)


def test_a_whole_deal_by_keys(browser: Chromium, server: str) -> None:
    with open_table(browser, server, game=new_game(server, seed=SEED + 1)) as page:
        state = read(page)
        # Tab reaches the cards of the hand
        for _ in range(12):
            page.press("Tab")
            if page.evaluate("!!document.activeElement.closest('#hand, #choices')"):
                break
        else:
            raise AssertionError("Tab never reached the hand or the choices")
        # a decision, taken back with U, then taken again
        key_step(page, state)
        played = settle(page, state["drawn"])
        assert page.evaluate("!document.getElementById('undo').disabled")
        page.press("U")
        back = settle(page, played["drawn"])
        assert back["hand"] == state["hand"] and back["phase"] == state["phase"]
        state = play_deal(page, key_step)
        assert_summary(page, server)
        page.press("L")
        assert page.evaluate("!document.getElementById('last-trick-box').hidden")
        page.press("Escape")
        assert page.evaluate("document.getElementById('last-trick-box').hidden")
        page.press("N")
        state = settle(page, state["drawn"])
        assert "Deal 2" in state["where"]
        # H asks the tutor for a hint at the first real choice: its words, and the best card or button marked
        for _ in range(10):
            if page.evaluate("!document.getElementById('hint').disabled"):
                break
            key_step(page, state)
            state = settle(page, state["drawn"])
        page.press("H")
        page.wait_for("document.getElementById('hint-verdict') !== null", timeout=120)
        assert page.evaluate("document.getElementById('hint-verdict').textContent.length > 0")
        assert page.evaluate("document.querySelectorAll('.hinted').length") >= 1
        assert page.console_errors == []
        own_requests_only(page, server)


LONE_MARCH = 27
"""A seed whose first deal gives the person (South, forehand) five trumps headed by the Big Tree:
refusing the turned card is the tutor's planted blunder (tests/serve/test_table_api.py)."""


def test_the_tutor_asks_before_a_costly_choice(browser: Chromium, server: str) -> None:
    game = new_game(server, seed=LONE_MARCH, tutor="mistake")
    with open_table(browser, server, game=game) as page:
        state = read(page)
        assert state["choices"] == ["accept", "refuse"] and state["phase"] == "trump"
        before = api(server, "GET", f"/api/play/{game}")[1]

        def ask() -> None:
            page.click('#choices [data-action="refuse"]')
            page.wait_for("!document.getElementById('tutor').hidden || "
                          "document.getElementById('error').textContent.length > 0", timeout=120)
            assert read(page)["error"] == ""

        ask()
        dialog = page.evaluate("""(() => { const t = document.getElementById('tutor');
          return {role: t.getAttribute('role'), verdict: document.getElementById('tutor-verdict').textContent,
                  focus: t.contains(document.activeElement), best: t.querySelector('tr.best td').textContent,
                  rows: t.querySelectorAll('tr').length}; })()""")
        assert dialog["role"] == "alertdialog" and dialog["focus"]
        assert dialog["verdict"].startswith("Refusing gives up about") and dialog["rows"] >= 3
        assert dialog["best"].lower().startswith("accept")
        # Rethink: nothing played, the focus back on the button
        page.click("#tutor-rethink")
        assert page.evaluate("document.getElementById('tutor').hidden")
        assert page.evaluate("document.activeElement.dataset.action") == "refuse"
        now = api(server, "GET", f"/api/play/{game}")[1]
        assert now["phase"] == "trump" and now["hand"] == before["hand"] and read(page)["phase"] == "trump"
        # Escape rethinks too
        ask()
        page.press("Escape")
        assert page.evaluate("document.getElementById('tutor').hidden")
        # Hint: the dialog closes and the hint marks accept
        ask()
        page.click("#tutor-hint")
        page.wait_for("document.getElementById('hint-verdict') !== null", timeout=120)
        assert page.evaluate("document.querySelector('#choices .hinted').dataset.action") == "accept"
        assert page.evaluate("document.getElementById('hint-verdict').textContent").startswith("Accepting")
        # Play anyway: refused with confirm
        drawn = read(page)["drawn"]
        ask()
        page.click("#tutor-play")
        after = settle(page, drawn)
        assert page.evaluate("document.getElementById('tutor').hidden") and after["phase"] != "trump"
        assert api(server, "GET", f"/api/play/{game}")[1]["stock"]["accepted"] is False
        # the browser's own notes of the 409 answers are the only console lines
        assert page.console_errors and all("status of 409" in e for e in page.console_errors)
        own_requests_only(page, server)


def near_the_end(state: dict[str, Any]) -> bool:
    """A deal that may end the match: the decider, or a side one round up and three points on."""
    score = state["score"]
    return bool(state["decider"]) or (max(score["rounds"]) == 1 and max(score["points"]) >= 3)


def test_the_match_ends_with_the_winner_and_the_review(browser: Chromium, server: str) -> None:
    game = new_game(server, seed=SEED + 2)
    status, state = api(server, "GET", f"/api/play/{game}")
    while not near_the_end(state) or state["phase"] != "done":  # by the API up to a deal that may end it
        status, state = api(server, "POST", f"/api/play/{game}", {"action": state["legal"][0]})
        assert status == 200 and not state["over"], state
    with open_table(browser, server, game=game) as page:
        shown = read(page)
        for _ in range(12):  # then by clicks, deal after deal, to the end
            if shown["over"]:
                break
            assert shown["summary"] and shown["next"], shown
            page.click("#next-deal")
            settle(page, shown["drawn"])
            shown = play_deal(page, click_step)
        assert shown["over"] and shown["summary"] and not shown["next"]
        status, final = api(server, "GET", f"/api/play/{game}")
        assert final["over"] and final["winner"] in ("N-S", "E-W")
        winner = page.evaluate("document.getElementById('winner').textContent")
        assert ("You win the match" in winner) == (final["winner"] == "N-S")
        assert page.evaluate("!!document.getElementById('analyse')")
        # the review is worked out on the server; the page asks again until it is there
        page.wait_for("document.querySelector('#over .figures') !== null", timeout=180)
        review = page.evaluate("document.getElementById('review-words').textContent")
        assert review and "prepared" not in review
        final = api(server, "GET", f"/api/play/{game}")[1]
        if final["drills"]:
            assert page.evaluate("document.getElementById('drills').getAttribute('href')") == \
                f"/?token={TOKEN}&play={game}&drills=1"
        assert "The deal is over." in page.evaluate("document.getElementById('announce').textContent")
        assert page.evaluate("document.getElementById('new-match').getAttribute('href')") == f"/play?token={TOKEN}"
        assert page.console_errors == []
        own_requests_only(page, server)
