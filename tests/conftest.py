"""Fixtures shared by every test folder (seeded deals and card helpers are in support.py)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from altbaumer.cli import main


@pytest.fixture
def run():
    """Invoke the command line: ``run("deal", "--seed", "1")`` → click Result."""
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(main, list(args), catch_exceptions=False)

    return invoke
