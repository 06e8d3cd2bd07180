"""Exact double-dummy search: alpha-beta by null-window probes, with a
transposition table at trick boundaries.

Everything below ``Solver``'s Python methods runs without the GIL and without
Python objects. The units, as in DDS, are leaf headers of inline functions:
``search_state.pxd`` (hands in the ranked layout of ``cardmask.pxd``, playing
and taking back a card, the layout key), ``moves.pxd`` (move generation),
``table.pxd`` (the transposition table), ``bounds.pxd`` (sure-trick bounds
and the one- and two-trick endings), ``endings.pxd`` (every two-trick ending,
counted once per process) and ``batch_row.pxd`` (the one input
format, and the makers' point of view). This file holds what cannot be split
off: the mutually recursive search, and the entry points.

The search answers one question: can N-S take at least ``target`` of the
remaining tricks (the current one included)? Scoring only ever asks such
thresholds; exact values come from a few probes. Inside the search values
are always N-S tricks, whoever the makers are, so table entries are valid for
every position, trump and pair of sides that maps to the same key; every
entry point takes the lone seat and the makers and answers in makers' tricks.
"""

from libc.stdint cimport int8_t, int64_t, uint8_t, uint64_t
from libc.string cimport memcpy

from batch_row cimport (
    MAX_TRICK,
    ROW_LEADER,
    ROW_LONE,
    ROW_MAKERS,
    ROW_OK,
    ROW_TRUMP,
    ROW_WIDTH,
    makers_target_for_ns,
    makers_tricks,
    row_ns_make,
    row_problem,
    setup_row,
)
from bounds cimport last_trick_ns, sure_bounds
from endings cimport ENDING_BYTES, ENDING_TABLE, ENDINGS, ending_ns, endings_counted, endings_fill_all, endings_init
from cardmask cimport N_CARDS, altbaumer_ctz, mask_t, popcount, ranked_group_mask, ranked_legal, ranked_pos
from moves cimport MAX_MOVES, follow_order, lead_moves, ordered_moves, run_tops
from search_state cimport Search, Undo, fold_child, takes, layout_key, play_card, seat_to_act, tricks_left, unplay_card
from table cimport (
    TT_MAX_CARDS,
    table_bits_for,
    table_bytes,
    table_clear,
    table_close,
    table_open,
    table_prefetch,
    table_probe,
    table_record,
)

__all__ = ["Solver"]


# -- the search -------------------------------------------------------------------------

cdef int _search(Search* s, int alpha, int beta) noexcept nogil:
    """N-S tricks from here (the current trick included), fail-soft within
    (alpha, beta): a result <= alpha is an upper bound, >= beta a lower one,
    anything between is exact. The entry to the search from a position
    kept up by play_card (search_state.pxd)."""
    if s.played == 0:
        return _boundary(s, alpha, beta)
    return _trick(s, s.played, s.next_seat[s.last_seat], ranked_group_mask(s.led), s.win_pos, s.win_seat, s.trick_mask,
                  run_tops(s), alpha, beta)


cdef inline int _trick(Search* s, int ply, int seat, mask_t led_group, int win_pos, int win_seat, mask_t trick,
                       mask_t tops, int alpha, int beta) noexcept nogil:
    """N-S tricks from inside a trick, fail-soft within (alpha, beta):
    ``ply`` cards of it played (``trick``; the led card ranking in
    ``led_group``, ``win_pos`` of ``win_seat`` winning so far; ignored at
    ply 0), ``seat`` to play; ``tops``, the trick's run_tops (moves.pxd). The
    trick lives in these arguments rather than in the Search, so a card costs
    two mask operations on the hand; completing the trick searches the next
    boundary directly."""
    cdef int moves[MAX_MOVES]
    cdef int n, best, v, w, i, card, pos, winner, leader
    cdef bint ns_moves = (seat & 1) == 0
    cdef mask_t bit
    if ply == 0:
        n = lead_moves(s, seat, tops, moves)
    else:
        s.nodes += 1
        n = follow_order(s, seat, led_group, win_pos, win_seat, tops, moves)
    best = -1 if ns_moves else 99
    for i in range(n):
        card = moves[i]
        bit = (<mask_t> 1) << card
        if ply == 0 or takes(card, win_pos, led_group):
            pos = card
            winner = seat
        else:
            pos = win_pos
            winner = win_seat
        s.hand[seat] &= ~bit
        # ply < 3 is implied by active <= 4; said outright, it bounds the
        # recursion for the compiler, which unfolds the trick's seats.
        if ply < 3 and ply + 1 < s.active:
            v = _trick(s, ply + 1, s.next_seat[seat], ranked_group_mask(card) if ply == 0 else led_group, pos, winner,
                       trick | bit, tops, alpha, beta)
        else:
            leader = s.leader
            s.live &= ~(trick | bit)
            s.leader = winner
            w = 1 if (winner & 1) == 0 else 0
            v = w + _boundary(s, alpha - w, beta - w)
            s.leader = leader
            s.live |= trick | bit
        s.hand[seat] |= bit
        if fold_child(ns_moves, v, &best, &alpha, &beta):
            break
    return best


cdef int _boundary(Search* s, int alpha, int beta) noexcept nogil:
    """_search at a trick boundary: the endings of one and two tricks,
    sure-trick bounds, the table, then the leads."""
    cdef int tricks = popcount(s.hand[s.leader]), lower = 0, upper, best
    cdef uint64_t key = 0
    cdef bint stored
    s.nodes += 1
    if tricks <= 1:
        return last_trick_ns(s) if tricks else 0
    if tricks == 2:
        return ending_ns(s)
    stored = tricks * s.active <= TT_MAX_CARDS
    if stored:
        # The bucket loads while the sure tricks are counted.
        key = layout_key(s)
        table_prefetch(s.table, key)
    upper = tricks
    sure_bounds(s, tricks, &lower, &upper)
    # Bounds that meet are the value. They must return here: narrowed to
    # them, the window below would be empty, and the first lead's value would
    # come back as if it were a bound.
    if lower >= beta or lower == upper:
        return lower
    if upper <= alpha:
        return upper
    if stored:
        table_probe(s.table, key, &lower, &upper)
        if lower >= beta or lower == upper:
            return lower
        if upper <= alpha:
            return upper
    if lower > alpha:
        alpha = lower
    if upper < beta:
        beta = upper
    best = _trick(s, 0, s.leader, 0, -1, -1, 0, run_tops(s), alpha, beta)
    if stored:
        table_record(s.table, key, best, alpha, beta, lower, upper)
    return best


cdef bint _reach(Search* s, int target) noexcept nogil:
    """Can N-S take at least target of the remaining tricks (null window)?"""
    return _search(s, target - 1, target) >= target


cdef int _exact(Search* s) noexcept nogil:
    """N-S tricks from here: one full-window search (fewer nodes here than
    null-window probes, since the table keeps exact values)."""
    return _search(s, -1, tricks_left(s) + 1)


cdef int _move_value(Search* s, int seat, int card) noexcept nogil:
    """N-S tricks from here if seat plays card (the current trick included)."""
    cdef Undo u
    cdef int w = play_card(s, seat, card, &u)
    cdef int v = w + _search(s, -1, tricks_left(s) + 1)
    unplay_card(s, seat, card, &u)
    return v


cdef void _all_move_values(Search* s, int trump, int8_t* out) noexcept nogil:
    """N-S tricks from here after each legal card of the seat to act, into
    out[card] (24 entries; -1 for cards that may not be played). One search
    per run of equivalent cards; the others copy its value."""
    cdef int moves[MAX_MOVES]
    cdef int values[MAX_MOVES]
    cdef int seat = seat_to_act(s), n, i, x, top
    cdef int led = s.led if s.played else -1
    cdef mask_t legal = ranked_legal(s.hand[seat], led, s.clubs_plain)
    cdef mask_t tops = run_tops(s) & s.hand[seat]
    for i in range(N_CARDS):
        out[i] = -1
    n = ordered_moves(s, seat, moves)
    for i in range(n):
        values[i] = _move_value(s, seat, moves[i])
    while legal:
        x = altbaumer_ctz(legal)
        legal &= legal - 1
        # A card's run is topped by the lowest top at or above it.
        top = altbaumer_ctz(tops & ~(((<mask_t> 1) << x) - 1))
        for i in range(n):
            if moves[i] == top:
                out[_DECODE[trump][x]] = <int8_t> values[i]
                break


cdef int _principal_variation(Search* s, int value, int* pv) noexcept nogil:
    """Follow optimal cards to the end, keeping N-S's value, recording them."""
    cdef int moves[MAX_MOVES]
    cdef int n_pv = 0, seat, n, i, m, w
    cdef Undo u
    u.leader = 0  # never read before play_card sets it, which gcc cannot see once this is inlined
    while tricks_left(s) > 0:
        seat = seat_to_act(s)
        n = ordered_moves(s, seat, moves)
        m = moves[0]
        for i in range(n):
            w = play_card(s, seat, moves[i], &u)
            # A card keeps the value when the rest is worth exactly value - w.
            if _search(s, value - w - 1, value - w + 1) == value - w:
                unplay_card(s, seat, moves[i], &u)
                m = moves[i]
                break
            unplay_card(s, seat, moves[i], &u)
        pv[n_pv] = m
        n_pv += 1
        value -= play_card(s, seat, m, &u)
    return n_pv


# -- the entry points: one row and the current trick in, makers' tricks out ------------

cdef int _DECODE[4][26]     # ranked position -> card index, per trump (-1: unused)
cdef int CLASS_START[4]     # the makers' final tricks at which each score class starts
CLASS_START[:] = [0, 1, 3, 5]


def _fill_decode():
    cdef int trump, card, pos
    for trump in range(4):
        for pos in range(26):
            _DECODE[trump][pos] = -1
        for card in range(N_CARDS):
            _DECODE[trump][ranked_pos(card, trump)] = card


_fill_decode()
endings_init()
_endings_counted = False


def count_endings(const uint8_t[::1] counted=None):
    """Fill the shared table of two-trick endings (endings.pxd), once per
    process: copied from ``counted`` (the bytes of :func:`endings_bytes` in
    another process) when given, else every ending counted, about 0.2 s,
    which the first Solver pays for every search after it."""
    global _endings_counted
    if _endings_counted:
        return
    if counted is None:
        endings_fill_all()  # under the GIL: no search runs while the table is written
    elif counted.shape[0] == ENDING_BYTES:
        memcpy(ENDING_TABLE, &counted[0], ENDING_BYTES)
    else:
        raise ValueError(f"a table of two-trick endings has {ENDING_BYTES} bytes, not {counted.shape[0]}")
    _endings_counted = True


def endings_bytes():
    """The table of two-trick endings as stored (two bits an ending), counted
    first if no Solver has been made."""
    count_endings()
    return (<char*> ENDING_TABLE)[:ENDING_BYTES]


def endings_table():
    """(entries holding a value, entries): the table of two-trick endings
    is complete once a Solver has been made."""
    return endings_counted(), ENDINGS


cdef int8_t _solve_row(Table* table, const int64_t* row, const int* trick, int played, int target,
                       uint64_t* nodes) noexcept nogil:
    """The makers' tricks in the remaining play, or with target >= 0 whether
    they reach target of them."""
    cdef Search s
    cdef int tricks = setup_row(&s, table, row, trick, played), result
    if target < 0:
        result = makers_tricks(row, tricks, _exact(&s))
    elif row_ns_make(row):
        result = _reach(&s, target)
    else:
        result = not _reach(&s, makers_target_for_ns(row, tricks, target))
    nodes[0] += s.nodes
    return <int8_t> result


cdef bint _makers_reach(Search* s, const int64_t* row, int tricks, int target) noexcept nogil:
    """Can the makers take ``target`` (1..tricks) of the ``tricks`` left?"""
    if row_ns_make(row):
        return _reach(s, target)
    return not _reach(s, makers_target_for_ns(row, tricks, target))


cdef int8_t _solve_row_class(Table* table, const int64_t* row, int taken, uint64_t* nodes) noexcept nogil:
    """The makers' score class at the end of the deal (docs/rules.md,
    Scoring): 0 for no trick, 1 for one or two, 2 for three or four, 3 for
    the march, when they have already taken ``taken`` tricks. A binary
    search over the class boundaries that the remaining tricks leave open:
    one null-window probe per boundary, at most two, none where the sure
    tricks settle it."""
    cdef Search s
    cdef int tricks = setup_row(&s, table, row, NULL, 0), lower = 0, upper, k, cls_lo = 0, cls_hi = 0
    cdef int bound_lo, bound_hi
    # Class k (1..3) starts at CLASS_START[k] final tricks: 1, 3, 5.
    for k in range(1, 4):
        if CLASS_START[k] - taken <= 0:
            cls_lo = k
        if CLASS_START[k] - taken <= tricks:
            cls_hi = k
    if cls_lo < cls_hi and tricks > 1:
        upper = tricks
        sure_bounds(&s, tricks, &lower, &upper)
        # The bounds are N-S tricks; the makers' are those of the makers' side.
        bound_lo = makers_tricks(row, tricks, lower if row_ns_make(row) else upper)
        bound_hi = makers_tricks(row, tricks, upper if row_ns_make(row) else lower)
        while cls_lo < cls_hi and CLASS_START[cls_lo + 1] - taken <= bound_lo:
            cls_lo += 1
        while cls_lo < cls_hi and CLASS_START[cls_hi] - taken > bound_hi:
            cls_hi -= 1
    while cls_lo < cls_hi:
        k = (cls_lo + cls_hi + 1) >> 1
        if _makers_reach(&s, row, tricks, CLASS_START[k] - taken):
            cls_lo = k
        else:
            cls_hi = k - 1
    nodes[0] += s.nodes
    return <int8_t> cls_lo


cdef void solve_row_moves(Table* table, const int64_t* row, const int* trick, int played, int8_t* out,
                           uint64_t* nodes) noexcept nogil:
    """The makers' tricks after each legal card of the seat to act, into
    out[card] (-1 for cards that may not be played)."""
    cdef Search s
    cdef int tricks = setup_row(&s, table, row, trick, played), card
    _all_move_values(&s, <int> row[ROW_TRUMP], out)
    for card in range(N_CARDS):
        if out[card] >= 0:
            out[card] = <int8_t> makers_tricks(row, tricks, out[card])
    nodes[0] += s.nodes


cdef int _solve_row_line(Table* table, const int64_t* row, const int* trick, int played, int value, int* pv,
                         int* length, uint64_t* nodes) noexcept nogil:
    """One optimal line to the end into pv (ranked positions, length[0] of
    them); returns the makers' tricks along it. ``value``, the makers' tricks
    if already known (else -1), saves a search."""
    cdef Search s
    cdef int tricks = setup_row(&s, table, row, trick, played)
    cdef int ns = _exact(&s) if value < 0 else makers_tricks(row, tricks, value)
    length[0] = _principal_variation(&s, ns, pv)
    nodes[0] += s.nodes
    return makers_tricks(row, tricks, ns)


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


cdef int _trick_cards(cards, int* out) except -1:
    """Copy the card indices of a trick in progress into out; returns how many."""
    cdef int i, played = len(cards)
    if played > MAX_TRICK:
        raise ValueError(f"a trick in progress holds at most {MAX_TRICK} cards")
    for i in range(played):
        out[i] = cards[i]
        if not 0 <= out[i] < N_CARDS:
            raise ValueError(f"trick card index {out[i]} is outside 0..23")
    return played


cdef class Solver:
    """A search context with its own transposition table (``tt_mib`` MiB).

    Entries stay valid across positions, trumps and sides, so one Solver can
    serve any number of calls; a Solver must not be used by two threads at once.

    Every method takes a position the same way: ``hands`` (four card masks,
    N E S W, standard layout; the cards of the current trick no longer in
    them), ``trump``, ``leader`` (of the current trick), ``trick`` (the card
    indices already played to it), ``lone`` (the lone seat, or -1) and
    ``makers`` (0 = N-S, 1 = E-W), or a batch of rows of the same fields
    (``altbaumer.dd.rows``); and every value is the makers' tricks in the
    remaining play, the current trick included.
    """

    def __cinit__(self, double tt_mib=1.0):
        if not tt_mib > 0:
            raise ValueError("the transposition table needs a positive size in MiB")
        count_endings()
        if table_open(&self.table, table_bits_for(tt_mib)) < 0:
            raise MemoryError(f"cannot allocate a {tt_mib} MiB transposition table")
        self.tt_bits = self.table.bits

    def __dealloc__(self):
        table_close(&self.table)

    @property
    def tt_bytes(self):
        """Memory held by the transposition table."""
        return table_bytes(&self.table)

    def clear(self):
        """Empty the transposition table (never needed for correctness)."""
        table_clear(&self.table)

    cdef int _position_row(self, int64_t* row, int* trick, hands, int trump, int leader, cards, int lone,
                           int makers) except -1:
        """A single position as a row and its trick, checked as batch rows are;
        returns the number of cards in the trick."""
        cdef int seat, problem
        cdef int played = _trick_cards(cards, trick)
        for seat in range(4):
            row[seat] = hands[seat]
        row[ROW_TRUMP] = trump
        row[ROW_LEADER] = leader
        row[ROW_LONE] = lone
        row[ROW_MAKERS] = makers
        problem = row_problem(row, trick, played)
        if problem != ROW_OK:
            raise ValueError(f"position: {_ROW_PROBLEMS[problem]}")
        return played

    def value(self, hands, int trump, int leader, trick=(), int lone=-1, int makers=0):
        """(the makers' tricks in the remaining play, nodes)."""
        cdef int64_t row[ROW_WIDTH]
        cdef int t[MAX_TRICK]
        cdef int played = self._position_row(row, t, hands, trump, leader, trick, lone, makers)
        cdef uint64_t nodes = 0
        cdef int v
        with nogil:
            v = _solve_row(&self.table, row, t, played, -1, &nodes)
        return v, nodes

    def reach(self, hands, int trump, int leader, trick=(), int lone=-1, int makers=0, int target=0):
        """(can the makers take ``target`` (0..5) of the remaining tricks?, nodes)."""
        cdef int64_t row[ROW_WIDTH]
        cdef int t[MAX_TRICK]
        cdef int played = self._position_row(row, t, hands, trump, leader, trick, lone, makers)
        cdef uint64_t nodes = 0
        cdef bint r
        if not 0 <= target <= 5:
            raise ValueError("target must be 0..5")
        with nogil:
            r = _solve_row(&self.table, row, t, played, target, &nodes)
        return bool(r), nodes

    def move_values(self, hands, int trump, int leader, trick=(), int lone=-1, int makers=0):
        """([(card, the makers' tricks from here after it)] for every legal card, nodes)."""
        cdef int64_t row[ROW_WIDTH]
        cdef int t[MAX_TRICK]
        cdef int played = self._position_row(row, t, hands, trump, leader, trick, lone, makers)
        cdef uint64_t nodes = 0
        cdef int8_t values[N_CARDS]
        cdef int card
        with nogil:
            solve_row_moves(&self.table, row, t, played, values, &nodes)
        return [(card, values[card]) for card in range(N_CARDS) if values[card] >= 0], nodes

    def principal_variation(self, hands, int trump, int leader, trick=(), int lone=-1, int makers=0,
                            int value=-1):
        """([card, ...] one optimal line to the end, the makers' tricks from here, nodes).

        ``value``, the makers' tricks from here if already known, saves a search.
        """
        cdef int64_t row[ROW_WIDTH]
        cdef int t[MAX_TRICK]
        cdef int played = self._position_row(row, t, hands, trump, leader, trick, lone, makers)
        cdef uint64_t nodes = 0
        cdef int pv[N_CARDS]
        cdef int n = 0, v
        with nogil:
            v = _solve_row_line(&self.table, row, t, played, value, pv, &n, &nodes)
        return [_DECODE[trump][pv[i]] for i in range(n)], v, nodes

    cdef int _check_rows(self, const int64_t[:, ::1] rows, const int* trick=NULL, int played=0) except -1:
        cdef Py_ssize_t i, n = rows.shape[0]
        cdef int problem = ROW_OK
        with nogil:
            for i in range(n):
                problem = row_problem(&rows[i, 0], trick, played)
                if problem != ROW_OK:
                    break
        if problem != ROW_OK:
            raise ValueError(f"batch row {i}: {_ROW_PROBLEMS[problem]}")
        return 0

    def solve_rows(self, const int64_t[:, ::1] rows, int8_t[::1] out, int target=-1):
        """The makers' tricks in the remaining play for each row of a batch
        (trick boundaries only), or with ``target`` >= 0, 1 if the makers can
        reach ``target`` of them else 0. Returns the nodes searched."""
        cdef Py_ssize_t i, n = rows.shape[0]
        cdef uint64_t nodes = 0
        cdef int no_trick[1]
        if rows.shape[1] != ROW_WIDTH or out.shape[0] != n:
            raise ValueError(f"rows must have shape (n, {ROW_WIDTH}) and out shape (n,)")
        if not -1 <= target <= 5:
            raise ValueError("target must be 0..5 (or -1 for exact values)")
        self._check_rows(rows)
        with nogil:
            for i in range(n):
                out[i] = _solve_row(&self.table, &rows[i, 0], no_trick, 0, target, &nodes)
        return nodes

    def solve_rows_class(self, const int64_t[:, ::1] rows, int8_t[::1] out, int taken=0):
        """The makers' score class at the end of the deal for each row of a
        batch (trick boundaries only), when they have already taken ``taken``
        tricks: 0 (no trick), 1 (one or two), 2 (three or four) or 3 (all
        five). Returns the nodes searched."""
        cdef Py_ssize_t i, n = rows.shape[0]
        cdef uint64_t nodes = 0
        if rows.shape[1] != ROW_WIDTH or out.shape[0] != n:
            raise ValueError(f"rows must have shape (n, {ROW_WIDTH}) and out shape (n,)")
        if not 0 <= taken <= 5:
            raise ValueError("taken must be 0..5")
        self._check_rows(rows)
        with nogil:
            for i in range(n):
                out[i] = _solve_row_class(&self.table, &rows[i, 0], taken, &nodes)
        return nodes

    def solve_rows_moves(self, const int64_t[:, ::1] rows, int8_t[:, ::1] out, trick=()):
        """For each row, the makers' tricks in the remaining play (the current
        trick included) after each legal card of the seat to act: out[i, card],
        -1 where the card may not be played. ``trick`` holds the card indices
        already played to the current trick, the same for every row (the
        row's leader led it; the hands no longer hold them). Returns the
        nodes searched."""
        cdef Py_ssize_t i, n = rows.shape[0]
        cdef uint64_t nodes = 0
        cdef int t[MAX_TRICK]
        cdef int played
        if rows.shape[1] != ROW_WIDTH or out.shape[0] != n or out.shape[1] != N_CARDS:
            raise ValueError(f"rows must have shape (n, {ROW_WIDTH}) and out shape (n, {N_CARDS})")
        played = _trick_cards(trick, t)
        self._check_rows(rows, t, played)
        with nogil:
            for i in range(n):
                solve_row_moves(&self.table, &rows[i, 0], t, played, &out[i, 0], &nodes)
        return nodes
