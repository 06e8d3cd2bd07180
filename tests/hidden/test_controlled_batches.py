"""The playouts' figures are regressed many at once (one row a figure): each
must be, to the last bit, the one-figure formula of the module docstring,
taken with np.cov and numpy's one-dimensional means and variances."""

from __future__ import annotations

from typing import Optional

import numpy as np
import pytest

from altbaumer.hidden.controlled import _regressed, controlled_mean


def _one_figure(x: np.ndarray, y: np.ndarray, exact: bool, at: Optional[np.ndarray]) -> tuple[float, float]:
    n, m = len(y), len(x)
    if n < 2:
        return (float(y.mean()) if n else float(x.mean()) if m else 0.0), 0.0
    if not exact and m - n < 2:
        return float(y.mean()), float(y.var(ddof=1) / n)
    d = x[at if at is not None else slice(0, n)]
    cov = float(np.cov(y, d)[0, 1])
    spread_d = float(d.var(ddof=1))
    if exact:
        beta = cov / spread_d if spread_d > 0 else 0.0
        return float(y.mean() + beta * (x.mean() - d.mean())), float((y - beta * d).var(ddof=1) / n)
    f, rest = 1.0 - n / m, x[n:]
    spread_rest = float(rest.var(ddof=1))
    scale = f * (spread_d + n * spread_rest / len(rest))
    beta = cov / scale if scale > 0 else 0.0
    variance = (y - beta * f * d).var(ddof=1) / n + (beta * f) ** 2 * spread_rest / len(rest)
    return float(y.mean() + beta * (x.mean() - d.mean())), float(variance)


@pytest.mark.parametrize("exact", [False, True])
def test_batches_are_each_figure_alone(exact: bool) -> None:
    rng = np.random.default_rng(5)
    for _ in range(150):
        figures, m = int(rng.integers(1, 6)), int(rng.integers(1, 3000))
        n = int(rng.integers(0, min(m, 400) + 1))
        # Columns of a worlds × figures table, as the ratings hold them.
        xs = np.round(rng.random((m, figures)), int(rng.integers(1, 4))) * rng.choice([1.0, 0.37, 13.0])
        at = rng.integers(0, m, n) if exact else None
        ys = (xs[at] if exact else xs[:n]) + (rng.random((n, figures)) < 0.2) * rng.choice([-0.5, 0.25])
        estimates, variances = _regressed(xs.T, ys.T, exact, at)
        for j in range(figures):
            alone = _one_figure(xs[:, j], ys[:, j], exact, at)
            assert (float(estimates[j]), float(variances[j])) == alone
            estimate, variance, freedom = controlled_mean(xs[:, j], ys[:, j], exact=exact, at=at)
            assert (estimate, variance, freedom) == (alone[0], max(alone[1], 0.0), n - 1)
