"""The Alhambra's P5 check (a hole would close) and its bounds, worked out
when asked, against plain recomputations."""

import random

from alhambra_widget import Alhambra, Game
from alhambra_widget.engine import alhambra as A


def _has_hole(cells: set) -> bool:
    """Is an empty cell closed in by ``cells`` (ints, see alhambra.ROW)? A
    flood fill of the empty cells from outside a box around them all."""
    pts = [A._dec(q) for q in cells]
    x0, x1 = min(x for x, _ in pts) - 1, max(x for x, _ in pts) + 1
    y0, y1 = min(y for _, y in pts) - 1, max(y for _, y in pts) + 1
    start = x0 + A.ROW * y0
    seen = {start}
    stack = [start]
    while stack:
        q = stack.pop()
        for s in A._STEPI:
            n = q + s
            x, y = A._dec(n)
            if x0 <= x <= x1 and y0 <= y <= y1 and n not in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) + len(cells) != (x1 - x0 + 1) * (y1 - y0 + 1)


def _positions(n=4, seed=0):
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not g.is_over:
        acts = g.legal_actions()
        g.play(acts[int(rng.random() * len(acts))], record=False)
        k += 1
        if k % 5 == 0:
            yield from (p.alhambra for p in g.players)


def test_would_enclose_matches_a_flood_fill_of_the_whole_grid():
    closing = 0
    for seed in range(4):
        for a in _positions(seed=seed):
            cells = set(a._masks)
            assert not _has_hole(cells)
            for p, e in a._frontier.items():
                want = _has_hole(cells | {p})
                assert a._would_enclose(p) == want
                assert a._would_enclose(p, e >> 8) == want
                closing += want
    assert closing > 0


def test_bounds_are_worked_out_again_after_every_change():
    for a in _positions(seed=5):
        a = a.copy()
        a._bbox = None
        pts = [A._dec(q) for q in a._masks]
        want = (min(x for x, _ in pts), max(x for x, _ in pts), min(y for _, y in pts), max(y for _, y in pts))
        assert a.bounds == want
        a._verify_caches()
    b = Alhambra()
    assert b.bounds == (0, 0, 0, 0)
