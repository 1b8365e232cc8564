"""Tournaments with bots that live where users define them -- this test module, a
function, a script's ``__main__`` (as in a notebook cell) -- in pools that start
fresh interpreters (spawn, forkserver, loky) and on a dask.distributed cluster."""

from __future__ import annotations

import json
import multiprocessing
import subprocess
import sys
import textwrap
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
