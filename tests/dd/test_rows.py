"""The batch-row format (altbaumer.dd.rows): the one module that knows the columns."""

from __future__ import annotations

import random

import numpy as np
import pytest

from altbaumer.dd import rows
from altbaumer.dd.workloads import full_deal_rows, lone_deal_rows
from altbaumer.game.position import Position
from altbaumer.game.seats import SEATS
from support import full_deal, random_position


def test_the_columns_are_named_once():
    assert rows.BATCH_COLUMNS == ("N", "E", "S", "W", "trump", "leader", "lone", "makers")
    named = [rows.TRUMP, rows.LEADER, rows.LONE, rows.MAKERS]
    assert list(range(rows.WIDTH))[rows.HANDS] + named == list(range(len(rows.BATCH_COLUMNS)))
    assert [rows.BATCH_COLUMNS[i] for i in named] == ["trump", "leader", "lone", "makers"]


def test_encode_and_decode_rows_round_trip():
    batch = np.concatenate([full_deal_rows(100, seed=1), lone_deal_rows(100, seed=2)])
    fields = rows.decode_rows(batch)
    again = rows.encode_rows(fields.hands, fields.trump, fields.leader, fields.lone, fields.makers)
    assert again.dtype == np.int64 and np.array_equal(again, batch)
    assert [f.shape for f in fields] == [(200, 4)] + [(200,)] * 4


def test_encode_rows_broadcasts_and_flattens_in_c_order():
    hands = np.arange(2 * 3 * 4, dtype=np.int64).reshape(2, 3, 4)
    got = rows.encode_rows(hands, trump=np.array([[1], [2]]), leader=0, lone=np.array([-1, 0, 2]), makers=0)
    assert got.shape == (6, rows.WIDTH)
    assert np.array_equal(got[:, rows.HANDS], hands.reshape(6, 4))
    assert got[:, rows.TRUMP].tolist() == [1, 1, 1, 2, 2, 2]
    assert got[:, rows.LONE].tolist() == [-1, 0, 2] * 2
    with pytest.raises(ValueError):
        rows.encode_rows(np.zeros((3, 5)), 0, 0, -1, 0)


def test_positions_round_trip_through_rows():
    rng = random.Random(4)
    positions = [full_deal(rng, lone=i % 2 == 1) for i in range(20)]
    positions += [random_position(rng, rng.randint(1, 4), rng.random() < 0.5) for _ in range(40)]
    batch = rows.encode_positions(positions)
    assert batch.shape == (len(positions), rows.WIDTH)
    back = rows.decode_positions(batch, [pos.tricks_taken for pos in positions])
    assert back == positions
    for pos, row in zip(positions, batch):
        assert row[rows.HANDS].tolist() == [pos.hands[s].mask for s in SEATS]
    assert rows.decode_positions(full_deal_rows(5, seed=3))[0].tricks_taken == (0, 0)


def test_positions_in_the_middle_of_a_trick_are_refused():
    pos = random_position(random.Random(3), 3, False, 2)
    with pytest.raises(ValueError, match="middle of a trick"):
        rows.encode_positions([pos])


def test_checked_rows_wants_the_width():
    assert rows.checked_rows(np.zeros((0, rows.WIDTH), dtype=np.int32)).dtype == np.int64
    with pytest.raises(ValueError, match="shape"):
        rows.checked_rows(np.zeros((4, rows.WIDTH - 1)))
    assert isinstance(rows.decode_positions(full_deal_rows(1))[0], Position)
