# A position as every entry point of the core takes it, single call or batch:
# one int64 row (hands N E S W as card masks, trump, leader, lone seat or -1,
# makers 0 = N-S / 1 = E-W; altbaumer.dd.rows is the Python side of this
# layout) and the cards already played to the current trick. The makers'
# point of view is settled here, in one place: the search itself counts N-S
# tricks. Cimported by _search; inline only, so no runtime module.

from libc.stdint cimport int64_t, uint32_t

from cardmask cimport mask_t, popcount
from search_state cimport Search, search_setup, tricks_left
from table cimport Table

cdef enum:
    ROW_TRUMP = 4
    ROW_LEADER = 5
    ROW_LONE = 6
    ROW_MAKERS = 7
    ROW_WIDTH = 8
    MAX_TRICK = 3               # cards of a trick in progress: one fewer than a whole trick

    # What row_problem finds; the texts are _ROW_PROBLEMS in _search.pyx.
    ROW_OK = 0
    ROW_BAD_MASK = 1
    ROW_CARD_TWICE = 2
    ROW_OUT_OF_RANGE = 3
    ROW_LONE_NOT_MAKER = 4
    ROW_ABSENT_PLAYS = 5
    ROW_BAD_SIZES = 6
    ROW_TRICK_CARD = 7
    ROW_TRICK_TOO_LONG = 8


cdef inline int row_absent(const int64_t* row) noexcept nogil:
    """The seat out of play: the lone player's partner, or -1."""
    cdef int lone = <int> row[ROW_LONE]
    return (lone + 2) & 3 if lone >= 0 else -1


cdef inline int row_problem(const int64_t* row, const int* trick, int played) noexcept nogil:
    """ROW_OK if the row (with the ``played`` cards of the current trick) is
    a position the search can take, else what is wrong with it."""
    cdef int64_t seen = 0, h
    cdef int seat, i, size = -1, lone = <int> row[ROW_LONE], absent, expected
    cdef int done[4]
    for seat in range(4):
        h = row[seat]
        if h < 0 or h >= (1 << 24):
            return ROW_BAD_MASK
        if seen & h:
            return ROW_CARD_TWICE
        seen |= h
        done[seat] = 0
    if not (0 <= row[ROW_TRUMP] < 4 and 0 <= row[ROW_LEADER] < 4 and -1 <= lone < 4
            and 0 <= row[ROW_MAKERS] <= 1):
        return ROW_OUT_OF_RANGE
    if lone >= 0 and (lone & 1) != row[ROW_MAKERS]:
        return ROW_LONE_NOT_MAKER
    absent = row_absent(row)
    if absent >= 0 and (row[absent] != 0 or row[ROW_LEADER] == absent):
        return ROW_ABSENT_PLAYS
    if played >= (3 if absent >= 0 else 4):
        return ROW_TRICK_TOO_LONG
    seat = <int> row[ROW_LEADER]
    for i in range(played):
        if seen & ((<int64_t> 1) << trick[i]):
            return ROW_TRICK_CARD
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
                return ROW_BAD_SIZES
    if size > 5 or (played and size < 1):
        return ROW_BAD_SIZES
    return ROW_OK


cdef inline int setup_row(Search* s, Table* table, const int64_t* row, const int* trick, int played) noexcept nogil:
    """Set s up from a checked row and the current trick's cards; returns the
    number of tricks left, the current one included."""
    cdef uint32_t hands[4]
    cdef int seat
    for seat in range(4):
        hands[seat] = <uint32_t> row[seat]
    search_setup(s, table, hands, <int> row[ROW_TRUMP], <int> row[ROW_LEADER], trick, played, row_absent(row))
    return tricks_left(s)


cdef inline bint row_ns_make(const int64_t* row) noexcept nogil:
    return row[ROW_MAKERS] == 0


cdef inline int makers_tricks(const int64_t* row, int tricks, int ns_tricks) noexcept nogil:
    """The makers' tricks of ``tricks`` left when N-S take ns_tricks of them
    (and the other way round: the map is its own inverse)."""
    return ns_tricks if row[ROW_MAKERS] == 0 else tricks - ns_tricks


cdef inline int makers_target_for_ns(const int64_t* row, int tricks, int target) noexcept nogil:
    """The N-S threshold equivalent to the makers reaching ``target`` of
    ``tricks``: for E-W makers, N-S staying below tricks - target + 1 (the
    answer is then negated)."""
    return target if row[ROW_MAKERS] == 0 else tricks - target + 1
