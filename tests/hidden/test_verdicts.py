"""When a choice is marked, and which of several tied options is recommended."""

from __future__ import annotations

import pytest

from altbaumer.hidden.verdicts import MARKS, THRESHOLDS, mark, tied


@pytest.mark.parametrize("objective", sorted(THRESHOLDS))
def test_each_class_starts_at_its_threshold(objective):
    inaccuracy, mistake, blunder = THRESHOLDS[objective]
    assert inaccuracy < mistake < blunder
    assert mark(inaccuracy * 0.99, 0.0, objective) == ""
    assert mark(inaccuracy, 0.0, objective) == "?!"
    assert mark(mistake, 0.0, objective) == "?"
    assert mark(blunder * 5, 0.0, objective) == "??"
    assert MARKS == ("?!", "?", "??")


def test_a_loss_within_its_noise_is_never_marked():
    assert mark(0.3, 0.31, "match") == ""
    assert mark(0.3, 0.29, "match") == "??"
    assert mark(-0.1, 0.0, "match") == ""  # a gain


def test_ties():
    first = THRESHOLDS["match"][0]
    assert tied(0.0, 0.0, "match")
    assert tied(0.24 * first, 0.0, "match")  # below a quarter of the threshold, however exact
    assert not tied(0.5 * first, 0.0, "match")  # exact and half a threshold: not a tie
    assert tied(0.5 * first, 0.6 * first, "match")  # within the noise and below the threshold
    assert not tied(1.5 * first, 2.0 * first, "match")  # within the noise but possibly an error
