"""A rating displays itself as `altbaumer rate` shows it: the advice, the decision, the seat, the
deals, the score, and the options table (the same columns in words, figures, what each option gives
up with its interval, and marks), the legend mapping the words to the notation."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from click.testing import Result

from altbaumer.abn.files import load_boards
from altbaumer.abn.record import replay
from altbaumer.game.actions import Accept, DeclareAlone
from altbaumer.game.deal import Deal
from altbaumer.game.display import COLOURS, option_cards
from altbaumer.game.match_state import MatchState
from altbaumer.hidden.rating import Rating, rate_view

from support import read_html, rich_text

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SMALL = {"samples": 300, "exact_limit": 300, "seed": 0}


def _next_decision(name: str, **options: object) -> Rating:
    record = replay(load_boards(str(EXAMPLES / name))[0])
    return rate_view(record.view(record.state.to_act), **SMALL, **options)  # type: ignore[arg-type]


def _table(text: str, rating: Rating) -> dict[str, list[str]]:
    """Each option's row of the rendered table, by option."""
    rows = {}
    for line in text.splitlines():
        for o in rating.options:
            shown = " ".join(str(c) for c in option_cards(o.option) or ()) or o.option
            if line.startswith(shown + " ") and ("%" in line or "—" in line):
                rows[o.option] = line[len(shown):].split()
    return rows


def test_the_match_objective_with_marks(run: Callable[..., Result]) -> None:
    rating = _next_decision("forehand-view.abn")
    marks = {o.option: rating.mark(o.option) for o in rating.options}
    assert "?" in marks.values() and "?!" in marks.values()  # the shipped example: Q♣ ?, K♣ and A♣ ?!
    fragment = rating._repr_html_()
    found = read_html(fragment)
    for heading in ("chance to win the match", "to win the round", "to make 3 tricks", "to take all five", "gives up"):
        assert f">{heading}</th>" in fragment
    for notation in ("= P(match)", "= P(round)", "= P(3+)", "= P(5)", "-Δ P(match)"):
        assert notation in fragment
    assert ">tricks on average</th>" not in fragment and not rating.has_tricks
    assert fragment.count("★") == 1 and ">Discard the " in fragment
    assert "the discard" in fragment and "E (maker) decides" in fragment and "from 300 of the " in fragment
    assert "score not known: rated as the first deal of a match" in fragment
    assert ("★", COLOURS["tree"]) in [(t.strip(), c) for t, c in found.coloured]
    assert {"?", "?!"} <= {t.strip() for t, c in found.coloured if c == "#d00000"}
    assert "±" in fragment and "—" in fragment
    # The same table as the command line's, row by row.
    text = rich_text(rating, width=120)  # the heads in words make the notebook's table wider than 80 columns
    result = run("rate", str(EXAMPLES / "forehand-view.abn"), "--samples", "300", "--exact-limit", "300",
                 "--no-progress", "--play", "dd")
    assert result.exit_code == 0
    cli = _table("\n".join(line.replace("│", " ").strip() for line in result.output.splitlines()), rating)
    ours = _table(text, rating)
    assert set(ours) == {o.option for o in rating.options} and ours == cli


def test_other_objectives_and_the_mean_tricks() -> None:
    rating = _next_decision("forehand-view.abn", objective="net", tricks=True)
    assert rating.has_tricks
    fragment = rating._repr_html_()
    for heading in ("tricks on average", "chance to make 3 tricks", "to take all five", "to take none", "points",
                    "net points", "gives up"):
        assert f">{heading}</th>" in fragment
    assert "P(match)" not in fragment and "score" not in fragment and "net points a deal" in fragment
    read_html(fragment)
    text = rich_text(rating)
    assert "tricks on average = tricks; chance to make 3 tricks = P(3+)" in " ".join(text.split())


def test_the_score_it_was_rated_at_and_a_defender() -> None:
    deal = Deal.from_seed(7)
    deal.apply(Accept())
    deal.apply(deal.legal_actions()[0])
    deal.apply(DeclareAlone(False))
    deal.apply(DeclareAlone(False))
    deal.apply(deal.legal_actions()[0])  # forehand leads; a defender plays next
    seat = deal.to_act
    assert seat is not None and seat.team is not deal.makers
    state = MatchState.parse("3:-1 rounds 1:0", deal.makers)
    rating = rate_view(deal.view(seat), state=state, **SMALL)  # type: ignore[arg-type]
    fragment = rating._repr_html_()
    assert f"{seat} (defender) decides the card to play" in fragment and ">to hold them to 2</th>" in fragment
    assert ">Play the " in fragment  # the advice first
    assert f"score before the deal: {state.describe()}" in fragment
    assert {c.ascii() for c in deal.hand(seat)} >= {o.option for o in rating.options}
    assert all(f'data-card="{o.option}"' in fragment for o in rating.options)
    text = rich_text(rating)
    assert "to hold them to 2 = P(set), the makers held to 2 or fewer" in " ".join(text.split()) and "★" in text
