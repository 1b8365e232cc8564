"""The listing side of an Alhambra (open cells, swap table, cut points, redesign
lists) against plain recomputations from the rules, in positions of random games."""

import random

import pytest

from alhambra_widget import Game
from alhambra_widget.engine import alhambra as al
from alhambra_widget.engine.actions import Build, Swap


def _plain_open(a):
    """The open cells worked out one cell at a time, as the rules say: the low
    byte of the frontier entry, 0 where filling the cell would close a hole."""
    fr = a._frontier
    ks = sorted(fr)
    sides = bytes(0 if al._MULTI[fr[p] >> 8] and al._OPEN[fr[p] & 255] and a._would_enclose(p) else fr[p] & 255
                  for p in ks)
    return ks, sides


def _plain_cut(links):
    """Cells whose tile, taken out, leaves some tile out of reach of the fountain."""
    cut = set()
    for p in links:
        if not p:
            continue
        seen = {0, p}
        stack = [0]
        while stack:
            q = stack.pop()
            for off in al._OFFS[links[q]]:
                if q + off not in seen:
                    seen.add(q + off)
                    stack.append(q + off)
        if len(seen) != len(links):
            cut.add(p)
    return cut


def _positions(n, seed):
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    while not g.is_over:
        yield g
        acts = g.legal_actions()
        g.play(acts[int(rng.random() * len(acts))])


@pytest.mark.parametrize("n,seed", [(2, 11), (4, 12), (6, 13)])
def test_listing_matches_plain_recomputation(n, seed):
    checked = 0
    for g in _positions(n, seed):
        for p in g.players:
            a = p.alhambra.copy()
            a._changed()    # every answer worked out afresh
            ks, sides = a._open()
            assert (ks, bytes(sides)) == _plain_open(a)
            cells = sorted(q for q in a._sk if q)
            assert a._swap_info() == (cells, bytes(a._sk[q] for q in cells))
            assert al._cut_cells(a._links) == _plain_cut(a._links)
            reserve = p.reserve
            expected = list(a._remove_actions())
            for t in reserve:
                expected += a._actions(Build, t)
            for t in reserve:
                expected += a._actions(Swap, t)
            a._changed()
            assert list(a._redesigns(reserve)) == expected
            assert list(a._redesigns(reserve)) == expected   # (the cached list, unchanged)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("n,seed", [(2, 21), (5, 22)])
def test_fit_masks_match_the_spots_of_each_mask(n, seed):
    """``_fit_masks`` (every wall mask with a legal spot, in one pass, kept
    until a change) against the spots worked out mask by mask, in positions
    of random games: asked before and after the spots of each mask, on the
    Alhambra in play and on a copy."""
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    checked = 0
    while not g.is_over:
        for p in g.players:
            a = p.alhambra
            first = a._fit_masks()   # (kept: asked again below, after the changes of the game)
            fresh = a.copy()
            fresh._changed()
            want = sum(1 << m for m in range(16) if fresh._spots_for(m))
            assert first == want == a._fit_masks() == a.copy()._fit_masks()
            checked += 1
        g.play(g.random_action(rng))
    assert checked > 300


@pytest.mark.parametrize("n", [2, 3])
def test_asked_by_kind_or_form_each_phase_lists_its_own_actions_only(n):
    # every kind and form asked alone gives the actions of the whole list that are of it, in the
    # same order -- in the placement phase too, where only placements (place, reserve, dirk) are legal
    from alhambra_widget.engine import actions as A

    rng = random.Random(n)
    g = Game(n, seed=n)
    seen = set()
    while not g.is_over:
        whole = g.legal_actions()
        seen.add(g.phase)
        for kind in A.KINDS:
            assert g.legal_actions(kind) == [a for a in whole if a.kind == kind], (g.phase, kind)
        for form in set(A.VERBS) - {"place"}:   # ("place" names the kind: placing, the reserve, Dirk)
            assert g.legal_actions(form) == [a for a in whole if a.verb == form], (g.phase, form)
        if g.phase == "place":
            assert {a.kind for a in whole} == {"place"}
            assert all(g.legal_actions(k) == [] for k in ("take", "buy", "redesign", "end", "pass"))
        g.play(rng.choice(whole))
    assert {"action", "place"} <= seen
