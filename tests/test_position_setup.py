"""Game.from_position: the forms it reads, and a clear error for everything else.

Setting up a position is a cell's first step for a lesson or an analysis, so a
slip in it (a hand given as one text, a card with no value, a tile id that does
not exist) must say which argument and which entry is wrong, and never surface
as an error from deep inside (an IndexError, an AttributeError)."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from alhambra_widget import Game
from alhambra_widget.engine.money import Card


def hand(g: Game, seat: int) -> list:
    return [str(c) for c in g.players[seat].hand]


@pytest.mark.parametrize("cards", [
    ["dinar 5", "dinar 7", "florin 2"],            # a text per card
    ["dinar 5+7", "florin 2"],                     # a text names several cards, as in the notation
    "dinar 5+7, florin 2",                         # the whole hand as one text
    [("dinar", 5), ("dinar", 7), ("florin", 2)],   # pairs
    [Card("dinar", 5), Card("florin", 2), Card("dinar", 7)],
])
def test_a_hand_may_be_given_in_any_of_the_documented_forms(cards):
    g = Game.from_position(["Ana", "Ben"], seed=3, hands=[cards, " "])
    assert hand(g, 0) == ["florin 2", "dinar 5", "dinar 7"]
    assert hand(g, 1) == []          # a blank text is an empty hand
    g.check()


def test_the_money_market_reads_cards_like_a_hand():
    g = Game.from_position(2, seed=3, money="dirham 3+4")
    assert [str(c) for c in g.money] == ["dirham 3", "dirham 4"]


@pytest.mark.parametrize("kwargs, error, words", [
    # hands: the entry named, what was wrong with it
    ({"hands": [["dinar 5"]]}, ValueError, ["hands", "one entry per player (2), not 1"]),
    ({"hands": "dinar 5"}, TypeError, ["hands takes one entry per player", "e.g. hands="]),
    ({"hands": [["dinar x"], []]}, ValueError, ["hands[0][0]", "'x' is neither a currency"]),
    ({"hands": [["dinar"], []]}, ValueError, ["hands[0][0]", "No cards are named"]),
    ({"hands": [["rupee 3"], []]}, ValueError, ["hands[0][0]", "'rupee'"]),
    ({"hands": [[], ["dinar 12"]]}, ValueError, ["hands[1][0]", "values 1 to 9, not 12"]),
    ({"hands": [[5], []]}, ValueError, ["hands[0][0]: 5 is not a money card", "'dinar 5'"]),
    ({"hands": [[("dinar", 0)], []]}, ValueError, ["hands[0][0]: ('dinar', 0) is not a money card"]),
    ({"hands": [[("rupee", 3)], []]}, ValueError, ["hands[0][0]", "is not a money card"]),
    ({"hands": [5, []]}, ValueError, ["hands[0]: Money cards are given as a list", "not 5."]),
    ({"hands": ["dinar 5, :", []]}, ValueError, ["hands[0]: ':' is neither a currency"]),   # a whole hand as text
    ({"hands": [["dinar 1"] * 3, []]}, ValueError, ["not that many dinar 1 cards", "2 of each (D1)"]),
    # Alhambras
    ({"alhambras": [[7], {}]}, TypeError, ["alhambras[0] maps positions to tiles", "not [7]"]),
    ({"alhambras": [{"a": 7}, {}]}, TypeError, ["alhambras[0]", "pair of whole numbers", "not 'a'"]),
    ({"alhambras": [{(1, True): 7}, {}]}, TypeError, ["alhambras[0]", "pair of whole numbers"]),
    ({"alhambras": [{(0, 0): 7}, {}]}, ValueError, ["alhambras[0][(0, 0)]", "the fountain lies at (0, 0)"]),
    ({"alhambras": [{(1, 0): 99}, {}]}, ValueError, ["alhambras[0][(1, 0)]", "there is no tile 99"]),
    ({"alhambras": [{(1, 0): 0}, {}]}, ValueError, ["alhambras[0][(1, 0)]", "the fountain is no building tile"]),
    ({"alhambras": [{(1, 0): 7}, {(1, 0): 7}]}, ValueError, ["alhambras[1][(1, 0)]", "appears twice"]),
    ({"alhambras": [{(5, 5): 7}, {}]}, ValueError, ["the position does not add up"]),
    # reserves, scores, the market, the money, Dirk, the rest
    ({"reserves": ["abc", []]}, TypeError, ["reserves[0] is a list of tiles", "not 'abc'"]),
    ({"reserves": [[12, "x"], []]}, ValueError, ["reserves[0][1]", "there is no tile 'x'"]),
    ({"scores": ["x", 0]}, TypeError, ["scores[0] is a whole number of points", "not 'x'"]),
    ({"scores": [1.5, 0]}, TypeError, ["scores[0]", "not 1.5"]),
    ({"scores": [-5, 0]}, ValueError, ["score must be between 0 and"]),
    ({"market": [1, 2, 3]}, ValueError, ["4 slots, not 3"]),
    ({"market": "1234"}, TypeError, ["market is a list of 4 slots"]),
    ({"market": [1, 1, 2, 3]}, ValueError, ["market[1]", "appears twice"]),
    ({"money": ["dinar 1"] * 5}, ValueError, ["at most 4 cards, not 5"]),
    ({"money": [("dinar", "one")]}, ValueError, ["money[0]", "is not a money card"]),
    ({"rounds_played": 3}, ValueError, ["rounds_played is 0, 1 or 2, not 3"]),
    ({"rounds_played": True}, ValueError, ["rounds_played is 0, 1 or 2, not True"]),
    ({"current": 2}, ValueError, ["current is a player's index from 0 to 1 or a player's name, not 2"]),
    ({"turn": 0}, ValueError, ["turn is a whole number from 1 to "]),
    ({"turn": "5"}, ValueError, ["turn is a whole number from 1 to ", "not '5'"]),
    ({"current": "Cy"}, ValueError, ["current: no player is called 'Cy': the players are Ana, Ben"]),
    # an entry given by name is named so in the message
    ({"hands": {"Ben": ["x 9"]}}, ValueError, ["hands['Ben'][0]", "'x' is neither a currency"]),
    ({"scores": {"ana": "x"}}, TypeError, ["scores['ana'] is a whole number of points"]),
    ({"reserves": {"Cy": [12]}}, ValueError, ["reserves: no player is called 'Cy'"]),
    ({"reserves": {"Ana": [12], 0: [13]}}, ValueError, ["reserves names Ana twice (reserves['Ana'] and reserves[0])"]),
    ({"alhambras": {(1, 0): 7}}, TypeError, ["alhambras takes one entry per player, in a list", "or by name"]),
])
def test_a_slip_in_a_position_names_the_argument_and_entry(kwargs, error, words):
    with pytest.raises(error) as e:
        Game.from_position(["Ana", "Ben"], seed=1, **kwargs)
    for w in words:
        assert w in str(e.value)


def test_per_player_entries_and_the_player_to_act_may_be_given_by_name():
    """With names, a set-up reads as the table does: whose hand, whose Alhambra, who acts.
    Players left out of a mapping are set up as by default (an empty hand, a bare fountain)."""
    g = Game.from_position(["Ana", "Ben", "Chi"], seed=1, current="chi",
                           hands={"Ben": ["florin 9"], 0: ["dinar 2+3"]},
                           alhambras={"Chi": {(1, 0): 7}}, reserves={"Ben": [12]}, scores={"Ana": 10})
    listed = Game.from_position(["Ana", "Ben", "Chi"], seed=1, current=2,
                                hands=[["dinar 2+3"], ["florin 9"], []],
                                alhambras=[{}, {}, {(1, 0): 7}], reserves=[[], [12], []], scores=[10, 0, 0])
    assert g.to_json() == listed.to_json()
    assert g.current == 2 and g.players[2].alhambra[(1, 0)].id == 7 and g.scores == [10, 0, 0]
    g.check()


def test_a_position_may_start_after_an_exact_payment():
    """T2a: the player paid exactly for the last tile and may act again; the tiles bought wait
    until the turn ends, then go into the Alhambra or the reserve."""
    g = Game.from_position(["Ana", "Ben"], seed=3, hands=[["dinar 5"], []], to_place=[7], extra=True)
    assert g.phase == "action" and g.extra and g.current == 0 and "end" in g.legal_kinds()
    assert [t.id for t in g.pending_for("Ana")] == [7]
    g.check()
    g.play("end")
    assert g.phase == "place" and g.legal_kinds() == ["place"]
    for bad, words in (({"extra": True}, "name the 1 to 4 tiles bought this turn in to_place"),
                       ({"extra": True, "to_place": [1, 2, 3, 4, 5]}, "a turn buys at most 4 tiles"),
                       ({"extra": 1, "to_place": [7]}, "extra is True or False, not 1")):
        with pytest.raises((ValueError, TypeError), match=re.escape(words)):
            Game.from_position(2, seed=1, **bad)


def test_a_position_set_up_late_in_a_game_shows_its_turn():
    g = Game.from_position(["Ana", "Ben"], seed=1, rounds_played=2, turn=60, current="Ben")
    assert g.turn == 60 and str(g).splitlines()[0].endswith("turn 60, Ben to act") and g.current == 1
    g.play(g.legal_actions("take")[0])
    assert g.turn == 61 and Game.from_json(g.to_json()).turn == 61


def test_a_position_may_start_with_tiles_to_place():
    """Bought this turn and still to place (T4): the game starts in the placement phase of the
    player to act, and goes on as a real turn would (the turn ends when the last one is placed)."""
    g = Game.from_position(["Ana", "Ben"], seed=3, current="Ben", to_place=[7, 40],
                           alhambras=[{}, {(1, 0): 3}])
    assert g.phase == "place" and g.current == 1 and g.legal_kinds() == ["place"]
    assert [t.id for t in g.pending_for("Ben")] == [7, 40] and g.actions_this_turn == 2
    assert all(a.tile_id in (7, 40) for a in g.legal_actions())
    g.check()
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
    g.play("reserve 7")
    assert g.phase == "place" and g.current == 1
    g.play("dirk 40")      # (two players: a bought tile may go to Dirk, D4)
    assert g.phase == "action" and g.current == 0 and not g.pending
    g.check()
    g.undo()
    assert g.phase == "place" and [t.id for t in g.pending_for(1)] == [40]
    with pytest.raises(ValueError, match="a turn buys at most 4 tiles.*not 6"):
        Game.from_position(2, seed=1, to_place=[1, 2, 3, 4, 5, 6])
    with pytest.raises(ValueError, match="market\\[0\\].*appears twice"):
        Game.from_position(2, seed=1, to_place=[7], market=[7, 1, 2, 3])


def test_a_seat_is_an_index_or_a_name_wherever_the_engine_asks_for_one():
    g = Game(["Ana", "Ben", "Zoë"], seed=1, start_player="ZOË")
    assert g.current == 2 and g.start_player == 2
    assert g.seat_of("ben") == 1 == g.seat_of(1) and g.seat_of(" Ana ") == 0
    assert g.observation("Ben")["seat"] == 1 and g.pending_for("Zoë") == []
    for bad in ("Cy", 3, -1, True, 1.0, None):
        with pytest.raises(ValueError, match="player"):
            g.seat_of(bad)
    with pytest.raises(ValueError) as e:
        g.seat_of("Cy")
    assert str(e.value) == "player: no player is called 'Cy': the players are Ana, Ben, Zoë"   # (no None: a game has no hot seat)
    with pytest.raises(ValueError, match="start_player: no player is called 'Cy': the players are Ana, Ben"):
        Game(["Ana", "Ben"], start_player="Cy")


def test_dirk_only_with_two_players():
    with pytest.raises(ValueError, match="Dirk plays only in two-player games"):
        Game.from_position(3, seed=1, dirk=[5])


def test_an_entry_is_echoed_short():
    """A huge or odd entry is quoted cut short, never whole."""
    with pytest.raises(ValueError) as e:
        Game.from_position(2, seed=1, hands=[["dinar " + "9" * 5000], []])
    assert len(str(e.value)) < 300


_anything = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=True)
    | st.sampled_from(["dinar 5", "dinar 5+7, florin 2", "", "x", "florin", "ducat 10"])
    | st.text(max_size=8) | st.binary(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.tuples(st.integers(-2, 2), st.integers(-2, 2)) | st.text(max_size=2)
                      | st.sampled_from(["Ana", " ben", "Cy"]) | st.integers(-1, 2), inner, max_size=3),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["hands", "alhambras", "reserves", "scores", "market", "money", "dirk",
                        "current", "rounds_played", "to_place", "extra", "turn"]), _anything)
def test_whatever_an_argument_holds_the_answer_is_a_game_or_a_clear_error(arg, value):
    try:
        g = Game.from_position(["Ana", "Ben"], seed=5, **{arg: value})
    except (ValueError, TypeError) as e:
        assert str(e)           # a message, not an empty error
        return
    g.check()                   # or a whole, consistent game


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet=st.characters(codec="utf-8", categories=("L", "N")), min_size=1, max_size=8),
                min_size=2, max_size=6), st.data())
def test_a_seat_is_found_by_its_players_name_however_it_is_cased_or_padded(names, data):
    """``seat_index`` finds a player by name as the table compares names (case, blanks around,
    Unicode forms), and only a player's name: anything else is refused, naming the players."""
    from unicodedata import normalize

    from alhambra_widget.engine.state import name_key, seat_index

    keys = [name_key(x) for x in names]
    if len(set(keys)) < len(keys) or not all(keys):
        return                              # (names that read alike are refused by Game anyway)
    i = data.draw(st.integers(0, len(names) - 1))
    spelled = data.draw(st.sampled_from([str.upper, str.lower, lambda s: f"  {s} ",
                                         lambda s: normalize("NFD", s)]))(names[i])
    if name_key(spelled) != keys[i]:
        return                              # (a few letters change under upper or lower case)
    assert seat_index(spelled, names) == i and seat_index(i, names) == i
    other = data.draw(st.text(min_size=1, max_size=8))
    if name_key(other) not in keys:
        with pytest.raises(ValueError, match="no player is called"):
            seat_index(other, names)


def test_tiles_bought_this_turn_left_their_slots_empty_so_a_turn_stays_within_5_actions():
    """T2a, T5: the building market is not refilled during a turn. A position set up with tiles
    bought this turn has as many slots empty, so exact payments cannot chain past 4 buys."""
    g = Game.from_position(["Ana", "Ben"], seed=3, to_place=[1, 2, 3, 4], extra=True,
                           hands=[["dinar 9+9, ducat 9+9"], []])
    assert g.market == [None] * 4 and g.legal_actions("buy") == []
    g = Game.from_position(["Ana", "Ben"], seed=3, to_place=[7], extra=True)
    assert [t is None for t in g.market] == [False, False, False, True]
    g.check()
    # a whole turn of exact payments from there: never more than 5 actions, the record loads
    rng = random.Random(1)
    for seed in range(40):
        g = Game.from_position(3, seed=seed, to_place=[7], extra=True, hands=[["florin 9+8+7+6+5+4+3+2+1"], [], []])
        while g.current == 0 and not g.is_over:
            assert g.actions_this_turn <= 5
            g.play(rng.choice(g.legal_actions()))
        Game.from_json(g.to_json())
    with pytest.raises(ValueError, match=r"market: 2 tiles, but 3 bought this turn .* at most 1"):
        Game.from_position(2, seed=1, to_place=[7, 8, 9], market=[1, None, 2, None])
    assert Game.from_position(2, seed=1, to_place=[7, 8, 9], market=[None, None, 2, None]).market[2].id == 2
