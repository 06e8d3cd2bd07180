# The state of one search: the hands in the ranked layout of cardmask.pxd, the
# trick in progress, and how a card is played and taken back (cimported by
# _search; inline only, so no runtime module). Also the layout key the
# transposition table files a trick boundary under. play_card and unplay_card
# keep the trick in progress here for the entry points (a position given in
# the middle of a trick, every card's value, the principal variation); inside
# the search the trick lives in the arguments of _search's _trick, and only
# the hands, the live cards and the leader change here.
#
# The search keeps N-S's point of view throughout; who the makers are is
# settled at the entry points (batch_row.pxd), so nothing here depends on it.

from libc.stdint cimport uint32_t, uint64_t

from cardmask cimport (
    CLUBS,
    R_TRUMP_BASE,
    R_ORDINARY_TRUMPS,
    R_TREES,
    altbaumer_pext,
    mask_t,
    popcount,
    ranked_group_mask,
    ranked_pos,
    to_ranked,
)
from table cimport Table

cdef enum:
    NO_SEAT = -1


cdef struct Search:
    mask_t hand[4]              # ranked layout
    int next_seat[4]            # play order, skipping the absent seat
    int absent                  # NO_SEAT, or the lone player's partner
    int active                  # cards per trick: 3 or 4
    bint clubs_plain            # clubs are not trump: the Trees follow club leads
    int leader
    int played                  # cards in the current trick
    # The current trick, kept up as cards are played (valid while played > 0):
    int led                     # the card led
    int win_pos                 # the card winning so far
    int win_seat                # and its seat
    int last_seat               # the seat that played last
    mask_t trick_mask
    mask_t live                 # every card still in a hand or on the table
    uint64_t nodes
    Table* table


cdef struct Undo:
    bint closed                 # the card completed a trick
    int leader                  # of the completed trick
    int led
    mask_t trick_mask
    int win_pos                 # the trick as it stood before the card
    int win_seat
    int last_seat


cdef inline int search_setup(Search* s, Table* table, const uint32_t* hands, int trump, int leader,
                             const int* trick, int played, int absent) noexcept nogil:
    """s for hands (standard layout) with ``played`` cards of the current
    trick (card indices, from the leader on) already on the table."""
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
    s.played = 0
    s.trick_mask = 0
    seat = leader
    for i in range(played):
        # Only the current trick's state changes: the card is already out of its hand.
        follow_trick(s, seat, ranked_pos(trick[i], trump))
        seat = s.next_seat[seat]
    s.live = s.trick_mask | s.hand[0] | s.hand[1] | s.hand[2] | s.hand[3]
    return 0


cdef inline bint takes(int card, int best, mask_t led_group) noexcept nogil:
    """Whether card takes the trick from best (ranked positions) when the led
    card ranks in led_group (ranked_group_mask): a higher trump card, or a
    higher card of the suit led."""
    return card > best and (card >= R_TRUMP_BASE or (led_group >> card) & 1)


cdef inline bint beats(int card, int best, int led) noexcept nogil:
    """takes, for the led card itself."""
    return takes(card, best, ranked_group_mask(led))


cdef inline void follow_trick(Search* s, int seat, int card) noexcept nogil:
    """The current trick once seat has added card to it."""
    if s.played == 0:
        s.led = card
        s.win_pos = card
        s.win_seat = seat
    elif beats(card, s.win_pos, s.led):
        s.win_pos = card
        s.win_seat = seat
    s.last_seat = seat
    s.trick_mask |= (<mask_t> 1) << card
    s.played += 1


cdef inline int seat_to_act(Search* s) noexcept nogil:
    if s.played == 0:
        return s.leader
    return s.next_seat[s.last_seat]


cdef inline int tricks_left(Search* s) noexcept nogil:
    """The tricks still to finish, the current one included."""
    return popcount(s.hand[seat_to_act(s)])


cdef inline int play_card(Search* s, int seat, int card, Undo* u) noexcept nogil:
    """Play card for seat. Returns 1 if it completes a trick that N-S win, else 0."""
    s.hand[seat] &= ~((<mask_t> 1) << card)
    u.win_pos = s.win_pos
    u.win_seat = s.win_seat
    u.last_seat = s.last_seat
    follow_trick(s, seat, card)
    u.closed = s.played == s.active
    if not u.closed:
        return 0
    u.leader = s.leader
    u.led = s.led
    u.trick_mask = s.trick_mask
    s.live &= ~s.trick_mask
    s.leader = s.win_seat
    s.played = 0
    s.trick_mask = 0
    return 1 if (s.win_seat & 1) == 0 else 0


cdef inline void unplay_card(Search* s, int seat, int card, Undo* u) noexcept nogil:
    cdef mask_t bit = (<mask_t> 1) << card
    if u.closed:
        s.leader = u.leader
        s.led = u.led
        s.trick_mask = u.trick_mask
        s.live |= u.trick_mask
        s.played = s.active
    s.played -= 1
    s.trick_mask &= ~bit
    s.hand[seat] |= bit
    s.win_pos = u.win_pos
    s.win_seat = u.win_seat
    s.last_seat = u.last_seat


cdef inline bint fold_child(bint ns_moves, int v, int* best, int* alpha, int* beta) noexcept nogil:
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


cdef inline uint64_t layout_key(Search* s) noexcept nogil:
    """The layout key at a trick boundary (at most 16 live cards).

    Fixed-width fields, so the key is injective: the leader, the absent seat,
    whether clubs are plain; the number of live cards in each group (Trees,
    ordinary trumps, each plain suit); then, for each active seat but the last
    (whose cards are the rest), which of the cards not yet assigned it holds,
    numbered from the lowest live card up: 16, 12 and 8 bits, since each seat
    takes a quarter of at most 16 live cards. Only the order of live cards
    enters, never which cards are gone, so layouts that differ only in which
    cards are gone share an entry (DDS's relative ranks).
    """
    cdef mask_t rest = s.live
    cdef uint64_t key = <uint64_t> (s.leader | ((s.absent + 1) << 2) | (s.clubs_plain << 5))
    # The first two active seats in N E S W order; with four, S third.
    cdef int first = 1 if s.absent == 0 else 0
    cdef int second = first + 1 + (first + 1 == s.absent)
    key = (key << 2) | popcount(rest & R_TREES)
    key = (key << 3) | popcount(rest & R_ORDINARY_TRUMPS)
    key = (key << 3) | popcount(rest & 0x3F)
    key = (key << 3) | popcount(rest & 0xFC0)
    key = (key << 3) | popcount(rest & 0x3F000)
    key = (key << 16) | altbaumer_pext(s.hand[first], rest)
    rest &= ~s.hand[first]
    key = (key << 12) | altbaumer_pext(s.hand[second], rest)
    if s.absent < 0:
        rest &= ~s.hand[second]
        key = (key << 8) | altbaumer_pext(s.hand[2], rest)
    return key
