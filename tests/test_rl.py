"""The PettingZoo environment (alhambra_widget.rl): PettingZoo's own API and
seed tests, the action mask against the engine's legal actions, seeded games.

Rules reference: docs/rules/RULES.md (T1-T4, D4, X3, X4, E4).
"""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest

from alhambra_widget import Game, parse
from alhambra_widget.bots import Greedy

from pettingzoo.test import api_test, seed_test

from alhambra_widget import rl
from alhambra_widget.rl import ACTION_BLOCKS, ACTION_SIZE, PAYMENTS, env, raw_env


@pytest.mark.parametrize("n", [2, 4])
def test_pettingzoo_api_test(n):
    with warnings.catch_warnings():
        # dict observations with action masks: PettingZoo's own classic games are on an
        # allow-list for these two notes; every check that fails the test still runs
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably")
        api_test(env(num_players=n), num_cycles=250)
        api_test(raw_env(num_players=n), num_cycles=100)


@pytest.mark.parametrize("n", [2, 3])
def test_pettingzoo_seed_test(n):
    seed_test(lambda: env(num_players=n), num_cycles=200)


def positions(seed, n, every=2):
    """Positions of a game played by kind-uniform random moves (the engine's
    random_action: every kind comes up, Dirk and exact payments included)."""
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not g.is_over:
        if k % every == 0:
            yield g
        g.play(g.random_action(rng), record=False)
        k += 1


def test_the_mask_and_the_legal_actions_are_one_to_one():
    kinds = set()
    count = 0
    for seed, n in ((1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 2), (7, 2), (8, 3), (9, 4)):
        rng = random.Random(seed)
        for g in positions(seed, n):
            legal = g.legal_actions()
            index = rl.legal_indices(g)
            # every legal action has exactly one index ...
            assert len(index) == len(legal) == len(set(legal))
            assert set(index.values()) == set(legal)
            mask = rl.action_mask(g)
            assert mask.dtype == np.int8 and mask.shape == (ACTION_SIZE,)
            assert set(np.flatnonzero(mask)) == set(index)
            for i, a in index.items():
                # ... and every index the mask lets through names that legal action
                assert rl.index_action(g, i) == a
                assert rl.action_index(g, a) == i == rl.action_index(g, str(a))
                kinds.add(a.verb)
            # indices the mask leaves out name nothing here, or no action of the list
            for i in rng.sample(range(ACTION_SIZE), 40):
                if not mask[i]:
                    a = rl.index_action(g, i)
                    assert a is None or a not in legal
            count += 1
    assert count > 300
    assert kinds >= {"take", "buy", "remove", "build", "swap", "end", "place", "reserve", "dirk"}


def test_pass_and_the_blocks():
    # X4: nothing to take, nothing payable, no redesign: the only index is "pass"
    g = Game.from_position(2, seed=1, hands=[[], []], money=[])
    assert g.legal_kinds() == ["pass"]
    assert list(np.flatnonzero(rl.action_mask(g))) == [ACTION_SIZE - 1]
    assert str(rl.index_action(g, ACTION_SIZE - 1)) == "pass"
    # the blocks tile the space, in the documented order and sizes
    assert [b[0] for b in ACTION_BLOCKS] == ["take", "buy", "remove", "build", "swap", "end", "place",
                                             "reserve", "dirk", "pass"]
    assert sum(b[2] for b in ACTION_BLOCKS) == ACTION_SIZE == 28007
    assert all(a[1] + a[2] == b[1] for a, b in zip(ACTION_BLOCKS, ACTION_BLOCKS[1:]))
    assert len(PAYMENTS) == 288 and len(set(PAYMENTS)) == 288
    # a spot is named by its neighbour of smallest id: the fountain's four sides use anchor 0
    g = Game(2, seed=3)
    start = {name: first for name, first, _ in ACTION_BLOCKS}
    t = g.market[0]
    assert rl.index_action(g, start["build"] + (t.id - 1) * 220 + 1) == parse(f"build {t.id} at 1,0")
    with pytest.raises(ValueError):
        rl.action_index(g, "buy 1 with florin 9+9+9+9")   # a card to spare: no index


def test_observation_layout_and_bounds():
    for n in range(2, 7):
        assert rl.obs_size(n) == (120 + n) + 51 * n + 6 + 54 * (3 * n + 5)
    g = Game(3, seed=4)
    bots = [Greedy(seed=i) for i in range(3)]
    for _ in range(120):
        for seat in range(3):
            o = rl.observation(g, seat)
            assert o.dtype == np.float32 and o.shape == (rl.obs_size(3),)
            assert o.min() >= -1 and o.max() <= 1
        g.play(bots[g.current].choose(g))
    # the observer's own block comes first: seat 1's view of itself is seat 0's view of player 1
    fields = dict(rl.observation_layout(3))
    start = sum(size for name, size in rl.observation_layout(3)[:list(fields).index("players")])
    me_1 = rl.observation(g, 1)[start:start + 51]
    other_from_0 = rl.observation(g, 0)[start + 51:start + 102]
    assert np.array_equal(me_1, other_from_0)
    # every tile is somewhere exactly once (bag, market, Dirk, an Alhambra, a reserve, to place)
    o = rl.observation(g, 0)
    tiles = o[-54 * 14:].reshape(54, 14)
    assert (tiles[:, :12].sum(axis=1) == 1).all()


def play_seeded(seed, n=3, policy_seed=None):
    e = env(num_players=n)
    e.reset(seed=seed)
    for i, agent in enumerate(e.possible_agents):
        e.action_space(agent).seed(1000 + i if policy_seed is None else policy_seed + i)
    steps = []
    rewards = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            rewards[agent] = reward
            e.step(None)
            continue
        assert obs["observation"][3] == 1.0   # to_act
        a = int(e.action_space(agent).sample(obs["action_mask"]))
        steps.append((agent, a, str(e.unwrapped.index_action(a))))
        e.step(a)
    return e.unwrapped.game, steps, rewards


def test_a_seeded_game_is_reproducible_and_is_the_engine_s_game():
    g1, steps1, rewards1 = play_seeded(7)
    g2, steps2, rewards2 = play_seeded(7)
    assert g1.is_over and steps1 == steps2 and rewards1 == rewards2
    assert g1.to_json() == g2.to_json()
    # reset(seed=s) deals Game(n, seed=s); the history replays on a plain engine game
    replay = Game(3, seed=7)
    for _, _, notation in steps1:
        replay.play(notation)
    assert replay.scores == g1.scores and replay.is_over
    # win rewards: the winners share 1 (E4)
    winners = g1.winners
    assert rewards1 == {f"player_{i}": (1 / len(winners) if i in winners else 0.0) for i in range(3)}
    # agent_selection followed the engine's current player all the way
    check = Game(3, seed=7)
    for agent, _, notation in steps1:
        assert agent == f"player_{check.current}"
        check.play(notation)


def test_unseeded_resets_follow_the_first_seed():
    a, b = raw_env(num_players=2), raw_env(num_players=2)
    a.reset(seed=5)
    b.reset(seed=5)
    a.reset()
    b.reset()
    assert a.game.to_json() == b.game.to_json()
    assert a.game.seed != 5


def test_margin_rewards_truncation_and_illegal_indices():
    e = raw_env(num_players=2, reward="margin")
    e.reset(seed=2)
    bots = {a: Greedy(seed=i) for i, a in enumerate(e.possible_agents)}
    total = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            total[agent] = reward
            e.step(None)
            continue
        e.step(e.action_index(bots[agent].choose(e.game)))
    s = e.game.scores
    assert total == {"player_0": s[0] - s[1], "player_1": s[1] - s[0]}
    # truncation after max_actions
    e = raw_env(num_players=2, max_actions=5)
    e.reset(seed=1)
    n = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
        n += 1
    assert n == 5 + 2 and not e.agents
    # raw_env refuses an illegal index; env() ends the game with -1 for its player
    e = raw_env(num_players=2)
    e.reset(seed=1)
    with pytest.raises(ValueError, match="not legal now"):
        e.step(ACTION_SIZE - 1)
    w = env(num_players=2)
    w.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        w.step(ACTION_SIZE - 1)
    agent = w.agent_selection
    assert w.terminations[agent] and w.rewards[agent] == -1


def test_indices_seats_and_seeds_are_checked_not_bent():
    g = Game(["Ana", "Ben"], seed=3)
    # an index is a whole number in the action space: a float is not rounded down to one
    take = rl.action_index(g, g.legal_actions("take")[0])
    assert rl.index_action(g, np.int64(take)) == rl.index_action(g, np.array(take)) == g.legal_actions("take")[0]
    for bad in (take + 0.9, float(take), -1, ACTION_SIZE, True, str(take)):
        with pytest.raises(ValueError, match=f"a whole number from 0 to {ACTION_SIZE - 1}"):
            rl.index_action(g, bad)
    e = raw_env(num_players=2)
    e.reset(seed=1)
    before = e.game.to_json()
    with pytest.raises(ValueError, match="a whole number"):
        e.step(take + 0.9)
    assert e.game.to_json() == before
    # a seat is an index of this game or a player's name
    assert (rl.observation(g, "Ben") == rl.observation(g, 1)).all()
    for bad in (2, -1, "Cy"):
        with pytest.raises(ValueError, match="seat"):
            rl.observation(g, bad)
    # a seed is what Game takes: a text or a negative number deals Game(n, seed=...)'s game
    for seed in ("evening", -5, np.int64(9)):
        e.reset(seed=seed)
        assert e.game.to_json() == Game(2, seed=int(seed) if isinstance(seed, np.integer) else seed).to_json()
        e.reset()
        after = e.game.to_json()
        e.reset(seed=seed)
        e.reset()
        assert e.game.to_json() == after   # the next unseeded reset follows the seed too
    with pytest.raises(TypeError, match="seed must be an int or a str"):
        e.reset(seed=1.5)


def test_docstring_examples():
    import doctest

    assert doctest.testmod(rl, verbose=False).failed == 0
