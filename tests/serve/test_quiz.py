"""Drills as a quiz (docs/serve.md, Drills as a quiz): ``POST /api/open`` gives each drill board
its ``drill`` (every other board none) and refuses malformed drill tags with one line naming the
board; the page, in a real headless Chromium against the real server (as tests/serve/test_page.py
drives it), opens a drill at its decision, grades the first choice or card clicked there instead
of playing it, keeps the file's score and goes to the next drill.

The drills are written here by hand, as ``altbaumer review --drills`` writes them, and each is
checked by the reader and the rules first (what ``altbaumer check`` says of them).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest
from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "report"))  # the CDP client, tests/report/chromium.py

from chromium import Chromium, Page, require_browser  # noqa: E402

from altbaumer.abn import read_boards, replay  # noqa: E402
from altbaumer.serve import create_app  # noqa: E402
from altbaumer.serve.lines import recorded_line  # noqa: E402

TOKEN = "quiz-test-token-0123456789"
AUTH = {"Authorization": f"token {TOKEN}"}
NAME = "drills.abn"

# N's lone choice after accepting the turned Q♣ (the drill of docs/review.md's example), a
# discard of one card by net points, a lead whose options tie and one within the noise, the
# compulsory four-card discard (its options spelt in another order than the page's actions), and
# a board that is no drill.
DRILLS = """\
% Drill 1 of 4 for heuristic: N's lone play, from sim1.abn board 1.4.
% In the game N chose together, a blunder (??) that gave up 9.5% of the chance to win the match against alone.
% Answer: alone. The options, against the top one: together -0.095 ??; alone +0.000.
[Event "altbaumer review: drills for heuristic"]
[Board "drill 1"]
[North "heuristic"]
[Score "1:2 rounds 0:0"]
[Drill "alone"]
[Answer "alone"]
[Chosen "together"]
[Objective "match"]
[Options "together -0.095 ??; alone +0.000"]
[Dealer "E"]
[Deal "N:JT.A..T9 - - -"]
[Stock "QC - - KC"]
[Turn "accept"]
[Trump "C"]
[Discard "9D"]

% Drill 2 of 4 for heuristic: S's the discard.
[Event "altbaumer review: drills for heuristic"]
[Board "drill 2"]
[South "heuristic"]
[Drill "discard"]
[Answer "QD"]
[Chosen "TC"]
[Objective "net"]
[Options "TC -0.78 ?; 9H -0.05; TH -0.41 ??; QH -0.41 ??; AH -0.90 ??; QD +0.00"]
[Dealer "W"]
[Deal "S:T..AQ9.Q - - -"]
[Stock "TH - - KS"]
[Turn "accept"]
[Trump "H"]

% Drill 3 of 4 for heuristic: N's card (trick 1, the lead).
[Event "altbaumer review: drills for heuristic"]
[Board "drill 3"]
[North "heuristic"]
[Drill "lead"]
[Answer "TS"]
[Chosen "AH"]
[Objective "match"]
[Options "9S -0.004; TS +0.000; QS +0.000; KS +0.000; AH -0.044 ?"]
[Dealer "E"]
[Deal "N:.KQ9.A9. - - -"]
[Stock "TS - - KC"]
[Turn "accept"]
[Trump "S"]
[Discard "9H"]
[Alone ""]
[Play "N"]

% Drill 4 of 4 for heuristic: S's the discard, all four stock cards trump.
[Event "altbaumer review: drills for heuristic"]
[Board "drill 4"]
[South "heuristic"]
[Drill "discard"]
[Answer "KS QH TC JS"]
[Chosen "TH QH JS KS"]
[Objective "match"]
[Options "QH JS KS TC +0.000; TH QH JS KS -0.051 ?; 9D JS KS TC -0.120 ??"]
[Dealer "W"]
[Deal "S:T.KJ.QT. - - -"]
[Stock "KD TD QD 9D"]
[Turn "refuse"]
[Trump "D"]

[Event "not a drill"]
[Board "plain"]
[Dealer "S"]
[Deal "E:T.Q9.Q.J K9.J.9.9 .A.JT.QT AQJ..A.K"]
[Stock "AD KH TS KS"]
"""

LINES = {"drill 1": ["accept", "discard:9D"], "drill 2": ["accept"],
         "drill 3": ["accept", "discard:9H", "together", "together"], "drill 4": ["refuse"], "plain": []}


def test_the_drills_are_boards_the_rules_accept() -> None:
    boards = read_boards(DRILLS, NAME)
    assert {b.number: recorded_line(replay(b)) for b in boards} == LINES


# -- the API ---------------------------------------------------------------------------------------


@pytest.fixture()
def client() -> Iterator[TestClient]:
    with TestClient(create_app(token=TOKEN), base_url="http://127.0.0.1:8765") as c:
        yield c


def _open(client: TestClient, text: str) -> Any:
    return client.post("/api/open", json={"abn": text, "name": NAME}, headers=AUTH)


def test_open_gives_each_drill_and_no_drill_for_other_boards(client: TestClient) -> None:
    answer = _open(client, DRILLS)
    assert answer.status_code == 200, answer.text
    drills = {b["board"]: b["drill"] for b in answer.json()["boards"]}
    assert drills["plain"] is None
    first = drills["drill 1"]
    assert first == {"kind": "alone", "answer": "alone", "chosen": "together", "objective": "match",
                     "options": [{"option": "together", "delta": -0.095, "mark": "??"},
                                 {"option": "alone", "delta": 0.0, "mark": ""}],
                     "notes": [line[2:] for line in DRILLS.splitlines()[:3]]}
    assert drills["drill 2"]["objective"] == "net" and drills["drill 2"]["kind"] == "discard"
    assert [(o["option"], o["delta"], o["mark"]) for o in drills["drill 2"]["options"]][:2] == \
        [("TC", -0.78, "?"), ("9H", -0.05, "")]
    assert drills["drill 3"]["kind"] == "lead" and drills["drill 3"]["answer"] == "TS"
    # Answer and Chosen name an option as a set of cards: given as the Options tag spells it
    assert drills["drill 4"]["answer"] == "QH JS KS TC" and drills["drill 4"]["chosen"] == "TH QH JS KS"


@pytest.mark.parametrize("old, new, said", [
    ('"together -0.095 ??; alone +0.000"', '"together -0.095 ??; alone +0.000 !!"',
     "drills.abn:12: board drill 1: [Options]: 'alone +0.000 !!' is not NAME DELTA [MARK]"),
    ('"together -0.095 ??; alone +0.000"', '"together; alone +0.000"', "board drill 1: [Options]: 'together'"),
    ('"together -0.095 ??; alone +0.000"', '"together +0.095; alone +0.000"', "board drill 1: [Options]"),
    ('"together -0.095 ??; alone +0.000"', '"alone -0.095; alone +0.000"', "'alone' is listed twice"),
    ('[Answer "TS"]', '[Answer "JS"]', "board drill 3: [Answer]: 'JS' is none of the options"),
    ('[Chosen "TC"]\n', "", "board drill 2: a drill has all the tags Drill, Answer, Chosen, Objective, Options; "
                            "Chosen is missing"),
    ('[Drill "lead"]', '[Drill "bid"]', "board drill 3: [Drill]: 'bid' is not one of turn, discard"),
    ('[Objective "net"]', '[Objective "make"]', "board drill 2: [Objective]: 'make' is not one of match, net"),
])
def test_a_malformed_drill_is_one_line_naming_the_board(client: TestClient, old: str, new: str, said: str) -> None:
    assert DRILLS.count(old) == 1
    answer = _open(client, DRILLS.replace(old, new))
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert said in error and "\n" not in error and error.startswith("drills.abn:")


# -- the page ------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    require_browser()
    with Chromium() as chromium:
        yield chromium


def _serve(folder: Path, text: str) -> Iterator[str]:
    """The server of ``altbaumer serve drills.abn`` with ``text`` in the file."""
    from altbaumer.serve.server import serving
    file = folder / NAME
    file.write_text(text, encoding="utf-8")
    with serving(create_app(file=str(file), token=TOKEN)) as base:
        yield base.rstrip("/")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _serve(tmp_path_factory.mktemp("quiz"), DRILLS)


# The quiz as the page shows it, read from the DOM only.
READ = """(() => {
  const text = id => { const e = document.getElementById(id); return e ? e.textContent : null; };
  const verdict = document.getElementById("quiz-verdict");
  return {line: JSON.parse(document.getElementById("board").dataset.line || "null"),
          shown: !document.getElementById("quiz").hidden && document.getElementById("quiz").offsetHeight > 0,
          question: text("quiz-question"), verdict: text("quiz-verdict"), score: text("quiz-score"),
          right: verdict ? verdict.dataset.right : null,
          rows: Array.from(document.querySelectorAll("#quiz-options tr[data-option]")).map(
            r => [r.dataset.option, Array.from(r.classList).sort().join(' '), r.children[1].textContent,
                  r.children[2].textContent])};
})()"""


def settle(page: Page, line: list[str]) -> dict[str, Any]:
    """Wait until the board shows the position after ``line``; the quiz then."""
    page.wait_for("document.getElementById('board').dataset.state === 'ready' && "
                  f"document.getElementById('board').dataset.line === JSON.stringify({json.dumps(line)})")
    state: dict[str, Any] = page.evaluate(READ)
    return state


def graded(page: Page) -> dict[str, Any]:
    page.wait_for("!!document.getElementById('quiz-verdict')")
    state: dict[str, Any] = page.evaluate(READ)
    return state


@pytest.fixture
def page(browser: Chromium, server: str) -> Iterator[Page]:
    with browser.open(f"{server}/?token={TOKEN}", width=1200, height=900) as tab:
        yield tab
        assert tab.console_errors == []
        assert all(u == server or u.startswith(server + "/") or u.startswith("data:") for u in tab.requests)


def choose(page: Page, index: int) -> None:
    page.evaluate(f"(() => {{ const s = document.getElementById('board-select'); s.value = '{index}'; "
                  "s.dispatchEvent(new Event('change')); })()")


def test_a_wrong_choice_then_the_answer_of_the_next_drill(page: Page) -> None:
    start = settle(page, LINES["drill 1"])  # a drill opens at its decision
    assert start["shown"] and start["question"] == "Drill 1 of 4: N's lone play. What do you choose?"
    assert start["verdict"] is None and start["score"] == "no drill answered yet"
    assert "Answer" not in page.evaluate("document.body.innerText")  # the notes wait for the answer
    page.click('#choices button[data-action="together"]')
    wrong = graded(page)
    assert wrong["verdict"] == "together: a blunder (??), 9.5% of the chance to win the match less than alone."
    assert wrong["right"] == "false" and wrong["score"] == "0 of 1 right"
    assert wrong["line"] == LINES["drill 1"]  # graded, not played
    assert wrong["rows"] == [["alone", "answer best", "0.0%", "★ the answer"],
                             ["together", "chosen yours", "−9.5%", "your answer, the game's choice"]]
    assert "Answer: alone." in page.evaluate("document.getElementById('quiz-body').textContent")
    page.click('#choices button[data-action="together"]')  # answered: a click plays, as on any board
    settle(page, LINES["drill 1"] + ["together"])
    assert graded(page)["question"] == "Drill 1 of 4: N's lone play."  # asked no more
    page.click("#quiz-next")
    second = settle(page, LINES["drill 2"])
    assert second["question"] == "Drill 2 of 4: S's discard. What do you choose?" and second["verdict"] is None
    page.click('#hand-S .discard[data-action="discard:QD"]')
    right = graded(page)
    assert right["verdict"] == "Q♦: the best answer." and right["right"] == "true"
    assert right["score"] == "1 of 2 right" and right["line"] == LINES["drill 2"]
    assert [r[2] for r in right["rows"]] == ["+0.00", "−0.05", "−0.41", "−0.41", "−0.78", "−0.90"]  # net points
    assert [r[0] for r in right["rows"] if "yours" in r[1]] == ["QD"] and right["rows"][0][1] == "answer best yours"
    page.click("#quiz-next")
    settle(page, LINES["drill 3"])
    page.click("#quiz-next")  # unanswered, drill 3 is left
    settle(page, LINES["drill 4"])
    page.click("#quiz-next")  # from the last drill the first, answered: its verdict again, nothing played
    again = settle(page, LINES["drill 1"])
    assert again["right"] == "false" and again["score"] == "1 of 2 right"
    choose(page, 4)  # a board that is no drill: no quiz
    assert not settle(page, [])["shown"]


def test_a_card_within_the_noise_and_the_compulsory_discard(page: Page) -> None:
    settle(page, LINES["drill 1"])
    choose(page, 2)
    lead = settle(page, LINES["drill 3"])
    assert lead["question"] == "Drill 3 of 4: N's lead (trick 1). What do you choose?"
    assert sorted(page.evaluate("Array.from(document.querySelectorAll('#hand-N .legal')).map(c => c.dataset.card)")) \
        == ["9S", "AH", "KS", "QS", "TS"]
    page.click('#hand-N .legal[data-card="9S"]')
    noise = graded(page)
    assert noise["verdict"] == ("9♠: right, within the noise of the best "
                                "(0.4% of the chance to win the match less than 10♠).")
    assert noise["right"] == "true" and noise["score"] == "1 of 1 right" and noise["line"] == LINES["drill 3"]
    page.click("#quiz-next")
    settle(page, LINES["drill 4"])
    for card in ("QH", "TC", "JS", "KS"):  # picked in the hand in another order than the options spell them
        page.click(f'#hand-S [data-pick="{card}"]')
    page.wait_for("!document.getElementById('discard-picked').disabled")
    page.click("#discard-picked")
    compulsory = graded(page)
    assert compulsory["verdict"].endswith(": the best answer.") and compulsory["right"] == "true"
    assert compulsory["rows"][0][0] == "QH JS KS TC" and compulsory["rows"][0][1] == "answer best yours"
    assert compulsory["score"] == "2 of 2 right" and compulsory["line"] == LINES["drill 4"]


def test_the_quiz_fits_a_phone(browser: Chromium, server: str) -> None:
    with browser.open(f"{server}/?token={TOKEN}", width=390, height=900) as page:
        settle(page, LINES["drill 1"])
        page.click('#choices button[data-action="together"]')
        graded(page)
        choose(page, 3)
        settle(page, LINES["drill 4"])
        page.click('#hand-S [data-pick="TH"]')
        page.click('#hand-S [data-pick="QH"]')
        page.click('#hand-S [data-pick="JS"]')
        page.click('#hand-S [data-pick="KS"]')
        page.click("#discard-picked")
        graded(page)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
        assert page.console_errors == []


def test_drills_of_two_players_that_share_a_board_tag(browser: Chromium, tmp_path: Path) -> None:
    # review numbers each player's drills from 1: the second "drill 1" is opened by its place in the file
    blocks = DRILLS.split("\n\n")
    text = blocks[0] + "\n\n" + blocks[2].replace('[Board "drill 3"]', '[Board "drill 1"]')
    for base in _serve(tmp_path, text):
        with browser.open(f"{base}/?token={TOKEN}", width=1200, height=900) as page:
            settle(page, LINES["drill 1"])
            page.click("#quiz-next")
            second = settle(page, LINES["drill 3"])
            assert second["question"] == "Drill 2 of 2: N's lead (trick 1). What do you choose?"
            page.click('#hand-N .legal[data-card="AH"]')
            assert graded(page)["verdict"].startswith("A♥: a mistake (?), 4.4% of the chance")
            assert page.console_errors == []
