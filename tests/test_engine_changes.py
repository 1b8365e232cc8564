"""The shortcuts of the Alhambra's changes and of the scoring against plain
recomputations: caches dropped or kept up to date on every change, the
longest wall, the points of a scoring round."""

import random

import pytest

from alhambra_widget import Alhambra, Game, TILES
from alhambra_widget.engine import alhambra as A
from alhambra_widget.engine.scoring import POINTS, round_points

_KEPT = {"_cutset", "_rm", "_canrm", "_swapinfo"}   # kept up to date by _put and _take where they can be


def _cache_slots() -> set:
    """The slots that Alhambra._changed drops."""
    a = Alhambra()
    for name in Alhambra.__slots__:
        setattr(a, name, "x")
    a._changed()
    return {name for name in Alhambra.__slots__ if getattr(a, name) is None}


def _mid_game_alhambras(n=4, seed=7, every=9):
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not g.is_over:
        g.play(g.random_action(rng), record=False)
        k += 1
        if k % every == 0:
            yield from (p.alhambra.copy() for p in g.players if len(p.alhambra) > 2)


def _ask_everything(a: Alhambra, tile) -> None:
    a.legal_spots(tile)
    a.swap_spots(tile)
    a.removable()
    a.longest_wall()
    a._open()
    a._swap_info()
    a._can_remove()
    a._redesigns((tile,))


def test_put_and_take_drop_every_cache_of_changed():
    """_put and _take drop the caches themselves (not through _changed): a
    cache added to _changed must be dropped there too."""
    slots = _cache_slots()
    assert _KEPT <= slots
    sentinel = object()
    done = 0
    for a in _mid_game_alhambras():
        spare = next(t for t in TILES if t.id and not a.has_tile(t.id))
        _ask_everything(a, spare)
        spots = a._spots_for(spare.mask)
        cells = list(a._removable_cells())
        for name in slots - _KEPT:
            setattr(a, name, sentinel)
        if spots:
            a._put(spare, spots[0])
            assert [n for n in slots if getattr(a, n) is sentinel] == []
            a._verify_caches()
            for name in slots - _KEPT:
                setattr(a, name, sentinel)
            a._take(spots[0])
            assert [n for n in slots if getattr(a, n) is sentinel] == []
            a._verify_caches()
            done += 1
        if cells:
            a._take(cells[-1])
            a._verify_caches()
    assert done > 5


@pytest.mark.parametrize("seed", range(3))
def test_longest_wall_matches_the_trail_search(seed):
    """Any set of tiles (rules not checked): the quick count agrees with the
    search of the longest trail, and says None only where a wall branches
    with more than two ends in one piece."""
    rng = random.Random(seed)
    tiles = [t for t in TILES if t.id]
    for _ in range(1500):
        cells = set()
        placed = {}
        for t in rng.sample(tiles, rng.randint(1, 14)):
            while True:
                pos = (rng.randint(-3, 3), rng.randint(-3, 3))
                if pos != (0, 0) and pos not in cells:
                    break
            cells.add(pos)
            placed[pos] = t
        a = Alhambra.from_tiles(placed, check=False)
        full = A._longest_trail(a.external_walls(), length_only=True)
        quick = A._wall_length(a._sk)
        assert quick is None or quick == full
        assert a.longest_wall() == full == len(a.longest_wall_path())


def test_swap_on_an_unchecked_alhambra_keeps_the_caches_right():
    """_swap_at's shortcut (a swap keeps the walls where tiles touch) and its
    general case (an Alhambra set up unchecked, walls not matching)."""
    rng = random.Random(5)
    tiles = [t for t in TILES if t.id]
    for _ in range(600):
        k = rng.randint(2, 10)
        ts = rng.sample(tiles, k + 3)
        placed = {}
        x = y = 0
        for t in ts[:k]:
            while (x, y) in placed or (x, y) == (0, 0):
                x += rng.choice((-1, 0, 1))
                y += rng.choice((-1, 0, 1))
            placed[(x, y)] = t
        a = Alhambra.from_tiles(placed, check=False)
        for t in ts[k:]:
            a._open()
            a._swap_info()
            p = rng.choice([q for q in a._masks if q])
            a._swap_at(t, p)
            a._verify_caches()


def _points_by_definition(counts_by_entry, rnd):
    out = []
    for e in counts_by_entry:
        row = []
        for b in range(6):
            c = e[b]
            if c <= 0:
                row.append(0)
                continue
            col = [o[b] for o in counts_by_entry]
            place = sum(1 for o in col if o > c)
            tied = col.count(c)
            row.append(sum(POINTS[rnd][b][place:place + tied]) // tied)
        out.append(row)
    return out


def test_round_points_by_definition():
    rng = random.Random(11)
    for _ in range(3000):
        entries = [tuple(rng.choice((0, 0, 1, 2, 3, 4, 7)) for _ in range(6)) for _ in range(rng.randint(1, 7))]
        rnd = rng.randint(1, 3)
        assert round_points(entries, rnd) == _points_by_definition(entries, rnd)
    assert round_points([], 1) == []


def test_games_keep_every_cache_up_to_date():
    for n, path in ((2, "public"), (4, "playout"), (6, "public")):
        g = Game(n, seed=n)
        rng = random.Random(n)
        k = 0
        while not g.is_over:
            if path == "playout":
                g.play(g.random_action(rng), record=False)
            else:
                acts = g.legal_actions()
                g.play(acts[int(rng.random() * len(acts))])
            k += 1
            if k % 2 == 0:
                for p in g.players:
                    p.alhambra._verify_caches()
