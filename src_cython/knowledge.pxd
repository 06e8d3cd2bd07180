# What one seat knows in the play phase of a deal, in C (cimported; inline
# only, so no runtime module): the places the seat can name for every card,
# and for the others the hidden places ("slots") they may be in, exactly as
# altbaumer.hidden.knowledge.InfoSet builds them from a SeatView (its unknown
# cards in index order, its slots in its order, its pins and voids).
# tests/play/test_engine.py holds the two equal: the same count of worlds,
# and the same world for the same rank.
#
# Cards are indices 0..23 and sets are masks in the standard layout
# (cardmask.pxd); seats are 0..3 (N E S W), teams 0 (N-S) and 1 (E-W).

from libc.stdint cimport uint32_t

from cardmask cimport FULL_PACK, N_CARDS, altbaumer_ctz, legal_mask, mask_t, popcount

cdef enum:
    MAX_SLOTS = 5           # three other hands, the cards out of play, forehand's discard
    SLOT_HAND = 0
    SLOT_OUT = 1
    SLOT_DISCARD = 2
    HAND_CARDS = 5          # game.deal_rules.HAND_SIZE


# The public facts of a deal in play (rules.md, Who knows what) and the
# two private ones a seat may hold: its own hand (in the playout) and, for
# forehand, its discard.
cdef struct Public:
    int trump
    int forehand
    int cutter
    int lone                # the lone seat, or -1
    int absent              # its partner, whose hand is out of play, or -1
    mask_t cut_trees        # taken by the cutter at the cut
    mask_t cut_seen         # seen at the cut and left: stock card 4 (D13)
    mask_t taken            # the stock cards forehand took
    mask_t exposed          # refused and same-suit stock cards, face up
    mask_t discard          # forehand's face-down discard (known to forehand only)
    mask_t played           # every card played so far, the current trick's included
    mask_t voids[4]         # the cards each seat has shown it cannot hold


# One seat's unknown cards (index order) and their slots: ``cap`` cards
# each, kind SLOT_HAND (``slot_seat``'s hand), SLOT_OUT or SLOT_DISCARD;
# ``allowed[i]`` the slot bits card ``cards[i]`` may be in; ``known_in``
# the cards the seat knows to be in each hand (its own hand for itself).
cdef struct Knowledge:
    int n
    int cards[N_CARDS]
    uint32_t allowed[N_CARDS]
    int nslots
    int slot_kind[MAX_SLOTS]
    int slot_seat[MAX_SLOTS]
    int cap[MAX_SLOTS]
    mask_t known_in[4]


cdef inline mask_t forbidden_holdings(int led, int played, int trump) noexcept nogil:
    """The cards a player cannot have held when it played ``played`` (not
    leading) to a trick led with ``led``: ``played`` is not legal from the
    hand {played, card} (altbaumer.hidden.knowledge.forbidden_holdings)."""
    cdef mask_t out = 0, bit = (<mask_t> 1) << played, other
    cdef int card
    for card in range(N_CARDS):
        if card != played:
            other = (<mask_t> 1) << card
            if not legal_mask(bit | other, led, trump) & bit:
                out |= other
    return out


cdef inline int seat_knowledge(const Public* p, const int* sizes, mask_t own, int seat,
                               Knowledge* k) noexcept nogil:
    """What ``seat`` (active, holding ``own``) knows, into k; ``sizes`` are
    the current hand sizes (public, D16). Returns the cards unknown to it,
    or -1 if the rooms do not add up (a state no real deal reaches)."""
    cdef mask_t claimed = p.played | own | p.exposed, known_out, left, rest, card4
    cdef int t, i, j, out_total, out_room, discard_room, fh_slot = -1, out_slot, discard_slot
    cdef uint32_t everywhere
    cdef bint separate = seat != p.forehand and p.forehand != p.absent
    for t in range(4):
        k.known_in[t] = 0
    k.known_in[seat] = own
    known_out = p.exposed
    if seat == p.forehand:
        known_out |= p.discard
        claimed |= p.discard
    elif p.forehand == p.absent:
        left = p.taken & ~p.played  # taken by the absent forehand: out of play, and known
        known_out |= left
        claimed |= left
    card4 = p.cut_seen & ~p.taken & ~p.exposed  # stock card 4, never turned (D13, D6)
    known_out |= card4
    claimed |= card4
    left = p.cut_trees & ~p.played
    if p.cutter != seat:
        if p.cutter == p.absent:
            known_out |= left
        else:
            k.known_in[p.cutter] |= left
        claimed |= left
    # The slots, in InfoSet's order: the other active hands N E S W, out of play, the discard.
    k.nslots = 0
    out_total = N_CARDS - popcount(p.played)
    for t in range(4):
        out_total -= sizes[t]
        if t == seat or t == p.absent:
            continue
        if t == p.forehand:
            fh_slot = k.nslots
        k.slot_kind[k.nslots] = SLOT_HAND
        k.slot_seat[k.nslots] = t
        k.cap[k.nslots] = sizes[t] - popcount(k.known_in[t])
        if k.cap[k.nslots] < 0:
            return -1
        k.nslots += 1
    discard_room = popcount(p.taken) if separate else 0
    out_room = out_total - popcount(known_out) - discard_room
    if out_room < 0:
        return -1
    out_slot = k.nslots
    k.slot_kind[out_slot] = SLOT_OUT
    k.slot_seat[out_slot] = -1
    k.cap[out_slot] = out_room
    k.nslots += 1
    discard_slot = out_slot
    if separate:
        discard_slot = k.nslots
        k.slot_kind[discard_slot] = SLOT_DISCARD
        k.slot_seat[discard_slot] = -1
        k.cap[discard_slot] = discard_room
        k.nslots += 1
    everywhere = (1u << k.nslots) - 1
    rest = FULL_PACK & ~claimed
    k.n = 0
    while rest:
        i = altbaumer_ctz(rest)
        rest &= rest - 1
        k.cards[k.n] = i
        # D5: any card may be discarded; a taken card is kept or discarded face down.
        if (p.taken >> i) & 1:
            k.allowed[k.n] = ((1u << fh_slot) if fh_slot >= 0 else 0) | (1u << discard_slot)
        else:
            k.allowed[k.n] = everywhere
        for j in range(k.nslots):
            if k.slot_kind[j] == SLOT_HAND and (p.voids[k.slot_seat[j]] >> i) & 1:
                k.allowed[k.n] &= ~(1u << j)
        k.n += 1
    j = 0
    for i in range(k.nslots):
        j += k.cap[i]
    return k.n if j == k.n else -1
