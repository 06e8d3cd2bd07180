# Counter-based random numbers for the compiled modules (cimported; inline
# only, so no runtime module): SplitMix64, whose output depends on a seed and
# a counter alone, so a draw never depends on how work is split between
# threads or which other draws came first.

from libc.stdint cimport uint64_t

cdef extern from *:
    """
    #define ALTBAUMER_SPLITMIX_GAMMA ((uint64_t) 0x9E3779B97F4A7C15ULL)
    """
    const uint64_t SPLITMIX_GAMMA "ALTBAUMER_SPLITMIX_GAMMA"


cdef struct Rng:
    uint64_t seed
    uint64_t counter


cdef inline uint64_t mix64(uint64_t x) noexcept nogil:
    """SplitMix64's finaliser (altbaumer.hidden.partner._mix)."""
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL
    return x ^ (x >> 31)


cdef inline void rng_start(Rng* r, uint64_t seed, uint64_t stream) noexcept nogil:
    """A generator for one ``stream`` (a seat, a world) of ``seed``."""
    r.seed = mix64(seed ^ mix64(stream + SPLITMIX_GAMMA))
    r.counter = 0


cdef inline uint64_t rng_next(Rng* r) noexcept nogil:
    r.counter += 1
    return mix64(r.seed + r.counter * SPLITMIX_GAMMA)


cdef inline uint64_t rng_below(Rng* r, uint64_t bound) noexcept nogil:
    """Uniform in [0, bound), bound >= 1, exactly: draws in the short last
    block of 2**64 are drawn again."""
    cdef uint64_t x, limit = (0ULL - bound) % bound  # 2**64 mod bound
    while True:
        x = rng_next(r)
        if x >= limit:
            return x % bound
