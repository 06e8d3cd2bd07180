"""OpenSpiel's bots as arena players: they play only legal actions from their
seat's view (four-card discards included), the names parse or fail in one
line, and the arena runs them against the project's players."""

from __future__ import annotations

import builtins
import json
from typing import Any

import pytest
from click.testing import CliRunner

pytest.importorskip("pyspiel")

import pyspiel  # noqa: E402

from altbaumer.cli import main  # noqa: E402
from altbaumer.errors import AltbaumerError  # noqa: E402
from altbaumer.game.actions import Discard, Refuse  # noqa: E402
from altbaumer.game.deal import Deal  # noqa: E402
from altbaumer.game.match_state import MatchState  # noqa: E402
from altbaumer.game.seats import Team  # noqa: E402
from altbaumer.openspiel_bots import openspiel_policy  # noqa: E402
from altbaumer.play.players import check_policy_name, make_policy  # noqa: E402


def first_legal_bot(game: Any, player: int, seed: int) -> Any:
    """A bot factory as a user writes one: the first legal action."""
    class First(pyspiel.Bot):  # type: ignore[misc]
        def step(self, state: Any) -> int:
            return int(state.legal_actions()[0])

        def restart_at(self, state: Any) -> None:
            pass

    return First()


def _play(player: Any, seeds: range) -> tuple[int, int]:
    """Deals played with ``player`` in every seat: its decisions, and the four-card discards among them."""
    decisions = fours = 0
    for seed in seeds:
        deal = Deal.from_seed(seed)
        while deal.to_act is not None:
            view = deal.view(deal.to_act)
            action = player.choose(view)
            assert action in view.legal
            fours += isinstance(action, Discard) and len(action.cards) == 4
            deal.apply(action)
            decisions += 1
    return decisions, fours


@pytest.mark.parametrize("spec", ["random", "ismcts:5", f"{__name__}:first_legal_bot"])
def test_the_bots_play_legal_actions_from_their_view(spec: str) -> None:
    player = openspiel_policy(spec, seed=3)
    decisions, _ = _play(player, range(3))
    assert decisions >= 3 * 15  # the decisions and at least three tricks of cards a deal
    compulsory = next(deal for deal in map(_refused, range(400)) if deal.discard_count() == 4)
    view = compulsory.view(compulsory.to_act)
    discard = player.choose(view)  # four of the bot's steps, one action
    assert isinstance(discard, Discard) and len(discard.cards) == 4 and discard in view.legal


def _refused(seed: int) -> Deal:
    deal = Deal.from_seed(seed)
    deal.apply(Refuse())
    return deal


def test_a_bot_plays_for_the_match_from_the_score_it_is_told() -> None:
    player = openspiel_policy("ismcts:5", seed=1)
    player.set_score(MatchState.parse("4:4 rounds 1:0", Team.NS))
    assert player.game().get_parameters()["score"] == "4:4 rounds 1:0"
    _play(player, range(1))


@pytest.mark.parametrize("name, message", [
    ("openspiel:bogus", "unknown OpenSpiel player 'openspiel:bogus'"),
    ("openspiel:ismcts:0", "a number from 1 to 1,000,000"),
    ("openspiel:ismcts:x", "a number from 1 to 1,000,000"),
    ("openspiel:no_such_module:f", "cannot import it"),
])
def test_bad_names_are_one_line(name: str, message: str) -> None:
    with pytest.raises(AltbaumerError, match=message):
        check_policy_name(name)


def test_without_openspiel_the_name_says_which_extra(monkeypatch: Any) -> None:
    import sys

    real = builtins.__import__
    monkeypatch.delitem(sys.modules, "altbaumer.openspiel_bots")

    def no_openspiel(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "pyspiel" or name.startswith("open_spiel"):
            raise ImportError(f"No module named {name!r}")
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_openspiel)
    with pytest.raises(AltbaumerError, match=r"pip install 'altbaumer\[openspiel\]'"):
        make_policy("openspiel:random")


def test_the_arena_runs_openspiel_bots() -> None:
    result = CliRunner().invoke(main, ["arena", "pimc-match", "openspiel:random", "-n", "1", "--seed", "2",
                                       "--processes", "1", "--json"], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["a"]["policy"], data["b"]["policy"]) == ("pimc-match", "openspiel:random")
    assert data["a"]["wins"] + data["b"]["wins"] == data["matches"] == 2
