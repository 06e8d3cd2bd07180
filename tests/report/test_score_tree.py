"""The Röthenbach score tree (altbaumer.report.score_tree) and its place on
the annotation page: the tally of a state, the SVG, and the tree in each
board's panel of a match's page."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Optional

import pytest

from altbaumer.abn import load_boards
from altbaumer.abn.match_states import board_scores
from altbaumer.abn.record import replay
from altbaumer.game.match_state import MatchState
from altbaumer.game.seats import Team
from altbaumer.report.annotate import annotate_board, report, strip_annotations
from altbaumer.report.html import render_html
from altbaumer.report.score_tree import MAX_CURLS, ScoreTree, score_tree_svg

EXAMPLES = Path(__file__).parents[2] / "examples"
EVIL = '<script>alert(1)</script> & "x"'


def state(text: str, makers: Team = Team.NS) -> MatchState:
    return MatchState.parse(text, makers)


def svg_of(text: str, names: Optional[tuple[str, str]] = None) -> ET.Element:
    return ET.fromstring(score_tree_svg(state(text), names))


def ghosts(root: ET.Element) -> list[ET.Element]:
    """Erased Bengel: the dashed lines."""
    return [e for e in root.iter("line") if e.get("stroke-dasharray")]


def standing(root: ET.Element) -> list[ET.Element]:
    """Standing Bengel: the solid vertical lines (the two main branches are horizontal)."""
    return [e for e in root.iter("line") if not e.get("stroke-dasharray") and e.get("x1") == e.get("x2")]


def texts(root: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter("text")]


# -- the tally -----------------------------------------------------------------------------

@pytest.mark.parametrize("text, bengel, menschen, round_bengel", [
    ("0:0", (5, 5), (0, 0), (2, 2)),
    ("3:0", (2, 5), (0, 0), (2, 2)),
    ("-2:1", (5, 4), (2, 0), (2, 2)),
    ("4:-6", (1, 5), (0, 6), (2, 2)),
    ("-1:2 rounds 0:1", (5, 3), (1, 0), (2, 1)),
    ("decider", (5, 5), (0, 0), (1, 1)),
    ("rounds 2:1", (5, 5), (0, 0), (0, 1)),
    ("rounds 0:2", (5, 5), (0, 0), (2, 0)),
])
def test_the_counts(text: str, bengel: tuple[int, int], menschen: tuple[int, int],
                    round_bengel: tuple[int, int]) -> None:
    tree = ScoreTree.of(state(text))
    assert (tree.bengel, tree.menschen, tree.round_bengel) == (bengel, menschen, round_bengel)
    assert tree.to_dict() == {"bengel": list(bengel), "menschen": list(menschen),
                              "round_bengel": list(round_bengel), "text": str(state(text))}


def test_a_round_won_restores_the_left_branch() -> None:
    before = state("4:-1")  # N-S make and take 3: 5 points, the round
    after = before.after(3, lone=False)
    assert str(after) == "0:0 rounds 1:0"
    assert ScoreTree.of(before) == ScoreTree((1, 5), (0, 1), (2, 2))
    assert ScoreTree.of(after) == ScoreTree((5, 5), (0, 0), (1, 2))


def test_the_decider_and_the_winner() -> None:
    decider = ScoreTree.of(state("decider"))
    assert decider.decider and decider.winner is None and decider.points == (0, 0)
    won = ScoreTree.of(state("rounds 1:1", Team.EW).after(2, lone=False))  # E-W make, take 2: N-S win
    assert won.winner is Team.NS and not won.decider and won.round_bengel == (0, 1)


def test_the_tally_is_the_score() -> None:
    """Every state there is: the tree gives back its points, rounds, winner and text."""
    for ns in range(-9, 5):
        for ew in range(-9, 5):
            for rounds in ((0, 0), (1, 0), (0, 1)):
                s = MatchState((ns, ew), rounds, Team.NS)
                tree = ScoreTree.of(s)
                assert (tree.points, tree.rounds, tree.text, tree.winner) == (s.points, s.rounds, str(s), s.winner)
                # Curls go before any Bengel: never both on one side.
                assert all(tree.menschen[t] == 0 or tree.bengel[t] == 5 for t in Team)


@pytest.mark.parametrize("bengel, menschen, round_bengel", [
    ((6, 5), (0, 0), (2, 2)), ((5, 5), (-1, 0), (2, 2)), ((5, 5), (0, 0), (3, 2)), ((4, 5), (1, 0), (2, 2))])
def test_impossible_trees(bengel: tuple[int, int], menschen: tuple[int, int], round_bengel: tuple[int, int]) -> None:
    with pytest.raises(ValueError):
        ScoreTree(bengel, menschen, round_bengel)


# -- the drawing ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, erased, curls", [
    ("0:0", 0, 0), ("3:0", 3, 0), ("-2:1", 1, 2), ("4:-6", 4, MAX_CURLS), ("-1:2 rounds 0:1", 3, 1),
    ("rounds 2:1", 3, 0), ("decider", 2, 0)])
def test_bengel_strokes_ghosts_and_curls(text: str, erased: int, curls: int) -> None:
    """14 Bengel in all (5 + 5 points, 2 + 2 rounds): the erased as dashed ghosts."""
    root = svg_of(text)
    assert len(ghosts(root)) == erased
    assert len(standing(root)) == 14 - erased
    assert len(list(root.iter("path"))) == curls
    assert len(list(root.iter("ellipse"))) == 1  # the trunk


def test_menschen_beyond_five_are_counted_in_words() -> None:
    many = svg_of("4:-6")
    assert len(list(many.iter("path"))) == 5 and "×6" in texts(many)
    assert not any("×" in t for t in texts(svg_of("0:-5")))
    assert "×9" in texts(svg_of("-9:0"))


def test_six_for_ns_nine_for_ew() -> None:
    """N-S's curls stand above the branch as a 6, E-W's below it turned into a 9."""
    ns, ew = svg_of("-1:0").find("path"), svg_of("0:-1").find("path")
    assert ns is not None and ew is not None
    assert ns.get("transform") is None and (ew.get("transform") or "").startswith("rotate(180")
    y = lambda path: float(re.findall(r"[\d.]+", path.get("d") or "")[1])  # noqa: E731
    assert y(ns) < 66 < y(ew)  # the main branch's height


def test_valid_self_contained_svg() -> None:
    for text in ("0:0", "3:-1 rounds 1:0", "4:-6", "decider", "rounds 2:1"):
        markup = score_tree_svg(state(text))
        root = ET.fromstring(markup)  # well-formed XML
        assert root.tag == "svg" and root.get("role") == "img" and root.get("aria-label")
        first = list(root)[0]
        assert first.tag == "title" and first.text == root.get("aria-label")
        for bad in ("href", "url(", "http", "//", "<script", "<image", "<foreignObject", "<style", "@import",
                    " id="):
            assert bad not in markup, bad
        assert not re.search(r"\son\w+=", markup)  # no event handlers
        assert root.get("width") == "300" and root.get("viewBox", "").startswith("0 0 300 ")
        assert "max-width:100%" in root.get("style", "")  # scales down on a 390 px phone
        assert root.get("stroke") == "currentColor"


def test_the_notebook_svg_is_a_document() -> None:
    tree = ScoreTree.of(state("2:-3 rounds 0:1"))
    root = ET.fromstring(tree._repr_svg_())
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert "2:-3 rounds 0:1" in ["".join(e.itertext()) for e in root.iter("{http://www.w3.org/2000/svg}text")]


@pytest.mark.parametrize("text, names, words", [
    ("3:-1 rounds 1:0", None, "Score tree: N-S 3 points, E-W 1 Mensch; rounds N-S 1, E-W 0"),
    ("1:-2", None, "Score tree: N-S 1 point, E-W 2 Menschen; rounds N-S 0, E-W 0"),
    ("0:4 rounds 0:1", ("Anna & Ben", "Cleo & Dan"),
     "Score tree: Anna & Ben 0 points, Cleo & Dan 4 points; rounds Anna & Ben 0, Cleo & Dan 1"),
    ("decider", None, "Score tree: the decider, no points; rounds N-S 1, E-W 1"),
    ("rounds 1:2", None, "Score tree: rounds N-S 1, E-W 2; E-W win the match"),
])
def test_the_words(text: str, names: Optional[tuple[str, str]], words: str) -> None:
    root = svg_of(text, names)
    assert root.get("aria-label") == words  # the parser unescapes the attribute
    assert ScoreTree.of(state(text)).words(names) == words


def test_labels_score_and_the_winner() -> None:
    assert texts(svg_of("3:-1 rounds 1:0"))[:2] == ["N-S", "E-W"]
    assert "3:-1 rounds 1:0" in texts(svg_of("3:-1 rounds 1:0"))
    won = texts(svg_of("rounds 2:0", ("Us", "Them")))
    assert won[:2] == ["Us", "Them"] and "0:0 rounds 2:0 — Us win the match" in won
    assert "0:0 rounds 1:1 — the decider: one deal, no points" in texts(svg_of("decider"))
    assert not any("win the match" in t for t in texts(svg_of("3:-1 rounds 1:0")))


def test_names_and_title_are_escaped() -> None:
    markup = score_tree_svg(state("1:0"), (EVIL, "E-W"), title=EVIL)
    assert "<script" not in markup and "&lt;script&gt;" in markup
    root = ET.fromstring(markup)
    assert EVIL in texts(root) and root.findtext("title") == EVIL
    assert EVIL in root.get("aria-label", "")


# -- on the annotation page -----------------------------------------------------------------

@pytest.fixture(scope="module")
def match_report() -> dict:
    """examples/match.abn annotated as ``altbaumer annotate`` does, the scores
    replayed from the deals before (cards only, for speed)."""
    boards = load_boards(EXAMPLES / "match.abn")
    scores = board_scores([replay(strip_annotations(b)) for b in boards])
    return report([annotate_board(b, decisions=False, score=s) for b, s in zip(boards, scores)])


def board_sections(page: str) -> list[str]:
    return re.findall(r'<section class="board" id="board-\d+">.*?</section>', page, re.S)


def test_each_board_shows_the_tree_of_its_score(match_report: dict) -> None:
    page = render_html(match_report)
    sections = board_sections(page)
    assert len(sections) == len(match_report["boards"]) == 10
    for board, section in zip(match_report["boards"], sections):
        s = state(board["score"]["state"]["text"])
        # The tree sits beside the plain score line, in one row.
        row = re.search(r'<div class="score-row"><p class="score"[^>]*>.*?</p>(<svg class="score-tree".*?</svg>)</div>',
                        section)
        assert row is not None, board["board"]
        assert section.count("<svg class=\"score-tree\"") == 1
        assert row.group(1) == score_tree_svg(s)
    # Board 1.4 is played at -1:4: one N-S Mensch, one E-W Bengel standing.
    svg = re.search(r'<svg class="score-tree".*?</svg>', sections[3])
    assert svg is not None
    fourth = ET.fromstring(svg.group(0))
    assert fourth.get("aria-label") == "Score tree: N-S 1 Mensch, E-W 4 points; rounds N-S 0, E-W 0"
    assert len(list(fourth.iter("path"))) == 1 and len(ghosts(fourth)) == 4
    # Board 1.10 at 4:-1 rounds 1:0: N-S's first round Bengel erased.
    assert 'aria-label="Score tree: N-S 4 points, E-W 1 Mensch; rounds N-S 1, E-W 0"' in sections[9]


def test_no_tree_without_a_known_score(match_report: dict) -> None:
    page = render_html({"boards": [dict(match_report["boards"][0], score={"describe": "unknown", "state": None})]})
    assert "Score before the deal: unknown." in page and "score-tree" not in page.split("</style>")[1]


@pytest.mark.parametrize("broken", [
    {"points": [9, 0], "rounds": [0, 0]},  # cannot occur: the round was won
    {"points": ["<b>", 1], "rounds": [0, 0]},
    {"points": [1, 0], "rounds": [0]},
    {"points": [True, 0], "rounds": [0, 0]},
    {"points": "1:0", "rounds": [0, 0]},
    {"text": "1:0"},
])
def test_a_broken_state_in_the_report_shows_no_tree(match_report: dict, broken: dict) -> None:
    board = dict(match_report["boards"][0])
    board["score"] = dict(board["score"], state=broken)
    page = render_html({"boards": [board]})
    assert "Score before the deal:" in page and "<svg class=\"score-tree\"" not in page and "<b>" not in page
