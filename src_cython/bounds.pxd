# What a trick boundary settles without a search: bounds from sure winners,
# and the endings small enough to count outright (one or two tricks left).
# Cimported by _search; inline only, so no runtime module. Values are N-S
# tricks, as everywhere in the search.

from cardmask cimport R_TREES, R_TRUMP_BASE, R_TRUMPS, altbaumer_ctz, altbaumer_msb, mask_t, popcount, ranked_legal, ranked_winner_pos
from search_state cimport Search, fold_child


cdef inline int last_trick_ns(Search* s) noexcept nogil:
    """N-S tricks (0 or 1) from the last trick: every play is forced."""
    cdef int seat = s.leader, led = altbaumer_ctz(s.hand[s.leader]), i, pos
    cdef mask_t trick = 0
    for i in range(s.active):
        trick |= s.hand[seat]
        seat = s.next_seat[seat]
    pos = ranked_winner_pos(trick, led)
    for i in range(4):
        if (s.hand[i] >> pos) & 1:
            return 1 if (i & 1) == 0 else 0
    return 0


cdef inline int two_tricks_result(Search* s, int first_winner) noexcept nogil:
    """N-S tricks (0..2) once every seat has played to the first of the last
    two tricks: first_winner took it and leads the forced last trick."""
    cdef mask_t last = s.hand[0] | s.hand[1] | s.hand[2] | s.hand[3]
    cdef int pos = ranked_winner_pos(last, altbaumer_ctz(s.hand[first_winner]))
    return (1 if (first_winner & 1) == 0 else 0) + <int> (((s.hand[0] | s.hand[2]) >> pos) & 1)


cdef inline int two_tricks(Search* s, int ply, int seat, int led, int win_pos, int win_seat, int alpha,
                           int beta) noexcept nogil:
    """N-S tricks from a boundary with two tricks left, fail-soft within
    (alpha, beta), by plain minimax over the first of them (the second is
    forced), the count behind every entry of the endings table
    (endings.pxd). ``led``,
    ``win_pos`` and ``win_seat`` are the first trick's led card and its
    winning card and seat so far (ignored at ply 0)."""
    cdef mask_t legal = ranked_legal(s.hand[seat], led, s.clubs_plain), bit
    cdef bint ns_moves = (seat & 1) == 0
    cdef int best = -1 if ns_moves else 3, card, v, pos, winner
    while legal:
        card = altbaumer_msb(legal)  # high cards first: they settle the trick sooner
        bit = (<mask_t> 1) << card
        legal &= ~bit
        s.hand[seat] &= ~bit
        # The card takes the lead of the trick if it is the first, or beats the
        # best so far: a higher trump card, or a higher card of the led suit.
        if ply == 0 or (card > win_pos and (card >= R_TRUMP_BASE or card // 6 == led // 6)):
            pos = card
            winner = seat
        else:
            pos = win_pos
            winner = win_seat
        # ply < 3 is implied by active <= 4; said outright, it bounds the
        # recursion for the compiler, which unfolds it into the caller.
        if ply < 3 and ply + 1 < s.active:
            v = two_tricks(s, ply + 1, s.next_seat[seat], card if ply == 0 else led, pos, winner, alpha, beta)
        else:
            v = two_tricks_result(s, winner)
        s.hand[seat] |= bit
        if fold_child(ns_moves, v, &best, &alpha, &beta):
            break
    return best


cdef inline int top_run(mask_t mine, mask_t live) noexcept nogil:
    """How many of the highest live cards of a group mine holds in a row:
    its cards above the highest live card it does not hold."""
    cdef mask_t others = live & ~mine
    if others == 0:
        return popcount(live)
    return popcount(live & ~(((<mask_t> 2) << altbaumer_msb(others)) - 1))


cdef inline int cashing_tricks(Search* s, int tricks) noexcept nogil:
    """Tricks the leader's side takes for sure by the leader cashing its top
    cards, keeping the lead throughout: first its run of the highest live
    trump cards, which every other seat must follow or cannot beat; then in
    each plain suit its run of the highest live cards, as many times as no
    seat can trump them. A seat void in the suit must trump when it can
    (rules.md, Following), so the cashing stops at the shortest holding
    of an opponent with a trump card, and of the partner with one (its trump
    would take the lead); an ordinary club led may be followed by a Tree, so
    no club is cashed while an opponent holds one. Trump cards cashed first
    only lower the others' trumps, and a seat without trumps never trumps, so
    the suits' counts add up."""
    cdef int leader = s.leader, partner = (leader + 2) & 3, g, run, total, seat, i
    cdef mask_t group, hand = s.hand[leader]
    total = top_run(hand, s.live & R_TRUMPS)
    for g in range(3):
        group = s.live & ((<mask_t> 0x3F) << (6 * g))
        run = top_run(hand, group)
        if run == 0:
            continue
        if g == 0 and s.clubs_plain and (s.hand[(leader + 1) & 3] | s.hand[(leader + 3) & 3]) & R_TREES:
            continue
        for i in range(3):
            seat = (leader + 1 + i) & 3  # the opponents and the partner
            if s.hand[seat] & R_TRUMPS and popcount(s.hand[seat] & group) < run:
                run = popcount(s.hand[seat] & group)
        total += run
    return total if total < tricks else tricks


cdef inline void sure_bounds(Search* s, int tricks, int* lower, int* upper) noexcept nogil:
    """Bounds on N-S tricks at a trick boundary from sure winners.

    The seat holding the highest live trump cards wins a trick with each of
    them, whatever is led. A side whose opponents hold no trump card wins
    every trick in which it plays one, and each trick takes at most one trump
    card from each player: at least as many tricks as its longer trump holding.
    The leader's side takes at least what the leader can cash
    (:func:`cashing_tricks`).
    """
    cdef mask_t trumps = s.live & R_TRUMPS
    cdef int seat = 0, run, n_s, e_w, cash = cashing_tricks(s, tricks)
    if trumps == 0:
        if (s.leader & 1) == 0:
            lower[0] = cash
        else:
            upper[0] = tricks - cash
        return
    while not (s.hand[seat] >> altbaumer_msb(trumps)) & 1:
        seat += 1
    run = top_run(s.hand[seat], trumps)
    n_s = max(popcount(s.hand[0] & R_TRUMPS), popcount(s.hand[2] & R_TRUMPS))
    e_w = max(popcount(s.hand[1] & R_TRUMPS), popcount(s.hand[3] & R_TRUMPS))
    if (seat & 1) == 0:
        lower[0] = max(run, n_s if e_w == 0 else 0)
    else:
        upper[0] = tricks - max(run, e_w if n_s == 0 else 0)
    if (s.leader & 1) == 0:
        lower[0] = max(lower[0], cash)
    else:
        upper[0] = min(upper[0], tricks - cash)
