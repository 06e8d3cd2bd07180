"""Exact double-dummy search: alpha-beta by null-window probes, with a
transposition table at trick boundaries.

Everything below ``Solver``'s Python methods runs without the GIL and without
Python objects. Hands are held in the ranked layout of ``cardmask.pxd`` (a
higher bit is a higher card inside each group), so the trick winner is one
mask operation and equivalent cards are found with shifts.

The search answers one question: can N-S take at least ``target`` of the
remaining tricks (the current one included)? Scoring only ever asks such
thresholds; exact values come from a few probes. Values are always N-S
tricks, whoever the makers are, so table entries are valid for every
position, trump and pair of sides that maps to the same key.

Transposition keys are built at trick boundaries from the remaining layout
only: per group (Trees, ordinary trumps, each plain suit) the number of cards
left and, from the highest down, which seat holds each. Cards already played
do not appear, so layouts that differ only in which cards are gone share an
entry (DDS's relative ranks); plain suits that the rules treat alike (the two
non-club plain suits, or all three when clubs are trump) are sorted, so
layouts that differ by a swap of such suits share one too. A key with up to
16 cards fits in 53 bits; the entry packs it with a lower and an upper bound.
"""

import numpy as np

cimport cython
from libc.stdint cimport int8_t, int64_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free

from cardmask cimport (
    CLUBS,
    N_CARDS,
    R_ORDINARY_TRUMPS,
    R_TREES,
    R_TRUMP_BASE,
    R_TRUMPS,
    altbaumer_ctz,
    altbaumer_msb,
    altbaumer_pext,
    legal_mask,
    mask_t,
    popcount,
    ranked_group_mask,
    ranked_legal,
    ranked_pos,
    ranked_winner_pos,
    to_ranked,
)

__all__ = ["Solver", "BATCH_COLUMNS"]

BATCH_COLUMNS = ("N", "E", "S", "W", "trump", "leader", "lone", "makers")

cdef enum:
    NO_SEAT = -1
    TT_MAX_CARDS = 16          # keys of larger layouts would not fit: not stored
    KEY_BITS = 56
    MAX_MOVES = 8
    BOUND_SHIFT_LOWER = 56
    BOUND_SHIFT_UPPER = 59

cdef uint64_t KEY_MASK = (<uint64_t> 1 << KEY_BITS) - 1
cdef int _SEAT_FIELD_BITS[3]
_SEAT_FIELD_BITS[:] = [16, 12, 8]
cdef uint64_t GOLDEN = 0x9E3779B97F4A7C15



cdef struct Table:
    uint64_t* slots
    int bits                    # 2**bits slots, in buckets of four


cdef struct Search:
    mask_t hand[4]              # ranked layout
    int next_seat[4]            # play order, skipping the absent seat
    int absent                  # NO_SEAT, or the lone player's partner
    int active                  # cards per trick: 3 or 4
    bint clubs_plain            # clubs are not trump: the Trees follow club leads
    int leader
    int played                  # cards in the current trick
    int trick_card[4]
    int trick_seat[4]
    mask_t trick_mask
    mask_t live                 # every card still in a hand or on the table
    uint64_t nodes
    Table* table


# -- the transposition table --------------------------------------------------------

cdef inline uint64_t* _bucket(Table* t, uint64_t key) noexcept nogil:
    return t.slots + (((key * GOLDEN) >> (64 - t.bits)) & ~(<uint64_t> 3))


cdef inline bint _probe(Table* t, uint64_t key, int* lower, int* upper) noexcept nogil:
    cdef uint64_t* b = _bucket(t, key)
    cdef int i
    for i in range(4):
        if (b[i] & KEY_MASK) == key:
            lower[0] = <int> ((b[i] >> BOUND_SHIFT_LOWER) & 7)
            upper[0] = <int> ((b[i] >> BOUND_SHIFT_UPPER) & 7)
            return True
    return False


cdef inline void _store(Table* t, uint64_t key, int lower, int upper) noexcept nogil:
    cdef uint64_t* b = _bucket(t, key)
    cdef uint64_t entry = key | (<uint64_t> lower << BOUND_SHIFT_LOWER) | (<uint64_t> upper << BOUND_SHIFT_UPPER)
    cdef int i
    for i in range(4):
        if (b[i] & KEY_MASK) == key or b[i] == 0:
            b[i] = entry
            return
    # Full bucket: the newest entry goes first and the oldest falls out.
    b[3] = b[2]
    b[2] = b[1]
    b[1] = b[0]
    b[0] = entry


# -- keys -------------------------------------------------------------------------------

cdef inline uint64_t _key(Search* s) noexcept nogil:
    """The layout key at a trick boundary (at most 16 live cards).

    Fixed-width fields, so the key is injective: the leader, the absent seat,
    whether clubs are plain; the number of live cards in each group (Trees,
    ordinary trumps, each plain suit); then, for each active seat but the last
    (whose cards are the rest), which of the cards not yet assigned it holds,
    numbered from the lowest live card up (16, 12 and 8 bits). Only the order
    of live cards enters, never which cards are gone.
    """
    cdef mask_t rest = s.live
    cdef uint64_t key = <uint64_t> (s.leader | ((s.absent + 1) << 2) | (s.clubs_plain << 5))
    cdef int seat, field = 0
    key = (key << 2) | popcount(rest & R_TREES)
    key = (key << 3) | popcount(rest & R_ORDINARY_TRUMPS)
    key = (key << 3) | popcount(rest & 0x3F)
    key = (key << 3) | popcount(rest & 0xFC0)
    key = (key << 3) | popcount(rest & 0x3F000)
    for seat in range(4):
        if seat == s.absent or field == s.active - 1:
            continue
        key = (key << _SEAT_FIELD_BITS[field]) | altbaumer_pext(s.hand[seat], rest)
        rest &= ~s.hand[seat]
        field += 1
    return key


# -- moves --------------------------------------------------------------------------------

cdef inline int _to_act(Search* s) noexcept nogil:
    if s.played == 0:
        return s.leader
    return s.next_seat[s.trick_seat[s.played - 1]]


cdef inline mask_t _between(int low, int high) noexcept nogil:
    """Bits strictly between low and high (low < high)."""
    return (((<mask_t> 1) << high) - 1) & ~(((<mask_t> 2) << low) - 1)


cdef int _RUN_GROUP[26]
# Trees form their own run: a Tree and the trump ace behave alike in a trick
# but not later (only a Tree may follow an ordinary club).
_RUN_GROUP[:] = [0] * 6 + [1] * 6 + [2] * 6 + [3] * 6 + [4] * 2


cdef int _moves(Search* s, int seat, int* out) noexcept nogil:
    """One card per group of equivalent legal cards, likely winners first.

    Cards are equivalent when they are adjacent in their group's ranking
    among the cards still live (in hands or on the table) and held by one
    hand: whichever is played, the rest of the deal is the same.
    """
    cdef mask_t hand = s.hand[seat]
    cdef int led = s.trick_card[0] if s.played else -1
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
        if prev >= 0 and _RUN_GROUP[prev] == _RUN_GROUP[x] and (others & _between(prev, x)) == 0:
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
        best_pos = ranked_winner_pos(s.trick_mask, led)
        i = 0
        while s.trick_card[i] != best_pos:
            i += 1
        partner_winning = (s.trick_seat[i] & 1) == (seat & 1)
        for i in range(n):
            x = out[i]
            # x wins over best_pos: a higher trump, or a higher card of the
            # led suit while no trump is on the table.
            if not partner_winning and x > best_pos and (
                    x >= R_TRUMP_BASE or best_pos < R_TRUMP_BASE and x // 6 == led // 6):
                score[i] = 100 - x  # cheapest winner first
            else:
                score[i] = 50 - x - (32 if x >= R_TRUMP_BASE else 0)  # lowest, non-trump first
    if n == 2:
        if score[1] > score[0]:
            x = out[0]
            out[0] = out[1]
            out[1] = x
        return 2
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


# -- search -------------------------------------------------------------------------------

cdef int _last_trick_ns(Search* s) noexcept nogil:
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


cdef struct Undo:
    bint closed                 # the card completed a trick
    int leader
    int card[4]
    int seat[4]
    mask_t trick_mask


cdef inline int _play(Search* s, int seat, int card, Undo* u) noexcept nogil:
    """Play card for seat. Returns 1 if it completes a trick that N-S win, else 0."""
    cdef mask_t bit = (<mask_t> 1) << card
    cdef int i, pos, winner
    s.hand[seat] &= ~bit
    s.trick_card[s.played] = card
    s.trick_seat[s.played] = seat
    s.trick_mask |= bit
    s.played += 1
    u.closed = s.played == s.active
    if not u.closed:
        return 0
    pos = ranked_winner_pos(s.trick_mask, s.trick_card[0])
    winner = s.trick_seat[0]
    for i in range(s.active):
        u.card[i] = s.trick_card[i]
        u.seat[i] = s.trick_seat[i]
        if u.card[i] == pos:
            winner = u.seat[i]
    u.leader = s.leader
    u.trick_mask = s.trick_mask
    s.live &= ~s.trick_mask
    s.leader = winner
    s.played = 0
    s.trick_mask = 0
    return 1 if (winner & 1) == 0 else 0


cdef inline void _unplay(Search* s, int seat, int card, Undo* u) noexcept nogil:
    cdef mask_t bit = (<mask_t> 1) << card
    cdef int i
    if u.closed:
        s.leader = u.leader
        s.trick_mask = u.trick_mask
        s.live |= u.trick_mask
        s.played = s.active
        for i in range(s.active):
            s.trick_card[i] = u.card[i]
            s.trick_seat[i] = u.seat[i]
    s.played -= 1
    s.trick_mask &= ~bit
    s.hand[seat] |= bit


cdef inline bint _fold(bint ns_moves, int v, int* best, int* alpha, int* beta) noexcept nogil:
    """Take a child's value into a max (N-S to move) or min node; True on a cutoff."""
    if ns_moves:
        if v > best[0]:
            best[0] = v
            if v > alpha[0]:
                alpha[0] = v
    elif v < best[0]:
        best[0] = v
        if v < beta[0]:
            beta[0] = v
    return alpha[0] >= beta[0]


cdef int _two_tricks(Search* s, int ply, int seat, int led, mask_t trick, int alpha, int beta) noexcept nogil:
    """N-S tricks from a boundary with two tricks left, fail-soft within
    (alpha, beta), by plain minimax over the first of them (the second is
    forced): cheaper than the general search for so small a tree."""
    cdef mask_t legal = ranked_legal(s.hand[seat], led, s.clubs_plain), bit
    cdef bint ns_moves = (seat & 1) == 0
    cdef int best = -1 if ns_moves else 3, card, v
    while legal:
        card = altbaumer_msb(legal)  # high cards first: they settle the trick sooner
        bit = (<mask_t> 1) << card
        legal &= ~bit
        s.hand[seat] &= ~bit
        s.trick_card[ply] = card
        s.trick_seat[ply] = seat
        if ply + 1 < s.active:
            v = _two_tricks(s, ply + 1, s.next_seat[seat], card if ply == 0 else led, trick | bit, alpha, beta)
        else:
            v = _two_tricks_result(s, trick | bit, s.trick_card[0])
        s.hand[seat] |= bit
        if _fold(ns_moves, v, &best, &alpha, &beta):
            break
    return best


cdef inline int _two_tricks_result(Search* s, mask_t trick, int led) noexcept nogil:
    # First trick from the trick mask; the last from the one card each seat has left.
    cdef int pos = ranked_winner_pos(trick, led), winner = s.trick_seat[0], i
    cdef mask_t last = s.hand[0] | s.hand[1] | s.hand[2] | s.hand[3]
    for i in range(s.active):
        if s.trick_card[i] == pos:
            winner = s.trick_seat[i]
    pos = ranked_winner_pos(last, altbaumer_ctz(s.hand[winner]))
    i = 0
    while not (s.hand[i] >> pos) & 1:
        i += 1
    return (1 if (winner & 1) == 0 else 0) + (1 if (i & 1) == 0 else 0)


cdef inline int _top_run(mask_t mine, mask_t live) noexcept nogil:
    """How many of the highest live cards of a group mine holds in a row."""
    cdef int run = 0
    while live and (mine >> altbaumer_msb(live)) & 1:
        live &= ~((<mask_t> 1) << altbaumer_msb(live))
        run += 1
    return run


cdef inline void _sure_bounds(Search* s, int tricks, int* lower, int* upper) noexcept nogil:
    """Bounds on N-S tricks at a trick boundary from sure winners.

    The seat holding the highest live trump cards wins a trick with each of
    them, whatever is led. A side whose opponents hold no trump card wins
    every trick in which it plays one, and each trick takes at most one trump
    card from each player: at least as many tricks as its longer trump holding.
    With no trump card left at all, the leader cashes the top cards it holds
    in each suit, keeping the lead each time.
    """
    cdef mask_t trumps = s.live & R_TRUMPS
    cdef int seat = 0, run, n_s, e_w, g
    if trumps == 0:
        run = 0
        for g in range(3):
            run += _top_run(s.hand[s.leader], s.live & ((<mask_t> 0x3F) << (6 * g)))
        if run > tricks:
            run = tricks
        if (s.leader & 1) == 0:
            lower[0] = run
        else:
            upper[0] = tricks - run
        return
    while not (s.hand[seat] >> altbaumer_msb(trumps)) & 1:
        seat += 1
    run = _top_run(s.hand[seat], trumps)
    n_s = max(popcount(s.hand[0] & R_TRUMPS), popcount(s.hand[2] & R_TRUMPS))
    e_w = max(popcount(s.hand[1] & R_TRUMPS), popcount(s.hand[3] & R_TRUMPS))
    if (seat & 1) == 0:
        lower[0] = max(run, n_s if e_w == 0 else 0)
    else:
        upper[0] = tricks - max(run, e_w if n_s == 0 else 0)


cdef int _search(Search* s, int alpha, int beta) noexcept nogil:
    """N-S tricks from here (the current trick included), fail-soft within
    (alpha, beta): a result <= alpha is an upper bound, >= beta a lower one,
    anything between is exact."""
    if s.played == 0:
        return _boundary(s, alpha, beta)
    s.nodes += 1
    return _best_move(s, s.next_seat[s.trick_seat[s.played - 1]], alpha, beta)


cdef inline int _best_move(Search* s, int seat, int alpha, int beta) noexcept nogil:
    """The best of seat's cards for its side, fail-soft within (alpha, beta)."""
    cdef int moves[MAX_MOVES]
    cdef int n = _moves(s, seat, moves), best, v, w, i
    cdef bint ns_moves = (seat & 1) == 0
    cdef Undo u
    best = -1 if ns_moves else 99
    for i in range(n):
        w = _play(s, seat, moves[i], &u)
        v = w + _search(s, alpha - w, beta - w)
        _unplay(s, seat, moves[i], &u)
        if _fold(ns_moves, v, &best, &alpha, &beta):
            break
    return best


cdef int _boundary(Search* s, int alpha, int beta) noexcept nogil:
    """_search at a trick boundary: sure-trick bounds, the table, the
    two-trick endgame, then the leads."""
    cdef int tricks = popcount(s.hand[s.leader]), lower = 0, upper, best
    cdef uint64_t key = 0
    cdef bint stored
    s.nodes += 1
    if tricks <= 1:
        return _last_trick_ns(s) if tricks else 0
    upper = tricks
    _sure_bounds(s, tricks, &lower, &upper)
    if lower >= beta:
        return lower
    if upper <= alpha:
        return upper
    stored = tricks * s.active <= TT_MAX_CARDS
    if stored:
        key = _key(s)
        _probe(s.table, key, &lower, &upper)
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
    if lower > alpha:
        alpha = lower
    if upper < beta:
        beta = upper
    if tricks == 2:
        best = _two_tricks(s, 0, s.leader, -1, 0, alpha, beta)
        _store_bounds(s.table, key, best, alpha, beta, lower, upper)
        return best
    best = _best_move(s, s.leader, alpha, beta)
    if stored:
        _store_bounds(s.table, key, best, alpha, beta, lower, upper)
    return best


cdef inline void _store_bounds(Table* t, uint64_t key, int best, int alpha, int beta, int lower, int upper) noexcept nogil:
    """Record what a result searched in (alpha, beta) proves: an upper bound
    if it fell to alpha, a lower bound if it reached beta, else the value."""
    if best <= alpha:
        upper = best if best < upper else upper
    elif best >= beta:
        lower = best if best > lower else lower
    else:
        lower = best
        upper = best
    _store(t, key, lower, upper)


cdef bint _reach(Search* s, int target) noexcept nogil:
    """Can N-S take at least target of the remaining tricks (null window)?"""
    return _search(s, target - 1, target) >= target


cdef inline int _tricks_left(Search* s) noexcept nogil:
    return popcount(s.hand[_to_act(s)])


cdef int _exact(Search* s) noexcept nogil:
    """N-S tricks from here: one full-window search (fewer nodes here than
    null-window probes, since the table keeps exact values)."""
    return _search(s, -1, _tricks_left(s) + 1)


cdef int _setup(Search* s, Table* table, const uint32_t* hands, int trump, int leader,
                const int* trick, int played, int absent) noexcept nogil:
    cdef int seat, i, nxt
    s.table = table
    s.nodes = 0
    s.absent = absent
    s.active = 3 if absent >= 0 else 4
    s.clubs_plain = trump != CLUBS
    for seat in range(4):
        s.hand[seat] = to_ranked(hands[seat], trump)
        nxt = (seat + 3) & 3  # anticlockwise: N -> W -> S -> E
        if nxt == absent:
            nxt = (nxt + 3) & 3
        s.next_seat[seat] = nxt
    s.leader = leader
    s.played = played
    s.trick_mask = 0
    seat = leader
    for i in range(played):
        s.trick_card[i] = ranked_pos(trick[i], trump)
        s.trick_seat[i] = seat
        s.trick_mask |= (<mask_t> 1) << s.trick_card[i]
        seat = s.next_seat[seat]
    s.live = s.trick_mask | s.hand[0] | s.hand[1] | s.hand[2] | s.hand[3]
    return 0


cdef int _DECODE[4][26]     # ranked position -> card index, per trump (-1: unused)


def _fill_decode():
    cdef int trump, card, pos
    for trump in range(4):
        for pos in range(26):
            _DECODE[trump][pos] = -1
        for card in range(N_CARDS):
            _DECODE[trump][ranked_pos(card, trump)] = card


_fill_decode()


cdef void _all_move_values(Search* s, int trump, int8_t* out) noexcept nogil:
    """N-S tricks from here after each legal card of the seat to act, into
    out[card] (24 entries; -1 for cards that may not be played). One search
    per group of equivalent cards; the others copy its value."""
    cdef int moves[MAX_MOVES]
    cdef int values[MAX_MOVES]
    cdef int seat = _to_act(s), n, i, x, p
    cdef int led = s.trick_card[0] if s.played else -1
    cdef mask_t legal = ranked_legal(s.hand[seat], led, s.clubs_plain)
    cdef mask_t others = s.live & ~s.hand[seat]
    for i in range(N_CARDS):
        out[i] = -1
    n = _moves(s, seat, moves)
    for i in range(n):
        values[i] = _move_value(s, seat, moves[i])
    while legal:
        x = altbaumer_ctz(legal)
        legal &= legal - 1
        for i in range(n):
            p = moves[i]
            if p == x or (_RUN_GROUP[p] == _RUN_GROUP[x]
                          and (others & _between(x if x < p else p, p if x < p else x)) == 0):
                out[_DECODE[trump][x]] = <int8_t> values[i]
                break


cdef class Solver:
    """A search context with its own transposition table (``tt_mib`` MiB).

    Entries stay valid across positions, trumps and sides, so one Solver can
    serve any number of calls; a Solver must not be used by two threads at once.
    """

    cdef Table table
    cdef readonly int tt_bits

    def __cinit__(self, double tt_mib=1.0):
        cdef int bits = 10
        if not tt_mib > 0:
            raise ValueError("the transposition table needs a positive size in MiB")
        while bits < 34 and (<double> (1 << (bits + 1))) * 8 <= tt_mib * 1048576.0:
            bits += 1
        self.table.bits = bits
        self.tt_bits = bits
        self.table.slots = <uint64_t*> calloc((<size_t> 1) << bits, sizeof(uint64_t))
        if self.table.slots == NULL:
            raise MemoryError(f"cannot allocate a {tt_mib} MiB transposition table")

    def __dealloc__(self):
        free(self.table.slots)

    @property
    def tt_bytes(self):
        """Memory held by the transposition table."""
        return (1 << self.table.bits) * 8

    def clear(self):
        """Empty the transposition table (never needed for correctness)."""
        cdef size_t i
        for i in range((<size_t> 1) << self.table.bits):
            self.table.slots[i] = 0

    cdef int _prepare(self, Search* s, hands, int trump, int leader, trick, int absent) except -1:
        cdef uint32_t h[4]
        cdef int t[4]
        cdef int i
        if not 0 <= trump < 4 or not 0 <= leader < 4 or not -1 <= absent < 4 or len(trick) > 3:
            raise ValueError("trump, leader and absent seat must be 0..3 and a trick holds at most 3 cards")
        for i in range(4):
            h[i] = hands[i]
        for i in range(len(trick)):
            t[i] = trick[i]
        _setup(s, &self.table, h, trump, leader, t, len(trick), absent)
        return 0

    def value(self, hands, int trump, int leader, trick=(), int absent=-1):
        """(N-S tricks from here, nodes): the exact value of the open position.

        ``hands`` are four card masks (N E S W, standard layout), ``trick``
        the card indices already played to the current trick.
        """
        cdef Search s
        cdef int v
        self._prepare(&s, hands, trump, leader, trick, absent)
        with nogil:
            v = _exact(&s)
        return v, s.nodes

    def reach(self, hands, int trump, int leader, trick=(), int absent=-1, int target=0):
        """(can N-S take ``target`` of the remaining tricks?, nodes)."""
        cdef Search s
        cdef bint r
        self._prepare(&s, hands, trump, leader, trick, absent)
        with nogil:
            r = _reach(&s, target)
        return bool(r), s.nodes

    def move_values(self, hands, int trump, int leader, trick=(), int absent=-1):
        """([(card, N-S tricks from here after it)] for every legal card, nodes)."""
        cdef Search s
        cdef int8_t values[N_CARDS]
        cdef int card
        self._prepare(&s, hands, trump, leader, trick, absent)
        with nogil:
            _all_move_values(&s, trump, values)
        return [(card, values[card]) for card in range(N_CARDS) if values[card] >= 0], s.nodes

    def principal_variation(self, hands, int trump, int leader, trick=(), int absent=-1, int value=-1):
        """([card, ...] one optimal line to the end, N-S tricks from here, nodes).

        ``value``, the N-S tricks from here if already known, saves a search.
        """
        cdef Search s
        cdef int pv[24]
        cdef int n = 0, v = value
        self._prepare(&s, hands, trump, leader, trick, absent)
        with nogil:
            if v < 0:
                v = _exact(&s)
            n = _principal_variation(&s, v, pv)
        return [_DECODE[trump][pv[i]] for i in range(n)], v, s.nodes

    def solve_rows_moves(self, const int64_t[:, ::1] rows, int8_t[:, ::1] out, trick=()):
        """For each row, the makers' tricks in the remaining play (the current
        trick included) after each legal card of the seat to act: out[i, card],
        -1 where the card may not be played. ``trick`` holds the card indices
        already played to the current trick, the same for every row (the
        row's leader led it; the hands no longer hold them). GIL released."""
        cdef Py_ssize_t i, n = rows.shape[0]
        cdef uint64_t nodes = 0
        cdef int t[4]
        cdef int played = len(trick)
        if rows.shape[1] != 8 or out.shape[0] != n or out.shape[1] != N_CARDS:
            raise ValueError("rows must have shape (n, 8) and out shape (n, 24)")
        if played > 3:
            raise ValueError("a trick in progress holds at most 3 cards")
        for i in range(played):
            t[i] = trick[i]
            if not 0 <= t[i] < N_CARDS:
                raise ValueError(f"trick card index {t[i]} is outside 0..23")
        self._check_rows(rows, t, played)
        with nogil:
            for i in range(n):
                _solve_row_moves(&self.table, &rows[i, 0], t, played, &out[i, 0], &nodes)
        return nodes

    cdef int _check_rows(self, const int64_t[:, ::1] rows, const int* trick=NULL, int played=0) except -1:
        cdef Py_ssize_t i, n = rows.shape[0]
        cdef int problem = 0
        with nogil:
            for i in range(n):
                problem = _row_problem(&rows[i, 0], trick, played)
                if problem:
                    break
        if problem:
            raise ValueError(f"batch row {i}: {_ROW_PROBLEMS[problem]}")
        return 0

    def solve_rows(self, const int64_t[:, ::1] rows, int8_t[::1] out, int target=-1):
        """Makers' tricks in the remaining play for each row of a batch (see
        ``BATCH_COLUMNS``; trick boundaries only), or with ``target`` >= 0,
        1 if the makers can reach ``target`` of them else 0. GIL released."""
        cdef Py_ssize_t i, n = rows.shape[0]
        cdef uint64_t nodes = 0
        if rows.shape[1] != 8 or out.shape[0] != n:
            raise ValueError("rows must have shape (n, 8) and out shape (n,)")
        if not -1 <= target <= 5:
            raise ValueError("target must be 0..5 (or -1 for exact values)")
        self._check_rows(rows)
        with nogil:
            for i in range(n):
                out[i] = _solve_row(&self.table, &rows[i, 0], target, &nodes)
        return nodes


_ROW_PROBLEMS = {
    1: "a hand mask has bits outside the 24-card pack",
    2: "a card is in two hands",
    3: "trump, leader, lone or makers out of range",
    4: "the lone seat is not a maker",
    5: "the lone player's partner holds cards, or leads",
    6: "the active hands differ in size or hold more than five cards",
    7: "a card of the current trick is twice in it or still in a hand",
    8: "the trick in progress is as long as a whole trick",
}


cdef int _row_problem(const int64_t* row, const int* trick, int played) noexcept nogil:
    """0 if the row (with the ``played`` cards of the current trick) is a
    position the search can take, else a _ROW_PROBLEMS code."""
    cdef int64_t seen = 0, h
    cdef int seat, i, size = -1, lone = <int> row[6], absent, expected
    cdef int done[4]
    for seat in range(4):
        h = row[seat]
        if h < 0 or h >= (1 << 24):
            return 1
        if seen & h:
            return 2
        seen |= h
        done[seat] = 0
    if not (0 <= row[4] < 4 and 0 <= row[5] < 4 and -1 <= lone < 4 and 0 <= row[7] <= 1):
        return 3
    if lone >= 0 and (lone & 1) != row[7]:
        return 4
    absent = (lone + 2) & 3 if lone >= 0 else -1
    if absent >= 0 and (row[absent] != 0 or row[5] == absent):
        return 5
    if played >= (3 if absent >= 0 else 4):
        return 8
    seat = <int> row[5]
    for i in range(played):
        if seen & ((<int64_t> 1) << trick[i]):
            return 7
        seen |= (<int64_t> 1) << trick[i]
        done[seat] = 1
        seat = (seat + 3) & 3  # anticlockwise, skipping the absent seat
        if seat == absent:
            seat = (seat + 3) & 3
    for seat in range(4):
        if seat != absent:
            # Seats that already played to the current trick hold one card fewer.
            expected = popcount(<mask_t> row[seat]) + done[seat]
            if size < 0:
                size = expected
            elif expected != size:
                return 6
    if size > 5 or (played and size < 1):
        return 6
    return 0


cdef int _move_value(Search* s, int seat, int card) noexcept nogil:
    """N-S tricks from here if seat plays card (the current trick included)."""
    cdef Undo u
    cdef int w = _play(s, seat, card, &u)
    cdef int v = w + _search(s, -1, _tricks_left(s) + 1)
    _unplay(s, seat, card, &u)
    return v


cdef int _principal_variation(Search* s, int value, int* pv) noexcept nogil:
    """Follow optimal cards to the end, keeping N-S's value, recording them."""
    cdef int moves[MAX_MOVES]
    cdef int n_pv = 0, seat, n, i, m, w
    cdef Undo u
    while _tricks_left(s) > 0:
        seat = _to_act(s)
        n = _moves(s, seat, moves)
        m = moves[0]
        for i in range(n):
            w = _play(s, seat, moves[i], &u)
            # A card keeps the value when the rest is worth exactly value - w.
            if _search(s, value - w - 1, value - w + 1) == value - w:
                _unplay(s, seat, moves[i], &u)
                m = moves[i]
                break
            _unplay(s, seat, moves[i], &u)
        pv[n_pv] = m
        n_pv += 1
        value -= _play(s, seat, m, &u)
    return n_pv


cdef int _setup_row(Search* s, Table* table, const int64_t* row, const int* trick, int played) noexcept nogil:
    """Set s up from a batch row and the current trick's cards; returns the
    number of tricks left, the current one included."""
    cdef uint32_t hands[4]
    cdef int seat, lone = <int> row[6]
    for seat in range(4):
        hands[seat] = <uint32_t> row[seat]
    _setup(s, table, hands, <int> row[4], <int> row[5], trick, played, (lone + 2) & 3 if lone >= 0 else -1)
    return popcount(s.hand[_to_act(s)])


cdef int8_t _solve_row(Table* table, const int64_t* row, int target, uint64_t* nodes) noexcept nogil:
    """One batch row: the makers' tricks in the remaining play, or whether
    they reach target of them."""
    cdef Search s
    cdef int no_trick[1]
    cdef int tricks = _setup_row(&s, table, row, no_trick, 0), ns
    cdef bint ns_make = row[7] == 0
    if target >= 0:
        # E-W reach target exactly when N-S stay below tricks - target + 1.
        ns = _reach(&s, target) if ns_make else not _reach(&s, tricks - target + 1)
    else:
        ns = _exact(&s)
        if not ns_make:
            ns = tricks - ns
    nodes[0] += s.nodes
    return <int8_t> ns


cdef void _solve_row_moves(Table* table, const int64_t* row, const int* trick, int played, int8_t* out,
                           uint64_t* nodes) noexcept nogil:
    cdef Search s
    cdef int tricks = _setup_row(&s, table, row, trick, played), card
    _all_move_values(&s, <int> row[4], out)
    if row[7] != 0:
        for card in range(N_CARDS):
            if out[card] >= 0:
                out[card] = <int8_t> (tricks - out[card])
    nodes[0] += s.nodes
