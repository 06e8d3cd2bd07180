"""Variations in the play (docs/format.md, Variations): read, written, visited,
converted to JSON and checked against the rules, each malformed or illegal one
an AbnError at its line."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from altbaumer.abn import boards_from_json, boards_to_json, read_boards, replay, write_boards
from altbaumer.abn.board import MARKS, MAX_VARIATION_DEPTH, Board, PlayedCard, board_from_deal
from altbaumer.abn.reader import BoardBuilder, visit_text
from altbaumer.abn.writer import TextExporter, visit_board, write_board
from altbaumer.errors import AbnError
from altbaumer.game.actions import Phase, Play
from altbaumer.game.cards import Card
from altbaumer.game.deal import Deal

from test_abn import EXAMPLES, GOOD_EXAMPLES, ROUND_TRIP, CallRecorder, CardCounter, deals, writers_form

ROOT = EXAMPLES.parent
HEAD = (EXAMPLES / "refusal.abn").read_text(encoding="utf-8").split("[Play")[0]
PLAY_LINE = HEAD.count("\n") + 1  # the [Play] tag's line; the tricks follow it

# The refusal example with variations: nested (KD), commentary and marks inside, two
# variations of one card (QD), a variation across tricks, one to the end of the deal.
PLAY = """[Play "E"]
QC TC 9C JC
AC 9H (JH {keeps the nine} JD 9D QD 9H! TD AD (KD)) JD 9D
QD (KS QS KH AS) (KC TS? TH KD) JH TD AD
AS (KD KC TS TH KS QS KH AS) KS QS KH
KD KC TS TH
"""
TEXT = HEAD + PLAY
TRICK2, TRICK3, TRICK4 = PLAY_LINE + 2, PLAY_LINE + 3, PLAY_LINE + 4


def card(text: str, mark: str = "", comment: str | None = None, *variations: tuple[PlayedCard, ...]) -> PlayedCard:
    return PlayedCard(Card.parse(text), mark, comment, tuple(variations))


def line_of(*words: str) -> tuple[PlayedCard, ...]:
    """Cards without marks, commentary or variations: ``line_of("JD", "9D")``."""
    return tuple(card(w) for w in words)


def the_board(text: str = TEXT) -> Board:
    (board,) = read_boards(text, "v.abn")
    return board


def error_of(text: str, check: bool = False) -> AbnError:
    """The AbnError of reading ``text`` as v.abn, or with ``check`` of replaying
    it (which it then reads without one)."""
    board = the_board(text) if check else None
    with pytest.raises(AbnError) as caught:
        replay(board) if board is not None else the_board(text)
    assert caught.value.source == "v.abn"
    return caught.value


def without_variations(board: Board) -> Board:
    return dataclasses.replace(board, tricks=[tuple(PlayedCard(p.card, p.mark, p.comment) for p in trick)
                                              for trick in board.tricks])


# -- the model the reader builds ----------------------------------------------------------------


def test_the_reader_builds_the_nested_variations():
    board = the_board()
    nine = board.tricks[1][1]
    assert nine.card == Card.parse("9H") and nine.comment is None
    assert nine.variations == (
        (card("JH", "", "keeps the nine"), *line_of("JD", "9D", "QD"), card("9H", "!"), card("TD"),
         card("AD", "", None, line_of("KD"))),
    )
    queen = board.tricks[2][0]
    assert queen.variations == (line_of("KS", "QS", "KH", "AS"),
                                (card("KC"), card("TS", "?"), card("TH"), card("KD")))
    assert len(board.tricks[3][0].variations[0]) == 8


def test_the_main_line_keeps_its_tricks_one_per_line():
    board = the_board()
    assert [" ".join(p.card.ascii() for p in trick) for trick in board.tricks] == [
        "QC TC 9C JC", "AC 9H JD 9D", "QD JH TD AD", "AS KS QS KH", "KD KC TS TH"]
    assert board.trick_lines == [PLAY_LINE + 1, TRICK2, TRICK3, TRICK4, PLAY_LINE + 5]
    assert board != without_variations(board)  # the variations count in ==
    assert write_board(without_variations(board)) == (EXAMPLES / "refusal.abn").read_text(encoding="utf-8")


def test_a_variation_card_keeps_the_line_it_was_read_on():
    text = TEXT.replace("(JH {keeps the nine} JD 9D", "(JH {keeps the nine}\n  JD 9D", 1)
    jh, jd = the_board(text).tricks[1][1].variations[0][:2]
    assert (jh.line, jd.line) == (TRICK2, TRICK2 + 1)


# -- written and read back ----------------------------------------------------------------------


def test_the_text_is_in_the_writers_form_and_reads_back_equal():
    board = the_board()
    assert write_boards([board]) == TEXT
    assert read_boards(write_boards([board])) == [board]


def test_a_variation_over_several_lines_reads_as_on_one():
    """Line breaks inside the parentheses, commentary spanning lines in them; the
    trick goes on on the line the variation ends on, and the next trick line is a trick."""
    text = TEXT.replace("(JH {keeps the nine} JD 9D QD 9H! TD AD (KD)) JD 9D",
                        "(JH {keeps the\nnine} JD\n   9D QD 9H! (\nQS) TD\nAD (KD\n)\n) JD 9D", 1)
    board = the_board(text)
    assert write_boards([board]) == TEXT.replace("9H! TD", "9H! (QS) TD").replace("{keeps the nine}",
                                                                                  "{keeps the} {nine}")
    assert [len(t) for t in board.tricks] == [4, 4, 4, 4, 4]
    assert board.trick_lines[2] == TRICK3 + 6


def test_the_exporter_writes_the_readers_calls_without_a_board():
    text = TEXT.replace("(JH {keeps the nine} JD 9D", "(JH {keeps the nine}\nJD 9D", 1)
    assert visit_text(text, TextExporter) == [TEXT]


def test_commentary_after_a_variation_is_its_cards():
    board = the_board(TEXT.replace("(KD)) JD 9D", "(KD)) {after} JD 9D", 1))
    assert board.tricks[1][1].comment == "after"
    assert write_boards([board]) == TEXT.replace("AC 9H (JH", "AC 9H {after} (JH", 1)


@pytest.mark.parametrize("path", GOOD_EXAMPLES, ids=lambda p: p.name)
def test_the_examples_have_no_variations_and_write_the_same_bytes(path):
    boards = read_boards(path.read_text(encoding="utf-8"), str(path))
    assert boards and all(not p.variations for b in boards for p in b.played)
    assert write_boards(boards) == writers_form(path)
    assert all('"variations"' not in boards_to_json([b]) for b in boards)


@pytest.mark.parametrize("mark", MARKS)
def test_every_mark_in_a_variation_round_trips(mark):
    board = the_board(TEXT.replace("(KD)", f"(KD{mark})", 1))
    assert board.tricks[1][1].variations[0][-1].variations[0][0].mark == mark
    assert the_board(write_boards([board])) == board


# -- the visitor ---------------------------------------------------------------------------------


class VariationRecorder(CallRecorder):
    def begin_variation(self, line):
        self.calls.append(("(",))

    def end_variation(self):
        self.calls.append((")",))


def test_the_writer_makes_the_readers_calls_variations_included():
    board = the_board()
    calls = visit_board(board, VariationRecorder())
    assert visit_text(TEXT, VariationRecorder) == [calls]
    assert calls.count(("(",)) == calls.count((")",)) == 5
    assert visit_board(board, BoardBuilder()) == board


def test_a_visitor_without_the_variation_calls_still_reads():
    """An older visitor sees a variation's cards as cards; trick lines are unchanged."""
    assert visit_text(TEXT, CardCounter) == [(20 + 8 + 4 + 4 + 8, 5)]
    assert visit_text(TEXT, CallRecorder)[0].count(("begin_trick",)) == 5


# -- JSON ------------------------------------------------------------------------------------------


def test_json_holds_the_variations_and_reads_them_back():
    board = the_board()
    text = boards_to_json([board])
    tricks = json.loads(text)["boards"][0]["play"]["tricks"]
    nine = tricks[1][1]
    assert nine["variations"][0][0] == {"card": "JH", "comment": "keeps the nine"}
    assert nine["variations"][0][6] == {"card": "AD", "variations": [[{"card": "KD"}]]}
    assert [len(v) for v in tricks[2][0]["variations"]] == [4, 4]
    assert "variations" not in tricks[0][0] and "variations" not in nine["variations"][0][1]
    assert boards_from_json(text) == [board]
    assert write_boards(boards_from_json(text)) == TEXT


def json_with(variations: object) -> str:
    data = json.loads(boards_to_json([the_board()]))
    data["boards"][0]["play"]["tricks"][1][1]["variations"] = variations
    return json.dumps(data)


@pytest.mark.parametrize("variations, problem", [
    ("JH", '"variations" must be an array, not a string'),
    ([[]], "trick 2, card 2, variation 1 holds no card"),
    (["JH"], "trick 2, card 2, variation 1 must be an array, not a string"),
    ([["JH"]], "trick 2, card 2, variation 1, card 1 must be an object, not a string"),
    ([[{"card": "XX"}]], 'trick 2, card 2, variation 1, card 1: "card": malformed card'),
    ([[{"card": "JH", "mark": "?!?"}]], "trick 2, card 2, variation 1, card 1: unknown mark"),
    ([[{"card": "JH", "variations": [[{"card": "JD", "comment": 5}]]}]],
     'trick 2, card 2, variation 1, card 1, variation 1, card 1: "comment" must be a string or null, not 5'),
    ([[{"card": "JH", "line": 3}]], 'unknown field "line"'),
])
def test_malformed_json_variations_name_the_field(variations, problem):
    with pytest.raises(AbnError) as caught:
        boards_from_json(json_with(variations), "in.json")
    assert str(caught.value).startswith("in.json: board 1: ") and problem in str(caught.value)


def nested_json(depth: int) -> list:
    variations: list = [[{"card": "JH"}]]
    for _ in range(depth - 1):
        variations = [[{"card": "JH", "variations": variations}]]
    return variations


def test_json_variations_nest_at_most_the_limit():
    assert boards_from_json(json_with(nested_json(MAX_VARIATION_DEPTH)))
    for depth in (MAX_VARIATION_DEPTH + 1, 300):  # 300: some 900 JSON levels, under Python's reader's limit
        with pytest.raises(AbnError, match=f"variations nest more than {MAX_VARIATION_DEPTH} deep"):
            boards_from_json(json_with(nested_json(depth)), "in.json")


# -- malformed text --------------------------------------------------------------------------------


def replaced(old: str, new: str) -> str:
    assert old in TEXT
    return TEXT.replace(old, new, 1)


@pytest.mark.parametrize("text, line, problem", [
    (replaced("AC 9H (JH {keeps the nine} JD 9D QD 9H! TD AD (KD)) JD 9D", "AC 9H (JH JD 9D JD 9D"),
     TRICK2, "variation opened with '(' is never closed with ')'"),
    (replaced("(KD))", "(KD"), TRICK2, "variation opened with '(' is never closed with ')'"),
    (replaced("AC 9H (JH", "AC 9H) (JH"), TRICK2, "')' without an opening '('"),
    (replaced("QC TC 9C JC", "(QC) QC TC 9C JC"), PLAY_LINE + 1, "'(' before any card"),
    (replaced("AC 9H (JH", "AC 9H ((JH"), TRICK2, "'(' before any card"),
    (replaced("AC 9H (JH", "AC 9H\n(JH"), TRICK2 + 1, "'(' on a line of its own"),
    (replaced("AC 9H (JH", "AC 9H () (JH"), TRICK2, "an empty variation '()'"),
    (replaced("(KD))", "(KD\n)())"), TRICK2 + 1, "an empty variation '()'"),
    (replaced("JD 9D QD 9H!", "JD 9D\nQD 9X!"), TRICK2 + 1, "in a variation: malformed card '9X'"),
    (replaced("(KS QS", "(KS\n[Annotator \"me\"] QS"), TRICK3,
     f"variation opened with '(' is not closed before the tag [Annotator] on line {TRICK3 + 1}"),
    (replaced("(KD))", "(KD)) [Annotator \"me\"]"), TRICK2, "tag [Annotator] after the play"),
    (replaced("[Play", "(QC)\n[Play"), PLAY_LINE, "unexpected text '('"),
    (replaced("[Play", ")\n[Play"), PLAY_LINE, "unexpected text ')'"),
])
def test_malformed_variations_are_errors_at_their_line(text, line, problem):
    error = error_of(text)
    assert error.line == line and error.problem.startswith(problem), str(error)


def test_a_blank_line_inside_a_variation_does_not_end_the_board():
    other = '[Dealer "N"]\n'
    text = replaced("(JH {keeps the nine} JD", "(JH {keeps the nine}\n\n JD") + "\n" + other
    assert read_boards(text, "v.abn") == [the_board(), the_board(other)]
    unclosed = replaced("(KD))", "(KD\n\n") + "\n" + other  # the rest of the file is the board's
    errors: list[AbnError] = []
    assert read_boards(unclosed, "v.abn", errors) == []
    assert [str(e) for e in errors] == [f"v.abn:{TRICK2}: variation opened with '(' is not closed before the tag "
                                        f"[Dealer] on line {TRICK2 + 7}"]


def test_text_variations_nest_at_most_the_limit():
    def nested(extra: int) -> str:
        """The (JH ...) variation inside ``extra`` more; its (KD) nests ``extra + 2`` deep."""
        opened = replaced("AC 9H (JH", "AC 9H" + " (JH" * extra + " (JH")
        return opened.replace("(KD)) JD 9D", "(KD))" + ")" * extra + " JD 9D", 1)

    assert the_board(nested(MAX_VARIATION_DEPTH - 2))
    for extra in (MAX_VARIATION_DEPTH - 1, 10_000):  # far past Python's recursion limit: still one error
        error = error_of(nested(extra))
        assert error.line == TRICK2 and error.problem == f"variations nest more than {MAX_VARIATION_DEPTH} deep"


# -- what the writer refuses -------------------------------------------------------------------------


@pytest.mark.parametrize("variations, problem", [
    ((), None),
    (((),), "cannot write trick 2, card 2: its variation 1 holds no card"),
    ((line_of("JH"), ()), "cannot write trick 2, card 2: its variation 2 holds no card"),
    (((card("JH", "?!?"),),), "cannot write trick 2, card 2, variation 1, card 1: unknown mark"),
    (((card("JH", "", "a } b"),),), "cannot write trick 2, card 2, variation 1, card 1: its commentary holds '}'"),
])
def test_the_writer_refuses_what_the_text_cannot_hold(variations, problem):
    board = the_board()
    board.tricks[1] = (board.tricks[1][0], PlayedCard(Card.parse("9H"), variations=variations), *board.tricks[1][2:])
    if problem is None:
        assert "(" not in write_board(board).split("[Play")[1].splitlines()[2]
        return
    with pytest.raises(AbnError) as caught:
        write_board(board)
    assert caught.value.problem.startswith(problem), caught.value.problem


def test_the_writer_writes_variations_nested_to_the_limit_and_refuses_deeper():
    def nested(depth: int) -> Board:
        variations: tuple[tuple[PlayedCard, ...], ...] = (line_of("JH"),)
        for _ in range(depth - 1):
            variations = ((card("JH", "", None, *variations),),)
        board = the_board()
        board.tricks[1] = (board.tricks[1][0], card("9H", "", None, *variations), *board.tricks[1][2:])
        return board

    deepest = nested(MAX_VARIATION_DEPTH)
    assert the_board(write_board(deepest)) == deepest
    with pytest.raises(AbnError, match=f"nest more than {MAX_VARIATION_DEPTH} deep"):
        write_board(nested(MAX_VARIATION_DEPTH + 1))


# -- the rules ---------------------------------------------------------------------------------------


def test_legal_variations_replay_and_the_record_is_the_main_line():
    board = the_board()
    record, plain = replay(board), replay(without_variations(board))
    assert [(n.seat, n.action, n.line, n.trick) for n in record.nodes] == \
        [(n.seat, n.action, n.line, n.trick) for n in plain.nodes]
    assert record.state.phase is Phase.DONE and record.state.makers_tricks == plain.state.makers_tricks
    assert record.nodes[-1].state.trick_cards == plain.nodes[-1].state.trick_cards


@pytest.mark.parametrize("old, new, line, problem", [
    ("TD AD (KD)", "TD (KH) AD (KD)", TRICK2, "W held diamonds and must follow diamonds (rules.md, Following, rule 3)"),
    ("AC 9H (JH", "AC 9H (KH", TRICK2, "N plays KH, but KH is in W's hand"),
    ("AC 9H (JH", "AC 9H (TC", TRICK2, "N plays TC, which was already played"),
    ("AC 9H (JH", "AC 9H (QH", TRICK2, "N plays QH, which forehand (E) discarded"),
    ("AC 9H (JH", "AC 9H (JS", TRICK2, "N plays JS, but JS is stock card 1, which is out of play"),
    ("AC 9H (JH", "AC 9H (9H", TRICK2, "a variation of 9H starts with 9H, the card it replaces"),
    ("KH AS) KS", "KH AS 9S) KS", TRICK4, "a variation plays 9S after the last trick: a deal has 5 tricks"),
    ("(KS QS KH AS)", "(KS JH\nKH AS)", TRICK3, "N held spades and must follow spades"),
    ("(KS QS KH AS)", "(KS QS KH\nAD)", TRICK3 + 1, "S held spades and must follow spades"),
    ("(KC TS? TH KD)", "(KC TS? TH KD AD)", TRICK3, "E plays AD, but AD is in S's hand"),
    ("(KC TS? TH KD)", "(KC TS? TH KD\n{led again} KD)", TRICK3 + 1, "E plays KD, which was already played"),
])
def test_an_illegal_variation_card_is_an_error_at_its_line(old, new, line, problem):
    error = error_of(replaced(old, new), check=True)
    assert error.line == line and error.problem.startswith(problem), str(error)


def test_the_main_line_is_checked_before_its_cards_variations():
    error = error_of(replaced("AC 9H (JH", "AC KH (9H"), check=True)
    assert error.problem == "N plays KH, but KH is in W's hand"


def test_a_variation_in_json_is_checked_like_one_in_text():
    board = boards_from_json(boards_to_json([the_board(replaced("AC 9H (JH", "AC 9H (KH"))]), "in.json")[0]
    with pytest.raises(AbnError, match="N plays KH, but KH is in W's hand"):
        replay(board)


def test_an_empty_variation_made_in_code_is_refused_by_the_replay():
    board = the_board()
    board.tricks[1] = (board.tricks[1][0], PlayedCard(Card.parse("9H"), variations=((),)), *board.tricks[1][2:])
    with pytest.raises(AbnError, match="a variation of 9H holds no card"):
        replay(board)


# -- random legal variations: round trips and the replay -----------------------------------------------


def random_line(rng: random.Random, state: Deal, instead: Card, depth: int) -> tuple[PlayedCard, ...]:
    """Random legal cards from ``state`` on, the first not ``instead``; a card may
    carry a mark, commentary and (``depth`` permitting) a variation of its own."""
    state, cards = state.copy(), []
    while state.phase is Phase.PLAY and (not cards or rng.random() < 0.8):
        options = [a.card for a in state.legal_actions() if cards or a.card != instead]
        if not options:
            break
        chosen = rng.choice(options)
        before = state.copy()
        state.apply(Play(chosen))
        inner = random_line(rng, before, chosen, depth - 1) if depth and rng.random() < 0.3 else ()
        cards.append(PlayedCard(chosen, rng.choice(("",) + MARKS), rng.choice((None, "why (not)?")),
                                (inner,) if inner else ()))
    return tuple(cards)


def with_random_variations(deal: Deal, seed: int) -> Board:
    """``deal``'s board with random legal variations on some of its cards."""
    board = board_from_deal(deal)
    rng = random.Random(seed)
    nodes = iter(replay(board).cards())
    tricks = []
    for trick in board.tricks:
        row = []
        for played in trick:
            state = next(nodes).state
            lines = [random_line(rng, state, played.card, 2) for _ in range(rng.choice((0, 0, 1, 2)))]
            row.append(PlayedCard(played.card, variations=tuple(v for v in lines if v)))
        tricks.append(tuple(row))
    board.tricks = tricks
    return board


@ROUND_TRIP
@given(deals, st.integers(0, 2**32))
def test_random_legal_variations_round_trip_and_replay(deal, seed):
    board = with_random_variations(deal, seed)
    text = write_boards([board])
    assert read_boards(text) == [board]
    assert write_boards(read_boards(text)) == text
    assert boards_from_json(boards_to_json([board])) == [board]
    assert [n.action for n in replay(the_board(text)).nodes] == [n.action for n in replay(board_from_deal(deal)).nodes]


@settings(max_examples=60, deadline=None)
@given(deals, st.integers(0, 2**32))
def test_a_variation_card_played_twice_is_found_on_its_cards_line(deal, seed):
    """One card of a random variation swapped for the card before it in the
    variation: the replay refuses it on the line of the card the variation replaces."""
    board = with_random_variations(deal, seed)
    places = [(t, i, k, j) for t, trick in enumerate(board.tricks) for i, played in enumerate(trick)
              for k, variation in enumerate(played.variations) for j in range(1, len(variation))]
    assume(places)
    t, i, k, j = random.Random(seed).choice(places)
    played = board.tricks[t][i]
    variation = list(played.variations[k])
    variation[j] = PlayedCard(variation[j - 1].card)
    variations = played.variations[:k] + (tuple(variation),) + played.variations[k + 1:]
    row = list(board.tricks[t])
    row[i] = dataclasses.replace(played, variations=variations)
    board.tricks[t] = tuple(row)
    text = write_boards([board])
    error = error_of(text, check=True)
    assert error.line == the_board(text).trick_lines[t]
    assert error.problem.endswith(f"plays {variation[j].card.ascii()}, which was already played")


# -- the documentation ------------------------------------------------------------------------------


def test_the_documented_example_is_legal_and_in_the_writers_form():
    doc = (ROOT / "docs" / "format.md").read_text(encoding="utf-8")
    section = doc.split("### Variations", 1)[1]
    example = section.split("```\n", 2)[1]
    board = the_board(HEAD + example)
    assert write_board(board).endswith(example)
    record = replay(board)
    assert len(record.cards()) == 12
    assert [len(v) for v in board.tricks[1][1].variations] == [7, 3]
