"""Two players: the neutral collector Dirk [D1-D4] (and S7), his points kept apart (X8),
and the refill order that decides his third draw (X6)."""

from collections import Counter

import pytest

from alhambra_widget import Buy, EndTurn, Game, GiveToDirk, Place, Reserve, TakeMoney, tile
from alhambra_widget.engine.money import full_deck

from conftest import SC, arrange_money, arrange_tiles, assert_refused, cards_of, legal_of

THREE = cards_of("florin 1", "florin 2", "dinar 2")
DIRK6 = [44, 45, 46, 41, 42, 1]
BAG10 = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12]           # none of them in the market or with Dirk
BAG12 = [2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 16]


def two_player(bag, dirk=DIRK6, market=(7, 14, 22, 31), alhambras=None, hands=None,
               money=THREE, deck_top=(), seed=41):
    g = Game(["A", "B"], seed=seed, start_player=0)
    arrange_tiles(g, market=list(market), bag=list(bag), dirk=list(dirk),
                  alhambras=alhambras or {}, rest=("reserve", 1))
    arrange_money(g, hands=hands or {0: cards_of("florin 8")}, money=money, deck_top=deck_top)
    return g


# ---------------------------------------------------------------- D1, S7, D2 setup

@pytest.mark.parametrize("seed", range(10))
def test_D1_two_player_money_is_72_cards(seed):
    g = Game(2, seed=seed)
    cards = [c for p in g.players for c in p.hand] + g.money + [c for c in g.deck if hasattr(c, "currency")]
    assert len(cards) == 72
    assert Counter(cards) == Counter(full_deck(2))


@pytest.mark.parametrize("seed", range(10))
def test_S7_D2_dirk_takes_six_tiles_at_setup(seed):
    g = Game(2, seed=seed)
    assert len(g.dirk) == 6
    assert g.bag_size == 54 - 4 - 6
    ids = {t.id for t in g.dirk} | {t.id for t in g.market} | {t.id for t in g.bag}
    assert ids == set(range(1, 55))


def test_S7_no_dirk_with_more_players():
    for n in (3, 4, 5, 6):
        assert Game(n, seed=n).dirk == []


def test_D2_dirk_has_no_turns():
    g = Game(["A", "B"], seed=42)
    seats = []
    for _ in range(12):
        seats.append(g.current)
        g.play(g.legal_actions("take")[0])
        while g.phase == "place":
            g.play(legal_of(g, Reserve)[0])
    assert set(seats) <= {0, 1}
    assert all(a != b for a, b in zip(seats, seats[1:]))   # A, B, A, B ...
    assert len(g.scores) == 2


# ---------------------------------------------------------------- D2 draws

def test_D2_six_more_tiles_after_scoring_round_1():
    g = two_player(bag=[2, 3, 5, 8, 9, 10, 11, 12, 13, 15], deck_top=[SC(1)] + cards_of("dinar 5"))
    g.play(TakeMoney(cards_of("florin 1")))
    assert g.scoring_rounds_played == [1]
    assert len(g.dirk) == 12 and g.bag_size == 4
    assert {tile(t) for t in DIRK6} <= set(g.dirk)
    g.check()


def test_D2_fewer_if_the_bag_has_fewer():
    g = two_player(bag=[2, 3, 5], deck_top=[SC(1)] + cards_of("dinar 5"))
    g.play(TakeMoney(cards_of("florin 1")))
    assert len(g.dirk) == 9 and g.bag_size == 0
    assert not g.is_over  # the market is still full
    g.check()


def test_D2_a_third_of_the_bag_rounded_down_after_scoring_round_2():
    g = two_player(bag=BAG10, deck_top=[SC(2)] + cards_of("dinar 5"))   # 10 tiles
    g.play(TakeMoney(cards_of("florin 1")))
    assert g.scoring_rounds_played == [2]
    assert len(g.dirk) == 6 + 3 and g.bag_size == 7
    g.check()


def test_D2_third_rounded_down_small_bag():
    g = two_player(bag=[2, 3], deck_top=[SC(2)] + cards_of("dinar 5"))
    g.play(TakeMoney(cards_of("florin 1")))
    assert len(g.dirk) == 6 and g.bag_size == 2


def test_C1_D2_dirk_draws_after_both_refills():
    # A buys slot 1 (the market must be refilled) and the money refill draws
    # scoring card 1. With 6 tiles in the bag, the market slot is refilled
    # first (5 left), then round 1 is scored, then Dirk takes the 5 remaining.
    g = two_player(bag=[2, 3, 5, 8, 9, 10], deck_top=[SC(1)] + cards_of("dinar 5"))
    g.play(Buy(1, cards_of("florin 8")))
    g.play(EndTurn())
    g.play(Reserve(7))
    assert g.scoring_rounds_played == [1]
    assert all(t is not None for t in g.market)
    assert g.market[0].id in (2, 3, 5, 8, 9, 10)
    assert len(g.dirk) == 6 + 5 and g.bag_size == 0
    assert not g.final and not g.is_over
    g.check()


def test_C1_D2_third_after_refill_in_round_2():
    g = two_player(bag=BAG10, deck_top=[SC(2)] + cards_of("dinar 5"))   # 10 tiles
    g.play(Buy(1, cards_of("florin 8")))
    g.play(EndTurn())
    g.play(Reserve(7))
    # refill: 10 -> 9 tiles; Dirk takes 9 // 3 = 3
    assert len(g.dirk) == 9 and g.bag_size == 6


# ---------------------------------------------------------------- D3 scoring

def test_D3_dirk_ranked_for_majorities_his_points_not_in_the_players_scores():
    # A: 2 towers (#52, #53) and a garden (#41), no walls; B: 1 tower (#54, wall E)
    # Dirk: 3 towers (#44, #45, #46), a garden (#42), pavilion #1, arcades #15
    al = {0: {(1, 0): 52, (2, 0): 53, (0, 1): 41}, 1: {(1, 0): 54}}
    g = two_player(bag=BAG12, dirk=[44, 45, 46, 42, 1, 15], alhambras=al,
                   deck_top=[SC(1)] + cards_of("dinar 5"))
    g.play(TakeMoney(cards_of("florin 1")))
    # towers: Dirk first (his 6 points) -> nothing for A and B in round 1
    # gardens: A and Dirk tied first: (5 + 0) // 2 = 2 for A; B: wall of 1
    assert g.scores == [2, 1]
    assert len(g.scores) == 2


def test_D3_dirk_pushes_players_down_round_2():
    al = {0: {(1, 0): 52, (2, 0): 53, (0, 1): 41}, 1: {(1, 0): 54}}
    g = two_player(bag=BAG12, dirk=[44, 45, 46, 42, 1, 15], alhambras=al,
                   deck_top=[SC(2)] + cards_of("dinar 5"))
    g.play(TakeMoney(cards_of("florin 1")))
    # towers: Dirk 1st (13, his own), A 2nd: 6, B 3rd: nothing in round 2
    # gardens: A and Dirk tied: (12 + 5) // 2 = 8; B: wall 1
    assert g.scores == [6 + 8, 1]


def test_D3_without_dirk_same_position_scores_more():
    al = {0: {(1, 0): 52, (2, 0): 53, (0, 1): 41}, 1: {(1, 0): 54}}
    g = two_player(bag=[16, 17, 18, 19, 20, 21, 23, 24, 25, 26], dirk=[2, 3, 5, 8, 9, 10], alhambras=al,
                   deck_top=[SC(2)] + cards_of("dinar 5"))
    g.play(TakeMoney(cards_of("florin 1")))
    # Dirk holds only pavilions and seraglios: A 1st towers 13 + 1st garden 12; B 2nd towers 6 + wall 1
    assert g.scores == [13 + 12, 6 + 1]


# ---------------------------------------------------------------- D4

def test_D4_T4d_give_a_bought_tile_to_dirk():
    g = two_player(bag=BAG12)
    g.play(Buy(1, cards_of("florin 8")))
    g.play(EndTurn())
    assert GiveToDirk(7) in legal_of(g, GiveToDirk)
    g.play(GiveToDirk(7))
    assert tile(7) in g.dirk and len(g.dirk) == 7
    assert g.current == 1
    assert tile(7) not in g.players[0].reserve
    g.check()


def test_D4_only_tiles_bought_this_turn():
    g = two_player(bag=BAG12)
    g.play(Buy(1, cards_of("florin 8")))
    assert_refused(g, GiveToDirk(7), "T4")          # still in the action phase
    g.play(EndTurn())
    assert_refused(g, GiveToDirk(14), "T4")         # not bought this turn


def test_D4_no_dirk_with_three_players():
    g = Game(["A", "B", "C"], seed=43, start_player=0)
    arrange_tiles(g, market=[7, 14, 22, 31])
    arrange_money(g, hands={0: cards_of("florin 8")}, money=THREE)
    g.play(Buy(1, cards_of("florin 8")))
    g.play(EndTurn())
    assert not legal_of(g, GiveToDirk)
    assert_refused(g, GiveToDirk(7), ("D4", "T4"))
    g.play(Place(7, (1, 0)))


# ---------------------------------------------------------------- D3, X8: Dirk's points

# The points table of RULES.md [Components], written out here (not taken from the engine):
# per building type, the points of the 1st (round 1), 1st/2nd (round 2), 1st/2nd/3rd (round 3).
TABLE = {
    "pavilion": ([1], [8, 1], [16, 8, 1]), "seraglio": ([2], [9, 2], [17, 9, 2]),
    "arcades": ([3], [10, 3], [18, 10, 3]), "chambers": ([4], [11, 4], [19, 11, 4]),
    "garden": ([5], [12, 5], [20, 12, 5]), "tower": ([6], [13, 6], [21, 13, 6]),
}
BUILDING_ORDER = ["pavilion", "seraglio", "arcades", "chambers", "garden", "tower"]


def ref_majority(counts, paid):
    """C2/C3 from RULES.md: an entry with none is not ranked; a place is 1 + the number of
    entries with more; tied entries share the points of the places they occupy, rounded down."""
    out = []
    for c in counts:
        if c == 0:
            out.append(0)
            continue
        place = 1 + sum(1 for d in counts if d > c)
        k = sum(1 for d in counts if d == c)
        out.append(sum(paid[place - 1:place - 1 + k]) // k)
    return out


def ref_round(entries, rnd):
    """Points per entry (players, then Dirk) and building type in round ``rnd``."""
    pts = [[0] * 6 for _ in entries]
    for b, name in enumerate(BUILDING_ORDER):
        col = ref_majority([e[b] for e in entries], TABLE[name][rnd - 1])
        for i, p in enumerate(col):
            pts[i][b] = p
    return pts


def dirk_position(deck_top):
    al = {0: {(1, 0): 52, (2, 0): 53, (0, 1): 41}, 1: {(1, 0): 54}}
    return two_player(bag=BAG12, dirk=[44, 45, 46, 42, 1, 15], alhambras=al, deck_top=deck_top)


def test_D3_X8_dirk_scores_the_points_of_his_places_in_round_1_kept_apart():
    # Dirk: towers #44 #45 #46, garden #42, pavilion #1, arcades #15; A: 2 towers, a garden
    g = dirk_position([SC(1)] + cards_of("dinar 5"))
    g.play(TakeMoney(cards_of("florin 1")))
    r = g.rounds[-1]
    assert r["round"] == 1 and len(r["counts"]) == 3          # A, B and Dirk ranked
    assert r["counts"][2] == [1, 0, 1, 0, 1, 3]
    # Dirk 1st for pavilions (1), arcades (3) and towers (6); tied 1st with A for gardens: (5 + 0) // 2
    assert r["dirk"] == [1, 0, 3, 0, 2, 6]
    assert r["buildings"] == [[0, 0, 0, 0, 2, 0], [0, 0, 0, 0, 0, 0]]
    assert r["points"] == [2, 1] and r["scores"] == [2, 1] == g.scores   # Dirk's 12 are not in them
    assert len(g.scores) == 2 and len(r["points"]) == 2


def test_D3_X8_dirk_scores_the_points_of_his_places_in_round_2():
    g = dirk_position([SC(2)] + cards_of("dinar 5"))
    g.play(TakeMoney(cards_of("florin 1")))
    r = g.rounds[-1]
    # Dirk 1st: pavilions 8, arcades 10, towers 13 (A 2nd: 6); gardens tied with A: (12 + 5) // 2
    assert r["dirk"] == [8, 0, 10, 0, 8, 13]
    assert r["buildings"][0] == [0, 0, 0, 0, 8, 6]
    assert g.scores == [14, 1]


@pytest.mark.parametrize("seed", range(8))
def test_D3_X8_in_random_games_dirk_scores_exactly_his_places_and_never_wins(seed):
    import random

    rng = random.Random(seed)
    g = Game(["A", "B"], seed=100 + seed)
    seen = 0
    while not g.is_over:
        # what Dirk and the players hold when this action ends the turn (a tile given to
        # Dirk or placed now counts in a scoring round this action brings)
        action = g.random_action(rng)
        g.play(action)
        for r in g.rounds[seen:]:
            entries = r["counts"]
            assert len(entries) == 3
            ref = ref_round(entries, r["round"])
            assert r["dirk"] == ref[2], (r["round"], entries)
            assert r["buildings"] == ref[:2]
            assert r["points"] == [sum(ref[i]) + r["walls"][i] for i in range(2)]
        seen = len(g.rounds)
    assert [r["round"] for r in g.rounds][-1] == 3
    total = [sum(sum(r["buildings"][i]) + r["walls"][i] for r in g.rounds) for i in range(2)]
    assert g.scores == total                       # Dirk's points never reach a player's score
    best = max(g.scores)
    assert g.winners == [i for i in range(2) if g.scores[i] == best]
    assert set(g.winners) <= {0, 1}


def test_D3_dirk_counts_are_his_tiles_at_the_scoring():
    # a tile given to Dirk in the turn that brings the scoring round counts for him
    g = two_player(bag=BAG12, dirk=DIRK6, deck_top=[SC(1)] + cards_of("dinar 5"))
    before = list(g.dirk_counts())
    g.play(Buy(1, cards_of("florin 8")))       # pavilion 8 (#7), exact
    g.play(EndTurn())
    g.play(GiveToDirk(7))
    r = g.rounds[-1]
    before[tile(7).building.index] += 1
    assert r["counts"][2] == before
    assert r["dirk"] == ref_round(r["counts"], 1)[2]


def test_X8_dirk_is_never_among_the_winners_even_with_the_most_points():
    # Dirk holds six towers and five gardens; the game ends at the next refill (empty bag)
    g = two_player(bag=[], dirk=[44, 45, 46, 47, 48, 49, 36, 37, 38, 39, 40],
                   hands={0: cards_of("florin 8")})
    g.play(Buy(1, cards_of("florin 8")))
    g.play(EndTurn())
    g.play(Place(7, (1, 0)))
    assert g.is_over and g.scoring_rounds_played == [3]
    r = g.rounds[-1]
    assert r["dirk"] == [0, 0, 0, 0, 20, 21]              # 1st for gardens and towers
    assert g.scores == [16, 0]                           # A: 1st for pavilions; B: nothing
    assert sum(r["dirk"]) > max(g.scores)
    assert g.winners == [0]                              # Dirk is no seat and never wins
    assert len(g.scores) == 2


# ---------------------------------------------------------------- X6: refill order

def test_X6_buildings_refilled_before_the_scoring_so_dirk_takes_a_third_of_what_is_left():
    # 12 tiles in the bag; A buys slot 1 and the money refill draws scoring card 2. Money
    # first, then slot 1 from the bag (11 left), then round 2, then Dirk takes 11 // 3 = 3.
    # (Scoring before the building refill would give Dirk 12 // 3 = 4 and leave 7.)
    g = two_player(bag=BAG12, deck_top=[SC(2)] + cards_of("dinar 5"))
    g.play(Buy(1, cards_of("florin 8")))
    g.play(EndTurn())
    g.play(Reserve(7))
    assert g.scoring_rounds_played == [2]
    assert card_in(g.money, "dinar 5") and len(g.money) == 4    # the money market refilled
    assert g.market[0] is not None and g.market[0].id in BAG12  # slot 1 refilled from the bag
    assert len(g.dirk) == 6 + 3 and g.bag_size == 8
    g.check()


def test_X6_round_1_after_both_refills_the_last_tile_goes_to_the_market_not_to_dirk():
    # the money refill finds scoring card 1 with the bag holding one tile for the empty
    # slot: both refills happen, then round 1, then Dirk takes what is left (nothing).
    # (Scoring first would give Dirk the tile, leave slot 1 empty and end the game.)
    # That the money comes before the buildings shows only in the random draws.
    g = two_player(bag=[2], deck_top=[SC(1)] + cards_of("dinar 5"))
    g.play(Buy(1, cards_of("florin 8")))
    g.play(EndTurn())
    g.play(Reserve(7))
    assert g.scoring_rounds_played == [1]
    assert card_in(g.money, "dinar 5") and g.market[0] == tile(2)
    assert g.bag_size == 0 and len(g.dirk) == 6 and not g.is_over
    g.check()


def card_in(cards, spec):
    return cards_of(spec)[0] in cards
