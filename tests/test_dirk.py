"""Two players: the neutral collector Dirk [D1-D4] (and S7)."""

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

def test_D3_dirk_ranked_for_majorities_but_scores_nothing_recorded():
    # A: 2 towers (#52, #53) and a garden (#41), no walls; B: 1 tower (#54, wall E)
    # Dirk: 3 towers (#44, #45, #46), a garden (#42), pavilion #1, arcades #15
    al = {0: {(1, 0): 52, (2, 0): 53, (0, 1): 41}, 1: {(1, 0): 54}}
    g = two_player(bag=BAG12, dirk=[44, 45, 46, 42, 1, 15], alhambras=al,
                   deck_top=[SC(1)] + cards_of("dinar 5"))
    g.play(TakeMoney(cards_of("florin 1")))
    # towers: Dirk first -> nothing for A and B in round 1
    # gardens: A and Dirk tied first: (5 + 0) // 2 = 2 for A; B: wall of 1
    assert g.scores == [2, 1]
    assert len(g.scores) == 2


def test_D3_dirk_pushes_players_down_round_2():
    al = {0: {(1, 0): 52, (2, 0): 53, (0, 1): 41}, 1: {(1, 0): 54}}
    g = two_player(bag=BAG12, dirk=[44, 45, 46, 42, 1, 15], alhambras=al,
                   deck_top=[SC(2)] + cards_of("dinar 5"))
    g.play(TakeMoney(cards_of("florin 1")))
    # towers: Dirk 1st (13, not recorded), A 2nd: 6, B 3rd: nothing in round 2
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
