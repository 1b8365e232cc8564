"""The Alhambra's P5 check (a hole would close) and its bounds, worked out
when asked, against plain recomputations."""

import random

from alhambra_widget import TILES, Alhambra, Game
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


def test_swap_at_keeps_or_drops_every_cache_of_changed():
    """A swap with the same walls keeps every answer; one with other walls
    (on free sides) keeps those it keeps up to date and drops the others
    itself (not through _changed): a cache added to _changed must be dropped
    there too."""
    a = Alhambra()
    for name in Alhambra.__slots__:
        setattr(a, name, "x")
    a._changed()
    slots = {name for name in Alhambra.__slots__ if getattr(a, name) is None}
    kept = {"_cutset", "_rm", "_canrm", "_swapinfo", "_cells"}
    sentinel = object()
    same = other = 0
    for a in _positions(seed=3):
        a = a.copy()
        for p in sorted(a._masks):
            if not p:
                continue
            for t in TILES:
                if t.id and not a.has_tile(t.id) and A._SWAPB[t.mask][a._sk[p]]:
                    break
            else:
                continue
            a.legal_spots(t)
            a.swap_spots(t)
            a.removable()
            a.longest_wall()
            a._open()
            a._swap_info()
            a._redesigns((t,))
            if t.mask == a._masks[p]:
                before = {name: getattr(a, name) for name in slots}
                a._swap_at(t, p)
                assert all(getattr(a, name) is before[name] for name in slots)
                same += 1
            else:
                for name in slots - kept:
                    setattr(a, name, sentinel)
                a._swap_at(t, p)
                assert [n for n in slots if getattr(a, n) is sentinel] == []
                other += 1
            a._verify_caches()
            break
    assert same > 0 and other > 0


def test_swap_table_kept_up_to_date_while_the_actions_are_listed():
    """_put and _take keep the swap table (building cells and keys) up to
    date when the Alhambra's actions were listed since the last change, and
    drop it otherwise; a kept one equals a recomputation."""
    kept = dropped = 0
    for a in _positions(seed=2):
        a = a.copy()
        spare = next(t for t in TILES if t.id and not a.has_tile(t.id))
        spots = a._spots_for(spare.mask)
        if not spots:
            continue
        for listed in (True, False):
            b = a.copy()
            b._swap_info()
            b._acts = None
            if listed:
                b._redesigns((spare,))
            b._put(spare, spots[0])
            assert (b._swapinfo is not None) == listed
            b._verify_caches()
            if listed:
                b._redesigns((spare,))
            b._take(spots[0])
            assert (b._swapinfo is not None) == listed
            b._verify_caches()
            kept += listed
            dropped += not listed
    assert kept > 5 and dropped > 5
