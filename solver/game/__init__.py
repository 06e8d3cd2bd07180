"""The game: cards, seats, rules, scoring, the one deal state, open positions, the match and its equity.

This wing imports no other wing; every other wing builds on it. Each rule of
docs/rules.md is implemented once here: card play in ``rules``, the deal's
procedure (sizes, the cut card, trump making, who sits out and who leads) in
``deal_rules``; the round and match rules in ``match_state``. The match equity
table (``equity``, which needs numpy) is imported from its module. The compiled kernels (``_kernels``) repeat the card-play rules
on bitmasks only for speed, and the tests hold them equal.

>>> from altbaumer.game import Deal, Accept, Position
>>> deal = Deal.from_seed(1)
>>> deal.apply(Accept()); deal.phase
<Phase.DISCARD: 'discard'>
"""

from altbaumer.game.cards import BIG_TREE, CARDS, FULL_PACK, LITTLE_TREE, TREES, Card, CardSet, Rank, Suit
from altbaumer.game.actions import Accept, Action, DeclareAlone, Discard, Phase, Play, Refuse, TakeTrees
from altbaumer.game.deal import Deal
from altbaumer.game.deal_rules import HAND_SIZE, STOCK_SIZE, TRICKS, absent_seat, first_leader, trump_outcome
from altbaumer.game.match import DealRecord, Match, Seating, draw_for_partners
from altbaumer.game.match_state import MatchState
from altbaumer.game.opening import line_tricks, opening_position
from altbaumer.game.position import Position
from altbaumer.game.rules import is_trump_card, legal_cards, plain_ranking, trick_winner, trump_cards, trump_ranking
from altbaumer.game.scoring import DealScore, makers_points, score_deal
from altbaumer.game.seats import SEATS, Seat, Team, play_order
from altbaumer.game.table_match import TableMatch
from altbaumer.game.view import SeatView, Trick

__all__ = [
    "BIG_TREE",
    "CARDS",
    "FULL_PACK",
    "LITTLE_TREE",
    "TREES",
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "Accept",
    "Action",
    "DeclareAlone",
    "Deal",
    "Discard",
    "Phase",
    "Play",
    "Refuse",
    "TakeTrees",
    "HAND_SIZE",
    "STOCK_SIZE",
    "TRICKS",
    "absent_seat",
    "first_leader",
    "trump_outcome",
    "DealRecord",
    "MatchState",
    "Match",
    "Seating",
    "draw_for_partners",
    "TableMatch",
    "line_tricks",
    "opening_position",
    "Position",
    "is_trump_card",
    "legal_cards",
    "plain_ranking",
    "trick_winner",
    "trump_cards",
    "trump_ranking",
    "DealScore",
    "makers_points",
    "score_deal",
    "SEATS",
    "Seat",
    "Team",
    "play_order",
    "SeatView",
    "Trick",
]
