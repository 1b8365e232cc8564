"""Bots at the widget's table and hints (alhambra_widget.seats), without a
browser: the kernel's side of the protocol, driven as in tests/test_widget.py."""

from __future__ import annotations

import random
import re
import sys
import threading
import time

import pytest
from hypothesis import given, settings, strategies as st

import test_widget  # noqa: F401  (builds the bundle before the widget class is defined)
from alhambra_widget import AlhambraWidget, Game, IllegalMove
from alhambra_widget.bots import MCTS, Greedy, Bot, Random
from alhambra_widget.engine.state import name_ok, same_name
from alhambra_widget.protocol import LINEUP_KINDS
from alhambra_widget.widget import BOT_TRIES


def send(w, **content):
    w._handle_custom_msg(content, [])


def intent(w, action):
    send(w, type="action", action=str(action), stamp=w.view["stamp"], seat=w.seat)


class Slow(Bot):
    """A bot that waits for a signal before it answers (to test what happens meanwhile)."""

    def __init__(self, seed=None):
        super().__init__(seed)
        self.go = threading.Event()
        self.asked = 0

    def choose(self, game, seat=None):
        self.asked += 1
        self.go.wait(10)
        return game.legal_actions()[0]


class Broken(Bot):
    def choose(self, game, seat=None):
        raise RuntimeError("no idea")


def human_first(n):
    """A seed whose start player is seat 0."""
    for s in range(100):
        if Game(n, seed=s).current == 0:
            return s
    raise AssertionError


def test_players_list_makes_names_and_bot_seats():
    w = AlhambraWidget(players=["You", Greedy(seed=1), Greedy(seed=2), Random(seed=3)], seed=1, autoplay=False)
    assert w.game.names == ["You", "Greedy 1", "Greedy 2", "Random"]
    assert sorted(w.bots) == [1, 2, 3]
    assert w.view["bots"] == {"1": "Greedy", "2": "Greedy", "3": "Random"}
    # a bot sharing a person's name is numbered, the person's name kept; a number another
    # player's name already is, is skipped (it had refused the players as two of one name)
    named = Greedy(seed=4)
    named.name = "Greedy 2"
    for players, names in [(["Greedy", Greedy(seed=1)], ["Greedy", "Greedy 1"]),
                           (["Greedy 2", Greedy(seed=1), Greedy(seed=2)], ["Greedy 2", "Greedy 1", "Greedy 3"]),
                           ([Greedy(seed=1), named, Greedy(seed=2)], ["Greedy 1", "Greedy 2", "Greedy 3"]),
                           ([named, Greedy(seed=1), "You", Greedy(seed=2)], ["Greedy 2", "Greedy 1", "You", "Greedy 3"])]:
        assert AlhambraWidget(players=players, seed=1, autoplay=False).game.names == names
    with pytest.raises(ValueError, match="both called 'Ana'"):   # people's names are theirs to make unique
        AlhambraWidget(players=["Ana", Greedy(seed=1), "Ana"], seed=1, autoplay=False)
    with pytest.raises(TypeError, match="name or a bot"):
        AlhambraWidget(players=["You", 3])
    with pytest.raises(ValueError, match="seat"):
        AlhambraWidget(Game(2, seed=1), bots={5: Greedy()})


def test_bots_move_by_themselves_until_a_person_is_to_act():
    seed = human_first(3)
    w = AlhambraWidget(players=["You", Greedy(seed=1), Random(seed=2)], seed=seed, bot_delay=0)
    g = w.game
    assert g.current == 0 and w.view["thinking"] is None
    intent(w, g.legal_actions("take")[0])
    assert w.wait(30)
    # both bots moved (one action or more each), and now it is the person's turn again
    movers = {m.player for m in w.game.moves}
    assert movers == {0, 1, 2}
    assert g.current == 0 and not g.is_over
    assert w.view["thinking"] is None
    # the bot's move in words, under its seat's name
    assert w.message["kind"] == "info" and w.message["text"].startswith(tuple(g.names[1:]))


def test_bot_games_are_reproducible():
    def run():
        w = AlhambraWidget(players=[Greedy(seed=1), Random(seed=2)], seed=4, autoplay=False)
        w.play_bots(60)
        return [str(a) for a in w.game.history]

    a, b = run(), run()
    assert len(a) == 60 and a == b


def test_thinking_indicator_and_a_move_from_a_cell_meanwhile():
    slow = Slow()
    seed = human_first(2)
    w = AlhambraWidget(players=["You", slow], seed=seed, bot_delay=0)
    g = w.game
    intent(w, g.legal_actions("take")[0])
    for _ in range(100):
        if slow.asked:
            break
        time.sleep(0.01)
    assert slow.asked == 1 and w.view["thinking"] == 1
    # the person is not to act: the widget refuses a click for the bot's seat
    n = len(g.history)
    intent(w, g.legal_actions()[0])
    assert len(g.history) == n and "bot" in w.message["text"]
    # a cell plays the bot's move itself: the bot's answer, when it comes, is dropped
    w.play(g.legal_actions("take")[-1])
    assert g.current == 0
    slow.go.set()
    assert w.wait(10)
    assert len(g.history) == n + 1 and g.current == 0
    assert w.view["thinking"] is None


def test_undo_takes_back_the_bots_replies_and_the_persons_move():
    seed = human_first(3)
    w = AlhambraWidget(players=["You", Greedy(seed=1), Greedy(seed=2)], seed=seed, autoplay=False)
    g = w.game
    before = g.observation()
    intent(w, g.legal_actions("take")[0])
    w.play_bots()
    assert g.current == 0 and len(g.history) >= 3
    send(w, type="undo", stamp=w.view["stamp"], seat=w.seat)
    # everything anyone may know is as before; what nobody has seen is sampled afresh
    assert g.observation() == before
    assert [m for m in g.moves if m.player is not None] == []
    assert re.match(r"Taken back \d+ moves, back to before: You took ", w.message["text"])


def test_undo_from_a_cell_is_the_buttons_undo():
    # w.undo() at a table with bots takes back their replies and the person's move, as the
    # button does (one move would be the bot's last reply, played again at once)
    seed = human_first(3)
    w = AlhambraWidget(players=["You", Greedy(seed=1), Greedy(seed=2)], seed=seed, bot_delay=0)
    g = w.game
    before = g.observation()
    mine = g.legal_actions("take")[0]
    w.play(mine)
    assert w.wait(10) and g.current == 0 and len(g.history) >= 3
    assert w.undo() == mine
    assert w.wait(10)
    assert g.observation() == before and [m for m in g.moves if m.player is not None] == []
    assert re.match(r"Taken back \d+ moves, back to before: You took ", w.message["text"])
    # redo plays them again, one at a time, the person's move first
    assert w.redo() == mine and g.current == 1
    # bots only at the table: one move at a time
    w2 = AlhambraWidget(players=[Greedy(seed=1), Greedy(seed=2)], seed=3, autoplay=False)
    w2.play_bots(4)
    played = [m.action for m in w2.game.moves if m.player is not None]
    assert w2.undo() == played[-1]
    assert [m.action for m in w2.game.moves if m.player is not None] == played[:-1]


class Quitting(Bot):
    """A bot that ends its thread in a way no ``except Exception`` sees."""

    def __init__(self, exc):
        self.exc = exc

    def choose(self, game, seat=None):
        raise self.exc


@pytest.mark.parametrize("bot, error", [
    (Broken(), "RuntimeError: no idea"),
    (Quitting(SystemExit(3)), "SystemExit: 3"),     # sys.exit() in a bot: the table waited forever
    (Quitting(GeneratorExit()), "(GeneratorExit)"),  # (no words of its own: its name alone)
])
def test_a_failing_bot_shows_a_message_and_never_raises(bot, error):
    seed = human_first(2)
    w = AlhambraWidget(players=["You", bot], seed=seed, bot_delay=0)
    intent(w, w.game.legal_actions("take")[0])
    assert w.wait(10)
    name = type(bot).__name__
    assert w.message["kind"] == "error" and f"{name} failed" in w.message["text"] and error in w.message["text"]
    assert w.game.current == 1  # nothing was played for it
    assert not w._runner.running("bot") and not w.view.get("thinking")   # nor is it still waited for


class Stubborn(Bot):
    """Chooses ``wrong`` (an illegal move) the first ``times`` times it is asked, then a legal move."""

    def __init__(self, wrong, times=10**9):
        self.wrong, self.times, self.asked = wrong, times, 0

    def choose(self, game, seat=None):
        self.asked += 1
        return self.wrong if self.asked <= self.times else game.legal_actions()[0]


def test_a_bot_that_chooses_an_illegal_move_is_told_and_asked_again():
    seed = human_first(2)
    bot = Stubborn("garbage", times=1)
    w = AlhambraWidget(players=["You", bot], seed=seed, bot_delay=0)
    seen = []
    w.observe(lambda change: seen.append(change["new"]), names="message")
    intent(w, w.game.legal_actions("take")[0])
    assert w.wait(10)
    assert bot.asked == 2 and len(w.game.moves) == 2 and w.game.current == 0   # its second answer played
    assert any(m.get("kind") == "error" and "chose an illegal move 'garbage'" in m["text"] for m in seen)


@pytest.mark.parametrize("wrong, late", [("garbage", False), (None, False), ("end", False), ("end", True)])
def test_a_bot_that_keeps_choosing_illegal_moves_is_stopped_not_asked_forever(wrong, late):
    """Asked again and again, it kept a thread busy for ever (and the kernel's log growing).
    Also late in a long game (past move 256, where counts are no longer small shared ints)."""
    seed = human_first(2)
    bot = Stubborn(wrong)
    g = Game(["You", "Stubborn"], seed=seed)
    if late:   # (redesigns drawn often make a long game)
        rng = random.Random(1)
        while len(g.moves) < 300 or g.current != 0 or g.phase != "action":
            kinds = g.legal_kinds()
            kind = "redesign" if "redesign" in kinds and rng.random() < 0.8 else rng.choice(kinds)
            g.play(rng.choice(g.legal_actions(kind)))
    w = AlhambraWidget(g, bots={1: bot}, bot_delay=0, lang="de")
    start = len(g.moves)
    intent(w, w.game.legal_actions("take")[0])
    assert w.wait(10)   # it stops: nothing left running
    assert bot.asked == BOT_TRIES and len(w.game.moves) == start + 1 and w.game.current == 1
    assert w.message["kind"] == "error" and f"Nach {BOT_TRIES} unerlaubten Zügen" in w.message["text"]
    assert not w._runner.running("bot") and not w.view.get("thinking")
    w.bots = {1: Greedy(seed=1)}   # another bot in its seat plays on
    assert w.wait(10) and len(w.game.moves) > start + 1 and (w.game.current == 0 or w.game.is_over)


@pytest.mark.parametrize("bad", [-1, 2.5, "3", True])
def test_play_bots_refuses_a_count_of_moves_it_cannot_play(bad):
    w = AlhambraWidget(players=[Greedy(seed=1), "You"], seed=human_first(2), autoplay=False)
    with pytest.raises(ValueError, match="whole number from 0"):
        w.play_bots(bad)
    assert w.game.moves == [] and w.play_bots(0) == 0 and w.game.moves == []


def test_play_bots_raises_a_bots_illegal_move_with_a_note_naming_it():
    seed = human_first(2)
    w = AlhambraWidget(players=["You", Stubborn("end")], seed=seed, autoplay=False)
    w.play(w.game.legal_actions("take")[0])
    with pytest.raises(IllegalMove) as got:
        w.play_bots()
    assert got.value.rule == "T2a" and len(w.game.moves) == 1   # nothing played for it
    if sys.version_info >= (3, 11):
        assert any(n.startswith("(chosen by Stubborn") and "for seat 1, Stubborn" in n for n in got.value.__notes__)


def test_hint_intent_shows_the_top_three_moves():
    seed = human_first(2)
    w = AlhambraWidget(players=["You", Greedy(seed=1)], seed=seed, autoplay=False)
    send(w, type="hint", stamp=w.view["stamp"], seat=w.seat)
    assert w.view["hinting"] is True
    assert w.wait(30)
    hints = w.view["hints"]
    assert 1 <= len(hints) <= 3
    legal = {str(a) for a in w.game.legal_actions()}
    for h in hints:
        assert h["action"] in legal and 0 <= h["win"] <= 1
        if h["verb"] == "buy":
            assert 1 <= h["slot"] <= 4 and h["cards"]
    # a move makes the hints stale: they disappear
    w.play(hints[0]["action"])
    assert w.view["hints"] is None


def test_a_hint_on_a_position_replayed_is_for_that_position_and_kept_there():
    """Replaying, Hint asks what was best in the position shown, whoever was to act there
    (a bot too: every hand is known, X3); the live game's hints are not those."""
    w = AlhambraWidget(players=["You", Greedy(seed=1)], seed=human_first(2), autoplay=False, seat="You")
    while len(w.game.moves) < 12 or w.game.current != 0:          # (then it is your turn)
        w.play(w.game.legal_actions()[0]) if w.game.current == 0 else w.play_bots()
    live = w.game
    k = next(i for i in range(len(live.moves)) if live.moves[i].player == 1)   # the bot was to act there
    past = live.position_at(k)
    assert past.current == 1 and live.current == 0
    w.replay_index = k
    assert w.view["hints"] is None and w.view["hinting"] is False
    send(w, type="hint", stamp=w.view["stamp"], seat=w.seat)
    assert w.message.get("kind") != "error", w.message
    assert w.view["hinting"] is True
    assert w.wait(60)
    hints = w.view["hints"]
    assert hints and 1 <= len(hints) <= 3 and not w.view["hinting"]
    then = {str(a) for a in past.legal_actions()}
    assert all(h["action"] in then for h in hints)                  # moves of the position replayed
    assert len(w.game.moves) == len(past.moves) + (len(live.moves) - k) and w.game is live   # nothing played
    w.replay_index = -1
    assert w.view["hints"] is None                                  # not the live position's
    w.replay_index = k + 1 if k + 1 < len(live.moves) else k - 1
    assert w.view["hints"] is None                                  # nor another past one's
    w.replay_index = k
    assert w.view["hints"] == hints                                 # back there, they are there
    # the same with hint() from a cell, and a move in the game drops them all
    w.replay_index = -1
    w.play(w.game.legal_actions()[0])
    w.replay_index = k
    assert w.view["hints"] is None
    got = w.hint(seconds=0.2, wait=True)
    assert got == w.view["hints"] and all(h["action"] in then for h in got)


def test_a_hint_replaying_a_finished_game_and_one_stopped_by_the_replay():
    """A finished game has no live hint, but each of its positions has; a hint whose
    position is left (the replay moves on) stops searching and shows nowhere."""
    g = Game(2, seed=5)
    rng = random.Random(5)
    while not g.is_over:
        g.play(g.random_action(rng))
    w = AlhambraWidget(g, autoplay=False)
    with pytest.raises(IllegalMove) as e:
        w.hint()
    assert e.value.rule == "E4"
    send(w, type="hint", stamp=w.view["stamp"], seat=None)
    assert w.message["kind"] == "error" and w.message["rule"] == "E4"
    w.replay_index = len(g.moves) - 1                               # just before the end
    hints = w.hint(seconds=0.2, wait=True)
    assert hints and all(h["action"] in {str(a) for a in g.position_at(len(g.moves) - 1).legal_actions()}
                         for h in hints)
    w.replay_index = 3
    w.hint(seconds=600)
    assert w._runner.running("hint") and w.view["hinting"] is True
    w.replay_index = 4                                              # the position the hint was for is left
    assert w.view["hinting"] is False
    assert w._runner.wait(timeout=30, kind="hint"), "the search ran on for a position no longer shown"
    w.replay_index = 3
    assert w.view["hints"] is None and w.view["hinting"] is False


def test_hint_and_wait_waits_for_the_hint_not_for_a_bot_thinking_meanwhile():
    # (it waited for every job: behind a bot that waits before its move, or thinks long, it
    # blocked that long, and then returned None, the bot's move having made the hints stale)
    w = AlhambraWidget(players=[Greedy(seed=1), Greedy(seed=2)], seed=3, bot_delay=120)
    assert w._runner.running("bot")
    got = []
    th = threading.Thread(target=lambda: got.append(w.hint(seconds=0.1, wait=True)), daemon=True)
    th.start()
    th.join(60)
    try:
        assert not th.is_alive(), "hint(wait=True) waited for the bot"
        assert got and got[0] and got[0] == w.view["hints"]
        legal = {str(a) for a in w.game.legal_actions()}
        assert all(h["action"] in legal for h in got[0])
        assert w._runner.running("bot") and w.game.moves == []   # the bot still waits to move
    finally:
        w.autoplay = False


def test_a_long_hint_stops_searching_once_its_position_is_gone():
    """A hint nobody waits for any more (a move was made, or the widget closed) ends its search
    at once instead of spending its whole budget on a core of its own."""
    w = AlhambraWidget(players=["Ana", "Ben"], seed=3)
    w.hint(seconds=600)
    assert w._runner.running("hint")
    w.play(w.game.legal_actions("take")[0])          # the position the hint was for is gone
    assert w._runner.wait(timeout=30, kind="hint"), "the search ran on for a position that is gone"
    assert w.view["hints"] in (None, []) and not w._runner.running("hint")
    w.hint(seconds=600)
    w.close()                                        # nobody will ever show these hints
    assert w._runner.wait(timeout=30, kind="hint"), "the search ran on after the widget closed"


def test_a_bot_thinking_long_stops_when_its_move_is_no_longer_wanted():
    """A searcher at the table thinks about one position: turned off (autoplay) or closed,
    it stops at once instead of thinking out its budget beside the next search."""
    w = AlhambraWidget(players=["Ana", MCTS(seconds=600, seed=1)], seed=3, bot_delay=0)   # (Ben, the bot, starts)
    assert w._runner.running("bot")
    time.sleep(0.5)                                  # (well into its search)
    w.autoplay = False                               # nobody waits for this move any more
    assert w._runner.wait(timeout=30, kind="bot"), "the bot thought on about a move nobody wants"
    assert w.game.moves == []
    w.autoplay = True
    assert w._runner.running("bot")
    time.sleep(0.5)
    w.close()
    assert w._runner.wait(timeout=30, kind="bot"), "the bot thought on after the widget closed"


def test_hint_refused_when_it_is_not_the_persons_turn_or_forged():
    seed = human_first(2)
    w = AlhambraWidget(players=["You", Greedy(seed=1)], seed=seed, autoplay=False)
    w.play(w.game.legal_actions("take")[0])
    while w.game.current == 0:
        w.play(w.game.legal_actions()[0])
    send(w, type="hint", stamp=w.view["stamp"], seat=w.seat)
    assert w.message["kind"] == "error" and "bot" in w.message["text"]
    send(w, type="hint", stamp=w.view["stamp"], seat=None, extra=1)
    assert "malformed" in w.message["text"]


@pytest.mark.parametrize("bad", [{"seconds": -1}, {"seconds": 0}, {"seconds": float("nan")}, {"seconds": float("inf")},
                                 {"seconds": "1"}, {"seconds": True}, {"top": 0}, {"top": 2.5}, {"top": "3"}])
def test_a_hint_with_a_bad_budget_is_refused_at_once_and_starts_nothing(bad):
    # (in the background it failed where nobody looks: a traceback on the kernel's stderr, no hints)
    seed = human_first(2)
    w = AlhambraWidget(players=["You", Greedy(seed=1)], seed=seed, autoplay=False)
    before = dict(w.view)
    with pytest.raises(ValueError, match=next(iter(bad))):
        w.hint(**bad)
    assert w.view == before and w.view["hinting"] is False
    assert w.wait(1)   # nothing runs


@pytest.mark.parametrize("bad", [-1, float("inf"), float("nan"), "0.5", None, True])
def test_a_bot_delay_no_bot_can_wait_is_refused(bad):
    # (a bot's thread died on it -- time.sleep refuses such a delay -- and the bot never moved)
    with pytest.raises(ValueError, match="bot_delay"):
        AlhambraWidget(players=["You", Greedy(seed=1)], seed=1, bot_delay=bad)
    w = AlhambraWidget(players=["You", Greedy(seed=1)], seed=1, bot_delay=0, autoplay=False)
    with pytest.raises(ValueError, match="bot_delay"):
        w.bot_delay = bad
    assert w.bot_delay == 0.0
    w.bot_delay = 1   # 0 or more
    assert w.bot_delay == 1.0


@pytest.mark.parametrize("bad", [-1, 0, float("nan"), "0.5", None])
def test_a_review_with_a_bad_budget_is_refused_at_once(bad):
    g = Game(2, seed=3)
    g.play(g.legal_actions("take")[0])
    w = AlhambraWidget(g)
    before = dict(w.view)
    with pytest.raises(ValueError, match="seconds_per_move"):
        w.review(seconds_per_move=bad)
    assert w.view == before


def test_game_what_if_branches():
    g = Game(3, seed=2)
    a = g.legal_actions("take")[0]
    before = g.to_json()
    h = g.what_if(a)
    assert g.to_json() == before and h.history == [a]
    with pytest.raises(IllegalMove):
        g.what_if("take dinar 99")
    assert g.to_json() == before


def finished(n=3, seed=5):
    from alhambra_widget.bots import play_game

    return play_game([Random(seed=k) for k in range(n)], seed=seed, names=["Ana", "Ben", "Chi"][:n], record=True)


def test_new_game_at_the_end_seats_the_same_players_for_a_new_deal():
    w = AlhambraWidget(finished(), bots={1: Greedy(seed=1)}, autoplay=False)
    old, bot, seat = w.game, w.bots[1], w.seat
    assert old.is_over and w.view["phase"] == "over"
    send(w, type="new_game", stamp=w.view["stamp"], seat=w.seat)
    g = w.game
    assert g is not old and not g.is_over and g.moves == [] and w.view["phase"] == "action"
    assert g.names == old.names and w.bots == {1: bot} and w.seat == seat
    assert w.message == {} and w.replay_index == -1 and w.view["moves"] == 0
    deals = {(tuple(map(str, h.market)), tuple(map(str, h.money))) for h in (g, w.new_game(), w.new_game())}
    assert len(deals) == 3   # a new deal each time
    # from Python, with a seed of its own: the same deal again
    a = w.new_game(seed=11).to_json()
    assert w.new_game(seed=11).to_json() == a and w.game.n == 3
    # a number of players, as the constructor takes it: unnamed people, no bots
    g4 = w.new_game(players=4, seed=5)
    assert g4.n == 4 and g4.names == Game(4, seed=5).names and w.bots == {} and w.seat is None
    for bad, error in ((1, ValueError), (7, ValueError), (True, TypeError), ("4", TypeError)):
        with pytest.raises(error):
            w.new_game(players=bad)
        assert w.game is g4   # refused: the game shown stays


def test_new_game_takes_every_table_of_the_game_along():
    """One widget per seat on the same game: New game at one seat deals the new game at
    every seat, each keeping its own seat and bots; a closed widget, and a widget of
    another game, stay as they were, and so does the old game."""
    old = finished()
    seats = [AlhambraWidget(old, seat=i, autoplay=False) for i in range(3)]
    closed = AlhambraWidget(old, seat=0, autoplay=False)
    closed.close()
    other = AlhambraWidget(finished(seed=6), autoplay=False)
    before = old.to_json()
    send(seats[1], type="new_game", stamp=seats[1].view["stamp"], seat=1)
    g = seats[1].game
    assert g is not old and g.moves == []
    assert all(w.game is g for w in seats) and [w.seat for w in seats] == [0, 1, 2]
    assert all(w.view["phase"] == "action" and w.view["moves"] == 0 and w.view["seat"] == i for i, w in enumerate(seats))
    assert closed.game is old and other.game is not g and other.game.is_over
    assert old.to_json() == before
    # they follow the new game from then on: a move at one seat shows at every seat
    first = g.current
    send(seats[first], type="action", action=str(g.legal_actions("take")[0]), stamp=seats[first].view["stamp"], seat=first)
    assert [w.view["moves"] for w in seats] == [1, 1, 1]


def play_out(g, seed=0):
    import random

    rng = random.Random(seed)
    while not g.is_over:
        g.play(g.random_action(rng))


def test_new_game_with_a_line_up_chosen_on_the_table():
    """At the end of a game, the table's line-up (a person or a bot per seat, and the
    people's names) deals a game for those players: a person keeps the name of the
    person at that seat unless named anew, new bots sit where chosen, "same" keeps a
    bot, and one person among bots is seated."""
    w = AlhambraWidget(finished(), bots={1: Greedy(seed=1)}, autoplay=False)
    kept = w.bots[1]
    assert w.lineup() == ["Ana", kept, "Chi"]
    send(w, type="new_game", stamp=w.view["stamp"], seat=None, players=["mcts", "same", "person", "random"])
    g = w.game
    assert not g.is_over and g.names == ["MCTS", "Greedy", "Chi", "Random"]
    assert type(w.bots[0]).__name__ == "MCTS" and w.bots[1] is kept and type(w.bots[3]).__name__ == "Random"
    assert 2 not in w.bots and w.seat == 2   # one person among bots: their view
    assert w.view["n"] == 4 and w.view["seat"] == 2 and w.view["bots"] == {"0": "MCTS", "1": "Greedy", "3": "Random"}
    assert w.view["phase"] == "action" and w.message == {}
    # a seat where a bot played: "Player k"; a name given: that name
    play_out(g)
    send(w, type="new_game", stamp=w.view["stamp"], seat=2, players=["person", "person", "person"],
         names=[None, "Eve", None])
    assert w.game.names == ["Player 1", "Eve", "Chi"] and w.bots == {} and w.seat is None
    # a name given elsewhere is not kept twice: the seat that had it is numbered
    play_out(w.game)
    send(w, type="new_game", stamp=w.view["stamp"], seat=None, players=["person", "greedy", "person"],
         names=["Chi", None, None])
    assert w.game.names == ["Chi", "Greedy", "Player 3"]
    # two bots of a kind are numbered
    play_out(w.game)
    w.new_game(players=["You", Greedy(), Greedy()])
    assert w.game.names == ["You", "Greedy 1", "Greedy 2"] and w.seat == 0
    # one name typed at two seats (as the table reads names: "Eve" and " eve "): refused, naming
    # both seats, in the table's language; nothing changes
    play_out(w.game)
    before = w.game
    w.lang = "de"
    send(w, type="new_game", stamp=w.view["stamp"], seat=w.seat, players=["person", "person", "greedy"],
         names=["Eve", " eve ", None])
    assert w.game is before and w.message["kind"] == "error"
    assert w.message["text"].startswith("Platz 1 und Platz 2 heißen beide Eve")
    # a name kept from the last game gives way to the same name typed at another seat
    send(w, type="new_game", stamp=w.view["stamp"], seat=w.seat, players=["person", "greedy", "person"],
         names=[None, None, "YOU"])
    assert w.game.names == ["Player 1", "Greedy", "YOU"]


def test_an_unnamed_seat_keeps_the_engines_name_whatever_the_tables_language():
    """The German table shows the unnamed seats as "Spieler 1"; a line-up that names
    nobody keeps the game's own names ("Player 1"), shown again in German."""
    w = AlhambraWidget(players=3, seed=2, lang="de", autoplay=False)
    assert [p["name"] for p in w.view["players"]] == ["Spieler 1", "Spieler 2", "Spieler 3"]
    send(w, type="new_game", stamp=w.view["stamp"], seat=None, players=["person", "greedy", "person", "person"],
         names=[None, None, None, None])
    assert w.game.names == ["Player 1", "Greedy", "Player 3", "Player 4"]
    assert [p["name"] for p in w.view["players"]] == ["Spieler 1", "Greedy", "Spieler 3", "Spieler 4"]


def test_a_line_up_the_kernel_cannot_seat_is_refused_and_changes_nothing():
    w = AlhambraWidget(finished(), bots={1: Greedy(seed=1)}, autoplay=False)
    game, bots, view = w.game, dict(w.bots), dict(w.view)
    for bad in (["person"], ["person"] * 7, "person,greedy", ["person", "human"], ["person", 3], [None, "greedy"],
                {"0": "person"}, ["same", "person"]):
        send(w, type="new_game", stamp=w.view["stamp"], seat=None, players=bad)
        assert w.game is game and w.bots == bots and w.message["kind"] == "error", bad
        assert ("no bot now" if bad == ["same", "person"] else "A line-up is 2 to 6 seats") in w.message["text"]
        assert {k: v for k, v in w.view.items() if k != "stamp"} == {k: v for k, v in view.items() if k != "stamp"}
    for players, names, says in ((["person", "greedy"], ["Ana"], "one per seat"), (["person", "greedy"], [None, "Bo"], "one per seat"),
                                 (["person", "person"], ["Ana", 7], "one per seat"), (["person", "person"], "Ana", "one per seat"),
                                 (["person", "person"], ["  ", None], "Seat 1: a name is one line of 1 to 64"),
                                 (["person", "person"], [None, "x" * 65], "Seat 2: a name is one line of 1 to 64"),
                                 (None, ["Ana", "Bo"], "one per seat")):
        send(w, type="new_game", stamp=w.view["stamp"], seat=None, players=players, names=names)
        assert w.game is game and w.bots == bots and says in w.message["text"], (players, names, w.message)
        assert len(w.message["text"]) < 600
    for bad in ("Ana", [Greedy()], ["A", "B", 3]):
        with pytest.raises((TypeError, ValueError)):
            w.new_game(players=bad)
        assert w.game is game and w.bots == bots
    w.lang = "fi"
    send(w, type="new_game", stamp=w.view["stamp"], seat=None, players=["same", "person"])
    assert w.message["text"] == "Paikalla 1 ei nyt pelaa bottia, joka voisi jäädä."


def test_before_the_first_move_the_players_may_still_change():
    """A game no move has been made in yet: the table's line-up deals a new game for
    other players (nothing is lost); after the first move it is refused."""
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=3, autoplay=False)
    first = w.game
    send(w, type="new_game", stamp=w.view["stamp"], seat=None, players=["person", "mcts"])
    assert w.game is not first and w.game.names == ["Ana", "MCTS"] and w.seat == 0 and w.message == {}
    send(w, type="new_game", stamp=w.view["stamp"], seat=0)   # the same players, dealt again
    assert w.game.names == ["Ana", "MCTS"] and w.game.moves == []


_OVER = None


def _over():
    global _OVER
    if _OVER is None:
        _OVER = finished()
    return _OVER


def _nested(inner):
    # (a function of its own: hypothesis reads a lambda's source to see that it recurses, and
    # misreads one written inside a call over several lines)
    return st.lists(inner, max_size=7) | st.dictionaries(st.text(max_size=3), inner, max_size=3)


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=6)
                     | st.sampled_from(LINEUP_KINDS), _nested, max_leaves=10)


@settings(max_examples=80, deadline=None)
@given(players=st.lists(st.sampled_from(LINEUP_KINDS), min_size=0, max_size=8) | _JSON,
       names=st.none() | st.lists(st.none() | st.text(max_size=4), min_size=2, max_size=6) | _JSON)
def test_any_line_up_in_a_message_seats_exactly_it_or_changes_nothing(players, names):
    """Whatever a page sends as the line-up at the end of a game: a list of 2 to 6 seat
    kinds ("same" only where a bot plays) deals a game for exactly those seats; anything
    else is refused with a message, the finished game still shown and unchanged."""
    old = _over()
    w = AlhambraWidget(old, bots={1: Greedy(seed=1)}, autoplay=False)
    try:
        before = old.to_json()
        send(w, type="new_game", stamp=w.view["stamp"], seat=None, players=players, names=names)
        valid = (isinstance(players, list) and 2 <= len(players) <= 6
                 and all(isinstance(k, str) and k in LINEUP_KINDS for k in players)
                 and all(k != "same" or i == 1 for i, k in enumerate(players))
                 and (names is None or (isinstance(names, list) and len(names) == len(players) and all(
                     n is None or (k == "person" and name_ok(n))   # (one line, no control character, not only blanks)
                     for n, k in zip(names, players))
                     # (two names given that read alike are refused: the table speaks of players by name)
                     and same_name([n for n in names if n is not None]) is None)))
        if players is None and names is None:   # (as if left out: the same players)
            assert w.game is not old and w.game.names == old.names and w.bots.keys() == {1}
        elif valid:
            g = w.game
            assert g is not old and g.n == len(players) and g.moves == [] and w.message == {}
            assert sorted(w.bots) == [i for i, k in enumerate(players) if k != "person"]
            given = [n for n in (names or []) if n is not None]
            assert all(g.names[i] == n for i, n in enumerate(names or []) if n is not None)
            assert same_name(g.names) is None and len(given) <= g.n   # every seat named apart
        else:
            assert w.game is old and w.bots.keys() == {1} and w.message["kind"] == "error"
            assert len(w.message["text"]) < 600
        assert old.to_json() == before
    finally:
        w.close()


def test_two_people_named_alike_in_a_line_up_are_asked_for_names_of_their_own():
    # names that read alike (but for case and the blanks around them) are one name at the table;
    # a seat left unnamed keeps who sits there unless that name is taken now
    old = _over()

    def deal(names):
        w = AlhambraWidget(old, autoplay=False)
        try:
            send(w, type="new_game", stamp=w.view["stamp"], seat=None, players=["person", "person"], names=names)
            return (None if w.game is old else w.game.names), w.message
        finally:
            w.close()

    for names, said in ((["Ana", "ana "], "Ana"), (["0", " 0 "], "0")):
        dealt, message = deal(names)
        assert dealt is None and message["kind"] == "error"
        assert message["text"] == f"Seats 1 and 2 are both called {said}: give each player a name of their own."
    assert deal([None, "ana"]) == (["Player 1", "ana"], {})


def test_a_line_up_chosen_while_a_bot_thinks_drops_its_answer():
    """Before the first move, a bot to act is thinking when the page deals a game for
    other players: the new game starts with the new bots, and the old bot's answer,
    when it comes, is not played into it."""
    slow = Slow()
    seed = next(s for s in range(100) if Game(2, seed=s).current == 1)   # the bot starts
    w = AlhambraWidget(players=["You", slow], seed=seed, bot_delay=0)
    for _ in range(200):
        if slow.asked:
            break
        time.sleep(0.01)
    assert slow.asked == 1 and w.view["thinking"] == 1 and w.game.moves == []
    send(w, type="new_game", stamp=w.view["stamp"], seat=0, players=["person", "person"], names=["Ana", "Ben"])
    g = w.game
    assert g.names == ["Ana", "Ben"] and w.bots == {} and w.view["thinking"] is None
    slow.go.set()
    assert w.wait(10)
    assert g.moves == [] and w.game is g and w.message == {}


def test_new_game_is_refused_during_a_game_and_in_a_lesson():
    seed = human_first(2)
    w = AlhambraWidget(players=["You", Greedy(seed=1)], seed=seed, autoplay=False)
    intent(w, w.game.legal_actions("take")[0])   # (before the first move it is allowed)
    before, game = dict(w.view), w.game
    send(w, type="new_game", stamp=w.view["stamp"], seat=w.seat)
    assert w.game is game and w.message["kind"] == "error"
    assert w.message["text"] == ("A new game starts once this one is over, or before its first move "
                                 "(from Python: w.new_game()).")
    assert {k: v for k, v in w.view.items() if k != "stamp"} == {k: v for k, v in before.items() if k != "stamp"}
    send(w, type="new_game", stamp=w.view["stamp"], seat=w.seat, players=["person", "mcts"])   # a line-up: not in play either
    assert w.game is game and w.message["text"].startswith("A new game starts once this one is over")
    with pytest.raises(TypeError):
        w.new_game(seed=1.5)   # refused before anything changes
    assert w.game is game
    lesson = AlhambraWidget.tutorial(lesson=9)
    game = lesson.game
    send(lesson, type="new_game", stamp=lesson.view["stamp"], seat=lesson.seat)
    assert lesson.game is game and lesson.message["text"] == "A lesson sets up its own position: Start over sets it up again."
    with pytest.raises(RuntimeError, match="tutorial"):
        lesson.new_game()


def test_a_bot_seated_mid_game_takes_its_turn_and_the_view_names_it():
    w = AlhambraWidget(players=["Ana", "Ben"], seed=1)
    w.play(w.game.legal_actions()[0])          # Ana's move: Ben's turn, and Ben is a person
    assert w.game.current == 1 and not w.bots
    w.bots = {1: Greedy(seed=2)}
    assert w.wait(30)
    assert w.game.current == 0 and any(m.player == 1 for m in w.game.moves)   # Ben's bot played
    assert w.view["bots"] == {"1": "Greedy"} and dict(w.bots) == {1: w.bots[1]}
    assert w.seat == 0                            # Ana against a bot: seen from her seat (Ben's hand hidden)
    w.bots = {}                                   # people only again: hot-seat, both can act here
    assert w.view["bots"] == {} and w.lineup() == ["Ana", "Ben"] and w.seat is None


@pytest.mark.parametrize("bots, error, words", [
    ([Greedy()], TypeError, "bots is {seat: bot}, e.g. w.bots = {1: Greedy()}"),
    ({5: Greedy()}, ValueError, "a bot's seat is a player's index from 0 to 1 or a player's name, not 5"),
    ({"Cy": Greedy()}, ValueError, "a bot's seat: no player is called 'Cy': the players are Ana, Ben"),
    ({"Ben": Greedy(), 1: Greedy()}, ValueError, "Ben is given two bots"),
    ({1: Greedy}, TypeError, "make one with its class, e.g. Greedy()"),
    ({1: "Greedy"}, TypeError, "a bot is an alhambra_widget.bots.Bot, not str"),
])
def test_bots_that_are_not_a_seating_are_refused_and_the_table_is_unchanged(bots, error, words):
    w = AlhambraWidget(players=["Ana", "Ben"], seed=1)
    before = (dict(w.bots), w.view, len(w.game.moves))
    with pytest.raises(error) as e:
        w.bots = bots
    assert words in str(e.value)
    assert (dict(w.bots), w.view, len(w.game.moves)) == before
    w.play(w.game.legal_actions()[0])           # the table still plays (a list here broke every refresh)
    assert len(w.game.moves) == 1


def test_a_bot_may_be_seated_by_the_players_name():
    w = AlhambraWidget(players=["Ana", "Ben"], seed=1, autoplay=False)
    w.bots = {"ben": Greedy(seed=2)}
    assert list(w.bots) == [1] and w.view["bots"] == {"1": "Greedy"} and w.seat == 0


def test_the_bots_mapping_is_read_only():
    w = AlhambraWidget(players=["Ana", Greedy()], seed=1)
    with pytest.raises(TypeError):
        w.bots[0] = Greedy()
    assert list(w.bots) == [1]


def test_wait_takes_seconds():
    w = AlhambraWidget(players=["Ana", "Ben"], seed=1)
    assert w.wait(0.01) is True                   # nothing running
    for bad in ("x", float("nan"), True):
        with pytest.raises(TypeError, match="timeout is a number of seconds or None"):
            w.wait(bad)


def test_wait_gives_up_after_its_timeout_while_a_bot_still_thinks():
    bot = Slow()
    w = AlhambraWidget(players=["You", bot], seed=human_first(2), bot_delay=0)
    intent(w, w.game.legal_actions("take")[0])
    assert w._runner.running("bot")
    t0 = time.monotonic()
    try:
        assert w.wait(0.2) is False                   # the bot still thinks: not done
        assert time.monotonic() - t0 < 5              # ... and said so once the timeout passed
        assert w.game.current == 1 and len(w.game.moves) == 1
    finally:
        bot.go.set()
    assert w.wait(10) is True and w.game.current == 0   # once it answers: done, its move played


def test_a_failing_bot_is_logged_by_the_package_logger(caplog):
    with caplog.at_level("ERROR", logger="alhambra_widget"):
        w = AlhambraWidget(players=["You", Broken()], seed=human_first(2), bot_delay=0)
        intent(w, w.game.legal_actions("take")[0])
        assert w.wait(10)
    logged = [r for r in caplog.records if r.name == "alhambra_widget" and "bot job failed" in r.getMessage()]
    assert len(logged) == 1 and logged[0].levelname == "ERROR"
    assert logged[0].exc_info[0] is RuntimeError and "no idea" in str(logged[0].exc_info[1])


class _Last(Bot):
    """Plays the last legal action, and notes each position it was asked about with its answer."""

    def __init__(self):
        super().__init__(None)
        self.asked = set()

    def choose(self, game, seat=None):
        action = game.legal_actions()[-1]
        self.asked.add((game.to_json(), str(action)))
        return action


def test_a_bot_that_loses_its_seat_while_thinking_does_not_play():
    """w.bots = ... while a bot thinks: its answer is dropped; a bot given the seat plays instead."""
    from test_attack_widget import JOIN, Recorder, person_first
    go, seen = threading.Event(), set()
    for new in ({}, {1: _Last()}):
        go.clear()
        w = AlhambraWidget(players=["Ana", Recorder(go, seen)], seed=person_first(2, (0,)), bot_delay=0)
        try:
            intent(w, w.game.legal_actions()[0])
            deadline = time.monotonic() + JOIN
            while w.view["thinking"] != 1 and time.monotonic() < deadline:   # (the bot is asked)
                time.sleep(0.01)
            assert w.view["thinking"] == 1
            w.bots = new
            go.set()                                   # the old bot answers now
            assert w.wait(JOIN)
            played = [m for m in w.game.moves if m.player == 1]
            if not new:
                assert played == [] and w.game.current == 1   # Ben's turn, a person's now
            else:
                # every move of seat 1 is the new bot's answer in that very position
                assert played and w.game.current == 0
                for m in played:
                    before = w.game.position_at(m.index - 1).to_json()
                    assert (before, str(m.action)) in new[1].asked
            assert w.view["thinking"] is None
        finally:
            go.set()
            w.wait(JOIN)
            w.close()


def test_autoplay_turned_on_at_a_bots_turn_starts_it_and_off_stops_it():
    seed = human_first(2)
    w = AlhambraWidget(players=["You", Greedy(seed=1)], seed=seed, bot_delay=0, autoplay=False)
    w.play(w.game.legal_actions("take")[0])
    assert w.wait(5) and w.game.current == 1          # nobody moves for the bot
    w.autoplay = True                                  # now it does, at once
    assert w.wait(10) and w.game.current == 0 and w.autoplay is True
    bot = Slow()
    slow = AlhambraWidget(players=["You", bot], seed=seed, bot_delay=0)
    slow.play(slow.game.legal_actions("take")[0])
    assert slow._runner.running("bot")
    slow.autoplay = False                              # the bot thinking stops, and plays nothing
    assert not slow._runner.running("bot")
    bot.go.set()
    assert slow.wait(5)
    assert slow.game.current == 1 and len(slow.game.moves) == 1
    for wrong in ("yes", None, 2):
        with pytest.raises(TypeError, match="autoplay is True or False"):
            w.autoplay = wrong
    with pytest.raises(TypeError, match="autoplay is True or False"):
        AlhambraWidget(players=["You", Greedy()], autoplay="no")
    assert w.autoplay is True
    w.autoplay = 0                                     # (0 and 1: the booleans they stand for)
    assert w.autoplay is False
    w.autoplay = 1
    assert w.autoplay is True


def test_a_bots_answer_is_not_played_after_a_cell_changed_the_game_from_another_thread():
    # Outside a kernel (a script, marimo) a bot's answer is played from its own thread, and a
    # cell's w.game.undo() takes no lock of the widget: an undo landing after the answer was
    # checked must not let it be played -- for another player, in a position not thought of.
    import contextlib

    class Taker(Bot):
        def choose(self, game, seat=None):
            return game.legal_actions("take")[0]

    w = AlhambraWidget(players=["You", Taker()], seed=human_first(2), bot_delay=0)
    checked, go_on = threading.Event(), threading.Event()
    hold = w.hold_sync

    @contextlib.contextmanager
    def held():
        if threading.current_thread() is not threading.main_thread():   # the bot's answer, checked
            checked.set()
            go_on.wait(10)
        with hold():
            yield

    w.hold_sync = held
    g = w.game
    g.play(g.legal_actions("take")[0])   # the person's move: the bot thinks
    assert checked.wait(10)
    g.undo()                             # a cell takes it back meanwhile (the engine's undo)
    go_on.set()
    assert w.wait(10)
    assert [m.player for m in g.moves if m.player is not None] == [] and g.current == 0
    w.hold_sync = hold
    w.close()


def test_two_tables_of_one_game_never_change_it_at_once():
    # Outside a kernel a table plays its bots' moves from the bot's thread, under the table's lock.
    # Two tables may show one game (one per seat, each with the bots seated): while one of them is
    # in the middle of a change, the other's bot, its answer ready, waits -- else both could play
    # on the game at once (a corrupted game, seen under a fast thread switch).
    answered = threading.Event()

    class Taker(Bot):
        def choose(self, game, seat=None):
            answered.set()
            return game.legal_actions("take")[0]

    g = Game(["Ana", "Ben"], seed=human_first(2))
    mine = AlhambraWidget(g, seat=0, autoplay=False)
    theirs = AlhambraWidget(g, seat=1, bots={1: Taker()}, bot_delay=0)
    with mine._lock:                              # a change at the first table, under way
        g.play(g.legal_actions("take")[0])        # Ana's move: Ben's bot at the other table thinks
        assert answered.wait(10)
        time.sleep(0.3)                           # its answer ready: it must not be played now
        assert len(g.moves) == 1 and g.current == 1
    assert theirs.wait(10)                        # the change done, the bot's move follows
    assert len(g.moves) == 2 and g.moves[-1].player == 1 and g.current == 0
    g.check()
    mine.close()
    theirs.close()


# ---------------------------------------------------------------- no threads (Pyodide)
def test_without_threads_bots_wait_for_the_loop_and_wait_plays_them(no_threads):
    w = AlhambraWidget(players=[Greedy(seed=1), Random(seed=2)], seed=3)
    assert no_threads   # (it did try)
    assert w.game.moves == [] and w.view["thinking"] == w.game.current   # no loop here: waiting for one
    assert w.wait(60)
    assert w.game.is_over and len(w.game.moves) > 100
    assert w.view["thinking"] is None
    # the same game as the bots play it move by move without the widget's runner
    again = AlhambraWidget(players=[Greedy(seed=1), Random(seed=2)], seed=3, autoplay=False)
    again.play_bots()
    assert [str(m.action) for m in again.game.moves] == [str(m.action) for m in w.game.moves]


def test_without_threads_bots_hints_and_the_review_run_on_the_event_loop(no_threads):
    import asyncio

    from conftest import run_session

    seed = human_first(2)

    async def session():
        w = AlhambraWidget(players=["You", Greedy(seed=1)], seed=seed, bot_delay=0)
        g = w.game
        intent(w, g.legal_actions("take")[0])
        assert w.view["thinking"] == 1 and g.current == 1   # the bot's turn, its work due on the loop
        for _ in range(100):
            await asyncio.sleep(0.01)   # (between cells: the loop runs what is due)
            if g.current == 0:
                break
        assert g.current == 0 and {m.player for m in g.moves} == {0, 1}
        assert w.view["thinking"] is None
        # an undo while the bot's move is due: the move due is dropped, the bot looks again
        intent(w, g.legal_actions("take")[0])
        assert w.view["thinking"] == 1
        send(w, type="undo", stamp=w.view["stamp"], seat=w.seat)
        # (the take taken back; an undo in play deals the unseen cards afresh, a move of its own)
        assert g.current == 0 and w.view["thinking"] is None and g.moves[-1].player is None
        after = len(g.moves)
        await asyncio.sleep(0.05)
        assert len(g.moves) == after and g.current == 0   # nothing played for the position taken back
        # a hint, asked from the page, comes by the loop too
        send(w, type="hint", seat=w.seat)
        assert w.view["hinting"] is True
        for _ in range(300):
            await asyncio.sleep(0.01)
            if not w.view["hinting"]:
                break
        assert w.view["hints"] and len(w.view["hints"]) == 3
        return w

    w = run_session(session)
    # and at the end of the game the review, waited for from a cell
    w.autoplay = False
    while not w.game.is_over:
        w.game.play(w.game.legal_actions()[0])
        w.play_bots()
    table = w.review(seconds_per_move=0.001, wait=True, iterations=20)
    assert len(table) == sum(m.player is not None for m in w.game.moves) and w.graded   # (every move made)
    assert set(no_threads) >= {"alhambra-bot", "alhambra-hint", "alhambra-review"}


def test_without_threads_wait_with_no_time_left_plays_nothing_and_says_so(no_threads):
    w = AlhambraWidget(players=[Greedy(seed=1), Random(seed=2)], seed=3)
    assert w.view["thinking"] == w.game.current            # the bot's work is due on the loop
    assert w.wait(0) is False and w.game.moves == []       # no time to run it: not done, nothing played
    w.autoplay = False                                      # the bot stops: nothing is due any more
    assert w.view["thinking"] is None
    assert w.wait(0) is True and w.game.moves == []


def test_a_job_replaced_by_a_newer_one_of_its_kind_hands_on_only_the_newer_result():
    """Runner (alhambra_widget.seats): one job of a kind at a time; the result of a job replaced
    or cancelled is dropped when it comes, and the newer job stays the one running."""
    from alhambra_widget.seats import Runner

    runner = Runner(threading.RLock())
    got = []
    gates = [threading.Event() for _ in range(3)]

    def work(k):
        def run():
            gates[k].wait(10)
            return f"answer {k}"
        return run

    def done(key, result):
        got.append((key, result))

    runner.start("bot", "old", work(0), done)
    old = runner.threads[-1]
    runner.start("bot", "new", work(1), done)
    assert runner.running("bot", "new") and not runner.running("bot", "old")
    gates[0].set()
    old.join(10)
    assert not old.is_alive()
    assert got == [] and runner.running("bot", "new")      # the old answer dropped, the new job still awaited
    gates[1].set()
    assert runner.wait(10)
    assert got == [("new", "answer 1")] and not runner.running("bot")
    runner.start("bot", "gone", work(2), done)
    runner.cancel("bot")
    assert not runner.running("bot")
    gates[2].set()
    assert runner.wait(10)
    assert got == [("new", "answer 1")] and not runner.running("bot")


def test_a_job_starts_at_once_unless_given_a_delay(monkeypatch):
    """A hint's search starts at once; a bot's move waits the delay it is given first."""
    import types

    from alhambra_widget import seats

    slept = []
    monkeypatch.setattr(seats, "time", types.SimpleNamespace(sleep=slept.append, monotonic=time.monotonic))
    runner = seats.Runner(threading.RLock())
    got = []
    runner.start("hint", 1, lambda: "found", lambda key, result: got.append((key, result)))
    assert runner.wait(10) and got == [(1, "found")]
    assert slept == []
    runner.start("bot", 2, lambda: "moved", lambda key, result: got.append((key, result)), delay=0.25)
    assert runner.wait(10) and got == [(1, "found"), (2, "moved")]
    assert slept == [0.25]
