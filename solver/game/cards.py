"""Cards of the 24-card Altbaumer pack, and sets of them as 24-bit masks.

A card's index is ``suit * 6 + rank`` with suits in display order (clubs,
spades, hearts, diamonds) and ranks by face (nine lowest, ace highest), so a
hand fits in one machine word: bit ``i`` is the card with index ``i``. The
game's rankings (which depend on trump) live in :mod:`altbaumer.game.rules`.

>>> Card.parse("QC")
Card.parse('QC')
>>> str(Card.parse("10h")), Card.parse("T♥").ascii()
('10♥', 'TH')
>>> hand = CardSet.parse("QC JC AS TH 9D")
>>> len(hand), Card.parse("AS") in hand
(5, True)
>>> hand.ascii()
'QC JC AS TH 9D'
"""

from __future__ import annotations

from enum import IntEnum
from functools import lru_cache
from typing import Callable, Iterable, Iterator, Union

# Raised here, defined with the other user errors; importable from here as before.
from altbaumer.errors import CardParseError
from altbaumer.lang import _

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "CardSet",
    "CardParseError",
    "CARDS",
    "FULL_PACK",
    "BIG_TREE",
    "LITTLE_TREE",
    "TREES",
]


class Suit(IntEnum):
    """The four suits, in display order (Kreuz, Pik, Herz, Karo)."""

    def __bool__(self) -> bool:
        # A member whose value is 0 must not read as "no value" in `if x:`.
        return True

    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        return "CSHD"[self]

    @property
    def symbol(self) -> str:
        return "♣♠♥♦"[self]

    @property
    def german(self) -> str:
        return ("Kreuz", "Pik", "Herz", "Karo")[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def parse(cls, text: str) -> "Suit":
        """Parse ``C``/``clubs``/``♣`` (any case) and the other suits alike.

        >>> Suit.parse("h"), Suit.parse("♠"), Suit.parse("Diamonds")
        (<Suit.HEARTS: 2>, <Suit.SPADES: 1>, <Suit.DIAMONDS: 3>)
        """
        key = text.strip()
        found = _SUIT_NAMES.get(key) or _SUIT_NAMES.get(key.upper())
        if found is None:
            raise CardParseError(_("unknown suit {text} (use C, S, H or D)").format(text=repr(text)))
        return found

    def __str__(self) -> str:
        return self.symbol


_SUIT_NAMES = {}
for _suit in Suit:
    for _name in (_suit.letter, _suit.symbol, _suit.name, _suit.german.upper()):
        _SUIT_NAMES[_name] = _suit
# The white-outline symbols are common in pasted text.
_SUIT_NAMES.update({"♧": Suit.CLUBS, "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS})


class Rank(IntEnum):
    """Face values, nine lowest. Game rankings differ; see :mod:`altbaumer.game.rules`."""

    def __bool__(self) -> bool:
        # A member whose value is 0 must not read as "no value" in `if x:`.
        return True

    NINE = 0
    TEN = 1
    JACK = 2
    QUEEN = 3
    KING = 4
    ACE = 5

    @property
    def letter(self) -> str:
        """The one-character form used in files: ``T`` for the ten."""
        return "9TJQKA"[self]

    @property
    def label(self) -> str:
        """The printed form: ``10`` for the ten."""
        return "10" if self is Rank.TEN else self.letter

    @classmethod
    def parse(cls, text: str) -> "Rank":
        found = _RANK_NAMES.get(text.strip().upper())
        if found is None:
            raise CardParseError(_("unknown rank {text} (use A K Q J T/10 9)").format(text=repr(text)))
        return found


_RANK_NAMES = {r.letter: r for r in Rank}
_RANK_NAMES["10"] = Rank.TEN


class Card:
    """One card; instances are canonical, so ``is`` and ``==`` agree.

    >>> Card(Suit.CLUBS, Rank.QUEEN) is Card.parse("Q♣")
    True
    >>> Card.parse("JC").index, Card.parse("JC").mask
    (2, 4)
    """

    __slots__ = ("suit", "rank", "index", "mask")
    suit: Suit
    rank: Rank
    index: int
    mask: int

    def __new__(cls, suit: Suit, rank: Rank) -> "Card":
        return CARDS[int(suit) * 6 + int(rank)]

    @classmethod
    def _make(cls, index: int) -> "Card":
        card = object.__new__(cls)
        object.__setattr__(card, "suit", Suit(index // 6))
        object.__setattr__(card, "rank", Rank(index % 6))
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "mask", 1 << index)
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Callable[[int], "Card"], tuple[int]]:
        return (Card.from_index, (self.index,))

    def __deepcopy__(self, memo: dict[int, object]) -> "Card":
        # Canonical and immutable: a deep copy of a state (a tree search's clone) shares it.
        return self

    @staticmethod
    def from_index(index: int) -> "Card":
        """The card with bit ``index`` (0..23)."""
        if not 0 <= index < 24:
            raise ValueError(f"card index {index} is outside 0..23")
        return CARDS[index]

    @staticmethod
    def parse(text: str) -> "Card":
        """Parse ``QC``, ``Q♣``, ``qc``, ``10C``, ``TC`` and the like."""
        if not isinstance(text, str):
            raise TypeError(f"Card.parse: text must be a str such as 'QC', not {type(text).__name__}")
        raw = text.strip()
        if len(raw) < 2:
            raise CardParseError(_("malformed card {text}").format(text=repr(text)))
        try:
            return Card(Suit.parse(raw[-1]), Rank.parse(raw[:-1]))
        except CardParseError:
            raise CardParseError(_("malformed card {text} (write it like QC, 10H, T♥)").format(text=repr(text))) from None

    @property
    def is_tree(self) -> bool:
        """The Big Tree (Q♣) or the Little Tree (J♣)."""
        return self.index in (_BIG_TREE_INDEX, _LITTLE_TREE_INDEX)

    def ascii(self) -> str:
        """The file form: ``TH``, ``QC``."""
        return self.rank.letter + self.suit.letter

    def __str__(self) -> str:
        return self.rank.label + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({self.ascii()!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: "Card") -> bool:
        return self.index < other.index


_BIG_TREE_INDEX = int(Suit.CLUBS) * 6 + int(Rank.QUEEN)
_LITTLE_TREE_INDEX = int(Suit.CLUBS) * 6 + int(Rank.JACK)
CARDS: tuple[Card, ...] = tuple(Card._make(i) for i in range(24))
BIG_TREE = CARDS[_BIG_TREE_INDEX]
LITTLE_TREE = CARDS[_LITTLE_TREE_INDEX]

# Display order inside a suit: ace first, nine last.
_DISPLAY_ORDER = tuple(s * 6 + r for s in range(4) for r in reversed(range(6)))

CardLike = Union["CardSet", Card, Iterable[Card], int]


class CardSet:
    """An immutable set of cards backed by a 24-bit mask (like a bitboard).

    Iteration is in display order: clubs, spades, hearts, diamonds, each from
    the ace down.

    >>> a = CardSet.parse("QC 9C AH")
    >>> b = CardSet.parse("9C")
    >>> (a - b).ascii(), bool(a & b), CardSet.parse("KD KS").ascii()
    ('QC AH', True, 'KS KD')
    """

    __slots__ = ("mask",)
    mask: int

    def __init__(self, cards: CardLike = 0) -> None:
        object.__setattr__(self, "mask", _to_mask(cards))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("CardSet is immutable")

    def __reduce__(self) -> tuple[type["CardSet"], tuple[int]]:
        return (CardSet, (self.mask,))

    def __deepcopy__(self, memo: dict[int, object]) -> "CardSet":
        # Immutable: a deep copy may share it.
        return self

    @classmethod
    def parse(cls, text: str) -> "CardSet":
        """Parse cards separated by spaces or commas; a card twice is an error."""
        mask = 0
        for word in text.replace(",", " ").split():
            card = Card.parse(word)
            if mask & card.mask:
                raise CardParseError(_("card {card} is listed twice").format(card=card.ascii()))
            mask |= card.mask
        return cls(mask)

    @classmethod
    def _of(cls, mask: int) -> "CardSet":
        """The set of a mask known to be one (the result of set operations): no checks, no conversion."""
        made = object.__new__(cls)
        object.__setattr__(made, "mask", mask)
        return made

    def __iter__(self) -> Iterator[Card]:
        return iter(_in_display_order(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return self.mask != 0

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.mask)

    def __or__(self, other: CardLike) -> "CardSet":
        return CardSet._of(self.mask | _to_mask(other))

    def __and__(self, other: CardLike) -> "CardSet":
        return CardSet._of(self.mask & _to_mask(other))

    def __sub__(self, other: CardLike) -> "CardSet":
        return CardSet._of(self.mask & ~_to_mask(other))

    __ror__ = __or__
    __rand__ = __and__

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(("CardSet", self.mask))

    def cards(self) -> list[Card]:
        """The cards in display order."""
        return list(self)

    def ascii(self) -> str:
        return " ".join(c.ascii() for c in self)

    def __str__(self) -> str:
        return " ".join(str(c) for c in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({self.ascii()!r})"

    def _repr_html_(self) -> str:
        """The cards as an HTML fragment, which a notebook shows: in display
        order, hearts and diamonds red, the Trees green; ``—`` for none.

        >>> "10♥" in CardSet.parse("TH QC")._repr_html_(), "—" in CardSet()._repr_html_()
        (True, True)
        """
        from altbaumer.game import display  # late: the display module draws cards, so it imports this one

        return display.html(display.Para((display.Cards(tuple(self)),)))

    def __rich__(self) -> str:
        """The cards as rich console markup, for ``rich.print``.

        >>> CardSet.parse("TH QC").__rich__(), CardSet().__rich__()
        ('[bold green]Q♣[/] [bold red]10♥[/]', '[dim]—[/]')
        """
        from altbaumer.game import display  # late: the display module draws cards, so it imports this one

        return display.cards_markup(self)


@lru_cache(maxsize=1 << 16)
def _in_display_order(mask: int) -> tuple[Card, ...]:
    # Sets are iterated far more often than made: hands and tricks repeat across worlds and views.
    return tuple(CARDS[i] for i in _DISPLAY_ORDER if mask >> i & 1)


def _to_mask(cards: CardLike) -> int:
    # The common cases first: another set, then a card.
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, Card):
        return cards.mask
    if isinstance(cards, int):
        if cards < 0 or cards >> 24:
            raise ValueError(f"card mask {cards:#x} has bits outside the 24-card pack")
        return cards
    mask = 0
    for card in cards:
        mask |= card.mask
    return mask


FULL_PACK = CardSet((1 << 24) - 1)
TREES = CardSet(BIG_TREE.mask | LITTLE_TREE.mask)


def suit_cards(suit: Suit) -> CardSet:
    """All six cards of ``suit`` by face (for clubs this includes the Trees)."""
    return CardSet(0b111111 << (int(suit) * 6))
