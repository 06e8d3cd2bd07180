# Move generation: the cards worth trying for the seat to act, one per run
# of equivalent cards, likely winners first (cimported by _search; inline
# only, so no runtime module).

from cardmask cimport (
    R_TRUMPS,
    altbaumer_ctz,
    altbaumer_msb,
    altbaumer_pdep,
    altbaumer_pext,
    mask_t,
    ranked_follow,
    ranked_group_mask,
)
from search_state cimport Search

cdef enum:
    MAX_MOVES = 8               # one per run of equivalent cards, and a hand holds at most five

# Runs. Cards of one hand are interchangeable when no live card of another
# seat lies between them in their run group: whichever is played, the rest of
# the deal is the same. The run groups are the plain suits and the trumps,
# where the Trees are a group of their own while clubs are plain: a Tree and
# the trump ace behave alike in a trick but not later (only a Tree may follow
# an ordinary club); with clubs trump there is no ordinary club, and the Trees
# run on into the trump ace. Bit x of RUN_STEP[clubs_plain][k] is set when
# x + 2**k lies in x's run group. C constants rather than a Cython array: a
# .pxd cannot hold initialised data, and a constant needs no module
# initialisation.
cdef extern from *:
    """
    static const uint32_t altbaumer_run_step[2][3] = {
        {0x1fdf7dfu, 0xfcf3cfu, 0x3c30c3u},  /* clubs trump: 0..5, 6..11, 12..17, 18..25 */
        {0x17df7dfu, 0x3cf3cfu, 0x0c30c3u},  /* clubs plain: 0..5, 6..11, 12..17, 18..23, 24..25 */
    };
    """
    const mask_t RUN_STEP "altbaumer_run_step"[2][3]


cdef inline mask_t run_tops(Search* s) noexcept nogil:
    """The cards that top a run of equivalent cards in their hand (see
    RUN_STEP): those whose next live card up in their run group is another
    seat's, or that have none. One move per run is enough, and the top card
    wins whenever any of its run does. The runs of a seat still to play do not
    change while others play to the trick (their cards stay live until it is
    complete), so this is worked out once per trick."""
    cdef mask_t live = s.live, held, same = 0
    cdef const mask_t* step = RUN_STEP[s.clubs_plain]
    cdef mask_t at_or_above = live  # bit x: a live card at x or above it in x's run group
    cdef int seat
    at_or_above |= (at_or_above >> 1) & step[0]
    at_or_above |= (at_or_above >> 2) & step[1]
    at_or_above |= (at_or_above >> 4) & step[2]
    cdef mask_t group_tops = live & ~((at_or_above >> 1) & step[0])
    # Numbered in the live cards' own order (pext), a card's next one up is the next bit.
    for seat in range(4):
        held = altbaumer_pext(s.hand[seat], live)
        same |= held & (held >> 1)
    return live & ~altbaumer_pdep(same & ~altbaumer_pext(group_tops, live), live)


cdef inline int list_cards(mask_t cards, int* out, int n) noexcept nogil:
    """The cards after out[n - 1], lowest first; returns the new count."""
    while cards:
        out[n] = altbaumer_ctz(cards)
        cards &= cards - 1
        n += 1
    return n


cdef inline int follow_order(Search* s, int seat, mask_t led_group, int win_pos, int win_seat, mask_t tops,
                             int* out) noexcept nogil:
    """The moves of a seat following to a trick whose led card ranks in
    ``led_group`` (ranked_group_mask), won so far by ``win_pos`` of
    ``win_seat``, one per run (``tops``: run_tops): while an opponent is
    winning, the cards that beat it, cheapest first; then the others, lowest
    first, which puts plain cards before trump cards. A run never straddles
    the two sets (the card winning the trick lies between a card that beats
    it and one that does not), so no sort is needed."""
    cdef mask_t legal = ranked_follow(s.hand[seat], led_group, s.clubs_plain) & tops
    cdef mask_t winners = 0
    if (win_seat & 1) != (seat & 1):
        # A higher trump card, or a higher card of the suit led (which the winner is, unless a trump card).
        winners = legal & ~(((<mask_t> 2) << win_pos) - 1) & (R_TRUMPS | led_group)
    return list_cards(legal & ~winners, out, list_cards(winners, out, 0))


cdef inline int lead_moves(Search* s, int seat, mask_t tops, int* out) noexcept nogil:
    """The leads worth trying, one per run (``tops``: run_tops), likely
    winners first: a card no live card outranks, then low toward partner's
    top card, then the rest, low first."""
    cdef int score[MAX_MOVES]
    cdef int n = list_cards(s.hand[seat] & tops, out, 0), x, i, j, t
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
    """One card per run of equivalent legal cards (see RUN_STEP), likely
    winners first, into out; returns how many."""
    cdef mask_t tops = run_tops(s)
    if s.played == 0:
        return lead_moves(s, seat, tops, out)
    return follow_order(s, seat, ranked_group_mask(s.led), s.win_pos, s.win_seat, tops, out)
