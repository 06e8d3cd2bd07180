"""Hostile deal files: JSON nested or numbered beyond reason, fields of the wrong
type, and text the ABN writer cannot hold (docs/format.md, Limits). Each is one
AbnError naming the file, the board and the field, or it reads back as written."""

from __future__ import annotations

import copy
import json
import re
import sys
import tracemalloc
from pathlib import Path
from typing import Any, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from altbaumer.abn import boards_from_json, boards_to_json, read_boards, replay, write_boards
from altbaumer.abn.json_format import FORMAT_DEPTH, MAX_DIGITS
from altbaumer.errors import AbnError, AltbaumerError

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
REFUSAL = (EXAMPLES / "refusal.abn").read_text(encoding="utf-8")
GOOD = json.loads(boards_to_json(read_boards(REFUSAL)))


def with_board(**fields: Any) -> str:
    """The refusal example as JSON with some of its board's fields replaced."""
    data = copy.deepcopy(GOOD)
    data["boards"][0].update(fields)
    return json.dumps(data)


def error_of(text: str) -> str:
    with pytest.raises(AbnError) as caught:
        boards_from_json(text, "in.json")
    message = str(caught.value)
    assert "\n" not in message and message.startswith("in.json"), message
    return message


# -- depth and numbers ------------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1_000, 100_000])
def test_nesting_beyond_reason_is_one_error(depth):
    text = '{"boards": [{"dealer": "S", "tags": ' + "[" * depth + "]" * depth + "}]}"
    assert error_of(text) == f"in.json: JSON nested too deep to read (a deal file nests {FORMAT_DEPTH} levels)"


def test_nesting_the_format_does_not_have_names_the_field():
    nested: Any = {"a": 1}
    for _ in range(50):
        nested = {"a": nested}
    assert error_of(with_board(tags=nested)) == \
        'in.json: board 1: "tags": "a" must be a string or a number, not an object'


HUGE = "9" * 5_000


@pytest.mark.parametrize("text, field", [
    ('{"boards": [{"dealer": "S", "result": %s}]}' % HUGE, 'board 1: "result"'),
    ('{"boards": [{"dealer": "S", "tags": {"Seed": %s}}]}' % HUGE, 'board 1: "tags": "Seed"'),
    ('{"version": %s, "boards": []}' % HUGE, '"version"'),
])
def test_a_number_of_thousands_of_digits_names_its_field(text, field):
    assert error_of(text) == f"in.json: {field} is a number of 5,000 digits; a deal file's have at most {MAX_DIGITS}"


def test_a_number_within_the_limit_is_kept_as_its_text():
    seed = "9" * MAX_DIGITS
    board, = boards_from_json(with_board(tags={"Seed": int(seed)}))
    assert board.tags == {"Seed": seed}


# -- the type of every field -------------------------------------------------------------------------


def fields(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every field of a board, as paths, with the first two items of each array."""
    if path:
        yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from fields(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value[:2]):
            yield from fields(item, path + (index,))


WRONG = [5, 1.5, True, None, [], {}, "x", "", [5], {"a": 1}, [None], ["QC", 5], "\ud800", -1, 10**40]
PATHS = sorted(set(fields(GOOD["boards"][0])) | {("comments", "Turn"), ("notes", 0), ("tags", "Event"),
                                                 ("play", "tricks", 0, 0, "mark"),
                                                 ("play", "tricks", 0, 0, "comment")}, key=repr)


def replaced(path: tuple[Any, ...], value: Any) -> str:
    data = copy.deepcopy(GOOD)
    here = data["boards"][0]
    for step in path[:-1]:
        here = here[step]
    here[path[-1]] = value
    return json.dumps(data)


@pytest.mark.parametrize("path", PATHS, ids=lambda p: ".".join(map(str, p)))
def test_a_field_of_any_value_is_read_or_refused_in_one_line(path):
    """What reads is a board every command can take: replayed, written as
    ABN (or refused as the writer refuses), written as JSON."""
    for value in WRONG:
        try:
            board, = boards_from_json(replaced(path, value), "in.json")
        except AbnError as error:
            assert str(error).startswith("in.json: board 1: ") and "\n" not in str(error), (value, error)
            continue
        boards_to_json([board]).encode("utf-8")
        board.label()
        for step in (lambda: replay(board), lambda: read_boards(write_boards([board]))):
            try:
                step()
            except AltbaumerError:
                pass


@pytest.mark.parametrize("field, value, words", [
    ("comment", 5, '"comment" must be a string or null, not 5'),
    ("comment", ["x"], '"comment" must be a string or null, not an array'),
    ("mark", None, '"mark" must be a string, not null'),
    ("mark", 5, '"mark" must be a string, not 5'),
    ("card", "QZ", "malformed card 'QZ'"),
    ("typo", 1, 'unknown field "typo"'),
])
def test_a_played_card_of_the_wrong_type_names_trick_and_card(field, value, words):
    tricks = copy.deepcopy(GOOD["boards"][0]["play"]["tricks"])
    tricks[1][2][field] = value
    message = error_of(with_board(play={"leader": "E", "tricks": tricks}))
    assert message.startswith("in.json: board 1: trick 2, card 3: ") and words in message, message


@pytest.mark.parametrize("fields, words", [
    ({"comments": {"Turn": 7}}, '"comments": "Turn" must be a string, not 7'),
    ({"notes": ["fine", {"a": 1}]}, '"notes" item 2 must be a string, not an object'),
    ({"result": True}, '"result" must be a whole number or null, not true'),
    ({"result": 3.0}, '"result" must be a whole number or null, not 3.0'),
    ({"hands": {"N": "TC QS TS JH 9H"}}, '"hands": "N" must be an array or null, not a string'),
    ({"hands": {"N": ["TC", "TC", "TS", "JH", "9H"]}}, '"hands": "N" lists TC twice'),
    ({"stock": "JS 9S QC AH"}, '"stock" must be an array or null, not a string'),
    ({"hand": []}, 'unknown field "hand" (the fields are tags, dealer,'),
    ({"dealer": None}, '"dealer" must be a string, not null'),
    ({"notes": ["\ud800"]}, '"notes" item 1 holds a lone surrogate'),
])
def test_a_board_field_of_the_wrong_type_is_named(fields, words):
    message = error_of(with_board(**fields))
    assert message.startswith("in.json: board 1: ") and words in message, message


def test_a_board_without_its_dealer_says_so():
    data = copy.deepcopy(GOOD)
    del data["boards"][0]["dealer"]
    assert 'board 1: malformed board: no "dealer"' in error_of(json.dumps(data))


def test_the_document_itself_is_checked():
    assert 'unknown field "boardz"' in error_of('{"boardz": [], "boards": []}')
    assert '"version" must be 1' in error_of('{"version": 2, "boards": []}')
    assert '"format" must be "abn-json"' in error_of('{"format": "pgn", "boards": []}')
    assert "board 1: a board must be an object, not an array" in error_of('{"boards": [[]]}')


# -- what the ABN writer cannot hold ---------------------------------------------------------------------


HOSTILE = ["a\nb", "a\n\n[Dealer \"N\"]", "a\n[Dealer \"N\"]\n", "}", "a}b", "{a}", "% a", "a\n% b", "[Event \"x\"]",
           "a\rb", "a\r\nb", "\n", "", "{", "[", "]", '"', "\\", "a\u2028b", "a\x85b", "a\x0cb", "\t", "a\x00b",
           "QC TC", "{a} {b}", "{a\nb}", "\n\n"]


def hostile_boards(text: str) -> Iterator[tuple[str, Any]]:
    """The refusal example with ``text`` in each place a board holds text."""
    def board() -> Any:
        return read_boards(REFUSAL)[0]

    note, tag, commentary, card, value = board(), board(), board(), board(), board()
    note.notes = [text]
    tag.comments["Turn"] = text
    commentary.comments["Dealer"] = text
    played = list(card.tricks[0])
    played[1] = type(played[1])(played[1].card, "", text)
    card.tricks[0] = tuple(played)
    value.tags["Event"] = text
    yield from [("note", note), ("tag commentary", tag), ("commentary", commentary), ("card commentary", card),
                ("tag value", value)]


def trimmed(board: Any) -> Any:
    """``board`` as the reader keeps its text: a ``%`` note trimmed; each line
    of commentary trimmed, and a block spanning lines (a note of commentary
    before the first tag) trimmed as a whole too."""
    def lines(text: str) -> str:
        return "\n".join(line.strip() for line in text.split("\n"))

    again = copy.deepcopy(board)
    # A note like "{} }" cannot be commentary (it would end at the first "}"): the writer gives it as "%".
    again.notes = ["{" + lines(n[1:-1]).strip() + "}" if n.startswith("{") and n.endswith("}") and "}" not in n[1:-1]
                   else n.strip() for n in again.notes]
    again.comments = {k: lines(v) for k, v in again.comments.items()}
    again.tricks = [tuple(type(p)(p.card, p.mark, None if p.comment is None else lines(p.comment)) for p in trick)
                    for trick in again.tricks]
    return again


@pytest.mark.parametrize("text", HOSTILE, ids=repr)
def test_hostile_text_is_refused_or_reads_back_as_written(text):
    for place, board in hostile_boards(text):
        try:
            written = write_boards([board])
        except AbnError as error:
            assert "\n" not in str(error) and "cannot write" in str(error), (place, error)
            continue
        assert read_boards(written) == [trimmed(board)], (place, written)


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from(["\n", "\r", "}", "{", "%", "[", "]", '"', "\\", " ", "a", "\x85", "\u2028", "-"]),
               max_size=8))
def test_any_text_is_refused_or_reads_back_as_written(text):
    test_hostile_text_is_refused_or_reads_back_as_written(text)


@pytest.mark.parametrize("change, words", [
    (lambda b: b.notes.append("one\ntwo"), "cannot write note 2: a % note is one line, and it holds a line break"),
    (lambda b: b.notes.append("{one\rtwo}"), "cannot write note 2: it holds a carriage return"),
    (lambda b: b.comments.update(Turn="one\rtwo"), "cannot write the commentary on [Turn]: it holds a carriage return"),
    (lambda b: b.comments.update(Trump2="x"), "cannot write the commentary on [Trump2]: the board has no such tag"),
    (lambda b: b.tags.update({"Bad Name": "x"}), "cannot write [Bad Name]: tag name 'Bad Name' is not"),
    (lambda b: b.tricks.append(()), "cannot write trick 6: it holds no card"),
])
def test_the_writer_names_what_it_cannot_hold(change, words):
    board = read_boards(REFUSAL)[0]
    change(board)
    with pytest.raises(AbnError, match=re.escape(words)):
        write_boards([board])


def test_a_mark_the_format_does_not_know_is_refused():
    board = read_boards(REFUSAL)[0]
    played = list(board.tricks[0])
    played[0] = type(played[0])(played[0].card, " QC")
    board.tricks[0] = tuple(played)
    with pytest.raises(AbnError, match=re.escape("cannot write trick 1, card 1: unknown mark ' QC'")):
        write_boards([board])


def test_convert_refuses_a_note_that_would_forge_a_board(run, tmp_path):
    """A JSON note with a line break must not become a board of its own."""
    path = tmp_path / "forged.json"
    path.write_text(with_board(notes=['x\n\n[Dealer "N"]']), encoding="utf-8")
    out = tmp_path / "out.abn"
    result = run("convert", str(path), "--to", "abn", "-o", str(out))
    assert result.exit_code == 2 and not out.exists()
    assert result.stderr.strip().splitlines() == [
        f"altbaumer: error: {path}: board 1: cannot write note 1: a % note is one line, and it holds a line break"]


# -- the reader's work -------------------------------------------------------------------------------


@pytest.mark.parametrize("shape", ["boards", "long tag", "long commentary"])
def test_a_megabyte_reads_in_memory_proportional_to_it(shape):
    """The reader is linear: its peak memory is a small multiple of the text,
    some 17 times for whole boards and 2 for one long tag or commentary (an
    escape in a tag value once took some 200 bytes). Figures for 10 MB files:
    docs/format.md, Limits."""
    if shape == "long tag" and sys.version_info < (3, 11):
        pytest.skip("the reader's tag pattern is possessive from Python 3.11")
    if shape == "boards":  # a fifth of a megabyte: whole boards take a while to build
        text = "\n".join([REFUSAL] * (200_000 // len(REFUSAL)))
    elif shape == "long tag":
        text = '[Event "' + 'a\\"' * 300_000 + '\\\\' * 100_000 + '"]\n[Dealer "S"]\n'
    else:
        text = '[Dealer "S"] {' + "a " * 500_000 + "}\n"
    tracemalloc.start()
    try:
        boards = read_boards(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert boards and peak < 40 * len(text), peak / len(text)


# -- every command that reads deal files -----------------------------------------------------------


HOSTILE_FILES = {
    "deep": '{"boards": [{"dealer": "S", "notes": ' + "[" * 100_000 + "]" * 100_000 + "}]}",
    "huge number": '{"boards": [{"dealer": "S", "result": ' + HUGE + "}]}",
    "comment of the wrong type": replaced(("play", "tricks", 0, 0, "comment"), 5),
}
COMMANDS = [("check",), ("convert", "--to", "abn"), ("solve",), ("table",), ("rate",), ("annotate",)]


@pytest.mark.parametrize("kind", HOSTILE_FILES)
@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_gives_one_line_for_a_hostile_json_file(run, tmp_path, kind, command):
    path = tmp_path / "hostile.json"
    path.write_text(HOSTILE_FILES[kind], encoding="utf-8")
    result = run(command[0], str(path), *command[1:])
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = (result.stdout if command == ("check",) else result.stderr).strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0], lines
