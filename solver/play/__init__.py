"""Playing: seeded player policies, simulated matches, and how deals end under the project's own decisions.

Imports the game, the double-dummy solver and the hidden-information wing.

>>> from altbaumer.play import simulate_matches
>>> simulate_matches(2, seed=1).matches
2
"""

from typing import TYPE_CHECKING

from altbaumer.lazy import loaded_on_use, names_of

HOMES = {
    "altbaumer.play.outcomes": ("OutcomeCounts", "estimate_outcomes"),
    "altbaumer.play.pimc": ("PimcPolicy",),
    "altbaumer.play.players": ("POLICIES", "make_policy"),
    "altbaumer.play.policies": ("HeuristicPolicy", "Policy", "RandomPolicy"),
    "altbaumer.play.simulate": ("PlayedDeal", "SimulationStats", "play_deal", "play_match", "simulate_matches"),
    "altbaumer.play.table": ("TableGame", "TableSettings"),
    "altbaumer.play.tutor": ("Tutor", "TutorEffort"),
}
"""Each module of the wing → the names it gives the wing, imported on first use (altbaumer.lazy)."""

if TYPE_CHECKING:
    from altbaumer.play.outcomes import OutcomeCounts as OutcomeCounts, estimate_outcomes as estimate_outcomes
    from altbaumer.play.pimc import PimcPolicy as PimcPolicy
    from altbaumer.play.players import POLICIES as POLICIES, make_policy as make_policy
    from altbaumer.play.policies import (HeuristicPolicy as HeuristicPolicy, Policy as Policy,
                                         RandomPolicy as RandomPolicy)
    from altbaumer.play.simulate import (PlayedDeal as PlayedDeal, SimulationStats as SimulationStats,
                                         play_deal as play_deal, play_match as play_match,
                                         simulate_matches as simulate_matches)
    from altbaumer.play.table import TableGame as TableGame, TableSettings as TableSettings
    from altbaumer.play.tutor import Tutor as Tutor, TutorEffort as TutorEffort
else:
    __getattr__, __dir__ = loaded_on_use(__name__, HOMES)

__all__ = names_of(HOMES)
