"""A solution displays itself: the makers' tricks, every legal card with its value, ★ the best, the line."""

from __future__ import annotations

from altbaumer.dd.solver import solve
from altbaumer.game.display import COLOURS
from altbaumer.game.position import Position

from support import html_cards, read_html, rich_text


def _position(leader: str = "E", makers: str = "EW") -> Position:
    return Position.build({"N": "QC AS KS TH 9D", "E": "JC AC 9S AH KD", "S": "TC QS JS KH TD",
                           "W": "9C TS QH JH AD"}, trump="H", leader=leader, makers=makers)


def _moves(text: str) -> list[list[str]]:
    """The rows of the cards' table: a card, then its value."""
    return [words for words in (line.split() for line in text.splitlines())
            if len(words) >= 2 and words[1].isdigit() and words[0][-1] in "♣♠♥♦"]


def test_every_legal_card_its_value_and_the_best_marked() -> None:
    pos = _position()
    solution = solve(pos)
    fragment = solution._repr_html_()
    found = read_html(fragment)
    legal = {c.ascii() for c in pos.legal_moves()}
    assert legal <= html_cards(fragment) and {c.ascii() for c in solution.pv} <= html_cards(fragment)
    assert fragment.count("★ best") == len(solution.best_cards)
    assert f"take <span style=\"font-weight:bold\">{solution.makers_tricks}</span> of 5 tricks" in fragment
    assert ("★ best", COLOURS["tree"]) in found.coloured
    text = rich_text(solution)
    rows = {words[0]: words[1:] for words in _moves(text)}
    assert len(rows) == len(solution.moves) == len(legal)
    for card, value in solution.moves.items():
        assert rows[str(card)][0] == str(value)
        assert ("★" in rows[str(card)]) is (card in solution.best_cards)
    assert "optimal line (one principal variation): " + " ".join(map(str, solution.pv)) in " ".join(text.split())


def test_the_best_cards_come_first_for_either_side() -> None:
    for leader, makers in (("E", "EW"), ("E", "NS")):
        solution = solve(_position(leader, makers))
        text = rich_text(solution)
        listed = [words[0] for words in _moves(text)]
        assert set(listed[: len(solution.best_cards)]) == {str(c) for c in solution.best_cards}
        values = [solution.moves[next(c for c in solution.moves if str(c) == shown)] for shown in listed]
        assert values == sorted(values, key=lambda v: abs(v - solution.makers_tricks))


def test_a_finished_position_has_no_cards_to_show() -> None:
    pos = Position.build({"N": "", "E": "", "S": "", "W": ""}, trump="H", leader="N", makers="NS",
                         tricks_taken=(3, 2))
    solution = solve(pos)
    read_html(solution._repr_html_())
    assert "take 3 of 5 tricks" in rich_text(solution)
