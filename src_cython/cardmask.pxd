# Bitmask card rules shared by the compiled modules (cimported, never imported).
#
# Card index = suit * 6 + rank (suits C S H D = 0..3, ranks 9 T J Q K A = 0..5),
# a set of cards is a uint32 with bit i = card i; see altbaumer.game.cards. Every
# function here repeats a rule of altbaumer.game.rules, which is the specification;
# tests/game/test_kernels.py holds the two equal.
#
# This header must stay free of non-inline cdef functions and Python-level
# objects: then cimporting it makes no runtime import of a ``cardmask``
# module (there is none), and _kernels and _search each get their own inlined
# copy. Rank orders are packed into integer constants for the same reason:
# no lookup table that would need module initialisation.

from libc.stdint cimport uint32_t

ctypedef uint32_t mask_t

# popcount / count-trailing-zeros: the builtins compile to one instruction on
# gcc and clang; the fallback keeps other compilers working.
cdef extern from *:
    """
    #if defined(__BMI2__)
    #include <immintrin.h>
    static CYTHON_INLINE uint32_t altbaumer_pext(uint32_t x, uint32_t m) { return _pext_u32(x, m); }
    static CYTHON_INLINE uint32_t altbaumer_pdep(uint32_t x, uint32_t m) { return _pdep_u32(x, m); }
    #else
    static CYTHON_INLINE uint32_t altbaumer_pext(uint32_t x, uint32_t m) {
        uint32_t out = 0, bit = 1;
        for (; m; m &= m - 1, bit <<= 1)
            if (x & m & (0u - m)) out |= bit;
        return out;
    }
    static CYTHON_INLINE uint32_t altbaumer_pdep(uint32_t x, uint32_t m) {
        uint32_t out = 0, bit = 1;
        for (; m; m &= m - 1, bit <<= 1)
            if (x & bit) out |= m & (0u - m);
        return out;
    }
    #endif
    #if defined(__GNUC__) || defined(__clang__)
    static CYTHON_INLINE int altbaumer_popcount(uint32_t x) { return __builtin_popcount(x); }
    static CYTHON_INLINE int altbaumer_ctz(uint32_t x) { return __builtin_ctz(x); }
    static CYTHON_INLINE int altbaumer_msb(uint32_t x) { return 31 - __builtin_clz(x); }
    #else
    static CYTHON_INLINE int altbaumer_popcount(uint32_t x) {
        x = x - ((x >> 1) & 0x55555555u);
        x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
        return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
    }
    static CYTHON_INLINE int altbaumer_ctz(uint32_t x) {
        int n = 0;
        while (!(x & 1u)) { x >>= 1; ++n; }
        return n;
    }
    static CYTHON_INLINE int altbaumer_msb(uint32_t x) {
        int n = 31;
        while (!(x & 0x80000000u)) { x <<= 1; --n; }
        return n;
    }
    #endif
    """
    int altbaumer_popcount(uint32_t x) noexcept nogil
    int altbaumer_ctz(uint32_t x) noexcept nogil   # undefined for x == 0
    int altbaumer_msb(uint32_t x) noexcept nogil   # index of the highest bit; undefined for x == 0
    uint32_t altbaumer_pext(uint32_t x, uint32_t m) noexcept nogil  # the bits of x under m, packed low
    uint32_t altbaumer_pdep(uint32_t x, uint32_t m) noexcept nogil  # the low bits of x spread over m: pext undone


cdef enum:
    CLUBS = 0
    SPADES = 1
    HEARTS = 2
    DIAMONDS = 3

    NINE = 0
    TEN = 1
    JACK = 2
    QUEEN = 3
    KING = 4
    ACE = 5

    NO_CARD = -1          # "nothing led yet" for legal_mask; "no card" results
    N_CARDS = 24
    BIG_TREE = 3          # Q♣
    LITTLE_TREE = 2       # J♣

    SUIT_BITS = 0x3F                  # the six cards of clubs; shift by 6 * suit
    FULL_PACK = 0xFFFFFF
    TREES = 0x0C                      # Q♣ | J♣
    ORDINARY_CLUBS = 0x33             # A♣ K♣ 10♣ 9♣: clubs that are not Trees

    # Rank -> place in its ranking (0 = lowest), three bits per rank, so the
    # lookup is a shift. Below the Trees a trump suit runs A K 10 Q J 9
    # (rules._TRUMP_FACE_ORDER); a plain suit runs A 10 K Q J 9.
    TRUMP_ORDER = (0 << 3*NINE) | (3 << 3*TEN) | (1 << 3*JACK) | (2 << 3*QUEEN) | (4 << 3*KING) | (5 << 3*ACE)
    PLAIN_ORDER = (0 << 3*NINE) | (4 << 3*TEN) | (1 << 3*JACK) | (2 << 3*QUEEN) | (3 << 3*KING) | (5 << 3*ACE)

    # card_power bands: 0 cannot win < led suit 1..6 < trump suit 8..13 < J♣ < Q♣.
    POWER_PLAIN = 1
    POWER_TRUMP = 8
    POWER_LITTLE_TREE = 14
    POWER_BIG_TREE = 15


cdef inline int popcount(mask_t m) noexcept nogil:
    return altbaumer_popcount(m)


cdef inline int lowest_card(mask_t m) noexcept nogil:
    """Index of the lowest card in m, NO_CARD if m is empty (for bit loops)."""
    if m == 0:
        return NO_CARD
    return altbaumer_ctz(m)


cdef inline int card_suit(int card) noexcept nogil:
    return card // 6


cdef inline int card_rank(int card) noexcept nogil:
    return card % 6


cdef inline mask_t card_bit(int card) noexcept nogil:
    return (<mask_t> 1) << card


cdef inline mask_t suit_mask(int suit) noexcept nogil:
    """All six cards of suit by face (for clubs this includes the Trees)."""
    return (<mask_t> SUIT_BITS) << (6 * suit)


cdef inline mask_t trump_mask(int trump) noexcept nogil:
    """The trump cards: both Trees and the whole trump suit (rules.trump_cards)."""
    return <mask_t> TREES | suit_mask(trump)


cdef inline bint is_trump_card(int card, int trump) noexcept nogil:
    return (trump_mask(trump) >> card) & 1


cdef inline mask_t legal_mask(mask_t hand, int led, int trump) noexcept nogil:
    """The cards of hand that may follow the card led (rules.follow_obligation).

    led == NO_CARD means hand leads: every card is legal.
    """
    cdef mask_t trumps = trump_mask(trump)
    cdef mask_t held
    if led < 0:
        return hand
    if (trumps >> led) & 1:
        # rule 1: a trump card led
        held = hand & trumps
    else:
        # rules 2 and 3: a plain card of suit X led. Follow X by face, then
        # trump. For an ordinary club X's six cards include the Trees, which
        # gives rule 2 exactly: ordinary clubs or Trees, else Trees, else
        # trumps (the Trees are gone, so ordinary ones). Other suits hold no Tree.
        held = hand & suit_mask(card_suit(led))
        if held == 0:
            held = hand & trumps
    return held if held else hand


cdef inline int card_power(int card, int trump, int led_suit) noexcept nogil:
    """Higher wins the trick; 0 for cards that cannot win (rules.card_power order).

    Distinct for every card that can win, so ties only happen at 0.
    """
    cdef int suit, rank
    if card == BIG_TREE:
        return POWER_BIG_TREE
    if card == LITTLE_TREE:
        return POWER_LITTLE_TREE
    suit = card_suit(card)
    rank = card_rank(card)
    if suit == trump:
        return POWER_TRUMP + ((TRUMP_ORDER >> (3 * rank)) & 7)
    if suit == led_suit:
        return POWER_PLAIN + ((PLAIN_ORDER >> (3 * rank)) & 7)
    return 0


cdef inline int trick_winner(const int* cards, int n, int trump) noexcept nogil:
    """Position (0..n-1) of the winning card of a trick of n >= 1 cards, leader first."""
    cdef int led_suit = card_suit(cards[0])
    cdef int best = 0
    cdef int best_power = card_power(cards[0], trump, led_suit)
    cdef int i, p
    for i in range(1, n):
        p = card_power(cards[i], trump, led_suit)
        if p > best_power:
            best = i
            best_power = p
    return best


cdef inline mask_t contenders(int trump, int led_suit) noexcept nogil:
    """The cards with nonzero power in a trick led in led_suit: all others lose."""
    return trump_mask(trump) | suit_mask(led_suit)


cdef inline int best_card(mask_t cards, int trump, int led_suit) noexcept nogil:
    """The card of cards with the highest power, NO_CARD if none can win."""
    cdef mask_t rest = cards & contenders(trump, led_suit)
    cdef int best = NO_CARD
    cdef int best_power = 0
    cdef int c, p
    # A trump card, if held, beats every plain card: look no further.
    if rest & trump_mask(trump):
        rest &= trump_mask(trump)
    while rest:
        c = altbaumer_ctz(rest)
        rest &= rest - 1
        p = card_power(c, trump, led_suit)
        if p > best_power:
            best = c
            best_power = p
    return best


cdef inline mask_t beating_mask(int card, int trump, int led_suit) noexcept nogil:
    """Every card of the pack that would beat card in a trick led in led_suit.

    For a trump card these are the higher trump cards; for a card of the led
    suit, the higher cards of that suit and every trump card.
    """
    cdef int power = card_power(card, trump, led_suit)
    cdef mask_t rest = contenders(trump, led_suit)
    cdef mask_t beaters = 0
    cdef int c
    if power >= POWER_TRUMP:
        rest &= trump_mask(trump)
    while rest:
        c = altbaumer_ctz(rest)
        rest &= rest - 1
        if card_power(c, trump, led_suit) > power:
            beaters |= card_bit(c)
    return beaters


# ---- the solver's ranked layout ----------------------------------------------
#
# For a fixed trump the search renumbers the cards so that inside every group
# a higher bit is a higher card: bits 0..17 hold the three plain suits (six
# bits each, in display order; when clubs are not trump, slot 0 is the
# ordinary clubs, using bits 2..5), bits 18..23 the ordinary trumps (A K 10 Q
# J 9 from the top), bit 24 the Little Tree and bit 25 the Big Tree. Then the
# best card of a group is its highest bit and the trick winner is one mask
# operation. Relative order is all that matters, so the gaps left by the
# Trees are harmless. tests/game/test_kernels.py holds these equal to rules.py.

cdef enum:
    R_TRUMP_BASE = 18
    R_TRUMPS = 0x3FC0000          # bits 18..25: every trump card
    R_TREES = 0x3000000           # bits 24, 25
    R_ORDINARY_TRUMPS = 0x0FC0000 # bits 18..23
    R_LITTLE_TREE = 24
    R_BIG_TREE = 25
    R_SLOT_BITS = 0x3F


cdef inline int ranked_pos(int card, int trump) noexcept nogil:
    """The bit of card in the ranked layout for trump."""
    cdef int suit = card_suit(card)
    cdef int rank = card_rank(card)
    if card == BIG_TREE:
        return R_BIG_TREE
    if card == LITTLE_TREE:
        return R_LITTLE_TREE
    if suit == trump:
        return R_TRUMP_BASE + ((TRUMP_ORDER >> (3 * rank)) & 7)
    # slot: the suit's place among the three plain suits, in display order
    return 6 * (suit - (suit > trump)) + ((PLAIN_ORDER >> (3 * rank)) & 7)


cdef inline mask_t to_ranked(mask_t cards, int trump) noexcept nogil:
    cdef mask_t out = 0
    cdef int c
    while cards:
        c = altbaumer_ctz(cards)
        cards &= cards - 1
        out |= (<mask_t> 1) << ranked_pos(c, trump)
    return out


# The cards ranked against each position: all trump cards, or its plain suit.
# A C constant: a .pxd cannot hold initialised data, and the division it
# replaces cost more than the load.
cdef extern from *:
    """
    static const uint32_t altbaumer_ranked_group[26] = {
        0x3Fu, 0x3Fu, 0x3Fu, 0x3Fu, 0x3Fu, 0x3Fu,
        0xFC0u, 0xFC0u, 0xFC0u, 0xFC0u, 0xFC0u, 0xFC0u,
        0x3F000u, 0x3F000u, 0x3F000u, 0x3F000u, 0x3F000u, 0x3F000u,
        0x3FC0000u, 0x3FC0000u, 0x3FC0000u, 0x3FC0000u, 0x3FC0000u, 0x3FC0000u, 0x3FC0000u, 0x3FC0000u,
    };
    """
    const mask_t RANKED_GROUP "altbaumer_ranked_group"[26]


cdef inline mask_t ranked_group_mask(int pos) noexcept nogil:
    """The cards ranked against pos: all trump cards, or pos's plain suit."""
    return RANKED_GROUP[pos]


cdef inline mask_t ranked_legal(mask_t hand, int led, bint clubs_plain) noexcept nogil:
    """legal_mask in the ranked layout; clubs_plain: clubs are not trump."""
    if led < 0:
        return hand
    return ranked_follow(hand, ranked_group_mask(led), clubs_plain)


cdef inline mask_t ranked_follow(mask_t hand, mask_t led_group, bint clubs_plain) noexcept nogil:
    """The cards hand may play to a trick whose led card ranks in led_group
    (ranked_group_mask): follow its suit, where an ordinary club lead is also
    followed by a Tree (rule 2), else play a trump card, else anything."""
    cdef mask_t held = hand & led_group
    if led_group != R_TRUMPS:
        if clubs_plain and led_group == R_SLOT_BITS:
            held |= hand & R_TREES
        if held == 0:
            held = hand & R_TRUMPS
    return held if held else hand


cdef inline int ranked_winner_pos(mask_t trick, int led) noexcept nogil:
    """The winning card of the trick's cards (a ranked mask) led by led."""
    cdef mask_t contenders = trick & R_TRUMPS
    if contenders == 0:
        contenders = trick & ranked_group_mask(led)
    return altbaumer_msb(contenders)
