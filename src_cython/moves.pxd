# Move generation: the cards worth trying for the seat to act, one per group
# of equivalent cards, likely winners first (cimported by _search; inline
# only, so no runtime module).

from cardmask cimport (
    R_TRUMP_BASE,
    altbaumer_ctz,
    altbaumer_msb,
    mask_t,
    ranked_group_mask,
    ranked_legal,
)
from search_state cimport Search, beats

cdef enum:
    MAX_MOVES = 8               # one per run of equivalent cards, and a hand holds at most five

# The run group of each ranked position. Trees form their own run while clubs
# are plain: a Tree and the trump ace behave alike in a trick but not later
# (only a Tree may follow an ordinary club); with clubs trump there is no
# ordinary club, and the Trees run on into the trump ace (same_run). A C constant rather than a Cython array: a .pxd cannot
# hold initialised data, and a constant needs no module initialisation.
cdef extern from *:
    """
    static const int altbaumer_run_group[26] = {
        0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4,
    };
    """
    const int RUN_GROUP "altbaumer_run_group"[26]


cdef inline mask_t between(int low, int high) noexcept nogil:
    """Bits strictly between low and high (low < high)."""
    return (((<mask_t> 1) << high) - 1) & ~(((<mask_t> 2) << low) - 1)


cdef inline bint same_run(int low, int high, mask_t others, bint clubs_plain) noexcept nogil:
    """Cards low < high of one hand are interchangeable: adjacent in their
    group once ``others`` (the live cards of the other hands) are placed,
    whichever is played, the rest of the deal is the same. ``clubs_plain``:
    clubs are not trump, so the Trees are a group of their own."""
    return (RUN_GROUP[low] == RUN_GROUP[high] or (not clubs_plain and low >= R_TRUMP_BASE)) and (
        others & between(low, high)) == 0


cdef inline int ordered_moves(Search* s, int seat, int* out) noexcept nogil:
    """One card per group of equivalent legal cards (see same_run), likely
    winners first, into out; returns how many."""
    cdef mask_t hand = s.hand[seat]
    cdef int led = s.led if s.played else -1
    cdef mask_t legal = ranked_legal(hand, led, s.clubs_plain)
    cdef mask_t others = s.live & ~hand
    cdef int score[MAX_MOVES]
    cdef int n = 0, prev = -1, x, i, j, t, best_pos
    cdef bint partner_winning
    cdef int partner = (seat + 2) & 3
    cdef mask_t group
    while legal:
        x = altbaumer_ctz(legal)
        legal &= legal - 1
        if prev >= 0 and same_run(prev, x, others, s.clubs_plain):
            out[n - 1] = x  # keep the highest of the run: it wins whenever any does
            prev = x
            continue
        out[n] = x
        n += 1
        prev = x
    if n == 1:
        return 1
    if s.played == 0:
        for i in range(n):
            x = out[i]
            # A lead that no live card outranks wins the trick unless trumped.
            group = ranked_group_mask(x) & s.live
            if (group & ~(((<mask_t> 2) << x) - 1)) == 0:
                score[i] = 100 + x
            elif (s.hand[partner] >> altbaumer_msb(group)) & 1:
                score[i] = 80 - (x % 6)  # low toward partner's top card
            else:
                score[i] = 50 - (x % 6)
    else:
        best_pos = s.win_pos
        partner_winning = (s.win_seat & 1) == (seat & 1)
        for i in range(n):
            x = out[i]
            if not partner_winning and beats(x, best_pos, led):
                score[i] = 100 - x  # cheapest winner first
            else:
                score[i] = 50 - x - (32 if x >= R_TRUMP_BASE else 0)  # lowest, non-trump first
    if n == 2:
        if score[1] > score[0]:
            x = out[0]
            out[0] = out[1]
            out[1] = x
        return 2
    # Insertion sort: at most five moves.
    for i in range(1, n):
        x = out[i]
        t = score[i]
        j = i
        while j > 0 and score[j - 1] < t:
            out[j] = out[j - 1]
            score[j] = score[j - 1]
            j -= 1
        out[j] = x
        score[j] = t
    return n
