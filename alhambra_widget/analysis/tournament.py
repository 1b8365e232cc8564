"""Tournaments between bots: rotated seats, paired seeds, any Executor.

The bots travel to the workers pickled by cloudpickle, which pickles a class
that cannot be imported by name (one defined in a notebook cell, in
``__main__`` or inside a function) by value. So a bot defined in a notebook
plays in any pool -- the default one (loky's reusable process pool), a
``ProcessPoolExecutor`` under the spawn or forkserver start method (the
default from Python 3.14), a dask cluster -- and the worker only needs to
import this module.
"""

from __future__ import annotations

import html
import math
import multiprocessing
import os
import pickle
import time
from collections import namedtuple
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed

from ..bots.base import check_bots, play_game, unique_labels
from ..engine.errors import _shown, add_note
from ..i18n import t, tn
from ._frame import TitledTables, progress_bar, require_pandas, table
from .stats import wilson

try:
    import cloudpickle as _cloudpickle
except ImportError:  # pragma: no cover - cloudpickle comes with loky, dask and the analysis extra
    _cloudpickle = None

__all__ = ["tournament", "TournamentResult", "play_one", "default_executor"]

#: seconds an idle worker of the default pool waits for the next tournament before it exits
IDLE_TIMEOUT = 120

class TournamentResult(TitledTables, namedtuple("TournamentResult", ["games", "summary"])):
    """``games``: one row per game; ``summary``: one row per player entry. A
    notebook shows the summary under a heading, the games folded under it;
    ``print`` shows both as text."""

    __slots__ = ()

    def _title(self) -> str:
        return tn("tournament.title", len(self.games))

    def _tables(self) -> tuple:
        return self.summary, self.games

    def _repr_html_(self) -> str:
        return (f"<div><h4>{html.escape(self._title())}</h4>{self.summary.to_html()}"
                f"<details><summary>{html.escape(t('tournament.games'))}</summary>"
                f"{self.games.to_html(max_rows=60)}</details></div>")


def labels_of(players) -> list:
    """Unique labels for the entries: a bot's label where no other entry has
    it, else numbered (``Greedy 1``, ``Greedy 2``, ...; see :func:`unique_labels`)."""
    return unique_labels([getattr(p, "label", None) or type(p).__name__ for p in players])


def _bot_seed(game_seed: int, rotation: int, entry: int) -> int:
    return (game_seed * 1_000_003 + rotation * 101 + entry) & ((1 << 63) - 1)


def play_one(spec: tuple) -> dict:
    """Play one tournament game (runs in a worker). ``spec`` is
    ``(index, seed, rotation, players, labels)``: seat ``s`` is taken by entry
    ``(s + rotation) % n``, and every bot gets a seed of its own from the game's."""
    index, seed, rotation, players, labels = spec
    n = len(players)
    entry_at = [(s + rotation) % n for s in range(n)]
    bots = [players[e].spawn(_bot_seed(seed, rotation, e)) for e in entry_at]
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        g = play_game(bots, seed=seed, names=[labels[e] for e in entry_at], record=False)
    except Exception as e:
        add_note(e, f"(in game {index} of the tournament: seed {seed}, seats rotated by {rotation}, "
                    f"seats {[labels[x] for x in entry_at]})")
        raise
    seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
    seat_of = [entry_at.index(e) for e in range(n)]
    winners = g.winners
    scores = [g.scores[seat_of[e]] for e in range(n)]
    return {
        "game": index, "seed": seed, "rotation": rotation,
        "seats": seat_of,
        "scores": scores,
        "wins": [1.0 / len(winners) if seat_of[e] in winners else 0.0 for e in range(n)],
        "rounds": [r["scores"] for r in g.rounds],
        "turns": g.turn,
        "seconds": seconds,
        "cpu_seconds": cpu,
    }


def play_pickled(index: int, seed: int, rotation: int, players: bytes, labels: list) -> dict:
    """:func:`play_one` with the players as bytes from :func:`dumps` (runs in a worker)."""
    return play_one((index, seed, rotation, pickle.loads(players), labels))


def dumps(players) -> bytes:
    """The players pickled so that any worker can load them: by value where
    their classes cannot be imported by name (cloudpickle), else by reference."""
    if _cloudpickle is not None:
        return _cloudpickle.dumps(players)
    return pickle.dumps(players)  # pragma: no cover


def _check_workers(workers):
    """``workers`` if it is a number of processes (or None: one a core), else ValueError
    (0 took every core without a word, -1 failed in the pool's words)."""
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers is how many processes play, 1 or more (None: one a core), not {_shown(workers)}")
    return workers


def default_executor(workers: int | None = None) -> Executor:
    """The pool ``tournament`` uses by default: loky's reusable process pool
    of ``workers`` processes (every core by default), kept for the next
    tournament while it comes within ``IDLE_TIMEOUT`` seconds. Its workers
    start fresh interpreters (they never fork a notebook's kernel) and never
    import ``__main__``. Without loky: a ``ProcessPoolExecutor`` whose workers
    start by forkserver (spawn where there is none), never by fork: forking
    a kernel that runs threads is unsafe (from Python 3.12 a warning)."""
    n = _check_workers(workers) or os.cpu_count() or 1
    try:
        import loky
    except ImportError:   # (loky comes with the analysis extra)
        methods = multiprocessing.get_all_start_methods()
        context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
        return ProcessPoolExecutor(max_workers=n, mp_context=context)
    return loky.get_reusable_executor(max_workers=n, timeout=IDLE_TIMEOUT)


def tournament(players, games: int = 1000, seed: int = 0, executor: Executor | None = None,
               progress: bool = True, workers: int | None = None) -> TournamentResult:
    """Play ``games`` games between ``players`` (one bot per seat, 2-6) and
    return ``(games, summary)`` tables.

    Seats rotate and seeds are paired: seed ``seed + k`` is played once with
    every rotation of the seats (entry ``e`` sits in seat ``(e - r) % n`` in
    rotation ``r``), so ``games`` is rounded up to a multiple of the number of
    players, and every entry meets the same deals from every seat. Bots are
    re-seeded per game (:meth:`Bot.spawn`), so the results do not depend on
    how the games are spread over processes.

    Games run through any :class:`concurrent.futures.Executor`: by default a
    local process pool of ``workers`` processes (``workers`` defaults to every
    core; ``workers=1`` plays in this process; see :func:`default_executor`).
    A dask.distributed cluster takes the same call:
    ``tournament(players, executor=client.get_executor())``. Bots defined in
    a notebook cell or in ``__main__`` work in every pool, under any start
    method: they are sent pickled by value. ``progress`` shows a tqdm
    progress bar.

    ``games`` has one row per game: ``game``, ``seed``, ``rotation``, ``turns``,
    ``seconds`` (wall) and ``cpu_seconds`` (of the process that played it), and per entry ``<label> seat``, ``<label> score`` and
    ``<label> win`` (1, 0 or a share of a tied victory). ``summary`` has one
    row per entry: ``games``, ``wins``, ``win_rate`` with its 95% Wilson
    interval ``ci_low``/``ci_high``, ``mean_score`` and ``mean_margin`` (score
    minus the best other score). Both are pandas DataFrames
    (``pip install 'alhambra-widget[analysis]'``).

    >>> from alhambra_widget.bots import Greedy, Random
    >>> games, summary = tournament([Greedy(), Random()], games=2, workers=1, progress=False)
    >>> len(games)
    2
    """
    require_pandas()  # before the games, not after them
    players = check_bots(players, "players", needs=("choose", "spawn"))   # (re-seeded per game)
    n = len(players)
    if not 2 <= n <= 6:
        raise ValueError(f"Alhambra is played by 2 to 6 players, not {n}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"games is a whole number from 1, not {_shown(games)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed is a whole number (the first game's; game k plays seed + k), not {_shown(seed)}")
    _check_workers(workers)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise TypeError(f"executor is a concurrent.futures.Executor (anything with submit(), such as "
                        f"client.get_executor() of dask.distributed), not {type(executor).__name__}")
    labels = labels_of(players)
    n_seeds = math.ceil(games / n)
    specs = [(k * n + r, seed + k, r, players, labels) for k in range(n_seeds) for r in range(n)]
    bar = progress_bar(len(specs), progress, t("tournament.progress"), "game")
    results = []
    try:
        if executor is None and workers == 1:
            for spec in specs:
                results.append(play_one(spec))
                bar.update(1)
        else:
            pool = default_executor(workers) if executor is None else executor
            try:
                _collect(pool, specs, results, bar)
            finally:
                if executor is None and isinstance(pool, ProcessPoolExecutor):
                    pool.shutdown()   # (without loky)
    finally:
        bar.close()
    results.sort(key=lambda r: r["game"])
    return TournamentResult(_games_table(results, labels), _summary(results, labels))


def _collect(executor, specs, results, bar):
    blob = dumps(specs[0][3]) if specs else b""
    futures = [executor.submit(play_pickled, index, seed, rotation, blob, labels)
               for index, seed, rotation, _, labels in specs]
    try:
        for f in as_completed(futures):
            results.append(f.result())
            bar.update(1)
    except BaseException:
        for f in futures:
            f.cancel()
        raise



def _games_table(results, labels):
    rows = []
    for r in results:
        row = {"game": r["game"], "seed": r["seed"], "rotation": r["rotation"],
               "turns": r["turns"], "seconds": r["seconds"], "cpu_seconds": r["cpu_seconds"]}
        for e, lab in enumerate(labels):
            row[f"{lab} seat"] = r["seats"][e]
            row[f"{lab} score"] = r["scores"][e]
            row[f"{lab} win"] = r["wins"][e]
        rows.append(row)
    return table(rows, index="game")


def summarize(results, labels) -> list:
    """One dict per entry (see :func:`tournament`), from play_one() results."""
    out = []
    games = len(results)
    for e, lab in enumerate(labels):
        wins = sum(r["wins"][e] for r in results)
        lo, hi = wilson(wins, games)
        margins = [r["scores"][e] - max(s for k, s in enumerate(r["scores"]) if k != e) for r in results]
        out.append({
            "player": lab, "games": games, "wins": wins,
            "win_rate": wins / games if games else float("nan"), "ci_low": lo, "ci_high": hi,
            "mean_score": sum(r["scores"][e] for r in results) / games if games else float("nan"),
            "mean_margin": sum(margins) / games if games else float("nan"),
        })
    return out


def _summary(results, labels):
    return table(summarize(results, labels), index="player")
