"""The page of ``altbaumer serve`` (altbaumer.serve.page) in a real headless Chromium, driven
by real key presses and clicks (tests/report/chromium.py) against the real server, run in
this process on 127.0.0.1 (altbaumer.serve.server.serving): the keys work from the page's
load, a card off the recorded line starts a variation in the move list, ← goes back to the
record, a rating shows its progress and then its table, the export re-reads as ABN with the
variation, bad ABN shows the reader's line, and the page stays error-free, talks to its own
server only and fits a phone's 390 px.

Without a Chromium (or with ALTBAUMER_NO_BROWSER=1) the browser tests are skipped with the
reason, except under CI, where they must run (the rule of tests/report/test_html.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))  # the CDP client, tests/report/chromium.py

from chromium import Chromium, Page, require_browser  # noqa: E402

from altbaumer.abn import load_boards, read_boards  # noqa: E402
from altbaumer.abn.record import replay  # noqa: E402
from altbaumer.errors import AbnError  # noqa: E402
from altbaumer.game.actions import Play  # noqa: E402
from altbaumer.serve.page import page_html  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
MATCH = EXAMPLES / "match.abn"
TOKEN = "page-test-token-0123456789"
READY = "document.getElementById('board').dataset.state === 'ready'"
# The page's state as it shows it, read from the DOM only.
READ = """(() => {
  const board = document.getElementById("board"), current = document.querySelector("#moves .current");
  const legal = {};
  document.querySelectorAll("[id^=hand-] .legal").forEach(c => { legal[c.dataset.card] = c.dataset.value; });
  const hands = {};
  ["N", "E", "S", "W"].forEach(s => {
    hands[s] = Array.from(document.querySelectorAll("#hand-" + s + " [data-card]")).map(c => c.dataset.card);
  });
  return {line: JSON.parse(board.dataset.line || "null"), phase: document.getElementById("phase").textContent,
          current: current ? current.dataset.path : null, legal: legal, hands: hands,
          moves: Array.from(document.querySelectorAll("#moves [data-path]")).map(m => m.dataset.path),
          best: Array.from(document.querySelectorAll("[id^=hand-] .legal.best")).map(c => c.dataset.card),
          worse: Array.from(document.querySelectorAll("[id^=hand-] .legal.worse")).map(c => c.dataset.card)};
})()"""


def recorded(board: int = 0) -> list[str]:
    """The recorded line of a board of the match, as the API writes lines (the decisions, then the cards)."""
    from altbaumer.serve.lines import recorded_line
    return recorded_line(replay(load_boards(MATCH)[board]))


# -- the document, without a browser ---------------------------------------------------------


def test_one_self_contained_document() -> None:
    page = page_html()
    assert page.startswith("<!DOCTYPE html>\n<html") and page.rstrip().endswith("</html>")
    assert page.count("<script") == 1 and page.count("<style>") == 1  # one inline script, inline CSS
    for remote in ("http:", "https:", "//fonts", "@import", "url(", " src="):
        assert remote not in page, remote
    for ident in ("next", "prev", "moves", "hand-N", "hand-E", "hand-S", "hand-W", "phase", "rate", "cancel",
                  "progress", "rating", "export", "exported", "error"):
        assert page.count(f'id="{ident}"') == 1, ident
    assert '<progress id="progress"' in page and '<textarea id="exported"' in page
    assert page_html() is page  # the same text for every request


# -- in the browser -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    require_browser()
    with Chromium() as chromium:
        yield chromium


def _serve(file: Any) -> Iterator[str]:
    from altbaumer.serve.app import create_app
    from altbaumer.serve.server import serving
    app = create_app(file=None if file is None else str(file), token=TOKEN)
    with serving(app) as base:
        yield base.rstrip("/")


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The server of ``altbaumer serve examples/match.abn``."""
    yield from _serve(MATCH)


@pytest.fixture(scope="module")
def bare_server() -> Iterator[str]:
    """The server of ``altbaumer serve`` without a file."""
    yield from _serve(None)


def own_requests_only(page: Page, base: str) -> None:
    """Every request the page made went to its server (a Blob URL of the download is no request)."""
    foreign = [u for u in page.requests if not (u == base or u.startswith(base + "/") or u.startswith("data:")
                                                or u.startswith("blob:" + base + "/"))]
    assert foreign == []


def open_page(browser: Chromium, base: str, width: int = 1200) -> Page:
    page = browser.open(f"{base}/?token={TOKEN}", width=width, height=900)
    page.wait_for(READY)
    return page


@pytest.fixture
def page(browser: Chromium, server: str) -> Iterator[Page]:
    with open_page(browser, server) as tab:
        yield tab
        assert tab.console_errors == []
        own_requests_only(tab, server)


def read(page: Page) -> dict[str, Any]:
    state: dict[str, Any] = page.evaluate(READ)
    return state


def settle(page: Page, line: list[str]) -> dict[str, Any]:
    """Wait until the board shows the position after ``line``; its state then."""
    page.wait_for(f"{READY} && document.getElementById('board').dataset.line === JSON.stringify({json.dumps(line)})")
    return read(page)


def test_the_arrow_key_works_from_the_load(page: Page) -> None:
    line = recorded()
    start = read(page)
    assert start["line"] == [] and start["current"] is None
    assert "accept or refuse" in start["phase"]
    # The recorded line is the main line of the move list, every move of it a child 0.
    assert start["moves"] == [".".join(["0"] * n) for n in range(1, len(line) + 1)]
    page.press("ArrowRight")  # nothing clicked first
    after = settle(page, line[:1])
    assert after["current"] == "0" and after["phase"] != start["phase"]
    page.press("End")
    end = settle(page, line)
    assert "the end" in end["phase"] and not end["legal"]
    page.press("Home")
    assert settle(page, [])["current"] is None


def test_a_card_off_the_record_starts_a_variation(page: Page) -> None:
    line = recorded()
    lead = next(i for i, a in enumerate(line) if len(a) == 2)  # the first card of the play
    page.click(f'#moves [data-path="{".".join(["0"] * lead)}"]')  # the point before it
    before = settle(page, line[:lead])
    assert before["legal"] and line[lead] in before["legal"]
    values = {card: int(v) for card, v in before["legal"].items()}
    assert set(before["best"]) == {c for c, v in values.items() if v == max(values.values())}
    assert set(before["worse"]) == {c for c, v in values.items() if v < max(values.values())}
    other = max((c for c in values if c != line[lead]), key=lambda c: values[c])  # not the recorded card
    page.click(f'[id^=hand-] .legal[data-card="{other}"]')
    varied = settle(page, line[:lead] + [other])
    path = ".".join(["0"] * lead + ["1"])
    assert varied["current"] == path and path in varied["moves"]
    assert varied["legal"] and varied["legal"] != before["legal"]
    assert other not in sum(varied["hands"].values(), [])  # on the table now, in the trick
    assert page.evaluate(f"document.querySelector('#moves [data-path=\"{path}\"]').textContent").strip()
    # ← goes back to the recorded line; ↓ there is the recorded card's variation, ↑ the recorded card
    page.press("ArrowLeft")
    back = settle(page, line[:lead])
    assert back["current"] == ".".join(["0"] * lead) and back["legal"] == before["legal"]
    page.press("ArrowRight")  # forward along the branch last visited: the variation
    settle(page, line[:lead] + [other])
    page.press("ArrowUp")
    assert settle(page, line[:lead + 1])["current"] == ".".join(["0"] * (lead + 1))
    page.press("ArrowDown")
    settle(page, line[:lead] + [other])
    # Backspace takes the variation's move back and removes it; a recorded move stays
    page.press("Backspace")
    undone = settle(page, line[:lead])
    assert path not in undone["moves"] and len(undone["moves"]) == len(line)
    page.press("Backspace")
    assert len(settle(page, line[:lead - 1])["moves"]) == len(line)


def test_keys_in_an_input_stay_with_the_input(page: Page) -> None:
    page.press("ArrowRight")
    settle(page, recorded()[:1])
    page.click("#rate-seed")
    for key in ("ArrowRight", "ArrowLeft", "Home", "Backspace"):
        page.press(key)
    page.press("7")
    assert page.evaluate("document.getElementById('rate-seed').value") == "7"
    assert read(page)["line"] == recorded()[:1]


def test_a_rating_shows_its_progress_then_its_table(page: Page) -> None:
    # The statuses the page shows, as they come, and the progress bar when the table appears.
    page.evaluate("""(() => { window.seen = [];
      new MutationObserver(() => window.seen.push([document.getElementById('rate-status').textContent,
          document.getElementById('progress').value, document.getElementById('progress').max]))
        .observe(document.getElementById('rate-status'), {childList: true, characterData: true, subtree: true});
    })()""")
    page.evaluate("document.getElementById('rate-play').value = 'dd'; document.getElementById('rate-samples').value = '500'")
    page.click("#rate")
    page.wait_for("document.querySelectorAll('#rating tr').length > 1", timeout=60)
    seen = page.evaluate("window.seen")
    assert seen and seen[-1][0].startswith("done")
    assert "500 of 500 worlds" in seen[-1][0] and seen[-1][1] == seen[-1][2] == 500
    table = page.evaluate("""Array.from(document.querySelectorAll('#rating tr')).map(
        r => Array.from(r.children).map(c => c.textContent))""")
    head, rows = table[0], table[1:]
    assert head[0] == "option" and "chance to win the match" in head and head[-1] == "gives up"
    titles = page.evaluate("Array.from(document.querySelectorAll('#rating th')).map(h => h.title)")
    assert "P(match)" in titles and titles[-1] == "Δ P(match)"
    assert page.evaluate("document.getElementById('rating-advice').textContent").startswith(("Accept:", "Refuse:"))
    assert sorted(r[0].rstrip("★?! ").strip() for r in rows) == ["accept", "refuse"]
    assert sum("★" in r[0] for r in rows) == 1
    assert any(r[-1] == "—" for r in rows) and all("%" in r[1] for r in rows)
    caption = page.evaluate("document.querySelector('#rating caption').textContent")
    assert caption.startswith("W (maker) decides accept or refuse — from 500 of the ")
    assert "each solved with every card open" in caption
    assert page.evaluate("document.getElementById('cancel').disabled")


def test_a_rating_can_be_cancelled(page: Page) -> None:
    page.evaluate("document.getElementById('rate-samples').value = '100000'")  # realistic play: long enough
    page.click("#rate")
    page.wait_for("!document.getElementById('cancel').disabled")
    page.click("#cancel")
    page.wait_for("document.getElementById('rate-status').textContent.startsWith('cancelled')", timeout=30)
    assert page.evaluate("document.querySelectorAll('#rating tr').length") == 0


def test_the_export_rereads_with_the_variation(page: Page) -> None:
    line = recorded()
    lead = next(i for i, a in enumerate(line) if len(a) == 2)
    page.click(f'#moves [data-path="{".".join(["0"] * (lead + 1))}"]')  # after the first card
    second = settle(page, line[:lead + 1])
    other = next(c for c in second["legal"] if c != line[lead + 1])
    page.click(f'[id^=hand-] .legal[data-card="{other}"]')
    settle(page, line[:lead + 1] + [other])
    page.click("#export")
    page.wait_for("document.getElementById('exported').value.length > 0")
    text = page.evaluate("document.getElementById('exported').value")
    board = read_boards(text, "exported.abn")[0]
    assert board.number == load_boards(MATCH)[0].number
    first_trick = board.tricks[0]
    card = first_trick[1]
    assert card.card.ascii() == line[lead + 1] and [v[0].card.ascii() for v in card.variations] == [other]
    assert [a.card.ascii() for a in (n.action for n in replay(board).nodes) if isinstance(a, Play)] == \
        [a for a in line if len(a) == 2]  # the main line is the record's
    link = page.evaluate("[document.getElementById('download').href, document.getElementById('download').download]")
    assert link[0].startswith("blob:") and link[1].endswith(".abn")
    assert page.evaluate("document.getElementById('dropped').textContent") == ""


def test_bad_abn_shows_the_readers_line(browser: Chromium, bare_server: str) -> None:
    bad = '[Dealer "S"]\n[Deal "E:AK.K.Q.Q T.QT.J9. 9..KT.JT J.A..AK9"]\n[Stock "JS 9S QC QC"]\n'
    with pytest.raises(AbnError) as raised:  # as `altbaumer check` says it: read, then checked by the rules
        [replay(board) for board in read_boards(bad, "<abn>")]
    expected = str(raised.value).splitlines()[0]
    assert expected.startswith("<abn>:3: ") and "QC" in expected
    with browser.open(f"{bare_server}/?token={TOKEN}", width=390, height=900) as page:
        page.wait_for("document.getElementById('new-box').open")
        for way in ("#deal", "#seed", "#abn-text", "#open", "#setup-pool [data-card]", "#setup-open"):
            assert page.evaluate(f"!!document.querySelector({json.dumps(way)})"), way
        page.evaluate(f"document.getElementById('abn-text').value = {json.dumps(bad)}")
        page.click("#open")
        page.wait_for("document.getElementById('error').textContent.length > 0")
        shown = page.evaluate("document.getElementById('error').textContent")
        assert shown == expected
        assert page.evaluate("document.getElementById('error').offsetHeight > 0")
        # the browser's own note of the answer's 400 status is the only console line
        assert all("status of 400" in e for e in page.console_errors)
        own_requests_only(page, bare_server)


def test_a_seeded_deal_and_a_deal_set_up_by_hand(browser: Chromium, bare_server: str) -> None:
    with browser.open(f"{bare_server}/?token={TOKEN}", width=1200, height=900) as page:
        page.wait_for("document.getElementById('new-box').open")
        page.evaluate("document.getElementById('seed').value = '5'")
        page.click("#deal")
        page.wait_for(READY)
        assert "accept or refuse" in read(page)["phase"] and read(page)["line"] == []
        page.evaluate("document.getElementById('new-box').open = true")
        # Every card clicked in pack order: five into each hand in turn (N, E, S, W), then four into the stock.
        cards = page.evaluate("Array.from(document.querySelectorAll('#setup-pool [data-card]')).map(c => c.dataset.card)")
        assert len(cards) == 24
        page.evaluate("document.getElementById('setup-dealer').value = 'W'; "
                      "document.getElementById('setup-dealer').dispatchEvent(new Event('change'))")
        for card in cards:
            page.click(f'#setup-pool [data-card="{card}"]')
        page.click("#setup-open")
        page.wait_for(f"{READY} && {READ}.hands.N.join() === {json.dumps(','.join(cards[:5]))}")
        shown = read(page)
        assert shown["hands"]["N"] == cards[:5] and shown["hands"]["S"] == cards[10:15]
        assert "forehand S" in shown["phase"]  # the dealer's right
        built = read_boards(page.evaluate("document.getElementById('abn-text').value"), "set-up")[0]
        assert built.stock is not None and [c.ascii() for c in built.stock if c] == cards[20:]
        assert page.console_errors == []
        own_requests_only(page, bare_server)


def test_phone_width_has_no_sideways_scroll(browser: Chromium, server: str) -> None:
    with open_page(browser, server, width=390) as page:
        def width() -> int:
            scroll: int = page.evaluate("document.scrollingElement.scrollWidth")
            return scroll
        assert width() <= 390
        page.press("End")
        settle(page, recorded())
        assert width() <= 390
        line = recorded()
        lead = next(i for i, a in enumerate(line) if len(a) == 2)
        page.click(f'#moves [data-path="{".".join(["0"] * lead)}"]')
        state = settle(page, line[:lead])
        other = next(c for c in state["legal"] if c != line[lead])
        page.click(f'[id^=hand-] .legal[data-card="{other}"]')
        settle(page, line[:lead] + [other])
        assert width() <= 390
        page.click("#export")
        page.wait_for("document.getElementById('exported').value.length > 0")
        assert width() <= 390
        assert page.console_errors == []
        own_requests_only(page, server)
