"""Game.random_action: the engine's playout move (a kind uniformly, then an action of that kind uniformly)."""

import random
from collections import Counter

import pytest

from alhambra_widget import Game


def _position_with_reserve(seed):
    """A mid-game position whose player to act has tiles in the reserve."""
    g = Game(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        if g.is_over:
            break
        if g.phase == "action" and g.players[g.current].reserve and "redesign" in g.legal_kinds():
            return g
        g.play(g.random_action(rng))
    pytest.skip("no such position in this game")  # pragma: no cover


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_action_is_always_listed_as_legal(players):
    g = Game(players, seed=players)
    rng = random.Random(players)
    steps = 0
    while not g.is_over:
        a = g.random_action(rng)
        assert a in g.legal_actions(), (str(a), g.phase)
        assert a.kind in g.legal_kinds()
        g.play(a)
        steps += 1
    assert steps > 50
    assert g.random_action(rng) is None  # nothing to choose once the game is over


def test_random_action_distribution_matches_kind_then_action():
    g = _position_with_reserve(11)
    kinds = g.legal_kinds()
    expected = {}
    for k in kinds:
        acts = g.legal_actions(k)
        for a in acts:
            expected[a] = expected.get(a, 0) + 1 / len(kinds) / len(acts)
    rng = random.Random(5)
    n = 20000
    seen = Counter(g.random_action(rng) for _ in range(n))
    assert set(seen) <= set(expected)  # never an illegal action
    # every action appears about as often as the two-step uniform choice predicts
    for a, p in expected.items():
        mean = n * p
        sd = (n * p * (1 - p)) ** 0.5
        assert abs(seen[a] - mean) < 5 * sd + 2, (str(a), seen[a], mean)


@pytest.mark.parametrize("seed", [3, 4, 7, 19])
def test_a_random_redesign_is_any_legal_redesign_alike(seed):
    """The redesigns a playout draws (T3: by rejection from every tile out, every reserve tile
    on every free spot, every reserve tile for every Alhambra tile) come out uniformly among
    the legal ones, in positions with tiles in the reserve and in the Alhambra."""
    g = Game(3, seed=seed)
    rng = random.Random(seed)
    while not (g.phase == "action" and g.players[g.current].reserve and len(g.players[g.current].alhambra) > 6
               and len(g.legal_actions("redesign")) > 6):
        g.play(g.random_action(rng))
    legal = g.legal_actions("redesign")
    rng = random.Random(seed)
    seen = Counter()
    while sum(seen.values()) < 300 * len(legal):
        a = g.random_action(rng)
        if a.kind == "redesign":
            seen[a] += 1
    assert set(seen) <= set(legal)
    n = sum(seen.values())
    p = 1 / len(legal)
    sd = (n * p * (1 - p)) ** 0.5
    for a in legal:
        assert abs(seen[a] - n * p) < 5 * sd, (str(a), seen[a], n * p)


def _position_where(players, seed, wanted):
    """The first position of a random game where ``wanted(game)`` holds."""
    g = Game(players, seed=seed)
    rng = random.Random(seed)
    while not wanted(g):
        g.play(g.random_action(rng))
    return g


POSITIONS = {
    # tiles to place: every spot, the reserve (and Dirk with two players)
    "placing, 3 players": (3, 5, lambda g: g.phase == "place" and len(g.legal_actions("place")) > 8),
    "placing, 2 players": (2, 8, lambda g: g.phase == "place" and len(g.legal_actions("place")) > 8),
    # several buys, of several slots and payments
    "buying": (4, 6, lambda g: g.phase == "action" and len(g.legal_actions("buy")) > 4),
}


@pytest.mark.parametrize("where", sorted(POSITIONS))
def test_random_action_is_uniform_within_its_kind_wherever_it_is_asked(where):
    """The same two-step uniform choice in the placement phase and among many buys (each drawn
    without listing: an error there would not show in a position where it falls back to the list)."""
    players, seed, wanted = POSITIONS[where]
    g = _position_where(players, seed, wanted)
    kinds = g.legal_kinds()
    expected = {a: 1 / len(kinds) / len(g.legal_actions(k)) for k in kinds for a in g.legal_actions(k)}
    rng = random.Random(seed)
    n = 12000
    seen = Counter(g.random_action(rng) for _ in range(n))
    assert set(seen) <= set(expected)
    for a, p in expected.items():
        sd = (n * p * (1 - p)) ** 0.5
        assert abs(seen[a] - n * p) < 5 * sd + 2, (str(a), seen[a], n * p)


def test_random_action_leaves_the_game_unchanged():
    g = _position_with_reserve(3)
    before = g.to_json()
    rng = random.Random(0)
    for _ in range(200):
        g.random_action(rng)
    assert g.to_json() == before


def test_random_games_reproduce_with_the_same_seeds():
    def run():
        g = Game(4, seed=21)
        rng = random.Random(21)
        while not g.is_over:
            g.play(g.random_action(rng))
        return g.to_json()

    assert run() == run()
