"""The Jupyter widget in a kernel without a browser.

The comm is driven from Python: ``w._handle_custom_msg(content, buffers)`` is
what a message from the front end calls, ``w.set_state`` what a trait change
from the front end calls, and the ``view``/``message`` traits are what the
front end receives. Rules reference: docs/rules/RULES.md.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "alhambra_widget" / "static" / "widget.js"


def _ensure_bundle():
    """anywidget reads the bundle when the widget class is defined: build it
    first when a fresh checkout runs pytest directly (scripts/test.sh builds it)."""
    if BUNDLE.is_file():
        return
    npm = shutil.which("npm")
    assert npm, "the front end is not built and npm is missing"
    if not (ROOT / "node_modules").is_dir():
        subprocess.run([npm, "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT, check=True)
    subprocess.run([npm, "run", "build"], cwd=ROOT, check=True)


_ensure_bundle()

import traitlets  # noqa: E402

from alhambra_widget import AlhambraWidget, Game, IllegalMove, parse  # noqa: E402
from alhambra_widget import widget as widget_module  # noqa: E402
from alhambra_widget.i18n import t  # noqa: E402
from alhambra_widget.i18n.moves import describe_entry, describe_move  # noqa: E402
from alhambra_widget.view import view  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))
import js_fixtures  # noqa: E402

LIMIT = 30 * 1024


# ----------------------------------------------------------------- helpers
def send(w, **content):
    """A message from the front end, as the comm delivers it."""
    w._handle_custom_msg(content, [])


def intent(w, action, **extra):
    """An action intent carrying the current stamp and the widget's seat."""
    msg = {"type": "action", "action": str(action), "stamp": w.view["stamp"], "seat": w.seat}
    msg.update(extra)
    w._handle_custom_msg(msg, [])


def play_random(game, moves, seed=0):
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(game.random_action(rng))
    return game


def finished(players, seed, rng_seed=0):
    g = Game(players, seed=seed)
    rng = random.Random(rng_seed)
    while not g.is_over:
        g.play(g.random_action(rng))
    return g


def json_size(v) -> int:
    return len(json.dumps(v).encode())


def walk(value, path=()):
    """Every (path, value) in a JSON value."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from walk(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from walk(v, path + (i,))


def is_card(x) -> bool:
    if not isinstance(x, str):
        return False
    parts = x.split(" ")
    return len(parts) == 2 and parts[0] in ("florin", "dirham", "dinar", "ducat") and parts[1].isdigit()


def check_hidden(game, v, seat):
    """The view never shows the deck's or the bag's order or contents; it
    shows the hands a seat may know (every hand, RULES X3: ``Game.observation``)."""
    text = json.dumps(v)
    # 1. deck order and bag: no list of the deck, no tile that is in the bag
    deck = [str(c) for c in game.deck]
    if len(deck) >= 3:
        assert json.dumps(deck) not in text
        assert json.dumps(deck[::-1]) not in text
        assert json.dumps(deck[-3:]) not in text or json.dumps(deck[-3:]) in json.dumps(v["money"])
    bag_ids = {t.id for t in game.bag}
    shown_ids = {val["id"] for _, val in walk(v) if isinstance(val, dict) and "building" in val and "id" in val}
    assert not bag_ids & shown_ids, f"bag tiles {bag_ids & shown_ids} are visible"
    if len(bag_ids) >= 2:
        assert json.dumps(sorted(bag_ids)) not in text
    assert isinstance(v["deck"], int) and isinstance(v["bag"], int) and isinstance(v["discard"], int)
    # 2. card lists appear only where this viewer may see cards
    known = game.observation(seat)["players"]
    visible = {i for i in range(game.n) if known[i]["hand"] is not None}
    assert visible == set(range(game.n))    # X3: every hand is known to a perfect memory
    for path, val in walk(v):
        if isinstance(val, list) and val and all(is_card(x) for x in val):
            ok = (path == ("money",)
                  or (len(path) == 3 and path[0] == "players" and path[2] == "hand" and path[1] in visible)
                  or (len(path) == 3 and path[:2] == ("legal", "take"))
                  # a logged move's cards were face up: taken, paid, drawn into the money market
                  or (len(path) == 5 and path[0] == "log" and path[2] == "events" and path[4] == "cards")
                  # a hint's move: cards taken from the market or paid from a hand (every hand is known)
                  or (len(path) == 3 and path[0] == "hints" and path[2] == "cards"))
            assert ok, f"cards at {path}: {val}"
    for i, p in enumerate(v["players"]):
        if i in visible:
            assert p["hand"] == [str(c) for c in game.players[i].hand]
        else:
            assert p["hand"] is None
            assert p["cards"] == len(game.players[i].hand)
            hand = [str(c) for c in game.players[i].hand]
            if len(hand) >= 2 and hand != v["money"] and all(hand != t for t in (v["legal"] or {}).get("take", [])):
                assert json.dumps(hand) not in text


def played(g) -> list:
    """The players' actions of the move record (an undo at the table may add
    a chance move, a reshuffle of what nobody has seen)."""
    return [m.action for m in g.moves if m.player is not None]


@pytest.fixture
def w():
    return AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7)


# --------------------------------------------------------------- importing
def test_importing_the_package_does_not_import_jupyter():
    code = ("import sys, alhambra_widget, alhambra_widget.view, alhambra_widget.protocol; "
            "bad = [m for m in ('anywidget', 'ipywidgets', 'traitlets', 'comm', 'IPython') if m in sys.modules]; "
            "assert not bad, bad; "
            "from alhambra_widget import AlhambraWidget; assert 'anywidget' in sys.modules; print('ok')")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr


def test_widget_is_exported_lazily():
    import alhambra_widget
    assert alhambra_widget.AlhambraWidget is AlhambraWidget
    assert "AlhambraWidget" in alhambra_widget.__all__ and "AlhambraWidget" in dir(alhambra_widget)
    with pytest.raises(AttributeError):
        alhambra_widget.NoSuchThing  # noqa: B018


def test_the_widget_loads_the_built_bundle():
    esm = str(AlhambraWidget(players=2, seed=1)._esm)
    assert esm == BUNDLE.read_text()
    assert "data-lm-suppress-shortcuts" in esm


# -------------------------------------------------------------- construction
def test_construction_forms():
    a = AlhambraWidget(players=3, seed=1)
    assert a.game.names == ["Player 1", "Player 2", "Player 3"] and a.game.seed == 1 and a.seat is None
    b = AlhambraWidget(players=["Ana", "Ben"], seed=1, seat=1)
    assert b.game.names == ["Ana", "Ben"] and b.seat == 1 and b.view["seat"] == 1
    g = Game(4, seed=9)
    c = AlhambraWidget(g)
    assert c.game is g and isinstance(c.game, Game)
    assert c.view["n"] == 4
    d = AlhambraWidget()
    assert d.game.n == 3
    with pytest.raises(TypeError):
        AlhambraWidget(g, players=3)
    with pytest.raises(TypeError):
        AlhambraWidget("not a game")
    with pytest.raises(traitlets.TraitError):
        AlhambraWidget(players=2, seed=1, seat=2)
    with pytest.raises(traitlets.TraitError):
        b.seat = -1


def test_a_misspelt_argument_is_refused_with_the_name_meant():
    # traitlets would only warn (hidden by default) and the argument would be dropped
    for wrong, meant in (("language", "lang"), ("sead", "seed"), ("bot_dely", "bot_delay"), ("autoPlay", "autoplay")):
        with pytest.raises(TypeError, match=f"unexpected keyword argument '{wrong}' \\(did you mean '{meant}'\\?\\)"):
            AlhambraWidget(players=2, **{wrong: 1})
    with pytest.raises(TypeError, match="'zzz'$"):
        AlhambraWidget(zzz=1)
    # the traits of a widget are arguments still
    w = AlhambraWidget(players=2, seed=1, lang="de", layout={"width": "500px"})
    assert w.lang == "de" and w.layout.width == "500px"


def test_the_players_may_come_first_as_for_a_game():
    from alhambra_widget.bots import Greedy
    assert AlhambraWidget(4, seed=2).game.to_json() == Game(4, seed=2).to_json()
    w = AlhambraWidget(["Ana", Greedy(seed=1)], seed=3, autoplay=False)
    assert w.game.names == ["Ana", "Greedy"] and list(w.bots) == [1]
    g = w.new_game(["Ben", "Chi", "Dee"])
    assert g.names == ["Ben", "Chi", "Dee"] and w.game is g and not w.bots
    with pytest.raises(TypeError, match="either a game or players"):
        AlhambraWidget(3, players=3)
    # bots as a list: said what they are, not "cannot convert dictionary update sequence"
    with pytest.raises(TypeError, match=r"bots is \{seat: bot\}.*players=\[\"You\", Greedy\(\)\]; not list"):
        AlhambraWidget(players=3, bots=[Greedy()])


def test_a_value_a_trait_cannot_take_is_a_value_error_too():
    # Game(...) refuses a bad seat or language with ValueError; the widget's traits did with a
    # TraitError alone, which no `except ValueError` caught
    for make in (lambda: AlhambraWidget(players=2, seed=1, seat=7), lambda: AlhambraWidget(players=2, lang="zz")):
        with pytest.raises(ValueError) as e:
            make()
        assert isinstance(e.value, traitlets.TraitError)
    w = AlhambraWidget(players=2, seed=1)
    with pytest.raises(ValueError, match="replay_index runs from 0 to 0"):
        w.replay_index = 99
    with pytest.raises(ValueError, match=r"no player is called 'Cy': .* \(or None for hot-seat\)$"):
        w.seat = "Cy"
    assert w.replay_index == -1 and w.seat is None


def test_a_seat_may_be_given_by_the_players_name():
    w = AlhambraWidget(players=["Ana", "Ben", "Zoë"], seed=1, seat="ben")
    assert w.seat == 1 and w.view["seat"] == 1
    w.seat = " ZOË "          # names compare as the table compares them (case, blanks, Unicode forms)
    assert w.seat == 2 and w.view["seat"] == 2
    w.seat = None
    assert w.seat is None
    for bad in ("Cy", True, 7, 2.5, ""):
        with pytest.raises(traitlets.TraitError):
            w.seat = bad
        assert w.seat is None
    with pytest.raises(traitlets.TraitError, match="no player is called 'Cy': the players are Ana, Ben"):
        AlhambraWidget(players=["Ana", "Ben"], seed=1, seat="Cy")
    # a seated view by name, against a bot: only that player acts
    from alhambra_widget.bots import Greedy
    w = AlhambraWidget(players=["Ana", Greedy(seed=1)], seed=1, seat="Ana", autoplay=False)
    assert w.seat == 0


def test_a_widget_tells_its_game_in_a_line_where_no_table_can_show():
    """A terminal or a text-only front end shows a display's text/plain: the game at a glance,
    not ``<alhambra_widget.widget.AlhambraWidget object at 0x...>``."""
    w = AlhambraWidget(Game(["Ana", "Ben"], seed=1, start_player=1))
    assert repr(w) == "<AlhambraWidget 2 players, turn 1, Ben to act>"
    bundle = w._repr_mimebundle_()
    bundle = bundle[0] if isinstance(bundle, tuple) else bundle
    assert bundle["text/plain"] == repr(w)
    w.game.play(w.game.legal_actions("take")[0])
    assert repr(w) == "<AlhambraWidget 2 players, turn 2, Ana to act>"
    seated = AlhambraWidget(w.game, seat=0)
    assert repr(seated) == "<AlhambraWidget 2 players, turn 2, Ana to act, seen from seat 0>"


def test_view_trait_is_the_documented_view(w):
    v = w.view
    expected = view(w.game, None, stamp=v["stamp"])
    for k, val in expected.items():
        if k != "stamp":
            assert v[k] == val, k
    for key in ("replay", "live_moves", "can_undo", "can_redo", "stamp"):
        assert key in v
    assert v["replay"] is None and v["live_moves"] == 0 and v["can_undo"] is False
    assert json.loads(json.dumps(v)) == v        # plain JSON
    assert [p["name"] for p in v["players"]] == ["Ana", "Ben", "Chi"]
    assert len(v["market"]) == 4 and [m["currency"] for m in v["market"]] == ["florin", "dirham", "dinar", "ducat"]
    assert v["legal"]["player"] == w.game.current


def test_view_content_matches_the_engine():
    g = play_random(Game(["Ana", "Ben"], seed=5), 60, seed=2)
    v = view(g, None)
    for i, p in enumerate(g.players):
        vp = v["players"][i]
        assert vp["score"] == p.score and vp["cards"] == len(p.hand)
        assert {(t["x"], t["y"], t["id"]) for t in vp["alhambra"]} == {(x, y, t.id) for (x, y), t in p.alhambra.items()}
        for drawn in vp["alhambra"]:
            tile = p.alhambra[(drawn["x"], drawn["y"])]
            assert drawn["price"] == tile.price and set(drawn["walls"]) == set(tile.walls)
            assert drawn["building"] == ("fountain" if tile.id == 0 else tile.building.value)
        assert [t["id"] for t in vp["reserve"]] == [t.id for t in p.reserve]
        assert vp["wall"] == p.alhambra.longest_wall() == len(vp["wall_path"])
        assert vp["counts"] == list(p.alhambra.counts())
    assert v["dirk"] is not None and [t["id"] for t in v["dirk"]] == [t.id for t in g.dirk]
    assert v["deck"] == g.deck_size and v["bag"] == g.bag_size and v["discard"] == len(g.discard)
    assert v["money"] == [str(c) for c in g.money]
    assert v["turn"] == g.turn and v["phase"] == g.phase and v["current"] == g.current
    # the round records, each with its narration (why the points) in the widget's language
    assert [{k: x for k, x in r.items() if k != "narration"} for r in v["rounds"]] == json.loads(json.dumps(g.rounds))
    assert all(r["narration"] and all(isinstance(x, str) for x in r["narration"]) for r in v["rounds"])
    assert v["moves"] == len(g.history)
    log = v["log"]
    assert len(log) == 12 and log[-1]["n"] == len(g.history)
    assert [e["action"] for e in log] == [str(a) for a in g.history[-12:]]
    assert all(e["name"] == g.names[e["player"]] for e in log)


def test_legal_choices_come_from_the_engine():
    rng = random.Random(4)
    g = Game(["Ana", "Ben", "Chi"], seed=4)
    checked = 0
    while not g.is_over and checked < 150:
        v = view(g, None)
        legal = v["legal"]
        acts = g.legal_actions()
        listed = set()
        for cards in legal["take"]:
            listed.add(str(parse("take " + ", ".join(cards))))
        for b in legal["buy"]:
            for pay in b["payments"]:
                listed.add(str(parse(f"buy {b['slot']} with {b['currency']} " + "+".join(map(str, pay)))))
        for x, y in legal["remove"]:
            listed.add(f"remove {x},{y}")
        for entry in legal["tiles"]:
            verb = "build" if entry["from"] == "reserve" else "place"
            listed |= {f"{verb} {entry['id']} at {x},{y}" for x, y in entry["spots"]}
            listed |= {f"swap {entry['id']} at {x},{y}" for x, y in entry.get("swaps", [])}
            a = g.players[g.current].alhambra
            tile = next(tt for tt in (g.players[g.current].reserve + g.pending_for(g.current)) if tt.id == entry["id"])
            for x, y, rule, *said in entry["why_not"]:   # (said: the engine's words, where they say where)
                assert a.why_not(tile, (x, y)) == rule and rule in v["explain"]
            assert {(c[0], c[1]) for c in entry["why_not"]} | {tuple(c) for c in entry["spots"]} == set(a.frontier)
        listed |= {f"reserve {i}" for i in legal["to_reserve"]} | {f"dirk {i}" for i in legal["dirk"]}
        if legal["end"]:
            listed.add("end")
        if legal["pass"]:
            listed.add("pass")
        assert listed == {str(a) for a in acts}
        assert legal["kinds"] == g.legal_kinds()
        g.play(g.random_action(rng))
        checked += 1
    assert checked == 150


def test_legal_choices_of_a_player_who_can_only_pass():
    from conftest import arrange_money
    g = Game(["A", "B", "C"], seed=6, start_player=0)
    arrange_money(g, hands={0: []}, money=[], rest=("hand", 1))   # T6, X4: nothing to take, buy or build
    legal = view(g, None)["legal"]
    assert legal["pass"] is True and legal["kinds"] == ["pass"]
    assert legal["take"] == [] and legal["buy"] == [] and legal["end"] is False
    g.play("pass")
    legal = view(g, None)["legal"]   # the next player has cards to buy with: no pass
    assert legal["pass"] is False and legal["buy"] and "pass" not in legal["kinds"]


def test_a_scoring_round_that_cannot_be_narrated_is_logged_and_the_view_still_made(monkeypatch, caplog):
    from alhambra_widget import view as view_module
    rng = random.Random(3)
    g = Game(["Ana", "Ben"], seed=3)
    while not g.rounds:   # (a round of its own: no narration of it kept yet)
        g.play(g.random_action(rng))

    def broken(game, k, *args, **kwargs):
        raise RuntimeError("no words")
    monkeypatch.setattr(view_module, "narrate_round", broken)
    with caplog.at_level("ERROR", logger="alhambra_widget"):
        v = view(g, None)
    assert v["rounds"][0]["narration"] == [] and v["rounds"][0]["points"] == list(g.rounds[0]["points"])
    assert "could not narrate scoring round 1" in caplog.text and "no words" in caplog.text


def test_scoring_rounds_are_narrated_once_and_the_kept_narrations_stay_few(monkeypatch):
    from alhambra_widget import view as view_module
    rng = random.Random(5)
    g = Game(["Ana", "Ben"], seed=5)
    while len(g.rounds) < 2:
        g.play(g.random_action(rng))
    calls = []
    real = view_module.narrate_round

    def counted(game, k, *args, **kwargs):
        calls.append(k)
        return real(game, k, *args, **kwargs)
    monkeypatch.setattr(view_module, "narrate_round", counted)
    first = view(g, None)["rounds"]
    assert sorted(calls) == [0, 1] and all(r["narration"] for r in first)
    assert view(g, None)["rounds"] == first and sorted(calls) == [0, 1]   # asked again: kept
    monkeypatch.setattr(view_module, "_NARRATED", {("other", k): None for k in range(view_module._NARRATED_MOST)})
    view(g, None)
    assert len(view_module._NARRATED) == 2   # full: emptied before the next was kept


# -------------------------------------------------------------- hidden info
def test_hidden_information_never_reaches_the_view():
    g = Game(["Ana", "Ben", "Chi", "Dan"], seed=13)
    widgets = [AlhambraWidget(g)] + [AlhambraWidget(g, seat=i) for i in range(4)]
    rng = random.Random(3)
    n = 0
    while not g.is_over:
        if n % 7 == 0:
            for wd in widgets:
                check_hidden(g, wd.view, wd.seat)
        g.play(g.random_action(rng))
        n += 1
    for wd in widgets:
        check_hidden(g, wd.view, wd.seat)
    assert n > 100


def test_hidden_information_in_a_two_player_game():
    g = Game(["Ana", "Ben"], seed=2)
    rng = random.Random(9)
    while not g.is_over:
        for seat in (None, 0, 1):
            check_hidden(g, view(g, seat), seat)
        g.play(g.random_action(rng))


def test_a_seated_view_offers_choices_only_on_its_turn():
    g = Game(["Ana", "Ben", "Chi"], seed=1)
    cur = g.current
    for seat in range(3):
        v = AlhambraWidget(g, seat=seat).view
        assert (v["legal"] is not None) == (seat == cur)
        if v["legal"]:
            assert v["legal"]["player"] == seat


# ------------------------------------------------------------ the 30 KB limit
def test_six_player_end_of_game_view_is_at_most_30_kb():
    for seed in (1, 2, 3):
        g = finished(6, seed)
        for seat in (None, 0, 5):
            w6 = AlhambraWidget(g, seat=seat)
            assert w6.view["phase"] == "over"
            assert json_size(w6.view) <= LIMIT, (seed, seat, json_size(w6.view))


def test_every_position_of_a_six_player_game_is_at_most_30_kb():
    g = Game(6, seed=8)
    rng = random.Random(8)
    biggest = 0
    while not g.is_over:
        biggest = max(biggest, json_size(view(g, None)))
        g.play(g.random_action(rng))
    assert 0 < biggest <= LIMIT


# ----------------------------------------------------------------- intents
def test_every_valid_intent_is_exactly_one_engine_action():
    g = Game(["Ana", "Ben", "Chi"], seed=3)
    w3 = AlhambraWidget(g)
    moves = []
    w3.on_move(lambda game, a: moves.append(a))
    rng = random.Random(1)
    while not g.is_over:
        a = g.random_action(rng)
        before, stamp = len(g.history), w3.view["stamp"]
        intent(w3, a)
        assert len(g.history) == before + 1, w3.message
        assert g.history[-1] == a and moves[-1] == a
        assert w3.view["stamp"] != stamp and w3.view["moves"] == before + 1
        assert w3.message["kind"] == "info"
    assert w3.view["phase"] == "over" and w3.view["winners"] == g.winners
    assert len(moves) == len(g.history)


def test_seated_widgets_on_one_game_play_it_together():
    g = Game(["Ana", "Ben"], seed=6)
    seats = [AlhambraWidget(g, seat=0), AlhambraWidget(g, seat=1)]
    rng = random.Random(2)
    for _ in range(80):
        if g.is_over:
            break
        a = g.random_action(rng)
        me, other = seats[g.current], seats[1 - g.current]
        state = g.to_json()
        intent(other, a)                      # not their turn
        assert g.to_json() == state and other.message["kind"] == "error"
        intent(me, a)
        assert g.history[-1] == a
        assert seats[0].view["moves"] == seats[1].view["moves"] == len(g.history)
        check_hidden(g, seats[0].view, 0)
        check_hidden(g, seats[1].view, 1)


BAD_MESSAGES = [
    "take dinar 3",
    None,
    42,
    ["action", "take dinar 3"],
    {},
    {"type": "hack"},
    {"type": 3},
    {"type": ["action"]},
    {"type": "action"},
    {"type": "action", "action": "end", "stamp": 0},
    {"type": "action", "action": "end", "stamp": 0, "seat": None, "extra": 1},
    {"type": "action", "action": 7, "stamp": "STAMP", "seat": None},
    {"type": "action", "action": {"x": 1}, "stamp": "STAMP", "seat": None},
    {"type": "action", "action": "x" * 1_000_000, "stamp": "STAMP", "seat": None},
    {"type": "action", "action": "take dinar 3" + " " * 500, "stamp": "STAMP", "seat": None},
    {"type": "action", "action": "\x00\ud800 garbage", "stamp": "STAMP", "seat": None},
    {"type": "action", "action": "take", "stamp": "STAMP", "seat": None},
    {"type": "action", "action": "buy 9 with florin 3", "stamp": "STAMP", "seat": None},
    {"type": "action", "action": "place 99 at 1,0", "stamp": "STAMP", "seat": None},
    {"type": "action", "action": "place 5 at 99999999999999999999,0", "stamp": "STAMP", "seat": None},
    {"type": "action", "action": "remove 0,0", "stamp": "STAMP", "seat": None},
    {"type": "action", "action": "end", "stamp": "STAMP", "seat": None},
    {"type": "action", "action": "pass", "stamp": "STAMP", "seat": None},
    {"type": "action", "action": "LEGAL", "stamp": "STALE", "seat": None},
    {"type": "action", "action": "LEGAL", "stamp": True, "seat": None},
    {"type": "action", "action": "LEGAL", "stamp": 1.5, "seat": None},
    {"type": "action", "action": "LEGAL", "stamp": None, "seat": None},
    {"type": "action", "action": "LEGAL", "stamp": "STAMP", "seat": 0},
    {"type": "action", "action": "LEGAL", "stamp": "STAMP", "seat": "0"},
    {"type": "action", "action": "LEGAL", "stamp": "STAMP", "seat": True},
    {"type": "undo", "stamp": "STALE"},
    {"type": "undo", "seat": 1},
    {"type": "undo", "junk": 1},
    {"type": "redo"},
    {"type": "replay"},
    {"type": "replay", "index": "3"},
    {"type": "replay", "index": 10_000},
    {"type": "replay", "index": -2},
    {"type": "replay", "index": True},
    {"type": "replay", "index": 1.0},
    {"type": "play_from"},
    {"type": "play_from", "index": "0", "stamp": "STAMP"},
    {"type": "play_from", "index": True, "stamp": "STAMP"},
    {"type": "play_from", "index": -1, "stamp": "STAMP"},
    {"type": "play_from", "index": "LIVE", "stamp": "STAMP"},   # the live position: nothing after it
    {"type": "play_from", "index": 10_000, "stamp": "STAMP"},
    {"type": "play_from", "index": 0, "stamp": "STALE"},
    {"type": "play_from", "index": 0, "stamp": "STAMP", "seat": 1},
    # with a move to play there (a hint tried): judged before anything is taken back
    {"type": "play_from", "index": 0, "action": 7, "stamp": "STAMP"},
    {"type": "play_from", "index": 0, "action": None, "stamp": "STAMP"},
    {"type": "play_from", "index": 0, "action": "x" * 1_000_000, "stamp": "STAMP"},
    {"type": "play_from", "index": 0, "action": "take", "stamp": "STAMP"},
    {"type": "play_from", "index": 0, "action": "remove 0,0", "stamp": "STAMP"},
    {"type": "play_from", "index": 0, "action": "buy 9 with florin 3", "stamp": "STAMP"},
    {"type": "play_from", "index": 0, "action": "end", "stamp": "STAMP"},
    {"type": "play_from", "index": 0, "action": "FIRST", "stamp": "STALE"},
    {"type": "play_from", "index": 0, "action": "FIRST", "stamp": "STAMP", "seat": 1},
    {"type": "play_from", "index": "LIVE", "action": "LEGAL", "stamp": "STAMP"},
]


def _materialize(msg, w):
    if not isinstance(msg, dict):
        return msg
    out = {}
    legal = str(w.game.legal_actions()[0])
    for k, v in msg.items():
        if v == "STAMP":
            v = w.view["stamp"]
        elif v == "STALE":
            v = w.view["stamp"] - 1
        elif v == "LEGAL":
            v = legal
        elif v == "LIVE":
            v = len(w.game.moves)
        elif v == "FIRST":   # a legal action of the first position
            v = str(w.game.position_at(0).legal_actions()[0])
        out[k] = v
    return out


@pytest.mark.parametrize("msg", BAD_MESSAGES, ids=[repr(m)[:50] for m in BAD_MESSAGES])
def test_forged_or_malformed_messages_are_refused_and_change_nothing(msg):
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7)
    w.play(w.game.legal_actions()[0])           # one move, so undo would be possible
    w.undo()
    w.play(w.game.legal_actions()[0])
    state, hist = w.game.to_json(), len(w.game.history)
    view_before = json.dumps(w.view)
    content = _materialize(msg, w)
    w._handle_custom_msg(content, [])           # must not raise
    assert w.game.to_json() == state and len(w.game.history) == hist
    assert json.dumps(w.view) == view_before
    assert w.message["kind"] == "error" and w.message["text"], w.message
    assert len(w.message["text"]) < 600         # huge input is not echoed back


def test_an_index_out_of_range_is_refused_with_the_range_there_is():
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7)
    for _ in range(2):
        w.play(w.game.legal_actions()[0])
    w._handle_custom_msg({"type": "replay", "index": 5}, [])
    assert w.message["text"] == "A replay index runs from 0 to 2 (or -1 for the live game), not 5."
    w._handle_custom_msg({"type": "replay", "index": -2}, [])
    assert w.message["text"] == "A replay index runs from 0 to 2 (or -1 for the live game), not -2."
    with pytest.raises(ValueError, match="replay_index runs from 0 to 2"):
        w.replay_index = -2
    w._handle_custom_msg({"type": "play_from", "index": 2, "stamp": w.view["stamp"]}, [])
    assert w.message["text"] == "Play from here keeps the first 0 to 1 moves, not 2."
    assert len(w.game.moves) == 2 and w.replay_index == -1


def test_binary_buffers_are_refused(w):
    state = w.game.to_json()
    w._handle_custom_msg({"type": "undo"}, [b"\x00" * 10])
    assert w.game.to_json() == state and w.message["kind"] == "error"


def test_illegal_actions_are_refused_with_their_rule(w):
    g = w.game
    state = g.to_json()
    intent(w, "buy 2 with florin 9")
    assert w.message["kind"] == "error" and w.message["rule"] == "T2"
    intent(w, "remove 0,0")
    assert w.message["rule"] in ("P6", "T3a")
    intent(w, "dirk 5")
    assert w.message["rule"] in ("T4", "D4")
    assert g.to_json() == state


def test_refusal_of_a_placement_names_the_placement_rule():
    g = Game(["Ana", "Ben"], seed=11)
    rng = random.Random(3)
    while not (g.phase == "place"):
        g.play(g.random_action(rng))
    w2 = AlhambraWidget(g)
    tile = g.pending_for(g.current)[0]
    a = g.players[g.current].alhambra
    bad = next((q for q in sorted(a.frontier) if a.why_not(tile, q)), None) or (5, 5)
    state = g.to_json()
    intent(w2, f"place {tile.id} at {bad[0]},{bad[1]}")
    assert w2.message["rule"] == a.why_not(tile, bad)
    assert w2.message["rule"] in ("P2", "P3", "P4", "P5")
    assert g.to_json() == state


def test_a_seated_widget_refuses_intents_out_of_turn_and_from_another_seat():
    g = Game(["Ana", "Ben", "Chi"], seed=1)
    other = (g.current + 1) % 3
    w = AlhambraWidget(g, seat=other)
    state = g.to_json()
    a = str(g.legal_actions()[0])
    intent(w, a)
    assert w.message["kind"] == "error" and "turn" in w.message["text"]
    intent(w, a, seat=g.current)                  # pretending to be the player to act
    assert w.message["kind"] == "error" and "seat" in w.message["text"]
    assert g.to_json() == state
    mine = AlhambraWidget(g, seat=g.current)
    intent(mine, a)
    assert len(g.history) == 1
    # only the player who moved may take it back, in a seated view
    send(w, type="undo")
    assert len(g.history) == 1 and w.message["kind"] == "error"
    send(mine, type="undo")
    assert played(g) == []


def test_the_handler_never_raises_even_when_the_engine_fails(w, monkeypatch):
    g = w.game

    def boom(*a, **k):
        raise RuntimeError("engine bug")
    monkeypatch.setattr(type(g), "play", boom)
    state = g.to_json()
    intent(w, str(g.legal_actions()[0]))
    assert g.to_json() == state
    assert w.message["kind"] == "error" and "RuntimeError" in w.message["text"]


def test_the_front_end_cannot_write_the_kernels_traits(w):
    before = json.dumps(w.view)
    sent = []
    w.send_state = lambda key=None: sent.append(key)
    w.set_state({"view": {"players": []}, "message": {"kind": "info"}, "seat": 2, "replay_index": 0})
    assert json.dumps(w.view) == before and w.seat is None and w.replay_index == -1
    assert sent and set(sent[0]) == {"view", "message", "seat", "replay_index"}
    w.set_state({"tabbable": "not a bool", "layout": 42})   # malformed: logged, ignored, not raised
    assert w.tabbable is None and sent[-1] == ["tabbable", "layout"]
    w.set_state("garbage")
    assert json.dumps(w.view) == before


# ---------------------------------------------------------------- Python API
def test_play_undo_redo_from_python_update_the_view(w):
    g = w.game
    s0 = w.view["stamp"]
    a = g.legal_actions()[0]
    w.play(str(a))
    assert w.view["moves"] == 1 and w.view["stamp"] != s0 and w.view["log"][-1]["action"] == str(a)
    assert w.view["can_undo"] and not w.view["can_redo"]
    with pytest.raises(IllegalMove) as e:
        w.play("buy 2 with florin 9")
    assert e.value.rule == "T2"
    assert w.undo() == a
    # (the take had shown new cards: what nobody has seen is shuffled afresh, a chance move of the log)
    assert [e["player"] for e in w.view["log"]] == [None] and w.view["can_redo"] and not w.view["can_undo"]
    assert w.redo() == a
    assert played(g) == [a] and w.view["log"][-1]["action"] == str(a) and not w.view["can_redo"]
    assert w.redo() is None


def test_redo_is_forgotten_after_a_new_move(w):
    g = w.game
    w.play(g.legal_actions()[0])
    w.undo()
    assert w.can_redo
    w.play(g.legal_actions()[-1])
    assert not w.can_redo and w.redo() is None


def test_undo_and_redo_from_the_front_end(w):
    g = w.game
    a = g.legal_actions()[0]
    intent(w, a)
    said = describe_move(g.moves[-1], g).split(". ")[0] + "."   # the action, without the refills
    send(w, type="undo", stamp=w.view["stamp"], seat=None)
    assert played(g) == [] and w.view["can_redo"]
    # says what was taken back, in words (the notation stays in w.game.moves)
    assert w.message["kind"] == "info" and w.message["text"] == "Taken back: " + said
    send(w, type="redo")
    assert played(g) == [a] and w.message["text"] == "Played again: " + describe_move(g.moves[-1], g)
    send(w, type="redo")
    assert w.message["kind"] == "error"
    # at a table of people, an undo takes back one move, whoever made it
    b = g.legal_actions()[0]
    intent(w, b)
    send(w, type="undo", stamp=w.view["stamp"], seat=None)
    assert played(g) == [a]
    send(w, type="undo", stamp=w.view["stamp"], seat=None)
    assert played(g) == []


def test_changes_made_on_the_game_directly_update_the_view(w):
    g = w.game
    a = g.legal_actions()[1]
    who = g.player.name
    g.play(a)                                   # straight on the engine game
    assert w.view["moves"] == 1 and w.view["log"][-1]["action"] == str(a)
    assert w.view["log"][-1]["name"] == who
    g.undo()                                    # the engine's exact undo: no reshuffle
    assert w.view["moves"] == 0 and w.can_redo
    g.play(str(a), record=False)                # not recorded: nobody is told ...
    w.refresh()                                 # ... until a refresh (or the end of the cell)
    assert w.view["status"] == view(g)["status"]


def test_attributes_changed_by_hand_show_after_refresh_or_the_next_cell(w):
    g = w.game
    g.players[0].score = 42
    assert w.view["players"][0]["score"] == 0
    w.refresh()
    assert w.view["players"][0]["score"] == 42
    g.players[1].score = 7
    widget_module._post_run_cell()              # what IPython calls after each cell
    assert w.view["players"][1]["score"] == 7


def test_replacing_the_game_updates_the_view(w):
    old = w.game
    play_random(old, 20, seed=4)
    record = old.to_json()
    w.game = Game.from_json(record)
    assert w.game is not old and type(old) is Game
    assert w.view["moves"] == 20 and w.view["status"] == view(w.game)["status"]
    assert [e["name"] for e in w.view["log"]] == [e["name"] for e in view(old)["log"]]
    old.play(old.legal_actions()[0])            # the old game no longer drives the widget
    assert w.view["moves"] == 20
    w.game = Game(["X", "Y"], seed=1)
    assert w.view["n"] == 2 and w.view["moves"] == 0 and w.view["dirk"] is not None
    with pytest.raises(TypeError):
        w.game = "nope"


def test_replacing_the_game_keeps_a_valid_seat():
    w = AlhambraWidget(players=4, seed=1, seat=3)
    w.game = Game(2, seed=1)
    assert w.seat is None


def test_on_move_fires_for_every_source(w):
    seen = []
    cb = w.on_move(lambda game, action: seen.append((str(action), game)))
    g = w.game
    intent(w, g.legal_actions()[0])           # front end
    w.play(g.legal_actions()[0])              # w.play
    g.play(g.legal_actions()[0])              # w.game.play
    g.undo()                                  # an undo is not a move
    w.redo()                                  # a redo is
    assert [s for s, _ in seen] == [str(a) for a in g.history[:2]] + [str(g.history[2])] * 2
    assert all(game is g for _, game in seen)
    w.on_move(cb, remove=True)
    w.play(g.legal_actions()[0])
    assert len(seen) == 4
    with pytest.raises(TypeError):
        w.on_move(5)


def test_a_failing_on_move_hook_is_reported_not_raised(w):
    @w.on_move
    def broken(game, action):
        raise ValueError("oops")
    g = w.game
    intent(w, g.legal_actions()[0])
    assert len(g.history) == 1
    assert w.message["kind"] == "error" and "oops" in w.message["text"]
    w.play(g.legal_actions()[0])               # from Python too
    assert len(g.history) == 2


def test_replay_shows_a_past_position_without_changing_the_game(w):
    g = w.game
    play_random(g, 30, seed=5)
    state = g.to_json()
    send(w, type="replay", index=10)
    assert w.replay_index == 10 and w.view["replay"] == 10
    assert w.view["moves"] == 10 and w.view["live_moves"] == 30 and w.view["legal"] is None
    past = g.position_at(10)
    assert w.view["status"] == view(past)["status"]
    assert w.view["players"] == view(past)["players"]
    assert g.to_json() == state
    intent(w, g.legal_actions()[0])             # no playing while watching the replay
    assert g.to_json() == state and w.message["kind"] == "error"
    send(w, type="replay", index=0)
    assert w.view["moves"] == 0 and w.view["log"] == []
    send(w, type="replay", index=-1)
    assert w.view["replay"] is None and w.view["moves"] == 30 and w.view["legal"] is not None
    w.replay_index = 5
    w.play(g.legal_actions()[0])                # the game moved on: back to live
    assert w.replay_index == -1 and w.view["moves"] == 31


def test_play_from_a_replayed_position_takes_the_later_moves_back(w):
    g = w.game
    play_random(g, 30, seed=5)
    before = played(g)
    send(w, type="replay", index=10)
    assert w.view["can_play_from"] is True
    views = []
    w.observe(lambda change: views.append(change["new"]), "view")
    send(w, type="play_from", index=10, stamp=w.view["stamp"], seat=None)
    assert w.replay_index == -1 and w.view["replay"] is None and w.view["legal"] is not None
    kept = [m.action for m in g.moves[:10] if m.player is not None]
    assert played(g) == kept == before[:len(kept)]
    # the later moves were shown (refills): what nobody has seen is shuffled afresh, one chance move
    assert len(g.moves) == 11 and g.moves[-1].player is None and g.moves[-1].action.kind == "chance"
    assert w.view["moves"] == 11 and not w.view["can_play_from"] and w.view["can_redo"]
    n = len(before) - len(kept)
    assert w.message["kind"] == "info" and w.message["text"] == (
        f"Playing on from here: {n} later moves taken back (Game played brings them back).")
    assert len(views) <= 3          # the widget was told once, not once per move taken back
    assert w.redo() == before[len(kept)]   # Redo plays the first of them again
    g.check()


def test_play_from_with_a_move_tries_a_hint_from_the_position_replayed(w):
    """play_from with an action (a hint's button, replaying): the later moves are taken back and
    that move is played there; an illegal one is refused with its rule before anything is taken back."""
    g = w.game
    play_random(g, 20, seed=6)
    past = g.position_at(7)
    state, n = g.to_json(), len(g.moves)
    w.replay_index = 7
    bad = next(a for a in ("buy 1 with florin 1", "remove 5,5", "take dinar 9+9") if past.why_illegal(a))
    send(w, type="play_from", index=7, action=bad, stamp=w.view["stamp"], seat=None)
    assert w.message["kind"] == "error" and w.message["rule"] == past.why_illegal(bad).rule
    assert g.to_json() == state and w.replay_index == 7 and len(g.moves) == n   # nothing taken back
    move = past.legal_actions()[-1]
    send(w, type="play_from", index=7, action=str(move), stamp=w.view["stamp"], seat=None)
    assert w.replay_index == -1 and w.view["replay"] is None
    assert [m.action for m in g.moves[:7]] == [m.action for m in past.moves]
    assert g.moves[-1].action == move and g.moves[-1].player == past.current
    assert w.message["kind"] == "info" and w.message["text"] == describe_move(g.moves[-1], g)
    g.check()


def test_play_from_with_a_move_is_only_for_a_person_who_acts_there():
    from alhambra_widget.bots import Random
    g = Game(["Ana", "Ben"], seed=3)
    w = AlhambraWidget(g, seat=0, bots={1: Random(seed=1)}, autoplay=False)
    play_random(g, 9, seed=4)
    state = g.to_json()
    k = next(i for i, m in enumerate(g.moves) if m.player == 1)       # Ben, a bot, was to act there
    w.replay_index = k
    assert w.view["can_play_from"] is True
    send(w, type="play_from", index=k, action=str(g.position_at(k).legal_actions()[0]), stamp=w.view["stamp"], seat=0)
    assert w.message["kind"] == "error" and "Ben" in w.message["text"]
    assert g.to_json() == state and w.replay_index == k


def test_back_to_the_game_as_it_was_played_after_trying_another_line(w):
    """Play from here keeps the game as it was played: after moves tried from there,
    "Game played" (back_to_game) shows it again, whole, with its own hidden order."""
    g = w.game
    play_random(g, 24, seed=8)
    played = g.to_json()
    assert w.view["played_moves"] is None and w.played_game is None
    with pytest.raises(ValueError, match="no game to go back to"):
        w.back_to_game()
    send(w, type="back_to_game", stamp=w.view["stamp"], seat=None)
    assert w.message["kind"] == "error" and "no other game" in w.message["text"]
    assert g.to_json() == played
    w.replay_index = 9
    send(w, type="play_from", index=9, action=str(g.position_at(9).legal_actions()[-1]), stamp=w.view["stamp"], seat=None)
    assert w.view["played_moves"] == 24 and w.played_game.to_json() == played
    play_random(w.game, 5, seed=9)                        # a line tried
    w.play_from(3)                                        # and another from earlier: the game played stays the one kept
    assert w.view["played_moves"] == 24
    shown = w.view["game"]
    send(w, type="back_to_game", stamp=w.view["stamp"], seat=None)
    assert w.message["kind"] == "info" and w.message["text"] == "Back to the game as it was played, up to move 24."
    assert w.game.to_json() == played                     # every move, and what lies hidden, as it was
    assert w.view["played_moves"] is None and w.played_game is None and w.view["moves"] == 24
    assert w.view["game"] != shown                        # another game for the table (no moves animated)
    w.game.check()
    # another game drops it
    w.play_from(20)
    assert w.view["played_moves"] == 24
    w.game = Game(3, seed=1)
    assert w.view["played_moves"] is None and w.played_game is None


def test_back_to_the_game_played_keeps_its_review_whole():
    from alhambra_widget.bots import Greedy
    g = Game(2, seed=1)
    bots = [Greedy(seed=1), Greedy(seed=2)]
    while not g.is_over:
        g.play(bots[g.current].choose(g))
    w = AlhambraWidget(g)
    w.review(seconds_per_move=0.01, wait=True)
    whole = dict(w.graded)
    assert not whole.get("partial")
    w.play_from(30)
    assert w.graded["partial"] is True
    w.back_to_game()
    assert w.graded == whole                              # the review of the game played, whole again


def test_back_to_the_game_played_is_only_over_moves_the_seat_may_drop():
    from alhambra_widget.bots import Random
    g = Game(["Ana", "Ben", "Cy"], seed=3)
    ana = AlhambraWidget(g, seat=0, bots={1: Random(seed=1), 2: Random(seed=2)}, autoplay=False)
    play_random(g, 9, seed=4)
    ana.play_from(3)
    ana.bots = {}                                         # Ben and Cy are people now (at screens of their own)
    ana.seat = 0
    play_random(ana.game, 6, seed=5)                      # and play in the line tried
    state = ana.game.to_json()
    assert any(m.player in (1, 2) for m in ana.game.moves[3:])
    assert ana.view["played_moves"] == 9                  # (shown: the refusal says why it cannot go)
    send(ana, type="back_to_game", stamp=ana.view["stamp"], seat=0)
    assert ana.message["kind"] == "error" and "another player" in ana.message["text"].lower()
    with pytest.raises(ValueError, match="another player"):
        ana.back_to_game()
    assert ana.game.to_json() == state


def test_play_from_in_python(w):
    g = w.game
    with pytest.raises(ValueError, match="no past position is shown"):
        w.play_from()
    play_random(g, 12, seed=2)
    state = g.to_json()
    for bad, error in ((True, TypeError), ("3", TypeError), (1.0, TypeError), (-1, ValueError), (13, ValueError)):
        with pytest.raises(error, match="play_from"):
            w.play_from(bad)
        assert g.to_json() == state
    assert w.play_from(12) == 0 and g.to_json() == state     # nothing after the live position
    w.replay_index = 4
    first = [m.action for m in g.moves[:4]]
    assert w.play_from() == 8                              # the position the replay shows
    assert [m.action for m in g.moves[:4]] == first and w.replay_index == -1
    assert all(m.player is None for m in g.moves[4:])      # (at most a reshuffle of what nobody has seen)
    n = len(g.moves)
    assert w.play_from(0) == n and played(g) == [] and w.can_redo
    assert all(e["player"] is None for e in w.view["log"])   # (at most the reshuffle)
    g.check()


def test_the_log_numbers_the_moves_as_the_game_does_after_an_undo_at_the_table(w):
    """An undo at the table that took back shown cards or tiles ends in a
    reshuffle of what nobody has seen: the log has it, told in words, so its
    numbers run on without a gap, as the replay's do."""
    g = w.game
    play_random(g, 6, seed=2)
    while not any(e.kind in ("money", "refill") for e in g.moves[-1].events):
        play_random(g, 1, seed=len(g.moves))
    w.undo()
    assert g.moves[-1].player is None                     # the reshuffle
    play_random(g, 3, seed=9)
    log = w.view["log"]
    assert [e["n"] for e in log] == list(range(len(g.moves) - len(log) + 1, len(g.moves) + 1))
    chance = [e for e in log if e["player"] is None]
    assert len(chance) == 1 and chance[0]["name"] is None
    assert describe_entry(chance[0], g.names, g.rounds) == t("ui.move.reshuffle")
    w.replay_index = chance[0]["n"]                       # the replay's banner tells it too
    assert w.view["replay"] == chance[0]["n"] and w.view["log"][-1] == chance[0]


def test_undo_and_redo_at_the_table_again_and_again_leave_one_reshuffle(w):
    """Several moves taken back at the table and played again, cycle after cycle: each undo ends in
    a reshuffle of what nobody has seen, which supersedes the one taken back before (that one,
    played again by redo, would bring back an order seen already). The record keeps at most one
    reshuffle, so redo stays quick and the game can be finished (it piled up one reshuffle for
    every move taken back in each cycle, up to the record's limit of moves)."""
    g = w.game
    play_random(g, 40, seed=4)
    people = [m for m in g.moves if m.player is not None]
    for _ in range(15):
        for _ in range(6):
            w.undo()
        while w.redo() is not None:
            pass
    chance = [m for m in g.moves if m.player is None]
    assert len(chance) <= 1, len(chance)
    assert len([m for m in g.moves if m.player is not None]) <= len(people)
    g.check()
    play_random(g, 5, seed=5)   # (and the game goes on)


def test_play_from_takes_back_only_what_the_seat_may_undo():
    g = Game(["Ana", "Ben", "Cy"], seed=3)
    play_random(g, 9, seed=4)
    ana = AlhambraWidget(g, seat=0)
    state = g.to_json()
    ana.replay_index = 2
    assert ana.view["can_play_from"] is False              # Ben and Cy, people, moved after it
    send(ana, type="play_from", index=2, stamp=ana.view["stamp"], seat=0)
    assert ana.message["kind"] == "error" and "another player" in ana.message["text"].lower()
    assert g.to_json() == state and ana.replay_index == 2
    # against bots, their moves go back with Ana's
    from alhambra_widget.bots import Random
    g2 = Game(["Ana", "Ben", "Cy"], seed=3)
    table = AlhambraWidget(g2, seat=0, bots={1: Random(seed=1), 2: Random(seed=2)}, autoplay=False)
    play_random(g2, 9, seed=4)
    table.replay_index = 3
    assert table.view["can_play_from"] is True
    send(table, type="play_from", index=3, stamp=table.view["stamp"], seat=0)
    assert table.message["kind"] == "info" and table.replay_index == -1
    assert [m.action for m in g2.moves[:3]] == [m.action for m in Game.from_json(state).moves[:3]]
    assert all(m.player is None for m in g2.moves[3:])     # Ana's later moves and the bots' are gone


def test_stale_intents_are_refused(w):
    g = w.game
    old = w.view["stamp"]
    w.play(g.legal_actions()[0])
    state = g.to_json()
    w._handle_custom_msg({"type": "action", "action": str(g.legal_actions()[0]), "stamp": old, "seat": None}, [])
    assert g.to_json() == state and "older position" in w.message["text"]


def test_an_intent_made_before_a_new_picture_of_the_same_position_is_taken():
    """A view that changed without the position changing (a hint found, the
    language switched, a review moving on) gets a new stamp, but a click the
    page sent on the view before it means the same move and is played; one
    made on a picture of another position, seat or line-up is refused."""
    from alhambra_widget.bots import Greedy

    w = AlhambraWidget(players=["Ana", "Ben"], seed=3, autoplay=False)
    g = w.game
    old = w.view["stamp"]
    w.hint(seconds=0.1, wait=True)          # the hints arrive: a new picture
    w.lang = "de"                           # and another language: another
    assert w.view["stamp"] > old + 1
    assert w.view["since"] == old           # (of the same position: the page keeps a selection begun)
    first = g.legal_actions()[0]
    w._handle_custom_msg({"type": "action", "action": str(first), "stamp": old, "seat": None}, [])
    assert w.message["kind"] == "info" and g.moves[-1].action == first
    assert w.view["since"] == w.view["stamp"] > old
    # the position moved on: the picture before it is refused, changing nothing
    state = g.to_json()
    w._handle_custom_msg({"type": "action", "action": str(g.legal_actions()[0]), "stamp": old, "seat": None}, [])
    assert g.to_json() == state and w.message["kind"] == "error"
    # replaying another position, a seat taken, a bot seated: each makes older pictures stale
    for change in (lambda: setattr(w, "replay_index", 0), lambda: setattr(w, "replay_index", -1),
                   lambda: setattr(w, "seat", 0), lambda: setattr(w, "bots", {1: Greedy()})):
        before = w.view["stamp"]
        change()
        w._handle_custom_msg({"type": "undo", "stamp": before, "seat": w.seat}, [])
        assert g.to_json() == state and w.message["kind"] == "error", w.message
    # a stamp from the future is forged
    w._handle_custom_msg({"type": "undo", "stamp": w.view["stamp"] + 1, "seat": w.seat}, [])
    assert g.to_json() == state and w.message["kind"] == "error"
    w.close()


def test_two_displays_share_one_model(w):
    # every display renders the same model: one view trait, one comm
    a = w._repr_mimebundle_()
    b = w._repr_mimebundle_()
    ka = a[0]["application/vnd.jupyter.widget-view+json"]["model_id"]
    kb = b[0]["application/vnd.jupyter.widget-view+json"]["model_id"]
    assert ka == kb == w.model_id


def test_the_mime_bundle_has_an_svg_fallback(w):
    data, _ = w._repr_mimebundle_()
    svg = data["image/svg+xml"]
    assert svg.startswith("<svg") and "alh-game" in svg
    seated = AlhambraWidget(w.game, seat=0)
    svg0 = seated._repr_mimebundle_()[0]["image/svg+xml"]
    assert svg0.count('class="alh-hand alh-hidden"') == 0   # every hand is known (RULES X3)
    assert w.game._repr_svg_().startswith("<svg")


def test_a_watched_game_stays_a_plain_game_for_the_engine(w):
    import copy
    import pickle
    g = w.game
    play_random(g, 5)
    for other in (pickle.loads(pickle.dumps(g)), copy.deepcopy(g), g.copy()):
        assert type(other) is Game and other.to_json() == g.to_json()
    assert isinstance(g, Game) and type(g).__name__ == "Game"
    w.close()
    assert type(g) is Game
    stamp = w.view["stamp"]
    g.play(g.legal_actions()[0])                # a closed widget no longer follows its game
    assert w.view["stamp"] == stamp


def test_view_rejects_a_bad_seat():
    with pytest.raises(ValueError):
        view(Game(2, seed=1), 2)
    with pytest.raises(ValueError):
        view(Game(2, seed=1), True)


# ------------------------------------------------ the front end's fixtures
def test_js_fixtures_are_up_to_date():
    """js/fixtures/*.json are views made by this Python code from the game
    records in tests/js_fixture_records/ (the contract the front-end tests rely
    on); regenerate with `python tests/js_fixtures.py`."""
    try:
        made = js_fixtures.fixtures()
    except Exception as e:  # a record the engine no longer loads (rules or format changed)
        pytest.fail(f"tests/js_fixture_records no longer load ({type(e).__name__}: {e}); "
                    "regenerate with `python tests/js_fixtures.py --new` and re-run `npm test`")
    assert set(made) == {p.stem for p in js_fixtures.FIXTURES.glob("*.json")}
    for name, v in made.items():
        path = js_fixtures.FIXTURES / f"{name}.json"
        assert path.read_text() == js_fixtures.text_of(v), \
            f"{path.name} is out of date: regenerate with `python tests/js_fixtures.py` and re-run `npm test`"
    # the positions the front-end tests need are there
    assert made["buy-3p"]["legal"]["buy"] and made["seated-2p-place"]["phase"] == "place"
    assert made["seated-2p-other"]["legal"] is None and made["over-4p"]["phase"] == "over"


# ------------------------------------------------------------------ packaging
def _uv(py):
    return subprocess.run([py, "-m", "uv", "--version"], capture_output=True).returncode == 0


@pytest.mark.slow
def test_wheel_ships_the_bundle_and_imports_in_a_clean_venv(tmp_path):
    """Build a wheel from a fresh copy of the sources (no node_modules, no
    bundle): the hatch-jupyter-builder hook must run the JS build, the wheel
    must contain static/widget.js, and it must import in a clean venv."""
    src = tmp_path / "src"
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
                           cwd=ROOT, capture_output=True, check=True).stdout.decode().split("\0")
    for f in filter(None, files):
        p = ROOT / f
        if p.is_file():
            (src / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, src / f)
    assert not (src / "alhambra_widget" / "static" / "widget.js").exists()
    assert not (src / "node_modules").exists()
    dist = tmp_path / "dist"
    py = sys.executable
    env = {k: v for k, v in os.environ.items() if not k.startswith("HATCH_JUPYTER_BUILDER")}
    if _uv(py):
        cmd = [py, "-m", "uv", "build", "--wheel", "--out-dir", str(dist), str(src)]
    else:
        cmd = [py, "-m", "pip", "wheel", "--no-deps", "-w", str(dist), str(src)]
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    wheels = list(dist.glob("alhambra_widget-*.whl"))
    assert len(wheels) == 1, list(dist.iterdir())
    with zipfile.ZipFile(wheels[0]) as z:
        names = z.namelist()
        assert "alhambra_widget/static/widget.js" in names
        bundle = z.read("alhambra_widget/static/widget.js").decode()
    assert "data-lm-suppress-shortcuts" in bundle and len(bundle) > 10_000
    assert not any(n.startswith(("js/", "node_modules/", "tests/")) for n in names)

    venv = tmp_path / "venv"
    if _uv(py):
        subprocess.run([py, "-m", "uv", "venv", "--python", py, str(venv)], check=True, capture_output=True)
        vpy = str(venv / "bin" / "python")
        subprocess.run([py, "-m", "uv", "pip", "install", "--python", vpy, "--no-deps", str(wheels[0])],
                       check=True, capture_output=True)
        r = subprocess.run([py, "-m", "uv", "pip", "install", "--python", vpy, "anywidget"],
                           capture_output=True, text=True, timeout=600)
    else:
        subprocess.run([py, "-m", "venv", str(venv)], check=True)
        vpy = str(venv / "bin" / "python")
        subprocess.run([vpy, "-m", "pip", "install", "--no-deps", str(wheels[0])], check=True, capture_output=True)
        r = subprocess.run([vpy, "-m", "pip", "install", "anywidget"], capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    code = (
        "import sys, pathlib, alhambra_widget\n"
        "assert 'anywidget' not in sys.modules\n"
        "from alhambra_widget import AlhambraWidget\n"
        "w = AlhambraWidget(players=['Ana', 'Ben'], seed=1)\n"
        "root = pathlib.Path(alhambra_widget.__file__).parent\n"
        "assert str(root).startswith(sys.prefix), root\n"
        "assert str(w._esm) == (root / 'static' / 'widget.js').read_text()\n"
        "w.play(w.game.legal_actions()[0])\n"
        "print('ok', w.view['moves'], root)\n"
    )
    r = subprocess.run([vpy, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr[-3000:]
    assert r.stdout.startswith("ok 1 "), r.stdout


def test_the_view_previews_the_next_scoring_round_while_the_game_is_played():
    """In play the view carries the next scoring round as the engine would score it now
    (``Game.scoring_preview()``), as JSON; once the game is over, nothing."""
    g = Game(["Ana", "Ben", "Chi"], seed=5)
    rng = random.Random(5)
    while not g.rounds:
        g.play(g.random_action(rng))
    v = view(g)
    assert v["preview"] == json.loads(json.dumps(g.scoring_preview())) and v["preview"]["round"] == 2
    assert v["preview"]["scores"] == [p.score + x for p, x in zip(g.players, v["preview"]["points"])]
    while not g.is_over:
        g.play(g.random_action(rng))
    assert view(g)["preview"] is None


def test_the_view_says_which_game_it_shows_and_a_move_does_not_change_it():
    """view["game"] changes when another game is shown -- a new game, a game assigned, a lesson's
    next step -- and never with a move, an undo or a replay: the front end animates moves only
    within one game (a game one move shorter is not an undo)."""
    w = AlhambraWidget(players=["Ana", "Ben"], seed=1)
    first = w.view["game"]
    w.play(w.game.legal_actions()[0])
    w.undo()
    w.redo()
    w.replay_index = 0
    w.replay_index = -1
    assert w.view["game"] == first
    w.game = w.game.position_at(0)
    assert w.view["game"] != first
    second = w.view["game"]
    w.new_game()
    assert w.view["game"] not in (first, second)
    t = AlhambraWidget.tutorial(lang="en")
    step = t.view["game"]
    t.tutor.next()
    assert t.view["game"] != step


def test_the_traits_drawn_from_the_game_are_read_only_from_a_cell():
    """``w.view = {}`` left the page with nothing to draw (and was undone by the next move): the
    kernel's own traits refuse it, and a cell changes the game instead."""
    import traitlets

    w = AlhambraWidget(players=["Ana", "Ben"], seed=1)
    before = dict(w.view)
    for name, value in (("view", {}), ("message", {"kind": "error", "text": "x"}), ("graded", None),
                        ("strings", {}), ("lesson", {}), ("moves", 5)):
        with pytest.raises(traitlets.TraitError, match="read-only"):
            setattr(w, name, value)
    assert w.view == before and w.message == {}
    w.play(w.game.legal_actions()[0])   # the widget itself still updates them
    assert w.view["live_moves"] == 1 and w.moves == 1
