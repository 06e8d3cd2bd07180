"""What the table's answers say to the person: the one exit point of the
table's API (docs/play.md).

Every answer about a match at the table is built here, by :func:`seat_state`,
from the person's :class:`~altbaumer.game.view.SeatView` (their hand, the
public cards, their own discard) and the match's public facts (names,
score, card counts). The deal's hidden cards (the other hands, the unturned
stock, forehand's discard when the person is not forehand) enter only once
the deal is over, when every hand is shown; no other function of the app
reads them, so no hidden card can leave the server by another path.

>>> from altbaumer.play.table import TableGame, TableSettings
>>> game = TableGame(TableSettings(level=1, tutor="off", seed=3))
>>> state = seat_state(game)
>>> state["seat"], len(state["hand"]), state["hands"] is None
('S', 5, True)
>>> game.close()
"""

from __future__ import annotations

from typing import Any, Optional

from altbaumer.game.actions import Phase
from altbaumer.game.cards import CardSet
from altbaumer.game.deal_rules import HAND_SIZE, absent_seat
from altbaumer.game.match_state import MatchState
from altbaumer.game.rules import trump_suit_of_turned
from altbaumer.game.seats import SEATS, Seat, Team, play_order
from altbaumer.game.view import SeatView
from altbaumer.game.words import card_words, seat_words, suit_words
from altbaumer.hidden.verdicts import MARK_NAMES
from altbaumer.play.table import PERSON, TableGame
from altbaumer.report.score_tree import score_tree_svg

__all__ = ["seat_state", "played_cards"]


def seat_state(game: TableGame, extra: Optional[dict[str, Any]] = None) -> dict[str, Any]:
    """The match as the person may know it now (the JSON of ``GET /api/play/ID``)."""
    with game.lock:
        table = game.table
        view = table.deal.view(game.seat)
        done = table.deal.phase is Phase.DONE
        played = played_cards(view)
        state = {
            "game": None, "seat": str(game.seat), "level": game.settings.level, "tutor": game.settings.tutor,
            "names": {str(s): n for s, n in game.names.items()},
            "teams": {str(t): _team_names(game, t) for t in Team},
            "deal": table.deal_number, "round": _round(table.before), "decider": table.before.decider,
            "dealer": str(view.dealer), "forehand": str(view.forehand), "cutter": str(view.cutter),
            "phase": "over" if table.over else view.phase, "to_act": None if done else _seat(view.to_act),
            "your_turn": table.person_to_act, "prompt": _prompt(game, view),
            "hand": _cards(view.hand), "legal": game.legal_texts(), "choices": game.choices(),
            "counts": _counts(view, played), "cut": _cut(view), "stock": _stock(view),
            "trump": None if view.trump is None else view.trump.letter, "makers": str(view.forehand.team),
            "lone": _seat(view.lone), "lone_passed": [str(s) for s in view.lone_passed],
            "discard": None if view.discards is None else _cards(view.discards),
            "trick": _trick(view), "last_trick": _last_trick(view), "tricks_won": _tricks_won(view),
            "played": played, "events": _events(game, view),
            "score": _score(game, table.match.state), "over": table.over,
            "winner": None if table.match.winner is None else str(table.match.winner),
            "draw": {"nines": {str(s): c.ascii() for s, c in table.nines.items()}, "words": _draw_words(game)},
            "can_undo": game.can_undo,
            "hands": None, "summary": None, "review": None, "drills": None,
        }
        if done:
            state.update(_deal_end(game))
        return {**state, **(extra or {})}


def played_cards(view: SeatView) -> list[dict[str, str]]:
    """The deal's cards so far in order, each with the seat that played it,
    and the card that closes a trick with the trick's ``winner``."""
    skip = absent_seat(view.lone)
    cards = []
    for trick in view.tricks:
        cards += [{"seat": str(s), "card": c.ascii()} for s, c in zip(play_order(trick.leader, skip), trick.cards)]
        cards[-1]["winner"] = str(trick.winner)  # the card that closes a trick names who won it
    if view.trick_leader is not None:
        cards += [{"seat": str(s), "card": c.ascii()}
                  for s, c in zip(play_order(view.trick_leader, skip), view.trick_cards)]
    return cards


def _cards(cards: CardSet) -> list[str]:
    return [c.ascii() for c in sorted(cards, key=lambda c: c.index)]


def _seat(seat: Optional[Seat]) -> Optional[str]:
    return None if seat is None else str(seat)


def _round(before: MatchState) -> int:
    return sum(before.rounds) + 1


def _counts(view: SeatView, cards: list[dict[str, str]]) -> dict[str, int]:
    """Cards in each hand: five less those played (none for a lone player's partner, who sits out)."""
    played = {str(s): 0 for s in SEATS}
    for entry in cards:
        played[entry["seat"]] += 1
    out = absent_seat(view.lone)
    return {str(s): 0 if s is out else HAND_SIZE - played[str(s)] for s in SEATS}


def _cut(view: SeatView) -> dict[str, Any]:
    return {"cutter": str(view.cutter), "offer": [c.ascii() for c in view.cut_offer], "taken": _cards(view.cut_trees),
            "seen": _cards(view.cut_seen)}


def _stock(view: SeatView) -> dict[str, Any]:
    """The stock cards turned face up: the one on offer while forehand decides, then those exposed and taken."""
    turned = CardSet(([view.turned] if view.turned is not None else [])) | view.exposed | view.taken
    return {"turned": _cards(turned), "offered": None if view.turned is None else view.turned.ascii(),
            "taken": _cards(view.taken), "exposed": _cards(view.exposed), "accepted": view.accepted,
            "compulsory": len(view.taken) == 4}


def _trick(view: SeatView) -> Optional[dict[str, Any]]:
    if view.trick_leader is None:
        return None
    order = play_order(view.trick_leader, absent_seat(view.lone))
    return {"leader": str(view.trick_leader),
            "cards": [{"seat": str(s), "card": c.ascii()} for s, c in zip(order, view.trick_cards)]}


def _last_trick(view: SeatView) -> Optional[dict[str, Any]]:
    if not view.tricks:
        return None
    trick = view.tricks[-1]
    order = play_order(trick.leader, absent_seat(view.lone))
    return {"leader": str(trick.leader), "winner": str(trick.winner),
            "cards": [{"seat": str(s), "card": c.ascii()} for s, c in zip(order, trick.cards)]}


def _tricks_won(view: SeatView) -> dict[str, int]:
    return {str(t): view.tricks_won[t] for t in Team}


def _who(game: TableGame, seat: Seat) -> str:
    return "You" if seat is game.seat else f"{seat_words(seat)} ({game.names[seat]})"


def _prompt(game: TableGame, view: SeatView) -> str:
    """The decision in plain words, or who is to act."""
    table = game.table
    if table.over:
        return f"The match is over: {_team_names(game, table.match.winner)} win it." \
            if table.match.winner is not None else "The match is over."
    if view.phase == Phase.DONE.value:
        return "The deal is over. Next deal?"
    if not table.person_to_act:
        return f"{_who(game, view.to_act)} to play." if view.to_act is not None else ""
    if view.phase == Phase.CUT.value:
        return "A Tree showed at the cut: take it?" if len(view.cut_offer) == 1 else \
            "Both Trees showed at the cut: take them?"
    if view.phase == Phase.TRUMP.value:
        assert view.turned is not None
        return f"Accept {suit_words(trump_suit_of_turned(view.turned))} as trump?"
    if view.phase == Phase.DISCARD.value:
        count = len(next(iter(view.legal)).cards) if view.legal else 1
        return "Discard one card." if count == 1 else f"Discard {count} cards."
    if view.phase == Phase.LONE.value:
        return "Play alone?"
    return "Your lead." if not view.trick_cards else "Your card."


def _events(game: TableGame, view: SeatView) -> list[str]:
    """The deal so far in words, from what the person saw."""
    said = []
    if view.cut_trees:
        said.append(f"{_who(game, view.cutter)} took {' and '.join(card_words(c) for c in view.cut_trees)} "
                    "at the cut.")
    if view.accepted is not None and view.trump is not None:
        verb = "accepted" if view.accepted else "refused"
        said.append(f"{_who(game, view.forehand)} {verb}; {suit_words(view.trump)} is trump.")
    said += [f"{_who(game, s)} will not play alone." for s in view.lone_passed]
    if view.lone is not None:
        said.append(f"{_who(game, view.lone)} plays alone.")
    for number, trick in enumerate(view.tricks, 1):
        said.append(f"{_who(game, trick.winner)} won trick {number}.")
    return said


def _draw_words(game: TableGame) -> str:
    """The draw for partners and the first deal: red nines against black, the nine of clubs deals."""
    table = game.table
    partner, dealer = game.seat.partner, table.first_dealer
    said = (f"You drew {card_words(table.nines[game.seat])} and play with {_who(game, partner)}, who drew "
            f"{card_words(table.nines[partner])}")
    if dealer is game.seat:
        return said + ". You deal first."
    if dealer is partner:
        return said + " and deals first."
    return said + f". {_who(game, dealer)} drew the nine of clubs and deals first."


def _team_names(game: TableGame, team: Team) -> str:
    """``You and level-5``: the person first."""
    seats = sorted(team.seats, key=lambda seat: seat is not game.seat)
    return " and ".join(game.names[seat] for seat in seats)


def _score(game: TableGame, state: MatchState) -> dict[str, Any]:
    names = (_team_names(game, Team.NS), _team_names(game, Team.EW))
    return {"points": list(state.points), "rounds": list(state.rounds), "text": str(state),
            "words": state.describe(), "tree": score_tree_svg(state, names)}


def _deal_end(game: TableGame) -> dict[str, Any]:
    """Every hand as dealt, and the deal's summary in words: shown once the deal is over."""
    deal, record = game.table.deal, game.table.record
    assert record is not None
    hands = {str(s): _cards(h) for s, h in deal.dealt.items() if h is not None}
    stock = [c.ascii() for c in deal.stock if c is not None]
    discards = None if deal.discards is None else _cards(deal.discards)
    makers = record.score.makers
    taken = record.score.makers_tricks
    words = (f"{_team_names(game, makers)} made trump in "
             f"{suit_words(deal.trump) if deal.trump is not None else '?'}"
             f"{' with ' + seat_words(deal.lone) + ' alone' if deal.lone is not None else ''} and took "
             f"{taken} trick{'s' if taken != 1 else ''}: "
             + ", ".join(f"{team} {points:+d}" for team, points in ((str(t), record.score.points[t]) for t in Team))
             + f". The score is now {game.table.match.state}.")
    if record.round_winner is not None:
        words += f" {_team_names(game, record.round_winner)} won the round."
    costly = [{"action": j.verdict.chosen, "mark": j.verdict.mark, "mark_name": MARK_NAMES.get(j.verdict.mark, ""),
               "loss": round(j.verdict.loss, 4), "words": j.verdict.words}
              for j in sorted(game.deal_verdicts(game.table.deal_number), key=lambda j: -j.verdict.loss)
              if j.verdict.mark][:3]
    summary = {"words": words, "tricks": {str(makers): taken, str(makers.other): 5 - taken},
               "points": {str(t): record.score.points[t] for t in Team}, "costly": costly,
               "players": {str(s): (PERSON if s is game.seat else game.names[s]) for s in SEATS}}
    return {"hands": hands, "stock_cards": stock, "discards": discards, "summary": summary}
