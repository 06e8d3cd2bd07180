"""Compiled card-play rules on bitmasks: legal cards and trick winners.

These functions repeat :mod:`altbaumer.game.rules` (the specification, written to
be read) on 24-bit masks and card indices, because a double-dummy search asks
them millions of times. They must never disagree with it:
``tests/game/test_kernels.py`` compares the two exhaustively.

Cards are indices ``suit * 6 + rank`` (``Card.index``), hands are masks
(``CardSet.mask``), suits are ``0..3`` (``int(Suit)``). ``led = -1`` means
nothing has been led yet. The ``*s`` forms work on numpy arrays (broadcast
against each other) and release the GIL while they loop.

>>> from altbaumer.game.cards import CardSet, Card, Suit
>>> hand = CardSet.parse("TC JC 9S").mask
>>> CardSet(legal_mask(hand, Card.parse("9C").index, Suit.HEARTS)).ascii()
'JC TC'
>>> trick_winner([Card.parse(c).index for c in "9C AC JC AH".split()], Suit.HEARTS)
2
"""

import numpy as np

from libc.stdint cimport int8_t, uint32_t

from cardmask cimport (
    FULL_PACK,
    N_CARDS,
    NO_CARD,
    best_card as _best_card,
    beating_mask as _beating_mask,
    card_power as _card_power,
    legal_mask as _legal_mask,
    lowest_card as _lowest_card,
    mask_t,
    popcount as _popcount,
    ranked_legal as _ranked_legal,
    ranked_pos as _ranked_pos,
    ranked_winner_pos as _ranked_winner_pos,
    to_ranked as _to_ranked,
    trick_winner as _trick_winner,
    trump_mask as _trump_mask,
)

__all__ = [
    "legal_mask",
    "trick_winner",
    "card_power",
    "trump_mask",
    "best_card",
    "beating_mask",
    "popcount",
    "lowest_card",
    "legal_masks",
    "ranked_pos",
    "to_ranked",
    "ranked_legal",
    "ranked_winner_pos",
    "trick_winners",
]


# Arguments are checked here, once, so that the nogil kernels can trust them:
# an out-of-range card would silently shift bits off the pack.

cdef inline int _check_card(long card, bint allow_none=False) except -2:
    if not (0 <= card < N_CARDS or (allow_none and card == NO_CARD)):
        raise ValueError(f"card index {card} is outside 0..23")
    return <int> card


cdef inline int _check_suit(long suit, str what) except -1:
    if not 0 <= suit < 4:
        raise ValueError(f"{what} {suit} is not a suit (0..3)")
    return <int> suit


cdef inline mask_t _check_mask(long long mask) except? 0:
    if mask < 0 or mask > FULL_PACK:
        raise ValueError(f"card mask {mask:#x} has bits outside the 24-card pack")
    return <mask_t> mask


def legal_mask(long long hand, long led, long trump):
    """The mask of cards of ``hand`` that may be played after ``led`` was led
    (``led = -1``: hand leads, all are legal); ``rules.legal_cards``."""
    return _legal_mask(_check_mask(hand), _check_card(led, True), _check_suit(trump, "trump"))


def trick_winner(cards, long trump):
    """Position of the winning card in ``cards`` (1 to 4 indices, leader
    first); ``rules.trick_winner``."""
    cdef int buf[4]
    cdef Py_ssize_t n = len(cards), i
    if not 1 <= n <= 4:
        raise ValueError(f"a trick has 1 to 4 cards, not {n}")
    for i in range(n):
        buf[i] = _check_card(cards[i])
    return _trick_winner(buf, <int> n, _check_suit(trump, "trump"))


def card_power(long card, long trump, long led_suit):
    """A number that orders the cards of one trick (higher wins, 0 never
    wins). Same order as ``rules.card_power``, not the same numbers."""
    return _card_power(_check_card(card), _check_suit(trump, "trump"),
                       _check_suit(led_suit, "led suit"))


def trump_mask(long trump):
    """The mask of trump cards: both Trees and the trump suit; ``rules.trump_cards``."""
    return _trump_mask(_check_suit(trump, "trump"))


def best_card(long long cards, long trump, long led_suit):
    """The card of mask ``cards`` that would win a trick led in ``led_suit``
    against the others, or -1 if none of them could win one."""
    return _best_card(_check_mask(cards), _check_suit(trump, "trump"),
                      _check_suit(led_suit, "led suit"))


def beating_mask(long card, long trump, long led_suit):
    """The mask of all cards that beat ``card`` in a trick led in ``led_suit``."""
    return _beating_mask(_check_card(card), _check_suit(trump, "trump"),
                         _check_suit(led_suit, "led suit"))


def popcount(long long mask):
    """Number of cards in ``mask``."""
    return _popcount(_check_mask(mask))


def lowest_card(long long mask):
    """Index of the lowest card in ``mask``, -1 if it is empty."""
    return _lowest_card(_check_mask(mask))


def _as_checked(values, lo, hi, dtype, what):
    """``values`` as a numpy array of ``dtype``, after checking the range on
    the original values (a cast first could wrap a bad value into range)."""
    arr = np.asarray(values)
    if arr.size == 0:   # np.asarray([]) is float64: nothing to check
        return arr.astype(dtype)
    if arr.dtype.kind not in "iub":
        raise TypeError(f"{what} must be integers, not {arr.dtype}")
    if arr.min() < lo or arr.max() > hi:
        raise ValueError(f"{what} must lie in {lo}..{hi}")
    return arr.astype(dtype, copy=False)


def legal_masks(hands, leds, trumps):
    """Vectorised :func:`legal_mask`: arrays (or scalars) broadcast together.

    Returns a uint32 array of the broadcast shape.
    """
    h = _as_checked(hands, 0, FULL_PACK, np.uint32, "hands")
    l = _as_checked(leds, NO_CARD, N_CARDS - 1, np.int8, "leds")
    t = _as_checked(trumps, 0, 3, np.int8, "trumps")
    h, l, t = np.broadcast_arrays(h, l, t)
    shape = h.shape
    out = np.empty(shape, dtype=np.uint32)
    _legal_masks_loop(
        np.ascontiguousarray(h).reshape(-1),
        np.ascontiguousarray(l).reshape(-1),
        np.ascontiguousarray(t).reshape(-1),
        out.reshape(-1),
    )
    return out


cdef void _legal_masks_loop(
    const uint32_t[::1] hands,
    const int8_t[::1] leds,
    const int8_t[::1] trumps,
    uint32_t[::1] out,
) noexcept:
    cdef Py_ssize_t i
    with nogil:
        for i in range(out.shape[0]):
            out[i] = _legal_mask(hands[i], leds[i], trumps[i])


def trick_winners(tricks, trumps):
    """Vectorised :func:`trick_winner` over the rows of ``tricks`` (shape
    ``(m, k)``, ``k <= 4``, leader first).

    A row may end in -1 entries, so 3- and 4-card tricks can share one
    array; an all -1 row gives -1. ``trumps`` is a scalar or ``m`` values.
    Returns an int8 array of ``m`` positions.
    """
    tr = _as_checked(tricks, NO_CARD, N_CARDS - 1, np.int8, "tricks")
    if tr.ndim != 2 or not 1 <= tr.shape[1] <= 4:
        raise ValueError(f"tricks must have shape (m, k) with 1 <= k <= 4, not {tr.shape}")
    if np.any((tr[:, :-1] < 0) & (tr[:, 1:] >= 0)):
        raise ValueError("a card follows a -1 in tricks: -1 may only pad the end of a row")
    t = np.broadcast_to(_as_checked(trumps, 0, 3, np.int8, "trumps"), (tr.shape[0],))
    out = np.empty(tr.shape[0], dtype=np.int8)
    _trick_winners_loop(np.ascontiguousarray(tr), np.ascontiguousarray(t), out)
    return out


cdef void _trick_winners_loop(
    const int8_t[:, ::1] tricks,
    const int8_t[::1] trumps,
    int8_t[::1] out,
) noexcept:
    cdef int buf[4]
    cdef Py_ssize_t i, n
    cdef Py_ssize_t k = tricks.shape[1]
    with nogil:
        for i in range(tricks.shape[0]):
            # the trick ends at its first -1 (a row may hold a shorter trick)
            n = 0
            while n < k and tricks[i, n] >= 0:
                buf[n] = tricks[i, n]
                n += 1
            out[i] = _trick_winner(buf, <int> n, trumps[i]) if n else NO_CARD


# -- the solver's ranked layout (see cardmask.pxd) ------------------------------

def ranked_pos(long card, long trump):
    """The bit of ``card`` in the search's ranked layout for ``trump``."""
    return _ranked_pos(_check_card(card), _check_suit(trump, "trump"))


def to_ranked(long long cards, long trump):
    """A card mask converted to the ranked layout for ``trump``."""
    return _to_ranked(_check_mask(cards), _check_suit(trump, "trump"))


def ranked_legal(long long hand, long led, long trump):
    """``legal_mask`` in the ranked layout: ``hand`` is a ranked mask, ``led``
    a ranked bit (-1: hand leads)."""
    if hand < 0 or hand >= (1 << 26):
        raise ValueError(f"ranked mask {hand:#x} has bits outside 0..25")
    if not -1 <= led < 26:
        raise ValueError(f"ranked position {led} is outside 0..25")
    return _ranked_legal(<mask_t> hand, <int> led, _check_suit(trump, "trump") != 0)


def ranked_winner_pos(long long trick, long led):
    """The ranked bit of the winning card among ``trick`` (a ranked mask holding
    the led card ``led``)."""
    if trick <= 0 or trick >= (1 << 26) or not (trick >> led) & 1:
        raise ValueError("the trick mask must hold the led card and only ranked bits")
    return _ranked_winner_pos(<mask_t> trick, <int> led)
