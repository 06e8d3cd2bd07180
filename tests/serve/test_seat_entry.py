"""A deal entered from one seat on the analysis board, in a real headless Chromium at a phone's
390 px (tests/report/chromium.py): the seat's hand, the turned card and the cut set up by clicks,
the play entered card by card (the other seats' cards picked from the cards the seat has not
seen), the board opened at the seat's first choice, a decision rated there, and the export read
back by ``altbaumer rate`` with the same figures. The clicks a person needs are counted.

The API's side (the unseen cards offered, the record the entry grows, the opening point, the
figures with every card open) is tested without a browser as well.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner
from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))  # the CDP client, tests/report/chromium.py

from chromium import Chromium, Page, require_browser  # noqa: E402

from altbaumer.abn import read_boards  # noqa: E402
from altbaumer.abn.board import board_for_seat, board_from_deal  # noqa: E402
from altbaumer.abn.record import replay  # noqa: E402
from altbaumer.abn.writer import write_boards  # noqa: E402
from altbaumer.game.deal import Deal  # noqa: E402
from altbaumer.game.seats import Seat  # noqa: E402
from altbaumer.serve.app import create_app  # noqa: E402
from altbaumer.serve.lines import opening_point, recorded_line  # noqa: E402

TOKEN = "seat-entry-token-0123456789"
READY = "document.getElementById('board').dataset.state === 'ready'"
LINE = "JSON.parse(document.getElementById('board').dataset.line || 'null')"


def played_deal(seed: int) -> Deal:
    """A deal of ``seed`` played to its end by seeded random legal choices."""
    deal, rng = Deal.from_seed(seed), random.Random(seed)
    while deal.phase.value != "done":
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def seat_setup(full: Deal, seat: Seat) -> str:
    """What the seat set-up builds for ``seat`` of the played deal ``full``: its hand, the stock cards it
    saw (turned, and seen at the cut), the cut; no decision and no card of the play."""
    written = write_boards([board_for_seat(full, seat)]).splitlines()
    return "\n".join(t for t in written if t.split(" ")[0] in ('[Dealer', '[Deal', '[Stock', '[Cut', '[CutSeen')) + "\n"


# -- the API, without a browser ------------------------------------------------------------------


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(token=TOKEN), base_url="http://127.0.0.1")


def _post(client: TestClient, path: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(f"{path}?token={TOKEN}", json=body)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def _chain(line: list[str]) -> dict[str, Any]:
    root: dict[str, Any] = {"children": []}
    at = root
    for action in line:
        node: dict[str, Any] = {"action": action, "children": []}
        at["children"].append(node)
        at = node
    return root


@pytest.mark.parametrize("seed, role", [(10, "dealer"), (13, "partner"), (24, "dealer"), (27, "forehand")])
def test_the_play_entered_from_one_seat_becomes_the_record(client: TestClient, seed: int, role: str) -> None:
    full = played_deal(seed)
    truth = recorded_line(replay(board_from_deal(full)))
    seat = {"dealer": full.dealer, "partner": full.forehand.partner, "forehand": full.forehand}[role]
    text = seat_setup(full, seat)
    line: list[str] = []
    for action in truth:
        shown = _post(client, "/api/position", {"abn": text, "line": line})
        offered = [o["action"] for o in shown["options"]]
        assert shown["viewer"] == str(seat)
        entered = action if action in offered or seat is full.forehand else "discard:-"
        assert entered in offered, (action, offered)
        if shown["to_act"] != str(seat) and shown["phase"] == "play":
            assert all(o.get("unseen") for o in shown["options"])
            assert not set(offered) & {c.ascii() for c in full.dealt[seat]}  # never the seat's own cards
        line.append(entered)
        text = _post(client, "/api/export", {"abn": text, "tree": _chain(line)})["abn"]
    record = replay(read_boards(text, "entered")[0])
    assert recorded_line(record) == line and record.state.phase.value == "done"
    assert record.state.makers_tricks == full.makers_tricks
    board = _post(client, "/api/open", {"abn": text})["boards"][0]
    assert board["line"] == line and board["start"] == opening_point(record)
    assert record.nodes[board["start"]].seat is seat


def test_a_decision_of_trump_making_shows_the_figures_with_every_card_open(client: TestClient) -> None:
    text = (Path(__file__).resolve().parents[2] / "examples" / "refusal.abn").read_text()
    for line, decision in (([], "turn"), (["refuse"], "discard")):
        shown = _post(client, "/api/position", {"abn": text, "line": line})
        assert shown["decision"] == decision
        figures = [o["open"] for o in shown["options"]]
        assert sum(f["best"] for f in figures) == 1 and all(0 <= f["tricks"] <= 5 for f in figures)
    seat_view = (Path(__file__).resolve().parents[2] / "examples" / "forehand-view.abn").read_text()
    shown = _post(client, "/api/position", {"abn": seat_view, "line": []})
    assert all("open" not in o for o in shown["options"])  # only one hand known: no open-card view


def test_a_file_opens_at_the_decision_it_leaves(client: TestClient) -> None:
    text = (Path(__file__).resolve().parents[2] / "examples" / "forehand-view.abn").read_text()
    board = _post(client, "/api/open", {"abn": text})["boards"][0]
    assert board["line"] == ["refuse"] and board["start"] == 1


# -- in the browser -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    require_browser()
    with Chromium() as chromium:
        yield chromium


@pytest.fixture(scope="module")
def bare_server() -> Iterator[str]:
    from altbaumer.serve.server import serving
    with serving(create_app(token=TOKEN)) as base:
        yield base.rstrip("/")


class Clicks:
    """A page whose clicks (and choices in a select) are counted, as a person makes them."""

    def __init__(self, page: Page) -> None:
        self.page, self.count = page, 0

    def click(self, selector: str) -> None:
        self.page.click(selector)
        self.count += 1

    def choose(self, select: str, value: str) -> None:
        if self.page.evaluate(f"document.getElementById({json.dumps(select)}).value") == value:
            return
        self.page.evaluate(f"(() => {{ const s = document.getElementById({json.dumps(select)}); s.value = "
                           f"{json.dumps(value)}; s.dispatchEvent(new Event('change')); }})()")
        self.count += 1


def _wait_line(page: Page, length: int) -> list[str]:
    page.wait_for(f"{READY} && {LINE}.length >= {length}")
    line: list[str] = page.evaluate(LINE)
    return line


def test_a_deal_entered_by_clicks_is_rated_in_words_and_exported(browser: Chromium, bare_server: str,
                                                                 tmp_path: Path) -> None:
    full = played_deal(13)
    seat = full.forehand.partner  # refused: three cards turned; the lone choice, then the play
    truth = recorded_line(replay(board_from_deal(full)))
    with browser.open(f"{bare_server}/?token={TOKEN}", width=390, height=900) as page:
        page.wait_for("document.getElementById('new-box').open")
        person = Clicks(page)
        person.choose("seat-me", str(seat))
        person.choose("seat-dealer", str(full.dealer))
        for card in sorted(full.dealt[seat]):
            person.click(f'#seat-pool [data-card="{card.ascii()}"]')
        turned = [c for c in full.stock if c is not None and (c in full.exposed or c in (full.taken or ()))]
        for card in full.stock[: len(turned)]:
            person.click(f'#seat-pool [data-card="{card.ascii()}"]')
        seen = full.cut_seen
        if seen is not None and seen not in full.stock[: len(turned)]:
            person.click('input[name="seat-to"][value="cut"]')
            person.click(f'#seat-pool [data-card="{seen.ascii()}"]')
        if full.cut_trees:
            person.choose("seat-trees", " ".join(c.ascii() for c in full.cut_trees))
        person.click("#seat-open")
        setup_clicks = person.count
        for i, action in enumerate(truth):
            line = _wait_line(page, i)
            if len(line) > i:
                continue
            options = page.evaluate("Array.from(document.querySelectorAll('#choices [data-action], "
                                    "[id^=hand-] .legal[data-action]')).map(b => b.dataset.action)")
            if action not in options and len(options) <= 1:
                continue  # a forced step the page enters itself
            if len(action) <= 3 and action[:-1] in "9TJQKA" and page.evaluate(
                    f"!!document.querySelector('#hand-{seat} .legal[data-action=\"{action}\"]')"):
                person.click(f'#hand-{seat} .legal[data-action="{action}"]')
            else:
                person.click(f'#choices [data-action="{action}"]')
        record = replay(read_boards(_exported_text(page), "entered")[0])
        start = opening_point(record)
        assert recorded_line(record)[:len(truth)][-1] == truth[-1]
        page.wait_for(f"{READY} && {LINE}.length === {start} && document.getElementById('entry').hidden")
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
        assert record.nodes[start].seat is seat and "Rate from what you knew" in page.evaluate(
            "document.getElementById('open-card').innerText") and "no figures with every card open" in page.evaluate(
            "document.getElementById('open-card-text').textContent")
        # the seat's first choice, rated from what it knew, in words
        page.evaluate("document.getElementById('rate-play').value = 'dd'; "
                      "document.getElementById('rate-samples').value = '200'")
        person.click("#rate")
        page.wait_for("document.querySelectorAll('#rating [data-option]').length > 0", timeout=120)
        advice = page.evaluate("(document.getElementById('rating-advice') || {}).textContent || ''")
        shown = page.evaluate("Object.fromEntries(Array.from(document.querySelectorAll('#rating [data-option]'))"
                              ".map(r => [r.dataset.option, r.textContent]))")
        assert advice and "%" in advice
        total = person.count
        assert page.console_errors == [] or all("status of 4" in e for e in page.console_errors)
    _same_figures_from_the_command_line(record, start, shown, tmp_path / "entered.abn")
    print(f"clicks: {setup_clicks} to set up, {total - setup_clicks - 1} to enter the play, {total} in all")
    assert total <= 45


def _exported_text(page: Page) -> str:
    page.wait_for("document.getElementById('entry').hidden && document.getElementById('abn-text').value.includes('[Play')")
    text: str = page.evaluate("document.getElementById('abn-text').value")
    return text


def _same_figures_from_the_command_line(record: Any, start: int, shown: dict[str, str], file: Path) -> None:
    from altbaumer.cli import main
    node = record.nodes[start]
    point = {"Turn": "turn", "Discard": "discard", "Play": f"{node.trick}.{_place(record, start) if node.tag == 'Play' else 0}",
             "Alone": "alone" if node.seat is record.board.forehand else "alone:partner"}[node.tag]
    file.write_text(write_boards([record.board]))
    result = CliRunner().invoke(main, ["rate", str(file), "--at", point, "--play", "dd", "--samples", "200", "--json"])
    assert result.exit_code == 0, result.output
    entry = json.loads(result.output)["boards"][0]
    assert sorted(o["option"] for o in entry["options"]) == sorted(shown)
    for option in entry["options"]:  # the chance to win the match as the page's table writes it
        assert f"{100 * option['equity']:.1f}%" in shown[option["option"]]


def _place(record: Any, index: int) -> int:
    node = record.nodes[index]
    return [n for n in record.cards() if n.trick == node.trick].index(node) + 1


def test_every_choice_of_the_entered_seat_is_rated_in_words(client: TestClient) -> None:
    import time

    full = played_deal(13)
    seat = full.forehand.partner
    truth = recorded_line(replay(board_from_deal(full)))
    text = seat_setup(full, seat)
    line: list[str] = []
    for action in truth:
        offered = [o["action"] for o in _post(client, "/api/position", {"abn": text, "line": line})["options"]]
        line.append(action if action in offered else "discard:-")
    text = _post(client, "/api/export", {"abn": text, "tree": _chain(line)})["abn"]
    record = replay(read_boards(text, "entered")[0])
    choices = [i for i, node in enumerate(record.nodes) if node.seat is seat and len(node.state.legal_actions()) > 1]
    assert len(choices) >= 3
    for i in choices:
        job = _post(client, "/api/rate", {"abn": text, "line": line[:i], "play": "dd", "samples": 100})["job"]
        for _ in range(600):
            state = client.get(f"/api/jobs/{job}?token={TOKEN}").json()
            if state["state"] != "running":
                break
            time.sleep(0.05)
        assert state["state"] == "done", state
        result = state["result"]
        assert result["seat"] == str(seat) and result["advice"] and "%" in result["advice"]
        assert all(o["words"] for o in result["options"])
