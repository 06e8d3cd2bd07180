"""The card play of PIMC players, compiled: whole playouts without the GIL.

A playout starts from a deal in its play phase (every hand known, and what
every seat knows: the public record and, for forehand, its discard) and
plays it to the end. At each card with a choice, the seat to act draws
``card_worlds`` worlds of its own knowledge (all of them when there are no
more: knowledge.pxd, world_ranks.pxd), solves every legal card double dummy
in each (altbaumer.dd._search.solve_row_moves), values each outcome by its
own objective (a value for every outcome code, in the makers' terms) and
plays the card with the best mean: the makers' highest, the defenders'
lowest; an exact tie is drawn. This is :class:`altbaumer.play.pimc.PimcPolicy`
choosing a card, and tests/play/test_engine.py holds the two to the same
cards from the same worlds.

Each seat draws from its own stream of the playout's seed (rng.pxd), so its
choices depend on the seed and on what it knows, never on cards it cannot
see, nor on how the playouts are split between threads.

The start of a playout is one int64 row (:mod:`altbaumer.play.engine` builds
them), columns: the four current hands N E S W (masks), trump, forehand, the
lone seat (-1), the cutter's Trees, the card seen at the cut and left, the
stock cards forehand took, those left face up, forehand's discard, the
number of cards played so far and those cards in order (20 columns, -1
after the last).

>>> from altbaumer.game.actions import Accept, DeclareAlone
>>> from altbaumer.game.deal import Deal
>>> from altbaumer.hidden.objectives import objective_for
>>> from altbaumer.play.engine import deal_row, seat_values
>>> deal = Deal.from_seed(5)
>>> deal.apply(Accept()); deal.apply(deal.legal_actions()[0])
>>> deal.apply(DeclareAlone(False)); deal.apply(DeclareAlone(False))
>>> rows, values = deal_row(deal)[None, :], seat_values(objective_for("net"))[None]
>>> codes, cards = np.empty(1, dtype=np.int8), np.empty((1, ROW_PLAYS), dtype=np.int8)
>>> PlayoutCore().play_out(rows, values, np.array([7], dtype=np.uint64), 12, codes, cards)
>>> int(codes[0]) in range(6), int((cards[0] >= 0).sum())
(True, 20)
"""

import numpy as np

from libc.stdint cimport int8_t, int64_t, uint32_t, uint64_t
from libc.math cimport exp, log
from libc.stdlib cimport free, malloc

from altbaumer.dd._search cimport solve_row_moves
from altbaumer.dd._search import count_endings

from cardmask cimport N_CARDS, altbaumer_ctz, legal_mask, mask_t, popcount, trick_winner
from knowledge cimport HAND_CARDS, Knowledge, Public, forbidden_holdings, seat_knowledge
from rng cimport Rng, rng_below, rng_next, rng_start
from table cimport Table, table_bits_for, table_close, table_open
from world_ranks cimport Ranks, count_ranks, random_rank, unrank, world_hands

cdef enum:
    COL_TRUMP = 4
    COL_FOREHAND = 5
    COL_LONE = 6
    COL_CUT_TREES = 7
    COL_CUT_SEEN = 8
    COL_TAKEN = 9
    COL_EXPOSED = 10
    COL_DISCARD = 11
    COL_PLAYED = 12
    COL_CARDS = 13
    MAX_PLAYS = 20
    WIDTH = COL_CARDS + MAX_PLAYS
    CODES = 16              # outcome codes: the makers' tricks, + LONE_FLAG when one played alone
    LONE_FLAG = 8
    MAX_WORLDS = 256
    # What a row can be refused for (the texts are _PROBLEMS below).
    OK = 0
    BAD_ROW = 1
    BAD_KNOWLEDGE = 2
    TOO_MANY_STATES = 3

__all__ = ["PlayoutCore", "ROW_WIDTH", "ROW_PLAYS", "OUTCOME_CODES"]

ROW_WIDTH = WIDTH
"""Columns of a start row."""
ROW_PLAYS = MAX_PLAYS
"""Cards a deal's play holds (and columns of the cards played)."""
OUTCOME_CODES = CODES
"""Values a seat gives the outcome codes (altbaumer.hidden.objectives.CODES)."""

_PROBLEMS = {
    BAD_ROW: "a card is in two places, a hand has the wrong size (the absent partner's must be empty), "
             "or the history is too long",
    BAD_KNOWLEDGE: "a seat's knowledge does not add up (no real deal reaches this row)",
    TOO_MANY_STATES: "a seat's hidden places make more states than the counting table holds",
}


cdef struct Playout:
    Public pub
    mask_t hand[4]
    int sizes[4]
    int makers
    int leader
    int ntrick              # cards in the current trick
    int trick[4]
    int tricks_done
    int makers_taken
    int active              # cards per trick: 3 with a lone player, else 4


cdef inline int next_seat(const Playout* pl, int seat) noexcept nogil:
    """The next active seat in play order (anticlockwise: N -> W -> S -> E)."""
    seat = (seat + 3) & 3
    if seat == pl.pub.absent:
        seat = (seat + 3) & 3
    return seat


cdef inline int to_act(const Playout* pl) noexcept nogil:
    cdef int seat = pl.leader, i
    for i in range(pl.ntrick):
        seat = next_seat(pl, seat)
    return seat


cdef void play(Playout* pl, int card) noexcept nogil:
    """The seat to act plays card: the public record, the voids it shows
    (rules.md, Following), the trick and, when complete, its winner."""
    cdef int seat = to_act(pl), winner, i
    cdef mask_t bit = (<mask_t> 1) << card
    if pl.ntrick:
        pl.pub.voids[seat] |= forbidden_holdings(pl.trick[0], card, pl.pub.trump)
    pl.hand[seat] &= ~bit
    pl.pub.played |= bit
    pl.sizes[seat] -= 1
    pl.trick[pl.ntrick] = card
    pl.ntrick += 1
    if pl.ntrick < pl.active:
        return
    winner = pl.leader
    for i in range(trick_winner(pl.trick, pl.ntrick, pl.pub.trump)):
        winner = next_seat(pl, winner)
    pl.makers_taken += (winner & 1) == pl.makers
    pl.tricks_done += 1
    pl.leader = winner
    pl.ntrick = 0


cdef int load(const int64_t* row, Playout* pl, bint whole, int* seat_of=NULL) noexcept nogil:
    """The playout of a start row: the record replayed from the first lead.
    With ``whole`` every active hand is in the row and checked; else only
    the seat to act's (a seat's view: the others' sizes are public).
    ``seat_of`` (when given) receives the seat that played each card."""
    cdef int seat, i, n = <int> row[COL_PLAYED], card
    cdef mask_t seen = 0
    cdef Public* p = &pl.pub
    p.trump = <int> row[COL_TRUMP]
    p.forehand = <int> row[COL_FOREHAND]
    p.cutter = (p.forehand + 2) & 3
    p.lone = <int> row[COL_LONE]
    p.absent = (p.lone + 2) & 3 if p.lone >= 0 else -1
    p.cut_trees = <mask_t> row[COL_CUT_TREES]
    p.cut_seen = <mask_t> row[COL_CUT_SEEN]
    p.taken = <mask_t> row[COL_TAKEN]
    p.exposed = <mask_t> row[COL_EXPOSED]
    p.discard = <mask_t> row[COL_DISCARD]
    p.played = 0
    if not (0 <= p.trump < 4 and 0 <= p.forehand < 4 and -1 <= p.lone < 4 and 0 <= n <= MAX_PLAYS):
        return BAD_ROW
    pl.makers = p.forehand & 1
    pl.active = 3 if p.lone >= 0 else 4
    pl.ntrick = 0
    pl.tricks_done = 0
    pl.makers_taken = 0
    # rules.md, Playing alone: forehand leads, or the next active seat if its hand is set aside.
    pl.leader = p.forehand if p.forehand != p.absent else (p.forehand + 3) & 3
    for seat in range(4):
        p.voids[seat] = 0
        pl.hand[seat] = <mask_t> row[seat]
        if seen & pl.hand[seat] or (seat == p.absent and pl.hand[seat]):
            return BAD_ROW
        seen |= pl.hand[seat]
        pl.sizes[seat] = 0 if seat == p.absent else HAND_CARDS
    for i in range(n):
        card = <int> row[COL_CARDS + i]
        if not 0 <= card < N_CARDS or (seen >> card) & 1:
            return BAD_ROW
        seen |= (<mask_t> 1) << card
        seat = to_act(pl)
        if seat_of != NULL:
            seat_of[i] = seat
        pl.hand[seat] |= (<mask_t> 1) << card  # it held the card until it played it
        play(pl, card)
    for seat in range(4):
        if seat != p.absent and popcount(pl.hand[seat]) != pl.sizes[seat] and (whole or seat == to_act(pl)):
            return BAD_ROW
    return OK


# What a seat's choices need: a table, the counting table, the worlds.
cdef struct Chooser:
    Table table
    Ranks* ranks
    uint64_t nodes


cdef inline void solver_row(const Playout* pl, const uint64_t* hands, int64_t* row) noexcept nogil:
    cdef int seat
    for seat in range(4):
        row[seat] = <int64_t> hands[seat]
    row[4] = pl.pub.trump
    row[5] = pl.leader
    row[6] = pl.pub.lone
    row[7] = pl.makers


cdef int card_sums(Chooser* c, const Playout* pl, int seat, const uint64_t* worlds, int nworlds,
                   const double* values, const double* weights, double* sums) noexcept nogil:
    """Every legal card's objective summed over the worlds (hands, 4 a
    world), each world times its weight (``weights`` NULL: all 1), into
    sums[card]; the others untouched."""
    cdef int64_t row[8]
    cdef int8_t out[N_CARDS]
    cdef int w, card, code, base = pl.makers_taken + (LONE_FLAG if pl.pub.lone >= 0 else 0)
    cdef double weight = 1.0
    for w in range(nworlds):
        if weights != NULL:
            weight = weights[w]
            if weight == 0.0:
                continue
        solver_row(pl, worlds + 4 * w, row)
        solve_row_moves(&c.table, row, pl.trick, pl.ntrick, out, &c.nodes)
        for card in range(N_CARDS):
            if out[card] >= 0:
                code = base + out[card]
                sums[card] += weight * values[code]
    return 0


cdef mask_t top_cards(mask_t legal, const double* sums, double nworlds, bint maximise) noexcept nogil:
    """The legal cards whose mean is the best for the seat (within 1e-12:
    one value summed in another order), as Rating.top_options takes them;
    ``nworlds`` is the worlds' number, or their total weight."""
    cdef double best = 0.0, mean
    cdef mask_t rest = legal, top = 0
    cdef int card
    cdef bint first = True
    while rest:
        card = altbaumer_ctz(rest)
        rest &= rest - 1
        mean = sums[card] / nworlds if maximise else -sums[card] / nworlds
        if first or mean > best:
            best = mean
            first = False
    rest = legal
    while rest:
        card = altbaumer_ctz(rest)
        rest &= rest - 1
        mean = sums[card] / nworlds if maximise else -sums[card] / nworlds
        if mean >= best - 1e-12:
            top |= (<mask_t> 1) << card
    return top


cdef int draw_worlds(Chooser* c, const Playout* pl, int seat, int want, Rng* g, uint64_t* worlds,
                     int* problem) noexcept nogil:
    """``want`` worlds of the seat's knowledge drawn uniformly with
    replacement (all of them, each once and in rank order, when there are no
    more than ``want``) into worlds; returns how many."""
    cdef Knowledge k
    cdef int slot_of[N_CARDS]
    cdef int64_t total, rank
    cdef int w, n
    if seat_knowledge(&pl.pub, pl.sizes, pl.hand[seat], seat, &k) < 0:
        problem[0] = BAD_KNOWLEDGE
        return 0
    total = count_ranks(&k, c.ranks)
    if total < 0:
        problem[0] = TOO_MANY_STATES
        return 0
    if total <= 0:
        problem[0] = BAD_KNOWLEDGE
        return 0
    n = <int> total if total <= want else want
    for w in range(n):
        rank = w if total <= want else random_rank(g, total)
        unrank(&k, c.ranks, rank, slot_of)
        world_hands(&k, slot_of, worlds + 4 * w)
    return n


cdef int choose(Chooser* c, const Playout* pl, int seat, int want, const double* values, Rng* g,
                int* problem, const int64_t* row=NULL, const double* all_values=NULL, int model_worlds=0,
                double temperature=0.0) noexcept nogil:
    """The card ``seat`` plays: its only legal card, or the best mean over
    its worlds. With ``model_worlds`` (and the start ``row`` of ``pl``, every
    seat's values in ``all_values``) each world counts by the likelihood of
    the cards the other seats chose in it (:func:`log_likelihood`)."""
    cdef mask_t legal = legal_mask(pl.hand[seat], pl.trick[0] if pl.ntrick else -1, pl.pub.trump), top
    cdef uint64_t worlds[4 * MAX_WORLDS]
    cdef double weights[MAX_WORLDS]
    cdef double sums[N_CARDS]
    cdef double total
    cdef int n, i, pick
    if popcount(legal) == 1:
        return altbaumer_ctz(legal)
    n = draw_worlds(c, pl, seat, want, g, worlds, problem)
    if n == 0:
        return -1
    for i in range(N_CARDS):
        sums[i] = 0.0
    if model_worlds > 0 and pl.tricks_done * pl.active + pl.ntrick > 0:
        total = world_weights(c, row, worlds, n, all_values, seat, model_worlds, temperature, rng_next(g), weights,
                              problem)
        if problem[0] != OK:
            return -1
        card_sums(c, pl, seat, worlds, n, values, weights, sums)
    else:
        total = n
        card_sums(c, pl, seat, worlds, n, values, NULL, sums)
    top = top_cards(legal, sums, total, (seat & 1) == pl.makers)
    pick = 0 if popcount(top) == 1 else <int> rng_below(g, <uint64_t> popcount(top))
    for i in range(pick):
        top &= top - 1
    return altbaumer_ctz(top)


cdef double stake(const Playout* pl, const double* values) noexcept nogil:
    """How far apart the seat's values of this deal's outcomes lie (its
    worst to its best): the scale a choice's values are compared on."""
    cdef int base = LONE_FLAG if pl.pub.lone >= 0 else 0, code
    cdef double low = values[base], high = values[base]
    for code in range(base + 1, base + 6):
        low = min(low, values[code])
        high = max(high, values[code])
    return high - low


cdef double log_choice(mask_t legal, const double* sums, int nworlds, int card, double tau,
                       bint maximise) noexcept nogil:
    """log P(card) under a softmax of the legal cards' means at temperature tau."""
    cdef mask_t rest = legal
    cdef double best = -1e300, mean, total = 0.0
    cdef int other
    while rest:
        other = altbaumer_ctz(rest)
        rest &= rest - 1
        best = max(best, (sums[other] if maximise else -sums[other]) / nworlds)
    rest = legal
    while rest:
        other = altbaumer_ctz(rest)
        rest &= rest - 1
        total += exp(((sums[other] if maximise else -sums[other]) / nworlds - best) / tau)
    mean = (sums[card] if maximise else -sums[card]) / nworlds
    return (mean - best) / tau - log(total)


cdef double log_likelihood(Chooser* c, const int64_t* row, const double* values, int observer, int want,
                           double temperature, uint64_t seed, int* problem) noexcept nogil:
    """The log-likelihood of the cards every seat but ``observer`` chose in
    the row's record (every hand in the row: one world), under the PIMC
    player with a softmax: at each card with a choice, that seat's mean of
    every legal card over ``want`` worlds of what it knew then, and
    P(card) ∝ exp(mean / τ), τ = ``temperature`` × the seat's stake
    (:func:`stake`). Forehand is modelled without its discard, which a
    world row does not hold unless the observer is forehand."""
    cdef int64_t start[WIDTH]
    cdef int seat_of[MAX_PLAYS]
    cdef uint64_t worlds[4 * MAX_WORLDS]
    cdef double sums[N_CARDS]
    cdef Playout pl
    cdef Rng g
    cdef mask_t legal
    cdef double total = 0.0, tau
    cdef int i, k, n = <int> row[COL_PLAYED], seat, card, nw
    problem[0] = load(row, &pl, True, seat_of)
    if problem[0] != OK:
        return 0.0
    for i in range(WIDTH):
        start[i] = row[i]
    for i in range(n):
        start[seat_of[i]] |= (<int64_t> 1) << row[COL_CARDS + i]  # the hands as they were at the first lead
    start[COL_PLAYED] = 0
    load(start, &pl, True)
    for i in range(n):
        seat = seat_of[i]
        card = <int> row[COL_CARDS + i]
        legal = legal_mask(pl.hand[seat], pl.trick[0] if pl.ntrick else -1, pl.pub.trump)
        tau = temperature * stake(&pl, values + CODES * seat)
        if seat != observer and popcount(legal) > 1 and tau > 0.0:
            rng_start(&g, seed, <uint64_t> i)
            nw = draw_worlds(c, &pl, seat, want, &g, worlds, problem)
            if nw == 0:
                return 0.0
            for k in range(N_CARDS):
                sums[k] = 0.0
            card_sums(c, &pl, seat, worlds, nw, values + CODES * seat, NULL, sums)
            total += log_choice(legal, sums, nw, card, tau, (seat & 1) == pl.makers)
        play(&pl, card)
    return total


cdef double world_weights(Chooser* c, const int64_t* row, const uint64_t* worlds, int n, const double* values,
                          int observer, int want, double temperature, uint64_t seed, double* weights,
                          int* problem) noexcept nogil:
    """Each world's likelihood of the record (:func:`log_likelihood`), the
    largest 1, into weights; returns their sum. ``row`` is the observer's
    (its own hand, the record); each world puts its hands in."""
    cdef int64_t world[WIDTH]
    cdef int w, i
    cdef double top = -1e300, total = 0.0
    for i in range(WIDTH):
        world[i] = row[i]
    for w in range(n):
        for i in range(4):
            world[i] = <int64_t> worlds[4 * w + i]
        weights[w] = log_likelihood(c, world, values, observer, want, temperature, seed, problem)
        if problem[0] != OK:
            return 0.0
        top = max(top, weights[w])
    for w in range(n):
        weights[w] = exp(weights[w] - top)
        total += weights[w]
    return total


cdef int playout(Chooser* c, const int64_t* row, const double* values, int want, uint64_t seed,
                 int8_t* cards) noexcept nogil:
    """Play a start row to the end; returns its outcome code, or -1 - problem.
    ``values`` holds CODES values a seat, N E S W; ``cards`` receives the cards
    played from the row on (-1 after the last)."""
    cdef Playout pl
    cdef Rng g[4]
    cdef int seat, card, problem = load(row, &pl, True), i = 0
    if problem != OK:
        return -1 - problem
    for seat in range(4):
        rng_start(&g[seat], seed, <uint64_t> seat)
    while pl.tricks_done < 5:
        seat = to_act(&pl)
        card = choose(c, &pl, seat, want, values + CODES * seat, &g[seat], &problem)
        if card < 0:
            return -1 - problem
        play(&pl, card)
        cards[i] = <int8_t> card
        i += 1
    while i < MAX_PLAYS:
        cards[i] = -1
        i += 1
    return pl.makers_taken + (LONE_FLAG if pl.pub.lone >= 0 else 0)


def _problem(int code, Py_ssize_t row):
    return ValueError(f"playout row {row}: {_PROBLEMS.get(-1 - code, 'refused')}")


cdef class PlayoutCore:
    """A compiled player's context: its transposition table (``tt_mib``
    MiB) and counting table. Not for two threads at once; the Python side
    (:class:`altbaumer.play.engine.Engine`) gives each thread its own."""

    cdef Chooser c

    def __cinit__(self, double tt_mib=2.0):
        count_endings()
        self.c.ranks = <Ranks*> malloc(sizeof(Ranks))
        if self.c.ranks == NULL or table_open(&self.c.table, table_bits_for(tt_mib)) < 0:
            raise MemoryError(f"cannot allocate a playout context of {tt_mib} MiB")
        self.c.nodes = 0

    def __dealloc__(self):
        table_close(&self.c.table)
        free(self.c.ranks)

    @property
    def nodes(self):
        """Search nodes of every playout and choice so far."""
        return self.c.nodes

    def play_out(self, const int64_t[:, ::1] rows, const double[:, :, ::1] values, const uint64_t[::1] seeds,
                 int card_worlds, int8_t[::1] codes, int8_t[:, ::1] cards):
        """Play every row to the end, each with its seed and the seats'
        values (rows × 4 × CODES): the outcome codes into ``codes``, the cards
        played into ``cards`` (rows × MAX_PLAYS)."""
        cdef Py_ssize_t i, n = rows.shape[0], bad = -1
        cdef int code = 0
        _check(rows, values, seeds, card_worlds)
        if codes.shape[0] != n or cards.shape[0] != n or cards.shape[1] != MAX_PLAYS:
            raise ValueError("codes and cards must have a row per playout (cards: MAX_PLAYS columns)")
        with nogil:
            for i in range(n):
                code = playout(&self.c, &rows[i, 0], &values[i, 0, 0], card_worlds, seeds[i], &cards[i, 0])
                if code < 0:
                    bad = i
                    break
                codes[i] = <int8_t> code
        if bad >= 0:
            raise _problem(code, bad)

    def choose(self, const int64_t[:, ::1] rows, const double[:, :, ::1] values, const uint64_t[::1] seeds,
               int card_worlds, int8_t[::1] out, int model_worlds=0, double temperature=0.0):
        """The card the seat to act plays in each row (its own hand in the
        row; the other hands may be empty: only their sizes are public).
        With ``model_worlds`` its worlds are weighted by the likelihood of
        the other seats' cards (``log_likelihoods``)."""
        cdef Py_ssize_t i, n = rows.shape[0], bad = -1
        cdef Playout pl
        cdef Rng g
        cdef int seat, card = 0, problem = OK
        _check(rows, values, seeds, card_worlds)
        if out.shape[0] != n:
            raise ValueError("out must have a row per decision")
        with nogil:
            for i in range(n):
                problem = load(&rows[i, 0], &pl, False)
                if problem == OK:
                    seat = to_act(&pl)
                    rng_start(&g, seeds[i], <uint64_t> seat)
                    card = choose(&self.c, &pl, seat, card_worlds, &values[i, seat, 0], &g, &problem, &rows[i, 0],
                                  &values[i, 0, 0], model_worlds, temperature)
                if problem != OK or card < 0:
                    bad = i
                    break
                out[i] = <int8_t> card
        if bad >= 0:
            raise _problem(-1 - problem, bad)

    def log_likelihoods(self, const int64_t[:, ::1] rows, const double[:, :, ::1] values,
                        const int64_t[::1] observers, const uint64_t[::1] seeds, int model_worlds,
                        double temperature, double[::1] out):
        """For each row (a world: every hand in it), the log-likelihood of
        the cards the seats other than its observer chose in its record,
        under the PIMC player over ``model_worlds`` worlds a card with a
        softmax at ``temperature`` (a share of each seat's stake), into out."""
        cdef Py_ssize_t i, n = rows.shape[0], bad = -1
        cdef int problem = OK
        _check(rows, values, seeds, model_worlds)
        if out.shape[0] != n or observers.shape[0] != n:
            raise ValueError("out and observers must have a row per world")
        if not temperature > 0.0:
            raise ValueError(f"temperature must be positive, not {temperature}")
        with nogil:
            for i in range(n):
                out[i] = log_likelihood(&self.c, &rows[i, 0], &values[i, 0, 0], <int> observers[i], model_worlds,
                                        temperature, seeds[i], &problem)
                if problem != OK:
                    bad = i
                    break
        if bad >= 0:
            raise _problem(-1 - problem, bad)

    def seat_worlds(self, const int64_t[::1] row, const int64_t[::1] ranks):
        """(the number of worlds, their hands) of the seat to act in ``row``
        (a seat's view), for the given ranks (each below the number): the
        worlds its choices draw from, as int64 hands (ranks × 4)."""
        cdef Playout pl
        cdef Knowledge k
        cdef int slot_of[N_CARDS]
        cdef int64_t total
        cdef Py_ssize_t i
        cdef int seat
        cdef uint64_t hands[4]
        if row.shape[0] != WIDTH or load(&row[0], &pl, False) != OK:
            raise _problem(-1 - BAD_ROW, 0)
        seat = to_act(&pl)
        if seat_knowledge(&pl.pub, pl.sizes, pl.hand[seat], seat, &k) < 0:
            raise _problem(-1 - BAD_KNOWLEDGE, 0)
        total = count_ranks(&k, self.c.ranks)
        if total < 0:
            raise _problem(-1 - TOO_MANY_STATES, 0)
        out = np.zeros((ranks.shape[0], 4), dtype=np.int64)
        cdef int64_t[:, ::1] view = out
        for i in range(ranks.shape[0]):
            if not 0 <= ranks[i] < total:
                raise ValueError(f"rank {ranks[i]} is outside 0..{total - 1}")
            unrank(&k, self.c.ranks, ranks[i], slot_of)
            world_hands(&k, slot_of, hands)
            for seat in range(4):
                view[i, seat] = <int64_t> hands[seat]
        return int(total), out

    def top_from_worlds(self, const int64_t[::1] row, const uint64_t[:, ::1] worlds, const double[::1] values):
        """The mask of the seat to act's top cards over the given worlds
        (hands, 4 a world), the seat valuing outcome codes by ``values``."""
        cdef Playout pl
        cdef double sums[N_CARDS]
        cdef int seat, i
        cdef mask_t legal
        if row.shape[0] != WIDTH or worlds.shape[1] != 4 or values.shape[0] != CODES or worlds.shape[0] < 1:
            raise ValueError(f"a row of {WIDTH}, worlds of 4 hands and {CODES} values")
        if load(&row[0], &pl, False) != OK:
            raise _problem(-1 - BAD_ROW, 0)
        seat = to_act(&pl)
        for i in range(N_CARDS):
            sums[i] = 0.0
        legal = legal_mask(pl.hand[seat], pl.trick[0] if pl.ntrick else -1, pl.pub.trump)
        with nogil:
            card_sums(&self.c, &pl, seat, &worlds[0, 0], <int> worlds.shape[0], &values[0], NULL, sums)
        return int(top_cards(legal, sums, <double> worlds.shape[0], (seat & 1) == pl.makers))


cdef int _check(const int64_t[:, ::1] rows, const double[:, :, ::1] values, const uint64_t[::1] seeds,
                int card_worlds) except -1:
    if rows.shape[1] != WIDTH:
        raise ValueError(f"playout rows have {WIDTH} columns, not {rows.shape[1]}")
    if values.shape[0] != rows.shape[0] or values.shape[1] != 4 or values.shape[2] != CODES:
        raise ValueError(f"values must be rows × 4 × {CODES}")
    if seeds.shape[0] != rows.shape[0]:
        raise ValueError("seeds must have one entry per row")
    if not 1 <= card_worlds <= MAX_WORLDS:
        raise ValueError(f"card_worlds must be 1..{MAX_WORLDS}, not {card_worlds}")
    return 0
