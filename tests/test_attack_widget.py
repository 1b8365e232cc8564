"""The widget under attack, without a browser: bots, undo, threads, forged
writes, floods and its lifetime (issue "Nothing lost, nothing leaked, nothing
stuck"). The kernel's side of the protocol is driven as in tests/test_widget.py:
``w._handle_custom_msg`` is what a front-end message calls, ``w.set_state``
what a front-end trait write calls. Outside a kernel a bot's answer is played
from its own thread, under the widget's lock; ``w.wait()`` waits for it.
"""

from __future__ import annotations

import gc
import itertools
import json
import math
import random
import threading
import weakref
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import test_widget  # noqa: F401  (builds the bundle before the widget class is defined)
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget import widget as widget_module
from alhambra_widget.bots import Bot, Greedy
from alhambra_widget.engine.errors import IllegalMove

JOIN = 20   # seconds a handler or the bots get before the test calls them stuck


def send(w, **content):
    w._handle_custom_msg(content, [])


def intent(w, action):
    send(w, type="action", action=str(action), stamp=w.view["stamp"], seat=w.seat)


def person_first(n, people=(0,)):
    """A seed whose start player is a person (so a test starts with a move of its own)."""
    for s in range(200):
        if Game(n, seed=s).current in people:
            return s
    raise AssertionError


class Recorder(Bot):
    """A bot that waits for ``go`` before it answers and records every
    position it was asked about, with its answer: ``seen`` holds
    ``(game.to_json(), str(action))``. Its answer follows from the position
    alone, so a run is reproducible."""

    def __init__(self, go, seen):
        super().__init__(None)
        self.go, self.seen = go, seen

    def choose(self, game, seat=None):
        self.go.wait(JOIN)
        legal = game.legal_actions()
        action = random.Random(len(game.moves) * 7 + game.current).choice(legal)
        self.seen.add((game.to_json(), str(action)))
        return action


def watch(game, bots, bad):
    """Check every bot move when it is played: the bot was asked about
    exactly the position it is played in (never an answer for another one)."""
    def on(g, event, move):
        if event == "play" and move.player in bots:
            before = g.position_at(move.index - 1).to_json()
            if (before, str(move.action)) not in bots[move.player].seen:
                bad.append(f"move {move.index} {move.action} by seat {move.player}: not asked there")
    game.listen(on)   # a plain function: held by the game
    return game


# ---------------------------------------------- move, undo, move against bots
TABLES = {
    "one person, one bot": (["You", "bot"], (0,)),
    "one person, two bots": (["You", "bot", "bot"], (0,)),
    "two people at one screen, one bot": (["Ana", "Ben", "bot"], (0, 1)),
}

def run_table(table, ops):
    """Play ``ops`` at a table of people and slow bots: ("move", k) a
    person's k-th legal move (refused while a bot is to move), ("undo", _),
    ("redo", _), ("wait", _) (the bots may answer now: wait for them),
    ("from", k) (replay the position after k moves and play on from it),
    ("try", k) (the same with a move played there, as a hint's button does),
    ("replace", seed) (w.game = another game). Checks that no bot move is
    played in another position than the one it was chosen for, and that after
    waiting the bots have moved (no stall)."""
    names, people = TABLES[table]
    go, seen, bad = threading.Event(), set(), []
    players = [p if p != "bot" else Recorder(go, seen) for p in names]
    n = len(names)
    w = AlhambraWidget(players=players, seed=person_first(n, people), bot_delay=0)
    w._chance = random.Random(0)   # the reshuffles after an undo: reproducible
    bots = w.bots
    watch(w.game, bots, bad)

    def settle():
        go.set()
        assert w.wait(JOIN), "the bots never finished"
        go.clear()
        g = w.game
        # never a stall: after waiting, a bot to move has moved
        assert g.is_over or g.current not in bots, f"stuck: it is {g.players[g.current].name}'s turn"
        assert w.view["thinking"] is None

    try:
        for op, arg in ops:
            g = w.game
            if op == "move":
                legal = g.legal_actions()
                if legal:
                    intent(w, legal[arg % len(legal)])
            elif op == "undo":
                send(w, type="undo", stamp=w.view["stamp"], seat=w.seat)
            elif op == "redo":
                send(w, type="redo", stamp=w.view["stamp"], seat=w.seat)
                if w.message["kind"] == "info":   # a redo plays a person's move again, not a reshuffle
                    assert g.moves[-1].player is not None and g.moves[-1].player not in bots
            elif op == "wait":
                settle()
            elif op == "from":     # replay an earlier position and play on from there
                if g.moves:
                    send(w, type="replay", index=arg % len(g.moves))
                    k = w.replay_index
                    send(w, type="play_from", index=k, stamp=w.view["stamp"], seat=w.seat)
                    assert w.message["kind"] == "info" and w.replay_index == -1, w.message
                    assert len([m for m in g.moves[k:] if m.player is not None]) == 0
            elif op == "try":      # replay an earlier position and play on from there with a move (a hint tried)
                if g.moves:
                    send(w, type="replay", index=arg % len(g.moves))
                    k = w.replay_index
                    there = g.position_at(k)
                    legal = there.legal_actions()
                    action = legal[arg % len(legal)]
                    before = g.to_json()
                    send(w, type="play_from", index=k, action=str(action), stamp=w.view["stamp"], seat=w.seat)
                    if there.current in bots:   # a bot's move: refused, nothing changed
                        assert w.message["kind"] == "error" and g.to_json() == before and w.replay_index == k
                        send(w, type="replay", index=-1)
                    else:
                        assert w.message["kind"] == "info" and w.replay_index == -1, w.message
                        people_later = [m for m in g.moves[k:] if m.player is not None]
                        assert [m.action for m in people_later] == [action] and people_later[0].player == there.current
            else:
                w.game = watch(Game(list(g.names), seed=arg % 50), bots, bad)   # (the bots numbered: one name each)
            assert not bad, bad
        settle()
        assert not bad, bad
    finally:
        go.set()
        w.wait(JOIN)
        w.close()


# every order of four steps from: two different moves, undo, wait, redo
STEPS = [("move", 0), ("move", 1), ("undo", 0), ("wait", 0), ("redo", 0)]
EVERY_ORDER = list(itertools.product(STEPS, repeat=4))


def test_move_undo_move_against_a_slow_bot_in_every_order():
    for ops in EVERY_ORDER:
        run_table("one person, one bot", [("move", 0), ("wait", 0)] + list(ops))


OPS = st.lists(st.tuples(st.sampled_from(["move", "move", "move", "undo", "undo", "redo", "wait", "wait", "replace", "from", "try"]),
                         st.integers(0, 10 ** 6)), min_size=8, max_size=30)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=st.sampled_from(sorted(TABLES)), ops=OPS)
def test_move_undo_move_against_slow_bots_in_any_order(table, ops):
    run_table(table, ops)


def test_a_redo_at_a_bots_turn_is_the_bots_to_make():
    """Two people and a bot: Ben's move and the bot's reply are taken back, Ben plays the same
    move again, and the bot's old reply is next on the redo list. A Redo then played the bot's
    move for it (found by the search above); now the bot answers for itself and Redo waits."""
    run_table("two people at one screen, one bot",
              [("move", 0)] * 4 + [("wait", 0), ("undo", 0), ("move", 0), ("redo", 0)])
    go, seen = threading.Event(), set()
    w = AlhambraWidget(players=["Ana", "Ben", Recorder(go, seen)], seed=person_first(3, (0, 1)), bot_delay=0)
    try:
        while w.game.current != 2:
            intent(w, w.game.legal_actions()[0])
        go.set()
        assert w.wait(JOIN) and w.game.current != 2
        go.clear()
        send(w, type="undo", stamp=w.view["stamp"], seat=None)   # the bot's reply and the move before it
        again = w.game.legal_actions()[0]
        assert w.game.can_redo and str(again) == str(w.game._redo[-1])   # (the same move as taken back)
        intent(w, again)
        assert w.game.current == 2 and w.game.can_redo          # the bot's old reply is next on the list
        assert w.view["can_redo"] is False
        before = len(w.game.moves)
        send(w, type="redo", stamp=w.view["stamp"], seat=None)
        assert w.message["kind"] == "error" and "wait for its move" in w.message["text"]
        assert len(w.game.moves) == before
    finally:
        go.set()
        w.wait(JOIN)
        w.close()


def test_a_refused_bot_answer_makes_it_think_again():
    class Stubborn(Bot):
        """Answers once with a move of another position, then legally."""
        asked = 0

        def choose(self, game, seat=None):
            Stubborn.asked += 1
            return "take dinar 99" if Stubborn.asked == 1 else game.legal_actions()[0]

    w = AlhambraWidget(players=["You", Stubborn()], seed=person_first(2), bot_delay=0)
    intent(w, w.game.legal_actions("take")[0])
    assert w.wait(JOIN)
    assert Stubborn.asked >= 2 and w.game.current == 0   # it thought again and moved
    w.close()


# ------------------------------------------------- undo racing a replacement
def bots_replied():
    """A widget where a person moved and two bots replied (autoplay off)."""
    w = AlhambraWidget(players=["You", Greedy(seed=1), Greedy(seed=2)], seed=person_first(3), autoplay=False)
    intent(w, w.game.legal_actions("take")[0])
    w.play_bots()
    assert w.game.current == 0 and len(w.game.moves) >= 3
    return w


def in_thread(fn, *args):
    """Run ``fn`` in a thread; True if it returned within JOIN seconds."""
    errors = []

    def main():
        try:
            fn(*args)
        except BaseException as e:  # reported to the test
            errors.append(e)

    th = threading.Thread(target=main, daemon=True)
    th.start()
    th.join(JOIN)
    assert not errors, errors
    return not th.is_alive()


CELL_CALLS = {
    "play": lambda w: w.play("take dinar 9"),
    "play_bots": lambda w: w.play_bots(),
    "seat": lambda w: setattr(w, "seat", None),     # (the view drawn again: never the one before the move)
    "lang": lambda w: setattr(w, "lang", "de"),
}


@pytest.mark.parametrize("call", sorted(CELL_CALLS))
def test_a_cells_call_waits_for_a_bots_move_being_played(tmp_path, call):
    """Outside a kernel a bot's move is played from the bot's own thread: a
    cell's ``w.play`` or ``w.play_bots`` meanwhile waits until that move is
    played (and kept in the file), never plays into the middle of it; a new
    seat or language draws the table after it."""
    go, seen = threading.Event(), set()
    f = tmp_path / "game.json"
    w = AlhambraWidget(players=["Ana", Recorder(go, seen)], seed=person_first(2), bot_delay=0, save=f)
    inside, leave, order = threading.Event(), threading.Event(), []

    def on(g, event, move):   # holds the bot's move half-way: played, the widget told, not yet done
        if event == "play" and move.player == 1 and threading.current_thread().name == "alhambra-bot":
            inside.set()
            leave.wait(JOIN)
            order.append("bot")

    try:
        w.play(w.game.legal_actions()[0])      # Ana's move: the bot starts thinking
        w.game.listen(on)
        go.set()
        assert inside.wait(JOIN), "the bot did not move"

        def cell():
            try:
                CELL_CALLS[call](w)
            except IllegalMove:
                pass
            order.append("cell")

        th = threading.Thread(target=cell)
        th.start()
        th.join(0.5)
        assert th.is_alive() and order == [], "the cell's call did not wait for the bot's move"
        leave.set()
        th.join(JOIN)
        assert order == ["bot", "cell"]
        assert w.wait(JOIN)
        w.game.check()
        assert w.view["moves"] == len(w.game.moves)
        assert Game.from_json(f.read_text(encoding="utf-8")).to_json() == w.game.to_json()
    finally:
        go.set()
        leave.set()
        w.wait(JOIN)
        w.close()


def test_undo_stops_when_a_watcher_replaces_the_game():
    w = bots_replied()
    a = w.game
    b = Game(3, seed=99)
    b.play(b.legal_actions()[0])
    b_before = b.to_json()
    moves_before = len(a.moves)

    def replace(game, event, move):
        if event == "undo" and w.game is a:
            w.game = b      # a watcher (another cell, another widget) shows another game

    a.listen(replace)
    assert in_thread(lambda: send(w, type="undo", stamp=w.view["stamp"], seat=w.seat)), "the undo never returned"
    assert w.game is b and b.to_json() == b_before     # the new game is untouched
    assert len(a.moves) == moves_before - 1            # the old one: the one undo that replaced it
    w.close()


def test_undo_racing_a_replacement_from_another_thread_returns(caplog):
    caplog.set_level("ERROR", logger="alhambra_widget")
    w = bots_replied()
    games = [w.game, w.game.copy(), Game(3, seed=5)]
    stop = threading.Event()

    failed = []

    def replacer():
        k = 0
        while not stop.is_set():
            k += 1
            try:
                w.game = games[k % len(games)]
            except Exception as e:  # reported to the test
                failed.append(e)
                return

    def player():
        for i in range(150):
            g = w.game
            if i % 3 == 0 and not g.is_over and g.current == 0:
                legal = g.legal_actions()
                if legal:
                    intent(w, legal[i % len(legal)])
            else:
                send(w, type="undo", seat=w.seat)
            if i % 10 == 0:
                w.play_bots(3)

    th = threading.Thread(target=replacer, daemon=True)
    th.start()
    try:
        assert in_thread(player), "an intent never returned"
    finally:
        stop.set()
        th.join(JOIN)
    assert not th.is_alive() and not failed, failed
    bugs = [r.getMessage()[:200] for r in caplog.records if r.levelname == "ERROR"]
    assert not bugs, bugs          # no handler met an internal error
    for g in games:
        g.check()
        assert Game.from_json(g.to_json()).to_json() == g.to_json()
    w.close()


def test_undo_against_bots_takes_back_a_bounded_run(monkeypatch):
    w = bots_replied()
    g = w.game
    replies = [m for m in g.moves if m.player in w.bots]
    assert len(replies) >= 2
    monkeypatch.setattr(widget_module, "MAX_UNDO_RUN", 1)
    before = len([m for m in g.moves if m.player is not None])
    send(w, type="undo", stamp=w.view["stamp"], seat=w.seat)
    after = len([m for m in g.moves if m.player is not None])
    assert before - after == 1
    w.close()


def test_an_undo_cut_short_before_any_players_move_says_nothing_and_fails_nothing(monkeypatch, caplog):
    # the bound met on reshuffles alone: no player's move was taken back, so there is nothing to
    # tell -- the message line is cleared, no error shows, and w.undo() returns None
    for how in ("button", "python"):
        w = AlhambraWidget(players=["Ana", "Ben"], seed=3)
        g = w.game
        played = g.legal_actions("take")[0]
        g.play(played)
        g.resample_hidden(random.Random(1))   # a chance move (no player's) after the player's
        assert g.moves[-1].player is None
        monkeypatch.setattr(widget_module, "MAX_UNDO_RUN", 1)
        if how == "button":
            send(w, type="undo", stamp=w.view["stamp"], seat=w.seat)
        else:
            assert w.undo() is None
        assert w.message == {}
        assert [m.action for m in g.moves if m.player is not None] == [played]   # the player's move stayed
        assert not [r for r in caplog.records if r.levelname == "ERROR"]
        monkeypatch.undo()
        w.close()


# -------------------------------------------- undo does not show the future
def binomial_bound(n, p, tail=1e-9):
    """The smallest b with P(Binomial(n, p) >= b) < tail."""
    total = 0.0
    for k in range(n, -1, -1):
        total += math.comb(n, k) * p ** k * (1 - p) ** (n - k)
        if total >= tail:
            return k + 1
    return 0


def revealing_position(kind, seed):
    """A widget (one person, one bot, autoplay off) where the person's next
    move ``action`` shows what lay hidden: a ``kind`` event ("money": a card
    from the deck, "refill": a tile from the bag)."""
    rng = random.Random(seed)
    w = AlhambraWidget(players=["You", Greedy(seed=1)], seed=seed, autoplay=False)
    g = w.game
    for _ in range(400):
        if g.current == 0:
            for a in g.legal_actions():
                m = g.what_if(a).moves[-1]
                if m.of_kind(kind) and not m.of_kind("scoring") and not m.of_kind("shuffle"):
                    return w, a
        g.play(rng.choice(g.legal_actions()))
    raise AssertionError(f"no move of the person shows a {kind} event")


@pytest.mark.parametrize("kind", ["money", "refill"])
def test_undo_at_the_table_never_shows_the_same_unseen_card_more_often_than_chance(kind):
    w, action = revealing_position(kind, seed=3)
    w._chance = random.Random(11)   # seeded: the test is reproducible
    g = w.game
    before = g.observation()
    if kind == "money":
        unseen = [c for c in g.deck if not str(c).startswith("scoring")]
    else:
        unseen = list(g.bag)

    def shown():
        intent(w, action)
        assert w.message["kind"] == "info", w.message
        ev = g.moves[-1].of_kind(kind)[0]
        return ev.cards[0] if kind == "money" else ev.tile

    first = shown()
    p = Counter(unseen)[first] / len(unseen)      # a fresh random draw shows it this often
    trials = 300
    draws = []
    for _ in range(trials):
        send(w, type="undo", stamp=w.view["stamp"], seat=w.seat)
        assert g.observation() == before         # everything anyone may know is as before
        draws.append(shown())
    same = draws.count(first)
    assert same < binomial_bound(trials, p), (same, trials, p)
    assert len(set(draws)) >= 10                 # a real sample, not one fixed order
    # the engine's own undo stays exact: the same card comes again
    g.undo()
    g.play(action)
    assert (g.moves[-1].of_kind(kind)[0].cards[0] if kind == "money" else g.moves[-1].of_kind(kind)[0].tile) \
        == draws[-1]
    w.close()


@pytest.mark.parametrize("how", ["undo twice", "undo, then play from before"])
def test_a_second_undo_never_puts_back_an_order_already_seen(how):
    # A move that reveals nothing (a buy), then one that draws from the bag (its placement ends
    # the turn: a refill). The first undo reshuffles; a second one takes back that reshuffle --
    # which restores the order the refill was drawn from -- and the buy: that order must not
    # come back, else playing the two moves again shows the same tile every time.
    g = Game(["Ana", "Ben"], seed=0)
    buy = next(b for b in g.legal_actions("buy") if g.what_if(b).phase == "place")
    place = g.what_if(buy).legal_actions()[0]
    w = AlhambraWidget(g, autoplay=False)
    w._chance = random.Random(5)

    def refill():
        intent(w, buy)
        intent(w, place)
        return [e.tile for e in g.moves[-1].of_kind("refill")]

    first = refill()
    assert first and g.bag_size >= 40
    same = 0
    for _ in range(30):
        send(w, type="undo", stamp=w.view["stamp"], seat=None)   # the placement, and a reshuffle
        if how == "undo twice":
            send(w, type="undo", stamp=w.view["stamp"], seat=None)   # the reshuffle and the buy
        else:
            k = len(g.moves) - 2   # the position before the buy
            send(w, type="replay", index=k)
            send(w, type="play_from", index=k, stamp=w.view["stamp"], seat=None)
        assert [m.action for m in g.moves if m.player is not None] == []
        same += refill() == first
    assert same <= 5, same   # a fresh order shows the same tile about once in 45


# ------------------------------------------------------------ the lifetime
@pytest.mark.parametrize("how", ["own game", "one game kept by the test", "with bots"])
def test_closed_widgets_are_collected(how):
    kept = Game(3, seed=4)
    refs = []
    for i in range(200):
        if how == "own game":
            w = AlhambraWidget(players=3, seed=i)
        elif how == "with bots":
            w = AlhambraWidget(players=["You", Greedy(seed=i)], seed=person_first(2), bot_delay=0)
            intent(w, w.game.legal_actions("take")[0])
            w.wait(JOIN)
        else:
            w = AlhambraWidget(kept)
        w.on_move(lambda game, action: None)
        refs.append(weakref.ref(w))
        w.close()
        del w
    gc.collect()
    alive = sum(r() is not None for r in refs)
    assert alive == 0, f"{alive} of 200 closed widgets are still alive"
    kept.play(kept.legal_actions()[0])   # the kept game still plays, telling nobody


# --------------------------------------------------------- forged writes
def forged_values():
    huge = 10 ** 5000
    return [None, True, -1, 2 ** 64, huge, 1.5, float("nan"), "", "x" * 100_000, [], [1, [2]], {},
            {"kind": "info", "text": "<img src=x onerror=alert(1)>"}, "IPY_MODEL_0000"]


@pytest.fixture
def w():
    w = AlhambraWidget(players=3, seed=1)
    w.play(w.game.legal_actions()[0])
    yield w
    w.close()


def state_of(w):
    return json.dumps({k: v for k, v in w.get_state().items() if k != "layout"}, sort_keys=True, default=str), \
        w.game.to_json(), w.layout.get_state()


@pytest.mark.parametrize("value", forged_values(), ids=range(len(forged_values())))
def test_forged_trait_writes_change_nothing_and_the_kernel_state_is_resent(w, value):
    names = list(dict.fromkeys(sorted(set(w.keys)) + ["_css", "_esm", "not_a_trait", "comm", "keys", "_game",
                                                        "__class__", ""]))
    def differs(name):   # a write that would change the kernel's value (not a write back)
        if name not in w.keys:
            return False
        mine = w.get_state(name)[name]
        return not (type(mine) is type(value) and mine == value)

    for name in names:
        before = state_of(w)
        sent = []
        w.send_state = lambda key=None: sent.append(key)
        w.set_state({name: value})
        assert state_of(w) == before, name
        assert sent == ([[name]] if differs(name) else []), (name, sent)   # re-sent: only real traits
        del w.send_state
    # all at once, and a message that is not a dict at all
    before = state_of(w)
    sent = []
    w.send_state = lambda key=None: sent.append(key)
    w.set_state({name: value for name in names})
    assert state_of(w) == before
    assert sent == [[k for k in names if differs(k)]]
    w.set_state("garbage")
    w.set_state(None)
    assert state_of(w) == before
    intent(w, w.game.legal_actions()[0])        # the widget still plays
    assert w.message["kind"] == "info"


def test_the_front_end_writing_back_the_kernels_values_is_no_change(w, caplog):
    # (the page writes a trait back unchanged for reactive hosts such as marimo)
    sent = []
    w.send_state = lambda key=None: sent.append(key)
    before = state_of(w)
    w.set_state(w.get_state())
    assert state_of(w) == before and sent == []
    assert not [r for r in caplog.records if "ignored" in r.getMessage()]


def test_the_view_count_is_taken_from_the_front_end_only_when_tracked(w):
    sent = []
    w.send_state = lambda key=None: sent.append(key)
    w.set_state({"_view_count": 3})                 # not tracked (None): forged
    assert w._view_count is None and sent == [["_view_count"]]
    w._view_count = 0                               # tracked: the front end counts its views
    sent.clear()
    w.set_state({"_view_count": 2})
    assert w._view_count == 2
    sent.clear()   # (the kernel sends a change of its own)
    w.set_state({"_view_count": 2})
    assert w._view_count == 2 and sent == []
    for bad in ("2", -1, True, 10 ** 30, None):
        w.set_state({"_view_count": bad})
        assert w._view_count == 2 and sent[-1] == ["_view_count"]


# ------------------------------------------------------------ a hint flood
def test_a_hint_flood_runs_one_analysis_per_position_and_other_messages_pass(monkeypatch):
    import alhambra_widget.analysis.hints as hints

    release = threading.Event()
    started = threading.Semaphore(0)
    calls = Counter()        # position -> analyses started for it
    running = []             # the positions of the analyses running now

    def candidates(game, seconds=1.0, top=3, iterations=None, seed=None, stop=None):
        key = game.to_json()
        calls[key] += 1
        running.append(key)
        started.release()
        try:
            release.wait(JOIN)
        finally:
            running.remove(key)
        rows = [{"action": str(a), "win_probability": 0.5, "expected_margin": 0.0}
                for a in game.legal_actions()[:top]]
        return rows, {}

    monkeypatch.setattr(hints, "candidates", candidates)
    w = AlhambraWidget(players=2, seed=1)     # hot-seat: a hint on every turn

    def flood():
        threads = [threading.Thread(target=send, args=(w,), kwargs={"type": "hint", "seat": None})
                   for _ in range(30)]
        for th in threads:
            th.start()
        for th in threads:
            th.join(JOIN)
        assert not any(th.is_alive() for th in threads), "a hint message was not answered"
        assert started.acquire(timeout=JOIN), "no analysis started"
        assert not started.acquire(timeout=0.2), "a second analysis started for the same position"

    try:
        flood()
        first = w.game.to_json()
        assert calls == {first: 1} and running == [first]
        assert w.view["hinting"] is True
        # other messages are answered while the analysis runs: a move, a replay
        n = len(w.game.moves)
        intent(w, w.game.legal_actions()[0])
        assert len(w.game.moves) == n + 1 and w.view["hints"] is None
        assert in_thread(lambda: send(w, type="replay", index=0))
        assert w.replay_index == 0
        send(w, type="replay", index=-1)
        flood()                               # a new position: one new analysis
        second = w.game.to_json()
        assert calls == {first: 1, second: 1}
        # the first (now forgotten) runs on to its end; no more than one per position
        assert sorted(running) == sorted([first, second])
    finally:
        release.set()
        assert w.wait(JOIN)
    shown = w.view["hints"]
    assert shown and {h["action"] for h in shown} <= {str(a) for a in w.game.legal_actions()}
    w.close()


def test_a_lone_surrogate_is_no_name_and_no_seed(tmp_path):
    # "\ud800" is what a forged page's JSON "\\ud800" decodes to: no UTF-8 text holds it, so a
    # game named so could be neither saved nor sent to the page
    with pytest.raises(ValueError, match="the name of player 1"):
        Game(["A\ud800", "Ben"])
    with pytest.raises(ValueError, match="lone surrogate"):
        Game(2, seed="x\ud800")
    from alhambra_widget import RecordError
    text = Game(["Ana", "Ben"], seed="evening").to_json()
    for forged in (text.replace('"Ana"', '"\\ud800"'), text.replace('"evening"', '"\\ud800"')):
        with pytest.raises(RecordError):
            Game.from_json(forged)
    # a forged line-up at a table that keeps its game in a file: refused, nothing changed
    f = tmp_path / "evening.json"
    w = AlhambraWidget(players=["Ana", "Ben"], seed=1, autoplay=False, save=f)
    old, kept = w.game, f.read_text(encoding="utf-8")
    send(w, type="new_game", players=["person", "person"], names=["\ud800", None], stamp=w.view["stamp"],
         seat=None)
    assert w.message["kind"] == "error" and "Seat 1" in w.message["text"]
    assert w.game is old and f.read_text(encoding="utf-8") == kept
    json.dumps(w.view, ensure_ascii=False).encode("utf-8")   # the view can still be sent
    intent(w, w.game.legal_actions()[0])
    assert len(w.game.moves) == 1 and Game.from_json(f.read_text(encoding="utf-8")).to_json() == w.game.to_json()
    w.close()
