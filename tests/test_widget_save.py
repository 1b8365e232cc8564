"""A game kept in a file (``AlhambraWidget(save=...)``): written after every
change, read back by the next widget made with the file (after a restart of
the kernel), and nothing lost or changed when the file or the arguments do
not fit."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import given, settings, strategies as st

import test_widget  # noqa: F401  (builds the bundle before the widget class is defined)
from test_widget import intent, send
from alhambra_widget import AlhambraWidget, Game
from alhambra_widget.bots import Greedy
from alhambra_widget.engine.errors import RecordError


def saved(path) -> Game:
    return Game.from_json(path.read_text(encoding="utf-8"))


def some_moves(w, k: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(k):
        w.play(w.game.random_action(rng))


def test_every_move_undo_and_redo_is_in_the_file(tmp_path):
    f = tmp_path / "evening.json"
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7, save=f)
    assert w.save_path == f
    assert w.view["saved"] == "evening.json"             # (the table shows a disk, the name in its tooltip)
    assert AlhambraWidget(players=3).view["saved"] is None
    assert saved(f).to_json() == w.game.to_json()      # written at once, before any move
    some_moves(w, 12)
    assert len(saved(f).moves) == 12
    assert saved(f).to_json() == w.game.to_json()
    w.undo()
    assert len(saved(f).moves) == 11
    w.redo()
    assert saved(f).to_json() == w.game.to_json()
    # a move from the table (the front end's message) too
    intent(w, w.game.legal_actions()[0])
    assert len(saved(f).moves) == 13 == len(w.game.moves)
    assert os.listdir(tmp_path) == ["evening.json"]      # the file beside it, moved over it, is gone


def test_a_file_named_relative_to_the_working_folder_stays_there_when_it_changes(tmp_path, monkeypatch):
    """save="evening.json" is the file in the folder the notebook was in then: a later
    os.chdir (or %cd) does not move the game to another folder's file."""
    here, elsewhere = tmp_path / "here", tmp_path / "elsewhere"
    here.mkdir()
    elsewhere.mkdir()
    monkeypatch.chdir(here)
    w = AlhambraWidget(players=["Ana", "Ben"], seed=3, save="evening.json")
    assert w.save_path == here / "evening.json" and w.save_path.is_absolute()
    monkeypatch.chdir(elsewhere)
    some_moves(w, 4)
    assert os.listdir(elsewhere) == []
    assert len(saved(here / "evening.json").moves) == 4


def test_play_from_here_is_in_the_file_written_once(tmp_path, monkeypatch):
    f = tmp_path / "evening.json"
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7, save=f)
    some_moves(w, 20)
    writes = []
    real = type(w)._save
    monkeypatch.setattr(type(w), "_save", lambda self: (writes.append(len(self.game.moves)), real(self))[1])
    w.replay_index = 5
    w.play_from()
    assert saved(f).to_json() == w.game.to_json()
    assert [m.action for m in saved(f).moves[:5]] == [m.action for m in w.game.moves[:5]]
    assert len(writes) <= 2 and writes[-1] == len(w.game.moves)   # not once for each move taken back


def test_a_widget_made_again_with_the_file_goes_on_with_its_game(tmp_path):
    """As after a restart of the kernel: the same cell, run again, shows the
    game where it was, with the same future (the hidden order is in the file),
    its bots in their seats; the seed of the cell is not used."""
    f = tmp_path / "g.json"
    w = AlhambraWidget(players=["You", Greedy(seed=1), Greedy(seed=2)], seed=3, save=f, autoplay=False)
    some_moves(w, 20, seed=4)
    record = w.game.to_json()
    w.close()

    again = AlhambraWidget(players=["You", Greedy(seed=1), Greedy(seed=2)], seed=3, save=f, autoplay=False)
    assert again.game.to_json() == record
    assert sorted(again.bots) == [1, 2] and again.seat == 0
    assert again.view["moves"] == 20
    # the same future: a move played in both gives the same position
    a = again.game.legal_actions()[-1]
    w.game.play(a)
    again.play(a)
    assert again.game.to_json() == w.game.to_json() == saved(f).to_json()
    # the number of players alone is enough to go on, and so are no players at all
    assert AlhambraWidget(players=3, save=f).game.to_json() == saved(f).to_json()
    assert AlhambraWidget(save=f).game.to_json() == saved(f).to_json()


def test_a_cell_run_again_before_the_first_table_is_closed_keeps_the_file_for_the_new_table(tmp_path):
    """The same cell run again while the first table lives on (a bot of it thinking, say): the new
    table goes on with the game in the file and keeps the file from then on; the first stops
    writing to it (it wrote its own game over the new one after each of its moves) and says so."""
    f = tmp_path / "g.json"
    first = AlhambraWidget(players=["Ana", "Ben"], seed=3, save=f, autoplay=False)
    some_moves(first, 3, seed=4)
    second = AlhambraWidget(players=["Ana", "Ben"], seed=3, save=f, autoplay=False)
    assert second.game.to_json() == first.game.to_json()
    some_moves(second, 2, seed=5)
    some_moves(first, 1, seed=6)                     # a move of the first table after the second opened
    assert saved(f).to_json() == second.game.to_json()
    assert first.save_path is None and second.save_path == f.absolute()
    assert first.view["saved"] is None
    assert first.message["text"].startswith("This table no longer keeps its game in ")
    first.close()
    some_moves(second, 1, seed=7)
    assert saved(f).to_json() == second.game.to_json()


def test_a_new_game_is_written_over_the_old_one(tmp_path):
    f = tmp_path / "g.json"
    w = AlhambraWidget(players=["Ana", "Ben"], seed=1, save=f)
    some_moves(w, 5)
    send(w, type="new_game", stamp=w.view["stamp"], seat=None)   # (refused in mid-game: the file keeps its game)
    assert len(saved(f).moves) == 5
    w.new_game(seed=2)
    assert len(saved(f).moves) == 0 and saved(f).to_json() == w.game.to_json()
    other = Game(["Ana", "Ben"], seed=9)
    w.game = other
    assert saved(f).to_json() == other.to_json()


def test_what_does_not_fit_the_file_is_refused_and_the_file_stays_as_it_was(tmp_path):
    f = tmp_path / "g.json"
    w = AlhambraWidget(players=["Ana", "Ben", "Chi"], seed=7, save=f)
    some_moves(w, 6)
    before = f.read_bytes()
    with pytest.raises(ValueError, match=r"holds a game of Ana, Ben, Chi, not of Ana, Ben\b"):
        AlhambraWidget(players=["Ana", "Ben"], save=f)
    with pytest.raises(ValueError, match=r"holds a game of Ana, Ben, Chi, not of 4 players"):
        AlhambraWidget(players=4, save=f)
    with pytest.raises(ValueError, match="holds a game already"):
        AlhambraWidget(Game(3, seed=1), save=f)
    assert f.read_bytes() == before

    broken = tmp_path / "broken.json"
    for text in ("{not json", '{"format": "alhambra-game", "version": 1}', "[]", "\udcff", " " * 17_000_000):
        broken.write_bytes(text.encode("utf-8", "surrogateescape"))   # (a byte that is no UTF-8 too)
        with pytest.raises(RecordError) as e:
            AlhambraWidget(players=["Ana", "Ben", "Chi"], save=broken)
        assert "at most 4000000 characters" in str(e.value) if len(text) > 1000 else str(e.value)
        assert str(e.value).startswith(f"{broken} is not a game record")   # (which file, first)
        assert broken.read_bytes() == text.encode("utf-8", "surrogateescape")


def test_a_file_that_is_not_json_is_refused_as_such(tmp_path):
    """Binary junk, or a line of text, in the file: refused as not JSON, naming the file (not with
    the advice for a file's name given as a record's text: the widget read the file itself)."""
    f = tmp_path / "evening.json"
    for data in (b"\x00\xff" * 10, b"evening.json", b"PK\x03\x04 zip file"):
        f.write_bytes(data)
        with pytest.raises(RecordError) as e:
            AlhambraWidget(players=["A", "B"], save=f)
        assert str(f) in str(e.value) and "it is not JSON text" in str(e.value)
        assert "read the file first" not in str(e.value)
        assert f.read_bytes() == data


def test_a_file_that_cannot_be_written_is_refused_at_once(tmp_path):
    with pytest.raises(OSError, match="there is no folder .*no such folder"):
        AlhambraWidget(players=2, save=tmp_path / "no such folder" / "g.json")
    with pytest.raises(OSError, match="is a folder: name a file in it, e.g. save="):
        AlhambraWidget(players=2, save=tmp_path)
    for bad in ("", "  ", 5, None.__class__):
        with pytest.raises(TypeError, match="save is the name of a file to keep the game in"):
            AlhambraWidget(players=2, save=bad)
    assert os.listdir(tmp_path) == []


def test_an_empty_file_holds_no_game_and_keeps_the_new_one(tmp_path):
    """(a file made beforehand, e.g. with touch: there is nothing in it to lose)"""
    f = tmp_path / "evening.json"
    f.write_bytes(b"")
    w = AlhambraWidget(players=["Ana", "Ben"], seed=4, save=f)
    some_moves(w, 2)
    again = AlhambraWidget(players=["Ana", "Ben"], save=f)
    assert again.game.history == w.game.history and len(w.game.history) == 2


def test_when_saving_fails_later_the_table_says_so_and_the_game_goes_on(tmp_path):
    folder = tmp_path / "games"
    folder.mkdir()
    f = folder / "g.json"
    w = AlhambraWidget(players=["Ana", "Ben"], seed=2, save=f, lang="de")
    some_moves(w, 3)
    f.unlink()
    folder.rmdir()                                       # (the folder is gone: nothing can be written)
    a = w.game.legal_actions()[0]
    intent(w, a)
    assert len(w.game.moves) == 4                        # the move is played
    assert w.message["kind"] == "error"
    assert "konnte nicht in" in w.message["text"] and "g.json" in w.message["text"]
    assert w.view["saved"] is None                       # (no disk while it is not saved)
    assert not folder.exists()
    # once it can be written again, the next change writes the whole game
    folder.mkdir()
    w.play(w.game.legal_actions()[0])                    # (a move from a cell: no message of its own)
    assert saved(f).to_json() == w.game.to_json()
    assert w.view["saved"] == "g.json"
    assert w.message == {}                               # ("unsaved" is no longer true)


def test_the_tutorial_keeps_no_game_in_a_file(tmp_path):
    with pytest.raises(TypeError, match="tutorial keeps no game"):
        AlhambraWidget.tutorial(save=tmp_path / "lesson.json")
    assert os.listdir(tmp_path) == []


# ------------------------------------------- the table's history buttons in any order
HISTORY_OPS = ["move", "move", "move", "move", "undo", "redo", "replay", "live", "from", "try", "back"]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), ops=st.lists(st.tuples(st.sampled_from(HISTORY_OPS), st.integers(0, 10 ** 6)),
                                                 min_size=5, max_size=40))
def test_the_history_buttons_in_any_order_keep_the_file_and_never_offer_what_they_refuse(tmp_path_factory, seed, ops):
    """Moves, Undo, Redo, the replay, Play from here (with a hint's move or without) and Game
    played, sent as the page sends them in any order: after each, the file holds the game, the
    game keeps its books, Redo and Play from here are refused only where the table did not offer
    them, and Game played brings back the number of moves it said."""
    path = tmp_path_factory.mktemp("kept") / "game.json"
    w = AlhambraWidget(players=3, seed=seed, save=path, autoplay=False)
    for op, arg in ops:
        g = w.game
        if op == "move" and w.replay_index == -1 and not g.is_over:
            legal = g.legal_actions()
            intent(w, legal[arg % len(legal)])
            assert w.message["kind"] == "info", w.message
        elif op == "undo":
            send(w, type="undo", stamp=w.view["stamp"], seat=None)
        elif op == "redo":
            offered = w.view["can_redo"]
            send(w, type="redo", stamp=w.view["stamp"], seat=None)
            assert (w.message["kind"] == "info") == offered, w.message
        elif op == "replay" and g.moves:
            send(w, type="replay", index=arg % len(g.moves))
        elif op == "live":
            send(w, type="replay", index=-1)
        elif op in ("from", "try") and w.replay_index != -1:
            k = w.replay_index
            msg = {"type": "play_from", "index": k, "stamp": w.view["stamp"], "seat": None}
            if op == "try":
                legal = g.position_at(k).legal_actions()
                msg["action"] = str(legal[arg % len(legal)])
            send(w, **msg)
            assert w.message["kind"] == "info" and w.replay_index == -1, w.message
        elif op == "back":
            said = w.view["played_moves"]
            send(w, type="back_to_game", stamp=w.view["stamp"], seat=None)
            assert (w.message["kind"] == "info") == (said is not None), w.message
            assert said is None or len(w.game.moves) == said
        w.game.check()
        assert saved(path).to_json() == w.game.to_json()
        assert w.view["live_moves"] == len(w.game.moves)
    w.close()


@pytest.mark.parametrize("seed", range(8))
def test_redo_after_play_from_here_offers_only_what_it_plays(seed):
    """Play from here shuffles what nobody has seen afresh: Redo at the table then plays the
    later moves again as far as the new order allows, and is off where it cannot (it offered
    them all, and refused one part way with a rule of another position)."""
    w = AlhambraWidget(players=3, seed=seed, autoplay=False)
    rng = random.Random(seed)
    for _ in range(40):
        w.game.play(w.game.random_action(rng))
    w.play_from(6)
    redone = 0
    while w.view["can_redo"]:
        send(w, type="redo", stamp=w.view["stamp"], seat=None)
        assert w.message["kind"] == "info", w.message
        redone += 1
    assert redone < 40
    w.game.check()
