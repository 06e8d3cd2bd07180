"""Shared test helpers."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from altbaumer.cards import Card, CardSet
from altbaumer.cli import main


def cards(text: str) -> list[Card]:
    """``cards("QC 9H")`` → [Q♣, 9♥]."""
    return [Card.parse(w) for w in text.split()]


def cset(text: str) -> CardSet:
    return CardSet.parse(text)


@pytest.fixture
def run():
    """Invoke the command line: ``run("deal", "--seed", "1")`` → click Result."""
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)

    return invoke
