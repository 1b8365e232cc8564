"""The games played at a table one after the other (New game): the widget's tally."""

import random

import pytest

from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.bots import Greedy


def finish(w, seed=0):
    rng = random.Random(seed)
    while not w.game.is_over:
        w.game.play(w.game.random_action(rng))
    return w.game


def test_the_tally_counts_every_finished_game_once_and_shows_from_the_second_game_on():
    w = AlhambraWidget(players=["Ana", "Ben"], seed=1)
    assert w.view["tally"] is None and w.tally() == {"games": 0, "wins": [["Ana", 0], ["Ben", 0]]}
    first = finish(w)
    # the first game over: counted by tally(), not shown (one game is no series)
    assert w.tally()["games"] == 1 and w.view["tally"] is None
    w.new_game(seed=2)
    assert w.view["tally"] == w.tally() and w.tally()["games"] == 1   # the game in play is not counted yet
    wins = {name: 0 for name in ("Ana", "Ben")}
    for i in first.winners:
        wins[first.names[i]] += 1
    assert dict(map(tuple, w.tally()["wins"])) == wins
    second = finish(w, seed=5)
    for i in second.winners:
        wins[second.names[i]] += 1
    assert w.view["tally"] == {"games": 2, "wins": [["Ana", wins["Ana"]], ["Ben", wins["Ben"]]]}
    # an undo of the last move: that game is not over, and not counted
    w.game.undo()
    assert w.tally()["games"] == 1
    # a new game before the end counts nothing
    w.new_game(seed=3)
    assert w.tally()["games"] == 1


def test_a_refused_new_game_counts_nothing_and_other_line_ups_add_their_names():
    w = AlhambraWidget(players=["You", Greedy(seed=1)], seed=4, autoplay=False)
    first = finish(w)
    with pytest.raises(TypeError):
        w.new_game(seed=1.5)                 # not a seed: refused before anything changes
    with pytest.raises((TypeError, ValueError)):
        w.new_game(players=["You"])          # one player: refused
    assert w.game is first and w.tally()["games"] == 1
    w.new_game(players=["Ben", "Ana", Greedy(seed=2)])
    # the players of this game first, in their seats, then the earlier ones
    names = [name for name, _ in w.tally()["wins"]]
    assert names == ["Ben", "Ana", "Greedy", "You"]
    assert dict(map(tuple, w.tally()["wins"]))[first.names[first.winners[0]]] == 1


def test_a_shared_victory_counts_for_each_winner():
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=1)
    g = Game(["Ana", "Ben", "Chi"], seed=9)
    w._played.append((("Ana", "Ben", "Chi"), (0, 2)))   # (a tie, as the engine records its winners)
    w._played.append((("Ana", "Ben", "Chi"), (2,)))
    assert w.tally() == {"games": 2, "wins": [["Ana", 1], ["Ben", 0], ["Chi", 2]]}
    assert g.winners == []   # (a game in play has no winners)
