"""The game's values display themselves: HTML for a notebook, console markup for rich.

Every fragment holds every card of its object in the right colour, is well formed and
self-contained (support.read_html); every markup renders through rich to text with the
suit symbols and the cards, and the diagrams fit 80 columns.
"""

from __future__ import annotations

import random

import pytest
from rich.markup import escape, render

from altbaumer.game import display
from altbaumer.game.actions import Accept, DeclareAlone, Discard, Phase, Refuse, TakeTrees
from altbaumer.game.cards import CARDS, Card, CardSet, Suit
from altbaumer.game.deal import Deal
from altbaumer.game.position import Position
from altbaumer.game.seats import SEATS, Seat

from support import html_cards, random_position, read_html, rich_text, suit_lines


def _all_cards(cards: CardSet) -> set[str]:
    return {c.ascii() for c in cards}


# -- the pieces ------------------------------------------------------------------------------


def test_each_card_is_coloured_by_its_kind() -> None:
    for card in CARDS:
        fragment = display.card_html(card)
        found = read_html(fragment)
        assert found.cards == [(card.ascii(), display.COLOURS[display.card_colour(card)])]
        assert str(card) in fragment
    assert display.card_colour(Card.parse("QC")) == display.card_colour(Card.parse("JC")) == "tree"
    assert display.COLOURS["red"] in display.card_html(Card.parse("9D"))
    assert display.COLOURS["black"] in display.card_html(Card.parse("AC"))


def test_a_hand_is_four_suit_lines_in_the_projects_order() -> None:
    hand = CardSet.parse("9C QC AC TH KS")
    fragment = display.hand_html(hand)
    assert [c for c, _ in read_html(fragment).ranks] == ["AC", "QC", "9C", "KS", "TH"]
    assert fragment.count("—") == 1  # no diamonds
    assert display.hand_markup(hand)[0] == "[bold]♣[/] A [bold green]Q[/] 9"
    assert display.hand_html(None).count("-") == 1 and display.hand_markup(None) == ["[dim]-[/]"]


@pytest.mark.parametrize("text", ["[bold]x[/]", "a [red] b", "\\[x]", "trailing\\", "[/]", "[1] plain", "\x1b[31m",
                                  "a\\\\[b]"])
def test_markup_escapes_as_rich_does(text: str) -> None:
    assert display.escape_markup(text) == escape(display.printable(text))
    assert render(f"[bold]{display.escape_markup(text)}[/]").plain == display.printable(text)


def test_widths_count_what_rich_shows() -> None:
    said = display.markup(display.Para(("a [b] ", Card.parse("TH"), display.Styled(" ★", "best"))))
    assert display._width(said) == render(said).cell_len


def test_the_empty_set_shows_a_dash() -> None:
    assert "—" in CardSet()._repr_html_() and read_html(CardSet()._repr_html_()).cards == []
    assert rich_text(CardSet()).strip() == "—"
    assert display.cards_markup([]) == "[dim]—[/]"


def test_a_card_set() -> None:
    cards = CardSet.parse("QC JC AS TH 9D KH")
    assert html_cards(cards._repr_html_()) == _all_cards(cards)
    assert rich_text(cards).strip() == "Q♣ J♣ A♠ K♥ 10♥ 9♦"
    assert CardSet(CARDS)._repr_html_().count("data-card=") == 24


# -- positions ----------------------------------------------------------------------------------


def _check_compass(obj: object, hands: dict[Seat, CardSet], out: Seat | None = None) -> str:
    """The hands in the HTML and, as suit lines, in the rendered text; the diagram fits 80 columns."""
    fragment = obj._repr_html_()  # type: ignore[attr-defined]
    shown = html_cards(fragment)
    for seat in SEATS:
        assert _all_cards(hands[seat]) <= shown, seat
        assert f'data-seat="{seat}"' in fragment
    text = rich_text(obj)
    lines = text.splitlines()
    for seat in SEATS:
        if seat is not out or hands[seat]:
            for line in suit_lines(hands[seat]):
                assert any(line in row for row in lines), (seat, line, text)
    assert all(symbol in text for symbol in "♣♠♥♦")
    # Nothing wrapped at 80 columns: a wide terminal shows the same lines.
    assert [row.rstrip() for row in rich_text(obj, width=200).splitlines()] == [row.rstrip() for row in lines]
    return text


def test_a_position() -> None:
    pos = Position.build({"N": "QC AS KS TH 9D", "E": "JC AC 9S AH KD", "S": "TC QS JS KH TD",
                          "W": "9C TS QH JH AD"}, trump="H", leader="E", makers="EW")
    text = _check_compass(pos, dict(pos.hands))
    assert "trump ♥ hearts" in text and "makers E-W" in text and "E · leads" in text
    fragment = pos._repr_html_()
    assert "<script" not in fragment and "hearts" in fragment


def test_a_position_in_the_middle_of_a_trick_with_a_lone_player() -> None:
    pos = Position.build({"N": "AH KS", "E": "9C", "S": "", "W": "QC AS"}, trump="H", leader="E",
                         trick="9S", makers="NS", lone="N", tricks_taken=(2, 1))
    text = _check_compass(pos, dict(pos.hands), out=Seat.S)
    assert "trick E led 9♠" in text and "(out of play)" in text and "N; S sits out" in text
    fragment = pos._repr_html_()
    assert 'data-card="9S"' in fragment and "opacity" in fragment


@pytest.mark.parametrize("seed", range(6))
def test_random_positions(seed: int) -> None:
    pos = random_position(random.Random(seed), tricks_left=5 - seed % 4, lone=seed % 2 == 1, mid_trick=seed % 3)
    hands = dict(pos.hands)
    fragment = pos._repr_html_()
    assert _all_cards(CardSet([c for h in hands.values() for c in h]) | CardSet(pos.trick)) <= html_cards(fragment)
    _check_compass(pos, hands, out=pos.absent)


# -- deals ---------------------------------------------------------------------------------------


def test_a_deal_shows_every_card_and_the_turned_one() -> None:
    deal = Deal.from_seed(7)
    hands = {s: deal.hand(s) for s in SEATS}
    fragment = deal._repr_html_()
    assert html_cards(fragment) == {c.ascii() for c in CARDS}
    text = _check_compass(deal, hands)
    turned = deal.turned_card
    assert turned is not None and f"turned {turned}" in text and "to act E (trump)" in text
    assert "S · dealer" in text and "E · forehand" in text and "W · cutter" in text


def test_a_deal_through_its_phases() -> None:
    deal = Deal.from_seed(7)
    deal.apply(Accept())
    assert "turned" not in rich_text(deal) and "taken" in rich_text(deal) and "(accepted)" in rich_text(deal)
    deal.apply(Discard((Card.parse("9S"),)))
    assert "discard 9♠" in rich_text(deal)
    deal.apply(DeclareAlone(True))
    deal.apply(deal.legal_actions()[0])
    text = _check_compass(deal, {s: deal.hand(s) for s in SEATS}, out=deal.absent)
    assert "trick E led" in text and "E · forehand, alone" in text and "sits out" in text
    while deal.phase is not Phase.DONE:
        deal.apply(deal.legal_actions()[0])
    text = rich_text(deal)
    assert f"the makers took {deal.makers_tricks}" in text and "5. " in text and "→" in text
    read_html(deal._repr_html_())


def test_a_deal_at_the_cut() -> None:
    deal = next(d for d in (Deal.shuffled(Seat.S, random.Random(seed)) for seed in range(500)) if d.phase is Phase.CUT)
    fragment = deal._repr_html_()
    assert {c.ascii() for c in deal.cut_offer} <= html_cards(fragment)
    assert "The cut shows" in rich_text(deal) and "(cutter) decides" in rich_text(deal)
    deal.apply(TakeTrees(deal.cut_offer))
    assert "taken by" in rich_text(deal)


def test_a_deal_after_a_refusal_and_one_known_in_part() -> None:
    deal = Deal.from_seed(5)
    deal.apply(Refuse())
    text = rich_text(deal)
    assert "exposed" in text or "compulsory" in text or "after refusal" in text
    read_html(deal._repr_html_())
    partial = Deal.from_hands(Seat.S, {Seat.N: None, Seat.E: deal.dealt_hand(Seat.E), Seat.S: None, Seat.W: None},
                              [None, None, None, None])
    text = rich_text(partial)
    assert "stock - - - -" in text
    assert html_cards(partial._repr_html_()) == _all_cards(deal.dealt_hand(Seat.E))


def test_the_suits_are_red_and_black_in_every_fragment() -> None:
    found = read_html(Deal.from_seed(3)._repr_html_())
    symbols = {text: shade for text, shade in found.coloured if text in "♣♠♥♦" and text}
    assert symbols == {"♣": display.COLOURS["black"], "♠": display.COLOURS["black"],
                       "♥": display.COLOURS["red"], "♦": display.COLOURS["red"]}
    assert {Suit.HEARTS.symbol, Suit.DIAMONDS.symbol} <= set(symbols)
