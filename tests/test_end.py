"""End of the game [E]: E1 trigger, E2 leftover awards, E3 placement (into the Alhambra
or the reserve, X7) and the final scoring round, E4 shared victory."""

import pytest

from alhambra_widget import Buy, EndTurn, Game, GiveToDirk, IllegalMove, Place, Reserve, TakeMoney, card, tile

from conftest import SC, arrange_money, arrange_tiles, assert_refused, cards_of, legal_of


FOUR = ("florin 1", "florin 2", "dinar 2", "ducat 2")


def setup_end(hands, market=(7, 14, 22, 31), bag=(), n=3, deck_top=(), alhambras=None, seed=31, money=FOUR):
    g = Game(n, seed=seed, start_player=0)
    arrange_tiles(g, market=list(market), bag=list(bag), alhambras=alhambras or {},
                  rest=("reserve", n - 1))
    arrange_money(g, hands=hands, money=cards_of(*money), deck_top=deck_top)
    return g


# ------------------------------------------------------------------ E1

def test_E1_game_continues_while_the_market_is_full():
    # bag empty but nothing bought: the market is still full, no end
    g = setup_end({0: cards_of("florin 3")})
    g.play(TakeMoney(cards_of("florin 1")))
    assert not g.is_over and not g.final
    assert g.current == 1 and g.phase == "action"
    assert all(t is not None for t in g.market)


def test_E1_game_ends_when_bag_cannot_refill_and_market_filled_first():
    # pavilion 8 (#7, florin), seraglio 9 (#14, dirham), arcades 9 (#22, dinar)
    # are bought; the bag holds 2 tiles: slots 1 and 2 get them, slot 3 stays empty
    g = setup_end({0: cards_of("florin 8", "dirham 9", "dinar 9")}, bag=[40, 50])
    g.play(Buy(1, cards_of("florin 8")))
    g.play(Buy(2, cards_of("dirham 9")))
    g.play(Buy(3, cards_of("dinar 9")))
    g.play(EndTurn())
    for tid in (7, 14, 22):
        g.play(Reserve(tid))
    # nobody holds money now: no award; the market shows the last refill
    assert {g.market[0], g.market[1]} == {tile(40), tile(50)}
    assert g.market[2] is None and g.market[3] == tile(31)
    assert g.bag == []
    assert g.is_over
    assert g.scoring_rounds_played[-1] == 3
    g.check()


def test_E1_game_over_refuses_every_action():
    g = setup_end({0: cards_of("ducat 1", "ducat 9")})
    g.play(Buy(4, cards_of("ducat 1", "ducat 9")))
    g.play(EndTurn())
    g.play(Reserve(31))
    assert g.is_over
    assert g.legal_actions() == [] and g.legal_kinds() == []
    before = g.to_json()
    with pytest.raises(IllegalMove):
        g.play(TakeMoney(cards_of("florin 1")))
    assert g.to_json() == before


# ------------------------------------------------------------------ E2, E3

def end_with_awards(hands, deck_top=(), alhambras=None, money=FOUR):
    """Player 0 buys the ducat tile (#31, chambers 10) exactly with the bag
    empty; the other three market tiles are left for E2."""
    hands = dict(hands)
    hands[0] = list(hands.get(0, [])) + cards_of("ducat 1", "ducat 9")
    g = setup_end(hands, deck_top=deck_top, alhambras=alhambras, money=money)
    g.play(Buy(4, cards_of("ducat 1", "ducat 9")))
    g.play(EndTurn())
    g.play(Place(31, (1, 0)))
    return g


def test_E2_leftover_tiles_go_to_highest_total_value_of_slot_currency():
    hands = {
        0: cards_of("florin 5", "florin 4", "dinar 1", "dinar 1", "dinar 1"),  # florin 9, dinar 3
        1: cards_of("florin 9", "dirham 3"),                                    # florin 9, dirham 3
        2: cards_of("dinar 7", "florin 1"),                                     # dinar 7
    }
    g = end_with_awards(hands)
    assert g.final and g.phase == "place"
    # slot 1 (florin): 9 vs 9 -> tie, stays; slot 2 (dirham): player 1;
    # slot 3 (dinar): player 2 has the highest VALUE (7) though player 0 has more cards
    assert sorted((p, t.id) for p, t in g.pending) == [(1, 14), (2, 22)]
    assert g.market[0] == tile(7)
    assert g.current == 1
    # the move record tells each award: who gets which tile from which slot (the log and the table say it)
    awards = [(e.player, e.slot, e.tile.id) for e in g.moves[-1].of_kind("award")]
    assert awards == [(1, 2, 14), (2, 3, 22)]
    # E3: the players who received tiles place them (Alhambra or reserve)
    acts = g.legal_actions()
    assert acts and all(isinstance(a, (Place, Reserve)) and a.tile_id == 14 for a in acts)
    g.play(Place(14, (1, 0)))
    assert g.current == 2 and not g.is_over
    g.play(Reserve(22))
    assert g.is_over
    assert g.scoring_rounds_played == [3]
    assert g.players[1].alhambra[(1, 0)] == tile(14)
    assert tile(22) in g.players[2].reserve
    assert g.market[0] == tile(7)          # the tied tile was never awarded
    g.check()


def test_E2_nobody_holding_the_currency_awards_nothing():
    g = end_with_awards({1: cards_of("florin 2")})
    # slot 1 to player 1; dirham and dinar held by nobody
    assert [(p, t.id) for p, t in g.pending] == [(1, 7)]
    g.play(Reserve(7))
    assert g.is_over
    assert g.market[1] == tile(14) and g.market[2] == tile(22)


def test_E2_all_ties_end_the_game_at_once():
    g = end_with_awards({1: cards_of("florin 2"), 2: cards_of("florin 2")})
    assert g.pending == []
    assert g.is_over and g.scoring_rounds_played == [3]


def test_E2_dirk_never_receives_leftover_tiles():
    g = Game(["A", "B"], seed=32, start_player=0)
    arrange_tiles(g, market=[7, 14, 22, 31], bag=[], dirk=[52, 53, 44, 45, 46, 47], rest=("reserve", 1))
    arrange_money(g, hands={0: cards_of("ducat 1", "ducat 9"), 1: cards_of("dirham 4")},
                  money=cards_of("florin 1", "florin 2", "dinar 2", "ducat 2"))
    dirk_before = list(g.dirk)
    g.play(Buy(4, cards_of("ducat 1", "ducat 9")))
    g.play(EndTurn())
    g.play(Place(31, (1, 0)))
    # slot 2 goes to B (dirham 4); nobody holds florin or dinar: those stay
    assert [(p, t.id) for p, t in g.pending] == [(1, 14)]
    assert g.current == 1
    assert not legal_of(g, GiveToDirk)
    assert_refused(g, GiveToDirk(14), ("E2", "D4", "T4"))
    g.play(Reserve(14))
    assert g.is_over
    assert g.dirk == dirk_before
    assert g.market[0] == tile(7) and g.market[2] == tile(22)


def test_E3_awarded_tiles_count_in_the_final_round():
    hands = {1: cards_of("dirham 3")}
    g = end_with_awards(hands)
    assert [(p, t.id) for p, t in g.pending] == [(1, 14)]
    g.play(Place(14, (1, 0)))
    assert g.is_over
    # round 3: pavilion? no. A (seat 0) has chambers 10 (#31): 1st chambers = 19;
    # B has seraglio 9 (#14): 1st seraglio = 17. No walls anywhere.
    assert g.scores == [19, 17, 0]


def test_E3_scoring_card_in_final_refill_is_scored_first():
    # the final refill draws scoring card 2: round 2 is scored before the
    # awarded tiles are placed, round 3 after
    hands = {1: cards_of("dirham 3")}
    # three face-up cards: the refill draws the scoring card, then dinar 5
    g = end_with_awards(hands, deck_top=[SC(2)] + cards_of("dinar 5"), money=FOUR[:3])
    assert card("dinar", 5) in g.money
    assert g.scoring_rounds_played == [2]
    assert g.final and g.phase == "place"
    # round 2: only A's chambers (11); B has nothing placed yet
    assert g.scores == [11, 0, 0]
    g.play(Place(14, (1, 0)))
    assert g.scoring_rounds_played == [2, 3]
    assert g.scores == [11 + 19, 17, 0]


def test_X7_an_awarded_tile_with_a_legal_spot_may_go_to_the_reserve():
    g = end_with_awards({1: cards_of("dirham 3")})
    assert [(p, t.id) for p, t in g.pending] == [(1, 14)] and g.current == 1
    acts = g.legal_actions()
    assert Reserve(14) in acts
    assert any(isinstance(a, Place) for a in acts)        # it could be built, too
    assert g.is_legal("reserve 14")
    g.play(Reserve(14))
    assert tile(14) in g.players[1].reserve and len(g.players[1].alhambra) == 0
    assert g.is_over
    # the reserve does not count (C2): B scores nothing for the seraglio in round 3
    assert g.rounds[-1]["buildings"][1] == [0] * 6
    assert g.scores == [19, 0, 0]
    g.check()


def test_X7_an_awarded_tile_without_a_legal_spot_goes_to_the_reserve():
    from conftest import ring_3x3

    # B's Alhambra is closed by a ring of walls: no tile can be built anywhere
    g = end_with_awards({1: cards_of("dirham 3")}, alhambras={1: ring_3x3()})
    assert [(p, t.id) for p, t in g.pending] == [(1, 14)]
    assert not g.players[1].alhambra.legal_spots(tile(14))
    assert g.legal_actions() == [Reserve(14)]
    assert_refused(g, Place(14, (2, 0)), ("P3", "P4"))
    g.play(Reserve(14))
    assert g.is_over and tile(14) in g.players[1].reserve
    g.check()


def test_X7_E3_awards_are_placed_in_seat_order_each_into_the_alhambra_or_the_reserve():
    hands = {1: cards_of("dirham 3"), 2: cards_of("dinar 7", "florin 2")}
    g = end_with_awards(hands)
    assert [(p, t.id) for p, t in g.pending] == [(1, 14), (2, 7), (2, 22)]
    g.play(Reserve(14))
    assert g.current == 2 and not g.is_over
    g.play(Place(22, (1, 0)))
    g.play(Reserve(7))
    assert g.is_over
    assert tile(7) in g.players[2].reserve and g.players[2].alhambra[(1, 0)] == tile(22)
    g.check()


# ------------------------------------------------------------------ E4

def finish_with_scores(preset):
    g = setup_end({0: cards_of("ducat 1", "ducat 9")}, market=(7, 14, 22, 31))
    for p, s in zip(g.players, preset):
        p.score = s
    g.play(Buy(4, cards_of("ducat 1", "ducat 9")))
    g.play(EndTurn())
    g.play(Reserve(31))      # nothing in any Alhambra: round 3 gives nobody points
    assert g.is_over
    return g


def test_E4_most_points_wins():
    g = finish_with_scores([10, 12, 5])
    assert g.scores == [10, 12, 5]
    assert g.winners == [1]


def test_E4_equal_points_share_the_victory():
    g = finish_with_scores([10, 10, 5])
    assert g.winners == [0, 1]
    g = finish_with_scores([7, 7, 7])
    assert g.winners == [0, 1, 2]


def test_E4_no_winner_before_the_end():
    g = setup_end({0: cards_of("florin 3")})
    assert g.winners == []


def test_E3_a_game_whose_bag_ran_out_before_a_scoring_card_is_saved_and_told():
    # Few tiles left (set up by hand): the bag runs out before scoring card 2 comes up, so the
    # end of the game scores round 3 after round 1 alone (E1-E3). That game is a real one: its
    # record loads, and its moves tell the rounds they scored.
    import random
    from alhambra_widget.i18n.moves import describe_move
    reserves = [list(range(1, 16)), list(range(16, 31)), list(range(31, 46))]   # the bag keeps 5
    g = Game.from_position(["Ana", "Ben", "Chi"], seed=1, reserves=reserves)
    rng = random.Random(0)
    while not g.is_over:
        kinds = g.legal_kinds()
        g.play(rng.choice(g.legal_actions("buy" if "buy" in kinds else rng.choice(kinds))))
    assert [r["round"] for r in g.rounds] == [1, 3]
    loaded = Game.from_json(g.to_json())
    assert loaded.to_json() == g.to_json() and loaded.rounds == g.rounds
    last = next(m for m in reversed(g.moves) if m.of_kind("score"))
    told = describe_move(last, g, lang="en")
    a, b, c = (f"{name} +{p}" for name, p in zip(g.names, g.rounds[-1]["points"]))
    assert f"Scoring round 3: {a}, {b} and {c}." in told
