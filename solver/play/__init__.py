"""Playing: seeded player policies, simulated matches, and how deals end under the project's own decisions.

Imports the game, the double-dummy solver and the hidden-information wing.

>>> from altbaumer.play import simulate_matches
>>> simulate_matches(2, seed=1).matches
2
"""

from altbaumer.play.outcomes import OutcomeCounts, estimate_outcomes
from altbaumer.play.pimc import PimcPolicy
from altbaumer.play.players import POLICIES, make_policy
from altbaumer.play.policies import HeuristicPolicy, Policy, RandomPolicy
from altbaumer.play.simulate import PlayedDeal, SimulationStats, play_deal, play_match, simulate_matches
from altbaumer.play.table import TableGame, TableSettings
from altbaumer.play.tutor import Tutor, TutorEffort

__all__ = [
    "OutcomeCounts",
    "estimate_outcomes",
    "POLICIES",
    "HeuristicPolicy",
    "PimcPolicy",
    "Policy",
    "RandomPolicy",
    "make_policy",
    "PlayedDeal",
    "SimulationStats",
    "play_deal",
    "play_match",
    "simulate_matches",
    "TableGame",
    "TableSettings",
    "Tutor",
    "TutorEffort",
]
