# The transposition table of the search (cimported by _search; inline only, so
# no runtime module). Entries hold bounds on N-S tricks, never makers' tricks:
# then one entry serves every position, trump and pair of sides that maps to
# the same layout key.
#
# One slot is 8 bytes: the 56-bit key in the low bits, a lower bound in bits
# 56..58 and an upper bound in 59..61. Slots come in buckets of four (32 bytes,
# aligned as the page-sized allocation is), so a probe reads one cache line.

from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

cdef enum:
    TT_MAX_CARDS = 16          # keys of larger layouts would not fit: not stored
    KEY_BITS = 56
    BOUND_SHIFT_LOWER = 56
    BOUND_SHIFT_UPPER = 59
    TT_MIN_BITS = 10
    TT_MAX_BITS = 34
    BUCKET_SLOTS = 4

# 64-bit constants as C macros: a Cython enum is an int, and a module-level
# variable would be loaded from memory at every probe.
cdef extern from *:
    """
    #define ALTBAUMER_KEY_MASK ((((uint64_t) 1) << 56) - 1)
    #define ALTBAUMER_GOLDEN ((uint64_t) 0x9E3779B97F4A7C15ULL)
    """
    const uint64_t KEY_MASK "ALTBAUMER_KEY_MASK"
    const uint64_t GOLDEN "ALTBAUMER_GOLDEN"   # Fibonacci hashing: keys differ mostly in low bits


cdef struct Table:
    uint64_t* slots
    int bits                    # 2**bits slots, in buckets of four


cdef inline int table_bits_for(double mib) noexcept nogil:
    """The most slots (a power of two, at least 2**TT_MIN_BITS) that fit in mib MiB."""
    cdef int bits = TT_MIN_BITS
    while bits < TT_MAX_BITS and (<double> ((<uint64_t> 1) << (bits + 1))) * 8 <= mib * 1048576.0:
        bits += 1
    return bits


cdef inline int table_open(Table* t, int bits) noexcept nogil:
    """Allocate an empty table of 2**bits slots; -1 if the memory is not there."""
    t.bits = bits
    t.slots = <uint64_t*> calloc((<size_t> 1) << bits, sizeof(uint64_t))
    return -1 if t.slots == NULL else 0


cdef inline void table_close(Table* t) noexcept nogil:
    free(t.slots)
    t.slots = NULL


cdef inline void table_clear(Table* t) noexcept nogil:
    memset(t.slots, 0, ((<size_t> 1) << t.bits) * sizeof(uint64_t))


cdef inline size_t table_bytes(const Table* t) noexcept nogil:
    return ((<size_t> 1) << t.bits) * sizeof(uint64_t)


cdef inline uint64_t* table_bucket(Table* t, uint64_t key) noexcept nogil:
    return t.slots + (((key * GOLDEN) >> (64 - t.bits)) & ~(<uint64_t> (BUCKET_SLOTS - 1)))


cdef extern from *:
    """
    #define altbaumer_prefetch(p) __builtin_prefetch((p), 0, 3)
    """
    void altbaumer_prefetch(const void* p) noexcept nogil


cdef inline void table_prefetch(Table* t, uint64_t key) noexcept nogil:
    """Start loading key's bucket into the cache, to be probed a little later."""
    altbaumer_prefetch(table_bucket(t, key))


cdef inline bint table_probe(Table* t, uint64_t key, int* lower, int* upper) noexcept nogil:
    """The stored bounds of key, if any, into lower and upper."""
    cdef uint64_t* b = table_bucket(t, key)
    cdef int i
    for i in range(BUCKET_SLOTS):
        if (b[i] & KEY_MASK) == key:
            lower[0] = <int> ((b[i] >> BOUND_SHIFT_LOWER) & 7)
            upper[0] = <int> ((b[i] >> BOUND_SHIFT_UPPER) & 7)
            return True
    return False


cdef inline void table_store(Table* t, uint64_t key, int lower, int upper) noexcept nogil:
    cdef uint64_t* b = table_bucket(t, key)
    cdef uint64_t entry = key | (<uint64_t> lower << BOUND_SHIFT_LOWER) | (<uint64_t> upper << BOUND_SHIFT_UPPER)
    cdef int i
    for i in range(BUCKET_SLOTS):
        if (b[i] & KEY_MASK) == key or b[i] == 0:
            b[i] = entry
            return
    # Full bucket: the newest entry goes first and the oldest falls out.
    b[3] = b[2]
    b[2] = b[1]
    b[1] = b[0]
    b[0] = entry


cdef inline void table_record(Table* t, uint64_t key, int best, int alpha, int beta, int lower,
                              int upper) noexcept nogil:
    """Record what a result searched in (alpha, beta) proves, beside the
    bounds already known: an upper bound if it fell to alpha, a lower bound
    if it reached beta, else the value."""
    if best <= alpha:
        upper = best if best < upper else upper
    elif best >= beta:
        lower = best if best > lower else lower
    else:
        lower = best
        upper = best
    table_store(t, key, lower, upper)
