"""How fast is the rules engine? A benchmark script, not a test.

    .venv/bin/python benchmarks/bench_engine.py [--games N] [--repeats R] [--quick]

Measures, on one core, for 2, 4 and 6 players:

* random full games per second (and actions per game): the random player picks
  an action kind uniformly from ``g.legal_kinds()``, then an action uniformly
  of that kind, and plays it with ``g.play(a, record=False)``. Measured twice:
  with ``g.random_action(rng)`` (the engine's playout move: only the chosen
  action is built) and with ``rng.choice(g.legal_actions(rng.choice(g.legal_kinds())))``
  (every action of the kind is built first);
* ``g.legal_actions()`` calls per second in mid-game positions: "cold" rebuilds
  the per-Alhambra caches of legal spots first (as after a move), "warm" asks
  the same position again;
* ``g.copy()`` clones per second in mid-game positions.

Mid-game positions are the positions halfway through random games (played with
history recorded, as a user's game would be). Seeds are fixed, so every run
plays the same games; each figure is the median of several timed repeats.
Prints a markdown table to paste into the README.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from a checkout, too

from alhambra_widget import Game  # noqa: E402

PLAYERS = (2, 4, 6)
SEED = 20240601  # base seed; game i with n players uses SEED + 1000 * n + i


def listed_action(g: Game, rng: random.Random):
    kind = rng.choice(g.legal_kinds())
    return rng.choice(g.legal_actions(kind))


def playout_action(g: Game, rng: random.Random):
    return g.random_action(rng)


def random_game(n: int, seed: int, stop_at: int | None = None, record: bool = False,
                chooser=playout_action):
    """Play a random game (to the end, or ``stop_at`` actions); return (game, actions)."""
    g = Game(n, seed=seed)
    rng = random.Random(seed)
    k = 0
    while not g.is_over and (stop_at is None or k < stop_at):
        g.play(chooser(g, rng), record=record)
        k += 1
    return g, k


def seeds(n: int, count: int) -> list:
    return [SEED + 1000 * n + i for i in range(count)]


def median_rate(fn, work: int, repeats: int) -> float:
    """Median of ``work / seconds`` over ``repeats`` timed calls of ``fn``."""
    rates = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        dt = time.perf_counter() - t0
        rates.append(work / dt)
    return statistics.median(rates)


def bench_games(n: int, games: int, repeats: int, chooser=playout_action) -> tuple:
    ss = seeds(n, games)
    lengths = [random_game(n, s, chooser=chooser)[1] for s in ss]  # warm-up, and the game lengths

    def run():
        for s in ss:
            random_game(n, s, chooser=chooser)

    return median_rate(run, games, repeats), statistics.mean(lengths)


def mid_game_positions(n: int, count: int) -> list:
    out = []
    for s in seeds(n, count):
        length = random_game(n, s)[1]
        g, _ = random_game(n, s, stop_at=length // 2, record=True)
        out.append(g)
    return out


def bench_calls(positions: list, method: str, min_calls: int, repeats: int) -> float:
    loops = max(1, min_calls // len(positions))
    calls = [getattr(g, method) for g in positions]

    def run():
        for _ in range(loops):
            for f in calls:
                f()

    run()  # warm-up
    return median_rate(run, loops * len(calls), repeats)


def bench_cold_legal(positions: list, min_calls: int, repeats: int) -> float:
    """legal_actions() right after the Alhambras changed: their caches rebuilt."""
    loops = max(1, min_calls // len(positions))
    alhambras = [[p.alhambra for p in g.players] for g in positions]

    def run():
        for _ in range(loops):
            for g, als in zip(positions, alhambras):
                for a in als:
                    a._changed()
                g.legal_actions()

    run()
    return median_rate(run, loops * len(positions), repeats)


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def pin_to_one_core() -> str:
    if hasattr(os, "sched_setaffinity"):
        try:
            cpu = min(os.sched_getaffinity(0))
            os.sched_setaffinity(0, {cpu})
            return f"pinned to CPU {cpu}"
        except OSError:
            pass
    return "single process (not pinned)"


def fmt(x: float) -> str:
    return f"{x:,.0f}" if x >= 100 else f"{x:,.1f}"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, help="random games per repeat and player count (default 20; quick 4)")
    ap.add_argument("--repeats", type=int, help="timed repeats per figure, median reported (default 5; quick 3)")
    ap.add_argument("--positions", type=int, help="mid-game positions per player count (default 20; quick 6)")
    ap.add_argument("--quick", action="store_true", help="small numbers: a rough figure in a few seconds")
    a = ap.parse_args(argv)
    games = a.games or (4 if a.quick else 20)
    repeats = a.repeats or (3 if a.quick else 5)
    npos = a.positions or (6 if a.quick else 20)
    min_calls = 300 if a.quick else 3000

    pinned = pin_to_one_core()
    rows = {k: [] for k in ("games", "games_listed", "actions", "legal_cold", "legal", "nlegal", "copy")}
    t_start = time.perf_counter()
    for n in PLAYERS:
        print(f"{n} players ...", file=sys.stderr, flush=True)
        gps, apg = bench_games(n, games, repeats)
        rows["games_listed"].append(bench_games(n, games, repeats, chooser=listed_action)[0])
        pos = mid_game_positions(n, npos)
        rows["games"].append(gps)
        rows["actions"].append(apg)
        rows["legal_cold"].append(bench_cold_legal(pos, min_calls, repeats))
        rows["legal"].append(bench_calls(pos, "legal_actions", min_calls, repeats))
        rows["nlegal"].append(statistics.mean(len(g.legal_actions()) for g in pos))
        rows["copy"].append(bench_calls(pos, "copy", min_calls * 4, repeats))
    elapsed = time.perf_counter() - t_start

    print(f"Engine benchmark: Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{cpu_model()}, {pinned}")
    print(f"{games} random games x {repeats} repeats per player count, {npos} mid-game positions; "
          f"medians; seeds fixed; {elapsed:.1f} s in all")
    print()
    head = ["", *(f"{n} players" for n in PLAYERS)]
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join(["---"] + ["---:"] * len(PLAYERS)) + "|")
    labels = [
        ("games", "random full games / s (`random_action`)"),
        ("games_listed", "random full games / s (`legal_actions(kind)`)"),
        ("actions", "actions per game"),
        ("legal_cold", "`legal_actions()` / s, mid-game, after a change"),
        ("legal", "`legal_actions()` / s, mid-game, asked again"),
        ("nlegal", "legal actions per position (mid-game)"),
        ("copy", "`copy()` / s (mid-game)"),
    ]
    for key, label in labels:
        print("| " + " | ".join([label, *(fmt(v) for v in rows[key])]) + " |")


if __name__ == "__main__":
    main()
