"""The PettingZoo environment: PettingZoo's API and seed tests, and the same numbers as the
OpenSpiel game for the same cards: observations, masks and rewards."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pyspiel = pytest.importorskip("pyspiel")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import altbaumer.openspiel  # noqa: E402,F401  (registers the game)
from altbaumer.errors import AltbaumerError, InvalidArgument  # noqa: E402
from altbaumer.game.cards import CARDS  # noqa: E402
from altbaumer.pettingzoo import AGENTS, env, raw_env  # noqa: E402

SETTINGS = [{}, {"start": "turn", "dealer": "S"}, {"score": "2:1 rounds 1:0", "perfect_recall": True}]


@pytest.mark.parametrize("settings", SETTINGS)
def test_pettingzoo_api_test(settings: dict[str, object]) -> None:
    api_test(env(**settings), num_cycles=300, verbose_progress=False)


def test_pettingzoo_seed_test() -> None:
    seed_test(env, num_cycles=100)
    seed_test(lambda: env(start="turn"), num_cycles=100)


def test_the_same_seed_deals_the_same_cards_and_another_seed_others() -> None:
    deals = []
    for seed in (1, 1, 2):
        environment = raw_env()
        environment.reset(seed=seed)
        deals.append(environment.numbered.deal.pack)
    assert deals[0] == deals[1] != deals[2]


def opened(settings: dict[str, object], seed: int) -> tuple[raw_env, pyspiel.State]:
    """The environment after reset(seed) and the OpenSpiel state given the same pack and cut."""
    environment = raw_env(**settings)
    environment.reset(seed=seed)
    deal = environment.numbered.deal
    parameters = {k: v for k, v in settings.items() if k != "perfect_recall"}
    state = pyspiel.load_game("python_altbaumer", parameters).new_initial_state()
    for card in deal.pack[:23]:
        state.apply_action(CARDS.index(card))
    state.apply_action(deal.cut)
    return environment, state


@pytest.mark.parametrize("settings", SETTINGS)
def test_observations_masks_and_rewards_are_the_openspiel_games(settings: dict[str, object]) -> None:
    rng = np.random.default_rng(8)
    tensor = "information_state_tensor" if settings.get("perfect_recall") else "observation_tensor"
    for seed in range(20):
        environment, state = opened(settings, seed)
        for agent in environment.agent_iter():
            observation, reward, termination, truncation, info = environment.last()
            if termination:
                assert reward == state.returns()[AGENTS.index(agent)]
                environment.step(None)
                continue
            player = state.current_player()
            assert agent == AGENTS[player]
            for other, name in enumerate(AGENTS):
                seen = environment.observe(name)
                assert np.array_equal(seen["observation"], getattr(state, tensor)(other))
                assert seen["action_mask"].nonzero()[0].tolist() == (state.legal_actions() if other == player else [])
            action = int(rng.choice(state.legal_actions()))
            environment.step(action)
            state.apply_action(action)
        assert state.is_terminal()


def test_an_illegal_action_ends_the_deal_with_a_penalty() -> None:
    environment = env(start="turn")
    environment.reset(seed=3)
    agent = environment.agent_selection
    environment.step(0)  # a card, while forehand must accept or refuse
    assert environment.rewards[agent] == -1 and all(environment.terminations.values())


@pytest.mark.parametrize("settings, error", [({"start": "deal"}, InvalidArgument), ({"score": "9:9"}, AltbaumerError),
                                             ({"render_mode": "human"}, InvalidArgument)])
def test_settings_out_of_range_are_user_errors(settings: dict[str, object], error: type[Exception]) -> None:
    with pytest.raises(error):
        raw_env(**settings)


def test_render_shows_every_seat() -> None:
    environment = raw_env(render_mode="ansi")
    environment.reset(seed=1)
    lines = environment.render().splitlines()
    assert [line.split()[0] for line in lines] == [f"seat:{agent}" for agent in AGENTS]
