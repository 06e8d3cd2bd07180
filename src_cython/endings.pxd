# The endings of two tricks, each counted once per process (cimported by
# _search; inline only, so no runtime module). Values are N-S tricks, as
# everywhere in the search.
#
# With two cards in every active hand, an ending's value depends only on the
# order of its live cards, lowest first: which group each belongs to (a plain
# suit, the ordinary trumps, the Trees) and which seat holds it, counted from
# the leader; on which seats are partners; and on whether clubs are plain. So
# the ending is filed under a dense index of those (1.9 million endings in
# all) in a table of two bits each (463 KB, which stays in the L2 cache beside
# the transposition table), shared by every Solver and thread of the process.
# The first Solver counts them all (endings_fill_all, 0.2 s) or copies the
# table counted before and shipped with the package (altbaumer.dd.endings); an
# ending then costs its index and one load, instead of the sure bounds, a table
# probe and a minimax.

from libc.stdint cimport int16_t, uint8_t, uint32_t

from bounds cimport two_tricks
from cardmask cimport R_ORDINARY_TRUMPS, altbaumer_pext, mask_t, popcount
from search_state cimport Search

# Sizes: full endings, 8 live cards in 5 groups, at most six to a group and
# two Trees (349 ways to count them into groups), held two apiece by 4 seats
# in order (8!/2^4 = 2520); lone endings, 6 live cards (175 ways) held by 3
# seats (6!/2^3 = 90), in one of the 3 ways the lone player's seat can fall in
# the order. Each once with clubs plain and once with clubs trump: 1,853,460
# endings.
#
# Each entry holds the leader's side's tricks plus one, so that an entry never
# counted reads 0 (the C runtime zeroes the table), which endings_counted
# checks for.
cdef extern from *:
    """
    #define ALTBAUMER_FULL_COUNTS 349
    #define ALTBAUMER_LONE_COUNTS 175
    #define ALTBAUMER_FULL_ENDINGS (2 * ALTBAUMER_FULL_COUNTS * 2520)
    #define ALTBAUMER_ENDINGS (ALTBAUMER_FULL_ENDINGS + 2 * 3 * ALTBAUMER_LONE_COUNTS * 90)
    #define ALTBAUMER_ENDING_BYTES ((ALTBAUMER_ENDINGS + 3) / 4)
    static uint8_t altbaumer_endings[ALTBAUMER_ENDING_BYTES];
    /* group counts (c0 + 7 c1 + 49 c2 + 343 c3; the Trees are the rest) -> their dense number */
    static int16_t altbaumer_counts_of[2][2401];
    /* colex rank of a mask of two bits: C(high, 2) + low, whatever the width */
    static uint8_t altbaumer_pair_rank[256];
    static CYTHON_INLINE int altbaumer_ending_code(uint32_t i) {
        return (altbaumer_endings[i >> 2] >> (2 * (i & 3))) & 3;
    }
    static CYTHON_INLINE void altbaumer_ending_set(uint32_t i, int code) {
        altbaumer_endings[i >> 2] |= (uint8_t) (code << (2 * (i & 3)));
    }
    """
    const int FULL_COUNTS "ALTBAUMER_FULL_COUNTS"
    const int LONE_COUNTS "ALTBAUMER_LONE_COUNTS"
    const uint32_t FULL_ENDINGS "ALTBAUMER_FULL_ENDINGS"
    const uint32_t ENDINGS "ALTBAUMER_ENDINGS"
    const uint32_t ENDING_BYTES "ALTBAUMER_ENDING_BYTES"
    uint8_t ENDING_TABLE "altbaumer_endings"[1]  # ENDING_BYTES of them: the table as stored
    int16_t COUNTS_OF "altbaumer_counts_of"[2][2401]
    uint8_t PAIR_RANK "altbaumer_pair_rank"[256]
    int ending_code "altbaumer_ending_code"(uint32_t i) noexcept nogil
    void ending_set "altbaumer_ending_set"(uint32_t i, int code) noexcept nogil


cdef inline void endings_init() noexcept nogil:
    """Number the group counts and the pairs (once, at module import)."""
    cdef int lone, c0, c1, c2, c3, trees, n, low, high
    for lone in range(2):
        n = 0
        for c3 in range(7):
            for c2 in range(7):
                for c1 in range(7):
                    for c0 in range(7):
                        trees = (6 if lone else 8) - c0 - c1 - c2 - c3
                        COUNTS_OF[lone][c0 + 7 * c1 + 49 * c2 + 343 * c3] = n if 0 <= trees <= 2 else -1
                        if 0 <= trees <= 2:
                            n += 1
    for high in range(8):
        for low in range(high):
            PAIR_RANK[(1 << high) | (1 << low)] = <uint8_t> (high * (high - 1) // 2 + low)


cdef inline uint32_t ending_index(Search* s) noexcept nogil:
    """The ending's place in the table (two tricks left, at a boundary)."""
    cdef mask_t live = s.live, rest
    cdef int o0 = s.leader, o1 = s.next_seat[o0], o2 = s.next_seat[o1], lone = s.absent >= 0
    cdef uint32_t counts = COUNTS_OF[lone][popcount(live & 0x3F) + 7 * popcount(live & 0xFC0)
                                           + 49 * popcount(live & 0x3F000) + 343 * popcount(live & R_ORDINARY_TRUMPS)]
    cdef uint32_t first = PAIR_RANK[altbaumer_pext(s.hand[o0], live)]
    rest = live & ~s.hand[o0]
    cdef uint32_t second = PAIR_RANK[altbaumer_pext(s.hand[o1], rest)]
    rest &= ~s.hand[o1]
    if not lone:
        return ((s.clubs_plain * FULL_COUNTS + counts) * 28 + first) * 90 + second * 6 + PAIR_RANK[
            altbaumer_pext(s.hand[o2], rest)]
    # Which of the two followers is the leader's partner, if either.
    cdef uint32_t sides = (((o1 ^ o0) & 1) == 0) + 2 * (((o2 ^ o0) & 1) == 0)
    return FULL_ENDINGS + (((s.clubs_plain * 3 + sides) * LONE_COUNTS + counts) * 15 + first) * 6 + second


cdef inline int ending_ns(Search* s) noexcept nogil:
    """N-S tricks (0..2) at a boundary with two tricks left, exact (once
    endings_fill_all has run)."""
    cdef int mine = ending_code(ending_index(s)) - 1
    return mine if (s.leader & 1) == 0 else 2 - mine


cdef inline int _owner_sequences(int cards, int active, uint8_t* out) noexcept nogil:
    """Every sequence of ``cards`` owners (relative seats 0..active-1) with two
    cards each, ``cards`` bytes a sequence, into out; returns how many."""
    cdef int code, left, j, n = 0
    cdef int count[4]
    for code in range(active ** cards):
        left = code
        count[:] = [0, 0, 0, 0]
        for j in range(cards):
            out[n * cards + j] = <uint8_t> (left % active)
            count[left % active] += 1
            left //= active
        if count[0] == 2 and count[1] == 2 and count[2] == 2 and (active == 3 or count[3] == 2):
            n += 1
    return n


cdef inline void _fill_layouts(Search* s, int lone, const int* seats, const uint8_t* owners,
                               int sequences) noexcept nogil:
    """Every ending of one kind (full or lone, clubs plain or not, the seats
    in order from the leader given) into the table."""
    cdef int cards = 6 if lone else 8
    cdef int c[5]
    cdef int pos[8]
    cdef int base[5]
    cdef int key, g, j, k, q, ns
    base[:] = [0, 6, 12, 18, 24]
    for key in range(2401):
        if COUNTS_OF[lone][key] < 0:
            continue
        c[0] = key % 7
        c[1] = key // 7 % 7
        c[2] = key // 49 % 7
        c[3] = key // 343
        c[4] = cards - c[0] - c[1] - c[2] - c[3]
        j = 0
        s.live = 0
        for g in range(5):
            for k in range(c[g]):
                pos[j] = base[g] + k
                s.live |= (<mask_t> 1) << pos[j]
                j += 1
        for q in range(sequences):
            s.hand[0] = s.hand[1] = s.hand[2] = s.hand[3] = 0
            for j in range(cards):
                s.hand[seats[owners[q * cards + j]]] |= (<mask_t> 1) << pos[j]
            ns = two_tricks(s, 0, s.leader, -1, -1, -1, -1, 3)
            ending_set(ending_index(s), 1 + (ns if (s.leader & 1) == 0 else 2 - ns))


cdef inline void endings_fill_all() noexcept nogil:
    """Count every ending (0.2 s on one core; before any search, since the
    table is written without locks). Counting them instead as the search
    meets them was measured slower: most two-trick boundaries of the first
    hundred thousand random deals would pay a full minimax."""
    cdef Search s
    cdef int seats[4]
    cdef int leaders[3]
    cdef int plain, leader
    cdef uint8_t full_owners[2521 * 8]  # one spare: the last sequence tried is written before it is judged
    cdef uint8_t lone_owners[91 * 6]
    cdef int full_n = _owner_sequences(8, 4, full_owners), lone_n = _owner_sequences(6, 3, lone_owners)
    for plain in range(2):
        s.clubs_plain = plain
        s.played = 0
        # Full endings: N leads; the order is N, W, S, E (search_state.pxd).
        s.absent = -1
        s.active = 4
        s.next_seat[:] = [3, 0, 1, 2]
        s.leader = 0
        seats[:] = [0, 3, 2, 1]
        _fill_layouts(&s, 0, seats, full_owners, full_n)
        # Lone endings, N alone and S out: N, W then E lead in turn, which
        # puts the lone player first, second and third.
        s.absent = 2
        s.active = 3
        s.next_seat[:] = [3, 0, 1, 1]
        leaders[:] = [0, 3, 1]
        for leader in leaders:
            s.leader = leader
            seats[0] = leader
            seats[1] = s.next_seat[leader]
            seats[2] = s.next_seat[seats[1]]
            _fill_layouts(&s, 1, seats, lone_owners, lone_n)


cdef inline uint32_t endings_counted() noexcept nogil:
    """How many entries hold a value (all ENDINGS once counted)."""
    cdef uint32_t i, n = 0
    for i in range(ENDINGS):
        n += ending_code(i) != 0
    return n
