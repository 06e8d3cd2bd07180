"""The docstring examples are part of the documentation: keep them true."""

import doctest
import importlib

import pytest

MODULES = [
    "altbaumer",
    "altbaumer.game.cards",
    "altbaumer.game.seats",
    "altbaumer.game.rules",
    "altbaumer.game.scoring",
    "altbaumer.game.deal",
    "altbaumer.game.match",
    "altbaumer.play.policies",
    "altbaumer.play.simulate",
    "altbaumer.game.position",
    "altbaumer.dd.solver",
    "altbaumer.dd.reference",
    "altbaumer.game.opening",
    "altbaumer.dd.bench",
    "altbaumer.abn.board",
    "altbaumer.abn.record",
    "altbaumer.hidden.making",
    "altbaumer.hidden.table",
    "altbaumer.hidden.knowledge",
    "altbaumer.hidden.worlds",
    "altbaumer.hidden.rating",
    "altbaumer.report.annotate",
    "altbaumer.report.html",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
