"""The step-through board of the HTML report, in a real headless Chromium
driven by real input events (tests/report/chromium.py): the keys and buttons
step through the record as its annotation's JSON says, the hand to play shows
the JSON's values, the graph jumps, the toggle hides what the seat to act
could not see, and the page stays offline, error-free and phone-wide.

The page and the JSON come from two runs of ``altbaumer annotate`` on the
shipped match with the same seed, as a user would make them. Without a
Chromium (or with ALTBAUMER_NO_BROWSER=1) the tests are skipped with the
reason, except under CI, where they must run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest
from click.testing import CliRunner

from altbaumer.cli import main
from chromium import Chromium, Page, require_browser

EXAMPLES = Path(__file__).parents[2] / "examples"
ARGS = ["annotate", str(EXAMPLES / "match.abn"), str(EXAMPLES / "lone.abn"), "--samples", "60", "--seed", "0"]

# The viewer's state as the page shows it, read from the DOM (never from the script's own data).
READ = """(() => {
  const v = document.getElementById("viewer-%d");
  const hands = {};
  v.querySelectorAll(".vhand").forEach(h => {
    hands[h.dataset.seat] = h.querySelector(".backs") ? {hidden: h.querySelectorAll(".back").length}
      : Array.from(h.querySelectorAll(".vcard")).map(c => c.dataset.card);
  });
  const trick = {};
  v.querySelectorAll(".vt").forEach(t => {
    const c = t.querySelector("[data-card]");
    if (c) trick[t.dataset.seat] = c.dataset.card;
  });
  const legal = Array.from(v.querySelectorAll(".vhand.acting .vcard.legal")).map(c => ({
    card: c.dataset.card, shown: c.querySelector(".v").textContent, best: c.classList.contains("best"),
    played: c.classList.contains("played")}));
  const acting = v.querySelector(".vhand.acting");
  return {step: v.querySelector(".vstep").textContent, hands: hands, trick: trick, legal: legal,
          acting: acting ? acting.dataset.seat : null, visible: !v.hidden && v.offsetParent !== null,
          decision: Array.from(v.querySelectorAll(".vdecision td.opt")).map(td => td.textContent),
          info: v.querySelector(".vinfo").textContent, line: v.querySelector(".vline").textContent,
          focused: document.activeElement && v.contains(document.activeElement)};
})()"""


@pytest.fixture(scope="module")
def browser() -> Iterator[Chromium]:
    require_browser()
    with Chromium() as chromium:
        yield chromium


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The page and the JSON of the same annotation, each written by the command."""
    where = tmp_path_factory.mktemp("viewer")
    for name in ("match.html", "match.json"):
        result = CliRunner().invoke(main, [*ARGS, "-o", str(where / name)])
        assert result.exit_code == 0, result.output
    return where / "match.html", json.loads((where / "match.json").read_text(encoding="utf-8"))


@pytest.fixture
def page(browser: Chromium, made: tuple[Path, dict[str, Any]]) -> Iterator[Page]:
    with browser.open(made[0].as_uri(), width=1200, height=900, offline=True) as tab:
        yield tab
        assert tab.console_errors == []


def read(page: Page, board: int) -> dict[str, Any]:
    return page.evaluate(READ % board)


def start(page: Page, board: int) -> None:
    """Click the board's first-step button, as a user does before using the keys."""
    page.click(f"#viewer-{board} [data-go=first]")
    assert read(page, board)["step"].startswith("step 1 of")


def shown_as_json(state: dict[str, Any], step: dict[str, Any]) -> None:
    """The hands and the trick on the page are the step's."""
    assert state["hands"] == {seat: hand or [] for seat, hand in step["hands"].items()}
    assert state["trick"] == {t["seat"]: t["card"] for t in step["trick"]}
    assert state["acting"] == (step["seat"] if step["kind"] != "end" else None)


def side(values: dict[str, int], maker: bool) -> dict[str, int]:
    """The makers' final tricks as the tricks of the side of the seat to play."""
    return {card: v if maker else 5 - v for card, v in values.items()}


def test_the_right_arrow_steps_through_the_record(page: Page, made: tuple[Path, dict[str, Any]]):
    """Board by board, the right arrow advances one step: the hands and the
    trick change as the record says, to the end; one more press stays there."""
    data = made[1]
    for board in (1, 5, len(data["boards"])):  # a full deal, one with a lone player, the lone example
        steps = data["boards"][board - 1]["steps"]
        start(page, board)
        for k, step in enumerate(steps):
            state = read(page, board)
            assert state["visible"] and state["step"] == f"step {k + 1} of {len(steps)}"
            shown_as_json(state, step)
            page.press("ArrowRight")
        assert read(page, board)["step"] == f"step {len(steps)} of {len(steps)}"


ON_SCREEN = """(() => {
  const r = document.getElementById("viewer-%d").getBoundingClientRect();
  return r.bottom > 0 && r.top < innerHeight;
})()"""


def test_the_keys_work_from_the_load(page: Page, made: tuple[Path, dict[str, Any]]):
    """Opened and nothing clicked: the page opens on the summary, with no board
    on the screen, and the right arrow steps the first board and scrolls to it;
    scrolled to another board, the keys move that one, and on a board's part
    below its viewer they move that board's viewer and bring it back."""
    steps = made[1]["boards"][0]["steps"]
    assert not any(page.evaluate(ON_SCREEN % board) for board in (1, 2, 3))
    page.press("ArrowRight")
    state = read(page, 1)
    assert state["step"] == f"step 2 of {len(steps)}" and page.evaluate(ON_SCREEN % 1)
    shown_as_json(state, steps[1])
    page.press("End")
    assert read(page, 1)["step"] == f"step {len(steps)} of {len(steps)}"
    page.evaluate('document.getElementById("viewer-3").scrollIntoView({block: "center"})')  # a scroll, no click
    page.press("ArrowRight")
    assert read(page, 3)["step"].startswith("step 2 of")
    assert read(page, 1)["step"] == f"step {len(steps)} of {len(steps)}"
    # Reading the foot of board 2 (its decision tables), the board's own viewer off the screen above:
    # the keys step board 2 and bring its viewer back.
    page.evaluate('document.getElementById("board-2").scrollIntoView({block: "end"})')
    assert not page.evaluate(ON_SCREEN % 2) and not page.evaluate(ON_SCREEN % 3)
    page.press("ArrowRight")
    assert read(page, 2)["step"].startswith("step 2 of") and page.evaluate(ON_SCREEN % 2)
    assert read(page, 3)["step"].startswith("step 2 of")


def test_off_the_boards_home_and_end_stay_the_pages(page: Page):
    """With no board on the screen, Home and End step no board (they scroll the page)."""
    page.press("End")
    page.press("Home")
    for board in (1, 2):
        assert read(page, board)["step"].startswith("step 1 of")


def test_a_text_field_keeps_its_keys(page: Page):
    """While the caret is in a text field the arrows move the caret, not the board."""
    page.evaluate("""(() => {
      const field = document.createElement("input");
      field.id = "probe"; field.value = "some text";
      document.getElementById("viewer-2").before(field);
      field.scrollIntoView({block: "start"}); field.focus();
    })()""")
    assert page.evaluate(ON_SCREEN % 2)
    for key in ("ArrowRight", "End", "ArrowLeft"):
        page.press(key)
    assert read(page, 2)["step"].startswith("step 1 of")
    page.evaluate('document.getElementById("probe").blur()')
    page.press("ArrowRight")
    assert read(page, 2)["step"].startswith("step 2 of")


def test_home_end_and_left(page: Page, made: tuple[Path, dict[str, Any]]):
    steps = made[1]["boards"][1]["steps"]
    start(page, 2)
    page.press("End")
    assert read(page, 2)["step"] == f"step {len(steps)} of {len(steps)}"
    page.press("ArrowLeft")
    shown_as_json(read(page, 2), steps[-2])
    page.press("Home")
    shown_as_json(read(page, 2), steps[0])
    page.press("ArrowLeft")  # nothing before the first step
    assert read(page, 2)["step"] == f"step 1 of {len(steps)}"


def test_the_hand_to_play_shows_the_json_values(page: Page, made: tuple[Path, dict[str, Any]]):
    """At every card of three boards, each legal card of the hand to play
    shows its side's tricks from the annotation's JSON, the best cards are
    marked and the card played is outlined; the best line is shown."""
    data = made[1]
    for board in (1, 4, len(data["boards"])):
        record = data["boards"][board - 1]
        start(page, board)
        for k, step in enumerate(record["steps"]):
            if step["kind"] == "card":
                card = record["cards"][step["card"]]
                state = read(page, board)
                values = side(card["values"], card["maker"])
                assert {c["card"]: int(c["shown"]) for c in state["legal"]} == values
                top = max(values.values())
                assert {c["card"] for c in state["legal"] if c["best"]} == {c for c, v in values.items() if v == top}
                assert [c["card"] for c in state["legal"] if c["played"]] == [card["card"]]
                assert state["line"].startswith("Best line from here:")
            page.press("ArrowRight")


def test_clicking_the_graph_jumps(page: Page, made: tuple[Path, dict[str, Any]]):
    """A click on a point of the double-dummy chart (below the board, and the
    copy beside it) shows the position after that card."""
    steps = made[1]["boards"][2]["steps"]
    for chart in ("#board-3 figure.dd-chart", "#viewer-3 .vchart"):
        for dot in (5, 12):
            target = f"{chart} circle[data-step]:nth-of-type({dot + 1})"
            step = int(page.evaluate(f'document.querySelector("{target}").getAttribute("data-step")'))
            page.click(target)
            state = read(page, 3)
            assert state["step"] == f"step {step + 1} of {len(steps)}"
            shown_as_json(state, steps[step])
            assert page.evaluate(f'document.querySelector("{target}").classList.contains("now")')
    page.press("ArrowRight")  # the click made the board the one the keys move
    assert read(page, 3)["step"] == f"step {step + 2} of {len(steps)}"


def test_the_toggle_shows_only_what_the_seat_knew(page: Page, made: tuple[Path, dict[str, Any]]):
    """At a decision, the toggle hides every other hand (only its number of
    cards stays) and lists the other cards the seat had seen; off again,
    every hand is back."""
    record = made[1]["boards"][0]
    k = next(i for i, s in enumerate(record["steps"]) if s.get("decision") is not None and s["knew"])
    step = record["steps"][k]
    start(page, 1)
    for _ in range(k):
        page.press("ArrowRight")
    assert page.evaluate('getComputedStyle(document.querySelector("#viewer-1 .vknew")).visibility') == "visible"
    page.click("#viewer-1 .knew-toggle")
    state = read(page, 1)
    seat = step["knew"]["seat"]
    for other, hand in step["hands"].items():
        assert state["hands"][other] == (hand if other == seat else {"hidden": len(hand)})
    assert f"{seat} had also seen:" in state["info"]
    assert state["decision"] == [o["option"] for o in record["decisions"][step["decision"]]["rating"]["options"]]
    page.click("#viewer-1 .knew-toggle")
    shown_as_json(read(page, 1), step)


def test_a_link_opens_a_step(browser: Chromium, made: tuple[Path, dict[str, Any]]):
    steps = made[1]["boards"][1]["steps"]
    with browser.open(made[0].as_uri() + "#board-2-step-7") as tab:
        state = read(tab, 2)
        assert state["step"] == f"step 7 of {len(steps)}"
        shown_as_json(state, steps[6])
        tab.press("ArrowRight")
        assert read(tab, 2)["step"] == f"step 8 of {len(steps)}"
        assert tab.evaluate("location.hash") == "#board-2-step-8"
        assert tab.console_errors == []


def test_offline_and_nothing_loaded(page: Page, made: tuple[Path, dict[str, Any]]):
    """Opened with the network cut, the page loads nothing but itself and every board comes up."""
    assert page.requests == [made[0].as_uri()]
    boards = len(made[1]["boards"])
    assert page.evaluate('document.querySelectorAll(".viewer:not([hidden])").length') == boards


def test_no_sideways_scroll_at_a_phones_width(browser: Chromium, made: tuple[Path, dict[str, Any]]):
    """At 390 px the page never scrolls sideways, at any step of a board
    (decision tables and long best lines included)."""
    with browser.open(made[0].as_uri(), width=390, height=800, mobile=True) as tab:
        assert tab.evaluate("innerWidth") == 390
        steps = len(made[1]["boards"][0]["steps"])
        tab.click("#viewer-1 [data-go=first]")
        for _ in range(steps):
            assert tab.evaluate("document.documentElement.scrollWidth") <= 390
            tab.press("ArrowRight")
        tab.click("#viewer-1 .knew-toggle")
        assert tab.evaluate("document.documentElement.scrollWidth") <= 390
        assert tab.console_errors == []


def test_without_script_the_page_is_the_static_report(browser: Chromium, made: tuple[Path, dict[str, Any]]):
    with browser.open("about:blank") as tab:
        tab.send("Emulation.setScriptExecutionDisabled", {"value": True})
        tab.goto(made[0].as_uri())
        seen = tab.send("Runtime.evaluate", {"expression": "1", "returnByValue": True})
        # Evaluation from the test still runs; the page's own script did not, so every board stays hidden.
        assert seen["result"]["value"] == 1
        assert tab.evaluate('document.querySelectorAll(".viewer:not([hidden])").length') == 0
        assert tab.evaluate('document.querySelectorAll("section.board h3").length') >= len(made[1]["boards"])
