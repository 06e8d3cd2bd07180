# The search context that _search.pyx exports: its C attributes and the checks
# its entry points share. The search itself is module-level C in the .pyx.

from libc.stdint cimport int8_t, int64_t, uint64_t

from table cimport Table


# Every legal card's value in one row (the makers' tricks in the remaining
# play, the current trick included; -1 for cards that may not be played),
# for the compiled players of altbaumer.play._playout, which search from
# their own threads with their own tables. The row must be valid
# (batch_row.pxd, row_problem).
cdef void solve_row_moves(Table* table, const int64_t* row, const int* trick, int played, int8_t* out,
                          uint64_t* nodes) noexcept nogil


cdef class Solver:
    cdef Table table
    cdef readonly int tt_bits

    cdef int _check_rows(self, const int64_t[:, ::1] rows, const int* trick=*, int played=*) except -1
    cdef int _position_row(self, int64_t* row, int* trick, hands, int trump, int leader, cards, int lone,
                           int makers) except -1
