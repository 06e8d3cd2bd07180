"""The partner's rows of playing together and alone are the ones line_rows
gives for a discard already made, keeping those two lines."""

from __future__ import annotations

import numpy as np
import pytest

from altbaumer.dd.workloads import full_deal_rows
from altbaumer.hidden.making import LONE_NOBODY, LONE_PARTNER, line_rows, partner_line_rows


@pytest.mark.parametrize("forehand", range(4))
def test_partner_line_rows_are_line_rows(forehand: int) -> None:
    hands = full_deal_rows(40, seed=forehand)[:, :4]
    trump = np.random.default_rng(forehand).integers(0, 4, len(hands))
    keep = np.zeros((1, 3), dtype=bool)
    keep[0, [LONE_NOBODY, LONE_PARTNER]] = True
    rows, _ = line_rows(hands, trump, forehand, hands[:, forehand], np.zeros((len(hands), 1), dtype=np.int64), keep)
    assert np.array_equal(partner_line_rows(hands, trump, forehand), rows)
