"""The engine's move record, listeners, undo/redo by saved positions, the
one declaration of a position's fields, and what a seat may know."""

import copy
import gc
import json
import pickle
import random
import sys
import weakref

import pytest
from hypothesis import given, settings, strategies as st

from alhambra_widget import Game, IllegalMove, RecordError
from alhambra_widget.engine import state as S
from alhambra_widget.engine.actions import Reshuffle
from alhambra_widget.engine.moves import Event, Move


def random_game(n=3, seed=1, steps=60):
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.play(g.random_action(rng))
    return g


# ----------------------------------------------------------------- the record
def test_every_move_records_who_played_it_and_what_it_did():
    g = Game(["Ana", "Ben", "Chi"], seed=7)
    rng = random.Random(3)
    while not g.is_over:
        who, turn, before = g.current, g.turn, g.copy(history=False)
        g.play(g.random_action(rng))
        m = g.moves[-1]
        assert (m.index, m.player, m.turn) == (len(g.moves), who, turn)
        for e in m.events:
            if e.kind == "take":
                assert e.player == who and all(c in before.money for c in e.cards)
            elif e.kind == "buy":
                assert before.market[e.slot - 1] is e.tile and (who, e.tile) in g.pending
            elif e.kind == "place":
                assert g.players[who].alhambra[e.pos] is e.tile
            elif e.kind == "refill":
                assert e.tile not in before.market and e.tile in before.bag
            elif e.kind == "money":
                assert all(isinstance(c.value, int) for c in e.cards)
            elif e.kind == "score":
                assert g.rounds[e.round - 1]["round"] == e.round
        assert m.rounds == tuple(e.round for e in m.events if e.kind == "score")
    assert g.moves[-1].of_kind("over") and [r["round"] for r in g.rounds] == [1, 2, 3]
    assert sum(len(m.rounds) for m in g.moves) == 3


def test_a_place_event_names_the_spot_and_the_tile():
    g = Game.from_position(["Ana", "Ben"], seed=1, hands=[["florin 9"], ["ducat 2"]], market=[7, 14, 22, 31])
    g.play("buy 1 with florin 9")
    assert [e.kind for e in g.moves[-1].events] == ["pay", "buy"]
    spot = g.legal_actions("place")[0]
    g.play(spot)
    ev = g.moves[-1].events
    assert ev[0] == Event("place", player=0, tile=g.moves[-1].events[0].tile, pos=spot.pos)
    assert ev[0].tile.id == spot.tile_id
    assert [e.kind for e in ev] == ["place", "refill", "next"] and ev[1].slot == 1 and ev[2].player == 1
    js = g.moves[-1].to_json()
    assert js["action"] == str(spot) and js["events"][0] == {"kind": "place", "player": 0, "tile": spot.tile_id,
                                                           "pos": list(spot.pos)}
    json.dumps([m.to_json() for m in g.moves])   # plain JSON


def test_a_move_reads_and_writes_itself_whole():
    """A move's fields by name, its JSON (the turn, the action, its events, a field left out when
    it is empty) and its repr; a move made of Events is the move the engine made; a move equals
    only a move."""
    g = Game(3, seed=1)
    g.play(g.legal_actions("take")[0])
    m = g.moves[-1]
    assert (m.index, m.player, m.turn, str(m.action)) == (1, 0, 1, "take dirham 5")
    assert m.to_json() == {"n": 1, "player": 0, "turn": 1, "action": "take dirham 5", "events": [
        {"kind": "take", "player": 0, "cards": ["dirham 5"]}, {"kind": "money", "cards": ["dirham 5"]},
        {"kind": "next", "player": 1}]}
    assert repr(m) == "<Move 1: player 0 'take dirham 5'>"
    assert [repr(e) for e in m.events] == ["Event('take', player=0, cards=(Card(dirham, 5),))",
                                           "Event('money', cards=(Card(dirham, 5),))", "Event('next', player=1)"]
    assert repr(Event("over")) == "Event('over')"
    again = Move(m.index, m.player, m.action, m.turn, m.events)
    assert again == m and not again != m and again.events == m.events
    assert m != tuple(m) and not m == tuple(m) and m != Move(2, 0, m.action, 1, m.events)
    assert Move(9, None, Reshuffle(5), 4, [Event("shuffle")]).events == (Event("shuffle"),)
    take = m.events[0]
    assert (take.kind, take.player, take.cards, take.tiles, take.tile, take.slot) == ("take", 0, tuple(m.action.cards), (), None, None)
    for again in (pickle.loads(pickle.dumps(m)), copy.deepcopy(m)):
        assert again == m and again.events == m.events and type(again) is Move
    assert pickle.loads(pickle.dumps(take)) == take and type(copy.deepcopy(take)) is Event
    g.play(g.legal_actions()[0])
    assert g.moves[-1].to_json()["turn"] == g.moves[-1].turn == 2


def test_a_copy_without_history_records_its_own_moves_from_where_it_was_made():
    """``copy(history=False)``: nothing to undo at first; the moves played on the copy are
    recorded from there and taken back exactly, down to the position it was made at."""
    g = random_game(3, seed=4, steps=40)
    kept = list(g.history)
    h = g.copy(history=False)
    assert kept and h.history == [] and not h.can_undo
    made_at = h.to_json()
    for _ in range(40):
        h.play(h.legal_actions()[-1])
    assert len(h.history) == 40 and h.to_json() != made_at
    while h.can_undo:
        h.undo()
    assert h.to_json() == made_at and h.history == [] and g.history == kept   # (g keeps its record)


def test_events_never_show_what_lies_below_in_the_deck():
    g = random_game(4, seed=5, steps=150)
    shown = {str(c) for m in g.moves for e in m.events for c in e.cards}
    seen_face_up = {str(c) for m in g.moves for e in m.events if e.kind in ("money", "take", "pay") for c in e.cards}
    assert shown == seen_face_up
    text = json.dumps([m.to_json() for m in g.moves])
    assert json.dumps([str(c) for c in g.deck[-4:]]) not in text


# ----------------------------------------------------------------- undo and redo
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(1, 120), back=st.integers(1, 40))
def test_undo_is_exact_and_redo_replays(seed, steps, back):
    g = random_game(3, seed=seed, steps=steps)
    records = [g.position_at(k).to_json() for k in range(len(g.moves) + 1)]
    assert records[-1] == g.to_json()
    played = list(g.history)
    back = min(back, len(played))
    for i in range(back):
        assert g.undo() == played[-1 - i]
        assert g.to_json() == records[len(played) - 1 - i]
    for i in range(back):
        g.redo()
    assert g.to_json() == records[-1] and g.history == played
    with pytest.raises(IndexError):
        g.redo()


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(5, 150), back=st.integers(1, 30), sample=st.integers(0, 2 ** 32))
def test_after_a_reshuffle_every_move_left_to_redo_can_be_played_again(seed, steps, back, sample):
    """A reshuffle (as the widget makes after an undo at the table) deals what comes next in
    another order: the redo list keeps the moves that can still be played in turn, and ends
    where one could not (Redo never refuses what it offers)."""
    g = random_game(3, seed=seed, steps=steps)
    for _ in range(min(back, len(g.moves))):
        g.undo()
    taken = list(reversed(g._redo))              # the moves taken back, the next to redo first
    g.resample_hidden(random.Random(sample))
    kept = list(reversed(g._redo))
    assert kept == taken[:len(kept)]             # a first part of them, in their order
    for action in kept:
        assert g.redo() == action                # (IllegalMove here would fail the test)
    assert not g.can_redo
    if len(kept) < len(taken):                   # ended where the next could not be played
        assert g.why_illegal(taken[len(kept)]) is not None
    g.check()


def test_a_new_move_ends_what_can_be_redone():
    g = random_game(2, seed=3, steps=10)
    g.undo()
    assert g.can_redo
    other = [a for a in g.legal_actions() if a != g._redo[-1]][0]
    g.play(other)
    assert not g.can_redo


def test_copies_share_saved_positions_without_disturbing_each_other():
    g = random_game(3, seed=8, steps=50)
    h = g.copy()
    before = g.to_json()
    h.undo()
    h.undo()
    h.play(h.legal_actions()[-1])
    assert g.to_json() == before
    g.undo()
    assert h.to_json() != g.to_json() and Game.from_json(h.to_json()).to_json() == h.to_json()


def test_position_at_is_a_game_of_its_own():
    g = random_game(3, seed=9, steps=40)
    p = g.position_at(10)
    assert len(p.moves) == 10 and p.history == g.history[:10]
    before = g.to_json()
    p.play(p.legal_actions()[0])
    p.undo()
    p.undo()
    assert g.to_json() == before
    with pytest.raises(ValueError):
        g.position_at(41)


# ----------------------------------------------------------------- listeners
def test_listeners_hear_play_undo_redo_and_restore():
    g = Game(3, seed=2)
    heard = []
    fn = lambda game, event, move: heard.append((event, move.index if move else None))  # noqa: E731
    g.listen(fn)
    g.play(g.legal_actions()[0])
    g.undo()
    g.redo()
    g.resample_hidden(random.Random(1))
    g.forget_moves()
    assert heard == [("play", 1), ("undo", 1), ("redo", 1), ("play", 2), ("restore", None)]
    g.unlisten(fn)
    g.play(g.legal_actions()[0])
    assert len(heard) == 5
    g.play(g.legal_actions()[0], record=False)   # not recorded: nobody is told
    assert len(heard) == 5


def test_a_failing_listener_says_the_move_was_played():
    # the move is in the game when a listener hears of it: its error is no refusal of the move
    g = Game(2, seed=4)

    def broken(game, event, move):
        raise RuntimeError("the listener broke")

    g.listen(broken)
    a = g.legal_actions()[0]
    with pytest.raises(RuntimeError, match="the listener broke") as e:
        g.play(a)
    assert [m.action for m in g.moves] == [a]
    if sys.version_info >= (3, 11):
        assert any("listener" in n and "after the play: the game has changed, 1 move now" in n for n in e.value.__notes__)


def test_a_bound_listener_is_held_weakly_and_copies_have_none():
    class Watcher:
        def __init__(self):
            self.n = 0

        def seen(self, game, event, move):
            self.n += 1

    g = Game(2, seed=4)
    w = Watcher()
    g.listen(w.seen)
    g.play(g.legal_actions()[0])
    assert w.n == 1
    c = g.copy()
    c.play(c.legal_actions()[0])
    assert w.n == 1
    ref = weakref.ref(w)
    del w
    gc.collect()
    assert ref() is None
    g.play(g.legal_actions()[0])   # a dead listener is skipped


# ----------------------------------------------------------------- one declaration
def test_the_fields_of_a_position_are_declared_once():
    g = random_game(2, seed=6, steps=70)
    state = S.dump_state(g)
    assert list(state) == [f.name for f in S.FIELDS]
    copy = g.copy(history=False)
    assert S.dump_state(copy) == state
    loaded = Game._from_state(json.loads(json.dumps(state)), g.seed)
    assert S.dump_state(loaded) == state
    for f in S.FIELDS:
        assert f.doc and f.name in g.to_json()


def test_from_position_goes_through_the_records_loader():
    with pytest.raises(ValueError, match="does not add up") as info:
        Game.from_position(["Ana", "Ben"], seed=1, alhambras=[{(2, 0): 7}, {}])
    # the field, then the rule and what it asks, said once
    assert "players[0].alhambra: This Alhambra breaks rule P4: Every tile" in str(info.value)
    assert str(info.value).count("rule P4") == 1
    g = Game.from_position(["Ana", "Ben"], seed=1, hands=[["dinar 5"], ["florin 9"]], scores=[3, 4],
                           rounds_played=1)
    assert [r["round"] for r in g.rounds] == [1] and g.scores == [3, 4]
    assert Game.from_json(g.to_json()).to_json() == g.to_json()


def test_illegal_moves_and_bugs_leave_the_position_as_it_was():
    g = random_game(3, seed=11, steps=30)
    before = g.to_json()
    with pytest.raises(IllegalMove):
        g.play("buy 4 with florin 1")
    assert g.to_json() == before and len(g.moves) == 30


# ----------------------------------------------------------------- hidden information
def test_observation_is_what_a_perfect_memory_knows():
    g = random_game(4, seed=12, steps=80)
    obs = g.observation(1)
    assert "rng" not in obs and obs["seat"] == 1
    assert [p["hand"] for p in obs["players"]] == [[str(c) for c in p.hand] for p in g.players]
    assert obs["deck"]["size"] == len(g.deck) and sorted(obs["deck"]["cards"]) == sorted(
        str(c) for c in g.deck if not str(c).startswith("scoring"))
    assert obs["bag"]["tiles"] == sorted(t.id for t in g.bag)
    assert obs == g.observation(1) and {k: v for k, v in obs.items() if k != "seat"} == \
        {k: v for k, v in g.observation(3).items() if k != "seat"}
    h = g.copy()
    h.resample_hidden(random.Random(9))
    assert {k: v for k, v in h.observation(1).items()} == obs     # only the hidden order changed
    assert h.deck != g.deck or h._rng != g._rng


def test_resample_hidden_is_a_recorded_chance_move_the_record_replays():
    g = random_game(3, seed=13, steps=40)
    g.resample_hidden(random.Random(2))
    m = g.moves[-1]
    assert isinstance(m.action, Reshuffle) and m.player is None and m.action.kind == "chance"
    assert Reshuffle(m.action.seed) not in g.legal_actions()
    rng = random.Random(13)
    for _ in range(40):
        g.play(g.random_action(rng))
    assert Game.from_json(g.to_json()).to_json() == g.to_json()
    d = g.copy(history=False)
    d.resample_hidden(random.Random(3), record=False)
    assert d.moves == []


def test_resampling_gives_the_same_sample_for_positions_that_differ_only_in_hidden_order():
    g = random_game(3, seed=14, steps=30)
    h = g.copy(history=False)
    h.deck.reverse()
    h._rng ^= 12345
    a, b = g.copy(history=False), h
    a.resample_hidden(random.Random(5), record=False)
    b.resample_hidden(random.Random(5), record=False)
    assert a.deck == b.deck and a._rng == b._rng


def test_a_record_with_a_chance_move_changed_by_hand_is_refused():
    g = random_game(3, seed=15, steps=20)
    g.resample_hidden(random.Random(1))
    g.play(g.legal_actions()[0])
    rec = json.loads(g.to_json())
    i = next(i for i, a in enumerate(rec["history"]) if a.startswith("reshuffle"))
    rec["history"][i] = "reshuffle " + "0" * 16
    with pytest.raises(RecordError):
        Game.from_json(json.dumps(rec))
