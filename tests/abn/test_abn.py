"""ABN, the deal file format (docs/format.md): reading, writing, the visitor
between them, JSON, files, and every error the reader reports with its line.

The random deals here (:func:`random_deal`) are also used by test_replay.py.
"""

from __future__ import annotations

import json
import os
import random
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from altbaumer.abn import files
from altbaumer.abn.board import GAME_TAGS, MARKS, Board, PlayedCard, board_from_deal
from altbaumer.abn.files import load_boards, save_boards
from altbaumer.abn.json_format import board_from_dict, board_to_dict, boards_from_json, boards_to_json
from altbaumer.abn.reader import BoardBuilder, read_boards, visit_text
from altbaumer.abn.visitor import BaseVisitor
from altbaumer.abn.writer import TextExporter, visit_board, write_board, write_boards
from altbaumer.errors import AbnError
from altbaumer.game.cards import CARDS, TREES, Card, CardSet, Suit, suit_cards
from altbaumer.game.actions import DeclareAlone, Phase, Play, Refuse, TakeTrees
from altbaumer.game.deal import Deal
from altbaumer.game.seats import SEATS, Seat, cutter_of, play_order

from support import cards, cset, deal_with_stock

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
GOOD_EXAMPLES = sorted(p for p in EXAMPLES.glob("*.abn") if p.name != "errors.abn")

# -- random deals, played to a random point ---------------------------------------------------

MODES = ("shuffled", "cut", "compulsory", "lone")


def random_deal(seed: int, mode: str = "shuffled", stop: int = 99) -> Deal:
    """A random deal after ``stop`` random legal actions (trump, discard, lone
    decisions, cards), so it may stop anywhere, also in the middle of a trick.

    ``mode``: ``shuffled`` a plain shuffle and cut; ``cut`` a pack whose cut
    shows a Tree (sometimes both Trees, sometimes a one-card cut) and a random
    take; ``compulsory`` a stock of one suit and a refusal (the compulsory
    case); ``lone`` lone play declared whenever it can be.
    """
    rng = random.Random(seed)
    dealer = rng.choice(SEATS)
    if mode == "compulsory":
        suit = rng.choice(list(Suit))
        stock = rng.sample(list(suit_cards(suit)), 4)
        deal = deal_with_stock(rng, stock, dealer, cut_trees=rng.random() < 0.5)
        if stop > 0:
            deal.apply(Refuse())
            stop -= 1
    else:
        pack = list(CARDS)
        rng.shuffle(pack)
        cut = rng.randint(1, 23)
        if mode == "cut":
            cut = rng.choice([1, 2, rng.randint(2, 23)])
            first, second = rng.sample(list(TREES), 2)
            places = [(first, cut - 1)] + ([(second, cut - 2)] if cut >= 2 and rng.random() < 0.6 else [])
            for card, where in places:
                here = pack.index(card)
                pack[here], pack[where] = pack[where], pack[here]
        deal = Deal(dealer, pack, cut)
        if deal.phase is Phase.CUT:
            offer = deal.cut_offer
            deal.apply(TakeTrees(offer[: rng.randint(0, len(offer))] if mode == "cut" else offer))
    while stop > 0 and deal.phase is not Phase.DONE:
        actions = deal.legal_actions()
        if deal.phase is Phase.LONE:  # most deals are played four-handed, unless lone play is asked for
            action = DeclareAlone(mode == "lone" or rng.random() < 0.15)
        else:
            action = rng.choice(actions)
        deal.apply(action)
        stop -= 1
    return deal


deals = st.builds(random_deal, st.integers(0, 2**32), st.sampled_from(MODES), st.integers(0, 30))

ROUND_TRIP = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# -- text without what the format cannot hold -------------------------------------------------

# Tag values: anything but control characters (the format has no escape for a line break).
TAG_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12)


def trimmed(text: str) -> str:
    """Commentary as the reader keeps it: each line trimmed, and the whole."""
    return "\n".join(line.strip() for line in text.split("\n")).strip()


# Commentary: anything but '}' (it closes the commentary); it may span lines. The reader trims its lines.
COMMENT_TEXT = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="}") | st.sampled_from(["\n", " "]),
    max_size=12,
).map(trimmed)
# A `%` line holds one line of text; the reader trims it.
NOTE_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12).map(str.strip)
TAG_NAME = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True).filter(
    lambda n: n not in GAME_TAGS and n not in ("Date", "Score")  # checked values: tested on their own
)


def reread(board: Board) -> Board:
    """Write one board and read it back."""
    (again,) = read_boards(write_boards([board]))
    return again


def written_tags(board: Board) -> list[str]:
    return re.findall(r'^\[(\w+) "', write_boards([board]), flags=re.M)


@st.composite
def decorated_boards(draw) -> Board:
    """A recorded deal with unknown hands and cards, descriptive and unknown
    tags, commentary on tags and cards, marks and notes."""
    deal = draw(deals)
    board = board_from_deal(deal, {"Event": draw(TAG_TEXT)})
    for name in draw(st.lists(TAG_NAME, max_size=3)):
        board.tags[name] = draw(TAG_TEXT)
    if draw(st.booleans()):
        board.tags["Date"] = draw(st.from_regex(r"([0-9]{4}|\?{4})\.([0-9]{2}|\?\?)\.([0-9]{2}|\?\?)", fullmatch=True))
    for seat in SEATS:
        if draw(st.booleans()):
            board.hands[seat] = None
    if board.stock is not None and draw(st.booleans()):
        board.stock = tuple(None if draw(st.booleans()) else c for c in board.stock)
    if board.discards is not None and draw(st.booleans()):
        board.discards = tuple(None for _ in board.discards)
    for name in draw(st.lists(st.sampled_from(written_tags(board) + ["Cut"]), max_size=4, unique=True)):
        board.comments[name] = draw(COMMENT_TEXT)
    board.tricks = [
        tuple(PlayedCard(p.card, draw(st.sampled_from(("",) + MARKS)),
                         draw(st.none() | COMMENT_TEXT)) for p in trick)
        for trick in board.tricks
    ]
    board.notes = draw(st.lists(NOTE_TEXT | COMMENT_TEXT.map(lambda c: "{" + c + "}"), max_size=3))
    return board


# -- round trips ------------------------------------------------------------------------------


def played_cards(deal: Deal) -> list[Card]:
    return [action.card for _, action in deal.history if isinstance(action, Play)]


@ROUND_TRIP
@given(deals)
def test_recorded_deal_round_trips_and_records_what_happened(deal):
    board = board_from_deal(deal, {"Board": "7", "Seed": "x"})
    text = write_boards([board])
    assert read_boards(text) == [board]
    assert write_boards(read_boards(text)) == text  # the writer's form is a fixed point
    # The record agrees with the deal's own history.
    assert board.dealer is deal.dealer and board.hands == deal.dealt
    assert board.stock == deal.stock and board.cut_trees == deal.cut_trees
    assert board.accepted is deal.accepted
    assert [p.card for p in board.played] == played_cards(deal)
    if deal.trick_cards:  # stopped in the middle of a trick: the last line is short
        assert [p.card for p in board.tricks[-1]] == deal.trick_cards
    assert all(len(t) == len(play_order(Seat.N, skip=deal.absent)) for t in board.tricks[: len(deal.tricks)])
    assert (board.result is None) == (deal.phase is not Phase.DONE)
    if deal.phase is Phase.DONE:
        assert board.result == deal.makers_tricks
    if deal.phase in (Phase.PLAY, Phase.DONE):
        assert board.alone_recorded and board.alone is deal.lone
        assert board.discards is not None and CardSet(board.discards) == deal.discards


@ROUND_TRIP
@given(decorated_boards())
def test_commentary_marks_notes_tags_and_unknowns_survive_a_round_trip(board):
    assert reread(board) == board


@ROUND_TRIP
@given(st.lists(decorated_boards(), min_size=1, max_size=3))
def test_several_boards_round_trip_in_order(boards):
    assert read_boards(write_boards(boards)) == boards


@ROUND_TRIP
@given(decorated_boards())
def test_json_round_trip(board):
    text = boards_to_json([board])
    data = json.loads(text)
    assert data["format"] == "abn-json" and data["version"] == 1
    assert boards_from_json(text) == [board]
    assert boards_from_json(boards_to_json([reread(board)])) == [board]


@pytest.mark.parametrize("path", GOOD_EXAMPLES, ids=lambda p: p.name)
def test_examples_round_trip(path):
    boards = load_boards(path)
    assert boards and read_boards(write_boards(boards), str(path)) == boards
    assert boards_from_json(boards_to_json(boards)) == boards


@pytest.mark.parametrize("path", GOOD_EXAMPLES, ids=lambda p: p.name)
def test_examples_are_in_the_writers_form(path):
    """The examples are written as the writer writes (so they show the canonical form)."""
    assert write_boards(load_boards(path)) == writers_form(path)


# -- the visitor ------------------------------------------------------------------------------


class CardCounter(BaseVisitor[tuple[int, int]]):
    """Counts a board's cards and tricks, and builds nothing."""

    def begin_board(self, line):
        self.cards = self.tricks = 0

    def begin_trick(self, line):
        self.tricks += 1

    def visit_card(self, card, mark, line):
        self.cards += 1

    def result(self):
        return self.cards, self.tricks


class CallRecorder(BaseVisitor[list]):
    """Every call with its arguments but the line."""

    def __init__(self):
        self.calls = []

    def begin_board(self, line):
        self.calls.append(("begin_board",))

    def visit_note(self, text, line):
        self.calls.append(("note", text))

    def visit_tag(self, name, value, line):
        self.calls.append(("tag", name, value))

    def visit_comment(self, text, line):
        self.calls.append(("comment", text))

    def begin_trick(self, line):
        self.calls.append(("begin_trick",))

    def visit_card(self, card, mark, line):
        self.calls.append(("card", card, mark))

    def end_board(self):
        self.calls.append(("end_board",))

    def result(self):
        return self.calls


def writers_form(path: Path) -> str:
    """The text of an example as the writer writes it."""
    text = path.read_text(encoding="utf-8")
    if path.name == "match.abn":  # the file's two leading notes stand alone, then a blank line
        text = text.replace("\n\n[Event", "\n[Event", 1)
    return text


@pytest.mark.parametrize("path", GOOD_EXAMPLES, ids=lambda p: p.name)
def test_a_visitor_counts_cards_and_tricks_without_a_board(path):
    counts = visit_text(path.read_text(encoding="utf-8"), CardCounter, str(path))
    assert counts == [(len(b.played), len(b.tricks)) for b in load_boards(path)]


def test_the_reader_reports_what_the_text_shows_and_the_builder_what_the_values_mean():
    text = (EXAMPLES / "errors.abn").read_text(encoding="utf-8")
    counted: list[AbnError] = []
    built: list[AbnError] = []
    counts = visit_text(text, CardCounter, "errors.abn", counted)
    boards = read_boards(text, "errors.abn", built)
    assert [e.line for e in counted] == [18]  # a malformed card of the play
    assert [e.line for e in built] == [18, 89]  # and [Dealer "X"], which only the builder reads
    assert len(counts) == len(boards) + 1


@pytest.mark.parametrize("path", GOOD_EXAMPLES, ids=lambda p: p.name)
def test_the_exporter_writes_the_examples_byte_for_byte(path):
    text = writers_form(path)
    assert "\n".join(visit_text(text, TextExporter)) == text  # read straight into text, no board between
    assert "\n".join(visit_board(b, TextExporter()) for b in load_boards(path)) == text


@ROUND_TRIP
@given(decorated_boards())
def test_the_writer_makes_the_calls_the_reader_makes_of_its_text(board):
    assert visit_text(write_board(board), CallRecorder) == [visit_board(board, CallRecorder())]
    assert visit_board(board, BoardBuilder()) == board


def test_one_exporter_writes_board_after_board():
    exporter = TextExporter()
    boards = read_boards('[Dealer "S"] {one}\n\n% two\n[Dealer "N"]\n')
    assert [visit_board(b, exporter) for b in boards] == ['[Dealer "S"] {one}\n', '% two\n[Dealer "N"]\n']


def test_the_exporter_puts_a_note_met_inside_a_line_after_it():
    """A `%` note between a tag and its later commentary: the commentary stays
    on the tag's line, the note follows it, and the text reads back the same.
    Commentary spanning lines is written as it came."""
    text = '[Dealer "S"]\n% a note\n{on Dealer}\n[Play "E"]\nQC {low\n% inside}\nTC\n'
    exported = "\n".join(visit_text(text, TextExporter))
    assert exported == '[Dealer "S"] {on Dealer}\n% a note\n[Play "E"]\nQC {low\n% inside}\nTC\n'
    assert read_boards(exported) == read_boards(text)


def test_visitor_errors_are_collected_like_the_readers():
    class NoHearts(CardCounter):
        def visit_card(self, card, mark, line):
            if card.suit is Suit.HEARTS:
                raise AbnError("t.abn", line, f"no hearts here: {card.ascii()}")
            super().visit_card(card, mark, line)

    text = '[Dealer "S"]\n[Play "E"]\nQC TH\n\n[Dealer "N"]\n[Play "W"]\nQC TC\n'
    errors: list[AbnError] = []
    assert visit_text(text, NoHearts, "t.abn", errors) == [(2, 1)]
    assert [str(e) for e in errors] == ["t.abn:3: no hearts here: TH"]
    with pytest.raises(AbnError, match="no hearts here"):
        visit_text(text, NoHearts, "t.abn")


# -- the JSON twin ----------------------------------------------------------------------------


@ROUND_TRIP
@given(decorated_boards())
def test_the_json_twin_is_the_same_board_as_plain_data(board):
    data = board_to_dict(board)
    assert json.loads(json.dumps(data)) == data
    assert board_from_dict(data) == board
    assert board.to_dict() == data and Board.from_dict(data) == board


@pytest.mark.parametrize("path", GOOD_EXAMPLES, ids=lambda p: p.name)
def test_the_json_twin_of_the_examples_writes_them_back_byte_for_byte(path):
    boards = boards_from_json(boards_to_json(load_boards(path)))
    assert write_boards(boards) == writers_form(path)


def test_a_one_card_cut_writes_cut_seen():
    """Decision D13: the card seen at the cut is stock card 4, except when the
    cutter lifts one card and takes the Tree shown: no card lay above it."""
    pack = [Card.parse("QC")] + [c for c in CARDS if c is not Card.parse("QC")]
    deal = Deal(Seat.S, pack, cut=1)
    deal.apply(TakeTrees((Card.parse("QC"),)))
    board = board_from_deal(deal)
    assert board.cut_trees == cset("QC") and board.cut_seen == CardSet()
    assert '[CutSeen ""]' in write_boards([board]) and reread(board) == board
    usual = board_from_deal(Deal(Seat.S, pack, cut=5))  # KC shown, not a Tree
    assert usual.cut_seen is None and "CutSeen" not in write_boards([usual])


def test_board_from_deal_needs_a_dealt_deal():
    pack = [Card.parse("QC")] + [c for c in CARDS if c is not Card.parse("QC")]
    with pytest.raises(ValueError, match="still at the cut"):
        board_from_deal(Deal(Seat.S, pack, cut=1))


# -- what the reader keeps ----------------------------------------------------------------------

REFUSAL = (EXAMPLES / "refusal.abn").read_text(encoding="utf-8")


def test_the_refusal_example_reads_as_documented():
    (board,) = read_boards(REFUSAL)
    assert board.dealer is Seat.S and board.forehand is Seat.E and board.deal_first is Seat.E
    assert board.hands[Seat.E] == cset("AC KC KS QH QD") and board.hands[Seat.N] == cset("TC QS TS JH 9H")
    assert board.hands[Seat.W] == cset("9C KH TH JD TD") and board.hands[Seat.S] == cset("JC AS AD KD 9D")
    assert board.stock == tuple(cards("JS 9S QC AH"))
    assert board.accepted is False and board.trump is Suit.CLUBS and board.discards == tuple(cards("QH"))
    assert board.alone_recorded and board.alone is None and board.result == 3 and board.play_leader is Seat.E
    assert [[p.card.ascii() for p in t] for t in board.tricks][0] == ["QC", "TC", "9C", "JC"]
    assert board.comments == {"Turn": "only one spade in hand"}
    assert board.tags == {"Event": "altbaumer example", "Board": "refusal", "Seed": "5"}
    assert board.notes[0].startswith("Forehand E refuses")
    assert board.lines["Dealer"] == 5 and board.trick_lines == [14, 15, 16, 17, 18]


def test_commentary_attaches_to_the_element_before_it():
    text = """% note one
{before the first tag}
[Dealer "S"] {on Dealer}
{still on Dealer,
over two lines}
[Deal "E:AK.K.Q.Q T.QT.J9. 9..KT.JT J.A..AK9"]
[Stock "JS 9S QC AH"]
[Turn "refuse"]
[Discard "QH"]
[Play "E"] {on Play}
QC! {a card} TC 9C?? JC
AC
"""
    (board,) = read_boards(text)
    assert board.notes == ["note one", "{before the first tag}"]
    # Several comments on one element are kept as lines, like the lines of one comment.
    assert board.comments == {"Dealer": "on Dealer\nstill on Dealer,\nover two lines", "Play": "on Play"}
    first = board.tricks[0]
    assert first[0] == PlayedCard(Card.parse("QC"), "!", "a card")
    assert first[2] == PlayedCard(Card.parse("9C"), "??") and first[3] == PlayedCard(Card.parse("JC"))
    assert [len(t) for t in board.tricks] == [4, 1]
    assert reread(board) == board


def test_commentary_spanning_lines_inside_a_trick_keeps_the_trick_together():
    """A trick is one line, and commentary may span lines: cards after a
    multi-line comment on the same trick line still belong to that trick."""
    text = """[Dealer "S"]
[Deal "E:AK.K.Q.Q T.QT.J9. 9..KT.JT J.A..AK9"]
[Stock "JS 9S QC AH"]
[Turn "refuse"]
[Discard "QH"]
[Play "E"]
QC TC {first line

   after a blank line, indented  } 9C JC
AC 9H JD 9D
"""
    (board,) = read_boards(text)
    assert [[p.card.ascii() for p in t] for t in board.tricks] == [["QC", "TC", "9C", "JC"], ["AC", "9H", "JD", "9D"]]
    assert board.tricks[0][1].comment == "first line\n\nafter a blank line, indented"
    assert board.trick_lines == [7, 10]
    assert reread(board) == board


def test_comment_lines_between_boards_go_to_the_next_board_and_at_the_end_to_the_last():
    text = """% file header

[Dealer "S"]

% about the second board
{and commentary}

[Dealer "N"]
[Event "two"]
% inside the second board

% trailing
"""
    first, second = read_boards(text)
    assert first.notes == ["file header"]
    assert second.notes == ["about the second board", "{and commentary}", "inside the second board", "trailing"]
    assert second.tags == {"Event": "two"} and second.dealer is Seat.N
    assert read_boards(write_boards([first, second])) == [first, second]


def test_commentary_on_a_tag_named_card_stays_on_the_tag():
    """Only a card of the play takes commentary as a card (this once failed with an IndexError)."""
    (board,) = read_boards('[Dealer "S"]\n[card "x"] {on the tag}\n')
    assert board.tags == {"card": "x"} and board.comments == {"card": "on the tag"} and reread(board) == board


def test_very_long_lines_read_in_linear_time_and_memory():
    """A tag value, a trick line and many comment-only groups of 200,000
    characters each read in well under a second (once minutes, and 165 bytes
    a character for the tag)."""
    value = "x" * 200_000
    (board,) = read_boards(f'[Dealer "S"]\n[Event "{value}"]\n[Play "E"]\n' + " ".join(["QC"] * 50_000) + "\n"
                           + "{c}\n\n" * 20_000)
    assert board.tags["Event"] == value and len(board.tricks) == 1 and len(board.tricks[0]) == 50_000
    assert read_boards("{c}\n\n" * 20_000 + '[Dealer "S"]\n')[0].notes == ["{c}"] * 20_000


def test_escaped_quotes_and_backslashes_in_tag_values():
    text = r'[Event "the \"Adler\" in C:\\Gasthaus\\"]' + '\n[Dealer "S"]\n'
    (board,) = read_boards(text)
    assert board.tags["Event"] == 'the "Adler" in C:\\Gasthaus\\'
    assert write_boards([board]) == text
    board.tags["Site"] = 'a "{b}" [c] %d \\'
    assert reread(board) == board
    # Only \n and \r end a line: other characters str.splitlines() breaks at may stand in a value.
    board.tags["Site"] = "Röthenbach\u2028im\x85Schwarzwald\x0c\x1c"
    board.comments["Site"] = "über\u2029zwei"
    assert reread(board) == board


@pytest.mark.parametrize("note", ["{unclosed", "{a} and more", "{two} {parts}", "%percent", "}"])
def test_notes_of_any_text_round_trip(note):
    board = Board(Seat.S, notes=[note, "{a real comment}"])
    assert reread(board).notes == [note, "{a real comment}"]


def test_unknown_hands_and_cards():
    text = """[Dealer "W"]
[Deal "S:T.KJ.QT. - - -"]
[Stock "KD - - 9D"]
[Turn "refuse"]
[Trump "D"]
[Discard "- - - -"]
"""
    (board,) = read_boards(text)
    assert board.hands == {Seat.S: cset("TC KS JS QH TH"), Seat.N: None, Seat.E: None, Seat.W: None}
    assert board.stock == (Card.parse("KD"), None, None, Card.parse("9D"))
    assert board.discards == (None,) * 4
    assert write_boards([board]) == text
    everyone_unknown = Board(Seat.N, hands={}, deal_first=Seat.E)
    assert '[Deal "E:- - - -"]' in write_boards([everyone_unknown]) and reread(everyone_unknown) == everyone_unknown


def test_tags_are_written_in_the_documented_order():
    text = """[Play "E"]
[Seed "5"]
[Alone ""]
[Discard "QH"]
[Trump "C"]
[Turn "refuse"]
[Stock "JS 9S QC AH"]
[Deal "E:AK.K.Q.Q T.QT.J9. 9..KT.JT J.A..AK9"]
[Dealer "S"]
[West "D"]
[Board "7"]
[Date "2026.11.28"]
"""
    with pytest.raises(AbnError):  # tags after [Play] are not allowed
        read_boards(text)
    reordered = "\n".join(text.splitlines()[1:] + ['[Play "E"]']) + "\n"
    (board,) = read_boards(reordered)
    names = written_tags(board)
    assert names == ["Date", "Board", "West", "Seed", "Dealer", "Deal", "Stock", "Turn", "Trump", "Discard", "Alone",
                     "Play"]


# -- hand notation --------------------------------------------------------------------------------


@pytest.mark.parametrize("hand, expected", [
    ("QJ.A.KT.", "QC JC AS KH TH"),  # the spec's example
    ("QJ.A.K10.", "QC JC AS KH TH"),  # 10 for the ten
    ("qj.a.kt.", "QC JC AS KH TH"),  # lower case
    ("JQ.A.TK.", "QC JC AS KH TH"),  # ranks in any order
    ("...AKQJT", "AD KD QD JD TD"),
    ("9.9.9.9T", "9C 9S 9H 9D TD"),
])
def test_hand_notation(hand, expected):
    text = f'[Dealer "S"]\n[Deal "N:{hand} - - -"]\n'
    (board,) = read_boards(text)
    assert board.hands[Seat.N] == cset(expected)
    assert board.deal_first is Seat.N


def test_deal_lists_hands_in_play_order_from_the_named_seat():
    """Play goes anticlockwise N → W → S → E, so `E:` lists E, N, W, S."""
    (board,) = read_boards('[Dealer "S"]\n[Deal "E:A... K... T... 9..."]\n')
    assert [board.hands[s] for s in (Seat.E, Seat.N, Seat.W, Seat.S)] == [cset("AC"), cset("KC"), cset("TC"), cset("9C")]


def test_cards_with_suit_symbols_and_ten_are_accepted():
    text = '[Dealer "S"]\n[Stock "J♠ 9♠ Q♣ 10♥"]\n[Cut "qc"]\n'
    (board,) = read_boards(text)
    assert board.stock == tuple(cards("JS 9S QC TH")) and board.cut_trees == cset("QC")
    assert '[Stock "JS 9S QC TH"]' in write_boards([board])


# -- reader errors, each at its line ----------------------------------------------------------------

GOOD = """% a good board first, so that lines count from the top of the file
[Dealer "S"]
[Deal "E:AK.K.Q.Q T.QT.J9. 9..KT.JT J.A..AK9"]

"""  # the bad board starts on line 5

BAD_BOARDS = [
    # (text of the bad board, line within it (1 = line 5 of the file), words of the message)
    ('[Dealer S]', 1, "malformed tag '[Dealer S]'"),
    ('[Dealer "S"]\n[Event "unterminated]', 2, "malformed tag"),
    ('[Dealer "S"]\n[Turn "accept"] {never closed\n[Discard "QH"]', 2,
     "commentary opened with '{' is never closed with '}'"),
    ('[Dealer "S"]\n[Turn "accept"] oops}', 2, "unexpected text 'oops'"),
    ('[Dealer "S"]\n[Turn "accept"] }', 2, "'}' without an opening '{'"),
    ('[Dealer "S"]\n}', 2, "'}' without an opening '{'"),
    ('[Dealer "X"]', 1, "[Dealer]: unknown seat 'X' (use N, E, S or W)"),
    ('[Dealer "S"]\n[Deal "Q:A... K... T... 9..."]', 2, "[Deal]: unknown seat 'Q'"),
    ('[Dealer "S"]\n[Turn "accept"]\n[Discard "QH"]\n[Alone "South-west"]', 4, "[Alone]: unknown seat"),
    ('[Dealer "S"]\n[Turn "accept"]\n[Discard "QH"]\n[Play "Z"]', 4, "[Play]: unknown seat 'Z'"),
    ('[Dealer "S"]\n[Stock "JS 9S QX AH"]', 2, "[Stock]: malformed card 'QX'"),
    ('[Dealer "S"]\n[Cut "Q"]', 2, "[Cut]: malformed card 'Q'"),
    ('[Dealer "S"]\n[Turn "accept"]\n[Discard "1H"]', 3, "[Discard]: malformed card '1H'"),
    ('[Dealer "S"]\n[Turn "accept"]\n[Discard "QH"]\n[Play "E"]\nQC TC\n9C XJ', 6,
     "in the play: malformed card 'XJ'"),
    ('[Dealer "S"]\n[Turn "accept"]\n[Discard "QH"]\n[Play "E"]\nQC!!!', 5, "in the play: malformed card 'QC!'"),
    ('[Dealer "S"]\n[Trump "X"]', 2, "[Trump]: unknown suit 'X'"),
    ('[Dealer "S"]\n[Deal "E:QJ.A.KT - - -"]', 2,
     "[Deal]: malformed hand 'QJ.A.KT': write suits as clubs.spades.hearts.diamonds"),
    ('[Dealer "S"]\n[Deal "E:QJ.A.KX. - - -"]', 2, "malformed hand 'QJ.A.KX.': 'KX' is not a list of ranks"),
    ('[Dealer "S"]\n[Deal "E:QQ.A.K. - - -"]', 2, "malformed hand 'QQ.A.K.': a card is listed twice"),
    ('[Dealer "S"]\n[Deal "QJ.A.KT. - - -"]', 2, "write the deal as FIRST:hand hand hand hand"),
    ('[Dealer "S"]\n[Date "2026-11-28"]', 2, "[Date]: malformed date '2026-11-28'"),
    ('[Dealer "S"]\n[Date "2026.1.28"]', 2, "[Date]: malformed date"),
    ('[Dealer "S"]\n[Deal "E:A... K... T..."]', 2, "[Deal]: the deal lists 3 hand(s), not 4"),
    ('[Dealer "S"]\n[Deal "E:A... K... T... 9... J..."]', 2, "the deal lists 5 hand(s), not 4"),
    ('[Dealer "S"]\n[Stock "JS 9S QC"]', 2, "[Stock]: the stock holds 4 cards, top first"),
    ('[Dealer "S"]\n[Stock "JS 9S QC AH KH"]', 2, "not 5"),
    ('[Dealer "S"]\n[Turn "accept"]\n[Discard "QH KH"]', 3,
     "[Discard]: forehand discards 1 card (4 in the compulsory case), not 2"),
    ('[Dealer "S"]\n[Turn "accept"]\n[Discard ""]', 3, "not 0"),
    ('[Dealer "S"]\n[Turn "maybe"]', 2, '[Turn]: the turn is "accept" or "refuse"'),
    ('[Dealer "S"]\n[Result "6"]', 2, "[Result]: the result is the makers' tricks, 0 to 5"),
    ('[Dealer "S"]\n[Result "-1"]', 2, "0 to 5"),
    ('[Dealer "S"]\n[Event "a"]\n[Turn "accept"]\n[Event "b"]', 4,
     "tag [Event] appears twice in the board (first on line 6)"),
    ('[Dealer "S"]\n[Dealer "N"]', 2, "tag [Dealer] appears twice"),
    ('[Dealer "S"]\n[Turn "accept"]\n[Discard "QH"]\n[Play "E"]\nQC TC 9C JC\n[Result "3"]', 6,
     "tag [Result] after the play: the [Play] section ends the board"),
    ('[Dealer "S"]\nQC', 2, "unexpected text 'QC': outside the play only tags and commentary are allowed"),
    ('[Dealer "S"] QC', 1, "unexpected text 'QC'"),
    ('[Event "no dealer"]\n[Board "3"]', 1, 'the board has no [Dealer "..."] tag'),
    ('% a note\n[Event "no dealer"]', 2, 'the board has no [Dealer "..."] tag'),
]


@pytest.mark.parametrize("bad, line, words", BAD_BOARDS, ids=[w[:40] for _, _, w in BAD_BOARDS])
def test_reader_errors_name_the_line_and_the_problem(bad, line, words):
    text = GOOD + bad + "\n"
    with pytest.raises(AbnError) as caught:
        read_boards(text, "deals.abn")
    error = caught.value
    assert error.source == "deals.abn" and error.line == 4 + line, str(error)
    assert words in error.problem
    assert str(error) == f"deals.abn:{4 + line}: {error.problem}"
    # The lenient reader keeps the good board before it and the one after it.
    errors: list[AbnError] = []
    after = '\n\n[Dealer "N"]\n[Board "after"]\n'
    boards = read_boards(text + after, "deals.abn", errors)
    assert [str(e) for e in errors] == [str(error)]
    if "never closed" in words:  # the open commentary swallows the rest of the file
        assert [b.dealer for b in boards] == [Seat.S]
    else:
        assert [b.dealer for b in boards] == [Seat.S, Seat.N] and boards[1].number == "after"


def test_text_that_is_not_a_board():
    with pytest.raises(AbnError, match=r"^x:2: no board here"):
        read_boards("\nQC TC 9C\n", "x")
    assert read_boards("") == [] and read_boards("\n\n") == []


def test_lenient_reader_reads_the_good_boards_and_collects_the_bad():
    text = (EXAMPLES / "errors.abn").read_text(encoding="utf-8")
    errors: list[AbnError] = []
    boards = read_boards(text, "errors.abn", errors)
    # Only two boards of errors.abn are malformed text; the others break the rules (test_replay.py).
    assert [(e.line, e.problem) for e in errors] == [
        (18, "in the play: malformed card 'XJ' (write it like QC, 10H, T♥)"),
        (89, "[Dealer]: unknown seat 'X' (use N, E, S or W)"),
    ]
    assert [b.number for b in boards] == ["twice", "sizes", "discard", "lone defender", "trump", "leader", "revoke",
                                          "result"]
    with pytest.raises(AbnError, match="errors.abn:18:"):
        read_boards(text, "errors.abn")


def test_load_boards_errors_name_the_file(tmp_path):
    with pytest.raises(AbnError, match="cannot read"):
        load_boards(tmp_path / "missing.abn")
    binary = tmp_path / "binary.abn"
    binary.write_bytes(b"\xff\xfe[Dealer \x81]")
    with pytest.raises(AbnError, match=r"binary.abn:1: not UTF-8 text \(byte 0xff\)"):
        load_boards(binary)


def test_json_errors():
    with pytest.raises(AbnError, match="malformed JSON"):
        boards_from_json("{not json")
    with pytest.raises(AbnError, match="not an ABN JSON document"):
        boards_from_json('{"boards": 3}')
    good = json.loads(boards_to_json(read_boards(REFUSAL)))
    for key, value, words in [("dealer", "X", "unknown seat 'X'"), ("turn", "maybe", "turn must be"),
                              ("stock", ["JS", "9S", "QZ", "AH"], "malformed card 'QZ'"),
                              ("play", {"tricks": []}, "malformed board"),
                              ("result", 6, "the result is the makers' tricks, 0 to 5, not 6"),
                              ("tags", {"Bad Name": "x"}, "tag name 'Bad Name' is not a descriptive tag"),
                              ("tags", {"Dealer": "N"}, "tag name 'Dealer'"),
                              ("tags", {"Date": "today"}, "malformed date 'today'")]:
        data = json.loads(json.dumps(good))
        data["boards"][0][key] = value
        with pytest.raises(AbnError, match=re.escape(words)) as caught:
            boards_from_json(json.dumps(data), "in.json")
        assert str(caught.value).startswith("in.json: board 1: ")


# -- writing files ----------------------------------------------------------------------------------


def test_save_boards_writes_atomically_and_like_an_ordinary_file(tmp_path):
    boards = read_boards(REFUSAL)
    target = tmp_path / "out.abn"
    save_boards(boards, target)
    assert load_boards(target) == boards
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.abn"]  # no temporary file left
    umask = os.umask(0)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask  # as open() would create it
    with pytest.raises(OSError):
        save_boards(boards, tmp_path / "no-such-dir" / "out.abn")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.abn"]


def test_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    target = tmp_path / "out.abn"
    target.write_text("old\n", encoding="utf-8")

    def broken(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(files.os, "replace", broken)
    with pytest.raises(KeyboardInterrupt):
        save_boards(read_boards(REFUSAL), target)
    assert target.read_text(encoding="utf-8") == "old\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.abn"]


def test_the_writer_refuses_what_the_format_cannot_hold():
    board = read_boards('[Dealer "S"]\n')[0]
    board.tags["Event"] = "two\nlines"
    with pytest.raises(AbnError, match=r"line break"):
        write_boards([board])
    board.tags["Event"] = "one line"
    board.comments["Dealer"] = "a } inside"
    with pytest.raises(AbnError, match=r"holds '\}'"):
        write_boards([board])
