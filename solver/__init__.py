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

Every wing's headline is here: a recorded board replayed and solved double dummy.

>>> board = altbaumer.read_boards('''[Dealer "S"]
... [Deal "E:K9.9.K9. AQ.A..AJ J.J.AQ.T T.T.JT.K"]
... [Stock "QS QD 9D KS"]
... [Turn "accept"]
... [Discard "KC"]
... [Alone ""]
... ''')[0]
>>> altbaumer.solve(altbaumer.replay(board).position()).makers_tricks
3
"""

from typing import TYPE_CHECKING

from altbaumer._version import __version__
from altbaumer.lazy import loaded_on_use, names_of
from altbaumer.errors import (
    AbnError,
    AltbaumerError,
    CardParseError,
    IllegalAction,
    IllegalCutTake,
    IllegalDiscard,
    IllegalLoneDeclaration,
    IllegalPlay,
    IncompleteBoard,
    IncompleteDeal,
    InvalidDeal,
    InvalidPosition,
    InvalidScore,
    MatchOver,
    NotYourTurn,
    SeatParseError,
    WrongPhase,
)
from altbaumer.game import (
    BIG_TREE,
    CARDS,
    FULL_PACK,
    LITTLE_TREE,
    SEATS,
    TREES,
    Accept,
    Action,
    Card,
    CardSet,
    DealRecord,
    DealScore,
    DeclareAlone,
    Deal,
    Discard,
    Match,
    MatchState,
    Phase,
    Play,
    Position,
    Rank,
    Refuse,
    Seat,
    Seating,
    SeatView,
    Suit,
    TakeTrees,
    Team,
    Trick,
    draw_for_partners,
    is_trump_card,
    legal_cards,
    makers_points,
    plain_ranking,
    play_order,
    score_deal,
    trick_winner,
    trump_cards,
    trump_ranking,
)

# The game and the errors load with the package; the other wings load on first use of one of
# their names (altbaumer.lazy), so that a program using only the game does not pay for numpy,
# the compiled search and rich (about 0.2 s). The TYPE_CHECKING imports give mypy the same names.
_LAZY = {
    "altbaumer.abn": ("Board", "GameRecord", "Node", "load_boards", "read_boards", "replay", "save_boards",
                      "write_boards"),
    "altbaumer.dd": ("Solution", "Solver", "solve", "solve_moves"),
    "altbaumer.game.equity": ("EquityTable", "shipped_table"),
    "altbaumer.hidden": ("InfoSet", "Rating", "perfect_information_table", "rate_view"),
    "altbaumer.play": ("HeuristicPolicy", "Policy", "RandomPolicy", "SimulationStats", "TableGame", "TableSettings",
                       "make_policy", "play_deal", "play_match", "simulate_matches"),
    "altbaumer.report": ("BoardNotes", "annotate_board", "render_html", "score_tree_svg"),
}

if TYPE_CHECKING:
    from altbaumer.abn import (Board as Board, GameRecord as GameRecord, Node as Node, load_boards as load_boards,
                               read_boards as read_boards, replay as replay, save_boards as save_boards,
                               write_boards as write_boards)
    from altbaumer.dd import Solution as Solution, Solver as Solver, solve as solve, solve_moves as solve_moves
    from altbaumer.game.equity import EquityTable as EquityTable, shipped_table as shipped_table
    from altbaumer.hidden import (InfoSet as InfoSet, Rating as Rating,
                                  perfect_information_table as perfect_information_table, rate_view as rate_view)
    from altbaumer.play import (HeuristicPolicy as HeuristicPolicy, Policy as Policy, RandomPolicy as RandomPolicy,
                                SimulationStats as SimulationStats, TableGame as TableGame,
                                TableSettings as TableSettings, make_policy as make_policy, play_deal as play_deal,
                                play_match as play_match, simulate_matches as simulate_matches)
    from altbaumer.report import (BoardNotes as BoardNotes, annotate_board as annotate_board,
                                  render_html as render_html, score_tree_svg as score_tree_svg)
else:
    __getattr__, __dir__ = loaded_on_use(__name__, _LAZY)

__all__ = [
    "__version__",
    # game
    "BIG_TREE", "CARDS", "FULL_PACK", "LITTLE_TREE", "TREES", "Card", "CardSet", "Rank", "Suit",
    "SEATS", "Seat", "Team", "play_order",
    "Accept", "Action", "DeclareAlone", "Deal", "Discard", "Phase", "Play", "Refuse", "TakeTrees",
    "SeatView", "Trick", "Position",
    "is_trump_card", "legal_cards", "plain_ranking", "trick_winner", "trump_cards", "trump_ranking",
    "DealScore", "makers_points", "score_deal",
    "DealRecord", "Match", "MatchState", "Seating", "draw_for_partners",
    # the other wings, loaded on first use
    *names_of(_LAZY),
    # errors
    "AbnError", "AltbaumerError", "CardParseError", "IllegalAction", "IllegalCutTake", "IllegalDiscard",
    "IllegalLoneDeclaration", "IllegalPlay", "IncompleteBoard", "IncompleteDeal", "InvalidDeal", "InvalidPosition",
    "InvalidScore", "MatchOver", "NotYourTurn", "SeatParseError", "WrongPhase",
]
