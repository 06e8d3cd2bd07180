# The worlds of one seat's knowledge (knowledge.pxd), counted and ranked in C
# (cimported; inline only, so no runtime module), as
# altbaumer.hidden.worlds counts and ranks them in numpy: every assignment of
# the unknown cards to the slots that fills each slot and keeps each card in
# its allowed slots is one world, all of equal weight; world number r is
# built by placing the cards in index order, each in the first slot (in slot
# order) whose count of completions r has not yet passed. The same rank gives
# the same world in both (tests/play/test_engine.py).
#
# ways[state] counts the completions from a state, a mixed-radix number of
# the slots' remaining rooms. The card to place next follows from the state
# (the cards placed are the rooms filled), so one number per state suffices,
# and a state's successors are smaller numbers: one pass upwards fills it.

from libc.stdint cimport int64_t, uint64_t

from knowledge cimport MAX_SLOTS, Knowledge
from rng cimport Rng, rng_below

cdef enum:
    MAX_STATES = 8192       # 6·6·6·5·5 rooms at most in the play phase (three hands, out, discard)


cdef struct Ranks:
    int nslots
    int radix[MAX_SLOTS]
    int start
    int64_t ways[MAX_STATES]


cdef inline int64_t count_ranks(const Knowledge* k, Ranks* r) noexcept nogil:
    """Fill r for k; returns the number of worlds, or -1 when the rooms make
    more states than r holds."""
    cdef int j, state, size = 1, rem, i
    cdef int digits[MAX_SLOTS]
    cdef int64_t total
    r.nslots = k.nslots
    for j in range(k.nslots):
        r.radix[j] = size
        size *= k.cap[j] + 1
        if size > MAX_STATES:
            return -1
    r.start = size - 1
    for j in range(k.nslots):
        digits[j] = 0
    rem = 0  # rooms left in the current state
    for state in range(size):
        if state == 0:
            r.ways[0] = 1
        else:
            i = k.n - rem  # the card placed next from this state
            total = 0
            for j in range(k.nslots):
                if digits[j] and (k.allowed[i] >> j) & 1:
                    total += r.ways[state - r.radix[j]]
            r.ways[state] = total
        # The next state's digits, as an odometer; rem follows them.
        for j in range(k.nslots):
            if digits[j] < k.cap[j]:
                digits[j] += 1
                rem += 1
                break
            rem -= digits[j]
            digits[j] = 0
    return r.ways[r.start]


cdef inline void unrank(const Knowledge* k, const Ranks* r, int64_t rank, int* slot_of) noexcept nogil:
    """World ``rank`` (0 <= rank < the count): the slot of each unknown card."""
    cdef int i, j, state = r.start
    cdef int64_t w
    cdef int digit
    for i in range(k.n):
        for j in range(k.nslots):
            digit = (state // r.radix[j]) % (k.cap[j] + 1)
            if digit and (k.allowed[i] >> j) & 1:
                w = r.ways[state - r.radix[j]]
                if rank < w:
                    slot_of[i] = j
                    state -= r.radix[j]
                    break
                rank -= w


cdef inline void world_hands(const Knowledge* k, const int* slot_of, uint64_t* hands) noexcept nogil:
    """The four hands of a world (standard-layout masks): each seat's known
    cards and the unknown cards placed in its slot."""
    cdef int t, i, j
    for t in range(4):
        hands[t] = k.known_in[t]
    for i in range(k.n):
        j = slot_of[i]
        if k.slot_seat[j] >= 0:
            hands[k.slot_seat[j]] |= (<uint64_t> 1) << k.cards[i]


cdef inline int64_t random_rank(Rng* g, int64_t total) noexcept nogil:
    return <int64_t> rng_below(g, <uint64_t> total)
