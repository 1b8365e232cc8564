"""The shortcuts of the action lists and of random_action against plain
recomputations: payment patterns, the cached Buy actions, the per-hand values."""
import itertools
import random

from alhambra_widget import Game
from alhambra_widget.engine import actions as A
from alhambra_widget.engine import game as G
from alhambra_widget.engine.money import CURRENCIES, card


def _patterns_by_definition(values, price):
    """Every minimal payment (no card could be left out) as the first indices
    of each value chosen (equal cards give one payment), in index order."""
    out = []
    for r in range(1, len(values) + 1):
        for idx in itertools.combinations(range(len(values)), r):
            chosen = [values[i] for i in idx]
            # one payment per choice of values: equal cards by their first indices
            if any(i > 0 and values[i - 1] == values[i] and i - 1 not in idx for i in idx):
                continue
            total = sum(chosen)
            if total >= price and total - min(chosen) < price:
                out.append(idx)
    return tuple(sorted(out))


def _payments_by_definition(values, price):
    """The payments of _patterns_by_definition as their values, low to high."""
    return tuple(tuple(values[i] for i in reversed(idx)) for idx in _patterns_by_definition(values, price))


def test_payments_match_their_definition():
    for n in range(0, 6):
        for values in itertools.combinations_with_replacement(range(9, 0, -1), n):
            for price in range(1, 15):
                assert G._payments(values, price) == _payments_by_definition(values, price), (values, price)
    # and again with the cache emptied first (a payment of a hand is made of those of its smaller cards)
    G._PAY.clear()
    for values in [(9, 7, 7, 3, 2, 1), (5, 5, 5, 5, 2, 2)]:
        for price in range(1, 15):
            assert G._payments(values, price) == _payments_by_definition(values, price), (values, price)


def test_cached_buys_equal_buys_made_the_checked_way():
    for k, cur in enumerate(CURRENCIES):
        for values in [(9,), (7, 3), (5, 5, 2), (6, 4, 4, 1, 1), (3, 2, 2, 1)]:
            for price in range(2, 14):
                got = G._buy_options(k, price, values)
                want = tuple(A.Buy(k + 1, [card(cur, v) for v in pay])
                             for pay in _payments_by_definition(values, price))
                assert got == want
                assert all(type(b) is A.Buy for b in got)


def test_hand_values_and_purse_follow_the_hands():
    rng = random.Random(7)
    for n in (2, 4, 6):
        g = Game(n, seed=50 + n)
        while not g.is_over:
            for seat in range(g.n):
                hand = g.players[seat].hand
                vals = g._hand_values(seat)
                want = tuple(tuple(sorted((c.value for c in hand if c.key // 9 == i), reverse=True))
                             for i in range(4))
                assert vals == want
                assert g._purse(seat) == tuple(map(sum, want))
            g.play(g.random_action(rng), record=False)


def test_random_actions_are_listed():
    rng = random.Random(3)
    for n in (2, 3, 5):
        g = Game(n, seed=900 + n)
        while not g.is_over:
            a = g.random_action(rng)
            assert a in g.legal_actions(a.kind)
            g.play(a, record=False)


def test_option_caches_stay_small_in_a_long_session():
    # every entry of these caches holds objects the garbage collector walks
    # through; they are emptied past a small size, however long the session
    rng = random.Random(5)
    for s in range(40):
        g = Game(4, seed=s)
        while not g.is_over:
            g.play(rng.choice(g.legal_actions()))
            assert len(G._TAKES) <= G._TAKES_MOST + 1
            assert len(G._BUYS) <= G._BUYS_MOST + 1
    # and the take options still come out the same as worked out afresh
    g = Game(3, seed=2)
    for _ in range(60):
        if g.phase == "action":
            assert g.legal_actions("take") == list(G._make_take_options(g.money))
        g.play(rng.choice(g.legal_actions()))


def test_buys_are_made_once_and_shared():
    florin = CURRENCIES[0]
    a = G._buy_options(0, 4, (5, 3))
    b = G._buy_options(0, 4, (5, 3, 1))
    assert a == (A.Buy(1, [card(florin, 5)]),)
    assert b == (A.Buy(1, [card(florin, 5)]), A.Buy(1, [card(florin, 1), card(florin, 3)]))
    assert a[0] is b[0]   # the same payment: one object, whichever hand it came from


def test_take_options_of_the_market_listed_last_follow_every_market():
    # legal_actions() reads the options of the money market it listed last by
    # identity: two games played in turn, and undo (a snapshot's lists put
    # back), still list each market's own options first
    rng = random.Random(11)
    games = [Game(3, seed=21), Game(4, seed=22)]
    for step in range(400):
        g = games[step % 2]
        if g.is_over:
            continue
        acts = g.legal_actions()
        if g.phase == "action" and g.money:
            takes = G._make_take_options(g.money)
            assert tuple(acts[:len(takes)]) == takes
        g.play(rng.choice(acts))
        if step % 7 == 0 and len(g.moves) > 3:
            g.undo()
