"""Shared test helpers."""

from __future__ import annotations

from altbaumer.cards import Card, CardSet


def cards(text: str) -> list[Card]:
    """``cards("QC 9H")`` → [Q♣, 9♥]."""
    return [Card.parse(w) for w in text.split()]


def cset(text: str) -> CardSet:
    return CardSet.parse(text)
