"""Setup [S], turns [T], refills, scoring-round timing [C1, C5] and decisions X1, X3-X5."""

import itertools
import json
import random
from collections import Counter

import pytest

from alhambra_widget import (Alhambra, Build, Buy, Card, EndTurn, Game, IllegalMove, Pass, Place, RecordError, Remove,
                             Reserve, Swap, TakeMoney, card, tile)

from conftest import (SC, arrange_money, arrange_tiles, assert_refused, cards_of, legal_of, placed_of,
                      ref_problem, ring_3x3)

SEEDS = range(60)


def money_cards(deck):
    return [c for c in deck if isinstance(c, Card)]


def scoring_depths(g):
    """Number of money cards above each scoring card in the deck (top = end of list)."""
    out = {}
    above = 0
    for c in reversed(g.deck):
        if isinstance(c, Card):
            above += 1
        else:
            out[int(c)] = above
    return out


# ------------------------------------------------------------------ setup [S]

@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_S1_S2_S5_initial_position(n):
    g = Game(n, seed=100 + n)
    for p in g.players:
        assert p.alhambra[(0, 0)].is_fountain and len(p.alhambra) == 0      # S1
        assert p.reserve == [] and p.score == 0
    assert all(t is not None for t in g.market) and len(g.market) == 4     # S5
    assert len(g.money) == 4 and all(isinstance(c, Card) for c in g.money)  # S5
    assert g.bag_size == 54 - 4 - (6 if n == 2 else 0)                      # S2, S7
    assert g.discard == []
    assert g.phase == "action" and g.turn == 1 and not g.extra
    g.check()


def test_S2_bag_draws_are_random():
    seen = Counter()
    for s in range(150):
        g = Game(3, seed=s)
        seen.update(t.id for t in g.market)
    assert set(seen) == set(range(1, 55))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_S3_every_start_hand_is_worth_20_to_28(n):
    for s in SEEDS:
        g = Game(n, seed=s)
        for p in g.players:
            total = sum(c.value for c in p.hand)
            assert 20 <= total <= 28
            # dealing stopped as soon as the sum reached 20: without its
            # largest card (the candidate for the last one dealt) it was < 20
            assert total - max(c.value for c in p.hand) < 20
            assert p.hand == sorted(p.hand)


def test_S3_deck_is_shuffled():
    hands = {tuple(Game(3, seed=s).players[0].hand) for s in range(20)}
    assert len(hands) > 10


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_S4_start_player_fewest_cards_then_lowest_sum_then_seat(n):
    tie_on_count = 0
    for s in SEEDS:
        g = Game(n, seed=s)
        key = [(len(p.hand), sum(c.value for c in p.hand), i) for i, p in enumerate(g.players)]
        expected = min(key)[2]
        assert g.start_player == expected
        assert g.current == expected
        counts = [k[0] for k in key]
        if counts.count(min(counts)) > 1:
            tie_on_count += 1
    assert tie_on_count > 0  # the tie-break on the sum was exercised


def test_X1_start_player_tie_goes_to_first_in_seat_order():
    found = 0
    for s in range(400):
        g = Game(4, seed=s)
        key = [(len(p.hand), sum(c.value for c in p.hand)) for p in g.players]
        best = min(key)
        tied = [i for i, k in enumerate(key) if k == best]
        if len(tied) > 1:
            found += 1
            assert g.start_player == tied[0]
    assert found > 0


@pytest.mark.parametrize("k", [0, 1, 2])
def test_X1_explicit_start_player(k):
    g = Game(["A", "B", "C"], seed=3, start_player=k)
    assert g.start_player == k and g.current == k


@pytest.mark.parametrize("bad", [-1, 3, True, "1"])
def test_X1_explicit_start_player_must_be_a_seat(bad):
    with pytest.raises((ValueError, TypeError)):
        Game(3, seed=3, start_player=bad)


@pytest.mark.parametrize("bad", [True, "Ana", "abc"])
def test_players_are_a_number_or_a_list_of_names(bad):
    """A string is not a list of one-letter names: Game("Ana") is refused."""
    with pytest.raises(TypeError, match="a number from 2 to 6 or a list of 2-6 names"):
        Game(bad, seed=1)
    assert Game(["Ana", "Ben"], seed=1).names == ["Ana", "Ben"]


def test_a_list_of_players_says_how_many_it_has_when_they_are_too_few_or_too_many():
    with pytest.raises(ValueError, match="played by 2 to 6 players, not 1$"):
        Game(["Ana"], seed=1)
    with pytest.raises(ValueError, match="played by 2 to 6 players, not more than 6$"):
        Game([f"P{i}" for i in range(7)], seed=1)
    with pytest.raises(ValueError, match="not more than 6$"):
        Game((f"P{i}" for i in range(10**9)), seed=1)   # (an endless list is not read on)


@pytest.mark.parametrize("bad", ["", "   ", "\t", "x" * 65, "Ana\nBen", "Bo\tBo", "A\x00", "\u200b", " \u200b\u2060 "])
def test_a_name_the_record_could_not_keep_is_refused(bad):
    """Every game Game() makes can be saved and loaded again: a blank name or
    one longer than the record keeps (64 characters) is refused at once,
    naming the seat, where before the game's own record failed to load. A
    name is one line: a line break, a tab or NUL (which no SVG picture can
    hold) is refused, and so is a name of invisible characters only."""
    with pytest.raises(ValueError, match="player 2 must be one line of 1 to 64 characters"):
        Game(["Ana", bad], seed=1)
    with pytest.raises(ValueError, match="player 2"):
        Game.from_position(["Ana", bad], seed=1)
    for ok in ("Bo", "x" * 64, " Ben ", "Anna", "Zoë", "👨\u200d👩\u200d👧", "مریم\u200cها"):
        g = Game(["Ana", ok], seed=1)
        assert Game.from_json(g.to_json()).names == ["Ana", ok]


@pytest.mark.parametrize("bad", [None, 7, b"Ana", ("Ana",)])
def test_a_name_that_is_not_text_is_refused(bad):
    """A player is named by text: None, a number or bytes in the list were
    turned into names such as "None" and "b'Ana'"; now they are refused,
    naming the entry."""
    with pytest.raises(TypeError, match=r"players\[1\] must be a player's name \(text\), not " + type(bad).__name__):
        Game(["Ana", bad], seed=1)
    with pytest.raises(TypeError, match=r"players\[1\]"):
        Game.from_position(["Ana", bad], seed=1)


def test_a_bot_given_to_game_is_refused_with_where_it_plays():
    """``Game(["Ana", Greedy()])`` said the name of player 2 was blank; it
    now says that a Game takes names and where a bot plays."""
    from alhambra_widget.bots import Greedy
    for bot in (Greedy(), Greedy):
        with pytest.raises(TypeError, match=r"players\[1\] must be a player's name.*a bot plays at a table"):
            Game(["Ana", bot], seed=1)
    # the players of another game carry their names
    assert Game(Game(["Ana", "Ben"], seed=1).players, seed=2).names == ["Ana", "Ben"]


@pytest.mark.parametrize("twin", ["Ana", "ana", " ANA "])
def test_two_players_with_one_name_are_refused(twin):
    """The table speaks of its players by name ("Ana took dinar 3"): two names that read alike
    (equal but for case and the blanks around them) are refused, naming both seats, by Game,
    Game.from_position and a record."""
    with pytest.raises(ValueError, match=r"players 1 and 3 are both called 'Ana': give each player a name"):
        Game(["Ana", "Ben", twin], seed=1)
    with pytest.raises(ValueError, match="players 1 and 3"):
        Game.from_position(["Ana", "Ben", twin], seed=1)
    record = json.loads(Game(["Ana", "Ben", "Chi"], seed=1).to_json())
    for part in ("start", "state"):
        record[part]["players"][2]["name"] = twin
    record["players"][2] = twin
    with pytest.raises(RecordError, match=r"players\[2\]\.name: players 1 and 3 are both called 'Ana'"):
        Game.from_json(json.dumps(record))


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_S6_scoring_cards_in_piles_2_and_4(n):
    d1s = set()
    for s in SEEDS:
        g = Game(n, seed=s)
        depths = scoring_depths(g)
        assert set(depths) == {1, 2}
        N = len(money_cards(g.deck))
        lo, hi = N // 5, -(-N // 5)  # pile sizes are as equal as possible
        # scoring card 1 lies in pile 2: at least the whole pile 1 above it,
        # at most piles 1 and 2 above it
        assert lo <= depths[1] <= 2 * hi
        assert 3 * lo <= depths[2] <= 4 * hi
        assert depths[1] < depths[2]
        d1s.add(depths[1])
    assert len(d1s) > 5   # the position within the pile is random


@pytest.mark.parametrize("cards,sizes", [(108, (22, 22, 22, 21, 21)), (72, (15, 15, 14, 14, 14)),
                                         (100, (20, 20, 20, 20, 20)), (4, (1, 1, 1, 1, 0))])
def test_S6_the_five_piles_are_as_equal_as_possible_the_first_ones_larger(cards, sizes):
    """The deck is cut into five piles (S6): where each starts, top first, and where the last
    one ends -- six numbers, the first pile's start 0 and the last pile's end the whole deck."""
    from alhambra_widget.engine.money import pile_starts
    starts = pile_starts(cards)
    assert len(starts) == 6 and starts[0] == 0 and starts[-1] == cards
    assert tuple(b - a for a, b in zip(starts, starts[1:])) == sizes


def test_S_seed_makes_setup_reproducible():
    assert Game(4, seed="abc").to_json() == Game(4, seed="abc").to_json()
    assert Game(4, seed=5).to_json() != Game(4, seed=6).to_json()
    with pytest.raises(ValueError):
        Game(1)
    with pytest.raises(ValueError):
        Game(7)


def test_a_game_says_in_short_who_is_to_do_what():
    g = Game(["Ana", "Ben"], seed=3, start_player=0)
    assert repr(g) == "<Game 2 players, turn 1, Ana to act>"
    assert "turn 1, Ana to act" in str(g).splitlines()[0]
    while g.phase != "place":
        g.play(next(a for a in g.legal_actions() if a.kind in ("buy", "take")))
    assert repr(g).endswith(f"{g.players[g.current].name} to place tiles>")
    rng = random.Random(3)
    while not g.is_over:
        g.play(g.random_action(rng), record=False)
    assert repr(g).endswith(", game over>") and "game over" in str(g).splitlines()[0]


def test_print_draws_an_alhambra_with_its_walls_and_a_game_with_its_markets_players_and_whose_move_it_is():
    a = Alhambra.from_tiles({(1, 0): 6, (0, -1): 5, (-1, 0): 12, (0, 1): 13})
    # walls (===, #) on every side a tile has one, open sides between tiles (---, :), nothing where no tile is
    assert str(a) == "\n".join([
        "+   +===+   +",
        "    :P6 :",
        "+---+---+---+",
        "#S7 :(F):P7 #",
        "+---+---+---+",
        "    :S8 :",
        "+   +===+   +",
    ])
    g = Game.from_position(["Ana", "Ben"], seed=1, hands=["dinar 5+7, florin 2", []], alhambras=[{(1, 0): 7}, {}],
                           reserves=[[30], [31]], market=[1, 2, None, 4], scores=[8, 3], dirk=[40, 41], current="Ben",
                           to_place=[9], extra=True)
    lines = str(g).splitlines()
    assert lines[0] == "Alhambra, 2 players - turn 1, Ben to act (extra action after an exact payment)"
    assert lines[1] == "Building market: 1 florin: pavilion 2 #1 | 2 dirham: pavilion 3 #2 | 3 dinar: - | 4 ducat: pavilion 5 #4"
    assert lines[2] == "Money market: " + ", ".join(map(str, g.money))
    assert lines[3] == f"Deck {g.deck_size} cards, discard 0, bag {g.bag_size} tiles, scoring rounds played: none"
    assert lines[4:6] == ["Dirk: G10, G10", "To place: Ben: seraglio 4 #9"]
    assert lines[6:] == ["", "  Ana: 8 points; hand florin 2, dinar 5, dinar 7", "  reserve: chambers 9 #30",
                         "  +---+---+", "  :(F):P8 :", "  +---+---+",
                         "", "> Ben: 3 points; hand -", "  reserve: chambers 10 #31", "  +---+", "  :(F):", "  +---+"]
    # three players: no Dirk; an empty money market a dash; at the end no one to act, the winners marked
    g = Game.from_position(["Ana", "Ben", "Cy"], seed=1, money=[])
    assert not any(line.startswith("Dirk") for line in str(g).splitlines())
    assert str(g).splitlines()[2:4] == ["Money market: -", f"Deck {g.deck_size} cards, discard 0, bag {g.bag_size} tiles, "
                                                           "scoring rounds played: none"]
    g = Game(3, seed=4)
    rng = random.Random(4)
    while not g.is_over:
        g.play(g.random_action(rng), record=False)
    text = str(g)
    assert "scoring rounds played: 1, 2, 3" in text and text.splitlines()[0] == "Alhambra, 3 players - game over"
    heads = [line for line in text.splitlines() if " points" in line]
    assert [" WINNER;" in h for h in heads] == [i in g.winners for i in range(3)]
    assert not any(h.startswith(">") for h in heads)


# ------------------------------------------------------------------ T1 take money

def setup_take(seed=1):
    g = Game(["A", "B", "C"], seed=seed, start_player=0)
    arrange_money(g, hands={0: cards_of("florin 1")},
                  money=cards_of("florin 2", "dirham 3", "dinar 1", "ducat 9"),
                  deck_top=cards_of("dinar 5", "dinar 6", "dinar 7", "dinar 8"))
    return g


def test_T1_take_one_card_of_any_value():
    g = setup_take()
    g.play(TakeMoney([card("ducat", 9)]))
    assert card("ducat", 9) in g.players[0].hand
    assert g.current == 1     # the turn is over


def test_T1_take_several_cards_summing_to_at_most_5_any_currency():
    g = setup_take()
    g.play(TakeMoney(cards_of("florin 2", "dirham 3")))
    assert Counter(g.players[0].hand) == Counter(cards_of("florin 1", "florin 2", "dirham 3"))
    g = setup_take()
    g.play("take florin 2, dirham 3")
    assert Counter(g.players[0].hand) == Counter(cards_of("florin 1", "florin 2", "dirham 3"))
    g = setup_take()
    g.play(TakeMoney(cards_of("florin 2", "dirham 3", "dinar 1")[1:]))  # 3 + 1
    assert len(g.players[0].hand) == 3


def test_T1_several_cards_over_5_refused():
    g = setup_take()
    assert_refused(g, TakeMoney(cards_of("florin 2", "dirham 3", "dinar 1")), "T1")  # 6
    assert_refused(g, TakeMoney(cards_of("dinar 1", "ducat 9")), "T1")


def test_T1_card_not_in_market_refused():
    g = setup_take()
    assert_refused(g, TakeMoney(cards_of("florin 9")), "T1")
    assert_refused(g, TakeMoney(cards_of("dinar 1", "dinar 1")), "T1")   # only one there


def test_T1_legal_take_options_are_exactly_the_rule():
    g = setup_take()
    money = g.money
    got = {tuple(sorted(a.cards)) for a in g.legal_actions("take")}
    want = set()
    for k in range(1, 5):
        for combo in itertools.combinations(money, k):
            if k == 1 or sum(c.value for c in combo) <= 5:
                want.add(tuple(sorted(combo)))
    assert got == want
    assert len(g.legal_actions("take")) == len(want)   # no duplicates


def test_T5_money_refilled_to_four_after_take():
    g = setup_take()
    g.play(TakeMoney(cards_of("florin 2", "dirham 3")))
    # top of the deck was dinar 5, then dinar 6
    assert Counter(g.money) == Counter(cards_of("dinar 1", "ducat 9", "dinar 5", "dinar 6"))


# ------------------------------------------------------------------ T2 buy

def setup_buy(seed=2):
    g = Game(["A", "B", "C"], seed=seed, start_player=0)
    # slot 1 florin: pavilion 8 (#7); slot 2 dirham: seraglio 9 (#14);
    # slot 3 dinar: arcades 9 (#22); slot 4 ducat: chambers 10 (#31)
    arrange_tiles(g, market=[7, 14, 22, 31])
    arrange_money(g, hands={0: cards_of("florin 8", "florin 3", "dirham 9", "dinar 9",
                                        "ducat 1", "ducat 9", "dirham 2")},
                  money=cards_of("florin 1", "florin 2", "dinar 2", "ducat 2"))
    return g


def test_T2_exact_payment_gives_another_action_T2a():
    g = setup_buy()
    g.play(Buy(1, cards_of("florin 8")))
    assert g.current == 0 and g.phase == "action" and g.extra
    assert g.pending_for(0) == [tile(7)]
    assert g.market[0] is None                  # markets are not refilled during the turn
    assert Counter(g.money) == Counter(cards_of("florin 1", "florin 2", "dinar 2", "ducat 2"))
    assert card("florin", 8) in g.discard
    assert "end" in g.legal_kinds()


def test_T2_overpayment_no_change_and_turn_ends():
    g = setup_buy()
    hand_before = Counter(g.players[0].hand)
    g.play(Buy(1, cards_of("florin 8", "florin 3")))    # 11 for a price of 8
    assert not g.extra
    assert g.phase == "place" and g.current == 0
    assert Counter(g.players[0].hand) == hand_before - Counter(cards_of("florin 8", "florin 3"))
    assert Counter(g.discard) == Counter(cards_of("florin 8", "florin 3"))  # no change given
    g.play(Reserve(7))
    assert g.current == 1


def test_T2_wrong_currency_refused():
    g = setup_buy()
    assert_refused(g, Buy(1, cards_of("dirham 9")), "T2")               # slot 1 is florin
    assert_refused(g, Buy(2, cards_of("dirham 2", "florin 8")), "T2")   # mixed currencies
    assert_refused(g, Buy(4, cards_of("ducat 9", "dinar 9")), "T2")


def test_T2_underpayment_refused():
    g = setup_buy()
    assert_refused(g, Buy(4, cards_of("ducat 9")), "T2")    # 9 < 10
    assert_refused(g, Buy(1, cards_of("florin 3")), "T2")


def test_T2_cards_not_held_refused():
    g = setup_buy()
    assert_refused(g, Buy(2, cards_of("dirham 9", "dirham 9")), "T2")
    assert_refused(g, Buy(3, cards_of("dinar 8", "dinar 1")), "T2")


def test_T2_empty_slot_refused():
    g = setup_buy()
    g.play(Buy(1, cards_of("florin 8")))
    assert_refused(g, Buy(1, cards_of("florin 3")), "T2")


def test_T2_legal_buys_pay_with_the_slot_currency_and_enough():
    g = setup_buy()
    for a in g.legal_actions("buy"):
        cur = g.slot_currencies[a.slot - 1]
        assert all(c.currency is cur for c in a.cards)
        assert sum(c.value for c in a.cards) >= g.market[a.slot - 1].price
        # no card could be left out
        for c in a.cards:
            assert sum(x.value for x in a.cards) - c.value < g.market[a.slot - 1].price
    slots = {a.slot for a in g.legal_actions("buy")}
    assert slots == {1, 2, 3, 4}


def test_T2a_at_most_five_actions_per_turn():
    g = setup_buy()
    g.play(Buy(1, cards_of("florin 8")))
    g.play(Buy(2, cards_of("dirham 9")))
    g.play(Buy(3, cards_of("dinar 9")))
    g.play(Buy(4, cards_of("ducat 1", "ducat 9")))
    assert g.actions_this_turn == 4 and g.extra and g.current == 0
    assert g.market == [None] * 4
    assert "buy" not in g.legal_kinds()
    g.play(TakeMoney(cards_of("florin 1")))     # the fifth action
    assert g.actions_this_turn == 5
    assert g.phase == "place" and not g.extra
    assert_refused(g, TakeMoney(cards_of("florin 2")), "T4")    # no sixth action
    assert sorted(t.id for t in g.pending_for(0)) == [7, 14, 22, 31]


def test_T2a_end_declines_the_extra_action():
    g = setup_buy()
    g.play(Buy(1, cards_of("florin 8")))
    g.play(EndTurn())
    assert g.phase == "place" and g.current == 0
    g.play(Place(7, (1, 0)))
    assert g.current == 1 and g.phase == "action"


def test_T2a_end_without_exact_payment_refused():
    g = setup_buy()
    assert_refused(g, EndTurn(), "T2a")


def test_T2a_extra_action_may_be_a_redesign_but_not_with_the_bought_tile():
    g = setup_buy()
    arrange_tiles(g, reserves={0: [41]})
    g.play(Buy(1, cards_of("florin 8")))
    # the bought tile is set aside: not usable in a redesign this turn
    assert_refused(g, Build(7, (1, 0)), ("T3", "T3b"))
    g.play(Build(41, (1, 0)))                  # a reserve tile is fine
    assert g.phase == "place"                  # the redesign ended the turn
    assert g.players[0].alhambra[(1, 0)] == tile(41)


# ------------------------------------------------------------------ T3 redesign

def setup_redesign(alhambra, reserve=(), seed=3):
    g = Game(["A", "B", "C"], seed=seed, start_player=0)
    arrange_tiles(g, market=[45, 53, 36, 29], alhambras={0: alhambra}, reserves={0: list(reserve)})
    arrange_money(g, money=cards_of("florin 1", "florin 2", "dinar 2", "ducat 2"))
    return g


def test_T3a_remove_to_reserve_ends_turn():
    g = setup_redesign({(1, 0): 7, (2, 0): 14})
    g.play(Remove((2, 0)))
    assert g.players[0].reserve == [tile(14)]
    assert g.players[0].alhambra.to_list() == [[1, 0, 7]]
    assert g.current == 1


def test_T3a_P4_when_a_tile_would_be_cut_off():
    g = setup_redesign({(1, 0): 7, (2, 0): 14})
    assert_refused(g, Remove((1, 0)), "P4")


def test_T3a_P5_when_a_hole_would_open():
    g = setup_redesign({(1, 0): 7, (2, 0): 14, (0, 1): 22, (1, 1): 23, (2, 1): 31,
                        (0, 2): 32, (1, 2): 41, (2, 2): 42})
    assert_refused(g, Remove((1, 1)), "P5")
    assert Remove((1, 1)) not in legal_of(g, Remove)


def test_T3a_P6_for_the_fountain():
    g = setup_redesign({(1, 0): 7})
    assert_refused(g, Remove((0, 0)), "P6")
    assert Remove((0, 0)) not in legal_of(g, Remove)


def test_T3a_nothing_there():
    g = setup_redesign({(1, 0): 7})
    e = assert_refused(g, Remove((4, 4)), "T3a")
    assert e.rule == "T3a"


def test_T3b_build_from_reserve_with_placement_rules():
    g = setup_redesign({(1, 0): 7}, reserve=[5, 6])
    assert_refused(g, Build(5, (0, 1)), "P3")       # wall N against the fountain
    assert_refused(g, Build(5, (3, 3)), "P2")
    assert_refused(g, Build(5, (1, 0)), "P6")
    assert_refused(g, Build(6, (0, 0)), "P6")
    assert_refused(g, Build(23, (0, 1)), ("T3", "T3b"))     # not in the reserve
    g.play(Build(5, (0, -1)))
    assert g.players[0].reserve == [tile(6)]
    assert g.players[0].alhambra[(0, -1)] == tile(5)
    assert g.current == 1


def test_T3b_build_P4_and_P5():
    g = setup_redesign({(1, 0): 6}, reserve=[12])
    assert_refused(g, Build(12, (2, 0)), "P4")
    ids = [7, 14, 22, 23, 31, 32]
    g = setup_redesign(dict(zip([(0, -1), (1, -1), (2, -1), (2, 0), (2, 1), (0, 1)], ids)), reserve=[41])
    assert_refused(g, Build(41, (1, 1)), "P5")


def test_T3c_swap_reserve_tile_with_alhambra_tile():
    g = setup_redesign({(1, 0): 7}, reserve=[5])
    g.play(Swap(5, (1, 0)))
    assert g.players[0].alhambra[(1, 0)] == tile(5)
    assert g.players[0].reserve == [tile(7)]          # swapped-out tile goes to the reserve
    assert g.current == 1
    g.check()


def test_T3c_P3_on_incoming_tile():
    g = setup_redesign({(1, 0): 7}, reserve=[12])
    assert_refused(g, Swap(12, (1, 0)), "P3")          # wall W against the fountain
    assert Swap(12, (1, 0)) not in legal_of(g, Swap)


def test_T3c_fountain_and_empty_spot():
    g = setup_redesign({(1, 0): 7}, reserve=[14])
    assert_refused(g, Swap(14, (0, 0)), "P6")
    assert_refused(g, Swap(14, (2, 0)), "T3c")
    assert_refused(g, Swap(22, (1, 0)), ("T3", "T3c"))         # 22 is not in the reserve


def test_T3_redesign_keeps_all_placement_rules():
    placed = ring_3x3()
    del placed[(1, -1)]          # an opening in the wall ring
    g = setup_redesign(placed, reserve=[7, 16, 18, 20])
    assert Build(18, (1, -1)) in legal_of(g, Build)
    assert Swap(20, (0, -1)) in legal_of(g, Swap)
    for kind in (Remove, Build, Swap):
        assert legal_of(g, kind)
        for a in legal_of(g, kind):
            h = g.copy()
            h.play(a)
            assert ref_problem(placed_of(h.players[0].alhambra)) is None, a


# ------------------------------------------------------------------ T4 end of turn

def buy_all_four(g):
    g.play(Buy(1, cards_of("florin 8")))
    g.play(Buy(2, cards_of("dirham 9")))
    g.play(Buy(3, cards_of("dinar 9")))
    g.play(Buy(4, cards_of("ducat 1", "ducat 9")))
    g.play(EndTurn())


@pytest.mark.parametrize("order", [[31, 7, 22, 14], [7, 14, 22, 31], [22, 31, 14, 7], [14, 22, 7, 31]])
def test_T4_bought_tiles_placed_in_any_order(order):
    spots = {7: (1, 0), 14: (-1, 0), 22: (0, 1), 31: (0, -1)}
    g = setup_buy()
    buy_all_four(g)
    for tid in order:
        assert g.phase == "place" and g.current == 0
        assert {a.tile_id for a in legal_of(g, Place)} == {t.id for t in g.pending_for(0)}
        assert {a.tile_id for a in legal_of(g, Reserve)} == {t.id for t in g.pending_for(0)}
        g.play(Place(tid, spots[tid]))
    assert g.current == 1 and g.phase == "action" and g.pending == []
    assert sorted(map(tuple, g.players[0].alhambra.to_list())) == sorted((x, y, t) for t, (x, y) in spots.items())
    g.check()


def test_T4_mix_of_placing_and_reserving():
    g = setup_buy()
    buy_all_four(g)
    g.play(Reserve(22))
    g.play(Place(7, (1, 0)))
    g.play(Reserve(31))
    assert g.current == 0
    g.play(Place(14, (2, 0)))
    assert g.current == 1
    assert [t.id for t in g.players[0].reserve] == [22, 31]
    assert_refused(g, Reserve(22), "T4")   # another player's turn, nothing pending


def test_T4_place_never_a_swap_and_obeys_placement_rules():
    g = setup_buy()
    arrange_tiles(g, market=[5, 14, 22, 31], alhambras={0: {(1, 0): 7}})
    arrange_money(g, hands={0: cards_of("florin 6")}, money=cards_of("florin 1", "florin 2", "dinar 2", "ducat 2"))
    g.play(Buy(1, cards_of("florin 6")))
    g.play(EndTurn())
    assert_refused(g, Place(5, (1, 0)), "P6")      # occupied: never a swap
    assert_refused(g, Place(5, (0, 1)), "P3")
    assert_refused(g, Place(5, (4, 4)), "P2")
    assert_refused(g, Place(14, (0, -1)), "T4")    # not a tile bought this turn
    assert_refused(g, TakeMoney(cards_of("florin 1")), "T4")  # first place the tiles
    assert_refused(g, Remove((1, 0)), "T4")
    g.play(Place(5, (0, -1)))
    assert g.current == 1


def test_T4_actions_of_the_end_of_turn_refused_during_the_turn():
    g = setup_buy()
    assert_refused(g, Place(7, (1, 0)), "T4")
    assert_refused(g, Reserve(7), "T4")


# ------------------------------------------------------------------ T5 refill, C1

def test_T5_buildings_refilled_in_slot_order():
    g = setup_buy()
    # a single tile in the bag: after slots 2 and 4 were bought, slot 2 gets it
    arrange_tiles(g, market=[7, 14, 22, 31], bag=[40], rest=("reserve", 2))
    arrange_money(g, hands={0: cards_of("dirham 9", "ducat 1", "ducat 9")},
                  money=cards_of("florin 1", "florin 2", "dinar 2", "ducat 2"))
    g.play(Buy(2, cards_of("dirham 9")))
    g.play(Buy(4, cards_of("ducat 1", "ducat 9")))
    g.play(EndTurn())
    g.play(Reserve(14))
    g.play(Reserve(31))
    # nobody holds any money now, so no tile is awarded (E2) and the market shows
    # how it was refilled: slot 2 first, slot 4 left empty -> the game ended (E1)
    assert g.market == [tile(7), tile(40), tile(22), None]
    assert g.bag == []
    assert g.is_over


def test_T5_discard_shuffled_into_new_deck_when_deck_is_empty():
    g = Game(["A", "B", "C"], seed=4, start_player=0)
    disc = cards_of("florin 5", "florin 6", "dinar 7", "ducat 8", "dirham 9")
    arrange_money(g, hands={0: cards_of("florin 1")}, money=cards_of("florin 2", "dirham 3", "dinar 1", "ducat 9"),
                  discard=disc, rest=("hand", 1))
    assert g.deck == []
    g.play(TakeMoney(cards_of("ducat 9")))
    assert len(g.money) == 4
    new = Counter(g.money) - Counter(cards_of("florin 2", "dirham 3", "dinar 1"))
    assert sum(new.values()) == 1 and set(new) <= set(disc)
    assert len(g.deck) == 4 and g.discard == []
    assert Counter(g.deck) + new == Counter(disc)
    g.check()


def test_X5_money_exhausted_market_stays_short():
    g = Game(["A", "B", "C"], seed=5, start_player=0)
    arrange_money(g, hands={0: cards_of("florin 1")}, money=cards_of("florin 2", "dirham 3", "dinar 1"),
                  rest=("hand", 1))
    g.play(TakeMoney(cards_of("florin 2", "dirham 3")))
    assert g.money == [card("dinar", 1)]
    assert g.deck == [] and g.discard == []
    assert g.current == 1 and g.phase == "action"
    g.check()


def test_T6_X4_pass_only_without_any_legal_action():
    g = Game(["A", "B", "C"], seed=6, start_player=0)
    arrange_money(g, hands={0: []}, money=[], rest=("hand", 1))
    # player A: no money to take, no cards, no tiles: nothing to do
    assert g.legal_kinds() == ["pass"]
    assert g.legal_actions() == [Pass()]
    assert g.legal_actions("pass") == [Pass()]
    g.play(Pass())
    assert g.current == 1 and g.turn == 2
    g.check()
    # player B holds cards and can buy: passing is refused (X4)
    assert "pass" not in g.legal_kinds()
    assert_refused(g, Pass(), "X4")


def test_T6_X4_pass_refused_when_a_redesign_is_possible():
    g = Game(["A", "B", "C"], seed=6, start_player=0)
    arrange_tiles(g, alhambras={0: {(1, 0): 7}})
    arrange_money(g, hands={0: []}, money=[], rest=("hand", 1))
    assert "pass" not in g.legal_kinds()
    assert g.legal_actions() == [Remove((1, 0))]
    assert_refused(g, Pass(), "X4")


def setup_scoring(deck_top, n=3, seed=8):
    g = Game(n, seed=seed, start_player=0)
    al = {0: ring_3x3(), 1: {(1, 0): 7, (2, 0): 14}}
    if n >= 3:
        al[2] = {(1, 0): 22}
    arrange_tiles(g, alhambras=al)
    arrange_money(g, hands={0: cards_of("florin 1")},
                  money=cards_of("florin 2", "dirham 3", "dinar 1", "ducat 9"),
                  deck_top=deck_top)
    return g


def test_C1_scoring_card_drawn_triggers_round_after_refills():
    g = setup_scoring([SC(1)] + cards_of("dinar 5", "dinar 6"))
    g.play(TakeMoney(cards_of("ducat 9")))
    # the scoring card was set aside and a money card drawn in its place
    assert Counter(g.money) == Counter(cards_of("florin 2", "dirham 3", "dinar 1", "dinar 5"))
    assert g.scoring_rounds_played == [1]
    # p0: 5 pavilions, 3 seraglios, wall ring of 12 -> 1 + 2 + 12
    # p1: 1 pavilion, 1 seraglio -> nothing in round 1; p2: 1 arcades -> 3
    assert g.scores == [15, 0, 3]
    assert all(isinstance(c, Card) for c in g.money)   # the scoring card never shows
    g.check()


def test_C1_second_scoring_round():
    g = setup_scoring([SC(2)] + cards_of("dinar 5"))
    g.play(TakeMoney(cards_of("ducat 9")))
    assert g.scoring_rounds_played == [2]
    # round 2: pavilion 8 (p0) + 1 (p1), seraglio 9 (p0) + 2 (p1), arcades 10 (p2), walls 12
    assert g.scores == [8 + 9 + 12, 1 + 2, 10]


def test_C1_both_scoring_cards_in_one_refill():
    g = setup_scoring([SC(1), SC(2)] + cards_of("dinar 5", "dinar 6"))
    g.play(TakeMoney(cards_of("ducat 9")))
    assert g.scoring_rounds_played == [1, 2]
    assert g.scores == [15 + 29, 3, 3 + 10]


def test_C1_no_scoring_without_the_card():
    g = setup_scoring(cards_of("dinar 5", "dinar 6"))
    g.play(TakeMoney(cards_of("ducat 9")))
    assert g.scoring_rounds_played == [] and g.scores == [0, 0, 0]


def test_C5_scores_never_decrease_across_rounds():
    g = setup_scoring([SC(1)] + cards_of("dinar 5") + [SC(2)] + cards_of("dinar 6"))
    before = g.scores
    g.play(TakeMoney(cards_of("ducat 9")))
    mid = g.scores
    assert all(b <= m for b, m in zip(before, mid))
    g.play(TakeMoney(cards_of("florin 2")))
    after = g.scores
    assert g.scoring_rounds_played == [1, 2]
    assert all(m <= a for m, a in zip(mid, after))


def test_C4_walls_scored_every_round_reserve_not_counted():
    g = setup_scoring([SC(1)] + cards_of("dinar 5"))
    arrange_tiles(g, reserves={1: [23, 32, 42]})   # reserve tiles never count (C2)
    g.play(TakeMoney(cards_of("ducat 9")))
    assert g.scores == [15, 0, 3]
    rec = g.rounds[0]
    assert rec["round"] == 1 and rec["walls"] == [12, 0, 0]


# ------------------------------------------------------------------ X3 hands

def test_X3_every_card_entering_a_hand_is_public():
    # a perfect memory reconstructs every hand from the face-up deal and the
    # actions in the history
    g = Game(3, seed=21)
    rng = random.Random(1)
    for _ in range(60):
        if g.is_over:
            break
        kinds = g.legal_kinds()
        g.play(rng.choice(g.legal_actions(rng.choice(kinds))))
    rec = json.loads(g.to_json())
    hands = [Counter(p["hand"]) for p in rec["start"]["players"]]
    h = Game(3, seed=21)
    for a in g.history:
        who = h.current
        if isinstance(a, TakeMoney):
            hands[who].update(str(c) for c in a.cards)
        elif isinstance(a, Buy):
            hands[who].subtract(str(c) for c in a.cards)
        h.play(a)
    for i, p in enumerate(g.players):
        assert +hands[i] == Counter(str(c) for c in p.hand)


def test_T3a_removal_cutting_off_and_opening_a_hole_cites_P4_in_play():
    # a fresh game: the first thing asked is play(remove); the refusal must
    # cite the same rule as after legal_actions() was listed
    def fresh():
        return setup_redesign({(1, 0): 7, (1, -1): 14, (2, 0): 22, (1, 1): 23})
    g = fresh()
    before = g.to_json()
    with pytest.raises(IllegalMove) as e1:
        g.play(Remove((1, 0)))
    assert g.to_json() == before
    h = fresh()
    h.legal_actions()
    with pytest.raises(IllegalMove) as e2:
        h.play(Remove((1, 0)))
    assert e1.value.rule == e2.value.rule == "P4"


@pytest.mark.parametrize("players", [None, b"AnaBen", {"Ana": 1, "Ben": 2}, 2.0])
def test_players_that_are_neither_a_number_nor_a_list_of_names_are_refused_saying_so(players):
    with pytest.raises(TypeError, match="players is a number from 2 to 6 or a list of 2-6 names"):
        Game(players)


def test_an_unknown_kind_or_language_of_any_type_is_named_in_a_short_error():
    from alhambra_widget import explain
    g = Game(2, seed=1)
    for kind in ({}, ["take"], "x" * 10_000):
        with pytest.raises(ValueError, match="unknown action kind") as e:
            g.legal_actions(kind)
        assert len(str(e.value)) < 300
    for lang in ({}, ["en"], "x" * 10_000):
        with pytest.raises(ValueError, match="unknown language") as e:
            explain(g, lang=lang)
        assert len(str(e.value)) < 120


def test_a_builtin_may_listen_to_a_game_and_stop(capsys):
    """print has a __self__ (its module) but is no method: it was refused with an error about weak
    references; it is held as any function is."""
    g = Game(2, seed=1)
    g.listen(print)
    g.play("take " + str(g.money[0]))
    assert "play <Move 1: player 0 'take " in capsys.readouterr().out
    g.unlisten(print)
    g.play(g.legal_actions()[0])
    assert capsys.readouterr().out == "" and not g._listeners


def test_pending_for_takes_a_seat():
    g = Game(2, seed=1)
    assert g.pending_for(0) == [] == g.pending_for(1)
    for bad in (None, 2, True):
        with pytest.raises(ValueError, match="player is a player's index from 0 to 1 or a player's name"):
            g.pending_for(bad)
    with pytest.raises(ValueError, match="no player is called 'x': the players are Player 1, Player 2"):
        g.pending_for("x")
    assert g.pending_for("player 2") == []


def test_names_spelled_alike_in_unicode_are_one_name():
    """"é" as one character or as "e" and an accent reads the same at the table: the same name."""
    with pytest.raises(ValueError, match="both called"):
        Game(["Zo\u00eb", "Zoe\u0308"], seed=1)
    with pytest.raises(ValueError, match="both called"):
        Game(["ＡＮＡ", "ana"], seed=1)   # (full-width letters)


def test_affordable_is_what_the_money_in_hand_pays_for_and_what_the_player_to_act_may_buy():
    """``Game.affordable(player)``: the slots whose tile the cards of that currency pay for
    (T2), for every player at any time; for the player to act in the action phase exactly the
    slots of their legal purchases."""
    for seed in range(12):
        g = Game(["Ana", "Ben", "Chi", "Dan"][: 2 + seed % 3], seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            for i, p in enumerate(g.players):
                sums = Counter()
                for c in p.hand:
                    sums[c.currency] += c.value
                expected = [k + 1 for k, (cur, t) in enumerate(zip(g.slot_currencies, g.market))
                            if t is not None and sums[cur] >= t.price]
                assert g.affordable(i) == g.affordable(p.name) == expected
            if g.phase == "action":
                assert g.affordable() == sorted({a.slot for a in g.legal_actions("buy")})
            g.play(g.random_action(rng))
        assert all(g.affordable(i) == [] for i in range(g.n))   # nothing to buy once it is over
    with pytest.raises(ValueError, match="Ana"):
        Game(["Ana", "Ben"], seed=1).affordable("Zoe")
