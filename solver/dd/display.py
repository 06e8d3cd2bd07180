"""A double-dummy solution in words and figures, for its own displays.

:class:`~altbaumer.dd.solver.Solution` shows itself (``_repr_html_`` in a
notebook, ``__rich__`` on a terminal) as ``altbaumer solve`` says it: the
makers' tricks under best play by both sides, every legal card with the
makers' tricks it leads to, the best ones marked ★ and listed first, and one
optimal line (the principal variation).

>>> from altbaumer.game.position import Position
>>> from altbaumer.dd.solver import solve
>>> pos = Position.build({"N": "QC AS", "E": "9H 9S", "S": "KS TS", "W": "AH 9D"},
...                      trump="H", leader="N", makers="NS", tricks_taken=(2, 1))
>>> from altbaumer.game.display import markup
>>> print(markup(*solution_blocks(solve(pos))))  # doctest: +ELLIPSIS
Double dummy the makers take [bold]4[/] of 5 tricks (makers +1, defenders 0); best [bold green]Q♣[/]
[bold]card[/]  [bold]makers' tricks[/]
[bold green]Q♣[/]                 [bold]4[/]  [bold green]★ best[/]
[bold]A♠[/]                 3
optimal line (one principal variation): [bold green]Q♣[/] [bold red]A♥[/] [bold]10♠[/] ...
[dim]... search nodes[/]
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from altbaumer.game.display import Block, Cards, Grid, Line, Para, Styled
from altbaumer.game.scoring import makers_points

if TYPE_CHECKING:
    from altbaumer.dd.solver import Solution

__all__ = ["solution_blocks"]


def solution_blocks(solution: "Solution") -> list[Block]:
    """The solution's tricks, cards and line, for :func:`altbaumer.game.display.html`
    and :func:`~altbaumer.game.display.markup`. The cards are ordered best
    first, then by how many tricks they give away (the best value is the
    makers' most for a maker to play, their fewest for a defender)."""
    made, conceded = makers_points(solution.makers_tricks)
    blocks: list[Block] = [Para(("Double dummy the makers take ", Styled(str(solution.makers_tricks), "bold"),
                                 f" of 5 tricks (makers {made:+d}, defenders {conceded}); best ",
                                 Cards(solution.best_cards)))]
    if solution.moves:
        order = sorted(solution.moves.items(), key=lambda kv: (abs(kv[1] - solution.makers_tricks), kv[0].index))
        rows: list[tuple[Line, ...]] = []
        for card, value in order:
            best = card in solution.best_cards
            rows.append(((card,), (Styled(str(value), "bold") if best else str(value),),
                         (Styled("★ best", "best"),) if best else ()))
        blocks.append(Grid(("card", "makers' tricks", ""), tuple(rows)))
    blocks.append(Para(("optimal line (one principal variation): ", Cards(solution.pv))))
    blocks.append(Para((f"{solution.nodes:,} search nodes",), "dim"))
    return blocks
