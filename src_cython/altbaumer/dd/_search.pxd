# The search context that _search.pyx exports: its C attributes and the checks
# its entry points share. The search itself is module-level C in the .pyx.

from libc.stdint cimport int64_t

from table cimport Table


cdef class Solver:
    cdef Table table
    cdef readonly int tt_bits

    cdef int _check_rows(self, const int64_t[:, ::1] rows, const int* trick=*, int played=*) except -1
    cdef int _position_row(self, int64_t* row, int* trick, hands, int trump, int leader, cards, int lone,
                           int makers) except -1
