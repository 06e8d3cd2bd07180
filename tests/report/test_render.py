"""The rich renderables: a card a record does not show is written "-", as in the file format."""

from __future__ import annotations

from altbaumer.game.cards import Card
from altbaumer.report.render import cards_text


def test_cards_text_writes_an_unknown_card_as_a_dash() -> None:
    assert cards_text([Card.parse("QC"), None, Card.parse("TH")], ascii=True).plain == "QC - TH"

