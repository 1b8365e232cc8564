"""Scoring [C]: building majorities with ties (C2, C3), walls (C4, X2), D3 ranking."""

import pytest

from alhambra_widget import POINTS, Alhambra, majority_points, tile

from conftest import alhambra_of, placed_of, ref_longest_trail, ref_wall_edges, ring_3x3

BUILDINGS = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"]
TABLE = {  # rules table: round 1 / round 2 (1st, 2nd) / round 3 (1st, 2nd, 3rd)
    "pavilion": ((1,), (8, 1), (16, 8, 1)),
    "seraglio": ((2,), (9, 2), (17, 9, 2)),
    "arcades": ((3,), (10, 3), (18, 10, 3)),
    "chambers": ((4,), (11, 4), (19, 11, 4)),
    "garden": ((5,), (12, 5), (20, 12, 5)),
    "tower": ((6,), (13, 6), (21, 13, 6)),
}


@pytest.mark.parametrize("building", BUILDINGS)
def test_C2_points_table(building):
    for rnd in (1, 2, 3):
        paid = TABLE[building][rnd - 1]
        # distinct counts: places 1, 2, 3 (and a 4th that is never paid)
        counts = [9, 7, 5, 3]
        expected = list(paid) + [0] * (4 - len(paid))
        assert majority_points(building, counts, rnd) == expected, (building, rnd)
        assert tuple(POINTS[rnd][BUILDINGS.index(building)]) == paid


def test_C2_round_1_pays_only_first():
    assert majority_points("garden", [3, 2, 1], 1) == [5, 0, 0]


def test_C2_round_2_pays_first_and_second():
    assert majority_points("garden", [3, 2, 1], 2) == [12, 5, 0]


def test_C2_price_does_not_matter_only_count():
    # counts are what is ranked; order of entries is kept
    assert majority_points("arcades", [1, 4, 2], 3) == [3, 18, 10]


def test_C3_rulebook_example_round_3_towers():
    assert majority_points("tower", [4, 4, 2], 3) == [17, 17, 6]
    # any iterable of counts, read once (checked, then ranked)
    assert majority_points("tower", iter([4, 4, 2]), 3) == [17, 17, 6]
    assert majority_points("tower", (c for c in (2, 4, 4)), 3) == [6, 17, 17]


def test_C3_rulebook_example_round_2_tie_for_towers():
    assert majority_points("tower", [3, 3], 2) == [9, 9]          # (13 + 6) // 2
    assert majority_points("tower", [3, 3, 1], 2) == [9, 9, 0]    # next place is 3rd: unpaid


def test_C3_ties_round_down():
    assert majority_points("pavilion", [2, 2], 1) == [0, 0]        # 1 // 2
    assert majority_points("seraglio", [2, 2], 1) == [1, 1]        # 2 // 2
    assert majority_points("arcades", [2, 2], 1) == [1, 1]         # 3 // 2
    assert majority_points("seraglio", [3, 3, 3], 3) == [9, 9, 9]  # 28 // 3
    assert majority_points("chambers", [2, 2, 2, 2], 3) == [8, 8, 8, 8]  # 34 // 4
    assert majority_points("garden", [5, 3, 3], 2) == [12, 2, 2]   # 5 // 2
    assert majority_points("pavilion", [4, 1, 1], 3) == [16, 4, 4]  # (8 + 1) // 2


def test_C3_next_place_after_a_tie_is_skipped():
    # 1, 1, 3: the player after two tied firsts is third
    assert majority_points("tower", [5, 5, 2, 1], 3) == [17, 17, 6, 0]
    # 1, 2, 2, 4
    assert majority_points("tower", [5, 3, 3, 1], 3) == [21, 9, 9, 0]
    # three tied first in round 3 share all three places
    assert majority_points("tower", [5, 5, 5, 1], 3) == [13, 13, 13, 0]


def test_C2_player_with_no_tiles_is_not_ranked():
    assert majority_points("tower", [0, 3], 3) == [0, 21]
    assert majority_points("tower", [0, 3, 1], 3) == [0, 21, 13]
    assert majority_points("arcades", [2, 0, 0, 1], 3) == [18, 0, 0, 10]
    # two players with none: they are not "tied" for anything
    assert majority_points("garden", [0, 0, 1], 2) == [0, 0, 12]
    assert majority_points("garden", [0, 0], 3) == [0, 0]


def test_D3_dirk_pushes_players_down_in_two_player_games():
    # entries: player 1, player 2, Dirk (the last entry)
    assert majority_points("tower", [2, 1, 3], 1) == [0, 0, 6]
    assert majority_points("tower", [2, 1, 3], 2) == [6, 0, 13]
    assert majority_points("tower", [2, 1, 3], 3) == [13, 6, 21]
    assert majority_points("garden", [2, 2, 3], 2) == [2, 2, 12]   # tie for 2nd: 5 // 2
    assert majority_points("garden", [3, 0, 3], 2) == [8, 0, 8]    # tie with Dirk: 17 // 2


def test_C_scoring_rounds_are_1_2_3():
    with pytest.raises(ValueError):
        majority_points("tower", [1, 2], 4)
    with pytest.raises(ValueError):
        majority_points("tower", [1, 2], 0)


# --------------------------------------------------------------------- walls

def assert_wall(a, n):
    assert a.longest_wall() == n
    path = a.longest_wall_path()
    assert len(path) == n
    assert len(set(path)) == n  # every side at most once
    ext = set(a.external_walls())
    assert set(path) <= ext
    # consecutive sides meet at a grid corner
    corners = {"N": ((0, 0), (1, 0)), "E": ((1, 0), (1, 1)), "S": ((0, 1), (1, 1)), "W": ((0, 0), (0, 1))}

    def ends(e):
        (x, y), s = e
        return {(x + dx, y + dy) for dx, dy in corners[s]}

    for e1, e2 in zip(path, path[1:]):
        assert ends(e1) & ends(e2), (e1, e2)
    assert n == ref_longest_trail(ref_wall_edges(placed_of(a)))


def test_C4_no_walls():
    assert_wall(Alhambra(), 0)
    assert_wall(alhambra_of({(1, 0): 7}), 0)


def test_C4_single_wall_side():
    assert_wall(alhambra_of({(0, -1): 5}), 1)


def test_C4_walls_of_one_tile_join_at_its_corners():
    # tile 1: walls N, E, W -> one chain of 3
    a = alhambra_of({(0, -1): 1})
    assert_wall(a, 3)


def test_C4_walls_join_across_tiles_and_around_outer_corner():
    # N of (0,-1), N and E of (1,-1), E of (1,0)
    a = alhambra_of({(0, -1): 5, (1, -1): 9, (1, 0): 6})
    assert_wall(a, 4)


def test_C4_walls_join_around_inner_corner():
    # (0,-1) wall E and (1,0) wall N meet at the grid corner (1,0)
    a = alhambra_of({(0, -1): 6, (1, 0): 5})
    assert_wall(a, 2)


def test_C4_separate_walls_are_not_added():
    # wall N at (0,-1) and wall S at (0,1): not continuous
    a = alhambra_of({(0, -1): 5, (0, 1): 13})
    assert len(a.external_walls()) == 2
    assert_wall(a, 1)


def test_C4_back_to_back_walls_are_internal():
    # (1,0) wall E and (2,0) wall W face each other: internal, worth nothing
    a = alhambra_of({(1, 0): 6, (2, 0): 12, (0, 1): 7, (1, 1): 14, (2, 1): 22})
    assert a.external_walls() == []
    assert_wall(a, 0)


def test_C4_wall_facing_neighbour_becomes_internal_when_neighbour_arrives():
    a = alhambra_of({(1, 0): 6, (0, 1): 7, (1, 1): 14, (2, 1): 22})
    assert a.external_walls() == [((1, 0), "E")]
    assert_wall(a, 1)
    a.place(tile(12), (2, 0))     # wall W back to back with (1,0)'s wall E
    assert a.external_walls() == []
    assert_wall(a, 0)


def test_X2_closed_ring_scores_N():
    a = alhambra_of(ring_3x3())
    assert len(a.external_walls()) == 12
    # a closed ring of 12 wall sides scores 12, not 11
    assert a.longest_wall() == 12
    assert_wall(a, 12)


def test_X2_ring_opened_at_a_corner_is_a_path():
    # the ring without its NE corner tile: the wall is no longer closed; it
    # runs from N of (0,-1) round the west and south to E of (1,0): 10 sides
    placed = ring_3x3()
    del placed[(1, -1)]
    a = alhambra_of(placed)
    n = len(a.external_walls())
    assert n == 10
    assert_wall(a, 10)


def test_X2_corners_may_be_passed_more_than_once():
    # two closed 12-side rings touching at one grid corner (a figure eight;
    # not a legal Alhambra, built unchecked): one trail can run both rings
    placed = {pos: tile(t) for pos, t in ring_3x3().items()}
    second = {  # 3x3 ring centred on (3,3), corners (2,2) .. (4,4)
        (2, 2): 16, (3, 2): 20, (4, 2): 18, (4, 3): 21,
        (4, 4): 19, (3, 4): 30, (2, 4): 10, (2, 3): 29, (3, 3): 7,
    }
    placed.update({pos: tile(t) for pos, t in second.items()})
    a = Alhambra.from_tiles(placed, check=False)
    assert len(a.external_walls()) == 24
    assert a.longest_wall() == 24
    assert ref_longest_trail(ref_wall_edges(placed_of(a))) == 24


def test_C4_walls_on_reserve_tiles_do_not_count():
    # only the Alhambra counts; external_walls only sees placed tiles
    a = alhambra_of({(0, -1): 5})
    assert a.longest_wall() == 1


def test_C_scoring_preview_of_the_next_round():
    """What the next scoring round would give now: the engine's own C2-C4 (and D3 with
    Dirk), as a round record; the round is checked; nothing changes."""
    from alhambra_widget import Game

    # (tiles 52, 53 towers and 41, 42 gardens without walls; 50 a tower, 39 a garden with a wall north)
    g = Game.from_position(3, seed=1, alhambras=[{(1, 0): 52, (-1, 0): 53, (0, 1): 41}, {(1, 0): 50},
                                                 {(1, 0): 42, (2, 0): 39}])
    before = g.to_json()
    p = g.scoring_preview()
    assert g.to_json() == before and p["round"] == 1 == len(g.rounds) + 1
    towers, gardens = BUILDINGS.index("tower"), BUILDINGS.index("garden")
    assert [c[towers] for c in p["counts"]] == [2, 1, 0] and [c[gardens] for c in p["counts"]] == [1, 0, 2]
    # round 1 pays the first place only: towers 6 to the first player, gardens 5 to the third
    assert [b[towers] for b in p["buildings"]] == [6, 0, 0] and [b[gardens] for b in p["buildings"]] == [0, 0, 5]
    assert p["walls"] == [0, 1, 1] and p["points"] == [6, 1, 6]
    assert p["scores"] == p["points"] and p["dirk"] is None
    # round 3 pays three places: towers 21 and 13
    assert [b[towers] for b in g.scoring_preview(3)["buildings"]] == [21, 13, 0]
    for bad in (0, 4, True, "2"):
        with pytest.raises(ValueError, match="scoring rounds are 1, 2 and 3"):
            g.scoring_preview(bad)
    # two players: Dirk's tiles take places (D3) and are listed apart
    two = Game.from_position(2, seed=1, alhambras=[{(1, 0): 52}, {}])
    assert two.scoring_preview()["dirk"] is not None and len(two.scoring_preview()["counts"]) == 3


@pytest.mark.parametrize("rnd", [0, 4, True, [1], "1", 1.0])
def test_majority_points_names_the_scoring_rounds(rnd):
    with pytest.raises(ValueError, match="scoring rounds are 1, 2 and 3"):
        majority_points("tower", [1, 2], rnd)
