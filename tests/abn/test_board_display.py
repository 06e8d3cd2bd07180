"""A board displays itself: the hands as dealt around the compass, what the file records, the play."""

from __future__ import annotations

from pathlib import Path

import pytest

from altbaumer.abn.board import Board
from altbaumer.abn.files import load_boards
from altbaumer.game.cards import CardSet
from altbaumer.game.seats import SEATS, Seat

from support import html_cards, read_html, rich_text, suit_lines

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize("name", ["refusal.abn", "lone.abn", "mid-trick.abn", "cut.abn", "compulsory.abn"])
def test_every_card_of_the_file(name: str) -> None:
    board = load_boards(str(EXAMPLES / name))[0]
    cards = [c for h in board.hands.values() if h is not None for c in h]
    cards += [c for c in board.stock or () if c is not None] + [p.card for p in board.played]
    fragment = board._repr_html_()
    assert {c.ascii() for c in cards} <= html_cards(fragment)
    text = rich_text(board)
    for seat in SEATS:
        hand = board.hands[seat]
        if hand is not None:
            assert all(line in text for line in suit_lines(hand)), (seat, text)
    for n, trick in enumerate(board.tricks, 1):
        assert f"{n}. " in text and all(str(p.card) in text for p in trick)
    assert board.label() in text


def test_what_the_file_records() -> None:
    board = load_boards(str(EXAMPLES / "lone.abn"))[0]
    text = rich_text(board)
    assert board.alone is not None
    assert f"{board.alone}; {board.alone.partner} sits out" in text and "turn refused" in text
    assert f"the makers took {board.result}" in text and "S · dealer" in text
    fragment = board._repr_html_()
    assert "opacity" in fragment  # the partner's dealt hand, out of play


def test_an_unknown_hand_names_and_marks() -> None:
    board = Board(Seat.S, tags={"Board": "[7]", "North": "Eve [bold]x[/]", "East": "<Ann> & Co"},
                  hands={Seat.E: CardSet.parse("QC JC AS KH TH")})
    fragment = board._repr_html_()
    read_html(fragment)
    assert "&lt;Ann&gt; &amp; Co" in fragment and "<Ann>" not in fragment
    text = rich_text(board)
    assert "Eve [bold]x[/]" in text and "board [7]" in text  # shown as written, never read as markup
    assert text.count("\n-") + text.count(" -\n") >= 1
    played = load_boards(str(EXAMPLES / "mid-trick.abn"))[0]
    marked = [p for p in played.played if p.mark]
    assert marked and all(f"{p.card}{p.mark}" in rich_text(played) for p in marked)
