"""Whatever a cell hands the public API, the answer is a result or an error of ours.

A hypothesis sweep over the package's public functions, constructors and methods with
arguments of every shape (None, numbers, texts, bytes, lists, pairs, dicts): each call
either works or raises a ValueError (IllegalMove, RecordError and NotationError are
ValueErrors), a TypeError, or a traitlets TraitError for a widget's trait -- never an
IndexError, a KeyError or an AttributeError from inside, and never with the
interpreter's own words ("unhashable type", "object is not iterable") where the message
should say what the call takes."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from traitlets import TraitError

import test_widget  # noqa: F401  (builds the front end bundle before AlhambraWidget is imported)
import alhambra_widget as aw
from alhambra_widget import analysis as an
from alhambra_widget import bots

#: phrases of the interpreter's own errors: a message of ours says what is taken instead
INTERNAL = ("unhashable type", "object is not iterable", "has no attribute", "values to unpack",
            "unsupported operand", "not supported between instances", "object is not subscriptable",
            "argument after *", "index out of range", "cannot be interpreted as an integer")

ANYTHING = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.floats(allow_nan=True) | st.text(max_size=6)
    | st.binary(max_size=3)
    | st.sampled_from(["dinar 5", "dirham 3+4", "take dinar 5", "tower", "en", "Ana", (1, 0), (0, 0)]),
    lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=2) | st.integers(0, 2), inner, max_size=2),
    max_leaves=6,
)

def _rl():
    return pytest.importorskip("alhambra_widget.rl")   # (the research extra: numpy, gymnasium, PettingZoo)


def _render():
    from alhambra_widget import render
    return render


GAME = aw.Game(["Ana", "Ben"], seed=1)
WIDGET = aw.AlhambraWidget(players=["Ana", "Ben"], seed=1, autoplay=False)

CALLS = {
    "Game(players)": lambda v: aw.Game(v),
    "Game(seed)": lambda v: aw.Game(2, seed=v),
    "Game(start_player)": lambda v: aw.Game(2, seed=1, start_player=v),
    "Game.from_position(hands)": lambda v: aw.Game.from_position(2, seed=1, hands=v),
    "Game.from_position(alhambras)": lambda v: aw.Game.from_position(2, seed=1, alhambras=v),
    "Game.from_position(market)": lambda v: aw.Game.from_position(2, seed=1, market=v),
    "Game.from_json": lambda v: aw.Game.from_json(v),
    "game.play": lambda v: GAME.copy().play(v),
    "game.legal_actions": lambda v: GAME.legal_actions(v),
    "game.position_at": lambda v: GAME.position_at(v),
    "game.observation": lambda v: GAME.observation(v),
    "game.pending_for": lambda v: GAME.pending_for(v),
    "game.scoring_preview": lambda v: GAME.scoring_preview(v),
    "game.listen": lambda v: GAME.copy().listen(v),
    "Alhambra.place": lambda v: aw.Alhambra().place(v, (1, 0)),
    "Alhambra.place(pos)": lambda v: aw.Alhambra().place(7, v),
    "Alhambra[pos]": lambda v: aw.Alhambra()[v],
    "Alhambra.remove": lambda v: aw.Alhambra().remove(v),
    "Alhambra.legal_spots": lambda v: aw.Alhambra().legal_spots(v),
    "Alhambra.position_of": lambda v: aw.Alhambra().position_of(v),
    "Alhambra.from_tiles": lambda v: aw.Alhambra.from_tiles(v),
    "tile": lambda v: aw.tile(v),
    "Tile.turned": lambda v: aw.TILES[3].turned(v),
    "card": lambda v: aw.card("dinar", v),
    "majority_points": lambda v: aw.majority_points("tower", v, 1),
    "majority_points(round)": lambda v: aw.majority_points("tower", [1, 2], v),
    "parse": lambda v: aw.parse(v),
    "TakeMoney": lambda v: aw.TakeMoney(v),
    "Buy": lambda v: aw.Buy(1, v),
    "Build": lambda v: aw.Build(v, (1, 0)),
    "Place": lambda v: aw.Place(7, v),
    "explain": lambda v: aw.explain(GAME, v),
    "explain(lang)": lambda v: aw.explain(GAME, lang=v),
    "explain_rule(lang)": lambda v: aw.explain_rule("P5", lang=v),
    "narrate_round": lambda v: aw.narrate_round(GAME, v),
    "analysis.standings": lambda v: an.standings(v),
    "analysis.wilson": lambda v: an.wilson(v, 10),
    "analysis.grade": lambda v: an.grade(v),
    "analysis.what_if": lambda v: an.what_if(GAME, v),
    "bots.play_game": lambda v: bots.play_game(v),
    "bots.MCTS(iterations)": lambda v: bots.MCTS(iterations=v),
    "rl.action_index": lambda v: _rl().action_index(GAME, v),
    "rl.index_action": lambda v: _rl().index_action(GAME, v),
    "render.tile_svg": lambda v: _render().tile_svg(v),
    "render.alhambra_svg(highlight)": lambda v: _render().alhambra_svg(aw.Alhambra(), highlight=v),
    "AlhambraWidget(players)": lambda v: aw.AlhambraWidget(players=v, autoplay=False),
    "AlhambraWidget(seat)": lambda v: aw.AlhambraWidget(players=["Ana", "Ben"], seat=v),
    "AlhambraWidget(save)": lambda v: aw.AlhambraWidget(players=["Ana", "Ben"], save=v) if not isinstance(v, str) else None,
    "widget.play": lambda v: WIDGET.play(v) if not isinstance(v, str) else None,   # (a legal text would move)
    "widget.bots =": lambda v: setattr(WIDGET, "bots", v) if not isinstance(v, dict) or v else None,
    "widget.lang =": lambda v: setattr(WIDGET, "lang", v) if not (isinstance(v, str) and v in aw.i18n.LANGUAGES) else None,
    "widget.replay_index =": lambda v: setattr(WIDGET, "replay_index", v) if v not in (-1, 0) else None,
    "widget.wait": lambda v: WIDGET.wait(v) if not isinstance(v, (int, float)) else None,
}


@pytest.mark.parametrize("name", sorted(CALLS))
def test_a_call_with_anything_answers_or_says_what_it_takes(name):
    call = CALLS[name]

    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(ANYTHING)
    def sweep(value):
        try:
            call(value)
        except (ValueError, TypeError, TraitError) as e:
            text = str(e)
            assert text, f"{name}({value!r}): an error with no message"
            leaked = [w for w in INTERNAL if w in text]
            assert not leaked, f"{name}({value!r}): {type(e).__name__}: {text}"

    sweep()


# ------------------------------------------------- the front end's messages, any content

_PROTOCOL_KINDS = ["action", "undo", "redo", "replay", "language", "lesson", "review_stop", "new_game"]
#: (hint and review start a search in the background: their refusals have tests of their own)

_FIELD = st.one_of(
    ANYTHING,
    st.sampled_from(["STAMP", "LEGAL", "take dinar 3", "place 5 at 1,0", "next", "back", "fi", -1, 0, 1]),
)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(st.lists(st.tuples(st.sampled_from(_PROTOCOL_KINDS + ["MOVE", "MOVE", "nonsense", 7, None]),
                          st.dictionaries(st.sampled_from(["action", "stamp", "seat", "index", "lang", "op",
                                                           "players", "names", "junk"]), _FIELD, max_size=4)),
                min_size=1, max_size=4))
def test_any_run_of_front_end_messages_leaves_a_whole_game_and_says_what_it_refused(msgs):
    """The kernel never raises on a message; after each, the game is whole (every card and tile
    once, every Alhambra legal), and a refusal is told in words of ours, short."""
    w = aw.AlhambraWidget(players=["Ana", "Ben"], seed=3, autoplay=False)
    for kind, fields in msgs:
        if kind == "MOVE":   # a well-formed move between the others: the table goes on under them
            kind, fields = "action", {"action": "LEGAL", "stamp": "STAMP", "seat": None}
        content = {"type": kind}
        for k, v in fields.items():
            if v == "STAMP":
                v = w.view["stamp"]
            elif v == "LEGAL":
                v = str(w.game.legal_actions()[0]) if w.game.legal_actions() else "pass"
            content[k] = v
        w._handle_custom_msg(content, [])
        w.game.check()
        msg = w.message
        if msg.get("kind") == "error":
            assert msg["text"] and len(msg["text"]) < 600
            assert not [p for p in INTERNAL if p in msg["text"]], msg["text"]
    w.close()


def _endless(entry):
    """An iterable with no end, as far as any call should read: the 10,001st entry fails the test
    (a call that reads on would otherwise never return)."""
    def entries():
        for k in range(10_000):
            yield entry(k) if callable(entry) else entry
        raise AssertionError("read on past 10,000 entries of an endless iterable")
    return entries()


@pytest.mark.parametrize("call", [
    lambda: aw.Game(_endless("Ana")),
    lambda: aw.Game.from_position(2, hands=_endless([])),
    lambda: aw.Game.from_position(2, hands=[_endless("dinar 1"), []]),
    lambda: aw.Game.from_position(2, money=_endless("dinar 1")),
    lambda: aw.Game.from_position(2, market=_endless(None)),
    lambda: aw.Game.from_position(2, reserves=[_endless(lambda k: k + 1), []]),
    lambda: aw.Game.from_position(2, to_place=_endless(7)),
    lambda: aw.Alhambra.from_tiles(_endless(lambda k: ((k + 1, 0), 7))),
    lambda: aw.Alhambra.from_tiles(_endless(lambda k: ((k + 1, 0), k + 1))),
    lambda: aw.Buy(2, _endless("dirham 3")),
    lambda: aw.TakeMoney(_endless("dinar 1")),
    lambda: bots.play_game(_endless(lambda k: bots.Random(seed=k))),
    lambda: an.tournament(_endless(lambda k: bots.Random(seed=k)), games=1, workers=1, progress=False),
])
def test_an_endless_iterable_is_refused_not_read_on(call):
    """Where a call takes a list, an iterable without end (a generator, itertools.repeat) gets
    the error a too long list gets, after as many entries as the game could hold."""
    with pytest.raises(ValueError) as e:
        call()
    assert not isinstance(e.value, AssertionError) and str(e.value)


@pytest.mark.parametrize("games, seed, words", [
    ("3", 0, "games is a whole number from 1, not '3'"),
    (0, 0, "games is a whole number from 1, not 0"),
    (2.5, 0, "games is a whole number from 1, not 2.5"),
    (2, "x", "seed is a whole number (the first game's; game k plays seed + k), not 'x'"),
    (2, None, "seed is a whole number"),
    (True, 0, "games is a whole number from 1, not True"),
    (2, False, "seed is a whole number (the first game's; game k plays seed + k), not False"),
])
def test_a_tournament_says_what_its_count_and_seed_are(games, seed, words):
    """Before any game is played (not the interpreter's words from deep inside)."""
    with pytest.raises(ValueError, match=re.escape(words)):
        an.tournament([bots.Random(), bots.Random()], games=games, seed=seed, workers=1, progress=False)


@pytest.mark.parametrize("n", [1, 7])
def test_a_tournament_is_for_two_to_six_players(n):
    with pytest.raises(ValueError, match=f"played by 2 to 6 players, (one bot per seat, )?not {'more than 6' if n > 6 else n}$"):
        an.tournament([bots.Random(seed=k) for k in range(n)], games=2, workers=1, progress=False)


def test_every_error_the_engine_raises_is_importable_from_the_package():
    from alhambra_widget.engine import errors
    for name in ("IllegalMove", "NotationError", "RecordError"):
        assert getattr(aw, name) is getattr(errors, name) and name in aw.__all__
    with pytest.raises(aw.NotationError):
        aw.parse("tkae dinar 3")


def test_every_bot_asked_to_move_in_a_finished_game_says_the_game_is_over():
    g = bots.play_game([bots.Random(seed=1), bots.Random(seed=2)], seed=1)
    assert g.is_over
    for bot in (bots.Random(seed=1), bots.Greedy(seed=1), bots.MCTS(iterations=5), bots.FlatMC(iterations=5)):
        with pytest.raises(aw.IllegalMove) as e:
            bot.choose(g)
        assert e.value.rule == "E4", type(bot).__name__


def test_names_written_as_people_write_them_or_said_what_they_may_be():
    from alhambra_widget.render import alhambra_svg
    # a building or a currency in any case, as the notation reads them; else the names listed
    assert aw.Building("Garden") is aw.Building.GARDEN and aw.card("Dirham", 4) == aw.card("dirham", 4)
    with pytest.raises(ValueError, match="'castle' is not a building; the buildings are pavilion, seraglio"):
        aw.Building("castle")
    with pytest.raises(ValueError, match="is not a currency; the currencies are florin, dirham, dinar, ducat"):
        aw.card("euro", 4)
    g = aw.Game(["Ana", "Ben"], seed=1)
    assert g.players[0].alhambra.count("Garden") == 0
    # a seat by name, where a bot is asked, as everywhere else
    me = g.players[g.current].name
    assert bots.Greedy(seed=1).choose(g, me) == bots.Greedy(seed=1).choose(g, g.current)
    other = g.names[1 - g.current]
    with pytest.raises(ValueError, match=f"it is seat {g.current}'s turn \\({me}\\), not seat {1 - g.current}'s \\({other}\\)"):
        bots.Greedy(seed=1).choose(g, other)
    # a player is drawn by their Alhambra; anything else is said so
    assert alhambra_svg(g.players[0]) == alhambra_svg(g.players[0].alhambra)
    with pytest.raises(TypeError, match="draws an Alhambra"):
        alhambra_svg("Ana")
    # a word that is no action: perhaps a player mistyped -- the players are named
    said = aw.explain(g, "Nobody")
    assert said.startswith("'Nobody' is neither a player of this game (Ana and Ben) nor an action")


def test_counts_of_names_and_workers_are_said_plainly():
    with pytest.raises(ValueError, match="one name per seat: 2 bots, 1 name$"):
        bots.play_game([bots.Random(seed=1), bots.Random(seed=2)], names=["Ana"])
    for workers in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="workers is how many processes play, 1 or more"):
            an.tournament([bots.Random(seed=1), bots.Random(seed=2)], games=2, workers=workers, progress=False)
