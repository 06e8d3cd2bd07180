# Move generation: the cards worth trying for the seat to act, one per group
# of equivalent cards, likely winners first (cimported by _search; inline
# only, so no runtime module).

from cardmask cimport (
    R_TRUMP_BASE,
    R_TRUMPS,
    altbaumer_ctz,
    altbaumer_msb,
    mask_t,
    ranked_group_mask,
    ranked_legal,
)
from search_state cimport Search

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


cdef inline int append_runs(mask_t cards, mask_t others, bint clubs_plain, int* out, int n) noexcept nogil:
    """One card per run of equivalent cards (see same_run) after out[n - 1],
    lowest run first, each the highest of its run: it wins whenever any does.
    Returns the new count."""
    cdef int prev = -1, x
    while cards:
        x = altbaumer_ctz(cards)
        cards &= cards - 1
        if prev >= 0 and same_run(prev, x, others, clubs_plain):
            out[n - 1] = x
        else:
            out[n] = x
            n += 1
        prev = x
    return n


cdef inline int follow_moves(Search* s, int seat, int* out) noexcept nogil:
    """The moves of a seat following to the trick: while an opponent is
    winning, the cards that beat it, cheapest first; then the others, lowest
    first, plain cards before trump cards. Runs never straddle these sets (the
    card winning the trick lies between a card that beats it and one that does
    not), so no sort is needed."""
    cdef mask_t hand = s.hand[seat]
    cdef mask_t legal = ranked_legal(hand, s.led, s.clubs_plain)
    cdef mask_t others = s.live & ~hand
    cdef mask_t winners = 0
    cdef int n
    if (s.win_seat & 1) != (seat & 1):
        # A higher trump card, or a higher card of the suit led (which the winner is, unless a trump card).
        winners = legal & ~(((<mask_t> 2) << s.win_pos) - 1) & (R_TRUMPS | ranked_group_mask(s.led))
    legal &= ~winners
    n = append_runs(winners, others, s.clubs_plain, out, 0)
    n = append_runs(legal & ~R_TRUMPS, others, s.clubs_plain, out, n)
    return append_runs(legal & R_TRUMPS, others, s.clubs_plain, out, n)


cdef inline int lead_moves(Search* s, int seat, int* out) noexcept nogil:
    """The leads worth trying, likely winners first: a card no live card
    outranks, then low toward partner's top card, then the rest, low first."""
    cdef mask_t hand = s.hand[seat]
    cdef int score[MAX_MOVES]
    cdef int n = append_runs(hand, s.live & ~hand, s.clubs_plain, out, 0), x, i, j, t
    cdef int partner = (seat + 2) & 3
    cdef mask_t group
    if n == 1:
        return 1
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


cdef inline int ordered_moves(Search* s, int seat, int* out) noexcept nogil:
    """One card per group of equivalent legal cards (see same_run), likely
    winners first, into out; returns how many."""
    if s.played == 0:
        return lead_moves(s, seat, out)
    return follow_moves(s, seat, out)
