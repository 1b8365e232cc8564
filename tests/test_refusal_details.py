"""Refusals that say where: the side and the neighbour of a wall against an
open side (P3, placing, building and swapping), the sides where walls shut a new
tile off from every neighbour (P4), the empty spots a tile would close in (P5)
and the tiles a removal would cut off from the fountain (P4) --
checked on hand-made Alhambras in every language, and against independent
reference searches on the Alhambras of random games (hypothesis)."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from alhambra_widget import Alhambra, Game, IllegalMove, tile
from alhambra_widget.engine.errors import Text
from alhambra_widget.engine.tiles import BY_ID, OPPOSITE, SIDES, STEP

from conftest import OPEN_IDS

LANGS = ("en", "de", "fi", "ja", "nl")


def refusal(fn, *args) -> IllegalMove:
    with pytest.raises(IllegalMove) as ei:
        fn(*args)
    return ei.value


def in_every_language(e: IllegalMove) -> dict:
    texts = {lang: e.localized(lang) for lang in LANGS}
    for lang, text in texts.items():
        assert "{" not in text and "side.at" not in text, (lang, text)
    assert len(set(texts.values())) == len(LANGS)
    return texts


def built(seq) -> Alhambra:
    a = Alhambra()
    for pos, tid in seq:
        a.place(tile(tid), pos)
    return a


# ------------------------------------------------------------------ P3


def test_a_wall_against_the_fountain_names_the_side_and_the_fountain():
    e = refusal(Alhambra().place, tile(1), (1, 0))        # walls N E W: its west wall meets the fountain
    assert (e.rule, e.key) == ("P3", "error.P3.wall_to_open")
    assert e.params["side"] == Text("side.at.W") and e.params["other"] is BY_ID[0]
    texts = in_every_language(e)
    assert texts["en"] == ("Pavilion 2 #1 at (1, 0) would put a wall against an open side: on the west side it has a "
                           "wall and the tile next to it (fountain) has none. Touching sides must both have a wall "
                           "or both be open.")
    assert "im Westen eine Mauer, das Plättchen daneben (Brunnen) dort keine" in texts["de"]
    assert "länsipuolella on muuri" in texts["fi"] and "西側の辺には城壁があります" in texts["ja"]
    assert "aan de westkant heeft hij een muur, de tegel ernaast (fontein) daar niet" in texts["nl"]


def test_an_open_side_against_a_wall_names_the_tile_with_the_wall():
    a = built([((1, 0), 5)])                               # tile 5: a wall on its north side
    e = refusal(a.place, tile(7), (1, -1))                 # no walls: its open south side meets that wall
    assert (e.rule, e.key) == ("P3", "error.P3.open_to_wall")
    assert e.params["side"] == Text("side.at.S") and e.params["other"] is BY_ID[5]
    assert "on the south side it is open and the tile next to it (Pavilion 6 #5) has a wall" in in_every_language(e)["en"]


def test_the_first_side_in_N_E_S_W_order_is_named():
    a = built([((0, -1), 7), ((1, -1), 13)])               # (1,-1): a wall on its south side only
    # tile 4 (walls W N) at (1, 0): west against the fountain (open), north against that wall (matching)
    e = refusal(a.place, tile(4), (1, 0))
    assert e.params["side"] == Text("side.at.W") and e.key == "error.P3.wall_to_open"
    # tile 6 (a wall on the east) at (1, 0): north open against the wall -- north comes first
    e = refusal(a.place, tile(6), (1, 0))
    assert e.params["side"] == Text("side.at.N") and e.key == "error.P3.open_to_wall"
    assert e.params["other"] is BY_ID[13]


def test_a_swap_names_the_neighbour_it_would_not_match():
    a = built([((1, 0), 5), ((0, -1), 7), ((1, -1), 13)])  # (1,0)'s north wall meets (1,-1)'s south wall
    before = a.to_list()
    e = refusal(a.swap, tile(14), (1, 0))                  # no walls: open against that wall
    assert (e.rule, e.key) == ("P3", "error.P3.swap_open_to_wall")
    assert e.params["side"] == Text("side.at.N") and e.params["other"] is BY_ID[13]
    assert in_every_language(e)["en"] == (
        "Seraglio 9 #14 does not fit at (1, 0): on the north side it is open and the tile next to it (Seraglio 8 #13) "
        "has a wall. In a swap the new tile must match the same neighbours as the old one.")
    e = refusal(a.swap, tile(4), (1, 0))                   # walls W N: its west wall meets the fountain
    assert (e.key, e.params["side"], e.params["other"]) == ("error.P3.swap_wall_to_open", Text("side.at.W"), BY_ID[0])
    assert a.to_list() == before


# ------------------------------------------------------------------ P5


def test_a_hole_of_one_spot_is_named():
    ids = list(OPEN_IDS)
    a = built(zip([(0, -1), (1, -1), (2, -1), (2, 0), (2, 1), (0, 1)], ids))
    e = refusal(a.place, tile(ids[6]), (1, 1))
    assert (e.rule, e.key, e.params["cells"]) == ("P5", "error.P5.hole_one", ((1, 0),))
    texts = in_every_language(e)
    assert "would close in the empty spot (1, 0): a hole." in texts["en"]
    assert "das freie Feld (1, 0) einschließen" in texts["de"]


def test_holes_of_two_and_four_spots_are_named_north_to_south():
    ids = list(OPEN_IDS)
    a = built(zip([(0, -1), (1, -1), (2, -1), (3, -1), (3, 0), (3, 1), (2, 1)], ids))
    e = refusal(a.place, tile(ids[7]), (1, 1))
    assert (e.key, e.params["cells"]) == ("error.P5.hole_many", ((1, 0), (2, 0)))
    assert "the empty spots (1, 0) and (2, 0): a hole" in in_every_language(e)["en"]
    a = built(zip([(0, 1), (0, 2), (1, 2), (2, 2), (3, 2), (3, 1), (3, 0), (3, -1), (2, -1)], ids))
    e = refusal(a.place, tile(ids[9]), (1, -1))
    assert (e.key, e.params["cells"]) == ("error.P5.hole_many", ((1, 0), (2, 0), (1, 1), (2, 1)))


def test_a_larger_hole_is_refused_with_the_rule_alone(monkeypatch):
    import alhambra_widget.engine.alhambra as engine_alhambra

    monkeypatch.setattr(engine_alhambra, "_MOST_NAMED", 1)   # (a hole of more spots than that: the rule alone)
    ids = list(OPEN_IDS)
    a = built(zip([(0, -1), (1, -1), (2, -1), (3, -1), (3, 0), (3, 1), (2, 1)], ids))
    e = refusal(a.place, tile(ids[7]), (1, 1))
    assert (e.rule, e.key, e.params) == ("P5", "error.P5.hole", {"tile": tile(ids[7]), "pos": "(1, 1)"})
    assert e.localized("en").startswith("Garden 11 #42 at (1, 1) would close off an empty area (a hole).")


# ------------------------------------------------------------------ P4 (placing)


def test_walls_against_every_neighbour_are_given_by_their_sides():
    # tile 6 (a wall to the east) east of the fountain; tile 12 (a wall to the west) east of it:
    # the walls match (P3), but no way leads in
    a = built([((1, 0), 6)])
    e = refusal(a.place, tile(12), (2, 0))
    assert (e.rule, e.key, e.params["sides"]) == ("P4", "error.P4.unreachable", ("W",))
    assert "could not be reached from the fountain: a wall lies between it and every neighbour" in in_every_language(e)["en"]
    # tile 13 (a wall to the south) east of the fountain, tile 21 (a wall to the east) south of
    # it: tile 4 (walls north and west) between them, against both walls
    a = built([((1, 0), 13), ((0, 1), 21)])
    e = refusal(a.place, tile(4), (1, 1))
    assert (e.rule, e.params["sides"]) == ("P4", ("N", "W"))
    assert a.why_not(tile(4), (1, 1)) == "P4"
    # the words are the rule's sentence, which says "every neighbour" (the board marks the sides)
    assert in_every_language(e)["en"] == ("Pavilion 5 #4 at (1, 1) could not be reached from the fountain: a wall lies "
                                          "between it and every neighbour. A new tile needs an open side towards the "
                                          "Alhambra.")


# ------------------------------------------------------------------ P4 (removal)


def test_a_removal_names_the_tiles_it_would_cut_off():
    a = built([((1, 0), 7), ((2, 0), 14)])
    e = refusal(a.remove, (1, 0))
    assert (e.rule, e.key, e.params["tiles"]) == ("P4", "error.P4.remove_cuts_one", (BY_ID[14],))
    texts = in_every_language(e)
    assert texts["en"] == ("Taking out the tile at (1, 0) would cut Seraglio 9 #14 off from the fountain. "
                           "Take out a tile at the edge instead.")
    assert "wäre Serail 9 #14 vom Brunnen abgeschnitten" in texts["de"]
    a.place(tile(22), (3, 0))
    e = refusal(a.remove, (1, 0))
    assert (e.key, e.params["tiles"]) == ("error.P4.remove_cuts_many", (BY_ID[14], BY_ID[22]))
    assert "wären Serail 9 #14 und Arkaden 9 #22 vom Brunnen abgeschnitten" in e.localized("de")
    for x, tid in zip(range(4, 7), (23, 31, 32)):
        a.place(tile(tid), (x, 0))
    e = refusal(a.remove, (1, 0))                          # five tiles cut off: the rule alone
    assert e.key == "error.P4.remove_cuts"


# ------------------------------------------------- against reference searches


def _walls(a: Alhambra) -> dict:
    """Cell (x, y) -> the set of its wall sides, read through the public API."""
    return {(x, y): set(t.walls) for (x, y), t in a.items()}


def _enclosed(cells: set) -> set:
    """The empty cells no path of empty cells joins to the outside of the box around ``cells``."""
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    lo_x, hi_x, lo_y, hi_y = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    outside = {(lo_x, lo_y)}
    stack = [(lo_x, lo_y)]
    while stack:
        x, y = stack.pop()
        for dx, dy in STEP:
            n = (x + dx, y + dy)
            if lo_x <= n[0] <= hi_x and lo_y <= n[1] <= hi_y and n not in cells and n not in outside:
                outside.add(n)
                stack.append(n)
    return {(x, y) for x in range(lo_x, hi_x + 1) for y in range(lo_y, hi_y + 1)} - cells - outside


def _reachable(walls: dict) -> set:
    """The cells reached from the fountain through open sides."""
    seen = {(0, 0)}
    stack = [(0, 0)]
    while stack:
        x, y = stack.pop()
        for d, (dx, dy) in enumerate(STEP):
            n = (x + dx, y + dy)
            if n in walls and n not in seen and SIDES[d] not in walls[(x, y)] \
                    and SIDES[OPPOSITE[d]] not in walls[n]:
                seen.add(n)
                stack.append(n)
    return seen


def _alhambras(seed: int, moves: int) -> list:
    g = Game(2 + seed % 5, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if g.is_over:
            break
        g.play(g.random_action(rng), record=False)
    return [p.alhambra for p in g.players]


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(20, 260))
def test_what_a_refusal_names_is_what_a_reference_search_finds(seed, moves):
    masks = {}
    for t in BY_ID[1:]:
        masks.setdefault(t.mask, t)                        # one tile of every wall mask
    for a in _alhambras(seed, moves):
        walls = _walls(a)
        cells = set(walls)
        for pos in sorted(a.frontier):
            for t in masks.values():
                rule = a.why_not(t, pos)
                if rule == "P3":
                    e = refusal(a.copy().place, t, pos)
                    d = SIDES.index(e.params["side"].key[-1])
                    n = (pos[0] + STEP[d][0], pos[1] + STEP[d][1])
                    assert a[n] is e.params["other"]
                    assert (SIDES[d] in t.walls) != (SIDES[OPPOSITE[d]] in walls[n])
                    assert e.key == ("error.P3.wall_to_open" if SIDES[d] in t.walls else "error.P3.open_to_wall")
                    # no side before it (N, E, S, W) mismatches
                    for k in range(d):
                        m = (pos[0] + STEP[k][0], pos[1] + STEP[k][1])
                        assert m not in walls or (SIDES[k] in t.walls) == (SIDES[OPPOSITE[k]] in walls[m])
                elif rule == "P4":
                    e = refusal(a.copy().place, t, pos)
                    near = [d for d, (dx, dy) in enumerate(STEP) if (pos[0] + dx, pos[1] + dy) in walls]
                    assert near and e.params["sides"] == tuple(SIDES[d] for d in near)
                    for d in near:   # a wall on both sides of every neighbour
                        n = (pos[0] + STEP[d][0], pos[1] + STEP[d][1])
                        assert SIDES[d] in t.walls and SIDES[OPPOSITE[d]] in walls[n]
                elif rule == "P5":
                    holes = sorted(_enclosed(cells | {pos}), key=lambda c: (c[1], c[0]))
                    e = refusal(a.copy().place, t, pos)
                    assert holes and e.params.get("cells", tuple(holes)) == tuple(holes)
                    assert e.key == ("error.P5.hole" if len(holes) > 4 else
                                     "error.P5.hole_one" if len(holes) == 1 else "error.P5.hole_many")
        for pos in sorted(cells - {(0, 0)}):
            if a.why_not_remove(pos) == "P4":
                rest = {c: w for c, w in walls.items() if c != pos}
                cut = sorted(set(rest) - _reachable(rest), key=lambda c: (c[1], c[0]))
                e = refusal(a.copy().remove, pos)
                assert cut and e.params.get("tiles", tuple(a[c] for c in cut)) == tuple(a[c] for c in cut)
                assert e.key == ("error.P4.remove_cuts" if len(cut) > 4 else
                                 "error.P4.remove_cuts_one" if len(cut) == 1 else "error.P4.remove_cuts_many")


# ------------------------------------------------- the widget's view


def test_the_views_refused_cells_carry_the_engines_words_for_the_front_end():
    """Each refused cell of the view whose refusal says where has the engine's key and what it
    names (the side, the spots of a hole, the cells of the tiles cut off), exactly as the
    IllegalMove of that move would; the front end fills in the same texts (js/input.js)."""
    from alhambra_widget.i18n.strings import front_end_strings
    from alhambra_widget.view import legal_choices

    said = 0
    for seed in range(60):
        g = Game(2 + seed % 5, seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(5, 300)):
            if g.is_over:
                break
            g.play(g.random_action(rng), record=False)
        if g.is_over:
            continue
        a = g.players[g.current].alhambra
        legal = legal_choices(g)
        cells = [(c, "remove", None) for c in legal["no_remove"]]
        for entry in legal["tiles"]:
            cells += [(c, "place", entry["id"]) for c in entry["why_not"]]
            cells += [(c, "swap", entry["id"]) for c in entry.get("no_swap", [])]
        for cell, how, tid in cells:
            x, y, rule = cell[:3]
            try:
                if how == "remove":
                    a.copy().remove((x, y))
                elif how == "swap":
                    a.copy().swap(tile(tid), (x, y))
                else:
                    a.copy().place(tile(tid), (x, y))
            except IllegalMove as e:
                err = e
            else:
                raise AssertionError(f"{how} {tid} at {x},{y} was refused in the view ({rule})")
            assert err.rule == rule
            named = any(k in err.params for k in ("side", "sides", "cells", "tiles"))
            assert (len(cell) == 5) == named, (cell, err.key)
            if len(cell) == 5:
                said += 1
                key, detail = cell[3:]
                assert key == err.key
                if "side" in err.params:
                    assert detail == err.params["side"].key[-1]
                elif "sides" in err.params:
                    assert detail == "".join(err.params["sides"])
                elif "cells" in err.params:
                    assert [tuple(c) for c in detail] == list(err.params["cells"])
                else:
                    assert [a[tuple(c)] for c in detail] == list(err.params["tiles"])
    assert said > 200
    for lang in LANGS:   # (the texts the front end fills in travel with its strings)
        strings = front_end_strings(lang)
        for key in ("error.P3.wall_to_open", "error.P3.open_to_wall", "error.P3.swap_wall_to_open",
                    "error.P3.swap_open_to_wall", "error.P5.hole_one", "error.P5.hole_many",
                    "error.P4.remove_cuts_one", "error.P4.remove_cuts_many", "error.P4.unreachable",
                    "side.at.N", "side.at.W"):
            assert key in strings, (lang, key)
        assert not any(k.startswith("error.T") for k in strings)   # (only those: the others are the kernel's)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.integers(10, 260))
def test_the_spots_a_tile_would_close_in_are_those_a_flood_from_outside_never_reaches(seed, moves):
    """Every free spot next to an Alhambra, legal or not: the empty spots a tile there would close
    in (none for most) are exactly the empty cells a flood from outside the box then misses."""
    for a in _alhambras(seed, moves):
        cells = set(_walls(a))
        for x, y in a.frontier:
            want = sorted(_enclosed(cells | {(x, y)}), key=lambda c: (c[1], c[0]))
            assert [(q[0], q[1]) for q in map(_decode, a._holes_if_filled(x + 256 * y))] == want, (x, y)


def _decode(q: int) -> tuple:
    x = ((q + 128) & 255) - 128
    return x, (q - x) >> 8
