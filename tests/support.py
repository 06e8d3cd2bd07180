"""Shared test support: card helpers, seeded generators of random valid positions,
the ```python blocks of a document, and readers of the objects' displays.

Every position is reached the honest way: a random 24-card pack is dealt five
cards a seat (the last four cards are the unused stock), and random legal
cards are played with :meth:`Position.play` from the full hands. The result is
a deterministic function of the ``random.Random`` passed in.
"""

from __future__ import annotations

import io
import json
import pkgutil
import random
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Iterable, Optional, Sequence

from rich.console import Console

import altbaumer
import altbaumer.cli

from altbaumer.game.cards import CARDS, TREES, Card, CardSet, Suit
from altbaumer.game.deal_rules import HAND_SIZE, TRICKS, absent_seat, first_leader
from altbaumer.game.position import Position
from altbaumer.game.rules import ORDINARY_CLUBS
from altbaumer.game.deal import Deal
from altbaumer.game.display import COLOURS, card_colour
from altbaumer.game.seats import SEATS, Seat, cutter_of, forehand_of, play_order
from altbaumer.game.view import SeatView

NON_CLUB_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS)


def cards(text: str) -> list[Card]:
    """``cards("QC 9H")`` → [Q♣, 9♥]."""
    return [Card.parse(w) for w in text.split()]


def cset(text: str) -> CardSet:
    return CardSet.parse(text)


def deal_with_stock(rng: random.Random, stock: Sequence[Card], dealer: Optional[Seat] = None,
                    cut_trees: bool = False) -> Deal:
    """A deal at forehand's trump decision with this ``stock`` and the other
    cards dealt at random (dealer random unless given); with ``cut_trees`` the
    cutter holds any Trees it was dealt as taken at the cut."""
    rest = [c for c in CARDS if c not in stock]
    rng.shuffle(rest)
    hands = {s: CardSet(rest[HAND_SIZE * i : HAND_SIZE * (i + 1)]) for i, s in enumerate(SEATS)}
    dealer = dealer if dealer is not None else rng.choice(SEATS)
    trees = hands[cutter_of(dealer)] & TREES if cut_trees else CardSet()
    return Deal.from_hands(dealer, hands, stock, trees)


def full_deal(rng: random.Random, lone: bool, trump: Optional[Suit] = None) -> Position:
    """The open position at the first lead of a random deal: random dealer,
    trump random (or ``trump``), makers = forehand's side, and if ``lone`` a
    random maker plays alone (the partner's hand is put aside). Forehand
    leads; if forehand sits out, the next active seat does (rules.md)."""
    pack = list(CARDS)
    rng.shuffle(pack)
    dealer = rng.choice(SEATS)
    trump = trump if trump is not None else rng.choice(tuple(Suit))
    forehand = forehand_of(dealer)
    makers = forehand.team
    lone_seat = rng.choice(makers.seats) if lone else None
    absent = absent_seat(lone_seat)
    hands = {seat: pack[HAND_SIZE * i : HAND_SIZE * (i + 1)] for i, seat in enumerate(SEATS)}
    if absent is not None:
        hands[absent] = []
    return Position(hands, trump, first_leader(forehand, lone_seat), (), makers, lone_seat)


def play_randomly(pos: Position, rng: random.Random, tricks_left: int, mid_trick: int = 0) -> Position:
    """Play random legal cards until ``tricks_left`` tricks remain (the current
    one included) and ``mid_trick`` cards lie in the current trick."""
    done_cards = (pos.tricks_left - tricks_left) * len(pos.active_seats) + mid_trick - len(pos.trick)
    if done_cards < 0:
        raise ValueError(f"cannot go back to {tricks_left} tricks left from {pos.tricks_left}")
    for _ in range(done_cards):
        pos = pos.play(rng.choice(pos.legal_moves()))
    assert pos.tricks_left == tricks_left and len(pos.trick) == mid_trick
    return pos


def random_position(
    rng: random.Random,
    tricks_left: int,
    lone: bool,
    mid_trick: int = 0,
    trump: Optional[Suit] = None,
) -> Position:
    """A random valid position with ``tricks_left`` tricks to play (1..5) and
    ``mid_trick`` cards (0..2 lone, 0..3 otherwise) in the current trick."""
    trick_size = 3 if lone else 4
    if not 1 <= tricks_left <= TRICKS or not 0 <= mid_trick < trick_size:
        raise ValueError(f"no position with {tricks_left} tricks left and {mid_trick} cards in a {trick_size}-card trick")
    return play_randomly(full_deal(rng, lone, trump), rng, tricks_left, mid_trick)


def tree_rule_matters(pos: Position) -> bool:
    """The current trick was led with an ordinary club, clubs are not trump,
    and a seat still to play to it holds a Tree."""
    if not pos.trick or pos.trump is Suit.CLUBS or pos.trick[0] not in ORDINARY_CLUBS:
        return False
    order = play_order(pos.leader, skip=pos.absent)
    return any(pos.hands[seat] & TREES for seat in order[len(pos.trick) :])


def club_lead_position(
    rng: random.Random,
    tricks_left: int = 5,
    lone: bool = False,
    mid_trick: Optional[int] = None,
    trump: Optional[Suit] = None,
) -> Position:
    """A random position in which the current trick was led with an ordinary
    club while clubs are not trump, and a follower still to play holds a Tree:
    the Tree's double life as a club matters. ``mid_trick`` (≥ 1, random if
    not given) is the number of cards already in the trick; ``trump`` must not
    be clubs (random among the others if not given).

    Deals are drawn until the leader of the trick with ``tricks_left`` tricks
    to play holds an ordinary club while another active seat holds a Tree;
    then the club is led and the followers play random legal cards, keeping
    at least one Tree-holder still to play."""
    if trump is Suit.CLUBS:
        raise ValueError("the Tree rule needs a trump other than clubs")
    trick_size = 3 if lone else 4
    if mid_trick is not None and not 1 <= mid_trick < trick_size:
        raise ValueError(f"a club lead position has 1..{trick_size - 1} cards in the trick, not {mid_trick}")
    for _ in range(100_000):
        want = mid_trick if mid_trick is not None else rng.randrange(1, trick_size)
        pos = full_deal(rng, lone, trump if trump is not None else rng.choice(NON_CLUB_SUITS))
        pos = play_randomly(pos, rng, tricks_left)
        clubs = [c for c in pos.hands[pos.leader] if c in ORDINARY_CLUBS]
        if not clubs:
            continue
        pos = pos.play(rng.choice(clubs))
        while len(pos.trick) < want and tree_rule_matters(pos):
            keep = [c for c in pos.legal_moves() if tree_rule_matters(pos.play(c))]
            if not keep:
                break
            pos = pos.play(rng.choice(keep))
        if len(pos.trick) == want and tree_rule_matters(pos):
            return pos
    raise RuntimeError("no club-lead position found")  # pragma: no cover


def describe(pos: Position) -> str:
    """A ``Position.build(...)`` expression that recreates ``pos`` (paste it to reproduce)."""
    hands = ", ".join(f'"{seat}": "{pos.hands[seat].ascii()}"' for seat in SEATS)
    trick = " ".join(c.ascii() for c in pos.trick)
    lone = f'"{pos.lone}"' if pos.lone is not None else None
    return (
        f'Position.build({{{hands}}}, trump="{pos.trump.letter}", leader="{pos.leader}", trick="{trick}", '
        f'makers="{pos.makers.name}", lone={lone}, tricks_taken={pos.tricks_taken})'
    )


def _reraise(name: str) -> None:
    # walk_packages calls this inside its `except ImportError`; a package that fails to
    # import must fail the test, not drop its modules from the walk.
    raise


def package_modules() -> list[str]:
    """The name of every module of the package and of its CLI, compiled ones included,
    found by walking them, so that a new module is covered without being listed."""
    names = ["altbaumer", "altbaumer.cli"]
    for package in (altbaumer, altbaumer.cli):
        names += [m.name for m in pkgutil.walk_packages(package.__path__, f"{package.__name__}.", onerror=_reraise)]
    return sorted(set(names))  # an installed wheel nests cli inside altbaumer: walked twice


def certain_lone_march() -> SeatView:
    """Forehand's lone choice with a certain lone march:
    ``altbaumer deal --seed 6``, refuse, discard 9♥; W holds J♣ A♠ K♠ 10♠ A♥."""
    from altbaumer.game.actions import Discard, Refuse

    deal = Deal.from_seed(6)
    deal.apply(Refuse())
    deal.apply(Discard((Card.parse("9H"),)))
    return deal.view(deal.forehand)


# -- documents and displays --------------------------------------------------------------

FENCE = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def python_blocks(text: str) -> list[tuple[int, str]]:
    """(first line, code) of every ```python block of ``text``."""
    return [(text.count("\n", 0, m.start(1)) + 1, m.group(1)) for m in FENCE.finditer(text)]


_VOID = frozenset({"br", "hr", "img", "meta", "input", "link", "wbr", "col", "area", "base", "source"})
_COLOUR = re.compile(r"(?:^|;)color:(#[0-9a-f]{3,6})")


@dataclass
class Fragment:
    """What an HTML fragment holds: the tags opened, in order; each coloured
    span's text with its colour; the ``data-card`` of every whole card (``10♥``)
    and of every rank in a hand's suit lines (``10``), with its colour, if any."""

    tags: list[str] = field(default_factory=list)
    coloured: list[tuple[str, str]] = field(default_factory=list)
    cards: list[tuple[str, Optional[str]]] = field(default_factory=list)
    ranks: list[tuple[str, Optional[str]]] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, dict[str, Optional[str]]]] = []
        self.text: list[list[str]] = []
        self.found = Fragment()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, Optional[str]]]) -> None:
        self.found.tags.append(tag)
        if tag not in _VOID:
            self.open.append((tag, dict(attrs)))
            self.text.append([])

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, Optional[str]]]) -> None:
        self.found.tags.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open, f"</{tag}> closes nothing"
        opened, attrs = self.open.pop()
        assert opened == tag, f"</{tag}> closes <{opened}>"
        text = "".join(self.text.pop())
        if self.text:
            self.text[-1].append(text)
        colour = _COLOUR.search(attrs.get("style") or "")
        shade = colour.group(1) if colour else None
        if shade:
            self.found.coloured.append((text, shade))
        card = attrs.get("data-card")
        if card:
            (self.found.cards if text == str(Card.parse(card)) else self.found.ranks).append((card, shade))

    def handle_data(self, data: str) -> None:
        if self.text:
            self.text[-1].append(data)


def read_html(fragment: object) -> Fragment:
    """``fragment``, a ``_repr_html_``, read with html.parser: a string, well formed
    (every tag closed, in order), self-contained (no script, nothing loaded), and
    every card, suit symbol and hand's rank in its colour: hearts and diamonds red,
    clubs and spades black, the Trees green."""
    assert isinstance(fragment, str)
    lowered = fragment.lower()
    for banned in ("<script", "<link", "<iframe", "src=", "href=", "url(", "@import", "javascript:"):
        assert banned not in lowered, banned
    reader = _Reader()
    reader.feed(fragment)
    reader.close()
    assert not reader.open, f"never closed: {[tag for tag, _ in reader.open]}"
    found = reader.found
    for card, shade in found.cards:
        assert shade == COLOURS[card_colour(Card.parse(card))], (card, shade)
    for card, shade in found.ranks:
        assert shade == (COLOURS["tree"] if Card.parse(card).is_tree else None), (card, shade)
    for text, shade in found.coloured:
        if text in "♣♠♥♦" and text:
            assert shade == COLOURS["red" if text in "♥♦" else "black"], (text, shade)
    return found


def html_cards(fragment: object) -> set[str]:
    """Every card a fragment shows, whole or as a rank in a hand (``QC``, ``TH``)."""
    found = read_html(fragment)
    return {card for card, _ in found.cards + found.ranks}


def rich_text(obj: object, width: int = 80) -> str:
    """``obj`` rendered by rich as a terminal ``width`` columns wide shows it, as plain text."""
    console = Console(record=True, width=width, file=io.StringIO(), color_system="truecolor")
    console.print(obj)
    return console.export_text()


def suit_lines(hand: Iterable[Card]) -> list[str]:
    """A hand's four suit lines as the diagrams write them: ``♥ A Q``, ``♦ —``."""
    held = CardSet(hand)
    return [f"{suit.symbol} " + (" ".join(c.rank.label for c in held if c.suit is suit) or "—") for suit in Suit]


# -- the red suits exchanged ---------------------------------------------------------------

_RED = {Suit.HEARTS: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}


def mirrored(card: Card) -> Card:
    """The card with hearts and diamonds exchanged (Q♥ → Q♦, the Trees stay)."""
    return Card.from_index(int(_RED.get(card.suit, card.suit)) * 6 + int(card.rank))


def mirror_cards(cards_: CardSet) -> CardSet:
    return CardSet(mirrored(c) for c in cards_)


def mirror_option(option: str) -> str:
    """A rating's option name with the red suits exchanged (cards by their ASCII names)."""
    try:
        return CardSet(mirrored(c) for c in CardSet.parse(option)).ascii()
    except ValueError:
        return option  # accept, refuse, together, alone


def mirror_view(view: SeatView) -> SeatView:
    """``view`` in the deal with hearts and diamonds exchanged everywhere: the
    hands, the stock and the cut, the tricks, the trump and the legal actions.
    Nothing in the rules tells the two red suits apart, so every figure of
    the mirrored view is the original's with the suits exchanged."""
    from dataclasses import replace

    from altbaumer.game.actions import Discard, Play
    from altbaumer.game.view import Trick

    def action(a: object) -> object:
        if isinstance(a, Play):
            return Play(mirrored(a.card))
        if isinstance(a, Discard):
            return Discard(tuple(sorted((mirrored(c) for c in a.cards if c is not None), key=place.get)))
        return a

    place = {c: i for i, c in enumerate(mirror_cards(view.hand))}  # a deal lists its actions in hand order

    def listed(a: object) -> tuple[int, ...]:
        if isinstance(a, Play):
            return (place[a.card],)
        return tuple(place[c] for c in a.cards if c is not None) if isinstance(a, Discard) else ()

    def optional(c: Optional[CardSet]) -> Optional[CardSet]:
        return None if c is None else mirror_cards(c)

    return replace(
        view, hand=mirror_cards(view.hand), cut_offer=tuple(mirrored(c) for c in view.cut_offer),
        cut_trees=mirror_cards(view.cut_trees), cut_seen=mirror_cards(view.cut_seen),
        turned=None if view.turned is None else mirrored(view.turned), exposed=mirror_cards(view.exposed),
        taken=mirror_cards(view.taken), trump=None if view.trump is None else _RED.get(view.trump, view.trump),
        discards=optional(view.discards),
        tricks=tuple(Trick(t.leader, tuple(mirrored(c) for c in t.cards), t.winner) for t in view.tricks),
        trick_cards=tuple(mirrored(c) for c in view.trick_cards),
        legal=tuple(sorted((action(a) for a in view.legal), key=listed)))


def rated_board(run, *args: str) -> dict:
    """The first board of ``altbaumer ARGS --json`` (``run`` the CLI fixture), which must succeed."""
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["boards"][0]
