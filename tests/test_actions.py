"""Actions: notation, parsing, value semantics, legal_actions() and refusals."""

import random

import pytest

from alhambra_widget import (KINDS, Action, Build, Buy, EndTurn, Game, GiveToDirk, IllegalMove, NotationError, Pass,
                             Place, Remove, Reserve, Swap, TakeMoney, card, parse)
from alhambra_widget.engine.actions import MAX_ALL_CARDS, MAX_CARDS, MAX_DIGITS, Reshuffle, parse_cards, read_cards
from alhambra_widget.engine.errors import QUOTE, _cut

from conftest import arrange_money, arrange_tiles, assert_refused, cards_of

NOTATION = [
    ("take dinar 3", TakeMoney([card("dinar", 3)])),
    ("take florin 1+2, ducat 2", TakeMoney(cards_of("florin 1", "florin 2", "ducat 2"))),
    ("buy 2 with dirham 3+4", Buy(2, cards_of("dirham 3", "dirham 4"))),
    ("remove 1,0", Remove((1, 0))),
    ("build 23 at 1,0", Build(23, (1, 0))),
    ("swap 23 at 1,0", Swap(23, (1, 0))),
    ("end", EndTurn()),
    ("place 23 at 1,-2", Place(23, (1, -2))),
    ("reserve 23", Reserve(23)),
    ("dirk 23", GiveToDirk(23)),
    ("pass", Pass()),
]


@pytest.mark.parametrize("text,action", NOTATION)
def test_notation_round_trip(text, action):
    assert parse(text) == action
    assert str(action) == text
    assert parse(str(action)) == action


def test_notation_variants():
    assert parse("place 23 at (1, -2)") == Place(23, (1, -2))
    assert parse("  BUY 2 WITH dirham 4+3 ") == Buy(2, cards_of("dirham 3", "dirham 4"))
    assert parse("take ducat 2, florin 2+1") == TakeMoney(cards_of("florin 1", "florin 2", "ducat 2"))


@pytest.mark.parametrize("bad", ["", "fly away", "take", "take 3", "buy with dirham 3", "place 23",
                                 "take rupee 3", "take dinar 0", "remove x,y", "build at 1,0"])
def test_bad_notation_is_refused(bad):
    with pytest.raises(ValueError):
        parse(bad)


def test_play_bad_notation_raises_illegal_move_and_changes_nothing():
    g = Game(3, seed=1)
    before = g.to_json()
    for bad in ("fly away", "take rupee 3", 42, None):
        with pytest.raises(IllegalMove):
            g.play(bad)
        assert g.to_json() == before


def test_actions_are_values():
    a = Buy(2, cards_of("dirham 4", "dirham 3"))
    b = Buy(2, cards_of("dirham 3", "dirham 4"))
    assert a == b and hash(a) == hash(b)
    assert len({a, b, Buy(3, cards_of("dinar 3", "dinar 4"))}) == 2
    assert a.slot == 2 and list(a.cards) == cards_of("dirham 3", "dirham 4")
    with pytest.raises(AttributeError):
        a.slot = 3
    assert Place(23, (1, 0)) != Build(23, (1, 0))
    assert Reserve(23) != GiveToDirk(23)


def test_invalid_action_fields():
    with pytest.raises((IllegalMove, ValueError, TypeError)):
        Buy(5, cards_of("dirham 3"))
    with pytest.raises((IllegalMove, ValueError, TypeError)):
        Place(99, (1, 0))
    with pytest.raises((IllegalMove, ValueError, TypeError)):
        Remove("1,0")


def test_an_action_tells_its_fields_by_name():
    assert Buy(2, cards_of("dirham 4", "dirham 3")).fields() == {"slot": 2, "cards": tuple(cards_of("dirham 3", "dirham 4"))}
    assert Place(23, (1, -2)).fields() == {"tile_id": 23, "pos": (1, -2)}
    assert EndTurn().fields() == {}


@pytest.mark.parametrize("pos", [(True, 0), (0, False), (1.0, 0), (0, "1"), (1,), (1, 2, 3), "1,0", None])
def test_a_position_that_is_not_two_ints_is_refused_by_p6(pos):
    for make in (Remove, lambda p: Place(23, p), lambda p: Build(23, p), lambda p: Swap(23, p)):
        with pytest.raises(IllegalMove) as e:
            make(pos)
        assert e.value.rule == "P6" and e.value.key == "error.P6.bad_position"


def test_a_list_of_cards_is_read_up_to_every_card_of_the_largest_game():
    """Cards a cell writes (a hand, a market) are read up to 108, every card of a 6-player game;
    one more is refused by name, and the list is not read on."""
    assert len(read_cards(["dinar 1"] * MAX_ALL_CARDS)) == MAX_ALL_CARDS == 108
    with pytest.raises(NotationError) as e:
        read_cards(["dinar 1"] * (MAX_ALL_CARDS + 1))
    assert e.value.key == "error.T.cards_in_all" and e.value.at == MAX_ALL_CARDS


def test_an_action_takes_its_fields_by_name_once_each():
    assert Place(tile_id=23, pos=(1, 0)) == Place(23, pos=(1, 0)) == Place(23, (1, 0))
    for bad in (lambda: Place(23, tile_id=23), lambda: Place(23, (1, 0), colour=1), lambda: Place(23),
                lambda: Place(23, (1, 0), 4)):
        with pytest.raises(TypeError):
            bad()


def test_the_notation_reads_numbers_of_up_to_nine_digits_and_27_cards():
    """Longer input is refused by name before it is worked on (a number's digits, a payment's
    cards: 27 is every card of one currency)."""
    assert parse("remove 123456789,-000000001") == Remove((123456789, -1))
    with pytest.raises(NotationError) as e:
        parse("remove 1234567890,0")
    assert e.value.key == "error.T.number_too_long" and e.value.params["max"] == MAX_DIGITS == 9
    assert len(parse_cards("dinar " + "+".join(["1"] * MAX_CARDS))) == MAX_CARDS == 27
    with pytest.raises(NotationError) as e:
        parse_cards("dinar " + "+".join(["1"] * (MAX_CARDS + 1)))
    assert e.value.key == "error.T.too_many_cards"


def test_a_refusal_quotes_the_users_text_cut_at_its_limit():
    assert _cut("x" * QUOTE) == "x" * QUOTE
    assert _cut("x" * (QUOTE + 1)) == "x" * (QUOTE - 3) + "..."


def test_a_reshuffle_is_written_with_its_seed_in_16_hex_digits_and_its_seed_is_64_bits():
    """A reshuffle (chance's move, in a record) reads back from its notation; a seed outside
    64 bits, or not an int, is refused as an unreadable action."""
    for seed in (0, 1, 0xDEADBEEF, (1 << 64) - 1):
        a = Reshuffle(seed)
        assert a.seed == seed and a.kind == "chance"
        assert str(a) == f"reshuffle {seed:016x}" and parse(str(a)) == a
    for bad in (1 << 64, -1, True, 1.0, "1"):
        with pytest.raises(NotationError) as e:
            Reshuffle(bad)
        assert e.value.key == "error.T.unreadable"
    for bad in ("reshuffle " + "f" * 17, "reshuffle " + "f" * 15, "reshuffle 0x" + "0" * 14):
        with pytest.raises(NotationError):
            parse(bad)


@pytest.mark.parametrize("cards", [
    "dirham 3+4", ["dirham 3", "dirham 4"], ["dirham 3+4"], [("dirham", 4), ("dirham", 3)],
    cards_of("dirham 4", "dirham 3"),
])
def test_an_action_reads_its_cards_in_the_forms_a_hand_is_given(cards):
    assert Buy(2, cards) == parse("buy 2 with dirham 3+4")
    assert TakeMoney(cards) == parse("take dirham 3+4")


@pytest.mark.parametrize("cards, key, words", [
    ([5], "error.T.not_a_card", "5 is not a money card: name one as 'dinar 5'"),
    ([("dinar", 0)], "error.T.not_a_card", "('dinar', 0) is not a money card"),
    ([("rupee", 3)], "error.T.not_a_card", "('rupee', 3) is not a money card"),
    (5, "error.T.cards_form", "Money cards are given as a list"),
    (card("dinar", 3), "error.T.cards_form", "not Card(dinar, 3)"),
    (["dinar x"], "error.T.unknown_word", "'x' is neither a currency"),
    (["dinar 12"], "error.T.card_value", "values 1 to 9, not 12"),
])
def test_cards_that_are_not_cards_are_refused_in_the_notations_words(cards, key, words):
    """A refusal of rule T with its catalogue key (so it is told in every language)."""
    for make in (lambda: TakeMoney(cards), lambda: Buy(1, cards)):
        with pytest.raises(IllegalMove) as e:
            make()
        assert e.value.rule == "T" and e.value.key == key and words in e.value.message
        assert e.value.localized("ja") != e.value.message


def test_every_legal_action_has_a_parseable_notation():
    rng = random.Random(5)
    for n in (2, 3, 5):
        g = Game(n, seed=n)
        for _ in range(150):
            if g.is_over:
                break
            acts = g.legal_actions()
            for a in acts:
                assert parse(str(a)) == a
                assert isinstance(a, Action)
            g.play(rng.choice(acts))


def test_legal_actions_ordered_by_kind_and_kinds_match():
    rng = random.Random(6)
    g = Game(4, seed=6)
    for _ in range(200):
        if g.is_over:
            break
        acts = g.legal_actions()
        order = [KINDS.index(a.kind) for a in acts]
        assert order == sorted(order)
        kinds = g.legal_kinds()
        assert kinds == sorted(set(kinds), key=KINDS.index)
        assert set(kinds) == {a.kind for a in acts}
        per_kind = [a for k in kinds for a in g.legal_actions(k)]
        assert per_kind == acts
        # each kind, as listed whole, is its forms listed one by one (worked out apart)
        forms = {"redesign": ("remove", "build", "swap"), "place": ("place", "reserve", "dirk")}
        for k in kinds:
            if k == "pass":
                continue   # (no form: the only action when there is no other)
            listed = g.legal_actions(k)
            assert listed == [a for v in forms.get(k, (k,)) for a in g._gen(v)], k
            listed.clear()   # a list of the caller's own: the next one is whole again
            assert g.legal_actions(k) == [a for a in acts if a.kind == k]
        g.play(rng.choice(acts))


def test_is_legal_and_why_illegal_change_nothing():
    g = Game(3, seed=9, start_player=0)
    arrange_tiles(g, market=[7, 14, 22, 31])
    arrange_money(g, hands={0: cards_of("florin 8")}, money=cards_of("florin 1", "florin 2", "dinar 2", "ducat 2"))
    before = g.to_json()
    assert g.is_legal(Buy(1, cards_of("florin 8")))
    assert not g.is_legal(Buy(2, cards_of("florin 8")))
    why = g.why_illegal(Buy(2, cards_of("florin 8")))   # the reason, as Alhambra.why_not gives one
    assert isinstance(why, IllegalMove) and why.rule == "T2"
    assert g.why_illegal(Buy(1, cards_of("florin 8"))) is None   # legal: no reason
    assert g.to_json() == before


def test_refusal_message_names_the_rule():
    g = Game(3, seed=9, start_player=0)
    arrange_tiles(g, market=[7, 14, 22, 31])
    arrange_money(g, hands={0: cards_of("florin 8")}, money=cards_of("florin 1", "florin 2", "dinar 2", "ducat 2"))
    e = assert_refused(g, "buy 2 with florin 8", "T2")
    assert "[T2]" in str(e) and e.message


def test_overpaying_with_any_larger_payment_is_accepted():
    g = Game(3, seed=9, start_player=0)
    arrange_tiles(g, market=[7, 14, 22, 31])
    arrange_money(g, hands={0: cards_of("florin 8", "florin 9", "florin 1")},
                  money=cards_of("florin 1", "florin 2", "dinar 2", "ducat 2"))
    listed = g.legal_actions("buy")
    big = Buy(1, cards_of("florin 8", "florin 9", "florin 1"))
    assert big not in listed          # not minimal, so not listed ...
    assert g.is_legal(big)            # ... but play() accepts it (T2: total >= price)
    g.play(big)
    assert g.phase == "place" and not g.extra


def test_one_pair_alone_is_one_card():
    # TakeMoney(("dinar", 3)) read "dinar" and 3 as two entries: "No cards are named."
    assert TakeMoney(("dinar", 3)) == TakeMoney(["dinar 3"]) == TakeMoney([("dinar", 3)])
    assert str(Buy(2, ("dirham", 4))) == "buy 2 with dirham 4"
    with pytest.raises(IllegalMove):
        TakeMoney(("dinar", True))
