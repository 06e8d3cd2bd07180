"""Arena players that isolate the weights of inference from the cards played.

``pimc-match-infer`` chooses each card over 32 worlds weighed by the
likelihood of the cards the other seats chose; ``pimc-match`` over 12
unweighted. :class:`Worlds32` is ``pimc-match`` over the same 32 worlds
unweighted, so that the two differ in the weights alone, and
:class:`SharperInference` weighs them by a sharper softmax (a temperature of
0.02 of the stake instead of 0.05). Not a script: name them to the arena with
the benchmarks on the path (docs/arena.md)::

    PYTHONPATH=benchmarks altbaumer arena pimc-match-infer inference_players:Worlds32 -n 1000 --seed 29
"""

from __future__ import annotations

from typing import Optional

from altbaumer.play.engine import CardInference
from altbaumer.play.pimc import PimcPolicy


class Worlds32(PimcPolicy):
    """``pimc-match`` over 32 worlds a card, unweighted: the inferring player's worlds."""

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed, objective="match", card_worlds=CardInference().candidates)


class SharperInference(PimcPolicy):
    """``pimc-match-infer`` with a softmax at 0.02 of the stake."""

    def __init__(self, seed: Optional[int] = None) -> None:
        super().__init__(seed, objective="match", infer=CardInference(temperature=0.02))
