"""The docstring examples are part of the documentation: keep them true."""

import doctest
import importlib

import pytest

MODULES = [
    "altbaumer",
    "altbaumer.cards",
    "altbaumer.seats",
    "altbaumer.rules",
    "altbaumer.scoring",
    "altbaumer.deal",
    "altbaumer.match",
    "altbaumer.policies",
    "altbaumer.simulate",
    "altbaumer.position",
    "altbaumer.search",
    "altbaumer.reference",
    "altbaumer.opening",
    "altbaumer.bench",
    "altbaumer.abn",
    "altbaumer.replay",
    "altbaumer.making",
    "altbaumer.table",
    "altbaumer.knowledge",
    "altbaumer.worlds",
    "altbaumer.rating",
    "altbaumer.annotate",
    "altbaumer.report_html",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
