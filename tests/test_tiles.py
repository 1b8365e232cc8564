"""Components: the 54 tiles (tiles.csv), the fountain, money cards (D1)."""

from collections import Counter

import pytest

from alhambra_widget import BUILDINGS, FOUNTAIN, TILES, Card, Game, Tile, card, tile
from alhambra_widget.engine.tiles import mask_of, walls_of
from alhambra_widget.engine.money import full_deck

from conftest import read_tiles_csv

SIDE_COLS = (("N", "wall_n"), ("E", "wall_e"), ("S", "wall_s"), ("W", "wall_w"))


def test_components_54_tiles_match_tiles_csv_exactly():
    rows = read_tiles_csv()
    assert len(rows) == 54 == len(TILES)
    for row, t in zip(rows, TILES):
        assert t.id == int(row["id"])
        assert t.building.value == row["building"]
        assert t.price == int(row["price"])
        assert t.walls == frozenset(s for s, col in SIDE_COLS if row[col] == "1")
        assert tile(t.id) is t or tile(t.id) == t
        assert not t.is_turned


def test_components_building_counts_and_price_ranges():
    table = {  # building: (tiles, lowest price, highest price)
        "pavilion": (7, 2, 8), "seraglio": (7, 3, 9), "arcades": (9, 4, 10),
        "chambers": (9, 5, 11), "garden": (11, 6, 12), "tower": (11, 7, 13),
    }
    assert [b.value for b in BUILDINGS] == list(table)
    for b, (n, lo, hi) in table.items():
        ts = [t for t in TILES if t.building.value == b]
        assert len(ts) == n
        assert min(t.price for t in ts) == lo
        assert max(t.price for t in ts) == hi


def test_components_wall_statistics():
    per_tile = Counter(len(t.walls) for t in TILES)
    assert per_tile == {0: 10, 1: 16, 2: 20, 3: 8}
    assert sum(len(t.walls) for t in TILES) == 80


def test_components_fountain():
    assert FOUNTAIN.is_fountain and FOUNTAIN.id == 0
    assert FOUNTAIN.price == 0 and FOUNTAIN.walls == frozenset()
    assert tile(0) == FOUNTAIN
    assert not FOUNTAIN.is_turned and repr(FOUNTAIN) == "Tile(0, fountain)" and str(FOUNTAIN) == "fountain"


@pytest.mark.parametrize("bad", [-1, 55, 100, "3", 2.0, True])
def test_tile_lookup_rejects_unknown_ids(bad):
    with pytest.raises(ValueError):
        tile(bad)


def test_P1_turned_tile_is_a_different_tile():
    t = tile(1)  # walls N, E, W
    assert t.walls == {"N", "E", "W"}
    t1 = t.turned(1)  # quarter turn clockwise: N->E, E->S, W->N
    assert t1.walls == {"E", "S", "N"}
    assert t1.is_turned and t1 != t
    assert t.turned(4) == t and not t.turned(4).is_turned
    assert t.turned(2).walls == {"S", "W", "E"}
    # a tile without walls looks the same turned, and is allowed
    assert tile(7).turned(1) == tile(7) and not tile(7).turned(3).is_turned


def test_a_tile_turns_one_quarter_by_default():
    assert tile(1).turned() is tile(1).turned(1) is not tile(1).turned(2)
    assert tile(1).turned(5) is tile(1).turned(1) and tile(1).turned(-1) is tile(1).turned(3)


def test_walls_are_written_as_sides_and_read_back():
    """A tile's walls as people write them (N, E, S, W) and as the engine's mask (N=1, E=2, S=4,
    W=8), both ways; an unknown side is refused."""
    assert Tile(1, "pavilion", 2, {"N", "W"}).mask == 9 and Tile(1, "pavilion", 2, {"E", "S"}).mask == 6
    for m in range(16):
        assert mask_of(walls_of(m)) == m
    with pytest.raises(ValueError, match="unknown side 'X'"):
        mask_of({"N", "X"})
    assert repr(tile(1)) == "Tile(1, pavilion, 2, walls=NEW)" and repr(tile(7)) == "Tile(7, pavilion, 8, walls=-)"
    assert str(tile(23)) == "arcades 10 #23"


def test_tiles_are_immutable_values():
    t = tile(23)
    with pytest.raises(AttributeError):
        t.price = 1
    assert {t, tile(23)} == {t}


def test_components_108_money_cards():
    deck = full_deck(3)
    assert len(deck) == 108
    c = Counter(deck)
    assert len(c) == 36 and set(c.values()) == {3}
    assert {x.currency.value for x in c} == {"florin", "dirham", "dinar", "ducat"}
    assert {x.value for x in c} == set(range(1, 10))


def test_D1_two_players_use_72_cards():
    deck = full_deck(2)
    assert len(deck) == 72
    assert set(Counter(deck).values()) == {2}
    for n, total in ((2, 72), (3, 108), (4, 108), (5, 108), (6, 108)):
        g = Game(n, seed=n)
        in_game = sum(len(p.hand) for p in g.players) + len(g.money) + len(g.discard) + \
            sum(1 for c in g.deck if isinstance(c, Card))
        assert in_game == total, n
        # and exactly two scoring cards hidden in the deck (S6)
        assert len(g.deck) + len(g.money) + sum(len(p.hand) for p in g.players) == total + 2


def test_currency_slot_order():
    from alhambra_widget import CURRENCIES
    assert [c.value for c in CURRENCIES] == ["florin", "dirham", "dinar", "ducat"]
    assert [c.slot for c in CURRENCIES] == [1, 2, 3, 4]
    g = Game(3, seed=1)
    assert [c.value for c in g.slot_currencies] == ["florin", "dirham", "dinar", "ducat"]


def test_money_cards_order_by_currency_then_value():
    """Cards sort by currency in slot order, then by value; the order is strict (a card is not
    below itself or its own copy), and the scoring cards show as what they are."""
    from alhambra_widget.engine.money import SCORING
    hand = [card("ducat", 1), card("florin", 9), card("dirham", 4), card("florin", 2), card("dirham", 4)]
    assert [str(c) for c in sorted(hand)] == ["florin 2", "florin 9", "dirham 4", "dirham 4", "ducat 1"]
    assert card("florin", 9) < card("dirham", 1) and not card("dirham", 1) < card("florin", 9)
    assert not card("dirham", 4) < card("dirham", 4)
    assert not card("dirham", 4) > card("dirham", 4)
    assert min(full_deck(2)) is card("florin", 1) and max(full_deck(2)) is card("ducat", 9)
    assert [repr(s) for s in SCORING[1:]] == ["ScoringCard(1)", "ScoringCard(2)"]
    assert [str(s) for s in SCORING[1:]] == ["scoring 1", "scoring 2"]


@pytest.mark.parametrize("bad", [0, 10, -1])
def test_money_card_values_1_to_9(bad):
    with pytest.raises(ValueError):
        card("dirham", bad)
    with pytest.raises(ValueError):
        card("rupee", 3)
