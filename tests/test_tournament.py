"""Tournaments with bots that live where users define them -- this test module, a
function, a script's ``__main__`` (as in a notebook cell) -- in pools that start
fresh interpreters (spawn, forkserver, loky) and on a dask.distributed cluster."""

from __future__ import annotations

import json
import re
import multiprocessing
import subprocess
import sys
import textwrap
import warnings
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from alhambra_widget.analysis import tournament
from alhambra_widget.bots import Random
from alhambra_widget.bots.base import Bot

ROOT = Path(__file__).absolute().parents[1]


class Thrifty(Bot):
    """A bot of this test module: places and buys what it can, else takes the most money."""

    def choose(self, game, seat=None):
        acts = game.legal_actions()
        for kind in ("place", "buy"):
            mine = [a for a in acts if a.kind == kind]
            if mine:
                return mine[0]
        takes = [a for a in acts if a.kind == "take"]
        if takes:
            return max(takes, key=lambda a: a.total)
        return acts[int(self.rng.random() * len(acts))]


def scores(games):
    return {c: list(games[c]) for c in games.columns if c.endswith(" score") or c.endswith(" win")}


@pytest.fixture(scope="module")
def serial():
    games, summary = tournament([Thrifty(), Random()], games=4, seed=21, workers=1, progress=False)
    return scores(games)


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_a_bot_of_this_module_in_a_spawn_or_forkserver_pool(method, serial):
    if method not in multiprocessing.get_all_start_methods():  # pragma: no cover - Windows
        pytest.skip(f"no {method} start method here")

    class Local(Thrifty):   # defined in a function: not importable by name anywhere
        name = "Local"

    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context(method)) as pool:
        games, summary = tournament([Thrifty(), Random()], games=4, seed=21, executor=pool, progress=False)
        assert scores(games) == serial
        games, summary = tournament([Local(), Random()], games=4, seed=21, executor=pool, progress=False)
    assert list(summary.index) == ["Local", "Random"]
    assert list(games["Local score"]) == serial["Thrifty score"]


def test_the_default_pool_takes_a_function_s_bot(serial):
    class Local(Thrifty):
        name = "Local"

    games, summary = tournament([Local(), Random()], games=4, seed=21, workers=2, progress=False)
    assert list(games["Local score"]) == serial["Thrifty score"]
    assert summary.loc["Local", "games"] == 4


def test_without_loky_the_default_pool_never_forks_and_plays_the_same_games(serial, monkeypatch):
    # a kernel runs threads: a pool that forked it could deadlock (and warns from Python 3.12)
    from alhambra_widget.analysis.tournament import default_executor

    monkeypatch.setitem(sys.modules, "loky", None)   # (import loky: ImportError)
    pool = default_executor(2)
    try:
        assert isinstance(pool, ProcessPoolExecutor)
        assert pool._mp_context.get_start_method() in ("forkserver", "spawn")
    finally:
        pool.shutdown()

    class Local(Thrifty):
        name = "Local"

    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)   # (fork in a process with threads)
        games, summary = tournament([Local(), Random()], games=4, seed=21, workers=2, progress=False)
    assert list(games["Local score"]) == serial["Thrifty score"]
    assert summary.loc["Local", "games"] == 4


SCRIPT = textwrap.dedent('''
    import json, multiprocessing, sys
    from concurrent.futures import ProcessPoolExecutor
    from alhambra_widget.analysis import tournament
    from alhambra_widget.bots import Random
    from alhambra_widget.bots.base import Bot

    class CellBot(Bot):          # lives in __main__, as a notebook cell's class does
        def choose(self, game, seat=None):
            acts = game.legal_actions()
            for kind in ("place", "buy"):
                mine = [a for a in acts if a.kind == kind]
                if mine:
                    return mine[0]
            takes = [a for a in acts if a.kind == "take"]
            if takes:
                return max(takes, key=lambda a: a.total)
            return acts[int(self.rng.random() * len(acts))]

    multiprocessing.set_start_method(sys.argv[1])
    players = [CellBot(), Random()]
    out = {}
    games, _ = tournament(players, games=4, seed=21, workers=1, progress=False)
    out["serial"] = list(games["CellBot score"])
    games, _ = tournament(players, games=4, seed=21, workers=2, progress=False)
    out["default"] = list(games["CellBot score"])
    with ProcessPoolExecutor(2) as pool:     # the start method set above
        games, _ = tournament(players, games=4, seed=21, executor=pool, progress=False)
    out["pool"] = list(games["CellBot score"])
    print(json.dumps(out))
''')


@pytest.mark.parametrize("method", ["forkserver"])
def test_a_bot_defined_in_main_without_a_file(method, serial):
    """``python -c``: ``__main__`` has no file a worker could import, as in a notebook."""
    if method not in multiprocessing.get_all_start_methods():  # pragma: no cover
        pytest.skip(f"no {method} start method here")
    run = subprocess.run([sys.executable, "-c", SCRIPT, method], capture_output=True, text=True, timeout=300,
                         cwd=str(ROOT))
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["serial"] == out["default"] == out["pool"] == serial["Thrifty score"]


def test_a_small_tournament_on_a_dask_cluster(serial):
    import distributed
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster, distributed.Client(cluster) as client:
        client.wait_for_workers(2, timeout=120)
        with distributed.get_task_stream(client) as stream:
            games, summary = tournament([Thrifty(), Random()], games=4, seed=21, executor=client.get_executor(),
                                        progress=False)
        # the games were played by the cluster's workers (the scheduler's record of the tasks run;
        # counting the workers afterwards could find none on a loaded machine, their heartbeats late)
        played = [t for t in stream.data if "play_pickled" in t["key"]]
        assert len(played) == 4 and all(t["worker"].startswith("tcp://") for t in played), stream.data
    assert scores(games) == serial
    assert summary.wins.sum() == pytest.approx(4)


class WrongLate(Bot):
    """Plays legal moves, then at turn 4 a move that cannot be read."""

    def choose(self, game, seat=None):
        return "garbage" if game.turn >= 4 else game.legal_actions()[0]


needs_notes = pytest.mark.skipif(sys.version_info < (3, 11), reason="exception notes are Python 3.11+")


@needs_notes
@pytest.mark.parametrize("workers", [1, 2])
def test_a_bots_illegal_move_in_a_tournament_names_the_bot_and_the_game(workers):
    """The error is the engine's own (IllegalMove, its rule), with notes saying which bot chose
    it, for which seat, and in which game of the tournament: also from a worker process."""
    from alhambra_widget import IllegalMove

    with pytest.raises(IllegalMove) as got:
        tournament([Random(), WrongLate()], games=2, seed=5, workers=workers, progress=False)
    assert got.value.rule == "T"
    notes = got.value.__notes__
    assert any(re.match(r"\(chosen by WrongLate\(seed=\d+\) for seat \d, WrongLate, at turn [45]\)", n) for n in notes), notes
    assert any("of the tournament: seed 5, seats rotated by" in n for n in notes), notes


@needs_notes
def test_a_bots_own_error_in_play_game_names_the_bot():
    from alhambra_widget.bots.base import play_game

    class Crashing(Bot):
        def choose(self, game, seat=None):
            raise ZeroDivisionError("no moves left in me")

    with pytest.raises(ZeroDivisionError) as got:
        play_game([Random(), Crashing()], seed=3)
    assert any("raised by Crashing" in n and "seat 1" in n for n in got.value.__notes__)


def test_a_tournament_shows_its_summary_under_a_heading_in_a_notebook():
    import pickle
    from alhambra_widget.i18n import use_language
    result = tournament([Random(seed=1), Random(seed=2)], games=2, workers=1, progress=False)
    games, summary = result   # (still the pair it was)
    html = result._repr_html_()
    assert html.startswith("<div><h4>Tournament: 2 games</h4>")
    assert html.index(summary.to_html()[:60]) < html.index("<details><summary>Game by game</summary>")
    assert str(result).startswith("Tournament: 2 games\n\n" + str(summary))
    with use_language("de"):
        assert "<h4>Turnier: 2 Spiele</h4>" in result._repr_html_()
    assert pickle.loads(pickle.dumps(result)).summary.equals(summary)
