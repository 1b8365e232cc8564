"""The engine's faster ways of playing a move give what the plain ones give."""

import random

from alhambra_widget import Game

M64 = (1 << 64) - 1


def _plain_shuffle(state: int, lst: list) -> int:
    """Fisher-Yates from the end, one splitmix64 output a swap (as ``Game._randbelow``)."""
    s = state
    for i in range(len(lst) - 1, 0, -1):
        s = (s + 0x9E3779B97F4A7C15) & M64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        lst[i], lst[j] = lst[j], lst[i]
    return s


def test_batched_shuffle_is_the_plain_one():
    rng = random.Random(7)
    g = Game(2, seed=1)
    # every length up to past two batches, and extreme states
    for n in list(range(0, 300)) + [1000]:
        for state in (rng.getrandbits(64), 0, M64):
            a, b = list(range(n)), list(range(n))
            g._rng = state
            g._shuffle(b)
            assert _plain_shuffle(state, a) == g._rng
            assert a == b


def test_shuffle_draws_as_randbelow():
    g = Game(3, seed=5)
    h = g.copy(history=False)
    lst = list(range(50))
    g._shuffle(lst)
    want = list(range(50))
    for i in range(49, 0, -1):
        j = h._randbelow(i + 1)
        want[i], want[j] = want[j], want[i]
    assert lst == want and g._rng == h._rng


_NO_GARBAGE = """
import gc, random
from alhambra_widget import Game

def games():
    for s in range(6):
        rng = random.Random(s)
        g = Game(2 + s % 5, seed=s)
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
            if rng.random() < 0.05:
                g.undo()
                g.redo() if rng.random() < 0.5 else g.play(rng.choice(g.legal_actions()))
        for p in g.players:
            p.alhambra.longest_wall_path()
            p.alhambra._fit_masks()
        g = Game(2 + s % 5, seed=s)
        while not g.is_over:
            g.play(g.random_action(rng), record=False)

games()   # (the module caches filled first)
gc.collect()
gc.disable()
games()
print(gc.collect())
"""


def test_playing_leaves_no_garbage_cycles():
    # every object the engine makes is freed by its reference count: nothing is
    # left for the garbage collector (a closure that calls itself, say, would be).
    # In a process of its own: no other test's threads make garbage meanwhile.
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    r = subprocess.run([sys.executable, "-c", _NO_GARBAGE], cwd=root, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["0"], r.stdout
