"""Placement rules P1-P7 on a single Alhambra (S1 coordinates, T3a/T3c at the
Alhambra level, the rulebook's five illegal placements, holes of any size)."""

import pytest

from alhambra_widget import Alhambra, IllegalMove, explain_rule, tile

from conftest import OPEN_IDS, alhambra_of, placed_of, ref_problem, ring_3x3


def refused(a, fn, *args, rule):
    before = a.to_list()
    with pytest.raises(IllegalMove) as ei:
        fn(*args)
    assert ei.value.rule == rule, str(ei.value)
    assert a.to_list() == before, "a refused change altered the Alhambra"
    assert ref_problem(placed_of(a)) is None
    return ei.value


# ------------------------------------------------------------------ S1, P6

def test_S1_fountain_at_origin_and_nothing_else():
    a = Alhambra()
    assert a[(0, 0)].is_fountain
    assert len(a) == 0
    assert a.to_list() == []
    assert a.frontier == {(0, -1), (1, 0), (0, 1), (-1, 0)}


def test_S1_y_grows_to_the_south():
    a = Alhambra()
    # tile 13 has a wall on its S side only: north of the fountain that wall
    # would face the fountain's open north side (P3); south of it, it is fine.
    assert a.why_not(tile(13), (0, -1)) == "P3"
    assert a.why_not(tile(13), (0, 1)) is None
    # tile 5 has a wall on its N side only: the mirror case
    assert a.why_not(tile(5), (0, 1)) == "P3"
    assert a.why_not(tile(5), (0, -1)) is None
    # x grows to the east: tile 6 (wall E) fits east of the fountain, not west
    assert a.why_not(tile(6), (1, 0)) is None
    assert a.why_not(tile(6), (-1, 0)) == "P3"


def test_P6_spot_holds_one_tile_and_fountain_is_fixed():
    a = alhambra_of({(1, 0): 7})
    refused(a, a.place, tile(14), (0, 0), rule="P6")   # on the fountain
    refused(a, a.place, tile(14), (1, 0), rule="P6")   # on a tile
    refused(a, a.place, tile(7), (2, 0), rule="P6")    # the same tile twice
    refused(a, a.place, tile(0), (0, 1), rule="P6")    # a second fountain
    assert a.why_not(tile(14), (0, 0)) == "P6"


def test_P6_checked_before_P2():
    a = Alhambra()
    # tile 7 placed, then the same tile far away: P6 (already there) wins over P2
    a.place(tile(7), (1, 0))
    assert a.why_not(tile(7), (9, 9)) == "P6"


# ------------------------------------------------ the rulebook's five illegal examples

def test_P1_turned_tile_refused():
    a = Alhambra()
    t = tile(5)                    # wall N: legal north of the fountain as printed
    assert a.why_not(t, (0, -1)) is None
    turned = t.turned(1)           # wall now on the E side, would fit geometrically
    assert turned.walls == {"E"}
    assert a.why_not(turned, (0, -1)) == "P1"
    refused(a, a.place, turned, (0, -1), rule="P1")
    assert a.legal_spots(turned) == set()


def test_P3_wall_against_open_side():
    a = Alhambra()
    # tile 5 (wall N) south of the fountain: its wall meets the open fountain
    refused(a, a.place, tile(5), (0, 1), rule="P3")
    # tile 33 (walls E, S, W) east of the fountain: wall W against open fountain
    refused(a, a.place, tile(33), (1, 0), rule="P3")


def test_P3_cited_even_if_no_open_side_touches():
    # RULES: "a wall against an open side is P3 even if no open side touches either"
    a = alhambra_of({(1, 0): 6})           # (1,0): wall E, open S
    # tile 5 (wall N) at (1,1): its only touching side is its N wall, against
    # the open S side of (1,0) -> P3, not P4
    assert a.why_not(tile(5), (1, 1)) == "P3"
    b = alhambra_of({(1, 0): 6, (1, 1): 7})
    # tile 33 (walls E, S, W) at (2,1): only touching side is its W wall
    # against the open E side of (1,1)
    assert b.why_not(tile(33), (2, 1)) == "P3"


def test_P4_wall_between_tile_and_fountain():
    a = alhambra_of({(1, 0): 6})           # pavilion 7, wall on its E side
    # tile 12 (wall W) at (2,0): its only touching side is wall against wall,
    # legal for P3, but it cannot be reached on foot from the fountain
    assert a.why_not(tile(12), (2, 0)) == "P4"
    refused(a, a.place, tile(12), (2, 0), rule="P4")


def test_P2_no_shared_side():
    a = Alhambra()
    refused(a, a.place, tile(7), (1, 1), rule="P2")   # diagonal contact only
    refused(a, a.place, tile(7), (5, -3), rule="P2")  # far away
    assert (1, 1) not in a.legal_spots(tile(7))


def _place_all(a, seq):
    for pos, tid in seq:
        a.place(tile(tid), pos)


def test_P5_hole_of_one_cell():
    a = Alhambra()
    ids = list(OPEN_IDS)
    # around (1,0): fountain W, then N row, E, S, and finally (1,1) closes it
    _place_all(a, [((0, -1), ids[0]), ((1, -1), ids[1]), ((2, -1), ids[2]), ((2, 0), ids[3]),
                   ((2, 1), ids[4]), ((0, 1), ids[5])])
    assert a.why_not(tile(ids[6]), (1, 1)) == "P5"
    refused(a, a.place, tile(ids[6]), (1, 1), rule="P5")
    # the same tile elsewhere is fine
    assert a.why_not(tile(ids[6]), (3, 0)) is None
    assert (1, 1) not in a.legal_spots(tile(ids[6]))
    # the hole cell itself can be filled
    a.place(tile(ids[6]), (1, 0))
    a.place(tile(ids[7]), (1, 1))


def test_P5_hole_of_two_cells():
    a = Alhambra()
    ids = list(OPEN_IDS)
    seq = [(0, -1), (1, -1), (2, -1), (3, -1), (3, 0), (3, 1), (2, 1)]
    _place_all(a, zip(seq, ids))
    # (1,0) and (2,0) are empty; (1,1) would enclose them both
    t = tile(ids[7])
    assert a.why_not(t, (1, 1)) == "P5"
    refused(a, a.place, t, (1, 1), rule="P5")
    assert (1, 1) not in a.legal_spots(t)


def test_P5_hole_of_four_cells():
    a = Alhambra()
    ids = list(OPEN_IDS)
    seq = [(0, 1), (0, 2), (1, 2), (2, 2), (3, 2), (3, 1), (3, 0), (3, -1), (2, -1)]
    _place_all(a, zip(seq, ids))
    # the 2x2 area (1,0),(2,0),(1,1),(2,1) is open to the outside only via (1,-1)
    t = tile(ids[9])
    assert a.why_not(t, (1, -1)) == "P5"
    refused(a, a.place, t, (1, -1), rule="P5")
    assert a.why_not(t, (0, -1)) is None


def test_P5_enclosed_area_with_walls_is_also_a_hole():
    # the hole rule is about empty cells, not about walls: a ring built of
    # tiles whose outer sides carry walls still may not enclose an empty cell
    a = Alhambra()
    _place_all(a, [((-1, 0), 7), ((-1, 1), 14), ((-1, 2), 22), ((0, 2), 23)])
    # (0,1) is empty; (1,1) is the last open side.  Closing it is P5 even
    # when the closing tile has walls facing away: tile 6 (wall E) via (1,0)
    _place_all(a, [((1, 0), 31), ((1, 2), 32)])
    assert a.why_not(tile(6), (1, 1)) == "P5"


def test_P5_from_tiles_refuses_a_finished_hole():
    placed = {(0, -1): 7, (1, -1): 14, (2, -1): 22, (2, 0): 23, (2, 1): 31, (1, 1): 32, (0, 1): 41}
    with pytest.raises(IllegalMove) as ei:
        alhambra_of(placed)
    assert ei.value.rule == "P5"


def test_from_tiles_checks_P3_and_P4():
    with pytest.raises(IllegalMove) as ei:
        alhambra_of({(0, 1): 5})          # wall N against the open fountain
    assert ei.value.rule == "P3"
    with pytest.raises(IllegalMove) as ei:
        alhambra_of({(1, 0): 6, (2, 0): 12})   # (2,0) walled off
    assert ei.value.rule == "P4"
    with pytest.raises(IllegalMove) as ei:
        alhambra_of({(2, 0): 7})          # not touching anything
    assert ei.value.rule == "P4"
    with pytest.raises(IllegalMove) as ei:
        Alhambra.from_tiles({(1, 0): tile(5).turned(1)})
    assert ei.value.rule == "P1"


def test_P5_legal_when_all_empty_cells_still_reach_outside():
    a = Alhambra()
    _place_all(a, [((1, 0), 7), ((2, 0), 14), ((2, 1), 22)])
    # (1,1) is surrounded on N, E only: fine
    assert a.why_not(tile(23), (1, 1)) is None
    assert a.why_not(tile(23), (0, 1)) is None


# ----------------------------------------------------------------- P2-P4 order

def test_order_of_rules_P2_before_P3():
    a = Alhambra()
    # far away and with walls: no shared side is P2 whatever the walls are
    assert a.why_not(tile(1), (4, 4)) == "P2"


def test_open_side_gives_reachability():
    # P4 for a new tile: P3 plus at least one open touching side
    a = alhambra_of({(1, 0): 6})  # wall E
    # (1,1) touches (1,0) (open S side) and nothing else: tile 7 (open) fine
    assert a.why_not(tile(7), (1, 1)) is None
    # (2,0): touches only (1,0)'s E wall; tile 44 has W wall but is walled N,E too
    assert a.why_not(tile(44), (2, 0)) == "P4"


def test_legal_spots_match_why_not():
    a = alhambra_of(ring_3x3())
    for t in (tile(7), tile(5), tile(13), tile(6), tile(12), tile(1)):
        spots = a.legal_spots(t)
        for pos in a.frontier:
            assert (pos in spots) == (a.why_not(t, pos) is None), (t, pos)
    # around a closed wall ring, only tiles whose touching sides are walls fit,
    # and such a tile is never reachable: nothing can be built outside
    assert a.legal_spots(tile(7)) == set()
    assert a.why_not(tile(7), (0, -2)) == "P3"
    assert a.why_not(tile(30), (0, -2)) == "P4"   # wall S back to back: unreachable


# --------------------------------------------------------- removal (T3a, P7)

def test_T3a_remove_edge_tile():
    a = alhambra_of({(1, 0): 7, (2, 0): 14})
    assert a.why_not_remove((2, 0)) is None
    t = a.remove((2, 0))
    assert t == tile(14)
    assert a.to_list() == [[1, 0, 7]]


def test_P6_fountain_cannot_be_removed():
    a = alhambra_of({(1, 0): 7})
    assert a.why_not_remove((0, 0)) == "P6"
    refused(a, a.remove, (0, 0), rule="P6")


def test_T3a_nothing_to_remove():
    a = alhambra_of({(1, 0): 7})
    assert a.why_not_remove((5, 5)) == "T3a"
    refused(a, a.remove, (5, 5), rule="T3a")


def test_P7_removal_cutting_off_a_tile_is_P4():
    a = alhambra_of({(1, 0): 7, (2, 0): 14})
    assert a.why_not_remove((1, 0)) == "P4"
    refused(a, a.remove, (1, 0), rule="P4")
    assert (1, 0) not in a.removable()
    assert (2, 0) in a.removable()


def test_P7_removal_cut_off_by_walls_not_by_adjacency_is_P4():
    # (1,1) stays adjacent to (0,1) but only a wall separates them: removing
    # (1,0) leaves (1,1) unreachable on foot.
    # (0,1): tile 6 (wall E); (1,1): tile 12 (wall W); (1,0): open tile 7
    a = alhambra_of({(1, 0): 7, (0, 1): 6, (1, 1): 12})
    assert a.why_not_remove((1, 0)) == "P4"
    refused(a, a.remove, (1, 0), rule="P4")
    assert a.why_not_remove((1, 1)) is None
    assert a.why_not_remove((0, 1)) is None


def test_P7_removal_opening_a_hole_is_P5():
    # 3x3 block of open tiles with the fountain in a corner
    placed = {(1, 0): 7, (2, 0): 14, (0, 1): 22, (1, 1): 23, (2, 1): 31,
              (0, 2): 32, (1, 2): 41, (2, 2): 42}
    a = alhambra_of(placed)
    assert a.why_not_remove((1, 1)) == "P5"
    refused(a, a.remove, (1, 1), rule="P5")
    assert (1, 1) not in a.removable()
    # every other building tile lies at the edge and may go
    assert set(a.removable()) == set(placed) - {(1, 1)}


def test_P7_removable_matches_reference():
    a = alhambra_of({**ring_3x3()})
    from conftest import ref_why_not_remove
    for pos, t in a.items():
        assert a.why_not_remove(pos) == ref_why_not_remove(placed_of(a), pos), pos


# --------------------------------------------------------- swap (T3c, P7)

def test_T3c_swap_keeps_the_place_and_returns_the_old_tile():
    a = alhambra_of({(1, 0): 7})
    # tile 5 (wall N): its N side faces the empty (1,-1), W side open like 7's
    assert a.why_not_swap(tile(5), (1, 0)) is None
    old = a.swap(tile(5), (1, 0))
    assert old == tile(7)
    assert a[(1, 0)] == tile(5)
    assert a.to_list() == [[1, 0, 5]]


def test_T3c_P3_checked_for_incoming_tile():
    a = alhambra_of({(1, 0): 7})
    # tile 12 (wall W) would put a wall against the open fountain
    assert a.why_not_swap(tile(12), (1, 0)) == "P3"
    refused(a, a.swap, tile(12), (1, 0), rule="P3")
    assert (1, 0) not in a.swap_spots(tile(12))
    assert (1, 0) in a.swap_spots(tile(5))


def test_T3c_swap_must_keep_back_to_back_walls():
    a = alhambra_of({(1, 0): 7, (0, 1): 6, (1, 1): 12, (2, 0): 14})
    # (1,1) has wall W (back to back with (0,1)'s wall E): an open tile cannot
    # replace it, a tile with the same W wall can
    assert a.why_not_swap(tile(22), (1, 1)) == "P3"
    assert a.why_not_swap(tile(29), (1, 1)) is None   # chambers 9, wall W only


def test_T3c_fountain_never_swapped_P6():
    a = alhambra_of({(1, 0): 7})
    assert a.why_not_swap(tile(14), (0, 0)) == "P6"
    refused(a, a.swap, tile(14), (0, 0), rule="P6")
    # a tile already in the Alhambra cannot come in again, not even in another tile's place
    assert a.why_not_swap(tile(7), (1, 0)) == "P6"
    a = alhambra_of({(1, 0): 7, (-1, 0): 14})   # (both without walls: the walls would match)
    assert refused(a, a.swap, tile(7), (-1, 0), rule="P6").key == "error.P6.swap_twice"
    assert refused(a, a.place, tile(14), (0, 1), rule="P6").key == "error.P6.twice"


def test_T3c_swap_needs_a_tile_there():
    a = alhambra_of({(1, 0): 7})
    assert a.why_not_swap(tile(14), (3, 3)) == "T3c"
    refused(a, a.swap, tile(14), (3, 3), rule="T3c")


def test_T3c_swap_turned_tile_P1():
    a = alhambra_of({(1, 0): 7})
    refused(a, a.swap, tile(5).turned(2), (1, 0), rule="P1")


def test_swap_into_middle_of_block_keeps_rules():
    placed = {(1, 0): 7, (2, 0): 14, (0, 1): 22, (1, 1): 23, (2, 1): 31,
              (0, 2): 32, (1, 2): 41, (2, 2): 42}
    a = alhambra_of(placed)
    # the middle tile has four neighbours, all open: only an open tile fits
    assert a.swap_spots(tile(52)) == sorted(placed, key=lambda p: (p[1], p[0]))
    assert (1, 1) not in a.swap_spots(tile(5))
    a.swap(tile(52), (1, 1))
    assert ref_problem(placed_of(a)) is None


def test_explain_rule_text():
    for r in ("P1", "P2", "P3", "P4", "P5", "P6"):
        assert explain_rule(r) and explain_rule(r) != r


def test_counts_and_copy_independent():
    a = alhambra_of({(1, 0): 7, (2, 0): 14, (3, 0): 22})
    assert a.count("pavilion") == 1 and a.count("seraglio") == 1 and a.count("arcades") == 1
    b = a.copy()
    b.remove((3, 0))
    assert len(a) == 3 and len(b) == 2
    assert a.count("arcades") == 1 and b.count("arcades") == 0


def both_P4_and_P5():
    # removing (1,0) would cut off (1,-1), (2,0) and (1,1) -- reachable only
    # through it -- AND leave (1,0) as an empty cell surrounded on all sides
    return alhambra_of({(1, 0): 7, (1, -1): 14, (2, 0): 22, (1, 1): 23})


def test_P7_removal_breaking_P4_and_P5_cites_P4_first():
    # RULES order P6, P2, P3, P4, P5: P4 (cut off) comes before P5 (hole);
    # the engine's own full table (removable()) and from_tiles use that order too
    a = both_P4_and_P5()
    assert a.why_not_remove((1, 0)) == "P4"
    refused(a, a.remove, (1, 0), rule="P4")


def test_P7_removal_rule_does_not_depend_on_what_was_asked_before():
    a = both_P4_and_P5()
    first = a.why_not_remove((1, 0))          # asked before anything else
    b = both_P4_and_P5()
    b.removable()                             # the full removal table computed first
    second = b.why_not_remove((1, 0))
    assert first == second
    assert (1, 0) not in b.removable()


# ------------------------------------------------ a tile by its id, bad input

def test_a_tile_may_be_named_by_its_id_wherever_an_alhambra_takes_one():
    by_tile, by_id = Alhambra(), Alhambra()
    by_tile.place(tile(7), (1, 0))
    by_id.place(7, (1, 0))
    assert by_id == by_tile and by_id[(1, 0)] is tile(7)
    assert by_id.legal_spots(1) == by_tile.legal_spots(tile(1))
    assert by_id.why_not(1, (2, 0)) == by_tile.why_not(tile(1), (2, 0)) == "P3"
    assert Alhambra.from_tiles({(1, 0): 7}) == by_tile
    assert by_id.swap_spots(6) == by_tile.swap_spots(tile(6)) == [(1, 0)]
    assert by_id.why_not_swap(6, (1, 0)) is by_tile.why_not_swap(tile(6), (1, 0)) is None
    assert by_id.swap(6, (1, 0)) is tile(7) and by_id[(1, 0)] is tile(6)


@pytest.mark.parametrize("call, error, words", [
    (lambda a: a.place(None, (1, 0)), TypeError, "a tile is a Tile or a tile id (1-54), not None"),
    (lambda a: a.place("7", (1, 0)), TypeError, "not '7'"),
    (lambda a: a.place(True, (1, 0)), TypeError, "not True"),
    (lambda a: a.place(99, (1, 0)), ValueError, "there is no tile 99"),
    (lambda a: a.swap(None, (1, 0)), TypeError, "a tile is a Tile"),
    (lambda a: a.legal_spots(2.0), TypeError, "not 2.0"),
    (lambda a: a.why_not([], (1, 0)), TypeError, "not []"),
    (lambda a: a.place(7, "1,0"), TypeError, "a position is a pair (x, y) of integers, not '1,0'"),
    (lambda a: a.place(7, (1.0, 0)), TypeError, "not (1.0, 0)"),
    (lambda a: a["x"], TypeError, "a position is a pair (x, y) of integers, not 'x'"),
    (lambda a: a[(1.0, 0)], TypeError, "not (1.0, 0)"),
    (lambda a: a["x" * 10_000], TypeError, "..."),   # a long entry is quoted cut short
    (lambda a: Alhambra.from_tiles([7]), TypeError, "(x, y): tile} or ((x, y), tile) pairs, not 7"),
    (lambda a: Alhambra.from_tiles({(1, 0): "pavilion"}), TypeError, "not 'pavilion'"),
    (lambda a: a.position_of("pavilion 8"), TypeError, "a tile is a Tile or a tile id (1-54), not 'pavilion 8'"),
    (lambda a: a.position_of(None), TypeError, "not None"),
    (lambda a: tile(7).turned("1"), TypeError, "quarter_turns is a whole number of quarter turns, not '1'"),
])
def test_a_call_that_is_not_a_tile_or_a_position_says_what_it_takes_and_changes_nothing(call, error, words):
    a = Alhambra.from_tiles({(1, 0): 7})
    before = a.to_list()
    with pytest.raises(error) as e:
        call(a)
    assert words in str(e.value) and len(str(e.value)) < 200
    assert a.to_list() == before


def test_a_spot_far_off_the_grid_reads_as_empty_and_is_refused_by_its_rule():
    a = Alhambra()
    assert a[(10 ** 20, 0)] is None
    refused(a, a.place, tile(7), (10 ** 20, 0), rule="P2")


def test_a_spot_a_whole_row_of_cells_away_is_never_taken_for_one_near_the_fountain():
    # cells are kept as x + 256 * y: (257, -1) would be (1, 0), (258, -1) the legal spot (2, 0)
    a = Alhambra.from_tiles({(1, 0): 7})
    t = tile(14)   # seraglio 9, no walls: it fits at (2, 0)
    assert a.why_not(t, (2, 0)) is None
    for x, y in [(257, -1), (258, -1), (2 - 256, 1), (1, 256), (100, 0), (-100, 0), (0, 100), (2, -100)]:
        assert a[(x, y)] is None and a.why_not(t, (x, y)) == "P2", (x, y)
        assert a.why_not_remove((x, y)) == "T3a" and a.why_not_swap(t, (x, y)) == "T3c", (x, y)
        refused(a, a.place, t, (x, y), rule="P2")
        refused(a, a.remove, (x, y), rule="T3a")
        refused(a, a.swap, t, (x, y), rule="T3c")
    assert a.to_list() == [[1, 0, 7]]
