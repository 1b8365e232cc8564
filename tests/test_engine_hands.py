"""The bookkeeping kept up to date by the moves (rather than worked out again)
against plain recomputations: the money and the card values per currency of
each hand, through takes of one and of several cards, buys and undo."""
import random

import pytest

from alhambra_widget import Game
from alhambra_widget.engine.money import Currency


def _values(hand):
    return tuple(tuple(sorted((c.value for c in hand if c.key // 9 == i), reverse=True)) for i in range(4))


@pytest.mark.parametrize("n", [2, 4, 6])
def test_kept_values_follow_the_hands_on_the_public_path(n):
    rng = random.Random(11 + n)
    g = Game(n, seed=300 + n)
    while not g.is_over:
        acts = g.legal_actions()      # asks for the values of the player to act
        g.play(acts[int(rng.random() * len(acts))])
        for seat, e in enumerate(g._pc):
            if e is not None and e[0] is g.players[seat].hand and e[2] is not None:
                assert e[2] == _values(g.players[seat].hand)
                assert e[1] == tuple(map(sum, e[2]))
        g.check()
        if rng.random() < 0.05:
            a = g.undo()
            g.check()
            g.redo()
            assert g.moves[-1].action == a


def test_check_catches_wrong_kept_values():
    g = Game(3, seed=5)
    g.legal_actions()
    seat = g.current
    hand, purse, vals = g._pc[seat]
    assert vals == _values(hand)
    g._pc[seat] = (hand, purse, vals[1:] + vals[:1] if vals[0] != vals[1] else ((99,),) + vals[1:])
    with pytest.raises(AssertionError, match="card values"):
        g.check()
    g._pc[seat] = (hand, (purse[0] + 1,) + purse[1:], None)
    with pytest.raises(AssertionError, match="money per currency"):
        g.check()


def test_a_players_money_in_a_currency_is_the_sum_of_those_cards_in_hand():
    g = Game.from_position(["Ana", "Ben", "Chi"], hands={"Ana": ["dirham 4", "dirham 7", "florin 2", "ducat 9"]})
    ana = g.players[0]
    assert [ana.money(c) for c in ("florin", "dirham", "dinar", "ducat")] == [2, 11, 0, 9]
    assert ana.money(Currency("dirham")) == 11
    with pytest.raises(ValueError):
        ana.money("euro")
