"""The partner's own worlds, dealt in C (:func:`altbaumer.hidden.partner.partner_worlds`
describes the deal and calls it): a turn rating deals about 10^5 of them, and
the same deal as numpy array operations took a tenth of the rating.
``tests/hidden/test_partner.py`` holds it equal, world for world, to the
deal written out in numpy.

>>> import numpy as np
>>> from altbaumer.hidden.making import FOUR_OF_NINE
>>> free = np.array([(1 << 24) - 1 - 0b11111 - (1 << 23)])   # all but five cards and the one taken
>>> worlds = deal_partner_worlds(free, np.array([7], dtype=np.uint64), np.array([1 << 23]), 3, FOUR_OF_NINE)
>>> worlds.shape, [bin(int(h)).count("1") for h in worlds[0]]
((3, 3), [5, 5, 5])
>>> bool((worlds[:, 0] & worlds[:, 1]).any() or (worlds[:, 1] & worlds[:, 2]).any())
False
"""

import numpy as np

from libc.stdint cimport int64_t, uint64_t

from cardmask cimport altbaumer_ctz

cdef enum:
    HAND = 5           # cards per hand (game.deal_rules.HAND_SIZE)
    DEALT = 3 * HAND   # forehand's five and each defender's five
    DRAWS = 16         # 32-bit numbers per world: one per dealt card, one for the discard
    MAX_FREE = 24

cdef uint64_t GOLDEN = 0x9E3779B97F4A7C15ULL


cdef inline uint64_t _mix(uint64_t x) noexcept nogil:
    """SplitMix64's finaliser (partner._mix)."""
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL
    return x ^ (x >> 31)


cdef inline void _world_draws(uint64_t seed, uint64_t world, uint64_t* out) noexcept nogil:
    """The world's sixteen 32-bit numbers: the low halves of eight SplitMix64
    outputs at its counters, then their high halves."""
    cdef int c
    cdef uint64_t x
    for c in range(8):
        x = _mix(seed + (world * 8 + <uint64_t> (c + 1)) * GOLDEN)
        out[c] = x & 0xFFFFFFFFULL
        out[c + 8] = x >> 32


cdef inline int64_t _kept(int64_t enlarged, uint64_t draw, const Py_ssize_t[:, ::1] four_of_nine) noexcept nogil:
    """Forehand's hand after its discard: the options in their canonical order
    (hidden.making.discard_options: each card, lowest first, or the four of nine
    by FOUR_OF_NINE), one picked by draw; -1 for a hand of another size."""
    cdef int at[9]
    cdef int n = 0, i, pick
    cdef int64_t rest = enlarged, out = enlarged
    while rest:
        if n == 9:
            return -1
        at[n] = altbaumer_ctz(rest)
        rest &= rest - 1
        n += 1
    if n == HAND + 1:
        return enlarged & ~((<int64_t> 1) << at[draw % 6])
    if n != HAND + 4:
        return -1
    pick = <int> (draw % <uint64_t> four_of_nine.shape[0])
    for i in range(4):
        out &= ~((<int64_t> 1) << at[four_of_nine[pick, i]])
    return out


cdef int _deal(const int64_t[::1] free, const uint64_t[::1] seeds, const int64_t[::1] taken, int count,
               const Py_ssize_t[:, ::1] four_of_nine, int64_t[:, ::1] out) noexcept nogil:
    """Every key's count worlds into out (forehand's kept hand, then the two
    defenders' hands); -1, or 2·key for the first key whose free cards are
    too few, 2·key + 1 for one whose enlarged hand has neither 6 nor 9 cards."""
    cdef int listed[MAX_FREE]
    cdef int cards[MAX_FREE]
    cdef uint64_t draws[DRAWS]
    cdef int64_t hand, rest
    cdef Py_ssize_t key, row
    cdef int size, world, i, j, c, part
    for key in range(free.shape[0]):
        # The free cards in index order, so the partial Fisher-Yates deals from the front.
        rest, size = free[key], 0
        while rest:
            listed[size] = altbaumer_ctz(rest)
            rest &= rest - 1
            size += 1
        if size < DEALT:
            return <int> (2 * key)
        for world in range(count):
            for i in range(size):
                cards[i] = listed[i]
            _world_draws(seeds[key], <uint64_t> world, draws)
            for i in range(DEALT):
                j = i + <int> (draws[i] % <uint64_t> (size - i))
                c = cards[i]
                cards[i] = cards[j]
                cards[j] = c
            row = key * count + world
            for part in range(3):
                hand = 0
                for i in range(HAND * part, HAND * (part + 1)):
                    hand |= (<int64_t> 1) << cards[i]
                out[row, part] = hand
            out[row, 0] = _kept(out[row, 0] | taken[key], draws[DRAWS - 1], four_of_nine)
            if out[row, 0] < 0:
                return <int> (2 * key + 1)
    return -1


def deal_partner_worlds(free, seeds, taken, int count, four_of_nine):
    """For each key (its free cards, seed and the cards forehand took),
    ``count`` worlds as an int64 array (keys × count, 3): forehand's hand
    after its discard, then the hands of the defenders after forehand and
    after the partner, dealt as :func:`altbaumer.hidden.partner.partner_worlds`
    describes. ValueError names a key whose hands cannot be dealt."""
    cdef const int64_t[::1] free_v = np.ascontiguousarray(free, dtype=np.int64)
    cdef const uint64_t[::1] seeds_v = np.ascontiguousarray(seeds, dtype=np.uint64)
    cdef const int64_t[::1] taken_v = np.ascontiguousarray(taken, dtype=np.int64)
    options = np.ascontiguousarray(four_of_nine, dtype=np.intp)
    if options.ndim != 2 or options.shape[0] == 0 or options.shape[1] != 4 or options.min() < 0 or options.max() > 8:
        raise ValueError("four_of_nine must list four of the nine card positions (0..8) per option")
    cdef const Py_ssize_t[:, ::1] combos = options
    if count < 0:
        raise ValueError(f"count must be at least 0, not {count}")
    if not free_v.shape[0] == seeds_v.shape[0] == taken_v.shape[0]:
        raise ValueError("free, seeds and taken must have one entry per key")
    if ((np.asarray(free_v) | np.asarray(taken_v)) >> 24).any():
        raise ValueError("free and taken must be masks of the 24 cards")
    result = np.empty((free_v.shape[0] * count, 3), dtype=np.int64)
    cdef int64_t[:, ::1] out = result
    cdef int bad
    with nogil:
        bad = _deal(free_v, seeds_v, taken_v, count, combos, out)
    if bad >= 0 and bad % 2 == 0:
        raise ValueError(f"key {bad // 2}: the free cards cannot fill forehand's and the defenders' hands")
    if bad >= 0:
        raise ValueError(f"key {bad // 2}: forehand's enlarged hand is neither 6 nor 9 cards")
    return result
