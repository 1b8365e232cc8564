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
        # the spaces as documented: the observation in [-1, 1], the mask 0 or 1
        e = raw_env(num_players=n)
        for agent in e.possible_agents:
            space = e.observation_space(agent)
            assert space["observation"].shape == (rl.obs_size(n),)
            assert space["observation"].low.min() == -1 and space["observation"].high.max() == 1
            assert space["action_mask"].shape == (ACTION_SIZE,) and space["action_mask"].dtype == np.int8
            assert space["action_mask"].low.max() == 0 and space["action_mask"].high.min() == 1
            assert space["action_mask"].high.max() == 1
            assert e.action_space(agent).n == ACTION_SIZE
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


def test_a_shared_victory_splits_the_win_reward():
    """E4: the k players tied for the most points share the victory, 1/k each (as the
    tournament counts wins); the others get 0, and the rewards add up to 1."""
    # random legal moves until a game ends in a tie: seed 73 is the first that does (the seeds
    # after it are tried should the engine's games ever change)
    for seed in range(73, 200):
        game, _, rewards = play_seeded(seed)
        if len(game.winners) > 1:
            break
    else:
        pytest.fail("no game ended in a tie")
    winners = game.winners
    assert len(winners) == 2 and len({game.scores[i] for i in winners}) == 1
    assert rewards == {f"player_{i}": (0.5 if i in winners else 0.0) for i in range(3)}
    assert sum(rewards.values()) == 1


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


def test_every_public_name_is_there():
    """``from alhambra_widget.rl import *`` gives every name ``__all__`` lists."""
    names = {}
    exec("from alhambra_widget.rl import *", names)
    assert set(rl.__all__) <= set(names)
    assert names["env"] is env and names["observation"] is rl.observation


def test_docstring_examples():
    import doctest

    assert doctest.testmod(rl, verbose=False).failed == 0


def _count(v, scale):
    """A count written as ``count / scale``: a whole number again, or the scale is not the documented one."""
    x = float(v) * scale
    assert abs(x - round(x)) < 1e-4, (v, scale)
    return round(x)


def _decode(obs, n):
    """The observation read back field by field as the module docstring documents it
    (independently of the encoder): what a research user's own code would do."""
    at, fields = 0, {}
    for name, size in rl.observation_layout(n):
        fields[name] = obs[at:at + size]
        at += size
    assert at == len(obs)
    f = fields
    d = {
        "phase": ("action", "place", "over")[int(np.argmax(f["phase"]))],
        "to_act": f["to_act"][0] == 1, "acting": int(np.argmax(f["acting"])),
        "extra": f["extra"][0] == 1, "final": f["final"][0] == 1,
        "scored": [i + 1 for i in range(3) if f["scored"][i] == 1],
        "turn": _count(f["turn"][0], 200), "deck": _count(f["deck"][0], 110),
        "bag": _count(f["bag"][0], 54),
        "discard": {k: _count(v, 3) for k, v in enumerate(f["discard"]) if v},
        "money": [(int(np.argmax(m[1:5])), _count(m[5], 9))
                  for m in f["money"].reshape(4, 6) if m[0] == 1],
        "market": [(int(np.argmax(m[1:7])), _count(m[7], 13), [int(x) for x in m[8:12]])
                   if m[0] == 1 else None for m in f["market"].reshape(4, 12)],
        "players": [], "dirk": [_count(v, 11) for v in f["dirk"]], "tiles": {},
    }
    for b in f["players"].reshape(n, 51):
        d["players"].append({
            "score": _count(b[0], 400),
            "hand": {k: _count(v, 3) for k, v in enumerate(b[1:37]) if v},
            "purse": [_count(v, 135) for v in b[37:41]], "cards": _count(b[41], 108),
            "buildings": [_count(v, 11) for v in b[42:48]], "wall": _count(b[48], 80),
            "tiles": _count(b[49], 54), "reserve": _count(b[50], 54)})
    for tid, b in enumerate(f["tiles"].reshape(54, 3 * n + 5), start=1):
        col = int(np.argmax(b[:3 * n + 3]))
        where = (["bag", "market", "dirk"] + [("alhambra", k) for k in range(n)]
                 + [("reserve", k) for k in range(n)] + [("pending", k) for k in range(n)])[col]
        d["tiles"][tid] = (where, _count(b[3 * n + 3], 100), _count(b[3 * n + 4], 100))
    return d


def _expected(g, seat):
    """The same facts from the engine's public API, player k being the k-th seat after ``seat``."""
    from alhambra_widget import CURRENCIES, BUILDINGS
    n = g.n
    seats = [(seat + k) % n for k in range(n)]
    cur_ix = {c: i for i, c in enumerate(CURRENCIES)}
    b_ix = {b: i for i, b in enumerate(BUILDINGS)}

    def key(c):
        return cur_ix[c.currency] * 9 + c.value - 1

    def counted(cards):
        out = {}
        for c in cards:
            out[key(c)] = out.get(key(c), 0) + 1
        return out

    tiles = {tid: ("bag", 0, 0) for tid in range(1, 55)}
    for t in g.market:
        if t is not None:
            tiles[t.id] = ("market", 0, 0)
    for t in g.dirk:
        tiles[t.id] = ("dirk", 0, 0)
    for k, s in enumerate(seats):
        p = g.players[s]
        for (x, y), t in p.alhambra.items():
            if t.id:
                tiles[t.id] = (("alhambra", k), x, y)
        for t in p.reserve:
            tiles[t.id] = (("reserve", k), 0, 0)
    for s, t in g.pending:
        tiles[t.id] = (("pending", seats.index(s)), 0, 0)
    players = []
    for s in seats:
        p = g.players[s]
        purse = [0] * 4
        for c in p.hand:
            purse[cur_ix[c.currency]] += c.value
        counts = [0] * 6
        for t in p.alhambra.tiles():
            if t.building is not None:
                counts[b_ix[t.building]] += 1
        players.append({"score": p.score, "hand": counted(p.hand), "purse": purse, "cards": len(p.hand),
                        "buildings": counts, "wall": p.alhambra.longest_wall(),
                        "tiles": len(p.alhambra.tiles()),
                        "reserve": len(p.reserve)})
    dirk = [0] * 6
    for t in g.dirk:
        dirk[b_ix[t.building]] += 1
    return {
        "phase": g.phase, "to_act": g.current == seat and not g.is_over, "acting": seats.index(g.current),
        "extra": bool(g.extra), "final": bool(g.final), "scored": [r["round"] for r in g.rounds],
        "turn": g.turn, "deck": g.deck_size, "bag": g.bag_size, "discard": counted(g.discard),
        "money": [(cur_ix[c.currency], c.value) for c in sorted(g.money, key=key)],
        "market": [(b_ix[t.building], t.price, [t.mask >> k & 1 for k in range(4)]) if t is not None else None
                   for t in g.market],
        "players": players, "dirk": dirk, "tiles": tiles,
    }


@pytest.mark.parametrize("n,seed", [(2, 3), (3, 8), (5, 2)])
def test_every_documented_field_of_the_observation_reads_back_as_the_game_has_it(n, seed):
    """The observation decoded by its documented layout (offsets and scales of the module
    docstring) gives the engine's own facts, for every seat, all through a game: places
    (bag, market, Dirk, an Alhambra with its spot, a reserve, still to place), hands,
    purses, walls, scores, the scoring rounds."""
    g = Game(n, seed=seed)
    bots = [Greedy(seed=i) for i in range(n)]
    seen = set()
    while True:
        for seat in range(n):
            got, want = _decode(rl.observation(g, seat), n), _expected(g, seat)
            assert got == want, {k: (got[k], want[k]) for k in want if got[k] != want[k]}
        seen.update(w[0] if isinstance(w[0], str) else w[0][0] for w in want["tiles"].values())
        seen.update(k for k in ("extra", "final") if want[k])
        if g.is_over:
            break
        g.play(bots[g.current].choose(g))
    assert len(g.rounds) == 3
    assert seen == {"bag", "market", "alhambra", "reserve", "pending", "extra", "final"} | ({"dirk"} if n == 2 else set())


def test_render_modes(capsys):
    """ansi: render() returns the position as text (print(game)); human: every step prints it;
    none: render() warns and returns nothing, and the steps print nothing."""
    e = raw_env(num_players=2, render_mode="ansi")
    e.reset(seed=5)
    assert e.render() == str(e.unwrapped.game) and "Dirk" in e.render()
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert e.render() == str(e.unwrapped.game)
    assert capsys.readouterr().out == ""
    e = raw_env(num_players=2, render_mode="human")
    e.reset(seed=5)
    for _ in range(2):
        assert e.render() is None
        assert capsys.readouterr().out == str(e.unwrapped.game) + "\n"
        e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
        assert capsys.readouterr().out == str(e.unwrapped.game) + "\n"   # each step shows the new position
    e = raw_env(num_players=2)
    e.reset(seed=5)
    with pytest.warns(UserWarning, match="render_mode"):
        assert e.render() is None
    e.step(int(np.flatnonzero(e.observe(e.agent_selection)["action_mask"])[0]))
    assert capsys.readouterr().out == ""
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(num_players=2, render_mode="rgb_array")
