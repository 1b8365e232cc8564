"""Every message of the protocol, sent in any order, as a page (or a forger)
could send them: moves legal and not, Undo, Redo, the replay, Play from here
with and without a move, Game played, Hint, Review and Stop, the language, a
new game with any line-up, lesson buttons outside a lesson, malformed
messages; and, between them, what a cell may do (play on, another game, another seat).

After every step the kernel's state must hold together: the game keeps its
books (``Game.check``), the view is JSON and shows nothing hidden, the file
of a kept game holds exactly the game, a refusal in the message line says
what was refused, no warning is logged, and no bot is left waiting to move. The
searches are cut to a few iterations so that many orders can be tried; their
strength is tested elsewhere. ``ATTACK_EXAMPLES=2000`` tries more orders than the default 100.
"""

from __future__ import annotations

import importlib
import json
import logging
import os
import random
import sys

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

import test_widget  # noqa: F401  (builds the bundle before the widget class is defined)
from test_widget import check_hidden, send
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.engine.game import MAX_MOVES
from alhambra_widget.bots import Greedy, Random
import alhambra_widget.analysis.hints as hints_module

# (the module: the package's name review is the function)
review_module = importlib.import_module("alhambra_widget.analysis.review")

JOIN = 30   # seconds the bots, a hint or a review get before the test calls them stuck

LINEUPS = {
    "two people": lambda: {"players": ["Ana", "Ben"]},
    "a person and Greedy": lambda: {"players": ["Ana", Greedy(seed=1)]},
    "two people and a bot": lambda: {"players": ["Ana", "Ben", Random(seed=2)]},
    "seated among bots": lambda: {"players": ["Ana", Greedy(seed=1), Random(seed=3), Greedy(seed=4)], "seat": 0},
    "six people": lambda: {"players": 6},
}

OPS = ["move"] * 6 + ["bad move", "undo", "redo", "replay", "live", "from", "try", "back", "hint",
                      "review", "stop", "language", "new game", "forged", "other game", "other seat", "play on"]

FORGED = [
    {"type": "replay"},                                   # a field missing
    {"type": "nope"},                                     # an unknown kind
    {"type": "action", "action": 3, "stamp": 0},          # a field of the wrong type
    {"type": "play_from", "index": "3"},
    {"type": "play_from", "index": 10 ** 9},
    {"type": "lesson", "op": "next"},                     # a lesson button outside a lesson
    {"type": "new_game", "players": ["person"] * 9},      # more seats than the game has
    {"type": "new_game", "players": ["person", "chess engine"]},
    {"type": "language", "lang": "xx"},
    {"type": "hint", "seat": 7},
    {},
]

BAD_MOVES = ["take dinar 99", "buy 9", "place 3 at 0,0", "", "remove 0,0", "x" * 5000, "swap 54 at 1,0"]


@pytest.fixture(autouse=True)
def quick_searches(monkeypatch):
    """Hints and reviews with a few iterations a position (the same code paths, sooner)."""
    candidates, rows = hints_module.candidates, review_module.iter_review_rows

    def few(game, seconds=1.0, *, top=10, iterations=None, seed=None, stop=None):
        return candidates(game, seconds, top=top, iterations=8, seed=seed, stop=stop)

    def few_rows(game, seconds_per_move=0.5, **kw):
        kw["iterations"] = 4
        return rows(game, seconds_per_move, **kw)

    monkeypatch.setattr(hints_module, "candidates", few)
    # (the widget's review grades a move at a time, and review_rows reads them from it too)
    monkeypatch.setattr(review_module, "iter_review_rows", few_rows)


def apply(w, op: str, arg: int) -> None:
    """Send one message (or do what a cell may do), as the page sends it: with the stamp and
    the seat of the view it reads."""
    g = w.game
    stamp, seat = w.view["stamp"], w.seat
    if op == "move":
        legal = g.legal_actions()
        if legal:
            send(w, type="action", action=str(legal[arg % len(legal)]), stamp=stamp, seat=seat)
    elif op == "bad move":
        send(w, type="action", action=BAD_MOVES[arg % len(BAD_MOVES)], stamp=stamp, seat=seat)
    elif op in ("undo", "redo", "hint", "review"):
        send(w, type=op, stamp=stamp, seat=seat)
    elif op == "stop":
        send(w, type="review_stop", stamp=stamp, seat=seat)
    elif op == "back":
        send(w, type="back_to_game", stamp=stamp, seat=seat)
    elif op == "replay":
        send(w, type="replay", index=arg % (len(g.moves) + 2) - 1, stamp=stamp, seat=seat)
    elif op == "live":
        send(w, type="replay", index=-1, stamp=stamp, seat=seat)
    elif op in ("from", "try"):
        k = w.replay_index if w.replay_index >= 0 else arg % (len(g.moves) + 1)
        msg = {"type": "play_from", "index": k, "stamp": stamp, "seat": seat}
        if op == "try":
            legal = g.position_at(k).legal_actions()
            if legal:
                msg["action"] = str(legal[arg % len(legal)])
        send(w, **msg)
    elif op == "language":
        send(w, type="language", lang=("en", "de", "fi", "ja", "nl")[arg % 5], stamp=stamp, seat=seat)
    elif op == "new game":
        kinds = ("person", "greedy", "random")
        n = 2 + arg % 5
        players = None if arg % 3 == 0 else [kinds[(arg >> i) % 3] for i in range(n)]
        send(w, type="new_game", players=players, stamp=stamp, seat=seat)
    elif op == "forged":
        send(w, **FORGED[arg % len(FORGED)])
    elif op == "other game":
        w.game = Game(2 + arg % 5, seed=arg % 97)
    elif op == "play on":
        # a cell plays on: a third of the time to the end of the game, else up to 30 moves
        rng = random.Random(arg)
        for _ in range(MAX_MOVES if arg % 3 == 0 else 30):
            g = w.game
            if g.is_over:
                break
            if g.current in w.bots:
                w.play_bots(1)
            else:
                w.play(g.random_action(rng))
    elif op == "other seat":
        choice = (None, 0, 1, 2)[arg % 4]
        if choice is None or choice < g.n:
            w.seat = choice


def check_table(w, path, before_msg) -> None:
    g = w.game
    g.check()
    v = w.view
    json.dumps(v)
    shown = g if w.replay_index == -1 else g.position_at(w.replay_index)   # (the position on the table)
    check_hidden(shown, v, w.seat)
    assert w.replay_index == -1 or 0 <= w.replay_index <= len(g.moves)
    # the file holds the game exactly (the hidden order too: it is a save file)
    assert Game.from_json(path.read_text(encoding="utf-8")).to_json() == g.to_json()
    # a refusal says what was refused, where the user looks
    if w.message is not before_msg and w.message.get("kind") == "error":
        assert w.message.get("text"), w.message


@settings(max_examples=int(os.environ.get("ATTACK_EXAMPLES", "100")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(lineup=st.sampled_from(sorted(LINEUPS)), seed=st.integers(0, 500),
       ops=st.lists(st.tuples(st.sampled_from(OPS), st.integers(0, 10 ** 6)), min_size=5, max_size=45))
def test_every_message_in_any_order_keeps_the_table_whole(tmp_path_factory, caplog, lineup, seed, ops):
    path = tmp_path_factory.mktemp("kept") / "game.json"
    w = AlhambraWidget(seed=seed, save=path, bot_delay=0, **LINEUPS[lineup]())
    try:
        with caplog.at_level(logging.WARNING):
            for op, arg in ops:
                before_msg = w.message
                apply(w, op, arg)
                assert w.wait(JOIN), f"stuck after {op}"
                check_table(w, path, before_msg)
                g = w.game
                # no stall: once everything has run, no bot is left to move in the live game
                assert g.is_over or g.current not in w.bots or w.replay_index != -1 or not w.autoplay, \
                    f"after {op}: {g.players[g.current].name} (a bot) never moved"
        assert not [r for r in caplog.records if r.levelno >= logging.WARNING], \
            [r.getMessage() for r in caplog.records]
    finally:
        w.stop_review()
        w.wait(JOIN)
        w.close()


def test_a_message_nested_as_deep_as_json_reads_is_refused_in_words(caplog):
    # the comm decodes with json.loads, which reads lists nested ~995 deep; quoting one in a
    # refusal took repr() past the recursion limit, and the RecursionError reached the kernel
    deepest = 1
    while True:
        try:
            json.loads("[" * (deepest * 2) + "]" * (deepest * 2))
        except RecursionError:
            break
        deepest *= 2
    lo, hi = deepest, deepest * 2
    while lo + 1 < hi:   # the deepest nesting json.loads reads here
        mid = (lo + hi) // 2
        try:
            json.loads("[" * mid + "]" * mid)
            lo = mid
        except RecursionError:
            hi = mid

    w = AlhambraWidget(players=["Ana", "Ben"], seed=1, autoplay=False)
    before = w.game.to_json()
    deep = json.loads("[" * lo + "]" * lo)
    with caplog.at_level(logging.ERROR):
        for msg in (deep, {"type": deep}, {"type": "action", "action": deep, "stamp": w.view["stamp"], "seat": None},
                    {"type": "action", "action": "take dinar 3", "stamp": deep, "seat": None},
                    {"type": "language", "lang": deep}, {"type": "new_game", "players": deep}):
            send(w, **msg) if isinstance(msg, dict) else w._handle_custom_msg(msg, [])
            assert w.message["kind"] == "error" and w.message["text"].startswith(("Refused", "An action", "A line-up")), \
                w.message
    assert w.game.to_json() == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]   # refused, not failed
    w.close()


def test_a_page_running_python_sends_null_as_pyodides_jsnull_and_it_counts_as_none(monkeypatch, caplog):
    # Pyodide (JupyterLite) hands JavaScript's null over as pyodide.ffi.jsnull, not None: a
    # hot-seat table's every message (seat: null) was refused as having a malformed seat
    import types

    class JsNull:
        def __repr__(self):
            return "jsnull"

    jsnull = JsNull()
    monkeypatch.setitem(sys.modules, "pyodide.ffi", types.SimpleNamespace(jsnull=jsnull))
    w = AlhambraWidget(players=["Ana", "Ben"], seed=1, autoplay=False)
    take = str(w.game.legal_actions("take")[0])
    send(w, type="action", action=take, stamp=w.view["stamp"], seat=jsnull)
    assert w.message["kind"] != "error" and [str(m.action) for m in w.game.moves] == [take]
    send(w, type="undo", stamp=w.view["stamp"], seat=jsnull)
    assert w.game.moves[-1].player is None   # (taken back: the unseen cards dealt afresh)
    # nested as deep as JSON reads, with jsnull at the bottom: refused in words, nothing failed
    deep = [jsnull]
    for _ in range(900):
        deep = [deep]
    before = w.game.to_json()
    with caplog.at_level(logging.ERROR):
        send(w, type="action", action=deep, stamp=w.view["stamp"], seat=jsnull)
        assert w.message["kind"] == "error" and w.message["text"].startswith("An action")
        send(w, type="action", action=take, stamp=w.view["stamp"], seat=[jsnull])
        assert w.message["kind"] == "error" and "seat" in w.message["text"]
    assert w.game.to_json() == before
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    w.close()


def test_pyodides_null_becomes_none_down_to_32_levels_and_a_quoted_value_is_cut_to_60_characters(monkeypatch):
    import types

    from alhambra_widget.protocol import ProtocolError, check_message, from_page, short

    message = {"type": "action", "seat": None, "nested": [1, {"a": None}]}
    assert from_page(message) is message   # (no Pyodide: as JSON gave it)
    jsnull = object()
    monkeypatch.setitem(sys.modules, "pyodide.ffi", types.SimpleNamespace(jsnull=jsnull))
    assert from_page({"type": "undo", "seat": jsnull, "x": [jsnull, {"y": jsnull}, 3]}) == \
        {"type": "undo", "seat": None, "x": [None, {"y": None}, 3]}
    assert from_page(jsnull) is None

    def nest(levels, box):
        v = jsnull
        for _ in range(levels):
            v = box(v)
        return v

    def bottom(v):
        while isinstance(v, (list, dict)):
            v = v[0] if isinstance(v, list) else v["k"]
        return v

    for box in (lambda v: [v], lambda v: {"k": v}):
        assert bottom(from_page(nest(32, box))) is None     # the 32nd list or object is the last one looked into
        assert bottom(from_page(nest(33, box))) is jsnull   # (deeper, a message is refused for its shape anyway)
    # what a refusal quotes of a value: its repr, 60 characters at most, cut visibly
    assert len(short("x" * 200)) == 60 and short("x" * 200).endswith("...'")
    assert short("take dinar 3") == "'take dinar 3'"
    with pytest.raises(ProtocolError) as e:
        check_message({"type": "t" * 500})
    assert e.value.key == "ui.refuse.unknown_type" and len(e.value.params["value"]) == 60


def test_the_common_fields_are_checked_by_their_declared_types_and_every_kind_is_documented_with_its_fields():
    from alhambra_widget import protocol
    from alhambra_widget.protocol import MESSAGES, ProtocolError, check_message

    good = {"type": "action", "action": "take dinar 3", "stamp": 12, "seat": None}
    assert check_message(good) == "action" and check_message({**good, "seat": 1}) == "action"
    for field, value, key in [("stamp", "12", "ui.refuse.bad_stamp"), ("stamp", True, "ui.refuse.bad_stamp"),
                              ("stamp", 1.5, "ui.refuse.bad_stamp"), ("stamp", None, "ui.refuse.bad_stamp"),
                              ("seat", "0", "ui.refuse.bad_seat"), ("seat", False, "ui.refuse.bad_seat"),
                              ("action", 3, "ui.refuse.action_type")]:
        with pytest.raises(ProtocolError) as e:
            check_message({**good, field: value})
        assert e.value.key == key, (field, value)
    # the module's documentation lists every kind with its fields
    for kind, m in MESSAGES.items():
        assert f"``{kind}``" in protocol.__doc__
        for k in m["required"]:
            assert f"``{k}`` ({m['required'][k]})" in protocol.__doc__
        for k in m["optional"]:
            assert f"``{k}`` ({m['optional'][k]}, optional)" in protocol.__doc__
