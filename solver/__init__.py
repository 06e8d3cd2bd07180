"""altbaumer: double-dummy solver and decision analyser for Altbaumer.

Altbaumer is a four-player, 24-card, five-trick partnership game from the High
Black Forest. The Queen and Jack of clubs (the Trees) are permanent top trumps
that count as clubs again when an ordinary club is led; trump is fixed by
turning stock cards; either trump maker may play alone.

>>> import altbaumer
>>> deal = altbaumer.Deal.from_seed(1)
>>> deal.phase is altbaumer.Phase.TRUMP, deal.forehand
(True, <Seat.N: 0>)
>>> deal.apply(altbaumer.Accept()); deal.trump
<Suit.SPADES: 1>
"""

from altbaumer.game.cards import BIG_TREE, CARDS, FULL_PACK, LITTLE_TREE, TREES, Card, CardParseError, CardSet, Rank, Suit
from altbaumer.game.deal import Accept, Action, DeclareAlone, Deal, Discard, Phase, Play, Refuse, TakeTrees
from altbaumer.errors import (
    AltbaumerError,
    IllegalAction,
    IllegalCutTake,
    IllegalDiscard,
    IllegalLoneDeclaration,
    IllegalPlay,
    InvalidDeal,
    MatchOver,
    NotYourTurn,
    WrongPhase,
)
from altbaumer.game.match import DealRecord, Match, Seating, draw_for_partners
from altbaumer.play.policies import HeuristicPolicy, Policy, RandomPolicy, make_policy
from altbaumer.game.rules import is_trump_card, legal_cards, plain_ranking, trick_winner, trump_cards, trump_ranking
from altbaumer.game.scoring import DealScore, makers_points, score_deal
from altbaumer.game.seats import SEATS, Seat, Team, play_order
from altbaumer.play.simulate import SimulationStats, play_deal, play_match, simulate_matches
from altbaumer.game.view import SeatView, Trick

from altbaumer._version import __version__

__all__ = [
    "BIG_TREE", "CARDS", "FULL_PACK", "LITTLE_TREE", "TREES", "Card", "CardParseError", "CardSet", "Rank", "Suit",
    "Accept", "Action", "DeclareAlone", "Deal", "Discard", "Phase", "Play", "Refuse", "TakeTrees",
    "AltbaumerError", "IllegalAction", "IllegalCutTake", "IllegalDiscard", "IllegalLoneDeclaration", "IllegalPlay",
    "InvalidDeal", "MatchOver", "NotYourTurn", "WrongPhase",
    "DealRecord", "Match", "Seating", "draw_for_partners",
    "HeuristicPolicy", "Policy", "RandomPolicy", "make_policy",
    "is_trump_card", "legal_cards", "plain_ranking", "trick_winner", "trump_cards", "trump_ranking",
    "DealScore", "makers_points", "score_deal",
    "SEATS", "Seat", "Team", "play_order",
    "SimulationStats", "play_deal", "play_match", "simulate_matches",
    "SeatView", "Trick",
    "__version__",
]
