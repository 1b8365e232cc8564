"""A seed and a list of actions reproduce a game, in this version and in every
later one: games played once and written down (tests/seeded_games.json: the
seed, the actions in notation, and the position they lead to) must replay to
exactly that position, on the recorded path and on the playout path.

This pins everything a seed decides: the shuffle of the money deck and of the
bag, where the scoring cards go, the first hands, and every tile drawn into the
building market (the market's refill draws the bag in a loop of its own). A
change to any of these would deal another game from the same seed, and a save
file of an earlier version (its start, its moves, the position they reach)
would no longer load; so it fails here. If it is meant, that calls for a new
record version, not a new fixture. Regenerate only for a new set of games::

    .venv/bin/python tests/test_seeded_games.py
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from alhambra_widget import Game, IllegalMove  # noqa: E402

FIXTURE = Path(__file__).resolve().parent / "seeded_games.json"

#: (players, seed, moves): None plays to the end of the game
GAMES = [(2, 11, None), (3, 2026, 150), (4, 7, None), (6, 31, 120)]


def position(g: Game) -> dict:
    """What the seed and the moves decided, in plain values."""
    return {
        "phase": g.phase, "turn": g.turn, "current": g.current, "scores": list(g.scores),
        "market": [t.id if t is not None else None for t in g.market],
        "money": [str(c) for c in g.money],
        "deck": len(g.deck), "bag": len(g.bag), "discard": len(g.discard),
        "rounds": len(g.rounds),
        "players": [{"hand": [str(c) for c in p.hand], "reserve": [t.id for t in p.reserve],
                     "alhambra": sorted([x, y, t.id] for (x, y), t in p.alhambra.items())} for p in g.players],
        "dirk": [t.id for t in g.dirk] if g.n == 2 else None,
    }


def made() -> list:
    out = []
    for n, seed, moves in GAMES:
        g = Game(n, seed=seed)
        rng = random.Random(seed)
        actions = []
        while not g.is_over and (moves is None or len(actions) < moves):
            a = rng.choice(g.legal_actions())
            actions.append(str(a))
            g.play(a)
        out.append({"players": n, "seed": seed, "actions": actions, "position": position(g)})
    return out


def games() -> list:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))["games"]


@pytest.mark.parametrize("record", [True, False], ids=["recorded", "playout"])
@pytest.mark.parametrize("index", range(len(GAMES)), ids=[f"{n}p-seed{s}" for n, s, _ in GAMES])
def test_a_seed_and_its_moves_replay_the_same_game(index, record):
    case = games()[index]
    g = Game(case["players"], seed=case["seed"])
    for k, a in enumerate(case["actions"]):
        try:
            g.play(a, record=record)
        except IllegalMove as e:
            pytest.fail(f"move {k + 1}, {a!r}, is not legal now ({e}): the seed dealt another game than before")
    assert position(g) == case["position"]


def test_the_games_written_down_are_long_and_varied():
    cases = games()
    assert [(c["players"], c["seed"]) for c in cases] == [(n, s) for n, s, _ in GAMES]
    over = [c for c in cases if c["position"]["phase"] == "over"]
    assert len(over) == 2 and all(c["position"]["rounds"] == 3 for c in over)   # every scoring round
    verbs = {a.split(" ")[0] for c in cases for a in c["actions"]}
    assert {"take", "buy", "place", "reserve", "remove", "build", "swap", "dirk"} <= verbs
    assert sum(len(c["actions"]) for c in cases) > 600


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps({"about": "Seeded games and the positions their moves lead to "
                                             "(tests/test_seeded_games.py writes it once; every version must replay them).",
                                   "games": made()}, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print("wrote", FIXTURE)
