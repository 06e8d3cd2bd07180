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
from altbaumer.hidden.verdicts import MARK_NAMES
from altbaumer.lang import _, ngettext
from altbaumer.play.table import PERSON, TableGame, said_card, said_seat, said_suit, said_together
from altbaumer.report.score_tree import score_text, score_tree_svg

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
    """Another seat by its word and its player's name: ``North (level-3)``."""
    return _("{seat} ({name})").format(seat=said_seat(seat), name=game.names[seat])


def _mine(game: TableGame, seat: Seat, mine: str, theirs: str, **values: str) -> str:
    """The person's sentence ``mine`` or another seat's ``theirs`` (with ``{who}``), filled with ``values``."""
    if seat is game.seat:
        return mine.format(**values)
    return theirs.format(who=_who(game, seat), **values)


def _prompt(game: TableGame, view: SeatView) -> str:
    """The decision in plain words, or who is to act."""
    table = game.table
    if table.over:
        return _("The match is over: {team} win it.").format(team=_team_names(game, table.match.winner)) \
            if table.match.winner is not None else _("The match is over.")
    if view.phase == Phase.DONE.value:
        return _("The deal is over. Next deal?")
    if not table.person_to_act:
        return _mine(game, view.to_act, _("You to play."), _("{who} to play.")) if view.to_act is not None else ""
    if view.phase == Phase.CUT.value:
        return _("A Tree showed at the cut: take it?") if len(view.cut_offer) == 1 else \
            _("Both Trees showed at the cut: take them?")
    if view.phase == Phase.TRUMP.value:
        assert view.turned is not None
        return _("Accept {suit} as trump?").format(suit=said_suit(trump_suit_of_turned(view.turned)))
    if view.phase == Phase.DISCARD.value:
        count = len(next(iter(view.legal)).cards) if view.legal else 1
        return _("Discard one card.") if count == 1 else \
            ngettext("Discard {n} card.", "Discard {n} cards.", count).format(n=count)
    if view.phase == Phase.LONE.value:
        return _("Play alone?")
    return _("Your lead.") if not view.trick_cards else _("Your card.")


def _events(game: TableGame, view: SeatView) -> list[str]:
    """The deal so far in words, from what the person saw."""
    said = []
    if view.cut_trees:
        trees = said_together([said_card(c) for c in view.cut_trees])
        said.append(_mine(game, view.cutter, _("You took {cards} at the cut."), _("{who} took {cards} at the cut."),
                          cards=trees))
    if view.accepted is not None and view.trump is not None:
        suit = said_suit(view.trump)
        said.append(_mine(game, view.forehand, _("You accepted; {suit} is trump."), _("{who} accepted; {suit} is trump."),
                          suit=suit) if view.accepted else
                    _mine(game, view.forehand, _("You refused; {suit} is trump."), _("{who} refused; {suit} is trump."),
                          suit=suit))
    said += [_mine(game, s, _("You will not play alone."), _("{who} will not play alone.")) for s in view.lone_passed]
    if view.lone is not None:
        said.append(_mine(game, view.lone, _("You play alone."), _("{who} plays alone.")))
    for number, trick in enumerate(view.tricks, 1):
        said.append(_mine(game, trick.winner, _("You won trick {n}."), _("{who} won trick {n}."), n=str(number)))
    return said


def _draw_words(game: TableGame) -> str:
    """The draw for partners and the first deal: red nines against black, the nine of clubs deals."""
    table = game.table
    partner, dealer = game.seat.partner, table.first_dealer
    values = {"mine": said_card(table.nines[game.seat]), "partner": _who(game, partner),
              "theirs": said_card(table.nines[partner])}
    if dealer is game.seat:
        return _("You drew {mine} and play with {partner}, who drew {theirs}. You deal first.").format(**values)
    if dealer is partner:
        return _("You drew {mine} and play with {partner}, who drew {theirs} and deals first.").format(**values)
    return _("You drew {mine} and play with {partner}, who drew {theirs}. {dealer} drew the nine of clubs and deals "
             "first.").format(dealer=_who(game, dealer), **values)


def _team_names(game: TableGame, team: Team) -> str:
    """``You and level-5``: the person first."""
    first, second = sorted(team.seats, key=lambda seat: seat is not game.seat)
    if first is game.seat:
        return _("You and {partner}").format(partner=game.names[second])
    return _("{first} and {second}").format(first=game.names[first], second=game.names[second])


def _score(game: TableGame, state: MatchState) -> dict[str, Any]:
    names = (_team_names(game, Team.NS), _team_names(game, Team.EW))
    return {"points": list(state.points), "rounds": list(state.rounds), "text": score_text(state),
            "words": _score_words(state), "tree": score_tree_svg(state, names)}


def _score_words(state: MatchState) -> str:
    """The score in words, as :meth:`MatchState.describe` says it in English: ``3:-1, rounds 1:0, N-S make trump``."""
    points, rounds = f"{state.points[0]}:{state.points[1]}", f"{state.rounds[0]}:{state.rounds[1]}"
    if state.winner is not None:
        return _("match won by {team}").format(team=str(state.winner))
    if state.decider:
        return _("the decider (rounds {rounds}), {team} make trump").format(rounds=rounds, team=str(state.makers))
    return _("{points}, rounds {rounds}, {team} make trump").format(points=points, rounds=rounds, team=str(state.makers))


def _deal_end(game: TableGame) -> dict[str, Any]:
    """Every hand as dealt, and the deal's summary in words: shown once the deal is over."""
    deal, record = game.table.deal, game.table.record
    assert record is not None
    hands = {str(s): _cards(h) for s, h in deal.dealt.items() if h is not None}
    stock = [c.ascii() for c in deal.stock if c is not None]
    discards = None if deal.discards is None else _cards(deal.discards)
    makers = record.score.makers
    taken = record.score.makers_tricks
    values = {"team": _team_names(game, makers), "suit": said_suit(deal.trump) if deal.trump is not None else "?",
              "n": str(taken), "score": score_text(game.table.match.state),
              "points": ", ".join(f"{team} {points:+d}" for team, points in
                                  ((str(t), record.score.points[t]) for t in Team))}
    if deal.lone is None:
        words = ngettext("{team} made trump in {suit} and took {n} trick: {points}. The score is now {score}.",
                         "{team} made trump in {suit} and took {n} tricks: {points}. The score is now {score}.",
                         taken).format(**values)
    else:
        words = ngettext("{team} made trump in {suit} with {seat} alone and took {n} trick: {points}. The score is now "
                         "{score}.",
                         "{team} made trump in {suit} with {seat} alone and took {n} tricks: {points}. The score is "
                         "now {score}.", taken).format(seat=said_seat(deal.lone), **values)
    if record.round_winner is not None:
        words += " " + _("{team} won the round.").format(team=_team_names(game, record.round_winner))
    costly = [{"action": j.verdict.chosen, "mark": j.verdict.mark, "mark_name": MARK_NAMES.get(j.verdict.mark, ""),
               "loss": round(j.verdict.loss, 4), "words": j.verdict.words}
              for j in sorted(game.deal_verdicts(game.table.deal_number), key=lambda j: -j.verdict.loss)
              if j.verdict.mark][:3]
    summary = {"words": words, "tricks": {str(makers): taken, str(makers.other): 5 - taken},
               "points": {str(t): record.score.points[t] for t in Team}, "costly": costly,
               "players": {str(s): (PERSON if s is game.seat else game.names[s]) for s in SEATS}}
    return {"hands": hands, "stock_cards": stock, "discards": discards, "summary": summary}
