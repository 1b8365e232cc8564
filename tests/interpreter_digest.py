"""What a few seeded games come to, as text to compare between Python versions
(``tests/test_interpreters.py``): run as a script by another interpreter, with
the repository's root as its argument, it prints the same JSON that
:func:`digest` gives here when that interpreter plays every game move for move
alike. Needs the engine and the bots only (pure Python, nothing installed).

Covered: games on the public path (``legal_actions()``, ``play()`` with the
record, undo and redo) and on the playout path (``random_action``,
``play(record=False)``) for 2 to 6 players; a game record made by this
interpreter (``record``) loaded and played on there; a search's choice (MCTS
and Greedy, seeded, a fixed number of iterations).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys

SEEDS = (3, 11)
PLAYERS = (2, 4, 6)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _public(Game, n: int, seed: int):
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not g.is_over:
        acts = g.legal_actions()
        g.play(acts[int(rng.random() * len(acts))])
        k += 1
        if k % 37 == 0:   # undo and redo on the way: the same game
            for _ in range(3):
                g.undo()
            for _ in range(3):
                g.redo()
    return g


def _playout(Game, n: int, seed: int):
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        g.play(g.random_action(rng), record=False)
    return g


def digest(record: str | None = None) -> dict:
    """The digests of the seeded games (and of ``record`` played on), as a dict of text."""
    from alhambra_widget import Game
    from alhambra_widget.bots import MCTS, Greedy
    from alhambra_widget.engine.state import dump_state

    out = {}
    for n in PLAYERS:
        for seed in SEEDS:
            g = _public(Game, n, seed)
            out[f"public {n}p {seed}"] = [g.scores, len(g.moves), _sha(g.to_json())]
            p = _playout(Game, n, seed)
            out[f"playout {n}p {seed}"] = [p.scores, p.turn, _sha(json.dumps(dump_state(p)))]
    g = Game(4, seed=5)
    rng = random.Random(5)
    while len(g.moves) < 60 or g.phase != "action":   # (a choice of actions of every kind)
        g.play(g.random_action(rng))
    out["mcts"] = str(MCTS(iterations=200, seed=1).choose(g))
    out["greedy"] = str(Greedy(seed=1).choose(g))
    if record is not None:
        g = Game.from_json(record)
        rng = random.Random(9)
        for _ in range(40):
            if g.is_over:
                break
            acts = g.legal_actions()
            g.play(acts[int(rng.random() * len(acts))])
        out["record"] = _sha(g.to_json())
    return out


if __name__ == "__main__":
    sys.path.insert(0, sys.argv[1])   # (the repository, ahead of any installed copy)
    print(json.dumps(digest(sys.stdin.read() or None), sort_keys=True))
